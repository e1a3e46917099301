import type { PathParseResult } from "../express/path-syntax.js";
import { cleanPath } from "../express/path-syntax.js";

/**
 * Hono paths to OpenAPI: `:name`, `:name{regex}` (the pattern is dropped), `:name?` in a path that ends with
 * an optional parameter (with and without each, as Hono expands them). A `*` segment is what Hono's router matches with it: at the end, the path above
 * it and anything below, across segments (`/auth/*` answers `/auth`, `/auth/x` and `/auth/x/y`), indexed
 * as that path and a catch-all parameter `{wildcard}` (reported: one OpenAPI segment); in the middle, one
 * segment (`/files/*\/raw` answers `/files/a/raw` only), a plain parameter. A `*` inside a segment
 * (`/a*`, any text that starts so) cannot be expressed and is reported. A colon inside a segment is literal text, as
 * Hono reads it (`/entries:bulk`, a custom method), and a custom method after a parameter (`/:id:archive`) is
 * `{id}:archive`.
 */
export function honoToOpenApi(raw: string): PathParseResult {
  const variants: { path: string; params: string[]; wildcard: boolean; unnamedWildcard?: boolean }[] = [];
  const segments = cleanPath(raw).split("/").slice(1);
  const out: string[] = [];
  const params: string[] = [];
  // Where the optional parameters are (their index in `out`).
  const optional: number[] = [];
  let catchAll = false;
  // Hono does not name its wildcards: they are named `wildcard`, `wildcard2`, ... once the path's own
  // parameters are known (the names they leave free).
  const wildcards: number[] = [];
  for (const [i, segment] of segments.entries()) {
    if (segment === "*") {
      wildcards.push(out.length);
      out.push("*");
      if (i === segments.length - 1) catchAll = true;
      continue;
    }
    if (segment.includes("*"))
      return {
        ok: false,
        problem: `the segment \`${segment}\`, a \`*\` inside a segment (any text that starts so), which OpenAPI cannot express`,
        hint: "Make the wildcard a whole segment (`/files/*`) or name the parameter (`/files/:name`).",
      };
    const match = /^:([A-Za-z_$][\w$]*)(\{.*\})?(\?)?$/.exec(segment);
    if (match) {
      if (params.includes(match[1]!))
        return { ok: false, problem: `the parameter \`${match[1]}\` twice`, hint: "Give every path parameter a distinct name." };
      params.push(match[1]!);
      out.push(`{${match[1]}}`);
      if (match[3]) optional.push(out.length - 1);
    } else if (/^:([A-Za-z_$][\w$]*):[A-Za-z][\w.-]*$/.test(segment)) {
      // A custom method after a parameter (`:cardId:archive`, zod-openapi's `{cardId}:archive`): Hono matches the
      // whole segment, and the request writes the parameter and then the verb.
      const [, name, verb] = /^:([A-Za-z_$][\w$]*):(.*)$/.exec(segment)!;
      if (params.includes(name!))
        return { ok: false, problem: `the parameter \`${name}\` twice`, hint: "Give every path parameter a distinct name." };
      params.push(name!);
      out.push(`{${name}}:${verb}`);
    } else if (segment.includes(":") && !segment.startsWith(":") && !segment.includes("{")) {
      // Hono reads a parameter only at a segment's start: `entries:bulk` (a custom method) is literal text.
      out.push(segment);
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
  if (wildcards.length) {
    const taken = new Set(params);
    let n = 1;
    for (const at of wildcards) {
      let name = n === 1 ? "wildcard" : `wildcard${n}`;
      while (taken.has(name)) name = `wildcard${++n}`;
      n++;
      taken.add(name);
      out[at] = `{${name}}`;
      // In path order: a wildcard's place among the named parameters.
      params.splice(out.slice(0, at).filter((s) => s.startsWith("{")).length, 0, name);
    }
  }
  if (catchAll) {
    variants.push({ path: cleanPath(`/${out.join("/")}`), params, wildcard: true, unnamedWildcard: true });
    // The path above the trailing `*` answers too (`/auth/*` matches `/auth`).
    variants.push({ path: cleanPath(`/${out.slice(0, -1).join("/")}`), params: params.slice(0, -1), wildcard: false });
    return { ok: true, variants };
  }
  // Hono expands optional parameters only in a path that ends with one (`checkOptionalParameter`): each is
  // answered with and without it, and so is every path between (`/jobs/:id?/:action?` answers `/jobs`,
  // `/jobs/:id` and `/jobs/:id/:action`; `/a/:b?/c/:d?` also `/a/:b` and `/a/:b/c`).
  if (optional.length && optional.at(-1) !== segments.length - 1)
    return {
      ok: false,
      problem: "an optional parameter before the end",
      hint: "End the path with the optional parameter, or make it required.",
    };
  const lengths = new Set([out.length, ...optional.flatMap((k) => [k + 1, k])]);
  for (const length of [...lengths].sort((a, b) => b - a)) {
    const kept = out.slice(0, length);
    variants.push({
      path: cleanPath(`/${kept.join("/")}`),
      params: params.slice(0, kept.filter((s) => s.startsWith("{")).length),
      wildcard: false,
    });
  }
  return { ok: true, variants };
}
