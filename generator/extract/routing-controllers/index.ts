import { ts } from "../../typescript.js";
import { type DiagnosticBag, siteOf } from "../../diagnostics/diagnostic.js";
import { leadingDoc } from "../../resolve/doc-comment.js";
import { Interpreter } from "../../resolve/interpreter.js";
import type { Scope } from "../../resolve/scope.js";
import { type CheckValue, stringsOf, type Value } from "../../resolve/values.js";
import type { SourceSet } from "../../scan/source-set.js";
import { type FrameworkAdapter, interpreterOptionsOf } from "../adapter.js";
import { expressToOpenApi, joinPaths } from "../express/path-syntax.js";
import { ALL_METHODS } from "../flatten.js";
import { DEFAULT_PERMISSION_DECORATORS, pathStrings, permissionChecks, VERB_DECORATORS } from "../nest/index.js";
import { markFact, requirementsOf } from "../requirements.js";
import type { RouteFact } from "../route-fact.js";
import type { RouteCheck } from "../router-graph.js";
import { importedPackages, NO_HOST } from "../shared.js";

/**
 * routing-controllers (Express or Koa with decorators, common in TypeScript services since 2017):
 * `@JsonController("/users")` or `@Controller()` classes whose methods carry `@Get(route)`, `@Post`, ...
 * or `@Method("get", route)`, served by `useExpressServer(app, { routePrefix, controllers })` (or
 * `createExpressServer`, `useKoaServer`, `createKoaServer`). Checks: `@Authorized(roles)` (what the
 * project's `authorizationChecker` is asked: its arguments are the keys), middleware in `@UseBefore(...)`
 * on the class or the method, the project's permission decorators, and calls in method bodies.
 */
const PACKAGE = "routing-controllers";
const CONTROLLERS = new Set(["JsonController", "Controller"]);
const SERVERS = new Set(["useExpressServer", "createExpressServer", "useKoaServer", "createKoaServer"]);

export const routingControllersAdapter: FrameworkAdapter = {
  name: "routing-controllers",
  detect: (sources) => sources.files.some((file) => importedPackages(file).includes(PACKAGE)),
  extract(sources, options, diagnostics) {
    const interpreter = new Interpreter(sources, diagnostics, interpreterOptionsOf(options), NO_HOST);
    interpreter.executeAll();
    const server = serverOptions(sources, interpreter, diagnostics);
    const controllers = sources.files.flatMap((file) =>
      file.statements.filter((s): s is ts.ClassDeclaration => ts.isClassDeclaration(s) && controllerCall(s) !== undefined),
    );
    const served = server.controllers ? controllers.filter((c) => server.controllers!.has(c)) : controllers;
    // Every check first, so keys only the type checker can read are in before routes are built.
    const checks = new Map<ts.Node, RouteCheck[]>();
    const bodies = new Map<ts.MethodDeclaration, CheckValue[]>();
    for (const cls of served) {
      const scope = interpreter.module(cls.getSourceFile()).scope;
      checks.set(cls, nodeChecks(cls, scope, interpreter, diagnostics));
      for (const member of cls.members) {
        if (!ts.isMethodDeclaration(member) || !member.body || !verbsOf(member, scope, interpreter).length) continue;
        checks.set(member, nodeChecks(member, scope, interpreter, diagnostics));
        bodies.set(member, interpreter.bodyChecks({ kind: "function", decl: member, scope }));
      }
    }
    interpreter.finishChecks();
    return served.flatMap((cls) => controllerRoutes(cls, server.prefixes, interpreter, diagnostics, checks, bodies));
  },
};

/** `@JsonController(prefix)` / `@Controller(prefix)` imported from routing-controllers. */
function controllerCall(cls: ts.ClassDeclaration): ts.CallExpression | undefined {
  for (const decorator of ts.getDecorators(cls) ?? []) {
    const call = decorator.expression;
    if (
      ts.isCallExpression(call) &&
      ts.isIdentifier(call.expression) &&
      CONTROLLERS.has(call.expression.text) &&
      fromPackage(call.expression)
    )
      return call;
  }
  return undefined;
}

/** Whether an identifier is a named import from routing-controllers in its file. */
function fromPackage(identifier: ts.Identifier): boolean {
  for (const statement of identifier.getSourceFile().statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier) || statement.moduleSpecifier.text !== PACKAGE)
      continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings) && bindings.elements.some((e) => e.name.text === identifier.text)) return true;
  }
  return false;
}

/**
 * The server's `routePrefix` and `controllers` (classes; a list of globs serves every controller), from
 * each `useExpressServer(app, options)` and its kin. Several servers with different prefixes serve their
 * controllers under each.
 */
function serverOptions(
  sources: SourceSet,
  interpreter: Interpreter,
  diagnostics: DiagnosticBag,
): { prefixes: string[]; controllers?: Set<ts.Node> } {
  const prefixes = new Set<string>();
  let controllers: Set<ts.Node> | undefined;
  for (const file of sources.files) {
    const scope = interpreter.module(file).scope;
    const visit = (node: ts.Node): void => {
      if (
        ts.isCallExpression(node) &&
        ts.isIdentifier(node.expression) &&
        SERVERS.has(node.expression.text) &&
        fromPackage(node.expression)
      ) {
        const arg = node.arguments[node.expression.text.startsWith("use") ? 1 : 0];
        const options: Value = arg ? interpreter.evaluate(arg, scope) : { kind: "undefined" };
        const prefix = options.kind === "object" ? options.props.get("routePrefix") : undefined;
        const strings = prefix ? stringsOf(prefix) : [""];
        if (strings?.length === 1) prefixes.add(strings[0]!);
        else
          diagnostics.warning(
            "APX201",
            "Cannot resolve the routePrefix of this routing-controllers server statically; its routes are indexed without it.",
            siteOf(node),
            "Give `routePrefix` as a string literal or a const.",
          );
        const listed = options.kind === "object" ? options.props.get("controllers") : undefined;
        if (listed?.kind === "array" && listed.items.every((item) => item.kind === "class")) {
          controllers ??= new Set();
          for (const item of listed.items) if (item.kind === "class") controllers.add(item.decl);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return { prefixes: prefixes.size ? [...prefixes].sort() : [""], ...(controllers ? { controllers } : {}) };
}

/** The HTTP methods and routes of one method: its verb decorators (`@Get(route)`, `@Method("get", route)`). */
function verbsOf(
  member: ts.MethodDeclaration,
  scope: Scope,
  interpreter: Interpreter,
): { method: string; route?: ts.Expression; node: ts.CallExpression }[] {
  const out: { method: string; route?: ts.Expression; node: ts.CallExpression }[] = [];
  for (const decorator of ts.getDecorators(member) ?? []) {
    const call = decorator.expression;
    if (!ts.isCallExpression(call) || !ts.isIdentifier(call.expression) || !fromPackage(call.expression)) continue;
    const name = call.expression.text;
    if (name === "Method") {
      const verb = call.arguments[0] ? stringsOf(interpreter.evaluate(call.arguments[0], scope)) : undefined;
      if (verb?.length === 1)
        out.push({ method: verb[0]!.toUpperCase(), ...(call.arguments[1] ? { route: call.arguments[1] } : {}), node: call });
    } else if (Object.hasOwn(VERB_DECORATORS, name) && name !== "Search" && name !== "Options")
      out.push({ method: VERB_DECORATORS[name]!, ...(call.arguments[0] ? { route: call.arguments[0] } : {}), node: call });
  }
  return out;
}

/** `@Authorized(keys)`, `@UseBefore(middleware...)` and the permission decorators on a class or method. */
function nodeChecks(
  node: ts.ClassDeclaration | ts.MethodDeclaration,
  scope: Scope,
  interpreter: Interpreter,
  diagnostics: DiagnosticBag,
): RouteCheck[] {
  const checks: RouteCheck[] = permissionChecks(
    node,
    [...DEFAULT_PERMISSION_DECORATORS, { name: "Authorized" }],
    scope,
    interpreter,
    diagnostics,
  );
  for (const decorator of ts.getDecorators(node) ?? []) {
    const call = decorator.expression;
    if (!ts.isCallExpression(call) || !ts.isIdentifier(call.expression) || call.expression.text !== "UseBefore") continue;
    for (const arg of call.arguments) {
      const value = interpreter.evaluate(arg, scope);
      for (const v of value.kind === "array" ? value.items : [value]) {
        if (v.kind === "check") checks.push(v);
        else if (v.kind === "function") checks.push(...interpreter.bodyChecks(v));
      }
    }
  }
  return checks;
}

function controllerRoutes(
  cls: ts.ClassDeclaration,
  serverPrefixes: readonly string[],
  interpreter: Interpreter,
  diagnostics: DiagnosticBag,
  checks: ReadonlyMap<ts.Node, RouteCheck[]>,
  bodies: ReadonlyMap<ts.MethodDeclaration, CheckValue[]>,
): RouteFact[] {
  const scope = interpreter.module(cls.getSourceFile()).scope;
  const controller = controllerCall(cls)!;
  const prefixes = controller.arguments[0]
    ? pathStrings(controller.arguments[0], scope, interpreter, diagnostics, "controller path")
    : [""];
  if (!prefixes) return [];
  const routes: RouteFact[] = [];
  for (const member of cls.members) {
    if (!ts.isMethodDeclaration(member) || !member.body) continue;
    const requirements = requirementsOf([...(checks.get(cls) ?? []), ...(checks.get(member) ?? []), ...(bodies.get(member) ?? [])]);
    const doc = leadingDoc(member);
    for (const verb of verbsOf(member, scope, interpreter)) {
      const paths = verb.route ? pathStrings(verb.route, scope, interpreter, diagnostics, "route path") : [""];
      for (const serverPrefix of serverPrefixes)
        for (const prefix of prefixes)
          for (const path of paths ?? []) {
            const full = joinPaths(joinPaths(joinPaths("/", serverPrefix), prefix), path);
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
            for (const variant of parsed.variants)
              for (const method of verb.method === "ALL" ? ALL_METHODS : [verb.method]) {
                const fact: RouteFact = {
                  framework: "routing-controllers",
                  method,
                  path: variant.path,
                  pathParams: variant.params,
                  permissions: requirements.permissions,
                  ...(doc ? { doc } : {}),
                  site: siteOf(verb.node),
                  handler: member,
                  ...(cls.name && ts.isIdentifier(member.name) ? { handlerName: `${cls.name.text}_${member.name.text}` } : {}),
                };
                routes.push(markFact(fact, requirements));
              }
          }
    }
  }
  return routes;
}
