/**
 * Settings of a framework's config file (`nuxt.config.ts`, `next.config.js`), read by their structure without
 * running the file: the config's own object, wherever its default export holds it.
 */
import { siteOf, type SourceSite } from "../../diagnostics/diagnostic.js";
import { ts } from "../../typescript.js";

/** A config file's name and text. */
export interface ConfigText {
  file: string;
  text: string;
}

/** The expression a setting is written as; `undefined` where the config does not set it; the site of an object apidex cannot follow. */
export type SettingExpression = { expression: ts.Expression; file: ts.SourceFile } | undefined | { unreadable: SourceSite };

/**
 * A setting of a config file's default export (`export default defineNuxtConfig({ app: { baseURL: "/h5/" } })`,
 * `export default { ... }`, `module.exports = ...`), by its property path: the string it is written as, `""`
 * where the config does not set it, or the site of a value apidex cannot read (a variable from the
 * environment, a computed value). Read by its structure, so that `runtimeConfig.public.baseURL` is no base.
 */
export function configSetting(config: ConfigText | undefined, keys: readonly string[]): string | { unreadable: SourceSite } {
  const setting = configExpression(config, keys);
  if (!setting) return "";
  if ("unreadable" in setting) return setting;
  const value = setting.expression;
  if (ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value)) return value.text;
  return { unreadable: siteOf(value, setting.file) };
}

/**
 * The expression a setting of the config's object is written as. The object is found through what plugins
 * and helpers wrap it in — `defineNuxtConfig({...})`, `withBundleAnalyzer(nextConfig)`,
 * `withSentryConfig(nextConfig, options)` (the first of a plugin's arguments that is an object), `withPWA(opts)(config)`,
 * `satisfies NextConfig`, a const declared above, and Next's config function `(phase) => ({ ... })` (its
 * returned object) — since each such plugin returns the config it is given, merged with its own settings.
 */
export function configExpression(config: ConfigText | undefined, keys: readonly string[]): SettingExpression {
  if (!config) return undefined;
  const file = ts.createSourceFile(config.file, config.text, ts.ScriptTarget.Latest, true);
  const constants = new Map<string, ts.Expression>();
  let exported: ts.Expression | undefined;
  for (const statement of file.statements) {
    if (ts.isVariableStatement(statement))
      for (const d of statement.declarationList.declarations)
        if (ts.isIdentifier(d.name) && d.initializer) constants.set(d.name.text, d.initializer);
    if (ts.isFunctionDeclaration(statement) && statement.name && statement.body) {
      const returned = returnedExpression(statement.body);
      if (returned) constants.set(statement.name.text, returned);
    }
    if (ts.isExportAssignment(statement)) exported = statement.expression;
    if (
      ts.isExpressionStatement(statement) &&
      ts.isBinaryExpression(statement.expression) &&
      statement.expression.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      statement.expression.left.getText(file) === "module.exports"
    )
      exported = statement.expression.right;
  }
  const object = (node: ts.Expression | undefined, depth = 0): ts.ObjectLiteralExpression | undefined => {
    if (!node || depth > 12) return undefined;
    if (ts.isObjectLiteralExpression(node)) return node;
    if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node))
      return object(node.expression, depth + 1);
    // A plugin's arguments in order: `withSentryConfig(nextConfig, options)` and next-compose-plugins'
    // `withPlugins([plugins], nextConfig)` alike hold the config as the first argument that is an object.
    if (ts.isCallExpression(node)) {
      for (const argument of node.arguments) {
        const found = object(argument, depth + 1);
        if (found) return found;
      }
      return undefined;
    }
    if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) {
      if (!ts.isBlock(node.body)) return object(node.body, depth + 1);
      // `(phase) => { const config = {...}; return config; }`: the function's own consts name what it returns.
      for (const statement of node.body.statements)
        if (ts.isVariableStatement(statement))
          for (const d of statement.declarationList.declarations)
            if (ts.isIdentifier(d.name) && d.initializer) constants.set(d.name.text, d.initializer);
      return object(returnedExpression(node.body), depth + 1);
    }
    if (ts.isIdentifier(node)) return object(constants.get(node.text), depth + 1);
    return undefined;
  };
  let at = object(exported);
  for (const [i, key] of keys.entries()) {
    const property = at?.properties.find(
      (p) =>
        (ts.isPropertyAssignment(p) || ts.isMethodDeclaration(p) || ts.isShorthandPropertyAssignment(p)) &&
        (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) &&
        p.name.text === key,
    );
    if (!property) return undefined;
    // A method (`async rewrites() { return [...] }`) stands for what it returns: the framework calls it for
    // the setting's value. A shorthand (`{ rewrites }`) for the const or function of that name above.
    const value = ts.isMethodDeclaration(property)
      ? property.body && returnedExpression(property.body)
      : ts.isShorthandPropertyAssignment(property)
        ? constants.get(property.name.text)
        : ts.isPropertyAssignment(property)
          ? property.initializer
          : undefined;
    if (!value) return { unreadable: siteOf(property, file) };
    if (i === keys.length - 1) return { expression: value, file };
    at = object(value);
    if (!at) return { unreadable: siteOf(value, file) };
  }
  return undefined;
}

/** The expression a function body's last `return` gives (Next's config function returns its config there). */
function returnedExpression(body: ts.Block): ts.Expression | undefined {
  for (let i = body.statements.length - 1; i >= 0; i--) {
    const statement = body.statements[i]!;
    if (ts.isReturnStatement(statement)) return statement.expression;
  }
  return undefined;
}
