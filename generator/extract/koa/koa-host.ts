import { ts } from "../../typescript.js";
import { siteOf } from "../../diagnostics/diagnostic.js";
import { type CallContext, excerpt, explain } from "../../resolve/interpreter.js";
import { type FunctionValue, stringsOf, type ExternalValue, type HostValue, type Value } from "../../resolve/values.js";
import type { DocComment } from "../../resolve/doc-comment.js";
import { expressToOpenApi } from "../express/path-syntax.js";
import type { RouterNode } from "../router-graph.js";
import { flattenValues, isPathLike, passesOnAt, RouterHost, statementDoc, unwrap } from "../router-host.js";
import { koaRouteMethod, routeOptions } from "./koa-route.js";
import { koaRoutePath } from "./route-path.js";

/** `route.get("/pets/:name")` without its handler (koa-route): called with the handler, it makes the route. */
interface PendingRoute {
  type: "koa-route";
  method: string;
  /** The paths in Express syntax, with the number of parameters the handler is given before `next`. */
  paths: string[];
  params: number;
  node: ts.CallExpression;
}

export const KOA_METHODS = new Set(["get", "post", "put", "patch", "delete", "del", "head", "options", "all"]);

/**
 * Koa and @koa/router inside the evaluator: `new Koa()` is an app, `new Router({ prefix })` a router;
 * verbs (with an optional route name first), `use(path?, ...middleware or sub.routes())`, `prefix()`,
 * and `app.use(router.routes())`.
 */
export class KoaHost extends RouterHost {
  /** Apps mounted inside another with koa-mount: they are not roots of their own. */
  readonly mountedApps = new Set<RouterNode>();

  callExternal(callee: ExternalValue, call: CallContext): Value | undefined {
    const name = callee.path[callee.path.length - 1];
    const isDefault = callee.path.length === 0 || name === "default";
    // `new Koa()`, and Koa 1's `koa()` (its constructor made its own instance when called without `new`).
    if (callee.module === "koa" && isDefault) return this.create("app", call.node).value;
    if (callee.module === "koa-mount" && isDefault && ts.isCallExpression(call.node)) return this.mount(call);
    if (callee.module === "koa-route" && ts.isCallExpression(call.node)) return this.koaRoute(callee, call.node, call);
    // koa-compose: `compose([a, b])` runs the middleware in turn, as `use(a, b)` would (an array is read so).
    if (callee.module === "koa-compose" && isDefault && call.args[0]) {
      const list = this.interpreter.evaluate(call.args[0], call.scope);
      return list.kind === "array" ? list : undefined;
    }
    if ((callee.module === "@koa/router" || callee.module === "koa-router") && (isDefault || name === "Router")) {
      const { value, router } = this.create("router", call.node);
      this.readPrefix(router, call, "router prefix");
      return value;
    }
    return undefined;
  }

  /** Where `next` is among the parameters of the koa-route handler being registered (after the path's parameters). */
  private routeNextAt: number | undefined;

  /**
   * koa-route's `route.get(path, handler, opts)` (and every method, `del`, `all`): a route, made a router of
   * its own so that `app.use(...)` or koa-mount mounts it where it is used. `route.get(path)` without a
   * handler is kept until it is called with one.
   */
  private koaRoute(callee: ExternalValue, node: ts.CallExpression, call: CallContext): Value | undefined {
    const name = koaRouteMethod(callee.path);
    if (!name) return undefined;
    this.visit(node);
    const method = name === "del" ? "delete" : name;
    const raw = this.paths(call.args[0], call, "route path");
    if (!raw) return { kind: "runtime", what: "a koa-route route" };
    const options = routeOptions(call.args[2], call.args[2] ? this.interpreter.evaluate(call.args[2], call.scope) : undefined);
    if (!options.readable)
      this.diagnostics.warning(
        "APX201",
        `Cannot resolve this koa-route route's options statically: \`${excerpt(options.node)}\` ${explain(this.interpreter.evaluate(options.node as ts.Expression, call.scope), "an object whose `end` is a boolean")}; the route is indexed as matching its path only (with \`end: false\` it would answer below it too).`,
        siteOf(options.node),
        "Write the options as an object literal, or leave them out.",
      );
    const end = options.readable ? options.end : true;
    const paths: string[] = [];
    let params = 0;
    for (const p of raw) {
      const read = koaRoutePath(p, end);
      if (!read.ok) {
        this.diagnostics.warning(
          "APX204",
          `The koa-route path \`${p}\` has ${read.problem}, which an OpenAPI path cannot express; the route is left out.`,
          siteOf(call.args[0]!),
          "Write the path with named parameters (`/pets/:name`) and literal segments.",
        );
        continue;
      }
      paths.push(read.path);
      // The handler is given the path's parameters (as path-to-regexp numbers them), then `next`.
      const exact = end ? read : koaRoutePath(p);
      const parsed = exact.ok ? expressToOpenApi(exact.path) : undefined;
      if (parsed?.ok) params = Math.max(params, ...parsed.variants.map((v) => v.params.length));
    }
    if (!paths.length) return { kind: "runtime", what: "a koa-route route" };
    const route: PendingRoute = { type: "koa-route", method, paths, params, node };
    if (call.args.length < 2) return { kind: "host", host: route };
    return this.registerRoute(route, call.args.slice(1, 2), call);
  }

  /** `route.get("/x")(handler)`: the route a pending koa-route route makes with its handler. */
  callValue(callee: HostValue, call: CallContext): Value | undefined {
    const pending = callee.host as PendingRoute | { type: string };
    if (pending.type !== "koa-route" || !ts.isCallExpression(call.node)) return undefined;
    this.visit(call.node);
    return this.registerRoute(pending as PendingRoute, call.args.slice(0, 1), call);
  }

  private registerRoute(route: PendingRoute, handler: readonly ts.Expression[], call: CallContext): Value {
    const { value, router } = this.create("router", route.node);
    this.routeNextAt = route.params + 1;
    try {
      this.addRoute(router, route.method, route.paths, handler, call, routeDoc(route.node) ?? routeDoc(call.node as ts.CallExpression));
    } finally {
      this.routeNextAt = undefined;
    }
    return value;
  }

  /**
   * Koa middleware is `(ctx, next)`: an @koa/router handler that calls `next()` hands the request to the next
   * layer that matches (a later route of the same path, or what the app uses after the router); a koa-route
   * handler is `(ctx, ...params, next)`.
   */
  protected override handlerPassesOn(fn: FunctionValue): boolean {
    if (this.routeNextAt === undefined) return fn.decl.parameters.length >= 2 && passesOnAt(fn, this.interpreter, 1);
    return fn.decl.parameters.length > this.routeNextAt && passesOnAt(fn, this.interpreter, this.routeNextAt);
  }

  callMethod(receiver: HostValue, method: string, call: CallContext): Value {
    const target = this.routerCall(receiver, call);
    if (!target) return receiver;
    const { router, node } = target;
    if (method === "routes" || method === "middleware") return receiver;
    if (method === "allowedMethods") return { kind: "runtime", what: "allowedMethods()" };
    // Everything below changes the router (the three above only read it).
    this.recorder?.hostCall(router);
    if (method === "prefix") {
      this.visit(node);
      const paths = this.paths(call.args[0], call, "router prefix");
      if (paths?.length === 1) router.prefix = paths[0];
      else router.prefixUnreadable = true;
      return receiver;
    }
    if (KOA_METHODS.has(method)) {
      this.visit(node);
      // router.get("route-name", "/path", ...): a leading name when the second argument is a path too.
      const second = call.args[1] ? stringsOf(this.interpreter.evaluate(call.args[1], call.scope)) : undefined;
      const named =
        second !== undefined && call.args[0] !== undefined && stringsOf(this.interpreter.evaluate(call.args[0], call.scope)) !== undefined;
      const pathArg = named ? call.args[1] : call.args[0];
      const paths = this.paths(pathArg, call, "route path");
      if (paths)
        this.addRoute(router, method === "del" ? "delete" : method, paths, call.args.slice(named ? 2 : 1), call, statementDoc(node));
      return receiver;
    }
    if (method === "register") {
      // router.register(path, methods, middleware, opts): what the verbs call themselves.
      this.visit(node);
      const paths = this.paths(call.args[0], call, "route path");
      const methodsValue = call.args[1] ? this.interpreter.evaluate(call.args[1], call.scope) : undefined;
      const methods = methodsValue ? stringsOf(methodsValue) : undefined;
      if (!methods) {
        this.diagnostics.warning(
          "APX201",
          "Cannot resolve the methods of this register() call statically; the route is left out.",
          siteOf(node),
          "Pass the methods as an array of string literals or consts.",
        );
        return receiver;
      }
      if (paths)
        for (const m of methods)
          this.addRoute(
            router,
            m.toLowerCase() === "del" ? "delete" : m.toLowerCase(),
            paths,
            call.args.slice(2, 3),
            call,
            statementDoc(node),
          );
      return receiver;
    }
    if (method === "use") {
      this.visit(node);
      const first = call.args[0];
      const firstValue = first ? this.interpreter.evaluate(first, call.scope) : undefined;
      const strings = firstValue ? stringsOf(firstValue) : undefined;
      // `router.use(config.prefix, sub.routes())`: a prefix apidex cannot read.
      if (first && firstValue && !strings && call.args.length >= 2 && isPathLike(first, firstValue)) {
        const values = call.args.slice(1).map((arg) => this.interpreter.evaluate(arg, call.scope));
        this.mountUnderUnknownPrefix(router, first, values, call);
        return receiver;
      }
      const paths = strings ?? ["/"];
      for (const arg of strings ? call.args.slice(1) : call.args) {
        const stated = this.interpreter.optionChecksIn(arg, call.scope);
        if (stated.length) router.stack.push({ type: "middleware", paths, end: false, checks: stated, site: siteOf(node) });
        // The first argument is evaluated once: evaluating `route.get(...)` (koa-route) again would make a second route.
        const evaluated = arg === first && firstValue ? firstValue : this.interpreter.evaluate(arg, call.scope);
        for (const value of flattenValues(evaluated)) {
          const sub = this.routerOf(value);
          // A package's middleware made from the app itself (`app.use(gracefulExit.middleware(app))`) is read
          // as the app: an app is never mounted inside itself, so it is middleware here, not a mount.
          if (sub === router && ts.isCallExpression(unwrap(arg))) continue;
          if (sub) {
            sub.mounted = true;
            router.stack.push({ type: "mount", paths, router: sub, site: siteOf(node), ...this.conditional() });
            continue;
          }
          // `router.use("/things", deps.things.routes())`: a value apidex could not follow, at a path.
          if (value.kind === "unknown") {
            this.reportUnreadMount(arg, value, paths);
            continue;
          }
          const checks = this.middlewareChecks(value);
          if (checks.length) router.stack.push({ type: "middleware", paths, end: false, checks, site: siteOf(node) });
        }
      }
      return receiver;
    }
    return receiver;
  }

  /**
   * `mount("/api", sub)` (koa-mount): a router that mounts `sub` — a Koa app, `router.routes()`, or
   * middleware — at the prefix; `app.use(mount(...))` then mounts that router at the root. A mounted app
   * is no longer a root of its own.
   */
  private mount(call: CallContext): Value {
    const node = call.node as ts.CallExpression;
    this.visit(node);
    const { value, router } = this.create("router", node);
    // mount(app) without a path mounts at "/".
    const firstValue = call.args[0] ? this.interpreter.evaluate(call.args[0], call.scope) : undefined;
    const hasPath = firstValue !== undefined && stringsOf(firstValue) !== undefined;
    // `mount(config.prefix, api)`: a prefix apidex cannot read.
    if (!hasPath && firstValue && call.args.length >= 2 && isPathLike(call.args[0]!, firstValue)) {
      const values = call.args.slice(1).map((arg) => this.interpreter.evaluate(arg, call.scope));
      this.mountUnderUnknownPrefix(router, call.args[0]!, values, call, (sub) => {
        if (sub.kind === "app") this.mountedApps.add(sub);
      });
      return value;
    }
    const paths = hasPath ? this.paths(call.args[0], call, "mount prefix") : ["/"];
    if (!paths) return value;
    for (const arg of hasPath ? call.args.slice(1) : call.args) {
      // The first argument is evaluated once (as in `use`).
      const evaluated = arg === call.args[0] && firstValue ? firstValue : this.interpreter.evaluate(arg, call.scope);
      for (const v of flattenValues(evaluated)) {
        const sub = this.routerOf(v);
        // A package's middleware made from the app itself (`app.use(gracefulExit.middleware(app))`) is read
        // as the app: an app is never mounted inside itself, so it is middleware here, not a mount.
        if (sub === router && ts.isCallExpression(unwrap(arg))) continue;
        if (sub) {
          sub.mounted = true;
          if (sub.kind === "app") this.mountedApps.add(sub);
          router.stack.push({ type: "mount", paths, router: sub, site: siteOf(node), ...this.conditional() });
          continue;
        }
        const checks = this.middlewareChecks(v);
        if (checks.length) router.stack.push({ type: "middleware", paths, end: false, checks, site: siteOf(node) });
      }
    }
    return value;
  }
}

/**
 * The doc comment of a koa-route route: the statement it is written in (`app.use(route.get(...))`, or a
 * `const` that names it) — a handler's own comment wins over it (RouterHost.addRoute).
 */
function routeDoc(node: ts.CallExpression): DocComment | undefined {
  let top: ts.Node = node;
  while (
    top.parent &&
    (ts.isCallExpression(top.parent) || ts.isArrayLiteralExpression(top.parent) || ts.isParenthesizedExpression(top.parent))
  )
    top = top.parent;
  if (ts.isCallExpression(top)) return statementDoc(top);
  return undefined;
}
