/** The public API's version prefix. */
export const API_PREFIX = "/v1";
/** Where closed dashboard routes live under the prefix. */
export const ADMIN_PATH = `${API_PREFIX}/admin`;
