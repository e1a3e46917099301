/**
 * What a handler registered for every method (`app.all()`, `fastify.all()`, `router.all()`) really answers.
 * Services register one handler for a path and refuse methods inside it — an RPC endpoint that takes POST
 * and GET only where its metadata allows (`if (request.method === "GET" && !endpoint.meta.allowGet) { reply.code(405);
 * return; }`), a webhook that takes POST alone — and a catch-all whose handler only answers 404 is the
 * not-found fallback, not an operation.
 */
import { unwrapExpression } from "../resolve/syntax.js";
import { ts } from "../typescript.js";
import { exits, type MethodTest, type MethodTests, methodTests } from "./method-tests.js";

export interface AnsweredMethods {
  /** The methods the handler lets through, in the order of `every`. */
  methods: string[];
  /**
   * Guards that refuse methods under a further condition apidex cannot read (`request.method === "GET" &&
   * !flags.get`): the methods they may refuse stay in `methods`.
   */
  undecided: { node: ts.Expression; methods: string[] }[];
}

/**
 * Reads the method guards at the top level of a handler's body:
 *
 * - `if (req.method !== "POST") return ...` (or `throw`): only the methods tested pass;
 * - `if (req.method === "GET") return ...`: the methods tested are refused;
 * - either joined by `&&` to another condition (`&& !endpoint.meta.allowGet`), which `condition` evaluates
 *   where the handler was created (a loop's entry): true applies the guard, false leaves it out, unknown
 *   keeps the methods and reports the guard as undecided;
 * - `switch (req.method)` or an `if`/`else if` chain over the method whose last branch answers 405 (Method Not
 *   Allowed): the methods named.
 *
 * Undefined when the handler tests no method at its top level (then it answers every one).
 */
export function readAnsweredMethods(
  fn: ts.FunctionLikeDeclaration,
  every: readonly string[],
  value: (node: ts.Expression) => string | undefined,
  condition: (node: ts.Expression) => boolean | undefined,
): AnsweredMethods | undefined {
  const body = fn.body;
  const tests = methodTests(fn, value);
  if (!body || !ts.isBlock(body) || !tests) return undefined;
  let answered = new Set(every);
  const undecided: AnsweredMethods["undecided"] = [];
  let read = false;
  // A guard `if (test) return` lets through the methods its test is false for.
  const apply = (test: MethodTest) => {
    read = true;
    answered = new Set([...answered].filter((m) => test.methods.has(m) === test.negated));
  };
  for (const statement of body.statements) {
    if (ts.isIfStatement(statement) && exits(statement.thenStatement)) {
      const whole = tests.testOf(statement.expression);
      if (whole) {
        apply(whole);
        continue;
      }
      const conjuncts = conjunctsOf(statement.expression);
      const methodParts = conjuncts.map((c) => tests.testOf(c));
      const at = methodParts.findIndex((t) => t !== undefined);
      if (at < 0 || methodParts.filter(Boolean).length > 1) continue;
      const test = methodParts[at]!;
      const others = conjuncts.filter((_, i) => i !== at).map((c) => condition(c));
      if (others.includes(false)) continue;
      if (others.includes(undefined)) {
        read = true;
        const refused = every.filter((m) => test.methods.has(m) !== test.negated);
        undecided.push({ node: statement.expression, methods: refused });
        continue;
      }
      apply(test);
      continue;
    }
    const named = dispatchedMethods(statement, tests);
    if (named) {
      read = true;
      answered = new Set([...answered].filter((m) => named.has(m)));
    }
  }
  if (!read) return undefined;
  return { methods: every.filter((m) => answered.has(m)), undecided };
}

/** `a && b && c` as [a, b, c]. */
function conjunctsOf(node: ts.Expression): ts.Expression[] {
  const inner = unwrapExpression(node);
  if (ts.isBinaryExpression(inner) && inner.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken)
    return [...conjunctsOf(inner.left), ...conjunctsOf(inner.right)];
  return [inner];
}

/**
 * The methods a dispatch over the request method names when the rest are refused with a 405:
 * `switch (req.method) { case "GET": ...; default: res.status(405) }` or
 * `if (req.method === "GET") ... else if (req.method === "POST") ... else res.status(405)`.
 */
function dispatchedMethods(statement: ts.Statement, tests: MethodTests): Set<string> | undefined {
  if (ts.isSwitchStatement(statement) && tests.isMethod(statement.expression)) {
    const fallback = statement.caseBlock.clauses.find((c) => ts.isDefaultClause(c));
    if (!fallback || !refusesMethod(fallback)) return undefined;
    const names = new Set<string>();
    for (const clause of statement.caseBlock.clauses)
      if (ts.isCaseClause(clause)) {
        const name = tests.methodName(clause.expression);
        if (!name) return undefined;
        names.add(name);
      }
    return names;
  }
  if (ts.isIfStatement(statement)) {
    const names = new Set<string>();
    let branch: ts.Statement | undefined = statement;
    while (branch && ts.isIfStatement(branch)) {
      const test = tests.testOf(branch.expression);
      if (!test || test.negated) return undefined;
      for (const m of test.methods) names.add(m);
      branch = branch.elseStatement;
    }
    return branch && refusesMethod(branch) ? names : undefined;
  }
  return undefined;
}

/** Whether a branch answers 405 Method Not Allowed (a literal 405 anywhere in it). */
function refusesMethod(node: ts.Node): boolean {
  let found = false;
  const visit = (n: ts.Node): void => {
    if (found) return;
    if (ts.isNumericLiteral(n) && n.text === "405") found = true;
    else ts.forEachChild(n, visit);
  };
  visit(node);
  return found;
}

/**
 * Whether a handler always answers "not found": straight-line code (no condition, loop or `try`, so nothing
 * else can be answered) that names the status 404 (a literal, or a `NOT_FOUND` / `NotFound` name:
 * `StatusCodes.NOT_FOUND`, `new NotFoundException()`, `next(createError.NotFound())`) and no other status.
 * On a catch-all path, that is the framework's not-found fallback, not an operation; a catch-all that
 * renders pages and answers 404 only for some (`if (!page) return res.status(404)`) stays one.
 */
export function answersNotFoundOnly(fn: ts.FunctionLikeDeclaration): boolean {
  if (!fn.body) return false;
  let notFound = false;
  let other = false;
  const visit = (n: ts.Node): void => {
    if (other) return;
    if (BRANCHING.has(n.kind) || (ts.isBinaryExpression(n) && SHORT_CIRCUIT.has(n.operatorToken.kind))) other = true;
    else if (ts.isNumericLiteral(n)) {
      const status = Number(n.text);
      if (status === 404) notFound = true;
      else if (status >= 100 && status < 600 && Number.isInteger(status)) other = true;
    } else if (ts.isIdentifier(n) && /^(NOT_FOUND|NotFound\w*|notFound\w*)$/.test(n.text)) notFound = true;
    ts.forEachChild(n, visit);
  };
  visit(fn.body);
  return notFound && !other;
}

const BRANCHING = new Set([
  ts.SyntaxKind.IfStatement,
  ts.SyntaxKind.SwitchStatement,
  ts.SyntaxKind.ConditionalExpression,
  ts.SyntaxKind.TryStatement,
  ts.SyntaxKind.ForStatement,
  ts.SyntaxKind.ForOfStatement,
  ts.SyntaxKind.ForInStatement,
  ts.SyntaxKind.WhileStatement,
  ts.SyntaxKind.DoStatement,
]);
const SHORT_CIRCUIT = new Set([ts.SyntaxKind.AmpersandAmpersandToken, ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken]);

/** Whether a raw route path matches everything below its prefix: `*`, `/*`, `/*splat`, `/{*splat}`, `(.*)`, `/:path*`. */
export const isCatchAllPath = (path: string): boolean => /^\/?(\*\w*|\{\*\w+\}|\(\.\*\)|:\w+(\*|\(\.\*\)))$/.test(path.trim());
