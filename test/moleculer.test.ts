import { readFileSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../generator/config/load-config.js";
import { generate } from "../generator/generate.js";
import { canonicalJson } from "../generator/write/canonical-json.js";
import { checkOverHttp } from "./helpers/http-oracle.js";
import { diagnosticLines, generateFrom, type InMemoryCase, routeLines } from "./helpers/in-memory.js";
import { REPO_ROOT } from "./helpers/repo.js";

/** Moleculer Web (`moleculer-web`): the routes are a table in the API gateway's settings (generator/extract/moleculer). */
const fixture = path.join(REPO_ROOT, "test", "fixtures", "moleculer");
const SERVICES = ["api", "users", "posts", "reports", "admin", "health"];
const ALL_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"];

interface GatewayAlias {
  method: string;
  fullPath: string;
  action: string | null;
  route: unknown;
}
interface Gateway {
  aliases: GatewayAlias[];
  server: Server;
  checkWhitelist(route: unknown, action: string): boolean;
  routes: { opts: { autoAliases?: boolean } }[];
  regenerateAutoAliases(route: unknown): void;
}

describe("Moleculer Web (fixture)", () => {
  it("matches the golden index, equals the gateway's own alias table, and each operation answers over HTTP with its keys, 403 without one", async () => {
    const result = await generate(await loadConfig({ cwd: REPO_ROOT, root: fixture }));
    expect(result.diagnostics.errors).toEqual([]);
    expect(canonicalJson(result.index)).toBe(readFileSync(path.join(fixture, "expected-operations.json"), "utf8"));

    const { ServiceBroker } = await import("moleculer");
    // The gateway listens on a port the system chooses (`PORT=0`, read by the fixture's settings).
    process.env.PORT = "0";
    const broker = new ServiceBroker({ logger: false, nodeID: "apidex-test" });
    try {
      for (const name of SERVICES) {
        const module = (await import(pathToFileURL(path.join(fixture, "src", "services", `${name}.service.ts`)).href)) as {
          default: never;
        };
        broker.createService(module.default);
      }
      await broker.start();
      const gateway = broker.getLocalService("api") as unknown as Gateway;
      // autoAliases are made on `$services.changed`, debounced: made now, once every service has started.
      for (const route of gateway.routes) if (route.opts.autoAliases) gateway.regenerateAutoAliases(route);
      // moleculer-web's own table: each alias (a method-less one answers every method), but those whose action
      // the route's whitelist refuses (answered 404).
      const table = gateway.aliases
        .filter((a) => !a.action || !(a.route as { hasWhitelist?: boolean }).hasWhitelist || gateway.checkWhitelist(a.route, a.action))
        .flatMap((a) => (a.method === "*" ? ALL_METHODS : [a.method]).map((m) => `${m} ${a.fullPath.replace(/:(\w+)/g, "{$1}")}`));
      expect([...new Set(table)].sort()).toEqual(result.index.operations.map((o) => `${o.method} ${o.path}`).sort());
      const { port } = gateway.server.address() as AddressInfo;
      const out = await checkOverHttp(port, result.index, [
        ["GET", "/api/no-such-route", 404],
        ["GET", "/api/v1/secret", 404],
        ["GET", "/api/v1/health/ping", 404],
        ["GET", "/api/auto/reports/internal/run", 404],
        ["DELETE", "/api/v1/users", 404],
      ]);
      expect(out).toEqual([]);
    } finally {
      await broker.stop();
      delete process.env.PORT;
    }
  });
});

const gateway = (settings: string, extra = "") =>
  `const ApiGateway = require("moleculer-web");\nconst { requirePermission } = require("./auth");\nmodule.exports = { name: "api", mixins: [ApiGateway], settings: ${settings}, ${extra} };`;
const auth = `exports.requirePermission = (key) => (req, res, next) => next();`;
const CASES: InMemoryCase[] = [
  {
    name: "CommonJS gateway: `settings.path` defaults to `/`, a route without `path`; methods upper-cased; a key without a method answers every method; action types (`multipart:`), `{ action }`, arrays of middleware and an action",
    files: {
      "services/api.service.js": gateway(`{ routes: [{ aliases: {
        "get users": "users.list",
        "POST upload": "multipart:files.save",
        "PUT users/:id": { action: "users.update" },
        "DELETE users/:id": [requirePermission("users.delete"), "users.remove"],
        "status": "status.get",
      } }] }`),
      "services/auth.js": auth,
      "services/users.service.js": `module.exports = { name: "users", actions: { update(ctx) { assertPermission(ctx, "users.write"); } } };`,
    },
    // The actions no service of the sources declares (users.list, files.save, users.remove, status.get) have
    // checks apidex cannot read: their routes are marked unresolved, each alias said once (APX301).
    routes: [
      "DELETE /status [] unresolved(permissions)",
      "DELETE /users/{id} [users.delete] unresolved(permissions)",
      "GET /status [] unresolved(permissions)",
      "GET /users [] unresolved(permissions)",
      "HEAD /status [] unresolved(permissions)",
      "OPTIONS /status [] unresolved(permissions)",
      "PATCH /status [] unresolved(permissions)",
      "POST /status [] unresolved(permissions)",
      "POST /upload [] unresolved(permissions)",
      "PUT /status [] unresolved(permissions)",
      "PUT /users/{id} [users.write]",
    ],
    diagnostics: [
      "APX301 services/api.service.js:4",
      "APX301 services/api.service.js:5",
      "APX301 services/api.service.js:7",
      "APX301 services/api.service.js:8",
    ],
  },
  {
    name: "`REST` aliases with `only`/`except`; `settings.path` and the route's `path` joined; a trailing slash dropped",
    files: {
      "services/api.service.js": gateway(`{ path: "/api/", routes: [{ path: "v2/", aliases: {
        "REST posts/": { action: "posts", only: ["list", "get", "remove"] },
        "REST tags": { action: "tags", except: ["update", "patch"] },
      } }] }`),
      "services/posts.service.js": `module.exports = { name: "posts", actions: { list() {}, get() {}, remove() {} } };`,
      "services/tags.service.js": `module.exports = { name: "tags", actions: { list() {}, get() {}, create() {}, remove() {} } };`,
    },
    routes: [
      "DELETE /api/v2/posts/{id} []",
      "DELETE /api/v2/tags/{id} []",
      "GET /api/v2/posts []",
      "GET /api/v2/posts/{id} []",
      "GET /api/v2/tags []",
      "GET /api/v2/tags/{id} []",
      "POST /api/v2/tags []",
    ],
    diagnostics: [],
  },
  {
    name: "autoAliases: a service's name (dots as slashes) or `settings.rest` (a list) as base path; `rest` strings (no method: every method), objects (their own `basePath`, the action's name as path), lists; version prefixes; whitelists with `*`/`**`; project mixins",
    files: {
      "services/api.service.js": gateway(
        `{ routes: [{ path: "/api", autoAliases: true, whitelist: ["v1.billing.*", "files.**", "$node.*", "crud.*"] }] }`,
      ),
      "services/billing.service.js": `module.exports = { name: "billing", version: 1, actions: {
        charge: { rest: "POST /charge", handler(ctx) { assertPermission(ctx, "billing.charge"); } },
        sync: { rest: "/sync", handler() {} },
        plain: { handler() {} },
      } };`,
      "services/files.service.js": `module.exports = { name: "files", settings: { rest: ["/files", "/docs"] }, actions: {
        upload: { rest: { method: "put", basePath: "/uploads/" }, handler() {} },
        read: { rest: [{ method: "GET", path: "/:id" }, "GET /by-name/:name"], handler() {} },
      } };`,
      "services/crud.mixin.js": `module.exports = { actions: { find: { rest: "GET /", handler(ctx) { assertPermission(ctx, "crud.read"); } } } };`,
      "services/crud.service.js": `const Crud = require("./crud.mixin");\nmodule.exports = { name: "crud", mixins: [Crud], settings: { rest: "things" }, actions: {} };`,
      "services/other.service.js": `module.exports = { name: "other", actions: { x: { rest: "GET /x", handler() {} } } };`,
    },
    routes: [
      "DELETE /api/v1/billing/sync []",
      "GET /api/docs/by-name/{name} []",
      "GET /api/docs/{id} []",
      "GET /api/files/by-name/{name} []",
      "GET /api/files/{id} []",
      "GET /api/things [crud.read]",
      "GET /api/v1/billing/sync []",
      "HEAD /api/v1/billing/sync []",
      "OPTIONS /api/v1/billing/sync []",
      "PATCH /api/v1/billing/sync []",
      "POST /api/v1/billing/charge [billing.charge]",
      "POST /api/v1/billing/sync []",
      "PUT /api/uploads/upload []",
      "PUT /api/v1/billing/sync []",
    ],
    diagnostics: [],
  },
  {
    name: "`authorization` and `authentication` (a method named by a string too) read as checks of every alias of the route, from the gateway or its project mixin; `onBeforeCall` and `use`; a function alias read as a handler",
    files: {
      "services/api.service.js": gateway(
        `{ routes: [
          { path: "/a", authorization: true, authentication: "whoIs", aliases: { "GET one": "x.one" } },
          { path: "/b", onBeforeCall(ctx, route, req) { assertPermission(req, "b.before"); }, use: [requirePermission("b.use")], aliases: { "GET two"(req, res) { assertPermission(req, "b.two"); res.end(); } } },
        ] }`,
        `methods: { whoIs(ctx, route, req) { assertPermission(req, "a.authn"); } }`,
      ).replace("mixins: [ApiGateway]", "mixins: [ApiGateway, require('./authz.mixin')]"),
      "services/authz.mixin.js": `module.exports = { methods: { authorize(ctx, route, req) { assertPermission(req, "a.authz"); } } };`,
      "services/auth.js": auth,
    },
    routes: ["GET /a/one [a.authn,a.authz] unresolved(permissions)", "GET /b/two [b.before,b.two,b.use]"],
    diagnostics: ["APX301 services/api.service.js:4"],
  },
  {
    name: "an action no service of the sources declares: its route is marked unresolved and the alias said (APX301); the broker's own `$node.*` actions check nothing",
    files: {
      "services/api.service.js": gateway(
        `{ path: "/api", aliases: {
        "GET nodes": "$node.list",
        "GET reports": "reports.list",
        "REST invoices": "invoices",
      } }`
          .replace(/^/, "{ routes: [")
          .concat("] }"),
      ),
      "services/invoices.service.js": `module.exports = { name: "invoices", actions: { list() {}, get() {}, create() {}, update() {}, patch() {}, remove() {} } };`,
    },
    routes: [
      "DELETE /api/invoices/{id} []",
      "GET /api/invoices []",
      "GET /api/invoices/{id} []",
      "GET /api/nodes []",
      "GET /api/reports [] unresolved(permissions)",
      "PATCH /api/invoices/{id} []",
      "POST /api/invoices []",
      "PUT /api/invoices/{id} []",
    ],
    diagnostics: ["APX301 services/api.service.js:5"],
  },
  {
    name: "a class extending Service: the schema its constructor gives `parseServiceSchema`",
    files: {
      "services/api.service.ts": `import ApiGateway from "moleculer-web";\nexport default { name: "api", mixins: [ApiGateway], settings: { routes: [{ path: "/api", autoAliases: true }] } };`,
      "services/greeter.service.ts": `import { Service } from "moleculer";\nexport default class Greeter extends Service { constructor(broker) { super(broker); this.parseServiceSchema({ name: "greeter", actions: { hello: { rest: "GET /hello", handler(ctx) { assertPermission(ctx, "greet"); } } } }); } }`,
    },
    routes: ["GET /api/greeter/hello [greet]"],
    diagnostics: [],
  },
  {
    name: "mapping policy `all` (said, not listed: the default of a route with neither aliases nor autoAliases, or written); a whitelist of RegExps; unreadable paths, routes, aliases and `rest`",
    files: {
      "services/api.service.js": gateway(`{ routes: [
        { path: "/all" },
        { path: "/open", mappingPolicy: "all", whitelist: [/^users\\./], aliases: { "GET me": "users.me", "GET bad": 42 } },
        { path: process.env.PREFIX, aliases: { "GET x": "x.y" } },
        { path: "/auto", autoAliases: true },
      ] }`),
      "services/users.service.js": `module.exports = { name: "users", actions: { me: { rest: process.env.REST, handler() {} } } };`,
      "services/other.service.js": `const { ApiGateway } = require("moleculer-web");\nmodule.exports = { name: "gw2", mixins: [ApiGateway], settings: { routes: process.env.ROUTES } };`,
    },
    routes: ["GET /open/me []"],
    diagnostics: [
      "APX250 services/api.service.js:4",
      "APX250 services/api.service.js:5",
      "APX250 services/api.service.js:5",
      "APX250 services/api.service.js:5",
      "APX201 services/api.service.js:6",
      "APX210 services/other.service.js:2",
      "APX250 services/users.service.js:1",
    ],
  },
  {
    name: "a gateway apidex finds no schema of (created with `broker.createService`): said",
    files: {
      "index.js": `const { ServiceBroker } = require("moleculer");\nconst ApiGateway = require("moleculer-web");\nconst broker = new ServiceBroker();\nbroker.createService({ mixins: [ApiGateway], settings: { routes: [{ aliases: { "GET x": "x.y" } }] } });`,
    },
    routes: [],
    diagnostics: ["APX250 index.js:1"],
  },
];

describe("Moleculer Web (in memory)", () => {
  it.each(CASES)("$name", async ({ files, routes, diagnostics, config }) => {
    const result = await generateFrom(files, config);
    expect(routeLines(result)).toEqual(routes);
    if (process.env.SHOW)
      console.log(
        result.diagnostics
          .sorted()
          .map((d) => `${d.code} ${d.site?.line} ${d.message}`)
          .join("\n"),
      );
    if (diagnostics) expect(diagnosticLines(result)).toEqual(diagnostics);
  });
});
