import { readFileSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../generator/config/load-config.js";
import { generate } from "../generator/generate.js";
import { mayRegisterRoutes } from "../generator/scan/route-hints.js";
import { canonicalJson } from "../generator/write/canonical-json.js";
import { diagnosticLines, generateFrom, type InMemoryCase, routeLines } from "./helpers/in-memory.js";
import { checkOverHttp } from "./helpers/http-oracle.js";
import { REPO_ROOT } from "./helpers/repo.js";

/** Polka 0.5 (the fixture's package.json names it) and 1.0.0-next, read on the Express host (generator/extract/polka). */
const fixture = path.join(REPO_ROOT, "test", "fixtures", "polka");
const toOpenApi = (p: string) =>
  p
    .replace(/:([A-Za-z_$][\w$]*)/g, "{$1}")
    .replace(/\*/g, "{wildcard}")
    .replace(/\/$/, "") || "/";

async function indexOf(root: string) {
  const result = await generate(await loadConfig({ cwd: REPO_ROOT, root }));
  expect(result.diagnostics.errors).toEqual([]);
  return result;
}

interface Polka05 {
  handlers: Record<string, Record<string, unknown>>;
  apps: Record<string, Polka05>;
  server: Server;
  listen: (port: number, host: string, cb: () => void) => unknown;
}

/** Polka 0.5's own route table: `handlers[method][pattern]` of the app and of each sub-application (`apps[base]`). */
function routeTable(app: Polka05, base = ""): { route: string; base: string }[] {
  const own = Object.entries(app.handlers).flatMap(([method, byPattern]) =>
    Object.keys(byPattern).map((pattern) => ({ route: `${method} ${toOpenApi(base + pattern)}`, base })),
  );
  return [...own, ...Object.entries(app.apps).flatMap(([at, sub]) => routeTable(sub, base + at))];
}

describe("Polka 0.5 (fixture)", () => {
  it("matches the golden index", async () => {
    const result = await indexOf(fixture);
    expect(canonicalJson(result.index)).toBe(readFileSync(path.join(fixture, "expected-operations.json"), "utf8"));
    expect(diagnosticLines(result).filter((d) => d.startsWith("APX210"))).toHaveLength(1);
  });

  it("equals Polka's own route table (but what it mounts at a base of two segments), and each operation answers over HTTP with its keys, 403 without one", async () => {
    const result = await indexOf(fixture);
    const { createApp } = (await import(pathToFileURL(path.join(fixture, "src", "server.js")).href)) as { createApp: () => Polka05 };
    const app = createApp();
    const table = routeTable(app);
    // Polka 0.5 looks a sub-application up by the first segment of the path: one at `/reports/legacy` is in
    // its table, never reached (the request below shows it), and not indexed.
    const reached = table.filter((r) => r.base.indexOf("/", 1) === -1).map((r) => r.route);
    expect(table.length).toBeGreaterThan(reached.length);
    expect([...new Set(reached)].sort()).toEqual(result.index.operations.map((o) => `${o.method} ${o.path}`).sort());

    await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = app.server.address() as AddressInfo;
      const out = await checkOverHttp(port, result.index, [
        ["GET", "/no-such-route", 404],
        ["GET", "/reports/legacy/export", 404],
        ["DELETE", "/ping", 404],
      ]);
      expect(out).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => app.server.close(() => resolve()));
    }
  });
});

const ok = `(req, res) => res.end("ok")`;
const v05 = { "package.json": JSON.stringify({ dependencies: { polka: "^0.5.2" } }) };
const v10 = { "package.json": JSON.stringify({ dependencies: { polka: "1.0.0-next.28" } }) };
const ordered = `import polka from "polka";
const app = polka();
app.get("/before", ${ok});
app.use(requirePermission("global"));
app.use("/admin", requirePermission("admin"));
app.get("/admin/stats", ${ok});
app.post("/after", ${ok});
app.listen(3000);`;

const CASES: InMemoryCase[] = [
  {
    name: "polka() and every route method, chained (each returns the app); CommonJS require; checks in route arguments and handler bodies",
    files: {
      ...v05,
      "src/server.js": `const polka = require("polka");
polka()
  .get("/a/:id", ${ok})
  .post("/a", requirePermission("a.write"), ${ok})
  .put("/a/:id", (req, res) => { requirePermission("a.write"); res.end(); })
  .patch("/a/:id", ${ok})
  .delete("/a/:id", ${ok})
  .head("/a", ${ok})
  .options("/a", ${ok})
  .listen(3000, (err) => { if (err) throw err; });`,
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
    name: "Polka 0.5 (package.json): use() middleware runs before every route, those registered before it too; a base's only under it",
    files: { ...v05, "src/server.js": ordered },
    routes: ["GET /admin/stats [admin,global]", "GET /before [global]", "POST /after [global]"],
  },
  {
    name: "Polka 1.0.0-next (package.json): use() middleware runs in registration order, as Express's",
    files: { ...v10, "src/server.js": ordered },
    routes: ["GET /admin/stats [admin,global]", "GET /before []", "POST /after [global]"],
  },
  {
    name: "the version from package-lock.json when package.json's range names none",
    files: {
      "package.json": JSON.stringify({ dependencies: { polka: "latest" } }),
      "package-lock.json": JSON.stringify({ packages: { "node_modules/polka": { version: "1.0.0-next.28" } } }),
      "src/server.js": ordered,
    },
    routes: ["GET /admin/stats [admin,global]", "GET /before []", "POST /after [global]"],
  },
  {
    name: "no version to be read: a route registered before a use() with checks is unresolved (0.5 checks them there, 1.0 does not), said where the use() is",
    files: { "src/server.js": ordered },
    routes: ["GET /admin/stats [admin,global]", "GET /before [] unresolved(permissions)", "POST /after [global]"],
    diagnostics: ["APX301 src/server.js:4"],
  },
  {
    name: "sub-applications: use(base, ...middleware, subApp) mounts the app at the base behind the middleware; a factory's app; a base without its slash",
    files: {
      ...v05,
      "src/server.ts": `import polka from "polka";
import users from "./users";
import { makeReports } from "./reports";
const app = polka();
app.use("/users", requirePermission("users.read"), users);
app.use("reports", makeReports());
app.listen(3000);`,
      "src/users.ts": `import polka from "polka";
const users = polka();
users.get("/", ${ok}).get("/:id", ${ok});
users.delete("/:id", requirePermission("users.delete"), ${ok});
export default users;`,
      "src/reports.ts": `import polka from "polka";
export const makeReports = () => polka().get("/:year", ${ok});`,
    },
    routes: [
      "DELETE /users/{id} [users.delete,users.read]",
      "GET /reports/{year} []",
      "GET /users [users.read]",
      "GET /users/{id} [users.read]",
    ],
  },
  {
    name: "Polka 0.5 never reaches a sub-application at a base of two segments (said, left out); 1.0 does",
    files: {
      ...v05,
      "src/server.js": `import polka from "polka";
const v1 = polka().get("/items", ${ok});
polka().use("/api/v1", requirePermission("api"), v1).get("/health", ${ok}).listen(3000);`,
    },
    routes: ["GET /health []"],
    diagnostics: ["APX210 src/server.js:3"],
  },
  {
    name: "Polka 1.0: a sub-application at a base of two segments",
    files: {
      ...v10,
      "src/server.js": `import polka from "polka";
const v1 = polka().get("/items", ${ok});
polka().use("/api/v1", requirePermission("api"), v1).get("/health", ${ok}).listen(3000);`,
    },
    routes: ["GET /api/v1/items [api]", "GET /health []"],
  },
  {
    name: "what cannot be read is said where it is written: a computed path, a sub-application apidex cannot follow",
    files: {
      ...v05,
      "src/server.js": `import polka from "polka";
export function api(ctx) {
  const app = polka();
  app.get(process.env.HEALTH_PATH, ${ok});
  app.use("/things", ctx.things);
  app.get("/kept", ${ok});
  return app;
}`,
    },
    routes: ["GET /kept []"],
    diagnostics: ["APX201 src/server.js:4", "APX210 src/server.js:5"],
  },
];

describe("Polka patterns (in memory)", () => {
  it.each(CASES)("$name", async ({ files, routes, diagnostics }) => {
    const result = await generateFrom(files);
    expect(routeLines(result)).toEqual(routes);
    const warnings = diagnosticLines(result).filter((d) => !d.startsWith("APX4"));
    expect(warnings).toEqual(diagnostics ?? []);
  });
});

describe("the scan keeps a file that only imports polka (its app is made there)", () => {
  it("polka", () => {
    expect(mayRegisterRoutes(`const polka = require("polka");\nmodule.exports = () => polka();\n`, "lib/app.js")).toBe(true);
  });
});
