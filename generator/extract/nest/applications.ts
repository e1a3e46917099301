import { ts } from "../../typescript.js";
import { type DiagnosticBag, siteOf, type SourceSite } from "../../diagnostics/diagnostic.js";
import { excerpt, explain, type Interpreter, isFunctionLike, truthiness } from "../../resolve/interpreter.js";
import { unwrapExpression } from "../../resolve/syntax.js";
import { Binding, Scope } from "../../resolve/scope.js";
import { stringsOf, unknown, type Value } from "../../resolve/values.js";
import type { SourceSet } from "../../scan/source-set.js";
import { callsOf } from "../../scan/calls.js";
import type { BranchChoice } from "../route-fact.js";
import { isNestModuleDecorator } from "./decorators.js";
import { moduleDecorationsOf, runTimeState } from "./module-decorators.js";

/**
 * NestJS applications: each `NestFactory.create(RootModule)` bootstraps the controllers of its root
 * module's tree (`@Module({ imports, controllers })`, dynamic modules included), with the global prefix
 * and versioning set on that application. A project may bootstrap several (the API and a worker or
 * maintenance mode): they are told apart here, and the adapter indexes the ones the config names.
 */
export interface NestApplication {
  /** The root module's class name (`AppModule`): how the config names the application. */
  name: string;
  /** The root module's class. */
  module: ts.ClassDeclaration;
  site: SourceSite;
  /** The controllers of the module tree, in module order (imports first, as Nest registers them). */
  controllers: ts.ClassDeclaration[];
  /** `RouterModule.register([{ path, module, children }])`: the path prefix of each controller's module. */
  modulePrefixes: Map<ts.ClassDeclaration, string>;
  /** Controllers only a branch of a condition apidex cannot read registers (`controllers: flag ? [A] : [A, B]`: B). */
  conditional: Set<ts.ClassDeclaration>;
  /** The branches each conditional controller is registered under (ModuleTree.branches). */
  branches: Map<ts.ClassDeclaration, BranchChoice[][]>;
  bootstrap: Bootstrap;
  /** The function that creates it calls `listen()`: it serves requests (a script that only reaches services does not). */
  listens: boolean;
}

export interface Bootstrap {
  globalPrefix: string;
  /** `setGlobalPrefix(prefix, { exclude })`: routes these match get no global prefix. */
  exclude: ExcludedRoute[];
  uriVersioning: boolean;
  versionPrefix: string;
  defaultVersion?: RouteVersion[];
  /**
   * `enableVersioning({ type })` with a type that reads the version from the request (HEADER, MEDIA_TYPE,
   * CUSTOM), at that call: the path carries no version, and handlers of one method and path that differ by
   * version are alternatives the request chooses between (each registered, each reached for its version).
   */
  requestVersioning?: SourceSite;
}

/**
 * `VERSION_NEUTRAL` (@nestjs/common): a route served without a version segment under URI versioning, whatever
 * the default version; beside versions in an array (`["1", VERSION_NEUTRAL]`) it is served both ways.
 */
export const VERSION_NEUTRAL: unique symbol = Symbol("VERSION_NEUTRAL");
export type RouteVersion = string | typeof VERSION_NEUTRAL;

/** The versions a `version` value names (`"1"`, `["1", "2"]`, `VERSION_NEUTRAL`, mixed); undefined when it cannot be read. */
export function versionsOf(value: Value): RouteVersion[] | undefined {
  if (value.kind === "external" && value.module === "@nestjs/common" && value.path.at(-1) === "VERSION_NEUTRAL") return [VERSION_NEUTRAL];
  if (value.kind === "array") {
    const out: RouteVersion[] = [];
    for (const item of value.items) {
      const inner = versionsOf(item);
      if (!inner) return undefined;
      out.push(...inner);
    }
    return out;
  }
  return stringsOf(value);
}

/** One `exclude` entry: a path (Nest route-path syntax, without the prefix) and the methods it covers. */
export interface ExcludedRoute {
  matches: RegExp;
  /** Upper-case methods; undefined for every method. */
  methods?: string[];
}

export function emptyBootstrap(): Bootstrap {
  return { globalPrefix: "", exclude: [], uriVersioning: false, versionPrefix: "v" };
}

/** Every `NestFactory.create(...)` with a root module apidex can read, in file order. */
export function findApplications(sources: SourceSet, interpreter: Interpreter, diagnostics: DiagnosticBag): NestApplication[] {
  const apps: NestApplication[] = [];
  let projectWide: Bootstrap | undefined;
  for (const file of sources.files) {
    if (!file.text.includes("NestFactory")) continue;
    const scope = interpreter.module(file).scope;
    for (const call of callsOf(file)) {
      if (!ts.isCallExpression(call) || !isNestFactoryCreate(call) || !call.arguments[0]) continue;
      // Read where it is written: a bootstrap's own consts name the module too (`const { AppModule } =
      // await import("./app.module")`, `const Root = AppModule`).
      const given = interpreter.evaluate(call.arguments[0], enclosingScope(call, scope, interpreter));
      // `NestFactory.create(RootModule.forRoot())`: a dynamic module is a root too, its class with the
      // `imports` and `controllers` the object adds.
      const dynamic = given.kind === "object" ? modulesOfValue(given, call.arguments[0])[0] : undefined;
      const root: Value = dynamic ? { kind: "class", decl: dynamic.module, scope } : given;
      const importsValue = given.kind === "object" ? given.props.get("imports") : undefined;
      const rootImports = importsValue ? modulesOfValue(importsValue, call.arguments[0]) : [];
      // A dynamic root whose imports apidex cannot read is no root it can tell apart: as for a root it cannot
      // read at all, every controller is indexed (not only the root class's own) and that is said.
      const unreadImports = dynamic && importsValue && !readsAsModules(importsValue) ? importsValue : undefined;
      // A package's module (`NestFactory.create(GraphQLSchemaBuilderModule)` in a build script that prints a
      // schema) bootstraps none of the sources' controllers: no application of the API.
      if (root.kind === "external") continue;
      if (unreadImports || root.kind !== "class" || !ts.isClassDeclaration(root.decl)) {
        const why = unreadImports
          ? `is a dynamic module whose \`imports\` ${explain(unreadImports, "a list of modules")}`
          : explain(root, "a module class");
        diagnostics.warning(
          "APX420",
          `Cannot resolve the root module of this NestJS application statically: \`${excerpt(call.arguments[0])}\` ${why}; its controllers are not told apart from other applications'.`,
          siteOf(call),
          "Pass the module class itself to NestFactory.create().",
        );
        continue;
      }
      // The settings made in the function that creates the app; when it makes none (a `configure(app)`
      // helper elsewhere), the ones made anywhere in the project.
      const owner = enclosingFunction(call) ?? file;
      const own = hasBootstrapCalls(owner) ? readBootstrap(owner, interpreter, diagnostics) : undefined;
      const tree = moduleTree(root.decl, interpreter, diagnostics, { imports: rootImports, controllers: dynamic?.controllers ?? [] });
      apps.push({
        name: root.decl.name?.text ?? "(anonymous module)",
        module: root.decl,
        site: siteOf(call),
        controllers: tree.controllers,
        modulePrefixes: tree.prefixes,
        conditional: tree.conditional,
        branches: tree.branches,
        bootstrap: own ?? (projectWide ??= projectBootstrap(sources, interpreter, diagnostics)),
        listens: callsMethod(owner, (name) => name === "listen"),
      });
    }
  }
  return oneBootstrapPerModule(apps);
}

/**
 * The same root module bootstrapped more than once (the server, and scripts that create the app to reach
 * its services: migrations, seeds) is one application: the bootstrap that listens for requests describes
 * it, else the first.
 */
function oneBootstrapPerModule(apps: NestApplication[]): NestApplication[] {
  // By the module class itself: the packages of a monorepo each name theirs `AppModule`.
  const byModule = new Map<ts.ClassDeclaration, NestApplication>();
  for (const app of apps) {
    const seen = byModule.get(app.module);
    if (!seen || (app.listens && !seen.listens)) byModule.set(app.module, app);
  }
  return apps.filter((app) => byModule.get(app.module) === app);
}

/** `NestFactory.create(...)`: only HTTP applications (microservices and plain contexts serve no routes). */
function isNestFactoryCreate(call: ts.CallExpression): boolean {
  const callee = call.expression;
  return (
    ts.isPropertyAccessExpression(callee) &&
    callee.name.text === "create" &&
    ts.isIdentifier(callee.expression) &&
    callee.expression.text === "NestFactory"
  );
}

function hasBootstrapCalls(owner: ts.Node): boolean {
  return callsMethod(owner, (name) => name === "setGlobalPrefix" || name === "enableVersioning");
}

/** Whether `owner` calls a method the test accepts (`app.listen(...)`, `app.setGlobalPrefix(...)`). */
function callsMethod(owner: ts.Node, test: (name: string) => boolean): boolean {
  let found = false;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && test(node.expression.name.text)) found = true;
    else ts.forEachChild(node, visit);
  };
  visit(owner);
  return found;
}

/** The bootstrap settings found anywhere in the project (applications configured by a shared helper). */
export function projectBootstrap(sources: SourceSet, interpreter: Interpreter, diagnostics: DiagnosticBag): Bootstrap {
  const found = emptyBootstrap();
  for (const file of sources.files) {
    if (!file.text.includes("setGlobalPrefix") && !file.text.includes("enableVersioning")) continue;
    const read = readBootstrap(file, interpreter, diagnostics);
    if (read.globalPrefix) found.globalPrefix = read.globalPrefix;
    if (read.exclude.length) found.exclude = read.exclude;
    if (read.uriVersioning) {
      found.uriVersioning = true;
      found.versionPrefix = read.versionPrefix;
      if (read.defaultVersion) found.defaultVersion = read.defaultVersion;
    }
    if (read.requestVersioning) {
      found.requestVersioning = read.requestVersioning;
      if (read.defaultVersion) found.defaultVersion = read.defaultVersion;
    }
  }
  return found;
}

function enclosingFunction(node: ts.Node): ts.Node | undefined {
  for (let current = node.parent; current; current = current.parent) {
    if (
      ts.isFunctionDeclaration(current) ||
      ts.isFunctionExpression(current) ||
      ts.isArrowFunction(current) ||
      ts.isMethodDeclaration(current)
    )
      return current;
  }
  return undefined;
}

/** Where a `@Module` list is read: the module, its file's scope, and where to say what cannot be read. */
interface ListContext {
  module: ts.ClassDeclaration;
  scope: Scope;
  interpreter: Interpreter;
  diagnostics: DiagnosticBag;
}

/**
 * One thing a `@Module` list brings (an imported module, a controller), and whether only some branches of
 * a condition apidex cannot read list it (`controllers: flag ? [A] : [A, B]`: B). `key` tells the same
 * thing in two branches apart from different ones.
 */
interface Listed<T> {
  item: T;
  key?: object;
  conditional: boolean;
  /** The branches of undecided conditions that list it, outermost first (for a conditional entry). */
  path?: BranchChoice[];
}

/**
 * A module an `imports` entry brings: its class, and what a dynamic module's object (`{ module, imports,
 * controllers }`) adds to it; `site` is the entry that brings it, where what cannot be read in the object is said.
 */
interface ModuleImport {
  module: ts.ClassDeclaration;
  controllers: Value[];
  imports: Value[];
  site?: ts.Node;
}

/** What an `imports` entry brings: modules (dynamic ones with what their object adds), or `RouterModule` routes. */
type Imported = ModuleImport | { routes: Value };

/** The controllers of a module tree, and those only a branch of an undecided condition registers. */
export interface ModuleTree {
  controllers: ts.ClassDeclaration[];
  prefixes: Map<ts.ClassDeclaration, string>;
  /** Reached only through a branch of a condition apidex cannot read: their operations are marked `unresolved: ["registration"]`. */
  conditional: Set<ts.ClassDeclaration>;
  /**
   * Each conditional controller's ways in, as the branches taken on each (when every way was read: a module
   * reached again under another condition is not read again, and then none is given).
   */
  branches: Map<ts.ClassDeclaration, BranchChoice[][]>;
}

/**
 * The controllers of a module and of every module it imports, each once, imports first; and the path
 * prefix `RouterModule.register(routes)` gives each controller (through the module that declares it).
 * A condition apidex cannot read in the metadata (`flag ? [A] : [A, B]`) is read as an undecided `if` is:
 * both branches, and what only one lists is conditional (APX217).
 */
export function moduleTree(
  root: ts.ClassDeclaration,
  interpreter: Interpreter,
  diagnostics: DiagnosticBag,
  /** What a dynamic root module's object adds to its class (`{ module: Root, imports: [...] }`). */
  dynamic: { imports: ModuleImport[]; controllers: Value[] } = { imports: [], controllers: [] },
): ModuleTree {
  const out: ts.ClassDeclaration[] = [];
  const owner = new Map<ts.ClassDeclaration, ts.ClassDeclaration>();
  const routed = new Map<ts.ClassDeclaration, string>();
  // A module read under a condition is read again when it is also reached without one (its controllers are then certain).
  const seenModules = new Map<ts.ClassDeclaration, "certain" | "conditional">();
  // Likewise what a dynamic module's object adds, by object: the same class may be imported plain and dynamic.
  const seenObjects = new Map<ModuleImport["imports"] | ModuleImport["controllers"], "certain" | "conditional">();
  const certain = new Set<ts.ClassDeclaration>();
  const branches = new Map<ts.ClassDeclaration, BranchChoice[][]>();
  // A module reached again under a condition is not read again: the ways to its controllers are then not all known.
  let everyWay = true;
  const firstTime = <K>(seen: Map<K, "certain" | "conditional">, key: K, conditional: boolean): boolean => {
    const before = seen.get(key);
    if (before === "conditional" && conditional) everyWay = false;
    if (before === "certain" || (before === "conditional" && conditional)) return false;
    seen.set(key, conditional ? "conditional" : "certain");
    return true;
  };
  const contextOf = (module: ts.ClassDeclaration): ListContext => ({
    module,
    scope: interpreter.module(module.getSourceFile()).scope,
    interpreter,
    diagnostics,
  });
  const visit = (item: ModuleImport, conditional: boolean, path: BranchChoice[]): void => {
    const { module } = item;
    const context = contextOf(module);
    const imports: Listed<Imported>[] = [];
    const controllers: Listed<Value>[] = [];
    if (firstTime(seenModules, module, conditional)) {
      const metadata = moduleMetadata(module, context);
      if (!hasModuleDecorator(module)) unreadModuleDecorators(module, context);
      imports.push(...metadata.imports);
      controllers.push(...metadata.controllers);
    }
    // A dynamic module's object adds to its class's metadata, as Nest merges them.
    if (item.imports.length && firstTime(seenObjects, item.imports, conditional)) imports.push(...dynamicImports(item, context));
    if (item.controllers.length && firstTime(seenObjects, item.controllers, conditional))
      controllers.push(...listedControllers(item.controllers, module, context));
    for (const { item: imported, conditional: branch, path: taken } of imports) {
      if ("routes" in imported) collectRoutes(imported.routes, "", routed);
      else visit(imported, conditional || branch, branch ? [...path, ...(taken ?? [])] : path);
    }
    for (const { item: listedItem, conditional: branch, path: taken } of controllers) {
      if (listedItem.kind !== "class" || !ts.isClassDeclaration(listedItem.decl)) continue;
      const controller = listedItem.decl;
      if (!owner.has(controller)) {
        owner.set(controller, module);
        out.push(controller);
      }
      if (!conditional && !branch) certain.add(controller);
      else branches.set(controller, [...(branches.get(controller) ?? []), branch ? [...path, ...(taken ?? [])] : path]);
    }
  };
  // A dynamic root's object: its imports first, as Nest registers them, then the class with its controllers.
  for (const item of dynamic.imports) visit(item, false, []);
  visit({ module: root, controllers: dynamic.controllers, imports: [] }, false, []);
  const prefixes = new Map<ts.ClassDeclaration, string>();
  for (const controller of out) {
    const prefix = routed.get(owner.get(controller)!);
    if (prefix) prefixes.set(controller, prefix);
  }
  const conditional = new Set(out.filter((c) => !certain.has(c)));
  return {
    controllers: out,
    prefixes,
    conditional,
    branches: everyWay ? new Map([...branches].filter(([c]) => conditional.has(c))) : new Map(),
  };
}

/**
 * The modules a dynamic module's object imports (`{ module: PluginModule, imports: [...getConfig().plugins] }`):
 * read as `@Module` metadata apidex evaluated is, an entry it cannot read said where the object is imported
 * (APX422). A list a bootstrap fills at run time before `NestFactory.create` is such an entry: when the module
 * holding the `@Module` that calls `init()` is loaded (which decides what the list holds then) is the module
 * loader's order at run time, not something the sources state, so apidex does not guess it.
 */
function dynamicImports(item: ModuleImport, context: ListContext): Listed<Imported>[] {
  const site = (item.site ?? moduleArgument(item.module) ?? item.module.name ?? item.module) as ts.Expression;
  const out: Listed<Imported>[] = [];
  for (const value of item.imports) {
    for (const entry of valueListed(value, site, context, "imports", (v) => [{ item: v, key: keyOf(v), conditional: false }])) {
      const modules = modulesOfValue(entry.item, site);
      if (!modules.length) unreadEntry(site, "dynamic imports", context.module, entry.item, context.diagnostics);
      for (const module of modules) out.push({ item: module, key: module.module, conditional: entry.conditional });
    }
  }
  return out;
}

/** Whether a class is declared with `@Module(...)` itself. */
function hasModuleDecorator(module: ts.ClassDeclaration): boolean {
  return (ts.getDecorators(module) ?? []).some(isNestModuleDecorator);
}

/**
 * A class imported as a module that has no `@Module` and no decorator apidex sees apply Nest's `Module(...)`,
 * but decorators it cannot read (a package's, or one of the project's whose body it cannot follow): it may be
 * a module whose controllers are then missing, so that is said (APX422). A class without decorators is an
 * empty module to Nest too: nothing is missing.
 */
function unreadModuleDecorators(module: ts.ClassDeclaration, context: ListContext): void {
  const decorations = moduleDecorationsOf(module, context.interpreter);
  const first = decorations.unread.at(-1);
  if (decorations.applied.length || !first) return;
  context.diagnostics.warning(
    "APX422",
    `${module.name?.text ?? "This class"} is imported as a NestJS module, but apidex cannot read it as one: it has no \`@Module\`, and its decorator \`@${excerpt(first.expression)}\` applies no \`Module(...)\` apidex can follow; the controllers it may bring are not indexed.`,
    siteOf(first),
    "Declare the module with @Module(...), or with a decorator of the sources that calls Nest's Module(metadata)(target) or returns applyDecorators(Module(metadata), ...).",
  );
}

/**
 * The `imports` and `controllers` of a module's `@Module(...)`: an object literal is read entry by entry (its
 * syntax tells `RouterModule.register`, `forwardRef` and `X.forRoot()` apart); anything else
 * (`@Module(authConfig())`, `@Module(metadata)`) is evaluated, and said when it cannot be read (APX422).
 */
function moduleMetadata(
  module: ts.ClassDeclaration,
  context: ListContext,
  /** Read the `imports` too (not when only the module's own controllers are wanted: nothing to say about them then). */
  withImports = true,
): { imports: Listed<Imported>[]; controllers: Listed<Value>[] } {
  const argument = moduleArgument(module);
  if (!argument) {
    // `@CorePlugin({ imports, ... })`: the metadata a decorator of the project applies through Nest's `Module(...)`.
    if (hasModuleDecorator(module)) return { imports: [], controllers: [] };
    const read = moduleDecorationsOf(module, context.interpreter).applied.map(({ metadata, site }) =>
      evaluatedMetadata(metadata, site, context, withImports),
    );
    return { imports: read.flatMap((r) => r.imports), controllers: read.flatMap((r) => r.controllers) };
  }
  const literal = unwrapExpression(argument);
  if (ts.isObjectLiteralExpression(literal)) {
    const imports = withImports ? propertyInitializer(literal, "imports") : undefined;
    const controllers = propertyInitializer(literal, "controllers");
    return {
      imports: imports ? listed(imports, context, "imports", (node) => importsOf(node, context)) : [],
      controllers: controllers ? listed(controllers, context, "controllers", (node) => controllersOf(node, context)) : [],
    };
  }
  return evaluatedMetadata(importValue(argument, context.scope, context.interpreter), argument, context, withImports);
}

/**
 * Metadata apidex evaluated: an object's `imports` and `controllers`; metadata chosen under a condition apidex
 * cannot read (a helper that returns one object or another) gives the union of the branches' lists.
 */
function evaluatedMetadata(
  value: Value,
  argument: ts.Expression,
  context: ListContext,
  withImports: boolean,
): { imports: Listed<Imported>[]; controllers: Listed<Value>[] } {
  if (value.kind === "unknown" && value.branches) {
    undecidedCondition(value.branches.condition, context, "metadata");
    const branches = value.branches.values().map((branch) => evaluatedMetadata(branch, argument, context, withImports));
    const site = siteOf(value.branches.condition);
    return {
      imports: union(
        branches.map((b) => b.imports),
        site,
      ),
      controllers: union(
        branches.map((b) => b.controllers),
        site,
      ),
    };
  }
  if (value.kind !== "object") {
    unreadEntry(argument, "metadata", context.module, value, context.diagnostics);
    return { imports: [], controllers: [] };
  }
  const read = (name: "imports" | "controllers"): Listed<Value>[] => {
    const property = value.props.get(name);
    return property ? valueListed(property, argument, context, name, (v) => [{ item: v, key: keyOf(v), conditional: false }]) : [];
  };
  const imports: Listed<Imported>[] = [];
  for (const entry of withImports ? read("imports") : []) {
    const modules = modulesOfValue(entry.item, argument);
    if (!modules.length) {
      unreadEntry(argument, "imports", context.module, entry.item, context.diagnostics);
      unreadRouterModule(argument, entry.item, context);
    }
    for (const item of modules) imports.push({ item, key: item.module, conditional: entry.conditional });
  }
  const controllers = read("controllers");
  for (const entry of controllers) unreadEntry(argument, "controllers", context.module, entry.item, context.diagnostics);
  return { imports, controllers };
}

/**
 * The controllers one module's `@Module(...)` lists (not those of the modules it imports), each with whether
 * only a branch of a condition apidex cannot read lists it; undefined for a class without `@Module`.
 */
export function declaredControllers(
  module: ts.ClassDeclaration,
  interpreter: Interpreter,
  diagnostics: DiagnosticBag,
): { controller: ts.ClassDeclaration; conditional: boolean }[] | undefined {
  if (!moduleArgument(module) && !moduleDecorationsOf(module, interpreter).applied.length) return undefined;
  const context: ListContext = { module, scope: interpreter.module(module.getSourceFile()).scope, interpreter, diagnostics };
  return moduleMetadata(module, context, false).controllers.flatMap(({ item, conditional }) =>
    item.kind === "class" && ts.isClassDeclaration(item.decl) ? [{ controller: item.decl, conditional }] : [],
  );
}

/** The argument of `@Module(...)` on a class. */
function moduleArgument(module: ts.ClassDeclaration): ts.Expression | undefined {
  const decorator = (ts.getDecorators(module) ?? []).find(isNestModuleDecorator);
  return decorator && ts.isCallExpression(decorator.expression) ? decorator.expression.arguments[0] : undefined;
}

function propertyInitializer(options: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined {
  for (const property of options.properties) {
    if (ts.isPropertyAssignment(property) && property.name.getText() === name) return property.initializer;
    // `@Module({ controllers })`: the const of that name.
    if (ts.isShorthandPropertyAssignment(property) && property.name.text === name) return property.name;
  }
  return undefined;
}

/**
 * The entries of a `@Module` list written in place: arrays and spreads are opened, a condition apidex can
 * decide (the config's `env`) takes its branch, and one it cannot read takes both (APX217); `leaf` reads
 * each remaining entry.
 */
function listed<T>(node: ts.Expression, context: ListContext, property: string, leaf: (node: ts.Expression) => Listed<T>[]): Listed<T>[] {
  const inner = unwrapExpression(node);
  const recurse = (n: ts.Expression): Listed<T>[] => listed(n, context, property, leaf);
  if (ts.isArrayLiteralExpression(inner))
    return inner.elements.flatMap((e) => (ts.isOmittedExpression(e) ? [] : recurse(ts.isSpreadElement(e) ? e.expression : e)));
  const decide = (condition: ts.Expression): boolean | undefined => truthiness(context.interpreter.evaluate(condition, context.scope));
  if (ts.isConditionalExpression(inner)) {
    const test = decide(inner.condition);
    if (test !== undefined) return recurse(test ? inner.whenTrue : inner.whenFalse);
    undecidedCondition(inner.condition, context, property);
    return union([recurse(inner.whenTrue), recurse(inner.whenFalse)], siteOf(inner.condition));
  }
  if (
    ts.isBinaryExpression(inner) &&
    (inner.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken || inner.operatorToken.kind === ts.SyntaxKind.BarBarToken)
  ) {
    const and = inner.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken;
    const test = decide(inner.left);
    // `flag && [A]`: `[A]`, or a falsy value that lists nothing; `list || [A]`: the left side, or `[A]`.
    if (test !== undefined) return and ? (test ? recurse(inner.right) : []) : test ? recurse(inner.left) : recurse(inner.right);
    // `(flag && [A]) || []`: the condition is said where it is, inside the left side.
    if (and || !isChoice(inner.left)) undecidedCondition(inner.left, context, property);
    return union(and ? [recurse(inner.right), []] : [recurse(inner.left), recurse(inner.right)], siteOf(inner.left));
  }
  return leaf(node);
}

/** A ternary, `&&` or `||`: a choice `listed` reads (and says) itself. */
function isChoice(node: ts.Expression): boolean {
  const inner = unwrapExpression(node);
  return (
    ts.isConditionalExpression(inner) ||
    (ts.isBinaryExpression(inner) &&
      (inner.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken || inner.operatorToken.kind === ts.SyntaxKind.BarBarToken))
  );
}

/**
 * The entries of a `@Module` list as a value (a const, a function's result): arrays opened, and the branches
 * of a condition apidex cannot read (a ternary in a helper, a helper that returns under an `if`) all taken.
 */
function valueListed<T>(
  value: Value,
  node: ts.Expression,
  context: ListContext,
  property: string,
  leaf: (value: Value) => Listed<T>[],
): Listed<T>[] {
  if (value.kind === "array") return value.items.flatMap((item) => valueListed(item, node, context, property, leaf));
  if (value.kind === "unknown" && value.branches) {
    undecidedCondition(value.branches.condition, context, property);
    return union(
      value.branches.values().map((branch) => valueListed(branch, node, context, property, leaf)),
      siteOf(value.branches.condition),
    );
  }
  // `flag && [A]` when the flag is unset: nothing.
  if (value.kind === "undefined" || value.kind === "null" || (value.kind === "boolean" && !value.value)) return [];
  return leaf(value);
}

/** What tells an entry in two branches for the same: a class, or a dynamic module's class. */
function keyOf(value: Value): object | undefined {
  if (value.kind === "class") return value.decl;
  const module = value.kind === "object" ? value.props.get("module") : undefined;
  return module?.kind === "class" ? module.decl : undefined;
}

/**
 * The union of a condition's branches: an entry every branch lists (the same module or controller) is as
 * certain as the list; one only some list is conditional.
 */
function union<T>(branches: Listed<T>[][], condition: SourceSite): Listed<T>[] {
  const everywhere = (key: object | undefined): boolean =>
    key !== undefined && branches.every((branch) => branch.some((l) => l.key === key && !l.conditional));
  // What only some branches list is listed under the branch it is in (the choices inside it after this one).
  return branches.flatMap((branch, index) =>
    branch.map((l) =>
      !l.conditional && everywhere(l.key)
        ? l
        : { ...l, conditional: true, path: [{ condition, branch: index, of: branches.length }, ...(l.path ?? [])] },
    ),
  );
}

/** A condition in a `@Module` list apidex cannot read: said once, where it is (APX217). */
function undecidedCondition(condition: ts.Node, context: ListContext, property: string): void {
  context.diagnostics.warning(
    "APX217",
    `This condition (\`${excerpt(condition)}\`) in ${context.module.name?.text ?? "the module"}'s \`${property}\` cannot be read statically: the controllers of both branches are indexed, those only one branch brings marked \`unresolved: ["registration"]\` (served only when that branch is taken).`,
    siteOf(condition),
    /process\.env|import\.meta\.env/.test(condition.getText())
      ? "Set the variables it reads in the config's `env` (the environment the artifacts describe): the branch that deployment takes is then read, and its operations are exact."
      : "Decide the condition on static data (a const, the config's `env`) to index exactly what runs.",
  );
}

/** One `controllers` entry written in place: the controller classes it gives. */
function controllersOf(node: ts.Expression, context: ListContext): Listed<Value>[] {
  const value = context.interpreter.evaluate(node, context.scope);
  return valueListed(value, node, context, "controllers", (item) => {
    unreadEntry(node, "controllers", context.module, item, context.diagnostics);
    return [{ item, key: keyOf(item), conditional: false }];
  });
}

/** One `imports` entry written in place: `RouterModule.register(routes)`, `ConditionalModule.registerWhen`, or modules. */
function importsOf(node: ts.Expression, context: ListContext): Listed<Imported>[] {
  const { scope, interpreter } = context;
  const routes = routerModuleRoutes(node, scope, interpreter);
  if (routes) return [{ item: { routes }, conditional: false }];
  const conditional = conditionalModule(node, context);
  if (conditional) return conditional;
  const imported = importedModules(node, scope, interpreter);
  if (imported.length) return imported.map((item) => ({ item: { ...item, site: node }, key: item.module, conditional: false }));
  const value = importValue(node, scope, interpreter);
  // A helper or const that chooses modules under a condition apidex cannot read: every branch's modules.
  if (value.kind === "unknown" && value.branches)
    return valueListed(value, node, context, "imports", (item) =>
      modulesOfValue(item, node).map((m) => ({ item: m, key: m.module, conditional: false })),
    );
  unreadEntry(node, "imports", context.module, value, context.diagnostics);
  return [];
}

/** The controllers a dynamic module lists (`{ module, controllers: [...] }`), conditions included. */
function listedControllers(controllers: Value[], module: ts.ClassDeclaration, context: ListContext): Listed<Value>[] {
  const site = moduleArgument(module) ?? module.name ?? module;
  return controllers.flatMap((value) =>
    valueListed(value, site as ts.Expression, context, "controllers", (item) => [{ item, key: keyOf(item), conditional: false }]),
  );
}

/**
 * A `@Module` entry apidex cannot read (`controllers: someRuntimeList`, a metadata helper it cannot run):
 * the controllers it may bring are not indexed, so it is reported (APX422) — never dropped in silence. A
 * module of a package (`ThrottlerModule.forRoot(...)`) brings no controllers of the project and is not reported.
 */
function unreadEntry(
  node: ts.Expression,
  /** `dynamic imports`: the `imports` of a dynamic module's object, `node` the entry that imports it. */
  property: "controllers" | "imports" | "metadata" | "dynamic imports",
  module: ts.ClassDeclaration,
  value: Value,
  diagnostics: DiagnosticBag,
): void {
  const unread = value.kind === "unknown" ? value : value.kind === "array" ? value.items.find((i) => i.kind === "unknown") : undefined;
  if (property === "metadata" && !unread) {
    diagnostics.warning(
      "APX422",
      `Cannot read ${module.name?.text ?? "this module"}'s \`@Module\` metadata statically: \`${excerpt(node)}\` is ${value.kind === "runtime" ? `only known at run time (${value.what})` : `a ${value.kind}, not an object`}; the modules and controllers it lists are not indexed.`,
      siteOf(node),
      "Pass an object literal, a const object or the call of a function that returns one.",
    );
    return;
  }
  if (!unread || unread.kind !== "unknown") return;
  diagnostics.warning(
    "APX422",
    property === "metadata"
      ? `Cannot read ${module.name?.text ?? "this module"}'s \`@Module\` metadata statically: \`${excerpt(node)}\` ${explain(unread)}; the modules and controllers it lists are not indexed.`
      : property === "dynamic imports"
        ? `Cannot read the \`imports\` of the dynamic module \`${excerpt(node)}\` (${module.name?.text ?? "its class"}) statically: an entry ${explain(unread)}; the controllers of the modules it imports are not indexed.`
        : `Cannot read this entry of ${module.name?.text ?? "the module"}'s \`${property}\` statically: \`${excerpt(node)}\` ${explain(unread)}; the controllers it may bring are not indexed.`,
    siteOf(node),
    /process\.env/.test(node.getText())
      ? "Set the environment variables it reads in the config's `env` (the deployment the artifacts describe)."
      : property === "dynamic imports"
        ? "apidex does not follow a list the bootstrap fills at run time (module state set before NestFactory.create): list the modules in a const or a function's result apidex can read."
        : "List the modules and controllers as classes, arrays of them or constants apidex can read.",
  );
}

/**
 * `RouterModule.register(routes)` in metadata apidex evaluated (`@Module(config())`): the call of a package's
 * function leaves no routes to read, so the path prefixes it gives are said to be missing (APX422).
 */
function unreadRouterModule(node: ts.Expression, value: Value, context: ListContext): void {
  if (value.kind !== "runtime" || !/RouterModule\.(register|forRoutes)\(\)/.test(value.what)) return;
  context.diagnostics.warning(
    "APX422",
    `${context.module.name?.text ?? "This module"}'s \`@Module\` metadata (\`${excerpt(node)}\`) imports RouterModule routes apidex cannot read there; the path prefixes they give are missing.`,
    siteOf(node),
    "Write the RouterModule.register(...) import in the @Module({ imports }) object literal itself.",
  );
}

/** The routes value of `RouterModule.register(routes)` (or `forRoutes`), or undefined for any other import. */
function routerModuleRoutes(
  node: ts.Expression,
  scope: Parameters<Interpreter["evaluate"]>[1],
  interpreter: Interpreter,
): Value | undefined {
  if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression)) return undefined;
  const callee = node.expression;
  if (
    !ts.isIdentifier(callee.expression) ||
    callee.expression.text !== "RouterModule" ||
    !["register", "forRoutes"].includes(callee.name.text)
  )
    return undefined;
  return node.arguments[0] ? interpreter.evaluate(node.arguments[0], scope) : undefined;
}

/** `[{ path: "admin", module: AdminModule, children: [{ path: "users", module: UsersModule }, OtherModule] }]`. */
function collectRoutes(routes: Value, parent: string, out: Map<ts.ClassDeclaration, string>): void {
  const items = routes.kind === "array" ? routes.items : [routes];
  for (const item of items) {
    if (item.kind === "class" && ts.isClassDeclaration(item.decl)) {
      if (!out.has(item.decl)) out.set(item.decl, parent);
      continue;
    }
    if (item.kind !== "object") continue;
    const path = item.props.get("path");
    const full = path?.kind === "string" ? joinRoutePaths(parent, path.value) : parent;
    const module = item.props.get("module");
    if (module?.kind === "class" && ts.isClassDeclaration(module.decl) && !out.has(module.decl)) out.set(module.decl, full);
    const children = item.props.get("children");
    if (children) collectRoutes(children, full, out);
  }
}

function joinRoutePaths(a: string, b: string): string {
  return [a, b]
    .map((p) => p.replace(/^\/+|\/+$/g, ""))
    .filter(Boolean)
    .join("/");
}

/**
 * `ConditionalModule.registerWhen(Module, condition)` (@nestjs/config): the module is imported when its
 * condition holds — an environment variable's name (set, and not `"false"`) or a function of the
 * environment. With the config's `env` the condition is decided; without it the module is read as an
 * undecided condition's branch (APX217): its controllers indexed, marked conditional. Undefined for any other entry.
 */
function conditionalModule(node: ts.Expression, context: ListContext): Listed<Imported>[] | undefined {
  const { scope, interpreter } = context;
  if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression) || node.expression.name.text !== "registerWhen")
    return undefined;
  const callee = interpreter.evaluate(node.expression, scope);
  if (callee.kind !== "external" || callee.module !== "@nestjs/config") return undefined;
  const [moduleArg, conditionArg] = node.arguments;
  if (!moduleArg || !conditionArg) return undefined;
  const env = interpreter.environment();
  const condition = interpreter.evaluate(conditionArg, scope);
  let holds: boolean | undefined;
  if (env?.kind === "object" && condition.kind === "string") {
    const value = env.props.get(condition.value);
    holds = value?.kind === "string" && value.value.toLowerCase() !== "false";
  } else if (env && condition.kind === "function") {
    const result = interpreter.callFunction(condition, [env], node);
    holds = result.kind === "boolean" ? result.value : result.kind === "string" ? result.value !== "" : undefined;
  }
  if (holds === false) return [];
  // Imported in the branch where the condition holds, of two (the other imports nothing).
  const path: BranchChoice[] = [{ condition: siteOf(conditionArg), branch: 0, of: 2 }];
  const modules = importedModules(moduleArg, scope, interpreter).map((item) => ({
    item,
    key: item.module,
    conditional: holds === undefined,
    ...(holds === undefined ? { path } : {}),
  }));
  if (holds === undefined) undecidedCondition(conditionArg, context, "imports");
  return modules;
}

/**
 * The modules one `imports` element brings in: a module class, an array of them, a dynamic module
 * (`{ module, controllers }`, or `X.forRoot(...)`, whose class is `X` even when its body cannot be read),
 * or `forwardRef(() => X)`.
 */
function importedModules(node: ts.Expression, scope: Scope, interpreter: Interpreter): ModuleImport[] {
  if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "forwardRef") {
    const fn = node.arguments[0];
    if (fn && ts.isArrowFunction(fn) && !ts.isBlock(fn.body)) return importedModules(fn.body, scope, interpreter);
  }
  const value = importValue(node, scope, interpreter);
  const found = modulesOfValue(value, node);
  if (found.length) return found;
  // `ConfigModule.forRoot()`: a static method apidex cannot run still names its module class.
  if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
    const owner = interpreter.evaluate(node.expression.expression, scope);
    if (owner.kind === "class" && ts.isClassDeclaration(owner.decl))
      return [{ module: owner.decl, controllers: [], imports: [], site: node }];
  }
  return [];
}

/**
 * The value of module metadata (an `imports` entry, `@Module(...)`'s argument). One that reads module state a
 * function sets when it runs is only known at run time (see runTimeState): a dynamic module's object keeps its
 * class (`module: PluginModule`, a reference to it) but not the lists it adds, and classes and metadata objects
 * are unknown. What a package's call returns (`TypeOrmModule.forFeature(getConfig().entities)`) stays what it
 * was: whatever its arguments hold, it brings no controllers of the sources.
 */
function importValue(node: ts.Expression, scope: Scope, interpreter: Interpreter): Value {
  const { value, state } = interpreter.readingRunTimeState(() => interpreter.evaluate(node, scope));
  if (!state) return value;
  const why = runTimeState(state);
  const strip = (v: Value): Value => {
    if (v.kind === "array") return { kind: "array", items: v.items.map(strip) };
    if (v.kind === "class") return why;
    if (v.kind !== "object") return v;
    const module = v.props.get("module");
    if (module?.kind !== "class") return why;
    const props = new Map([...v.props].map(([key, item]) => [key, key === "imports" || key === "controllers" ? why : item]));
    return { ...v, props };
  };
  return strip(value);
}

/** Whether a value is module classes and dynamic modules only (an empty list too): what `imports` holds when read in full. */
function readsAsModules(value: Value): boolean {
  if (value.kind === "array") return value.items.every(readsAsModules);
  return modulesOfValue(value).length > 0;
}

/** The modules a value names: classes, and dynamic modules' objects; `site` is the entry it was read from. */
function modulesOfValue(value: Value, site?: ts.Node): ModuleImport[] {
  if (value.kind === "class" && ts.isClassDeclaration(value.decl))
    return [{ module: value.decl, controllers: [], imports: [], ...(site ? { site } : {}) }];
  if (value.kind === "array") return value.items.flatMap((item) => modulesOfValue(item, site));
  if (value.kind === "object") {
    const module = value.props.get("module");
    const controllers = value.props.get("controllers");
    const imports = value.props.get("imports");
    // The lists whole: a condition in one (`controllers: opts.admin ? [A, B] : [A]`) is read as in `@Module`.
    if (module?.kind === "class" && ts.isClassDeclaration(module.decl))
      return [
        {
          module: module.decl,
          controllers: controllers ? [controllers] : [],
          imports: imports ? [imports] : [],
          ...(site ? { site } : {}),
        },
      ];
  }
  return [];
}

/**
 * `app.setGlobalPrefix("api", { exclude })` and `app.enableVersioning({ type: VersioningType.URI, ... })`
 * inside the bootstrap function of one application (or anywhere in the file when it is created at the top level).
 */
export function readBootstrap(owner: ts.Node, interpreter: Interpreter, diagnostics: DiagnosticBag): Bootstrap {
  const found = emptyBootstrap();
  const file = owner.getSourceFile();
  if (!file.text.includes("setGlobalPrefix") && !file.text.includes("enableVersioning")) return found;
  const moduleScope = interpreter.module(file).scope;
  // Each call is read in its own function's constants (`const globalPrefix = "api"` beside it).
  const scopeOf = (call: ts.Node): Scope => enclosingScope(call, moduleScope, interpreter);
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const name = node.expression.name.text;
      const scope = scopeOf(node);
      if (name === "setGlobalPrefix" && node.arguments[0]) {
        const value = interpreter.evaluate(node.arguments[0], scope);
        const prefix = stringsOf(value);
        if (prefix?.length === 1) found.globalPrefix = prefix[0]!;
        else {
          diagnostics.warning(
            "APX201",
            `Cannot resolve this global prefix statically: \`${excerpt(node.arguments[0])}\` ${explain(value)}; routes are indexed without it.`,
            siteOf(node.arguments[0]),
            "Use a string literal or a const, or set `nest.globalPrefix` in the config.",
          );
        }
        if (node.arguments[1]) found.exclude = excludedRoutes(node.arguments[1], scope, interpreter, diagnostics);
      }
      if (name === "enableVersioning") {
        const options = node.arguments[0] ? interpreter.evaluate(node.arguments[0], scope) : undefined;
        const type = options?.kind === "object" ? options.props.get("type") : undefined;
        // VersioningType.URI is 0 in @nestjs/common; the enum lives in a package, so its name is read too.
        // Without options Nest versions by URI (`enableVersioning(options = { type: VersioningType.URI })`).
        const isUri =
          !node.arguments[0] || /VersioningType\.URI/.test(node.arguments[0].getText()) || (type?.kind === "number" && type.value === 0);
        // Another type (HEADER, MEDIA_TYPE, CUSTOM) versions by what the request carries, not by its path.
        const byRequest = !isUri && /VersioningType\.(HEADER|MEDIA_TYPE|CUSTOM)\b/.test(node.arguments[0]!.getText());
        if (byRequest) found.requestVersioning = siteOf(node);
        if (isUri || byRequest) {
          if (isUri) found.uriVersioning = true;
          const defaultVersion = options?.kind === "object" ? options.props.get("defaultVersion") : undefined;
          const prefix = isUri && options?.kind === "object" ? options.props.get("prefix") : undefined;
          if (defaultVersion) {
            const versions = versionsOf(defaultVersion);
            if (versions) found.defaultVersion = versions;
            else
              diagnostics.warning(
                "APX201",
                `Cannot resolve this default version statically: ${explain(defaultVersion)}; routes without a version of their own are indexed without a version segment.`,
                siteOf(node.arguments[0]!),
                "Use a string literal, a const, VERSION_NEUTRAL or an array of them, or set `nest.uriVersioning.defaultVersion` in the config.",
              );
          }
          // `prefix: false`: the version is the segment itself (`/1/cats`), as Nest's route path factory writes it.
          if (prefix?.kind === "string") found.versionPrefix = prefix.value;
          else if (prefix?.kind === "boolean" && !prefix.value) found.versionPrefix = "";
          else if (prefix && prefix.kind !== "undefined")
            diagnostics.warning(
              "APX201",
              `Cannot resolve this version prefix statically: ${explain(prefix)}; versioned routes are indexed with Nest's default prefix \`v\`.`,
              siteOf(node.arguments[0]!),
              "Use a string literal, a const or false, or set `nest.uriVersioning.prefix` in the config.",
            );
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(owner);
  return found;
}

/** Scopes of the functions around a node (`functionScope`), built once per function. */
const functionScopes = new WeakMap<Interpreter, WeakMap<ts.Node, Scope>>();

/**
 * The scope a bootstrap's expression is read in: the consts of each function around it (the outermost
 * first: a callback inside `bootstrap()` sees bootstrap's consts too) over the module's.
 */
export function enclosingScope(node: ts.Node, moduleScope: Scope, interpreter: Interpreter): Scope {
  const fns: ts.Node[] = [];
  for (let fn = enclosingFunction(node); fn; fn = enclosingFunction(fn)) fns.unshift(fn);
  let cache = functionScopes.get(interpreter);
  if (!cache) functionScopes.set(interpreter, (cache = new WeakMap()));
  let scope = moduleScope;
  for (const fn of fns) {
    let own = cache.get(fn);
    if (!own) cache.set(fn, (own = functionScope(fn, scope, interpreter)));
    scope = own;
  }
  return scope;
}

/**
 * The scope the bootstrap function's own settings are read in: its `const`s (`const globalPrefix = "api";
 * app.setGlobalPrefix(globalPrefix)`) over the module's. The function is not run; only its constants are
 * read, each when first used.
 */
function functionScope(owner: ts.Node, moduleScope: Scope, interpreter: Interpreter): Scope {
  if (!isFunctionLike(owner) || !owner.body || !ts.isBlock(owner.body)) return moduleScope;
  const scope = new Scope(owner.getSourceFile(), moduleScope, owner);
  // A parameter is what a caller passes: not the module's name it may shadow, and not "undeclared".
  const name = ts.isFunctionDeclaration(owner) || ts.isMethodDeclaration(owner) ? owner.name?.getText() : undefined;
  for (const parameter of owner.parameters)
    for (const id of bindingNames(parameter.name))
      scope.bind(
        id.text,
        Binding.of(unknown(id, `is a parameter of ${name ? `\`${name}\`` : "the function"}, only known when it is called`), id),
      );
  for (const statement of owner.body.statements) {
    if (!ts.isVariableStatement(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const initializer = declaration.initializer;
      if (!initializer) continue;
      if (ts.isIdentifier(declaration.name)) {
        scope.bind(declaration.name.text, new Binding(() => interpreter.evaluate(initializer, scope), declaration));
        continue;
      }
      // `const { port, globalPrefix } = configService.get("app")`: each name is the property of what the
      // initializer gives, when apidex knows it; otherwise it says where it comes from.
      if (!ts.isObjectBindingPattern(declaration.name)) continue;
      for (const element of declaration.name.elements) {
        if (!ts.isIdentifier(element.name) || element.dotDotDotToken) continue;
        const key = element.propertyName && ts.isIdentifier(element.propertyName) ? element.propertyName.text : element.name.text;
        scope.bind(
          element.name.text,
          new Binding(() => {
            const whole = interpreter.evaluate(initializer, scope);
            return (
              (whole.kind === "object"
                ? whole.props.get(key)
                : // `const { AppModule } = await import("./app.module")`: the module's export.
                  whole.kind === "namespace"
                  ? interpreter.property(whole, key, element)
                  : undefined) ??
              unknown(
                element,
                `is \`${key}\` of \`${excerpt(initializer)}\`, ${whole.kind === "unknown" ? "a value only known at run time" : "which apidex cannot read"}`,
              )
            );
          }, element),
        );
      }
    }
  }
  return scope;
}

/** `{ exclude: ["health", { path: "users/:id", method: RequestMethod.GET }] }` as matchers. */
function excludedRoutes(
  node: ts.Expression,
  scope: Parameters<Interpreter["evaluate"]>[1],
  interpreter: Interpreter,
  diagnostics: DiagnosticBag,
): ExcludedRoute[] {
  const options = interpreter.evaluate(node, scope);
  const exclude = options.kind === "object" ? options.props.get("exclude") : undefined;
  if (!exclude) return [];
  const items = exclude.kind === "array" ? exclude.items : [exclude];
  const out: ExcludedRoute[] = [];
  // The syntax of each entry, for `RequestMethod.GET` (an enum of a package, read by name).
  const literal = ts.isObjectLiteralExpression(node)
    ? node.properties.find((p) => ts.isPropertyAssignment(p) && p.name.getText() === "exclude")
    : undefined;
  const elements =
    literal && ts.isPropertyAssignment(literal) && ts.isArrayLiteralExpression(literal.initializer)
      ? literal.initializer.elements
      : undefined;
  items.forEach((item, index) => {
    const element = elements?.[index];
    if (item.kind === "string") {
      out.push({ matches: routePattern(item.value) });
      return;
    }
    if (item.kind === "object") {
      const path = item.props.get("path");
      const methods = requestMethods(item.props.get("method"), element);
      if (path?.kind === "string") {
        out.push({ matches: routePattern(path.value), ...(methods ? { methods } : {}) });
        return;
      }
    }
    diagnostics.warning(
      "APX201",
      "Cannot resolve this entry of the global prefix's `exclude` statically; the routes it would exclude are indexed with the prefix.",
      siteOf(element ?? node),
      "Write each entry as a string path or { path, method } with literals.",
    );
  });
  return out;
}

/** `RequestMethod.GET` (or its number in @nestjs/common's enum); undefined for ALL or when unknown. */
function requestMethods(value: Value | undefined, element: ts.Expression | undefined): string[] | undefined {
  const written =
    element && ts.isObjectLiteralExpression(element)
      ? element.properties.find((p) => ts.isPropertyAssignment(p) && p.name.getText() === "method")
      : undefined;
  const text = written && ts.isPropertyAssignment(written) ? written.initializer.getText() : "";
  const byName = /RequestMethod\.([A-Z]+)/.exec(text)?.[1];
  const name =
    byName ?? (value?.kind === "number" ? REQUEST_METHODS[value.value] : value?.kind === "string" ? value.value.toUpperCase() : undefined);
  if (!name || name === "ALL") return undefined;
  return [name];
}

/** @nestjs/common's `RequestMethod` enum, by value. */
const REQUEST_METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH", "ALL", "OPTIONS", "HEAD", "SEARCH"];

/**
 * An exclude path as a matcher of route paths in OpenAPI form without the global prefix: `:name` (or
 * `{name}`) matches one segment, `*`/`(.*)`/`*splat` the rest.
 */
export function routePattern(raw: string): RegExp {
  const segments = raw.split("/").filter(Boolean);
  const parts = segments.map((segment) => {
    if (/^(\*|\(\.\*\)|\*\w+|\{\*\w+\})$/.test(segment)) return "(?:/.*)?";
    if (/^:\w+\??$/.test(segment) || /^\{\w+\}$/.test(segment)) return "/[^/]+";
    return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\\\*/g, ".*")}`;
  });
  return new RegExp(`^${parts.join("") || "/"}/?$`);
}

/** The names a parameter binds (`root`, `{ a, b: [c] }`). */
function bindingNames(name: ts.BindingName): ts.Identifier[] {
  if (ts.isIdentifier(name)) return [name];
  return name.elements.flatMap((e) => (ts.isOmittedExpression(e) ? [] : bindingNames(e.name)));
}
