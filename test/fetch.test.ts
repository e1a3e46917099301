import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../generator/config/load-config.js";
import { generate } from "../generator/generate.js";
import { mayRegisterRoutes } from "../generator/scan/route-hints.js";
import { canonicalJson } from "../generator/write/canonical-json.js";
import { diagnosticLines, generateFrom, type InMemoryCase, routeLines } from "./helpers/in-memory.js";
import { REPO_ROOT } from "./helpers/repo.js";

/**
 * Services on the Web fetch API without a router package (generator/extract/fetch): Bun.serve's `routes` and
 * hand-written dispatch in a fetch handler (Cloudflare Workers, Bun, Deno).
 *
 * Runtime oracle: both fixtures are served by the real Bun (the `bun` package's platform binary,
 * @oven/bun-<platform>-<arch>) on 127.0.0.1 with a port Bun picks (port 0). The Bun fixture runs as it is
 * (`bun src/server.ts`); the Workers fixture's `export default { fetch }` is served by `Bun.serve({ fetch })`
 * (Bun implements the same Request/Response/URLPattern API). workerd (wrangler/miniflare) is not used: its
 * platform binary is a further ~100 MB download per install for the same fetch API; Deno is not on the npm
 * registry. Deno's `Deno.serve` and `addEventListener("fetch")` are checked by in-memory cases only.
 */
const FIXTURES = path.join(REPO_ROOT, "test", "fixtures");

async function indexOf(name: string) {
  const result = await generate(await loadConfig({ cwd: REPO_ROOT, root: path.join(FIXTURES, name) }));
  expect(result.diagnostics.errors).toEqual([]);
  return result;
}

/** The Bun binary the `bun` package installs for this platform (its own `bin/bun.exe` is placed by a postinstall script). */
function bunBinary(): string | undefined {
  const candidates = [
    path.join(
      REPO_ROOT,
      "node_modules",
      "@oven",
      `bun-${process.platform}-${process.arch === "arm64" ? "aarch64" : process.arch}`,
      "bin",
      "bun",
    ),
    path.join(REPO_ROOT, "node_modules", "bun", "bin", "bun.exe"),
  ];
  return candidates.find((c) => existsSync(c));
}

const running: ChildProcess[] = [];
afterAll(() => {
  for (const child of running) child.kill();
});

/** Starts `bun <script>` with PORT=0 and waits for its `listening <port>` line. */
async function startBun(script: string, cwd: string): Promise<string> {
  const bun = bunBinary();
  if (!bun) throw new Error("the bun package's binary is not installed (npm ci installs @oven/bun-<platform> with it)");
  const child = spawn(bun, [script], {
    cwd,
    env: { ...process.env, PORT: "0", BUN_RUNTIME_TRANSPILER_CACHE_PATH: "0" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.push(child);
  return new Promise((resolve, reject) => {
    let out = "";
    let err = "";
    const timer = setTimeout(() => reject(new Error(`bun did not start: ${out}${err}`)), 30_000);
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening (\d+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${match[1]}`);
      }
    });
    child.stderr!.on("data", (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`bun exited (${code}): ${out}${err}`));
    });
  });
}

/** The status a running server answers a method and path with, holding `keys`. */
async function statusOf(base: string, method: string, p: string, keys: readonly string[]): Promise<number> {
  const url = base + p.replace(/\{wildcard\}/g, "a").replace(/\{[^}]+\}/g, "42");
  const response = await fetch(url, { method, headers: { "x-permissions": keys.join(",") } });
  await response.arrayBuffer();
  return response.status;
}

/**
 * Each indexed operation is answered with its keys (not 403, 404 or 405) and refused (403) without any one of
 * them; each probe that is not indexed is answered 404 or 405.
 */
async function compare(
  base: string,
  operations: { method: string; path: string; permissions: string[] }[],
  probes: string[],
): Promise<string[]> {
  const out: string[] = [];
  for (const op of operations) {
    const status = await statusOf(base, op.method, op.path, op.permissions);
    if ([403, 404, 405].includes(status)) out.push(`${op.method} ${op.path}: ${status} with its keys`);
    for (const key of op.permissions) {
      const without = await statusOf(
        base,
        op.method,
        op.path,
        op.permissions.filter((k) => k !== key),
      );
      if (without !== 403) out.push(`${op.method} ${op.path}: ${without} without ${key}`);
    }
  }
  const indexed = new Set(operations.map((op) => `${op.method} ${op.path}`));
  for (const probe of probes) {
    expect(indexed.has(probe), probe).toBe(false);
    const [method, p] = probe.split(" ") as [string, string];
    const status = await statusOf(base, method, p, ["*"]);
    if (status !== 404 && status !== 405) out.push(`${probe} (not indexed): ${status}`);
  }
  return out;
}

describe("Bun.serve (fixture)", () => {
  it("matches the golden index", async () => {
    const result = await indexOf("bun");
    expect(canonicalJson(result.index)).toBe(readFileSync(path.join(FIXTURES, "bun", "expected-operations.json"), "utf8"));
    expect(diagnosticLines(result).filter((d) => !d.startsWith("APX4"))).toEqual([]);
  });

  it("each indexed operation is answered by the real Bun with its keys, 403 without one; what is not indexed is 404 or 405", {
    timeout: 120_000,
  }, async () => {
    const result = await indexOf("bun");
    expect(result.index.operations.length).toBe(9);
    const base = await startBun("src/server.ts", path.join(FIXTURES, "bun"));
    const misses = await compare(base, result.index.operations, [
      "GET /api/v1/legacy",
      "PUT /api/v1/users",
      "PUT /api/v1/users/{id}",
      "DELETE /api/v1/invoices",
      "GET /api/v1/invoices/{id}/send",
      "GET /api/v1/nothing",
    ]);
    expect(misses).toEqual([]);
  });
});

describe("Cloudflare Workers fetch handler (fixture)", () => {
  it("matches the golden index; the prefix catch-all is said", async () => {
    const result = await indexOf("workers");
    expect(canonicalJson(result.index)).toBe(readFileSync(path.join(FIXTURES, "workers", "expected-operations.json"), "utf8"));
    expect(diagnosticLines(result).map((d) => d.replace(/ \S*fixtures\/workers\//, " "))).toEqual(["APX205 src/index.ts:45"]);
  });

  it("each indexed operation is answered by the Worker's fetch (served by the real Bun) with its keys; what is not indexed is 404 or 405", {
    timeout: 120_000,
  }, async () => {
    const result = await indexOf("workers");
    expect(result.index.operations.length).toBe(9);
    const dir = mkdtempSync(path.join(tmpdir(), "apidex-worker-"));
    try {
      // The Worker's module, served as workerd would call it: `fetch(request, env, ctx)`.
      const harness = path.join(dir, "serve-worker.ts");
      writeFileSync(
        harness,
        `import worker from ${JSON.stringify(path.join(FIXTURES, "workers", "src", "index.ts"))};
const ctx = { waitUntil() {}, passThroughOnException() {} };
const server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: (request) => worker.fetch(request, {}, ctx) });
console.log("listening " + server.port);
`,
      );
      const base = await startBun(harness, dir);
      const misses = await compare(base, result.index.operations, [
        "POST /health",
        "PUT /projects",
        "PUT /projects/{id}",
        "GET /webhooks/{wildcard}",
        "POST /exports/csv",
        "GET /nothing",
      ]);
      expect(misses).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

const AUTH = `export function requirePermission(request: Request, key: string): void {}`;
const WRANGLER = `name = "w"\nmain = "src/index.ts"\n`;

/** A Worker module with the given body of its `fetch(request, env)` method. */
function worker(body: string, before = ""): Record<string, string> {
  return {
    "wrangler.toml": WRANGLER,
    "src/auth.ts": AUTH,
    "src/index.ts": `import { requirePermission } from "./auth";\n${before}\nexport default {\n  async fetch(request: Request, env: unknown): Promise<Response> {\n${body}\n  },\n};\n`,
  };
}

const CASES: InMemoryCase[] = [
  {
    name: "Bun routes: a method object, a handler's method tests, a static Response, false, spreads of imported objects, template keys",
    files: {
      "src/auth.ts": AUTH,
      "src/users.ts": `import { requirePermission } from "./auth";
const API = "/api";
export const userRoutes = {
  [\`\${API}/users\`]: { GET: (req: Request) => { requirePermission(req, "users.read"); return Response.json([]); }, POST: () => new Response("") },
  "/api/users/:id": (req: Request) => {
    if (req.method === "DELETE") { requirePermission(req, "users.delete"); return new Response(null); }
    if (req.method !== "GET") return new Response(null, { status: 405 });
    return Response.json({});
  },
};`,
      "src/server.ts": `import { serve } from "bun";
import { userRoutes } from "./users";
const health = new Response("OK");
serve({
  routes: { ...userRoutes, "/health": health, "/static/logo.png": Bun.file("./logo.png"), "/old": false },
  fetch() { return new Response("Not Found", { status: 404 }); },
});`,
    },
    routes: [
      "DELETE /api/users/{id} [users.delete]",
      "GET /api/users [users.read]",
      "GET /api/users/{id} []",
      "GET /health []",
      "GET /static/logo.png []",
      "POST /api/users []",
    ],
  },
  {
    name: "Bun routes: a handler for every method is indexed under the usual five (APX230); a `*` wildcard (APX205); an unreadable value (APX258)",
    files: {
      "src/server.ts": `import { makeHandler } from "some-package";
Bun.serve({ routes: { "/echo": (req: Request) => new Response(req.url), "/files/*": { GET: () => new Response("") }, "/x": makeHandler() } });`,
    },
    routes: ["DELETE /echo []", "GET /echo []", "GET /files/{wildcard} []", "PATCH /echo []", "POST /echo []", "PUT /echo []"],
    diagnostics: ["APX230 src/server.ts:2", "APX205 src/server.ts:2", "APX258 src/server.ts:2"],
  },
  {
    name: "Bun routes apidex cannot read as an object: APX201",
    files: { "src/server.ts": `import { loadRoutes } from "some-package";\nBun.serve({ routes: loadRoutes() });` },
    routes: [],
    diagnostics: ["APX201 src/server.ts:2"],
  },
  {
    name: "a Worker: pathname and method in one condition, a branch's own method tests and its checks per method, a prelude check",
    files: worker(`    const url = new URL(request.url);
    requirePermission(request, "api.use");
    if (url.pathname === "/items" && request.method === "GET") { requirePermission(request, "items.read"); return Response.json([]); }
    if (url.pathname === "/items") {
      if (request.method === "POST") { requirePermission(request, "items.write"); return new Response(""); }
      if (request.method === "DELETE") { requirePermission(request, "items.purge"); return new Response(""); }
      return new Response(null, { status: 405 });
    }
    return new Response("Not Found", { status: 404 });`),
    routes: ["DELETE /items [api.use,items.purge]", "GET /items [api.use,items.read]", "POST /items [api.use,items.write]"],
  },
  {
    name: "a Worker: switch over a destructured pathname (fallthrough labels), an enclosing method test, a const path",
    files: worker(
      `    const { pathname } = new URL(request.url);
    if (request.method === "GET") {
      switch (pathname) {
        case "/a":
        case "/b":
          return new Response("ab");
        case ITEMS:
          requirePermission(request, "items.read");
          return new Response("items");
        default:
          return new Response(null, { status: 404 });
      }
    }
    return new Response(null, { status: 405 });`,
      `const ITEMS = "/items";`,
    ),
    routes: ["GET /a []", "GET /b []", "GET /items [items.read]"],
  },
  {
    name: "a Worker: startsWith is a catch-all (APX205), a regular expression's groups are parameters, URLPattern, `||` of paths",
    files: worker(
      `    const url = new URL(request.url);
    const path = url.pathname.replace(/\\/$/, "");
    if (path.startsWith("/assets/") && request.method === "GET") return new Response("");
    const m = path.match(/^\\/users\\/(?<id>[^/]+)\\/posts\\/(\\d+)$/);
    if (m && request.method === "GET") return new Response("");
    if (pattern.test(request.url) && request.method === "PUT") { requirePermission(request, "orgs.write"); return new Response(""); }
    if ((path === "/v1/ping" || path === "/v2/ping") && request.method === "GET") return new Response("pong");
    return new Response(null, { status: 404 });`,
      `const pattern = new URLPattern({ pathname: "/orgs/:org" });`,
    ),
    routes: [
      "GET /assets/{wildcard} []",
      "GET /users/{id}/posts/{param2} []",
      "GET /v1/ping []",
      "GET /v2/ping []",
      "PUT /orgs/{org} [orgs.write]",
    ],
    diagnostics: ["APX205 src/index.ts:7"],
  },
  {
    name: "a Worker: a branch hands the request to a handler of the sources, whose method tests and checks answer",
    files: {
      ...worker(
        `    const url = new URL(request.url);
    if (url.pathname === "/reports") return handleReports(request, env);
    return new Response(null, { status: 404 });`,
        `import { handleReports } from "./reports";`,
      ),
      "src/reports.ts": `import { requirePermission } from "./auth";
/** Lists or creates reports. */
export async function handleReports(request: Request, env: unknown): Promise<Response> {
  switch (request.method) {
    case "GET": requirePermission(request, "reports.read"); return Response.json([]);
    case "POST": requirePermission(request, "reports.write"); return new Response("");
    default: return new Response(null, { status: 405 });
  }
}`,
    },
    routes: ["GET /reports [reports.read]", "POST /reports [reports.write]"],
  },
  {
    name: "a Worker: a prefix branch hands the path and the request to a helper that dispatches further (its parameters named as it names them)",
    files: worker(
      `    const { pathname } = new URL(request.url);
    requirePermission(request, "api.use");
    if (pathname.startsWith("/api/")) return handleApi(pathname, request, {});
    return new Response(null, { status: 404 });`,
      `async function handleApi(path: string, req: Request, headers: Record<string, string>) {
  const method = req.method;
  if (path === "/api/chat" && method === "POST") { requirePermission(req, "chat.write"); return new Response(""); }
  if (path === "/api/info") { if (method !== "GET") return new Response(null, { status: 405 }); return new Response("info"); }
  return new Response(null, { status: 404 });
}`,
    ),
    routes: ["GET /api/info [api.use]", "POST /api/chat [api.use,chat.write]"],
  },
  {
    name: "a Worker: dispatch tables keyed by the path, and by method and path",
    files: worker(
      `    const url = new URL(request.url);
    const byKey = handlers[\`\${request.method} \${url.pathname}\`];
    if (byKey) return byKey(request);
    const route = routes[url.pathname];
    return route ? route(request) : new Response(null, { status: 404 });`,
      `const handlers: Record<string, (r: Request) => Response> = {
  "GET /notes": (r) => { requirePermission(r, "notes.read"); return new Response(""); },
  "POST /notes": (r) => new Response(""),
};
const routes: Record<string, (r: Request) => Response> = {
  "/ping": (r) => { if (r.method !== "GET") return new Response(null, { status: 405 }); return new Response("pong"); },
};`,
    ),
    routes: ["GET /notes [notes.read]", "GET /ping []", "POST /notes []"],
  },
  {
    name: "a Worker: a guard that refuses every other path; a branch with no method test (APX230)",
    files: worker(`    const url = new URL(request.url);
    if (url.pathname !== "/webhook") return new Response(null, { status: 404 });
    if (request.method !== "POST") return new Response(null, { status: 405 });
    requirePermission(request, "hooks.receive");
    return new Response("");`),
    routes: ["POST /webhook [hooks.receive]"],
  },
  {
    name: "a branch that tests no method is indexed under the usual five, said (APX230)",
    files: worker(`    const url = new URL(request.url);
    if (url.pathname === "/health") return new Response("ok");
    return new Response(null, { status: 404 });`),
    routes: ["DELETE /health []", "GET /health []", "PATCH /health []", "POST /health []", "PUT /health []"],
    diagnostics: ["APX230 src/index.ts:6"],
  },
  {
    name: "a dispatch apidex cannot read (a loop over a route list, a computed segment) is said (APX258)",
    files: worker(
      `    const url = new URL(request.url);
    for (const route of table) if (route.pattern.test(url.pathname)) return route.handler(request);
    if (url.pathname.split("/")[1] === "users") return new Response("");
    return new Response(null, { status: 404 });`,
      `import { table } from "some-package";`,
    ),
    routes: [],
    diagnostics: ["APX258 src/index.ts:6", "APX258 src/index.ts:7"],
  },
  {
    name: "a handler that tests no path and answers every request is said (APX258); one that hands it to a package's app too (APX210)",
    files: {
      "wrangler.toml": WRANGLER,
      "src/index.ts": `export default { async fetch(request: Request) { return new Response("hello"); } };`,
      "src/other.ts": `import { app } from "some-package";\nexport default { fetch(request: Request, env: unknown) { return app.fetch(request, env); } };`,
    },
    routes: [],
    diagnostics: ["APX258 src/index.ts:1", "APX210 src/other.ts:2"],
  },
  {
    // comp's integrations: `export default { name, fetch: handler.fetch }`, the handler a function of credentials.
    name: "a default export whose fetch takes no request (its first parameter is declared as something else) is no fetch handler",
    files: {
      "wrangler.toml": WRANGLER,
      "src/index.ts": `export default { async fetch(request: Request) { const url = new URL(request.url); if (url.pathname === "/ping" && request.method === "GET") return new Response("pong"); return new Response(null, { status: 404 }); } };`,
      "src/integrations/aws.ts": `interface AwsCredentials { key: string }\nconst findings = async (credentials: AwsCredentials) => [credentials.key];\nexport default { name: "AWS", fetch: findings };`,
    },
    routes: ["GET /ping []"],
  },
  {
    name: "a fetch listener hands the request to a function of the sources (Service Worker syntax)",
    files: {
      "wrangler.toml": WRANGLER,
      "src/auth.ts": AUTH,
      "src/index.ts": `import { requirePermission } from "./auth";
addEventListener("fetch", (event: FetchEvent) => { event.respondWith(handleRequest(event.request)); });
async function handleRequest(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.pathname === "/secrets" && request.method === "GET") { requirePermission(request, "secrets.read"); return new Response(""); }
  return new Response(null, { status: 404 });
}`,
    },
    routes: ["GET /secrets [secrets.read]"],
  },
  {
    name: "Deno.serve(handler) and Deno.serve(options, handler)",
    files: {
      "deno.json": "{}",
      "main.ts": `Deno.serve((req: Request) => {
  const url = new URL(req.url);
  if (req.method === "GET" && url.pathname === "/a") return new Response("a");
  return new Response(null, { status: 404 });
});
Deno.serve({ port: 8001 }, async (req: Request) => {
  const { pathname } = new URL(req.url);
  if (pathname === "/b" && req.method === "POST") return new Response("b");
  return new Response(null, { status: 404 });
});`,
    },
    routes: ["GET /a []", "POST /b []"],
  },
  {
    name: "Bun.serve names its runtime itself; a default export with fetch is not read in a project that says no fetch runtime (no wrangler, deno or bun config)",
    files: {
      "src/index.ts": `export default { async fetch(request: Request) { const url = new URL(request.url); if (url.pathname === "/a" && request.method === "GET") return new Response(""); return new Response(null, { status: 404 }); } };`,
      "src/server.ts": `Bun.serve({ routes: { "/b": { POST: () => new Response("") } } });`,
    },
    routes: ["POST /b []"],
  },
  {
    name: "a Worker that serves a Hono app is the Hono adapter's: the handler that hands it every request adds nothing and says nothing",
    files: {
      "wrangler.toml": WRANGLER,
      "src/index.ts": `import { Hono } from "hono";
const app = new Hono();
app.get("/hono", (c) => c.text("x"));
export default { fetch(request: Request, env: unknown, ctx: unknown) { return app.fetch(request, env, ctx); } };`,
    },
    routes: ["GET /hono []"],
  },
  {
    name: "beside a router's routes: Bun's own `routes` are indexed too; `fetch: app.fetch` and a WebSocket upgrade before `app.fetch` add nothing",
    files: {
      "bunfig.toml": "",
      "src/app.ts": `import { Hono } from "hono";
export const app = new Hono();
app.get("/users", (c) => c.json([]));`,
      "src/server.ts": `import { app } from "./app";
Bun.serve({ routes: { "/health": new Response("ok"), "/version": { GET: () => Response.json({ v: 1 }) } }, fetch: app.fetch });`,
      "src/ws.ts": `import { app } from "./app";
export default { port: 3001, fetch(req: Request, server: { upgrade(r: Request): boolean }) { if (server.upgrade(req)) return; return app.fetch(req, server); } };`,
    },
    routes: ["GET /health []", "GET /users []", "GET /version []"],
  },
  {
    name: "beside a router's routes: a Worker's own branches are indexed, the branch that hands the request to the app is the app's",
    files: {
      "wrangler.toml": WRANGLER,
      "src/auth.ts": AUTH,
      "src/index.ts": `import { Hono } from "hono";
import { requirePermission } from "./auth";
const api = new Hono().basePath("/api");
api.get("/users", (c) => c.json([]));
export default {
  async fetch(request: Request, env: { ASSETS: { fetch(r: Request): Promise<Response> } }, ctx: unknown) {
    const url = new URL(request.url);
    if (url.pathname === "/status" && request.method === "GET") return new Response("ok");
    if (url.pathname === "/purge" && request.method === "POST") { requirePermission(request, "cache.purge"); return new Response(""); }
    if (url.pathname.startsWith("/api/")) return api.fetch(request, env, ctx);
    return env.ASSETS.fetch(request);
  },
};`,
    },
    routes: ["GET /api/users []", "GET /status []", "POST /purge [cache.purge]"],
  },
  {
    name: "beside an Express app: a metrics server on Bun.serve is indexed with it (its branch tests no method: APX230)",
    files: {
      "src/app.ts": `import express from "express";
const app = express();
app.get("/orders", (req, res) => res.json([]));
app.listen(3000);`,
      "src/metrics.ts": `Bun.serve({ port: 9090, fetch(req) { if (new URL(req.url).pathname === "/metrics") return new Response(""); return new Response(null, { status: 404 }); } });`,
    },
    routes: ["DELETE /metrics []", "GET /metrics []", "GET /orders []", "PATCH /metrics []", "POST /metrics []", "PUT /metrics []"],
    diagnostics: ["APX230 src/metrics.ts:1"],
  },
];

describe("fetch handlers (in-memory)", () => {
  it.each(CASES)("$name", async ({ files, routes, diagnostics }) => {
    const result = await generateFrom(files);
    expect(routeLines(result)).toEqual(routes);
    expect(diagnosticLines(result).filter((d) => !d.startsWith("APX4"))).toEqual(diagnostics ?? []);
  });

  it("parses the files that start a fetch server, by their text", () => {
    expect(mayRegisterRoutes(`Bun.serve({ fetch(req) { return new Response(""); } });`, "src/server.ts")).toBe(true);
    expect(mayRegisterRoutes(`Deno.serve((req) => new Response(""));`, "main.ts")).toBe(true);
    expect(
      mayRegisterRoutes(`export default {\n  async fetch(request, env) {\n    return new Response("");\n  },\n};`, "src/index.ts"),
    ).toBe(true);
    expect(mayRegisterRoutes(`addEventListener("fetch", (e) => e.respondWith(handle(e.request)));`, "src/index.ts")).toBe(true);
    expect(mayRegisterRoutes(`export function add(a: number, b: number) { return a + b; }`, "src/math.ts")).toBe(false);
  });
});

describe("several fetch servers", () => {
  it("two Bun.serve servers (two packages, two ports) are two apps: a path both serve is two servers' (APX412, and APX403 saying so), not one registered twice", async () => {
    const result = await generateFrom({
      "api/src/index.ts": `import { webhook } from "./webhook";\nBun.serve({ port: 3000, routes: { "/payments/webhook": { POST: webhook }, "/health": { GET: () => new Response("ok") } } });`,
      "api/src/webhook.ts": `export const webhook = (req: Request) => new Response("");`,
      "orpc/src/index.ts": `import { webhook } from "../../api/src/webhook";\nBun.serve({ port: 3001, routes: { "/payments/webhook": { POST: webhook } } });`,
    });
    expect(routeLines(result)).toEqual(["GET /health []", "POST /payments/webhook []"]);
    expect(diagnosticLines(result)).toEqual(["APX412 api/src/index.ts:2", "APX403 orpc/src/index.ts:2"]);
    expect(result.diagnostics.items.find((d) => d.code === "APX403")!.message).toContain("two apps of this project");
  });
});
