import { ts } from "../../typescript.js";
import { type DiagnosticBag, siteOf } from "../../diagnostics/diagnostic.js";
import { type DocComment, leadingDoc } from "../../resolve/doc-comment.js";
import { mergeDocs } from "../../resolve/framework-docs.js";
import { type CallContext, excerpt, explain } from "../../resolve/interpreter.js";
import { type CheckValue, type ExternalValue, type HostValue, stringsOf, type Value } from "../../resolve/values.js";
import { ExpressHost } from "../express/express-host.js";
import type { RouteCheck, RouteLayer, RouterNode } from "../router-graph.js";
import { flattenValues, type RouterObject, unwrap } from "../router-host.js";
import { packageServiceShape, type ServiceMethod, type ServiceShape, serviceShape, STANDARD_METHODS } from "./service-methods.js";
import { featherSwaggerDoc } from "./swagger-docs.js";

/** The packages that make a Feathers app an HTTP server (`express(feathers())`, `koa(feathers())`). */
const TRANSPORTS = new Set(["@feathersjs/express", "@feathersjs/koa"]);

/**
 * The REST mapping of @feathersjs/transport-commons (`getServiceMethod`): a service method, its HTTP method,
 * and whether it is called with the id from the path. `patch` and `remove` are also answered without an id
 * (`PATCH /messages` is `patch(null, data)`, "multi"), as the REST transport's documentation lists.
 */
const REST: readonly { method: string; http: string; id: boolean; multi?: true }[] = [
  { method: "find", http: "GET", id: false },
  { method: "get", http: "GET", id: true },
  { method: "create", http: "POST", id: false },
  { method: "update", http: "PUT", id: true },
  { method: "patch", http: "PATCH", id: true },
  { method: "patch", http: "PATCH", id: false, multi: true },
  { method: "remove", http: "DELETE", id: true },
  { method: "remove", http: "DELETE", id: false, multi: true },
];

/** Packages whose plugin, configured on an app, registers a service: its default path and methods. */
const PLUGIN_SERVICES: Readonly<Record<string, { path: string; methods: readonly string[] }>> = {
  "feathers-authentication-management": { path: "authManagement", methods: ["create"] },
};

/** A service registered on an app: its operations by service method, for the hooks read later. */
interface ServiceRecord {
  path: string;
  app: RouterNode;
  operations: { method: string; layer: RouteLayer }[];
}

/** What `app.service(path)` gives: the registered service, or a path apidex could not match to one. */
interface ServiceHandle {
  type: "feathers-service";
  record?: ServiceRecord;
  path?: string;
}

/**
 * feathers-casl's `authorize(options)` / `checkBasicPermission(options)` hook: it asks the caller's ability
 * whether the service method may run on the service (`ability.can(method, modelName)`).
 */
interface CaslHook {
  type: "feathers-casl";
  node: ts.CallExpression;
  /** The subject: the `modelName` option, else the service's path (feathers-casl's default). */
  modelName?: string;
  /** A `modelName` apidex cannot read (a function of the context, a value known at run time). */
  unreadable?: true;
}

/**
 * feathers-hooks-common's `disallow(...providers)`: the method refuses calls from those providers (every one
 * without arguments; `external` is every transport) with 405 — over REST, when it names `rest` or `external`.
 */
interface DisallowHook {
  type: "feathers-disallow";
  node: ts.CallExpression;
  /** The providers refused; undefined when apidex cannot read them. */
  providers?: string[];
}

/** What a service's hooks check, by service method (`all` for every one). */
type HookChecks = Map<string, (CheckValue | CaslHook | DisallowHook)[]>;

/** Hooks given to an app (`app.hooks({...})`): every service of the app runs them. */
interface AppHooks {
  app: RouterNode;
  byMethod: HookChecks;
}

/**
 * Feathers 4 and 5 inside the evaluator. A Feathers app (`feathers()`, served by `express(app)` or
 * `koa(app)`) is an Express-like app: plain Express routes and mounts on it are read as the Express adapter
 * reads them. `app.use(path, service, options)` registers a service, whose exposed methods become the REST
 * transport's operations; `app.service(path).hooks({...})` and `app.hooks({...})` add the checks their hooks
 * make; `app.configure(fn)` runs `fn(app)`.
 */
export class FeathersHost extends ExpressHost {
  readonly services: ServiceRecord[] = [];
  private readonly appHooks: AppHooks[] = [];

  override callExternal(callee: ExternalValue, call: CallContext): Value | undefined {
    const [first] = callee.path;
    // `new AuthenticationService(app)`: a service of the package (not the app it is given, as an enhancer's result is).
    if (packageServiceShape(callee.module, callee.path[callee.path.length - 1]))
      return { kind: "host", host: { type: "feathers-package-service", module: callee.module } };
    if (callee.module === "feathers-hooks-common" && callee.path.length === 1 && first === "disallow" && ts.isCallExpression(call.node)) {
      const values = call.args.map((arg) => this.interpreter.evaluate(arg, call.scope));
      const providers = values.flatMap((v) => stringsOf(v) ?? []);
      const readable = values.every((v) => stringsOf(v));
      const hook: DisallowHook = { type: "feathers-disallow", node: call.node, ...(readable ? { providers } : {}) };
      return { kind: "host", host: hook };
    }
    if (
      callee.module === "feathers-casl" &&
      callee.path.length === 1 &&
      (first === "authorize" || first === "checkBasicPermission") &&
      ts.isCallExpression(call.node)
    )
      return { kind: "host", host: this.caslHook(call) };
    const isDefault = callee.path.length === 0 || (callee.path.length === 1 && first === "default");
    // `feathers()` (Feathers 5's named export, Feathers 4's default).
    if (callee.module === "@feathersjs/feathers" && (isDefault || (callee.path.length === 1 && first === "feathers")))
      return this.create("app", call.node).value;
    if (TRANSPORTS.has(callee.module)) {
      // `express(feathers())`, `koa(feathers())`: the Feathers app, now answering HTTP.
      if (isDefault || (callee.path.length === 1 && (first === "koa" || first === "feathersExpress"))) {
        const given = call.args[0] ? this.interpreter.evaluate(call.args[0], call.scope) : undefined;
        if (given && this.routerOf(given)) return given;
        return this.create("app", call.node).value;
      }
      if (callee.module === "@feathersjs/express" && callee.path.length === 1 && first === "Router")
        return this.create("router", call.node).value;
      if (callee.module === "@feathersjs/express" && callee.path.length === 1 && first === "original")
        return this.create("app", call.node).value;
    }
    return super.callExternal(callee, call);
  }

  override callMethod(receiver: HostValue, method: string, call: CallContext): Value {
    const object = receiver.host as RouterObject | ServiceHandle | { type: "feathers-package-service" };
    // `authentication.register("jwt", new JWTStrategy())`: the package's service configured, nothing registered.
    if (object.type === "feathers-package-service") return receiver;
    if (object.type === "feathers-service") {
      if (method === "hooks" && ts.isCallExpression(call.node)) this.serviceHooks(object, call);
      return receiver;
    }
    if (object.type !== "router" || !ts.isCallExpression(call.node)) return super.callMethod(receiver, method, call);
    const app = object.router;
    const node = call.node;
    if (method === "configure") {
      this.visit(node);
      if (call.args[0] && this.configurePlugin(app, call.args[0], call)) return receiver;
      const fn = call.args[0] ? this.interpreter.evaluate(call.args[0], call.scope) : undefined;
      if (fn?.kind === "function") this.interpreter.callFunction(fn, [receiver], node);
      else if (fn?.kind === "unknown")
        this.diagnostics.warning(
          "APX247",
          `Cannot tell what \`${excerpt(call.args[0]!)}\` configures on this Feathers app: it ${fn.reason}; the services it may register are not indexed.`,
          siteOf(call.args[0]!),
          "Pass a function of the sources (`app.configure(services)`), imported by name.",
        );
      return receiver;
    }
    if (method === "service" && app.kind === "app") {
      const paths = call.args[0] ? stringsOf(this.interpreter.evaluate(call.args[0], call.scope)) : undefined;
      const path = paths?.length === 1 ? stripSlashes(paths[0]!) : undefined;
      const record = path !== undefined ? this.lookup(app, path) : undefined;
      const handle: ServiceHandle = { type: "feathers-service", ...(record ? { record } : {}), ...(path !== undefined ? { path } : {}) };
      if (!record) this.unknownServiceAt.set(handle, call.args[0] ?? node);
      return { kind: "host", host: handle };
    }
    if (method === "hooks" && app.kind === "app") {
      const hooks = call.args[0] ? this.interpreter.evaluate(call.args[0], call.scope) : undefined;
      if (hooks) this.appHooks.push({ app, byMethod: this.readHooks(hooks, call.args[0]!) });
      return receiver;
    }
    if (method === "use" && app.kind === "app" && this.useService(app, call)) return receiver;
    return super.callMethod(receiver, method, call);
  }

  private caslHook(call: CallContext): CaslHook {
    const node = call.node as ts.CallExpression;
    const options = call.args[0] ? this.interpreter.evaluate(call.args[0], call.scope) : undefined;
    const model = options?.kind === "object" ? options.props.get("modelName") : undefined;
    if (!model || model.kind === "undefined") return { type: "feathers-casl", node };
    if (model.kind === "string") return { type: "feathers-casl", node, modelName: model.value };
    this.diagnostics.warning(
      "APX301",
      `Cannot read the subject this feathers-casl hook checks: its \`modelName\` ${explain(model)}; the operations it runs for are marked \`unresolved\`.`,
      siteOf(node),
      "Give `modelName` as a string, or leave it out (the service's path is the subject).",
    );
    return { type: "feathers-casl", node, unreadable: true };
  }

  /** Where `app.service(path)` named a service apidex has not seen registered (said when hooks are given to it). */
  private readonly unknownServiceAt = new WeakMap<ServiceHandle, ts.Node>();

  private lookup(app: RouterNode, path: string): ServiceRecord | undefined {
    for (let i = this.services.length - 1; i >= 0; i--) {
      const record = this.services[i]!;
      if (record.app === app && record.path === path) return record;
    }
    return undefined;
  }

  /**
   * `app.use(path, ...middleware, service, options?)`: registers the service when the argument after the
   * middleware is one (an object with at least one standard method, as @feathersjs/express decides); false
   * when the call is an Express `use` (a router, a sub-app, middleware).
   */
  private useService(app: RouterNode, call: CallContext): boolean {
    const node = call.node as ts.CallExpression;
    const [pathArg, ...rest] = call.args;
    if (!pathArg || rest.length === 0) return false;
    const values = rest.map((arg) => this.interpreter.evaluate(arg, call.scope));
    // Middleware (functions, as @feathersjs/express tells them; a recognized check; a package's middleware, a
    // value known at run time that no package service is) comes before the service.
    const index = values.findIndex(
      (v, i) =>
        v.kind !== "function" &&
        v.kind !== "array" &&
        v.kind !== "check" &&
        !this.routerOf(v) &&
        (v.kind !== "runtime" || i === values.length - 1 || this.packageOf(rest[i]!, call) !== undefined),
    );
    if (index < 0) return false;
    const serviceArg = rest[index]!;
    const serviceValue = values[index]!;
    const shape = serviceShape(serviceValue, this.interpreter, this.packageOf(serviceArg, call));
    if (!shape) {
      // `app.use("/messages", deps.messages)`: a value apidex cannot follow where a service is expected.
      if (serviceValue.kind === "unknown") {
        const paths = stringsOf(this.interpreter.evaluate(pathArg, call.scope));
        if (paths) {
          this.visit(node);
          this.diagnostics.warning(
            "APX247",
            `Cannot read the Feathers service registered at \`${paths.join(", ")}\`: \`${excerpt(serviceArg)}\` ${serviceValue.reason}; its operations are not indexed.`,
            siteOf(serviceArg),
            "Register an instance of a class of the sources (`new MessagesService(...)`), an object of methods, or a database adapter's service.",
          );
          return true;
        }
      }
      return false;
    }
    if (![...STANDARD_METHODS].some((m) => shape.methods.has(m)) && !shape.unreadable) return false;
    this.visit(node);
    const paths = this.paths(pathArg, call, "service path");
    if (!paths) return true;
    const optionsArg = rest[index + 1];
    const options = optionsArg ? this.interpreter.evaluate(optionsArg, call.scope) : undefined;
    // Express middleware before the service runs before it (`express.before`); after it, after it.
    const before: RouteCheck[] = [];
    for (const [i, value] of values.entries()) {
      if (i >= index) break;
      before.push(...this.middlewareChecks(value), ...this.interpreter.optionChecksIn(rest[i]!, call.scope));
    }
    // `{ express: { before: [...] } }`, `{ koa: { before: [...] } }` (Feathers 5): the transport's middleware before the service.
    for (const transport of ["express", "koa"]) {
      const given = options?.kind === "object" ? options.props.get(transport) : undefined;
      const list = given?.kind === "object" ? given.props.get("before") : undefined;
      if (list) before.push(...this.middlewareChecks(list));
    }
    const exposed = this.exposedMethods(shape, options, optionsArg, serviceArg, paths[0]!);
    const multi = this.multiMethods(serviceArg, call, shape);
    const docs = featherSwaggerDoc(serviceValue, options, this.interpreter, siteOf(serviceArg));
    for (const raw of paths) this.register(app, stripSlashes(raw), shape, exposed, multi, before, node, docs);
    return true;
  }

  /** A service's operations at one path: the REST transport's mapping of the methods it exposes. */
  private register(
    app: RouterNode,
    path: string,
    shape: ServiceShape,
    exposed: { methods: readonly string[]; uncertain: boolean },
    multi: ReadonlySet<string>,
    before: readonly RouteCheck[],
    node: ts.CallExpression,
    docs: Map<string, DocComment> | undefined,
  ): void {
    const record: ServiceRecord = { path, app, operations: [] };
    this.services.push(record);
    for (const op of REST) {
      if (!exposed.methods.includes(op.method)) continue;
      const method = shape.methods.get(op.method);
      // Without an id, patch and remove change every matching record: a database adapter answers them only
      // where its `multi` option allows (else 405), also through a method of a class extending it (which hands
      // the call on to the adapter's); a method of any other service is called with a null id.
      if (op.multi && (!method || (shape.adapter !== undefined && !multi.has(op.method)))) continue;
      const layer = this.operationLayer(record, op, method, before, node, docs?.get(op.method), exposed.uncertain);
      app.stack.push(layer);
      record.operations.push({ method: op.method, layer });
    }
  }

  /**
   * `app.configure(authManagement(options))`: a package's plugin that registers a service of its own, at the
   * path its options give (feathers-authentication-management: `authManagement`, answering `create`).
   */
  private configurePlugin(app: RouterNode, arg: ts.Expression, call: CallContext): boolean {
    const made = unwrap(arg);
    if (!ts.isCallExpression(made)) return false;
    const callee = this.interpreter.evaluate(made.expression, call.scope);
    const plugin = callee.kind === "external" ? PLUGIN_SERVICES[callee.module] : undefined;
    if (!plugin || callee.kind !== "external" || (callee.path.length > 0 && callee.path.join(".") !== "default")) return false;
    const options = made.arguments[0] ? this.interpreter.evaluate(made.arguments[0], call.scope) : undefined;
    const given = options?.kind === "object" ? options.props.get("path") : undefined;
    const path = given?.kind === "string" ? given.value : plugin.path;
    if (given && given.kind !== "string" && given.kind !== "undefined") {
      this.diagnostics.warning(
        "APX247",
        `Cannot read the path of the service this plugin registers: \`path\` ${explain(given)}; it is indexed at its default, \`/${plugin.path}\`, marked \`unresolved: ["registration"]\`.`,
        siteOf(made.arguments[0]!),
        "Give the path as a string literal or a const.",
      );
    }
    const shape: ServiceShape = { methods: new Map(plugin.methods.map((m) => [m, { kind: "package", module: callee.module }])) };
    const uncertain = Boolean(given && given.kind !== "string" && given.kind !== "undefined");
    this.register(
      app,
      stripSlashes(path),
      shape,
      { methods: plugin.methods, uncertain },
      new Set(),
      [],
      call.node as ts.CallExpression,
      undefined,
    );
    return true;
  }

  /** The route layer of one REST operation of a service. */
  private operationLayer(
    record: ServiceRecord,
    op: (typeof REST)[number],
    method: ServiceMethod | undefined,
    before: readonly RouteCheck[],
    node: ts.CallExpression,
    swagger: DocComment | undefined,
    uncertain: boolean,
  ): RouteLayer {
    const fn = method?.kind === "own" ? method.fn : undefined;
    const checks: RouteCheck[] = [...before, ...(fn ? this.interpreter.bodyChecks(fn) : [])];
    const base = `/${record.path}`;
    const path = op.id ? `${base === "/" ? "" : base}/:${idName(record.path)}` : base;
    const doc = mergeDocs(fn ? leadingDoc(docNode(fn.decl)) : undefined, swagger);
    const site = siteOf(ts.isPropertyAccessExpression(node.expression) ? node.expression.name : node);
    return {
      type: "route",
      method: op.http,
      paths: [path],
      checks,
      terminal: true,
      site,
      registration: node,
      ...(doc ? { doc } : {}),
      ...(fn ? { handler: fn.decl } : {}),
      ...(this.conditional().conditional || uncertain ? { conditional: true as const } : {}),
    };
  }

  /**
   * The service methods the REST transport calls: `options.methods` (Feathers 5: only those are exposed), else
   * the standard methods the service implements (`normalizeServiceOptions`). A custom method is answered at
   * `POST /path` with the `X-Service-Method` header only: the index, keyed by method and path, cannot tell it
   * from `create`, so it is said, not indexed.
   */
  private exposedMethods(
    shape: ServiceShape,
    options: Value | undefined,
    optionsArg: ts.Expression | undefined,
    serviceArg: ts.Expression,
    path: string,
  ): { methods: string[]; uncertain: boolean } {
    const implemented = STANDARD_METHODS.filter((m) => shape.methods.has(m));
    if (shape.unreadable)
      this.diagnostics.warning(
        "APX247",
        `This Feathers service ${shape.unreadable}: the methods it inherits are not known, so only the standard methods it declares itself are indexed${options?.kind === "object" && options.props.has("methods") ? " among those its `methods` option lists" : ""}.`,
        siteOf(serviceArg),
        "Extend a class of the sources or a Feathers database adapter's class, or list the exposed methods in the `methods` option.",
      );
    const listed = options?.kind === "object" ? options.props.get("methods") : undefined;
    if (!listed || listed.kind === "undefined") return { methods: implemented, uncertain: false };
    const names = stringsOf(listed);
    if (!names) {
      const at = methodsNode(optionsArg);
      this.diagnostics.warning(
        "APX247",
        `Cannot read which methods this Feathers service exposes: \`${excerpt(at)}\` ${explain(listed)}; the standard methods it implements are indexed, marked \`unresolved: ["registration"]\`.`,
        siteOf(at),
        "List the methods as string literals or an `as const` array (`export const messagesMethods = ['find', 'get'] as const`).",
      );
      return { methods: implemented, uncertain: true };
    }
    const custom = names.filter((n) => !(STANDARD_METHODS as readonly string[]).includes(n));
    if (custom.length) {
      const at = methodsNode(optionsArg);
      this.diagnostics.warning(
        "APX247",
        `The Feathers service at \`/${stripSlashes(path)}\` exposes custom method${custom.length > 1 ? "s" : ""} ${custom.map((c) => `\`${c}\``).join(", ")}, answered at \`POST /${stripSlashes(path)}\` with the header \`X-Service-Method: <name>\`: an operation is a method and a path, which cannot tell ${custom.length > 1 ? "them" : "it"} from \`create\`, so ${custom.length > 1 ? "they are" : "it is"} not indexed.`,
        siteOf(at),
        "Expose the action as a service of its own (`app.use('messages/:id/archive', ...)`) to have it indexed, or leave it unindexed knowingly.",
      );
    }
    return { methods: names.filter((n) => shape.methods.has(n) || (STANDARD_METHODS as readonly string[]).includes(n)), uncertain: false };
  }

  /**
   * The methods a database adapter's service answers without an id (`PATCH /messages`, `DELETE /messages`):
   * those its `multi` option allows (`true`: all; a list: those); the adapter refuses the others with 405.
   * Read from the options the service is constructed with, where the registration writes them.
   */
  private multiMethods(serviceArg: ts.Expression, call: CallContext, shape: ServiceShape): Set<string> {
    if (shape.adapter === undefined) return new Set();
    const made = madeBy(unwrap(serviceArg));
    const optionsArg = made?.arguments?.[0];
    const options = optionsArg ? this.interpreter.evaluate(optionsArg, call.scope) : undefined;
    const multi = options?.kind === "object" ? options.props.get("multi") : undefined;
    if (!multi || multi.kind === "undefined" || (multi.kind === "boolean" && !multi.value)) {
      if (options?.kind !== "object" || options.open) {
        // Options apidex cannot list may allow them: not guessed, said.
        this.diagnostics.warning(
          "APX247",
          `Cannot read whether this Feathers database service allows multi \`patch\` and \`remove\` (the adapter's \`multi\` option): \`PATCH\` and \`DELETE\` without an id are not indexed.`,
          siteOf(optionsArg ?? serviceArg),
          "Construct the service with an options object that sets `multi` (or leaves it out) where it is registered.",
        );
      }
      return new Set();
    }
    if (multi.kind === "boolean") return new Set(["patch", "remove"]);
    const names = stringsOf(multi);
    return new Set(names ?? []);
  }

  /**
   * The package a service given as a call is made by (`memory()`, `service({ Model })`, `new
   * AuthenticationService(app)`), and the export called; also through a `const` the service is kept in.
   */
  private packageOf(arg: ts.Expression, call: CallContext): { module: string; name: string | undefined } | undefined {
    const made = madeBy(unwrap(arg));
    if (!made) return undefined;
    const callee = this.interpreter.evaluate(made.expression, call.scope);
    return callee.kind === "external" ? { module: callee.module, name: callee.path[callee.path.length - 1] } : undefined;
  }

  /** `app.service(path).hooks({...})`: the checks each method's hooks make join its operations. */
  private serviceHooks(handle: ServiceHandle, call: CallContext): void {
    const arg = call.args[0];
    if (!arg) return;
    const hooks = this.interpreter.evaluate(arg, call.scope);
    if (!handle.record) {
      const at = this.unknownServiceAt.get(handle) ?? arg;
      this.diagnostics.warning(
        "APX247",
        handle.path !== undefined
          ? `Hooks are given to the Feathers service \`${handle.path}\`, which apidex has not seen registered on this app before: the checks they make are not attached to any operation.`
          : `Cannot tell which Feathers service \`${excerpt(at)}\` names: the checks its hooks make are not attached to any operation.`,
        siteOf(at),
        "Register the service with `app.use(path, service)` before giving it hooks, with a path apidex can read.",
      );
      return;
    }
    attach(handle.record, this.readHooks(hooks, arg), this.diagnostics);
  }

  /**
   * The checks of a hooks object, by service method (`all` for every one): `{ before, around, after }` each an
   * array (every method) or an object of method names and `all`; Feathers 5's `{ find: [...] }` and a plain
   * array are around hooks. Error hooks run only once the method failed: they check nothing.
   */
  private readHooks(hooks: Value, node: ts.Expression): HookChecks {
    const byMethod: HookChecks = new Map();
    const add = (method: string, list: Value, at: ts.Node) => {
      const checks = byMethod.get(method) ?? [];
      byMethod.set(method, checks);
      for (const item of flattenValues(list)) {
        if (item.kind === "unknown") {
          this.diagnostics.warning(
            "APX301",
            `A hook of this Feathers service cannot be read statically: \`${excerpt(item.node)}\` ${item.reason}; a permission check among them would be missed, so the operations it runs for are marked \`unresolved\`.`,
            siteOf(at),
            "Give hooks as functions of the sources or calls of hook factories, in arrays written in the hooks object.",
          );
          checks.push({ kind: "check", keys: [], node: at as ts.CallExpression, unresolved: true });
          continue;
        }
        if (item.kind === "host" && ["feathers-casl", "feathers-disallow"].includes((item.host as { type: string }).type)) {
          checks.push(item.host as CaslHook | DisallowHook);
          continue;
        }
        checks.push(...this.middlewareChecks(item));
      }
    };
    const readPhase = (phase: Value, at: ts.Node) => {
      if (phase.kind === "array" || phase.kind === "function" || phase.kind === "check") {
        add("all", phase, at);
        return;
      }
      if (phase.kind === "object") for (const [method, list] of phase.props) add(method, list, at);
      else if (phase.kind === "unknown") add("all", phase, at);
    };
    if (hooks.kind === "array") readPhase(hooks, node);
    else if (hooks.kind === "object") {
      for (const [key, value] of hooks.props) {
        if (key === "error") continue;
        if (key === "before" || key === "after" || key === "around") readPhase(value, node);
        else add(key, value, node);
      }
    } else if (hooks.kind === "unknown") add("all", hooks, node);
    return byMethod;
  }

  /** Hooks given to whole apps (`app.hooks({...})`), joined to every service of the app once all ran. */
  applyAppHooks(): void {
    for (const { app, byMethod } of this.appHooks)
      for (const record of this.services) if (record.app === app) attach(record, byMethod, this.diagnostics);
  }
}

/**
 * Joins what hooks check to the operations of a service: a hook of `all` runs for every method, one of a
 * method for that method. feathers-casl's hook checks the key `subject:action` (`messages:find`), as apidex
 * writes a CASL ability check: the service method on the service's path (or the hook's `modelName`).
 */
function attach(record: ServiceRecord, byMethod: HookChecks, diagnostics: DiagnosticBag): void {
  for (const op of [...record.operations])
    for (const hook of [...(byMethod.get("all") ?? []), ...(byMethod.get(op.method) ?? [])]) {
      if (!("type" in hook)) {
        op.layer.checks.push(hook);
        continue;
      }
      if (hook.type === "feathers-disallow") {
        if (!hook.providers) {
          diagnostics.warning(
            "APX247",
            `Cannot read which providers this \`disallow(...)\` refuses: the operations it runs for are indexed, marked \`unresolved: ["registration"]\` (REST may be refused).`,
            siteOf(hook.node),
            "Name the providers as string literals (`disallow('external')`).",
          );
          op.layer.conditional = true;
          continue;
        }
        // `disallow()` refuses every provider, `disallow("external")` every transport: REST answers 405.
        if (hook.providers.length === 0 || hook.providers.some((p) => p === "external" || p === "rest")) {
          const at = record.app.stack.indexOf(op.layer);
          if (at >= 0) record.app.stack.splice(at, 1);
          record.operations.splice(record.operations.indexOf(op), 1);
          break;
        }
        continue;
      }
      const check: CheckValue = hook.unreadable
        ? { kind: "check", keys: [], node: hook.node, unresolved: true }
        : { kind: "check", keys: [`${hook.modelName ?? record.path}:${op.method}`], node: hook.node };
      op.layer.checks.push(check);
    }
}

/** Feathers' `stripSlashes`: a service path without its leading and trailing slashes. */
export function stripSlashes(path: string): string {
  return path.replace(/^\/+|\/+$/g, "");
}

/** The placeholder of a service's id: `id`, unless the service path already names one so. */
function idName(path: string): string {
  return /(^|\/):id(\/|$)/.test(path) ? "__id" : "id";
}

function docNode(decl: ts.FunctionLikeDeclaration): ts.Node {
  return ts.isArrowFunction(decl) || ts.isFunctionExpression(decl) ? decl.parent : decl;
}

/** The call or `new` that makes a service: written in place, or the one value of the variable named. */
function madeBy(node: ts.Expression): ts.CallExpression | ts.NewExpression | undefined {
  if (ts.isCallExpression(node) || ts.isNewExpression(node)) return node;
  if (!ts.isIdentifier(node)) return undefined;
  const value = valueOfVariable(node);
  const inner = value ? unwrap(value) : undefined;
  return inner && (ts.isCallExpression(inner) || ts.isNewExpression(inner)) ? inner : undefined;
}

/**
 * The one value a variable of the function or module it is used in holds: a `const`'s initializer, or that of a
 * `let` assigned nowhere else, or the one assignment of a `let` declared without a value (`let posts; posts =
 * new Posts(options, app)`, Feathers 4's generated services).
 */
function valueOfVariable(name: ts.Identifier): ts.Expression | undefined {
  for (let scope: ts.Node | undefined = name.parent; scope; scope = scope.parent) {
    if (!ts.isBlock(scope) && !ts.isSourceFile(scope)) continue;
    let declared: ts.VariableDeclaration | undefined;
    const assigned: ts.Expression[] = [];
    for (const statement of scope.statements) {
      if (ts.isVariableStatement(statement))
        for (const d of statement.declarationList.declarations) if (ts.isIdentifier(d.name) && d.name.text === name.text) declared = d;
      if (
        ts.isExpressionStatement(statement) &&
        ts.isBinaryExpression(statement.expression) &&
        statement.expression.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
        ts.isIdentifier(statement.expression.left) &&
        statement.expression.left.text === name.text
      )
        assigned.push(statement.expression.right);
    }
    if (!declared) continue;
    if (declared.initializer) return assigned.length ? undefined : declared.initializer;
    return assigned.length === 1 ? assigned[0] : undefined;
  }
  return undefined;
}

function propertyNode(literal: ts.ObjectLiteralExpression, name: string): ts.Node | undefined {
  return literal.properties.find((p) => p.name && ts.isIdentifier(p.name) && p.name.text === name);
}

/** Where a service's `methods` option is written (its property in an options literal), else the options argument. */
function methodsNode(optionsArg: ts.Expression | undefined): ts.Node {
  const options = optionsArg && unwrap(optionsArg);
  return (options && ts.isObjectLiteralExpression(options) && propertyNode(options, "methods")) || optionsArg!;
}
