/**
 * Plain BM25, the yardstick: MiniSearch with its default settings (its own tokenizer, no stemming, no prefix
 * or fuzzy matching, equal field weights) over the same fields of the same entries: the index, with the
 * OpenAPI document's descriptions, tags and query parameter names where an operation is documented.
 */
import MiniSearch from "minisearch";
import type { SearchableOperation } from "../../generator/search/searchable.js";

export class PlainBm25 {
  private readonly engine = new MiniSearch<SearchableOperation>({
    idField: "operation_id",
    fields: ["operation_id", "method", "path", "summary", "description", "tags", "path_params", "query_params", "permissions"],
    extractField: (doc, field) => {
      const value = doc[field as keyof SearchableOperation];
      return Array.isArray(value) ? value.join(" ") : String(value ?? "");
    },
  });

  constructor(entries: readonly SearchableOperation[]) {
    this.engine.addAll([...entries]);
  }

  ids(query: string, limit: number): string[] {
    return this.engine
      .search(query)
      .slice(0, limit)
      .map((r) => String(r.id));
  }
}
