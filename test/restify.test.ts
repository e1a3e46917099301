import { checkOverHttp } from "./helpers/http-oracle.js";
import { readFileSync } from "node:fs";
import type { Server } from "node:http";
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

/** restify (7 to 11) and restify-router, read on the Express host (generator/extract/restify). */
const fixture = path.join(REPO_ROOT, "test", "fixtures", "restify");
const toOpenApi = (p: string) => p.replace(/:([A-Za-z_$][\w$]*)(\([^)]*\))?/g, "{$1}").replace(/\/$/, "") || "/";

async function indexOf() {
  const result = await generate(await loadConfig({ cwd: REPO_ROOT, root: fixture }));
  expect(result.diagnostics.errors).toEqual([]);
  return result;
}

interface RestifyServer {
  router: { getRoutes: () => Record<string, { method: string; path: string }> };
  server: Server;
  listen: (port: number, host: string, cb: () => void) => unknown;
  close: (cb: () => void) => unknown;
}

describe("restify with restify-router (fixture)", () => {
  it("matches the golden index", async () => {
    const result = await indexOf();
    expect(canonicalJson(result.index)).toBe(readFileSync(path.join(fixture, "expected-operations.json"), "utf8"));
  });

  it("equals the routes restify registered (server.router.getRoutes()), and each answers over HTTP with its keys, 403 without one", async () => {
    const result = await indexOf();
    const { createServer } = (await import(pathToFileURL(path.join(fixture, "src", "server.ts")).href)) as {
      createServer: () => RestifyServer;
    };
    const server = createServer();
    const runtime = Object.values(server.router.getRoutes()).map((r) => `${r.method} ${toOpenApi(r.path)}`);
    const indexed = result.index.operations.map((o) => `${o.method} ${o.path}`);
    expect([...new Set(runtime)].sort()).toEqual([...indexed].sort());

    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.server.address() as AddressInfo;
      const out = await checkOverHttp(port, result.index, [["GET", "/no-such-route", 404]]);
      expect(out).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

const ok = `(req, res, next) => { res.send(200); return next(); }`;
const CASES: InMemoryCase[] = [
  {
    name: "createServer() and every route method (del, opts), a path or restify's options object (path or url)",
    files: {
      "src/server.ts": `import restify from "restify";
const server = restify.createServer({ name: "api" });
server.get("/a/:id", ${ok});
server.head({ path: "/a/:id", name: "HeadA" }, ${ok});
server.post({ url: "/a", name: "CreateA" }, ${ok});
server.put({ path: "/a/:id", version: "2.0.0" }, ${ok});
server.patch("/a/:id", ${ok});
server.del({ path: "/a/:id", name: "DeleteA" }, ${ok});
server.opts("/a", ${ok});
const route = { path: "/b", name: "GetB" };
server.get(route, ${ok});
server.listen(8080);`,
    },
    routes: [
      "DELETE /a/{id} []",
      "GET /a/{id} []",
      "GET /b []",
      "HEAD /a/{id} []",
      "OPTIONS /a []",
      "PATCH /a/{id} []",
      "POST /a []",
      "PUT /a/{id} []",
    ],
  },
  {
    name: "CommonJS require and a named createServer import; a handler array; checks in handler bodies",
    files: {
      "src/a.js": `const restify = require("restify");
const server = restify.createServer();
server.get("/x", [requirePermission("x.read"), (req, res, next) => { res.send(1); next(); }]);
module.exports = server;`,
      "src/b.ts": `import { createServer } from "restify";
const server = createServer();
server.post("/y", (req, res, next) => { requirePermission("y.write"); res.send(1); next(); });`,
    },
    routes: ["GET /x [x.read]", "POST /y [y.write]"],
  },
  {
    name: "use() and pre() run for every route, those registered before them too",
    files: {
      "src/server.ts": `import * as restify from "restify";
const server = restify.createServer();
server.get("/before", ${ok});
server.pre((req, res, next) => { requirePermission("pre.key"); next(); });
server.use(restify.plugins.bodyParser(), requirePermission("use.key"));
server.get("/after", ${ok});`,
    },
    routes: ["GET /after [pre.key,use.key]", "GET /before [pre.key,use.key]"],
  },
  {
    name: "restify-router: applyRoutes(server, prefix), add(prefix, sub), group(prefix, ...mw, fn); the router's use() covers all its routes and nested routers'",
    files: {
      "src/server.ts": `import restify from "restify";
import { Router } from "restify-router";
import { users } from "./users";
const server = restify.createServer();
const api = new Router();
api.get("/health", ${ok});
api.add("/users", users);
api.group("/admin", requirePermission("admin"), (r) => { r.del("/cache", ${ok}); });
api.use(requirePermission("api"));
api.applyRoutes(server, "/v1");
users.applyRoutes(server);`,
      "src/users.ts": `const Router = require("restify-router").Router;
export const users = new Router();
users.get("/:id", ${ok});`,
    },
    routes: ["DELETE /v1/admin/cache [admin,api]", "GET /v1/health [api]", "GET /v1/users/{id} [api]", "GET /{id} []"],
  },
  {
    name: "a regular-expression path of literal alternatives is each path; an app factory nobody calls is run",
    files: {
      "src/server.ts": `import restify from "restify";
export function build() {
  const server = restify.createServer();
  server.get(/^\\/(v1|v2)\\/status$/, ${ok});
  return server;
}`,
    },
    routes: ["GET /v1/status []", "GET /v2/status []"],
  },
  {
    name: "an ES5 constructor whose prototype methods create the server and register the routes (a CommonJS service of restify's era)",
    files: {
      "server.js": `var App = require("./lib/app");
var app = new App({ port: 8080 });
app.listen();`,
      "lib/app.js": `var restify = require("restify");
var vms = require("./endpoints/vms");
function App(options) {
  this.options = options;
  this._init();
}
App.prototype._init = function _init() {
  this.server = restify.createServer({ name: "vmapi" });
  this.setRoutes();
};
App.prototype.setRoutes = function () {
  this.server.get({ path: "/ping", name: "Ping" }, ${ok});
  vms.mount(this.server);
};
App.prototype.listen = function () {
  this.server.listen(this.options.port);
};
module.exports = App;`,
      "lib/endpoints/vms.js": `function mount(server) {
  server.del({ path: "/vms/:uuid", name: "DeleteVm" }, requirePermission("vms.write"), ${ok});
}
module.exports = { mount: mount };`,
    },
    routes: ["DELETE /vms/{uuid} [vms.write]", "GET /ping []"],
  },
  {
    name: "what cannot be read is said where it is written: a computed path, an options object's path, applyRoutes on an unknown server, add() of an unknown router",
    files: {
      "src/server.ts": `import restify from "restify";
import { Router } from "restify-router";
import { makeRouter, getServer } from "./elsewhere";
const server = restify.createServer();
server.get(process.env.HEALTH_PATH, ${ok});
server.get({ path: process.env.STATUS_PATH, name: "Status" }, ${ok});
server.get("/kept", ${ok});
const r = new Router();
r.get("/r", ${ok});
r.add("/sub", makeRouter());
r.applyRoutes(getServer());`,
      "src/elsewhere.ts": `import { container } from "awilix-container";
export const makeRouter = () => container.resolve("router");
export const getServer = () => container.resolve("server");`,
    },
    routes: ["GET /kept []"],
    diagnostics: ["APX201 src/server.ts:5", "APX201 src/server.ts:6", "APX210 src/server.ts:10", "APX210 src/server.ts:11"],
  },
];

describe("restify patterns (in memory)", () => {
  it.each(CASES)("$name", async ({ files, routes, diagnostics }) => {
    const result = await generateFrom(files);
    expect(routeLines(result)).toEqual(routes);
    const warnings = diagnosticLines(result).filter((d) => !d.startsWith("APX4"));
    expect(warnings).toEqual(diagnostics ?? []);
  });
});

describe("the scan keeps a file that only imports restify or restify-router (its server or router is made there)", () => {
  it.each(["restify", "restify-router"])("%s", (pkg) => {
    expect(mayRegisterRoutes(`const lib = require("${pkg}");\nmodule.exports = lib.createServer;\n`, "lib/server.js")).toBe(true);
  });
});
