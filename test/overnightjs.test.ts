import "reflect-metadata";
import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../generator/config/load-config.js";
import { generate } from "../generator/generate.js";
import { mayRegisterRoutes } from "../generator/scan/route-hints.js";
import { canonicalJson } from "../generator/write/canonical-json.js";
import { diagnosticLines, generateFrom, type InMemoryCase, routeLines } from "./helpers/in-memory.js";
import { REPO_ROOT } from "./helpers/repo.js";

/**
 * OvernightJS: the fixture service (a `Server` subclass adding controllers, a child controller, class and method
 * middleware, checks in a handler body), its golden index, and a runtime oracle that boots it with the real
 * @overnightjs/core on Express 4 (the version it requires, given to it by the package.json's `overrides` while
 * the project's own Express is 5) and compares the routes in the Express app's router stack with apidex's index,
 * then calls each indexed route over HTTP with exactly its keys, and without each one.
 */
const FIXTURE = path.join(REPO_ROOT, "test", "fixtures", "overnightjs");

async function indexOf() {
  const result = await generate(await loadConfig({ cwd: REPO_ROOT, root: FIXTURE }));
  expect(result.diagnostics.errors).toEqual([]);
  return result;
}

interface Express4Layer {
  regexp: RegExp & { fast_slash?: boolean };
  keys: { name: string | number }[];
  route?: { path: string; methods: Record<string, boolean> };
  handle: { stack?: Express4Layer[] };
}

/**
 * The routes an Express 4 app holds, from its own router stack: a mounted router's layer keeps only the
 * regular expression its path was compiled to, turned back into the path here (`^\/api\/users\/?(?=\/|$)`).
 */
function express4Routes(stack: Express4Layer[], prefix = ""): string[] {
  const out: string[] = [];
  for (const layer of stack) {
    if (layer.route) {
      const full = `${prefix}${layer.route.path}`.replace(/\/+$/, "") || "/";
      const openApi = full.replace(/:(\w+)/g, "{$1}");
      for (const [method, on] of Object.entries(layer.route.methods))
        if (on)
          for (const m of method === "_all" ? ["DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT"] : [method.toUpperCase()])
            out.push(`${m} ${openApi}`);
    } else if (layer.handle.stack) {
      let keys = 0;
      const mount = layer.regexp.fast_slash
        ? ""
        : layer.regexp.source
            .replace(/^\^/, "")
            .replace(/\\\/\?\(\?=\\\/\|\$\)$/, "")
            .replace(/\(\?:\\\/\(\[\^\\?\/\]\+\?\)\)/g, () => `/:${layer.keys[keys++]!.name}`)
            .replace(/\\\//g, "/");
      out.push(...express4Routes(layer.handle.stack, prefix + mount));
    }
  }
  return out;
}

describe("the scan keeps an OvernightJS controller file, whose decorators make no registration-shaped call", () => {
  it("@overnightjs/core", () => {
    expect(
      mayRegisterRoutes(
        `import { Controller, Get } from "@overnightjs/core";\n@Controller("items") export class ItemsController { @Get() list() { return []; } }\n`,
        "src/ItemsController.ts",
      ),
    ).toBe(true);
  });
});

describe("OvernightJS fixture", () => {
  it("matches the golden index", async () => {
    const result = await indexOf();
    expect(canonicalJson(result.index)).toBe(readFileSync(path.join(FIXTURE, "expected-operations.json"), "utf8"));
    expect(result.diagnostics.items.map((d) => d.code)).toEqual([]);
  });

  it("equals the routes OvernightJS registers on its Express 4 app, and each answers with exactly its keys and refuses without each", async () => {
    const { ServiceServer } = (await import(pathToFileURL(path.join(FIXTURE, "src", "server.ts")).href)) as {
      ServiceServer: new () => {
        app: { _router: { stack: Express4Layer[] }; listen(port: number, host: string, cb: () => void): import("node:http").Server };
      };
    };
    const server = new ServiceServer();
    const result = await indexOf();
    const indexed = result.index.operations.map((o) => `${o.method} ${o.path}`).sort();
    expect([...new Set(express4Routes(server.app._router.stack))].sort()).toEqual(indexed);
    const http = server.app.listen(0, "127.0.0.1", () => {});
    await new Promise((resolve) => http.once("listening", resolve));
    try {
      const base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
      const status = async (method: string, url: string, keys: readonly string[]) =>
        (await fetch(`${base}${url}`, { method, headers: { "x-permissions": keys.join(",") } })).status;
      const refused: string[] = [];
      for (const op of result.index.operations) {
        const url = op.path.replace(/\{(\w+)\}/g, "1");
        const keys = [...op.permissions];
        const ok = await status(op.method, url, keys);
        if (ok === 404 || ok === 403) refused.push(`${op.method} ${op.path} ${ok}`);
        for (const key of keys)
          if (
            (await status(
              op.method,
              url,
              keys.filter((k) => k !== key),
            )) !== 403
          )
            refused.push(`${op.method} ${op.path} without ${key}`);
      }
      expect(refused).toEqual([]);
      // A route of a controller the server does not add is not served.
      expect(await status("GET", "/legacy", [])).toBe(404);
    } finally {
      await new Promise((resolve) => http.close(resolve));
    }
  });
});

const cases: InMemoryCase[] = [
  {
    name: "controllers a Server subclass adds (instances, one or a list), children under their parent's path, app middleware before them",
    files: {
      "src/auth.ts": `export function requirePermission(key: string) { return (req: unknown, res: unknown, next: () => void) => next(); }\nexport function audit(req: unknown, res: unknown, next: () => void) { next(); }\n`,
      "src/server.ts": [
        `import { Server } from "@overnightjs/core";`,
        `import { requirePermission } from "./auth";`,
        `import { UserController } from "./users";`,
        `import { ReportController } from "./reports";`,
        `export class AppServer extends Server {`,
        `  constructor() {`,
        `    super(true);`,
        `    this.app.use(requirePermission("api.use"));`,
        `    this.setupControllers();`,
        `  }`,
        `  private setupControllers(): void {`,
        `    const users = new UserController();`,
        `    super.addControllers([users, new ReportController()]);`,
        `  }`,
        `}`,
      ].join("\n"),
      "src/users.ts": [
        `import { Controller, Get, Post, Put, Delete, Patch, Head, Options, All, Middleware, ClassMiddleware, ChildControllers } from "@overnightjs/core";`,
        `import { Request, Response } from "express";`,
        `import { requirePermission } from "./auth";`,
        `@Controller("users")`,
        `export class AvatarController {`,
        `  @Get() show(req: Request, res: Response) { res.send(); }`,
        `}`,
        `@Controller("api/users")`,
        `@ClassMiddleware([requirePermission("users.read")])`,
        `@ChildControllers([new AvatarController()])`,
        `export class UserController {`,
        `  /** List the users. */`,
        `  @Get() list(req: Request, res: Response) { res.json([]); }`,
        `  @Get(":id") @Put(":id") one(req: Request, res: Response) { res.json({}); }`,
        `  @Post("") @Middleware(requirePermission("users.write")) create(req: Request, res: Response) { res.json({}); }`,
        `  @Delete(":id") remove(req: Request, res: Response) { requirePermission("users.delete"); res.end(); }`,
        `  @Patch(":id/name") @Head("head") @Options("opts") more(req: Request, res: Response) { res.end(); }`,
        `  @All("any") any(req: Request, res: Response) { res.end(); }`,
        `  helper() { return 1; }`,
        `}`,
      ].join("\n"),
      "src/reports.ts": [
        `import { Controller, Get } from "@overnightjs/core";`,
        `@Controller("reports")`,
        `export class ReportController { @Get("daily/:day") daily() { return 1; } }`,
        `@Controller("unserved")`,
        `export class UnservedController { @Get() x() { return 1; } }`,
      ].join("\n"),
    },
    routes: [
      "DELETE /api/users/any [api.use,users.read]",
      "DELETE /api/users/{id} [api.use,users.delete,users.read]",
      "GET /api/users [api.use,users.read]",
      "GET /api/users/any [api.use,users.read]",
      "GET /api/users/users [api.use,users.read]",
      "GET /api/users/{id} [api.use,users.read]",
      "GET /reports/daily/{day} [api.use]",
      "HEAD /api/users/any [api.use,users.read]",
      "HEAD /api/users/head [api.use,users.read]",
      "OPTIONS /api/users/any [api.use,users.read]",
      "OPTIONS /api/users/opts [api.use,users.read]",
      "PATCH /api/users/any [api.use,users.read]",
      "PATCH /api/users/{id}/name [api.use,users.read]",
      "POST /api/users [api.use,users.read,users.write]",
      "POST /api/users/any [api.use,users.read]",
      "PUT /api/users/any [api.use,users.read]",
      "PUT /api/users/{id} [api.use,users.read]",
    ],
  },
  {
    name: "addControllers on an instance, with global middleware; app middleware after it or under a path does not run before the controllers; @Wrapper",
    files: {
      "src/auth.ts": `export function requirePermission(key: string) { return (req: unknown, res: unknown, next: () => void) => next(); }\n`,
      "src/server.ts": [
        `import { Server } from "@overnightjs/core";`,
        `import { requirePermission } from "./auth";`,
        `export class AppServer extends Server {`,
        `  constructor() {`,
        `    super();`,
        `    this.app.use("/docs", requirePermission("docs.read"));`,
        `  }`,
        `  public start(port: number): void {`,
        `    this.app.use(requirePermission("late"));`,
        `    this.app.listen(port);`,
        `  }`,
        `}`,
      ].join("\n"),
      "src/main.ts": [
        `import { Router } from "express";`,
        `import { AppServer } from "./server";`,
        `import { ItemController } from "./items";`,
        `import { requirePermission } from "./auth";`,
        `const server = new AppServer();`,
        `server.addControllers(new ItemController(), Router, requirePermission("items.any"));`,
        `server.start(3000);`,
      ].join("\n"),
      "src/items.ts": [
        `import { Controller, Get, Wrapper } from "@overnightjs/core";`,
        `import { requirePermission } from "./auth";`,
        `function guarded(fn: Function) { requirePermission("items.wrapped"); return fn; }`,
        `@Controller("items")`,
        `export class ItemController {`,
        `  @Get() list() { return []; }`,
        `  @Get(":id") @Wrapper(guarded) one() { return {}; }`,
        `}`,
      ].join("\n"),
    },
    routes: ["GET /items [items.any]", "GET /items/{id} [items.any,items.wrapped]"],
  },
  {
    name: "controllers without a server (a library of them) are all indexed; a path with a leading slash, one apidex cannot read, controllers it cannot follow or given as a class are said",
    files: {
      "src/ctrl.ts": [
        `import { Controller, Get, Post } from "@overnightjs/core";`,
        `@Controller("/api/things")`,
        `export class ThingController {`,
        `  @Get("/:id") one() { return {}; }`,
        `  @Post(process.env.ROUTE!) odd() { return {}; }`,
        `}`,
      ].join("\n"),
    },
    routes: ["GET /api/things/{id} []"],
    diagnostics: ["APX248 src/ctrl.ts:2", "APX248 src/ctrl.ts:4", "APX201 src/ctrl.ts:5"],
  },
  {
    name: "OvernightJS's other verb decorators (@Lock, @Copy, @Search, ...) register their methods, as Express routes them",
    files: {
      "src/files.ts": [
        `import { Controller, Get, Lock, Unlock, Copy, Search } from "@overnightjs/core";`,
        `@Controller("files")`,
        `export class FileController {`,
        `  @Get(":name") read() { return {}; }`,
        `  @Lock(":name") lock() { return {}; }`,
        `  @Unlock(":name") unlock() { return {}; }`,
        `  @Copy(":name") copy() { return {}; }`,
        `  @Search() search() { return []; }`,
        `}`,
      ].join("\n"),
    },
    routes: ["COPY /files/{name} []", "GET /files/{name} []", "LOCK /files/{name} []", "SEARCH /files []", "UNLOCK /files/{name} []"],
  },
  {
    name: "the README's server: a namespace import of the controllers, each constructed in a for-in loop; Server imported under another name",
    files: {
      "src/controllers/index.ts": `export * from "./CarController";\nexport * from "./BikeController";\n`,
      "src/controllers/CarController.ts": `import { Controller, Get } from "@overnightjs/core";\n@Controller("api/cars") export class CarController { @Get(":id") get() { return 1; } }\n`,
      "src/controllers/BikeController.ts": `import { Controller, Post } from "@overnightjs/core";\n@Controller("api/bikes") export class BikeController { @Post() add() { return 1; } }\n`,
      "src/server.ts": [
        `import { Server as OvernightServer } from "@overnightjs/core";`,
        `import * as controllers from "./controllers";`,
        `export class ExampleServer extends OvernightServer {`,
        `  constructor() {`,
        `    super(process.env.NODE_ENV === "development");`,
        `    this.setupControllers();`,
        `  }`,
        `  private setupControllers(): void {`,
        `    const ctlrInstances = [];`,
        `    for (const name in controllers) {`,
        `      if (controllers.hasOwnProperty(name)) {`,
        `        const controller = (controllers as any)[name];`,
        `        ctlrInstances.push(new controller());`,
        `      }`,
        `    }`,
        `    super.addControllers(ctlrInstances);`,
        `  }`,
        `}`,
      ].join("\n"),
      "src/unserved.ts": `import { Controller, Get } from "@overnightjs/core";\n@Controller("nope") export class Unserved { @Get() x() { return 1; } }\n`,
    },
    routes: ["GET /api/cars/{id} []", "POST /api/bikes []"],
  },
  {
    name: "a list pushed to in a for-of loop over Object.values of a namespace, and something pushed apidex cannot tell (APX210)",
    files: {
      "src/controllers.ts": `import { Controller, Get } from "@overnightjs/core";\n@Controller("api/cars") export class CarController { @Get() list() { return 1; } }\n`,
      "src/server.ts": [
        `import { Server } from "@overnightjs/core";`,
        `import * as controllers from "./controllers";`,
        `declare function makeController(): object;`,
        `export class AppServer extends Server {`,
        `  constructor() {`,
        `    super();`,
        `    const list: object[] = [];`,
        `    for (const C of Object.values(controllers)) list.push(new C());`,
        `    list.push(makeController());`,
        `    super.addControllers(list);`,
        `  }`,
        `}`,
      ].join("\n"),
    },
    routes: ["GET /api/cars []"],
    diagnostics: ["APX210 src/server.ts:10"],
  },
  {
    name: "controllers given as a class, or as something apidex cannot follow, are said (APX210)",
    files: {
      "src/server.ts": [
        `import { Server, Controller, Get } from "@overnightjs/core";`,
        `@Controller("a") class A { @Get() a() { return 1; } }`,
        `@Controller("b") class B { @Get() b() { return 1; } }`,
        `declare function loadControllers(): object[];`,
        `export class AppServer extends Server {`,
        `  constructor() {`,
        `    super();`,
        `    super.addControllers([A as never, new B()]);`,
        `    super.addControllers(loadControllers());`,
        `  }`,
        `}`,
      ].join("\n"),
    },
    routes: ["GET /b []"],
    diagnostics: ["APX210 src/server.ts:8", "APX210 src/server.ts:9"],
  },
];

describe.each(cases)("$name", (c) => {
  it("indexes the routes and says what it cannot read", async () => {
    const result = await generateFrom(c.files, c.config);
    expect(routeLines(result)).toEqual(c.routes);
    expect(diagnosticLines(result)).toEqual(c.diagnostics ?? []);
  });
});
