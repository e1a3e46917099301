import { siteOf } from "../../diagnostics/diagnostic.js";
import { Interpreter } from "../../resolve/interpreter.js";
import { type FrameworkAdapter, interpreterOptionsOf } from "../adapter.js";
import { expressToOpenApi } from "../express/path-syntax.js";
import { flattenApp, ofApp } from "../flatten.js";
import type { RouteFact } from "../route-fact.js";
import { dedupe, importedPackages, NO_HOST } from "../shared.js";
import { gatewayRoutes } from "./gateway.js";
import { readServices } from "./services.js";

/**
 * Moleculer Web (`moleculer-web`): routes are a table in an API gateway service's settings (`settings.routes`,
 * each with its `aliases`, `autoAliases` from the actions' `rest`), not calls: every service schema the
 * sources export is read as a value, and each gateway (a service with the ApiGateway mixin) is one app.
 */
export const moleculerAdapter: FrameworkAdapter = {
  name: "moleculer",
  detect: (sources) => sources.files.some((file) => importedPackages(file).includes("moleculer-web")),
  extract(sources, options, diagnostics) {
    const interpreter = new Interpreter(sources, diagnostics, interpreterOptionsOf(options), NO_HOST);
    interpreter.executeAll();
    const services = readServices(sources, interpreter, diagnostics);
    const gateways = services.filter((s) => s.packageMixins.includes("moleculer-web"));
    if (!gateways.length) {
      // A gateway declared through moleculer-decorators' `@Service({...})`, or created at run time
      // (`broker.createService({ mixins: [ApiGateway], ... })`): its routes are not read, which is said.
      const file = sources.files.find((f) => importedPackages(f).includes("moleculer-web"));
      if (file)
        diagnostics.warning(
          "APX250",
          "This project imports moleculer-web, but no module exports an API gateway service schema (an object with `mixins: [ApiGateway]`, as `module.exports` or `export default`): its routes are not indexed.",
          siteOf(file, file),
          "Export the gateway's schema from its module (`services/api.service.ts`); a schema given to moleculer-decorators' `@Service` or to `broker.createService(...)` is not read.",
        );
    }
    const apps = gateways.map((gateway, i) => gatewayRoutes(gateway, services, interpreter, diagnostics, i));
    interpreter.finishChecks();
    const routes: RouteFact[] = [];
    for (const app of apps) routes.push(...ofApp(flattenApp(app, diagnostics, "moleculer", expressToOpenApi), app));
    return dedupe(routes);
  },
};
