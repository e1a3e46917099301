import path from "node:path";
import { siteOf, type SourceSite } from "../../diagnostics/diagnostic.js";
import { type CallContext, explain } from "../../resolve/interpreter.js";
import { stringsOf, type Value } from "../../resolve/values.js";
import type { ts } from "../../typescript.js";
import type { LambdaTarget } from "./lambda-handlers.js";

/** What the SST reading needs of the CDK host: routes of an API, and the functions routes name. */
export interface SstHost {
  route(api: unknown, method: string, path: string, target: LambdaTarget | undefined, scopes: Value | undefined, call: CallContext): void;
  /** The function construct a value holds (`new Function(stack, id, { handler })`), if it is one. */
  functionOf(value: Value): LambdaTarget | undefined;
  /** A handler written as SST writes it (`"packages/functions/src/list.main"`), read from the app's folder. */
  handlerAt(handler: string, fromFile: string, site: SourceSite): LambdaTarget;
  reportRouteKey(node: ts.Node, key: string): void;
}

/** An SST v2 `Api` (or `ApiGatewayV1Api`): its routes' defaults. */
export interface SstApi {
  api: unknown;
  /** `defaults.function`: the props every route's function starts from (its `handler` is each route's own). */
  defaultScopes?: Value;
}

/**
 * SST v2's route table (`sst/constructs`): `routes: { "GET /notes": "src/list.main", "POST /notes": { function: {
 * handler }, authorizer, authorizationScopes }, "$default": ... }`, in `new Api(stack, id, { routes, defaults })` and
 * `api.addRoutes(stack, routes)`. A route's function is a handler string, function props, or a `Function` construct;
 * a route of another `type` (`url`, `alb`, `aws`, `graphql`) is answered by no function of the sources. `$default`
 * answers what no route matches (a catch-all); `ANY` every method.
 */
export function addSstRoutes(host: SstHost, api: SstApi, routes: Value | undefined, call: CallContext): void {
  if (!routes || routes.kind === "undefined") return;
  if (routes.kind !== "object") {
    host.reportRouteKey(call.node, `routes (${explain(routes, "an object")})`);
    return;
  }
  // A key computed from a value apidex cannot read (`[process.env.ROUTE]: ...`) is a route it cannot list.
  if (routes.unlisted || routes.open) host.reportRouteKey(call.node, "a computed key or spread of this route table");
  const file = call.node.getSourceFile().fileName;
  for (const [key, value] of routes.props) {
    const parsed = key === "$default" ? { method: "ANY", path: "/{proxy+}" } : /^(\w+)\s+(\/\S*)$/.exec(key.trim());
    const route = Array.isArray(parsed) ? { method: parsed[1]!.toUpperCase(), path: parsed[2]! } : parsed;
    if (!route) {
      host.reportRouteKey(call.node, key);
      continue;
    }
    const props = value.kind === "object" && (value.props.has("function") || value.props.has("type")) ? value : undefined;
    const type = props?.props.get("type");
    const other = type?.kind === "string" && type.value !== "function";
    const fn = props ? props.props.get("function") : value;
    const target = other || !fn ? undefined : functionTarget(host, fn, file, siteOf(call.node));
    const scopes = props?.props.get("authorizationScopes") ?? api.defaultScopes;
    host.route(api.api, route.method, route.path, target, scopes, call);
  }
}

/** A route's function: a handler string, function props (`{ handler }`), or a `Function` construct of the sources. */
function functionTarget(host: SstHost, fn: Value, file: string, site: SourceSite): LambdaTarget {
  const construct = host.functionOf(fn);
  if (construct) return construct;
  const handler = fn.kind === "object" ? fn.props.get("handler") : fn;
  const strings = handler ? stringsOf(handler) : undefined;
  if (strings?.length === 1) return host.handlerAt(strings[0]!, file, site);
  return { checks: [], unreadable: `its function is ${explain(fn, "a handler string")}`, site };
}

/** `"packages/functions/src/list.main"`: the module (without its ending) and the export, SST's handler form. */
export function splitHandler(handler: string): { module: string; exported: string } | undefined {
  const dot = handler.lastIndexOf(".");
  if (dot <= 0 || handler.slice(dot + 1).includes("/")) return undefined;
  return { module: handler.slice(0, dot), exported: handler.slice(dot + 1) };
}

/** Where an SST handler path is read from: the app's folder (the one with sst.config.ts). */
export function sstModuleBase(appDir: string, module: string): string {
  return path.posix.resolve(appDir, module);
}
