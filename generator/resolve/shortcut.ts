import { ts } from "../typescript.js";
import { statusesNamed } from "./refusal-status.js";
import { enclosingFunction, unwrapExpression } from "./syntax.js";

/**
 * A permission check whose holder leaves the function early: `if (scopes.includes("*")) return all;` or
 * `if (await isSuperAdmin(user) || hasScope(auth, "admin")) { return { valid: true } }`. A caller without
 * the key skips the branch and goes on, so the key is not one every caller needs: where the branch answers
 * (`grants`), holding it is an alternative to the checks that come after the `if`; where it refuses
 * (`return forbidden()`, a 401/403, a throw), holding it bars the caller and lacking it refuses nobody there.
 */
export interface Shortcut {
  /** The `if` whose condition holds the check; checks after it are the ones a holder skips. */
  statement: ts.IfStatement;
  /** The branch lets the holder through (answers, without a throw or an access-refusal status). */
  grants: boolean;
}

/**
 * The shortcut a check call (or a policy-helper call) of a body is the test of, if any. Only what the syntax
 * proves counts: the call is the `if`'s whole condition or one of its `||` alternatives (through parentheses
 * and `await`; a `!` or an `&&` makes it something else), the `if` has no `else` and its branch always leaves
 * the function (`return` or `throw`), and the `if` is the body's own (not a callback's).
 */
export function shortcutOf(call: ts.Node, body: ts.FunctionLikeDeclaration): Shortcut | undefined {
  let node: ts.Node = call;
  for (;;) {
    const parent = node.parent;
    if (ts.isParenthesizedExpression(parent) || ts.isAwaitExpression(parent)) node = parent;
    else if (ts.isBinaryExpression(parent) && parent.operatorToken.kind === ts.SyntaxKind.BarBarToken) node = parent;
    else break;
  }
  const statement = node.parent;
  if (!ts.isIfStatement(statement) || statement.expression !== node || statement.elseStatement) return undefined;
  if (enclosingFunction(statement) !== body || !leaves(statement.thenStatement)) return undefined;
  return { statement, grants: grants(statement.thenStatement) };
}

/** Whether a branch always leaves the function: `return ...`, `throw ...`, or a block that ends so. */
function leaves(statement: ts.Statement): boolean {
  if (ts.isReturnStatement(statement) || ts.isThrowStatement(statement)) return true;
  if (ts.isBlock(statement)) {
    const last = statement.statements.at(-1);
    return last !== undefined && leaves(last);
  }
  return false;
}

/**
 * Whether a branch lets the request through: it throws nothing, and no `return` in it names a 401 or 403 or
 * a refusal by name (`forbidden()`, `new AccessDeniedError()`; statusesNamed reads both), or answers a
 * helper's caller no (below).
 */
function grants(branch: ts.Statement): boolean {
  let through = true;
  const visit = (node: ts.Node): void => {
    if (!through || ts.isFunctionLike(node)) return;
    if (ts.isThrowStatement(node)) through = false;
    else if (ts.isReturnStatement(node) && node.expression) {
      const answer = unwrapExpression(node.expression);
      const statuses = statusesNamed(answer);
      if (statuses.has(401) || statuses.has(403) || saysNo(answer)) through = false;
    } else ts.forEachChild(node, visit);
  };
  visit(branch);
  return through;
}

/** A policy helper's answer that says no: `false`, or a result object with a `false` member (`{ valid: false }`). */
function saysNo(answer: ts.Expression): boolean {
  if (answer.kind === ts.SyntaxKind.FalseKeyword) return true;
  return (
    ts.isObjectLiteralExpression(answer) &&
    answer.properties.some((p) => ts.isPropertyAssignment(p) && unwrapExpression(p.initializer).kind === ts.SyntaxKind.FalseKeyword)
  );
}
