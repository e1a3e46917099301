import type { Operation } from "../../model/operation.js";

/** Path parameters in path order, then query parameters in declaration order. */
export function parameters(op: Operation): Record<string, unknown>[] {
  const path = op.pathParams.map((name) => ({
    name,
    in: "path",
    required: true,
    description: `The ${name.replace(/_/g, " ")}.`,
    schema: op.shapes?.pathParams[name] ?? { type: "string" },
  }));
  const query = (op.shapes?.query ?? []).map((q) => {
    const { description, ...schema } = q.schema as { description?: string };
    return { name: q.name, in: "query", required: q.required, ...(description ? { description } : {}), schema };
  });
  return [...path, ...query];
}
