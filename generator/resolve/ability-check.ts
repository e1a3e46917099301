/**
 * CASL's ability checks (`@casl/ability`): `ability.can(action, subject)`, `ability.cannot(action, subject)`
 * and `ForbiddenError.from(ability).throwUnlessCan(action, subject)`. A check of an action on a subject is
 * the key `subject:action`, written as permission statements are (`{ Article: ["read"] }` is `Article:read`).
 */
import { ts } from "../typescript.js";

const ABILITY_METHODS = new Set(["can", "cannot", "throwUnlessCan"]);

/** Whether a call has the shape of an ability check: one of CASL's methods, an action, a subject and perhaps a field. */
export function isAbilityCallShape(node: ts.CallExpression): boolean {
  const callee = node.expression;
  return (
    ts.isPropertyAccessExpression(callee) &&
    ABILITY_METHODS.has(callee.name.text) &&
    node.arguments.length >= 2 &&
    node.arguments.length <= 3
  );
}

/** CASL's `subject("Article", article)`: the subject type it names, as an expression. */
export function namedSubjectType(node: ts.Expression): ts.Expression | undefined {
  return ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "subject" && node.arguments[0]
    ? node.arguments[0]
    : undefined;
}

/** The key of an action on a subject type, as permission statements write it. */
export const abilityKey = (subject: string, action: string): string => `${subject}:${action}`;
