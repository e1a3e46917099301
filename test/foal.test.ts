/**
 * FoalTS (`@foal/core`): controllers composed from the root `createApp(AppController)` serves through
 * `subControllers = [controller("/api", ApiController)]` to any depth, verb decorators, hooks on classes (which run
 * before their sub-controllers' routes too) and methods — `@PermissionRequired("perm")` of @foal/typeorm (a key),
 * `@Hook(fn)` and custom hooks (the checks in their function), `@UserRequired()` (none). The fixture is a Foal
 * project as `foal createapp` lays one out; its runtime oracle boots it with the real @foal/core (`createApp`
 * returns an Express 4 app): the routes its router holds are compared with the index, and each indexed route is
 * called over HTTP and answers (Express answers 404 only for a route it does not hold).
 */
import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../generator/config/load-config.js";
import { generate } from "../generator/generate.js";
import { canonicalJson } from "../generator/write/canonical-json.js";
import { mayRegisterRoutes } from "../generator/scan/route-hints.js";
import { runtimeRoutes } from "./helpers/express-runtime-routes.js";
import { diagnosticLines, generateFrom, type InMemoryCase, routeLines } from "./helpers/in-memory.js";
import { REPO_ROOT } from "./helpers/repo.js";

const FIXTURE = path.join(REPO_ROOT, "test", "fixtures", "foal");

async function fixtureIndex() {
  const result = await generate(await loadConfig({ cwd: REPO_ROOT, root: FIXTURE }));
  expect(result.diagnostics.errors).toEqual([]);
  return result;
}

describe("the FoalTS fixture", () => {
  it("matches the golden index", async () => {
    const result = await fixtureIndex();
    expect(diagnosticLines(result)).toEqual([]);
    expect(canonicalJson(result.index)).toBe(readFileSync(path.join(FIXTURE, "expected-operations.json"), "utf8"));
  });

  it("equals the routes createApp registers on Express, and each answers over HTTP", async () => {
    const result = await fixtureIndex();
    await import("reflect-metadata");
    const { createApp } = await import("@foal/core");
    const { AppController } = (await import(pathToFileURL(path.join(FIXTURE, "src", "app", "app.controller.ts")).href)) as {
      AppController: new () => unknown;
    };
    const app = (await createApp(AppController as never)) as unknown as {
      _router: Parameters<typeof runtimeRoutes>[0]["router"];
      listen: (port: number, host: string, cb: () => void) => import("node:http").Server;
    };
    const runtime = runtimeRoutes({ router: app._router }).map((r) => `${r.method} ${r.path}`);
    const indexed = result.index.operations.map((o) => `${o.method} ${o.path}`).sort();
    expect([...new Set(runtime)].sort()).toEqual(indexed);
    const server = await new Promise<import("node:http").Server>((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      for (const op of result.index.operations) {
        const url = base + op.path.replace(/\{(\w+)\}/g, "1");
        const response = await fetch(url, { method: op.method });
        expect(response.status, `${op.method} ${op.path}`).not.toBe(404);
      }
      // A path no controller declares is Express's 404: the probe above can tell.
      expect((await fetch(`${base}/api/v1/nowhere`)).status).toBe(404);
    } finally {
      server.close();
    }
  });
});

const FOAL = `import { Context, controller, Delete, Get, Hook, Head, Options, Patch, Post, Put, UserRequired, createApp, HttpResponseForbidden, PermissionRequired } from "@foal/core";\n`;

const CASES: InMemoryCase[] = [
  {
    name: "every verb, under the root createApp serves, nested sub-controllers' paths concatenated",
    files: {
      "src/index.ts": `${FOAL}import { AppController } from "./app.js";\nexport const app = createApp(AppController);\n`,
      "src/app.ts": `${FOAL}import { Items } from "./items.js";\nclass Api { subControllers = [controller("/items", Items)]; }\nexport class AppController { subControllers = [controller("/api", Api)]; @Get("/health") health() {} }\n`,
      "src/items.ts": `${FOAL}export class Items {\n  @Get() list() {}\n  @Get("/:id") one() {}\n  @Post("/") make() {}\n  @Put("/:id") put() {}\n  @Patch("/:id") patch() {}\n  @Delete("/:id") del() {}\n  @Head("/:id") head() {}\n  @Options() opts() {}\n}\n`,
    },
    routes: [
      "DELETE /api/items/{id} []",
      "GET /api/items []",
      "GET /api/items/{id} []",
      "GET /health []",
      "HEAD /api/items/{id} []",
      "OPTIONS /api/items []",
      "PATCH /api/items/{id} []",
      "POST /api/items []",
      "PUT /api/items/{id} []",
    ],
    diagnostics: [],
  },
  {
    name: "Foal's join concatenates: a path without a leading slash runs on, repeated slashes collapse",
    files: {
      "src/app.ts": `${FOAL}class Items { @Get("list") list() {} @Get("//all/") all() {} }\nexport class AppController { subControllers = [controller("/items/", Items), controller("/raw", Items)]; }\ncreateApp(AppController);\n`,
    },
    routes: ["GET /items/all []", "GET /items/list []", "GET /raw/all []", "GET /rawlist []"],
    diagnostics: [],
  },
  {
    name: "a controller no createApp serves is not indexed",
    files: {
      "src/app.ts": `${FOAL}class Items { @Get("/items") list() {} }\nclass Orphan { @Get("/orphan") x() {} }\nexport class AppController { subControllers = [Items]; }\ncreateApp(AppController);\n`,
    },
    routes: ["GET /items []"],
    diagnostics: [],
  },
  {
    name: "without createApp (a library of controllers): every controller no other one lists is a root",
    files: {
      "src/app.ts": `${FOAL}class Items { @Get("/items") list() {} }\nexport class Root { subControllers = [controller("/v1", Items)]; }\nexport class Other { @Get("/other") x() {} }\n`,
    },
    routes: ["GET /other []", "GET /v1/items []"],
    diagnostics: [],
  },
  {
    name: "hooks: PermissionRequired on a parent runs before its sub-controllers' routes; method's added; UserRequired names none",
    files: {
      "src/app.ts": `${FOAL}const P = { Read: "items.read", Write: "items.write" } as const;\n@PermissionRequired(P.Write)\nclass Items { @Get("/") list() {} @Post("/") @PermissionRequired(P.Read) make() {} }\n@UserRequired()\n@PermissionRequired("api.use")\nclass Api { subControllers = [controller("/items", Items)]; @Get("/me") me() {} }\nexport class AppController { subControllers = [controller("/api", Api)]; }\ncreateApp(AppController);\n`,
    },
    routes: ["GET /api/items [api.use,items.write]", "GET /api/me [api.use]", "POST /api/items [api.use,items.read,items.write]"],
    diagnostics: [],
  },
  {
    name: "Foal 1's PermissionRequired of @foal/typeorm is the same key",
    files: {
      "src/app.ts": `import { controller, createApp, Get } from "@foal/core";\nimport { PermissionRequired } from "@foal/typeorm";\nclass Items { @Get("/") @PermissionRequired("items.read") list() {} }\nexport class AppController { subControllers = [controller("/items", Items)]; }\ncreateApp(AppController);\n`,
    },
    routes: ["GET /items [items.read]"],
    diagnostics: [],
  },
  {
    name: "Hook(fn), a custom hook const and a hook factory of the sources bring the checks in their functions",
    files: {
      "src/hooks.ts": `${FOAL}import { requirePermission } from "./auth.js";\nexport const CanExport = Hook((ctx: Context) => requirePermission(ctx, "orders.export"));\nexport function Can(perm: string) { return Hook((ctx: Context) => requirePermission(ctx, perm)); }\n`,
      "src/auth.ts": `export function requirePermission(ctx: unknown, key: string) { return ctx ? undefined : key; }\n`,
      "src/app.ts": `${FOAL}import { requirePermission } from "./auth.js";\nimport { Can, CanExport } from "./hooks.js";\nclass Orders {\n  @Get("/a") @Hook((ctx) => requirePermission(ctx, "orders.a")) a() {}\n  @Get("/b") @CanExport b() {}\n  @Get("/c") @Can("orders.c") c() {}\n}\nexport class AppController { subControllers = [controller("/orders", Orders)]; }\ncreateApp(AppController);\n`,
    },
    routes: ["GET /orders/a [orders.a]", "GET /orders/b [orders.export]", "GET /orders/c [orders.c]"],
    diagnostics: [],
  },
  {
    name: "inherited methods: a base's routes are the controller's, a redeclaration with its own verb replaces",
    files: {
      "src/app.ts": `${FOAL}abstract class Crud { @Get("/") list() {} @Get("/:id") one() {} }\nclass Items extends Crud { @Get("/mine") override one() {} }\nexport class AppController { subControllers = [controller("/items", Items)]; }\ncreateApp(AppController);\n`,
    },
    routes: ["GET /items []", "GET /items/mine []"],
    diagnostics: [],
  },
  {
    name: "what cannot be followed is said: a sub-controller path, a sub-controller, the root",
    files: {
      "src/app.ts": `${FOAL}import { loadPlugins } from "./plugins.js";\nclass Items { @Get("/x") x() {} }\nexport class AppController { subControllers = [controller(process.env.PREFIX as string, Items), controller("/p", loadPlugins()), controller("/ok", Items)]; }\ncreateApp(AppController);\ncreateApp(loadPlugins());\n`,
      "src/plugins.ts": `export function loadPlugins(): any { return (globalThis as any).plugin; }\n`,
    },
    routes: ["GET /ok/x []"],
    diagnostics: ["APX201 src/app.ts:4", "APX210 src/app.ts:4", "APX210 src/app.ts:6"],
  },
];

describe("what is read of FoalTS", () => {
  it("parses a controller file that only imports @foal/core (it makes no registration-shaped call)", () => {
    expect(
      mayRegisterRoutes(
        `import { Get, HttpResponseOK } from "@foal/core";\nexport class Items { @Get("/items") list() { return new HttpResponseOK([]); } }\n`,
        "src/items.ts",
      ),
    ).toBe(true);
  });

  it.each(CASES)("$name", async ({ files, routes, diagnostics }) => {
    const result = await generateFrom(files);
    expect(routeLines(result)).toEqual(routes);
    expect(diagnosticLines(result)).toEqual(diagnostics);
  });
});
