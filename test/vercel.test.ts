import { readFileSync, writeFileSync } from "node:fs";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import fg from "fast-glob";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../generator/config/load-config.js";
import { generate, type GenerateResult } from "../generator/generate.js";
import { canonicalJson } from "../generator/write/canonical-json.js";
import { diskProject } from "./helpers/disk-project.js";
import { filesUnder } from "./helpers/files.js";
import { diagnosticLines, generateFrom, type InMemoryCase, routeLines } from "./helpers/in-memory.js";
import { REPO_ROOT } from "./helpers/repo.js";

/**
 * Vercel Functions: the project's root `api/` folder, one function per file, and vercel.json's rewrites.
 * The runtime oracle asks Vercel's own route computation where each path goes — @vercel/fs-detectors'
 * `detectBuilders` (the functions and their route regexes, as a deployment builds them) and
 * @vercel/routing-utils' `getTransformedRoutes` (vercel.json's rewrites as route regexes) — and then calls
 * the real function modules over HTTP on 127.0.0.1, dispatched as @vercel/node 24's runtime does (read from
 * its `compileUserCode`: the default export, through nested `default`s, is called as `(req, res)` unless it
 * or the module has `GET`/`POST`/... functions or a `fetch`, which answer as Web handlers, 405 for a method
 * without one). Booting @vercel/node itself needs the Vercel CLI's dev server (it talks to it over IPC), so
 * that dispatch rule is the one part taken from its source rather than run.
 */
const FIXTURE = path.join(REPO_ROOT, "test", "fixtures", "vercel");
const HTTP_METHODS = ["GET", "HEAD", "OPTIONS", "POST", "PUT", "DELETE", "PATCH"];

async function fixtureIndex(): Promise<GenerateResult> {
  const result = await generate(await loadConfig({ cwd: REPO_ROOT, root: FIXTURE }));
  expect(result.diagnostics.errors).toEqual([]);
  return result;
}

describe("Vercel Functions fixture", () => {
  it("matches the golden index", async () => {
    const result = await fixtureIndex();
    const file = path.join(FIXTURE, "expected-operations.json");
    if (process.env.UPDATE_GOLDEN) writeFileSync(file, canonicalJson(result.index));
    expect(canonicalJson(result.index)).toBe(readFileSync(file, "utf8"));
  });

  describe("against Vercel's route table and the functions' answers", () => {
    let server: http.Server;
    let base = "";
    let router: VercelRouter;
    beforeAll(async () => {
      router = await vercelRouter(FIXTURE);
      server = http.createServer((req, res) => {
        void serveFunction(router, req, res).catch((error: unknown) => {
          res.statusCode = 500;
          res.end(String(error));
        });
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it("routes every indexed path to the function apidex read it from, and every function and rewrite is indexed", async () => {
      const result = await fixtureIndex();
      const reached = new Set<string>();
      for (const op of result.operations) {
        const file = router.resolve(concrete(op.path))?.file;
        expect(file, `${op.method} ${op.path}`).toBe(path.relative(FIXTURE, op.site.file).split(path.sep).join("/"));
        reached.add(file!);
      }
      expect([...reached].sort()).toEqual([...router.functions].sort());
      // Each rewrite to a function sends at least one indexed path there.
      for (const rewrite of router.rewrites.filter((r) => r.dest.startsWith("/api")))
        expect(
          result.operations.some((op) => new RegExp(rewrite.src).test(concrete(op.path))),
          rewrite.src,
        ).toBe(true);
    });

    it("indexes, at each path, the methods the function answers (not 404 or 405)", async () => {
      const result = await fixtureIndex();
      const paths = [...new Set(result.operations.map((o) => o.path))].sort();
      const runtime: string[] = [];
      for (const p of paths)
        for (const method of HTTP_METHODS) {
          const response = await fetch(`${base}${concrete(p)}`, { method });
          if (response.status !== 404 && response.status !== 405) runtime.push(`${method} ${p}`);
        }
      const indexed = result.operations.map((o) => `${o.method} ${o.path}`);
      expect(runtime.sort()).toEqual([...new Set(indexed)].sort());
    });
  });
});

/** A concrete URL for an OpenAPI path: each parameter a sample segment. */
const concrete = (p: string) => p.replace(/\{\w+\}/g, "p1");

interface VercelRouter {
  /** The function files Vercel builds (relative, posix). */
  functions: string[];
  /** vercel.json's rewrites as Vercel's route regexes. */
  rewrites: { src: string; dest: string }[];
  /** The function a request path reaches: the filesystem (functions) first, then the rewrites, as Vercel routes. */
  resolve(url: string): { file: string; query: Record<string, string> } | undefined;
}

async function vercelRouter(root: string): Promise<VercelRouter> {
  const { detectBuilders } = (await import("@vercel/fs-detectors")) as unknown as {
    detectBuilders(
      files: string[],
      pkg: unknown,
      options: Record<string, unknown>,
    ): Promise<{
      builders: { use: string; src: string }[] | null;
      defaultRoutes: { src?: string; dest?: string; status?: number }[] | null;
    }>;
  };
  const { getTransformedRoutes } = (await import("@vercel/routing-utils")) as unknown as {
    getTransformedRoutes(config: Record<string, unknown>): { routes: { src?: string; dest?: string; status?: number }[] | null };
  };
  const files = fg.sync(["**/*"], { cwd: root, dot: true, ignore: ["expected-operations.json"] });
  const config = JSON.parse(readFileSync(path.join(root, "vercel.json"), "utf8")) as Record<string, unknown>;
  const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as unknown;
  const detected = await detectBuilders(files, pkg, { cleanUrls: config.cleanUrls });
  const functions = (detected.builders ?? []).filter((b) => b.use === "@vercel/node").map((b) => b.src);
  // The functions' routes (the last default route serves the static files).
  const fsRoutes = (detected.defaultRoutes ?? []).filter((r) => r.src && r.dest?.startsWith("/api/"));
  const rewrites = (getTransformedRoutes(config).routes ?? []).filter(
    (r): r is { src: string; dest: string } => !r.status && r.src !== undefined && r.dest !== undefined,
  );
  const match = (routes: readonly { src?: string; dest?: string }[], url: string) => {
    for (const route of routes) {
      const found = new RegExp(route.src!).exec(url);
      if (found) return route.dest!.replace(/\$(\d+)/g, (_, n: string) => found[Number(n)] ?? "");
    }
    return undefined;
  };
  const toFunction = (dest: string) => {
    const [file, query] = dest.replace(/^\//, "").split("?");
    return functions.includes(file!) ? { file: file!, query: Object.fromEntries(new URLSearchParams(query ?? "")) } : undefined;
  };
  return {
    functions,
    rewrites,
    resolve(url) {
      const own = match(fsRoutes, url);
      if (own) return toFunction(own);
      const rewritten = match(rewrites, url);
      const again = rewritten && match(fsRoutes, rewritten.split("?")[0]!);
      return again ? toFunction(again) : undefined;
    },
  };
}

/** Calls the function Vercel's route table sends the request to, as @vercel/node dispatches to its exports. */
async function serveFunction(router: VercelRouter, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  const target = router.resolve(url.pathname);
  if (!target) {
    res.statusCode = 404;
    res.end();
    return;
  }
  let listener = (await import(pathToFileURL(path.join(FIXTURE, target.file)).href)) as Record<string, unknown>;
  for (let i = 0; i < 5 && listener.default; i++) listener = listener.default as Record<string, unknown>;
  const method = req.method ?? "GET";
  const web = HTTP_METHODS.some((m) => typeof listener[m] === "function") || typeof listener.fetch === "function";
  if (web) {
    const handler = (typeof listener.fetch === "function" ? listener.fetch : listener[method]) as
      | ((request: Request) => Response | Promise<Response>)
      | undefined;
    if (!handler) {
      res.statusCode = 405;
      res.end();
      return;
    }
    // The request keeps the URL the client asked for (a rewrite does not change it).
    const response = await handler(new Request(url, { method }));
    res.statusCode = response.status;
    res.end(method === "HEAD" ? undefined : await response.text());
    return;
  }
  // A `(req, res)` function with the helpers @vercel/node adds (`req.query` holds the route's parameters).
  const query = { ...Object.fromEntries(url.searchParams), ...target.query };
  const helpers = res as ServerResponse & { status(code: number): unknown; json(body: unknown): unknown };
  helpers.status = (code: number) => {
    res.statusCode = code;
    return helpers;
  };
  helpers.json = (body: unknown) => {
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify(body));
    return helpers;
  };
  await (listener as unknown as (req: unknown, res: unknown) => unknown)(Object.assign(req, { query }), helpers);
}

const AUTH = `export function requirePermission(req: unknown, key: string): void {}\n`;
const VERCEL_JSON = (rewrites: unknown[], key = "rewrites") => JSON.stringify({ [key]: rewrites }, null, 2);

/** Each pattern read, and each warning given, on in-memory Vercel projects. */
const CASES: InMemoryCase[] = [
  {
    name: "file paths: index, [id] folders and files, [...slug] as one segment; _ and . folders, .d.ts and node_modules are no functions",
    files: {
      "vercel.json": "{}",
      "api/index.ts": `export default function handler(req: any, res: any) { if (req.method !== "GET") return res.status(405).end(); res.end(); }`,
      "api/orgs/[org]/members/[id].ts": `export function GET() { return new Response(); }`,
      "api/files/[...slug].ts": `export function GET() { return new Response(); }`,
      "api/_lib/db.ts": `export function GET() { return new Response(); }`,
      "api/.hidden/x.ts": `export function GET() { return new Response(); }`,
      "api/_helpers.ts": `export function GET() { return new Response(); }`,
      "api/types.d.ts": `export declare function GET(): Response;`,
      "api/view.tsx": `export function GET() { return new Response(); }`,
      // Vercel's Node.js runtime builds .js, .mjs, .ts and .tsx files of api/ only.
      "api/legacy.cjs": `module.exports = (req, res) => res.end();`,
      "api/modern.mts": `export function GET() { return new Response(); }`,
    },
    routes: ["GET /api []", "GET /api/files/{slug} []", "GET /api/orgs/{org}/members/{id} []", "GET /api/view []"],
  },
  {
    name: "detected by a @vercel/node dependency; a default handler's req.method tests and checks per branch",
    files: {
      "package.json": JSON.stringify({ dependencies: { "@vercel/node": "5.0.0" } }),
      "lib/auth.ts": AUTH,
      "api/items.ts": `import { requirePermission } from "../lib/auth";
export default async (req: any, res: any) => {
  if (req.method === "GET") return res.json([]);
  if (req.method === "POST") { requirePermission(req, "items:write"); return res.status(201).end(); }
  return res.status(405).end();
};`,
    },
    routes: ["GET /api/items []", "POST /api/items [items:write]"],
  },
  {
    name: "detected by a VercelRequest import; module.exports of a .js function; untested methods (APX230)",
    files: {
      "api/ping.ts": `import type { VercelRequest, VercelResponse } from "@vercel/node";\nexport default function (req: VercelRequest, res: VercelResponse) { res.end("pong"); }`,
      "api/legacy.js": `module.exports = (req, res) => { if (req.method !== "POST") return res.status(405).end(); res.end(); };`,
    },
    routes: [
      "DELETE /api/ping []",
      "GET /api/ping []",
      "PATCH /api/ping []",
      "POST /api/legacy []",
      "POST /api/ping []",
      "PUT /api/ping []",
    ],
    diagnostics: ["APX230 api/ping.ts:2"],
  },
  {
    name: "without vercel.json, @vercel/node or its types, a root api/ folder is no Vercel project",
    files: { "api/x.ts": `export default function (req: any, res: any) { res.end(); }` },
    routes: [],
    diagnostics: ["APX001 -"],
  },
  {
    name: "Web handlers: method exports with checks; a default export wins over them, as Vercel's runtime calls it",
    files: {
      "vercel.json": "{}",
      "lib/auth.ts": AUTH,
      "api/web.ts": `import { requirePermission } from "../lib/auth";
export async function GET(request: Request) { return new Response(); }
export const DELETE = (request: Request) => { requirePermission(request, "web:delete"); return new Response(); };`,
      "api/both.ts": `export function POST() { return new Response(); }\nexport default function (req: any, res: any) { if (req.method !== "GET") return res.status(405).end(); res.end(); }`,
    },
    routes: ["DELETE /api/web [web:delete]", "GET /api/both []", "GET /api/web []"],
  },
  {
    name: "export default { fetch } answers the methods it tests; { GET, POST } objects answer theirs",
    files: {
      "vercel.json": "{}",
      "api/fetch.ts": `export default { fetch(request: Request) { if (request.method !== "PUT") return new Response(null, { status: 405 }); return new Response(); } };`,
      "api/table.ts": `const GET = () => new Response();\nexport default { GET, POST: () => new Response() };`,
    },
    routes: ["GET /api/table []", "POST /api/table []", "PUT /api/fetch []"],
  },
  {
    name: "an Express app exported by api/index.ts receives every path through the rewrite /(.*) → /api",
    files: {
      "package.json": JSON.stringify({ dependencies: { express: "4.21.0" } }),
      "vercel.json": VERCEL_JSON([{ source: "/(.*)", destination: "/api" }]),
      "lib/auth.ts": AUTH,
      "src/app.ts": `import express from "express";
import { requirePermission } from "../lib/auth";
const app = express();
app.get("/users", (req, res) => res.json([]));
app.delete("/users/:id", (req, res) => { requirePermission(req, "users:delete"); res.end(); });
export default app;`,
      "api/index.ts": `import app from "../src/app";\nexport default app;`,
    },
    routes: ["DELETE /users/{id} [users:delete]", "GET /users []"],
  },
  {
    name: "a handler that only calls the Express app with its (req, res), through a rewrite to /api/index.ts",
    files: {
      "package.json": JSON.stringify({ dependencies: { express: "4.21.0", "@vercel/node": "5.0.0" } }),
      "vercel.json": VERCEL_JSON([{ source: "/api/(.*)", destination: "/api/index.ts" }]),
      "server/app.ts": `import express from "express";\nconst app = express();\napp.get("/api/profiles/me", (req, res) => res.json({}));\nexport default app;`,
      "api/index.ts": `import type { VercelRequest, VercelResponse } from "@vercel/node";\nimport app from "../server/app";\nexport default function handler(req: VercelRequest, res: VercelResponse) {\n  return app(req as any, res as any);\n}`,
    },
    routes: ["GET /api/profiles/me []"],
  },
  {
    name: "the app called as a statement, through a cast ((app as any)(req, res)); a handler that does more answers on its own",
    files: {
      "vercel.json": "{}",
      "src/app.ts": `import express from "express";\nconst app = express();\napp.get("/api/orders", (req, res) => res.json([]));\nexport default app;`,
      "api/orders.ts": `import app from "../src/app";\nexport default function handler(req: any, res: any) {\n  (app as any)(req, res);\n}`,
      "api/other.ts": `import app from "../src/app";\nexport default function handler(req: any, res: any) {\n  if (req.method !== "GET") return res.status(405).end();\n  return app(req, res);\n}`,
    },
    routes: ["GET /api/orders []", "GET /api/other []"],
  },
  {
    name: "without a rewrite, an app's routes outside the function's path are never reached (APX231)",
    files: {
      "vercel.json": "{}",
      "api/index.ts": `import express from "express";\nconst app = express();\napp.get("/api", (req, res) => res.end());\napp.get("/users", (req, res) => res.end());\nexport default app;`,
    },
    routes: ["GET /api []"],
    diagnostics: ["APX231 api/index.ts:5"],
  },
  {
    name: "a Hono app through handle() of hono/vercel, per exported method; (req) => app.fetch(req) as the default",
    files: {
      "vercel.json": VERCEL_JSON([{ source: "/hooks/:path*", destination: "/api/hooks" }]),
      "api/[[...route]].ts": `import { Hono } from "hono";\nimport { handle } from "hono/vercel";\nconst app = new Hono().basePath("/api");\napp.get("/a", (c) => c.text("a"));\nexport const GET = handle(app);`,
      "api/hooks.ts": `import { Hono } from "hono";\nconst app = new Hono();\napp.post("/hooks/github", (c) => c.text("ok"));\nexport default (request: Request) => app.fetch(request);`,
    },
    // `[[...route]]` is one segment on Vercel: the app's `/api/a` is reached, and `hooks.ts` is served before it.
    routes: ["GET /api/a []", "POST /hooks/github []"],
  },
  {
    name: "rewrites: a prefix (:path* and the legacy routes' (.*) → $1), one path with parameters, conditions and methods",
    files: {
      "vercel.json": JSON.stringify(
        {
          rewrites: [
            { source: "/v1/:path*", destination: "/api/:path*" },
            { source: "/u/:id", destination: "/api/users/:id" },
            { source: "/beta/:path*", has: [{ type: "header", key: "x-beta" }], destination: "/api/:path*" },
            { source: "/legacy-(.*)", destination: "/api/users" },
          ],
          routes: [{ src: "/v0/(.*)", dest: "/api/$1", methods: ["GET"] }],
        },
        null,
        2,
      ),
      "lib/auth.ts": AUTH,
      "api/users/[id].ts": `import { requirePermission } from "../../lib/auth";
export function GET(request: Request) { requirePermission(request, "users:read"); return new Response(); }
export function DELETE(request: Request) { return new Response(); }`,
    },
    routes: [
      "DELETE /api/users/{id} []",
      "DELETE /u/{id} []",
      "DELETE /v1/users/{id} []",
      "GET /api/users/{id} [users:read]",
      "GET /u/{id} [users:read]",
      "GET /v0/users/{id} [users:read]",
      "GET /v1/users/{id} [users:read]",
    ],
    diagnostics: ["APX201 vercel.json:11", "APX201 vercel.json:21"],
  },
  {
    name: "a wildcard source sent to one function (APX205), and a destination no function answers (APX201)",
    files: {
      "vercel.json": VERCEL_JSON([
        { source: "/docs/:path*", destination: "/api/docs" },
        { source: "/py/:path*", destination: "/api/python/:path*" },
        { source: "/(.*)", destination: "/index.html" },
      ]),
      "api/docs.ts": `export function GET() { return new Response(); }`,
    },
    routes: ["GET /api/docs []", "GET /docs/{path} []"],
    diagnostics: ["APX201 vercel.json:7", "APX205 vercel.json:3"],
  },
  {
    name: "legacy builds: only the api/ files a @vercel/node build names are functions; an Express project's api/ routers are none",
    files: {
      "vercel.json": JSON.stringify({
        builds: [
          { src: "api/{index,health}.ts", use: "@vercel/node" },
          { src: "package.json", use: "@vercel/static-build" },
        ],
      }),
      "api/index.ts": `export function GET() { return new Response(); }`,
      "api/health.ts": `export function GET() { return new Response(); }`,
      "api/other.ts": `export function GET() { return new Response(); }`,
    },
    routes: ["GET /api []", "GET /api/health []"],
  },
  {
    name: "legacy builds that build no api/ file: the folder is no Vercel Functions (an Express app's routers)",
    files: {
      "vercel.json": JSON.stringify({ builds: [{ src: "server.ts", use: "@vercel/node" }], routes: [{ src: "/(.*)", dest: "server.ts" }] }),
      "api/users.ts": `import { Router } from "express";\nconst users = Router();\nusers.get("/", (req, res) => res.end());\nexport default users;`,
      "server.ts": `import express from "express";\nimport users from "./api/users";\nconst app = express();\napp.use("/users", users);\nexport default app;`,
    },
    routes: ["GET /users []"],
  },
  {
    name: "a Remix project's api/ folder is not Vercel's (its preset builds no api functions); Nitro's api/ stays Nitro's",
    files: {
      "vercel.json": "{}",
      "app/root.tsx": `import { Outlet } from "@remix-run/react";\nexport default function App() { return null; }`,
      "api/x.ts": `export function GET() { return new Response(); }`,
    },
    routes: [],
    diagnostics: ["APX001 -"],
  },
];

describe("Vercel Functions, in memory", () => {
  it.each(CASES)("$name", async ({ files, routes, diagnostics, config }) => {
    const result = await generateFrom(files, config);
    expect(routeLines(result)).toEqual([...routes].sort());
    expect(diagnosticLines(result).sort()).toEqual([...(diagnostics ?? [])].sort());
  });
});

describe("Vercel Functions with the run cache", () => {
  it("a cached run after an edit indexes what a full run does: rewrites copy the routes of unchanged functions too", async () => {
    const project = diskProject("apidex-vercel-", {
      "package.json": JSON.stringify({ name: "vercel-cache", version: "1.0.0", type: "module" }),
      "vercel.json": VERCEL_JSON([{ source: "/v1/:path*", destination: "/api/:path*" }]),
      "api/a.ts": `export function GET(request: Request) { return new Response("a"); }\n`,
      "api/b.ts": `export function POST(request: Request) { return new Response("b"); }\n`,
    });
    try {
      await project.run(true);
      project.write("api/b.ts", `export function PUT(request: Request) { return new Response("b"); }\n`);
      await project.run(true);
      await project.run(false);
      expect(project.operations()).toEqual(["GET /api/a", "GET /v1/a", "PUT /api/b", "PUT /v1/b"]);
      expect(filesUnder(project.cached)).toEqual(filesUnder(project.full));
    } finally {
      project.remove();
    }
  });
});
