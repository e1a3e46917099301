import { ts } from "../../typescript.js";
import type { CallContext, Interpreter } from "../../resolve/interpreter.js";
import { unwrapExpression } from "../../resolve/syntax.js";
import type { CheckValue, ExternalValue, FunctionValue, HostValue, Value } from "../../resolve/values.js";
import { flattenValues, middlewareChecksOf } from "../router-host.js";
import { importBindings } from "../shared.js";
import { type ForwardingMember, forwardingCall, forwardingMember } from "./forwarded-app.js";
import { isTanstackRouteModule, isTanstackStartModule } from "./tanstack-paths.js";

/**
 * TanStack Start's server route definitions, read from the route module's syntax (the three generations):
 *
 * - v1: `export const Route = createFileRoute("/users/$id")({ server: { middleware, handlers } })`, `handlers` a
 *   method table or `({ createHandlers }) => createHandlers({ GET: { middleware, handler } })`;
 * - the v1 release candidates: `export const ServerRoute = createServerFileRoute("/users").middleware([m])
 *   .methods({ GET: fn })`, also `.methods((api) => ({ GET: api.middleware([m]).handler(fn) }))`;
 * - 0.x (vinxi): `export const APIRoute = createAPIFileRoute("/api/users")({ GET: fn })`.
 *
 * A root route (`createRootRoute({ server: { middleware } })`) has no handlers; its middleware applies to every
 * server route, as a layout's applies to the routes below it.
 */

/** The HTTP methods a handler table may name; `ANY` answers those without a handler of their own. */
const TABLE_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD", "ANY"];

/** One entry of a route's handler table. */
export interface TanstackHandler {
  method: string;
  /** The handler as written: a function, a name, a method of the table. */
  node: ts.Node;
  /** Middleware given to this handler only (`{ middleware: [m], handler }`, `api.middleware([m]).handler(fn)`). */
  middleware: ts.Expression[];
  /** The table's member (`GET: ...`): its doc comment documents the operation. */
  member: ts.Node;
}

/** A route module's definition. */
export interface TanstackDefinition {
  /** The factory call (`createFileRoute("/x")`): the site of path warnings. */
  site: ts.Node;
  /** The route id the factory is given, when a string literal; `undefined` when absent. */
  id?: string;
  /** The path argument when it is not a string literal. */
  unreadId?: ts.Expression;
  /** The handler table's entries; `undefined` for a route with no server handlers. */
  handlers?: TanstackHandler[];
  /** What of the handler table cannot be read (a table that is not written out, a spread entry). */
  unread: ts.Node[];
  /** Route-level middleware (`server.middleware`, RC `.middleware([...])`). */
  middleware: ts.Expression[];
  root: boolean;
}

/** The route definition a module exports, if it exports one made by a TanStack route factory. */
export function tanstackDefinition(file: ts.SourceFile): TanstackDefinition | undefined {
  const bindings = importBindings(file, isTanstackRouteModule);
  if (!bindings.size) return undefined;
  const factory = (callee: ts.Expression): string | undefined => {
    const inner = unwrapExpression(callee);
    if (ts.isIdentifier(inner)) return bindings.get(inner.text)?.split(":").pop();
    return undefined;
  };
  // A release candidate's module may export a page `Route` beside its `ServerRoute`: the one with handlers wins.
  const found: TanstackDefinition[] = [];
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    if (!ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const init = declaration.initializer && unwrapExpression(declaration.initializer);
      const definition = init && ts.isCallExpression(init) ? readDefinition(init, factory) : undefined;
      if (definition) found.push(definition);
    }
  }
  return found.find((d) => d.handlers !== undefined) ?? found[0];
}

function readDefinition(call: ts.CallExpression, factory: (callee: ts.Expression) => string | undefined): TanstackDefinition | undefined {
  const inner = unwrapExpression(call.expression);
  // v1 / 0.x: `createFileRoute(id)(options)`, `createAPIFileRoute(id)(methods)`, `createRootRouteWithContext<T>()(options)`.
  if (ts.isCallExpression(inner)) {
    const name = factory(inner.expression);
    if (name === "createFileRoute") return v1Definition(inner, call.arguments[0], false);
    if (name === "createRootRouteWithContext") return v1Definition(inner, call.arguments[0], true);
    if (name === "createAPIFileRoute") {
      const base = withId(inner);
      const table = call.arguments[0];
      return table ? { ...base, ...tableEntries(table, base.unread) } : undefined;
    }
  }
  const direct = factory(call.expression);
  if (direct === "createRootRoute") return v1Definition(call, call.arguments[0], true);
  // RC: `createServerFileRoute(id).middleware([m]).methods(table)`.
  if (ts.isPropertyAccessExpression(inner) && inner.name.text === "methods") {
    const middleware: ts.Expression[] = [];
    let current: ts.Expression = unwrapExpression(inner.expression);
    while (ts.isCallExpression(current) && ts.isPropertyAccessExpression(current.expression)) {
      if (current.expression.name.text === "middleware" && current.arguments[0]) middleware.unshift(current.arguments[0]);
      current = unwrapExpression(current.expression.expression);
    }
    if (!ts.isCallExpression(current) || factory(current.expression) !== "createServerFileRoute") return undefined;
    const base = withId(current);
    const table = call.arguments[0];
    if (!table) return undefined;
    return { ...base, middleware, ...tableEntries(table, base.unread) };
  }
  return undefined;
}

/** The factory call's route id: a string literal, absent, or something else (unread). */
function withId(factoryCall: ts.CallExpression): TanstackDefinition {
  const arg = factoryCall.arguments[0] && unwrapExpression(factoryCall.arguments[0]);
  const base: TanstackDefinition = { site: factoryCall, unread: [], middleware: [], root: false };
  if (arg && ts.isStringLiteralLike(arg)) base.id = arg.text;
  else if (arg) base.unreadId = arg;
  return base;
}

/** `createFileRoute(id)({ server: { middleware, handlers } })`: the `server` option's parts. */
function v1Definition(factoryCall: ts.CallExpression, optionsNode: ts.Expression | undefined, root: boolean): TanstackDefinition {
  const base = root ? { site: factoryCall, unread: [], middleware: [], root: true } : withId(factoryCall);
  const options = optionsNode && objectLiteral(optionsNode);
  const server = options && property(options, "server");
  const serverObject = server && ts.isExpression(server) ? objectLiteral(server) : undefined;
  if (!serverObject) {
    if (server) base.unread.push(server);
    return base;
  }
  const middleware = property(serverObject, "middleware");
  if (middleware && ts.isExpression(middleware)) base.middleware.push(middleware);
  const handlers = property(serverObject, "handlers");
  return handlers && ts.isExpression(handlers) && !root ? { ...base, ...tableEntries(handlers, base.unread) } : base;
}

/**
 * The entries of a handler table: an object literal (or a const of one), or a function returning one — directly
 * or through `createHandlers(...)` (v1), whose `api` parameter's chains give each handler (RC).
 */
function tableEntries(node: ts.Expression, unread: ts.Node[]): { handlers: TanstackHandler[] } {
  let table = objectLiteral(node);
  if (!table) {
    const fn = unwrapExpression(node);
    const returned = ts.isArrowFunction(fn) || ts.isFunctionExpression(fn) ? returnedExpression(fn) : undefined;
    const value = returned && unwrapExpression(returned);
    if (value && ts.isCallExpression(value) && calleeName(value.expression) === "createHandlers" && value.arguments[0])
      table = objectLiteral(value.arguments[0]);
    else if (value) table = objectLiteral(value);
  }
  if (!table) {
    unread.push(node);
    return { handlers: [] };
  }
  const handlers: TanstackHandler[] = [];
  for (const member of table.properties) {
    if (ts.isSpreadAssignment(member) || !member.name || !(ts.isIdentifier(member.name) || ts.isStringLiteral(member.name))) {
      unread.push(member);
      continue;
    }
    const method = member.name.text;
    if (!TABLE_METHODS.includes(method)) continue;
    if (ts.isMethodDeclaration(member)) handlers.push({ method, node: member, middleware: [], member });
    else if (ts.isShorthandPropertyAssignment(member)) handlers.push({ method, node: member.name, middleware: [], member });
    else if (ts.isPropertyAssignment(member)) handlers.push({ method, ...handlerEntry(member.initializer), member });
  }
  return { handlers };
}

/** One table value: a handler, `{ middleware, handler }`, or a chain `api.middleware([m]).handler(fn)`. */
function handlerEntry(value: ts.Expression): { node: ts.Node; middleware: ts.Expression[] } {
  const inner = unwrapExpression(value);
  if (ts.isObjectLiteralExpression(inner)) {
    const handler = property(inner, "handler");
    const middleware = property(inner, "middleware");
    return { node: handler ?? inner, middleware: middleware && ts.isExpression(middleware) ? [middleware] : [] };
  }
  if (ts.isCallExpression(inner) && calleeName(inner.expression) === "handler" && inner.arguments[0]) {
    const middleware: ts.Expression[] = [];
    let current: ts.Expression = unwrapExpression((inner.expression as ts.PropertyAccessExpression).expression);
    while (ts.isCallExpression(current) && ts.isPropertyAccessExpression(current.expression)) {
      if (current.expression.name.text === "middleware" && current.arguments[0]) middleware.unshift(current.arguments[0]);
      current = unwrapExpression(current.expression.expression);
    }
    return { node: inner.arguments[0], middleware };
  }
  return { node: value, middleware: [] };
}

function calleeName(callee: ts.Expression): string | undefined {
  const inner = unwrapExpression(callee);
  if (ts.isIdentifier(inner)) return inner.text;
  if (ts.isPropertyAccessExpression(inner)) return inner.name.text;
  return undefined;
}

/** What a function returns: an arrow's expression body, or the expression of its body's last top-level `return`. */
function returnedExpression(fn: ts.FunctionLikeDeclaration): ts.Expression | undefined {
  if (!fn.body) return undefined;
  if (!ts.isBlock(fn.body)) return fn.body as ts.Expression;
  const last = [...fn.body.statements].reverse().find(ts.isReturnStatement);
  return last?.expression;
}

/** An object literal, or the object literal a `const` of the same file holds. */
function objectLiteral(node: ts.Expression): ts.ObjectLiteralExpression | undefined {
  let inner = unwrapExpression(node);
  if (ts.isIdentifier(inner)) {
    const name = inner.text;
    for (const statement of inner.getSourceFile().statements) {
      if (!ts.isVariableStatement(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const)) continue;
      for (const d of statement.declarationList.declarations)
        if (ts.isIdentifier(d.name) && d.name.text === name && d.initializer) inner = unwrapExpression(d.initializer);
    }
  }
  return ts.isObjectLiteralExpression(inner) ? inner : undefined;
}

/** A property of an object literal: its initializer, a shorthand's name, or the method itself. */
function property(object: ts.ObjectLiteralExpression, name: string): ts.Node | undefined {
  for (const member of object.properties) {
    if (!member.name || !(ts.isIdentifier(member.name) || ts.isStringLiteral(member.name)) || member.name.text !== name) continue;
    if (ts.isPropertyAssignment(member)) return member.initializer;
    if (ts.isShorthandPropertyAssignment(member)) return member.name;
    return member;
  }
  return undefined;
}

/** `createMiddleware(...)` of TanStack Start, as the evaluator's host sees it: the server functions and the middleware it runs first. */
interface TanstackMiddleware {
  type: "tanstack-middleware";
  uses: Value[];
  server: FunctionValue[];
}

function isTanstackMiddleware(host: object): host is TanstackMiddleware {
  return (host as { type?: unknown }).type === "tanstack-middleware";
}

/** `createMiddleware()` of a TanStack Start package: a middleware builder; undefined for any other call. */
export function tanstackMiddlewareCall(callee: ExternalValue): Value | undefined {
  if (!isTanstackStartModule(callee.module) || callee.path[callee.path.length - 1] !== "createMiddleware") return undefined;
  const made: TanstackMiddleware = { type: "tanstack-middleware", uses: [], server: [] };
  return { kind: "host", host: made };
}

/**
 * A method of a middleware builder: `.middleware([a, b])` runs those first, `.server(fn)` is what it runs on the
 * server (its checks gate what it is given to); `.client()`, `.validator()`, `.inputValidator()` change neither.
 * Undefined for a receiver that is not a TanStack middleware.
 */
export function tanstackMiddlewareMethod(
  receiver: HostValue,
  method: string,
  call: CallContext,
  interpreter: Interpreter,
): Value | undefined {
  if (!isTanstackMiddleware(receiver.host)) return undefined;
  const next: TanstackMiddleware = { ...receiver.host, uses: [...receiver.host.uses], server: [...receiver.host.server] };
  const arg = call.args[0];
  if (method === "middleware" && arg) next.uses.push(interpreter.evaluate(arg, call.scope));
  if (method === "server" && arg) {
    const fn = interpreter.evaluate(arg, call.scope);
    if (fn.kind === "function") next.server.push(fn);
  }
  return { kind: "host", host: next };
}

/** The checks of TanStack Start middleware (or of an array of them): those it runs first, then its server function's. */
export function tanstackMiddlewareChecks(value: Value, interpreter: Interpreter, seen = new Set<object>()): CheckValue[] {
  const out: CheckValue[] = [];
  for (const v of flattenValues(value)) {
    if (v.kind === "host" && isTanstackMiddleware(v.host)) {
      if (seen.has(v.host)) continue;
      seen.add(v.host);
      for (const used of v.host.uses) out.push(...tanstackMiddlewareChecks(used, interpreter, seen));
      for (const fn of v.host.server) out.push(...interpreter.bodyChecks(fn));
    } else out.push(...middlewareChecksOf(v, interpreter));
  }
  return out;
}

/**
 * The request middleware of the Start instance (`createStart(() => ({ requestMiddleware: [...] }))` in
 * `src/start.ts`): it runs for every request, server routes included. The expression, if the module has one.
 */
export function startRequestMiddleware(file: ts.SourceFile): ts.Expression | undefined {
  const bindings = importBindings(file, isTanstackStartModule);
  let found: ts.Expression | undefined;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && bindings.get(node.expression.text)?.endsWith(":createStart")) {
      const fn = node.arguments[0] && unwrapExpression(node.arguments[0]);
      const returned = fn && (ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) ? returnedExpression(fn) : fn;
      const options = returned && objectLiteral(returned);
      const middleware = options && property(options, "requestMiddleware");
      if (middleware && ts.isExpression(middleware)) found = middleware;
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/**
 * The apps a TanStack server route's handlers hand their requests to (`GET: ({ request }) => app.fetch(request)`,
 * `const handle = ...; handlers: { GET: handle }`, `GET: app.handle`): the file-route adapter indexes them
 * where the route serves them, so the app's own adapter leaves them out. Empty for any other module.
 */
export function tanstackForwardedApps(file: ts.SourceFile, members: readonly ForwardingMember[]): ts.Identifier[] {
  const out: ts.Identifier[] = [];
  for (const handler of tanstackDefinition(file)?.handlers ?? []) {
    let node = handler.node;
    if (ts.isIdentifier(node)) node = localFunction(file, node.text) ?? node;
    const found = ts.isFunctionLike(node)
      ? forwardingCall(node as ts.FunctionLikeDeclaration)
      : ts.isExpression(node)
        ? forwardingMember(unwrapExpression(node))
        : undefined;
    if (found && members.includes(found.member)) out.push(found.app);
  }
  return out;
}

/** A module-level function of `file` named `name`: a function declaration, or a `const` holding a function. */
function localFunction(file: ts.SourceFile, name: string): ts.Node | undefined {
  for (const statement of file.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name?.text === name) return statement;
    if (!ts.isVariableStatement(statement)) continue;
    for (const d of statement.declarationList.declarations)
      if (ts.isIdentifier(d.name) && d.name.text === name && d.initializer) {
        const init = unwrapExpression(d.initializer);
        return ts.isArrowFunction(init) || ts.isFunctionExpression(init) ? init : undefined;
      }
  }
  return undefined;
}

/** Whether a module defines a TanStack server route (a route with a handler table). */
export function isTanstackServerRoute(file: ts.SourceFile | undefined): boolean {
  return file !== undefined && tanstackDefinition(file)?.handlers !== undefined;
}
