import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../generator/config/load-config.js";
import { generate } from "../generator/generate.js";
import { canonicalJson } from "../generator/write/canonical-json.js";
import { diagnosticLines, generateFrom, type InMemoryCase, routeLines } from "./helpers/in-memory.js";
import { REPO_ROOT } from "./helpers/repo.js";

/**
 * Fastify shapes met in real services (the corpus' supabase/storage and others): route options given as the
 * one argument after the path (Fastify takes the handler from them), relative prefixes, options spread into
 * `register`. A fixture checked against the real Fastify, and the rules one by one on in-memory projects.
 */
const fixture = path.join(REPO_ROOT, "test", "fixtures", "fastify-more");

/** What Fastify itself registers and answers, booted in a child process. */
function runtime(requests: { method: string; url: string; permissions: string[] }[] = []): { routes: string[]; statuses: number[] } {
  const run = spawnSync(
    process.execPath,
    ["--import", "tsx", path.join(REPO_ROOT, "test", "helpers", "fastify-more-oracle.ts"), path.join(fixture, "src", "app.ts")],
    { input: JSON.stringify(requests), encoding: "utf8", cwd: REPO_ROOT },
  );
  expect(run.stderr).toBe("");
  return JSON.parse(run.stdout);
}

describe("the fastify-more fixture", () => {
  it("matches the golden index", async () => {
    const result = await generate(await loadConfig({ cwd: REPO_ROOT, root: fixture }));
    expect(canonicalJson(result.index)).toBe(readFileSync(path.join(fixture, "expected-operations.json"), "utf8"));
  });

  it("equals the routes the real Fastify registers, and each needs exactly its keys", async () => {
    const result = await generate(await loadConfig({ cwd: REPO_ROOT, root: fixture }));
    const ops = result.index.operations;
    const url = (p: string) => p.replace(/\{[^}]+\}/g, "42");
    const requests = ops.flatMap((op) => [
      { method: op.method, url: url(op.path), permissions: op.permissions },
      ...op.permissions.map((key) => ({ method: op.method, url: url(op.path), permissions: op.permissions.filter((k) => k !== key) })),
    ]);
    const { routes, statuses } = runtime(requests);
    // A prefix's own route (`get("/")` under `bucket`) is served at `/bucket` and `/bucket/`: one operation.
    const served = [...new Set(routes.map((r) => r.replace(/:(\w+)/g, "{$1}").replace(/(.)\/$/, "$1")))].sort();
    expect(served).toEqual(ops.map((o) => `${o.method} ${o.path}`).sort());
    let i = 0;
    for (const op of ops) {
      expect([op.method, op.path, statuses[i++]]).not.toEqual([op.method, op.path, 403]);
      for (const key of op.permissions) expect([op.method, op.path, key, statuses[i++]]).toEqual([op.method, op.path, key, 403]);
    }
  });

  it("documents a route from the schema in its options", async () => {
    const result = await generate(await loadConfig({ cwd: REPO_ROOT, root: fixture }));
    const list = result.index.operations.find((o) => o.method === "GET" && o.path === "/bucket");
    expect(list?.summary).toBe("List buckets");
  });
});

const AUTH = `export const requirePermission = (key: string) => async (request: unknown, reply: unknown) => {};\n`;
const server = (...lines: string[]) =>
  [`import Fastify from "fastify"; import { requirePermission } from "./auth";`, `const app = Fastify();`, ...lines].join("\n");

const cases: InMemoryCase[] = [
  {
    name: "route options as the one argument after the path: their hooks gate the route, the handler is theirs",
    files: {
      "auth.ts": AUTH,
      "server.ts": server(
        `app.get("/a", { preHandler: requirePermission("a.read"), handler: async () => 1 });`,
        `app.post("/b", { onRequest: [requirePermission("b.write")], preValidation: requirePermission("b.check"), handler: async () => 1 });`,
        `const options = { preHandler: [requirePermission("c.delete")], handler: async () => 1 };`,
        `app.delete("/c", options);`,
      ),
    },
    routes: ["DELETE /c [c.delete]", "GET /a [a.read]", "POST /b [b.check,b.write]"],
  },
  {
    name: "a handler written as the one argument stays the handler (its calls are read)",
    files: {
      "auth.ts": AUTH,
      "server.ts": server(
        `const handler = async () => { await requirePermission("h.read")({}, {}); return 1; };`,
        `app.get("/h", handler);`,
      ),
    },
    routes: ["GET /h [h.read]"],
  },
  {
    name: "options spread into register: the prefix is still read, with or without its leading slash",
    files: {
      "server.ts": [
        `import Fastify from "fastify";`,
        `const app = Fastify();`,
        `const shared = { logLevel: "warn" };`,
        `app.register(async (f) => { f.get("/", { handler: async () => [] }); f.get("/:id", async () => ({})); }, { ...shared, prefix: "bucket" });`,
      ].join("\n"),
    },
    routes: ["GET /bucket []", "GET /bucket/{id} []"],
  },
];

describe("Fastify route and plugin shapes", () => {
  it.each(cases)("$name", async ({ files, routes, diagnostics }) => {
    const result = await generateFrom(files);
    expect(routeLines(result)).toEqual([...routes].sort());
    expect(diagnosticLines(result)).toEqual(diagnostics ?? []);
  });
});
