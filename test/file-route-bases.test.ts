import { describe, expect, it } from "vitest";
import { diagnosticLines, generateFrom, type InMemoryCase, routeLines } from "./helpers/in-memory.js";

/**
 * What the real-world corpus's file-routed services (kener: SvelteKit; ziit: Nuxt; ungh: Nitro) showed apidex
 * missing: SvelteKit serves every route under `kit.paths.base`; a base taken from the environment is often
 * written `process.env.X ? process.env.X : ""`; a rest parameter inside a segment (`[...slug].md`) is a catch-all.
 */
const elysiaUnderBase = {
  "src/lib/server/api/index.ts": `import { Elysia } from "elysia";\nimport { base } from "$app/paths";\nexport const app = new Elysia({ prefix: \`\${base}/api/v2\` }).get("/items", () => []);\n`,
  "src/routes/api/v2/[...slugs]/+server.ts": `import { app } from "$lib/server/api";\nexport const GET = ({ request }: { request: Request }) => app.handle(request);\n`,
};

/** An Express app with one router at `/items`, mounted at `prefix` (after the line `before`). */
const expressUnder = (before: string, prefix: string) =>
  [
    `import express from "express";`,
    `const app = express();`,
    `const router = express.Router();`,
    `router.get("/items", (req, res) => res.json([]));`,
    ...(before ? [before] : []),
    `app.use(${prefix}, router);`,
    `app.listen(3000);`,
  ].join("\n");

const cases: InMemoryCase[] = [
  {
    name: "SvelteKit: a `kit.paths.base` written as a string is the start of every endpoint's path (the root endpoint is the base itself), and of the catch-all a served app must lie under",
    files: {
      "svelte.config.js": `export default { kit: { paths: { base: "/status" } } };\n`,
      ...elysiaUnderBase,
      "src/routes/+server.ts": `export const GET = () => new Response("ok");\n`,
      "src/routes/api/monitors/[tag]/+server.ts": `export const GET = () => new Response("");\nexport const PATCH = () => new Response("");\n`,
    },
    routes: ["GET /status []", "GET /status/api/monitors/{tag} []", "GET /status/api/v2/items []", "PATCH /status/api/monitors/{tag} []"],
  },
  {
    name: 'SvelteKit: a base of "/" or "" leaves the paths as they are',
    files: {
      "svelte.config.js": `const config = { kit: { paths: { base: "" } } };\nexport default config;\n`,
      "src/routes/api/items/+server.ts": `export const GET = () => new Response("");\n`,
    },
    routes: ["GET /api/items []"],
  },
  {
    name: 'SvelteKit: `base: process.env.BASE ? process.env.BASE : ""` is the variable\'s default in the code, said once where the config sets it (APX219), whoever reads it first',
    files: {
      "svelte.config.js": `const basePath = process.env.KENER_BASE_PATH ? process.env.KENER_BASE_PATH : "";\nexport default { kit: { paths: { base: basePath } } };\n`,
      ...elysiaUnderBase,
      "src/routes/api/items/+server.ts": `export const GET = () => new Response("");\n`,
    },
    routes: ["GET /api/items []", "GET /api/v2/items []"],
    diagnostics: ["APX219 svelte.config.js:2"],
  },
  {
    name: "SvelteKit: a base default that is not empty starts the paths, and the config's `env` decides instead when it sets the variable",
    files: {
      "svelte.config.js": `export default { kit: { paths: { base: process.env.APP_BASE || "/app" } } };\n`,
      "src/routes/api/items/+server.ts": `export const GET = () => new Response("");\n`,
    },
    routes: ["GET /app/api/items []"],
    diagnostics: ["APX219 svelte.config.js:1"],
  },
  {
    name: "SvelteKit: the config's `env` sets the base",
    files: {
      "svelte.config.js": `export default { kit: { paths: { base: process.env.APP_BASE ? process.env.APP_BASE : "" } } };\n`,
      "src/routes/api/items/+server.ts": `export const GET = () => new Response("");\n`,
    },
    config: { env: { APP_BASE: "/tenant" } },
    routes: ["GET /tenant/api/items []"],
  },
  {
    name: 'SvelteKit: a base known only at run time leaves the endpoints relative to it, marked `unresolved: ["path"]`, with one APX201',
    files: {
      "svelte.config.js": `import { readBase } from "./base.js";\nexport default { kit: { paths: { base: readBase() } } };\n`,
      "base.js": `export const readBase = () => globalThis.BASE;\n`,
      "src/routes/api/items/+server.ts": `export const GET = () => new Response("");\n`,
      "src/routes/api/users/+server.ts": `export const POST = () => new Response("");\n`,
    },
    routes: ["GET /api/items [] unresolved(path)", "POST /api/users [] unresolved(path)"],
    diagnostics: ["APX201 src/routes/api/items/+server.ts:1"],
  },
  {
    name: "a rest parameter inside a segment matches across slashes: SvelteKit's `[...slug].md` and Astro's `[...path].json.ts` are catch-alls (APX205)",
    files: {
      "src/routes/docs/raw/[...slug].md/+server.ts": `export const GET = () => new Response("");\n`,
      "src/routes/docs/[id]/+server.ts": `export const GET = () => new Response("");\n`,
    },
    routes: ["GET /docs/raw/{slug}.md []", "GET /docs/{id} []"],
    diagnostics: ["APX205 src/routes/docs/raw/[...slug].md/+server.ts:1"],
  },
  {
    name: "Astro: a rest parameter inside a file name (`[...path].json.ts`) is a catch-all (APX205)",
    files: {
      "astro.config.mjs": `import { defineConfig } from "astro/config";\nexport default defineConfig({});\n`,
      "src/pages/api/[...path].json.ts": `export const GET = () => new Response("{}");\n`,
      "src/pages/api/[id].ts": `export const GET = () => new Response("{}");\n`,
    },
    routes: ["GET /api/{id} []", "GET /api/{path}.json []"],
    diagnostics: ["APX205 src/pages/api/[...path].json.ts:1"],
  },
  {
    name: 'Express: a prefix `process.env.BASE ? process.env.BASE : "/api"` is that default (APX219), as `process.env.BASE || "/api"` is',
    files: {
      "src/app.ts": expressUnder(`const base = process.env.API_BASE ? process.env.API_BASE : "/api";`, "base"),
    },
    routes: ["GET /api/items []"],
    diagnostics: ["APX219 src/app.ts:5"],
  },
  {
    name: 'Express: a `let` default normalized by an `if` apidex cannot decide that gives it the same string (`if (base === "/") base = ""`) keeps the default; one that gives another is unknown after it (APX201)',
    files: {
      "src/app.ts": expressUnder(`let base = process.env.API_BASE || "/api";\nif (base === "/") {\n  base = "/api";\n}`, "base"),
      "src/other.ts": [
        `import express from "express";`,
        `const app = express();`,
        `let root = process.env.ROOT || "/v1";`,
        `if (root.endsWith("/")) root = root.slice(0, -1) + "/x";`,
        `app.get(\`\${root}/health\`, (req, res) => res.end());`,
        `app.listen(3001);`,
      ].join("\n"),
    },
    routes: ["GET /api/items []", "GET /health [] unresolved(path)"],
    diagnostics: ["APX219 -", "APX412 src/app.ts:2", "APX219 src/app.ts:5", "APX201 src/other.ts:5"],
  },
  {
    name: "Express: with the config's `env`, the conditional is decided by it",
    files: {
      "src/app.ts": expressUnder("", `process.env.API_BASE ? process.env.API_BASE : "/api"`),
    },
    config: { env: { API_BASE: "/v2" } },
    routes: ["GET /v2/items []"],
  },
  {
    name: "Nuxt: `app.baseURL` written as a string is the start of every server route's path, API and not",
    files: {
      "nuxt.config.ts": `export default defineNuxtConfig({\n  app: { baseURL: "/h5/" },\n  runtimeConfig: { public: { baseURL: "https://api.example.com" } },\n});\n`,
      "server/api/users/[id].get.ts": `export default defineEventHandler(() => ({}));\n`,
      "server/routes/health.get.ts": `export default defineEventHandler(() => "ok");\n`,
    },
    routes: ["GET /h5/api/users/{id} []", "GET /h5/health []"],
    diagnostics: [],
  },
  {
    name: "Nuxt: a `baseURL` elsewhere in the config (`runtimeConfig.public.baseURL`) is no base of the server",
    files: {
      "nuxt.config.ts": `const config = { runtimeConfig: { public: { baseURL: "/not-a-base" } } };\nexport default defineNuxtConfig(config);\n`,
      "server/api/users.get.ts": `export default defineEventHandler(() => []);\n`,
    },
    routes: ["GET /api/users []"],
    diagnostics: [],
  },
  {
    name: "Nitro: a standalone app's `baseURL` (nitro.config.ts) is the start of its routes' paths",
    files: {
      "nitro.config.ts": `export default defineNitroConfig({ baseURL: "/v1" });\n`,
      "routes/repos/[owner].get.ts": `export default defineEventHandler(() => ({}));\n`,
    },
    routes: ["GET /v1/repos/{owner} []"],
    diagnostics: [],
  },
  {
    name: "Nuxt: a base apidex cannot read leaves the server routes relative to it, marked unresolved, said once where the config sets it (APX201)",
    files: {
      "nuxt.config.ts": `export default defineNuxtConfig({\n  app: { baseURL: computeBase() },\n});\n`,
      "server/api/users.get.ts": `export default defineEventHandler(() => []);\n`,
      "server/api/teams.get.ts": `export default defineEventHandler(() => []);\n`,
    },
    routes: ["GET /api/teams [] unresolved(path)", "GET /api/users [] unresolved(path)"],
    diagnostics: ["APX201 nuxt.config.ts:2"],
  },
];

describe("file-routed bases and catch-alls", () => {
  it.each(cases)("$name", async ({ files, config, routes, diagnostics }) => {
    const result = await generateFrom(files, config ?? {});
    expect(routeLines(result)).toEqual([...routes].sort());
    expect(diagnosticLines(result)).toEqual(diagnostics ?? []);
  });
});
