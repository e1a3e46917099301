import { ts } from "../../typescript.js";
import { Interpreter } from "../../resolve/interpreter.js";
import type { FrameworkAdapter } from "../adapter.js";
import { expressToOpenApi, simplePath } from "../express/path-syntax.js";
import { flattenApp } from "../flatten.js";
import type { RouteFact } from "../route-fact.js";
import { dedupe, importedPackages, localNamesOf, reportUnreached, runAppFactories } from "../shared.js";
import { FASTIFY_METHODS, FastifyHost } from "./fastify-host.js";

/** Fastify: every root instance (`Fastify()`) with its plugin tree. */
export const fastifyAdapter: FrameworkAdapter = {
  name: "fastify",
  detect: (sources) => sources.files.some((file) => importedPackages(file).includes("fastify")),
  extract(sources, options, diagnostics) {
    const host = new FastifyHost(diagnostics);
    const interpreter = new Interpreter(
      sources,
      diagnostics,
      {
        permissionCalls: options.permissionCalls,
        anyPermissionCalls: options.anyPermissionCalls,
        permissionCallOptions: options.permissionCallOptions,
        registry: options.registry,
        env: options.env,
        factoryArguments: options.factoryArguments,
      },
      host,
    );
    host.interpreter = interpreter;
    interpreter.executeAll();
    runAppFactories(
      sources,
      interpreter,
      (call, file) =>
        ts.isIdentifier(call.expression) &&
        (localNamesOf(file, "fastify").has(call.expression.text) ||
          call.expression.text === "Fastify" ||
          call.expression.text === "fastify"),
    );
    interpreter.finishChecks();
    const routes: RouteFact[] = [];
    for (const app of host.routers.filter((r) => r.kind === "app"))
      routes.push(...flattenApp(app, diagnostics, "fastify", expressToOpenApi, simplePath));
    reportUnreached(sources, host.visited, interpreter, diagnostics, FASTIFY_METHODS, options.unreached);
    return dedupe(routes);
  },
};
