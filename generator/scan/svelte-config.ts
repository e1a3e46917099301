/**
 * The import aliases a SvelteKit config declares, read from its text without running it: `svelte-kit sync`
 * writes them into `.svelte-kit/tsconfig.json`, which a checkout lacks, so module resolution needs them from
 * `svelte.config.js` itself. Only what is written as a string is read (SvelteKit requires strings there);
 * the config object may be the default export or a `const` it names.
 */
import { topLevelInitializer } from "../resolve/syntax.js";
import { ts } from "../typescript.js";

export interface SvelteKitAliases {
  /** `kit.files.lib` (the folder `$lib` stands for), when written as a string. */
  lib?: string;
  /** `kit.alias` entries: the alias (without a trailing `/*`) and the path it stands for (relative to the config's folder). */
  alias: { name: string; target: string }[];
}

export function readSvelteKitAliases(fileName: string, text: string): SvelteKitAliases {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const kit = objectAt(file, configObject(file), "kit");
  const lib = stringOf(file, propertyOf(file, objectAt(file, kit, "files"), "lib"));
  const alias: SvelteKitAliases["alias"] = [];
  const aliases = objectAt(file, kit, "alias");
  for (const p of aliases?.properties ?? []) {
    if (!ts.isPropertyAssignment(p)) continue;
    const key = ts.isIdentifier(p.name) || ts.isStringLiteralLike(p.name) ? p.name.text : undefined;
    const target = stringOf(file, p.initializer);
    // `"$api/*": "./src/api/*"` says what `$api` already does for the folder's contents.
    if (key && target) alias.push({ name: key.replace(/\/\*$/, ""), target: target.replace(/\/\*$/, "") });
  }
  return { ...(lib !== undefined ? { lib } : {}), alias };
}

/** The config object: `export default { ... }`, `export default config` of a `const`, or a call's first argument (`defineConfig({ ... })`). */
function configObject(file: ts.SourceFile): ts.ObjectLiteralExpression | undefined {
  for (const statement of file.statements)
    if (ts.isExportAssignment(statement) && !statement.isExportEquals) return objectOf(file, statement.expression);
  // `module.exports = { ... }` (svelte.config.cjs).
  for (const statement of file.statements)
    if (
      ts.isExpressionStatement(statement) &&
      ts.isBinaryExpression(statement.expression) &&
      statement.expression.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      statement.expression.left.getText(file) === "module.exports"
    )
      return objectOf(file, statement.expression.right);
  return undefined;
}

/** An object literal an expression is, names (a top-level `const`), or passes first to a call. */
function objectOf(file: ts.SourceFile, node: ts.Expression | undefined, depth = 0): ts.ObjectLiteralExpression | undefined {
  if (!node || depth > 8) return undefined;
  const e = unwrap(node);
  if (ts.isObjectLiteralExpression(e)) return e;
  if (ts.isIdentifier(e)) return objectOf(file, topLevelInitializer(file, e.text, true), depth + 1);
  if (ts.isCallExpression(e)) return objectOf(file, e.arguments[0], depth + 1);
  return undefined;
}

function objectAt(
  file: ts.SourceFile,
  object: ts.ObjectLiteralExpression | undefined,
  name: string,
): ts.ObjectLiteralExpression | undefined {
  return objectOf(file, propertyOf(file, object, name));
}

/** A property's value (`name: value`, or `name` shorthand for a `const` of the file). */
function propertyOf(file: ts.SourceFile, object: ts.ObjectLiteralExpression | undefined, name: string): ts.Expression | undefined {
  for (const p of object?.properties ?? []) {
    if (ts.isPropertyAssignment(p) && (ts.isIdentifier(p.name) || ts.isStringLiteralLike(p.name)) && p.name.text === name)
      return p.initializer;
    if (ts.isShorthandPropertyAssignment(p) && p.name.text === name) return topLevelInitializer(file, name, true);
  }
  return undefined;
}

function stringOf(file: ts.SourceFile, node: ts.Expression | undefined): string | undefined {
  if (!node) return undefined;
  const e = unwrap(node);
  if (ts.isStringLiteralLike(e)) return e.text;
  if (ts.isIdentifier(e)) return stringOf(file, topLevelInitializer(file, e.text, true));
  return undefined;
}

function unwrap(node: ts.Expression): ts.Expression {
  let e = node;
  while (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isSatisfiesExpression(e)) e = e.expression;
  return e;
}
