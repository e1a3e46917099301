import { ts } from "../typescript.js";
import { enclosingFunction, unwrapExpression } from "./syntax.js";

/**
 * Whether a permission check in a handler's body only picks what the handler answers, refusing nobody:
 * `if (!hasScope(scopes, "portfolio:read:values")) { return { holdings } }` answers without the values, and
 * `return scopes.includes("admin") ? all : own` answers with fewer items. A key that only widens what a
 * caller sees is no key the caller needs.
 *
 * Only what the syntax proves counts: the branch taken when the check fails ends in `return` of plain data
 * (an object or array literal, a name, a property read, a literal; no call), and throws nothing and calls
 * nothing on the way. Any other shape keeps the check required: the stricter reading.
 */
export function onlyPicksAnswer(call: ts.Node, handler: ts.Node): boolean {
  // Climb through what does not change the test: parentheses, `await`, `!` (which flips the branch).
  let node: ts.Node = call;
  let negated = false;
  for (;;) {
    const parent = node.parent;
    if (ts.isParenthesizedExpression(parent) || ts.isAwaitExpression(parent)) node = parent;
    else if (ts.isPrefixUnaryExpression(parent) && parent.operator === ts.SyntaxKind.ExclamationToken) {
      negated = !negated;
      node = parent;
    } else break;
  }
  const parent = node.parent;
  if (ts.isIfStatement(parent) && parent.expression === node && enclosingFunction(parent) === handler) {
    // The branch the request takes without the key: `then` under `!check`, else `else`.
    const refused = negated ? parent.thenStatement : parent.elseStatement;
    return refused !== undefined && answersData(refused);
  }
  // `return check ? all : own` (or an arrow's body): the arm without the key is the answer.
  if (ts.isConditionalExpression(parent) && parent.condition === node) {
    // Also as what a response helper is given: `return res.json(admin ? all : own)`.
    const answered = unwrapParents(parent);
    const helper = ts.isCallExpression(answered.parent) && plainAnswerCallee(answered.parent) ? answered.parent : undefined;
    const holder = (helper ?? answered).parent;
    const returned =
      (ts.isReturnStatement(holder) && enclosingFunction(holder) === handler) || (holder === handler && ts.isArrowFunction(handler));
    return returned && isPlainData(negated ? parent.whenTrue : parent.whenFalse);
  }
  return false;
}

/**
 * A branch that ends in `return` of plain data, or of a response helper given it without a status
 * (`res.json(summary)`, Hono's `c.json(summary)`), and throws or calls nothing else on the way.
 */
function answersData(statement: ts.Statement): boolean {
  const statements = ts.isBlock(statement) ? statement.statements : [statement];
  const last = statements.at(-1);
  if (!last || !ts.isReturnStatement(last) || !last.expression) return false;
  const answer = unwrapExpression(last.expression);
  const helper = plainAnswer(answer);
  if (!helper && !isPlainData(answer)) return false;
  let plain = true;
  const visit = (n: ts.Node): void => {
    if (!plain || n === helper) return;
    if (ts.isThrowStatement(n) || ts.isCallExpression(n) || ts.isNewExpression(n)) plain = false;
    else if (!ts.isFunctionLike(n)) ts.forEachChild(n, visit);
  };
  for (const s of statements) visit(s);
  return plain;
}

/** `res.json(data)`, `res.send(data)`, `c.json(data)`: one argument of plain data, no status before or beside it. */
function plainAnswer(expression: ts.Expression): ts.CallExpression | undefined {
  if (!ts.isCallExpression(expression) || !plainAnswerCallee(expression)) return undefined;
  return isPlainData(expression.arguments[0]!) ? expression : undefined;
}

/** A response helper called with one argument on a name (`res.json(x)`, `c.send(x)`): a 200 of that. */
function plainAnswerCallee(call: ts.CallExpression): boolean {
  const callee = call.expression;
  return (
    call.arguments.length === 1 &&
    ts.isPropertyAccessExpression(callee) &&
    ts.isIdentifier(callee.expression) &&
    ANSWER_METHODS.has(callee.name.text)
  );
}

function unwrapParents(node: ts.Node): ts.Node {
  let current = node;
  while (ts.isParenthesizedExpression(current.parent)) current = current.parent;
  return current;
}

const ANSWER_METHODS = new Set(["json", "send"]);

/** Standard methods of arrays and strings that make data of data (no effect, no answer). */
const DATA_METHODS = new Set(["filter", "map", "slice", "concat", "flat", "flatMap", "toSorted", "toReversed", "join"]);

/** Data the handler answers as is: literals, names, property reads, object and array literals of these. */
function isPlainData(expression: ts.Expression): boolean {
  const e = unwrapExpression(expression);
  if (ts.isIdentifier(e) || ts.isStringLiteralLike(e) || ts.isNumericLiteral(e)) return true;
  if (e.kind === ts.SyntaxKind.TrueKeyword || e.kind === ts.SyntaxKind.FalseKeyword || e.kind === ts.SyntaxKind.NullKeyword) return true;
  if (ts.isPropertyAccessExpression(e)) return isPlainData(e.expression);
  // `all.filter((j) => j.owner === me)`: a standard method that makes data of data.
  if (ts.isCallExpression(e) && ts.isPropertyAccessExpression(e.expression) && DATA_METHODS.has(e.expression.name.text))
    return isPlainData(e.expression.expression);
  if (ts.isArrayLiteralExpression(e)) return e.elements.every((x) => (ts.isSpreadElement(x) ? isPlainData(x.expression) : isPlainData(x)));
  if (ts.isObjectLiteralExpression(e))
    return e.properties.every((p) =>
      ts.isPropertyAssignment(p)
        ? isPlainData(p.initializer)
        : ts.isShorthandPropertyAssignment(p) || (ts.isSpreadAssignment(p) && isPlainData(p.expression)),
    );
  return false;
}
