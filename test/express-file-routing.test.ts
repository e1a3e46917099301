import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../generator/config/load-config.js";
import { routeUrl } from "../generator/extract/express/file-routing.js";
import { generate } from "../generator/generate.js";
import { canonicalJson } from "../generator/write/canonical-json.js";
import { disagreementsWithRuntime } from "./helpers/express-runtime-routes.js";
import { diagnosticLines, generateFrom, type InMemoryCase, routeLines } from "./helpers/in-memory.js";
import { REPO_ROOT } from "./helpers/repo.js";

/**
 * express-file-routing: a folder's modules are the routes, each export named for a method its handler
 * (hey's API: `app.use("/", await router())` over src/routes). A fixture checked against the real package on
 * Express 5, and the rules one by one on in-memory projects.
 */
const FIXTURE = path.join(REPO_ROOT, "test", "fixtures", "express-file-routing");

describe("the express-file-routing fixture", () => {
  it("matches the golden index, with no warning", async () => {
    const result = await generate(await loadConfig({ cwd: REPO_ROOT, root: FIXTURE }));
    expect(diagnosticLines(result)).toEqual([]);
    expect(canonicalJson(result.index)).toBe(readFileSync(path.join(FIXTURE, "expected-operations.json"), "utf8"));
  });

  it("equals the routes the real express-file-routing registers on Express 5, and each passes with exactly its keys over HTTP", async () => {
    const result = await generate(await loadConfig({ cwd: REPO_ROOT, root: FIXTURE }));
    const { createApp } = (await import(pathToFileURL(path.join(FIXTURE, "src", "server.ts")).href)) as {
      createApp: () => Promise<Parameters<typeof disagreementsWithRuntime>[0]>;
    };
    expect(await disagreementsWithRuntime(await createApp(), result.index.operations)).toEqual([]);
  });
});

describe("express-file-routing's file names", () => {
  it.each([
    [["index.ts"], "/"],
    [["users.ts"], "/users"],
    [["posts", "index.ts"], "/posts"],
    [["posts", "index.mod.ts"], "/posts"],
    [["posts", "[id].ts"], "/posts/:id"],
    [["posts", ":id.ts"], "/posts/:id"],
    [["posts", "[id]", "comments.js"], "/posts/:id/comments"],
    [["docs", "[...slug].ts"], "/docs/*"],
    [["_helpers.ts"], undefined],
    [["_lib", "x.ts"], undefined],
    [["types.d.ts"], undefined],
    [["README.md"], undefined],
    [["data.json"], undefined],
  ] as const)("%j is %s", (parts, url) => {
    expect(routeUrl(parts)).toBe(url);
  });
});

const cases: InMemoryCase[] = [
  {
    name: "router() with no options: `routes` beside the calling module; method exports (any case, `del`), arrays of middleware and handler, a default export for every method, `_` files and folders skipped",
    files: {
      "package.json": JSON.stringify({ name: "api", dependencies: { express: "5.1.0", "express-file-routing": "3.1.0" } }),
      "src/auth.ts": `export const requirePermission = (key: string) => (req: unknown, res: unknown, next: () => void) => next();`,
      "src/server.ts": [
        `import express from "express";`,
        `import { router } from "express-file-routing";`,
        `const app = express();`,
        `const start = async () => {`,
        `  app.use("/", await router());`,
        `  app.listen(4784);`,
        `};`,
        `start();`,
      ].join("\n"),
      "src/routes/health.ts": `export const get = (req: unknown, res: { json(v: unknown): void }) => res.json({ ok: true });`,
      "src/routes/lens/authorization.ts": [
        `import { requirePermission } from "../../auth";`,
        `export const POST = [requirePermission("lens:authorize"), (req: unknown, res: { json(v: unknown): void }) => res.json({})];`,
      ].join("\n"),
      "src/routes/live/[id].ts": [
        `export function get(req: unknown, res: { json(v: unknown): void }) { res.json({}); }`,
        `export const del = (req: unknown, res: { end(): void }) => res.end();`,
        `export const limit = 10;`,
      ].join("\n"),
      "src/routes/oembed/index.ts": `export default (req: unknown, res: { end(): void }) => res.end();`,
      "src/routes/_utils.ts": `export const get = () => 1;`,
    },
    routes: [
      "DELETE /live/{id} []",
      "DELETE /oembed []",
      "GET /health []",
      "GET /live/{id} []",
      "GET /oembed []",
      "HEAD /oembed []",
      "OPTIONS /oembed []",
      "PATCH /oembed []",
      "POST /lens/authorization [lens:authorize]",
      "POST /oembed []",
      "PUT /oembed []",
    ],
  },
  {
    name: "createRouter(app, { directory }) fills the app itself; a catch-all file is the unnamed wildcard (APX205)",
    files: {
      "server.js": [
        `const path = require("path");`,
        `const express = require("express");`,
        `const createRouter = require("express-file-routing").default;`,
        `const app = express();`,
        `createRouter(app, { directory: path.join(__dirname, "api") }).then(() => app.listen(3000));`,
      ].join("\n"),
      "api/teams/[teamId]/members.js": `exports.get = (req, res) => res.json([]);\nexports.post = (req, res) => res.json({});`,
      "api/files/[...path].js": `exports.get = (req, res) => res.end();`,
    },
    routes: ["GET /files/{wildcard} []", "GET /teams/{teamId}/members []", "POST /teams/{teamId}/members []"],
    diagnostics: ["APX205 api/files/[...path].js:1"],
  },
  {
    name: "a folder that is not there, and a directory apidex cannot read: APX210 at the call",
    files: {
      "server.ts": [
        `import express from "express";`,
        `import createRouter, { router } from "express-file-routing";`,
        `const app = express();`,
        `app.use("/a", await router({ directory: "missing" }));`,
        `await createRouter(app, { directory: process.argv[2] });`,
        `app.get("/ok", (q, s) => s.end());`,
      ].join("\n"),
    },
    routes: ["GET /ok []"],
    diagnostics: ["APX210 server.ts:4", "APX210 server.ts:5"],
  },
];

describe("express-file-routing", () => {
  it.each(cases.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    const result = await generateFrom(c.files, c.config);
    expect(routeLines(result)).toEqual([...c.routes].sort());
    expect(diagnosticLines(result)).toEqual(c.diagnostics ?? []);
  });
});
