import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, constants as zlibConstants, gzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../generator/config/load-config.js";
import { buildIdOf } from "../generator/build/build-id.js";
import { MAX_ENTRIES, pruneOldest } from "../generator/cache/run-cache.js";
import { SummariesStore } from "../generator/cache/summaries-store.js";
import { listSources, mergeFolderExcludes, packageLibs } from "../generator/scan/list-sources.js";
import { globSync } from "tinyglobby";
import type { ModuleSummaries, ModuleSummary } from "../generator/extract/incremental/module-summary.js";
import { wallClockNs } from "../generator/cache/source-stats.js";
import { generateToDisk } from "../generator/generate-to-disk.js";
import { buildApiDocsFiles, Compressor, compressionsOf } from "../generator/publish/build-assets.js";
import { filesUnder } from "./helpers/files.js";

/** The run cache never serves a stale artifact: every change to an input is seen. */
let dir: string;

function write(files: Record<string, string>) {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
}

/** A clock an hour ahead: every file counts as settled, so runs record (and later trust) stat signatures. */
const settledClock = () => wallClockNs() + 3_600_000_000_000n;

async function run(cache = true, clock: () => bigint = settledClock) {
  const config = await loadConfig({ cwd: dir, root: dir });
  const result = await generateToDisk(config, { cache, cwd: dir, clock });
  expect(result.diagnostics.errors).toEqual([]);
  return {
    ...result,
    index: JSON.parse(readFileSync(path.join(dir, "dist", "operations.json"), "utf8")),
    openapi: JSON.parse(readFileSync(path.join(dir, "dist", "openapi-public.json"), "utf8")),
  };
}

/** Every artifact's bytes, by name, for comparing runs. */
const snapshot = (): Record<string, string> => filesUnder(path.join(dir, "dist"), dir);

const permissionsOf = (index: { operations: { path: string; permissions: string[] }[] }) =>
  Object.fromEntries(index.operations.map((o) => [o.path, o.permissions]));

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "apidex-cache-"));
  write({
    "package.json": JSON.stringify({ name: "cached", version: "1.0.0" }),
    "tsconfig.json": JSON.stringify({ compilerOptions: { module: "NodeNext", moduleResolution: "NodeNext", strict: true } }),
    "src/perms.ts": `export const P = { Read: "things.read" } as const;\n`,
    "src/auth.ts": `export const requirePermission = (...k: string[]) => (q: unknown, s: unknown, n: () => void) => n();\n`,
    "src/models.ts": `export interface Thing { id: string; name: string }\n`,
    "src/routes/a.ts": `import { Router } from "express";\nimport { requirePermission } from "../auth.js";\nimport { P } from "../perms.js";\nimport type { Thing } from "../models.js";\nexport const a = Router();\n/** Get a thing\n * @documented\n * @scope things\n * @response 200 Thing\n */\na.get("/things/:id", requirePermission(P.Read), (req, res) => { res.json({}); });\n`,
    "src/routes/b.ts": `import { Router } from "express";\nimport { requirePermission } from "../auth.js";\nimport { P } from "../perms.js";\nexport const b = Router();\nb.get("/others", requirePermission(P.Read), (req, res) => { res.json([]); });\nb.get("/more", requirePermission(P.Read, "more.read"), (req, res) => { res.json([]); });\n`,
    "src/app.ts": `import express from "express";\nimport { a } from "./routes/a.js";\nimport { b } from "./routes/b.js";\nexport const app = express();\napp.use("/v1", a);\napp.use("/v1", b);\n`,
  });
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("the run cache", () => {
  it("reuses a run whose inputs are all unchanged, with the same bytes a cold run writes", async () => {
    const cold = await run(false);
    expect(cold.fromCache).toBe(false);
    const first = await run();
    expect(first.fromCache).toBe(false);
    const bytes = readFileSync(path.join(dir, "dist", "openapi-public.json"));
    rmSync(path.join(dir, "dist"), { recursive: true });
    const second = await run();
    expect(second.fromCache).toBe(true);
    expect(second.written.length).toBeGreaterThan(20); // the deleted artifacts are written again
    expect(readFileSync(path.join(dir, "dist", "openapi-public.json")).equals(bytes)).toBe(true);
  });

  it("misses when a data file the code reads its routes from (fs.readFileSync) changes", async () => {
    write({
      "config/routes.txt": "GET /listed\n",
      "src/table.ts": [
        `import { readFileSync } from "node:fs";`,
        `import path from "node:path";`,
        `import express from "express";`,
        `export const table = express();`,
        `for (const line of readFileSync(path.join(__dirname, "..", "config", "routes.txt"), "utf8").split("\\n")) {`,
        `  const [verb, route] = line.split(" ");`,
        `  if (route) table[verb.toLowerCase() as "get"](route, (req, res) => res.end());`,
        `}`,
      ].join("\n"),
    });
    const paths = (index: { operations: { method: string; path: string }[] }) =>
      index.operations.filter((o) => !o.path.startsWith("/v1")).map((o) => `${o.method} ${o.path}`);
    expect(paths((await run()).index)).toEqual(["GET /listed"]);
    expect((await run()).fromCache).toBe(true);
    write({ "config/routes.txt": "GET /listed\nDELETE /added\n" });
    const changed = await run();
    expect(changed.fromCache).toBe(false);
    expect(paths(changed.index)).toEqual(["DELETE /added", "GET /listed"]);
  });

  it("reuses the last run's compressed variants of unchanged bodies, and compresses changed ones afresh", async () => {
    await run();
    const distFiles = () =>
      Object.fromEntries(
        readdirSync(path.join(dir, "dist", "api-docs")).map((f) => [
          f,
          readFileSync(path.join(dir, "dist", "api-docs", f)).toString("base64"),
        ]),
      );
    // A change to one route changes the index (compressed afresh); the page's files are reused.
    write({ "src/routes/b.ts": readFileSync(path.join(dir, "src/routes/b.ts"), "utf8").replace('"more.read"', '"more.list"') });
    const warm = await run();
    expect(warm.fromCache).toBe(false);
    const reused = distFiles();
    rmSync(path.join(dir, "dist"), { recursive: true });
    await run(false);
    expect(reused).toEqual(distFiles());
  });

  it("serves a known body's compressed variants without compressing it", async () => {
    const body = Buffer.from("{}\n");
    const compressor = new Compressor([
      { body: Buffer.from("{}\r"), br: Buffer.from("other-br"), gz: Buffer.from("other-gz") }, // same length, other bytes
      { body: Buffer.from("{}\n"), br: Buffer.from("br-bytes"), gz: Buffer.from("gz-bytes") },
    ]);
    const [br, gz] = await compressor.start(body);
    expect([br.toString(), gz.toString()]).toEqual(["br-bytes", "gz-bytes"]);
    // A body no earlier run compressed is compressed.
    const [fresh] = await compressor.start(Buffer.from("{}\t"));
    expect(brotliDecompressSync(fresh).toString()).toBe("{}\t");
    // compressionsOf reads back exactly the pairs buildApiDocsFiles wrote.
    const files = await buildApiDocsFiles({ index: "[1]\n", openapi: "{}\n", schema: '{"s":1}\n' });
    const known = compressionsOf(files);
    const again = await buildApiDocsFiles({ index: "[1]\n", openapi: "{}\n", schema: '{"s":1}\n' }, { compressor: new Compressor(known) });
    expect(again.map((f) => [f.name, Buffer.from(f.content).toString("base64")])).toEqual(
      files.map((f) => [f.name, Buffer.from(f.content).toString("base64")]),
    );
    expect(known.length).toBe(files.filter((f) => f.name.endsWith(".br")).length - 1); // openapi.json and openapi-public.json share a body
  });

  it("compresses small bodies at the best settings and larger ones at faster ones, byte for byte", async () => {
    const entry = (i: number) =>
      `{"operation_id":"list_thing_${i}","method":"GET","path":"/v1/things/${i}/parts","permissions":["things.read"]}`;
    const small = `[${Array.from({ length: 200 }, (_, i) => entry(i)).join(",")}]\n`; // ~20 KB
    const large = `[${Array.from({ length: 4000 }, (_, i) => entry(i)).join(",")}]\n`; // ~400 KB
    const huge = `[${Array.from({ length: 6000 }, (_, i) => entry(i)).join(",")}]\n`; // ~600 KB
    const files = await buildApiDocsFiles({ index: large, openapi: small, schema: "{}\n" });
    const hugeFiles = await buildApiDocsFiles({ index: huge, openapi: small, schema: "{}\n" });
    const hugeBody = (name: string) => hugeFiles.find((f) => f.name === `api-docs/${name}`)!.content as Buffer;
    const body = (name: string) => files.find((f) => f.name === `api-docs/${name}`)!.content as Buffer;
    // gzip's header carries no time stamp and a fixed OS byte; the deflate stream is zlib's at that level.
    const gzipAt = (text: string, level: number) => {
      const out = gzipSync(Buffer.from(text), { level });
      out[4] = out[5] = out[6] = out[7] = 0;
      out[9] = 3;
      return out;
    };
    const brotliAt = (text: string, quality: number) =>
      brotliCompressSync(Buffer.from(text), {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: quality,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text),
          [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        },
      });
    expect(body("openapi.json.gz").equals(gzipAt(small, 9))).toBe(true);
    expect(body("operations.json.gz").equals(gzipAt(large, 8))).toBe(true);
    expect(body("openapi.json.br").equals(brotliAt(small, 11))).toBe(true);
    expect(body("operations.json.br").equals(brotliAt(large, 9))).toBe(true);
    expect(hugeBody("operations.json.gz").equals(gzipAt(huge, 7))).toBe(true);
    expect(hugeBody("operations.json.br").equals(brotliAt(huge, 7))).toBe(true);
  });

  describe("files the analysis never read", () => {
    // A service module the handlers call (imported, never evaluated), a test file, and a model no
    // documented shape uses: their changes cannot change the artifacts.
    beforeEach(() => {
      write({
        "src/services/things.ts": `export function findThings() { return [1, 2]; }\n`,
        "src/routes/b.ts": `import { Router } from "express";\nimport { requirePermission } from "../auth.js";\nimport { P } from "../perms.js";\nimport { findThings } from "../services/things.js";\nexport const b = Router();\nb.get("/others", requirePermission(P.Read), (req, res) => { res.json(findThings()); });\nb.get("/more", requirePermission(P.Read, "more.read"), (req, res) => { res.json([]); });\n`,
        "src/routes/b.test.ts": `import { findThings } from "../services/things.js";\nconsole.log(findThings());\n`,
        "src/other-models.ts": `export interface Other { id: string }\n`,
      });
    });

    it("reuses the artifacts when only they changed, with the bytes a cold run writes", async () => {
      const first = await run();
      expect(first.fromCache).toBe(false);
      write({
        "src/services/things.ts": `export function findThings() { return [1, 2, 3]; } // changed\n`,
        "src/routes/b.test.ts": `import { findThings } from "../services/things.js";\nconsole.log(findThings().length);\n`,
        "src/other-models.ts": `export interface Other { id: string; name: string }\n`,
      });
      const second = await run();
      expect(second.fromCache).toBe(true);
      const warm = snapshot();
      rmSync(path.join(dir, "dist"), { recursive: true });
      await run(false);
      expect(snapshot()).toEqual(warm);
      // The cache now holds the new contents: nothing changed since, so the next run is a plain hit.
      expect((await run()).fromCache).toBe(true);
    });

    it("analyses again when a changed file now looks like a route file, or a file appears", async () => {
      await run();
      write({
        "src/services/things.ts": `import { Router } from "express";\nexport const extra = Router();\nextra.get("/extra", (req, res) => { res.json([]); });\nexport function findThings() { return []; }\n`,
      });
      const routeLike = await run();
      expect(routeLike.fromCache).toBe(false);
      expect(routeLike.diagnostics.warnings.map((d) => d.code)).toContain("APX211"); // found, and never mounted
      write({ "src/services/new.ts": `export const n = 1;\n` });
      expect((await run()).fromCache).toBe(false);
    });

    it("still sees a change to a file the analysis read, after such a reuse", async () => {
      await run();
      write({ "src/routes/b.test.ts": `// edited\n` });
      expect((await run()).fromCache).toBe(true);
      write({ "src/perms.ts": `export const P = { Read: "things.list" } as const;\n` });
      const changed = await run();
      expect(changed.fromCache).toBe(false);
      expect(permissionsOf(changed.index)["/v1/others"]).toEqual(["things.list"]);
    });
  });

  it("re-extracts the dependents of a changed import target", async () => {
    await run();
    write({
      "src/routes/b.ts":
        readFileSync(path.join(dir, "src/routes/b.ts"), "utf8") +
        `b.delete("/others/:id", requirePermission("others.delete"), (req, res) => { res.end(); });\n`,
    });
    const next = await run();
    expect(next.fromCache).toBe(false);
    expect(permissionsOf(next.index)["/v1/others/{id}"]).toEqual(["others.delete"]);
  });

  it("changes every permission that uses a changed constant", async () => {
    expect(permissionsOf((await run()).index)).toEqual({
      "/v1/more": ["more.read", "things.read"],
      "/v1/others": ["things.read"],
      "/v1/things/{id}": ["things.read"],
    });
    write({ "src/perms.ts": `export const P = { Read: "things.view" } as const;\n` });
    const next = await run();
    expect(permissionsOf(next.index)).toEqual({
      "/v1/more": ["more.read", "things.view"],
      "/v1/others": ["things.view"],
      "/v1/things/{id}": ["things.view"],
    });
    expect(next.openapi.paths["/v1/things/{id}"].get["x-service-permissions"]).toEqual(["things.view"]);
  });

  it("reads zod-openapi's document on a run after a route changed, and sees the document's own edits", async () => {
    const app = path.join(dir, "web");
    const files: Record<string, string> = {
      "package.json": JSON.stringify({ name: "web", version: "1.0.0" }),
      "next.config.mjs": `export default {};\n`,
      "lib/words.ts": `export const LINKS = "Links";\n`,
      "app/api/links/route.ts": `import { LINKS } from "@/lib/words";\nexport async function GET() { return Response.json([LINKS]); }\n`,
      "app/api/tags/route.ts": `export async function GET() { return Response.json([]); }\n`,
      "lib/openapi/get-links.ts": `import { LINKS } from "../words";\nexport const getLinks = { summary: "List links", tags: [LINKS] };\n`,
      "lib/openapi/index.ts": `import { createDocument } from "zod-openapi";\nimport { getLinks } from "./get-links";\nexport const document = createDocument({ paths: { "/links": { get: getLinks } } });\n`,
      "tsconfig.json": JSON.stringify({ compilerOptions: { baseUrl: ".", paths: { "@/lib/*": ["lib/*"] } } }),
    };
    for (const [name, text] of Object.entries(files)) write({ [`web/${name}`]: text });
    const runApp = async () => {
      const config = await loadConfig({ cwd: app, root: app });
      const result = await generateToDisk(config, { cache: true, cwd: app, clock: settledClock });
      expect(result.diagnostics.errors).toEqual([]);
      return JSON.parse(readFileSync(path.join(app, "dist", "openapi-public.json"), "utf8"));
    };
    expect((await runApp()).paths["/api/links"].get.summary).toBe("List links");
    write({ "web/app/api/tags/route.ts": `export async function GET() { return Response.json(["a"]); }\n` });
    expect((await runApp()).paths["/api/links"].get.tags).toEqual(["Links"]);
    write({
      "web/lib/openapi/get-links.ts": `import { LINKS } from "../words";\nexport const getLinks = { summary: "List every link", tags: [LINKS] };\n`,
    });
    expect((await runApp()).paths["/api/links"].get.summary).toBe("List every link");
  });

  it("recomputes documented shapes when a type they use changes, even in a file no route is in", async () => {
    await run();
    write({ "src/models.ts": `export interface Thing { id: string; name: string; size: number }\n` });
    const next = await run();
    expect(Object.keys(next.openapi.components.schemas.Thing.properties)).toEqual(["id", "name", "size"]);
  });

  it("sees a change to a declaration file that a permission key's type comes from", async () => {
    write({
      "src/keys.d.ts": `export declare const KEYS: { readonly read: "reports.read" };\n`,
      "src/routes/b.ts": `import { Router } from "express";\nimport { requirePermission } from "../auth.js";\nimport { KEYS } from "../keys.js";\nexport const b = Router();\nb.get("/reports", requirePermission(KEYS.read), (req, res) => { res.json([]); });\n`,
    });
    expect(permissionsOf((await run()).index)["/v1/reports"]).toEqual(["reports.read"]);
    write({ "src/keys.d.ts": `export declare const KEYS: { readonly read: "reports.list" };\n` });
    const next = await run();
    expect(next.fromCache).toBe(false);
    expect(permissionsOf(next.index)["/v1/reports"]).toEqual(["reports.list"]);
  });

  it("sees a change to the tsconfig (and a config it extends) that changes where an import resolves", async () => {
    write({
      "tsconfig.base.json": JSON.stringify({ compilerOptions: { baseUrl: ".", paths: { "#perms": ["src/perms.ts"] } } }),
      "tsconfig.json": JSON.stringify({
        extends: "./tsconfig.base.json",
        compilerOptions: { module: "NodeNext", moduleResolution: "NodeNext", strict: true },
      }),
      "src/perms-v2.ts": `export const P = { Read: "things.read.v2" } as const;\n`,
      "src/routes/b.ts": `import { Router } from "express";\nimport { requirePermission } from "../auth.js";\nimport { P } from "#perms";\nexport const b = Router();\nb.get("/others", requirePermission(P.Read), (req, res) => { res.json([]); });\n`,
    });
    expect(permissionsOf((await run()).index)["/v1/others"]).toEqual(["things.read"]);
    write({ "tsconfig.base.json": JSON.stringify({ compilerOptions: { baseUrl: ".", paths: { "#perms": ["src/perms-v2.ts"] } } }) });
    const next = await run();
    expect(next.fromCache).toBe(false);
    expect(permissionsOf(next.index)["/v1/others"]).toEqual(["things.read.v2"]);
  });

  it("sees a package tsconfig appear below the project's, which moves where a file of that package resolves an import", async () => {
    write({
      "src/admin/perms.ts": `export const P = { Read: "admin.read" } as const;\n`,
      "src/routes/b.ts": `import { Router } from "express";\nimport { requirePermission } from "../auth.js";\nimport { P } from "#perms";\nexport const b = Router();\nb.get("/others", requirePermission(P.Read), (req, res) => { res.json([]); });\n`,
      "tsconfig.json": JSON.stringify({
        compilerOptions: { module: "NodeNext", moduleResolution: "NodeNext", baseUrl: ".", paths: { "#perms": ["src/perms.ts"] } },
      }),
    });
    expect(permissionsOf((await run()).index)["/v1/others"]).toEqual(["things.read"]);
    // src/routes now has a tsconfig of its own (a package's): its `#perms` is another file.
    write({
      "src/routes/tsconfig.json": JSON.stringify({ compilerOptions: { baseUrl: ".", paths: { "#perms": ["../admin/perms.ts"] } } }),
    });
    const next = await run();
    expect(next.fromCache).toBe(false);
    expect(permissionsOf(next.index)["/v1/others"]).toEqual(["admin.read"]);
  });

  it("sees a library's declarations and its package.json change under a documented shape, with no source changed", async () => {
    write({
      "node_modules/fakelib/package.json": JSON.stringify({ name: "fakelib", version: "1.0.0", types: "index.d.ts" }),
      "node_modules/fakelib/index.d.ts": `export interface Lib { a: string }\n`,
      "node_modules/fakelib/v2.d.ts": `export interface Lib { a: string; c: boolean }\n`,
      "src/models.ts": `import type { Lib } from "fakelib";\nexport interface Thing { id: string; name: string; lib: Lib }\n`,
    });
    // A library's types are inlined, not components: read the property's schema.
    const libSchema = (r: Awaited<ReturnType<typeof run>>) =>
      (r.openapi.components.schemas.Thing.properties.lib as { properties: Record<string, unknown> }).properties;
    expect(Object.keys(libSchema(await run()))).toEqual(["a"]);
    write({ "node_modules/fakelib/index.d.ts": `export interface Lib { a: string; b: number }\n` });
    const second = await run();
    expect(second.fromCache).toBe(false);
    expect(Object.keys(libSchema(second))).toEqual(["a", "b"]);
    write({ "node_modules/fakelib/package.json": JSON.stringify({ name: "fakelib", version: "1.0.0", types: "v2.d.ts" }) });
    const third = await run();
    expect(third.fromCache).toBe(false);
    expect(Object.keys(libSchema(third))).toEqual(["a", "c"]);
  });

  it("sees a file appear where a broken import pointed, outside the globs", async () => {
    // lib/ is excluded by the default globs: the file is read only because an import names it. The
    // broken import is only a warning, so the run succeeds and is cached with it.
    write({
      "src/routes/b.ts": `import { Router } from "express";\nimport { requirePermission } from "../auth.js";\nimport { SHARED } from "../../lib/shared.js";\nexport const b = Router();\nb.get("/shared", requirePermission("shared.read"), (req, res) => { res.json(SHARED); });\n`,
    });
    const config = await loadConfig({ cwd: dir, root: dir });
    const broken = await generateToDisk(config, { cwd: dir });
    expect(broken.diagnostics.items.map((d) => d.code)).toEqual(["APX110"]);
    expect((await generateToDisk(config, { cwd: dir })).fromCache).toBe(true);
    write({ "lib/shared.ts": `export const SHARED = ["x"];\n` });
    const fixed = await generateToDisk(config, { cwd: dir });
    expect(fixed.fromCache).toBe(false);
    expect(fixed.diagnostics.items).toEqual([]);
  });

  it("sees a new file, a deleted file, and a changed config", async () => {
    await run();
    write({ "src/routes/c.ts": `export const unused = 1;\n` });
    expect((await run()).fromCache).toBe(false);
    rmSync(path.join(dir, "src/routes/c.ts"));
    expect((await run()).fromCache).toBe(false);
    expect((await run()).fromCache).toBe(true);
    write({ "package.json": JSON.stringify({ name: "cached", version: "2.0.0" }) });
    const next = await run();
    expect(next.fromCache).toBe(false);
    expect(next.index.service.version).toBe("2.0.0");
  });

  it("ignores a corrupt cache file", async () => {
    await run();
    const cacheDir = path.join(dir, "node_modules", ".cache", "apidex");
    for (const file of (await import("node:fs")).readdirSync(cacheDir)) writeFileSync(path.join(cacheDir, file), "{ not json");
    const next = await run();
    expect(next.fromCache).toBe(false);
    expect(next.index.count).toBe(3);
  });

  it("never serves artifact bytes that are missing, cut short, or of another run", async () => {
    const cacheDir = path.join(dir, "node_modules", ".cache", "apidex");
    const artifactsFile = () => path.join(cacheDir, readdirSync(cacheDir).find((f) => f.endsWith(".artifacts"))!);
    await run();
    const expected = snapshot();
    // Another run's bytes (an older run of the same project): the entry's id does not match them.
    const older = readFileSync(artifactsFile());
    write({ "src/routes/b.ts": readFileSync(path.join(dir, "src/routes/b.ts"), "utf8").replace('"more.read"', '"more.list"') });
    await run();
    write({ "src/routes/b.ts": readFileSync(path.join(dir, "src/routes/b.ts"), "utf8").replace('"more.list"', '"more.read"') });
    await run();
    writeFileSync(artifactsFile(), older);
    rmSync(path.join(dir, "dist"), { recursive: true });
    expect((await run()).fromCache).toBe(false);
    expect(snapshot()).toEqual(expected);
    // Cut short, then missing.
    writeFileSync(artifactsFile(), readFileSync(artifactsFile()).subarray(0, 100));
    expect((await run()).fromCache).toBe(false);
    expect(snapshot()).toEqual(expected);
    rmSync(artifactsFile());
    expect((await run()).fromCache).toBe(false);
    expect(snapshot()).toEqual(expected);
    expect((await run()).fromCache).toBe(true);
    // Each content is stored once (the index at the top and under api-docs/, the OpenAPI document three
    // times), and a run the cache answers writes every copy back.
    const written = snapshot();
    const total = Object.values(written).reduce((sum, content) => sum + Buffer.from(content, "base64").length, 0);
    const distinct = new Set(Object.values(written)).size;
    expect(distinct).toBeLessThan(Object.keys(written).length);
    const entry = JSON.parse(readFileSync(artifactsFile().replace(/\.artifacts$/, ".json"), "utf8")) as {
      artifacts: { id: string; files: { same?: number }[] };
    };
    expect(entry.artifacts.files.filter((f) => f.same === undefined).length).toBe(distinct);
    expect(readFileSync(artifactsFile()).length).toBeLessThan(total);
    rmSync(path.join(dir, "dist"), { recursive: true });
    expect((await run()).fromCache).toBe(true);
    expect(snapshot()).toEqual(expected);
  });
});

describe("the listing record", () => {
  const entryFile = () => {
    const folder = path.join(dir, "node_modules", ".cache", "apidex");
    return path.join(folder, readdirSync(folder).find((f) => f.endsWith(".json"))!);
  };
  type Entry = { listing?: { folders: Record<string, string>; files: string[] } };
  const entry = () => JSON.parse(readFileSync(entryFile(), "utf8")) as Entry;
  const paths = (result: { index: { operations: { method: string; path: string }[] } }) =>
    result.index.operations.map((o) => `${o.method} ${o.path}`);
  /** A cached run, and the operations a run without the cache finds, which it must match. */
  const both = async () => {
    const cached = await run();
    const cold = await run(false);
    expect(paths(cached)).toEqual(paths(cold));
    return cached;
  };
  // A standalone app in a file nothing imports: only the listing brings it in.
  const standalone = (name: string) =>
    `import express from "express";\nconst app = express();\napp.get("/${name}", (req, res) => { res.json({}); });\n`;

  it("takes the last listing while no folder its walk may enter changed, and walks again after any entry changed", async () => {
    write({ "src/empty/readme.md": "no sources here\n" });
    await run();
    expect(Object.keys(entry().listing!.folders).map((f) => path.relative(dir, f))).toEqual(["", "src", "src/empty", "src/routes"]);
    // The record is what a run takes: one that lists a file the walk would not (a test file) shows it.
    write({ "src/routes/z.test.ts": standalone("from-a-test") });
    await run(); // the folder changed: walked again, and recorded again (the test file is excluded)
    const recorded = entry();
    expect(recorded.listing!.files.some((f) => f.endsWith("z.test.ts"))).toBe(false);
    recorded.listing!.files = [...recorded.listing!.files, path.join(dir, "src", "routes", "z.test.ts")].sort();
    writeFileSync(entryFile(), JSON.stringify(recorded));
    write({ "src/routes/b.ts": readFileSync(path.join(dir, "src/routes/b.ts"), "utf8").replace('"more.read"', '"more.list"') });
    expect(paths(await run())).toContain("GET /from-a-test");
    // Every change of an entry is seen: a file added to a folder, to a new folder, to a folder with no
    // sources before, deleted, renamed.
    rmSync(path.join(dir, "src/routes/z.test.ts"));
    expect(paths(await both())).not.toContain("GET /from-a-test");
    write({ "src/routes/c.ts": standalone("c") });
    expect(paths(await both())).toContain("GET /c");
    write({ "src/extra/deep/d.ts": standalone("d") });
    expect(paths(await both())).toContain("GET /d");
    write({ "src/empty/e.ts": standalone("e") });
    expect(paths(await both())).toContain("GET /e");
    renameSync(path.join(dir, "src/routes/c.ts"), path.join(dir, "src/routes/c.test.ts"));
    expect(paths(await both())).not.toContain("GET /c");
    rmSync(path.join(dir, "src/extra"), { recursive: true });
    expect(paths(await both())).not.toContain("GET /d");
    // A route file in a route tree's folder named like a test folder is listed, and its folder watched.
    write({ "app/hooks/test/route.ts": standalone("from-a-test-segment") });
    expect(paths(await both())).toContain("GET /from-a-test-segment");
    rmSync(path.join(dir, "app/hooks/test/route.ts"));
    expect(paths(await both())).not.toContain("GET /from-a-test-segment");
    rmSync(path.join(dir, "app"), { recursive: true });
    await both();
    expect(Object.keys(entry().listing!.folders).map((f) => path.relative(dir, f))).toEqual(["", "src", "src/empty", "src/routes"]);
  });

  it("is not kept for folders changed just before the walk, nor when an include names hidden folders", async () => {
    await run(true, wallClockNs);
    expect(entry().listing).toBeUndefined();
    await run();
    expect(entry().listing).toBeDefined();
    const config = await loadConfig({ cwd: dir, root: dir });
    await generateToDisk({ ...config, include: ["**/*.ts", ".well-known/**/*.ts"] }, { cache: true, cwd: dir, clock: settledClock });
    expect(entry().listing).toBeUndefined();
  });
});

describe("stat signatures", () => {
  const entryOf = () => {
    const folder = path.join(dir, "node_modules", ".cache", "apidex");
    const name = readdirSync(folder).find((f) => f.endsWith(".json"))!;
    return {
      file: path.join(folder, name),
      data: JSON.parse(readFileSync(path.join(folder, name), "utf8")) as {
        sources: Record<string, string>;
        stats?: Record<string, string>;
        routeCapable?: string[];
      },
    };
  };

  it("take an unchanged file's hash from the signature the last run recorded, without reading it", async () => {
    await run();
    const perms = path.join(dir, "src", "perms.ts");
    const entry = entryOf();
    expect(entry.data.stats?.[perms]).toMatch(/^\d+:\d+:\d+:\d+$/);
    expect(entry.data.routeCapable).toEqual([
      path.join(dir, "src", "app.ts"),
      path.join(dir, "src", "routes", "a.ts"),
      path.join(dir, "src", "routes", "b.ts"),
    ]);
    // The entry says perms.ts has other bytes than it has. A run that read it would see a change and
    // analyse again; one that trusts the (unchanged) signature answers from the cache.
    entry.data.sources[perms] = "not-its-hash";
    writeFileSync(entry.file, JSON.stringify(entry.data));
    expect((await run()).fromCache).toBe(true);
    // With a signature that is not the file's, the file is read: its real hash is not the recorded one.
    entry.data.stats![perms] = "1:2:3:4";
    writeFileSync(entry.file, JSON.stringify(entry.data));
    const read = await run();
    expect(read.fromCache).toBe(false);
    expect(permissionsOf(read.index)["/v1/things/{id}"]).toEqual(["things.read"]);
  });

  it("keep the ids the last run derived, and derive the ids of new routes", async () => {
    await run();
    const entry = entryOf() as ReturnType<typeof entryOf> & { data: { ids?: Record<string, string> } };
    expect(entry.data.ids).toEqual({ "GET /v1/more": "get_more", "GET /v1/others": "list_others", "GET /v1/things/{id}": "get_thing" });
    // The entry's record is what a run takes (a pure function of method and path, and of the build the key
    // names): a record that says otherwise shows it is not derived again.
    entry.data.ids!["GET /v1/others"] = "list_others_recorded";
    writeFileSync(entry.file, JSON.stringify(entry.data));
    write({
      "src/routes/b.ts":
        readFileSync(path.join(dir, "src/routes/b.ts"), "utf8").replace('"more.read"', '"more.list"') +
        `b.post("/others", (req, res) => { res.json({}); });\n`,
    });
    const warm = await run();
    expect(warm.fromCache).toBe(false);
    expect(warm.index.operations.map((o: { operation_id: string }) => o.operation_id)).toEqual([
      "get_more",
      "list_others_recorded",
      "create_other",
      "get_thing",
    ]);
    expect(entryOf().data).toMatchObject({ ids: { "POST /v1/others": "create_other", "GET /v1/others": "list_others_recorded" } });
    // Without the cache, every id is derived.
    await run(false);
    expect(
      JSON.parse(readFileSync(path.join(dir, "dist", "operations.json"), "utf8")).operations.map(
        (o: { operation_id: string }) => o.operation_id,
      ),
    ).toEqual(["get_more", "list_others", "create_other", "get_thing"]);
  });

  it("see a file replaced by other bytes of the same size and its old modification time (cp -p, an archive)", async () => {
    // A whole second, which file times keep exactly.
    const perms = path.join(dir, "src", "perms.ts");
    const old = new Date("2024-03-01T12:00:00Z");
    utimesSync(perms, old, old);
    const first = await run();
    expect(permissionsOf(first.index)["/v1/others"]).toEqual(["things.read"]);
    const before = statSync(perms, { bigint: true });
    write({ "src/perms.ts": `export const P = { Read: "thingz.read" } as const;\n` }); // same length
    utimesSync(perms, old, old);
    const after = statSync(perms, { bigint: true });
    expect([after.size, after.mtimeNs, after.ino]).toEqual([before.size, before.mtimeNs, before.ino]);
    const second = await run();
    expect(second.fromCache).toBe(false);
    expect(permissionsOf(second.index)["/v1/others"]).toEqual(["thingz.read"]);
  });

  it("are not recorded for files changed just before the run (same-tick writes), and recorded once they settle", async () => {
    await run(true, wallClockNs); // the files were all written moments ago
    expect(entryOf().data.stats ?? {}).toEqual({});
    // A run the cache answers learns the signatures of files that have settled since.
    expect((await run()).fromCache).toBe(true);
    expect(Object.keys(entryOf().data.stats ?? {}).sort()).toEqual(
      // Every file of the sources that exists (a place a lookup found nothing, "missing", has no signature).
      Object.entries(entryOf().data.sources as Record<string, string>)
        .filter(([f, hash]) => f.startsWith(path.join(dir, "src")) && hash !== "missing")
        .map(([f]) => f)
        .sort(),
    );
  });

  it("keep the scan's answer for unchanged files: a file that cannot register routes stays unparsed, one that can is still analysed", async () => {
    await run();
    write({ "src/routes/b.ts": readFileSync(path.join(dir, "src", "routes", "b.ts"), "utf8").replace("more.read", "more.read.v2") });
    const edited = await run();
    expect(edited.fromCache).toBe(false);
    expect(permissionsOf(edited.index)).toEqual({
      "/v1/things/{id}": ["things.read"],
      "/v1/others": ["things.read"],
      "/v1/more": ["more.read.v2", "things.read"],
    });
    const cold = await run(false);
    expect(snapshot()).toEqual((await run(false), snapshot()));
    expect(cold.index).toEqual(edited.index);
  });
});

describe("the scan", () => {
  it("lists the same files with the folder excludes merged into one pattern as with each apart", async () => {
    const tree = [
      "src/app.ts",
      "src/libs/ok.ts",
      "src/distance.ts",
      "src/lib/ok.ts",
      "packages/api/package.json",
      "packages/api/lib/no.js",
      "packages/api/src/lib/ok.ts",
      // A JavaScript package that does not build (no tsconfig.json, no src/): its lib/ is its source.
      "packages/js-service/package.json",
      "packages/js-service/lib/ok.js",
      // A TypeScript package whose tsconfig.json compiles lib/ into dist/: its lib/ is its source.
      "packages/ts-lib/package.json",
      "packages/ts-lib/lib/ok.ts",
      // A Next.js app (its output is .next): its lib/ is its shared code, beside a tsconfig.json.
      "packages/next-app/package.json",
      "packages/next-app/tsconfig.json",
      "packages/next-app/next.config.mjs",
      "packages/next-app/lib/ok.ts",
      // A JavaScript server beside a front-end whose tsconfig.json builds src/ into another folder (CryptPad's
      // `outDir: "./www/common"`): that build says nothing of lib/, which the server runs as it is.
      "packages/js-server/package.json",
      "packages/js-server/src/client.ts",
      "packages/js-server/lib/ok.js",
      "src/tests/no.ts",
      "src/__tests__/no.ts",
      "src/test/no.ts",
      "src/testing/ok.ts",
      "node_modules/pkg/no.ts",
      "dist/no.js",
      "lib/no.ts",
      "build/no.ts",
      "coverage/no.ts",
      "a.d.ts",
      "a.test.ts",
      "src/news.integ.ts",
      "src/app.e2e-spec.ts",
      // A route tree's folder named like a test folder is a URL segment (/api/webhooks/test); a test
      // folder's own app, and other files there, stay out.
      "app/api/webhooks/test/route.ts",
      "app/api/webhooks/test/helpers.ts",
      "test/fixtures/app/api/x/test/route.ts",
      // Demos beside the service stay out, but an `examples` segment of a route tree is a URL segment too.
      "examples/auth-server/no.ts",
      "samples/sample-with-app/no.ts",
      "app/api/examples/route.ts",
      "app/api/samples/route.ts",
      // A route tree's `.well-known` folder is a URL segment (RFC 8615); other hidden folders stay out.
      "app/.well-known/assetlinks.json/route.ts",
      ".next/server/app/.well-known/x/route.js",
      "src/.hidden/ok.ts",
      ".git/hooks/no.ts",
      "src/generated/no.ts",
      "src/legacy/no.ts",
      "src/legacy-ok.ts",
      "deep/a/b/dist/no.ts",
      "deep/a/b/c.mts",
    ];
    for (const file of tree) write({ [file]: "export {};\n" });
    // A route module named like a test file is a URL segment where the router routes by file name (TanStack's
    // `$webhookId.test.ts` is /webhooks/{webhookId}/test, Remix's flat `api.hooks.$id.test.ts` alike): listed when
    // it defines a route; a unit test beside the routes, or a route module below a test folder, stays out.
    write({
      "src/routes/webhooks/$webhookId.test.ts": `export const Route = createFileRoute("/webhooks/$webhookId/test")({ server: { handlers: {} } });\n`,
      "app/routes/api.hooks.$id.test.ts": "export async function action() { return null; }\n",
      "src/routes/users.test.ts": `import { it } from "vitest";\nit("lists users", () => {});\n`,
      "test/routes/x.test.ts": `export const Route = createFileRoute("/x/test")({});\n`,
    });
    write({
      "packages/ts-lib/tsconfig.json": `{\n  // comments, as tsconfig allows\n  "compilerOptions": { "rootDir": "lib", "outDir": "dist" },\n  "include": ["lib/**/*"]\n}\n`,
      "packages/api/tsconfig.json": `{ "compilerOptions": { "rootDir": "src", "outDir": "lib" } }\n`,
      "packages/js-server/tsconfig.json": `{ "compilerOptions": { "outDir": "./www/common" }, "include": ["src/**/*"] }\n`,
    });
    const { DEFAULT_EXCLUDE, DEFAULT_INCLUDE } = await import("../generator/config/defaults.js");
    const exclude = [...DEFAULT_EXCLUDE, "**/generated/**", "**/.git/**", "src/legacy/**"];
    expect(mergeFolderExcludes(exclude)).toEqual([
      "**/{node_modules,dist,build,coverage,__tests__,test,tests,examples,samples,generated,.git}/**",
      "**/*.d.ts",
      "**/*.{test,spec,e2e-spec,e2e,integ,integration,int-spec}.*",
      "**/*.stories.*",
      "src/legacy/**",
    ]);
    const listed = (await listSources({ root: dir, include: DEFAULT_INCLUDE, exclude })).map((f) =>
      path.relative(dir, f).split(path.sep).join("/"),
    );
    const apart = globSync(DEFAULT_INCLUDE, {
      cwd: dir,
      ignore: exclude,
      onlyFiles: true,
      followSymbolicLinks: false,
      expandDirectories: false,
    }).sort();
    // A package's lib folder (at the root, or beside a package.json) is build output when the package builds; src/lib is source.
    const isOutput = packageLibs(dir);
    expect(listed).toEqual(
      [
        ...apart,
        "app/api/webhooks/test/route.ts",
        "app/api/examples/route.ts",
        "app/api/samples/route.ts",
        "app/.well-known/assetlinks.json/route.ts",
        "src/routes/webhooks/$webhookId.test.ts",
        "app/routes/api.hooks.$id.test.ts",
      ]
        .filter((f) => !isOutput(path.join(dir, f)))
        .sort(),
    );
    // What the tree above puts in (hidden folders are not listed, as before).
    expect(listed.filter((f) => tree.includes(f))).toEqual([
      "app/.well-known/assetlinks.json/route.ts",
      "app/api/examples/route.ts",
      "app/api/samples/route.ts",
      "app/api/webhooks/test/route.ts",
      "deep/a/b/c.mts",
      "packages/api/src/lib/ok.ts",
      "packages/js-server/lib/ok.js",
      "packages/js-server/src/client.ts",
      "packages/js-service/lib/ok.js",
      "packages/next-app/lib/ok.ts",
      "packages/next-app/next.config.mjs",
      "packages/ts-lib/lib/ok.ts",
      "src/app.ts",
      "src/distance.ts",
      "src/legacy-ok.ts",
      "src/lib/ok.ts",
      "src/libs/ok.ts",
      "src/testing/ok.ts",
    ]);
  });

  it("reads the package's entry files (main, bin, the start script's file) though their text registers nothing, with and without the cache", async () => {
    rmSync(path.join(dir, "src"), { recursive: true });
    write({
      "package.json": JSON.stringify({
        name: "entry",
        main: "server.js",
        bin: { tool: "bin/tool.js" },
        scripts: { start: "node --enable-source-maps ./main.js" },
      }),
      // Each entry only calls a function of a module that registers routes when called.
      "server.js": `require("./web").listen();\n`,
      "bin/tool.js": `require("../admin").start();\n`,
      "main.js": `require("./extra").go();\n`,
      "elsewhere.js": `require("./never").go();\n`,
      "web.js": `const express = require("express");\nconst app = express();\nfunction listen() { app.get("/from-main", (q, s) => s.end()); app.listen(1); }\nmodule.exports = { listen };\n`,
      "admin.js": `const express = require("express");\nconst app = express();\nexports.start = () => { app.get("/from-bin", (q, s) => s.end()); };\n`,
      "extra.js": `const express = require("express");\nconst app = express();\nexports.go = function () { app.get("/from-script", (q, s) => s.end()); };\n`,
      "never.js": `const express = require("express");\nconst app = express();\nexports.go = function () { app.get("/never", (q, s) => s.end()); };\n`,
    });
    const paths = (index: { operations: { path: string }[] }) => index.operations.map((o) => o.path).sort();
    const cold = await run(false);
    expect(paths(cold.index)).toEqual(["/from-bin", "/from-main", "/from-script"]);
    expect(paths((await run(true)).index)).toEqual(paths(cold.index));
    expect(paths((await run(true)).index)).toEqual(paths(cold.index));
  });

  it("reads a start script's file named without its extension, as Node resolves it (node ./mm-serveronly is its index.js, node -r x mm-api is mm-api.js)", async () => {
    rmSync(path.join(dir, "src"), { recursive: true });
    const registers = (route: string, call: string) =>
      `const express = require("express");\nconst app = express();\nexports.${call} = function () { app.get("${route}", (q, s) => s.end()); };\n`;
    write({
      "package.json": JSON.stringify({
        name: "mirror",
        // The package's main is an Electron shell whose callback apidex does not run.
        main: "mm-shell.js",
        scripts: {
          server: "node ./mm-serveronly",
          "start:api": "cross-env PORT=1 node -r dotenv/config mm-api",
          "dev:watch": "nodemon -w mm-lib -e ts,js mm-watched",
          "start:eval": `node -e "require('./mm-never').go()"`,
          "start:run": "node --run server",
        },
      }),
      "mm-shell.js": `require("electron").app.on("ready", () => require("./mm-core").start());\n`,
      "mm-serveronly/index.js": `require("../mm-core").start().then(() => {});\n`,
      "mm-api.js": `require("./mm-extra").go();\n`,
      "mm-watched.js": `require("./mm-more").go();\n`,
      "mm-lib/index.js": `require("../mm-never").go();\n`,
      "mm-core.js": `const express = require("express");\nfunction Core() { this.start = async function () { const app = express(); app.get("/config", (q, s) => s.end()); app.listen(1); }; }\nmodule.exports = new Core();\n`,
      "mm-extra.js": registers("/from-script", "go"),
      "mm-more.js": registers("/from-nodemon", "go"),
      "mm-never.js": registers("/never", "go"),
    });
    const paths = (index: { operations: { path: string }[] }) => index.operations.map((o) => o.path).sort();
    const cold = await run(false);
    // `nodemon -w mm-lib -e ts,js mm-watched`: `mm-lib` is the folder it watches, not the file it runs; `node -e`
    // runs inline code and `node --run` a package script, no file.
    expect(paths(cold.index)).toEqual(["/config", "/from-nodemon", "/from-script"]);
    expect(paths((await run(true)).index)).toEqual(paths(cold.index));
  });

  it("reads a file a start script runs as a program (./bin/server with a node #! line) and the files node-dev and babel-node run", async () => {
    rmSync(path.join(dir, "src"), { recursive: true });
    // Each registers inside a function only an entry calls, so only a file read as an entry gives its route.
    const registers = (route: string) =>
      `const express = require("express");\nconst app = express();\nexports.start = function () { app.get("${route}", (q, s) => s.end()); };\n`;
    write({
      "package.json": JSON.stringify({
        name: "tunnel",
        // With an entry of its own, the files no entry reaches are not run.
        main: "index.js",
        scripts: {
          start: "./bin/server",
          dev: "NODE_ENV=development node-dev bin/dev --port 3000",
          "start:babel": "babel-node --presets env server/babel",
          // A shell script run as a program is no source (its #! runs sh).
          "start:sh": "./bin/run-sh",
        },
      }),
      "index.js": `console.log("tunnel");\n`,
      "bin/server": `#!/usr/bin/env node -r esm\nrequire("../server-app").start();\n`,
      "bin/dev.js": `require("../dev-app").start();\n`,
      "bin/run-sh": `#!/bin/sh\nexec echo never\n`,
      "server/babel.js": `require("../babel-app").start();\n`,
      "babel-app.js": registers("/from-babel-node"),
      "server-app.js": registers("/from-bin-server"),
      "dev-app.js": registers("/from-node-dev"),
    });
    const paths = (index: { operations: { path: string }[] }) => index.operations.map((o) => o.path).sort();
    const cold = await run(false);
    expect(paths(cold.index)).toEqual(["/from-babel-node", "/from-bin-server", "/from-node-dev"]);
    expect(paths((await run(true)).index)).toEqual(paths(cold.index));
  });

  it("maps an entry in build output back to its source (main: dist/server.js of src/server.ts) and reads start:dev-style scripts", async () => {
    rmSync(path.join(dir, "src"), { recursive: true });
    write({
      "package.json": JSON.stringify({
        name: "entry",
        main: "dist/server.js",
        scripts: { "start:dev": "ts-node-dev --respawn app/dev.ts", build: "tsc", lint: "eslint app/lint.ts" },
      }),
      "tsconfig.json": `{\n  // comments are allowed here\n  "compilerOptions": { "outDir": "./dist", "rootDir": "./app", },\n}\n`,
      // The entries only build a class from other modules: no framework import, no registration-shaped call.
      "app/server.ts": `import { App } from "./app";\nimport { Users } from "./users";\nnew App([new Users()]).init();\n`,
      "app/dev.ts": `import { App } from "./app";\nimport { Admin } from "./admin";\nnew App([new Admin()]).init();\n`,
      "app/lint.ts": `import { App } from "./app";\nimport { Never } from "./never";\nnew App([new Never()]).init();\n`,
      "app/app.ts": `import express, { type Router } from "express";\nexport class App {\n  private app = express();\n  constructor(private readonly controllers: { boot(): Router }[]) {}\n  init() { for (const c of this.controllers) this.app.use("/v1", c.boot()); }\n}\n`,
      "app/users.ts": `import { Router } from "express";\nexport class Users { boot() { const r = Router(); r.get("/users", (q, s) => s.end()); return r; } }\n`,
      "app/admin.ts": `import { Router } from "express";\nexport class Admin { boot() { const r = Router(); r.get("/admin", (q, s) => s.end()); return r; } }\n`,
      "app/never.ts": `import { Router } from "express";\nexport class Never { boot() { const r = Router(); r.get("/never", (q, s) => s.end()); return r; } }\n`,
    });
    const paths = (index: { operations: { path: string }[] }) => index.operations.map((o) => o.path).sort();
    const cold = await run(false);
    expect(paths(cold.index)).toEqual(["/v1/admin", "/v1/users"]);
    expect(paths((await run(true)).index)).toEqual(paths(cold.index));
  });

  it("maps a JavaScript project's entry in build output back to its source through its jsconfig.json (main: out/server.js of app/server.js)", async () => {
    rmSync(path.join(dir, "src"), { recursive: true });
    rmSync(path.join(dir, "tsconfig.json"));
    write({
      "package.json": JSON.stringify({ name: "entry-js", main: "out/server.js", scripts: { build: "babel app -d out" } }),
      "jsconfig.json": JSON.stringify({ compilerOptions: { outDir: "./out", rootDir: "./app" } }),
      // The entry only starts what another module builds: no framework import, no registration-shaped call.
      // (The factory's base comes from the entry's call: run without it, the path could not be read.)
      "app/server.js": `const { start } = require("./app");\nstart("/v2");\n`,
      "app/app.js": `const express = require("express");\nexports.start = (base) => { const app = express(); app.get(base + "/health", (q, s) => s.end()); app.listen(3000); };\n`,
    });
    const paths = (index: { operations: { path: string }[] }) => index.operations.map((o) => o.path).sort();
    const cold = await run(false);
    expect(paths(cold.index)).toEqual(["/v2/health"]);
    expect(paths((await run(true)).index)).toEqual(["/v2/health"]);
  });

  it("reads a bin script's import of build output from its source (require('../dist') of src/index.ts), with the tsconfig's outDir or without one", async () => {
    rmSync(path.join(dir, "src"), { recursive: true });
    const files = (tsconfig: string): Record<string, string> => ({
      "package.json": JSON.stringify({ name: "server", main: "index.js", bin: { server: "./bin/server" } }),
      // The outDir and rootDir come from a base it extends, written with ${configDir} (TypeScript 5.5).
      "tsconfig.json": tsconfig,
      "tsconfig.base.json": JSON.stringify({ compilerOptions: { outDir: "${configDir}/out", rootDir: "${configDir}/app", allowJs: true } }),
      // An extensionless script a `#!` line runs, whose text neither imports a framework nor registers.
      "bin/server": `#!/usr/bin/env node\nconst Server = require("../out")\nconst server = new Server()\nserver.start().catch(() => process.exit(-1))\n`,
      "app/index.ts": [
        `import express from "express";`,
        `import { users } from "./routes/users";`,
        `class Server {`,
        // The app is made when the class is: only the script's call of start() registers its routes.
        `  private readonly app = express();`,
        `  start() { return new Promise((resolve) => { this.app.use("/v1", users()); this.app.listen(3000, () => resolve(this)); }); }`,
        `}`,
        `module.exports = Server;`,
      ].join("\n"),
      "app/routes/users.ts": `import { Router } from "express";\nexport function users() { const r = Router(); r.get("/users", (q, s) => s.end()); return r; }\n`,
    });
    write(files(JSON.stringify({ extends: "./tsconfig.base.json", include: ["./app/**/*"] })));
    const paths = (index: { operations: { path: string }[] }) => index.operations.map((o) => o.path).sort();
    const cold = await run(false);
    expect(paths(cold.index)).toEqual(["/v1/users"]);
    expect(paths((await run(true)).index)).toEqual(["/v1/users"]);
    // Without an outDir, a `dist` beside the package's folders is looked for under its `src/`.
    rmSync(path.join(dir, "app"), { recursive: true });
    const plain = Object.fromEntries(
      Object.entries(files("{}"))
        .filter(([name]) => name !== "tsconfig.base.json")
        .map(([name, text]) => [name.replace(/^app\//, "src/"), text.replace('"../out"', '"../dist"')]),
    );
    write(plain);
    rmSync(path.join(dir, "tsconfig.base.json"));
    expect(paths((await run(false)).index)).toEqual(["/v1/users"]);
  });

  it("reads the entry a start script's shell script runs (node _build/... of a tsconfig base's outDir), as the run cache does", async () => {
    rmSync(path.join(dir, "src"), { recursive: true });
    write({
      "package.json": JSON.stringify({ name: "shell", scripts: { start: "sandbox/watch.sh", build: "tsc --build" } }),
      // The outDir and rootDir come from a base config it extends, relative to that file.
      "tsconfig.json": JSON.stringify({ extends: "./buildtools/tsconfig-base.json", files: [] }),
      "buildtools/tsconfig-base.json": `{\n  // the build's own options\n  "compilerOptions": { "rootDir": "..", "outDir": "../_build", "allowJs": true },\n}\n`,
      "sandbox/watch.sh": `#!/usr/bin/env bash\nset -e\n# node _build/never.js (a comment)\nif [ ! -e _build ]; then buildtools/build.sh; fi\n./sandbox/run.sh\n`,
      "sandbox/run.sh": `#!/usr/bin/env bash\nexec env NODE_PATH=_build node _build/stubs/server.js\n`,
      // The entry only calls a class of another module: no framework import, no registration-shaped call.
      "stubs/server.ts": `import { Server } from "../app/server";\nnew Server().start();\n`,
      "app/server.ts": `import express from "express";\nexport class Server {\n  private readonly app = express();\n  start() { this.app.get("/api/docs", (q, s) => s.end()); }\n}\n`,
    });
    const paths = (index: { operations: { path: string }[] }) => index.operations.map((o) => o.path).sort();
    const cold = await run(false);
    expect(paths(cold.index)).toEqual(["/api/docs"]);
    expect(paths((await run(true)).index)).toEqual(["/api/docs"]);
  });

  it("reads an Nx project's entry from project.json (a target's options.main, a workspace path) when its scripts only run nx", async () => {
    rmSync(path.join(dir, "src"), { recursive: true });
    // An Nx workspace: nx.json at its root, the project in apps/api, paths in project.json the workspace's.
    write({
      "nx.json": "{}",
      "apps/api/package.json": JSON.stringify({ name: "api", scripts: { start: "nx serve api" } }),
      "apps/api/project.json": `{\n  // Nx writes workspace-relative paths\n  "targets": { "build": { "options": { "main": "apps/api/src/main.ts" } }, "lint": { "options": {} } },\n}\n`,
      "apps/api/src/main.ts": `import { App } from "./app";\nnew App().start();\n`,
      "apps/api/src/app.ts": `import express from "express";\nimport { users } from "./users";\nexport class App { private app = express(); start() { this.app.use("/v1", users()); } }\n`,
      "apps/api/src/users.ts": `import { Router } from "express";\nexport function users() { const r = Router(); r.get("/users", (q, s) => s.end()); return r; }\n`,
    });
    const project = path.join(dir, "apps/api");
    const config = await loadConfig({ cwd: project, root: project });
    const result = await generateToDisk(config, { cache: false, cwd: project, clock: settledClock });
    expect(result.diagnostics.errors).toEqual([]);
    const index = JSON.parse(readFileSync(path.join(project, "dist", "operations.json"), "utf8"));
    expect(index.operations.map((o: { path: string }) => o.path)).toEqual(["/v1/users"]);
  });

  it("runs the entries of each workspace package when run at a monorepo's root, as when run on the package", async () => {
    rmSync(path.join(dir, "src"), { recursive: true });
    rmSync(path.join(dir, "tsconfig.json"));
    // Two services of one monorepo; each entry only calls its package's app factory (no registration-shaped text).
    write({
      "package.json": JSON.stringify({ name: "mono", private: true, workspaces: ["services/*"] }),
      "services/orders/package.json": JSON.stringify({ name: "orders", main: "dist/index.js" }),
      "services/orders/src/index.ts": `import { createApp } from "./app";\nconst server = createApp();\nserver.listen(3000);\n`,
      "services/orders/src/app.ts": `import express from "express";\nexport function createApp() { const app = express(); app.get("/orders", (q, s) => s.end()); return app; }\n`,
      "services/users/package.json": JSON.stringify({ name: "users", scripts: { start: "tsx src/main.ts" } }),
      "services/users/src/main.ts": `import { build } from "./build";\nbuild({ port: 3001 });\n`,
      "services/users/src/build.ts": `import express from "express";\nexport function build(options: { port: number }) { const app = express(); app.get("/users/:id", (q, s) => s.end()); app.listen(options.port); }\n`,
    });
    const paths = (index: { operations: { path: string }[] }) => index.operations.map((o) => o.path).sort();
    const atRoot = await run(false);
    expect(paths(atRoot.index)).toEqual(["/orders", "/users/{id}"]);
    // Two servers in one tree, indexed together: said (each service may be run on its own).
    expect(atRoot.diagnostics.items.map((d) => d.code)).toEqual(["APX412"]);
  });

  it("runs the entries of an Nx workspace's projects (project.json, no package.json of their own) when run at its root", async () => {
    rmSync(path.join(dir, "src"), { recursive: true });
    rmSync(path.join(dir, "tsconfig.json"));
    // Nx needs no package manager's workspaces: its projects are the folders with a project.json.
    write({
      "nx.json": "{}",
      "package.json": JSON.stringify({ name: "mono", private: true, scripts: { start: "nx serve api" } }),
      "apps/orders/project.json": JSON.stringify({ targets: { build: { options: { main: "apps/orders/src/main.ts" } } } }),
      "apps/orders/src/main.ts": `require("./start").start({ prefix: "/v1" });\n`,
      "apps/orders/src/start.ts": `import express, { Router } from "express";\nexport function start(o: { prefix: string }) { const app = express(); const r = Router(); r.get("/orders", (q, s) => s.end()); app.use(o.prefix, r); app.listen(3000); }\n`,
    });
    const config = await loadConfig({ cwd: dir, root: dir });
    const result = await generateToDisk(config, { cache: false, cwd: dir, clock: settledClock });
    expect(result.diagnostics.errors).toEqual([]);
    const index = JSON.parse(readFileSync(path.join(dir, "dist", "operations.json"), "utf8"));
    // The prefix is the entry's: read only when the entry runs.
    expect(index.operations.map((o: { path: string }) => o.path)).toEqual(["/v1/orders"]);
    expect(result.diagnostics.items.map((d) => d.code)).toEqual([]);
  });

  it("parses files that cannot register routes only when an analysed file imports them", async () => {
    write({
      "src/unused-model.ts": `export interface Broken { a: string \n`,
      "src/used-constants.ts": `export const EXTRA = "others.extra";\nexport const = ;\n`,
      "src/routes/c.ts": `import { Router } from "express";\nimport { requirePermission } from "../auth.js";\nimport { EXTRA } from "../used-constants.js";\nexport const c = Router();\nc.get("/extra", requirePermission(EXTRA), (req, res) => { res.json([]); });\n`,
      "src/app.ts": `import express from "express";\nimport { a } from "./routes/a.js";\nimport { b } from "./routes/b.js";\nimport { c } from "./routes/c.js";\nexport const app = express();\napp.use("/v1", a);\napp.use("/v1", b);\napp.use("/v1", c);\n`,
    });
    const config = await loadConfig({ cwd: dir, root: dir });
    const result = await generateToDisk(config, { cache: false, cwd: dir });
    // The imported file's syntax error is found; the model nothing imports is never parsed.
    expect(result.diagnostics.items.map((d) => `${d.code} ${path.relative(dir, d.site!.file)}`)).toEqual(["APX100 src/used-constants.ts"]);
  });

  it("does not parse a module that is imported but whose exports nothing evaluates", async () => {
    write({
      // Called inside a handler, which apidex reads but does not run: the import is only checked to resolve.
      "src/services/broken.ts": `export function findThings() { return [ }\n`,
      "src/routes/b.ts": `import { Router } from "express";\nimport { findThings } from "../services/broken.js";\nimport { gone } from "../services/gone.js";\nexport const b = Router();\nb.get("/others", (req, res) => { res.json(findThings(gone)); });\n`,
    });
    const config = await loadConfig({ cwd: dir, root: dir });
    const result = await generateToDisk(config, { cache: false, cwd: dir });
    expect(result.diagnostics.items.map((d) => `${d.code} ${path.relative(dir, d.site!.file)}:${d.site!.line}`)).toEqual([
      "APX110 src/routes/b.ts:3",
    ]);
  });
});

describe("watch mode", () => {
  it("re-parses only what changed and keeps the artifacts exact", async () => {
    const { WatchSession } = await import("../generator/watch-session.js");
    const config = await loadConfig({ cwd: dir, root: dir });
    const { session, result } = await WatchSession.start(config, dir);
    expect(result.counts.indexed).toBe(3);
    const read = () => JSON.parse(readFileSync(path.join(dir, "dist", "operations.json"), "utf8"));

    write({ "src/perms.ts": `export const P = { Read: "things.view" } as const;\n` });
    await session.update([path.join(dir, "src/perms.ts")]);
    expect(permissionsOf(read())["/v1/others"]).toEqual(["things.view"]);

    write({
      "src/routes/c.ts": `import { Router } from "express";\nexport const c = Router();\nc.get("/new", (req, res) => { res.end(); });\n`,
      "src/app.ts": `import express from "express";\nimport { a } from "./routes/a.js";\nimport { b } from "./routes/b.js";\nimport { c } from "./routes/c.js";\nexport const app = express();\napp.use("/v1", a);\napp.use("/v1", b);\napp.use("/v1", c);\n`,
    });
    await session.update([path.join(dir, "src/routes/c.ts"), path.join(dir, "src/app.ts")]);
    expect(read().operations.map((o: { path: string }) => o.path)).toContain("/v1/new");

    write({ "src/models.ts": `export interface Thing { id: string; name: string; size: number }\n` });
    await session.update([path.join(dir, "src/models.ts")]);
    const openapi = JSON.parse(readFileSync(path.join(dir, "dist", "openapi-public.json"), "utf8"));
    expect(Object.keys(openapi.components.schemas.Thing.properties)).toEqual(["id", "name", "size"]);

    // Byte-identical to what a cold run writes from the same sources.
    const watched = readFileSync(path.join(dir, "dist", "openapi-public.json"));
    await run(false);
    expect(readFileSync(path.join(dir, "dist", "openapi-public.json")).equals(watched)).toBe(true);
  });
});

describe("the module summaries beside an entry", () => {
  const summary = (routes: number): ModuleSummary => ({
    touches: [],
    routers: [
      {
        kind: "router",
        site: { file: "/p/a.ts", line: 1, column: 1 },
        layers: Array.from({ length: routes }, (_, i) => ({
          type: "route",
          method: "GET",
          paths: [`/r${i}`],
          checks: [],
          terminal: true,
          site: { file: "/p/a.ts", line: i + 2, column: 1 },
        })),
      },
    ],
    exports: {},
    resolutions: [],
    exportNames: [],
    starExports: false,
    diagnostics: [],
    reached: { visited: [], invoked: [] },
  });
  const summaries = (modules: Record<string, ModuleSummary>): ModuleSummaries => ({
    adapter: "express",
    imports: Object.fromEntries(Object.keys(modules).map((f) => [f, []])),
    keyTypeFiles: [],
    modules,
  });
  const modules = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`/p/m${i}.ts`, summary(20)]));
  const file = () => path.join(dir, "entry.summaries");
  const plain = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

  it("writes each run's summaries and reads them back for that run's entry only; a file cut short or of another key is none", () => {
    new SummariesStore(file(), "k").write("d1", summaries(modules));
    const second = new SummariesStore(file(), "k");
    const read = second.read("d1")!;
    expect(plain(read)).toEqual(plain(summaries(modules)));
    const { ["/p/m9.ts"]: dropped, ...rest } = read.modules;
    expect(dropped).toBeDefined();
    const changed = { ...rest, "/p/m0.ts": summary(21) };
    second.write("d2", summaries(changed));
    // A summary read from the file is written back as the line it was read from.
    expect(readFileSync(file(), "utf8")).toContain(`"/p/m1.ts"\t${JSON.stringify(read.modules["/p/m1.ts"])}`);
    expect(plain(new SummariesStore(file(), "k").read("d2"))).toEqual(plain(summaries(changed)));
    // Each set belongs to its entry's sources only.
    expect(new SummariesStore(file(), "k").read("d1")).toBeUndefined();
    expect(new SummariesStore(file(), "other key").read("d2")).toBeUndefined();
    const text = readFileSync(file(), "utf8");
    writeFileSync(file(), text.slice(0, -1));
    expect(new SummariesStore(file(), "k").read("d2")).toBeUndefined();
    writeFileSync(file(), text);
    expect(plain(new SummariesStore(file(), "k").read("d2"))).toEqual(plain(summaries(changed)));
  });
});

describe("the cache folder", () => {
  it("keeps the most recently written entries and removes the oldest", async () => {
    await run(); // this project's entry, written now
    const folder = path.join(dir, "node_modules", ".cache", "apidex");
    const own = readdirSync(folder).filter((f) => f.endsWith(".json"));
    expect(own).toHaveLength(1);
    // Entries of projects that are gone, each written a day earlier than the one before.
    for (let i = 0; i < MAX_ENTRIES + 5; i++) {
      const file = path.join(folder, `stale-${i}.json`);
      writeFileSync(file, "{}");
      const when = new Date(Date.now() - (i + 1) * 86_400_000);
      utimesSync(file, when, when);
    }
    pruneOldest(folder, MAX_ENTRIES);
    const left = readdirSync(folder).filter((f) => f.endsWith(".json"));
    expect(left).toHaveLength(MAX_ENTRIES);
    expect(left).toContain(own[0]);
    expect(left).not.toContain(`stale-${MAX_ENTRIES + 4}.json`); // the oldest went first
    expect(left).toContain("stale-0.json");
  });

  it("prunes when a run adds an entry, and leaves the folder alone when a run rewrites its own", async () => {
    const folder = path.join(dir, "node_modules", ".cache", "apidex");
    mkdirSync(folder, { recursive: true });
    const stale = (i: number) => {
      const file = path.join(folder, `stale-${i}.json`);
      writeFileSync(file, "{}");
      const when = new Date(Date.now() - (i + 1) * 86_400_000);
      utimesSync(file, when, when);
    };
    for (let i = 0; i < MAX_ENTRIES + 3; i++) stale(i);
    const entries = () => readdirSync(folder).filter((f) => f.endsWith(".json"));
    await run(); // adds this project's entry: prunes
    expect(entries()).toHaveLength(MAX_ENTRIES);
    stale(MAX_ENTRIES + 10);
    // An edit makes the next run a miss, which rewrites its entry: nothing new, so no listing of the folder.
    write({ "src/perms.ts": `export const P = { Read: "things.read.v2" } as const;\n` });
    await run();
    expect(entries()).toHaveLength(MAX_ENTRIES + 1);
    // Another project's first run adds an entry to the same folder: pruned again.
    const other = path.join(dir, "other");
    mkdirSync(path.join(other, "src"), { recursive: true });
    writeFileSync(
      path.join(other, "src", "app.ts"),
      `import express from "express";\nexport const app = express();\napp.get("/x", (q, s) => s.end());\n`,
    );
    const config = await loadConfig({ cwd: dir, root: other });
    await generateToDisk(config, { cwd: dir });
    expect(entries()).toHaveLength(MAX_ENTRIES);
  });
});

describe("the build id the cache is keyed on", () => {
  it("changes with any compiled file or template, and only with them", () => {
    write({ "lib/a.js": "export const a = 1;\n", "lib/build-id.txt": "old\n", "templates/page.html": "<p>1</p>\n" });
    const id = () => buildIdOf(dir, ["lib", "templates"], ["lib/build-id.txt"]);
    const first = id();
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(id()).toBe(first);
    write({ "lib/build-id.txt": "another\n" }); // its own output does not count
    expect(id()).toBe(first);
    write({ "templates/page.html": "<p>2</p>\n" });
    const second = id();
    expect(second).not.toBe(first);
    write({ "lib/b.js": "export const b = 2;\n" });
    expect(id()).not.toBe(second);
  });
});
