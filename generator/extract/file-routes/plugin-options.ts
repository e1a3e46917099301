/**
 * The options a framework's build plugin is given in the project's config file (`solidStart({ routeDir })` in
 * `vite.config.ts`, `qwikCity({ basePathname })`, SolidStart 1's `defineConfig({ middleware })` in
 * `app.config.ts`), read by their structure without running the file.
 */
import path from "node:path";
import { siteOf, type SourceSite } from "../../diagnostics/diagnostic.js";
import type { SourceSet } from "../../scan/source-set.js";
import { ts } from "../../typescript.js";

/** One option: a string as written, or where it is set to something apidex cannot read statically. */
export type OptionValue = { text: string; site: SourceSite } | { unreadable: SourceSite };

/** The options of the first call of the plugin found, by name; the config file they are written in. */
export interface PluginOptions {
  file: string;
  options: Map<string, OptionValue>;
  /** Top-level settings of the config's own object (Vite's `base`), when the call is inside it. */
  config: Map<string, OptionValue>;
}

const ENDINGS = ["ts", "mts", "js", "mjs", "cjs"];

/**
 * The options given to `name` imported from a module `module` matches, in the first of the config files
 * (`vite.config.*`, `app.config.*`) that calls it. Only string-valued options are read; an option written as
 * anything else is unreadable (the caller says so where it matters).
 */
export function pluginOptions(
  sources: SourceSet,
  configNames: readonly string[],
  module: RegExp,
  names: readonly string[],
): PluginOptions | undefined {
  for (const base of configNames) {
    for (const ending of ENDINGS) {
      const fileName = path.join(sources.root, `${base}.${ending}`);
      sources.recordInputs([fileName]);
      const text = sources.host.readFile(fileName);
      if (text === undefined) continue;
      const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
      const locals = new Set<string>();
      for (const statement of file.statements) {
        if (
          !ts.isImportDeclaration(statement) ||
          !ts.isStringLiteral(statement.moduleSpecifier) ||
          !module.test(statement.moduleSpecifier.text)
        )
          continue;
        const bindings = statement.importClause?.namedBindings;
        if (bindings && ts.isNamedImports(bindings))
          for (const element of bindings.elements)
            if (names.includes((element.propertyName ?? element.name).text)) locals.add(element.name.text);
      }
      if (!locals.size) continue;
      let found: PluginOptions | undefined;
      const visit = (node: ts.Node): void => {
        if (found) return;
        if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && locals.has(node.expression.text)) {
          const argument = node.arguments[0];
          found = { file: fileName, options: argument ? stringProperties(argument, file) : new Map(), config: enclosingConfig(node, file) };
          return;
        }
        ts.forEachChild(node, visit);
      };
      visit(file);
      if (found) return found;
    }
  }
  return undefined;
}

/** The string properties of an object literal (`{ routeDir: "./api" }`); others are unreadable. */
function stringProperties(node: ts.Expression, file: ts.SourceFile): Map<string, OptionValue> {
  const out = new Map<string, OptionValue>();
  const inner = unwrap(node);
  if (!ts.isObjectLiteralExpression(inner)) return out;
  for (const property of inner.properties) {
    if (!ts.isPropertyAssignment(property) || !(ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))) continue;
    const value = unwrap(property.initializer);
    out.set(
      property.name.text,
      ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value)
        ? { text: value.text, site: siteOf(value, file) }
        : { unreadable: siteOf(value, file) },
    );
  }
  return out;
}

/** The settings of the object literal the plugin call sits in (`defineConfig({ base: "/app/", plugins: [...] })`). */
function enclosingConfig(call: ts.Node, file: ts.SourceFile): Map<string, OptionValue> {
  for (let node: ts.Node | undefined = call.parent; node; node = node.parent) {
    if (ts.isObjectLiteralExpression(node) && node.properties.some((p) => p.name && ts.isIdentifier(p.name) && p.name.text === "plugins"))
      return stringProperties(node, file);
  }
  return new Map();
}

function unwrap(node: ts.Expression): ts.Expression {
  let current = node;
  while (ts.isParenthesizedExpression(current) || ts.isAsExpression(current) || ts.isSatisfiesExpression(current))
    current = current.expression;
  return current;
}
