/**
 * The decorator's side of policies given as data (ability-policies.ts has the guard's): the items a
 * decorator hands to `SetMetadata(KEY, list)` — `@CheckPolicies([Action.Create, Section.Posts])` — and the
 * keys they are under the guard's reading of them, `subject:action` per item. Where no guard of the sources
 * reads them so, or its reading cannot be followed, a decorator that sets policy metadata does not vanish
 * silently: APX301, its operations marked `unresolved`.
 */
import { ts } from "../../typescript.js";
import { type DiagnosticBag, siteOf } from "../../diagnostics/diagnostic.js";
import { abilityKey } from "../../resolve/ability-check.js";
import { excerpt, explain, isFunctionLike, type Interpreter } from "../../resolve/interpreter.js";
import type { Scope } from "../../resolve/scope.js";
import { unwrapExpression } from "../../resolve/syntax.js";
import { keysOfValue, type Value } from "../../resolve/values.js";
import type { RouteCheck } from "../router-graph.js";
import type { AbilityReading, ItemPart } from "./ability-policies.js";
import { decoratorMetadataKeys, type GuardReads, type KeyedCheck, type MetadataKey, metadataKeyOf, sameKey } from "./guard-metadata.js";
import { fromNestPackage } from "./metadata-decorators.js";

/**
 * The checks a class's or method's decorators make through policy items: under each metadata key a
 * decorator sets that a guard of the sources checks as abilities (or, in sources that use CASL, that is
 * named for policies), the items it sets there. Items that are functions or instances are policies handed
 * as code, which policy-callbacks.ts reads; a decorator given only those adds nothing here.
 */
export function abilityPolicyChecks(
  node: ts.Node,
  guards: GuardReads,
  scope: Scope,
  interpreter: Interpreter,
  diagnostics: DiagnosticBag,
): (KeyedCheck & { call: ts.CallExpression })[] {
  const out: (KeyedCheck & { call: ts.CallExpression })[] = [];
  for (const decorator of (ts.canHaveDecorators(node) ? ts.getDecorators(node) : undefined) ?? []) {
    const call = decorator.expression;
    if (!ts.isCallExpression(call) || !ts.isIdentifier(call.expression)) continue;
    if (call.expression.text !== "SetMetadata" && fromNestPackage(call.expression)) continue;
    for (const key of decoratorMetadataKeys(call, scope, interpreter)) {
      const reading = guards.abilityReading(key);
      if (!reading && !(interpreter.usesCaslAbilities(call.getSourceFile().fileName) && namesPolicies(key))) continue;
      // Metadata the guards never read on this target (a class's, under `get(KEY, context.getHandler())`) is no check.
      const semantics = guards.semanticsOf(key).kind;
      if (semantics === (ts.isClassLike(node) ? "handler" : "class")) continue;
      const isKey = (arg: ts.Expression, at: Scope): boolean => {
        const written = metadataKeyOf(arg, at, interpreter);
        return written !== undefined && sameKey(written, key);
      };
      const items = metadataItems(call, isKey, scope, interpreter)?.filter(
        (i) => i.value.kind !== "function" && i.value.kind !== "instance",
      );
      if (items && !items.length) continue;
      if (reading?.kind === "parts" && items) {
        out.push({ call, key, check: itemChecks(items, reading, call, diagnostics) });
        continue;
      }
      const why =
        reading?.kind === "unreadable"
          ? reading.why
          : reading
            ? "apidex cannot read the list the decorator sets"
            : "no guard of the sources checks them as abilities (a guard of a package, or one that hands them to code apidex does not follow)";
      diagnostics.add({
        severity: "warning",
        code: "APX301",
        message: `Cannot read the policies @${excerpt(call.expression)} sets as \`${describeKey(key)}\` metadata: ${why}; the operations it guards are marked \`unresolved\`.`,
        site: siteOf(call),
        ...(reading ? { related: [{ message: "the guard reads them here", site: siteOf(reading.site) }] } : {}),
        hint: "Check each policy in the guard as `ability.can(item[0], item[1])` (or of destructured parts), directly or in a method of the guard given the item.",
      });
      out.push({ call, key, check: { keys: [], unresolved: true } });
    }
  }
  return out;
}

function describeKey(key: MetadataKey): string {
  return key.value ?? key.name ?? "?";
}

/** A metadata key named for policies or abilities (`check_policy`, `CHECK_POLICIES_KEY`, `abilities`). */
export function namesPolicies(key: { value?: string; name?: string }): boolean {
  return [key.value, key.name].some((text) => text !== undefined && /polic(?:y|ies)|abilit(?:y|ies)/i.test(text));
}

/** One item of the metadata a decorator sets, and the expression at the decorator that gives it. */
export interface MetadataItem {
  value: Value;
  site: ts.Expression;
}

/**
 * The check a decorator's policy items make under a guard's ability reading: the key `subject:action` of
 * each item (all of them: how the route's items combine is the guard reads' doing, `GuardReads.routeChecks`).
 * An item whose action or subject apidex cannot read is a warning (APX301) and marks the check unresolved.
 */
export function itemChecks(
  items: readonly MetadataItem[],
  reading: Extract<AbilityReading, { kind: "parts" }>,
  call: ts.CallExpression,
  diagnostics: DiagnosticBag,
): RouteCheck {
  const check: RouteCheck = { keys: [] };
  for (const item of items) {
    const action = partValue(item.value, reading.action);
    const subject = partValue(item.value, reading.subject);
    const actions = action ? keysOfValue(action) : undefined;
    // A class of the sources is its name, as CASL reads a class.
    const subjects =
      subject && (keysOfValue(subject) ?? (subject.kind === "class" && subject.decl.name ? [subject.decl.name.text] : undefined));
    if (actions && subjects) {
      for (const s of subjects) for (const a of actions) check.keys.push(abilityKey(s, a));
      continue;
    }
    check.unresolved = true;
    const part = !actions ? describePart(reading.action, "action", action) : describePart(reading.subject, "subject", subject);
    diagnostics.add({
      severity: "warning",
      code: "APX301",
      message: `Cannot resolve the policy @${excerpt(call.expression)} gives its guard: \`${excerpt(item.site)}\` ${part}; the operations it guards are marked \`unresolved\`.`,
      site: siteOf(item.site),
      related: [{ message: "the guard checks the policy here", site: siteOf(reading.site) }],
      hint: "Give each policy as a literal tuple of an action and a subject (string literals, consts, string enum members, a class).",
    });
  }
  return check;
}

function describePart(part: ItemPart, what: string, value: Value | undefined): string {
  const where = "index" in part ? `element ${part.index}` : `property \`${part.property}\``;
  return value ? `has an ${what} (its ${where}) that ${explain(value)}` : `has no ${where}, the ${what} its guard checks`;
}

function partValue(item: Value, part: ItemPart): Value | undefined {
  if ("index" in part) return item.kind === "array" ? item.items[part.index] : undefined;
  return item.kind === "object" ? item.props.get(part.property) : undefined;
}

/**
 * The items a decorator call hands to `SetMetadata(key, list)`: `SetMetadata(KEY, [[a, s]])` on the method,
 * or the project's decorator `(...handlers) => SetMetadata(KEY, handlers)` (its rest parameter: each argument
 * from its place on is an item), `(handlers) => SetMetadata(KEY, handlers)` (the argument is the list),
 * `(handler) => SetMetadata(KEY, [handler])`. Undefined when the list cannot be read.
 */
export function metadataItems(
  call: ts.CallExpression,
  isKey: (arg: ts.Expression, scope: Scope) => boolean,
  scope: Scope,
  interpreter: Interpreter,
): MetadataItem[] | undefined {
  const callee = call.expression;
  if (!ts.isIdentifier(callee)) return undefined;
  if (callee.text === "SetMetadata") {
    const list = call.arguments[1];
    return list && call.arguments[0] && isKey(call.arguments[0], scope) ? listItems(list, scope, interpreter) : undefined;
  }
  const fn = interpreter.evaluate(callee, scope);
  // `Reflector.createDecorator<Policy[]>()`: the decorator stores its argument.
  if (fn.kind === "runtime" && /\bReflector\.createDecorator\(\)$/.test(fn.what))
    return call.arguments[0] ? listItems(call.arguments[0], scope, interpreter) : [];
  if (fn.kind !== "function" || !fn.decl.body) return undefined;
  let handed: ts.Expression | undefined;
  const body = fn.decl.body;
  const visit = (n: ts.Node): void => {
    if (handed || (n !== body && isFunctionLike(n))) return;
    if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === "SetMetadata" && n.arguments.length >= 2) {
      if (isKey(n.arguments[0]!, fn.scope)) handed = n.arguments[1]!;
    }
    ts.forEachChild(n, visit);
  };
  visit(body);
  if (!handed) return undefined;
  const parameters = fn.decl.parameters;
  const parameterAt = (node: ts.Expression): number => {
    const written = unwrapExpression(node);
    return ts.isIdentifier(written) ? parameters.findIndex((p) => ts.isIdentifier(p.name) && p.name.text === written.text) : -1;
  };
  // The arguments a parameter takes, as items (a rest parameter: each from its place on) or as a list.
  const argumentsOf = (index: number): MetadataItem[] | undefined =>
    parameters[index]!.dotDotDotToken
      ? argumentItems(call.arguments.slice(index), scope, interpreter)
      : call.arguments[index]
        ? listItems(call.arguments[index]!, scope, interpreter)
        : [];
  const written = unwrapExpression(handed);
  const whole = parameterAt(written);
  if (whole >= 0) return argumentsOf(whole);
  if (!ts.isArrayLiteralExpression(written)) return listItems(written, fn.scope, interpreter);
  const items: MetadataItem[] = [];
  for (const element of written.elements) {
    const spread = ts.isSpreadElement(element);
    const index = parameterAt(spread ? element.expression : element);
    if (index < 0) {
      const more = spread
        ? listItems(element.expression, fn.scope, interpreter)
        : [{ value: interpreter.evaluate(element, fn.scope), site: element }];
      if (!more) return undefined;
      items.push(...more);
      continue;
    }
    // `[handler]`: the argument is one item; `[...handlers]`: the parameter's items.
    const more = spread
      ? argumentsOf(index)
      : parameters[index]!.dotDotDotToken
        ? undefined
        : argumentItems(call.arguments.slice(index, index + 1), scope, interpreter);
    if (!more) return undefined;
    items.push(...more);
  }
  return items;
}

/** Each argument an item; a spread argument's list gives its items. */
function argumentItems(args: readonly ts.Expression[], scope: Scope, interpreter: Interpreter): MetadataItem[] | undefined {
  const items: MetadataItem[] = [];
  for (const arg of args) {
    const more = ts.isSpreadElement(arg)
      ? listItems(arg.expression, scope, interpreter)
      : [{ value: interpreter.evaluate(arg, scope), site: arg }];
    if (!more) return undefined;
    items.push(...more);
  }
  return items;
}

/** A list's items, each with the expression that writes it when the list is an array literal. */
function listItems(node: ts.Expression, scope: Scope, interpreter: Interpreter): MetadataItem[] | undefined {
  const written = unwrapExpression(node);
  if (ts.isArrayLiteralExpression(written) && !written.elements.some(ts.isSpreadElement))
    return written.elements.map((element) => ({ value: interpreter.evaluate(element, scope), site: element }));
  const value = interpreter.evaluate(node, scope);
  return value.kind === "array" ? value.items.map((item) => ({ value: item, site: node })) : undefined;
}
