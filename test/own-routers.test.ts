import { describe, expect, it } from "vitest";
import { diagnosticLines, generateFrom, type InMemoryCase, routeLines } from "./helpers/in-memory.js";

/** A router class of the project's own: it keeps its handlers in a table its own middleware looks requests up in. */
const OWN_ROUTER = [
  `type Handler = (path: string, ctx: unknown) => unknown;`,
  `export default class Router {`,
  `  private routes: Record<string, Record<string, Handler>> = {};`,
  `  private add(method: string, path: string, handler: Handler) { (this.routes[method] ??= {})[path] = handler; }`,
  `  public get(path: string, handler: Handler) { this.add("GET", path, handler); }`,
  `  public post(path: string, handler: Handler) { this.add("POST", path, handler); }`,
  `  public del(path: string, handler: Handler) { this.add("DELETE", path, handler); }`,
  `  public find(method: string, path: string) { return this.routes[method]?.[path]; }`,
  `}`,
].join("\n");

const KOA_APP = [
  `import Koa from "koa";`,
  `import routes from "./routes/index";`,
  `const app = new Koa();`,
  `app.use(async (ctx) => { for (const r of Object.values(routes)) { const h = r.find(ctx.method, ctx.path.slice(1)); if (h) ctx.body = await h(ctx.path, ctx); } });`,
  `app.listen(3000);`,
].join("\n");

/** A class of the sources that wraps an Express router: its methods pass each route on. */
const EXPRESS_WRAPPER = [
  `import express from "express";`,
  `export class Api {`,
  `  readonly router = express.Router();`,
  `  get(path: string, h: express.RequestHandler) { this.router.get(path, h); }`,
  `  post(path: string, h: express.RequestHandler) { this.router.post(path, h); }`,
  `}`,
].join("\n");

/** An app that registers two routes through the wrapper and mounts its router with `app.use(<mount>)`. */
const wrapperApp = (mount: string) =>
  [
    `import express from "express";`,
    `import { Api } from "./api";`,
    `const api = new Api();`,
    `api.get("/things", (q, s) => s.end());`,
    `api.post("/things", (q, s) => s.end());`,
    `const app = express();`,
    `app.use(${mount});`,
  ].join("\n");

const cases: InMemoryCase[] = [
  {
    name: "registrations on a router class of the sources that dispatches with its own code: one warning for the router, at its first registration, none indexed",
    files: {
      "utils/Router.ts": OWN_ROUTER,
      "routes/ping.ts": `import Router from "../utils/Router";\nconst router = new Router();\nrouter.get("api/ping", async () => ({ ok: true }));\nexport default router;`,
      "routes/items.ts": [
        `import Router from "../utils/Router";`,
        `const router = new Router();`,
        `router.get("api/items/:id", async (path) => ({ path }));`,
        `router.post("api/items", async () => ({}));`,
        `router.del("api/items/:id", async () => ({}));`,
        `export default router;`,
      ].join("\n"),
      "routes/index.ts": `import ping from "./ping";\nimport items from "./items";\nexport default { "api/ping": ping, "api/items": items };`,
      "app.ts": KOA_APP,
    },
    routes: [],
    diagnostics: ["APX259 routes/items.ts:3"],
  },
  {
    name: "an object of the sources with router methods that keeps the handlers is one too (named by its variable)",
    files: {
      "app.ts": [
        `import express from "express";`,
        `const app = express();`,
        `const table: { method: string; path: string; fn: unknown }[] = [];`,
        `const mini = {`,
        `  get(path: string, fn: express.RequestHandler) { table.push({ method: "GET", path, fn }); },`,
        `  post(path: string, fn: express.RequestHandler) { table.push({ method: "POST", path, fn }); },`,
        `};`,
        `mini.get("/a", (q, s) => s.end());`,
        `app.get("/health", (q, s) => s.end());`,
      ].join("\n"),
    },
    routes: ["GET /health []"],
    diagnostics: ["APX259 app.ts:8"],
  },
  {
    name: "a class that wraps a framework's router passes its routes on: they are indexed, and it is no router of its own",
    files: {
      "api.ts": EXPRESS_WRAPPER,
      "app.ts": wrapperApp(`"/v1", api.router`),
    },
    routes: ["GET /v1/things []", "POST /v1/things []"],
  },
  {
    name: "a class that keeps routes in a table and registers them on an app later is a wrapper too: its routes are indexed",
    files: {
      "app.ts": [
        `import express from "express";`,
        `type H = express.RequestHandler;`,
        `class Routes {`,
        `  private list: { method: "get" | "post"; path: string; h: H }[] = [];`,
        `  get(path: string, h: H) { this.list.push({ method: "get", path, h }); }`,
        `  post(path: string, h: H) { this.list.push({ method: "post", path, h }); }`,
        `  mount(app: express.Express) { for (const r of this.list) app[r.method](r.path, r.h); }`,
        `}`,
        `const routes = new Routes();`,
        `routes.get("/users", (q, s) => s.end());`,
        `routes.post("/users", (q, s) => s.end());`,
        `const app = express();`,
        `routes.mount(app);`,
      ].join("\n"),
    },
    routes: ["GET /users []", "POST /users []"],
  },
  {
    name: "a wrapper of Express in a project that also serves Koa: the Koa run does not read Express, the Express run does; no warning",
    files: {
      "api.ts": EXPRESS_WRAPPER,
      "app.ts": wrapperApp("api.router"),
      "metrics.ts": `import Koa from "koa";\nimport Router from "@koa/router";\nconst m = new Koa(); const r = new Router();\nr.get("/metrics", (ctx) => { ctx.body = ""; });\nm.use(r.routes());`,
    },
    routes: ["GET /metrics []", "GET /things []", "POST /things []"],
    diagnostics: ["APX412 app.ts:6"],
  },
  {
    name: "an app served with middleware only, dispatching in its own code with nothing that looks like a registration: APX003 says no route was read",
    files: {
      "app.ts": [
        `import Koa from "koa";`,
        `const handlers: Record<string, () => unknown> = { "/ping": () => "pong" };`,
        `const app = new Koa();`,
        `app.use(async (ctx) => { const h = handlers[ctx.path]; if (h) ctx.body = h(); });`,
        `app.listen(3000);`,
      ].join("\n"),
    },
    routes: [],
    diagnostics: ["APX003 -"],
  },
  {
    name: "a cache's get(key, loader) with a path-like key is no router (no write method), and says nothing",
    files: {
      "app.ts": [
        `import express from "express";`,
        `class Cache {`,
        `  private store = new Map<string, unknown>();`,
        `  get(key: string, load: () => unknown) { if (!this.store.has(key)) this.store.set(key, load()); return this.store.get(key); }`,
        `  delete(key: string) { this.store.delete(key); }`,
        `}`,
        `const cache = new Cache();`,
        `const app = express();`,
        `cache.get("/config/site", () => ({ title: "x" }));`,
        `app.get("/site", (q, s) => s.json({}));`,
      ].join("\n"),
    },
    routes: ["GET /site []"],
  },
];

describe("routers of the sources' own", () => {
  it.each(cases.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    const result = await generateFrom(c.files, c.config);
    expect(routeLines(result)).toEqual([...c.routes].sort());
    expect(diagnosticLines(result)).toEqual(c.diagnostics ?? []);
  });

  it("names the router and lists its other registrations", async () => {
    const result = await generateFrom(cases[0]!.files);
    const warning = result.diagnostics.sorted().find((d) => d.code === "APX259")!;
    expect(warning.message).toContain("These 4 route registrations");
    expect(warning.message).toContain("`Router`");
    expect(warning.related?.map((r) => `${r.message.slice(0, 30)} @${r.site.file.replace("/project/", "")}:${r.site.line}`)).toEqual([
      "`Router` is declared here @utils/Router.ts:2",
      'router.post("api/items", async @routes/items.ts:4',
      'router.del("api/items/:id", as @routes/items.ts:5',
      'router.get("api/ping", async ( @routes/ping.ts:3',
    ]);
  });
});
