import { ts } from "../../typescript.js";
import type { DiagnosticBag } from "../../diagnostics/diagnostic.js";
import type { Interpreter } from "../../resolve/interpreter.js";
import type { Scope } from "../../resolve/scope.js";
import type { Value } from "../../resolve/values.js";
import type { SourceSet } from "../../scan/source-set.js";
import {
  type ControllerFlavor,
  decoratedControllersAdapter,
  importedFrom,
  decoratorChecks,
  serverPrefix,
} from "../decorated-controllers.js";
import { DEFAULT_PERMISSION_DECORATORS } from "../nest/index.js";
import type { RouteCheck } from "../router-graph.js";

/**
 * routing-controllers (Express or Koa with decorators, common in TypeScript services since 2017):
 * `@JsonController("/users")` or `@Controller()` classes whose methods carry `@Get(route)`, `@Post`, ...
 * or `@Method("get", route)`, served by `useExpressServer(app, { routePrefix, controllers })` (or
 * `createExpressServer`, `useKoaServer`, `createKoaServer`). Checks: `@Authorized(roles)` (what the
 * project's `authorizationChecker` is asked: its arguments are the keys), middleware in `@UseBefore(...)`
 * on the class or the method, the project's permission decorators, and calls in method bodies.
 */
const PACKAGES = new Set(["routing-controllers"]);
const SERVERS = new Set(["useExpressServer", "createExpressServer", "useKoaServer", "createKoaServer"]);

const flavor: ControllerFlavor = {
  framework: "routing-controllers",
  packages: PACKAGES,
  controllerDecorators: new Set(["JsonController", "Controller"]),
  methodDecorator: "Method",
  expressPath: (path) => path,
  checks: nodeChecks,
  server: serverOptions,
  // MetadataBuilder.createActions walks the prototype chain: an ancestor's actions are the controller's, under
  // its route, unless it declares an action of that method name itself (a plain override keeps the route and
  // answers it); each action is built with the controller as its target, so the middleware and `@Authorized`
  // looked up for it are those on the controller's own class and method, not the ancestor's (0.10.4 and later).
  inheritance: { ancestors: "all", hiddenBy: "routes", methodChecks: "controller" },
};

export const routingControllersAdapter = decoratedControllersAdapter(flavor);

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
        importedFrom(node.expression, PACKAGES)
      ) {
        const arg = node.arguments[node.expression.text.startsWith("use") ? 1 : 0];
        const options: Value = arg ? interpreter.evaluate(arg, scope) : { kind: "undefined" };
        const prefix = serverPrefix(options, "routePrefix", "routing-controllers server", node, diagnostics);
        if (prefix !== undefined) prefixes.add(prefix);
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

/** `@Authorized(keys)`, `@UseBefore(middleware...)` and the permission decorators on a class or method. */
function nodeChecks(
  node: ts.ClassDeclaration | ts.MethodDeclaration,
  scope: Scope,
  interpreter: Interpreter,
  diagnostics: DiagnosticBag,
): RouteCheck[] {
  return decoratorChecks(node, scope, interpreter, diagnostics, [...DEFAULT_PERMISSION_DECORATORS, { name: "Authorized" }], (call) =>
    call.expression.text === "UseBefore" ? call.arguments : undefined,
  );
}
