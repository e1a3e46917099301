import { describe, expect, it } from "vitest";
import { diagnosticLines, generateFrom, type InMemoryCase, routeLines } from "./helpers/in-memory.js";

/**
 * APX219 (an environment variable's code default used) for the settings of a configuration object: reading
 * one setting evaluates the whole object, so a default is said where the code reads its setting, and only
 * when that setting is still a string the variable makes (one a path or prefix can be built from); a setting
 * that turns the default into a list or a number (`.split(",")`, `parseInt(...)`) makes no path.
 */
const CASES: InMemoryCase[] = [
  {
    name: "Elysia: a config object whose CORS list and port come from the environment, grouped by its literal prefix: nothing to say",
    files: {
      "config.ts": `export const appConfig = {
  url: process.env.API_URL ?? "http://localhost:3000",
  api: {
    prefix: "/api/v1",
    port: parseInt(process.env.PORT ?? "3000", 10),
    cors: { origins: (process.env.CORS_ORIGINS ?? "http://localhost:5173,http://localhost:3000").split(","), credentials: true },
    timeout: Number(process.env.TIMEOUT || "30000"),
  },
};`,
      "app.ts": `import { Elysia } from "elysia";
import { appConfig } from "./config";
export const app = new Elysia()
  .get("/", () => "ok")
  .group(appConfig.api.prefix, (app) => app.get("/users", () => []).post("/users", () => ({})))
  .listen(appConfig.api.port);`,
    },
    routes: ["GET / []", "GET /api/v1/users []", "POST /api/v1/users []"],
    diagnostics: [],
  },
  {
    name: "Express: a setting whose default still makes the prefix, through a string method or a template, is said where it is read",
    files: {
      "config.ts": `export const settings = {
  base: (process.env.API_BASE ?? "/API").toLowerCase(),
  admin: \`/\${process.env.ADMIN_SEGMENT ?? "admin"}/v1\`,
  origins: (process.env.CORS ?? "a,b").split(","),
};`,
      "app.ts": `import express from "express";
import { settings } from "./config";
const app = express();
const router = express.Router();
router.get("/items", (req, res) => res.json([]));
app.use(settings.base, router);
app.use(settings.admin, router);
app.listen(3000);`,
    },
    routes: ["GET /admin/v1/items []", "GET /api/items []"],
    diagnostics: ["APX219 app.ts:6", "APX219 app.ts:7"],
  },
];

describe("environment defaults in configuration objects (APX219)", () => {
  it.each(CASES)("$name", async ({ files, routes, diagnostics }) => {
    const result = await generateFrom(files);
    expect(routeLines(result)).toEqual(routes);
    expect(diagnosticLines(result)).toEqual(diagnostics);
  });
});
