import { fullPath, outrankedAlternativesDropped } from "./route-ranking.js";
import path from "node:path";
import { ts } from "../../typescript.js";
import { type DiagnosticBag, siteOf } from "../../diagnostics/diagnostic.js";
import { mergeDocs } from "../../resolve/framework-docs.js";
import { excerpt, Interpreter, ReplayMiss } from "../../resolve/interpreter.js";
import type { CheckValue, FunctionValue, Value } from "../../resolve/values.js";
import type { Scope } from "../../resolve/scope.js";
import { callsOf } from "../../scan/calls.js";
import type { SourceSet } from "../../scan/source-set.js";
import { type ExtractOptions, type FrameworkAdapter, interpreterOptionsOf } from "../adapter.js";
import { answeredMethodsOf, answersNotFoundOnly } from "../answered-methods.js";
import { servesTrpc } from "../trpc/index.js";
import { servesTsRest } from "../ts-rest/index.js";
import { expressToOpenApi, type PathParseResult, simplePath } from "../express/path-syntax.js";
import { flattenApp } from "../flatten.js";
import { honoToOpenApi } from "../hono/path-syntax.js";
import { h3ToOpenApi } from "../h3/path-syntax.js";
import { IncrementalSession } from "../incremental/session.js";
import type { RouteFact } from "../route-fact.js";
import type { RouterNode } from "../router-graph.js";
import { unwrapExpression } from "../../resolve/syntax.js";
import { dedupe, importBindings, importedPackages } from "../shared.js";
import {
  astroPaths,
  cleanDir,
  configuredRoutePaths,
  type FileRoute,
  inConfiguredDir,
  type RouteSegment,
  isMiddlewaresFile,
  flatRoute,
  receives,
  remixRoutePaths,
  svelteKitPaths,
  underBase,
  usesRemix,
  type NitroLayout,
  type NitroRoute,
  nitroRoutePaths,
} from "./file-paths.js";
import { type NextConfig, nextRoutes } from "./next-config.js";
import { nextConnectRoutes } from "./next-connect.js";
import { nitroAutoImports, nitroLayouts, nitroRouteOf } from "./nitro-layout.js";
import { nitroRouteMetaDoc } from "./nitro-route-meta.js";
import { autoRoutePattern } from "./auto-routes.js";
import { hybridRouteName, patternRoute, type RouteConfigReading, readRouteConfig } from "./react-router-config.js";
import { exportDoc, FileRouteHost, type ServedApp } from "./file-route-host.js";
import { forwardingCall } from "./forwarded-app.js";
import { methodKeyedHandlers, writtenTable } from "./method-keyed.js";
import { freshRoute, freshRouteDirs } from "./fresh.js";
import { MiddlewareMatchers } from "./middleware-matchers.js";
import { EVERY_METHOD, type MethodReading, readRequestMethods } from "./request-methods.js";
import { methodsThroughWrappers } from "./wrapper-methods.js";
import { medusaRouteDirs } from "./medusa-dirs.js";
import {
  readsVercelFunctions,
  readVercelConfig,
  rewrittenRoutes,
  type VercelConfig,
  type VercelRewrite,
  vercelFunctionRoute,
} from "./vercel.js";
import { type TanstackRouting, tanstackRouting } from "./tanstack.js";
import { solidStartLayout, solidStartRoute, usesSolidStart } from "./solid-start.js";
import { QWIK_HANDLERS, qwikCityLayout, qwikRouteFile, respondsItself, usesQwikCity } from "./qwik-city.js";
import { FrameworkGuards } from "./framework-guards.js";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"];

/** A route file: its route, how it exports handlers, and the folder (group) it belongs to. */
interface RouteFile {
  route: FileRoute;
  /**
   * `methods`: one export per HTTP method (App Router, configured folders); `default`: one handler (Pages
   * Router); `remix`: a `loader` (GET) and an `action` (the other methods) of a Remix / React Router route module;
   * `nitro`: one default-exported event handler, for the method its file name gives or those it tests;
   * `qwik`: Qwik City's `onGet`, `onPost`, ... and `onRequest` request handlers.
   */
  style: "methods" | "default" | "remix" | "nitro" | "tanstack" | "qwik" | "fresh";
  group: Group;
  /** The next.config of a Next.js route file's project. */
  next?: NextConfig;
  /** A Vercel Function of the project's `api/` folder. */
  vercel?: boolean;
  /** A SolidStart API route (its middleware's checks run before it). */
  solid?: boolean;
  /** The Nuxt or Nitro project of a server route. */
  nitro?: NitroLayout;
  /** A SvelteKit or Astro route with optional parts, whose paths depend on the other route files (route-ranking.ts). */
  ranked?: boolean;
}

/** The routes of one folder of route files: a root for their handlers, the apps they serve, their middleware file. */
interface Group {
  root: RouterNode;
  served: Map<string, ServedEntry>;
  matchers?: MiddlewareMatchers;
}

/** An app a route file serves: the file's route, the methods it exports (undefined: all), and the URL patterns a rewrite also sends it. */
interface ServedEntry {
  app: ServedApp;
  route: FileRoute;
  methods: Set<string> | undefined;
  node: ts.Node;
  also?: RouteSegment[][];
}

const openApiParser = (raw: string): PathParseResult => ({
  ok: true,
  variants: [{ path: raw, params: [...raw.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!), wildcard: false }],
});

/**
 * File-system routing, for every style apidex reads: the Next.js App Router (`app/**\/route.ts`, a handler per
 * method export) and Pages Router API (`pages/api/**`, one default-exported handler whose `req.method` tests
 * say its methods), and configured folders (`fileRoutes`: `route.ts` files, method exports, and the folder's
 * `middlewares.ts` matchers). A route file that serves a Hono or Express app (`export const GET = handle(app)`)
 * answers with that app's routes.
 */
function extractFileRoutes(
  framework: "next" | "files",
  sources: SourceSet,
  options: ExtractOptions,
  diagnostics: DiagnosticBag,
): RouteFact[] {
  const relative = (fileName: string) => path.relative(sources.root, fileName);
  const newGroup = (): Group => ({
    root: { id: 0, kind: "app", site: { file: sources.root, line: 1, column: 1 }, stack: [], mounted: true },
    served: new Map(),
  });
  const dirs = framework === "files" ? (options.fileRoutes?.length ? options.fileRoutes : medusaRouteDirs(sources)) : [];
  const groups = framework === "files" ? dirs.map(newGroup) : [newGroup()];
  const remix = framework === "next" && usesRemix(sources);
  // React Router 7's `app/routes.ts` says which modules are routes, at which paths; without one (Remix 2)
  // every module of `app/routes` is, by its name.
  const routeConfig = remix ? findRouteConfig(sources, diagnostics) : undefined;
  const nitro = framework === "next" ? nitroLayouts(sources) : [];
  const astro = framework === "next" && usesAstro(sources);
  const nextRoute = nextRoutes(sources);
  // Vercel Functions (`api/**` at the root), unless a framework whose Vercel preset leaves them out serves the project.
  const vercel = framework === "next" && readsVercelFunctions(sources);
  // TanStack Start's server routes (`createFileRoute(...)({ server: { handlers } })` and the earlier factories).
  const tanstack: TanstackRouting | undefined = framework === "next" ? tanstackRouting(sources, diagnostics) : undefined;
  // SolidStart's and Qwik City's route folders (`src/routes` by default), in projects that import them.
  const solid = framework === "next" && usesSolidStart(sources) ? solidStartLayout(sources) : undefined;
  const qwik = framework === "next" && usesQwikCity(sources) ? qwikCityLayout(sources) : undefined;
  // Deno Fresh's `routes/` folders (fresh.ts).
  const fresh = framework === "next" ? freshRouteDirs(sources) : [];
  // The full path of every SvelteKit endpoint and Astro endpoint: a rest parameter's "without" path that one
  // of them answers is that route's, as SvelteKit and Astro rank routes (route-ranking.ts).
  let fullPathsOfRanked: Set<string> | undefined;
  const rankedFullPaths = (): ReadonlySet<string> => {
    fullPathsOfRanked ??= new Set(
      sources.files.flatMap((f) => {
        const rel = relative(f.fileName);
        const route = svelteKitPaths(rel) ?? (astro ? astroPaths(rel) : undefined);
        return route ? [fullPath(route)] : [];
      }),
    );
    return fullPathsOfRanked;
  };
  const locate = (fileName: string): RouteFile | undefined => {
    const rel = relative(fileName);
    const tanstackRoute = tanstack?.routeOf(fileName);
    if (tanstackRoute) return { route: tanstackRoute, style: "tanstack", group: groups[0]! };
    if (framework === "files") {
      for (const [i, dir] of dirs.entries()) {
        const route = configuredRoutePaths(rel, dir);
        if (route) return { route, style: "methods", group: groups[i]! };
      }
      return undefined;
    }
    if (inConfiguredDir(rel, options.fileRoutes)) return undefined; // the configured folders' adapter reads these
    if (routeConfig) {
      const module = configuredModuleRoute(routeConfig, fileName);
      if (module) return { route: module, style: "remix", group: groups[0]! };
      if (/(^|\/)app\/routes\//.test(rel.split(path.sep).join("/"))) return undefined;
    } else if (remix) {
      const module = remixRoutePaths(rel);
      if (module) return { route: module, style: "remix", group: groups[0]! };
      if (/(^|\/)app\/routes\//.test(rel.split(path.sep).join("/"))) return undefined;
    }
    // A handler file the config's `handlers` name serves at the route it gives.
    const served = nitroRouteOf(rel, nitro);
    if (served) return { route: served.route, style: "nitro", group: groups[0]!, nitro: served.layout };
    if (vercel) {
      const route = vercelFunctionRoute(sources, fileName);
      // Vercel's Node.js runtime calls the default export when there is one (named method exports are then
      // not read), else the method exports (`export function GET(request)`).
      const file = route && sources.getFile(fileName);
      if (route && file) return { route, style: vercelDefault(file) ? "default" : "methods", group: groups[0]!, vercel: true };
    }
    if (solid) {
      const found = solidStartRoute(rel, solid);
      if (found && "route" in found) return { route: found.route, style: "methods", group: groups[0]!, solid: true };
      if (found) return undefined; // refused (said once the files are read)
    }
    if (qwik) {
      const found = qwikRouteFile(rel, qwik);
      if (found) return { route: found.route, style: "qwik", group: groups[0]! };
    }
    if (fresh.length) {
      const route = freshRoute(rel, fresh);
      if (route) return { route, style: "fresh", group: groups[0]! };
      // Fresh's own modules (`_app`, `_middleware`) and co-located `(_components)` are no routes of another kind.
      if (fresh.some((dir) => rel.split(path.sep).join("/").startsWith(`${dir}/`))) return undefined;
    }
    // Astro's endpoints are files of `src/pages` that export a handler per method (its pages are `.astro`).
    const next = nextRoute(rel);
    if (next?.router === "app") return { route: next.route, style: "methods", group: groups[0]!, next: next.config };
    const app = svelteKitPaths(rel) ?? (astro ? astroPaths(rel) : undefined);
    if (app && app.paths.length > 1)
      return { route: outrankedAlternativesDropped(app, rankedFullPaths()), style: "methods", group: groups[0]!, ranked: true };
    if (app) return { route: app, style: "methods", group: groups[0]! };
    return next ? { route: next.route, style: "default", group: groups[0]!, next: next.config } : undefined;
  };

  const host = new FileRouteHost(diagnostics);
  // With the run cache (App Router files only): each route file's handlers are recorded, and unchanged files
  // replayed from that. Pages handlers, configured folders and served apps are evaluated on every run.
  // (Not with Vercel Functions: vercel.json's rewrites copy each function's routes once all are read.)
  const simple =
    framework === "next" &&
    !vercel &&
    // (Not SolidStart's: its middleware module's checks go into every API route.)
    !solid &&
    !sources.files.some(
      (f) =>
        (locate(f.fileName)?.style ?? "methods") !== "methods" || importedPackages(f).some((p) => /^(hono|express|elysia)(\/|$)/.test(p)),
    );
  if (options.incremental && !simple && Object.keys(options.incremental.replay).length)
    throw new ReplayMiss(
      "the route files are read with Pages Router handlers, served apps, Vercel Functions, SolidStart or Qwik City, which are not replayed",
    );
  const session = options.incremental && simple ? new IncrementalSession(host, sources, diagnostics, options.incremental) : undefined;
  const interpreter = new Interpreter(
    sources,
    diagnostics,
    {
      ...interpreterOptionsOf(options),
      ...session?.interpreterOptions(),
      ...(nitro.length ? { autoImports: nitroAutoImports(sources, nitro) } : {}),
    },
    host,
  );
  host.attach(interpreter);
  session?.attach(interpreter);
  // SolidStart's middleware, Qwik City's layouts and server plugins: checks that run before a route's handler.
  const guards = new FrameworkGuards(sources, interpreter, host, diagnostics, { solid, qwik });

  /** The Vercel Functions read, with the layers each added (a rewrite makes them answer elsewhere too). */
  const vercelFiles = new Map<string, { route: FileRoute; layers: RouterNode["stack"] }>();
  /** The route files of each Next.js project whose config has rewrites, with the layers each added. */
  const nextFiles = new Map<NextConfig, Map<string, { route: FileRoute; layers: RouterNode["stack"] }>>();
  let svelteBaseSaid = false;
  const nextBaseSaid = new Set<string>();
  const nitroBaseSaid = new Set<string>();
  const readRouteFile = (file: ts.SourceFile): void => {
    const found = locate(file.fileName);
    // A route file that hands its requests to tRPC (or a ts-rest server) answers with the router's
    // procedures (the contract's routes): the tRPC (ts-rest) adapter's.
    if (!found || servesTrpc(file) || servesTsRest(file)) return;
    const { group } = found;
    let { route } = found;
    const root = group.root;
    const before = root.stack.length;
    session?.recorder.enterFile(file.fileName);
    // Its paths depend on which other route files exist (one added or removed changes them): not replayed.
    if (found.ranked) session?.recorder.spoil(file.fileName, "another route file may outrank its path without its optional part");
    const instance = interpreter.module(file);
    // SvelteKit serves every route under the config's `kit.paths.base` (it answers 404 outside it and matches
    // the rest of the path), so an endpoint's URL is the base followed by its folder path.
    const baseUnknown =
      (found.style === "methods" && !found.next && svelteKitPaths(relative(file.fileName)) !== undefined && !underSvelteBase(file)) ||
      (found.nitro !== undefined && !underNitroBase(found.nitro)) ||
      (found.next !== undefined && !underNextBase(found.next)) ||
      (found.style === "qwik" && guards.qwikBaseUnknown);
    // Next.js serves every route, API routes included, under the config's `basePath`.
    function underNextBase(config: NextConfig): boolean {
      const base = config.basePath;
      if (typeof base === "string") {
        if (base.replace(/\/+/g, "")) {
          session?.recorder.spoil(file.fileName, "it is served under Next's basePath");
          route = underBase(route, base);
        }
        return true;
      }
      if (!nextBaseSaid.has(config.file ?? "")) {
        nextBaseSaid.add(config.file ?? "");
        diagnostics.warning(
          "APX201",
          `Next.js serves its routes under \`basePath\`, which ${path.basename(config.file ?? "next.config.js")} sets to a value apidex cannot read statically: the route files are indexed relative to it, marked \`unresolved: ["path"]\`.`,
          base.unreadable,
          'Write the base path as a string (`basePath: "/docs"`).',
        );
      }
      return false;
    }
    // Nuxt's `app.baseURL` (a Nitro app's `baseURL`): the server serves every route under it.
    function underNitroBase(layout: NitroLayout): boolean {
      const base = layout.baseURL;
      if (typeof base === "string") {
        if (base.replace(/\/+/g, "")) {
          session?.recorder.spoil(file.fileName, "it is served under the server's base URL");
          route = underBase(route, base);
        }
        return true;
      }
      if (!nitroBaseSaid.has(layout.project)) {
        nitroBaseSaid.add(layout.project);
        diagnostics.warning(
          "APX201",
          'The server serves its routes under this base URL, which apidex cannot read statically: the server routes are indexed relative to it, marked `unresolved: ["path"]`.',
          base.unreadable,
          'Write the base as a string (`app: { baseURL: "/h5/" }`; Nitro: `baseURL: "/h5/"`).',
        );
      }
      return false;
    }
    function underSvelteBase(at: ts.SourceFile): boolean {
      // Without a config, SvelteKit's defaults: no base.
      if (!sources.svelteConfig()) return true;
      const base = interpreter.svelteKitBase(at.statements[0] ?? at);
      if (base.kind !== "string") {
        if (!svelteBaseSaid) {
          svelteBaseSaid = true;
          diagnostics.warning(
            "APX201",
            `SvelteKit serves its routes under \`kit.paths.base\`, which ${path.basename(sources.svelteConfig() ?? "svelte.config.js")} sets to a value known only at run time: the endpoints are indexed relative to it, marked \`unresolved: ["path"]\`.`,
            siteOf(at.statements[0] ?? at),
            'Write the base as a string (`paths: { base: "/status" }`), or take it from an environment variable with a default (`process.env.BASE_PATH || ""`) and set `env` in the config.',
          );
        }
        return false;
      }
      if (base.value.replace(/\/+/g, "")) {
        session?.recorder.spoil(at.fileName, "it is served under SvelteKit's base path");
        route = underBase(route, base.value);
      }
      return true;
    }
    const catchAll = (node: ts.Node) => {
      if (route.wildcard)
        diagnostics.warning(
          "APX205",
          `${relative(file.fileName)} is a catch-all route; it is indexed with one path segment.`,
          siteOf(node),
          "OpenAPI path parameters match one segment; callers must encode slashes.",
        );
    };
    const serve = (app: ServedApp, method: string | undefined, node: ts.Node) => {
      session?.recorder.spoil(file.fileName, "it serves an app");
      const entry = group.served.get(file.fileName) ?? { app, route, methods: method ? new Set<string>() : undefined, node };
      if (method) entry.methods?.add(method);
      group.served.set(file.fileName, entry);
    };
    /** One method the file answers: served by an app it hands the request to, or by the handler at `node`. */
    const answer = (
      method: string,
      node: ts.Node,
      value: Value,
      scope: Scope,
      exportedAs?: ts.ExportSpecifier,
      before: readonly CheckValue[] = found.solid ? guards.solidMiddleware() : [],
    ): void => {
      const app = host.servedApp(value) ?? forwardedApp(value, host, interpreter);
      if (app) return serve(app, method, node);
      // `app/api/[...notFound]/route.ts` whose handler only answers 404: the API's not-found fallback, no operation.
      if (route.wildcard && value.kind === "function" && answersNotFoundOnly(value.decl)) return;
      catchAll(node);
      host.addExport(root, method, rpcPaths(node, route, interpreter, scope) ?? route.paths, node, value, scope, before, exportedAs);
    };
    if (found.style === "methods") {
      // `export * from "../../workspaces/route"`: the methods another module exports are answered here too,
      // read where they are written (the wrapper call and its options are there).
      if (file.statements.some(isStarExport)) {
        session?.recorder.spoil(file.fileName, "it re-exports another module's handlers");
        for (const method of METHODS) {
          if (ownMethod(file, method)) continue;
          const origin = starOrigin(file, method, sources, new Set());
          if (!origin) continue;
          const from = interpreter.module(origin.file);
          answer(method, origin.node, interpreter.exportOf(from, method, origin.node), from.scope);
        }
      }
      for (const statement of file.statements) {
        for (const [method, node] of declaredMethods(statement))
          diagnostics.warning(
            "APX233",
            `${relative(file.fileName)} declares ${method} (\`declare\`) without defining it: nothing answers ${method} ${route.paths[0] ?? ""} from this file at run time, so it is not indexed.`,
            siteOf(node),
            "Export the handler itself (`export const GET = async (req, res) => { ... }`); a declaration only gives it a type.",
          );
        for (const [method, exported] of exportedMethods(statement)) {
          const value = interpreter.exportOf(instance, method, exported);
          // `export { list as GET }`, `export { GET } from "../x/route"`: read where the handler is written.
          const origin = ts.isExportSpecifier(exported) ? specifierOrigin(exported, sources) : undefined;
          if (origin && origin.file !== file) session?.recorder.spoil(file.fileName, "it re-exports another module's handlers");
          if (origin) answer(method, origin.node, value, interpreter.module(origin.file).scope, exported as ts.ExportSpecifier);
          else answer(method, exported, value, instance.scope);
        }
      }
      // SvelteKit's `fallback` (Astro's `ALL`) answers the methods the file exports no handler for: those its
      // method tests leave, else all of them (APX230).
      const fallback = svelteKitPaths(relative(file.fileName))
        ? "fallback"
        : astro && astroPaths(relative(file.fileName))
          ? "ALL"
          : undefined;
      if (fallback)
        for (const statement of file.statements)
          for (const [, exported] of exportedMethods(statement, [fallback])) {
            const own = new Set(file.statements.flatMap((st) => exportedMethods(st).map(([m]) => m)));
            const rest = METHODS.filter((m) => !own.has(m));
            const value = interpreter.exportOf(instance, fallback, exported);
            // `export const ALL = ({ request }) => app.fetch(request)`: the app answers every method it has.
            const forwarded = host.servedApp(value) ?? forwardedApp(value, host, interpreter);
            if (forwarded) {
              serve(forwarded, undefined, exported);
              continue;
            }
            // Untested, the methods an API client uses (as for a Pages Router handler), not HEAD or OPTIONS.
            const methods = testedMethods(
              value.kind === "function" ? [value] : [],
              rest,
              EVERY_METHOD.filter((m) => !own.has(m)),
              exported,
              interpreter,
              diagnostics,
              {
                what: `the \`${fallback}\` of ${relative(file.fileName)}`,
                hint: 'Test the method in the handler (`if (request.method !== "PUT") return new Response(null, { status: 405 })`), or export a handler per method.',
              },
            );
            const parts = host.handlerParts(exported, value, instance.scope);
            const read = methodReading(interpreter, parts);
            catchAll(exported);
            pushPerMethod(interpreter, root, route, exported, parts, read?.reading, read?.readFrom, methods);
          }
    } else if (found.style === "tanstack") {
      tanstack!.read(file, interpreter, {
        mark: () => root.stack.length,
        document: (since, doc) => {
          for (const layer of root.stack.slice(since)) if (layer.type === "route" && !layer.doc) layer.doc = doc;
        },
        answer: (method, node, value, before) => answer(method, node, value, instance.scope, undefined, before),
        // `ANY`: the methods with no handler of their own, those its method tests leave (else every one, APX230).
        fallback: (node, value, before, own) => {
          const forwarded = host.servedApp(value) ?? forwardedApp(value, host, interpreter);
          if (forwarded) return serve(forwarded, undefined, node);
          const methods = testedMethods(
            value.kind === "function" ? [value] : [],
            METHODS.filter((m) => !own.has(m)),
            EVERY_METHOD.filter((m) => !own.has(m)),
            node,
            interpreter,
            diagnostics,
            {
              what: `the \`ANY\` handler of ${relative(file.fileName)}`,
              hint: 'Test the method in the handler (`if (request.method !== "PUT") return new Response(null, { status: 405 })`), or give each method its own handler.',
            },
          );
          const parts = host.handlerParts(node, value, instance.scope);
          parts.checks.unshift(...before);
          const read = methodReading(interpreter, parts);
          catchAll(node);
          pushPerMethod(interpreter, root, route, node, parts, read?.reading, read?.readFrom, methods);
        },
      });
    } else if (found.style === "qwik") {
      // A page (a default-exported component) answers its methods' handlers too: Qwik City runs them before
      // rendering, and one that responds (`json(200, ...)`) is what the client gets. `onRequest` beside method
      // handlers (or in a page) is a guard for them; alone in an endpoint module, it answers every method.
      const own = file.statements.flatMap((st) => exportedMethods(st, [...QWIK_HANDLERS.keys(), "onRequest"]));
      const onRequest = own.find(([name]) => name === "onRequest");
      const handlers = own.filter(([name]) => name !== "onRequest");
      const routeGuards = (method: string) => [
        ...guards.qwikBefore(file, method),
        ...(onRequest ? guards.checksOf(onRequest[1], interpreter.exportOf(instance, "onRequest", onRequest[1]), instance.scope) : []),
      ];
      const page = defaultExport(file) !== undefined;
      for (const [name, exported] of handlers) {
        const method = QWIK_HANDLERS.get(name)!;
        // A page's `onGet` that never responds itself (a redirect guard, cache headers) lets the page render: the
        // page answers, not an API operation.
        if (page && method === "GET" && !respondsItself(exported)) continue;
        answer(method, exported, interpreter.exportOf(instance, name, exported), instance.scope, undefined, routeGuards(method));
      }
      if (onRequest && !handlers.length && !defaultExport(file)) {
        const [, exported] = onRequest;
        const value = interpreter.exportOf(instance, "onRequest", exported);
        const candidates = [
          ...(value.kind === "function" ? [value] : []),
          ...host.handlerParts(exported, value, instance.scope).handlers.reverse(),
        ];
        const methods = testedMethods(candidates, METHODS, EVERY_METHOD, exported, interpreter, diagnostics, {
          what: `the \`onRequest\` of ${relative(file.fileName)}`,
          hint: 'Export a handler per method (`export const onPost: RequestHandler = ...`), or test the method (`if (request.method !== "POST") throw error(405, "Method Not Allowed")`).',
        });
        for (const method of methods) answer(method, exported, value, instance.scope, undefined, guards.qwikBefore(file, method));
      }
    } else if (found.style === "fresh") {
      // A page (a default-exported component) renders for GET: its handler's GET serves the page, no operation;
      // its other methods (a form's POST) are. A handler function answers every method (those it tests, if any).
      const page = defaultExport(file) !== undefined;
      for (const statement of file.statements)
        for (const [, exported] of exportedMethods(statement, ["handler"])) {
          const value = interpreter.exportOf(instance, "handler", exported);
          const written = unwrapExpression(exported as ts.Expression);
          const keyed = ts.isObjectLiteralExpression(written)
            ? writtenTable(written, interpreter, instance.scope)
            : (methodKeyedHandlers(written, interpreter, instance.scope) ??
              (value.kind === "object" && value.props.size && [...value.props.keys()].every((k) => METHODS.includes(k))
                ? [...value.props].map(([method, v]) => ({ method, node: exported, value: v }))
                : undefined));
          if (keyed) {
            for (const handler of keyed)
              if (!(page && handler.method === "GET")) answer(handler.method, handler.node, handler.value, instance.scope);
            continue;
          }
          const candidates = [
            ...(value.kind === "function" ? [value] : []),
            ...host.handlerParts(exported, value, instance.scope).handlers.reverse(),
          ];
          if (!candidates.length) {
            // Fresh calls it for every method: which it answers, and what it checks, are unknown.
            diagnostics.warning(
              "APX230",
              `Cannot read the \`handler\` of ${relative(file.fileName)} (\`${excerpt(exported)}\`) statically: which methods it answers is unknown; it is indexed under ${EVERY_METHOD.join(", ")}.`,
              siteOf(exported),
              "Export an object of handlers by method (`export const handler = { GET(req, ctx) {...} }`) or a function written in the sources.",
            );
            for (const method of EVERY_METHOD) if (!(page && method === "GET")) answer(method, exported, value, instance.scope);
            continue;
          }
          const methods = testedMethods(candidates, METHODS, EVERY_METHOD, exported, interpreter, diagnostics, {
            what: `the \`handler\` of ${relative(file.fileName)}`,
            hint: "Export an object of handlers by method (`export const handler = { GET(req, ctx) {...}, POST(req, ctx) {...} }`), or test the method in the handler.",
          });
          for (const method of methods) if (!(page && method === "GET")) answer(method, exported, value, instance.scope);
        }
    } else if (found.style === "remix") {
      // A module with a default export renders a page (so does one exporting `Component`, React Router's
      // lazy-route form): its loader and action serve that page, not an API. One without is a resource
      // route: its loader answers GET, its action the other methods.
      if (!defaultExport(file) && !file.statements.some((st) => exportedMethods(st, ["Component"]).length))
        for (const statement of file.statements)
          for (const [name, exported] of exportedMethods(statement, ["loader", "action"])) {
            const value = interpreter.exportOf(instance, name, exported);
            // The function the export holds, then those its wrapper was given (`createRoute({...}, async ({ request }) => ...)`).
            const candidates = [
              ...(value.kind === "function" ? [value] : []),
              ...host.handlerParts(exported, value, instance.scope).handlers.reverse(),
            ];
            const methods =
              name === "loader"
                ? loaderMethods(candidates, interpreter)
                : testedMethods(candidates, ACTION_METHODS, ACTION_METHODS, exported, interpreter, diagnostics, {
                    what: `the action of ${relative(file.fileName)}`,
                    hint: 'Test the method in the action (`if (request.method !== "POST") return new Response(null, { status: 405 })`), so the index lists the methods it answers.',
                  });
            for (const method of methods) answer(method, exported, value, instance.scope);
          }
    } else if (found.style === "nitro") {
      const node = defaultExport(file);
      const nitroRoute = route as NitroRoute;
      if (node && (nitroRoute.env === "dev" || nitroRoute.env === "prerender"))
        diagnostics.warning(
          "APX235",
          `${relative(file.fileName)} is built only ${nitroRoute.env === "dev" ? "for development" : "for prerendering"} (its \`.${nitroRoute.env}\` suffix): a deployed server does not answer it, so it is not indexed.`,
          siteOf(node),
          "Drop the suffix (or use `.prod`) if the deployed server should answer it.",
        );
      else if (node) {
        const value = interpreter.exportOf(instance, "default", node);
        const candidates = [
          ...(value.kind === "function" ? [value] : []),
          ...host.handlerParts(node, value, instance.scope).handlers.reverse(),
        ];
        // `export default useBase("/api", router.handler)` (or `router.handler`): an h3 router answers the file's
        // requests with its own routes, for the file's method only when its name has one.
        const app = host.servedApp(value);
        if (app) serve(app, nitroRoute.method, node);
        else if (nitroRoute.method) answer(nitroRoute.method, node, value, instance.scope);
        else {
          catchAll(node);
          // h3 calls it for every method; untested, the methods an API client uses (as for a Pages Router handler).
          const methods = testedMethods(candidates, METHODS, EVERY_METHOD, node, interpreter, diagnostics, {
            what: `${relative(file.fileName)} (its name has no method suffix)`,
            hint: 'Name the file for its method (`users.post.ts`), or assert it in the handler (`assertMethod(event, "POST")`).',
          });
          const parts = host.handlerParts(node, value, instance.scope);
          const read = methodReading(interpreter, parts);
          pushPerMethod(interpreter, root, route, node, parts, read?.reading, read?.readFrom, methods);
        }
        // `defineRouteMeta({ openAPI })` beside the handler documents the file's routes; the comment wins field by field.
        const meta = nitroRouteMetaDoc(file, diagnostics);
        if (meta) for (const layer of root.stack.slice(before)) if (layer.type === "route") layer.doc = mergeDocs(layer.doc, meta);
      }
    } else {
      const node = found.vercel ? vercelDefault(file) : defaultExport(file);
      if (node) {
        const value = interpreter.exportOf(instance, "default", node);
        // A Vercel Function may also hand the request to an app (`(req) => app.fetch(req)`), or be an object
        // of web handlers (`export default { fetch }`, `{ GET, POST }`).
        const app = host.servedApp(value) ?? (found.vercel ? forwardedApp(value, host, interpreter) : undefined);
        const handlers = found.vercel && !app ? webHandlerObject(node, value) : undefined;
        if (app) serve(app, undefined, node);
        else if (handlers?.fetch) {
          const served = host.servedApp(handlers.fetch.value) ?? forwardedApp(handlers.fetch.value, host, interpreter);
          if (served) serve(served, undefined, handlers.fetch.node);
          else {
            catchAll(node);
            addPagesHandler(
              host,
              interpreter,
              diagnostics,
              root,
              route,
              handlers.fetch.node,
              handlers.fetch.value,
              instance.scope,
              relative(file.fileName),
            );
          }
        } else if (handlers) for (const [method, h] of handlers.methods) answer(method, h.node, h.value, instance.scope);
        else {
          catchAll(node);
          addPagesHandler(host, interpreter, diagnostics, root, route, node, value, instance.scope, relative(file.fileName));
        }
      }
    }
    if (baseUnknown) for (const layer of root.stack.slice(before)) if (layer.type === "route") layer.prefixUnknown = true;
    if (found.vercel) vercelFiles.set(file.fileName, { route, layers: root.stack.slice(before) });
    if (found.next?.rewrites) {
      // Copied to the paths a rewrite sends to it once every route file is read: not replayed alone.
      session?.recorder.spoil(file.fileName, "next.config's rewrites send paths to it");
      const files = nextFiles.get(found.next) ?? new Map<string, { route: FileRoute; layers: RouterNode["stack"] }>();
      files.set(file.fileName, { route, layers: root.stack.slice(before) });
      nextFiles.set(found.next, files);
    }
    session?.recorder.leaveFile(file.fileName, root.stack.slice(before));
  };

  // Route files in path order, the replayed ones (not parsed) at their place among them.
  const replay = session?.replayed;
  const replayed = replay?.files ?? [];
  let next = 0;
  const replayNext = () => {
    const name = replayed[next++]!;
    interpreter.moduleNamed(name);
    groups[0]!.root.stack.push(...replay!.rootLayers(name));
  };
  for (const file of sources.files) {
    while (next < replayed.length && replayed[next]! < file.fileName) replayNext();
    readRouteFile(file);
  }
  while (next < replayed.length) replayNext();
  guards.sayRefused(locate);
  // The config's handler files that the scan did not read (nothing imports them, and they need not live in a
  // route folder).
  for (const name of nitro.flatMap((layout) => [...(layout.handlers?.keys() ?? [])])) {
    const fileName = path.join(sources.root, name);
    if (sources.parsedFile(fileName) && sources.files.some((f) => f.fileName === sources.parsedFile(fileName)?.fileName)) continue;
    const file = sources.getFile(fileName);
    if (file) readRouteFile(file);
  }
  for (const site of nitro.flatMap((layout) => layout.unreadableHandlers ?? []))
    diagnostics.warning(
      "APX201",
      "Cannot read this entry of the config's `handlers` statically (its `route`, `method` and `handler` must be string literals, the handler a file of the project): the route it serves is left out.",
      site,
      'Write the entry as `{ route: "/api/x", method: "get", handler: "./server/handlers/x.ts" }`.',
    );
  // A configured folder's middleware file: `middlewares.ts` directly in it.
  for (const [i, dir] of dirs.entries()) {
    for (const ext of ["ts", "mts", "js", "mjs"]) {
      const fileName = path.join(sources.root, cleanDir(dir.dir), `middlewares.${ext}`);
      const file = isMiddlewaresFile(relative(fileName), dir) ? sources.getFile(fileName) : undefined;
      if (file) {
        groups[i]!.matchers = new MiddlewareMatchers(file, interpreter, host, diagnostics);
        break;
      }
    }
  }
  if (vercel) {
    const config = readVercelConfig(sources);
    applyRewrites(sources, config.rewrites, config.unread, vercelFiles, groups[0]!, diagnostics, VERCEL_REWRITES);
  }
  for (const [config, files] of nextFiles)
    applyRewrites(sources, config.rewrites!.entries, config.rewrites!.unread, files, groups[0]!, diagnostics, {
      ...nextRewrites(path.basename(config.file ?? "next.config.js")),
      unmatchedSaid: (rewrite) => (rewrite as { api?: boolean }).api === true,
    });
  interpreter.finishChecks();
  session?.finish(interpreter, "next");

  const routes: RouteFact[] = [];
  for (const group of groups) {
    const facts = flattenApp(group.root, diagnostics, framework, openApiParser);
    for (const [file, served] of [...group.served].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      facts.push(...servedRoutes(served, relative(file), diagnostics));
    routes.push(...(group.matchers ? facts.map((f) => group.matchers!.apply(f)) : facts));
  }
  separateProjects(routes, (file) => {
    const rel = relative(file);
    const next = nextRoute(rel);
    // By folder: a Nuxt project's `pages/api` read as Next's is the same server.
    if (next) return next.config.dir.replace(/\/$/, "");
    return nitroRouteOf(rel, nitro)?.layout.project;
  });
  return dedupe(routes);
}

/**
 * Several Next.js or Nuxt projects below the root (a monorepo's `apps/web` and `apps/docs`, a repository of
 * templates) are separate servers: the routes of each are an app of their own (`RouteFact.app`, the site of
 * the project's first route), so a path two of them serve is two servers' (APX412), not one registered twice.
 * One project's routes stay as they are.
 */
function separateProjects(routes: RouteFact[], projectOf: (file: string) => string | undefined): void {
  const of = new Map<RouteFact, string>();
  for (const fact of routes) {
    const project = fact.app ? undefined : projectOf(fact.site.file);
    if (project !== undefined) of.set(fact, project);
  }
  if (new Set(of.values()).size < 2) return;
  const sites = new Map<string, RouteFact["site"]>();
  for (const [fact, project] of of) {
    if (!sites.has(project)) sites.set(project, fact.site);
    fact.app = sites.get(project)!;
    fact.appInstance = 0;
  }
}

/**
 * The routes of an app a route file serves. The app sees the request's full path (Next.js passes it on), so
 * its paths are kept as they are — `new Hono().basePath("/api")` in `app/api/[[...route]]/route.ts` answers
 * `/api/...` — limited to the methods the file exports and to the paths the file receives; the routes
 * outside them are left out with one warning (APX231).
 */
function servedRoutes(served: ServedEntry, file: string, diagnostics: DiagnosticBag): RouteFact[] {
  const { app, route, methods, node } = served;
  const parser = app.framework === "hono" ? honoToOpenApi : app.framework === "h3" ? h3ToOpenApi : expressToOpenApi;
  const out: RouteFact[] = [];
  const unreachable: string[] = [];
  // Elysia's paths are Express's, read as its own adapter reads them.
  for (const fact of flattenApp(app.router, diagnostics, app.framework, parser, app.framework === "elysia" ? simplePath : undefined)) {
    if (methods && !methods.has(fact.method)) continue;
    if (receives(route.pattern, fact.path) || served.also?.some((pattern) => receives(pattern, fact.path))) out.push(fact);
    else unreachable.push(`${fact.method} ${fact.path}`);
  }
  if (unreachable.length) {
    diagnostics.warning(
      "APX231",
      `${unreachable.length} route(s) of the app ${file} serves are outside the paths this route file receives (${route.paths.join(", ")}), e.g. ${unreachable[0]}; the app sees the full request path, so they are never reached and are left out.`,
      siteOf(node),
      'Give the app the route file\'s path as its base path (Hono: `new Hono().basePath("/api")`, Elysia: `new Elysia({ prefix: "/api" })`), or move the route file.',
    );
  }
  return out;
}

/** How the rewrites of one config are said: its name, what its destinations reach, how to fix an entry. */
interface RewriteWords {
  config: string;
  /** What a destination must reach ("a function of `api/`"). */
  target: string;
  /** Whether a rewrite that reaches none of them is said (a Next.js rewrite to a page is none of apidex's). */
  unmatchedSaid?: (rewrite: VercelRewrite) => boolean;
  pointAt: string;
}

const VERCEL_REWRITES: RewriteWords = {
  config: "vercel.json",
  target: "function of `api/`",
  pointAt: "Point the destination at a function's path (`/api/users/:id` for `api/users/[id].ts`).",
};

const nextRewrites = (config: string): RewriteWords => ({
  config,
  target: "route file (App Router `route.ts`, Pages Router `pages/api`)",
  pointAt: "Point the destination at a route file's path (`/api/users/:id` for `app/api/users/[id]/route.ts`).",
});

/**
 * A config's rewrites (vercel.json's, next.config's): each route a file added is added again at the paths a
 * rewrite sends to it (the file's own path stays: it is still served), and an app a file serves receives the
 * rewrite's source paths too (it sees the request's own URL). What cannot be mapped is said (APX201), and a
 * catch-all source indexed as one segment (APX205).
 */
function applyRewrites(
  sources: SourceSet,
  rewrites: readonly VercelRewrite[],
  unread: VercelConfig["unread"],
  files: Map<string, { route: FileRoute; layers: RouterNode["stack"] }>,
  group: Group,
  diagnostics: DiagnosticBag,
  words: RewriteWords,
): void {
  for (const entry of unread)
    diagnostics.warning(
      "APX201",
      `Cannot map the rewrite \`${entry.text}\` of ${words.config} onto a route's path statically: ${entry.why}; the paths it sends to a ${words.target} are not indexed.`,
      entry.site,
      'Write the rewrite with literal segments, `:name` parameters and a trailing `:path*` (`{ "source": "/v1/:path*", "destination": "/api/:path*" }`).',
    );
  const functions = [...files].map(([file, { route }]) => ({ file, route }));
  const { routes, unmatched } = rewrittenRoutes(rewrites, functions);
  for (const rewrite of unmatched)
    if (words.unmatchedSaid?.(rewrite) ?? true)
      diagnostics.warning(
        "APX201",
        `This rewrite of ${words.config} sends requests to a path no ${words.target} that apidex reads answers (another runtime's, or a path nothing serves); what it sends there is not indexed.`,
        rewrite.site,
        words.pointAt,
      );
  const wildcardSaid = new Set<string>();
  for (const r of routes) {
    const served = group.served.get(r.file);
    if (served) {
      served.also = [...(served.also ?? []), r.pattern];
      continue;
    }
    const layers = files.get(r.file)?.layers ?? [];
    for (const layer of layers) {
      if (layer.type !== "route" || !layer.paths.includes(r.from) || (r.methods && !r.methods.includes(layer.method))) continue;
      group.root.stack.push({ ...layer, paths: [r.to] });
    }
    const key = `${r.site.line}:${r.to}`;
    if (r.wildcard && !wildcardSaid.has(key)) {
      wildcardSaid.add(key);
      diagnostics.warning(
        "APX205",
        `This rewrite of ${words.config} sends every path below its source to ${path.relative(sources.root, r.file)}; it is indexed as ${r.to}, with one path segment.`,
        r.site,
        "OpenAPI path parameters match one segment; callers must encode slashes.",
      );
    }
  }
}

/**
 * The default export of a Vercel Function: as for a Pages Router file, or a CommonJS `module.exports = ...`
 * (Vercel's own examples use it in `.js` functions).
 */
function vercelDefault(file: ts.SourceFile): ts.Node | undefined {
  const own = defaultExport(file);
  if (own) return own;
  for (const statement of file.statements) {
    if (!ts.isExpressionStatement(statement) || !ts.isBinaryExpression(statement.expression)) continue;
    const { left, operatorToken, right } = statement.expression;
    if (
      operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      ts.isPropertyAccessExpression(left) &&
      ts.isIdentifier(left.expression) &&
      left.expression.text === "module" &&
      left.name.text === "exports"
    )
      return right;
  }
  return undefined;
}

/**
 * A default-exported object of web handlers, as Vercel's Node.js runtime reads it: its `fetch` answers every
 * method; else its `GET`, `POST`, ... functions answer theirs (405 for the rest). Undefined for anything else.
 */
function webHandlerObject(
  node: ts.Node,
  value: Value,
): { fetch?: { node: ts.Node; value: Value }; methods: [string, { node: ts.Node; value: Value }][] } | undefined {
  if (value.kind !== "object") return undefined;
  const literal = constInitializer(node);
  const nodeOf = (key: string): ts.Node => {
    const found =
      literal && ts.isObjectLiteralExpression(literal)
        ? literal.properties.find((p) => p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) && p.name.text === key)
        : undefined;
    if (found && ts.isPropertyAssignment(found)) return found.initializer;
    return found ?? node;
  };
  const fetch = value.props.get("fetch");
  if (fetch?.kind === "function" || (fetch && fetch.kind === "host"))
    return { fetch: { node: nodeOf("fetch"), value: fetch }, methods: [] };
  const methods = METHODS.flatMap((m): [string, { node: ts.Node; value: Value }][] => {
    const handler = value.props.get(m);
    return handler && handler.kind !== "undefined" ? [[m, { node: nodeOf(m), value: handler }]] : [];
  });
  return methods.length ? { methods } : undefined;
}

/**
 * A Pages Router handler: one route per method its `req.method` tests name, each with the checks of the
 * branches that run for it plus those of its wrappers. When the methods cannot be read: one warning
 * (APX230) and a route for each of GET, POST, PUT, PATCH and DELETE.
 */
function addPagesHandler(
  host: FileRouteHost,
  interpreter: Interpreter,
  diagnostics: DiagnosticBag,
  root: RouterNode,
  route: FileRoute,
  node: ts.Node,
  value: Parameters<FileRouteHost["handlerParts"]>[1],
  scope: Parameters<FileRouteHost["handlerParts"]>[2],
  file: string,
): void {
  // next-rest-framework's `apiRoute({ op: apiRouteOperation({ method }) ... })` and `rpcApiRoute({ ... })`.
  const framework = nextRestFrameworkPages(node, route, interpreter, scope);
  if (framework) {
    for (const op of framework) host.addExport(root, op.method, op.paths, op.node, interpreter.evaluate(op.node, scope), scope);
    return;
  }
  // A next-connect router (`router.handler()`, 0.x's `nc().get(...)`): the methods it registers.
  const connect = nextConnectRoutes(node, node.getSourceFile());
  if (connect) {
    for (const call of connect.patterned)
      diagnostics.warning(
        "APX201",
        `The next-connect router of the API route ${file} registers \`${excerpt(call)}\` under a path pattern, which next-connect matches against the request's whole path; apidex does not place it, so it is not indexed.`,
        siteOf(call),
        "Register the handler without a pattern (the file's path is its route), or give it a file of its own.",
      );
    for (const r of connect.routes) host.addRegistration(root, r.method, route.paths, r.call, r.handlers, r.before, scope);
    return;
  }
  // `export default withMiddlewares({ GET: list, POST: create })`: the wrapper dispatches on the object's keys.
  const made = interpreter.madeBy.get(value);
  // ... or a handler that hands such a table to a dispatcher (`defaultHandler(req, res, { GET: list, POST:
  // create })` in its body): the table's keys are the methods it answers.
  const keyed =
    methodKeyedHandlers(node, interpreter, scope) ??
    (made && methodKeyedHandlers(made.node, interpreter, made.scope)) ??
    (value.kind === "function" ? dispatchedTable(value, interpreter) : undefined);
  if (keyed) {
    // The wrapper's own checks (its other arguments, the dispatcher it returns) run for every method.
    const own = new Set(
      keyed.flatMap((entry) => host.handlerParts(entry.node, entry.value, scope).checks.map((c) => (c as CheckValue).node)),
    );
    own.delete(undefined as never);
    const wrapper = host.handlerParts(node, value, scope).checks.filter((c) => {
      const site = (c as CheckValue).node;
      return !site || !own.has(site);
    });
    for (const entry of keyed) host.addExport(root, entry.method, route.paths, entry.node, entry.value, scope, wrapper);
    return;
  }
  const parts = host.handlerParts(node, value, scope);
  const handler = parts.handlers[parts.handlers.length - 1];
  const read = methodReading(interpreter, parts);
  // A wrapper around the handler that refuses every method its options do not list (`withApi(handler, {
  // methods: ["GET", "POST"] })`) bounds what the handler's tests leave open.
  const wrappers = parts.handlers.slice(0, read ? parts.handlers.indexOf(read.readFrom) : parts.handlers.length);
  const inner = read && { methods: read.reading.methods, open: read.reading.open === true };
  const wrapped = wrappers.length ? methodsThroughWrappers(wrappers, inner, interpreter) : undefined;
  if (wrapped) {
    for (const guard of wrapped.undecided) {
      const kept = guard.methods.filter((m) => wrapped.methods.includes(m));
      diagnostics.warning(
        "APX214",
        `The wrapper of the API route ${file} refuses ${kept.join(", ")} when \`${excerpt(guard.node)}\`, which apidex cannot read statically; the route is indexed under ${kept.length > 1 ? "these methods" : "this method"} as well.`,
        siteOf(guard.node),
        "Make the condition a const or a static option of the wrapper call.",
      );
    }
    pushPerMethod(interpreter, root, route, node, parts, read?.reading, read?.readFrom, wrapped.methods);
    return;
  }
  if (!read) {
    diagnostics.warning(
      "APX230",
      handler
        ? `Cannot tell which methods the API route ${file} answers: its handler does not test \`req.method\`; it is indexed under ${EVERY_METHOD.join(", ")}.`
        : `Cannot find the handler function of the API route ${file} (\`${excerpt(node)}\`); it is indexed under ${EVERY_METHOD.join(", ")}.`,
      siteOf(node),
      'Test the method in the handler (`if (req.method !== "GET") return res.status(405).end()`, or `switch (req.method)`), so the index lists the methods it answers.',
    );
  }
  // A last branch that answers whatever the tests did not take serves every other method too.
  if (read?.reading.open)
    diagnostics.warning(
      "APX230",
      `The API route ${file} answers the methods it tests (${read.reading.methods.join(", ")}) and, in a branch no test decides, any other: it is indexed under ${EVERY_METHOD.join(", ")}.`,
      siteOf(node),
      'Test the method of that branch too (`else if (req.method === "GET")`) and refuse the rest (`res.status(405)`), so the index lists the methods it answers.',
    );
  const methods = read?.reading.open ? [...new Set([...EVERY_METHOD, ...read.reading.methods])] : (read?.reading.methods ?? EVERY_METHOD);
  pushPerMethod(interpreter, root, route, node, parts, read?.reading, read?.readFrom, methods);
}

/**
 * The method table a handler function hands to a dispatcher in its own body (not in a function inside it),
 * read in the function's scope.
 */
function dispatchedTable(fn: Extract<Value, { kind: "function" }>, interpreter: Interpreter): ReturnType<typeof methodKeyedHandlers> {
  const body = fn.decl.body;
  if (!body) return undefined;
  let found: ReturnType<typeof methodKeyedHandlers>;
  const visit = (n: ts.Node): void => {
    if (found || (n !== body && ts.isFunctionLike(n))) return;
    if (ts.isCallExpression(n)) found = methodKeyedHandlers(n, interpreter, fn.scope);
    if (!found) ts.forEachChild(n, visit);
  };
  visit(body);
  return found;
}

/** The handler's method tests, read from the innermost handler function that has some. */
function methodReading(
  interpreter: Interpreter,
  parts: ReturnType<FileRouteHost["handlerParts"]>,
): { reading: MethodReading; readFrom: FunctionValue } | undefined {
  for (const fn of [...parts.handlers].reverse()) {
    const reading = readRequestMethods(
      fn.decl,
      (expression) => {
        const v = interpreter.evaluate(expression, fn.scope);
        return v.kind === "string" ? v.value : undefined;
      },
      // A wrapper's allow-list, read in the closure it made the handler in (`withApi(handler, { methods: ["POST"] })`).
      (expression) => {
        const v = interpreter.evaluate(expression, fn.scope);
        const names = v.kind === "array" ? v.items.map((item) => (item.kind === "string" ? item.value : undefined)) : undefined;
        return names?.every((n) => n !== undefined) ? (names as string[]) : undefined;
      },
      // A helper the handler calls to refuse (`return methodNotAllowed(res)`).
      (expression) => {
        if (!ts.isIdentifier(expression) && !ts.isPropertyAccessExpression(expression)) return undefined;
        const v = interpreter.diagnostics.quietly(() => interpreter.valueInside(fn, expression));
        return v.kind === "function" ? v.decl : undefined;
      },
    );
    if (reading) return { reading, readFrom: fn };
  }
  return undefined;
}

/**
 * One handler answering several methods, added once per method with the checks that run for it: a check in a
 * branch over the method (`if (event.method === "POST") requirePermission(...)`, a `case "PUT":`) runs for
 * that branch's methods, the others for every method.
 */
function pushPerMethod(
  interpreter: Interpreter,
  root: RouterNode,
  route: FileRoute,
  node: ts.Node,
  parts: ReturnType<FileRouteHost["handlerParts"]>,
  reading: MethodReading | undefined,
  readFrom: FunctionValue | undefined,
  methods: readonly string[],
): void {
  const handler = parts.handlers[parts.handlers.length - 1];
  // The reading handler's own checks run for the methods of the branch they are in; the others for all.
  const branchChecks = new Set<CheckValue>(readFrom ? interpreter.bodyChecks(readFrom) : []);
  const common = parts.checks.filter((c) => !branchChecks.has(c as CheckValue));
  const doc = exportDoc(node, handler);
  for (const method of methods) {
    const checks = [...common, ...[...branchChecks].filter((c) => reading!.methodsAt(c.via ?? c.node, methods).includes(method))];
    root.stack.push({
      type: "route",
      method,
      paths: route.paths,
      checks,
      terminal: true,
      site: siteOf(node),
      ...(doc ? { doc } : {}),
      ...(handler ? { handler: handler.decl } : {}),
    });
  }
}

/**
 * next-rest-framework's `rpcRoute({ getTodos, createTodo, ... })` in `rpc/[operationId]/route.ts`: one POST
 * operation per key of its object, each at the dynamic segment's value — the paths the framework serves and
 * documents. Undefined for any other handler, or when the keys or the segment cannot be read.
 */
function rpcPaths(node: ts.Node, route: FileRoute, interpreter: Interpreter, scope: Scope, name = "rpcRoute"): string[] | undefined {
  if (!ts.isCallExpression(node) || !node.arguments[0] || !ts.isIdentifier(node.expression)) return undefined;
  // By its import, not its value: in a workspace that holds the framework, the import resolves to its sources.
  if (importSource(node.expression) !== `next-rest-framework:${name}`) return undefined;
  const operations = interpreter.evaluate(node.arguments[0], scope);
  if (operations.kind !== "object" || !operations.props.size || route.paths.some((p) => !/\/\{[^}/]+\}$/.test(p))) return undefined;
  return route.paths.flatMap((p) => [...operations.props.keys()].map((key) => p.replace(/\{[^}/]+\}$/, key)));
}

/**
 * next-rest-framework's Pages Router API: `export default apiRoute({ getTodos: apiRouteOperation({ method:
 * "GET" }).handler(...) })` answers each operation's method at the file's path; `rpcApiRoute({ getTodos,
 * createTodo })` in `rpc/[operationId].ts` one POST per key at the dynamic segment's value, as the framework
 * serves and documents them. Undefined for any other default export, or when a method cannot be read.
 */
function nextRestFrameworkPages(
  node: ts.Node,
  route: FileRoute,
  interpreter: Interpreter,
  scope: Scope,
): { method: string; paths: string[]; node: ts.Expression }[] | undefined {
  const call = constInitializer(node);
  if (!call || !ts.isCallExpression(call) || !ts.isIdentifier(call.expression)) return undefined;
  const source = importSource(call.expression);
  const table = call.arguments[0] && unwrapExpression(call.arguments[0]);
  if (source === "next-rest-framework:rpcApiRoute") {
    const paths = rpcPaths(call, route, interpreter, scope, "rpcApiRoute");
    return paths?.map((p) => ({ method: "POST", paths: [p], node: call }));
  }
  if (source !== "next-rest-framework:apiRoute" || !table || !ts.isObjectLiteralExpression(table)) return undefined;
  const out: { method: string; paths: string[]; node: ts.Expression }[] = [];
  for (const property of table.properties) {
    if (!ts.isPropertyAssignment(property)) return undefined;
    // The chain's root: apiRouteOperation({ method: "GET" }).input(...).outputs(...).handler(...).
    let root: ts.Expression = unwrapExpression(property.initializer);
    while (ts.isCallExpression(root) && ts.isPropertyAccessExpression(root.expression)) root = unwrapExpression(root.expression.expression);
    if (
      !ts.isCallExpression(root) ||
      !ts.isIdentifier(root.expression) ||
      importSource(root.expression) !== "next-rest-framework:apiRouteOperation"
    )
      return undefined;
    const options = root.arguments[0] ? interpreter.evaluate(root.arguments[0], scope) : undefined;
    const method = options?.kind === "object" ? options.props.get("method") : undefined;
    if (method?.kind !== "string") return undefined;
    out.push({ method: method.value.toUpperCase(), paths: route.paths, node: property.initializer });
  }
  return out.length ? out : undefined;
}

/** A default export's expression, through `const handler = ...; export default handler` in the same file. */
function constInitializer(node: ts.Node): ts.Expression | undefined {
  if (!ts.isExpression(node)) return undefined;
  const inner = unwrapExpression(node);
  if (!ts.isIdentifier(inner)) return inner;
  for (const statement of inner.getSourceFile().statements) {
    if (!ts.isVariableStatement(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const)) continue;
    for (const d of statement.declarationList.declarations)
      if (ts.isIdentifier(d.name) && d.name.text === inner.text && d.initializer) return unwrapExpression(d.initializer);
  }
  return undefined;
}

/** `module:name` of the import that binds an identifier in its file (`import { rpcRoute as r } from "m"` → `m:rpcRoute`). */
function importSource(identifier: ts.Identifier): string | undefined {
  return importBindings(identifier.getSourceFile()).get(identifier.text);
}

/** `export async function GET`, `export const POST = ...`, `export { handler as PUT }` (or the `names` given). */
function exportedMethods(statement: ts.Statement, names: readonly string[] = METHODS): [string, ts.Node][] {
  const exported = ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  // A function without a body is an overload signature (its implementation follows) or a declaration.
  if (ts.isFunctionDeclaration(statement) && exported && statement.body && statement.name && names.includes(statement.name.text))
    return [[statement.name.text, statement]];
  if (ts.isVariableStatement(statement) && exported) {
    const out: [string, ts.Node][] = [];
    for (const d of statement.declarationList.declarations) {
      if (!d.initializer) continue;
      if (ts.isIdentifier(d.name) && names.includes(d.name.text)) out.push([d.name.text, d.initializer]);
      // `export const { GET, POST } = route({...})`: handlers a factory returns, by method name.
      if (ts.isObjectBindingPattern(d.name)) {
        for (const element of d.name.elements) {
          const name = ts.isIdentifier(element.name) ? element.name.text : undefined;
          if (name && names.includes(name) && !element.dotDotDotToken) out.push([name, d.initializer]);
        }
      }
    }
    return out;
  }
  if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
    return statement.exportClause.elements.filter((e) => names.includes(e.name.text)).map((e) => [e.name.text, e]);
  }
  return [];
}

const isStarExport = (st: ts.Statement): st is ts.ExportDeclaration =>
  ts.isExportDeclaration(st) &&
  !st.exportClause &&
  !st.isTypeOnly &&
  st.moduleSpecifier !== undefined &&
  ts.isStringLiteral(st.moduleSpecifier);

/** The module and node that define `method` for a file through its `export * from` statements, to any depth. */
function starOrigin(file: ts.SourceFile, method: string, sources: SourceSet, seen: Set<ts.SourceFile>): Origin | undefined {
  if (seen.has(file)) return undefined;
  seen.add(file);
  for (const statement of file.statements) {
    if (!isStarExport(statement)) continue;
    const target = importedFile((statement.moduleSpecifier as ts.StringLiteral).text, file, sources);
    const found = target && (exportOrigin(target, method, sources, new Set()) ?? starOrigin(target, method, sources, seen));
    if (found) return found;
  }
  return undefined;
}

/** Where a handler is written: the module, and its initializer, function or method. */
interface Origin {
  file: ts.SourceFile;
  node: ts.Node;
}

/**
 * The module a specifier names, parsed; a module the incremental run did not parse cannot be read here, so
 * the run starts over in full (ReplayMiss).
 */
function importedFile(specifier: string, from: ts.SourceFile, sources: SourceSet): ts.SourceFile | undefined {
  const target = sources.resolveImport(specifier, from.fileName);
  if (target.kind === "replayed") throw new ReplayMiss(`${from.fileName} re-exports the handlers of ${target.fileName}`);
  return target.kind === "source" ? target.file : undefined;
}

/** The origin of an export specifier of a route file: the local declaration it renames, or the module it re-exports from. */
function specifierOrigin(specifier: ts.ExportSpecifier, sources: SourceSet): Origin | undefined {
  const declaration = specifier.parent.parent;
  const name = (specifier.propertyName ?? specifier.name).text;
  const file = specifier.getSourceFile();
  if (declaration.moduleSpecifier && ts.isStringLiteral(declaration.moduleSpecifier)) {
    const target = importedFile(declaration.moduleSpecifier.text, file, sources);
    return target ? (exportOrigin(target, name, sources, new Set()) ?? starOrigin(target, name, sources, new Set())) : undefined;
  }
  return localOrigin(file, name);
}

/** Where `name` is exported from `file`: its own declaration, a re-export followed to its module. */
function exportOrigin(file: ts.SourceFile, name: string, sources: SourceSet, seen: Set<ts.SourceFile>): Origin | undefined {
  if (seen.has(file)) return undefined;
  seen.add(file);
  for (const statement of file.statements) {
    const exported = ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (exported && (ts.isVariableStatement(statement) || ts.isFunctionDeclaration(statement))) {
      const own = localDeclaration(statement, name);
      if (own) return { file, node: own };
    }
    if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      const element = statement.exportClause.elements.find((e) => e.name.text === name);
      if (element) return specifierOrigin(element, sources);
    }
  }
  return undefined;
}

/** A module-level declaration of `name` in `file`, exported or not. */
function localOrigin(file: ts.SourceFile, name: string): Origin | undefined {
  for (const statement of file.statements) {
    const own = localDeclaration(statement, name);
    if (own) return { file, node: own };
  }
  return undefined;
}

/** The handler node `statement` declares as `name`: a function with a body, or a variable's initializer. */
function localDeclaration(statement: ts.Statement, name: string): ts.Node | undefined {
  if (ts.isFunctionDeclaration(statement) && statement.body && statement.name?.text === name) return statement;
  if (ts.isVariableStatement(statement))
    for (const d of statement.declarationList.declarations)
      if (ts.isIdentifier(d.name) && d.name.text === name && d.initializer) return d.initializer;
  return undefined;
}

/** Whether the file itself exports `method` (its own export wins over one an `export *` brings). */
function ownMethod(file: ts.SourceFile, method: string): boolean {
  return file.statements.some((st) => exportedMethods(st).some(([m]) => m === method) || declaredMethods(st).some(([m]) => m === method));
}

/**
 * Method exports that are declarations only (`export declare const GET: Handler`, `export declare function
 * POST(...)`): they give a type and emit nothing, so the module has no such export at run time.
 */
function declaredMethods(statement: ts.Statement): [string, ts.Node][] {
  const modifiers = ts.canHaveModifiers(statement) ? (ts.getModifiers(statement) ?? []) : [];
  if (!modifiers.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) return [];
  const declared = modifiers.some((m) => m.kind === ts.SyntaxKind.DeclareKeyword);
  if (ts.isFunctionDeclaration(statement) && declared && statement.name && METHODS.includes(statement.name.text))
    return [[statement.name.text, statement]];
  if (ts.isVariableStatement(statement))
    return statement.declarationList.declarations
      .filter((d) => !d.initializer && ts.isIdentifier(d.name) && METHODS.includes(d.name.text))
      .map((d) => [(d.name as ts.Identifier).text, d]);
  return [];
}

/** The default export of a Pages Router file: `export default function handler`, `export default wrap(h)`, `export { h as default }`. */
function defaultExport(file: ts.SourceFile): ts.Node | undefined {
  for (const statement of file.statements) {
    if (ts.isExportAssignment(statement) && !statement.isExportEquals) return statement.expression;
    if (
      ts.isFunctionDeclaration(statement) &&
      statement.body &&
      ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword)
    )
      return statement;
    if (ts.isExportDeclaration(statement) && !statement.isTypeOnly && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      const element = statement.exportClause.elements.find((e) => e.name.text === "default");
      if (element) return element;
    }
  }
  return undefined;
}

/**
 * Whether a project uses file-system routing of the Next.js kind (App Router route files, Pages Router API
 * files) or Remix / React Router route modules.
 */
function hasNextRoutes(sources: SourceSet): boolean {
  const remix = usesRemix(sources);
  const nitro = nitroLayouts(sources);
  const astro = usesAstro(sources);
  const nextRoute = nextRoutes(sources);
  // Vercel Functions of the root `api/` folder, unless the project's framework leaves them out on Vercel.
  if (readsVercelFunctions(sources)) return true;
  if (tanstackRouting(sources).detected) return true;
  const solid = usesSolidStart(sources) ? solidStartLayout(sources) : undefined;
  const qwik = usesQwikCity(sources) ? qwikCityLayout(sources) : undefined;
  const fresh = freshRouteDirs(sources);
  // A Nitro config's `handlers` (or Nitro 3's `routes`) naming a handler file, or one it cannot read (said).
  if (nitro.some((layout) => layout.handlers?.size || layout.unreadableHandlers?.length)) return true;
  return sources.files.some((f) => {
    const rel = path.relative(sources.root, f.fileName);
    return (
      nextRoute(rel) !== undefined ||
      (solid !== undefined && solidStartRoute(rel, solid) !== undefined) ||
      (qwik !== undefined && qwikRouteFile(rel, qwik) !== undefined) ||
      (fresh.length > 0 && freshRoute(rel, fresh) !== undefined) ||
      svelteKitPaths(rel) !== undefined ||
      (astro && astroPaths(rel) !== undefined) ||
      nitro.some((layout) => nitroRoutePaths(rel, layout) !== undefined) ||
      // Any module below `app/routes` (remix-flat-routes nests them in `+` folders), or the route config.
      (remix && /(^|\/)app\/routes(\/.+\.(ts|tsx|js|jsx|mts|mjs)|\.(ts|mts|js|mjs))$/.test(rel.split(path.sep).join("/")))
    );
  });
}

/** React Router 7's route config of the project (`app/routes.ts`), read; undefined without one. */
function findRouteConfig(sources: SourceSet, diagnostics: DiagnosticBag): RouteConfigReading | undefined {
  const file = sources.files.find((f) =>
    /(^|\/)app\/routes\.(ts|mts|js|mjs)$/.test(path.relative(sources.root, f.fileName).split(path.sep).join("/")),
  );
  if (!file) return viteHybridRoutes(sources);
  const reading = readRouteConfig(file, (node) => stringConst(node));
  for (const node of reading?.unread ?? [])
    diagnostics.warning(
      "APX234",
      `Cannot read this entry of the route config statically (\`${excerpt(node)}\`); the routes it adds are not indexed.`,
      siteOf(node),
      "Write the entry with route(), index(), layout(), prefix() or flatRoutes() and string paths (literals or consts).",
    );
  return reading;
}

/**
 * Remix 2 with remix-flat-routes: `remix({ routes: (defineRoutes) => flatRoutes("routes", defineRoutes) })` in
 * `vite.config.ts` (or `remix.config.js`) beside the `app` folder routes by the package's hybrid names.
 */
function viteHybridRoutes(sources: SourceSet): RouteConfigReading | undefined {
  for (const name of ["vite.config.ts", "vite.config.mts", "vite.config.js", "vite.config.mjs", "remix.config.js", "remix.config.mjs"]) {
    const file = sources.getFile(path.join(sources.root, name));
    if (!file) continue;
    const flat = importBindings(file, (module) => module === "remix-flat-routes");
    const local = [...flat].find(([, imported]) => imported === "remix-flat-routes:flatRoutes")?.[0];
    const call = local
      ? callsOf(file).find((c) => ts.isCallExpression(c) && ts.isIdentifier(c.expression) && c.expression.text === local)
      : undefined;
    const dir = call?.arguments?.[0] ? stringConst(call.arguments[0]) : undefined;
    if (dir !== undefined)
      return { modules: new Map(), flat: [{ dir: path.resolve(sources.root, "app", dir), prefix: "", hybrid: true }], unread: [] };
  }
  return undefined;
}

/** A string literal, or a `const` of one in the same file. */
function stringConst(node: ts.Expression): string | undefined {
  const inner = unwrapExpression(node);
  if (ts.isStringLiteralLike(inner)) return inner.text;
  const initializer = ts.isIdentifier(inner) ? constInitializer(inner) : undefined;
  return initializer && ts.isStringLiteralLike(initializer) ? initializer.text : undefined;
}

/** The route of a module by the route config: its entries' paths, or a flat-routes folder it lies in. */
function configuredModuleRoute(config: RouteConfigReading, fileName: string): FileRoute | undefined {
  const bare = (f: string) => f.replace(/\.(ts|tsx|js|jsx|mts|mjs)$/, "");
  const listed = [...config.modules].filter(([module]) => bare(module) === bare(fileName)).flatMap(([, routes]) => routes);
  if (listed.length)
    return {
      paths: [...new Set(listed.flatMap((r) => r.paths))].sort(),
      wildcard: listed.some((r) => r.wildcard),
      pattern: listed[0]!.pattern,
    };
  for (const { dir, prefix, hybrid, auto } of config.flat) {
    const rest = path.relative(dir, fileName);
    if (rest.startsWith("..") || path.isAbsolute(rest)) continue;
    if (auto) {
      const pattern = autoRoutePattern(rest, auto);
      return pattern === undefined ? undefined : patternRoute([prefix, pattern].filter(Boolean).join("/"));
    }
    if (!hybrid) return flatRoute(rest, prefix);
    const name = hybridRouteName(rest);
    return name ? flatRoute(name, prefix) : undefined;
  }
  return undefined;
}

/**
 * The app a handler hands the request to (`({ request }) => app.fetch(request)`, `(req) => { return
 * app.handle(req) }`): a Hono app's `fetch`, an Elysia app's `handle` or `fetch`, answers as `handle(app)`
 * does. Undefined for anything else.
 */
function forwardedApp(value: Value, host: FileRouteHost, interpreter: Interpreter): ServedApp | undefined {
  if (value.kind !== "function") return undefined;
  const call = forwardingCall(value.decl);
  if (!call) return undefined;
  // (An app by name: reading it runs nothing.)
  const app = interpreter.evaluate(call.app, value.scope);
  return host.forwardsThrough(app, call.member) ? host.servedApp(app) : undefined;
}

/** Whether the project is an Astro site: its sources import `astro` (`import type { APIRoute } from "astro"`, `astro:*` modules) or its config is there. */
function usesAstro(sources: SourceSet): boolean {
  return sources.files.some(
    (f) =>
      importedPackages(f).some((p) => p === "astro" || p.startsWith("astro/") || p.startsWith("astro:")) ||
      /(^|[\\/])astro\.config\.[cm]?[jt]s$/.test(f.fileName),
  );
}

/**
 * The methods one handler answers of `every`, from how one of `candidates` tests the method
 * (readAnsweredMethods: a guard such as `if (request.method !== "POST") return ...405...`, a 405 dispatch, h3's
 * `assertMethod`), read in the function itself or a wrapper's returned closure; when none tests it,
 * `untested`, with a warning (APX230) naming `what`.
 */
function testedMethods(
  candidates: readonly FunctionValue[],
  every: readonly string[],
  untested: readonly string[],
  node: ts.Node,
  interpreter: Interpreter,
  diagnostics: DiagnosticBag,
  report: { what: string; hint: string },
): string[] {
  for (const fn of candidates) {
    const reading = answeredMethodsOf(fn, every, interpreter);
    if (reading) return reading.methods;
  }
  diagnostics.warning(
    "APX230",
    `Cannot tell which methods ${report.what} answers: it does not test the request's method; it is indexed under ${untested.join(", ")}.`,
    siteOf(node),
    report.hint,
  );
  return [...untested];
}

/** The methods an action takes when it does not say: every one but GET, as Remix routes them to it. */
const ACTION_METHODS = ["POST", "PUT", "PATCH", "DELETE"];

/**
 * GET, unless the loader refuses it: a wrapper that builds an action route returns a loader that answers
 * only CORS preflights and 405 otherwise (`if (method === "OPTIONS") return cors(); return new Response(null, {
 * status: 405 })`).
 */
function loaderMethods(candidates: readonly FunctionValue[], interpreter: Interpreter): string[] {
  for (const fn of candidates) {
    const reading = answeredMethodsOf(fn, ["GET"], interpreter);
    if (reading) return reading.methods;
  }
  return ["GET"];
}

export const nextAdapter: FrameworkAdapter = {
  name: "next",
  detect: hasNextRoutes,
  extract: (sources, options, diagnostics) => extractFileRoutes("next", sources, options, diagnostics),
};

/**
 * Configured folders of route files (`fileRoutes`). Without config, a Medusa project's `src/api` (it imports
 * `@medusajs/...` and has route files there) is one, and so is that of each package below the root that depends
 * on Medusa (medusa-dirs.ts).
 */
export const fileRoutesAdapter: FrameworkAdapter = {
  name: "files",
  detect: (sources) => {
    if (!sources.files.some((f) => importedPackages(f).some((p) => p.startsWith("@medusajs/")))) return false;
    const dirs = medusaRouteDirs(sources);
    return sources.files.some((f) => dirs.some((dir) => configuredRoutePaths(path.relative(sources.root, f.fileName), dir) !== undefined));
  },
  extract: (sources, options, diagnostics) => extractFileRoutes("files", sources, options, diagnostics),
};
