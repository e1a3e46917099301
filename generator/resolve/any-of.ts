import type { Value } from "./values.js";

/**
 * Whether a permission call's options object says its keys are alternatives. Authorization helpers
 * spell it a few ways — `{ type: "or" }`, `{ mode: "any" }`, `{ any: true }`, `{ requireAll: false }` —
 * so the common spellings of a boolean operator are read; anything else leaves the keys all required,
 * the stricter reading.
 *
 * @example
 * saysAnyOf(evaluate(`{ type: "or" }`)) // true
 * saysAnyOf(evaluate(`{ admin: true }`)) // false
 */
export function saysAnyOf(options: Extract<Value, { kind: "object" }>): boolean {
  for (const [name, value] of options.props) {
    const key = name.toLowerCase();
    if (OPERATOR_PROPS.has(key) && value.kind === "string" && ANY_OPERATORS.has(value.value.toLowerCase())) return true;
    if (ANY_FLAGS.has(key) && value.kind === "boolean" && value.value) return true;
    if (ALL_FLAGS.has(key) && value.kind === "boolean" && !value.value) return true;
  }
  return false;
}

/** Properties that name how several keys combine. */
const OPERATOR_PROPS = new Set(["type", "mode", "operator", "op", "logic", "match", "strategy", "condition"]);
/** Their values that mean "any one of them". */
const ANY_OPERATORS = new Set(["or", "any", "some", "oneof", "one_of", "any_of", "anyof", "||"]);
/** Flags that, when true, mean "any one of them". */
const ANY_FLAGS = new Set(["any", "some", "or", "anyof", "any_of", "oneof"]);
/** Flags that, when false, mean "not all of them" (so any one). */
const ALL_FLAGS = new Set(["all", "every", "requireall", "require_all", "and", "strict"]);
