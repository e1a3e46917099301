import { describe, expect, it } from "vitest";
import { diagnosticLines, generateFrom, type InMemoryCase, routeLines } from "./helpers/in-memory.js";

/** tRPC projects as they are written: an instance module, routers, and the handler that serves them. */
const T = `import { initTRPC } from "@trpc/server";
const t = initTRPC.create();
export const createTRPCRouter = t.router;
export const publicProcedure = t.procedure;
export const requirePermission = (key: string) => t.middleware(({ next }) => next());
`;
const ROUTER = `import { createTRPCRouter, publicProcedure, requirePermission } from "./trpc";
export const appRouter = createTRPCRouter({
  post: createTRPCRouter({
    byId: publicProcedure.query(() => null),
    create: publicProcedure.use(requirePermission("posts.write")).mutation(() => null),
  }),
  health: publicProcedure.query(() => "ok"),
});
`;

const cases: InMemoryCase[] = [
  {
    name: "Next.js Pages Router: createNextApiHandler in pages/api/trpc/[trpc].ts serves at its folder; the file's own route is not indexed",
    files: {
      "server/trpc.ts": T,
      "server/root.ts": ROUTER,
      "pages/api/trpc/[trpc].ts": `import * as trpcNext from "@trpc/server/adapters/next";\nimport { appRouter } from "../../../server/root";\nexport default trpcNext.createNextApiHandler({ router: appRouter, createContext: () => ({}) });\n`,
    },
    routes: ["GET /api/trpc/health []", "GET /api/trpc/post.byId []", "POST /api/trpc/post.create [posts.write]"],
  },
  {
    name: "@hono/trpc-server without an endpoint serves at /trpc; the standalone server at the root",
    files: {
      "server/trpc.ts": T,
      "server/root.ts": ROUTER,
      "hono.ts": `import { Hono } from "hono";\nimport { trpcServer } from "@hono/trpc-server";\nimport { appRouter } from "./server/root";\nconst app = new Hono();\napp.use("/trpc/*", trpcServer({ router: appRouter }));\nexport default app;\n`,
      "standalone.ts": `import { createHTTPServer } from "@trpc/server/adapters/standalone";\nimport { appRouter } from "./server/root";\ncreateHTTPServer({ router: appRouter }).listen(3000);\n`,
    },
    routes: [
      "GET /health []",
      "GET /post.byId []",
      "GET /trpc/health []",
      "GET /trpc/post.byId []",
      "POST /post.create [posts.write]",
      "POST /trpc/post.create [posts.write]",
    ],
  },
  {
    name: "Express: a middleware made into a const in one module and mounted where it is imported (under another name too) serves at each literal mount path",
    files: {
      "server/trpc.ts": T,
      "server/root.ts": ROUTER,
      "server/handler.ts": `import { createExpressMiddleware } from "@trpc/server/adapters/express";\nimport { appRouter } from "./root";\nexport const trpcHandler = createExpressMiddleware({ router: appRouter });\n`,
      "server/index.ts": [
        `import express from "express";`,
        `import { trpcHandler as handler } from "./handler";`,
        `class Server {`,
        `  app = express();`,
        `  start() { this.app.use("/trpc", handler); this.app.listen(3000); }`,
        `}`,
        `new Server().start();`,
      ].join("\n"),
    },
    routes: ["GET /trpc/health []", "GET /trpc/post.byId []", "POST /trpc/post.create [posts.write]"],
  },
  {
    name: "Fastify: register(fastifyTRPCPlugin, { prefix, trpcOptions: { router } })",
    files: {
      "server/trpc.ts": T,
      "server/root.ts": ROUTER,
      "server.ts": `import Fastify from "fastify";\nimport { fastifyTRPCPlugin } from "@trpc/server/adapters/fastify";\nimport { appRouter } from "./server/root";\nconst server = Fastify();\nconst PREFIX = "/trpc";\nserver.register(fastifyTRPCPlugin, { prefix: PREFIX, trpcOptions: { router: appRouter } });\nserver.listen({ port: 3000 });\n`,
    },
    routes: ["GET /trpc/health []", "GET /trpc/post.byId []", "POST /trpc/post.create [posts.write]"],
  },
  {
    name: "trpc-to-openapi: createOpenApiNextHandler in pages/api/[...trpc].ts serves at /api; fastifyTRPCOpenApiPlugin at prefix + basePath",
    files: {
      "server/trpc.ts": T,
      "server/root.ts": `import { createTRPCRouter, publicProcedure } from "./trpc";\nexport const appRouter = createTRPCRouter({\n  list: publicProcedure.meta({ openapi: { method: "GET", path: "/posts" } }).query(() => []),\n  get: publicProcedure.meta({ openapi: { method: "GET", path: "/posts/:id" } }).query(() => null),\n  internal: publicProcedure.query(() => null),\n});\n`,
      "pages/api/[...trpc].ts": `import { createOpenApiNextHandler } from "trpc-to-openapi";\nimport { appRouter } from "../../server/root";\nexport default createOpenApiNextHandler({ router: appRouter, createContext: () => ({}) });\n`,
      "server.ts": `import Fastify from "fastify";\nimport { fastifyTRPCOpenApiPlugin } from "trpc-to-openapi";\nimport { appRouter } from "./server/root";\nconst app = Fastify();\napp.register(fastifyTRPCOpenApiPlugin, { basePath: "/rest", router: appRouter });\napp.listen({ port: 3000 });\n`,
    },
    routes: ["GET /api/posts []", "GET /api/posts/{id} []", "GET /rest/posts []", "GET /rest/posts/{id} []"],
  },
  {
    name: "trpc-openapi (tRPC 10), the package trpc-to-openapi continues: the same handlers",
    files: {
      "server/trpc.ts": T,
      "server/root.ts": `import { createTRPCRouter, publicProcedure } from "./trpc";\nexport const appRouter = createTRPCRouter({\n  list: publicProcedure.meta({ openapi: { method: "GET", path: "/customers" } }).query(() => []),\n});\n`,
      "pages/api/[...trpc].ts": `import { createOpenApiNextHandler } from "trpc-openapi";\nimport { appRouter } from "../../server/root";\nexport default createOpenApiNextHandler({ router: appRouter, createContext: () => ({}) });\n`,
    },
    routes: ["GET /api/customers []"],
  },
  {
    name: "what cannot be read is reported: an endpoint known at run time, a lazy sub-router",
    files: {
      "server/trpc.ts": T,
      "server/root.ts": `import { createTRPCRouter, publicProcedure } from "./trpc";\nexport const appRouter = createTRPCRouter({\n  health: publicProcedure.query(() => "ok"),\n  admin: lazy(() => import("./admin")),\n  dynamic: publicProcedure.meta({ openapi: { method: process.env.METHOD as "GET", path: "/dynamic" } }).query(() => null),\n});\ndeclare function lazy(f: () => unknown): never;\n`,
      "pages/api/[...rest].ts": `import { createOpenApiNextHandler } from "trpc-to-openapi";\nimport { appRouter } from "../../server/root";\nexport default createOpenApiNextHandler({ router: appRouter, createContext: () => ({}) });\n`,
      "app/api/trpc/[trpc]/route.ts": `import { fetchRequestHandler } from "@trpc/server/adapters/fetch";\nimport { appRouter } from "../../../../server/root";\nconst handler = (req: Request) => fetchRequestHandler({ endpoint: process.env.TRPC_ENDPOINT!, req, router: appRouter });\nexport { handler as GET, handler as POST };\n`,
      "api.ts": `import { fetchRequestHandler } from "@trpc/server/adapters/fetch";\nimport { appRouter } from "./server/root";\nexport const serve = (req: Request) => fetchRequestHandler({ endpoint: "/api/trpc", req, router: appRouter });\n`,
    },
    routes: ["GET /api/trpc/dynamic []", "GET /api/trpc/health []"],
    diagnostics: ["APX240 app/api/trpc/[trpc]/route.ts:3", "APX240 server/root.ts:4", "APX240 server/root.ts:5"],
  },
  {
    name: "lazy(): a sub-router loaded with import().then(m => m.x), or from a module whose one export is the router; a module of two routers is reported",
    files: {
      "server/trpc.ts": T,
      "server/user.ts": `import { createTRPCRouter, publicProcedure } from "./trpc";\nexport const userRouter = createTRPCRouter({ list: publicProcedure.query(() => []) });\n`,
      "server/slow.ts": `import { createTRPCRouter, publicProcedure } from "./trpc";\nexport type Slow = number;\nexport const slowRouter = createTRPCRouter({ run: publicProcedure.mutation(() => null) });\n`,
      "server/two.ts": `import { createTRPCRouter, publicProcedure } from "./trpc";\nexport const a = createTRPCRouter({ x: publicProcedure.query(() => 1) });\nexport const b = createTRPCRouter({ y: publicProcedure.query(() => 1) });\n`,
      "server/root.ts": `import { lazy } from "@trpc/server";\nimport { createTRPCRouter } from "./trpc";\nexport const appRouter = createTRPCRouter({\n  user: lazy(() => import("./user").then((mod) => {\n    console.log("loaded");\n    return mod.userRouter;\n  })),\n  slow: lazy(() => import("./slow")),\n  two: lazy(() => import("./two")),\n});\n`,
      "api.ts": `import { fetchRequestHandler } from "@trpc/server/adapters/fetch";\nimport { appRouter } from "./server/root";\nexport const serve = (req: Request) => fetchRequestHandler({ endpoint: "/api/trpc", req, router: appRouter });\n`,
    },
    routes: ["GET /api/trpc/user.list []", "POST /api/trpc/slow.run []"],
    diagnostics: ["APX240 server/root.ts:9"],
  },
  {
    name: "a base procedure a run-time condition picks between builders with the same checks is read; with different checks it is reported",
    files: {
      "server/trpc.ts": `import { initTRPC } from "@trpc/server";\nconst t = initTRPC.create();\nconst readOnly = t.middleware(({ next }) => next());\nconst base = process.env.DEMO ? t.procedure.use(readOnly) : t.procedure;\nconst guarded = process.env.LOCKED ? t.procedure.use(requirePermission("all.write")) : t.procedure;\nexport const requirePermission = (key: string) => t.middleware(({ next }) => next());\nexport const publicProcedure = base;\nexport const protectedProcedure = base.use(({ next }) => next());\nexport const lockedProcedure = guarded;\nexport const createTRPCRouter = t.router;\n`,
      "server/root.ts": `import { createTRPCRouter, lockedProcedure, protectedProcedure, publicProcedure, requirePermission } from "./trpc";\nexport const appRouter = createTRPCRouter({\n  health: publicProcedure.query(() => "ok"),\n  save: protectedProcedure.use(requirePermission("posts.write")).mutation(() => null),\n  locked: lockedProcedure.query(() => null),\n});\n`,
      "api.ts": `import { fetchRequestHandler } from "@trpc/server/adapters/fetch";\nimport { appRouter } from "./server/root";\nexport const serve = (req: Request) => fetchRequestHandler({ endpoint: "/trpc", req, router: appRouter });\n`,
    },
    routes: ["GET /trpc/health []", "POST /trpc/save [posts.write]"],
    diagnostics: ["APX240 server/root.ts:5"],
  },
  {
    name: "a procedure factory named as a check gives the procedure it builds, whose middleware tests the caller's keys (user.permissions.includes(key))",
    files: {
      "server/trpc.ts": `import { initTRPC, TRPCError } from "@trpc/server";\nconst t = initTRPC.context<{ user: { permissions: string[] } }>().create();\nexport const protectedProcedure = t.procedure;\nexport const permissionRequiredProcedure = {\n  requiresPermission: (permission: string) => {\n    return protectedProcedure.use(({ ctx, next }) => {\n      if (!ctx.user.permissions.includes(permission)) throw new TRPCError({ code: "FORBIDDEN" });\n      return next();\n    });\n  },\n};\nexport const createTRPCRouter = t.router;\n`,
      "server/root.ts": `import { createTRPCRouter, permissionRequiredProcedure } from "./trpc";\nconst adminProcedure = permissionRequiredProcedure.requiresPermission("admin");\nexport const appRouter = createTRPCRouter({\n  create: permissionRequiredProcedure.requiresPermission("app-create").mutation(() => null),\n  wipe: adminProcedure.mutation(() => null),\n});\n`,
      "api.ts": `import { fetchRequestHandler } from "@trpc/server/adapters/fetch";\nimport { appRouter } from "./server/root";\nexport const serve = (req: Request) => fetchRequestHandler({ endpoint: "/trpc", req, router: appRouter });\n`,
    },
    routes: ["POST /trpc/create [app-create]", "POST /trpc/wipe [admin]"],
  },
  {
    name: "a router kept in a cache a getter fills once (if (!_router) _router = (await import(...)).appRouter) is that router; a name assigned otherwise too stays unknown",
    files: {
      "server/trpc.ts": T,
      "server/root.ts": ROUTER,
      "server/routes.ts": [
        `import { fetchRequestHandler } from "@trpc/server/adapters/fetch";`,
        `let _appRouter: unknown = null;`,
        `async function getAppRouter() {`,
        `  if (!_appRouter) {`,
        `    const mod = await import("./root");`,
        `    _appRouter = mod.appRouter;`,
        `  }`,
        `  return _appRouter;`,
        `}`,
        `export const handler = async (req: Request) => fetchRequestHandler({ endpoint: "/api/trpc", req, router: (await getAppRouter()) as never });`,
        `let other: unknown = null;`,
        `export function reset(next: unknown) { other = next; }`,
        `async function getOther() { if (other == null) { other = (await import("./root")).appRouter; } return other; }`,
        `export const rest = async (req: Request) => fetchRequestHandler({ endpoint: "/other", req, router: (await getOther()) as never });`,
      ].join("\n"),
    },
    routes: ["GET /api/trpc/health []", "GET /api/trpc/post.byId []", "POST /api/trpc/post.create [posts.write]"],
    diagnostics: ["APX240 server/routes.ts:14"],
  },
  {
    name: "routers merged by spreading tRPC's own description of them (...a._def.procedures, ...b._def.record)",
    files: {
      "server/trpc.ts": T,
      "server/root.ts": `import { createTRPCRouter, publicProcedure } from "./trpc";\nconst crud = createTRPCRouter({ list: publicProcedure.query(() => []), nested: createTRPCRouter({ get: publicProcedure.query(() => null) }) });\nconst events = createTRPCRouter({ emit: publicProcedure.mutation(() => null) });\nexport const appRouter = createTRPCRouter({ scenarios: createTRPCRouter({ ...crud._def.procedures, ...events._def.record }) });\n`,
      "api.ts": `import { fetchRequestHandler } from "@trpc/server/adapters/fetch";\nimport { appRouter } from "./server/root";\nexport const serve = (req: Request) => fetchRequestHandler({ endpoint: "/trpc", req, router: appRouter });\n`,
    },
    routes: ["GET /trpc/scenarios.list []", "GET /trpc/scenarios.nested.get []", "POST /trpc/scenarios.emit []"],
  },
  {
    name: "trpc-to-openapi: an endpoint held in a const of the function that makes the handler is read there",
    files: {
      "src/router.ts": `import { initTRPC } from "@trpc/server";\nimport type { OpenApiMeta } from "trpc-to-openapi";\nconst t = initTRPC.meta<OpenApiMeta>().create();\nexport const appRouter = t.router({\n  list: t.procedure.meta({ openapi: { method: "GET", path: "/widgets" } }).query(() => []),\n  create: t.procedure.meta({ openapi: { method: "POST", path: "/widgets" } }).mutation(() => null),\n});\n`,
      "src/v2.ts": `import type { Context } from "hono";\nimport { createOpenApiFetchHandler } from "trpc-to-openapi";\nimport { appRouter } from "./router";\nexport const v2Handler = async (c: Context) => {\n  const endpoint = "/api/v2";\n  return createOpenApiFetchHandler({ endpoint, router: appRouter, req: c.req.raw, createContext: () => ({}) });\n};\n`,
      "src/index.ts": `import { Hono } from "hono";\nimport { v2Handler } from "./v2";\nconst app = new Hono();\napp.use("/api/v2/*", async (c) => v2Handler(c));\nexport default app;\n`,
    },
    routes: ["GET /api/v2/widgets []", "POST /api/v2/widgets []"],
  },
  {
    name: "trpc-to-openapi: an endpoint each caller decides through a parameter is read per call; a caller whose argument is unknown is reported",
    files: {
      "src/router.ts": `import { initTRPC } from "@trpc/server";\nimport type { OpenApiMeta } from "trpc-to-openapi";\nconst t = initTRPC.meta<OpenApiMeta>().create();\nexport const appRouter = t.router({\n  list: t.procedure.meta({ openapi: { method: "GET", path: "/widgets" } }).query(() => []),\n  create: t.procedure.meta({ openapi: { method: "POST", path: "/widgets" } }).mutation(() => null),\n});\n`,
      "src/v2.ts": `import type { Context } from "hono";\nimport { createOpenApiFetchHandler } from "trpc-to-openapi";\nimport { appRouter } from "./router";\nexport const openApi = async (c: Context, { isBeta }: { isBeta: boolean }) =>\n  createOpenApiFetchHandler({ endpoint: isBeta ? "/api/v2-beta" : "/api/v2", router: appRouter, req: c.req.raw, createContext: () => ({}) });\n`,
      "src/index.ts": `import { Hono } from "hono";\nimport { openApi as serve } from "./v2";\nconst app = new Hono();\napp.use("/api/v2/*", async (c) => serve(c, { isBeta: false }));\napp.use("/api/v2-beta/*", async (c) => serve(c, { isBeta: true }));\napp.use("/api/v3/*", async (c) => serve(c, { isBeta: c.req.header("beta") === "1" }));\nexport default app;\n`,
    },
    routes: ["GET /api/v2-beta/widgets []", "GET /api/v2/widgets []", "POST /api/v2-beta/widgets []", "POST /api/v2/widgets []"],
    diagnostics: ["APX240 src/v2.ts:5"],
  },
  {
    name: "trpc-to-openapi: a project's own adapter around createOpenApiNodeHttpHandler is followed to its router and reported (it answers at the path its caller hands it); another package handler given a router is reported",
    files: {
      "src/router.ts": `import { initTRPC } from "@trpc/server";\nimport type { OpenApiMeta } from "trpc-to-openapi";\nconst t = initTRPC.meta<OpenApiMeta>().create();\nexport const appRouter = t.router({\n  list: t.procedure.meta({ openapi: { method: "GET", path: "/widgets" } }).query(() => []),\n  create: t.procedure.meta({ openapi: { method: "POST", path: "/widgets" } }).mutation(() => null),\n});\n`,
      "src/fetch-adapter.ts": `import { createOpenApiNodeHttpHandler } from "trpc-to-openapi";\nexport const createOpenApiFetchHandler = async (opts: { endpoint: string; router: any; req: Request }) => {\n  const handler = createOpenApiNodeHttpHandler({ router: opts.router } as never);\n  return new Promise<Response>((resolve) => { void handler; resolve(new Response(null)); });\n};\n`,
      "src/v2.ts": `import { createOpenApiFetchHandler } from "./fetch-adapter";\nimport { appRouter } from "./router";\nconst V2 = "/api/v2";\nexport const v2Handler = async (req: Request) => createOpenApiFetchHandler({ endpoint: V2, router: appRouter, req });\n`,
      "src/lambda.ts": `import { createOpenApiAwsLambdaHandler } from "trpc-openapi";\nimport { appRouter } from "./router";\nexport const handler = createOpenApiAwsLambdaHandler({ router: appRouter, createContext: () => ({}) });\n`,
    },
    routes: [],
    diagnostics: ["APX240 src/fetch-adapter.ts:3", "APX240 src/lambda.ts:3"],
  },
  {
    name: "@dokploy/trpc-openapi serves every procedure by default (GET a query, POST a mutation, at the dotted key), not subscriptions nor enabled: false; override and additional as documented",
    files: {
      "server/router.ts": [
        `import { initTRPC } from "@trpc/server";`,
        `import type { OpenApiMeta } from "@dokploy/trpc-openapi";`,
        `const t = initTRPC.meta<OpenApiMeta>().create();`,
        `export const appRouter = t.router({`,
        `  widget: t.router({`,
        `    byId: t.procedure.query(() => null),`,
        `    remove: t.procedure.meta({ openapi: { summary: "Remove a widget" } }).mutation(() => null),`,
        `    logs: t.procedure.meta({ openapi: { enabled: false, method: "POST", path: "/logs", override: true } }).query(() => null),`,
        `    events: t.procedure.subscription(async function* () {}),`,
        `    renamed: t.procedure.meta({ openapi: { override: true, method: "PUT", path: "/widgets/{id}" } }).mutation(() => null),`,
        `    extra: t.procedure.meta({ openapi: { additional: true, method: "DELETE" } }).mutation(() => null),`,
        `    moved: t.procedure.meta({ openapi: { method: "GET", path: "/moved" } }).query(() => null),`,
        `  }),`,
        `});`,
      ].join("\n"),
      "pages/api/[...trpc].ts": `import { createOpenApiNextHandler } from "@dokploy/trpc-openapi";\nimport { appRouter } from "../../server/router";\nexport default createOpenApiNextHandler({ router: appRouter });\n`,
    },
    routes: ["DELETE /api/widget.extra []", "GET /api/widget.byId []", "POST /api/widget.remove []", "PUT /api/widgets/{id} []"],
    diagnostics: ["APX240 server/router.ts:12"],
  },
  {
    name: "an endpoint whose leading part only is unknown (a base path from the environment, through a helper) is indexed at its tail, relative to that part, and marked; the Hono app's own basePath as before",
    files: {
      "server/trpc.ts": T,
      "server/root.ts": ROUTER,
      "src/paths.ts": [
        `const readEnv = (k: string): string | undefined => (typeof window !== "undefined" ? undefined : process.env[k]);`,
        `export const getBasePath = () => (readEnv("BASE_PATH") ?? "").replace(/\\/$/, "");`,
        `export const withBase = (p: string) => {`,
        `  return \`\${getBasePath()}\${p}\`;`,
        `};`,
      ].join("\n"),
      "src/index.ts": [
        `import { Hono } from "hono";`,
        `import { trpcServer } from "@hono/trpc-server";`,
        `import { appRouter } from "../server/root";`,
        `import { getBasePath, withBase } from "./paths";`,
        `const app = new Hono().basePath(getBasePath() || "/");`,
        `app.get("/api/status", (c) => c.text("ok"));`,
        `app.use("/api/trpc/*", trpcServer({ router: appRouter, endpoint: withBase("/api/trpc") }));`,
        `export default app;`,
      ].join("\n"),
    },
    routes: [
      "GET /api/status []",
      "GET /api/trpc/health [] unresolved(path)",
      "GET /api/trpc/post.byId [] unresolved(path)",
      "POST /api/trpc/post.create [posts.write] unresolved(path)",
    ],
    diagnostics: ["APX201 src/index.ts:5", "APX201 src/index.ts:7"],
  },
  {
    name: "an endpoint written as a template or `+` of an unknown part and a path, or joined by a helper from a parameter, is relative too",
    files: {
      "server/trpc.ts": T,
      "server/root.ts": `import { createTRPCRouter, publicProcedure } from "./trpc";\nexport const appRouter = createTRPCRouter({ ping: publicProcedure.query(() => "pong") });\n`,
      "api.ts": [
        `import { fetchRequestHandler } from "@trpc/server/adapters/fetch";`,
        `import { appRouter } from "./server/root";`,
        `const join = (base: string | undefined, path: string) => base + path;`,
        `export const a = (req: Request) => fetchRequestHandler({ endpoint: \`\${process.env.BASE}/a/trpc\`, req, router: appRouter });`,
        `export const b = (req: Request) => fetchRequestHandler({ endpoint: process.env.BASE + "/b/trpc", req, router: appRouter });`,
        `export const c = (req: Request) => fetchRequestHandler({ endpoint: join(process.env.BASE, "/c/trpc"), req, router: appRouter });`,
        `const D = join(process.env.BASE, "/d/trpc");`,
        `export const d = (req: Request) => fetchRequestHandler({ endpoint: D, req, router: appRouter });`,
      ].join("\n"),
    },
    routes: [
      "GET /a/trpc/ping [] unresolved(path)",
      "GET /b/trpc/ping [] unresolved(path)",
      "GET /c/trpc/ping [] unresolved(path)",
      "GET /d/trpc/ping [] unresolved(path)",
    ],
    diagnostics: ["APX201 api.ts:4", "APX201 api.ts:5", "APX201 api.ts:6", "APX201 api.ts:8"],
  },
  {
    name: "an endpoint unknown elsewhere than at its start, one whose tail is no path of its own, or a helper that computes more is not indexed",
    files: {
      "server/trpc.ts": T,
      "server/root.ts": `import { createTRPCRouter, publicProcedure } from "./trpc";\nexport const appRouter = createTRPCRouter({ ping: publicProcedure.query(() => "pong") });\n`,
      "api.ts": [
        `import { fetchRequestHandler } from "@trpc/server/adapters/fetch";`,
        `import { appRouter } from "./server/root";`,
        `const withBase = (p: string) => { const base = process.env.BASE; if (!base) return p; return base + p; };`,
        `export const a = (req: Request) => fetchRequestHandler({ endpoint: \`/api/\${process.env.VERSION}/trpc\`, req, router: appRouter });`,
        `export const b = (req: Request) => fetchRequestHandler({ endpoint: process.env.BASE + "trpc", req, router: appRouter });`,
        `export const c = (req: Request) => fetchRequestHandler({ endpoint: withBase("/trpc"), req, router: appRouter });`,
        `const E: string = F;`,
        `const F: string = E;`,
        `export const e = (req: Request) => fetchRequestHandler({ endpoint: E, req, router: appRouter });`,
      ].join("\n"),
    },
    routes: [],
    diagnostics: ["APX240 api.ts:4", "APX240 api.ts:5", "APX240 api.ts:6", "APX240 api.ts:9"],
  },
];

describe("tRPC", () => {
  it.each(cases)("$name", async ({ files, routes, diagnostics }) => {
    const result = await generateFrom(files);
    expect(routeLines(result)).toEqual([...routes].sort());
    expect(diagnosticLines(result)).toEqual(diagnostics ?? []);
  });
});
