import { readFileSync } from "node:fs";
import path from "node:path";
import type { OperationsIndex } from "../../generator/emit/index-artifact.js";
import { OperationSearch } from "../../generator/search/operation-search.js";

export interface LabelledQuery {
  q: string;
  expect: string[];
}

export interface QualityReport {
  queries: number;
  recallAt1: number;
  recallAt5: number;
  mrr: number;
  misses: { q: string; expect: string[]; got: string[] }[];
}

/** recall@1, recall@5 and mean reciprocal rank of find_operations' ranking over labelled queries. */
export function measureSearchQuality(index: OperationsIndex, queries: LabelledQuery[]): QualityReport {
  const search = new OperationSearch(index.operations);
  let at1 = 0;
  let at5 = 0;
  let reciprocal = 0;
  const misses: QualityReport["misses"] = [];
  for (const { q, expect } of queries) {
    const ids = search.search(q, {}, 20).map((h) => h.entry.operation_id);
    const rank = ids.findIndex((id) => expect.includes(id));
    if (rank === 0) at1++;
    if (rank >= 0 && rank < 5) at5++;
    if (rank >= 0) reciprocal += 1 / (rank + 1);
    if (rank !== 0) misses.push({ q, expect, got: ids.slice(0, 5) });
  }
  const n = queries.length;
  return { queries: n, recallAt1: at1 / n, recallAt5: at5 / n, mrr: reciprocal / n, misses };
}

export function loadQuerySet(file: string, root: string): { index: OperationsIndex; queries: LabelledQuery[] } {
  const set = JSON.parse(readFileSync(file, "utf8")) as { index: string; queries: LabelledQuery[] };
  const index = JSON.parse(readFileSync(path.join(root, set.index), "utf8")) as OperationsIndex;
  return { index, queries: set.queries };
}
