import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../generator/config/load-config.js";
import { generate } from "../generator/generate.js";
import { mayRegisterRoutes } from "../generator/scan/route-hints.js";
import { canonicalJson } from "../generator/write/canonical-json.js";
import { diagnosticLines, generateFrom, type InMemoryCase, routeLines } from "./helpers/in-memory.js";
import { REPO_ROOT } from "./helpers/repo.js";

const FIXTURE = path.join(REPO_ROOT, "test", "fixtures", "effect-httpapi");
/** Effect's own conversion (OpenApi.fromApi): `:id` and `:id?` become `{id}`. */
const toOpenApi = (p: string) => p.replace(/:(\w+)\??/g, "{$1}");
const ALL_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"];

async function fixtureIndex() {
  const result = await generate(await loadConfig({ cwd: REPO_ROOT, root: FIXTURE }));
  expect(result.diagnostics.errors).toEqual([]);
  return result;
}

const fixtureModule = async <T>(file: string) => (await import(pathToFileURL(path.join(FIXTURE, "src", file)).href)) as T;

describe("Effect (@effect/platform HttpApi and HttpRouter): the fixture service", () => {
  it("matches the golden index, without a warning", async () => {
    const result = await fixtureIndex();
    expect(canonicalJson(result.index)).toBe(readFileSync(path.join(FIXTURE, "expected-operations.json"), "utf8"));
    expect(result.diagnostics.items.map((d) => d.code)).toEqual([]);
  });

  it("indexes the HttpApi's operations as Effect's own OpenAPI document lists them (OpenApi.fromApi), and the web handler answers each", async () => {
    const result = await fixtureIndex();
    const { OpenApi } = await import("@effect/platform");
    const { FieldServiceApi } = await fixtureModule<{ FieldServiceApi: Parameters<typeof OpenApi.fromApi>[0] }>("api/index.ts");
    const spec = OpenApi.fromApi(FieldServiceApi);
    const runtime: string[] = [];
    const ids = new Map<string, string>();
    for (const [p, item] of Object.entries(spec.paths))
      for (const [method, op] of Object.entries(item as Record<string, { operationId: string }>)) {
        runtime.push(`${method.toUpperCase()} ${p}`);
        ids.set(`${method.toUpperCase()} ${p}`, op.operationId);
      }
    const indexed = result.index.operations.filter((o) => !o.path.startsWith("/internal"));
    expect(indexed.map((o) => `${o.method} ${o.path}`).sort()).toEqual(runtime.sort());
    // The operation ids are Effect's (`customers.findById`; the endpoint's name alone in a topLevel group), in the id alphabet.
    for (const o of indexed)
      expect(o.operation_id).toBe(
        ids
          .get(`${o.method} ${o.path}`)!
          .replace(/([a-z])([A-Z])/g, "$1_$2")
          .replace(/\./g, "_")
          .toLowerCase(),
      );

    // Served: the web handler Effect builds from the API's layer answers every indexed operation (401 without a
    // key, 403 with one that lacks the permission, 2xx or 404 for a missing record) and 404s what is not an operation.
    const { makeHandler } = await fixtureModule<{
      makeHandler: () => { handler: (r: Request) => Promise<Response>; dispose: () => Promise<void> };
    }>("main.ts");
    const { handler, dispose } = makeHandler();
    try {
      const call = (method: string, p: string, key?: string) =>
        handler(
          new Request(`http://127.0.0.1${p.replace(/\{\w+\}/g, "1")}`, {
            method,
            headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), "content-type": "application/json" },
            ...(method === "POST" || method === "PATCH" ? { body: JSON.stringify({ name: "x", email: "x@y.test" }) } : {}),
          }),
        );
      for (const o of indexed) {
        const anonymous = await call(o.method, o.path);
        if (o.permissions.length) {
          expect([o.method, o.path, anonymous.status]).toEqual([o.method, o.path, 401]);
          // A key without the operation's permission is refused with 403.
          const reader = await call(o.method, o.path, "key-reader");
          const readerHas = ["customers.read", "invoices.read"];
          expect([o.method, o.path, reader.status === 403]).toEqual([o.method, o.path, !o.permissions.every((k) => readerHas.includes(k))]);
        } else expect([o.method, o.path, anonymous.status < 300]).toEqual([o.method, o.path, true]);
      }
      expect((await call("GET", "/v1/nothing-here")).status).toBe(404);
      expect((await call("GET", "/customers")).status).toBe(404);
    } finally {
      await dispose();
    }
  });

  it("indexes the HttpRouter's routes as the router holds them (router.routes, mounts flattened by Effect)", async () => {
    const result = await fixtureIndex();
    const { metricsRouter } = await fixtureModule<{ metricsRouter: { routes: Iterable<{ method: string; path: string }> } }>("metrics.ts");
    const runtime: string[] = [];
    for (const route of metricsRouter.routes)
      for (const method of route.method === "*" ? ALL_METHODS : [route.method]) runtime.push(`${method} ${toOpenApi(route.path)}`);
    const indexed = result.index.operations.filter((o) => o.path.startsWith("/internal"));
    expect(indexed.map((o) => `${o.method} ${o.path}`).sort()).toEqual(runtime.sort());
  });
});

/** The imports an Effect HttpApi module writes. */
const IMPORTS = [
  `import { HttpApi, HttpApiBuilder, HttpApiEndpoint, HttpApiGroup, HttpApiMiddleware, HttpApiSchema, HttpApiSecurity, OpenApi } from "@effect/platform";`,
  `import { Effect, Layer, Schema } from "effect";`,
].join("\n");

/** A permission check as an Effect service writes one: it fails the request unless the caller's key holds the key. */
const AUTH = `import { Effect } from "effect";\nexport const requirePermission = (key: string) => Effect.void;\n`;

/** An API of one group, served, with each endpoint handled (by `handle`, which checks nothing). */
const served = (endpoints: string[], options: { group?: string; api?: string } = {}) =>
  [
    IMPORTS,
    `const Group = HttpApiGroup.make("g")${endpoints.map((e) => `.add(${e})`).join("")}${options.group ?? ""};`,
    `export const Api = HttpApi.make("api").add(Group)${options.api ?? ""};`,
    `const GroupLive = HttpApiBuilder.group(Api, "g", (handlers) => handlers${endpoints
      .map((e) => `.handle(${/\("(\w+)"/.exec(e)![0].slice(1)}, () => Effect.void)`)
      .join("")});`,
    `export const ApiLive = HttpApiBuilder.api(Api).pipe(Layer.provide(GroupLive));`,
  ].join("\n");

const cases: InMemoryCase[] = [
  {
    name: "HttpApi: every constructor (del is DELETE) at its path, OpenAPI-style",
    files: {
      "src/api.ts": served([
        `HttpApiEndpoint.get("a", "/items")`,
        `HttpApiEndpoint.post("b", "/items")`,
        `HttpApiEndpoint.put("c", "/items/:id")`,
        `HttpApiEndpoint.patch("d", "/items/:id")`,
        `HttpApiEndpoint.del("e", "/items/:id")`,
        `HttpApiEndpoint.head("f", "/items")`,
        `HttpApiEndpoint.options("h", "/items")`,
      ]),
    },
    routes: [
      "DELETE /items/{id} []",
      "GET /items []",
      "HEAD /items []",
      "OPTIONS /items []",
      "PATCH /items/{id} []",
      "POST /items []",
      "PUT /items/{id} []",
    ],
  },
  {
    name: "HttpApi: the template form names each parameter by HttpApiSchema.param (also a const of another module), else by its position, as Effect does",
    files: {
      "src/params.ts": `import { HttpApiSchema } from "@effect/platform";\nimport { Schema } from "effect";\nexport const orgId = HttpApiSchema.param("orgId", Schema.String);\n`,
      "src/api.ts": [
        `import { orgId } from "./params";`,
        served([
          `HttpApiEndpoint.get("a")\`/orgs/\${orgId}/users/\${HttpApiSchema.param("userId", Schema.NumberFromString)}\``,
          `HttpApiEndpoint.get("c")\`/raw/\${Schema.String}\``,
          'HttpApiEndpoint.get("d")`/plain`',
        ]),
      ].join("\n"),
    },
    routes: ["GET /orgs/{orgId}/users/{userId} []", "GET /plain []", "GET /raw/{0} []"],
  },
  {
    name: "HttpApi: prefixes apply to what was added before them (an endpoint's path, a group's endpoints, an API's groups), as Effect's immutable values do",
    files: {
      "src/api.ts": [
        IMPORTS,
        `const V = "/v1";`,
        `const Users = HttpApiGroup.make("users").add(HttpApiEndpoint.get("list", "/")).add(HttpApiEndpoint.get("one", "/:id").prefix("/one")).prefix("/users/").add(HttpApiEndpoint.get("late", "/late"));`,
        `const Other = HttpApiGroup.make("other").add(HttpApiEndpoint.get("x", "/x"));`,
        `export const Api = HttpApi.make("api").add(Users).prefix(\`\${V}/\`).add(Other);`,
        `export const UsersLive = HttpApiBuilder.group(Api, "users", (h) => h.handle("list", () => Effect.void).handle("one", () => Effect.void).handle("late", () => Effect.void));`,
        `export const OtherLive = HttpApiBuilder.group(Api, "other", (h) => h.handle("x", () => Effect.void));`,
        `export const ApiLive = HttpApiBuilder.api(Api);`,
      ].join("\n"),
    },
    routes: ["GET /v1/late []", "GET /v1/users []", "GET /v1/users/one/{id} []", "GET /x []"],
  },
  {
    name: "HttpApi: groups and the API as classes, in other files; an endpoint added twice under one name is the later one",
    files: {
      "src/groups/users.ts": [
        IMPORTS,
        `export class UsersGroup extends HttpApiGroup.make("users").add(HttpApiEndpoint.get("find", "/old")).add(HttpApiEndpoint.get("find", "/users/:id")) {}`,
      ].join("\n"),
      "src/groups/index.ts": `export * from "./users";\n`,
      "src/api.ts": [
        IMPORTS,
        `import { UsersGroup } from "./groups";`,
        `export class MyApi extends HttpApi.make("my").add(UsersGroup) {}`,
      ].join("\n"),
      "src/server.ts": [
        IMPORTS,
        `import { MyApi } from "./api";`,
        `const UsersLive = HttpApiBuilder.group(MyApi, "users", (handlers) => handlers.handle("find", ({ path }) => Effect.succeed(path)));`,
        `export const ServerLive = HttpApiBuilder.serve().pipe(Layer.provide(HttpApiBuilder.api(MyApi)), Layer.provide(UsersLive));`,
      ].join("\n"),
    },
    routes: ["GET /users/{id} []"],
  },
  {
    name: "HttpApi: a group class's own static methods of the group it extends (Group.prefix(...) added to the API), through a class of the sources too",
    files: {
      "src/groups.ts": [
        IMPORTS,
        `export class ExtensionGroup extends HttpApiGroup.make("extension").add(HttpApiEndpoint.get("bootstrap", "/bootstrap")) {}`,
        `class LoomBase extends HttpApiGroup.make("loom").add(HttpApiEndpoint.post("importVideo", "/video")) {}`,
        `export class LoomGroup extends LoomBase {}`,
      ].join("\n"),
      "src/api.ts": [
        IMPORTS,
        `import { ExtensionGroup, LoomGroup } from "./groups";`,
        `export class Api extends HttpApi.make("web").add(ExtensionGroup.prefix("/extension")).add(LoomGroup.prefix("/loom")).prefix("/api") {}`,
      ].join("\n"),
      "src/server.ts": [
        IMPORTS,
        `import { Api } from "./api";`,
        `const ExtensionLive = HttpApiBuilder.group(Api, "extension", (handlers) => handlers.handle("bootstrap", () => Effect.succeed({})));`,
        `const LoomLive = HttpApiBuilder.group(Api, "loom", (handlers) => handlers.handle("importVideo", () => Effect.succeed({})));`,
        `export const ServerLive = HttpApiBuilder.serve().pipe(Layer.provide(HttpApiBuilder.api(Api)), Layer.provide(ExtensionLive), Layer.provide(LoomLive));`,
      ].join("\n"),
    },
    routes: ["GET /api/extension/bootstrap []", "POST /api/loom/video []"],
  },
  {
    name: "HttpApi: keys checked in a handler's Effect (a function of the implementation, or a const), and in a middleware's implementation (Layer.effect) on the group",
    files: {
      "src/auth.ts": AUTH,
      "src/api.ts": [
        IMPORTS,
        `import { requirePermission } from "./auth";`,
        `export class Admin extends HttpApiMiddleware.Tag<Admin>()("Admin", { security: { bearer: HttpApiSecurity.bearer } }) {}`,
        `export const AdminLive = Layer.effect(Admin, Effect.gen(function* () { return { bearer: (token) => requirePermission("admin.access") }; }));`,
        `const Reports = HttpApiGroup.make("reports").add(HttpApiEndpoint.get("list", "/reports")).add(HttpApiEndpoint.post("run", "/reports/:id/run")).middleware(Admin);`,
        `const Public = HttpApiGroup.make("public").add(HttpApiEndpoint.get("status", "/status"));`,
        `export const Api = HttpApi.make("api").add(Reports).add(Public);`,
        `const runReport = ({ path }) => Effect.gen(function* () { yield* requirePermission("reports.run"); });`,
        `const ReportsLive = HttpApiBuilder.group(Api, "reports", (handlers) => Effect.gen(function* () {`,
        `  return handlers.handle("list", () => requirePermission("reports.read")).handle("run", runReport);`,
        `}));`,
        `const PublicLive = HttpApiBuilder.group(Api, "public", (handlers) => handlers.handle("status", () => Effect.succeed("ok")));`,
        `export const ApiLive = HttpApiBuilder.api(Api).pipe(Layer.provide([ReportsLive, PublicLive]), Layer.provide(AdminLive));`,
      ].join("\n"),
    },
    routes: ["GET /reports [admin.access,reports.read]", "GET /status []", "POST /reports/{id}/run [admin.access,reports.run]"],
  },
  {
    name: "HttpApi: middleware on the API, on one endpoint, and by middlewareEndpoints (the endpoints added so far); authentication alone (security) names no key",
    files: {
      "src/auth.ts": AUTH,
      "src/api.ts": [
        IMPORTS,
        `import { requirePermission } from "./auth";`,
        `class Authn extends HttpApiMiddleware.Tag<Authn>()("Authn", { security: { key: HttpApiSecurity.apiKey({ key: "x-api-key" }) } }) {}`,
        `class Audit extends HttpApiMiddleware.Tag<Audit>()("Audit") {}`,
        `class Billing extends HttpApiMiddleware.Tag<Billing>()("Billing") {}`,
        `const AuthnLive = Layer.succeed(Authn, { key: (key) => Effect.succeed(key) });`,
        `const AuditLive = Layer.succeed(Audit, requirePermission("audit.write"));`,
        `const BillingLive = Layer.sync(Billing, () => requirePermission("billing.read"));`,
        `const G = HttpApiGroup.make("g").add(HttpApiEndpoint.get("a", "/a")).middlewareEndpoints(Billing).add(HttpApiEndpoint.get("b", "/b").middleware(Audit));`,
        `export const Api = HttpApi.make("api").add(G).middleware(Authn);`,
        `const GLive = HttpApiBuilder.group(Api, "g", (h) => h.handle("a", () => Effect.void).handle("b", () => Effect.void));`,
        `export const ApiLive = HttpApiBuilder.api(Api).pipe(Layer.provide(GLive), Layer.provide([AuthnLive, AuditLive, BillingLive]));`,
      ].join("\n"),
    },
    routes: ["GET /a [billing.read]", "GET /b [audit.write]"],
  },
  {
    name: "HttpApi: addHttpApi copies another API's groups with its middleware; the namespace imports of @effect/platform's modules",
    files: {
      "src/auth.ts": AUTH,
      "src/api.ts": [
        `import * as HttpApi from "@effect/platform/HttpApi";`,
        `import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder";`,
        `import * as HttpApiEndpoint from "@effect/platform/HttpApiEndpoint";`,
        `import * as HttpApiGroup from "@effect/platform/HttpApiGroup";`,
        `import * as HttpApiMiddleware from "@effect/platform/HttpApiMiddleware";`,
        `import { Effect, Layer } from "effect";`,
        `import { requirePermission } from "./auth";`,
        `class Internal extends HttpApiMiddleware.Tag<Internal>()("Internal") {}`,
        `const InternalLive = Layer.succeed(Internal, requirePermission("internal"));`,
        `const Ops = HttpApi.make("ops").add(HttpApiGroup.make("jobs").add(HttpApiEndpoint.get("list", "/jobs"))).middleware(Internal);`,
        `export const Api = HttpApi.make("api").add(HttpApiGroup.make("main").add(HttpApiEndpoint.get("home", "/"))).addHttpApi(Ops);`,
        `const MainLive = HttpApiBuilder.group(Api, "main", (h) => h.handle("home", () => Effect.void));`,
        `const JobsLive = HttpApiBuilder.group(Api, "jobs", (h) => h.handle("list", () => Effect.void));`,
        `export const ApiLive = HttpApiBuilder.api(Api).pipe(Layer.provide([MainLive, JobsLive, InternalLive]));`,
      ].join("\n"),
    },
    routes: ["GET / []", "GET /jobs [internal]"],
  },
  {
    name: "HttpApi: a middleware of a package names no key of the project's; one of the sources with no implementation there marks its operations (APX301)",
    files: {
      "src/api.ts": [
        IMPORTS,
        `import { SessionAuth } from "@acme/effect-auth";`,
        `export class TenantGuard extends HttpApiMiddleware.Tag<TenantGuard>()("TenantGuard") {}`,
        `const A = HttpApiGroup.make("a").add(HttpApiEndpoint.get("x", "/a")).middleware(SessionAuth);`,
        `const B = HttpApiGroup.make("b").add(HttpApiEndpoint.get("x", "/b")).add(HttpApiEndpoint.post("y", "/b")).middleware(TenantGuard);`,
        `export const Api = HttpApi.make("api").add(A).add(B);`,
        `const ALive = HttpApiBuilder.group(Api, "a", (h) => h.handle("x", () => Effect.void));`,
        `const BLive = HttpApiBuilder.group(Api, "b", (h) => h.handle("x", () => Effect.void).handle("y", () => Effect.void));`,
        `export const ApiLive = HttpApiBuilder.api(Api).pipe(Layer.provide([ALive, BLive]));`,
      ].join("\n"),
    },
    routes: ["GET /a []", "GET /b [] unresolved(permissions)", "POST /b [] unresolved(permissions)"],
    diagnostics: ["APX301 src/api.ts:4"],
  },
  {
    name: "HttpApi: a served API's group with no implementation apidex can read, an endpoint its implementation does not handle, and an implementation whose group name is not static: indexed, marked (APX256)",
    files: {
      "src/api.ts": [
        IMPORTS,
        `const A = HttpApiGroup.make("a").add(HttpApiEndpoint.get("x", "/a"));`,
        `const B = HttpApiGroup.make("b").add(HttpApiEndpoint.get("x", "/b")).add(HttpApiEndpoint.get("y", "/b/y"));`,
        `export const Api = HttpApi.make("api").add(A).add(B);`,
        `const BLive = HttpApiBuilder.group(Api, "b", (h) => h.handle("x", () => Effect.void));`,
        `export const ApiLive = HttpApiBuilder.api(Api).pipe(Layer.provide(BLive));`,
      ].join("\n"),
      "src/other.ts": [
        IMPORTS,
        `const C = HttpApiGroup.make("c").add(HttpApiEndpoint.get("x", "/c"));`,
        `export const Other = HttpApi.make("other").add(C);`,
        `const name = process.env.GROUP as "c";`,
        `const CLive = HttpApiBuilder.group(Other, name, (h) => h.handle("x", () => Effect.void));`,
        `export const OtherLive = HttpApiBuilder.api(Other).pipe(Layer.provide(CLive));`,
      ].join("\n"),
    },
    routes: ["GET /a [] unresolved(permissions)", "GET /b []", "GET /b/y [] unresolved(permissions)", "GET /c [] unresolved(permissions)"],
    diagnostics: ["APX256 src/api.ts:3", "APX256 src/api.ts:6", "APX256 src/other.ts:6"],
  },
  {
    name: "HttpApi: an API no HttpApiBuilder.api serves (a contract shared with a client) is not indexed (APX256)",
    files: {
      "src/contract.ts": [
        IMPORTS,
        `export const Api = HttpApi.make("api").add(HttpApiGroup.make("g").add(HttpApiEndpoint.get("x", "/x")));`,
      ].join("\n"),
    },
    routes: [],
    diagnostics: ["APX256 src/contract.ts:3"],
  },
  {
    name: "HttpApi: a path, a prefix or an endpoint name apidex cannot read (APX201, APX256), and a value added to a group that is no endpoint (APX256)",
    files: {
      "src/api.ts": [
        IMPORTS,
        `const base = process.env.BASE as string;`,
        `declare const made: any;`,
        `const G = HttpApiGroup.make("g")`,
        `  .add(HttpApiEndpoint.get("a", base))`,
        `  .add(HttpApiEndpoint.get("b", "/b").prefix(base))`,
        `  .add(HttpApiEndpoint.get(base, "/c"))`,
        `  .add(made)`,
        `  .add(HttpApiEndpoint.get("ok", "/ok"));`,
        `export const Api = HttpApi.make("api").add(G);`,
        `const GLive = HttpApiBuilder.group(Api, "g", (h) => h.handle("a", () => Effect.void).handle("b", () => Effect.void).handle("ok", () => Effect.void));`,
        `export const ApiLive = HttpApiBuilder.api(Api).pipe(Layer.provide(GLive));`,
      ].join("\n"),
    },
    routes: ["GET /ok []"],
    diagnostics: ["APX201 src/api.ts:6", "APX201 src/api.ts:7", "APX256 src/api.ts:8", "APX256 src/api.ts:9"],
  },
  {
    name: "HttpRouter: data-last steps in pipe (the router's and Effect's), data-first calls, route(method), makeRoute/fromIterable, append, concat, mount, mountApp of a router, prefixAll (includePrefix, which matches the whole URL, is said: APX210); all is every method",
    files: {
      "src/auth.ts": AUTH,
      "src/router.ts": [
        `import { HttpRouter, HttpServer, HttpServerResponse } from "@effect/platform";`,
        `import { Effect, pipe } from "effect";`,
        `import { requirePermission } from "./auth";`,
        `const ok = HttpServerResponse.text("ok");`,
        `const users = HttpRouter.empty.pipe(HttpRouter.get("/", ok), HttpRouter.get("/:id", Effect.zipRight(requirePermission("users.read"), ok)));`,
        `const files = HttpRouter.fromIterable([HttpRouter.makeRoute("GET", "/files/*", ok)]);`,
        `const legacy = HttpRouter.get(HttpRouter.empty, "/legacy/ping", ok);`,
        `const kept = HttpRouter.empty.pipe(HttpRouter.get("/kept/a", ok));`,
        `const base = pipe(HttpRouter.empty, HttpRouter.route("PUT")("/items/:id", ok), HttpRouter.append(HttpRouter.makeRoute("POST", "/items", ok)));`,
        `export const app = base.pipe(`,
        `  HttpRouter.concat(files),`,
        `  HttpRouter.mount("/users", users),`,
        `  HttpRouter.mountApp("/old", legacy),`,
        `  HttpRouter.mountApp("/kept", kept, { includePrefix: true }),`,
        `  HttpRouter.all("/echo", ok),`,
        `  HttpRouter.use((app) => app),`,
        `  HttpRouter.prefixAll("/api"),`,
        `);`,
        `export const Live = app.pipe(HttpServer.serve());`,
      ].join("\n"),
    },
    routes: [
      "DELETE /api/echo []",
      "GET /api/echo []",
      "GET /api/files/{wildcard} []",
      "GET /api/old/legacy/ping []",
      "GET /api/users []",
      "GET /api/users/{id} [users.read]",
      "HEAD /api/echo []",
      "OPTIONS /api/echo []",
      "PATCH /api/echo []",
      "POST /api/echo []",
      "POST /api/items []",
      "PUT /api/echo []",
      "PUT /api/items/{id} []",
    ],
    diagnostics: ["APX205 src/router.ts:6", "APX210 src/router.ts:14"],
  },
  {
    name: "HttpRouter: an app apidex cannot read mounted in a router, and a route path it cannot read (APX210, APX201)",
    files: {
      "src/router.ts": [
        `import { HttpRouter, HttpServerResponse } from "@effect/platform";`,
        `import { makeLegacyApp } from "./legacy";`,
        `const ok = HttpServerResponse.text("ok");`,
        `export const app = HttpRouter.empty.pipe(HttpRouter.get("/a", ok), HttpRouter.get(process.env.P as "/p", ok), HttpRouter.mountApp("/legacy", makeLegacyApp()));`,
      ].join("\n"),
      "src/legacy.ts": `export const makeLegacyApp = (): any => globalThis.fetch;\n`,
    },
    routes: ["GET /a []"],
    diagnostics: ["APX201 src/router.ts:4", "APX210 src/router.ts:4"],
  },
  {
    name: "Effect 4 (effect/http-api): endpoints with their options object, `delete` and `query`, served by HttpApiBuilder.layer; a middleware implemented by the curried Layer.succeed(Tag)(impl)",
    files: {
      "src/auth.ts": AUTH,
      "src/api.ts": [
        `import { Effect, Layer, Schema } from "effect";`,
        `import { HttpApi, HttpApiBuilder, HttpApiEndpoint, HttpApiGroup, HttpApiMiddleware } from "effect/http-api";`,
        `import { requirePermission } from "./auth";`,
        `export class Admin extends HttpApiMiddleware.Service<Admin>()("Admin") {}`,
        `const AdminLive = Layer.succeed(Admin)(requirePermission("admin"));`,
        `const Users = HttpApiGroup.make("users")`,
        `  .add(HttpApiEndpoint.get("find", "/:id", { params: { id: Schema.String } }))`,
        `  .add(HttpApiEndpoint.delete("remove", "/:id", { params: { id: Schema.String } }).middleware(Admin))`,
        `  .add(HttpApiEndpoint.query("search", "/search"))`,
        `  .prefix("/users");`,
        `export const Api = HttpApi.make("api").add(Users).prefix("/v1");`,
        `const UsersLive = HttpApiBuilder.group(Api, "users", (h) => h.handle("find", () => requirePermission("users.read")).handle("remove", () => Effect.void).handle("search", () => Effect.void));`,
        `export const ApiLayer = HttpApiBuilder.layer(Api).pipe(Layer.provide(UsersLive), Layer.provide(AdminLive));`,
      ].join("\n"),
    },
    routes: ["DELETE /v1/users/{id} [admin]", "GET /v1/users/{id} [users.read]", "QUERY /v1/users/search []"],
    // (OpenAPI 3.1 has no QUERY: indexed, left out of the document.)
    diagnostics: ["APX441 src/api.ts:9"],
  },
];

describe("Effect: in-memory cases", () => {
  it.each(cases)("$name", async ({ files, routes, diagnostics }) => {
    const result = await generateFrom(files);
    expect(routeLines(result)).toEqual([...routes].sort());
    expect(diagnosticLines(result)).toEqual(diagnostics ?? []);
  });
});

describe("Effect: which files are read", () => {
  it("a module importing @effect/platform's HttpApi modules or HttpRouter, or Effect 4's effect/http-api, is parsed; one importing only effect is not", () => {
    const group = `export class Users extends HttpApiGroup.make("users") {}\n`;
    expect(mayRegisterRoutes(`import { HttpApiGroup } from "@effect/platform";\n${group}`, "src/users.ts")).toBe(true);
    expect(mayRegisterRoutes(`import * as HttpApiGroup from "@effect/platform/HttpApiGroup";\n${group}`, "src/users.ts")).toBe(true);
    expect(mayRegisterRoutes(`import { HttpApiGroup } from "effect/http-api";\n${group}`, "src/users.ts")).toBe(true);
    expect(mayRegisterRoutes(`import { HttpApiGroup } from "effect/unstable/httpapi";\n${group}`, "src/users.ts")).toBe(true);
    expect(mayRegisterRoutes(`import { Effect } from "effect";\nexport const x = Effect.void;\n`, "src/x.ts")).toBe(false);
  });

  it("a project whose only Effect import is an HTTP client is no Effect service (APX001)", async () => {
    const result = await generateFrom({
      "src/client.ts": `import { HttpClient } from "@effect/platform";\nimport { Effect } from "effect";\nexport const load = HttpClient.get("/users");\n`,
    });
    expect(routeLines(result)).toEqual([]);
    expect(diagnosticLines(result)).toEqual(["APX001 -"]);
  });
});
