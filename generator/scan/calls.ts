import { ts } from "../typescript.js";

export type AnyCall = ts.CallExpression | ts.NewExpression;

const callsByFile = new WeakMap<ts.SourceFile, AnyCall[]>();

/** Syntax that holds no calls: type-only declarations, imports, and type nodes. */
function holdsNoCalls(kind: ts.SyntaxKind): boolean {
  return (
    kind === ts.SyntaxKind.InterfaceDeclaration ||
    kind === ts.SyntaxKind.TypeAliasDeclaration ||
    kind === ts.SyntaxKind.ImportDeclaration ||
    (kind >= ts.SyntaxKind.FirstTypeNode && kind <= ts.SyntaxKind.LastTypeNode)
  );
}

/**
 * Every call and `new` expression of a file, in source order, found in one walk that the handler-body
 * permission search, the app-factory search and the unreached sweep share. Type-only syntax holds no
 * calls and is not entered. Files the scan parsed were listed while their parents were set.
 */
export function callsOf(file: ts.SourceFile): AnyCall[] {
  let calls = callsByFile.get(file);
  if (calls) return calls;
  const found: AnyCall[] = [];
  const visit = (node: ts.Node): void => {
    const kind = node.kind;
    if (kind === ts.SyntaxKind.CallExpression || kind === ts.SyntaxKind.NewExpression) found.push(node as AnyCall);
    else if (kind <= ts.SyntaxKind.LastToken || holdsNoCalls(kind)) return;
    ts.forEachChild(node, visit);
  };
  visit(file);
  callsByFile.set(file, (calls = found));
  return calls;
}

/**
 * Sets the parent of every node of a file parsed without parent pointers and lists its calls, in one
 * walk: the parser's own parent pass (`setParentNodes`) walks every node with an allocated stack, and
 * `callsOf` would walk them all again. Files with JSDoc nodes are not for this walk (the parser's pass
 * also links JSDoc), so the scan parses those with parents as usual.
 */
export function linkParentsAndCalls(file: ts.SourceFile): void {
  const found: AnyCall[] = [];
  let parent: ts.Node = file;
  // Inside type-only syntax, calls are not listed (as in callsOf); parents are set everywhere.
  let listing = true;
  const visit = (node: ts.Node): void => {
    (node as { parent: ts.Node }).parent = parent;
    const kind = node.kind;
    // Tokens, identifiers and literals have no children.
    if (kind <= ts.SyntaxKind.LastToken) return;
    const wasListing = listing;
    if (kind === ts.SyntaxKind.CallExpression || kind === ts.SyntaxKind.NewExpression) {
      if (listing) found.push(node as AnyCall);
    } else if (listing && holdsNoCalls(kind)) {
      listing = false;
    }
    const outer = parent;
    parent = node;
    ts.forEachChild(node, visit);
    parent = outer;
    listing = wasListing;
  };
  ts.forEachChild(file, visit);
  callsByFile.set(file, found);
}

/**
 * The calls inside `node` (a function body) that `keep` accepts, in source order. A pre-order walk
 * lists calls by non-decreasing `pos`, and the calls inside a node are one run of that list: a binary
 * search finds where it starts, so a handler's body is not walked a second time.
 */
export function callsWithin(node: ts.Node, keep?: (call: AnyCall) => boolean): AnyCall[] {
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
    if (calls[i]!.end <= end && (!keep || keep(calls[i]!))) out.push(calls[i]!);
  }
  return out;
}
