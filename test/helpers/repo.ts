import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadConfig, type ResolvedConfig } from "../../generator/config/load-config.js";

/** The repository root. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** The config `npm run generate` uses: the bundled example service. */
export function exampleConfig(): Promise<ResolvedConfig> {
  return loadConfig({ cwd: REPO_ROOT });
}
