import { readFileSync } from "node:fs";
import type { Server } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../generator/config/load-config.js";
import { generate } from "../generator/generate.js";
import { canonicalJson } from "../generator/write/canonical-json.js";
import { checkOverHttp } from "./helpers/http-oracle.js";
import { diagnosticLines, generateFrom, type InMemoryCase, routeLines } from "./helpers/in-memory.js";
import { REPO_ROOT } from "./helpers/repo.js";

/** koa-route (with koa-mount and koa-compose), read by the Koa adapter (generator/extract/koa). */
const fixture = path.join(REPO_ROOT, "test", "fixtures", "koa-route");

type Handler = (this: unknown, ...args: unknown[]) => unknown;
type RouteMaker = (path: string, fn?: Handler, opts?: unknown) => unknown;

/**
 * koa-route keeps no route table: every route is a middleware of its own. The oracle wraps the package's
 * route makers before the fixture is loaded, so that each registration (and whether a request reached its
 * handler) is known, then sends each indexed operation over HTTP.
 */
describe("koa-route (fixture)", () => {
  const route = createRequire(import.meta.url)("koa-route") as Record<string, RouteMaker>;
  const originals = new Map(Object.entries(route));
  const registered: string[] = [];
  const answered = new Set<string>();
  beforeAll(() => {
    for (const [name, make] of originals) {
      route[name] = (p, fn, opts) => {
        const id = `${name} ${p} #${registered.length}`;
        registered.push(id);
        const wrap = (f: Handler): Handler =>
          function (this: unknown, ...args) {
            answered.add(id);
            return f.apply(this, args);
          };
        return fn ? make(p, wrap(fn), opts) : (f: Handler) => (make(p) as (f: Handler) => unknown)(wrap(f));
      };
    }
  });
  afterAll(() => {
    for (const [name, make] of originals) route[name] = make;
  });

  it("matches the golden index; each operation is answered by a koa-route handler with its keys, 403 without one, and every route is reached", async () => {
    const result = await generate(await loadConfig({ cwd: REPO_ROOT, root: fixture }));
    expect(result.diagnostics.errors).toEqual([]);
    expect(canonicalJson(result.index)).toBe(readFileSync(path.join(fixture, "expected-operations.json"), "utf8"));
    // The one warning: `/files/:path+` spans segments, indexed as one.
    expect(result.diagnostics.sorted().map((d) => `${d.code} ${path.relative(fixture, d.site?.file ?? "")}:${d.site?.line}`)).toEqual([
      "APX205 src/app.ts:25",
    ]);

    const { app } = (await import(pathToFileURL(path.join(fixture, "src", "app.ts")).href)) as {
      app: { listen: (port: number, host: string, cb: () => void) => Server };
    };
    expect(registered).toHaveLength(13);
    const server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    try {
      const { port } = server.address() as AddressInfo;
      const out = await checkOverHttp(port, result.index, [
        ["GET", "/files/a/b/c", 200],
        ["GET", "/files", 404],
        ["GET", "/pets/tobi/toys", 404],
        ["POST", "/health", 404],
        ["GET", "/reports/latest", 404],
        ["GET", "/reports/2024/05/extra", 404],
        ["GET", "/settings", 404],
        ["GET", "/v1/settings", 404],
        ["GET", "/admin/health", 404],
        ["PUT", "/admin/stats", 404],
      ]);
      expect(out).toEqual([]);
      // Every registration answered at least one indexed operation: none is missing from the index.
      expect(registered.filter((id) => !answered.has(id))).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

const AUTH = `export function requirePermission(...keys: string[]) { return async (ctx: any, next: any) => { await next(); }; }\nexport function assertPermission(ctx: any, key: string) {}\n`;
const ok = `(ctx) => { ctx.body = "ok"; }`;

const CASES: (InMemoryCase & { summaries?: string[] })[] = [
  {
    name: "route.get/post/put/patch/del/delete (a default import): each at its path, the path's parameters given to the handler; checks in handler bodies",
    files: {
      "auth.ts": AUTH,
      "app.ts": [
        `import Koa from "koa"; import route from "koa-route"; import { assertPermission } from "./auth";`,
        `const pets = { show: (ctx, name) => { assertPermission(ctx, "pets.read"); ctx.body = name; } };`,
        `const app = new Koa();`,
        `app.use(route.get("/pets", ${ok}));`,
        `app.use(route.get("/pets/:name", pets.show));`,
        `app.use(route.post("/pets", ${ok}));`,
        `app.use(route.put("/pets/:name", ${ok}));`,
        `app.use(route.patch("/pets/:name", ${ok}));`,
        `app.use(route.del("/pets/:name", (ctx, name) => { assertPermission(ctx, "pets.write"); ctx.status = 204; }));`,
        `app.use(route.delete("/owners/:id", ${ok}));`,
        `app.listen(3000);`,
      ].join("\n"),
    },
    routes: [
      "DELETE /owners/{id} []",
      "DELETE /pets/{name} [pets.write]",
      "GET /pets []",
      "GET /pets/{name} [pets.read]",
      "PATCH /pets/{name} []",
      "POST /pets []",
      "PUT /pets/{name} []",
    ],
  },
  {
    name: "require('koa-route'), named imports and a namespace import; route.all is every method",
    files: {
      "a.js": `const Koa = require("koa");\nconst route = require("koa-route");\nconst app = new Koa();\napp.use(route.get("/a", ${ok}));\napp.use(route.all("/any", ${ok}));\napp.listen(3000);\n`,
      "b.ts": `import Koa from "koa"; import { get, post } from "koa-route";\nconst app = new Koa();\napp.use(get("/b", ${ok}));\napp.use(post("/b", ${ok}));\napp.listen(3001);\n`,
      "c.ts": `import Koa from "koa"; import * as route from "koa-route";\nconst app = new Koa();\napp.use(route.put("/c/:id", ${ok}));\napp.listen(3002);\n`,
    },
    routes: [
      "DELETE /any []",
      "GET /a []",
      "GET /any []",
      "GET /b []",
      "HEAD /any []",
      "OPTIONS /any []",
      "PATCH /any []",
      "POST /any []",
      "POST /b []",
      "PUT /any []",
      "PUT /c/{id} []",
    ],
    diagnostics: ["APX412 a.js:3"],
  },
  {
    name: "a check middleware used before a route guards it (and not the routes used before the check); compose([check, handler]) as the handler",
    files: {
      "auth.ts": AUTH,
      "app.ts": [
        `import Koa from "koa"; import route from "koa-route"; import compose from "koa-compose"; import { requirePermission } from "./auth";`,
        `const app = new Koa();`,
        `app.use(route.get("/public", ${ok}));`,
        `app.use(requirePermission("signed-in"));`,
        `app.use(route.get("/me", ${ok}));`,
        `app.use(route.post("/posts", compose([requirePermission("posts.write"), ${ok}])));`,
        `app.listen(3000);`,
      ].join("\n"),
    },
    routes: ["GET /me [signed-in]", "GET /public []", "POST /posts [posts.write,signed-in]"],
  },
  {
    name: "koa-mount: a sub-app of routes, a route mounted alone, mount() without a prefix, nested mounts; the sub-app's checks stay inside it",
    files: {
      "auth.ts": AUTH,
      "admin.ts": `import Koa from "koa"; import route from "koa-route"; import mount from "koa-mount"; import { requirePermission } from "./auth";\nexport const admin = new Koa();\nadmin.use(requirePermission("admin"));\nadmin.use(route.get("/stats", ${ok}));\nconst inner = new Koa(); inner.use(route.del("/cache/:key", ${ok}));\nadmin.use(mount("/ops", inner));\n`,
      "app.ts": [
        `import Koa from "koa"; import route from "koa-route"; import mount from "koa-mount"; import { admin } from "./admin";`,
        `const app = new Koa();`,
        `app.use(mount("/admin", admin));`,
        `app.use(mount("/v1", route.get("/status", ${ok})));`,
        `app.use(mount(route.get("/health", ${ok})));`,
        `app.use(route.get("/after", ${ok}));`,
        `app.listen(3000);`,
      ].join("\n"),
    },
    routes: ["DELETE /admin/ops/cache/{key} [admin]", "GET /admin/stats [admin]", "GET /after []", "GET /health []", "GET /v1/status []"],
  },
  {
    name: "koa-compose of routes (and of @koa/router routers) given to use() or mount()",
    files: {
      "app.ts": [
        `import Koa from "koa"; import Router from "@koa/router"; import route from "koa-route"; import mount from "koa-mount"; import compose from "koa-compose";`,
        `const users = new Router({ prefix: "/users" }); users.get("/:id", ${ok});`,
        `const app = new Koa();`,
        `app.use(compose([route.get("/a", ${ok}), route.post("/b", ${ok})]));`,
        `app.use(mount("/api", compose([users.routes(), users.allowedMethods(), route.get("/c", ${ok})])));`,
        `app.listen(3000);`,
      ].join("\n"),
    },
    routes: ["GET /a []", "GET /api/c []", "GET /api/users/{id} []", "POST /b []"],
  },
  {
    name: "CommonJS: a module exporting an array of routes (each made once), given to compose(); routes made in a loop over a static table (route[method])",
    files: {
      "routes.js": `const route = require("koa-route");\nconst h = (ctx) => { ctx.body = 1; };\nmodule.exports = [route.get("/a", h), route.post("/b/:id", h)];\n`,
      "app.js": [
        `const Koa = require("koa"); const compose = require("koa-compose"); const route = require("koa-route");`,
        `const app = new Koa();`,
        `app.use(compose(require("./routes")));`,
        `const table = [["get", "/d"], ["put", "/e"]];`,
        `for (const [m, p] of table) app.use(route[m](p, (ctx) => {}));`,
        `app.listen(3000);`,
      ].join("\n"),
    },
    routes: ["GET /a []", "GET /d []", "POST /b/{id} []", "PUT /e []"],
  },
  {
    name: "route.get(path) without its handler, called with it later",
    files: {
      "app.ts": `import Koa from "koa"; import route from "koa-route";\nconst app = new Koa();\nconst show = route.get("/items/:id");\napp.use(show((ctx, id) => { ctx.body = id; }));\napp.use(route.post("/items")(${ok}));\napp.listen(3000);\n`,
    },
    routes: ["GET /items/{id} []", "POST /items []"],
  },
  {
    name: "path-to-regexp's syntax: optional, zero-or-more and one-or-more parameters, patterns, unnamed groups, a bare *, {groups}, literal alternatives, arrays",
    files: {
      "app.ts": [
        `import Koa from "koa"; import route from "koa-route";`,
        `const app = new Koa();`,
        `app.use(route.get("/a/:id?", ${ok}));`,
        `app.use(route.get("/b/:rest*", ${ok}));`,
        `app.use(route.get("/c/:rest+", ${ok}));`,
        `app.use(route.get("/d/:id(\\\\d+)", ${ok}));`,
        `app.use(route.get("/e/(\\\\d+)", ${ok}));`,
        `app.use(route.get("/f/*", ${ok}));`,
        `app.use(route.get("/g{/:id}?/h", ${ok}));`,
        `app.use(route.get("/(v1|v2)/i", ${ok}));`,
        `app.use(route.get(["/j", "/k/:name.:ext?"], ${ok}));`,
        `app.use(route.get("/l/:from-:to", ${ok}));`,
        `app.listen(3000);`,
      ].join("\n"),
    },
    routes: [
      "GET /a []",
      "GET /a/{id} []",
      "GET /b []",
      "GET /b/{rest} []",
      "GET /c/{rest} []",
      "GET /d/{id} []",
      "GET /e/{0} []",
      "GET /f/{0} []",
      "GET /g/h []",
      "GET /g/{id}/h []",
      "GET /j []",
      "GET /k/{name} []",
      "GET /k/{name}.{ext} []",
      "GET /l/{from}-{to} []",
      "GET /v1/i []",
      "GET /v2/i []",
    ],
    diagnostics: ["APX205 app.ts:4", "APX205 app.ts:5", "APX205 app.ts:8"],
  },
  {
    name: "{ end: false } answers below the path too (a catch-all); other options change nothing; options apidex cannot read are said",
    files: {
      "app.ts": [
        `import Koa from "koa"; import route from "koa-route"; import { opts } from "./config";`,
        `const app = new Koa();`,
        `app.use(route.get("/docs", ${ok}, { end: false }));`,
        `app.use(route.get("/Case", ${ok}, { sensitive: true, strict: true }));`,
        `app.use(route.get("/cfg", ${ok}, opts));`,
        `app.listen(3000);`,
      ].join("\n"),
      "config.ts": `export const opts = JSON.parse(process.env.ROUTE_OPTS ?? "{}");\n`,
    },
    routes: ["GET /Case []", "GET /cfg []", "GET /docs []", "GET /docs/{wildcard} []"],
    diagnostics: ["APX205 app.ts:3", "APX201 app.ts:5"],
  },
  {
    name: "a handler (ctx, ...params, next) that passes the request on (next comes after the path's parameters): the later route of the path answers",
    files: {
      "auth.ts": AUTH,
      "app.ts": [
        `import Koa from "koa"; import route from "koa-route"; import { assertPermission } from "./auth";`,
        `const app = new Koa();`,
        `app.use(route.get("/items", (ctx, next) => { ctx.state.listed = true; return next(); }));`,
        `app.use(route.get("/items", (ctx) => { assertPermission(ctx, "items.read"); ctx.body = []; }));`,
        `app.use(route.get("/users/:a/:b", (ctx, a, b, next) => { ctx.state.pair = a + b; return next(); }));`,
        `app.use(route.get("/users/:a/:b", (ctx, a, b) => { assertPermission(ctx, "users.read"); ctx.body = ctx.state.pair; }));`,
        `app.listen(3000);`,
      ].join("\n"),
    },
    routes: ["GET /items [items.read]", "GET /users/{a}/{b} [users.read]"],
  },
  {
    name: "warnings: a path OpenAPI cannot express (APX204), a path and a mount prefix apidex cannot read (APX201), a regular expression (APX203), a route never used (APX211), one made in a callback apidex does not run (APX210)",
    files: {
      "app.ts": [
        `import Koa from "koa"; import route from "koa-route"; import mount from "koa-mount"; import { config } from "./config";`,
        `const app = new Koa();`,
        `app.use(route.get("/a+b", ${ok}));`,
        `app.use(route.get("/g{/:id}+", ${ok}));`,
        `app.use(route.get(config.path, ${ok}));`,
        `app.use(route.get(/^\\/v\\d+\\/x$/, ${ok}));`,
        `app.use(route.get(/^\\/(v1|v2)\\/y$/, ${ok}));`,
        `app.use(mount(config.prefix, route.get("/z", ${ok})));`,
        `const unused = route.get("/unused", ${ok});`,
        `config.extra.forEach((p: string) => app.use(route.get(p, ${ok})));`,
        `app.listen(3000);`,
      ].join("\n"),
      "config.ts": `export const config = JSON.parse(process.env.CONFIG ?? "{}");\n`,
    },
    routes: ["GET /v1/y []", "GET /v2/y []", "GET /z [] unresolved(path)"],
    diagnostics: [
      "APX204 app.ts:3",
      "APX204 app.ts:4",
      "APX201 app.ts:5",
      "APX203 app.ts:6",
      "APX201 app.ts:8",
      "APX211 app.ts:9",
      "APX210 app.ts:10",
    ],
  },
  {
    name: "a doc comment on the use() statement, or on the handler, documents the route",
    files: {
      "app.ts": [
        `import Koa from "koa"; import route from "koa-route";`,
        `/** Show an item */`,
        `function show(ctx, id) { ctx.body = id; }`,
        `const app = new Koa();`,
        `/** List the items */`,
        `app.use(route.get("/items", ${ok}));`,
        `app.use(route.get("/items/:id", show));`,
        `app.listen(3000);`,
      ].join("\n"),
    },
    routes: ["GET /items []", "GET /items/{id} []"],
    summaries: ["GET /items List the items", "GET /items/{id} Show an item"],
  },
];

describe("koa-route (in memory)", () => {
  it.each(CASES)("$name", async ({ files, routes, diagnostics, summaries }) => {
    const result = await generateFrom(files);
    expect(routeLines(result)).toEqual(routes);
    const warnings = diagnosticLines(result).filter((d) => !d.startsWith("APX4") || d.startsWith("APX412"));
    expect(warnings).toEqual(diagnostics ?? []);
    if (summaries) expect(result.operations.map((o) => `${o.method} ${o.path} ${o.summary}`).sort()).toEqual(summaries);
  });

  it("no longer names koa-route among the frameworks apidex does not read (APX001/APX002)", async () => {
    const result = await generateFrom({
      "src/index.ts": `import Koa from "koa";\nimport route from "koa-route";\nconst app = new Koa();\napp.use(route.get("/hello", (ctx: any) => { ctx.body = "hi"; }));\napp.listen(8080);\n`,
    });
    expect(routeLines(result)).toEqual(["GET /hello []"]);
    expect(diagnosticLines(result).filter((d) => d.startsWith("APX00"))).toEqual([]);
  });
});
