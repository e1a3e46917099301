import { ts } from "../../typescript.js";
import { DiagnosticBag, siteOf } from "../../diagnostics/diagnostic.js";
import { excerpt, explain, type HostAdapter, type Interpreter } from "../../resolve/interpreter.js";
import type { Scope } from "../../resolve/scope.js";
import { stringsOf } from "../../resolve/values.js";
import type { SourceSet } from "../../scan/source-set.js";
import { type ControllerFlavor, decoratedControllersAdapter, decoratorChecks, importedFrom } from "../decorated-controllers.js";
import { DEFAULT_PERMISSION_DECORATORS } from "../nest/index.js";
import type { RouteCheck } from "../router-graph.js";
import { NO_HOST } from "../shared.js";

/**
 * FoalTS (`@foal/core`): controller classes — any class; Foal needs no class decorator — whose methods carry
 * `@Get(path)`, `@Post`, `@Put`, `@Patch`, `@Delete`, `@Head`, `@Options`, composed from the root controller
 * `createApp(AppController)` serves through `subControllers = [controller("/api", ApiController), ...]` to any
 * depth. Foal joins a route's path by concatenating its controllers' paths and its own and collapsing repeated
 * slashes (`join` of @foal/core). Checks: hooks on a class run before its sub-controllers' routes too
 * (`makeControllerRoutes` prepends the parent's hooks), `@PermissionRequired("perm")` of @foal/typeorm (the key),
 * `@Hook(fn)` (the checks in `fn`), the permission decorators as for NestJS, calls in method bodies;
 * `@UserRequired()`, `@JWTRequired()`, `@UseSessions()` authenticate and name no key.
 */
const PACKAGES = new Set(["@foal/core"]);
const VERBS: Readonly<Record<string, string>> = {
  Get: "GET",
  Post: "POST",
  Put: "PUT",
  Patch: "PATCH",
  Delete: "DELETE",
  Head: "HEAD",
  Options: "OPTIONS",
};
/** Foal's permission hook (@foal/typeorm): `@PermissionRequired(codeName, options?)`. */
const FOAL_PERMISSION_DECORATORS = [...DEFAULT_PERMISSION_DECORATORS, { name: "PermissionRequired", argument: 0 }];

const flavor: ControllerFlavor = {
  framework: "foal",
  packages: PACKAGES,
  controllerDecorators: new Set(),
  undecoratedControllers: true,
  verbs: VERBS,
  expressPath: (path) => path,
  joinPaths: foalJoin,
  checks: nodeChecks,
  server: served,
  host: foalHost,
  // makeControllerRoutes walks every name of the prototype chain (getMethods) and reads each one's metadata with
  // Reflect.getMetadata, which finds the nearest declaration that has it: a redeclaration without a verb keeps
  // the ancestor's route (and its body answers), one with a verb replaces it; the hooks are those found the same way.
  inheritance: { ancestors: "all", hiddenBy: "routes", methodChecks: "declaring" },
};

export const foalAdapter = decoratedControllersAdapter(flavor);

/** @foal/core's `join`: the paths concatenated, repeated slashes collapsed (`"/api" + "users"` is `/apiusers`). */
function foalJoin(prefix: string, path: string): string {
  return `${prefix}${path}`.replace(/\/+/g, "/");
}

/**
 * The controllers `createApp(AppController)` serves: the root at `""`, and each sub-controller under its parents'
 * paths, with the hooks of its parents before its own. Without a `createApp` call in the sources (a library of
 * controllers), every controller no other one lists is a root.
 */
function served(
  sources: SourceSet,
  interpreter: Interpreter,
  diagnostics: DiagnosticBag,
): { prefixes: string[]; controllers: Set<ts.Node>; prefixesOf: Map<ts.Node, string[]>; checksOf: Map<ts.Node, RouteCheck[]> } {
  const controllers = new Set<ts.Node>();
  const prefixesOf = new Map<ts.Node, string[]>();
  const checksOf = new Map<ts.Node, RouteCheck[]>();
  const serve = (cls: ts.ClassDeclaration, prefix: string, before: RouteCheck[], seen: ReadonlySet<ts.Node>): void => {
    if (seen.has(cls)) return;
    controllers.add(cls);
    const prefixes = prefixesOf.get(cls) ?? [];
    if (!prefixes.includes(prefix)) prefixes.push(prefix);
    prefixesOf.set(cls, prefixes);
    const checks = checksOf.get(cls) ?? [];
    for (const c of before) if (!checks.includes(c)) checks.push(c);
    checksOf.set(cls, checks);
    const scope = interpreter.module(cls.getSourceFile()).scope;
    const children = subControllers(cls, scope, interpreter, diagnostics);
    if (!children.length) return;
    const childChecks = [...before, ...nodeChecks(cls, scope, interpreter, diagnostics)];
    for (const child of children)
      for (const path of child.paths) serve(child.cls, foalJoin(prefix, path), childChecks, new Set([...seen, cls]));
  };
  const roots = createAppRoots(sources, interpreter, diagnostics);
  for (const root of roots ?? libraryRoots(sources, interpreter)) serve(root, "", [], new Set());
  return { prefixes: [""], controllers, prefixesOf, checksOf };
}

/** The classes given to `createApp(AppController, ...)` (also `createAndInitApp`, Foal 1); undefined when none is called. */
function createAppRoots(sources: SourceSet, interpreter: Interpreter, diagnostics: DiagnosticBag): ts.ClassDeclaration[] | undefined {
  let roots: ts.ClassDeclaration[] | undefined;
  for (const file of sources.files) {
    if (!file.text.includes("@foal/core")) continue;
    const visit = (node: ts.Node): void => {
      if (
        ts.isCallExpression(node) &&
        ts.isIdentifier(node.expression) &&
        (node.expression.text === "createApp" || node.expression.text === "createAndInitApp") &&
        importedFrom(node.expression, PACKAGES)
      ) {
        roots ??= [];
        const arg = node.arguments[0];
        const value = arg ? interpreter.evaluate(arg, interpreter.module(file).scope) : undefined;
        if (value?.kind === "class" && ts.isClassDeclaration(value.decl)) roots.push(value.decl);
        else
          diagnostics.warning(
            "APX210",
            `Cannot tell which controller \`${excerpt(node)}\` serves${arg && value ? `: \`${excerpt(arg)}\` ${explain(value)}` : ""}; its routes are not indexed.`,
            siteOf(node),
            "Give `createApp` the root controller class, imported or declared in the sources.",
          );
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return roots;
}

/** Without `createApp`: the classes with Foal routes or sub-controllers that no controller lists as a sub-controller. */
function libraryRoots(sources: SourceSet, interpreter: Interpreter): ts.ClassDeclaration[] {
  const classes = sources.files.flatMap((file) =>
    file.text.includes("@foal/core")
      ? file.statements.filter((s): s is ts.ClassDeclaration => ts.isClassDeclaration(s) && isFoalController(s))
      : [],
  );
  const listed = new Set<ts.Node>();
  // What cannot be followed here is said where the roots' trees are walked; this pass only finds the roots.
  const quiet = new DiagnosticBag();
  for (const cls of classes)
    for (const child of subControllers(cls, interpreter.module(cls.getSourceFile()).scope, interpreter, quiet)) listed.add(child.cls);
  return classes.filter((c) => !listed.has(c));
}

/** Whether a class declares Foal routes (a verb decorator of @foal/core) or sub-controllers. */
function isFoalController(cls: ts.ClassDeclaration): boolean {
  return cls.members.some(
    (m) =>
      (ts.isPropertyDeclaration(m) && ts.isIdentifier(m.name) && m.name.text === "subControllers") ||
      (ts.isMethodDeclaration(m) &&
        (ts.getDecorators(m) ?? []).some(
          (d) =>
            ts.isCallExpression(d.expression) &&
            ts.isIdentifier(d.expression.expression) &&
            Object.hasOwn(VERBS, d.expression.expression.text) &&
            importedFrom(d.expression.expression, PACKAGES),
        )),
  );
}

/**
 * A controller's `subControllers`: each `controller(path, Class)` (its path: Foal sets it on the class) or a class
 * listed bare (served at its parent's path); what apidex cannot follow is said (APX210), a path it cannot read
 * too (APX201), and left out.
 */
function subControllers(
  cls: ts.ClassDeclaration,
  scope: Scope,
  interpreter: Interpreter,
  diagnostics: DiagnosticBag,
): { cls: ts.ClassDeclaration; paths: string[] }[] {
  const property = cls.members.find((m) => ts.isPropertyDeclaration(m) && ts.isIdentifier(m.name) && m.name.text === "subControllers");
  if (!property || !ts.isPropertyDeclaration(property) || !property.initializer) return [];
  const unreadable = (node: ts.Node, why: string) =>
    diagnostics.warning(
      "APX210",
      `Cannot follow the sub-controller \`${excerpt(node)}\` of \`${cls.name?.text ?? "this controller"}\`${why}; its routes are not indexed.`,
      siteOf(node),
      'List sub-controllers as `controller("/path", Class)` with a class of the sources, in an array literal.',
    );
  const list = property.initializer;
  if (!ts.isArrayLiteralExpression(list)) {
    unreadable(list, " (not an array literal)");
    return [];
  }
  const out: { cls: ts.ClassDeclaration; paths: string[] }[] = [];
  for (const element of list.elements) {
    const call =
      ts.isCallExpression(element) &&
      ts.isIdentifier(element.expression) &&
      element.expression.text === "controller" &&
      importedFrom(element.expression, PACKAGES)
        ? element
        : undefined;
    const target = call ? call.arguments[1] : element;
    const value = target ? interpreter.evaluate(target, scope) : undefined;
    if (!target || value?.kind !== "class" || !ts.isClassDeclaration(value.decl)) {
      unreadable(element, target && value ? `: \`${excerpt(target)}\` ${explain(value)}` : "");
      continue;
    }
    let paths = [""];
    if (call?.arguments[0]) {
      const read = stringsOf(interpreter.evaluate(call.arguments[0], scope));
      if (!read) {
        diagnostics.warning(
          "APX201",
          `Cannot resolve the path of the sub-controller \`${excerpt(call)}\` statically; its routes are left out.`,
          siteOf(call.arguments[0]),
          "Use a string literal, a const, or a template literal of consts.",
        );
        continue;
      }
      paths = read;
    }
    out.push({ cls: value.decl, paths });
  }
  return out;
}

/**
 * `@PermissionRequired(key)` and the permission decorators by name; every other decorator is evaluated, and the
 * hook function it is — `@Hook(fn)`, a custom hook `const AdminRequired = Hook(fn)` or a function of the sources
 * returning one (`@CanEdit("posts")`), with its arguments — brings the checks in its body. Foal's own hooks of
 * a package (`@UserRequired()`, `@JWTRequired()`) evaluate to nothing apidex reads: they name no key.
 */
function nodeChecks(
  node: ts.ClassDeclaration | ts.MethodDeclaration,
  scope: Scope,
  interpreter: Interpreter,
  diagnostics: DiagnosticBag,
): RouteCheck[] {
  const checks = decoratorChecks(node, scope, interpreter, diagnostics, FOAL_PERMISSION_DECORATORS, () => undefined);
  const named = new Set(FOAL_PERMISSION_DECORATORS.map((d) => d.name));
  for (const decorator of ts.getDecorators(node) ?? []) {
    const expression = decorator.expression;
    const callee = ts.isCallExpression(expression) ? expression.expression : expression;
    if (ts.isIdentifier(callee) && (named.has(callee.text) || Object.hasOwn(VERBS, callee.text))) continue;
    const value = interpreter.evaluate(expression, scope);
    if (value.kind === "function") checks.push(...interpreter.bodyChecks(value));
  }
  return checks;
}

/** Foal's `Hook(fn)` (and `Hook(fn, openApiDecorators)`) is the hook function `fn`, as Foal runs it. */
function foalHost(interpreter: () => Interpreter): HostAdapter {
  return {
    ...NO_HOST,
    callExternal: (callee, call) =>
      callee.module === "@foal/core" && callee.path.length === 1 && callee.path[0] === "Hook" && call.args[0]
        ? interpreter().evaluate(call.args[0], call.scope)
        : undefined,
  };
}
