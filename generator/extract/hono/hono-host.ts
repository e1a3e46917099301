import { ts } from "../../typescript.js";
import { servesTsRestIn } from "../ts-rest/index.js";
import { siteOf } from "../../diagnostics/diagnostic.js";
import type { CallContext } from "../../resolve/interpreter.js";
import { explain, excerpt, hasModifier } from "../../resolve/interpreter.js";
import { stringsOf, type ExternalValue, type HostValue, type Value } from "../../resolve/values.js";
import type { RouterNode } from "../router-graph.js";
import { RouterHost, statementDoc } from "../router-host.js";
import type { DocComment } from "../../resolve/doc-comment.js";
import { docFieldsOf, docFromFields } from "../../resolve/framework-docs.js";
import { isServeCall, topRouter } from "../file-routes/file-paths.js";

export const HONO_METHODS = new Set(["get", "post", "put", "delete", "patch", "options", "head", "all"]);

/**
 * Hono's meaning inside the evaluator: `new Hono()` creates an app; verbs and `on()` add routes;
 * `use()` adds middleware (a path without `*` matches only itself); `route(prefix, sub)` copies the
 * sub-app's routes as they are at that moment, as Hono does; `basePath(prefix)` returns an app whose
 * routes land in its parent under the prefix.
 */
export class HonoHost extends RouterHost {
  /** Whether a file is a route file, whose `handle(app)` leaves the app to the file-route adapter. */
  routeFile: ((fileName: string) => boolean) | undefined;

  callExternal(callee: ExternalValue, call: CallContext): Value | undefined {
    const name = callee.path[callee.path.length - 1];
    // @hono/zod-openapi: `new OpenAPIHono()` is a Hono app; `createRoute({...})` returns its options as
    // they are, which `app.openapi(route, handler)` registers.
    if (ZOD_OPENAPI.test(callee.module)) {
      if (name === "OpenAPIHono" && ts.isNewExpression(call.node)) return this.create("router", call.node).value;
      if (name === "createRoute" && call.args[0]) return this.interpreter.evaluate(call.args[0], call.scope);
      return undefined;
    }
    // hono-openapi: `describeRoute({ summary, description, tags, hide, ... })` is route middleware that
    // documents the route it is passed to.
    if (HONO_OPENAPI.test(callee.module)) {
      if (name === "describeRoute" && call.args[0]) {
        const options = this.interpreter.evaluate(call.args[0], call.scope);
        // describeRoute exists to put the route in the project's document: it documents it, fields or not.
        const doc = docFromFields(docFieldsOf(options), siteOf(call.node), "hono-openapi", true);
        if (options.kind === "object" && doc) this.routeDocs.set(options, doc);
        return options;
      }
      return undefined;
    }
    // chanfana's `fromHono(app, options)` registers on the app it wraps: the wrapper is that app.
    if (callee.module === "chanfana") {
      if (name === "fromHono" && call.args[0]) return this.interpreter.evaluate(call.args[0], call.scope);
      return undefined;
    }
    if (!/^hono(\/|$)/.test(callee.module)) return undefined;
    if (name === "Hono" && ts.isNewExpression(call.node)) return this.create("router", call.node).value;
    // hono/factory: `createMiddleware(fn)` is `fn`; `createFactory()` gives a factory whose
    // `createHandlers(...handlers)` returns its arguments, spread into a route (`app.get(path, ...handlers)`),
    // and whose `createApp()` makes an app.
    if (callee.module === "hono/factory") {
      if ((name === "createMiddleware" || name === "createHandler") && call.args[0])
        return this.interpreter.evaluate(call.args[0], call.scope);
      if (name === "createFactory")
        return { kind: "external", module: callee.module, path: [...callee.path.slice(0, -1), "createFactory()"] };
      // `factory.createApp()`: a new Hono app (the factory's `initApp` only adds middleware setup).
      if (name === "createApp" && callee.path.at(-2) === "createFactory()") return this.create("router", call.node).value;
      if (name === "createHandlers" && callee.path.at(-2) === "createFactory()")
        return { kind: "array", items: call.args.map((a) => this.interpreter.evaluate(a, call.scope)) };
      if (name === "createMiddleware" && callee.path.at(-2) === "createFactory()" && call.args[0])
        return this.interpreter.evaluate(call.args[0], call.scope);
      return undefined;
    }
    // `export const GET = handle(app)` in a route file: the file-route adapter indexes the app (its paths
    // within the file's, its methods those exported), so it is no root here.
    if (isServeCall(callee) && call.args[0] && this.routeFile?.(call.node.getSourceFile().fileName)) {
      const app = this.routerOf(this.interpreter.evaluate(call.args[0], call.scope));
      if (app) topRouter(app, this.routers).mounted = true;
    }
    return undefined;
  }

  callMethod(receiver: HostValue, method: string, call: CallContext): Value {
    const target = this.routerCall(receiver, call);
    if (!target) return receiver;
    const { router: app, node } = target;
    this.recorder?.hostCall(app);
    if (HONO_METHODS.has(method)) {
      this.visit(node);
      const paths = this.paths(call.args[0], call, "route path");
      if (!paths) return receiver;
      // chanfana (`fromHono(app).get(path, TaskList)`): an endpoint class, its `handle` the handler and its
      // `schema` the route's documentation.
      const endpoint = call.args.length > 1 ? this.endpointClass(call.args[call.args.length - 1]!, call) : undefined;
      if (endpoint)
        this.addRoute(app, method, paths, [...call.args.slice(1, -1), ...endpoint.handler], call, statementDoc(node), [], endpoint.doc);
      else this.addRoute(app, method, paths, call.args.slice(1), call, statementDoc(node));
      return receiver;
    }
    // @hono/zod-openapi's `app.doc("/openapi.json", config)` (and `doc31`, `getOpenAPIDocument` aside) serves
    // the app's OpenAPI document: a GET route like any other.
    if ((method === "doc" || method === "doc31") && call.args.length >= 2) {
      this.visit(node);
      const paths = this.paths(call.args[0], call, "document path");
      if (paths) this.addRoute(app, "get", paths, [], call, statementDoc(node));
      return receiver;
    }
    if (method === "openapi") {
      this.visit(node);
      this.addOpenApiRoute(app, call);
      return receiver;
    }
    if (method === "on") {
      this.visit(node);
      const methods = stringsOf(this.interpreter.evaluate(call.args[0]!, call.scope));
      const paths = this.paths(call.args[1], call, "route path");
      if (!methods) {
        this.paths(call.args[0], call, "method list");
        return receiver;
      }
      if (paths) for (const m of methods) this.addRoute(app, m, paths, call.args.slice(2), call, statementDoc(node));
      return receiver;
    }
    if (method === "use") {
      this.visit(node);
      const first = call.args[0];
      const strings = first ? stringsOf(this.interpreter.evaluate(first, call.scope)) : undefined;
      const raw = strings ?? ["*"];
      const rest = strings ? call.args.slice(1) : call.args;
      const checks = rest.flatMap((arg) => [
        ...this.interpreter.optionChecksIn(arg, call.scope),
        ...this.middlewareChecks(this.interpreter.evaluate(arg, call.scope)),
      ]);
      if (checks.length) {
        for (const path of raw) {
          const prefix = path.replace(/\/?\*$/, "") || "/";
          app.stack.push({ type: "middleware", paths: [prefix], end: !path.endsWith("*"), checks, site: siteOf(node) });
        }
      }
      return receiver;
    }
    if (method === "route") {
      this.visit(node);
      const paths = this.paths(call.args[0], call, "mount prefix");
      const given = call.args[1] ? this.interpreter.evaluate(call.args[1], call.scope) : undefined;
      const sub = given ? this.routerOf(given) : undefined;
      if (sub) {
        sub.mounted = true;
        const snapshot: RouterNode = { ...sub, stack: [...sub.stack] };
        if (paths) app.stack.push({ type: "mount", paths, router: snapshot, site: siteOf(node), ...this.conditional() });
      } else if (given && paths) {
        // `app.route("/sub", deps.sub)`: route() takes a Hono app; one apidex cannot follow is said, not dropped.
        this.reportUnreadMount(call.args[1]!, given, paths);
      }
      return receiver;
    }
    // `app.mount("/api", handler)`: an application served by its fetch handler. A Hono app's own
    // (`other.fetch`) is mounted as route() mounts it (Hono strips the path for it); any other — ts-rest,
    // tRPC's or another framework's fetch adapter — is an application apidex does not read, said at the call.
    if (method === "mount") {
      this.visit(node);
      const paths = this.paths(call.args[0], call, "mount path");
      const handler = call.args[1];
      const mounted = handler ? this.fetchedApp(handler, call) : undefined;
      if (mounted === app && paths) {
        // `app.mount("/api", (req, env, ctx) => app.fetch(req, env, ctx))`: the app serves itself under the path
        // (a load balancer's prefix kept on the request). Hono dispatches to it when a request comes, so every
        // route it has by then answers there too: the mount holds the app itself, and the flattener indexes its
        // routes once under the path, saying the cycle (APX212) where it would mount itself again below it.
        app.stack.push({ type: "mount", paths, router: app, site: siteOf(node), ...this.conditional() });
      } else if (mounted && paths) {
        mounted.mounted = true;
        app.stack.push({
          type: "mount",
          paths,
          router: { ...mounted, stack: [...mounted.stack] },
          site: siteOf(node),
          ...this.conditional(),
        });
      } else if (handler && paths && !servesTsRestIn(handler)) {
        // (A handler that serves a ts-rest contract — `(req) => fetchRequestHandler({ contract, router, request: req })` —
        // is the ts-rest adapter's, which indexes the contract's routes at the mount's path.)
        this.diagnostics.warning(
          "APX218",
          `This mounts an application apidex does not read (\`${excerpt(handler)}\`: a fetch handler of another library or framework) at ${paths.map((p) => `\`${p}\``).join(", ")}; the routes it serves are not indexed.`,
          siteOf(node),
          "Register its routes on the Hono app (or a sub-app passed to route()) to have them indexed.",
        );
      }
      return receiver;
    }
    if (method === "basePath") {
      this.visit(node);
      const paths = this.basePaths(call.args[0], call);
      const child = this.create("router", node);
      child.router.mounted = true;
      if (paths) app.stack.push({ type: "mount", paths, router: child.router, site: siteOf(node), ...this.conditional() });
      return child.value;
    }
    return receiver;
  }

  /**
   * The Hono app a `mount()` handler serves: `other.fetch`, or a function that hands its own parameters on to
   * one, in order (`(request, env, ctx) => other.fetch(request, env, ctx)`, a forwarding wrapper Hono calls as
   * it would call `other.fetch`). Undefined for any other handler.
   */
  private fetchedApp(handler: ts.Expression, call: CallContext) {
    const written = unwrapParens(handler);
    if (ts.isPropertyAccessExpression(written) && written.name.text === "fetch")
      return this.routerOf(this.interpreter.evaluate(written.expression, call.scope));
    const fn = this.interpreter.evaluate(handler, call.scope);
    if (fn.kind !== "function" || !(ts.isArrowFunction(fn.decl) || ts.isFunctionExpression(fn.decl)) || !fn.decl.body) return undefined;
    const body = fn.decl.body;
    const only = ts.isBlock(body) ? (body.statements.length === 1 ? body.statements[0] : undefined) : undefined;
    const returned = ts.isBlock(body) ? (only && ts.isReturnStatement(only) ? only.expression : undefined) : body;
    const forwarded = returned ? unwrapParens(returned) : undefined;
    if (!forwarded || !ts.isCallExpression(forwarded)) return undefined;
    const callee = unwrapParens(forwarded.expression);
    if (!ts.isPropertyAccessExpression(callee) || callee.name.text !== "fetch") return undefined;
    const params = fn.decl.parameters;
    const passesOwn =
      forwarded.arguments.length >= 1 &&
      forwarded.arguments.length <= params.length &&
      forwarded.arguments.every((a, i) => ts.isIdentifier(a) && ts.isIdentifier(params[i]!.name) && a.text === params[i]!.name.text);
    return passesOwn ? this.routerOf(this.interpreter.evaluate(callee.expression, fn.scope)) : undefined;
  }

  /**
   * A chanfana endpoint class given as a route's handler (`class TaskList extends OpenAPIRoute { schema = {...};
   * async handle(c) {...} }`), directly or through the project's own base classes (`class TaskList extends
   * BaseRoute`, `class BaseRoute extends OpenAPIRoute`): its `handle` method and its `schema`'s summary,
   * description and tags, each the nearest declaration in the chain, as at run time. Undefined for anything else.
   */
  private endpointClass(
    arg: ts.Expression,
    call: CallContext,
  ): { handler: { node: ts.Expression; value: Value }[]; doc?: DocComment } | undefined {
    const value = this.interpreter.evaluate(arg, call.scope);
    if (value.kind !== "class") return undefined;
    const chain = this.endpointChain(value);
    if (!chain) return undefined;
    const handle = nearestMember(chain, "handle", (m) => (ts.isMethodDeclaration(m) ? m : undefined));
    // A `schema` field without an initializer only declares its type: the base's value shows through.
    const schema = nearestMember(chain, "schema", (m) => (ts.isPropertyDeclaration(m) ? m.initializer : undefined));
    const fields = schema ? this.interpreter.evaluate(schema.member, schema.owner.scope) : undefined;
    const doc = fields ? docFromFields(docFieldsOf(fields), siteOf(call.node), "chanfana", true) : undefined;
    return {
      handler: handle ? [{ node: arg, value: { kind: "function", decl: handle.member, scope: handle.owner.scope } }] : [],
      ...(doc ? { doc } : {}),
    };
  }

  /**
   * The classes from `cls` up to the one that extends chanfana's `OpenAPIRoute`, nearest first; undefined
   * when the chain leaves the sources elsewhere. Bounded, and a class met twice (a cycle the compiler would
   * reject, but apidex reads code that does not compile) ends the walk.
   */
  private endpointChain(cls: ClassValue): ClassValue[] | undefined {
    const chain: ClassValue[] = [];
    const seen = new Set<ts.Node>();
    for (let current: ClassValue | undefined = cls; current && chain.length < MAX_ENDPOINT_DEPTH; ) {
      if (seen.has(current.decl)) return undefined;
      seen.add(current.decl);
      chain.push(current);
      const heritage = current.decl.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword)?.types[0];
      if (!heritage) return undefined;
      const base = this.interpreter.evaluate(heritage.expression, current.scope);
      if (base.kind === "class") current = base;
      else if (isOpenApiRoute(base, heritage.expression)) return chain;
      else return undefined;
    }
    return undefined;
  }

  /**
   * A base path read as the other paths are. One apidex cannot read (\`basePath(process.env.BASE_PATH ?? "/")\`,
   * a deployment's setting) is where the whole app is served, as Nest's global prefix is: the routes are
   * indexed relative to it, said once at the call, rather than all left out.
   */
  private basePaths(arg: ts.Expression | undefined, call: CallContext): string[] | undefined {
    if (!arg) return undefined;
    const value = this.interpreter.evaluate(arg, call.scope);
    const strings = stringsOf(value);
    if (strings) return strings;
    this.diagnostics.warning(
      "APX201",
      `Cannot resolve this base path statically: \`${excerpt(arg)}\` ${explain(value)}; the routes under it are indexed relative to it (their served paths start with that base path).`,
      siteOf(arg),
      "Use a string literal or a const, or set the variables it reads in the config's `env` (the deployment the artifacts describe).",
    );
    return [""];
  }

  /**
   * `app.openapi(createRoute({ method, path, middleware, summary, description, tags }), handler)`: the
   * route's method and path (OpenAPI `{id}` syntax), its middleware's checks, and its summary and
   * description as the route's documentation when no doc comment says otherwise.
   */
  private addOpenApiRoute(app: RouterNode, call: CallContext): void {
    const node = call.node as ts.CallExpression;
    const route = call.args[0] ? this.interpreter.evaluate(call.args[0], call.scope) : undefined;
    const method = route?.kind === "object" ? route.props.get("method") : undefined;
    const path = route?.kind === "object" ? route.props.get("path") : undefined;
    if (route?.kind !== "object" || method?.kind !== "string" || path?.kind !== "string") {
      this.diagnostics.warning(
        "APX201",
        "Cannot resolve the method or path of this openapi() route statically; the route is left out.",
        siteOf(node),
        "Pass createRoute({ method, path, ... }) with literal method and path, or a const holding one.",
      );
      return;
    }
    // `{id}` is `:id` and `{id?}` an optional `:id?`, as @hono/zod-openapi registers them.
    const honoPath = path.value.replace(/\{([A-Za-z_$][\w$]*)(\?)?\}/g, ":$1$2");
    const middleware = route.props.get("middleware");
    const checks = middleware ? this.middlewareChecks(middleware) : [];
    // A route registered with app.openapi() is in the project's own OpenAPI document, described or not.
    const doc = docFromFields(docFieldsOf(route), siteOf(node), "@hono/zod-openapi", true);
    this.addRoute(app, method.value.toLowerCase(), [honoPath], call.args.slice(1, 2), call, statementDoc(node), checks, doc);
  }
}

type ClassValue = Extract<Value, { kind: "class" }>;

/** How many classes deep an endpoint's chain to `OpenAPIRoute` is followed (projects use one or two bases). */
const MAX_ENDPOINT_DEPTH = 8;

/**
 * chanfana's `OpenAPIRoute`: imported from the package (`OpenAPIRoute`, `chanfana.OpenAPIRoute`), or, when the
 * import cannot be followed, a base spelled with that name, as before the chain was read.
 */
function isOpenApiRoute(base: Value, expression: ts.Expression): boolean {
  if (base.kind === "external") return /^chanfana(\/|$)/.test(base.module) && base.path.at(-1) === "OpenAPIRoute";
  return /(^|\.)OpenAPIRoute$/.test(expression.getText());
}

type ClassMember = ClassValue["decl"]["members"][number];

/**
 * The nearest class of the chain whose instance member `name` `pick` accepts, with what it picked (read in
 * that class's scope): a subclass's member hides its base's, as at run time.
 */
function nearestMember<M>(
  chain: ClassValue[],
  name: string,
  pick: (member: ClassMember) => M | undefined,
): { member: M; owner: ClassValue } | undefined {
  for (const owner of chain) {
    for (const m of owner.decl.members) {
      if (m.name?.getText() !== name || hasModifier(m, ts.SyntaxKind.StaticKeyword)) continue;
      const member = pick(m);
      if (member) return { member, owner };
    }
  }
  return undefined;
}

const ZOD_OPENAPI = /^@hono\/zod-openapi$/;
const HONO_OPENAPI = /^hono-openapi(\/|$)/;

/** An expression without the parentheses around it. */
function unwrapParens(node: ts.Expression): ts.Expression {
  let e = node;
  while (ts.isParenthesizedExpression(e)) e = e.expression;
  return e;
}
