import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../generator/config/load-config.js";
import { generate } from "../generator/generate.js";
import { mayRegisterRoutes } from "../generator/scan/route-hints.js";
import { canonicalJson } from "../generator/write/canonical-json.js";
import { diagnosticLines, generateFrom, type InMemoryCase, routeLines } from "./helpers/in-memory.js";
import { REPO_ROOT } from "./helpers/repo.js";

/** itty-router 5 (AutoRouter, Router, IttyRouter), read on the Express host (generator/extract/itty). */
const fixture = path.join(REPO_ROOT, "test", "fixtures", "itty");

async function indexOf(root: string) {
  const result = await generate(await loadConfig({ cwd: REPO_ROOT, root }));
  expect(result.diagnostics.errors).toEqual([]);
  return result;
}

type Fetch = (request: Request) => Promise<Response | undefined>;

/** Sends a request through the router's own fetch (a Workers fetch handler: no server), as the runtime does. */
async function statusOf(fetch: Fetch, method: string, p: string, keys: readonly string[]): Promise<number> {
  const url = `http://x${p
    .replace(/\{wildcard\}/g, "a/b")
    .replace(/\{format\}/g, "csv")
    .replace(/\{[^}]+\}/g, "42")}`;
  const response = await fetch(new Request(url, { method, headers: { "x-permissions": keys.join(",") } }));
  return response?.status ?? 404;
}

describe("itty-router (fixture)", () => {
  it("matches the golden index, and says what the child without a base never answers", async () => {
    const result = await indexOf(fixture);
    expect(canonicalJson(result.index)).toBe(readFileSync(path.join(fixture, "expected-operations.json"), "utf8"));
    const warnings = diagnosticLines(result).filter((d) => !d.startsWith("APX4"));
    expect(warnings.map((d) => d.replace(/ \S*fixtures\/itty\//, " "))).toEqual([
      "APX205 src/index.ts:18",
      "APX231 src/routes/reports.ts:13",
    ]);
  });

  it("each indexed operation is answered by the router's fetch with its keys, 403 without any one of them; what is not indexed is 404", async () => {
    const result = await indexOf(fixture);
    const { default: worker } = (await import(pathToFileURL(path.join(fixture, "src", "index.ts")).href)) as { default: { fetch: Fetch } };
    const out: string[] = [];
    for (const op of result.index.operations) {
      const status = await statusOf(worker.fetch, op.method, op.path, op.permissions);
      if (status === 403 || status === 404) out.push(`${op.method} ${op.path}: ${status} with its keys`);
      for (const key of op.permissions) {
        const without = await statusOf(
          worker.fetch,
          op.method,
          op.path,
          op.permissions.filter((k) => k !== key),
        );
        if (without !== 403) out.push(`${op.method} ${op.path}: ${without} without ${key}`);
      }
    }
    const all = [...new Set(result.index.operations.flatMap((o) => o.permissions))];
    for (const [method, p] of [
      ["GET", "/no-such-route"],
      ["GET", "/summary"],
      ["GET", "/reports/summary/x"],
      ["DELETE", "/ping"],
      ["PATCH", "/users/1"],
    ] as const) {
      const status = await statusOf(worker.fetch, method, p, all);
      if (status !== 404) out.push(`${method} ${p}: ${status}, not 404`);
    }
    expect(out).toEqual([]);
    expect(result.index.operations.length).toBeGreaterThan(5);
  });
});

const CASES: InMemoryCase[] = [
  {
    name: "Router(): every route method, chained (each returns the router); checks in route arguments and handler bodies",
    files: {
      "src/index.ts": `import { Router, error } from "itty-router";
const router = Router();
router
  .get("/a/:id", ({ id }) => ({ id }))
  .post("/a", requirePermission("a.write"), () => new Response("ok"))
  .put("/a/:id", (request) => { requirePermission("a.write"); return "ok"; })
  .patch("/a/:id", () => "ok")
  .delete("/a/:id", () => "ok")
  .head("/a", () => "ok")
  .options("/a", () => "ok")
  .all("*", () => error(404));
export default router;`,
    },
    routes: [
      "DELETE /a/{id} []",
      "GET /a/{id} []",
      "HEAD /a []",
      "OPTIONS /a []",
      "PATCH /a/{id} []",
      "POST /a [a.write]",
      "PUT /a/{id} [a.write]",
    ],
  },
  {
    name: "a base prefixes the router's routes (joined as itty joins them: slashes collapsed, a trailing one dropped)",
    files: {
      "src/index.ts": `import { AutoRouter } from "itty-router";
const BASE = "/api/";
export const router = AutoRouter({ base: BASE });
router.get("/", () => []).get("/items/", () => []).get("items/:id?", ({ id }) => id);
export default { fetch: router.fetch };`,
    },
    routes: ["GET /api []", "GET /api/items []", "GET /api/items/{id} []"],
  },
  {
    name: "middleware are handlers that return nothing: all('*', withAuth) gates what is registered after it, a route's own guard its route; 'before' gates every route",
    files: {
      "src/auth.ts": `import { error, type IRequest } from "itty-router";
export const withAuth = (request: IRequest) => {
  if (!request.headers.get("authorization")) return error(401);
  requirePermission("service");
};
export const withAdmin = async (request: IRequest) => { if (!hasPermission(request, "admin")) return error(403); };
export const withTiming = (request: IRequest) => { request.start = Date.now(); };`,
      "src/index.ts": `import { AutoRouter } from "itty-router";
import { withAdmin, withAuth, withTiming } from "./auth.js";
const router = AutoRouter({ before: [withTiming, requirePermission("tenant")] });
router
  .get("/health", () => "ok")
  .all("*", withAuth)
  .all("/admin/*", withAdmin)
  .get("/admin/stats", () => ({}))
  .get("/items", withAdmin, () => []);
export default router;`,
    },
    routes: ["GET /admin/stats [admin,service,tenant]", "GET /health [tenant]", "GET /items [admin,service,tenant]"],
  },
  {
    name: "a child router's fetch given as a handler: it matches the whole path, so its base is where its routes answer; the guard before it gates it",
    files: {
      "src/users.ts": `import { Router } from "itty-router";
export const users = Router({ base: "/users" });
users.get("/", () => []).get("/:id", ({ id }) => ({ id })).post("/", requirePermission("users.write"), () => ({}));`,
      "src/index.ts": `import { AutoRouter } from "itty-router";
import { users } from "./users.js";
const router = AutoRouter();
router.all("/users/*", requirePermission("users.read"), users.fetch).get("/", () => "home");
export default router;`,
    },
    routes: ["GET / []", "GET /users [users.read]", "GET /users/{id} [users.read]", "POST /users [users.read,users.write]"],
  },
  {
    name: "a child router without the base it is mounted at answers nothing there: its routes are said never answered (APX231); v4's handle is its fetch",
    files: {
      "src/index.ts": `import { Router } from "itty-router";
const api = Router();
api.get("/items", () => []).get("/api/items", () => []);
const router = Router();
router.get("/api/*", api.handle);
export default { fetch: router.handle };`,
    },
    routes: ["GET /api/items []"],
    diagnostics: ["APX231 src/index.ts:3"],
  },
  {
    name: "a child mounted only for GET: its POST never reaches it (APX231)",
    files: {
      "src/index.ts": `import { IttyRouter } from "itty-router";
const api = IttyRouter({ base: "/api" });
api.get("/items", () => []);
api.post("/items", () => ({}));
export const router = IttyRouter().get("/api/*", (request) => undefined, api.fetch);`,
    },
    routes: ["GET /api/items []"],
    diagnostics: ["APX231 src/index.ts:4"],
  },
  {
    name: "path syntax: an optional parameter, a format extension, a wildcard",
    files: {
      "src/index.ts": `import { Router } from "itty-router";
export const router = Router();
router.get("/files/:name.:format?", ({ name }) => name).get("/users/:id?", () => "u").get("/assets/*", () => "a");`,
    },
    routes: ["GET /assets/{wildcard} []", "GET /files/{name} []", "GET /files/{name}.{format} []", "GET /users []", "GET /users/{id} []"],
    diagnostics: ["APX205 src/index.ts:3"],
  },
  {
    name: "what cannot be read is said where it is written: a computed path or base, a child router apidex cannot follow",
    files: {
      "src/index.ts": `import { Router } from "itty-router";
export function build(env: { BASE: string }, deps: { api: any }) {
  const router = Router();
  router.get(process.env.HEALTH_PATH!, () => "ok");
  router.all("/things/*", deps.api.fetch);
  router.get("/kept", () => "ok");
  const other = Router({ base: env.BASE });
  other.get("/x", () => "x");
  return router;
}`,
    },
    routes: ["GET /kept []"],
    diagnostics: ["APX201 src/index.ts:4", "APX210 src/index.ts:5", "APX201 src/index.ts:7"],
  },
  {
    name: "itty's own middleware (withParams, withContent, cors()'s preflight) and a function that only annotates the request hand every request on: no operation",
    files: {
      "src/index.ts": `import { Router, cors, withContent, withParams } from "itty-router";
const { preflight } = cors();
const router = Router();
router.all("*", withParams).all("*", preflight);
router.all("*", async (req, env) => { req.user = await env.USERS.get(req.headers.get("x-user")); });
router.post("/items", withContent, ({ content }) => content);
export default { fetch: router.fetch };`,
    },
    routes: ["POST /items []"],
  },
];

describe("itty-router patterns (in memory)", () => {
  it.each(CASES)("$name", async ({ files, routes, diagnostics }) => {
    const result = await generateFrom(files);
    expect(routeLines(result)).toEqual(routes);
    const warnings = diagnosticLines(result).filter((d) => !d.startsWith("APX4"));
    expect(warnings).toEqual(diagnostics ?? []);
  });
});

describe("the scan keeps a file that only imports itty-router (its router is made there)", () => {
  it("itty-router", () => {
    expect(
      mayRegisterRoutes(`import { AutoRouter } from "itty-router/AutoRouter";\nexport const make = () => AutoRouter();\n`, "lib/router.ts"),
    ).toBe(true);
  });
});
