import { readFileSync } from "node:fs";
import { packageFile } from "./package-files.js";

/** apidex's own version, from its package.json. */
export const VERSION = (JSON.parse(readFileSync(packageFile("package.json"), "utf8")) as { version: string }).version;

/**
 * The build's identity (generator/build/build-id.ts), or the version when the tree was not built: the run
 * cache's key, so a rebuilt apidex never reuses what another build wrote.
 */
export const BUILD_ID = readBuildId();

function readBuildId(): string {
  try {
    return readFileSync(packageFile("lib", "build-id.txt"), "utf8").trim();
  } catch {
    return VERSION;
  }
}
