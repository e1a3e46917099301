/**
 * Express path syntax to OpenAPI paths. Express 5 (path-to-regexp 8): `:name`, `:"quoted"`, `*splat`,
 * `{optional}` groups, `\\` escapes. Express 4 forms are accepted too: `:name?`, `:name(\\d+)`.
 */
import { regexpPaths } from "../regexp-paths.js";
export type PathParseResult = { ok: true; variants: PathVariant[] } | { ok: false; problem: string; hint: string };

/** One OpenAPI path a route path stands for. */
export interface PathVariant {
  path: string;
  params: string[];
  /** A parameter may span segments (a catch-all): OpenAPI's match one. */
  wildcard: boolean;
  /**
   * Every parameter matches any one segment's text, as OpenAPI's do (no pattern, wildcard, numbered group or
   * neighbour in its segment): a path of the same shape with other parameter names matches the same requests
   * (model/shadowed.ts). Set by the parsers that read patterns; a variant without it may be narrower or wider.
   */
  plain?: true;
  unnamedWildcard?: boolean;
  /** The names given to unnamed capture groups (`param`, `param2`): the router numbers them (`req.params[0]`). */
  unnamedGroups?: string[];
  /**
   * Two parameters with nothing between them in one segment (`/:tableId(\\d+):ordinalPosition`): where the
   * first ends is the router's choice (its pattern, or the shortest match), which OpenAPI cannot say.
   */
  adjacent?: [string, string];
}

/** How the router reads a parameter's pattern (`:id(\\d+)`). */
export interface PathSyntaxOptions {
  /**
   * Patterns match within one segment whatever they say (find-my-way, Fastify's router: `:key(.*)` does
   * not match `a/b`); otherwise a pattern that can match a `/` makes a catch-all (Express, Koa, Nest).
   */
  oneSegmentPatterns?: boolean;
  /**
   * A capture group of no parameter (`/v([1-9]\\d*)/items`) is a parameter the router numbers (`ctx.params[0]`:
   * path-to-regexp 1.x–6.x, which Koa's routers use); otherwise it is a pattern OpenAPI cannot express.
   */
  unnamedGroups?: boolean;
}

const NAME = /^[A-Za-z_$][\w$]*/;

interface Piece {
  text: string;
  param?: string;
  wildcard?: boolean;
  /** An Express 4 `*` without a name, named `wildcard` here. */
  unnamed?: boolean;
  /** An unnamed capture group, named `param` here. */
  unnamedGroup?: boolean;
  /** A parameter given a pattern (`:id(\\d+)`): it matches fewer requests than its segment. */
  patterned?: boolean;
}

/** Joins a mount prefix and a path the way Express composes them. */
export function joinPaths(prefix: string, path: string): string {
  if (!prefix || prefix === "/") return path.startsWith("/") ? path : `/${path}`;
  if (!path || path === "/") return prefix;
  // The usual case, `/v1` + `/items`: nothing to trim on either side.
  if (prefix.charCodeAt(prefix.length - 1) !== 47 && path.charCodeAt(0) === 47 && path.charCodeAt(1) !== 47) return prefix + path;
  return `${prefix.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`;
}

/** Collapses repeated slashes and drops a trailing one (Express matches both by default). */
export function cleanPath(path: string): string {
  // Already clean (`/v1/items/{id}`): one leading slash, no doubled or trailing ones.
  if (path.charCodeAt(0) === 47 && !path.includes("//") && (path.length === 1 || path.charCodeAt(path.length - 1) !== 47)) return path;
  const collapsed = `/${path}`.replace(/\/{2,}/g, "/");
  return collapsed.length > 1 ? collapsed.replace(/\/+$/, "") : collapsed;
}

/** Converts an Express path into one OpenAPI path per combination of its optional parts. */
export function expressToOpenApi(raw: string): PathParseResult {
  return simplePath(raw) ?? parsePath(raw);
}

/**
 * The paths of Koa's routers (koa-router and @koa/router up to 12, koa-route, Egg's router: path-to-regexp 1.x to
 * 6.x): Express's syntax, with an unnamed capture group the numbered parameter those releases make of it.
 * (Express 4's path-to-regexp 0.1 makes such a group a pattern, no parameter; 8.x refuses it.)
 */
export function koaToOpenApi(raw: string): PathParseResult {
  return simplePath(raw) ?? parsePath(raw, { unnamedGroups: true });
}

/** Fastify's paths: Express's syntax, read as find-my-way matches parameter patterns (within one segment). */
export function fastifyToOpenApi(raw: string): PathParseResult {
  return simplePath(raw) ?? parsePath(raw, { oneSegmentPatterns: true });
}

/** The full parser, for every path (the fast path must always agree with it). */
export function parsePath(raw: string, options: PathSyntaxOptions = {}): PathParseResult {
  let variants: Piece[][];
  try {
    variants = parse(raw, 0, raw.length, options);
  } catch (error) {
    return { ok: false, problem: (error as Error).message, hint: "Write the path with named parameters (`:id`) and literal segments." };
  }
  const out: PathVariant[] = [];
  const seen = new Set<string>();
  // `/:title/:revision?/:tid?` matches `/a/b` with `revision` (the router's expression fills its optional
  // parameters from the left): of the variants that match the same URLs (one shape, other names), the one with
  // the earliest parameters is the route, and the others (`/{title}/{tid}`) are no path of their own.
  const shapes = new Map<string, string[]>();
  const order = new Map<string, number>();
  for (const parsed of [...variants].sort((a, b) => b.length - a.length))
    for (const piece of parsed) if (piece.param !== undefined && !order.has(piece.param)) order.set(piece.param, order.size);
  const earlier = (a: string[], b: string[]) => {
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return (order.get(a[i]!) ?? 0) < (order.get(b[i]!) ?? 0);
    return false;
  };
  const measured = variants.map((parsed) => ({
    parsed,
    shape: parsed.map((p) => (p.param !== undefined ? (p.wildcard ? "{*}" : "{}") : p.text)).join(""),
    params: parsed.filter((p) => p.param !== undefined).map((p) => p.param!),
  }));
  for (const { shape, params } of measured) {
    const known = shapes.get(shape);
    if (!known || earlier(params, known)) shapes.set(shape, params);
  }
  for (const { parsed, shape, params: named } of measured) {
    if (shapes.get(shape) !== named) continue;
    const pieces = nameUnnamedWildcards(parsed);
    const path = cleanPath(pieces.map((p) => p.text).join(""));
    if (seen.has(path)) continue;
    seen.add(path);
    const params = pieces.filter((p) => p.param).map((p) => p.param!);
    const duplicate = params.find((p, i) => params.indexOf(p) !== i);
    if (duplicate)
      return { ok: false, problem: `the parameter \`${duplicate}\` appears twice`, hint: "Give every path parameter a distinct name." };
    const at = pieces.findIndex((p, i) => p.param !== undefined && pieces[i + 1]?.param !== undefined);
    const wildcard = pieces.some((p) => p.wildcard);
    const constrained = wildcard || at >= 0 || pieces.some((p) => p.unnamedGroup || p.patterned);
    out.push({
      path,
      params,
      wildcard,
      ...(constrained ? {} : { plain: true as const }),
      ...(pieces.some((p) => p.unnamed) ? { unnamedWildcard: true } : {}),
      ...(pieces.some((p) => p.unnamedGroup) ? { unnamedGroups: pieces.filter((p) => p.unnamedGroup).map((p) => p.param!) } : {}),
      ...(at >= 0 ? { adjacent: [pieces[at]!.param!, pieces[at + 1]!.param!] as [string, string] } : {}),
    });
  }
  return { ok: true, variants: out };
}

/**
 * The common case without optional groups, escapes, wildcards, quoted names or patterns: literal text
 * and `:name` parameters, one variant. Anything else goes to the full parser (undefined). Two paths that
 * take it and name no parameter twice join as their results do (`flattenApp` relies on it).
 */
export function simplePath(raw: string): PathParseResult | undefined {
  if (!SIMPLE.test(raw)) return undefined;
  const params: string[] = [];
  const hasColon = raw.includes(":");
  const path = hasColon
    ? raw.replace(PARAM, (_, name: string) => {
        params.push(name);
        return `{${name}}`;
      })
    : raw;
  // A `:` not followed by a name is the full parser's error to report; two parameters with nothing
  // between them (`/:a:b`) are the full parser's to mark.
  if (hasColon && (path.includes(":") || path.includes("}{"))) return undefined;
  if (params.length > 1 && new Set(params).size !== params.length) return undefined;
  return { ok: true, variants: [{ path: cleanPath(path), params, wildcard: false, plain: true }] };
}

const SIMPLE = /^[^\\*{}()?+[\]"]*$/;
const PARAM = /:([A-Za-z_$][\w$]*)/g;

/** Parses raw[start, end) into alternative piece lists (optional groups double them). */
function parse(raw: string, start: number, end: number, options: PathSyntaxOptions): Piece[][] {
  let variants: Piece[][] = [[]];
  const append = (piece: Piece) => variants.forEach((v) => v.push(piece));
  let i = start;
  while (i < end) {
    const c = raw[i]!;
    if (c === "\\") {
      append({ text: raw[i + 1] ?? "" });
      i += 2;
    } else if (c === ":" || c === "*") {
      let name: string;
      let next = i + 1;
      if (raw[next] === '"') {
        const close = raw.indexOf('"', next + 1);
        if (close < 0 || close >= end) throw new Error(`an unterminated quoted parameter name at position ${i}`);
        name = raw.slice(next + 1, close);
        next = close + 1;
      } else {
        const match = NAME.exec(raw.slice(next, end));
        if (match) {
          name = match[0];
          next += name.length;
        } else if (c === "*") {
          // Express 4's unnamed wildcard (`/files/*`, `req.params[0]`): named when the path is done, so
          // the name cannot clash with a parameter that comes later.
          name = UNNAMED;
        } else {
          throw new Error(`a parameter without a name at position ${i}`);
        }
      }
      // Express 4 `:id(\\d+)`: the pattern is dropped, unless it can match a `/` (`:key(*)`, `:key(.*)`): then
      // the parameter is a catch-all.
      let spans = false;
      let patterned = false;
      if (raw[next] === "(") {
        const close = skipGroup(raw, next, end);
        spans = !options.oneSegmentPatterns && patternSpansSegments(raw.slice(next + 1, close - 1));
        patterned = !spans;
        next = close;
      } else if (c === ":" && raw[next] === "*" && !NAME.test(raw.slice(next + 1, next + 2))) {
        // Express 4 and Koa `:path*`: the parameter and whatever follows it, across segments (find-my-way
        // reads a parameter named `path*`, one segment).
        spans = !options.oneSegmentPatterns;
        next++;
      }
      const piece: Piece = {
        text: `{${name}}`,
        param: name,
        ...(c === "*" || spans ? { wildcard: true } : {}),
        ...(patterned ? { patterned: true } : {}),
      };
      if (raw[next] === "?") {
        // Express 4 optional parameter: `/:format?` and `.:ext?` mean with or without it and its prefix.
        const withPiece = variants.map((v) => [...v, piece]);
        const without = variants.map((v) => withoutSeparator(v));
        variants = [...withPiece, ...without];
        next++;
      } else {
        append(piece);
      }
      i = next;
    } else if (c === "{") {
      const close = matching(raw, i, end, "{", "}");
      const inner = parse(raw, i + 1, close, options);
      const next: Piece[][] = [];
      for (const v of variants) {
        next.push([...v]);
        for (const option of inner) next.push([...v, ...option]);
      }
      variants = next;
      i = close + 1;
    } else if (c === "(" && raw.startsWith("(/*)", i) && !options.unnamedGroups && !options.oneSegmentPatterns) {
      // Express 4 `/subscriptions(/*)?`: path-to-regexp 0.1 makes the group `(\/(.*))`, the path and everything
      // below it (with `?`) or below it only: a `/` and an unnamed wildcard, with or without them.
      const below = parse(raw, i + 1, i + 3, options);
      const optional = raw[i + 4] === "?";
      const next: Piece[][] = [];
      for (const v of variants) {
        if (optional) next.push([...v]);
        for (const option of below) next.push([...v, ...option]);
      }
      variants = next;
      i += optional ? 5 : 4;
    } else if (c === "(" && literalGroup(raw, i, end)) {
      // Express 4 `/([$])metadata`: a group that matches a few literal strings is those strings (and `?` after it,
      // none of them).
      const { close, options: strings } = literalGroup(raw, i, end)!;
      const optional = raw[close] === "?";
      const next: Piece[][] = [];
      for (const v of variants) {
        if (optional) next.push([...v]);
        for (const text of strings) next.push([...v, { text }]);
      }
      variants = next;
      i = close + (optional ? 1 : 0);
    } else if (c === "(" && options.unnamedGroups) {
      // An unnamed capture group: a parameter path-to-regexp numbers (`req.params[0]`), named when the path is
      // done; one whose pattern can match a `/` spans segments, as a named parameter's does.
      const close = skipGroup(raw, i, end);
      const spans = !options.oneSegmentPatterns && patternSpansSegments(raw.slice(i + 1, close - 1));
      const piece: Piece = { text: `{${UNNAMED_GROUP}}`, param: UNNAMED_GROUP, ...(spans ? { wildcard: true } : {}) };
      let next = close;
      if (raw[next] === "?") {
        const withPiece = variants.map((v) => [...v, piece]);
        const without = variants.map((v) => withoutSeparator(v));
        variants = [...withPiece, ...without];
        next++;
      } else append(piece);
      i = next;
    } else if (c === "(" || c === "}" || c === ")" || c === "?" || c === "+" || c === "[" || c === "]") {
      throw new Error(`the character \`${c}\` at position ${i}, a pattern OpenAPI paths cannot express`);
    } else {
      // A run of literal characters is one piece.
      let next = i + 1;
      while (next < end && !SPECIAL.has(raw[next]!)) next++;
      append({ text: raw.slice(i, next) });
      i = next;
    }
  }
  return variants;
}

/**
 * Whether a parameter's pattern can match a `/`, so the parameter spans segments: `.*`, `.+`, `[^]+`, and
 * Express 4's `*` (path-to-regexp 0.1 makes every `*` `(.*)`: `:key(*)` is a catch-all). Read as the
 * regular expression it is, tried on a few paths with a slash.
 */
function patternSpansSegments(pattern: string): boolean {
  const source = pattern.replace(/^\^/, "").replace(/(?<!\\)\$$/, "");
  for (const candidate of [source, source.replace(/\*/g, ".*")]) {
    let re: RegExp;
    try {
      re = new RegExp(`^(?:${candidate})$`);
    } catch {
      continue;
    }
    return ["a/b", "1/2", "a-1/b-2", "/"].some((sample) => re.test(sample));
  }
  return false;
}

/** The placeholder name of an Express 4 unnamed `*` until `nameUnnamedWildcards` names it. */
const UNNAMED = "\u0000*";
/** The placeholder name of an unnamed capture group until `nameUnnamedWildcards` names it. */
const UNNAMED_GROUP = "\u0000()";

/**
 * Express 4's unnamed wildcards become catch-all parameters `wildcard`, `wildcard2`, ... (skipping names
 * the path already uses), so the route is indexed under a name OpenAPI can express.
 */
function nameUnnamedWildcards(pieces: Piece[]): Piece[] {
  if (!pieces.some((p) => p.param === UNNAMED || p.param === UNNAMED_GROUP)) return pieces;
  const taken = new Set(pieces.map((p) => p.param).filter((p) => p !== undefined && p !== UNNAMED && p !== UNNAMED_GROUP));
  const counts = { wildcard: 1, param: 1 };
  // Pieces are shared between the variants of optional groups: each variant names its own copies.
  return pieces.map((piece) => {
    if (piece.param !== UNNAMED && piece.param !== UNNAMED_GROUP) return piece;
    // An unnamed group is a numbered parameter (`param`, `param2`, ...), a `*` a catch-all (`wildcard`, ...).
    const base = piece.param === UNNAMED ? "wildcard" : "param";
    let name = counts[base] === 1 ? base : `${base}${counts[base]}`;
    while (taken.has(name)) name = `${base}${++counts[base]}`;
    counts[base]++;
    taken.add(name);
    return { ...piece, param: name, text: `{${name}}`, ...(base === "wildcard" ? { unnamed: true } : { unnamedGroup: true }) };
  });
}

/** Characters that start something other than literal text. */
const SPECIAL = new Set(["\\", ":", "*", "{", "}", "(", ")", "?", "+", "[", "]"]);

/** A variant without the `/` or `.` that ends it: an omitted Express 4 optional parameter takes its prefix along. */
function withoutSeparator(variant: Piece[]): Piece[] {
  const last = variant[variant.length - 1];
  if (!last || last.param !== undefined || !/[/.]$/.test(last.text)) return [...variant];
  const text = last.text.slice(0, -1);
  return text ? [...variant.slice(0, -1), { text }] : variant.slice(0, -1);
}

function skipGroup(raw: string, open: number, end: number): number {
  return matching(raw, open, end, "(", ")") + 1;
}

function matching(raw: string, open: number, end: number, o: string, c: string): number {
  let depth = 0;
  for (let i = open; i < end; i++) {
    if (raw[i] === "\\") i++;
    else if (raw[i] === o) depth++;
    else if (raw[i] === c && --depth === 0) return i;
  }
  throw new Error(`an unbalanced \`${o}\` at position ${open}`);
}

/** A `(...)` group at `at` whose pattern matches a few literal strings without a `/`: them, and the index after it. */
function literalGroup(raw: string, at: number, end: number): { close: number; options: string[] } | undefined {
  let close: number;
  try {
    close = skipGroup(raw, at, end);
  } catch {
    return undefined;
  }
  const options = regexpPaths(raw.slice(at + 1, close - 1));
  if (!options?.length || options.some((o) => o.includes("/") || /[{}:*]/.test(o))) return undefined;
  return { close, options };
}
