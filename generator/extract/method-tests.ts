/**
 * How a handler tests the request's method: `req.method === "POST"`, `request.method !== "GET"`,
 * `["GET", "HEAD"].includes(req.method)`, `switch (ctx.method)`, h3's `isMethod(event, "POST")`,
 * `getMethod(event)`, `event.node.req.method` and `assertMethod(event, [...])`; for an AWS Lambda handler, the API
 * Gateway event's method fields. Shared by the readers of handlers that answer several methods (a Next.js Pages
 * Router API route, an `all()` route, a Lambda function behind an `ANY` route).
 */
import type { ts as Ts } from "ts-morph";
import { unwrapExpression } from "../resolve/syntax.js";
import { ts } from "../typescript.js";

/** A test of the request method: true for the methods in `methods` (or, negated, for all the others). */
export interface MethodTest {
  methods: Set<string>;
  negated: boolean;
}

export interface MethodTests {
  /** Whether an expression is the request's method (`req.method`, `ctx.request.method`, an alias of it). */
  isMethod(node: ts.Expression): boolean;
  /** The upper-case method a compared expression names (a string literal, or what `value` reads). */
  methodName(node: ts.Expression): string | undefined;
  /** What a condition says of the method, when it is a test of the method alone. */
  testOf(node: ts.Expression): MethodTest | undefined;
  /** The methods a statement asserts, refusing every other (h3's `assertMethod(event, ["GET", "POST"])`). */
  assertion(statement: ts.Statement): string[] | undefined;
}

/**
 * The method tests of a handler whose first parameter is the request (`(req, res)`, `(request, reply)`) or a
 * context holding it (Koa's `ctx.method` and `ctx.request.method`, Hono's `c.req.method`, Remix's
 * `({ request })`); also through
 * `const { method } = req` and `const method = req.method`. `value` reads a compared expression that is not a
 * string literal (a const, an enum member). Undefined when the handler has no such parameter.
 */
export function methodTests(
  fn: ts.FunctionLikeDeclaration,
  value: (node: ts.Expression) => string | undefined,
  /** Reads a list the method is looked up in that is not an array literal (`allowed.includes(req.method)`). */
  list?: (node: ts.Expression) => string[] | undefined,
  /**
   * The first parameter is an API Gateway proxy event (a Lambda handler's): its method is also
   * `event.httpMethod` (REST API, payload 1.0; also `event.requestContext.httpMethod`) and
   * `event.requestContext.http.method` (HTTP API, payload 2.0), read directly or destructured.
   */
  lambdaEvent = false,
  /** Which parameter is the request (a fetch handler's helper `handleApi(pathname, request)`); the first by default. */
  requestIndex = 0,
): MethodTests | undefined {
  const body = fn.body;
  const request = fn.parameters[requestIndex];
  if (!body || !request) return undefined;
  const aliases = new Set<string>(); // names bound to the method
  let requestName: string | undefined;
  if (ts.isIdentifier(request.name)) requestName = request.name.text;
  else if (ts.isObjectBindingPattern(request.name)) {
    addMethodBindings(request.name, aliases);
    if (lambdaEvent) addEventBindings(request.name, "event", aliases);
    // Remix and React Router: `action({ request, params })`.
    for (const element of request.name.elements) {
      const property = element.propertyName ?? element.name;
      if (ts.isIdentifier(property) && (property.text === "request" || property.text === "req") && ts.isIdentifier(element.name))
        requestName = element.name.text;
    }
  }

  /** `req`, or the request a context holds (`ctx.request`, `c.req`). */
  const isRequest = (node: ts.Expression): boolean => {
    const inner = unwrapExpression(node);
    if (ts.isIdentifier(inner)) return inner.text === requestName;
    return (
      (ts.isPropertyAccessExpression(inner) || ts.isPropertyAccessChain(inner)) &&
      (inner.name.text === "request" || inner.name.text === "req") &&
      ts.isIdentifier(unwrapExpression(inner.expression)) &&
      (unwrapExpression(inner.expression) as Ts.Identifier).text === requestName
    );
  };
  /** h3's event, whose Node request is `event.node.req`. */
  const isNodeRequest = (node: ts.Expression): boolean => {
    const inner = unwrapExpression(node);
    return (
      ts.isPropertyAccessExpression(inner) &&
      inner.name.text === "req" &&
      ts.isPropertyAccessExpression(unwrapExpression(inner.expression)) &&
      (unwrapExpression(inner.expression) as Ts.PropertyAccessExpression).name.text === "node" &&
      isRequest((unwrapExpression(inner.expression) as Ts.PropertyAccessExpression).expression)
    );
  };
  /** What part of a Lambda event an expression is: the event, its `requestContext`, or that's `http`. */
  const eventPart = (node: ts.Expression): EventPart | undefined => {
    if (!lambdaEvent) return undefined;
    const inner = unwrapExpression(node);
    if (ts.isIdentifier(inner)) return inner.text === requestName ? "event" : undefined;
    if (!ts.isPropertyAccessExpression(inner) && !ts.isPropertyAccessChain(inner)) return undefined;
    const parent = eventPart(inner.expression);
    return parent ? EVENT_PARTS[parent][inner.name.text] : undefined;
  };
  const isMethod = (node: ts.Expression): boolean => {
    const inner = unwrapExpression(node);
    if (ts.isIdentifier(inner)) return aliases.has(inner.text);
    if (
      lambdaEvent &&
      (ts.isPropertyAccessExpression(inner) || ts.isPropertyAccessChain(inner)) &&
      METHOD_FIELDS[eventPart(inner.expression) ?? "none"] === inner.name.text
    )
      return true;
    if ((ts.isPropertyAccessExpression(inner) || ts.isPropertyAccessChain(inner)) && inner.name.text === "method")
      return isRequest(inner.expression) || isNodeRequest(inner.expression);
    // h3: `getMethod(event)`
    if (ts.isCallExpression(inner) && ts.isIdentifier(inner.expression) && inner.expression.text === "getMethod" && inner.arguments[0])
      return isRequest(inner.arguments[0]);
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
        // `!req.method || !allowed.includes(req.method)`: a request always has a method, so a test of its
        // absence holds for none (and `req.method && ...` of its presence for all): the other side decides.
        const presence = (side: ts.Expression): boolean | undefined => {
          const bare = unwrapExpression(side);
          if (isMethod(bare)) return true;
          return ts.isPrefixUnaryExpression(bare) &&
            bare.operator === ts.SyntaxKind.ExclamationToken &&
            isMethod(unwrapExpression(bare.operand))
            ? false
            : undefined;
        };
        const neutral = op === ts.SyntaxKind.BarBarToken ? false : true;
        if (presence(inner.left) === neutral) return testOf(inner.right);
        if (presence(inner.right) === neutral) return testOf(inner.left);
        const left = testOf(inner.left);
        const right = testOf(inner.right);
        // `a === "GET" || a === "POST"`; `a !== "GET" && a !== "POST"` (the same test, negated)
        if (left && right && left.negated === right.negated && left.negated === (op === ts.SyntaxKind.AmpersandAmpersandToken))
          return { methods: new Set([...left.methods, ...right.methods]), negated: left.negated };
        return undefined;
      }
    }
    // h3: `isMethod(event, "POST")`, `isMethod(event, ["GET", "HEAD"])`
    const h3 = h3MethodArgument(inner, "isMethod");
    if (h3 && isRequest(h3.event)) {
      const names = namesOf(h3.methods);
      return names ? { methods: new Set(names), negated: false } : undefined;
    }
    // `["GET", "POST"].includes(req.method)`
    if (
      ts.isCallExpression(inner) &&
      ts.isPropertyAccessExpression(inner.expression) &&
      inner.expression.name.text === "includes" &&
      inner.arguments[0] &&
      isMethod(inner.arguments[0])
    ) {
      const listed = unwrapExpression(inner.expression.expression);
      if (!ts.isArrayLiteralExpression(listed)) {
        const names = list?.(listed);
        return names ? { methods: new Set(names.map((n) => n.toUpperCase())), negated: false } : undefined;
      }
      const names = listed.elements.map((e) => (ts.isSpreadElement(e) ? undefined : methodName(e)));
      if (names.some((n) => n === undefined)) return undefined;
      return { methods: new Set(names as string[]), negated: false };
    }
    return undefined;
  };

  /** The methods a string, an array of them, or a const of either names, upper case. */
  const namesOf = (node: ts.Expression): string[] | undefined => {
    const inner = unwrapExpression(node);
    if (ts.isArrayLiteralExpression(inner)) {
      const names = inner.elements.map((e) => (ts.isSpreadElement(e) ? undefined : methodName(e)));
      return names.some((n) => n === undefined) ? undefined : (names as string[]);
    }
    const one = methodName(inner);
    if (one) return [one];
    return list?.(inner)?.map((n) => n.toUpperCase());
  };
  /** h3's `assertMethod(event, "POST")` as a statement: it throws 405 for any other method. */
  const assertion = (statement: ts.Statement): string[] | undefined => {
    if (!ts.isExpressionStatement(statement)) return undefined;
    const h3 = h3MethodArgument(unwrapExpression(statement.expression), "assertMethod");
    return h3 && isRequest(h3.event) ? namesOf(h3.methods) : undefined;
  };

  // Aliases first: `const { method } = req`, `const method = req.method`.
  const collectAliases = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && node.initializer) {
      const init = unwrapExpression(node.initializer);
      const part = ts.isObjectBindingPattern(node.name) ? eventPart(init) : undefined;
      if (ts.isObjectBindingPattern(node.name) && isRequest(init)) addMethodBindings(node.name, aliases);
      // `const { httpMethod } = event`, `const { method } = event.requestContext.http`
      if (part && ts.isObjectBindingPattern(node.name)) addEventBindings(node.name, part, aliases);
      else if (ts.isIdentifier(node.name) && isMethod(init)) aliases.add(node.name.text);
    }
    ts.forEachChild(node, collectAliases);
  };
  collectAliases(body);
  return { isMethod, methodName, testOf, assertion };
}

/** `name(event, methods)` (h3's `isMethod`, `assertMethod`), awaited or not: its two arguments. */
function h3MethodArgument(node: ts.Expression, name: string): { event: ts.Expression; methods: ts.Expression } | undefined {
  const inner = ts.isAwaitExpression(node) ? unwrapExpression(node.expression) : node;
  if (!ts.isCallExpression(inner) || !ts.isIdentifier(inner.expression) || inner.expression.text !== name) return undefined;
  const [event, methods] = inner.arguments;
  return event && methods ? { event, methods } : undefined;
}

/** The parts of an API Gateway proxy event that hold its method, and the parts below each. */
type EventPart = "event" | "context" | "http";
const EVENT_PARTS: Record<EventPart, Record<string, EventPart | undefined>> = {
  event: { requestContext: "context" },
  context: { http: "http" },
  http: {},
};
/** The field that holds the method in each part (`event.httpMethod`, `event.requestContext.http.method`). */
const METHOD_FIELDS: Record<EventPart | "none", string | undefined> = {
  event: "httpMethod",
  context: "httpMethod",
  http: "method",
  none: undefined,
};

/**
 * The names a destructuring of a Lambda event part binds to its method, nested patterns too:
 * `{ httpMethod }`, `{ requestContext: { http: { method: verb } } }`.
 */
function addEventBindings(pattern: Ts.ObjectBindingPattern, part: EventPart, aliases: Set<string>): void {
  for (const element of pattern.elements) {
    const property = element.propertyName ?? element.name;
    if (!ts.isIdentifier(property)) continue;
    if (ts.isIdentifier(element.name)) {
      if (METHOD_FIELDS[part] === property.text) aliases.add(element.name.text);
    } else if (ts.isObjectBindingPattern(element.name)) {
      const below = EVENT_PARTS[part][property.text];
      if (below) addEventBindings(element.name, below, aliases);
    }
  }
}

function addMethodBindings(pattern: Ts.ObjectBindingPattern, aliases: Set<string>): void {
  for (const element of pattern.elements) {
    const property = element.propertyName ?? element.name;
    if (ts.isIdentifier(property) && property.text === "method" && ts.isIdentifier(element.name)) aliases.add(element.name.text);
  }
}

/**
 * Whether a branch always leaves the handler: it returns or throws (at its end, or is that statement),
 * also through Koa's `ctx.throw(405)`, which throws.
 */
export function exits(statement: ts.Statement): boolean {
  if (ts.isReturnStatement(statement) || throws(statement)) return true;
  if (ts.isBlock(statement)) {
    const last = statement.statements[statement.statements.length - 1];
    return last !== undefined && exits(last);
  }
  return false;
}

/** Whether a statement, or a block's last one, throws: `throw ...`, or Koa's `ctx.throw(405)`. */
export function throws(statement: ts.Statement): boolean {
  if (ts.isBlock(statement)) {
    const last = statement.statements[statement.statements.length - 1];
    return last !== undefined && throws(last);
  }
  if (ts.isThrowStatement(statement)) return true;
  if (!ts.isExpressionStatement(statement)) return false;
  const call = unwrapExpression(statement.expression);
  return ts.isCallExpression(call) && ts.isPropertyAccessExpression(call.expression) && call.expression.name.text === "throw";
}
