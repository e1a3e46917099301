import { ts } from "../../typescript.js";
import { siteOf } from "../../diagnostics/diagnostic.js";
import { type CallContext, excerpt, explain } from "../../resolve/interpreter.js";
import { type CheckValue, keysOfValue, stringsOf, type ExternalValue, type HostValue, type Value } from "../../resolve/values.js";
import type { DocComment } from "../../resolve/doc-comment.js";
import { docFieldsOf, docFromFields } from "../../resolve/framework-docs.js";
import { flattenValues, RouterHost, statementDoc, unwrap } from "../router-host.js";
import type { RouterNode } from "../router-graph.js";
import { propertyOf } from "../shared.js";
import { AUTOLOAD_PACKAGES, autoloadPlugins, pluginPrefix, staticFolder } from "./autoload.js";

export const FASTIFY_METHODS = new Set(["get", "post", "put", "patch", "delete", "head", "options", "all"]);
/** Hooks that run before the handler: a permission check there gates the route. */
const GATE_HOOKS = new Set(["onRequest", "preParsing", "preValidation", "preHandler"]);

/**
 * Fastify inside the evaluator: `Fastify()` is the root context; `register(plugin, { prefix })` runs the
 * plugin with a child context (encapsulation) under the prefix; route shorthands and `route({...})` add
 * routes; gate hooks (`preHandler`, `onRequest`, ...) in route options or `addHook` add checks — a
 * context's hooks apply to all its routes and its children's, whatever the order, as Fastify applies
 * them when it is ready. Route `config.permission(s)` are keys too.
 */
export class FastifyHost extends RouterHost {
  /**
   * Plugins wrapped with fastify-plugin (`fp(async (app) => ...)`): they skip encapsulation, so what they
   * register and the hooks they add belong to the context that registers them.
   */
  private readonly skipOverride = new Set<ts.Node>();

  callExternal(callee: ExternalValue, call: CallContext): Value | undefined {
    if (callee.module === "fastify-plugin" && call.args[0]) {
      const plugin = this.interpreter.evaluate(call.args[0], call.scope);
      if (plugin.kind === "function") this.skipOverride.add(plugin.decl);
      return plugin;
    }
    if (callee.module !== "fastify") return undefined;
    const name = callee.path[callee.path.length - 1];
    if (callee.path.length === 0 || name === "default" || name === "fastify" || name === "Fastify")
      return this.create("app", call.node).value;
    return undefined;
  }

  callMethod(receiver: HostValue, method: string, call: CallContext): Value {
    const target = this.routerCall(receiver, call);
    if (!target) return receiver;
    const { router: context, node } = target;
    if (FASTIFY_METHODS.has(method)) {
      this.visited.add(node);
      const paths = this.paths(call.args[0], call, "route path");
      const rest = call.args.slice(1);
      let options = rest.length > 1 && rest[0] ? this.interpreter.evaluate(rest[0], call.scope) : undefined;
      let handlerArgs = rest.length > 1 ? rest.slice(1) : rest;
      // `get(url, { preHandler, schema, handler })`: Fastify takes the handler from the options when no third
      // argument is given, so the one argument is the options (their hooks and schema), not the handler.
      if (rest.length === 1 && rest[0]) {
        const only = this.interpreter.evaluate(rest[0], call.scope);
        if (only.kind === "object") {
          options = only;
          const handler = handlerProperty(rest[0]);
          handlerArgs = handler ? [handler] : [];
        }
      }
      if (paths)
        this.addRoute(
          context,
          method,
          paths,
          handlerArgs,
          call,
          statementDoc(node),
          options?.kind === "object" ? this.optionChecks(options, node) : [],
          schemaDoc(options, node),
        );
      return receiver;
    }
    if (method === "route") {
      this.visited.add(node);
      const options = call.args[0] ? this.interpreter.evaluate(call.args[0], call.scope) : undefined;
      if (options?.kind !== "object") {
        this.paths(call.args[0], call, "route options");
        return receiver;
      }
      const methods = stringsOf(options.props.get("method") ?? { kind: "undefined" });
      const url = options.props.get("url") ?? options.props.get("path");
      // `path: options.prefix + "users"`: what follows a leading part apidex cannot read, relative to it.
      const written = unwrap(call.args[0]!);
      const urlNode = ts.isObjectLiteralExpression(written) ? (propertyOf(written, "url") ?? propertyOf(written, "path")) : undefined;
      const paths = url ? (stringsOf(url) ?? (urlNode ? this.relativeRoutePaths(urlNode, call) : undefined)) : undefined;
      if (!methods || !paths) {
        // Name what could not be read, as written: `method: HttpMethod.Post` of a package that is not
        // installed reads as nothing, and "the method or url" would send the reader to the wrong one.
        const methodNode = ts.isObjectLiteralExpression(written) ? propertyOf(written, "method") : undefined;
        const shown = (what: string, at: ts.Expression | undefined) => (at ? `the ${what} (\`${excerpt(at)}\`)` : `the ${what}`);
        const unread = [!methods ? shown("method", methodNode) : undefined, !paths ? shown("url", urlNode) : undefined]
          .filter(Boolean)
          .join(" and ");
        this.diagnostics.warning(
          "APX201",
          `Cannot resolve ${unread} of this route() statically; the route is left out.`,
          siteOf(node),
          "Give `method` and `url` as string literals or consts (an enum member is read when its declaration is in the tree or installed).",
        );
        return receiver;
      }
      const handlerNode = handlerProperty(call.args[0]!);
      for (const m of methods)
        this.addRoute(
          context,
          m.toLowerCase(),
          paths,
          handlerNode ? [handlerNode] : [],
          call,
          statementDoc(node),
          this.optionChecks(options, node),
          schemaDoc(options, node),
        );
      return receiver;
    }
    if (method === "register") {
      this.visited.add(node);
      let plugin = call.args[0] ? this.interpreter.evaluate(call.args[0], call.scope) : undefined;
      // `register(import("./routes/items"))`: Fastify awaits the module and takes its default export.
      if (plugin?.kind === "namespace") plugin = this.interpreter.exportOf(this.interpreter.module(plugin.file), "default", call.args[0]!);
      const options = call.args[1] ? this.interpreter.evaluate(call.args[1], call.scope) : undefined;
      if (plugin?.kind === "external" && AUTOLOAD_PACKAGES.has(plugin.module)) {
        this.autoload(context, receiver, node, call, options);
        return receiver;
      }
      const fn = plugin ? pluginFunction(plugin) : undefined;
      if (!fn) return receiver; // a plugin from a package (cors, helmet, ...): no routes of the service's own
      // A fastify-plugin-wrapped plugin runs in the registering context: Fastify ignores its `prefix`.
      if (this.skipOverride.has(fn.decl)) {
        this.interpreter.callFunction(fn, [receiver, options ?? { kind: "object", props: new Map() }], node);
        return receiver;
      }
      let prefix = "/";
      let prefixUnknown = false;
      if (options?.kind === "object" && options.props.has("prefix")) {
        const strings = stringsOf(options.props.get("prefix")!);
        if (strings?.length === 1) prefix = strings[0]!;
        else {
          // A prefix read at start-up (`register(routes, { prefix: config.apiPrefix })`): what the plugin
          // registers is indexed relative to it, marked, as under an Express mount prefix apidex cannot read.
          prefixUnknown = true;
          this.diagnostics.warning(
            "APX201",
            `Cannot resolve this plugin's prefix statically: ${explain(options.props.get("prefix")!)}; the routes it registers are indexed relative to it, marked \`unresolved: ["path"]\` (their served paths start with that prefix).`,
            siteOf(call.args[1]!),
            "Use a string literal or a const; or set the variables it reads in the config's `env`.",
          );
        }
      } else if (options && options.kind !== "object" && options.kind !== "undefined") {
        // Options apidex cannot read at all (`register(plugin, await getConfig())`) may hold a prefix.
        prefixUnknown = true;
        this.diagnostics.warning(
          "APX201",
          `Cannot read this plugin's options statically (\`${excerpt(call.args[1]!)}\` ${explain(options)}): they may give a prefix, so the routes it registers are indexed relative to it, marked \`unresolved: ["path"]\`.`,
          siteOf(call.args[1]!),
          "Pass an object literal with a literal `prefix`, or set the variables it reads in the config's `env`.",
        );
      }
      const child = this.create("router", node);
      child.router.mounted = true;
      context.stack.push({
        type: "mount",
        paths: [prefix],
        router: child.router,
        site: siteOf(node),
        ...this.conditional(),
        ...(prefixUnknown ? { prefixUnknown: true as const } : {}),
      });
      this.interpreter.callFunction(fn, [child.value, options ?? { kind: "object", props: new Map() }], node);
      return receiver;
    }
    if (method === "addHook") {
      this.visited.add(node);
      const hook = call.args[0] ? stringsOf(this.interpreter.evaluate(call.args[0], call.scope)) : undefined;
      if (hook?.length === 1 && GATE_HOOKS.has(hook[0]!) && call.args[1]) {
        const checks = this.middlewareChecks(this.interpreter.evaluate(call.args[1], call.scope));
        // Context hooks apply to every route of the context, registered before or after.
        if (checks.length) context.stack.unshift({ type: "middleware", paths: ["/"], end: false, checks, site: siteOf(node) });
      }
      return receiver;
    }
    return receiver;
  }

  /**
   * `register(AutoLoad, { dir: join(__dirname, "routes"), options: { prefix: "/api" } })`: every plugin
   * below the folder, each in a context of its own under the prefix its folders (or its `autoPrefix` /
   * `prefixOverride` export) give it, with its folder's `autohooks` plugin run in that context first.
   */
  private autoload(context: RouterNode, receiver: HostValue, node: ts.CallExpression, call: CallContext, options: Value | undefined): void {
    const literal = call.args[1] ? unwrap(call.args[1]) : undefined;
    const written = (name: string) => (literal && ts.isObjectLiteralExpression(literal) ? propertyOf(literal, name) : undefined);
    const dirNode = written("dir");
    const dir = dirNode ? staticFolder(dirNode, node.getSourceFile()) : undefined;
    if (!dir) {
      this.diagnostics.warning(
        "APX201",
        `Cannot resolve the folder @fastify/autoload loads plugins from${dirNode ? ` (\`${dirNode.getText()}\`)` : ""}; what it registers is left out.`,
        siteOf(dirNode ?? node),
        'Write `dir` in the register call as `join(__dirname, "routes")`, `join(import.meta.dirname, "routes")` or `fileURLToPath(new URL("./routes", import.meta.url))`.',
      );
      return;
    }
    const props = options?.kind === "object" ? options.props : new Map<string, Value>();
    const flag = (name: string, fallback: boolean): boolean => {
      const value = props.get(name);
      if (!value || value.kind === "undefined") return fallback;
      if (value.kind === "boolean") return value.value;
      this.diagnostics.warning(
        "APX201",
        `The @fastify/autoload option \`${name}\` is not a boolean apidex can read; its default (${fallback}) is assumed, so the prefixes it gives may differ.`,
        siteOf(written(name) ?? node),
        `Give \`${name}\` as true or false.`,
      );
      return fallback;
    };
    let ignorePattern: RegExp | undefined;
    const ignoreNode = written("ignorePattern");
    if (ignoreNode && ts.isRegularExpressionLiteral(ignoreNode)) {
      const m = /^\/(.*)\/([a-z]*)$/s.exec(ignoreNode.text);
      if (m) ignorePattern = new RegExp(m[1]!, m[2]!.replace(/[gy]/g, ""));
    }
    const unread = ["ignorePattern", "matchFilter", "ignoreFilter", "indexPattern"].filter(
      (name) => props.has(name) && !(name === "ignorePattern" && ignorePattern),
    );
    if (unread.length)
      this.diagnostics.warning(
        "APX201",
        `The @fastify/autoload option${unread.length > 1 ? "s" : ""} ${unread.map((n) => `\`${n}\``).join(", ")} cannot be applied statically (an \`ignorePattern\` written as a regular expression literal can): the files ${unread.length > 1 ? "they" : "it"} would leave out are loaded.`,
        siteOf(node),
        "Use an `ignorePattern` regular expression literal, or check the listed routes.",
      );
    const pluginOptions = props.get("options");
    const basePrefix = pluginOptions?.kind === "object" ? stringsOf(pluginOptions.props.get("prefix") ?? { kind: "undefined" }) : undefined;
    const routeParams = flag("routeParams", false);
    const plugins = autoloadPlugins(dir, this.interpreter.sources.listedUnder(dir), {
      dirNameRoutePrefix: flag("dirNameRoutePrefix", true),
      ...(ignorePattern ? { ignorePattern } : {}),
      autoHooks: flag("autoHooks", false),
      cascadeHooks: flag("cascadeHooks", false),
    });
    const given = pluginOptions ?? { kind: "object" as const, props: new Map<string, Value>() };
    for (const plugin of plugins) {
      const file = this.interpreter.sources.getFile(plugin.file);
      if (!file) continue;
      const instance = this.interpreter.module(file);
      const fn = pluginFunction(this.interpreter.exportOf(instance, "default", file));
      if (!fn) continue; // not a plugin (a helper, a schema module): autoload skips it too
      const exported = (name: string) => {
        // An ES export, or a member of `module.exports` (`module.exports.autoPrefix = "/x"`).
        const has = instance.exports.has(name) || instance.exports.has("\0module.exports");
        const value = has ? this.interpreter.exportOf(instance, name, file) : undefined;
        return value ? stringsOf(value)?.[0] : undefined;
      };
      if (this.skipOverride.has(fn.decl)) {
        this.interpreter.callFunction(fn, [receiver, given], node);
        continue;
      }
      const prefix = pluginPrefix(
        basePrefix?.[0] ?? "",
        plugin.prefix,
        { autoPrefix: exported("autoPrefix"), prefixOverride: exported("prefixOverride") },
        routeParams,
      );
      const child = this.create("router", node);
      child.router.mounted = true;
      context.stack.push({ type: "mount", paths: [prefix], router: child.router, site: siteOf(node), ...this.conditional() });
      for (const hookFile of plugin.hooks) {
        const hooks = this.interpreter.sources.getFile(hookFile);
        const hookFn = hooks ? pluginFunction(this.interpreter.exportOf(this.interpreter.module(hooks), "default", hooks)) : undefined;
        if (hookFn) this.interpreter.callFunction(hookFn, [child.value, given], node);
      }
      this.interpreter.callFunction(fn, [child.value, given], node);
    }
  }

  /** Whether an app (`Fastify()`) was created. */
  hasApp(): boolean {
    return this.routers.some((r) => r.kind === "app");
  }

  /**
   * fastify-cli's `fastify start dist/app.js`: the file's default-exported plugin is the root of an app
   * that fastify-cli creates. False when the file exports no plugin function.
   */
  runRootPlugin(file: ts.SourceFile): boolean {
    const fn = pluginFunction(this.interpreter.exportOf(this.interpreter.module(file), "default", file));
    if (!fn) return false;
    const app = this.create("app", fn.decl);
    this.interpreter.callFunction(fn, [app.value, { kind: "object", props: new Map() }], fn.decl);
    return true;
  }

  /** Checks in route options: gate hooks (one or an array) and `config.permission(s)`. */
  private optionChecks(options: Extract<Value, { kind: "object" }>, node: ts.CallExpression): CheckValue[] {
    const checks: CheckValue[] = [];
    for (const hook of GATE_HOOKS) {
      const value = options.props.get(hook);
      if (value) checks.push(...this.middlewareChecks(value));
    }
    const config = options.props.get("config");
    if (config?.kind === "object") {
      for (const key of ["permission", "permissions"]) {
        const value = config.props.get(key);
        if (!value) continue;
        // `false`, `undefined` or `null` name no key at this site.
        if (value.kind === "boolean" || value.kind === "undefined" || value.kind === "null") continue;
        const keys = keysOfValue(value);
        if (keys) {
          checks.push({ kind: "check", keys, node });
          continue;
        }
        const found: string[] = [];
        const check: CheckValue = { kind: "check", keys: found, node };
        checks.push(check);
        const report = (type?: string) => {
          check.unresolved = true;
          this.diagnostics.warning(
            "APX301",
            `Cannot resolve config.${key} of this route statically${type === undefined ? "" : `; its type, \`${type}\`, is not one string literal`}; the route is marked \`unresolved\`.`,
            siteOf(node),
            "Use string literals, consts, `as const` members or string enum members.",
          );
        };
        // Written in the call itself: the type checker gets its chance, as with every other key.
        const written = configProperty(node, key);
        if (!written) {
          report();
          continue;
        }
        this.interpreter.deferKey({ arg: written, found: (k) => void (found.includes(k) || found.push(k)), unresolved: report });
      }
    }
    return checks;
  }
}

/** The route schema's `summary`, `description`, `tags`, `deprecated`, `operationId` and `hide`. */
function schemaDoc(options: Value | undefined, node: ts.CallExpression): DocComment | undefined {
  const schema = options?.kind === "object" ? options.props.get("schema") : undefined;
  return schema ? docFromFields(docFieldsOf(schema), siteOf(node), "fastify schema") : undefined;
}

function pluginFunction(value: Value): Extract<Value, { kind: "function" }> | undefined {
  for (const v of flattenValues(value)) if (v.kind === "function") return v;
  return undefined;
}

/** The `handler` property of an inline route options object, as a node (for its doc and body). */
function handlerProperty(arg: ts.Expression): ts.Expression | undefined {
  let inner = arg;
  while (ts.isParenthesizedExpression(inner) || ts.isAsExpression(inner) || ts.isSatisfiesExpression(inner)) inner = inner.expression;
  if (!ts.isObjectLiteralExpression(inner)) return undefined;
  for (const p of inner.properties) {
    if (ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === "handler") return p.initializer;
    if (ts.isShorthandPropertyAssignment(p) && p.name.text === "handler") return p.name;
    if (ts.isMethodDeclaration(p) && ts.isIdentifier(p.name) && p.name.text === "handler") return undefined;
  }
  return undefined;
}

/** The expression of `config.<key>` when the route's options are an object literal in the call itself. */
function configProperty(call: ts.CallExpression, key: string): ts.Expression | undefined {
  for (const arg of call.arguments) {
    if (!ts.isObjectLiteralExpression(arg)) continue;
    const config = propertyOf(arg, "config");
    if (config && ts.isObjectLiteralExpression(config)) return propertyOf(config, key);
  }
  return undefined;
}
