import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../generator/config/load-config.js";
import { generate } from "../generator/generate.js";
import { canonicalJson } from "../generator/write/canonical-json.js";
import { REPO_ROOT } from "./helpers/repo.js";
import { diagnosticLines, generateFrom, type InMemoryCase, routeLines } from "./helpers/in-memory.js";

/**
 * SolidStart API routes (`src/routes/**` files exporting `GET`, `POST`, ...) and Qwik City endpoints
 * (`src/routes/**\/index.ts` exporting `onGet`, `onPost`, ... and `onRequest`), each written the way projects
 * of that framework write them.
 */

const AUTH = `export function assertPermission(event: unknown, key: string): void {}\nexport const requirePermission = (key: string) => async (event: unknown) => {};\n`;
const SOLID_PKG = `{ "name": "app", "dependencies": { "@solidjs/start": "2.0.5" } }`;
const API_EVENT = `import type { APIEvent } from "@solidjs/start/server";\n`;
const QWIK = `import type { RequestHandler } from "@builder.io/qwik-city";\n`;

const SOLID_CASES: InMemoryCase[] = [
  {
    name: "SolidStart: method exports of src/routes files (index, [id], [...rest], (group)), a page's GET, a page without handlers (nothing), checks in the handler",
    files: {
      "package.json": SOLID_PKG,
      "src/lib/auth.ts": AUTH,
      "src/routes/index.tsx": `export default function Home() { return null; }\n`,
      "src/routes/api/users/index.ts": `${API_EVENT}import { assertPermission } from "~/lib/auth";\nexport async function GET(event: APIEvent) { assertPermission(event, "users.read"); return Response.json([]); }\nexport async function POST(event: APIEvent) { assertPermission(event, "users.create"); return new Response(null, { status: 201 }); }\n`,
      "src/routes/api/users/[id].ts": `${API_EVENT}export const GET = ({ params }: APIEvent) => Response.json({ id: params.id });\nexport const DELETE = () => new Response(null, { status: 204 });\n`,
      "src/routes/(admin)/api/stats.ts": `${API_EVENT}export function GET() { return Response.json({}); }\n`,
      "src/routes/api/files/[...path].ts": `${API_EVENT}export function GET({ params }: APIEvent) { return new Response(params.path); }\n`,
      "src/routes/feed.tsx": `export function GET() { return new Response("<rss/>"); }\nexport default function Feed() { return null; }\n`,
      "tsconfig.json": `{ "compilerOptions": { "paths": { "~/*": ["./src/*"] } } }`,
    },
    routes: [
      "DELETE /api/users/{id} []",
      "GET /api/files/{path} []",
      "GET /api/stats []",
      "GET /api/users [users.read]",
      "GET /api/users/{id} []",
      "GET /feed []",
      "POST /api/users [users.create]",
    ],
    diagnostics: ["APX205 src/routes/api/files/[...path].ts:2"],
  },
  {
    name: "SolidStart 2: routeDir and the middleware from vite.config's solidStart({...}); the middleware's onRequest checks apply to every API route",
    files: {
      "package.json": SOLID_PKG,
      "vite.config.ts": `import { defineConfig } from "vite";\nimport { solidStart } from "@solidjs/start/config";\nexport default defineConfig({ plugins: [solidStart({ routeDir: "./api-routes", middleware: "./src/middleware.ts" })] });\n`,
      "src/lib/auth.ts": AUTH,
      "src/middleware.ts": `import { createMiddleware } from "@solidjs/start/middleware";\nimport { requirePermission } from "./lib/auth";\nexport default createMiddleware({ onRequest: [requirePermission("api.use")] });\n`,
      "src/api-routes/orders.ts": `${API_EVENT}export const GET = () => Response.json([]);\n`,
      "src/routes/ignored.ts": `export const GET = () => Response.json([]);\n`,
    },
    routes: ["GET /orders [api.use]"],
  },
  {
    name: "SolidStart 1: app.config.ts's defineConfig({ middleware }) (a function in onRequest, its body's checks)",
    files: {
      "package.json": SOLID_PKG,
      "app.config.ts": `import { defineConfig } from "@solidjs/start/config";\nexport default defineConfig({ middleware: "./src/middleware.ts" });\n`,
      "src/lib/auth.ts": AUTH,
      "src/middleware.ts": `import { createMiddleware } from "@solidjs/start/middleware";\nimport { assertPermission } from "./lib/auth";\nexport default createMiddleware({ onRequest: (event) => { assertPermission(event, "session"); } });\n`,
      "src/routes/api/ping.ts": `${API_EVENT}export const POST = () => new Response("pong");\n`,
    },
    routes: ["POST /api/ping [session]"],
  },
  {
    name: "SolidStart: an optional parameter in an API route's path is refused by SolidStart (not indexed, APX201); a parameter inside a segment too; an unreadable routeDir keeps the default (APX201)",
    files: {
      "package.json": SOLID_PKG,
      "vite.config.ts": `import { solidStart } from "@solidjs/start/config";\nexport default { plugins: [solidStart({ routeDir: process.env.ROUTES })] };\n`,
      "src/routes/api/[[lang]]/x.ts": `${API_EVENT}export const GET = () => new Response("x");\n`,
      "src/routes/api/v-[id].ts": `${API_EVENT}export const GET = () => new Response("x");\n`,
      "src/routes/api/ok.ts": `${API_EVENT}export const GET = () => new Response("x");\n`,
    },
    routes: ["GET /api/ok []"],
    diagnostics: ["APX201 src/routes/api/[[lang]]/x.ts:2", "APX201 src/routes/api/v-[id].ts:2", "APX201 vite.config.ts:2"],
  },
  {
    name: "SolidStart: a middleware module the config names but apidex does not have is said (APX210); the routes stay",
    files: {
      "package.json": SOLID_PKG,
      "app.config.ts": `import { defineConfig } from "@solidjs/start/config";\nexport default defineConfig({\n  middleware: "./src/missing.ts",\n});\n`,
      "src/routes/api/ping.ts": `${API_EVENT}export const GET = () => new Response("pong");\n`,
    },
    routes: ["GET /api/ping []"],
    diagnostics: ["APX210 app.config.ts:3"],
  },
  {
    name: "SolidStart: a catch-all API route handing the request to a Hono app (`app.fetch(request)`) or an Elysia app (`app.handle(event.request)`) answers with the app's routes, not as an operation of its own; `~/` is SolidStart's app root",
    files: {
      "package.json": SOLID_PKG,
      "app.config.ts": `import { defineConfig } from "@solidjs/start/config";\nexport default defineConfig({});\n`,
      "src/lib/auth.ts": AUTH,
      "src/server/api.ts": `import { Hono } from "hono";\nimport { requirePermission } from "~/lib/auth";\nexport const app = new Hono().basePath("/api");\napp.get("/users", requirePermission("users.read"), (c) => c.json([]));\napp.post("/users/:id", (c) => c.json({}));\n`,
      "src/routes/api/[...route].ts": `${API_EVENT}import { app } from "~/server/api";\nconst handler = ({ request }: APIEvent) => app.fetch(request);\nexport const GET = handler;\nexport const POST = handler;\n`,
      "src/server/e.ts": `import { Elysia } from "elysia";\nexport const eapp = new Elysia({ prefix: "/e" }).get("/items", () => []);\n`,
      "src/routes/e/[...path].ts": `${API_EVENT}import { eapp } from "~/server/e";\nconst handler = async (event: APIEvent) => await eapp.handle(event.request);\nexport const GET = handler;\n`,
    },
    routes: ["GET /api/users [users.read]", "GET /e/items []", "POST /api/users/{id} []"],
  },
];

const QWIK_CASES: InMemoryCase[] = [
  {
    name: "Qwik City: onGet/onPost/... of index modules ([id], [...rest], (group)), a layout's onRequest checks for every route below, its onGet for GET only, a plugin's for all",
    files: {
      "src/lib/auth.ts": AUTH,
      "src/routes/plugin@auth.ts": `${QWIK}import { requirePermission } from "~/lib/auth";\nexport const onRequest: RequestHandler = requirePermission("signed.in");\n`,
      "src/routes/layout.tsx": `${QWIK}export const onGet: RequestHandler = async ({ cacheControl }) => { cacheControl({ maxAge: 5 }); };\nexport default () => null;\n`,
      "src/routes/api/layout.ts": `${QWIK}import { assertPermission } from "~/lib/auth";\nexport const onRequest: RequestHandler = async (ev) => { assertPermission(ev, "api.use"); await ev.next(); };\nexport const onPost: RequestHandler = async (ev) => { assertPermission(ev, "api.write"); };\n`,
      "src/routes/api/users/index.ts": `${QWIK}export const onGet: RequestHandler = async ({ json }) => { json(200, []); };\nexport const onPost: RequestHandler = async ({ json }) => { json(201, {}); };\n`,
      "src/routes/api/users/[id]/index.ts": `${QWIK}import { assertPermission } from "~/lib/auth";\nexport const onDelete: RequestHandler = async (ev) => { assertPermission(ev, "users.delete"); ev.send(204, ""); };\n`,
      "src/routes/api/(internal)/metrics/index.ts": `${QWIK}export const onGet: RequestHandler = ({ text }) => text(200, "ok");\n`,
      "src/routes/files/[...path]/index.ts": `${QWIK}export const onGet: RequestHandler = ({ text, params }) => text(200, params.path);\n`,
      "src/routes/index.tsx": `export default () => null;\n`,
      "src/routes/about/layout.tsx": `export default () => null;\n`,
      "tsconfig.json": `{ "compilerOptions": { "paths": { "~/*": ["./src/*"] } } }`,
    },
    routes: [
      "DELETE /api/users/{id} [api.use,signed.in,users.delete]",
      "GET /api/metrics [api.use,signed.in]",
      "GET /api/users [api.use,signed.in]",
      "GET /files [signed.in]",
      "GET /files/{path} [signed.in]",
      "POST /api/users [api.use,api.write,signed.in]",
    ],
    diagnostics: ["APX205 src/routes/files/[...path]/index.ts:2"],
  },
  {
    name: "Qwik City: an onRequest alone answers every method it does not refuse (untested: APX230), onRequest beside onGet guards it; a page's onGet (when it responds itself: a guard that only redirects lets the page answer) and onPost are endpoints, its onRequest a guard; `index@open` takes its folder's `layout-open` instead of the folder's `layout` (as Qwik City picks one layout per folder), `index!` none",
    files: {
      "src/lib/auth.ts": AUTH,
      "src/routes/api/echo/index.ts": `${QWIK}export const onRequest: RequestHandler = async ({ request, json }) => { json(200, { method: request.method }); };\n`,
      "src/routes/api/only-put/index.ts": `${QWIK}export const onRequest: RequestHandler = async ({ request, json, error }) => { if (request.method !== "PUT") throw error(405, "no"); json(200, {}); };\n`,
      "src/routes/api/guarded/index.ts": `${QWIK}import { assertPermission } from "~/lib/auth";\nexport const onRequest: RequestHandler = (ev) => { assertPermission(ev, "guard"); };\nexport const onGet: RequestHandler = ({ json }) => json(200, {});\n`,
      "src/routes/products/[id]/index.tsx": `${QWIK}import { assertPermission } from "~/lib/auth";\nexport const onRequest: RequestHandler = (ev) => { assertPermission(ev, "shop"); };\nexport const onGet: RequestHandler = ({ json }) => json(200, {});\nexport const onPost: RequestHandler = ({ json }) => json(200, {});\nexport default () => null;\n`,
      "src/routes/blog/index.tsx": `${QWIK}export const onRequest: RequestHandler = () => {};\nexport default () => null;\n`,
      "src/routes/account/index.tsx": `${QWIK}export const onGet: RequestHandler = ({ redirect, cookie }) => { if (!cookie.get("session")) throw redirect(302, "/login"); };\nexport default () => null;\n`,
      "src/routes/admin/layout.tsx": `${QWIK}import { assertPermission } from "~/lib/auth";\nexport const onRequest: RequestHandler = (ev) => { assertPermission(ev, "admin"); };\nexport default () => null;\n`,
      "src/routes/admin/layout-open.tsx": `export default () => null;\n`,
      "src/routes/admin/report/index@open.ts": `${QWIK}export const onGet: RequestHandler = ({ json }) => json(200, {});\n`,
      "src/routes/admin/audit/index.ts": `${QWIK}export const onGet: RequestHandler = ({ json }) => json(200, {});\n`,
      "src/routes/admin/raw/index!.ts": `${QWIK}export const onGet: RequestHandler = ({ json }) => json(200, {});\n`,
      "tsconfig.json": `{ "compilerOptions": { "paths": { "~/*": ["./src/*"] } } }`,
    },
    routes: [
      "DELETE /api/echo []",
      "GET /admin/audit [admin]",
      "GET /admin/raw []",
      "GET /admin/report []",
      "GET /api/echo []",
      "GET /api/guarded [guard]",
      "GET /products/{id} [shop]",
      "PATCH /api/echo []",
      "POST /api/echo []",
      "POST /products/{id} [shop]",
      "PUT /api/echo []",
      "PUT /api/only-put []",
    ],
    diagnostics: ["APX230 src/routes/api/echo/index.ts:2"],
  },
  {
    name: "Qwik City: routesDir and basePathname from vite.config's qwikCity({...}); Vite's base without one; an unreadable base marks the paths (APX201)",
    files: {
      "vite.config.ts": `import { defineConfig } from "vite";\nimport { qwikCity } from "@builder.io/qwik-city/vite";\nimport { qwikVite } from "@builder.io/qwik/optimizer";\nexport default defineConfig(() => ({ plugins: [qwikCity({ routesDir: "./app/routes", basePathname: "/shop/" }), qwikVite()] }));\n`,
      "app/routes/api/cart/index.ts": `${QWIK}export const onGet: RequestHandler = ({ json }) => json(200, []);\n`,
    },
    routes: ["GET /shop/api/cart []"],
  },
  {
    name: "Qwik Router (v2): qwikRouter() from @qwik.dev/router/vite, Vite's base",
    files: {
      "vite.config.ts": `import { defineConfig } from "vite";\nimport { qwikRouter } from "@qwik.dev/router/vite";\nexport default defineConfig({ base: "/v2/", plugins: [qwikRouter()] });\n`,
      "src/routes/api/items/index.ts": `import type { RequestHandler } from "@qwik.dev/router";\nexport const onGet: RequestHandler = ({ json }) => json(200, []);\n`,
    },
    routes: ["GET /v2/api/items []"],
  },
  {
    name: "Qwik City: a basePathname apidex cannot read: the routes are indexed relative to it, marked (APX201)",
    files: {
      "vite.config.ts": `import { qwikCity } from "@builder.io/qwik-city/vite";\nexport default { plugins: [qwikCity({ basePathname: process.env.BASE })] };\n`,
      "src/routes/api/items/index.ts": `${QWIK}export const onGet: RequestHandler = ({ json }) => json(200, []);\n`,
    },
    routes: ["GET /api/items [] unresolved(path)"],
    diagnostics: ["APX201 vite.config.ts:2"],
  },
];

describe("SolidStart API routes", () => {
  it.each(SOLID_CASES.map((c) => [c.name, c] as const))("%s", async (_, c) => {
    const result = await generateFrom(c.files, c.config);
    expect(routeLines(result)).toEqual(c.routes);
    expect(diagnosticLines(result)).toEqual(c.diagnostics ?? []);
  });
});

describe("Qwik City endpoints", () => {
  it.each(QWIK_CASES.map((c) => [c.name, c] as const))("%s", async (_, c) => {
    const result = await generateFrom(c.files, c.config);
    expect(routeLines(result)).toEqual(c.routes);
    expect(diagnosticLines(result)).toEqual(c.diagnostics ?? []);
  });
});

const SOLID_FIXTURE = path.join(REPO_ROOT, "test", "fixtures", "solid-start");
const QWIK_FIXTURE = path.join(REPO_ROOT, "test", "fixtures", "qwik-city");

async function indexOf(root: string) {
  const result = await generate(await loadConfig({ cwd: REPO_ROOT, root }));
  expect(result.diagnostics.errors).toEqual([]);
  return result;
}

/** An OpenAPI path with sample values for its parameters (`/api/users/{id}` → `/api/users/1`). */
const sample = (openApiPath: string) => openApiPath.replace(/\{\w+\}/g, "1");

describe("SolidStart fixture (test/fixtures/solid-start)", () => {
  it("matches its golden index", async () => {
    const result = await indexOf(SOLID_FIXTURE);
    expect(canonicalJson(result.index)).toBe(readFileSync(path.join(SOLID_FIXTURE, "expected-operations.json"), "utf8"));
  });

  // SolidStart's own route table: the server file router of @solidjs/start (what its Vite plugin builds the
  // `solid-start:routes` module from), then its API router as server/routes.js makes it (radix3, `(group)`s
  // removed, `*rest` as `**:rest`). Booting the server needs the Vite build of the whole app (its virtual
  // modules, an entry-server rendering Solid), so the router is made here from the same table with radix3.
  it("equals SolidStart's own route table, and each indexed path reaches its file's handler through radix3 as SolidStart matches API routes", async () => {
    const fsRouter = (await import(pathToFileURL(path.join(REPO_ROOT, "node_modules/@solidjs/start/dist/config/fs-router.js")).href)) as {
      SolidStartServerFileRouter: new (config: { dir: string; extensions: string[] }) => { getRoutes(): Promise<SolidRoute[]> };
    };
    const { createRouter } = (await import("radix3")) as typeof import("radix3");
    const table = await new fsRouter.SolidStartServerFileRouter({
      dir: path.join(SOLID_FIXTURE, "src", "routes"),
      extensions: ["js", "jsx", "ts", "tsx"],
    }).getRoutes();
    const methods = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"];
    // `$HEAD` picking `GET` is SolidStart's automatic HEAD of a GET handler: no operation of its own.
    const handled = (r: SolidRoute) => methods.filter((m) => r[`$${m}`] && !(m === "HEAD" && r.$HEAD?.pick[0] === "GET"));
    const routerPath = (r: SolidRoute) => r.path.replace(/\([^)/]+\)/g, "").replace(/\/+/g, "/");
    const expected = table
      .flatMap((r) =>
        handled(r).map(
          (m) =>
            `${m} ${
              routerPath(r)
                .replace(/\/$/, "")
                .replace(/[:*](\w+)/g, "{$1}") || "/"
            }`,
        ),
      )
      .sort();
    const result = await indexOf(SOLID_FIXTURE);
    expect(result.operations.map((op) => `${op.method} ${op.path}`).sort()).toEqual(expected);
    const router = createRouter<{ route: SolidRoute }>({
      routes: Object.fromEntries(
        table.filter((r) => handled(r).length).map((r) => [routerPath(r).replace(/\*([^/]*)/g, (_, m: string) => `**:${m}`), { route: r }]),
      ),
    });
    for (const op of result.operations) {
      const match = router.lookup(sample(op.path));
      expect(match?.route[`$${op.method}`], `${op.method} ${op.path}`).toBeDefined();
    }
  });
});

interface SolidRoute {
  path: string;
  page?: boolean;
  [handler: `$${string}`]: { pick: string[] } | undefined;
}

describe("Qwik City fixture (test/fixtures/qwik-city)", () => {
  it("matches its golden index", async () => {
    const result = await indexOf(QWIK_FIXTURE);
    expect(canonicalJson(result.index)).toBe(readFileSync(path.join(QWIK_FIXTURE, "expected-operations.json"), "utf8"));
  });

  // Qwik City itself: its Vite plugin builds the route plan (`@qwik-city-plan`: routes, their layouts, server
  // plugins) from the fixture's files, and its request handler serves it over HTTP on 127.0.0.1 (port 0) — the
  // part of its Node adapter that needs no built client (pages are not rendered: no request here reaches one
  // that does not answer first). Every indexed operation answers with its keys and is refused (403) without
  // them; every other method of an endpoint module is not answered (404/405).
  it("answers every indexed operation through Qwik City's own plan and request handler, and nothing else of its endpoints", async () => {
    const { qwikCity } = (await import("@builder.io/qwik-city/vite")) as unknown as { qwikCity: (o: object) => QwikPlugin[] };
    const [plugin] = qwikCity({});
    await plugin!.configResolved({
      root: QWIK_FIXTURE,
      base: "/",
      mode: "production",
      command: "build",
      build: { ssr: true },
      plugins: [{ name: "vite-plugin-qwik", api: { getManifest: () => undefined } }],
    });
    const code = await plugin!.load.call({ warn: () => {} }, `${QWIK_FIXTURE}/@qwik-city-plan`, { ssr: true });
    const dir = mkdtempSync(path.join(tmpdir(), "apidex-qwik-"));
    const planFile = path.join(dir, "plan.mjs");
    writeFileSync(planFile, code);
    const plan = (await import(pathToFileURL(planFile).href)).default as object;
    const { requestHandler } = (await import("@builder.io/qwik-city/middleware/request-handler")) as unknown as {
      requestHandler: (
        ev: object,
        opts: object,
        serializer: object,
      ) => Promise<{ completion: Promise<unknown>; requestEv: { headersSent: boolean } } | null>;
    };
    const server = createServer(async (req, res) => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const request = new Request(url, {
        method: req.method,
        headers: req.headers as Record<string, string>,
        ...(chunks.length ? { body: Buffer.concat(chunks) } : {}),
      });
      const ev = {
        mode: "server",
        url,
        request,
        env: { get: (key: string) => process.env[key] },
        platform: {},
        getClientConn: () => ({ ip: "127.0.0.1" }),
        getWritableStream: (status: number, headers: Headers, cookies: { headers(): string[] }) => {
          res.statusCode = status;
          headers.forEach((value, key) => res.setHeader(key, value));
          if (cookies.headers().length) res.setHeader("set-cookie", cookies.headers());
          return new WritableStream({ write: (chunk) => void res.write(chunk), close: () => void res.end() });
        },
      };
      const handled = await requestHandler(
        ev,
        { qwikCityPlan: plan, checkOrigin: false, render: () => Promise.reject(new Error("no page renders in this test")) },
        {
          _deserializeData: (x: unknown) => x,
          _serializeData: async (x: unknown) => JSON.stringify(x),
          _verifySerializable: (x: unknown) => x,
        },
      );
      if (handled) await handled.completion;
      if (!res.headersSent) {
        res.statusCode = 404;
        res.end();
      } else if (!res.writableEnded) res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      const result = await indexOf(QWIK_FIXTURE);
      const every = [...new Set(result.operations.flatMap((op) => op.permissions))].join(",");
      const call = (method: string, target: string, permissions: string) =>
        fetch(`http://127.0.0.1:${port}${target}`, {
          method,
          headers: { accept: "application/json", "content-type": "application/json", "x-permissions": permissions },
          ...(method === "GET" || method === "HEAD" ? {} : { body: "{}" }),
        }).then(async (r) => {
          await r.arrayBuffer();
          return r.status;
        });
      for (const op of result.operations) {
        expect(await call(op.method, sample(op.path), op.permissions.join(",")), `${op.method} ${op.path}`).toBeLessThan(300);
        if (op.permissions.length) expect(await call(op.method, sample(op.path), ""), `${op.method} ${op.path} without keys`).toBe(403);
      }
      const indexed = new Set(result.operations.map((op) => `${op.method} ${op.path}`));
      const routes = plugin!.api.getRoutes().filter((r) => /\.(ts|js)$/.test(r.filePath)); // endpoint modules, not pages
      expect(routes.length).toBeGreaterThan(0);
      for (const r of routes) {
        const openApi =
          r.pathname
            .replace(/\/\[\.\.\.\w+\]$/, "")
            .replace(/\[(\w+)\]/g, "{$1}")
            .replace(/\/$/, "") || "/";
        for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) {
          if (indexed.has(`${method} ${openApi}`)) continue;
          expect([404, 405], `${method} ${openApi}`).toContain(await call(method, sample(openApi), every));
        }
      }
    } finally {
      server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

interface QwikPlugin {
  configResolved(config: object): Promise<void>;
  load: { call(context: object, id: string, options: object): Promise<string> };
  api: { getRoutes(): { pathname: string; filePath: string }[] };
}
