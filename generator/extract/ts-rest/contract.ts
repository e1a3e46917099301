/**
 * ts-rest's meaning inside the evaluator, for every adapter that serves ts-rest contracts (the Express and
 * Hono hosts, and the ts-rest adapter's own host for serverless and Next.js handlers).
 *
 * A contract is data, as at run time: `initContract()` gives an instance whose `router(routes, options)`
 * returns the routes with the options applied (`pathPrefix` before each path, so nested prefixes compose:
 * the outer prefix, the inner one, the path), and whose `query(route)` / `mutation(route)` return the
 * route. A route is an object with a `method` and a `path` (ts-rest's `isAppRoute`); anything else in a
 * router is a router. The object literal each route is written as is kept (its schemas and doc comment).
 *
 * A server's implementation is data too: `initServer().router(contract, impl)`, `tsr.router(contract, impl)`,
 * `tsr.routerWithMiddleware(contract)<C>(impl)` and `createNextRoute(contract, impl)` return `impl`. The
 * routes a serving call serves are the implementation's entries (a function, or `{ middleware, handler }`),
 * each at its contract route's method and path, as ts-rest's servers walk them.
 */
import { type DiagnosticBag, siteOf, type SourceSite } from "../../diagnostics/diagnostic.js";
import { type DocComment, leadingDoc } from "../../resolve/doc-comment.js";
import { docFieldsOf, docFromFields, mergeDocs } from "../../resolve/framework-docs.js";
import { type CallContext, excerpt, explain, type Interpreter } from "../../resolve/interpreter.js";
import type { CheckValue, ExternalValue, FunctionValue, HostValue, Value } from "../../resolve/values.js";
import { ts } from "../../typescript.js";
import { declarationDoc, middlewareChecksOf } from "../router-host.js";
import type { RouteLayer } from "../router-graph.js";

/** ts-rest's packages. */
export const TS_REST_MODULES = /^@ts-rest\//;

type TsRestObject =
  | { type: "ts-rest"; what: "contract" }
  | { type: "ts-rest"; what: "server" }
  /** A function that returns its first argument (`tsr.routerWithMiddleware(contract)` gives one). */
  | { type: "ts-rest"; what: "identity" };

/** One route a serving call serves: where, what checks it, and what documents it. */
export interface ServedRoute {
  method: string;
  /** ts-rest's path (Express syntax: `/posts/:id`), with the contract's prefixes. */
  path: string;
  checks: CheckValue[];
  handler?: ts.FunctionLikeDeclaration;
  /** The contract entry's object literal. */
  literal?: ts.ObjectLiteralExpression;
  site: SourceSite;
  doc?: DocComment;
}

/** The route layer of a served route at `path` (the server's base joined to the route's own path). */
export function servedLayer(route: ServedRoute, path: string): RouteLayer {
  return {
    type: "route",
    method: route.method,
    paths: [path],
    checks: route.checks,
    terminal: true,
    site: route.site,
    ...(route.literal ? { registration: route.literal } : {}),
    ...(route.handler ? { handler: route.handler } : {}),
    ...(route.doc ? { doc: route.doc } : {}),
  };
}

const CONTRACT_FUNCTIONS = new Set(["initContract", "initTsRest"]);
/** Functions of the server packages that return their second argument, the implementation. */
const IMPLEMENTATION_FUNCTIONS = new Set(["createNextRoute", "tsRestHandler"]);

export class TsRestSupport {
  /** Contract entries and implementation entries apidex could not read (reported once each). */
  private readonly reported = new Set<ts.Node>();

  constructor(
    private readonly interpreterOf: () => Interpreter,
    private readonly diagnostics: DiagnosticBag,
  ) {}

  private get interpreter(): Interpreter {
    return this.interpreterOf();
  }

  /** Whether a host value is one of ts-rest's. */
  owns(value: HostValue): boolean {
    return (value.host as { type?: string }).type === "ts-rest";
  }

  private wrap(object: TsRestObject): HostValue {
    return { kind: "host", host: object };
  }

  /** `initContract()`, `initServer()`, `tsr.router(contract, impl)` and their kin; undefined for anything else. */
  callExternal(callee: ExternalValue, call: CallContext): Value | undefined {
    if (!TS_REST_MODULES.test(callee.module)) return undefined;
    const [first] = callee.path;
    if (callee.path.length === 1 && first && CONTRACT_FUNCTIONS.has(first)) return this.wrap({ type: "ts-rest", what: "contract" });
    if (callee.path.length === 1 && (first === "initServer" || first === "createTsr" || first === "initNestServer"))
      return this.wrap({ type: "ts-rest", what: "server" });
    if (callee.path.length === 1 && first && IMPLEMENTATION_FUNCTIONS.has(first)) return this.argument(call, 1);
    // `tsr.router(contract, impl)`, `tsr.platformContext<C>().router(...)` (@ts-rest/serverless).
    if (first === "tsr") return this.serverMethod(callee.path[callee.path.length - 1] ?? "", call);
    return undefined;
  }

  callMethod(receiver: HostValue, method: string, call: CallContext): Value {
    const object = receiver.host as TsRestObject;
    if (object.what === "contract") return this.contractMethod(method, call);
    if (object.what === "server") return this.serverMethod(method, call) ?? receiver;
    return receiver;
  }

  callValue(callee: HostValue, call: CallContext): Value | undefined {
    const object = callee.host as TsRestObject;
    return object.what === "identity" ? this.argument(call, 0) : undefined;
  }

  private argument(call: CallContext, index: number): Value {
    const arg = call.args[index];
    return arg ? this.interpreter.evaluate(arg, call.scope) : { kind: "undefined" };
  }

  private serverMethod(method: string, call: CallContext): Value | undefined {
    switch (method) {
      case "router":
      case "route":
        return this.argument(call, 1);
      case "routerWithMiddleware":
      case "routeWithMiddleware":
        return this.wrap({ type: "ts-rest", what: "identity" });
      case "middleware":
        return this.argument(call, 0);
      case "platformContext":
        return this.wrap({ type: "ts-rest", what: "server" });
      default:
        return undefined;
    }
  }

  /** `c.router(routes, options)`, `c.query(route)`, `c.mutation(route)`; the type helpers are types only. */
  private contractMethod(method: string, call: CallContext): Value {
    switch (method) {
      case "router": {
        const routes = this.argument(call, 0);
        const options = call.args[1] ? this.argument(call, 1) : undefined;
        return this.applyOptions(routes, options, call.args[0] ?? call.node);
      }
      case "query":
      case "mutation":
      case "responses":
        return this.argument(call, 0);
      default:
        // `c.type<T>()`, `c.body<T>()`, `c.response<T>()`, `c.noBody()`, `c.otherResponse(...)`.
        return { kind: "runtime", what: `ts-rest's c.${method}()` };
    }
  }

  /** What `c.router(routes, options)` returns: each route with `pathPrefix` before its path; routers recursively. */
  private applyOptions(routes: Value, options: Value | undefined, node: ts.Node): Value {
    if (routes.kind !== "object") return routes;
    let prefix = "";
    if (options?.kind === "object") {
      const value = options.props.get("pathPrefix");
      if (value && value.kind !== "undefined") {
        if (value.kind !== "string") {
          const written = prefixNode(node);
          this.report(
            written ?? node,
            `Cannot read this ts-rest router's \`pathPrefix\` statically (it ${explain(value)}); the routes it holds are not indexed.`,
            "Give `pathPrefix` as a string literal or a const.",
          );
          return { kind: "unknown", reason: "is a ts-rest router whose pathPrefix apidex cannot read", node };
        }
        prefix = value.value;
      }
    }
    const props = new Map<string, Value>();
    for (const [key, value] of routes.props) {
      if (isRoute(value)) {
        const path = (value as ObjectValue).props.get("path")!;
        const routed: Value =
          prefix && path.kind === "string"
            ? {
                kind: "object",
                props: new Map([...(value as ObjectValue).props, ["path", { kind: "string", value: prefix + path.value }]]),
              }
            : prefix
              ? {
                  kind: "object",
                  props: new Map([...(value as ObjectValue).props, ["path", { kind: "unknown", reason: "is not static", node }]]),
                }
              : value;
        const literal = this.interpreter.literalOf.get(value);
        if (literal) this.interpreter.literalOf.set(routed, literal);
        props.set(key, routed);
      } else props.set(key, prefix ? this.applyOptions(value, options, node) : value);
    }
    const out: Value = routes.open ? { kind: "object", props, open: true } : { kind: "object", props };
    const literal = this.interpreter.literalOf.get(routes);
    if (literal) this.interpreter.literalOf.set(out, literal);
    return out;
  }

  /**
   * The routes a serving call serves: the implementation's entries, each at its contract route, with the
   * checks of the server's global middleware, the route's own `middleware` and its handler's body.
   * What cannot be read is reported at `node` (the serving call) or where it is written.
   */
  served(node: ts.Node, contract: Value, implementation: Value, globalMiddleware: Value | undefined): ServedRoute[] {
    const global = globalMiddleware ? this.checksOf(globalMiddleware) : [];
    if (!isRouter(contract) && !isRoute(contract)) {
      this.report(
        node,
        `Cannot read the ts-rest contract this server serves (\`${excerpt(node)}\`: it ${explain(contract)}); its routes are not indexed.`,
        "Pass a contract built with initContract().router({...}) in the sources (by name or imported), not one made at run time.",
      );
      return [];
    }
    const out: ServedRoute[] = [];
    const walk = (route: Value | undefined, impl: Value, keys: string[]): void => {
      const name = keys.join(".") || "the contract";
      if (route && isRoute(route)) {
        const handler =
          impl.kind === "function"
            ? impl
            : impl.kind === "object" && impl.props.get("handler")?.kind === "function"
              ? impl.props.get("handler")
              : undefined;
        if (impl.kind !== "function" && !handler) {
          // The implementation of one route apidex cannot read: the route is served (ts-rest's types demand
          // every route), whatever checks it runs is not known.
          this.report(
            node,
            `Cannot read the implementation of the ts-rest route \`${name}\` statically (it ${explain(impl)}); it is indexed with its permissions marked unresolved.`,
            "Implement each route with a function or `{ middleware, handler }` written in the sources.",
          );
          const served = this.route(route as ObjectValue, keys, global, undefined, undefined);
          if (served) out.push({ ...served, checks: [...served.checks, unresolvedCheck(node)] });
          return;
        }
        const middleware = impl.kind === "object" ? impl.props.get("middleware") : undefined;
        const served = this.route(route as ObjectValue, keys, global, middleware, handler as FunctionValue);
        if (served) out.push(served);
        return;
      }
      if (!route || !isRouter(route)) {
        this.report(
          node,
          `The ts-rest implementation has \`${name}\`, which apidex cannot find in the contract (${route ? `it ${explain(route)}` : "no such key"}); it is not indexed.`,
          "Build the contract with initContract().router({...}) in the sources, with the same keys as the implementation.",
        );
        return;
      }
      if (impl.kind !== "object") {
        // A sub-router's implementation apidex cannot read: its contract routes are served, their checks unknown.
        this.report(
          node,
          `Cannot read the implementation of the ts-rest router \`${name}\` statically (it ${explain(impl)}); its routes are indexed with their permissions marked unresolved.`,
          "Implement routers with object literals (or consts holding them) written in the sources.",
        );
        for (const { keys: sub, route: r } of contractRoutes(route, keys)) {
          const served = this.route(r, sub, global, undefined, undefined);
          if (served) out.push({ ...served, checks: [...served.checks, unresolvedCheck(node)] });
        }
        return;
      }
      for (const [key, value] of impl.props) walk((route as ObjectValue).props.get(key), value, [...keys, key]);
    };
    walk(contract, implementation, []);
    return out;
  }

  /** One served route, or undefined (reported) when its method or path is not static. */
  private route(
    route: Extract<Value, { kind: "object" }>,
    keys: string[],
    global: CheckValue[],
    middleware: Value | undefined,
    handler: FunctionValue | undefined,
  ): ServedRoute | undefined {
    const literal = this.interpreter.literalOf.get(route);
    const method = route.props.get("method");
    const path = route.props.get("path");
    const at = literal ?? undefined;
    if (method?.kind !== "string" || path?.kind !== "string") {
      if (at)
        this.report(
          at,
          `Cannot read the method or path of the ts-rest route \`${keys.join(".")}\` statically; it is not indexed.`,
          'Give `method` and `path` as strings (`method: "GET", path: "/posts/:id"`), and `pathPrefix` too.',
        );
      return undefined;
    }
    const checks = [...global, ...(middleware ? this.checksOf(middleware) : []), ...(handler ? this.interpreter.bodyChecks(handler) : [])];
    const site = at ? siteOf(at) : handler ? siteOf(handler.decl) : { file: "", line: 1, column: 1 };
    // The comment on the contract entry, else on the handler; the entry's summary and description document it.
    const written = (at ? entryDoc(at) : undefined) ?? (handler ? declarationDoc(handler.decl) : undefined);
    const declared = docFromFields(docFieldsOf(route), site, "ts-rest", true);
    const doc = mergeDocs(written, declared);
    return {
      method: method.value.toUpperCase(),
      path: path.value,
      checks,
      site,
      ...(handler ? { handler: handler.decl } : {}),
      ...(literal ? { literal } : {}),
      ...(doc ? { doc } : {}),
    };
  }

  /** The checks middleware brings: recognized check calls, and the checks in its functions' bodies. */
  private checksOf(value: Value): CheckValue[] {
    return middlewareChecksOf(value, this.interpreter);
  }

  report(node: ts.Node, message: string, hint: string): void {
    if (this.reported.has(node)) return;
    this.reported.add(node);
    this.diagnostics.warning("APX245", message, siteOf(node), hint);
  }
}

/** ts-rest's `isAppRoute`: an object with a `method` and a `path`. */
export function isRoute(value: Value | undefined): boolean {
  return value?.kind === "object" && value.props.has("method") && value.props.has("path");
}

function isRouter(value: Value | undefined): boolean {
  return value?.kind === "object" && !isRoute(value);
}

type ObjectValue = Extract<Value, { kind: "object" }>;

/** Every route of a contract (or a route itself), with its keys. */
export function contractRoutes(value: Value, keys: string[] = []): { keys: string[]; route: Extract<Value, { kind: "object" }> }[] {
  if (isRoute(value)) return [{ keys, route: value as ObjectValue }];
  if (value.kind !== "object") return [];
  return [...value.props].flatMap(([key, v]) => contractRoutes(v, [...keys, key]));
}

function unresolvedCheck(node: ts.Node): CheckValue {
  return { kind: "check", keys: [], node: node as ts.CallExpression, unresolved: true };
}

/** The comment on a contract entry: its property (`getPost: { ... }`, `getPost: c.query({ ... })`) or its const. */
function entryDoc(literal: ts.ObjectLiteralExpression): DocComment | undefined {
  let node: ts.Node = literal;
  while (
    node.parent &&
    (ts.isCallExpression(node.parent) ||
      ts.isParenthesizedExpression(node.parent) ||
      ts.isAsExpression(node.parent) ||
      ts.isSatisfiesExpression(node.parent))
  )
    node = node.parent;
  const parent = node.parent;
  if (parent && ts.isPropertyAssignment(parent)) return leadingDoc(parent);
  if (
    parent &&
    ts.isVariableDeclaration(parent) &&
    ts.isVariableDeclarationList(parent.parent) &&
    ts.isVariableStatement(parent.parent.parent)
  )
    return leadingDoc(parent.parent.parent);
  return undefined;
}

/** The `pathPrefix` expression in `c.router(routes, { pathPrefix })`, to point a warning at it. */
function prefixNode(routesNode: ts.Node): ts.Expression | undefined {
  const call = routesNode.parent;
  if (!call || !ts.isCallExpression(call)) return undefined;
  const options = call.arguments[1];
  if (!options || !ts.isObjectLiteralExpression(options)) return undefined;
  for (const p of options.properties)
    if (ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === "pathPrefix") return p.initializer;
  return undefined;
}
