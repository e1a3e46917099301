import { describe, expect, it } from "vitest";
import { diagnosticLines, generateFrom, type InMemoryCase, routeLines } from "./helpers/in-memory.js";

/** ts-rest projects as they are written: a contract module (or several), and the server that serves it. */
const AUTH = `export const requirePermission = (key: string) => (req: unknown, res: unknown, next: () => void) => next();\nexport function assertPermission(key: string): void {}\n`;

const POSTS = `import { initContract } from "@ts-rest/core";
import { z } from "zod";
const c = initContract();
export const postsContract = c.router(
  {
    /** Lists the posts. */
    list: { method: "GET", path: "/posts", query: z.object({ take: z.number().optional() }), responses: { 200: z.array(z.object({ id: z.string() })) } },
    get: c.query({ method: "GET", path: "/posts/:id", responses: { 200: z.object({ id: z.string() }) }, summary: "Get a post" }),
    create: c.mutation({ method: "POST", path: "/posts", body: z.object({ title: z.string() }), responses: { 201: z.object({ id: z.string() }) } }),
  },
  { pathPrefix: "/v2" },
);
`;

const CONTRACT = `import { initContract } from "@ts-rest/core";
import { postsContract } from "./posts.contract";
const c = initContract();
export const contract = c.router({
  health: { method: "GET", path: "/health", responses: { 200: c.type<{ ok: boolean }>() } },
  posts: postsContract,
  admin: c.router({ purge: { method: "DELETE", path: "/cache", body: c.noBody(), responses: { 204: c.noBody() } } }, { pathPrefix: "/admin" }),
}, { pathPrefix: "/api" });
`;

const cases: InMemoryCase[] = [
  {
    name: "Express: createExpressEndpoints registers the implemented routes on the app, prefixes composed, checks from globalMiddleware, route middleware and the handler",
    files: {
      "auth.ts": AUTH,
      "posts.contract.ts": POSTS,
      "contract.ts": CONTRACT,
      "server.ts": `import express from "express";
import { createExpressEndpoints, initServer } from "@ts-rest/express";
import { contract } from "./contract";
import { requirePermission, assertPermission } from "./auth";
const app = express();
const s = initServer();
const router = s.router(contract, {
  health: async () => ({ status: 200, body: { ok: true } }),
  posts: {
    list: async () => ({ status: 200, body: [] }),
    get: { middleware: [requirePermission("posts.read")], handler: async () => ({ status: 200, body: { id: "1" } }) },
    create: async () => { assertPermission("posts.write"); return { status: 201, body: { id: "1" } }; },
  },
  admin: { purge: async () => ({ status: 204, body: undefined }) },
});
createExpressEndpoints(contract, router, app, { globalMiddleware: [requirePermission("api.use")] });
app.listen(3000);
`,
    },
    routes: [
      "DELETE /api/admin/cache [api.use]",
      "GET /api/health [api.use]",
      "GET /api/v2/posts [api.use]",
      "GET /api/v2/posts/{id} [api.use,posts.read]",
      "POST /api/v2/posts [api.use,posts.write]",
    ],
  },
  {
    name: "Express: a router given to createExpressEndpoints is served where it is mounted, under the app's middleware",
    files: {
      "auth.ts": AUTH,
      "posts.contract.ts": POSTS,
      "server.ts": `import express, { Router } from "express";
import { createExpressEndpoints, initServer } from "@ts-rest/express";
import { postsContract } from "./posts.contract";
import { requirePermission } from "./auth";
const app = express();
const api = Router();
const s = initServer();
createExpressEndpoints(postsContract, s.router(postsContract, {
  list: async () => ({ status: 200, body: [] }),
  get: async () => ({ status: 200, body: { id: "1" } }),
  create: async () => ({ status: 201, body: { id: "1" } }),
}), api);
app.use("/rest", requirePermission("rest.use"), api);
app.listen(3000);
`,
    },
    routes: ["GET /rest/v2/posts [rest.use]", "GET /rest/v2/posts/{id} [rest.use]", "POST /rest/v2/posts [rest.use]"],
  },
  {
    name: "what cannot be read is reported, never guessed: a path known at run time, an implementation that is not static",
    files: {
      "contract.ts": `import { initContract } from "@ts-rest/core";
const c = initContract();
export const contract = c.router({
  ok: { method: "GET", path: "/ok", responses: {} },
  dynamic: { method: "GET", path: process.env.ROUTE_PATH as string, responses: {} },
  other: c.router({ a: { method: "GET", path: "/a", responses: {} } }),
});
`,
      "server.ts": `import express from "express";
import { createExpressEndpoints } from "@ts-rest/express";
import { contract } from "./contract";
declare const makeOther: () => any;
const app = express();
createExpressEndpoints(contract, { ok: async () => ({ status: 200, body: null }), dynamic: async () => ({ status: 200, body: null }), other: makeOther() }, app);
app.listen(3000);
`,
    },
    routes: ["GET /a [] unresolved(permissions)", "GET /ok []"],
    diagnostics: ["APX245 contract.ts:5", "APX245 server.ts:6"],
  },
  {
    name: "Next.js App Router: createNextHandler (@ts-rest/serverless/next) serves at basePath + path, its route file's own exports are not indexed",
    files: {
      "auth.ts": AUTH,
      "posts.contract.ts": POSTS,
      "app/api/[...ts-rest]/route.ts": `import { createNextHandler, tsr } from "@ts-rest/serverless/next";
import { postsContract } from "../../../posts.contract";
import { assertPermission } from "../../../auth";
const router = tsr.router(postsContract, {
  list: async () => ({ status: 200, body: [] }),
  get: async () => ({ status: 200, body: { id: "1" } }),
  create: async () => { assertPermission("posts.write"); return { status: 201, body: { id: "1" } }; },
});
const handler = createNextHandler(postsContract, router, { basePath: "/api", handlerType: "app-router", jsonQuery: true });
export { handler as GET, handler as POST };
`,
    },
    routes: ["GET /api/v2/posts []", "GET /api/v2/posts/{id} []", "POST /api/v2/posts [posts.write]"],
  },
  {
    name: "Next.js Pages Router: createNextRouter (@ts-rest/next) in pages/api/[...ts-rest].ts serves below the file's folder",
    files: {
      "posts.contract.ts": POSTS,
      "pages/api/[...ts-rest].ts": `import { createNextRoute, createNextRouter } from "@ts-rest/next";
import { postsContract } from "../../posts.contract";
const posts = createNextRoute(postsContract, {
  list: async () => ({ status: 200, body: [] }),
  get: async () => ({ status: 200, body: { id: "1" } }),
  create: async () => ({ status: 201, body: { id: "1" } }),
});
export default createNextRouter(postsContract, posts);
`,
    },
    routes: ["GET /api/v2/posts []", "GET /api/v2/posts/{id} []", "POST /api/v2/posts []"],
  },
  {
    name: "fetch: fetchRequestHandler in a worker (basePath, requestMiddleware), and a Hono mount() of one at its path (no APX218)",
    files: {
      "auth.ts": AUTH,
      "posts.contract.ts": POSTS,
      "worker.ts": `import { fetchRequestHandler, tsr } from "@ts-rest/serverless/fetch";
import { postsContract } from "./posts.contract";
import { assertPermission } from "./auth";
const router = tsr.routerWithMiddleware(postsContract)<{ user: string }>({
  list: async () => ({ status: 200, body: [] }),
  get: { middleware: [tsr.middleware(() => { assertPermission("posts.read"); })], handler: async () => ({ status: 200, body: { id: "1" } }) },
  create: async () => ({ status: 201, body: { id: "1" } }),
});
export default {
  fetch: (request: Request) =>
    fetchRequestHandler({ request, contract: postsContract, router, options: { basePath: "/edge", requestMiddleware: [() => { assertPermission("edge.use"); }] } }),
};
`,
      "hono.ts": `import { Hono } from "hono";
import { fetchRequestHandler, tsr } from "@ts-rest/serverless/fetch";
import { postsContract } from "./posts.contract";
const router = tsr.router(postsContract, {
  list: async () => ({ status: 200, body: [] }),
  get: async () => ({ status: 200, body: { id: "1" } }),
  create: async () => ({ status: 201, body: { id: "1" } }),
});
const app = new Hono();
app.get("/health", (c) => c.text("ok"));
app.mount("/rest", (request) => fetchRequestHandler({ request, contract: postsContract, router, options: {} }));
export default app;
`,
    },
    routes: [
      "GET /edge/v2/posts [edge.use]",
      "GET /edge/v2/posts/{id} [edge.use,posts.read]",
      "GET /health []",
      "GET /rest/v2/posts []",
      "GET /rest/v2/posts/{id} []",
      "POST /edge/v2/posts [edge.use]",
      "POST /rest/v2/posts []",
    ],
  },
  {
    name: "a contract nothing serves (a client's contract) is not indexed, said once; a server package apidex does not read is said where it is imported",
    files: {
      "posts.contract.ts": POSTS,
      "client.ts": `import { initClient } from "@ts-rest/core";
import { postsContract } from "./posts.contract";
export const client = initClient(postsContract, { baseUrl: "https://example.com" });
`,
    },
    routes: [],
    diagnostics: ["APX245 posts.contract.ts:3"],
  },
  {
    name: "ts-rest's Fastify server is not read: reported at its import, not taken for a contract nobody serves",
    files: {
      "posts.contract.ts": POSTS,
      "server.ts": `import fastify from "fastify";
import { initServer } from "@ts-rest/fastify";
import { postsContract } from "./posts.contract";
const app = fastify();
const s = initServer();
app.register(s.plugin(s.router(postsContract, {} as never)));
`,
    },
    routes: [],
    diagnostics: ["APX245 server.ts:2"],
  },
];

describe("ts-rest", () => {
  for (const c of cases)
    it(c.name, async () => {
      const result = await generateFrom(c.files, c.config);
      expect(routeLines(result)).toEqual(c.routes);
      expect(diagnosticLines(result)).toEqual(c.diagnostics ?? []);
    });
});
