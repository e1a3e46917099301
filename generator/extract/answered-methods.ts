/**
 * What a handler registered for every method (`app.all()`, `fastify.all()`, `router.all()`) really answers.
 * Services register one handler for a path and refuse methods inside it — an RPC endpoint that takes POST
 * and GET only where its metadata allows (`if (request.method === "GET" && !endpoint.meta.allowGet) { reply.code(405);
 * return; }`), a webhook that takes POST alone — and a catch-all whose handler only answers 404 is the
 * not-found fallback, not an operation.
 */
import type { Interpreter } from "../resolve/interpreter.js";
import { forEachChildAlwaysRun } from "./always-runs.js";
import { unwrapExpression } from "../resolve/syntax.js";
import type { FunctionValue } from "../resolve/values.js";
import { ts } from "../typescript.js";
import { exits, type MethodTest, type MethodTests, methodTests, throws } from "./method-tests.js";

export interface AnsweredMethods {
  /** The methods the handler lets through, in the order of `every`. */
  methods: string[];
  /**
   * Guards that refuse methods under a further condition apidex cannot read (`request.method === "GET" &&
   * !flags.get`): the methods they may refuse stay in `methods`.
   */
  undecided: { node: ts.Expression; methods: string[] }[];
  /**
   * Those of `methods` it answers itself in a branch over the method and leaves with (`if (req.method ===
   * "OPTIONS") return res.status(204).end()`): in a wrapper, they never reach the handler it wraps.
   */
  early: string[];
}

/**
 * Reads the method guards at the top level of a handler's body. A guard is an `if` over the method whose
 * branch refuses — answers 405 or throws (`ctx.throw(405)`, `throw new Error(...)`) — and leaves:
 *
 * - `if (req.method !== "POST") return res.status(405).end()`: only the methods tested pass;
 * - `if (req.method === "GET") return res.sendStatus(405)`: the methods tested are refused;
 * - either joined by `&&` to another condition (`&& !endpoint.meta.allowGet`), which `condition` evaluates
 *   where the handler was created (a loop's entry): true applies the guard, false leaves it out, unknown
 *   keeps the methods and reports the guard as undecided;
 * - inside a block run under a condition known statically (`if (options.method) { if (request.method !==
 *   options.method) return ...405... }`, a wrapper's options read in its closure);
 * - `switch (req.method)` or an `if`/`else if` chain over the method whose last branch answers 405 (or a
 *   `switch` without `default` that nothing follows): the methods named; a `try` block is read as when
 *   nothing throws;
 * - h3's `assertMethod(event, "POST")` (or a list): only those methods pass;
 * - branches that answer a method and leave (`if (method === "OPTIONS") return cors()`) followed by an
 *   unconditional 405: only those methods.
 *
 * Undefined when the handler tests no method at its top level (then it answers every one).
 */
export function readAnsweredMethods(
  fn: ts.FunctionLikeDeclaration,
  every: readonly string[],
  value: (node: ts.Expression) => string | undefined,
  condition: (node: ts.Expression) => boolean | undefined,
  list?: (node: ts.Expression) => string[] | undefined,
  /** The function a called name is (`methodNotAllowed(res)`), to see whether it answers 405. */
  callee?: (node: ts.Expression) => ts.FunctionLikeDeclaration | undefined,
): AnsweredMethods | undefined {
  const body = fn.body;
  const tests = methodTests(fn, value, list);
  if (!body || !ts.isBlock(body) || !tests) return undefined;
  let answered = new Set(every);
  const undecided: AnsweredMethods["undecided"] = [];
  /** Methods an earlier branch answered and left with (`if (method === "OPTIONS") return cors()`). */
  const answeredEarly = new Set<string>();
  let read = false;
  // A guard `if (test) <refuse>` lets through the methods its test is false for.
  // (A method an earlier branch answered and left with never reaches a later guard.)
  const apply = (test: MethodTest) => {
    read = true;
    answered = new Set([...answered].filter((m) => test.methods.has(m) === test.negated || answeredEarly.has(m)));
  };
  /** `atEnd`: nothing runs after these statements (the body's own, or a last `try` block's). */
  const walk = (statements: readonly ts.Statement[], atEnd: boolean): boolean => {
    for (const [index, statement] of statements.entries()) {
      const last = atEnd && index === statements.length - 1;
      // `try { ... } catch`: as when nothing throws.
      if (ts.isTryStatement(statement)) {
        if (walk(statement.tryBlock.statements, last)) return true;
        continue;
      }
      // h3's `assertMethod(event, ["GET", "POST"])`: throws 405 for the others.
      const asserted = tests.assertion(statement);
      if (asserted) {
        apply({ methods: new Set(asserted), negated: true });
        continue;
      }
      if (ts.isIfStatement(statement) && exits(statement.thenStatement)) {
        const refuses = refusesMethod(statement.thenStatement, callee) || throws(statement.thenStatement);
        const whole = tests.testOf(statement.expression);
        const conjuncts = whole ? [statement.expression] : conjunctsOf(statement.expression);
        const methodParts = whole ? [whole] : conjuncts.map((c) => tests.testOf(c));
        const at = methodParts.findIndex((t) => t !== undefined);
        if (at < 0 || methodParts.filter(Boolean).length > 1) continue;
        const test = methodParts[at]!;
        if (!refuses) {
          // An early answer for the methods tested (`if (method === "OPTIONS") return cors()`).
          if (!test.negated) for (const m of test.methods) answeredEarly.add(m);
          continue;
        }
        const others = conjuncts.filter((_, i) => i !== at).map((c) => condition(c));
        if (others.includes(false)) continue;
        if (others.includes(undefined)) {
          read = true;
          const refused = every.filter((m) => answered.has(m) && test.methods.has(m) !== test.negated);
          undecided.push({ node: statement.expression, methods: refused });
          continue;
        }
        apply(test);
        continue;
      }
      // `if (options.method) { ...guards... }`: a block run under a condition known statically.
      if (ts.isIfStatement(statement) && !tests.testOf(statement.expression)) {
        const taken = condition(statement.expression);
        const branch = taken === true ? statement.thenStatement : taken === false ? statement.elseStatement : undefined;
        if (branch && walk(ts.isBlock(branch) ? branch.statements : [branch], false)) return true;
        continue;
      }
      // The rest are refused: `return new Response(null, { status: 405 })` after the early answers, or a
      // last `res.status(405).end()`.
      if ((exits(statement) || (last && ts.isExpressionStatement(statement))) && refusesMethod(statement, callee)) {
        read = true;
        answered = new Set([...answered].filter((m) => answeredEarly.has(m)));
        return true;
      }
      const named = dispatchedMethods(statement, tests, last, callee);
      if (named) {
        read = true;
        answered = new Set([...answered].filter((m) => named.has(m)));
      }
    }
    return false;
  };
  walk(body.statements, true);
  if (!read) return undefined;
  return { methods: every.filter((m) => answered.has(m)), undecided, early: every.filter((m) => answered.has(m) && answeredEarly.has(m)) };
}

/**
 * readAnsweredMethods over a function value: what it compares the method with, and the conditions beside,
 * read as far as they are known before it runs (Interpreter.valueInside: the closure it was created in, its
 * `const`s computed from that).
 */
export function answeredMethodsOf(fn: FunctionValue, every: readonly string[], interpreter: Interpreter): AnsweredMethods | undefined {
  return readAnsweredMethods(
    fn.decl,
    every,
    (node) => {
      const value = interpreter.valueInside(fn, node);
      return value.kind === "string" ? value.value : undefined;
    },
    (node) => interpreter.conditionInside(fn, node),
    (node) => {
      const value = interpreter.valueInside(fn, node);
      if (value.kind !== "array") return undefined;
      const names = value.items.map((item) => (item.kind === "string" ? item.value : undefined));
      return names.every((n) => n !== undefined) ? (names as string[]) : undefined;
    },
    (node) => {
      if (!ts.isIdentifier(node) && !ts.isPropertyAccessExpression(node)) return undefined;
      const value = interpreter.diagnostics.quietly(() => interpreter.valueInside(fn, node));
      return value.kind === "function" ? value.decl : undefined;
    },
  );
}

/**
 * The function of the sources a handler only hands its request to (`async (c) => handleDataPlane(c.req.raw,
 * deps)`, `(req, res) => dispatch(req, res)`): its body is that one call, returned or awaited, given the
 * handler's first parameter (or something read from it) first. That function answers for the handler, so its
 * method guards are the handler's. Undefined for any other handler.
 */
export function forwardedHandler(fn: FunctionValue, interpreter: Interpreter): FunctionValue | undefined {
  const first = fn.decl.parameters[0];
  const body = fn.decl.body;
  if (!first || !ts.isIdentifier(first.name) || !body) return undefined;
  let expression: ts.Expression | undefined;
  if (ts.isBlock(body)) {
    const [only] = body.statements;
    if (body.statements.length !== 1 || !only || !ts.isReturnStatement(only) || !only.expression) return undefined;
    expression = only.expression;
  } else expression = body;
  expression = unwrapExpression(expression);
  if (ts.isAwaitExpression(expression)) expression = unwrapExpression(expression.expression);
  if (!ts.isCallExpression(expression) || !expression.arguments[0]) return undefined;
  let root = unwrapExpression(expression.arguments[0]);
  while (ts.isPropertyAccessExpression(root)) root = unwrapExpression(root.expression);
  if (!ts.isIdentifier(root) || root.text !== first.name.text) return undefined;
  const call = expression;
  const callee = interpreter.diagnostics.quietly(() => interpreter.valueInside(fn, call.expression));
  return callee.kind === "function" && !callee.decl.getSourceFile().isDeclarationFile ? callee : undefined;
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
function dispatchedMethods(
  statement: ts.Statement,
  tests: MethodTests,
  last: boolean,
  callee?: (node: ts.Expression) => ts.FunctionLikeDeclaration | undefined,
): Set<string> | undefined {
  if (ts.isSwitchStatement(statement) && tests.isMethod(statement.expression)) {
    // Without a `default`, the other methods run to the end of the function without an answer (when
    // nothing follows the switch).
    const fallback = statement.caseBlock.clauses.find((c) => ts.isDefaultClause(c));
    if (fallback ? !refusesMethod(fallback, callee) : !last) return undefined;
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
    return branch && refusesMethod(branch, callee) ? names : undefined;
  }
  return undefined;
}

/** Whether a branch answers 405 Method Not Allowed (a literal 405 anywhere in it). */
export function refusesMethod(node: ts.Node, callee?: (node: ts.Expression) => ts.FunctionLikeDeclaration | undefined): boolean {
  return answersStatus(node, (status) => status === 405, callee);
}

/**
 * Whether a branch names a status `is` accepts (a numeric literal), itself or in the body of a function of the
 * sources it calls (`return methodNotAllowed(res)`, one call deep: a helper that answers 405). In the helper,
 * only what runs on every call counts (forEachChildAlwaysRun): a wrapper's `return handler(req, res)` calls
 * a handler that answers 405 in some branch (a `switch` whose `default` refuses), which answers more than that.
 */
export function answersStatus(
  node: ts.Node,
  is: (status: number) => boolean,
  callee?: (node: ts.Expression) => ts.FunctionLikeDeclaration | undefined,
): boolean {
  let found = false;
  const always = (n: ts.Node): void => {
    if (found) return;
    if (ts.isNumericLiteral(n) && is(Number(n.text))) found = true;
    else forEachChildAlwaysRun(n, always);
  };
  const visit = (n: ts.Node): void => {
    if (found) return;
    if (ts.isNumericLiteral(n) && is(Number(n.text))) found = true;
    else if (callee && ts.isCallExpression(n)) {
      const fn = callee(n.expression);
      if (fn?.body) always(fn.body);
      if (!found) ts.forEachChild(n, visit);
    } else ts.forEachChild(n, visit);
  };
  visit(node);
  return found;
}

/**
 * Whether a handler always answers "not found": straight-line code (no condition, loop or `try`, so nothing
 * else can be answered) that names the status 404 (a literal, or a `NOT_FOUND` / `NotFound` name, or one with 404 in it, `Error404`:
 * `StatusCodes.NOT_FOUND`, `new NotFoundException()`, `next(createError.NotFound())`) and no other status.
 * On a catch-all path, that is the framework's not-found fallback, not an operation; a catch-all that
 * renders pages and answers 404 only for some (`if (!page) return res.status(404)`) stays one.
 */
export function answersNotFoundOnly(fn: ts.FunctionLikeDeclaration): boolean {
  if (!fn.body) return false;
  let notFound = false;
  let other = false;
  let branches = false;
  // Whether every answer it writes is one of those statuses: each body-writing call is made on `.status(...)`.
  let unstatused = false;
  let statusedAnswers = 0;
  const visit = (n: ts.Node): void => {
    if (other) return;
    if (BRANCHING.has(n.kind) || (ts.isBinaryExpression(n) && SHORT_CIRCUIT.has(n.operatorToken.kind))) branches = true;
    if (ts.isNumericLiteral(n)) {
      const status = Number(n.text);
      if (status === 404) notFound = true;
      else if (status === 405) branches = true;
      else if (status >= 100 && status < 600 && Number.isInteger(status)) other = true;
    } else if (ts.isIdentifier(n) && /^(NOT_FOUND|NotFound\w*|notFound\w*|\w*404\w*)$/.test(n.text)) notFound = true;
    else if (ts.isIdentifier(n) && /^(METHOD_NOT_ALLOWED|MethodNotAllowed\w*|methodNotAllowed\w*)$/.test(n.text)) branches = true;
    else if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression) && ANSWERS.has(n.expression.name.text)) {
      const on = n.expression.expression;
      const statused = ts.isCallExpression(on) && ts.isPropertyAccessExpression(on.expression) && on.expression.name.text === "status";
      if (!statused) unstatused = true;
      else statusedAnswers++;
    }
    ts.forEachChild(n, visit);
  };
  visit(fn.body);
  // Straight-line code that names 404; or code that branches between "not found" and "method not allowed"
  // (`res.status(HttpStatus.METHOD_NOT_ALLOWED).json(...)` for a known path, else NOT_FOUND), every answer
  // written on such a status: a fallback either way.
  return notFound && !other && (!branches || (statusedAnswers > 0 && !unstatused));
}

/**
 * Whether a handler always answers "method not allowed": straight-line code (no condition, loop or `try`)
 * that names the status 405 (a literal, or a `METHOD_NOT_ALLOWED` / `MethodNotAllowed` name) and no other
 * (`app.get("/rpc", (c) => c.json({ error: "Use POST" }, 405))` beside the POST that answers). Such a route
 * tells a caller which method to use; it is no operation.
 */
export function answersMethodNotAllowedOnly(fn: ts.FunctionLikeDeclaration): boolean {
  if (!fn.body) return false;
  let refused = false;
  let other = false;
  const visit = (n: ts.Node): void => {
    if (other) return;
    if (BRANCHING.has(n.kind) || (ts.isBinaryExpression(n) && SHORT_CIRCUIT.has(n.operatorToken.kind)) || ts.isConditionalExpression(n))
      other = true;
    else if (ts.isNumericLiteral(n)) {
      const status = Number(n.text);
      if (status === 405) refused = true;
      else if (status >= 100 && status < 600 && Number.isInteger(status)) other = true;
    } else if (ts.isIdentifier(n) && /^(METHOD_NOT_ALLOWED|MethodNotAllowed\w*|methodNotAllowed\w*)$/.test(n.text)) refused = true;
    if (!ts.isFunctionLike(n) || n === fn) ts.forEachChild(n, visit);
  };
  visit(fn);
  return refused && !other;
}

/** Response methods that write a body (`res.json(...)`, `res.send(...)`, `res.render(...)`). */
const ANSWERS = new Set(["json", "send", "end", "render", "sendFile", "redirect", "jsonp", "download"]);

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

/**
 * The prefix below which a raw route path matches everything (`/items/*`, `/items/*rest`, `/items/{*rest}`,
 * `/items/(.*)`, `/items/:path*`: `/items`; `*` and `/*`: `/`), else undefined.
 */
export function wildcardPrefix(path: string): string | undefined {
  const match = /^(.*?)\/?(\*\w*|\{\*\w+\}|\(\.\*\)|:\w+(\*|\(\.\*\)))$/.exec(path.trim());
  return match ? match[1] || "/" : undefined;
}

/** Whether a raw route path matches everything below the root: `*`, `/*`, `/*splat`, `/{*splat}`, `(.*)`, `/:path*`. */
export const isCatchAllPath = (path: string): boolean => wildcardPrefix(path) === "/" && !/^\/\//.test(path.trim());
