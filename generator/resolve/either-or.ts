import { ts } from "../typescript.js";
import { answersOtherThanAccessRefusal } from "./refusal-status.js";
import { unwrapExpression } from "./syntax.js";

/**
 * Permission checks a body tests together so that the request stops only when none of them holds: with
 * `const own = hasPermission(perms, "createOwnTag"); const all = hasPermission(perms, "createTag")`,
 * `if (!own && !all) return res.sendStatus(403)` lets the request through with either key, and so does
 * `if (!(canRead(a) || canRead(b))) throw forbidden()`. Each group (two checks or more) is such a set of
 * calls, among `checks`; its keys are alternatives.
 *
 * Only what the syntax proves counts: the branch must exit (`return` or `throw`), every operand must be a
 * check call, or a `const` holding one that nothing else in the body reads except where that read cannot
 * refuse a caller for lacking the key (see `narrowingRead`), and no call may be in two groups. Anything
 * else leaves the checks as they are, each one required: the stricter reading.
 *
 * An operand that holds only together with more (`ownerId === me && hasPermission(p, "readOwn")`, or two
 * checks at once), or a key whose holder a later branch refuses for some requests' data, makes the group
 * `inexact`: each passing caller still holds one of its keys, but which key suffices depends on more than
 * the keys, which an `any_of` group cannot say.
 */
export function eitherOrGroups(body: ts.Node, checks: ReadonlySet<ts.Node>, options: EitherOrOptions = {}): EitherOrGroup[] {
  const groups: EitherOrGroup[] = [];
  const used = new Set<ts.Node>();
  const context: Context = { body, checks, ...(options.decide ? { decide: options.decide } : {}) };
  const add = (operands: readonly ts.Expression[] | undefined) => {
    const read = operands?.map((operand) => operandOf(operand, context));
    if (!read?.every((o): o is Operand => o !== undefined)) return;
    // One operand may stand for several alternatives (`const allowed = a(...) || b(...)`; `if (!allowed)
    // ...`); one alternative alone (`!(a(...) && b(...))`) is no group: each of its checks is required.
    if (read.reduce((sum, o) => sum + o.alternatives, 0) < 2) return;
    const calls = read.flatMap((o) => o.calls);
    const distinct = [...new Set(calls)];
    if (distinct.length !== calls.length || distinct.some((c) => used.has(c))) return;
    for (const c of distinct) used.add(c);
    const inexact = read.find((o) => o.inexact)?.inexact;
    groups.push({ calls: distinct, ...(inexact ? { inexact } : {}) });
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

/** Checks tested as alternatives: any one of their keys lets a caller through, exactly unless `inexact`. */
export interface EitherOrGroup {
  calls: ts.CallExpression[];
  /** Where, and why, a key of the group is not enough on its own (a clause for a warning). */
  inexact?: Inexact;
}

export interface Inexact {
  node: ts.Node;
  why: string;
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

interface Context {
  body: ts.Node;
  checks: ReadonlySet<ts.Node>;
  decide?: (condition: ts.Expression) => boolean | undefined;
}

/** What one operand of a group stands for: its check calls, and why one of them is not enough alone. */
interface Operand {
  calls: ts.CallExpression[];
  /** How many alternatives it stands for (`a || b`: two; `a && b`: one). */
  alternatives: number;
  inexact?: Inexact;
}

/**
 * The check calls an operand stands for: the call itself, or a `const` holding one, or holding alternatives
 * (`const allowed = a(...) || b(...)`, through a `?:` whose condition is known). An alternative may hold only
 * with more: `ownerId === me && hasPermission(p, "readOwn")` (a condition that tests no key), or two checks
 * at once; the operand is then inexact.
 */
function operandOf(operand: ts.Expression, context: Context): Operand | undefined {
  const inner = bare(operand);
  if (ts.isCallExpression(inner)) return context.checks.has(inner) ? { calls: [inner], alternatives: 1 } : undefined;
  let terms = [inner];
  let inexact: Inexact | undefined;
  if (ts.isIdentifier(inner)) {
    const held = heldBy(inner, context);
    if (!held) return undefined;
    terms = alternatives(decided(held.initializer, context.decide));
    inexact = held.inexact;
  }
  const calls: ts.CallExpression[] = [];
  for (const term of terms) {
    const conjuncts = conjunctsOf(term);
    const termCalls = conjuncts.filter((c): c is ts.CallExpression => ts.isCallExpression(c) && context.checks.has(c));
    // A conjunct that is no check must test no key either: `hasPermission(a) && canEdit(user)` with a
    // check inside `canEdit(...)` is not read.
    const others = conjuncts.filter((c) => !termCalls.includes(c as ts.CallExpression));
    if (!termCalls.length || others.some((c) => holdsCheck(c, context.checks))) return undefined;
    calls.push(...termCalls);
    if (inexact) continue;
    if (others.length)
      inexact = {
        node: term,
        why: `a key among them lets the request through only when \`${excerpt(others[0]!)}\` also holds, so it is enough for some requests, not all`,
      };
    else if (termCalls.length > 1) inexact = { node: term, why: `one side needs several keys at once (\`${excerpt(term)}\`)` };
  }
  return { calls, alternatives: terms.length, ...(inexact ? { inexact } : {}) };
}

/** The conjuncts of `a && b && c` (one for anything else), bare. */
function conjunctsOf(expression: ts.Expression): ts.Expression[] {
  const inner = bare(expression);
  if (ts.isBinaryExpression(inner) && inner.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken)
    return [...conjunctsOf(inner.left), ...conjunctsOf(inner.right)];
  return [inner];
}

/** Whether an expression calls one of the checks anywhere in it. */
function holdsCheck(node: ts.Node, checks: ReadonlySet<ts.Node>): boolean {
  return checks.has(node) || (ts.forEachChild(node, (child) => holdsCheck(child, checks) || undefined) ?? false);
}

/**
 * The initializer of the `const` an identifier names, when the body declares it once and reads it nowhere
 * else but in branches that only narrow what a holder of the key may do (`narrowingRead`).
 */
function heldBy(inner: ts.Identifier, context: Context): { initializer: ts.Expression; inexact?: Inexact } | undefined {
  let declaration: ts.VariableDeclaration | undefined;
  let shadowed = false;
  const reads: ts.Identifier[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === inner.text) {
      // Two declarations of the name (shadowing): which one the operand reads is not worth proving.
      if (declaration) shadowed = true;
      declaration = node;
      if (node.initializer) visit(node.initializer);
      return;
    }
    if (ts.isIdentifier(node) && node.text === inner.text) reads.push(node);
    ts.forEachChild(node, visit);
  };
  visit(context.body);
  const list = declaration?.parent;
  if (shadowed || !declaration?.initializer || !list || !ts.isVariableDeclarationList(list) || !(list.flags & ts.NodeFlags.Const))
    return undefined;
  let inexact: Inexact | undefined;
  for (const read of reads) {
    if (read === inner) continue;
    const narrowing = narrowingRead(read, context);
    if (!narrowing) return undefined;
    inexact ??= narrowing.inexact;
  }
  return { initializer: declaration.initializer, ...(inexact ? { inexact } : {}) };
}

/**
 * Whether a read of a check's `const` elsewhere in the body cannot refuse a caller for lacking its key on its
 * own, proved from the syntax: the read (`own`, or `!own`) is a conjunct of an `if` (no `else`, not in a
 * nested function), and whatever that branch does happens only under a condition on the request's data — a
 * conjunct that reads one of the function's parameters and tests no key, in that `if` or in each `if` its
 * branch is made of (`if (own && !all && body.userId !== me) throw ...`, or `if (own && !all) { if
 * (body.userId !== me) throw ... }`). Whether a caller holds the key or not, that branch then stops them only
 * for some requests: a caller holding only one key of the group gets through with the others, so each key is
 * still an alternative, never a required key.
 *
 * When the branch can answer a refusal for lacking access there (a 401 or 403, or a status apidex cannot
 * read, or a call that may throw one), a key is enough only for some requests: `inexact`. When every way
 * out of it provably answers another status (a 400 about the body, a 404), the branch is validation of the
 * request, and the group stays exact. (The status alone proves nothing: `if (own && !all) throw new
 * BadRequestException()` refuses every caller who holds only `own`, so without a data condition the read
 * keeps the stricter reading, whatever it answers.)
 */
function narrowingRead(read: ts.Identifier, context: Context): { inexact?: Inexact } | undefined {
  // The read as a conjunct: `own`, or `!all` (then the branch happens only to callers who lack the key).
  const conjunct: ts.Expression =
    ts.isPrefixUnaryExpression(read.parent) && read.parent.operator === ts.SyntaxKind.ExclamationToken ? read.parent : read;
  let condition: ts.Expression = conjunct;
  while (ts.isBinaryExpression(condition.parent) && condition.parent.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken)
    condition = condition.parent;
  while (ts.isParenthesizedExpression(condition.parent)) {
    condition = condition.parent;
    while (ts.isBinaryExpression(condition.parent) && condition.parent.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken)
      condition = condition.parent;
  }
  const statement = condition.parent;
  if (!ts.isIfStatement(statement) || statement.expression !== condition || statement.elseStatement) return undefined;
  if (!conjunctsOf(condition).includes(conjunct) || inNestedFunction(statement, context.body)) return undefined;
  const fn = context.body.parent;
  const parameters = new Set(fn && ts.isFunctionLike(fn) ? fn.parameters.flatMap((p) => namesOf(p.name)) : []);
  const overData = (s: ts.IfStatement) => conjunctsOf(s.expression).some((c) => testsRequestData(c, parameters, context.checks));
  let branches: ts.Statement[];
  if (overData(statement)) branches = [statement.thenStatement];
  else {
    const inside = ts.isBlock(statement.thenStatement) ? [...statement.thenStatement.statements] : [statement.thenStatement];
    if (!inside.length || !inside.every((s): s is ts.IfStatement => ts.isIfStatement(s) && !s.elseStatement && overData(s)))
      return undefined;
    branches = inside.map((s) => s.thenStatement);
  }
  if (branches.every(answersOnlyOtherStatuses)) return {};
  return {
    inexact: {
      node: statement,
      why: `a caller holding one key of them may still be refused there for the request's data (\`if (${excerpt(statement.expression)})\` can answer 401/403, or a status apidex cannot read)`,
    },
  };
}

/** Whether a conjunct tests the request's data: it reads a parameter of the function and tests no key. */
function testsRequestData(conjunct: ts.Expression, parameters: ReadonlySet<string>, checks: ReadonlySet<ts.Node>): boolean {
  if (holdsCheck(conjunct, checks)) return false;
  let reads = false;
  let nested = false;
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node)) nested = true;
    else if (ts.isIdentifier(node) && parameters.has(node.text) && !isPropertyName(node)) reads = true;
    ts.forEachChild(node, visit);
  };
  visit(conjunct);
  // A callback's own parameter may shadow the function's: not worth proving which one it reads.
  return reads && !nested;
}

/**
 * Whether every way out of a branch provably answers a status other than 401/403, and nothing in it is a
 * call outside those answers (a call may throw a refusal apidex does not read).
 */
function answersOnlyOtherStatuses(branch: ts.Statement): boolean {
  let proven = true;
  const visit = (node: ts.Node): void => {
    if (!proven) return;
    if (ts.isReturnStatement(node) || ts.isThrowStatement(node)) {
      if (!answersOtherThanAccessRefusal(node)) proven = false;
      return;
    }
    if (ts.isCallExpression(node) || ts.isNewExpression(node) || ts.isFunctionLike(node)) {
      proven = false;
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(branch);
  return proven;
}

function inNestedFunction(node: ts.Node, body: ts.Node): boolean {
  for (let at = node.parent; at && at !== body; at = at.parent) if (ts.isFunctionLike(at)) return true;
  return false;
}

function isPropertyName(node: ts.Identifier): boolean {
  const parent = node.parent;
  return (
    (ts.isPropertyAccessExpression(parent) && parent.name === node) ||
    (ts.isPropertyAssignment(parent) && parent.name === node) ||
    (ts.isQualifiedName(parent) && parent.right === node)
  );
}

function namesOf(name: ts.BindingName): string[] {
  if (ts.isIdentifier(name)) return [name.text];
  return name.elements.flatMap((element) => (ts.isOmittedExpression(element) ? [] : namesOf(element.name)));
}

/** A short excerpt of an expression, for a warning. */
function excerpt(node: ts.Node): string {
  const text = node.getText().replace(/\s+/g, " ");
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
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
