import type { DiagnosticBag } from "../../diagnostics/diagnostic.js";
import type { Operation } from "../../model/operation.js";
import type { SourceSet } from "../../scan/source-set.js";
import { readExpressShapes } from "./operation-shapes.js";
import { type JsonSchema, SchemaBuilder } from "./schema-builder.js";

export type { JsonSchema } from "./schema-builder.js";

/**
 * Reads the request and response shapes of the documented operations, and only those: the type checker
 * is created only when there is one, and asked only about their handlers, so the rest of the program is
 * never type-checked. Returns the named schemas (`components.schemas`).
 */
export function resolveShapes(operations: Operation[], sources: SourceSet, diagnostics: DiagnosticBag): Record<string, JsonSchema> {
  const documented = operations.filter((op) => op.documented && !op.closed);
  if (!documented.length) return {};
  const builder = new SchemaBuilder(sources, diagnostics);
  for (const op of documented) {
    op.shapes = readExpressShapes(op, op.handler, sources, builder, diagnostics);
  }
  return builder.finish();
}
