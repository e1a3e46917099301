/**
 * A BM25F inverted index whose per-term scores are computed once, when it is built. The field weights are
 * fixed per index (fields.ts derives them from it), so each (term, operation) pair has one score: a request
 * then costs a sum over its terms' posting lists, which keeps a word every one of 13,000 operations shares
 * within a fraction of a millisecond. MiniSearch (the reference it replaced) recomputes every pair on every
 * request; the formula, its parameters and its prefix and typo weights are MiniSearch's own.
 */

/** MiniSearch's defaults: k1, b, and the floor d of BM25+. */
const K = 1.2;
const B = 0.7;
const D = 0.5;
/** MiniSearch's weights of a prefix and a typo match, before the length discount. */
const PREFIX_WEIGHT = 0.375;
const FUZZY_WEIGHT = 0.45;

export interface Posting {
  docs: Int32Array;
  scores: Float64Array;
  /** Per doc, a bit per field the term is in. */
  fields: Uint16Array;
}

export class Bm25Index {
  readonly postings = new Map<string, Posting>();
  /** The index's terms, sorted, for word starts. */
  private readonly sorted: string[];

  /** `docs[d][f]` are the terms of field `f` of document `d`; `weights[f]` that field's weight. */
  constructor(
    docs: readonly (readonly string[])[][],
    weights: readonly number[],
    readonly fieldCount = weights.length,
  ) {
    const n = docs.length;
    const totalLength = new Float64Array(fieldCount);
    for (const doc of docs) for (let f = 0; f < fieldCount; f++) totalLength[f]! += doc[f]!.length;
    const avg = Array.from(totalLength, (t) => Math.max(t / Math.max(n, 1), 1e-9));
    // term → field → doc → frequency
    const raw = new Map<string, Map<number, Map<number, number>>>();
    docs.forEach((doc, d) => {
      for (let f = 0; f < fieldCount; f++)
        for (const term of doc[f]!) {
          let byField = raw.get(term);
          if (!byField) raw.set(term, (byField = new Map()));
          let byDoc = byField.get(f);
          if (!byDoc) byField.set(f, (byDoc = new Map()));
          byDoc.set(d, (byDoc.get(d) ?? 0) + 1);
        }
    });
    for (const [term, byField] of raw) {
      const score = new Map<number, number>();
      const mask = new Map<number, number>();
      for (const [f, byDoc] of byField) {
        const idf = Math.log(1 + (n - byDoc.size + 0.5) / (byDoc.size + 0.5));
        for (const [d, tf] of byDoc) {
          const length = docs[d]![f]!.length;
          const bm25 = idf * (D + (tf * (K + 1)) / (tf + K * (1 - B + (B * length) / avg[f]!)));
          score.set(d, (score.get(d) ?? 0) + weights[f]! * bm25);
          mask.set(d, (mask.get(d) ?? 0) | (1 << f));
        }
      }
      const ids = [...score.keys()].sort((a, b) => a - b);
      this.postings.set(term, {
        docs: Int32Array.from(ids),
        scores: Float64Array.from(ids, (d) => score.get(d)!),
        fields: Uint16Array.from(ids, (d) => mask.get(d)!),
      });
    }
    this.sorted = [...this.postings.keys()].sort();
  }

  has(term: string): boolean {
    return this.postings.has(term);
  }

  /** Index terms that start with `start` and are longer, each with MiniSearch's prefix weight. */
  prefixed(start: string): [string, number][] {
    const out: [string, number][] = [];
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.sorted[mid]! < start) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < this.sorted.length && this.sorted[i]!.startsWith(start); i++) {
      const term = this.sorted[i]!;
      const distance = term.length - start.length;
      if (distance) out.push([term, (PREFIX_WEIGHT * term.length) / (term.length + 0.3 * distance)]);
    }
    return out;
  }

  /** Index terms within `maxDistance` edits of `term` (not itself), each with MiniSearch's typo weight. */
  near(term: string, maxDistance: number): [string, number][] {
    const out: [string, number][] = [];
    for (const candidate of this.sorted) {
      if (Math.abs(candidate.length - term.length) > maxDistance || candidate === term) continue;
      const distance = editDistance(term, candidate, maxDistance);
      if (distance <= maxDistance) out.push([candidate, (FUZZY_WEIGHT * candidate.length) / (candidate.length + distance)]);
    }
    return out;
  }
}

/** Letter counts of the word being compared, reused: the bag distance below needs one pass per candidate. */
const letters = new Int32Array(128);
let rowA = new Int32Array(32);
let rowB = new Int32Array(32);

/**
 * Levenshtein distance, giving up (returning max + 1) as soon as it must exceed `max`. Two cheap bounds
 * first: the bag distance (letters one word has and the other lacks, a lower bound of the edit distance)
 * rejects most words of an index without the table; the table itself is computed only within `max` of its
 * diagonal, in two reused rows.
 */
function editDistance(a: string, b: string, max: number): number {
  for (let i = 0; i < a.length; i++) letters[a.charCodeAt(i) & 127]!++;
  for (let j = 0; j < b.length; j++) letters[b.charCodeAt(j) & 127]!--;
  let surplus = 0;
  let deficit = 0;
  // Only the letters of the two words can be counted: each is read once, then cleared for the next call
  // (a pass over all 128 costs more than the words' letters, for every word of the index).
  for (let k = 0; k < a.length + b.length; k++) {
    const c = (k < a.length ? a.charCodeAt(k) : b.charCodeAt(k - a.length)) & 127;
    const n = letters[c]!;
    if (n > 0) surplus += n;
    else deficit -= n;
    letters[c] = 0;
  }
  if (Math.max(surplus, deficit) > max) return max + 1;
  if (rowA.length <= b.length) {
    rowA = new Int32Array(b.length * 2 + 1);
    rowB = new Int32Array(b.length * 2 + 1);
  }
  let previous = rowA;
  let current = rowB;
  const outside = max + 1;
  for (let j = 0; j <= b.length; j++) previous[j] = j <= max ? j : outside;
  for (let i = 1; i <= a.length; i++) {
    const from = Math.max(1, i - max);
    const to = Math.min(b.length, i + max);
    current[0] = i <= max ? i : outside;
    if (from > 1) current[from - 1] = outside;
    let best = current[0]!;
    for (let j = from; j <= to; j++) {
      const value = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + (a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1),
      );
      current[j] = value > outside ? outside : value;
      if (value < best) best = value;
    }
    if (to < b.length) current[to + 1] = outside;
    if (best > max) return outside;
    const swap = previous;
    previous = current;
    current = swap;
  }
  return Math.min(previous[b.length]!, outside);
}
