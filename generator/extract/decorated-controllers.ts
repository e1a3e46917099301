import { ts } from "../typescript.js";
import { type DiagnosticBag, siteOf } from "../diagnostics/diagnostic.js";
import { type DocComment, leadingDoc } from "../resolve/doc-comment.js";
import { mergeDocs } from "../resolve/framework-docs.js";
import { excerpt, type HostAdapter, Interpreter } from "../resolve/interpreter.js";
import type { Scope } from "../resolve/scope.js";
import { type CheckValue, stringsOf, type Value } from "../resolve/values.js";
import type { SourceSet } from "../scan/source-set.js";
import { type FrameworkAdapter, interpreterOptionsOf } from "./adapter.js";
import { expressToOpenApi, joinPaths } from "./express/path-syntax.js";
import { ALL_METHODS, reportPathShape } from "./flatten.js";
import { type PermissionDecorator, pathStrings, permissionChecks, VERB_DECORATORS } from "./nest/index.js";
import { markFact, requirementsOf } from "./requirements.js";
import type { RouteFact } from "./route-fact.js";
import type { RouteCheck } from "./router-graph.js";
import { importedPackages, NO_HOST } from "./shared.js";
import { type ControllerMethod, controllerMethods, type HeritagePolicy } from "./inherited-methods.js";

/**
 * Controllers written with decorators on top of Express or Koa — routing-controllers, tsoa — read the same
 * way: the decorated classes a server serves, each method's verb decorators and routes under the class's
 * and the server's prefixes, and the checks a flavor reads from the class and the method plus the
 * method body's. A flavor says what differs: the package, the names, the path syntax, where the prefix and
 * the served controllers are declared, and which decorators check what.
 */
/**
 * Where a framework's decorators are imported from: package names, or a test of an import's specifier in a
 * file (a decorator module of the sources, `decoratorRoutes`, which each file names by its own relative path).
 */
export type ImportSource = ReadonlySet<string> | ((specifier: string, file: ts.SourceFile) => boolean);

export interface ControllerFlavor {
  framework: string;
  packages: ImportSource;
  /**
   * What the framework's own calls evaluate to, where the flavor reads them (FoalTS's `Hook(fn)` is its function);
   * nothing when absent. Given the interpreter it serves, once made.
   */
  host?(interpreter: () => Interpreter): HostAdapter;
  /** Whether a route is served outside the server's prefixes (Midway's `@Get(path, { ignoreGlobalPrefix: true })`). */
  ignoresServerPrefix?(verb: ControllerVerb): boolean;
  /** Class decorators that make a controller: `@JsonController(prefix)`, `@Route(prefix)`. */
  controllerDecorators: ReadonlySet<string>;
  /** Method decorators by name and the HTTP method each declares (`Get` → GET); NestJS's names when absent. */
  verbs?: Readonly<Record<string, string>>;
  /** A decorator whose first argument is the HTTP method and second the route (`@Method("get", route)`). */
  methodDecorator?: string;
  /** A route as written, in Express's syntax (tsoa writes `{id}`). */
  expressPath(path: string): string;
  /**
   * How the framework joins a prefix and a path, where it differs from Express's `/`-joining (FoalTS concatenates
   * them and collapses repeated slashes).
   */
  joinPaths?(prefix: string, path: string): string;
  /**
   * What the framework's own documentation says of a method (tsoa's spec documents every controller method
   * that is not `@Hidden`), merged under the written doc comment; undefined where it says nothing.
   */
  frameworkDoc?(cls: ts.ClassDeclaration, method: ts.MethodDeclaration, scope: Scope, interpreter: Interpreter): DocComment | undefined;
  /**
   * The checks on a class or a method; for a method, `controller` is the controller it answers for (an
   * ancestor's method answers for each controller that inherits it).
   */
  checks(
    node: ts.ClassDeclaration | ts.MethodDeclaration,
    scope: Scope,
    interpreter: Interpreter,
    diagnostics: DiagnosticBag,
    controller?: ts.ClassDeclaration,
  ): RouteCheck[];
  /**
   * How the framework serves the methods a controller inherits from the classes it extends, as its run time
   * walks the prototype chain; only the controller's own methods when absent (tsoa's generator and OvernightJS
   * read the class's own members).
   */
  inheritance?: Inheritance;
  /**
   * The prefixes the controllers are served under, and which controllers (all when absent); `prefixesOf` gives
   * a controller prefixes of its own where the server mounts each under its own (Ts.ED's `mount`).
   */
  server(
    sources: SourceSet,
    interpreter: Interpreter,
    diagnostics: DiagnosticBag,
  ): {
    prefixes: string[];
    controllers?: Set<ts.Node>;
    prefixesOf?: ReadonlyMap<ts.Node, string[]>;
    /** Checks that run before a controller's own (the server app's middleware, a parent controller's: OvernightJS). */
    checksOf?: ReadonlyMap<ts.Node, RouteCheck[]>;
    /** Registration-shaped calls the flavor read (`this.app.use(mw)` of an OvernightJS server), not another adapter's misses. */
    reached?: readonly ts.CallExpression[];
  };
  /** The controller's own path when its decorator takes an options object (`@Controller({ path, children })`). */
  controllerPath?(call: ts.CallExpression): ts.Expression | undefined;
  /**
   * A class with a verb-decorated method is a controller without a class decorator (LoopBack 4: `@api` is
   * optional, any class whose methods carry `@get(path)` is one).
   */
  undecoratedControllers?: boolean;
  /**
   * Routes a class declares for one of its methods elsewhere than on the method (LoopBack's `@api({ paths })`
   * operations bound to methods by `x-operation-name`), each with its path already read.
   */
  classRoutes?(cls: ts.ClassDeclaration, member: ts.MethodDeclaration, scope: Scope, interpreter: Interpreter): ControllerVerb[];
  /**
   * Routes registered without a controller (LoopBack's `app.route(verb, path, spec, handler)`): called before the
   * checks are finished so the handlers' checks are read with the others; the thunk it returns builds the facts.
   */
  otherRoutes?(sources: SourceSet, interpreter: Interpreter, diagnostics: DiagnosticBag): () => RouteFact[];
}

/** How a framework reads inherited controller methods (see inherited-methods.ts). */
export interface Inheritance {
  /** Every ancestor, or only the nearest that declares routes (inversify-express-utils). */
  ancestors: "all" | "nearest";
  /**
   * What hides an ancestor's method of the same name: a redeclaration with routes of its own (routing-controllers,
   * LoopBack: one without keeps the ancestor's route, and its body answers it), one with any of the framework's
   * decorators (Ts.ED reads the nearest method store by name), or nothing (inversify-express-utils registers both).
   */
  hiddenBy: "routes" | "decorators" | "nothing";
  /**
   * Whose method decorators guard an inherited route: the declaring method's (its metadata travels with the
   * route), or only those on the controller's own redeclaration of it (routing-controllers 0.10.4 and later look
   * an action's middleware and `@Authorized` up under the controller class, so a base method's are not applied).
   */
  methodChecks: "declaring" | "controller";
}

/** One route a controller method declares: its HTTP method, and its route as written or its path already read. */
export interface ControllerVerb {
  method: string;
  route?: ts.Expression;
  /** The path, when the flavor read it (a property name of a paths object). */
  path?: string;
  node: ts.Node;
}

export function decoratedControllersAdapter(flavor: ControllerFlavor): FrameworkAdapter {
  return {
    name: flavor.framework,
    detect: (sources) => sources.files.some((file) => importedPackages(file).some((p) => importsFrom(flavor.packages, p, file))),
    extract(sources, options, diagnostics) {
      let made: Interpreter | undefined;
      const host = flavor.host ? flavor.host(() => made!) : NO_HOST;
      const interpreter = new Interpreter(sources, diagnostics, interpreterOptionsOf(options), host);
      made = interpreter;
      interpreter.executeAll();
      const server = flavor.server(sources, interpreter, diagnostics);
      if (server.reached) options.unreached?.reached(server.reached);
      const controllers = sources.files.flatMap((file) =>
        file.statements.filter(
          (s): s is ts.ClassDeclaration =>
            ts.isClassDeclaration(s) &&
            (controllerCall(s, flavor) !== undefined ||
              (flavor.undecoratedControllers === true && hasRoutes(s, interpreter.module(file).scope, interpreter, flavor))),
        ),
      );
      if (!flavor.undecoratedControllers) reportWrappedControllers(sources, controllers, flavor, interpreter, diagnostics);
      const served = server.controllers ? controllers.filter((c) => server.controllers!.has(c)) : controllers;
      // Every check first, so keys only the type checker can read are in before routes are built: the class's,
      // and each route's method checks and the checks of the body that answers it.
      const checks = new Map<ts.Node, RouteCheck[]>();
      const methodChecks = new Map<ts.ClassDeclaration, Map<ts.MethodDeclaration, RouteCheck[]>>();
      const bodies = new Map<ts.MethodDeclaration, CheckValue[]>();
      const reported = new Set<ts.Node>();
      for (const cls of served) {
        const scope = interpreter.module(cls.getSourceFile()).scope;
        checks.set(cls, [...(server.checksOf?.get(cls) ?? []), ...flavor.checks(cls, scope, interpreter, diagnostics)]);
        const own = new Map<ts.MethodDeclaration, RouteCheck[]>();
        methodChecks.set(cls, own);
        for (const method of methodsOf(cls, flavor, interpreter, diagnostics, reported)) {
          if (!routesOf(method.owner, method.member, method.scope, interpreter, flavor).length) continue;
          const checked = checkedDeclaration(cls, method, flavor);
          own.set(method.member, checked ? flavor.checks(checked.member, checked.scope, interpreter, diagnostics, cls) : []);
          const runs = method.runs.member;
          if (!bodies.has(runs)) bodies.set(runs, interpreter.bodyChecks({ kind: "function", decl: runs, scope: method.runs.scope }));
        }
      }
      const others = flavor.otherRoutes?.(sources, interpreter, diagnostics);
      interpreter.finishChecks();
      return [
        ...served.flatMap((cls) =>
          controllerRoutes(
            cls,
            flavor,
            server.prefixesOf?.get(cls) ?? server.prefixes,
            interpreter,
            diagnostics,
            checks,
            methodChecks.get(cls)!,
            bodies,
          ),
        ),
        ...(others?.() ?? []),
      ];
    },
  };
}

/**
 * A class whose methods carry the flavor's route decorators, made a controller by a class decorator of another
 * package or of the sources (a platform's `@CoolController({ api: ["add", "page"] })`, which calls the
 * framework's own `Controller` with a prefix of its own and may add routes): the framework serves those
 * routes under a prefix apidex cannot read, so they are said (APX210), once per class, not dropped silently.
 */
function reportWrappedControllers(
  sources: SourceSet,
  controllers: readonly ts.ClassDeclaration[],
  flavor: ControllerFlavor,
  interpreter: Interpreter,
  diagnostics: DiagnosticBag,
): void {
  const known = new Set(controllers);
  const controller = [...flavor.controllerDecorators][0] ?? "Controller";
  for (const file of sources.files)
    for (const cls of file.statements) {
      if (!ts.isClassDeclaration(cls) || known.has(cls)) continue;
      const wrapper = (ts.getDecorators(cls) ?? []).find(
        (d) =>
          ts.isCallExpression(d.expression) &&
          ts.isIdentifier(d.expression.expression) &&
          !importedFrom(d.expression.expression, flavor.packages),
      );
      if (!wrapper) continue;
      const scope = interpreter.module(file).scope;
      const routes = cls.members.filter((m) => ts.isMethodDeclaration(m) && routesOf(cls, m, scope, interpreter, flavor).length > 0).length;
      if (!routes) continue;
      diagnostics.warning(
        "APX210",
        `This class's ${routes} route method${routes === 1 ? " carries" : "s carry"} ${flavor.framework}'s route decorators, but the class is made a controller by \`@${excerpt((wrapper.expression as ts.CallExpression).expression)}(...)\`, not by ${flavor.framework}'s \`@${controller}(...)\`: apidex does not read what that decorator does (the prefix it gives, routes it adds), so these routes are not indexed.`,
        siteOf(wrapper),
        `Decorate the class with ${flavor.framework}'s \`@${controller}(prefix)\` as well, or describe these routes with a framework apidex reads.`,
      );
    }
}

/** The class decorator that makes a controller, imported from the flavor's package. */
function controllerCall(cls: ts.ClassDeclaration, flavor: ControllerFlavor): ts.CallExpression | undefined {
  for (const decorator of ts.getDecorators(cls) ?? []) {
    const call = decorator.expression;
    if (
      ts.isCallExpression(call) &&
      ts.isIdentifier(call.expression) &&
      flavor.controllerDecorators.has(call.expression.text) &&
      importedFrom(call.expression, flavor.packages)
    )
      return call;
  }
  return undefined;
}

/**
 * A server's prefix option (`routePrefix`, `rootPath`) from its evaluated options: the empty prefix when
 * absent, undefined with a warning when it cannot be read.
 */
export function serverPrefix(
  options: Value,
  property: string,
  server: string,
  node: ts.Node,
  diagnostics: DiagnosticBag,
): string | undefined {
  const value = options.kind === "object" ? options.props.get(property) : undefined;
  const strings = value ? stringsOf(value) : [""];
  if (strings?.length === 1) return strings[0]!;
  diagnostics.warning(
    "APX201",
    `Cannot resolve the ${property} of this ${server} statically; its routes are indexed without it.`,
    siteOf(node),
    `Give \`${property}\` as a string literal or a const.`,
  );
  return undefined;
}

/** The checks of middleware given to a decorator (`@UseBefore(mw)`, `@httpGet(path, mw)`): recognized calls and function bodies. */
/**
 * The checks of a class or a method: its permission decorators', and those of the middleware its decorators
 * are given — `middlewareOf` picks those arguments from a decorator call (`@UseBefore(mw)`, `@controller(path,
 * ...mw)`), or none.
 */
export function decoratorChecks(
  node: ts.ClassDeclaration | ts.MethodDeclaration,
  scope: Scope,
  interpreter: Interpreter,
  diagnostics: DiagnosticBag,
  permissionDecorators: readonly PermissionDecorator[],
  middlewareOf: (call: ts.CallExpression & { expression: ts.Identifier }) => readonly ts.Expression[] | undefined,
): RouteCheck[] {
  const checks: RouteCheck[] = permissionChecks(node, [...permissionDecorators], scope, interpreter, diagnostics);
  for (const decorator of ts.getDecorators(node) ?? []) {
    const call = decorator.expression;
    if (!ts.isCallExpression(call) || !ts.isIdentifier(call.expression)) continue;
    const middleware = middlewareOf(call as ts.CallExpression & { expression: ts.Identifier });
    if (middleware?.length) checks.push(...middlewareChecks(middleware, scope, interpreter));
  }
  return checks;
}

export function middlewareChecks(args: readonly ts.Expression[], scope: Scope, interpreter: Interpreter): CheckValue[] {
  const checks: CheckValue[] = [];
  for (const arg of args) {
    checks.push(...interpreter.optionChecksIn(arg, scope));
    const value = interpreter.evaluate(arg, scope);
    for (const v of value.kind === "array" ? value.items : [value]) {
      if (v.kind === "check") checks.push(v);
      else if (v.kind === "function") checks.push(...interpreter.bodyChecks(v));
    }
  }
  return checks;
}

/** Whether an import's specifier in a file names one of the packages (or modules) of a source. */
function importsFrom(packages: ImportSource, specifier: string, file: ts.SourceFile): boolean {
  return typeof packages === "function" ? packages(specifier, file) : packages.has(specifier);
}

/** Whether an identifier is a named import from one of the packages in its file. */
export function importedFrom(identifier: ts.Identifier, packages: ImportSource): boolean {
  const file = identifier.getSourceFile();
  for (const statement of file.statements) {
    if (
      !ts.isImportDeclaration(statement) ||
      !ts.isStringLiteral(statement.moduleSpecifier) ||
      !importsFrom(packages, statement.moduleSpecifier.text, file)
    )
      continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings) && bindings.elements.some((e) => e.name.text === identifier.text)) return true;
  }
  return false;
}

/** Whether a class has a method with routes (a controller of a flavor whose classes need no decorator). */
function hasRoutes(cls: ts.ClassDeclaration, scope: Scope, interpreter: Interpreter, flavor: ControllerFlavor): boolean {
  if (cls.members.some((m) => ts.isMethodDeclaration(m) && routesOf(cls, m, scope, interpreter, flavor).length > 0)) return true;
  // One that inherits its routes is a controller as well (LoopBack: `class TodoController extends CrudController<Todo> {}`).
  return (
    flavor.inheritance !== undefined &&
    methodsOf(cls, flavor, interpreter).some((m) => m.owner !== cls && routesOf(m.owner, m.member, m.scope, interpreter, flavor).length)
  );
}

/**
 * The methods that answer for a controller: its own, and (for a flavor whose framework walks the prototype
 * chain) those it inherits from classes of the sources, as the flavor's `inheritance` says. An `extends` apidex
 * cannot follow is said once per class (APX210) unless it names one of the flavor's own classes (tsoa's
 * `Controller`, inversify-express-utils' `BaseHttpController`), which declare no routes.
 */
function methodsOf(
  cls: ts.ClassDeclaration,
  flavor: ControllerFlavor,
  interpreter: Interpreter,
  diagnostics?: DiagnosticBag,
  reported?: Set<ts.Node>,
): ControllerMethod[] {
  const scope = interpreter.module(cls.getSourceFile()).scope;
  const inheritance = flavor.inheritance;
  if (!inheritance)
    return cls.members
      .filter((m): m is ts.MethodDeclaration => ts.isMethodDeclaration(m) && m.body !== undefined)
      .map((member) => ({ member, owner: cls, scope, runs: { member, owner: cls, scope } }));
  const policy: HeritagePolicy = {
    ancestors: inheritance.ancestors,
    hides: (member, memberScope) =>
      inheritance.hiddenBy === "routes"
        ? routesOf(member.parent as ts.ClassLikeDeclaration, member, memberScope, interpreter, flavor).length > 0
        : inheritance.hiddenBy === "decorators"
          ? (ts.getDecorators(member) ?? []).some((d) => frameworkCallee(d.expression, flavor.packages))
          : false,
    routed: (member, owner, memberScope) => routesOf(owner, member, memberScope, interpreter, flavor).length > 0,
  };
  return controllerMethods(cls, interpreter, policy, ({ heritage, cls: child }) => {
    if (!diagnostics || !reported || reported.has(heritage)) return;
    reported.add(heritage);
    const root = heritageRoot(heritage.expression);
    if (root && importedFrom(root, flavor.packages)) return;
    diagnostics.warning(
      "APX210",
      `${child.name ? `\`${child.name.text}\`` : "This controller"} extends \`${excerpt(heritage.expression)}\`, a class apidex cannot read (a package's, or one built at run time); ${flavor.framework} serves the routes its methods declare under this controller too, and they are not indexed.`,
      siteOf(heritage),
      "Declare the base controller in the sources apidex reads (a workspace package's sources count), or redeclare its routes on the controller.",
    );
  });
}

/** The identifier an `extends` expression starts from (`Base`, `mixins.Base`, `Mixin(Base)`'s `Mixin`). */
function heritageRoot(node: ts.Expression): ts.Identifier | undefined {
  if (ts.isIdentifier(node)) return node;
  if (ts.isPropertyAccessExpression(node) || ts.isCallExpression(node)) return heritageRoot(node.expression);
  return undefined;
}

/** Whether a decorator's callee is imported from one of the packages (`@Get()`, `@Returns(200)`). */
function frameworkCallee(expression: ts.Expression, packages: ImportSource): boolean {
  const callee = ts.isCallExpression(expression) ? expression.expression : expression;
  const root = heritageRoot(callee);
  return root !== undefined && importedFrom(root, packages);
}

/**
 * The declaration whose decorators guard a route of a controller: the method that declares the route, or, for
 * a flavor whose framework looks method metadata up under the controller class, the controller's own
 * declaration of that name (none for a method it inherits without redeclaring).
 */
function checkedDeclaration(
  cls: ts.ClassDeclaration,
  method: ControllerMethod,
  flavor: ControllerFlavor,
): { member: ts.MethodDeclaration; scope: Scope } | undefined {
  if (method.owner === cls || flavor.inheritance?.methodChecks !== "controller") return method;
  return method.runs.owner === cls ? method.runs : undefined;
}

/** The routes of one method: its verb decorators' and those its class declares for it. */
function routesOf(
  cls: ts.ClassLikeDeclaration,
  member: ts.MethodDeclaration,
  scope: Scope,
  interpreter: Interpreter,
  flavor: ControllerFlavor,
): ControllerVerb[] {
  const own = verbsOf(member, scope, interpreter, flavor);
  const declared = (ts.isClassDeclaration(cls) && flavor.classRoutes?.(cls, member, scope, interpreter)) || [];
  return declared.length ? [...own, ...declared] : own;
}

/** The HTTP methods and routes of one method: its verb decorators (`@Get(route)`, `@Method("get", route)`). */
function verbsOf(member: ts.MethodDeclaration, scope: Scope, interpreter: Interpreter, flavor: ControllerFlavor): ControllerVerb[] {
  const out: ControllerVerb[] = [];
  for (const decorator of ts.getDecorators(member) ?? []) {
    const call = decorator.expression;
    if (!ts.isCallExpression(call) || !ts.isIdentifier(call.expression) || !importedFrom(call.expression, flavor.packages)) continue;
    const name = call.expression.text;
    // A flavor that names its verb decorators names each it has; the default list is NestJS's, whose `@Search`
    // the libraries that take the default do not export.
    const verbs = flavor.verbs ?? VERB_DECORATORS;
    if (name === flavor.methodDecorator) {
      const verb = call.arguments[0] ? stringsOf(interpreter.evaluate(call.arguments[0], scope)) : undefined;
      if (verb?.length === 1)
        out.push({ method: verb[0]!.toUpperCase(), ...(call.arguments[1] ? { route: call.arguments[1] } : {}), node: call });
    } else if (Object.hasOwn(verbs, name) && (flavor.verbs !== undefined || name !== "Search"))
      out.push({ method: verbs[name]!, ...(call.arguments[0] ? { route: call.arguments[0] } : {}), node: call });
  }
  return out;
}

function controllerRoutes(
  cls: ts.ClassDeclaration,
  flavor: ControllerFlavor,
  serverPrefixes: readonly string[],
  interpreter: Interpreter,
  diagnostics: DiagnosticBag,
  checks: ReadonlyMap<ts.Node, RouteCheck[]>,
  methodChecks: ReadonlyMap<ts.MethodDeclaration, RouteCheck[]>,
  bodies: ReadonlyMap<ts.MethodDeclaration, CheckValue[]>,
): RouteFact[] {
  const scope = interpreter.module(cls.getSourceFile()).scope;
  const controller = controllerCall(cls, flavor);
  const own = !controller ? undefined : flavor.controllerPath ? flavor.controllerPath(controller) : controller.arguments[0];
  const prefixes = own ? pathStrings(own, scope, interpreter, diagnostics, "controller path") : [""];
  if (!prefixes) return [];
  const routes: RouteFact[] = [];
  for (const { member, owner, scope: memberScope, runs } of methodsOf(cls, flavor, interpreter)) {
    const routed = routesOf(owner, member, memberScope, interpreter, flavor);
    if (!routed.length) continue;
    const requirements = requirementsOf([
      ...(checks.get(cls) ?? []),
      ...(methodChecks.get(member) ?? []),
      ...(bodies.get(runs.member) ?? []),
    ]);
    // Documented as the controller documents it (its class-level tags), the method as written where declared.
    const doc = mergeDocs(leadingDoc(member), flavor.frameworkDoc?.(cls, member, memberScope, interpreter));
    for (const verb of routed) {
      const paths =
        verb.path !== undefined
          ? [verb.path]
          : verb.route
            ? pathStrings(verb.route, memberScope, interpreter, diagnostics, "route path")
            : [""];
      for (const serverPrefix of flavor.ignoresServerPrefix?.(verb) ? [""] : serverPrefixes)
        for (const prefix of prefixes)
          for (const path of paths ?? []) {
            const join = flavor.joinPaths ?? joinPaths;
            const full = join(join(joinPaths("/", serverPrefix), flavor.expressPath(prefix)), flavor.expressPath(path));
            const parsed = expressToOpenApi(full);
            if (!parsed.ok) {
              diagnostics.warning(
                "APX204",
                `The path \`${full}\` has ${parsed.problem}; the route is left out.`,
                siteOf(verb.node),
                parsed.hint,
              );
              continue;
            }
            reportPathShape(diagnostics, full, parsed.variants, siteOf(verb.node), flavor.framework);
            for (const variant of parsed.variants)
              for (const method of verb.method === "ALL" ? ALL_METHODS : [verb.method]) {
                const fact: RouteFact = {
                  framework: flavor.framework,
                  method,
                  path: variant.path,
                  pathParams: variant.params,
                  ...(variant.plain && variant.params.length ? { plainParams: true as const } : {}),
                  permissions: requirements.permissions,
                  ...(doc ? { doc } : {}),
                  site: siteOf(verb.node),
                  // The body that answers: an override without route decorators runs under an ancestor's route.
                  handler: runs.member,
                  ...(cls.name && ts.isIdentifier(member.name) ? { handlerName: `${cls.name.text}_${member.name.text}` } : {}),
                  ...(ts.isIdentifier(member.name) ? { handlerLabel: member.name.text } : {}),
                };
                routes.push(markFact(fact, requirements));
              }
          }
    }
  }
  return routes;
}
