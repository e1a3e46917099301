import { ts } from "../../typescript.js";

/**
 * The members through which a router answers a `Request` it is handed: Hono's `fetch`, and Elysia's `handle`
 * (its `fetch` does the same). A route file whose handler only calls one of them hands its requests to the
 * app, so the file answers with the app's routes, not as an operation of its own.
 */
export const FORWARDING_MEMBERS = ["fetch", "handle"] as const;
/**
 * How a handler hands the request on: through a member (`app.fetch(request)`), or by calling the app itself
 * with the Node.js request and response (`app(req, res)`: an Express app is such a function).
 */
export type ForwardingMember = (typeof FORWARDING_MEMBERS)[number] | "call";

/**
 * The app a handler function forwards to, as written: a body that only returns `app.fetch(request)` or
 * `app.handle(request)` (awaited or not, in a block of one `return` or as an arrow's expression), the app
 * named by an identifier. Undefined for any other body: a handler that does more than forward (checks a
 * session first, rewrites the URL) answers on its own, and is read as a handler.
 */
export function forwardingCall(fn: ts.FunctionLikeDeclaration): { app: ts.Identifier; member: ForwardingMember } | undefined {
  const body = fn.body;
  if (!body) return undefined;
  const single = ts.isBlock(body) && body.statements.length === 1 ? body.statements[0]! : undefined;
  const only = ts.isBlock(body) ? (single && ts.isReturnStatement(single) ? single.expression : undefined) : body;
  let call = only ?? (single && ts.isExpressionStatement(single) ? single.expression : undefined);
  while (call && (ts.isAwaitExpression(call) || ts.isParenthesizedExpression(call))) call = call.expression;
  if (!call || !ts.isCallExpression(call)) return undefined;
  // `(req, res) => app(req, res)` (`(app as any)(req, res)`, a statement or a return): the app called with the
  // handler's own two parameters, as they are. A Node.js handler's answer is what it writes, not what it returns.
  const params = fn.parameters.map((p) => (ts.isIdentifier(p.name) ? p.name.text : undefined));
  const callee = unwrapCast(call.expression);
  if (
    ts.isIdentifier(callee) &&
    params.length === 2 &&
    call.arguments.length === 2 &&
    call.arguments.every((a, i) => {
      const arg = unwrapCast(a);
      return ts.isIdentifier(arg) && arg.text === params[i];
    })
  )
    return { app: callee, member: "call" };
  // A member is forwarded only by returning what it answers (`return app.fetch(request)`).
  return only === undefined ? undefined : forwardingMember(call.expression);
}

/** An argument without its type assertion (`req as any`). */
function unwrapCast(e: ts.Expression): ts.Expression {
  let inner = e;
  while (ts.isAsExpression(inner) || ts.isParenthesizedExpression(inner) || ts.isNonNullExpression(inner)) inner = inner.expression;
  return inner;
}

/** `app.handle` or `app.fetch` as a value (Elysia's Next.js recipe: `export const GET = app.handle`). */
export function forwardingMember(node: ts.Expression): { app: ts.Identifier; member: ForwardingMember } | undefined {
  let e = node;
  while (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isSatisfiesExpression(e) || ts.isNonNullExpression(e))
    e = e.expression;
  if (!ts.isPropertyAccessExpression(e) || !ts.isIdentifier(e.expression)) return undefined;
  const member = e.name.text;
  return (FORWARDING_MEMBERS as readonly string[]).includes(member) ? { app: e.expression, member: member as ForwardingMember } : undefined;
}

/**
 * The apps a route file's exports hand their requests to, as written in the file: an exported function (or
 * a const holding one) that only forwards (`forwardingCall`), or an export that is the member itself
 * (`export const GET = app.handle`). The framework adapter leaves these apps to the file-route adapter, which
 * indexes them where the file serves them; the same shapes are what that adapter reads as forwarding, so an
 * app is neither indexed twice nor lost.
 */
export function forwardedApps(file: ts.SourceFile, members: readonly ForwardingMember[]): ts.Identifier[] {
  const out: ts.Identifier[] = [];
  const add = (found: { app: ts.Identifier; member: ForwardingMember } | undefined) => {
    if (found && members.includes(found.member)) out.push(found.app);
  };
  const read = (e: ts.Expression, depth = 0) => {
    let inner = e;
    while (ts.isParenthesizedExpression(inner) || ts.isAsExpression(inner) || ts.isSatisfiesExpression(inner)) inner = inner.expression;
    if (ts.isArrowFunction(inner) || ts.isFunctionExpression(inner)) add(forwardingCall(inner));
    else if (ts.isIdentifier(inner) && depth < 4) {
      // `const handler = ({ request }) => app.handle(request); export const GET = handler;` (one handler for
      // several methods): the module's own declaration of that name.
      const local = localHandler(file, inner.text);
      if (local && "function" in local) add(forwardingCall(local.function));
      else if (local) read(local.expression, depth + 1);
    } else add(forwardingMember(inner));
  };
  for (const statement of file.statements) {
    const exported = ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (!exported) continue;
    if (ts.isFunctionDeclaration(statement)) add(forwardingCall(statement));
    else if (ts.isVariableStatement(statement))
      for (const d of statement.declarationList.declarations) if (d.initializer) read(d.initializer);
  }
  return out;
}

/** A module-level function or const initializer of `name` in `file` (exported or not). */
function localHandler(
  file: ts.SourceFile,
  name: string,
): { function: ts.FunctionLikeDeclaration } | { expression: ts.Expression } | undefined {
  for (const statement of file.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name?.text === name && statement.body) return { function: statement };
    if (ts.isVariableStatement(statement))
      for (const d of statement.declarationList.declarations)
        if (ts.isIdentifier(d.name) && d.name.text === name && d.initializer) return { expression: d.initializer };
  }
  return undefined;
}
