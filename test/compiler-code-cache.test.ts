import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

/**
 * The compiler's code cache (Node 20): each case is a fresh Node process, as a run is, loading the built
 * module from lib/ and then the compiler the way the pipeline does, through generator/typescript.ts.
 */
const lib = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "lib");
const hasOwnCompileCache = Number(process.versions.node.split(".")[0]) >= 22;
let folder: string;

beforeEach(() => {
  folder = mkdtempSync(path.join(tmpdir(), "apidex-code-cache-"));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

/** One run: preload, parse a file with the compiler the pipeline imports, save; reports how it loaded. */
function run(): { source: string; statements: number } {
  const script = `
    const { preloadCompiler } = await import(${JSON.stringify(path.join(lib, "cache", "compiler-code-cache.js"))});
    const compiler = preloadCompiler(${JSON.stringify(folder)});
    const { ts } = await import(${JSON.stringify(path.join(lib, "typescript.js"))});
    const file = ts.createSourceFile("a.ts", "export const a = 1; router.get('/x', h);", ts.ScriptTarget.Latest, true);
    compiler.save();
    console.log(JSON.stringify({ source: compiler.source, statements: file.statements.length }));`;
  return JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" })) as { source: string; statements: number };
}

const cacheFiles = () => readdirSync(folder).filter((name) => name.endsWith(".v8"));

describe.skipIf(hasOwnCompileCache)("compiler code cache (Node 20)", () => {
  it("compiles and writes the cache on the first run, then loads from it; the compiler works either way", () => {
    expect(run()).toEqual({ source: "compiled", statements: 2 });
    expect(cacheFiles()).toHaveLength(1);
    const written = readFileSync(path.join(folder, cacheFiles()[0]!));
    expect(run()).toEqual({ source: "code-cache", statements: 2 });
    // A run that loaded from the cache leaves it as it was.
    expect(readFileSync(path.join(folder, cacheFiles()[0]!)).equals(written)).toBe(true);
  });

  it("rejects damaged data, compiles instead and rewrites it", () => {
    run();
    const file = path.join(folder, cacheFiles()[0]!);
    writeFileSync(file, Buffer.from("not V8's code cache"));
    expect(run()).toEqual({ source: "compiled", statements: 2 });
    expect(readFileSync(file).toString()).not.toBe("not V8's code cache");
    expect(run().source).toBe("code-cache");
  });

  it("keeps only the newest caches of earlier compiler builds", () => {
    for (const stale of ["compiler-aaaaaaaaaaaaaaaa.v8", "compiler-bbbbbbbbbbbbbbbb.v8", "compiler-cccccccccccccccc.v8"]) writeFileSync(path.join(folder, stale), "old");
    run();
    expect(cacheFiles()).toHaveLength(2);
  });
});
