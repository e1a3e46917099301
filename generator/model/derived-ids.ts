import { createHash } from "node:crypto";
import type { DiagnosticBag } from "../diagnostics/diagnostic.js";
import type { Operation } from "./operation.js";

/**
 * Derived ids never collide. The derivation (`operation-id.ts`) tells apart what words can — items from
 * collections, uncountable nouns, irregular plurals, versions — but not two paths whose words are the
 * same (`/user` and `/users/{id}`, `/work-orders` and `/work/orders`, `/x` and `/api/x`). Such routes
 * each get a hash suffix of their own method and path, so which suffix a route gets never depends on
 * the other route; a warning names both. Explicit ids (`@operationId`, the config) are never changed:
 * a derived id that meets one is the one that moves (and an id the framework names, `@ApiOperation({
 * operationId })`, keeps its name against ids apidex derived from paths), and two explicit ids that collide stay an error
 * (APX401, in validate).
 */
export function settleDerivedIds(operations: Operation[], diagnostics: DiagnosticBag): void {
  const byId = new Map<string, Operation[]>();
  for (const op of operations) {
    if (op.closed) continue;
    const same = byId.get(op.operationId);
    if (same) same.push(op);
    else byId.set(op.operationId, [op]);
  }
  for (const [id, group] of byId) {
    if (group.length < 2) continue;
    // Who moves: below an explicit id, every other; below the framework's own name for an operation
    // (`@ApiOperation({ operationId })`, an OpenAPI comment's operationId), the ids apidex derived; among
    // ids of one kind, each of them.
    const named = group.filter((op) => op.idSource === "handler");
    const explicit = group.some((op) => op.idSource !== "derived" && op.idSource !== "handler");
    const derived =
      explicit || named.length !== 1
        ? group.filter((op) => op.idSource === "derived" || op.idSource === "handler")
        : group.filter((op) => op.idSource === "derived");
    for (const op of derived) {
      const others = group.filter((o) => o !== op);
      op.operationId = withHash(id, op.method, op.path);
      op.settled = true;
      diagnostics.add({
        severity: "warning",
        code: "APX408",
        message: `${op.method} ${op.path} and ${others.map((o) => `${o.method} ${o.path}`).join(", ")} derive the same operation id \`${id}\`; this one is \`${op.operationId}\`.`,
        site: op.site,
        related: others.map((o) => ({ message: `${o.method} ${o.path}`, site: o.site })),
        hint: "Give the operation a readable id with @operationId, or in the config's operationIds.",
      });
    }
  }
}

/** `base_` + 8 hex digits of the method and path, cut to the 48 characters an id may have. */
export function withHash(base: string, method: string, path: string): string {
  const hash = createHash("sha256").update(`${method.toUpperCase()} ${path}`).digest("hex").slice(0, 8);
  return `${base.slice(0, 48 - 9).replace(/_+$/, "")}_${hash}`;
}
