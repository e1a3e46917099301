import { ts } from "../typescript.js";
import { type DiagnosticBag, siteOf, type SourceSite } from "../diagnostics/diagnostic.js";
import { type DocComment, leadingDoc } from "../resolve/doc-comment.js";
import { mergeDocs } from "../resolve/framework-docs.js";
import { unwrapExpression } from "../resolve/syntax.js";
import { type CallContext, excerpt, explain, type HostAdapter, type Interpreter } from "../resolve/interpreter.js";
import { type CheckValue, type ExternalValue, type FunctionValue, type HostValue, stringsOf, type Value } from "../resolve/values.js";
import {
  answeredMethodsOf,
  answersMethodNotAllowedOnly,
  answersNotFoundOnly,
  forwardedHandler,
  isCatchAllPath,
  wildcardPrefix,
} from "./answered-methods.js";
import { requiredParams } from "./required-params.js";
import { regexpRoutePaths } from "./regexp-paths.js";
import { readRequestMethods } from "./file-routes/request-methods.js";
import { ALL_METHODS } from "./flatten.js";
import type { ModuleRecorder } from "./incremental/recorder.js";
import type { BranchChoice } from "../resolve/branch-choice.js";
import type { SavedRouter } from "./incremental/module-summary.js";
import type { Layer, RouteCheck, RouteLayer, RouterNode } from "./router-graph.js";

/** An object a router host hands to the evaluator: a router/app, or a `route(path)` chain. */
export type RouterObject =
  | { type: "router"; router: RouterNode }
  | { type: "chain"; router: RouterNode; paths: string[]; call: ts.CallExpression };

/** Handlers and checks found in a route's arguments. */
export interface HandlerParts {
  checks: CheckValue[];
  handlers: FunctionValue[];
  /** Documentation a route argument carries (hono-openapi's `describeRoute({...})` middleware). */
  doc?: DocComment;
}

/**
 * What the router-style adapters (Express, Hono, Koa, Fastify) share: router nodes, path arguments,
 * handlers and checks in route arguments, doc comments, and the record of reached registrations.
 */
export abstract class RouterHost implements HostAdapter {
  readonly routers: RouterNode[] = [];
  /** Registration calls the evaluator reached, for the sweep that reports the ones it did not. */
  readonly visited = new Set<ts.CallExpression>();
  interpreter!: Interpreter;
  /** Records what each module's evaluation does, for the next run's replay (extract/incremental). */
  recorder: ModuleRecorder | undefined;
  private nextId = 0;
  /** Values that document the route they are passed to (`describeRoute({...})`), with what they say. */
  protected readonly routeDocs = new WeakMap<Value, DocComment>();
  /** Route paths read after a leading part apidex could not read (relativeRoutePaths): indexed relative to it. */
  protected readonly relativePaths = new WeakSet<string[]>();

  constructor(protected readonly diagnostics: DiagnosticBag) {}

  abstract callExternal(callee: ExternalValue, call: CallContext): Value | undefined;
  abstract callMethod(receiver: HostValue, method: string, call: CallContext): Value;

  protected create(kind: "app" | "router", node: ts.Node): { value: HostValue; router: RouterNode } {
    const router = this.newRouter(kind, siteOf(node));
    return { value: this.host({ type: "router", router }), router };
  }

  private newRouter(kind: "app" | "router", site: SourceSite, prefix?: string): RouterNode {
    const router: RouterNode = { id: this.nextId++, kind, site, stack: [], mounted: false, ...(prefix !== undefined ? { prefix } : {}) };
    this.routers.push(router);
    this.recorder?.created(router);
    return router;
  }

  /** A router an earlier run's summary describes, created again (its layers are filled by the replay). */
  restoreRouter(saved: SavedRouter): RouterNode {
    return this.newRouter(saved.kind, saved.site, saved.prefix);
  }

  /**
   * `{ conditional: true }` for a route or mount registered after an early exit whose condition apidex
   * cannot read (it is served only when the exit is not taken), else nothing: spread into the layer.
   */
  protected conditional(): { conditional?: true; branches?: BranchChoice[] } {
    if (!this.interpreter.registersUncertainly()) return {};
    // Under branches of `if`s only: which, so that alternatives of one route merge (extract/alternative-branches.ts).
    const branches = this.interpreter.uncertainBranches();
    return branches ? { conditional: true, branches: [...branches] } : { conditional: true };
  }

  /**
   * The router a method call is made on, and the call: the opening of every host's `callMethod` (a call on
   * something else, or a `new`, changes nothing).
   */
  protected routerCall(receiver: HostValue, call: CallContext): { router: RouterNode; node: ts.CallExpression } | undefined {
    const object = receiver.host as RouterObject;
    if (object.type !== "router" || !ts.isCallExpression(call.node)) return undefined;
    return { router: object.router, node: call.node };
  }

  /**
   * A router's own prefix from its constructor's options (`new Router({ prefix })`, `new Elysia({ prefix })`):
   * set when it is one string. One apidex cannot read is reported where it is written (the `prefix` property,
   * or the unknown part of it): the router's routes are indexed relative to it — to what follows an unknown
   * leading part (`` `${base}/api/v2` ``), else, when `relative` (an Elysia instance's prefix, which like
   * Hono's `basePath()` is where a whole app is served), to the router — marked `unresolved: ["path"]`, as under
   * a mount prefix apidex cannot read. Otherwise the routes are left out (a Koa prefix `"/" + tableOf(x)` is a
   * segment of every path, not where a service is deployed).
   */
  protected readPrefix(router: RouterNode, call: CallContext, what: string, relative = false, key = "prefix"): void {
    const options = call.args[0] ? this.interpreter.evaluate(call.args[0], call.scope) : undefined;
    const prefix = options?.kind === "object" ? options.props.get(key) : undefined;
    if (!prefix) return;
    const strings = stringsOf(prefix);
    if (strings?.length === 1) {
      router.prefix = strings[0];
      return;
    }
    this.recorder?.spoil(call.node.getSourceFile().fileName, `it creates a router whose prefix apidex cannot read`);
    const node = prefixNode(call.args[0]!, key) ?? call.args[0]!;
    const split = strings ? undefined : splitUnknownHead(node, (e) => stringsOf(this.interpreter.evaluate(e, call.scope)));
    if (!strings && (split ? split.tails.length === 1 : relative)) {
      const at = split?.head ?? node;
      const tail = split ? (split.tails[0]!.startsWith("/") || !split.tails[0] ? split.tails[0]! : `/${split.tails[0]}`) : "";
      this.diagnostics.warning(
        "APX201",
        split
          ? `Cannot resolve the leading part of this ${what} statically: \`${excerpt(at)}\` ${explain(this.interpreter.evaluate(at, call.scope))}; the routes are indexed relative to it, under \`${tail || "/"}\`, marked \`unresolved: ["path"]\` (their served paths start with that part).`
          : `Cannot resolve this ${what} statically: \`${excerpt(at)}\` ${explain(prefix)}; the routes are indexed relative to it, marked \`unresolved: ["path"]\` (their served paths start with that prefix).`,
        siteOf(at),
        "Use a string literal, a const, or a template literal of consts; or set the variables it reads in the config's `env`.",
      );
      if (tail) router.prefix = tail;
      router.prefixUnknown = true;
      return;
    }
    this.paths(node, call, what);
    router.prefixUnreadable = true;
  }

  /**
   * `router[verb](path, handler)` with a method name known only at run time: which route it registers
   * cannot be told, so it is reported here (not as a registration the evaluator never reached).
   */
  callComputed(receiver: HostValue, key: Value, call: CallContext): void {
    if (!ts.isCallExpression(call.node) || call.args.length < 2 || (receiver.host as RouterObject).type !== "router") return;
    const node = call.node;
    this.visit(node);
    const name = (node.expression as ts.ElementAccessExpression).argumentExpression;
    this.diagnostics.warning(
      "APX201",
      `Cannot resolve this route's method statically: \`${excerpt(name)}\` ${explain(key)}; what it registers is left out.`,
      siteOf(name),
      "Call the method by name (`router.get(...)`), or loop over a const array of method names.",
    );
  }

  /** The value the evaluator holds for a router. */
  valueOf(router: RouterNode): HostValue {
    return this.host({ type: "router", router });
  }

  /** A registration call the evaluator reached. */
  protected visit(node: ts.CallExpression): void {
    this.visited.add(node);
    this.recorder?.visited(node);
  }

  protected host(object: RouterObject): HostValue {
    return { kind: "host", host: object };
  }

  routerOf(value: Value): RouterNode | undefined {
    // An instance of a class extending the framework's router (`class SchemaRouter extends Router`).
    if (value.kind === "instance" && value.host) return this.routerOf(value.host);
    return value.kind === "host" && (value.host as RouterObject).type === "router"
      ? (value.host as { router: RouterNode }).router
      : undefined;
  }

  /**
   * What is mounted at a path but cannot be followed (`app.use("/properties", ctx.props)`, Hono's
   * `app.route("/sub", deps.sub)`): most often a router, whose routes would otherwise be missing under that
   * path without a word (APX210). Nothing is said at the root, where such a value is mostly middleware.
   */
  protected reportUnreadMount(arg: ts.Expression, value: Value, paths: readonly string[]): void {
    if (!paths.some((p) => p !== "/" && p !== "")) return;
    const why = value.kind === "unknown" ? value.reason : explain(value, "a router or an app of the sources");
    this.diagnostics.warning(
      "APX210",
      `This mount was not analysed: \`${excerpt(arg)}\` ${why}; if it is a router or an app, the routes it serves under ${paths.join(", ")} are not indexed.`,
      siteOf(arg),
      "Mount a router apidex can follow (a module's export, a factory's result), or give the factory its arguments in the config's `factoryArguments`.",
    );
  }

  /**
   * A mount prefix apidex cannot read (`app.use(config.basePath, router)`, a prefix a container provides):
   * reported at it; the routers given are mounted at the root, marked so that what they serve is indexed
   * relative to the prefix with `unresolved: ["path"]` (its served path starts with that prefix), rather than
   * left out. Middleware given with it is not applied: which routes it covers cannot be told.
   */
  protected mountUnderUnknownPrefix(
    router: RouterNode,
    prefix: ts.Expression,
    values: readonly Value[],
    call: CallContext,
    onMount?: (sub: RouterNode) => void,
  ): void {
    const value = this.interpreter.evaluate(prefix, call.scope);
    this.diagnostics.warning(
      "APX201",
      `Cannot resolve this mount prefix statically: \`${excerpt(prefix)}\` ${explain(value)}; the routes under it are indexed relative to it, marked \`unresolved: ["path"]\` (their served paths start with that prefix).`,
      siteOf(prefix),
      "Use a string literal, a const, or a template literal of consts; or set the variables it reads in the config's `env` (or the factory's `factoryArguments`).",
    );
    const site = siteOf(call.node);
    for (const v of values)
      for (const item of flattenValues(v)) {
        const sub = this.routerOf(item);
        if (!sub) continue;
        sub.mounted = true;
        onMount?.(sub);
        router.stack.push({ type: "mount", paths: ["/"], router: sub, site, prefixUnknown: true, ...this.conditional() });
      }
  }

  /** A path argument: a string or an array of strings; anything else is reported and yields nothing. */
  protected paths(arg: ts.Expression | undefined, call: CallContext, what: string): string[] | undefined {
    if (!arg) return undefined;
    const value = this.interpreter.evaluate(arg, call.scope);
    const strings = stringsOf(value);
    if (strings) return strings;
    if (what === "route path") {
      const named = this.unnamedParameterPaths(arg, call);
      if (named) return named;
      const relative = this.relativeRoutePaths(arg, call);
      if (relative) return relative;
    }
    const regexp = ts.isRegularExpressionLiteral(arg) || (value.kind === "unknown" && ts.isRegularExpressionLiteral(value.node));
    // `app.get(/^\/(v1|v2)\/items$/, ...)`: a few literal paths, each a route.
    const literal = ts.isRegularExpressionLiteral(arg)
      ? arg
      : value.kind === "unknown" && ts.isRegularExpressionLiteral(value.node)
        ? value.node
        : undefined;
    const expanded = literal && what === "route path" ? regexpRoutePaths(literal.text) : undefined;
    if (expanded) return expanded;
    this.diagnostics.warning(
      regexp ? "APX203" : "APX201",
      regexp
        ? `This ${what} is a regular expression, which an OpenAPI path cannot express; what it registers is left out.`
        : `Cannot resolve this ${what} statically: \`${excerpt(arg)}\` ${explain(value)}; what it registers is left out.`,
      siteOf(arg),
      regexp
        ? "Use a string path with named parameters (`/files/:name`)."
        : "Use a string literal, a const, or a template literal of consts; a path computed at run time cannot be indexed.",
    );
    return undefined;
  }

  /**
   * A route path whose leading part only is unknown (`options.prefix + "users"`, `` `${base}/users/:id` ``, a
   * prefix a plugin's options or the environment give): what follows it, as a path of its own, reported at the
   * unknown part and marked so that the route is indexed relative to it with `unresolved: ["path"]` (the
   * served path starts with that part), as under a mount prefix apidex cannot read. Undefined when more than
   * the leading part is unknown.
   */
  /** The unknown leading parts already reported (`relativeRoutePaths`). */
  private readonly relativeHeads = new Set<ts.Node>();

  protected relativeRoutePaths(arg: ts.Expression, call: CallContext): string[] | undefined {
    const split = splitUnknownHead(arg, (e) => stringsOf(this.interpreter.evaluate(e, call.scope)));
    if (!split) return undefined;
    const paths = split.tails.map((t) => (t.startsWith("/") ? t : `/${t}`));
    const value = this.interpreter.evaluate(split.head, call.scope);
    // Said once per place: a loop over a route table registers every route through the same expression.
    if (!this.relativeHeads.has(split.head)) {
      this.relativeHeads.add(split.head);
      this.diagnostics.warning(
        "APX201",
        `Cannot resolve the leading part of this route path statically: \`${excerpt(split.head)}\` ${explain(value)}; the route is indexed as \`${paths[0]}\` relative to it, marked \`unresolved: ["path"]\` (its served path starts with that part), and so is every other route registered through this expression.`,
        siteOf(split.head),
        "Use a string literal, a const, or a template literal of consts; or set the variables it reads in the config's `env` (or the factory's `factoryArguments`).",
      );
    }
    this.relativePaths.add(paths);
    return paths;
  }

  /**
   * A route path whose only unknown parts are the names of path parameters (`` `/:id/${pathname}/:${camelcase(table)}Id` ``,
   * a name a package function makes): the path is known, so the route is indexed, each such parameter named
   * `param` (`param2`, ...) with what the code writes around it (`{paramId}`), and that is reported.
   */
  protected unnamedParameterPaths(arg: ts.Expression, call: CallContext): string[] | undefined {
    const filled = fillParameterNames(arg, (e) => stringsOf(this.interpreter.evaluate(e, call.scope)));
    if (!filled) return undefined;
    for (const hole of filled.holes) {
      const value = this.interpreter.evaluate(hole, call.scope);
      this.diagnostics.warning(
        "APX201",
        `Cannot resolve the name of this path parameter statically: \`${excerpt(hole)}\` ${explain(value)}; the route is indexed as \`${filled.paths[0]}\`, the parameter named there for what the code writes around it (the path itself is known).`,
        siteOf(hole),
        "Name path parameters with string literals or consts, so that the documents name them as the code does.",
      );
    }
    return filled.paths;
  }

  /** Adds a route layer for one registration call (`router.get(path, ...handlers)` and its kin). */
  protected addRoute(
    router: RouterNode,
    method: string,
    paths: string[],
    /** Route arguments, or values already read with the node they come from (a route object's `handler`). */
    handlerArgs: readonly (ts.Expression | { node: ts.Expression; value: Value })[],
    call: CallContext,
    registrationDoc: DocComment | undefined,
    extraChecks: CheckValue[] = [],
    /** What the framework's doc convention says of the route (route schema, route definition). */
    frameworkDoc?: DocComment,
    /** Where the route is written, when not at the call (a hapi route object in its own module). */
    written?: ts.Node,
  ): void {
    const parts: HandlerParts = { checks: [...extraChecks], handlers: [] };
    // Registered in a loop over a registry whose entries carry their permission (config `registry`).
    const registry = ts.isCallExpression(call.node) ? this.interpreter.registryCheck(call.node) : undefined;
    if (registry) parts.checks.push(registry);
    // What a spread written last gives (evaluated once: a factory's call may register routes).
    let lastSpread: Value | undefined;
    for (const arg of handlerArgs) {
      if (!("kind" in arg)) {
        this.collect(arg.node, arg.value, call, parts);
        continue;
      }
      if (!ts.isSpreadElement(arg)) {
        this.collect(arg, this.interpreter.evaluate(arg, call.scope), call, parts);
        continue;
      }
      // `app.get(path, ...handlers)`: the items of a static array are route arguments; what cannot be read
      // may hold a permission check, so the route is marked, never taken as checking nothing.
      const spread = this.interpreter.evaluate(arg.expression, call.scope);
      if (arg === handlerArgs[handlerArgs.length - 1]) lastSpread = spread;
      if (spread.kind === "array") this.collect(arg.expression, spread, call, parts);
      else {
        this.diagnostics.warning(
          "APX301",
          `The route's handlers come from \`${excerpt(arg)}\`, which apidex cannot read statically: a permission check among them would be missed, so the route is marked \`unresolved\`.`,
          siteOf(arg),
          "Spread a const array of middleware and handlers, or pass them as arguments.",
        );
        parts.checks.push({ kind: "check", keys: [], node: call.node as ts.CallExpression, unresolved: true });
      }
    }
    const node = call.node as ts.CallExpression;
    const site = written ? siteOf(written) : ts.isPropertyAccessExpression(node.expression) ? siteOf(node.expression.name) : siteOf(node);
    // A written comment wins, field by field, over the framework's conventions (resolve/framework-docs.ts).
    const doc = mergeDocs(handlerDoc(parts.handlers) ?? registrationDoc, mergeDocs(frameworkDoc, parts.doc));
    const upper = method.toUpperCase();
    // `all(path, check)` or `all(path, middleware)` gates later routes on that path; with a handler that
    // answers (fewer than three parameters) it is also an operation for every method.
    let terminal =
      upper !== "ALL" ||
      allAnswers(
        handlerArgs.map((a) => ("kind" in a ? a : a.node)),
        parts,
        (h) => this.handlerPassesOn(h),
        (arg) =>
          handlerArgs.find((a): a is { node: ts.Expression; value: Value } => !("kind" in a) && a.node === arg)?.value ??
          this.interpreter.evaluate(arg, call.scope),
      );
    const answering = parts.handlers[parts.handlers.length - 1];
    const handler = answering?.decl;
    let methods: string[] | undefined;
    // `app.all("*", (req, res) => res.status(404).send())`: the not-found fallback, not an operation.
    if (terminal && answering && paths.every(isCatchAllPath) && answersNotFoundOnly(answering.decl)) terminal = false;
    // `app.get("/rpc", methodNotAllowed)` beside the POST that answers: it only names the method to use.
    else if (terminal && answering && upper !== "ALL" && answersMethodNotAllowedOnly(answering.decl)) terminal = false;
    // `app.options("*", cors())`: a preflight a package answers for the routes of the path, not an operation.
    else if (upper === "OPTIONS" && !answering && handlerArgs.length > 0) terminal = false;
    else if (terminal && answering && upper === "ALL") methods = this.answeredMethods(answering);
    if (methods?.length === 0) terminal = false;
    // `app.post(path, audit())` before `app.post(path, handler)`: functions that all pass the request on (Express's
    // `(req, res, next)` calling `next()`) answer nothing themselves; a later registration does.
    // Only when the last argument is such a function of the sources: one apidex cannot read may answer. (Read
    // last, and only then: most registrations answer, and evaluating an argument again costs.)
    const last = handlerArgs[handlerArgs.length - 1];
    const lastValue = last === undefined ? undefined : "kind" in last ? this.interpreter.evaluate(last, call.scope) : last.value;
    const passes =
      upper !== "ALL" &&
      parts.handlers.length > 0 &&
      parts.handlers.every((h) => this.handlerPassesOn(h)) &&
      lastValue?.kind === "function";
    // `app.post("/", apiLimiter)` then `app.post("/", handler)`: a package's middleware registered alone at a method
    // and path (`rateLimit(...)`, `express.json()`: no function of the sources, nothing apidex can read answers)
    // before a route the sources write there, which the author registered to be reached: that later route is the
    // operation, behind it. Alone, it stays the operation it was.
    const packageGate =
      !passes &&
      upper !== "ALL" &&
      parts.handlers.length === 0 &&
      !parts.checks.length &&
      (lastValue?.kind === "runtime" || lastValue?.kind === "external");
    // `router.get("/sw.js", controllers[name].generate)` where apidex cannot read the value that answers (filled at
    // run time, reassigned, from a module it cannot resolve): a check in that handler's body would be missed, so
    // the route is marked and said, never taken as checking nothing. (A package's value, `passport.authenticate()`,
    // is no function of the sources: nothing of it is read, as for any package's middleware.)
    let unreadHandler: RouteLayer["unreadHandler"];
    // The value that answers: the last argument, or the last item of a spread array written last
    // (`...wrapAll(handlers)`; a spread apidex cannot read is said above).
    const answeringValue = lastSpread
      ? lastSpread.kind === "array"
        ? lastSpread.items[lastSpread.items.length - 1]
        : undefined
      : lastValue;
    if (
      terminal &&
      answeringValue?.kind === "unknown" &&
      parts.handlers.every((h) => this.handlerPassesOn(h)) &&
      !parts.checks.some((c) => c.unresolved)
    ) {
      const written = last === undefined ? node : "kind" in last ? last : last.node;
      unreadHandler = {
        message: `The handler that answers this route, \`${excerpt(written)}\`, ${answeringValue.reason}: a permission check in its body would be missed, so the route is marked \`unresolved\`.`,
        hint: "Pass a function apidex can follow: one declared or imported in the sources, a module's export, a factory's result.",
        site: siteOf(written),
      };
      parts.checks.push({ kind: "check", keys: [], node, unresolved: true });
    } else if (terminal && answeringValue?.kind === "function" && !parts.checks.some((c) => c.unresolved)) {
      // `catchAsync(controllers.x)` of the sources, `(req, res, next) => fn(req, res, next).catch(next)`: the
      // function that answers hands its own request and response to a value apidex cannot read, which answers.
      const delegate = delegatedToUnknown(answeringValue, this.interpreter);
      if (delegate) {
        const written = last === undefined ? node : "kind" in last ? last : last.node;
        unreadHandler = {
          message: `The handler that answers this route, \`${excerpt(written)}\`, hands the request to \`${excerpt(delegate.callee)}\`, which ${delegate.value.reason}: a permission check there would be missed, so the route is marked \`unresolved\`.`,
          hint: "Pass a function apidex can follow to the wrapper: one declared or imported in the sources, a module's export, a factory's result.",
          site: siteOf(written),
        };
        parts.checks.push({ kind: "check", keys: [], node, unresolved: true });
      }
    }
    // `router.get(["/", "/:id"], handler)` (or an optional `/:id?`, `{/:id}`) whose handler refuses every
    // request without `id`: only a registration of several path variants can have one without it.
    const variants = paths.length > 1 || paths.some((p) => /[?{]/.test(p));
    const requires = terminal && answering && variants ? requiredParams(answering.decl) : [];
    // `router.get("/items/*", requireScope("items:read"), (req, res, next) => next())`: functions that only pass
    // the request on, at a path that matches everything below a prefix, gate that method's later routes there
    // (method-scoped middleware), and answer nothing themselves.
    const gated =
      passes && parts.handlers.every((h) => this.handlerOnlyRefuses(h)) ? paths.filter((p) => wildcardPrefix(p) !== undefined) : [];
    if (gated.length) {
      router.stack.push({
        type: "middleware",
        paths: gated.map((p) => wildcardPrefix(p)!),
        end: false,
        checks: parts.checks,
        method: upper,
        site,
      });
      if (gated.length === paths.length) return;
    }
    const answeredPaths = gated.length ? paths.filter((p) => !gated.includes(p)) : paths;
    const layer: Layer = {
      type: "route",
      method: upper,
      paths: answeredPaths,
      checks: parts.checks,
      terminal,
      ...(methods && methods.length < ALL_METHODS.length ? { methods } : {}),
      site,
      registration: node,
      ...(doc ? { doc } : {}),
      ...(handler ? { handler } : {}),
      ...(requires.length ? { requires } : {}),
      ...this.conditional(),
      ...(passes || packageGate ? { passesOn: true as const } : {}),
      ...(this.relativePaths.has(paths) ? { prefixUnknown: true as const } : {}),
      ...(unreadHandler ? { unreadHandler } : {}),
    };
    const split =
      upper === "ALL" && terminal && answering ? this.checksByMethod(answering, parts.checks, methods ?? ALL_METHODS) : undefined;
    // A check in a branch over the method (`if (req.method === "POST") requirePermission(...)`) guards only
    // that branch's methods: one operation per method, each with its own checks.
    if (split) for (const [m, checks] of split) router.stack.push({ ...layer, method: m, checks, methods: undefined });
    else router.stack.push(layer);
    if (upper === "ALL") router.stack.push({ type: "middleware", paths, end: true, checks: parts.checks, site: layer.site });
  }

  /**
   * The checks of an `all()` handler per method, when some of its own run only for some methods (in a branch
   * over the method, or after branches that answered and left); undefined when every check runs for all.
   */
  private checksByMethod(
    handler: FunctionValue,
    checks: readonly RouteCheck[],
    methods: readonly string[],
  ): Map<string, RouteCheck[]> | undefined {
    const reading = readRequestMethods(handler.decl, (expression) => {
      const v = this.interpreter.valueInside(handler, expression);
      return v.kind === "string" ? v.value : undefined;
    });
    if (!reading) return undefined;
    const branch = new Set<RouteCheck>(this.interpreter.bodyChecks(handler));
    const runsFor = new Map([...branch].map((c) => [c, reading.methodsAt((c as CheckValue).via ?? (c as CheckValue).node, methods)]));
    if ([...runsFor.values()].every((ms) => ms.length === methods.length)) return undefined;
    return new Map(methods.map((m) => [m, checks.filter((c) => !branch.has(c) || runsFor.get(c)!.includes(m))]));
  }

  /**
   * The methods an `all()` handler lets through (readAnsweredMethods). A guard whose further condition
   * cannot be read keeps its methods, with a warning: whether they are refused is decided at run time.
   */
  private answeredMethods(handler: FunctionValue): string[] | undefined {
    // A handler that only hands the request on (`(c) => handleDataPlane(c.req.raw, deps)`) answers as that
    // function does: its method guards are the route's.
    const forwarded = forwardedHandler(handler, this.interpreter);
    const reading =
      answeredMethodsOf(handler, ALL_METHODS, this.interpreter) ??
      (forwarded ? answeredMethodsOf(forwarded, ALL_METHODS, this.interpreter) : undefined);
    for (const guard of reading?.undecided ?? [])
      this.diagnostics.warning(
        "APX214",
        `The handler refuses ${guard.methods.join(", ")} when \`${excerpt(guard.node)}\`, which apidex cannot read statically; the route is indexed under ${guard.methods.length > 1 ? "these methods" : "this method"} as well.`,
        siteOf(guard.node),
        "Make the condition a const or a property of a static table entry, or register each method with its own call.",
      );
    return reading?.methods;
  }

  /**
   * Whether a route's handler function may hand the request on to what is registered after it, rather than
   * answer it: Express's `(req, res, next)` calling `next()` (passesOnAt). A framework whose handlers pass on
   * otherwise (itty-router: by returning nothing) says so here.
   */
  protected handlerPassesOn(fn: FunctionValue): boolean {
    return fn.decl.parameters.length >= 3 && passesOn(fn, 2, this.interpreter, new Set());
  }

  /**
   * Whether a handler that hands the request on answers nothing but refusals (a gate, not an answer that may
   * also pass on): Express's reads its response parameter (onlyRefuses).
   */
  protected handlerOnlyRefuses(fn: FunctionValue): boolean {
    return onlyRefuses(fn.decl);
  }

  /** Finds checks and handler functions in one route argument, looking inside arrays and wrapper calls. */
  protected collect(node: ts.Expression, value: Value, call: CallContext, parts: HandlerParts): void {
    const described = value.kind === "object" ? this.routeDocs.get(value) : undefined;
    if (described) {
      parts.doc = mergeDocs(parts.doc, described);
      return;
    }
    if (value.kind === "check") {
      parts.checks.push(value);
      // `withPermission("reports.read", async (req, res) => ...)`: a check that wraps the handler.
      const wrapper = unwrap(node);
      if (ts.isCallExpression(wrapper))
        for (const arg of wrapper.arguments) {
          if (!(ts.isArrowFunction(arg) || ts.isFunctionExpression(arg) || ts.isIdentifier(arg))) continue;
          const argValue = this.interpreter.evaluate(arg, call.scope);
          if (argValue.kind === "function") this.collect(arg, argValue, call, parts);
        }
      return;
    }
    if (value.kind === "array") {
      const literal = unwrap(node);
      value.items.forEach((item, index) => {
        const element = ts.isArrayLiteralExpression(literal) ? literal.elements[index] : undefined;
        this.collect(element && !ts.isSpreadElement(element) ? element : node, item, call, parts);
      });
      return;
    }
    if (value.kind === "function") this.addHandler(value, parts);
    // What a package's wrapper returned around a function (`withAxiom(async (req, res) => ...)` inside a project's
    // own wrapper): that function runs for the request.
    else for (const fn of this.interpreter.wrappedByPackage.get(value) ?? []) this.addHandler(fn, parts);
    // `asyncHandler(async (req, res) => ...)`: the real handler is an argument of a wrapper call.
    const inner = unwrap(node);
    // `export const PUT = PATCH`, `app.get(path, guarded)`: a name bound to a wrapper call states the keys
    // its options name, as the call written here would (its functions are the value's, read above).
    if (ts.isIdentifier(inner)) parts.checks.push(...this.interpreter.optionChecksIn(inner, call.scope));
    if (ts.isCallExpression(inner) && !this.interpreter.isPermissionCall(inner)) {
      // `withWorkspace(handler, { requiredPermissions: ["links.write"] })`: a property named for the keys it
      // holds states them, whatever the wrapper is called.
      parts.checks.push(...this.interpreter.optionChecksIn(inner, call.scope));
      // The functions the wrapper's result only calls with values of its own, not the request (json-server's
      // `withBody(service.create.bind(service))`, whose handler does `await action(name, req.body); next()`), are
      // services it uses, not handlers: their bodies neither answer nor pass the request on.
      const services = value.kind === "function" ? this.servicesOf(inner, value, call.scope) : undefined;
      for (const [index, arg] of inner.arguments.entries()) {
        if (services?.has(index)) continue;
        // `withApiWrapper({ schema, handler: async (req) => ... })`: the functions of an options object.
        if (ts.isObjectLiteralExpression(arg)) {
          for (const property of arg.properties) {
            if (ts.isMethodDeclaration(property)) {
              this.collect(arg, { kind: "function", decl: property, scope: call.scope }, call, parts);
              continue;
            }
            const member = ts.isPropertyAssignment(property)
              ? property.initializer
              : ts.isShorthandPropertyAssignment(property)
                ? property.name
                : undefined;
            if (!member || !(ts.isArrowFunction(member) || ts.isFunctionExpression(member) || ts.isIdentifier(member))) continue;
            const memberValue = this.interpreter.evaluate(member, call.scope);
            if (memberValue.kind === "function" || memberValue.kind === "check") this.collect(member, memberValue, call, parts);
          }
          continue;
        }
        if (
          ts.isArrowFunction(arg) ||
          ts.isFunctionExpression(arg) ||
          ts.isIdentifier(arg) ||
          ts.isPropertyAccessExpression(arg) ||
          ts.isCallExpression(arg)
        ) {
          const argValue = this.interpreter.evaluate(arg, call.scope);
          if (argValue.kind === "function" || argValue.kind === "check" || ts.isCallExpression(arg))
            this.collect(arg, argValue, call, parts);
        }
      }
    }
  }

  /**
   * The arguments of a wrapper call (`withBody(service.create.bind(service))`) that are methods of an object and that
   * the function it returned calls only with values other than its own parameters (`action(name, req.body)`, never
   * `action(req, res)`): by index. A function written for the route, one it calls otherwise, or one it does not call
   * where apidex can see (`fn.call(this, req, res)`), is not among them.
   */
  private servicesOf(wrapperCall: ts.CallExpression, made: FunctionValue, scope: CallContext["scope"]): Set<number> | undefined {
    const wrapper = this.interpreter.evaluate(wrapperCall.expression, scope);
    const body = made.decl.body;
    if (wrapper.kind !== "function" || !body) return undefined;
    const own = new Set(made.decl.parameters.flatMap((p) => (ts.isIdentifier(p.name) ? [p.name.text] : [])));
    const out = new Set<number>();
    wrapper.decl.parameters.forEach((parameter, index) => {
      if (!ts.isIdentifier(parameter.name) || index >= wrapperCall.arguments.length) return;
      // Only a method of an object (`service.create`, `service.create.bind(service)`) is taken for a service: a
      // function written for the route (`dashboardAction(options, async ({ request }) => ...)`, which the wrapper
      // calls with a context it builds) is its handler.
      const given = unwrap(wrapperCall.arguments[index]!);
      const method =
        ts.isPropertyAccessExpression(given) ||
        (ts.isCallExpression(given) && ts.isPropertyAccessExpression(given.expression) && given.expression.name.text === "bind");
      if (!method) return;
      const name = parameter.name.text;
      const calls: ts.CallExpression[] = [];
      const visit = (node: ts.Node): void => {
        if (
          ts.isCallExpression(node) &&
          ts.isIdentifier(unwrap(node.expression)) &&
          (unwrap(node.expression) as ts.Identifier).text === name
        )
          calls.push(node);
        ts.forEachChild(node, visit);
      };
      visit(body);
      const handsOnRequest = (c: ts.CallExpression) =>
        c.arguments.some((a) => ts.isIdentifier(unwrap(a)) && own.has((unwrap(a) as ts.Identifier).text));
      if (calls.length && !calls.some(handsOnRequest)) out.add(index);
    });
    return out.size ? out : undefined;
  }

  /** A handler function of a route, its body's checks, and the functions it runs as a wrapper's closure. */
  private addHandler(fn: FunctionValue, parts: HandlerParts): void {
    // The same function reached twice (a wrapper's closure, then the wrapper call's argument) counts once.
    if (parts.handlers.some((h) => h.decl === fn.decl && h.scope === fn.scope)) return;
    parts.handlers.push(fn);
    parts.checks.push(...this.interpreter.bodyChecks(fn));
    // `export const proxy = asyncWrapper(async (req, res) => ...)` passed by name: the function the wrapper
    // returned runs the one it closes over, whose checks and answers are the route's.
    for (const inner of wrappedFunctions(fn, this.interpreter)) this.addHandler(inner, parts);
  }

  /** Checks in middleware arguments (`use(check)`, hooks): recognized calls and function bodies. */
  protected middlewareChecks(value: Value): CheckValue[] {
    return middlewareChecksOf(value, this.interpreter);
  }
}

/** The checks middleware brings: recognized check calls, and the checks in its functions' bodies. */
export function middlewareChecksOf(value: Value, interpreter: Interpreter): CheckValue[] {
  const out: CheckValue[] = [];
  for (const v of flattenValues(value)) {
    if (v.kind === "check") out.push(v);
    else if (v.kind === "function") out.push(...interpreter.bodyChecks(v));
  }
  return out;
}

export function flattenValues(value: Value): Value[] {
  return value.kind === "array" ? value.items.flatMap(flattenValues) : [value];
}

/** Parentheses, `as`, `satisfies`, `!` and `<T>` looked through (resolve/syntax.ts). */
export const unwrap = unwrapExpression;

/**
 * The doc comment of the answering handler: the last function in the arguments. Earlier functions are
 * middleware, whose comments describe themselves, not the route.
 */
function handlerDoc(handlers: FunctionValue[]): DocComment | undefined {
  const last = handlers[handlers.length - 1];
  return last ? declarationDoc(last.decl) : undefined;
}

/** JSDoc of a function's declaration: the function statement, the `const x = () => ...`, or the member. */
export function declarationDoc(decl: ts.FunctionLikeDeclaration): DocComment | undefined {
  let node: ts.Node = decl;
  if (ts.isArrowFunction(decl) || ts.isFunctionExpression(decl)) {
    const parent = decl.parent;
    if (ts.isVariableDeclaration(parent))
      node = ts.isVariableDeclarationList(parent.parent) && ts.isVariableStatement(parent.parent.parent) ? parent.parent.parent : parent;
    else if (ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) node = parent;
    else return undefined; // an inline handler: its doc is the registration's
  }
  return leadingDoc(node);
}

/** The comment above the statement that registers a route, when the statement registers only it. */
export function statementDoc(call: ts.CallExpression): DocComment | undefined {
  let node: ts.Node = call;
  while (node.parent && (ts.isAwaitExpression(node.parent) || ts.isParenthesizedExpression(node.parent))) node = node.parent;
  if (!node.parent || !ts.isExpressionStatement(node.parent)) return undefined;
  return leadingDoc(node.parent);
}

/** In `router.route(p) /** doc *\/ .get(h)`, the comment just before the `.get`; else the statement's. */
export function chainDoc(link: ts.CallExpression, routeCall: ts.CallExpression): DocComment | undefined {
  const callee = link.expression;
  if (ts.isPropertyAccessExpression(callee)) {
    const doc = leadingDoc(callee, callee.expression.end);
    if (doc) return doc;
  }
  // The statement's comment describes the chain only when the chain has a single method.
  let top: ts.Node = routeCall;
  let links = 0;
  while (top.parent && ts.isPropertyAccessExpression(top.parent) && top.parent.parent && ts.isCallExpression(top.parent.parent)) {
    top = top.parent.parent;
    links++;
  }
  return links === 1 && top.parent && ts.isExpressionStatement(top.parent) ? leadingDoc(top.parent) : undefined;
}

/**
 * Whether `all(path, ...)` answers requests (an operation for every method) rather than only gating the
 * routes after it: its last function answers when it takes no `next` or never calls it; a last argument
 * apidex cannot read (an imported handler it cannot follow) is taken as answering too, since leaving it
 * out would drop a route silently. Checks and package middleware (`cors()`) only gate.
 */
function allAnswers(
  handlerArgs: readonly ts.Expression[],
  parts: HandlerParts,
  handsOn: (fn: FunctionValue) => boolean,
  evaluate: (arg: ts.Expression) => Value,
): boolean {
  if (parts.handlers.some((h) => !handsOn(h))) return true;
  const last = handlerArgs[handlerArgs.length - 1];
  if (!last) return false;
  const value = evaluate(last);
  return value.kind === "unknown" || value.kind === "runtime";
}

/**
 * Whether an Express-style `(req, res, next)` function passes requests on through `next` (passesOn); `index`
 * is where `next` is when not third (Koa's `(ctx, next)`; a koa-route handler's comes after the path's parameters).
 */
export function passesOnAt(fn: FunctionValue, interpreter: Interpreter, index = 2): boolean {
  return passesOn(fn, index, interpreter, new Set());
}

/**
 * Whether a function passes requests on through its parameter at `index` (a middleware's `next`): it calls
 * it without an argument (`next()`), or hands it to something that may. `next(error)` only reports a
 * failure: the function still answers; so does handing it to a promise's rejection (`.catch(next)`,
 * `.then(ok, next)`), or to an error helper inside a `catch` block (`handleError(error, res, next)`). Handed
 * to a function apidex can read — the handler a wrapper closes over (`asyncWrapper(fn)` returns
 * `(req, res, next) => fn(req, res, next).catch(next)`) — what that function does with it decides; handed
 * to anything else, it may be called.
 */
function passesOn(fn: FunctionValue, index: number, interpreter: Interpreter, seen: Set<ts.Node>): boolean {
  const decl = fn.decl;
  const next = decl.parameters[index]?.name;
  // A rest parameter (`(...args) => fn(...args)`) or a destructured one: what reaches it cannot be followed.
  if (!next || !ts.isIdentifier(next) || decl.parameters[index]!.dotDotDotToken || !decl.body) return true;
  if (seen.has(decl)) return false;
  seen.add(decl);
  let found = false;
  const visit = (node: ts.Node, inCatch: boolean): void => {
    if (found) return;
    if (ts.isIdentifier(node) && node.text === next.text && node !== next) {
      const parent = node.parent;
      if (ts.isCallExpression(parent) && parent.expression === node) {
        // `next()` passes on; `next(error)` reports a failure.
        if (parent.arguments.length === 0) found = true;
        return;
      }
      if (ts.isCallExpression(parent) && parent.arguments.includes(node as ts.Expression)) {
        if (inCatch || rejectionHandler(parent, node as ts.Expression)) return;
        const callee = interpreter.valueInside(fn, parent.expression);
        const at = parent.arguments.indexOf(node as ts.Expression);
        // Arguments before it spread (`fn(...args, next)`) shift it to a place apidex cannot tell.
        const spread = parent.arguments.slice(0, at).some(ts.isSpreadElement);
        if (callee.kind === "function" && !spread) {
          // (A callee that takes fewer parameters never sees it.)
          if (at < callee.decl.parameters.length && passesOn(callee, at, interpreter, seen)) found = true;
          return;
        }
      }
      found = true;
      return;
    }
    ts.forEachChild(node, (child) => visit(child, inCatch || ts.isCatchClause(node)));
  };
  visit(decl.body, false);
  return found;
}

/**
 * The functions a handler made by a wrapper runs with its own request: calls of a parameter of a function
 * around it (`function asyncWrapper(fn) { return (req, res, next) => fn(req, res, next).catch(next) }`)
 * that pass one of the handler's parameters on. Only a wrapper's parameter is followed: a module's helper
 * called with the request (`audit(req)`) is not the handler.
 */
function wrappedFunctions(fn: FunctionValue, interpreter: Interpreter): FunctionValue[] {
  const body = fn.decl.body;
  if (!body) return [];
  const own = new Set(fn.decl.parameters.flatMap((p) => (ts.isIdentifier(p.name) ? [p.name.text] : [])));
  if (!own.size) return [];
  const out: FunctionValue[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      !own.has(node.expression.text) &&
      node.arguments.some((a) => ts.isIdentifier(unwrap(a)) && own.has((unwrap(a) as ts.Identifier).text)) &&
      isOuterParameter(node.expression.text, fn.decl)
    ) {
      const callee = interpreter.valueInside(fn, node.expression);
      if (callee.kind === "function" && callee.decl !== fn.decl && !out.includes(callee)) out.push(callee);
    }
    // (A function declared inside runs only if something calls it: `.catch((e) => next(e))`.)
    if (!ts.isFunctionLike(node)) ts.forEachChild(node, visit);
  };
  // An arrow's expression body is the call itself (`async (req, res) => h(req, res)`).
  if (ts.isBlock(body)) ts.forEachChild(body, visit);
  else visit(body);
  return out;
}

/** Whether `name` is a parameter of a function that encloses `decl` (and not shadowed on the way). */
function isOuterParameter(name: string, decl: ts.Node): boolean {
  for (let node = decl.parent; node; node = node.parent) {
    if (!ts.isFunctionLike(node)) continue;
    if (node.parameters.some((p) => ts.isIdentifier(p.name) && p.name.text === name)) return true;
  }
  return false;
}

/** `promise.catch(next)`, `promise.then(ok, next)`: the function is called only with a rejection's reason. */
function rejectionHandler(call: ts.CallExpression, arg: ts.Expression): boolean {
  const callee = call.expression;
  if (!ts.isPropertyAccessExpression(callee)) return false;
  const name = callee.name.text;
  return (name === "catch" && call.arguments[0] === arg) || (name === "then" && call.arguments[1] === arg);
}

/** The `prefix` property's expression in an options literal (`new Router({ prefix: ... })`, `new Elysia({ prefix })`), to name it in a warning. */
export function prefixNode(arg: ts.Expression, key = "prefix"): ts.Expression | undefined {
  const inner = unwrap(arg);
  if (!ts.isObjectLiteralExpression(inner)) return undefined;
  for (const p of inner.properties) {
    if (ts.isPropertyAssignment(p) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) && p.name.text === key) return p.initializer;
    // `{ prefix }`: the variable, whose value is what is unknown (not the object around it).
    if (ts.isShorthandPropertyAssignment(p) && p.name.text === key) return p.name;
  }
  return undefined;
}

/** A first `use()` argument that is meant as a prefix but is not static (a template, a variable, ...). */
export function isPathLike(node: ts.Expression, value: Value): boolean {
  const inner = unwrap(node);
  if (ts.isTemplateExpression(inner) || ts.isBinaryExpression(inner) || ts.isStringLiteral(inner) || ts.isRegularExpressionLiteral(inner))
    return true;
  // A name, or a call of a function named so (`app.use(apiPrefix(), router)`), that says it is a path.
  const named = ts.isCallExpression(inner) ? inner.expression : inner;
  return (
    value.kind === "unknown" &&
    (ts.isIdentifier(named) || ts.isPropertyAccessExpression(named) || ts.isElementAccessExpression(named)) &&
    /path|prefix|base|url|route/i.test(named.getText())
  );
}

/**
 * `head + "tail"`, `(head + "a") + b`, `` `${head}/tail` ``: the leading expression, when it is the only part
 * `read` cannot read, and the strings that follow it. Undefined when anything after the head is unknown too.
 */
export function splitUnknownHead(
  node: ts.Expression,
  read: (e: ts.Expression) => string[] | undefined,
): { head: ts.Expression; tails: string[] } | undefined {
  const e = unwrap(node);
  const cross = (a: string[], b: string[]) => a.flatMap((x) => b.map((y) => x + y));
  // `const fullPath = config.get("BASE_PATH") + path; app[verb](fullPath, ...)`: the constant's own parts.
  if (ts.isIdentifier(e)) {
    const init = localConstInitializer(e);
    return init ? splitUnknownHead(init, read) : undefined;
  }
  if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const right = read(e.right);
    if (!right || read(e.left)) return undefined;
    const inner = splitUnknownHead(e.left, read);
    return inner ? { head: inner.head, tails: cross(inner.tails, right) } : { head: e.left, tails: right };
  }
  // `` `${base}/users` ``, and `` `/${config.API_VERSION}${path}` ``: a "/" before the unknown part is part of it.
  if (ts.isTemplateExpression(e) && /^\/?$/.test(e.head.text) && e.templateSpans.length > 0) {
    const [first, ...rest] = e.templateSpans;
    if (read(first!.expression)) return undefined;
    let tails = [first!.literal.text];
    for (const span of rest) {
      const value = read(span.expression);
      if (!value) return undefined;
      tails = cross(cross(tails, value), [span.literal.text]);
    }
    const inner = splitUnknownHead(first!.expression, read);
    return inner ? { head: inner.head, tails: cross(inner.tails, tails) } : { head: first!.expression, tails };
  }
  return undefined;
}

/**
 * The initializer of the `const` an identifier names, declared before it in a block of the same function (or
 * at the module's top level); undefined otherwise.
 */
export function localConstInitializer(id: ts.Identifier): ts.Expression | undefined {
  for (let at: ts.Node | undefined = id.parent; at; at = at.parent) {
    if (ts.isBlock(at) || ts.isSourceFile(at))
      for (const statement of at.statements) {
        if (statement.pos >= id.pos) break;
        if (!ts.isVariableStatement(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const)) continue;
        for (const d of statement.declarationList.declarations)
          if (ts.isIdentifier(d.name) && d.name.text === id.text && d.initializer) return d.initializer;
      }
    if (ts.isFunctionLike(at)) return undefined;
  }
  return undefined;
}

/**
 * A path written as a template or a `+` chain whose only unknown parts are in the name of a path parameter
 * (right after `:`, up to the next `/`, `-` or `.`): the paths with each such part replaced by `param`
 * (`param2`, ... for the next), and the unknown parts. Undefined when a part outside a name is unknown.
 */
export function fillParameterNames(
  node: ts.Expression,
  read: (e: ts.Expression) => string[] | undefined,
): { paths: string[]; holes: ts.Expression[] } | undefined {
  const parts: (string | ts.Expression)[] = [];
  const flatten = (e: ts.Expression): void => {
    const u = unwrap(e);
    if (ts.isBinaryExpression(u) && u.operatorToken.kind === ts.SyntaxKind.PlusToken) {
      flatten(u.left);
      flatten(u.right);
    } else if (ts.isTemplateExpression(u)) {
      parts.push(u.head.text);
      for (const span of u.templateSpans) parts.push(span.expression, span.literal.text);
    } else if (ts.isStringLiteralLike(u)) parts.push(u.text);
    else parts.push(u);
  };
  flatten(node);
  let paths = [""];
  const holes: ts.Expression[] = [];
  let names = 0;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (typeof part === "string") {
      paths = paths.map((p) => p + part);
      continue;
    }
    const value = read(part);
    if (value) {
      paths = paths.flatMap((p) => value.map((v) => p + v));
      continue;
    }
    // In a parameter's name: after ":" and name characters, before the name ends.
    const next = parts[i + 1];
    const inName = paths.every((p) => /:\w*$/.test(p)) && (next === undefined || (typeof next === "string" && /^\w*([/.-]|$)/.test(next)));
    if (!inName) return undefined;
    // Two unknown parts side by side are one name.
    const joined = holes.length > 0 && parts.slice(parts.indexOf(holes.at(-1)!) + 1, i).every((p) => p === "");
    holes.push(part);
    if (!joined) {
      names++;
      paths = paths.map((p) => `${p}param${names > 1 ? names : ""}`);
    }
  }
  return holes.length ? { paths, holes } : undefined;
}

/**
 * Whether a `(req, res, next)` function answers nothing but refusals: it never reads its response parameter,
 * or only to answer a status of 400 or more (`res.status(403).end()`, `res.sendStatus(401)`). One that can
 * answer otherwise (`if (isApi) return next(); res.sendFile(index)`, a single-page app's fallback) is no gate.
 */
function onlyRefuses(fn: ts.FunctionLikeDeclaration): boolean {
  const response = fn.parameters[1]?.name;
  if (!fn.body || !response || !ts.isIdentifier(response)) return true;
  let answers = false;
  const refusal = (n: ts.Node): boolean => {
    // `res.status(4xx)...` or `res.sendStatus(4xx)`: the call on the response names a refusing status.
    const status =
      ts.isCallExpression(n) && n.arguments[0] && ts.isNumericLiteral(n.arguments[0]) ? Number(n.arguments[0].text) : undefined;
    return status !== undefined && status >= 400;
  };
  const visit = (n: ts.Node): void => {
    if (answers) return;
    if (ts.isIdentifier(n) && n.text === response.text && n !== response) {
      // The outermost call chained on the response: `res.status(403).json(...)` starts at `res.status(403)`.
      const first = n.parent && ts.isPropertyAccessExpression(n.parent) ? n.parent.parent : undefined;
      if (!first || !refusal(first)) answers = true;
      return;
    }
    ts.forEachChild(n, visit);
  };
  visit(fn.body);
  return !answers;
}

/**
 * A call in a handler's own body (not in a function inside it) that hands on the handler's request and
 * response (`fn(req, res, next)`), to a value apidex cannot read: the wrapper's target (`catchAsync(fn)`),
 * which answers. A callee declared inside the handler (a local, a parameter) is not looked at: its value is
 * the run's.
 */
function delegatedToUnknown(
  fn: FunctionValue,
  interpreter: Interpreter,
): { callee: ts.Expression; value: Extract<Value, { kind: "unknown" }> } | undefined {
  // An error handler (`(err, req, res, next)`: four parameters) answers only what failed before it.
  if (fn.decl.parameters.length > 3) return undefined;
  const [request, response] = fn.decl.parameters;
  if (!fn.decl.body || !request || !response || !ts.isIdentifier(request.name) || !ts.isIdentifier(response.name)) return undefined;
  const names = [request.name.text, response.name.text];
  const inside = new Set<string>();
  const declare = (name: ts.BindingName): void => {
    if (ts.isIdentifier(name)) inside.add(name.text);
    else for (const element of name.elements) if (!ts.isOmittedExpression(element)) declare(element.name);
  };
  const collect = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) || ts.isParameter(node)) declare(node.name);
    else if ((ts.isFunctionDeclaration(node) || ts.isClassDeclaration(node)) && node.name) inside.add(node.name.text);
    ts.forEachChild(node, collect);
  };
  collect(fn.decl);
  let found: { callee: ts.Expression; value: Extract<Value, { kind: "unknown" }> } | undefined;
  const visit = (node: ts.Node): void => {
    if (found || (node !== fn.decl.body && ts.isFunctionLike(node))) return;
    if (ts.isCallExpression(node) && names.every((n) => node.arguments.some((a) => ts.isIdentifier(a) && a.text === n))) {
      let root: ts.Expression = node.expression;
      while (ts.isPropertyAccessExpression(root) || ts.isElementAccessExpression(root)) root = root.expression;
      if (ts.isIdentifier(root) && !inside.has(root.text)) {
        const value = interpreter.evaluate(node.expression, fn.scope);
        if (value.kind === "unknown") found = { callee: node.expression, value };
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(fn.decl.body);
  return found;
}
