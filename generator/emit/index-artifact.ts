import type { Operation } from "../model/operation.js";
import { byCodePoint } from "../write/canonical-json.js";

export const INDEX_FORMAT = "apidex.operations/1";

/** One entry of `operations.json`, keys in the SPEC's order. */
export interface IndexEntry {
  operation_id: string;
  method: string;
  path: string;
  permissions: string[];
  /** Groups of alternative keys; one key of each group is needed on top of `permissions`. */
  any_of?: string[][];
  /** Facts that could not be read statically (`"permissions"`): the rest of the entry is exact. */
  unresolved?: string[];
  summary: string;
  path_params: string[];
  effect: Operation["effect"];
  documented: boolean;
}

export interface OperationsIndex {
  format: typeof INDEX_FORMAT;
  service: { name: string; version: string };
  count: number;
  operations: IndexEntry[];
}

/** Orders operations by path, then method: the order of every artifact. */
export function compareOperations(a: Pick<Operation, "path" | "method">, b: Pick<Operation, "path" | "method">): number {
  return byCodePoint(a.path, b.path) || byCodePoint(a.method, b.method);
}

/** The operation index: every open operation a key can call, with its exact permissions. */
export function emitIndex(operations: Operation[], service: { name: string; version: string }): OperationsIndex {
  const entries = operations
    .filter((op) => !op.closed)
    .sort(compareOperations)
    .map(
      (op): IndexEntry => ({
        operation_id: op.operationId,
        method: op.method,
        path: op.path,
        permissions: inOrder(op.permissions) ? op.permissions : [...op.permissions].sort(byCodePoint),
        // Present only when there is something to say: an index without them is byte-for-byte as before.
        ...(op.anyOf?.length ? { any_of: op.anyOf } : {}),
        ...(op.unresolved?.length ? { unresolved: op.unresolved } : {}),
        summary: op.summary,
        path_params: op.pathParams,
        effect: op.effect,
        documented: op.documented,
      }),
    );
  return { format: INDEX_FORMAT, service: { name: service.name, version: service.version }, count: entries.length, operations: entries };
}

/** Whether keys are already in code-point order (the extractors sort them; the index must not rely on it). */
function inOrder(keys: readonly string[]): boolean {
  for (let i = 1; i < keys.length; i++) if (keys[i - 1]! > keys[i]!) return false;
  return true;
}
