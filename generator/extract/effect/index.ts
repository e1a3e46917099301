/**
 * Effect's HTTP APIs (`effect` 3.x with `@effect/platform` 0.9x).
 *
 * **HttpApi** (declarative). An `HttpApi` is served by `HttpApiBuilder.api(Api)` (the layer `HttpApiBuilder.serve()`
 * and `toWebHandler` serve), or `HttpLayerRouter.addHttpApi(Api)`. Its layer needs one implementation per group,
 * `HttpApiBuilder.group(Api, "users", (handlers) => handlers.handle("findById", ...))`, keyed by the API's and the
 * group's identifiers (`HttpApiGroup.ApiGroup<"api", "users">`): an API with a group left unimplemented does not
 * type-check and its layer cannot be built, so Effect serves every endpoint of a served API or none. Each endpoint
 * is an operation at its method and path (OpenAPI's: `OpenApi.fromApi` turns `:id` into `{id}`), named as Effect
 * names it in OpenAPI (`users.findById`; the endpoint's name alone in a `topLevel` group; `OpenApi.Identifier`),
 * documented by `OpenApi` annotations (summary, description, deprecated, exclude) and tagged with its group (its
 * `OpenApi.Title`, else its identifier).
 *
 * Permission keys are read where Effect code can check them: in the handler's body, and in the implementation
 * of each `HttpApiMiddleware` on the way (API, group, endpoint), given as `Layer.effect|succeed|scoped|sync(Tag,
 * ...)`. `security` (bearer, apiKey, basic) only says how a caller authenticates: it names no key. A middleware
 * of the sources whose implementation apidex finds nowhere could refuse on grounds it cannot read: its
 * operations are marked `unresolved` (APX301), as a handler spread from an unreadable value is elsewhere.
 *
 * **HttpRouter**. A router no other is made from or mounted in is served (`HttpServer.serve()`,
 * `HttpApp.toWebHandler`, an export): each of its routes is an operation; `all` is every method.
 */
import { type DiagnosticBag, siteOf } from "../../diagnostics/diagnostic.js";
import { docFromFields, mergeDocs } from "../../resolve/framework-docs.js";
import { excerpt, Interpreter } from "../../resolve/interpreter.js";
import type { Scope } from "../../resolve/scope.js";
import { isFunctionLike, unwrapExpression } from "../../resolve/syntax.js";
import type { CheckValue, Value } from "../../resolve/values.js";
import { callsOf, callsWithin } from "../../scan/calls.js";
import type { SourceSet } from "../../scan/source-set.js";
import { ts } from "../../typescript.js";
import { type FrameworkAdapter, interpreterOptionsOf } from "../adapter.js";
import { flattenApp } from "../flatten.js";
import type { RouteFact } from "../route-fact.js";
import type { RouteCheck, RouterNode } from "../router-graph.js";
import { dedupe, importBindings, reportUnreached } from "../shared.js";
import { EffectHost, effectName } from "./effect-host.js";
import { effectToOpenApi } from "./path-syntax.js";
import type { Api, Endpoint, Group, MiddlewareUse, Router } from "./effect-values.js";

/** The modules of `@effect/platform` that declare routes, and the names its index exports them as. */
const ROUTE_MODULES = /^(HttpApi|HttpApiEndpoint|HttpApiGroup|HttpApiBuilder|HttpRouter)$/;

/** `HttpRouter`'s route functions, for the sweep of registrations the evaluator never reached. */
const ROUTER_VERBS = new Set(["get", "post", "put", "patch", "del", "head", "options", "all"]);

/** Effect 4's HTTP API modules (`effect/http-api`, its betas' `effect/unstable/httpapi`, and their module paths). */
const EFFECT4_HTTP_API = /^effect\/(unstable\/)?(http-api|httpapi)(\/\w+)?$/;

/** Whether a file imports one of `@effect/platform`'s HttpApi modules or `HttpRouter`, or Effect 4's HTTP API modules. */
function importsEffectRoutes(file: ts.SourceFile): boolean {
  for (const target of importBindings(
    file,
    (m) => m === "@effect/platform" || m.startsWith("@effect/platform/") || EFFECT4_HTTP_API.test(m),
  ).values()) {
    const [module, name] = target.split(":") as [string, string];
    if (EFFECT4_HTTP_API.test(module)) return true;
    const sub = module.slice("@effect/platform/".length);
    if (module === "@effect/platform" ? ROUTE_MODULES.test(name) : ROUTE_MODULES.test(sub)) return true;
  }
  return false;
}

export const effectAdapter: FrameworkAdapter = {
  name: "effect",
  detect: (sources) => sources.files.some(importsEffectRoutes),
  extract(sources, options, diagnostics) {
    const host = new EffectHost(diagnostics);
    const interpreter = new Interpreter(sources, diagnostics, interpreterOptionsOf(options), host);
    host.interpreter = interpreter;
    interpreter.executeAll();
    const reading = new HttpApiReading(sources, interpreter, host, diagnostics);
    const facts: RouteFact[] = [...reading.facts(), ...routerFacts(host, interpreter, diagnostics)];
    interpreter.finishChecks();
    reportUnreached(sources, host.visited, interpreter, diagnostics, ROUTER_VERBS, options.unreached);
    return dedupe(facts);
  },
};

/** What the sources serve of their `HttpApi`s: the APIs served, the group implementations, the middleware implementations. */
class HttpApiReading {
  private readonly served: { api: Api; node: ts.CallExpression }[] = [];
  /** Group implementations by API and group identifier (Effect's `ApiGroup<ApiId, Name>` key). */
  private readonly implementations = new Map<string, { build: ts.Expression; scope: Scope; node: ts.CallExpression }>();
  /** APIs with a group implementation whose group name apidex cannot read: any of their groups may be it. */
  private readonly unreadImplementations = new Map<string, ts.CallExpression>();
  /** Middleware implementations by the middleware's class. */
  private readonly middlewareImplementations = new Map<ts.ClassLikeDeclaration, { impl: ts.Expression; scope: Scope }[]>();
  private readonly middlewareChecks = new Map<ts.Node, CheckValue[]>();

  constructor(
    sources: SourceSet,
    private readonly interpreter: Interpreter,
    private readonly host: EffectHost,
    private readonly diagnostics: DiagnosticBag,
  ) {
    // (Every file the evaluation parsed: a middleware's implementation may import nothing of @effect/platform.)
    for (const file of sources.parsedFiles()) {
      if (file.isDeclarationFile || !/HttpApiBuilder|HttpLayerRouter|Layer/.test(file.text)) continue;
      const scope = interpreter.module(file).scope;
      for (const call of callsOf(file)) {
        if (!ts.isCallExpression(call)) continue;
        // Only a name or a member of a name (`HttpApiBuilder.api`, `Layer.effect`, an imported `api`): nothing else is evaluated.
        const callee = unwrapExpression(call.expression);
        if (!ts.isIdentifier(callee) && !(ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression))) continue;
        const member = ts.isPropertyAccessExpression(callee) ? callee.name.text : callee.text;
        if (!/^(api|layer|group|addHttpApi|effect|succeed|scoped|sync)$/.test(member)) continue;
        const value = interpreter.evaluate(callee, scope);
        const name = value.kind === "external" ? effectName(value) : undefined;
        if (!name) continue;
        // (`HttpApiBuilder.layer(Api)` is Effect 4's.)
        if (name === "HttpApiBuilder.api" || name === "HttpApiBuilder.layer" || name === "HttpLayerRouter.addHttpApi")
          this.serve(call, scope);
        else if (name === "HttpApiBuilder.group") this.implement(call, scope);
        else if (/^Layer\.(effect|succeed|scoped|sync)$/.test(name)) this.middlewareImplementation(call, scope);
      }
    }
  }

  private serve(call: ts.CallExpression, scope: Scope): void {
    const arg = call.arguments[0];
    const api = arg ? this.host.objectOf(this.interpreter.evaluate(arg, scope)) : undefined;
    if (api?.type === "api") {
      if (!this.served.some((s) => s.api === api)) this.served.push({ api, node: call });
      return;
    }
    this.diagnostics.warning(
      "APX256",
      `Cannot read the HttpApi this call serves statically (\`${arg ? excerpt(arg) : "none"}\`); its endpoints are not indexed.`,
      siteOf(call),
      "Pass an `HttpApi.make(...)` of the sources by name (`HttpApiBuilder.api(MyApi)`).",
    );
  }

  private implement(call: ts.CallExpression, scope: Scope): void {
    const [apiNode, nameNode, build] = call.arguments;
    if (!apiNode || !nameNode || !build) return;
    const api = this.host.objectOf(this.interpreter.evaluate(apiNode, scope));
    if (api?.type !== "api") return;
    const name = this.interpreter.evaluate(nameNode, scope);
    if (name.kind !== "string") {
      this.unreadImplementations.set(api.id, call);
      return;
    }
    this.implementations.set(`${api.id}\0${name.value}`, { build, scope, node: call });
  }

  private middlewareImplementation(call: ts.CallExpression, scope: Scope): void {
    const [tagNode] = call.arguments;
    // `Layer.succeed(Tag, impl)`, or Effect 4's curried `Layer.succeed(Tag)(impl)`.
    const impl =
      call.arguments[1] ?? (ts.isCallExpression(call.parent) && call.parent.expression === call ? call.parent.arguments[0] : undefined);
    if (!tagNode || !impl) return;
    const tag = this.interpreter.evaluate(tagNode, scope);
    if (tag.kind !== "class") return;
    const list = this.middlewareImplementations.get(tag.decl) ?? [];
    list.push({ impl, scope });
    this.middlewareImplementations.set(tag.decl, list);
  }

  facts(): RouteFact[] {
    const facts: RouteFact[] = [];
    for (const { api } of this.served) for (const group of api.groups.values()) facts.push(...this.groupFacts(api, group));
    // An API nothing serves is a contract (shared with a client, served by a service outside the sources).
    const served = new Set(this.served.map((s) => s.api.id));
    const unserved = new Map<string, Api>();
    for (const api of this.host.apis) if (!served.has(api.id) && !this.host.added.has(api.id) && api.groups.size) unserved.set(api.id, api);
    for (const api of unserved.values())
      this.diagnostics.warning(
        "APX256",
        `No \`HttpApiBuilder.api(...)\` of the sources serves the HttpApi "${api.id}" (${[...api.groups.values()].reduce((n, g) => n + g.endpoints.size, 0)} endpoint(s)); it is not indexed.`,
        siteOf(api.node),
        "Index the project that serves it (`HttpApiBuilder.api(MyApi)`), or include that code in the sources.",
      );
    return facts;
  }

  private groupFacts(api: Api, group: Group): RouteFact[] {
    const implementation = this.implementations.get(`${api.id}\0${group.id}`);
    const handlers = implementation ? this.handlersOf(implementation) : undefined;
    const unhandled: string[] = [];
    const facts: RouteFact[] = [];
    for (const endpoint of group.endpoints.values()) {
      // Said where it is written (APX201).
      if (endpoint.path === undefined) continue;
      const checks: RouteCheck[] = [...api.middlewares, ...group.middlewares, ...endpoint.middlewares].flatMap((use) =>
        this.middlewareUseChecks(use),
      );
      const handler = handlers?.get(endpoint.name);
      if (handler) checks.push(...checksIn(this.interpreter, handler.node, handler.scope));
      else {
        // Its checks could be anywhere: the operation is kept, marked.
        unhandled.push(endpoint.name);
        checks.push({ keys: [], unresolved: true });
      }
      facts.push(...this.endpointFacts(api, group, endpoint, checks));
    }
    if (unhandled.length && !this.unreadImplementations.has(api.id))
      this.diagnostics.warning(
        "APX256",
        implementation
          ? `The implementation of the group "${group.id}" handles no endpoint named ${unhandled.map((n) => `"${n}"`).join(", ")} that apidex can read; Effect serves them as the API declares them (an endpoint left unhandled does not type-check), so they are indexed, but their handlers' permission checks are not read: marked \`unresolved\`.`
          : `No \`HttpApiBuilder.group(api, "${group.id}", ...)\` of the sources implements the group "${group.id}" of the served HttpApi "${api.id}"; Effect cannot build the API's layer without it, so it is implemented where apidex cannot read it. Its ${unhandled.length} endpoint(s) are indexed as the API declares them, but their handlers' permission checks are not read: marked \`unresolved\`.`,
        implementation ? siteOf(implementation.node) : siteOf(group.node),
        implementation
          ? 'Register each handler with a string name (`handlers.handle("findById", ...)`).'
          : `Implement it with \`HttpApiBuilder.group(Api, "${group.id}", (handlers) => ...)\` in the sources.`,
      );
    else if (unhandled.length) {
      const call = this.unreadImplementations.get(api.id)!;
      this.diagnostics.warning(
        "APX256",
        `Cannot read which group this implementation is for statically (\`${excerpt(call.arguments[1]!)}\`); the endpoints of the group "${group.id}" are indexed without their handlers' permission checks: marked \`unresolved\`.`,
        siteOf(call.arguments[1]!),
        "Name the group with a string literal or a const.",
      );
    }
    return facts;
  }

  private endpointFacts(api: Api, group: Group, endpoint: Endpoint, checks: RouteCheck[]): RouteFact[] {
    const site = siteOf(endpoint.node);
    const annotations = endpoint.annotations;
    const operationId = annotations.identifier ?? (group.topLevel ? endpoint.name : `${group.id}.${endpoint.name}`);
    const framework = docFromFields(
      {
        ...(annotations.summary ? { summary: annotations.summary } : {}),
        ...(annotations.description ? { description: annotations.description } : {}),
        tags: [group.annotations.title ?? api.annotations.title ?? group.id],
        ...(annotations.deprecated ? { deprecated: true } : {}),
        ...(annotations.exclude || group.annotations.exclude ? { hidden: true } : {}),
        operationId,
      },
      site,
      "Effect HttpApi",
      true,
    );
    const root: RouterNode = { id: 0, kind: "app", site: siteOf(api.node), stack: [], mounted: true };
    const doc = mergeDocs(endpoint.doc, framework);
    root.stack.push({
      type: "route",
      method: endpoint.method,
      paths: [endpoint.path!],
      checks,
      terminal: true,
      site,
      handlerLabel: endpoint.name,
      ...(doc ? { doc } : {}),
    });
    const facts = flattenApp(root, this.diagnostics, "effect", effectToOpenApi);
    for (const fact of facts) fact.handlerName = operationId;
    return facts;
  }

  /** `handlers.handle("name", fn)` and `handleRaw` calls inside a group's implementation, by endpoint name. */
  private handlersOf(implementation: { build: ts.Expression; scope: Scope }): Map<string, { node: ts.Expression; scope: Scope }> {
    const out = new Map<string, { node: ts.Expression; scope: Scope }>();
    const build = unwrapExpression(implementation.build);
    const body = isFunctionLike(build) ? build : undefined;
    const within = body ?? this.declarationOf(build, implementation.scope) ?? build;
    for (const call of callsWithin(within)) {
      if (!ts.isCallExpression(call) || !ts.isPropertyAccessExpression(call.expression)) continue;
      if (!/^handle(Raw)?$/.test(call.expression.name.text) || call.arguments.length < 2) continue;
      const name = this.interpreter.evaluate(call.arguments[0]!, implementation.scope);
      if (name.kind === "string") out.set(name.value, { node: call.arguments[1]!, scope: implementation.scope });
    }
    return out;
  }

  private declarationOf(node: ts.Expression, scope: Scope): ts.Node | undefined {
    if (!ts.isIdentifier(node)) return undefined;
    const declaration = scope.lookup(node.text)?.node;
    return declaration && ts.isVariableDeclaration(declaration) ? declaration.initializer : declaration;
  }

  /** The checks a middleware on the way makes: those its implementation's functions call. */
  private middlewareUseChecks(use: MiddlewareUse): RouteCheck[] {
    if (use.fromPackage) return [];
    const key: ts.Node = use.decl ?? use.node;
    const known = this.middlewareChecks.get(key);
    if (known) return known;
    const implementations = use.decl ? this.middlewareImplementations.get(use.decl) : undefined;
    let checks: CheckValue[];
    if (implementations?.length) checks = implementations.flatMap(({ impl, scope }) => checksIn(this.interpreter, impl, scope));
    else {
      const named = use.decl?.name?.text ?? excerpt(use.node);
      this.diagnostics.warning(
        "APX301",
        use.decl
          ? `apidex finds no implementation of the middleware ${named} in the sources (\`Layer.effect(${named}, ...)\`): a permission check in it would be missed, so the operations it guards are marked \`unresolved\`.`
          : `Cannot read the middleware \`${named}\` statically: a permission check in it would be missed, so the operations it guards are marked \`unresolved\`.`,
        siteOf(use.decl?.name ?? use.node),
        "Implement the middleware in the sources with `Layer.effect(Tag, ...)` (or `Layer.succeed`), or pass its class by name.",
      );
      checks = [{ kind: "check", keys: [], unresolved: true, node: use.node as ts.CallExpression }];
    }
    this.middlewareChecks.set(key, checks);
    return checks;
  }
}

/**
 * The permission checks an expression's functions make: a handler function, or an Effect value built from
 * functions (`Effect.gen(function* () {...})`, `Effect.flatMap(..., (x) => ...)`), or a const holding one.
 */
function checksIn(interpreter: Interpreter, node: ts.Expression, scope: Scope, depth = 0): CheckValue[] {
  const inner = unwrapExpression(node);
  if (isFunctionLike(inner)) return interpreter.bodyChecks({ kind: "function", decl: inner, scope });
  if (ts.isIdentifier(inner) || ts.isPropertyAccessExpression(inner)) {
    const value: Value = interpreter.evaluate(inner, scope);
    if (value.kind === "function") return interpreter.bodyChecks(value);
    if (value.kind === "check") return [value];
    const declaration = ts.isIdentifier(inner) ? scope.lookup(inner.text)?.node : undefined;
    if (depth < 3 && declaration && ts.isVariableDeclaration(declaration) && declaration.initializer)
      return checksIn(interpreter, declaration.initializer, scope, depth + 1);
    return [];
  }
  // (`Effect.zipRight(requirePermission("jobs.retry"), ...)`: a check written in the Effect itself.)
  const out: CheckValue[] = [];
  const visit = (child: ts.Node): void => {
    if (isFunctionLike(child)) out.push(...interpreter.bodyChecks({ kind: "function", decl: child, scope }));
    else {
      if (ts.isCallExpression(child) && interpreter.isPermissionCall(child)) out.push(interpreter.check(child, scope));
      ts.forEachChild(child, visit);
    }
  };
  visit(inner);
  return out;
}

/** The routes of every router no other is made from or mounted in. */
function routerFacts(host: EffectHost, interpreter: Interpreter, diagnostics: DiagnosticBag): RouteFact[] {
  const facts: RouteFact[] = [];
  for (const router of host.routers) {
    if (host.derived.has(router) || !router.routes.length) continue;
    facts.push(...flattenApp(rootOf(router, interpreter), diagnostics, "effect", effectToOpenApi));
  }
  return facts;
}

function rootOf(router: Router, interpreter: Interpreter): RouterNode {
  const scopeOf = (node: ts.Node) => interpreter.module(node.getSourceFile()).scope;
  return {
    id: 0,
    kind: "app",
    site: siteOf(router.node),
    mounted: true,
    stack: router.routes.map((route) => ({
      type: "route" as const,
      method: route.method === "*" ? "ALL" : route.method,
      paths: [route.path],
      checks: route.handler ? checksIn(interpreter, route.handler, scopeOf(route.node)) : [],
      terminal: true,
      site: siteOf(route.node),
      ...(route.doc ? { doc: route.doc } : {}),
    })),
  };
}
