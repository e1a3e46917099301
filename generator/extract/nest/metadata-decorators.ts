import { isAnyOfOption, isPermissionMetadataKey, isPermissionOption } from "../../resolve/permission-option.js";
import { ts } from "../../typescript.js";
import { isFunctionLike, type Interpreter } from "../../resolve/interpreter.js";
import type { Scope } from "../../resolve/scope.js";
import { unwrapExpression } from "../../resolve/syntax.js";
import type { Value } from "../../resolve/values.js";

/**
 * NestJS permission decorators recognized by what they do rather than by name: `SetMetadata(key, value)`
 * with a permission metadata key, written on the method (`@SetMetadata("permissions", ["users:delete"])`)
 * or inside a decorator of the project (`export const Auth = (...permissions: Permission[]) =>
 * applyDecorators(SetMetadata(PERMISSIONS_KEY, permissions), UseGuards(PermissionsGuard))`). A guard reads
 * them by that key, so the key names what they are: `permissions`, `scopes` (any case and separator).
 * Likewise a decorator given an options object whose `permission` (`permissions`, `scope`, `scopes`,
 * `apiKeyPermissions`: see `isPermissionOption`) property holds the key; one that sets none there
 * (`@Auth({ admin: true })`) names no key.
 */

/** Where a metadata decorator's keys come from, for one decorator on a class or method. */
export interface MetadataKeySource {
  /** The decorator call on the class or method. */
  call: ts.CallExpression;
  /** The expressions (in `scope`) that evaluate to the keys. */
  keys: readonly ts.Expression[];
  scope: Scope;
  /** The keys are alternatives: an options property named for them says so (`{ anyPermissions: [...] }`). */
  any?: boolean;
}

/**
 * The permission-metadata decorators on a class or method, other than those named in `skip` (configured
 * by name: read as configured). Each gives the expressions holding its keys: the value passed to
 * `SetMetadata` directly, or the decorator call's own arguments that the project's decorator hands to it
 * (a parameter, a rest parameter, or an array spreading one).
 */
export function metadataPermissionDecorators(
  node: ts.Node,
  skip: ReadonlySet<string>,
  scope: Scope,
  interpreter: Interpreter,
): MetadataKeySource[] {
  const out: MetadataKeySource[] = [];
  for (const decorator of (ts.canHaveDecorators(node) ? ts.getDecorators(node) : undefined) ?? []) {
    const call = decorator.expression;
    if (!ts.isCallExpression(call) || !ts.isIdentifier(call.expression) || skip.has(call.expression.text)) continue;
    if (call.expression.text === "SetMetadata") {
      if (call.arguments[0] && call.arguments[1] && setsPermissionMetadata(call.arguments[0], scope, interpreter))
        out.push({ call, keys: [call.arguments[1]], scope });
      continue;
    }
    // An options object that names the permission (`@Authenticated({ permission: Permission.AssetRead })`):
    // its property is the key, whatever the decorator is called. Nest's own decorators are not the project's
    // checks (`@Controller({ path, scope: Scope.REQUEST })` is an injection scope).
    if (fromNestPackage(call.expression)) continue;
    const option = call.arguments.flatMap((arg) => {
      const literal = unwrapExpression(arg);
      if (!ts.isObjectLiteralExpression(literal)) return [];
      return literal.properties.flatMap((p) =>
        ts.isPropertyAssignment(p) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) && isPermissionOption(p.name.text)
          ? [{ key: p.initializer, any: isAnyOfOption(p.name.text) }]
          : [],
      );
    });
    if (option.length) {
      // Keys named as alternatives (`anyPermissions`) are their own check: the others stay required.
      const required = option.filter((o) => !o.any).map((o) => o.key);
      const alternatives = option.filter((o) => o.any).map((o) => o.key);
      if (required.length) out.push({ call, keys: required, scope });
      if (alternatives.length) out.push({ call, keys: alternatives, scope, any: true });
      continue;
    }
    const fn = interpreter.evaluate(call.expression, scope);
    if (fn.kind !== "function") continue;
    const handed = handedParameters(fn, interpreter);
    if (!handed) continue;
    const keys: ts.Expression[] = [];
    fn.decl.parameters.forEach((parameter, index) => {
      if (!handed.has(parameter)) return;
      keys.push(...(parameter.dotDotDotToken ? call.arguments.slice(index) : call.arguments.slice(index, index + 1)));
    });
    out.push({ call, keys, scope });
  }
  return out;
}

/**
 * The parameters of a project decorator that it passes as the value of a permission `SetMetadata`:
 * undefined when it sets no permission metadata (then it is no permission decorator).
 */
function handedParameters(fn: Extract<Value, { kind: "function" }>, interpreter: Interpreter): Set<ts.ParameterDeclaration> | undefined {
  const body = fn.decl.body;
  if (!body) return undefined;
  const byName = new Map<string, ts.ParameterDeclaration>();
  for (const p of fn.decl.parameters) if (ts.isIdentifier(p.name)) byName.set(p.name.text, p);
  let found: Set<ts.ParameterDeclaration> | undefined;
  const visit = (n: ts.Node): void => {
    if (n !== body && isFunctionLike(n)) return;
    if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === "SetMetadata" && n.arguments.length >= 2) {
      if (setsPermissionMetadata(n.arguments[0]!, fn.scope, interpreter)) {
        found ??= new Set();
        const value = unwrapExpression(n.arguments[1]!);
        const names = ts.isIdentifier(value)
          ? [value.text]
          : ts.isArrayLiteralExpression(value)
            ? value.elements.flatMap((e) => {
                const inner = ts.isSpreadElement(e) ? unwrapExpression(e.expression) : unwrapExpression(e);
                return ts.isIdentifier(inner) ? [inner.text] : [];
              })
            : [];
        for (const name of names) {
          const parameter = byName.get(name);
          if (parameter) found.add(parameter);
        }
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(body);
  return found;
}

/**
 * Whether `SetMetadata(key, ...)` sets permission metadata: the key's string value says so
 * (`"permissions"`, `"__permission_key__"`), or the name of the constant it is read from
 * (`PERMISSION_KEY`, `MetadataKeys.SCOPES`), the only name a guard and a decorator share when the value is
 * opaque (`Symbol("perm")`, a generated string).
 */
function setsPermissionMetadata(arg: ts.Expression, scope: Scope, interpreter: Interpreter): boolean {
  const key = interpreter.evaluate(arg, scope);
  if (key.kind === "string" && isPermissionMetadataKey(key.value)) return true;
  const written = unwrapExpression(arg);
  const name = ts.isIdentifier(written) ? written.text : ts.isPropertyAccessExpression(written) ? written.name.text : undefined;
  return name !== undefined && isPermissionMetadataKey(name);
}

/** Whether a decorator's name is imported from one of NestJS's own packages (`@nestjs/common`, `@nestjs/swagger`). */
export function fromNestPackage(identifier: ts.Identifier): boolean {
  for (const statement of identifier.getSourceFile().statements) {
    if (
      !ts.isImportDeclaration(statement) ||
      !ts.isStringLiteral(statement.moduleSpecifier) ||
      !statement.moduleSpecifier.text.startsWith("@nestjs/")
    )
      continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings) && bindings.elements.some((e) => e.name.text === identifier.text)) return true;
  }
  return false;
}
