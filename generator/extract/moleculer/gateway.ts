import { ts } from "../../typescript.js";
import { type DiagnosticBag, siteOf } from "../../diagnostics/diagnostic.js";
import { leadingDoc } from "../../resolve/doc-comment.js";
import { explain, type Interpreter } from "../../resolve/interpreter.js";
import { type CheckValue, type FunctionValue, stringsOf, type Value } from "../../resolve/values.js";
import type { RouteCheck, RouteLayer, RouterNode } from "../router-graph.js";
import { declarationDoc, middlewareChecksOf } from "../router-host.js";
import { actionRestString, addSlashes, aliasKey, fullPath, matchesMask, normalizePath, restAliases, trimSlashes } from "./aliases.js";
import { findProperty } from "../../resolve/syntax.js";
import { type ActionSchema, type ServiceSchema } from "./services.js";

/** What an alias calls: an action by name, functions of the sources (a handler, middleware before an action), or both. */
interface Target {
  action?: string;
  functions: FunctionValue[];
  /** Recognized checks among its middleware (`[requirePermission("x"), "users.remove"]`). */
  checks?: CheckValue[];
}

/**
 * The route graph of one API gateway (a service with moleculer-web's mixin): one app whose layers are its
 * routes' aliases, at the gateway's `settings.path` joined with each route's `path`, each with the checks of
 * the route's `authorization`/`authentication` methods, its `onBeforeCall` and `use` middleware, and those of
 * the action it calls (its handler's body) or of its function handler.
 */
export function gatewayRoutes(
  gateway: ServiceSchema,
  services: readonly ServiceSchema[],
  interpreter: Interpreter,
  diagnostics: DiagnosticBag,
  id: number,
): RouterNode {
  const app: RouterNode = { id, kind: "app", site: siteOf(gateway.node), stack: [], mounted: false };
  const actions = new Map<string, ActionSchema>();
  for (const service of services) for (const [raw, action] of service.actions) actions.set(`${service.fullName}.${raw}`, action);
  const warn = (node: ts.Node, message: string, hint: string) => diagnostics.warning("APX250", message, siteOf(node), hint);
  /** The actions no service of the sources declares, by the alias that calls them (said once per alias). */
  const unreadActions = new Map<ts.Node, string[]>();

  const settings = gateway.settings;
  const globalValue = settings.props.get("path");
  const globalAt = findProperty(gateway.node, "path") ?? gateway.node;
  let globalPath = "";
  if (globalValue && globalValue.kind !== "undefined") {
    if (globalValue.kind !== "string") {
      diagnostics.warning(
        "APX201",
        `Cannot read the API gateway's \`settings.path\`: it ${explain(globalValue)}; its routes are not indexed.`,
        siteOf(globalAt),
        "Give the path as a string literal or a const.",
      );
      return app;
    }
    globalPath = globalValue.value !== "/" ? globalValue.value : "";
  }
  const routesValue = settings.props.get("routes");
  const routesAt = findProperty(gateway.node, "routes") ?? gateway.node;
  if (!routesValue || routesValue.kind === "undefined") return app;
  if (routesValue.kind !== "array") {
    diagnostics.warning(
      "APX210",
      `Cannot read the API gateway's \`settings.routes\`: it ${explain(routesValue, "an array")}; its routes are not indexed.`,
      siteOf(routesAt),
      "Write the routes as an array of objects (or a const of one).",
    );
    return app;
  }
  const routeNodes =
    ts.isPropertyAssignment(routesAt) && ts.isArrayLiteralExpression(routesAt.initializer) ? routesAt.initializer.elements : [];
  for (const [index, route] of routesValue.items.entries()) {
    const routeAt: ts.Node = interpreter.literalOf.get(route) ?? routeNodes[index] ?? routesAt;
    if (route.kind !== "object") {
      diagnostics.warning(
        "APX210",
        `Cannot read route ${index + 1} of the API gateway: it ${explain(route, "an object")}; its aliases are not indexed.`,
        siteOf(routeAt),
        "Write the route as an object literal (or a const of one).",
      );
      continue;
    }
    const own = route.props.get("path");
    if (own && own.kind !== "string" && own.kind !== "undefined") {
      diagnostics.warning(
        "APX201",
        `Cannot read this API gateway route's \`path\`: it ${explain(own)}; its aliases are not indexed.`,
        siteOf(findProperty(routeAt, "path") ?? routeAt),
        "Give the path as a string literal or a const.",
      );
      continue;
    }
    const routePath = normalizePath(addSlashes(globalPath) + (own?.kind === "string" ? own.value : ""));
    const checks = routeChecks(route, gateway, interpreter, routeAt, warn);
    const whitelist = readWhitelist(route.props.get("whitelist"), routeAt, warn);
    const allowed = (action: string) => !whitelist || whitelist.some((mask) => matchesMask(action, mask));
    const add = (method: string, path: string, target: Target, at: ts.Node) => {
      if (target.action !== undefined && !allowed(target.action)) return; // the gateway answers 404
      const action = target.action !== undefined ? actions.get(target.action) : undefined;
      // An action no service of the sources declares (another package's, a service loaded from elsewhere): its
      // handler's checks cannot be read. The broker's own `$node.*` actions check nothing.
      const unread = target.action !== undefined && !action && !target.action.startsWith("$");
      if (unread) {
        const listed = unreadActions.get(at) ?? [];
        if (!listed.includes(target.action!)) listed.push(target.action!);
        unreadActions.set(at, listed);
      }
      const fns = [...target.functions, ...(action?.handler ? [action.handler] : [])];
      const answering = fns[fns.length - 1];
      const layer: RouteLayer = {
        type: "route",
        method: method === "*" ? "ALL" : method,
        paths: [fullPath(routePath, path)],
        checks: [
          ...checks,
          ...(target.checks ?? []),
          ...fns.flatMap((fn) => interpreter.bodyChecks(fn)),
          ...(unread ? [{ keys: [], unresolved: true }] : []),
        ],
        terminal: true,
        site: siteOf(at),
      };
      if (answering) layer.handler = answering.decl;
      // The handler's own comment, else the action's (`/** Lists the users. */ list: { handler() {...} }`).
      const doc =
        (answering && declarationDoc(answering.decl)) ?? (action && !target.functions.length ? leadingDoc(action.node) : undefined);
      if (doc) layer.doc = doc;
      app.stack.push(layer);
    };

    const aliases = route.props.get("aliases");
    const aliasesAt: ts.Node = (aliases && interpreter.literalOf.get(aliases)) ?? findProperty(routeAt, "aliases") ?? routeAt;
    if (aliases && aliases.kind !== "undefined") {
      if (aliases.kind !== "object") {
        warn(
          aliasesAt,
          `Cannot read this API gateway route's \`aliases\`: it ${explain(aliases, "an object")}; they are not indexed.`,
          "Write the aliases as an object literal.",
        );
      } else {
        if (aliases.unlisted)
          warn(
            aliasesAt,
            "This route's `aliases` hold entries apidex cannot list (a spread or a computed key it cannot read): only those it reads are indexed.",
            "Write each alias as a property with a string key.",
          );
        for (const [key, value] of aliases.props) {
          const at = findProperty(aliasesAt, key) ?? aliasesAt;
          if (key.startsWith("REST ")) {
            const target = restTarget(value);
            if (!target) {
              warn(
                at,
                `Cannot read the service of the REST alias \`${key}\`: it ${explain(value)}; its six routes are not indexed.`,
                'Give the service name as a string (`"REST posts": "posts"`).',
              );
              continue;
            }
            for (const r of restAliases(key.split(/\s+/)[1] ?? ""))
              if (target.only.includes(r.action)) add(r.method, r.path, { action: `${target.service}.${r.action}`, functions: [] }, at);
            continue;
          }
          const target = targetOf(value);
          if (!target) {
            warn(
              at,
              `Cannot read what the alias \`${key}\` calls: it ${explain(value, "an action name or a function")}; it is not indexed.`,
              'Give an action name (`"users.list"`), a function, or an array of functions and an action name.',
            );
            continue;
          }
          const { method, path } = aliasKey(key);
          add(method, path, target, at);
        }
      }
    }

    const auto = route.props.get("autoAliases");
    if (auto?.kind === "boolean" && auto.value) {
      for (const service of services) {
        if (service === gateway) continue;
        for (const basePath of basePaths(service))
          for (const action of service.actions.values()) {
            if (!action.rest || action.rest.kind === "undefined") continue;
            const visibility = action.visibility?.kind === "string" ? action.visibility.value : undefined;
            if (visibility !== undefined && visibility !== "published") continue;
            const name = `${service.fullName}.${action.rawName}`;
            const rests = action.rest.kind === "array" ? action.rest.items : [action.rest];
            for (const rest of rests) {
              if (rest.kind === "boolean") continue; // moleculer-web makes no alias of `rest: true`
              const alias = restOf(rest, action.rawName, basePath);
              if (!alias) {
                warn(
                  action.node,
                  `Cannot read the \`rest\` of the action \`${name}\`: it ${explain(rest)}; the route the gateway's \`autoAliases\` make of it is not indexed.`,
                  'Write `rest` as a string (`"GET /:id"`) or an object of strings (`{ method: "GET", path: "/:id" }`).',
                );
                continue;
              }
              add(alias.method, trimSlashes(normalizePath(alias.path)), { action: name, functions: [] }, action.node);
            }
          }
      }
    }

    // Actions are also called by name (`/api/users/list` calls `users.list`) when the policy is "all", which
    // moleculer-web chooses for a route with neither aliases nor `autoAliases`.
    const policy = route.props.get("mappingPolicy");
    const hasAliases = aliases?.kind === "object" && aliases.props.size > 0;
    const effective =
      policy?.kind === "string" ? policy.value : hasAliases || (auto?.kind === "boolean" && auto.value) ? "restrict" : "all";
    if (policy && policy.kind !== "string" && policy.kind !== "undefined")
      warn(
        findProperty(routeAt, "mappingPolicy") ?? routeAt,
        `Cannot read this API gateway route's \`mappingPolicy\`: it ${explain(policy)}; if it is "all", its actions are also called by name, which is not indexed.`,
        'Write `mappingPolicy: "restrict"`.',
      );
    else if (effective === "all")
      warn(
        findProperty(routeAt, "mappingPolicy") ?? routeAt,
        `This API gateway route (\`${routePath}\`) calls any action by name, with every method (\`${addSlashes(routePath)}{service}/{action}\` calls \`service.action\`${whitelist ? ", among those its whitelist allows" : ""}): those operations are not indexed${policy ? "" : ' (mappingPolicy "all" is the default of a route with neither `aliases` nor `autoAliases`)'}.`,
        'Set `mappingPolicy: "restrict"` and declare the routes as `aliases` (or `autoAliases` with each action\'s `rest`).',
      );
  }
  for (const [at, names] of unreadActions)
    diagnostics.warning(
      "APX301",
      `No service of the sources declares ${names.length === 1 ? "the action" : "the actions"} ${names.map((n) => `\`${n}\``).join(", ")} this alias calls: a permission check in ${names.length === 1 ? "its handler" : "their handlers"} would be missed, so ${names.length === 1 ? "the route is" : "the routes are"} marked \`unresolved\`.`,
      siteOf(at),
      "Include the file of the service that declares the action (a service schema with `name` and `actions`), or check the keys in the route's `authorization` or `onBeforeCall`.",
    );
  return app;
}

/** The checks every alias of a route passes: `authentication`, `authorization` (the gateway's methods), `onBeforeCall`, `use`. */
function routeChecks(
  route: Extract<Value, { kind: "object" }>,
  gateway: ServiceSchema,
  interpreter: Interpreter,
  routeAt: ts.Node,
  warn: (node: ts.Node, message: string, hint: string) => void,
): RouteCheck[] {
  const checks: RouteCheck[] = [];
  for (const [option, method] of [
    ["authentication", "authenticate"],
    ["authorization", "authorize"],
  ] as const) {
    const flag = route.props.get(option);
    if (!flag || flag.kind === "undefined" || (flag.kind === "boolean" && !flag.value)) continue;
    const name = flag.kind === "string" ? flag.value : flag.kind === "boolean" ? method : undefined;
    const fn = name ? gateway.methods.get(name) : undefined;
    if (fn) checks.push(...interpreter.bodyChecks(fn));
    else if (!name || !gateway.packageMixins.every((m) => m === "moleculer-web"))
      // A method of a package mixin (or a flag apidex cannot read): its checks are not known.
      warn(
        findProperty(routeAt, option) ?? routeAt,
        `Cannot read the \`${option}\` of this API gateway route${name ? `: the gateway's \`${name}\` method is not in the sources` : ""}; its checks are not indexed.`,
        `Define the \`${name ?? method}\` method in the gateway's \`methods\`.`,
      );
  }
  const before = route.props.get("onBeforeCall");
  if (before?.kind === "function") checks.push(...interpreter.bodyChecks(before));
  const use = route.props.get("use");
  if (use) checks.push(...middlewareChecksOf(use, interpreter));
  return checks;
}

/** A route's `whitelist` as masks; undefined when there is none (every action), or when apidex cannot read it (warned). */
function readWhitelist(
  value: Value | undefined,
  routeAt: ts.Node,
  warn: (node: ts.Node, message: string, hint: string) => void,
): string[] | undefined {
  if (!value || value.kind === "undefined") return undefined;
  const masks = stringsOf(value);
  if (!masks)
    warn(
      findProperty(routeAt, "whitelist") ?? routeAt,
      "Cannot read every entry of this route's `whitelist` (a RegExp, or a value known at run time): every alias is indexed, whether the whitelist lets its action through or not.",
      'Write the whitelist as strings (`"users.*"`).',
    );
  return masks;
}

/** `"REST posts": "posts"` or `{ action: "posts", only: [...], except: [...] }`: the service and the actions it maps. */
function restTarget(value: Value): { service: string; only: string[] } | undefined {
  const all = ["list", "get", "create", "update", "patch", "remove"];
  if (value.kind === "string") return { service: value.value, only: all };
  if (value.kind !== "object") return undefined;
  const action = value.props.get("action");
  if (action?.kind !== "string") return undefined;
  const only = value.props.get("only");
  const except = value.props.get("except");
  const onlyList = only ? stringsOf(only) : undefined;
  const exceptList = except ? stringsOf(except) : undefined;
  if ((only && !onlyList) || (except && !exceptList)) return undefined;
  return { service: action.value, only: all.filter((a) => (!onlyList || onlyList.includes(a)) && !exceptList?.includes(a)) };
}

/** What an alias calls: `"users.list"` (`"multipart:files.save"`: its type before the colon), a function, an array, or `{ action, handler }`. */
function targetOf(value: Value): Target | undefined {
  const actionName = (s: string) => (s.indexOf(":") > 0 ? s.slice(s.indexOf(":") + 1) : s);
  if (value.kind === "string") return { action: actionName(value.value), functions: [] };
  if (value.kind === "function") return { functions: [value] };
  if (value.kind === "array") {
    const target: Target = { functions: [] };
    for (const item of value.items) {
      if (item.kind === "string") target.action = item.value;
      else if (item.kind === "function") target.functions.push(item);
      else if (item.kind === "check") (target.checks ??= []).push(item);
      else return undefined;
    }
    return target;
  }
  if (value.kind === "object") {
    const action = value.props.get("action");
    const handler = value.props.get("handler");
    if (action?.kind === "string") return { action: actionName(action.value), functions: [] };
    if (handler?.kind === "function") return { functions: [handler] };
  }
  return undefined;
}

/** A service's base paths for `autoAliases`: its `settings.rest` (a string or a list), else its full name with dots as slashes. */
function basePaths(service: ServiceSchema): string[] {
  const rest = service.settings.props.get("rest");
  const fallback = service.fullName.replace(/\./g, "/");
  const given =
    rest?.kind === "string"
      ? [rest.value]
      : rest?.kind === "array"
        ? rest.items.map((i) => (i.kind === "string" ? i.value : fallback))
        : [fallback];
  return given.map(addSlashes);
}

/** One `rest` entry of an action: `"GET /:id"`, `"/import"`, or `{ method, path, basePath }`. */
function restOf(rest: Value, rawName: string, basePath: string): { method: string; path: string } | undefined {
  if (rest.kind === "string") return actionRestString(rest.value, basePath);
  if (rest.kind !== "object") return undefined;
  const method = rest.props.get("method");
  const path = rest.props.get("path");
  const base = rest.props.get("basePath");
  if ((method && method.kind !== "string" && method.kind !== "undefined") || (path && path.kind !== "string" && path.kind !== "undefined"))
    return undefined;
  if (base && base.kind !== "string" && base.kind !== "undefined") return undefined;
  return {
    method: method?.kind === "string" ? method.value.toUpperCase() : "*",
    path: (base?.kind === "string" ? base.value : basePath) + (path?.kind === "string" ? path.value : rawName),
  };
}
