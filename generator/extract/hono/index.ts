import path from "node:path";
import { Interpreter } from "../../resolve/interpreter.js";
import { anyFileRoute } from "../file-routes/file-paths.js";
import type { FrameworkAdapter } from "../adapter.js";
import { flattenApp } from "../flatten.js";
import type { RouteFact } from "../route-fact.js";
import { dedupe, importedPackages, reportUnreached } from "../shared.js";
import { HONO_METHODS, HonoHost } from "./hono-host.js";
import { honoToOpenApi } from "./path-syntax.js";
import { IncrementalSession } from "../incremental/session.js";

/** Hono: every app that no other app mounts (with route() or basePath()) is a root. */
export const honoAdapter: FrameworkAdapter = {
  name: "hono",
  detect: (sources) => sources.files.some((file) => importedPackages(file).some((p) => p === "hono" || p.startsWith("hono/"))),
  extract(sources, options, diagnostics) {
    const host = new HonoHost(diagnostics);
    const session = options.incremental ? new IncrementalSession(host, sources, diagnostics, options.incremental) : undefined;
    const interpreter = new Interpreter(sources, diagnostics, { permissionCalls: options.permissionCalls, anyPermissionCalls: options.anyPermissionCalls, registry: options.registry, ...session?.interpreterOptions() }, host);
    host.interpreter = interpreter;
    if (options.servedByRouteFiles) host.routeFile = (fileName) => anyFileRoute(path.relative(sources.root, fileName), options.fileRoutes) !== undefined;
    session?.attach(interpreter);
    interpreter.executeAll();
    session?.restoreReached();
    interpreter.finishChecks();
    const routes: RouteFact[] = [];
    for (const app of host.routers.filter((r) => !r.mounted)) routes.push(...flattenApp(app, diagnostics, "hono", honoToOpenApi));
    reportUnreached(sources, host.visited, interpreter, diagnostics, HONO_METHODS);
    session?.finish(interpreter, "hono");
    return dedupe(routes);
  },
};
