import type { DiagnosticBag } from "../diagnostics/diagnostic.js";
import type { Operation } from "./operation.js";

/**
 * The same method and path registered twice is valid code: the framework runs the first registration that
 * matches (Express, Koa, Hono and Fastify's order of registration; a NestJS app's module order). The first
 * one is the operation; each later one is left out with a warning that points at both.
 */
export function dropShadowed(operations: Operation[], diagnostics: DiagnosticBag): Operation[] {
  const byRoute = new Map<string, Operation>();
  let shadowed = false;
  for (const op of operations) {
    const key = `${op.method} ${op.path}`;
    const first = byRoute.get(key);
    if (!first) {
      byRoute.set(key, op);
      continue;
    }
    shadowed = true;
    diagnostics.add({
      severity: "warning",
      code: "APX403",
      message: `${key} is registered twice; the framework runs the first registration, so this one is left out.`,
      site: op.site,
      related: [{ message: "first registered here (the indexed one)", site: first.site }],
      hint: "Remove one of the registrations or give them different paths.",
    });
  }
  if (!shadowed) return operations;
  const kept = new Set(byRoute.values());
  return operations.filter((op) => kept.has(op));
}
