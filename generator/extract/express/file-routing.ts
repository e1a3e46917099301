/**
 * express-file-routing: `app.use("/", await router(options))` mounts a router and `await createRouter(app,
 * options)` fills the app (or router) it is given, with the routes of a folder's modules. A module's path in
 * the folder is its URL (`index` names its folder, `[id]` and `:id` are parameters, `[...rest]` the catch-all
 * `*`); each export named for a method (`get`, `post`, `put`, `patch`, `delete`, `del`, `head`, `options`, any
 * case, and the `additionalMethods` given) is that method's handler, an array being middleware then the
 * handler; a default export answers every method (`all`). Files whose name starts with `_`, a top folder whose
 * name does, and declaration files are not routes. The folder is `options.directory`, else `routes` beside the
 * service's entry module (express-file-routing takes the folder of `require.main`, or the working directory
 * under ES modules: the call's own folder is taken, then the package's).
 *
 * @example
 * // src/server.ts
 * app.use("/", await router());        // src/routes/posts/[id].ts exporting `get` is GET /posts/{id}
 */
import path from "node:path";
import type { ts as Ts } from "ts-morph";
import { ts } from "../../typescript.js";
import { siteOf } from "../../diagnostics/diagnostic.js";
import { type DocComment, leadingDoc } from "../../resolve/doc-comment.js";
import { type CallContext, excerpt, explain, type Interpreter } from "../../resolve/interpreter.js";
import { UNDEFINED, type ExternalValue, type HostValue, type Value } from "../../resolve/values.js";
import type { RouterNode } from "../router-graph.js";

export const FILE_ROUTING = "express-file-routing";

/** What express-file-routing needs of the Express host. */
export interface FileRoutingHost {
  create(node: ts.Node): { value: HostValue; router: RouterNode };
  routerOf(value: Value): RouterNode | undefined;
  route(
    router: RouterNode,
    method: string,
    path: string,
    handler: { node: ts.Expression; value: Value },
    call: CallContext,
    written: ts.Node,
    doc: DocComment | undefined,
  ): void;
}

const EXTENSIONS = [".ts", ".js", ".mjs", ".tsx", ".jsx"];
/** The methods it registers by export name (`del` is `delete`); CONNECT and TRACE have no operation in OpenAPI's sense here. */
const METHODS = new Set(["get", "post", "put", "patch", "delete", "head", "options"]);

/** `router(options)` and `createRouter(app, options)` (the default export too); undefined for anything else. */
export function fileRoutingCall(
  host: FileRoutingHost,
  interpreter: Interpreter,
  callee: ExternalValue,
  call: CallContext,
): Value | undefined {
  if (callee.module !== FILE_ROUTING) return undefined;
  const name = callee.path.length === 0 ? "default" : callee.path.join(".");
  if (name === "router") {
    const made = host.create(call.node);
    fill(host, interpreter, made.router, call.args[0], call);
    return made.value;
  }
  if (name === "default" || name === "createRouter") {
    const target = call.args[0] ? interpreter.evaluate(call.args[0], call.scope) : UNDEFINED;
    const router = host.routerOf(target);
    if (!router) {
      interpreter.diagnostics.warning(
        "APX210",
        `This createRouter() call was not analysed: \`${call.args[0] ? excerpt(call.args[0]) : "(nothing)"}\` ${explain(target, "an Express app or router of the sources")}; the routes of its folder are not indexed.`,
        siteOf(call.node),
        "Give createRouter() the app itself (`await createRouter(app)`).",
      );
      return undefined;
    }
    fill(host, interpreter, router, call.args[1], call);
    return target;
  }
  return undefined;
}

/** The folder's routes, registered on `router` in the order express-file-routing registers them. */
function fill(
  host: FileRoutingHost,
  interpreter: Interpreter,
  router: RouterNode,
  optionsArg: ts.Expression | undefined,
  call: CallContext,
): void {
  const options = optionsArg ? interpreter.evaluate(optionsArg, call.scope) : UNDEFINED;
  const unread = (what: string, node: ts.Node, value: Value) =>
    interpreter.diagnostics.warning(
      "APX210",
      `express-file-routing's ${what} \`${excerpt(node)}\` ${explain(value, "a static value")}: the routes of its folder are not indexed.`,
      siteOf(node),
      'Write the folder as a path apidex can read (`path.join(__dirname, "routes")`, a string).',
    );
  if (options.kind !== "object" && options.kind !== "undefined") return unread("options", optionsArg!, options);
  const directory = options.kind === "object" ? options.props.get("directory") : undefined;
  const extra = options.kind === "object" ? options.props.get("additionalMethods") : undefined;
  const methods = new Set(METHODS);
  if (extra?.kind === "array") for (const item of extra.items) if (item.kind === "string") methods.add(item.value.toLowerCase());
  const folders = interpreter.loaderFolders();
  const caller = call.node.getSourceFile().fileName;
  let dir: string | undefined;
  if (directory && directory.kind !== "undefined") {
    if (directory.kind !== "string") return unread("directory", optionsArg!, directory);
    dir = path.posix.resolve(packageRoot(caller, folders) ?? folders.root, directory.value);
  } else
    dir = [
      path.posix.join(path.posix.dirname(caller), "routes"),
      path.posix.join(packageRoot(caller, folders) ?? folders.root, "routes"),
    ].find((candidate) => folders.list(candidate) !== undefined);
  if (!dir || folders.list(dir) === undefined) {
    interpreter.diagnostics.warning(
      "APX210",
      `express-file-routing's folder ${dir ? `\`${path.posix.relative(folders.root, dir) || "."}\` is no folder of the project` : "(`routes` beside the entry module, by default) is not found"}: no route is read from it.`,
      siteOf(call.node),
      'Name the folder in the call\'s options (`{ directory: path.join(__dirname, "routes") }`).',
    );
    return;
  }
  for (const { file, url } of routeFiles(dir, folders)) {
    const exported = moduleExports(interpreter, file, call.node);
    if (!exported) continue;
    for (const [name, value] of exported) {
      if (name === "default") continue;
      const key = name.toLowerCase() === "del" ? "delete" : name.toLowerCase();
      if (!methods.has(key) || !isHandler(value)) continue;
      const written = declarationOf(interpreter, file, name);
      host.route(router, key, url, { node: handlerNode(written), value }, call, written, docOf(written));
    }
    const fallback = exported.get("default");
    const handler = fallback?.kind === "object" ? fallback.props.get("default") : fallback;
    if (handler && isHandler(handler)) {
      const written = declarationOf(interpreter, file, "default");
      host.route(router, "all", url, { node: handlerNode(written), value: handler }, call, written, docOf(written));
    }
  }
}

/** A route file of the folder and its URL, in the order of the folder's listing (the package sorts by depth, which no route of one path changes). */
export function routeFiles(dir: string, folders: { list(dir: string): readonly string[] | undefined }): { file: string; url: string }[] {
  const out: { file: string; url: string }[] = [];
  const walk = (at: string, tree: string[]) => {
    for (const name of [...(folders.list(at) ?? [])].sort()) {
      const full = path.posix.join(at, name);
      if (folders.list(full) !== undefined) walk(full, [...tree, name]);
      else {
        const url = routeUrl([...tree, name]);
        if (url !== undefined) out.push({ file: full, url });
      }
    }
  };
  walk(dir, []);
  return out;
}

/**
 * The URL express-file-routing gives a file, from its path in the folder; undefined for a file it skips.
 *
 * @example
 * routeUrl(["posts", "[id].ts"]) // "/posts/:id"
 * routeUrl(["docs", "[...slug].ts"]) // "/docs/*"
 */
export function routeUrl(parts: readonly string[]): string | undefined {
  const file = parts[parts.length - 1]!;
  const ext = path.posix.extname(file);
  const name = file.slice(0, file.length - ext.length);
  if (!EXTENSIONS.includes(ext.toLowerCase()) || file.toLowerCase().endsWith(".d.ts") || name.startsWith("_") || parts[0]!.startsWith("_"))
    return undefined;
  const segments = [...parts.slice(0, -1)];
  if (name !== "index" && !name.startsWith("index.")) segments.push(name);
  const converted = segments.map((segment) => segment.replace(/\[([^}]*)\]/g, (_, inner: string) => `:${inner}`)).filter((s) => s !== "");
  return `/${converted.join("/")}`.replace(/:\.\.\.\w+/g, "*");
}

/** The nearest folder above a file with a package.json: where a relative `directory` starts (the working directory). */
function packageRoot(file: string, folders: { root: string; isFile(file: string): boolean }): string | undefined {
  for (let dir = path.posix.dirname(file); dir.length >= folders.root.length; dir = path.posix.dirname(dir)) {
    if (folders.isFile(path.posix.join(dir, "package.json"))) return dir;
    if (dir === path.posix.dirname(dir)) break;
  }
  return undefined;
}

/** A module's exports by name, as `import()` gives them (a CommonJS module's `module.exports` is `default`, its properties named too). */
function moduleExports(interpreter: Interpreter, file: string, node: ts.Node): Map<string, Value> | undefined {
  const value = interpreter.requiredFile(file);
  if (!value) return undefined;
  if (value.kind === "namespace") return interpreter.moduleExports(value.file, node)?.props;
  const named = value.kind === "object" ? new Map(value.props) : new Map<string, Value>();
  named.set("default", value);
  return named;
}

function isHandler(value: Value): boolean {
  return value.kind === "function" || value.kind === "array";
}

/** Where an export is written: its declaration in the module, else the module's first statement. */
function declarationOf(interpreter: Interpreter, file: string, name: string): ts.Node {
  const source = interpreter.sources.getFile(file)!;
  for (const statement of source.statements) {
    if (name === "default" && (ts.isExportAssignment(statement) || (ts.isFunctionDeclaration(statement) && hasDefault(statement))))
      return statement;
    if (ts.isFunctionDeclaration(statement) && statement.name?.text === name) return statement;
    if (ts.isVariableStatement(statement))
      for (const declaration of statement.declarationList.declarations)
        if (ts.isIdentifier(declaration.name) && declaration.name.text === name) return declaration;
    // `exports.get = ...`, `module.exports = ...`
    if (ts.isExpressionStatement(statement) && ts.isBinaryExpression(statement.expression)) {
      const target = statement.expression.left.getText();
      if (target === `exports.${name}` || target === `module.exports.${name}` || (name === "default" && target === "module.exports"))
        return statement;
    }
  }
  return source.statements[0] ?? source;
}

function hasDefault(node: Ts.FunctionDeclaration): boolean {
  return Boolean(ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword));
}

/** The doc comment above an export (`/** List posts. *\/ export const get = [check, handler]`): the route's, as above a registration. */
function docOf(written: ts.Node): DocComment | undefined {
  return leadingDoc(ts.isVariableDeclaration(written) ? written.parent.parent : written);
}

/** An expression standing for the handler where it is written (its initializer, or the declaration's name). */
function handlerNode(written: ts.Node): ts.Expression {
  if (ts.isVariableDeclaration(written) && written.initializer) return written.initializer;
  if (ts.isFunctionDeclaration(written) && written.name) return written.name;
  if (ts.isExportAssignment(written)) return written.expression;
  if (ts.isExpressionStatement(written) && ts.isBinaryExpression(written.expression)) return written.expression.right;
  return written as ts.Expression;
}
