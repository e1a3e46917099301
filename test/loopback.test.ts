import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../generator/config/load-config.js";
import { generate } from "../generator/generate.js";
import { mayRegisterRoutes } from "../generator/scan/route-hints.js";
import { canonicalJson } from "../generator/write/canonical-json.js";
import { diagnosticLines, generateFrom, type InMemoryCase, routeLines } from "./helpers/in-memory.js";
import { REPO_ROOT } from "./helpers/repo.js";

/**
 * LoopBack 4: the fixture service (controllers booted by convention and registered by hand, `@api`, a route with
 * a handler, `@authorize`), its golden index, and a runtime oracle that compiles it as a LoopBack project is
 * built (tsc, with decorator metadata), boots it with the real @loopback/rest and @loopback/boot, and compares
 * the routes LoopBack's router holds — and the operations its own /openapi.json lists — with apidex's index.
 */
const FIXTURE = path.join(REPO_ROOT, "test", "fixtures", "loopback");

async function indexOf() {
  const result = await generate(await loadConfig({ cwd: REPO_ROOT, root: FIXTURE }));
  expect(result.diagnostics.errors).toEqual([]);
  return result;
}

describe("the scan keeps a LoopBack controller file, whose decorators make no registration-shaped call", () => {
  it.each(["@loopback/rest", "@loopback/openapi-v3"])("%s", (pkg) => {
    expect(
      mayRegisterRoutes(
        `import { get } from "${pkg}";\nexport class ItemsController { @get("/items") list() { return []; } }\n`,
        "src/items.controller.ts",
      ),
    ).toBe(true);
  });
});

describe("LoopBack 4 fixture", () => {
  it("matches the golden index", async () => {
    const result = await indexOf();
    expect(canonicalJson(result.index)).toBe(readFileSync(path.join(FIXTURE, "expected-operations.json"), "utf8"));
    expect(result.diagnostics.items.map((d) => d.code)).toEqual([]);
  });

  const out = path.join(REPO_ROOT, "test-output", `loopback-${process.pid}`);
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it("equals the routes LoopBack registers when the compiled application boots, and its /openapi.json lists the documented ones", async () => {
    // Built as `lb4` projects build: tsc with emitDecoratorMetadata, CommonJS, into a folder the booter reads.
    const parsed = ts.getParsedCommandLineOfConfigFile(
      path.join(FIXTURE, "tsconfig.json"),
      { outDir: out, noEmit: false },
      {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: (d) => {
          throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
        },
      },
    )!;
    const program = ts.createProgram(parsed.fileNames, parsed.options);
    const emitted = program.emit();
    const problems = [...ts.getPreEmitDiagnostics(program), ...emitted.diagnostics].filter(
      (d) => d.category === ts.DiagnosticCategory.Error,
    );
    expect(problems.map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"))).toEqual([]);
    mkdirSync(out, { recursive: true });
    writeFileSync(path.join(out, "package.json"), '{ "type": "commonjs" }\n');
    const require = createRequire(path.join(out, "index.js"));
    const { FieldServiceApplication } = require(path.join(out, "application.js")) as {
      FieldServiceApplication: new (
        config: object,
      ) => {
        boot(): Promise<void>;
        start(): Promise<void>;
        stop(): Promise<void>;
        restServer: { url?: string; httpHandler: { _routes: { _router: { list(): { verb: string; path: string }[] } } } };
      };
    };
    const app = new FieldServiceApplication({ rest: { port: 0, host: "127.0.0.1" } });
    await app.boot();
    await app.start();
    try {
      const result = await indexOf();
      // LoopBack's own route table: every route the server answers, under its base path.
      const base = new URL(app.restServer.url!).pathname.replace(/\/$/, "");
      const routes = app.restServer.httpHandler._routes._router.list().map((r) => `${r.verb.toUpperCase()} ${base}${r.path}`);
      expect(routes.sort()).toEqual(result.index.operations.map((o) => `${o.method} ${o.path}`).sort());
      // Its document lists the documented ones (`x-visibility: undocumented` keeps the others out).
      const spec = (await (await fetch(`${app.restServer.url}/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
      const listed = Object.entries(spec.paths).flatMap(([p, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${base}${p}`));
      expect(listed.sort()).toEqual(
        result.index.operations
          .filter((o) => o.documented)
          .map((o) => `${o.method} ${o.path}`)
          .sort(),
      );
      // And a route answers where the index says it is.
      const status = await fetch(`${app.restServer.url}/status`);
      expect(status.status).toBe(200);
    } finally {
      await app.stop();
    }
  });
});

const cases: InMemoryCase[] = [
  {
    name: "controllers without an application (a library): every class with LoopBack verb decorators, @operation, @oas.get, @api paths bound by x-operation-name",
    files: {
      "src/items.controller.ts": [
        `import { api, get, oas, operation, param } from "@loopback/rest";`,
        `const BASE = "/items";`,
        `@api({ basePath: BASE, paths: { "/{id}/history": { get: { "x-operation-name": "history", responses: {} } } } })`,
        `export class ItemsController {`,
        `  @get("/") list() { return []; }`,
        `  @operation("HEAD", "/{id}") head(@param.path.string("id") id: string) { return id; }`,
        `  @oas.post("/{id}/copies") copy() { return {}; }`,
        `  history() { return []; }`,
        `  helper() { return 1; }`,
        `}`,
      ].join("\n"),
      "src/plain.ts": `export class NotAController { list() { return []; } }\n`,
    },
    routes: ["GET /items []", "GET /items/{id}/history []", "HEAD /items/{id} []", "POST /items/{id}/copies []"],
  },
  {
    name: "BootMixin boots the exported classes of the files bootOptions.controllers matches (dirs, extensions, nested) and those registered with this.controller(); rest.basePath of the config given to the application",
    files: {
      "src/application.ts": [
        `import { BootMixin } from "@loopback/boot";`,
        `import { RestApplication } from "@loopback/rest";`,
        `import { Extra } from "./extra";`,
        `export class App extends BootMixin(RestApplication) {`,
        `  constructor(options = {}) {`,
        `    super(options);`,
        `    this.projectRoot = __dirname;`,
        `    this.bootOptions = { controllers: { dirs: ["api"], extensions: [".ctrl.js"], nested: false } };`,
        `    this.controller(Extra);`,
        `  }`,
        `}`,
      ].join("\n"),
      "src/index.ts": `import { App } from "./application";\nexport async function main() { const app = new App({ rest: { port: 3000, basePath: "/v1/" } }); await app.boot(); await app.start(); }\n`,
      "src/api/orders.ctrl.ts": `import { get } from "@loopback/rest";\nexport class OrdersController { @get("/orders") list() { return []; } }\n`,
      "src/api/nested/refunds.ctrl.ts": `import { get } from "@loopback/rest";\nexport class RefundsController { @get("/refunds") list() { return []; } }\n`,
      "src/controllers/users.controller.ts": `import { get } from "@loopback/rest";\nexport class UsersController { @get("/users") list() { return []; } }\n`,
      "src/extra.ts": `import { del } from "@loopback/rest";\nexport class Extra { @del("/cache") clear() { return; } }\n`,
    },
    routes: ["DELETE /v1/cache []", "GET /v1/orders []"],
  },
  {
    name: "a component's controllers are served where the application mounts it; basePath() on the REST server wins over the config's",
    files: {
      "src/application.ts": [
        `import { RestApplication } from "@loopback/rest";`,
        `import { Component } from "@loopback/core";`,
        `import { PingController } from "./ping";`,
        `class PingComponent implements Component { controllers = [PingController]; }`,
        `export const app = new RestApplication({ rest: { basePath: "/ignored" } });`,
        `app.component(PingComponent);`,
        `app.restServer.basePath("/svc");`,
      ].join("\n"),
      "src/ping.ts": `import { get } from "@loopback/rest";\nexport class PingController { @get("/ping") ping() { return "pong"; } }\n`,
      "src/unused.ts": `import { get } from "@loopback/rest";\nexport class UnusedController { @get("/unused") x() { return 1; } }\n`,
    },
    routes: ["GET /svc/ping []"],
  },
  {
    name: "@authorize: scopes are required keys (the method's replace the class's, several on a method merge), roles and skip name none, voters' bodies are read, a scope apidex cannot read marks the operation",
    files: {
      "src/auth.ts": `export function requirePermission(key: string): void {}\n`,
      "src/reports.controller.ts": [
        `import { authorize } from "@loopback/authorization";`,
        `import { get, post, del, patch, put } from "@loopback/rest";`,
        `import { requirePermission } from "./auth";`,
        `enum Scope { Read = "reports.read", Export = "reports.export" }`,
        `declare function scopeFor(area: string): string;`,
        `@authorize({ scopes: [Scope.Read], allowedRoles: ["staff"] })`,
        `export class ReportsController {`,
        `  @get("/reports") list() { return []; }`,
        `  @post("/reports/export") @authorize.scope(Scope.Export) @authorize({ scopes: [Scope.Read] }) exportAll() { return 1; }`,
        `  @del("/reports/{id}") @authorize.allowedRoles("admin") remove() { return 1; }`,
        `  @get("/reports/public") @authorize.skip() open() { return 1; }`,
        `  @patch("/reports/{id}") @authorize({ voters: [async () => { requirePermission("reports.vote"); return "ALLOW"; }] }) vote() { return 1; }`,
        `  @put("/reports/{id}") @authorize({ scopes: [scopeFor("reports")] }) odd() { return 1; }`,
        `}`,
      ].join("\n"),
    },
    routes: [
      "DELETE /reports/{id} []",
      "GET /reports [reports.read]",
      "GET /reports/public []",
      "PATCH /reports/{id} [reports.vote]",
      "POST /reports/export [reports.export,reports.read]",
      "PUT /reports/{id} [] unresolved(permissions)",
    ],
    diagnostics: ["APX301 src/reports.controller.ts:13"],
  },
  {
    name: "loopback4-authorization's @authorize({ permissions }): alternatives, one key required, '*' lets everyone in; LoopBack's own @bind options name no key",
    files: {
      "src/keys.ts": `export const enum PermissionKey { ViewTodo = "ViewTodo", ViewTodoNum = "1", CreateTodo = "CreateTodo" }\n`,
      "src/todo.controller.ts": [
        `import { bind, BindingScope } from "@loopback/core";`,
        `import { get, post, del } from "@loopback/rest";`,
        `import { authorize } from "loopback4-authorization";`,
        `import { PermissionKey } from "./keys";`,
        `@bind({ scope: BindingScope.TRANSIENT })`,
        `export class TodoController {`,
        `  @authorize({ permissions: [PermissionKey.ViewTodo, PermissionKey.ViewTodoNum] }) @get("/todos") list() { return []; }`,
        `  @authorize({ permissions: [PermissionKey.CreateTodo] }) @post("/todos") create() { return {}; }`,
        `  @authorize({ permissions: ["*"] }) @del("/todos") clear() { return; }`,
        `}`,
      ].join("\n"),
    },
    routes: ["DELETE /todos []", "GET /todos [] any(1|ViewTodo)", "POST /todos [CreateTodo]"],
  },
  {
    name: "routes without controllers: app.route(verb, path, spec, handler) and route(new Route(...)) with the checks in the handler; what apidex cannot read is said",
    files: {
      "src/auth.ts": `export function requirePermission(key: string): void {}\n`,
      "src/server.ts": [
        `import { RestApplication, Route } from "@loopback/rest";`,
        `import { defineCrudRestController } from "@loopback/rest-crud";`,
        `import { requirePermission } from "./auth";`,
        `const app = new RestApplication();`,
        `app.basePath(process.env.BASE_PATH!);`,
        `function purge() { requirePermission("cache.purge"); return {}; }`,
        `app.route("post", "/cache/purge", { responses: {} }, purge);`,
        `app.route(new Route("get", "/hello/{name}", { summary: "Say hello", responses: {} }, (name: string) => name));`,
        `const routes = [new Route("get", "/x", { responses: {} }, () => 1)];`,
        `for (const r of routes) app.route(r);`,
        `export const TodoCrud = defineCrudRestController(class {} as never, { basePath: "/todos" });`,
        `export function register(c: never) { app.controller(c); }`,
      ].join("\n"),
      "src/model-endpoints/product.rest-config.ts": `export default { model: "Product", pattern: "CrudRest", dataSource: "db", basePath: "/products" };\n`,
    },
    routes: ["GET /hello/{name} []", "POST /cache/purge [cache.purge]"],
    diagnostics: [
      "APX210 src/model-endpoints/product.rest-config.ts:1",
      "APX201 src/server.ts:5",
      "APX210 src/server.ts:10",
      "APX210 src/server.ts:11",
      "APX210 src/server.ts:12",
    ],
  },
  {
    name: "@api specs LoopBack cannot serve: an operation without x-operation-name or bound to no method, a basePath apidex cannot read",
    files: {
      "src/a.controller.ts": [
        `import { api, get } from "@loopback/rest";`,
        `@api({ paths: { "/a": { get: { responses: {} } }, "/b": { post: { "x-operation-name": "missing", responses: {} } } } })`,
        `export class AController { @get("/ok") ok() { return 1; } }`,
        `@api({ basePath: process.env.PREFIX, paths: {} })`,
        `export class BController { @get("/b") b() { return 1; } }`,
      ].join("\n"),
    },
    routes: ["GET /ok []"],
    diagnostics: ["APX201 src/a.controller.ts:2", "APX201 src/a.controller.ts:2", "APX201 src/a.controller.ts:4"],
  },
];

describe.each(cases)("$name", (c) => {
  it("indexes the routes and says what it cannot read", async () => {
    const result = await generateFrom(c.files, c.config);
    expect(routeLines(result)).toEqual(c.routes);
    expect(diagnosticLines(result)).toEqual(c.diagnostics ?? []);
  });
});
