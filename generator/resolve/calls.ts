import { ts } from "../typescript.js";

export type AnyCall = ts.CallExpression | ts.NewExpression;

const callsByFile = new WeakMap<ts.SourceFile, AnyCall[]>();

/**
 * Every call and `new` expression of a file, in source order, found in one walk that the handler-body
 * permission search, the app-factory search and the unreached sweep share. Type-only syntax holds no
 * calls and is not entered.
 */
export function callsOf(file: ts.SourceFile): AnyCall[] {
  let calls = callsByFile.get(file);
  if (calls) return calls;
  const found: AnyCall[] = [];
  const visit = (node: ts.Node): void => {
    const kind = node.kind;
    if (kind === ts.SyntaxKind.CallExpression || kind === ts.SyntaxKind.NewExpression) found.push(node as AnyCall);
    else if (kind === ts.SyntaxKind.InterfaceDeclaration || kind === ts.SyntaxKind.TypeAliasDeclaration || kind === ts.SyntaxKind.ImportDeclaration || (kind >= ts.SyntaxKind.FirstTypeNode && kind <= ts.SyntaxKind.LastTypeNode)) return;
    ts.forEachChild(node, visit);
  };
  visit(file);
  callsByFile.set(file, (calls = found));
  return calls;
}

/**
 * The calls inside `node` (a function body), in source order. A pre-order walk lists calls by
 * non-decreasing `pos`, and the calls inside a node are one run of that list: a binary search finds
 * where it starts, so a handler's body is not walked a second time.
 */
export function callsWithin(node: ts.Node): AnyCall[] {
  const calls = callsOf(node.getSourceFile());
  const { pos, end } = node;
  let low = 0;
  let high = calls.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (calls[mid]!.pos < pos) low = mid + 1;
    else high = mid;
  }
  const out: AnyCall[] = [];
  for (let i = low; i < calls.length && calls[i]!.pos < end; i++) {
    // A call that starts inside the node ends inside it; the check only guards against a call that
    // starts where the node does and encloses it.
    if (calls[i]!.end <= end) out.push(calls[i]!);
  }
  return out;
}
