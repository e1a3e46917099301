import { readFileSync, writeFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import fg from "fast-glob";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../generator/config/load-config.js";
import { pagesApiPaths } from "../generator/extract/file-routes/file-paths.js";
import { generate } from "../generator/generate.js";
import { canonicalJson } from "../generator/write/canonical-json.js";
import { diagnosticLines, generateFrom, type InMemoryCase, routeLines } from "./helpers/in-memory.js";
import { REPO_ROOT } from "./helpers/repo.js";

/**
 * Next.js shapes met in real projects beyond the App Router basics (test/file-routes.test.ts): the project's
 * next.config (`basePath`, `pageExtensions`) and next-connect routers in Pages Router API files.
 */

const AUTH = `export const requirePermission = (key: string) => (req: unknown, res: unknown, next: () => void) => next();\nexport const authenticate = (req: unknown, res: unknown, next: () => void) => next();\n`;
const HELLO = `export async function GET() { return Response.json({}); }\n`;
const PING = `export default function handler(req: any, res: any) { if (req.method !== "GET") return res.status(405).end(); res.json({}); }\n`;

/**
 * basePath: Next.js serves every route under it, API routes included ("basePath ... must be set at build time
 * and cannot be changed without re-building"; next.config docs, `basePath`): `app/api/hello/route.ts` with
 * `basePath: "/docs"` answers `/docs/api/hello`. pageExtensions: only files ending in one of the listed
 * extensions are pages or route files, and the extension is not part of the route ("pageExtensions" docs:
 * `page.tsx` → `/`). Booting Next needs the whole `next` package and a build, so these cases rely on those
 * documented conventions rather than on a runtime oracle.
 */
const configCases: InMemoryCase[] = [
  {
    name: "basePath: App Router and Pages Router files served under it",
    files: {
      "next.config.js": `/** @type {import('next').NextConfig} */\nconst nextConfig = { basePath: "/docs", reactStrictMode: true };\nmodule.exports = nextConfig;\n`,
      "app/api/hello/route.ts": HELLO,
      "pages/api/ping.ts": PING,
    },
    routes: ["GET /docs/api/hello []", "GET /docs/api/ping []"],
  },
  {
    name: "basePath: through plugins (withSentryConfig(config, options), withBundleAnalyzer(opts)(config)) in next.config.mjs",
    files: {
      "next.config.mjs": `import { withSentryConfig } from "@sentry/nextjs";\nimport bundleAnalyzer from "@next/bundle-analyzer";\nconst withBundleAnalyzer = bundleAnalyzer({ enabled: false });\nconst nextConfig = { basePath: "/console", output: "standalone" };\nexport default withSentryConfig(withBundleAnalyzer(nextConfig), { silent: true });\n`,
      "src/app/api/v1/items/[id]/route.ts": HELLO,
    },
    routes: ["GET /console/api/v1/items/{id} []"],
  },
  {
    name: "basePath: next.config.ts with `satisfies NextConfig`, and Next's config function of the phase",
    files: {
      "next.config.ts": `import type { NextConfig } from "next";\nexport default (phase: string) => {\n  const config = { basePath: "/app" } satisfies NextConfig;\n  return config;\n};\n`,
      "app/(api)/api/health/route.ts": HELLO,
    },
    routes: ["GET /app/api/health []"],
  },
  {
    name: "basePath: empty, or a config without one, leaves the paths alone",
    files: {
      "next.config.js": `module.exports = { basePath: "", images: { unoptimized: true } };\n`,
      "app/api/hello/route.ts": HELLO,
    },
    routes: ["GET /api/hello []"],
  },
  {
    name: "basePath: a value known only at run time is said once, and the routes are relative to it",
    files: {
      "next.config.js": `module.exports = { basePath: process.env.NEXT_PUBLIC_BASE_PATH };\n`,
      "app/api/hello/route.ts": HELLO,
      "pages/api/ping.ts": PING,
    },
    routes: ["GET /api/hello [] unresolved(path)", "GET /api/ping [] unresolved(path)"],
    diagnostics: ["APX201 next.config.js:1"],
  },
  {
    name: "basePath: each Next.js app of a monorepo by its own config",
    files: {
      "apps/web/next.config.js": `module.exports = { basePath: "/web" };\n`,
      "apps/web/src/app/api/hello/route.ts": HELLO,
      "apps/admin/app/api/hello/route.ts": HELLO,
    },
    routes: ["GET /api/hello []", "GET /web/api/hello []"],
    // Two apps, two servers, indexed together.
    diagnostics: ["APX412 apps/admin/app/api/hello/route.ts:1"],
  },
  {
    name: "pageExtensions: only files with a listed ending are routes, named without it",
    files: {
      "next.config.js": `module.exports = { pageExtensions: ["public.js", "public.ts"] };\n`,
      "pages/api/v1/status/index.public.js": PING,
      "pages/api/v1/users/[username].public.ts": PING,
      "pages/api/v1/users/helpers.js": `export default function notARoute(req, res) { res.end(); }\n`,
      "app/api/v2/route.public.ts": HELLO,
      "app/api/v2/other/route.ts": HELLO,
    },
    routes: ["GET /api/v1/status []", "GET /api/v1/users/{username} []", "GET /api/v2 []"],
  },
];

/**
 * next-connect in a Pages Router file: the router answers a request with the first registration of its method
 * (or `all`) after the `use()` middleware before it; other methods get its `onNoMatch` (404). 1.x makes the
 * router with `createRouter()` and serves it with `router.handler()`; 0.x's `nc()` is itself the handler. The
 * 1.x rules are checked against the real package below; 0.x's registration methods are those of its source
 * (`get`, `head`, `post`, `put`, `delete`, `options`, `trace`, `patch`, `all`, `use`).
 */
const connectCases: InMemoryCase[] = [
  {
    name: "next-connect 1.x: statements on the router, use() checks before, a route's own middleware",
    files: {
      "lib/auth.ts": AUTH,
      "pages/api/users/[id].ts": `import { createRouter } from "next-connect";\nimport { authenticate, requirePermission } from "../../../lib/auth";\nconst router = createRouter();\nrouter.use(authenticate).use(requirePermission("users:read"));\nrouter.get(async (req, res) => { res.json({}); });\nrouter.put(requirePermission("users:write"), async (req, res) => { res.json({}); });\nexport default router.handler({ onError: (err, req, res) => { res.status(500).end(); } });\n`,
    },
    routes: ["GET /api/users/{id} [users:read]", "PUT /api/users/{id} [users:read,users:write]"],
  },
  {
    name: "next-connect 1.x: a chain ending in handler(), use() after a route does not check it",
    files: {
      "lib/auth.ts": AUTH,
      "src/pages/api/orders.ts": `import { createRouter as makeRouter } from "next-connect";\nimport { requirePermission } from "../../lib/auth";\nexport default makeRouter()\n  .get((req, res) => res.json([]))\n  .use(requirePermission("orders:write"))\n  .post((req, res) => res.json({}))\n  .handler();\n`,
    },
    routes: ["GET /api/orders []", "POST /api/orders [orders:write]"],
  },
  {
    name: "next-connect 0.x: nc() is the handler; all() answers every method",
    files: {
      "pages/api/posts.ts": `import nc from "next-connect";\nconst handler = nc({ onNoMatch: (req, res) => res.status(405).end() })\n  .get((req, res) => { res.json([]); })\n  .delete((req, res) => { res.status(204).end(); });\nexport default handler;\n`,
      "pages/api/echo.js": `const nextConnect = require("next-connect");\nconst handler = nextConnect();\nhandler.all((req, res) => res.end(req.method));\nmodule.exports = handler;\nexport default handler;\n`,
    },
    routes: [
      "DELETE /api/echo []",
      "DELETE /api/posts []",
      "GET /api/echo []",
      "GET /api/posts []",
      "HEAD /api/echo []",
      "OPTIONS /api/echo []",
      "PATCH /api/echo []",
      "POST /api/echo []",
      "PUT /api/echo []",
    ],
  },
  {
    name: "next-connect: a registration under a path pattern is said and left out",
    files: {
      "pages/api/files/[...path].ts": `import { createRouter } from "next-connect";\nconst router = createRouter();\nrouter.get("/api/files/:name", (req, res) => res.end());\nrouter.post((req, res) => res.end());\nexport default router.handler();\n`,
    },
    routes: ["POST /api/files/{path} []"],
    diagnostics: ["APX201 pages/api/files/[...path].ts:3", "APX205 pages/api/files/[...path].ts:5"],
  },
  {
    name: "not next-connect: a project router of the same shape is read as before (its methods cannot be read)",
    files: {
      "lib/router.ts": `export function createRouter() { return { get(fn: unknown) { return this; }, handler() { return (req: any, res: any) => res.end(); } }; }\n`,
      "pages/api/thing.ts": `import { createRouter } from "../../lib/router";\nconst router = createRouter();\nrouter.get(() => {});\nexport default router.handler();\n`,
    },
    routes: ["DELETE /api/thing []", "GET /api/thing []", "PATCH /api/thing []", "POST /api/thing []", "PUT /api/thing []"],
    diagnostics: ["APX230 pages/api/thing.ts:4"],
  },
];

describe("next.config: basePath and pageExtensions", () => {
  it.each(configCases)("$name", async ({ files, routes, diagnostics }) => {
    const result = await generateFrom(files);
    expect(routeLines(result)).toEqual(routes);
    expect(diagnosticLines(result)).toEqual(diagnostics ?? []);
  });
});

describe("next-connect routers in Pages Router files", () => {
  it.each(connectCases)("$name", async ({ files, routes, diagnostics }) => {
    const result = await generateFrom(files);
    expect(routeLines(result)).toEqual(routes);
    expect(diagnosticLines(result)).toEqual(diagnostics ?? []);
  });
});

const FIXTURE = path.join(REPO_ROOT, "test", "fixtures", "next-connect");

async function fixtureIndex() {
  const result = await generate(await loadConfig({ cwd: REPO_ROOT, root: FIXTURE }));
  expect(result.diagnostics.errors).toEqual([]);
  return result;
}

describe("next-connect fixture", () => {
  it("matches the golden index", async () => {
    const result = await fixtureIndex();
    const file = path.join(FIXTURE, "expected-operations.json");
    if (process.env.UPDATE_GOLDEN) writeFileSync(file, canonicalJson(result.index));
    expect(canonicalJson(result.index)).toBe(readFileSync(file, "utf8"));
  });

  it("equals the methods the real next-connect 1.0 answers at each file's path", async () => {
    const result = await fixtureIndex();
    // Each file's default export is the handler Next calls; what it answers is asked of next-connect itself:
    // a method it has no registration for ends in its onNoMatch (404). The file's path is Next's Pages Router
    // convention (pages/api/x/[id].ts → /api/x/[id]), the one part taken from the docs.
    const runtime: string[] = [];
    for (const rel of fg.sync(["pages/api/**/*.ts"], { cwd: FIXTURE }).sort()) {
      const mod = (await import(pathToFileURL(path.join(FIXTURE, rel)).href)) as {
        default: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
      };
      const route = pagesApiPaths(rel)!.paths[0]!;
      const url = route.replace(/\{(\w+)\}/g, "x");
      for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]) {
        const res = fakeResponse();
        await mod.default({ method, url, headers: {} } as IncomingMessage, res as unknown as ServerResponse);
        if (res.statusCode !== 404) runtime.push(`${method} ${route}`);
      }
    }
    // GET registrations answer HEAD too in next-connect 1.x (as in Express); the index lists HEAD only where the
    // code registers it (here: `all()`).
    const indexed = result.index.operations.map((o) => `${o.method} ${o.path}`);
    const getPaths = new Set(indexed.filter((o) => o.startsWith("GET ")).map((o) => o.slice(4)));
    const expected = [...indexed, ...[...getPaths].map((p) => `HEAD ${p}`)];
    expect([...new Set(runtime)].sort()).toEqual([...new Set(expected)].sort());
  });
});

/** Enough of a ServerResponse for next-connect's handlers and onNoMatch: the status and end(). */
function fakeResponse() {
  return {
    statusCode: 200,
    headersSent: false,
    setHeader() {},
    end() {
      this.headersSent = true;
    },
  };
}
