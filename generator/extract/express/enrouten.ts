/**
 * express-enrouten (kraken): `app.use(enrouten({ index, directory, routes }))` mounts one router, filled when it
 * is mounted — from the `index` module, then every controller of `directory` (each `module.exports = function
 * (router) { ... }` at its path below the folder, autoloaders.ts), then the `routes` table — where `use`
 * mounts it. Paths are relative to `basedir`, by default the folder of the file that calls `enrouten()`.
 */
import path from "node:path";
import { ts } from "../../typescript.js";
import { type DiagnosticBag, siteOf } from "../../diagnostics/diagnostic.js";
import { enroutenModules, functionLength } from "../../resolve/autoloaders.js";
import { type CallContext, excerpt, explain, type Interpreter } from "../../resolve/interpreter.js";
import { stringsOf, UNDEFINED, type HostValue, type Value } from "../../resolve/values.js";
import type { RouterNode } from "../router-graph.js";

/** What enrouten needs of the Express host. */
export interface EnroutenHost {
  create(node: ts.Node): { value: HostValue; router: RouterNode };
  mount(router: RouterNode, sub: RouterNode, path: string, node: ts.Node): void;
  route(router: RouterNode, method: string, paths: string[], handlers: { node: ts.Expression; value: Value }[], call: CallContext): void;
  paths(arg: ts.Expression, call: CallContext): string[] | undefined;
}

export class Enrouten {
  /** The routers enrouten hands to controllers: callable for a named route (`router({ path, name })`). */
  private readonly registries = new WeakSet<RouterNode>();

  constructor(
    private readonly owner: { readonly interpreter: Interpreter },
    private readonly host: EnroutenHost,
  ) {}

  private get interpreter(): Interpreter {
    return this.owner.interpreter;
  }

  private get diagnostics(): DiagnosticBag {
    return this.interpreter.diagnostics;
  }

  owns(router: RouterNode): boolean {
    return this.registries.has(router);
  }

  /** `enrouten(options)`: the router it mounts, filled as enrouten fills it. */
  create(call: CallContext): Value {
    const node = call.node;
    const made = this.host.create(node);
    this.registries.add(made.router);
    const arg = call.args[0];
    const options = arg ? this.interpreter.evaluate(arg, call.scope) : UNDEFINED;
    if (options.kind !== "object") {
      if (options.kind !== "undefined") this.report(arg ?? node, "options", options);
      return made.value;
    }
    const option = (name: string) => options.props.get(name);
    const literal = this.interpreter.literalOf.get(options);
    const written = (name: string): ts.Expression => {
      const p = literal?.properties.find((m) => m.name?.getText() === name);
      return p && ts.isPropertyAssignment(p) ? p.initializer : (arg ?? (node as ts.Expression));
    };
    const based = option("basedir");
    if (based && based.kind !== "undefined" && based.kind !== "string") {
      this.report(written("basedir"), "basedir", based);
      return made.value;
    }
    const root = this.interpreter.sources.root;
    const basedir = based?.kind === "string" ? path.posix.resolve(root, based.value) : path.posix.dirname(node.getSourceFile().fileName);
    const at = (file: string) => (file.startsWith("/") ? file : path.posix.join(basedir, file));
    // Each option is read in enrouten's order: the index, the directory, the routes table.
    const index = option("index");
    if (index && index.kind !== "undefined") {
      if (index.kind !== "string") this.report(written("index"), "index", index);
      else this.index(made.value, at(index.value), written("index"));
    }
    const directory = option("directory");
    if (directory && directory.kind !== "undefined") {
      if (directory.kind !== "string") this.report(written("directory"), "directory", directory);
      else this.directory(made.router, at(directory.value), written("directory"));
    }
    const routes = option("routes");
    if (routes && routes.kind !== "undefined") {
      if (routes.kind !== "array") this.report(written("routes"), "routes", routes);
      else this.routes(made.router, routes.items, call);
    }
    return made.value;
  }

  /** The `index` module: its function (or its default export's) called with the router itself. */
  private index(router: HostValue, file: string, node: ts.Node): void {
    const source = [file, `${file}.js`, `${file}.ts`, path.posix.join(file, "index.js"), path.posix.join(file, "index.ts")].find(
      (f) => this.interpreter.sources.getFile(f) !== undefined,
    );
    let impl = source ? this.interpreter.requiredFile(source) : undefined;
    if (impl && impl.kind !== "function") impl = this.interpreter.property(impl, "default", node);
    if (!impl || impl.kind !== "function" || functionLength(impl.decl.parameters) !== 1) {
      this.diagnostics.warning(
        "APX210",
        `express-enrouten's \`index\` names ${source ? `\`${path.posix.relative(this.interpreter.sources.root, source)}\`, which exports no function of one parameter (the router)` : `\`${path.posix.relative(this.interpreter.sources.root, file)}\`, which is no module of the sources`}: its routes are not indexed.`,
        siteOf(node),
        "Export `function (router) { ... }` from the index module (enrouten refuses anything else at start-up).",
      );
      return;
    }
    this.interpreter.callFunction(impl, [router], node);
  }

  /** Every controller of the folder, mounted at its path, in enrouten's order. */
  private directory(router: RouterNode, dir: string, node: ts.Node): void {
    const folders = this.interpreter.loaderFolders();
    if (!folders.list(dir)) {
      this.diagnostics.warning(
        "APX210",
        `express-enrouten's \`directory\` \`${path.posix.relative(this.interpreter.sources.root, dir) || "."}\` is no folder of the project: no controller is loaded from it.`,
        siteOf(node),
        "The directory is relative to `basedir`, by default the folder of the file that calls enrouten().",
      );
      return;
    }
    for (const { file, mountpath } of enroutenModules(folders, dir)) {
      const impl = this.interpreter.requiredFile(file);
      if (!impl) continue;
      // A module exporting `function (router)`, or an object whose `default` is one (a compiled ES module).
      const fn =
        impl.kind === "function" && functionLength(impl.decl.parameters) === 1
          ? impl
          : impl.kind === "object" || impl.kind === "namespace"
            ? this.interpreter.property(impl, "default", node)
            : undefined;
      if (fn?.kind !== "function" || functionLength(fn.decl.parameters) !== 1) continue;
      const sub = this.host.create(node);
      this.registries.add(sub.router);
      this.interpreter.callFunction(fn, [sub.value], node);
      this.host.mount(router, sub.router, mountpath, node);
    }
  }

  /** The `routes` table: `{ path, method = "GET", middleware: [...], handler }` each. */
  private routes(router: RouterNode, defs: readonly Value[], call: CallContext): void {
    for (const def of defs) {
      if (def.kind !== "object") continue;
      const literal = this.interpreter.literalOf.get(def);
      const nodeOf = (name: string): ts.Expression => {
        const p = literal?.properties.find((m) => m.name?.getText() === name);
        return p && ts.isPropertyAssignment(p) ? p.initializer : (call.args[0] ?? (call.node as ts.Expression));
      };
      const pathValue = def.props.get("path");
      const paths = literal?.properties.some((m) => m.name?.getText() === "path")
        ? this.host.paths(nodeOf("path"), call)
        : pathValue && stringsOf(pathValue);
      if (!paths) continue;
      const method = def.props.get("method");
      const verb =
        method === undefined || method.kind === "undefined" ? "get" : method.kind === "string" ? method.value.toLowerCase() : undefined;
      if (!verb) {
        this.diagnostics.warning(
          "APX201",
          `Cannot read the method of this express-enrouten route statically: \`${excerpt(nodeOf("method"))}\` ${explain(method ?? UNDEFINED)}; the route is not indexed.`,
          siteOf(nodeOf("method")),
          "Write the method as a string literal or a const.",
        );
        continue;
      }
      const middleware = def.props.get("middleware");
      const handlers: { node: ts.Expression; value: Value }[] = [];
      if (middleware && middleware.kind !== "undefined") handlers.push({ node: nodeOf("middleware"), value: middleware });
      handlers.push({ node: nodeOf("handler"), value: def.props.get("handler") ?? UNDEFINED });
      this.host.route(router, verb, paths, handlers, call);
    }
  }

  /** `router({ path, name })`: the route of that path below the router (`/` when none is given). */
  namedRoutePaths(_router: RouterNode, call: CallContext): string[] | undefined {
    const arg = call.args[0];
    const options = arg ? this.interpreter.evaluate(arg, call.scope) : UNDEFINED;
    if (options.kind === "undefined") return ["/"];
    if (options.kind !== "object") return undefined;
    const p = options.props.get("path");
    if (!p || p.kind === "undefined") return ["/"];
    const paths = stringsOf(p);
    if (!paths)
      this.diagnostics.warning(
        "APX201",
        `Cannot resolve the path of this express-enrouten named route statically: it ${explain(p)}; its routes are not indexed.`,
        siteOf(call.node),
        "Write the route's `path` as a string literal or a const.",
      );
    return paths;
  }

  private report(node: ts.Node, what: string, value: Value): void {
    this.diagnostics.warning(
      "APX210",
      `Cannot read express-enrouten's \`${what}\` option statically: \`${excerpt(node)}\` ${explain(value)}; the routes it would mount are not indexed.`,
      siteOf(node),
      "Give enrouten's options as string literals or consts (paths relative to the file that calls enrouten()).",
    );
  }
}
