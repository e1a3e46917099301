import { ts } from "../../typescript.js";
import { Interpreter } from "../../resolve/interpreter.js";
import type { FrameworkAdapter } from "../adapter.js";
import type { RouteFact } from "../route-fact.js";
import { dedupe, importedPackages, localNamesOf, reportUnmounted, reportUnreached, runAppFactories } from "../shared.js";
import { EXPRESS_METHODS, ExpressHost } from "./express-host.js";
import { flattenApp } from "../flatten.js";
import { expressToOpenApi } from "./path-syntax.js";

const EXPRESS_PACKAGES = ["express", "router", "express-promise-router"];

/**
 * The Express 4/5 adapter (and Connect-style routers). It evaluates the sources statically, building
 * each app's router tree in registration order, then flattens every app into route facts.
 */
export const expressAdapter: FrameworkAdapter = {
  name: "express",
  detect(sources) {
    return sources.files.some((file) => importedPackages(file).some((p) => EXPRESS_PACKAGES.includes(p)));
  },
  extract(sources, options, diagnostics) {
    const host = new ExpressHost(diagnostics);
    const interpreter = new Interpreter(sources, diagnostics, { permissionCalls: options.permissionCalls }, host);
    host.interpreter = interpreter;
    interpreter.executeAll();
    runAppFactories(sources, interpreter, (call, file) => ts.isIdentifier(call.expression) && localNamesOf(file, "express").has(call.expression.text));

    interpreter.finishChecks();
    const routes: RouteFact[] = [];
    for (const app of host.routers.filter((r) => r.kind === "app")) routes.push(...flattenApp(app, diagnostics, "express", expressToOpenApi));
    reportUnmounted(host.routers, diagnostics);
    reportUnreached(sources, host.visited, interpreter, diagnostics, EXPRESS_METHODS);
    return dedupe(routes);
  },
};

