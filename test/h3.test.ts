import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { toNodeListener } from "h3";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../generator/config/load-config.js";
import { generate } from "../generator/generate.js";
import { canonicalJson } from "../generator/write/canonical-json.js";
import { compareWithServer } from "./helpers/h3-oracle.js";
import { diagnosticLines, generateFrom, type InMemoryCase, routeLines } from "./helpers/in-memory.js";
import { REPO_ROOT } from "./helpers/repo.js";

/** h3 1.x used as a router in code (createApp, createRouter, useBase), read by generator/extract/h3. */
const fixture = path.join(REPO_ROOT, "test", "fixtures", "h3");

async function indexOf(root: string) {
  const result = await generate(await loadConfig({ cwd: REPO_ROOT, root }));
  expect(result.diagnostics.errors).toEqual([]);
  return result;
}

describe("h3 1.x (fixture)", () => {
  it("matches the golden index, and says what it cannot index as h3 serves it", async () => {
    const result = await indexOf(fixture);
    expect(canonicalJson(result.index)).toBe(readFileSync(path.join(fixture, "expected-operations.json"), "utf8"));
    expect(diagnosticLines(result).map((d) => d.replace(/ \S*fixtures\/h3\//, " "))).toEqual([
      "APX231 src/routes/reports.ts:6",
      "APX205 src/routes/users.ts:53",
    ]);
  });

  it("the real h3 1.x, booted with toNodeListener on node:http, answers each indexed operation with its keys and refuses it without one; what is not indexed is 404/405", async () => {
    const result = await indexOf(fixture);
    const { app } = (await import(pathToFileURL(path.join(fixture, "src", "app.ts")).href)) as {
      app: Parameters<typeof toNodeListener>[0];
    };
    const out = await compareWithServer(toNodeListener(app), result.index, [
      ["GET", "/nope"],
      // `/reports/**` hands the nested router nothing at `/api/reports` itself.
      ["GET", "/api/reports"],
      ["POST", "/users/1"],
      ["GET", "/files"],
      ["DELETE", "/api/me"],
      ["GET", "/users/1/avatar"],
    ]);
    expect(out).toEqual([]);
    expect(result.index.operations.length).toBeGreaterThan(10);
  });
});

const AUTH = `
import type { H3Event } from "h3";
export function requirePermission(...keys: string[]) { return (event: H3Event) => { if (!event) throw new Error(keys.join()); }; }
export function assertPermission(event: H3Event, key: string): void { if (!event) throw new Error(key); }
`;

const CASES: InMemoryCase[] = [
  {
    name: "1.x: createRouter() verbs (each returns the router), app.use(router); checks in handler bodies",
    files: {
      "src/auth.ts": AUTH,
      "src/app.ts": `
import { createApp, createRouter, defineEventHandler, eventHandler, toNodeListener } from "h3";
import { createServer } from "node:http";
import { assertPermission } from "./auth";
export const app = createApp();
const router = createRouter()
  .get("/a", defineEventHandler((event) => { assertPermission(event, "a.read"); return 1; }))
  .post("/a", eventHandler(() => 2))
  .put("/a/:id", (event) => 3)
  .patch("/a/:id", () => 4)
  .delete("/a/:id", () => 5)
  .head("/a", () => null)
  .options("/a", () => "")
  .connect("/c", () => 1)
  .trace("/c", () => 1);
app.use(router);
createServer(toNodeListener(app)).listen(3000);
`,
    },
    routes: [
      "CONNECT /c []",
      "DELETE /a/{id} []",
      "GET /a [a.read]",
      "HEAD /a []",
      "OPTIONS /a []",
      "PATCH /a/{id} []",
      "POST /a []",
      "PUT /a/{id} []",
      "TRACE /c []",
    ],
    diagnostics: [],
  },
  {
    name: "1.x: add/use(path, handler, method | methods | nothing): the methods given, lower-cased; every method without one",
    files: {
      "src/app.ts": `
import { createApp, createRouter, defineEventHandler } from "h3";
export const app = createApp();
const router = createRouter();
router.add("/x", defineEventHandler(() => 1), ["get", "post"]);
router.add("/y", defineEventHandler(() => 1), "put");
router.add("/y", defineEventHandler(() => 1), "PATCH");
router.use("/z", defineEventHandler(() => 1));
app.use(router);
`,
    },
    routes: [
      "DELETE /z []",
      "GET /x []",
      "GET /z []",
      "HEAD /z []",
      "OPTIONS /z []",
      "PATCH /z []",
      "POST /x []",
      "POST /z []",
      "PUT /y []",
      "PUT /z []",
    ],
    // `"PATCH"` in capitals: h3 1.x never matches it.
    diagnostics: ["APX231 src/app.ts:7"],
  },
  {
    name: "1.x: app.use(prefix, router.handler), app.use(prefix, router), useBase(base, router.handler) on the app and in a router's `**` route",
    files: {
      "src/app.ts": `
import { createApp, createRouter, useBase } from "h3";
export const app = createApp();
const a = createRouter().get("/a", () => 1);
const b = createRouter().get("/b", () => 1);
const c = createRouter().get("/c", () => 1).get("/", () => 0);
const d = createRouter().get("/d", () => 1);
app.use("/one", a.handler);
app.use("/two", b);
const root = createRouter();
root.use("/three/**", useBase("/three", c.handler));
app.use(root.handler);
app.use(useBase("/four", d.handler));
`,
    },
    routes: ["GET /four/d []", "GET /one/a []", "GET /three/c []", "GET /two/b []"],
    // c's `/` is never reached: `/three/**` needs a segment below `/three`.
    diagnostics: ["APX231 src/app.ts:6"],
  },
  {
    name: "1.x: middleware that returns nothing gates what is registered after it; createApp({ onRequest }) gates everything; an answering use() is an endpoint at its prefix",
    files: {
      "src/auth.ts": AUTH,
      "src/app.ts": `
import { createApp, createRouter, defineEventHandler, eventHandler, fromNodeMiddleware } from "h3";
import { requirePermission } from "./auth";
export const app = createApp({ onRequest: requirePermission("service") });
app.use("/status", eventHandler(() => ({ ok: true })));
app.use(defineEventHandler((event) => { requirePermission("gate")(event); }));
app.use("/admin", fromNodeMiddleware((req: any, res: any, next: () => void) => { requirePermission("admin")(req); next(); }));
const router = createRouter().get("/admin/users", () => []).get("/users", () => []);
app.use(router);
app.use(defineEventHandler(() => { requirePermission("late")({} as never); }));
app.use(eventHandler(() => "fallback"));
`,
    },
    routes: [
      "DELETE /status [service]",
      "GET /admin/users [admin,gate,service]",
      "GET /status [service]",
      "GET /users [gate,service]",
      "HEAD /status [service]",
      "OPTIONS /status [service]",
      "PATCH /status [service]",
      "POST /status [service]",
      "PUT /status [service]",
    ],
    diagnostics: [],
  },
  {
    name: "1.x: a layer `use()`d with a `match` option runs only for the requests it accepts: its routes are conditional, its checks not counted after it (APX217)",
    files: {
      "src/auth.ts": AUTH,
      "src/app.ts": `
import { createApp, createRouter, defineEventHandler, eventHandler } from "h3";
import { requirePermission } from "./auth";
export const app = createApp();
app.use(defineEventHandler((event) => { requirePermission("beta")(event); }), { match: (url: string) => url.startsWith("/x") });
app.use("/beta", eventHandler(() => "beta"), { match: () => Math.random() > 0.5 });
app.use(createRouter().get("/y", () => 1));
`,
    },
    routes: [
      "DELETE /beta [] unresolved(permissions,registration)",
      "GET /beta [] unresolved(permissions,registration)",
      // After a gate that runs only when its `match` accepts the request: the keys are a lower bound.
      "GET /y [] unresolved(permissions)",
      "HEAD /beta [] unresolved(permissions,registration)",
      "OPTIONS /beta [] unresolved(permissions,registration)",
      "PATCH /beta [] unresolved(permissions,registration)",
      "POST /beta [] unresolved(permissions,registration)",
      "PUT /beta [] unresolved(permissions,registration)",
    ],
    diagnostics: ["APX217 src/app.ts:5", "APX217 src/app.ts:6"],
  },
  {
    name: "1.x: defineEventHandler({ onRequest: [...], handler }) and lazy handlers",
    files: {
      "src/auth.ts": AUTH,
      "src/app.ts": `
import { createApp, createRouter, defineEventHandler, defineLazyEventHandler, lazyEventHandler } from "h3";
import { assertPermission, requirePermission } from "./auth";
export const app = createApp();
const router = createRouter();
router.post("/items", defineEventHandler({ onRequest: [requirePermission("items.write")], handler: () => 1 }));
router.get("/items", defineEventHandler({ onRequest: requirePermission("items.read"), handler: (event) => { assertPermission(event, "items.list"); return []; } }));
router.get("/lazy", defineLazyEventHandler(() => defineEventHandler((event) => { assertPermission(event, "lazy"); return 1; })));
router.get("/lazy2", lazyEventHandler(async () => { const x = 1; return (event) => { assertPermission(event, "lazy2"); return x; }; }));
app.use(router);
`,
    },
    routes: ["GET /items [items.list,items.read]", "GET /lazy [lazy]", "GET /lazy2 [lazy2]", "POST /items [items.write]"],
    diagnostics: [],
  },
  {
    name: "paths: `*` is one unnamed segment (`_0`), `**` and `**:name` a catch-all below the path (APX205), a colon inside a segment is literal, `**` before the end is left out",
    files: {
      "src/app.ts": `
import { createApp, createRouter } from "h3";
export const app = createApp();
const router = createRouter();
router.get("/a/*/b/*", () => 1);
router.get("/files/**", () => 1);
router.get("/docs/**:slug", () => 1);
router.get("/v/file-:id", () => 1);
router.get("/bad/**/x", () => 1);
app.use(router);
`,
    },
    routes: ["GET /a/{_0}/b/{_1} []", "GET /docs/{slug} []", "GET /files/{wildcard} []", "GET /v/file-:id []"],
    diagnostics: ["APX205 src/app.ts:6", "APX205 src/app.ts:7", "APX204 src/app.ts:9"],
  },
  {
    name: "what cannot be read is said: a path, a method, a mount of something unreadable",
    files: {
      "src/app.ts": `
import { createApp, createRouter, H3 } from "h3";
declare const config: { path: string; method: string; sub: any };
export const app = createApp();
const router = createRouter();
router.get(config.path, () => 1);
router.add("/m", () => 1, config.method);
app.use(router);
export const v2 = new H3();
v2.mount("/ext", config.sub);
`,
    },
    routes: [],
    diagnostics: ["APX201 src/app.ts:6", "APX201 src/app.ts:7", "APX210 src/app.ts:10"],
  },
  {
    name: "2: new H3() verbs, on(method, ...), all(), route middleware, app.use() middleware (every route it matches, whatever the order, `method` option), mount(base, app) and use(base, app); `**` also matches its base",
    files: {
      "src/auth.ts": AUTH,
      "src/app.ts": `
import { defineHandler, H3 } from "h3";
import { assertPermission, requirePermission } from "./auth";
export const app = new H3();
app.get("/a", (event) => { assertPermission(event, "a.read"); return 1; });
app.post("/a", () => 1, { middleware: [requirePermission("a.write")] });
app.on("PATCH", "/a/:id", defineHandler({ middleware: [requirePermission("a.patch")], handler: () => 1 }));
app.on("", "/any", () => 1);
app.all("/all", () => 1);
app.query("/q", () => 1);
app.get("/files/**", () => 1);
app.use("/a/**", requirePermission("a"));
app.use(requirePermission("writes"), { method: "POST" });
app.use("/all", requirePermission("sometimes"), { match: (event: { req: Request }) => event.req.headers.has("x") });
// Copied when mounted: a route added later is not served under /sub; middleware added later runs there only
// when the app had middleware when it was mounted (h3 2 adds its middleware through one wrapper, then).
const sub = new H3().get("/s", () => 1);
app.mount("/sub", sub);
sub.get("/late", () => 1);
sub.use(requirePermission("never"));
const sub2 = new H3().get("/t", () => 1);
sub2.use(requirePermission("sub2"));
app.mount("/sub2", sub2);
sub2.use(requirePermission("sub2.late"));
const other = new H3().get("/o", () => 1);
app.use("/other", other);
`,
    },
    routes: [
      "DELETE /all [] unresolved(permissions)",
      "DELETE /any []",
      "GET /a [a,a.read]",
      "GET /all [] unresolved(permissions)",
      "GET /any []",
      "GET /files []",
      "GET /files/{wildcard} []",
      "GET /other/o []",
      "GET /sub/s []",
      "GET /sub2/t [sub2,sub2.late]",
      "HEAD /all [] unresolved(permissions)",
      "HEAD /any []",
      "OPTIONS /all [] unresolved(permissions)",
      "OPTIONS /any []",
      "PATCH /a/{id} [a,a.patch]",
      "PATCH /all [] unresolved(permissions)",
      "PATCH /any []",
      "POST /a [a,a.write,writes]",
      "POST /all [writes] unresolved(permissions)",
      "POST /any [writes]",
      "PUT /all [] unresolved(permissions)",
      "PUT /any []",
      "QUERY /q []",
    ],
    diagnostics: ["APX205 src/app.ts:11", "APX217 src/app.ts:14"],
  },
  {
    name: "Nuxt/Nitro: a route file serving an h3 router (`useBase(base, router.handler)`, `router.handler`; h3's helpers imported or auto-imported) answers with the router's routes, for the file's method suffix only, within the paths the file receives",
    files: {
      "package.json": JSON.stringify({ dependencies: { nuxt: "3.17.0" } }),
      "nuxt.config.ts": "export default defineNuxtConfig({});",
      "server/api/[...].ts": `
import { createRouter, defineEventHandler, useBase } from "h3";
import { assertPermission } from "../utils/auth";
const router = createRouter();
router.get("/hello", defineEventHandler(() => "hi"));
router.post("/items/:id", defineEventHandler((event) => { assertPermission(event, "items.write"); return 1; }));
export default useBase("/api", router.handler);
`,
      "server/utils/auth.ts": AUTH,
      "server/routes/auto/[...].ts": `
const router = createRouter();
router.get("/auto/x", defineEventHandler(() => "hi"));
export default router.handler;
`,
      "server/routes/v2/[...].post.ts": `
import { createRouter, defineEventHandler } from "h3";
const router = createRouter();
router.get("/v2/x", defineEventHandler(() => "hi"));
router.post("/v2/y", defineEventHandler(() => "hi"));
router.post("/elsewhere", defineEventHandler(() => "hi"));
export default router.handler;
`,
      "server/api/other.get.ts": "export default defineEventHandler(() => 1);",
    },
    routes: ["GET /api/hello []", "GET /api/other []", "GET /auto/x []", "POST /api/items/{id} [items.write]", "POST /v2/y []"],
    diagnostics: ["APX231 server/routes/v2/[...].post.ts:7"],
  },
  {
    name: 'Nitro: the config\'s `handlers` are routes at their `route` (rou3 syntax), for their `method` or what the handler answers; `middleware: true`, `env: "dev"` and `devHandlers` are not; an entry that cannot be read is said',
    files: {
      "package.json": JSON.stringify({ devDependencies: { nitropack: "2.13.6" } }),
      "nitro.config.ts": `export default defineNitroConfig({
  handlers: [
    { route: "/hooks/:id", method: "post", handler: "./handlers/hook.ts" },
    { route: "/legacy/**", handler: "handlers/legacy" },
    { route: "/mw", middleware: true, handler: "./handlers/mw.ts" },
    { route: "/dev", env: "dev", handler: "./handlers/dev.ts" },
    { route: process.env.HOOK_ROUTE, handler: "./handlers/hook.ts" },
  ],
  devHandlers: [{ route: "/devonly", handler: "./handlers/dev.ts" }],
});`,
      "handlers/auth.ts": AUTH,
      "handlers/hook.ts": `import { defineEventHandler } from "h3";
import { assertPermission } from "./auth";
export default defineEventHandler((event) => { assertPermission(event, "hooks.write"); return 1; });`,
      "handlers/legacy.ts": `import { createRouter, useBase } from "h3";
const router = createRouter().get("/a", () => 1).get("/b/:id", () => 2);
export default useBase("/legacy", router.handler);`,
      "handlers/mw.ts": "export default defineEventHandler(() => {});",
      "handlers/dev.ts": "export default defineEventHandler(() => 1);",
      "routes/index.get.ts": "export default defineEventHandler(() => 1);",
    },
    routes: ["GET / []", "GET /legacy/a []", "GET /legacy/b/{id} []", "POST /hooks/{id} [hooks.write]"],
    diagnostics: ["APX201 nitro.config.ts:7"],
  },
  {
    name: "Nitro 3: the config's `routes` (a handler file, or `{ handler, method }`), a last `**` matching its base too; an app the handler file exports answers with its routes",
    files: {
      "package.json": JSON.stringify({ dependencies: { nitro: "3.0.1-alpha.1", h3: "2.0.8" } }),
      "nitro.config.ts": `import { defineNitroConfig } from "nitro/config";
export default defineNitroConfig({
  routes: {
    "/files/**": "./src/files.ts",
    "/api/**": { handler: "./src/api.ts" },
    "/hooks/:id": { handler: "./src/hook.ts", method: "post" },
  },
});`,
      "src/files.ts": `import { defineHandler } from "nitro/h3";
export default defineHandler(() => "file");`,
      "src/api.ts": `import { H3 } from "h3";
export default new H3().get("/api/items", () => []).post("/api/items", () => 1).get("/elsewhere", () => 0);`,
      "src/hook.ts": `import { defineHandler } from "nitro/h3";
export default defineHandler(() => 1);`,
    },
    routes: [
      "DELETE /files []",
      "DELETE /files/{_} []",
      "GET /api/items []",
      "GET /files []",
      "GET /files/{_} []",
      "PATCH /files []",
      "PATCH /files/{_} []",
      "POST /api/items []",
      "POST /files []",
      "POST /files/{_} []",
      "POST /hooks/{id} []",
      "PUT /files []",
      "PUT /files/{_} []",
    ],
  },
  {
    name: "a module that only imports h3's helpers (a Nitro route's) is not an h3 app",
    files: {
      "src/handler.ts": `
import { defineEventHandler } from "h3";
export default defineEventHandler(() => "hi");
`,
    },
    routes: [],
    diagnostics: ["APX001 -"],
  },
];

describe("h3 (in-memory cases)", () => {
  it.each(CASES)("$name", async ({ files, routes, diagnostics, config }) => {
    const result = await generateFrom(files, config);
    expect(routeLines(result)).toEqual(routes);
    if (diagnostics) expect(diagnosticLines(result)).toEqual(diagnostics);
  });
});
