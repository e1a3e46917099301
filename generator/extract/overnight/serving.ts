import { ts } from "../../typescript.js";
import { type DiagnosticBag, siteOf } from "../../diagnostics/diagnostic.js";
import { excerpt, explain, type Interpreter } from "../../resolve/interpreter.js";
import { stringsOf, unknown, type Value } from "../../resolve/values.js";
import type { SourceSet } from "../../scan/source-set.js";
import { callsOf } from "../../scan/calls.js";
import { importedFrom, middlewareChecks } from "../decorated-controllers.js";
import { joinPaths } from "../express/path-syntax.js";
import { enclosingScope } from "../nest/applications.js";
import type { RouteCheck } from "../router-graph.js";
import { importedPackages } from "../shared.js";
import { nodeChecks, OVERNIGHT_PACKAGES, OVERNIGHT_VERBS, overnightDecorator } from "./decorators.js";

/** What the OvernightJS servers of the sources serve, in the shape the decorated-controllers walker takes. */
export interface OvernightServing {
  prefixes: string[];
  /** The served controllers; absent when no `Server` subclass is in the sources (a library of controllers: all). */
  controllers?: Set<ts.Node>;
  /** Where each served controller is mounted: `""` at the app, its parents' paths for a child controller. */
  prefixesOf?: Map<ts.Node, string[]>;
  /** The checks that run before a controller's own: the app's middleware, `addControllers`' and its parents'. */
  checksOf?: Map<ts.Node, RouteCheck[]>;
  /** The servers' `this.app.use(...)` calls, read here (the Express adapter does not know the app OvernightJS makes). */
  reached?: ts.CallExpression[];
}

/**
 * The controllers each `Server` subclass adds (`super.addControllers([new A(), new B()], routerLib?,
 * globalMiddleware?)`, also on an instance of it elsewhere), with their children (`@ChildControllers`), and the
 * middleware its Express app runs before them (`this.app.use(mw)` earlier in the constructor or the method
 * that adds them). OvernightJS mounts each controller's router at `/${path}` of the app.
 */
export function overnightServing(sources: SourceSet, interpreter: Interpreter, diagnostics: DiagnosticBag): OvernightServing {
  const files = sources.files.filter((f) => importedPackages(f).some((p) => OVERNIGHT_PACKAGES.has(p)));
  warnLeadingSlashes(files, interpreter, diagnostics);
  const servers = files.flatMap((file) =>
    file.statements.filter((s): s is ts.ClassDeclaration => ts.isClassDeclaration(s) && extendsServer(s)),
  );
  if (!servers.length) return { prefixes: [""] };
  const evaluate = (node: ts.Expression): Value =>
    interpreter.evaluate(node, enclosingScope(node, interpreter.module(node.getSourceFile()).scope, interpreter));
  const checksOfArgs = (args: readonly ts.Expression[]): RouteCheck[] =>
    args.flatMap((arg) =>
      middlewareChecks([arg], enclosingScope(arg, interpreter.module(arg.getSourceFile()).scope, interpreter), interpreter),
    );

  const serving: Required<Omit<OvernightServing, "prefixes">> = {
    controllers: new Set(),
    prefixesOf: new Map(),
    checksOf: new Map(),
    reached: [],
  };
  const serve = (cls: ts.ClassLikeDeclaration, prefix: string, before: RouteCheck[], seen: ReadonlySet<ts.Node>): void => {
    const controller = overnightDecorator(cls, "Controller");
    // OvernightJS skips an object whose class has no `@Controller(path)`.
    if (!controller || seen.has(cls) || !ts.isClassDeclaration(cls)) return;
    serving.controllers.add(cls);
    const prefixes = serving.prefixesOf.get(cls) ?? [];
    if (!prefixes.includes(prefix)) prefixes.push(prefix);
    serving.prefixesOf.set(cls, prefixes);
    const checks = serving.checksOf.get(cls) ?? [];
    for (const c of before) if (!checks.includes(c)) checks.push(c);
    serving.checksOf.set(cls, checks);
    const children = overnightDecorator(cls, "ChildControllers") ?? overnightDecorator(cls, "Children");
    if (!children?.arguments[0]) return;
    // A child's router is mounted on its parent's, after the parent's class middleware.
    const scope = interpreter.module(cls.getSourceFile()).scope;
    const own = controller.arguments[0] ? stringsOf(interpreter.evaluate(controller.arguments[0], scope)) : undefined;
    if (!own) return; // the parent's path is reported (APX201) where its routes are read
    const childChecks = [...before, ...nodeChecks(cls, scope, interpreter, diagnostics)];
    for (const child of controllersIn(children.arguments[0], interpreter.evaluate(children.arguments[0], scope), children, diagnostics))
      for (const path of own) serve(child, joinPaths(prefix || "/", path), childChecks, new Set([...seen, cls]));
  };

  for (const server of servers) {
    const { adds, constructed, uses } = addedControllers(server, interpreter);
    serving.reached.push(...uses);
    for (const call of callsOutside(sources, server, evaluate)) adds.set(call, constructed);
    for (const [call, appMiddleware] of adds) {
      if (!call.arguments[0]) continue;
      const before = [...checksOfArgs(appMiddleware), ...checksOfArgs(call.arguments.slice(2, 3))];
      const arg = call.arguments[0];
      const value = (ts.isIdentifier(arg) && pushedControllers(arg, call, interpreter, evaluate)) || evaluate(arg);
      for (const cls of controllersIn(arg, value, call, diagnostics)) serve(cls, "", before, new Set());
    }
  }
  return { prefixes: [""], ...serving };
}

/**
 * A list built in the function that adds it: its initial items and what `list.push(...)` adds — an instance
 * (`list.push(new UserController())`), or one of each class a module exports in a loop over its namespace
 * (`for (const name in controllers) list.push(new (controllers as any)[name]())`, through a `const controller =
 * controllers[name]`, or `for (const C of Object.values(controllers))`), the server of OvernightJS's README.
 * Undefined when nothing is pushed to it.
 */
function pushedControllers(
  list: ts.Identifier,
  call: ts.CallExpression,
  interpreter: Interpreter,
  evaluate: (node: ts.Expression) => Value,
): Value | undefined {
  let fn: ts.Node | undefined = call.parent;
  while (fn && !ts.isFunctionLike(fn)) fn = fn.parent;
  if (!fn) return undefined;
  const items: Value[] = [];
  let pushed = false;
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === "push" &&
      ts.isIdentifier(node.expression.expression) &&
      node.expression.expression.text === list.text
    ) {
      pushed = true;
      for (const arg of node.arguments) items.push(...pushedItems(arg, interpreter, evaluate));
    }
    ts.forEachChild(node, visit);
  };
  visit(fn);
  if (!pushed) return undefined;
  const initial = evaluate(list);
  return { kind: "array", items: [...(initial.kind === "array" ? initial.items : []), ...items] };
}

/** What one `list.push(arg)` adds (see pushedControllers). */
function pushedItems(arg: ts.Expression, interpreter: Interpreter, evaluate: (node: ts.Expression) => Value): Value[] {
  if (!ts.isNewExpression(arg)) return [evaluate(arg)];
  const value = evaluate(arg);
  if (value.kind === "instance") return [value];
  // `new (controllers as any)[name]()`, `new controller()` of `const controller = controllers[name]` or of a loop variable.
  let callee = skipOuter(arg.expression);
  if (ts.isIdentifier(callee)) {
    const decl = declarationOf(callee);
    if (decl && ts.isVariableDeclaration(decl) && decl.initializer) callee = skipOuter(decl.initializer);
    else if (
      decl &&
      ts.isVariableDeclaration(decl) &&
      ts.isVariableDeclarationList(decl.parent) &&
      ts.isForOfStatement(decl.parent.parent)
    ) {
      const listed = evaluate(decl.parent.parent.expression);
      if (listed.kind === "array")
        return listed.items.map((c) => (c.kind === "class" ? { kind: "instance", decl: c.decl, scope: c.scope } : c));
    }
  }
  if (ts.isElementAccessExpression(callee)) {
    const ns = evaluate(skipOuter(callee.expression));
    const exports = ns.kind === "namespace" ? interpreter.moduleExports(ns.file, callee) : undefined;
    if (exports)
      return [...exports.props.values()].flatMap((c): Value[] =>
        c.kind === "class" ? [{ kind: "instance", decl: c.decl, scope: c.scope }] : [],
      );
  }
  return [unknown(arg, "is an object of a class apidex cannot tell")];
}

/** `(x as any)`, `(x)`, `x!`: x. */
function skipOuter(node: ts.Expression): ts.Expression {
  let e = node;
  while (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isNonNullExpression(e) || ts.isTypeAssertionExpression(e))
    e = e.expression;
  return e;
}

/** The declaration of a local name, found by walking up its scopes (a `const` or a loop variable). */
function declarationOf(name: ts.Identifier): ts.VariableDeclaration | undefined {
  for (let node: ts.Node | undefined = name.parent; node; node = node.parent) {
    let found: ts.VariableDeclaration | undefined;
    const look = (n: ts.Node): void => {
      if (found || (n !== node && ts.isFunctionLike(n))) return;
      if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.name.text === name.text && n.pos < name.pos) found = n;
      else ts.forEachChild(n, look);
    };
    if (ts.isBlock(node) || ts.isForOfStatement(node) || ts.isForInStatement(node) || ts.isSourceFile(node)) {
      ts.forEachChild(node, look);
      if (found) return found;
    }
  }
  return undefined;
}

/** `class AppServer extends Server` with `Server` of @overnightjs/core, also imported under another name (`Server as OvernightServer`). */
function extendsServer(cls: ts.ClassDeclaration): boolean {
  const heritage = cls.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword)?.types[0]?.expression;
  if (!heritage || !ts.isIdentifier(heritage) || !importedFrom(heritage, OVERNIGHT_PACKAGES)) return false;
  for (const statement of cls.getSourceFile().statements) {
    const bindings = ts.isImportDeclaration(statement) ? statement.importClause?.namedBindings : undefined;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    for (const e of bindings.elements) if (e.name.text === heritage.text && (e.propertyName ?? e.name).text === "Server") return true;
  }
  return false;
}

/**
 * The controllers an argument names: instances of classes of the sources (`new UserController()`, a list of
 * them); what apidex cannot follow is said (APX210), as is a class given where OvernightJS reads an instance.
 */
function controllersIn(node: ts.Expression, value: Value, site: ts.Node, diagnostics: DiagnosticBag): ts.ClassLikeDeclaration[] {
  const out: ts.ClassLikeDeclaration[] = [];
  for (const item of value.kind === "array" ? value.items : [value]) {
    if (item.kind === "instance") out.push(item.decl);
    else if (item.kind === "undefined" || item.kind === "null")
      continue; // OvernightJS skips what is not set
    else
      diagnostics.warning(
        "APX210",
        item.kind === "class"
          ? `\`${excerpt(node)}\` gives the class ${item.decl.name?.text ?? ""} where OvernightJS reads its controllers from instances (\`new ${item.decl.name?.text ?? "Controller"}()\`): it serves none of its routes; they are not indexed.`
          : `Cannot read which controllers \`${excerpt(site)}\` adds: \`${excerpt(node)}\` ${explain(item, "an instance of a controller class")}; their routes are not indexed.`,
        siteOf(site),
        "Pass instances of controller classes of the sources (`[new UserController()]`), or a const list of them.",
      );
  }
  return out;
}

/**
 * The `addControllers` calls in a server class, each with the arguments of the `this.app.use(mw)` calls that
 * ran before it: read in the order the constructor runs, into the methods it calls; a method that adds
 * controllers and that the constructor does not call (`start()`) runs after the constructor. `constructed` is
 * the constructor's middleware, which runs before calls made on an instance elsewhere.
 */
function addedControllers(
  server: ts.ClassDeclaration,
  interpreter: Interpreter,
): { adds: Map<ts.CallExpression, ts.Expression[]>; constructed: ts.Expression[]; uses: ts.CallExpression[] } {
  const methods = new Map<string, ts.MethodDeclaration>();
  for (const m of server.members) if (ts.isMethodDeclaration(m) && ts.isIdentifier(m.name) && m.body) methods.set(m.name.text, m);
  const adds = new Map<ts.CallExpression, ts.Expression[]>();
  const visited = new Set<ts.Node>();
  const uses: ts.CallExpression[] = [];
  let middleware: ts.Expression[] = [];
  const walk = (body: ts.Node): void => {
    const visit = (node: ts.Node): void => {
      if (node !== body && ts.isFunctionLike(node)) return; // a callback runs at another time
      ts.forEachChild(node, visit);
      if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression)) return;
      const receiver = node.expression.expression;
      const name = node.expression.name.text;
      const self = receiver.kind === ts.SyntaxKind.ThisKeyword || receiver.kind === ts.SyntaxKind.SuperKeyword;
      if (name === "use" && isApp(receiver)) {
        uses.push(node);
        const first = node.arguments[0];
        // `this.app.use("/docs", mw)` runs for that path only: not before the controllers.
        if (
          first &&
          !stringsOf(interpreter.evaluate(first, enclosingScope(first, interpreter.module(first.getSourceFile()).scope, interpreter)))
        )
          middleware = [...middleware, ...node.arguments];
      } else if (name === "addControllers" && self) adds.set(node, middleware);
      else if (receiver.kind === ts.SyntaxKind.ThisKeyword && methods.has(name) && !visited.has(methods.get(name)!)) {
        visited.add(methods.get(name)!);
        walk(methods.get(name)!.body!);
      }
    };
    visit(body);
  };
  const ctor = server.members.find((m): m is ts.ConstructorDeclaration => ts.isConstructorDeclaration(m) && !!m.body);
  if (ctor) walk(ctor.body!);
  const constructed = middleware;
  for (const m of methods.values())
    if (!visited.has(m)) {
      visited.add(m);
      middleware = constructed;
      walk(m.body!);
    }
  return { adds, constructed, uses };
}

/** `this.app`, `super.app`: the server's Express app. */
function isApp(node: ts.Expression): boolean {
  return (
    ts.isPropertyAccessExpression(node) &&
    node.name.text === "app" &&
    (node.expression.kind === ts.SyntaxKind.ThisKeyword || node.expression.kind === ts.SyntaxKind.SuperKeyword)
  );
}

/** `server.addControllers(...)` outside the class, on an instance of it. */
function callsOutside(sources: SourceSet, server: ts.ClassDeclaration, evaluate: (node: ts.Expression) => Value): ts.CallExpression[] {
  const out: ts.CallExpression[] = [];
  for (const file of sources.files)
    for (const call of callsOf(file)) {
      if (!ts.isCallExpression(call) || !ts.isPropertyAccessExpression(call.expression) || call.expression.name.text !== "addControllers")
        continue;
      const receiver = call.expression.expression;
      if (receiver.kind === ts.SyntaxKind.ThisKeyword || receiver.kind === ts.SyntaxKind.SuperKeyword) continue;
      const value = evaluate(receiver);
      if (value.kind === "instance" && value.decl === server) out.push(call);
    }
  return out;
}

/**
 * OvernightJS puts a `/` before every path it is given, so `@Controller("/api")` is served at `//api` and
 * `@Get("/:id")` at `…//:id`: a doubled slash, which a client calling `/api` does not reach (APX248).
 */
function warnLeadingSlashes(files: readonly ts.SourceFile[], interpreter: Interpreter, diagnostics: DiagnosticBag): void {
  for (const file of files) {
    const scope = interpreter.module(file).scope;
    for (const cls of file.statements) {
      if (!ts.isClassDeclaration(cls)) continue;
      const calls = [overnightDecorator(cls, "Controller")];
      for (const member of cls.members)
        if (ts.isMethodDeclaration(member)) for (const verb of Object.keys(OVERNIGHT_VERBS)) calls.push(overnightDecorator(member, verb));
      for (const call of calls) {
        const arg = call?.arguments[0];
        if (!call || !arg) continue;
        const paths = stringsOf(interpreter.evaluate(arg, scope));
        if (paths?.some((p) => p.startsWith("/")))
          diagnostics.warning(
            "APX248",
            `OvernightJS puts a \`/\` before the path \`${excerpt(arg)}\`, so it serves it under a doubled slash (\`/${paths.find((p) => p.startsWith("/"))}\`); it is indexed with one.`,
            siteOf(call),
            'Write OvernightJS paths without a leading `/` (`@Controller("api/users")`, `@Get(":id")`), as its documentation does.',
          );
      }
    }
  }
}
