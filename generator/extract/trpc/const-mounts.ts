import { unwrapExpression } from "../../resolve/syntax.js";
import type { SourceSet } from "../../scan/source-set.js";
import { callsOf } from "../../scan/calls.js";
import { ts } from "../../typescript.js";

/**
 * Where a middleware made into a const is mounted: `export const trpcHandler = createExpressMiddleware({ router })`
 * in one module, `app.use("/trpc", trpcHandler)` in the server's (Umbrel's). The literal paths of every
 * `x.use(path, ..., name)` given the const, in its own module and in the modules that import it by name (under
 * any local name); undefined when the call is not a const's initializer, or nothing mounts it at a literal path.
 */
export function constMounts(call: ts.CallExpression, sources: SourceSet): string[] | undefined {
  let node: ts.Node = call;
  while (ts.isAsExpression(node.parent) || ts.isSatisfiesExpression(node.parent) || ts.isParenthesizedExpression(node.parent))
    node = node.parent;
  const declaration = node.parent;
  if (!ts.isVariableDeclaration(declaration) || declaration.initializer !== node || !ts.isIdentifier(declaration.name)) return undefined;
  const name = declaration.name.text;
  const home = call.getSourceFile();
  const paths = new Set<string>();
  for (const file of sources.files) {
    const locals = file === home ? new Set([name]) : importedAs(file, name, home.fileName, sources);
    if (!locals.size) continue;
    for (const use of callsOf(file)) {
      if (!ts.isCallExpression(use) || !ts.isPropertyAccessExpression(use.expression) || use.expression.name.text !== "use") continue;
      const [first, ...rest] = use.arguments;
      const path = first && unwrapExpression(first);
      if (!path || !ts.isStringLiteralLike(path)) continue;
      if (rest.some((arg) => ts.isIdentifier(arg) && locals.has(arg.text))) paths.add(path.text);
    }
  }
  return paths.size ? [...paths].sort() : undefined;
}

/** The local names a file gives `name` when it imports it from the module `fileName`. */
function importedAs(file: ts.SourceFile, name: string, fileName: string, sources: SourceSet): Set<string> {
  const out = new Set<string>();
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    const element = bindings.elements.find((e) => (e.propertyName ?? e.name).text === name);
    if (element && sources.importedFile(statement.moduleSpecifier.text, file.fileName) === fileName) out.add(element.name.text);
  }
  return out;
}
