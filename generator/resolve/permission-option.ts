/**
 * Names that say what they hold is permission keys: `permission`, `permissions`, `scope`, `scopes`, `rights`,
 * `privilege`, `privileges`,
 * optionally after `required`, `requires`, `needed`, `needs`, `allowed` or `has` in any case or separator (`requiredPermissions`, `requires_scope`,
 * `required_scopes`, `has_permission`). An options property so named states the keys of a wrapper or
 * decorator (`{ requiredPermissions: ["links.write"] }`, `{ permission: Permission.AssetRead }`), and a
 * NestJS metadata key so named (also `perm`, `perms`) marks the decorator that sets it as a permission
 * decorator (`SetMetadata("has_permission", permission)`), whatever they are called. Roles
 * (`requiredRoles`) are not keys: a key is what an API key holds.
 */
import { ts } from "../typescript.js";

const PREFIX = "(?:(?:require[sd]?|needed|needs|allowed|has)[-_ ]?)?";
// `rights` and `privileges` are the same thing by another name (`auth(...requiredRights)`); a singular `right`
// is not (a side, a margin).
const PERMISSION_OPTION = new RegExp(`^${PREFIX}(?:permissions?|scopes?|rights|privileges?)$`, "i");
const PERMISSION_METADATA = new RegExp(`^${PREFIX}(?:permissions?|perms?|scopes?|rights|privileges?)$`, "i");

/**
 * Whether an options property's name says it holds permission keys: the names above, and a compound name
 * whose last word is one (`apiKeyPermissions`, `tokenScopes`, `requiredApiScopes`, `oauth_scopes`) — the
 * words before it say whose keys or which kind, and the keys are still what the guarded request needs.
 * Unless a word before it says the list is something else: what the caller already holds
 * (`userPermissions: req.user.permissions`, `grantedScopes`), what exists (`supportedScopes`,
 * `defaultPermissions`), keys left out or refused (`skipPermissions`, `excludedScopes`), or a flag about
 * what a response carries (`includePermissions`). A name that
 * starts by saying the keys are required (`requiredUserPermissions`) is keys whatever follows. Roles, by the
 * same rule as above, are never keys (`apiKeyRoles`), and a compound singular `scope` is not either (below).
 */
export function isPermissionOption(name: string): boolean {
  if (PERMISSION_OPTION.test(name)) return true;
  const words = wordsOf(name);
  if (words.length < 2 || !OPTION_KEY_WORDS.has(words[words.length - 1]!)) return false;
  const qualifiers = words.slice(0, -1);
  return REQUIRED_WORDS.has(qualifiers[0]!) || !qualifiers.some((w) => NOT_REQUIRED_WORDS.has(w));
}

/**
 * Whether an options property named for the keys says any one of them will do (`anyPermissions`,
 * `anyOfScopes`, `requiredAnyScopes`), as a check named so does (`requireAnyScope`).
 */
export const isAnyOfOption = (name: string): boolean => isPermissionOption(name) && wordsOf(name).includes("any");

/**
 * The last word of a compound options property named for the keys. Not a singular `scope`: after another
 * word it names a context as often as an OAuth scope (`cacheScope`, `logScope`, `sentryScope`); `perm` and
 * `perms` are read for metadata keys only.
 */
const OPTION_KEY_WORDS = new Set(["permission", "permissions", "scopes", "rights", "privilege", "privileges"]);

/** A first word that says the keys that follow are required. */
const REQUIRED_WORDS = new Set(["required", "require", "requires", "needed", "need", "needs", "must"]);

/** Words before the key word that say a set is the caller's own, compared against what is required. */
const HELD_WORDS = [
  "user",
  "users",
  "my",
  "own",
  "owned",
  "current",
  "granted",
  "grant",
  "held",
  "given",
  "assigned",
  "effective",
  "actual",
  "existing",
];

/**
 * Words before the key word that say the list is not what the request needs: the set the caller holds, the
 * set that exists, keys left out, refused or merely optional, or what a response carries. (Words of meaning,
 * not of any domain.)
 */
const NOT_REQUIRED_WORDS = new Set([
  // held: the caller's own set, compared against what is required
  ...HELD_WORDS,
  // exists: a registry of keys, not a requirement
  "all",
  "available",
  "supported",
  "known",
  "valid",
  "default",
  "defaults",
  "registered",
  // left out or refused
  "no",
  "not",
  "non",
  "without",
  "except",
  "skip",
  "skipped",
  "ignore",
  "ignored",
  "exclude",
  "excluded",
  "deny",
  "denied",
  "forbidden",
  "disallowed",
  "blocked",
  "revoked",
  "missing",
  "optional",
  // what a response carries: a flag about the keys, not keys (`includePermissions: true`)
  "include",
  "includes",
  "show",
  "load",
  "fetch",
  "expand",
  "return",
]);

/**
 * Whether a NestJS metadata key names permission keys (`permissions`, `has_permission`, `scopes`), also
 * as a constant spells it: in any case or separator, with a trailing word that says it is a key
 * (`PERMISSION_KEY`, `__permission_key__`, `scopesMetadata`). Another word in it says something else
 * (`__allow_anon_permission_key__` marks routes open to anyone, `RESOURCE_KEY` a resource).
 */
export function isPermissionMetadataKey(key: string): boolean {
  if (PERMISSION_METADATA.test(key)) return true;
  const words = wordsOf(key);
  while (words.length > 1 && METADATA_WORDS.has(words[words.length - 1]!)) words.pop();
  return PERMISSION_METADATA.test(words.join("_"));
}

/** Trailing words of a metadata key's name that say it is a key, not what it holds. */
const METADATA_WORDS = new Set(["key", "keys", "metadata", "meta"]);

/** The words of an identifier (`withRequiredScope`: with, required, scope). */
const wordsOf = (name: string): string[] =>
  name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

const KEY_WORDS = new Set(["permission", "permissions", "perm", "perms", "scope", "scopes"]);
const CHECK_WORDS = new Set([
  "require",
  "requires",
  "required",
  "check",
  "assert",
  "ensure",
  "has",
  "need",
  "needs",
  "verify",
  "guard",
  "authorize",
  "throw",
]);

/**
 * Whether a function's name says it checks permission keys or scopes: a word for the keys and a word for
 * the check (`requireScopes`, `withRequiredScope`, `checkPermission`, `hasPermissions`, `assertScope`,
 * `throwIfNoPermission`), that asks for any one of several keys (`withAnyScope`), or that asks whether
 * something is permitted (`isPermitted`). Its string arguments are then the keys, as for the configured
 * recognizers; `getPermissions`, `withScope` or `withPermission` name no check (a wrapper's arguments are
 * read as a wrapper's, and a factory's middleware for the checks in its body).
 */
export function namesPermissionCheck(name: string): boolean {
  // Asked for every call the evaluator meets: each name is split once.
  let known = checkNames.get(name);
  if (known === undefined) {
    const words = wordsOf(name);
    // `isPermitted("api:treatments:create")`, `checkPermitted(...)`: the word for being allowed is the check.
    known =
      (words.some((w) => KEY_WORDS.has(w)) && words.some((w) => CHECK_WORDS.has(w))) ||
      (words.includes("permitted") && (words[0] === "is" || CHECK_WORDS.has(words[0]!))) ||
      namesAlternatives(words);
    checkNames.set(name, known);
  }
  return known;
}

const checkNames = new Map<string, boolean>();

/** Words that say a function decides whether something is allowed, without naming the keys (`throwIfNotAllowed`). */
const ALLOW_WORDS = new Set(["allow", "allows", "allowed", "authorize", "authorized", "authorise", "authorised", "can", "access"]);

/**
 * Whether a function's name says it decides what is allowed without a word for the keys (`throwIfNotAllowed`,
 * `isAllowed`, `canAccess`, `authorize`): such a function is a check only where its parameters name a resource
 * and an action and the call gives both (the interpreter's resource/action rule); a name alone says too little.
 */
export function namesAllowDecision(name: string): boolean {
  let known = allowNames.get(name);
  if (known === undefined) {
    known = !namesPermissionCheck(name) && wordsOf(name).some((w) => ALLOW_WORDS.has(w));
    allowNames.set(name, known);
  }
  return known;
}

const allowNames = new Map<string, boolean>();

/** Words before the key word that say a set is not the caller's: one that exists, is required, or is refused. */
const NOT_HELD_WORDS = new Set([...NOT_REQUIRED_WORDS, ...REQUIRED_WORDS].filter((w) => !HELD_WORDS.includes(w)));

/**
 * Whether a call asks if the caller's keys hold one: `user.permissions.includes(key)`,
 * `ctx.scopes.has(key)`, `grantedPermissions.includes(key)` — a membership test of a set named for the keys,
 * as `hasPermission(key)` is. A set named as one that exists, is required or is refused
 * (`allPermissions.includes(input)`, `requiredScopes.includes(scope)`) is no check.
 */
export function isKeyMembership(callee: ts.Expression): boolean {
  if (!ts.isPropertyAccessExpression(callee) || (callee.name.text !== "includes" && callee.name.text !== "has")) return false;
  const receiver = callee.expression;
  // `c.get("permissions")`, `ctx.get("scopes")`: a framework context's variable, named by the string.
  const contextVariable =
    ts.isCallExpression(receiver) &&
    ts.isPropertyAccessExpression(receiver.expression) &&
    receiver.expression.name.text === "get" &&
    receiver.arguments.length === 1 &&
    ts.isStringLiteralLike(receiver.arguments[0]!)
      ? receiver.arguments[0].text
      : undefined;
  const name =
    contextVariable ??
    (ts.isIdentifier(receiver) ? receiver.text : ts.isPropertyAccessExpression(receiver) ? receiver.name.text : undefined);
  if (!name) return false;
  const words = wordsOf(name);
  return KEY_WORDS.has(words[words.length - 1]!) && !words.some((w) => NOT_HELD_WORDS.has(w)) && gates(callee.parent);
}

/**
 * Whether a membership test decides something: it is, alone or through `!`, `&&`, `||`, `??` and parentheses,
 * the condition of an `if`, a `?:` or a loop, what a function returns (a predicate such as
 * `(c) => c.get("permissions").includes("x")`) or a variable's value (tested next). One that only makes a value (`{ canBill:
 * key.permissions.includes("billing.read") }`, a row of a listing) gates nothing.
 */
function gates(call: ts.Node | undefined): boolean {
  let node = call;
  while (node?.parent) {
    const parent: ts.Node = node.parent;
    if (
      ts.isParenthesizedExpression(parent) ||
      ts.isNonNullExpression(parent) ||
      (ts.isPrefixUnaryExpression(parent) && parent.operator === ts.SyntaxKind.ExclamationToken) ||
      (ts.isBinaryExpression(parent) &&
        [ts.SyntaxKind.AmpersandAmpersandToken, ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken].includes(
          parent.operatorToken.kind,
        ))
    ) {
      node = parent;
      continue;
    }
    if (ts.isIfStatement(parent) || ts.isWhileStatement(parent) || ts.isDoStatement(parent)) return parent.expression === node;
    if (ts.isConditionalExpression(parent)) return parent.condition === node;
    if (ts.isReturnStatement(parent)) return true;
    // `const allowed = perms.includes("x"); if (!allowed) ...`: a name the code then tests.
    if (ts.isVariableDeclaration(parent)) return parent.initializer === node;
    // An arrow function's expression body is what it returns.
    if (ts.isArrowFunction(parent)) return parent.body === node;
    return false;
  }
  return false;
}

/**
 * `any` (or `any of`) right before a word for the keys: the function asks for one of several keys, which
 * only a check does, whatever verb goes with it (`withAnyScope("a", "b")`, `anyOfPermissions(...)`),
 * while `withScope(fn)` may be anything.
 */
function namesAlternatives(words: readonly string[]): boolean {
  return words.some((w, i) => w === "any" && (KEY_WORDS.has(words[i + 1]!) || (words[i + 1] === "of" && KEY_WORDS.has(words[i + 2]!))));
}

/** A check named for alternatives (`requireAnyScope`, `hasAnyPermission`, `withAnyScope`): any one key suffices. */
export const namesAnyOf = (name: string): boolean => namesPermissionCheck(name) && wordsOf(name).includes("any");
