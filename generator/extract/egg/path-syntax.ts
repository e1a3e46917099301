import { koaToOpenApi, type PathParseResult, simplePath } from "../express/path-syntax.js";

/**
 * A path of EggRouter (path-to-regexp 1.x, as tegg's routes too) in the syntax apidex's Express parser
 * reads: a `:` that starts no name is a literal character (`/-/user/org.couchdb.user::username` is
 * `org.couchdb.user:` and the parameter `username`), and a parameter repeated with `+` or `*` (`:path+`)
 * matches several segments, as a splat does (`*path`).
 */
export function eggPath(raw: string): string {
  if (!raw.includes(":")) return raw;
  return raw.replace(/:(?![A-Za-z_$])/g, "\\:").replace(/:([A-Za-z_$][\w$]*)[+*]/g, "*$1");
}

/** An EggRouter path as OpenAPI paths (flattenApp's parser). */
export function eggToOpenApi(raw: string): PathParseResult {
  return koaToOpenApi(eggPath(raw));
}

/** The fast path of `eggToOpenApi` for plain paths. */
export function eggSimplePath(raw: string): PathParseResult | undefined {
  return simplePath(eggPath(raw));
}
