/**
 * Routers the sources make themselves: a class (or object) of the project whose `get(path, handler)`,
 * `post(...)` keep the handler in a table of their own, which the project's own middleware looks requests up
 * in (`router.get("api/items/:id", handler)` of a `class Router` that a Koa middleware dispatches to). apidex
 * reads the routers of the frameworks it supports and runs the project's code only as far as it reaches them;
 * such a router reaches none, so its routes cannot be indexed, and they are reported here, once per router,
 * instead of vanishing. A class that wraps a framework's router (`get(path, h) { this.router.get(path, h) }`)
 * is no such router: its calls reach the framework, and what they register is indexed.
 */
import { ts } from "../typescript.js";
import { type DiagnosticBag, siteOf } from "../diagnostics/diagnostic.js";
import { excerpt, type Interpreter, isFunctionLike } from "../resolve/interpreter.js";

/** Registrations on a router of the sources' own, gathered over every adapter's run before they are reported. */
export class OwnRouterCalls {
  /** Calls that looked like registrations and ran as calls of the sources reaching no adapter, with the function each called. */
  private readonly quiet = new Map<ts.CallExpression, ts.Node>();
  /** Calls (and functions) of the sources that reached an adapter in some run, and registrations an adapter read. */
  private readonly reached = new Set<ts.Node>();
  private readonly reachingFunctions = new Set<ts.Node>();

  /** What one adapter's run saw: its registration-shaped calls of the sources (`candidates`) and its reads. */
  take(interpreter: Interpreter, visited: ReadonlySet<ts.CallExpression>, candidates: readonly ts.CallExpression[]): void {
    for (const call of visited) this.reached.add(call);
    for (const call of interpreter.hostReachingCalls) this.reached.add(call);
    for (const fn of interpreter.hostReaching) this.reachingFunctions.add(fn);
    for (const call of candidates) {
      const fn = interpreter.quietSourceCalls.get(call);
      if (fn) this.quiet.set(call, fn);
    }
  }

  /**
   * One warning per router: its registrations no run saw reach a framework, when none of the router's own
   * functions ever did either (a router that fills a table and later registers it on an app is a wrapper).
   */
  report(diagnostics: DiagnosticBag, registers: (call: ts.CallExpression) => boolean): void {
    const byOwner = new Map<ts.Node, ts.CallExpression[]>();
    for (const [call, fn] of this.quiet) {
      if (this.reached.has(call)) continue;
      const owner = ownerOf(fn);
      byOwner.set(owner, [...(byOwner.get(owner) ?? []), call]);
    }
    for (const [owner, calls] of byOwner) {
      if (!routerShaped(owner) || functionsOf(owner).some((fn) => this.reachingFunctions.has(fn)) || handsOnRegistrations(owner, registers))
        continue;
      calls.sort((a, b) => a.getSourceFile().fileName.localeCompare(b.getSourceFile().fileName) || a.pos - b.pos);
      const first = calls[0]!;
      const name = ownerName(owner);
      diagnostics.add({
        severity: "warning",
        code: "APX259",
        message:
          `${calls.length === 1 ? "This route registration is" : `These ${calls.length} route registrations (this one and those listed) are`} made on ` +
          `${name}, a router of the sources' own that reaches no framework apidex reads: what it keeps is served by the project's own code ` +
          `at run time (a dispatch of its own, or a loop that registers its table on an app), which apidex does not run; ` +
          `${calls.length === 1 ? "the route is" : "these routes are"} not indexed.`,
        site: siteOf(methodName(first)),
        hint: "Register the routes on a router of a framework apidex reads (Express, Koa, Hono, Fastify, ...), or make the class pass each route on to such a router.",
        related: [
          { message: `${name} is declared here`, site: siteOf(owner) },
          ...calls.slice(1, 1 + MAX_RELATED).map((call) => ({ message: excerpt(call), site: siteOf(methodName(call)) })),
        ],
      });
    }
  }
}

/** How many more registrations a warning lists by their site. */
const MAX_RELATED = 20;

/** The class or object literal a method belongs to, else the function itself. */
function ownerOf(fn: ts.Node): ts.Node {
  let node: ts.Node | undefined = fn.parent;
  // `get = (path, handler) => ...` (a class field), `{ get: function (path, handler) {...} }`
  while (node && (ts.isPropertyDeclaration(node) || ts.isPropertyAssignment(node) || ts.isParenthesizedExpression(node)))
    node = node.parent;
  if (node && (ts.isClassDeclaration(node) || ts.isClassExpression(node) || ts.isObjectLiteralExpression(node))) return node;
  return fn;
}

/**
 * A class or object with methods named for two HTTP methods or more, one of them a write (`post`, `put`,
 * `patch`): a router's. A cache's or a map's `get` and `delete` make none.
 */
function routerShaped(owner: ts.Node): boolean {
  const names = new Set<string>();
  const members: readonly ts.Node[] =
    ts.isClassDeclaration(owner) || ts.isClassExpression(owner)
      ? owner.members
      : ts.isObjectLiteralExpression(owner)
        ? owner.properties
        : [];
  for (const member of members) {
    const name = (member as { name?: ts.Node }).name;
    if (name && (ts.isIdentifier(name) || ts.isStringLiteral(name)) && VERBS.has(name.text)) names.add(name.text);
  }
  return names.size >= 2 && ["post", "put", "patch"].some((verb) => names.has(verb));
}

const VERBS = new Set(["get", "post", "put", "patch", "delete", "del", "head", "options", "all"]);

/** Every function declared directly in an owner: its methods, accessors, constructor and function-valued fields. */
function functionsOf(owner: ts.Node): ts.Node[] {
  if (isFunctionLike(owner)) return [owner];
  const members: readonly ts.Node[] =
    ts.isClassDeclaration(owner) || ts.isClassExpression(owner)
      ? owner.members
      : ts.isObjectLiteralExpression(owner)
        ? owner.properties
        : [];
  const out: ts.Node[] = [];
  for (const member of members) {
    if (isFunctionLike(member)) out.push(member);
    const value =
      ts.isPropertyDeclaration(member) || ts.isPropertyAssignment(member) ? member.initializer && unwrap(member.initializer) : undefined;
    if (value && isFunctionLike(value)) out.push(value);
  }
  return out;
}

function unwrap(node: ts.Expression): ts.Expression {
  return ts.isParenthesizedExpression(node) ? unwrap(node.expression) : node;
}

/** Whether the router's own code makes registration-shaped calls: it hands its routes on, in code apidex did not run. */
function handsOnRegistrations(owner: ts.Node, registers: (call: ts.CallExpression) => boolean): boolean {
  let found = false;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (ts.isCallExpression(node) && registers(node)) found = true;
    else ts.forEachChild(node, visit);
  };
  visit(owner);
  return found;
}

function ownerName(owner: ts.Node): string {
  if ((ts.isClassDeclaration(owner) || ts.isClassExpression(owner)) && owner.name) return `\`${owner.name.text}\``;
  if (ts.isFunctionDeclaration(owner) && owner.name) return `\`${owner.name.text}()\``;
  const holder = owner.parent;
  if (holder && ts.isVariableDeclaration(holder) && ts.isIdentifier(holder.name)) return `\`${holder.name.text}\``;
  return "an object";
}

/** Where a registration is reported: the method's name (`get` of `router.get`). */
function methodName(call: ts.CallExpression): ts.Node {
  return ts.isPropertyAccessExpression(call.expression) ? call.expression.name : call.expression;
}
