import { ts } from "../typescript.js";
import type { Scope } from "./scope.js";
import { unwrapExpression } from "./syntax.js";

/**
 * The "run when this module is the program's entry" idioms: CommonJS's `require.main === module` and
 * `!module.parent`, Bun's and Deno's `import.meta.main`. A service guards its start-up with them
 * (`if (require.main === module) start()`) so that its tests can import the module without starting
 * servers. apidex reads the service as it runs, started: each guard is read as the entry's (true), so the
 * routes its start-up registers are the service's, not routes "served only when that branch is taken".
 * In a module another entry imports the guard is false at run time, but that entry then starts the service
 * itself; reading the guard as taken registers nothing the service does not (a registration read twice from
 * one site is one route).
 */

/** `require.main === module` (either order, `==`/`!=`/`!==` too) while `require` and `module` are Node's: its value, else undefined. */
export function entryComparison(node: ts.BinaryExpression, scope: Scope): boolean | undefined {
  const op = node.operatorToken.kind;
  const equal = op === ts.SyntaxKind.EqualsEqualsEqualsToken || op === ts.SyntaxKind.EqualsEqualsToken;
  const unequal = op === ts.SyntaxKind.ExclamationEqualsEqualsToken || op === ts.SyntaxKind.ExclamationEqualsToken;
  if (!equal && !unequal) return undefined;
  const left = unwrapExpression(node.left);
  const right = unwrapExpression(node.right);
  const matches = (isRequireMain(left, scope) && isModule(right, scope)) || (isModule(left, scope) && isRequireMain(right, scope));
  return matches ? equal : undefined;
}

/** `module.parent` of Node's `module` (the entry module has none). */
export function isModuleParent(node: ts.PropertyAccessExpression, scope: Scope): boolean {
  return node.name.text === "parent" && isModule(unwrapExpression(node.expression), scope);
}

/** `import.meta.main` (Bun, Deno): true in the entry module. */
export function isImportMetaMain(node: ts.PropertyAccessExpression): boolean {
  const target = node.expression;
  return (
    node.name.text === "main" &&
    ts.isMetaProperty(target) &&
    target.keywordToken === ts.SyntaxKind.ImportKeyword &&
    target.name.text === "meta"
  );
}

function isModule(node: ts.Expression, scope: Scope): boolean {
  return ts.isIdentifier(node) && node.text === "module" && !scope.lookup("module");
}

function isRequireMain(node: ts.Expression, scope: Scope): boolean {
  return (
    ts.isPropertyAccessExpression(node) &&
    node.name.text === "main" &&
    ts.isIdentifier(node.expression) &&
    node.expression.text === "require" &&
    !scope.lookup("require")
  );
}
