import path from "node:path";
import { Interpreter } from "../../resolve/interpreter.js";
import { anyFileRoute, topRouter } from "../file-routes/file-paths.js";
import { isVercelFunction } from "../file-routes/vercel.js";
import { isTanstackServerRoute, tanstackForwardedApps } from "../file-routes/tanstack-routes.js";
import { forwardedApps } from "../file-routes/forwarded-app.js";
import { isSolidOrQwikRouteFile } from "../file-routes/solid-qwik-files.js";
import { type FrameworkAdapter, interpreterOptionsOf } from "../adapter.js";
import { flattenApp, ofApp } from "../flatten.js";
import type { RouteFact } from "../route-fact.js";
import { ts } from "../../typescript.js";
import { dedupe, importedPackages, localNamesOf, reportUnreached, runAppFactories } from "../shared.js";
import { HONO_METHODS, HonoHost } from "./hono-host.js";
import { honoToOpenApi } from "./path-syntax.js";
import { IncrementalSession } from "../incremental/session.js";

/** Hono: every app that no other app mounts (with route() or basePath()) is a root. */
export const honoAdapter: FrameworkAdapter = {
  name: "hono",
  detect: (sources) =>
    sources.files.some((file) => importedPackages(file).some((p) => p === "hono" || p.startsWith("hono/") || p === "@hono/zod-openapi")),
  extract(sources, options, diagnostics) {
    const host = new HonoHost(diagnostics);
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
    if (options.servedByRouteFiles)
      host.routeFile = (fileName) =>
        anyFileRoute(path.relative(sources.root, fileName), options.fileRoutes) !== undefined ||
        isVercelFunction(sources, fileName) ||
        isTanstackServerRoute(sources.getFile(fileName)) ||
        isSolidOrQwikRouteFile(sources, fileName);
    session?.attach(interpreter);
    interpreter.executeAll();
    session?.restoreReached();
    // Apps created in factories nothing in the sources calls (`getApp()`, `createApp(env)`) are run once.
    runAppFactories(
      sources,
      interpreter,
      (call, file) =>
        ts.isNewExpression(call) &&
        ts.isIdentifier(call.expression) &&
        (localNamesOf(file, "hono").has(call.expression.text) || namedImportsOf(file, call.expression.text)),
      (file) => session?.recorder.spoil(file, "it has an app factory"),
    );
    interpreter.finishChecks();
    // A route file's handler that hands the request to an app (`export const ALL = ({ request }) =>
    // app.fetch(request)`): the file-route adapter indexes the app, as for `handle(app)`, so it is no root here.
    if (host.routeFile)
      for (const file of sources.files) {
        if (!host.routeFile(file.fileName)) continue;
        const scope = interpreter.module(file).scope;
        // (`export const GET = app.fetch` too, which the file-route adapter reads as forwarding.)
        for (const name of [...forwardedAppNames(file), ...forwardedApps(file, ["fetch"]), ...tanstackForwardedApps(file, ["fetch"])]) {
          const app = host.routerOf(interpreter.evaluate(name, scope));
          if (app) topRouter(app, host.routers).mounted = true;
        }
      }
    const routes: RouteFact[] = [];
    for (const app of host.routers.filter((r) => !r.mounted))
      routes.push(...ofApp(flattenApp(app, diagnostics, "hono", honoToOpenApi), app));
    reportUnreached(sources, host.visited, interpreter, diagnostics, HONO_METHODS, options.unreached);
    session?.finish(interpreter, "hono");
    return dedupe(routes);
  },
};

/** The names a file's functions call `fetch` on (`app.fetch(request)`), as written. */
function forwardedAppNames(file: ts.SourceFile): ts.Identifier[] {
  const out: ts.Identifier[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === "fetch" &&
      ts.isIdentifier(node.expression.expression)
    )
      out.push(node.expression.expression);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out;
}

/** `import { Hono } from "hono"` / `import { OpenAPIHono } from "@hono/zod-openapi"`: whether `name` is one of them here. */
function namedImportsOf(file: ts.SourceFile, name: string): boolean {
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const from = statement.moduleSpecifier.text;
    if (from !== "hono" && from !== "@hono/zod-openapi") continue;
    const bindings = statement.importClause?.namedBindings;
    if (
      bindings &&
      ts.isNamedImports(bindings) &&
      bindings.elements.some((e) => e.name.text === name && ["Hono", "OpenAPIHono"].includes((e.propertyName ?? e.name).text))
    )
      return true;
  }
  return false;
}
