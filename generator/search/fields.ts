/**
 * The fields an operation is searched by, and their weights, derived from the index being searched rather
 * than fixed: a service whose summaries are generated from ids, or whose keys repeat its paths, is weighed
 * differently from one with written documentation.
 */
import { pathAction } from "./method-intent.js";
import type { SearchableOperation } from "./searchable.js";
import { pieces, terms } from "./words.js";

export const FIELDS = ["id", "summary", "description", "tags", "resource", "path", "params", "permissions"] as const;
export type Field = (typeof FIELDS)[number];

/** The literal segments of a path, parameters and version segments (`v2`) left out; `{id}`, `:id` and `[id]` are parameters. */
function literalSegments(path: string): string[] {
  return path.split("/").filter((s) => s && !/^[{:[*]/.test(s) && !VERSION.test(s));
}

/** A version segment or id part: metadata for `apiVersion`, not a word of what the operation does. */
const VERSION = /^v\d+$/i;

/** A path's resource is its last literal segment, and the one before where the last names an action (`/tokens/delete`). */
const resourceLength = (path: string): number => (pathAction(path) && literalSegments(pathAction(path)!.on).length ? 2 : 1);

/** The API version a path names (`/api/v2/...` is 2), 0 when none: among equals, the newest version is preferred. */
export function apiVersion(path: string): number {
  let version = 0;
  for (const segment of path.split("/")) if (VERSION.test(segment)) version = Math.max(version, Number(segment.slice(1)));
  return version;
}

/**
 * The text of one field. A path is read as nested nouns: its last literal segment, `resource`, is what the
 * operation acts on ("members" in /teams/{id}/members), with the noun before it where it names an action
 * ("tokens delete" in /tokens/delete); the segments before it, `path`, say whose it is.
 */
export function fieldText(op: SearchableOperation, field: Field): string {
  switch (field) {
    case "id":
      return pieces(op.operation_id)
        .filter((w) => !VERSION.test(w))
        .join(" ");
    case "summary":
      // Indexed even where apidex generated it from the id: a field only some operations have would favour them.
      return op.summary;
    case "description":
      return op.description ?? "";
    case "tags":
      return (op.tags ?? []).join(" ");
    case "resource":
      return literalSegments(op.path).slice(-resourceLength(op.path)).join(" ");
    case "path": {
      const segments = literalSegments(op.path);
      return segments.slice(0, segments.length - resourceLength(op.path)).join(" ");
    }
    case "params": {
      // `{tag_id}` after /tags says nothing the path did not: only a parameter's other words count.
      const inPath = new Set(terms(literalSegments(op.path).join(" ")));
      return [...op.path_params, ...(op.query_params ?? [])]
        .flatMap((p) => pieces(p))
        .filter((w) => !inPath.has(terms(w)[0] ?? w))
        .join(" ");
    }
    case "permissions":
      return [...op.permissions, ...(op.any_of ?? []).flat()].join(" ");
  }
}

/**
 * One weight per field, from the index: how specific the field's words are (the mean inverse document
 * frequency of the terms it holds, over all operations) times how many operations have the field at all.
 * Words that pick out few operations (a path's last segment, a written summary) weigh more than words
 * every operation shares (a version prefix, a permission key on every route); an empty field weighs nothing.
 * Scaled so the heaviest field is 3 and the lightest present one at least 0.5.
 */
export function deriveFieldWeights(ops: readonly SearchableOperation[]): Record<Field, number> {
  const documentFrequency = new Map<string, number>();
  const perOp = ops.map((op) => {
    const byField = new Map<Field, string[]>(FIELDS.map((f) => [f, terms(fieldText(op, f))]));
    for (const term of new Set([...byField.values()].flat())) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
    return byField;
  });
  const n = Math.max(ops.length, 1);
  const idf = (term: string) => Math.log(1 + n / documentFrequency.get(term)!);
  const raw = {} as Record<Field, number>;
  for (const field of FIELDS) {
    let sum = 0;
    let count = 0;
    let present = 0;
    for (const byField of perOp) {
      const list = byField.get(field)!;
      if (!list.length) continue;
      present++;
      for (const term of list) (sum += idf(term)), count++;
    }
    raw[field] = count ? (sum / count) * (present / n) : 0;
  }
  const max = Math.max(...Object.values(raw), Number.MIN_VALUE);
  const weights = {} as Record<Field, number>;
  for (const field of FIELDS) weights[field] = raw[field] ? Math.max(0.5, (3 * raw[field]) / max) : 0;
  return weights;
}
