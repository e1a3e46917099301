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
];

describe("tRPC", () => {
  it.each(cases)("$name", async ({ files, routes, diagnostics }) => {
    const result = await generateFrom(files);
    expect(routeLines(result)).toEqual([...routes].sort());
    expect(diagnosticLines(result)).toEqual(diagnostics ?? []);
  });
});
