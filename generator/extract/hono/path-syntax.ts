import type { PathParseResult } from "../express/path-syntax.js";
import { cleanPath } from "../express/path-syntax.js";

/**
 * Hono paths to OpenAPI: `:name`, `:name{regex}` (the pattern is dropped), `:name?` at the end (with and
 * without the segment). A `*` wildcard in a route cannot be expressed and is reported.
 */
export function honoToOpenApi(raw: string): PathParseResult {
  const variants: { path: string; params: string[]; wildcard: boolean }[] = [];
  const segments = cleanPath(raw).split("/").slice(1);
  const out: string[] = [];
  const params: string[] = [];
  let optional: string | undefined;
  for (const [i, segment] of segments.entries()) {
    if (segment.includes("*"))
      return { ok: false, problem: "a `*` wildcard, which OpenAPI cannot express", hint: "Name the parameter (`/files/:name`)." };
    const match = /^:([A-Za-z_$][\w$]*)(\{.*\})?(\?)?$/.exec(segment);
    if (match) {
      if (params.includes(match[1]!))
        return { ok: false, problem: `the parameter \`${match[1]}\` twice`, hint: "Give every path parameter a distinct name." };
      params.push(match[1]!);
      out.push(`{${match[1]}}`);
      if (match[3]) {
        if (i !== segments.length - 1)
          return { ok: false, problem: "an optional parameter before the end", hint: "Only the last segment can be optional." };
        optional = match[1];
      }
    } else if (segment.includes(":") || segment.includes("{")) {
      return {
        ok: false,
        problem: `the segment \`${segment}\`, a pattern OpenAPI paths cannot express`,
        hint: "Use whole-segment parameters (`/:id`).",
      };
    } else {
      out.push(segment);
    }
  }
  variants.push({ path: cleanPath(`/${out.join("/")}`), params, wildcard: false });
  if (optional)
    variants.push({ path: cleanPath(`/${out.slice(0, -1).join("/")}`), params: params.filter((p) => p !== optional), wildcard: false });
  return { ok: true, variants };
}
