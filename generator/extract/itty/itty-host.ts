import { ts } from "../../typescript.js";
import { siteOf } from "../../diagnostics/diagnostic.js";
import type { CallContext } from "../../resolve/interpreter.js";
import { stringsOf, type ExternalValue, type FunctionValue, type HostValue, type Value } from "../../resolve/values.js";
import { wildcardPrefix } from "../answered-methods.js";
import { ExpressHost } from "../express/express-host.js";
import { flattenValues, statementDoc, unwrap } from "../router-host.js";
import type { RouterNode } from "../router-graph.js";
import { mayReturnNothing, returnsOnlyRefusals } from "./handler-returns.js";

/** The route methods apidex reads on an itty router (itty registers any name; `all` matches every method). */
export const ITTY_METHODS = new Set(["get", "post", "put", "patch", "delete", "head", "options", "all"]);

/** What creates a router: v5's `Router`, `IttyRouter` and `AutoRouter`, v4's `Router`. */
const CREATORS = new Set(["Router", "IttyRouter", "AutoRouter"]);

/**
 * itty-router (v4 and v5) inside the evaluator, on the Express host. `Router(opts)`, `IttyRouter(opts)` and
 * `AutoRouter(opts)` create a router; every registration (`router.get(path, ...handlers)`) pushes one route
 * whose path is the router's `base` and its own, joined as a string, matched against the WHOLE path of the
 * request; routes and their handlers run in registration order, and a handler that returns nothing hands the
 * request on to the next one (middleware are handlers that return nothing: their checks gate what follows).
 * `opts.before` runs before every route. A router's `fetch` (v4: `handle` too) given as a handler
 * (`router.all("/api/*", api.fetch)`) runs the child with the whole path: the child's routes answer only where
 * its own paths (with its base) meet the parent route's path.
 */
export class IttyHost extends ExpressHost {
  /** Each router's `base`, as written (itty prepends it to every path registered on it). */
  private readonly bases = new WeakMap<RouterNode, string>();

  override callExternal(callee: ExternalValue, call: CallContext): Value | undefined {
    if (!/^itty-router(\/|$)/.test(callee.module) || callee.path.length !== 1 || !CREATORS.has(callee.path[0]!)) return undefined;
    const { value, router } = this.create("app", call.node);
    const options = call.args[0] ? this.interpreter.evaluate(call.args[0], call.scope) : undefined;
    if (options?.kind === "object") {
      const base = options.props.get("base");
      const strings = base ? stringsOf(base) : undefined;
      if (strings?.length === 1) this.bases.set(router, strings[0]!);
      else if (base) this.readPrefix(router, call, "router base", false, "base");
      // `before: [withAuth]`: run before every route of the router, whatever the order of registration.
      const before = options.props.get("before");
      const checks = before ? flattenValues(before).flatMap((v) => this.middlewareChecks(v)) : [];
      if (checks.length) router.stack.push({ type: "middleware", paths: ["/"], end: false, checks, site: siteOf(call.node) });
    }
    return value;
  }

  override callMethod(receiver: HostValue, method: string, call: CallContext): Value {
    const target = this.routerCall(receiver, call);
    if (!target) return receiver;
    const { router, node } = target;
    // `router.fetch(request, env, ctx)`: an answer at run time, not a registration.
    if (method === "fetch" || method === "handle") return { kind: "runtime", what: "an itty-router response" };
    if (!ITTY_METHODS.has(method)) return receiver;
    this.visit(node);
    // A registration without handlers answers nothing.
    if (call.args.length < 2) return receiver;
    const raw = this.paths(call.args[0], call, "route path");
    const base = this.bases.get(router) ?? "";
    const paths = raw?.map((p) => ittyPath(base + p));
    if (paths && raw && this.relativePaths.has(raw)) this.relativePaths.add(paths);
    const handlerArgs = call.args.slice(1);
    const values = handlerArgs.map((arg) => (ts.isSpreadElement(arg) ? undefined : this.interpreter.evaluate(arg, call.scope)));
    const subs = values.map((v) => (v ? this.routerOf(v) : undefined));
    if (subs.some((s) => s !== undefined)) {
      for (const sub of subs) if (sub) sub.mounted = true;
      if (paths) this.mountChildren(router, method, paths, values, subs, node);
      return receiver;
    }
    if (!paths) return receiver;
    // `router.all("/things/*", deps.api.fetch)`: another router's fetch apidex cannot follow answers there.
    const unread = handlerArgs.findIndex((arg, i) => values[i]?.kind === "unknown" && isFetchOf(arg));
    if (unread >= 0) {
      this.reportUnreadMount(handlerArgs[unread]!, values[unread]!, paths);
      return receiver;
    }
    // `router.all("*", withParams)`, `router.all("*", preflight)`: itty's own middleware hands every request on
    // (a preflight answers only OPTIONS requests that carry CORS headers); it is no operation.
    const own = handlerArgs.filter((_, i) => !isIttyMiddleware(values[i]));
    if (own.length === 0) return receiver;
    const before = router.stack.length;
    this.addRoute(
      router,
      method,
      paths,
      own.map((arg) => (ts.isSpreadElement(arg) ? arg : { node: arg, value: values[handlerArgs.indexOf(arg)]! })),
      call,
      statementDoc(node),
    );
    // `router.all("/api/*", withAuth)`: itty's `*` matches the path above it and everything below.
    for (const layer of router.stack.slice(before))
      if (layer.type === "middleware")
        layer.paths = layer.paths.map((p) => {
          const below = wildcardPrefix(p);
          if (below !== undefined) layer.end = false;
          return below ?? p;
        });
    return receiver;
  }

  /**
   * `router.all("/api/*", withAuth, api.fetch)`: each child router answers where its own routes meet the
   * route's path (and method); the functions before it gate it, and, as middleware of that path, what follows.
   */
  private mountChildren(
    router: RouterNode,
    method: string,
    paths: string[],
    values: readonly (Value | undefined)[],
    subs: readonly (RouterNode | undefined)[],
    node: ts.CallExpression,
  ): void {
    const site = siteOf(node);
    const upper = method === "all" ? undefined : method.toUpperCase();
    for (const p of paths) {
      const below = wildcardPrefix(p);
      const filter = { path: below ?? p, end: below === undefined, ...(upper ? { method: upper } : {}), only: true as const };
      for (const [i, sub] of subs.entries()) {
        if (!sub) continue;
        const checks = values.slice(0, i).flatMap((v) => (v ? this.middlewareChecks(v) : []));
        if (checks.length)
          router.stack.push({
            type: "middleware",
            paths: [filter.path],
            end: filter.end,
            checks,
            ...(upper ? { method: upper } : {}),
            site,
          });
        router.stack.push({ type: "mount", paths: ["/"], router: sub, site, filter, ...this.conditional() });
      }
    }
  }

  protected override handlerPassesOn(fn: FunctionValue): boolean {
    return mayReturnNothing(fn, this.interpreter);
  }

  protected override handlerOnlyRefuses(fn: FunctionValue): boolean {
    return returnsOnlyRefusals(fn.decl);
  }

  /** A router is an object (a Proxy), not a function. */
  override typeOf(_value: HostValue): "function" | undefined {
    return undefined;
  }

  /** `router.fetch` (v4: `router.handle`): the router's fetch handler, read as the router it runs. */
  override property(receiver: HostValue, name: string): Value | undefined {
    if ((name === "fetch" || name === "handle") && this.routerOf(receiver)) return receiver;
    return undefined;
  }
}

/** itty-router's middleware that hands every request on: `withParams`, `withContent`, `withCookies`, `cors()`'s `preflight`. */
const ITTY_MIDDLEWARE = new Set(["withParams", "withContent", "withCookies", "preflight"]);

function isIttyMiddleware(value: Value | undefined): boolean {
  if (value?.kind === "runtime") return /^the result of itty-router(\/\w+)?\.cors\(\)\.preflight$/.test(value.what);
  return value?.kind === "external" && /^itty-router(\/|$)/.test(value.module) && ITTY_MIDDLEWARE.has(value.path.at(-1) ?? "");
}

/** `x.fetch` or `x.handle`: a router's fetch handler, as written. */
function isFetchOf(arg: ts.Expression): boolean {
  const e = unwrap(arg);
  return ts.isPropertyAccessExpression(e) && (e.name.text === "fetch" || e.name.text === "handle");
}

/** A registered path as itty matches it: repeated slashes collapsed, a trailing one dropped (`""` is the root). */
export function ittyPath(path: string): string {
  return path.replace(/\/+(\/|$)/g, "$1") || "/";
}
