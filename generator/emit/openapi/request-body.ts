import type { RequestBodyObject, SchemaObject } from "openapi3-ts/oas31";
import type { Operation } from "../../model/operation.js";

/** The JSON request body, with the worked request examples. */
export function requestBody(op: Operation): RequestBodyObject | undefined {
  const schema = op.shapes?.body as SchemaObject | undefined;
  if (!schema) return undefined;
  const examples = op.examples.filter((e) => e.kind === "request");
  return {
    required: true,
    content: {
      [op.shapes?.bodyMediaType ?? "application/json"]: {
        schema,
        ...(examples.length ? { examples: Object.fromEntries(examples.map((e, i) => [`example${i + 1}`, { value: e.value }])) } : {}),
      },
    },
  };
}
