import type { ParameterObject, SchemaObject } from "openapi3-ts/oas31";
import type { Operation } from "../../model/operation.js";

/** Path parameters in path order, then query parameters in declaration order. */
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
  return [...path, ...query];
}
