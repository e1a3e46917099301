import { ts } from "../../typescript.js";
import { siteOf } from "../../diagnostics/diagnostic.js";
import type { CallContext } from "../../resolve/interpreter.js";
import { stringsOf, type ExternalValue, type FunctionValue, type HostValue, type Value } from "../../resolve/values.js";
import { ExpressHost } from "../express/express-host.js";
import { flattenValues, statementDoc, unwrap } from "../router-host.js";
import type { Layer, RouterNode } from "../router-graph.js";
import { mayReturnNothing } from "../itty/handler-returns.js";
import { h3WildcardPrefix } from "./path-syntax.js";

/** h3 1.x router methods (its `RouterMethods`; a router has no `all`: `add`/`use` without a method is every method). */
const V1_ROUTER_METHODS = new Set(["connect", "delete", "get", "head", "options", "post", "put", "trace", "patch"]);

/** h3 2's route methods on an app (`all` is every method; `query` is the QUERY method). */
const V2_METHODS = new Set([...V1_ROUTER_METHODS, "query", "all"]);

/** The calls the sweep of unreached registrations looks for in an h3 project. */
export const H3_METHODS = new Set([...V2_METHODS, "add", "use", "on", "mount"]);

/** What h3 exports that wraps a handler and returns it (or an object form of it) for a route or `use()`. */
const HANDLER_WRAPPERS = new Set(["eventHandler", "defineEventHandler", "defineHandler", "toEventHandler", "defineMiddleware"]);

/** Adapters of Node and web handlers: the function given is what runs (its checks are the route's). */
const ADAPTED = new Set(["fromNodeMiddleware", "fromNodeHandler", "defineNodeMiddleware", "defineNodeHandler", "defineNodeListener"]);

/** Lazy handlers: the factory's result is the handler. */
const LAZY = new Set(["lazyEventHandler", "defineLazyEventHandler", "defineLazyHandler"]);

/**
 * h3 (unjs) used as a router in code, inside the evaluator on the Express host. h3 1.x: `createApp()` is an
 * app whose `use(route?, handler, options?)` stack runs in registration order, each layer for the paths that
 * start with its route (stripped for the handler); a handler that returns nothing hands the request on (so
 * one that may is middleware, whose checks gate what follows, and one that always answers is an endpoint
 * for every method at its route, as Express's `use` of an answering function is read); `app.use(router)` and
 * `app.use(route, router.handler)` mount a `createRouter()` router, whose `get/post/...(path, handler)` and
 * `add`/`use(path, handler, method | methods?)` register routes matched against the whole path the router
 * is given. `useBase(base, handler)` serves the handler under `base`. h3 2: `new H3()` is an app with
 * `get/post/.../all(path, handler, { middleware })` and `on(method, path, ...)`; its `use(route?, middleware,
 * { method })` middleware runs before every route it matches, whatever the order of registration, and
 * `mount(base, app)` (or `use(base, app)`) serves another app's routes under `base`.
 */
export class H3Host extends ExpressHost {
  /** The apps made by `new H3()` (h3 2), whose API differs from 1.x's `createApp()`. */
  private readonly v2 = new WeakSet<RouterNode>();

  override callExternal(callee: ExternalValue, call: CallContext): Value | undefined {
    if (!/^(h3(-nightly)?|nitro\/h3)$/.test(callee.module) || callee.path.length !== 1) return undefined;
    const name = callee.path[0]!;
    const arg = call.args[0];
    if (name === "createApp") return this.app(call, false);
    if (name === "createRouter") return this.create("router", call.node).value;
    // `new H3()`, and `createH3()` of h3 2's early betas.
    if ((name === "H3" && ts.isNewExpression(call.node)) || name === "createH3") return this.app(call, true);
    if (!arg) return undefined;
    if (HANDLER_WRAPPERS.has(name)) return this.handlerOf(this.interpreter.evaluate(arg, call.scope));
    if (ADAPTED.has(name)) return this.interpreter.evaluate(arg, call.scope);
    // `lazyEventHandler(() => eventHandler(...))`: the factory runs once, and the handler it returns answers.
    // One apidex cannot read (an `import()` of a module's handler) leaves the factory, whose body is read.
    if (LAZY.has(name)) {
      const factory = this.interpreter.evaluate(arg, call.scope);
      const returned = factory.kind === "function" ? returnedExpression(factory.decl) : undefined;
      const made = factory.kind === "function" && returned ? this.interpreter.valueInside(factory, returned) : undefined;
      return made && (made.kind === "function" || made.kind === "array") ? made : factory;
    }
    if (name === "useBase" && call.args[1]) return this.useBase(call);
    return undefined;
  }

  /** A new app (`createApp(options)`, h3 2's `new H3(options)`); its `onRequest` hook runs before every layer. */
  private app(call: CallContext, v2: boolean): Value {
    const { value, router } = this.create("app", call.node);
    if (v2) this.v2.add(router);
    const options = call.args[0] ? this.interpreter.evaluate(call.args[0], call.scope) : undefined;
    const hook = options?.kind === "object" ? options.props.get("onRequest") : undefined;
    const checks = hook ? this.middlewareChecks(hook) : [];
    if (checks.length) router.stack.push({ type: "middleware", paths: ["/"], end: false, checks, site: siteOf(call.node) });
    return value;
  }

  /**
   * `defineEventHandler(fn)` is `fn`; the object form `defineEventHandler({ onRequest, handler })` (h3 2's
   * `defineHandler({ middleware, handler })`) runs its request hooks, then the handler: read as those route
   * arguments in that order (their checks gate the handler).
   */
  private handlerOf(value: Value): Value {
    if (value.kind !== "object") return value;
    const before = ["onRequest", "middleware"].flatMap((key) => {
      const hook = value.props.get(key);
      return hook ? flattenValues(hook) : [];
    });
    const handler = value.props.get("handler");
    return { kind: "array", items: [...before, ...(handler ? [handler] : [])] };
  }

  /**
   * `useBase("/api", router.handler)`: a handler that strips `/api` from the path and hands the request to
   * the router, read as a router with that router mounted at `/api` (mounted wherever the handler is).
   */
  private useBase(call: CallContext): Value | undefined {
    const paths = this.paths(call.args[0], call, "base path");
    const inner = this.interpreter.evaluate(call.args[1]!, call.scope);
    const sub = this.routerOf(inner);
    if (!sub) return inner;
    sub.mounted = true;
    const { value, router } = this.create("router", call.node);
    if (paths)
      router.stack.push({ type: "mount", paths: paths.map((p) => p.replace(/\/+$/, "") || "/"), router: sub, site: siteOf(call.node) });
    return value;
  }

  override callMethod(receiver: HostValue, method: string, call: CallContext): Value {
    const target = this.routerCall(receiver, call);
    if (!target) return receiver;
    const { router, node } = target;
    if (this.v2.has(router)) return this.callV2(router, node, method, call, receiver);
    if (router.kind === "router") {
      if (V1_ROUTER_METHODS.has(method)) this.routerRoute(router, node, [method], call);
      else if (method === "add" || method === "use") {
        const methods = call.args[2] ? this.methodsOf(call.args[2], call, true) : ["all"];
        if (methods) this.routerRoute(router, node, methods, call);
        else this.visit(node);
      }
      return receiver;
    }
    if (method !== "use") return receiver;
    // `app.use(route, handler, { match, lazy })`: the options are no handler.
    const last = call.args[call.args.length - 1];
    const options =
      call.args.length >= 2 && last && ts.isObjectLiteralExpression(unwrap(last))
        ? (unwrap(last) as ts.ObjectLiteralExpression)
        : undefined;
    const before = router.stack.length;
    const result = super.callMethod(receiver, method, options ? { ...call, args: call.args.slice(0, -1) } : call);
    const match = options?.properties.find((p) => p.name?.getText() === "match");
    if (match) this.matchedOnly(router.stack.slice(before), match);
    return result;
  }

  /**
   * `app.use(route, handler, { match })`: the layer runs only for the requests `match` accepts, decided at run
   * time. What it serves is indexed marked `unresolved: ["registration"]`; its checks may not run for a route
   * after it, so they are not counted there, and those routes are marked `unresolved: ["permissions"]` (their
   * keys a lower bound). Said at the option (APX217).
   */
  private matchedOnly(layers: readonly Layer[], match: ts.Node): void {
    if (!layers.length) return;
    for (const layer of layers) {
      if (layer.type === "middleware") layer.checks = [{ keys: [], unresolved: true }];
      else layer.conditional = true;
    }
    this.diagnostics.warning(
      "APX217",
      'h3 runs this layer only for the requests its `match` option accepts, decided at run time: what it serves is indexed marked `unresolved: ["registration"]`, and the checks it makes are not counted for the routes after it, which are marked `unresolved: ["permissions"]`.',
      siteOf(match),
      "Mount the layer at a route prefix instead of matching requests with a function, or register the checks on the routes themselves.",
    );
  }

  /**
   * A 1.x router's route: `router.get(path, handler)`, `router.add(path, handler, methods)`. Its handler may
   * be a router (`useBase("/api", api.handler)`, the nested routers of h3's docs), which is given the whole
   * path of the requests the route matches.
   */
  private routerRoute(router: RouterNode, node: ts.CallExpression, methods: readonly string[], call: CallContext): void {
    this.visit(node);
    const handlerArg = call.args[1];
    if (!handlerArg) return;
    const paths = this.paths(call.args[0], call, "route path");
    if (!paths) return;
    const value = this.interpreter.evaluate(handlerArg, call.scope);
    const sub = this.routerOf(value);
    if (sub) {
      sub.mounted = true;
      for (const m of methods) this.mountFiltered(router, sub, paths, m, node);
      return;
    }
    for (const m of methods) this.addRoute(router, m, paths, [{ node: wrappedNode(handlerArg), value }], call, statementDoc(node));
  }

  /** A router handed the requests a route matches (`/api/**`: everything below `/api`), with their whole path. */
  private mountFiltered(router: RouterNode, sub: RouterNode, paths: readonly string[], method: string, node: ts.CallExpression): void {
    const upper = method === "all" ? undefined : method.toUpperCase();
    for (const p of paths) {
      const below = h3WildcardPrefix(p);
      const filter = {
        path: below ?? p,
        end: below === undefined,
        ...(upper ? { method: upper } : {}),
        only: true as const,
        ...(below !== undefined ? { below: true as const } : {}),
      };
      router.stack.push({ type: "mount", paths: ["/"], router: sub, site: siteOf(node), filter, ...this.conditional() });
    }
  }

  /**
   * The method (or methods) a registration names; reported (APX201) when not read. h3 2 upper-cases what it is
   * given (`""` is every method); h3 1.x keys a route's handlers by the name as written and looks them up by
   * the request's method in lower case, so a name in capitals never answers: said (APX231), not indexed.
   */
  private methodsOf(arg: ts.Expression, call: CallContext, v1: boolean): string[] | undefined {
    const strings = stringsOf(this.interpreter.evaluate(arg, call.scope));
    if (!strings) {
      this.paths(arg, call, "route method");
      return undefined;
    }
    if (!v1) return strings.map((m) => (m === "" ? "all" : m.toLowerCase()));
    const dead = strings.filter((m) => m !== m.toLowerCase());
    if (dead.length)
      this.diagnostics.warning(
        "APX231",
        `h3 1.x never answers ${dead.map((m) => `\`${m}\``).join(", ")} here: it looks a route's handler up by the request's method in lower case; ${dead.length > 1 ? "these methods are" : "this method is"} not indexed.`,
        siteOf(arg),
        'Name the method in lower case (`"put"`), as h3\'s `RouterMethod` type does.',
      );
    return strings.filter((m) => m === m.toLowerCase());
  }

  /** h3 2's app: `get/.../all(path, handler, { middleware })`, `on(method, path, ...)`, `use(...)`, `mount(base, app)`. */
  private callV2(router: RouterNode, node: ts.CallExpression, method: string, call: CallContext, receiver: HostValue): Value {
    if (V2_METHODS.has(method) || method === "on") {
      this.visit(node);
      const [methodArg, pathArg, handlerArg, optionsArg] = method === "on" ? call.args : [undefined, ...call.args];
      const methods = method === "on" ? (methodArg ? this.methodsOf(methodArg, call, false) : undefined) : [method];
      // rou3 (h3 2) matches a catch-all `**` with nothing too: `/files/**` answers `/files` as well.
      const paths = this.paths(pathArg, call, "route path")?.flatMap((p) => {
        const below = h3WildcardPrefix(p);
        return below === undefined ? [p] : [below, p];
      });
      if (!methods || !paths || !handlerArg) return receiver;
      const value = this.interpreter.evaluate(handlerArg, call.scope);
      const options = optionsArg ? this.interpreter.evaluate(optionsArg, call.scope) : undefined;
      const middleware = options?.kind === "object" ? options.props.get("middleware") : undefined;
      const args = [
        ...(middleware && optionsArg ? [{ node: optionsArg, value: middleware }] : []),
        { node: wrappedNode(handlerArg), value: this.handlerOf(value) },
      ];
      for (const m of methods) this.addRoute(router, m, paths, args, call, statementDoc(node));
      return receiver;
    }
    if (method === "mount") {
      this.visit(node);
      this.mountV2(router, node, call.args[0], call.args[1], call);
      return receiver;
    }
    if (method !== "use") return receiver;
    this.visit(node);
    const first = call.args[0] ? this.interpreter.evaluate(call.args[0], call.scope) : undefined;
    const routed = first !== undefined && stringsOf(first) !== undefined;
    const [routeArg, fnArg, optionsArg] = routed ? call.args : [undefined, ...call.args];
    if (!fnArg) return receiver;
    const fn = this.interpreter.evaluate(fnArg, call.scope);
    // `app.use("/api", sub)`: an app given to `use` is mounted.
    if (this.routerOf(fn)) {
      this.mountV2(router, node, routeArg, fnArg, call);
      return receiver;
    }
    this.middlewareCount.set(router, (this.middlewareCount.get(router) ?? 0) + 1);
    const checks = this.middlewareChecks(this.handlerOf(fn));
    if (!checks.length) return receiver;
    const routes = routeArg ? (this.paths(routeArg, call, "middleware route") ?? []) : ["/**"];
    const options = optionsArg ? this.interpreter.evaluate(optionsArg, call.scope) : undefined;
    const only = options?.kind === "object" ? options.props.get("method") : undefined;
    const methods = only ? stringsOf(only) : undefined;
    // h3 2 runs every middleware before the route's handler, whatever the order of registration: first in the stack.
    const layers = routes.map((route) => {
      const below = route === "/**" ? "/" : h3WildcardPrefix(route);
      return {
        type: "middleware" as const,
        paths: [below ?? route],
        end: below === undefined,
        checks,
        ...(methods?.length === 1 ? { method: methods[0]!.toUpperCase() } : {}),
        site: siteOf(node),
      };
    });
    // `{ match: (event) => ... }`: run only for the requests it accepts, decided at run time.
    const match =
      optionsArg && ts.isObjectLiteralExpression(unwrap(optionsArg))
        ? (unwrap(optionsArg) as ts.ObjectLiteralExpression).properties.find((p) => p.name?.getText() === "match")
        : undefined;
    if (match) this.matchedOnly(layers, match);
    const at = router.stack.findIndex((layer) => layer.type !== "middleware");
    router.stack.splice(at < 0 ? router.stack.length : at, 0, ...layers);
    this.shareLateMiddleware(router, layers);
    return receiver;
  }

  /** `app.mount("/api", sub)`: an h3 2 app's routes (and middleware) under `base`; a fetch handler apidex cannot read is reported. */
  private mountV2(
    router: RouterNode,
    node: ts.CallExpression,
    baseArg: ts.Expression | undefined,
    inputArg: ts.Expression | undefined,
    call: CallContext,
  ): void {
    if (!inputArg) return;
    const bases = baseArg ? this.paths(baseArg, call, "mount base") : ["/"];
    const input = this.interpreter.evaluate(inputArg, call.scope);
    const sub = this.routerOf(input);
    if (!sub) {
      if (bases) this.reportUnreadMount(inputArg, input, bases);
      return;
    }
    sub.mounted = true;
    if (!bases) return;
    // h3 2 copies the app's routes when it is mounted (`for (const r of input["~routes"]) this["~addRoute"](...)`):
    // what is registered on it later is not served here. Its middleware, composed at the first request, is.
    const { router: snapshot } = this.create("router", node);
    snapshot.mounted = true;
    snapshot.stack.push(...sub.stack);
    // Its middleware runs there through one wrapper h3 adds only when the app has middleware at that moment.
    if (this.middlewareCount.get(sub)) this.lateMiddleware.push({ sub, snapshot });
    router.stack.push({
      type: "mount",
      paths: bases.map((b) => b.replace(/\/+$/, "") || "/"),
      router: snapshot,
      site: siteOf(node),
      ...this.conditional(),
    });
  }

  /** Mounted h3 2 apps whose middleware registered after the mount still runs for the copied routes. */
  private readonly lateMiddleware: { sub: RouterNode; snapshot: RouterNode }[] = [];
  /** How many middleware each h3 2 app was given with `use()` (checks or not). */
  private readonly middlewareCount = new WeakMap<RouterNode, number>();

  /** Middleware `use()`d on an h3 2 app after it was mounted elsewhere reaches the routes copied there too. */
  private shareLateMiddleware(sub: RouterNode, layers: readonly Layer[]): void {
    for (const entry of this.lateMiddleware) {
      if (entry.sub !== sub) continue;
      const at = entry.snapshot.stack.findIndex((layer) => layer.type !== "middleware");
      entry.snapshot.stack.splice(at < 0 ? entry.snapshot.stack.length : at, 0, ...layers);
    }
  }

  /** An h3 handler hands the request on by returning nothing (`undefined`): then it is middleware, not an endpoint. */
  protected override handlerPassesOn(_fn: FunctionValue): boolean {
    return false;
  }

  /** A function given to `app.use(route, fn)` answers there when it never returns nothing (h3 1.x's layers). */
  protected override answersAtMount(value: Value): boolean {
    if (value.kind !== "function" || this.routerOf(value)) return false;
    return !mayReturnNothing(value, this.interpreter);
  }

  /** An h3 app or router is an object, not a function. */
  override typeOf(_value: HostValue): "function" | undefined {
    return undefined;
  }

  /** `router.handler`, `app.handler` (and h3 2's `app.fetch`, `app.request`): read as the router or app itself. */
  override property(receiver: HostValue, name: string): Value | undefined {
    if ((name === "handler" || name === "fetch") && this.routerOf(receiver)) return receiver;
    return undefined;
  }
}

/** What a function returns, when it is one expression: its arrow body, or its body's one last `return`. */
function returnedExpression(decl: ts.FunctionLikeDeclaration): ts.Expression | undefined {
  const body = decl.body;
  if (!body) return undefined;
  if (!ts.isBlock(body)) return body;
  const last = body.statements[body.statements.length - 1];
  return last && ts.isReturnStatement(last) ? last.expression : undefined;
}

/**
 * The expression a route's handler is read from: what an h3 wrapper call wraps (`defineEventHandler(fn)`,
 * `lazyEventHandler(factory)`), whose value the host already made the handler; the shared reading of a
 * wrapper call's arguments would read a lazy handler's factory as a handler too.
 */
function wrappedNode(arg: ts.Expression): ts.Expression {
  const inner = unwrap(arg);
  if (!ts.isCallExpression(inner) || !ts.isIdentifier(inner.expression) || !inner.arguments[0]) return arg;
  const name = inner.expression.text;
  return HANDLER_WRAPPERS.has(name) || ADAPTED.has(name) || LAZY.has(name) ? inner.arguments[0] : arg;
}
