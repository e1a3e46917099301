import type { DiagnosticBag } from "../diagnostics/diagnostic.js";
import type { Operation } from "./operation.js";
import { templateShape } from "./path-shape.js";

/**
 * OpenAPI holds `/users/{id}` and `/users/{name}` as one path template, so one document cannot describe a GET at
 * each. Routes whose parameters have patterns (`/users/:id(\\d+)` before `/users/:name`) do answer different
 * requests, and both stay in the index; the document describes the first registered and leaves the other out
 * with a warning, rather than let one overwrite the other. (Routes of plain parameters at one shape were settled
 * before: the first one answers, model/shadowed.ts.)
 */
export function leaveOutTemplateClashes(operations: readonly Operation[], diagnostics: DiagnosticBag): void {
  const described = new Map<string, Operation>();
  for (const op of operations) {
    if (!op.documented || op.closed || op.unresolved?.includes("path")) continue;
    const key = `${op.method} ${templateShape(op.path)}`;
    const first = described.get(key);
    if (!first) {
      described.set(key, op);
      continue;
    }
    op.documented = false;
    diagnostics.add({
      severity: "warning",
      code: "APX413",
      message: `${op.method} ${op.path} and ${first.method} ${first.path} differ only in parameter names, which OpenAPI holds as one path template: the document describes the one registered first, and this one stays in the index only.`,
      site: op.site,
      related: [{ message: "registered first here (the one the document describes)", site: first.site }],
      hint: "Give the two routes paths that differ in a literal segment, or mark one @undocumented.",
    });
  }
}
