import { readFileSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it, vi } from "vitest";
import { loadConfig } from "../generator/config/load-config.js";
import { generate } from "../generator/generate.js";
import { canonicalJson } from "../generator/write/canonical-json.js";
import { checkOverHttp } from "./helpers/http-oracle.js";
import { REPO_ROOT } from "./helpers/repo.js";

// The fixture imports "polka", as a project on 1.0.0-next does; the devDependency `polka` is 0.5.2, and
// `polka-next` is 1.0.0-next.28 (an npm alias): the fixture runs on the latter.
vi.mock("polka", async () => await import("polka-next"));

/** Polka 1.0.0-next (the fixture's package.json names it): middleware in registration order, sub-apps at any base. */
const fixture = path.join(REPO_ROOT, "test", "fixtures", "polka-next");

interface Polka10 {
  routes: { method: string; pattern: RegExp }[];
  server: Server;
  listen: (port: number, host: string, cb: () => void) => unknown;
}

describe("Polka 1.0.0-next (fixture)", () => {
  it("matches the golden index; each operation answers over HTTP with its keys, 403 without one, and its method and path are in Polka's route list", async () => {
    const result = await generate(await loadConfig({ cwd: REPO_ROOT, root: fixture }));
    expect(result.diagnostics.errors).toEqual([]);
    expect(canonicalJson(result.index)).toBe(readFileSync(path.join(fixture, "expected-operations.json"), "utf8"));

    const { createApp } = (await import(pathToFileURL(path.join(fixture, "src", "server.js")).href)) as { createApp: () => Polka10 };
    const app = createApp();
    // Polka 1.0 keeps its routes as regular expressions (trouter 4), `all()` and `use()` with no method: each
    // top-level operation's path is matched by a route of its method (`all()`'s for the methods of /echo).
    // (The sub-application's routes are in its own list, behind its `attach` in this one.)
    const unmatched = result.index.operations
      .filter((op) => !op.path.startsWith("/api/v1"))
      .filter((op) => {
        const method = op.path === "/echo" ? "" : op.method;
        return !app.routes.some((r) => r.method === method && r.pattern.test(op.path.replace(/\{[^}]+\}/g, "42")));
      });
    expect(unmatched).toEqual([]);
    await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = app.server.address() as AddressInfo;
      const out = await checkOverHttp(port, result.index, [
        ["GET", "/no-such-route", 404],
        ["GET", "/api/v1/nothing", 404],
      ]);
      expect(out).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => app.server.close(() => resolve()));
    }
  });
});
