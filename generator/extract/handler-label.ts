/**
 * The name an author gave a route's handler: what `summaryFromHandler` (model/handler-summary.ts) reads for
 * an undocumented operation. Only names written in the sources count, never one apidex makes up.
 */
import { ts } from "../typescript.js";

/**
 * A function's own name, or the name of the variable, property or method it is assigned to (`const
 * getLeads = async (req, res) => ...`, `{ getLeads: (req, res) => ... }`), also through one wrapper call
 * (`const getLeads = asyncHandler(async (req, res) => ...)`). An arrow written inline in the registration
 * has none.
 *
 * @example
 * // const getAllLeadsForChatflow = async (req, res) => { ... }
 * handlerLabel(arrow) // "getAllLeadsForChatflow"
 */
export function handlerLabel(fn: ts.FunctionLikeDeclaration | undefined): string | undefined {
  if (!fn) return undefined;
  if ((ts.isFunctionDeclaration(fn) || ts.isMethodDeclaration(fn) || ts.isFunctionExpression(fn)) && fn.name) return nameText(fn.name);
  let at: ts.Node = fn;
  // One wrapper: `asyncHandler(fn)`, `withAuth(fn)`; the wrapper's result is what is named.
  if (ts.isCallExpression(at.parent) && at.parent.arguments.includes(at as ts.Expression)) at = at.parent;
  while (ts.isParenthesizedExpression(at.parent) || ts.isAsExpression(at.parent) || ts.isSatisfiesExpression(at.parent)) at = at.parent;
  const parent = at.parent;
  if (
    (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) &&
    parent.initializer === at
  )
    return nameText(parent.name);
  return undefined;
}

function nameText(name: ts.Node): string | undefined {
  return ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isPrivateIdentifier(name) ? name.text.replace(/^#/, "") : undefined;
}
