export { Permissions, Perm, ReportPermissions, ALL_PERMISSIONS } from "./permissions.js";
export { requirePermission, requirePermissions, assertPermission, keyOf } from "./require-permission.js";
export { authenticate, sessionOnly, type KeyRecord, type KeyStore } from "./authenticate.js";
