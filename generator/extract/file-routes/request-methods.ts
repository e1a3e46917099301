import type { ts as Ts } from "ts-morph";
import { ts } from "../../typescript.js";
import { isFunctionLike } from "../../resolve/interpreter.js";
import { answersStatus } from "../answered-methods.js";
import { forEachChildAlwaysRun, mayLeave } from "../always-runs.js";
import { exits, methodTests } from "../method-tests.js";

/** The methods a Pages Router handler answers when it does not say: every one an API client uses. */
export const EVERY_METHOD = ["GET", "POST", "PUT", "PATCH", "DELETE"];

/** What a handler's `req.method` tests say. */
export interface MethodReading {
  /** The methods it answers. */
  methods: string[];
  /**
   * It also answers methods it does not test: the last branch of an `if`/`else if` chain over the method, or
   * what its body does after branches that answered their methods and left (`if (req.method === "POST")
   * return ...; return res.json(list)`), answers any other method, and refuses none (no 405 or 404).
   */
  open?: true;
  /**
   * The methods a node of its body runs for (a check in a `case "POST":` runs for POST only), of `among`
   * (the methods it answers, unless the caller read them otherwise).
   */
  methodsAt(node: ts.Node, among?: readonly string[]): string[];
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
  /** Reads a list the method is looked up in that is not an array literal (a wrapper's `cfg.methods.includes(req.method)`). */
  list?: (node: ts.Expression) => string[] | undefined,
  /** The function a called name is (`return methodNotAllowed(res)`), to see whether it refuses. */
  callee?: (node: ts.Expression) => ts.FunctionLikeDeclaration | undefined,
  /** The handler is a Lambda function's: its first parameter is an API Gateway event (methodTests). */
  lambdaEvent = false,
): MethodReading | undefined {
  const body = fn.body;
  const reader = methodTests(fn, value, list, lambdaEvent);
  if (!body || !reader) return undefined;
  const { isMethod, methodName, testOf } = reader;

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
  // Guards: top-level `if (not one of these) return/throw`. A method an earlier branch answered and left
  // with (`if (req.method === "POST") { ...; return res.json(x) }`) never reaches a later guard.
  if (ts.isBlock(body)) {
    const answeredEarly = new Set<string>();
    for (const statement of body.statements) {
      if (!ts.isIfStatement(statement) || !exits(statement.thenStatement)) continue;
      const test = testOf(statement.expression);
      if (test && !test.negated) for (const m of test.methods) answeredEarly.add(m);
      if (!test?.negated) continue;
      const passes = new Set([...test.methods, ...answeredEarly]);
      guard = guard ? new Set([...guard].filter((m) => passes.has(m))) : passes;
    }
  }
  const served = guard ?? (tested.size ? tested : undefined);
  if (!served) return undefined;
  const methods = [...served].sort();
  const open = !guard && ts.isBlock(body) && answersOthers(body, testOf, callee);

  /**
   * The methods that reach a top-level statement of the body: not those an earlier `if` over the method
   * answered and left with (`if (req.method === "POST") { ...; return }`).
   */
  const reaching = (statement: ts.Node, among: readonly string[]): string[] => {
    if (!ts.isBlock(body)) return [...among];
    const left = new Set<string>();
    for (const earlier of body.statements) {
      if (earlier === statement) break;
      if (!ts.isIfStatement(earlier) || !exits(earlier.thenStatement)) continue;
      const test = testOf(earlier.expression);
      if (test && !test.negated) for (const m of test.methods) left.add(m);
    }
    return among.filter((m) => !left.has(m));
  };
  const methodsAt = (node: ts.Node, among: readonly string[] = methods): string[] => {
    for (let child: ts.Node = node, parent = node.parent; parent && child !== body; child = parent, parent = parent.parent) {
      if (parent === body) return reaching(child, among);
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
          return among.filter((m) => !labelled.has(m));
        }
        const names = new Set(group.map((c) => methodName((c as Ts.CaseClause).expression)));
        return among.filter((m) => names.has(m));
      }
      if (
        (ts.isIfStatement(parent) && (child === parent.thenStatement || child === parent.elseStatement)) ||
        (ts.isConditionalExpression(parent) && (child === parent.whenTrue || child === parent.whenFalse))
      ) {
        const test = testOf(ts.isIfStatement(parent) ? parent.expression : parent.condition);
        if (!test) continue;
        const inThen = ts.isIfStatement(parent) ? child === parent.thenStatement : child === parent.whenTrue;
        const runsFor = inThen !== test.negated; // the branch runs for the tested methods
        // (And for those the branches around it run for: the last `else` of an `else if` chain.)
        among = among.filter((m) => test.methods.has(m) === runsFor);
      }
      if (isFunctionLike(parent) && parent === fn) break;
    }
    return [...among];
  };
  return { methods, methodsAt, ...(open ? { open: true as const } : {}) };
}

/**
 * Whether a handler body answers methods it does not test: a top-level `if`/`else if` chain of method tests
 * whose last `else` answers (refuses nothing), or, after top-level branches over the method, a last statement
 * that answers. Those branches may leave (`if (req.method === "POST") return ...`) or go on to it (`if
 * (req.method === "POST") check(req); return res.json(x)`, a CORS preflight `if (req.method === "OPTIONS")
 * res.setHeader(...)`): either way the methods they do not take reach that statement and are answered.
 */
function answersOthers(
  body: ts.Block,
  testOf: (node: ts.Expression) => { negated: boolean } | undefined,
  callee?: (node: ts.Expression) => ts.FunctionLikeDeclaration | undefined,
): boolean {
  let dispatched = false;
  for (const statement of body.statements) {
    if (!ts.isIfStatement(statement)) continue;
    const test = testOf(statement.expression);
    if (!test || test.negated) continue;
    let branch: ts.Statement | undefined = statement;
    while (branch && ts.isIfStatement(branch) && testOf(branch.expression)?.negated === false) branch = branch.elseStatement;
    if (branch && !ts.isIfStatement(branch)) return !refuses(branch, callee);
    dispatched = true;
  }
  const last = body.statements[body.statements.length - 1];
  return (
    dispatched &&
    last !== undefined &&
    (ts.isReturnStatement(last) || ts.isExpressionStatement(last)) &&
    !refuses(last, callee) &&
    !(ts.isReturnStatement(last) && !last.expression)
  );
}

/**
 * Whether a branch refuses the methods that reach it:
 *
 * - it answers "method not allowed" anywhere (a 405, also in a helper of the sources it calls, or words such as
 *   "unsupported method"): only a refusal of the method says that;
 * - or, on the way every request through it takes, it answers "not found" (a 404, "not found") or throws. A
 *   404 under a condition of the branch (`if (!found) return res.status(404)`, after `if (name)`) answers
 *   about the item asked for: the branch still serves the method.
 */
function refuses(node: ts.Statement, callee?: (node: ts.Expression) => ts.FunctionLikeDeclaration | undefined): boolean {
  if (answersStatus(node, (status) => status === 405, callee)) return true;
  let named = false;
  const visit = (n: ts.Node): void => {
    if (named) return;
    if (ts.isStringLiteralLike(n) && METHOD_REFUSAL.test(n.text)) named = true;
    else ts.forEachChild(n, visit);
  };
  visit(node);
  return named || alwaysRefuses(node, callee);
}

/** Words of an answer that refuses the request's method. */
const METHOD_REFUSAL = /method not allowed|(invalid|unsupported|unknown) (http )?method|not supported/i;

/**
 * Whether every request through a statement meets a 404, a "not found" or a throw: one of its statements in
 * order, read up to the first that may leave under a condition (what follows it runs for some requests only),
 * or an `if` both of whose branches do.
 */
function alwaysRefuses(node: ts.Statement, callee?: (node: ts.Expression) => ts.FunctionLikeDeclaration | undefined): boolean {
  for (const statement of ts.isBlock(node) ? node.statements : [node]) {
    if (ts.isBlock(statement) ? alwaysRefuses(statement, callee) : refusesWhenRun(statement, callee)) return true;
    if (
      ts.isIfStatement(statement) &&
      statement.elseStatement &&
      alwaysRefuses(statement.thenStatement, callee) &&
      alwaysRefuses(statement.elseStatement, callee)
    )
      return true;
    if (mayLeave(statement)) return false;
  }
  return false;
}

/**
 * Whether the parts of a statement that run whenever it runs (forEachChildAlwaysRun) throw (`throw`, Koa's
 * `ctx.throw(...)`) or answer "not found": a 404 (also in the body of a helper of the sources it calls, one
 * call deep) or the words "not found" (`res.notFound("no such export")`).
 */
function refusesWhenRun(node: ts.Node, callee?: (node: ts.Expression) => ts.FunctionLikeDeclaration | undefined): boolean {
  let found = false;
  const visit = (n: ts.Node, deep: boolean): void => {
    if (found) return;
    if (ts.isThrowStatement(n) || (ts.isNumericLiteral(n) && Number(n.text) === 404)) found = true;
    else if (ts.isStringLiteralLike(n) && /not found/i.test(n.text)) found = true;
    else if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression) && n.expression.name.text === "throw") found = true;
    else {
      if (deep && callee && ts.isCallExpression(n)) {
        const body = callee(n.expression)?.body;
        if (body) visit(body, false);
      }
      forEachChildAlwaysRun(n, (c) => visit(c, deep));
    }
  };
  visit(node, true);
  return found;
}
