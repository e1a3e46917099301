import { createHash } from "node:crypto";
import pluralize from "pluralize";
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
  const taken = new Set(operations.map((op) => op.operationId));
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
    // Paths that differ by a version segment (`/api/admin/users`, `/api/v1/admin/users`): each versioned one
    // takes its version, as the derivation gives v2 and later (`_v1`), and an unversioned one left alone
    // among them keeps the id. Only when that makes every id distinct; otherwise, hashes.
    const versions = new Map(derived.map((op) => [op, versionOf(op.path)]));
    const byVersion = derived.filter((op) => versions.get(op) !== undefined).map((op) => `${id}_v${versions.get(op)}`);
    const unversioned = derived.filter((op) => versions.get(op) === undefined);
    const keeps = unversioned.length === 1 && derived.length === group.length ? unversioned[0] : undefined;
    // (Ids from paths only: a name the framework gives was not derived without the version.)
    const readable =
      derived.every((op) => op.idSource === "derived") &&
      byVersion.length > 0 &&
      new Set(byVersion).size === byVersion.length &&
      byVersion.every((candidate) => !taken.has(candidate) && candidate.length <= 48) &&
      (unversioned.length === 0 || keeps !== undefined);
    // One registration mounted at several places (a router under `/api/v1` and under
    // `/api/v1/projects/{projectId}`): the shortest path keeps the id, each other takes the words of what its
    // mount adds (`project_activity_post_root`), when that makes every id distinct.
    const mounted = readable ? undefined : mountedTwins(id, derived, group, taken);
    if (mounted) {
      for (const [op, next] of mounted) {
        op.operationId = next;
        taken.add(next);
        op.settled = true;
      }
      continue;
    }
    // One registration mounted at several places is one thing to mend: said once, at it.
    const oneSite = derived.length === group.length && new Set(group.map(siteKey)).size === 1;
    for (const op of derived) {
      const others = group.filter((o) => o !== op);
      if (readable && op === keeps) continue;
      op.operationId = readable ? `${id}_v${versions.get(op)}` : withHash(id, op.method, op.path);
      taken.add(op.operationId);
      op.settled = true;
      // A version is as readable as the derivation's own `_v2`: nothing for the reader to mend.
      if (readable) continue;
      if (oneSite) {
        if (op !== derived[0]) continue;
        diagnostics.add({
          severity: "warning",
          code: "APX408",
          message: `This route is mounted at ${group.map((o) => `${o.method} ${o.path}`).join(", ")}, which derive the same operation id \`${id}\`; each takes a hash suffix of its own path.`,
          site: op.site,
          hint: "Give the operation a readable id with @operationId, or in the config's operationIds.",
        });
        continue;
      }
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

/**
 * The ids of one registration's mounts, when every operation of the group is that registration (one site)
 * and the paths are the shortest one with segments added in one place: the shortest keeps `id`, each other
 * takes the added literal words first (a countable plural before a parameter in its singular). Undefined when
 * that is not so, or the ids would not all be new and distinct.
 */
function mountedTwins(
  id: string,
  derived: Operation[],
  group: Operation[],
  taken: ReadonlySet<string>,
): Map<Operation, string> | undefined {
  if (derived.length !== group.length) return undefined;
  if (group.some((op) => siteKey(op) !== siteKey(group[0]!) || op.method !== group[0]!.method)) return undefined;
  const split = (path: string) => path.split("/").filter(Boolean);
  const sorted = [...group].sort((a, b) => split(a.path).length - split(b.path).length);
  const base = split(sorted[0]!.path);
  if (sorted.length > 1 && split(sorted[1]!.path).length === base.length) return undefined;
  const out = new Map<Operation, string>([[sorted[0]!, id]]);
  for (const op of sorted.slice(1)) {
    const own = split(op.path);
    let head = 0;
    while (head < base.length && own[head] === base[head]) head++;
    const tail = base.length - head;
    if (own.slice(own.length - tail).join("/") !== base.slice(head).join("/")) return undefined;
    const added = own.slice(head, own.length - tail);
    const words = added
      .map((segment, i) => {
        if (segment.startsWith("{")) return "";
        const word = segment
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, "_")
          .replace(/^_+|_+$/g, "");
        return added[i + 1]?.startsWith("{") ? pluralize.singular(word) : word;
      })
      .filter(Boolean);
    if (!words.length) return undefined;
    const next = `${words.join("_")}_${id}`;
    if (next.length > 48 || taken.has(next) || [...out.values()].includes(next)) return undefined;
    out.set(op, next);
  }
  return out;
}

/** Where an operation is registered, as one string: operations with the same are one registration, mounted at several places. */
const siteKey = (op: Operation): string => `${op.site.file}:${op.site.line}:${op.site.column}`;

/** The API version a path's own segment names (`/api/v1/admin`: 1), undefined when none does. */
function versionOf(path: string): number | undefined {
  const match = path.split("/").find((segment) => /^v\d+$/i.test(segment));
  return match ? Number(match.slice(1)) : undefined;
}

/** `base_` + 8 hex digits of the method and path, cut to the 48 characters an id may have. */
export function withHash(base: string, method: string, path: string): string {
  const hash = createHash("sha256").update(`${method.toUpperCase()} ${path}`).digest("hex").slice(0, 8);
  return `${base.slice(0, 48 - 9).replace(/_+$/, "")}_${hash}`;
}
