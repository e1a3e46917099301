/**
 * Plain BM25, the yardstick: MiniSearch with its default settings (its own tokenizer, no stemming, no prefix
 * or fuzzy matching, equal field weights) over the same fields of the same index.
 */
import MiniSearch from "minisearch";
import type { IndexEntry } from "../../generator/emit/index-artifact.js";

export class PlainBm25 {
  private readonly engine = new MiniSearch<IndexEntry>({
    idField: "operation_id",
    fields: ["operation_id", "method", "path", "summary", "path_params", "permissions"],
    extractField: (doc, field) => {
      const value = doc[field as keyof IndexEntry];
      return Array.isArray(value) ? value.join(" ") : String(value ?? "");
    },
  });

  constructor(entries: readonly IndexEntry[]) {
    this.engine.addAll([...entries]);
  }

  ids(query: string, limit: number): string[] {
    return this.engine
      .search(query)
      .slice(0, limit)
      .map((r) => String(r.id));
  }
}
