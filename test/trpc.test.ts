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
];

describe("tRPC", () => {
  it.each(cases)("$name", async ({ files, routes, diagnostics }) => {
    const result = await generateFrom(files);
    expect(routeLines(result)).toEqual([...routes].sort());
    expect(diagnosticLines(result)).toEqual(diagnostics ?? []);
  });
});
