/**
 * How a Lambda handler that serves several methods branches on its event's method (`event.httpMethod`,
 * `event.requestContext.http.method`, destructured, in an `if` or a `switch`): which methods an `ANY` route
 * to it answers and which of its body's checks run for each. Read as a Next.js Pages Router handler's
 * `req.method` is (file-routes/request-methods.ts), so one reading serves every deployment tool.
 */
import type { Interpreter } from "../../resolve/interpreter.js";
import type { CheckValue, FunctionValue } from "../../resolve/values.js";
import { ts } from "../../typescript.js";
import { refusesMethod } from "../answered-methods.js";
import { readRequestMethods } from "../file-routes/request-methods.js";
import { ALL_METHODS } from "../flatten.js";
import type { RouteCheck } from "../router-graph.js";

/** What a Lambda handler's method tests say. */
export interface LambdaMethods {
  /**
   * The methods a route declared with `declared` is an operation for: `ANY` (or `*`) narrowed to those the
   * handler answers, when it refuses the others (a last `return { statusCode: 405 }` or a throw, a `switch`
   * over the method); any other method as declared.
   */
  methodsOf(declared: string): string[];
  /**
   * Those of a route's checks that run for `method`, of the route's `methods`: a check in the handler's body
   * in a branch over the method runs for that branch's methods only; every other check for all.
   */
  checksFor<C extends RouteCheck>(checks: readonly C[], method: string, methods: readonly string[]): C[];
}

/** The method reading of a Lambda handler, or undefined when it does not test its event's method. */
export function readLambdaMethods(fn: FunctionValue, interpreter: Interpreter): LambdaMethods | undefined {
  /** A helper the handler calls to refuse (`return methodNotAllowed()`). */
  const callee = (node: ts.Expression): ts.FunctionLikeDeclaration | undefined => {
    if (!ts.isIdentifier(node) && !ts.isPropertyAccessExpression(node)) return undefined;
    const value = interpreter.diagnostics.quietly(() => interpreter.valueInside(fn, node));
    return value.kind === "function" ? value.decl : undefined;
  };
  const reading = readRequestMethods(
    fn.decl,
    (node) => {
      const value = interpreter.valueInside(fn, node);
      return value.kind === "string" ? value.value : undefined;
    },
    (node) => {
      const value = interpreter.valueInside(fn, node);
      if (value.kind !== "array") return undefined;
      const names = value.items.map((item) => (item.kind === "string" ? item.value : undefined));
      return names.every((n) => n !== undefined) ? (names as string[]) : undefined;
    },
    callee,
    true,
  );
  if (!reading) return undefined;
  // Narrowed only when the handler refuses something (a 405, a throw): one that never does answers every
  // method, whatever its branches test (`if (event.httpMethod === "POST") check(); return ok`, a `switch`
  // whose `default` answers).
  const refuses = fn.decl.body !== undefined && (refusesMethod(fn.decl.body, callee) || throwsSomewhere(fn.decl.body));
  // The body's own checks (the same objects the route's checks hold: bodyChecks is cached per function).
  const body = new Set<RouteCheck>(interpreter.bodyChecks(fn));
  return {
    methodsOf(declared) {
      const upper = declared.toUpperCase();
      if (upper !== "ANY" && upper !== "*") return [upper];
      // A branch no test decides answers any other method: the route answers every one, as declared.
      if (reading.open || !refuses) return [...ALL_METHODS];
      const answered = ALL_METHODS.filter((m) => reading.methods.includes(m));
      return answered.length ? answered : [...ALL_METHODS];
    },
    checksFor(checks, method, methods) {
      return checks.filter(
        (c) =>
          !body.has(c) ||
          reading.methodsAt((c as unknown as CheckValue).via ?? (c as unknown as CheckValue).node, methods).includes(method),
      );
    },
  };
}

/** Whether a body throws anywhere (not in a function inside it). */
function throwsSomewhere(node: ts.Node): boolean {
  if (ts.isThrowStatement(node)) return true;
  return ts.forEachChild(node, (child) => (ts.isFunctionLike(child) ? undefined : throwsSomewhere(child) || undefined)) === true;
}
