import type { Operation } from "../../model/operation.js";

/** Path parameters, in path order. Their shapes come from the handler's types once those are read. */
export function pathParameters(op: Operation): Record<string, unknown>[] {
  return op.pathParams.map((name) => ({
    name,
    in: "path",
    required: true,
    description: `The ${name.replace(/_/g, " ")}.`,
    schema: { type: "string" },
  }));
}
