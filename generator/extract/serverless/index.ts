import path from "node:path";
import { type DiagnosticBag, type SourceSite } from "../../diagnostics/diagnostic.js";
import type { Interpreter } from "../../resolve/interpreter.js";
import type { SourceSet } from "../../scan/source-set.js";
import { type FrameworkAdapter, interpreterOptionsOf } from "../adapter.js";
import { type ConfigNode, entry, fromValue, parsedConfig } from "./config-tree.js";
import { readEvent } from "./events.js";
import { FunctionRoutes } from "./route-facts.js";
import { lambdaInterpreter } from "../lambda/handler.js";
import { type HandlerReading, readHandler } from "./handlers.js";
import { type ServiceConfig, serviceConfigs } from "./service-configs.js";
import { Variables } from "./variables.js";

/**
 * The Serverless Framework (`serverless.yml` and its JSON, TypeScript and JavaScript forms): each function's
 * `http` (REST API) and `httpApi` (HTTP API) events are operations, answered by the function its `handler`
 * names, with its authorizer's scopes (alternatives) and the checks of the handler (its body, its middy
 * middleware). Paths are relative to the API's base URL: the stage (`/dev` on an execute-api URL) and a
 * custom domain's base path are the base URL's, as the service's clients configure it. Run at a monorepo's root,
 * every service below it the Serverless tooling deploys is read (service-configs.ts), each an app of its own.
 */
export const serverlessAdapter: FrameworkAdapter = {
  name: "serverless",
  detect: (sources) => serviceConfigs(sources).length > 0,
  extract(sources, options, diagnostics) {
    const configs = serviceConfigs(sources, diagnostics);
    if (!configs.length) return [];
    const interpreter = lambdaInterpreter(sources, diagnostics, interpreterOptionsOf(options));
    const routes = new FunctionRoutes("serverless", diagnostics);
    for (const config of configs) {
      // Several services are several APIs, each at its own base URL: each an app of its own (APX412 names them).
      routes.app = configs.length > 1 ? { file: config.file, line: 1, column: 1 } : undefined;
      readService(config, sources, options.env, interpreter, routes, diagnostics);
    }
    return routes.finish(interpreter);
  },
};

/** The routes of one service's config, its variables, files and handlers read from its folder. */
function readService(
  config: ServiceConfig,
  sources: SourceSet,
  env: Readonly<Record<string, string>> | undefined,
  interpreter: Interpreter,
  routes: FunctionRoutes,
  diagnostics: DiagnosticBag,
): void {
  const tree = readConfig(config, sources, interpreter, diagnostics);
  if (!tree) return;
  const vars = new Variables(tree, config.file, sources, env);
  for (const [name, fn] of functionsOf(tree, vars, diagnostics)) {
    const events = vars.get(fn, "events");
    if (!events) continue;
    if (events.kind !== "list") {
      diagnostics.warning(
        "APX210",
        `Cannot read the events of the function \`${name}\`: ${events.kind === "unreadable" ? `the value ${events.why}` : "they are not a list"}; its routes are not indexed.`,
        events.site,
        "List the events (`events: [{ http: ... }]`) with values apidex can read.",
      );
      continue;
    }
    routes.addEvents(
      name,
      events.items,
      (event) => readEvent(event, vars),
      () => `the HTTP route of the function \`${name}\``,
      "Write the path and method as strings, with variables apidex can resolve (`${self:...}`, a fallback after a comma).",
      () => handlerOf(name, fn, config.file, vars, sources, interpreter, routes),
    );
  }
}

/** The config as data: YAML and JSON parsed, a JavaScript or TypeScript module evaluated (its default export or `module.exports`). */
function readConfig(
  config: ServiceConfig,
  sources: SourceSet,
  interpreter: Interpreter,
  diagnostics: DiagnosticBag,
): ConfigNode | undefined {
  const top: SourceSite = { file: config.file, line: 1, column: 1 };
  if (/\.(ya?ml|json)$/.test(config.file)) return parsedConfig(config.file, config.text, diagnostics);
  const value = interpreter.exportValue(config.file, "default");
  const file = sources.getFile(config.file);
  const node = value ? fromValue(value, interpreter, top, file) : undefined;
  if (node?.kind === "map") return node;
  diagnostics.warning(
    "APX210",
    `Cannot read the service configuration ${path.basename(config.file)} exports: ${node?.kind === "unreadable" ? `it ${node.why}` : "it exports no object"}; no route of it is indexed.`,
    top,
    "Export the configuration object (`module.exports = config` or `export default config`), built from values apidex can read.",
  );
  return undefined;
}

/** The config's functions by name: a map, or a list of maps the framework merges (`- ${file(./users.yml)}`). */
function functionsOf(tree: ConfigNode, vars: Variables, diagnostics: DiagnosticBag): [string, ConfigNode][] {
  const functions = vars.get(tree, "functions");
  if (!functions) return [];
  const out: [string, ConfigNode][] = [];
  for (const part of functions.kind === "list" ? functions.items.map((item) => vars.resolve(item)!) : [functions]) {
    if (part.kind === "map") {
      for (const [name, fn] of part.entries) {
        const resolved = vars.resolve(fn)!;
        if (resolved.kind === "map") out.push([name, resolved]);
        else if (resolved.kind === "unreadable")
          diagnostics.warning(
            "APX210",
            `Cannot read the function \`${name}\`: the value ${resolved.why}; its routes are not indexed.`,
            resolved.site,
            "Define the function with values apidex can read.",
          );
      }
      continue;
    }
    diagnostics.warning(
      "APX210",
      `Cannot read the service's functions: the value ${part.kind === "unreadable" ? part.why : "is not a map of functions"}; the routes of these functions are not indexed.`,
      part.site,
      "Define `functions` as a map (or a list of maps) apidex can read: inline, `${file(./x.yml)}`, or modules a serverless.ts imports.",
    );
  }
  return out;
}

/** The function's handler, read once per function; a problem is said at the handler and marks its routes. */
function handlerOf(
  name: string,
  fn: ConfigNode,
  configFile: string,
  vars: Variables,
  sources: SourceSet,
  interpreter: Interpreter,
  routes: FunctionRoutes,
): HandlerReading {
  const handler = vars.get(fn, "handler");
  const reading: HandlerReading =
    handler?.kind === "scalar" && typeof handler.value === "string"
      ? readHandler(handler.value, path.posix.dirname(configFile), sources, interpreter)
      : { problem: handler?.kind === "unreadable" ? `its \`handler\` ${handler.why}` : "it has no `handler` string" };
  routes.reportHandler(name, reading, handler?.site ?? entry(fn, "handler")?.site ?? fn.site);
  return reading;
}
