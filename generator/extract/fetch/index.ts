/**
 * Services on the Web fetch API without a router package: Bun (`Bun.serve({ routes, fetch })`), Cloudflare
 * Workers (`export default { fetch(request, env, ctx) }`, `addEventListener("fetch", ...)`) and Deno
 * (`Deno.serve(handler)`). Read in this order:
 *
 * 1. Bun's `routes` (Bun 1.2): each key a path (`:id`, `*`), each value a handler (the methods its method tests
 *    answer), a static `Response` (GET), an object of methods `{ GET, POST }`, or `false` (none).
 * 2. The handler's own dispatch on the path (dispatch.ts): `if (url.pathname === "/a" && request.method === "GET")`,
 *    `switch (pathname)`, `startsWith`, regular expressions, `URLPattern`, tables looked up by the path; each
 *    branch's body is the operation's, its checks read by the shared recognizers. A handler that hands every
 *    request to another function of the sources (`return handleRequest(request, env)`) is read there.
 * 3. What apidex cannot read is said (APX258), never silently left out. A handler that hands the request to a
 *    router package (`app.fetch(request)`) is that package's adapter's: where another adapter found routes
 *    (extract/index.ts runs this one after them) it adds nothing and says nothing, only what the handler answers
 *    itself is read (Bun's `routes` beside `fetch: app.fetch`, a Worker's `/status` branch before
 *    `return app.fetch(request)`); where none did, it is said (APX210).
 */
import { type DiagnosticBag, type SourceSite, siteOf } from "../../diagnostics/diagnostic.js";
import { leadingDoc } from "../../resolve/doc-comment.js";
import { excerpt, Interpreter } from "../../resolve/interpreter.js";
import { unwrapExpression } from "../../resolve/syntax.js";
import type { CheckValue, FunctionValue, Value } from "../../resolve/values.js";
import type { SourceSet } from "../../scan/source-set.js";
import type { ts as Ts } from "ts-morph";
import { ts } from "../../typescript.js";
import { type FrameworkAdapter, interpreterOptionsOf } from "../adapter.js";
import { expressToOpenApi } from "../express/path-syntax.js";
import { answersStatus } from "../answered-methods.js";
import { EVERY_METHOD, type MethodReading, readRequestMethods } from "../file-routes/request-methods.js";
import { flattenApp, ofApp } from "../flatten.js";
import { exits, methodTests, type MethodTests } from "../method-tests.js";
import type { RouteCheck, RouteLayer, RouterNode } from "../router-graph.js";
import { dedupe } from "../shared.js";
import { type Dispatch, type DispatchRoute, readDispatch } from "./dispatch.js";
import { declaresFetchRuntime, type FetchEntry, fetchEntries } from "./entries.js";
import { declarationOf } from "./path-tests.js";

/** The methods Bun's `routes` accepts as keys of a route's method object. */
const BUN_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"];

/** How deep a handler that hands the request on is followed (`fetch` → `handleRequest` → `router`). */
const MAX_DEPTH = 3;

export const fetchAdapter: FrameworkAdapter = {
  name: "fetch",
  detect(sources) {
    const runtime = declaresFetchRuntime(sources);
    return sources.files.some((file) => fetchEntries(file, runtime).length > 0);
  },
  extract(sources, options, diagnostics) {
    const interpreter = new Interpreter(sources, diagnostics, interpreterOptionsOf(options), {
      callExternal: () => undefined,
      callMethod: (receiver) => receiver,
    });
    const reader = new FetchReader(sources, interpreter, diagnostics, options.fetchBesideRouters === true);
    const runtime = declaresFetchRuntime(sources);
    // Each entry is a server of its own (two packages' `Bun.serve` on their ports): an app, so that a path both
    // serve is two servers' (APX412), not one registered twice.
    const servers: { site: SourceSite; from: number; to: number }[] = [];
    for (const file of sources.files)
      for (const entry of fetchEntries(file, runtime)) {
        const from = reader.stack.length;
        reader.entry(entry);
        if (reader.stack.length > from)
          servers.push({ site: siteOf(entry.kind === "default" ? entry.node : entry.call), from, to: reader.stack.length });
      }
    interpreter.finishChecks();
    const routes = servers.flatMap((server, id) => {
      const root: RouterNode = { id, kind: "app", site: server.site, stack: reader.stack.slice(server.from, server.to), mounted: true };
      const facts = flattenApp(root, diagnostics, "fetch", expressToOpenApi);
      return servers.length > 1 ? ofApp(facts, root) : facts;
    });
    return dedupe(routes);
  },
};

class FetchReader {
  readonly stack: RouteLayer[] = [];

  constructor(
    private readonly sources: SourceSet,
    private readonly interpreter: Interpreter,
    private readonly diagnostics: DiagnosticBag,
    /** Router adapters found routes: what a handler hands to something else than a function of the sources is theirs. */
    private readonly besideRouters: boolean,
  ) {}

  entry(entry: FetchEntry): void {
    const file = (entry.kind === "default" ? entry.node : entry.call).getSourceFile();
    const scope = this.interpreter.module(file).scope;
    if (entry.kind === "bun") {
      const options = this.interpreter.evaluate(entry.options, scope);
      if (options.kind !== "object") {
        this.diagnostics.warning(
          "APX258",
          `Cannot read the options of this \`Bun.serve(...)\` statically (\`${excerpt(entry.options)}\` ${describe(options)}): its routes are not indexed.`,
          siteOf(entry.options),
          "Pass an object literal (`Bun.serve({ routes: { ... }, fetch })`), or a const holding one.",
        );
        return;
      }
      this.serverOptions(options, entry.options);
    } else if (entry.kind === "default") {
      const value = this.interpreter.exportOf(this.interpreter.module(file), "default", entry.node.expression);
      if (value.kind !== "object") {
        this.diagnostics.warning(
          "APX258",
          `Cannot read the default export of ${this.relative(file.fileName)} statically (${describe(value)}): the fetch handler it exports is not indexed.`,
          siteOf(entry.node),
          "Export an object literal (`export default { async fetch(request, env) { ... } }`).",
        );
        return;
      }
      this.serverOptions(value, entry.node.expression);
    } else if (entry.kind === "deno") {
      let handler = this.interpreter.evaluate(entry.handler, scope);
      if (handler.kind === "object") handler = handler.props.get("handler") ?? handler;
      this.fetchHandler(handler, entry.handler, 0);
    } else {
      this.fetchHandler(this.interpreter.evaluate(entry.listener, scope), entry.listener, 0);
    }
  }

  /** `{ routes, fetch }` of `Bun.serve` or a default export: the routes first, then the fetch fallback. */
  private serverOptions(options: Extract<Value, { kind: "object" }>, node: ts.Expression): void {
    const routes = options.props.get("routes");
    if (routes) this.bunRoutes(routes, literalProperty(node, "routes") ?? node);
    const fetch = options.props.get("fetch");
    // A `fetch` whose first parameter is declared as something other than a request (`fetch: async
    // (credentials: AwsCredentials) => findings`, an integration's exported config) is no fetch handler.
    if (fetch?.kind === "function" && !mayTakeRequest(fetch.decl)) return;
    if (fetch) this.fetchHandler(fetch, literalProperty(node, "fetch") ?? node, 0);
  }

  // ----------------------------------------------------------------------------------------------
  // Bun's routes

  private bunRoutes(routes: Value, node: ts.Node): void {
    if (routes.kind !== "object") {
      this.diagnostics.warning(
        "APX201",
        `Cannot read Bun's \`routes\` statically (${describe(routes)}): the routes it declares are not indexed.`,
        siteOf(node),
        'Write `routes` as an object literal, a const holding one, or a spread of such objects (`{ ...userRoutes, "/health": ... }`).',
      );
      return;
    }
    const literal = objectLiteralOf(node);
    for (const [key, value] of routes.props) {
      const at = (literal && literalProperty(literal, key)) ?? node;
      if (value.kind === "boolean" && !value.value) continue; // `false`: Bun hands the path to `fetch`
      if (value.kind === "function") {
        this.handlerRoute(key, value, at, []);
        continue;
      }
      if (value.kind === "object") {
        const methodsAt = literalOfValue(at);
        for (const [name, handler] of value.props) {
          const method = name.toUpperCase();
          if (!BUN_METHODS.includes(name)) continue;
          const where = (methodsAt && literalProperty(methodsAt, name)) ?? at;
          if (handler.kind === "function") this.push(method, [key], where, this.interpreter.bodyChecks(handler), handler.decl);
          else if (isStaticResponse(handler, where)) this.push(method, [key], where, []);
          else this.unreadRouteValue(key, handler, where);
        }
        continue;
      }
      // A static response (`new Response("OK")`, `Response.json(...)`, `Bun.file(...)`, an HTML import): Bun
      // answers GET (and HEAD) with it.
      if (isStaticResponse(value, at)) this.push("GET", [key], at, []);
      else this.unreadRouteValue(key, value, at);
    }
  }

  private unreadRouteValue(key: string, value: Value, at: ts.Node): void {
    this.diagnostics.warning(
      "APX258",
      `Cannot read what Bun's route \`${key}\` answers with statically (${describe(value)}): it is not indexed.`,
      siteOf(at),
      "Give the route a handler function of the sources, a `Response`, or an object of methods (`{ GET: handler }`).",
    );
  }

  /** A handler for every method (a Bun route's function, a table's entry): the methods its tests answer. */
  private handlerRoute(raw: string, fn: FunctionValue, at: ts.Node, prelude: RouteCheck[], within?: readonly string[]): void {
    const reading = this.methodReading(fn);
    let methods = reading ? answeredBy(reading) : (within ?? EVERY_METHOD);
    if (within) methods = methods.filter((m) => within.includes(m));
    if (reading?.open && !within) this.openWarning(raw, reading.methods, at);
    if (!reading && !within)
      this.diagnostics.warning(
        "APX230",
        `Cannot tell which methods the handler of ${raw} answers: it does not test \`request.method\`; it is indexed under ${EVERY_METHOD.join(", ")}.`,
        siteOf(at),
        'Test the method in the handler (`if (req.method !== "GET") return new Response(null, { status: 405 })`), or give the route an object of methods (`{ GET: handler }`).',
      );
    const body = this.interpreter.bodyChecks(fn);
    for (const method of methods) {
      const checks = reading ? body.filter((c) => reading.methodsAt(c.via ?? c.node, methods).includes(method)) : body;
      this.push(method, [raw], at, [...prelude, ...checks], fn.decl);
    }
  }

  /** A handler whose last branch answers whatever its tests did not take: every method, said. */
  private openWarning(raw: string, tested: readonly string[], at: ts.Node): void {
    this.diagnostics.warning(
      "APX230",
      `The handler of ${raw} answers the methods it tests (${tested.join(", ")}) and, in a branch no test decides, any other: it is indexed under ${EVERY_METHOD.join(", ")}.`,
      siteOf(at),
      'Test the method of that branch too (`else if (request.method === "GET")`) and refuse the rest (405), so the index lists the methods it answers.',
    );
  }

  private methodReading(fn: FunctionValue, request = 0) {
    // A helper given the request elsewhere than first (`handleUser(id, request)`) is not read by its tests.
    if (request !== 0) return undefined;
    return readRequestMethods(
      fn.decl,
      (node) => this.stringInside(fn, node),
      undefined,
      (node) => {
        if (!ts.isIdentifier(node) && !ts.isPropertyAccessExpression(node)) return undefined;
        const value = this.interpreter.diagnostics.quietly(() => this.interpreter.valueInside(fn, node));
        return value.kind === "function" ? value.decl : undefined;
      },
    );
  }

  private stringInside(fn: FunctionValue, node: ts.Expression): string | undefined {
    const value = this.interpreter.diagnostics.quietly(() => this.interpreter.valueInside(fn, node));
    return value.kind === "string" ? value.value : undefined;
  }

  // ----------------------------------------------------------------------------------------------
  // A fetch handler's dispatch

  private fetchHandler(value: Value, node: ts.Node, depth: number, seen = new Set<ts.Node>(), call: Calling = FETCH_CALL): void {
    if (value.kind !== "function") {
      // `fetch: app.fetch` beside a router adapter's routes: the app is that adapter's.
      if (this.besideRouters) return;
      this.diagnostics.warning(
        "APX210",
        `This fetch handler (\`${excerpt(node)}\`) is no function of the sources apidex reads (${describe(value)}): the routes it serves are not indexed.`,
        siteOf(node),
        "A router package's app handed here is read by that package's adapter when apidex supports it; else write the handler as a function of the sources.",
      );
      return;
    }
    if (seen.has(value.decl)) return;
    seen.add(value.decl);
    const fn = value;
    const tests = methodTests(fn.decl, (n) => this.stringInside(fn, n), undefined, false, call.request);
    const dispatch = readDispatch(fn.decl, tests, (n) => this.stringInside(fn, n), call.paths);
    for (const unread of dispatch.unread)
      this.diagnostics.warning(
        "APX258",
        `This fetch handler decides the route by \`${excerpt(unread)}\`, which apidex cannot read statically: the routes it dispatches to there are not indexed.`,
        siteOf(unread),
        'Compare the path with literals or consts (`url.pathname === "/users"`, `switch (url.pathname)`), or match it with a `URLPattern` or an anchored regular expression.',
      );
    const bodyChecks = this.interpreter.bodyChecks(fn);
    const inRoute = (check: CheckValue) => dispatch.routes.some((r) => within(check.node, r));
    for (const route of dispatch.routes) {
      // Checks before the dispatch, outside every branch, run for every route after them.
      const prelude = [...call.prelude, ...bodyChecks.filter((c) => !inRoute(c) && c.node.end <= route.site.getStart())];
      this.dispatchRoute(fn, tests, route, bodyChecks, prelude, call, dispatch, depth, seen);
    }
    for (const table of dispatch.tables) {
      const object = this.interpreter.diagnostics.quietly(() => this.interpreter.valueInside(fn, table.table));
      if (object.kind !== "object") {
        this.diagnostics.warning(
          "APX258",
          `This fetch handler looks the route up in \`${excerpt(table.table)}\`, which apidex cannot read statically (${describe(object)}): the routes it holds are not indexed.`,
          siteOf(table.site),
          'Declare the table as an object literal (`const routes = { "/users": listUsers }`), or a const holding one.',
        );
        continue;
      }
      const prelude = [...call.prelude, ...bodyChecks.filter((c) => !inRoute(c) && c.node.end <= table.site.getStart())];
      const literal = objectLiteralOf(table.table);
      for (const [key, entry] of object.props) {
        const at = (literal && literalProperty(literal, key)) ?? table.site;
        const split = table.keyedByMethod ? /^([A-Za-z]+)\s+(\/.*)$/.exec(key) : undefined;
        const raw = split ? split[2]! : key;
        if (entry.kind !== "function") {
          this.unreadRouteValue(key, entry, at);
          continue;
        }
        if (split) this.push(split[1]!.toUpperCase(), [raw], at, [...prelude, ...this.interpreter.bodyChecks(entry)], entry.decl);
        else this.handlerRoute(raw, entry, at, prelude, table.methods);
      }
    }
    if (dispatch.routes.length || dispatch.tables.length || dispatch.testsPath) return;
    // No dispatch of its own: a handler that hands the request to another function of the sources is read
    // there (`return handleRequest(request, env)`, `event.respondWith(handle(event.request))`).
    const forwarded = forwardingCalls(fn.decl, call.request);
    for (const forward of forwarded) {
      const callee = this.interpreter.diagnostics.quietly(() => this.interpreter.valueInside(fn, forward.expression));
      if (callee.kind === "function" && depth < MAX_DEPTH)
        this.fetchHandler(
          callee,
          forward,
          depth + 1,
          seen,
          callingOf(forward, fn.decl, call.request, dispatch, [...call.prelude, ...bodyChecks]),
        );
      else if (callee.kind !== "function" && !this.besideRouters)
        this.diagnostics.warning(
          "APX210",
          `This fetch handler hands every request to \`${excerpt(forward.expression)}\`, which no adapter apidex ran reads (${describe(callee)}): the routes it serves are not indexed.`,
          siteOf(forward),
          "If it is an app of a router package apidex reads, check that its module is among the sources.",
        );
    }
    // A fallback that answers "not found" (Bun's `fetch` beside `routes`) serves no operation.
    if (!forwarded.length && !(fn.decl.body && answersStatus(fn.decl.body, (status) => status === 404)))
      this.diagnostics.warning(
        "APX258",
        "This fetch handler answers without testing the request's path in a way apidex reads (no `url.pathname` comparison, `switch`, `URLPattern` or table): it is not indexed.",
        siteOf(fn.decl),
        'Dispatch on the path with literals (`if (url.pathname === "/users")`), or serve the routes with Bun\'s `routes` or a router apidex reads.',
      );
  }

  /** One branch of the dispatch: its methods (the conditions', else its own tests', else its handler's), per method its checks. */
  private dispatchRoute(
    fn: FunctionValue,
    tests: MethodTests | undefined,
    route: DispatchRoute,
    bodyChecks: CheckValue[],
    prelude: RouteCheck[],
    call: Calling,
    dispatch: Dispatch,
    depth: number,
    seen: Set<ts.Node>,
  ): void {
    const own = bodyChecks.filter((c) => within(c.node, route));
    // A function of the sources the branch hands the request to answers it (`return getUser(request, env, id)`).
    const found = this.delegateOf(fn, route, bodyChecks, call.request);
    const delegate = found?.fn;
    // A branch that hands the request to an app of a router package (`if (pathname.startsWith("/api/")) return
    // app.fetch(request)`), beside the routes a router adapter found, is that app's: they are its operations.
    if (!found && this.besideRouters && this.handsOnElsewhere(fn, route, call.request)) return;
    // ... or dispatches it further (`if (pathname.startsWith("/api/")) return handleApi(pathname, request)`):
    // its own branches are the routes.
    if (found && depth < MAX_DEPTH && !route.methods) {
      const calling = callingOf(found.call, fn.decl, call.request, dispatch, [...prelude, ...own]);
      const inner = readDispatch(found.fn.decl, undefined, (n) => this.stringInside(found.fn, n), calling.paths);
      if (inner.routes.length || inner.tables.length || inner.unread.length) {
        this.fetchHandler(found.fn, found.call, depth + 1, seen, calling);
        return;
      }
    }
    const branchTests = tests && !route.methods ? branchMethods(route, tests) : undefined;
    const delegated = !route.methods && !branchTests && delegate ? this.methodReading(delegate, found?.request) : undefined;
    let methods = route.methods ?? branchTests ?? (delegated && answeredBy(delegated));
    if (delegated?.open && !route.methods && !branchTests)
      this.openWarning(route.paths.map((p) => p.raw).join(", "), delegated.methods, route.site);
    const site = route.site;
    const raws = route.paths.map((p) => p.raw);
    if (!methods) {
      this.diagnostics.warning(
        "APX230",
        `Cannot tell which methods this branch of the fetch handler answers (${raws.join(", ")}): nothing on the way tests \`request.method\`; it is indexed under ${EVERY_METHOD.join(", ")}.`,
        siteOf(site),
        'Test the method with the path (`url.pathname === "/users" && request.method === "GET"`), or refuse the others in the branch (405).',
      );
      methods = EVERY_METHOD;
    }
    const delegateChecks = delegate ? this.interpreter.bodyChecks(delegate) : [];
    const statement = enclosingStatement(site);
    const doc = (statement && leadingDoc(statement)) ?? (delegate ? docOfFunction(delegate.decl) : undefined);
    for (const method of methods) {
      const checks = [
        ...prelude,
        ...own.filter((c) => !tests || methodsAt(c.node, route.body, tests, methods!).includes(method)),
        ...delegateChecks.filter((c) => !delegated || delegated.methodsAt(c.via ?? c.node, methods!).includes(method)),
      ];
      this.push(method, raws, site, checks, delegate?.decl, doc);
    }
  }

  /** Whether a branch returns what a call given the request answers, the callee no function of the sources (`app.fetch(request)`). */
  private handsOnElsewhere(fn: FunctionValue, route: DispatchRoute, requestIndex: number): boolean {
    const request = requestName(fn.decl, requestIndex);
    let found = false;
    const visit = (node: ts.Node): void => {
      if (found || ts.isFunctionLike(node)) return;
      if (
        ts.isCallExpression(node) &&
        node.pos >= (route.start ?? 0) &&
        isReturned(node) &&
        node.arguments.some((a) => isRequestArg(a, request)) &&
        this.interpreter.diagnostics.quietly(() => this.interpreter.valueInside(fn, node.expression)).kind !== "function"
      )
        found = true;
      else ts.forEachChild(node, visit);
    };
    visit(route.body);
    return found;
  }

  /** The function of the sources a branch hands the request to, if it does. */
  private delegateOf(
    fn: FunctionValue,
    route: DispatchRoute,
    checks: readonly CheckValue[],
    requestIndex: number,
  ): { fn: FunctionValue; call: ts.CallExpression; request: number } | undefined {
    const request = requestName(fn.decl, requestIndex);
    const checkCalls = new Set<ts.Node>(checks.map((c) => c.node));
    let found: { fn: FunctionValue; call: ts.CallExpression; request: number } | undefined;
    const visit = (node: ts.Node): void => {
      if (found || ts.isFunctionLike(node)) return;
      // The call whose answer the branch returns (`return getUser(request, env)`), not a check on the way.
      if (ts.isCallExpression(node) && node.pos >= (route.start ?? 0) && !checkCalls.has(node) && isReturned(node)) {
        const index = node.arguments.findIndex((a) => isRequestArg(a, request));
        const callee =
          index >= 0 ? this.interpreter.diagnostics.quietly(() => this.interpreter.valueInside(fn, node.expression)) : undefined;
        if (callee?.kind === "function") found = { fn: callee, call: node, request: index };
      }
      if (!found) ts.forEachChild(node, visit);
    };
    visit(route.body);
    return found;
  }

  private push(
    method: string,
    paths: string[],
    at: ts.Node,
    checks: RouteCheck[],
    handler?: ts.FunctionLikeDeclaration,
    doc = handler ? docOfFunction(handler) : undefined,
  ): void {
    this.stack.push({
      type: "route",
      method,
      paths,
      checks,
      terminal: true,
      site: siteOf(at),
      ...(handler ? { handler } : {}),
      ...(doc ? { doc } : {}),
    });
  }

  private relative(fileName: string): string {
    return fileName.startsWith(this.sources.root) ? fileName.slice(this.sources.root.length + 1) : fileName;
  }
}

// ------------------------------------------------------------------------------------------------
// Syntax helpers

/** The methods a handler's method tests let it answer: those tested, and every other too where a branch no test decides answers. */
function answeredBy(reading: MethodReading): string[] {
  return reading.open ? [...new Set([...EVERY_METHOD, ...reading.methods])] : reading.methods;
}

function describe(value: Value): string {
  if (value.kind === "unknown") return value.reason;
  return `it is ${value.kind === "external" ? "a package's value" : `a ${value.kind} value`}`;
}

/** Whether a node lies in a route's branch (after its guard, for a branch that follows one). */
function within(node: ts.Node, route: DispatchRoute): boolean {
  return node.pos >= Math.max(route.body.pos, route.start ?? 0) && node.end <= route.body.end;
}

/** The object literal an expression is, through `satisfies`/`as` and a const. */
function objectLiteralOf(node: ts.Node): ts.ObjectLiteralExpression | undefined {
  if (ts.isPropertyAssignment(node)) return objectLiteralOf(node.initializer);
  if (!ts.isExpression(node)) return undefined;
  let inner = unwrapExpression(node);
  while (ts.isSatisfiesExpression(inner) || ts.isAsExpression(inner)) inner = unwrapExpression(inner.expression);
  if (ts.isIdentifier(inner)) {
    const init = declarationOf(inner, inner.getSourceFile());
    return init && init !== node ? objectLiteralOf(init) : undefined;
  }
  return ts.isObjectLiteralExpression(inner) ? inner : undefined;
}

/** The member of an object literal (or of the literal a node holds) named `name`, also in the literals it spreads. */
function literalProperty(node: ts.Node, name: string, depth = 0): Ts.ObjectLiteralElementLike | undefined {
  const literal = objectLiteralOf(node);
  if (!literal || depth > 3) return undefined;
  for (const property of [...literal.properties].reverse()) {
    if (ts.isSpreadAssignment(property)) {
      const inner = literalProperty(property.expression, name, depth + 1);
      if (inner) return inner;
      continue;
    }
    const key = property.name;
    if (!key) continue;
    const text = ts.isIdentifier(key) || ts.isStringLiteralLike(key) || ts.isNumericLiteral(key) ? key.text : undefined;
    if (text === name) return property;
    // A computed key (`[`${API}/users`]`): matched by its place only when nothing else names it.
  }
  return undefined;
}

/** The object literal a member's value is (`"/users": { GET, POST }`). */
function literalOfValue(member: ts.Node): ts.ObjectLiteralExpression | undefined {
  return ts.isPropertyAssignment(member) ? objectLiteralOf(member.initializer) : undefined;
}

/** A value Bun serves as it is: `new Response(...)`, `Response.json(...)`, `Bun.file(...)`, an HTML import. */
function isStaticResponse(value: Value, at: ts.Node): boolean {
  if (value.kind === "string") return false;
  const written = ts.isPropertyAssignment(at)
    ? unwrapExpression(at.initializer)
    : ts.isShorthandPropertyAssignment(at)
      ? at.name
      : undefined;
  if (!written) return false;
  const text = written.getText();
  if (/^(new\s+Response\b|Response\.(json|redirect|error)\s*\(|Bun\.file\s*\()/.test(text)) return true;
  if (ts.isIdentifier(written)) {
    const init = declarationOf(written, written.getSourceFile());
    if (init && /^(new\s+Response\b|Response\.(json|redirect|error)\s*\(|Bun\.file\s*\()/.test(init.getText())) return true;
    // `import index from "./index.html"`: an HTML bundle.
    for (const statement of written.getSourceFile().statements)
      if (
        ts.isImportDeclaration(statement) &&
        ts.isStringLiteral(statement.moduleSpecifier) &&
        /\.html?$/.test(statement.moduleSpecifier.text) &&
        statement.importClause?.name?.text === written.text
      )
        return true;
  }
  return false;
}

/** The name of a handler's request parameter (for a listener, its event: `event.request` is then the request). */
function requestName(fn: ts.FunctionLikeDeclaration, index: number): string | undefined {
  const parameter = fn.parameters[index];
  return parameter && ts.isIdentifier(parameter.name) ? parameter.name.text : undefined;
}

/** How a handler is called: which parameter is the request, which hold the path, the checks run before it. */
interface Calling {
  request: number;
  paths: string[];
  prelude: RouteCheck[];
}

/** A fetch handler's own convention: `(request, env, ctx)`. */
const FETCH_CALL: Calling = { request: 0, paths: [], prelude: [] };

/** How `call` calls a helper of the sources: where it passes the request and the path, after which checks. */
function callingOf(
  call: ts.CallExpression,
  caller: ts.FunctionLikeDeclaration,
  requestIndex: number,
  dispatch: Dispatch,
  prelude: RouteCheck[],
): Calling {
  const request = requestName(caller, requestIndex);
  const callee = call.arguments.findIndex((a) => isRequestArg(a, request));
  const paths: string[] = [];
  const fn = calleeDeclaration(call);
  call.arguments.forEach((arg, index) => {
    const parameter = fn?.parameters[index];
    if (parameter && ts.isIdentifier(parameter.name) && dispatch.paths?.isPathname(arg)) paths.push(parameter.name.text);
  });
  return { request: Math.max(callee, 0), paths, prelude };
}

/** The function declaration a call names syntactically (a function or const of its module), for its parameter names. */
function calleeDeclaration(call: ts.CallExpression): ts.FunctionLikeDeclaration | undefined {
  const callee = unwrapExpression(call.expression);
  if (!ts.isIdentifier(callee)) return undefined;
  for (const statement of callee.getSourceFile().statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name?.text === callee.text) return statement;
    if (ts.isVariableStatement(statement))
      for (const d of statement.declarationList.declarations)
        if (ts.isIdentifier(d.name) && d.name.text === callee.text && d.initializer) {
          const init = unwrapExpression(d.initializer);
          if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) return init;
        }
  }
  return undefined;
}

/** Whether a call's answer is what its statement returns (`return f(x)`, `return await f(x)`, an arrow's body). */
function isReturned(call: ts.CallExpression): boolean {
  let node: ts.Node = call;
  while (node.parent && (ts.isAwaitExpression(node.parent) || ts.isParenthesizedExpression(node.parent))) node = node.parent;
  return node.parent !== undefined && (ts.isReturnStatement(node.parent) || (ts.isArrowFunction(node.parent) && node.parent.body === node));
}

/** `request`, or `event.request` of a listener's event. */
function isRequestArg(node: ts.Expression, request: string | undefined): boolean {
  if (!request) return false;
  const inner = unwrapExpression(node);
  if (ts.isIdentifier(inner)) return inner.text === request;
  return (
    ts.isPropertyAccessExpression(inner) &&
    inner.name.text === "request" &&
    ts.isIdentifier(inner.expression) &&
    inner.expression.text === request
  );
}

/** The calls of a handler that hand the request on (`handleRequest(request, env)`, `app.fetch(request)`), outside inner functions. */
function forwardingCalls(fn: ts.FunctionLikeDeclaration, requestIndex: number): ts.CallExpression[] {
  const request = requestName(fn, requestIndex);
  const out: ts.CallExpression[] = [];
  const visit = (node: ts.Node): void => {
    if (node !== fn && ts.isFunctionLike(node)) return;
    if (ts.isCallExpression(node) && node.arguments.some((a) => isRequestArg(a, request))) {
      out.push(node);
      return;
    }
    ts.forEachChild(node, visit);
  };
  if (fn.body) visit(fn.body);
  return out;
}

/** The methods a branch's own tests answer: `if (request.method === "GET")`, a guard `!== "POST"` that leaves, a `switch`. */
function branchMethods(route: DispatchRoute, tests: MethodTests): string[] | undefined {
  const found = new Set<string>();
  let guard: Set<string> | undefined;
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) || node.end <= (route.start ?? 0)) return;
    if (ts.isIfStatement(node)) {
      const test = tests.testOf(node.expression);
      if (test && !test.negated) for (const m of test.methods) found.add(m);
      if (test?.negated && exits(node.thenStatement))
        guard = guard ? new Set([...guard].filter((m) => test.methods.has(m))) : new Set(test.methods);
    } else if (ts.isSwitchStatement(node) && tests.isMethod(node.expression)) {
      for (const clause of node.caseBlock.clauses)
        if (ts.isCaseClause(clause)) {
          const name = tests.methodName(clause.expression);
          if (name) found.add(name);
        }
    }
    ts.forEachChild(node, visit);
  };
  visit(route.body);
  const methods = guard ?? (found.size ? found : undefined);
  return methods ? [...methods].sort() : undefined;
}

/** The methods of `among` a node of a branch runs for: the method tests of the `if`s and `case`s around it. */
function methodsAt(node: ts.Node, body: ts.Node, tests: MethodTests, among: readonly string[]): string[] {
  let out = [...among];
  for (let child: ts.Node = node, parent = node.parent; parent && child !== body; child = parent, parent = parent.parent) {
    if (ts.isIfStatement(parent) && (child === parent.thenStatement || child === parent.elseStatement)) {
      const test = tests.testOf(parent.expression);
      if (test) {
        const runsFor = (child === parent.thenStatement) !== test.negated;
        out = out.filter((m) => test.methods.has(m) === runsFor);
      }
    } else if ((ts.isCaseClause(parent) || ts.isDefaultClause(parent)) && tests.isMethod(parent.parent.parent.expression)) {
      const clauses = parent.parent.clauses;
      let first = clauses.indexOf(parent);
      while (first > 0 && clauses[first - 1]!.statements.length === 0) first--;
      const group = clauses.slice(first, clauses.indexOf(parent) + 1);
      const labelled = new Set(clauses.flatMap((c) => (ts.isCaseClause(c) ? [tests.methodName(c.expression)] : [])));
      const names = new Set(group.flatMap((c) => (ts.isCaseClause(c) ? [tests.methodName(c.expression)] : [])));
      out = group.some((c) => ts.isDefaultClause(c))
        ? out.filter((m) => !labelled.has(m) || names.has(m))
        : out.filter((m) => names.has(m));
    }
  }
  return out;
}

function enclosingStatement(node: ts.Node): ts.Node | undefined {
  for (let n: ts.Node | undefined = node; n; n = n.parent) if (ts.isStatement(n) || ts.isCaseClause(n)) return n;
  return undefined;
}

/** A handler function's doc comment: on the function, or on the `const` it is assigned to. */
function docOfFunction(decl: ts.FunctionLikeDeclaration) {
  const own = leadingDoc(decl);
  if (own) return own;
  // `/** Lists users. */ GET: (req) => ...`
  if (decl.parent && ts.isPropertyAssignment(decl.parent)) return leadingDoc(decl.parent);
  const holder = decl.parent && ts.isVariableDeclaration(decl.parent) ? decl.parent.parent?.parent : undefined;
  return holder ? leadingDoc(holder) : undefined;
}

/**
 * Whether a function may be a fetch handler by its first parameter: none, untyped, `any`/`unknown`, or a type
 * named for a request (`Request`, `IRequest`, `NextRequest`, `Request<unknown, Cf>`).
 */
function mayTakeRequest(decl: FunctionValue["decl"]): boolean {
  const type = decl.parameters[0]?.type;
  if (!type || type.kind === ts.SyntaxKind.AnyKeyword || type.kind === ts.SyntaxKind.UnknownKeyword) return true;
  return /Req/.test(type.getText());
}
