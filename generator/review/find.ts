import type { IndexEntry, OperationsIndex } from "../emit/index-artifact.js";
import { UsageError } from "../diagnostics/diagnostic.js";
import { OperationSearch, type SearchFilters } from "../search/operation-search.js";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { Catalog } from "../mcp/catalog.js";
import { type OpenApiDocument, readLocation } from "./artifact-source.js";

export const INDEX_FIELDS = [
  "operation_id",
  "method",
  "path",
  "permissions",
  "any_of",
  "unresolved",
  "summary",
  "path_params",
  "effect",
  "documented",
] as const;
/** What `find` prints without --fields (any_of and unresolved are shown inside permissions). */
const DEFAULT_FIELDS: IndexField[] = ["operation_id", "method", "path", "permissions", "summary", "path_params", "effect", "documented"];
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

/**
 * The OpenAPI document `generate` wrote beside a local index (`openapi-public.json`), if there is one; a
 * URL or a lone index file has none.
 */
export function openapiBeside(location: string, cwd: string): OpenApiDocument | undefined {
  if (/^https?:\/\//.test(location)) return undefined;
  const file = path.join(path.dirname(path.resolve(cwd, location)), "openapi-public.json");
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, "utf8")) as OpenApiDocument;
  } catch (error) {
    throw new UsageError(`${file} is not valid JSON: ${(error as Error).message}`, "Regenerate the artifacts with apidex generate.");
  }
}

/** A row of `find`'s output: the requested fields, and with words, why the operation matched them. */
export type FoundRow = Partial<IndexEntry> & { why?: string };

/**
 * Filters (and, with words, ranks) the index; projects each entry onto the requested fields. With words,
 * each row ends with `why`: the matched words by field, as find_operations gives them to an assistant.
 */
export function findOperations(index: OperationsIndex, options: FindOptions, openapi?: OpenApiDocument): FoundRow[] {
  // With the OpenAPI document beside the index, the same catalog find_operations searches: documented
  // operations' descriptions, tags and query parameter names count too.
  const search: OperationSearch<IndexEntry> = openapi ? new Catalog(index, openapi).search : new OperationSearch(index.operations);
  const hits = search.search(options.query, options, options.limit ?? Number.POSITIVE_INFINITY);
  const fields = options.fields ?? DEFAULT_FIELDS;
  return hits.map(({ entry, why }) => {
    const row = Object.fromEntries(fields.map((f) => [f, entry[f]])) as FoundRow;
    // Without --fields, the alternatives and the unresolved mark come along where an entry has them.
    if (!options.fields && entry.any_of) row.any_of = entry.any_of;
    if (!options.fields && entry.unresolved) row.unresolved = entry.unresolved;
    if (why) row.why = why;
    return row;
  });
}

export function parseFields(list: string): IndexField[] {
  const fields = list
    .split(",")
    .map((f) => f.trim())
    .filter(Boolean);
  const unknown = fields.filter((f) => !(INDEX_FIELDS as readonly string[]).includes(f));
  if (unknown.length) throw new UsageError(`Unknown field(s) ${unknown.join(", ")}.`, `Choose from ${INDEX_FIELDS.join(", ")}.`);
  return fields as IndexField[];
}

/** One aligned line an operation, with whichever fields were asked for. */
export function renderFindText(rows: FoundRow[]): string {
  if (!rows.length) return "no operations match\n";
  const cells = rows.map((r) => {
    // any_of and unresolved read as part of the keys when shown with them: `a,b|c,?`.
    const folded =
      "permissions" in r ? { ...r, permissions: permissionsText(r as IndexEntry), any_of: undefined, unresolved: undefined } : r;
    return Object.entries(folded)
      .filter(([k, v]) => !("permissions" in r && (k === "any_of" || k === "unresolved") && v === undefined))
      .map(([, v]) => (v === undefined ? "-" : Array.isArray(v) ? v.join(",") || "-" : String(v)));
  });
  const widths = cells[0]!.map((_, i) => Math.max(...cells.map((c) => c[i]!.length)));
  return `${cells.map((c) => c.map((v, i) => (i === c.length - 1 ? v : v.padEnd(widths[i]!))).join("  ")).join("\n")}\n`;
}

/**
 * An entry's keys as one list for the default view: the required keys, each any-of group as
 * `a|b`, and `?` when some key could not be read (`unresolved`).
 */
function permissionsText(entry: IndexEntry): string[] {
  return [
    ...(entry.permissions ?? []),
    ...(entry.any_of ?? []).map((g) => g.join("|")),
    ...(entry.unresolved?.includes("permissions") ? ["?"] : []),
  ];
}
