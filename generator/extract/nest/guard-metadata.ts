import { ts } from "../../typescript.js";
import { type DiagnosticBag, siteOf } from "../../diagnostics/diagnostic.js";
import { isPermissionMetadataKey } from "../../resolve/permission-option.js";
import { isFunctionLike, type Interpreter } from "../../resolve/interpreter.js";
import type { Scope } from "../../resolve/scope.js";
import { enclosingFunction, unwrapExpression } from "../../resolve/syntax.js";
import type { SourceSet } from "../../scan/source-set.js";
import { callsOf } from "../../scan/calls.js";
import type { RouteCheck } from "../router-graph.js";
import { fromNestPackage } from "./metadata-decorators.js";
import { type AbilityReading, abilityReadingOf } from "./ability-policies.js";
import { readValueNode } from "./metadata-read.js";

/**
 * How the project's guards combine a class's and a method's permission metadata. A decorator only stores
 * metadata; the guard that reads it through `Reflector` decides what a route checks:
 * `getAllAndOverride(KEY, [handler, class])` takes the method's when it has any (even an empty list),
 * `getAllAndMerge` (or `getAll`) both, `get(KEY, context.getHandler())` the method's only,
 * `get(KEY, context.getClass())` the class's only. The guard and the decorator share the metadata key:
 * its string value, or (a `Symbol`, a value apidex cannot read) the name of the constant holding it.
 */

/** A metadata key as written: its string value when static, and the name of the constant read for it. */
export interface MetadataKey {
  value?: string;
  name?: string;
}

export type GuardSemantics =
  /** The first target that has the metadata wins (`getAllAndOverride`): usually the method. */
  | { kind: "override"; first: "handler" | "class" }
  /** Both (`getAllAndMerge`), and the default when no guard of the sources reads the key. */
  | { kind: "merge" }
  /** Only the method's (`get(KEY, context.getHandler())`). */
  | { kind: "handler" }
  /** Only the class's (`get(KEY, context.getClass())`). */
  | { kind: "class" };

const MERGE: GuardSemantics = { kind: "merge" };

/** A permission check a decorator adds, with the metadata key its decorator sets (when apidex can tell). */
export interface KeyedCheck {
  check: RouteCheck;
  key?: MetadataKey;
}

/** A class's or method's permission decorators, and every metadata key its decorators set (permission or not). */
export interface DecoratedChecks {
  checks: KeyedCheck[];
  sets: MetadataKey[];
}

export function sameKey(a: MetadataKey, b: MetadataKey): boolean {
  if (a.value !== undefined && b.value !== undefined) return a.value === b.value;
  return a.name !== undefined && a.name === b.name;
}

/** The metadata key an expression names, in a scope. */
export function metadataKeyOf(value: ts.Expression, scope: Scope, interpreter: Interpreter): MetadataKey | undefined {
  return keyOf(value, stringValue(value, scope, interpreter));
}

/** The key an expression names: its string value, and the name of the constant it reads (`PERMISSIONS_KEY`, `Keys.PERMS`). */
function keyOf(value: ts.Expression, evaluated: string | undefined): MetadataKey | undefined {
  const written = unwrapExpression(value);
  const name = ts.isIdentifier(written) ? written.text : ts.isPropertyAccessExpression(written) ? written.name.text : undefined;
  if (evaluated === undefined && name === undefined) return undefined;
  return { ...(evaluated !== undefined ? { value: evaluated } : {}), ...(name !== undefined ? { name } : {}) };
}

function stringValue(node: ts.Expression, scope: Scope, interpreter: Interpreter): string | undefined {
  const value = interpreter.evaluate(node, scope);
  return value.kind === "string" ? value.value : undefined;
}

/**
 * The metadata keys a decorator call sets: `SetMetadata(KEY, ...)` itself, or the `SetMetadata` calls in the
 * body of the project's decorator function (`(...p) => applyDecorators(SetMetadata(KEY, p), UseGuards(G))`).
 * A key the decorator takes as a parameter is not known here and is left out (its checks then merge).
 */
export function decoratorMetadataKeys(call: ts.CallExpression, scope: Scope, interpreter: Interpreter): MetadataKey[] {
  const callee = call.expression;
  if (!ts.isIdentifier(callee)) return [];
  if (callee.text === "SetMetadata") {
    const key = call.arguments[0] ? keyOf(call.arguments[0], stringValue(call.arguments[0], scope, interpreter)) : undefined;
    return key ? [key] : [];
  }
  if (fromNestPackage(callee)) return [];
  const fn = interpreter.evaluate(callee, scope);
  // `export const Roles = Reflector.createDecorator<string[]>()`: the decorator is its own key (a guard reads
  // `reflector.get(Roles, ...)`); called without a value it stores `undefined`, which no read sees.
  if (fn.kind === "runtime" && /\bReflector\.createDecorator\(\)$/.test(fn.what))
    return call.arguments.length ? [{ name: callee.text }] : [];
  if (fn.kind !== "function" || !fn.decl.body) return [];
  const parameters = new Set(fn.decl.parameters.flatMap((p) => (ts.isIdentifier(p.name) ? [p.name.text] : [])));
  const keys: MetadataKey[] = [];
  const body = fn.decl.body;
  const visit = (n: ts.Node): void => {
    if (n !== body && isFunctionLike(n)) return;
    if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === "SetMetadata" && n.arguments[0]) {
      const arg = n.arguments[0];
      const written = unwrapExpression(arg);
      if (!(ts.isIdentifier(written) && parameters.has(written.text))) {
        const key = keyOf(arg, stringValue(arg, fn.scope, interpreter));
        if (key) keys.push(key);
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(body);
  return keys;
}

/**
 * The key of a permission decorator's check: the one key it sets, or of several
 * (`applyDecorators(SetMetadata(PERMISSIONS_KEY, p), SetMetadata(ROLES_KEY, r))`) the one that names a
 * permission; undefined when that is not one key (its check then merges, as without a guard).
 */
export function checkKey(keys: readonly MetadataKey[]): MetadataKey | undefined {
  if (keys.length === 1) return keys[0];
  const named = keys.filter(
    (k) => (k.value !== undefined && isPermissionMetadataKey(k.value)) || (k.name !== undefined && isPermissionMetadataKey(k.name)),
  );
  return named.length === 1 ? named[0] : undefined;
}

/** Every metadata key the decorators of a class or method set. */
export function metadataKeysSetOn(node: ts.Node, scope: Scope, interpreter: Interpreter): MetadataKey[] {
  const out: MetadataKey[] = [];
  for (const decorator of (ts.canHaveDecorators(node) ? ts.getDecorators(node) : undefined) ?? []) {
    if (ts.isCallExpression(decorator.expression)) out.push(...decoratorMetadataKeys(decorator.expression, scope, interpreter));
  }
  return out;
}

/** One read of metadata by a guard: which key, how, in which function. */
interface MetadataRead {
  key: MetadataKey;
  semantics: GuardSemantics;
  call: ts.CallExpression;
  /** The guard's function (`canActivate`): reads of one function are combined before guards are compared. */
  owner: ts.Node;
  /** A `get(KEY, target)`: combined with the other `get`s of its function. */
  single?: "handler" | "class";
  /** How the guard tests the keys it read: `.some(...)` (any one will do) or `.every(...)`; undefined when apidex cannot tell. */
  test?: "some" | "every";
  /** The guard checks the items it read as CASL abilities (`items.every((h) => ability.can(h[0], h[1]))`). */
  ability?: AbilityReading;
}

/** What the guards of the sources do with each metadata key they read. */
export class GuardReads {
  private readonly byKey: { key: MetadataKey; semantics: GuardSemantics; any?: true; ability?: AbilityReading }[] = [];

  constructor(reads: readonly MetadataRead[], diagnostics: DiagnosticBag) {
    // Per key (as the guards write it), per guard function: one semantics each.
    const groups: { key: MetadataKey; perOwner: Map<ts.Node, MetadataRead[]> }[] = [];
    for (const read of reads) {
      let group = groups.find((g) => sameKey(g.key, read.key));
      if (!group) groups.push((group = { key: read.key, perOwner: new Map() }));
      group.perOwner.set(read.owner, [...(group.perOwner.get(read.owner) ?? []), read]);
    }
    for (const { key, perOwner } of groups) {
      const found = [...perOwner.values()].map((ownReads) => ({ reads: ownReads, semantics: ownerSemantics(ownReads) }));
      const first = found[0]!.semantics;
      // Every guard that reads the key passes a request holding any one of its keys (`required.some(...)`): the
      // keys are alternatives. One that cannot be read so counts them all, as without a guard.
      const any = [...perOwner.values()].every((ownReads) => ownReads.every((r) => r.test === "some"));
      const ability = combinedAbility([...perOwner.values()].flat());
      if (found.every((f) => sameSemantics(f.semantics, first))) {
        this.byKey.push({ key, semantics: first, ...(any ? { any: true as const } : {}), ...(ability ? { ability } : {}) });
        continue;
      }
      // Guards that disagree: a route may pass through any of them, so each key any of them checks counts.
      this.byKey.push({ key, semantics: MERGE, ...(ability ? { ability } : {}) });
      const sites = found.map((f) => f.reads[0]!.call);
      diagnostics.add({
        severity: "warning",
        code: "APX302",
        message: `Guards read the permission metadata \`${key.value ?? key.name}\` differently (${[...new Set(found.map((f) => describe(f.semantics)))].join(", ")}); a route's class and method permission decorators are both counted (the union).`,
        site: siteOf(sites[0]!),
        related: sites.slice(1).map((call) => ({
          message: `also read here (${describe(found.find((f) => f.reads[0]!.call === call)!.semantics)})`,
          site: siteOf(call),
        })),
        hint: "Read the metadata the same way in every guard (e.g. reflector.getAllAndOverride(KEY, [context.getHandler(), context.getClass()])), or use a different key for each.",
      });
    }
  }

  /** How the guards check the items of this key's metadata as CASL abilities, when they do. */
  abilityReading(key: MetadataKey): AbilityReading | undefined {
    return this.byKey.find((k) => sameKey(k.key, key))?.ability;
  }

  /** How a route's guards combine the class's and the method's metadata under this key: merge when no guard of the sources reads it. */
  semanticsOf(key: MetadataKey | undefined): GuardSemantics {
    if (!key) return MERGE;
    return this.byKey.find((k) => sameKey(k.key, key))?.semantics ?? MERGE;
  }

  /**
   * The checks a route's decorators add under these semantics: a check whose metadata the guard does not
   * read there is dropped (the class's under `handler` or a method's override, the method's under `class`).
   */
  routeChecks(cls: DecoratedChecks | undefined, method: DecoratedChecks | undefined): RouteCheck[] {
    const kept: KeyedCheck[] = [];
    const has = (on: DecoratedChecks | undefined, key: MetadataKey): boolean => !!on?.sets.some((k) => sameKey(k, key));
    for (const keyed of cls?.checks ?? []) {
      const semantics = this.semanticsOf(keyed.key);
      if (semantics.kind === "handler") continue;
      if (semantics.kind === "override" && semantics.first === "handler" && keyed.key && has(method, keyed.key)) continue;
      kept.push(keyed);
    }
    for (const keyed of method?.checks ?? []) {
      const semantics = this.semanticsOf(keyed.key);
      if (semantics.kind === "class") continue;
      if (semantics.kind === "override" && semantics.first === "class" && keyed.key && has(cls, keyed.key)) continue;
      kept.push(keyed);
    }
    // Under a key the guards test with `.some(...)`, the keys the route's decorators give it, together, are
    // one group of alternatives.
    const out: RouteCheck[] = [];
    const grouped = new Map<(typeof this.byKey)[number], RouteCheck[]>();
    for (const keyed of kept) {
      const entry = keyed.key ? this.byKey.find((k) => sameKey(k.key, keyed.key!)) : undefined;
      if (entry?.any && !keyed.check.unresolved) grouped.set(entry, [...(grouped.get(entry) ?? []), keyed.check]);
      else out.push(keyed.check);
    }
    for (const checks of grouped.values()) {
      const keys = [...new Set(checks.flatMap((c) => c.keys))];
      if (keys.length) out.push({ ...checks[0]!, keys, ...(keys.length > 1 ? { any: true } : {}) });
    }
    return out;
  }
}

/**
 * The ability reading of one key over every guard that reads it: the same parts everywhere (one item that
 * passes is enough only where every guard says so), else unreadable.
 */
function combinedAbility(reads: readonly MetadataRead[]): AbilityReading | undefined {
  const readings = reads.flatMap((r) => (r.ability ? [r.ability] : []));
  const first = readings[0];
  if (!first) return undefined;
  const unreadable = readings.find((r) => r.kind === "unreadable");
  if (unreadable) return unreadable;
  const parts = readings as Extract<AbilityReading, { kind: "parts" }>[];
  const same = (a: (typeof parts)[number]["action"], b: (typeof parts)[number]["action"]) => JSON.stringify(a) === JSON.stringify(b);
  if (!parts.every((p) => same(p.action, parts[0]!.action) && same(p.subject, parts[0]!.subject)))
    return { kind: "unreadable", site: parts[1]!.site, why: "the guards that read it check different parts of the items" };
  return { ...parts[0]!, any: parts.every((p) => p.any) };
}

function sameSemantics(a: GuardSemantics, b: GuardSemantics): boolean {
  return a.kind === b.kind && (a.kind !== "override" || b.kind !== "override" || a.first === b.first);
}

function describe(semantics: GuardSemantics): string {
  switch (semantics.kind) {
    case "override":
      return semantics.first === "handler" ? "the method's replaces the class's" : "the class's replaces the method's";
    case "merge":
      return "both";
    case "handler":
      return "the method's only";
    case "class":
      return "the class's only";
  }
}

/**
 * One guard function's reads of one key. `get(KEY, handler)` and `get(KEY, class)` in the same function are
 * one read: `handler ?? class` (or `||`) is an override, anything else is taken as the union.
 */
function ownerSemantics(reads: readonly MetadataRead[]): GuardSemantics {
  const whole = reads.filter((r) => !r.single);
  const singles = reads.filter((r) => r.single);
  const kinds: GuardSemantics[] = whole.map((r) => r.semantics);
  if (singles.length) {
    const targets = new Set(singles.map((r) => r.single!));
    if (targets.size === 1) kinds.push({ kind: [...targets][0]! });
    else kinds.push(fallbackOrder(singles) ?? MERGE);
  }
  const first = kinds[0]!;
  return kinds.every((k) => sameSemantics(k, first)) ? first : MERGE;
}

/** `get(KEY, a) ?? get(KEY, b)` (or `||`): the first target that has metadata wins. */
function fallbackOrder(singles: readonly MetadataRead[]): GuardSemantics | undefined {
  for (const read of singles) {
    let node: ts.Node = read.call;
    while (ts.isParenthesizedExpression(node.parent) || ts.isAsExpression(node.parent) || ts.isNonNullExpression(node.parent))
      node = node.parent;
    const parent = node.parent;
    if (
      ts.isBinaryExpression(parent) &&
      parent.left === node &&
      (parent.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken || parent.operatorToken.kind === ts.SyntaxKind.BarBarToken)
    ) {
      const other = singles.find((s) => s !== read && s.single !== read.single && within(s.call, parent.right));
      if (other) return { kind: "override", first: read.single! };
    }
  }
  return undefined;
}

function within(node: ts.Node, ancestor: ts.Node): boolean {
  for (let current: ts.Node | undefined = node; current; current = current.parent) if (current === ancestor) return true;
  return false;
}

const WHOLE_READS: Record<string, "override" | "merge"> = { getAllAndOverride: "override", getAllAndMerge: "merge", getAll: "merge" };
/** `reflector.get(KEY, target)`, and reflect-metadata's `Reflect.getMetadata(KEY, target)`, which it wraps. */
const SINGLE_READS = new Set(["get", "getMetadata"]);

/**
 * The guards' metadata reads in the sources: `x.getAllAndOverride(KEY, [context.getHandler(), context.getClass()])`,
 * `x.getAllAndMerge(...)`, `x.getAll(...)`, `x.get(KEY, context.getHandler())`; a target is a
 * `getHandler()`/`getClass()` call or a `const` holding one. A read whose targets are not written so (the
 * Reflector used for something else) or whose key names nothing is not one.
 */
export function findGuardReads(sources: SourceSet, interpreter: Interpreter, diagnostics: DiagnosticBag): GuardReads {
  const reads: MetadataRead[] = [];
  for (const file of sources.files) {
    if (!file.text.includes("getHandler") && !file.text.includes("getClass")) continue;
    const scope = interpreter.module(file).scope;
    for (const call of callsOf(file)) {
      if (!ts.isCallExpression(call) || !ts.isPropertyAccessExpression(call.expression) || call.arguments.length < 2) continue;
      const method = call.expression.name.text;
      const whole = WHOLE_READS[method];
      if (!whole && !SINGLE_READS.has(method)) continue;
      const owner = enclosingFunction(call) ?? file;
      const [keyArg, targetArg] = [call.arguments[0]!, call.arguments[1]!];
      let semantics: GuardSemantics;
      let single: "handler" | "class" | undefined;
      if (whole) {
        // `[context.getHandler(), context.getClass()]`, or a `const targets = [...]` of the guard.
        const written = unwrapExpression(targetArg);
        const list = ts.isIdentifier(written) ? constInitializer(written, owner) : written;
        if (!list || !ts.isArrayLiteralExpression(list)) continue;
        const targets = list.elements.map((e) => targetOf(e, owner));
        if (!targets.length || targets.some((t) => !t) || new Set(targets).size !== targets.length) continue;
        semantics = targets.length === 1 ? { kind: targets[0]! } : whole === "merge" ? MERGE : { kind: "override", first: targets[0]! };
      } else {
        single = targetOf(targetArg, owner);
        if (!single) continue;
        semantics = { kind: single };
      }
      const key = keyOf(keyArg, stringValue(keyArg, scope, interpreter));
      if (!key) continue;
      // A guard that checks the items as abilities says itself how they combine (`some` of a granted ability).
      const ability = abilityReadingOf(call, owner, interpreter);
      const test = ability?.kind === "parts" ? (ability.any ? "some" : "every") : testOf(call, owner);
      reads.push({
        key,
        semantics,
        call,
        owner,
        ...(single ? { single } : {}),
        ...(test ? { test } : {}),
        ...(ability ? { ability } : {}),
      });
    }
  }
  return new GuardReads(reads, diagnostics);
}

/**
 * How a guard tests the keys a read gives: `.some(...)` or `.every(...)` on the read itself
 * (`get(KEY, ...).some(...)`) or on the `const` it initializes (`const required = ...; return
 * required.some((p) => user.permissions.includes(p))`). Undefined when it does neither or both.
 */
function testOf(read: ts.CallExpression, owner: ts.Node): "some" | "every" | undefined {
  const node = readValueNode(read);
  const tests = new Set<string>();
  const testedOn = (access: ts.Node) =>
    ts.isPropertyAccessExpression(access.parent) &&
    ts.isCallExpression(access.parent.parent) &&
    access.parent.parent.expression === access.parent
      ? access.parent.name.text
      : undefined;
  const direct = testedOn(node);
  if (direct) tests.add(direct);
  const declaration = node.parent;
  if (ts.isVariableDeclaration(declaration) && declaration.initializer === node && ts.isIdentifier(declaration.name)) {
    const name = declaration.name.text;
    const visit = (n: ts.Node): void => {
      if (ts.isIdentifier(n) && n.text === name && n !== declaration.name) {
        const method = testedOn(n);
        if (method) tests.add(method);
      }
      ts.forEachChild(n, visit);
    };
    visit(owner);
  }
  const some = tests.has("some");
  const every = tests.has("every");
  return some && !every ? "some" : every && !some ? "every" : undefined;
}

/** `context.getHandler()` / `context.getClass()`, or a `const` of the guard's function holding one. */
function targetOf(node: ts.Expression, owner: ts.Node): "handler" | "class" | undefined {
  const inner = unwrapExpression(node);
  if (ts.isCallExpression(inner) && ts.isPropertyAccessExpression(inner.expression) && !inner.arguments.length) {
    const name = inner.expression.name.text;
    return name === "getHandler" ? "handler" : name === "getClass" ? "class" : undefined;
  }
  if (!ts.isIdentifier(inner)) return undefined;
  // Only a call can be a target (a `const` naming another `const` is not followed: no cycles to guard).
  const initializer = constInitializer(inner, owner);
  return initializer && ts.isCallExpression(initializer) ? targetOf(initializer, owner) : undefined;
}

/** The initializer of the `const` a name refers to in the guard's function (the first declared so). */
function constInitializer(name: ts.Identifier, owner: ts.Node): ts.Expression | undefined {
  let found: ts.Expression | undefined;
  const visit = (n: ts.Node): void => {
    if (found) return;
    if (
      ts.isVariableDeclaration(n) &&
      ts.isIdentifier(n.name) &&
      n.name.text === name.text &&
      n.initializer &&
      ts.isVariableDeclarationList(n.parent) &&
      n.parent.flags & ts.NodeFlags.Const
    ) {
      found = unwrapExpression(n.initializer);
      return;
    }
    ts.forEachChild(n, visit);
  };
  visit(owner);
  return found;
}
