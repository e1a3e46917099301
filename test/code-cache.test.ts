import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
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
  return JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" })) as {
    source: string;
    statements: number;
  };
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

  it("removes the files earlier apidex builds named compiler-<key>.v8", () => {
    writeFileSync(path.join(folder, "compiler-0123456789abcdef.v8"), "old layout");
    run();
    expect(readdirSync(folder).filter((name) => name.startsWith("compiler-"))).toEqual([]);
  });

  it("keeps only the newest caches of earlier compiler builds", () => {
    for (const stale of ["aaaaaaaaaaaaaaaa.compiler.v8", "bbbbbbbbbbbbbbbb.compiler.v8", "cccccccccccccccc.compiler.v8"])
      writeFileSync(path.join(folder, stale), "old");
    run();
    expect(cacheFiles()).toHaveLength(2);
  });
});

/**
 * The CLI's own code (lib/apidex.cjs, one bundle) on Node 20: loaded with V8's code cache from the project's
 * node_modules/.cache/apidex, written once a run has compiled what warm runs use.
 */
describe.skipIf(hasOwnCompileCache)("the CLI bundle's code cache (Node 20)", () => {
  const CLI = path.join(lib, "cli.cjs");
  let project: string;
  const cliCaches = () => readdirSync(path.join(project, "node_modules", ".cache", "apidex")).filter((name) => name.endsWith(".cli.v8"));
  const coverage = () => readFileSync(path.join(project, "node_modules", ".cache", "apidex", cliCaches()[0]!))[0];
  /** A run with --timings: its summary line, then the timings (which say how the bundle was loaded). */
  const apidex = (...args: string[]) => {
    const run = spawnSync(process.execPath, [CLI, "generate", "--root", ".", "--out", "../out", "--timings", ...args], {
      cwd: project,
      encoding: "utf8",
      env: { ...process.env, CI: "true" },
    });
    expect(run.status).toBe(0);
    return `${run.stdout}${run.stderr}`;
  };

  beforeEach(() => {
    project = path.join(folder, "project");
    for (const [name, text] of Object.entries({
      "package.json": JSON.stringify({ name: "coded", version: "1.0.0", type: "module" }),
      "node_modules/.keep": "",
      "src/app.ts": `import express from "express";\nexport const app = express();\napp.get("/v1/things", (q, s) => s.end());\n`,
    })) {
      mkdirSync(path.dirname(path.join(project, name)), { recursive: true });
      writeFileSync(path.join(project, name), text);
    }
  });

  it("is written complete by a run that analysed, kept by the next, and not written by --no-cache", () => {
    apidex("--no-cache");
    expect(existsSync(path.join(project, "node_modules", ".cache", "apidex"))).toBe(false);
    const first = apidex();
    expect(first).toContain("1 indexed");
    expect(first).toContain("(code: apidex compiled, compiler compiled)");
    expect(cliCaches()).toHaveLength(1);
    expect(coverage()).toBe(2);
    const written = readFileSync(path.join(project, "node_modules", ".cache", "apidex", cliCaches()[0]!));
    writeFileSync(
      path.join(project, "src", "app.ts"),
      `import express from "express";\nexport const app = express();\napp.get("/v1/things", (q, s) => s.end());\napp.get("/v1/more", (q, s) => s.end());\n`,
    );
    const second = apidex();
    expect(second).toContain("2 indexed");
    expect(second).toContain("(code: apidex from V8's code cache, compiler from V8's code cache)");
    expect(readFileSync(path.join(project, "node_modules", ".cache", "apidex", cliCaches()[0]!)).equals(written)).toBe(true);
  });

  it("written partial by a run the cache answered, is completed by the next run that analyses", () => {
    apidex();
    const file = path.join(project, "node_modules", ".cache", "apidex", cliCaches()[0]!);
    rmSync(file);
    expect(apidex()).toContain("reused the cached run");
    expect(coverage()).toBe(1);
    expect(apidex()).toContain("(code: apidex from V8's code cache)"); // partial, but V8 takes it
    writeFileSync(
      path.join(project, "src", "app.ts"),
      `import express from "express";\nexport const app = express();\napp.get("/v1/other", (q, s) => s.end());\n`,
    );
    expect(apidex()).toContain("1 indexed");
    expect(coverage()).toBe(2);
  });

  it("rejects damaged data and rewrites it; the run is right either way", () => {
    apidex();
    const file = path.join(project, "node_modules", ".cache", "apidex", cliCaches()[0]!);
    writeFileSync(file, Buffer.concat([Buffer.of(2), Buffer.from("not V8's code cache")]));
    writeFileSync(
      path.join(project, "src", "app.ts"),
      `import express from "express";\nexport const app = express();\napp.get("/v1/again", (q, s) => s.end());\n`,
    );
    const rejected = apidex();
    expect(rejected).toContain("1 indexed");
    expect(rejected).toContain("apidex compiled");
    expect(readFileSync(file).subarray(1).toString()).not.toBe("not V8's code cache");
    expect(coverage()).toBe(2);
    expect(apidex()).toContain("apidex from V8's code cache");
  });
});

/** A tree built by tsc alone (no bundle): either bin loads the command line from its ES modules instead. */
describe("the bin without the CLI bundle", () => {
  it("runs the command line from lib/'s ES modules, with the same result", () => {
    const pkg = path.join(folder, "pkg");
    cpSync(lib, path.join(pkg, "lib"), { recursive: true, filter: (source) => path.basename(source) !== "apidex.cjs" });
    cpSync(path.join(lib, "..", "templates"), path.join(pkg, "templates"), { recursive: true });
    cpSync(path.join(lib, "..", "package.json"), path.join(pkg, "package.json"));
    symlinkSync(path.join(lib, "..", "node_modules"), path.join(pkg, "node_modules"), "dir");
    expect(existsSync(path.join(pkg, "lib", "apidex.cjs"))).toBe(false);
    const project = path.join(folder, "project");
    mkdirSync(path.join(project, "src"), { recursive: true });
    writeFileSync(
      path.join(project, "src", "app.ts"),
      `import express from "express";\nexport const app = express();\n/** List things */\napp.get("/v1/things", (q, s) => s.end());\n`,
    );
    const run = (cli: string, out: string) =>
      spawnSync(process.execPath, [cli, "generate", "--root", project, "--out", path.join(folder, out), "--no-cache"], {
        cwd: folder,
        encoding: "utf8",
        env: { ...process.env, CI: "true" },
      });
    // Both bins: the ES module tsc writes (lib/cli.js) and the CommonJS one package.json names (lib/cli.cjs).
    for (const [bin, out] of [
      ["cli.js", "out-modules"],
      ["cli.cjs", "out-modules-cjs"],
    ] as const) {
      const unbundled = run(path.join(pkg, "lib", bin), out);
      expect(unbundled.stderr).toBe("");
      expect(unbundled.status).toBe(0);
      expect(unbundled.stdout).toContain("1 indexed");
    }
    expect(run(path.join(lib, "cli.cjs"), "out-bundle").status).toBe(0);
    for (const name of ["operations.json", "openapi-public.json", "api-docs/_headers.json"]) {
      const bundled = readFileSync(path.join(folder, "out-bundle", name), "utf8");
      expect(readFileSync(path.join(folder, "out-modules", name), "utf8")).toBe(bundled);
      expect(readFileSync(path.join(folder, "out-modules-cjs", name), "utf8")).toBe(bundled);
    }
  });
});
