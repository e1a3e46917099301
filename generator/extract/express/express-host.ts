import { ts } from "../../typescript.js";
import { routingPackageOf } from "../../resolve/routing-packages.js";
import { siteOf, type SourceSite } from "../../diagnostics/diagnostic.js";
import { type CallContext, excerpt, undecidedHint, undecidedMessage } from "../../resolve/interpreter.js";
import { type Branches, stringsOf, type ExternalValue, type HostValue, unknown, type Value } from "../../resolve/values.js";
import { answersNotFoundOnly, answersStatus, wildcardPrefix } from "../answered-methods.js";
import { chainDoc, flattenValues, isPathLike, passesOnAt, RouterHost, type RouterObject, statementDoc, unwrap } from "../router-host.js";
import type { RouterNode } from "../router-graph.js";
import type { Scope } from "../../resolve/scope.js";
import { regexpPrefixes } from "../regexp-paths.js";
import { servedLayer, TsRestSupport } from "../ts-rest/contract.js";
import { Enrouten } from "./enrouten.js";
import { FILE_ROUTING, fileRoutingCall, type FileRoutingHost } from "./file-routing.js";

/** Express's route methods (`app.get`, `router.post`, ...); `all` registers every method. */
export const EXPRESS_METHODS = new Set([
  "get",
  "post",
  "put",
  "patch",
  "delete",
  "options",
  "head",
  "trace",
  "all",
  "copy",
  "lock",
  "mkcol",
  "move",
  "purge",
  "propfind",
  "proppatch",
  "unlock",
  "report",
  "mkactivity",
  "checkout",
  "merge",
  "m-search",
  "notify",
  "subscribe",
  "unsubscribe",
  "search",
  "connect",
]);

/** The methods ts-rest's Express server registers (`initializeExpressRoute`). */
const EXPRESS_TS_REST_METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE"]);

/** Packages whose default export creates an app (`express()`) or a router (`Router()`). */
const APP_MODULES = new Set(["express"]);
const ROUTER_MODULES = new Set(["router", "express-promise-router"]);

/**
 * Gives Express objects their meaning inside the evaluator: `express()` and `Router()` create router
 * nodes; `get/post/.../all`, `route()` and `use()` append layers to them, in call order.
 */
export class ExpressHost extends RouterHost {
  /** ts-rest contracts and servers: `createExpressEndpoints(contract, impl, app)` registers on `app`. */
  readonly tsRest = new TsRestSupport(() => this.interpreter, this.diagnostics);
  /** express-enrouten: `app.use(enrouten({ directory: "routes" }))` mounts a router of the folder's controllers. */
  private readonly enrouten = new Enrouten(this, {
    create: (node) => this.create("router", node),
    mount: (router, sub, path, node) => {
      sub.mounted = true;
      router.stack.push({ type: "mount", paths: [path], router: sub, site: siteOf(node), ...this.conditional() });
    },
    route: (router, method, paths, handlers, call) => this.addRoute(router, method, paths, handlers, call, undefined),
    paths: (arg, call) => this.paths(arg, call, "route path"),
  });

  /** express-file-routing: `app.use("/", await router())`, `await createRouter(app)` route a folder's modules. */
  private readonly fileRouting: FileRoutingHost = {
    create: (node) => this.create("router", node),
    routerOf: (value) => this.routerOf(value),
    route: (router, method, path, handler, call, written, doc) =>
      this.addRoute(router, method, [path], [handler], call, doc, [], undefined, written),
  };

  callExternal(callee: ExternalValue, call: CallContext): Value | undefined {
    if (callee.module === FILE_ROUTING) return fileRoutingCall(this.fileRouting, this.interpreter, callee, call);
    if (callee.module === "@ts-rest/express" && callee.path.length === 1 && callee.path[0] === "createExpressEndpoints")
      return this.createExpressEndpoints(call);
    const tsRest = this.tsRest.callExternal(callee, call);
    if (tsRest) return tsRest;
    const [first, second] = callee.path;
    const isDefault = callee.path.length === 0 || (callee.path.length === 1 && first === "default");
    if (APP_MODULES.has(callee.module)) {
      if (isDefault) return this.create("app", call.node).value;
      if ((first === "Router" && callee.path.length === 1) || (first === "default" && second === "Router"))
        return this.create("router", call.node).value;
    }
    if (ROUTER_MODULES.has(callee.module) && (isDefault || first === "Router")) return this.create("router", call.node).value;
    if (callee.module === "express-enrouten" && isDefault) return this.enrouten.create(call);
    // A NestJS application on its default platform is an Express app underneath: what the bootstrap registers
    // on it (`app.use("/webhook", webhookRouter)`, `app.getHttpAdapter().get("/health", handler)`) is served
    // beside the controllers, outside Nest's router (no global prefix). On Fastify (`new FastifyAdapter()`) it
    // is a Fastify instance, which this host does not read.
    if (callee.module === "@nestjs/core" && first === "NestFactory" && second === "create" && callee.path.length === 2)
      return this.nestApplication(call);
    // Zodios: `zodiosApp()` is an Express app and `zodiosRouter(api)` an Express router, typed by an API
    // definition; `zodiosContext()` makes both (`ctx.app()`, `ctx.router(api)`).
    if (callee.module === "@zodios/express") {
      const made = callee.path.length === 1 ? first : first === "zodiosContext()" && callee.path.length === 2 ? `ctx.${second}` : undefined;
      if (made === "zodiosApp" || made === "ctx.app") return this.create("app", call.node).value;
      if (made === "zodiosRouter" || made === "ctx.router") return this.create("router", call.node).value;
      if (made === "zodiosContext") return { kind: "external", module: callee.module, path: ["zodiosContext()"] };
    }
    return undefined;
  }

  /** `NestFactory.create(AppModule, options?)` on the Express platform: an app; on another one, nothing this host reads. */
  private nestApplication(call: CallContext): Value | undefined {
    const node = call.node;
    const platform = ts.isCallExpression(node) ? node.typeArguments?.[0]?.getText() : undefined;
    const elsewhere = unknown(
      node,
      "is a NestJS application on an HTTP adapter apidex does not read (another platform than Express), whose routes it reads from its controllers only",
    );
    if (platform && !/\bNestExpressApplication\b|^INestApplication\b/.test(platform)) return elsewhere;
    // The second argument is the HTTP adapter when one is given (`new ExpressAdapter(server)`, `new
    // FastifyAdapter()`), else the options; the adapter given an Express app serves through that very app.
    const second = call.args[1] ? unwrap(call.args[1]) : undefined;
    if (second && ts.isNewExpression(second)) {
      const adapter = this.interpreter.evaluate(second.expression, call.scope);
      if (adapter.kind !== "external" || adapter.module !== "@nestjs/platform-express") return elsewhere;
      const server = second.arguments?.[0] ? this.interpreter.evaluate(second.arguments[0], call.scope) : undefined;
      const given = server && this.routerOf(server);
      if (given?.kind === "app") return this.nestApplicationOf(given);
    } else if (second) {
      const options = this.interpreter.evaluate(second, call.scope);
      if (options.kind !== "object") return elsewhere;
    }
    return this.nestApplicationOf(this.create("app", node).router);
  }

  /** The NestJS application served by an Express app: a value of its own, as `get` means another thing on it. */
  private nestApplicationOf(router: RouterNode): HostValue {
    const application = this.host({ type: "router", router });
    this.nestApplications.add(application);
    return application;
  }

  /**
   * NestJS applications: their HTTP adapter and its instance are the Express app, whose `get(path, handler)`
   * registers a route, while the application's own `get(token)` returns a provider (`app.get(ConfigService)`,
   * `app.get(Worker, { strict: false })`) and `use` is Express's.
   */
  private readonly nestApplications = new WeakSet<HostValue>();
  /**
   * What each router is given by `use()` at its root, in order: where a router with no routes of its own is a
   * route's handler (`app.get("/status", createRouter([controllers.status]))`), these functions answer the route.
   */
  private readonly rootUses = new WeakMap<RouterNode, { node: ts.Expression; value: Value }[]>();

  callValue(callee: HostValue, call: CallContext): Value | undefined {
    if (this.tsRest.owns(callee)) return this.tsRest.callValue(callee, call);
    // `router({ path: "/user/:id", name: "user-info" }).get(handler)`: express-enrouten's named route.
    const router = this.routerOf(callee);
    if (router && this.enrouten.owns(router)) {
      const paths = this.enrouten.namedRoutePaths(router, call);
      return paths && ts.isCallExpression(call.node)
        ? this.host({ type: "chain", router, paths, call: call.node })
        : unknown(call.node, "is a route apidex cannot place");
    }
    return undefined;
  }

  /**
   * `createExpressEndpoints(contract, impl, app, { globalMiddleware })` (@ts-rest/express): each route the
   * implementation has is registered on `app` (an app, or a router mounted where it is) with
   * `app[method](path, ...globalMiddleware, ...route.middleware, handler)`, for GET, POST, PUT, PATCH and
   * DELETE (ts-rest's Express server registers no other method).
   */
  private createExpressEndpoints(call: CallContext): Value {
    const node = call.node as ts.CallExpression;
    const [contractArg, implArg, appArg, optionsArg] = call.args;
    const app = appArg ? this.routerOf(this.interpreter.evaluate(appArg, call.scope)) : undefined;
    if (!app || !contractArg || !implArg) {
      this.tsRest.report(
        node,
        `Cannot tell which Express app or router \`${excerpt(node)}\` registers the ts-rest routes on; they are not indexed.`,
        "Pass an app made with express() or a router made with express.Router() in the sources.",
      );
      return { kind: "undefined" };
    }
    const options = optionsArg ? this.interpreter.evaluate(optionsArg, call.scope) : undefined;
    const global = options?.kind === "object" ? options.props.get("globalMiddleware") : undefined;
    const contract = this.interpreter.evaluate(contractArg, call.scope);
    const impl = this.interpreter.evaluate(implArg, call.scope);
    for (const route of this.tsRest.served(node, contract, impl, global)) {
      if (!EXPRESS_TS_REST_METHODS.has(route.method)) {
        this.tsRest.report(
          route.literal ?? node,
          `ts-rest's Express server registers no ${route.method} route: \`${route.method} ${route.path}\` is not indexed.`,
          "Use GET, POST, PUT, PATCH or DELETE for routes served by createExpressEndpoints().",
        );
        continue;
      }
      app.stack.push({ ...servedLayer(route, route.path), ...this.conditional() });
    }
    return { kind: "undefined" };
  }

  callMethod(receiver: HostValue, method: string, call: CallContext): Value {
    if (this.tsRest.owns(receiver)) return this.tsRest.callMethod(receiver, method, call);
    const object = receiver.host as RouterObject;
    this.recorder?.hostCall(object.router);
    if (!ts.isCallExpression(call.node)) return receiver;
    const node = call.node;
    if (object.type === "chain") {
      if (EXPRESS_METHODS.has(method)) {
        this.visit(node);
        this.addRoute(object.router, method, object.paths, call.args, call, chainDoc(node, object.call));
      }
      return receiver;
    }
    const router = object.router;
    if (method === "route") {
      this.visit(node);
      const paths = this.paths(call.args[0], call, "route path");
      return paths ? this.host({ type: "chain", router, paths, call: node }) : receiver;
    }
    if (method === "use") {
      this.visit(node);
      this.use(router, call);
      return receiver;
    }
    if (this.nestApplications.has(receiver)) {
      if (method === "getHttpAdapter") return this.host({ type: "router", router });
      if (method === "get") return { kind: "runtime", what: "a provider of the NestJS application" };
    }
    // The HTTP adapter's instance is the Express app itself.
    if (method === "getInstance") return receiver;
    if (EXPRESS_METHODS.has(method)) {
      // `app.get("env")` reads a setting; only a call with handlers registers a route.
      if (method === "get" && call.args.length < 2) return { kind: "runtime", what: "an Express setting" };
      this.visit(node);
      const paths = this.paths(call.args[0], call, "route path");
      // Each handler evaluated once, here: `app.all("/entries*", entriesRouter)` gives a router as the
      // handler, which sees the request's whole path (it is not mounted, so nothing is stripped): its routes
      // answer where its own paths say, below this router; the route's path only filters what reaches it.
      const handlers = call.args
        .slice(1)
        .map((arg) => (ts.isSpreadElement(arg) ? arg : { node: arg, value: this.interpreter.evaluate(arg, call.scope) }));
      const routers = handlers.map((h) => ("value" in h ? this.routerOf(h.value) : undefined));
      // `app.get("/status", router)` of a router that only has middleware (`router.use(fn)`, at its root): Express
      // runs them for the route's requests, the one that answers answering it. The route is an operation with
      // those functions as its handlers (a router with routes of its own answers at them instead, below).
      const uses = routers.length === 1 && routers[0] && paths ? this.middlewareOnly(routers[0]) : undefined;
      if (uses) {
        routers[0]!.mounted = true;
        this.addRoute(router, method, paths!, uses, call, statementDoc(node));
        return receiver;
      }
      if (routers.length && routers.every((sub) => sub !== undefined)) {
        // What reaches the router is what the route's path (and method) matches: `/entries*` everything below
        // `/entries`, `/entries` that path alone.
        // (Of one path: a router is walked once; several paths keep the whole of it.)
        const only = paths?.length === 1 ? paths[0]! : undefined;
        const below = only !== undefined ? wildcardPrefix(only) : undefined;
        const filter =
          only !== undefined
            ? { path: below ?? only, end: below === undefined, ...(method !== "all" ? { method: method.toUpperCase() } : {}) }
            : undefined;
        for (const sub of routers) {
          sub.mounted = true;
          router.stack.push({
            type: "mount",
            paths: ["/"],
            router: sub,
            site: siteOf(node),
            ...(filter ? { filter } : {}),
            ...this.conditional(),
          });
        }
        return receiver;
      }
      // `app.put("/*", express.json())`: a body parser for the routes after it, which hands every request on;
      // on every path (`/*`), so does a function of the sources that only hands it on (one at a path of its
      // own gates the registrations of that path after it, which flattening joins).
      const wildcard = paths?.every((p) => /^\/?(\*|\(\.\*\))$/.test(p)) ?? false;
      if (handlers.length && handlers.every((h) => "value" in h && this.onlyPassesOn(h.value, wildcard))) return receiver;
      if (paths) this.addRoute(router, method, paths, handlers, call, statementDoc(node));
      return receiver;
    }
    // `app.on("mount", (parent) => { app.get(...) })`: Express emits it once another app mounts this one, which
    // is how the app is served: what the listener registers is the app's, as if written here.
    if (method === "on" && router.kind === "app" && call.args.length === 2) {
      const event = this.interpreter.evaluate(call.args[0]!, call.scope);
      const listener =
        event.kind === "string" && event.value === "mount" ? this.interpreter.evaluate(call.args[1]!, call.scope) : undefined;
      if (listener?.kind === "function") {
        this.visit(node);
        this.interpreter.callFunction(listener, [{ kind: "runtime", what: "the app that mounts it" }], node);
      }
    }
    return receiver;
  }

  /** An Express app and an Express router are functions (`(req, res, next) => ...`), as `typeof` says. */
  typeOf(value: HostValue): "function" | undefined {
    return this.routerOf(value) ? "function" : undefined;
  }

  /**
   * A member of an app or router. `.app` of an app is the app itself: a package that enhances the app returns
   * it (`expressWs(app)`, read as the app), and express-ws hands it back as `.app` (`const { app } =
   * expressWs(express())`); an Express app has no `app` member of its own.
   */
  property(receiver: HostValue, name: string): Value | undefined {
    const router = this.routerOf(receiver);
    if (router?.kind === "app" && name === "app") return receiver;
    return undefined;
  }

  /**
   * The functions a router was given at its root, when that is all it has: no route, no mount, no middleware at
   * a path of its own (a router used as a route's handler, built of middleware). Undefined otherwise.
   */
  private middlewareOnly(router: RouterNode): { node: ts.Expression; value: Value }[] | undefined {
    const uses = this.rootUses.get(router);
    if (!uses?.length) return undefined;
    const ownPaths = router.stack.some((l) => l.type !== "middleware" || !l.paths.every((p) => p === "/" || p === ""));
    if (ownPaths || uses.some((u) => this.routerOf(u.value))) return undefined;
    // Functions that all hand the request on (unleash's `conditionalMiddleware(flag, cors(...))`, a router whose one
    // middleware runs a package's middleware or calls `next()`) answer nothing of the sources: the router gates, as
    // before (a CORS preflight a package answers is no operation). One that hands some requests on and answers
    // the others itself with more than a refusal (pelias's `sendJSON`: `next()` without a result, else
    // `res.status(code).json(body)`) answers the route's requests, as it would as the route's own handler.
    // A value apidex cannot read may answer too: the route is then an operation, marked (APX301), not nothing.
    const answers = uses.some(
      (u) =>
        u.value.kind === "unknown" ||
        (u.value.kind === "function" && (!this.handlerPassesOn(u.value) || answersBesidesRefusals(u.value.decl))),
    );
    return answers ? uses : undefined;
  }

  private use(router: RouterNode, call: CallContext): void {
    const args = [...call.args];
    let paths = ["/"];
    const first = args[0];
    // The first argument's value, when it is no path: what is mounted (a factory's call, `use(createRouter(opts))`,
    // is evaluated once, or it makes a second router that nothing mounts).
    let firstValue: Value | undefined;
    if (first) {
      const value = this.interpreter.evaluate(first, call.scope);
      firstValue = value;
      const strings = stringsOf(value);
      if (strings) {
        paths = strings;
        args.shift();
        firstValue = undefined;
      } else if (args.length >= 2 && isPathLike(first, value)) {
        // (`use(x)` alone mounts x at the root: its one argument is never a path, `wares.urlencodedParser` neither.)
        const literal = unwrap(first);
        const regexp = ts.isRegularExpressionLiteral(literal);
        // `app.use(/(\/api)?/, api)`: a prefix that is a few literal strings is a mount at each of them.
        const prefixes = regexp ? regexpPrefixes(literal.text) : undefined;
        if (prefixes) {
          paths = prefixes;
          args.shift();
          firstValue = undefined;
        } else if (regexp) {
          this.paths(first, call, "mount prefix");
          // The routers below are mounted somewhere we cannot place; do not report them as unmounted too.
          for (const arg of args.slice(1)) this.markMounted(this.interpreter.evaluate(arg, call.scope));
        } else
          this.mountUnderUnknownPrefix(
            router,
            first,
            args.slice(1).map((arg) => this.interpreter.evaluate(arg, call.scope)),
            call,
          );
        if (!prefixes) return;
      }
    }
    const site = siteOf(call.node);
    // `app.use("/health", (req, res) => res.send("ok"))`: a function of the sources that answers, mounted at a
    // path, is an endpoint for every method there (indexed at the path itself, as `all()` is; `use` also
    // hands it the paths below). At the root it is the fallback (`app.use((req, res) => res.status(404))`).
    // Each argument evaluated once: a factory's call (`crud({ ... })`) makes a new router each time.
    const values = args.map((arg, i) => (i === 0 && firstValue ? firstValue : this.interpreter.evaluate(arg, call.scope)));
    if (paths.length === 1 && (paths[0] === "/" || paths[0] === ""))
      this.rootUses.set(router, [...(this.rootUses.get(router) ?? []), ...args.map((node, i) => ({ node, value: values[i]! }))]);
    const last = values[values.length - 1];
    if (last && paths.some((p) => p !== "/" && p !== "") && this.answersAtMount(last)) {
      this.addRoute(
        router,
        "all",
        paths,
        args.map((node, i) => ({ node, value: values[i]! })),
        call,
        statementDoc(call.node as ts.CallExpression),
      );
      return;
    }
    for (const [i, arg] of args.entries()) {
      const stated = this.interpreter.optionChecksIn(arg, call.scope);
      if (stated.length) router.stack.push({ type: "middleware", paths, end: false, checks: stated, site });
      for (const value of flattenValues(values[i]!)) {
        const sub = this.routerOf(value);
        // A package's middleware made from the app itself (`app.use(gracefulExit.middleware(app))`) is read
        // as the app: an app is never mounted inside itself, so it is middleware here, not a mount.
        if (sub === router && ts.isCallExpression(unwrap(arg))) continue;
        if (sub) {
          sub.mounted = true;
          router.stack.push({ type: "mount", paths, router: sub, site, ...this.conditional() });
          continue;
        }
        // One router or another, as a condition apidex cannot read picks (`options.pages ? new PagesRouter().router()
        // : new PublicRouter().router()`): each is mounted, its routes marked conditional, as the branches of an
        // undecided `if` are (they never coexist: extract/alternative-branches.ts).
        if (
          value.kind === "unknown" &&
          value.branches &&
          this.mountBranches(router, paths, site, arg, value.branches, args, values, i, call)
        )
          continue;
        // A value apidex could not follow, given a path (`app.use("/properties", ctx.props)`, where `ctx` is filled
        // at run time): most often a router, whose routes would be missing under that path without a word.
        // (A package's middleware, `express.static(dir)`, is a run-time value, not an unknown one.)
        if (value.kind === "unknown") {
          if (this.mayBeMounted(args, values, i, call.scope)) this.reportUnreadMount(arg, value, paths);
          continue;
        }
        // `app.use("/", await router())` of express-file-routing: a package that builds its routes at run time.
        const routing =
          (value.kind === "runtime" || value.kind === "external") && this.mayBeMounted(args, values, i, call.scope)
            ? routingPackageOf(arg)
            : undefined;
        if (routing) {
          this.diagnostics.warning(
            "APX210",
            `This mount was not analysed: \`${excerpt(arg)}\` is made by ${routing}, a routing package apidex does not read (it builds its routes at run time, from a folder's files or a table); the routes it serves under ${paths.join(", ") || "/"} are not indexed.`,
            siteOf(arg),
            "Register the routes with the framework's router; if the package mounts a folder's modules that each export a router, name the folder in the config's `routerFiles`.",
          );
          continue;
        }
        const checks = this.middlewareChecks(value);
        if (checks.length) router.stack.push({ type: "middleware", paths, end: false, checks, site });
        // `(req, res, next) => wanted(req) ? extra(req, res, next) : next()`: a router the middleware hands the
        // request to answers there too, when the middleware decides to.
        for (const dispatched of this.dispatchedRouters(value)) {
          if (dispatched.router === router) continue;
          dispatched.router.mounted = true;
          router.stack.push({
            type: "mount",
            paths,
            router: dispatched.router,
            site,
            ...(dispatched.always ? this.conditional() : { conditional: true }),
          });
        }
      }
    }
  }

  /**
   * The routers the branches of a choice apidex cannot read give `use()`, mounted each under its branch; false
   * when no branch is a router (the value stays one apidex could not follow).
   */
  private mountBranches(
    router: RouterNode,
    paths: string[],
    site: SourceSite,
    arg: ts.Expression,
    branches: Branches,
    args: readonly ts.Expression[],
    values: readonly Value[],
    index: number,
    call: CallContext,
  ): boolean {
    const sides: Value[] = branches.values();
    const subs = sides.map((side) => this.routerOf(side));
    if (!subs.some((sub) => sub && sub !== router)) return false;
    const outer = this.conditional().branches ?? [];
    const condition = siteOf(branches.condition);
    this.diagnostics.warning("APX217", undecidedMessage(branches.condition), condition, undecidedHint(branches.condition));
    for (const [branch, sub] of subs.entries()) {
      if (sub && sub !== router) {
        sub.mounted = true;
        router.stack.push({
          type: "mount",
          paths,
          router: sub,
          site,
          conditional: true,
          branches: [...outer, { condition, branch, of: sides.length }],
        });
      } else if (sides[branch]!.kind === "unknown" && this.mayBeMounted(args, values, index, call.scope))
        this.reportUnreadMount(arg, sides[branch]!, paths);
    }
    return true;
  }

  /**
   * Whether the unreadable argument at `index` of a `use(path, ...)` may be what is mounted there: the last
   * argument (what precedes it is middleware: `use("/v1", rateLimiter.api, router)`), when no argument is a
   * router apidex reads, and not a choice between two values apidex reads as no router (`installed ?
   * alreadyInstalled : setup`, decided at run time).
   */
  private mayBeMounted(args: readonly ts.Expression[], values: readonly Value[], index: number, scope: Scope): boolean {
    if (index !== args.length - 1 || values.some((v) => flattenValues(v).some((x) => this.routerOf(x)))) return false;
    const choice = unwrap(args[index]!);
    // `flag && handler`: what is given when the condition holds.
    const sides = ts.isConditionalExpression(choice)
      ? [choice.whenTrue, choice.whenFalse]
      : ts.isBinaryExpression(choice) && choice.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken
        ? [choice.right]
        : undefined;
    if (!sides) return true;
    // Only names are read here: a branch that calls something (`setupInstaller(crowi)`, which makes a router)
    // must not run out of place, and may well be what is mounted. A function written there is middleware.
    return sides.some((branch) => {
      const inner = unwrap(branch);
      if (ts.isArrowFunction(inner) || ts.isFunctionExpression(inner)) return false;
      if (!ts.isIdentifier(inner) && !ts.isPropertyAccessExpression(inner)) return true;
      const v = this.interpreter.evaluate(inner, scope);
      return v.kind === "unknown" || this.routerOf(v) !== undefined;
    });
  }

  /**
   * The routers a middleware function of the sources calls with its own request, response and `next`
   * (`return extra(req, res, next)`), and whether it does so on every request (not under a condition).
   */
  private dispatchedRouters(value: Value): { router: RouterNode; always: boolean }[] {
    if (value.kind !== "function" || value.decl.parameters.length !== 3 || !value.decl.body) return [];
    const names = value.decl.parameters.map((p) => (ts.isIdentifier(p.name) ? p.name.text : undefined));
    if (names.some((n) => n === undefined)) return [];
    const out: { router: RouterNode; always: boolean }[] = [];
    const fn = value;
    const visit = (node: ts.Node, conditional: boolean): void => {
      if (ts.isFunctionLike(node) && node !== fn.decl) return;
      if (
        ts.isCallExpression(node) &&
        node.arguments.length === 3 &&
        node.arguments.every((a, i) => ts.isIdentifier(a) && a.text === names[i])
      ) {
        const sub = this.routerOf(this.interpreter.valueInside(fn, node.expression));
        if (sub && !out.some((o) => o.router === sub)) out.push({ router: sub, always: !conditional });
      }
      const branches =
        ts.isIfStatement(node) ||
        ts.isConditionalExpression(node) ||
        (ts.isBinaryExpression(node) &&
          (node.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken ||
            node.operatorToken.kind === ts.SyntaxKind.BarBarToken ||
            node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken));
      ts.forEachChild(node, (child) => visit(child, conditional || branches));
    };
    const body = fn.decl.body!;
    if (ts.isBlock(body)) ts.forEachChild(body, (child) => visit(child, false));
    else visit(body, false);
    return out;
  }

  /**
   * Whether a `use()` argument is a function of the sources that answers the request itself: it takes no
   * `next` (two parameters), or never calls it. An error handler (four parameters), a router, a package's
   * middleware and anything apidex cannot read are not.
   */
  protected answersAtMount(value: Value): boolean {
    if (value.kind !== "function" || this.routerOf(value)) return false;
    const params = value.decl.parameters.length;
    if (params < 1 || params > 3) return false;
    // A subtree's not-found fallback or a guard that denies a prefix (`res.status(404)`, `res.sendStatus(403)`)
    // answers only refusals: no endpoint.
    if (answersNotFoundOnly(value.decl) || refusesOnly(value.decl)) return false;
    return params < 3 || !passesOnAt(value, this.interpreter);
  }

  /**
   * Whether a route's handler never answers: Express's or body-parser's body parsers, or (`anyFunction`) a
   * function of the sources that takes `next`, always hands the request on, and touches no response
   * (`(req, res, next) => big ? bigJson(req, res, next) : smallJson(req, res, next)`).
   */
  private onlyPassesOn(value: Value, anyFunction: boolean): boolean {
    if (value.kind === "runtime")
      return /^the result of (express|body-parser)(\.default)?\.(json|urlencoded|raw|text)\(\)$/.test(value.what);
    if (!anyFunction || value.kind !== "function" || this.routerOf(value) || value.decl.parameters.length !== 3 || !value.decl.body)
      return false;
    if (!ts.isIdentifier(value.decl.parameters[1]!.name)) return false;
    return !writesResponse(value.decl) && passesOnAt(value, this.interpreter) && !answersStatus(value.decl.body, () => true);
  }

  private markMounted(value: Value): void {
    for (const v of flattenValues(value)) {
      const sub = this.routerOf(v);
      if (sub) sub.mounted = true;
    }
  }
}

/**
 * Whether an Express-style `(req, res, next)` function writes to its response itself (`res.json(...)`,
 * `res.status(code).send(...)`; handing `res` to another function is not writing), and not only a refusal or a
 * not-found answer: a function that hands some requests on still answers the others.
 */
function answersBesidesRefusals(fn: ts.FunctionLikeDeclaration): boolean {
  return writesResponse(fn) && !refusesOnly(fn) && !answersNotFoundOnly(fn);
}

/**
 * Whether a `(req, res, ...)` function's body uses a member of its response (`res.status(...)`, `res.json(...)`):
 * an answer. Passing `res` on to another function is not one.
 */
function writesResponse(fn: ts.FunctionLikeDeclaration): boolean {
  const response = fn.parameters[1]?.name;
  if (!fn.body || !response || !ts.isIdentifier(response)) return false;
  let writes = false;
  const visit = (node: ts.Node): void => {
    if (writes) return;
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === response.text) writes = true;
    else ts.forEachChild(node, visit);
  };
  visit(fn.body);
  return writes;
}

/** Whether every HTTP status a function's body writes is an error (4xx or 5xx), and it writes one. */
function refusesOnly(fn: ts.FunctionLikeDeclaration): boolean {
  if (!fn.body) return false;
  return (
    answersStatus(fn.body, (status) => status >= 400 && status < 600) && !answersStatus(fn.body, (status) => status >= 100 && status < 400)
  );
}
