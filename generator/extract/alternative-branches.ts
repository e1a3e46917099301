/**
 * Registrations of one method and path that come from different branches of one condition apidex cannot read
 * (`if (isEnterprise()) return [EnterpriseOrgController]; return [CommunityOrgController];`, both serving `GET
 * /organizations/me`) never coexist at run time: no registration shadows another (model/shadowed.ts, APX403),
 * and the route is one operation served by alternatives. What it needs is what every alternative needs: the
 * keys all of them require (and the any-of groups all of them have) are its keys; a key only some require is
 * not always checked, so it is left out and the operation marked `unresolved: ["permissions"]` (the keys are a
 * lower bound). Which handler answers is the condition's choice: where the alternatives' handlers differ, the
 * operation keeps only what they share (a doc comment written the same) and is marked `unresolved: ["handler"]`.
 * Alternatives that together cover every branch of their one condition serve the route whichever is taken:
 * its `registration` is then certain.
 */
import type { BranchChoice, RouteFact } from "./route-fact.js";

export function mergeAlternatives(facts: RouteFact[]): RouteFact[] {
  const byRoute = new Map<string, RouteFact[]>();
  for (const fact of facts) {
    if (!fact.branches?.length) continue;
    const key = `${fact.method} ${fact.path}`;
    byRoute.set(key, [...(byRoute.get(key) ?? []), fact]);
  }
  const replaced = new Map<RouteFact, RouteFact | undefined>();
  for (const group of byRoute.values()) {
    if (group.length < 2) continue;
    // Only a group whose registrations exclude one another pairwise: any two that may coexist stay as they are (APX403).
    if (!group.every((a, i) => group.every((b, j) => i === j || exclusive(a.branches!, b.branches!)))) continue;
    // Other registrations of the same method and path (certain ones) still shadow or are shadowed as before.
    const others = facts.filter((f) => f.method === group[0]!.method && f.path === group[0]!.path && !group.includes(f));
    if (others.length) continue;
    replaced.set(group[0]!, merged(group));
    for (const fact of group.slice(1)) replaced.set(fact, undefined);
  }
  if (!replaced.size) return facts;
  return facts.flatMap((f) => {
    if (!replaced.has(f)) return [f];
    const kept = replaced.get(f);
    return kept ? [kept] : [];
  });
}

/** Whether every way to one and every way to the other take different branches of some condition. */
function exclusive(a: readonly BranchChoice[][], b: readonly BranchChoice[][]): boolean {
  return a.every((wayA) => b.every((wayB) => wayA.some((x) => wayB.some((y) => sameSite(x, y) && x.branch !== y.branch))));
}

function sameSite(x: BranchChoice, y: BranchChoice): boolean {
  return x.condition.file === y.condition.file && x.condition.line === y.condition.line && x.condition.column === y.condition.column;
}

/** One fact for alternatives that never coexist: what all of them need and share; the rest marked. */
function merged(group: readonly RouteFact[]): RouteFact {
  const first = group[0]!;
  const permissions = first.permissions.filter((k) => group.every((f) => f.permissions.includes(k)));
  const groupKey = (g: readonly string[]) => [...g].sort().join("\n");
  const anyOf = (first.anyOf ?? []).filter((g) => group.every((f) => f.anyOf?.some((h) => groupKey(h) === groupKey(g))));
  // A key or group only some alternatives require is not always checked: the keys are a lower bound.
  const dropped = group.some(
    (f) =>
      f.permissions.some((k) => !permissions.includes(k)) || (f.anyOf ?? []).some((g) => !anyOf.some((h) => groupKey(h) === groupKey(g))),
  );
  const sameHandler = group.every((f) => f.handler === first.handler && f.handlerName === first.handlerName);
  const unresolved = new Set(group.flatMap((f) => f.unresolved ?? []));
  if (dropped) unresolved.add("permissions");
  if (!sameHandler) unresolved.add("handler");
  const ways = group.flatMap((f) => f.branches!);
  if (coversEveryBranch(ways)) unresolved.delete("registration");
  const out: RouteFact = { ...first, permissions, branches: ways };
  if (anyOf.length) out.anyOf = anyOf;
  else delete out.anyOf;
  if (unresolved.size) out.unresolved = [...unresolved].sort();
  else delete out.unresolved;
  if (!sameHandler) {
    // Which handler answers is not known: its types and name are not the operation's.
    for (const field of ["handler", "handlerName", "handlerLabel", "registration", "handlerAt", "registrationAt"] as const)
      delete out[field];
    if (!group.every((f) => sameDoc(f, first))) delete out.doc;
  }
  return out;
}

/** A doc written the same for each: the same summary and description. */
function sameDoc(a: RouteFact, b: RouteFact): boolean {
  return a.doc?.summary === b.doc?.summary && a.doc?.description === b.doc?.description && !!a.doc === !!b.doc;
}

/**
 * Ways that each take one branch of the same condition, and together every branch of it: the route is served
 * whichever the condition takes.
 */
function coversEveryBranch(ways: readonly BranchChoice[][]): boolean {
  const first = ways[0]?.[0];
  if (!first || !ways.every((way) => way.length === 1 && sameSite(way[0]!, first))) return false;
  const taken = new Set(ways.map((way) => way[0]!.branch));
  return taken.size === first.of;
}
