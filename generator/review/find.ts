import type { IndexEntry, OperationsIndex } from "../emit/index-artifact.js";
import { UsageError } from "../diagnostics/diagnostic.js";
import { OperationSearch, type SearchFilters } from "../search/operation-search.js";
import { readLocation } from "./artifact-source.js";

export const INDEX_FIELDS = ["operation_id", "method", "path", "permissions", "summary", "path_params", "effect", "documented"] as const;
export type IndexField = (typeof INDEX_FIELDS)[number];

export interface FindOptions extends SearchFilters {
  query?: string;
  fields?: IndexField[];
  limit?: number;
}

/** Loads an operation index from a file or URL. */
export async function loadIndex(location: string, cwd: string): Promise<OperationsIndex> {
  const text = await readLocation(location, cwd);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${location} is not valid JSON: ${(error as Error).message}`, "Point --index at an operations.json file or URL.");
  }
  if (!json || typeof json !== "object" || (json as { format?: unknown }).format !== "apidex.operations/1") {
    throw new UsageError(`${location} is not an apidex operation index.`, "Point --index at an operations.json file or URL.");
  }
  return json as OperationsIndex;
}

/** Filters (and, with words, ranks) the index; projects each entry onto the requested fields. */
export function findOperations(index: OperationsIndex, options: FindOptions): Partial<IndexEntry>[] {
  const search = new OperationSearch(index.operations);
  const hits = search.search(options.query, options, options.limit ?? Number.POSITIVE_INFINITY);
  const fields = options.fields ?? [...INDEX_FIELDS];
  return hits.map(({ entry }) => Object.fromEntries(fields.map((f) => [f, entry[f]])) as Partial<IndexEntry>);
}

export function parseFields(list: string): IndexField[] {
  const fields = list.split(",").map((f) => f.trim()).filter(Boolean);
  const unknown = fields.filter((f) => !(INDEX_FIELDS as readonly string[]).includes(f));
  if (unknown.length) throw new UsageError(`Unknown field(s) ${unknown.join(", ")}.`, `Choose from ${INDEX_FIELDS.join(", ")}.`);
  return fields as IndexField[];
}

/** One aligned line an operation, with whichever fields were asked for. */
export function renderFindText(rows: Partial<IndexEntry>[]): string {
  if (!rows.length) return "no operations match\n";
  const cells = rows.map((r) => Object.values(r).map((v) => (Array.isArray(v) ? v.join(",") || "-" : String(v))));
  const widths = cells[0]!.map((_, i) => Math.max(...cells.map((c) => c[i]!.length)));
  return `${cells.map((c) => c.map((v, i) => (i === c.length - 1 ? v : v.padEnd(widths[i]!))).join("  ")).join("\n")}\n`;
}
