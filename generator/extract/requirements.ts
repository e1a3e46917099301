import { byCodePoint } from "../write/canonical-json.js";
import type { RouteFact } from "./route-fact.js";
import type { RouteCheck } from "./router-graph.js";

/** What a route needs to pass its checks: every key of `permissions`, one key of each `anyOf` group. */
export interface Requirements {
  permissions: string[];
  /** Groups of alternatives, each of two keys or more, sorted; a group a required key satisfies is dropped. */
  anyOf?: string[][];
  /** Some check's keys could not be read statically: the lists above are what could be. */
  unresolved?: boolean;
}

/** Whether any check is more than a list of required keys (most are not: the fast paths skip this module). */
export function hasAlternativesOrUnknowns(checks: readonly RouteCheck[]): boolean {
  for (const c of checks) if (c.any || c.unresolved) return true;
  return false;
}

/**
 * The requirements of a route that passes all of `checks`: required keys merged, any-of groups normalized
 * (a one-key group is a required key; a group that contains a required key is satisfied by it; equal groups
 * once), so the same checks written in another order give the same facts.
 */
export function requirementsOf(checks: readonly RouteCheck[]): Requirements {
  const required = new Set<string>();
  const groups: string[][] = [];
  let unresolved = false;
  for (const check of checks) {
    if (check.unresolved) unresolved = true;
    // A check to be read per route that no route read (a router's middleware, where Express sets no
    // `req.route`; a framework that is not Express): why it is unresolved is said now.
    check.routeBound?.sayUnread();
    if (!check.any) {
      for (const key of check.keys) required.add(key);
      continue;
    }
    const group = [...new Set(check.keys)].sort(byCodePoint);
    if (group.length === 1) required.add(group[0]!);
    else if (group.length > 1) groups.push(group);
  }
  const seen = new Set<string>();
  const anyOf: string[][] = [];
  for (const group of groups) {
    if (group.some((key) => required.has(key))) continue;
    const id = group.join("\u0000");
    if (seen.has(id)) continue;
    seen.add(id);
    anyOf.push(group);
  }
  anyOf.sort((a, b) => byCodePoint(a.join("\u0000"), b.join("\u0000")));
  return { permissions: [...required].sort(byCodePoint), ...(anyOf.length ? { anyOf } : {}), ...(unresolved ? { unresolved } : {}) };
}

/** Sets a fact's any-of groups and unresolved mark (only when there are any: the artifacts omit empty ones). */
export function markFact(fact: RouteFact, requirements: Requirements): RouteFact {
  if (requirements.anyOf) fact.anyOf = requirements.anyOf;
  if (requirements.unresolved) fact.unresolved = [...new Set([...(fact.unresolved ?? []), "permissions"])].sort();
  return fact;
}

/** The checks a fact's requirements stand for, to merge two facts' requirements (`dedupe`). */
export function checksOfFact(fact: Pick<RouteFact, "permissions" | "anyOf" | "unresolved">): RouteCheck[] {
  return [
    { keys: fact.permissions, ...(fact.unresolved?.includes("permissions") ? { unresolved: true } : {}) },
    ...(fact.anyOf ?? []).map((keys) => ({ keys, any: true })),
  ];
}
