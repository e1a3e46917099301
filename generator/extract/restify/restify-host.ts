import { ts } from "../../typescript.js";
import { siteOf } from "../../diagnostics/diagnostic.js";
import { type CallContext, excerpt, explain } from "../../resolve/interpreter.js";
import { type ExternalValue, type HostValue, stringsOf, type Value } from "../../resolve/values.js";
import { ExpressHost } from "../express/express-host.js";
import type { RouteCheck, RouterNode } from "../router-graph.js";
import { flattenValues, unwrap } from "../router-host.js";

/**
 * restify's route methods (`server.get`, ..., `server.del`, `server.opts`), and restify-router's, by the
 * Express method each registers.
 */
export const RESTIFY_ROUTE_METHODS: ReadonlyMap<string, string> = new Map([
  ["get", "get"],
  ["post", "post"],
  ["put", "put"],
  ["patch", "patch"],
  ["del", "delete"],
  ["head", "head"],
  ["opts", "options"],
]);

/** The calls the sweep of unreached registrations looks for in a restify project. */
export const RESTIFY_METHODS = new Set([...RESTIFY_ROUTE_METHODS.keys(), "use", "pre", "add", "applyRoutes", "group"]);

/**
 * restify (7 to 11) inside the evaluator, on the Express host: `restify.createServer(opts)` is an app, and
 * restify-router's `new Router()` a router. A route is registered as Express registers it (the handlers, and
 * the checks of middleware and handler bodies, read the same way), with restify's own differences:
 * - the methods are `get`, `post`, `put`, `patch`, `del`, `head` and `opts` (restify has no `all`, no
 *   `route()`, no `delete`);
 * - the first argument is a path or an options object `{ path, name, version(s) }` (`url` for `path`);
 * - `use(...handlers)` runs for every route of the server, whenever it is registered (restify runs its use
 *   chain once a route has matched), and so does `pre(...)` (before routing): their checks apply to all
 *   routes, those registered before them too. restify-router's `use` is the same for its routes (its common
 *   handlers are prepended to each when the routes are applied), nested routers' included;
 * - restify-router: `router.add(prefix, sub)` nests a router, `router.applyRoutes(server, prefix?)` registers
 *   the router's routes on the server under the prefix, `router.group(prefix, ...middleware, (r) => ...)`
 *   registers what the callback registers under the prefix, behind the middleware.
 */
export class RestifyHost extends ExpressHost {
  override callExternal(callee: ExternalValue, call: CallContext): Value | undefined {
    const [first, second] = callee.path;
    // `restify.createServer(opts)`, `import { createServer } from "restify"`.
    if (callee.module === "restify") {
      const name = first === "default" ? second : first;
      if (name === "createServer" && callee.path.length === (first === "default" ? 2 : 1)) return this.create("app", call.node).value;
      return undefined;
    }
    // `new Router()` of restify-router (`require("restify-router").Router`, or its default export).
    if (callee.module === "restify-router") {
      const isRouter = callee.path.length === 0 || (callee.path.length === 1 && (first === "Router" || first === "default"));
      if (isRouter || (first === "default" && second === "Router" && callee.path.length === 2))
        return this.create("router", call.node).value;
    }
    return undefined;
  }

  override callMethod(receiver: HostValue, method: string, call: CallContext): Value {
    const target = this.routerCall(receiver, call);
    if (!target) return receiver;
    const { router, node } = target;
    const verb = RESTIFY_ROUTE_METHODS.get(method);
    // (A route method returns the route's name: nothing to chain on.)
    if (verb) return super.callMethod(receiver, verb, call);
    if (method === "use" || method === "pre") {
      this.visit(node);
      this.recorder?.hostCall(router);
      this.useForAll(router, call);
      return receiver;
    }
    if (method === "add" && router.kind === "router") {
      this.visit(node);
      this.nest(router, call.args[0], call.args[1], call, "router prefix");
      return receiver;
    }
    if (method === "applyRoutes" && router.kind === "router") {
      this.visit(node);
      const server = call.args[0] ? this.routerOf(this.interpreter.evaluate(call.args[0], call.scope)) : undefined;
      router.mounted = true;
      if (!server) {
        const value = call.args[0] ? this.interpreter.evaluate(call.args[0], call.scope) : { kind: "undefined" as const };
        this.diagnostics.warning(
          "APX210",
          `This applyRoutes() call was not analysed: the server \`${call.args[0] ? excerpt(call.args[0]) : "(none)"}\` ${explain(value, "a restify server of the sources")}; the router's routes are not indexed.`,
          siteOf(node),
          "Apply the router to the server made by restify.createServer() (a module's export, a factory's parameter apidex can follow).",
        );
        return receiver;
      }
      if (call.args[1]) {
        const prefix = this.paths(call.args[1], call, "route prefix");
        if (prefix) server.stack.push({ type: "mount", paths: prefix, router, site: siteOf(node), ...this.conditional() });
      } else server.stack.push({ type: "mount", paths: ["/"], router, site: siteOf(node), ...this.conditional() });
      return receiver;
    }
    if (method === "group" && router.kind === "router") {
      this.visit(node);
      this.group(router, call);
      return receiver;
    }
    return receiver;
  }

  /**
   * A route's first argument: a path, or restify's options object, whose `path` (or `url`) is the path
   * (`{ path: "/vms/:uuid", name: "GetVm", version: "1.0.0" }`).
   */
  protected override paths(arg: ts.Expression | undefined, call: CallContext, what: string): string[] | undefined {
    if (!arg || what !== "route path") return super.paths(arg, call, what);
    const literal = unwrap(arg);
    if (ts.isObjectLiteralExpression(literal)) {
      const property = pathProperty(literal);
      if (property) return super.paths(property, call, what);
    }
    const value = this.interpreter.evaluate(arg, call.scope);
    if (value.kind !== "object") return super.paths(arg, call, what);
    const path = value.props.get("path") ?? value.props.get("url");
    const strings = path ? stringsOf(path) : undefined;
    if (strings) return strings;
    this.diagnostics.warning(
      "APX201",
      `Cannot resolve this route's path statically: the \`path\` of \`${excerpt(arg)}\` ${path ? explain(path) : "is not set"}; what it registers is left out.`,
      siteOf(arg),
      "Give the route options a `path` that is a string literal, a const, or a template literal of consts.",
    );
    return undefined;
  }

  /** `use(...handlers)` and `pre(...handlers)`: their checks apply to every route of the server or router. */
  private useForAll(router: RouterNode, call: CallContext): void {
    const checks: RouteCheck[] = [];
    for (const arg of call.args) {
      const expression = ts.isSpreadElement(arg) ? arg.expression : arg;
      checks.push(...this.interpreter.optionChecksIn(expression, call.scope));
      for (const value of flattenValues(this.interpreter.evaluate(expression, call.scope))) checks.push(...this.middlewareChecks(value));
    }
    // First in the stack: the routes registered before the call are behind these handlers too.
    if (checks.length) router.stack.unshift({ type: "middleware", paths: ["/"], end: false, checks, site: siteOf(call.node) });
  }

  /** A router nested at a prefix (`router.add("/v1", v1)`): reported, and left out, when either cannot be read. */
  private nest(
    router: RouterNode,
    prefixArg: ts.Expression | undefined,
    subArg: ts.Expression | undefined,
    call: CallContext,
    what: string,
  ) {
    const value = subArg ? this.interpreter.evaluate(subArg, call.scope) : undefined;
    const sub = value ? this.routerOf(value) : undefined;
    const paths = this.paths(prefixArg, call, what);
    if (!sub) {
      if (subArg && value && paths) this.reportUnreadMount(subArg, value, paths);
      return;
    }
    sub.mounted = true;
    if (paths) router.stack.push({ type: "mount", paths, router: sub, site: siteOf(call.node), ...this.conditional() });
  }

  /** `router.group(prefix, ...middleware, (r) => { r.get(...) })`: the callback registers on the router, under the prefix. */
  private group(router: RouterNode, call: CallContext): void {
    const paths = this.paths(call.args[0], call, "group prefix");
    const callback = call.args[call.args.length - 1];
    const fn = callback && call.args.length > 1 ? this.interpreter.evaluate(callback, call.scope) : undefined;
    if (!paths || fn?.kind !== "function") {
      if (paths && callback)
        this.diagnostics.warning(
          "APX210",
          `This group was not analysed: \`${excerpt(callback)}\` ${explain(fn ?? { kind: "undefined" }, "a function of the sources")}; the routes it registers are not indexed.`,
          siteOf(callback),
          "Pass the function that registers the group's routes itself.",
        );
      return;
    }
    const { value: scopedValue, router: scoped } = this.create("router", call.node);
    scoped.mounted = true;
    const checks = call.args
      .slice(1, -1)
      .flatMap((arg) => [
        ...this.interpreter.optionChecksIn(arg, call.scope),
        ...this.middlewareChecks(this.interpreter.evaluate(arg, call.scope)),
      ]);
    if (checks.length) scoped.stack.push({ type: "middleware", paths: ["/"], end: false, checks, site: siteOf(call.node) });
    this.interpreter.callFunction(fn, [scopedValue], call.node);
    router.stack.push({ type: "mount", paths, router: scoped, site: siteOf(call.node), ...this.conditional() });
  }

  /** A restify server or router is no function: what the Express host says of its own objects does not hold. */
  override typeOf(_value: HostValue): "function" | undefined {
    return undefined;
  }

  override property(_receiver: HostValue, _name: string): Value | undefined {
    return undefined;
  }
}

/** The `path` (or `url`) property's expression of a restify route options literal. */
function pathProperty(options: ts.ObjectLiteralExpression): ts.Expression | undefined {
  for (const name of ["path", "url"])
    for (const p of options.properties) {
      if (ts.isPropertyAssignment(p) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) && p.name.text === name)
        return p.initializer;
      if (ts.isShorthandPropertyAssignment(p) && p.name.text === name) return p.name;
    }
  return undefined;
}
