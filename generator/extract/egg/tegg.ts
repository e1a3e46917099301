import { ts } from "../../typescript.js";
import { type DiagnosticBag, siteOf } from "../../diagnostics/diagnostic.js";
import { excerpt, explain, type Interpreter } from "../../resolve/interpreter.js";
import type { Scope } from "../../resolve/scope.js";
import { stringsOf } from "../../resolve/values.js";
import type { FrameworkAdapter } from "../adapter.js";
import {
  type ControllerFlavor,
  type ControllerVerb,
  decoratedControllersAdapter,
  decoratorChecks,
  importedFrom,
} from "../decorated-controllers.js";
import { DEFAULT_PERMISSION_DECORATORS } from "../nest/index.js";
import type { RouteCheck } from "../router-graph.js";
import { propertyOf } from "../shared.js";
import { unwrap } from "../router-host.js";
import { eggPath } from "./path-syntax.js";

/** Where tegg's decorators come from: egg 4 re-exports them; on egg 3, `@eggjs/tegg` and its parts. */
const PACKAGES = new Set(["egg", "@eggjs/tegg", "@eggjs/controller-decorator", "@eggjs/tegg-controller-decorator"]);

/** tegg's `HTTPMethodEnum` members, the methods `@HTTPMethod({ method })` takes. */
const METHODS = new Set(["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD"]);

/**
 * tegg (Egg's TypeScript controllers, `@eggjs/tegg` on egg 3, part of egg 4): `@HTTPController({ path })`
 * classes whose methods carry `@HTTPMethod({ method: HTTPMethodEnum.GET, path })`; every such class under the
 * app's modules is served (tegg loads them itself), at the controller's path joined with the method's.
 * Checks: middleware in `@Middleware(...)` on the class or the method, the permission decorators, and calls
 * in method bodies.
 */
function flavor(diagnostics: DiagnosticBag | undefined): ControllerFlavor {
  return {
    framework: "tegg",
    packages: PACKAGES,
    controllerDecorators: new Set(["HTTPController"]),
    // None of NestJS's verb decorators: tegg has only `@HTTPMethod`.
    verbs: {},
    expressPath: eggPath,
    controllerPath: (call) => {
      const options = call.arguments[0] ? unwrap(call.arguments[0]) : undefined;
      return options && ts.isObjectLiteralExpression(options) ? propertyOf(options, "path") : undefined;
    },
    classRoutes: (_cls, member, scope, interpreter) => httpMethods(member, scope, interpreter, diagnostics),
    checks: nodeChecks,
    server: () => ({ prefixes: [""] }),
  };
}

const base = decoratedControllersAdapter(flavor(undefined));

export const teggAdapter: FrameworkAdapter = {
  ...base,
  // Only projects that declare tegg controllers: an Egg router project imports `egg` too.
  detect: (sources) =>
    sources.files.some((file) => file.text.includes("HTTPController") && base.detect({ ...sources, files: [file] } as typeof sources)),
  // The flavor of a run reports, with its diagnostics, the decorators it cannot read (`classRoutes` is given none).
  extract: (sources, options, diagnostics) => decoratedControllersAdapter(flavor(diagnostics)).extract(sources, options, diagnostics),
};

/** The routes of a method's `@HTTPMethod({ method, path })` decorators. */
function httpMethods(
  member: ts.MethodDeclaration,
  scope: Scope,
  interpreter: Interpreter,
  diagnostics: DiagnosticBag | undefined,
): ControllerVerb[] {
  const out: ControllerVerb[] = [];
  for (const decorator of ts.getDecorators(member) ?? []) {
    const call = decorator.expression;
    if (!ts.isCallExpression(call) || !ts.isIdentifier(call.expression) || call.expression.text !== "HTTPMethod") continue;
    if (!importedFrom(call.expression, PACKAGES)) continue;
    const options = call.arguments[0] ? unwrap(call.arguments[0]) : undefined;
    if (!options || !ts.isObjectLiteralExpression(options)) {
      diagnostics?.warning(
        "APX201",
        `Cannot read this @HTTPMethod's options statically: \`${excerpt(call)}\`; the route is left out.`,
        siteOf(call),
        "Write the options as an object literal: `@HTTPMethod({ method: HTTPMethodEnum.GET, path: '/items' })`.",
      );
      continue;
    }
    const methodNode = propertyOf(options, "method");
    const method = methodNode ? methodOf(methodNode, scope, interpreter) : undefined;
    if (!method) {
      if (methodNode)
        diagnostics?.warning(
          "APX201",
          `Cannot resolve this route's method statically: \`${excerpt(methodNode)}\` ${explain(interpreter.evaluate(methodNode, scope), "a member of HTTPMethodEnum")}; the route is left out.`,
          siteOf(methodNode),
          "Name a member of `HTTPMethodEnum` (`HTTPMethodEnum.GET`) or a method string.",
        );
      continue;
    }
    const route = propertyOf(options, "path");
    out.push({ method, ...(route ? { route } : {}), node: call });
  }
  return out;
}

/** `HTTPMethodEnum.GET` (tegg's enum, whose members are the method names) or a string. */
function methodOf(node: ts.Expression, scope: Scope, interpreter: Interpreter): string | undefined {
  const value = interpreter.evaluate(node, scope);
  const name =
    value.kind === "external" ? value.path[value.path.length - 1] : stringsOf(value)?.length === 1 ? stringsOf(value)![0] : undefined;
  const upper = name?.toUpperCase();
  return upper && METHODS.has(upper) ? upper : undefined;
}

/** `@Middleware(...)` on a class or method, and the permission decorators. */
function nodeChecks(
  node: ts.ClassDeclaration | ts.MethodDeclaration,
  scope: Scope,
  interpreter: Interpreter,
  diagnostics: DiagnosticBag,
): RouteCheck[] {
  return decoratorChecks(node, scope, interpreter, diagnostics, DEFAULT_PERMISSION_DECORATORS, (call) =>
    call.expression.text === "Middleware" ? call.arguments : undefined,
  );
}
