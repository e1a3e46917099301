/**
 * Requests that name an operation literally: its id (`list_team_members`), its path (`/teams/{id}/members`,
 * with or without a method before it, parameter names ignored), or its whole summary of two words or more
 * (a written one, or the id in words that apidex writes for an undocumented operation: "Get blocks" names
 * get_blocks either way). Those operations come first, whatever the word ranking says: a literal request must
 * never rank below where plain BM25 puts it. The keys are built once per index, so a request costs a lookup.
 */
import type { SearchableOperation } from "./searchable.js";

const METHODS = /^(get|put|post|delete|patch|head|options)\s+/i;

/** The comparison form of a path: parameters (`{id}`, `:id`, `[id]`) as `{}`, no trailing or doubled slashes, lower case. */
export function pathKey(path: string): string {
  const key = path
    .split("?")[0]!
    .replace(/\{[^}/]*\}|:[A-Za-z_$][\w$]*|\[[^\]/]*\]/g, "{}")
    .replace(/\/{2,}/g, "/")
    .replace(/(.)\/+$/, "$1")
    .toLowerCase();
  return key.startsWith("/") ? key : `/${key}`;
}

const prose = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

const add = (map: Map<string, SearchableOperation[]>, key: string, op: SearchableOperation) => {
  const list = map.get(key);
  if (list) list.push(op);
  else map.set(key, [op]);
};

export class LiteralIndex {
  private readonly ids = new Map<string, SearchableOperation[]>();
  private readonly paths = new Map<string, SearchableOperation[]>();
  private readonly summaries = new Map<string, SearchableOperation[]>();

  constructor(entries: readonly SearchableOperation[]) {
    for (const e of entries) {
      add(this.ids, e.operation_id.toLowerCase(), e);
      add(this.paths, pathKey(e.path), e);
      const written = prose(e.summary);
      if (written.includes(" ")) add(this.summaries, written, e);
      // The id in words names an undocumented operation too when its summary comes from the handler's name.
      const idWords = prose(e.operation_id.replace(/_[0-9a-f]{8}$/, ""));
      if (!e.documented && idWords !== written && idWords.includes(" ")) add(this.summaries, idWords, e);
    }
  }

  /** The operations a request names literally, each with how (`"literal id"`, `"literal path"`, `"literal summary"`). */
  match(query: string): Map<string, string> {
    const out = new Map<string, string>();
    const text = query.trim();
    for (const e of this.ids.get(text.toLowerCase()) ?? []) out.set(e.operation_id, "literal id");
    if (out.size) return out;
    const method = METHODS.exec(text)?.[1]?.toUpperCase();
    const rest = method ? text.replace(METHODS, "") : text;
    if (/^\/|^[\w.-]+\/[\w{}:.\-/]*$/.test(rest) && !/\s/.test(rest)) {
      for (const e of this.paths.get(pathKey(rest)) ?? []) if (!method || e.method === method) out.set(e.operation_id, "literal path");
      if (out.size) return out;
    }
    for (const e of this.summaries.get(prose(text)) ?? []) out.set(e.operation_id, "literal summary");
    return out;
  }
}
