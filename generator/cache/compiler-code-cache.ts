/**
 * V8's compiled code for the TypeScript compiler, kept between runs beside the run cache.
 *
 * Loading the compiler (9 MB of JavaScript) is the largest fixed cost of a run that has to analyse
 * anything: about 130 ms on Node 20, of which V8's parsing and compiling is about 100 ms. Node 22 keeps
 * compiled code itself (`module.enableCompileCache`, which the CLI turns on); Node 20 has no such cache,
 * so a warm run loads the compiler from V8's code cache here (see `code-cache.ts`). A cold run
 * (`--no-cache`) never does.
 *
 * @example
 * const compiler = preloadCompiler(cacheFolder); // before anything imports the compiler
 * // ... run the pipeline ...
 * compiler.save(); // after extraction: writes the code cache when there was none (or V8 rejected it)
 */
import { readdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { hasOwnCompileCache, loadWithCodeCache } from "./code-cache.js";
import { noteCodeSource } from "./warm-code.js";

export interface PreloadedCompiler {
  /** How the compiler was loaded: from the code cache, compiled (the cache is written on `save`), or left to `require`. */
  readonly source: "code-cache" | "compiled" | "not-preloaded";
  /**
   * Writes the code cache when this run had none (once; best effort). Call it once the code a warm run
   * needs has run, so what V8 compiled lazily is in it.
   */
  save(): void;
}

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
  if (hasOwnCompileCache()) return NOT_PRELOADED;
  let filename: string;
  try {
    filename = compilerFile();
  } catch {
    return NOT_PRELOADED;
  }
  const loaded = loadWithCodeCache(filename, folder, "compiler");
  if (!loaded) return NOT_PRELOADED;
  noteCodeSource("compiler", loaded.source);
  return {
    source: loaded.source,
    save: () => {
      // Earlier builds named the file compiler-<key>.v8 (without the coverage byte): not read any more,
      // and removed when a cache is written (listing the folder costs a run that writes none ~1 ms).
      if (!loaded.save("complete")) return;
      try {
        for (const name of readdirSync(folder))
          if (/^compiler-[0-9a-f]{16}\.v8$/.test(name)) rmSync(path.join(folder, name), { force: true });
      } catch {
        // best effort, like the cache itself
      }
    },
  };
}
