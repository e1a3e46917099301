/**
 * Splitting ids, paths, permission keys and prose into the words the search compares: lower case, split at
 * case changes and punctuation (`listTeamMembers`, `team-members`, `team_members`, `team:members` all give
 * "team member"), function words dropped, each word in its dictionary form.
 */
import { lemma } from "./lexicon.js";

/** English function words: they carry no meaning a path could hold. General grammar, no API's vocabulary. */
const FUNCTION_WORDS = new Set(
  (
    "a an the of for to in on at by with from into onto about as per via and or but nor if then than " +
    "my our your their its his her this that these those it me we you they i us them " +
    "is are was were be been being am do does did can could should would will shall may might must " +
    "please how which what who whom whose where when why some any there here just also so very " +
    "want need like let give tell given provided specified"
  ).split(" "),
);

/** Whether a lower-case word is one of English's function words ("the", "of", "with"). */
export const isFunctionWord = (word: string): boolean => FUNCTION_WORDS.has(word);

export interface Word {
  /** The dictionary form ("members" → "member"), what is indexed and matched. */
  term: string;
  /** The word as written, lower case. */
  surface: string;
  /** Its place among the text's pieces (function words included), so that words written side by side are known. */
  at: number;
  /** Written as a plural noun ("members", "children"): asks for many, so a collection. */
  plural: boolean;
  /** Inside a phrase of means ("with the given data", "using a code"): what the request is done with, not what it acts on. */
  means?: boolean;
  /** Right after an article ("a list of", "the update"): a noun there, whatever else it can be. */
  afterArticle?: boolean;
  /** In a phrase after "by" ("chatflow by API key", "user by email"): what the request looks the thing up by. */
  lookup?: boolean;
  /** Named as one the caller supplies ("the given recipient", "a specified project"): a parameter of the path. */
  named?: boolean;
  /** In a complement after a preposition ("leads for a chatflow", "embeddings of documents"): whose or where, not what. */
  complement?: boolean;
  /** For a word of a complement: the piece written before the preposition that opened it ("leads" in "leads for a chatflow"). */
  complementOf?: string;
}

/** Prepositions that open a complement of what is asked ("for a specific chatflow", "of documents", "in the store"). */
const COMPLEMENT = new Set(["of", "for", "in", "on", "from", "within", "inside", "under", "across", "at"]);

/** Words that say the next noun is one the caller supplies. */
const NAMING = new Set(["given", "specified", "specific", "particular"]);

/** Words that end a "by" phrase: prepositions and clause words ("by email for the team"). */
const PHRASE_END = new Set(["and", "or", "then", "with", "for", "of", "in", "on", "at", "to", "from", "into", "via", "using", "through"]);

const ARTICLES = new Set(["a", "an", "the"]);

/** Prepositions that open a phrase of means; a new clause ends it. */
const MEANS = new Set(["with", "using", "via", "through"]);
const CLAUSE = new Set(["and", "or", "then"]);

/** Lower-case pieces of a text, split at case changes and anything not a letter or digit. */
export function pieces(text: string): string[] {
  return (
    text
      // A possessive ("the user's roles") or a contraction ("don't") is one word, not two: no "s" or "t" of its own.
      .replace(/(?<=[A-Za-z])(n['’]t|['’](s|d|ll|re|ve|m))\b/g, "")
      .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
      .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean)
  );
}

/** The words of a text, function words left out, in order. */
export function words(text: string): Word[] {
  const out: Word[] = [];
  let means = false;
  let lookup = false;
  let complement = false;
  let complementOf = "";
  let naming = false;
  let previous = "";
  const all = pieces(text);
  for (let at = 0; at < all.length; at++) {
    const surface = all[at]!;
    if (MEANS.has(surface)) means = true;
    else if (CLAUSE.has(surface)) means = false;
    if (COMPLEMENT.has(surface)) {
      if (!complement) complementOf = all[at - 1] ?? "";
      complement = true;
    } else if (CLAUSE.has(surface) || MEANS.has(surface) || surface === "by") complement = false;
    if (surface === "by") lookup = true;
    else if (PHRASE_END.has(surface)) lookup = false;
    const afterArticle = ARTICLES.has(previous);
    previous = surface;
    // "the given recipient": the next word of meaning is one the caller names (not in a phrase of means).
    const naming_ = NAMING.has(surface);
    if (naming_) naming = !means;
    if (FUNCTION_WORDS.has(surface)) continue;
    const { word, plural } = lemma(surface);
    const named = naming && !naming_;
    if (named) naming = false;
    out.push({
      term: word,
      surface,
      plural,
      at,
      ...(means ? { means } : {}),
      ...(afterArticle ? { afterArticle } : {}),
      ...(lookup ? { lookup } : {}),
      ...(named ? { named } : {}),
      ...(complement ? { complement, complementOf } : {}),
    });
  }
  return out;
}

/** The terms alone. */
export const terms = (text: string): string[] => words(text).map((w) => w.term);

/**
 * What a document is indexed by: each word's dictionary form, and its written form too where that differs,
 * so that a request that writes a word the way the path does ("blocks") ranks that path above one with
 * only the same lemma ("block"), as plain BM25 would.
 */
export const indexTerms = (text: string): string[] => words(text).flatMap((w) => (w.surface === w.term ? [w.term] : [w.term, w.surface]));
