/**
 * Which procedures a trpc-to-openapi handler serves, at what method and path, by the package's own rule.
 *
 * trpc-to-openapi and trpc-openapi (and, unless known otherwise, their forks published under a scope) serve
 * only the procedures whose `meta({ openapi: { method, path } })` says so, `enabled: false` keeping one off.
 *
 * `@dokploy/trpc-openapi` (the published fork, 0.0.17 to 0.0.19) serves every procedure by default, as its
 * README says ("We make .meta optional for all procedures"; `override` and `additional` flags) and its
 * `forEachOpenApiProcedure` (src/utils/procedure.ts) does: a query at `GET /{dotted.key}`, a mutation at
 * `POST /{dotted.key}`, a subscription not at all (the node handler's procedure cache skips it); a meta
 * `openapi` with `enabled: false` keeps a procedure off; with `override: true` its own method and path are
 * the whole of it; with `additional: true` they replace the defaults they give. A meta that gives a method
 * or path without either flag is where the versions differ (0.0.17 and 0.0.18 keep the defaults, 0.0.19 takes
 * the meta's), so that procedure is reported rather than placed by one version's rule.
 */
import type { Value } from "../../resolve/values.js";
import type { Procedure } from "./trpc-host.js";

/** The packages whose handlers serve every procedure unless its meta says otherwise. */
export const SERVES_EVERY_PROCEDURE = new Set(["@dokploy/trpc-openapi"]);

type ObjectValue = Extract<Value, { kind: "object" }>;

/** A REST operation of a procedure, with the meta object that documents it (if any). */
export interface OpenApiOperation {
  method: string;
  /** The path under the handler's endpoint, `{param}` style. */
  path: string;
  openapi: ObjectValue | undefined;
}

/** Why a procedure's REST operation is not indexed although the handler may serve it. */
export type Unread = { unread: string };

/** The last `openapi` object of a procedure's meta (tRPC merges `.meta()` calls, later keys replacing earlier). */
export function openApiMeta(procedure: Procedure): ObjectValue | undefined {
  let found: ObjectValue | undefined;
  for (const meta of procedure.meta) {
    const openapi = meta.kind === "object" ? meta.props.get("openapi") : undefined;
    if (openapi?.kind === "object") found = openapi;
  }
  return found;
}

function disabled(openapi: ObjectValue | undefined): boolean {
  const enabled = openapi?.props.get("enabled");
  return enabled?.kind === "boolean" && !enabled.value;
}

function flag(openapi: ObjectValue, name: string): boolean | "unread" {
  const value = openapi.props.get(name);
  if (!value || value.kind === "undefined") return false;
  return value.kind === "boolean" ? value.value : "unread";
}

const asPath = (raw: string) => raw.replace(/:(\w+)/g, "{$1}");

/**
 * trpc-to-openapi's rule: the procedure's `meta.openapi` method and path; undefined for a procedure without
 * one (the REST handler does not serve it).
 */
export function metaOperation(procedure: Procedure): OpenApiOperation | Unread | undefined {
  const openapi = openApiMeta(procedure);
  // `enabled: false` keeps a procedure out of the REST handler (trpc-to-openapi serves `enabled !== false`).
  if (!openapi || disabled(openapi)) return undefined;
  const method = openapi.props.get("method");
  const own = openapi.props.get("path");
  if (method?.kind !== "string" || own?.kind !== "string")
    return { unread: "Cannot read the method or path of this procedure's `meta({ openapi })` statically" };
  return { method: method.value.toUpperCase(), path: asPath(own.value), openapi };
}

/** `@dokploy/trpc-openapi`'s rule (see the module comment). */
export function everyProcedureOperation(key: string, procedure: Procedure): OpenApiOperation | Unread | undefined {
  if (procedure.kind === "subscription") return undefined;
  const openapi = openApiMeta(procedure);
  if (disabled(openapi)) return undefined;
  const defaults = { method: procedure.kind === "query" ? "GET" : "POST", path: `/${key}` };
  if (!openapi) return { ...defaults, openapi };
  const override = flag(openapi, "override");
  const additional = flag(openapi, "additional");
  if (override === "unread" || additional === "unread")
    return { unread: "Cannot read this procedure's `meta({ openapi })` flags `override` / `additional` statically" };
  const method = openapi.props.get("method");
  const own = openapi.props.get("path");
  const given = (v: Value | undefined) => v !== undefined && v.kind !== "undefined";
  if (override || additional) {
    // `override`: the meta is the whole of it; `additional`: what the meta gives replaces the default.
    const m = given(method) ? method : override ? undefined : { kind: "string" as const, value: defaults.method };
    const p = given(own) ? own : override ? undefined : { kind: "string" as const, value: defaults.path };
    if (m?.kind !== "string" || p?.kind !== "string")
      return { unread: "Cannot read the method or path of this procedure's `meta({ openapi })` statically" };
    return { method: m.value.toUpperCase(), path: asPath(p.value), openapi };
  }
  const differs =
    (given(method) && !(method?.kind === "string" && method.value.toUpperCase() === defaults.method)) ||
    (given(own) && !(own?.kind === "string" && own.value === defaults.path));
  if (differs)
    return {
      unread:
        "This procedure's `meta({ openapi })` gives a method or path without `override` or `additional`: @dokploy/trpc-openapi 0.0.17 and 0.0.18 serve it at the default (`" +
        `${defaults.method} ${defaults.path}` +
        "`), 0.0.19 at the meta's, so where it is served depends on the version installed",
    };
  return { ...defaults, openapi };
}
