import { createHash } from "node:crypto";

/** The rule every operation id must follow: also an MCP tool name. */
export const OPERATION_ID_PATTERN = /^[a-z][a-z0-9_]{0,47}$/;
const MAX_LENGTH = 48;

/**
 * Derives an operation id from the method and path alone, so it stays the same when files move or
 * handlers are renamed. The README documents the rule:
 *
 * - a leading `api` and `v1` (or `v0`) segments are dropped; a later version (`v2`, `v2.1`) becomes a
 *   suffix (`list_invoices_v2`), so versions of one route get distinct ids;
 * - the verb: GET on a collection `list`, GET otherwise `get`, POST on a collection `create`, POST on a
 *   singular trailing segment uses that word as the verb (`/invoices/{id}/send` is `send_invoice`),
 *   PUT `replace`, PATCH `update`, DELETE `delete`, others the method's name;
 * - the noun: the literal segments in order, each singular when a parameter follows it (a segment
 *   that is not plural, like `team` in `/team/{member_id}`, takes the parameter's noun: `team_member`);
 *   the last one is singular when the operation acts on one item;
 * - over 48 characters, the id is cut and ends with 8 hex digits of the method and path's hash.
 */
export function deriveOperationId(method: string, path: string): string {
  const segments = path.split("/").filter(Boolean);
  // v1 (and v0) are dropped; a later version becomes a suffix, so /v1/x and /v2/x get distinct ids.
  const versions = segments.filter((s) => /^v\d+(\.\d+)*$/i.test(s) && !/^v[01]$/i.test(s)).map((s) => s.toLowerCase().replace(/\./g, "_"));
  const parts = segments
    .map((s) => ({ param: /^\{[^{}]+\}$/.test(s), text: s }))
    .filter((s, i) => s.param || !(/^v\d+(\.\d+)*$/i.test(s.text) || (i === 0 && s.text.toLowerCase() === "api")));

  const last = parts[parts.length - 1];
  const m = method.toLowerCase();
  let verb: string;
  let nouns: string[];
  let singularLast: boolean;
  const literals = (list: typeof parts) =>
    list.flatMap((p, i) => {
      if (p.param) return [];
      const next = list[i + 1];
      return [next?.param ? itemNoun(words(p.text), next.text) : words(p.text)];
    });

  if (!last) {
    verb = m;
    nouns = ["root"];
    singularLast = false;
  } else if (m === "post" && !last.param && !isPlural(last.text) && parts.length > 1) {
    verb = words(last.text);
    nouns = [...literals(parts.slice(0, -1)), ...versions];
    return finish(verb, nouns, method, path);
  } else {
    const onItem = last.param || !isPlural(last.text);
    verb = { get: onItem ? "get" : "list", post: "create", put: "replace", patch: "update", delete: "delete" }[m] ?? m.replace(/[^a-z0-9]/g, "_");
    nouns = literals(parts);
    singularLast = last.param || m === "post";
    if (singularLast && nouns.length && !last.param) nouns[nouns.length - 1] = singular(nouns[nouns.length - 1]!);
    nouns.push(...versions);
  }
  return finish(verb, nouns, method, path);
}

function finish(verb: string, nouns: string[], method: string, path: string): string {
  let id = [verb, ...nouns]
    .join("_")
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

/** The noun for one item of a collection segment followed by a parameter. */
const itemNoun = memo2((collection: string, param: string): string => {
  if (isPlural(collection)) return singular(collection);
  const fromParam = words(param.replace(/^\{|\}$/g, "")).replace(/_?id$/, "");
  return fromParam && fromParam !== collection ? `${collection}_${fromParam}` : collection;
});

/** `work-orders` and `lineItems` become `work_orders` and `line_items`. */
const words = memo((segment: string): string => {
  return segment
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/[^A-Za-z0-9]+/g, "_")
    .toLowerCase();
});

export function isPlural(word: string): boolean {
  const w = word.toLowerCase();
  return w.endsWith("s") && !/(ss|us|is)$/.test(w);
}

/** Singular of the last word of a snake_case noun. */
export const singular = memo((noun: string): string => {
  const parts = noun.split("_");
  const w = parts.pop() ?? "";
  let s = w;
  if (/ies$/.test(w)) s = `${w.slice(0, -3)}y`;
  else if (/(sses|ches|shes|xes|zzes)$/.test(w) || (/uses$/.test(w) && !/ouses$/.test(w))) s = w.slice(0, -2);
  else if (isPlural(w)) s = w.slice(0, -1);
  return [...parts, s].join("_");
});

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
