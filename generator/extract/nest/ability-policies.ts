/**
 * Policies a decorator gives as data and its guard checks as CASL abilities: a decorator stores a list of
 * `[action, subject]` tuples (`@CheckPolicies([Action.Create, Section.Posts])`, made by `(...h: Policy[]) =>
 * SetMetadata("check_policy", h)`), and the guard that reads the list passes each item's parts to an
 * ability check (`handlers.every((h) => ability.can(h[0], h[1]))`, `([a, s]) => ability.can(a, s)`, or a
 * helper of its class given the item: `find((h) => !this.exec(h, ability))`). The decorator carries no
 * key itself: which part is the action and which the subject is the guard's doing, so the guard's reading
 * (`AbilityReading`, found here per metadata read) maps each tuple to the key `subject:action`, as
 * `ability.can(action, subject)` is read everywhere else (resolve/ability-check.ts).
 */
import { ts } from "../../typescript.js";
import { isAbilityCallShape, namedSubjectType } from "../../resolve/ability-check.js";
import { excerpt, isFunctionLike, type Interpreter } from "../../resolve/interpreter.js";
import { enclosingFunction, unwrapExpression } from "../../resolve/syntax.js";
import { readValueNode } from "./metadata-read.js";

/** The part of a metadata item an ability check takes: an element of a tuple, or a property of an object. */
export type ItemPart = { index: number } | { property: string };

/** How a guard checks the items of the metadata it reads as abilities. */
export type AbilityReading =
  /** `ability.can(item[action], item[subject])` on each item; `any` when one item that passes is enough. */
  | { kind: "parts"; action: ItemPart; subject: ItemPart; any: boolean; site: ts.Node }
  /** An ability check on the items apidex cannot map to an action and a subject. */
  | { kind: "unreadable"; site: ts.Node; why: string };

/** Array methods that hand each item to a callback. */
const ITERATIONS = new Set(["every", "some", "find", "findIndex", "findLast", "findLastIndex", "filter", "forEach", "map"]);

/** How many calls deep a guard's helpers given the item are followed (`this.execPolicyHandler(handler, ability)`). */
const HELPER_DEPTH = 2;

/** The names a callback's item parameter binds: the whole item, or its parts (`([action, subject]) => ...`). */
interface ItemBinding {
  whole: Set<string>;
  parts: Map<string, ItemPart>;
}

/** An ability check found on an item, and whether its answer reaches the callback's result negated (undefined: not provably either). */
interface Found {
  action: ItemPart;
  subject: ItemPart;
  negated: boolean | undefined;
  call: ts.CallExpression;
}

type Scan = { found: Found[]; unreadable?: { site: ts.Node; why: string } };

/**
 * The ability reading of one guard's metadata read: the uses of the value read (on the read itself, or on
 * the variable it initializes, past `|| []`) that iterate it (`every`, `some`, `find`, ..., `for ... of`)
 * with an ability check on the item. Undefined when the guard checks no ability on the items.
 */
export function abilityReadingOf(read: ts.CallExpression, owner: ts.Node, interpreter: Interpreter): AbilityReading | undefined {
  if (!interpreter.usesCaslAbilities(read.getSourceFile().fileName)) return undefined;
  const top = readValueNode(read);
  const holders: ts.Node[] = [top];
  const declaration = top.parent;
  if (ts.isVariableDeclaration(declaration) && declaration.initializer === top && ts.isIdentifier(declaration.name)) {
    const name = declaration.name.text;
    const visit = (n: ts.Node): void => {
      if (ts.isIdentifier(n) && n.text === name && n !== declaration.name) holders.push(n);
      ts.forEachChild(n, visit);
    };
    visit(owner);
  }
  const results: { found: Found[]; method: string }[] = [];
  for (const holder of holders) {
    const iteration = iterationOver(holder, interpreter);
    if (!iteration) continue;
    const scan = scanItemChecks(iteration.body, iteration.binding, iteration.stop, 0, interpreter);
    if (scan.unreadable) return { kind: "unreadable", ...scan.unreadable };
    if (scan.found.length) results.push({ found: scan.found, method: iteration.method });
  }
  const all = results.flatMap((r) => r.found);
  if (!all.length) return undefined;
  const first = all[0]!;
  if (!all.every((f) => samePart(f.action, first.action) && samePart(f.subject, first.subject)))
    return { kind: "unreadable", site: first.call, why: "the guard checks different parts of the items in different places" };
  // One item that passes is enough only where the syntax proves it: `some` of a granted ability, `every` of a
  // refused one, in every iteration; anything else requires each (the stricter reading).
  const any = results.every((r) =>
    r.found.every((f) => (r.method === "some" && f.negated === false) || (r.method === "every" && f.negated === true)),
  );
  return { kind: "parts", action: first.action, subject: first.subject, any, site: first.call };
}

function samePart(a: ItemPart, b: ItemPart): boolean {
  return "index" in a ? "index" in b && a.index === b.index : "property" in b && a.property === b.property;
}

/** `holder.every((item) => ...)`, `holder.find(this.allowed)`, `for (const item of holder) ...`: the body that sees each item. */
function iterationOver(
  holder: ts.Node,
  interpreter: Interpreter,
): { method: string; binding: ItemBinding; body: ts.Node; stop: ts.Node } | undefined {
  const parent = holder.parent;
  if (ts.isForOfStatement(parent) && parent.expression === holder) {
    const list = parent.initializer;
    const declared = ts.isVariableDeclarationList(list) ? list.declarations[0]?.name : undefined;
    const binding = declared ? bindingOf(declared) : undefined;
    return binding ? { method: "for-of", binding, body: parent.statement, stop: parent } : undefined;
  }
  if (!ts.isPropertyAccessExpression(parent) || parent.expression !== holder || !ITERATIONS.has(parent.name.text)) return undefined;
  const call = parent.parent;
  if (!ts.isCallExpression(call) || call.expression !== parent || !call.arguments[0]) return undefined;
  const callback = functionOf(call.arguments[0], holder, interpreter);
  const parameter = callback?.parameters[0];
  const binding = parameter ? bindingOf(parameter.name) : undefined;
  if (!callback?.body || !binding) return undefined;
  return { method: parent.name.text, binding, body: callback.body, stop: callback };
}

/** A callback written there, a method of the guard's class (`this.allowed`), or a function of the sources by name. */
function functionOf(node: ts.Expression, at: ts.Node, interpreter: Interpreter): ts.FunctionLikeDeclaration | undefined {
  const written = unwrapExpression(node);
  if (ts.isArrowFunction(written) || ts.isFunctionExpression(written)) return written;
  if (ts.isPropertyAccessExpression(written) && written.expression.kind === ts.SyntaxKind.ThisKeyword) {
    const cls = enclosingClass(at);
    return cls?.members.find(
      (m): m is ts.MethodDeclaration =>
        ts.isMethodDeclaration(m) && ts.isIdentifier(m.name) && m.name.text === written.name.text && m.body !== undefined,
    );
  }
  if (ts.isIdentifier(written)) {
    const value = interpreter.evaluate(written, interpreter.module(written.getSourceFile()).scope);
    return value.kind === "function" && value.decl.body ? value.decl : undefined;
  }
  return undefined;
}

function enclosingClass(node: ts.Node): ts.ClassLikeDeclaration | undefined {
  for (let current = node.parent; current; current = current.parent) if (ts.isClassLike(current)) return current;
  return undefined;
}

/** What a parameter (or `for ... of` variable) binds: `h`, `[action, subject]`, `{ action, subject: s }`. */
function bindingOf(name: ts.BindingName): ItemBinding | undefined {
  if (ts.isIdentifier(name)) return { whole: new Set([name.text]), parts: new Map() };
  const parts = new Map<string, ItemPart>();
  if (ts.isArrayBindingPattern(name)) {
    name.elements.forEach((element, index) => {
      if (ts.isBindingElement(element) && !element.dotDotDotToken && ts.isIdentifier(element.name)) parts.set(element.name.text, { index });
    });
  } else {
    for (const element of name.elements) {
      if (element.dotDotDotToken || !ts.isIdentifier(element.name)) continue;
      const property = element.propertyName ?? element.name;
      if (ts.isIdentifier(property) || ts.isStringLiteral(property)) parts.set(element.name.text, { property: property.text });
    }
  }
  return parts.size ? { whole: new Set(), parts } : undefined;
}

/** The part of the item an expression reads: `h[0]`, `h.subject`, or a name its destructuring bound. */
function partOf(node: ts.Expression, binding: ItemBinding): ItemPart | undefined {
  const written = unwrapExpression(node);
  if (ts.isIdentifier(written)) return binding.parts.get(written.text);
  if (ts.isPropertyAccessExpression(written) && isWhole(written.expression, binding)) return { property: written.name.text };
  if (ts.isElementAccessExpression(written) && isWhole(written.expression, binding)) {
    const argument = unwrapExpression(written.argumentExpression);
    if (ts.isNumericLiteral(argument)) return { index: Number(argument.text) };
    if (ts.isStringLiteralLike(argument)) return { property: argument.text };
  }
  return undefined;
}

function isWhole(node: ts.Expression, binding: ItemBinding): boolean {
  const written = unwrapExpression(node);
  return ts.isIdentifier(written) && binding.whole.has(written.text);
}

function mentions(node: ts.Node, binding: ItemBinding): boolean {
  if (ts.isIdentifier(node) && (binding.whole.has(node.text) || binding.parts.has(node.text))) return true;
  return ts.forEachChild(node, (child) => mentions(child, binding) || undefined) ?? false;
}

/**
 * The ability checks a body makes on the item: written there, or in a helper the item is handed to (a method
 * of the guard's class, a function of the sources), `HELPER_DEPTH` calls deep. A check that takes something
 * of the item other than a part of it (`ability.can(...h)`, `ability.can(h[0], "all")`) is unreadable.
 */
function scanItemChecks(body: ts.Node, binding: ItemBinding, stop: ts.Node, depth: number, interpreter: Interpreter): Scan {
  const found: Found[] = [];
  let unreadable: Scan["unreadable"];
  const visit = (n: ts.Node): void => {
    if (unreadable) return;
    if (ts.isCallExpression(n) && isAbilityCallShape(n) && n.arguments.some((a) => mentions(a, binding))) {
      const [actionArg, subjectArg] = [n.arguments[0]!, n.arguments[1]!];
      const action = partOf(actionArg, binding);
      const subject = partOf(namedSubjectType(unwrapExpression(subjectArg)) ?? subjectArg, binding);
      if (!action || !subject || n.arguments.length > 2) {
        unreadable = { site: n, why: `the guard checks \`${excerpt(n)}\`, which is not an action and a subject read from the item` };
        return;
      }
      const method = (n.expression as ts.PropertyAccessExpression).name.text;
      // `throwUnlessCan` refuses by throwing: each item is required whatever the callback returns.
      const polarity = method === "throwUnlessCan" ? undefined : negation(n, stop);
      found.push({ action, subject, negated: polarity === undefined ? undefined : polarity !== (method === "cannot"), call: n });
      return;
    }
    if (ts.isCallExpression(n) && depth < HELPER_DEPTH) {
      const index = n.arguments.findIndex((a) => isWhole(a, binding));
      const helper = index >= 0 ? functionOf(n.expression, n, interpreter) : undefined;
      const parameter = helper?.parameters[index];
      const inner = parameter && !parameter.dotDotDotToken ? bindingOf(parameter.name) : undefined;
      if (helper?.body && inner) {
        const scan = scanItemChecks(helper.body, inner, helper, depth + 1, interpreter);
        if (scan.unreadable) {
          unreadable = scan.unreadable;
          return;
        }
        const outer = negation(n, stop);
        for (const f of scan.found)
          found.push({ ...f, negated: f.negated === undefined || outer === undefined ? undefined : f.negated !== outer });
      }
    }
    if (n !== body && isFunctionLike(n) && !ts.isArrowFunction(n) && !ts.isFunctionExpression(n)) return;
    ts.forEachChild(n, visit);
  };
  visit(body);
  return { found, ...(unreadable ? { unreadable } : {}) };
}

/**
 * Whether a check's answer is what its function returns, negated (`!ability.can(...)`) or not; undefined when
 * anything else stands between them (an `if`, `&&`, a variable): then only "each is required" can be said.
 */
function negation(node: ts.Node, stop: ts.Node): boolean | undefined {
  let negated = false;
  let current: ts.Node = node;
  for (;;) {
    const parent = current.parent;
    if (ts.isParenthesizedExpression(parent) || ts.isAwaitExpression(parent) || ts.isAsExpression(parent) || ts.isNonNullExpression(parent))
      current = parent;
    else if (ts.isPrefixUnaryExpression(parent) && parent.operator === ts.SyntaxKind.ExclamationToken) {
      negated = !negated;
      current = parent;
    } else if (parent === stop && ts.isArrowFunction(stop) && stop.body === current) return negated;
    else if (ts.isReturnStatement(parent)) return enclosingFunction(parent) === stop ? negated : undefined;
    else return undefined;
  }
}
