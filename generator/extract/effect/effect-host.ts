/**
 * Effect's HTTP modules inside the evaluator (`@effect/platform` 0.9x with `effect` 3.x), as they build their
 * values at run time (packages/platform/src of Effect-TS/effect):
 *
 * - `HttpApiEndpoint.get|post|put|patch|del|head|options("name", "/path")` makes an endpoint; with the name
 *   alone it is the tag of the template form, ``HttpApiEndpoint.get("name")`/users/${HttpApiSchema.param("id",
 *   Schema.X)}` ``, whose every `${}` is a path parameter named by its `HttpApiSchema.param` (its position
 *   otherwise: `:0`). `.prefix(p)` prefixes its path (`HttpRouter.prefixPath`: the prefix without a trailing
 *   `/`, then the path unless it is `/`); `.middleware(M)`, `.annotate(OpenApi.Summary, "...")` and
 *   `.annotateContext(OpenApi.annotations({...}))` are kept; the schema setters change no route.
 * - `HttpApiGroup.make("id", { topLevel })` keeps endpoints by name (`add` of the same name replaces);
 *   `.prefix(p)` prefixes the endpoints added so far, `.middleware(M)` applies to all of the group's,
 *   `.middlewareEndpoints(M)` to those added so far.
 * - `HttpApi.make("id")` keeps groups by identifier; `.prefix(p)` prefixes the groups added so far,
 *   `.addHttpApi(other)` copies the other's groups with its middleware and annotations.
 * - `HttpRouter.empty` and `HttpRouter.get|post|put|patch|del|head|options|all(path, handler)` (data-last, for
 *   `pipe`, or data-first), `route(method)`, `makeRoute` / `fromIterable` / `append`, `concat`, `prefixAll`
 *   and `mount(path, router)`, which Effect defines as `concat(self, prefixAll(that, path))`.
 *
 * A class that extends one of these (`class Users extends HttpApiGroup.make("users").add(...) {}`) is it.
 */
import { type DiagnosticBag, siteOf } from "../../diagnostics/diagnostic.js";
import { leadingDoc } from "../../resolve/doc-comment.js";
import { type CallContext, excerpt, type HostAdapter, type Interpreter } from "../../resolve/interpreter.js";
import type { Scope } from "../../resolve/scope.js";
import type { ExternalValue, HostValue, Value } from "../../resolve/values.js";
import { ts } from "../../typescript.js";
import { statementDoc } from "../router-host.js";
import { isPackageValue } from "../shared.js";
import type { Annotations, Api, EffectObject, Endpoint, Group, MiddlewareUse, Router, RouterRoute, RouterStep } from "./effect-values.js";

/** `HttpApiEndpoint`'s constructors and the method each makes (`del` is DELETE). */
const ENDPOINT_METHODS: Record<string, string> = {
  get: "GET",
  post: "POST",
  put: "PUT",
  patch: "PATCH",
  del: "DELETE",
  head: "HEAD",
  options: "OPTIONS",
};

/** Effect 4's constructors besides those: it exports `del` as `delete`, and has QUERY. */
const EFFECT4_ENDPOINT_METHODS: Record<string, string> = { ...ENDPOINT_METHODS, delete: "DELETE", query: "QUERY" };

/** `HttpRouter`'s route functions and their methods (`all` is `*`: every method). */
const ROUTER_METHODS: Record<string, string> = { ...ENDPOINT_METHODS, all: "*" };

/** How many arguments make an `HttpRouter` function's data-first form (Effect's `dual(arity, ...)`). */
const DATA_FIRST_ARITY: Record<string, number> = { concat: 2, append: 2, prefixAll: 2, mount: 3, use: 2 };

/** `HttpRouter` functions that return the router with its routes unchanged (middleware, error handling, services). */
const ROUTER_KEEPS = new Set(["use", "catchAll", "catchAllCause", "catchTag", "catchTags", "provideService", "provideServiceEffect"]);

/** The `OpenApi` annotation tags apidex reads, by the field they set. */
const ANNOTATION_TAGS: Record<string, keyof Annotations> = {
  Summary: "summary",
  Description: "description",
  Title: "title",
  Identifier: "identifier",
  Deprecated: "deprecated",
  Exclude: "exclude",
};

/**
 * The qualified name of something of Effect's (`HttpApiEndpoint.get`, `HttpRouter.empty`, `Layer.effect`,
 * `pipe`), whether imported from the package's index or from a module of it; undefined for anything else.
 */
export function effectName(value: ExternalValue): string | undefined {
  const { module, path } = value;
  // Effect 4 moved the HTTP API modules into `effect` itself: `effect/http-api` (`effect/unstable/httpapi` in its betas).
  if (module === "@effect/platform" || module === "effect" || module === "effect/Function" || EFFECT4_INDEX.test(module))
    return path.join(".") || undefined;
  const sub = /^(?:@effect\/platform|effect|effect\/(?:unstable\/)?(?:http-api|httpapi))\/([A-Z]\w*)$/.exec(module);
  return sub ? [sub[1], ...path].join(".") : undefined;
}

/** Effect 4's index of the HTTP API modules (and its betas'). */
const EFFECT4_INDEX = /^effect\/(unstable\/)?(http-api|httpapi)$/;

/** Effect's `HttpRouter.prefixPath`: the prefix without a trailing `/`, then the path unless it is `/`. */
export function prefixPath(path: string, prefix: string): string {
  const trimmed = prefix.endsWith("/") ? prefix.slice(0, -1) : prefix;
  return path === "/" ? trimmed : trimmed + path;
}

export class EffectHost implements HostAdapter {
  interpreter!: Interpreter;
  /** Every router made, in order; with `derived`, which of them are final values (served or exported). */
  readonly routers: Router[] = [];
  /** Routers another was made from (a later step of a `pipe`, a router mounted in another). */
  readonly derived = new Set<Router>();
  /** The calls read as Effect's. */
  readonly visited = new Set<ts.CallExpression>();
  /** Every API value made (each method gives a new one), for the APIs nothing serves. */
  readonly apis: Api[] = [];
  /** The identifiers of APIs whose groups another API took in (`addHttpApi`): served with it. */
  readonly added = new Set<string>();
  private readonly classValues = new Map<ts.ClassLikeDeclaration, Value>();

  constructor(private readonly diagnostics: DiagnosticBag) {}

  private wrap(object: EffectObject): HostValue {
    if (object.type === "api" && !this.apis.includes(object)) this.apis.push(object);
    return { kind: "host", host: object };
  }

  /** The Effect value a value is: a host value, or a class that extends one (`class Users extends HttpApiGroup.make(...) {}`). */
  objectOf(value: Value): EffectObject | undefined {
    if (value.kind === "host") return value.host as EffectObject;
    if (value.kind !== "class") return undefined;
    let base = this.classValues.get(value.decl);
    if (!base) {
      const heritage = value.decl.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword)?.types[0]?.expression;
      base = heritage ? this.interpreter.evaluate(heritage, value.scope) : { kind: "unknown", reason: "extends nothing", node: value.decl };
      this.classValues.set(value.decl, base);
    }
    return base.kind === "host" ? (base.host as EffectObject) : undefined;
  }

  private evaluateObject(node: ts.Expression, scope: Scope): EffectObject | undefined {
    return this.objectOf(this.interpreter.evaluate(node, scope));
  }

  private string(node: ts.Expression | undefined, scope: Scope): string | undefined {
    if (!node) return undefined;
    const value = this.interpreter.evaluate(node, scope);
    return value.kind === "string" ? value.value : undefined;
  }

  /** A path or prefix argument; said (APX201) when it cannot be read. */
  private path(node: ts.Expression | undefined, scope: Scope, what: string): string | undefined {
    if (!node) return undefined;
    const value = this.interpreter.evaluate(node, scope);
    if (value.kind === "string") return value.value;
    this.diagnostics.warning(
      "APX201",
      `Cannot resolve this ${what} statically (\`${excerpt(node)}\` ${value.kind === "unknown" ? value.reason : `is a ${value.kind} value`}); the operations under it are left out.`,
      siteOf(node),
      "Use a string literal, a const, or a template literal of consts.",
    );
    return undefined;
  }

  callExternal(callee: ExternalValue, call: CallContext): Value | undefined {
    const name = effectName(callee);
    if (!name) return undefined;
    const [module, member] = name.split(".");
    const node = call.node;
    const args = call.args;
    if (ts.isCallExpression(node) && /^(HttpApi\w*|HttpRouter|OpenApi)$/.test(module!)) this.visited.add(node);
    if (module === "HttpApiEndpoint" && member && Object.hasOwn(EFFECT4_ENDPOINT_METHODS, member) && name.split(".").length === 2) {
      const endpointName = this.string(args[0], call.scope);
      if (endpointName === undefined) {
        this.diagnostics.warning(
          "APX256",
          `Cannot read this endpoint's name statically (\`${args[0] ? excerpt(args[0]) : "none"}\`); Effect keys a group's endpoints by name, so the endpoint is left out.`,
          siteOf(node),
          'Name the endpoint with a string literal or a const (`HttpApiEndpoint.get("findById", "/users/:id")`).',
        );
        return this.wrap({ type: "unread" });
      }
      const method = EFFECT4_ENDPOINT_METHODS[member]!;
      if (args.length < 2) return this.wrap({ type: "endpointTag", name: endpointName, method, node });
      return this.wrap(this.endpoint(endpointName, method, this.path(args[1], call.scope, "endpoint path"), node));
    }
    if (name === "HttpApiGroup.make") {
      const id = this.string(args[0], call.scope);
      if (id === undefined) return this.unreadable(node, "group", args[0]);
      const options = args[1] ? this.interpreter.evaluate(args[1], call.scope) : undefined;
      const topLevel = options?.kind === "object" && truthy(options.props.get("topLevel"));
      return this.wrap({ type: "group", id, topLevel, endpoints: new Map(), middlewares: [], annotations: {}, node });
    }
    if (name === "HttpApi.make") {
      const id = this.string(args[0], call.scope);
      if (id === undefined) return this.unreadable(node, "API", args[0]);
      return this.wrap({ type: "api", id, groups: new Map(), middlewares: [], annotations: {}, node });
    }
    if (name === "HttpApiSchema.param") {
      // (Only the data-first form: Effect's `dual(2, ...)` makes `param("id")` a function of the name, not of a schema.)
      return args.length >= 2 ? this.wrap({ type: "param", name: this.string(args[0], call.scope) }) : undefined;
    }
    if (name === "OpenApi.annotations") {
      const fields = args[0] ? this.interpreter.evaluate(args[0], call.scope) : undefined;
      return this.wrap({ type: "annotations", annotations: fields?.kind === "object" ? annotationsOf(fields.props) : {} });
    }
    if (name === "HttpApiMiddleware.Tag") return this.wrap({ type: "middlewareMaker" });
    if (name === "pipe") {
      if (!args[0]) return undefined;
      return this.pipe(this.interpreter.evaluate(args[0], call.scope), args.slice(1), call);
    }
    // (Effect 4's `HttpRouter` of `effect/http` is a service routes are added to in layers: not read.)
    if (module === "HttpRouter" && member && callee.module.startsWith("@effect/platform")) return this.router(member, call);
    return undefined;
  }

  private unreadable(node: ts.Node, what: string, arg: ts.Expression | undefined): Value {
    this.diagnostics.warning(
      "APX256",
      `Cannot read this ${what}'s identifier statically (\`${arg ? excerpt(arg) : "none"}\`); Effect keys ${what === "group" ? "an API's groups" : "APIs"} by it, so what it holds is not indexed.`,
      siteOf(node),
      "Give the identifier as a string literal or a const.",
    );
    return { kind: "runtime", what: `an Effect ${what} apidex cannot read` };
  }

  private endpoint(name: string, method: string, path: string | undefined, node: ts.Node): Endpoint {
    const doc = leadingDoc(node) ?? (ts.isCallExpression(node) ? statementDoc(node) : undefined) ?? declarationDoc(node as ts.Expression);
    return { type: "endpoint", name, method, path, node, middlewares: [], annotations: {}, ...(doc ? { doc } : {}) };
  }

  externalValue(value: ExternalValue): Value | undefined {
    if (effectName(value) !== "HttpRouter.empty") return undefined;
    // (A new value on each read: routers are immutable, and one never made into another is no root.)
    return this.wrap(this.newRouter([], undefined));
  }

  private newRouter(routes: RouterRoute[], node: ts.Node | undefined, from: Router[] = []): Router {
    for (const r of from) this.derived.add(r);
    const router: Router = { type: "router", routes, node: node ?? routes[0]?.node ?? ts.factory.createEmptyStatement() };
    this.routers.push(router);
    return router;
  }

  tagTemplate(tag: HostValue, node: ts.TaggedTemplateExpression, scope: Scope): Value | undefined {
    const object = tag.host as EffectObject;
    if (object.type !== "endpointTag") return undefined;
    const template = node.template;
    let path: string | undefined;
    if (ts.isNoSubstitutionTemplateLiteral(template)) path = template.text;
    else {
      path = template.head.text;
      template.templateSpans.forEach((span, i) => {
        if (path === undefined) return;
        // Effect names each parameter by its schema's `HttpApiSchema.param` annotation, else by its position.
        const param = this.evaluateObject(span.expression, scope);
        const paramName = param?.type === "param" ? param.name : String(i);
        if (paramName === undefined) {
          this.diagnostics.warning(
            "APX201",
            `Cannot resolve the name of this path parameter statically (\`${excerpt(span.expression)}\`); the endpoint is left out.`,
            siteOf(span.expression),
            'Name it with a string literal or a const (`HttpApiSchema.param("id", Schema.NumberFromString)`).',
          );
          path = undefined;
          return;
        }
        path += `:${paramName}${span.literal.text}`;
      });
    }
    return this.wrap(this.endpoint(object.name, object.method, path, node));
  }

  callValue(callee: HostValue, call: CallContext): Value | undefined {
    const object = callee.host as EffectObject;
    if (object.type === "routeMaker") return this.route(object.method, call);
    if (object.type === "routerStep") {
      const router = call.args[0] ? this.evaluateObject(call.args[0], call.scope) : undefined;
      if (router?.type === "router") return this.wrap(object.apply(router, call.node));
    }
    return undefined;
  }

  callMethod(receiver: HostValue, method: string, call: CallContext): Value {
    const object = receiver.host as EffectObject;
    if (ts.isCallExpression(call.node)) this.visited.add(call.node);
    if (method === "pipe") return this.pipe(receiver, call.args, call);
    switch (object.type) {
      case "endpoint":
        return this.wrap(this.endpointMethod(object, method, call) ?? object);
      case "group":
        return this.wrap(this.groupMethod(object, method, call) ?? object);
      case "api":
        return this.wrap(this.apiMethod(object, method, call) ?? object);
      default:
        return receiver;
    }
  }

  /** `value.pipe(f, g)` and Effect's `pipe(value, f, g)`: each function applied to what the one before gave. */
  private pipe(start: Value, steps: readonly ts.Expression[], call: CallContext): Value {
    let current = start;
    for (const step of steps) {
      const fn = this.interpreter.evaluate(step, call.scope);
      const object = this.objectOf(current);
      const stepObject = this.objectOf(fn);
      if (stepObject?.type === "routerStep" && object?.type === "router") current = this.wrap(stepObject.apply(object, step));
      else if (fn.kind === "function") current = this.interpreter.callFunction(fn, [current], step);
      // Anything else (`HttpServer.serve()`, `HttpMiddleware.logger`, `Layer.provide(...)`) takes the value
      // somewhere apidex does not follow: what it gives is the package's.
      else return { kind: "runtime", what: `the result of ${excerpt(step)}` };
    }
    return current;
  }

  private middlewareUse(node: ts.Expression | undefined, scope: Scope): MiddlewareUse | undefined {
    if (!node) return undefined;
    const value = this.interpreter.evaluate(node, scope);
    return {
      node,
      ...(value.kind === "class" ? { decl: value.decl } : {}),
      fromPackage: value.kind === "external" || isPackageValue(node),
    };
  }

  private annotation(call: CallContext, into: Annotations): Annotations | undefined {
    const [tagNode, valueNode] = call.args;
    if (!tagNode || !valueNode) return undefined;
    const tag = this.interpreter.evaluate(tagNode, call.scope);
    const name = tag.kind === "external" ? effectName(tag) : undefined;
    const field = name?.startsWith("OpenApi.") ? ANNOTATION_TAGS[name.slice(8)] : undefined;
    if (!field) return undefined;
    const value = this.interpreter.evaluate(valueNode, call.scope);
    return { ...into, ...annotationsOf(new Map([[field, value]])) };
  }

  private annotationContext(call: CallContext, into: Annotations): Annotations | undefined {
    const context = call.args[0] ? this.evaluateObject(call.args[0], call.scope) : undefined;
    return context?.type === "annotations" ? { ...into, ...context.annotations } : undefined;
  }

  private endpointMethod(endpoint: Endpoint, method: string, call: CallContext): Endpoint | undefined {
    switch (method) {
      case "prefix": {
        const prefix = this.path(call.args[0], call.scope, "endpoint prefix");
        return { ...endpoint, path: prefix === undefined || endpoint.path === undefined ? undefined : prefixPath(endpoint.path, prefix) };
      }
      case "middleware": {
        const use = this.middlewareUse(call.args[0], call.scope);
        return use ? { ...endpoint, middlewares: [...endpoint.middlewares, use] } : undefined;
      }
      case "annotate": {
        const annotations = this.annotation(call, endpoint.annotations);
        return annotations ? { ...endpoint, annotations } : undefined;
      }
      case "annotateContext": {
        const annotations = this.annotationContext(call, endpoint.annotations);
        return annotations ? { ...endpoint, annotations } : undefined;
      }
      default:
        // The schema setters (`setPayload`, `setUrlParams`, `setPath`, `setHeaders`, `addSuccess`, `addError`)
        // change what the endpoint accepts and answers, not where it is.
        return undefined;
    }
  }

  private groupMethod(group: Group, method: string, call: CallContext): Group | undefined {
    switch (method) {
      case "add": {
        const endpoints = new Map(group.endpoints);
        for (const arg of call.args) {
          const endpoint = this.evaluateObject(arg, call.scope);
          if (endpoint?.type !== "endpoint") {
            // (One whose name could not be read is said where it is made.)
            if (endpoint?.type !== "unread") this.warnUnread(arg, "endpoint", `group "${group.id}"`);
            continue;
          }
          // In a chain (`HttpApiGroup.make("users") /** Find a user *\/ .add(...)`), the comment before the link.
          const callee = call.node.expression;
          const doc = ts.isPropertyAccessExpression(callee) ? leadingDoc(callee, callee.expression.end) : undefined;
          endpoints.set(endpoint.name, doc && !endpoint.doc ? { ...endpoint, doc } : endpoint);
        }
        return { ...group, endpoints };
      }
      case "prefix": {
        const prefix = this.path(call.args[0], call.scope, "group prefix");
        return { ...group, endpoints: mapValues(group.endpoints, (e) => ({ ...e, path: prefixed(e.path, prefix) })) };
      }
      case "middleware": {
        const use = this.middlewareUse(call.args[0], call.scope);
        return use ? { ...group, middlewares: [...group.middlewares, use] } : undefined;
      }
      case "middlewareEndpoints": {
        const use = this.middlewareUse(call.args[0], call.scope);
        return use
          ? { ...group, endpoints: mapValues(group.endpoints, (e) => ({ ...e, middlewares: [...e.middlewares, use] })) }
          : undefined;
      }
      case "annotate": {
        const annotations = this.annotation(call, group.annotations);
        return annotations ? { ...group, annotations } : undefined;
      }
      case "annotateContext": {
        const annotations = this.annotationContext(call, group.annotations);
        return annotations ? { ...group, annotations } : undefined;
      }
      case "annotateEndpoints":
      case "annotateEndpointsContext": {
        const read = method === "annotateEndpoints" ? this.annotation(call, {}) : this.annotationContext(call, {});
        return read
          ? { ...group, endpoints: mapValues(group.endpoints, (e) => ({ ...e, annotations: { ...e.annotations, ...read } })) }
          : undefined;
      }
      default:
        return undefined;
    }
  }

  private apiMethod(api: Api, method: string, call: CallContext): Api | undefined {
    switch (method) {
      case "add": {
        const groups = new Map(api.groups);
        for (const arg of call.args) {
          const group = this.evaluateObject(arg, call.scope);
          if (group?.type !== "group") {
            this.warnUnread(arg, "group", `API "${api.id}"`);
            continue;
          }
          groups.set(group.id, group);
        }
        return { ...api, groups };
      }
      case "addHttpApi": {
        const other = call.args[0] ? this.evaluateObject(call.args[0], call.scope) : undefined;
        if (other?.type !== "api") {
          if (call.args[0]) this.warnUnread(call.args[0], "API", `API "${api.id}"`);
          return undefined;
        }
        this.added.add(other.id);
        const groups = new Map(api.groups);
        for (const [id, group] of other.groups)
          groups.set(id, {
            ...group,
            middlewares: [...other.middlewares, ...group.middlewares],
            annotations: { ...other.annotations, ...group.annotations },
          });
        return { ...api, groups };
      }
      case "prefix": {
        const prefix = this.path(call.args[0], call.scope, "API prefix");
        return {
          ...api,
          groups: mapValues(api.groups, (g) => ({
            ...g,
            endpoints: mapValues(g.endpoints, (e) => ({ ...e, path: prefixed(e.path, prefix) })),
          })),
        };
      }
      case "middleware": {
        const use = this.middlewareUse(call.args[0], call.scope);
        return use ? { ...api, middlewares: [...api.middlewares, use] } : undefined;
      }
      case "annotate": {
        const annotations = this.annotation(call, api.annotations);
        return annotations ? { ...api, annotations } : undefined;
      }
      case "annotateContext": {
        const annotations = this.annotationContext(call, api.annotations);
        return annotations ? { ...api, annotations } : undefined;
      }
      default:
        return undefined;
    }
  }

  private warnUnread(arg: ts.Expression, what: string, into: string): void {
    this.diagnostics.warning(
      "APX256",
      `Cannot read the ${what} added to the ${into} statically (\`${excerpt(arg)}\`); what it serves is not indexed.`,
      siteOf(arg),
      `Add an ${what === "endpoint" ? "`HttpApiEndpoint`" : what === "group" ? "`HttpApiGroup`" : "`HttpApi`"} of the sources, by name or written in place.`,
    );
  }

  // -------------------------------------------------------------------------------------------
  // HttpRouter

  /** `HttpRouter.<member>(...)`: data-first when the first argument is a router (Effect's `dual`), else a step for `pipe`. */
  private router(member: string, call: CallContext): Value | undefined {
    const { args, scope } = call;
    if (ROUTER_METHODS[member]) return this.route(ROUTER_METHODS[member]!, call);
    // Data-first by Effect's `dual`: by arity (`concat`, `append`, `prefixAll`: 2; `mount`: 3), or, for
    // `mountApp`, when the first argument is a router.
    const arity = DATA_FIRST_ARITY[member];
    const first = arity === undefined && args[0] ? this.evaluateObject(args[0], scope) : undefined;
    const dataFirst = arity === undefined ? first?.type === "router" : args.length >= arity;
    const self = dataFirst && args[0] ? this.evaluateObject(args[0], scope) : undefined;
    const rest = dataFirst ? args.slice(1) : args;
    const step = (apply: RouterStep["apply"]): Value => {
      if (!dataFirst) return this.wrap({ type: "routerStep", apply });
      if (self?.type === "router") return this.wrap(apply(self, call.node));
      if (args[0]) this.warnRouter(args[0], "the router given here");
      return { kind: "runtime", what: "a router apidex cannot read" };
    };
    if (member === "route") {
      const method = this.string(args[0], scope);
      return method ? this.wrap({ type: "routeMaker", method: method.toUpperCase() }) : undefined;
    }
    if (member === "makeRoute") {
      const method = this.string(args[0], scope);
      const path = this.path(args[1], scope, "route path");
      if (!method || path === undefined) return undefined;
      return this.wrap({ type: "route", route: this.routeOf(method.toUpperCase(), path, args[2], call.node as ts.CallExpression) });
    }
    if (member === "fromIterable") {
      const list = args[0] ? this.interpreter.evaluate(args[0], scope) : undefined;
      const routes = list?.kind === "array" ? list.items.map((item) => this.objectOf(item)) : undefined;
      if (!routes || routes.some((r) => r?.type !== "route")) {
        if (args[0]) this.warnRouter(args[0], "the routes given to `fromIterable`");
        return this.wrap(this.newRouter([], call.node));
      }
      return this.wrap(
        this.newRouter(
          routes.map((r) => (r as { route: RouterRoute }).route),
          call.node,
        ),
      );
    }
    if (member === "append") {
      const route = rest[0] ? this.evaluateObject(rest[0], scope) : undefined;
      return step((router, at) => {
        if (route?.type !== "route") {
          if (rest[0]) this.warnRouter(rest[0], "the route given to `append`");
          return router;
        }
        return this.newRouter([...router.routes, route.route], at, [router]);
      });
    }
    if (member === "prefixAll") {
      const prefix = this.path(rest[0], scope, "router prefix");
      return step((router, at) =>
        this.newRouter(prefix === undefined ? [] : router.routes.map((r) => ({ ...r, path: prefixPath(r.path, prefix) })), at, [router]),
      );
    }
    if (member === "concat") {
      const that = rest[0] ? this.evaluateObject(rest[0], scope) : undefined;
      return step((router, at) => this.joined(router, that, rest[0], undefined, at));
    }
    if (member === "mount" || member === "mountApp") {
      const prefix = this.path(rest[0], scope, "mount path");
      const that = rest[1] ? this.evaluateObject(rest[1], scope) : undefined;
      // `mountApp(path, app)` hands the app the request with the path taken off, so a router's routes answer
      // under it, as `mount`'s. With `{ includePrefix: true }` the app sees the whole URL, also under prefixes
      // added to the mount later (`prefixAll`), which routes flattened here cannot say: reported instead.
      const options = member === "mountApp" && rest[2] ? this.interpreter.evaluate(rest[2], scope) : undefined;
      const includePrefix = options?.kind === "object" && truthy(options.props.get("includePrefix"));
      return step((router, at) => {
        if (prefix === undefined) return this.newRouter(router.routes, at, [router]);
        if (includePrefix) {
          if (that?.type === "router") this.derived.add(that);
          this.warnRouter(rest[2]!, "an app mounted with `includePrefix: true` (it matches the whole URL)");
          return this.newRouter(router.routes, at, [router]);
        }
        return this.joined(router, that, rest[1], prefix, at);
      });
    }
    if (ROUTER_KEEPS.has(member)) return step((router) => router);
    return undefined;
  }

  /** `concat` and `mount`: the routes of both, the other's under `prefix`. */
  private joined(
    router: Router,
    that: EffectObject | undefined,
    node: ts.Expression | undefined,
    prefix: string | undefined,
    at: ts.Node,
  ): Router {
    if (that?.type !== "router") {
      if (node && !isPackageValue(node)) this.warnRouter(node, "the router or app mounted here");
      return this.newRouter(router.routes, at, [router]);
    }
    this.derived.add(that);
    const added = prefix === undefined ? that.routes : that.routes.map((r) => ({ ...r, path: prefixPath(r.path, prefix) }));
    return this.newRouter([...router.routes, ...added], at, [router]);
  }

  private warnRouter(node: ts.Expression, what: string): void {
    this.diagnostics.warning(
      "APX210",
      `Cannot read ${what} statically (\`${excerpt(node)}\`); the routes it adds are not indexed.`,
      siteOf(node),
      "Give an `HttpRouter` of the sources, by name or built in place with `HttpRouter.empty.pipe(...)`.",
    );
  }

  /** `HttpRouter.get(path, handler)` (a step) or `HttpRouter.get(router, path, handler)`. */
  private route(method: string, call: CallContext): Value | undefined {
    const { args, scope } = call;
    const first = args[0] ? this.evaluateObject(args[0], scope) : undefined;
    const self = first?.type === "router" ? first : undefined;
    const [pathNode, handler] = self ? args.slice(1) : args;
    const node = call.node as ts.CallExpression;
    const path = this.path(pathNode, scope, "route path");
    const add = (router: Router, at: ts.Node): Router =>
      path === undefined
        ? this.newRouter(router.routes, at, [router])
        : this.newRouter([...router.routes, this.routeOf(method, path, handler, node)], at, [router]);
    return self ? this.wrap(add(self, node)) : this.wrap({ type: "routerStep", apply: add });
  }

  private routeOf(method: string, path: string, handler: ts.Expression | undefined, node: ts.CallExpression): RouterRoute {
    const doc = leadingDoc(node) ?? statementDoc(node);
    return { method, path, node, ...(handler ? { handler } : {}), ...(doc ? { doc } : {}) };
  }
}

function truthy(value: Value | undefined): boolean {
  return value?.kind === "boolean" && value.value;
}

function prefixed(path: string | undefined, prefix: string | undefined): string | undefined {
  return path === undefined || prefix === undefined ? undefined : prefixPath(path, prefix);
}

function mapValues<K, V>(map: ReadonlyMap<K, V>, f: (value: V) => V): Map<K, V> {
  return new Map([...map].map(([k, v]) => [k, f(v)]));
}

/** The annotation fields static values give (`{ summary: "...", deprecated: true }`). */
function annotationsOf(props: ReadonlyMap<string, Value>): Annotations {
  const out: Annotations = {};
  for (const field of ["summary", "description", "title", "identifier"] as const) {
    const value = props.get(field);
    if (value?.kind === "string" && value.value.trim()) out[field] = value.value;
  }
  for (const field of ["deprecated", "exclude"] as const) {
    const value = props.get(field);
    if (value?.kind === "boolean") out[field] = value.value;
  }
  return out;
}

/** The comment above the declaration an endpoint is assigned to (`/** ... *\/ export const findById = HttpApiEndpoint.get(...)`). */
function declarationDoc(node: ts.Expression): ReturnType<typeof leadingDoc> {
  // Up the chain it heads (`HttpApiEndpoint.get(...).addSuccess(...)`), never out of an argument list.
  let at: ts.Node = node;
  while (
    at.parent &&
    ((ts.isCallExpression(at.parent) && at.parent.expression === at) ||
      (ts.isPropertyAccessExpression(at.parent) && at.parent.expression === at) ||
      (ts.isTaggedTemplateExpression(at.parent) && at.parent.tag === at))
  )
    at = at.parent;
  const parent = at.parent;
  if (parent && ts.isVariableDeclaration(parent) && parent.parent?.parent && ts.isVariableStatement(parent.parent.parent))
    return leadingDoc(parent.parent.parent);
  return undefined;
}
