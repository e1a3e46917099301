import { checksKey } from "../model/key-reach.js";
import MiniSearch from "minisearch";
import type { IndexEntry } from "../emit/index-artifact.js";
import { singular } from "../model/operation-id.js";

/**
 * Verbs and nouns an assistant or a person uses for the same API action. Each word also searches for its
 * group's other words, so "email the invoice" finds send_invoice and "remove a tag" finds delete_tag.
 */
const VERB_GROUPS: readonly string[][] = [
  ["send", "email", "mail", "deliver", "notify"],
  ["delete", "remove", "destroy", "erase", "drop", "retire"],
  ["list", "all", "index", "browse", "every", "upcoming"],
  ["create", "add", "new", "make", "register", "book", "record", "start"],
  ["update", "edit", "change", "modify", "rename", "set", "patch", "replace"],
  ["get", "show", "fetch", "view", "read", "retrieve", "describe", "detail", "look"],
  ["cancel", "void", "abort", "revoke", "withdraw"],
  ["unassign", "off", "unschedule"],
  ["approve", "accept", "confirm", "sign"],
  ["decline", "reject", "deny", "refuse"],
  ["assign", "dispatch", "allocate"],
  ["refund", "reimburse", "return", "money", "back"],
  ["complete", "finish", "done", "close"],
  ["download", "pdf", "export", "csv", "receipt"],
  ["merge", "combine", "deduplicate"],
  ["archive", "deactivate", "disable"],
  ["restore", "reactivate", "unarchive", "enable"],
  ["adjust", "correct", "recount"],
  ["reschedule", "move", "postpone"],
  ["submit", "hand"],
];

const NOUN_GROUPS: readonly string[][] = [
  ["customer", "client"],
  ["location", "where", "gps", "position", "located"],
  ["technician", "tech", "worker", "employee", "staff", "field"],
  ["work", "job", "order", "ticket"],
  ["invoice", "bill", "billing"],
  ["estimate", "quote", "quotation", "proposal"],
  ["payment", "charge", "transaction", "paid", "pay"],
  ["appointment", "schedule", "booking", "visit", "slot", "calendar"],
  ["inventory", "stock", "item", "part", "sku", "warehouse"],
  ["note", "comment", "memo"],
  ["attachment", "file", "upload", "document", "photo"],
  ["report", "analytics", "metric", "stats", "revenue"],
  ["webhook", "callback", "hook", "event", "subscription"],
  ["team", "member", "user", "people", "invite", "invitation"],
];

export const SYNONYM_GROUPS: readonly string[][] = [...VERB_GROUPS, ...NOUN_GROUPS];

const SYNONYMS = new Map<string, string[]>();
for (const group of SYNONYM_GROUPS)
  for (const word of group)
    SYNONYMS.set(
      word,
      group.filter((w) => w !== word),
    );

const STOP_WORDS = new Set([
  "a",
  "an",
  "the",
  "of",
  "for",
  "to",
  "in",
  "on",
  "by",
  "with",
  "my",
  "our",
  "this",
  "that",
  "and",
  "or",
  "from",
  "it",
  "its",
  "is",
  "can",
  "i",
  "me",
  "please",
  "how",
  "do",
  "which",
  "what",
  "some",
  "one",
  "about",
]);

/** Splits ids, paths, permission keys and prose into lower-case, singular words. */
export function tokenize(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((t) => t && !STOP_WORDS.has(t))
    .map((t) => (t.length > 3 ? singular(t) : t));
}

/** Every word that names an action: ids start with one (`list_`, `send_`, ...). */
const ACTION_WORDS = new Set(VERB_GROUPS.flat());

/** The words of a query that say what to do, or undefined when it names only things. */
function verbIntent(words: string[]): Set<string> | undefined {
  const verbs = words.filter((w) => ACTION_WORDS.has(w));
  return verbs.length ? new Set(verbs.flatMap((w) => [w, ...(SYNONYMS.get(w) ?? [])])) : undefined;
}

/**
 * The id's leading verb against the query's intent: an operation whose verb the query asks for ranks
 * higher; a query that names no action ("upcoming appointments") prefers reads, the safe default.
 */
function verbBoost(operationId: string, intent: Set<string> | undefined): number {
  const verb = operationId.slice(0, operationId.indexOf("_") >>> 0);
  if (!intent) return verb === "list" ? 1.3 : verb === "get" ? 1.2 : 1;
  return intent.has(verb) ? 1.5 : 1;
}

export interface SearchFilters {
  pathContains?: string;
  permission?: string;
  method?: string;
  effect?: string;
}

export interface SearchHit {
  entry: IndexEntry;
  score: number;
}

/**
 * Ranked search over an operation index (MiniSearch: BM25 with field boosts, prefix and fuzzy
 * matching), plus exact filters. Without words, the filtered operations come in index order.
 */
export class OperationSearch {
  private readonly engine: MiniSearch<IndexEntry>;
  private readonly byId: Map<string, IndexEntry>;

  constructor(readonly entries: readonly IndexEntry[]) {
    this.byId = new Map(entries.map((e) => [e.operation_id, e]));
    this.engine = new MiniSearch<IndexEntry>({
      idField: "operation_id",
      fields: ["id", "summary", "path", "permissions", "method"],
      extractField: (doc, field) => {
        if (field === "operation_id") return doc.operation_id;
        if (field === "id") return doc.operation_id;
        if (field === "summary") return doc.summary;
        if (field === "path") return doc.path.replace(/\{[^}]+\}/g, " ");
        if (field === "permissions") return [...doc.permissions, ...(doc.any_of ?? []).flat()].join(" ");
        if (field === "method") return doc.method;
        return "";
      },
      tokenize,
      processTerm: (term) => term,
      searchOptions: {
        boost: { id: 3, summary: 2, path: 1.5, permissions: 1, method: 0.5 },
        prefix: (term) => term.length >= 3,
        fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
        combineWith: "OR",
        tokenize,
        processTerm: (term) => term,
      },
    });
    this.engine.addAll([...entries]);
  }

  search(query: string | undefined, filters: SearchFilters = {}, limit = Number.POSITIVE_INFINITY): SearchHit[] {
    const keep = (e: IndexEntry) =>
      (!filters.pathContains || e.path.toLowerCase().includes(filters.pathContains.toLowerCase())) &&
      (!filters.permission || checksKey(e, filters.permission)) &&
      (!filters.method || e.method === filters.method.toUpperCase()) &&
      (!filters.effect || e.effect === filters.effect);
    const words = query ? tokenize(query) : [];
    if (!words.length)
      return this.entries
        .filter(keep)
        .slice(0, limit)
        .map((entry) => ({ entry, score: 0 }));
    const asked = new Set(words);
    const queries = words.map((word) => ({ combineWith: "OR" as const, queries: [word, ...(SYNONYMS.get(word) ?? [])] }));
    // A synonym counts, but less than the word that was asked for.
    const results = this.engine.search({ combineWith: "OR", queries }, { boostTerm: (term) => (asked.has(term) ? 1 : 0.5) });
    const intent = verbIntent(words);
    const hits: SearchHit[] = [];
    for (const r of results) {
      const entry = this.byId.get(String(r.id));
      if (entry && keep(entry)) hits.push({ entry, score: r.score * verbBoost(entry.operation_id, intent) });
    }
    return hits.sort((a, b) => b.score - a.score).slice(0, limit);
  }
}
