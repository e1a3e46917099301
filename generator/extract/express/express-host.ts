import { ts } from "ts-morph";
import { type DiagnosticBag, siteOf } from "../../diagnostics/diagnostic.js";
import { type DocComment, leadingDoc } from "../../resolve/doc-comment.js";
import { type CallContext, excerpt, explain, type HostAdapter, type Interpreter } from "../../resolve/interpreter.js";
import { type CheckValue, type ExternalValue, type FunctionValue, type HostValue, stringsOf, type Value } from "../../resolve/values.js";
import type { Layer, RouterNode } from "../router-graph.js";

/** Express's route methods (`app.get`, `router.post`, ...); `all` registers every method. */
export const EXPRESS_METHODS = new Set([
  "get", "post", "put", "patch", "delete", "options", "head", "trace", "all",
  "copy", "lock", "mkcol", "move", "purge", "propfind", "proppatch", "unlock", "report", "mkactivity",
  "checkout", "merge", "m-search", "notify", "subscribe", "unsubscribe", "search", "connect",
]);

/** Packages whose default export creates an app (`express()`) or a router (`Router()`). */
const APP_MODULES = new Set(["express"]);
const ROUTER_MODULES = new Set(["router", "express-promise-router"]);

type ExpressObject = { type: "router"; router: RouterNode } | { type: "chain"; router: RouterNode; paths: string[]; call: ts.CallExpression };

/** Handlers and checks found in a route's arguments. */
interface HandlerParts {
  checks: CheckValue[];
  handlers: FunctionValue[];
}

/**
 * Gives Express objects their meaning inside the evaluator: `express()` and `Router()` create router
 * nodes; `get/post/.../all`, `route()` and `use()` append layers to them, in call order.
 */
export class ExpressHost implements HostAdapter {
  readonly routers: RouterNode[] = [];
  /** Registration calls the evaluator reached, for the sweep that reports the ones it did not. */
  readonly visited = new Set<ts.CallExpression>();
  interpreter!: Interpreter;
  private nextId = 0;

  constructor(private readonly diagnostics: DiagnosticBag) {}

  callExternal(callee: ExternalValue, call: CallContext): Value | undefined {
    const [first, second] = callee.path;
    const isDefault = callee.path.length === 0 || (callee.path.length === 1 && first === "default");
    if (APP_MODULES.has(callee.module)) {
      if (isDefault) return this.create("app", call.node);
      if ((first === "Router" && callee.path.length === 1) || (first === "default" && second === "Router")) return this.create("router", call.node);
    }
    if (ROUTER_MODULES.has(callee.module) && (isDefault || first === "Router")) return this.create("router", call.node);
    return undefined;
  }

  callMethod(receiver: HostValue, method: string, call: CallContext): Value {
    const object = receiver.host as ExpressObject;
    if (!ts.isCallExpression(call.node)) return receiver;
    const node = call.node;
    if (object.type === "chain") {
      if (EXPRESS_METHODS.has(method)) {
        this.visited.add(node);
        this.addRoute(object.router, method, object.paths, call.args, call, chainDoc(node, object.call));
      }
      return receiver;
    }
    const router = object.router;
    if (method === "route") {
      this.visited.add(node);
      const paths = this.paths(call.args[0], call, "route path");
      return paths ? this.host({ type: "chain", router, paths, call: node }) : receiver;
    }
    if (method === "use") {
      this.visited.add(node);
      this.use(router, call);
      return receiver;
    }
    if (EXPRESS_METHODS.has(method)) {
      // `app.get("env")` reads a setting; only a call with handlers registers a route.
      if (method === "get" && call.args.length < 2) return { kind: "runtime", what: "an Express setting" };
      this.visited.add(node);
      const paths = this.paths(call.args[0], call, "route path");
      if (paths) this.addRoute(router, method, paths, call.args.slice(1), call, statementDoc(node));
      return receiver;
    }
    return receiver;
  }

  private create(kind: "app" | "router", node: ts.Node): Value {
    const router: RouterNode = { id: this.nextId++, kind, site: siteOf(node), stack: [], mounted: false };
    this.routers.push(router);
    return this.host({ type: "router", router });
  }

  private host(object: ExpressObject): HostValue {
    return { kind: "host", host: object };
  }

  /** A path argument: a string or an array of strings; anything else is reported and yields nothing. */
  private paths(arg: ts.Expression | undefined, call: CallContext, what: string): string[] | undefined {
    if (!arg) return undefined;
    const value = this.interpreter.evaluate(arg, call.scope);
    const strings = stringsOf(value);
    if (strings) return strings;
    const regexp = ts.isRegularExpressionLiteral(arg) || (value.kind === "unknown" && ts.isRegularExpressionLiteral(value.node));
    this.diagnostics.error(
      regexp ? "APX203" : "APX201",
      regexp
        ? `This ${what} is a regular expression, which an OpenAPI path cannot express.`
        : `Cannot resolve this ${what} statically: \`${excerpt(arg)}\` ${explain(value)}.`,
      siteOf(arg),
      regexp
        ? "Use a string path with named parameters (`/files/:name`)."
        : "Use a string literal, a const, or a template literal of consts; a path computed at run time cannot be indexed.",
    );
    return undefined;
  }

  private use(router: RouterNode, call: CallContext): void {
    const args = [...call.args];
    let paths = ["/"];
    const first = args[0];
    if (first) {
      const value = this.interpreter.evaluate(first, call.scope);
      const strings = stringsOf(value);
      if (strings) {
        paths = strings;
        args.shift();
      } else if (isPathLike(first, value)) {
        this.paths(first, call, "mount prefix");
        // The routers below are mounted somewhere we cannot place; do not report them as unmounted too.
        for (const arg of args.slice(1)) this.markMounted(this.interpreter.evaluate(arg, call.scope));
        return;
      }
    }
    const site = siteOf(call.node);
    for (const arg of args) {
      for (const value of flattenValues(this.interpreter.evaluate(arg, call.scope))) {
        if (value.kind === "host") {
          const object = value.host as ExpressObject;
          if (object.type === "router") {
            object.router.mounted = true;
            router.stack.push({ type: "mount", paths, router: object.router, site });
          }
        } else if (value.kind === "check") {
          router.stack.push({ type: "middleware", paths, end: false, checks: [value], site });
        } else if (value.kind === "function") {
          const checks = this.interpreter.bodyChecks(value);
          if (checks.length) router.stack.push({ type: "middleware", paths, end: false, checks, site });
        }
      }
    }
  }

  private markMounted(value: Value): void {
    for (const v of flattenValues(value)) if (v.kind === "host") (v.host as ExpressObject).router.mounted = true;
  }

  private addRoute(router: RouterNode, method: string, paths: string[], handlerArgs: readonly ts.Expression[], call: CallContext, registrationDoc: DocComment | undefined): void {
    const parts: HandlerParts = { checks: [], handlers: [] };
    for (const arg of handlerArgs) this.collect(arg, this.interpreter.evaluate(arg, call.scope), call, parts);
    const node = call.node as ts.CallExpression;
    const callee = node.expression as ts.PropertyAccessExpression;
    const doc = handlerDoc(parts.handlers) ?? registrationDoc;
    const upper = method.toUpperCase();
    // `all(path, check)` or `all(path, middleware)` gates later routes on that path; with a handler that
    // answers (fewer than three parameters) it is also an operation for every method.
    const terminal = upper !== "ALL" || parts.handlers.some((h) => h.decl.parameters.length < 3);
    const handler = parts.handlers[parts.handlers.length - 1]?.decl;
    const layer: Layer = { type: "route", method: upper, paths, checks: parts.checks, terminal, call: node, site: siteOf(callee.name), ...(doc ? { doc } : {}), ...(handler ? { handler } : {}) };
    router.stack.push(layer);
    if (upper === "ALL") router.stack.push({ type: "middleware", paths, end: true, checks: parts.checks, site: layer.site });
  }

  /** Finds checks and handler functions in one route argument, looking inside arrays and wrapper calls. */
  private collect(node: ts.Expression, value: Value, call: CallContext, parts: HandlerParts): void {
    if (value.kind === "check") {
      parts.checks.push(value);
      return;
    }
    if (value.kind === "array") {
      const literal = unwrap(node);
      value.items.forEach((item, index) => {
        const element = ts.isArrayLiteralExpression(literal) ? literal.elements[index] : undefined;
        this.collect(element && !ts.isSpreadElement(element) ? element : node, item, call, parts);
      });
      return;
    }
    if (value.kind === "function") {
      parts.handlers.push(value);
      parts.checks.push(...this.interpreter.bodyChecks(value));
    }
    // `asyncHandler(async (req, res) => ...)`: the real handler is an argument of a wrapper call.
    const inner = unwrap(node);
    if (ts.isCallExpression(inner) && !this.interpreter.isPermissionCall(inner)) {
      for (const arg of inner.arguments) {
        if (ts.isArrowFunction(arg) || ts.isFunctionExpression(arg) || ts.isIdentifier(arg) || ts.isPropertyAccessExpression(arg) || ts.isCallExpression(arg)) {
          const argValue = this.interpreter.evaluate(arg, call.scope);
          if (argValue.kind === "function" || argValue.kind === "check" || ts.isCallExpression(arg)) this.collect(arg, argValue, call, parts);
        }
      }
    }
  }
}

function flattenValues(value: Value): Value[] {
  return value.kind === "array" ? value.items.flatMap(flattenValues) : [value];
}

function unwrap(node: ts.Expression): ts.Expression {
  let inner = node;
  while (ts.isParenthesizedExpression(inner) || ts.isAsExpression(inner) || ts.isSatisfiesExpression(inner) || ts.isNonNullExpression(inner)) inner = inner.expression;
  return inner;
}

/** A first `use()` argument that is meant as a prefix but is not static (a template, a variable, ...). */
function isPathLike(node: ts.Expression, value: Value): boolean {
  const inner = unwrap(node);
  if (ts.isTemplateExpression(inner) || ts.isBinaryExpression(inner) || ts.isStringLiteral(inner) || ts.isRegularExpressionLiteral(inner)) return true;
  return value.kind === "unknown" && (ts.isIdentifier(inner) || ts.isPropertyAccessExpression(inner) || ts.isElementAccessExpression(inner)) && /path|prefix|base|url|route/i.test(inner.getText());
}

/**
 * The doc comment of the answering handler: the last function in the arguments. Earlier functions are
 * middleware, whose comments describe themselves, not the route.
 */
function handlerDoc(handlers: FunctionValue[]): DocComment | undefined {
  const last = handlers[handlers.length - 1];
  return last ? declarationDoc(last.decl) : undefined;
}

/** JSDoc of a function's declaration: the function statement, the `const x = () => ...`, or the member. */
function declarationDoc(decl: ts.FunctionLikeDeclaration): DocComment | undefined {
  let node: ts.Node = decl;
  if (ts.isArrowFunction(decl) || ts.isFunctionExpression(decl)) {
    const parent = decl.parent;
    if (ts.isVariableDeclaration(parent)) node = ts.isVariableDeclarationList(parent.parent) && ts.isVariableStatement(parent.parent.parent) ? parent.parent.parent : parent;
    else if (ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) node = parent;
    else return undefined; // an inline handler: its doc is the registration's
  }
  return leadingDoc(node);
}

/** The comment above the statement that registers a route, when the statement registers only it. */
function statementDoc(call: ts.CallExpression): DocComment | undefined {
  let node: ts.Node = call;
  while (node.parent && (ts.isAwaitExpression(node.parent) || ts.isParenthesizedExpression(node.parent))) node = node.parent;
  if (!node.parent || !ts.isExpressionStatement(node.parent)) return undefined;
  return leadingDoc(node.parent);
}

/** In `router.route(p) /** doc *\/ .get(h)`, the comment just before the `.get`; else the statement's. */
function chainDoc(link: ts.CallExpression, routeCall: ts.CallExpression): DocComment | undefined {
  const callee = link.expression;
  if (ts.isPropertyAccessExpression(callee)) {
    const doc = leadingDoc(callee, callee.expression.end);
    if (doc) return doc;
  }
  // The statement's comment describes the chain only when the chain has a single method.
  let top: ts.Node = routeCall;
  let links = 0;
  while (top.parent && ts.isPropertyAccessExpression(top.parent) && top.parent.parent && ts.isCallExpression(top.parent.parent)) {
    top = top.parent.parent;
    links++;
  }
  return links === 1 && top.parent && ts.isExpressionStatement(top.parent) ? leadingDoc(top.parent) : undefined;
}
