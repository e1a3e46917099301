import { createHash } from "node:crypto";
import pluralize from "pluralize";

/** The rule every operation id must follow: also an MCP tool name. */
export const OPERATION_ID_PATTERN = /^[a-z][a-z0-9_]{0,47}$/;
const MAX_LENGTH = 48;

/**
 * Derives an operation id from the method and path alone, so it stays the same when files move, handlers
 * are renamed, or other routes come and go. `docs/operation-ids.md` documents the rule:
 *
 * - a leading `api` and `v1` (or `v0`) segments are dropped; a later version (`v2`, `v2.1`) becomes a
 *   suffix (`list_invoices_v2`), so versions of one route get distinct ids;
 * - the verb: GET on a plural collection `list`, otherwise `get`; POST on a collection `create`, on an item `post`, on a singular trailing segment that word
 *   (`/invoices/{id}/send` is `send_invoice`); PUT `replace`, PATCH `update`, DELETE `delete`, others
 *   the method's name;
 * - the noun: the literal segments in order; a segment followed by a parameter names one item — its
 *   singular when it is a countable plural (`people/{id}` is `person`, via the `pluralize` package),
 *   else the segment and the parameter's noun (`team/{member_id}` is `team_member`) or `item`
 *   (`equipment/{id}` is `equipment_item`), so an item never takes the id of its collection; a
 *   parameter no literal names is spelled out (`docs/{type}/{lang}` is `get_doc_by_lang`);
 * - over 48 characters, the id is cut and ends with 8 hex digits of the method and path's hash.
 *
 * What the words cannot tell apart (`/user` and `/users/{id}`; paths that differ only in word
 * separators or in a dropped `api`/`v1` prefix) is settled in `model/derived-ids.ts`: the routes that
 * share a derived id each get a hash suffix of their own method and path, with a warning.
 */
export function deriveOperationId(method: string, path: string): string {
  const segments = path.split("/");
  // v1 (and v0) are dropped; a later version becomes a suffix, so /v1/x and /v2/x get distinct ids.
  const versions: string[] = [];
  const parts: Part[] = [];
  let index = 0;
  for (const text of segments) {
    if (!text) continue;
    const part = partOf(text);
    if (part.laterVersion !== undefined) versions.push(part.laterVersion);
    // `api` is dropped only as the first segment.
    if (part.param || !(part.version || (index === 0 && part.api))) parts.push(part);
    index++;
  }

  const last = parts[parts.length - 1];
  const m = method.toLowerCase();
  // An RPC method name (`POST /api/documents.list`, `/api/users.info`: Slack's and Outline's `noun.verb`)
  // already names the operation: it is the id, after the literal segments before it.
  if (m === "post" && last && !last.param && RPC_NAME.test(last.text)) {
    const [first, ...rest] = [...literals(parts, parts.length), ...versions];
    return finish(first!, rest, method, path);
  }
  let verb: string;
  let nouns: string[];
  let singularLast: boolean;

  if (!last) {
    verb = m;
    // `/api/v2` is the v2 root: its version keeps it apart from `/api/v1`.
    nouns = ["root", ...versions];
    singularLast = false;
  } else if (m === "post" && !last.param && !last.plural && parts.length > 1) {
    verb = last.words;
    nouns = literals(parts, parts.length - 1);
    nouns.push(...versions);
    return finish(verb, nouns, method, path);
  } else {
    verb = Object.hasOwn(VERBS, m) ? VERBS[m]!(last) : m.replace(/[^a-z0-9]/g, "_");
    nouns = literals(parts, parts.length);
    singularLast = last.param || m === "post";
    if (singularLast && nouns.length && !last.param) nouns[nouns.length - 1] = singular(nouns[nouns.length - 1]!);
    nouns.push(...versions);
  }
  return finish(verb, nouns, method, path);
}

/** The nouns of the first `count` parts: each literal, singular when a parameter follows it. */
function literals(parts: Part[], count: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const p = parts[i]!;
    const next = parts[i + 1];
    if (!p.param) out.push(next?.param ? itemNoun(p.words, next.text) : p.words);
    // A parameter that no literal names (`/docs/{type}/{lang}`, a leading `/{tenant}`) is spelled out.
    else if (i === 0 || parts[i - 1]!.param) out.push(`by_${words(p.text.replace(/^\{|\}$/g, "")) || "param"}`);
  }
  return out;
}

/** The verb by method, from what the path ends in: an item (`{id}`), a plural collection, or a singular resource. */
const VERBS: Record<string, (last: Part) => string> = {
  get: (last) => (last.param || !last.plural ? "get" : "list"),
  post: (last) => (last.param ? "post" : "create"),
  put: () => "replace",
  patch: () => "update",
  delete: () => "delete",
};

/** What the id rule needs to know of one path segment; segments repeat, so each is read once. */
interface Part {
  text: string;
  param: boolean;
  /** `v1`, `v2.1`: any version segment (never part of the noun). */
  version: boolean;
  /** The id suffix of a version after v1 (`v2_1`). */
  laterVersion: string | undefined;
  api: boolean;
  plural: boolean;
  words: string;
}

const parts = new Map<string, Part>();

function partOf(text: string): Part {
  let part = parts.get(text);
  if (!part) {
    const version = /^v\d+(\.\d+)*$/i.test(text);
    part = {
      text,
      param: /^\{[^{}]+\}$/.test(text),
      version,
      laterVersion: version && !/^v[01]$/i.test(text) ? text.toLowerCase().replace(/\./g, "_") : undefined,
      api: text.toLowerCase() === "api",
      plural: isPlural(text),
      words: words(text),
    };
    parts.set(text, part);
  }
  return part;
}

/** `documents.list`, `admin.users.create`: dotted words, each starting with a letter. */
const RPC_NAME = /^[A-Za-z][A-Za-z0-9_-]*(\.[A-Za-z][A-Za-z0-9_-]*)+$/;

/** An id the clean-up below would leave as it is: lower-case words joined by single underscores. */
const CLEAN_ID = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;

function finish(verb: string, nouns: string[], method: string, path: string): string {
  const joined = nouns.length ? `${verb}_${nouns.join("_")}` : verb;
  if (joined.length <= MAX_LENGTH && CLEAN_ID.test(joined)) return joined;
  return cleanId(joined, method, path);
}

/** Lower-case words joined by single underscores, starting with a letter, cut with a hash past 48. */
export function cleanId(joined: string, method: string, path: string): string {
  let id = joined
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, "_")
    .replace(/_+/g, "_")
    .replace(/^_|_$/g, "");
  if (!/^[a-z]/.test(id)) id = `op_${id}`;
  if (id.length > MAX_LENGTH) {
    const hash = createHash("sha256").update(`${method.toUpperCase()} ${path}`).digest("hex").slice(0, 8);
    id = `${id.slice(0, MAX_LENGTH - 9).replace(/_+$/, "")}_${hash}`;
  }
  return id;
}

/**
 * The noun for one item of a collection segment followed by a parameter: the singular of a countable
 * plural (`invoices` → `invoice`, `people` → `person`); otherwise the collection and the parameter
 * (`equipment/{id}` → `equipment_by_id`), so the item's noun never equals the collection's.
 */
export const itemNoun = memo2((collection: string, param: string): string => {
  const one = singular(collection);
  if (one !== collection && isPlural(collection)) return one;
  // `team/{member_id}` is a team member; `equipment/{id}` one item of equipment.
  const fromParam = words(param.replace(/^\{|\}$/g, "")).replace(/_?id$/, "");
  return fromParam && fromParam !== collection && !fromParam.endsWith(`_${collection}`)
    ? `${collection}_${fromParam}`
    : `${collection}_item`;
});

/** `work-orders` and `lineItems` become `work_orders` and `line_items`. */
export const words = memo((segment: string): string => {
  return segment
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/[^A-Za-z0-9]+/g, "_")
    .toLowerCase();
});

/** Whether the last word of a noun is a countable plural (`invoices`, `people`; not `equipment`, `status`, `data`). */
export function isPlural(word: string): boolean {
  const w = lastWord(word.toLowerCase());
  return /[a-z]/.test(w) && pluralize.isPlural(w) && !pluralize.isSingular(w);
}

/** Singular of the last word of a snake_case noun (`line_items` → `line_item`), via the `pluralize` package. */
export const singular = memo((noun: string): string => {
  const parts = noun.split("_");
  const w = parts.pop() ?? "";
  const s = isPlural(w) ? pluralize.singular(w).toLowerCase() : w;
  return [...parts, /^[a-z0-9]+$/.test(s) ? s : w].join("_");
});

function lastWord(noun: string): string {
  const at = noun.lastIndexOf("_");
  return at < 0 ? noun : noun.slice(at + 1);
}

/**
 * Remembers a pure string function's results: services repeat the same segments (`items`, `{id}`,
 * `notes`) across thousands of paths.
 */
function memo(fn: (a: string) => string): (a: string) => string {
  const seen = new Map<string, string>();
  return (a) => {
    let out = seen.get(a);
    if (out === undefined) seen.set(a, (out = fn(a)));
    return out;
  };
}

function memo2(fn: (a: string, b: string) => string): (a: string, b: string) => string {
  const seen = new Map<string, string>();
  return (a, b) => {
    const key = `${a}\0${b}`;
    let out = seen.get(key);
    if (out === undefined) seen.set(key, (out = fn(a, b)));
    return out;
  };
}
