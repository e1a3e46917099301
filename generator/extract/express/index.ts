import path from "node:path";
import { partOff } from "../../cache/parts.js";
import { ts } from "../../typescript.js";
import { nextRoutes } from "../file-routes/next-config.js";
import { forwardingCall } from "../file-routes/forwarded-app.js";
import { isVercelFunction } from "../file-routes/vercel.js";
import { Interpreter } from "../../resolve/interpreter.js";
import { type ExtractOptions, type FrameworkAdapter, interpreterOptionsOf } from "../adapter.js";
import type { DiagnosticBag } from "../../diagnostics/diagnostic.js";
import type { SourceSet } from "../../scan/source-set.js";
import type { RouteFact } from "../route-fact.js";
import type { RouterNode } from "../router-graph.js";
import { dedupe, importedPackages, localNamesOf, reportUnmounted, reportUnreached, runAppFactories } from "../shared.js";
import { EXPRESS_METHODS, ExpressHost } from "./express-host.js";
import { flattenApp, ofApp, type PathParser } from "../flatten.js";
import { routerFilesApp } from "../router-files.js";
import { reportUnmountedFolders } from "../unmounted-folders.js";
import { expressToOpenApi, simplePath } from "./path-syntax.js";
import { IncrementalSession } from "../incremental/session.js";

const EXPRESS_PACKAGES = ["express", "router", "express-promise-router", "@zodios/express"];

function bySite(a: RouterNode, b: RouterNode): number {
  return a.site.file < b.site.file ? -1 : a.site.file > b.site.file ? 1 : a.site.line - b.site.line || a.site.column - b.site.column;
}

/** What an Express-style framework brings to the shared extraction (extractExpressStyle). */
export interface ExpressStyle {
  /** The framework's name, as route facts carry it. */
  framework: string;
  /** Its host inside the evaluator: the Express host, or a variant of it for a framework with Express's router model. */
  host: (diagnostics: DiagnosticBag) => ExpressHost;
  /** Whether a call creates an app (`express()`, `restify.createServer()`): what an app factory nobody calls is found by. */
  createsApp: (call: ts.CallExpression | ts.NewExpression, file: ts.SourceFile) => boolean;
  /** The registration methods, for the sweep that reports the calls the evaluator did not reach. */
  methods: ReadonlySet<string>;
  /**
   * Run once the sources have been evaluated, before the apps are flattened: the root apps the framework
   * flattens itself (left out of the Express flattening) and the facts it made of them (serverless functions).
   */
  own?: (host: ExpressHost, interpreter: Interpreter) => { routers: ReadonlySet<RouterNode>; facts: RouteFact[] };
  /** How its route paths read as OpenAPI paths, when not as Express's (h3's radix3 syntax). */
  toOpenApi?: PathParser;
}

const EXPRESS_STYLE: ExpressStyle = {
  framework: "express",
  host: (diagnostics) => new ExpressHost(diagnostics),
  createsApp: (call, file) => ts.isIdentifier(call.expression) && localNamesOf(file, "express").has(call.expression.text),
  methods: EXPRESS_METHODS,
};

/**
 * The Express 4/5 adapter (and Connect-style routers). It evaluates the sources statically, building
 * each app's router tree in registration order, then flattens every app into route facts.
 */
export const expressAdapter: FrameworkAdapter = {
  name: "express",
  detect(sources) {
    return sources.files.some((file) => importedPackages(file).some((p) => EXPRESS_PACKAGES.includes(p)));
  },
  extract: (sources, options, diagnostics) => extractExpressStyle(EXPRESS_STYLE, sources, options, diagnostics),
};

/** The path parsers of a framework: its own (no fast path), or Express's with its fast path for plain paths. */
function parsersOf(style: ExpressStyle): [PathParser, typeof simplePath | undefined] {
  return style.toOpenApi ? [style.toOpenApi, undefined] : [expressToOpenApi, simplePath];
}

/**
 * The routes of every root app of an Express-style framework: the sources evaluated with its host, app
 * factories nobody calls run, and each app's router tree flattened (Express's own extraction, shared by the
 * frameworks that register routes as Express does).
 */
export function extractExpressStyle(
  style: ExpressStyle,
  sources: SourceSet,
  options: ExtractOptions,
  diagnostics: DiagnosticBag,
): RouteFact[] {
  const host = style.host(diagnostics);
  // With the run cache: record what each module's evaluation does, and redo unchanged ones from that.
  // An Express app is a router like the others: its module can be summarized, and replayed late (it imports every router).
  const session = options.incremental
    ? new IncrementalSession(host, sources, diagnostics, options.incremental, {
        lateBinding: !partOff("late"),
        replayApps: !partOff("late"),
      })
    : undefined;
  const interpreter = new Interpreter(
    sources,
    diagnostics,
    {
      ...interpreterOptionsOf(options),
      ...session?.interpreterOptions(),
    },
    host,
  );
  host.interpreter = interpreter;
  session?.attach(interpreter);
  interpreter.executeAll();
  session?.restoreReached();
  runAppFactories(sources, interpreter, style.createsApp, (file) => session?.recorder.spoil(file, "it has an app factory"));

  interpreter.finishChecks();
  const own = style.own?.(host, interpreter);
  const routes: RouteFact[] = [...(own?.facts ?? [])];
  // Apps in the order of where they are created, not of when: a replayed module creates its routers after
  // the modules it reached, where its evaluation would have created them first.
  // An app a Pages Router API file or a Vercel Function serves (`export default app`) is the file-route adapter's to index.
  const served = new Set<RouterNode>();
  if (options.servedByRouteFiles) {
    const nextRoute = nextRoutes(sources);
    for (const file of sources.files) {
      if (nextRoute(path.relative(sources.root, file.fileName))?.router !== "pages" && !isVercelFunction(sources, file.fileName)) continue;
      const value = interpreter.exportOf(interpreter.module(file), "default", file);
      const app = host.routerOf(value);
      if (app) served.add(app);
      // A Vercel Function whose handler only calls the app (`(req, res) => app(req, res)`) serves it too.
      const call = value.kind === "function" && isVercelFunction(sources, file.fileName) ? forwardingCall(value.decl) : undefined;
      const called =
        call?.member === "call" && value.kind === "function" ? host.routerOf(interpreter.evaluate(call.app, value.scope)) : undefined;
      if (called) served.add(called);
    }
  }
  // The configured folders of router modules, mounted at their paths (before anything is reported unmounted).
  const filesApp = options.routerFiles?.length
    ? routerFilesApp(options.routerFiles, sources, interpreter, (value) => host.routerOf(value), diagnostics)
    : undefined;
  // An app mounted in another (`app.use("/sync", syncApp)`, Express's sub-apps) answers there, through its parent.
  for (const app of host.routers.filter((r) => r.kind === "app" && !r.mounted && !served.has(r) && !own?.routers.has(r)).sort(bySite))
    routes.push(...ofApp(flattenApp(app, diagnostics, style.framework, ...parsersOf(style)), app));
  if (filesApp) routes.push(...flattenApp(filesApp, diagnostics, style.framework, ...parsersOf(style)));
  // A folder of router modules that a loader walks at run time: one warning for the folder, with the config to write.
  const inFolders = reportUnmountedFolders(host.routers, sources, interpreter, (value) => host.routerOf(value), diagnostics);
  reportUnmounted(host.routers, diagnostics, inFolders);
  reportUnreached(sources, host.visited, interpreter, diagnostics, style.methods, options.unreached);
  session?.finish(interpreter, style.framework);
  return dedupe(routes);
}
