/**
 * A tRPC endpoint whose leading part only is unknown: `` `${base}/api/trpc` ``, `base + "/api/trpc"`, or the
 * call of a function of the sources that joins such a part to its argument (`withBase("/api/trpc")` with
 * `const withBase = (p: string) => `${getBasePath()}${p}``), the base path of a deployment read from its
 * environment. The procedures are then served under the known tail, relative to that part, as the routes of a
 * Hono app's `basePath(getBasePath())` are (router-host.ts reads route paths the same way).
 *
 * Only what is written is followed: a template or `+` whose first part alone is unknown, and a function whose
 * body is one `return` of such a join (its parameters bound to the call's arguments). Anything else (an
 * unknown part after a known one, a function that computes more, several possible tails) is no proof of the
 * tail, and the endpoint stays unknown as a whole.
 */
import { excerpt, type Interpreter } from "../../resolve/interpreter.js";
import { unwrapExpression } from "../../resolve/syntax.js";
import { Binding, Scope, UNDEFINED, type Value } from "../../resolve/values.js";
import { ts } from "../../typescript.js";
import { localConstInitializer, splitUnknownHead } from "../router-host.js";

/** The unknown leading part of an endpoint, the scope it is read in, and the known path after it. */
export interface EndpointHead {
  head: ts.Expression;
  scope: Scope;
  tail: string;
  /** The functions of the sources whose bodies joined the head and the tail (`withBase`), outermost first. */
  through: string[];
}

/** How many helpers and consts deep a join is followed (`withBase` calling `joinBase`): more is no endpoint helper. */
const MAX_DEPTH = 4;

/**
 * The unknown leading part of `node` and the one known path that follows it, in `scope`; undefined when
 * `node` is not such a join (known, unknown as a whole, or unknown elsewhere than at its start), or when the
 * tail is not a path of its own (it must start with `/`: `base + "trpc"` is a path only if the base ends
 * with one, which apidex cannot tell).
 */
export function splitEndpointHead(node: ts.Expression, scope: Scope, interpreter: Interpreter, depth = 0): EndpointHead | undefined {
  const found = joinOf(node, scope, interpreter, depth);
  return found && /^\//.test(found.tail) ? found : undefined;
}

function joinOf(node: ts.Expression, scope: Scope, interpreter: Interpreter, depth: number): EndpointHead | undefined {
  // Bounded: consts that name each other (code that does not run) end here too.
  if (depth >= MAX_DEPTH) return undefined;
  const split = splitUnknownHead(node, (e) => stringOf(interpreter.evaluate(e, scope)));
  if (split) {
    // A value that may be one of several paths is no one endpoint.
    if (split.tails.length !== 1) return undefined;
    // The head may be a helper's join itself: `` `${withBase("/api")}/trpc` ``.
    const inner = callJoin(split.head, scope, interpreter, depth);
    return inner ? { ...inner, tail: inner.tail + split.tails[0]! } : { head: split.head, scope, tail: split.tails[0]!, through: [] };
  }
  // `const endpoint = withBase("/api/trpc")` before the handler: the const's own call.
  const inner = unwrapExpression(node);
  const named = ts.isIdentifier(inner) ? constOf(inner, scope, interpreter) : undefined;
  return named ? joinOf(named.init, named.scope, interpreter, depth + 1) : callJoin(node, scope, interpreter, depth);
}

/**
 * The initializer of the `const` a name holds, with the scope it is read in: one of the same function
 * (splitUnknownHead's reading), or one of the module's top level the name is not shadowed from.
 */
function constOf(id: ts.Identifier, scope: Scope, interpreter: Interpreter): { init: ts.Expression; scope: Scope } | undefined {
  const local = localConstInitializer(id);
  if (local) return { init: local, scope };
  const file = id.getSourceFile();
  const module = interpreter.module(file).scope;
  const binding = scope.lookup(id.text);
  if (!binding || module.bindings.get(id.text) !== binding) return undefined;
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const)) continue;
    for (const d of statement.declarationList.declarations)
      if (ts.isIdentifier(d.name) && d.name.text === id.text && d.initializer) return { init: d.initializer, scope: module };
  }
  return undefined;
}

/**
 * `withBase("/api/trpc")`: a function of the sources whose body only returns a join, read with its parameters
 * bound to the call's arguments. A head that is one of its parameters is the argument the call gives, reported
 * where the caller wrote it (and split again there: `withBase(`${root}/v1`, "/trpc")`).
 */
function callJoin(node: ts.Expression, scope: Scope, interpreter: Interpreter, depth: number): EndpointHead | undefined {
  const call = unwrapExpression(node);
  if (!ts.isCallExpression(call) || depth >= MAX_DEPTH) return undefined;
  const callee = interpreter.evaluate(call.expression, scope);
  if (callee.kind !== "function") return undefined;
  const { decl } = callee;
  const returned = onlyReturn(decl);
  if (!returned) return undefined;
  const names: string[] = [];
  for (const parameter of decl.parameters) {
    if (!ts.isIdentifier(parameter.name) || parameter.dotDotDotToken) return undefined;
    names.push(parameter.name.text);
  }
  const inner = new Scope(callee.scope.file, callee.scope, decl);
  if (callee.thisValue && !ts.isArrowFunction(decl)) inner.bind("this", Binding.of(callee.thisValue, decl));
  decl.parameters.forEach((parameter, index) => {
    const arg = call.arguments[index];
    let value: Value = arg ? interpreter.evaluate(arg, scope) : UNDEFINED;
    if (value.kind === "undefined" && parameter.initializer) value = interpreter.evaluate(parameter.initializer, inner);
    inner.bind(names[index]!, Binding.of(value, parameter));
  });
  const found = joinOf(returned, inner, interpreter, depth + 1);
  if (!found) return undefined;
  const name = functionName(decl, call);
  const head = unwrapExpression(found.head);
  const index = found.scope === inner && ts.isIdentifier(head) ? names.indexOf(head.text) : -1;
  if (index >= 0) {
    const arg = call.arguments[index];
    if (!arg) return undefined;
    const outer = joinOf(arg, scope, interpreter, depth);
    return outer ? { ...outer, tail: outer.tail + found.tail } : { head: arg, scope, tail: found.tail, through: [] };
  }
  return { ...found, through: [name, ...found.through] };
}

/** The one expression a function returns: its expression body, or a block that is one `return`. */
function onlyReturn(decl: ts.FunctionLikeDeclaration): ts.Expression | undefined {
  const body = decl.body;
  if (!body) return undefined;
  if (!ts.isBlock(body)) return body;
  const [only, ...rest] = body.statements;
  return !rest.length && only && ts.isReturnStatement(only) ? only.expression : undefined;
}

function functionName(decl: ts.FunctionLikeDeclaration, call: ts.CallExpression): string {
  return decl.name && ts.isIdentifier(decl.name) ? decl.name.text : excerpt(call.expression);
}

/** A part of a path as JavaScript joins it: strings, and numbers and booleans as their text. */
function stringOf(value: Value): string[] | undefined {
  if (value.kind === "string") return [value.value];
  if (value.kind === "number" || value.kind === "boolean") return [String(value.value)];
  return undefined;
}
