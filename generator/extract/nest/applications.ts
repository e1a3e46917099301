import { ts } from "../../typescript.js";
import { type DiagnosticBag, siteOf, type SourceSite } from "../../diagnostics/diagnostic.js";
import { excerpt, explain, type Interpreter, isFunctionLike } from "../../resolve/interpreter.js";
import { Binding, Scope } from "../../resolve/scope.js";
import { stringsOf, unknown, type Value } from "../../resolve/values.js";
import type { SourceSet } from "../../scan/source-set.js";
import { callsOf } from "../../scan/calls.js";

/**
 * NestJS applications: each `NestFactory.create(RootModule)` bootstraps the controllers of its root
 * module's tree (`@Module({ imports, controllers })`, dynamic modules included), with the global prefix
 * and versioning set on that application. A project may bootstrap several (the API and a worker or
 * maintenance mode): they are told apart here, and the adapter indexes the ones the config names.
 */
export interface NestApplication {
  /** The root module's class name (`AppModule`): how the config names the application. */
  name: string;
  site: SourceSite;
  /** The controllers of the module tree, in module order (imports first, as Nest registers them). */
  controllers: ts.ClassDeclaration[];
  /** `RouterModule.register([{ path, module, children }])`: the path prefix of each controller's module. */
  modulePrefixes: Map<ts.ClassDeclaration, string>;
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
  defaultVersion?: string[];
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
      const root = interpreter.evaluate(call.arguments[0], scope);
      if (root.kind !== "class" || !ts.isClassDeclaration(root.decl)) {
        diagnostics.warning(
          "APX420",
          `Cannot resolve the root module of this NestJS application statically: \`${excerpt(call.arguments[0])}\` ${explain(root)}; its controllers are not told apart from other applications'.`,
          siteOf(call),
          "Pass the module class itself to NestFactory.create().",
        );
        continue;
      }
      // The settings made in the function that creates the app; when it makes none (a `configure(app)`
      // helper elsewhere), the ones made anywhere in the project.
      const owner = enclosingFunction(call) ?? file;
      const own = hasBootstrapCalls(owner) ? readBootstrap(owner, interpreter, diagnostics) : undefined;
      const tree = moduleTree(root.decl, interpreter, diagnostics);
      apps.push({
        name: root.decl.name?.text ?? "(anonymous module)",
        site: siteOf(call),
        controllers: tree.controllers,
        modulePrefixes: tree.prefixes,
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
  const byName = new Map<string, NestApplication>();
  for (const app of apps) {
    const seen = byName.get(app.name);
    if (!seen || (app.listens && !seen.listens)) byName.set(app.name, app);
  }
  return apps.filter((app) => byName.get(app.name) === app);
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

/**
 * The controllers of a module and of every module it imports, each once, imports first; and the path
 * prefix `RouterModule.register(routes)` gives each controller (through the module that declares it).
 */
export function moduleTree(
  root: ts.ClassDeclaration,
  interpreter: Interpreter,
  diagnostics: DiagnosticBag,
): { controllers: ts.ClassDeclaration[]; prefixes: Map<ts.ClassDeclaration, string> } {
  const out: ts.ClassDeclaration[] = [];
  const owner = new Map<ts.ClassDeclaration, ts.ClassDeclaration>();
  const routed = new Map<ts.ClassDeclaration, string>();
  const seenModules = new Set<ts.ClassDeclaration>();
  const seenControllers = new Set<ts.ClassDeclaration>();
  const visit = (module: ts.ClassDeclaration, extra: readonly Value[]): void => {
    if (seenModules.has(module)) return;
    seenModules.add(module);
    const options = moduleOptions(module);
    const scope = interpreter.module(module.getSourceFile()).scope;
    for (const element of propertyElements(options, "imports")) {
      const routes = routerModuleRoutes(element, scope, interpreter);
      if (routes) {
        collectRoutes(routes, "", routed);
        continue;
      }
      const conditional = conditionalModule(element, scope, interpreter, module, diagnostics);
      const imported = conditional ?? importedModules(element, scope, interpreter);
      if (!imported.length && !conditional) unreadEntry(element, "imports", module, interpreter.evaluate(element, scope), diagnostics);
      for (const { module: next, controllers } of imported) visit(next, controllers);
    }
    const controllers = [
      ...propertyElements(options, "controllers").flatMap((e) => {
        const value = interpreter.evaluate(e, scope);
        unreadEntry(e, "controllers", module, value, diagnostics);
        return flatten(value);
      }),
      ...extra,
    ];
    for (const value of controllers) {
      if (value.kind === "class" && ts.isClassDeclaration(value.decl) && !seenControllers.has(value.decl)) {
        seenControllers.add(value.decl);
        owner.set(value.decl, module);
        out.push(value.decl);
      }
    }
  };
  visit(root, []);
  const prefixes = new Map<ts.ClassDeclaration, string>();
  for (const controller of out) {
    const prefix = routed.get(owner.get(controller)!);
    if (prefix) prefixes.set(controller, prefix);
  }
  return { controllers: out, prefixes };
}

/**
 * A `@Module` entry apidex cannot read (`controllers: process.env.MCP_ONLY ? [A] : [A, B]`): the controllers
 * it may bring are not indexed, so it is reported (APX422) — never dropped in silence. A module of a
 * package (`ThrottlerModule.forRoot(...)`) brings no controllers of the project and is not reported.
 */
function unreadEntry(
  node: ts.Expression,
  property: "controllers" | "imports",
  module: ts.ClassDeclaration,
  value: Value,
  diagnostics: DiagnosticBag,
): void {
  const unread = value.kind === "unknown" ? value : value.kind === "array" ? value.items.find((i) => i.kind === "unknown") : undefined;
  if (!unread || unread.kind !== "unknown") return;
  diagnostics.warning(
    "APX422",
    `Cannot read this entry of ${module.name?.text ?? "the module"}'s \`${property}\` statically: \`${excerpt(node)}\` ${explain(unread)}; the controllers it may bring are not indexed.`,
    siteOf(node),
    /process\.env/.test(node.getText())
      ? "Set the environment variables it reads in the config's `env` (the deployment the artifacts describe)."
      : "List the modules and controllers as classes, arrays of them or constants apidex can read.",
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

/** The object literal of `@Module({...})` on a class. */
function moduleOptions(module: ts.ClassDeclaration): ts.ObjectLiteralExpression | undefined {
  for (const decorator of ts.getDecorators(module) ?? []) {
    const expression = decorator.expression;
    if (!ts.isCallExpression(expression)) continue;
    const callee = expression.expression;
    const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : undefined;
    if (name === "Module" && expression.arguments[0] && ts.isObjectLiteralExpression(expression.arguments[0]))
      return expression.arguments[0];
  }
  return undefined;
}

/** The elements of an array-literal property (`imports: [A, B.forRoot()]`), spreads of arrays included. */
function propertyElements(options: ts.ObjectLiteralExpression | undefined, name: string): ts.Expression[] {
  for (const property of options?.properties ?? []) {
    if (!ts.isPropertyAssignment(property) || property.name.getText() !== name) continue;
    if (!ts.isArrayLiteralExpression(property.initializer)) return [property.initializer];
    // `[...featureModules, UsersModule]`: a spread is read as the array it spreads (each item a module).
    return property.initializer.elements.map((e) => (ts.isSpreadElement(e) ? e.expression : e));
  }
  return [];
}

/**
 * `ConditionalModule.registerWhen(Module, condition)` (@nestjs/config): the module is imported when its
 * condition holds — an environment variable's name (set, and not `"false"`) or a function of the
 * environment. With the config's `env` the condition is decided; without it the module's controllers are
 * not indexed and the entry is reported (APX422). Undefined for any other entry.
 */
function conditionalModule(
  node: ts.Expression,
  scope: Parameters<Interpreter["evaluate"]>[1],
  interpreter: Interpreter,
  owner: ts.ClassDeclaration,
  diagnostics: DiagnosticBag,
): { module: ts.ClassDeclaration; controllers: Value[] }[] | undefined {
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
  if (holds === undefined) {
    diagnostics.warning(
      "APX422",
      `${owner.name?.text ?? "The module"} imports \`${excerpt(moduleArg)}\` only when \`${excerpt(conditionArg)}\` holds in the environment (ConditionalModule.registerWhen), which apidex does not know: the controllers it brings are not indexed.`,
      siteOf(node),
      "Set the environment in the config's `env` (the deployment the artifacts describe): the condition is then decided.",
    );
    return [];
  }
  return holds ? importedModules(moduleArg, scope, interpreter) : [];
}

/**
 * The modules one `imports` element brings in: a module class, an array of them, a dynamic module
 * (`{ module, controllers }`, or `X.forRoot(...)`, whose class is `X` even when its body cannot be read),
 * or `forwardRef(() => X)`.
 */
function importedModules(
  node: ts.Expression,
  scope: Parameters<Interpreter["evaluate"]>[1],
  interpreter: Interpreter,
): { module: ts.ClassDeclaration; controllers: Value[] }[] {
  if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "forwardRef") {
    const fn = node.arguments[0];
    if (fn && ts.isArrowFunction(fn) && !ts.isBlock(fn.body)) return importedModules(fn.body, scope, interpreter);
  }
  const value = interpreter.evaluate(node, scope);
  const found = modulesOfValue(value);
  if (found.length) return found;
  // `ConfigModule.forRoot()`: a static method apidex cannot run still names its module class.
  if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
    const owner = interpreter.evaluate(node.expression.expression, scope);
    if (owner.kind === "class" && ts.isClassDeclaration(owner.decl)) return [{ module: owner.decl, controllers: [] }];
  }
  return [];
}

function modulesOfValue(value: Value): { module: ts.ClassDeclaration; controllers: Value[] }[] {
  if (value.kind === "class" && ts.isClassDeclaration(value.decl)) return [{ module: value.decl, controllers: [] }];
  if (value.kind === "array") return value.items.flatMap(modulesOfValue);
  if (value.kind === "object") {
    const module = value.props.get("module");
    const controllers = value.props.get("controllers");
    if (module?.kind === "class" && ts.isClassDeclaration(module.decl))
      return [{ module: module.decl, controllers: controllers?.kind === "array" ? controllers.items : [] }];
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
  const scopes = new Map<ts.Node, Scope>();
  const scopeOf = (call: ts.Node): Scope => {
    const fn = enclosingFunction(call);
    if (!fn) return moduleScope;
    let scope = scopes.get(fn);
    if (!scope) scopes.set(fn, (scope = functionScope(fn, moduleScope, interpreter)));
    return scope;
  };
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
        const isUri =
          node.arguments[0] && (/VersioningType\.URI/.test(node.arguments[0].getText()) || (type?.kind === "number" && type.value === 0));
        if (isUri) {
          found.uriVersioning = true;
          const defaultVersion = options?.kind === "object" ? options.props.get("defaultVersion") : undefined;
          const prefix = options?.kind === "object" ? options.props.get("prefix") : undefined;
          if (defaultVersion) found.defaultVersion = stringsOf(defaultVersion);
          if (prefix?.kind === "string") found.versionPrefix = prefix.value;
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(owner);
  return found;
}

/**
 * The scope the bootstrap function's own settings are read in: its `const`s (`const globalPrefix = "api";
 * app.setGlobalPrefix(globalPrefix)`) over the module's. The function is not run; only its constants are
 * read, each when first used.
 */
function functionScope(owner: ts.Node, moduleScope: Scope, interpreter: Interpreter): Scope {
  if (!isFunctionLike(owner) || !owner.body || !ts.isBlock(owner.body)) return moduleScope;
  const scope = new Scope(owner.getSourceFile(), moduleScope, owner);
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
              (whole.kind === "object" ? whole.props.get(key) : undefined) ??
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

function flatten(value: Value): Value[] {
  return value.kind === "array" ? value.items.flatMap(flatten) : [value];
}
