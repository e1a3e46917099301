import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../generator/config/load-config.js";
import { generate } from "../generator/generate.js";
import { canonicalJson } from "../generator/write/canonical-json.js";
import { REPO_ROOT } from "./helpers/repo.js";
import { diagnosticLines, generateFrom, type InMemoryCase, routeLines } from "./helpers/in-memory.js";

/**
 * Sails 1 (generator/extract/sails): in-memory cases only. A runtime oracle would lift a real Sails app (sails,
 * its hooks, sails-disk and a Grunt-less asset pipeline: some hundred packages), which this project does not
 * install; docs/frameworks.md says so.
 */
const fixture = path.join(REPO_ROOT, "test", "fixtures", "sails");
const noBlueprints = { "config/blueprints.js": "module.exports.blueprints = { rest: false, shortcuts: false, actions: false };" };
const policy = (key: string) =>
  `module.exports = async function (req, res, proceed) { requirePermission(req, "${key}"); return proceed(); };`;
const CASES: InMemoryCase[] = [
  {
    name: "config/routes.js: verbs (any case), an address without a verb (the CRUD methods), ALL; targets 'UserController.find', 'user.find', { action }, { controller, action }, views, responses, functions; actions2 files",
    files: {
      ...noBlueprints,
      "config/routes.js": `module.exports.routes = {
        "GET /users/:id": "UserController.find",
        "post /users": "user.create",
        "/logout": { action: "account/logout" },
        "PUT /users/:id": { controller: "UserController", action: "update" },
        "GET /": { view: "pages/homepage" },
        "GET /gone": { response: "notFound" },
        "ALL /ping": function (req, res) { assertPermission(req, "ping"); return res.ok(); },
      };`,
      "api/controllers/UserController.js": `module.exports = {
        find: async function (req, res) { assertPermission(req, "users.read"); return res.json({}); },
        create: async (req, res) => { assertPermission(req, "users.write"); },
        update(req, res) { assertPermission(req, "users.write"); },
      };`,
      "api/controllers/account/logout.js": `module.exports = { friendlyName: "Logout", inputs: {}, fn: async function () { assertPermission(this.req, "session"); } };`,
    },
    routes: [
      "DELETE /logout [session]",
      "DELETE /ping [ping]",
      "GET / []",
      "GET /gone []",
      "GET /logout [session]",
      "GET /ping [ping]",
      "GET /users/{id} [users.read]",
      "HEAD /ping [ping]",
      "OPTIONS /ping [ping]",
      "PATCH /logout [session]",
      "PATCH /ping [ping]",
      "POST /logout [session]",
      "POST /ping [ping]",
      "POST /users [users.write]",
      "PUT /logout [session]",
      "PUT /ping [ping]",
      "PUT /users/{id} [users.write]",
    ],
    diagnostics: [],
  },
  {
    name: "config/policies.js: `*`, `prefix/*`, an action's own entry, a controller's map, `true` (none), lists; `{ policy }` in a route's target array",
    files: {
      ...noBlueprints,
      "config/routes.js": `module.exports.routes = {
        "GET /a": "admin/stats",
        "GET /b": "user/find",
        "GET /c": "user/list",
        "GET /d": "public/home",
        "GET /e": [{ policy: "isAuditor" }, "public/home"],
      };`,
      "config/policies.js": `module.exports.policies = {
        "*": "isLoggedIn",
        "admin/*": ["isLoggedIn", "isAdmin"],
        "public/home": true,
        UserController: { "*": "isLoggedIn", find: ["isLoggedIn", "canRead"] },
      };`,
      "api/policies/isLoggedIn.js": policy("session"),
      "api/policies/isAdmin.js": policy("admin"),
      "api/policies/canRead.js": policy("users.read"),
      "api/policies/isAuditor.js": policy("audit"),
      "api/controllers/admin/stats.js": `module.exports = { fn: async function () {} };`,
      "api/controllers/public/home.js": `module.exports = async function (req, res) {};`,
      "api/controllers/UserController.js": `module.exports = { find(req, res) {}, list(req, res) {} };`,
    },
    routes: ["GET /a [admin,session]", "GET /b [session,users.read]", "GET /c [session]", "GET /d []", "GET /e [audit]"],
    diagnostics: [],
  },
  {
    name: "blueprints (on by default where there are models) said once; an unknown action, a regular-expression address, a blueprint target: said, left out",
    files: {
      "app.js": `const sails = require("sails"); sails.lift();`,
      "config/routes.js": `module.exports.routes = {
        "GET /x": "NopeController.find",
        "r|^/\\\\d+$|id": "user/find",
        "GET /y": { blueprint: "find", model: "user" },
        "GET /z": "user/find",
      };`,
      "api/controllers/UserController.js": `module.exports = { find(req, res) {} };`,
      "api/models/User.js": `module.exports = { attributes: {} };`,
    },
    routes: ["GET /z []"],
    diagnostics: ["APX249 config/routes.js:1", "APX249 config/routes.js:2", "APX249 config/routes.js:3", "APX249 config/routes.js:4"],
  },
  {
    name: "a Sails app without config/routes.js (routes given to `sails.lift`): said",
    files: { "app.js": `const sails = require("sails");\nsails.lift({ routes: { "GET /hello": "HelloController.index" } });` },
    routes: [],
    diagnostics: ["APX249 app.js:1"],
  },
];

describe("Sails (in memory)", () => {
  it.each(CASES)("$name", async ({ files, routes, diagnostics, config }) => {
    const result = await generateFrom(files, config);
    if (process.env.SHOW)
      console.log(
        result.diagnostics
          .sorted()
          .map((d) => `${d.code} ${d.site?.line} ${d.message}`)
          .join("\n"),
      );
    expect(routeLines(result)).toEqual(routes);
    if (diagnostics) expect(diagnosticLines(result)).toEqual(diagnostics);
  });
});

describe("Sails (fixture)", () => {
  it("matches the golden index (an app as `sails new` lays it out: routes, policies, controllers, actions2 files)", async () => {
    const result = await generate(await loadConfig({ cwd: REPO_ROOT, root: fixture }));
    expect(result.diagnostics.errors).toEqual([]);
    expect(diagnosticLines(result)).toEqual([]);
    if (process.env.GOLDEN) writeFileSync(path.join(fixture, "expected-operations.json"), canonicalJson(result.index));
    expect(canonicalJson(result.index)).toBe(readFileSync(path.join(fixture, "expected-operations.json"), "utf8"));
  });
});
