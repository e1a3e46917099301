/**
 * Effect's path syntax (its router is find-my-way-ts; `OpenApi.fromApi` writes `:name` and `:name?` as
 * `{name}`): a parameter is `:` and word characters, so the template form's positional names (`:0`) are
 * parameters too; a last `:name?` is optional (the path answers without it as well); a last `*` matches the
 * rest; `::` is a literal colon (how the template form escapes one in its text).
 */
import { expressToOpenApi, type PathParseResult } from "../express/path-syntax.js";

export function effectToOpenApi(raw: string): PathParseResult {
  // Patterns in parentheses are find-my-way's regular-expression parameters: Express's reading of them applies.
  if (raw.includes("(")) return expressToOpenApi(raw);
  const colon = "\u0000";
  let path = raw.replaceAll("::", colon);
  const variants: { path: string; optional: boolean }[] = [];
  const optional = /\/:(\w+)\?$/.exec(path);
  if (optional) {
    variants.push({ path: path.slice(0, optional.index) || "/", optional: true });
    path = path.slice(0, -1);
  }
  variants.push({ path, optional: false });
  const out = [];
  for (const variant of variants) {
    const params: string[] = [];
    let text = variant.path.replace(/:(\w+)/g, (_, name: string) => {
      params.push(name);
      return `{${name}}`;
    });
    const wildcard = text.endsWith("*");
    if (wildcard) {
      text = `${text.slice(0, -1)}{wildcard}`;
      params.push("wildcard");
    }
    if (text.includes("*") || text.includes("?"))
      return { ok: false, problem: "a `*` or `?` that is not at its end", hint: "Use `:name` parameters, a last `:name?`, or a last `*`." };
    if (new Set(params).size !== params.length)
      return { ok: false, problem: "a parameter named twice", hint: "Name each path parameter once." };
    out.push({ path: text.replaceAll(colon, ":"), params, wildcard, ...(wildcard ? { unnamedWildcard: true } : {}) });
  }
  return { ok: true, variants: out };
}
