import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { ResolvedConfig } from "../generator/config/load-config.js";
import { regexpPaths, regexpPrefixes, regexpRoutePaths } from "../generator/extract/regexp-paths.js";
import { fillParameterNames, splitUnknownHead } from "../generator/extract/router-host.js";
import type { ts as Ts } from "ts-morph";
import { ts } from "../generator/typescript.js";
import { diagnosticLines, generateFrom, routeLines } from "./helpers/in-memory.js";
import { REPO_ROOT } from "./helpers/repo.js";

/**
 * Valid code that real services write, each case written the way such code is written. None of it may
 * stop a run: what apidex reads is exact, what it cannot read is a warning and a marked operation.
 */

const AUTH = `export const requirePermission = (...keys: unknown[]) => (req: unknown, res: unknown, next: () => void) => next();\n`;

interface Case {
  name: string;
  files: Record<string, string>;
  config?: Partial<ResolvedConfig>;
  routes: string[];
  /** `CODE file:line` of every diagnostic. */
  diagnostics?: string[];
}

const NEST_DECORATORS = `import { SetMetadata } from "@nestjs/common";\nexport const Auth = (options: { permission?: string | false; admin?: boolean; sharedLink?: boolean } = {}) => SetMetadata("auth", options);\n`;

/** A NestJS module whose controllers depend on the environment (postiz writes it so). */
const NEST_MODULE_FROM_ENV = {
  "a.controller.ts": `import { Controller, Get } from "@nestjs/common";\n@Controller("a")\nexport class AController { @Get() list() { return []; } }\n`,
  "b.controller.ts": `import { Controller, Get } from "@nestjs/common";\n@Controller("b")\nexport class BController { @Get() list() { return []; } }\n`,
  "app.module.ts": `import { Module } from "@nestjs/common"; import { AController } from "./a.controller"; import { BController } from "./b.controller";\n@Module({ controllers: process.env.MCP_ONLY ? [AController] : [AController, BController] })\nexport class AppModule {}\n`,
  "main.ts": `import { NestFactory } from "@nestjs/core"; import { AppModule } from "./app.module";\nasync function bootstrap() { const app = await NestFactory.create(AppModule); await app.listen(3000); }\nbootstrap();\n`,
};

/** A NestJS app whose root module imports a module through ConditionalModule.registerWhen (three cases below). */
const CONDITIONAL_NEST_MODULE: Record<string, string> = {
  "plain.ts": `import { Controller, Get, Module } from "@nestjs/common";\n@Controller("plain") export class PlainController { @Get("ping") ping() { return 1; } }\n@Module({ controllers: [PlainController] }) export class PlainModule {}`,
  "opt.ts": `import { Controller, Get, Module } from "@nestjs/common";\n@Controller("opt") export class OptController { @Get("ping") ping() { return 1; } }\n@Module({ controllers: [OptController] }) export class OptModule {}`,
  "app.module.ts": `import { Module } from "@nestjs/common"; import { ConditionalModule } from "@nestjs/config"; import { PlainModule } from "./plain"; import { OptModule } from "./opt";\n@Module({ imports: [PlainModule, ConditionalModule.registerWhen(OptModule, "FEATURE_X")] })\nexport class AppModule {}`,
  "main.ts": `import { NestFactory } from "@nestjs/core"; import { AppModule } from "./app.module";\nasync function boot() { const app = await NestFactory.create(AppModule); await app.listen(3000); }\nboot();`,
};

/** An Express app whose route `/deep` is registered 106 calls down (d0 → ... → d105), then `after` at the top. */
function deepServer(after = ""): string {
  return [
    `const express = require("express");`,
    `const app = express();`,
    ...Array.from({ length: 105 }, (_, i) => `function d${i}() { return d${i + 1}(); }`),
    `function d105() { app.get("/deep", (req, res) => res.end()); }`,
    `d0();`,
    ...(after ? [after] : []),
    `app.listen(3000);`,
  ].join("\n");
}

const cases: Case[] = [
  {
    name: "use() given one router or another as a condition apidex cannot read picks (parse-server's pages.enableRouter ? new PagesRouter(pages).expressRouter() : new PublicAPIRouter().expressRouter()) mounts each, marked",
    files: {
      "package.json": JSON.stringify({ name: "parse", dependencies: { express: "^4.21.0" } }),
      "auth.ts": AUTH,
      "app.ts": [
        `import express from "express"; import { requirePermission } from "./auth";`,
        `class PagesRouter { expressRouter() { const r = express.Router(); r.get("/apps/:appId/verify", requirePermission("pages"), (q, s) => { s.json({}); }); r.get("/health", (q, s) => { s.json({}); }); return r; } }`,
        `class PublicRouter { expressRouter() { const r = express.Router(); r.get("/apps/:appId/verify", (q, s) => { s.json({}); }); r.get("/legacy", (q, s) => { s.json({}); }); return r; } }`,
        `export function makeApp(options: { pages: { enableRouter: boolean } }) {`,
        `  const api = express();`,
        `  api.use("/", options.pages.enableRouter ? new PagesRouter().expressRouter() : new PublicRouter().expressRouter());`,
        `  api.use("/ping", options.pages.enableRouter && ((q: any, s: any) => s.end()));`,
        `  return api;`,
        `}`,
        `const app = express();`,
        `app.use("/parse", makeApp(JSON.parse(process.env.OPTS!)));`,
        `app.listen(3000);`,
      ].join("\n"),
    },
    // The two branches' routes at one path never coexist: one operation, served either way, whose handler and
    // keys depend on the branch (one checks a key, the other none: no exact requirement).
    routes: [
      "GET /parse/apps/{appId}/verify [] unresolved(handler,permissions)",
      "GET /parse/health [] unresolved(registration)",
      "GET /parse/legacy [] unresolved(registration)",
    ],
    diagnostics: ["APX217 app.ts:6"],
  },
  {
    name: "an instantiation expression as a handler (akash's handleListGpus<AppEnv>) and lodash's type tests in a wrapper (topcoder's autoWrapExpress) are read as at run time",
    files: {
      "package.json": JSON.stringify({ name: "gpus", dependencies: { express: "^4.21.0", lodash: "^4.17.21" } }),
      "helper.js": [
        `const _ = require("lodash");`,
        `function wrapExpress(fn) { return function (req, res, next) { fn(req, res, next).catch(next); }; }`,
        `function autoWrapExpress(obj) {`,
        `  if (_.isArray(obj)) { return obj.map(autoWrapExpress); }`,
        `  if (_.isFunction(obj)) { if (obj.constructor.name === "AsyncFunction") { return wrapExpress(obj); } return obj; }`,
        `  _.each(obj, (value, key) => { obj[key] = autoWrapExpress(value); });`,
        `  return obj;`,
        `}`,
        `module.exports = { autoWrapExpress };`,
      ].join("\n"),
      "app.ts": [
        `import express from "express"; const helper = require("./helper");`,
        `function handleListGpus<E>(req: any, res: any) { requirePermission("gpus:read"); res.json([]); }`,
        `const app = express();`,
        `app.get("/gpus", handleListGpus<{ region: string }>);`,
        `const auth = (req: any, res: any, next: any) => next();`,
        `app.get("/challenges", helper.autoWrapExpress([auth, async (req: any, res: any) => { requirePermission("challenges:read"); res.end(); }]));`,
        `app.listen(3000);`,
      ].join("\n"),
    },
    routes: ["GET /challenges [challenges:read]", "GET /gpus [gpus:read]"],
  },
  {
    name: "a wrapper that tests what kind of function it is given (nodebb's tryRoute: controller.constructor.name === 'AsyncFunction') wraps an async handler and returns another as it is",
    files: {
      "package.json": JSON.stringify({ name: "forum", dependencies: { express: "^4.21.0" } }),
      "routes/helpers.js": [
        `const helpers = module.exports;`,
        `helpers.tryRoute = function (controller, handler) {`,
        `  if (controller && controller.constructor && controller.constructor.name === "AsyncFunction") {`,
        `    return async function (req, res, next) {`,
        `      try { await controller(req, res, next); } catch (err) { if (handler) { return handler(err, res); } next(err); }`,
        `    };`,
        `  }`,
        `  return controller;`,
        `};`,
      ].join("\n"),
      "routes/feeds.js": [
        `const routeHelpers = require("./helpers");`,
        `module.exports = function (app) {`,
        `  app.get("/topic/:topic_id.rss", routeHelpers.tryRoute(generateForTopic));`,
        `  app.get("/recent.rss", routeHelpers.tryRoute(generateForRecent));`,
        `};`,
        `async function generateForTopic(req, res, next) { if (!req.params.topic_id) { return next(); } requirePermission("topics:read"); res.send("rss"); }`,
        `function generateForRecent(req, res, next) { if (!req.uid) { return next(); } requirePermission("recent:read"); res.send("rss"); }`,
      ].join("\n"),
      "app.js": `const express = require("express");\nconst app = express();\nrequire("./routes/feeds")(app);\napp.listen(3000);`,
    },
    routes: ["GET /recent.rss [recent:read]", "GET /topic/{topic_id}.rss [topics:read]"],
  },
  {
    name: "a route answered by a value apidex cannot read (nodebb's controllers filled in a loop over the environment) is marked unresolved and said; a package's value (passport.authenticate) is not",
    files: {
      "package.json": JSON.stringify({ name: "forum", dependencies: { express: "^4.21.0", passport: "^0.7.0" } }),
      "app.js": [
        `const express = require("express"); const passport = require("passport");`,
        `const controllers = {};`,
        `for (const name of process.env.CONTROLLERS.split(",")) controllers[name] = require("./controllers/" + name);`,
        `const app = express();`,
        `app.get("/sw.js", controllers["service-worker"].generate);`,
        `app.get("/auth/github", passport.authenticate("github"));`,
        `app.get("/health", (req, res) => res.end());`,
        // After a gate of the sources that hands the request on, and in a router given as the route's handler.
        `const auth = (req, res, next) => (req.user ? next() : res.status(401).end());`,
        `app.get("/manifest.webmanifest", auth, controllers.manifest);`,
        `const robots = express.Router(); robots.use(auth); robots.use(controllers.robots);`,
        `app.get("/robots.txt", robots);`,
        // A wrapper of the sources handing its own request and response to what it was given.
        `const catchAsync = (fn) => (req, res, next) => { fn(req, res, next).catch(next); };`,
        `app.get("/topics", catchAsync(controllers.topics));`,
        `app.get("/known", catchAsync(async (req, res) => { requirePermission("known:read"); res.end(); }));`,
        // An error handler last (bailo's route arrays) hands its error and request to an audit it cannot read: no answer.
        `app.get("/audited", (req, res) => res.end(), (err, req, res, next) => { audit.onError(req, err); res.status(500).end(); });`,
        // Spread last from a helper that wraps the last handler (mailtrain's replaceLastBySafeHandler).
        `const wrapLast = (handlers) => { const out = handlers.slice(); const last = handlers[handlers.length - 1]; out[handlers.length - 1] = (req, res, next) => last(req, res, next).catch((error) => next(error)); return out; };`,
        `function createRouter() { const router = new express.Router(); router.getAsync = (path, ...handlers) => router.get(path, ...wrapLast(handlers)); return router; }`,
        `const pages = createRouter(); pages.getAsync("/read", auth, async (req, res) => res.end()); app.use("/", pages);`,
        `app.listen(3000);`,
      ].join("\n"),
      // A router nothing mounts: its routes are not indexed (APX211), so nothing is said of their handlers.
      "admin.js": `const express = require("express");\nconst router = express.Router();\nrouter.get("/stats", handlers.stats);\nmodule.exports = router;`,
    },
    routes: [
      "GET /audited []",
      "GET /auth/github []",
      "GET /health []",
      "GET /known [known:read]",
      "GET /manifest.webmanifest [] unresolved(permissions)",
      "GET /read []",
      "GET /robots.txt [] unresolved(permissions)",
      "GET /sw.js [] unresolved(permissions)",
      "GET /topics [] unresolved(permissions)",
    ],
    diagnostics: ["APX211 admin.js:2", "APX301 app.js:5", "APX301 app.js:9", "APX301 app.js:10", "APX301 app.js:13"],
  },
  {
    name: "a var read with `!` elsewhere in its file is not reassigned (tiledesk's `if (!project)` on a callback's parameter of that name): the router it holds is mounted",
    files: {
      "package.json": JSON.stringify({ name: "desk", dependencies: { express: "^4.21.0" } }),
      "routes/project.js": `var express = require("express");\nvar router = express.Router();\nrouter.get("/:id", function (req, res) { res.json({}); });\nmodule.exports = router;`,
      "app.js": [
        `var express = require("express");`,
        `var project = require("./routes/project");`,
        `var count = 0;`,
        `var app = express();`,
        `function setter(req, res, next) {`,
        `  find(function (err, project) { if (!project) return res.status(400).end(); next(); });`,
        `  if (-count < 0 || ~count) count++;`,
        `}`,
        `app.use("/projects", setter, project);`,
        `app.listen(3000);`,
      ].join("\n"),
    },
    routes: ["GET /projects/{id} []"],
  },
  {
    name: "a value the check itself sets aside is no key: checkPermission(NONE) where it filters NONE out, or passes the request on when given it",
    files: {
      "perms.ts": [`export const NONE = "NONE";`, `export const ADMIN = "ADMIN";`, `export const PUBLIC = "public";`].join("\n"),
      // A barrel, as the check's module imports its constants.
      "types.ts": `export * from "./perms";\nexport * as perms from "./perms";`,
      "controller.ts": [
        `import express from "express"; import { NONE, PUBLIC } from "./types";`,
        `const checkPermission = (permission: string | string[] = []) => async (req: any, res: any, next: any) => {`,
        `  const permissions = (Array.isArray(permission) ? permission : [permission]).filter((p) => p !== NONE);`,
        `  if (!permissions.length) return next();`,
        `  if (await req.checkRbac(permissions)) return next();`,
        `  return res.status(403).end();`,
        `};`,
        `function requireScope(scope: string) {`,
        `  return (req: any, res: any, next: any) => {`,
        `    if (scope === PUBLIC) return next();`,
        `    if (req.user?.role === "admin") return next();`,
        `    return req.scopes.includes(scope) ? next() : res.status(403).end();`,
        `  };`,
        `}`,
        `export class Controller {`,
        `  app = express.Router();`,
        `  route(o: { method: "get" | "post"; path: string; handler: any; permission: string | string[] }) {`,
        `    this.app[o.method](o.path, checkPermission(o.permission), o.handler);`,
        `  }`,
        `  scoped(path: string, scope: string, handler: any) { this.app.get(path, requireScope(scope), handler); }`,
        `}`,
      ].join("\n"),
      "app.ts": [
        `import express from "express"; import { Controller } from "./controller"; import { NONE, ADMIN, PUBLIC } from "./perms";`,
        `const c = new Controller();`,
        `c.route({ method: "get", path: "/health", handler: (q: any, s: any) => s.end(), permission: NONE });`,
        `c.route({ method: "post", path: "/users", handler: (q: any, s: any) => s.end(), permission: ADMIN });`,
        `c.route({ method: "get", path: "/both", handler: (q: any, s: any) => s.end(), permission: [NONE, "READ"] });`,
        `c.scoped("/docs", PUBLIC, (q: any, s: any) => s.end());`,
        `c.scoped("/admin", "admin", (q: any, s: any) => s.end());`,
        `const app = express(); app.use("/api", c.app); app.listen(3000);`,
      ].join("\n"),
    },
    routes: ["GET /api/admin [admin]", "GET /api/both [READ]", "GET /api/docs []", "GET /api/health []", "POST /api/users [ADMIN]"],
  },
  {
    name: "a controller module's functions wrapped one by one in a loop (out[key] = asyncHandler(controller[key])) keep the checks of their bodies",
    files: {
      "wrap.ts": [
        `import asyncHandler from "express-async-handler";`,
        `export function wrapController<T extends string>(controller: Record<T, any>) {`,
        `  const out = {} as Record<T, any>;`,
        `  (Object.keys(controller) as T[]).forEach((key) => {`,
        `    if (typeof controller[key] !== "function") return;`,
        `    out[key] = asyncHandler(controller[key]);`,
        `  });`,
        `  return out;`,
        `}`,
      ].join("\n"),
      "things.controller.ts": [
        `export const postThing = async (req: any, res: any) => { req.checkPermissions("manageThings"); res.json({}); };`,
        `export const getThings = async (req: any, res: any) => { res.json([]); };`,
        `export const version = "1";`,
      ].join("\n"),
      "app.ts": [
        `import express from "express"; import { wrapController } from "./wrap";`,
        `import * as raw from "./things.controller";`,
        `const things = wrapController(raw);`,
        `const app = express();`,
        `app.post("/things", things.postThing);`,
        `app.get("/things", things.getThings);`,
        `app.listen(3000);`,
      ].join("\n"),
    },
    routes: ["GET /things []", "POST /things [manageThings]"],
  },
  {
    name: "a wrapper class that calls the framework's method through call() or apply() (also of a constant it read the method into) registers what the method would",
    files: {
      "secured.ts": [
        `import { Hono } from "hono";`,
        `export class SecuredApp {`,
        `  hono = new Hono();`,
        `  access(_policy: unknown) {`,
        `    const bind = (m: "get" | "post") => (path: string, ...handlers: any[]) => (this.hono[m] as any).call(this.hono, path, ...handlers);`,
        `    const bound = (m: "put" | "patch") => (path: string, ...handlers: any[]) => {`,
        `      const verb = this.hono[m] as unknown as (path: string, ...h: any[]) => unknown;`,
        `      return verb.call(this.hono, path, ...handlers);`,
        `    };`,
        `    return { get: bind("get"), post: bind("post"), put: bound("put"), patch: bound("patch") };`,
        `  }`,
        `  remove(path: string, handler: any) { return this.hono.delete.apply(this.hono, [path, handler]); }`,
        `}`,
      ].join("\n"),
      "app.ts": [
        `import { Hono } from "hono"; import { SecuredApp } from "./secured";`,
        `const secured = new SecuredApp();`,
        `secured.access({}).get("/teams", (c: any) => c.json([]));`,
        `secured.access({}).post("/teams", (c: any) => c.json({}));`,
        `secured.remove("/teams/:id", (c: any) => c.body(null));`,
        `secured.access({}).patch("/teams/:id", (c: any) => c.json({}));`,
        `const api = new Hono(); api.route("/api", secured.hono);`,
        `export default api;`,
      ].join("\n"),
    },
    routes: ["DELETE /api/teams/{id} []", "GET /api/teams []", "PATCH /api/teams/{id} []", "POST /api/teams []"],
  },
  {
    name: "a CORS preflight a package answers (app.options(path, cors())) is no operation; an OPTIONS handler of the sources is one",
    files: {
      "app.ts": [
        `import express from "express"; import cors from "cors";`,
        `const app = express();`,
        `app.options("*", cors());`,
        `app.options("/things", cors({ origin: "https://example.com" }));`,
        `app.options("/meta", (req, res) => res.set("Allow", "GET").end());`,
        `app.get("/things", (req, res) => res.json([]));`,
        `app.listen(3000);`,
      ].join("\n"),
    },
    routes: ["GET /things []", "OPTIONS /meta []"],
  },
  {
    name: "Wikimedia's service template of the bluebird era: routes loaded by fs.readdirAsync(dir).map(...) of promisifyAll(require('fs')), BBPromise.try(...).then(route => app.use(...)), mounted at /:domain/v{api_version}{path}, in the export service-runner calls (initApp(options).then(app => loadRoutes(app, dir))); a return of a rejected promise is an error path, as a throw; /\\.js$/.test(name)",
    files: {
      "app.js": [
        `"use strict";`,
        `const BBPromise = require("bluebird");`,
        `const express = require("express");`,
        `const path = require("path");`,
        `const fs = BBPromise.promisifyAll(require("fs"));`,
        `function initApp(options) {`,
        `  const app = express();`,
        `  app.conf = options.config;`,
        `  if (app.conf.csp === undefined) return BBPromise.reject("config missing csp");`,
        `  return BBPromise.resolve(app);`,
        `}`,
        `function loadRoutes(app, dir) {`,
        `  return fs.readdirAsync(dir).map((fname) => {`,
        `    return BBPromise.try(() => {`,
        `      const resolvedPath = path.resolve(dir, fname);`,
        `      if (fs.statSync(resolvedPath).isDirectory()) return undefined;`,
        `      if (/\\.js$/.test(fname)) {`,
        `        const route = require(\`\${dir}/\${fname}\`);`,
        `        return route(app);`,
        `      }`,
        `    }).then((route) => {`,
        `      if (route === undefined) return undefined;`,
        `      if (route.path[0] !== "/") route.path = \`/\${route.path}\`;`,
        `      if (!route.skip_domain) route.path = \`/:domain/v\${route.api_version}\${route.path}\`;`,
        `      app.use(route.path, route.router);`,
        `    });`,
        `  }).then(() => BBPromise.resolve(app));`,
        `}`,
        `function createServer(app) { return new BBPromise((resolve) => { app.listen(6927, resolve); }); }`,
        `module.exports = (options) => initApp(options).then((app) => loadRoutes(app, \`\${__dirname}/routes\`)).then(createServer);`,
      ].join("\n"),
      // service-runner requires app.js (its config names it) and calls what it exports: nothing in the sources does.
      "server.js": `const ServiceRunner = require("service-runner");\nnew ServiceRunner().start();\n`,
      "package.json": JSON.stringify({
        name: "citations",
        main: "./app.js",
        scripts: { start: "node server.js" },
        dependencies: { bluebird: "^3.7.2", express: "^4.21.0" },
      }),
      "routes/citoid.js": `const express = require("express");\nmodule.exports = function (app) {\n  const router = express.Router();\n  router.get("/citation/:format/:query", (req, res) => res.json([]));\n  return { path: "/data", api_version: 1, router };\n};\n`,
      "routes/info.js": `const express = require("express");\nmodule.exports = function (app) {\n  const router = express.Router();\n  router.get("/", (req, res) => res.json({}));\n  return { path: "/_info", skip_domain: true, router };\n};\n`,
      "routes/lib/README": `helpers\n`,
      "routes/README.md": `the routes\n`,
    },
    routes: ["GET /_info []", "GET /{domain}/v1/data/citation/{format}/{query} []"],
  },
  {
    name: "array methods borrowed for other values (cncjs's urljoin: [].slice.call(args, 0).join('/')), Array.prototype.slice.call(arguments, 1), concat.apply; a merged config's prefix",
    files: {
      "lib/urljoin.js": [
        `const normalize = (str) => str.replace(/[\\/]+/g, "/");`,
        `const urljoin = function (...args) { let joined = [].slice.call(args, 0).join("/"); return normalize(joined); };`,
        `export default urljoin;`,
      ].join("\n"),
      "lib/under.js": `module.exports = function under() { var parts = Array.prototype.slice.call(arguments, 1); return "/" + arguments[0] + "/" + parts.join("/"); };\n`,
      "settings.js": `import merge from "lodash/merge";\nconst settings = {};\nmerge(settings, { route: "/" }, { env: "production" });\nexport default settings;\n`,
      "app.js": [
        `import express from "express"; import urljoin from "./lib/urljoin"; import settings from "./settings";`,
        `const under = require("./lib/under");`,
        `const app = express();`,
        `app.get(urljoin(settings.route, "api/state"), (req, res) => res.json({}));`,
        `app.post(under("api", "tools", ":id"), (req, res) => res.end());`,
        `app.get(Array.prototype.concat.apply(["", "api"], [["gcode"], "download"]).join("/"), (req, res) => res.end());`,
        `app.listen(3000);`,
      ].join("\n"),
    },
    routes: ["GET /api/gcode/download []", "GET /api/state []", "POST /api/tools/{id} []"],
  },
  {
    name: "CASL ability checks in handlers: ability.can/cannot(action, subject) and ForbiddenError.throwUnlessCan are the key subject:action; a subject known only at run time is unresolved (APX301)",
    files: {
      "app.ts": [
        `import express from "express"; import { ForbiddenError, subject } from "@casl/ability";`,
        `enum Action { Read = "read", Update = "update", Delete = "delete" }`,
        `class Article {}`,
        `declare function load(id: string): Promise<Article>;`,
        `const app = express();`,
        `app.get("/articles", (req: any, res) => { if (req.ability.cannot(Action.Read, Article)) return res.sendStatus(403); res.json([]); });`,
        `app.put("/articles/:id", (req: any, res) => { ForbiddenError.from(req.ability).throwUnlessCan("update", subject("Article", req.body)); res.json({}); });`,
        `app.delete("/articles/:id", async (req: any, res) => { const article = await load(req.params.id); if (!req.ability.can(Action.Delete, article)) return res.sendStatus(403); res.end(); });`,
        `app.listen(3000);`,
      ].join("\n"),
    },
    routes: ["DELETE /articles/{id} [] unresolved(permissions)", "GET /articles [Article:read]", "PUT /articles/{id} [Article:update]"],
    diagnostics: ["APX301 app.ts:8"],
  },
  {
    name: "CASL subjects by their constructor, as its default detectSubjectType reads them: a mongoose document (new Model(), Model.findById() and its query) is its model's name, an instance of a class of the sources its class's",
    files: {
      "model.js": [
        `const mongoose = require("mongoose");`,
        `module.exports = function () { return mongoose.model("Comment", new mongoose.Schema({ text: String })); };`,
      ].join("\n"),
      "app.js": [
        `const express = require("express");`,
        `const { ForbiddenError } = require("@casl/ability");`,
        `const Comment = require("./model")();`,
        `class Draft { constructor(body) { this.body = body; } }`,
        `const app = express();`,
        `app.post("/comments", async (req, res) => { const comment = new Comment(req.body); ForbiddenError.from(req.ability).throwUnlessCan("create", comment); res.send(comment); });`,
        `app.patch("/comments/:id", async (req, res) => { const comment = await Comment.findById(req.params.id).populate("author").exec(); ForbiddenError.from(req.ability).throwUnlessCan("update", comment); res.send(comment); });`,
        `app.post("/drafts", (req, res) => { if (req.ability.cannot("create", new Draft(req.body))) return res.sendStatus(403); res.end(); });`,
        `app.get("/comments/:id", async (req, res) => { const plain = await Comment.findById(req.params.id).lean(); if (!req.ability.can("read", plain)) return res.sendStatus(403); res.send(plain); });`,
        `app.listen(3000);`,
      ].join("\n"),
    },
    routes: [
      "GET /comments/{id} [] unresolved(permissions)",
      "PATCH /comments/{id} [Comment:update]",
      "POST /comments [Comment:create]",
      "POST /drafts [Draft:create]",
    ],
    // A lean() query gives a plain object, whose type CASL cannot detect.
    diagnostics: ["APX301 app.js:9"],
  },
  {
    name: "CASL with a detectSubjectType of the sources' own: an instance's type is theirs to say (APX301)",
    files: {
      "app.js": [
        `const express = require("express");`,
        `const { createMongoAbility } = require("@casl/ability");`,
        `const ability = createMongoAbility([], { detectSubjectType: (object) => object.kind });`,
        `class Draft {}`,
        `const app = express();`,
        `app.post("/drafts", (req, res) => { if (ability.cannot("create", new Draft())) return res.sendStatus(403); res.end(); });`,
        `app.listen(3000);`,
      ].join("\n"),
    },
    routes: ["POST /drafts [] unresolved(permissions)"],
    diagnostics: ["APX301 app.js:6"],
  },
  {
    name: "hapi 16 composed by Glue 4 (aqua): Glue.compose.bind(Glue, manifest, options) exported and never called by what runs, registrations with their own prefix, plugins that add their routes in server.dependency(deps, after)",
    files: {
      "package.json": JSON.stringify({ name: "aqua", main: "index.js", dependencies: { glue: "4.x.x", hapi: "16.x.x" } }),
      "index.js": [
        `const Glue = require("glue");`,
        `const manifest = {`,
        `  connections: [{ port: 8000 }],`,
        `  registrations: [`,
        `    { plugin: "inert" },`,
        `    { plugin: { register: "./server/api/accounts", options: {} }, options: { routes: { prefix: "/api" } } },`,
        `    { plugin: "./server/web/main" },`,
        `  ],`,
        `};`,
        `module.exports = Glue.compose.bind(Glue, manifest, { relativeTo: __dirname });`,
      ].join("\n"),
      // Started by a task runner (gulp-nodemon's script), which apidex does not run.
      "server.js": `const Composer = require("./index");\nComposer((err, server) => server.start(() => {}));\n`,
      "server/api/accounts.js": [
        `const internals = {};`,
        `internals.applyRoutes = function (server, next) {`,
        `  server.route({ method: "GET", path: "/accounts", config: { auth: { strategy: "session", scope: "admin" } }, handler(request, reply) { reply([]); } });`,
        `  server.route({ method: "GET", path: "/accounts/my", config: { auth: { strategy: "session", scope: ["account", "admin"] } }, handler(request, reply) { reply({}); } });`,
        `  next();`,
        `};`,
        `exports.register = function (server, options, next) {`,
        `  server.dependency(["auth", "hapi-mongo-models"], internals.applyRoutes);`,
        `  next();`,
        `};`,
        `exports.register.attributes = { name: "account" };`,
      ].join("\n"),
      "server/web/main/index.js": [
        `exports.register = function (server, options, next) {`,
        `  server.route({ method: "GET", path: "/", handler(request, reply) { reply.view("index"); } });`,
        `  next();`,
        `};`,
        `exports.register.attributes = { name: "web/main" };`,
      ].join("\n"),
    },
    routes: ["GET / []", "GET /api/accounts [admin]", "GET /api/accounts/my [] any(account|admin)"],
  },
  {
    name: "CASL's NestJS recipe: the policies @CheckPolicies gives its guard (a function, or a handler class's handle()) are the route's checks, on the class and the method",
    files: {
      "policies.ts": [
        `import { SetMetadata } from "@nestjs/common"; import type { MongoAbility } from "@casl/ability";`,
        `export enum Action { Manage = "manage", Read = "read", Update = "update" }`,
        `export class Article {}`,
        `export type PolicyHandler = ((ability: MongoAbility) => boolean) | { handle(ability: MongoAbility): boolean };`,
        `export const CheckPolicies = (...handlers: PolicyHandler[]) => SetMetadata("check_policy", handlers);`,
        `export class UpdateArticlePolicyHandler { handle(ability: MongoAbility) { return ability.can(Action.Update, Article); } }`,
      ].join("\n"),
      "articles.controller.ts": [
        `import { Controller, Get, Put } from "@nestjs/common";`,
        `import { Action, Article, CheckPolicies, UpdateArticlePolicyHandler } from "./policies";`,
        `@Controller("articles")`,
        `@CheckPolicies((ability) => ability.can(Action.Read, Article))`,
        `export class ArticlesController {`,
        `  @Get() list() { return []; }`,
        `  @Put(":id") @CheckPolicies(new UpdateArticlePolicyHandler()) update() { return {}; }`,
        `}`,
      ].join("\n"),
      "app.module.ts": `import { Module } from "@nestjs/common"; import { ArticlesController } from "./articles.controller";\n@Module({ controllers: [ArticlesController] })\nexport class AppModule {}`,
    },
    routes: ["GET /articles [Article:read]", "PUT /articles/{id} [Article:read,Article:update]"],
  },
  {
    name: "CASL's NestJS recipe with its PoliciesGuard, which reads the handler's policies only: the class's @CheckPolicies guards nothing",
    files: {
      "policies.ts": [
        `import { SetMetadata } from "@nestjs/common"; import type { MongoAbility } from "@casl/ability";`,
        `export const CHECK_POLICIES_KEY = "check_policy";`,
        `export class Article {}`,
        `export type PolicyHandler = (ability: MongoAbility) => boolean;`,
        `export const CheckPolicies = (...handlers: PolicyHandler[]) => SetMetadata(CHECK_POLICIES_KEY, handlers);`,
      ].join("\n"),
      "policies.guard.ts": [
        `import { type CanActivate, type ExecutionContext, Injectable } from "@nestjs/common"; import { Reflector } from "@nestjs/core";`,
        `import { CHECK_POLICIES_KEY, type PolicyHandler } from "./policies";`,
        `@Injectable() export class PoliciesGuard implements CanActivate {`,
        `  constructor(private reflector: Reflector) {}`,
        `  canActivate(context: ExecutionContext): boolean {`,
        `    const handlers = this.reflector.get<PolicyHandler[]>(CHECK_POLICIES_KEY, context.getHandler()) || [];`,
        `    const ability = context.switchToHttp().getRequest().ability;`,
        `    return handlers.every((handler) => handler(ability));`,
        `  }`,
        `}`,
      ].join("\n"),
      "articles.controller.ts": [
        `import { Controller, Get, Put, UseGuards } from "@nestjs/common";`,
        `import { Article, CheckPolicies } from "./policies"; import { PoliciesGuard } from "./policies.guard";`,
        `@Controller("articles") @UseGuards(PoliciesGuard) @CheckPolicies((ability) => ability.can("read", Article))`,
        `export class ArticlesController {`,
        `  @Get() list() { return []; }`,
        `  @Put(":id") @CheckPolicies((ability) => ability.can("update", Article)) update() { return {}; }`,
        `}`,
      ].join("\n"),
      "app.module.ts": `import { Module } from "@nestjs/common"; import { ArticlesController } from "./articles.controller";\n@Module({ controllers: [ArticlesController] })\nexport class AppModule {}`,
    },
    routes: ["GET /articles []", "PUT /articles/{id} [Article:update]"],
  },
  {
    name: "NestJS @Sse(path) is a GET route; a parameter whose pattern matches a slash (`:storageKey(*)`) is a catch-all (APX205), on a controller and on routing-controllers alike",
    files: {
      "files.controller.ts": [
        `import { Controller, Get, Param, Sse } from "@nestjs/common"; import { type Observable, of } from "rxjs";`,
        `@Controller("files")`,
        `export class FilesController {`,
        `  @Sse(":uid/events") events(@Param("uid") uid: string): Observable<{ data: string }> { return of({ data: uid }); }`,
        `  @Get("public/:storageKey(*)") serve(@Param("storageKey") key: string) { return key; }`,
        `  @Get(":id(\\d+)") one(@Param("id") id: string) { return id; }`,
        `}`,
      ].join("\n"),
      "rc.ts": [
        `import { Get, JsonController, Param } from "routing-controllers";`,
        `@JsonController("/rc")`,
        `export class RcController { @Get("/raw/:key(.*)") raw(@Param("key") key: string) { return key; } }`,
      ].join("\n"),
    },
    routes: ["GET /files/public/{storageKey} []", "GET /files/{id} []", "GET /files/{uid}/events []", "GET /rc/raw/{key} []"],
    diagnostics: ["APX205 files.controller.ts:5", "APX205 rc.ts:3"],
  },
  {
    name: "two parameters with nothing between them in one segment (postgres-meta's `/:tableId(^\\d+):ordinalPosition` on Fastify) are indexed with APX206; a separator between them is plain",
    files: {
      "columns.ts": [
        `import type { FastifyInstance } from "fastify";`,
        `export default async (fastify: FastifyInstance) => {`,
        `  fastify.get("/:tableId(^\\d+):ordinalPosition", async () => []);`,
        `  fastify.get("/near/:lat-:lng", async () => []);`,
        `  fastify.get("/raw/:key(.*)", async () => []);`,
        `};`,
      ].join("\n"),
      "app.ts": `import Fastify from "fastify"; import columns from "./columns";\nconst app = Fastify();\napp.register(columns, { prefix: "/columns" });`,
    },
    routes: ["GET /columns/near/{lat}-{lng} []", "GET /columns/raw/{key} []", "GET /columns/{tableId}{ordinalPosition} []"],
    diagnostics: ["APX206 columns.ts:3"],
  },
  {
    name: "Express 4 unnamed wildcards become a named catch-all parameter, with a warning",
    files: {
      "auth.ts": AUTH,
      "app.ts": [
        `import express from "express"; import { requirePermission } from "./auth";`,
        `const app = express(); const files = express.Router();`,
        `files.get("/:type/*", requirePermission("files.read"), (req, res) => res.sendFile(req.params[0]));`,
        `app.use("/files", files);`,
        `app.get("/*", (req, res) => res.sendFile("index.html"));`,
      ].join("\n"),
    },
    routes: ["GET /files/{type}/{wildcard} [files.read]", "GET /{wildcard} []"],
    diagnostics: ["APX205 app.ts:3", "APX205 app.ts:5"],
  },
  {
    name: "an options decorator that does not set the configured property, or sets it to false, names no key",
    files: {
      "auth.decorator.ts": NEST_DECORATORS,
      "albums.controller.ts": [
        `import { Controller, Get, Post, Delete } from "@nestjs/common"; import { Auth } from "./auth.decorator";`,
        `@Controller("albums")`,
        `export class AlbumController {`,
        `  @Get() @Auth({ admin: true }) list() { return []; }`,
        `  @Get(":id") @Auth({ sharedLink: true }) get() { return {}; }`,
        `  @Post() @Auth({ permission: "album.create" }) create() { return {}; }`,
        `  @Delete(":id") @Auth({ permission: false }) remove() { return {}; }`,
        `}`,
      ].join("\n"),
    },
    config: { nest: { decorators: [{ name: "Auth", property: "permission" }] } },
    routes: ["DELETE /albums/{id} []", "GET /albums []", "GET /albums/{id} []", "POST /albums [album.create]"],
  },
  {
    name: "registrations in loops, conditions and uncalled functions of authentication plugins are warnings",
    files: {
      "auth.ts": AUTH,
      "oauth-plugin.ts": [
        `import type { Router } from "express";`,
        `const providers = process.env.PROVIDERS?.split(",") ?? [];`,
        `export function mountProviders(router: Router) {`,
        `  for (const p of providers) router.get("/oauth/" + p, (req, res) => res.redirect("/"));`,
        `  if (process.env.SAML) router.post("/saml/callback", (req, res) => res.end());`,
        `}`,
      ].join("\n"),
      "app.ts": `import express from "express"; import { requirePermission } from "./auth";\nconst app = express();\napp.get("/v1/items", requirePermission("items.read"), (req, res) => res.json([]));\ntry {\n  app.get("/v1/tried", (req, res) => res.end());\n} catch (error) {\n  app.get("/v1/fallback", (req, res) => res.end());\n}\n`,
    },
    routes: ["GET /v1/items [items.read]", "GET /v1/tried []"],
    diagnostics: ["APX210 app.ts:7", "APX210 oauth-plugin.ts:4", "APX210 oauth-plugin.ts:5"],
  },
  {
    name: "two NestJS applications: the artifacts describe the larger one, and say so",
    files: {
      "perm.decorator.ts": `export const RequirePermission = (...keys: string[]) => () => {};\n`,
      "health.controller.ts": `import { Controller, Get } from "@nestjs/common";\n@Controller("health")\nexport class HealthController { @Get() check() { return "ok"; } }\n`,
      "users.controller.ts": `import { Controller, Get, Post } from "@nestjs/common"; import { RequirePermission } from "./perm.decorator";\n@Controller("users")\nexport class UsersController {\n  @Get() @RequirePermission("users.read") list() { return []; }\n  @Post() @RequirePermission("users.write") create() { return {}; }\n}\n`,
      "maintenance.controller.ts": `import { Controller, Get } from "@nestjs/common";\n@Controller("users")\nexport class MaintenanceController { @Get() list() { return "down for maintenance"; } }\n`,
      "app.module.ts": `import { Module } from "@nestjs/common"; import { UsersController } from "./users.controller"; import { HealthModule } from "./health.module";\n@Module({ imports: [HealthModule], controllers: [UsersController] })\nexport class AppModule {}\n`,
      "health.module.ts": `import { Module } from "@nestjs/common"; import { HealthController } from "./health.controller";\n@Module({ controllers: [HealthController] })\nexport class HealthModule {}\n`,
      "maintenance.module.ts": `import { Module } from "@nestjs/common"; import { MaintenanceController } from "./maintenance.controller";\n@Module({ controllers: [MaintenanceController] })\nexport class MaintenanceModule {}\n`,
      "main.ts": [
        `import { NestFactory } from "@nestjs/core"; import { AppModule } from "./app.module"; import { MaintenanceModule } from "./maintenance.module";`,
        `async function bootstrap() {`,
        `  if (process.env.MAINTENANCE) { const m = await NestFactory.create(MaintenanceModule); await m.listen(3000); return; }`,
        `  const app = await NestFactory.create(AppModule);`,
        `  app.setGlobalPrefix("api", { exclude: ["health"] });`,
        `  await app.listen(3000);`,
        `}`,
        `bootstrap();`,
      ].join("\n"),
    },
    routes: ["GET /api/users [users.read]", "GET /health []", "POST /api/users [users.write]"],
    diagnostics: ["APX420 main.ts:4"],
  },
  {
    name: "one root module bootstrapped again by scripts (a migration) is one application: the bootstrap that listens describes it (its own consts read); Nest's own decorators are no permission decorators",
    files: {
      "events.controller.ts": `import { Controller, Get, Scope } from "@nestjs/common";\n@Controller({ path: "events", scope: Scope.REQUEST })\nexport class EventsController { @Get() list() { return []; } }\n`,
      "app.module.ts": `import { Module } from "@nestjs/common"; import { EventsController } from "./events.controller";\n@Module({ controllers: [EventsController] })\nexport class AppModule {}\n`,
      "migrations/backfill.ts": `import { NestFactory } from "@nestjs/core"; import { AppModule } from "../app.module";\nexport async function run() { const app = await NestFactory.create(AppModule, { logger: false }); await app.init(); await app.close(); }\n`,
      "main.ts": `import { NestFactory } from "@nestjs/core"; import { AppModule } from "./app.module";\nasync function bootstrap() { const app = await NestFactory.create(AppModule); const globalPrefix = "v1"; app.setGlobalPrefix(globalPrefix); await app.listen(3000); }\nbootstrap();\n`,
    },
    routes: ["GET /v1/events []"],
  },
  {
    name: "a Nest global prefix destructured in the bootstrap: read from a static object, or said to come from a value only known at run time",
    files: {
      "events.controller.ts": `import { Controller, Get } from "@nestjs/common";\n@Controller("events")\nexport class EventsController { @Get() list() { return []; } }\n`,
      "app.module.ts": `import { Module } from "@nestjs/common"; import { EventsController } from "./events.controller";\n@Module({ controllers: [EventsController] })\nexport class AppModule {}\n`,
      "main.ts": `import { NestFactory } from "@nestjs/core"; import { AppModule } from "./app.module";\nconst settings = { app: { globalPrefix: "api", port: 3000 } };\nasync function bootstrap() { const app = await NestFactory.create(AppModule); const { globalPrefix, port: listenOn } = settings.app; app.setGlobalPrefix(globalPrefix); await app.listen(listenOn); }\nbootstrap();\n`,
    },
    routes: ["GET /api/events []"],
  },
  {
    name: "a @Module entry chosen by a condition only known at run time (controllers: process.env.X ? ... : ...): both branches, what one lists marked",
    files: NEST_MODULE_FROM_ENV,
    routes: ["GET /a []", "GET /b [] unresolved(registration)"],
    diagnostics: ["APX217 app.module.ts:2"],
  },
  {
    name: "... and the config's env decides it",
    files: NEST_MODULE_FROM_ENV,
    config: { env: { MCP_ONLY: "" } },
    routes: ["GET /a []", "GET /b []"],
  },
  {
    name: "nest.app chooses the application",
    files: {
      "users.controller.ts": `import { Controller, Get } from "@nestjs/common";\n@Controller("users")\nexport class UsersController { @Get() list() { return []; } @Get(":id") one() { return {}; } }\n`,
      "maintenance.controller.ts": `import { Controller, Get } from "@nestjs/common";\n@Controller("users")\nexport class MaintenanceController { @Get() list() { return "down"; } }\n`,
      "modules.ts": `import { Module } from "@nestjs/common"; import { UsersController } from "./users.controller"; import { MaintenanceController } from "./maintenance.controller";\n@Module({ controllers: [UsersController] }) export class AppModule {}\n@Module({ controllers: [MaintenanceController] }) export class MaintenanceModule {}\n`,
      "main.ts": `import { NestFactory } from "@nestjs/core"; import { AppModule, MaintenanceModule } from "./modules";\nexport const api = () => NestFactory.create(AppModule);\nexport const maintenance = () => NestFactory.create(MaintenanceModule);\n`,
    },
    config: { nest: { app: "MaintenanceModule" } },
    routes: ["GET /users []"],
  },
  {
    name: "the Nest apps of a monorepo's packages, each with its own AppModule, are told apart: the largest is described, the others named at their bootstraps (APX420)",
    files: {
      "packages/api/src/users.controller.ts": `import { Controller, Get } from "@nestjs/common";\n@Controller("users")\nexport class UsersController { @Get() list() { return []; } @Get(":id") one() { return {}; } }\n`,
      "packages/api/src/teams.controller.ts": `import { Controller, Get } from "@nestjs/common";\n@Controller("teams")\nexport class TeamsController { @Get() list() { return []; } }\n`,
      "packages/api/src/app.module.ts": `import { Module } from "@nestjs/common"; import { UsersController } from "./users.controller"; import { TeamsController } from "./teams.controller";\n@Module({ controllers: [UsersController, TeamsController] }) export class AppModule {}\n`,
      "packages/api/src/main.ts": `import { NestFactory } from "@nestjs/core"; import { AppModule } from "./app.module";\nasync function bootstrap() { const app = await NestFactory.create(AppModule); await app.listen(3000); }\nbootstrap();\n`,
      "ee/packages/sync/src/health.controller.ts": `import { Controller, Get } from "@nestjs/common";\n@Controller("health")\nexport class HealthController { @Get() ok() { return "ok"; } }\n`,
      "ee/packages/sync/src/app.module.ts": `import { Module } from "@nestjs/common"; import { HealthController } from "./health.controller";\n@Module({ controllers: [HealthController] }) export class AppModule {}\n`,
      "ee/packages/sync/src/main.ts": `import { NestFactory } from "@nestjs/core"; import { AppModule } from "./app.module";\nasync function bootstrap() { const app = await NestFactory.create(AppModule); await app.listen(3001); }\nbootstrap();\n`,
    },
    routes: ["GET /teams []", "GET /users []", "GET /users/{id} []"],
    diagnostics: ["APX420 packages/api/src/main.ts:2"],
  },
  {
    name: "NestJS RouterModule.register gives modules (and their children) a path prefix",
    files: {
      "admin/users.controller.ts": `import { Controller, Get } from "@nestjs/common";\n@Controller("users")\nexport class AdminUsersController { @Get() list() { return []; } }\n`,
      "admin/admin.module.ts": `import { Module } from "@nestjs/common"; import { AdminUsersController } from "./users.controller";\n@Module({ controllers: [AdminUsersController] })\nexport class AdminModule {}\n`,
      "admin/audit.controller.ts": `import { Controller, Get } from "@nestjs/common";\n@Controller()\nexport class AuditController { @Get(":id") one() { return {}; } }\n`,
      "admin/audit.module.ts": `import { Module } from "@nestjs/common"; import { AuditController } from "./audit.controller";\n@Module({ controllers: [AuditController] })\nexport class AuditModule {}\n`,
      "app.module.ts": [
        `import { Module } from "@nestjs/common"; import { RouterModule } from "@nestjs/core";`,
        `import { AdminModule } from "./admin/admin.module"; import { AuditModule } from "./admin/audit.module";`,
        `@Module({ imports: [AdminModule, AuditModule, RouterModule.register([{ path: "admin", module: AdminModule, children: [{ path: "audit", module: AuditModule }] }])] })`,
        `export class AppModule {}`,
      ].join("\n"),
      "main.ts": `import { NestFactory } from "@nestjs/core"; import { AppModule } from "./app.module";\nasync function bootstrap() { const app = await NestFactory.create(AppModule); app.setGlobalPrefix("api"); await app.listen(3000); }\nbootstrap();\n`,
    },
    routes: ["GET /api/admin/audit/{id} []", "GET /api/admin/users []"],
  },
  {
    name: "setGlobalPrefix exclude: paths and { path, method } entries keep their routes unprefixed",
    files: {
      "c.controller.ts": [
        `import { Controller, Get, Post } from "@nestjs/common";`,
        `@Controller()`,
        `export class OpsController {`,
        `  @Get("health") health() { return "ok"; }`,
        `  @Get("metrics") metrics() { return ""; }`,
        `  @Post("metrics") reset() { return ""; }`,
        `  @Get("users/:id") user() { return {}; }`,
        `  @Get("items") items() { return []; }`,
        `}`,
      ].join("\n"),
      "main.ts": [
        `import { NestFactory } from "@nestjs/core"; import { RequestMethod, Module } from "@nestjs/common"; import { OpsController } from "./c.controller";`,
        `@Module({ controllers: [OpsController] }) class AppModule {}`,
        `async function bootstrap() {`,
        `  const app = await NestFactory.create(AppModule);`,
        `  app.setGlobalPrefix("api/v1", { exclude: ["health", { path: "metrics", method: RequestMethod.GET }, "users/:id"] });`,
        `}`,
      ].join("\n"),
    },
    routes: ["GET /api/v1/items []", "GET /health []", "GET /metrics []", "GET /users/{id} []", "POST /api/v1/metrics []"],
  },
  {
    name: "numeric enum members used as bit flags are keys by member name; an `or` check is a group of alternatives",
    files: {
      "permission.ts": `export enum Permission { READ_USERS = 1 << 0, MANAGE_USERS = 1 << 3, MANAGE_TEAMS = 16, ADMIN = READ_USERS | MANAGE_USERS | MANAGE_TEAMS }\n`,
      "auth.ts": `export const isAuthenticated = (permissions: number[] = [], options: { type: "and" | "or" } = { type: "and" }) => (req: unknown, res: unknown, next: () => void) => next();\n`,
      "app.ts": [
        `import express from "express"; import { isAuthenticated } from "./auth"; import { Permission } from "./permission";`,
        `const app = express();`,
        `app.get("/users", isAuthenticated([Permission.READ_USERS]), (req, res) => res.json([]));`,
        `app.delete("/users/:id", isAuthenticated([Permission.MANAGE_USERS, Permission.ADMIN], { type: "or" }), (req, res) => res.end());`,
        `app.post("/teams", isAuthenticated([Permission.READ_USERS]), isAuthenticated([Permission.MANAGE_TEAMS, Permission.ADMIN], { type: "or" }), (req, res) => res.end());`,
        `app.put("/teams/:id", isAuthenticated([Permission.MANAGE_TEAMS, Permission.ADMIN], { type: "and" }), (req, res) => res.end());`,
      ].join("\n"),
    },
    config: { permissionCalls: ["isAuthenticated"] },
    routes: [
      "DELETE /users/{id} [] any(ADMIN|MANAGE_USERS)",
      "GET /users [READ_USERS]",
      "POST /teams [READ_USERS] any(ADMIN|MANAGE_TEAMS)",
      "PUT /teams/{id} [ADMIN,MANAGE_TEAMS]",
    ],
  },
  {
    name: "requireAnyPermission is a group; a group one required key already satisfies is dropped",
    files: {
      "auth.ts": `${AUTH}export const requireAnyPermission = requirePermission;\n`,
      "app.ts": [
        `import express from "express"; import { requirePermission, requireAnyPermission } from "./auth";`,
        `const app = express(); const router = express.Router();`,
        `router.use(requireAnyPermission("reports.read", "reports.admin"));`,
        `router.get("/", (req, res) => res.json([]));`,
        `router.delete("/:id", requirePermission("reports.admin"), (req, res) => res.end());`,
        `app.use("/reports", router);`,
      ].join("\n"),
    },
    routes: ["DELETE /reports/{id} [reports.admin]", "GET /reports [] any(reports.admin|reports.read)"],
  },
  {
    name: "routes registered in loops over static tables, across files, with computed methods and .map-built tables",
    files: {
      "auth.ts": AUTH,
      "endpoints.ts": [
        `export const ENDPOINTS = [`,
        `  { name: "users", methods: ["get", "post"], permission: "users.manage" },`,
        `  { name: "teams", methods: ["get"], permission: "teams.read" },`,
        `] as const;`,
        `export const REPORTS: Record<string, string> = { daily: "reports.daily", weekly: "reports.weekly" };`,
      ].join("\n"),
      "app.ts": [
        `import express from "express"; import { requirePermission } from "./auth"; import { ENDPOINTS, REPORTS } from "./endpoints";`,
        `const app = express(); const router = express.Router();`,
        `for (const endpoint of ENDPOINTS) {`,
        `  for (const method of endpoint.methods) router[method]("/" + endpoint.name, requirePermission(endpoint.permission), (req, res) => res.end());`,
        `}`,
        `const reports = Object.entries(REPORTS).map(([name, key]) => ({ path: \`/reports/\${name}\`, key }));`,
        `reports.forEach(({ path, key }) => router.get(path, requirePermission(key), (req, res) => res.json({})));`,
        `Object.keys(REPORTS).filter((name) => name !== "weekly").forEach((name) => router.delete(\`/reports/\${name}\`, requirePermission("reports.admin"), (req, res) => res.end()));`,
        `app.use("/api", router);`,
      ].join("\n"),
    },
    routes: [
      "DELETE /api/reports/daily [reports.admin]",
      "GET /api/reports/daily [reports.daily]",
      "GET /api/reports/weekly [reports.weekly]",
      "GET /api/teams [teams.read]",
      "GET /api/users [users.manage]",
      "POST /api/users [users.manage]",
    ],
  },
  {
    name: "Koa: koa-mount prefixes (nested), router.register and routers composed in a loop over a static plugin list",
    files: {
      "auth.ts": AUTH,
      "plugins/users.ts": `import Router from "@koa/router"; import { requirePermission } from "../auth";\nexport const router = new Router();\nrouter.get("/users", requirePermission("users.read"), async (ctx) => { ctx.body = []; });\nrouter.register("/users/:id", ["get", "delete"], [requirePermission("users.admin"), async (ctx) => { ctx.body = {}; }]);\n`,
      "plugins/teams.ts": `import Router from "@koa/router";\nexport const router = new Router({ prefix: "/teams" });\nrouter.post("/", async (ctx) => { ctx.status = 201; });\n`,
      "api.ts": [
        `import Koa from "koa"; import Router from "@koa/router"; import mount from "koa-mount";`,
        `import { router as users } from "./plugins/users"; import { router as teams } from "./plugins/teams";`,
        `const plugins = [users, teams];`,
        `const root = new Router();`,
        `for (const plugin of plugins) root.use("/", plugin.routes());`,
        `const v1 = new Koa(); v1.use(root.routes());`,
        `export const api = new Koa(); api.use(mount("/v1", v1));`,
      ].join("\n"),
      "server.ts": `import Koa from "koa"; import mount from "koa-mount"; import { api } from "./api";\nconst app = new Koa();\napp.use(mount("/api", api));\napp.use(mount(async (ctx) => { ctx.body = "static"; }));\n`,
    },
    routes: [
      "DELETE /api/v1/users/{id} [users.admin]",
      "GET /api/v1/users [users.read]",
      "GET /api/v1/users/{id} [users.admin]",
      "POST /api/v1/teams []",
    ],
  },
  {
    name: "Koa: an @koa/router handler `(ctx, next)` that calls `next()` hands the request on, as Express's `(req, res, next)` does: `all()` of such a guard is no operation but gates the routes after it, and a route registered again after one answers with its checks",
    files: {
      "auth.ts": AUTH,
      "app.ts": [
        `import Koa from "koa"; import Router from "@koa/router"; import { requirePermission } from "./auth";`,
        `const router = new Router();`,
        `router.all("/admin/stats", async (ctx, next) => { if (!ctx.state.admin) ctx.throw(403); await next(); });`,
        `router.get("/admin/stats", requirePermission("stats.read"), async (ctx) => { ctx.body = {}; });`,
        `router.get("/items", requirePermission("items.read"), async (ctx, next) => { ctx.state.audit = true; return next(); });`,
        `router.get("/items", async (ctx) => { ctx.body = []; });`,
        `const app = new Koa(); app.use(router.routes());`,
      ].join("\n"),
    },
    routes: ["GET /admin/stats [stats.read]", "GET /items [items.read]"],
  },
  {
    name: "a registry: each endpoint module exports its metadata; the permission and a second method come from it (config registry)",
    files: {
      "endpoints/notes/create.ts": `export const meta = { requireCredential: true, kind: "write:notes" } as const;\nexport default async function handler() { return {}; }\n`,
      "endpoints/notes/show.ts": `export const meta = { requireCredential: false, allowGet: true } as const;\nexport default async function handler() { return {}; }\n`,
      "endpoints/admin/users.ts": `export const meta = { requireCredential: true, kind: "read:admin:users", allowGet: true } as const;\nexport default async function handler() { return []; }\n`,
      "endpoints.ts": [
        `import * as ep___notes_create from "./endpoints/notes/create.js";`,
        `import * as ep___notes_show from "./endpoints/notes/show.js";`,
        `import * as ep___admin_users from "./endpoints/admin/users.js";`,
        `const eps = [["notes/create", ep___notes_create], ["notes/show", ep___notes_show], ["admin/users", ep___admin_users]] as const;`,
        `export default eps.map(([name, ep]) => ({ name, meta: ep.meta, exec: ep.default }));`,
      ].join("\n"),
      "server.ts": [
        `import express from "express"; import endpoints from "./endpoints.js";`,
        `const app = express(); const router = express.Router();`,
        `for (const endpoint of endpoints) {`,
        `  if (endpoint.meta.allowGet) router.get("/" + endpoint.name, (req, res) => res.json({}));`,
        `  router.post("/" + endpoint.name, (req, res) => res.json({}));`,
        `}`,
        `app.use("/api", router);`,
      ].join("\n"),
    },
    config: { registry: { permission: "meta.kind", when: "meta.requireCredential" } },
    routes: [
      "GET /api/admin/users [read:admin:users]",
      "GET /api/notes/show []",
      "POST /api/admin/users [read:admin:users]",
      "POST /api/notes/create [write:notes]",
      "POST /api/notes/show []",
    ],
  },
  {
    name: "a registry of route tables, one per resource module, registered in lodash each loops; scopes are alternatives (config registry, match any)",
    files: {
      "src/routes/JobRoutes.js": [
        `const { Scopes } = require("../constants");`,
        `module.exports = {`,
        `  "/jobs": {`,
        `    get: { controller: "JobController", method: "search", auth: "jwt", scopes: [Scopes.READ_JOB, Scopes.ALL_JOB] },`,
        `    post: { controller: "JobController", method: "create", auth: "jwt", scopes: [Scopes.CREATE_JOB] },`,
        `  },`,
        `  "/jobs/:id": { delete: { controller: "JobController", method: "remove", auth: "jwt", scopes: [Scopes.ALL_JOB] } },`,
        `};`,
      ].join("\n"),
      // An entry without `auth` checks nothing, whatever scopes it lists.
      "src/routes/HealthRoutes.js": `module.exports = { "/health": { get: { controller: "HealthController", method: "check", scopes: ["read:health"] } } };\n`,
      "src/routes/index.js": `const _ = require("lodash");\nmodule.exports = _.extend(require("./JobRoutes"), require("./HealthRoutes"));\n`,
      "src/constants.js": `module.exports.Scopes = { READ_JOB: "read:jobs", CREATE_JOB: "create:jobs", ALL_JOB: "all:jobs" };\n`,
      "app-routes.js": [
        `const _ = require("lodash");`,
        `const routes = require("./src/routes");`,
        `const { hasAny } = require("./src/helper");`,
        `module.exports = (app) => {`,
        `  _.each(routes, (verbs, path) => {`,
        `    _.each(verbs, (def, verb) => {`,
        `      const actions = [];`,
        `      if (def.auth) actions.push((req, res, next) => (hasAny(def.scopes, req.authUser.scopes) ? next() : res.sendStatus(403)));`,
        `      actions.push((req, res) => res.json({}));`,
        `      app[verb]("/api/v5" + path, actions);`,
        `    });`,
        `  });`,
        `};`,
      ].join("\n"),
      "src/helper.js": `module.exports.hasAny = (wanted, held) => wanted.some((s) => (held || []).includes(s));\n`,
      "app.js": `const express = require("express");\nconst app = express();\nrequire("./app-routes")(app);\napp.listen(3000);\n`,
    },
    config: { registry: { permission: "scopes", when: "auth", match: "any" } },
    routes: [
      "DELETE /api/v5/jobs/{id} [all:jobs]",
      "GET /api/v5/health []",
      "GET /api/v5/jobs [] any(all:jobs|read:jobs)",
      "POST /api/v5/jobs [create:jobs]",
    ],
  },
  {
    name: "lodash merges of route tables: merge combines one path's verbs from two modules, defaults keeps the first; a merge of what apidex cannot list is reported",
    files: {
      "tables/a.js": `module.exports = { "/jobs": { get: { name: "list" } }, "/teams": { get: { name: "teams" } } };\n`,
      "tables/b.js": `module.exports = { "/jobs": { post: { name: "create" } }, "/teams": { put: { name: "replace" } } };\n`,
      "routes.js": [
        `const _ = require("lodash");`,
        `const merged = _.merge({}, require("./tables/a"), require("./tables/b"));`,
        `const first = _.defaults({}, { "/first": { get: {} } }, { "/first": { delete: {} } });`,
        `module.exports = (app, loaded) => {`,
        `  _.each(_.assign({}, merged, first), (verbs, path) => _.forOwn(verbs, (def, verb) => app[verb](path, (req, res) => res.end())));`,
        `  _.each(_.extend({}, loaded), (verbs, path) => _.each(verbs, (def, verb) => app[verb]("/runtime" + path, (req, res) => res.end())));`,
        `};`,
      ].join("\n"),
      "app.js": `const express = require("express");\nconst app = express();\nrequire("./routes")(app, JSON.parse(process.argv[2]));\napp.listen(3000);\n`,
    },
    routes: ["GET /first []", "GET /jobs []", "GET /teams []", "POST /jobs []", "PUT /teams []"],
    diagnostics: ["APX210 routes.js:6"],
  },
  {
    name: "node-config: the config folder's default and development files, merged; config.get, config.has and plain reads; NODE_ENV unset is said once",
    files: {
      "package.json": JSON.stringify({ name: "jobs", dependencies: { express: "4", config: "3" } }),
      "config/default.js": [
        `module.exports = {`,
        `  BASE_PATH: process.env.BASE_PATH || "/api/v5",`,
        `  API_VERSION: "v5",`,
        `  DATABASE_URL: process.env.DATABASE_URL || "postgres://localhost/jobs",`,
        `  SCOPES: { READ: "read:jobs", WRITE: "write:jobs" },`,
        `};`,
      ].join("\n"),
      "config/development.json": `{ "SCOPES": { "WRITE": "all:jobs" } }\n`,
      "config/production.yaml": `API_VERSION: v6\n`,
      "src/auth.js": `module.exports.requirePermission = (key) => (req, res, next) => next();\n`,
      "src/app.js": [
        `const express = require("express");`,
        `const config = require("config");`,
        `const { requirePermission } = require("./auth");`,
        `const app = express();`,
        `app.get(config.get("BASE_PATH") + "/jobs", requirePermission(config.SCOPES.READ), (req, res) => res.json([]));`,
        `app.post(\`/\${config.API_VERSION}/jobs\`, requirePermission(config.get("SCOPES.WRITE")), (req, res) => res.json({}));`,
        `if (config.has("FEATURES.LEGACY")) app.get("/legacy", (req, res) => res.end());`,
        `const plain = config.util.toObject(config);`,
        `if (plain.SCOPES.READ === "read:jobs") app.get(plain.BASE_PATH + "/plain", (req, res) => res.end());`,
        `app.listen(3000);`,
      ].join("\n"),
    },
    routes: ["GET /api/v5/jobs [read:jobs]", "GET /api/v5/plain []", "POST /v5/jobs [all:jobs]"],
    // NODE_ENV is read as unset (development), and BASE_PATH's code default is used where it is read; the
    // database URL, which no route reads, is not mentioned.
    diagnostics: ["APX219 src/app.js:2", "APX219 src/app.js:5"],
  },
  {
    name: "node-config with the config's env: the deployment's file, and custom-environment-variables from the variables it sets",
    files: {
      "package.json": JSON.stringify({ name: "jobs", dependencies: { express: "4", config: "3" } }),
      "config/default.json": `{ "BASE_PATH": "/api", "API_VERSION": "v5", "SCOPES": { "READ": "read:jobs" } }\n`,
      "config/production.yaml": `API_VERSION: v6\n`,
      "config/custom-environment-variables.yaml": `BASE_PATH: API_BASE\nSCOPES:\n  READ:\n    __name: READ_SCOPE\n`,
      "src/app.ts": [
        `import express from "express";`,
        `import config from "config";`,
        `const app = express();`,
        `app.get(\`\${config.get("BASE_PATH")}/\${config.get("API_VERSION")}/jobs\`, (req, res) => res.json([]));`,
        `app.listen(3000);`,
      ].join("\n"),
    },
    config: { env: { NODE_ENV: "production", API_BASE: "/edge" } },
    routes: ["GET /edge/v6/jobs []"],
  },
  {
    name: "a package's middleware made from the app itself is middleware, not the app mounted inside itself",
    files: {
      "package.json": JSON.stringify({ name: "svc", dependencies: { express: "4", "express-graceful-exit": "0.5", koa: "2" } }),
      "server.js": [
        `const express = require("express"); const gracefulExit = require("express-graceful-exit");`,
        `const app = express();`,
        `app.use(gracefulExit.middleware(app));`,
        `app.get("/things", (req, res) => res.json([]));`,
        `app.post("/things", (req, res) => res.json({}));`,
        `app.listen(3000);`,
      ].join("\n"),
    },
    routes: ["GET /things []", "POST /things []"],
  },
  {
    name: "express-ws hands the app back as .app, read or destructured",
    files: {
      "package.json": JSON.stringify({ name: "svc", dependencies: { express: "4", "express-ws": "5" } }),
      "orders.ts": `import express from "express";\nexport const orders = express.Router();\norders.get("/orders", (req, res) => res.json([]));\n`,
      "index.ts": [
        `import express from "express"; import expressWs from "express-ws"; import { orders } from "./orders";`,
        `const ws = expressWs(express());`,
        `const app = ws.app;`,
        `app.get("/ping", (req, res) => res.send("pong"));`,
        `app.use("/v1", orders);`,
        `app.listen(3000);`,
      ].join("\n"),
      "admin.ts": [
        `import express from "express"; import expressWs from "express-ws";`,
        `const { app } = expressWs(express());`,
        `app.get("/admin/health", (req, res) => res.send("ok"));`,
        `app.listen(3001);`,
      ].join("\n"),
    },
    routes: ["GET /admin/health []", "GET /ping []", "GET /v1/orders []"],
    diagnostics: ["APX412 admin.ts:2"],
  },
  {
    name: "a folder of route modules listed asynchronously (fs.promises.readdir, fs/promises, Promise.all / Promise.resolve)",
    files: {
      "package.json": JSON.stringify({ name: "svc", dependencies: { express: "4" } }),
      "routes/books.js": `const express = require("express");\nmodule.exports = (app) => { const router = express.Router(); router.get("/", (req, res) => res.json([])); return { path: "/books", router }; };\n`,
      "routes/info.js": `const express = require("express");\nmodule.exports = (app) => { const router = express.Router(); router.get("/", (req, res) => res.json({})); return { path: "/_info", router }; };\n`,
      "admin/users.js": `const express = require("express");\nconst router = express.Router();\nrouter.get("/users", (req, res) => res.json([]));\nmodule.exports = router;\n`,
      "app.js": [
        `const express = require("express"); const fs = require("fs"); const path = require("path"); const { readdir } = require("fs/promises");`,
        `const app = express();`,
        `function loadRoutes(dir) {`,
        `  return fs.promises.readdir(dir).then((files) => Promise.all(files.map((file) => { const mod = require(path.join(dir, file))(app); app.use("/v1" + mod.path, mod.router); })));`,
        `}`,
        `async function loadAdmin(dir) {`,
        `  const files = await readdir(dir);`,
        `  for (const file of files) app.use("/admin", require(path.join(dir, file)));`,
        `}`,
        `loadRoutes(path.join(__dirname, "routes")).then(() => loadAdmin(path.join(__dirname, "admin"))).then(() => Promise.resolve(app)).then((a) => a.listen(3000));`,
      ].join("\n"),
    },
    routes: ["GET /admin/users []", "GET /v1/_info []", "GET /v1/books []"],
  },
  {
    name: "a folder of route modules listed with a callback (fs.readdir(dir, (err, files) => ...)): the listing reaches the callback",
    files: {
      "package.json": JSON.stringify({ name: "svc", dependencies: { express: "4" } }),
      "routes/books.js": `const express = require("express");\nconst router = express.Router();\nrouter.get("/", (req, res) => res.json([]));\nmodule.exports = router;\n`,
      "routes/authors.js": `const express = require("express");\nconst router = express.Router();\nrouter.delete("/:id", (req, res) => res.status(204).end());\nmodule.exports = router;\n`,
      "app.js": [
        `const express = require("express"); const fs = require("fs"); const path = require("path");`,
        `const app = express();`,
        `const dir = path.join(__dirname, "routes");`,
        `fs.readdir(dir, (err, files) => {`,
        `  if (err) throw err;`,
        `  files.forEach((file) => app.use("/api/" + path.basename(file, ".js"), require(path.join(dir, file))));`,
        `});`,
        `app.listen(3000);`,
      ].join("\n"),
    },
    routes: ["DELETE /api/authors/{id} []", "GET /api/books []"],
  },
  {
    name: "an empty permission key names no permission: left out with a warning, and an any-of group offering it asks for nothing",
    files: {
      "app.js": [
        `const express = require("express");`,
        `function needsPermission(permission) { return (req, res, next) => (permission === "" || req.user.permissions.includes(permission) ? next() : res.sendStatus(403)); }`,
        `function needsAny(...keys) { return (req, res, next) => next(); }`,
        `const app = express();`,
        `app.post("/auth/revoke", needsPermission(""), (req, res) => res.end());`,
        `app.get("/flows", needsPermission("flows.read"), (req, res) => res.json([]));`,
        `app.get("/reports", needsAny("", "reports.read"), needsPermission("reports.list"), (req, res) => res.json([]));`,
        `app.listen(3000);`,
      ].join("\n"),
    },
    config: { permissionCalls: ["needsPermission"], anyPermissionCalls: ["needsAny"] },
    routes: ["GET /flows [flows.read]", "GET /reports [reports.list]", "POST /auth/revoke []"],
    diagnostics: ["APX303 app.js:5", "APX303 app.js:7"],
  },
  {
    name: "a call that registers routes runs when its result is assigned to a property of the app (`app.apis = startApis(app)`)",
    files: {
      "server.js": [
        `const express = require("express");`,
        `function startApis(app) { app.get("/api/course", (req, res) => res.json({})); return ["course"]; }`,
        `const app = express();`,
        `app.apis = startApis(app);`,
        `app.listen(3000);`,
      ].join("\n"),
    },
    routes: ["GET /api/course []"],
  },
  {
    name: "an ES5 constructor function run with new registers its routes, and call, apply and bind give a function its this",
    files: {
      "server.js": [
        `const express = require("express");`,
        `const app = express();`,
        `function Resource(app, name) {`,
        `  const self = this;`,
        `  self.mount = function () { app.get("/v3/" + name, (req, res) => res.json([])); app.delete("/v3/" + name + "/:id", (req, res) => res.end()); };`,
        `}`,
        `new Resource(app, "cats").mount();`,
        `function usersPlugin(prefix) { this.get(prefix + "/users", (req, res) => res.json([])); }`,
        `function adminPlugin(prefix) { this.get(prefix + "/admin", (req, res) => res.json([])); }`,
        `function auditPlugin() { this.get("/audit", (req, res) => res.json([])); }`,
        `usersPlugin.call(app, "/plugin");`,
        `adminPlugin.apply(app, ["/plugin"]);`,
        `const audit = auditPlugin.bind(app);`,
        `audit();`,
        `app.listen(3000);`,
      ].join("\n"),
    },
    routes: ["DELETE /v3/cats/{id} []", "GET /audit []", "GET /plugin/admin []", "GET /plugin/users []", "GET /v3/cats []"],
  },
  {
    name: "Koa 1: koa() without new is an app, and koa-router 5's router(app) adds the verbs to it",
    files: {
      "server.js": [
        `var koa = require("koa");`,
        `var router = require("koa-router");`,
        `var app = koa();`,
        `app.use(router(app));`,
        `app.get("/-/ping", function* () { this.body = "pong"; });`,
        `app.put("/:name", function* () { this.status = 201; });`,
        `app.listen(7001);`,
      ].join("\n"),
    },
    routes: ["GET /-/ping []", "PUT /{name} []"],
  },
  {
    name: "a not-found fallback that throws or passes on an error class named for 404 (Error404) is no operation",
    files: {
      "server.js": [
        `const express = require("express");`,
        `class Error404 extends Error { constructor(m) { super(m); this.status = 404; } }`,
        `const app = express();`,
        `app.get("/api/items", (req, res) => res.json([]));`,
        `app.use("/api", function notFound(req, res, next) { throw new Error404("Route " + req.path + " not found"); });`,
        `app.use("/v3", function notFound3(req, res, next) { next(new Error404("nope")); });`,
        `app.listen(3000);`,
      ].join("\n"),
    },
    routes: ["GET /api/items []"],
  },
  {
    name: "a router given as a route's handler (app.all('/entries*', router)) gates with its own middleware only what that route lets in",
    files: {
      "server.js": [
        `const express = require("express");`,
        `const can = (perm) => (req, res, next) => (req.perms.includes(perm) ? next() : res.sendStatus(403));`,
        `function entries() { const r = express.Router(); r.use(can("entries:read")); r.get("/entries", (req, res) => res.json([])); r.get("/entries/:id", (req, res) => res.json({})); return r; }`,
        `function food() { const r = express.Router(); r.use(can("food:read")); r.get("/food", (req, res) => res.json([])); return r; }`,
        `function status() { const r = express.Router(); r.use(can("status:read")); r.get("/status", (req, res) => res.json({})); return r; }`,
        `const app = express();`,
        `app.all("/entries*", entries());`,
        `app.all("/food*", food());`,
        `app.get("/status", status());`,
        `app.post("/status", (req, res) => res.status(201).end());`,
        `app.listen(3000);`,
      ].join("\n"),
    },
    routes: [
      "GET /entries [entries:read]",
      "GET /entries/{id} [entries:read]",
      "GET /food [food:read]",
      "GET /status [status:read]",
      "POST /status []",
    ],
  },
  {
    name: "a validation schema's permissions field is request data, not a permission check (zod, valibot)",
    files: {
      "package.json": JSON.stringify({
        name: "svc",
        dependencies: { hono: "4", zod: "3", valibot: "1", "@hono/zod-validator": "0", "@hono/valibot-validator": "0" },
      }),
      "app.ts": [
        `import { Hono } from "hono"; import { z } from "zod"; import * as v from "valibot";`,
        `import { zValidator } from "@hono/zod-validator"; import { vValidator } from "@hono/valibot-validator";`,
        `const app = new Hono();`,
        `app.post("/api/roles", zValidator("json", z.object({ name: z.string(), permissions: z.array(z.string()) })), (c) => c.json({}, 201));`,
        `app.post("/api/api-keys", vValidator("json", v.strictObject({ name: v.string(), scopes: v.array(v.picklist(["docs:read"])) })), (c) => c.json({}, 201));`,
        `export default app;`,
      ].join("\n"),
    },
    routes: ["POST /api/api-keys []", "POST /api/roles []"],
  },
  {
    name: "a var reassigned later in the same straight-line code is read in order: the routes registered before (var app = express(); app.get(...); app = http.createServer(app))",
    files: {
      "server.js": [
        `var express = require("express");`,
        `var http = require("http");`,
        `var app = express();`,
        `let prefix = "/api";`,
        `prefix = prefix + "/v2";`,
        `const api = express.Router();`,
        `api.get("/items", (req, res) => res.json([]));`,
        `app.use(prefix, api);`,
        `app.get("/ping", function (req, res) { res.send("pong"); });`,
        `app = http.createServer(app);`,
        `app.listen(3000);`,
      ].join("\n"),
    },
    routes: ["GET /api/v2/items []", "GET /ping []"],
  },
  {
    name: "NestJS: a policy method of an injected service called with an enum member (this.access.authorizeAction(user, Perm.CreateSplit)) checks that key",
    files: {
      "access.service.ts": [
        `import { ForbiddenException, Injectable } from "@nestjs/common";`,
        `export enum Perm { ReadSplit = "readSplit", CreateSplit = "createSplit" }`,
        `export function hasPermission(granted: string[], key: string) { return granted.includes(key); }`,
        `@Injectable()`,
        `export class AccessService {`,
        `  async authorizeAction(user: { permissions: string[] }, permission: Perm) {`,
        `    if (!hasPermission(user.permissions, permission)) throw new ForbiddenException();`,
        `  }`,
        `}`,
      ].join("\n"),
      "splits.controller.ts": [
        `import { Controller, Get, Param, Post, Req } from "@nestjs/common";`,
        `import { AccessService, Perm } from "./access.service";`,
        `@Controller("splits")`,
        `export class SplitsController {`,
        `  constructor(private readonly access: AccessService) {}`,
        `  @Post(":id") async create(@Param("id") id: string, @Req() req: any) { await this.access.authorizeAction(req.user, Perm.CreateSplit); return { id }; }`,
        `  @Get(":id") async read(@Param("id") id: string, @Req() req: any) { await this.access.authorizeAction(req.user, Perm.ReadSplit); return { id }; }`,
        `}`,
      ].join("\n"),
      "app.module.ts": `import { Module } from "@nestjs/common"; import { SplitsController } from "./splits.controller"; import { AccessService } from "./access.service";\n@Module({ controllers: [SplitsController], providers: [AccessService] }) export class AppModule {}\n`,
    },
    routes: ["GET /splits/{id} [readSplit]", "POST /splits/{id} [createSplit]"],
  },
  {
    name: "a verb registration that only parses bodies for the routes after it is no operation",
    files: {
      "package.json": JSON.stringify({ name: "svc", dependencies: { express: "4", "body-parser": "1" } }),
      "app.js": [
        `const express = require("express"); const bodyParser = require("body-parser");`,
        `const app = express();`,
        `const small = express.json({ limit: "100kb" }); const big = bodyParser.json({ limit: "50mb" });`,
        `app.put("/*", small);`,
        `app.post("/*", (req, res, next) => (req.path.startsWith("/imports") ? big(req, res, next) : small(req, res, next)));`,
        `app.patch("/*", bodyParser.urlencoded({ extended: true }));`,
        `app.post("/items", (req, res) => res.status(201).json(req.body));`,
        // A handler that answers some requests and passes the others on is an endpoint.
        `app.get("/maybe", (req, res, next) => (req.query.x ? res.json({}) : next()));`,
        `app.listen(3000);`,
      ].join("\n"),
    },
    routes: ["GET /maybe []", "POST /items []"],
  },
  {
    name: "a regular expression that is a few literal paths: a mount at each prefix, a route at each anchored path; any other stays unread",
    files: {
      "package.json": JSON.stringify({ name: "svc", dependencies: { express: "4" } }),
      "app.js": [
        `const express = require("express");`,
        `const api = express.Router();`,
        `api.get("/v1/buckets", (req, res) => res.json([]));`,
        `const app = express();`,
        `app.use(/(\\/api)?/, api);`,
        `app.get(/^\\/(books|authors)$/, (req, res) => res.json([]));`,
        `app.get(/\\/v\\d+\\/ping/, (req, res) => res.end());`,
        `app.listen(3000);`,
      ].join("\n"),
    },
    routes: ["GET /api/v1/buckets []", "GET /authors []", "GET /books []", "GET /v1/buckets []"],
    diagnostics: ["APX203 app.js:7"],
  },
  {
    name: "a router a middleware hands the request to answers there (marked when the middleware decides); typeof an Express router is 'function'",
    files: {
      "package.json": JSON.stringify({ name: "svc", dependencies: { express: "4" } }),
      "app.js": [
        `const express = require("express");`,
        `const tags = express.Router(); tags.get("/", (req, res) => res.json([]));`,
        `const notes = express.Router(); notes.get("/:id", (req, res) => res.json({}));`,
        `const files = express.Router(); files.get("/:id/files", (req, res) => res.json([]));`,
        `const audit = express.Router(); audit.get("/audit", (req, res) => res.json([]));`,
        `function mount(app, name, config) {`,
        `  if (typeof config === "object" && config.main) {`,
        `    const dispatcher = express.Router();`,
        `    dispatcher.use((req, res, next) => (req.path.includes("/files") ? config.extra(req, res, next) : next()));`,
        `    dispatcher.use(config.main);`,
        `    app.use("/" + name, dispatcher);`,
        `    return;`,
        `  }`,
        `  app.use("/" + name, config);`,
        `}`,
        `const app = express();`,
        `mount(app, "tags", tags);`,
        `mount(app, "notes", { main: notes, extra: files });`,
        `app.use((req, res, next) => audit(req, res, next));`,
        `app.listen(3000);`,
      ].join("\n"),
    },
    routes: ["GET /audit []", "GET /notes/{id} []", "GET /notes/{id}/files [] unresolved(registration)", "GET /tags []"],
  },
  {
    name: "@koa/router's route(name) looks a named route up: no registration to report",
    files: {
      "package.json": JSON.stringify({ name: "svc", dependencies: { koa: "2", "@koa/router": "12" } }),
      "docs.ts": `import type Router from "@koa/router";\nexport function docsLink(router: Router) { return router.route("probes")?.path ?? "/"; }\n`,
      "app.ts": [
        `import Koa from "koa"; import Router from "@koa/router"; import { docsLink } from "./docs";`,
        `const router = new Router({ prefix: "/v1" });`,
        `router.get("probes", "/probes", (ctx) => { ctx.body = { docs: docsLink(router) }; });`,
        `const app = new Koa(); app.use(router.routes()); app.listen(3000);`,
      ].join("\n"),
    },
    routes: ["GET /v1/probes []"],
  },
  {
    name: "a registry entry's 'when' property: absent from a complete entry is false (no key); an entry apidex cannot list in full keeps its key",
    files: {
      "endpoints/a.ts": `export const meta = { kind: "read:a" } as const;\n`,
      "endpoints/b.ts": `import { shared } from "../shared";\nexport const meta = { ...shared(), kind: "read:b" };\n`,
      "shared.ts": `export function shared(): any { return JSON.parse(process.env.SHARED ?? "{}"); }\n`,
      "endpoints.ts": `import * as ep___a from "./endpoints/a.js";\nimport * as ep___b from "./endpoints/b.js";\nexport default [["a", ep___a], ["b", ep___b]] as const;\n`,
      "server.ts": [
        `import express from "express"; import endpoints from "./endpoints.js";`,
        `const router = express.Router();`,
        `for (const [name, ep] of endpoints) router.post("/" + name, (req, res) => res.json({}));`,
        `const app = express(); app.use("/api", router);`,
      ].join("\n"),
    },
    config: { registry: { permission: "meta.kind", when: "meta.requireCredential" } },
    routes: ["POST /api/a []", "POST /api/b [read:b]"],
  },
  {
    name: "a recursive route-folder loader: fs.statSync(p).isDirectory(), Promise.try, and the modules Promise.all settles with",
    files: {
      "package.json": JSON.stringify({ name: "svc", dependencies: { express: "4" } }),
      "routes/books.js": `const express = require("express");\nconst router = express.Router();\nrouter.get("/", (req, res) => res.json([]));\nmodule.exports = { path: "/books", router };\n`,
      "routes/admin/users.js": `const express = require("express");\nconst router = express.Router();\nrouter.get("/", (req, res) => res.json([]));\nmodule.exports = { path: "/admin/users", router };\n`,
      "app.js": [
        `const express = require("express"); const fs = require("fs"); const path = require("path");`,
        `const app = express();`,
        `function load(dir) {`,
        `  for (const name of fs.readdirSync(dir)) {`,
        `    const full = path.join(dir, name);`,
        `    if (fs.statSync(full).isDirectory()) { load(full); continue; }`,
        `    Promise.try(() => require(full)).then((route) => app.use(route.path, route.router));`,
        `  }`,
        `}`,
        `load(path.join(__dirname, "routes"));`,
        `Promise.all([require("./routes/books.js")]).then(([books]) => app.use("/v2" + books.path, books.router));`,
        `app.listen(3000);`,
      ].join("\n"),
    },
    routes: ["GET /admin/users []", "GET /books []", "GET /v2/books []"],
  },
  {
    name: "a permission call given its key in an options object it is not configured to read: unresolved and a warning, never no key",
    files: {
      "auth.ts": `export const requirePermission = (...args: unknown[]) => (req: unknown, res: unknown, next: () => void) => next();\n`,
      "app.ts": [
        `import express from "express"; import { requirePermission } from "./auth";`,
        `const app = express();`,
        `app.get("/invoices", requirePermission({ resource: "invoice", action: "read" }), (req, res) => res.json([]));`,
        `app.get("/reports", requirePermission("reports.read", { audit: true }), (req, res) => res.json([]));`,
      ].join("\n"),
    },
    routes: ["GET /invoices [] unresolved(permissions)", "GET /reports [reports.read]"],
    diagnostics: ["APX301 app.ts:3"],
  },
  {
    name: "an app created in a method of an injectable service, its plugin a method of an injected service, routes from a registry",
    files: {
      "server/api/endpoints/notes/create.ts": `export const meta = { requireCredential: true, kind: "write:notes" } as const;\n`,
      "server/api/endpoints/notes/show.ts": `export const meta = { requireCredential: false, allowGet: true } as const;\n`,
      "server/api/endpoints.ts": [
        `import * as ep___notes_create from "./endpoints/notes/create.js";`,
        `import * as ep___notes_show from "./endpoints/notes/show.js";`,
        `const eps = [["notes/create", ep___notes_create], ["notes/show", ep___notes_show]];`,
        `const endpoints = (eps as [string, any][]).map(([name, ep]) => ({ name, get meta() { return ep.meta ?? {}; } }));`,
        `export default endpoints;`,
      ].join("\n"),
      "server/api/ApiServerService.ts": [
        `import { Injectable } from "@nestjs/common"; import type { FastifyInstance } from "fastify"; import endpoints from "./endpoints.js";`,
        `@Injectable()`,
        `export class ApiServerService {`,
        `  constructor() { this.createServer = this.createServer.bind(this); }`,
        `  public createServer(fastify: FastifyInstance, options: unknown, done: () => void) {`,
        `    for (const endpoint of endpoints) {`,
        `      if (endpoint.meta.allowGet) fastify.get("/" + endpoint.name, async () => ({}));`,
        `      fastify.post("/" + endpoint.name, async () => ({}));`,
        `    }`,
        `    done();`,
        `  }`,
        `}`,
      ].join("\n"),
      "server/ServerService.ts": [
        `import { Injectable } from "@nestjs/common"; import Fastify from "fastify"; import { ApiServerService } from "./api/ApiServerService.js";`,
        `@Injectable()`,
        `export class ServerService {`,
        `  constructor(private apiServerService: ApiServerService, private readonly config: { port: number }) {}`,
        `  public async launch(): Promise<void> {`,
        `    const fastify = Fastify({ trustProxy: true });`,
        `    fastify.register(this.apiServerService.createServer, { prefix: "/api" });`,
        `    await fastify.listen({ port: this.config.port });`,
        `  }`,
        `}`,
      ].join("\n"),
    },
    config: { registry: { permission: "meta.kind", when: "meta.requireCredential" } },
    routes: ["GET /api/notes/show []", "POST /api/notes/create [write:notes]", "POST /api/notes/show []"],
  },
  {
    name: "a registry served by all(): the handler refuses GET unless the entry's metadata allows it; the 404 catch-all is no operation",
    files: {
      "endpoints/notes/create.ts": `export const meta = { requireCredential: true, kind: "write:notes" } as const;\n`,
      "endpoints/notes/show.ts": `export const meta = { requireCredential: false, allowGet: true } as const;\n`,
      "endpoints/drive/upload.ts": `export const meta = { requireCredential: true, kind: "write:drive", requireFile: true } as const;\n`,
      "endpoints.ts": [
        `import * as ep___notes_create from "./endpoints/notes/create.js";`,
        `import * as ep___notes_show from "./endpoints/notes/show.js";`,
        `import * as ep___drive_upload from "./endpoints/drive/upload.js";`,
        `const eps = [["notes/create", ep___notes_create], ["notes/show", ep___notes_show], ["drive/upload", ep___drive_upload]];`,
        `export default (eps as [string, any][]).map(([name, ep]) => ({ name, get meta() { return ep.meta ?? {}; } }));`,
      ].join("\n"),
      "server.ts": [
        `import Fastify from "fastify"; import endpoints from "./endpoints.js";`,
        `const fastify = Fastify();`,
        `fastify.register((api, options, done) => {`,
        `  for (const endpoint of endpoints) {`,
        `    if (endpoint.meta.requireFile) {`,
        `      api.all("/" + endpoint.name, async (request, reply) => {`,
        `        if (request.method !== "POST") { reply.code(405); return; }`,
        `        reply.send({});`,
        `      });`,
        `    } else {`,
        `      api.all("/" + endpoint.name, async (request, reply) => {`,
        `        if (request.method === "GET" && !endpoint.meta.allowGet) { reply.code(405); reply.send(); return; }`,
        `        reply.send({});`,
        `      });`,
        `    }`,
        `  }`,
        `  api.all("*", async (request, reply) => { reply.code(404); reply.send({ error: "unknown endpoint" }); });`,
        `  done();`,
        `}, { prefix: "/api" });`,
        `fastify.listen({ port: 3000 });`,
      ].join("\n"),
    },
    config: { registry: { permission: "meta.kind", when: "meta.requireCredential" } },
    routes: [
      "DELETE /api/notes/create [write:notes]",
      "DELETE /api/notes/show []",
      "GET /api/notes/show []",
      "HEAD /api/notes/create [write:notes]",
      "HEAD /api/notes/show []",
      "OPTIONS /api/notes/create [write:notes]",
      "OPTIONS /api/notes/show []",
      "PATCH /api/notes/create [write:notes]",
      "PATCH /api/notes/show []",
      "POST /api/drive/upload [write:drive]",
      "POST /api/notes/create [write:notes]",
      "POST /api/notes/show []",
      "PUT /api/notes/create [write:notes]",
      "PUT /api/notes/show []",
    ],
  },
  {
    name: "a service function whose app parameter defaults to new Koa(), run from a loop over service names known at run time: its koa-mount prefix is read",
    files: {
      "routes/api/documents.ts": `import Router from "@koa/router";\nconst router = new Router();\nrouter.post("documents.list", async (ctx) => { ctx.body = []; });\nexport default router;\n`,
      "routes/api/index.ts": `import Koa from "koa"; import Router from "@koa/router"; import documents from "./documents";\nconst api = new Koa(); const router = new Router();\nrouter.use("/", documents.routes());\napi.use(router.routes());\nexport default api;\n`,
      "services/web.ts": `import Koa from "koa"; import mount from "koa-mount"; import api from "../routes/api";\nexport default function init(app: Koa = new Koa(), server?: unknown): Koa {\n  app.use(mount("/api", api));\n  return app;\n}\n`,
      "services/index.ts": `import web from "./web";\nexport default { web };\n`,
      "index.ts": `import Koa from "koa"; import services from "./services";\nconst app = new Koa();\nfor (const name of (process.env.SERVICES ?? "web").split(",")) services[name as "web"](app);\napp.listen(3000);\n`,
    },
    routes: ["POST /api/documents.list []"],
    // The loop runs over the variable's default ("web"), as where SERVICES is unset.
    diagnostics: ["APX219 index.ts:3"],
  },
  {
    name: "a route table walked by a class whose path is parts mapped, filtered and joined; a null check of the app it just made is no early exit",
    files: {
      "helpers.ts": `export const isNotEmpty = (value: unknown): boolean => value !== null && value !== undefined && !(typeof value === "string" && value.trim().length === 0);`,
      "app.ts": [
        `import Koa from "koa"; import KoaRouter from "@koa/router"; import { isNotEmpty } from "./helpers";`,
        `enum HttpMethod { GET = "GET", POST = "POST" }`,
        `class HttpRoutes {`,
        `  static version = 1;`,
        `  static api = { root: "api", groups: [{ prefix: "chat", routes: [{ method: HttpMethod.GET, path: "query" }, { method: HttpMethod.POST, path: "/new/" }] }] };`,
        `  static createRoutes(router: KoaRouter) {`,
        `    for (const group of HttpRoutes.api.groups) for (const route of group.routes)`,
        `      HttpRoutes.register(router, route.method, [HttpRoutes.api.root, \`v\${HttpRoutes.version}\`, group.prefix, route.path, undefined]);`,
        `  }`,
        `  private static register(router: KoaRouter, method: HttpMethod, pathParts: (string | undefined)[]) {`,
        `    const parts = pathParts.map((i) => (i ?? "").replace(/(^\\/)|(\\/$)/g, "")).filter((i) => isNotEmpty(i));`,
        `    const path = \`/\${parts.join("/")}\`;`,
        `    if (method === HttpMethod.GET) router.get(path, async (ctx) => { ctx.body = 1; });`,
        `    if (method === HttpMethod.POST) router.post(path, async (ctx) => { ctx.body = 1; });`,
        `  }`,
        `}`,
        `class Server {`,
        `  app?: Koa;`,
        `  start() { this.app = new Koa(); this.configure(); }`,
        `  configure() { if (!this.app) return; const router = new KoaRouter(); HttpRoutes.createRoutes(router); this.app.use(router.routes()); }`,
        `}`,
        `new Server().start();`,
      ].join("\n"),
    },
    routes: ["GET /api/v1/chat/query []", "POST /api/v1/chat/new []"],
  },
  {
    name: "a scoped fork of trpc-openapi (its API kept) serves the procedures' meta.openapi paths as the original does; z.void() in and out is no value, not an unconvertible one",
    files: {
      "trpc.ts": `import { initTRPC } from "@trpc/server"; import type { OpenApiMeta } from "@acme/trpc-openapi";\nconst t = initTRPC.meta<OpenApiMeta>().create();\nexport const router = t.router; export const publicProcedure = t.procedure;\n`,
      "root.ts": `import { z } from "zod"; import { publicProcedure, router } from "./trpc";\nexport const appRouter = router({\n  list: publicProcedure.meta({ openapi: { method: "GET", path: "/items" } }).input(z.void()).query(() => []),\n  touch: publicProcedure.meta({ openapi: { method: "POST", path: "/items/touch" } }).input(z.void()).output(z.void()).mutation(() => undefined),\n});\n`,
      "pages/api/[...trpc].ts": `import { createOpenApiNextHandler } from "@acme/trpc-openapi"; import { appRouter } from "../../root";\nexport default createOpenApiNextHandler({ router: appRouter, createContext: () => ({}) });\n`,
    },
    routes: ["GET /api/items []", "POST /api/items/touch []"],
  },
  {
    name: "Hono mount(): a Hono app's fetch is mounted as route() mounts it; another library's fetch handler is said to be unread",
    files: {
      "app.ts": [
        `import { Hono } from "hono"; import { AutoRouter } from "itty-router";`,
        `const other = new Hono(); other.get("/items", (c) => c.json([]));`,
        `const app = new Hono(); const itty = AutoRouter();`,
        `app.mount("/sub", other.fetch);`,
        `app.mount("/rest", (request: Request) => itty.fetch(request));`,
        `export default app;`,
      ].join("\n"),
    },
    routes: ["GET /sub/items []"],
    diagnostics: ["APX218 app.ts:5"],
  },
  {
    name: "routes an OpenAPI document makes at start-up (fastify-openapi-glue, openapi-backend) are said to be unread, with where they are described",
    files: {
      "server.ts": [
        `import Fastify from "fastify"; import openapiGlue from "fastify-openapi-glue";`,
        `const app = Fastify();`,
        `app.get("/health", async () => "ok");`,
        `app.register(openapiGlue, { specification: "./openapi.json", serviceHandlers: {}, prefix: "/v1" });`,
        `app.listen({ port: 3000 });`,
      ].join("\n"),
    },
    routes: ["GET /health []"],
    diagnostics: ["APX002 server.ts:1"],
  },
  {
    name: "swagger-node's runner and express-openapi-validator's operation handlers route from the document too; the validator alone routes nothing",
    files: {
      "a127.js": `const SwaggerExpress = require("swagger-express-mw");\nconst express = require("express");\nconst app = express();\nSwaggerExpress.create({ appRoot: __dirname }, (err, runner) => runner.expressMiddleware().register(app));\napp.listen(10010);\n`,
      "handlers.js": [
        `const express = require("express"); const OpenApiValidator = require("express-openapi-validator");`,
        `const app = express();`,
        `app.use(OpenApiValidator.middleware({ apiSpec: "./api.yaml", operationHandlers: __dirname + "/ops" }));`,
        `app.listen(3000);`,
      ].join("\n"),
      "validated.js": [
        `const express = require("express"); const OpenApiValidator = require("express-openapi-validator");`,
        `const app = express();`,
        `app.use(OpenApiValidator.middleware({ apiSpec: "./api.yaml", validateRequests: true }));`,
        `app.get("/health", (req, res) => res.send("ok"));`,
        `app.listen(3001);`,
      ].join("\n"),
    },
    routes: ["GET /health []"],
    diagnostics: ["APX002 a127.js:1", "APX002 handlers.js:1"],
  },
  {
    name: "controllers of a decorator library apidex does not read (koa-joi-controllers) are said to be unread, once per library, beside the routes it does read (Express's, OvernightJS's)",
    files: {
      "users.controller.ts": [
        `import { Controller, Get } from "@overnightjs/core";`,
        `@Controller("users") export class UsersController { @Get(":id") get() { return {}; } }`,
      ].join("\n"),
      "bank.ts": [
        `import { Controller, Get, KoaController } from "koa-joi-controllers";`,
        `@Controller("/bank") export class BankController extends KoaController { @Get("/:account") async get() {} }`,
      ].join("\n"),
      "app.ts": `import express from "express";\nconst app = express();\napp.get("/health", (q, s) => s.end());\napp.listen(3000);`,
    },
    routes: ["GET /health []", "GET /users/{id} []"],
    diagnostics: ["APX002 bank.ts:1"],
  },
  {
    name: "Ts.ED: controllers served under the server's mount (classes, a controller's children under its path, a glob mounting the rest), their @Get/@Post routes and @UseBefore checks",
    files: {
      "auth.ts": `export function requirePermission(key: string) { return (req: any, res: any, next: () => void) => next(); }\n`,
      "controllers/calendars.ts": [
        `import { Controller } from "@tsed/di"; import { Get, Post } from "@tsed/schema"; import { UseBefore } from "@tsed/platform-middlewares";`,
        `import { requirePermission } from "../auth"; import { EventsCtrl } from "./events";`,
        `@Controller({ path: "/calendars", children: [EventsCtrl] })`,
        `export class CalendarsCtrl {`,
        `  @Get("/") list() { return []; }`,
        `  @Post("/") @UseBefore(requirePermission("calendars.write")) create() { return {}; }`,
        `}`,
      ].join("\n"),
      "controllers/events.ts": [
        `import { Controller } from "@tsed/di"; import { Delete, Get } from "@tsed/schema";`,
        `@Controller("/:calendarId/events")`,
        `export class EventsCtrl { @Get("/") list() { return []; } @Delete("/:id") remove() {} }`,
      ].join("\n"),
      "controllers/health.ts": [
        `import { Controller } from "@tsed/di"; import { Get } from "@tsed/schema";`,
        `@Controller("/health") export class HealthCtrl { @Get("/") get() { return "ok"; } }`,
      ].join("\n"),
      "controllers/index.ts": `export * from "./calendars";\nexport * from "./health";\n`,
      "Server.ts": [
        `import { Configuration } from "@tsed/di"; import "@tsed/platform-express"; import * as rest from "./controllers/index";`,
        `const rootDir = __dirname;`,
        `@Configuration({ mount: { "/rest": [...Object.values(rest)], "/": [\`\${rootDir}/controllers/health.js\`] } })`,
        `export class Server {}`,
      ].join("\n"),
    },
    // The barrel's classes under /rest (the children under their parent), and the glob's file under / as well.
    routes: [
      "DELETE /rest/calendars/{calendarId}/events/{id} []",
      "GET /health []",
      "GET /rest/calendars []",
      "GET /rest/calendars/{calendarId}/events []",
      "GET /rest/health []",
      "POST /rest/calendars [calendars.write]",
    ],
  },
  {
    name: "Ts.ED before 6: @ServerSettings' mount is read; without any mount the controllers are indexed without a prefix, and that is said",
    files: {
      "old/Server.ts": [
        `import { ServerLoader, ServerSettings } from "@tsed/common"; import { GraphCtrl } from "./graph";`,
        `@ServerSettings({ mount: { "/api": [GraphCtrl] } }) export class Server extends ServerLoader {}`,
      ].join("\n"),
      "old/graph.ts": `import { Controller, Get } from "@tsed/common";\n@Controller("/graph") export class GraphCtrl { @Get("/shipments") list() { return []; } }\n`,
    },
    routes: ["GET /api/graph/shipments []"],
  },
  {
    name: "Ts.ED without a mount the sources write: controllers indexed without a prefix, said once (APX201)",
    files: {
      "graph.ts": `import { Controller, Get } from "@tsed/common";\n@Controller("/graph") export class GraphCtrl { @Get("/shipments") list() { return []; } }\n`,
    },
    routes: ["GET /graph/shipments []"],
    diagnostics: ["APX201 graph.ts:2"],
  },
  {
    name: "a Hono app's base path from the deployment's environment: its routes indexed relative to it, said once",
    files: {
      "app.ts": [
        `import { Hono } from "hono";`,
        `const env = (name: string): string | undefined => process.env[name];`,
        `const basePath = (env("PUBLIC_BASE_PATH") ?? "").replace(/\\/$/, "");`,
        `const app = new Hono().basePath(basePath || "/");`,
        `app.get("/api/health", (c) => c.text("ok"));`,
        `app.route("/api/v1", new Hono().get("/items", (c) => c.json([])));`,
        `export default app;`,
      ].join("\n"),
    },
    routes: ["GET /api/health []", "GET /api/v1/items []"],
    diagnostics: ["APX201 app.ts:4"],
  },
  {
    name: "a koa-mount under a condition only known at run time: its routes indexed at the mount's prefix, marked",
    files: {
      "api.ts": `import Koa from "koa"; import Router from "@koa/router";\nconst api = new Koa(); const router = new Router();\nrouter.get("/things", async (ctx) => { ctx.body = []; });\napi.use(router.routes());\nexport default api;\n`,
      "app.ts": `import Koa from "koa"; import mount from "koa-mount"; import api from "./api";\nconst app = new Koa();\nif (process.env.API) {\n  app.use(mount("/api", api));\n}\napp.listen(3000);\n`,
    },
    routes: ["GET /api/things [] unresolved(registration)"],
    diagnostics: ["APX217 app.ts:3"],
  },
  {
    name: "all() handlers of Koa and Hono test the method on their context (ctx.method, ctx.request.method, c.req.method)",
    files: {
      "koa.ts": [
        `import Koa from "koa"; import Router from "@koa/router";`,
        `const app = new Koa(); const router = new Router();`,
        `router.all("/hooks/github", async (ctx) => { if (ctx.method !== "POST") { ctx.status = 405; return; } ctx.body = {}; });`,
        `router.all("/files", async (ctx) => { const { method } = ctx.request; if (method !== "GET" && method !== "PUT") ctx.throw(405); ctx.body = {}; });`,
        `app.use(router.routes());`,
      ].join("\n"),
      "hono.ts": [
        `import { Hono } from "hono";`,
        `const app = new Hono();`,
        `app.all("/graphql", (c) => { if (!["GET", "POST"].includes(c.req.method)) return c.text("", 405); return c.json({}); });`,
        `export default app;`,
      ].join("\n"),
    },
    routes: ["GET /files []", "GET /graphql []", "POST /graphql []", "POST /hooks/github []", "PUT /files []"],
    diagnostics: ["APX412 hono.ts:2"],
  },
  {
    name: 'Elysia: a macro option named for the keys it takes states them (`{ hasPermission: "x" }` on a route or a guard)',
    files: {
      "app.ts": [
        `import { Elysia } from "elysia";`,
        `const PERMS = { read: "reports.read" } as const;`,
        `export const app = new Elysia()`,
        `  .macro({ hasPermission: (key: string) => ({ beforeHandle() { return key ? undefined : "no"; } }) })`,
        `  .get("/reports", () => [], { hasPermission: PERMS.read })`,
        `  .guard({ hasPermission: "reports.admin" }, (admin) => admin.delete("/reports/:id", () => null));`,
      ].join("\n"),
    },
    routes: ["DELETE /reports/{id} [reports.admin]", "GET /reports [reports.read]"],
  },
  {
    name: "Elysia: an instance prefix known only at run time is reported at the prefix, and its routes are indexed relative to it, marked (as under a mount prefix apidex cannot read)",
    files: {
      "app.ts": [
        `import { Elysia } from "elysia";`,
        `export const api = new Elysia({`,
        `  prefix: process.env.API_PREFIX,`,
        `}).get("/items", () => []);`,
        `export const app = new Elysia().use(api).get("/health", () => "ok");`,
      ].join("\n"),
    },
    routes: ["GET /health []", "GET /items [] unresolved(path)"],
    diagnostics: ["APX201 app.ts:3"],
  },
  {
    name: "hapi: a plugin of the project's that cannot be read is reported, a package's plugin is not",
    files: {
      "server.ts": [
        `import Hapi from "@hapi/hapi"; import Inert from "@hapi/inert";`,
        `const server = Hapi.server();`,
        `declare const dynamicPlugin: any;`,
        `await server.register(Inert);`,
        `await server.register(dynamicPlugin);`,
        `server.route({ method: "GET", path: "/a", options: { auth: { scope: ["a:read"] } }, handler: () => "a" });`,
      ].join("\n"),
    },
    routes: ["GET /a [a:read]"],
    diagnostics: ["APX210 server.ts:5"],
  },
  {
    name: "hapi 16 and before: routes added in the callback server.register() calls once the plugins are registered; a server.route() of route configs nothing runs is said",
    files: {
      "package.json": JSON.stringify({ name: "svc", main: "index.js", dependencies: { hapi: "16.6.2", "hapi-auth-jwt2": "7.3.0" } }),
      "index.js": [
        `var Hapi = require("hapi");`,
        `var hapiAuthJWT = require("hapi-auth-jwt2");`,
        `var server = new Hapi.Server();`,
        `server.connection({ port: 8000 });`,
        `server.register(hapiAuthJWT, function (err) {`,
        `  server.auth.strategy("jwt", "jwt", true, { key: "secret" });`,
        `  server.route([`,
        `    { method: "GET", path: "/", config: { auth: false }, handler: function (request, reply) { reply("ok"); } },`,
        `    { method: ["GET", "POST"], path: "/restricted", config: { auth: { scope: ["restricted:use"] } }, handler: function (request, reply) { reply("yes"); } },`,
        `  ]);`,
        `});`,
        `function later() { server.route({ method: "GET", path: "/later", handler: function (request, reply) { reply("x"); } }); }`,
        `server.start(function () {});`,
      ].join("\n"),
    },
    routes: ["GET / []", "GET /restricted [restricted:use]", "POST /restricted [restricted:use]"],
    diagnostics: ["APX210 index.js:12"],
  },
  {
    name: "Hono on() with a method and path known only at run time is reported, not dropped; an event emitter's on() is no registration",
    files: {
      "app.ts": [
        `import { Hono } from "hono"; import { EventEmitter } from "node:events";`,
        `const app = new Hono(); const bus = new EventEmitter();`,
        `const routes: { method: string; path: string }[] = JSON.parse(process.env.ROUTES ?? "[]");`,
        `for (const route of routes) app.on(route.method, [route.path], (c) => c.text("x"));`,
        `bus.on("error", (e: unknown) => console.error(e), { once: true });`,
        `app.on(["GET", "POST"], "/both", (c) => c.text("x"));`,
        `export default app;`,
      ].join("\n"),
    },
    routes: ["GET /both []", "POST /both []"],
    diagnostics: ["APX210 app.ts:4"],
  },
  {
    name: "routes set up through a dynamic import in a method that runs (`const { setup } = await import('./routes')`)",
    files: {
      "src/routes/index.ts": `import type { Express } from "express";\nexport function setup(crowi: unknown, app: Express) {\n  app.get("/_api/pages", (q, s) => s.end());\n}`,
      "src/crowi.ts": [
        `import express from "express";`,
        `export class Crowi {`,
        `  express = express();`,
        `  async setupRoutes() { const { setup } = await import("./routes"); setup(this, this.express); }`,
        `  async start() { await this.setupRoutes(); this.express.listen(3000); }`,
        `}`,
        `new Crowi().start();`,
      ].join("\n"),
    },
    routes: ["GET /_api/pages []"],
  },
  {
    name: "use() with one argument mounts it at the root: a middleware named like a path is no unreadable prefix",
    files: {
      "app.ts": [
        `import express from "express"; const app = express();`,
        `declare const wares: { urlencodedParser: any; bodyParser: any };`,
        `app.use(wares.urlencodedParser);`,
        `app.use(wares.bodyParser.urlencoded, (q: unknown, s: unknown, n: () => void) => n());`,
        `app.get("/ok", (q, s) => s.end());`,
      ].join("\n"),
    },
    routes: ["GET /ok []"],
    diagnostics: ["APX201 app.ts:4"],
  },
  {
    name: "a route table walked with lodash's each (from a folder's modules merged with Object.assign), registered under a prefix from node-config: every route indexed relative to it, said once",
    files: {
      "routes/index.js": [
        `const fs = require("fs"); const path = require("path");`,
        `const modules = {};`,
        `fs.readdirSync(__dirname).filter((file) => file !== path.basename(module.filename) && file.slice(-3) === ".js").forEach((file) => {`,
        `  modules[file.slice(0, -3)] = require(path.join(__dirname, file));`,
        `});`,
        `module.exports = Object.assign({}, ...Object.values(modules));`,
      ].join("\n"),
      "routes/jobs.js": `module.exports = { "/jobs": { get: { method: "list" }, post: { method: "create", auth: true } }, "/jobs/:id": { get: { method: "get" } } };\n`,
      "routes/health.js": `module.exports = { "/health": { get: { method: "check" } } };\n`,
      "app.js": [
        `const _ = require("lodash"); const config = require("config"); const express = require("express"); const routes = require("./routes");`,
        `const app = express();`,
        `_.each(routes, (verbs, route) => {`,
        `  _.forEach(verbs, (def, verb) => {`,
        `    const fullPath = config.get("BASE_PATH") + route;`,
        `    app[verb](fullPath, (req, res) => res.end());`,
        `  });`,
        `});`,
        `app.listen(3000);`,
      ].join("\n"),
    },
    routes: [
      "GET /health [] unresolved(path)",
      "GET /jobs [] unresolved(path)",
      "GET /jobs/{id} [] unresolved(path)",
      "POST /jobs [] unresolved(path)",
    ],
    diagnostics: ["APX201 app.js:5"],
  },
  {
    name: "Zodios: zodiosApp() is an Express app and zodiosRouter(api) a router, also made by zodiosContext()",
    files: {
      "api.ts": `import { makeApi } from "@zodios/core";\nexport const api = makeApi([{ method: "get", path: "/items/:id", alias: "getItem", response: {} as never }]);\n`,
      "items.ts": [
        `import { zodiosContext } from "@zodios/express"; import { api } from "./api";`,
        `export const ctx = zodiosContext();`,
        `export function itemsRouter() { const router = ctx.router(api); router.get("/items/:id", (req, res) => res.json({})); router.delete("/items/:id", (req, res) => res.end()); return router; }`,
      ].join("\n"),
      "app.ts": [
        `import { zodiosApp, zodiosRouter } from "@zodios/express"; import { api } from "./api"; import { ctx, itemsRouter } from "./items";`,
        `const app = ctx.app();`,
        `app.use(itemsRouter());`,
        `const health = zodiosRouter(api); health.get("/status", (req, res) => res.end());`,
        `const admin = zodiosApp(); admin.use("/internal", health); admin.listen(3001);`,
        `app.listen(3000);`,
      ].join("\n"),
    },
    routes: ["DELETE /items/{id} []", "GET /internal/status []", "GET /items/{id} []"],
    diagnostics: ["APX412 app.ts:2"],
  },
  {
    name: "a router a factory makes from options, mounted at the root (use(createRouter({ store }))), is mounted once: no 'never mounted' warning",
    files: {
      "app.ts": [
        `import express from "express";`,
        `function createStatsRouter({ store }: { store: Record<string, number> }) { const r = express.Router(); r.get("/stats/:key", (req, res) => res.json(store[req.params.key])); return r; }`,
        `const app = express();`,
        `app.use(createStatsRouter({ store: {} }));`,
      ].join("\n"),
    },
    routes: ["GET /stats/{key} []"],
  },
  {
    name: "reduce() over a static array runs its callback per item with the accumulator (controllers built by name, routers composed)",
    files: {
      "app.ts": [
        `import express, { Router } from "express";`,
        `class Blocks { router = Router(); constructor() { this.router.get("/blocks/head", (q, s) => s.end()); } }`,
        `class Accounts { router = Router(); constructor() { this.router.get("/accounts/:id", (q, s) => s.end()); } }`,
        `const byName = { Blocks, Accounts };`,
        `const names: (keyof typeof byName)[] = ["Blocks", "Accounts"];`,
        `const controllers = names.reduce((acc, name) => { acc.push(new byName[name]()); return acc; }, [] as { router: Router }[]);`,
        `const app = express();`,
        `for (const c of controllers) app.use(c.router);`,
        `const api = ["v1", "v2"].reduceRight((r, v) => r.use("/" + v, Router().get("/ping", (q, s) => s.end())), Router());`,
        `app.use("/api", api);`,
      ].join("\n"),
    },
    routes: ["GET /accounts/{id} []", "GET /api/v1/ping []", "GET /api/v2/ping []", "GET /blocks/head []"],
  },
  {
    name: "what an early-exit branch assigns stays in that branch: the code after it sees the names as they were",
    files: {
      "app.ts": [
        `import express from "express";`,
        `const app = express();`,
        `function setup() {`,
        `  let prefix = "/api";`,
        `  if (process.env.LEGACY) { prefix = "/legacy"; app.get(prefix + "/old", (q, s) => s.end()); return; }`,
        `  app.get(prefix + "/new", (q, s) => s.end());`,
        `}`,
        `setup();`,
      ].join("\n"),
    },
    routes: ["GET /api/new [] unresolved(registration)", "GET /legacy/old [] unresolved(registration)"],
    diagnostics: ["APX216 app.ts:5", "APX217 app.ts:5"],
  },
  {
    name: "a promise's continuation runs as the service runs: routes registered in .then() of an async function of the sources or of a package's promise are indexed; a .catch() handler runs only on failure",
    files: {
      "app.ts": [
        `import express from "express"; import mongoose from "mongoose";`,
        `const app = express();`,
        `async function connectDb() { return { ok: true }; }`,
        `connectDb().then((db) => { if (db.ok) app.get("/ready", (q, s) => s.end()); });`,
        `mongoose.connect("mongodb://db").then(() => { app.use("/api", express.Router().get("/users", (q, s) => s.end())); }).catch(() => { app.get("/down", (q, s) => s.end()); });`,
        `app.listen(3000);`,
      ].join("\n"),
    },
    routes: ["GET /api/users []", "GET /ready []"],
    diagnostics: ["APX210 app.ts:5"],
  },
  {
    name: "a guard that returns early under a run-time condition: what it does before it leaves and what follows are indexed, marked, also through mounts; the value of a function that may return early stays unknown",
    files: {
      "app.ts": [
        `import express, { type Router } from "express";`,
        `const app = express(); const api = express.Router(); declare const config: { installed: boolean };`,
        `function setupApi(router: Router) {`,
        `  router.get("/healthcheck", (q, s) => s.end());`,
        `  if (!config.installed) { router.get("/installer", (q, s) => s.end()); return; }`,
        `  router.use("/pages", pagesRouter());`,
        `  router.get("/me", (q, s) => s.end());`,
        `}`,
        `function pagesRouter() { const r = express.Router(); r.get("/", (q, s) => s.end()); return r; }`,
        `function prefix() { if (process.env.LEGACY) return "/v1"; return "/v2"; }`,
        `setupApi(api);`,
        `app.use("/_api", api);`,
        `app.use(prefix(), express.Router().get("/x", (q, s) => s.end()));`,
      ].join("\n"),
    },
    // (A prefix from a function that may return early is unknown: what it mounts is indexed relative to it, marked.)
    routes: [
      "GET /_api/healthcheck []",
      "GET /_api/installer [] unresolved(registration)",
      "GET /_api/me [] unresolved(registration)",
      "GET /_api/pages [] unresolved(registration)",
      "GET /x [] unresolved(path)",
    ],
    diagnostics: ["APX216 app.ts:5", "APX217 app.ts:5", "APX201 app.ts:13"],
  },
  {
    name: "a route reached twice from one registration is marked only when both ways depend on an undecidable early exit; the marks merge with unresolved keys",
    files: {
      "app.ts": [
        `import express from "express"; import { requirePermission } from "./auth";`,
        `const app = express(); const items = express.Router(); const notes = express.Router(); declare const ready: boolean; declare const KEY: string;`,
        `items.get("/", (q, s) => s.end());`,
        `notes.get("/", requirePermission(KEY), (q, s) => s.end());`,
        `app.use("/items", items);`,
        `function late() {`,
        `  if (!ready) return;`,
        `  app.use("/items", items);`,
        `  app.use("/notes", notes);`,
        `  app.use("/notes", notes);`,
        `}`,
        `late();`,
      ].join("\n"),
      "auth.ts": `export function requirePermission(...keys: string[]) { return (q: unknown, s: unknown, n: () => void) => n(); }`,
    },
    routes: ["GET /items []", "GET /notes [] unresolved(permissions,registration)"],
    diagnostics: ["APX301 app.ts:4", "APX216 app.ts:7"],
  },
  {
    name: "Express: a router given as a route's handler (`app.all('/entries*', entries)`) answers at its own paths: it sees the whole path",
    files: {
      "app.js": [
        `const express = require("express");`,
        `const app = express(); const api = express.Router();`,
        `const entries = express.Router();`,
        `entries.get("/entries/:spec", (req, res) => res.end());`,
        `entries.get("/echo/:echo", (req, res) => res.end());`,
        `api.all("/entries*", entries);`,
        `api.all("/echo/*", entries);`,
        `app.use("/api/v1", api);`,
        `module.exports = app;`,
      ].join("\n"),
    },
    routes: ["GET /api/v1/echo/{echo} []", "GET /api/v1/entries/{spec} []"],
  },
  {
    name: "CommonJS module pattern: a function assigned to a property of a local object, then called through it",
    files: {
      "api3/index.js": [
        `const express = require("express");`,
        `function configure(env, ctx) {`,
        `  const self = {}, app = express();`,
        `  self.setupApiRoutes = function setupApiRoutes() {`,
        `    app.get("/version", (req, res) => res.end());`,
        `    app.get("/status", (req, res) => res.end());`,
        `  };`,
        `  self.setupApiRoutes();`,
        `  return app;`,
        `}`,
        `module.exports = configure;`,
      ].join("\n"),
      "app.js": `const express = require("express"); const app = express();\napp.use("/api/v3", require("./api3")(process.env, {}));\nmodule.exports = app;`,
    },
    routes: ["GET /api/v3/status []", "GET /api/v3/version []"],
  },
  {
    name: "an app factory mounted under a condition apidex cannot read is not run alone at the root: its routes are indexed at the mount's prefix, marked",
    files: {
      "me.ts": `import Koa from "koa"; import Router from "koa-router";\nexport default function initMe(): Koa {\n  const r = new Router();\n  r.get("/profile", (ctx) => { ctx.body = 1; });\n  const app = new Koa(); app.use(r.routes()); return app;\n}`,
      "api.ts": `import Koa from "koa"; import Router from "koa-router";\nexport default function initApi(): Koa {\n  const r = new Router();\n  r.get("/items", (ctx) => { ctx.body = 1; });\n  const app = new Koa(); app.use(r.routes()); return app;\n}`,
      "tenant.ts": [
        `import Koa from "koa"; import mount from "koa-mount"; import initMe from "./me"; import initApi from "./api";`,
        `export class Tenant {`,
        `  app = new Koa();`,
        `  constructor(admin: boolean) {`,
        `    this.app.use(mount("/api", initApi()));`,
        `    if (admin) this.app.use(mount("/me", initMe()));`,
        `  }`,
        `}`,
        `new Tenant(process.env.ADMIN === "1").app.listen(3000);`,
      ].join("\n"),
    },
    routes: ["GET /api/items []", "GET /me/profile [] unresolved(registration)"],
    diagnostics: ["APX217 tenant.ts:6"],
  },
  {
    name: "an app held by a lazy singleton (static instance set by getInstance()), and routes registered in a Promise executor",
    files: {
      "holder.js": [
        `const express = require("express");`,
        `class Holder {`,
        `  static instance = null;`,
        `  static getInstance() {`,
        `    if (Holder.instance == null) Holder.instance = new Holder();`,
        `    return Holder.instance;`,
        `  }`,
        `  constructor() { this.app = express(); }`,
        `}`,
        `module.exports = { Holder };`,
      ].join("\n"),
      "server.js": [
        `const express = require("express"); const { Holder } = require("./holder");`,
        `const server = Holder.getInstance();`,
        `const app = server.app;`,
        `app.get("/via-getinstance", (q, r) => r.end());`,
        `Holder.getInstance().app.get("/again", (q, r) => r.end());`,
        `function startSetup(port) {`,
        `  return new Promise((resolve) => {`,
        `    const setup = express();`,
        `    setup.get("/setup-database-info", (q, r) => r.end());`,
        `    setup.listen(port, resolve);`,
        `  });`,
        `}`,
        `startSetup(3001);`,
        `app.listen(3000);`,
      ].join("\n"),
    },
    routes: ["GET /again []", "GET /setup-database-info []", "GET /via-getinstance []"],
    // The setup server is an app of its own: indexed with the main one, and said so.
    diagnostics: ["APX412 holder.js:8"],
  },
  {
    name: "NestJS ConditionalModule.registerWhen without the environment: the module's controllers indexed, marked as registered under the condition",
    files: CONDITIONAL_NEST_MODULE,
    routes: ["GET /opt/ping [] unresolved(registration)", "GET /plain/ping []"],
    diagnostics: ["APX217 app.module.ts:2"],
  },
  {
    name: "NestJS ConditionalModule.registerWhen with the config's env: decided (set and not 'false')",
    files: CONDITIONAL_NEST_MODULE,
    config: { env: { FEATURE_X: "1" } },
    routes: ["GET /opt/ping []", "GET /plain/ping []"],
  },
  {
    name: "NestJS ConditionalModule.registerWhen with the config's env that does not set it: not imported, nothing to report",
    files: CONDITIONAL_NEST_MODULE,
    config: { env: {} },
    routes: ["GET /plain/ping []"],
  },
  {
    name: "a policy helper a handler calls (canUpdateWebsite) is followed two calls deep for its checks; one whose keys cannot be read adds nothing and says nothing",
    files: {
      "lib/permissions.ts": [
        `export const PERMISSIONS = { websiteUpdate: "website:update", teamCreate: "team:create" } as const;`,
        `export async function hasPermission(role: string, permission: string) { return role === permission; }`,
        `async function canManageTeams(user: { role: string }) { return hasPermission(user.role, PERMISSIONS.teamCreate); }`,
        `export async function canUpdateWebsite(user: { role: string; isAdmin: boolean }) {`,
        `  if (user.isAdmin) return true;`,
        `  return hasPermission(user.role, PERMISSIONS.websiteUpdate);`,
        `}`,
        `export async function canCreateTeam(user: { role: string }) { return canManageTeams(user); }`,
        `export async function canDoAnything(user: { role: string }, key: string) { return hasPermission(user.role, key); }`,
      ].join("\n"),
      "app/api/websites/[websiteId]/route.ts": [
        `import { canUpdateWebsite } from "../../../../lib/permissions";`,
        `declare function auth(req: Request): Promise<{ role: string; isAdmin: boolean }>;`,
        `export async function POST(request: Request) {`,
        `  const user = await auth(request);`,
        `  if (!(await canUpdateWebsite(user))) return new Response(null, { status: 401 });`,
        `  return Response.json({});`,
        `}`,
      ].join("\n"),
      "app/api/teams/route.ts": [
        `import { canCreateTeam, canDoAnything } from "../../../lib/permissions";`,
        `declare function auth(req: Request): Promise<{ role: string }>;`,
        `export async function POST(request: Request) {`,
        `  const user = await auth(request);`,
        `  if (!(await canCreateTeam(user))) return new Response(null, { status: 401 });`,
        `  return Response.json({});`,
        `}`,
        `export async function GET(request: Request) {`,
        `  const user = await auth(request);`,
        `  if (!(await canDoAnything(user, new URL(request.url).searchParams.get("key")!))) return new Response(null, { status: 401 });`,
        `  return Response.json([]);`,
        `}`,
      ].join("\n"),
      "package.json": JSON.stringify({ name: "policies", version: "1.0.0", dependencies: { next: "15.0.0" } }),
    },
    routes: ["GET /api/teams []", "POST /api/teams [team:create]", "POST /api/websites/{websiteId} [website:update]"],
  },
  {
    name: "hapi in CommonJS (a 2019 service whose code is lib/): the exported server factory runs, plugins are modules that export `plugin`, routes come from route-config modules",
    files: {
      "package.json": `{ "name": "js-service", "version": "1.0.0" }`,
      "lib/server.js": [
        `const Hapi = require("@hapi/hapi");`,
        `const registerPlugins = require("./registerPlugins");`,
        `module.exports = async (config) => {`,
        `  const server = new Hapi.Server({ port: config.port });`,
        `  await registerPlugins(server);`,
        `  await server.start();`,
        `  return server;`,
        `};`,
      ].join("\n"),
      "lib/registerPlugins.js": [
        `module.exports = async (server) => {`,
        `  const plugins = ["status", "builds"].map((name) => require(\`../plugins/\${name}\`));`,
        `  await Promise.all(plugins.map((plugin) => server.register({ plugin, routes: { prefix: "/v4" } })));`,
        `};`,
      ].join("\n"),
      "plugins/status.js": `exports.plugin = { name: "status", async register(server) { server.route({ method: "GET", path: "/status", handler: () => "OK" }); } };`,
      "plugins/builds/get.js": `module.exports = () => ({ method: "GET", path: "/builds/{id}", options: { auth: { scope: ["user", "build"] }, handler: async () => ({}) } });`,
      "plugins/builds/index.js": `const getRoute = require("./get");\nmodule.exports = { name: "builds", async register(server) { server.route([getRoute()]); } };`,
    },
    routes: ["GET /v4/builds/{id} [] any(build|user)", "GET /v4/status []"],
  },
  {
    name: "hapi: what is said of a route in a route module is said where its object is written, not at the server.route() that adds the list",
    files: {
      "server.js": [
        `const Hapi = require("@hapi/hapi");`,
        `const routes = require("./routes");`,
        `const server = new Hapi.Server({ port: 3000 });`,
        `server.route(routes);`,
        `server.start();`,
      ].join("\n"),
      "routes.js": [
        `const scopes = require("./scopes");`,
        `module.exports = [`,
        `  { method: "GET", path: "/notes", handler: () => [] },`,
        `  { method: "GET", path: process.argv[2], handler: () => [] },`,
        `  { method: "DELETE", path: "/notes/{id}", options: { auth: { scope: scopes.remove() } }, handler: () => null },`,
        `];`,
      ].join("\n"),
      "scopes.js": `exports.remove = () => process.argv.slice(3);\n`,
    },
    routes: ["DELETE /notes/{id} [] unresolved(permissions)", "GET /notes []"],
    diagnostics: ["APX201 routes.js:4", "APX301 routes.js:5"],
  },
  {
    name: "Elysia: a plugin of the project's that cannot be read is reported, a package's plugin is not",
    files: {
      "app.ts": [
        `import { Elysia } from "elysia"; import { cors } from "@elysiajs/cors";`,
        `declare const dynamicPlugin: any;`,
        `export const app = new Elysia()`,
        `  .use(cors())`,
        `  .use(dynamicPlugin)`,
        `  .get("/a", () => "a", { beforeHandle: requirePermission("a:read") });`,
        `declare function requirePermission(key: string): () => void;`,
      ].join("\n"),
    },
    routes: ["GET /a [a:read]"],
    diagnostics: ["APX210 app.ts:5"],
  },
  {
    name: "an all() handler whose checks run in branches over the method: each method with the checks that reach it (early answers pass a later guard)",
    files: {
      "auth.ts": `export const requirePermission = (req: unknown, key?: string) => (key ? undefined : (_q: unknown, _s: unknown, next: () => void) => next());\n`,
      "app.ts": [
        `import express from "express"; import { requirePermission } from "./auth";`,
        `const app = express();`,
        `app.all("/reports", requirePermission("reports.any"), (req, res) => {`,
        `  if (req.method === "POST") { requirePermission(req, "reports.write"); return res.json({}); }`,
        `  if (req.method !== "GET") return res.sendStatus(405);`,
        `  requirePermission(req, "reports.read");`,
        `  res.json([]);`,
        `});`,
        `export default app;`,
      ].join("\n"),
    },
    routes: ["GET /reports [reports.any,reports.read]", "POST /reports [reports.any,reports.write]"],
  },
  {
    name: "a registration on a fastify instance apidex cannot reach is reported, also with a path built by +",
    files: {
      "plugin.ts": [
        `import type { FastifyInstance } from "fastify";`,
        `const names = ["a", "b"];`,
        `export function register(fastify: FastifyInstance) { for (const name of names) fastify.get("/" + name, async () => ({})); }`,
      ].join("\n"),
    },
    routes: [],
    diagnostics: ["APX210 plugin.ts:3"],
  },
  {
    name: "NestJS decorators that set permission metadata, or name the permission in their options, are permission decorators whatever their name",
    files: {
      "auth.decorator.ts": [
        `import { applyDecorators, SetMetadata, UseGuards } from "@nestjs/common";`,
        `export const PERMISSIONS_KEY = "permissions";`,
        `export enum Permission { UsersRead = "users:read", UsersWrite = "users:write" }`,
        `export function Auth(...permissions: Permission[]) { return applyDecorators(SetMetadata(PERMISSIONS_KEY, permissions), UseGuards()); }`,
        `export const RequireScopes = (...scopes: string[]) => SetMetadata("scopes", [...scopes]);`,
        `export const Roles = (...roles: string[]) => SetMetadata("roles", roles);`,
        `export const Public = () => SetMetadata("isPublic", true);`,
        `export const HAS_PERMISSION_KEY = "has_permission";`,
        `export function HasPermission(permission: string) { return SetMetadata(HAS_PERMISSION_KEY, permission); }`,
        `export const REQUIRES_SCOPE_KEY = "requires_scope";`,
        `export const RequiresScope = (...scopes: string[]) => applyDecorators(SetMetadata(REQUIRES_SCOPE_KEY, scopes), UseGuards());`,
      ].join("\n"),
      "users.controller.ts": [
        `import { Controller, Delete, Get, Post, SetMetadata } from "@nestjs/common";`,
        `import { Auth, HasPermission, Permission, Public, RequireScopes, RequiresScope, Roles } from "./auth.decorator";`,
        `const permissions = { exportUsers: "exportUsers" };`,
        `@Controller("users") @Auth(Permission.UsersRead)`,
        `export class UsersController {`,
        `  @Get() list() { return []; }`,
        `  @Post() @Auth(Permission.UsersWrite) create() { return {}; }`,
        `  @Delete(":id") @SetMetadata("permissions", ["users:delete"]) @Roles("admin") remove() { return {}; }`,
        `  @Get("me") @RequireScopes("profile") @Public() me() { return {}; }`,
        `  @Get("export") @HasPermission(permissions.exportUsers) export() { return []; }`,
        `  @Get("accounts") @RequiresScope("account:read") accounts() { return []; }`,
        `}`,
      ].join("\n"),
      "assets.controller.ts": [
        `import { Controller, Get, Put } from "@nestjs/common";`,
        `export enum Permission { AssetRead = "asset.read", AssetUpdate = "asset.update" }`,
        `export const Authenticated = (options?: { permission?: Permission; admin?: boolean; sharedLink?: boolean }) => () => undefined;`,
        `@Controller("assets")`,
        `export class AssetsController {`,
        `  @Get() @Authenticated({ permission: Permission.AssetRead, sharedLink: true }) list() { return []; }`,
        `  @Put(":id") @Authenticated({ permission: Permission.AssetUpdate }) update() { return {}; }`,
        `  @Get("stats") @Authenticated({ admin: true }) stats() { return {}; }`,
        `}`,
      ].join("\n"),
      "app.module.ts": `import { Module } from "@nestjs/common"; import { UsersController } from "./users.controller"; import { AssetsController } from "./assets.controller";\n@Module({ controllers: [UsersController, AssetsController] }) export class AppModule {}\n`,
    },
    routes: [
      "GET /assets [asset.read]",
      "GET /assets/stats []",
      "PUT /assets/{id} [asset.update]",
      "DELETE /users/{id} [users:delete,users:read]",
      "GET /users [users:read]",
      "GET /users/accounts [account:read,users:read]",
      "GET /users/export [exportUsers,users:read]",
      "GET /users/me [profile,users:read]",
      "POST /users [users:read,users:write]",
    ],
  },
  {
    name: "a route table of handler objects made by a factory, registered by router[route.method] in a loop with ??, comparisons and a middleware list",
    files: {
      "handler.ts": [
        `export function createApiRequestHandler(data: { method: "get" | "post"; path: string; version?: string; middleware?: unknown[] }) {`,
        `  const { method, path, version, middleware } = data;`,
        `  return (handler: (req: unknown) => Promise<unknown>) => {`,
        `    const wrapped = async (req: any, res: any) => res.json(await handler(req));`,
        `    return { method, path, version, middleware, handler: wrapped };`,
        `  };`,
        `}`,
      ].join("\n"),
      "routes.ts": [
        `import { createApiRequestHandler } from "./handler";`,
        `const listFeatures = createApiRequestHandler({ method: "get", path: "/features" })(async () => []);`,
        `const postFeature = createApiRequestHandler({ method: "post", path: "/features", version: "v2" })(async () => ({}));`,
        `export const featureRoutes = [listFeatures, postFeature];`,
      ].join("\n"),
      "api.router.ts": [
        `import { Router, type RequestHandler } from "express"; import { featureRoutes } from "./routes";`,
        `const router = Router();`,
        `export const allRoutes = [...featureRoutes];`,
        `allRoutes.forEach((route) => {`,
        `  if (!route.method) return;`,
        `  const versionedPath = \`/\${route.version ?? "v1"}\${route.path}\`;`,
        `  const middleware: RequestHandler[] = [...((route.middleware as RequestHandler[]) ?? [])];`,
        `  if (middleware.length > 0) router[route.method](versionedPath, middleware, route.handler);`,
        `  else router[route.method](versionedPath, route.handler);`,
        `  if (Math.random() >= 0.5) router[route.method]("/random" + route.path, route.handler);`,
        `});`,
        `export default router;`,
      ].join("\n"),
      "app.ts": `import express from "express"; import api from "./api.router"; const app = express(); app.use("/api", api);\n`,
    },
    routes: [
      "GET /api/random/features [] unresolved(registration)",
      "GET /api/v1/features []",
      "POST /api/random/features [] unresolved(registration)",
      "POST /api/v2/features []",
    ],
    diagnostics: ["APX217 api.router.ts:10"],
  },
  {
    name: "Hono's factory helpers: createHandlers spread into a route, createMiddleware; an unreadable spread marks the route",
    files: {
      "auth.ts": [
        `import { createMiddleware } from "hono/factory";`,
        `export const requirePermission = (key: string) => createMiddleware(async (c, next) => { await next(); });`,
        `export const audit = createMiddleware(async (c, next) => { assertPermission(c, "audit.write"); await next(); });`,
        `export function assertPermission(c: unknown, key: string): void {}`,
      ].join("\n"),
      "app.ts": [
        `import { Hono } from "hono"; import { createFactory } from "hono/factory"; import { audit, requirePermission } from "./auth";`,
        `const factory = createFactory();`,
        `const listBooks = factory.createHandlers(requirePermission("books.read"), (c) => c.json([]));`,
        `export const app = new Hono();`,
        `app.get("/books", ...listBooks);`,
        `app.post("/books", ...factory.createHandlers(requirePermission("books.write"), audit, async (c) => c.json({})));`,
        `app.delete("/books/:id", ...(globalThis as any).handlers);`,
      ].join("\n"),
    },
    routes: ["DELETE /books/{id} [] unresolved(permissions)", "GET /books [books.read]", "POST /books [audit.write,books.write]"],
    diagnostics: ["APX301 app.ts:7"],
  },
  {
    name: "chanfana on Hono: fromHono(app) registers on the app; an OpenAPIRoute class is the handler (its handle) and documents the route (its schema)",
    files: {
      "auth.ts": `export function requirePermission(c: unknown, key: string): void {}\n`,
      "endpoints.ts": [
        `import { OpenAPIRoute } from "chanfana"; import { requirePermission } from "./auth";`,
        `export class TaskList extends OpenAPIRoute {`,
        `  schema = { tags: ["Tasks"], summary: "List tasks", responses: { "200": { description: "The tasks" } } };`,
        `  async handle(c: any) { requirePermission(c, "tasks.read"); return c.json([]); }`,
        `}`,
        `export class TaskDelete extends OpenAPIRoute {`,
        `  schema = { summary: "Delete a task", description: "Gone for good.", responses: {} };`,
        `  async handle(c: any) { requirePermission(c, "tasks.delete"); return c.json({}); }`,
        `}`,
      ].join("\n"),
      "index.ts": [
        `import { Hono } from "hono"; import { fromHono } from "chanfana"; import { TaskDelete, TaskList } from "./endpoints";`,
        `const app = new Hono();`,
        `const openapi = fromHono(app, { docs_url: "/" });`,
        `openapi.get("/api/tasks", TaskList);`,
        `openapi.delete("/api/tasks/:taskId", TaskDelete);`,
        `export default app;`,
      ].join("\n"),
    },
    routes: ["DELETE /api/tasks/{taskId} [tasks.delete]", "GET /api/tasks [tasks.read]"],
  },
  {
    name: "Hono's factory.createApp() makes an app, mounted with route() as any other (a factory shared across files)",
    files: {
      "factory.ts": `import { createFactory } from "hono/factory";\nexport const honoFactory = createFactory<{ Variables: { user: string } }>();\n`,
      "channels.ts": `import { honoFactory } from "./factory";\nexport const channels = honoFactory.createApp();\nchannels.get("/", (c) => c.json([]));\nchannels.post("/:id", (c) => c.json({}));\n`,
      "app.ts": `import { Hono } from "hono"; import { channels } from "./channels";\nconst app = new Hono();\napp.route("/channel", channels);\nexport default app;\n`,
    },
    routes: ["GET /channel []", "POST /channel/{id} []"],
  },
  {
    name: "routing-controllers: decorated controllers served by useExpressServer under its routePrefix, @Authorized and @UseBefore checks",
    files: {
      "auth.ts": `export const requirePermission = (key: string) => (req: unknown, res: unknown, next: () => void) => next();\nexport function assertPermission(req: unknown, key: string): void {}\n`,
      "controllers/UserController.ts": [
        `import { Authorized, Body, Delete, Get, JsonController, Param, Post, Req, UseBefore } from "routing-controllers";`,
        `import { assertPermission, requirePermission } from "../auth";`,
        `@JsonController("/users")`,
        `@Authorized("users")`,
        `export class UserController {`,
        `  /** List users */`,
        `  @Get() getAll() { return []; }`,
        `  @Get("/:id") getOne(@Param("id") id: number) { return {}; }`,
        `  @Post() @UseBefore(requirePermission("users.write")) post(@Body() user: unknown) { return user; }`,
        `  @Delete("/:id") @Authorized(["admin"]) remove(@Req() req: unknown, @Param("id") id: number) { assertPermission(req, "users.delete"); return {}; }`,
        `}`,
      ].join("\n"),
      "controllers/Unlisted.ts": `import { JsonController, Get } from "routing-controllers";\n@JsonController("/unlisted")\nexport class Unlisted { @Get() all() { return []; } }\n`,
      "app.ts": [
        `import "reflect-metadata"; import express from "express"; import { useExpressServer } from "routing-controllers"; import { UserController } from "./controllers/UserController";`,
        `const app = express();`,
        `app.get("/health", (req, res) => res.end());`,
        `useExpressServer(app, { routePrefix: "/api", controllers: [UserController] });`,
        `app.listen(3000);`,
      ].join("\n"),
    },
    routes: [
      "DELETE /api/users/{id} [admin,users,users.delete]",
      "GET /api/users [users]",
      "GET /api/users/{id} [users]",
      "GET /health []",
      "POST /api/users [users,users.write]",
    ],
  },
  {
    name: "tsoa: @Route controllers under tsoa.json's basePath, {param} routes, @Security scopes (class, method, alternatives, @NoSecurity)",
    files: {
      "tsoa.json": JSON.stringify({
        entryFile: "src/app.ts",
        routes: { routesDir: "build", basePath: "/api" },
        spec: { outputDirectory: "build" },
      }),
      "src/users/usersController.ts": [
        `import { Body, Controller, Delete, Get, NoSecurity, Path, Post, Route, Security, Tags } from "tsoa";`,
        `@Route("users")`,
        `@Tags("Users")`,
        `@Security("jwt", ["users:read"])`,
        `export class UsersController extends Controller {`,
        `  /** Get a user */`,
        `  @Get("{userId}") public async getUser(@Path() userId: number) { return { userId }; }`,
        `  @Post() @Security("jwt", ["users:write", "users:read"]) public async createUser(@Body() body: unknown) { return body; }`,
        `  @Delete("{userId}") @Security("jwt", ["users:admin"]) @Security("api_key", ["users:delete"]) public async remove(@Path() userId: number) {}`,
        `  @Get("public/count") @NoSecurity() public async count() { return 1; }`,
        `}`,
      ].join("\n"),
    },
    routes: [
      "DELETE /api/users/{userId} [] any(users:admin|users:delete)",
      "GET /api/users/public/count []",
      "GET /api/users/{userId} [users:read]",
      "POST /api/users [users:read,users:write]",
    ],
  },
  {
    name: "tsoa with its generated routes file committed: the controllers' reading (with the scopes) stands, the generated twins are left out, and so is what reading them said",
    files: {
      "tsoa.json": JSON.stringify({ routes: { basePath: "/api" } }),
      "src/usersController.ts": `import { Controller, Get, Path, Route, Security } from "tsoa";\n@Route("users")\nexport class UsersController extends Controller { @Get("{userId}") @Security("jwt", ["users:read"]) public async getUser(@Path() userId: number) { return {}; } }\n`,
      "build/routes.ts": [
        `/* tslint:disable */`,
        `// WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file`,
        `import type { Router } from "express";`,
        `import { fetchMiddlewares } from "@tsoa/runtime"; import { UsersController } from "../src/usersController";`,
        `export function RegisterRoutes(app: Router) {`,
        `  app.get("/api/users/:userId", ...(fetchMiddlewares<any>(UsersController)), ...(fetchMiddlewares<any>(UsersController.prototype.getUser)), async function UsersController_getUser(request: unknown, response: unknown, next: unknown) {});`,
        `}`,
      ].join("\n"),
      "src/app.ts": `import express from "express"; import { RegisterRoutes } from "../build/routes";\nexport const app = express();\nRegisterRoutes(app);\napp.get("/health", (req, res) => res.end());\n`,
    },
    routes: ["GET /api/users/{userId} [users:read]", "GET /health []"],
  },
  {
    name: "tsoa with two configs the scripts name (a public and an internal API): each controller under its own config's basePath",
    files: {
      "package.json": JSON.stringify({
        scripts: { gen: "tsoa spec-and-routes -c tsoa.public.json && tsoa spec-and-routes --configuration=tsoa.private.json" },
      }),
      "tsoa.public.json": JSON.stringify({ controllerPathGlobs: ["src/controllers/public/*.ts"], routes: { basePath: "/api/v1" } }),
      "tsoa.private.json": JSON.stringify({
        controllerPathGlobs: ["./src/controllers/private/**/*.ts"],
        routes: { basePath: "/api/internal/v1" },
      }),
      "src/controllers/public/items.ts": `import { Controller, Get, Route } from "tsoa";\n@Route("items")\nexport class PublicItems extends Controller { @Get() public async list() { return []; } }\n`,
      "src/controllers/private/admin/items.ts": `import { Controller, Get, Post, Route } from "tsoa";\n@Route("items")\nexport class PrivateItems extends Controller { @Get() public async list() { return []; } @Post() public async create() { return {}; } }\n`,
    },
    routes: ["GET /api/internal/v1/items []", "GET /api/v1/items []", "POST /api/internal/v1/items []"],
  },
  {
    name: "an Express 4 app from 2019 that sets its routes up in the error-first callback of a database connection (a continuation, run as a promise's then is); a callback of another kind stays unrun and said",
    files: {
      "server.js": [
        `const express = require("express");`,
        `const MongoClient = require("mongodb").MongoClient;`,
        `const config = require("./config");`,
        `const app = express();`,
        `MongoClient.connect(config.url, (err, client) => {`,
        `  if (err) return console.log(err);`,
        `  require("./app/routes")(app, client.db("notes"));`,
        `  app.listen(8000);`,
        `});`,
        `function admin(error) { if (error) throw error; app.delete("/cache", (req, res) => res.end()); }`,
        `require("redis").createClient().flushdb(admin);`,
        `setTimeout(() => { app.get("/late", (req, res) => res.end()); }, 10);`,
      ].join("\n"),
      "config.js": `module.exports = { url: process.env.MONGO_URL };\n`,
      "app/routes/index.js": `const notes = require("./note_routes");\nmodule.exports = function (app, db) { notes(app, db); };\n`,
      "app/routes/note_routes.js": [
        `module.exports = function (app, db) {`,
        `  app.get("/notes/:id", (req, res) => { db.collection("notes").findOne({ _id: req.params.id }).then((n) => res.send(n)); });`,
        `  app.post("/notes", (req, res) => { res.send({}); });`,
        `};`,
      ].join("\n"),
    },
    routes: ["DELETE /cache []", "GET /notes/{id} []", "POST /notes []"],
    diagnostics: ["APX210 server.js:12"],
  },
  {
    name: "a chain of the project's own start functions, each given a completion callback it calls from work apidex does not run (a driver's event, a server's listen callback): each continuation runs once, given no error, through a chain deeper than 40 calls",
    files: {
      "worker.js": [
        `const db = require("./lib/db");`,
        `const api = require("./api");`,
        `const steps = require("./lib/steps");`,
        `db.connect((err) => {`,
        `  if (err) return process.exit(1);`,
        `  steps.run(12, (err) => {`,
        `    if (err) return process.exit(1);`,
        `    api((err) => { if (err) process.exit(1); });`,
        `  });`,
        `});`,
      ].join("\n"),
      "lib/db.js": [
        `const { MongoClient } = require("mongodb");`,
        `module.exports.connect = (callback) => {`,
        `  const client = new MongoClient(process.env.MONGO_URL);`,
        `  client.on("open", () => callback(null));`,
        `};`,
      ].join("\n"),
      // Helpers that call helpers: the completion arrives 40 calls down.
      "lib/steps.js": [
        ...Array.from({ length: 45 }, (_, i) => `function s${i}(done) { return s${i + 1}(done); }`),
        `function s45(done) { return done(null); }`,
        `module.exports.run = (n, done) => s0(done);`,
      ].join("\n"),
      "api.js": [
        `const express = require("express");`,
        `const app = express();`,
        `module.exports = (done) => {`,
        `  app.get("/users", (req, res) => res.json([]));`,
        `  app.listen(8080, () => done(null));`,
        `};`,
      ].join("\n"),
    },
    routes: ["GET /users []"],
  },
  {
    name: "a registry-driven service whose routes are a data file it reads at start-up: a text table split into lines and columns (openwhyd's app.route), and a JSON one parsed",
    files: {
      "config/app.route": [
        `GET    /                     -> controllers.home`,
        `GET    /api/user/{id}?x=1    -> controllers.user`,
        `POST   /api/user             -> controllers.user`,
        ``,
        `# a comment line`,
      ].join("\n"),
      "config/admin.json": JSON.stringify([{ method: "delete", path: "/admin/cache", key: "admin.cache" }]),
      "app/controllers/home.js": `exports.controller = (req, res) => res.end();\n`,
      "app/controllers/user.js": `exports.controller = (req, res) => res.json({});\n`,
      "auth.js": `exports.requirePermission = (key) => (req, res, next) => next();\n`,
      "server.js": [
        `const fs = require("fs");`,
        `const path = require("path");`,
        `const express = require("express");`,
        `const { requirePermission } = require("./auth");`,
        `const app = express();`,
        `function loadRoutes(file) {`,
        `  const out = [];`,
        `  for (const line of fs.readFileSync(file, "utf8").split("\\n")) {`,
        `    const parts = line.split("->");`,
        `    if (parts.length >= 2) out.push({ pattern: parts[0].trim(), name: parts[1].trim() });`,
        `  }`,
        `  return out;`,
        `}`,
        `for (const { pattern, name } of loadRoutes(path.join(__dirname, "config", "app.route"))) {`,
        `  const [verb, legacy] = pattern.split("?")[0].split(/\\s+/);`,
        `  const params = legacy.match(/\\{\\w+\\}/g) || [];`,
        `  const route = params.reduce((p, param) => p.replace(param, ":" + param.slice(1, -1)), legacy);`,
        `  const handler = require("./app/" + name.replace(/\\./g, "/")).controller;`,
        `  app[verb.toLowerCase()](route, handler);`,
        `}`,
        `for (const r of JSON.parse(fs.readFileSync(path.join(__dirname, "config/admin.json"), "utf8"))) app[r.method](r.path, requirePermission(r.key), (req, res) => res.end());`,
        `app.listen(3000);`,
      ].join("\n"),
    },
    routes: ["DELETE /admin/cache [admin.cache]", "GET / []", "GET /api/user/{id} []", "POST /api/user []"],
  },
  {
    name: "calls nested more than 100 deep are not followed, and the first such call is said (APX220) with the route left out",
    files: {
      "server.js": deepServer(`app.get("/near", (req, res) => res.end());`),
    },
    routes: ["GET /near []"],
    diagnostics: ["APX220 server.js:102", "APX210 server.js:108"],
  },
  {
    name: "tsoa run at a monorepo's root: each package's configs (its scripts', its tsoa.*.json) with globs relative to its folder",
    files: {
      "package.json": JSON.stringify({ name: "mono", private: true, workspaces: ["apps/*"] }),
      "apps/core/package.json": JSON.stringify({ name: "core", scripts: { gen: "tsoa spec-and-routes -c tsoa.private.json" } }),
      "apps/core/tsoa.private.json": JSON.stringify({
        controllerPathGlobs: ["./src/controllers/private/**/*.ts"],
        routes: { basePath: "/api/internal/v1" },
      }),
      "apps/core/tsoa.public.json": JSON.stringify({
        controllerPathGlobs: ["src/controllers/public/*.ts"],
        routes: { basePath: "/api/v1" },
      }),
      "apps/core/src/controllers/public/items.ts": `import { Controller, Get, Route } from "tsoa";\n@Route("items")\nexport class PublicItems extends Controller { @Get() public async list() { return []; } }\n`,
      "apps/core/src/controllers/private/items.ts": `import { Controller, Post, Route } from "tsoa";\n@Route("items")\nexport class PrivateItems extends Controller { @Post() public async create() { return {}; } }\n`,
      // A package with one config of its own: its controllers under its basePath, no other package's.
      "apps/billing/package.json": JSON.stringify({ name: "billing" }),
      "apps/billing/tsoa.json": JSON.stringify({ routes: { basePath: "/billing" } }),
      "apps/billing/src/invoices.ts": `import { Controller, Get, Route } from "tsoa";\n@Route("invoices")\nexport class Invoices extends Controller { @Get() public async list() { return []; } }\n`,
    },
    routes: ["GET /api/v1/items []", "GET /billing/invoices []", "POST /api/internal/v1/items []"],
  },
  {
    name: "tsoa without tsoa.json: the routes' basePath from the project's script calling generateRoutes({ basePath }) (the spec's own basePath is not the routes'); one apidex cannot read is reported",
    files: {
      "src/tsoa.ts": [
        `import { generateRoutes, generateSpec, ExtendedRoutesConfig } from "tsoa";`,
        `(async () => {`,
        `  await generateSpec({ basePath: "/api", entryFile: "./src/server.ts", outputDirectory: "./src/api", controllerPathGlobs: ["./src/controllers/*.ts"], specVersion: 3 });`,
        `  const routeOptions: ExtendedRoutesConfig = { basePath: "/svc/api/v1", entryFile: "./src/server.ts", routesDir: "./src/routes", middleware: "express" };`,
        `  await generateRoutes(routeOptions);`,
        `})();`,
      ].join("\n"),
      "src/controllers/items.ts": `import { Controller, Get, Route } from "tsoa";\n@Route("items")\nexport class Items extends Controller { @Get("{id}") public async one(id: string) { return {}; } }\n`,
    },
    routes: ["GET /svc/api/v1/items/{id} []"],
  },
  {
    name: "tsoa's generateRoutes with a basePath read at run time: reported, the controllers indexed without it",
    files: {
      "src/tsoa.ts": `import { generateRoutes } from "@tsoa/cli";\ngenerateRoutes({ basePath: process.argv[2], entryFile: "./src/server.ts", routesDir: "./src/routes" });\n`,
      "src/controllers/items.ts": `import { Controller, Get, Route } from "tsoa";\n@Route("items")\nexport class Items extends Controller { @Get() public async list() { return []; } }\n`,
    },
    routes: ["GET /items []"],
    diagnostics: ["APX201 src/tsoa.ts:2"],
  },
  {
    name: "a Koa router's use(path, ...) and Hono's route(path, app) of a value apidex cannot follow are reported at the mount (APX210), not dropped in silence",
    files: {
      "koa.ts": [
        `import Koa from "koa"; import Router from "@koa/router";`,
        `export function build(deps: any) {`,
        `  const app = new Koa(); const router = new Router();`,
        `  router.get("/status", (ctx) => { ctx.body = {}; });`,
        `  router.use("/things", deps.thingsRouter.routes());`,
        `  app.use(router.routes());`,
        `  return app;`,
        `}`,
      ].join("\n"),
      "hono.ts": [
        `import { Hono } from "hono";`,
        `export function make(deps: any) {`,
        `  const app = new Hono();`,
        `  app.get("/h", (c) => c.json({}));`,
        `  app.route("/sub", deps.sub);`,
        `  return app;`,
        `}`,
      ].join("\n"),
    },
    routes: ["GET /h []", "GET /status []"],
    diagnostics: ["APX412 hono.ts:3", "APX210 hono.ts:5", "APX210 koa.ts:5"],
  },
  {
    name: "an all() handler that only hands the request to a function of the sources answers as that function does: its method guards are the route's",
    files: {
      "mcp.ts": [
        `export async function handleMcp(request: Request, deps: unknown): Promise<Response> {`,
        `  if (request.method === "GET") return new Response("no stream", { status: 405 });`,
        `  return new Response("ok");`,
        `}`,
      ].join("\n"),
      "app.ts": [
        `import { Hono } from "hono"; import { handleMcp } from "./mcp";`,
        `const app = new Hono();`,
        `app.all("/mcp", async (c) => handleMcp(c.req.raw, {}));`,
        `export default app;`,
      ].join("\n"),
    },
    routes: ["DELETE /mcp []", "HEAD /mcp []", "OPTIONS /mcp []", "PATCH /mcp []", "POST /mcp []", "PUT /mcp []"],
  },
  {
    name: "inversify-express-utils: @controller classes under the server's rootPath, middleware in the class's and methods' decorators",
    files: {
      "auth.ts": `export const requirePermission = (key: string) => (req: unknown, res: unknown, next: () => void) => next();\nexport function assertPermission(req: unknown, key: string): void {}\n`,
      "controllers/orders.ts": [
        `import { controller, httpDelete, httpGet, httpMethod, httpPost, request } from "inversify-express-utils";`,
        `import { assertPermission, requirePermission } from "../auth";`,
        `@controller("/orders", requirePermission("orders.read"))`,
        `export class OrdersController {`,
        `  /** List orders */`,
        `  @httpGet("/") list() { return []; }`,
        `  @httpPost("/", requirePermission("orders.write")) create() { return {}; }`,
        `  @httpDelete("/:id") remove(@request() req: unknown) { assertPermission(req, "orders.delete"); }`,
        `  @httpMethod("put", "/:id/archive") archive() {}`,
        `}`,
      ].join("\n"),
      "server.ts": [
        `import "reflect-metadata"; import { Container } from "inversify"; import { InversifyExpressServer } from "inversify-express-utils"; import "./controllers/orders";`,
        `const server = new InversifyExpressServer(new Container(), null, { rootPath: "/api/v1" });`,
        `server.build().listen(3000);`,
      ].join("\n"),
    },
    routes: [
      "DELETE /api/v1/orders/{id} [orders.delete,orders.read]",
      "GET /api/v1/orders [orders.read]",
      "POST /api/v1/orders [orders.read,orders.write]",
      "PUT /api/v1/orders/{id}/archive [orders.read]",
    ],
  },
  {
    name: "a registry whose table entries read their metadata through getters (get meta() { return ep.meta ?? {}; })",
    files: {
      "endpoints/notes/create.ts": `export const meta = { requireCredential: true, kind: "write:notes" } as const;\n`,
      "endpoints/notes/show.ts": `export const meta = { requireCredential: false } as const;\n`,
      "endpoints.ts": [
        `import * as ep___notes_create from "./endpoints/notes/create.js";`,
        `import * as ep___notes_show from "./endpoints/notes/show.js";`,
        `const eps = [["notes/create", ep___notes_create], ["notes/show", ep___notes_show]] as const;`,
        `export default eps.map(([name, ep]) => ({ name, get meta() { return ep.meta ?? {}; } }));`,
      ].join("\n"),
      "server.ts": [
        `import express from "express"; import endpoints from "./endpoints.js";`,
        `const app = express();`,
        `for (const endpoint of endpoints) app.post("/api/" + endpoint.name, (req, res) => res.json({}));`,
      ].join("\n"),
    },
    config: { registry: { permission: "meta.kind", when: "meta.requireCredential" } },
    routes: ["POST /api/notes/create [write:notes]", "POST /api/notes/show []"],
  },
  {
    name: "an Express 4 app in CommonJS: require, module.exports, exports.x and a routes function called with the app",
    files: {
      "middleware/auth.js": `exports.requirePermission = (...keys) => (req, res, next) => next();\n`,
      "routes/users.js": `const express = require("express");\nconst { requirePermission } = require("../middleware/auth");\nconst router = express.Router();\nrouter.get("/", requirePermission("users.read"), (req, res) => res.json([]));\nrouter.delete("/:id", requirePermission("users.delete"), (req, res) => res.end());\nmodule.exports = router;\n`,
      "routes/index.js": `const { Router } = require("express");\nmodule.exports = function (app) {\n  const health = Router();\n  health.get("/health", (req, res) => res.send("ok"));\n  app.use(health);\n  app.use("/api/users", require("./users"));\n};\n`,
      "app.js": `const express = require("express");\nconst app = express();\nrequire("./routes")(app);\nmodule.exports = app;\n`,
    },
    routes: ["DELETE /api/users/{id} [users.delete]", "GET /api/users [users.read]", "GET /health []"],
  },
  {
    name: 'Fastify: a plugin registered as a dynamic import (register(import("./routes/items"), { prefix })) is its module\'s default export',
    files: {
      "routes/items.ts": `import type { FastifyInstance } from "fastify";\nexport default async function (fastify: FastifyInstance) {\n  fastify.post("/", async () => ({}));\n  fastify.get("/:id", async () => ({}));\n}\n`,
      "app.ts": `import Fastify from "fastify";\nexport async function build() { const app = Fastify(); await app.register(import("./routes/items"), { prefix: "/api/items" }); return app; }\nbuild();\n`,
    },
    routes: ["GET /api/items/{id} []", "POST /api/items []"],
  },
  {
    name: "Fastify: a prefix read at start-up indexes the plugin's routes relative to it, marked; a fastify-plugin-wrapped plugin ignores its prefix",
    files: {
      "app.js": [
        `const fp = require("fastify-plugin");`,
        `const wrapped = fp(async (server) => { server.get("/api/tags", async () => []); });`,
        `const routes = async (server) => { server.get("/articles", async () => []); };`,
        `const more = async (server) => { server.get("/more", async () => []); };`,
        `async function getConfig() { return { prefix: process.env.API_PREFIX }; }`,
        `(async () => {`,
        `  const server = require("fastify")();`,
        `  server.register(wrapped, await getConfig());`,
        `  server.register(routes, { prefix: process.env.API_PREFIX });`,
        `  server.register(more, loadOptions());`,
        `  await server.listen({ port: 3000 });`,
        `})();`,
      ].join("\n"),
    },
    routes: ["GET /api/tags []", "GET /articles [] unresolved(path)", "GET /more [] unresolved(path)"],
    diagnostics: ["APX201 app.js:9", "APX201 app.js:10"],
  },
  {
    name: "an app a package enhances and returns (websockify(new Koa()), addAsync(express())) is the app; Node's own server is not",
    files: {
      "koa.js": [
        `const Koa = require("koa"); const Router = require("koa-router"); const websockify = require("koa-websocket");`,
        `const router = new Router({ prefix: "/api" }); router.get("/health", async (ctx) => { ctx.body = "ok"; });`,
        `const app = websockify(new Koa());`,
        `app.use(router.routes()); app.listen(3000);`,
      ].join("\n"),
      "express.ts": [
        `import express from "express"; import { addAsync } from "@awaitjs/express"; import http from "node:http";`,
        `const app = addAsync(express());`,
        `app.get("/users", (q, s) => s.json([]));`,
        `const server = http.createServer(app); server.listen(3001);`,
      ].join("\n"),
    },
    routes: ["GET /api/health []", "GET /users []"],
    diagnostics: ["APX412 express.ts:2"],
  },
  {
    name: "route modules listed by a glob (glob.sync, fs.globSync with cwd) or readdirSync with an encoding are required as listed",
    files: {
      "routes/users.js": `const r = require("express").Router();\nr.get("/", (q, s) => s.json([]));\nmodule.exports = r;\n`,
      "routes/teams.js": `const r = require("express").Router();\nr.get("/", (q, s) => s.json([]));\nmodule.exports = r;\n`,
      "api/v1/health/routes.js": `module.exports = (app) => app.get("/v1/health", (q, s) => s.end());\n`,
      "legacy/items.js": `const r = require("express").Router();\nr.get("/", (q, s) => s.json([]));\nmodule.exports = r;\n`,
      "app.js": [
        `const express = require("express"); const path = require("path"); const glob = require("glob"); const fs = require("node:fs");`,
        `const app = express();`,
        `glob.sync(path.join(__dirname, "routes/*.js")).forEach((f) => app.use("/" + path.basename(f, ".js"), require(f)));`,
        `for (const f of fs.globSync("**/routes.js", { cwd: path.join(__dirname, "api") })) require("./api/" + f)(app);`,
        `fs.readdirSync(path.join(__dirname, "legacy"), "utf8").forEach((f) => app.use("/legacy", require("./legacy/" + f)));`,
        `module.exports = app;`,
      ].join("\n"),
    },
    routes: ["GET /legacy []", "GET /teams []", "GET /users []", "GET /v1/health []"],
  },
  {
    name: "Koa (@koa/router 12, path-to-regexp 6): a mount prefix with an unnamed capture group is a numbered parameter, said once for every route under it (freefeed's /v([1-9]\\d*))",
    files: {
      "app.ts": [
        `import Koa from "koa"; import Router from "@koa/router";`,
        `const publicRouter = new Router();`,
        `publicRouter.get("/attachments", async (ctx) => { ctx.body = []; });`,
        `publicRouter.post("/posts", async (ctx) => { ctx.body = {}; });`,
        `const router = new Router();`,
        `router.use("/v([1-9]\\d*)", publicRouter.routes(), publicRouter.allowedMethods());`,
        `router.get("/items/(\\d+)", async (ctx) => { ctx.body = {}; });`,
        `const app = new Koa(); app.use(router.routes()); app.listen(3000);`,
      ].join("\n"),
    },
    routes: ["GET /items/{param} []", "GET /v{param}/attachments []", "POST /v{param}/posts []"],
    diagnostics: ["APX207 app.ts:3", "APX207 app.ts:7"],
  },
  {
    name: "TypeScript's CommonJS syntax: import x = require(...) of a package and of a module, and export = (caprover's Express app)",
    files: {
      "src/routes/login.ts": [
        `import express = require("express");`,
        `const router = express.Router();`,
        `router.post("/", (req, res) => res.json({}));`,
        `export = router;`,
      ].join("\n"),
      "src/routes/user.ts": `import { Router } from "express";\nconst router = Router();\nrouter.get("/apps", (req, res) => res.json([]));\nexport default router;\n`,
      "src/app.ts": [
        `import express = require("express");`,
        `import LoginRouter = require("./routes/login");`,
        `import UserRouter from "./routes/user";`,
        `const app = express();`,
        `app.use("/api/v2/login/", LoginRouter);`,
        `app.use("/api/v2/user/", UserRouter);`,
        `export = app;`,
      ].join("\n"),
      "src/server.ts": `import app = require("./app");\nimport http = require("http");\nhttp.createServer(app).listen(3000);\n`,
    },
    routes: ["POST /api/v2/login []", "GET /api/v2/user/apps []"],
  },
  {
    name: "Elysia: an instance given to its own use() (a helper registered on the group's app and returned it) is no cycle: its routes are indexed once, nothing said",
    files: {
      "otp.ts": [
        `import { Elysia } from "elysia";`,
        `export class OtpRoute {`,
        `  route(app: Elysia) { return app.group("/otp", (app) => app.use(this.requestOtp(app)).use(this.verifyOtp(app))); }`,
        `  private requestOtp(app: Elysia) { return app.post("/request", () => ({})); }`,
        `  private verifyOtp(app: Elysia) { return app.post("/verify", () => ({})); }`,
        `}`,
      ].join("\n"),
      "app.ts": `import { Elysia } from "elysia"; import { OtpRoute } from "./otp";\nnew Elysia().group("/auth", (app) => new OtpRoute().route(app)).listen(3000);\n`,
    },
    routes: ["POST /auth/otp/request []", "POST /auth/otp/verify []"],
  },
  {
    name: "a dependency-injection container's instance of a class of the sources (tsyringe's container.resolve, typedi's Container.get) is made as the container makes it",
    files: {
      "files.ts": [
        `import { Elysia } from "elysia"; import { singleton } from "tsyringe";`,
        `class Storage { bucket = "/files"; }`,
        `@singleton() export class Files {`,
        `  constructor(private readonly storage: Storage) {}`,
        `  route() { return new Elysia().get(this.storage.bucket, () => []).delete(this.storage.bucket + "/:id", () => null); }`,
        `}`,
      ].join("\n"),
      "users.ts": `import { Elysia } from "elysia";\nexport class Users { route() { return new Elysia().get("/users", () => []); } }\n`,
      "app.ts": [
        `import { Elysia } from "elysia"; import { container } from "tsyringe"; import { Container } from "typedi";`,
        `import { Files } from "./files"; import { Users } from "./users";`,
        `const files = container.resolve(Files);`,
        `new Elysia().get("/healthy", () => "ok").use(files.route()).use(Container.get(Users).route()).listen(3000);`,
      ].join("\n"),
    },
    routes: ["DELETE /files/{id} []", "GET /files []", "GET /healthy []", "GET /users []"],
  },
  {
    name: "filter(Boolean) drops the items known to be falsy and keeps one known only at run time as unknown, so the known routers are not lost with it",
    files: {
      "app.ts": [
        `import express from "express"; import { metrics } from "metrics-package";`,
        `declare const config: { metricsDisabled: boolean };`,
        `const users = express.Router(); users.get("/users", (q, s) => s.end());`,
        `const teams = express.Router(); teams.get("/teams", (q, s) => s.end());`,
        `const app = express();`,
        `const routers = [users, false && teams, !config.metricsDisabled && metrics()].filter(Boolean);`,
        `for (const r of routers) app.use(r);`,
      ].join("\n"),
    },
    routes: ["GET /users []"],
    diagnostics: ["APX211 app.ts:4"],
  },
  {
    name: "CommonJS: a chained export (`exports = module.exports = router`, `module.exports = exports = ...`) is the module's value",
    files: {
      "routes/legacy.js": `const express = require("express");\nconst router = express.Router();\nrouter.get("/", (req, res) => res.json([]));\nexports = module.exports = router;\n`,
      "routes/other.js": `const express = require("express");\nconst router = express.Router();\nrouter.get("/", (req, res) => res.json([]));\nmodule.exports = exports = router;\n`,
      "app.js": `const express = require("express");\nconst app = express();\napp.use("/legacy", require("./routes/legacy"));\napp.use("/other", require("./routes/other"));\nmodule.exports = app;\n`,
    },
    routes: ["GET /legacy []", "GET /other []"],
  },
  {
    name: "CommonJS: members of an alias of module.exports (`const start = module.exports; start.start = ...`) are the module's exports",
    files: {
      "app.js": `const nconf = require("nconf");\nif (nconf.get("setup")) require("./src/cli").setup();\nelse require("./src/start").start();\n`,
      "src/cli.js": `exports.setup = function () {};\n`,
      "src/start.js": `'use strict';\nconst start = module.exports;\nstart.start = async function () {\n  try {\n    const webserver = require("./webserver");\n    await webserver.listen();\n  } catch (err) {\n    process.exit(1);\n  }\n};\n`,
      "src/webserver.js": `const express = require("express");\nconst app = express();\nconst Web = module.exports;\nWeb.listen = async function () {\n  setupExpressApp(app);\n  app.listen(4567);\n};\nfunction setupExpressApp(app) {\n  app.get("/ping", (req, res) => res.send("ok"));\n}\n`,
    },
    routes: ["GET /ping [] unresolved(registration)"],
    diagnostics: ["APX217 app.js:2"],
  },
  {
    name: "folder loaders (require-dir, require-all, requireindex) give the folder's modules by file name, and the routers they hold are mounted",
    files: {
      "package.json": JSON.stringify({ name: "loaders", version: "1.0.0", main: "app.js" }),
      "app.js": [
        `const express = require("express"); const requireDir = require("require-dir"); const requireAll = require("require-all"); const requireindex = require("requireindex");`,
        `const app = express();`,
        `const routes = requireDir("./routes");`,
        `Object.keys(routes).forEach((name) => app.use("/" + name, routes[name]));`,
        `const admin = requireAll({ dirname: __dirname + "/admin" });`,
        `app.use("/admin/reports", admin.reports); app.use("/admin/audit", admin.logs.audit);`,
        `const v2 = requireindex(__dirname + "/v2");`,
        `for (const [name, router] of Object.entries(v2)) app.use("/v2/" + name, router);`,
        `app.listen(3000);`,
      ].join("\n"),
      "routes/users.js": `const router = require("express").Router();\nrouter.get("/", (req, res) => res.json([]));\nmodule.exports = router;\n`,
      "routes/items.js": `const router = require("express").Router();\nrouter.post("/", (req, res) => res.json({}));\nmodule.exports = router;\n`,
      "admin/reports.js": `const router = require("express").Router();\nrouter.get("/", (req, res) => res.json([]));\nmodule.exports = router;\n`,
      "admin/logs/audit.js": `const router = require("express").Router();\nrouter.get("/", (req, res) => res.json([]));\nmodule.exports = router;\n`,
      "v2/index.js": `module.exports = require("requireindex")(__dirname);\n`,
      "v2/teams.js": `const router = require("express").Router();\nrouter.delete("/:id", (req, res) => res.end());\nmodule.exports = router;\n`,
    },
    routes: ["DELETE /v2/teams/{id} []", "GET /admin/audit []", "GET /admin/reports []", "GET /users []", "POST /items []"],
  },
  {
    // Wiki.js 2's shape: the entry puts its paths on `global`, a module it loads later reads them by bare name.
    name: "auto-load gives a folder's .js modules by camel-cased name, from process.cwd(); a name set on global is read bare elsewhere",
    files: {
      "package.json": JSON.stringify({ name: "wiki", version: "1.0.0", main: "server/index.js" }),
      "server/index.js": [
        `const path = require("path");`,
        `let WIKI = { SERVERPATH: path.join(process.cwd(), "server"), kernel: require("./kernel") };`,
        `global.WIKI = WIKI;`,
        `WIKI.kernel.init();`,
      ].join("\n"),
      "server/kernel.js": `module.exports = {\n  async init() {\n    await require("./master")();\n  },\n};\n`,
      "server/master.js": [
        `const autoload = require("auto-load"); const express = require("express"); const path = require("path");`,
        `/* global WIKI */`,
        `module.exports = async () => {`,
        `  const ctrl = autoload(path.join(WIKI.SERVERPATH, "/controllers"));`,
        `  const app = express();`,
        `  app.use("/", ctrl.userAdmin);`,
        `  app.use("/nested", ctrl.nested.pages);`,
        `  app.listen(3000);`,
        `};`,
      ].join("\n"),
      "server/controllers/user-admin.js": `const router = require("express").Router();\nrouter.get("/users", (req, res) => res.json([]));\nmodule.exports = router;\n`,
      "server/controllers/nested/pages.js": `const router = require("express").Router();\nrouter.post("/pages", (req, res) => res.json({}));\nmodule.exports = router;\n`,
      // auto-load takes `.js` and `.json` only: an `.mjs` module is no key of its object.
      "server/controllers/skipped.mjs": `import { Router } from "express";\nconst router = Router();\nrouter.get("/never", (req, res) => res.end());\nexport default router;\n`,
    },
    routes: ["GET /users []", "POST /nested/pages []"],
    diagnostics: ["APX211 server/controllers/skipped.mjs:2"],
  },
  {
    // The Serverless Framework template's `handlerPath(__dirname)`, in a repository of several services.
    name: "process.cwd() is the folder of the calling file's package, where its service is started",
    files: {
      "package.json": JSON.stringify({ name: "repo", private: true }),
      "api/package.json": JSON.stringify({ name: "api", main: "src/server.js" }),
      "api/src/server.js": [
        `const express = require("express"); const path = require("path");`,
        `const relative = (dir) => dir.split(process.cwd())[1].substring(1);`,
        `const app = express();`,
        `app.use("/" + relative(__dirname), require(path.join(process.cwd(), "src/routes/users.js")));`,
        `app.listen(3000);`,
      ].join("\n"),
      "api/src/routes/users.js": `const router = require("express").Router();\nrouter.get("/users", (req, res) => res.json([]));\nmodule.exports = router;\n`,
    },
    routes: ["GET /src/users []"],
  },
  {
    // hackathon-starter serves front-end library files from a Map of URL to file.
    name: "a Map of static entries: for...of, forEach((value, key)), get, has, set, delete and size read as JavaScript runs them",
    files: {
      "app.js": [
        `const express = require("express"); const fs = require("fs"); const app = express();`,
        `const libFiles = new Map([`,
        `  ["/js/lib/chart.js", "node_modules/chart.js/dist/chart.js"],`,
        `  ["/js/lib/popper.js", "node_modules/popper/popper.js"],`,
        `]);`,
        `for (const [fileUrl, filePath] of libFiles) {`,
        `  if (fs.existsSync(fileUrl)) throw new Error("duplicate " + fileUrl);`,
        `  app.get(fileUrl, (req, res) => res.sendFile(filePath));`,
        `}`,
        `const admin = new Map();`,
        `admin.set("users", "admin.users").set("audit", "admin.audit").set("gone", "x");`,
        `admin.delete("gone");`,
        `admin.forEach((key, name) => app.get("/admin/" + name, requirePermission(key), (req, res) => res.end()));`,
        `if (admin.has("users") && !admin.has("gone")) app.get("/admin-size/" + admin.size, (req, res) => res.end());`,
        `app.get("/audit", requirePermission(admin.get("audit")), (req, res) => res.end());`,
        `app.listen(3000);`,
      ].join("\n"),
    },
    routes: [
      "GET /admin-size/2 []",
      "GET /admin/audit [admin.audit]",
      "GET /admin/users [admin.users]",
      "GET /audit [admin.audit]",
      "GET /js/lib/chart.js []",
      "GET /js/lib/popper.js []",
    ],
  },
  {
    name: "a router a Map is given under a condition only known at run time is said, as an array's push is",
    files: {
      "app.js": [
        `const express = require("express"); const app = express();`,
        `const users = express.Router(); users.get("/", (req, res) => res.json([]));`,
        `const beta = express.Router(); beta.get("/", (req, res) => res.json([]));`,
        `const routers = new Map([["users", users]]);`,
        `if (process.env.BETA) routers.set("beta", beta);`,
        `routers.forEach((router, name) => app.use("/" + name, router));`,
        `app.listen(3000);`,
      ].join("\n"),
    },
    routes: ["GET /users []"],
    diagnostics: ["APX211 app.js:3", "APX213 app.js:5"],
  },
  {
    // In the every-pattern service below, whose tsconfig.json does not allowJs, this file is in no type program.
    name: "a key only known at run time in a JavaScript module",
    files: {
      "app.js": `const express = require("express"); const app = express();\nconst keys = loadKeys();\napp.get("/audit", requirePermission(keys.get("audit")), (req, res) => res.end());\napp.listen(3000);\n`,
    },
    routes: ["GET /audit [] unresolved(permissions)"],
    diagnostics: ["APX301 app.js:3"],
  },
  {
    name: "a RequireJS (AMD) module is browser code: its api.put('/path', data) requests are not reported as registrations",
    files: {
      "server.js": `const express = require("express");\nconst app = express();\napp.get("/ping", (req, res) => res.send("ok"));\napp.listen(4567);\n`,
      "public/src/client/category.js": [
        `'use strict';`,
        `define("forum/category", ["api", "alerts"], function (api, alerts) {`,
        `  const Category = {};`,
        `  Category.init = function () {`,
        `    $(".watch").on("click", function () {`,
        `      api.put("/categories/1/watch", { state: "watching" }, (err) => { if (err) return alerts.error(err); });`,
        `    });`,
        `  };`,
        `  return Category;`,
        `});`,
      ].join("\n"),
      "public/src/legacy.js": `window.onload = function () {\n  api.put("/categories/1/watch", { state: "watching" }, (err) => {});\n};\n`,
    },
    routes: ["GET /ping []"],
    // The same call outside an AMD module may be a registration apidex did not run: it stays reported.
    diagnostics: ["APX210 public/src/legacy.js:2"],
  },
  {
    name: "CommonJS: `module.exports = start(...)` runs when the statement does (an entry module whose exports nothing reads)",
    files: {
      "package.json": JSON.stringify({ name: "cjs-start", version: "1.0.0", main: "server.js" }),
      "setup.js": `const express = require("express");\nexports.start = (port, routers) => {\n  const app = express();\n  for (const r of routers) app.use("/api", r);\n  app.listen(port);\n  return app;\n};\n`,
      "routes.js": `const r = require("express").Router();\nr.get("/health", (q, s) => s.send("ok"));\nmodule.exports = r;\n`,
      "server.js": `module.exports = require("./setup").start(3000, [require("./routes")]);\n`,
    },
    routes: ["GET /api/health []"],
  },
  {
    name: "CommonJS: `exports.server = createApp().listen(3000)` and `module.exports = app.listen(3001)` run once, when the statement does",
    files: {
      "app.js": `const express = require("express");\nexports.createApp = function (name) {\n  const app = express();\n  app.get("/" + name, (q, s) => s.json([]));\n  return app;\n};\n`,
      "one.js": `const { createApp } = require("./app");\nexports.server = createApp("one").listen(3000);\n`,
      "two.js": `const { createApp } = require("./app");\nconst app = createApp("two");\napp.post("/twice", (q, s) => s.end());\nmodule.exports = app.listen(3001);\n`,
    },
    routes: ["GET /one []", "GET /two []", "POST /twice []"],
  },
  {
    name: "CommonJS: circular requires still read each other's exports (an export read before its statement runs is evaluated once)",
    files: {
      "a.js": `const express = require("express");\nconst b = require("./b");\nmodule.exports = express.Router().get("/a", (q, s) => s.end());\n`,
      "b.js": `const express = require("express");\nconst app = express();\napp.use("/x", require("./a"));\nmodule.exports = app;\napp.listen(3000);\n`,
    },
    routes: ["GET /x/a []"],
  },
  {
    name: "object rest destructuring of a static object: an endpoint helper passes `{ ...rest, operationId: name }` on to @hono/zod-openapi (declarations and parameters)",
    files: {
      "endpoints.ts": [
        `import { OpenAPIHono } from "@hono/zod-openapi";`,
        `type Route = { name: string; method: "get" | "post"; path: string; responses: Record<string, unknown> };`,
        `export function endpoint(app: OpenAPIHono, route: Route) {`,
        `  const { name, ...rest } = route;`,
        `  app.openapi({ ...rest, operationId: name }, (c) => c.json({}));`,
        `}`,
        `export function endpoint2(app: OpenAPIHono, { name: _name, ...spec }: Route) {`,
        `  app.openapi(spec, (c) => c.json({}));`,
        `}`,
      ].join("\n"),
      "app.ts": [
        `import { OpenAPIHono } from "@hono/zod-openapi";`,
        `import { endpoint, endpoint2 } from "./endpoints";`,
        `const app = new OpenAPIHono();`,
        `endpoint(app, { name: "listItems", method: "get", path: "/items", responses: {} });`,
        `endpoint(app, { name: "createItem", method: "post", path: "/items", responses: {} });`,
        `endpoint2(app, { name: "getItem", method: "get", path: "/items/{id}", responses: {} });`,
        `export default app;`,
      ].join("\n"),
    },
    routes: ["GET /items []", "GET /items/{id} []", "POST /items []"],
  },
  {
    name: "class-based routers: fields, constructors, this.initRoutes(), parameter properties, inheritance, a controller's methods",
    files: {
      "auth.ts": AUTH,
      "base.routes.ts": `import { Router } from "express";\nexport abstract class BaseRoutes {\n  public router = Router();\n  constructor(protected readonly path: string) { this.initializeRoutes(); }\n  protected abstract initializeRoutes(): void;\n}\n`,
      "users.routes.ts": [
        `import { BaseRoutes } from "./base.routes"; import { requirePermission } from "./auth";`,
        `class UsersController { list = (req: any, res: any) => res.json([]); create(req: any, res: any) { res.end(); } }`,
        // Not a field of UserRoutes: the base constructor registers the routes before the subclass's fields are
        // set (a field here is undefined then, and the registration throws at run time).
        `const controller = new UsersController();`,
        `export class UserRoutes extends BaseRoutes {`,
        `  constructor() { super("/users"); }`,
        `  protected initializeRoutes() {`,
        `    this.router.get(\`\${this.path}\`, requirePermission("users.read"), controller.list);`,
        `    this.router.post(this.path, requirePermission("users.write"), controller.create.bind(controller));`,
        `  }`,
        `}`,
      ].join("\n"),
      "app.ts": [
        `import express from "express"; import { UserRoutes } from "./users.routes";`,
        `class App {`,
        `  public app: express.Application;`,
        `  constructor(routes: { router: express.Router }[]) { this.app = express(); this.initializeRoutes(routes); }`,
        `  private initializeRoutes(routes: { router: express.Router }[]) { routes.forEach((route) => this.app.use("/api", route.router)); }`,
        `}`,
        `export const server = new App([new UserRoutes()]);`,
      ].join("\n"),
    },
    routes: ["GET /api/users [users.read]", "POST /api/users [users.write]"],
  },
  {
    name: "Next.js handlers destructured from a factory: export const { GET, POST } = route(...)",
    files: {
      "app/api/todos/route.ts": `import { route } from "next-rest-framework";\nexport const { GET, POST } = route({ list: {}, create: {} });\n`,
    },
    routes: ["GET /api/todos []", "POST /api/todos []"],
  },
  {
    name: "Fastify registrations inside await Promise.all([...])",
    files: {
      "fastify.ts": [
        `import Fastify from "fastify";`,
        `const users = async (f: any) => { f.get("/", async () => []); };`,
        `const teams = async (f: any) => { f.get("/", async () => []); };`,
        `export async function build() { const app = Fastify(); await Promise.all([app.register(users, { prefix: "/users" }), app.register(teams, { prefix: "/teams" })]); return app; }`,
      ].join("\n"),
    },
    routes: ["GET /teams []", "GET /users []"],
  },
  {
    name: "spread arguments forwarded to route modules, and an all() handler passed by reference that answers (next only handed to an error helper in catch)",
    files: {
      "auth.ts": AUTH,
      "express.ts": [
        `import express from "express"; import { requirePermission } from "./auth"; import { forward } from "./proxy";`,
        `type Args = [express.Router, string];`,
        `function accountRoutes(...args: Args) { const [router, key] = args; router.get("/account", requirePermission(key), (req, res) => res.json({})); }`,
        `function routes(...args: Args) { accountRoutes(...args); }`,
        `const app = express(); const router = express.Router();`,
        `routes(router, "account.read");`,
        `router.all("/tables/:name", requirePermission("tables.use"), forward);`,
        `app.use("/api", router);`,
      ].join("\n"),
      "proxy.ts": `declare function handleProxyError(error: unknown, res: any, next: any): void;\nexport async function forward(req: any, res: any, next: any) {\n  try { res.json(await fetch("http://db/" + req.params.name)); } catch (error) { handleProxyError(error, res, next); }\n}\n`,
    },
    routes: [
      "GET /api/account [account.read]",
      "DELETE /api/tables/{name} [tables.use]",
      "GET /api/tables/{name} [tables.use]",
      "HEAD /api/tables/{name} [tables.use]",
      "OPTIONS /api/tables/{name} [tables.use]",
      "PATCH /api/tables/{name} [tables.use]",
      "POST /api/tables/{name} [tables.use]",
      "PUT /api/tables/{name} [tables.use]",
    ],
  },
  {
    name: "an app class created in an exported start() nothing calls, configured by an async method",
    files: {
      "routes.ts": `import express from "express";\nconst router = express.Router();\nrouter.get("/flows", (req, res) => res.json([]));\nexport default router;\n`,
      "index.ts": [
        `import express from "express"; import http from "node:http"; import apiV1 from "./routes";`,
        `export class App {`,
        `  app: express.Application;`,
        `  constructor() { this.app = express(); }`,
        `  async config() { this.app.use(express.json()); this.app.use("/api/v1", apiV1); }`,
        `}`,
        `let serverApp: App | undefined;`,
        `export async function start(): Promise<void> {`,
        `  serverApp = new App();`,
        `  const server = http.createServer(serverApp.app);`,
        `  await serverApp.config();`,
        `  server.listen(3000);`,
        `}`,
      ].join("\n"),
    },
    routes: ["GET /api/v1/flows []"],
  },
  {
    name: "@hono/zod-openapi: OpenAPIHono apps from a factory, createRoute definitions in other files, app.openapi(route, handler), route middleware",
    files: {
      "auth.ts": AUTH,
      "routes/monitors.ts": [
        `import { createRoute, z } from "@hono/zod-openapi"; import { requirePermission } from "../auth";`,
        `export const getMonitor = createRoute({ method: "get", path: "/monitors/{id}", summary: "Get a monitor", tags: ["Monitors"], request: { params: z.object({ id: z.string() }) }, responses: {} });`,
        `export const createMonitor = createRoute({ method: "post", path: "/monitors", summary: "Create a monitor", middleware: [requirePermission("monitors.write")] as const, responses: {} });`,
      ].join("\n"),
      "routes/index.ts": [
        `import type { OpenAPIHono } from "@hono/zod-openapi"; import { getMonitor, createMonitor } from "./monitors";`,
        `export function registerMonitors(api: OpenAPIHono) {`,
        `  api.openapi(getMonitor, (c) => c.json({}));`,
        `  api.openapi(createMonitor, (c) => c.json({}, 201));`,
        `}`,
      ].join("\n"),
      "app.ts": `import { OpenAPIHono } from "@hono/zod-openapi"; import { registerMonitors } from "./routes/index";\nexport function getApp() { const app = new OpenAPIHono().basePath("/v1"); registerMonitors(app); app.doc("/openapi.json", { openapi: "3.0.0", info: { title: "x", version: "1" } }); return app; }\n`,
    },
    // app.doc() serves the document: a GET route.
    routes: ["GET /v1/monitors/{id} []", "GET /v1/openapi.json []", "POST /v1/monitors [monitors.write]"],
  },
  {
    name: "a key apidex cannot read marks the operation unresolved, with a warning",
    files: {
      "auth.ts": AUTH,
      "app.ts": `import express from "express"; import { requirePermission } from "./auth";\nconst app = express();\nconst key = process.env.KEY!;\napp.get("/a", requirePermission(key), requirePermission("a.read"), (req, res) => res.end());\n`,
    },
    routes: ["GET /a [a.read] unresolved(permissions)"],
    diagnostics: ["APX301 app.ts:4"],
  },
  {
    name: "a class extending the framework's router is that router: super({ prefix }), its own methods (private too), inherited verbs",
    files: {
      "auth.ts": AUTH.replace("req: unknown, res: unknown, next: () => void", "ctx: unknown, next: () => Promise<void>"),
      "schema-router.ts": [
        `import Router from "@koa/router"; import { requirePermission } from "./auth";`,
        `export default class SchemaRouter extends Router {`,
        `  constructor(readonly table: string, readonly key: string) {`,
        `    super({ prefix: "/" + table.replace(/_/g, "-") });`,
        `    this.#addRoutes();`,
        `  }`,
        `  #addRoutes() {`,
        `    this.get("/", requirePermission(\`\${this.key}.read\`), async (ctx) => { ctx.body = []; });`,
        `    this.delete("/:id", requirePermission(\`\${this.key}.write\`), async (ctx) => { ctx.status = 204; });`,
        `  }`,
        `  addRelationRoutes(pathname: string) {`,
        `    this.get(\`/:id/\${pathname}\`, async (ctx) => { ctx.body = []; });`,
        `  }`,
        `}`,
      ].join("\n"),
      "app.ts": [
        `import Koa from "koa"; import Router from "@koa/router"; import SchemaRouter from "./schema-router";`,
        `const roles = new SchemaRouter("organization_roles", "roles");`,
        `roles.addRelationRoutes("scopes");`,
        `roles.post("/", async (ctx) => { ctx.status = 201; });`,
        `const api = new Router({ prefix: "/api" });`,
        `api.use(roles.routes(), roles.allowedMethods());`,
        `const app = new Koa(); app.use(api.routes());`,
      ].join("\n"),
    },
    routes: [
      "DELETE /api/organization-roles/{id} [roles.write]",
      "GET /api/organization-roles [roles.read]",
      "GET /api/organization-roles/{id}/scopes []",
      "POST /api/organization-roles []",
    ],
  },
  {
    name: "a router whose prefix cannot be read is left out with a warning, never indexed without its prefix",
    files: {
      "gen.ts": `export declare function tableOf(name: string): { table: string };\n`,
      "app.ts": [
        `import Koa from "koa"; import Router from "@koa/router"; import { tableOf } from "./gen";`,
        `const things = new Router({ prefix: "/" + tableOf("things").table });`,
        `things.get("/:id", async (ctx) => { ctx.body = {}; });`,
        `const api = new Router({ prefix: "/api" });`,
        `api.get("/health", async (ctx) => { ctx.body = "ok"; });`,
        `api.use(things.routes());`,
        `const app = new Koa(); app.use(api.routes());`,
      ].join("\n"),
    },
    routes: ["GET /api/health []"],
    diagnostics: ["APX201 app.ts:2"],
  },
  {
    name: "modules added under a run-time condition are reported, not lost silently; the config's env decides the condition",
    files: {
      "search.controller.ts": `import { Controller, Get } from "@nestjs/common";\n@Controller("search")\nexport class SearchController { @Get() find(): string[] { return []; } }\n`,
      "search.module.ts": `import { Module } from "@nestjs/common"; import { SearchController } from "./search.controller";\n@Module({ controllers: [SearchController] })\nexport class SearchModule {}\n`,
      "users.controller.ts": `import { Controller, Get } from "@nestjs/common";\n@Controller("users")\nexport class UsersController { @Get() list(): string[] { return []; } }\n`,
      "app.module.ts": [
        `import { Module, type Type } from "@nestjs/common"; import { SearchModule } from "./search.module"; import { UsersController } from "./users.controller";`,
        `const searchModules: Type[] = [];`,
        `if (process.env.SEARCH_ENABLED !== "false") {`,
        `  searchModules.push(SearchModule);`,
        `}`,
        `@Module({ imports: [...searchModules], controllers: [UsersController] })`,
        `export class AppModule {}`,
      ].join("\n"),
      "main.ts": `import { NestFactory } from "@nestjs/core"; import { AppModule } from "./app.module";\nNestFactory.create(AppModule).then((app) => app.listen(3000));\n`,
    },
    routes: ["GET /users []"],
    diagnostics: ["APX213 app.module.ts:3"],
  },
  {
    name: "with env in the config, process.env is that environment (a name it omits is unset): the conditional module is read",
    files: {
      "search.controller.ts": `import { Controller, Get } from "@nestjs/common";\n@Controller("search")\nexport class SearchController { @Get() find(): string[] { return []; } }\n`,
      "search.module.ts": `import { Module } from "@nestjs/common"; import { SearchController } from "./search.controller";\n@Module({ controllers: [SearchController] })\nexport class SearchModule {}\n`,
      "app.module.ts": [
        `import { Module, type Type } from "@nestjs/common"; import { SearchModule } from "./search.module";`,
        `const searchModules: Type[] = [];`,
        `if (process.env.SEARCH_ENABLED !== "false") searchModules.push(SearchModule);`,
        `@Module({ imports: [...searchModules] })`,
        `export class AppModule {}`,
      ].join("\n"),
      "main.ts": `import { NestFactory } from "@nestjs/core"; import { AppModule } from "./app.module";\nNestFactory.create(AppModule).then((app) => app.listen(3000));\n`,
    },
    config: { env: { NODE_ENV: "production" } },
    routes: ["GET /search []"],
  },
  {
    name: "next-rest-framework's rpcRoute: one POST per key of its object, at the dynamic segment",
    files: {
      "actions.ts": `export async function getTodos() { return []; }\nexport async function createTodo(input: { title: string }) { return input; }\n`,
      "app/api/rpc/[operationId]/route.ts": [
        `import { rpcRoute } from "next-rest-framework";`,
        `import { createTodo, getTodos } from "../../../../actions";`,
        `export const { POST } = rpcRoute({ getTodos, createTodo });`,
      ].join("\n"),
    },
    routes: ["POST /api/rpc/createTodo []", "POST /api/rpc/getTodos []"],
  },
  {
    name: "a permission call whose key is an options property (Koa RPC routes with auth({ role }))",
    files: {
      "server/middlewares/authentication.ts": [
        `export enum UserRole { Admin = "admin", Member = "member" }`,
        `export default function auth(options: { role?: UserRole; optional?: boolean } = {}) {`,
        `  return async (ctx: unknown, next: () => Promise<void>) => next();`,
        `}`,
      ].join("\n"),
      "server/routes/documents.ts": [
        `import Router from "koa-router";`,
        `import auth, { UserRole } from "../middlewares/authentication";`,
        `const router = new Router();`,
        `router.post("documents.list", auth(), async (ctx) => { ctx.body = []; });`,
        `router.post("documents.info", auth({ optional: true }), async (ctx) => { ctx.body = {}; });`,
        `router.post("documents.delete", auth({ role: UserRole.Admin }), async (ctx) => { ctx.body = {}; });`,
        `router.post("documents.import", auth({ role: process.env.IMPORT_ROLE as UserRole }), async (ctx) => { ctx.body = {}; });`,
        `export default router;`,
      ].join("\n"),
      "server/app.ts": [
        `import Koa from "koa";`,
        `import mount from "koa-mount";`,
        `import Router from "koa-router";`,
        `import documents from "./routes/documents";`,
        `const api = new Koa();`,
        `const router = new Router();`,
        `router.use("/", documents.routes());`,
        `api.use(router.routes());`,
        `const app = new Koa();`,
        `app.use(mount("/api", api));`,
      ].join("\n"),
    },
    config: { permissionCalls: ["auth"], permissionCallOptions: { auth: { property: "role" } } },
    routes: [
      "POST /api/documents.delete [admin]",
      "POST /api/documents.import [] unresolved(permissions)",
      "POST /api/documents.info []",
      "POST /api/documents.list []",
    ],
    diagnostics: ["APX301 server/routes/documents.ts:7"],
  },
  {
    name: "next-rest-framework's Pages Router: apiRoute answers each operation's method, rpcApiRoute one POST per key",
    files: {
      "lib/auth.ts": `export function assertPermission(req: unknown, key: string): void {}\n`,
      "actions.ts": `export async function getTodos() { return []; }\nexport async function createTodo(input: { title: string }) { return input; }\n`,
      "pages/api/v1/todos/index.ts": [
        `import { apiRoute, apiRouteOperation } from "next-rest-framework";`,
        `import { assertPermission } from "../../../../lib/auth";`,
        `export default apiRoute({`,
        `  getTodos: apiRouteOperation({ method: "GET" }).outputs([]).handler((req, res) => res.json([])),`,
        `  createTodo: apiRouteOperation({ method: "POST" })`,
        `    .input({ contentType: "application/json" })`,
        `    .handler((req, res) => { assertPermission(req, "todos.write"); res.json({}); }),`,
        `});`,
      ].join("\n"),
      "pages/api/v1/rpc/[operationId].ts": [
        `import { rpcApiRoute } from "next-rest-framework";`,
        `import { createTodo, getTodos } from "../../../../actions";`,
        `const handler = rpcApiRoute({ getTodos, createTodo });`,
        `export default handler;`,
      ].join("\n"),
    },
    routes: ["GET /api/v1/todos []", "POST /api/v1/rpc/createTodo []", "POST /api/v1/rpc/getTodos []", "POST /api/v1/todos [todos.write]"],
  },
  {
    name: "one handler at a path and at that path plus a parameter, refusing every request without it (Flowise): the path without it is no operation (APX236)",
    files: {
      "app.ts": [
        `import express from "express";`,
        `const app = express();`,
        `const router = express.Router();`,
        `class InternalError extends Error { constructor(readonly status: number, message: string) { super(message); } }`,
        `const controller = {`,
        `  getAll: async (req: any, res: any, next: any) => {`,
        `    try {`,
        `      const order = req.query?.order as string | undefined;`,
        `      if (!req.user) return res.status(401).end();`,
        `      if (typeof req.params === "undefined" || !req.params.id) {`,
        `        throw new InternalError(412, "id not provided");`,
        `      }`,
        `      return res.json({ order, id: req.params.id });`,
        `    } catch (error) {`,
        `      next(error);`,
        `    }`,
        `  },`,
        `  // Answers both: all items without an id, one with it.`,
        `  listOrOne: (req: any, res: any) => {`,
        `    if (!req.params.id) return res.json([]);`,
        `    return res.json({ id: req.params.id });`,
        `  },`,
        `  // A catch that answers success takes the refusal back.`,
        `  swallowed: (req: any, res: any) => {`,
        `    try {`,
        `      if (!req.params.id) throw new Error("no id");`,
        `      return res.json({ id: req.params.id });`,
        `    } catch {`,
        `      return res.json([]);`,
        `    }`,
        `  },`,
        `  // An answer before the guard: the guard does not decide every request.`,
        `  early: (req: any, res: any) => {`,
        `    if (req.query.all) return res.json([]);`,
        `    if (req.params.id === undefined) return res.sendStatus(400);`,
        `    return res.json({ id: req.params.id });`,
        `  },`,
        `};`,
        `router.get(["/", "/:id"], controller.getAll);`,
        `router.delete(["/", "/:id"], controller.listOrOne);`,
        `router.put(["/", "/:id"], controller.swallowed);`,
        `router.patch(["/", "/:id"], controller.early);`,
        `router.post("/things/:thingId?", (req, res, next) => {`,
        `  const { thingId: thing } = req.params;`,
        `  if (thing == null) return next(new Error("thingId"));`,
        `  res.json({ thing });`,
        `});`,
        `app.use("/api/v1/messages", router);`,
        `app.listen(3000);`,
      ].join("\n"),
    },
    routes: [
      "DELETE /api/v1/messages []",
      "DELETE /api/v1/messages/{id} []",
      "GET /api/v1/messages/{id} []",
      "PATCH /api/v1/messages []",
      "PATCH /api/v1/messages/{id} []",
      "POST /api/v1/messages/things/{thingId} []",
      "PUT /api/v1/messages []",
      "PUT /api/v1/messages/{id} []",
    ],
    diagnostics: ["APX236 app.ts:39", "APX236 app.ts:43"],
  },
  {
    name: "a route whose handler always answers 405 (Method Not Allowed) beside the method that answers is no operation; one that answers 405 only sometimes is",
    files: {
      "app.ts": [
        `import { Hono, type Context } from "hono";`,
        `import express from "express";`,
        `function methodNotAllowed(c: Context) { return c.json({ error: "Use POST" }, 405, { Allow: "POST" }); }`,
        `const app = new Hono();`,
        `app.post("/rpc", (c) => c.json({ ok: true }));`,
        `app.get("/rpc", methodNotAllowed);`,
        `app.delete("/rpc", methodNotAllowed);`,
        `app.get("/maybe", (c) => (c.req.query("x") ? c.json({}) : c.json({}, 405)));`,
        `export default app;`,
        `const server = express();`,
        `server.post("/hooks", (req, res) => { res.json({}); });`,
        `server.get("/hooks", (req, res) => { res.status(405).set("Allow", "POST").end(); });`,
        `server.listen(3000);`,
      ].join("\n"),
    },
    routes: ["GET /maybe []", "POST /hooks []", "POST /rpc []"],
    diagnostics: ["APX412 app.ts:10"],
  },
  {
    name: "a server made by a factory and handed by its caller, which nothing runs, to the function that adds its routes (hapi `new Server()` of a named import, Express)",
    files: {
      "hapi/create.ts": [
        `import { Server } from "@hapi/hapi";`,
        `export default async function create(port: number): Promise<Server> { const server: Server = await new Server({ port }); return server; }`,
      ].join("\n"),
      "hapi/routes.ts": [
        `import type { Server } from "@hapi/hapi";`,
        `export async function register(server: Server) { server.route({ method: "GET", path: "/ping", handler: () => "pong" }); return server; }`,
      ].join("\n"),
      "hapi/run.ts": [
        `import create from "./create";`,
        `import { register } from "./routes";`,
        `export default async function run() { const server = await create(3000); await register(server); await server.start(); }`,
      ].join("\n"),
      "web/create.ts": `import express from "express";\nexport function createApp() { const app = express(); return app; }\n`,
      "web/routes.ts": `import type { Express } from "express";\nexport function addRoutes(app: Express) { app.get("/health", (req, res) => { res.send("ok"); }); }\n`,
      "web/main.ts": [
        `import { createApp } from "./create";`,
        `import { addRoutes } from "./routes";`,
        `export function main() { const app = createApp(); addRoutes(app); app.listen(3000); }`,
      ].join("\n"),
    },
    routes: ["GET /health []", "GET /ping []"],
    // Two servers of two frameworks, neither mounted on the other.
    diagnostics: ["APX412 web/create.ts:2"],
  },
  {
    name: "CommonJS: an app or router created in an assignment to module.exports used as a variable's initializer (`const app = (module.exports = express())`, `var router = module.exports = express.Router()`)",
    files: {
      "server.js": [
        `const express = require("express");`,
        `const app = (module.exports = express());`,
        `app.get("/health", (req, res) => res.send("ok"));`,
        `app.use(require("./routes/notes"));`,
        `app.use(require("./routes/tags"));`,
        `app.listen(3000);`,
      ].join("\n"),
      "routes/notes.js": `const { Router } = require("express");\nconst router = (module.exports = new Router());\nrouter.get("/api/notes", (req, res) => res.json([]));\nrouter.delete("/api/notes/:id", (req, res) => res.status(204).end());\n`,
      "routes/tags.js": `const express = require("express");\nvar router = module.exports = express.Router();\nrouter.get("/api/tags", (req, res) => res.json([]));\n`,
    },
    routes: ["DELETE /api/notes/{id} []", "GET /api/notes []", "GET /api/tags []", "GET /health []"],
  },
  {
    name: "a route whose functions only pass the request on, at a path matching everything below a prefix (`router.get('/items/*', check, (req, res, next) => next())`), gates that method's routes there and is no operation",
    files: {
      "scope.js": `module.exports = function requireScope(opts) { return function (req, res, next) { if (!req.token.scopes.includes(opts.scope)) return res.status(403).end(); next(); }; };\n`,
      "app.js": [
        `const express = require("express");`,
        `const requireScope = require("./scope");`,
        `const app = express();`,
        `const router = express.Router();`,
        `router.get(["/items", "/items/*"], requireScope({ scope: "items:read" }), (req, res, next) => next());`,
        `router.delete("/items/*", requireScope({ scope: "items:write" }), (req, res, next) => next());`,
        `router.get("/items", (req, res) => res.json([]));`,
        `router.get("/items/:id", (req, res) => res.json({ id: req.params.id }));`,
        `router.delete("/items/:id", (req, res) => res.status(204).end());`,
        `router.post("/items", (req, res) => res.status(201).end());`,
        `router.get("/other", (req, res) => res.json([]));`,
        `// A single-page app's fallback can answer: no gate, an operation.`,
        `app.use(router);`,
        `Promise.resolve().then(() => {`,
        `  app.use(express.static("dist"));`,
        `  app.get("*", (req, res, next) => { if (req.url.includes("socket.io")) { return next(); } res.sendFile(require("path").join(__dirname, "dist", "index.html")); });`,
        `});`,
        `module.exports = app;`,
      ].join("\n"),
    },
    routes: [
      "DELETE /items/{id} [items:write]",
      "GET /items [items:read]",
      "GET /items/{id} [items:read]",
      "GET /other []",
      "GET /{wildcard} []",
      "POST /items []",
    ],
    diagnostics: ["APX205 app.js:16"],
  },
  {
    name: "a router made and filled in the mount's own argument (`app.use('/v1', express.Router().get(...).post(...))`) is that one router, mounted: no second copy reported as never mounted",
    files: {
      "app.js": [
        `const express = require("express");`,
        `const app = express();`,
        `app.use("/v1", express.Router().get("/a", (req, res) => res.json([])).post("/b", (req, res) => res.json({})));`,
        `app.listen(3000);`,
      ].join("\n"),
    },
    routes: ["GET /v1/a []", "POST /v1/b []"],
  },
];

describe("valid code real services write", () => {
  it.each(cases)("$name", async (c) => {
    const result = await generateFrom(c.files, c.config);
    expect(routeLines(result)).toEqual([...c.routes].sort());
    expect(diagnosticLines(result)).toEqual(c.diagnostics ?? []);
    expect(result.diagnostics.errors).toEqual([]);
    expect(result.files.length).toBeGreaterThan(0);
  });
});

describe("a subclass's field read while its base class's constructor registers the routes", () => {
  it("is undefined then (fields are set after super() returns): the route is marked unresolved, and the warning says why", async () => {
    const result = await generateFrom({
      "base.routes.ts": `import { Router } from "express";\nexport abstract class BaseRoutes {\n  public router = Router();\n  constructor(protected readonly path: string) { this.initializeRoutes(); }\n  protected abstract initializeRoutes(): void;\n}\n`,
      "users.routes.ts": [
        `import { BaseRoutes } from "./base.routes";`,
        `class UsersController { list = (req: any, res: any) => res.json([]); }`,
        `export class UserRoutes extends BaseRoutes {`,
        `  private controller = new UsersController();`,
        `  constructor() { super("/users"); }`,
        `  protected initializeRoutes() { this.router.get(this.path, this.controller.list); }`,
        `}`,
      ].join("\n"),
      "app.ts": `import express from "express"; import { UserRoutes } from "./users.routes";\nconst app = express(); app.use("/api", new UserRoutes().router);`,
    });
    expect(routeLines(result)).toEqual(["GET /api/users [] unresolved(permissions)"]);
    expect(result.diagnostics.sorted().map((d) => `${d.code} ${d.message}`)).toEqual([
      "APX301 The handler that answers this route, `this.controller.list`, reads `controller` before the class UserRoutes sets it (a base class's constructor runs before the subclass's fields are set): a permission check in its body would be missed, so the route is marked `unresolved`.",
    ]);
  });
});

describe("a mount prefix apidex cannot read", () => {
  it("indexes what is mounted under it relative to it, marked unresolved(path), in Express and Koa (router.use and koa-mount), and leaves it out of the OpenAPI document", async () => {
    const result = await generateFrom(
      {
        "express.ts": [
          `import express from "express";`,
          `declare const config: { basePath: string };`,
          `const app = express(); const r = express.Router();`,
          `/** List the widgets. */`,
          `r.get("/widgets", (q, s) => s.json([]));`,
          `app.use(config.basePath, r);`,
          `/** Health. */`,
          `app.get("/health", (q, s) => s.end());`,
        ].join("\n"),
        "koa.ts": [
          `import Koa from "koa"; import Router from "@koa/router"; import mount from "koa-mount";`,
          `declare const settings: { prefix: string; apiPath: string };`,
          `const app = new Koa(); const root = new Router(); const sub = new Router(); const api = new Koa(); const inner = new Router();`,
          `sub.get("/items", (ctx) => { ctx.body = []; });`,
          `root.use(settings.prefix, sub.routes());`,
          `inner.get("/things", (ctx) => { ctx.body = []; }); api.use(inner.routes());`,
          `app.use(root.routes()); app.use(mount(settings.apiPath, api));`,
        ].join("\n"),
      },
      { documented: ["/**"] },
    );
    expect(routeLines(result)).toEqual([
      "GET /health []",
      "GET /items [] unresolved(path)",
      "GET /things [] unresolved(path)",
      "GET /widgets [] unresolved(path)",
    ]);
    expect(diagnosticLines(result).filter((d) => d.startsWith("APX201"))).toEqual([
      "APX201 express.ts:6",
      "APX201 koa.ts:5",
      "APX201 koa.ts:7",
    ]);
    // Every operation is documented, but only those at a known path are published.
    expect(Object.keys(result.openapi.paths ?? {})).toEqual(["/health"]);
    expect(result.index.operations.find((o) => o.path === "/widgets")?.unresolved).toEqual(["path"]);
  });
});

describe("regular expressions as paths", () => {
  it.each([
    ["(\\/api)?", ["", "/api"]],
    ["^\\/(v1|v2)\\/items$", ["/v1/items", "/v2/items"]],
    ["(?:a|b)(c)?", ["a", "ac", "b", "bc"]],
    ["\\/v\\d+", undefined],
    ["a.*", undefined],
    ["[ab]", ["a", "b"]],
    ["[a-z]", undefined],
    ["(?=x)a", undefined],
    ["a{2}", undefined],
  ])("%s is %j", (source, paths) => {
    expect(regexpPaths(source)).toEqual(paths);
  });

  it("reads prefixes from the start of the path and routes only whole (anchored)", () => {
    expect(regexpPrefixes("/(\\/api)?/")).toEqual(["/", "/api"]);
    expect(regexpPrefixes("/(api)?/")).toBeUndefined();
    expect(regexpRoutePaths("/^\\/(a|b)$/")).toEqual(["/a", "/b"]);
    expect(regexpRoutePaths("/\\/(a|b)/")).toBeUndefined();
    expect(regexpPaths("(a|b|c)(d|e|f)")).toBeUndefined();
  });
});

describe("node-config values the environment may change", () => {
  it("are said once, listing the variables whose defaults were read, not every setting of the files", async () => {
    const result = await generateFrom({
      "package.json": JSON.stringify({ name: "svc", dependencies: { express: "4", config: "3" } }),
      "config/default.js": [
        `module.exports = {`,
        `  BASE_PATH: process.env.BASE_PATH || "/api",`,
        `  API_VERSION: process.env.API_VERSION || "v2",`,
        `  DATABASE_URL: process.env.DATABASE_URL || "postgres://localhost/db",`,
        `};`,
      ].join("\n"),
      "app.js": [
        `const express = require("express"); const config = require("config");`,
        `const app = express();`,
        `app.get(\`\${config.BASE_PATH}/\${config.get("API_VERSION")}/items\`, (req, res) => res.json([]));`,
      ].join("\n"),
    });
    expect(routeLines(result)).toEqual(["GET /api/v2/items []"]);
    const said = result.diagnostics.items.filter((d) => d.code === "APX219");
    expect(said).toHaveLength(1);
    expect(said[0]!.message).toContain('`API_VERSION` (`"v2"`), `BASE_PATH` (`"/api"`)');
    expect(said[0]!.message).not.toContain("DATABASE_URL");
    // With the environment described, nothing is said and its values are used.
    const production = await generateFrom(
      {
        "package.json": JSON.stringify({ name: "svc", dependencies: { express: "4", config: "3" } }),
        "config/default.js": `module.exports = { BASE_PATH: process.env.BASE_PATH || "/api" };\n`,
        "app.js": `const express = require("express"); const config = require("config");\nconst app = express();\napp.get(config.get("BASE_PATH") + "/items", (req, res) => res.json([]));\n`,
      },
      { env: { BASE_PATH: "/edge" } },
    );
    expect(routeLines(production)).toEqual(["GET /edge/items []"]);
    expect(production.diagnostics.items.filter((d) => d.code === "APX219")).toEqual([]);
  });
});

describe("a route path whose leading part apidex cannot read", () => {
  it("indexes the route at what follows, relative to it, marked unresolved(path): Fastify route options and verbs, Express, concatenation and templates", async () => {
    const result = await generateFrom(
      {
        "fastify.ts": [
          `import Fastify from "fastify"; import fp from "fastify-plugin";`,
          `const server = Fastify();`,
          `async function users(f: any, options: { prefix: string }) {`,
          `  f.route({ method: "POST", path: options.prefix + "users/login", handler: async () => ({}) });`,
          `  f.get(\`\${options.prefix}users/:id\`, async () => ({}));`,
          `  f.get(options.prefix + "users/" + "me", async () => ({}));`,
          `  f.get(options.prefix + options.prefix, async () => ({}));`,
          `}`,
          `server.register(fp(users), { prefix: process.env.PREFIX });`,
          `server.get("/health", async () => "ok");`,
        ].join("\n"),
      },
      { documented: ["/**"] },
    );
    expect(routeLines(result)).toEqual([
      "GET /health []",
      "GET /users/me [] unresolved(path)",
      "GET /users/{id} [] unresolved(path)",
      "POST /users/login [] unresolved(path)",
    ]);
    // Each is reported at the part it could not read; a path with nothing known after it is left out, as before.
    expect(diagnosticLines(result)).toEqual(["APX201 fastify.ts:4", "APX201 fastify.ts:5", "APX201 fastify.ts:6", "APX201 fastify.ts:7"]);
    const head = result.diagnostics.items.find((d) => d.site?.line === 4)!;
    expect(head.message).toContain("`options.prefix`");
    expect(head.message).toContain('indexed as `/users/login` relative to it, marked `unresolved: ["path"]`');
    expect(result.diagnostics.items.find((d) => d.site?.line === 7)!.message).toContain("left out");
    expect(Object.keys(result.openapi.paths ?? {})).toEqual(["/health"]);
  });

  it("reads the known tail behind an unknown head, and only behind the head", () => {
    const read = (e: ts.Expression) => (ts.isStringLiteral(e) ? [e.text] : ts.isIdentifier(e) && e.text === "known" ? ["/k"] : undefined);
    const split = (code: string) => {
      const file = ts.createSourceFile("x.ts", `const x = ${code};`, ts.ScriptTarget.Latest, true);
      const init = (file.statements[0] as Ts.VariableStatement).declarationList.declarations[0]!.initializer!;
      const out = splitUnknownHead(init, read);
      return out && { head: out.head.getText(), tails: out.tails };
    };
    expect(split(`a + "/x"`)).toEqual({ head: "a", tails: ["/x"] });
    expect(split(`a + "/x" + "/y"`)).toEqual({ head: "a", tails: ["/x/y"] });
    expect(split(`a.b() + known + "/y"`)).toEqual({ head: "a.b()", tails: ["/k/y"] });
    expect(split("`${a}/x/${known}`")).toEqual({ head: "a", tails: ["/x//k"] });
    expect(split(`"/x" + a`)).toBeUndefined();
    expect(split(`a + b`)).toBeUndefined();
    // A "/" before the unknown part belongs to it (`/${config.API_VERSION}${path}`); a literal segment does not.
    expect(split("`/${a}${known}`")).toEqual({ head: "a", tails: ["/k"] });
    expect(split("`/${a}/x`")).toEqual({ head: "a", tails: ["/x"] });
    expect(split(`"/" + a + "/x"`)).toEqual({ head: `"/" + a`, tails: ["/x"] });
    expect(split("`/api/${a}`")).toBeUndefined();
    expect(split("`${a}/x/${b}`")).toBeUndefined();
  });
});

describe("a route path whose only unknown parts name path parameters", () => {
  it("indexes the route at its known path, the parameter named for what surrounds it, and says so", async () => {
    const result = await generateFrom({
      "app.ts": [
        `import Koa from "koa"; import Router from "@koa/router"; import camelcase from "camelcase";`,
        `const table = { singular: "organization_role" };`,
        `const router = new Router();`,
        `router.delete(\`/orgs/:id/roles/:\${camelcase(table.singular)}Id\`, (ctx) => { ctx.status = 204; });`,
        `router.get("/orgs/:" + camelcase("org_id") + "/users/:" + camelcase("user_id"), (ctx) => { ctx.body = []; });`,
        `router.get(\`/orgs/\${camelcase("x")}\`, (ctx) => { ctx.body = []; });`,
        `const app = new Koa(); app.use(router.routes());`,
      ].join("\n"),
    });
    expect(routeLines(result)).toEqual(["DELETE /orgs/{id}/roles/{paramId} []", "GET /orgs/{param}/users/{param2} []"]);
    // One report per name it could not read; a path segment it could not read is left out, as before.
    expect(diagnosticLines(result)).toEqual(["APX201 app.ts:4", "APX201 app.ts:5", "APX201 app.ts:5", "APX201 app.ts:6"]);
    expect(result.diagnostics.items[0]!.message).toContain("the route is indexed as `/orgs/:id/roles/:paramId`");
  });

  it("fills only names: a part after ':' up to the name's end", () => {
    const read = (e: Ts.Expression) => (ts.isStringLiteral(e) ? [e.text] : ts.isIdentifier(e) && e.text === "known" ? ["k"] : undefined);
    const fill = (code: string) => {
      const file = ts.createSourceFile("x.ts", `const x = ${code};`, ts.ScriptTarget.Latest, true);
      const init = (file.statements[0] as Ts.VariableStatement).declarationList.declarations[0]!.initializer!;
      const out = fillParameterNames(init, read);
      return out && { paths: out.paths, holes: out.holes.map((h) => h.getText()) };
    };
    expect(fill("`/a/:${x}`")).toEqual({ paths: ["/a/:param"], holes: ["x"] });
    expect(fill("`/a/:${x}Id/b`")).toEqual({ paths: ["/a/:paramId/b"], holes: ["x"] });
    expect(fill("`/a/:id${x}.json`")).toEqual({ paths: ["/a/:idparam.json"], holes: ["x"] });
    expect(fill('"/a/:" + x + "/b/:" + y')).toEqual({ paths: ["/a/:param/b/:param2"], holes: ["x", "y"] });
    expect(fill("`/${known}/:${x}`")).toEqual({ paths: ["/k/:param"], holes: ["x"] });
    expect(fill("`/a/${x}`")).toBeUndefined();
    expect(fill("`/a/:${x}/${y}`")).toBeUndefined();
    expect(fill("`/a/:${x}${y}`")).toEqual({ paths: ["/a/:param"], holes: ["x", "y"] });
    expect(fill("`/a/:id`")).toBeUndefined();
  });
});

describe("the index and OpenAPI carry any_of and unresolved", () => {
  it("writes them into the entries, only where present", async () => {
    const result = await generateFrom(cases.find((c) => c.name.startsWith("numeric enum"))!.files, {
      permissionCalls: ["isAuthenticated"],
    });
    const byPath = Object.fromEntries(
      result.index.operations.map((e) => [`${e.method} ${e.path}`, e as unknown as Record<string, unknown>]),
    );
    expect(byPath["DELETE /users/{id}"]).toMatchObject({ permissions: [], any_of: [["ADMIN", "MANAGE_USERS"]] });
    expect(byPath["GET /users"]).not.toHaveProperty("any_of");
    expect(byPath["GET /users"]).not.toHaveProperty("unresolved");
    const unresolved = await generateFrom(cases.find((c) => c.name.startsWith("a key apidex cannot read"))!.files);
    expect(unresolved.index.operations[0]).toMatchObject({ permissions: ["a.read"], unresolved: ["permissions"] });
  });
});

/** Every pattern above in one service, written to disk and run as a user would. */
describe("a service with every pattern, from the command line", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "apidex-realworld-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (files: Record<string, string>) => {
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      writeFileSync(path.join(dir, name), text);
    }
  };
  write({
    "package.json": JSON.stringify({ name: "every-pattern", version: "1.0.0" }),
    "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, experimentalDecorators: true } }),
  });
  for (const c of cases) {
    if (c.config?.nest?.app || c.config?.permissionCalls) continue; // those need a config; the rest is zero-config
    write(
      Object.fromEntries(Object.entries(c.files).map(([name, text]) => [`src/${c.name.replace(/\W+/g, "-").slice(0, 40)}/${name}`, text])),
    );
  }
  const cli = (...args: string[]) =>
    spawnSync(process.execPath, [path.join(REPO_ROOT, "lib", "cli.cjs"), ...args], {
      cwd: dir,
      encoding: "utf8",
      env: { ...process.env, CI: "true" },
    });

  it("writes its artifacts zero-config, with warnings", () => {
    const run = cli("generate", "--root", ".", "--out", "out", "--no-cache");
    expect(run.stderr).toMatch(/warning APX205/);
    expect(run.stderr).toMatch(/warning APX210/);
    expect(run.stderr).toMatch(/warning APX301/);
    expect(run.stderr).not.toMatch(/ error /);
    expect(run.status).toBe(0);
    const index = JSON.parse(readFileSync(path.join(dir, "out", "operations.json"), "utf8")) as {
      operations: { path: string; unresolved?: string[] }[];
    };
    expect(index.operations.map((o) => o.path)).toContain("/{wildcard}");
    expect(index.operations.some((o) => o.unresolved?.includes("permissions"))).toBe(true);
  });

  it("fails under --strict and writes nothing", () => {
    const run = cli("generate", "--root", ".", "--out", "strict-out", "--strict", "--no-cache");
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/error APX205/);
    expect(run.stderr).toMatch(/made an error by --strict/);
    expect(existsSync(path.join(dir, "strict-out", "operations.json"))).toBe(false);
  });
});

/**
 * Runs the built CLI on `root` inside a tree on disk, as a user would (no stderr, exit 0), and gives its
 * operations as `METHOD path [keys]`.
 */
function generateInTree(dir: string, root: string): string[] {
  const run = spawnSync(process.execPath, [path.join(REPO_ROOT, "lib", "cli.cjs"), "generate", "--root", root, "--no-cache"], {
    cwd: dir,
    encoding: "utf8",
    env: { ...process.env, CI: "true" },
  });
  expect(run.stderr).toBe("");
  expect(run.status).toBe(0);
  const index = JSON.parse(readFileSync(path.join(dir, root, "dist/operations.json"), "utf8")) as {
    operations: { method: string; path: string; permissions: string[] }[];
  };
  return index.operations.map((o) => `${o.method} ${o.path} [${o.permissions.join(",")}]`);
}

/**
 * An Express app in JavaScript whose middleware checks CASL abilities through its user model (`req.currentUser.can(action,
 * subject)`), the module that imports `@casl/ability` being one only a model imports: on disk the scan parses it
 * later than the middleware is read, so the package's dependency on CASL says the sources use it.
 */
describe("CASL through a model of the sources, in a package that depends on @casl/ability", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "apidex-casl-model-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const files: Record<string, string> = {
    "package.json": JSON.stringify({ name: "flows", type: "module", dependencies: { "@casl/ability": "^6.5.0", express: "^4.21.0" } }),
    "src/helpers/authorization.js": [
      `export const authorizeFlows = async (request, response, next) => {`,
      `  request.currentUser.can("read", "Flow");`,
      `  next();`,
      `};`,
    ].join("\n"),
    "src/helpers/user-ability.js": `import { PureAbility } from "@casl/ability";\nexport default function userAbility(user) { return new PureAbility(user.permissions); }\n`,
    "src/models/user.js": `import userAbility from "../helpers/user-ability.js";\nexport class User { can(action, subject) { return userAbility(this).can(action, subject); } }\n`,
    "src/app.js": [
      `import express from "express";`,
      `import { authorizeFlows } from "./helpers/authorization.js";`,
      `const app = express();`,
      `app.get("/flows", authorizeFlows, (req, res) => res.json([]));`,
      `app.listen(3000);`,
    ].join("\n"),
  };
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  it("reads the ability check as the key subject:action", () => {
    expect(generateInTree(dir, ".")).toEqual(["GET /flows [Flow:read]"]);
  });
});

/** A lerna monorepo of JavaScript packages (2017): a hapi 16 server registers a plugin package by name, unlinked. */
describe("a lerna monorepo of JavaScript packages, hapi 16 plugins", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "apidex-lerna-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const files: Record<string, string> = {
    "package.json": JSON.stringify({ name: "acme", private: true }),
    "lerna.json": JSON.stringify({ version: "independent" }),
    "packages/server/package.json": JSON.stringify({
      name: "@acme/server",
      main: "index.js",
      dependencies: { hapi: "16", "@acme/widgets": "1" },
    }),
    "packages/server/index.js": [
      `const Hapi = require("hapi");`,
      `const server = new Hapi.Server();`,
      `server.connection({ port: 3000 });`,
      `server.register([{ register: require("@acme/widgets"), options: {} }], { routes: { prefix: "/v1" } }, (err) => { if (err) throw err; });`,
      `server.route({ method: "GET", path: "/ping", handler: (request, reply) => reply("ok") });`,
      `server.start(() => {});`,
    ].join("\n"),
    "packages/widgets/package.json": JSON.stringify({ name: "@acme/widgets", main: "lib/index.js" }),
    "packages/widgets/lib/index.js": [
      `exports.register = function (server, options, next) {`,
      `  server.route({ method: "GET", path: "/widgets/{id}", config: { auth: { scope: ["widgets:read"] } }, handler: (request, reply) => reply({}) });`,
      `  next();`,
      `};`,
      `exports.register.attributes = { name: "widgets" };`,
    ].join("\n"),
  };
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }

  it("follows the plugin package to its JavaScript and runs its register(server, options, next) under the prefix", () => {
    expect(generateInTree(dir, "packages/server")).toEqual(["GET /ping []", "GET /v1/widgets/{id} [widgets:read]"]);
  });
});

/** hapi documented routes written in a module of routes: the registering call's module is read for types too. */
describe("hapi documented routes in a module of routes", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "apidex-hapi-docs-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const files: Record<string, string> = {
    "package.json": JSON.stringify({ name: "svc", main: "server.js", dependencies: { "@hapi/hapi": "21" } }),
    "apidex.config.json": JSON.stringify({ documented: ["/**"] }),
    "server.js": `const Hapi = require("@hapi/hapi");\nconst plugin = require("./plugins/notes");\nconst server = new Hapi.Server({ port: 3000 });\nserver.register({ plugin, routes: { prefix: "/v1" } });\nserver.start();\n`,
    "plugins/notes/index.js": `const list = require("./list");\nmodule.exports = { name: "notes", register(server) { server.route([list]); } };\n`,
    "plugins/notes/list.js": `module.exports = { method: "GET", path: "/notes", options: { description: "List notes", handler: () => [] } };\n`,
  };
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }

  it("writes the documented operation (no internal error)", () => {
    const run = spawnSync(process.execPath, [path.join(REPO_ROOT, "lib", "cli.cjs"), "generate", "--root", ".", "--no-cache"], {
      cwd: dir,
      encoding: "utf8",
      env: { ...process.env, CI: "true" },
    });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    const openapi = JSON.parse(readFileSync(path.join(dir, "dist/openapi-public.json"), "utf8")) as { paths: Record<string, unknown> };
    expect(Object.keys(openapi.paths)).toEqual(["/v1/notes"]);
  });
});

/** package.json `bin` entries without an extension: one node runs (analysed, though no glob lists it), one a shell runs (not read). */
describe("bin entries without an extension", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "apidex-bin-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const files: Record<string, string> = {
    "package.json": JSON.stringify({
      name: "svc",
      bin: { svc: "./bin/svc", "svc-small": "bin/svc-small" },
      dependencies: { express: "4" },
    }),
    "bin/svc": `#!/usr/bin/env node\nconst { Server } = require("../src/server");\nnew Server().start();\n`,
    "bin/svc-small": `#!/bin/sh\n# a smaller heap on small boards\nexec node --max-old-space-size=256 "$(dirname "$0")/svc" "$@"\n`,
    "src/server.js": `const express = require("express");\nclass Server {\n  constructor() { this.app = express(); }\n  start() { this.app.get("/status", (req, res) => res.json({})); this.app.listen(3000); }\n}\nmodule.exports = { Server };\n`,
  };
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }

  it("runs the node script and reads nothing of the shell script (no syntax warnings)", () => {
    expect(generateInTree(dir, ".")).toEqual(["GET /status []"]);
  });
});

/**
 * A pnpm monorepo whose root package.json keeps a `workspaces` list for another package manager, and whose
 * pnpm-workspace.yaml (indented, as YAML allows) names one more folder: a package of either is the project's.
 */
describe("a monorepo with both pnpm-workspace.yaml and package.json workspaces", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "apidex-pnpm-both-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const files: Record<string, string> = {
    "package.json": JSON.stringify({ name: "acme", private: true, workspaces: ["apps/*"] }),
    "pnpm-workspace.yaml": " packages:\n   - apps/*\n   - internal/*\n",
    "apps/api/package.json": JSON.stringify({ name: "@acme/api", dependencies: { hono: "4", "@acme/billing": "workspace:*" } }),
    "apps/api/tsconfig.json": JSON.stringify({ compilerOptions: { strict: true } }),
    "apps/api/src/index.ts": `import { Hono } from "hono";\nimport { billing } from "@acme/billing";\nconst app = new Hono();\napp.get("/health", (c) => c.text("ok"));\napp.route("/billing", billing);\nexport default app;\n`,
    "internal/billing/package.json": JSON.stringify({ name: "@acme/billing", main: "dist/index.js" }),
    "internal/billing/src/index.ts": `import { Hono } from "hono";\nexport const billing = new Hono();\nbilling.get("/invoices", (c) => c.json([]));\nbilling.post("/invoices", (c) => c.json({}, 201));\n`,
  };
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }

  it("reads the routes of a package only pnpm-workspace.yaml names", () => {
    expect(generateInTree(dir, "apps/api").sort()).toEqual(["GET /billing/invoices []", "GET /health []", "POST /billing/invoices []"]);
  });
});

/** A pnpm monorepo: the app apidex runs on imports its routes and keys from workspace packages, unbuilt, unlinked. */
describe("a monorepo's workspace packages", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "apidex-monorepo-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const files: Record<string, string> = {
    "package.json": JSON.stringify({ name: "acme", private: true }),
    "pnpm-workspace.yaml": "packages:\n  - 'apps/*'\n  # tooling\n  - \"packages/*\"\n",
    "apps/api/package.json": JSON.stringify({
      name: "@acme/api",
      version: "2.0.0",
      dependencies: { "@acme/users-routes": "workspace:*", "@acme/shared": "workspace:*" },
    }),
    "apps/api/tsconfig.json": JSON.stringify({ compilerOptions: { module: "NodeNext", moduleResolution: "NodeNext", strict: true } }),
    "apps/api/src/app.ts": `import express from "express";\nimport { usersRouter } from "@acme/users-routes";\nimport { requirePermission } from "@acme/shared/auth";\nexport const app = express();\napp.use("/v1/users", requirePermission("api.access"), usersRouter);\n`,
    "packages/users-routes/package.json": JSON.stringify({
      name: "@acme/users-routes",
      main: "dist/index.js",
      exports: { ".": { types: "./dist/index.d.ts", import: "./dist/index.js" } },
    }),
    "packages/users-routes/src/index.ts": `export { usersRouter } from "./router.js";\n`,
    "packages/users-routes/src/router.ts": `import { Router } from "express";\nimport { requirePermission } from "@acme/shared/auth";\nimport { USERS_READ } from "@acme/shared/permissions";\nexport const usersRouter = Router();\nusersRouter.get("/", requirePermission(USERS_READ), (req, res) => res.json([]));\nimport type { User } from "@acme/shared/types";\n/**\n * Get a user\n * @documented\n * @response 200 User\n */\nusersRouter.get("/:id", requirePermission(USERS_READ), (req, res) => res.json({}));\n`,
    "packages/shared/package.json": JSON.stringify({
      name: "@acme/shared",
      exports: { "./auth": "./dist/auth.js", "./*": { types: "./dist/*.d.ts", default: "./dist/*.js" } },
    }),
    "packages/shared/src/auth.ts": AUTH,
    "packages/shared/src/permissions.ts": `export const USERS_READ = "users.read";\n`,
    "packages/shared/src/types.ts": `export interface User {\n  id: string;\n  email: string;\n}\n`,
  };
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }

  it("follows imports of workspace packages to their sources, zero-config", () => {
    expect(generateInTree(dir, "apps/api")).toEqual([
      "GET /v1/users [api.access,users.read]",
      "GET /v1/users/{id} [api.access,users.read]",
    ]);
  });

  it("reads types from a workspace package's sources, not its unbuilt dist: the same document built or not", () => {
    const openapi = JSON.parse(readFileSync(path.join(dir, "apps/api/dist/openapi-public.json"), "utf8")) as {
      paths: Record<string, Record<string, { responses: Record<string, { content: Record<string, { schema: unknown }> }> }>>;
      components: { schemas: Record<string, unknown> };
    };
    expect(openapi.paths["/v1/users/{id}"]!.get!.responses["200"]!.content["application/json"]!.schema).toEqual({
      $ref: "#/components/schemas/User",
    });
    expect(openapi.components.schemas.User).toMatchObject({
      type: "object",
      properties: { id: { type: "string" }, email: { type: "string" } },
      required: ["id", "email"],
    });
  });
});

/**
 * A command-line program started with a command (`node index start`, The Lounge's), whose commands are
 * commander's `new Command("start").action(...)` and `program.command("setup").action(...)`: the start script's
 * command starts the server; a command it does not give (a setup installer serving its own pages) is not run.
 */
describe("a service a command-line program starts, with the command its start script gives", () => {
  const tree = (start: string) => {
    const dir = mkdtempSync(path.join(tmpdir(), "apidex-cli-command-"));
    const files: Record<string, string> = {
      "package.json": JSON.stringify({
        name: "lounge",
        main: "index.js",
        scripts: { start },
        dependencies: { commander: "^12", express: "^4" },
      }),
      "index.js": `require("./src/command-line");\n`,
      "src/command-line/index.js": [
        `const { Command } = require("commander");`,
        `const express = require("express");`,
        `const program = new Command("lounge");`,
        `program.addCommand(require("./start"));`,
        `program.command("setup").description("the web installer").action(() => {`,
        `  const setup = express();`,
        `  setup.post("/install", (req, res) => res.end());`,
        `  setup.listen(4567);`,
        `});`,
        `program.parse(process.argv);`,
      ].join("\n"),
      "src/command-line/start.js": [
        `const { Command } = require("commander");`,
        `const express = require("express");`,
        `const program = new Command("start");`,
        `program.description("Start the server").option("--dev", "development mode").action(function (options) {`,
        `  const app = express();`,
        `  app.get("/", (req, res) => res.send("index"));`,
        `  app.get("/themes/:theme.css", (req, res) => res.end());`,
        `  app.listen(9000);`,
        `});`,
        `module.exports = program;`,
      ].join("\n"),
    };
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      writeFileSync(path.join(dir, name), text);
    }
    return dir;
  };
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    // The commands not started are said where they register (APX210: a callback apidex does not run).
    ["node index start", ["GET / []", "GET /themes/{theme}.css []"], ["src/command-line/index.js:7"]],
    [
      "cross-env NODE_ENV=production node --enable-source-maps index.js start --dev",
      ["GET / []", "GET /themes/{theme}.css []"],
      ["src/command-line/index.js:7"],
    ],
    // An option's value is no file (`-r dotenv/config`), and a runner's subcommand none either (`tsx watch`).
    ["node -r dotenv/config index start", ["GET / []", "GET /themes/{theme}.css []"], ["src/command-line/index.js:7"]],
    ["tsx watch --env-file .env index setup", ["POST /install []"], ["src/command-line/start.js:6", "src/command-line/start.js:7"]],
    ["node index setup", ["POST /install []"], ["src/command-line/start.js:6", "src/command-line/start.js:7"]],
    ["node index.js", [], ["src/command-line/index.js:7", "src/command-line/start.js:6", "src/command-line/start.js:7"]],
  ])("`%s`", (start, routes, unrun) => {
    const dir = tree(start);
    dirs.push(dir);
    const run = spawnSync(process.execPath, [path.join(REPO_ROOT, "lib", "cli.cjs"), "generate", "--root", ".", "--no-cache"], {
      cwd: dir,
      encoding: "utf8",
      env: { ...process.env, CI: "true" },
    });
    expect(run.status).toBe(0);
    const index = JSON.parse(readFileSync(path.join(dir, "dist/operations.json"), "utf8")) as {
      operations: { method: string; path: string; permissions: string[] }[];
    };
    expect(index.operations.map((o) => `${o.method} ${o.path} [${o.permissions.join(",")}]`)).toEqual(routes);
    expect([...run.stderr.matchAll(/^(\S+):(\d+):\d+ warning APX210/gm)].map((m) => `${m[1]}:${m[2]}`).sort()).toEqual(unrun);
  });
});

describe("calls past the depth apidex follows", () => {
  it("says why a registration below them was not read (APX210 naming the depth, beside the one APX220)", async () => {
    const result = await generateFrom({ "server.js": deepServer() });
    const unread = result.diagnostics.items.filter((d) => d.code === "APX210");
    expect(unread.map((d) => d.message)).toEqual([expect.stringContaining("past the depth of nested calls apidex follows (APX220)")]);
    expect(result.diagnostics.items.filter((d) => d.code === "APX220")).toHaveLength(1);
  });
});
