import path from "node:path";
import { ts } from "../../typescript.js";
import { type DiagnosticBag, siteOf } from "../../diagnostics/diagnostic.js";
import { explain, type Interpreter } from "../../resolve/interpreter.js";
import type { Scope } from "../../resolve/scope.js";
import { type CheckValue, stringsOf, unknown, type Value } from "../../resolve/values.js";
import type { SourceSet } from "../../scan/source-set.js";
import {
  type ControllerFlavor,
  decoratedControllersAdapter,
  decoratorChecks,
  importedFrom,
  middlewareChecks,
} from "../decorated-controllers.js";
import { DEFAULT_PERMISSION_DECORATORS } from "../nest/index.js";
import type { RouteCheck } from "../router-graph.js";
import { propertyOf } from "../shared.js";

/**
 * Midway.js (`@midwayjs/core` 3, `@midwayjs/decorator` 2): `@Controller(prefix, { middleware, ignoreGlobalPrefix })`
 * classes — every one of the sources: Midway scans its source folder for them, no list names them — whose methods
 * carry `@Get(path, { middleware, ignoreGlobalPrefix })`, `@Post`, `@Put`, `@Del`, `@Patch`, `@Options`, `@Head`,
 * `@All`; under the web framework's `globalPrefix` of the project's `src/config/config.default.ts` (`koa`,
 * `express` or `egg`). Midway reads a controller's own routes only (`WEB_ROUTER_KEY` is the class's own metadata),
 * so a base class's are no routes. Checks: the controller's and the route's `middleware` (functions, recognized
 * check calls, and the function a middleware class's `resolve()` returns), `@UseGuard(Guard)` (its
 * `canActivate`), the permission decorators as for NestJS, and calls in method bodies.
 */
const PACKAGES = new Set(["@midwayjs/core", "@midwayjs/decorator"]);
const VERBS: Readonly<Record<string, string>> = {
  Get: "GET",
  Post: "POST",
  Put: "PUT",
  Del: "DELETE",
  Patch: "PATCH",
  Options: "OPTIONS",
  Head: "HEAD",
  All: "ALL",
};
/** The config keys of the web frameworks Midway serves controllers with, whose `globalPrefix` prefixes them. */
const WEB_FRAMEWORKS = ["koa", "express", "egg"];

const flavor: ControllerFlavor = {
  framework: "midway",
  packages: PACKAGES,
  controllerDecorators: new Set(["Controller"]),
  verbs: VERBS,
  expressPath: (p) => p,
  checks: nodeChecks,
  server: served,
  // A route's own `ignoreGlobalPrefix: true` serves it under its controller's prefix alone.
  ignoresServerPrefix: (verb) => {
    const options = ts.isCallExpression(verb.node) ? verb.node.arguments[1] : undefined;
    const ignore = options && ts.isObjectLiteralExpression(options) ? propertyOf(options, "ignoreGlobalPrefix") : undefined;
    return ignore?.kind === ts.SyntaxKind.TrueKeyword;
  },
};

export const midwayAdapter = decoratedControllersAdapter(flavor);

/**
 * Every `@Controller` class of the sources, each under its project's global prefix (read from the
 * `config/config.default.ts` beside the `src` folder it is in), unless it or the route says `ignoreGlobalPrefix`.
 */
function served(
  sources: SourceSet,
  interpreter: Interpreter,
  diagnostics: DiagnosticBag,
): { prefixes: string[]; prefixesOf: Map<ts.Node, string[]> } {
  // Each project's global prefix, by its `src` folder, read once.
  const globalPrefixes = new Map<string, string | undefined>();
  const prefixesOf = new Map<ts.Node, string[]>();
  for (const file of sources.files) {
    if (!file.text.includes("@midwayjs/")) continue;
    for (const statement of file.statements) {
      if (!ts.isClassDeclaration(statement)) continue;
      const controller = midwayController(statement);
      if (!controller) continue;
      const scope = interpreter.module(file).scope;
      const options = controller.arguments[1] ? interpreter.evaluate(controller.arguments[1], scope) : undefined;
      const ignored = options?.kind === "object" && isTrue(options.props.get("ignoreGlobalPrefix"));
      const prefix = ignored ? "" : globalPrefix(file, sources, interpreter, diagnostics, globalPrefixes);
      prefixesOf.set(statement, [prefix ?? ""]);
    }
  }
  return { prefixes: [""], prefixesOf };
}

function isTrue(value: Value | undefined): boolean {
  return value?.kind === "boolean" && value.value === true;
}

/** A class's `@Controller(...)` of Midway. */
function midwayController(cls: ts.ClassDeclaration): ts.CallExpression | undefined {
  for (const decorator of ts.getDecorators(cls) ?? []) {
    const call = decorator.expression;
    if (
      ts.isCallExpression(call) &&
      ts.isIdentifier(call.expression) &&
      call.expression.text === "Controller" &&
      importedFrom(call.expression, PACKAGES)
    )
      return call;
  }
  return undefined;
}

/**
 * The global prefix of the project a controller file belongs to: the `globalPrefix` of `koa`, `express` or
 * `egg` in `config/config.default.ts` of the nearest `src` folder above it (Midway's default config; an object,
 * a function of the app info returning one, or named exports). `""` without one; undefined (said, APX201) when
 * it is set to something apidex cannot read.
 */
function globalPrefix(
  file: ts.SourceFile,
  sources: SourceSet,
  interpreter: Interpreter,
  diagnostics: DiagnosticBag,
  globalPrefixes: Map<string, string | undefined>,
): string | undefined {
  const src = srcFolder(file.fileName);
  if (src === undefined) return "";
  if (globalPrefixes.has(src)) return globalPrefixes.get(src);
  let prefix: string | undefined = "";
  for (const name of ["config.default.ts", "config.default.js", "config.default.mts"]) {
    const config = sources.getFile(path.posix.join(src, "config", name));
    if (!config) continue;
    let value = interpreter.exportValue(config.fileName, "default");
    if (value?.kind === "function") value = interpreter.callFunction(value, [unknown(config, "the app info Midway gives")], config);
    for (const framework of WEB_FRAMEWORKS) {
      const settings = value?.kind === "object" ? value.props.get(framework) : interpreter.exportValue(config.fileName, framework);
      const set = settings?.kind === "object" ? settings.props.get("globalPrefix") : undefined;
      if (!set || set.kind === "undefined") continue;
      const strings = stringsOf(set);
      if (strings?.length === 1) prefix = strings[0]!;
      else {
        prefix = undefined;
        diagnostics.warning(
          "APX201",
          `Cannot resolve the global prefix of this Midway project statically (\`${framework}.globalPrefix\` ${explain(set)}); its controllers are indexed without it.`,
          siteOf(globalPrefixSite(config, framework) ?? config),
          "Give `globalPrefix` as a string literal or a const.",
        );
      }
      break;
    }
    break;
  }
  globalPrefixes.set(src, prefix);
  return prefix;
}

/** The `globalPrefix` property written in a config file, for the warning's site. */
function globalPrefixSite(config: ts.SourceFile, framework: string): ts.Node | undefined {
  let found: ts.Node | undefined;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (ts.isObjectLiteralExpression(node)) {
      const settings = propertyOf(node, framework);
      const prefix = settings && ts.isObjectLiteralExpression(settings) ? propertyOf(settings, "globalPrefix") : undefined;
      if (prefix) found = prefix;
    }
    ts.forEachChild(node, visit);
  };
  visit(config);
  return found;
}

/** The `src` folder a file is in (the nearest one up its path), where Midway keeps `config/`. */
function srcFolder(fileName: string): string | undefined {
  const parts = fileName.split("/");
  const at = parts.lastIndexOf("src");
  return at > 0 ? parts.slice(0, at + 1).join("/") : undefined;
}

/**
 * A class's or method's checks: the permission decorators, `@UseGuard(Guard or [Guards])` (the checks of each
 * guard's `canActivate`), and the `middleware` of `@Controller(prefix, { middleware })` and of a verb's options.
 */
function nodeChecks(
  node: ts.ClassDeclaration | ts.MethodDeclaration,
  scope: Scope,
  interpreter: Interpreter,
  diagnostics: DiagnosticBag,
): RouteCheck[] {
  const checks = decoratorChecks(node, scope, interpreter, diagnostics, DEFAULT_PERMISSION_DECORATORS, () => undefined);
  for (const decorator of ts.getDecorators(node) ?? []) {
    const call = decorator.expression;
    if (!ts.isCallExpression(call) || !ts.isIdentifier(call.expression) || !importedFrom(call.expression, PACKAGES)) continue;
    const name = call.expression.text;
    if (name === "UseGuard" && call.arguments[0]) checks.push(...classMethodChecks(call.arguments[0], "canActivate", scope, interpreter));
    const options = name === "Controller" || Object.hasOwn(VERBS, name) ? call.arguments[1] : undefined;
    const middleware = options && ts.isObjectLiteralExpression(options) ? propertyOf(options, "middleware") : undefined;
    if (!middleware) continue;
    checks.push(...middlewareChecks([middleware], scope, interpreter));
    checks.push(...classMethodChecks(middleware, "resolve", scope, interpreter));
  }
  return checks;
}

/** The checks of a method (`canActivate`, `resolve`) of each class a value names (one, or an array of them). */
function classMethodChecks(node: ts.Expression, method: string, scope: Scope, interpreter: Interpreter): CheckValue[] {
  const value = interpreter.evaluate(node, scope);
  const checks: CheckValue[] = [];
  for (const item of value.kind === "array" ? value.items : [value]) {
    if (item.kind !== "class") continue;
    const member = item.decl.members.find(
      (m) => ts.isMethodDeclaration(m) && ts.isIdentifier(m.name) && m.name.text === method && m.body !== undefined,
    );
    if (member && ts.isMethodDeclaration(member))
      checks.push(...interpreter.bodyChecks({ kind: "function", decl: member, scope: item.scope }));
  }
  return checks;
}
