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
