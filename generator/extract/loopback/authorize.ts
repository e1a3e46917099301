import { ts } from "../../typescript.js";
import { type DiagnosticBag, siteOf } from "../../diagnostics/diagnostic.js";
import { excerpt, type Interpreter } from "../../resolve/interpreter.js";
import type { Scope } from "../../resolve/scope.js";
import type { Value } from "../../resolve/values.js";
import { middlewareChecks } from "../decorated-controllers.js";
import { DEFAULT_PERMISSION_DECORATORS, permissionChecks } from "../nest/index.js";
import type { RouteCheck } from "../router-graph.js";
import { propertyOf } from "../shared.js";
import { decoratorsFrom, type NamedDecorator } from "./decorators.js";
import { extendsClause } from "../inherited-methods.js";

/** @loopback/authorization's `@authorize`: `scopes` are the keys an operation needs; roles are not keys. */
const LOOPBACK_AUTHORIZATION = new Set(["@loopback/authorization"]);
/** SourceFuse's loopback4-authorization: `@authorize({ permissions })`, any one of which lets the caller in. */
const ARC_AUTHORIZATION = new Set(["loopback4-authorization"]);

/**
 * The checks on a LoopBack controller class or method: the project's permission decorators (as for the other
 * decorator frameworks), and `@authorize(...)` — the method's own replacing its class's, as
 * `getAuthorizationMetadata` reads them (several on one method merge, as its decorator factory merges them).
 *
 * - @loopback/authorization: `scopes` (also `@authorize.scope(...)`) are required keys; `allowedRoles`,
 *   `deniedRoles` (`allow`, `deny`, `allowAll`, `allowAuthenticated`, ...) and `resource` name none, as roles
 *   are no keys elsewhere in apidex; `voters` given as functions bring the checks in their bodies;
 *   `@authorize.skip()` (`skip: true`) lifts the class's.
 * - loopback4-authorization: `permissions` are alternatives (its authorizer lets a caller in who holds one of
 *   them); `["*"]` lets everyone in.
 */
export function loopbackChecks(
  node: ts.ClassDeclaration | ts.MethodDeclaration,
  scope: Scope,
  interpreter: Interpreter,
  diagnostics: DiagnosticBag,
  controller?: ts.ClassDeclaration,
): RouteCheck[] {
  const checks = permissionChecks(node, DEFAULT_PERMISSION_DECORATORS, scope, interpreter, diagnostics, frameworkDecorators(node));
  if (ts.isClassDeclaration(node)) return checks;
  const own = authorizeDecorators(node);
  if (own.length) {
    for (const { name, call, arc } of own) checks.push(...authorizeChecks(name, call, arc, scope, interpreter, diagnostics));
    return checks;
  }
  // The class's: the controller's own `@authorize`, else the nearest ancestor's (`getClassMetadata` inherits it),
  // read in the file of the class that writes it.
  const ofClass = classAuthorize(controller ?? (node.parent as ts.ClassLikeDeclaration), interpreter);
  for (const { name, call, arc } of ofClass?.decorators ?? [])
    checks.push(...authorizeChecks(name, call, arc, ofClass!.scope, interpreter, diagnostics));
  return checks;
}

/** The `@authorize` decorators a class answers with: its own, else those of the nearest class it extends that has one. */
function classAuthorize(
  cls: ts.ClassLikeDeclaration,
  interpreter: Interpreter,
): { decorators: AuthorizeDecorator[]; scope: Scope } | undefined {
  const seen = new Set<ts.ClassLikeDeclaration>();
  for (let current: ts.ClassLikeDeclaration | undefined = cls; current && !seen.has(current); ) {
    seen.add(current);
    const scope: Scope = interpreter.module(current.getSourceFile()).scope;
    const decorators = authorizeDecorators(current);
    if (decorators.length) return { decorators, scope };
    const heritage = extendsClause(current);
    const base: Value | undefined = heritage ? interpreter.evaluate(heritage.expression, scope) : undefined;
    current = base?.kind === "class" ? base.decl : undefined;
  }
  return undefined;
}

/**
 * Decorators the generic reading of permission options leaves alone: `@authorize`, read here, and LoopBack's
 * own (`@bind({ scope: BindingScope.TRANSIENT })` names an injection scope, not a key).
 */
function frameworkDecorators(node: ts.Node): ReadonlySet<string> {
  const names = new Set(["authorize"]);
  for (const statement of node.getSourceFile().statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (!statement.moduleSpecifier.text.startsWith("@loopback/")) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings)) for (const e of bindings.elements) names.add(e.name.text);
  }
  return names;
}

interface AuthorizeDecorator extends NamedDecorator {
  /** From loopback4-authorization. */
  arc: boolean;
}

function authorizeDecorators(node: ts.Node): AuthorizeDecorator[] {
  const pick = (packages: ReadonlySet<string>, arc: boolean) =>
    decoratorsFrom(node, packages)
      .filter((d) => d.name === "authorize" || d.name.startsWith("authorize."))
      .map((d) => ({ ...d, arc }));
  return [...pick(LOOPBACK_AUTHORIZATION, false), ...pick(ARC_AUTHORIZATION, true)];
}

function authorizeChecks(
  name: string,
  call: ts.CallExpression,
  arc: boolean,
  scope: Scope,
  interpreter: Interpreter,
  diagnostics: DiagnosticBag,
): RouteCheck[] {
  const unreadable = (arg: ts.Expression, why: string): void =>
    diagnostics.warning(
      "APX301",
      `Cannot resolve the keys of this @${name}: \`${excerpt(arg)}\` ${why}; the operations it guards are marked \`unresolved\`.`,
      siteOf(arg),
      "Pass string literals, consts, `as const` members or string enum members.",
    );
  // `@authorize.scope("a", "b")`: each argument a required key.
  if (!arc && name === "authorize.scope") {
    const check: RouteCheck = { keys: [] };
    for (const arg of call.arguments)
      interpreter.readKeysInto(arg, interpreter.evaluate(arg, scope), [], check, (why) => unreadable(arg, why));
    return [check];
  }
  if (!arc && name === "authorize.vote") return middlewareChecks([...call.arguments], scope, interpreter);
  // The other shortcuts name roles (`allow`, `deny`, `allowAll`, ...) or lift the checks (`skip`).
  if (name !== "authorize") return [];
  const arg = call.arguments[0];
  if (!arg) return [];
  const out: RouteCheck[] = [];
  const value = interpreter.evaluate(arg, scope);
  if (arc) {
    const check: RouteCheck = { keys: [], any: true };
    interpreter.readKeysInto(arg, value, ["permissions"], check, (why) => unreadable(arg, why));
    // `permissions: ["*"]` lets every caller in.
    if (check.keys.includes("*")) return [];
    // A one-key group is that key required (requirementsOf).
    return [check];
  }
  if (value.kind === "object" && value.props.get("skip")?.kind === "boolean") {
    const skip = value.props.get("skip");
    if (skip?.kind === "boolean" && skip.value) return [];
  }
  const check: RouteCheck = { keys: [] };
  interpreter.readKeysInto(arg, value, ["scopes"], check, (why) => unreadable(arg, why));
  // Pushed even when empty: keys only the type checker can read, or its report, land in it later (finishChecks).
  out.push(check);
  // Voters written as functions decide in their bodies; a voter bound by key is another provider.
  const voters = ts.isObjectLiteralExpression(arg) ? propertyOf(arg, "voters") : undefined;
  if (voters && ts.isArrayLiteralExpression(voters)) out.push(...middlewareChecks([...voters.elements], scope, interpreter));
  return out;
}
