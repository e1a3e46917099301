import type { ParameterObject, SchemaObject } from "openapi3-ts/oas31";
import type { Operation } from "../../model/operation.js";

/** Path parameters in path order, then query parameters and headers in declaration order. */
export function parameters(op: Operation): ParameterObject[] {
  const path = op.pathParams.map(
    (name): ParameterObject => ({
      name,
      in: "path",
      required: true,
      description: `The ${name.replace(/_/g, " ")}.`,
      schema: (op.shapes?.pathParams[name] as SchemaObject | undefined) ?? { type: "string" },
    }),
  );
  const query = (op.shapes?.query ?? []).map((q): ParameterObject => {
    const { description, ...schema } = q.schema as SchemaObject;
    return { name: q.name, in: "query", required: q.required, ...(description ? { description } : {}), schema };
  });
  const headers = (op.shapes?.headers ?? []).map((h): ParameterObject => {
    const { description, ...schema } = h.schema as SchemaObject;
    return { name: h.name, in: "header", required: h.required, ...(description ? { description } : {}), schema };
  });
  return [...path, ...query, ...headers];
}
