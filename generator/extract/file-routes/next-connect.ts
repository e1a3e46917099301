/**
 * next-connect routers in Pages Router API files: the methods a file answers are the router's registrations.
 *
 * ```ts
 * const router = createRouter<NextApiRequest, NextApiResponse>();   // next-connect 1.x
 * router.use(authenticate).get(list).post(requirePermission("x:write"), create);
 * export default router.handler({ onError });
 *
 * export default nc().use(auth).get(list);                          // next-connect 0.x: the router is the handler
 * ```
 *
 * The router answers a request with the first registration of its method (or `all`) and runs the `use()`
 * middleware registered before it; any other method gets the router's `onNoMatch` (a 404 by default, or
 * what the options say), so it is no operation of the file.
 */
import { topLevelInitializer } from "../../resolve/syntax.js";
import { ts } from "../../typescript.js";

/** The registration methods of next-connect's router (0.x and 1.x), lower case as written. */
const VERBS = new Set(["get", "head", "post", "put", "patch", "delete", "options", "trace", "all"]);

/** One method registration of a next-connect router. */
export interface NextConnectRoute {
  /** The HTTP method, upper case; `ALL` for `all()`. */
  method: string;
  /** The registration call (`router.get(...)`). */
  call: ts.CallExpression;
  /** Its handler arguments (middleware and the handler, in order). */
  handlers: ts.Expression[];
  /** The arguments of the `use()` calls registered before it (each runs before its handler). */
  before: ts.Expression[];
}

/** What the default export's next-connect router registers. */
export interface NextConnectReading {
  routes: NextConnectRoute[];
  /** Registrations and `use()` calls given a path pattern: next-connect matches it against the request's whole path. */
  patterned: ts.CallExpression[];
}

/**
 * The routes of the next-connect router a Pages Router file default-exports (`router.handler(opts)` of 1.x,
 * the 0.x router itself, or a chain of registrations on either); undefined when the export is no such router.
 * The router is one the file makes with `createRouter()` / `createEdgeRouter()` or 0.x's default export
 * (`nc()`, `nextConnect(options)`); its registrations are the calls chained on it and the top-level statements
 * that call it (`router.get(...)`).
 */
export function nextConnectRoutes(exported: ts.Node, file: ts.SourceFile): NextConnectReading | undefined {
  const factories = nextConnectFactories(file);
  if (!factories.size || !ts.isExpression(exported)) return undefined;
  const calls: ts.CallExpression[] = [];
  let name: string | undefined;
  let made = false;
  // The chain down to the router: registrations on the way, the factory call (or the router's name) at its end.
  const walk = (node: ts.Expression, depth: number): void => {
    node = unwrap(node);
    if (depth > 64) return;
    if (ts.isCallExpression(node)) {
      const callee = unwrap(node.expression);
      if (ts.isIdentifier(callee) && factories.has(callee.text)) {
        made = true;
        return;
      }
      if (ts.isPropertyAccessExpression(callee)) {
        const member = callee.name.text;
        if (VERBS.has(member) || member === "use") calls.push(node);
        else if (member !== "handler" || depth > 0) return;
        walk(callee.expression, depth + 1);
      }
      return;
    }
    if (ts.isIdentifier(node) && !name) {
      name = node.text;
      const init = topLevelInitializer(file, node.text);
      if (init) walk(init, depth + 1);
    }
  };
  walk(exported, 0);
  if (!made) return undefined;
  // `router.get(...)` statements at the top of the module, in their order, chains included.
  if (name)
    for (const statement of file.statements) {
      if (!ts.isExpressionStatement(statement)) continue;
      const chain: ts.CallExpression[] = [];
      let node: ts.Expression = unwrap(statement.expression);
      while (ts.isCallExpression(node) && ts.isPropertyAccessExpression(unwrap(node.expression))) {
        const callee = unwrap(node.expression) as ts.PropertyAccessExpression;
        if (!VERBS.has(callee.name.text) && callee.name.text !== "use") break;
        chain.push(node);
        node = unwrap(callee.expression);
      }
      if (ts.isIdentifier(node) && node.text === name && chain.length) calls.push(...chain);
    }
  // Registration order: a chain's inner call first, as its member name is written first.
  const position = (call: ts.CallExpression) => (unwrap(call.expression) as ts.PropertyAccessExpression).name.getStart(file);
  const ordered = [...new Set(calls)].sort((a, b) => position(a) - position(b));
  const reading: NextConnectReading = { routes: [], patterned: [] };
  const before: ts.Expression[] = [];
  for (const call of ordered) {
    const member = (unwrap(call.expression) as ts.PropertyAccessExpression).name.text;
    const [first, ...rest] = call.arguments;
    const patterned = first !== undefined && isPattern(first);
    const args = patterned ? rest : [...call.arguments];
    if (member === "use") {
      if (patterned && !(ts.isStringLiteral(first) && first.text === "/")) reading.patterned.push(call);
      else before.push(...args);
      continue;
    }
    if (patterned) {
      reading.patterned.push(call);
      continue;
    }
    reading.routes.push({ method: member.toUpperCase(), call, handlers: args, before: [...before] });
  }
  return reading;
}

/** Names the file binds to next-connect's router factories: `createRouter`, `createEdgeRouter`, 0.x's default export. */
function nextConnectFactories(file: ts.SourceFile): Set<string> {
  const out = new Set<string>();
  for (const statement of file.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      if (statement.moduleSpecifier.text !== "next-connect") continue;
      const clause = statement.importClause;
      if (clause?.name) out.add(clause.name.text);
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings))
        for (const element of bindings.elements) {
          const imported = (element.propertyName ?? element.name).text;
          if (imported === "createRouter" || imported === "createEdgeRouter" || imported === "default") out.add(element.name.text);
        }
    }
    // `const nc = require("next-connect")`, `const { createRouter } = require("next-connect")`.
    if (ts.isVariableStatement(statement))
      for (const d of statement.declarationList.declarations) {
        const init = d.initializer && unwrap(d.initializer);
        if (
          !init ||
          !ts.isCallExpression(init) ||
          !ts.isIdentifier(init.expression) ||
          init.expression.text !== "require" ||
          !init.arguments[0] ||
          !ts.isStringLiteral(init.arguments[0]) ||
          init.arguments[0].text !== "next-connect"
        )
          continue;
        if (ts.isIdentifier(d.name)) out.add(d.name.text);
        else if (ts.isObjectBindingPattern(d.name))
          for (const element of d.name.elements) {
            const imported = element.propertyName && ts.isIdentifier(element.propertyName) ? element.propertyName.text : undefined;
            if (ts.isIdentifier(element.name) && ["createRouter", "createEdgeRouter", "default"].includes(imported ?? element.name.text))
              out.add(element.name.text);
          }
      }
  }
  return out;
}

/** A path pattern argument (next-connect takes a string or a regular expression before the handlers). */
function isPattern(node: ts.Expression): boolean {
  return ts.isStringLiteralLike(node) || ts.isTemplateExpression(node) || ts.isRegularExpressionLiteral(node);
}

function unwrap(node: ts.Expression): ts.Expression {
  while (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isNonNullExpression(node) || ts.isSatisfiesExpression(node))
    node = node.expression;
  return node;
}
