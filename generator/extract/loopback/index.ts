import { ts } from "../../typescript.js";
import type { Interpreter } from "../../resolve/interpreter.js";
import type { Scope } from "../../resolve/scope.js";
import type { SourceSet } from "../../scan/source-set.js";
import { type ControllerFlavor, type ControllerVerb, decoratedControllersAdapter } from "../decorated-controllers.js";
import { loopbackServing } from "./application.js";
import { loopbackChecks } from "./authorize.js";
import { decoratorsFrom, ROUTE_PACKAGES, VERBS } from "./decorators.js";
import { apiOperations, loopbackDoc, methodName } from "./docs.js";
import { apiBasePath, reportUnboundOperations } from "./api-spec.js";
import { handlerRoutes } from "./routes.js";

/**
 * LoopBack 4: controller classes whose methods carry `@get(path, spec)`, `@post`, `@put`, `@patch`, `@del`,
 * `@operation(verb, path, spec)` (or `@oas.get`, ...) from `@loopback/rest` / `@loopback/openapi-v3`, and the
 * operations a class's `@api({ basePath, paths })` binds to its methods by `x-operation-name`; served when the
 * application registers them (`this.controller(X)`, a mounted component's `controllers`) or `BootMixin` boots
 * them by convention, under `@api`'s `basePath` and the REST server's base path. Routes an application registers
 * without a controller (`app.route(verb, path, spec, handler)`) too. Checks: `@authorize(...)` (see
 * authorize.ts), the project's permission decorators, calls in method bodies.
 */
const flavor: ControllerFlavor = {
  framework: "loopback",
  packages: ROUTE_PACKAGES,
  controllerDecorators: new Set(["api"]),
  verbs: VERBS,
  methodDecorator: "operation",
  undecoratedControllers: true,
  // OpenAPI's `{id}` is LoopBack's parameter syntax.
  expressPath: (route) => route.replace(/\{([A-Za-z_$][\w$]*)\}/g, ":$1"),
  // The class's own base path is in the prefixes `server` gives it (`@api` may take a spec held in a const).
  controllerPath: () => undefined,
  checks: loopbackChecks,
  // resolveControllerSpec reads `getAllMethodMetadata(METHODS_KEY, prototype)`, which @loopback/metadata inherits
  // down the chain by method name: an ancestor's endpoint stays unless the controller decorates that method
  // itself (a plain override answers it); `@authorize` is looked up by method name, then on the class, both
  // inherited (see authorize.ts).
  inheritance: { ancestors: "all", hiddenBy: "routes", methodChecks: "declaring" },
  frameworkDoc: loopbackDoc,
  classRoutes,
  server(sources, interpreter, diagnostics) {
    const serving = loopbackServing(sources, interpreter, diagnostics);
    const prefixesOf = new Map<ts.Node, string[]>();
    for (const file of sources.files)
      for (const statement of file.statements) {
        if (!ts.isClassDeclaration(statement)) continue;
        const scope = interpreter.module(file).scope;
        const own = apiBasePath(statement, scope, interpreter, diagnostics);
        if (own === undefined) {
          prefixesOf.set(statement, []);
          continue;
        }
        reportUnboundOperations(statement, scope, interpreter, diagnostics);
        prefixesOf.set(
          statement,
          serving.basePaths.map((base) => joinBase(base, own)),
        );
      }
    servingOf.set(sources, serving);
    return { prefixes: serving.basePaths, ...(serving.controllers ? { controllers: serving.controllers } : {}), prefixesOf };
  },
  otherRoutes(sources, interpreter, diagnostics) {
    return handlerRoutes(sources, interpreter, diagnostics, servingOf.get(sources)?.basePaths ?? [""]);
  },
};

/** The serving read by `server`, for the routes registered without controllers (read after it). */
const servingOf = new WeakMap<SourceSet, ReturnType<typeof loopbackServing>>();

const joinBase = (base: string, own: string): string => {
  const joined = `${base}/${own}`.replace(/\/{2,}/g, "/").replace(/\/$/, "");
  return joined === "" ? "" : joined.startsWith("/") ? joined : `/${joined}`;
};

/** The `@api({ paths })` operations bound to this method, and its `@oas.get(path)`-style verb decorators. */
function classRoutes(cls: ts.ClassDeclaration, member: ts.MethodDeclaration, scope: Scope, interpreter: Interpreter): ControllerVerb[] {
  const out: ControllerVerb[] = [];
  for (const { name, call } of decoratorsFrom(member, ROUTE_PACKAGES)) {
    if (!name.startsWith("oas.")) continue;
    const bare = name.slice(4);
    if (Object.hasOwn(VERBS, bare))
      out.push({ method: VERBS[bare]!, ...(call.arguments[0] ? { route: call.arguments[0] } : {}), node: call });
    else if (bare === "operation" && call.arguments[0]) {
      const verb = interpreter.evaluate(call.arguments[0], scope);
      if (verb.kind === "string")
        out.push({ method: verb.value.toUpperCase(), ...(call.arguments[1] ? { route: call.arguments[1] } : {}), node: call });
    }
  }
  const name = methodName(member);
  // A method's own decorator for the same method and path replaces the @api operation (`resolveControllerSpec`).
  for (const op of apiOperations(cls, scope, interpreter))
    if (op.method !== undefined && op.method === name) out.push({ method: op.httpMethod, path: op.path, node: op.node });
  return out;
}

export const loopbackAdapter = decoratedControllersAdapter(flavor);
