import type { OperationObject } from "openapi3-ts/oas31";
import type { Operation } from "../../model/operation.js";
import { parameters as operationParameters } from "./parameters.js";
import { requestBody } from "./request-body.js";
import { responses } from "./responses.js";

/** One OpenAPI operation object, keys in a fixed order. */
export function operationObject(op: Operation): OperationObject {
  const parameters = operationParameters(op);
  const body = requestBody(op);
  return {
    operationId: op.operationId,
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    ...(op.tags.length ? { tags: op.tags } : {}),
    ...(op.deprecated ? { deprecated: true } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: responses(op),
    ...(op.scope ? { "x-service-scope": op.scope } : {}),
    "x-service-permissions": op.permissions,
    ...(op.anyOf?.length ? { "x-service-permissions-any-of": op.anyOf } : {}),
    ...(op.unresolved?.length ? { "x-service-unresolved": op.unresolved } : {}),
    "x-service-destructive": op.destructive,
  };
}
