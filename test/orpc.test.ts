import { describe, expect, it } from "vitest";
import { mayRegisterRoutes } from "../generator/scan/route-hints.js";
import { diagnosticLines, generateFrom, type InMemoryCase, routeLines } from "./helpers/in-memory.js";

/** The shape of a Hono host as oRPC's docs and templates (better-t-stack) write it: the handler in `app.use()`. */
const honoHost = (handlerImport: string, handlerClass: string, prefix: string) =>
  [
    `import { Hono } from "hono";`,
    handlerImport,
    `import { router } from "./router";`,
    `const handler = new ${handlerClass}(router);`,
    `const app = new Hono();`,
    `app.get("/health", (c) => c.text("ok"));`,
    `app.use("${prefix}/*", async (c, next) => {`,
    `  const { matched, response } = await handler.handle(c.req.raw, { prefix: "${prefix}" });`,
    `  if (matched) return c.newResponse(response.body, response);`,
    `  await next();`,
    `});`,
    `export default app;`,
  ].join("\n");

/** A project's oRPC base: a context, an authentication middleware (no keys), and a permission middleware factory. */
const BASE = [
  `import { ORPCError, os } from "@orpc/server";`,
  `type Ctx = { session?: { user: { permissions: string[] } } };`,
  `export const o = os.$context<Ctx>();`,
  `export const publicProcedure = o;`,
  `const requireAuth = o.middleware(async ({ context, next }) => {`,
  `  if (!context.session) throw new ORPCError("UNAUTHORIZED");`,
  `  return next({ context: { session: context.session } });`,
  `});`,
  `export const protectedProcedure = publicProcedure.use(requireAuth);`,
  `export const requirePermission = (key: string) =>`,
  `  o.middleware(async ({ context, next }) => {`,
  `    if (!context.session?.user.permissions.includes(key)) throw new ORPCError("FORBIDDEN");`,
  `    return next();`,
  `  });`,
].join("\n");

const cases: InMemoryCase[] = [
  {
    name: "the scout's repro: a Hono app serving an OpenAPIHandler in app.use('/api/*') with prefix /api, beside its own route",
    files: {
      "src/index.ts": [
        `import { Hono } from "hono";`,
        `import { os } from "@orpc/server";`,
        `import { OpenAPIHandler } from "@orpc/openapi/fetch";`,
        `import { z } from "zod";`,
        `const listPlanets = os.route({ method: "GET", path: "/planets" }).input(z.object({ limit: z.number().optional() })).handler(async () => []);`,
        `const createPlanet = os.route({ method: "POST", path: "/planets" }).input(z.object({ name: z.string() })).handler(async ({ input }) => ({ id: 1, name: input.name }));`,
        `const router = { planets: { list: listPlanets, create: createPlanet } };`,
        `const handler = new OpenAPIHandler(router);`,
        `const app = new Hono();`,
        `app.get("/health", (c) => c.text("ok"));`,
        `app.use("/api/*", async (c, next) => {`,
        `  const { matched, response } = await handler.handle(c.req.raw, { prefix: "/api" });`,
        `  if (matched) return c.newResponse(response.body, response);`,
        `  await next();`,
        `});`,
        `export default app;`,
      ].join("\n"),
    },
    routes: ["GET /api/planets []", "GET /health []", "POST /api/planets []"],
  },
  {
    name: "OpenAPIHandler: nested routers (plain objects and os.router), os.prefix before explicit paths only, POST and router keys when .route() gives no method or path",
    files: {
      "server/router.ts": [
        `import { os } from "@orpc/server";`,
        `const find = os.route({ method: "GET", path: "/{id}" }).handler(() => null);`,
        `const list = os.route({ method: "GET" }).handler(() => []);`,
        `const remove = os.route({ method: "DELETE", path: "/{id}" }).handler(() => null);`,
        `const API = "/v1";`,
        `export const router = os.prefix(API).router({`,
        `  ping: os.handler(() => "pong"),`,
        `  planet: os.prefix("/planets").router({ find, list, remove }),`,
        `  nested: { deep: { op: os.route({ path: "/deep-op" }).handler(() => null) } },`,
        `});`,
      ].join("\n"),
      "server/index.ts": honoHost(`import { OpenAPIHandler } from "@orpc/openapi/fetch";`, "OpenAPIHandler", "/api"),
    },
    routes: [
      "DELETE /api/v1/planets/{id} []",
      "GET /api/planet/list []",
      "GET /api/v1/planets/{id} []",
      "GET /health []",
      "POST /api/ping []",
      "POST /api/v1/deep-op []",
    ],
  },
  {
    name: "RPCHandler: POST {prefix}/{keys joined by /}, whatever .route() says; a project serving both protocols gets both",
    files: {
      "server/router.ts": [
        `import { os } from "@orpc/server";`,
        `export const router = {`,
        `  planet: { list: os.route({ method: "GET", path: "/planets" }).handler(() => []), create: os.handler(() => null) },`,
        `  ping: os.handler(() => "pong"),`,
        `};`,
      ].join("\n"),
      "server/index.ts": [
        `import { Hono } from "hono";`,
        `import { RPCHandler } from "@orpc/server/fetch";`,
        `import { OpenAPIHandler } from "@orpc/openapi/fetch";`,
        `import { router } from "./router";`,
        `const RPC_PREFIX = "/rpc";`,
        `const rpc = new RPCHandler(router);`,
        `const rest = new OpenAPIHandler(router);`,
        `const app = new Hono();`,
        `app.all("/rpc/*", async (c) => {`,
        `  const { response } = await rpc.handle(c.req.raw, { prefix: RPC_PREFIX, context: {} });`,
        `  return response ?? c.notFound();`,
        `});`,
        `app.use("/api/*", async (c, next) => {`,
        `  const result = await rest.handle(c.req.raw, { prefix: "/api" });`,
        `  if (result.matched) return c.newResponse(result.response.body, result.response);`,
        `  await next();`,
        `});`,
        `export default app;`,
      ].join("\n"),
    },
    routes: [
      "GET /api/planets []",
      "POST /api/ping []",
      "POST /api/planet/create []",
      "POST /rpc/ping []",
      "POST /rpc/planet/create []",
      "POST /rpc/planet/list []",
    ],
  },
  {
    name: "Next.js: a catch-all route file that hands its requests to an OpenAPIHandler serves the router under the handle() prefix, not as a catch-all of its own",
    files: {
      "app/api/[[...rest]]/route.ts": [
        `import { OpenAPIHandler } from "@orpc/openapi/fetch"; import { router } from "../../../server/router";`,
        `const handler = new OpenAPIHandler(router);`,
        `async function handle(req: Request) { return (await handler.handle(req, { prefix: "/api" })).response ?? new Response(null, { status: 404 }); }`,
        `export { handle as GET, handle as POST };`,
      ].join("\n"),
      "app/rpc/[[...rest]]/route.ts": [
        `import { RPCHandler } from "@orpc/server/fetch"; import { router } from "../../../server/router";`,
        `const handler = new RPCHandler(router);`,
        `async function handleRequest(request: Request) {`,
        `  const { response } = await handler.handle(request, { prefix: "/rpc", context: {} });`,
        `  return response ?? new Response("Not found", { status: 404 });`,
        `}`,
        `export const HEAD = handleRequest;`,
        `export const GET = handleRequest;`,
        `export const POST = handleRequest;`,
        `export const PUT = handleRequest;`,
        `export const PATCH = handleRequest;`,
        `export const DELETE = handleRequest;`,
      ].join("\n"),
      "server/router.ts": `import { os } from "@orpc/server";\nexport const router = { listBots: os.route({ method: "GET", path: "/v1/bots" }).handler(() => []) };\n`,
    },
    routes: ["GET /api/v1/bots []", "POST /rpc/listBots []"],
  },
  {
    name: "Node: an RPCHandler of @orpc/server/node in createServer takes its options third (handle(req, res, { prefix }))",
    files: {
      "server/router.ts": `import { os } from "@orpc/server";\nexport const router = { planet: { list: os.handler(() => []) } };\n`,
      "server/main.ts": [
        `import { createServer } from "node:http";`,
        `import { RPCHandler } from "@orpc/server/node";`,
        `import { router } from "./router";`,
        `const handler = new RPCHandler(router);`,
        `const server = createServer(async (req, res) => {`,
        `  const result = await handler.handle(req, res, { prefix: "/rpc", context: {} });`,
        `  if (!result.matched) { res.statusCode = 404; res.end("No procedure matched"); }`,
        `});`,
        `server.listen(3000);`,
      ].join("\n"),
    },
    routes: ["POST /rpc/planet/list []"],
  },
  {
    name: "node-style handlers: an RPCHandler in an Express middleware and an OpenAPIHandler in a Pages Router catch-all (pages/api/orpc/[[...rest]].ts), each at its handle() prefix",
    files: {
      "server/router.ts": `import { os } from "@orpc/server";\nexport const router = { planet: { list: os.route({ method: "GET", path: "/planets" }).handler(() => []) } };\n`,
      "server/app.ts": [
        `import express from "express";`,
        `import { RPCHandler } from "@orpc/server/node";`,
        `import { router } from "./router";`,
        `const handler = new RPCHandler(router);`,
        `const app = express();`,
        `app.get("/health", (req, res) => res.send("ok"));`,
        `app.use("/rpc{/*path}", async (req, res, next) => {`,
        `  const { matched } = await handler.handle(req, res, { prefix: "/rpc", context: {} });`,
        `  if (matched) return;`,
        `  next();`,
        `});`,
        `app.listen(3000);`,
      ].join("\n"),
      "pages/api/orpc/[[...rest]].ts": [
        `import { OpenAPIHandler } from "@orpc/openapi/node";`,
        `import { router } from "../../../server/router";`,
        `const handler = new OpenAPIHandler(router);`,
        `export const config = { api: { bodyParser: false } };`,
        `export default async (req: any, res: any) => {`,
        `  const { matched } = await handler.handle(req, res, { prefix: "/api/orpc" });`,
        `  if (matched) return;`,
        `  res.statusCode = 404;`,
        `  res.end("Not found");`,
        `};`,
      ].join("\n"),
    },
    routes: ["GET /api/orpc/planets []", "GET /health []", "POST /rpc/planet/list []"],
  },
  {
    name: "permission checks: a protected base procedure (authentication only: no keys), permission middleware in .use() on the way, router-level os.use(), and checks in the handler",
    files: {
      "server/orpc.ts": BASE,
      "server/router.ts": [
        `import { os } from "@orpc/server";`,
        `import { protectedProcedure, publicProcedure, requirePermission } from "./orpc";`,
        `declare function assertPermission(key: string): void;`,
        `const adminOnly = protectedProcedure.use(requirePermission("admin"));`,
        `const PLANETS_WRITE = "planets.write";`,
        `export const router = {`,
        `  status: publicProcedure.route({ method: "GET", path: "/status" }).handler(() => "ok"),`,
        `  me: protectedProcedure.route({ method: "GET", path: "/me" }).handler(() => null),`,
        `  planets: {`,
        `    create: protectedProcedure.use(requirePermission(PLANETS_WRITE)).route({ method: "POST", path: "/planets" }).handler(() => null),`,
        `    purge: adminOnly.route({ method: "DELETE", path: "/planets" }).handler(() => null),`,
        `    audit: protectedProcedure.route({ method: "GET", path: "/planets/audit" }).handler(() => { assertPermission("planets.audit"); return []; }),`,
        `  },`,
        `  billing: os.use(requirePermission("billing.read")).router({`,
        `    invoices: protectedProcedure.route({ method: "GET", path: "/invoices" }).handler(() => []),`,
        `  }),`,
        `};`,
      ].join("\n"),
      "server/index.ts": honoHost(`import { OpenAPIHandler } from "@orpc/openapi/fetch";`, "OpenAPIHandler", "/api"),
    },
    routes: [
      "DELETE /api/planets [admin]",
      "GET /api/invoices [billing.read]",
      "GET /api/me []",
      "GET /api/planets/audit [planets.audit]",
      "GET /api/status []",
      "GET /health []",
      "POST /api/planets [planets.write]",
    ],
  },
  {
    name: "contract-first: oc contracts (oc.prefix(...).router) implemented with implement(contract), its .use() checks, served by an OpenAPIHandler",
    files: {
      "contract/index.ts": [
        `import { oc } from "@orpc/contract";`,
        `import { z } from "zod";`,
        `export const contract = {`,
        `  planet: oc.prefix("/planets").router({`,
        `    list: oc.route({ method: "GET", path: "/" }).input(z.object({ limit: z.number() })),`,
        `    find: oc.route({ method: "GET", path: "/{id}" }),`,
        `    create: oc.route({ method: "POST", path: "/" }),`,
        `  }),`,
        `  ping: oc.input(z.object({})),`,
        `};`,
      ].join("\n"),
      "server/router.ts": [
        `import { implement } from "@orpc/server";`,
        `import { contract } from "../contract";`,
        `declare function requirePermission(key: string): any;`,
        `const os = implement(contract);`,
        `const authed = os.use(async ({ next }) => next());`,
        `export const router = os.router({`,
        `  planet: {`,
        `    list: authed.planet.list.handler(() => []),`,
        `    find: authed.planet.find.handler(() => null),`,
        `    create: authed.planet.create.use(requirePermission("planets.write")).handler(() => null),`,
        `  },`,
        `  ping: os.ping.handler(() => "pong"),`,
        `});`,
      ].join("\n"),
      "server/index.ts": honoHost(`import { OpenAPIHandler } from "@orpc/openapi/fetch";`, "OpenAPIHandler", "/api"),
    },
    routes: ["GET /api/planets []", "GET /api/planets/{id} []", "GET /health []", "POST /api/ping []", "POST /api/planets [planets.write]"],
  },
  {
    name: "a lazy router (lazy(() => import(...)) and os.prefix().lazy()) is read as oRPC loads it: the module's default export",
    files: {
      "server/planet.ts": `import { os } from "@orpc/server";\nexport default { list: os.route({ method: "GET", path: "/" }).handler(() => []), find: os.route({ method: "GET", path: "/{id}" }).handler(() => null) };\n`,
      "server/user.ts": `import { os } from "@orpc/server";\nexport default { me: os.handler(() => null) };\n`,
      "server/router.ts": [
        `import { lazy, os } from "@orpc/server";`,
        `export const router = { planet: os.prefix("/planets").lazy(() => import("./planet")), user: lazy(() => import("./user")) };`,
      ].join("\n"),
      "server/index.ts": honoHost(`import { OpenAPIHandler } from "@orpc/openapi/fetch";`, "OpenAPIHandler", "/api"),
    },
    routes: ["GET /api/planets []", "GET /api/planets/{id} []", "GET /health []", "POST /api/user/me []"],
  },
  {
    name: "what cannot be read is a warning with file:line, and the rest is indexed: a prefix known at run time, a handler nothing calls handle() on, a router entry, a route path, a {+rest} wildcard",
    files: {
      "server/router.ts": [
        `import { os } from "@orpc/server";`,
        `declare const runtime: any;`,
        `export const router = {`,
        `  ok: os.route({ method: "GET", path: "/ok" }).handler(() => null),`,
        `  files: os.route({ method: "GET", path: "/files/{+path}" }).handler(() => null),`,
        `  dynamic: os.route({ method: "GET", path: runtime.path }).handler(() => null),`,
        `  other: (globalThis as any).routers.other,`,
        `};`,
      ].join("\n"),
      "server/index.ts": [
        `import { Hono } from "hono";`,
        `import { OpenAPIHandler } from "@orpc/openapi/fetch";`,
        `import { router } from "./router";`,
        `const handler = new OpenAPIHandler(router);`,
        `const app = new Hono();`,
        `app.use("/api/*", async (c, next) => {`,
        `  const { matched, response } = await handler.handle(c.req.raw, { prefix: "/api" });`,
        `  if (matched) return c.newResponse(response.body, response);`,
        `  await next();`,
        `});`,
        `app.use("/v2/*", async (c, next) => {`,
        `  const { matched, response } = await handler.handle(c.req.raw, { prefix: process.env.API_PREFIX as "/v2" });`,
        `  if (matched) return c.newResponse(response.body, response);`,
        `  await next();`,
        `});`,
        `export default app;`,
        `import { RPCHandler } from "@orpc/server/fetch";`,
        `export const unused = new RPCHandler(router);`,
      ].join("\n"),
    },
    routes: ["GET /api/files/{path} []", "GET /api/ok []"],
    diagnostics: [
      "APX241 server/index.ts:12",
      "APX241 server/index.ts:18",
      "APX205 server/router.ts:5",
      "APX241 server/router.ts:6",
      "APX241 server/router.ts:7",
    ],
  },
];

describe("oRPC", () => {
  it.each(cases)("$name", async ({ files, routes, diagnostics }) => {
    const result = await generateFrom(files);
    expect(routeLines(result)).toEqual([...routes].sort());
    expect(diagnosticLines(result)).toEqual(diagnostics ?? []);
  });

  it("documents an OpenAPIHandler operation from its .route() (summary, description, tags, deprecated, operationId) and its zod .input()/.output(); RPC operations are not documented", async () => {
    const result = await generateFrom({
      "server/router.ts": [
        `import { os } from "@orpc/server";`,
        `import { z } from "zod";`,
        `const Planet = z.object({ id: z.number(), name: z.string() });`,
        `export const router = {`,
        `  planet: os.tag("Planets").router({`,
        `    find: os`,
        `      .route({ method: "GET", path: "/planets/{id}", summary: "Find a planet", description: "Looks a planet up by id.", tags: ["Catalog"] })`,
        `      .input(z.object({ id: z.coerce.number(), expand: z.boolean().optional() }))`,
        `      .output(Planet)`,
        `      .handler(() => ({ id: 1, name: "Earth" })),`,
        `    rename: os`,
        `      .route({ method: "PATCH", path: "/planets/{id}", summary: "Rename a planet", deprecated: true, operationId: "renamePlanet" })`,
        `      .input(z.object({ id: z.number(), name: z.string() }))`,
        `      .handler(() => null),`,
        `  }),`,
        `};`,
      ].join("\n"),
      "server/index.ts": [
        `import { Hono } from "hono";`,
        `import { OpenAPIHandler } from "@orpc/openapi/fetch";`,
        `import { RPCHandler } from "@orpc/server/fetch";`,
        `import { router } from "./router";`,
        `const rest = new OpenAPIHandler(router);`,
        `const rpc = new RPCHandler(router);`,
        `const app = new Hono();`,
        `app.use("/api/*", async (c, next) => { const r = await rest.handle(c.req.raw, { prefix: "/api" }); if (r.matched) return c.newResponse(r.response.body, r.response); await next(); });`,
        `app.use("/rpc/*", async (c, next) => { const r = await rpc.handle(c.req.raw, { prefix: "/rpc" }); if (r.matched) return c.newResponse(r.response.body, r.response); await next(); });`,
        `export default app;`,
      ].join("\n"),
    });
    const byPath = Object.fromEntries(result.operations.map((op) => [`${op.method} ${op.path}`, op]));
    expect(byPath["GET /api/planets/{id}"]).toMatchObject({ summary: "Find a planet", documented: true });
    expect(byPath["PATCH /api/planets/{id}"]).toMatchObject({ summary: "Rename a planet", documented: true });
    expect(byPath["POST /rpc/planet/find"]).toMatchObject({ documented: false });
    const find = result.openapi.paths?.["/api/planets/{id}"]?.get;
    expect(find).toMatchObject({ summary: "Find a planet", description: "Looks a planet up by id." });
    // (`os.tag("Planets")` puts its tag before the route's own, as oRPC's enhanceRoute does.)
    expect([...(find?.tags ?? [])].sort()).toEqual(["Catalog", "Planets"]);
    expect((find?.parameters ?? []).map((p) => ("in" in p ? `${p.in}:${p.name}` : "")).sort()).toEqual(["path:id", "query:expand"]);
    const response = find?.responses?.["200"] as { content?: Record<string, { schema?: unknown }> } | undefined;
    expect(response?.content?.["application/json"]?.schema).toEqual({ $ref: "#/components/schemas/Planet" });
    expect(Object.keys((result.openapi.components?.schemas?.Planet as { properties?: object } | undefined)?.properties ?? {})).toEqual([
      "id",
      "name",
    ]);
    const rename = result.openapi.paths?.["/api/planets/{id}"]?.patch;
    expect(rename).toMatchObject({ deprecated: true });
    expect(JSON.stringify(rename?.requestBody)).toContain("name");
    expect(Object.keys(result.openapi.paths ?? {}).sort()).toEqual(["/api/planets/{id}"]);
  });
});

describe("oRPC sources", () => {
  it("a module that imports oRPC is read (a Node host whose only route-like call is handler.handle(), a router module of procedures)", () => {
    const host = `import { createServer } from "node:http";\nimport { RPCHandler } from "@orpc/server/node";\nimport { router } from "./router";\nconst handler = new RPCHandler(router);\ncreateServer((req, res) => handler.handle(req, res, { prefix: "/rpc" }));\n`;
    expect(mayRegisterRoutes(host, "src/main.ts")).toBe(true);
    expect(
      mayRegisterRoutes(`import { os } from "@orpc/server";\nexport const router = { ping: os.handler(() => "pong") };\n`, "src/router.ts"),
    ).toBe(true);
    expect(
      mayRegisterRoutes(
        `import { oc } from "@orpc/contract";\nexport const contract = { ping: oc.input({} as never) };\n`,
        "src/contract.ts",
      ),
    ).toBe(true);
  });
});
