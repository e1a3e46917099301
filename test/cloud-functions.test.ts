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
