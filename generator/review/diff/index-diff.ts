import type { IndexEntry, OperationsIndex } from "../../emit/index-artifact.js";
import type { Change } from "./change.js";

const EFFECT_RANK = { read: 0, write: 1, remove: 2 } as const;

/** Differences between two operation indexes, matched by method and path. */
export function diffIndexes(base: OperationsIndex, head: OperationsIndex): Change[] {
  const key = (op: IndexEntry) => `${op.method} ${op.path}`;
  const before = new Map(base.operations.map((op) => [key(op), op]));
  const after = new Map(head.operations.map((op) => [key(op), op]));
  const changes: Change[] = [];
  const at = (op: IndexEntry) => ({ method: op.method, path: op.path, operationId: op.operation_id });

  for (const [k, old] of before) {
    const now = after.get(k);
    if (!now) {
      changes.push({ kind: "removed", level: "breaking", ...at(old), message: "was removed" });
      continue;
    }
    if (now.operation_id !== old.operation_id) {
      changes.push({
        kind: "renamed",
        level: "breaking",
        ...at(now),
        message: `was renamed from ${old.operation_id} (clients and MCP tools call it by id)`,
      });
    }
    const dropped = old.permissions.filter((p) => !now.permissions.includes(p));
    const added = now.permissions.filter((p) => !old.permissions.includes(p));
    if (dropped.length) {
      changes.push({
        kind: "fewer-permissions",
        level: "security",
        ...at(now),
        message: `now needs fewer permissions: no longer checks ${dropped.join(", ")}${now.permissions.length ? ` (still checks ${now.permissions.join(", ")})` : " and checks none"}`,
      });
    }
    if (added.length)
      changes.push({ kind: "more-permissions", level: "security", ...at(now), message: `now also checks ${added.join(", ")}` });
    // Alternatives: a group that appears, goes or changes widens or narrows which keys get through.
    const groups = (entry: typeof old) => (entry.any_of ?? []).map((g) => g.join("|"));
    const goneGroups = groups(old).filter((g) => !groups(now).includes(g));
    const newGroups = groups(now).filter((g) => !groups(old).includes(g));
    if (goneGroups.length || newGroups.length) {
      const parts = [
        ...(goneGroups.length ? [`no longer accepts any one of ${goneGroups.join("; ")}`] : []),
        ...(newGroups.length ? [`now accepts any one of ${newGroups.join("; ")}`] : []),
      ];
      changes.push({ kind: "any-of", level: "security", ...at(now), message: parts.join(", and ") });
    }
    const wasUnresolved = (old.unresolved ?? []).includes("permissions");
    const isUnresolved = (now.unresolved ?? []).includes("permissions");
    if (wasUnresolved !== isUnresolved) {
      changes.push(
        isUnresolved
          ? {
              kind: "unresolved",
              level: "security",
              ...at(now),
              message: "now checks a permission apidex cannot read statically (unresolved): its keys are a lower bound",
            }
          : { kind: "unresolved", level: "info", ...at(now), message: "its permissions are read in full again (no longer unresolved)" },
      );
    }
    if (now.effect !== old.effect) {
      const riskier = EFFECT_RANK[now.effect] > EFFECT_RANK[old.effect];
      changes.push({
        kind: "effect",
        level: riskier ? "security" : "info",
        ...at(now),
        message: `effect changed from ${old.effect} to ${now.effect}`,
      });
    }
    if (now.documented !== old.documented) {
      changes.push(
        now.documented
          ? { kind: "documented", level: "info", ...at(now), message: "is now documented" }
          : {
              kind: "undocumented",
              level: "breaking",
              ...at(now),
              message: "is no longer documented (it leaves the public OpenAPI document)",
            },
      );
    }
  }
  for (const [k, now] of after) {
    if (!before.has(k)) {
      changes.push({
        kind: "added",
        level: "info",
        ...at(now),
        message: `was added (${now.permissions.length ? `checks ${now.permissions.join(", ")}` : "checks no permission"})`,
      });
    }
  }
  return changes;
}
