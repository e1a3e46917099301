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
