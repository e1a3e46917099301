import { ts } from "../../typescript.js";
import { type DiagnosticBag, siteOf } from "../../diagnostics/diagnostic.js";
import { excerpt, explain, type Interpreter } from "../../resolve/interpreter.js";
import { stringsOf, type Value } from "../../resolve/values.js";
import type { RouteFact } from "../route-fact.js";
import { checksOfFact, markFact, requirementsOf } from "../requirements.js";
import type { RouteCheck } from "../router-graph.js";
import type { FileRouteHost } from "./file-route-host.js";

/** The exports a middleware file may hold its entries in, in the order they are looked for. */
const CONFIG_EXPORTS = ["default", "config", "middlewares", "routes"];

/**
 * One entry of a middleware file (`{ matcher, method, middlewares }`), reduced to what applies checks: the
 * paths it matches (undefined: could not be read), its methods (undefined: all; null: could not be read).
 */
interface MatcherEntry {
  matches: ((path: string) => boolean) | undefined;
  methods: Set<string> | undefined | null;
  checks: RouteCheck[];
}

/**
 * The permission checks a folder's middleware file (`middlewares.ts`, Medusa's convention) applies to its
 * route files. Accepted shapes, read statically:
 *
 * ```ts
 * export default defineMiddlewares({ routes: [entry, ...] })   // or defineMiddlewares([entry, ...])
 * export const config = { routes: [entry, ...] }                 // or { routes } in a default export
 * export default [entry, ...]                                    // or `export const middlewares = [...]` / `routes`
 * // entry: { matcher: "/admin/things/:id", method: "POST" | ["POST", "PUT"], middlewares: [requirePermission("things.write")] }
 * ```
 *
 * Entries whose middlewares check nothing are ignored. An entry that checks something but whose matcher or
 * method cannot be read, or a file whose entries cannot be read, is a warning (APX232), and the routes it
 * may cover are marked `unresolved`.
 */
export class MiddlewareMatchers {
  private readonly entries: MatcherEntry[] = [];

  constructor(file: ts.SourceFile, interpreter: Interpreter, host: FileRouteHost, diagnostics: DiagnosticBag) {
    const instance = interpreter.module(file);
    const name = CONFIG_EXPORTS.find((n) => instance.exports.has(n));
    const warn = (node: ts.Node, what: string) =>
      diagnostics.warning(
        "APX232",
        `${what}; the routes it may apply to are marked \`unresolved\`.`,
        siteOf(node),
        'Write the middleware config as literal data: `{ routes: [{ matcher: "/path/:id", method: ["POST"], middlewares: [...] }] }`.',
      );
    if (!name) {
      diagnostics.warning(
        "APX232",
        "This middleware file exports no middleware config (a default export, `config`, `middlewares` or `routes`); no middleware of it is applied.",
        siteOf(file.statements[0] ?? file),
        "Export the config as Medusa does: `export default defineMiddlewares({ routes: [...] })`.",
      );
      return;
    }
    const node = exportNode(file, name) ?? file;
    const config = interpreter.exportOf(instance, name, node);
    const list = config.kind === "object" ? interpreter.property(config, "routes", node) : config;
    if (list.kind !== "array") {
      warn(node, `Cannot read the middleware config \`${excerpt(node)}\` statically: it ${explain(list)}`);
      this.entries.push({ matches: undefined, methods: null, checks: [{ keys: [], unresolved: true }] });
      return;
    }
    for (const item of list.items) {
      if (item.kind !== "object") {
        warn(node, `An entry of the middleware config cannot be read statically: it ${explain(item)}`);
        this.entries.push({ matches: undefined, methods: null, checks: [{ keys: [], unresolved: true }] });
        continue;
      }
      const checks: RouteCheck[] = host.checksOfMiddleware(item.props.get("middlewares") ?? { kind: "undefined" });
      if (!checks.length) continue;
      const site = checks.map((c) => (c as { node?: ts.Node }).node).find(Boolean) ?? node;
      const matcher = item.props.get("matcher");
      const matches =
        matcher?.kind === "string" ? compileMatcher(matcher.value, !item.props.has("method") && !item.props.has("methods")) : undefined;
      if (!matches)
        warn(
          site,
          matcher?.kind === "string"
            ? `The matcher \`${matcher.value}\` uses a pattern apidex does not read (a group or a regular expression)`
            : `The matcher of this middleware entry is not a static string: it ${matcher ? explain(matcher) : "is missing"}`,
        );
      const methods = methodsOf(item.props.get("method") ?? item.props.get("methods"));
      if (methods === null) warn(site, "The method of this middleware entry is not a static string or array of strings");
      this.entries.push({ matches, methods, checks });
    }
  }

  /** Adds to a route the checks of every entry that matches it (or marks it, for an entry that may). */
  apply(fact: RouteFact): RouteFact {
    const added: RouteCheck[] = [];
    for (const entry of this.entries) {
      const pathMatch = entry.matches ? entry.matches(fact.path) : undefined;
      const methodMatch = entry.methods === undefined ? true : entry.methods === null ? undefined : entry.methods.has(fact.method);
      if (pathMatch === false || methodMatch === false) continue;
      if (pathMatch && methodMatch) added.push(...entry.checks);
      else added.push({ keys: [], unresolved: true });
    }
    if (!added.length) return fact;
    const requirements = requirementsOf([...checksOfFact(fact), ...added]);
    fact.permissions = requirements.permissions;
    return markFact(fact, requirements);
  }
}

/** `method: "POST"` or `["POST", "PUT"]`: upper-case; undefined when absent; null when not static. */
function methodsOf(value: Value | undefined): Set<string> | undefined | null {
  if (!value || value.kind === "undefined") return undefined;
  const strings = stringsOf(value);
  return strings ? new Set(strings.map((s) => s.toUpperCase())) : null;
}

/**
 * An Express-style matcher as a test of OpenAPI paths (`/things/{id}`): `:name` (and `:name?`) match any one
 * segment, `*` anything; literals match only the same text (case-insensitive, as Express). Without a method
 * an entry is `use()`d, so it matches the path and everything below it; with one, the path alone.
 * Undefined for patterns with groups or regular expressions.
 */
export function compileMatcher(matcher: string, prefix: boolean): ((path: string) => boolean) | undefined {
  if (/[()[\]\\]/.test(matcher)) return undefined;
  let source = "";
  const body = matcher.replace(/\/+$/, "");
  for (let i = 0; i < body.length; ) {
    const param = /^\/:[A-Za-z_$][\w$]*(\?)?/.exec(body.slice(i));
    if (param) {
      source += param[1] ? "(?:/[^/]+)?" : "/[^/]+";
      i += param[0].length;
      continue;
    }
    const char = body[i]!;
    source += char === "*" ? ".*" : char.replace(/[.+?^${}|]/g, "\\$&");
    i++;
  }
  const regexp = new RegExp(`^${source}${prefix ? "(?:/.*)?" : "/?"}$`, "i");
  return (path) => regexp.test(path);
}

/** The declaration or expression an export's value comes from, for diagnostics. */
function exportNode(file: ts.SourceFile, name: string): ts.Node | undefined {
  for (const statement of file.statements) {
    if (name === "default" && ts.isExportAssignment(statement)) return statement.expression;
    if (ts.isVariableStatement(statement)) {
      for (const d of statement.declarationList.declarations)
        if (ts.isIdentifier(d.name) && d.name.text === name) return d.initializer ?? d;
    }
  }
  return undefined;
}
