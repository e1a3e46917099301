import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The folder apidex is installed in. This module sits one level below it in every layout — generator/
 * (sources), lib/ (compiled), and the CLI's bundle lib/apidex.cjs, into which it is inlined — so files
 * shipped with apidex are found from here, never from a deeper module's own place.
 */
export const PACKAGE_ROOT = fileURLToPath(new URL("../", import.meta.url));

/** A file shipped with apidex (templates, package.json, build outputs), by its path in the package. */
export function packageFile(...segments: string[]): string {
  return path.join(PACKAGE_ROOT, ...segments);
}
