/**
 * Confidence (`confidence`, `@hapipal/confidence`), the configuration store hapi services compose their
 * server from (`new Confidence.Store(manifest).get("/", criteria)` handed to `Glue.compose`): a document whose
 * `$filter` nodes pick a branch by a criterion (`{ $filter: "env", production: false, $default: true }`),
 * `$env` nodes read an environment variable and `$param` nodes a criterion. apidex reads `get(key, criteria)` as
 * the store would: a filter on a criterion it knows picks its branch (`$default` where none matches, or where the
 * criterion is not given), one on a criterion only known at run time is unknown there (and only there), and
 * `$meta` is left out.
 *
 * @example
 * new Confidence.Store({ port: { $env: "PORT", $default: 8000 } }).get("/port") // 8000, as where PORT is unset
 */
import type { ts } from "../typescript.js";
import { type Value, str, unknown } from "./values.js";

/** The marker module of a store's value: its path holds the store's number (the document is kept aside). */
export const CONFIDENCE_STORE = "\0confidence-store";

/** The packages whose `Store` is Confidence's. */
export const CONFIDENCE_PACKAGES = /^(confidence|@hapipal\/confidence)$/;

/** What reading a store needs of the evaluator. */
export interface ConfidenceContext {
  /** The configured environment (config `env`); undefined where it is only known at run time. */
  env: Readonly<Record<string, string>> | undefined;
  /** Where an unknown value is said to come from. */
  node: ts.Node;
}

/** `store.get(key, criteria)`: the value at `key` (`/`, `/server/port`) with its directives resolved. */
export function confidenceGet(document: Value, key: Value | undefined, criteria: Value | undefined, context: ConfidenceContext): Value {
  if (key?.kind !== "string") return unknown(context.node, "reads a Confidence store at a key only known at run time");
  let node: Value = document;
  for (const part of key.value.split("/").filter(Boolean)) {
    // A filter on the way to the key is resolved first (`/server/port` below `server: { $filter: ... }`).
    const resolved = resolveDirectives(node, criteria, context, false);
    if (resolved.kind !== "object") return resolved.kind === "unknown" ? resolved : { kind: "undefined" };
    node = resolved.props.get(part) ?? { kind: "undefined" };
  }
  return resolveDirectives(node, criteria, context, true);
}

/** A node with its directives applied; `deep` resolves its children too (the value `get` gives). */
function resolveDirectives(node: Value, criteria: Value | undefined, context: ConfidenceContext, deep: boolean): Value {
  if (node.kind === "array") return deep ? { ...node, items: node.items.map((i) => resolveDirectives(i, criteria, context, true)) } : node;
  if (node.kind !== "object") return node;
  const props = node.props;
  if (props.has("$filter")) {
    const name = props.get("$filter")!;
    const criterion = name.kind === "string" ? criterionOf(criteria, name.value) : envDirective(name, context);
    if (criterion === undefined || criterion.kind === "undefined") return branch(props.get("$default"), props, criteria, context, deep);
    if (criterion.kind !== "string")
      return unknown(
        context.node,
        `is chosen by the Confidence filter \`${name.kind === "string" ? name.value : "$env"}\`, only known at run time`,
      );
    return branch(props.get(criterion.value) ?? props.get("$default"), props, criteria, context, deep);
  }
  if (props.has("$env")) return envDirective(node, context);
  if (props.has("$param")) {
    const param = props.get("$param")!;
    const value = param.kind === "string" ? criterionOf(criteria, param.value) : undefined;
    return value === undefined || value.kind === "undefined" ? (props.get("$default") ?? { kind: "undefined" }) : value;
  }
  if (props.has("$value")) return resolveDirectives(props.get("$value")!, criteria, context, deep);
  const directive = [...props.keys()].find((k) => k.startsWith("$") && k !== "$meta" && k !== "$base");
  if (directive) return unknown(context.node, `uses the Confidence directive \`${directive}\`, which apidex does not read`);
  if (!deep) return node;
  const out = new Map<string, Value>();
  for (const [k, v] of props) if (k !== "$meta") out.set(k, resolveDirectives(v, criteria, context, true));
  return { ...node, props: out };
}

/** The branch a filter picks, merged over its `$base` (an object's keys over the base's). */
function branch(
  picked: Value | undefined,
  filter: Map<string, Value>,
  criteria: Value | undefined,
  context: ConfidenceContext,
  deep: boolean,
): Value {
  const value = resolveDirectives(picked ?? { kind: "undefined" }, criteria, context, deep);
  const base = filter.get("$base");
  if (!base) return value;
  const resolvedBase = resolveDirectives(base, criteria, context, deep);
  if (resolvedBase.kind === "object" && value.kind === "object")
    return { kind: "object", props: new Map([...resolvedBase.props, ...value.props]) };
  return value.kind === "undefined" ? resolvedBase : value;
}

/** A criterion by its dotted name (`$param: "server.port"` reads `criteria.server.port`). */
function criterionOf(criteria: Value | undefined, name: string): Value | undefined {
  let value: Value | undefined = criteria;
  for (const part of name.split(".")) {
    if (value === undefined || value.kind === "undefined") return undefined;
    if (value.kind !== "object") return value.kind === "unknown" || value.kind === "runtime" ? value : undefined;
    value = value.props.get(part);
  }
  // A variable the configured environment does not set (`{ env: process.env.NODE_ENV }` with `env: {}`): not given.
  return value?.kind === "unknown" && value.absent ? undefined : value;
}

/** `{ $env: "PORT", $default: 8000 }`: the configured value, else the default (as where it is unset), else unknown. */
function envDirective(node: Value, context: ConfidenceContext): Value {
  const name = node.kind === "object" ? node.props.get("$env") : undefined;
  if (node.kind !== "object" || name?.kind !== "string") return unknown(context.node, "reads a Confidence `$env` apidex cannot name");
  const fallback = node.props.get("$default");
  if (context.env) {
    const set = context.env[name.value];
    return set !== undefined ? str(set) : (fallback ?? { kind: "undefined" });
  }
  // The code's default for a variable the config does not set: used as where it is unset (APX219's rule).
  if (fallback?.kind === "string") return { ...fallback, env: name.value };
  return (
    fallback ??
    unknown(
      context.node,
      `reads the process environment (Confidence \`$env: ${name.value}\`), only known at run time (the config's \`env\` can set it)`,
    )
  );
}
