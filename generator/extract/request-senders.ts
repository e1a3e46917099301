/**
 * The project's own HTTP request helpers, told apart from routers: `api.post(\`/v1/layouts\`, data)` in a web app
 * or an SDK package beside the server looks like a route registration, yet `api` is an object of the sources
 * whose `post` sends a request (`export const api = { post(url, data) { return axios.post(...) } }`), a class
 * instance whose `post` calls `fetch`, or a field typed as a client package's instance (`this.http:
 * AxiosInstance`). Read from the syntax, across imports and barrels of the sources; a router is a framework's
 * object, so a receiver apidex can follow to a helper that sends a request and registers nothing is no router.
 */
import { unwrapExpression } from "../resolve/syntax.js";
import type { SourceSet } from "../scan/source-set.js";
import type { ts as Ts } from "ts-morph";
import { ts } from "../typescript.js";

/** What the caller knows of calls: whether one is a route registration, whether a receiver is a client package's. */
export interface CallKinds {
  registers(call: ts.CallExpression): boolean;
  isClient(expression: ts.Expression, file: ts.SourceFile): boolean;
  /** The names a file binds to client packages (imports, requires). */
  clientNames(file: ts.SourceFile): ReadonlySet<string>;
  /** Whether a package is an HTTP client (axios, got, ky, ...). */
  isClientPackage(module: string): boolean;
}

/** What every step reads with. */
interface Context {
  sources: SourceSet;
  kinds: CallKinds;
}

/** How many re-exports (`export * from`) and base classes are followed. */
const MAX_HOPS = 3;
/**
 * How many of its own class's methods a helper's request is followed through (Picsur's client: `post` calls
 * `fetchSafeJson`, which calls `fetchJsonAs`, which calls `fetch`, which calls `axios.request`).
 */
const MAX_OWN_CALLS = 4;

/** Whether `receiver.method(...)` calls one of the project's request helpers (see the module comment). */
export function isOwnRequestSender(callee: ts.PropertyAccessExpression, sources: SourceSet, kinds: CallKinds): boolean {
  const cx: Context = { sources, kinds };
  const receiver = unwrapExpression(callee.expression);
  const member = callee.name.text;
  const file = receiver.getSourceFile();
  if (ts.isIdentifier(receiver)) {
    const held = heldBy(declared(file, receiver.text, cx, 0), cx);
    return held !== undefined && sends(held, member, cx);
  }
  // `this.http.get(...)`, `this.httpClient.post(...)`: a field of the class around the call, or of its bases.
  if (ts.isPropertyAccessExpression(receiver) && receiver.expression.kind === ts.SyntaxKind.ThisKeyword) {
    const owner = enclosingClass(receiver);
    const field = owner && fieldOf(owner, receiver.name.text, cx, 0);
    return field !== undefined && sends(field, member, cx);
  }
  return false;
}

/**
 * What a receiver holds: an object literal, a class (of an instance), a class itself (whose static methods are
 * called: `class Api { static post(url, body) { ... } }` and `Api.post(...)`), or a client package's value.
 */
type Held =
  | { kind: "object"; literal: ts.ObjectLiteralExpression }
  | { kind: "class"; declaration: ts.ClassDeclaration }
  | { kind: "static"; declaration: ts.ClassDeclaration }
  | { kind: "client" };

/** A declaration a name of a file stands for: its own, or what it imports from a module of the sources. */
type Declared = { node: ts.Node; file: ts.SourceFile } | { client: true } | undefined;

function declared(file: ts.SourceFile, name: string, cx: Context, hops: number): Declared {
  for (const statement of file.statements) {
    if (ts.isVariableStatement(statement))
      for (const d of statement.declarationList.declarations) if (ts.isIdentifier(d.name) && d.name.text === name) return { node: d, file };
    if (ts.isClassDeclaration(statement) && statement.name?.text === name) return { node: statement, file };
  }
  if (hops >= MAX_HOPS) return undefined;
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    // `import api from "@/lib/api-client"`: that module's default export.
    if (statement.importClause?.name?.text === name) return exported(statement.moduleSpecifier.text, file, "default", cx, hops + 1);
    const bindings = statement.importClause?.namedBindings;
    const element = bindings && ts.isNamedImports(bindings) ? bindings.elements.find((e) => e.name.text === name) : undefined;
    if (!element) continue;
    return exported(statement.moduleSpecifier.text, file, (element.propertyName ?? element.name).text, cx, hops + 1);
  }
  return undefined;
}

/** An exported name of the module a specifier names: declared there, or re-exported (`export * from`, `export { x } from`). */
function exported(specifier: string, from: ts.SourceFile, name: string, cx: Context, hops: number): Declared {
  // A client package's export (`AxiosInstance`, `Got`): what a field typed with it holds sends requests.
  if (cx.kinds.isClientPackage(specifier)) return { client: true };
  const target = cx.sources.resolveImport(specifier, from.fileName);
  if (target.kind !== "source") return undefined;
  if (name === "default") {
    // `export default api` (a name of the module), `export default axios.create()`, `export default new Client()`.
    const assignment = target.file.statements.find((s): s is Ts.ExportAssignment => ts.isExportAssignment(s) && !s.isExportEquals);
    if (!assignment) return undefined;
    const value = unwrapExpression(assignment.expression);
    return ts.isIdentifier(value) ? declared(target.file, value.text, cx, MAX_HOPS) : { node: value, file: target.file };
  }
  const own = declared(target.file, name, cx, MAX_HOPS);
  if (own) return own;
  if (hops >= MAX_HOPS) return undefined;
  for (const statement of target.file.statements) {
    if (!ts.isExportDeclaration(statement) || !statement.moduleSpecifier || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const clause = statement.exportClause;
    const element = clause && ts.isNamedExports(clause) ? clause.elements.find((e) => e.name.text === name) : undefined;
    if (clause && !element) continue;
    const found = exported(
      statement.moduleSpecifier.text,
      target.file,
      (element?.propertyName ?? element?.name)?.text ?? name,
      cx,
      hops + 1,
    );
    if (found) return found;
  }
  return undefined;
}

/** What a declaration holds: a const's object literal or `new C()`, a class, or a value made from a client package. */
function heldBy(found: Declared, cx: Context): Held | undefined {
  if (!found) return undefined;
  if ("client" in found) return { kind: "client" };
  const { node, file } = found;
  if (ts.isClassDeclaration(node)) return { kind: "static", declaration: node };
  if (ts.isVariableDeclaration(node)) return typed(node.type, node.initializer, file, cx);
  return ts.isExpression(node) ? valueOf(node, file, cx) : undefined;
}

function valueOf(expression: ts.Expression, file: ts.SourceFile, cx: Context): Held | undefined {
  let init = unwrapExpression(expression);
  while (ts.isSatisfiesExpression(init) || ts.isAsExpression(init)) init = unwrapExpression(init.expression);
  if (ts.isObjectLiteralExpression(init)) return { kind: "object", literal: init };
  if (ts.isNewExpression(init) && ts.isIdentifier(init.expression)) return classNamed(init.expression.text, file, cx);
  // `inject(HttpClient)` (Angular's `inject` of @angular/core, a field's initializer): the instance of the class named.
  const [token] = ts.isCallExpression(init) ? init.arguments : [];
  if (ts.isCallExpression(init) && token && ts.isIdentifier(token) && injects(init.expression, file))
    return classNamed(token.text, file, cx);
  // `axios.create({ baseURL })`: made from a client package.
  let root: ts.Expression = init;
  while (ts.isPropertyAccessExpression(root) || ts.isCallExpression(root)) root = unwrapExpression(root.expression);
  return ts.isIdentifier(root) && cx.kinds.clientNames(file).has(root.text) ? { kind: "client" } : undefined;
}

/** `inject` imported from a package (Angular's dependency injection), not a function of the sources. */
function injects(callee: ts.Expression, file: ts.SourceFile): boolean {
  const name = unwrapExpression(callee);
  if (!ts.isIdentifier(name) || name.text !== "inject") return false;
  return file.statements.some((statement) => {
    if (
      !ts.isImportDeclaration(statement) ||
      !ts.isStringLiteral(statement.moduleSpecifier) ||
      /^[./]/.test(statement.moduleSpecifier.text)
    )
      return false;
    const bindings = statement.importClause?.namedBindings;
    return Boolean(bindings && ts.isNamedImports(bindings) && bindings.elements.some((e) => e.name.text === "inject"));
  });
}

function classNamed(name: string, file: ts.SourceFile, cx: Context): Held | undefined {
  const found = declared(file, name, cx, 0);
  if (found && "client" in found) return { kind: "client" };
  return found && ts.isClassDeclaration(found.node) ? { kind: "class", declaration: found.node } : undefined;
}

/** A field of a class (declared, a constructor's parameter property, or a base class's): what its type or initializer says it holds. */
function fieldOf(owner: ts.ClassDeclaration | ts.ClassExpression, name: string, cx: Context, hops: number): Held | undefined {
  const file = owner.getSourceFile();
  for (const m of owner.members) {
    if (ts.isPropertyDeclaration(m) && m.name.getText() === name) return typed(m.type, m.initializer, file, cx);
    if (ts.isConstructorDeclaration(m))
      for (const p of m.parameters)
        if (ts.isIdentifier(p.name) && p.name.text === name && ts.getModifiers(p)?.length) return typed(p.type, undefined, file, cx);
  }
  const base = owner.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword)?.types[0]?.expression;
  if (!base || !ts.isIdentifier(base) || hops >= MAX_HOPS) return undefined;
  const held = classNamed(base.text, file, cx);
  return held?.kind === "class" ? fieldOf(held.declaration, name, cx, hops + 1) : undefined;
}

function typed(type: ts.TypeNode | undefined, initializer: ts.Expression | undefined, file: ts.SourceFile, cx: Context): Held | undefined {
  // `let instance: AxiosInstance | null = null`, filled once and reused: what it holds when it holds something.
  if (type && ts.isUnionTypeNode(type)) {
    const held = type.types.filter(
      (t) => !(ts.isLiteralTypeNode(t) && t.literal.kind === ts.SyntaxKind.NullKeyword) && t.kind !== ts.SyntaxKind.UndefinedKeyword,
    );
    if (held.length === 1) type = held[0];
  }
  if (type && ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName)) {
    const held = classNamed(type.typeName.text, file, cx);
    if (held) return held;
  }
  return initializer ? valueOf(initializer, file, cx) : undefined;
}

/** Whether a held value's member sends a request and registers nothing. */
function sends(held: Held, member: string, cx: Context): boolean {
  if (held.kind === "client") return true;
  const fn = held.kind === "object" ? objectMember(held.literal, member) : classMethod(held.declaration, member, held.kind === "static");
  return fn !== undefined && sendsRequest(fn, held.kind === "object" ? undefined : held.declaration, cx, 0);
}

function objectMember(literal: ts.ObjectLiteralExpression, name: string): ts.FunctionLikeDeclaration | undefined {
  const member = literal.properties.find((p) => p.name !== undefined && ts.isIdentifier(p.name) && p.name.text === name);
  if (!member) return undefined;
  if (ts.isMethodDeclaration(member)) return member;
  if (ts.isPropertyAssignment(member) && (ts.isFunctionExpression(member.initializer) || ts.isArrowFunction(member.initializer)))
    return member.initializer;
  return undefined;
}

/** A method of a class by name: an instance's, or with `isStatic` the class's own. */
function classMethod(declaration: ts.ClassDeclaration, name: string, isStatic = false): ts.FunctionLikeDeclaration | undefined {
  return declaration.members.find(
    (m): m is ts.MethodDeclaration =>
      ts.isMethodDeclaration(m) &&
      m.name.getText() === name &&
      (ts.getModifiers(m) ?? []).some((k) => k.kind === ts.SyntaxKind.StaticKeyword) === isStatic,
  );
}

/**
 * Whether a function sends a request (`fetch(...)`, a client package's `axios.post(...)`, or a method of its own
 * class that does, `this.doFetch(url)`) and registers nothing: a wrapper that registers on a router it holds
 * (`{ get(path, h) { router.get(path, h) } }`) or keeps routes in a table of its own is a router of the project's.
 */
function sendsRequest(fn: ts.FunctionLikeDeclaration, owner: ts.ClassDeclaration | undefined, cx: Context, depth: number): boolean {
  if (!fn.body) return false;
  const { kinds } = cx;
  const isStatic = (ts.getModifiers(fn) ?? []).some((k) => k.kind === ts.SyntaxKind.StaticKeyword);
  let registers = false;
  let requests = false;
  const home = fn.getSourceFile();
  const visit = (node: ts.Node): void => {
    if (registers) return;
    if (ts.isCallExpression(node)) {
      const inner = unwrapExpression(node.expression);
      if (
        ts.isIdentifier(inner)
          ? inner.text === "fetch" || kinds.clientNames(home).has(inner.text)
          : ts.isPropertyAccessExpression(inner) &&
            (kinds.isClient(inner.expression, home) || givesClient(unwrapExpression(inner.expression), home, cx))
      )
        requests = true;
      else if (kinds.registers(node)) registers = true;
      else if (
        owner &&
        depth < MAX_OWN_CALLS &&
        ts.isPropertyAccessExpression(inner) &&
        (inner.expression.kind === ts.SyntaxKind.ThisKeyword ||
          // `Api.send(...)` in a static method of `Api`: the class's own static method.
          (isStatic && ts.isIdentifier(inner.expression) && inner.expression.text === owner.name?.text))
      ) {
        const own = classMethod(owner, inner.name.text, isStatic);
        if (own && own !== fn && sendsRequest(own, owner, cx, depth + 1)) requests = true;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(fn.body);
  return requests && !registers;
}

/**
 * Whether an expression is a call of a function of its file that gives back a client package's value
 * (`getAxiosInstance().request(...)`, where the function makes `axios.create(...)` once and keeps it in a
 * variable of the module typed `AxiosInstance | null`).
 */
function givesClient(expression: ts.Expression, file: ts.SourceFile, cx: Context): boolean {
  if (!ts.isCallExpression(expression) || !ts.isIdentifier(expression.expression)) return false;
  const name = expression.expression.text;
  let fn: ts.FunctionLikeDeclaration | undefined;
  for (const statement of file.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name?.text === name) fn = statement;
    if (ts.isVariableStatement(statement))
      for (const d of statement.declarationList.declarations) {
        const init = d.initializer && unwrapExpression(d.initializer);
        if (ts.isIdentifier(d.name) && d.name.text === name && init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init)))
          fn = init;
      }
  }
  if (!fn?.body) return false;
  const returned: ts.Expression[] = ts.isBlock(fn.body) ? [] : [fn.body];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node)) return; // a nested function's returns are its own
    if (ts.isReturnStatement(node) && node.expression) returned.push(node.expression);
    ts.forEachChild(node, visit);
  };
  if (ts.isBlock(fn.body)) ts.forEachChild(fn.body, visit);
  return returned.some((r) => {
    const value = unwrapExpression(r);
    const held = ts.isIdentifier(value) ? heldBy(declared(file, value.text, cx, 0), cx) : valueOf(value, file, cx);
    return held?.kind === "client";
  });
}

function enclosingClass(node: ts.Node): ts.ClassDeclaration | ts.ClassExpression | undefined {
  for (let n = node.parent; n; n = n.parent) if (ts.isClassDeclaration(n) || ts.isClassExpression(n)) return n;
  return undefined;
}
