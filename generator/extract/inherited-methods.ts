import { ts } from "../typescript.js";
import type { Interpreter } from "../resolve/interpreter.js";
import type { Scope } from "../resolve/scope.js";

/**
 * How a framework reads the methods a controller inherits, as its run time walks the prototype chain. Each
 * decorator framework keeps its route metadata differently, so which ancestor's routes a controller serves,
 * and what a redeclaration of a method does to them, differ (see each flavor's setting).
 */
export interface HeritagePolicy {
  /**
   * The ancestors whose methods count: `"all"` up the chain (NestJS, routing-controllers, Ts.ED, LoopBack), or
   * `"nearest"`: the controller's own and those of the nearest ancestor that declares a method `routed` says
   * has routes (inversify-express-utils reads its own metadata list, then `Reflect.getMetadata` on the
   * prototype, which stops at the first ancestor holding one).
   */
  ancestors: "all" | "nearest";
  /**
   * Whether a declaration hides the methods of the same name its ancestors declare (their routes are not
   * served): NestJS reads the metadata of the function the prototype chain resolves, so any redeclaration
   * does; routing-controllers and LoopBack keep an ancestor's route unless the redeclaration has routes of its
   * own; inversify-express-utils registers both.
   */
  hides(member: ts.MethodDeclaration, scope: Scope): boolean;
  /** Whether a method declares routes (for `"nearest"`; every method counts when absent). */
  routed?(member: ts.MethodDeclaration, owner: ts.ClassLikeDeclaration, scope: Scope): boolean;
}

/** A method a controller answers with: where it is declared, and the declaration whose body runs. */
export interface ControllerMethod {
  /** The declaration that carries the decorators (the controller's own, or an ancestor's). */
  member: ts.MethodDeclaration;
  /** The class that declares it. */
  owner: ts.ClassLikeDeclaration;
  /** The scope of the file it is written in. */
  scope: Scope;
  /**
   * The declaration the controller's instance calls: the most derived one of that name with a body (an
   * override without route decorators runs under the ancestor's route where the framework keeps it).
   */
  runs: { member: ts.MethodDeclaration; owner: ts.ClassLikeDeclaration; scope: Scope };
}

/** An `extends` apidex cannot follow: its clause, and the class that writes it. */
export interface UnreadableBase {
  heritage: ts.ExpressionWithTypeArguments;
  cls: ts.ClassLikeDeclaration;
}

/** NestJS's reading: every ancestor, any redeclaration hides. */
export const NEST_HERITAGE: HeritagePolicy = { ancestors: "all", hides: () => true };

/**
 * The methods (with bodies) that answer for a controller: its own, then those of the classes of the sources
 * it extends, as `policy` says the framework reads them. Each comes with the scope of the file it is written
 * in. An `extends` of a class apidex cannot read (a package's, a mixin it cannot run) ends the walk and is
 * handed to `unreadable`.
 */
export function controllerMethods(
  cls: ts.ClassLikeDeclaration,
  interpreter: Interpreter,
  policy: HeritagePolicy,
  unreadable?: (base: UnreadableBase) => void,
): ControllerMethod[] {
  const out: ControllerMethod[] = [];
  const hidden = new Set<string>();
  /** The most derived declaration with a body of each name: what the instance runs. */
  const runs = new Map<string, ControllerMethod["runs"]>();
  const visited = new Set<ts.ClassLikeDeclaration>();
  let current: ts.ClassLikeDeclaration | undefined = cls;
  let ancestorsRead = 0;
  while (current && !visited.has(current)) {
    visited.add(current);
    const scope = interpreter.module(current.getSourceFile()).scope;
    const declared: { name: string; member: ts.MethodDeclaration }[] = [];
    for (const member of current.members) if (ts.isMethodDeclaration(member)) declared.push({ name: methodKey(member), member });
    const routed = policy.routed;
    const counts =
      current === cls || policy.ancestors === "all" || ancestorsRead === 0
        ? !routed || current === cls || declared.some((d) => routed(d.member, current!, scope))
        : false;
    for (const { name, member } of declared) {
      if (!member.body) continue;
      if (!runs.has(name)) runs.set(name, { member, owner: current, scope });
      if (counts && !hidden.has(name)) out.push({ member, owner: current, scope, runs: runs.get(name)! });
    }
    // inversify-express-utils: only the nearest ancestor holding routes is read.
    if (current !== cls && counts) ancestorsRead++;
    for (const { name, member } of declared) if (policy.hides(member, scope)) hidden.add(name);
    const heritage = extendsClause(current);
    if (!heritage) break;
    const base = interpreter.evaluate(heritage.expression, scope);
    if (base.kind !== "class") {
      unreadable?.({ heritage, cls: current });
      break;
    }
    current = base.decl;
  }
  return out;
}

/** A method's name as the prototype keys it. */
export function methodKey(member: ts.MethodDeclaration): string {
  return ts.isIdentifier(member.name) || ts.isStringLiteral(member.name) ? member.name.text : member.name.getText();
}

/** The `extends` clause of a class. */
export function extendsClause(cls: ts.ClassLikeDeclaration): ts.ExpressionWithTypeArguments | undefined {
  return cls.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword)?.types[0];
}
