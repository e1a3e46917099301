import { readFileSync } from "node:fs";
import type { Server } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../generator/config/load-config.js";
import { generate } from "../generator/generate.js";
import { canonicalJson } from "../generator/write/canonical-json.js";
import { checkOverHttp } from "./helpers/http-oracle.js";
import { diagnosticLines, generateFrom, type InMemoryCase, routeLines } from "./helpers/in-memory.js";
import { REPO_ROOT } from "./helpers/repo.js";

/** koa-route (with koa-mount and koa-compose), read by the Koa adapter (generator/extract/koa). */
const fixture = path.join(REPO_ROOT, "test", "fixtures", "koa-route");

type Handler = (this: unknown, ...args: unknown[]) => unknown;
type RouteMaker = (path: string, fn?: Handler, opts?: unknown) => unknown;

/**
 * koa-route keeps no route table: every route is a middleware of its own. The oracle wraps the package's
 * route makers before the fixture is loaded, so that each registration (and whether a request reached its
 * handler) is known, then sends each indexed operation over HTTP.
 */
describe("koa-route (fixture)", () => {
  const route = createRequire(import.meta.url)("koa-route") as Record<string, RouteMaker>;
  const originals = new Map(Object.entries(route));
  const registered: string[] = [];
  const answered = new Set<string>();
  beforeAll(() => {
    for (const [name, make] of originals) {
      route[name] = (p, fn, opts) => {
        const id = `${name} ${p} #${registered.length}`;
        registered.push(id);
        const wrap = (f: Handler): Handler =>
          function (this: unknown, ...args) {
            answered.add(id);
            return f.apply(this, args);
          };
        return fn ? make(p, wrap(fn), opts) : (f: Handler) => (make(p) as (f: Handler) => unknown)(wrap(f));
      };
    }
  });
  afterAll(() => {
    for (const [name, make] of originals) route[name] = make;
  });

  it("matches the golden index; each operation is answered by a koa-route handler with its keys, 403 without one, and every route is reached", async () => {
    const result = await generate(await loadConfig({ cwd: REPO_ROOT, root: fixture }));
    expect(result.diagnostics.errors).toEqual([]);
    expect(canonicalJson(result.index)).toBe(readFileSync(path.join(fixture, "expected-operations.json"), "utf8"));
    // The one warning: `/files/:path+` spans segments, indexed as one.
    expect(result.diagnostics.sorted().map((d) => `${d.code} ${path.relative(fixture, d.site?.file ?? "")}:${d.site?.line}`)).toEqual([
      "APX205 src/app.ts:25",
    ]);

    const { app } = (await import(pathToFileURL(path.join(fixture, "src", "app.ts")).href)) as {
      app: { listen: (port: number, host: string, cb: () => void) => Server };
    };
    expect(registered).toHaveLength(13);
    const server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    try {
      const { port } = server.address() as AddressInfo;
      const out = await checkOverHttp(port, result.index, [
        ["GET", "/files/a/b/c", 200],
        ["GET", "/files", 404],
        ["GET", "/pets/tobi/toys", 404],
        ["POST", "/health", 404],
        ["GET", "/reports/latest", 404],
        ["GET", "/reports/2024/05/extra", 404],
        ["GET", "/settings", 404],
        ["GET", "/v1/settings", 404],
        ["GET", "/admin/health", 404],
        ["PUT", "/admin/stats", 404],
      ]);
      expect(out).toEqual([]);
      // Every registration answered at least one indexed operation: none is missing from the index.
      expect(registered.filter((id) => !answered.has(id))).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
