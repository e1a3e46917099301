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
import { checkOverHttp } from "./helpers/http-oracle.js";
import { diagnosticLines, generateFrom, type InMemoryCase, routeLines } from "./helpers/in-memory.js";
import { REPO_ROOT } from "./helpers/repo.js";

/** tinyhttp (`@tinyhttp/app`), read on the Express host (generator/extract/tinyhttp). */
const fixture = path.join(REPO_ROOT, "test", "fixtures", "tinyhttp");
const toOpenApi = (p: string) => p.replace(/:([A-Za-z_$][\w$]*)/g, "{$1}").replace(/\/$/, "") || "/";

interface TinyApp {
  middleware: { method?: string; path: string; type: "route" | "mw" }[];
  apps: Record<string, TinyApp>;
  listen: (port: number, cb: () => void, host: string) => Server;
}

/** tinyhttp's own route table: the `route` entries of each app's `middleware`, and of the apps mounted in it (`apps`). */
function routeTable(app: TinyApp, base = ""): string[] {
  const own = app.middleware.filter((m) => m.type === "route").map((m) => `${m.method} ${toOpenApi(base + m.path)}`);
  return [...own, ...Object.entries(app.apps).flatMap(([at, sub]) => routeTable(sub, base + at))];
}

describe("tinyhttp (fixture)", () => {
  it("matches the golden index, equals tinyhttp's own route table, and each operation answers over HTTP with its keys, 403 without one", async () => {
    const result = await generate(await loadConfig({ cwd: REPO_ROOT, root: fixture }));
    expect(result.diagnostics.errors).toEqual([]);
    expect(canonicalJson(result.index)).toBe(readFileSync(path.join(fixture, "expected-operations.json"), "utf8"));

    const { createApp } = (await import(pathToFileURL(path.join(fixture, "src", "server.ts")).href)) as { createApp: () => TinyApp };
    const app = createApp();
    expect([...new Set(routeTable(app))].sort()).toEqual(result.index.operations.map((o) => `${o.method} ${o.path}`).sort());
    const server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, () => resolve(s), "127.0.0.1");
    });
    try {
      const { port } = server.address() as AddressInfo;
      const out = await checkOverHttp(port, result.index, [
        ["GET", "/no-such-route", 404],
        ["PUT", "/sessions/42", 404],
      ]);
      expect(out).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

const ok = `(req, res) => res.send("ok")`;
const CASES: InMemoryCase[] = [
  {
    name: "new App() and the route methods, chained; all(); checks in route arguments and handler bodies; middleware in registration order",
    files: {
      "src/server.ts": `import { App } from "@tinyhttp/app";
const app = new App();
app.get("/open", ${ok});
app.use(requirePermission("global"));
app
  .get("/a/:id", ${ok})
  .post("/a", requirePermission("a.write"), ${ok})
  .put("/a/:id", (req, res) => { requirePermission("a.write"); res.end(); })
  .delete("/a/:id", [requirePermission("a.delete"), ${ok}]);
app.options("/a", ${ok});
app.listen(3000);`,
    },
    routes: [
      "DELETE /a/{id} [a.delete,global]",
      "GET /a/{id} [global]",
      "GET /open []",
      "OPTIONS /a [global]",
      "POST /a [a.write,global]",
      "PUT /a/{id} [a.write,global]",
    ],
  },
  {
    name: "use(base, ...middleware, subApp) mounts an app; route(path) is a new app mounted at the path; an app factory nobody calls is run",
    files: {
      "src/app.ts": `import { App } from "@tinyhttp/app";
import { users } from "./users";
export function build() {
  const app = new App();
  app.use("/users", requirePermission("users.read"), users);
  app.route("/reports").get("/:year", ${ok}).get("/", ${ok});
  return app;
}`,
      "src/users.ts": `import { App } from "@tinyhttp/app";
export const users = new App().get("/:id", ${ok});`,
    },
    routes: ["GET /reports []", "GET /reports/{year} []", "GET /users/{id} [users.read]"],
  },
  {
    name: "what cannot be read is said where it is written: a computed path, a mount apidex cannot follow, a route() path",
    files: {
      "src/server.js": `const { App } = require("@tinyhttp/app");
module.exports = function api(ctx) {
  const app = new App();
  app.get(process.env.HEALTH_PATH, ${ok});
  app.use("/things", ctx.things);
  app.route(ctx.base).get("/x", ${ok});
  app.get("/kept", ${ok});
  return app;
};`,
    },
    routes: ["GET /kept []"],
    diagnostics: ["APX201 src/server.js:4", "APX210 src/server.js:5", "APX201 src/server.js:6"],
  },
];

describe("tinyhttp patterns (in memory)", () => {
  it.each(CASES)("$name", async ({ files, routes, diagnostics }) => {
    const result = await generateFrom(files);
    expect(routeLines(result)).toEqual(routes);
    const warnings = diagnosticLines(result).filter((d) => !d.startsWith("APX4"));
    expect(warnings).toEqual(diagnostics ?? []);
  });
});

describe("the scan keeps a file that only imports @tinyhttp/app (its app is made there)", () => {
  it("@tinyhttp/app", () => {
    expect(mayRegisterRoutes(`const { App } = require("@tinyhttp/app");\nmodule.exports = () => new App();\n`, "lib/app.js")).toBe(true);
  });
});
