import path from "node:path";
import type { SourceSet } from "../../scan/source-set.js";

/** The route prefix of Azure Functions' HTTP triggers when host.json sets none. */
export const DEFAULT_ROUTE_PREFIX = "api";

/**
 * An Azure Functions route template (ASP.NET Core's syntax) as an Express path, which the Express parser then
 * normalizes: `{id}` and `{id:int}` are `:id` (the constraint only narrows what matches), `{id?}` is `:id?`
 * (the route with and without it, as the host matches both), and `{*rest}` / `{**rest}` is the named
 * catch-all `*rest` (said, APX205, as other catch-alls are). Undefined for what has no Express equivalent
 * (a parameter that is not a whole segment with a default, `{id=5}`, which apidex does not read).
 */
export function azureTemplateToExpress(template: string): string | undefined {
  let unreadable = false;
  const out = template.replace(/\{([^{}]*)\}/g, (_whole, inner: string) => {
    const match = /^(\*{1,2})?([A-Za-z_][\w]*)(?::[^?=]*)?(\?)?$/.exec(inner.trim());
    if (!match) {
      unreadable = true;
      return "";
    }
    const [, star, name, optional] = match;
    if (star) return `*${name}`;
    return `:${name}${optional ?? ""}`;
  });
  if (unreadable) return undefined;
  return `/${out.replace(/^\/+/, "")}`;
}

/**
 * host.json's `extensions.http.routePrefix` for the function app a module belongs to: the nearest host.json
 * in its folder or above (up to the project root), `api` when none sets it, `""` when it removes the prefix.
 * Undefined (with the file) when host.json sets it to something that is not a string.
 */
export function routePrefixFor(sources: SourceSet, fileName: string): { prefix: string | undefined; file?: string } {
  let dir = path.dirname(fileName);
  const root = path.resolve(sources.root);
  for (;;) {
    const file = path.join(dir, "host.json");
    const text = sources.host.readFile(file);
    if (text !== undefined) {
      sources.recordInputs([file]);
      let parsed: unknown;
      try {
        parsed = JSON.parse(stripJsonComments(text));
      } catch {
        return { prefix: undefined, file };
      }
      const http = (parsed as { extensions?: { http?: { routePrefix?: unknown } } } | undefined)?.extensions?.http;
      if (!http || http.routePrefix === undefined) return { prefix: DEFAULT_ROUTE_PREFIX, file };
      return typeof http.routePrefix === "string" ? { prefix: http.routePrefix, file } : { prefix: undefined, file };
    }
    const parent = path.dirname(dir);
    if (dir === root || parent === dir || !path.resolve(parent).startsWith(root)) break;
    dir = parent;
  }
  return { prefix: DEFAULT_ROUTE_PREFIX };
}

/** host.json may carry comments (the Functions host reads it leniently). */
function stripJsonComments(text: string): string {
  return text.replace(/("(?:\\.|[^"\\])*")|\/\/[^\n]*|\/\*[\s\S]*?\*\//g, (_m, str: string | undefined) => str ?? "");
}

/** `prefix` and an Express path joined: `api` and `/users/:id` give `/api/users/:id`; an empty prefix none. */
export function underRoutePrefix(prefix: string, expressPath: string): string {
  const head = prefix.replace(/^\/+|\/+$/g, "");
  return head ? `/${head}${expressPath === "/" ? "" : expressPath}` : expressPath;
}
