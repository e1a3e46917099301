/**
 * The path parameters a handler refuses every request without. One handler is often registered at a path and
 * at that path plus a parameter (Express's `router.get(["/", "/:id"], getAllChatMessages)`, an optional
 * `/:id?`), and the handler's first act is to refuse a request that lacks it:
 *
 * ```ts
 * if (typeof req.params === "undefined" || !req.params.id) throw new InternalError(412, "id not provided");
 * ```
 *
 * The path without the parameter then answers nothing but that refusal: it is no operation a caller can use.
 */
import { type SourceSite, siteOf } from "../diagnostics/diagnostic.js";
import { unwrapExpression } from "../resolve/syntax.js";
import { ts } from "../typescript.js";
import { answersStatus } from "./answered-methods.js";
import { exits, throws } from "./method-tests.js";

/** A parameter the handler refuses to run without, and where it refuses. */
export interface RequiredParam {
  name: string;
  site: SourceSite;
}

/**
 * Reads the guards a handler's body starts with (a top-level `try` block is read as when nothing throws):
 * `if (<absent>) <refuse>`, where `<absent>` is true whenever the parameter is missing (`!req.params.id`,
 * `req.params.id === undefined`, `typeof req.params.id === "undefined"`, `req.params.id == null`, or any of
 * these among `||` alternatives; `req` is the handler's first parameter, and `const { id } = req.params` or
 * `const id = req.params.id` name it), and `<refuse>` throws, answers a status of 400 or more, or hands an
 * error to `next`. Only the statements before the guard that can neither return nor answer are passed over,
 * so the guard runs on every request. Empty when the handler starts otherwise.
 */
export function requiredParams(fn: ts.FunctionLikeDeclaration): RequiredParam[] {
  const body = fn.body;
  const request = fn.parameters[0]?.name;
  if (!body || !ts.isBlock(body) || !request || !ts.isIdentifier(request)) return [];
  const next = fn.parameters[2]?.name;
  const nextName = next && ts.isIdentifier(next) ? next.text : undefined;
  /** Local names bound to a parameter (`const { id } = req.params`, `const id = req.params.id`). */
  const aliases = new Map<string, string>();
  const found: RequiredParam[] = [];

  /** The parameter an expression reads: `req.params.id`, `req.params?.id`, `req.params["id"]`, an alias, `c.req.param("id")`. */
  const paramRead = (node: ts.Expression): string | undefined => {
    const e = unwrapExpression(node);
    if (ts.isIdentifier(e)) return aliases.get(e.text);
    if (ts.isPropertyAccessExpression(e) && isParamsOf(e.expression)) return e.name.text;
    if (ts.isElementAccessExpression(e) && isParamsOf(e.expression) && ts.isStringLiteralLike(e.argumentExpression))
      return e.argumentExpression.text;
    // Hono: `c.req.param("id")`.
    if (
      ts.isCallExpression(e) &&
      ts.isPropertyAccessExpression(e.expression) &&
      e.expression.name.text === "param" &&
      e.arguments.length === 1 &&
      ts.isStringLiteralLike(e.arguments[0]!) &&
      isMember(e.expression.expression, "req")
    )
      return e.arguments[0].text;
    return undefined;
  };
  /** `req.params` (through `?.`). */
  const isParamsOf = (node: ts.Expression): boolean => isMember(node, "params");
  const isMember = (node: ts.Expression, name: string): boolean => {
    const e = unwrapExpression(node);
    return ts.isPropertyAccessExpression(e) && e.name.text === name && isRequest(e.expression);
  };
  const isRequest = (node: ts.Expression): boolean => {
    const e = unwrapExpression(node);
    return ts.isIdentifier(e) && e.text === request.text;
  };

  /** The parameters whose absence makes a condition true. */
  const absentIn = (node: ts.Expression): string[] => {
    const e = unwrapExpression(node);
    if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.BarBarToken) return [...absentIn(e.left), ...absentIn(e.right)];
    if (ts.isPrefixUnaryExpression(e) && e.operator === ts.SyntaxKind.ExclamationToken) {
      const name = paramRead(e.operand);
      return name ? [name] : [];
    }
    if (ts.isBinaryExpression(e)) {
      const op = e.operatorToken.kind;
      const loose = op === ts.SyntaxKind.EqualsEqualsToken;
      const strict = op === ts.SyntaxKind.EqualsEqualsEqualsToken;
      if (!loose && !strict) return [];
      for (const [a, b] of [
        [e.left, e.right],
        [e.right, e.left],
      ] as const) {
        const other = unwrapExpression(b);
        const undefinedValue = ts.isIdentifier(other) && other.text === "undefined";
        const nullValue = other.kind === ts.SyntaxKind.NullKeyword;
        const name = paramRead(a);
        if (name && (undefinedValue || (loose && nullValue))) return [name];
        // `typeof req.params.id === "undefined"`.
        const inner = unwrapExpression(a);
        if (ts.isTypeOfExpression(inner) && ts.isStringLiteralLike(other) && other.text === "undefined") {
          const read = paramRead(inner.expression);
          if (read) return [read];
        }
      }
    }
    return [];
  };

  /** Whether a branch refuses: it throws, answers 400 or more, or passes an error to `next`, and leaves. */
  const refuses = (branch: ts.Statement): boolean => throws(branch) || (exits(branch) && answers(branch));
  const answers = (branch: ts.Statement): boolean => answersStatus(branch, (s) => s >= 400 && s < 600) || handsErrorOn(branch);
  /** Whether a `catch` block refuses whatever it caught: it throws, hands the error on, or answers 400 or more. */
  const refusesAll = (block: ts.Block): boolean =>
    throws(block) || (!someNode(block, (n) => ts.isReturnStatement(n) && !answers(n)) && answers(block));
  const handsErrorOn = (branch: ts.Statement): boolean =>
    nextName !== undefined &&
    someNode(
      branch,
      (n) => ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === nextName && n.arguments.length > 0,
    );
  const throwsAnywhere = (statement: ts.Statement): boolean => someNode(statement, ts.isThrowStatement);
  /** Whether a statement can neither return from the handler nor answer the request (so what follows runs). */
  const passesOver = (statement: ts.Statement): boolean =>
    !someNode(
      statement,
      (n) =>
        ts.isReturnStatement(n) ||
        (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression) && ANSWERS.has(n.expression.name.text)),
    );

  /**
   * `caught`: the statements are in a `try` block, and whether its `catch` refuses too (hands the error to
   * `next`, throws, answers 400 or more): a guard that throws there refuses only if it does.
   */
  const walk = (statements: readonly ts.Statement[], caught?: boolean): boolean => {
    for (const statement of statements) {
      if (ts.isTryStatement(statement)) {
        const handler = statement.catchClause?.block;
        return walk(statement.tryBlock.statements, handler ? refusesAll(handler) : caught);
      }
      // A throw a `catch` that does not refuse takes in may end in any answer: nothing after it is sure to run.
      if (caught === false && throwsAnywhere(statement)) return false;
      if (ts.isIfStatement(statement) && !statement.elseStatement && refuses(statement.thenStatement)) {
        // A guard that refuses something else (`if (!req.user) return res.status(401)`) only refuses more.
        for (const name of absentIn(statement.expression))
          if (!found.some((f) => f.name === name)) found.push({ name, site: siteOf(statement.expression) });
        continue;
      }
      if (ts.isVariableStatement(statement)) for (const declaration of statement.declarationList.declarations) bindAliases(declaration);
      if (!passesOver(statement)) return false;
    }
    return true;
  };
  const bindAliases = (declaration: ts.VariableDeclaration): void => {
    const init = declaration.initializer;
    if (!init) return;
    if (ts.isIdentifier(declaration.name)) {
      const name = paramRead(init);
      if (name) aliases.set(declaration.name.text, name);
      return;
    }
    // `const { id, other: renamed } = req.params`.
    if (ts.isObjectBindingPattern(declaration.name) && isParamsOf(init))
      for (const element of declaration.name.elements) {
        if (element.dotDotDotToken || !ts.isIdentifier(element.name)) continue;
        const key = element.propertyName && ts.isIdentifier(element.propertyName) ? element.propertyName.text : element.name.text;
        aliases.set(element.name.text, key);
      }
  };
  walk(body.statements);
  return found;
}

/** Response methods that answer (`res.json(...)`, `reply.send(...)`, `c.json(...)`). */
const ANSWERS = new Set([
  "json",
  "send",
  "end",
  "render",
  "sendFile",
  "sendStatus",
  "redirect",
  "jsonp",
  "download",
  "text",
  "html",
  "body",
]);

/** Whether a node of `root` (not inside a function it holds) passes `test`. */
function someNode(root: ts.Node, test: (node: ts.Node) => boolean): boolean {
  const visit = (n: ts.Node): boolean => !ts.isFunctionLike(n) && (test(n) || ts.forEachChild(n, visit) === true);
  return visit(root);
}
