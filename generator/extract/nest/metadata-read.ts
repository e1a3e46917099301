import { ts } from "../../typescript.js";

/**
 * The expression that holds what a metadata read gives, past what does not change it: parentheses, `as`, `!`
 * and a default for a missing value (`reflector.get(KEY, handler) ?? []`, `|| []`).
 */
export function readValueNode(read: ts.CallExpression): ts.Node {
  let node: ts.Node = read;
  while (
    ts.isParenthesizedExpression(node.parent) ||
    ts.isAsExpression(node.parent) ||
    ts.isNonNullExpression(node.parent) ||
    (ts.isBinaryExpression(node.parent) &&
      node.parent.left === node &&
      (node.parent.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken ||
        node.parent.operatorToken.kind === ts.SyntaxKind.BarBarToken))
  )
    node = node.parent;
  return node;
}
