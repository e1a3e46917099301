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

/** Whether a NestJS metadata key names permission keys (`permissions`, `has_permission`, `scopes`). */
export const isPermissionMetadataKey = (key: string): boolean => PERMISSION_METADATA.test(key);
