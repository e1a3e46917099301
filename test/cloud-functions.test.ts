import { readFileSync } from "node:fs";
import type { Server } from "node:http";
import Module, { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../generator/config/load-config.js";
import { generate } from "../generator/generate.js";
import { canonicalJson } from "../generator/write/canonical-json.js";
import { runtimeRoutes } from "./helpers/express-runtime-routes.js";
import { diagnosticLines, generateFrom, type InMemoryCase, routeLines } from "./helpers/in-memory.js";
import { REPO_ROOT } from "./helpers/repo.js";

/** Serverless HTTP functions: Azure Functions (v4 model), Firebase, Google Cloud's Functions Framework (generator/extract/cloud-functions). */
const FIXTURES = path.join(REPO_ROOT, "test", "fixtures");
const require = createRequire(import.meta.url);

async function indexOf(name: string) {
  const root = path.join(FIXTURES, name);
  const result = await generate(await loadConfig({ cwd: REPO_ROOT, root }));
  expect(result.diagnostics.errors).toEqual([]);
  return { root, result };
}

function goldenMatches(root: string, index: unknown): void {
  expect(canonicalJson(index)).toBe(readFileSync(path.join(root, "expected-operations.json"), "utf8"));
}

function warningsOf(result: Awaited<ReturnType<typeof indexOf>>["result"], name: string): string[] {
  return diagnosticLines(result).map((d) => d.replace(new RegExp(` \\S*fixtures/${name}/`), " "));
}

/** Listens on 127.0.0.1 at a port chosen now; the base URL and a closer. */
async function listening(server: Server): Promise<{ base: string; close: () => Promise<void> }> {
  if (!server.listening) await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Send = (method: string, p: string, keys: readonly string[]) => Promise<number>;

/** Each indexed operation answers (not 403/404/405) with its keys and 403 without any one; `extra` get their status. */
async function overHttp(
  send: Send,
  operations: readonly { method: string; path: string; permissions: string[] }[],
  extra: [string, string, number][],
): Promise<string[]> {
  const out: string[] = [];
  for (const op of operations) {
    const status = await send(op.method, op.path, op.permissions);
    if (status === 403 || status === 404 || status === 405) out.push(`${op.method} ${op.path}: ${status} with its keys`);
    for (const key of op.permissions) {
      const without = await send(
        op.method,
        op.path,
        op.permissions.filter((k) => k !== key),
      );
      if (without !== 403) out.push(`${op.method} ${op.path}: ${without} without ${key}`);
    }
  }
  const all = [...new Set(operations.flatMap((o) => o.permissions))];
  for (const [method, p, expected] of extra) {
    const status = await send(method, p, all);
    if (status !== expected) out.push(`${method} ${p}: ${status}, not ${expected}`);
  }
  return out;
}

/**
 * Functions served as Cloud Functions serves them: `/<name>/rest` reaches the function `name` with the path
 * `/rest`, through the Functions Framework's own server for it (what runs Firebase and Google Cloud functions).
 */
async function functionsFront(names: readonly string[]): Promise<{ send: Send; close: () => Promise<void> }> {
  const { getTestServer } = (await import("@google-cloud/functions-framework/testing")) as {
    getTestServer: (name: string) => Server;
  };
  const servers = new Map<string, Awaited<ReturnType<typeof listening>>>();
  for (const name of names) servers.set(name, await listening(getTestServer(name)));
  const send: Send = async (method, p, keys) => {
    const [, name, ...rest] = p.replace(/\{[^}]+\}/g, "42").split("/");
    const server = servers.get(name ?? "");
    if (!server) return 404;
    const response = await fetch(`${server.base}/${rest.join("/")}`, {
      method,
      headers: { "x-permissions": keys.join(","), "content-type": "application/json" },
      ...(method === "POST" || method === "PUT" || method === "PATCH" ? { body: JSON.stringify({ data: { amount: 5 } }) } : {}),
    });
    await response.arrayBuffer();
    return response.status;
  };
  return { send, close: async () => void (await Promise.all([...servers.values()].map((s) => s.close()))) };
}

describe("Azure Functions v4 (fixture)", () => {
  /** What @azure/functions handed the Functions host: each registration's metadata and handler. */
  const registered: { metadata: { name: string; bindings: Record<string, Record<string, unknown>> }; handler: Function }[] = [];
  const load = (Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown })._load;

  beforeAll(async () => {
    // The Functions host injects `@azure/functions-core` into the worker; here a stand-in records what the
    // package registers through it (the package's own registration path, not a mock of its API).
    (Module as unknown as { _load: typeof load })._load = function (request: string, ...rest: unknown[]) {
      if (request === "@azure/functions-core")
        return {
          setProgrammingModel() {},
          registerFunction(metadata: (typeof registered)[number]["metadata"], handler: Function) {
            registered.push({ metadata, handler });
            return { dispose() {} };
          },
        };
      return load.call(this, request, ...rest);
    };
    for (const file of ["users.ts", "files.ts"])
      await import(pathToFileURL(path.join(FIXTURES, "azure-functions", "src", "functions", file)).href);
  });
  afterAll(() => {
    (Module as unknown as { _load: typeof load })._load = load;
  });

  it("matches the golden index; the catch-all is said", async () => {
    const { root, result } = await indexOf("azure-functions");
    goldenMatches(root, result.index);
    expect(warningsOf(result, "azure-functions")).toEqual(["APX205 src/functions/files.ts:15"]);
  });

  /**
   * The (method, path) of each registration as the host serves it: under host.json's routePrefix, a constraint
   * only narrowing its parameter, `{x?}` matching with and without it, `{*x}` the rest of the path.
   */
  function servedRoutes(root: string): { method: string; path: string; entry: (typeof registered)[number] }[] {
    const hostJson = readFileSync(path.join(root, "host.json"), "utf8").replace(/^\s*\/\/.*$/gm, "");
    const prefix = (JSON.parse(hostJson) as { extensions: { http: { routePrefix: string } } }).extensions.http.routePrefix;
    return registered.flatMap((entry) => {
      const trigger = Object.values(entry.metadata.bindings).find((b) => b.type === "httpTrigger")!;
      const plain = `/${prefix}/${(trigger.route as string | undefined) ?? entry.metadata.name}`.replace(
        /\{\*?([A-Za-z_]\w*)(:[^}?]*)?(\?)?\}/g,
        "{$1$3}",
      );
      const variants = plain.endsWith("?}") ? [plain.replace(/\/\{[^}]+\?\}$/, ""), plain.replace("?}", "}")] : [plain];
      return (trigger.methods as string[]).flatMap((method) => variants.map((p) => ({ method, path: p, entry })));
    });
  }

  it("indexes exactly the (method, path) the package registers with the host, under host.json's routePrefix", async () => {
    const { root, result } = await indexOf("azure-functions");
    const runtime = new Set(servedRoutes(root).map((r) => `${r.method} ${r.path}`));
    const indexed = new Set(result.index.operations.map((o) => `${o.method} ${o.path}`));
    expect([...indexed].sort()).toEqual([...runtime].sort());
  });

  it("each handler answers with the indexed keys and 403 without any one of them", async () => {
    const { HttpRequest, InvocationContext } = require("@azure/functions") as typeof import("@azure/functions");
    const { root, result } = await indexOf("azure-functions");
    const served = servedRoutes(root);
    const send: Send = async (method, p, keys) => {
      const fn = served.find((r) => r.method === method && r.path === p)?.entry;
      if (!fn) return 404;
      const request = new HttpRequest({
        method,
        url: `http://127.0.0.1${p.replace(/\{[^}]+\}/g, "42")}`,
        headers: { "x-permissions": keys.join(",") },
        params: { id: "42", year: "2026", path: "a/b" },
        ...(method === "POST" || method === "PUT" || method === "PATCH" ? { body: { string: "{}" } } : {}),
      });
      const response = (await fn.handler(request, new InvocationContext({ functionName: fn.metadata.name }))) as
        | { status?: number }
        | undefined;
      return response?.status ?? 200;
    };
    expect(await overHttp(send, result.index.operations, [])).toEqual([]);
  });
});

describe("Firebase (fixture)", () => {
  it("matches the golden index, with no warning", async () => {
    const { root, result } = await indexOf("firebase-functions");
    goldenMatches(root, result.index);
    expect(warningsOf(result, "firebase-functions")).toEqual([]);
  });

  it("names the functions as Firebase's own loader does, serves the Express app's routes below its function, and each answers with its keys", async () => {
    const { root, result } = await indexOf("firebase-functions");
    const entry = (await import(pathToFileURL(path.join(root, "src", "index.ts")).href)) as Record<string, unknown>;
    // firebase-functions' loader (what the Firebase CLI asks for the functions to deploy) names each endpoint.
    const loader = require(path.join(REPO_ROOT, "node_modules", "firebase-functions", "lib", "runtime", "loader.js")) as {
      extractStack: (
        module: unknown,
        endpoints: Record<string, { httpsTrigger?: object; callableTrigger?: object }>,
        ...rest: unknown[]
      ) => void;
    };
    const endpoints: Record<string, { httpsTrigger?: object; callableTrigger?: object }> = {};
    loader.extractStack(entry, endpoints, [], {});
    const named = Object.keys(endpoints).sort();
    expect(named).toEqual(["admin-audit", "api", "createInvoice", "reports-monthly", "whoami"]);
    expect([...new Set(result.index.operations.map((o) => o.path.split("/")[1]))].sort()).toEqual(named);
    // The Express app's own route table, below `/api`.
    const { app } = (await import(pathToFileURL(path.join(root, "src", "app.ts")).href)) as { app: Parameters<typeof runtimeRoutes>[0] };
    const api = runtimeRoutes(app).map((r) => `${r.method} /api${r.path === "/" ? "" : r.path}`);
    const indexedApi = result.index.operations.filter((o) => o.path.startsWith("/api/")).map((o) => `${o.method} ${o.path}`);
    expect([...new Set(api)].sort()).toEqual(indexedApi.sort());
    // Each function served by the Functions Framework, as Cloud Functions runs it.
    const functions = (await import("@google-cloud/functions-framework")) as { http: (name: string, handler: unknown) => void };
    const find = (name: string) => name.split("-").reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], entry);
    for (const name of named) functions.http(name, find(name));
    const front = await functionsFront(named);
    try {
      expect(
        await overHttp(front.send, result.index.operations, [
          ["POST", "/admin-audit", 405],
          ["POST", "/reports-monthly", 405],
          ["GET", "/api/nothing", 404],
          ["GET", "/nothing", 404],
        ]),
      ).toEqual([]);
    } finally {
      await front.close();
    }
  });
});

describe("Google Cloud Functions Framework (fixture)", () => {
  it("matches the golden index: each function below its name, the Express router's routes there", async () => {
    const { root, result } = await indexOf("functions-framework");
    goldenMatches(root, result.index);
    expect(warningsOf(result, "functions-framework")).toEqual([]);
  });

  it("the functions the framework registers answer each indexed operation with its keys, 403 without", async () => {
    const { root, result } = await indexOf("functions-framework");
    await import(pathToFileURL(path.join(root, "src", "index.ts")).href);
    const { orders } = (await import(pathToFileURL(path.join(root, "src", "orders.ts")).href)) as {
      orders: Parameters<typeof runtimeRoutes>[0];
    };
    const table = runtimeRoutes(orders).map((r) => `${r.method} /orders${r.path === "/" ? "" : r.path}`);
    const indexedOrders = result.index.operations.filter((o) => o.path.startsWith("/orders")).map((o) => `${o.method} ${o.path}`);
    expect([...new Set(table)].sort()).toEqual(indexedOrders.sort());
    const front = await functionsFront(["orders", "status"]);
    try {
      expect(
        await overHttp(front.send, result.index.operations, [
          ["POST", "/status", 405],
          ["GET", "/orders/1/items", 404],
          ["GET", "/onUpload", 404],
        ]),
      ).toEqual([]);
    } finally {
      await front.close();
    }
  });
});

const AUTH = {
  "src/auth.ts": `export function requirePermission(...args: unknown[]): any {}\nexport function assertPermission(...args: unknown[]): void {}`,
};

const AZURE_CASES: InMemoryCase[] = [
  {
    name: "app.http with methods and route; the shortcuts, with options or the handler alone; checks in handler bodies, named handlers and wrappers",
    files: {
      ...AUTH,
      "src/functions/users.ts": `import { app } from "@azure/functions";
import { requirePermission } from "../auth";
const wrap = (fn: any) => async (req: any, ctx: any) => fn(req, ctx);
async function list(req: any) { requirePermission(req, "users.read"); return { jsonBody: [] }; }
app.http("listUsers", { methods: ["GET", "HEAD"], route: "users", handler: list });
app.get("getUser", { route: "users/{id}", handler: wrap(async (req: any) => { requirePermission(req, "users.read"); return {}; }) });
app.post("createUser", { route: "users", handler: async (req) => { requirePermission(req, "users.write"); return {}; } });
app.put("putUser", { route: "users/{id}", handler: async () => ({}) });
app.patch("patchUser", { route: "users/{id}", handler: async () => ({}) });
app.deleteRequest("deleteUser", { route: "users/{id}", handler: async (req) => { requirePermission(req, "users.delete"); return {}; } });
app.get("ping", async () => ({ body: "pong" }));`,
    },
    routes: [
      "DELETE /api/users/{id} [users.delete]",
      "GET /api/ping []",
      "GET /api/users [users.read]",
      "GET /api/users/{id} [users.read]",
      "HEAD /api/users [users.read]",
      "PATCH /api/users/{id} []",
      "POST /api/users [users.write]",
      "PUT /api/users/{id} []",
    ],
  },
  {
    name: "without methods, GET and POST (as @azure/functions fills them in); without route, the name; a namespace import and a const route",
    files: {
      "src/index.ts": `import * as az from "@azure/functions";
const REPORTS = "reports";
az.app.http("health", { authLevel: "anonymous", handler: async () => ({ body: "ok" }) });
az.app.http("report", { route: \`\${REPORTS}/{year:int}\`, authLevel: "function", handler: async () => ({}) });`,
    },
    routes: ["GET /api/health []", "GET /api/reports/{year} []", "POST /api/health []", "POST /api/reports/{year} []"],
  },
  {
    name: "host.json's routePrefix, with comments; an empty prefix removes it",
    files: {
      "host.json": `{ // the host's settings\n "version": "2.0", "extensions": { "http": { "routePrefix": "v2/public" } } }`,
      "src/a.ts": `import { app } from "@azure/functions";\napp.get("items", { route: "items/{id?}", handler: async () => ({}) });`,
      "other/host.json": `{ "version": "2.0", "extensions": { "http": { "routePrefix": "" } } }`,
      "other/src/b.ts": `import { app } from "@azure/functions";\napp.get("root", { route: "", handler: async () => ({}) });\napp.get("things", async () => ({}));`,
    },
    routes: ["GET / []", "GET /things []", "GET /v2/public/items []", "GET /v2/public/items/{id} []"],
  },
  {
    name: "a catch-all is said (APX205); a template apidex does not read, an unreadable name, route, methods, handler or routePrefix are said and left out",
    files: {
      "src/a.ts": `import { app } from "@azure/functions";
declare const runtimeName: string;
declare const options: any;
declare const verbs: string[];
app.get("files", { route: "files/{*path}", handler: async () => ({}) });
app.get("paged", { route: "pages/{page=1}", handler: async () => ({}) });
app.get(runtimeName, { handler: async () => ({}) });
app.get("dyn", { route: process.env.ROUTE_X as string, handler: async () => ({}) });
app.http("verbs", { methods: verbs as any, handler: async () => ({}) });
app.get("opts", options);`,
      "bad/host.json": `{ "version": "2.0", "extensions": { "http": { "routePrefix": 5 } } }`,
      "bad/c.ts": `import { app } from "@azure/functions";\napp.get("c", async () => ({}));`,
    },
    routes: ["GET /api/files/{path} []"],
    diagnostics: [
      "APX201 bad/c.ts:2",
      "APX205 src/a.ts:5",
      "APX201 src/a.ts:6",
      "APX201 src/a.ts:7",
      "APX201 src/a.ts:8",
      "APX201 src/a.ts:9",
      "APX210 src/a.ts:10",
    ],
  },
];

const FIREBASE_CASES: InMemoryCase[] = [
  {
    name: "v2 onRequest(app) and onRequest(options, app): the Express app's routes below /<export name>, middleware and body checks",
    files: {
      ...AUTH,
      "src/index.ts": `import express from "express";
import { onRequest } from "firebase-functions/v2/https";
import { requirePermission } from "./auth";
const app = express();
app.get("/users/:id", requirePermission("users.read"), (req, res) => { res.json({}); });
app.post("/users", (req, res) => { requirePermission("users.write"); res.json({}); });
export const api = onRequest({ region: "europe-west1" }, app);
export const plain = onRequest((req, res) => { res.send("ok"); });`,
    },
    routes: [
      "DELETE /plain []",
      "GET /api/users/{id} [users.read]",
      "GET /plain []",
      "HEAD /plain []",
      "OPTIONS /plain []",
      "PATCH /plain []",
      "POST /api/users [users.write]",
      "POST /plain []",
      "PUT /plain []",
    ],
  },
  {
    name: "v1: functions.https.onRequest, with region() and runWith(); a handler that refuses other methods answers only its own; CommonJS exports",
    files: {
      ...AUTH,
      "index.js": `const functions = require("firebase-functions/v1");
const { assertPermission } = require("./src/auth");
exports.report = functions.region("us-central1").runWith({ memory: "1GB" }).https.onRequest((req, res) => {
  if (req.method !== "GET") { res.status(405).end(); return; }
  assertPermission(req, "reports.read");
  res.json({});
});`,
      "src/other.ts": `import { https } from "firebase-functions";\nexport const legacy = https.onRequest((req, res) => { if (req.method !== "POST") { res.status(405).end(); return; } res.end(); });`,
    },
    routes: ["GET /report [reports.read]"],
    diagnostics: ["APX210 src/other.ts:2"],
  },
  {
    name: "onCall: a callable, POST at /<name>; grouped exports (objects and modules under a name) deploy as group-name",
    files: {
      ...AUTH,
      "src/index.ts": `import { onCall, onRequest } from "firebase-functions/https";
import { assertPermission } from "./auth";
export * as billing from "./billing";
export const admin = { stats: onRequest((req, res) => { if (req.method !== "GET") return void res.status(405).end(); res.json({}); }) };
export const sum = onCall((request) => { assertPermission(request, "math.sum"); return 1; });`,
      "src/billing.ts": `import { onCall } from "firebase-functions/v2/https";\nexport const charge = onCall({ enforceAppCheck: true }, async () => ({}));`,
    },
    routes: ["GET /admin-stats []", "POST /billing-charge []", "POST /sum [math.sum]"],
  },
  {
    name: "the deployed module is package.json's main (lib/index.js is src/index.ts): its exports name the functions, renamed ones too; one it does not export is not deployed (APX210)",
    files: {
      "package.json": JSON.stringify({ name: "fns", main: "lib/index.js" }),
      "src/index.ts": `export { api as v1 } from "./api";`,
      "src/api.ts": `import express from "express";
import { onRequest } from "firebase-functions/v2/https";
const app = express();
app.get("/ping", (req, res) => { res.send("pong"); });
export const api = onRequest(app);
export const forgotten = onRequest((req, res) => { res.end(); });`,
    },
    routes: ["GET /v1/ping []"],
    diagnostics: ["APX210 src/api.ts:6"],
  },
  {
    name: "a function no export names (APX201) and a handler apidex cannot read (APX210) are said; the project's other Express apps are read as before",
    files: {
      "src/index.ts": `import express from "express";
import { onRequest } from "firebase-functions/v2/https";
declare const made: any;
const fns: any[] = [];
fns.push(onRequest((req, res) => { res.end(); }));
export const unknownHandler = onRequest(made);
const local = express();
local.get("/dev/status", (req, res) => { res.json({}); });
local.listen(3000);`,
    },
    routes: ["GET /dev/status []"],
    diagnostics: ["APX201 src/index.ts:5", "APX210 src/index.ts:6"],
  },
];

const FRAMEWORK_CASES: InMemoryCase[] = [
  {
    name: "functions.http(name, app) and functions.http(name, handler): below /<name>, every method the handler answers; named imports and const names",
    files: {
      ...AUTH,
      "src/index.ts": `import { http } from "@google-cloud/functions-framework";
import * as functions from "@google-cloud/functions-framework";
import express from "express";
import { requirePermission } from "./auth";
const NAME = "items";
const app = express();
app.get("/", requirePermission("items.read"), (req, res) => { res.json([]); });
app.delete("/:id", requirePermission("items.delete"), (req, res) => { res.end(); });
http(NAME, app);
functions.http("hello", (req, res) => { if (req.method !== "GET" && req.method !== "POST") { res.status(405).end(); return; } res.send("hi"); });`,
    },
    routes: ["DELETE /items/{id} [items.delete]", "GET /hello []", "GET /items [items.read]", "POST /hello []"],
  },
  {
    name: "a name apidex cannot read is said (APX201); a CloudEvent function has no URL",
    files: {
      "src/index.ts": `import * as functions from "@google-cloud/functions-framework";
functions.http(process.env.FN as string, (req, res) => { res.end(); });
functions.cloudEvent("onUpload", (event) => {});`,
    },
    routes: [],
    diagnostics: ["APX201 src/index.ts:2"],
  },
];

describe.each([
  ["Azure Functions", AZURE_CASES],
  ["Firebase", FIREBASE_CASES],
  ["Functions Framework", FRAMEWORK_CASES],
] as const)("%s (in memory)", (_platform, cases) => {
  it.each(cases.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    const result = await generateFrom(c.files, c.config);
    expect(routeLines(result)).toEqual([...c.routes].sort());
    expect(diagnosticLines(result).filter((d) => !d.startsWith("APX4") && !d.startsWith("APX001"))).toEqual(c.diagnostics ?? []);
  });
});

const V3_CASES: InMemoryCase[] = [
  {
    name: "v3: function.json's httpTrigger (methods, every method without them, route, the folder's name without one), the handler scriptFile names in build output read as its TypeScript source",
    files: {
      ...AUTH,
      "host.json": `{ "version": "2.0" }`,
      "tsconfig.json": JSON.stringify({ compilerOptions: { outDir: "dist" } }),
      "GetUser/function.json": JSON.stringify({
        bindings: [
          { authLevel: "function", type: "httpTrigger", direction: "in", name: "req", methods: ["get"], route: "users/{id:int}" },
          { type: "http", direction: "out", name: "res" },
        ],
        scriptFile: "../dist/GetUser/index.js",
      }),
      "GetUser/index.ts": `import { AzureFunction, Context, HttpRequest } from "@azure/functions";
import { requirePermission } from "../src/auth";
/** Reads one user. */
const httpTrigger: AzureFunction = async function (context: Context, req: HttpRequest): Promise<void> {
  requirePermission(req, "users.read");
  context.res = { body: {} };
};
export default httpTrigger;`,
      "Health/function.json": JSON.stringify({ bindings: [{ type: "httpTrigger", direction: "in", name: "req" }] }),
      "Health/index.js": `module.exports = async function (context, req) { context.res = { body: "ok" }; };`,
      "Orders/function.json": JSON.stringify({
        bindings: [{ type: "httpTrigger", direction: "in", name: "req", methods: ["post", "put"], route: "orders" }],
        scriptFile: "../dist/Orders/handler.js",
        entryPoint: "create",
      }),
      "Orders/handler.ts": `import { requirePermission } from "../src/auth";\nexport async function create(context: any, req: any) { requirePermission(req, "orders.write"); }`,
      "Nightly/function.json": JSON.stringify({ bindings: [{ type: "timerTrigger", direction: "in", name: "t", schedule: "0 0 * * *" }] }),
    },
    routes: [
      // Without `methods`, the host answers every method.
      ...["DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT"].map((m) => `${m} /api/Health []`),
      "GET /api/users/{id} [users.read]",
      "POST /api/orders [orders.write]",
      "PUT /api/orders [orders.write]",
    ],
  },
  {
    name: "v3: a script that is not among the sources keeps its route, marked (APX210); a function.json apidex cannot read is said (APX201)",
    files: {
      "api/host.json": `{ "version": "2.0", "extensions": { "http": { "routePrefix": "" } } }`,
      "api/Built/function.json": JSON.stringify({
        bindings: [{ type: "httpTrigger", name: "req", methods: ["get"] }],
        scriptFile: "../out/Built/index.js",
      }),
      "api/Broken/function.json": JSON.stringify({ bindings: [{ type: "httpTrigger", name: "req", route: 5 }] }),
    },
    routes: ["GET /Built [] unresolved(permissions)"],
    diagnostics: ["APX201 api/Broken/function.json:1", "APX210 api/Built/function.json:1"],
  },
];

describe("Azure Functions v3 (in memory)", () => {
  it.each(V3_CASES.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    const result = await generateFrom(c.files, c.config);
    expect(routeLines(result)).toEqual([...c.routes].sort());
    expect(diagnosticLines(result).filter((d) => !d.startsWith("APX4"))).toEqual(c.diagnostics ?? []);
  });
});

describe("a handler that hands its request to an Express app (in memory)", () => {
  it("onRequest((req, res) => app(req, res)) and functions.http(name, (req, res) => { app(req, res) }) serve the app's routes", async () => {
    const result = await generateFrom({
      "src/index.ts": `import express from "express";
import { onRequest } from "firebase-functions/v2/https";
import * as ff from "@google-cloud/functions-framework";
const app = express();
app.get("/things", (req, res) => { res.json([]); });
export const api = onRequest({ memory: "1GiB" }, (req, res) => app(req, res));
ff.http("legacy", (req, res) => { console.log(req.url); app(req, res); });
export const other = onRequest((req, res) => { if (req.query.x) return app(req, res); res.send("no"); });`,
    });
    expect(routeLines(result)).toEqual([
      "DELETE /other []",
      "GET /api/things []",
      "GET /legacy/things []",
      "GET /other []",
      "HEAD /other []",
      "OPTIONS /other []",
      "PATCH /other []",
      "POST /other []",
      "PUT /other []",
    ]);
  });
});
