export { adminRoutes } from "./admin.js";
export { agentRoutes } from "./agents.js";
export { apiKeyRoutes } from "./api-keys.js";
export { authRoutes } from "./auth.js";
export { connectedAppRoutes } from "./connected-apps.js";
export { default as oauthRoutes } from "./oauth.js";
