/**
 * Canonical JSON text: two-space indentation and a trailing newline. Objects keep the key order their
 * emitter built (each emitter builds in the documented canonical order); map-like objects are sorted
 * with `byCodePoint` before they get here. No locale is involved anywhere, so every machine agrees.
 */
export function canonicalJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** Locale-independent string order (UTF-16 code units), for every sort that reaches an artifact. */
export function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A copy of a record with its keys in code-point order. */
export function sortedRecord<T>(record: Record<string, T>): Record<string, T> {
  const out: Record<string, T> = {};
  for (const key of Object.keys(record).sort(byCodePoint)) out[key] = record[key]!;
  return out;
}
