/**
 * Encore.ts's path syntax, as its parser reads an endpoint's `path` (tsparser's respath): the path starts with
 * `/`; each segment is a literal, a parameter `:name`, a wildcard `*name` (the rest of the path, last only) or a
 * fallback `!name` (a wildcard that answers only what no other endpoint matches, last only). Empty segments, a
 * `?` or a `#` make Encore refuse the path at compile time.
 */
import type { PathParseResult } from "../express/path-syntax.js";

export function encoreToOpenApi(raw: string): PathParseResult {
  if (!raw.startsWith("/")) return { ok: false, problem: "a path that does not start with `/`", hint: "Encore paths start with `/`." };
  if (/[?#]/.test(raw))
    return { ok: false, problem: "a `?` or `#` in the path", hint: "Query parameters are fields of the request type (`Query<T>`)." };
  if (raw === "/") return { ok: true, variants: [{ path: "/", params: [], wildcard: false }] };
  const segments = raw.slice(1).split("/");
  const params: string[] = [];
  let wildcard = false;
  const out: string[] = [];
  for (const [index, segment] of segments.entries()) {
    if (!segment) return { ok: false, problem: "an empty segment", hint: "Remove the doubled or trailing `/` (Encore refuses it)." };
    const sigil = segment[0]!;
    if (sigil !== ":" && sigil !== "*" && sigil !== "!") {
      out.push(segment);
      continue;
    }
    const name = segment.slice(1);
    if (!name) return { ok: false, problem: `a \`${sigil}\` without a name`, hint: "Name every path parameter (`:id`, `*rest`)." };
    if (sigil !== ":") {
      if (index !== segments.length - 1)
        return {
          ok: false,
          problem: `a \`${sigil}${name}\` that is not the last segment`,
          hint: "Encore allows a wildcard or fallback last only.",
        };
      wildcard = true;
    }
    params.push(name);
    out.push(`{${name}}`);
  }
  if (new Set(params).size !== params.length)
    return { ok: false, problem: "a parameter named twice", hint: "Name each path parameter once." };
  return { ok: true, variants: [{ path: `/${out.join("/")}`, params, wildcard }] };
}
