import { ts } from "../typescript.js";
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
  if (enclosingFunction(statement) !== body || !leaves(statement.thenStatement) || !goesOn(statement)) return undefined;
  return { statement, grants: grants(statement.thenStatement) };
}

/**
 * Whether a caller who skips the `if` goes on to be answered: the statements after it in its block reach a
 * `return` that lets the request through, refusing on the way only under conditions of their own (`if (!x)
 * return deny()`). Where they refuse outright — `if (perms.includes("admin")) return next(); return
 * res.sendStatus(403)`, a throw, a `res.status(403)` before `return;`, a helper's `return false` — the test
 * decides who passes: the key is required. So it is where nothing leaves after it (a helper falling off its
 * end answers `undefined`, a no).
 */
function goesOn(statement: ts.IfStatement): boolean {
  const block = statement.parent;
  if (!ts.isBlock(block)) return false;
  for (const next of block.statements.slice(block.statements.indexOf(statement) + 1)) {
    if (ts.isIfStatement(next)) continue; // conditional: refuses some callers, for reasons of its own
    if (ts.isThrowStatement(next) || refuses(next)) return false;
    if (ts.isReturnStatement(next)) return !(next.expression && saysNo(unwrapExpression(next.expression)));
  }
  return false;
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
 * Whether a branch lets the request through: it throws nothing, and no `return` in it refuses (below) or
 * answers a helper's caller no.
 */
function grants(branch: ts.Statement): boolean {
  let through = true;
  const visit = (node: ts.Node): void => {
    if (!through || ts.isFunctionLike(node)) return;
    if (ts.isThrowStatement(node)) through = false;
    else if (ts.isReturnStatement(node) && node.expression) {
      const answer = unwrapExpression(node.expression);
      if (refuses(answer) || saysNo(answer)) through = false;
    } else ts.forEachChild(node, visit);
  };
  visit(branch);
  return through;
}

/** Words of a call or class that refuses access (`forbidden()`, `new UnauthorizedException()`, `deny(res)`). */
const REFUSAL = /forbidden|unauthori[sz]ed|unauthenticated|denied|deny|refuse/i;

/**
 * Whether an answer refuses access: a 401 or 403 written in it (`res.status(403)`, `{ status: 401 }`), or a
 * call or construction named for a refusal. Names of data (`{ deniedScopes }`) are not read: a result may
 * list what was refused without refusing.
 */
function refuses(node: ts.Node): boolean {
  let found = false;
  const visit = (n: ts.Node): void => {
    if (found || ts.isFunctionLike(n)) return;
    if (ts.isNumericLiteral(n) && (n.text === "401" || n.text === "403")) found = true;
    else if ((ts.isCallExpression(n) || ts.isNewExpression(n)) && REFUSAL.test(calleeWord(n.expression))) found = true;
    else ts.forEachChild(n, visit);
  };
  visit(node);
  return found;
}

/** The last name of a callee (`res.forbidden` → `forbidden`, `new errors.AccessDenied` → `AccessDenied`). */
function calleeWord(callee: ts.Expression): string {
  const inner = unwrapExpression(callee);
  if (ts.isIdentifier(inner)) return inner.text;
  if (ts.isPropertyAccessExpression(inner)) return inner.name.text;
  return "";
}

/** A policy helper's answer that says no: `false`, or a result object with a `false` member (`{ valid: false }`). */
function saysNo(answer: ts.Expression): boolean {
  if (answer.kind === ts.SyntaxKind.FalseKeyword) return true;
  return (
    ts.isObjectLiteralExpression(answer) &&
    answer.properties.some((p) => ts.isPropertyAssignment(p) && unwrapExpression(p.initializer).kind === ts.SyntaxKind.FalseKeyword)
  );
}
