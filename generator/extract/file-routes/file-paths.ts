import type { SourceSite } from "../../diagnostics/diagnostic.js";
import path from "node:path";
import type { ExternalValue } from "../../resolve/values.js";
import type { SourceSet } from "../../scan/source-set.js";
import type { RouterNode } from "../router-graph.js";
import { importedPackages } from "../shared.js";

/**
 * File-system routing, the part that needs no evaluator: which files are route files and the paths they
 * answer. Shared by the Next.js adapter (App Router, Pages Router API), the configured `fileRoutes`
 * adapter, and the router adapters (Hono, Express), which leave an app served through a route file to the
 * file-route adapter.
 */

/** One segment of a route file's folder path: a literal, a parameter, or a catch-all (optional or not). */
export type RouteSegment =
  | { kind: "literal"; text: string }
  | { kind: "param"; name: string }
  | { kind: "catchAll"; name: string; optional: boolean };

export interface FileRoute {
  /** OpenAPI paths: one, or two for an optional catch-all (without and with it). */
  paths: string[];
  /** A catch-all: indexed as one segment (APX205). */
  wildcard: boolean;
  /** The URL pattern, prefix included, to tell which paths of an app served from the file it receives. */
  pattern: RouteSegment[];
}

/** A configured folder of route files (`fileRoutes` in the config): `dir` relative to the project root. */
export interface FileRoutesDir {
  dir: string;
  prefix?: string | undefined;
}

const APP_ROUTE_FILE = /(^|\/)app\/(.*\/)?route\.(ts|tsx|js|mjs|mts)$/;
const PAGES_API_FILE = /(^|\/)pages\/api\/(.*)\.(ts|tsx|js|mjs|mts)$/;
const ROUTE_FILE_NAME = /^route\.(ts|tsx|js|mjs|mts)$/;
const MIDDLEWARES_FILE_NAME = /^middlewares\.(ts|mts|js|mjs)$/;

/** Page extensions as a regular expression's alternatives, longest first (`page.tsx` before `tsx`). */
function endings(pageExtensions: readonly string[]): string {
  return [...pageExtensions]
    .sort((a, b) => b.length - a.length)
    .map((e) => e.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join("|");
}

/**
 * The route a folder path answers, App Router rules: route groups `(x)` and parallel-route slots `@x`
 * vanish, `[param]` is a parameter, `[...slug]` a catch-all (one segment in OpenAPI), `[[...slug]]` an
 * optional catch-all (the path without it and with it). A `_private` segment makes it no route.
 */
export function folderRoute(segments: readonly string[], prefix = "/"): FileRoute | undefined {
  if (segments.some((s) => s.startsWith("_"))) return undefined;
  const pattern: RouteSegment[] = prefix
    .split("/")
    .filter(Boolean)
    .map((text) => ({ kind: "literal", text }));
  for (const segment of segments) {
    if (!segment || /^\(.*\)$/.test(segment) || segment.startsWith("@")) continue;
    // Next.js takes what the brackets hold as the parameter's name, whatever its characters (`[...not-found-404]`).
    const optionalCatchAll = /^\[\[\.\.\.([^[\]]+)\]\]$/.exec(segment);
    const catchAll = /^\[\.\.\.([^[\]]+)\]$/.exec(segment);
    const param = /^\[(?!\.\.\.)([^[\]]+)\]$/.exec(segment);
    if (optionalCatchAll) pattern.push({ kind: "catchAll", name: optionalCatchAll[1]!, optional: true });
    else if (catchAll) pattern.push({ kind: "catchAll", name: catchAll[1]!, optional: false });
    else if (param) pattern.push({ kind: "param", name: param[1]! });
    else pattern.push({ kind: "literal", text: segment });
  }
  const base: string[] = [];
  let optional: string | undefined;
  let wildcard = false;
  for (const segment of pattern) {
    if (segment.kind === "literal") base.push(segment.text);
    else if (segment.kind === "param") base.push(`{${segment.name}}`);
    else if (segment.optional) {
      optional = segment.name;
      wildcard = true;
    } else {
      base.push(`{${segment.name}}`);
      wildcard = true;
    }
  }
  const root = `/${base.join("/")}`;
  const paths = optional ? [root, `${root === "/" ? "" : root}/{${optional}}`] : [root];
  return { paths, wildcard, pattern };
}

/**
 * `app/(shop)/orders/[order_id]/route.ts` is `/orders/{order_id}` (Next.js App Router). With the project's
 * `pageExtensions` (next.config), a route file is `route.` followed by one of them (`route.api.ts`).
 */
export function appRouterPaths(file: string, pageExtensions?: readonly string[]): FileRoute | undefined {
  const match = (pageExtensions ? new RegExp(`(^|\\/)app\\/(.*\\/)?route\\.(${endings(pageExtensions)})$`) : APP_ROUTE_FILE).exec(
    toPosix(file),
  );
  if (!match) return undefined;
  return folderRoute((match[2] ?? "").split("/").filter(Boolean));
}

/**
 * A Next.js Pages Router API file: `pages/api/invoices/[id].ts` is `/api/invoices/{id}`, `index.ts` its
 * folder's path, `[...slug].ts` and `[[...slug]].ts` catch-alls (also under `src/pages/api`). With the
 * project's `pageExtensions` (next.config), only files ending in one of them are routes, named without it:
 * with `["public.js"]`, `pages/api/v1/users/index.public.js` is `/api/v1/users` and `index.test.js` no route.
 */
export function pagesApiPaths(file: string, pageExtensions?: readonly string[]): FileRoute | undefined {
  const posix = toPosix(file);
  const match = (pageExtensions ? new RegExp(`(^|\\/)pages\\/api\\/(.*?)\\.(${endings(pageExtensions)})$`) : PAGES_API_FILE).exec(posix);
  if (!match || posix.endsWith(".d.ts")) return undefined;
  const segments = match[2]!.split("/");
  // Astro's route scan skips every file and folder whose name starts with `_` (private helpers beside the routes).
  if (segments.some((s) => s.startsWith("_"))) return undefined;
  if (segments[segments.length - 1] === "index") segments.pop();
  return folderRoute(segments, "/api");
}

const REMIX_ROUTE_FILE = /(^|\/)app\/routes\/(.+)$/;
const REMIX_MODULE = /\.(ts|tsx|js|jsx|mts|mjs)$/;

/**
 * A route module of Remix v2 / React Router 7 flat routes (`app/routes/`): a file directly in the folder, or
 * `route.tsx` in a folder of it. Its name, split at dots (not inside `[...]`), is the URL: `$id` a parameter,
 * `$` a catch-all, `_index` the parent's own path, `_layout` segments (a leading `_`) and a trailing `_`
 * vanish, `(segment)` and `($param)` are optional (the path without and with them), and `[.]`-style brackets
 * escape what they hold (`sitemap[.]xml` is `/sitemap.xml`). `api.v1.tasks.$taskId.trigger.ts` is
 * `/api/v1/tasks/{taskId}/trigger`.
 */
export function remixRoutePaths(file: string): FileRoute | undefined {
  const posix = toPosix(file);
  const match = REMIX_ROUTE_FILE.exec(posix);
  return match ? flatRoute(match[2]!) : undefined;
}

/**
 * The route of a module below a flat-routes folder (`rest` is its path there: `api.v1.orgs.ts`,
 * `api.v1.orgs/route.ts`), under `prefix` (React Router's `prefix("v2", [...flatRoutes()])`).
 */
export function flatRoute(rest: string, prefix = ""): FileRoute | undefined {
  const posix = toPosix(rest);
  if (posix.endsWith(".d.ts")) return undefined;
  const parts = posix.split("/");
  let name: string;
  if (parts.length === 1 && REMIX_MODULE.test(parts[0]!)) name = parts[0]!.replace(REMIX_MODULE, "");
  else if (parts.length === 2 && /^route\.(ts|tsx|js|jsx|mts|mjs)$/.test(parts[1]!)) name = parts[0]!;
  else return undefined;
  // Alternatives per segment: an optional one gives the path without it too.
  const choices: RouteSegment[][] = prefix
    .split("/")
    .filter(Boolean)
    .map((text) => [{ kind: "literal", text }]);
  for (const raw of splitOutsideBrackets(name)) {
    if (raw === "_index" || raw === "") continue;
    if (raw.startsWith("_")) continue; // a pathless layout
    const text = raw.replace(/_$/, ""); // `users_.$id`: out of the parent's layout, the same URL
    const optional = /^\((.*)\)$/.exec(text);
    const inner = optional ? optional[1]! : text;
    let segment: RouteSegment;
    if (inner === "$") segment = { kind: "catchAll", name: "splat", optional: false };
    else if (inner.startsWith("$")) {
      // `$fileName[.csv]` is React Router's `:fileName.csv`: a parameter's name is word characters and `-`,
      // so what the brackets escape after it is literal text of the segment (`{fileName}.csv`).
      const [, name, rest] = /^\$([\w-]+)(.*)$/.exec(inner) ?? [];
      const suffix = (rest ?? "").replace(/\[([^\]]*)\]/g, "$1");
      segment = name && suffix ? { kind: "literal", text: `{${name}}${suffix}` } : { kind: "param", name: inner.slice(1) };
    } else segment = { kind: "literal", text: inner.replace(/\[([^\]]*)\]/g, "$1") };
    choices.push(optional ? [segment, { kind: "literal", text: "" }] : [segment]);
  }
  return routeOfChoices(choices);
}

const ASTRO_ENDPOINT_FILE = /(^|\/)src\/pages\/(.+)\.(ts|js|mts|mjs)$/;

/**
 * An Astro endpoint (`src/pages/**\/*.ts`, in a project that uses Astro) by its file path, Astro's rules:
 * `index` is its folder's path, `[id]` a parameter (also inside a segment: `[lang]-posts`), `[...slug]` a rest
 * parameter, which also matches nothing (the path without it, and with it as one segment, APX205), and a file
 * named for what it serves keeps that extension (`data.json.ts` is `/data.json`); a file or folder whose name
 * starts with `_` is no route. `src/pages/api/posts/[id].ts` is `/api/posts/{id}`.
 */
export function astroPaths(file: string): FileRoute | undefined {
  const posix = toPosix(file);
  const match = ASTRO_ENDPOINT_FILE.exec(posix);
  if (!match || posix.endsWith(".d.ts")) return undefined;
  const segments = match[2]!.split("/");
  // Astro's route scan skips every file and folder whose name starts with `_` (private helpers beside the routes).
  if (segments.some((s) => s.startsWith("_"))) return undefined;
  if (segments[segments.length - 1] === "index") segments.pop();
  const choices: RouteSegment[][] = [];
  for (const segment of segments) {
    const rest = /^\[\.\.\.(\w+)\]$/.exec(segment);
    const param = /^\[(\w+)\]$/.exec(segment);
    if (rest)
      choices.push([
        { kind: "catchAll", name: rest[1]!, optional: true },
        { kind: "literal", text: "" },
      ]);
    else if (param) choices.push([{ kind: "param", name: param[1]! }]);
    else choices.push([{ kind: "literal", text: segment.replace(/\[(?:\.\.\.)?(\w+)\]/g, "{$1}") }]);
  }
  return withRestInSegment(routeOfChoices(choices), segments.join("/"));
}

const SVELTEKIT_SERVER_FILE = /(^|\/)src\/routes\/(.*\/)?\+server\.(ts|js|mts|mjs)$/;

/**
 * A SvelteKit endpoint (`src/routes/**\/+server.ts`) by its folder path, SvelteKit's rules: `(group)` vanishes,
 * `[id]` and `[id=matcher]` are parameters, `[[lang]]` an optional one (the path without and with it),
 * `[...rest]` a rest parameter, which also matches nothing (the path without it, and with it as one segment,
 * APX205), `foo-[id]` a parameter inside a segment, and `[x+2f]` / `[u+00e9]` the escaped character.
 * `src/routes/api/items/[id=integer]/+server.ts` is `/api/items/{id}`.
 */
export function svelteKitPaths(file: string): FileRoute | undefined {
  const posix = toPosix(file);
  const match = SVELTEKIT_SERVER_FILE.exec(posix);
  if (!match) return undefined;
  const choices: RouteSegment[][] = [];
  for (const segment of (match[2] ?? "").split("/").filter(Boolean)) {
    if (/^\(.*\)$/.test(segment)) continue;
    const optional = /^\[\[(\w+)(=\w+)?\]\]$/.exec(segment);
    const rest = /^\[\.\.\.(\w+)(=\w+)?\]$/.exec(segment);
    const param = /^\[(\w+)(=\w+)?\]$/.exec(segment);
    const empty: RouteSegment = { kind: "literal", text: "" };
    if (optional) choices.push([{ kind: "param", name: optional[1]! }, empty]);
    else if (rest) choices.push([{ kind: "catchAll", name: rest[1]!, optional: true }, empty]);
    else if (param) choices.push([{ kind: "param", name: param[1]! }]);
    else {
      // Literal text, escaped characters and parameters inside it, in OpenAPI's `{name}` form.
      const text = segment
        .replace(/\[x\+([0-9a-f]{2})\]/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
        .replace(/\[u\+([0-9a-f]{4,6})\]/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
        .replace(/\[\[?(?:\.\.\.)?(\w+)(?:=\w+)?\]\]?/g, "{$1}");
      choices.push([{ kind: "literal", text }]);
    }
  }
  return withRestInSegment(routeOfChoices(choices), match[2] ?? "");
}

/**
 * A rest parameter inside a segment (`[...slug].md`, `v-[...rest]`) matches across slashes as a whole-segment
 * one does (SvelteKit, Astro): the route is a catch-all, indexed as one segment (APX205).
 */
function withRestInSegment(route: FileRoute, folders: string): FileRoute {
  const inside = folders.split("/").some((segment) => /\[\.\.\.\w+(=\w+)?\]/.test(segment) && !/^\[\.\.\.\w+(=\w+)?\]$/.test(segment));
  return inside ? { ...route, wildcard: true } : route;
}

/** Where a Nuxt or Nitro project keeps its server routes: scan folders (`server`, or the project root) and the API's base. */
export interface NitroLayout {
  /** The project's folder, relative to the root (posix; `""` for the root itself). */
  project: string;
  /** Folders, relative to the root (`""` for the root itself), holding `api/` and `routes/`. */
  dirs: string[];
  apiDir: string;
  routesDir: string;
  /** Where `api/` routes are served: `/api` unless the config says otherwise. */
  apiBase: string;
  /**
   * The base every server route is served under (Nuxt's `app.baseURL`, Nitro's `baseURL`): a string (`""` when the
   * config sets none), or where the config sets it to what apidex cannot read.
   */
  baseURL: string | { unreadable: SourceSite };
  /** The config's `handlers` (Nuxt: `serverHandlers`) that are routes, by their handler file (root-relative, posix). */
  handlers?: Map<string, NitroRoute>;
  /** Where a `handlers` entry apidex cannot read is written (its route, method or handler file). */
  unreadableHandlers?: SourceSite[];
}

/** A Nitro route file's route, and the method and environment its name's suffixes give (`users.post.ts`, `x.get.dev.ts`). */
export interface NitroRoute extends FileRoute {
  method?: string;
  env?: "dev" | "prod" | "prerender";
}

const NITRO_HANDLER_FILE = /\.(js|mjs|cjs|ts|mts|cts|tsx|jsx)$/;
const NITRO_SUFFIX = /(?:\.(connect|delete|get|head|options|patch|post|put|trace))?(?:\.(dev|prod|prerender))?$/;

/**
 * A Nitro server route (Nuxt's `server/api` and `server/routes`, a Nitro app's `api/` and `routes/`), by
 * Nitro's file rules: `api/` files under the API base (`/api`), `(group)` folders vanish, `[id]` is a
 * parameter (also inside a name: `[name].[ext]`), `[...slug]` a catch-all (`[...]` an unnamed one, `_`),
 * `index` the folder's own path, and the suffixes `.get`, `.post`, ... name the one method the file answers,
 * `.dev`, `.prod` or `.prerender` the environment it is built for. `server/api/users/[id].delete.ts` is
 * `DELETE /api/users/{id}`.
 */
export function nitroRoutePaths(file: string, layout: NitroLayout): NitroRoute | undefined {
  const posix = toPosix(file);
  if (!NITRO_HANDLER_FILE.test(posix) || /\.d\.[cm]?ts$/.test(posix)) return undefined;
  for (const dir of layout.dirs) {
    const base = dir ? `${toPosix(dir).replace(/\/+$/, "")}/` : "";
    for (const [folder, prefix] of [
      [layout.apiDir, layout.apiBase],
      [layout.routesDir, "/"],
    ] as const) {
      const start = `${base}${folder}/`;
      if (!posix.startsWith(start)) continue;
      let name = posix.slice(start.length).replace(NITRO_HANDLER_FILE, "");
      const suffix = NITRO_SUFFIX.exec(name)!;
      name = name.slice(0, suffix.index);
      const choices: RouteSegment[][] = prefix
        .split("/")
        .filter(Boolean)
        .map((text) => [{ kind: "literal", text }]);
      const segments = name.split("/").filter((segment) => segment && !/^\([^()/]+\)$/.test(segment));
      if (segments[segments.length - 1] === "index") segments.pop();
      for (const segment of segments) {
        const catchAll = /^\[\.\.\.(\w*)\]$/.exec(segment);
        const param = /^\[(\w+)\]$/.exec(segment);
        if (catchAll) choices.push([{ kind: "catchAll", name: catchAll[1] || "_", optional: false }]);
        else if (param) choices.push([{ kind: "param", name: param[1]! }]);
        else choices.push([{ kind: "literal", text: segment.replace(/\[(\w+)\]/g, "{$1}") }]);
      }
      const route = routeOfChoices(choices);
      return {
        ...route,
        ...(suffix[1] ? { method: suffix[1].toUpperCase() } : {}),
        ...(suffix[2] ? { env: suffix[2] as NitroRoute["env"] } : {}),
      };
    }
  }
  return undefined;
}

/**
 * A route served under a base path (SvelteKit's `kit.paths.base`): its paths and pattern start with the base's
 * segments. `""` and `/` leave it as it is.
 */
export function underBase(route: FileRoute, base: string): FileRoute {
  const segments = base.split("/").filter(Boolean);
  if (!segments.length) return route;
  const prefix = `/${segments.join("/")}`;
  return {
    ...route,
    paths: route.paths.map((p) => (p === "/" ? prefix : `${prefix}${p}`)),
    pattern: [...segments.map((text): RouteSegment => ({ kind: "literal", text })), ...route.pattern],
  };
}

/**
 * A route from its segments, each a list of alternatives (an optional segment: itself and an empty literal):
 * every combination's path, shortest first; the pattern of the one with every segment.
 */
export function routeOfChoices(choices: readonly RouteSegment[][]): FileRoute {
  let combos: RouteSegment[][] = [[]];
  for (const options of choices) combos = combos.flatMap((c) => options.map((o) => [...c, o]));
  const present = (parts: RouteSegment[]) => parts.filter((s) => s.kind !== "literal" || s.text);
  const toPath = (parts: RouteSegment[]) =>
    `/${present(parts)
      .map((s) => (s.kind === "literal" ? s.text : `{${s.name}}`))
      .join("/")}`;
  const paths = [...new Set(combos.map(toPath))].sort((a, b) => a.length - b.length || (a < b ? -1 : 1));
  const pattern = present(combos[0]!);
  return { paths, wildcard: pattern.some((s) => s.kind === "catchAll"), pattern };
}

/** `api.v1.sitemap[.]xml` → `api`, `v1`, `sitemap[.]xml`: dots split, except inside brackets. */
export function splitOutsideBrackets(name: string): string[] {
  const out: string[] = [];
  let current = "";
  let depth = 0;
  for (const ch of name) {
    if (ch === "[") depth++;
    else if (ch === "]") depth = Math.max(0, depth - 1);
    if (ch === "." && depth === 0) {
      out.push(current);
      current = "";
    } else current += ch;
  }
  out.push(current);
  return out;
}

/** A route file of a configured folder: `route.ts` below `dir`, its folder path under `prefix`. */
export function configuredRoutePaths(file: string, routes: FileRoutesDir): FileRoute | undefined {
  const relative = relativeToDir(file, routes.dir);
  if (relative === undefined) return undefined;
  const segments = relative.split("/");
  const name = segments.pop()!;
  if (!ROUTE_FILE_NAME.test(name)) return undefined;
  return folderRoute(segments, routes.prefix ?? "/");
}

/** Whether a file is the middleware file of a configured folder: `middlewares.ts` directly in `dir`. */
export function isMiddlewaresFile(file: string, routes: FileRoutesDir): boolean {
  const relative = relativeToDir(file, routes.dir);
  return relative !== undefined && MIDDLEWARES_FILE_NAME.test(relative);
}

/** `dir` as a clean relative posix path: `./src/api/` is `src/api`, `.` is the root. */
export function cleanDir(dir: string): string {
  const clean = path.posix
    .normalize(toPosix(dir))
    .replace(/^\.\/?/, "")
    .replace(/\/$/, "");
  return clean === "." ? "" : clean;
}

/** A file's path below a folder (both relative to the project root), or undefined when it is not below it. */
function relativeToDir(file: string, dir: string): string | undefined {
  const posix = toPosix(file);
  const clean = cleanDir(dir);
  if (!clean) return posix;
  return posix.startsWith(`${clean}/`) ? posix.slice(clean.length + 1) : undefined;
}

/** Whether a file (relative to the root) lies below one of the configured folders. */
export function inConfiguredDir(file: string, dirs: readonly FileRoutesDir[] | undefined): boolean {
  return Boolean(dirs?.some((d) => relativeToDir(file, d.dir) !== undefined));
}

/**
 * The route a file answers as a route file of any kind (a configured folder's, the App Router's, the Pages
 * Router's), by its path relative to the project root.
 */
export function anyFileRoute(file: string, dirs: readonly FileRoutesDir[] | undefined): FileRoute | undefined {
  for (const d of dirs ?? []) {
    const route = configuredRoutePaths(file, d);
    if (route) return route;
  }
  if (inConfiguredDir(file, dirs)) return undefined;
  return appRouterPaths(file) ?? pagesApiPaths(file) ?? svelteKitPaths(file) ?? astroPaths(file);
}

/** `handle(app)` of Hono's platform adapters: the app answers every request the route file receives. */
const SERVE_MODULES = /^hono\/(vercel|nextjs)$/;

export function isServeCall(callee: ExternalValue): boolean {
  return SERVE_MODULES.test(callee.module) && callee.path[callee.path.length - 1] === "handle";
}

/**
 * The router that serves requests for `router`: Hono's `basePath()` returns an app that shares its
 * parent's routes, so the parent (up to the top) is what a request meets.
 */
export function topRouter(router: RouterNode, routers: readonly RouterNode[]): RouterNode {
  let current = router;
  const seen = new Set<RouterNode>([current]);
  for (;;) {
    const parent = routers.find((r) => r.stack.some((layer) => layer.type === "mount" && layer.router === current));
    if (!parent || seen.has(parent)) return current;
    seen.add(parent);
    current = parent;
  }
}

/**
 * Whether a route file receives requests for an OpenAPI path: its literal segments must be equal, a
 * parameter takes any one segment, a catch-all one or more (an optional one, none too). A literal route
 * file segment never receives a path parameter (it would only for that one value).
 */
export function receives(pattern: readonly RouteSegment[], openApiPath: string): boolean {
  const segments = openApiPath.split("/").filter(Boolean);
  const match = (p: number, s: number): boolean => {
    if (p === pattern.length) return s === segments.length;
    const part = pattern[p]!;
    if (part.kind === "catchAll") {
      for (let end = part.optional ? s : s + 1; end <= segments.length; end++) if (match(p + 1, end)) return true;
      return false;
    }
    if (s === segments.length) return false;
    if (part.kind === "literal" && part.text !== segments[s]) return false;
    return match(p + 1, s + 1);
  };
  return match(0, 0);
}

/** Whether the project imports Remix or React Router 7 (whose `app/routes` modules are its routes). */
export function usesRemix(sources: SourceSet): boolean {
  return sources.files.some((f) =>
    importedPackages(f).some((p) => /^(@remix-run\/|@react-router\/|react-router(\/|$|-auto-routes$))/.test(p)),
  );
}

function toPosix(file: string): string {
  return file.split(path.sep).join("/");
}

/**
 * A route of the Nitro config's `handlers` (`{ route: "/api/users/:id", method: "get" }`), as h3's router reads
 * it: `:name` a parameter, `*` an unnamed one (`_0`, ...), a last `**` (`**:name`) a catch-all below the path —
 * and the path itself too where Nitro 3 routes with rou3 (`baseToo`: indexed with and without it).
 */
export function nitroConfigRoute(route: string, method: string | undefined, baseToo: boolean): NitroRoute {
  let unnamed = 0;
  const choices: RouteSegment[][] = route
    .split("/")
    .filter(Boolean)
    .map((segment): RouteSegment[] => {
      if (segment.startsWith("**")) {
        const catchAll: RouteSegment = { kind: "catchAll", name: segment.slice(3) || "_", optional: baseToo };
        return baseToo ? [catchAll, { kind: "literal", text: "" }] : [catchAll];
      }
      if (segment === "*") return [{ kind: "param", name: `_${unnamed++}` }];
      if (segment.startsWith(":") && segment.length > 1) return [{ kind: "param", name: segment.slice(1) }];
      return [{ kind: "literal", text: segment }];
    });
  return { ...routeOfChoices(choices), ...(method ? { method: method.toUpperCase() } : {}) };
}
