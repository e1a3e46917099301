import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { wallClockNs } from "../generator/cache/source-stats.js";
import { loadConfig } from "../generator/config/load-config.js";
import { generateToDisk } from "../generator/generate-to-disk.js";
import { DEFAULT_EXCLUDE, DEFAULT_INCLUDE } from "../generator/config/defaults.js";
import { astroPaths } from "../generator/extract/file-routes/file-paths.js";
import { listSources } from "../generator/scan/list-sources.js";
import { diagnosticLines, generateFrom, type InMemoryCase, routeLines } from "./helpers/in-memory.js";

/**
 * What the real-world corpus of file-routed frameworks (Astro, SvelteKit, Remix, Nuxt/Nitro, Next.js) showed
 * apidex reading wrong, each case written the way those projects write it.
 */

const ASTRO_CONFIG = `import { defineConfig } from "astro/config";\nexport default defineConfig({});\n`;

const cases: InMemoryCase[] = [
  {
    name: "Astro: a file or folder under src/pages whose name starts with `_` is no route (Astro's route scan skips it), though it exports a GET",
    files: {
      "astro.config.mjs": ASTRO_CONFIG,
      "src/pages/api/v1/rates.json.ts": `import type { APIRoute } from "astro";\nimport { rates } from "./_data";\nexport const GET: APIRoute = () => Response.json(rates);\n`,
      "src/pages/api/v1/_data.ts": `export const rates = {};\nexport async function GET() { return Response.json(rates); }\n`,
      "src/pages/_internal/debug.ts": `export const GET = () => new Response("debug");\n`,
    },
    routes: ["GET /api/v1/rates.json []"],
  },
  {
    name: "SvelteKit: a rest parameter's empty match is outranked by a route at that path (api/regions/+server.ts answers /api/regions, 405 for a method it lacks); with no route there it keeps it",
    files: {
      "svelte.config.js": `export default { kit: {} };\n`,
      "src/routes/api/regions/+server.ts": `import { json, type RequestHandler } from "@sveltejs/kit";\nexport const GET: RequestHandler = async () => json([]);\n`,
      "src/routes/api/regions/[...ids]/+server.ts": `import { json, type RequestHandler } from "@sveltejs/kit";\nexport const GET: RequestHandler = async ({ params }) => json(params.ids.split("/"));\nexport const POST: RequestHandler = async () => json({});\n`,
      "src/routes/docs/[...path]/+server.ts": `export const GET = () => new Response("");\n`,
    },
    routes: ["GET /api/regions []", "GET /api/regions/{ids} []", "GET /docs []", "GET /docs/{path} []", "POST /api/regions/{ids} []"],
    diagnostics: [
      "APX205 src/routes/api/regions/[...ids]/+server.ts:2",
      "APX205 src/routes/api/regions/[...ids]/+server.ts:3",
      "APX205 src/routes/docs/[...path]/+server.ts:1",
    ],
  },
  {
    name: "SvelteKit: an optional parameter's path without it is outranked by a static route there ([[lang]]/feed and feed)",
    files: {
      "svelte.config.js": `export default { kit: {} };\n`,
      "src/routes/feed/+server.ts": `export const GET = () => new Response("");\n`,
      "src/routes/[[lang]]/feed/+server.ts": `export const GET = () => new Response("");\nexport const POST = () => new Response("");\n`,
    },
    routes: ["GET /feed []", "GET /{lang}/feed []", "POST /{lang}/feed []"],
  },
  {
    name: "Astro: a rest parameter's empty match is outranked by a static endpoint at that path (docs/index.ts answers /docs)",
    files: {
      "astro.config.mjs": ASTRO_CONFIG,
      "src/pages/docs/index.ts": `import type { APIRoute } from "astro";\nexport const GET: APIRoute = () => Response.json([]);\n`,
      "src/pages/docs/[...slug].ts": `import type { APIRoute } from "astro";\nexport const GET: APIRoute = ({ params }) => Response.json(params);\nexport const DELETE: APIRoute = () => new Response(null, { status: 204 });\n`,
    },
    routes: ["DELETE /docs/{slug} []", "GET /docs []", "GET /docs/{slug} []"],
    diagnostics: ["APX205 src/pages/docs/[...slug].ts:2", "APX205 src/pages/docs/[...slug].ts:3"],
  },
  {
    name: "SvelteKit: the shorthand `paths: { base }` over `const base = process.env.PATH_BASE || ''` is said where the config sets the variable's default (APX219), not at the first endpoint read",
    files: {
      "svelte.config.js": `import adapter from "@sveltejs/adapter-node";\n\nconst base = process.env.PATH_BASE || "";\n\nexport default { kit: { adapter: adapter(), paths: { base } } };\n`,
      "src/routes/api/items/+server.ts": `import { json } from "@sveltejs/kit";\nexport const GET = () => json([]);\n`,
    },
    routes: ["GET /api/items []"],
    diagnostics: ["APX219 svelte.config.js:3"],
  },
];

describe("file-routed frameworks: corpus findings", () => {
  it.each(cases)("$name", async ({ files, routes, diagnostics, config }) => {
    const result = await generateFrom(files, config);
    expect(routeLines(result)).toEqual(routes);
    expect(diagnosticLines(result)).toEqual(diagnostics ?? []);
  });

  it.each([
    ["src/pages/api/_data.ts", undefined],
    ["src/pages/_private/feed.json.ts", undefined],
    ["src/pages/.well-known/api-catalog.ts", ["/.well-known/api-catalog"]],
  ])("maps %s as Astro routes it", (file, paths) => {
    expect(astroPaths(file)?.paths).toEqual(paths);
  });
});

describe("file-routed frameworks: listing a project's files", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "apidex-file-routes-corpus-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("lists an Astro endpoint in a `.well-known` folder of src/pages (Astro routes it: RFC 8615's /.well-known/api-catalog)", async () => {
    const files = {
      "astro.config.mjs": ASTRO_CONFIG,
      "src/pages/.well-known/api-catalog.ts": `export const GET = () => Response.json({ linkset: [] });\n`,
      "src/pages/api/v1/years.json.ts": `export const GET = () => Response.json([]);\n`,
      // Other hidden folders hold no routes.
      "src/pages/.drafts/x.ts": `export const GET = () => new Response("");\n`,
    };
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      writeFileSync(path.join(dir, name), text);
    }
    const listed = (await listSources({ root: dir, include: DEFAULT_INCLUDE, exclude: [...DEFAULT_EXCLUDE] })).map((f) =>
      path.relative(dir, f).split(path.sep).join("/"),
    );
    expect(listed.filter((f) => f.startsWith("src/")).sort()).toEqual([
      "src/pages/.well-known/api-catalog.ts",
      "src/pages/api/v1/years.json.ts",
    ]);
  });
});

describe("file-routed frameworks: a run with the cache", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "apidex-file-routes-ranked-"));
  afterAll(() => {
    for (const folder of [dir, `${dir}-out-cached`, `${dir}-out-full`]) rmSync(folder, { recursive: true, force: true });
  });
  const write = (files: Record<string, string | null>) => {
    for (const [name, text] of Object.entries(files)) {
      if (text === null) rmSync(path.join(dir, name), { force: true });
      else {
        mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
        writeFileSync(path.join(dir, name), text);
      }
    }
  };
  const operations = (out: string) =>
    (JSON.parse(readFileSync(path.join(out, "operations.json"), "utf8")) as { operations: { method: string; path: string }[] }).operations
      .map((o) => `${o.method} ${o.path}`)
      .sort();
  /** A cached run (replaying unchanged route files) and one without the cache, which must agree. */
  const bothRuns = async () => {
    const config = await loadConfig({ cwd: dir, root: dir, out: `${dir}-out-cached` });
    const cached = await generateToDisk(config, { cache: true, cwd: dir, clock: () => wallClockNs() + 3_600_000_000_000n });
    const fullConfig = await loadConfig({ cwd: dir, root: dir, out: `${dir}-out-full` });
    rmSync(fullConfig.out, { recursive: true, force: true });
    const full = await generateToDisk(fullConfig, { cache: false, cwd: dir });
    expect(cached.diagnostics.sorted().map((d) => d.code)).toEqual(full.diagnostics.sorted().map((d) => d.code));
    expect(operations(config.out)).toEqual(operations(fullConfig.out));
    return operations(fullConfig.out);
  };

  it("re-reads a rest route when a route file that outranks its path without the rest is added or removed (its paths depend on it)", async () => {
    write({
      "package.json": JSON.stringify({ name: "ranked", version: "1.0.0", type: "module" }),
      "svelte.config.js": `export default { kit: {} };\n`,
      "src/routes/api/regions/[...ids]/+server.ts": `export const GET = () => new Response("");\nexport const POST = () => new Response("");\n`,
    });
    expect(await bothRuns()).toEqual(["GET /api/regions", "GET /api/regions/{ids}", "POST /api/regions", "POST /api/regions/{ids}"]);
    write({ "src/routes/api/regions/+server.ts": `export const GET = () => new Response("");\n` });
    expect(await bothRuns()).toEqual(["GET /api/regions", "GET /api/regions/{ids}", "POST /api/regions/{ids}"]);
    write({ "src/routes/api/regions/+server.ts": null });
    expect(await bothRuns()).toEqual(["GET /api/regions", "GET /api/regions/{ids}", "POST /api/regions", "POST /api/regions/{ids}"]);
  });
});
