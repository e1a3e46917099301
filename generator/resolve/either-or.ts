import { ts } from "../typescript.js";
import { unwrapExpression } from "./syntax.js";

/**
 * Permission checks a body tests together so that the request stops only when none of them holds: with
 * `const own = hasPermission(perms, "createOwnTag"); const all = hasPermission(perms, "createTag")`,
 * `if (!own && !all) return res.sendStatus(403)` lets the request through with either key, and so does
 * `if (!(canRead(a) || canRead(b))) throw forbidden()`. Each group (two checks or more) is such a set of
 * calls, among `checks`; its keys are alternatives.
 *
 * Only what the syntax proves counts: the branch must exit (`return` or `throw`), every operand must be a
 * check call, or a `const` holding one that nothing else in the body reads (read elsewhere, it may guard
 * on its own), and no call may be in two groups. Anything else leaves the checks as they are, each one
 * required: the stricter reading.
 */
export function eitherOrGroups(body: ts.Node, checks: ReadonlySet<ts.Node>, options: EitherOrOptions = {}): ts.CallExpression[][] {
  const groups: ts.CallExpression[][] = [];
  const used = new Set<ts.Node>();
  const add = (operands: readonly ts.Expression[] | undefined) => {
    const calls = operands?.flatMap((operand) => checkCalls(operand, body, checks, options.decide) ?? [undefined]);
    if (calls && calls.length > 1 && calls.every((c): c is ts.CallExpression => c !== undefined)) {
      const distinct = [...new Set(calls)];
      if (distinct.length === calls.length && !distinct.some((c) => used.has(c))) {
        for (const c of distinct) used.add(c);
        groups.push(distinct);
      }
    }
  };
  const visit = (node: ts.Node, nested: boolean): void => {
    if (ts.isIfStatement(node) && exits(node.thenStatement)) add(deniedWhenNoneHolds(node.expression));
    // A helper's caller tests what it returns: `return canRead(a) || canWrite(a)` lets either through (its
    // own return, not a callback's).
    if (options.returned && !nested && ts.isReturnStatement(node) && node.expression)
      add(alternatives(decided(node.expression, options.decide)));
    ts.forEachChild(node, (child) => visit(child, nested || (child !== body && ts.isFunctionLike(child))));
  };
  if (options.returned && ts.isArrowFunction(body.parent) && body.parent.body === body && !ts.isBlock(body))
    add(alternatives(decided(body as ts.Expression, options.decide)));
  visit(body, false);
  return groups;
}

export interface EitherOrOptions {
  /** The body is a helper's whose caller tests its value: a returned `a || b` is a group too. */
  returned?: boolean;
  /** What a condition is, where it is known (a helper's parameter bound to the caller's argument). */
  decide?: (condition: ts.Expression) => boolean | undefined;
}

/** The branch of a `?:` whose condition is known, else the expression itself. */
function decided(expression: ts.Expression, decide?: (condition: ts.Expression) => boolean | undefined): ts.Expression {
  const inner = bare(expression);
  if (decide && ts.isConditionalExpression(inner)) {
    const taken = decide(inner.condition);
    if (taken !== undefined) return decided(taken ? inner.whenTrue : inner.whenFalse, decide);
  }
  return inner;
}

/** The tested expressions of a condition that holds only when none of them does: `!a && !b`, `!(a || b)`. */
function deniedWhenNoneHolds(condition: ts.Expression): ts.Expression[] | undefined {
  const inner = bare(condition);
  if (ts.isBinaryExpression(inner) && inner.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken) {
    const left = deniedWhenNoneHolds(inner.left);
    const right = deniedWhenNoneHolds(inner.right);
    return left && right ? [...left, ...right] : undefined;
  }
  if (ts.isPrefixUnaryExpression(inner) && inner.operator === ts.SyntaxKind.ExclamationToken) return alternatives(inner.operand);
  return undefined;
}

/** The operands of `a || b || c` (one operand for anything else). */
function alternatives(expression: ts.Expression): ts.Expression[] {
  const inner = bare(expression);
  if (ts.isBinaryExpression(inner) && inner.operatorToken.kind === ts.SyntaxKind.BarBarToken)
    return [...alternatives(inner.left), ...alternatives(inner.right)];
  return [inner];
}

/**
 * The check calls an operand stands for: the call itself, or a `const` that only this condition reads holding
 * one, or holding alternatives (`const allowed = a(...) || b(...)`, through a `?:` whose condition is known).
 */
function checkCalls(
  operand: ts.Expression,
  body: ts.Node,
  checks: ReadonlySet<ts.Node>,
  decide?: (condition: ts.Expression) => boolean | undefined,
): ts.CallExpression[] | undefined {
  const inner = bare(operand);
  if (ts.isCallExpression(inner)) return checks.has(inner) ? [inner] : undefined;
  const held = heldBy(inner, body);
  if (!held) return undefined;
  const calls = alternatives(decided(held, decide)).map((e) => bare(e));
  return calls.every((c): c is ts.CallExpression => ts.isCallExpression(c) && checks.has(c)) ? calls : undefined;
}

/** The initializer of the `const` an identifier names, when the body declares it once and reads it once. */
function heldBy(inner: ts.Expression, body: ts.Node): ts.Expression | undefined {
  if (!ts.isIdentifier(inner)) return undefined;
  let declaration: ts.VariableDeclaration | undefined;
  let reads = 0;
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === inner.text) {
      // Two declarations of the name (shadowing): which one the operand reads is not worth proving.
      if (declaration) reads = Number.POSITIVE_INFINITY;
      declaration = node;
      if (node.initializer) visit(node.initializer);
      return;
    }
    if (ts.isIdentifier(node) && node.text === inner.text) reads++;
    ts.forEachChild(node, visit);
  };
  visit(body);
  const list = declaration?.parent;
  if (!declaration?.initializer || reads !== 1 || !list || !ts.isVariableDeclarationList(list) || !(list.flags & ts.NodeFlags.Const))
    return undefined;
  return declaration.initializer;
}

/** Whether a branch always leaves the function: `return ...`, `throw ...`, or a block that ends so. */
function exits(statement: ts.Statement): boolean {
  if (ts.isReturnStatement(statement) || ts.isThrowStatement(statement)) return true;
  if (ts.isBlock(statement)) {
    const last = statement.statements[statement.statements.length - 1];
    return last !== undefined && exits(last);
  }
  return false;
}

/** An expression without the parentheses, `await`, non-null assertions and type assertions around it. */
function bare(expression: ts.Expression): ts.Expression {
  let inner = unwrapExpression(expression);
  while (ts.isAwaitExpression(inner)) inner = unwrapExpression(inner.expression);
  return inner;
}
