import MiniSearch, { type SearchResult } from "minisearch";
import type { IndexEntry } from "../emit/index-artifact.js";
import { checksKey } from "../model/key-reach.js";
import { apiVersion, deriveFieldWeights, FIELDS, type Field, fieldText } from "./fields.js";
import { lemma, relatedWords } from "./lexicon.js";
import { LiteralIndex } from "./literal.js";
import { endsInParameter, type MethodIntent, methodIntent, onlyIntent } from "./method-intent.js";
import { indexTerms, type Word, terms, words } from "./words.js";

/**
 * An operation as the search reads it: the index entry, and what the OpenAPI document adds where the
 * operation is documented (its description, tags and query parameter names).
 */
export interface SearchableOperation extends IndexEntry {
  description?: string;
  tags?: string[];
  query_params?: string[];
}

export interface SearchFilters {
  pathContains?: string;
  permission?: string;
  method?: string;
  effect?: string;
}

export interface SearchHit<E extends SearchableOperation = SearchableOperation> {
  entry: E;
  score: number;
  /** Why it matched, briefly: the matched words by field (`"path: member, team; method: DELETE (remove)"`). */
  why: string;
}

/** A word the request did not use but WordNet puts beside one it did counts this much of an asked word. */
const RELATED_WEIGHT = 0.35;
/** The request's verb means this operation's method ("remove" and DELETE). */
const METHOD_BOOST = 1.3;
/** The request asks for many and the path is a collection, or for one and the path ends in a parameter. */
const SHAPE_BOOST = 1.15;
/** The request's words appear, in order, in the operation's summary or description. */
const PHRASE_BOOST = 1.5;
/** Per step of API version (v1, v2, v3 in the index's paths): among equal matches, the newest version first. */
const VERSION_STEP = 0.05;

/** The field names `why` shows: the last segment of a path is part of the path to a reader. */
const SHOWN: Record<Field, string> = {
  id: "id",
  summary: "summary",
  description: "description",
  tags: "tags",
  resource: "path",
  path: "path",
  params: "params",
  permissions: "permissions",
};

/** The order `why` names fields in: the documentation first, as a reader would look. */
const SHOWN_ORDER = ["summary", "description", "tags", "path", "id", "params", "permissions"];

/**
 * Ranked search over an operation index: BM25 (MiniSearch) over the words of each operation's id, path,
 * parameters, permission keys and documentation, in dictionary form, with field weights derived from the
 * index itself; WordNet's related words at a lower weight; the HTTP meaning of the request's verb and
 * number; and literal ids, paths and phrases first. Without words, the filtered operations come in index order.
 */
export class OperationSearch<E extends SearchableOperation = SearchableOperation> {
  private readonly engine: MiniSearch<E>;
  private readonly byId: Map<string, E>;
  /** Every term of the index, so a related word is only asked for when some operation has it. */
  private readonly vocabulary = new Set<string>();
  /** Each operation's summary and description terms, for the phrase boost. */
  private readonly prose = new Map<string, string[][]>();
  readonly weights: Record<Field, number>;
  private readonly literals: LiteralIndex;
  /** The rank of each API version the index's paths name, lowest 0. */
  private readonly versionRank: Map<number, number>;

  constructor(readonly entries: readonly E[]) {
    this.byId = new Map(entries.map((e) => [e.operation_id, e]));
    this.weights = deriveFieldWeights(entries);
    this.literals = new LiteralIndex(entries);
    const versions = [...new Set(entries.map((e) => apiVersion(e.path)))].sort((a, b) => a - b);
    this.versionRank = new Map(versions.map((v, i) => [v, i]));
    this.engine = new MiniSearch<E>({
      idField: "operation_id",
      fields: [...FIELDS],
      extractField: (doc, field) => (field === "operation_id" ? doc.operation_id : fieldText(doc, field as Field)),
      tokenize: indexTerms,
      processTerm: (term) => {
        this.vocabulary.add(term);
        return term;
      },
      // Queries arrive as terms already (see search()).
      searchOptions: { tokenize: (term) => [term], processTerm: (term) => term },
    });
    this.engine.addAll([...entries]);
    for (const e of entries)
      this.prose.set(
        e.operation_id,
        [e.documented ? e.summary : "", e.description ?? ""].filter(Boolean).map((text) => terms(text)),
      );
  }

  search(query: string | undefined, filters: SearchFilters = {}, limit = Number.POSITIVE_INFINITY): SearchHit<E>[] {
    const keep = (e: E) =>
      (!filters.pathContains || e.path.toLowerCase().includes(filters.pathContains.toLowerCase())) &&
      (!filters.permission || checksKey(e, filters.permission)) &&
      (!filters.method || e.method === filters.method.toUpperCase()) &&
      (!filters.effect || e.effect === filters.effect);
    const asked = query ? words(query) : [];
    if (!asked.length)
      return this.entries
        .filter(keep)
        .slice(0, limit)
        .map((entry) => ({ entry, score: 0, why: "" }));

    const literal = this.literals.match(query!);
    const intent = methodIntent(asked);
    // Verbs like "get" or "remove" and words like "all" say only the method or the number: they act
    // through `intent`, unless the request has no other words.
    const searched = asked.some((w) => !onlyIntent(w.term)) ? asked.filter((w) => !onlyIntent(w.term)) : asked;
    const askedTerms = new Set(searched.flatMap((w) => [w.term, w.surface]));
    const weightOf = new Map<string, number>();
    const queries = searched.map((w) => {
      const related = relatedWords(w.term).filter((r) => this.vocabulary.has(r) && !askedTerms.has(r));
      for (const r of related) weightOf.set(r, Math.max(weightOf.get(r) ?? 0, RELATED_WEIGHT));
      return { combineWith: "OR" as const, queries: [...new Set([w.term, w.surface]), ...related] };
    });
    // Two words a path may write as one ("chat message" and /chatmessage, "api key" and /apikey).
    for (let i = 0; i + 1 < asked.length; i++) {
      const joined = asked[i]!.surface + asked[i + 1]!.surface;
      for (const term of new Set([joined, lemma(joined).word]))
        if (this.vocabulary.has(term)) {
          askedTerms.add(term);
          queries.push({ combineWith: "OR", queries: [term] });
        }
    }
    const results = this.engine.search(
      { combineWith: "OR", queries },
      {
        boost: this.weights,
        boostTerm: (term) => (askedTerms.has(term) ? 1 : (weightOf.get(term) ?? RELATED_WEIGHT)),
        // A word the index has is matched as itself; only a word it lacks is taken for the start of one
        // ("techn") or a typo ("paymnt"), so that "alert" does not also count as "alerts".
        prefix: (term) => term.length >= 4 && askedTerms.has(term) && !this.vocabulary.has(term),
        fuzzy: (term) => (term.length >= 5 && askedTerms.has(term) && !this.vocabulary.has(term) ? 0.2 : false),
      },
    );

    // A verb some operation spells ("cancel" in /orders/{id}/cancel) is met by that operation's words:
    // its method then favours nothing else. A verb none spells ("cancel" where only DELETE exists) does.
    if (intent.methods && results.some((r) => r.queryTerms.includes(intent.methods!.term))) delete intent.methods;
    const scored: { entry: E; score: number; result?: SearchResult; notes: string[] }[] = [];
    const seen = new Set<string>();
    for (const r of results) {
      const entry = this.byId.get(String(r.id));
      if (!entry || !keep(entry)) continue;
      seen.add(entry.operation_id);
      const notes: string[] = [];
      let score = r.score * this.boost(entry, r, asked, intent, notes);
      if (literal.has(entry.operation_id)) {
        // A literal id or path is what was asked for: above every word match.
        score += 1e6;
        notes.unshift(literal.get(entry.operation_id)!);
      }
      scored.push({ entry, score, result: r, notes });
    }
    for (const [id, note] of literal)
      if (!seen.has(id)) {
        const entry = this.byId.get(id)!;
        if (keep(entry)) scored.push({ entry, score: 1e6, notes: [note] });
      }
    // Array.prototype.sort is stable: equal scores keep MiniSearch's order, so the output is deterministic.
    // Only the hits returned are explained: a common word can match thousands of operations.
    return scored
      .sort((a, b) => b.score - a.score)
      .slice(0, limit)
      .map(({ entry, score, result, notes }) => ({ entry, score, why: result ? explain(result, askedTerms, notes) : notes.join("; ") }));
  }

  /** The factor the request's method, number and phrasing give one operation; what applied goes to `notes`. */
  private boost(entry: E, r: SearchResult, asked: Word[], intent: MethodIntent, notes: string[]): number {
    let factor = 1 + VERSION_STEP * this.versionRank.get(apiVersion(entry.path))!;
    if (intent.methods?.methods.has(entry.method)) {
      factor *= METHOD_BOOST;
      notes.push(`method: ${entry.method} (${intent.methods.verb})`);
    }
    const shape = intent.shape ?? numberOfResource(r, asked);
    if (shape && (shape === "one") === endsInParameter(entry.path)) factor *= SHAPE_BOOST;
    if (asked.length >= 2) {
      const sequence = asked.map((w) => w.term);
      if (this.prose.get(entry.operation_id)!.some((text) => containsRun(text, sequence))) {
        factor *= PHRASE_BOOST;
        notes.push("phrase");
      }
    }
    return factor;
  }
}

/** Many or one, from how the request wrote the word that names the operation's resource (its last path segment). */
function numberOfResource(r: SearchResult, asked: Word[]): "many" | "one" | undefined {
  const named = Object.entries(r.match)
    .filter(([, fields]) => fields.includes("resource"))
    .map(([term]) => term);
  const written = asked.filter((w) => named.includes(w.term));
  if (!written.length) return undefined;
  return written.some((w) => w.plural) ? "many" : "one";
}

function containsRun(text: readonly string[], run: readonly string[]): boolean {
  outer: for (let i = 0; i + run.length <= text.length; i++) {
    for (let j = 0; j < run.length; j++) if (text[i + j] !== run[j]) continue outer;
    return true;
  }
  return false;
}

/**
 * Why an operation matched, briefly: its matched words in dictionary form grouped by the fields they matched
 * in ("id, path: invoice, send"), a word the request did not write marked `~` (a related word, a word start
 * or a typo), then what else counted ("method: POST (send)", "phrase", "literal id").
 */
function explain(r: SearchResult, asked: ReadonlySet<string>, notes: string[]): string {
  const fieldsOf = new Map<string, Set<string>>();
  for (const [term, fields] of Object.entries(r.match)) {
    // A written form ("invoices") and its lemma ("invoice") are one word to a reader.
    const word = asked.has(term) ? lemma(term).word : `${lemma(term).word}~`;
    const shown = fieldsOf.get(word) ?? new Set<string>();
    for (const field of FIELDS) if (fields.includes(field)) shown.add(SHOWN[field]);
    fieldsOf.set(word, shown);
  }
  const groups = new Map<string, string[]>();
  for (const [word, fields] of fieldsOf) {
    const key = SHOWN_ORDER.filter((f) => fields.has(f)).join(", ");
    groups.set(key, [...(groups.get(key) ?? []), word]);
  }
  return [...[...groups].map(([fields, list]) => `${fields}: ${list.join(", ")}`), ...notes].join("; ");
}
