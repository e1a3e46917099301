import type { ts as Ts } from "ts-morph";
import { ts } from "../../typescript.js";
import { isFunctionLike } from "../../resolve/interpreter.js";
import { unwrapExpression } from "../../resolve/syntax.js";

/** The methods a Pages Router handler answers when it does not say: every one an API client uses. */
export const EVERY_METHOD = ["GET", "POST", "PUT", "PATCH", "DELETE"];

/** What a handler's `req.method` tests say. */
export interface MethodReading {
  /** The methods it answers. */
  methods: string[];
  /** The methods a node of its body runs for (a check in a `case "POST":` runs for POST only). */
  methodsAt(node: ts.Node): string[];
}

/** A test of the request method: true for the methods in `methods` (or, negated, for all the others). */
interface MethodTest {
  methods: Set<string>;
  negated: boolean;
}

/**
 * Reads which methods a Pages Router handler (`(req, res) => ...`) answers, from how it tests
 * `req.method` (also through `const { method } = req` and `const method = req.method`):
 *
 * - `switch (req.method) { case "GET": ... }`: the case labels (`default` answers nothing more);
 * - `if (req.method === "POST")`, `==`, `!==`, `||` of these, `["GET", "POST"].includes(req.method)`: the methods tested;
 * - a guard at the top of the body, `if (req.method !== "GET") return ...` (`&&` of these, `!list.includes(...)`)
 *   that returns or throws: exactly the methods it lets through.
 *
 * `value` reads a compared expression that is not a string literal (a const, an enum member).
 * Undefined when the handler tests no method (then it answers any).
 */
export function readRequestMethods(
  fn: ts.FunctionLikeDeclaration,
  value: (node: ts.Expression) => string | undefined,
): MethodReading | undefined {
  const body = fn.body;
  const request = fn.parameters[0];
  if (!body || !request) return undefined;
  const aliases = new Set<string>(); // names bound to req.method
  let requestName: string | undefined;
  if (ts.isIdentifier(request.name)) requestName = request.name.text;
  else if (ts.isObjectBindingPattern(request.name)) addMethodBindings(request.name, aliases);

  const isMethod = (node: ts.Expression): boolean => {
    const inner = unwrapExpression(node);
    if (ts.isIdentifier(inner)) return aliases.has(inner.text);
    if ((ts.isPropertyAccessExpression(inner) || ts.isPropertyAccessChain(inner)) && inner.name.text === "method") {
      const object = unwrapExpression(inner.expression);
      return ts.isIdentifier(object) && object.text === requestName;
    }
    // `req.method.toUpperCase()`, `req.method?.toLowerCase()`
    if (
      ts.isCallExpression(inner) &&
      ts.isPropertyAccessExpression(inner.expression) &&
      /^to(Upper|Lower)Case$/.test(inner.expression.name.text)
    )
      return isMethod(inner.expression.expression);
    return false;
  };
  const methodName = (node: ts.Expression): string | undefined => {
    const inner = unwrapExpression(node);
    const text = ts.isStringLiteralLike(inner) ? inner.text : value(inner);
    return text === undefined ? undefined : text.toUpperCase();
  };
  const testOf = (node: ts.Expression): MethodTest | undefined => {
    const inner = unwrapExpression(node);
    if (ts.isPrefixUnaryExpression(inner) && inner.operator === ts.SyntaxKind.ExclamationToken) {
      const test = testOf(inner.operand);
      return test ? { methods: test.methods, negated: !test.negated } : undefined;
    }
    if (ts.isBinaryExpression(inner)) {
      const op = inner.operatorToken.kind;
      if (
        op === ts.SyntaxKind.EqualsEqualsEqualsToken ||
        op === ts.SyntaxKind.EqualsEqualsToken ||
        op === ts.SyntaxKind.ExclamationEqualsEqualsToken ||
        op === ts.SyntaxKind.ExclamationEqualsToken
      ) {
        const other = isMethod(inner.left) ? inner.right : isMethod(inner.right) ? inner.left : undefined;
        const name = other ? methodName(other) : undefined;
        if (!name) return undefined;
        return {
          methods: new Set([name]),
          negated: op === ts.SyntaxKind.ExclamationEqualsEqualsToken || op === ts.SyntaxKind.ExclamationEqualsToken,
        };
      }
      if (op === ts.SyntaxKind.BarBarToken || op === ts.SyntaxKind.AmpersandAmpersandToken) {
        const left = testOf(inner.left);
        const right = testOf(inner.right);
        // `a === "GET" || a === "POST"`; `a !== "GET" && a !== "POST"` (the same test, negated)
        if (left && right && left.negated === right.negated && left.negated === (op === ts.SyntaxKind.AmpersandAmpersandToken))
          return { methods: new Set([...left.methods, ...right.methods]), negated: left.negated };
        return undefined;
      }
    }
    // `["GET", "POST"].includes(req.method)`
    if (
      ts.isCallExpression(inner) &&
      ts.isPropertyAccessExpression(inner.expression) &&
      inner.expression.name.text === "includes" &&
      inner.arguments[0] &&
      isMethod(inner.arguments[0])
    ) {
      const list = unwrapExpression(inner.expression.expression);
      if (!ts.isArrayLiteralExpression(list)) return undefined;
      const names = list.elements.map((e) => (ts.isSpreadElement(e) ? undefined : methodName(e)));
      if (names.some((n) => n === undefined)) return undefined;
      return { methods: new Set(names as string[]), negated: false };
    }
    return undefined;
  };

  // Aliases first: `const { method } = req`, `const method = req.method`.
  const collectAliases = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && node.initializer) {
      const init = unwrapExpression(node.initializer);
      if (ts.isObjectBindingPattern(node.name) && ts.isIdentifier(init) && init.text === requestName) addMethodBindings(node.name, aliases);
      else if (ts.isIdentifier(node.name) && isMethod(init)) aliases.add(node.name.text);
    }
    ts.forEachChild(node, collectAliases);
  };
  collectAliases(body);

  const tested = new Set<string>();
  let guard: Set<string> | undefined;
  const switches = new Set<Ts.SwitchStatement>();
  const visit = (node: ts.Node): void => {
    if (ts.isSwitchStatement(node) && isMethod(node.expression)) {
      switches.add(node);
      for (const clause of node.caseBlock.clauses) {
        if (ts.isCaseClause(clause)) {
          const name = methodName(clause.expression);
          if (name) tested.add(name);
        }
      }
    } else if (ts.isIfStatement(node) || ts.isConditionalExpression(node)) {
      const test = testOf(ts.isIfStatement(node) ? node.expression : node.condition);
      if (test) for (const m of test.methods) tested.add(m);
    }
    ts.forEachChild(node, visit);
  };
  visit(body);
  // Guards: top-level `if (not one of these) return/throw`.
  if (ts.isBlock(body)) {
    for (const statement of body.statements) {
      if (!ts.isIfStatement(statement) || !exits(statement.thenStatement)) continue;
      const test = testOf(statement.expression);
      if (!test?.negated) continue;
      guard = guard ? new Set([...guard].filter((m) => test.methods.has(m))) : new Set(test.methods);
    }
  }
  const served = guard ?? (tested.size ? tested : undefined);
  if (!served) return undefined;
  const methods = [...served].sort();

  const methodsAt = (node: ts.Node): string[] => {
    for (let child: ts.Node = node, parent = node.parent; parent && child !== body; child = parent, parent = parent.parent) {
      if (ts.isCaseClause(parent) || ts.isDefaultClause(parent)) {
        const block = parent.parent;
        const switchStatement = block.parent;
        if (!switches.has(switchStatement)) continue;
        const clauses = block.clauses;
        const index = clauses.indexOf(parent);
        // Empty clauses just before this one fall through into it.
        let first = index;
        while (first > 0 && clauses[first - 1]!.statements.length === 0) first--;
        const group = clauses.slice(first, index + 1);
        if (group.some((c) => ts.isDefaultClause(c))) {
          const labelled = new Set(clauses.flatMap((c) => (ts.isCaseClause(c) ? [methodName(c.expression)] : [])));
          return methods.filter((m) => !labelled.has(m));
        }
        const names = new Set(group.map((c) => methodName((c as Ts.CaseClause).expression)));
        return methods.filter((m) => names.has(m));
      }
      if (
        (ts.isIfStatement(parent) && (child === parent.thenStatement || child === parent.elseStatement)) ||
        (ts.isConditionalExpression(parent) && (child === parent.whenTrue || child === parent.whenFalse))
      ) {
        const test = testOf(ts.isIfStatement(parent) ? parent.expression : parent.condition);
        if (!test) continue;
        const inThen = ts.isIfStatement(parent) ? child === parent.thenStatement : child === parent.whenTrue;
        const runsFor = inThen !== test.negated; // the branch runs for the tested methods
        return methods.filter((m) => test.methods.has(m) === runsFor);
      }
      if (isFunctionLike(parent) && parent === fn) break;
    }
    return methods;
  };
  return { methods, methodsAt };
}

function addMethodBindings(pattern: Ts.ObjectBindingPattern, aliases: Set<string>): void {
  for (const element of pattern.elements) {
    const property = element.propertyName ?? element.name;
    if (ts.isIdentifier(property) && property.text === "method" && ts.isIdentifier(element.name)) aliases.add(element.name.text);
  }
}

/** Whether a branch always leaves the handler: it returns or throws (at its end, or is that statement). */
function exits(statement: ts.Statement): boolean {
  if (ts.isReturnStatement(statement) || ts.isThrowStatement(statement)) return true;
  if (ts.isBlock(statement)) {
    const last = statement.statements[statement.statements.length - 1];
    return last !== undefined && exits(last);
  }
  return false;
}
