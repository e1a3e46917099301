import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { Generator, getConfig } from "@tanstack/router-generator";
import { tanstackStart } from "@tanstack/react-start/plugin/vite";
import { createServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../generator/config/load-config.js";
import { generate, type GenerateResult } from "../generator/generate.js";
import { canonicalJson } from "../generator/write/canonical-json.js";
import { diagnosticLines, generateFrom, type InMemoryCase, routeLines } from "./helpers/in-memory.js";
import { REPO_ROOT } from "./helpers/repo.js";

/**
 * TanStack Start server routes. The runtime oracle is TanStack's own: a copy of the fixture gets its route tree
 * from the real @tanstack/router-generator, then is served by a Vite dev server with the real `tanstackStart()`
 * plugin on 127.0.0.1 (port 0), as `vite dev` serves a project. The router built from that tree (its routes'
 * `fullPath` and `server.handlers`) is compared with the index, and every indexed operation is called over
 * HTTP: answered with its keys (the fixture's checks read an `x-permissions` header), 403 without each of
 * them — so the middleware apidex places (layouts', routes', handlers') is the middleware Start runs.
 */
const FIXTURE = path.join(REPO_ROOT, "test", "fixtures", "tanstack-start");
const PROBED = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
/** Every key the fixture checks: a request with them all passes every check. */
const ALL_KEYS = ["billing.read", "posts.edit", "session", "tenant", "users.admin", "users.read"];

async function fixtureIndex(): Promise<GenerateResult> {
  const result = await generate(await loadConfig({ cwd: REPO_ROOT, root: FIXTURE }));
  expect(result.diagnostics.errors).toEqual([]);
  return result;
}

/** `/api/users/$id` → `/api/users/{id}`, `$` → `{_splat}`, an index's trailing `/` dropped. */
function openApiPath(fullPath: string): string {
  const p = fullPath
    .split("/")
    .map((s) => (s === "$" ? "{_splat}" : s.startsWith("$") ? `{${s.slice(1)}}` : s))
    .join("/");
  return p.length > 1 ? p.replace(/\/$/, "") : p;
}

/** A concrete URL for an OpenAPI path: each parameter `7`, the splat two segments. */
function samplePath(openApi: string): string {
  return openApi.replace(/\{_splat\}/g, "a/b").replace(/\{\w+\}/g, "7");
}

describe("TanStack Start fixture", () => {
  it("matches the golden index", async () => {
    const result = await fixtureIndex();
    const file = path.join(FIXTURE, "expected-operations.json");
    if (process.env.UPDATE_GOLDEN) writeFileSync(file, canonicalJson(result.index));
    expect(canonicalJson(result.index)).toBe(readFileSync(file, "utf8"));
  });

  describe("against TanStack's route generator and Start's dev server", () => {
    let dir = "";
    let server: ViteDevServer;
    let base = "";
    let generatedTree = "";
    const call = (method: string, url: string, keys: readonly string[]) =>
      fetch(`${base}${url}`, {
        method,
        headers: { "x-permissions": keys.join(","), accept: "application/json", "content-type": "application/json" },
        ...(method === "POST" || method === "PUT" || method === "PATCH" ? { body: "{}" } : {}),
      });

    beforeAll(async () => {
      dir = mkdtempSync(path.join(tmpdir(), "apidex-tanstack-"));
      cpSync(FIXTURE, dir, { recursive: true });
      symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
      // The route tree, as `tsr generate` (and the plugin on start) writes it from the routes folder.
      const config = getConfig(
        {
          routesDirectory: path.join(dir, "src", "routes"),
          generatedRouteTree: path.join(dir, "src", "routeTree.gen.ts"),
          target: "react",
          disableLogging: true,
        },
        dir,
      );
      await new Generator({ config, root: dir }).run();
      generatedTree = readFileSync(path.join(dir, "src", "routeTree.gen.ts"), "utf8");
      server = await createServer({
        root: dir,
        configFile: false,
        logLevel: "silent",
        plugins: [tanstackStart()],
        // Without Vite's CORS middleware, which answers OPTIONS preflights before Start sees them.
        server: { host: "127.0.0.1", port: 0, hmr: false, watch: null, cors: false },
      });
      await server.listen();
      base = `http://127.0.0.1:${(server.httpServer!.address() as AddressInfo).port}`;
    }, 120_000);

    afterAll(async () => {
      await server?.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it("each operation's path is the full path TanStack's route generator gives its file", async () => {
      // The generator's route tree: each route's module (`import { Route as X } from "./routes/..."`) and its
      // `fullPath` (the `FileRoutesByPath` entry whose `preLoaderRoute` is `typeof X`).
      const modules = new Map([...generatedTree.matchAll(/import \{ Route as (\w+) \} from '\.\/([^']+)'/g)].map((m) => [m[1]!, m[2]!]));
      const fullPaths = new Map<string, string>();
      for (const m of generatedTree.matchAll(/fullPath: '([^']*)'\s+preLoaderRoute: typeof (\w+)/g))
        fullPaths.set(path.join(dir, "src", modules.get(m[2]!)!), openApiPath(m[1]!));
      const result = await fixtureIndex();
      expect(result.operations.length).toBeGreaterThan(0);
      for (const op of result.operations) {
        const module = path.join(dir, path.relative(FIXTURE, op.site.file)).replace(/\.(ts|tsx)$/, "");
        expect([op.method, op.path]).toEqual([op.method, fullPaths.get(module)]);
      }
    });

    it("the router's server routes (full paths, handler methods) are the index's operations", async () => {
      const runner = server.environments.ssr as unknown as { runner: { import(id: string): Promise<Record<string, unknown>> } };
      const { routeTree } = (await runner.runner.import("/src/routeTree.gen.ts")) as { routeTree: unknown };
      const { createRouter } = (await runner.runner.import("@tanstack/react-router")) as {
        createRouter: (options: { routeTree: unknown }) => { routesById: Record<string, RouteLike> };
      };
      interface RouteLike {
        fullPath: string;
        options: {
          server?: { handlers?: Record<string, unknown> | ((h: { createHandlers: (d: unknown) => unknown }) => Record<string, unknown>) };
        };
      }
      const router = createRouter({ routeTree });
      const registered = new Set<string>();
      for (const route of Object.values(router.routesById)) {
        const declared = route.options.server?.handlers;
        if (!declared) continue;
        // As Start's handleServerRoutes reads them: a function is called with `createHandlers` (the identity).
        const handlers = typeof declared === "function" ? declared({ createHandlers: (d) => d }) : declared;
        const p = openApiPath(route.fullPath);
        for (const method of Object.keys(handlers)) if (method !== "ANY") registered.add(`${method} ${p}`);
        // `ANY` answers the methods without a handler of their own: those it does not refuse (405), asked over HTTP.
        if (handlers.ANY)
          for (const method of PROBED.filter((m) => !handlers[m])) {
            const res = await call(method, samplePath(p), ALL_KEYS);
            if (res.status !== 405) registered.add(`${method} ${p}`);
          }
      }
      const result = await fixtureIndex();
      expect(new Set(result.operations.map((op) => `${op.method} ${op.path}`))).toEqual(registered);
    });

    it("answers each indexed operation with its keys, and 403 without each", async () => {
      const result = await fixtureIndex();
      for (const op of result.operations) {
        const url = samplePath(op.path);
        const answered = await call(op.method, url, op.permissions);
        expect([op.method, op.path, answered.status < 400]).toEqual([op.method, op.path, true]);
        for (const key of op.permissions) {
          const denied = await call(
            op.method,
            url,
            op.permissions.filter((k) => k !== key),
          );
          expect([op.method, op.path, key, denied.status]).toEqual([op.method, op.path, key, 403]);
        }
      }
    });

    it("does not answer a method the index does not list at an indexed path", async () => {
      const result = await fixtureIndex();
      const indexed = new Set(result.operations.map((op) => `${op.method} ${op.path}`));
      for (const p of new Set(result.operations.map((op) => op.path)))
        for (const method of PROBED.filter((m) => !indexed.has(`${m} ${p}`))) {
          const res = await call(method, samplePath(p), ALL_KEYS);
          // 405 from a handler, or no handler: the router's page rendering, which refuses a JSON request (406).
          expect([method, p, [404, 405, 406].includes(res.status)]).toEqual([method, p, true]);
        }
    });
  });
});

const ROUTE = (body: string) => `import { createFileRoute } from "@tanstack/react-router";\n${body}`;
const AUTH = `export function requirePermission(key: string): void {}`;

const CASES: InMemoryCase[] = [
  {
    name: "v1: a handler table in `server.handlers`, the path from the file, checks in handler bodies",
    files: {
      "src/auth.ts": AUTH,
      "src/routes/api/users/$id.ts": ROUTE(`import { requirePermission } from "../../../auth";
export const Route = createFileRoute("/api/users/$id")({
  server: {
    handlers: {
      GET: async ({ params }) => Response.json({ id: params.id }),
      async PUT({ request }) { requirePermission("users.edit"); return new Response(null); },
      DELETE: remove,
    },
  },
});
async function remove() { requirePermission("users.delete"); return new Response(null); }`),
    },
    routes: ["DELETE /api/users/{id} [users.delete]", "GET /api/users/{id} []", "PUT /api/users/{id} [users.edit]"],
  },
  {
    name: "v1: `createHandlers` with handler middleware, route middleware, createMiddleware().server checks",
    files: {
      "src/auth.ts": AUTH,
      "src/middleware.ts": `import { createMiddleware } from "@tanstack/react-start";
import { requirePermission } from "./auth";
export const signedIn = createMiddleware().server(async ({ next }) => { requirePermission("session"); return next(); });
export const admin = createMiddleware({ type: "request" }).middleware([signedIn]).server(async ({ next }) => { requirePermission("admin"); return next(); });`,
      "src/routes/api/items.ts": ROUTE(`import { admin, signedIn } from "../../middleware";
export const Route = createFileRoute("/api/items")({
  server: {
    middleware: [signedIn],
    handlers: ({ createHandlers }) =>
      createHandlers({
        GET: async () => Response.json([]),
        POST: { middleware: [admin], handler: async () => new Response(null, { status: 201 }) },
      }),
  },
});`),
    },
    routes: ["GET /api/items [session]", "POST /api/items [admin,session]"],
  },
  {
    name: "v1: the middleware of the root, of pathless layouts and parent routes runs before a route's (a sibling's does not)",
    files: {
      "src/auth.ts": AUTH,
      "src/mw.ts": `import { createMiddleware } from "@tanstack/solid-start";
import { requirePermission } from "./auth";
export const root = createMiddleware().server(({ next }) => { requirePermission("root"); return next(); });
export const team = createMiddleware().server(({ next }) => { requirePermission("team"); return next(); });
export const parent = createMiddleware().server(({ next }) => { requirePermission("parent"); return next(); });`,
      "src/routes/__root.tsx": `import { createRootRoute } from "@tanstack/solid-router";
import { root } from "../mw";
export const Route = createRootRoute({ server: { middleware: [root] } });`,
      "src/routes/_team.tsx": `import { createFileRoute, Outlet } from "@tanstack/solid-router";
import { team } from "../mw";
export const Route = createFileRoute("/_team")({ server: { middleware: [team] }, component: Outlet });`,
      "src/routes/_team/api/projects.ts": `import { createFileRoute } from "@tanstack/solid-router";
import { parent } from "../../../mw";
export const Route = createFileRoute("/_team/api/projects")({ server: { middleware: [parent], handlers: { GET: () => new Response("[]") } } });`,
      "src/routes/_team/api/projects.$id.ts": `import { createFileRoute } from "@tanstack/solid-router";
export const Route = createFileRoute("/_team/api/projects/$id")({ server: { handlers: { GET: () => new Response("{}") } } });`,
      "src/routes/api/public.ts": `import { createFileRoute } from "@tanstack/solid-router";
export const Route = createFileRoute("/api/public")({ server: { handlers: { GET: () => new Response("ok") } } });`,
    },
    routes: ["GET /api/projects [parent,root,team]", "GET /api/projects/{id} [parent,root,team]", "GET /api/public [root]"],
  },
  {
    name: "v1: the Start instance's `requestMiddleware` (src/start.ts) runs before every server route",
    files: {
      "src/auth.ts": AUTH,
      "src/start.ts": `import { createMiddleware, createStart } from "@tanstack/react-start";
import { requirePermission } from "./auth";
const tenant = createMiddleware().server(({ next }) => { requirePermission("tenant"); return next(); });
export const startInstance = createStart(() => ({ requestMiddleware: [tenant] }));`,
      "src/routes/api/ping.ts": ROUTE(
        `export const Route = createFileRoute("/api/ping")({ server: { handlers: { GET: () => new Response("pong") } } });`,
      ),
    },
    routes: ["GET /api/ping [tenant]"],
  },
  {
    name: "release candidates: createServerFileRoute(...).methods(...), with route and handler middleware",
    files: {
      "src/auth.ts": AUTH,
      "src/mw.ts": `import { createMiddleware } from "@tanstack/react-start";
import { requirePermission } from "./auth";
export const signedIn = createMiddleware({ type: "function" }).server(({ next }) => { requirePermission("session"); return next(); });
export const admin = createMiddleware({ type: "function" }).server(({ next }) => { requirePermission("admin"); return next(); });`,
      "src/routes/api/orders.ts": `import { createServerFileRoute } from "@tanstack/react-start/server";
import { admin, signedIn } from "../../mw";
export const ServerRoute = createServerFileRoute("/api/orders")
  .middleware([signedIn])
  .methods((api) => ({
    GET: async () => Response.json([]),
    POST: api.middleware([admin]).handler(async ({ request }) => Response.json(await request.json())),
  }));`,
      "src/routes/api/orders.$orderId.ts": `import { createFileRoute } from "@tanstack/react-router";
import { createServerFileRoute } from "@tanstack/react-start/server";
import { requirePermission } from "../../auth";
export const Route = createFileRoute("/api/orders/$orderId")({ component: () => null });
export const ServerRoute = createServerFileRoute().methods({
  GET: ({ params }) => Response.json({ id: params.orderId }),
  DELETE: { handler: () => { requirePermission("orders.delete"); return new Response(null); } },
});`,
    },
    // `orders.$orderId` is a child of `orders`: the parent's middleware runs for it too.
    routes: [
      "DELETE /api/orders/{orderId} [orders.delete,session]",
      "GET /api/orders [session]",
      "GET /api/orders/{orderId} [session]",
      "POST /api/orders [admin,session]",
    ],
  },
  {
    name: "0.x: createAPIFileRoute in app/routes/api",
    files: {
      "src/auth.ts": AUTH,
      "app/routes/api/users.ts": `import { json } from "@tanstack/start";
import { createAPIFileRoute } from "@tanstack/start/api";
import { requirePermission } from "../../../src/auth";
export const APIRoute = createAPIFileRoute("/api/users")({
  GET: async () => json([]),
  POST: async ({ request }) => { requirePermission("users.create"); return json(await request.json()); },
});`,
      "app/routes/api/users.$id.ts": `import { createAPIFileRoute } from "@tanstack/start/api";
export const APIRoute = createAPIFileRoute("/api/users/$id")({ GET: ({ params }) => new Response(params.id) });`,
    },
    routes: ["GET /api/users []", "GET /api/users/{id} []", "POST /api/users [users.create]"],
  },
  {
    name: "file naming: flat dots, folders, (group), route.ts, index, `[.]` escapes, a trailing `_`, `-` ignored, {-$optional}",
    files: {
      "src/routes/api.v1.users.$userId.ts": ROUTE(
        `export const Route = createFileRoute()({ server: { handlers: { GET: () => new Response() } } });`,
      ),
      "src/routes/(admin)/api/audit/route.ts": ROUTE(
        `export const Route = createFileRoute()({ server: { handlers: { GET: () => new Response() } } });`,
      ),
      "src/routes/api/reports/index.ts": ROUTE(
        `export const Route = createFileRoute()({ server: { handlers: { GET: () => new Response() } } });`,
      ),
      "src/routes/sitemap[.]xml.ts": ROUTE(
        `export const Route = createFileRoute()({ server: { handlers: { GET: () => new Response() } } });`,
      ),
      "src/routes/api/posts_.$postId.edit.ts": ROUTE(
        `export const Route = createFileRoute()({ server: { handlers: { POST: () => new Response() } } });`,
      ),
      "src/routes/api/-lib/route.ts": ROUTE(
        `export const Route = createFileRoute()({ server: { handlers: { GET: () => new Response() } } });`,
      ),
      "src/routes/api/docs.{-$lang}.ts": ROUTE(
        `export const Route = createFileRoute()({ server: { handlers: { GET: () => new Response() } } });`,
      ),
      "src/routes/api/file-{$name}[.]txt.ts": ROUTE(
        `export const Route = createFileRoute()({ server: { handlers: { GET: () => new Response() } } });`,
      ),
    },
    routes: [
      "GET /api/audit []",
      "GET /api/docs []",
      "GET /api/docs/{lang} []",
      "GET /api/file-{name}.txt []",
      "GET /api/reports []",
      "GET /api/v1/users/{userId} []",
      "GET /sitemap.xml []",
      "POST /api/posts/{postId}/edit []",
    ],
  },
  {
    name: "a splat route (`$`) is a catch-all, indexed as one segment (APX205); one that serves a Hono app answers with its routes",
    files: {
      "src/auth.ts": AUTH,
      "src/routes/files/$.ts": ROUTE(
        `export const Route = createFileRoute("/files/$")({ server: { handlers: { GET: ({ params }) => new Response(params._splat) } } });`,
      ),
      "src/server/app.ts": `import { Hono } from "hono";
import { requirePermission } from "../auth";
export const app = new Hono().basePath("/api");
app.get("/health", (c) => c.text("ok"));
app.post("/jobs", (c) => { requirePermission("jobs.run"); return c.json({}); });`,
      "src/routes/api/$.ts": ROUTE(`import { app } from "../../server/app";
const handle = ({ request }: { request: Request }) => app.fetch(request);
export const Route = createFileRoute("/api/$")({ server: { handlers: { GET: handle, POST: handle } } });`),
    },
    routes: ["GET /api/health []", "GET /files/{_splat} []", "POST /api/jobs [jobs.run]"],
    diagnostics: ["APX205 src/routes/files/$.ts:2"],
  },
  {
    name: "`ANY`: the methods without their own handler that its method tests leave; untested, every one of them (APX230)",
    files: {
      "src/auth.ts": AUTH,
      "src/routes/api/tested.ts": ROUTE(`import { requirePermission } from "../../auth";
export const Route = createFileRoute("/api/tested")({
  server: {
    handlers: {
      GET: () => new Response("x"),
      ANY: ({ request }) => {
        if (request.method !== "PATCH") return new Response(null, { status: 405 });
        requirePermission("x.patch");
        return new Response(null);
      },
    },
  },
});`),
      "src/routes/api/open.ts": ROUTE(
        `export const Route = createFileRoute("/api/open")({ server: { handlers: { POST: () => new Response(), ANY: () => new Response() } } });`,
      ),
    },
    routes: [
      "DELETE /api/open []",
      "GET /api/open []",
      "GET /api/tested []",
      "PATCH /api/open []",
      "PATCH /api/tested [x.patch]",
      "POST /api/open []",
      "PUT /api/open []",
    ],
    diagnostics: ["APX230 src/routes/api/open.ts:2"],
  },
  {
    name: "a route id that differs from the file's path: the file wins (APX237)",
    files: {
      "src/routes/api/accounts.ts": ROUTE(
        `export const Route = createFileRoute("/api/users")({ server: { handlers: { GET: () => new Response() } } });`,
      ),
    },
    routes: ["GET /api/accounts []"],
    diagnostics: ["APX237 src/routes/api/accounts.ts:2"],
  },
  {
    name: "a module outside the routes folder: placed by its route id (a virtual route config), or left out without one (APX201)",
    files: {
      "src/features/billing/api.ts": ROUTE(
        `export const Route = createFileRoute("/_app/api/billing/$id")({ server: { handlers: { GET: () => new Response() } } });`,
      ),
      "src/features/misc/api.ts": ROUTE(`export const Route = createFileRoute()({ server: { handlers: { GET: () => new Response() } } });`),
    },
    routes: ["GET /api/billing/{id} []"],
    diagnostics: ["APX201 src/features/misc/api.ts:2"],
  },
  {
    name: "routesDirectory from vite.config.ts",
    files: {
      "vite.config.ts": `import { defineConfig } from "vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
export default defineConfig({ plugins: [tanstackRouter({ target: "react", routesDirectory: "./web/pages" })] });`,
      "web/pages/api/status.ts": ROUTE(`export const Route = createFileRoute()({ server: { handlers: { GET: () => new Response() } } });`),
    },
    routes: ["GET /api/status []"],
  },
  {
    name: "a handler table apidex cannot read, and a spread entry, are said (APX201)",
    files: {
      "src/handlers.ts": `export function makeHandlers() { return { GET: () => new Response() }; }`,
      "src/routes/api/made.ts": ROUTE(`import { makeHandlers } from "../../handlers";
export const Route = createFileRoute("/api/made")({ server: { handlers: makeHandlers() } });`),
      "src/routes/api/spread.ts": ROUTE(`import { makeHandlers } from "../../handlers";
export const Route = createFileRoute("/api/spread")({ server: { handlers: { ...makeHandlers(), POST: () => new Response() } } });`),
    },
    routes: ["POST /api/spread []"],
    diagnostics: ["APX201 src/routes/api/made.ts:3", "APX201 src/routes/api/spread.ts:3"],
  },
  {
    name: "page routes without server handlers are no operations",
    files: {
      "src/routes/index.tsx": ROUTE(`export const Route = createFileRoute("/")({ component: () => null, loader: () => ({}) });`),
      "src/routes/__root.tsx": `import { createRootRoute } from "@tanstack/react-router";\nexport const Route = createRootRoute({});`,
    },
    routes: [],
    diagnostics: ["APX001 -"],
  },
];

describe("TanStack Start, in memory", () => {
  it.each(CASES)("$name", async ({ files, routes, diagnostics, config }) => {
    const result = await generateFrom(files, config);
    expect(routeLines(result)).toEqual([...routes].sort());
    expect(diagnosticLines(result).sort()).toEqual([...(diagnostics ?? [])].sort());
  });
});
