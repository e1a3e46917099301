import { ts } from "../../typescript.js";
import { type DiagnosticBag, siteOf } from "../../diagnostics/diagnostic.js";
import { explain, type Interpreter } from "../../resolve/interpreter.js";
import { type CheckValue, type FunctionValue, stringsOf, type Value } from "../../resolve/values.js";
import type { SourceSet } from "../../scan/source-set.js";
import { findProperty } from "../../resolve/syntax.js";
import { configFile, relative } from "./config-files.js";

/** An action of api/controllers: the function that answers (a controller's method, an actions2 `fn`, a function file). */
export interface SailsAction {
  fn?: FunctionValue;
  node: ts.Node;
}

/**
 * Every action of api/controllers by its identity, as Sails names them (lower case): `UserController.js`'s
 * `find` is `user/find` (`admin/UserController.js`: `admin/user/find`); a standalone action file
 * `entrance/login.js` (actions2 `{ fn }`, or a function) is `entrance/login`.
 */
export function actionTable(sources: SourceSet, interpreter: Interpreter): Map<string, SailsAction> {
  const table = new Map<string, SailsAction>();
  for (const file of sources.files) {
    const match = /(?:^|\/)api\/controllers\/(.+)\.(js|ts)$/.exec(relative(sources, file));
    if (!match) continue;
    const value = interpreter.exportValue(file.fileName, "default");
    if (!value) continue;
    const literal = interpreter.literalOf.get(value);
    const controller = /^(.*?)Controller$/.exec(match[1]!);
    if (controller) {
      if (value.kind !== "object") continue;
      for (const [name, member] of value.props) {
        if (member.kind !== "function" && member.kind !== "object") continue;
        const fn = functionOf(member);
        table.set(`${controller[1]!}/${name}`.toLowerCase(), {
          ...(fn ? { fn } : {}),
          node: (literal && findProperty(literal, name)) ?? file,
        });
      }
      continue;
    }
    const fn = functionOf(value);
    table.set(match[1]!.toLowerCase(), { ...(fn ? { fn } : {}), node: literal ?? file });
  }
  return table;
}

/** A plain action function, or an actions2 definition's `fn`. */
function functionOf(value: Value): FunctionValue | undefined {
  if (value.kind === "function") return value;
  const fn = value.kind === "object" ? value.props.get("fn") : undefined;
  // An actions2 `fn` runs with `this.req` and `this.res`: its `this` is the request's context.
  return fn?.kind === "function"
    ? { ...fn, thisValue: { kind: "runtime", what: "the action's request context (this.req, this.res)" } }
    : undefined;
}

/** config/policies.js: the policies mapped to identities and globs (`user/*`, `*`), and each policy's checks. */
export interface Policies {
  /** Pattern (`*`, `user/*`, `user/find`) to policy names; `true`: none; `false`: every request refused. */
  map: Map<string, string[] | boolean>;
  checksOf(name: string): CheckValue[];
}

export function readPolicies(sources: SourceSet, interpreter: Interpreter, diagnostics: DiagnosticBag): Policies {
  const map = new Map<string, string[] | boolean>();
  const bodies = new Map<string, FunctionValue | undefined>();
  for (const file of sources.files) {
    const match = /(?:^|\/)api\/policies\/(.+)\.(js|ts)$/.exec(relative(sources, file));
    if (!match) continue;
    const value = interpreter.exportValue(file.fileName, "default");
    bodies.set(match[1]!.toLowerCase(), value?.kind === "function" ? value : undefined);
  }
  const file = configFile(sources, "policies");
  const value = file ? interpreter.exportValue(file.fileName, "policies") : undefined;
  const literal = value ? interpreter.literalOf.get(value) : undefined;
  const put = (pattern: string, given: Value, at: ts.Node) => {
    if (given.kind === "boolean") map.set(pattern.toLowerCase(), given.value);
    else {
      const names = stringsOf(given);
      if (names) map.set(pattern.toLowerCase(), names);
      else
        diagnostics.warning(
          "APX249",
          `Cannot read the policies config/policies.js maps to \`${pattern}\`: it ${explain(given, "a policy name or a list of them")}; the actions it covers get no keys from it.`,
          siteOf(at),
          "Name the policies as strings.",
        );
    }
  };
  if (value?.kind === "object")
    for (const [key, given] of value.props) {
      const at = (literal && findProperty(literal, key)) ?? file!;
      // `UserController: { "*": "isLoggedIn", find: true }`: the controller's actions.
      const controller = /^(.*?)Controller$/.exec(key);
      if (controller && given.kind === "object") {
        for (const [action, inner] of given.props) put(`${controller[1]!}/${action}`, inner, at);
        continue;
      }
      put(key, given, at);
    }
  else if (value && file)
    diagnostics.warning(
      "APX249",
      `Cannot read config/policies.js: \`module.exports.policies\` ${explain(value, "an object")}; no route gets keys from policies.`,
      siteOf(file),
      "Export the policies as an object.",
    );
  const checksOf = (name: string): CheckValue[] => {
    const fn = bodies.get(name.toLowerCase());
    return fn ? interpreter.bodyChecks(fn) : [];
  };
  return { map, checksOf };
}

/**
 * The policies' checks that apply to an action, as Sails picks them: the most specific pattern (its identity,
 * then the longest `prefix/*`, then `*`); `true` maps none.
 */
export function policiesFor(identity: string, policies: Policies): CheckValue[] {
  let best: string[] | boolean | undefined = policies.map.get(identity);
  if (best === undefined) {
    let length = -1;
    for (const [pattern, names] of policies.map) {
      if (!pattern.endsWith("*")) continue;
      const prefix = pattern.slice(0, -1);
      if (identity.startsWith(prefix) && prefix.length > length) {
        best = names;
        length = prefix.length;
      }
    }
  }
  return Array.isArray(best) ? best.flatMap((name) => policies.checksOf(name)) : [];
}
