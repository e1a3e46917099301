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
 * inversify-express-utils: `@controller("/users", ...middleware)` classes whose methods carry
 * `@httpGet("/:id", ...middleware)`, `@httpPost`, ... or `@httpMethod("get", path)`, served by
 * `new InversifyExpressServer(container, router, { rootPath })`. Checks: the middleware in the class's and
 * the method's decorators, the project's permission decorators, and calls in method bodies.
 */
const PACKAGES = new Set(["inversify-express-utils"]);
const VERBS: Record<string, string> = {
  httpGet: "GET",
  httpPost: "POST",
  httpPut: "PUT",
  httpPatch: "PATCH",
  httpDelete: "DELETE",
  httpHead: "HEAD",
  httpOptions: "OPTIONS",
  all: "ALL",
};

const flavor: ControllerFlavor = {
  framework: "inversify",
  packages: PACKAGES,
  controllerDecorators: new Set(["controller"]),
  verbs: VERBS,
  methodDecorator: "httpMethod",
  expressPath: (path) => path,
  checks: nodeChecks,
  server: rootPath,
  // getControllerMethodMetadata: the controller's own method metadata, then `Reflect.getMetadata` on its
  // prototype, the list of the nearest ancestor that declares routes; both of a redeclared method are registered,
  // the controller's first, each with its decorator's middleware, answered by the controller's method of that name.
  inheritance: { ancestors: "nearest", hiddenBy: "nothing", methodChecks: "declaring" },
};

export const inversifyAdapter = decoratedControllersAdapter(flavor);

/** `new InversifyExpressServer(container, router, { rootPath })`: the prefix of every controller. */
function rootPath(sources: SourceSet, interpreter: Interpreter, diagnostics: DiagnosticBag): { prefixes: string[] } {
  const prefixes = new Set<string>();
  for (const file of sources.files) {
    const scope = interpreter.module(file).scope;
    const visit = (node: ts.Node): void => {
      if (
        ts.isNewExpression(node) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === "InversifyExpressServer" &&
        importedFrom(node.expression, PACKAGES)
      ) {
        const options: Value = node.arguments?.[2] ? interpreter.evaluate(node.arguments[2], scope) : { kind: "undefined" };
        const prefix = serverPrefix(options, "rootPath", "InversifyExpressServer", node, diagnostics);
        if (prefix !== undefined) prefixes.add(prefix);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return { prefixes: prefixes.size ? [...prefixes].sort() : [""] };
}

/** Middleware passed to the class's `@controller(path, ...mw)` or the method's `@httpGet(path, ...mw)`. */
function nodeChecks(
  node: ts.ClassDeclaration | ts.MethodDeclaration,
  scope: Scope,
  interpreter: Interpreter,
  diagnostics: DiagnosticBag,
): RouteCheck[] {
  return decoratorChecks(node, scope, interpreter, diagnostics, DEFAULT_PERMISSION_DECORATORS, (call) => {
    if (!importedFrom(call.expression, PACKAGES)) return undefined;
    const name = call.expression.text;
    return call.arguments.slice(
      name === "controller" || Object.hasOwn(VERBS, name) ? 1 : name === "httpMethod" ? 2 : call.arguments.length,
    );
  });
}
