export { createApiDocsHandler, negotiate, type ApiDocsHandler, type ApiDocsHandlerOptions } from "./handler.js";
export { loadApiDocsAssets } from "./load-assets.js";
export { DEFAULT_CACHE_CONTROL, DEFAULT_MOUNT, type ApiDocsManifest, type LoadedAsset } from "./assets.js";
