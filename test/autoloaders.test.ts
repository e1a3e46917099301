import { readFileSync } from "node:fs";
import type { Server } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../generator/config/load-config.js";
import { generate } from "../generator/generate.js";
import { canonicalJson } from "../generator/write/canonical-json.js";
import { checkOverHttp } from "./helpers/http-oracle.js";
import { diagnosticLines, generateFrom, type InMemoryCase, routeLines } from "./helpers/in-memory.js";
import { REPO_ROOT } from "./helpers/repo.js";

/**
 * The autoloaders of 2010s Express apps (generator/resolve/autoloaders.ts): consign and express-load, whose
 * `into(app)` calls each loaded module with the app and attaches it under its folder path, and
 * express-enrouten, which mounts each controller of a folder at its path.
 */
const fixture = path.join(REPO_ROOT, "test", "fixtures", "autoloaders");
const require = createRequire(import.meta.url);

async function indexOf(root: string) {
  const result = await generate(await loadConfig({ cwd: REPO_ROOT, root }));
  expect(result.diagnostics.errors).toEqual([]);
  return result;
}

interface Express4Layer {
  regexp: RegExp & { fast_slash?: boolean };
  route?: { path: string; methods: Record<string, boolean> };
  handle: { stack?: Express4Layer[] };
}

/**
 * Express 4's own route table: its router's stack, each mounted router's stack below the path its layer
 * matches (Express 4 keeps a mount's path only as the expression path-to-regexp 0.1 made of it,
 * `/^\/api\/?(?=\/|$)/i`, read back here).
 */
function express4Routes(stack: Express4Layer[], prefix = ""): string[] {
  const toOpenApi = (p: string) => p.replace(/:([A-Za-z_$][\w$]*)/g, "{$1}").replace(/(.)\/$/, "$1") || "/";
  return stack.flatMap((layer) => {
    if (layer.route) {
      const methods = Object.keys(layer.route.methods).filter((m) => layer.route!.methods[m]);
      return methods.map((m) => `${m.toUpperCase()} ${toOpenApi(prefix + (layer.route!.path === "/" && prefix ? "" : layer.route!.path))}`);
    }
    if (!layer.handle.stack) return [];
    const mount = layer.regexp.fast_slash
      ? ""
      : layer.regexp.source
          .replace(/^\^/, "")
          .replace(/\\\/\?\(\?=\\\/\|\$\)$/, "")
          .replace(/\\\//g, "/");
    return express4Routes(layer.handle.stack, prefix + mount);
  });
}

/**
 * The fixture's app, booted with the real packages from the fixture's folder (consign and express-load read
 * their folders from `process.cwd()`), on Express 4 (express-enrouten reaches into Express 4's `_router`):
 * `require("express")` from the fixture and from enrouten is given the `express4` devDependency.
 */
function bootFixture(): { _router: { stack: Express4Layer[] }; listen: (port: number, host: string, cb: () => void) => Server } {
  const Module = require("node:module") as { _resolveFilename: (request: string, ...rest: unknown[]) => string };
  const original = Module._resolveFilename;
  const express4 = require.resolve("express4");
  const cwd = process.cwd();
  Module._resolveFilename = function (this: unknown, request: string, ...rest: unknown[]) {
    return request === "express" ? express4 : original.call(this, request, ...rest);
  };
  process.chdir(fixture);
  try {
    return require(path.join(fixture, "server.js"));
  } finally {
    process.chdir(cwd);
    Module._resolveFilename = original;
  }
}

describe("consign, express-load and express-enrouten (fixture)", () => {
  it("matches the golden index; the modules no loader calls are said", async () => {
    const result = await indexOf(fixture);
    expect(canonicalJson(result.index)).toBe(readFileSync(path.join(fixture, "expected-operations.json"), "utf8"));
    // drafts.js (excluded from the consign chain) and api/reports.js (a function of two parameters, which
    // enrouten does not call) register routes that nothing runs.
    const said = result.diagnostics
      .sorted()
      .map((d) => `${d.code} ${d.site ? `${path.relative(fixture, d.site.file)}:${d.site.line}` : "-"}`);
    expect(said).toEqual(["APX210 api/reports.js:5", "APX210 app/routes/drafts.js:5"]);
  });

  it("equals Express 4's own route table once the real packages have loaded the fixture, and each operation answers over HTTP with its keys, 403 without one", async () => {
    const result = await indexOf(fixture);
    const app = bootFixture();
    const table = [...new Set(express4Routes(app._router.stack))].sort();
    expect(table).toEqual(result.index.operations.map((o) => `${o.method} ${o.path}`).sort());
    const server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    try {
      const { port } = server.address() as AddressInfo;
      const out = await checkOverHttp(port, result.index, [
        ["GET", "/drafts", 404],
        ["GET", "/scratch", 404],
        ["GET", "/api/reports", 404],
        ["GET", "/api/helpers", 404],
      ]);
      expect(out).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

const pkg = (deps: Record<string, string>) => ({
  "package.json": JSON.stringify({ name: "svc", version: "1.0.0", dependencies: { express: "4.17.1", ...deps } }),
});
const perms = `function requirePermission(...keys) { return (req, res, next) => (keys.every((k) => req.user.can(k)) ? next() : res.sendStatus(403)); }\nmodule.exports = { requirePermission };\n`;
const ok = `(req, res) => res.json({})`;

const CASES: InMemoryCase[] = [
  {
    name: "consign: include, then then (in the chain's order); a folder's files and subfolders in listing order, each attached under its folder path (cwd: the project root), where the routes loaded after it read it; into's other arguments passed on",
    files: {
      ...pkg({ consign: "0.1.6" }),
      "lib/permissions.js": perms,
      "server.js": `const express = require("express");
const consign = require("consign");
const app = express();
consign().include("app/controllers").then("app/routes").into(app, { prefix: "/v1" });
app.listen(3000);`,
      "app/controllers/users.js": `const { requirePermission } = require("../../lib/permissions");
module.exports = function (app) {
  const c = {};
  c.list = ${ok};
  c.create = ${ok};
  c.remove = [requirePermission("users.delete"), ${ok}];
  return c;
};`,
      "app/controllers/admin/audit.js": `module.exports = (app) => ({ index: ${ok} });`,
      "app/routes/users.js": `const { requirePermission } = require("../../lib/permissions");
module.exports = function (app) {
  const users = app.app.controllers.users;
  app.get("/users", users.list);
  app.post("/users", requirePermission("users.create"), users.create);
  app.delete("/users/:id", users.remove);
};`,
      "app/routes/admin/audit.js": `const { requirePermission } = require("../../../lib/permissions");
module.exports = (application, options) => {
  application.get(options.prefix + "/audit", requirePermission("audit.read"), application.app.controllers.admin.audit.index);
};`,
    },
    routes: ["DELETE /users/{id} [users.delete]", "GET /users []", "GET /v1/audit [audit.read]", "POST /users [users.create]"],
  },
  {
    name: "consign: cwd names the folder the paths (and the names) start from; a comma-separated include; a module that exports no function is attached as it is",
    files: {
      ...pkg({ consign: "0.1.6" }),
      "src/server.js": `const express = require("express");
const app = express();
require("consign")({ cwd: "src/app", verbose: false }).include("config, controllers").then("routes").into(app);
module.exports = app;`,
      "src/app/config/paths.js": `module.exports = { base: "/v2" };`,
      "src/app/controllers/items.js": `module.exports = () => ({ list: ${ok} });`,
      "src/app/routes/items.js": `module.exports = (app) => { app.get(app.config.paths.base + "/items", app.controllers.items.list); };`,
    },
    routes: ["GET /v2/items []"],
  },
  {
    name: "consign: exclude (a file, a folder) and then after it excludes too; hidden files are skipped",
    files: {
      ...pkg({ consign: "0.1.6" }),
      "server.js": `const express = require("express");
const consign = require("consign");
const app = express();
consign({ verbose: false }).include("routes").exclude("routes/drafts.js").then("routes/internal").into(app);
app.listen(3000);`,
      "routes/a.js": `module.exports = (app) => app.get("/a", ${ok});`,
      "routes/.b.js": `module.exports = (app) => app.get("/b", ${ok});`,
      "routes/drafts.js": `module.exports = (app) => app.get("/drafts", ${ok});`,
      "routes/internal/c.js": `module.exports = (app) => app.get("/c", ${ok});`,
    },
    routes: ["GET /a []"],
    diagnostics: ["APX210 routes/.b.js:1", "APX210 routes/drafts.js:1", "APX210 routes/internal/c.js:1"],
  },
  {
    name: "express-load: load, then then; a folder's files before its subfolders; names camel-cased (item-store is itemStore); cwd; a module taking two parameters gets a callback; into's done runs with the app",
    files: {
      ...pkg({ "express-load": "1.1.16" }),
      "lib/permissions.js": perms,
      "app.js": `const express = require("express");
const load = require("express-load");
const app = express();
load("controllers", { cwd: "server", verbose: false })
  .then("routes")
  .into(app, function (err, instance) {
    instance.get("/ready", ${ok});
    instance.listen(3000);
  });`,
      "server/controllers/item-store.js": `module.exports = function (app) { return { list: ${ok}, show: ${ok} }; };`,
      "server/routes/items.js": `const { requirePermission } = require("../../lib/permissions");
module.exports = function (app) { app.get("/items", requirePermission("items.read"), app.controllers.itemStore.list); };`,
      "server/routes/v2/items.js": `module.exports = function (app, done) { app.get("/v2/items/:id", app.controllers.itemStore.show); done(); };`,
    },
    routes: ["GET /items [items.read]", "GET /ready []", "GET /v2/items/{id} []"],
  },
  {
    name: "express-load: a single file (`.js` added when the name has none); `ignore`; `invoke: false` attaches the function without calling it",
    files: {
      ...pkg({ "express-load": "1.1.16" }),
      "server.js": `const express = require("express");
const load = require("express-load");
const app = express();
load("routes", { ignore: "legacy" }).then("extra").into(app);
load("handlers", { invoke: false }).into(app);
app.get("/h", app.handlers.hello);
app.listen(3000);`,
      "routes/a.js": `module.exports = (app) => app.get("/a", ${ok});`,
      "routes/legacy.js": `module.exports = (app) => app.get("/legacy", ${ok});`,
      "extra.js": `module.exports = (app) => app.get("/extra", ${ok});`,
      "handlers/hello.js": `module.exports = function (req, res) { res.send("hi"); };`,
    },
    routes: ["GET /a []", "GET /extra []", "GET /h []"],
    diagnostics: ["APX210 routes/legacy.js:1"],
  },
  {
    name: "express-enrouten: each controller of the directory (relative to the calling file) at its path, index naming its folder, below the use() prefix; middleware it uses; a function not of one parameter is skipped; a default export is read",
    files: {
      ...pkg({ "express-enrouten": "1.3.0" }),
      "lib/permissions.js": perms,
      "src/server.js": `const express = require("express");
const enrouten = require("express-enrouten");
const app = express();
app.use("/api", enrouten({ directory: "controllers" }));
app.listen(8000);`,
      "src/controllers/index.js": `module.exports = function (router) { router.get("/", ${ok}); };`,
      "src/controllers/users/index.js": `const { requirePermission } = require("../../../lib/permissions");
module.exports = function (router) {
  router.use(requirePermission("users.access"));
  router.get("/", ${ok});
  router.post("/:id/ban", requirePermission("users.ban"), ${ok});
};`,
      "src/controllers/users/profile.js": `module.exports = (router) => { router.get("/:id", ${ok}); };`,
      "src/controllers/util.js": `module.exports = { helper() {} };`,
      "src/controllers/two.js": `module.exports = function (router, extra) { router.get("/", ${ok}); };`,
      "src/controllers/esm.js": `exports.default = function (router) { router.put("/", ${ok}); };`,
    },
    routes: [
      "GET /api []",
      "GET /api/users [users.access]",
      // The users router (at /users) runs its middleware for every path below it, /users/profile/... too.
      "GET /api/users/profile/{id} [users.access]",
      "POST /api/users/{id}/ban [users.access,users.ban]",
      "PUT /api/esm []",
    ],
    diagnostics: ["APX210 src/controllers/two.js:1"],
  },
  {
    name: "express-enrouten: index, then directory, then routes (method GET by default, middleware before the handler); a named route router({ path })",
    files: {
      ...pkg({ "express-enrouten": "1.3.0" }),
      "lib/permissions.js": perms,
      "server.js": `const express = require("express");
const enrouten = require("express-enrouten");
const { requirePermission } = require("./lib/permissions");
const app = express();
app.use(enrouten({
  index: "routes/",
  routes: [
    { path: "/health", handler: ${ok} },
    { path: "/admin/flush", method: "POST", middleware: [requirePermission("admin.flush")], handler: ${ok} },
  ],
}));
app.listen(8000);`,
      "routes/index.js": `module.exports = function (router) {
  router.get("/", ${ok});
  router({ path: "/user/:id", name: "user-info" }).get(${ok}).delete(${ok});
};`,
    },
    routes: ["DELETE /user/{id} []", "GET / []", "GET /health []", "GET /user/{id} []", "POST /admin/flush [admin.flush]"],
  },
  {
    name: "what the loaders are given that apidex cannot read, or that names nothing, is said where it is written",
    files: {
      ...pkg({ consign: "0.1.6", "express-load": "1.1.16", "express-enrouten": "1.3.0" }),
      "server.js": `const express = require("express");
const consign = require("consign");
const load = require("express-load");
const enrouten = require("express-enrouten");
const app = express();
consign().include(process.argv[2]).into(app);
consign({ cwd: process.env.APP_ROOT }).include("routes").into(app);
consign().include("no-such-folder").into(app);
load(process.argv[3]).into(app);
load("gone").into(app);
app.use(enrouten({ directory: process.argv[4] }));
app.use(enrouten({ directory: "missing" }));
app.use(enrouten({ index: "lib/util" }));
app.use(enrouten({ routes: [{ path: process.argv[5], handler: ${ok} }, { path: "/x", method: process.argv[6], handler: ${ok} }] }));
app.listen(3000);`,
      "routes/a.js": `module.exports = (app) => app.get("/a", ${ok});`,
      "lib/util.js": `module.exports = { x: 1 };`,
    },
    routes: [],
    diagnostics: [
      "APX210 routes/a.js:1",
      "APX210 server.js:6",
      "APX210 server.js:7",
      "APX210 server.js:8",
      "APX210 server.js:9",
      "APX210 server.js:10",
      "APX210 server.js:11",
      "APX210 server.js:12",
      "APX210 server.js:13",
      "APX201 server.js:14",
      "APX201 server.js:14",
    ],
  },
];

describe("autoloaders (in memory)", () => {
  it.each(CASES)("$name", async ({ files, routes, diagnostics }) => {
    const result = await generateFrom(files);
    expect(routeLines(result)).toEqual(routes);
    const warnings = diagnosticLines(result).filter((d) => !d.startsWith("APX4"));
    expect(warnings).toEqual(diagnostics ?? []);
  });
});
