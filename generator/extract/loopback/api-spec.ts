import { ts } from "../../typescript.js";
import { type DiagnosticBag, siteOf } from "../../diagnostics/diagnostic.js";
import { excerpt, explain, type Interpreter } from "../../resolve/interpreter.js";
import type { Scope } from "../../resolve/scope.js";
import { stringsOf } from "../../resolve/values.js";
import { decoratorsFrom, ROUTE_PACKAGES } from "./decorators.js";
import { apiOperations, methodName } from "./docs.js";

/**
 * The `basePath` of a class's `@api(spec)` (LoopBack joins it before each of the class's paths): `""` without
 * one, undefined (the class's routes left out, APX201) when it cannot be read.
 */
export function apiBasePath(
  cls: ts.ClassDeclaration,
  scope: Scope,
  interpreter: Interpreter,
  diagnostics: DiagnosticBag,
): string | undefined {
  for (const { name, call } of decoratorsFrom(cls, ROUTE_PACKAGES)) {
    if ((name !== "api" && name !== "oas.api") || !call.arguments[0]) continue;
    const spec = interpreter.evaluate(call.arguments[0], scope);
    const base = spec.kind === "object" ? spec.props.get("basePath") : undefined;
    if (spec.kind === "object" && (!base || base.kind === "undefined")) return "";
    const strings = base ? stringsOf(base) : undefined;
    if (strings?.length === 1) return strings[0]!;
    diagnostics.warning(
      "APX201",
      `Cannot resolve the basePath of this controller's @api spec statically: \`${excerpt(call.arguments[0])}\` ${explain(base ?? spec, base ? "a string" : "an object")}; its routes are left out.`,
      siteOf(call),
      "Write the spec as an object literal (or a const) with a string `basePath`.",
    );
    return undefined;
  }
  return "";
}

/**
 * `@api({ paths })` operations LoopBack cannot serve: one without `x-operation-name` (LoopBack refuses to start:
 * it binds operations to methods by that name) or naming a method the class does not have (the route answers
 * 404). Said, and not indexed.
 */
export function reportUnboundOperations(
  cls: ts.ClassDeclaration,
  scope: Scope,
  interpreter: Interpreter,
  diagnostics: DiagnosticBag,
): void {
  const methods = new Set(cls.members.filter(ts.isMethodDeclaration).map(methodName));
  for (const op of apiOperations(cls, scope, interpreter)) {
    if (op.method !== undefined && methods.has(op.method)) continue;
    diagnostics.warning(
      "APX201",
      op.method === undefined
        ? `The @api operation ${op.httpMethod} ${op.path} names no method (\`x-operation-name\`), which LoopBack needs to bind it; it is left out.`
        : `The @api operation ${op.httpMethod} ${op.path} is bound to \`${op.method}\`, which the class does not declare; it is left out.`,
      siteOf(op.node),
      "Set `x-operation-name` to the name of the controller method that answers the operation.",
    );
  }
}
