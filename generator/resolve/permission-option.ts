/**
 * Options properties that say by their name that they hold permission keys: `permission`, `permissions`,
 * `scope`, `scopes`, optionally `required`/`needed`/`allowed` before them in any case or separator
 * (`requiredPermissions`, `required_scopes`). A wrapper given `{ requiredPermissions: ["links.write"] }` and a
 * decorator given `{ permission: Permission.AssetRead }` state their keys there, whatever they are called.
 * Roles (`requiredRoles`) are not keys: a key is what an API key holds.
 */
const PERMISSION_OPTION = /^(?:(?:required|needed|allowed)[-_]?)?(?:permissions?|scopes?)$/i;

/** Whether an options property's name says it holds permission keys. */
export const isPermissionOption = (name: string): boolean => PERMISSION_OPTION.test(name);
