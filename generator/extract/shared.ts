import { BoundPackages } from "./bound-packages.js";
import { ts } from "../typescript.js";
import { type DiagnosticBag, siteOf, type SourceSite } from "../diagnostics/diagnostic.js";
import { callsOf } from "../scan/calls.js";
import { excerpt, explain, type HostAdapter, type Interpreter, isCommandHandler, isFunctionLike } from "../resolve/interpreter.js";
import { type CheckValue, jsonValue, type Scope, UNDEFINED, unknown, type Value } from "../resolve/values.js";
import { enclosingFunction, unwrapExpression } from "../resolve/syntax.js";
import { moduleReferences, type SourceSet } from "../scan/source-set.js";
import { checksOfFact, markFact, requirementsOf } from "./requirements.js";
import type { RouteFact } from "./route-fact.js";
import { OwnRouterCalls } from "./own-routers.js";
import { isOwnRequestSender } from "./request-senders.js";
import type { RouterNode } from "./router-graph.js";

/** What every interpreter-based adapter shares: app factories, the unreached sweep, de-duplication. */

const importsByFile = new WeakMap<ts.SourceFile, string[]>();

/**
 * A file's ES import bindings, by local name: `module:exported` for a named import (`import { route as r }
 * from "m"` gives `r` → `m:route`), `module:*` for a namespace import. Only modules `accepts` takes.
 */
export function importBindings(file: ts.SourceFile, accepts: (module: string) => boolean = () => true): Map<string, string> {
  const out = new Map<string, string>();
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const from = statement.moduleSpecifier.text;
    if (!accepts(from)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings))
      for (const element of bindings.elements) out.set(element.name.text, `${from}:${(element.propertyName ?? element.name).text}`);
    if (bindings && ts.isNamespaceImport(bindings)) out.set(bindings.name.text, `${from}:*`);
  }
  return out;
}

/**
 * Whether an expression is a package's value: a name its file imports from a package (a bare specifier),
 * or a call or member of one (`cors()`, `Inert.plugin`). A plugin from a package adds none of the project's
 * routes, so an adapter that cannot read one says nothing of it.
 */
export function isPackageValue(node: ts.Expression): boolean {
  let inner: ts.Expression = node;
  while (
    ts.isCallExpression(inner) ||
    ts.isPropertyAccessExpression(inner) ||
    ts.isParenthesizedExpression(inner) ||
    ts.isAwaitExpression(inner)
  )
    inner = inner.expression;
  if (!ts.isIdentifier(inner)) return false;
  const name = inner.text;
  return node.getSourceFile().statements.some((st) => {
    if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier) || /^[./]/.test(st.moduleSpecifier.text)) return false;
    const clause = st.importClause;
    if (clause?.name?.text === name) return true;
    const bindings = clause?.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) return bindings.name.text === name;
    return Boolean(bindings && ts.isNamedImports(bindings) && bindings.elements.some((e) => e.name.text === name));
  });
}

/**
 * The files an adapter scans for calls that serve its routes: the analysed ones, and the files they import
 * from outside them (a workspace package's `hono.ts`) that import one of its packages (`mentions` picks the
 * files worth parsing by their text). The evaluator reaches
 * such a file's plain routes by its import; a serving call there is served all the same.
 */
export function servingFiles(sources: SourceSet, mentions: RegExp, accepts: (module: string) => boolean): ts.SourceFile[] {
  const outside = sources.filesImportedOutside(mentions).filter((file) => importedPackages(file).some(accepts));
  return outside.length ? [...sources.files, ...outside] : sources.files;
}

/** The module specifiers a file imports (every adapter's `detect` asks, so each file is read once). */
export function importedPackages(file: ts.SourceFile): string[] {
  let out = importsByFile.get(file);
  if (out) return out;
  out = [];
  for (const statement of file.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) out.push(statement.moduleSpecifier.text);
  }
  // CommonJS: `const express = require("express")` (the file's calls are listed once anyway).
  if (file.text.includes("require(")) {
    for (const call of callsOf(file)) {
      if (
        ts.isCallExpression(call) &&
        ts.isIdentifier(call.expression) &&
        call.expression.text === "require" &&
        call.arguments[0] &&
        ts.isStringLiteralLike(call.arguments[0])
      )
        out.push(call.arguments[0].text);
    }
  }
  importsByFile.set(file, out);
  return out;
}

/** For adapters that read decorators and constants only (NestJS, routing-controllers): framework objects mean nothing to the evaluator. */
export const NO_HOST: HostAdapter = { callExternal: () => undefined, callMethod: (receiver) => receiver };

/**
 * An app is usually created inside a factory (`createApp(options)`) that only the server entry or the
 * tests call. Factories that create an app and that nothing in the sources calls are run once, with
 * their parameters unknown.
 */
export function runAppFactories(
  sources: SourceSet,
  interpreter: Interpreter,
  createsApp: (call: ts.CallExpression | ts.NewExpression, file: ts.SourceFile) => boolean,
  /** Told of every file that has an app factory (run now or not). */
  onFactory?: (file: string) => void,
): void {
  // Classes whose members create an app (`constructor() { this.app = express() }`): a function that
  // constructs one (`start() { server = new App(); await server.config() }`) is an app factory too.
  const appClasses = new Set<ts.Node>();
  for (const file of sources.files) {
    for (const call of callsOf(file)) {
      if (!createsApp(call, file)) continue;
      for (let n: ts.Node | undefined = call.parent; n; n = n.parent) if (ts.isClassDeclaration(n)) appClasses.add(n);
    }
  }
  const callers = callersByName(sources);
  // A factory in a module that other modules import may be called through that import with no name to find
  // (`require("./api3")(env)`): the others run first, so that it runs where it is called (and mounted), not
  // alone as well. (A stable sort: otherwise the files' own order.)
  const imported = importedSourceFiles(sources);
  const ordered = [...sources.files].sort((a, b) => Number(imported.has(a.fileName)) - Number(imported.has(b.fileName)));
  for (const file of ordered) {
    const factories = new Set<ts.Node>();
    for (const call of callsOf(file)) {
      const constructsApp = appClasses.size > 0 && ts.isNewExpression(call) && constructsAppClass(call, file, interpreter, appClasses);
      if (!constructsApp && !createsApp(call, file)) continue;
      const fn = topLevelFunction(call);
      if (fn) factories.add(fn);
    }
    if (factories.size) onFactory?.(file.fileName);
    for (const fn of factories) {
      if (interpreter.invoked.has(fn)) continue;
      // A command's handler runs when the start script gives that command (Interpreter.startedCommand), and only then.
      if (isCommandHandler(fn)) continue;
      // A method of a class that creates the app (`ServerService.launch()`): run on an instance made as a
      // dependency-injection container makes it, its injected services instances of their classes.
      if (ts.isMethodDeclaration(fn) && ts.isClassDeclaration(fn.parent) && fn.parent.name && fn.body) {
        const cls = interpreter.lookup(fn.parent.name.text, interpreter.module(file).scope, fn);
        if (cls.kind !== "class") continue;
        const instance = interpreter.injected(cls, fn);
        const owner = `${fn.parent.name.text}.${fn.name.getText()}`;
        const args = fn.parameters.map((p) => unknown(p, `is a parameter of ${owner}, which apidex runs without arguments`));
        interpreter.callFunction({ kind: "function", decl: fn, scope: cls.scope, thisValue: instance }, args, fn);
        continue;
      }
      const name = functionName(fn);
      // A factory the sources call where apidex did not run the call (`if (flag) app.use(mount("/me",
      // initMe()))`) serves under that call's mount: run alone, its routes would be indexed at the root.
      // Its registrations are reported with where it is called instead.
      // (A call in a function nothing ran does not count: unleash's getApp is called only from a server
      // entry apidex does not run. Nor does one when the config gives the factory's arguments.)
      // A call whose result is mounted at a path (`use("/me", initMe())`, `mount("/me", initMe())`) counts
      // wherever it is: run alone, the factory's routes would lose that prefix.
      const ranAround = (call: ts.Node) => {
        const around = enclosingFunction(call);
        return around === undefined || interpreter.invoked.has(around);
      };
      if (
        name &&
        name !== "default" &&
        !Object.hasOwn(interpreter.factoryArguments, name) &&
        callers(name).some((call) => !isInside(call, fn) && (ranAround(call) || mountedAtPath(call)))
      )
        continue;
      // A function nothing ran that gets the app from the factory and hands it on (`const server = await
      // create(); await registerRoutes(server); await server.start()`) is where its routes are added: that
      // function is run, and the factory with it.
      const receivers = name && !Object.hasOwn(interpreter.factoryArguments, name) ? appReceivers(callers(name), fn, interpreter) : [];
      if (receivers.length) {
        for (const receiver of receivers) {
          if (interpreter.invoked.has(receiver)) continue;
          const receiverName = functionName(receiver);
          const held: Value = receiverName
            ? interpreter.lookup(receiverName, interpreter.module(receiver.getSourceFile()).scope, receiver)
            : { kind: "function", decl: receiver as ts.FunctionLikeDeclaration, scope: interpreter.module(receiver.getSourceFile()).scope };
          if (held.kind !== "function") continue;
          const args = held.decl.parameters.map((p) =>
            unknown(
              p,
              `is a parameter of ${receiverName ?? "a function"}, which apidex runs without arguments as the one that adds routes to the app ${name} creates`,
            ),
          );
          interpreter.callFunction(held, args, receiver);
        }
        continue;
      }
      const scope = interpreter.module(file).scope;
      const value: Value = name ? interpreter.lookup(name, scope, fn) : { kind: "function", decl: fn as ts.FunctionLikeDeclaration, scope };
      if (value.kind !== "function") continue;
      // The config can say what the deployment passes (`factoryArguments`); other parameters stay unknown.
      const given = (name && Object.hasOwn(interpreter.factoryArguments, name) ? interpreter.factoryArguments[name] : undefined) ?? [];
      // A parameter whose default creates the app (`init(app = new Koa(), server?)`) is the app either way:
      // the default runs, so what the factory mounts on it is read.
      const args = value.decl.parameters.map((p, i) =>
        i < given.length
          ? jsonValue(given[i])
          : p.initializer && createsAppIn(p.initializer, file, createsApp)
            ? UNDEFINED
            : unknown(
                p,
                `is a parameter of the app factory${name ? ` ${name}` : ""}, which apidex runs without ${given.length ? "that argument" : "arguments"} (the config's \`factoryArguments\` can give it)`,
              ),
      );
      interpreter.callFunction(value, args, fn);
    }
  }
}

/** The source files some source file imports (`import`, `export ... from`, `require("./x")`, `import("./x")`). */
function importedSourceFiles(sources: SourceSet): Set<string> {
  const out = new Set<string>();
  for (const file of sources.files)
    for (const { specifier } of moduleReferences(file)) {
      const target = sources.importedFile(specifier, file.fileName);
      if (target && target !== file.fileName) out.add(target);
    }
  return out;
}

/** Whether an expression creates an app (`new Koa()`, `express()`), itself or in a part of it. */
function createsAppIn(
  node: ts.Expression,
  file: ts.SourceFile,
  createsApp: (call: ts.CallExpression | ts.NewExpression, file: ts.SourceFile) => boolean,
): boolean {
  let found = false;
  const visit = (n: ts.Node): void => {
    if (found) return;
    if ((ts.isCallExpression(n) || ts.isNewExpression(n)) && createsApp(n, file)) found = true;
    else ts.forEachChild(n, visit);
  };
  visit(node);
  return found;
}

function constructsAppClass(
  call: ts.NewExpression,
  file: ts.SourceFile,
  interpreter: Interpreter,
  appClasses: ReadonlySet<ts.Node>,
): boolean {
  if (!ts.isIdentifier(call.expression)) return false;
  const value = interpreter.lookup(call.expression.text, interpreter.module(file).scope, call);
  return value.kind === "class" && appClasses.has(value.decl);
}

/** Local names bound to a package's default or namespace import in a file. */
export function localNamesOf(file: ts.SourceFile, pkg: string): Set<string> {
  // Asked for every call of a file (is this the app factory?): each file and package is read once.
  let byPackage = localNamesByFile.get(file);
  if (!byPackage) localNamesByFile.set(file, (byPackage = new Map()));
  let names = byPackage.get(pkg);
  if (!names) byPackage.set(pkg, (names = readLocalNames(file, pkg)));
  return names;
}

const localNamesByFile = new WeakMap<ts.SourceFile, Map<string, Set<string>>>();

function readLocalNames(file: ts.SourceFile, pkg: string): Set<string> {
  const names = new Set<string>();
  for (const statement of file.statements) {
    // CommonJS: `const Hapi = require("@hapi/hapi")`.
    if (ts.isVariableStatement(statement)) {
      for (const d of statement.declarationList.declarations) {
        const init = d.initializer;
        if (
          ts.isIdentifier(d.name) &&
          init &&
          ts.isCallExpression(init) &&
          ts.isIdentifier(init.expression) &&
          init.expression.text === "require" &&
          init.arguments.length === 1 &&
          ts.isStringLiteralLike(init.arguments[0]!) &&
          init.arguments[0].text === pkg
        )
          names.add(d.name.text);
      }
      continue;
    }
    // TypeScript's CommonJS import: `import express = require("express")`.
    if (
      ts.isImportEqualsDeclaration(statement) &&
      ts.isExternalModuleReference(statement.moduleReference) &&
      ts.isStringLiteralLike(statement.moduleReference.expression) &&
      statement.moduleReference.expression.text === pkg
    ) {
      names.add(statement.name.text);
      continue;
    }
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier) || statement.moduleSpecifier.text !== pkg)
      continue;
    const clause = statement.importClause;
    if (clause?.name) names.add(clause.name.text);
    if (clause?.namedBindings && ts.isNamespaceImport(clause.namedBindings)) names.add(clause.namedBindings.name.text);
  }
  return names;
}

/** Whether a call's result is mounted at a path: an argument after a path of `use(...)` or `mount(...)`. */
function mountedAtPath(call: ts.CallExpression): boolean {
  const parent = call.parent;
  if (!ts.isCallExpression(parent) || parent.arguments[0] === call || !isPathLiteral(parent.arguments[0])) return false;
  const callee = unwrapExpression(parent.expression);
  return (ts.isIdentifier(callee) && /mount/i.test(callee.text)) || (ts.isPropertyAccessExpression(callee) && callee.name.text === "use");
}

/**
 * The module-level functions nothing ran that call the factory and hand its app on: the call's result (through
 * `await`) is held in a variable that is passed to another call (`registerRoutes(server)`) in that function.
 */
function appReceivers(calls: readonly ts.CallExpression[], factory: ts.Node, interpreter: Interpreter): ts.Node[] {
  const out: ts.Node[] = [];
  for (const call of calls) {
    if (isInside(call, factory)) continue;
    const around = topLevelFunction(call);
    if (!around || interpreter.invoked.has(around) || out.includes(around)) continue;
    let holder: ts.Node = call;
    while (ts.isAwaitExpression(holder.parent) || ts.isParenthesizedExpression(holder.parent)) holder = holder.parent;
    const declaration = holder.parent;
    // `initApp(options).then((app) => loadRoutes(app, dir))`: the promised app, handed on in the continuation.
    const then = declaration;
    const continuation =
      ts.isPropertyAccessExpression(then) &&
      then.name.text === "then" &&
      ts.isCallExpression(then.parent) &&
      then.parent.expression === then &&
      then.parent.arguments[0] &&
      (ts.isArrowFunction(then.parent.arguments[0]) || ts.isFunctionExpression(then.parent.arguments[0]))
        ? then.parent.arguments[0]
        : undefined;
    const parameter = continuation?.parameters[0]?.name;
    let app: string;
    let scope: ts.Node = around;
    if (continuation && parameter && ts.isIdentifier(parameter)) {
      app = parameter.text;
      scope = continuation;
    } else if (ts.isVariableDeclaration(declaration) && declaration.initializer === holder && ts.isIdentifier(declaration.name))
      app = declaration.name.text;
    else continue;
    let handed = false;
    const visit = (n: ts.Node): void => {
      if (handed) return;
      if (ts.isCallExpression(n) && n.arguments.some((a) => ts.isIdentifier(a) && a.text === app)) handed = true;
      else ts.forEachChild(n, visit);
    };
    visit(scope);
    if (handed) out.push(around);
  }
  return out;
}

/** Whether a node lies inside another. */
function isInside(node: ts.Node, container: ts.Node): boolean {
  return node.getSourceFile() === container.getSourceFile() && node.pos >= container.pos && node.end <= container.end;
}

/** The module-level function (declaration or `const f = () => ...`) that contains a node. */
function topLevelFunction(node: ts.Node): ts.Node | undefined {
  let fn: ts.Node | undefined;
  for (let current = node.parent; current; current = current.parent) {
    if (isFunctionLike(current)) fn = current;
    if (ts.isSourceFile(current.parent)) return fn;
  }
  return undefined;
}

function functionName(fn: ts.Node): string | undefined {
  if (ts.isFunctionDeclaration(fn)) return fn.name?.text ?? "default";
  const parent = fn.parent;
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  return undefined;
}

export function reportUnmounted(
  routers: RouterNode[],
  diagnostics: DiagnosticBag,
  /** Routers already reported with their folder (extract/unmounted-folders.ts). */
  reported: ReadonlySet<RouterNode> = new Set(),
): void {
  for (const router of routers) {
    if (router.kind !== "router" || router.mounted || reported.has(router)) continue;
    const routes = router.stack.filter((l) => l.type === "route").length;
    if (!routes) continue;
    diagnostics.warning(
      "APX211",
      `This router registers ${routes} route(s) but is never mounted on an app in the analysed sources; they are not indexed.`,
      router.site,
      "Mount it with app.use(prefix, router); if the server mounts a folder of such modules at their paths by walking it at start-up, name the folder in the config's `routerFiles`; or exclude the file if it is not part of the service.",
    );
  }
}

/**
 * Reports calls that look like route registrations but that the evaluator never reached: inside a loop
 * or a condition, inside a callback, or in a function nothing calls. Nothing is dropped silently.
 */
export function reportUnreached(
  sources: SourceSet,
  visited: Set<ts.CallExpression>,
  interpreter: Interpreter,
  diagnostics: DiagnosticBag,
  methods: ReadonlySet<string>,
  /** Several adapters ran: a call another adapter reached is no miss, so the report waits for all. */
  shared?: UnreachedRegistrations,
): void {
  shared?.reached(visited);
  const callers = callersByName(sources);
  // Registrations on a router of the sources' own (own-routers.ts): ran as calls of the sources, reaching no framework.
  const ownRouted: ts.CallExpression[] = [];
  for (const file of sources.files) {
    interpreter.onPost?.enter(file.fileName);
    for (const node of callsOf(file)) {
      if (!ts.isCallExpression(node) || visited.has(node)) continue;
      if (interpreter.sourceCalls.has(node)) {
        if (interpreter.quietSourceCalls.has(node) && routesByVerb(node, methods) && looksLikeRegistration(node, methods, sources))
          ownRouted.push(node);
        continue;
      }
      if (!looksLikeRegistration(node, methods, sources)) continue;
      // Always a warning: the code is valid, apidex only cannot tell whether (or how often) it runs.
      const why = whyUnreached(node, interpreter, callers);
      if (!why) continue;
      const report = () =>
        diagnostics.add({
          severity: "warning",
          code: "APX210",
          message: `This route registration was not analysed: it ${why.reason}; ${surelyRouter(node) ? "what it registers is not indexed" : "if it registers a route, that route is not indexed"}.`,
          site: siteOf(methodSite(node)),
          hint: why.hint,
          ...(why.related ? { related: why.related } : {}),
        });
      if (shared) shared.missed(node, report);
      else report();
    }
    interpreter.onPost?.leave();
  }
  const ownRouters = shared?.ownRouters ?? new OwnRouterCalls();
  ownRouters.take(interpreter, visited, ownRouted);
  if (!shared) ownRouters.report(diagnostics, (call) => looksLikeRegistration(call, methods, sources));
  else {
    const others = shared.registers;
    shared.registers = (call) => others(call) || looksLikeRegistration(call, methods, sources);
  }
  reportUnrunHelperCalls(sources, interpreter, diagnostics, methods, callers, shared);
}

/** `router.get(path, handler)`: a registration by an HTTP method's name (not `use`, `route` or `on`). */
function routesByVerb(call: ts.CallExpression, methods: ReadonlySet<string>): boolean {
  return (
    ts.isPropertyAccessExpression(call.expression) &&
    methods.has(call.expression.name.text) &&
    !["use", "route", "on"].includes(call.expression.name.text)
  );
}

/**
 * A call of a function of the sources that registers routes (`createAction(router, path, method)`), in code
 * apidex did not run (a loop over data it cannot read, a callback), when the function ran from another call:
 * its registrations were read there and are not reported, so what this call would register is lost without a
 * word unless it is reported here, at the call. Only a call by the function's own name, in a file where that
 * name is the function (declared or imported there), counts.
 */
function reportUnrunHelperCalls(
  sources: SourceSet,
  interpreter: Interpreter,
  diagnostics: DiagnosticBag,
  methods: ReadonlySet<string>,
  callers: (name: string) => readonly ts.CallExpression[],
  shared: UnreachedRegistrations | undefined,
): void {
  // The functions that ran and hold a registration, by the name they are called by, with that registration.
  const helpers = new Map<string, { fn: ts.Node; registration: ts.CallExpression }>();
  for (const file of sources.files)
    for (const node of callsOf(file)) {
      if (!ts.isCallExpression(node) || !looksLikeRegistration(node, methods, sources)) continue;
      const fn = enclosingFunction(node);
      const name = fn && interpreter.invoked.has(fn) ? nameOf(fn as ts.FunctionLikeDeclaration) : undefined;
      if (name && !helpers.has(name)) helpers.set(name, { fn: fn!, registration: node });
    }
  for (const [name, { fn, registration }] of helpers) {
    for (const call of callers(name)) {
      if (interpreter.sourceCalls.has(call) || isInside(call, fn) || !ts.isIdentifier(unwrapExpression(call.expression))) continue;
      const file = call.getSourceFile();
      if (file !== fn.getSourceFile() && !namesImport(file, name, sources)) continue;
      const why = whyUnreached(call, interpreter, callers);
      if (!why || (why.kind !== "flow" && why.kind !== "callback")) continue;
      interpreter.onPost?.enter(file.fileName);
      const report = () =>
        diagnostics.add({
          severity: "warning",
          code: "APX210",
          message: `This call of ${name}(), which registers routes, was not analysed: it ${why.reason}. ${name}() was read where another call of it ran, and its routes are indexed as that call registers them; what this call would register (on the app or under the prefix it is given here) is not.`,
          site: siteOf(call.expression),
          hint: why.hint,
          related: [{ message: `${name}() registers a route here`, site: siteOf(methodSite(registration)) }, ...(why.related ?? [])],
        });
      if (shared) shared.missed(call, report);
      else report();
      interpreter.onPost?.leave();
    }
  }
}

/** Whether a file imports a name (`import { name } from`, `const { name } = require(...)`). */
function namesImport(file: ts.SourceFile, name: string, sources: SourceSet): boolean {
  // From a module of the sources: `import { readContract } from "thirdweb"` is a package's function of the same name.
  const fromSources = (specifier: ts.Expression | undefined) =>
    specifier !== undefined &&
    ts.isStringLiteralLike(specifier) &&
    ["source", "replayed"].includes(sources.resolveImport(specifier.text, file.fileName).kind);
  for (const statement of file.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      const named = clause?.namedBindings;
      const binds =
        clause?.name?.text === name ||
        (named !== undefined && ts.isNamedImports(named) && named.elements.some((e) => e.name.text === name));
      if (binds) return fromSources(statement.moduleSpecifier);
    } else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        const init = declaration.initializer && unwrapExpression(declaration.initializer);
        if (!init || !ts.isCallExpression(init) || !ts.isIdentifier(init.expression) || init.expression.text !== "require") continue;
        if (
          ts.isIdentifier(declaration.name)
            ? declaration.name.text === name
            : declaration.name.elements.some((e) => ts.isBindingElement(e) && ts.isIdentifier(e.name) && e.name.text === name)
        )
          return fromSources(init.arguments[0]);
      }
    }
  }
  return false;
}

/**
 * Registrations no adapter reached, across the adapters of a project that uses several frameworks: an
 * Express adapter does not reach a Fastify file's `app.get(...)`, and must not report it when the
 * Fastify adapter did.
 */
export class UnreachedRegistrations {
  private readonly visited = new Set<ts.CallExpression>();
  private readonly misses = new Map<ts.CallExpression, () => void>();

  reached(calls: Iterable<ts.CallExpression>): void {
    for (const call of calls) this.visited.add(call);
  }

  /** The first adapter's explanation is the one reported. */
  missed(call: ts.CallExpression, report: () => void): void {
    if (!this.misses.has(call)) this.misses.set(call, report);
  }

  /** Registrations on routers of the sources' own, over every adapter's run, and how one adapter tells a registration. */
  readonly ownRouters = new OwnRouterCalls();
  registers: (call: ts.CallExpression) => boolean = () => false;

  /** Reports every miss no adapter reached, once all have run. */
  report(diagnostics: DiagnosticBag): void {
    for (const [call, report] of this.misses) if (!this.visited.has(call)) report();
    this.ownRouters.report(diagnostics, this.registers);
  }
}

function looksLikeRegistration(call: ts.CallExpression, methods: ReadonlySet<string>, sources?: SourceSet): boolean {
  if (!shapedLikeRegistration(call, methods) || isAmdModule(call.getSourceFile())) return false;
  // `axios.post("/api/col/up_case", params)`, `api.get(url)` of `const api = axios.create()`: an HTTP client's
  // request (browser code beside the server), not a route registration.
  const callee = call.expression as ts.PropertyAccessExpression | ts.ElementAccessExpression;
  const file = call.getSourceFile();
  if (HTTP_CLIENTS.binds(callee.expression, file)) return false;
  // `createApp(App).use(router)`, `passport.use("github", strategy)`: a plugin installed, no route mounted.
  if (ts.isPropertyAccessExpression(callee) && callee.name.text === "use" && PLUGIN_HOSTS.binds(callee.expression, file)) return false;
  // `const { data } = await $.http.post("/v0/records", body)`: a result awaited or handed to `then` is a
  // response; a registration gives back its router (or nothing), which no code waits for.
  if (awaitsResult(call)) return false;
  // `api.post(\`/v1/layouts\`, data)` of the project's own request helpers (request-senders.ts).
  return !(
    sources &&
    ts.isPropertyAccessExpression(callee) &&
    isOwnRequestSender(callee, sources, {
      registers: (c) => looksLikeRegistration(c, methods),
      isClient: (expression, file) => HTTP_CLIENTS.binds(expression, file),
      clientNames: (file) => HTTP_CLIENTS.names(file),
      isClientPackage: (module) => HTTP_CLIENTS.test(module),
    })
  );
}

/**
 * Whether a call's result is awaited (`await x.post(...)`, `await x?.post(...)`), its `then` is called, or it is
 * an observable someone waits for (`firstValueFrom(this.$api.post(...))`, `lastValueFrom`, `.subscribe(...)`:
 * Angular's HttpClient answers so).
 */
function awaitsResult(call: ts.CallExpression): boolean {
  let outer: ts.Node = call;
  while (ts.isParenthesizedExpression(outer.parent) || ts.isNonNullExpression(outer.parent) || ts.isAsExpression(outer.parent))
    outer = outer.parent;
  const parent = outer.parent;
  return (
    ts.isAwaitExpression(parent) ||
    (ts.isPropertyAccessExpression(parent) &&
      parent.expression === outer &&
      (parent.name.text === "then" || parent.name.text === "subscribe") &&
      ts.isCallExpression(parent.parent)) ||
    (ts.isCallExpression(parent) &&
      parent.arguments[0] === outer &&
      ts.isIdentifier(parent.expression) &&
      (parent.expression.text === "firstValueFrom" || parent.expression.text === "lastValueFrom"))
  );
}

const amdModules = new WeakMap<ts.SourceFile, boolean>();

/**
 * A RequireJS (AMD) module, `define("forum/category", ["api"], function (api) { ... })` at its top level: code
 * a browser loads, so its `api.put("/categories/1/watch", { state })` calls are requests to the server, not
 * routes it registers.
 */
function isAmdModule(file: ts.SourceFile): boolean {
  let amd = amdModules.get(file);
  if (amd === undefined) {
    amd = file.statements.some(
      (s) =>
        ts.isExpressionStatement(s) &&
        ts.isCallExpression(s.expression) &&
        ts.isIdentifier(s.expression.expression) &&
        s.expression.expression.text === "define" &&
        s.expression.arguments.some((a) => ts.isFunctionExpression(a) || ts.isArrowFunction(a)),
    );
    amdModules.set(file, amd);
  }
  return amd;
}

function shapedLikeRegistration(call: ts.CallExpression, methods: ReadonlySet<string>): boolean {
  const callee = call.expression;
  // `console[level](message, ...args)`: the language's own objects route nothing.
  if (
    (ts.isElementAccessExpression(callee) || ts.isPropertyAccessExpression(callee)) &&
    ts.isIdentifier(callee.expression) &&
    STANDARD_OBJECTS.has(callee.expression.text)
  )
    return false;
  // `router[route.method](path, handler)`: a method chosen at run time, on a router.
  // The key names an HTTP method (`local[method](routePath, opts, handler)` in a loop over a table a custom
  // router class collected at run time) or the receiver is named like a router.
  if (ts.isElementAccessExpression(callee) && !ts.isStringLiteral(callee.argumentExpression))
    return (
      call.arguments.length >= 2 &&
      (isPathLiteral(call.arguments[0]) ||
        /(^|\.)(app|router|api|routes?|server|fastify|\w*Router|\w*Fastify|\w*App)$/i.test(callee.expression.getText()) ||
        namesMethod(callee.argumentExpression)) &&
      passesHandler(call)
    );
  if (!ts.isPropertyAccessExpression(callee)) return false;
  const method = callee.name.text;
  const first = call.arguments[0];
  if (!first) return false;
  const routerish = /(^|\.)(app|router|api|routes?|server|fastify|\w*Router)$/i.test(callee.expression.getText());
  // Express's `router.route(path)` is chained with its methods (`.get(...)`); @koa/router's `router.route(name)`
  // only looks a named route up.
  if (method === "route")
    return (
      isPathLiteral(first) ||
      // hapi's `server.route({ method, path, handler })`, Fastify's `{ method, url, handler }`, or a list of them.
      isRouteConfig(first) ||
      (routerish && ts.isPropertyAccessExpression(call.parent) && (methods.has(call.parent.name.text) || call.parent.name.text === "all"))
    );
  // on(methods, path, handler): an event emitter's on("error", fn) is not a registration; on an app or a
  // router, a method and a path chosen at run time (`app.on(route.method, [route.path], ...handlers)`) are.
  if (method === "on") return call.arguments.length >= 3 && (isPathLiteral(call.arguments[1]) || (routerish && mayBeMethods(first)));
  // use(...): a registration when it mounts something at a path or passes a router or a permission check;
  // use(logger()) under a condition is harmless.
  // `app.use(mount("/api", api))` (koa-mount) mounts at a path too.
  if (method === "use")
    return isPathLiteral(first) || call.arguments.some((a) => /router|\.routes\(\)|permission/i.test(namesIn(a)) || mountsAtPath(a));
  if (methods.has(method)) return call.arguments.length >= 2 && (isPathLiteral(first) || routerish) && passesHandler(call);
  return false;
}

/** A route written as a config object, `{ method: "GET", path: "/x", handler }`, or an array literal of them. */
function isRouteConfig(node: ts.Expression): boolean {
  const inner = unwrapExpression(node);
  if (ts.isArrayLiteralExpression(inner)) return inner.elements.some((e) => !ts.isSpreadElement(e) && isRouteConfig(e));
  // hapi's `{ method, path }`; Fastify's `{ method, url }` (or `path`, its alias).
  return (
    ts.isObjectLiteralExpression(inner) &&
    Boolean(propertyOf(inner, "method")) &&
    Boolean(propertyOf(inner, "path") ?? propertyOf(inner, "url"))
  );
}

/** The global objects of JavaScript and Node.js whose members are functions of the runtime. */
const STANDARD_OBJECTS = new Set(["console", "Math", "JSON", "Reflect", "Atomics", "Intl", "Object", "Promise"]);

/** A computed member key named for an HTTP method: `method`, `verb`, `route.method`, `httpMethod`, `m.toLowerCase()`. */
function namesMethod(key: ts.Expression): boolean {
  let inner = unwrapExpression(key);
  // `method.toLowerCase()`
  if (ts.isCallExpression(inner) && ts.isPropertyAccessExpression(inner.expression) && inner.arguments.length === 0)
    inner = inner.expression.expression;
  const name = ts.isIdentifier(inner) ? inner.text : ts.isPropertyAccessExpression(inner) ? inner.name.text : undefined;
  // (Named for an HTTP method, not any method: `conditionMethod` of an NLP manager's `manager[conditionMethod](...)` is none.)
  return name !== undefined && /^((?:http|request|req|route|api|lower|lowercase)?method|(?:http|request)?verb)$/i.test(name);
}

/** An argument that may name HTTP methods: an HTTP method's name, a list of them, or a value known at run time. */
function mayBeMethods(node: ts.Expression): boolean {
  const isMethod = (e: ts.Expression) => !ts.isStringLiteralLike(e) || /^(get|put|post|delete|patch|head|options|all)$/i.test(e.text);
  return ts.isArrayLiteralExpression(node) ? node.elements.every((e) => ts.isSpreadElement(e) || isMethod(e)) : isMethod(node);
}

/**
 * The names an argument is written with, without what functions and strings inside it say: `apiRouter`,
 * `api.routes()`, `requirePermission("x")` — not the body of a callback whose error message mentions permissions.
 */
function namesIn(node: ts.Expression): string {
  const inner = unwrapExpression(node);
  if (ts.isFunctionExpression(inner) || ts.isArrowFunction(inner) || ts.isStringLiteralLike(inner) || ts.isTemplateExpression(inner))
    return "";
  if (ts.isCallExpression(inner) || ts.isNewExpression(inner))
    return [inner.expression.getText(), ...(inner.arguments ?? []).map(namesIn)].join(" ");
  return inner.getText();
}

/** A call that mounts something at a path, koa-mount style: `mount("/api", api)`. */
function mountsAtPath(node: ts.Expression): boolean {
  const inner = unwrapExpression(node);
  return (
    ts.isCallExpression(inner) &&
    ts.isIdentifier(inner.expression) &&
    /mount/i.test(inner.expression.text) &&
    isPathLiteral(inner.arguments[0])
  );
}

/**
 * A registration passes something that answers the request after the path: a function, a name, a call,
 * an array of handlers, or route options holding a `handler` (Fastify). A call whose other arguments are
 * all plain option objects is an HTTP client's (`this.axios.get("/base/x", { headers })`), not a route.
 */
function passesHandler(call: ts.CallExpression): boolean {
  return call.arguments
    .slice(1)
    .some(
      (arg) =>
        !ts.isObjectLiteralExpression(arg) ||
        arg.properties.some((p) => p.name !== undefined && ts.isIdentifier(p.name) && p.name.text === "handler"),
    );
}

function isPathLiteral(node: ts.Expression | undefined): boolean {
  // `"/" + endpoint.name`: a path built from a literal start.
  while (node && ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) node = node.left;
  return Boolean(
    node &&
      (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) &&
      node.getText().slice(1).startsWith("/"),
  );
}

/**
 * An error needs a receiver named like an app or a router; anything else (an HTTP client called `api`,
 * a `server`) is only warned about, since it may well not be a route at all.
 */
function surelyRouter(call: ts.CallExpression): boolean {
  const callee = call.expression as ts.PropertyAccessExpression | ts.ElementAccessExpression;
  return /(^|\.)(app|router|\w*Router|routes)$/.test(callee.expression.getText());
}

/** Where a registration is reported: the method's name (`get` of `router.get`, `route.method` of `router[route.method]`). */
function methodSite(call: ts.CallExpression): ts.Node {
  const callee = call.expression;
  return ts.isPropertyAccessExpression(callee) ? callee.name : ts.isElementAccessExpression(callee) ? callee.argumentExpression : callee;
}

/** Why a call was not run, and where else that was decided (the call of the function it is in). */
interface Unreached {
  reason: string;
  hint: string;
  /** `flow`, `early`, `callback` and `uncalled` say why code does not run; the others, why a call was not taken for a registration. */
  kind: "flow" | "receiver" | "callback" | "uncalled" | "unrecognized";
  related?: { message: string; site: SourceSite }[];
}

/**
 * The calls of the project by the name they call (`registerRoutes(...)`, `this.registerRoutes(...)`), built on
 * first use: only to explain a function nothing ran (its calls may sit in code apidex did not run).
 */
function callersByName(sources: SourceSet): (name: string) => readonly ts.CallExpression[] {
  let byName: Map<string, ts.CallExpression[]> | undefined;
  return (name) => {
    if (!byName) {
      byName = new Map();
      for (const file of sources.files)
        for (const call of callsOf(file)) {
          if (!ts.isCallExpression(call)) continue;
          const callee = unwrapExpression(call.expression);
          const called = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : undefined;
          if (called) byName.set(called, [...(byName.get(called) ?? []), call]);
        }
    }
    return byName.get(name) ?? [];
  };
}

/**
 * Whether a call by the function's name may be a call of it: a class's static method is called on the class
 * (`Plugin.configure()`, or `this.configure()` inside it), a module's function by its name, in its own file or
 * in one that imports that name; a method or a property of an object, on any receiver. (Another class's
 * `configure()` of the same name, elsewhere, is not where this one is called.)
 */
function mayCall(call: ts.CallExpression, fn: ts.FunctionLikeDeclaration, name: string): boolean {
  const callee = unwrapExpression(call.expression);
  const sameFile = call.getSourceFile() === fn.getSourceFile();
  const owner = fn.parent;
  if (ts.isMethodDeclaration(fn) && ts.isClassLike(owner) && fn.modifiers?.some((m) => m.kind === ts.SyntaxKind.StaticKeyword)) {
    if (!ts.isPropertyAccessExpression(callee)) return false;
    const receiver = unwrapExpression(callee.expression);
    return (
      (receiver.kind === ts.SyntaxKind.ThisKeyword && isInside(call, owner)) ||
      (ts.isIdentifier(receiver) && receiver.text === owner.name?.text)
    );
  }
  const moduleLevel = ts.isFunctionDeclaration(fn) || (ts.isVariableDeclaration(owner) && ts.isIdentifier(owner.name));
  if (moduleLevel && ts.isIdentifier(callee)) return sameFile || importsName(call.getSourceFile(), name);
  return true;
}

/** Whether a module imports or requires a binding of that name (`import { start }`, `const { start } = require(...)`). */
function importsName(file: ts.SourceFile, name: string): boolean {
  return new RegExp(
    `\\b(?:import|require)\\b[^;]*\\b${name.replace(/[$]/g, "\\$")}\\b|\\b${name.replace(/[$]/g, "\\$")}\\b[^;\\n]*\\brequire\\(`,
  ).test(file.text);
}

/** The name a function is called by: its own, or the variable, property or method that holds it. */
/**
 * Whether a function was called past the call-depth limit, or is reached only through functions that were: its
 * callers by name, followed up to a few hundred functions.
 */
function belowCutCall(
  fn: ts.FunctionLikeDeclaration,
  interpreter: Interpreter,
  callers: (name: string) => readonly ts.CallExpression[],
): boolean {
  const seen = new Set<ts.Node>();
  const queue: ts.FunctionLikeDeclaration[] = [fn];
  while (queue.length && seen.size < 400) {
    const current = queue.shift()!;
    if (seen.has(current)) continue;
    seen.add(current);
    if (interpreter.cutByDepth.has(current)) return true;
    const name = nameOf(current);
    if (!name) continue;
    for (const call of callers(name)) {
      if (isInside(call, current) || !mayCall(call, current, name)) continue;
      const outer = enclosingFunctionOf(call);
      if (outer && !seen.has(outer)) queue.push(outer);
    }
  }
  return false;
}

function enclosingFunctionOf(node: ts.Node): ts.FunctionLikeDeclaration | undefined {
  for (let at = node.parent; at; at = at.parent) if (ts.isFunctionLike(at) && "body" in at) return at as ts.FunctionLikeDeclaration;
  return undefined;
}

function nameOf(fn: ts.FunctionLikeDeclaration): string | undefined {
  if (fn.name && ts.isIdentifier(fn.name)) return fn.name.text;
  const holder = fn.parent;
  if (
    holder &&
    (ts.isVariableDeclaration(holder) || ts.isPropertyAssignment(holder) || ts.isPropertyDeclaration(holder)) &&
    ts.isIdentifier(holder.name)
  )
    return holder.name.text;
  return undefined;
}

function whyUnreached(
  call: ts.CallExpression,
  interpreter: Interpreter,
  callers: (name: string) => readonly ts.CallExpression[],
  depth = 0,
): Unreached | undefined {
  for (let node: ts.Node = call; node.parent; node = node.parent) {
    const parent = node.parent;
    // A branch the evaluator proved is never taken: nothing to report.
    if (interpreter.deadBranches.has(node)) return undefined;
    // A loop over data apidex knows that never ran this call (an empty array): nothing to report.
    if (ts.isIterationStatement(parent, false) && parent.statement === node && interpreter.loopsRun.has(parent)) return undefined;
    // A branch inside a callback of a loop that never ran: the loop is why.
    if (isControlFlow(parent, node) && !isFunctionLike(parent)) {
      const fn = enclosingFunction(parent);
      const loop = fn && !interpreter.invoked.has(fn) ? unrunIteration(fn, interpreter) : undefined;
      if (loop) return unrunLoop(loop);
    }
    if (isControlFlow(parent, node)) {
      // A condition on the environment (`if (process.env.NODE_ENV === "development")`): the config decides it.
      const condition = ts.isIfStatement(parent) || ts.isConditionalExpression(parent) ? conditionOf(parent) : undefined;
      if (condition && /\bprocess\.env\b|\bimport\.meta\.env\b/.test(condition.getText()))
        return {
          reason: `runs under a condition on the environment (\`${excerpt(condition)}\`), which apidex does not know unless the config's \`env\` says`,
          hint: "Set the variables it reads in the config's `env` (the environment the artifacts describe): the branch that deployment takes is then read.",
          kind: "flow",
        };
      // A for...of over a value apidex could not read: what it iterates and why (a listing whose pattern reads
      // the environment, a table loaded at run time).
      const unread = ts.isIterationStatement(parent, false) ? interpreter.unreadLoops.get(parent) : undefined;
      if (unread && ts.isForOfStatement(parent)) {
        const why = explain(unread);
        const environment = /environment|process\.env|`env`/.test(why);
        return {
          reason: `runs inside a loop over \`${excerpt(parent.expression)}\`, which ${why}; apidex does not run the loop (it does not guess how often, or with what)`,
          hint: environment
            ? "Set the variables it reads in the config's `env` (the environment the artifacts describe): the loop then runs over what that deployment lists."
            : "Register routes unconditionally at the top level of a module or a router factory; list each route explicitly.",
          kind: "flow",
        };
      }
      return {
        reason: ts.isIterationStatement(parent, false)
          ? "runs inside a loop over data apidex cannot read statically, which it does not run (it does not guess how often, or with what)"
          : ts.isCatchClause(parent) || ts.isTryStatement(parent)
            ? "runs in a catch block (only when something throws), which apidex does not run"
            : "runs in a branch of a condition apidex cannot read that it does not run (a branch that leaves the function early, a `?:`, `&&` or `switch`)",
        hint: "Register routes unconditionally at the top level of a module or a router factory; list each route explicitly.",
        kind: "flow",
      };
    }
    if (isFunctionLike(parent)) {
      if (interpreter.invoked.has(parent)) {
        return {
          ...receiverWhy(call, interpreter, "is called on a value apidex could not resolve to an app or router"),
          hint: "Create the router or app in a const, a factory's return value or an import, the way the framework documents it.",
          kind: "receiver",
        };
      }
      const isCallback = parent.parent && (ts.isCallExpression(parent.parent) || ts.isNewExpression(parent.parent));
      // A callback of an iteration over data apidex cannot read (`Array.from(routes.keys()).forEach(...)`
      // over a Map a router class filled at run time), perhaps a few callbacks out: name that loop.
      const loop = isCallback ? unrunIteration(parent, interpreter) : undefined;
      if (loop) return unrunLoop(loop);
      if (isCallback)
        return {
          reason: "runs inside a callback that apidex does not run",
          hint: "Register routes at the top level of a module or in a function the sources call directly.",
          kind: "callback",
        };
      // Called past the depth of calls apidex follows (said once, APX220), or from a function that was: that is why
      // it did not run.
      if (interpreter.depthCut && belowCutCall(parent, interpreter, callers))
        return {
          reason: "is inside a function whose call was past the depth of nested calls apidex follows (APX220)",
          hint: "Start the server from fewer nested callbacks (promises, `await`), so the registration is within reach.",
          kind: "uncalled",
        };
      // The function is called, but where apidex did not run (`if (flags.beta) registerBetaRoutes(router)`):
      // say where, and why that call did not run.
      const name = nameOf(parent);
      const candidates = depth < 3 && name ? callers(name).filter((c) => !isInside(c, parent) && mayCall(c, parent, name)) : [];
      // One in the function's own file first: a name is most often called where it is declared.
      const caller = candidates.find((c) => c.getSourceFile() === parent.getSourceFile()) ?? candidates[0];
      if (caller) {
        const outer = whyUnreached(caller, interpreter, callers, depth + 1);
        if (!outer) return undefined; // the call is in a branch proven dead: nothing runs
        if (outer.kind !== "receiver" && outer.kind !== "unrecognized")
          return {
            reason: `is inside ${name}(), whose call apidex did not run: that call ${outer.reason}`,
            hint: outer.hint,
            kind: outer.kind,
            related: [{ message: `${name}() is called here`, site: siteOf(caller) }, ...(outer.related ?? [])],
          };
      }
      return {
        reason: "is inside a function that nothing in the analysed sources calls",
        hint: "Call the function (for example registerRoutes(app)) from the analysed sources, or include the file that calls it.",
        kind: "uncalled",
      };
    }
    if (ts.isSourceFile(parent)) {
      return {
        ...receiverWhy(call, interpreter, "is called on a value apidex does not recognize as an app or router"),
        hint: "If this is a route, create its router the way the framework documents it; otherwise ignore this warning.",
        kind: "unrecognized",
      };
    }
  }
  return undefined;
}

/**
 * Why a call's receiver is no app or router, where the evaluator knows (`appGlobal` holds one branch's value
 * or the other's after an `if` it cannot decide): said with the site that made it unknown.
 */
function receiverWhy(call: ts.CallExpression, interpreter: Interpreter, fallback: string): Pick<Unreached, "reason" | "related"> {
  const receiver = interpreter.unknownReceivers.get(call);
  const callee = call.expression;
  if (!receiver || !(ts.isPropertyAccessExpression(callee) || ts.isElementAccessExpression(callee))) return { reason: fallback };
  const reason = `${fallback}: \`${excerpt(callee.expression)}\` ${receiver.reason}`;
  const far =
    receiver.node.getSourceFile() !== call.getSourceFile() ||
    receiver.node.end < callee.expression.pos ||
    receiver.node.pos > callee.expression.end;
  return far ? { reason, related: [{ message: "what it is made from", site: siteOf(receiver.node) }] } : { reason };
}

function unrunLoop(loop: ts.CallExpression): Unreached {
  return {
    reason: `runs inside \`${excerpt(loop.expression)}(...)\`, a loop over data apidex cannot read statically (a collection filled at run time, such as a Map or Set a router class builds), which it does not run (it does not guess how often, or with what)`,
    hint: "Register each route with its own call, or build the route table as a const array of objects and loop over it.",
    kind: "callback",
    related: [{ message: "the loop", site: siteOf(loop.expression) }],
  };
}

/** Array methods, and lodash's and underscore's helpers (`_.each(routes, ...)`), that call a callback per item. */
const ITERATION_METHODS = new Set([
  "forEach",
  "map",
  "flatMap",
  "filter",
  "reduce",
  "some",
  "every",
  "find",
  "each",
  "eachRight",
  "forEachRight",
  "forOwn",
  "forIn",
]);

/**
 * The iteration call (`xs.forEach(cb)`) whose callback holds `fn`, through callbacks that did not run either
 * (`methods.forEach((m) => f.register(async (local) => ...))`): the innermost one apidex did not run.
 */
function unrunIteration(fn: ts.Node, interpreter: Interpreter): ts.CallExpression | undefined {
  for (let node: ts.Node | undefined = fn; node; node = node.parent) {
    if (!isFunctionLike(node)) continue;
    if (interpreter.invoked.has(node)) return undefined;
    const call = node.parent;
    if (!call || !ts.isCallExpression(call) || !call.arguments.includes(node as ts.Expression)) return undefined;
    if (ts.isPropertyAccessExpression(call.expression) && ITERATION_METHODS.has(call.expression.name.text)) return call;
  }
  return undefined;
}

function conditionOf(node: ts.IfStatement | ts.ConditionalExpression): ts.Expression {
  return ts.isIfStatement(node) ? node.expression : node.condition;
}

function isControlFlow(parent: ts.Node, child: ts.Node): boolean {
  switch (parent.kind) {
    case ts.SyntaxKind.IfStatement:
    case ts.SyntaxKind.ForStatement:
    case ts.SyntaxKind.ForOfStatement:
    case ts.SyntaxKind.ForInStatement:
    case ts.SyntaxKind.WhileStatement:
    case ts.SyntaxKind.DoStatement:
    case ts.SyntaxKind.SwitchStatement:
    case ts.SyntaxKind.CatchClause:
      return true;
    // A try block and a finally block run as any block does; only the catch clause is a branch.
    case ts.SyntaxKind.TryStatement:
      return (parent as ts.TryStatement).catchClause === child;
    case ts.SyntaxKind.ConditionalExpression:
      return true;
    case ts.SyntaxKind.BinaryExpression: {
      const op = (parent as ts.BinaryExpression).operatorToken.kind;
      return (
        (op === ts.SyntaxKind.AmpersandAmpersandToken || op === ts.SyntaxKind.BarBarToken || op === ts.SyntaxKind.QuestionQuestionToken) &&
        (parent as ts.BinaryExpression).right === child
      );
    }
    default:
      return false;
  }
}

/** The same route reached twice (an app factory run twice, the same router mounted twice at one path). */
export function dedupe(routes: RouteFact[]): RouteFact[] {
  // By method and path first (a short key), then by site among the few routes that share both.
  const byPath = new Map<string, RouteFact | RouteFact[]>();
  const out: RouteFact[] = [];
  for (const route of routes) {
    const key = `${route.method} ${route.path}`;
    const found = byPath.get(key);
    const same =
      found === undefined
        ? undefined
        : Array.isArray(found)
          ? found.find((r) => sameSite(r, route))
          : sameSite(found, route)
            ? found
            : undefined;
    if (same) {
      // Each registration is one way to the route: under branches of conditions both, it is reached along
      // either's (alternatives of it elsewhere must exclude both); unconditional along one, it excludes none.
      if (same.branches && route.branches) same.branches = [...same.branches, ...route.branches];
      else delete same.branches;
      if (same.anyOf || same.unresolved || route.anyOf || route.unresolved) {
        const merged = requirementsOf([...checksOfFact(same), ...checksOfFact(route)]);
        // Served for sure when either registration is sure (one ran past no undecidable early exit).
        const conditional = same.unresolved?.includes("registration") && route.unresolved?.includes("registration");
        same.permissions = merged.permissions;
        delete same.anyOf;
        delete same.unresolved;
        markFact(same, merged);
        if (conditional) same.unresolved = [...(same.unresolved ?? []), "registration"].sort();
      } else same.permissions = [...new Set([...same.permissions, ...route.permissions])].sort();
      continue;
    }
    if (found === undefined) byPath.set(key, route);
    else if (Array.isArray(found)) found.push(route);
    else byPath.set(key, [found, route]);
    out.push(route);
  }
  return out;
}

function sameSite(a: RouteFact, b: RouteFact): boolean {
  return a.site === b.site || (a.site.file === b.site.file && a.site.line === b.site.line && a.site.column === b.site.column);
}

/** Packages that make HTTP requests: their objects' `get`/`post`/... send requests, they register nothing. */
const HTTP_CLIENT_PACKAGES =
  "axios|redaxios|ky|ky-universal|got|superagent|node-fetch|cross-fetch|ofetch|undici|request|request-promise(?:-native)?|wretch|needle|phin|@angular/common/http";
const HTTP_CLIENTS = new BoundPackages(HTTP_CLIENT_PACKAGES);

/**
 * Packages whose objects' `use()` installs a plugin, a strategy or a socket middleware, never an HTTP route:
 * Vue's `createApp(App).use(router)` and `Vue.use(VueRouter)` (the router is the client's), Pinia's,
 * Passport's `passport.use("github", new Strategy(...))`, i18next's, chai's, markdown-it's, unified's (remark,
 * rehype), marked's, socket.io's `io.use(...)`.
 */
const PLUGIN_HOSTS = new BoundPackages("vue|pinia|passport|i18next|chai|markdown-it|unified|remark|rehype|marked|socket\\.io");

/** The initializer of an object literal's property written by name (`{ path: "/x" }`, `{ "path": "/x" }`). */
export function propertyOf(literal: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined {
  for (const p of literal.properties)
    if (ts.isPropertyAssignment(p) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) && p.name.text === name) return p.initializer;
  return undefined;
}

/** The permission checks a middleware brings: a recognized check call, or the checks in its body (tRPC's and oRPC's `.use()`). */
export function middlewareChecks(interpreter: Interpreter, arg: ts.Expression, scope: Scope): CheckValue[] {
  const value = interpreter.evaluate(arg, scope);
  if (value.kind === "check") return [value];
  if (value.kind === "function") return interpreter.bodyChecks(value);
  return [];
}
