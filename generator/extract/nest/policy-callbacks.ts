/**
 * Checks a decorator hands to a guard as functions: CASL's NestJS recipe,
 * `@CheckPolicies((ability: AppAbility) => ability.can(Action.Read, Article))` or
 * `@CheckPolicies(new ReadArticlePolicyHandler())` (a class whose `handle(ability)` decides), which a
 * policies guard runs for the routes the decorator is on. The checks those functions make are read as the
 * decorator's permission metadata (extract/nest/index.ts), so the guard's Reflector reads decide whether a
 * class's policies apply to its methods.
 */
import { ts } from "../../typescript.js";
import type { Interpreter } from "../../resolve/interpreter.js";
import type { Scope } from "../../resolve/scope.js";
import type { FunctionValue } from "../../resolve/values.js";
import type { RouteCheck } from "../router-graph.js";

/** Each check the policy functions of a class's or method's decorators make, with the decorator call. */
export function policyChecks(node: ts.Node, scope: Scope, interpreter: Interpreter): { call: ts.CallExpression; check: RouteCheck }[] {
  const decorators = ts.canHaveDecorators(node) ? (ts.getDecorators(node) ?? []) : [];
  const out: { call: ts.CallExpression; check: RouteCheck }[] = [];
  for (const decorator of decorators) {
    const call = decorator.expression;
    if (!ts.isCallExpression(call)) continue;
    for (const arg of call.arguments) {
      // Only functions written for it, or instances of the sources' classes: another decorator's options are no policy.
      if (!ts.isArrowFunction(arg) && !ts.isFunctionExpression(arg) && !ts.isNewExpression(arg) && !ts.isIdentifier(arg)) continue;
      // The check itself: keys the type checker reads later (Interpreter.finishChecks) land in it.
      for (const fn of policyFunctions(interpreter.evaluate(arg, scope)))
        for (const made of interpreter.bodyChecks(fn)) out.push({ call, check: made });
    }
  }
  return out;
}

/** A policy handler as a function, or the `handle` method of an instance of a class of the sources. */
function policyFunctions(value: ReturnType<Interpreter["evaluate"]>): FunctionValue[] {
  if (value.kind === "function") return [value];
  if (value.kind !== "instance") return [];
  const handle = value.decl.members.find(
    (m): m is ts.MethodDeclaration =>
      ts.isMethodDeclaration(m) && ts.isIdentifier(m.name) && m.name.text === "handle" && m.body !== undefined,
  );
  return handle ? [{ kind: "function", decl: handle, scope: value.scope }] : [];
}
