import path from "node:path";
import { ts } from "../../typescript.js";
import { siteOf } from "../../diagnostics/diagnostic.js";
import { type CallContext, excerpt, explain } from "../../resolve/interpreter.js";
import { type CheckValue, type FunctionValue, type HostValue, stringsOf, unknown, type Value } from "../../resolve/values.js";
import type { SourceSet } from "../../scan/source-set.js";
import { KoaHost } from "../koa/koa-host.js";
import type { RouterNode } from "../router-graph.js";
import { statementDoc, unwrap } from "../router-host.js";
import { type LoadedTree, loadTree } from "./loader.js";
import { EGG_RESOURCE_ACTIONS, resourcePath } from "./resources.js";

type ClassValue = Extract<Value, { kind: "class" }>;

/** The router's methods that register routes (EggRouter's verbs, `del`, `all`, `resources`), for the sweep of unreached registrations. */
export const EGG_METHODS = new Set(["get", "post", "put", "patch", "delete", "del", "head", "options", "all", "resources", "register"]);

const VERBS = new Set(["get", "post", "put", "patch", "delete", "del", "head", "options", "all"]);

/** One Egg application: its base folder (where `app/` is), its router, and the trees its loader makes. */
export interface EggApp {
  baseDir: string;
  router: RouterNode;
  value: HostValue;
  controllers?: LoadedTree | null;
  middleware?: LoadedTree | null;
}

/** A route argument already read: the expression it comes from and its value. */
interface ReadArg {
  node: ts.Expression;
  value: Value;
}

type EggObject =
  | { type: "router"; router: RouterNode; egg?: EggApp }
  | { type: "egg-app"; app: EggApp }
  /** egg-router-plus's `router.namespace(prefix, ...middleware)`: registers on the app's router, under the prefix, after the middleware. */
  | { type: "egg-namespace"; app: EggApp; prefix: string; middleware: ReadArg[] }
  /** `app.controller` / `app.middleware` or a folder below them. */
  | { type: "egg-tree"; app: EggApp; tree: LoadedTree; what: string }
  /** A controller class loaded from a file (`app.controller.user`): its methods are the handlers. */
  | { type: "egg-controller"; app: EggApp; cls: ClassValue; what: string };

/**
 * Egg.js inside the evaluator. apidex runs each `app/router.ts` (or `.js`) function with an application
 * object: `app.router` (and the router methods Egg delegates from `app` itself) registers routes with
 * EggRouter's arguments — an optional route name before the path when there are three arguments or more,
 * middleware, and the controller last, a function or a string (`"user.show"`) read through `app.controller`;
 * `resources()` registers the REST actions the controller has; egg-router-plus's `namespace()` prefixes
 * paths and adds middleware. `app.controller` and `app.middleware` are the trees egg-core's loader makes of
 * `app/controller` and `app/middleware`: a controller class's methods answer the routes.
 */
export class EggHost extends KoaHost {
  readonly apps: EggApp[] = [];

  constructor(
    diagnostics: ConstructorParameters<typeof KoaHost>[0],
    private readonly sources: SourceSet,
  ) {
    super(diagnostics);
  }

  /** The application whose `app/` folder is in `baseDir`, created where its router function is. */
  createApp(baseDir: string, at: ts.Node): EggApp {
    const { router } = this.create("app", at);
    const app: EggApp = { baseDir, router, value: { kind: "host", host: {} } };
    app.value = this.wrap({ type: "egg-app", app });
    this.apps.push(app);
    return app;
  }

  private wrap(object: EggObject): HostValue {
    return { kind: "host", host: object };
  }

  property(receiver: HostValue, name: string, node: ts.Node): Value | undefined {
    const object = receiver.host as EggObject;
    switch (object.type) {
      case "egg-app": {
        const app = object.app;
        if (name === "router") return this.wrap({ type: "router", router: app.router, egg: app });
        if (name === "controller") return this.treeValue(app, "controller", node);
        if (name === "middleware" || name === "middlewares") return this.treeValue(app, "middleware", node);
        // `module.exports = app => class extends app.Controller {}`: the framework's base class.
        if (name === "Controller" || name === "Service") return { kind: "external", module: "egg", path: [name] };
        return undefined;
      }
      case "egg-tree": {
        const entry = object.tree.entries.get(name);
        const what = `${object.what}.${name}`;
        if (entry === undefined) {
          const missing = unknown(node, `reads \`${what}\`, which no file of the app's ${object.what.split(".")[0]} folder is loaded as`);
          missing.absent = true;
          return missing;
        }
        if (typeof entry !== "string") return this.wrap({ type: "egg-tree", app: object.app, tree: entry, what });
        return this.loaded(object.app, entry, what, object.what.startsWith("middleware"), node);
      }
      case "egg-controller":
        return this.controllerMethod(object.cls, name, object.what, node);
      default:
        return undefined;
    }
  }

  private treeValue(app: EggApp, folder: "controller" | "middleware", node: ts.Node): Value {
    const dir = path.posix.join(app.baseDir, "app", folder);
    if (folder === "controller") app.controllers ??= loadTree(this.sources, dir) ?? null;
    else app.middleware ??= loadTree(this.sources, dir) ?? null;
    const tree = folder === "controller" ? app.controllers : app.middleware;
    if (!tree) return unknown(node, `reads \`app.${folder}\`, but the app has no \`app/${folder}\` folder in the sources`);
    return this.wrap({ type: "egg-tree", app, tree, what: folder });
  }

  /**
   * What a loaded file is on the tree, as egg-core's controller loader makes it: a class (its methods), a
   * function that returns one when called with the app (`module.exports = app => class extends
   * app.Controller {}`), an object of functions, or an async function, itself the handler. A middleware
   * file is its export, the factory `app.middleware.x(options)` calls.
   */
  private loaded(app: EggApp, fileName: string, what: string, middleware: boolean, node: ts.Node): Value {
    const file = this.sources.getFile(fileName);
    if (!file) return unknown(node, `reads \`${what}\`, whose file apidex cannot read`);
    const exported = this.exportOf(file, node);
    if (middleware) return exported;
    let value = exported;
    if (value.kind === "function" && !isAsyncOrGenerator(value.decl)) value = this.interpreter.callFunction(value, [app.value], node);
    if (value.kind === "class") return this.wrap({ type: "egg-controller", app, cls: value, what });
    return value;
  }

  /**
   * What egg-core's `loadFile` takes of a module: its default export (`module.exports`, `export default`),
   * else the module's exports as one object (`exports.index = ...`, named exports only).
   */
  private exportOf(file: ts.SourceFile, node: ts.Node): Value {
    const exported = this.interpreter.exportOf(this.interpreter.module(file), "default", node);
    if (exported.kind !== "unknown") return exported;
    const all = this.interpreter.moduleExports(file, node);
    return all && all.props.size > 0 ? all : exported;
  }

  private controllerMethod(cls: ClassValue, name: string, what: string, node: ts.Node): Value {
    const found = this.findMethod(cls, name, new Set());
    if (typeof found !== "string") return found;
    const label = `\`${what}\` (${cls.decl.name?.text ?? "a class"})`;
    if (found === "missing") {
      const missing = unknown(node, `reads \`${name}\`, which the controller ${label} does not have`);
      missing.absent = true;
      return missing;
    }
    return unknown(node, `reads \`${name}\` of the controller ${label}, which extends a class apidex cannot read`);
  }

  /** A method (or an arrow function property) of the class or of a class of the sources it extends; Egg's own `Controller` has none. */
  private findMethod(cls: ClassValue, name: string, seen: Set<ts.Node>): FunctionValue | "missing" | "unknown" {
    if (seen.has(cls.decl)) return "missing";
    seen.add(cls.decl);
    const instance: Value = { kind: "instance", decl: cls.decl, scope: cls.scope };
    for (const member of cls.decl.members) {
      if (!member.name || !(ts.isIdentifier(member.name) || ts.isStringLiteral(member.name)) || member.name.text !== name) continue;
      if (ts.canHaveModifiers(member) && ts.getModifiers(member)?.some((m) => m.kind === ts.SyntaxKind.StaticKeyword)) continue;
      if (ts.isMethodDeclaration(member) && member.body) return { kind: "function", decl: member, scope: cls.scope, thisValue: instance };
      if (ts.isPropertyDeclaration(member) && member.initializer) {
        const init = unwrap(member.initializer);
        if (ts.isArrowFunction(init) || ts.isFunctionExpression(init))
          return { kind: "function", decl: init, scope: cls.scope, thisValue: instance };
        return "unknown";
      }
    }
    const heritage = cls.decl.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword)?.types[0];
    if (!heritage) return "missing";
    const base = this.interpreter.evaluate(heritage.expression, cls.scope);
    if (base.kind === "class") return this.findMethod(base, name, seen);
    // Egg's base classes (`Controller` of egg, or `app.Controller`) define no actions.
    if (base.kind === "external" && isEggModule(base.module)) return "missing";
    return "unknown";
  }

  override callMethod(receiver: HostValue, method: string, call: CallContext): Value {
    const object = receiver.host as EggObject;
    if (object.type === "egg-app") {
      // EggCore delegates the router's verbs, `resources`, `register` and `redirect` to `app.router`.
      if (VERBS.has(method) || method === "resources" || method === "register" || method === "redirect")
        this.callMethod(this.wrap({ type: "router", router: object.app.router, egg: object.app }), method, call);
      return receiver;
    }
    if (object.type === "egg-namespace") {
      if (VERBS.has(method) || method === "resources") this.register(object.app, object.app.router, method, call, object);
      return receiver;
    }
    if (object.type !== "router" || !object.egg) return object.type === "router" ? super.callMethod(receiver, method, call) : receiver;
    const app = object.egg;
    if (!ts.isCallExpression(call.node)) return receiver;
    if (VERBS.has(method) || method === "resources") {
      this.register(app, object.router, method, call, undefined);
      return receiver;
    }
    if (method === "namespace") return this.namespace(app, call);
    if (method === "redirect") {
      // `redirect(source, destination)` answers every method with a redirection to another route: no
      // operation of its own (the route it names is indexed where it is registered).
      this.visit(call.node);
      return receiver;
    }
    return super.callMethod(receiver, method, call);
  }

  /** egg-router-plus's `router.namespace(prefix?, ...middleware)`: a router that registers under the prefix. */
  private namespace(app: EggApp, call: CallContext): Value {
    const node = call.node as ts.CallExpression;
    this.visit(node);
    const first = call.args[0] ? this.interpreter.evaluate(call.args[0], call.scope) : undefined;
    // `namespace(middleware)`: no prefix (egg-router-plus takes a function first as middleware).
    const hasPrefix = first !== undefined && first.kind !== "function" && first.kind !== "check";
    let prefix = "";
    if (hasPrefix) {
      const paths = this.paths(call.args[0], call, "namespace prefix");
      if (!paths) return unknown(node, "is a namespace whose prefix apidex cannot read");
      if (paths.length !== 1) {
        this.diagnostics.warning(
          "APX201",
          `A namespace prefix must be one string (egg-router-plus refuses others); \`${excerpt(call.args[0]!)}\` is one of several: its routes are left out.`,
          siteOf(call.args[0]!),
          "Give the namespace one string prefix.",
        );
        return unknown(node, "is a namespace whose prefix apidex cannot read");
      }
      prefix = paths[0]!;
    }
    const middleware = (hasPrefix ? call.args.slice(1) : call.args).map((arg) => ({
      node: arg,
      value: this.interpreter.evaluate(arg, call.scope),
    }));
    return this.wrap({ type: "egg-namespace", app, prefix, middleware });
  }

  /**
   * A verb or `resources()` on the app's router (or a namespace of it), split as EggRouter splits its
   * arguments: `(name, path, ...middleware, controller)` when there are three or more and the second is a
   * string or a RegExp, else `(path, ...middleware, controller)`.
   */
  private register(
    app: EggApp,
    router: RouterNode,
    method: string,
    call: CallContext,
    ns: Extract<EggObject, { type: "egg-namespace" }> | undefined,
  ): void {
    const node = call.node as ts.CallExpression;
    this.visit(node);
    const args = call.args;
    const second = args[1] ? unwrap(args[1]) : undefined;
    const named =
      args.length >= 3 &&
      second !== undefined &&
      (ts.isRegularExpressionLiteral(second) || stringsOf(this.interpreter.evaluate(second, call.scope)) !== undefined);
    const pathArg = named ? args[1] : args[0];
    const rest = args.slice(named ? 2 : 1);
    const read = this.paths(pathArg, call, "route path");
    if (!read) return;
    const paths = ns ? read.map((p) => ns.prefix + p) : read;
    const last = rest[rest.length - 1];
    if (!last) return;
    const before: (ts.Expression | ReadArg)[] = [...(ns?.middleware ?? []), ...rest.slice(0, -1)];
    const controller = this.controllerOf(app, last, call);
    if (method === "resources") {
      this.resources(router, paths, before, last, controller, call);
      return;
    }
    const extra: CheckValue[] = [];
    if (controller.kind !== "function" && controller.kind !== "check") {
      this.diagnostics.warning(
        "APX301",
        `Cannot read this route's controller statically: \`${excerpt(last)}\` ${explain(controller, "a controller method of the sources")}; a permission check in it would be missed, so the route is marked \`unresolved\`.`,
        siteOf(last),
        "Name a method of a controller class under `app/controller` (`controller.user.show`, or `'user.show'`).",
      );
      extra.push({ kind: "check", keys: [], node, unresolved: true });
    }
    this.addRoute(
      router,
      method === "del" ? "delete" : method,
      paths,
      [...before, { node: last, value: controller }],
      call,
      statementDoc(node),
      extra,
    );
  }

  /** The controller argument: a string (`"user.show"`) is read through `app.controller`, as EggRouter resolves it. */
  private controllerOf(app: EggApp, node: ts.Expression, call: CallContext): Value {
    const value = this.interpreter.evaluate(node, call.scope);
    if (value.kind !== "string") return value;
    let current: Value = this.treeValue(app, "controller", node);
    for (const key of value.value.split(".")) current = this.interpreter.property(current, key, node);
    return current;
  }

  /** `resources(name?, prefix, ...middleware, controller)`: the REST actions the controller has (EggRouter's `REST_MAP`). */
  private resources(
    router: RouterNode,
    prefixes: string[],
    before: (ts.Expression | ReadArg)[],
    last: ts.Expression,
    controller: Value,
    call: CallContext,
  ): void {
    const readable =
      controller.kind === "object" || (controller.kind === "host" && (controller.host as EggObject).type === "egg-controller");
    if (!readable) {
      this.diagnostics.warning(
        "APX201",
        `Cannot read the controller of this resources() call statically: \`${excerpt(last)}\` ${explain(controller, "a controller of the sources")}; which REST actions it registers depends on the methods it has, so its routes are left out.`,
        siteOf(last),
        "Give `resources()` a controller of `app/controller` (`controller.posts`).",
      );
      return;
    }
    for (const { action, methods, suffix } of EGG_RESOURCE_ACTIONS) {
      const handler = this.interpreter.property(controller, action, last);
      if (handler.kind === "unknown" && handler.absent) continue;
      if (handler.kind === "undefined" || handler.kind === "null") continue;
      const extra: CheckValue[] = [];
      if (handler.kind !== "function") {
        this.diagnostics.warning(
          "APX301",
          `Cannot tell whether the controller \`${excerpt(last)}\` has the \`${action}\` action: it ${explain(handler, "a method")}; the action's routes are indexed, marked \`unresolved\`.`,
          siteOf(last),
          "Define the REST actions on a controller class of the sources.",
        );
        extra.push({ kind: "check", keys: [], node: call.node as ts.CallExpression, unresolved: true });
      }
      const paths = prefixes.map((p) => resourcePath(p, suffix));
      for (const m of methods) this.addRoute(router, m, paths, [...before, { node: last, value: handler }], call, undefined, extra);
    }
  }
}

/** `async function` / `function*`: egg-core's loader takes such an export as the handler itself, not a factory. */
function isAsyncOrGenerator(decl: ts.FunctionLikeDeclaration): boolean {
  return !!decl.asteriskToken || (ts.canHaveModifiers(decl) && !!ts.getModifiers(decl)?.some((m) => m.kind === ts.SyntaxKind.AsyncKeyword));
}

/** The packages Egg's base classes come from (egg 2–4, and frameworks built on it under @eggjs). */
export function isEggModule(module: string): boolean {
  return module === "egg" || module.startsWith("@eggjs/") || /^egg-/.test(module);
}
