import path from "node:path";
import type { SourceSet } from "../../scan/source-set.js";
import { importedPackages } from "../shared.js";
import { type FileRoute, type RouteSegment, routeOfChoices, splitOutsideBrackets } from "./file-paths.js";

/**
 * TanStack Start's server routes by TanStack Router's file naming (what @tanstack/router-generator's
 * getRouteNodes computes): where the routes directory is, the route id of a file in it, and the URL path of
 * a route id.
 */

/** Whether a module specifier is one of TanStack Start's packages (any generation, React, Solid or Vue). */
export function isTanstackStartModule(module: string): boolean {
  return /^@tanstack\/((react|solid|vue)-)?start(-[a-z-]+)?(\/|$)/.test(module);
}

/** Whether a module specifier brings TanStack Router's `createFileRoute` (or Start's route factories). */
export function isTanstackRouteModule(module: string): boolean {
  return isTanstackStartModule(module) || /^@tanstack\/(react|solid|vue)-router(\/|$)/.test(module);
}

/** Whether the project uses TanStack Start: a module imports one of its packages. */
export function usesTanstackStart(sources: SourceSet): boolean {
  return sources.files.some((f) => importedPackages(f).some(isTanstackStartModule));
}

const CONFIG_FILES = [
  "vite.config.ts",
  "vite.config.mts",
  "vite.config.js",
  "vite.config.mjs",
  "app.config.ts",
  "app.config.js",
  "app.config.mjs",
  "tsr.config.json",
];

/**
 * The folders (root-relative, posix) that may hold the routes: the config's `routesDirectory` — below
 * `srcDirectory` for `tanstackStart()` of v1 (`src` + `routes` by default), from the root for the router
 * plugin (`tanstackRouter()`, `TanStackRouterVite()`), app.config.ts's `tsr` (0.x) and tsr.config.json — and
 * the defaults of each generation (`src/routes`; 0.x's `app/routes`). Read from the config's text: the
 * options are string literals in every generated and documented config.
 */
export function tanstackRoutesDirs(sources: SourceSet): string[] {
  const dirs = new Set<string>(["src/routes", "app/routes"]);
  for (const name of CONFIG_FILES) {
    const file = sources.getFile(path.join(sources.root, name));
    const text = file?.text;
    if (!text) continue;
    const literal = (key: string) => new RegExp(`["']?${key}["']?\\s*:\\s*["'\`]([^"'\`]+)["'\`]`).exec(text)?.[1];
    const src = literal("srcDirectory");
    const routes = literal("routesDirectory");
    // v1's tanstackStart() resolves routesDirectory below srcDirectory; the router plugin and the earlier
    // generations from the root. Both are kept: only a folder that holds route files matters.
    if (src) dirs.add(clean(path.posix.join(src, routes ?? "routes")));
    if (routes) {
      dirs.add(clean(routes));
      dirs.add(clean(path.posix.join("src", routes)));
    }
  }
  return [...dirs];
}

function clean(dir: string): string {
  return path.posix.normalize(dir.replace(/\\/g, "/")).replace(/^\.\//, "").replace(/\/+$/, "");
}

/** A route's id (TanStack Router's `routePath`): its segments, pathless and group ones included, and whether it is an index. */
export interface TanstackRouteId {
  segments: string[];
  index: boolean;
}

const ROUTE_MODULE = /\.(tsx|ts|jsx|js)$/;
/** Split-route files (`.lazy.tsx`, the older `.component.tsx`, ...) hold components, never server handlers. */
const SPLIT_SUFFIXES = new Set(["lazy", "component", "errorComponent", "notFoundComponent", "pendingComponent", "loader"]);

/**
 * The route id of a module below one of the routes folders, TanStack Router's rules: the path and the file
 * name split at dots (not inside `[...]`), a last `index` segment the folder's index route, a last `route`
 * segment the folder's own route, files and folders starting with `-` (or `.`) not routes, `__root` the root.
 * Undefined when the file lies outside these folders; null when it lies in one but is no route module.
 */
export function tanstackFileRouteId(rel: string, dirs: readonly string[]): TanstackRouteId | null | undefined {
  const posix = rel.split(path.sep).join("/");
  if (!ROUTE_MODULE.test(posix) || /\.d\.ts$/.test(posix)) return null;
  const dir = dirs.filter((d) => posix.startsWith(`${d}/`)).sort((a, b) => b.length - a.length)[0];
  if (dir === undefined) return undefined;
  const parts = posix
    .slice(dir.length + 1)
    .replace(ROUTE_MODULE, "")
    .split("/");
  if (parts.some((p) => p.startsWith("-") || p.startsWith("."))) return null;
  const segments = parts.flatMap(splitOutsideBrackets).filter(Boolean);
  const last = segments[segments.length - 1];
  if (last === undefined || SPLIT_SUFFIXES.has(last)) return null;
  if (segments.length === 1 && last === "__root") return { segments: [], index: false };
  if (last === "route") segments.pop();
  const index = segments[segments.length - 1] === "index";
  if (index) segments.pop();
  return { segments, index };
}

/** The route id a route factory is given (`createFileRoute("/_auth/users/$id")`, `"/users/"` for an index). */
export function tanstackStringRouteId(id: string): TanstackRouteId {
  return { segments: id.split("/").filter(Boolean), index: id.length > 1 && id.endsWith("/") };
}

/**
 * The URL a route id answers: `(group)` and `_pathless` segments vanish, a trailing `_` (a route out of its
 * parent's layout) too, `$name` is a parameter, `{-$name}` an optional one (the path without and with it),
 * `prefix{$name}suffix` a parameter inside a segment, a lone `$` (or `{$}`) the splat `_splat` (a catch-all),
 * and `[...]` escapes what it holds (`sitemap[.]xml`, `[_]x`).
 */
export function tanstackRoutePath(id: TanstackRouteId): FileRoute {
  const choices: RouteSegment[][] = [];
  for (const raw of id.segments) {
    if (/^\(.*\)$/.test(raw) || raw === "__root") continue;
    if (raw.startsWith("_")) continue; // a pathless layout (an escaped `[_]` starts with `[`)
    const text = raw.replace(/_$/, ""); // `posts_`: out of the parent's layout, the same URL
    if (text === "$" || text === "{$}") choices.push([{ kind: "catchAll", name: "_splat", optional: false }]);
    else if (/^\{-\$[\w]+\}$/.test(text))
      choices.push([
        { kind: "param", name: text.slice(3, -1) },
        { kind: "literal", text: "" },
      ]);
    else if (/^\$[\w]+$/.test(text)) choices.push([{ kind: "param", name: text.slice(1) }]);
    else {
      const literal = text
        .replace(/\{-?\$(\w+)\}/g, "{$1}")
        .replace(/\{\$\}/g, "{_splat}")
        .replace(/\[([^\]]*)\]/g, "$1");
      choices.push([{ kind: "literal", text: literal }]);
    }
  }
  return routeOfChoices(choices);
}

/** Whether route `parent` is an ancestor of route `child` in TanStack Router's tree (a layout above an index of its own path too). */
export function isAncestorRoute(parent: TanstackRouteId, child: TanstackRouteId): boolean {
  if (parent.index || parent.segments.length > child.segments.length) return false;
  if (!parent.segments.every((s, i) => s === child.segments[i])) return false;
  return parent.segments.length < child.segments.length || (child.index && !parent.index);
}
