/**
 * Decorator frameworks of the project's own: `@Controller(prefix)` classes whose methods carry `@Get(path)`,
 * `@Post(path)`, ..., where the decorators are declared in the sources (a module of the service, a workspace
 * package such as n8n's `@n8n/decorators`) and register the routes through code of the project's (a
 * prototype's metadata array a server walks, a router of its own). apidex does not run decorators, so it
 * cannot prove what such a framework registers: the project names it in the config (`decoratorRoutes`), and
 * its controllers are read as NestJS's are; unnamed, the routes are said (APX260), never dropped in silence.
 */
import path from "node:path";
import { ts } from "../typescript.js";
import { type DiagnosticBag, siteOf } from "../diagnostics/diagnostic.js";
import type { Interpreter } from "../resolve/interpreter.js";
import type { Scope } from "../resolve/scope.js";
import { moduleFileIn } from "../scan/project-files.js";
import type { SourceSet } from "../scan/source-set.js";
import type { ExtractOptions, FrameworkAdapter } from "./adapter.js";
import { type ControllerFlavor, decoratedControllersAdapter, decoratorChecks, type ImportSource } from "./decorated-controllers.js";
import { DEFAULT_PERMISSION_DECORATORS, VERB_DECORATORS } from "./nest/index.js";
import type { RouteCheck } from "./router-graph.js";
import type { RouteFact } from "./route-fact.js";

/** One `decoratorRoutes` entry of the config. */
export type DecoratorRoutes = NonNullable<ExtractOptions["decoratorRoutes"]>[number];

const FRAMEWORK = "decorator-routes";

/** The packages of the decorator frameworks apidex reads: a module built on one of them is theirs to read. */
const KNOWN_DECORATOR_PACKAGES =
  /^(@nestjs\/|routing-controllers$|tsoa$|@tsoa\/|inversify-express-utils$|@inversifyjs\/|@tsed\/|@loopback\/|@overnightjs\/|@midwayjs\/|@foal\/|@eggjs\/)/;

/**
 * The adapter that reads the configured decorator frameworks, each as NestJS-style controllers: the classes
 * its controller decorators make (their path first), their methods' verb decorators (NestJS's names: `Get`,
 * `Post`, `Put`, `Patch`, `Delete`, `Head`, `Options`, `All`; their path first), under the entry's prefix.
 * Checks: the permission decorators (NestJS's defaults, or `nest.decorators`) on the class and the method,
 * and the method body's calls.
 */
export function decoratorRoutesAdapter(entries: readonly DecoratorRoutes[], options: ExtractOptions): FrameworkAdapter {
  const adapters = (sources: SourceSet) => entries.map((entry) => decoratedControllersAdapter(flavorOf(entry, sources, options)));
  return {
    name: FRAMEWORK,
    detect: (sources) => adapters(sources).some((a) => a.detect(sources)),
    extract: (sources, extractOptions, diagnostics): RouteFact[] =>
      adapters(sources).flatMap((adapter) => adapter.extract(sources, extractOptions, diagnostics)),
  };
}

function flavorOf(entry: DecoratorRoutes, sources: SourceSet, options: ExtractOptions): ControllerFlavor {
  const permissionDecorators = options.nestDecorators ?? DEFAULT_PERMISSION_DECORATORS;
  return {
    framework: FRAMEWORK,
    packages: moduleSource(entry.module, sources),
    controllerDecorators: new Set(entry.controllers ?? ["Controller"]),
    expressPath: (p) => p,
    checks: (
      node: ts.ClassDeclaration | ts.MethodDeclaration,
      scope: Scope,
      interpreter: Interpreter,
      diagnostics: DiagnosticBag,
    ): RouteCheck[] => decoratorChecks(node, scope, interpreter, diagnostics, permissionDecorators, () => undefined),
    server: () => ({ prefixes: [entry.prefix ?? ""] }),
  };
}

/**
 * The imports that name a configured module: a package name (and its subpaths), or a file of the sources by
 * its path from the root, however each file writes it (`../../core/http/decorators.js`, an alias).
 */
export function moduleSource(module: string, sources: SourceSet): ImportSource {
  const target = moduleFileIn(sources.root, module, (file) => sources.host.fileExists(file));
  if (!target) return (specifier) => specifier === module || specifier.startsWith(`${module}/`);
  const reaches = new Map<string, boolean>();
  // The module itself, or a barrel that re-exports from it (`export * from "./decorators"`).
  const reachesTarget = (fileName: string, depth: number): boolean => {
    if (path.resolve(fileName) === target) return true;
    let known = reaches.get(fileName);
    if (known === undefined) {
      reaches.set(fileName, false); // a cycle of re-exports reaches nothing new
      const file = depth < 6 ? sources.getFile(fileName) : undefined;
      known = (file?.statements ?? []).some((statement) => {
        if (!ts.isExportDeclaration(statement) || !statement.moduleSpecifier || !ts.isStringLiteral(statement.moduleSpecifier))
          return false;
        const next = sources.importedFile(statement.moduleSpecifier.text, fileName);
        return next !== undefined && reachesTarget(next, depth + 1);
      });
      reaches.set(fileName, known);
    }
    return known;
  };
  return (specifier, file) => {
    const imported = sources.importedFile(specifier, file.fileName);
    return imported !== undefined && reachesTarget(imported, 0);
  };
}

/** One use of a project's own route decorator: the module that declares it, and where. */
interface OwnUse {
  module: string;
  decorator: string;
  method: ts.MethodDeclaration;
  cls: ts.ClassLikeDeclaration;
  classDecorator?: string;
}

/**
 * Route decorators of the project's own that no configured `decoratorRoutes` entry covers: a method decorator
 * named as NestJS's verbs (`@Get`, `@Post`, ...), given a path first (or nothing), imported from a module of
 * the sources that declares it itself (followed through re-exports) — not one built on a framework apidex reads
 * (a module importing `@nestjs/common`). Said once per declaring module (APX260), with how many methods of how
 * many classes carry them, and the config that would read them.
 */
export function reportOwnDecorators(sources: SourceSet, configured: readonly DecoratorRoutes[], diagnostics: DiagnosticBag): void {
  const covered = configured.map((entry) => moduleSource(entry.module, sources));
  const declaring = new Map<string, string | undefined>();
  const uses: OwnUse[] = [];
  for (const file of sources.files) {
    if (!file.text.includes("@")) continue;
    const imports = namedImports(file);
    const visit = (node: ts.Node): void => {
      if (ts.isClassDeclaration(node) || ts.isClassExpression(node)) {
        const classDecorator = (ts.getDecorators(node) ?? [])
          .map((d) =>
            ts.isCallExpression(d.expression) && ts.isIdentifier(d.expression.expression) ? d.expression.expression.text : undefined,
          )
          .find((name) => name !== undefined && imports.has(name));
        for (const member of node.members) {
          if (!ts.isMethodDeclaration(member)) continue;
          for (const decorator of ts.getDecorators(member) ?? []) {
            const call = decorator.expression;
            if (!ts.isCallExpression(call) || !ts.isIdentifier(call.expression)) continue;
            const local = call.expression.text;
            const imported = imports.get(local);
            if (!imported || !Object.hasOwn(VERB_DECORATORS, imported.name) || imported.name === "Search" || imported.name === "Sse")
              continue;
            const first = call.arguments[0];
            if (
              first &&
              !ts.isStringLiteralLike(first) &&
              !ts.isTemplateExpression(first) &&
              !ts.isIdentifier(first) &&
              !ts.isPropertyAccessExpression(first)
            )
              continue;
            if (
              covered.some((source) => (typeof source === "function" ? source(imported.specifier, file) : source.has(imported.specifier)))
            )
              continue;
            const key = `${file.fileName}\0${imported.specifier}\0${imported.name}`;
            if (!declaring.has(key)) {
              const target = sources.importedFile(imported.specifier, file.fileName);
              declaring.set(key, target ? declaringModule(sources, target, imported.name, 0) : undefined);
            }
            const module = declaring.get(key);
            if (module)
              uses.push({
                module,
                decorator: imported.name,
                method: member,
                cls: node,
                ...(classDecorator ? { classDecorator: imports.get(classDecorator)!.name } : {}),
              });
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  const byModule = new Map<string, OwnUse[]>();
  for (const use of uses) byModule.set(use.module, [...(byModule.get(use.module) ?? []), use]);
  for (const [module, found] of [...byModule].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const methods = new Set(found.map((u) => u.method));
    const classes = new Set(found.map((u) => u.cls));
    const decorators = [...new Set(found.map((u) => `@${u.decorator}`))].sort();
    const controllers = [...new Set(found.flatMap((u) => (u.classDecorator ? [u.classDecorator] : [])))].sort();
    const rel = path.relative(sources.root, module).split(path.sep).join("/");
    const entry = [
      `module: "${rel}"`,
      ...(controllers.length && !(controllers.length === 1 && controllers[0] === "Controller")
        ? [`controllers: [${controllers.map((c) => `"${c}"`).join(", ")}]`]
        : []),
    ];
    diagnostics.warning(
      "APX260",
      `${methods.size} method${methods.size === 1 ? "" : "s"} of ${classes.size} class${classes.size === 1 ? "" : "es"} carry route decorators the project declares itself (${decorators.join(", ")} of ${rel}): apidex does not run a decorator framework of the sources, so it cannot tell what they register, and these routes are not indexed.`,
      siteOf(found[0]!.method),
      `If they work as NestJS's do (a class decorator given the controller's path, method decorators given the route's), name the module in the config: decoratorRoutes: [{ ${entry.join(", ")} }] (with \`prefix\` where the server serves them under one).`,
    );
  }
}

/** A file's named imports, by local name: the imported name and the specifier. */
function namedImports(file: ts.SourceFile): Map<string, { name: string; specifier: string }> {
  const out = new Map<string, { name: string; specifier: string }>();
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier) || statement.importClause?.isTypeOnly)
      continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    for (const element of bindings.elements)
      out.set(element.name.text, { name: (element.propertyName ?? element.name).text, specifier: statement.moduleSpecifier.text });
  }
  return out;
}

/**
 * The module of the sources that declares `name` itself, from the module an import names, through its
 * re-exports (`export { Get } from "./route"`, `export * from "./controller"`); undefined where the trail leaves
 * the sources or reaches a module built on a decorator framework apidex reads.
 */
function declaringModule(sources: SourceSet, fileName: string, name: string, depth: number): string | undefined {
  const file = depth < 6 ? sources.getFile(fileName) : undefined;
  if (!file) return undefined;
  if (
    file.statements.some(
      (s) => ts.isImportDeclaration(s) && ts.isStringLiteral(s.moduleSpecifier) && KNOWN_DECORATOR_PACKAGES.test(s.moduleSpecifier.text),
    )
  )
    return undefined;
  for (const statement of file.statements) {
    if (declares(statement, name)) return file.fileName;
    if (!ts.isExportDeclaration(statement) || !statement.moduleSpecifier || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const clause = statement.exportClause;
    let exported: string | undefined;
    if (!clause) exported = name;
    else if (ts.isNamedExports(clause)) {
      const element = clause.elements.find((e) => e.name.text === name);
      exported = element ? (element.propertyName ?? element.name).text : undefined;
    }
    if (exported === undefined) continue;
    const target = sources.importedFile(statement.moduleSpecifier.text, file.fileName);
    const found = target ? declaringModule(sources, target, exported, depth + 1) : undefined;
    if (found) return found;
  }
  return undefined;
}

/** Whether a top-level statement declares `name` (a function, a const, a class), exported there or later. */
function declares(statement: ts.Statement, name: string): boolean {
  if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name?.text === name) return true;
  return (
    ts.isVariableStatement(statement) && statement.declarationList.declarations.some((d) => ts.isIdentifier(d.name) && d.name.text === name)
  );
}
