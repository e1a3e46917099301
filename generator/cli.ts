#!/usr/bin/env node
/**
 * The `apidex` bin. It sets up the process and loads the command line (command-line.ts), which a built
 * tree has as one CommonJS bundle, lib/apidex.cjs (`npm run build`, generator/build/bundle-cli.ts): one
 * script instead of some sixty ES modules, and — on Node 20, which has no compile cache of its own —
 * loaded with V8's code cache, so a warm run does not compile apidex again (Node 22+ uses its own).
 */
import { existsSync, realpathSync } from "node:fs";
import module, { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { setFlagsFromString } from "node:v8";
import { hasOwnCompileCache, loadWithCodeCache } from "./cache/code-cache.js";

/** What the bin needs of the command line. */
interface CommandLine {
  runCli(argv: string[]): Promise<number>;
  whenWarm(save: () => void): void;
  noteCodeSource(script: string, source: "code-cache" | "compiled"): void;
}

async function loadCommandLine(useCache: boolean): Promise<{ cli: CommandLine; done: () => void }> {
  const bundle = fileURLToPath(new URL("./apidex.cjs", import.meta.url));
  if (!existsSync(bundle)) return { cli: (await import("./command-line.js")) as CommandLine, done: () => {} };
  // The code cache lives where the run cache does when apidex runs from a project's folder (npm scripts do).
  const modules = path.join(process.cwd(), "node_modules");
  if (useCache && !hasOwnCompileCache() && existsSync(modules) && !(process.env.APIDEX_CACHE_OFF ?? "").split(",").includes("code")) {
    const loaded = loadWithCodeCache(bundle, path.join(modules, ".cache", "apidex"), "cli");
    if (loaded) {
      const cli = loaded.exports as CommandLine;
      cli.noteCodeSource("apidex", loaded.source);
      // Saved complete once a run has compiled what warm runs use; a run the cache answers saves what it used.
      cli.whenWarm(() => loaded.save("complete"));
      return { cli, done: () => loaded.save("partial") };
    }
  }
  return { cli: createRequire(import.meta.url)(bundle) as CommandLine, done: () => {} };
}

function safeRealpath(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return file;
  }
}

// Run when executed (the `apidex` bin, through its symlink too), not when imported.
const invokedAs = process.argv[1] ? safeRealpath(path.resolve(process.argv[1])) : "";
if (invokedAs === fileURLToPath(import.meta.url)) {
  // Keep V8's young generation at its initial size: a run builds long-lived syntax trees, which survive
  // the young generation anyway; letting it grow to 16 MiB semi-spaces costs about 20 MiB of peak memory
  // and buys no speed (measured by `npm run bench`). Only on V8 versions known to have the flag: an
  // unknown one would print an error line.
  if (Number(process.versions.v8.split(".")[0]) <= 13) setFlagsFromString("--semi-space-growth-factor=1");
  // --no-cache means no cache of any kind, so the bench's cold runs stay cold. Node 22+ keeps compiled
  // code between runs itself (TypeScript's CLI does the same).
  const useCache = !process.argv.includes("--no-cache");
  if (useCache) (module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
  loadCommandLine(useCache)
    .then(async ({ cli, done }) => {
      process.exitCode = await cli.runCli(process.argv.slice(2));
      done();
    })
    .catch((error: unknown) => {
      process.stderr.write(`apidex: internal error: ${(error as Error).stack ?? String(error)}\n`);
      process.exitCode = 70;
    });
}
