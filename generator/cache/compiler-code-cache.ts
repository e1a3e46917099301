/**
 * V8's compiled code for the TypeScript compiler, kept between runs beside the run cache.
 *
 * Loading the compiler (9 MB of JavaScript) is the largest fixed cost of a run that has to analyse
 * anything: about 130 ms on Node 20, of which V8's parsing and compiling is about 100 ms. Node 22 keeps
 * compiled code itself (`module.enableCompileCache`, which the CLI turns on); Node 20 has no such cache,
 * so a warm run loads the compiler from V8's code cache here. A cold run (`--no-cache`) never does.
 *
 * The cache file is keyed by the compiler file's path, size, modification time and inode, and by the
 * Node, V8 and platform versions; V8 itself also rejects data made by another V8 or other flags (it is
 * then rewritten). It lives in the project's `node_modules/.cache`, trusted as much as `node_modules`.
 *
 * @example
 * const compiler = preloadCompiler(cacheFolder); // before anything imports the compiler
 * // ... run the pipeline ...
 * compiler.save(); // after extraction: writes the code cache when there was none (or V8 rejected it)
 */
import { isAscii } from "node:buffer";
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import Module, { createRequire } from "node:module";
import path from "node:path";
import { Script } from "node:vm";
import { pruneOldest } from "./run-cache.js";

export interface PreloadedCompiler {
  /** How the compiler was loaded: from the code cache, compiled (the cache is written on `save`), or left to `require`. */
  readonly source: "code-cache" | "compiled" | "not-preloaded";
  /**
   * Writes the code cache when this run had none (once; best effort). Call it once the code a warm run
   * needs has run, so what V8 compiled lazily is in it.
   */
  save(): void;
}

/** Code caches of earlier compiler builds are pruned beyond this many. */
const MAX_CACHES = 2;

const NOT_PRELOADED: PreloadedCompiler = { source: "not-preloaded", save: () => {} };

/** The compiler build apidex runs (generator/typescript.ts requires the same file). */
export function compilerFile(): string {
  const fromTsMorph = createRequire(createRequire(import.meta.url).resolve("ts-morph"));
  return fromTsMorph.resolve("@ts-morph/common/dist/typescript.js");
}

/**
 * Loads the TypeScript compiler into `require`'s module cache, from V8's code cache in `folder` when
 * there is a valid one. Does nothing when the compiler is already loaded or Node has its own compile
 * cache (Node 22+).
 */
export function preloadCompiler(folder: string): PreloadedCompiler {
  if (typeof (Module as { enableCompileCache?: unknown }).enableCompileCache === "function") return NOT_PRELOADED;
  const require = createRequire(import.meta.url);
  let filename: string;
  let key: string;
  try {
    filename = compilerFile();
    if (require.cache[filename]) return NOT_PRELOADED;
    const stat = statSync(filename);
    key = createHash("sha256")
      .update(JSON.stringify([filename, stat.size, stat.mtimeMs, stat.ino, process.versions.node, process.versions.v8, process.arch, process.platform]))
      .digest("hex")
      .slice(0, 16);
  } catch {
    return NOT_PRELOADED;
  }
  const cacheFile = path.join(folder, `compiler-${key}.v8`);
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  // What Node's CommonJS loader does for a file, with V8's cached data handed to the compiler. The
  // compiler's source is ASCII: read as such it is a one-byte string at half the cost of decoding UTF-8.
  const bytes = readFileSync(filename);
  const source = bytes.toString(isAscii(bytes) ? "latin1" : "utf8");
  const script = new Script(Module.wrap(source), { filename, ...(cachedData ? { cachedData } : {}) });
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
  let saved = false;
  return {
    source: fromCache ? "code-cache" : "compiled",
    save() {
      if (fromCache || saved) return;
      saved = true;
      const tmp = `${cacheFile}.${process.pid}.tmp`;
      try {
        mkdirSync(folder, { recursive: true });
        writeFileSync(tmp, script.createCachedData());
        renameSync(tmp, cacheFile);
        pruneOldest(folder, MAX_CACHES, ".v8");
      } catch {
        rmSync(tmp, { force: true });
      }
    },
  };
}
