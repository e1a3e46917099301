import { ts } from "../typescript.js";
import { isPermissionOption } from "./permission-option.js";
import { unwrapExpression } from "./syntax.js";
import { keysOfValue, type Value } from "./values.js";

/**
 * A permission statement: an object that maps each resource to the actions a request needs on it, the
 * way access-control libraries take them (better-auth's `hasPermission({ permissions: { project:
 * ["create"] } })`, CASL-like RBAC helpers: `requirePermission({ task: ["update"] })`). Each action is
 * one key, written `resource:action`, and all of them are required: `{ project: ["create", "update"] }`
 * is `project:create` and `project:update`.
 *
 * An object is read as one when it has properties and every property holds a list: that is what such a
 * statement is (`Record<resource, action[]>`), while an options object holds flags and single values
 * (`{ type: "or" }`, `{ resource: "invoice" }`). A property named for keys (`permissions`, `scopes`) or
 * for roles is an option, never a resource: `{ scopes: ["a"] }` states the keys `a`, and roles are not
 * keys; so is one that says how keys combine (`{ anyOf: ["a", "b"] }` is no resource "anyOf").
 */
export interface Statement {
  /** `resource:action` for every action read, in the order written. */
  keys: string[];
  /**
   * Set when part of it could not be read: why, completing "the statement ..."; `item` is the action
   * that could not be read, for the caller to explain.
   */
  unreadable?: { reason: string; item?: Value };
}

/**
 * The statement `value` is, or undefined when it is no statement. `node` is the expression written at
 * the call, if any: an object literal whose resources are all computed names apidex cannot read (`{
 * [resource]: [action] }` in a function nothing binds) evaluates to an object without properties, and
 * only its syntax says it was a statement.
 */
export function readStatement(value: Value, node?: ts.Expression): Statement | undefined {
  if (value.kind !== "object") return undefined;
  const entries = [...value.props];
  const literal = node ? statementLiteral(node) : undefined;
  if (!entries.length && !(value.open && literal)) return undefined;
  if (!entries.every(([name, actions]) => actions.kind === "array" && isResourceName(name))) return undefined;
  const statement: Statement = { keys: [] };
  for (const [resource, actions] of entries) {
    if (actions.kind !== "array") continue;
    for (const item of actions.items) {
      const names = keysOfValue(item);
      if (names) statement.keys.push(...names.map((action) => `${resource}:${action}`));
      else statement.unreadable ??= { reason: `has an action on \`${resource}\``, item };
    }
  }
  // A spread or a computed resource name apidex could not read: a resource may be missing from the keys.
  if (value.open) statement.unreadable ??= { reason: "has a resource name or a spread apidex cannot read" };
  return statement;
}

/** Property names that are options of a check, not resources: the keys themselves, or roles. */
const ROLE_OPTION = /^(?:(?:required?|needed|allowed|has)[-_ ]?)?roles?$/i;

/** Property names that say how keys combine (`{ anyOf: ["a", "b"] }`, `{ all: [...] }`): no resource either. */
const COMBINATOR = /^(?:any|all|some|every|one|none)(?:[-_ ]?of)?$|^(?:or|and|not)$/i;

const isResourceName = (name: string): boolean => !isPermissionOption(name) && !ROLE_OPTION.test(name) && !COMBINATOR.test(name);

/** The object literal written at the call when it has the shape of a statement: every property a list literal. */
function statementLiteral(node: ts.Expression): ts.ObjectLiteralExpression | undefined {
  const literal = unwrapExpression(node);
  if (!ts.isObjectLiteralExpression(literal) || !literal.properties.length) return undefined;
  const shaped = literal.properties.every(
    (p) =>
      ts.isPropertyAssignment(p) &&
      ts.isArrayLiteralExpression(unwrapExpression(p.initializer)) &&
      (ts.isComputedPropertyName(p.name) || ((ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) && isResourceName(p.name.text))),
  );
  return shaped ? literal : undefined;
}
