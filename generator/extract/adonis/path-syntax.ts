import { cleanPath, type PathParseResult } from "../express/path-syntax.js";

/**
 * AdonisJS route patterns (its router parses them with @poppinss/matchit) to OpenAPI paths. A segment that
 * starts with `:` is a parameter up to the next `/`: `:id`, `:id?` (optional), `:file.json` (a parameter with
 * a fixed ending, `{file}.json`); a segment that starts with `*` matches the rest of the path (one or more
 * segments: indexed as the catch-all `{wildcard}`, with a warning); any other segment is literal, colons
 * included (`/entries:bulk`). Matchit lets a request leave out the trailing optional parameters only, so an
 * optional one is a variant without it when every parameter after it is optional too (`/posts/:id?` answers
 * `/posts` and `/posts/{id}`); one before a required segment is always needed.
 */
export function adonisToOpenApi(raw: string): PathParseResult {
  const segments = raw.split("/").filter((s) => s !== "");
  const pieces: { text: string; param?: string; optional?: boolean }[] = [];
  let wildcard = false;
  for (const segment of segments) {
    if (segment.startsWith("*")) {
      // Matchit's `*` takes the rest of the pattern as its own: nothing after it is matched.
      pieces.push({ text: "{wildcard}", param: "wildcard" });
      wildcard = true;
      break;
    }
    if (!segment.startsWith(":")) {
      pieces.push({ text: segment });
      continue;
    }
    const question = segment.indexOf("?");
    const dot = segment.indexOf(".");
    const end = question > 0 ? question : dot > 0 ? dot : segment.length;
    const name = segment.slice(1, end);
    if (!/^[A-Za-z_$][\w$-]*$/.test(name))
      return {
        ok: false,
        problem: `\`${segment}\` is no parameter name OpenAPI can carry`,
        hint: "Name path parameters with letters, digits and `_` (`:post_id`).",
      };
    const ending = dot > 0 ? segment.slice(dot).replace("?", "") : "";
    pieces.push({ text: `{${name}}${ending}`, param: name, ...(question > 0 ? { optional: true } : {}) });
  }
  const params = pieces.filter((p) => p.param).map((p) => p.param!);
  const duplicate = params.find((p, i) => params.indexOf(p) !== i);
  if (duplicate)
    return { ok: false, problem: `the parameter \`${duplicate}\` appears twice`, hint: "Give every path parameter a distinct name." };
  // The trailing run of optional parameters: each may be left out, with those after it.
  let firstOptional = pieces.length;
  while (firstOptional > 0 && pieces[firstOptional - 1]!.optional) firstOptional--;
  const variants = [];
  for (let length = firstOptional; length <= pieces.length; length++) {
    const kept = pieces.slice(0, length);
    variants.push({
      path: cleanPath(`/${kept.map((p) => p.text).join("/")}`),
      params: kept.filter((p) => p.param).map((p) => p.param!),
      wildcard: wildcard && length === pieces.length,
      ...(wildcard && length === pieces.length ? { unnamedWildcard: true } : {}),
    });
  }
  return { ok: true, variants };
}

/**
 * A route's full pattern as AdonisJS computes it (`Route.#computePattern`): the prefixes, outermost first,
 * each with one leading slash and none trailing, then the pattern (left out when it is `/`).
 */
export function adonisPattern(pattern: string, prefixes: readonly string[]): string {
  const own = dropSlash(pattern);
  const prefix = [...prefixes]
    .reverse()
    .map((p) => dropSlash(p))
    .join("");
  return prefix ? `${prefix}${own === "/" ? "" : own}` : own;
}

function dropSlash(input: string): string {
  if (input === "/") return "/";
  return `/${input.replace(/^\//, "").replace(/\/$/, "")}`;
}
