import { existsSync } from "node:fs";
import path from "node:path";

/**
 * The names of a folder's TypeScript project file, in the order the editor prefers them: a JavaScript
 * project declares its `paths` in a jsconfig.json (a tsconfig.json with `allowJs` on), which TypeScript
 * and VS Code read the same way. (A module of its own, without the compiler: the config loader and the run
 * cache's entry reading use it too.)
 */
export const PROJECT_FILES = ["tsconfig.json", "jsconfig.json"] as const;

/** The folder's project file on disk (tsconfig.json first), else the path its tsconfig.json would have. */
export function projectFileIn(folder: string): string {
  return PROJECT_FILES.map((name) => path.join(folder, name)).find((file) => existsSync(file)) ?? path.join(folder, PROJECT_FILES[0]);
}

const MODULE_ENDINGS = ["", ".ts", ".mts", ".cts", ".tsx", ".js", ".mjs", ".cjs", "/index.ts", "/index.js"];

/**
 * The file a module path relative to a root names (`src/http/decorators` and its `.ts`, an index file), as an
 * import would find it; undefined when none exists (a package name, not a path). Config `decoratorRoutes`.
 */
export function moduleFileIn(root: string, module: string, fileExists: (file: string) => boolean = existsSync): string | undefined {
  for (const ending of MODULE_ENDINGS) {
    const candidate = path.resolve(root, module + ending);
    if (fileExists(candidate)) return candidate;
  }
  return undefined;
}
