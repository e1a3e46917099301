import path from "node:path";
import { type DiagnosticBag } from "../diagnostics/diagnostic.js";
import type { SourceSet } from "../scan/source-set.js";
import type { ExtractOptions, FrameworkAdapter } from "./adapter.js";
import { expressAdapter } from "./express/index.js";
import { fastifyAdapter } from "./fastify/index.js";
import { honoAdapter } from "./hono/index.js";
import { elysiaAdapter } from "./elysia/index.js";
import { hapiAdapter } from "./hapi/index.js";
import { adonisAdapter } from "./adonis/index.js";
import { koaAdapter } from "./koa/index.js";
import { eggAdapter } from "./egg/index.js";
import { teggAdapter } from "./egg/tegg.js";
import { restifyAdapter } from "./restify/index.js";
import { feathersAdapter } from "./feathers/index.js";
import { polkaAdapter } from "./polka/index.js";
import { tinyhttpAdapter } from "./tinyhttp/index.js";
import { ittyAdapter } from "./itty/index.js";
import { h3Adapter } from "./h3/index.js";
import { nestAdapter, nestAdapterWith } from "./nest/index.js";
import { fileRoutesAdapter, nextAdapter } from "./file-routes/index.js";
import { routingControllersAdapter } from "./routing-controllers/index.js";
import { tsoaAdapter } from "./tsoa/index.js";
import { inversifyAdapter } from "./inversify/index.js";
import { tsedAdapter } from "./tsed/index.js";
import { loopbackAdapter } from "./loopback/index.js";
import { overnightAdapter } from "./overnight/index.js";
import { foalAdapter } from "./foal/index.js";
import { midwayAdapter } from "./midway/index.js";
import { trpcAdapter } from "./trpc/index.js";
import { tsRestAdapter } from "./ts-rest/index.js";
import { moleculerAdapter } from "./moleculer/index.js";
import { sailsAdapter } from "./sails/index.js";
import { orpcAdapter, withoutOrpcHosts } from "./orpc/index.js";
import { effectAdapter } from "./effect/index.js";
import { encoreAdapter } from "./encore/index.js";
import { cloudFunctionsAdapter } from "./cloud-functions/index.js";
import { cdkAdapter } from "./aws-cdk/index.js";
import { serverlessAdapter } from "./serverless/index.js";
import { samAdapter } from "./serverless/sam.js";
import { fetchAdapter } from "./fetch/index.js";
import { decoratorRoutesAdapter, reportOwnDecorators } from "./own-decorators.js";
import type { RouteFact } from "./route-fact.js";
import { ReplayMiss } from "../resolve/interpreter.js";
import { UnreachedRegistrations } from "./shared.js";
import { unsupportedFramework } from "../resolve/unsupported-frameworks.js";

/** The adapters that record module summaries and replay them (extract/incremental). */
const INCREMENTAL_ADAPTERS = new Set(["express", "hono", "koa", "next"]);

/** Adapters whose routes another framework's app serves (a handler or controllers it is given). */
const HOSTED = new Set(["trpc", "ts-rest", "orpc", "routing-controllers", "tsoa", "inversify", "tsed", "overnightjs", "fetch"]);

/** Every adapter apidex ships, by name. */
export const ADAPTERS: Record<string, FrameworkAdapter> = {
  express: expressAdapter,
  hono: honoAdapter,
  koa: koaAdapter,
  egg: eggAdapter,
  tegg: teggAdapter,
  restify: restifyAdapter,
  feathers: feathersAdapter,
  polka: polkaAdapter,
  tinyhttp: tinyhttpAdapter,
  "itty-router": ittyAdapter,
  h3: h3Adapter,
  elysia: elysiaAdapter,
  hapi: hapiAdapter,
  fastify: fastifyAdapter,
  next: nextAdapter,
  nest: nestAdapter,
  files: fileRoutesAdapter,
  "routing-controllers": routingControllersAdapter,
  tsoa: tsoaAdapter,
  inversify: inversifyAdapter,
  tsed: tsedAdapter,
  loopback: loopbackAdapter,
  overnightjs: overnightAdapter,
  foal: foalAdapter,
  midway: midwayAdapter,
  trpc: trpcAdapter,
  "ts-rest": tsRestAdapter,
  orpc: orpcAdapter,
  adonis: adonisAdapter,
  moleculer: moleculerAdapter,
  sails: sailsAdapter,
  effect: effectAdapter,
  encore: encoreAdapter,
  "cloud-functions": cloudFunctionsAdapter,
  "aws-cdk": cdkAdapter,
  serverless: serverlessAdapter,
  sam: samAdapter,
  fetch: fetchAdapter,
};

/**
 * Runs the adapters the project uses (detected from imports, or forced) and returns all route facts.
 * Several frameworks in one project are all extracted.
 */
export function extractRoutes(sources: SourceSet, framework: string, given: ExtractOptions, diagnostics: DiagnosticBag): RouteFact[] {
  let options = given;
  const available: Record<string, FrameworkAdapter> = {
    ...ADAPTERS,
    ...(options.nestDecorators || options.nestBootstrap || options.nestDocDecorators
      ? { nest: nestAdapterWith(options.nestDecorators, options.nestBootstrap, options.nestDocDecorators) }
      : {}),
  };
  let adapters = framework === "auto" ? Object.values(available).filter((a) => a.detect(sources)) : [available[framework]!];
  // A Feathers app served by @feathersjs/express is an Express app: the Feathers adapter reads it, and the
  // project's plain Express apps and routers, as the Express adapter does (its host is the Express one). Both
  // running would read those routers twice, once without the Feathers app they are mounted on.
  if (adapters.includes(feathersAdapter)) adapters = adapters.filter((a) => a !== expressAdapter);
  // So is the serverless functions' host: it reads the Express apps a function serves under the function's URL,
  // and the project's other Express apps as the Express adapter does.
  else if (adapters.includes(cloudFunctionsAdapter)) adapters = adapters.filter((a) => a !== expressAdapter);
  // Configured folders of route files are read whatever the framework, and so are configured decorator frameworks.
  if (options.fileRoutes?.length && !adapters.includes(fileRoutesAdapter)) adapters.push(fileRoutesAdapter);
  if (options.decoratorRoutes?.length) adapters.push(decoratorRoutesAdapter(options.decoratorRoutes, options));
  // Route decorators of the project's own that no entry names: said, not dropped in silence.
  reportOwnDecorators(sources, options.decoratorRoutes ?? [], diagnostics);
  // An app a route file serves (`handle(app)`) is the file-route adapters' to index, when one runs.
  if (adapters.includes(nextAdapter) || adapters.includes(fileRoutesAdapter)) options = { ...options, servedByRouteFiles: true };
  if (!adapters.length) {
    const unsupported = unsupportedIn(sources);
    const pagesOnly = pageFrameworksIn(sources);
    diagnostics.warning(
      "APX001",
      `No supported framework found in the ${sources.files.length} source file(s) that could register routes${sources.listedCount > sources.files.length ? ` (of ${sources.listedCount} read)` : ""} (looked for imports of ${Object.keys(ADAPTERS).join(", ")}).${unsupported.length ? ` The sources import ${unsupported.join(", ")}, which apidex does not read.` : ""}${pagesOnly.length ? ` The sources import ${pagesOnly.join(", ")}, whose API files apidex reads, but the project has none: its pages, their data loading and form actions are no API.` : ""}`,
      undefined,
      "Check `root` and `include` in the config, or set `framework`.",
    );
  }
  // Registrations one adapter did not reach may be another's: reported once all have run.
  // The fetch adapter does not make a service one of several frameworks: it reads what the others leave.
  const routers = adapters.length > 1 ? adapters.filter((a) => a !== fetchAdapter) : adapters;
  const unreached = routers.length > 1 ? new UnreachedRegistrations() : undefined;
  if (unreached) options = { ...options, unreached };
  const { incremental, ...rest } = options;
  const adapter = routers.length === 1 ? routers[0]!.name : undefined;
  if (incremental && !(adapter && INCREMENTAL_ADAPTERS.has(adapter) && (!incremental.adapter || incremental.adapter === adapter))) {
    // Summaries are recorded for a service of one router framework whose adapter records them; anything
    // else (a mixed project, Fastify plugins, NestJS, Next.js) evaluates every module.
    if (Object.keys(incremental.replay).length)
      throw new ReplayMiss(
        `the summaries are of a ${incremental.adapter ?? "?"} service; the project now uses ${adapters.map((a) => a.name).join(" and ") || "no framework"}`,
      );
    return noneRead(adapters, runAll(adapters, sources, rest, diagnostics), diagnostics);
  }
  return noneRead(adapters, runAll(adapters, sources, options, diagnostics), diagnostics);
}

/** Warnings of the sources' reading that can say why no route was read (an import, a registration, an app's graph); not APX213 and APX219, notes on the environment. */
const EXPLAINS_NO_ROUTES = /^APX(?:1\d\d|2(?!13|19)\d\d|4\d\d)$/;

/**
 * A service whose framework apidex reads, of which it read no route, and no warning says why: said once
 * (APX003), so that empty artifacts never look like an API without routes (where another warning of the
 * routes' reading was given, that one says where it stopped).
 */
function noneRead(adapters: readonly FrameworkAdapter[], facts: RouteFact[], diagnostics: DiagnosticBag): RouteFact[] {
  if (adapters.length && !facts.length && !diagnostics.items.some((d) => EXPLAINS_NO_ROUTES.test(d.code)))
    diagnostics.warning(
      "APX003",
      `No route was read: the sources use ${adapters.map((a) => a.name).join(", ")}, which apidex reads, but no route registration of it was found (apps made and served with middleware only, or requests dispatched by the project's own code).`,
      undefined,
      "Check `root` and `include` in the config (the service's entry module must be among the sources), or see docs/routing-styles.md for what apidex runs.",
    );
  return facts;
}

/** Front-end frameworks apidex reads the API files of, by the imports that bring them, and those files. */
const PAGE_FRAMEWORKS: readonly { name: string; imports: RegExp }[] = [
  { name: "SvelteKit (endpoints: `+server` files)", imports: /^@sveltejs\/kit(\/|$)/ },
  { name: "Next.js (route handlers: `route` files; API routes: `pages/api`)", imports: /^next(\/|$)/ },
];

/** The front-end frameworks the sources import, said when none of their API files was found (an app of pages only). */
function pageFrameworksIn(sources: SourceSet): string[] {
  const found = new Set<string>();
  for (const file of sources.files)
    for (const match of file.text.matchAll(/(?:from\s*|require\(\s*|import\(\s*)["']([^"']+)["']/g))
      for (const framework of PAGE_FRAMEWORKS) if (framework.imports.test(match[1]!)) found.add(framework.name);
  return [...found].sort();
}

/** The unsupported HTTP frameworks the route-capable files import (by their import declarations and requires). */
function unsupportedIn(sources: SourceSet): string[] {
  const found = new Set<string>();
  for (const file of sources.files)
    for (const match of file.text.matchAll(/(?:from\s*|require\(\s*)["']([^"']+)["']/g)) {
      const framework = unsupportedFramework(match[1]!, file.text);
      if (framework) found.add(framework);
    }
  return [...found].sort();
}

function runAll(adapters: FrameworkAdapter[], sources: SourceSet, options: ExtractOptions, diagnostics: DiagnosticBag): RouteFact[] {
  // A hand-written fetch handler is read after the router adapters: a Worker or Bun server that hands its
  // requests to a Hono, itty or Elysia app (`fetch: app.fetch`) is that app's adapter's to index, and where one
  // found routes only what the handler answers itself is the fetch adapter's (Bun's `routes` beside the app,
  // `if (url.pathname === "/health")` before `return app.fetch(request)`).
  const others = adapters.filter((adapter) => adapter !== fetchAdapter);
  // Routes two frameworks register in two packages of a monorepo are two servers' (a NestJS API in `backend/`, a
  // Next.js front end's own API routes in `frontend/`: model/shadowed.ts). Within one package two frameworks
  // are most often one server (a Next.js route file handing requests to an itty router, routes on a NestJS app's
  // Express instance), and a framework another one's app serves (tRPC, ts-rest and oRPC handlers, controllers on an
  // Express app, the fetch adapter's) says nothing of which.
  const servers = others.filter((adapter) => !HOSTED.has(adapter.name));
  const packages = servers.length > 1 ? sources.packagesBelow() : [];
  const facts = others.flatMap((adapter) => {
    const read = adapter.extract(sources, options, diagnostics);
    if (packages.length && servers.includes(adapter))
      for (const fact of read) {
        const workspace = packages.filter((dir) => fact.site.file.startsWith(`${dir}/`)).sort((a, b) => b.length - a.length)[0];
        if (workspace) fact.readBy = { adapter: adapter.name, workspace: path.relative(sources.root, workspace) };
      }
    return read;
  });
  if (others.length < adapters.length)
    facts.push(...fetchAdapter.extract(sources, facts.length ? { ...options, fetchBesideRouters: true } : options, diagnostics));
  options.unreached?.report(diagnostics);
  // What the interpreter held back (an environment default no route reads) is summed up now that every
  // adapter has read what it reads.
  diagnostics.close();
  return withoutGeneratedTwins(withoutOrpcHosts(sources, facts, diagnostics), sources, diagnostics);
}

/** The header tsoa writes at the top of the routes file it generates. */
const TSOA_GENERATED = /auto-generated with tsoa/;

/**
 * tsoa's generated routes file registers on Express the routes the tsoa adapter reads from the controllers
 * themselves (with their `@Security` scopes, which the generated code passes to an authentication helper):
 * when both are there, the controllers' reading stands and the generated twins are left out.
 */
function withoutGeneratedTwins(facts: RouteFact[], sources: SourceSet, diagnostics: DiagnosticBag): RouteFact[] {
  if (!facts.some((f) => f.framework === "tsoa")) return facts;
  const generated = new Map<string, boolean>();
  const isGenerated = (file: string) => {
    let known = generated.get(file);
    if (known === undefined) generated.set(file, (known = TSOA_GENERATED.test(sources.getFile(file)?.text.slice(0, 2000) ?? "")));
    return known;
  };
  // What reading the generated file said of its twins (`...fetchMiddlewares(Ctrl)`, keys it passes through) is
  // said of routes left out: the warnings go with them.
  const kept = diagnostics.items.filter((d) => d.severity !== "warning" || !d.site || !isGenerated(d.site.file));
  diagnostics.items.splice(0, diagnostics.items.length, ...kept);
  return facts.filter((f) => f.framework === "tsoa" || !isGenerated(f.site.file));
}
