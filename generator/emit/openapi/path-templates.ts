import type { Operation } from "../../model/operation.js";
import { templateShape } from "../../model/path-shape.js";
import { byCodePoint } from "../../write/canonical-json.js";

/**
 * OpenAPI treats `/sessions/{id}/groups` and `/sessions/{sessionId}/groups` as the same path template,
 * and a document holding both is invalid (Redocly's no-identical-paths). Services write them when two
 * handlers name one segment differently. In the document, every operation of such a group takes the
 * parameter names of the group's first path (in code-point order); the index keeps each route's own.
 */
export function unifyPathTemplates(operations: readonly Operation[]): Operation[] {
  const canonical = new Map<string, string>();
  for (const path of [...new Set(operations.map((op) => op.path))].sort(byCodePoint)) {
    const shape = templateShape(path);
    if (!canonical.has(shape)) canonical.set(shape, path);
  }
  return operations.map((op) => {
    const target = canonical.get(templateShape(op.path))!;
    return target === op.path ? op : renamed(op, target);
  });
}

/** The operation under `path`, its parameters renamed position by position (their schemas kept). */
function renamed(op: Operation, path: string): Operation {
  const names = [...path.matchAll(/\{([^}]*)\}/g)].map((m) => m[1]!);
  const rename = new Map(op.pathParams.map((name, i) => [name, names[i] ?? name]));
  const copy: Operation = { ...op, path, pathParams: op.pathParams.map((name) => rename.get(name)!) };
  if (op.shapes)
    copy.shapes = {
      ...op.shapes,
      pathParams: Object.fromEntries(Object.entries(op.shapes.pathParams).map(([name, schema]) => [rename.get(name) ?? name, schema])),
    };
  return copy;
}
