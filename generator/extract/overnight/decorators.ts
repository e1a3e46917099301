import { ts } from "../../typescript.js";
import type { DiagnosticBag } from "../../diagnostics/diagnostic.js";
import type { Interpreter } from "../../resolve/interpreter.js";
import type { Scope } from "../../resolve/scope.js";
import { decoratorChecks, importedFrom } from "../decorated-controllers.js";
import { DEFAULT_PERMISSION_DECORATORS } from "../nest/index.js";
import type { RouteCheck } from "../router-graph.js";

/** The package whose decorators and `Server` make an OvernightJS service. */
export const OVERNIGHT_PACKAGES: ReadonlySet<string> = new Set(["@overnightjs/core"]);

/**
 * OvernightJS's verb decorators and the method each registers on its Express router: the common ones, and the
 * others Express routes (`@Lock`, `@Copy`, `@Search`, ...: operations of the index, which OpenAPI documents
 * only as far as it has their method).
 */
export const OVERNIGHT_VERBS: Readonly<Record<string, string>> = {
  Get: "GET",
  Post: "POST",
  Put: "PUT",
  Patch: "PATCH",
  Delete: "DELETE",
  Head: "HEAD",
  Options: "OPTIONS",
  All: "ALL",
  Checkout: "CHECKOUT",
  Copy: "COPY",
  Lock: "LOCK",
  Merge: "MERGE",
  Mkactivity: "MKACTIVITY",
  Mkcol: "MKCOL",
  Move: "MOVE",
  MSearch: "M-SEARCH",
  Notify: "NOTIFY",
  Purge: "PURGE",
  Report: "REPORT",
  Search: "SEARCH",
  Subscribe: "SUBSCRIBE",
  Trace: "TRACE",
  Unlock: "UNLOCK",
  Unsubscribe: "UNSUBSCRIBE",
};

/** Decorators whose argument is middleware (or a list of it), or a wrapper around the handler, that runs before it. */
const MIDDLEWARE = new Set(["ClassMiddleware", "Middleware", "ClassWrapper", "Wrapper"]);

/** The middleware and wrappers of a class or a method, and the project's permission decorators. */
export function nodeChecks(
  node: ts.ClassDeclaration | ts.MethodDeclaration,
  scope: Scope,
  interpreter: Interpreter,
  diagnostics: DiagnosticBag,
): RouteCheck[] {
  return decoratorChecks(node, scope, interpreter, diagnostics, DEFAULT_PERMISSION_DECORATORS, (call) =>
    MIDDLEWARE.has(call.expression.text) && importedFrom(call.expression, OVERNIGHT_PACKAGES) ? call.arguments.slice(0, 1) : undefined,
  );
}

/** Whether a decorator call is one of OvernightJS's by name (`@Controller`, `@ChildControllers`). */
export function overnightDecorator(node: ts.Node, name: string): ts.CallExpression | undefined {
  for (const decorator of ts.canHaveDecorators(node) ? (ts.getDecorators(node) ?? []) : []) {
    const call = decorator.expression;
    if (
      ts.isCallExpression(call) &&
      ts.isIdentifier(call.expression) &&
      call.expression.text === name &&
      importedFrom(call.expression, OVERNIGHT_PACKAGES)
    )
      return call;
  }
  return undefined;
}
