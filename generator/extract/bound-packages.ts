import { ts } from "../typescript.js";
import { unwrapExpression } from "../resolve/syntax.js";

/**
 * The names a file binds to the objects of some packages: their imports and requires, and the variables made
 * from them (`const api = axios.create()`, `const app = createApp(App)`, `const io = new Server(http)`), read in
 * the file itself, once per file. Calls on them are the package's API, whatever their method is called.
 *
 * @example
 * const clients = new BoundPackages("axios|got");
 * clients.binds(call.expression.expression, file); // `api` of `api.post("/x", body)`, `const api = axios.create()`
 */
export class BoundPackages {
  private readonly exact: RegExp;
  /** A file's text that requires one of them (the walk for `require` bindings is skipped otherwise). */
  private readonly requires: RegExp;
  private readonly byFile = new WeakMap<ts.SourceFile, ReadonlySet<string>>();

  /** @param packages the package names, a regular expression's alternatives (`"axios|got|@angular/common/http"`). */
  constructor(packages: string) {
    this.exact = new RegExp(`^(?:${packages})$`);
    this.requires = new RegExp(`require\\(\\s*["'](?:${packages})["']`);
  }

  /** Whether a module specifier names one of the packages. */
  test(module: string): boolean {
    return this.exact.test(module);
  }

  /** Whether an expression is, or is reached from, a name the file binds to one of the packages. */
  binds(expression: ts.Expression, file: ts.SourceFile): boolean {
    const root = rootOf(expression);
    return ts.isIdentifier(root) && this.names(file).has(root.text);
  }

  /** The names the file binds to the packages' objects. */
  names(file: ts.SourceFile): ReadonlySet<string> {
    const known = this.byFile.get(file);
    if (known) return known;
    const names = new Set<string>();
    const derived: { name: string; init: ts.Expression }[] = [];
    const typed: string[] = [];
    for (const statement of file.statements)
      if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier) && this.test(statement.moduleSpecifier.text)) {
        const clause = statement.importClause;
        if (clause?.name) names.add(clause.name.text);
        const bindings = clause?.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) names.add(bindings.name.text);
        if (bindings && ts.isNamedImports(bindings)) for (const e of bindings.elements) names.add(e.name.text);
      }
    // Only a file that mentions one of the packages can hold one: skip the walk otherwise.
    if (names.size || this.requires.test(file.text)) {
      const visit = (node: ts.Node): void => {
        if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
          const init = unwrapExpression(node.initializer);
          if (
            ts.isCallExpression(init) &&
            ts.isIdentifier(init.expression) &&
            init.expression.text === "require" &&
            init.arguments[0] !== undefined &&
            ts.isStringLiteral(init.arguments[0]) &&
            this.test(init.arguments[0].text)
          )
            names.add(node.name.text);
          else derived.push({ name: node.name.text, init });
        }
        // A parameter or variable declared as one of the packages' types (`app: App` of `import type { App } from
        // "vue"`): a function handed the object (`registerPlugins(app)`).
        if ((ts.isParameter(node) || ts.isVariableDeclaration(node)) && ts.isIdentifier(node.name) && node.type) {
          const type = ts.isTypeReferenceNode(node.type) ? rootOfName(node.type.typeName) : undefined;
          if (type && names.has(type)) typed.push(node.name.text);
        }
        ts.forEachChild(node, visit);
      };
      visit(file);
      for (const name of typed) names.add(name);
      // Made from one of them, twice over at most (`const v2 = api.extend()` of `const api = axios.create()`).
      for (let pass = 0; pass < 2; pass++)
        for (const { name, init } of derived) {
          const root = rootOf(init);
          if (ts.isIdentifier(root) && names.has(root.text)) names.add(name);
        }
    }
    this.byFile.set(file, names);
    return names;
  }
}

/** The name an expression is reached from: `axios` of `axios.create().get`, `Server` of `new Server(http)`. */
function rootOf(expression: ts.Expression): ts.Expression {
  let root = unwrapExpression(expression);
  while (ts.isPropertyAccessExpression(root) || ts.isCallExpression(root) || ts.isElementAccessExpression(root) || ts.isNewExpression(root))
    root = unwrapExpression(root.expression);
  return root;
}

/** The first identifier of a type's name (`App` of `App`, `vue` of `vue.App`). */
function rootOfName(name: ts.EntityName): string {
  return ts.isIdentifier(name) ? name.text : rootOfName(name.left);
}
