/**
 * Names that say what they hold is permission keys: `permission`, `permissions`, `scope`, `scopes`,
 * optionally after `required`, `needed`, `allowed` or `has` in any case or separator (`requiredPermissions`,
 * `required_scopes`, `has_permission`). An options property so named states the keys of a wrapper or
 * decorator (`{ requiredPermissions: ["links.write"] }`, `{ permission: Permission.AssetRead }`), and a
 * NestJS metadata key so named (also `perm`, `perms`) marks the decorator that sets it as a permission
 * decorator (`SetMetadata("has_permission", permission)`), whatever they are called. Roles
 * (`requiredRoles`) are not keys: a key is what an API key holds.
 */
const PREFIX = "(?:(?:required?|needed|allowed|has)[-_ ]?)?";
const PERMISSION_OPTION = new RegExp(`^${PREFIX}(?:permissions?|scopes?)$`, "i");
const PERMISSION_METADATA = new RegExp(`^${PREFIX}(?:permissions?|perms?|scopes?)$`, "i");

/** Whether an options property's name says it holds permission keys. */
export const isPermissionOption = (name: string): boolean => PERMISSION_OPTION.test(name);

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
