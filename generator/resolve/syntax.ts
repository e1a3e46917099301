import { ts } from "../typescript.js";

/**
 * The expression without the wrappers that do not change its value at run time: parentheses, `as`,
 * `satisfies`, `!` and `<T>` assertions. Every reader of route arguments and schema values looks through them.
 */
export function unwrapExpression(node: ts.Expression): ts.Expression {
  let inner = node;
  while (
    ts.isParenthesizedExpression(inner) ||
    ts.isAsExpression(inner) ||
    ts.isSatisfiesExpression(inner) ||
    ts.isNonNullExpression(inner) ||
    ts.isTypeAssertionExpression(inner)
  )
    inner = inner.expression;
  return inner;
}

/** What a function returns as written: its expression body, or the first `return` at the top of its block. */
export function returnedExpression(fn: ts.FunctionLikeDeclaration): ts.Expression | undefined {
  const body = fn.body;
  if (!body) return undefined;
  if (!ts.isBlock(body)) return body;
  return body.statements.find(ts.isReturnStatement)?.expression;
}

export function isFunctionLike(node: ts.Node): node is ts.FunctionLikeDeclaration {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node)
  );
}

/** The innermost function a node is in (undefined at a module's top level). */
export function enclosingFunction(node: ts.Node): ts.FunctionLikeDeclaration | undefined {
  for (let current = node.parent; current; current = current.parent) if (isFunctionLike(current)) return current;
  return undefined;
}

/** The first property named `name` written below `node` (a site for what it holds). */
export function findProperty(node: ts.Node, name: string): ts.Node | undefined {
  let found: ts.Node | undefined;
  const visit = (n: ts.Node): void => {
    if (found) return;
    if (
      (ts.isPropertyAssignment(n) || ts.isMethodDeclaration(n) || ts.isShorthandPropertyAssignment(n)) &&
      (ts.isIdentifier(n.name) || ts.isStringLiteral(n.name)) &&
      n.name.text === name
    ) {
      found = n;
      return;
    }
    ts.forEachChild(n, visit);
  };
  visit(node);
  return found;
}

/**
 * The initializer of a module's top-level variable `name` (`const`, `let` or `var`; only a `const` when
 * `constOnly`, for a value that cannot have changed since).
 */
export function topLevelInitializer(file: ts.SourceFile, name: string, constOnly = false): ts.Expression | undefined {
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement) || (constOnly && !(statement.declarationList.flags & ts.NodeFlags.Const))) continue;
    for (const d of statement.declarationList.declarations)
      if (ts.isIdentifier(d.name) && d.name.text === name && d.initializer) return d.initializer;
  }
  return undefined;
}
