import type { SourceSite } from "../../diagnostics/diagnostic.js";
import type { RouteCheck } from "../router-graph.js";
import type { ConfigNode } from "./config-tree.js";
import type { Variables } from "./variables.js";

/** One HTTP route a function's event declares, before its handler is read. */
export interface EventRoute {
  /** Upper-case method; `ANY` for every method (`any`, `*`). */
  method: string;
  /** The path relative to the API's base URL (stage and custom-domain base path belong to the base URL): `/users/{id}`. */
  path: string;
  /** A greedy parameter (`{proxy+}`) or the HTTP API's default route (`*`): it matches more than one segment. */
  greedy?: "parameter" | "default-route";
  /** The authorizer's scopes: any one grants (API Gateway), one check of alternatives. */
  checks: RouteCheck[];
  /** Why a part of the checks cannot be read, when one cannot. */
  unreadableKeys?: { why: string; site: SourceSite };
  site: SourceSite;
}

/** What an event says, or why its route cannot be read. */
export type EventReading = { route: EventRoute } | { problem: string; site: SourceSite } | undefined;

const REST_METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "ANY"]);

/**
 * A Serverless Framework event, if it is an HTTP one: `http` (API Gateway REST API: `{ path, method,
 * authorizer }` or the `GET /users` shorthand) or `httpApi` (API Gateway HTTP API: `{ method, path,
 * authorizer }`, `'GET /users'`, or `'*'`, its default route). An `alb` event is said (a problem). Other events
 * (queues, schedules, `websocket`) are no operation of the API and give undefined.
 */
export function readEvent(event: ConfigNode, vars: Variables): EventReading {
  const resolved = vars.resolve(event);
  if (resolved?.kind !== "map") return undefined;
  // An Application Load Balancer rule answers HTTP too, by conditions on path patterns, methods, headers and
  // query strings, which apidex does not read: said, not dropped.
  const alb = resolved.entries.get("alb");
  if (alb)
    return {
      problem: "its `alb` event (an Application Load Balancer listener rule, matched by its `conditions`) is not read",
      site: alb.site,
    };
  for (const kind of ["http", "httpApi"] as const) {
    const given = resolved.entries.get(kind);
    if (!given) continue;
    const value = vars.resolve(given)!;
    if (value.kind === "unreadable") return { problem: `its \`${kind}\` event ${value.why}`, site: value.site };
    if (value.kind === "scalar" && typeof value.value === "string") return shorthand(kind, value.value, value.site);
    if (value.kind !== "map")
      return { problem: `its \`${kind}\` event is neither a \`METHOD /path\` string nor an object`, site: value.site };
    const method = vars.get(value, "method");
    const pathNode = vars.get(value, "path");
    if (kind === "httpApi" && !method && !pathNode) return routeOf(kind, "ANY", "*", value.site, authorizerChecks(value, vars));
    for (const [name, node] of [
      ["method", method],
      ["path", pathNode],
    ] as const) {
      if (!node) return { problem: `its \`${kind}\` event has no \`${name}\``, site: value.site };
      if (node.kind === "unreadable") return { problem: `its \`${name}\` ${node.why}`, site: node.site };
      if (node.kind !== "scalar" || node.value === null || typeof node.value === "boolean")
        return { problem: `its \`${name}\` is not a string`, site: node.site };
    }
    return routeOf(
      kind,
      String((method as { value: unknown }).value),
      String((pathNode as { value: unknown }).value),
      pathNode!.site,
      authorizerChecks(value, vars),
    );
  }
  return undefined;
}

/** `GET /users/{id}`, `get users`, `'*'` (HTTP API: the default route). */
function shorthand(kind: "http" | "httpApi", text: string, site: SourceSite): EventReading {
  const trimmed = text.trim();
  if (kind === "httpApi" && trimmed === "*") return routeOf(kind, "ANY", "*", site, {});
  const match = /^(\S+)\s+(\S+)$/.exec(trimmed);
  if (!match) return { problem: `its \`${kind}\` event \`${text}\` is not \`METHOD /path\``, site };
  return routeOf(kind, match[1]!, match[2]!, site, {});
}

/**
 * An API Gateway route from its method and path as a config writes them: `kind` `http` is a REST API's (the path
 * with or without its leading `/`), `httpApi` an HTTP API's (`*` alone is its default route).
 */
export function routeOf(
  kind: "http" | "httpApi",
  rawMethod: string,
  rawPath: string,
  site: SourceSite,
  keys: { checks?: RouteCheck[]; unreadable?: { why: string; site: SourceSite } },
): EventReading {
  const upper = rawMethod.trim().toUpperCase();
  const method = upper === "*" ? "ANY" : upper;
  if (!REST_METHODS.has(method)) return { problem: `its method \`${rawMethod}\` is not one API Gateway routes`, site };
  const checks = keys.checks ?? [];
  const extra = keys.unreadable ? { unreadableKeys: keys.unreadable } : {};
  if (kind === "httpApi" && rawPath.trim() === "*")
    return { route: { method: "ANY", path: "/{proxy}", greedy: "default-route", checks, site, ...extra } };
  if (kind === "httpApi" && !rawPath.startsWith("/"))
    return { problem: `its path \`${rawPath}\` does not start with \`/\` (an HTTP API path must)`, site };
  const segments = rawPath.split("/").filter((s) => s !== "");
  let greedy = false;
  const out: string[] = [];
  for (const [index, segment] of segments.entries()) {
    const parameter = /^\{([A-Za-z0-9_.-]+)(\+)?\}$/.exec(segment);
    if (parameter) {
      // A greedy parameter matches the rest of the path; API Gateway allows it as the last segment only.
      if (parameter[2] && index !== segments.length - 1)
        return { problem: `its path \`${rawPath}\` has a greedy parameter before its last segment`, site };
      if (parameter[2]) greedy = true;
      out.push(`{${parameter[1]!}}`);
      continue;
    }
    if (/[{}]/.test(segment)) return { problem: `its path \`${rawPath}\` has a parameter that is not a whole segment`, site };
    out.push(segment);
  }
  return { route: { method, path: `/${out.join("/")}`, ...(greedy ? { greedy: "parameter" as const } : {}), checks, site, ...extra } };
}

/**
 * The keys of an event's authorizer: its `scopes` (Cognito user pool or JWT authorizers), of which API
 * Gateway lets a request through with any one in the token. An authorizer without scopes (a Lambda
 * authorizer, IAM) names no key.
 */
export function authorizerChecks(
  event: ConfigNode,
  vars: Variables,
): { checks?: RouteCheck[]; unreadable?: { why: string; site: SourceSite } } {
  const authorizer = vars.get(event, "authorizer");
  if (authorizer?.kind !== "map") return {};
  const scopes = vars.get(authorizer, "scopes");
  if (!scopes) return {};
  if (scopes.kind === "unreadable") return { unreadable: { why: `its authorizer's \`scopes\` ${scopes.why}`, site: scopes.site } };
  if (scopes.kind !== "list") return { unreadable: { why: "its authorizer's `scopes` is not a list", site: scopes.site } };
  const keys: string[] = [];
  for (const item of scopes.items) {
    const scope = vars.resolve(item)!;
    if (scope.kind === "scalar" && typeof scope.value === "string") keys.push(scope.value);
    else
      return {
        checks: keys.length ? [{ keys, any: true, unresolved: true }] : [{ keys: [], unresolved: true }],
        unreadable: { why: `a scope of its authorizer ${scope.kind === "unreadable" ? scope.why : "is not a string"}`, site: scope.site },
      };
  }
  return keys.length ? { checks: [{ keys, any: true }] } : {};
}
