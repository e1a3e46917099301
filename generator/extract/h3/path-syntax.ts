import { cleanPath, type PathParseResult } from "../express/path-syntax.js";

/**
 * h3's route paths (radix3 in h3 1.x, rou3 in h3 2) to OpenAPI, segment by segment as those routers read
 * them: a segment starting with `:` is a parameter named by the rest of it (`:id`); `*` alone is an unnamed
 * one-segment parameter, named `_0`, `_1`, ... in order, as the router names it; `**` (named `**:path`) as the
 * last segment is a catch-all that matches one segment or more below the path (not the path itself),
 * `{wildcard}` (or its name) in one OpenAPI segment (reported by the flattening, APX205). Any other segment,
 * colons included (`file-:id`), is literal text: the routers match it as written. A `**` before the last
 * segment cannot be expressed (the router ignores what follows it) and is reported.
 */
export function h3ToOpenApi(raw: string): PathParseResult {
  const segments = cleanPath(raw).split("/").slice(1);
  const out: string[] = [];
  const params: string[] = [];
  let unnamed = 0;
  let catchAll: { unnamed: boolean } | undefined;
  for (const [i, segment] of segments.entries()) {
    if (segment.startsWith("**")) {
      if (i !== segments.length - 1)
        return {
          ok: false,
          problem: `the segment \`${segment}\` before the end of the path (h3 matches everything below it there, ignoring the rest)`,
          hint: "Put the catch-all `**` (or `**:name`) last.",
        };
      const name = segment.slice(3) || "wildcard";
      catchAll = { unnamed: segment.length <= 3 };
      params.push(name);
      out.push(`{${name}}`);
      continue;
    }
    const name = segment === "*" ? `_${unnamed++}` : segment.startsWith(":") ? segment.slice(1) : undefined;
    if (name === undefined) {
      out.push(segment);
      continue;
    }
    if (!name || name.includes("{") || name.includes("}"))
      return { ok: false, problem: `the parameter segment \`${segment}\``, hint: "Name path parameters with word characters (`:id`)." };
    if (params.includes(name))
      return { ok: false, problem: `the parameter \`${name}\` twice`, hint: "Give every path parameter a distinct name." };
    params.push(name);
    out.push(`{${name}}`);
  }
  const path = `/${out.join("/")}`;
  return {
    ok: true,
    variants: [{ path, params, wildcard: catchAll !== undefined, ...(catchAll?.unnamed ? { unnamedWildcard: true } : {}) }],
  };
}

/**
 * What a path ending in a catch-all (`/api/**`, `/api/**:rest`) matches below: the path above it; undefined
 * for any other path. A handler given a request there (h3 2's middleware, a route handing it to a router)
 * sees every path below that one.
 */
export function h3WildcardPrefix(path: string): string | undefined {
  const match = /^(.*?)\/\*\*(:[^/]*)?$/.exec(path.trim());
  return match ? match[1] || "/" : undefined;
}
