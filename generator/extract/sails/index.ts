import { ts } from "../../typescript.js";
import { type DiagnosticBag, siteOf } from "../../diagnostics/diagnostic.js";
import { leadingDoc } from "../../resolve/doc-comment.js";
import { explain, Interpreter } from "../../resolve/interpreter.js";
import type { CheckValue, FunctionValue, Value } from "../../resolve/values.js";
import type { SourceSet } from "../../scan/source-set.js";
import { type FrameworkAdapter, interpreterOptionsOf } from "../adapter.js";
import { expressToOpenApi } from "../express/path-syntax.js";
import { flattenApp, ofApp } from "../flatten.js";
import type { RouteLayer, RouterNode } from "../router-graph.js";
import { declarationDoc } from "../router-host.js";
import { dedupe, importedPackages, NO_HOST } from "../shared.js";
import { findProperty } from "../../resolve/syntax.js";
import { actionTable, policiesFor, readPolicies } from "./actions.js";
import { configFile, relative } from "./config-files.js";

/** What a route address without a verb matches: Sails' CRUD methods (`ALL` matches every method). */
const CRUD_METHODS = ["GET", "PUT", "POST", "DELETE", "PATCH"];

/**
 * Sails 1 (`sails`): the custom routes of `config/routes.js` (`module.exports.routes = { "GET /users/:id":
 * "UserController.find", ... }`), each bound to its action (a controller's method or an actions2 file under
 * api/controllers) with the checks of the policies `config/policies.js` maps to it and those of the action's
 * body. Blueprint routes (made from the models at lift) are said, not indexed.
 */
export const sailsAdapter: FrameworkAdapter = {
  name: "sails",
  detect: (sources) =>
    sources.files.some((file) => importedPackages(file).includes("sails")) ||
    Boolean(configFile(sources, "routes")?.text.includes("module.exports.routes")),
  extract(sources, options, diagnostics) {
    const routesFile = configFile(sources, "routes");
    if (!routesFile) {
      // `sails.lift({ routes })`, or an app whose config/ is outside the sources: nothing apidex reads.
      const app = sources.files.find((file) => importedPackages(file).includes("sails"));
      if (app)
        diagnostics.warning(
          "APX249",
          "This project uses Sails but has no config/routes.js among its sources: routes given to `sails.lift(...)`/`sails.load(...)` or defined elsewhere are not read, and no route is indexed.",
          siteOf(app, app),
          "Run apidex at the Sails app's root (where config/routes.js is), or declare the routes in config/routes.js.",
        );
      return [];
    }
    const interpreter = new Interpreter(sources, diagnostics, interpreterOptionsOf(options), NO_HOST);
    interpreter.executeAll();
    const actions = actionTable(sources, interpreter);
    const policies = readPolicies(sources, interpreter, diagnostics);
    const app: RouterNode = { id: 0, kind: "app", site: siteOf(routesFile, routesFile), stack: [], mounted: false };
    const routes = interpreter.exportValue(routesFile.fileName, "routes");
    const literal = routes ? interpreter.literalOf.get(routes) : undefined;
    if (!routes || routes.kind !== "object") {
      diagnostics.warning(
        "APX210",
        `Cannot read the routes of config/routes.js: \`module.exports.routes\` ${routes ? explain(routes, "an object") : "is not set"}; no custom route is indexed.`,
        siteOf(routesFile, routesFile),
        "Export the routes as `module.exports.routes = { 'GET /path': 'UserController.find', ... }`.",
      );
    } else {
      const warn = (node: ts.Node, message: string, hint: string) => diagnostics.warning("APX249", message, siteOf(node), hint);
      for (const [address, target] of routes.props) {
        const at = (literal && findProperty(literal, address)) ?? literal ?? routesFile;
        const parsed = parseAddress(address);
        if (!parsed) {
          warn(
            at,
            `The route address \`${address}\` is a regular expression (\`r|...|\`), which apidex does not read; it is not indexed.`,
            "Write the address as a verb and a path (`GET /users/:id`).",
          );
          continue;
        }
        const bound = bindTarget(target, actions, policies, interpreter);
        if (bound.problem) {
          warn(
            at,
            `Cannot tell what the route \`${address}\` runs: ${bound.problem}; it is not indexed.`,
            "Target an action of api/controllers (`'UserController.find'`, `{ action: 'user/find' }`), a view, or a function.",
          );
          continue;
        }
        const layer: RouteLayer = {
          type: "route",
          method: parsed.method,
          paths: [parsed.path],
          checks: bound.checks,
          terminal: true,
          site: siteOf(at),
          ...(parsed.method === "ALL" && parsed.methods ? { methods: parsed.methods } : {}),
        };
        if (bound.handler) layer.handler = bound.handler.decl;
        const doc =
          (bound.handler && declarationDoc(bound.handler.decl)) ??
          (bound.docNode ? leadingDoc(bound.docNode) : undefined) ??
          leadingDoc(at);
        if (doc) layer.doc = doc;
        app.stack.push(layer);
      }
    }
    reportBlueprints(sources, interpreter, routesFile, diagnostics);
    interpreter.finishChecks();
    return dedupe(ofApp(flattenApp(app, diagnostics, "sails", expressToOpenApi), app));
  },
};

/** `"GET /users/:id"`, `"post /login"`, `"/logout"` (the CRUD methods), `"ALL /x"`; undefined for a regular expression (`r|...|`). */
function parseAddress(address: string): { method: string; methods?: string[]; path: string } | undefined {
  const trimmed = address.trim();
  if (trimmed.startsWith("r|")) return undefined;
  const match = /^(\w+)\s+(\S.*)$/.exec(trimmed);
  if (!match) return { method: "ALL", methods: CRUD_METHODS, path: trimmed };
  const verb = match[1]!.toUpperCase();
  return verb === "ALL" ? { method: "ALL", path: match[2]! } : { method: verb, path: match[2]! };
}

interface Bound {
  checks: CheckValue[];
  handler?: FunctionValue;
  docNode?: ts.Node;
  problem?: string;
}

/**
 * A route target: an action by identity or controller method (`'UserController.find'`, `'user/find'`,
 * `{ action }`, `{ controller, action }`), with the policies mapped to it; a view, a response or a redirect
 * (no action, no policy); a function; an array of those, policies (`{ policy: 'isLoggedIn' }`) before.
 */
function bindTarget(
  target: Value,
  actions: ReturnType<typeof actionTable>,
  policies: ReturnType<typeof readPolicies>,
  interpreter: Interpreter,
): Bound {
  const checks: CheckValue[] = [];
  const items = target.kind === "array" ? target.items : [target];
  let bound: Bound | undefined;
  for (const item of items) {
    if (item.kind === "object" && item.props.get("policy")?.kind === "string") {
      checks.push(...policies.checksOf((item.props.get("policy") as { value: string }).value));
      continue;
    }
    const identity = identityOf(item);
    if (identity) {
      const action = actions.get(identity);
      if (!action)
        return { checks, problem: `its action \`${identity}\` is not among the actions of api/controllers (Sails ignores such a route)` };
      checks.push(...policiesFor(identity, policies), ...(action.fn ? interpreter.bodyChecks(action.fn) : []));
      bound = { checks, ...(action.fn ? { handler: action.fn } : {}), docNode: action.node };
      continue;
    }
    if (item.kind === "function") {
      checks.push(...interpreter.bodyChecks(item));
      bound = { checks, handler: item };
      continue;
    }
    if (item.kind === "object" && ["view", "response", "redirect"].some((k) => item.props.get(k)?.kind === "string")) {
      bound = { checks };
      continue;
    }
    if (item.kind === "object" && item.props.has("blueprint"))
      return { checks, problem: "a blueprint target, whose model apidex does not read" };
    return { checks, problem: `the target ${explain(item, "an action, a view or a function")}` };
  }
  return bound ?? { checks, problem: "its target names no action, view or function" };
}

/** An action's identity as Sails writes it: `user/find` for `'UserController.find'`, `'user.find'`, `{ controller: 'User', action: 'find' }`. */
function identityOf(value: Value): string | undefined {
  if (value.kind === "string") {
    const controller = /^(.*?)(?:Controller)?\.([\w$-]+)$/.exec(value.value);
    if (controller) return `${controller[1]!}/${controller[2]!}`.toLowerCase();
    return value.value.replace(/^\//, "").toLowerCase();
  }
  if (value.kind !== "object") return undefined;
  const action = value.props.get("action");
  const controller = value.props.get("controller");
  if (action?.kind !== "string") return undefined;
  if (controller?.kind === "string") return `${controller.value.replace(/Controller$/, "")}/${action.value}`.toLowerCase();
  return identityOf(action);
}

/**
 * Blueprint routes are made at lift from the models (and, with `actions: true`, every action): apidex does not
 * make them, and says so once where they are configured (config/blueprints.js, or config/routes.js when it
 * does not exist) when the project has models and the blueprints it configures are not all off.
 */
function reportBlueprints(sources: SourceSet, interpreter: Interpreter, routesFile: ts.SourceFile, diagnostics: DiagnosticBag): void {
  const hasModels = sources.files.some((f) => /(^|\/)api\/models\/[^/]+\.(js|ts)$/.test(relative(sources, f)));
  const file = configFile(sources, "blueprints");
  const settings = file ? interpreter.exportValue(file.fileName, "blueprints") : undefined;
  const flag = (name: string, fallback: boolean) => {
    const v = settings?.kind === "object" ? settings.props.get(name) : undefined;
    return v?.kind === "boolean" ? v.value : v === undefined || v.kind === "undefined" ? fallback : undefined;
  };
  const rest = flag("rest", true);
  const shortcuts = flag("shortcuts", true);
  const actions = flag("actions", false);
  const on = [
    ...(hasModels && rest !== false ? [`RESTful routes${rest === undefined ? " (maybe)" : ""}`] : []),
    ...(hasModels && shortcuts !== false ? [`shortcut routes${shortcuts === undefined ? " (maybe)" : ""}`] : []),
    ...(actions !== false ? [`action routes (every action at its identity)${actions === undefined ? " (maybe)" : ""}`] : []),
  ];
  if (!on.length) return;
  const literal = settings ? interpreter.literalOf.get(settings) : undefined;
  diagnostics.warning(
    "APX249",
    `Sails blueprints serve ${on.join(", ")} made at lift${hasModels ? " from the models of api/models" : ""}: apidex does not index blueprint routes.`,
    siteOf(literal ?? file ?? routesFile),
    "Turn off the blueprints the service does not serve (`rest: false`, `shortcuts: false` in config/blueprints.js), or route the operations explicitly in config/routes.js.",
  );
}
