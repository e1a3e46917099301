import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../generator/config/load-config.js";
import { pluginPrefix } from "../generator/extract/fastify/autoload.js";
import { generate } from "../generator/generate.js";
import { canonicalJson } from "../generator/write/canonical-json.js";
import { diagnosticLines, generateFrom, type InMemoryCase, routeLines } from "./helpers/in-memory.js";
import { expectKeysEnforced, fastifyRuntime, keyRequests } from "./helpers/fastify-runtime.js";
import { REPO_ROOT } from "./helpers/repo.js";

/**
 * Fastify apps whose routes @fastify/autoload loads from folders, started by fastify-cli from a root plugin
 * (no `Fastify()` in the sources): a fixture checked against the real autoload and Fastify, and the rules
 * one by one on in-memory projects.
 */
const fixture = path.join(REPO_ROOT, "test", "fixtures", "fastify-autoload");

describe("the fastify-autoload fixture (fastify-cli root plugin, no Fastify() in the sources)", () => {
  it("matches the golden index", async () => {
    const result = await generate(await loadConfig({ cwd: REPO_ROOT, root: fixture }));
    expect(canonicalJson(result.index)).toBe(readFileSync(path.join(fixture, "expected-operations.json"), "utf8"));
  });

  it("equals the routes Fastify registers through the real @fastify/autoload, and each needs exactly its keys", async () => {
    const result = await generate(await loadConfig({ cwd: REPO_ROOT, root: fixture }));
    const ops = result.index.operations;
    const { routes, statuses } = fastifyRuntime(path.join(fixture, "src", "app.ts"), "plugin", keyRequests(ops));
    expect(routes.map((r) => r.replace(/:(\w+)/g, "{$1}"))).toEqual(ops.map((o) => `${o.method} ${o.path}`).sort());
    expectKeysEnforced(ops, statuses);
  });
});

const PLUGIN = (body: string) =>
  `import type { FastifyPluginAsync } from "fastify";\nconst plugin: FastifyPluginAsync = async (fastify) => {\n  ${body}\n};\nexport default plugin;\n`;
const AUTH = `export const requirePermission = (key: string) => async (request: unknown, reply: unknown) => {};\n`;

const cases: InMemoryCase[] = [
  {
    name: "Fastify() with autoload: folder prefixes, dirNameRoutePrefix false, prefixOverride, CommonJS autoPrefix",
    files: {
      "auth.ts": AUTH,
      "server.ts": [
        `import Fastify from "fastify"; import autoload from "@fastify/autoload"; import path from "node:path";`,
        `const app = Fastify();`,
        `app.register(autoload, { dir: path.join(__dirname, "routes") });`,
        `app.register(autoload, { dir: path.resolve(__dirname, "flat"), dirNameRoutePrefix: false, options: { prefix: "/flat/" } });`,
      ].join("\n"),
      "routes/teams/members.ts": PLUGIN(`fastify.get("/members", async () => []);`),
      "routes/teams/health.ts": `export const prefixOverride = "";\n${PLUGIN(`fastify.get("/healthz", async () => "ok");`)}`,
      "routes/legacy/old.js": `module.exports = async function (fastify) { fastify.get("/old", async () => 1); };\nmodule.exports.autoPrefix = "/v0";\n`,
      "flat/deep/thing.ts": PLUGIN(`fastify.get("/thing", async () => ({}));`),
    },
    routes: ["GET /flat/thing []", "GET /healthz []", "GET /teams/members []", "GET /v0/old []"],
  },
  {
    name: "fastify-plugin: what a wrapped plugin adds belongs to the context that registers it; sibling plugins keep their hooks to themselves",
    files: {
      "auth.ts": AUTH,
      "server.ts": [
        `import Fastify from "fastify"; import fp from "fastify-plugin"; import { requirePermission } from "./auth";`,
        `const app = Fastify();`,
        `const authentication = fp(async (instance) => { instance.addHook("onRequest", requirePermission("session")); });`,
        `app.register(async (api) => {`,
        `  void api.register(authentication);`,
        `  void api.register(async (admin) => { admin.addHook("preHandler", requirePermission("admin")); admin.post("/settings", async () => ({})); });`,
        `  void api.register(async (open) => { open.get("/settings", async () => ({})); });`,
        `}, { prefix: "/api" });`,
        `app.get("/health", async () => "ok");`,
      ].join("\n"),
    },
    routes: ["GET /api/settings [session]", "GET /health []", "POST /api/settings [admin,session]"],
  },
  {
    name: "a filter that cannot be applied statically is a warning, even beside an ignorePattern that can",
    files: {
      "server.ts": [
        `import Fastify from "fastify"; import AutoLoad from "@fastify/autoload"; import path from "node:path";`,
        `const app = Fastify();`,
        `app.register(AutoLoad, { dir: path.join(__dirname, "routes"), ignorePattern: /\\.helpers\\.ts$/, matchFilter: (p: string) => !p.includes("legacy") });`,
      ].join("\n"),
      "routes/a.ts": PLUGIN(`fastify.get("/a", async () => 1);`),
      "routes/a.helpers.ts": PLUGIN(`fastify.get("/helpers", async () => 1);`),
      "routes/legacy.ts": PLUGIN(`fastify.get("/legacy", async () => 1);`),
    },
    routes: ["GET /a []", "GET /legacy []"],
    diagnostics: ["APX210 routes/a.helpers.ts:3", "APX201 server.ts:3"],
  },
  {
    name: "a fastify-cli app whose files never import fastify (its plugins are handed the instance): the `fastify start` script says it",
    files: {
      "package.json": JSON.stringify({ name: "twitter", scripts: { start: "env-cmd local.env fastify start index.js" } }),
      "auth.js": `exports.requirePermission = (key) => async (request, reply) => {};\n`,
      "index.js": [
        `const fp = require("fastify-plugin");`,
        `module.exports = async function (fastify, opts) {`,
        `  fastify.register(fp(async (f) => f.decorate("x", 1))).register(require("./user"), { prefix: "/api/user" });`,
        `};`,
      ].join("\n"),
      "user/index.js": [
        `const { requirePermission } = require("../auth");`,
        `module.exports = async function (fastify, opts) {`,
        `  fastify.post("/login", async () => ({}));`,
        `  fastify.register(async function (fastify) {`,
        `    fastify.addHook("preHandler", requirePermission("users:read"));`,
        `    fastify.get("/:userId", async () => ({}));`,
        `  });`,
        `};`,
      ].join("\n"),
    },
    routes: ["GET /api/user/{userId} [users:read]", "POST /api/user/login []"],
  },
  {
    name: "a folder apidex cannot resolve is one warning, nothing guessed",
    files: {
      "server.ts": [
        `import Fastify from "fastify"; import AutoLoad from "@fastify/autoload";`,
        `const app = Fastify();`,
        `app.register(AutoLoad, { dir: process.env.ROUTES_DIR! });`,
      ].join("\n"),
      "routes/a.ts": PLUGIN(`fastify.get("/a", async () => 1);`),
    },
    routes: [],
    diagnostics: ["APX210 routes/a.ts:3", "APX201 server.ts:3"],
  },
];

describe("@fastify/autoload rules", () => {
  it.each(cases)("$name", async ({ files, routes, diagnostics }) => {
    const result = await generateFrom(files);
    expect(routeLines(result)).toEqual([...routes].sort());
    expect(diagnosticLines(result)).toEqual(diagnostics ?? []);
  });

  it.each([
    ["", "/users", {}, false, "/users"],
    ["/api/", "/users", {}, false, "/api/users"],
    ["/api", "/users", { autoPrefix: "/people" }, false, "/api/people"],
    ["/api", "/users", { prefixOverride: "/x" }, false, "/x"],
    ["", "", {}, false, "/"],
    ["", "/users/_id", {}, true, "/users/:id"],
    ["", "/__country-__language/users", {}, true, "/:country-:language/users"],
    ["", "/users/_id", {}, false, "/users/_id"],
  ] as const)("prefix: base %j, folders %j, exports %j, routeParams %s → %j", (base, folders, exports, routeParams, expected) => {
    expect(pluginPrefix(base, folders, exports, routeParams)).toBe(expected);
  });
});
