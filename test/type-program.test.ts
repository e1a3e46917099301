import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../generator/config/load-config.js";
import { generate } from "../generator/generate.js";
import { createTypeContext, laterLibGlobals } from "../generator/resolve/types/type-context.js";
import { scanProject, sourceSetFromMemory } from "../generator/scan/source-set.js";
import { topLevelNames } from "../generator/typescript.js";

/**
 * The type program of documented operations, on disk as real projects build it: ES5's lib unless a
 * file names a global only a later lib declares, and then the project's full libs.
 */
let dir: string;

function project(models: string, tsconfig: Record<string, unknown> = { module: "NodeNext", moduleResolution: "NodeNext", strict: true }) {
  const files: Record<string, string> = {
    "package.json": JSON.stringify({ name: "typed", version: "1.0.0", type: "module" }),
    "tsconfig.json": JSON.stringify({ compilerOptions: tsconfig }),
    "src/models.ts": models,
    "src/app.ts": `import express from "express";\nimport type { T } from "./models.js";\nexport const app = express();\n/** Get it\n * @documented\n * @scope things\n * @response 200 T\n */\napp.get("/v1/thing", (req, res) => { res.json({}); });\n`,
  };
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
}

async function typesOf() {
  const config = await loadConfig({ cwd: dir, root: dir });
  const sources = await scanProject(config);
  const libs = createTypeContext(sources, [path.join(dir, "src/app.ts")]).libs;
  const result = await generate(config);
  const doc = result.openapi as { paths: Record<string, Record<string, any>>; components: { schemas: Record<string, unknown> } };
  return { libs, schema: doc.components.schemas.T, errors: result.diagnostics.errors.map((d) => d.message) };
}

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "apidex-types-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("the type program's libs", () => {
  it("uses ES5's lib for shapes made of what it declares", async () => {
    project(
      `export interface T { id: string; at: Date; tags: ReadonlyArray<string>; meta: Partial<Record<"a" | "b", number>>; next: Awaited<Promise<string>> }\n`,
    );
    const { libs, schema, errors } = await typesOf();
    expect(errors).toEqual([]);
    expect(libs).toEqual(["lib.es5.d.ts"]);
    expect(schema).toEqual({
      type: "object",
      properties: {
        id: { type: "string" },
        at: { type: "string", format: "date-time" },
        tags: { type: "array", items: { type: "string" } },
        meta: { type: "object", properties: { a: { type: "number" }, b: { type: "number" } } },
        next: { type: "string" },
      },
      required: ["id", "at", "tags", "meta", "next"],
    });
  });

  it("builds with the full libs when a file names a later global, so the shape is the one the project sees", async () => {
    // FlatArray is declared by lib.es2019.array: ES5 alone would make this an error type.
    project(`export interface T { names: FlatArray<string[][], 1>[] }\n`);
    const { libs, schema, errors } = await typesOf();
    expect(errors).toEqual([]);
    expect(libs).toEqual(["lib.es2023.d.ts"]);
    expect(schema).toEqual({ type: "object", properties: { names: { type: "array", items: { type: "string" } } }, required: ["names"] });
  });

  it("follows the project's own lib choice for the full libs, without DOM", async () => {
    project(`export interface T { names: FlatArray<string[][], 1>[] }\n`, {
      module: "NodeNext",
      moduleResolution: "NodeNext",
      strict: true,
      lib: ["ES2022", "DOM"],
    });
    const { libs, errors } = await typesOf();
    expect(errors).toEqual([]);
    expect(libs).toEqual(["lib.es2022.d.ts"]);
  });

  it("reads a lib's globals with the parser: top-level declarations, not namespace members", () => {
    expect(
      topLevelNames(
        `interface Map<K,V>{get(k:K):V|undefined;}declare var Map:MapConstructor;declare namespace Reflect{function get(t:object,k:PropertyKey):any;}type Awaited<T>=T;declare function f():void;`,
      ),
    ).toEqual(["Awaited", "Map", "Reflect", "f"]);
  });

  it("knows which globals are later than ES5", () => {
    const later = laterLibGlobals(["lib.es2023.d.ts"]);
    for (const name of ["Map", "Set", "Iterable", "FlatArray", "WeakRef", "ErrorOptions", "AggregateError"])
      expect(later.has(name), name).toBe(true);
    // ES5's own, and members of later namespaces (Reflect.get), are not.
    for (const name of ["Array", "Promise", "Date", "Record", "Partial", "Awaited", "Uint8Array", "get", "has"])
      expect(later.has(name), name).toBe(false);
  });
});

describe("releasing syntax trees after extraction", () => {
  it("drops what it is told to and parses a dropped file again when it is needed", async () => {
    project(`export interface T { id: string }\n`);
    const config = await loadConfig({ cwd: dir, root: dir });
    const sources = await scanProject(config);
    const app = path.join(dir, "src/app.ts");
    const before = sources.getFile(app)!;
    sources.release(() => false);
    expect(sources.files).toEqual([]);
    expect(sources.parsedFile(app)).toBeUndefined();
    const again = sources.getFile(app)!;
    expect(again).not.toBe(before);
    expect(again.text).toBe(before.text);
  });

  it("gives the same artifacts whether the run owns its trees (and releases them) or not", async () => {
    project(`export interface T { id: string; at: Date }\n`);
    const config = await loadConfig({ cwd: dir, root: dir });
    const owned = await generate(config);
    const passed = await generate(config, await scanProject(config));
    expect(owned.files.map((f) => [f.name, Buffer.from(f.content).toString("base64")])).toEqual(
      passed.files.map((f) => [f.name, Buffer.from(f.content).toString("base64")]),
    );
    // Operations of a run over sources the caller passed keep their syntax nodes.
    expect(passed.operations.every((op) => op.handler)).toBe(true);
  });
});

describe("resolving relative imports", () => {
  it("maps ./x.js to a listed ./x.ts without the disk, and leaves every other case to the compiler", () => {
    const sources = sourceSetFromMemory({
      "src/a.ts": `import { b } from "./b.js"; import { c } from "./c.js"; import { d } from "./d.js"; import { e } from "./lib/e.mjs";`,
      "src/b.ts": "export const b = 1;",
      "src/c.tsx": "export const c = 1;",
      "src/lib/e.mts": "export const e = 1;",
    });
    const from = "/project/src/a.ts";
    const target = (specifier: string) => {
      const t = sources.resolveImport(specifier, from);
      return t.kind === "source" ? t.file.fileName : t.kind;
    };
    expect(target("./b.js")).toBe("/project/src/b.ts");
    expect(target("./c.js")).toBe("/project/src/c.tsx"); // not listed as .ts: the compiler's rules
    expect(target("./d.js")).toBe("missing");
    expect(target("./lib/e.mjs")).toBe("/project/src/lib/e.mts");
  });

  it("resolves a relative specifier by the path it names, whichever folder it is written in", () => {
    const sources = sourceSetFromMemory({
      "app/a/route.ts": `import { auth } from "../../lib/auth";`,
      "app/b/c/route.ts": `import { auth } from "../../../lib/auth";`,
      "app/b/lib/auth.ts": "export const auth = 2;",
      "lib/auth.ts": "export const auth = 1;",
      "lib/index.ts": "export const index = 1;",
    });
    const target = (specifier: string, from: string) => {
      const t = sources.resolveImport(specifier, `/project/${from}`);
      return t.kind === "source" ? t.file.fileName : t.kind;
    };
    // Different spellings of one path share a resolution; one spelling from two folders does not.
    expect(target("../../lib/auth", "app/a/route.ts")).toBe("/project/lib/auth.ts");
    expect(target("../../../lib/auth", "app/b/c/route.ts")).toBe("/project/lib/auth.ts");
    expect(target("../lib/auth", "app/b/c/route.ts")).toBe("/project/app/b/lib/auth.ts");
    expect(target("../lib/auth", "app/a/route.ts")).toBe("missing");
    expect(target("../../lib", "app/a/route.ts")).toBe("/project/lib/index.ts");
    expect(target("./auth.js", "lib/index.ts")).toBe("/project/lib/auth.ts");
  });
});
