import { ts } from "../../typescript.js";
import { siteOf } from "../../diagnostics/diagnostic.js";
import { type DocComment, leadingDoc } from "../../resolve/doc-comment.js";
import { type CallContext, excerpt, explain } from "../../resolve/interpreter.js";
import { type CheckValue, type ExternalValue, type HostValue, stringsOf, type Value } from "../../resolve/values.js";
import type { RouterNode } from "../router-graph.js";
import { flattenValues, RouterHost, unwrap } from "../router-host.js";
import type { ControllerRef, ControllerReader } from "./controllers.js";
import { adonisPattern } from "./path-syntax.js";
import { resourceActions } from "./resource.js";

/** The modules whose default export is the application's router: AdonisJS 6's service, AdonisJS 5's IoC binding. */
const ROUTER_MODULES = new Set(["@adonisjs/core/services/router", "@ioc:Adonis/Core/Route"]);

/** The router's methods that register routes, for the sweep that reports registrations apidex did not reach. */
export const ADONIS_METHODS = new Set(["get", "post", "put", "patch", "delete", "any", "route", "resource", "shallowResource", "on"]);

/** The router's methods that register nothing (`named` makes named middleware references). */
const READS_ONLY = new Set([
  "named",
  "commit",
  "match",
  "makeUrl",
  "makeSignedUrl",
  "builder",
  "builderForDomain",
  "parsePattern",
  "toJSON",
  "find",
  "findOrFail",
  "has",
  "resolveRouteHandle",
]);

/** The verbs and the methods AdonisJS registers for each (`get` answers HEAD too). */
const VERBS: Record<string, string[]> = {
  get: ["GET", "HEAD"],
  post: ["POST"],
  put: ["PUT"],
  patch: ["PATCH"],
  delete: ["DELETE"],
  any: ["HEAD", "OPTIONS", "GET", "POST", "PUT", "PATCH", "DELETE"],
};

/** One route as the AdonisJS router keeps it until `commit()`: its pattern, methods, prefixes and middleware. */
export interface AdonisRoute {
  pattern: string;
  methods: string[];
  /** Group prefixes, innermost first (AdonisJS applies them in reverse). */
  prefixes: string[];
  /** The checks its middleware (the route's, its groups' and resource's) bring. */
  checks: CheckValue[];
  handler: ControllerRef;
  /** The registration call (a resource's routes share theirs). */
  call: CallContext;
  doc?: DocComment;
  deleted: boolean;
  /** Registered after an early exit apidex cannot decide. */
  conditional: boolean;
  /** AdonisJS 5: the controllers' namespace a group or the route sets (`.namespace("App/Controllers/Http/Admin")`). */
  namespace?: string;
  /** The resource action it answers, for `only`, `except` and a resource's `use(actions, ...)`. */
  action?: string;
  /** The last call of a router macro apidex does not run made before it: that macro may change how its handler is found. */
  afterMacro?: ts.Node;
}

/** A group, open while its callback runs: every route registered meanwhile (nested groups' too) is its. */
interface Group {
  routes: AdonisRoute[];
}

type AdonisObject =
  | { type: "router"; router: RouterNode }
  | { type: "adonis-route"; routes: AdonisRoute[] }
  | { type: "adonis-group"; group: Group }
  | { type: "adonis-resource"; routes: AdonisRoute[] }
  | { type: "adonis-brisk"; route: AdonisRoute };

/**
 * AdonisJS's router inside the evaluator. The router is a singleton service (`import router from
 * "@adonisjs/core/services/router"`, or `import Route from "@ioc:Adonis/Core/Route"` in AdonisJS 5): its verbs,
 * `route(pattern, methods, handler)`, `any`, `on(pattern).render(...)`, `resource` / `shallowResource` and
 * `group(callback)` record routes as the framework keeps them until it commits them: a group's `prefix()` and
 * `use()` apply to the routes registered in its callback, a resource's `only`/`except`/`apiOnly` drop actions.
 * The routes become layers of one app only at the end (`finish`), with their full patterns, middleware checks
 * and handlers (controller methods found through `[Controller, "method"]`, lazy imports and strings).
 */
export class AdonisHost extends RouterHost {
  /** The one application router, created on the first import of the service. */
  private app: RouterNode | undefined;
  readonly adonisRoutes: AdonisRoute[] = [];
  private readonly openGroups: Group[] = [];
  /** Checks of the router's own middleware (`router.use([...])`): every route runs them. */
  private readonly routerChecks: CheckValue[] = [];
  controllers!: ControllerReader;

  /** The app node, when the sources use the router. */
  get application(): RouterNode | undefined {
    return this.app;
  }

  externalValue(value: ExternalValue): Value | undefined {
    if (!ROUTER_MODULES.has(value.module) || value.path.length !== 1 || value.path[0] !== "default") return undefined;
    if (!this.app) {
      // The application makes the router, not the sources: the app's site is its first registration (`register`).
      this.app = { id: -1, kind: "app", site: { file: "", line: 1, column: 1 }, stack: [], mounted: false };
      this.routers.push(this.app);
    }
    return this.wrap({ type: "router", router: this.app });
  }

  callExternal(): Value | undefined {
    return undefined;
  }

  private wrap(object: AdonisObject): HostValue {
    return { kind: "host", host: object };
  }

  callMethod(receiver: HostValue, method: string, call: CallContext): Value {
    const object = receiver.host as AdonisObject;
    if (!ts.isCallExpression(call.node)) return receiver;
    // Every call on the router and what it returns was read (`.prefix()`, `.use()` are no missed registrations).
    this.visit(call.node);
    switch (object.type) {
      case "router":
        return this.routerMethod(receiver, method, call, call.node);
      case "adonis-route":
        return this.routeMethod(receiver, object.routes, method, call);
      case "adonis-group":
        return this.routeMethod(receiver, object.group.routes, method, call);
      case "adonis-resource":
        return this.resourceMethod(receiver, object.routes, method, call);
      case "adonis-brisk":
        // `on(pattern).render(view)`, `.redirect(...)`, `.redirectToPath(url)`, `.setHandler(fn)`, a macro
        // (`renderInertia`): whatever is called sets the handler of a GET route.
        object.route.deleted = false;
        if (method === "setHandler" && call.args[0]) object.route.handler = { kind: "expression", node: call.args[0] };
        return this.wrap({ type: "adonis-route", routes: [object.route] });
    }
  }

  private routerMethod(receiver: HostValue, method: string, call: CallContext, node: ts.CallExpression): Value {
    const verb = VERBS[method];
    if (verb || method === "route") {
      this.visit(node);
      const patternArg = call.args[0];
      const methods = verb ?? this.methodsOf(call.args[1], call);
      const handlerArg = verb ? call.args[1] : call.args[2];
      const patterns = methods ? this.paths(patternArg, call, "route path") : undefined;
      if (!patterns || !methods) return { kind: "runtime", what: "a route apidex cannot read" };
      const routes = patterns.map((pattern) =>
        this.register(pattern, methods, handlerArg ? { kind: "expression", node: handlerArg } : { kind: "none" }, call, node),
      );
      return this.wrap({ type: "adonis-route", routes });
    }
    if (method === "on") {
      this.visit(node);
      const patterns = this.paths(call.args[0], call, "route path");
      if (patterns?.length !== 1) return { kind: "runtime", what: "a route apidex cannot read" };
      // A brisk route is a route once something sets its handler (AdonisJS leaves out one that never gets one).
      const route = this.register(patterns[0]!, ["GET", "HEAD"], { kind: "none" }, call, node);
      route.deleted = true;
      return this.wrap({ type: "adonis-brisk", route });
    }
    if (method === "resource" || method === "shallowResource") {
      this.visit(node);
      const names = this.paths(call.args[0], call, "resource name");
      const controller = call.args[1];
      if (names?.length !== 1 || !controller) return { kind: "runtime", what: "a resource apidex cannot read" };
      const routes = resourceActions(names[0]!, method === "shallowResource").map((a) => {
        const route = this.register(a.pattern, a.methods, { kind: "action", controller, action: a.action }, call, node);
        route.action = a.action;
        // A comment above the resource describes the resource, not each of its actions: their methods' comments do.
        delete route.doc;
        return route;
      });
      return this.wrap({ type: "adonis-resource", routes });
    }
    if (method === "group") {
      this.visit(node);
      const group: Group = { routes: [] };
      const callback = call.args[0] ? this.interpreter.evaluate(call.args[0], call.scope) : undefined;
      if (callback?.kind !== "function") {
        this.diagnostics.warning(
          "APX210",
          `This group's routes were not analysed: \`${call.args[0] ? excerpt(call.args[0]) : "group()"}\` ${callback ? explain(callback, "a function") : "is missing"}; the routes it registers are not indexed.`,
          siteOf(node),
          "Pass the group an inline function or a function of the sources.",
        );
        return this.wrap({ type: "adonis-group", group });
      }
      this.openGroups.push(group);
      try {
        this.interpreter.callFunction(callback, [], node);
      } finally {
        this.openGroups.pop();
      }
      return this.wrap({ type: "adonis-group", group });
    }
    if (method === "use") {
      // The router's middleware (start/kernel.ts): every route runs it.
      for (const arg of call.args) this.routerChecks.push(...this.middlewareChecksIn(arg, call));
      return receiver;
    }
    if (method === "where") return receiver;
    // A method AdonisJS's router does not have is a macro the application adds (`Router.macro("discover", ...)`),
    // whose code runs at start-up: what it registers cannot be told.
    if (!READS_ONLY.has(method)) this.lastMacro = node;
    if (!READS_ONLY.has(method))
      this.diagnostics.warning(
        "APX210",
        `\`router.${method}()\` is no method of AdonisJS's router (a macro the application adds?): the routes it may register are not indexed.`,
        siteOf(node),
        "Register the routes with the router's own methods (get, post, resource, group, ...) in start/routes.ts and the files it imports.",
      );
    return { kind: "runtime", what: `router.${method}()` };
  }

  /** What a route handle or a group's chained calls change: prefix, middleware, domain, AdonisJS 5's namespace. */
  private routeMethod(receiver: HostValue, routes: AdonisRoute[], method: string, call: CallContext): Value {
    if (method === "prefix") {
      const prefixes = this.paths(call.args[0], call, "group prefix");
      // A prefix apidex cannot read: the routes are left out (reported), not indexed at a wrong path.
      for (const route of routes) {
        if (prefixes?.length === 1) route.prefixes.push(prefixes[0]!);
        else route.deleted = true;
      }
      return receiver;
    }
    if (method === "use" || method === "middleware") {
      const checks = call.args.flatMap((arg) => this.middlewareChecksIn(arg, call));
      for (const route of routes) route.checks.push(...checks);
      return receiver;
    }
    if (method === "domain") {
      this.reportDomain(call);
      return receiver;
    }
    if (method === "namespace") {
      const namespace = call.args[0] ? stringsOf(this.interpreter.evaluate(call.args[0], call.scope)) : undefined;
      for (const route of routes) if (namespace?.length === 1 && route.namespace === undefined) route.namespace = namespace[0];
      return receiver;
    }
    // `as`, `where`, `middleware` names, ...: nothing that changes which operation is served where.
    return receiver;
  }

  private resourceMethod(receiver: HostValue, routes: AdonisRoute[], method: string, call: CallContext): Value {
    const actionsOf = (arg: ts.Expression | undefined): string[] | undefined => {
      const value = arg ? this.interpreter.evaluate(arg, call.scope) : undefined;
      const strings = value ? stringsOf(value) : undefined;
      if (!strings && arg)
        this.diagnostics.warning(
          "APX201",
          `Cannot resolve these resource actions statically: \`${excerpt(arg)}\` ${explain(value!)}; the resource's routes are indexed as if it were not there.`,
          siteOf(arg),
          "List the actions as string literals or consts.",
        );
      return strings;
    };
    if (method === "only" || method === "except") {
      const actions = actionsOf(call.args[0]);
      if (actions) for (const route of routes) if (actions.includes(route.action!) === (method === "except")) route.deleted = true;
      return receiver;
    }
    if (method === "apiOnly") {
      for (const route of routes) if (route.action === "create" || route.action === "edit") route.deleted = true;
      return receiver;
    }
    if (method === "params" || method === "paramFor") {
      // `params({ posts: "post" })`: `posts/:id` becomes `posts/:post`, as AdonisJS rewrites each pattern.
      const value = call.args[0] ? this.interpreter.evaluate(call.args[0], call.scope) : undefined;
      const entries =
        method === "params" && value?.kind === "object"
          ? [...value.props].map(([k, v]) => [k, stringsOf(v)?.[0]] as const)
          : method === "paramFor" && call.args[1]
            ? [[stringsOf(value!)?.[0] ?? "", stringsOf(this.interpreter.evaluate(call.args[1], call.scope))?.[0]] as const]
            : [];
      for (const [resource, param] of entries) {
        if (!param || !resource) {
          this.diagnostics.warning(
            "APX201",
            "Cannot resolve this resource's parameter names statically; its routes keep AdonisJS's default names.",
            siteOf(call.node),
            "Give the names as string literals or consts.",
          );
          continue;
        }
        for (const route of routes) {
          const current = new RegExp(`(^|/)${escape(resource)}/:([\\w$]+)`).exec(route.pattern);
          if (current) route.pattern = route.pattern.replace(`${resource}/:${current[2]}`, `${resource}/:${param}`);
        }
      }
      return receiver;
    }
    if (method === "use" || method === "middleware") {
      // AdonisJS 6: `use(actions | "*", middleware)`; AdonisJS 5: `middleware({ "*": [...], store: [...] })`.
      const first = call.args[0] ? this.interpreter.evaluate(call.args[0], call.scope) : undefined;
      if (first?.kind === "object" && call.args.length === 1) {
        for (const [action, middleware] of first.props) {
          const checks = this.middlewareChecksOfValue(middleware);
          for (const route of routes) if (action === "*" || route.action === action) route.checks.push(...checks);
        }
        return receiver;
      }
      const actions = first?.kind === "string" && first.value === "*" ? undefined : actionsOf(call.args[0]);
      const checks = call.args.slice(1).flatMap((arg) => this.middlewareChecksIn(arg, call));
      for (const route of routes) if (!actions || actions.includes(route.action!)) route.checks.push(...checks);
      return receiver;
    }
    if (method === "tap") {
      // `tap(callback)` or `tap(actions, callback)`: the callback gets each route of the resource.
      const hasActions = call.args.length > 1;
      const actions = hasActions ? actionsOf(call.args[0]) : undefined;
      const callback = call.args[hasActions ? 1 : 0];
      const fn = callback ? this.interpreter.evaluate(callback, call.scope) : undefined;
      if (fn?.kind === "function")
        for (const route of routes)
          if (!route.deleted && (!actions || actions.includes(route.action!)))
            this.interpreter.callFunction(fn, [this.wrap({ type: "adonis-route", routes: [route] })], call.node);
      return receiver;
    }
    return this.routeMethod(receiver, routes, method, call);
  }

  private register(pattern: string, methods: string[], handler: ControllerRef, call: CallContext, node: ts.CallExpression): AdonisRoute {
    if (this.app && !this.app.site.file) this.app.site = siteOf(node);
    const route: AdonisRoute = {
      pattern,
      methods,
      prefixes: [],
      checks: [],
      handler,
      call,
      deleted: false,
      conditional: this.interpreter.registersUncertainly(),
    };
    if (this.lastMacro) route.afterMacro = this.lastMacro;
    const doc = registrationDoc(node);
    if (doc) route.doc = doc;
    this.adonisRoutes.push(route);
    for (const group of this.openGroups) group.routes.push(route);
    return route;
  }

  /** `router.route(pattern, ["GET", "POST"], handler)`: the methods, upper-case. */
  private methodsOf(arg: ts.Expression | undefined, call: CallContext): string[] | undefined {
    const value = arg ? this.interpreter.evaluate(arg, call.scope) : undefined;
    const strings = value ? stringsOf(value) : undefined;
    if (strings) return strings.map((m) => m.toUpperCase());
    this.diagnostics.warning(
      "APX201",
      `Cannot resolve the methods of this route statically${arg && value ? `: \`${excerpt(arg)}\` ${explain(value)}` : ""}; the route is left out.`,
      siteOf(arg ?? call.node),
      "Pass the methods as an array of string literals or consts.",
    );
    return undefined;
  }

  /** The checks a middleware argument brings: recognized check calls, middleware functions' bodies, options named for keys. */
  private middlewareChecksIn(arg: ts.Expression, call: CallContext): CheckValue[] {
    return [
      ...this.middlewareChecksOfValue(this.interpreter.evaluate(arg, call.scope)),
      ...this.interpreter.optionChecksIn(arg, call.scope),
    ];
  }

  private middlewareChecksOfValue(value: Value): CheckValue[] {
    const out: CheckValue[] = [];
    for (const v of flattenValues(value)) {
      if (v.kind === "check") out.push(v);
      // An inline `async (ctx, next) => {...}`: its body's checks. A lazy import (`() => import(...)`) of a
      // middleware class is a named middleware's, read where it is given options (the call above).
      else if (v.kind === "function" && !isLazyImport(v.decl)) out.push(...this.interpreter.bodyChecks(v));
    }
    return out;
  }

  private readonly domainsSaid = new Set<ts.Node>();
  /** The last call of a router method AdonisJS does not have (an application's macro, APX210), in registration order. */
  private lastMacro: ts.Node | undefined;

  /** `.domain(":tenant.example.com")`: served on that host only, which an OpenAPI path cannot say. */
  private reportDomain(call: CallContext): void {
    if (this.domainsSaid.has(call.node)) return;
    this.domainsSaid.add(call.node);
    const value = call.args[0] ? this.interpreter.evaluate(call.args[0], call.scope) : undefined;
    const domain = value ? stringsOf(value)?.[0] : undefined;
    this.diagnostics.warning(
      "APX246",
      `These routes are served on the domain ${domain ? `\`${domain}\`` : "this call sets"} only, which an OpenAPI path cannot say: they are indexed at their paths, as if on the service's own host.`,
      siteOf(call.node),
      "Describe the domain in the config's `servers`, or serve these routes from a separate apidex run.",
    );
  }

  /**
   * The routes as layers of the app, in registration order, once every group has applied its prefixes and
   * middleware (AdonisJS refuses a second route of the same method and pattern at start-up; apidex keeps the
   * first and says so, APX403).
   */
  finish(): void {
    const app = this.app;
    if (!app) return;
    for (const route of this.adonisRoutes) {
      if (route.deleted) continue;
      const pattern = adonisPattern(route.pattern, route.prefixes);
      // HEAD beside GET is GET's (AdonisJS registers both for every GET route); HEAD alone is its own.
      const methods = route.methods.includes("GET") ? route.methods.filter((m) => m !== "HEAD") : route.methods;
      const handler = this.controllers.handlerOf(route.handler, route.call, route.namespace, route.afterMacro);
      if (handler.kind === "missing") continue;
      const checks = [...this.routerChecks, ...route.checks, ...(handler.kind === "unknown" ? [handler.check] : [])];
      const args = handler.kind === "function" ? [{ node: handler.node, value: handler.value as Value }] : [];
      for (const method of methods) {
        const before = app.stack.length;
        this.addRoute(app, method.toLowerCase(), [pattern], args, route.call, route.doc, checks);
        if (route.conditional) for (const layer of app.stack.slice(before)) if (layer.type === "route") layer.conditional = true;
      }
    }
  }
}

/** A controller reference AdonisJS imports when a request comes (`() => import("#controllers/x")`). */
export function isLazyImport(decl: ts.FunctionLikeDeclaration): boolean {
  const body = decl.body && !ts.isBlock(decl.body) ? unwrap(decl.body) : undefined;
  return Boolean(body && ts.isCallExpression(body) && body.expression.kind === ts.SyntaxKind.ImportKeyword);
}

/**
 * The comment above the statement a route is registered in, when the statement registers it (its chained calls,
 * `.use(...)`, `.as(...)`, included): the route's doc where its handler has none.
 */
function registrationDoc(call: ts.CallExpression): DocComment | undefined {
  let node: ts.Node = call;
  for (;;) {
    const parent = node.parent;
    if (!parent) return undefined;
    if (ts.isAwaitExpression(parent) || ts.isParenthesizedExpression(parent)) node = parent;
    else if (ts.isPropertyAccessExpression(parent) && parent.expression === node && parent.parent && ts.isCallExpression(parent.parent))
      node = parent.parent;
    else break;
  }
  return node.parent && ts.isExpressionStatement(node.parent) ? leadingDoc(node.parent) : undefined;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
