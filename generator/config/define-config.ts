import type { ApidexConfig } from "./schema.js";

/**
 * Typed helper for `apidex.config.ts`. It returns its argument unchanged; the point is editor completion
 * and type errors in the config file.
 *
 * @example
 * ```ts
 * import { defineConfig } from "apidex/config";
 * export default defineConfig({
 *   root: "src",
 *   service: { name: "billing", version: "1.4.0" },
 *   closed: ["/v1/auth/**", "/oauth/**"],
 * });
 * ```
 */
export function defineConfig(config: ApidexConfig): ApidexConfig {
  return config;
}
