import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../generator/config/load-config.js";
import type { OperationsIndex } from "../generator/emit/index-artifact.js";
import { generate } from "../generator/generate.js";
import { ts } from "../generator/typescript.js";
import { canonicalJson } from "../generator/write/canonical-json.js";
import { checkOverHttp } from "./helpers/http-oracle.js";
import { REPO_ROOT } from "./helpers/repo.js";
import { diagnosticLines, generateFrom, type InMemoryCase, routeLines } from "./helpers/in-memory.js";

/**
 * Decorator frameworks of the project's own (generator/extract/own-decorators.ts): said when no config names
 * them (APX260), read as NestJS-style controllers when `decoratorRoutes` does.
 */

/** A decorator module of the kind Puter and n8n write: metadata on the prototype, walked by the server. */
const DECORATORS = [
  `const ROUTES = Symbol("routes");`,
  `export function Controller(prefix = "") { return (target: any) => { target.prototype.prefix = prefix; }; }`,
  `export function RestController(prefix = "") { return Controller(prefix); }`,
  `const verb = (method: string) => (path = "/") => (target: any, key: string) => { (target[ROUTES] ??= []).push({ method, path, key }); };`,
  `export const Get = verb("get");`,
  `export const Post = verb("post");`,
  `export const Delete = verb("delete");`,
  `export function RequirePermission(key: string) { return (_target: any, _key: string) => {}; }`,
].join("\n");

const SERVER = [
  `import express from "express";`,
  `import { UsersController } from "./controllers/users";`,
  `export const app = express();`,
  `app.get("/health", (_req, res) => res.end());`,
].join("\n");

const USERS = [
  `import { Controller, Delete, Get, Post, RequirePermission } from "../http";`,
  `import { requirePermission } from "../auth";`,
  `@Controller("/users")`,
  `export class UsersController {`,
  `  @Get()`,
  `  list() { return []; }`,
  `  @Get("/:id")`,
  `  @RequirePermission("users.read")`,
  `  one() { return {}; }`,
  `  @Post("/")`,
  `  create(req: any) { requirePermission(req, "users.write"); return {}; }`,
  `  @Delete("/:id")`,
  `  remove() { return null; }`,
  `}`,
].join("\n");

const AUTH = `export function requirePermission(req: unknown, key: string): void {}\n`;

/** A service whose controllers use the decorators through a barrel, beside an Express server. */
const SERVICE: Record<string, string> = {
  "src/http/decorators.ts": DECORATORS,
  "src/http/index.ts": `export * from "./decorators";\n`,
  "src/auth.ts": AUTH,
  "src/controllers/users.ts": USERS,
  "src/server.ts": SERVER,
};

/** A monorepo whose decorators are a workspace package's (n8n's `@n8n/decorators`), used by another package. */
const WORKSPACE_DECORATORS: Record<string, string> = {
  "package.json": JSON.stringify({ private: true, workspaces: ["packages/*"] }),
  "packages/decorators/package.json": JSON.stringify({ name: "@acme/decorators", main: "src/index.ts" }),
  "packages/decorators/src/index.ts": `export * from "./controller";\nexport * from "./scope";\n`,
  "packages/decorators/src/controller.ts": [
    `const routes: unknown[] = [];`,
    `export const RestController = (prefix = "/") => (target: unknown) => { routes.push({ prefix, target }); };`,
    `const route = (method: string) => (path: string) => (target: object, key: string) => { routes.push({ method, path, key }); };`,
    `export const Get = route("get");`,
    `export const Post = route("post");`,
  ].join("\n"),
  "packages/decorators/src/scope.ts": `export const GlobalScope = (scope: string) => (target: object, key: string) => {};\n`,
  "packages/cli/package.json": JSON.stringify({ name: "cli", dependencies: { "@acme/decorators": "*" } }),
  "packages/cli/src/users.controller.ts": [
    `import { Get, GlobalScope, Post, RestController } from "@acme/decorators";`,
    `@RestController("/users")`,
    `export class UsersController {`,
    `  @Get("/")`,
    `  @GlobalScope("user:list")`,
    `  list() { return []; }`,
    `  @Post("/:id/role")`,
    `  @GlobalScope("user:changeRole")`,
    `  role() { return {}; }`,
    `}`,
  ].join("\n"),
};

const cases: InMemoryCase[] = [
  {
    name: "route decorators the project declares itself, through a barrel's re-exports, are said once per module that declares them (APX260), not dropped in silence",
    files: SERVICE,
    routes: ["GET /health []"],
    diagnostics: ["APX260 src/controllers/users.ts:5"],
  },
  {
    name: "named in the config, they are read as NestJS-style controllers: the class's path, the method's, the entry's prefix, permission decorators and the body's checks",
    files: SERVICE,
    config: { decoratorRoutes: [{ module: "src/http/decorators.ts", prefix: "/api" }] },
    routes: [
      "DELETE /api/users/{id} []",
      "GET /api/users []",
      "GET /api/users/{id} [users.read]",
      "GET /health []",
      "POST /api/users [users.write]",
    ],
    diagnostics: [],
  },
  {
    name: "a class decorator of another name is named in the entry's `controllers`; a class without one is no controller",
    files: {
      "src/http/decorators.ts": DECORATORS,
      "src/auth.ts": AUTH,
      "src/controllers/teams.ts": [
        `import { Get, RestController } from "../http/decorators";`,
        `@RestController("/teams")`,
        `export class TeamsController { @Get("/:teamId/members") members() { return []; } }`,
        `export class Helper { @Get("/nowhere") nothing() { return []; } }`,
      ].join("\n"),
      "src/server.ts": `import express from "express";\nexport const app = express();\napp.get("/health", (_req, res) => res.end());\n`,
    },
    config: { decoratorRoutes: [{ module: "src/http/decorators", controllers: ["RestController"] }] },
    routes: ["GET /health []", "GET /teams/{teamId}/members []"],
    diagnostics: [],
  },
  {
    name: "decorators of a workspace package (n8n's @n8n/decorators): said by the package's module that declares them, read when the config names the package, its permission decorator through nest.decorators",
    files: WORKSPACE_DECORATORS,
    config: {
      decoratorRoutes: [{ module: "@acme/decorators", controllers: ["RestController"], prefix: "/rest" }],
      nest: { decorators: [{ name: "GlobalScope" }] },
    },
    routes: ["GET /rest/users [user:list]", "POST /rest/users/{id}/role [user:changeRole]"],
    diagnostics: [],
  },
  {
    name: "decorators of a workspace package, zero-config: said once, at the first method, naming the module that declares them",
    files: WORKSPACE_DECORATORS,
    routes: [],
    diagnostics: ["APX001 -", "APX260 packages/cli/src/users.controller.ts:4"],
  },
  {
    name: "decorators a project builds on NestJS's own (`applyDecorators(Get(path), ...)`) are NestJS's to read (its adapter follows them), not said as a framework of its own",
    files: {
      "src/common/route.ts": [
        `import { applyDecorators, Get as NestGet, UseGuards } from "@nestjs/common";`,
        `export function Get(path?: string) { return applyDecorators(NestGet(path)); }`,
      ].join("\n"),
      "src/users.controller.ts": [
        `import { Controller } from "@nestjs/common";`,
        `import { Get } from "./common/route";`,
        `@Controller("users")`,
        `export class UsersController { @Get(":id") one() { return {}; } }`,
      ].join("\n"),
    },
    routes: ["GET /users/{id} []"],
    diagnostics: [],
  },
];

describe("decorator frameworks of the project's own", () => {
  it.each(cases)("$name", async ({ files, config, routes, diagnostics }) => {
    const result = await generateFrom(files, config ?? {});
    expect(routeLines(result)).toEqual([...routes].sort());
    expect(diagnosticLines(result)).toEqual(diagnostics ?? []);
  });
});

const fixture = path.join(REPO_ROOT, "test", "fixtures", "own-decorators");
const require = createRequire(import.meta.url);

/**
 * The fixture's server, compiled as its tsconfig says (legacy decorators, CommonJS) into a scratch folder and
 * run with the real Express: its `app` and the routes its own framework registered.
 */
function bootFixture(): { app: { listen: (port: number, host: string, cb: () => void) => Server }; registered: string[] } {
  const out = mkdtempSync(path.join(tmpdir(), "apidex-own-decorators-"));
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.CommonJS,
    experimentalDecorators: true,
    esModuleInterop: true,
  };
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
  for (const file of walk(path.join(fixture, "src"))) {
    const target = path.join(out, path.relative(fixture, file)).replace(/\.ts$/, ".js");
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, ts.transpileModule(readFileSync(file, "utf8"), { compilerOptions: options, fileName: file }).outputText);
  }
  const Module = require("node:module") as { _resolveFilename: (request: string, ...rest: unknown[]) => string };
  const original = Module._resolveFilename;
  const express = require.resolve("express");
  Module._resolveFilename = function (this: unknown, request: string, ...rest: unknown[]) {
    return request === "express" ? express : original.call(this, request, ...rest);
  };
  try {
    return require(path.join(out, "src", "server.js"));
  } finally {
    Module._resolveFilename = original;
  }
}

describe("a decorator framework of the service's own, named in the config (fixture)", () => {
  it("indexes what the framework registers, each route with the keys the server enforces", async () => {
    const result = await generate(await loadConfig({ cwd: REPO_ROOT, root: fixture }));
    // The server's loop over the metadata is one apidex does not run: said, while the config reads the decorators.
    expect(result.diagnostics.sorted().map((d) => `${d.code} ${d.site ? path.relative(fixture, d.site.file) : "-"}`)).toEqual([
      `APX210 ${path.join("src", "server.ts")}`,
    ]);
    const { app, registered } = bootFixture();
    const index = JSON.parse(canonicalJson(result.index)) as OperationsIndex;
    expect(index.operations.map((o) => `${o.method} ${o.path.replace(/\{(\w+)\}/g, ":$1")}`).sort()).toEqual([...registered].sort());
    const server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    try {
      const { port } = server.address() as AddressInfo;
      expect(await checkOverHttp(port, index, [["GET", "/api/users/42/helper", 404]])).toEqual([]);
    } finally {
      server.close();
    }
    expect(index.operations.find((o) => o.path === "/api/users" && o.method === "GET")?.summary).toBe("List the users.");
  });
});

describe("the decoratorRoutes config", () => {
  it("refuses a module path that names no module of the project (a package name is taken as given)", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "apidex-decorator-config-"));
    writeFileSync(path.join(dir, "package.json"), `{ "name": "x", "version": "1.0.0" }\n`);
    writeFileSync(path.join(dir, "apidex.config.json"), JSON.stringify({ decoratorRoutes: [{ module: "src/http/nowhere.ts" }] }));
    await expect(Promise.resolve().then(() => loadConfig({ cwd: dir }))).rejects.toThrow(
      /decoratorRoutes\[0\]\.module src\/http\/nowhere\.ts names no module/,
    );
    const other = mkdtempSync(path.join(tmpdir(), "apidex-decorator-config-"));
    writeFileSync(path.join(other, "package.json"), `{ "name": "x", "version": "1.0.0" }\n`);
    writeFileSync(path.join(other, "apidex.config.json"), JSON.stringify({ decoratorRoutes: [{ module: "@acme/decorators" }] }));
    expect((await loadConfig({ cwd: other })).decoratorRoutes).toEqual([{ module: "@acme/decorators" }]);
  });
});
