import { Interpreter } from "../../resolve/interpreter.js";
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
    const routes: RouteFact[] = [];
    for (const app of host.routers.filter((r) => r.kind === "app" && !r.mounted))
      routes.push(...flattenApp(app, diagnostics, "elysia", expressToOpenApi, simplePath));
    reportUnmounted(host.routers, diagnostics);
    reportUnreached(sources, host.visited, interpreter, diagnostics, ELYSIA_METHODS, options.unreached);
    return dedupe(routes);
  },
};
