import { siteOf } from "../../diagnostics/diagnostic.js";
import type { DiagnosticBag } from "../../diagnostics/diagnostic.js";
import { type CallContext, excerpt } from "../../resolve/interpreter.js";
import type { ExternalValue, HostValue, Value } from "../../resolve/values.js";
import { ExpressHost } from "../express/express-host.js";
import type { Layer, RouterNode } from "../router-graph.js";
import type { PolkaOrder } from "./polka-version.js";

/** Polka's route methods (trouter's): `all` registers every method. */
export const POLKA_ROUTE_METHODS = new Set(["get", "post", "put", "patch", "delete", "head", "options", "connect", "trace", "all"]);

/** The calls the sweep of unreached registrations looks for in a Polka project. */
export const POLKA_METHODS = new Set([...POLKA_ROUTE_METHODS, "use"]);

/**
 * Polka (0.5 and 1.0.0-next) inside the evaluator, on the Express host: `polka(opts)` is an app; its route
 * methods register as Express's do (the handlers, and the checks of middleware and handler bodies, read the
 * same way; a route method returns the app); `use(base?, ...fns)` mounts the Polka apps among `fns` at
 * `base` (a sub-application) and runs the functions as middleware there. When that middleware runs depends
 * on the version (polka-version.ts): in registration order as Express (1.0), or before every route under
 * its base whatever the order (0.5, whose checks then cover the routes registered before the call too). When
 * the version cannot be read, the checks are Express's, and a route registered before such a `use()` is
 * marked `unresolved: ["permissions"]` (APX301): 0.5 would check the keys there, 1.0 would not.
 * Polka has no `route()`, no settings (`get(name)`), and no sub-routers other than apps.
 */
export class PolkaHost extends ExpressHost {
  constructor(
    diagnostics: DiagnosticBag,
    private readonly order: PolkaOrder,
  ) {
    super(diagnostics);
  }

  override callExternal(callee: ExternalValue, call: CallContext): Value | undefined {
    // `polka()`: the module itself (CommonJS), or its default export.
    if (callee.module === "polka" && (callee.path.length === 0 || (callee.path.length === 1 && callee.path[0] === "default")))
      return this.create("app", call.node).value;
    return undefined;
  }

  override callMethod(receiver: HostValue, method: string, call: CallContext): Value {
    const target = this.routerCall(receiver, call);
    if (!target) return receiver;
    // `app.get(path)` alone registers a route without handlers (Polka has no settings): nothing answers there.
    if (POLKA_ROUTE_METHODS.has(method)) return call.args.length < 2 ? receiver : super.callMethod(receiver, method, call);
    if (method !== "use") return receiver;
    const { router } = target;
    const before = router.stack.length;
    super.callMethod(receiver, method, call);
    const added = router.stack.splice(before);
    if (this.order === "tiered") {
      // Polka 0.5 finds a sub-application, and the middleware of a base, by the first segment of the request's
      // path alone: at a base of more segments (`use("/api/v1", v1)`) neither is ever reached.
      const unreached = added.filter((layer) => layer.type !== "route" && layer.paths.some((p) => p.indexOf("/", 1) !== -1));
      if (unreached.length) {
        this.diagnostics.warning(
          "APX210",
          `Polka 0.5 never reaches what \`${excerpt(call.node)}\` mounts: it looks sub-applications and their middleware up by the first segment of the path only, so at a base of several segments (${[...new Set(unreached.flatMap((l) => l.paths))].join(", ")}) they never run; the routes and checks it gives are not indexed.`,
          siteOf(call.node),
          'Mount at a one-segment base (`use("/api", api)`, with the rest of the path in the sub-application), or move to Polka 1.0, which matches the whole base.',
        );
        for (const layer of unreached) added.splice(added.indexOf(layer), 1);
      }
      // Polka 0.5 runs every `use()` function before the route, in the order of the `use()` calls: first in the
      // stack, after the middleware of earlier calls.
      const wares = added.filter((layer) => layer.type === "middleware");
      const at = router.stack.findIndex((layer) => !this.tieredWares.has(layer));
      router.stack.splice(at < 0 ? router.stack.length : at, 0, ...wares);
      for (const layer of wares) this.tieredWares.add(layer);
      router.stack.push(...added.filter((layer) => layer.type !== "middleware"));
      return receiver;
    }
    router.stack.push(...added);
    const wares = added.filter((layer) => layer.type === "middleware");
    if (this.order === "unknown" && wares.some((w) => w.type === "middleware" && w.checks.length)) {
      const paths = wares.flatMap((w) => w.paths);
      const marked = new Set<RouterNode>();
      let count = 0;
      for (const layer of router.stack.slice(0, before)) count += this.markUncertain(layer, paths, marked);
      if (count)
        this.diagnostics.warning(
          "APX301",
          `The checks of \`${excerpt(call.node)}\` cover the routes registered before it only in Polka 0.5 (which runs use() middleware before every route), not in 1.0 (registration order), and the project's version of polka could not be read from its package.json or lockfile: ${count} route(s) registered before it are marked \`unresolved: ["permissions"]\`.`,
          siteOf(call.node),
          'Name polka\'s version in the package.json (`"polka": "^0.5.2"` or `"1.0.0-next.28"`), or register this middleware before the routes.',
        );
    }
    return receiver;
  }

  /** The middleware layers a tiered `use()` placed first, which later `use()` calls go after. */
  private readonly tieredWares = new WeakSet<Layer>();

  /**
   * Marks a route registered before a `use()` of unknown reach (at one of `paths`, or below it), and every
   * route of an app mounted there, with an unreadable check; returns how many were marked.
   */
  private markUncertain(layer: Layer, paths: readonly string[], marked: Set<RouterNode>): number {
    const under = (p: string) =>
      paths.some((base) => base === "/" || base === "" || p === base || p.startsWith(`${base.replace(/\/$/, "")}/`));
    if (layer.type === "route" && layer.paths.some(under)) {
      layer.checks.push({ keys: [], unresolved: true });
      return 1;
    }
    if (
      layer.type !== "mount" ||
      marked.has(layer.router) ||
      !layer.paths.some((p) => under(p) || paths.some((base) => base.startsWith(p)))
    )
      return 0;
    marked.add(layer.router);
    this.recorder?.hostCall(layer.router);
    return layer.router.stack.reduce((n, inner) => n + this.markUncertain(inner, ["/"], marked), 0);
  }

  /** A Polka app is no function: what the Express host says of its own objects does not hold. */
  override typeOf(_value: HostValue): "function" | undefined {
    return undefined;
  }

  override property(_receiver: HostValue, _name: string): Value | undefined {
    return undefined;
  }
}
