import { ts } from "../../typescript.js";
import { siteOf } from "../../diagnostics/diagnostic.js";
import { type DocComment, leadingDoc } from "../../resolve/doc-comment.js";
import { type CallContext, excerpt, explain } from "../../resolve/interpreter.js";
import type { CheckValue, ExternalValue, FunctionValue, HostValue, Value } from "../../resolve/values.js";
import { ExpressHost } from "../express/express-host.js";
import { ElysiaHost } from "../elysia/elysia-host.js";
import { HonoHost } from "../hono/hono-host.js";
import { H3Host } from "../h3/h3-host.js";
import type { RouterNode } from "../router-graph.js";
import { declarationDoc, type HandlerParts, RouterHost, type RouterObject } from "../router-host.js";
import { isServeCall, topRouter } from "./file-paths.js";
import type { ForwardingMember } from "./forwarded-app.js";
import { tanstackMiddlewareCall, tanstackMiddlewareMethod } from "./tanstack-routes.js";

/**
 * An app handed to a platform adapter (`handle(app)` of `hono/vercel`), or whose `fetch` (Elysia: `handle`)
 * a route file's handler is: it answers the route file's requests.
 */
export interface ServedApp {
  type: "served";
  /** The router requests meet (the top of a `basePath()` chain). */
  router: RouterNode;
  framework: "hono" | "express" | "elysia" | "h3";
}

type FrameworkHost = HonoHost | ExpressHost | ElysiaHost | H3Host;

/**
 * The evaluator's host for route files: route handlers are plain exports, so nothing in them is a framework
 * object — except an app the file serves. Hono, Express and Elysia objects keep their meaning (their own
 * hosts build their router graphs), so an app served from a route file can be flattened like any other.
 */
export class FileRouteHost extends RouterHost {
  private readonly hono: HonoHost;
  private readonly express: ExpressHost;
  private readonly elysia: ElysiaHost;
  /** h3's routers: a Nitro route file may serve one (`export default useBase("/api", router.handler)`). */
  private readonly h3: H3Host;
  private readonly owners = new Map<RouterNode, FrameworkHost>();

  constructor(diagnostics: ConstructorParameters<typeof RouterHost>[0]) {
    super(diagnostics);
    this.hono = new HonoHost(diagnostics);
    this.express = new ExpressHost(diagnostics);
    this.elysia = new ElysiaHost(diagnostics);
    this.h3 = new H3Host(diagnostics);
  }

  /** Sets the evaluator for this host and the framework hosts it delegates to. */
  attach(interpreter: RouterHost["interpreter"]): void {
    this.interpreter = interpreter;
    this.hono.interpreter = interpreter;
    this.express.interpreter = interpreter;
    this.elysia.interpreter = interpreter;
    this.h3.interpreter = interpreter;
  }

  /** Whether the evaluation created any framework router (a route file serves an app, or imports one). */
  get createdRouters(): boolean {
    return this.owners.size > 0;
  }

  callExternal(callee: ExternalValue, call: CallContext): Value | undefined {
    if (isServeCall(callee)) {
      const arg = call.args[0];
      const value = arg ? this.interpreter.evaluate(arg, call.scope) : undefined;
      const served = value ? this.servedApp(value) : undefined;
      if (!served && arg && value) {
        this.diagnostics.warning(
          "APX231",
          `handle() receives \`${excerpt(arg)}\`, which apidex cannot read as a Hono app (it ${explain(value)}); the route file is indexed as one operation per exported method, without the app's routes.`,
          siteOf(arg),
          "Create the app with `new Hono()` in the analysed sources (this file or one it imports), and pass it to handle().",
        );
      }
      return served ? { kind: "host", host: served } : undefined;
    }
    // TanStack Start's `createMiddleware()`: a builder whose `.server(fn)` checks gate the handlers it is given to.
    const middleware = tanstackMiddlewareCall(callee);
    if (middleware) return middleware;
    // Medusa's `defineMiddlewares(config)` returns its config.
    if (callee.path[callee.path.length - 1] === "defineMiddlewares" && call.args[0])
      return this.interpreter.evaluate(call.args[0], call.scope);
    for (const inner of [this.hono, this.express, this.elysia, this.h3]) {
      const value = inner.callExternal(callee, call);
      if (!value) continue;
      const router = this.routerOf(value);
      if (router) this.owners.set(router, inner);
      return value;
    }
    return undefined;
  }

  callMethod(receiver: HostValue, method: string, call: CallContext): Value {
    const middleware = tanstackMiddlewareMethod(receiver, method, call, this.interpreter);
    if (middleware) return middleware;
    const object = receiver.host as RouterObject | ServedApp;
    const owner = object.type === "served" ? undefined : this.ownerOf(object.router);
    if (!owner) return receiver;
    const result = owner.callMethod(receiver, method, call);
    const created = this.routerOf(result);
    if (created && !this.owners.has(created)) this.owners.set(created, owner);
    return result;
  }

  /**
   * The framework host that made a router: one it returned, or one it made inside a call and handed to a
   * callback (Elysia's `group(prefix, (g) => ...)` instance), found among its routers.
   */
  private ownerOf(router: RouterNode): FrameworkHost | undefined {
    const known = this.owners.get(router);
    if (known) return known;
    const owner = [this.hono, this.express, this.elysia, this.h3].find((h) => h.routers.includes(router));
    if (owner) this.owners.set(router, owner);
    return owner;
  }

  /**
   * `app.fetch` (Hono, Elysia) or `app.handle` (Elysia) read as a value (`export const GET = app.handle`,
   * Elysia's Next.js recipe): the app answering the requests it is given.
   */
  property(receiver: HostValue, name: string): Value | undefined {
    const object = receiver.host as RouterObject | ServedApp;
    if (object.type === "served") return undefined;
    // `router.handler` of an h3 router: the router, as h3's own host reads it.
    const router = this.routerOf(receiver);
    if (router && this.ownerOf(router) === this.h3) return this.h3.property(receiver, name);
    return this.forwardsThrough(receiver, name as ForwardingMember) ? { kind: "host", host: this.servedApp(receiver)! } : undefined;
  }

  /**
   * Whether `member` of an app (`app.fetch`, `app.handle`) answers a `Request` as the app: Elysia has both, Hono
   * `fetch`; an Express app answers when called itself (`app(req, res)`).
   */
  forwardsThrough(value: Value, member: ForwardingMember): boolean {
    const router = this.routerOf(value);
    const owner = router ? this.ownerOf(router) : undefined;
    if (owner === this.express) return member === "call";
    return owner === this.elysia ? member === "fetch" || member === "handle" : owner === this.hono && member === "fetch";
  }

  /** A Hono, Express or Elysia app (or a served one): what serves its requests; undefined for anything else. */
  servedApp(value: Value): ServedApp | undefined {
    if (value.kind !== "host") return undefined;
    const object = value.host as RouterObject | ServedApp;
    if (object.type === "served") return object;
    const owner = this.ownerOf(object.router);
    if (!owner) return undefined;
    // An Elysia app answers with its own routes (`use()` adds a plugin's to it); Hono's `basePath()` returns an
    // app that shares its parent's, so the top of that chain is what a request meets.
    if (owner === this.elysia) return { type: "served", router: object.router, framework: "elysia" };
    // An h3 router (or `useBase()` of one) answers with its own routes, matched against the path it is given.
    if (owner === this.h3) return { type: "served", router: object.router, framework: "h3" };
    return { type: "served", router: topRouter(object.router, owner.routers), framework: owner === this.hono ? "hono" : "express" };
  }

  /**
   * The handlers and checks of an exported handler: a function (its body's checks), or an expression
   * (checks and functions in wrapper arguments, as route arguments are read).
   */
  handlerParts(node: ts.Node, value: Value, scope: CallContext["scope"]): HandlerParts {
    const parts: HandlerParts = { checks: [], handlers: [] };
    const expression =
      ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) || ts.isExportSpecifier(node) ? undefined : (node as ts.Expression);
    if (expression) this.collect(expression, value, { node: expression as ts.CallExpression, args: [], scope }, parts);
    else if (value.kind === "function") {
      parts.handlers.push(value);
      parts.checks.push(...this.interpreter.bodyChecks(value));
    }
    return parts;
  }

  /** One exported method handler: its checks (in the body or a wrapper's arguments) and its doc. */
  addExport(
    root: RouterNode,
    method: string,
    paths: string[],
    node: ts.Node,
    value: Value,
    scope: CallContext["scope"],
    /** Checks that run before this handler (a method-keyed table's wrapper). */
    before: readonly CheckValue[] = [],
    /** The `export { read as GET }` specifier when `node` is where the handler is written: its statement's comment comes first. */
    exportedAs?: ts.ExportSpecifier,
  ): void {
    const parts = this.handlerParts(node, value, scope);
    parts.checks.unshift(...before);
    const last = parts.handlers[parts.handlers.length - 1];
    const handler = last?.decl;
    // `export { remove as DELETE }`: the comment is the function's.
    const doc = (exportedAs ? exportDoc(exportedAs) : undefined) ?? exportDoc(node, ts.isExportSpecifier(node) ? last : undefined);
    pushRoute(root, method, paths, parts.checks, node, doc, handler);
  }

  /**
   * One registration of a router the route file answers with (next-connect's `router.get(mw, handler)`): its
   * handler arguments read as route arguments (recognized check calls, the checks in their bodies), after the
   * checks of the middleware registered before it.
   */
  addRegistration(
    root: RouterNode,
    method: string,
    paths: string[],
    call: ts.CallExpression,
    handlerArgs: readonly ts.Expression[],
    before: readonly ts.Expression[],
    scope: CallContext["scope"],
  ): void {
    const context: CallContext = { node: call, args: [], scope };
    const parts: HandlerParts = { checks: before.flatMap((m) => this.middlewareChecks(this.interpreter.evaluate(m, scope))), handlers: [] };
    for (const arg of handlerArgs) this.collect(arg, this.interpreter.evaluate(arg, scope), context, parts);
    const handler = parts.handlers[parts.handlers.length - 1]?.decl;
    const doc = leadingDoc(ts.isExpressionStatement(call.parent) ? call.parent : call) ?? (handler ? declarationDoc(handler) : undefined);
    pushRoute(root, method, paths, parts.checks, call, doc, handler);
  }

  /** Checks in middleware (`middlewares: [...]` of a matcher entry): recognized calls and function bodies. */
  checksOfMiddleware(value: Value): CheckValue[] {
    return this.middlewareChecks(value);
  }
}

/** The doc comment of an exported handler: the function, the `export const` statement, or the `export { }` statement. */
export function exportDoc(node: ts.Node, handler?: FunctionValue): DocComment | undefined {
  const docNode = ts.isFunctionDeclaration(node)
    ? node
    : ts.isExportSpecifier(node)
      ? node.parent.parent // the `export { read as GET }` statement
      : node.parent && ts.isVariableDeclaration(node.parent)
        ? node.parent.parent.parent
        : node.parent && ts.isExportAssignment(node.parent)
          ? node.parent
          : node;
  return leadingDoc(docNode) ?? (handler ? declarationDoc(handler.decl) : undefined);
}

/** A route the file answers with, the last step of its router's stack (nothing after it runs). */
function pushRoute(
  root: RouterNode,
  method: string,
  paths: string[],
  checks: HandlerParts["checks"],
  site: ts.Node,
  doc: DocComment | undefined,
  handler: ts.FunctionLikeDeclaration | undefined,
): void {
  root.stack.push({
    type: "route",
    method,
    paths,
    checks,
    terminal: true,
    site: siteOf(site),
    ...(doc ? { doc } : {}),
    ...(handler ? { handler } : {}),
  });
}
