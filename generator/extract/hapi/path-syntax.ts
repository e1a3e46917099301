import { cleanPath, type PathParseResult } from "../express/path-syntax.js";

/**
 * hapi's path syntax to OpenAPI paths: `{id}` is already OpenAPI's; `{id?}`, an optional last segment, gives
 * the path without and with it; `{path*}` and `{path*2}` match several segments, indexed as one (a warning).
 */
export function hapiToOpenApi(raw: string): PathParseResult {
  const params: string[] = [];
  let wildcard = false;
  let optional: string | undefined;
  const segments = raw.split("/").map((segment) =>
    segment.replace(/\{(\w+)(\*\d*|\?)?\}/g, (_, name: string, modifier: string | undefined) => {
      params.push(name);
      if (modifier?.startsWith("*")) wildcard = true;
      if (modifier === "?") optional = name;
      return `{${name}}`;
    }),
  );
  const duplicate = params.find((p, i) => params.indexOf(p) !== i);
  if (duplicate)
    return { ok: false, problem: `the parameter \`${duplicate}\` appears twice`, hint: "Give every path parameter a distinct name." };
  const full = cleanPath(segments.join("/"));
  if (!optional) return { ok: true, variants: [{ path: full, params, wildcard }] };
  // hapi allows `?` on the last segment only: without it, the path is its parent's.
  const without = cleanPath(segments.slice(0, -1).join("/") || "/");
  return {
    ok: true,
    variants: [
      { path: without, params: params.filter((p) => p !== optional), wildcard },
      { path: full, params, wildcard },
    ],
  };
}
