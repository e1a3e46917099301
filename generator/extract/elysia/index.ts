import path from "node:path";
import { Interpreter } from "../../resolve/interpreter.js";
import { anyFileRoute } from "../file-routes/file-paths.js";
import { isVercelFunction } from "../file-routes/vercel.js";
import { isTanstackServerRoute, tanstackForwardedApps } from "../file-routes/tanstack-routes.js";
import { FORWARDING_MEMBERS, forwardedApps } from "../file-routes/forwarded-app.js";
import { isSolidOrQwikRouteFile } from "../file-routes/solid-qwik-files.js";
import { type FrameworkAdapter, interpreterOptionsOf } from "../adapter.js";
import { expressToOpenApi, simplePath } from "../express/path-syntax.js";
import { flattenApp } from "../flatten.js";
import type { RouteFact } from "../route-fact.js";
import { dedupe, importedPackages, reportUnmounted, reportUnreached } from "../shared.js";
import { ELYSIA_METHODS, ElysiaHost } from "./elysia-host.js";

/**
 * Elysia (path syntax as Express's: `:id`, `:id?`, `*`). Every instance no other one `use()`s is a root; a
 * plugin instance is indexed where it is used, under its own prefix.
 */
export const elysiaAdapter: FrameworkAdapter = {
  name: "elysia",
  detect: (sources) => sources.files.some((file) => importedPackages(file).some((p) => p === "elysia")),
  extract(sources, options, diagnostics) {
    const host = new ElysiaHost(diagnostics);
    const interpreter = new Interpreter(sources, diagnostics, interpreterOptionsOf(options), host);
    host.interpreter = interpreter;
    interpreter.executeAll();
    interpreter.finishChecks();
    // A route file whose handlers hand the request to an app (`export const GET = ({ request }) =>
    // app.handle(request)` in SvelteKit, `export const GET = app.handle` in Next.js): the file-route adapter
    // indexes the app where the file serves it, so it is no root here.
    if (options.servedByRouteFiles)
      for (const file of sources.files) {
        if (
          anyFileRoute(path.relative(sources.root, file.fileName), options.fileRoutes) === undefined &&
          !isVercelFunction(sources, file.fileName) &&
          !isTanstackServerRoute(file) &&
          !isSolidOrQwikRouteFile(sources, file.fileName)
        )
          continue;
        const scope = interpreter.module(file).scope;
        for (const name of [...forwardedApps(file, FORWARDING_MEMBERS), ...tanstackForwardedApps(file, FORWARDING_MEMBERS)]) {
          const app = host.routerOf(interpreter.evaluate(name, scope));
          if (app) app.mounted = true;
        }
      }
    const routes: RouteFact[] = [];
    for (const app of host.routers.filter((r) => r.kind === "app" && !r.mounted))
      routes.push(...flattenApp(app, diagnostics, "elysia", expressToOpenApi, simplePath));
    reportUnmounted(host.routers, diagnostics);
    reportUnreached(sources, host.visited, interpreter, diagnostics, ELYSIA_METHODS, options.unreached);
    return dedupe(routes);
  },
};
