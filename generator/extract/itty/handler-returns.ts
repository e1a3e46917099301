import { ts } from "../../typescript.js";
import type { Interpreter } from "../../resolve/interpreter.js";
import type { FunctionValue } from "../../resolve/values.js";

/**
 * Whether an itty-router handler may return nothing (`undefined` or `null`), which hands the request on to the
 * next handler and the next matching route (itty's `fetch` stops at the first other value): it falls off the end
 * of its body, or returns nothing, `undefined`, `null`, `void x`, or the result of a function of the sources that
 * may. A call apidex cannot follow is taken as answering: a route is never dropped for a guess.
 */
export function mayReturnNothing(fn: FunctionValue, interpreter: Interpreter, seen = new Set<ts.Node>()): boolean {
  const body = fn.decl.body;
  if (!body || seen.has(fn.decl)) return false;
  seen.add(fn.decl);
  const empty = (expression: ts.Expression): boolean => returnsNothing(expression, fn, interpreter, seen);
  if (!ts.isBlock(body)) return empty(body);
  let found = false;
  const visit = (node: ts.Node): void => {
    if (found || ts.isFunctionLike(node)) return;
    if (ts.isReturnStatement(node) && (!node.expression || empty(node.expression))) found = true;
    else ts.forEachChild(node, visit);
  };
  ts.forEachChild(body, visit);
  return found || !alwaysEnds(body);
}

function returnsNothing(expression: ts.Expression, fn: FunctionValue, interpreter: Interpreter, seen: Set<ts.Node>): boolean {
  let e = expression;
  while (ts.isParenthesizedExpression(e) || ts.isAwaitExpression(e) || ts.isAsExpression(e) || ts.isNonNullExpression(e)) e = e.expression;
  if (ts.isVoidExpression(e) || e.kind === ts.SyntaxKind.NullKeyword || (ts.isIdentifier(e) && e.text === "undefined")) return true;
  if (ts.isConditionalExpression(e))
    return returnsNothing(e.whenTrue, fn, interpreter, seen) || returnsNothing(e.whenFalse, fn, interpreter, seen);
  if (ts.isCallExpression(e)) {
    const callee = interpreter.valueInside(fn, e.expression);
    return callee.kind === "function" && mayReturnNothing(callee, interpreter, seen);
  }
  return false;
}

/** Whether a statement always returns or throws (so control never runs past it). */
function alwaysEnds(statement: ts.Statement): boolean {
  if (ts.isReturnStatement(statement) || ts.isThrowStatement(statement)) return true;
  if (ts.isBlock(statement)) return statement.statements.some(alwaysEnds);
  if (ts.isIfStatement(statement))
    return !!statement.elseStatement && alwaysEnds(statement.thenStatement) && alwaysEnds(statement.elseStatement);
  if (ts.isLabeledStatement(statement)) return alwaysEnds(statement.statement);
  if (ts.isTryStatement(statement))
    return (
      (statement.finallyBlock !== undefined && alwaysEnds(statement.finallyBlock)) ||
      (alwaysEnds(statement.tryBlock) && (!statement.catchClause || alwaysEnds(statement.catchClause.block)))
    );
  if (ts.isSwitchStatement(statement))
    return (
      statement.caseBlock.clauses.some(ts.isDefaultClause) &&
      statement.caseBlock.clauses.every((c) => c.statements.length === 0 || c.statements.some(alwaysEnds))
    );
  return false;
}

/**
 * Whether every value an itty-router handler returns is a refusal (`error(401)`, `status(403)`,
 * `new Response(null, { status: 403 })`, `new StatusError(404)`): a gate, not an answer.
 */
export function returnsOnlyRefusals(fn: ts.FunctionLikeDeclaration): boolean {
  const body = fn.body;
  if (!body) return false;
  const refusal = (expression: ts.Expression): boolean => {
    let e = expression;
    while (ts.isParenthesizedExpression(e) || ts.isAwaitExpression(e)) e = e.expression;
    if (ts.isVoidExpression(e) || e.kind === ts.SyntaxKind.NullKeyword || (ts.isIdentifier(e) && e.text === "undefined")) return true;
    if (!ts.isCallExpression(e) && !ts.isNewExpression(e)) return false;
    return (e.arguments ?? []).some((arg) => statusOf(arg) !== undefined && statusOf(arg)! >= 400);
  };
  if (!ts.isBlock(body)) return refusal(body);
  let answers = false;
  const visit = (node: ts.Node): void => {
    if (answers || ts.isFunctionLike(node)) return;
    if (ts.isReturnStatement(node) && node.expression && !refusal(node.expression)) answers = true;
    else ts.forEachChild(node, visit);
  };
  ts.forEachChild(body, visit);
  return !answers;
}

/** A status written as a number, or as the `status` of an options literal. */
function statusOf(arg: ts.Expression): number | undefined {
  if (ts.isNumericLiteral(arg)) return Number(arg.text);
  if (!ts.isObjectLiteralExpression(arg)) return undefined;
  for (const p of arg.properties)
    if (ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === "status" && ts.isNumericLiteral(p.initializer))
      return Number(p.initializer.text);
  return undefined;
}
