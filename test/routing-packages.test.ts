import { describe, expect, it } from "vitest";
import { isRoutingPackage } from "../generator/resolve/routing-packages.js";
import { diagnosticLines, generateFrom, type InMemoryCase, routeLines } from "./helpers/in-memory.js";

const cases: InMemoryCase[] = [
  {
    name: "a file router package mounted with use(): APX210 at what is mounted, the app's own routes indexed",
    files: {
      "src/server.ts": [
        `import express from "express";`,
        `import FileRouter from "express-file-router-2";`,
        `const app = express();`,
        `app.get("/health", (q, s) => s.end());`,
        `const start = async () => {`,
        `  app.use("/", await FileRouter({ ROUTES_DIR: "/routes" }, __dirname));`,
        `  app.listen(3000);`,
        `};`,
        `start();`,
      ].join("\n"),
      "src/routes/users.ts": `export const get = (q: unknown, s: { json(v: unknown): void }) => s.json([]);`,
    },
    routes: ["GET /health []"],
    diagnostics: ["APX210 src/server.ts:6"],
  },
  {
    name: "a file router package given the app (setupFileRouter(app)), and one required: APX210 each",
    files: {
      "src/server.ts": [
        `import express from "express";`,
        `import { setupFileRouter } from "express-router-fs";`,
        `const app = express();`,
        `await setupFileRouter(app, { directory: "routes" });`,
        `app.listen(3000);`,
      ].join("\n"),
      "src/admin.js": [
        `const express = require("express");`,
        `const fileRouter = require("file-router-express");`,
        `const admin = express();`,
        `admin.use("/admin", fileRouter.router);`,
        `admin.get("/ping", (q, s) => s.end());`,
        `admin.listen(3001);`,
      ].join("\n"),
    },
    routes: ["GET /ping []"],
    diagnostics: ["APX210 src/admin.js:4", "APX210 src/server.ts:4"],
  },
  {
    name: "a package's middleware (cors, express.static, helmet before a router) is no routing package: nothing said",
    files: {
      "src/server.ts": [
        `import express, { Router } from "express";`,
        `import cors from "cors";`,
        `import helmet from "helmet";`,
        `import routeCache from "route-cache";`,
        `const app = express();`,
        `const api = Router();`,
        `api.get("/items", routeCache.cacheSeconds(20), (q, s) => s.end());`,
        `app.use(cors());`,
        `app.use("/static", express.static("public"));`,
        `app.use("/api", helmet(), api);`,
        `app.listen(3000);`,
      ].join("\n"),
    },
    routes: ["GET /api/items []"],
  },
];

describe("routing packages apidex does not read", () => {
  it.each(cases.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    const result = await generateFrom(c.files, c.config);
    expect(routeLines(result)).toEqual([...c.routes].sort());
    expect(diagnosticLines(result)).toEqual(c.diagnostics ?? []);
  });
});

describe("which packages are routing packages apidex does not read", () => {
  it.each([
    ["express-router-fs", true],
    ["file-router-express", true],
    ["express-file-router-2", true],
    ["@ikrbasak/express-file-router", true],
    ["express-file-routing", false],
    ["routing-controllers", false],
    ["@koa/router", false],
    ["express-promise-router", false],
    ["@react-router/fs-routes", false],
    ["express", false],
    ["cors", false],
    ["./routes", false],
  ] as const)("%s: %s", (module, expected) => {
    expect(isRoutingPackage(module)).toBe(expected);
  });
});
