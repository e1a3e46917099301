import { ts } from "../../typescript.js";
import { siteOf } from "../../diagnostics/diagnostic.js";
import path from "node:path";
import { type CallContext, excerpt, explain } from "../../resolve/interpreter.js";
import { type CheckValue, type ExternalValue, type HostValue, stringsOf, unknown, type Value } from "../../resolve/values.js";
import { docFieldsOf, docFromFields } from "../../resolve/framework-docs.js";
import type { RouterNode } from "../router-graph.js";
import { flattenValues, RouterHost, statementDoc } from "../router-host.js";
import { isPackageValue } from "../shared.js";

const HAPI_MODULE = /^(@hapi\/hapi|hapi)$/;
/** Glue, hapi's server composer: `Glue.compose(manifest, options)` builds a server from a manifest of plugins. */
export const GLUE_MODULE = /^(@hapi\/glue|glue)$/;
export const HAPI_METHODS = new Set(["route"]);
const EVERY = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"];

type ObjectValue = Extract<Value, { kind: "object" }>;

/**
 * hapi inside the evaluator: `Hapi.server()` / `new Hapi.Server()` is an app; `server.route(route or routes)`
 * adds routes (`{ method, path, handler, options: { auth: { scope } } }`, `config` in older hapi); and
 * `server.register(plugin(s), { routes: { prefix } })` runs each plugin's `register(server, options)` on a
 * server whose routes land under the prefix. A route's `auth.scope` (or `auth.access.scope`) is its
 * permission keys: plain scopes are alternatives, `+scope` required, as hapi checks them.
 */
export class HapiHost extends RouterHost {
  /** The `Glue.compose.bind(Glue, manifest, options)` made, and those of them called (by their bound arguments). */
  private readonly binds: { call: CallContext; bound: Value[] }[] = [];
  private readonly bindsComposed = new Set<readonly Value[]>();

  /**
   * Composes the servers of the `Glue.compose.bind(...)` that nothing the analysis ran calls (aqua's
   * `module.exports = Glue.compose.bind(Glue, Manifest.get("/"), options)` in the package's main, which its
   * `server.js` calls when a task runner starts it): the service is that server, as an uncalled app factory's.
   */
  composeUncalled(): void {
    for (const { call, bound } of this.binds)
      if (!this.bindsComposed.has(bound)) {
        this.bindsComposed.add(bound);
        this.glueCompose({ ...call, args: [] }, bound);
      }
  }

  callExternal(callee: ExternalValue, call: CallContext): Value | undefined {
    if (GLUE_MODULE.test(callee.module) && callee.path[callee.path.length - 1] === "compose") {
      if (callee.bound) this.bindsComposed.add(callee.bound);
      return this.glueCompose(call, callee.bound);
    }
    // `module.exports = Glue.compose.bind(Glue, Manifest.get("/"), composeOptions)` (aqua's): compose, its
    // manifest and options given ahead, called later with the callback.
    if (GLUE_MODULE.test(callee.module) && callee.path.slice(-2).join(".") === "compose.bind") {
      const bound = call.args.slice(1).map((arg) => this.interpreter.evaluate(arg, call.scope));
      this.binds.push({ call, bound });
      return { kind: "external", module: callee.module, path: callee.path.slice(0, -1), bound };
    }
    if (!HAPI_MODULE.test(callee.module)) return undefined;
    const name = callee.path[callee.path.length - 1];
    if (name === "server" || (name === "Server" && ts.isNewExpression(call.node))) return this.create("app", call.node).value;
    return undefined;
  }

  callMethod(receiver: HostValue, method: string, call: CallContext): Value {
    const target = this.routerCall(receiver, call);
    if (!target) return receiver;
    const { router: server, node } = target;
    if (method === "route") {
      this.visit(node);
      const arg = call.args[0];
      if (!arg) return receiver;
      for (const route of flattenValues(this.interpreter.evaluate(arg, call.scope))) {
        if (route.kind !== "object") {
          this.diagnostics.warning(
            "APX201",
            "Cannot read this route definition statically; the route is left out.",
            siteOf(arg),
            "Pass route objects ({ method, path, handler }) or a const array of them.",
          );
          continue;
        }
        this.addHapiRoute(server, route, node, call);
      }
      return { kind: "undefined" };
    }
    // hapi 16's `server.dependency(["auth"], after)`: `after(server, next)` runs once those plugins are
    // registered, where such plugins add their routes.
    if (method === "dependency") {
      const after = call.args[1] ? this.interpreter.evaluate(call.args[1], call.scope) : undefined;
      if (after?.kind === "function") this.interpreter.callFunction(after, [receiver, { kind: "undefined" }], node);
      return { kind: "undefined" };
    }
    if (method === "register") {
      this.visit(node);
      const registration = call.args[1] ? this.interpreter.evaluate(call.args[1], call.scope) : undefined;
      const items = flattenValues(call.args[0] ? this.interpreter.evaluate(call.args[0], call.scope) : { kind: "undefined" });
      this.registerPlugins(server, items, registration, node, Boolean(call.args[0] && isPackageValue(call.args[0])));
      // hapi 16 and before: `server.register(plugins, [options,] (err) => { server.route([...]) })` calls back once
      // the plugins are registered, where such apps add their routes.
      const last = call.args.length > 1 ? call.args[call.args.length - 1] : undefined;
      const callback = last ? this.interpreter.evaluate(last, call.scope) : undefined;
      if (callback?.kind === "function") this.interpreter.callFunction(callback, [{ kind: "undefined" }], node);
      return { kind: "runtime", what: "server.register()" };
    }
    return receiver;
  }

  /**
   * Glue's `compose(manifest, { relativeTo })`: a server, with the manifest's `register.plugins` registered on it
   * (each a plugin, `{ plugin, options, routes: { prefix } }`, or a module path: relative to `relativeTo`, a
   * package's name otherwise) under `register.options` (`routes: { prefix }` for all). It promises the server.
   */
  private glueCompose(call: CallContext, bound: readonly Value[] = []): Value {
    const node = call.node as ts.CallExpression;
    const { value: app, router: server } = this.create("app", node);
    this.visit(node);
    const given = [...bound, ...call.args.map((arg) => this.interpreter.evaluate(arg, call.scope))];
    const [manifest, options, callback] = given;
    // Glue 4 (hapi 16): `registrations: [{ plugin: "./x" | { register: "./x", options }, options: { routes } }]`,
    // read as Glue 5's `register: { plugins: [{ plugin, options, routes }] }`.
    const legacy = manifest?.kind === "object" ? manifest.props.get("registrations") : undefined;
    const register =
      legacy?.kind === "array"
        ? ({ kind: "object", props: new Map([["plugins", { kind: "array", items: legacy.items.map(glue4Registration) }]]) } as ObjectValue)
        : manifest?.kind === "object"
          ? manifest.props.get("register")
          : undefined;
    const plugins = register?.kind === "object" ? register.props.get("plugins") : undefined;
    if (!plugins || (plugins.kind !== "array" && plugins.kind !== "undefined")) {
      this.diagnostics.warning(
        "APX210",
        `Cannot read the plugins of this Glue manifest statically (\`${excerpt(call.args[0] ?? node)}\` ${explain(plugins ?? manifest ?? { kind: "undefined" }, "a manifest")}); the routes they register are not indexed.`,
        siteOf(node),
        "Give Glue a manifest whose `register.plugins` is an array apidex can read (a const object, or a Confidence store's `get`).",
      );
      return app;
    }
    const relativeTo = options?.kind === "object" ? options.props.get("relativeTo") : undefined;
    const items = flattenValues(plugins).map((item) => this.gluePlugin(item, relativeTo, node));
    this.registerPlugins(server, items, register?.kind === "object" ? register.props.get("options") : undefined, node, false);
    // Glue 4's `compose(manifest, options, (err, server) => server.start())`: the callback gets the server.
    if (callback?.kind === "function") this.interpreter.callFunction(callback, [{ kind: "null" }, app], node);
    return app;
  }

  /** A manifest's plugin with a module path loaded (`"./server/api/accounts"` from `relativeTo`); a package's by its name. */
  private gluePlugin(item: Value, relativeTo: Value | undefined, node: ts.Node): Value {
    const named = item.kind === "object" ? item.props.get("plugin") : item;
    if (named?.kind !== "string") return item;
    const spec = named.value;
    let loaded: Value = { kind: "external", module: spec, path: [] };
    if (spec.startsWith(".") || spec.startsWith("/")) {
      const base = relativeTo?.kind === "string" && relativeTo.value.startsWith("/") ? relativeTo.value : undefined;
      const file = base ? path.posix.resolve(base, spec) : undefined;
      const found = file
        ? ["", ".js", ".ts", ".cjs", ".mjs", "/index.js", "/index.ts"].map((ext) => this.interpreter.requiredFile(file + ext)).find(Boolean)
        : undefined;
      loaded =
        found ??
        unknown(
          node,
          `is the plugin module '${spec}', which apidex cannot find${base ? "" : " (Glue resolves it from `relativeTo`, not given)"}`,
        );
    }
    return item.kind === "object" ? { ...item, props: new Map([...item.props, ["plugin", loaded]]) } : loaded;
  }

  /**
   * Registers plugins on a server, as `server.register(plugins, registration)` does and Glue's manifest does:
   * each `{ plugin, options, routes: { prefix } }` (or the plugin itself) runs its `register(server, options)` on
   * a router mounted at its prefix (the item's own, else the registration's).
   */
  private registerPlugins(
    server: RouterNode,
    items: readonly Value[],
    registration: Value | undefined,
    node: ts.CallExpression,
    fromPackage: boolean,
  ): void {
    for (const item of items) {
      // `{ plugin, options, routes: { prefix } }` or the plugin itself (`{ name, register }`, `{ plugin: {...} }`).
      const entry = item.kind === "object" ? item : undefined;
      // A member of an object, or an export of a module (`exports.plugin = { register }`, required).
      const member = (value: Value, name: string): Value | undefined => {
        if (value.kind === "object") return value.props.get(name);
        if (value.kind !== "namespace") return undefined;
        const read = this.interpreter.property(value, name, node);
        return read.kind === "unknown" ? undefined : read;
      };
      const pluginValue = entry?.props.get("plugin") ?? item;
      const plugin = member(pluginValue, "plugin") ?? pluginValue;
      let register = member(plugin, "register");
      // hapi 16 and before: `{ register: require("./widgets"), options }`, the module exporting its own
      // `register(server, options, next)` (with `register.attributes`).
      const legacy = register && register.kind !== "function" ? member(register, "register") : undefined;
      if (legacy?.kind === "function") register = legacy;
      if (register?.kind !== "function") {
        // A package's plugin (`@hapi/inert`) adds nothing of the project's; one of the project's own that
        // cannot be read may add routes, so it is reported.
        if (plugin.kind !== "external" && !fromPackage)
          this.diagnostics.warning(
            "APX210",
            "Cannot read this plugin's register function statically; the routes it registers are not indexed.",
            siteOf(node),
            "Register a plugin object ({ name, register }) from the sources, or a const holding one.",
          );
        continue;
      }
      const routes = (entry?.props.has("plugin") || legacy ? entry : undefined)?.props.get("routes") ?? routesOf(registration);
      const prefixValue = routes?.kind === "object" ? routes.props.get("prefix") : undefined;
      const prefix = prefixValue ? stringsOf(prefixValue) : ["/"];
      if (!prefix || prefix.length !== 1) {
        this.diagnostics.warning(
          "APX201",
          "Cannot resolve the routes.prefix of this plugin registration statically; its routes are left out.",
          siteOf(node),
          "Use a string literal or a const for the prefix.",
        );
        continue;
      }
      const { value, router } = this.create("router", node);
      router.mounted = true;
      const options = (entry?.props.has("plugin") || legacy ? entry?.props.get("options") : undefined) ?? {
        kind: "object",
        props: new Map(),
      };
      this.interpreter.callFunction(register, [value, options], node);
      server.stack.push({ type: "mount", paths: prefix, router, site: siteOf(node), ...this.conditional() });
    }
  }

  private addHapiRoute(server: RouterNode, route: ObjectValue, node: ts.CallExpression, call: CallContext): void {
    // What is said of one route is said where its object is written (a route module's `{ method, path, ... }`),
    // not at the `server.route(routes)` that adds a whole list.
    const at = this.interpreter.literalOf.get(route) ?? node;
    const paths = stringsOf(route.props.get("path") ?? { kind: "undefined" });
    const methodValue = route.props.get("method");
    const named = methodValue ? stringsOf(methodValue) : undefined;
    if (!paths || !named) {
      this.diagnostics.warning(
        "APX201",
        `Cannot resolve the ${paths ? "method" : "path"} of this route statically; the route is left out.`,
        siteOf(at),
        "Write the route's method and path as string literals or consts.",
      );
      return;
    }
    const methods = named.flatMap((m) => (m === "*" ? EVERY : [m.toUpperCase()]));
    const options = objectProp(route, "options") ?? objectProp(route, "config");
    const checks = this.scopeChecks(options, node, at);
    // Prerequisites (`pre: [check, { method: check }]`) run before the handler.
    for (const pre of flattenValues(options?.props.get("pre") ?? { kind: "undefined" })) {
      const fn = pre.kind === "object" ? pre.props.get("method") : pre;
      if (fn) checks.push(...this.middlewareChecks(fn));
    }
    const handler = route.props.get("handler") ?? options?.props.get("handler");
    const doc = docFromFields(docFieldsOf(options, { summary: "description", description: "notes", tags: "tags" }), siteOf(at), "hapi");
    // The handler as a route argument, read where it is written (a function) or where the route is.
    const handlerArg = handler
      ? [{ node: handler.kind === "function" && ts.isExpression(handler.decl) ? handler.decl : node, value: handler }]
      : [];
    const written = at === node ? undefined : at;
    for (const method of methods)
      this.addRoute(server, method.toLowerCase(), paths, handlerArg, call, statementDoc(node), checks, doc, written);
  }

  /** `auth: { scope }` or `auth: { access: { scope } }` (one or several): plain scopes any one, `+scope` each. */
  private scopeChecks(options: ObjectValue | undefined, node: ts.CallExpression, at: ts.Node): CheckValue[] {
    const auth = options?.props.get("auth");
    if (auth?.kind !== "object") return [];
    const access = flattenValues(auth.props.get("access") ?? auth);
    const checks: CheckValue[] = [];
    for (const rule of access) {
      if (rule.kind !== "object") continue;
      const scope = rule.props.get("scope");
      if (!scope || scope.kind === "boolean") continue;
      const scopes = stringsOf(scope);
      if (!scopes) {
        checks.push({ kind: "check", keys: [], node, unresolved: true });
        this.diagnostics.warning(
          "APX301",
          "Cannot resolve this route's auth scope statically; the route is marked `unresolved`.",
          siteOf(at),
          "Use string literals or consts for the scopes.",
        );
        continue;
      }
      const required = scopes.filter((s) => s.startsWith("+")).map((s) => s.slice(1));
      const alternatives = scopes.filter((s) => !s.startsWith("+") && !s.startsWith("!"));
      for (const key of required) checks.push({ kind: "check", keys: [key], node });
      if (alternatives.length) checks.push({ kind: "check", keys: alternatives, ...(alternatives.length > 1 ? { any: true } : {}), node });
    }
    return checks;
  }
}

function objectProp(value: ObjectValue | undefined, name: string): ObjectValue | undefined {
  const prop = value?.props.get(name);
  return prop?.kind === "object" ? prop : undefined;
}

/**
 * A Glue 4 registration as Glue 5 writes it: `{ plugin: "./x" }` or `{ plugin: { register: "./x", options } }`
 * with the registration's `options: { routes }` is `{ plugin: "./x", options, routes }`.
 */
function glue4Registration(item: Value): Value {
  if (item.kind !== "object") return item;
  const plugin = item.props.get("plugin");
  const named = plugin?.kind === "object" ? plugin.props.get("register") : plugin;
  const options = plugin?.kind === "object" ? plugin.props.get("options") : undefined;
  const registration = item.props.get("options");
  const routes = registration?.kind === "object" ? registration.props.get("routes") : undefined;
  const props = new Map<string, Value>([["plugin", named ?? { kind: "undefined" }]]);
  if (options) props.set("options", options);
  if (routes) props.set("routes", routes);
  return { kind: "object", props };
}

function routesOf(registration: Value | undefined): Value | undefined {
  return registration?.kind === "object" ? registration.props.get("routes") : undefined;
}
