import type { FileRoute } from "./file-paths.js";

/**
 * The path a file route answers with every optional part present (`/api/regions/{ids}` for
 * `api/regions/[...ids]`): the one no static or parameter route outranks on its own.
 */
export function fullPath(route: FileRoute): string {
  return `/${route.pattern.map((s) => (s.kind === "literal" ? s.text : `{${s.name}}`)).join("/")}`;
}

/**
 * A route with its optional parts' "without" paths dropped where another route file of the tree answers that
 * path in full. SvelteKit and Astro rank routes before matching, a rest parameter (and SvelteKit's optional
 * one) below any static or named segment, and then serve the first route whose pattern matches the path,
 * whatever the method: `api/regions/+server.ts` answers `/api/regions` (405 for a method it lacks), and
 * `api/regions/[...ids]/+server.ts`, which also matches it with `ids` empty, never does there. Without this,
 * both files index `/api/regions` and the second one is reported as a duplicate registration (APX403).
 * `fullPaths` holds the full path of every route file of the tree.
 */
export function outrankedAlternativesDropped(route: FileRoute, fullPaths: ReadonlySet<string>): FileRoute {
  const full = fullPath(route);
  const paths = route.paths.filter((p) => p === full || !fullPaths.has(p));
  return paths.length === route.paths.length ? route : { ...route, paths };
}
