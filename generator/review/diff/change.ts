import { byCodePoint } from "../../write/canonical-json.js";

/**
 * One difference between two versions of the API. `security` changes touch what a key can reach;
 * `breaking` ones break existing clients; `info` is everything else.
 */
export interface Change {
  kind:
    | "fewer-permissions"
    | "more-permissions"
    | "any-of"
    | "unresolved"
    | "scope"
    | "effect"
    | "removed"
    | "added"
    | "renamed"
    | "documented"
    | "undocumented"
    | "breaking-shape"
    | "shape"
    | "destructive";
  level: "security" | "breaking" | "info";
  method: string;
  path: string;
  operationId: string;
  /** What changed, as a phrase that follows the operation: "now needs fewer permissions: ...". */
  message: string;
}

export interface DiffReport {
  base: string;
  head: string;
  changes: Change[];
}

const KIND_RANK: Record<Change["kind"], number> = {
  "fewer-permissions": 0,
  "any-of": 0,
  unresolved: 0,
  scope: 1,
  effect: 2,
  "more-permissions": 3,
  removed: 4,
  renamed: 5,
  undocumented: 6,
  "breaking-shape": 7,
  added: 8,
  documented: 9,
  destructive: 10,
  shape: 11,
};

/**
 * Report order: an operation that now needs fewer permissions comes first (it widens what existing keys
 * reach), then the other security changes, then breaking changes, then the rest; by path and method within.
 */
export function sortChanges(changes: Change[]): Change[] {
  const unique = new Map<string, Change>();
  for (const c of changes) unique.set(`${c.kind}|${c.method}|${c.path}|${c.message}`, c);
  return [...unique.values()].sort(
    (a, b) =>
      KIND_RANK[a.kind] - KIND_RANK[b.kind] ||
      byCodePoint(a.path, b.path) ||
      byCodePoint(a.method, b.method) ||
      byCodePoint(a.message, b.message),
  );
}

export function countLevels(changes: Change[]): { security: number; breaking: number; info: number } {
  return {
    security: changes.filter((c) => c.level === "security").length,
    breaking: changes.filter((c) => c.level === "breaking").length,
    info: changes.filter((c) => c.level === "info").length,
  };
}
