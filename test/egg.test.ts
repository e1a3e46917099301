import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../generator/config/load-config.js";
import { generate } from "../generator/generate.js";
import { loaderProperty } from "../generator/extract/egg/loader.js";
import { mayRegisterRoutes } from "../generator/scan/route-hints.js";
import { canonicalJson } from "../generator/write/canonical-json.js";
import { diagnosticLines, generateFrom, type InMemoryCase, routeLines } from "./helpers/in-memory.js";
import { REPO_ROOT } from "./helpers/repo.js";

const FIXTURE = path.join(REPO_ROOT, "test", "fixtures", "egg");
const toOpenApi = (p: string) => p.replace(/:([A-Za-z_$][\w$]*)(\([^)]*\))?\??/g, "{$1}").replace(/\/$/, "") || "/";

async function fixtureIndex() {
  const result = await generate(await loadConfig({ cwd: REPO_ROOT, root: FIXTURE }));
  expect(result.diagnostics.errors).toEqual([]);
  return result;
}

describe("Egg.js fixture", () => {
  it("matches the golden index", async () => {
    const result = await fixtureIndex();
    expect(canonicalJson(result.index)).toBe(readFileSync(path.join(FIXTURE, "expected-operations.json"), "utf8"));
  });

  /**
   * The runtime oracle: the fixture booted by the real egg (3.34.0, with egg-router-plus 2.0.0, exact
   * devDependencies) in single mode, as `egg.start({ baseDir })` runs it. Every route EggRouter registers
   * goes through `EggRouter#register` (egg-router-plus's namespaces are EggRouters too, which keep their
   * stacks to themselves): the oracle records each call's methods and path, then probes every one over HTTP
   * on 127.0.0.1 (port 0) and expects an answer other than 404. `redirect()` registrations are left out
   * (no operation: see docs/frameworks.md); an `all()` registers every method of the `methods` package,
   * which apidex indexes as the seven methods of its `ALL` (HEAD rides along with GET, as for Koa).
   */
  it("equals the routes egg registers when it boots the fixture, each answering over HTTP", async () => {
    const result = await fixtureIndex();
    const require = createRequire(import.meta.url);
    const { EggRouter, KoaRouter } = require("@eggjs/router") as {
      EggRouter: { prototype: { register: (...args: unknown[]) => unknown } };
      KoaRouter: { prototype: { redirect: (...args: unknown[]) => unknown } };
    };
    const registered = new Set<string>();
    const probes = new Map<string, string>();
    const register = EggRouter.prototype.register;
    const redirect = KoaRouter.prototype.redirect;
    let redirecting = 0;
    EggRouter.prototype.register = function (this: unknown, ...args: unknown[]) {
      const [paths, methods] = args as [string | string[], string[]];
      if (!redirecting && methods.length > 0) {
        const upper = methods.map((m) => m.toUpperCase());
        const all = upper.length > 7 ? ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD"] : upper.filter((m) => m !== "HEAD");
        for (const p of [paths].flat())
          for (const m of all) {
            registered.add(`${m} ${toOpenApi(p)}`);
            probes.set(`${m} ${toOpenApi(p)}`, p.replace(/:([A-Za-z_$][\w$]*)(\([^)]*\))?\??/g, "1"));
          }
      }
      return register.apply(this, args);
    };
    KoaRouter.prototype.redirect = function (this: unknown, ...args: unknown[]) {
      redirecting++;
      try {
        return redirect.apply(this, args);
      } finally {
        redirecting--;
      }
    };
    const previousEnv = process.env.EGG_SERVER_ENV;
    process.env.EGG_SERVER_ENV = "unittest";
    const egg = require("egg") as {
      start: (o: {
        baseDir: string;
      }) => Promise<{ callback: () => http.RequestListener; close: () => Promise<void>; agent: { close: () => Promise<void> } }>;
    };
    const app = await egg.start({ baseDir: FIXTURE });
    const server = http.createServer(app.callback());
    try {
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      const { port } = server.address() as AddressInfo;
      expect([...registered].sort()).toEqual(result.index.operations.map((o) => `${o.method} ${o.path}`).sort());
      // Every key the index names, so that the permission checks let each probe through.
      const held = [...new Set(result.index.operations.flatMap((o) => o.permissions))].join(",");
      for (const [route, url] of probes) {
        const method = route.split(" ")[0]!;
        const status = await new Promise<number>((resolve, reject) => {
          const request = http.request({ host: "127.0.0.1", port, method, path: url, headers: { "x-permissions": held } }, (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          });
          request.on("error", reject);
          request.end();
        });
        expect(status, route).toBeLessThan(400);
      }
    } finally {
      EggRouter.prototype.register = register;
      KoaRouter.prototype.redirect = redirect;
      if (previousEnv === undefined) delete process.env.EGG_SERVER_ENV;
      else process.env.EGG_SERVER_ENV = previousEnv;
      await new Promise((resolve) => server.close(resolve));
      await app.close();
      await app.agent.close();
    }
  }, 60_000);
});

describe("egg-core's loader names", () => {
  it.each([
    ["user", "user"],
    ["user_profile", "userProfile"],
    ["user-profile", "userProfile"],
    ["UserProfile", "userProfile"],
    ["v1", "v1"],
    ["1user", undefined],
    ["user.profile", undefined],
  ])("%s → %s", (name, property) => {
    expect(loaderProperty(name)).toBe(property);
  });

  it("parses an Egg router module, which needs no import", () => {
    expect(
      mayRegisterRoutes("module.exports = app => { app.router.resources('posts', '/posts', app.controller.posts); };", "app/router.js"),
    ).toBe(true);
    expect(mayRegisterRoutes("module.exports = app => {};", "app/router/admin.ts")).toBe(true);
  });
});

const HOME = `import { Controller } from "egg";
export default class HomeController extends Controller {
  /** Home. */
  async index() { this.ctx.body = "hi"; }
  async secret() { this.ctx.assertPermission("secret.read"); }
}`;

const CASES: InMemoryCase[] = [
  {
    name: "a TypeScript router: export default (app: Application) => ..., destructured router and controller",
    files: {
      "app/router.ts": `import { Application } from "egg";\nexport default (app: Application) => {\n  const { router, controller } = app;\n  router.get("/", controller.home.index);\n  router.post("/secret", controller.home.secret);\n};\n`,
      "app/controller/home.ts": HOME,
    },
    routes: ["GET / []", "POST /secret [secret.read]"],
  },
  {
    name: "module.exports = function (app) and the router methods egg delegates from app",
    files: {
      "app/router.js": `module.exports = function (app) {\n  app.get("/a", app.controller.home.index);\n  app.router.head("/b", app.controller.home.index);\n  app.router.options("/c", app.controller.home.index);\n};\n`,
      "app/controller/home.ts": HOME,
    },
    routes: ["GET /a []", "HEAD /b []", "OPTIONS /c []"],
  },
  {
    name: "a route name first when there are three arguments or more; a string controller second when two",
    files: {
      "app/router.ts": `export default (app: any) => {\n  const { router, controller } = app;\n  router.get("home", "/named", controller.home.index);\n  router.get("/string", "home.secret");\n  router.get("secret", "/named-string", "home.secret");\n};\n`,
      "app/controller/home.ts": HOME,
    },
    routes: ["GET /named []", "GET /named-string [secret.read]", "GET /string [secret.read]"],
  },
  {
    name: "nested folders and snake_case / kebab-case files, camelCased by the loader",
    files: {
      "app/router.ts": `export default (app: any) => {\n  const { router, controller } = app;\n  router.get("/a", controller.admin.userRole.index);\n  router.get("/b", controller.apiV2.orderItems.index);\n  router.get("/c", "admin.userRole.index");\n};\n`,
      "app/controller/admin/user_role.ts": HOME,
      "app/controller/api-v2/order-items.ts": HOME,
    },
    routes: ["GET /a []", "GET /b []", "GET /c []"],
  },
  {
    name: "the .ts source over the .js a build wrote beside it",
    files: {
      "app/router.ts": `export default (app: any) => { app.router.get("/", app.controller.home.secret); };\n`,
      "app/controller/home.ts": HOME,
      "app/controller/home.js": `module.exports = class extends require("egg").Controller { async secret() { this.ctx.assertPermission("stale.key"); } };\n`,
    },
    routes: ["GET / [secret.read]"],
  },
  {
    name: "middleware before the controller: app.middleware.x(options) and middleware.x(), from app/middleware",
    files: {
      "app/router.ts": `export default (app: any) => {\n  const { router, controller, middleware } = app;\n  router.get("/a", middleware.requirePermission("a.read"), controller.home.index);\n  router.post("/b", app.middleware.scope({ permission: "b.write" }), controller.home.index);\n  router.put("/c", middleware.scope({ permission: "c.write" }), middleware.requirePermission("c.extra"), controller.home.secret);\n};\n`,
      "app/controller/home.ts": HOME,
      "app/middleware/require_permission.ts": `export default (key: string) => async (ctx: any, next: any) => { ctx.assertPermission(key); await next(); };\n`,
      "app/middleware/scope.ts": `export default (options: { permission: string }) => async (ctx: any, next: any) => { ctx.assertPermission(options.permission); await next(); };\n`,
    },
    routes: ["GET /a [a.read]", "POST /b [b.write]", "PUT /c [c.extra,c.write,secret.read]"],
  },
  {
    name: "resources(): only the REST actions the controller has; update answers PATCH and PUT; a base class of the sources counts",
    files: {
      "app/router.ts": `export default (app: any) => {\n  const { router, controller } = app;\n  router.resources("posts", "/api/posts/", controller.posts);\n  router.resources("/comments", "comments");\n};\n`,
      "app/core/base.ts": `import { Controller } from "egg";\nexport class Base extends Controller { async show() { this.ctx.assertPermission("base.show"); } }\n`,
      "app/controller/posts.ts": `import { Base } from "../core/base";\nexport default class PostsController extends Base {\n  async index() {}\n  async update() { this.ctx.assertPermission("posts.write"); }\n  async destroy() {}\n  private helper() {}\n}\n`,
      "app/controller/comments.js": `exports.index = async function (ctx) {};\nexports.new = async function (ctx) {};\nexports.edit = async function (ctx) {};\n`,
    },
    routes: [
      "DELETE /api/posts/{id} []",
      "GET /api/posts []",
      "GET /api/posts/{id} [base.show]",
      "GET /comments []",
      "GET /comments/new []",
      "GET /comments/{id}/edit []",
      "PATCH /api/posts/{id} [posts.write]",
      "PUT /api/posts/{id} [posts.write]",
    ],
  },
  {
    name: "resources() with middleware and a name; a controller made by a function of the app",
    files: {
      "app/router.js": `module.exports = app => {\n  app.router.resources("users", "/users", app.middleware.requirePermission("users.any"), app.controller.users);\n};\n`,
      "app/controller/users.js": `module.exports = app => class UsersController extends app.Controller {\n  async index() {}\n  async create() { this.ctx.assertPermission("users.create"); }\n};\n`,
      "app/middleware/require_permission.js": `module.exports = (key) => async (ctx, next) => { ctx.assertPermission(key); await next(); };\n`,
    },
    routes: ["GET /users [users.any]", "POST /users [users.any,users.create]"],
  },
  {
    name: "egg-router-plus namespaces: the prefix joined as written, the namespace's middleware first",
    files: {
      "app/router.ts": `export default (app: any) => {\n  const { router, controller, middleware } = app;\n  const v1 = router.namespace("/api/v1", middleware.requirePermission("api.use"));\n  v1.get("/home", controller.home.index);\n  v1.get("named", "/secret", controller.home.secret);\n  v1.resources("/items", controller.home);\n  const plain = router.namespace("/plain");\n  plain.del("/x", controller.home.index);\n};\n`,
      "app/controller/home.ts": HOME,
      "app/middleware/require_permission.ts": `export default (key: string) => async (ctx: any, next: any) => { ctx.assertPermission(key); await next(); };\n`,
    },
    routes: ["DELETE /plain/x []", "GET /api/v1/home [api.use]", "GET /api/v1/items [api.use]", "GET /api/v1/secret [api.use,secret.read]"],
  },
  {
    name: "a router split into modules: require('./router/admin')(app) and an imported function",
    files: {
      "app/router.ts": `import admin from "./router/admin";\nexport default (app: any) => {\n  admin(app);\n  require("./router/public")(app);\n};\n`,
      "app/router/admin.ts": `export default (app: any) => { app.router.get("/admin", app.controller.home.secret); };\n`,
      "app/router/public.js": `module.exports = (app) => { app.router.get("/public", app.controller.home.index); };\n`,
      "app/controller/home.ts": HOME,
    },
    routes: ["GET /admin [secret.read]", "GET /public []"],
  },
  {
    name: "with egg-router-plus enabled, the modules of app/router run without being required (and with no app/router.ts)",
    files: {
      "config/plugin.ts": `export default { routerPlus: { enable: true, package: "egg-router-plus" } };\n`,
      "app/router/admin.ts": `export default (app: any) => { app.router.get("/admin", app.controller.home.secret); };\n`,
      "app/router/v1/items.js": `module.exports = (app) => { app.router.namespace("/v1").get("/items", app.controller.home.index); };\n`,
      "app/controller/home.ts": HOME,
    },
    routes: ["GET /admin [secret.read]", "GET /v1/items []"],
  },
  {
    name: "without egg-router-plus, a module of app/router nothing requires is not run: warned",
    files: {
      "app/router.ts": `export default (app: any) => { app.router.get("/", app.controller.home.index); };\n`,
      "app/router/admin.ts": `export default (app: any) => { app.router.get("/admin", app.controller.home.secret); };\n`,
      "app/controller/home.ts": HOME,
    },
    routes: ["GET / []"],
    diagnostics: ["APX210 app/router/admin.ts:1"],
    // (reported where it registers: in a function nothing calls)
  },
  {
    name: "an app/router.ts of another framework (Express, Ember) is not Egg's",
    files: {
      "app/router.ts": `import { Router } from "express";\nconst router = Router();\nrouter.get("/items", (req, res) => { res.json([]); });\nexport default router;\n`,
      "app/index.ts": `import express from "express";\nimport router from "./router";\nconst app = express();\napp.use("/api", router);\napp.listen(3000);\n`,
      "web/app/router.ts": `import EmberRouter from "@ember/routing/router";\nexport default class Router extends EmberRouter {}\nRouter.map(function () { this.route("about"); });\n`,
    },
    routes: ["GET /api/items []"],
  },
  {
    name: "path-to-regexp 1.x paths: a ':' that starts no name is literal, a repeated parameter (`:path+`) spans segments",
    files: {
      "app/router.ts": `export default (app: any) => {\n  app.router.get("/users/org.couchdb.user::name", app.controller.home.index);\n  app.router.get("/files/:path+", app.controller.home.index);\n  app.router.get("/:pkg/download/:file+.tgz", app.controller.home.index);\n};\n`,
      "app/controller/home.ts": HOME,
    },
    routes: ["GET /files/{path} []", "GET /users/org.couchdb.user:{name} []", "GET /{pkg}/download/{file}.tgz []"],
    diagnostics: ["APX205 app/router.ts:3", "APX205 app/router.ts:4"],
  },
  {
    name: "the controller method's doc comment documents the operation; all() answers every method; redirect() is no operation",
    files: {
      "app/router.ts": `export default (app: any) => {\n  app.router.all("/any", app.controller.home.index);\n  app.router.redirect("/old", "/any", 302);\n};\n`,
      "app/controller/home.ts": HOME,
    },
    routes: ["DELETE /any []", "GET /any []", "HEAD /any []", "OPTIONS /any []", "PATCH /any []", "POST /any []", "PUT /any []"],
  },
  {
    name: "a controller method the controller does not have: kept, unresolved, warned",
    files: {
      "app/router.ts": `export default (app: any) => {\n  app.router.get("/a", app.controller.home.nope);\n  app.router.get("/b", "missing.action");\n  app.router.get("/c", app.controller.home);\n};\n`,
      "app/controller/home.ts": HOME,
    },
    routes: ["GET /a [] unresolved(permissions)", "GET /b [] unresolved(permissions)", "GET /c [] unresolved(permissions)"],
    diagnostics: ["APX301 app/router.ts:2", "APX301 app/router.ts:3", "APX301 app/router.ts:4"],
  },
  {
    name: "a path or namespace prefix that cannot be read, a resources() controller that cannot be read",
    files: {
      "app/router.ts": `export default (app: any) => {\n  app.router.get(app.config.home, app.controller.home.index);\n  const ns = app.router.namespace(app.config.prefix);\n  app.router.resources("/r", app.config.controller);\n};\n`,
      "app/controller/home.ts": HOME,
    },
    routes: [],
    diagnostics: ["APX201 app/router.ts:2", "APX201 app/router.ts:3", "APX201 app/router.ts:4"],
  },
  {
    name: "a router module whose export is not a function",
    files: {
      "app/router.ts": `import { Application } from "egg";\nexport default {} as unknown as (app: Application) => void;\n`,
    },
    routes: [],
    diagnostics: ["APX210 app/router.ts:1"],
  },
];

const TEGG_CASES: InMemoryCase[] = [
  {
    name: "tegg on egg 3: @HTTPController({ path }) and @HTTPMethod({ method: HTTPMethodEnum.X, path }), @Middleware checks",
    files: {
      "app/module/item/ItemController.ts": `import { HTTPController, HTTPMethod, HTTPMethodEnum, HTTPParam, Middleware } from "@eggjs/tegg";
import { requirePermission } from "../../middleware/permission";

@HTTPController({ path: "/api/items" })
@Middleware(requirePermission("items.access"))
export class ItemController {
  /** Lists items. */
  @HTTPMethod({ method: HTTPMethodEnum.GET, path: "/" })
  async list() {}

  @HTTPMethod({ method: HTTPMethodEnum.POST, path: "/:id/archive" })
  @Middleware(requirePermission("items.archive"))
  async archive(@HTTPParam() id: string) { return id; }

  async helper() {}
}
`,
      "app/middleware/permission.ts": `export function requirePermission(key: string) { return async (ctx: any, next: any) => { ctx.assertPermission(key); await next(); }; }\n`,
    },
    routes: ["GET /api/items [items.access]", "POST /api/items/{id}/archive [items.access,items.archive]"],
  },
  {
    name: "tegg on egg 4 (decorators from egg): no controller path, a method string, checks in the body",
    files: {
      "app/port/controller/HomeController.ts": `import { HTTPController, HTTPMethod, HTTPMethodEnum, HTTPContext, Context } from "egg";

@HTTPController()
export class HomeController {
  @HTTPMethod({ method: "DELETE", path: "/-/v1/things/:name(@[^/]+/[^/]+|[^@/]+)" })
  async remove(@HTTPContext() ctx: Context) { ctx.assertPermission("things.delete"); }

  @HTTPMethod({ path: "/options", method: HTTPMethodEnum.OPTIONS })
  async options() {}

  @HTTPMethod({ method: HTTPMethodEnum.GET, path: "/-/user/org.couchdb.user::username" })
  async user() {}
}
`,
    },
    routes: ["DELETE /-/v1/things/{name} [things.delete]", "GET /-/user/org.couchdb.user:{username} []", "OPTIONS /options []"],
  },
  {
    name: "tegg: a method or options that cannot be read are warned, the route left out",
    files: {
      "app/controller/X.ts": `import { HTTPController, HTTPMethod } from "@eggjs/tegg";
const options: any = JSON.parse("{}");
@HTTPController({ path: "/x" })
export class X {
  @HTTPMethod({ method: options.method, path: "/a" })
  async a() {}
  @HTTPMethod(options)
  async b() {}
}
`,
    },
    routes: [],
    diagnostics: ["APX201 app/controller/X.ts:5", "APX201 app/controller/X.ts:7"],
  },
];

describe("tegg controllers (in memory)", () => {
  it.each(TEGG_CASES)("$name", async ({ files, routes, diagnostics, config }) => {
    const result = await generateFrom(files, config);
    expect(routeLines(result)).toEqual(routes);
    expect(diagnosticLines(result).filter((d) => !d.startsWith("APX1"))).toEqual(diagnostics ?? []);
  });
});

describe("Egg.js patterns (in memory)", () => {
  it.each(CASES)("$name", async ({ files, routes, diagnostics, config }) => {
    const result = await generateFrom(files, config);
    expect(routeLines(result)).toEqual(routes);
    expect(diagnosticLines(result).filter((d) => !d.startsWith("APX1"))).toEqual(diagnostics ?? []);
  });

  it("documents the operation with the controller method's doc comment", async () => {
    const result = await generateFrom({
      "app/router.ts": `export default (app: any) => { app.router.get("/", app.controller.home.index); };\n`,
      "app/controller/home.ts": HOME,
    });
    expect(result.operations.map((o) => o.summary)).toEqual(["Home."]);
  });
});
