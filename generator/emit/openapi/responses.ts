import type { ResponseObject, ResponsesObject, SchemaObject } from "openapi3-ts/oas31";
import type { Operation } from "../../model/operation.js";
import { byCodePoint } from "../../write/canonical-json.js";

export const REFUSAL_SCHEMA_NAME = "PermissionRefusal";
export const ERROR_SCHEMA_NAME = "Error";

/**
 * The responses of a documented operation: its success responses with their schemas and worked
 * examples, then 401 and the 403 refusal that names the missing permission key.
 */
export function responses(op: Operation): ResponsesObject {
  const shapes = op.shapes?.responses ?? [{ status: op.effect === "remove" ? "204" : "200" }];
  const statuses = new Map(shapes.map((r) => [r.status, r]));
  for (const e of op.examples) if (e.kind === "response" && !statuses.has(e.status!)) statuses.set(e.status!, { status: e.status! });
  // Statuses the framework's docs describe (404, 409, ...) are responses too; 401 and 403 are apidex's own.
  for (const status of Object.keys(op.responseDescriptions ?? {}))
    if (status !== "401" && status !== "403" && !statuses.has(status)) statuses.set(status, { status });
  const out: Record<string, ResponseObject> = {};
  for (const status of [...statuses.keys()].sort(byCodePoint)) {
    const shape = statuses.get(status)!;
    const examples = op.examples.filter((e) => e.kind === "response" && e.status === status);
    const media = shape.mediaType ?? "application/json";
    const content =
      shape.schema || shape.mediaType || examples.length
        ? {
            [media]: {
              ...(shape.schema
                ? { schema: shape.schema as SchemaObject }
                : shape.mediaType
                  ? { schema: { type: "string" as const, ...(/pdf|octet/.test(media) ? { format: "binary" } : {}) } }
                  : {}),
              ...(examples.length ? { examples: Object.fromEntries(examples.map((e, i) => [`example${i + 1}`, { value: e.value }])) } : {}),
            },
          }
        : undefined;
    out[status] = { description: op.responseDescriptions?.[status] ?? describeStatus(status), ...(content ? { content } : {}) };
  }
  out["401"] = {
    description: "The request has no valid API key.",
    content: { "application/json": { schema: { $ref: `#/components/schemas/${ERROR_SCHEMA_NAME}` } } },
  };
  const [first] = op.permissions;
  const groups = (op.anyOf ?? []).map((g) => `any one of ${g.join(", ")}`);
  const needs = [...(op.permissions.length ? [op.permissions.join(", ")] : []), ...groups].join("; and ");
  out["403"] = {
    description: needs
      ? `The key lacks a permission this operation checks (${needs}); the body names the missing key.`
      : "The key may not call this operation.",
    content: {
      "application/json": {
        schema: { $ref: `#/components/schemas/${REFUSAL_SCHEMA_NAME}` },
        ...(first
          ? {
              example: {
                error: "missing_permission",
                permission: first,
                message: `This key lacks the permission ${first}. Add it to the key to call this operation.`,
              },
            }
          : {}),
      },
    },
  };
  return out;
}

function describeStatus(status: string): string {
  const known: Record<string, string> = {
    "200": "Success.",
    "201": "Created.",
    "202": "Accepted.",
    "204": "Done; no content.",
    "400": "The request is not valid.",
    "404": "Not found.",
    "409": "Conflict with the current state.",
    "422": "The request cannot be processed.",
  };
  return known[status] ?? `Status ${status}.`;
}

/** The schemas every document carries: the refusal body (SPEC section 7) and the generic error. */
export function refusalSchemas(): Record<string, SchemaObject> {
  return {
    [ERROR_SCHEMA_NAME]: {
      type: "object",
      required: ["error", "message"],
      properties: {
        error: { type: "string", description: "A machine-readable error code." },
        message: { type: "string", description: "What went wrong, for people." },
      },
    },
    [REFUSAL_SCHEMA_NAME]: {
      type: "object",
      description: "Returned with 403 when the key lacks a permission the operation checks.",
      required: ["error", "permission", "message"],
      properties: {
        error: { type: "string", const: "missing_permission" },
        permission: { type: "string", description: "The exact permission key to add to the API key." },
        message: { type: "string" },
      },
    },
  };
}
