/** What an index entry asks of a key: every required key, and one key of each any-of group. */
export interface KeyRequirements {
  permissions: readonly string[];
  any_of?: readonly (readonly string[])[];
  unresolved?: readonly string[];
}

/** Whether an operation checks `key` at all: as a required key or as one of a group's alternatives. */
export function checksKey(entry: KeyRequirements, key: string): boolean {
  return entry.permissions.includes(key) || (entry.any_of ?? []).some((group) => group.includes(key));
}

/**
 * Whether a key holding `held` may call the operation, and what it lacks: the required keys it does not
 * hold, and the groups none of whose keys it holds. `callable` is `"unknown"` when the key lacks nothing
 * apidex knows of but the operation's permissions are `unresolved` — never a promise apidex cannot keep.
 */
export function reach(
  entry: KeyRequirements,
  held: ReadonlySet<string>,
): { callable: boolean | "unknown"; missing: string[]; missingAnyOf: string[][] } {
  const missing = entry.permissions.filter((key) => !held.has(key));
  const missingAnyOf = (entry.any_of ?? []).filter((group) => !group.some((key) => held.has(key))).map((group) => [...group]);
  const lacks = missing.length > 0 || missingAnyOf.length > 0;
  const unknown = (entry.unresolved ?? []).includes("permissions");
  return { callable: lacks ? false : unknown ? "unknown" : true, missing, missingAnyOf };
}
