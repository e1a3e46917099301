import path from "node:path";
import type { SourceSet } from "../../scan/source-set.js";
import type { FileRoutesDir } from "./file-paths.js";

/** Where a Medusa project keeps its API routes, below its package's folder. */
const MEDUSA_API = "src/api";

/**
 * The Medusa route folders of a project, read without config: `src/api` of the project itself (which imports
 * `@medusajs/...`), and `src/api` of each package below it whose package.json depends on a `@medusajs/`
 * package — run at a monorepo's root, `packages/core/src/api/admin/offers/route.ts` is `/admin/offers`, as
 * Medusa serves it from its own package, not `/packages/core/src/api/...` or nothing.
 *
 * @example
 * medusaRouteDirs(sources); // [{ dir: "src/api", prefix: "/" }, { dir: "packages/core/src/api", prefix: "/" }]
 */
export function medusaRouteDirs(sources: SourceSet): FileRoutesDir[] {
  const packages = new Set<string>([""]);
  for (const file of sources.files) {
    const rel = path.relative(sources.root, file.fileName).split(path.sep).join("/");
    const at = rel.indexOf(`/${MEDUSA_API}/`);
    if (at <= 0 || rel.startsWith("../")) continue;
    const folder = rel.slice(0, at);
    if (!packages.has(folder) && dependsOnMedusa(sources, folder)) packages.add(folder);
  }
  return [...packages].sort().map((folder) => ({ dir: folder ? `${folder}/${MEDUSA_API}` : MEDUSA_API, prefix: "/" }));
}

/** Whether the package.json in a folder of the project names a `@medusajs/` package among its dependencies. */
function dependsOnMedusa(sources: SourceSet, folder: string): boolean {
  const text = sources.host.readFile(path.join(sources.root, folder, "package.json"));
  if (text === undefined) return false;
  try {
    const manifest = JSON.parse(text) as Record<string, unknown>;
    return ["dependencies", "devDependencies", "peerDependencies"].some((field) => {
      const deps = manifest[field];
      return typeof deps === "object" && deps !== null && Object.keys(deps).some((name) => name.startsWith("@medusajs/"));
    });
  } catch {
    return false; // not JSON: no package apidex can read as Medusa's
  }
}
