import { checksKey } from "../model/key-reach.js";
import { Bm25Index, type Posting } from "./bm25-index.js";
import { apiVersion, deriveFieldWeights, FIELDS, type Field, fieldText } from "./fields.js";
import { isCommonWord, lemma, narrowerWords, partsOfSpeech, relatedWords } from "./lexicon.js";
import { LiteralIndex } from "./literal.js";
import {
  endsInParameter,
  isContentWord,
  isMethodVerb,
  methodsOf,
  type MethodIntent,
  methodIntent,
  nounUse,
  onlyIntent,
  pathAction,
  saysMany,
  withPhrasalVerbs,
} from "./method-intent.js";
import type { SearchableOperation } from "./searchable.js";
import { indexTerms, isFunctionWord, pieces, type Word, terms, words } from "./words.js";

export type { SearchableOperation } from "./searchable.js";

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
/**
 * The written form of a word the index also has in its dictionary form ("settings" and "setting") adds this
 * much of its score: a path that writes the word as the request does comes first among equals, but a plural
 * does not weigh twice what a singular does.
 */
const SURFACE_WEIGHT = 1;
/** A word in a phrase of means ("with the given data", "using a code") counts this much of an asked word. */
const MEANS_WEIGHT = 0.35;
/** A word of a complement ("for a chatflow") counts this much of the words of what is asked. */
const COMPLEMENT_WEIGHT = 0.85;
/** A word that modifies the next one ("chat" in "chat message feedback") counts this much of the head. */
const MODIFIER_WEIGHT = 0.85;
/** An index word that abbreviates an asked one ("exp" for "experience") counts this much of it. */
const ABBREVIATION_WEIGHT = 0.35;
/** A closed compound and its head ("webhook" and "hook") count this much of each other. */
const COMPOUND_WEIGHT = 0.35;
/** The request's verb means this operation's method ("remove" and DELETE). */
const METHOD_BOOST = 1.4;
/** The request's verb means a change and the operation makes another kind of change, or only reads. */
const CONTRARY_FACTOR = 0.85;
/** The request names no action ("one webhook by id") and the operation reads. */
const READ_BOOST = 1.15;
/** The request asks for many and the path is a collection, or for one and the path ends in a parameter. */
const SHAPE_BOOST = 1.15;
/** The request's words appear, in order, in the operation's summary or description. */
const PHRASE_BOOST = 1.5;
/**
 * An operation served only when a condition holds (`unresolved: ["registration"]`: a feature flag, a guard
 * apidex could not read) counts this much of an equal one that is always served.
 */
const CONDITIONAL_FACTOR = 0.9;
/**
 * A documented operation counts this much more than an equal match that is not: it is the API the service
 * publishes, and an undocumented twin of it (`/team/members` beside `/api/v2/team/members`) is most often the
 * route its own web app calls.
 */
const DOCUMENTED_FACTOR = 1.1;
/**
 * An operation whose path says it is internal (`/internal-prediction`, `/_internal/sync`) counts this much of
 * an equal one that does not: the service's own front end or workers call it, not its API's users, and it is
 * most often the twin of a public route.
 */
const INTERNAL_FACTOR = 0.9;
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
  private readonly index: Bm25Index;
  /** Each operation's summary and description terms, for the phrase boost. */
  private readonly prose: string[][][];
  readonly weights: Record<Field, number>;
  private readonly literals: LiteralIndex;
  /** Each operation's factor for its API version (among equal matches, the newest first), for a conditional registration and for being documented. */
  private readonly versionFactor: Float64Array;
  /** 1 where the path names the caller's own things (`/me/...`, `/my-account/...`, `/users/self`). */
  private readonly callersOwn: Uint8Array;
  /** Some path names the caller's own things. */
  private readonly anyCallersOwn: boolean;
  /** The current request speaks of the caller's own things ("my tokens", "the signed-in user's grants"). */
  private aboutCaller = false;
  private readonly endsInParameter: Uint8Array;
  /**
   * Each operation's literal path words where its path ends in a parameter not named for its resource
   * (`/leads/{id}`, `/leads/{chatflowId}`; not `/leads/{leadId}`): that parameter may stand for what the
   * request scopes the thing by. Undefined for the others.
   */
  private readonly scopeParameter: ({ path: ReadonlySet<string>; named: ReadonlySet<string> } | undefined)[];
  /**
   * Each operation's methods by meaning, a bit each (`methodBits`): its verb's where its path ends in one (POST
   * /messages/delete), else its own. Bits rather than sets: this is read for every operation a request touches.
   */
  private readonly actsAs: Uint32Array;
  /** Each operation's own method, a bit. */
  private readonly ownMethod: Uint32Array;
  private readonly position: Map<string, number>;
  /** The operations by the words of their path parameters' names, and each name whole (`{api_key}`: "api", "key", "apikey"). */
  private readonly byParameterWord = new Map<string, number[]>();
  /** The words of the index's paths (their literal segments), in dictionary form. */
  private readonly pathWords: ReadonlySet<string>;
  /** The index's closed compounds by their head ("hook": "webhook"), for a head the index lacks on its own. */
  private readonly compoundsOf: ReadonlyMap<string, readonly string[]>;
  /**
   * Per-operation sums of one request, kept between requests (and cleared after each) so that a search
   * allocates nothing in proportion to the index. Bit 1 of resourceNumber: the request named the path's last
   * segment in the singular; bit 2: in the plural.
   */
  private readonly scratch: {
    score: Float64Array;
    matchedLeaves: Uint16Array;
    /** The words matched, a related word or a word of means counting its weight. */
    coordination: Float64Array;
    /** How much the current word has counted in `coordination` so far. */
    counted: Float64Array;
    seenBy: Int32Array;
    resourceNumber: Uint8Array;
    total: Float64Array;
    /** The operations the request's words met, then those kept (filters, literal matches), in arrival order. */
    touched: Int32Array;
    kept: Int32Array;
  };

  constructor(readonly entries: readonly E[]) {
    this.position = new Map(entries.map((e, i) => [e.operation_id, i]));
    entries.forEach((e, d) => {
      for (const word of new Set(e.path_params.flatMap((p) => [...terms(p), pieces(p).join("")]))) {
        const docs = this.byParameterWord.get(word);
        if (docs) docs.push(d);
        else this.byParameterWord.set(word, [d]);
      }
    });
    this.pathWords = new Set(entries.flatMap((e) => [...terms(fieldText(e, "resource")), ...terms(fieldText(e, "path"))]));
    const n = entries.length;
    this.scratch = {
      score: new Float64Array(n),
      matchedLeaves: new Uint16Array(n),
      coordination: new Float64Array(n),
      counted: new Float64Array(n),
      seenBy: new Int32Array(n).fill(-1),
      resourceNumber: new Uint8Array(n),
      total: new Float64Array(n),
      touched: new Int32Array(n),
      kept: new Int32Array(n),
    };
    this.weights = deriveFieldWeights(entries);
    this.literals = new LiteralIndex(entries);
    const versions = [...new Set(entries.map((e) => apiVersion(e.path)))].sort((a, b) => a - b);
    const rank = new Map(versions.map((v, i) => [v, i]));
    this.versionFactor = Float64Array.from(
      entries,
      (e) =>
        (1 + VERSION_STEP * rank.get(apiVersion(e.path))!) *
        (e.unresolved?.includes("registration") ? CONDITIONAL_FACTOR : 1) *
        (e.documented ? DOCUMENTED_FACTOR : 1) *
        (namesInternal(e.path) ? INTERNAL_FACTOR : 1),
    );
    this.endsInParameter = Uint8Array.from(entries, (e) => (endsInParameter(e.path) ? 1 : 0));
    this.callersOwn = Uint8Array.from(entries, (e) => (namesCallersOwn(e.path) ? 1 : 0));
    this.anyCallersOwn = this.callersOwn.includes(1);
    // Operations by method, path and summary, to find one handler served at a path and at that path plus a
    // parameter (Express's `router.get(["/", "/:id"], getAllLeads)`).
    const served = new Set(entries.map((e) => `${e.method} ${e.path} ${e.summary}`));
    this.scopeParameter = entries.map((e) => {
      if (!endsInParameter(e.path) || !e.path_params.length) return undefined;
      // Evidence that the parameter is no item of the path's own: one handler served without it too, or a
      // summary that says the operation answers many ("Get all chat messages" at /chatmessage/{id}).
      const twin = served.has(`${e.method} ${e.path.replace(/\/[^/]*$/, "")} ${e.summary}`);
      if (!twin && !(e.method === "GET" && terms(e.summary).some(saysMany))) return undefined;
      const resource = new Set(terms(fieldText(e, "resource")));
      const named = terms(e.path_params.at(-1)!).filter((t) => t !== "id");
      if (named.some((t) => resource.has(t))) return undefined;
      return { path: new Set([...resource, ...terms(fieldText(e, "path"))]), named: new Set(named) };
    });
    this.actsAs = Uint32Array.from(entries, (e) => methodBits(pathAction(e.path)?.methods ?? [e.method]));
    this.ownMethod = Uint32Array.from(entries, (e) => methodBits([e.method]));
    this.index = new Bm25Index(
      entries.map((e) => FIELDS.map((f) => indexTerms(fieldText(e, f)))),
      FIELDS.map((f) => this.weights[f]),
    );
    this.prose = entries.map((e) => [e.documented ? e.summary : "", e.description ?? ""].filter(Boolean).map((text) => terms(text)));
    const compounds = new Map<string, string[]>();
    for (const term of [...this.index.postings.keys()].sort()) {
      const head = compoundHead(term, isCommonWord);
      if (head && !this.index.has(head)) compounds.set(head, [...(compounds.get(head) ?? []), term]);
    }
    this.compoundsOf = compounds;
  }

  search(query: string | undefined, filters: SearchFilters = {}, limit = Number.POSITIVE_INFINITY): SearchHit<E>[] {
    const filtered = Boolean(filters.pathContains || filters.permission || filters.method || filters.effect);
    const keep = (e: E) =>
      !filtered ||
      ((!filters.pathContains || e.path.toLowerCase().includes(filters.pathContains.toLowerCase())) &&
        (!filters.permission || checksKey(e, filters.permission)) &&
        (!filters.method || e.method === filters.method.toUpperCase()) &&
        (!filters.effect || e.effect === filters.effect));
    // "set up a source" asks to create one: phrasal verbs as the single verbs they mean. Literal ids and paths
    // are matched on the request as written.
    const text = query ? withPhrasalVerbs(query) : "";
    const asked = words(text);
    if (!asked.length)
      return this.entries
        .filter(keep)
        .slice(0, limit)
        .map((entry) => ({ entry, score: 0, why: "" }));

    const literal = this.literals.match(query!);
    const intent = methodIntent(asked, this.pathWords, text);
    const callerNouns = callerNounsOf(text);
    this.aboutCaller = speaksOfCaller(text, callerNouns);
    // Verbs like "get" or "remove" and words like "all" say only the method or the number: they act
    // through `intent`, unless the request has no other words.
    // A second verb of another method than the request's verb is a word of what is asked ("get new user
    // count": /users/new; "create or replace the templates": replace_templates), not a second intent;
    // after an article it is a noun ("create a list of templates").
    const otherVerb = (w: Word) =>
      intent.methods !== undefined &&
      isMethodVerb(w.term) &&
      !w.afterArticle &&
      !methodsOf(w.term).some((m) => intent.methods!.methods.has(m));
    const written = pieces(text);
    // A content noun the API's paths spell ("data" and /export-data) names a thing the API serves, unless a
    // noun before it says whose content it is ("user data").
    const servedContent = (w: Word) => isContentWord(w.term) && this.pathWords.has(w.term) && !isNounLike(written[w.at - 1]);
    // A method's word that says no method of the request's, where a path spells it, is that path's word ("how
    // many new users" and /users/new; not "create a new role", where "new" repeats the verb).
    const spelledWord = (w: Word) =>
      isMethodVerb(w.term) && this.pathWords.has(w.term) && !methodsOf(w.term).some((m) => intent.methods?.methods.has(m));
    const intentOnly = (w: Word, i: number) =>
      onlyIntent(w.term) && !nounUse(w, i, this.pathWords) && !otherVerb(w) && !servedContent(w) && !spelledWord(w);
    // "the current user's config": where the API has paths for the caller's own things (`/my-account/...`), the
    // noun naming the caller is what those paths say by `my`, no thing of its own to search.
    const callerNoun = (w: Word) => this.anyCallersOwn && callerNouns.includes(w.at);
    const meaningful = asked.filter((w, i) => !intentOnly(w, i) && !callerNoun(w));
    const searched = meaningful.length ? meaningful : asked;
    const askedTerms = new Set(searched.flatMap((w) => [w.term, w.surface]));
    const leaves: Leaf[] = [];
    const leaf = (
      source: string,
      weight: number,
      plural?: boolean,
      related: readonly string[] = [],
      written = false,
      word = leaves.length,
    ) => {
      if (leaves.some((l) => l.source === source)) return;
      const derived: Leaf["derived"] = [];
      const own = this.index.postings.get(source);
      if (own) derived.push({ term: source, weight, counts: weight, posting: own });
      // A word the index has is matched as itself; only a word it lacks is taken for the start of one
      // ("techn") or a typo ("paymnt"), so that "alert" does not also count as "alerts".
      else if (askedTerms.has(source)) {
        const expansions = new Map<string, number>();
        if (source.length >= 4) for (const [t, w] of this.index.prefixed(source)) expansions.set(t, w);
        // A typo is no word: a common English word the index lacks ("constants") is not a misspelling of
        // an index word near it ("consent").
        if (source.length >= 5 && !isCommonWord(source))
          for (const [t, w] of this.index.near(source, Math.round(source.length * 0.2))) if (!expansions.has(t)) expansions.set(t, w);
        for (const [t, w] of expansions)
          derived.push({ term: t, weight: weight * w, counts: weight, posting: this.index.postings.get(t)! });
        // An adjective made of a noun with "-y" ("healthy", "wealthy", "noisy" of "noise") names that noun.
        const noun = source.length >= 5 && source.endsWith("y") ? [source.slice(0, -1), `${source.slice(0, -2)}e`] : [];
        for (const n of noun)
          if (n !== source && this.index.has(n) && !expansions.has(n))
            derived.push({
              term: n,
              weight: RELATED_WEIGHT * weight,
              counts: RELATED_WEIGHT * weight,
              posting: this.index.postings.get(n)!,
            });
      }
      // A word the request wrote that is no common English word and begins longer words of the index is their
      // abbreviation ("app" of "application", "doc" of "document", "org" of "organization"), whether or not
      // the index has it too: those words count like a related word.
      // (A word of four letters or more the index lacks already matches the words it begins, above.)
      if (written && source.length >= 3 && !isCommonWord(source) && (own || source.length < 4))
        for (const [long] of this.index.prefixed(source))
          if (long.length >= source.length + 2 && !askedTerms.has(long))
            derived.push({
              term: long,
              weight: ABBREVIATION_WEIGHT * weight,
              counts: ABBREVIATION_WEIGHT * weight,
              posting: this.index.postings.get(long)!,
            });
      // An index word that begins this one and is no common English word is its abbreviation ("exp" of
      // "experience", "auth" of "authentication", "org" of "organization"): the same word, at a lower weight.
      if (askedTerms.has(source))
        for (let n = 3; n <= source.length - 2; n++) {
          const short = source.slice(0, n);
          const posting = this.index.postings.get(short);
          if (posting && !isCommonWord(short) && !askedTerms.has(short))
            derived.push({ term: short, weight: ABBREVIATION_WEIGHT * weight, counts: ABBREVIATION_WEIGHT * weight, posting });
        }
      // An index word made of this one's letters in order, starting as it does, and no common English word, is
      // its contraction ("authn" of "authentication", "mgmt" of "management", "msg" of "message"): the same.
      // Only of a word the request wrote: two joined ("chatflow id") contract to any compound ("chatid").
      if (written && source.length >= 5)
        for (const [short] of this.index.prefixed(source.slice(0, 2))) {
          if (short.length < 3 || short.length > source.length - 2 || source.startsWith(short) || askedTerms.has(short)) continue;
          if (!isSubsequence(short, source) || isCommonWord(short)) continue;
          derived.push({
            term: short,
            weight: ABBREVIATION_WEIGHT * weight,
            counts: ABBREVIATION_WEIGHT * weight,
            posting: this.index.postings.get(short)!,
          });
        }
      // A closed compound and its head are the same thing, more or less precisely named ("webhook" is a
      // kind of "hook", "datasource" of "source"): a word the index lacks meets the other at a lower weight.
      if (written && !own) {
        const head = compoundHead(source, (w) => isCommonWord(w) || this.index.has(w));
        const heads = head && this.index.has(head) && !askedTerms.has(head) ? [head] : [];
        for (const term of [...heads, ...(this.compoundsOf.get(source) ?? [])])
          derived.push({
            term,
            weight: COMPOUND_WEIGHT * weight,
            counts: COMPOUND_WEIGHT * weight,
            posting: this.index.postings.get(term)!,
          });
      }
      // A noun made of a verb or the verb of a noun ("invite" and "invitation", "verify" and "verification",
      // "assign" and "assignment") names the same act: like a related word.
      if (written && source.length >= 5)
        for (const r of derivations(source))
          if (r !== source && !askedTerms.has(r) && !related.includes(r) && !derived.some((x) => x.term === r)) {
            const posting = this.index.postings.get(r);
            if (posting) derived.push({ term: r, weight: RELATED_WEIGHT * weight, counts: RELATED_WEIGHT * weight, posting });
          }
      // WordNet's words beside it are the same word of the request, at a lower weight: an operation that
      // has several of them has still met one word.
      for (const r of related)
        if (!askedTerms.has(r) && !onlyIntent(r) && r !== source) {
          const posting = this.index.postings.get(r);
          if (posting) derived.push({ term: r, weight: RELATED_WEIGHT * weight, counts: RELATED_WEIGHT * weight, posting });
        }
      if (derived.length) leaves.push({ source, word, derived, ...(plural !== undefined ? { plural } : {}) });
    };
    // Words of a phrase of means ("with the given data") say what the request is done with, not what it
    // acts on: they count like related words, unless the request has no others.
    const hasObject = searched.some((w) => !w.means);
    const hasHead = searched.some((w) => !w.complement && !w.means);
    // In a run of nouns ("chat message feedback"), the last is the head: what is asked for; those before it
    // only say which one.
    const modifier = (w: Word) => searched.some((n) => n.at === w.at + 1) && !isMethodVerb(w.term);
    for (const w of searched) {
      const weight =
        (w.means && hasObject ? MEANS_WEIGHT : 1) * (modifier(w) ? MODIFIER_WEIGHT : 1) * (w.complement && hasHead ? COMPLEMENT_WEIGHT : 1);
      const word = leaves.length;
      // A word no operation uses may be what the API names by a kind of it ("a response" and /feedback,
      // "the past" and /history): WordNet's narrower words stand for it, as related words do.
      const related = this.index.has(w.term) ? relatedWords(w.term) : [...new Set([...relatedWords(w.term), ...narrowerWords(w.term)])];
      leaf(w.term, weight, w.plural, related, true, word);
      leaf(w.surface, SURFACE_WEIGHT * weight, w.plural, [], true, word);
    }
    // Two words a path may write as one ("chat message" and /chatmessage, "api key" and /apikey): the one
    // word meets both, half its score each, so that it counts as the two words it writes and no more (a path
    // with "vectorstore" and "store" has met "vector store", not three words).
    for (let i = 0; i + 1 < asked.length; i++) {
      const joined = asked[i]!.surface + asked[i + 1]!.surface;
      const halves = [asked[i]!, asked[i + 1]!].map((w) => leaves.find((l) => l.source === w.term));
      for (const term of new Set([joined, lemma(joined).word])) {
        const posting = this.index.postings.get(term);
        if (!posting) continue;
        askedTerms.add(term);
        if (halves[0] && halves[1] && halves[0].word !== halves[1].word) {
          for (const half of halves)
            if (!half!.derived.some((x) => x.term === term)) half!.derived.push({ term, weight: 0.5, counts: 1, posting });
        } else leaf(term, 1);
      }
    }
    // The initials of two to four words in a row, where the index has them as a word: paths abbreviate
    // ("multi-factor authentication" and /mfa, "non-fungible token" and /nft, "single sign-on" and /sso).
    // The run starts and ends with a word of meaning, its words are not abbreviations themselves ("user id"
    // is no "ui"), and its initials are not a word the request wrote.
    for (let i = 0; i < written.length; i++)
      for (let n = 2; n <= 4 && i + n <= written.length; n++) {
        const run = written.slice(i, i + n);
        const initials = run.map((p) => p[0]).join("");
        if (isFunctionWord(run[0]!) || isFunctionWord(run[n - 1]!) || run.some((p) => p.length < 3) || written.includes(initials)) continue;
        if (/^[a-z]+$/.test(initials) && this.index.has(initials) && !askedTerms.has(initials)) {
          askedTerms.add(initials);
          leaf(initials, 1);
        }
      }

    // A verb some operation spells ("cancel" in /orders/{id}/cancel) is met by that operation's words:
    // its method then favours nothing else. A verb none spells ("cancel" where only DELETE exists) does.
    // Spelt by the operation itself: a word that only begins, contains or is near the verb ("overwrite" and
    // "write") is no action a path names.
    const spelling =
      intent.methods && leaves.some((l) => l.source === intent.methods!.term) ? this.spelling(intent.methods.term) : new Set<number>();
    // What it asks to do stays known: an operation that neither spells the verb nor has its method still
    // contradicts it ("upsert embeddings" and a GET of embeddings).
    const asks = intent.methods;
    if (intent.methods && this.actionOnAsked(intent.methods, spelling, leaves)) delete intent.methods;
    // A verb searched as a word is met where an operation names what it does, not by a permission key alone:
    // GET /embeddings behind "stores:upsert-config" does no upsert.
    const verbLeaf = (l: Leaf) => asks !== undefined && (l.source === asks.term || l.source === asks.verb);
    const permissionsOnly = 1 << FIELDS.indexOf("permissions");

    // Sum each leaf's precomputed scores; like MiniSearch, multiply by how many of the request's words an
    // operation met (`coordination`: a related word, an abbreviation or a word of means counts its weight).
    const { score, matchedLeaves, coordination, counted, seenBy, resourceNumber, total, touched, kept } = this.scratch;
    let touchedCount = 0;
    const resourceBit = 1 << FIELDS.indexOf("resource");
    // A word's written form ("settings") and its dictionary form ("setting") are one word of the request met.
    for (const l of leaves) {
      const verb = verbLeaf(l);
      for (const { weight, counts, posting } of l.derived)
        for (let i = 0; i < posting.docs.length; i++) {
          if (verb && posting.fields[i] === permissionsOnly) continue;
          const d = posting.docs[i]!;
          if (seenBy[d] !== l.word) {
            if (!matchedLeaves[d]) touched[touchedCount++] = d;
            seenBy[d] = l.word;
            matchedLeaves[d]!++;
            counted[d] = 0;
          }
          // An operation meets each word of the request once, as much as its best form counts.
          if (counts > counted[d]!) {
            coordination[d]! += counts - counted[d]!;
            counted[d] = counts;
          }
          score[d]! += weight * posting.scores[i]!;
          if (l.plural !== undefined && counts === 1 && posting.fields[i]! & resourceBit) resourceNumber[d]! |= l.plural ? 2 : 1;
        }
    }

    // Scores first, as numbers; notes and `why` only for the few returned (thousands may match a common word).
    let keptCount = 0;
    const phrased = this.phrased(asked);
    // The words after "by", each alone and joined ("api key" and `{apikey}`), but not "id": every item has one.
    const lookupWords = asked.filter((w) => w.lookup && w.term !== "id");
    const lookup = [...lookupWords.map((w) => w.term), ...(lookupWords.length > 1 ? [lookupWords.map((w) => w.surface).join("")] : [])];
    // What the request scopes the thing it reads by ("leads for a chatflow"): another thing. Not what a word
    // of number or kind is of ("a list of addresses", "all of the leads"), nor where a new item goes.
    const scope =
      intent.creates || !(intent.methods || intent.reads)
        ? []
        : searched
            .filter((w) => w.complement && w.term !== "id" && w.complementOf && !onlyIntent(lemma(w.complementOf).word))
            .map((w) => w.term);
    // Where each literal match is (a few at most), so that each operation's test is a number's.
    const request: RequestTraits = {
      intent,
      asks,
      wanted: intent.methods ? methodBits(intent.methods.methods) : 0,
      asked: asks ? methodBits(asks.methods) : 0,
      spelling,
      phrased,
      scope,
      lookupDocs: new Set(lookup.flatMap((term) => this.byParameterWord.get(term) ?? [])),
    };
    const literalDocs = new Set([...literal.keys()].map((id) => this.position.get(id)!));
    for (let t = 0; t < touchedCount; t++) {
      const d = touched[t]!;
      const entry = this.entries[d]!;
      if (!keep(entry)) continue;
      total[d] = score[d]! * coordination[d]! * this.boost(d, resourceNumber[d]!, coordination[d]!, request);
      // A literal id or path is what was asked for: above every word match.
      if (literalDocs.size && literalDocs.has(d)) total[d]! += 1e6;
      kept[keptCount++] = d;
    }
    for (const d of literalDocs)
      if (!matchedLeaves[d] && keep(this.entries[d]!)) {
        total[d] = 1e6;
        kept[keptCount++] = d;
      }
    // Ties go to the index's order, so the output is deterministic.
    const top = topByScore(kept.subarray(0, keptCount), limit, total);
    const hits = top.map((d) => {
      const entry = this.entries[d]!;
      const notes: string[] = [];
      const note = literal.get(entry.operation_id);
      if (note) notes.push(note);
      if (matchedLeaves[d]) this.boost(d, resourceNumber[d]!, coordination[d]!, request, notes);
      return { entry, score: total[d]!, why: explain(d, leaves, askedTerms, notes, (l, mask) => verbLeaf(l) && mask === permissionsOnly) };
    });
    // The scratch arrays are the search's own and reused: clear what this request wrote.
    for (const list of [touched.subarray(0, touchedCount), kept.subarray(0, keptCount)])
      for (const d of list) {
        score[d] = 0;
        matchedLeaves[d] = 0;
        coordination[d] = 0;
        seenBy[d] = -1;
        resourceNumber[d] = 0;
        total[d] = 0;
      }
    return hits;
  }

  /**
   * Whether some operation spells the request's verb where an operation names what it does (its id, path or
   * last segment) and meets another word of the request: the action on the thing asked about ("register a
   * webhook" and /webhooks/register). A description that uses the verb ("fails rather than overwrite") names
   * no action, and neither does a path that spells it for something else (/password/register).
   */
  private actionOnAsked(verb: { term: string; verb: string }, spelling: ReadonlySet<number>, leaves: readonly Leaf[]): boolean {
    if (!spelling.size) return false;
    const others = leaves.filter((l) => l.source !== verb.term && l.source !== verb.verb);
    // A request with no other word asks for the action alone.
    if (!others.length) return true;
    return others.some((l) => l.derived.some(({ posting }) => posting.docs.some((d) => spelling.has(d))));
  }

  /** The operations whose id, path or last segment spell a word. */
  private spelling(term: string): Set<number> {
    const mask = (1 << FIELDS.indexOf("id")) | (1 << FIELDS.indexOf("path")) | (1 << FIELDS.indexOf("resource"));
    const where = (t: string) => {
      const posting = this.index.postings.get(t);
      return posting ? posting.docs.filter((_, i) => (posting.fields[i]! & mask) !== 0) : [];
    };
    const spelt = new Set(where(term));
    // A path that writes the verb inflected names a thing, not the action: `/saved-searches` (what was saved),
    // `/grants` (what was granted) are no "save" or "grant" to do.
    for (const inflected of this.inflectionsOf(term)) for (const d of where(inflected)) spelt.delete(d);
    return spelt;
  }

  /** The index's written forms of a word other than its dictionary form ("saved", "grants" of "save", "grant"). */
  private inflectionsOf(term: string): string[] {
    if (!this.inflections) {
      this.inflections = new Map();
      for (const t of this.index.postings.keys()) {
        const base = lemma(t).word;
        if (base !== t) this.inflections.set(base, [...(this.inflections.get(base) ?? []), t]);
      }
    }
    return this.inflections.get(term) ?? [];
  }
  private inflections: Map<string, string[]> | undefined;

  /**
   * The factor the request's method, number and phrasing give one operation, which has met `met` of the
   * request's words; what applied goes to `notes`.
   */
  private boost(doc: number, resourceNumber: number, met: number, request: RequestTraits, notes?: string[]): number {
    const { intent, asks, spelling, lookupDocs, scope, phrased } = request;
    let factor = this.versionFactor[doc]!;
    // An RPC-style path's verb is its method by meaning: POST /messages/delete deletes.
    const acts = this.actsAs[doc]!;
    // One that spells the verb (/password/register for "register a webhook") met it as a word already.
    if (intent.methods && (acts & request.wanted) !== 0 && !spelling.has(doc)) {
      // The verb is a word of the request, and this operation meets it: it counts among the words met, as
      // the words of what is asked do ("create a webhook for notifications": a create that meets "webhook"
      // has met two words, as a delete that meets "webhook" and "notification" in its description has).
      factor *= METHOD_BOOST * ((met + 1) / met);
      notes?.push(
        acts & this.ownMethod[doc]! ? `method: ${this.entries[doc]!.method} (${intent.methods.verb})` : `action: ${intent.methods.verb}`,
      );
    }
    // A delete where the request makes or changes something, or the reverse ("register a webhook" and DELETE
    // /webhooks/{id}), undoes what the request wants done; a read where it asks for a change ("update the
    // settings" and GET /settings) does not do it. (A POST that updates, a PUT that creates, are common
    // enough that neither contradicts the other; a POST that reads, a search, is common too.)
    else if (
      asks &&
      !(request.asked & GET) &&
      !(intent.methods === undefined && (acts & request.asked) !== 0) &&
      (acts & GET ? !(acts & POST) : (request.asked & DELETE) !== (acts & DELETE)) &&
      !spelling.has(doc)
    )
      factor *= CONTRARY_FACTOR;
    // A request that names no action reads: a GET, by a little (the thing named matters far more).
    else if (intent.reads && this.ownMethod[doc] === GET) {
      factor *= READ_BOOST;
      notes?.push("method: GET (no action named)");
    }
    // A request that only asks to be told ("what are my team's settings?") is not done by changing or deleting
    // anything (a POST may be a search, so it is left alone).
    else if (intent.reads && !(acts & (GET | POST))) factor *= CONTRARY_FACTOR;
    // Many or one: from the words, else from how the request wrote the word naming the path's last segment.
    // A verb that makes an item takes a singular noun ("create a user") and posts to the collection.
    const shape = intent.shape ?? (resourceNumber & 2 ? "many" : resourceNumber & 1 && !intent.creates ? "one" : undefined);
    // A path ending in a parameter not named for its thing, where the request scopes the thing by another its
    // path does not spell ("all leads for a chatflow" and /leads/{id}): the parameter is that other thing, the
    // path a collection of it: one of that, many of this.
    // A parameter named for something (`{pageNo}`) is that thing; an `{id}` may be any.
    const parameter = this.scopeParameter[doc];
    const scoped =
      parameter !== undefined && scope.some((t) => !parameter.path.has(t) && (!parameter.named.size || parameter.named.has(t)));
    if (shape && (scoped || (shape === "one") === (this.endsInParameter[doc] === 1))) factor *= SHAPE_BOOST;
    const looksUpBy = lookupDocs.has(doc);
    if (scoped && !looksUpBy) {
      factor *= SHAPE_BOOST;
      notes?.push("parameter (scope)");
    }
    // "chatflow by API key": the operation that takes what the request looks it up by as a parameter.
    if (looksUpBy) {
      factor *= SHAPE_BOOST;
      notes?.push("parameter");
    }
    // "my grants", "the current user's config": where the API has the caller's own (`/my-account/grants`,
    // `/me/grants`), that is it, rather than any user's (`/users/{userId}/grants`).
    if (this.aboutCaller && this.callersOwn[doc]) {
      factor *= SHAPE_BOOST;
      notes?.push("path: the caller's own");
    }
    if (phrased.has(doc)) {
      factor *= PHRASE_BOOST;
      notes?.push("phrase");
    }
    return factor;
  }

  /**
   * The operations whose summary or description has the request's words in order. Only those that have the
   * request's rarest word can, so only they are read (a common word may be in thousands of operations).
   */
  private phrased(asked: readonly Word[]): Set<number> {
    const out = new Set<number>();
    if (asked.length < 2) return out;
    const sequence = asked.map((w) => w.term);
    let rarest: Posting | undefined;
    for (const term of sequence) {
      const posting = this.index.postings.get(term);
      if (!posting) return out;
      if (!rarest || posting.docs.length < rarest.docs.length) rarest = posting;
    }
    for (const doc of rarest!.docs) if (this.prose[doc]!.some((text) => containsRun(text, sequence))) out.add(doc);
    return out;
  }
}

/** HTTP methods as bits, so that whether two sets of them meet is one AND (per operation a request touches). */
const METHOD_BIT = new Map<string, number>();
const bitOf = (method: string): number => {
  let bit = METHOD_BIT.get(method);
  if (bit === undefined) {
    // Any method a service names gets a bit; past 31 of them, the rest share the last (never the case).
    bit = 1 << Math.min(METHOD_BIT.size, 31);
    METHOD_BIT.set(method, bit);
  }
  return bit;
};
const GET = bitOf("GET");
const POST = bitOf("POST");
const DELETE = bitOf("DELETE");
const bitsOfSets = new WeakMap<ReadonlySet<string>, number>();

/** The bits of a list or set of methods (a set's are remembered: the intents' sets are shared constants). */
function methodBits(methods: Iterable<string>): number {
  const known = methods instanceof Set ? bitsOfSets.get(methods) : undefined;
  if (known !== undefined) return known;
  let bits = 0;
  for (const m of methods) bits |= bitOf(m);
  bits >>>= 0;
  if (methods instanceof Set) bitsOfSets.set(methods, bits);
  return bits;
}

/** A path segment that names the caller's own things, as REST APIs spell it: `me`, `my-...`, `self`, `mine`. */
const CALLERS_OWN = new Set(["me", "my", "self", "mine"]);

/** Whether a path names the caller's own things in a literal segment (`/me/grants`, `/my-account/grants`). */
export function namesCallersOwn(path: string): boolean {
  return path.split("/").some((segment) => !/^[{:[*]/.test(segment) && CALLERS_OWN.has(pieces(segment)[0] ?? ""));
}

/** Whether a literal segment of a path says it is internal (`/internal-chatmessage`, `/_internal/`). */
export function namesInternal(path: string): boolean {
  return path.split("/").some((segment) => !/^[{:[*]/.test(segment) && pieces(segment).includes("internal"));
}

/**
 * Whether a request speaks of the caller's own things: a first-person possessive or object ("my tokens",
 * "grants I have given", "our team") or the caller named as such ("the current user", "the signed-in
 * user's devices", "the authenticated account").
 */
export function speaksOfCaller(text: string, callerNouns: readonly number[] = callerNounsOf(text)): boolean {
  return callerNouns.length > 0 || pieces(text).some((p) => FIRST_PERSON.has(p));
}

const FIRST_PERSON = new Set(["my", "me", "mine", "myself", "i", "our", "ours", "we", "us"]);
const CALLER_MARKS = new Set(["current", "signed", "logged", "authenticated", "calling", "requesting"]);
const CALLER_NOUNS = new Set(["user", "users", "account", "caller", "member"]);

/** Where a request names the caller ("the current user", "the signed-in user"): the nouns' positions in its pieces. */
export function callerNounsOf(text: string): number[] {
  const ps = pieces(text);
  const out: number[] = [];
  ps.forEach((p, i) => {
    if (!CALLER_MARKS.has(p)) return;
    // "signed in user", "logged-in account": the noun within two words.
    const at = [i + 1, i + 2].find((j) => CALLER_NOUNS.has(ps[j] ?? ""));
    if (at !== undefined) out.push(at);
  });
  return out;
}

/**
 * The first `limit` of `items` by `total`, highest first and ties in index order (so the output is
 * deterministic), without sorting them all when `limit` is small.
 */
function topByScore(items: Int32Array, limit: number, total: Float64Array): number[] {
  const before = (a: number, b: number) => total[b]! - total[a]! || a - b;
  if (limit >= items.length / 4) return Array.from(items).sort(before).slice(0, limit);
  const top: number[] = [];
  for (const item of items) {
    if (top.length === limit) {
      // Most of thousands of items are below the last kept: one comparison of numbers, no call.
      const last = top[limit - 1]!;
      if (total[item]! < total[last]! || (total[item] === total[last] && item > last)) continue;
    }
    let i = Math.min(top.length, limit - 1);
    if (top.length < limit) top.push(item);
    while (i > 0 && before(item, top[i - 1]!) < 0) {
      top[i] = top[i - 1]!;
      i--;
    }
    top[i] = item;
  }
  return top;
}

/**
 * The head of a closed compound: the word's last four letters or more, when what comes before is a word of
 * three letters or more (`isWord`) and the head is a common English word ("webhook": "hook", "datasource":
 * "source"). The longest such head, so "username" gives "name" and not a shorter word inside it.
 */
export function compoundHead(word: string, isWord: (w: string) => boolean): string | undefined {
  for (let n = 3; n <= word.length - 4; n++) {
    const head = word.slice(n);
    if (isCommonWord(head) && isWord(word.slice(0, n))) return head;
  }
  return undefined;
}

/**
 * Whether a written word is a noun where it stands before another: most often a noun in general English, or a
 * word English does not know (an API's own noun: "chatflow", "connector").
 */
function isNounLike(word: string | undefined): boolean {
  if (!word || isFunctionWord(word)) return false;
  const tags = partsOfSpeech(word);
  return !tags || tags[0]!.startsWith("NN");
}

/** English's suffixes that make a noun of a verb ("invite" + "ation", "assign" + "ment", "verify" → "verification"). */
const NOMINAL_SUFFIXES = ["ation", "ition", "ion", "ment", "al", "ance", "ence"];

/**
 * The words a verb's nouns would be, and the verbs a noun in one of those suffixes would come from, by
 * English's regular derivation: a final "e" drops before the suffix ("invite", "invitation"), a final "y"
 * becomes "ication" ("verify", "verification"). Candidates only: the index keeps those it has.
 */
export function derivations(word: string): string[] {
  const out = new Set<string>();
  const stems = [word, ...(word.endsWith("e") ? [word.slice(0, -1)] : [])];
  for (const stem of stems) for (const suffix of NOMINAL_SUFFIXES) out.add(stem + suffix);
  if (word.endsWith("y")) out.add(`${word.slice(0, -1)}ication`);
  // A verb in -d, -de or -se makes its noun in -sion ("suspend", "decide", "revise"); one in -mit, in -mission.
  if (/[aeiou]n?d$|de$|se$/.test(word)) out.add(`${word.replace(/(de|se|d)$/, "")}sion`);
  if (word.endsWith("mit")) out.add(`${word.slice(0, -1)}ssion`);
  if (word.endsWith("sion") && word.length >= 8) {
    const stem = word.endsWith("ssion") ? word.slice(0, -5) : word.slice(0, -4);
    if (word.endsWith("ssion")) out.add(`${stem}t`);
    else for (const end of ["d", "de", "se"]) out.add(stem + end);
  }
  for (const suffix of NOMINAL_SUFFIXES)
    if (word.endsWith(suffix) && word.length - suffix.length >= 3) {
      const stem = word.slice(0, -suffix.length);
      out.add(stem);
      out.add(`${stem}e`);
      if (suffix === "ation" && stem.endsWith("ic")) out.add(`${stem.slice(0, -2)}y`);
    }
  out.delete(word);
  return [...out];
}

/** Whether `short`'s letters all appear in `long`, in order. */
function isSubsequence(short: string, long: string): boolean {
  let i = 0;
  for (let j = 0; j < long.length && i < short.length; j++) if (long[j] === short[i]) i++;
  return i === short.length;
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
function explain(
  doc: number,
  leaves: readonly Leaf[],
  asked: ReadonlySet<string>,
  notes: string[],
  unmet: (l: Leaf, mask: number) => boolean,
): string {
  const fieldsOf = new Map<string, Set<string>>();
  for (const l of leaves)
    for (const { term, posting } of l.derived) {
      const mask = fieldsIn(posting, doc);
      if (!mask || unmet(l, mask)) continue;
      // A written form ("invoices") and its lemma ("invoice") are one word to a reader.
      const word = asked.has(term) ? lemma(term).word : `${lemma(term).word}~`;
      const shown = fieldsOf.get(word) ?? new Set<string>();
      FIELDS.forEach((field, f) => {
        if (mask & (1 << f)) shown.add(SHOWN[field]);
      });
      fieldsOf.set(word, shown);
    }
  const groups = new Map<string, string[]>();
  for (const [word, fields] of fieldsOf) {
    const key = SHOWN_ORDER.filter((f) => fields.has(f)).join(", ");
    groups.set(key, [...(groups.get(key) ?? []), word]);
  }
  return [...[...groups].map(([fields, list]) => `${fields}: ${list.join(", ")}`), ...notes].join("; ");
}

/** The fields a posting has a document in (a bit each), 0 when it has not. */
function fieldsIn(posting: Posting, doc: number): number {
  let lo = 0;
  let hi = posting.docs.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const d = posting.docs[mid]!;
    if (d === doc) return posting.fields[mid]!;
    if (d < doc) lo = mid + 1;
    else hi = mid - 1;
  }
  return 0;
}

/** What one request asks, as each operation's factor reads it (computed once per request, not per operation). */
interface RequestTraits {
  intent: MethodIntent;
  /** The verb's methods, even where an operation spelling it made `intent.methods` give way. */
  asks: MethodIntent["methods"];
  /** The bits of `intent.methods` and of `asks`. */
  wanted: number;
  asked: number;
  /** The operations whose id, path or last segment spell the verb. */
  spelling: ReadonlySet<number>;
  /** The operations whose summary or description has the request's words in order. */
  phrased: ReadonlySet<number>;
  /** The words the request scopes the thing it reads by ("leads for a chatflow"). */
  scope: readonly string[];
  /** The operations with a path parameter named for what the request looks the thing up by ("by email"). */
  lookupDocs: ReadonlySet<number>;
}

/** One word of the request as searched: its own term, or what a word start or typo of it matched. */
interface Leaf {
  source: string;
  /** The request's word it is a form of: two leaves of one word (written and dictionary form) count as one word met. */
  word: number;
  /** The index words it matches: `weight` scales their scores, `counts` is how much meeting one counts as meeting the word. */
  derived: { term: string; weight: number; counts: number; posting: Posting }[];
  /** For a word the request wrote: whether it wrote it as a plural. */
  plural?: boolean;
}
