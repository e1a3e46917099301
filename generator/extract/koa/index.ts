import { ts } from "../../typescript.js";
import { Interpreter } from "../../resolve/interpreter.js";
import { type FrameworkAdapter, interpreterOptionsOf } from "../adapter.js";
import { koaToOpenApi, simplePath } from "../express/path-syntax.js";
import { flattenApp, ofApp } from "../flatten.js";
import type { RouteFact } from "../route-fact.js";
import { dedupe, importedPackages, localNamesOf, reportUnmounted, reportUnreached, runAppFactories } from "../shared.js";
import { KOA_METHODS, KoaHost } from "./koa-host.js";
import { IncrementalSession } from "../incremental/session.js";

/**
 * Koa with @koa/router (path-to-regexp 8 syntax, as Express 5), koa-route (its path-to-regexp 1.x / 6.x
 * paths rewritten in that syntax), koa-mount and koa-compose. Every Koa app is a root.
 */
export const koaAdapter: FrameworkAdapter = {
  name: "koa",
  detect: (sources) =>
    sources.files.some((file) =>
      importedPackages(file).some(
        (p) => p === "koa" || p === "@koa/router" || p === "koa-router" || p === "koa-mount" || p === "koa-route",
      ),
    ),
  extract(sources, options, diagnostics) {
    const host = new KoaHost(diagnostics);
    const session = options.incremental ? new IncrementalSession(host, sources, diagnostics, options.incremental) : undefined;
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
    runAppFactories(
      sources,
      interpreter,
      (call, file) => ts.isNewExpression(call) && ts.isIdentifier(call.expression) && localNamesOf(file, "koa").has(call.expression.text),
      (file) => session?.recorder.spoil(file, "it has an app factory"),
    );
    interpreter.finishChecks();
    const routes: RouteFact[] = [];
    // An app a factory creates may be created twice: once when apidex runs the factory alone, once where
    // the code calls it and mounts the result. Where one app of a creation site is mounted, none is a root.
    const mountedSites = new Set([...host.mountedApps].map((r) => `${r.site.file}:${r.site.line}:${r.site.column}`));
    const roots = host.routers.filter(
      (r) => r.kind === "app" && !host.mountedApps.has(r) && !mountedSites.has(`${r.site.file}:${r.site.line}:${r.site.column}`),
    );
    for (const app of roots) routes.push(...ofApp(flattenApp(app, diagnostics, "koa", koaToOpenApi, simplePath), app));
    reportUnmounted(host.routers, diagnostics);
    reportUnreached(sources, host.visited, interpreter, diagnostics, KOA_METHODS, options.unreached);
    session?.finish(interpreter, "koa");
    return dedupe(routes);
  },
};
