import { readFileSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../generator/config/load-config.js";
import { generate } from "../generator/generate.js";
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
      const call = (method: string, p: string, keys: readonly string[]) =>
        fetch(`http://127.0.0.1:${port}${p.replace(/\{[^}]+\}/g, "42")}`, {
          method,
          headers: { "x-permissions": keys.join(","), "content-type": "application/json" },
          ...(method === "POST" || method === "PUT" || method === "PATCH" ? { body: "{}" } : {}),
        }).then((r) => r.status);
      const out: string[] = [];
      for (const op of result.index.operations) {
        const status = await call(op.method, op.path, op.permissions);
        if (status === 403 || status === 404 || status === 405) out.push(`${op.method} ${op.path}: ${status} with its keys`);
        for (const key of op.permissions)
          if ((await call(
            op.method,
            op.path,
            op.permissions.filter((k) => k !== key),
          )) !== 403)
            out.push(`${op.method} ${op.path}: answers without ${key}`);
      }
      const keys = ["service.access"];
      if ((await call("GET", "/no-such-route", keys)) !== 404) out.push("GET /no-such-route is not 404");
      expect(out).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
