/**
 * The parts of a statement or expression that run whenever it runs. A handler's branch refuses a method only
 * when it refuses on the way every request through it takes: a 404 under a condition of its own (`if (!found)
 * return res.status(404)`) answers about an item, not about the method, and the branch still serves it.
 */
import { ts } from "../typescript.js";

/**
 * Calls `visit` with each child of `node` that runs whenever `node` does: the condition of an `if`, `?:` or
 * `switch` but not its branches, the left side of `&&`, `||` and `??` (and of their assignments), a loop's
 * head but not its body (it may run no time; a `do` body runs once), a `try` block and its `finally` but not
 * its `catch`. A function written inside runs when it is called, not here: none of it is visited.
 */
export function forEachChildAlwaysRun(node: ts.Node, visit: (child: ts.Node) => void): void {
  if (ts.isFunctionLike(node) || ts.isClassLike(node)) return;
  if (ts.isIfStatement(node)) return visit(node.expression);
  if (ts.isConditionalExpression(node)) return visit(node.condition);
  if (ts.isSwitchStatement(node)) return visit(node.expression);
  if (ts.isBinaryExpression(node) && SHORT_CIRCUIT.has(node.operatorToken.kind)) return visit(node.left);
  if (ts.isForStatement(node)) return node.initializer ? visit(node.initializer) : undefined;
  if (ts.isForOfStatement(node) || ts.isForInStatement(node)) return visit(node.expression);
  if (ts.isWhileStatement(node)) return visit(node.expression);
  if (ts.isTryStatement(node)) {
    visit(node.tryBlock);
    if (node.finallyBlock) visit(node.finallyBlock);
    return;
  }
  ts.forEachChild(node, visit);
}

/**
 * Whether a statement may leave the function (`return`, `throw`) somewhere below it, outside the functions
 * written inside it: what follows it then runs only for the requests it did not answer.
 */
export function mayLeave(statement: ts.Node): boolean {
  let found = false;
  const walk = (n: ts.Node): void => {
    if (found || ts.isFunctionLike(n) || ts.isClassLike(n)) return;
    if (ts.isReturnStatement(n) || ts.isThrowStatement(n)) found = true;
    else ts.forEachChild(n, walk);
  };
  walk(statement);
  return found;
}

const SHORT_CIRCUIT = new Set([
  ts.SyntaxKind.AmpersandAmpersandToken,
  ts.SyntaxKind.BarBarToken,
  ts.SyntaxKind.QuestionQuestionToken,
  ts.SyntaxKind.AmpersandAmpersandEqualsToken,
  ts.SyntaxKind.BarBarEqualsToken,
  ts.SyntaxKind.QuestionQuestionEqualsToken,
]);
