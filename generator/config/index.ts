// `apidex/config`: what a config file needs, and nothing that loads the generator. `apidex` itself
// works in a config too, but it loads the whole pipeline (and TypeScript) just to read the file.
export { defineConfig } from "./define-config.js";
export { DEFAULT_EXCLUDE, DEFAULT_INCLUDE, DEFAULT_PERMISSION_CALLS } from "./defaults.js";
export type { ApidexConfig } from "./schema.js";
