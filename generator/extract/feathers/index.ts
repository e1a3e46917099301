import { ts } from "../../typescript.js";
import { Interpreter } from "../../resolve/interpreter.js";
import { type FrameworkAdapter, interpreterOptionsOf } from "../adapter.js";
import { expressToOpenApi, simplePath } from "../express/path-syntax.js";
import { flattenApp, ofApp } from "../flatten.js";
import type { RouteFact } from "../route-fact.js";
import { dedupe, importBindings, importedPackages, localNamesOf, reportUnmounted, reportUnreached, runAppFactories } from "../shared.js";
import { EXPRESS_METHODS } from "../express/express-host.js";
import { FeathersHost } from "./feathers-host.js";

const FEATHERS_PACKAGES = ["@feathersjs/feathers"];

/**
 * Feathers 4 and 5 ("Dove") served over HTTP by @feathersjs/express or @feathersjs/koa: each service
 * registered on an app is indexed with the operations the REST transport maps its exposed methods to, and
 * the plain Express routes of the app beside them (a project with Feathers has its Express apps and routers read
 * here, not by the Express adapter: extract/index.ts).
 */
export const feathersAdapter: FrameworkAdapter = {
  name: "feathers",
  detect: (sources) => sources.files.some((file) => importedPackages(file).some((p) => FEATHERS_PACKAGES.includes(p))),
  extract(sources, options, diagnostics) {
    const host = new FeathersHost(diagnostics);
    const interpreter = new Interpreter(sources, diagnostics, interpreterOptionsOf(options), host);
    host.interpreter = interpreter;
    interpreter.executeAll();
    runAppFactories(
      sources,
      interpreter,
      (call, file) =>
        ts.isIdentifier(call.expression) &&
        (localNamesOf(file, "@feathersjs/feathers").has(call.expression.text) ||
          localNamesOf(file, "express").has(call.expression.text) ||
          importBindings(file, (m) => m === "@feathersjs/feathers").get(call.expression.text) === "@feathersjs/feathers:feathers"),
    );
    host.applyAppHooks();
    interpreter.finishChecks();
    const routes: RouteFact[] = [];
    for (const app of host.routers.filter((r) => r.kind === "app" && !r.mounted))
      routes.push(...ofApp(flattenApp(app, diagnostics, "feathers", expressToOpenApi, simplePath), app));
    reportUnmounted(host.routers, diagnostics);
    reportUnreached(sources, host.visited, interpreter, diagnostics, EXPRESS_METHODS, options.unreached);
    return dedupe(routes);
  },
};
