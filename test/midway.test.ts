/**
 * Midway.js (`@midwayjs/core` 3; `@midwayjs/decorator` 2): every `@Controller(prefix, { middleware,
 * ignoreGlobalPrefix })` class of the sources, verb decorators (`@Get`, `@Post`, `@Put`, `@Del`, `@Patch`,
 * `@Options`, `@Head`, `@All`, with `{ middleware, ignoreGlobalPrefix }`), the Koa/Express/Egg `globalPrefix` of
 * `src/config/config.default.ts`; checks in middleware (functions, middleware classes' `resolve()`), guards'
 * `canActivate` (`@UseGuard`), permission decorators and handler bodies. The fixture is a Midway 3 project on
 * @midwayjs/koa; its runtime oracle boots it with the real @midwayjs/mock `createApp` (its configuration and
 * modules given to it, as a bundled app does: vitest, not Midway's file detector, loads the TypeScript) and
 * compares Midway's own router table (`MidwayWebRouterService.getFlattenRouterTable()`), then calls each
 * indexed route over HTTP (Koa answers 404 only for a route it does not hold).
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../generator/config/load-config.js";
import { generate } from "../generator/generate.js";
import { mayRegisterRoutes } from "../generator/scan/route-hints.js";
import { canonicalJson } from "../generator/write/canonical-json.js";
import { diagnosticLines, generateFrom, type InMemoryCase, routeLines } from "./helpers/in-memory.js";
import { REPO_ROOT } from "./helpers/repo.js";

const FIXTURE = path.join(REPO_ROOT, "test", "fixtures", "midway");
const fixtureModule = (file: string) => import(pathToFileURL(path.join(FIXTURE, "src", file)).href) as Promise<Record<string, unknown>>;

async function fixtureIndex() {
  const result = await generate(await loadConfig({ cwd: REPO_ROOT, root: FIXTURE }));
  expect(result.diagnostics.errors).toEqual([]);
  return result;
}

describe("the Midway fixture", () => {
  it("matches the golden index", async () => {
    const result = await fixtureIndex();
    expect(diagnosticLines(result)).toEqual([]);
    expect(canonicalJson(result.index)).toBe(readFileSync(path.join(FIXTURE, "expected-operations.json"), "utf8"));
  });

  it("equals the router table Midway builds, and each route answers over HTTP", async () => {
    const result = await fixtureIndex();
    await import("reflect-metadata");
    const { createApp, close, createHttpRequest } = await import("@midwayjs/mock");
    const { MidwayWebRouterService } = await import("@midwayjs/core");
    const { MainConfiguration } = await fixtureModule("configuration.ts");
    const modules = (
      await Promise.all(
        [
          "controller/project.controller.ts",
          "controller/admin.controller.ts",
          "controller/billing.controller.ts",
          "controller/health.controller.ts",
          "middleware/admin.middleware.ts",
          "guard/billing.guard.ts",
          "service/auth.service.ts",
        ].map(fixtureModule),
      )
    ).flatMap((m) => Object.values(m).filter((v) => typeof v === "function"));
    // Midway writes its logs (and run files) under the app's folder: a scratch one, not the fixture.
    const appDir = mkdtempSync(path.join(tmpdir(), "apidex-midway-"));
    const app = await createApp(appDir, { imports: [MainConfiguration], preloadModules: modules, moduleDetector: false } as never);
    try {
      const routerService = await app.getApplicationContext().getAsync(MidwayWebRouterService);
      const table = await routerService.getFlattenRouterTable();
      const ALL = ["DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT"];
      const runtime = table.flatMap((r: { requestMethod: string; fullUrl?: string }) =>
        (r.requestMethod.toUpperCase() === "ALL" ? ALL : [r.requestMethod.toUpperCase()]).map(
          (m) => `${m} ${String(r.fullUrl).replace(/:(\w+)/g, "{$1}")}`,
        ),
      );
      const indexed = result.index.operations.map((o) => `${o.method} ${o.path}`).sort();
      expect([...new Set(runtime)].sort()).toEqual(indexed);
      for (const op of result.index.operations) {
        const url = op.path.replace(/\{(\w+)\}/g, "1");
        const response = await (createHttpRequest(app) as any)[op.method.toLowerCase()](url);
        expect(response.status, `${op.method} ${op.path}`).not.toBe(404);
      }
      expect((await createHttpRequest(app).get("/v1/nowhere")).status).toBe(404);
    } finally {
      await close(app);
      rmSync(appDir, { recursive: true, force: true });
    }
  });
});

const CORE = `import { All, Controller, Del, Get, Head, Options, Patch, Post, Put, UseGuard } from "@midwayjs/core";\n`;
const items = (decorators = "") =>
  `${CORE}@Controller("/items"${decorators})\nexport class Items {\n  @Get("/") list() {}\n  @Post() make() {}\n}\n`;

const CASES: InMemoryCase[] = [
  {
    name: "every verb of @midwayjs/core under the controller's prefix (All: every method), no config: no global prefix",
    files: {
      "src/controller/items.ts": `${CORE}@Controller("/items")\nexport class Items {\n  @Get("/:id") one() {}\n  @Post("/") make() {}\n  @Put("/:id") put() {}\n  @Patch("/:id") patch() {}\n  @Del("/:id") del() {}\n  @Head("/:id") head() {}\n  @Options("/") opts() {}\n}\n@Controller()\nexport class Root { @All("/hook") hook() {} @Get() home() {} }\n`,
    },
    routes: [
      "DELETE /hook []",
      "DELETE /items/{id} []",
      "GET / []",
      "GET /hook []",
      "GET /items/{id} []",
      "HEAD /hook []",
      "HEAD /items/{id} []",
      "OPTIONS /hook []",
      "OPTIONS /items []",
      "PATCH /hook []",
      "PATCH /items/{id} []",
      "POST /hook []",
      "POST /items []",
      "PUT /hook []",
      "PUT /items/{id} []",
    ],
    diagnostics: [],
  },
  {
    name: "a class made a controller by another package's decorator (a platform's @CoolController) over Midway's route decorators: said, not indexed; a class with route decorators and no class decorator (a base) is not",
    files: {
      "src/controller/admin/info.ts": [
        `import { Get, Post, Provide } from "@midwayjs/core";`,
        `import { BaseController, CoolController } from "@cool-midway/core";`,
        `@Provide()`,
        `@CoolController({ api: ["add", "delete", "page"] })`,
        `export class AdminUserInfoController extends BaseController { @Get("/person") person() {} @Post("/logout") logout() {} }`,
      ].join("\n"),
      "src/controller/base.ts": `import { Get } from "@midwayjs/core";\nexport abstract class Base { @Get("/ping") ping() {} }\n`,
      "src/controller/items.ts": `import { Controller, Get } from "@midwayjs/core";\n@Controller("/items")\nexport class Items { @Get("/") list() {} }\n`,
    },
    routes: ["GET /items []"],
    diagnostics: ["APX210 src/controller/admin/info.ts:4"],
  },
  {
    name: "Midway 2's @midwayjs/decorator",
    files: {
      "src/controller/items.ts": `import { Controller, Get } from "@midwayjs/decorator";\n@Controller("/v2items")\nexport class Items { @Get("/") list() {} }\n`,
    },
    routes: ["GET /v2items []"],
    diagnostics: [],
  },
  {
    name: "the global prefix of config.default's default export, unless the controller or the route ignores it",
    files: {
      "src/config/config.default.ts": `export default { keys: "k", koa: { port: 7001, globalPrefix: "/api" } };\n`,
      "src/controller/items.ts": `${items()}@Controller("/health", { ignoreGlobalPrefix: true })\nexport class Health { @Get("/") up() {} }\n@Controller("/s")\nexport class S { @Get("/in") a() {} @Get("/out", { ignoreGlobalPrefix: true }) b() {} }\n`,
    },
    routes: ["GET /api/items []", "GET /api/s/in []", "GET /health []", "GET /s/out []", "POST /api/items []"],
    diagnostics: [],
  },
  {
    name: "a config function of the app info, with a const prefix (Express)",
    files: {
      "src/config/config.default.ts": `const PREFIX = "/rest";\nexport default (appInfo: { name: string }) => ({ keys: appInfo.name, express: { globalPrefix: PREFIX } });\n`,
      "src/controller/items.ts": items(),
    },
    routes: ["GET /rest/items []", "POST /rest/items []"],
    diagnostics: [],
  },
  {
    name: "named exports of config.default (`export const koa = { globalPrefix }`)",
    files: {
      "src/config/config.default.ts": `export const keys = "k";\nexport const koa = { globalPrefix: "/v3" };\n`,
      "src/controller/items.ts": items(),
    },
    routes: ["GET /v3/items []", "POST /v3/items []"],
    diagnostics: [],
  },
  {
    name: "a global prefix apidex cannot read: said at the config, the controllers indexed without it",
    files: {
      "src/config/config.default.ts": `export default {\n  koa: {\n    globalPrefix: process.env.API_PREFIX,\n  },\n};\n`,
      "src/controller/items.ts": items(),
    },
    routes: ["GET /items []", "POST /items []"],
    diagnostics: ["APX201 src/config/config.default.ts:3"],
  },
  {
    name: "checks: controller and route middleware (a function, a class's resolve()), @UseGuard guards, permission decorators, bodies",
    files: {
      "src/auth.ts": `export function requirePermission(...keys: string[]) { return async (ctx: unknown, next: () => Promise<void>) => next(); }\nexport function Permissions(...keys: string[]) { return (t: object, k?: string) => undefined; }\n`,
      "src/mw.ts": `import { Middleware } from "@midwayjs/core";\nimport { requirePermission } from "./auth.js";\n@Middleware()\nexport class AdminMiddleware { resolve() { return requirePermission("admin"); } }\n`,
      "src/guard.ts": `import { Guard } from "@midwayjs/core";\nimport { requirePermission } from "./auth.js";\n@Guard()\nexport class ReadGuard { async canActivate(ctx: unknown) { await requirePermission("read")(ctx, async () => undefined); return true; } }\n@Guard()\nexport class AuditGuard { async canActivate() { return true; } }\n`,
      "src/controller/items.ts": `${CORE}import { AdminMiddleware } from "../mw.js";\nimport { ReadGuard, AuditGuard } from "../guard.js";\nimport { Permissions, requirePermission } from "../auth.js";\n@Controller("/items", { middleware: [AdminMiddleware] })\n@UseGuard([ReadGuard, AuditGuard])\nexport class Items {\n  @Get("/") list() {}\n  @Post("/", { middleware: [requirePermission("write")] }) make() {}\n  @Del("/:id") @Permissions("remove") del() {}\n  @Put("/:id") put() { requirePermission("put"); }\n}\n`,
    },
    routes: [
      "DELETE /items/{id} [admin,read,remove]",
      "GET /items [admin,read]",
      "POST /items [admin,read,write]",
      "PUT /items/{id} [admin,put,read]",
    ],
    diagnostics: [],
  },
  {
    name: "a base class's routes are not the controller's (Midway reads a class's own route metadata)",
    files: {
      "src/controller/items.ts": `${CORE}abstract class Crud { @Get("/all") all() {} }\n@Controller("/items")\nexport class Items extends Crud { @Get("/own") own() {} }\n`,
    },
    routes: ["GET /items/own []"],
    diagnostics: [],
  },
  {
    name: "a route path apidex cannot read: said, left out",
    files: {
      "src/controller/items.ts": `${CORE}@Controller("/items")\nexport class Items {\n  @Get(process.env.ITEMS_PATH) list() {}\n  @Get("/ok") ok() {}\n}\n`,
    },
    routes: ["GET /items/ok []"],
    diagnostics: ["APX201 src/controller/items.ts:4"],
  },
];

describe("what is read of Midway.js", () => {
  it("parses a controller file that only imports @midwayjs/core (it makes no registration-shaped call)", () => {
    expect(mayRegisterRoutes(items(), "src/controller/items.ts")).toBe(true);
  });

  it.each(CASES)("$name", async ({ files, routes, diagnostics }) => {
    const result = await generateFrom(files);
    expect(routeLines(result)).toEqual(routes);
    expect(diagnosticLines(result)).toEqual(diagnostics);
  });
});
