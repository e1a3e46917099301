/**
 * Loads a CommonJS file the way Node's loader does, but with V8's compiled code handed in from a file
 * (V8's code cache). Node 22 keeps compiled code itself (`module.enableCompileCache`); Node 20 has no
 * such cache, and the two big scripts every warm run loads — the TypeScript compiler and apidex's own CLI
 * bundle — cost far more to compile than to deserialize.
 *
 * A cache file holds one byte saying how complete it is, then V8's data. V8 rejects data made by another
 * V8, for other flags or for another source; such a file is rewritten. Cache files are keyed by the
 * script's path, size, modification time and inode and by the Node and V8 versions, and live in the
 * project's `node_modules/.cache`, trusted as much as `node_modules`.
 *
 * @example
 * const loaded = loadWithCodeCache(file, folder, "compiler");
 * // ... run what the script is for ...
 * loaded.save("complete"); // writes the cache unless it was loaded from a complete one
 */
import { isAscii } from "node:buffer";
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, statSync } from "node:fs";
import Module, { createRequire } from "node:module";
import path from "node:path";
import { Script } from "node:vm";
import { replaceFile } from "../write/replace-file.js";
import { pruneOldest } from "./run-cache.js";

/**
 * How much of a script's code a cache holds: `partial` was written by a run that used little of it (one the
 * run cache answered), `complete` by one that ran the pipeline. A partial cache is replaced by a complete one.
 */
export type CodeCacheCoverage = "partial" | "complete";

export interface CodeCachedModule {
  /** The module's exports. */
  readonly exports: unknown;
  /** Whether V8 took the code from the cache, or compiled the source (the cache is then written by `save`). */
  readonly source: "code-cache" | "compiled";
  /**
   * Writes the cache when the loaded one was missing, rejected, or less complete (best effort, once per
   * coverage). Returns whether it wrote one.
   */
  save(coverage: CodeCacheCoverage): boolean;
}

/** Caches of other builds of the same script kind are pruned beyond this many. */
const MAX_CACHES = 2;

const COVERAGE_BYTE: Record<CodeCacheCoverage, number> = { partial: 1, complete: 2 };

/**
 * Loads `filename` (CommonJS) into `require`'s module cache with the code cache of kind `kind` kept in
 * `folder`. Returns undefined when it cannot (the file is missing or already loaded): the caller then
 * loads it the ordinary way.
 */
export function loadWithCodeCache(filename: string, folder: string, kind: string): CodeCachedModule | undefined {
  const require = createRequire(import.meta.url);
  if (require.cache[filename]) return undefined;
  let key: string;
  try {
    const stat = statSync(filename);
    key = createHash("sha256")
      .update(
        JSON.stringify([
          filename,
          stat.size,
          stat.mtimeMs,
          stat.ino,
          process.versions.node,
          process.versions.v8,
          process.arch,
          process.platform,
        ]),
      )
      .digest("hex")
      .slice(0, 16);
  } catch {
    return undefined;
  }
  const extension = `.${kind}.v8`;
  const cacheFile = path.join(folder, `${key}${extension}`);
  let stored: Buffer | undefined;
  try {
    stored = readFileSync(cacheFile);
  } catch {
    stored = undefined;
  }
  const storedCoverage = stored?.[0];
  const cachedData = stored && stored.length > 1 ? stored.subarray(1) : undefined;
  // Apidex's sources and the compiler are ASCII: read as such, a one-byte string at half the cost of UTF-8.
  const bytes = readFileSync(filename);
  const text = bytes.toString(isAscii(bytes) ? "latin1" : "utf8");
  // The script must not call `import()`: Node 20 gives a script compiled from cached data no dynamic-import
  // callback, whatever `importModuleDynamically` says (the bundle is built with none, see bundle-cli.ts).
  const script = new Script(Module.wrap(text.startsWith("#!") ? `//${text.slice(2)}` : text), {
    filename,
    ...(cachedData ? { cachedData } : {}),
  });
  const loaded = new Module(filename) as Module & { filename: string; paths: string[]; loaded: boolean };
  loaded.filename = filename;
  loaded.paths = (Module as unknown as { _nodeModulePaths(from: string): string[] })._nodeModulePaths(path.dirname(filename));
  require.cache[filename] = loaded;
  try {
    const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
    wrapper.call(loaded.exports, loaded.exports, createRequire(filename), loaded, filename, path.dirname(filename));
    loaded.loaded = true;
  } catch (error) {
    delete require.cache[filename];
    throw error;
  }
  const fromCache = cachedData !== undefined && !script.cachedDataRejected;
  let written = fromCache ? (storedCoverage ?? 0) : 0;
  return {
    exports: loaded.exports,
    source: fromCache ? "code-cache" : "compiled",
    save(coverage) {
      const byte = COVERAGE_BYTE[coverage];
      if (written >= byte) return false;
      written = byte;
      try {
        mkdirSync(folder, { recursive: true });
        replaceFile(cacheFile, Buffer.concat([Buffer.of(byte), script.createCachedData()]));
        pruneOldest(folder, MAX_CACHES, extension);
        return true;
      } catch {
        return false;
      }
    },
  };
}

/** Whether this Node keeps compiled code itself (22+): then no code cache of ours is needed. */
export function hasOwnCompileCache(): boolean {
  return typeof (Module as { enableCompileCache?: unknown }).enableCompileCache === "function";
}
