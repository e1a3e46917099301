/**
 * Requests that name an operation literally: its id (`list_team_members`), its path (`/teams/{id}/members`,
 * with or without a method before it, parameter names ignored), or its whole written summary (not one apidex generated from the id). Those operations come
 * first, whatever the word ranking says: a literal request must never rank below where plain BM25 puts it.
 */
import { ownSummary } from "./fields.js";
import type { SearchableOperation } from "./operation-search.js";

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

/** The operations a request names literally, each with how (`"literal id"`, `"literal path"`, `"literal summary"`). */
export function literalMatch(query: string, entries: readonly SearchableOperation[]): Map<string, string> {
  const out = new Map<string, string>();
  const text = query.trim();
  const id = text.toLowerCase();
  for (const e of entries) if (e.operation_id.toLowerCase() === id) out.set(e.operation_id, "literal id");
  if (out.size) return out;
  const method = METHODS.exec(text)?.[1]?.toUpperCase();
  const rest = method ? text.replace(METHODS, "") : text;
  if (/^\/|^[\w.-]+\/[\w{}:.\-/]*$/.test(rest) && !/\s/.test(rest)) {
    const key = pathKey(rest);
    for (const e of entries) if (pathKey(e.path) === key && (!method || e.method === method)) out.set(e.operation_id, "literal path");
    if (out.size) return out;
  }
  const phrase = prose(text);
  if (phrase.includes(" ")) for (const e of entries) if (prose(ownSummary(e)) === phrase) out.set(e.operation_id, "literal summary");
  return out;
}
