import path from "node:path";
import { ts } from "../../typescript.js";
import { siteOf } from "../../diagnostics/diagnostic.js";
import { type DocComment, leadingDoc } from "../../resolve/doc-comment.js";
import { type CallContext, excerpt, explain } from "../../resolve/interpreter.js";
import { type ExternalValue, type FunctionValue, stringsOf, type Value } from "../../resolve/values.js";
import type { SourceSet } from "../../scan/source-set.js";
import { ExpressHost } from "../express/express-host.js";
import type { RouteCheck, RouterNode } from "../router-graph.js";
import { declarationDoc, type HandlerParts, statementDoc, unwrap } from "../router-host.js";
import { answeredMethodsOf } from "../answered-methods.js";
import { ALL_METHODS } from "../flatten.js";
import type { Interpreter } from "../../resolve/interpreter.js";
import { azureTemplateToExpress, routePrefixFor, underRoutePrefix } from "./azure-route.js";
import { exportExpression, type FunctionJson } from "./function-json.js";

/** Which platform declared a function, and how its routes are read. */
export type Platform = "azure" | "firebase" | "gcf";

/**
 * One HTTP function: a root of its own (an app node), whose routes are the function's. Azure's carry their full
 * paths; Firebase's and Google Cloud's are served under `/<name>`, set as the root's prefix once the name is known
 * (a Firebase function is named by the export that holds it, which is read after the sources have run).
 */
export interface CloudFunction {
  platform: Platform;
  root: RouterNode;
  /** The registration; none for a v3 function (declared by its function.json). */
  call: ts.CallExpression | undefined;
  /** A Firebase callable (`onCall`): POST with a JSON `{ data }` body, not an Express-style handler. */
  callable?: true;
}

/** `@azure/functions`' `app` registrations and the one method each shortcut registers (`http` reads `methods`). */
const AZURE_SHORTCUTS: Record<string, string | undefined> = {
  http: undefined,
  get: "GET",
  post: "POST",
  put: "PUT",
  patch: "PATCH",
  deleteRequest: "DELETE",
};

/**
 * The methods `app.http()` registers without `methods`: @azure/functions 4's `trigger.http()` fills in
 * `["GET", "POST"]` (the host itself would answer every method; the library never leaves the list empty).
 */
export const AZURE_DEFAULT_METHODS = ["GET", "POST"];

/** firebase-functions' entry points: the package (v1 API up to 6.x, `https` namespace) and its v1/v2 modules. */
const FIREBASE_MODULE = /^firebase-functions(\/v1|\/v2)?(\/https)?$/;

/**
 * The evaluator's host for serverless HTTP functions. Express apps and routers keep their meaning (this is
 * the Express host), so an app handed to `onRequest(app)` or `functions.http("name", app)` is read as Express
 * reads it, and served under the function's URL.
 */
export class CloudFunctionsHost extends ExpressHost {
  readonly functions: CloudFunction[] = [];
  private readonly byRoot = new Map<RouterNode, CloudFunction>();

  constructor(
    diagnostics: ConstructorParameters<typeof ExpressHost>[0],
    private readonly sources: SourceSet,
  ) {
    super(diagnostics);
  }

  /** The function a router value is the root of (what `onRequest(...)` returned), if any. */
  functionOf(value: Value): CloudFunction | undefined {
    const router = this.routerOf(value);
    return router ? this.byRoot.get(router) : undefined;
  }

  override callExternal(callee: ExternalValue, call: CallContext): Value | undefined {
    const member = callee.path[0] === "default" ? callee.path.slice(1) : callee.path;
    if (callee.module === "@azure/functions" && member.length === 2 && member[0] === "app" && member[1]! in AZURE_SHORTCUTS)
      return this.azure(member[1]!, call);
    if (FIREBASE_MODULE.test(callee.module)) {
      // `functions.region("europe-west1")`, `.runWith({ memory })`: the same builder, with deployment options.
      const last = member.at(-1);
      if (last === "region" || last === "runWith") return { kind: "external", module: callee.module, path: callee.path.slice(0, -1) };
      const kind = member.join(".");
      const https = callee.module.endsWith("/https");
      if ((https && kind === "onRequest") || kind === "https.onRequest") return this.firebase(call, false);
      if ((https && kind === "onCall") || kind === "https.onCall") return this.firebase(call, true);
    }
    if (callee.module === "@google-cloud/functions-framework" && member.length === 1 && member[0] === "http") return this.gcf(call);
    return super.callExternal(callee, call);
  }

  private newFunction(platform: Platform, call: ts.CallExpression, callable = false): CloudFunction {
    const { router } = this.create("app", call);
    const fn: CloudFunction = { platform, root: router, call, ...(callable ? { callable: true as const } : {}) };
    this.functions.push(fn);
    this.byRoot.set(router, fn);
    return fn;
  }

  /**
   * `app.http("name", { methods, route, authLevel, handler })` and the shortcuts `app.get("name", handler |
   * options)`, ...: one route per method at host.json's route prefix and the route (the name without one).
   */
  private azure(kind: string, call: CallContext): Value {
    const node = call.node as ts.CallExpression;
    this.visit(node);
    const [nameArg, optionsArg] = call.args;
    const name = nameArg ? stringsOf(this.interpreter.evaluate(nameArg, call.scope)) : undefined;
    if (!nameArg || name?.length !== 1) {
      this.cannotRead(nameArg ?? node, call, "the function's name", "Name the function with a string literal or a const.");
      return { kind: "undefined" };
    }
    if (!optionsArg) {
      this.diagnostics.warning(
        "APX210",
        `The Azure function \`${name[0]}\` is given no handler; it is not indexed.`,
        siteOf(node),
        "Pass the options object (or the handler) as the second argument.",
      );
      return { kind: "undefined" };
    }
    const options = this.interpreter.evaluate(optionsArg, call.scope);
    const literal = unwrap(optionsArg);
    const written = (key: string) =>
      ts.isObjectLiteralExpression(literal)
        ? literal.properties.find((p) => p.name && ts.isIdentifier(p.name) && p.name.text === key)
        : undefined;
    let handler: { node: ts.Expression; value: Value } | undefined;
    let route: Value | undefined;
    let methods: Value | undefined;
    if (options.kind === "object") {
      const value = options.props.get("handler");
      const at = written("handler");
      if (value) handler = { node: at && ts.isPropertyAssignment(at) ? at.initializer : optionsArg, value };
      route = options.props.get("route");
      methods = options.props.get("methods");
    } else if (options.kind === "function") handler = { node: optionsArg, value: options };
    if (!handler) {
      this.diagnostics.warning(
        "APX210",
        `Cannot read the handler of the Azure function \`${name[0]}\`: \`${excerpt(optionsArg)}\` ${explain(options, "a function or an options object with `handler`")}; it is not indexed.`,
        siteOf(optionsArg),
        "Pass the options object (or the handler) written in the analysed sources.",
      );
      return { kind: "undefined" };
    }
    const shortcut = AZURE_SHORTCUTS[kind];
    let verbs: string[] | undefined = shortcut ? [shortcut] : AZURE_DEFAULT_METHODS;
    if (!shortcut && methods && methods.kind !== "undefined") {
      verbs = stringsOf(methods)?.map((m) => m.toUpperCase());
      if (!verbs?.length) {
        const at = written("methods");
        this.cannotRead(
          at && ts.isPropertyAssignment(at) ? at.initializer : optionsArg,
          call,
          `the methods of the Azure function \`${name[0]}\``,
        );
        return { kind: "undefined" };
      }
    }
    let template = name[0]!;
    if (route && route.kind !== "undefined") {
      const strings = stringsOf(route);
      const at = written("route");
      if (strings?.length !== 1) {
        this.cannotRead(
          at && ts.isPropertyAssignment(at) ? at.initializer : optionsArg,
          call,
          `the route of the Azure function \`${name[0]}\``,
        );
        return { kind: "undefined" };
      }
      template = strings[0]!;
    }
    const expressPath = azureTemplateToExpress(template);
    const prefix = routePrefixFor(this.sources, node.getSourceFile().fileName);
    if (expressPath === undefined || prefix.prefix === undefined) {
      this.diagnostics.warning(
        "APX201",
        expressPath === undefined
          ? `The route template \`${template}\` of the Azure function \`${name[0]}\` has a parameter apidex does not read (a default value, or one that is not a whole name); it is not indexed.`
          : `${prefix.file ?? "host.json"} sets \`extensions.http.routePrefix\` to something that is not a string; the Azure function \`${name[0]}\` is not indexed.`,
        siteOf(node),
        "Write the route with `{name}`, `{name:constraint}`, `{name?}` or `{*name}` parameters, and routePrefix as a string.",
      );
      return { kind: "undefined" };
    }
    const fn = this.newFunction("azure", node);
    const doc = registrationDoc(node);
    for (const verb of verbs)
      this.addRoute(fn.root, verb.toLowerCase(), [underRoutePrefix(prefix.prefix, expressPath)], [handler], call, doc);
    return { kind: "undefined" };
  }

  /**
   * firebase-functions' `onRequest([options,] handler)` (v2, and v1's `functions.https.onRequest(handler)`):
   * the handler is an Express-style `(req, res)` function or an Express app or router, answering below the
   * function's URL; `onCall([options,] handler)` is a callable, answered as POST at that URL. The value is the
   * function's root, which the export that holds it names.
   */
  private firebase(call: CallContext, callable: boolean): Value {
    const node = call.node as ts.CallExpression;
    this.visit(node);
    const fn = this.newFunction("firebase", node, callable);
    this.serve(fn, call.args[call.args.length - 1], call, callable ? "post" : "all");
    return this.valueOf(fn.root);
  }

  /** `functions.http("name", handler)` (@google-cloud/functions-framework): every method, at `/<name>`. */
  private gcf(call: CallContext): Value {
    const node = call.node as ts.CallExpression;
    this.visit(node);
    const [nameArg, handlerArg] = call.args;
    const name = nameArg ? stringsOf(this.interpreter.evaluate(nameArg, call.scope)) : undefined;
    if (!nameArg || name?.length !== 1) {
      this.cannotRead(nameArg ?? node, call, "the function's name", "Name the function with a string literal or a const.");
      return { kind: "undefined" };
    }
    const fn = this.newFunction("gcf", node);
    fn.root.prefix = `/${name[0]}`;
    this.serve(fn, handlerArg, call, "all");
    return { kind: "undefined" };
  }

  /**
   * What a function's handler argument serves: an Express app or router, mounted at the function's root (it sees
   * the path below the function's URL), or a function answering there. Anything else is said (APX210).
   */
  private serve(fn: CloudFunction, arg: ts.Expression | undefined, call: CallContext, method: "all" | "post"): void {
    if (!arg) return;
    const value = this.interpreter.evaluate(arg, call.scope);
    const app = this.routerOf(value);
    if (app && !fn.callable) {
      app.mounted = true;
      fn.root.stack.push({ type: "mount", paths: ["/"], router: app, site: siteOf(arg), ...this.conditional() });
      return;
    }
    // `onRequest((req, res) => app(req, res))`: a handler that hands its request to an Express app answers with the
    // app's routes (its own checks, if any, before them).
    const forwarded = value.kind === "function" && !fn.callable ? this.forwardedApp(value) : undefined;
    if (forwarded) {
      forwarded.mounted = true;
      fn.root.stack.push({ type: "mount", paths: ["/"], router: forwarded, site: siteOf(arg), ...this.conditional() });
      return;
    }
    if (value.kind === "function") {
      this.addRoute(fn.root, method, ["/"], [{ node: arg, value }], call, registrationDoc(fn.call!));
      return;
    }
    this.diagnostics.warning(
      "APX210",
      `This function's handler was not analysed: \`${excerpt(arg)}\` ${explain(value, "a function or an Express app of the sources")}; what it answers is not indexed.`,
      siteOf(arg),
      "Pass a handler function or an Express app (`express()`) written in the analysed sources.",
    );
  }

  /**
   * A v3 function (its folder's function.json): one route per method the binding lists (every method, less
   * those its handler refuses, when it lists none) at host.json's route prefix and the route (the folder's name
   * without one), with the checks of the handler `scriptFile` names. A script apidex does not have (build output
   * without its TypeScript source) keeps the route, marked `unresolved: ["permissions"]` (APX210).
   */
  addScriptFunction(fn: FunctionJson, interpreter: Interpreter): void {
    const relative = path.relative(this.sources.root, fn.file);
    if (fn.problem) {
      this.diagnostics.warning(
        "APX201",
        `${relative} ${fn.problem}; the function \`${fn.name}\` is not indexed.`,
        fn.site,
        "List the methods as strings and write the route as a string.",
      );
      return;
    }
    const template = fn.route ?? fn.name;
    const expressPath = azureTemplateToExpress(template);
    const prefix = routePrefixFor(this.sources, fn.file);
    if (expressPath === undefined || prefix.prefix === undefined) {
      this.diagnostics.warning(
        "APX201",
        expressPath === undefined
          ? `The route template \`${template}\` of ${relative} has a parameter apidex does not read (a default value, or one that is not a whole name); it is not indexed.`
          : `${prefix.file ?? "host.json"} sets \`extensions.http.routePrefix\` to something that is not a string; the function \`${fn.name}\` is not indexed.`,
        fn.site,
        "Write the route with `{name}`, `{name:constraint}`, `{name?}` or `{*name}` parameters, and routePrefix as a string.",
      );
      return;
    }
    const parts: HandlerParts = { checks: [], handlers: [] };
    let handler: FunctionValue | undefined;
    let doc: DocComment | undefined;
    if (fn.script) {
      const instance = interpreter.module(fn.script);
      const node = exportExpression(fn.script, fn.entryPoint);
      const exported = interpreter.exportOf(instance, fn.entryPoint ?? "default", node ?? fn.script);
      const value = exported.kind === "unknown" && node ? interpreter.evaluate(node, instance.scope) : exported;
      // (Only the scope of the context is read: the handler is an export, not a call's argument.)
      if (node) this.collect(node, value, { node: node as unknown as ts.CallExpression, args: [], scope: instance.scope }, parts);
      handler = parts.handlers.at(-1);
      doc = handler ? declarationDoc(handler.decl) : undefined;
      if (!handler)
        this.diagnostics.warning(
          "APX210",
          `Cannot read the handler ${fn.entryPoint ? `\`${fn.entryPoint}\`` : "(the default export)"} of ${path.relative(this.sources.root, fn.script.fileName)}, which ${relative} runs; the route is indexed, marked \`unresolved: ["permissions"]\`.`,
          node ? siteOf(node) : fn.site,
          "Export the handler function itself (`export default async function (context, req) { ... }`), or name it in function.json's `entryPoint`.",
        );
    } else
      this.diagnostics.warning(
        "APX210",
        `${relative} runs \`${fn.missingScript}\`, which is not among the analysed sources (build output whose TypeScript source apidex cannot place?); the route is indexed, marked \`unresolved: ["permissions"]\`.`,
        fn.site,
        "Analyse the function app's sources (its TypeScript files beside function.json, or a tsconfig.json whose `outDir` maps the script back to them).",
      );
    // Without the handler, whatever it checks is unknown: the route is marked, never taken as checking nothing.
    const checks: RouteCheck[] = handler ? parts.checks : [...parts.checks, { keys: [], unresolved: true }];
    const root = this.newScriptFunction(fn);
    const methods = fn.methods ?? (handler ? answeredMethodsOf(handler, ALL_METHODS, interpreter)?.methods : undefined) ?? ALL_METHODS;
    for (const method of methods)
      root.stack.push({
        type: "route",
        method,
        paths: [underRoutePrefix(prefix.prefix, expressPath)],
        checks,
        terminal: true,
        site: fn.site,
        ...(doc ? { doc } : {}),
        ...(handler ? { handler: handler.decl } : {}),
      });
  }

  private newScriptFunction(fn: FunctionJson): RouterNode {
    const router: RouterNode = { id: -1 - this.functions.length, kind: "app", site: fn.site, stack: [], mounted: true };
    const made: CloudFunction = { platform: "azure", root: router, call: undefined };
    this.functions.push(made);
    return router;
  }

  /**
   * The Express app a handler calls with its own request and response (`app(req, res)`, `return api(req, res)`), when
   * the response is used nowhere else: the function is a wrapper serving the app. One that also answers on its own
   * (`if (!ok) return res.status(401).end()`) is read as a handler.
   */
  private forwardedApp(fn: FunctionValue): RouterNode | undefined {
    const [request, response] = fn.decl.parameters.map((p) => (ts.isIdentifier(p.name) ? p.name.text : undefined));
    const body = fn.decl.body;
    if (!request || !response || !body) return undefined;
    let found: RouterNode | undefined;
    let other = false;
    const visit = (node: ts.Node): void => {
      if (other || (ts.isFunctionLike(node) && node !== fn.decl)) return;
      // The response read anywhere but in the forwarding call: the handler answers too.
      const call = node.parent;
      const forwarding =
        ts.isCallExpression(call) &&
        call.arguments[1] === node &&
        ts.isIdentifier(call.arguments[0]!) &&
        (call.arguments[0] as ts.Identifier).text === request;
      if (ts.isIdentifier(node) && node.text === response && !forwarding) {
        other = true;
        return;
      }
      if (ts.isCallExpression(node) && node.arguments.length >= 2) {
        const [a, b] = node.arguments;
        if (a && b && ts.isIdentifier(a) && a.text === request && ts.isIdentifier(b) && b.text === response) {
          const router = this.routerOf(this.interpreter.valueInside(fn, node.expression));
          if (router && (!found || found === router)) found = router;
          else other = true;
          return;
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(body);
    return other ? undefined : found;
  }

  private cannotRead(
    at: ts.Node,
    call: CallContext,
    what: string,
    hint = "Use a string literal, a const, or a template literal of consts.",
  ): void {
    const value =
      ts.isExpression(at as ts.Expression) && at !== call.node ? this.interpreter.evaluate(at as ts.Expression, call.scope) : undefined;
    this.diagnostics.warning(
      "APX201",
      `Cannot resolve ${what} statically${value ? `: \`${excerpt(at)}\` ${explain(value)}` : ""}; the function is not indexed.`,
      siteOf(at),
      hint,
    );
  }
}

/**
 * The comment that documents a function: above the registration statement, or above the `export const` that
 * holds it (`/** Lists users. *\/ export const users = onRequest(...)`).
 */
function registrationDoc(call: ts.CallExpression): DocComment | undefined {
  const own = statementDoc(call);
  if (own) return own;
  let node: ts.Node = call;
  while (node.parent && !ts.isVariableStatement(node.parent) && !ts.isExpressionStatement(node.parent) && !ts.isSourceFile(node.parent))
    node = node.parent;
  return node.parent && (ts.isVariableStatement(node.parent) || ts.isExpressionStatement(node.parent))
    ? leadingDoc(node.parent)
    : undefined;
}
