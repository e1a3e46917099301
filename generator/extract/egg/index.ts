import { siteOf } from "../../diagnostics/diagnostic.js";
import { Interpreter, explain } from "../../resolve/interpreter.js";
import { type FrameworkAdapter, interpreterOptionsOf } from "../adapter.js";
import { expressToOpenApi, simplePath } from "../express/path-syntax.js";
import { flattenApp, ofApp } from "../flatten.js";
import type { RouteFact } from "../route-fact.js";
import { dedupe, importedPackages, reportUnreached } from "../shared.js";
import { EGG_METHODS, EggHost, isEggModule } from "./egg-host.js";

/** An Egg application's router module: `<baseDir>/app/router.ts` (or `.js`), the function egg-core's loader calls with the app. */
export const EGG_ROUTER_FILE = /(^|\/)app\/router\.(ts|js|mjs|cjs|mts|cts)$/;

/**
 * Egg.js (egg 2–4, and frameworks on it): each `app/router.ts` is run with its application, whose router
 * (EggRouter, @koa/router's syntax) registers the routes; controllers are the classes under `app/controller`.
 */
export const eggAdapter: FrameworkAdapter = {
  name: "egg",
  detect: (sources) =>
    sources.files.some((file) => EGG_ROUTER_FILE.test(file.fileName) || importedPackages(file).some((p) => p === "egg" || p.startsWith("@eggjs/"))),
  extract(sources, options, diagnostics) {
    const host = new EggHost(diagnostics, sources);
    const interpreter = new Interpreter(sources, diagnostics, interpreterOptionsOf(options), host);
    host.interpreter = interpreter;
    interpreter.executeAll();
    for (const file of sources.files) {
      if (!EGG_ROUTER_FILE.test(file.fileName)) continue;
      const exported = interpreter.exportOf(interpreter.module(file), "default", file);
      if (exported.kind !== "function") {
        diagnostics.warning(
          "APX210",
          `This Egg router module's export ${explain(exported, "a function of the app")}: egg-core calls it with the application to register the routes, which apidex cannot do; its routes are not indexed.`,
          siteOf(file.statements[0] ?? file),
          "Export the router function itself (`export default (app: Application) => { ... }` or `module.exports = app => { ... }`).",
        );
        continue;
      }
      const app = host.createApp(file, exported.decl);
      interpreter.callFunction(exported, [app.value], exported.decl);
    }
    interpreter.finishChecks();
    const routes: RouteFact[] = [];
    for (const app of host.apps) routes.push(...ofApp(flattenApp(app.router, diagnostics, "egg", expressToOpenApi, simplePath), app.router));
    reportUnreached(sources, host.visited, interpreter, diagnostics, EGG_METHODS, options.unreached);
    return dedupe(routes);
  },
};

export { isEggModule };
