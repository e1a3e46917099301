import picomatch from "picomatch";
import { ts } from "../../typescript.js";
import { type DiagnosticBag, siteOf } from "../../diagnostics/diagnostic.js";
import type { Interpreter } from "../../resolve/interpreter.js";
import { stringsOf, type Value } from "../../resolve/values.js";
import type { SourceSet } from "../../scan/source-set.js";
import { type ControllerFlavor, decoratedControllersAdapter, decoratorChecks, importedFrom } from "../decorated-controllers.js";
import { joinPaths } from "../express/path-syntax.js";
import { DEFAULT_PERMISSION_DECORATORS } from "../nest/index.js";
import { propertyOf } from "../shared.js";

/**
 * Ts.ED: `@Controller("/calendars")` (or `@Controller({ path, children })`) classes whose methods carry
 * `@Get(path)`, `@Post`, ... from `@tsed/schema` (`@tsed/common` before Ts.ED 7), served under the prefixes
 * of the server's `mount` — `@Configuration({ mount: { "/rest": [CalendarCtrl] } })` on the server class, or
 * the settings `PlatformExpress.bootstrap(Server, { mount })` is given; a controller's `children` are served
 * under its own path. A mount of a glob (`` `${rootDir}/controllers/**\/*.ts` ``) serves the controllers of the
 * files it matches; one of a namespace import (`Object.values(controllers)`) its exported classes. Checks:
 * middleware in `@UseBefore`, `@Use`, `@UseAuth` on the class or the method, the project's permission
 * decorators, and calls in method bodies.
 */
const PACKAGES = new Set([
  "@tsed/common",
  "@tsed/di",
  "@tsed/schema",
  "@tsed/platform-http",
  "@tsed/platform-express",
  "@tsed/platform-koa",
  "@tsed/platform-fastify",
  "@tsed/platform-middlewares",
]);
const MIDDLEWARE_DECORATORS = new Set(["UseBefore", "Use", "UseAuth", "UseBeforeEach"]);

const flavor: ControllerFlavor = {
  framework: "tsed",
  packages: PACKAGES,
  controllerDecorators: new Set(["Controller"]),
  expressPath: (path) => path,
  checks: nodeChecks,
  server: mounts,
  // getOperationsStores: the method stores of the class and its ancestors (getInheritedStores), the nearest of each
  // name; a redeclaration with any Ts.ED decorator has a store of its own (a route only if it has a verb), one
  // without keeps the ancestor's route and answers it. A method store keeps its own middleware; the class-level
  // ones are the controller's (its own store).
  inheritance: { ancestors: "all", hiddenBy: "decorators", methodChecks: "declaring" },
  controllerPath: (call) => {
    const first = call.arguments[0];
    return first && ts.isObjectLiteralExpression(first) ? propertyOf(first, "path") : first;
  },
};

export const tsedAdapter = decoratedControllersAdapter(flavor);

/** The server's `mount` settings: each controller's prefixes (its children's under its path too). */
function mounts(
  sources: SourceSet,
  interpreter: Interpreter,
  diagnostics: DiagnosticBag,
): { prefixes: string[]; controllers?: Set<ts.Node>; prefixesOf?: ReadonlyMap<ts.Node, string[]> } {
  const prefixesOf = new Map<ts.Node, string[]>();
  /** Glob mounts: the prefix, and the pattern of the controller files it serves. */
  const globs: { prefix: string; pattern: string }[] = [];
  let mountsFound = false;
  const add = (cls: ts.ClassLikeDeclaration, prefix: string, depth: number): void => {
    const list = prefixesOf.get(cls) ?? [];
    if (list.includes(prefix) || depth > 8) return;
    prefixesOf.set(cls, [...list, prefix]);
    // `@Controller({ path: "/calendars", children: [EventsCtrl] })`: the children under the parent's path.
    for (const decorator of ts.getDecorators(cls as ts.ClassDeclaration) ?? []) {
      const call = decorator.expression;
      if (!ts.isCallExpression(call) || !ts.isIdentifier(call.expression) || call.expression.text !== "Controller") continue;
      const options = call.arguments[0] && ts.isObjectLiteralExpression(call.arguments[0]) ? call.arguments[0] : undefined;
      const children = options && propertyOf(options, "children");
      if (!children) continue;
      const scope = interpreter.module(cls.getSourceFile()).scope;
      const path = propertyOf(options, "path");
      const own = path ? stringsOf(interpreter.evaluate(path, scope)) : [""];
      const value = interpreter.evaluate(children, scope);
      for (const child of value.kind === "array" ? value.items : [])
        if (child.kind === "class") for (const p of own ?? []) add(child.decl, joinPaths(prefix || "/", p), depth + 1);
    }
  };
  const readMount = (settings: Value, node: ts.Node): void => {
    const mount = settings.kind === "object" ? settings.props.get("mount") : undefined;
    if (!mount) return;
    if (mount.kind !== "object") {
      diagnostics.warning(
        "APX201",
        "Cannot read this Ts.ED server's `mount` statically; its controllers are indexed without a prefix.",
        siteOf(node),
        'Write `mount` as an object literal of prefixes and controller lists (`{ "/rest": [UsersCtrl] }`).',
      );
      return;
    }
    mountsFound = true;
    for (const [prefix, served] of mount.props)
      for (const item of served.kind === "array" ? served.items : [served]) {
        if (item.kind === "class") add(item.decl, prefix, 0);
        else if (item.kind === "string") globs.push({ prefix, pattern: item.value });
        else
          diagnostics.warning(
            "APX201",
            `Cannot read which controllers this Ts.ED server mounts under \`${prefix}\` statically; none is indexed under it for this entry.`,
            siteOf(node),
            "List the controller classes (or a glob of their files) in `mount`, or spread a namespace import of them (`Object.values(controllers)`).",
          );
      }
  };
  for (const file of sources.files) {
    const scope = interpreter.module(file).scope;
    const visit = (node: ts.Node): void => {
      if (ts.isDecorator(node) && ts.isCallExpression(node.expression) && ts.isIdentifier(node.expression.expression)) {
        const name = node.expression.expression;
        // `@Configuration` (Ts.ED 6 on), `@ServerSettings` (before)
        if (
          (name.text === "Configuration" || name.text === "ServerSettings") &&
          importedFrom(name, PACKAGES) &&
          node.expression.arguments[0]
        )
          readMount(interpreter.evaluate(node.expression.arguments[0], scope), node);
      }
      // `PlatformExpress.bootstrap(Server, { mount })`
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        node.expression.name.text === "bootstrap" &&
        ts.isIdentifier(node.expression.expression) &&
        importedFrom(node.expression.expression, PACKAGES) &&
        node.arguments[1]
      )
        readMount(interpreter.evaluate(node.arguments[1], scope), node);
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  if (!mountsFound) {
    const first = firstController(sources);
    if (first)
      diagnostics.warning(
        "APX201",
        "No Ts.ED `mount` was found in the sources (`@Configuration({ mount })`, `@ServerSettings`, or the settings `bootstrap` is given): controllers are indexed without a prefix, though older Ts.ED versions serve them under `/rest` by default.",
        siteOf(first),
        'Write the server\'s `mount` (`{ "/rest": [UsersCtrl] }`) where apidex can read it.',
      );
    return { prefixes: [""] };
  }
  // A glob mount serves the controllers of the files it matches (`${rootDir}/controllers/**/*.ts`; a pattern
  // for the compiled `.js` files matches their sources), named in another mount or not.
  for (const { prefix, pattern } of globs) {
    const matches = picomatch(pattern.replace(/\.js$/, ".{js,ts}"));
    for (const cls of allControllers(sources)) if (matches(cls.getSourceFile().fileName)) add(cls, prefix, 0);
  }
  return { prefixes: [""], controllers: new Set(prefixesOf.keys()), prefixesOf };
}

/** `@UseBefore(middleware)`, `@Use(...)`, `@UseAuth(...)` and the permission decorators on a class or method. */
function nodeChecks(
  ...[node, scope, interpreter, diagnostics]: Parameters<ControllerFlavor["checks"]>
): ReturnType<ControllerFlavor["checks"]> {
  return decoratorChecks(node, scope, interpreter, diagnostics, DEFAULT_PERMISSION_DECORATORS, (call) =>
    MIDDLEWARE_DECORATORS.has(call.expression.text) ? call.arguments : undefined,
  );
}

/** The classes of the sources Ts.ED's `@Controller` decorates. */
function allControllers(sources: SourceSet): ts.ClassDeclaration[] {
  return sources.files.flatMap((file) =>
    file.statements.filter(
      (statement): statement is ts.ClassDeclaration =>
        ts.isClassDeclaration(statement) &&
        (ts.getDecorators(statement) ?? []).some(
          (d) =>
            ts.isCallExpression(d.expression) &&
            ts.isIdentifier(d.expression.expression) &&
            d.expression.expression.text === "Controller" &&
            importedFrom(d.expression.expression, PACKAGES),
        ),
    ),
  );
}

/** The first Ts.ED controller of the sources, to say where an unmounted service is. */
const firstController = (sources: SourceSet): ts.Node | undefined => allControllers(sources)[0];
