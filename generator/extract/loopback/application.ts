import path from "node:path";
import picomatch from "picomatch";
import { ts } from "../../typescript.js";
import { type DiagnosticBag, siteOf } from "../../diagnostics/diagnostic.js";
import { excerpt, explain, type Interpreter } from "../../resolve/interpreter.js";
import { stringsOf, type Value } from "../../resolve/values.js";
import type { SourceSet } from "../../scan/source-set.js";
import { callsOf } from "../../scan/calls.js";
import { importedFrom } from "../decorated-controllers.js";
import { joinPaths } from "../express/path-syntax.js";
import { enclosingScope } from "../nest/applications.js";
import { importedPackages } from "../shared.js";

/**
 * What the LoopBack 4 applications of the sources serve: the controllers they register
 * (`this.controller(X)`, `app.controller(X)`, the `controllers` of a component they mount) and those
 * `BootMixin` boots by convention (`bootOptions.controllers`), and the REST server's base path.
 */
export interface LoopbackServing {
  /** The served controller classes; undefined when no application is in the sources (a library of controllers: all). */
  controllers?: Set<ts.Node>;
  /** The base paths the REST server is given (`[""]` when none). */
  basePaths: string[];
}

const APP_CLASSES = new Set(["RestApplication"]);
const BOOT = new Set(["@loopback/boot"]);
const REST = new Set(["@loopback/rest"]);

/** ControllerBooter's defaults (@loopback/boot): `controllers/**\/*.controller.js` under the project root. */
const DEFAULT_BOOT = { dirs: ["controllers"], extensions: [".controller.js"], nested: true };

export function loopbackServing(sources: SourceSet, interpreter: Interpreter, diagnostics: DiagnosticBag): LoopbackServing {
  const loopbackFiles = sources.files.filter((f) => importedPackages(f).some((p) => p.startsWith("@loopback/")));
  const apps = loopbackFiles.flatMap((file) =>
    file.statements.filter((s): s is ts.ClassDeclaration => ts.isClassDeclaration(s) && extendsRestApplication(s)),
  );
  const instances = loopbackFiles.flatMap((file) =>
    callsOf(file).filter(
      (c): c is ts.NewExpression =>
        ts.isNewExpression(c) && ts.isIdentifier(c.expression) && APP_CLASSES.has(c.expression.text) && importedFrom(c.expression, REST),
    ),
  );
  const controllers = new Set<ts.Node>();
  const calls: { call: ts.CallExpression; name: string }[] = [];
  for (const file of loopbackFiles)
    for (const call of callsOf(file))
      if (ts.isCallExpression(call) && ts.isPropertyAccessExpression(call.expression))
        calls.push({ call, name: call.expression.name.text });
  const evaluate = (node: ts.Expression): Value =>
    interpreter.evaluate(node, enclosingScope(node, interpreter.module(node.getSourceFile()).scope, interpreter));
  // `this.controller(X)`, `app.controller(X)`, and the `controllers` a mounted component lists.
  for (const { call, name } of calls) {
    const arg = call.arguments[0];
    if (!arg) continue;
    if (name === "controller") {
      const value = evaluate(arg);
      if (value.kind === "class") controllers.add(value.decl);
      else
        diagnostics.warning(
          "APX210",
          `Cannot read which controller this \`${excerpt(call)}\` registers: \`${excerpt(arg)}\` ${explain(value, "a class")}; its routes are not indexed.`,
          siteOf(call),
          "Register a controller class of the sources by name.",
        );
    } else if (name === "component") {
      const value = evaluate(arg);
      if (value.kind === "class") for (const c of componentControllers(value.decl, interpreter)) controllers.add(c);
    }
  }
  for (const app of apps) for (const c of bootedControllers(app, sources, interpreter, diagnostics)) controllers.add(c);
  return {
    ...(apps.length || instances.length ? { controllers } : {}),
    // The configuration is often written where the application is made (index.ts), which imports no LoopBack package.
    basePaths: basePaths(calls, sources.files, evaluate, diagnostics),
  };
}

/** `class X extends BootMixin(RepositoryMixin(RestApplication))`, `extends RestApplication`: an application. */
function extendsRestApplication(cls: ts.ClassDeclaration): boolean {
  const heritage = cls.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword)?.types[0]?.expression;
  let found = false;
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && APP_CLASSES.has(node.text) && importedFrom(node, REST)) found = true;
    else ts.forEachChild(node, visit);
  };
  if (heritage) visit(heritage);
  return found;
}

/** Whether the application class is booted: it extends `BootMixin(...)` of @loopback/boot. */
function booted(cls: ts.ClassDeclaration): boolean {
  const heritage = cls.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword)?.types[0]?.expression;
  let found = false;
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === "BootMixin" &&
      importedFrom(node.expression, BOOT)
    )
      found = true;
    else ts.forEachChild(node, visit);
  };
  if (heritage) visit(heritage);
  return found;
}

/** `this.<name> = value` statements of a class's constructor, and a property `name = value`: the values as written. */
function memberAssignments(cls: ts.ClassLikeDeclaration, name: string): ts.Expression[] {
  const out: ts.Expression[] = [];
  for (const member of cls.members) {
    if (ts.isPropertyDeclaration(member) && ts.isIdentifier(member.name) && member.name.text === name && member.initializer)
      out.push(member.initializer);
    if (!ts.isConstructorDeclaration(member) || !member.body) continue;
    const visit = (node: ts.Node): void => {
      if (
        ts.isBinaryExpression(node) &&
        node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
        ts.isPropertyAccessExpression(node.left) &&
        node.left.expression.kind === ts.SyntaxKind.ThisKeyword &&
        node.left.name.text === name
      )
        out.push(node.right);
      ts.forEachChild(node, visit);
    };
    visit(member.body);
  }
  return out;
}

/** The classes a component lists in its `controllers` (`controllers = [A, B]`, `this.controllers = [...]`). */
function componentControllers(cls: ts.ClassLikeDeclaration, interpreter: Interpreter): ts.Node[] {
  const out: ts.Node[] = [];
  for (const expr of memberAssignments(cls, "controllers")) {
    const value = interpreter.evaluate(expr, enclosingScope(expr, interpreter.module(expr.getSourceFile()).scope, interpreter));
    for (const item of value.kind === "array" ? value.items : []) if (item.kind === "class") out.push(item.decl);
  }
  return out;
}

/**
 * The controllers `BootMixin`'s ControllerBooter loads: every exported class of the files under the project root
 * (`this.projectRoot = __dirname`, the application's folder) that `bootOptions.controllers` matches — `dirs`
 * (`["controllers"]`), `extensions` (`[".controller.js"]`, matched against the TypeScript sources the build
 * compiles to them), `nested` (true), or a `glob` that replaces them.
 */
function bootedControllers(app: ts.ClassDeclaration, sources: SourceSet, interpreter: Interpreter, diagnostics: DiagnosticBag): ts.Node[] {
  if (!booted(app)) return [];
  const file = app.getSourceFile();
  const root = path.dirname(file.fileName);
  for (const expr of memberAssignments(app, "projectRoot")) {
    if (ts.isIdentifier(expr) && expr.text === "__dirname") continue;
    diagnostics.warning(
      "APX201",
      `Cannot read the project root \`${excerpt(expr)}\` this application boots its controllers from; they are looked for beside the application's file, as with \`__dirname\`.`,
      siteOf(expr),
      "Set `this.projectRoot = __dirname` in the application's constructor.",
    );
  }
  let options = { ...DEFAULT_BOOT, glob: undefined as string | undefined };
  for (const expr of memberAssignments(app, "bootOptions")) {
    const value = interpreter.evaluate(expr, enclosingScope(expr, interpreter.module(file).scope, interpreter));
    const controllers = value.kind === "object" ? value.props.get("controllers") : undefined;
    if (!controllers || controllers.kind === "undefined") continue;
    if (controllers.kind !== "object") {
      diagnostics.warning(
        "APX201",
        `Cannot read \`bootOptions.controllers\` of this application statically; its controllers are looked for where the booter's defaults say.`,
        siteOf(expr),
        "Write `bootOptions.controllers` as an object literal of `dirs`, `extensions`, `nested` or `glob`.",
      );
      continue;
    }
    const read = (name: string) => {
      const v = controllers.props.get(name);
      return v && v.kind !== "undefined" ? stringsOf(v) : undefined;
    };
    const nested = controllers.props.get("nested");
    options = {
      dirs: read("dirs") ?? options.dirs,
      extensions: read("extensions") ?? options.extensions,
      nested: nested?.kind === "boolean" ? nested.value : options.nested,
      glob: read("glob")?.[0] ?? options.glob,
    };
  }
  // The booter matches the compiled `.js` files; the sources are their `.ts` (`.controller.js` ← `.controller.ts`).
  const ts2js = (p: string) => p.replace(/\.js$/, ".{js,ts}");
  const patterns = options.glob
    ? [ts2js(options.glob.replace(/^\.?\//, ""))]
    : options.dirs.flatMap((dir) =>
        options.extensions.map((ext) => `${dir.replace(/^\.?\//, "").replace(/\/$/, "")}/${options.nested ? "**/" : ""}*${ts2js(ext)}`),
      );
  const matches = picomatch(patterns);
  const out: ts.Node[] = [];
  for (const source of sources.files) {
    const relative = path.relative(root, source.fileName).split(path.sep).join("/");
    if (relative.startsWith("..") || relative.endsWith(".d.ts") || !matches(relative)) continue;
    for (const statement of source.statements)
      if (ts.isClassDeclaration(statement) && statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) out.push(statement);
  }
  return out;
}

/**
 * The REST server's base path: `basePath(path)` called on the application or its `restServer`, which replaces
 * the `rest: { basePath }` of the configuration the application is given (the server reads that when it is
 * made, and each `basePath()` call sets it again); the configuration's when no call sets one.
 */
function basePaths(
  calls: { call: ts.CallExpression; name: string }[],
  files: ts.SourceFile[],
  evaluate: (node: ts.Expression) => Value,
  diagnostics: DiagnosticBag,
): string[] {
  const read = (node: ts.Expression, what: string): string | undefined => {
    const value = evaluate(node);
    const strings = value.kind === "undefined" ? [""] : stringsOf(value);
    if (strings?.length === 1) return strings[0]!;
    diagnostics.warning(
      "APX201",
      `Cannot resolve the ${what} of this LoopBack application statically: \`${excerpt(node)}\` ${explain(value)}; its routes are indexed without it.`,
      siteOf(node),
      "Give the base path as a string literal or a const.",
    );
    return undefined;
  };
  const fromCalls = new Set<string>();
  for (const { call, name } of calls)
    if (name === "basePath" && call.arguments.length === 1 && ts.isPropertyAccessExpression(call.expression)) {
      const value = read(call.arguments[0]!, "base path");
      if (value !== undefined) fromCalls.add(value);
    }
  if (fromCalls.size) return [...fromCalls].map(normalize).sort();
  const fromConfig = new Set<string>();
  for (const file of files) {
    const visit = (node: ts.Node): void => {
      // `{ rest: { basePath: "/api", port } }`, as written for the application's configuration.
      if (
        ts.isPropertyAssignment(node) &&
        (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name)) &&
        node.name.text === "rest" &&
        ts.isObjectLiteralExpression(node.initializer)
      )
        for (const p of node.initializer.properties)
          if (ts.isPropertyAssignment(p) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) && p.name.text === "basePath") {
            const value = read(p.initializer, "`rest.basePath`");
            if (value !== undefined) fromConfig.add(value);
          }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return fromConfig.size ? [...fromConfig].map(normalize).sort() : [""];
}

/** A base path as RestServer keeps it: one leading slash, none trailing (`"api/"` serves under `/api`). */
const normalize = (base: string): string => (base.replace(/^\/+|\/+$/g, "") ? joinPaths("/", base.replace(/^\/+|\/+$/g, "")) : "");
