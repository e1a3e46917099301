import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import fg from "fast-glob";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../generator/config/load-config.js";
import { mayRegisterRoutes } from "../generator/scan/route-hints.js";
import { generate } from "../generator/generate.js";
import { canonicalJson } from "../generator/write/canonical-json.js";
import { disagreementsWithRuntime } from "./helpers/express-runtime-routes.js";
import { diagnosticLines, generateFrom, routeLines } from "./helpers/in-memory.js";
import { nestRuntimeRoutes } from "./helpers/nest-runtime.js";
import { REPO_ROOT } from "./helpers/repo.js";

/**
 * One fixture service per framework, written as projects of that framework are: a golden index, and a
 * runtime oracle that boots the fixture and reads its routes from the framework itself.
 */
const fixture = (name: string) => path.join(REPO_ROOT, "test", "fixtures", name);
const toOpenApi = (p: string) => p.replace(/:([A-Za-z_$][\w$]*)(\{[^}]*\})?\??/g, "{$1}").replace(/\/$/, "") || "/";

async function indexOf(name: string) {
  const result = await generate(await loadConfig({ cwd: REPO_ROOT, root: fixture(name) }));
  expect(result.diagnostics.errors).toEqual([]);
  return result;
}

describe("the scan's first read: a file that only imports a framework apidex reads is parsed", () => {
  // A controller file of a decorator framework makes no registration-shaped call: its import alone must keep it.
  it.each([
    "@tsed/di",
    "@tsed/common",
    "@tsed/schema",
    "routing-controllers",
    "tsoa",
    "inversify-express-utils",
    "@nestjs/common",
    "express",
    "koa",
    "@koa/router",
    "fastify",
    "hono",
    "elysia",
    "@hapi/hapi",
    "@trpc/server",
  ])("%s", (pkg) => {
    const text = `import { Controller } from "${pkg}";\n@Controller("/items")\nexport class ItemsController {}\n`;
    expect(mayRegisterRoutes(text, "src/items.controller.ts")).toBe(true);
    expect(mayRegisterRoutes(`import { z } from "zod";\nexport const Item = z.object({});\n`, "src/item.ts")).toBe(false);
  });
});

describe("Hono", () => {
  it("matches the golden index", async () => {
    const result = await indexOf("hono");
    expect(canonicalJson(result.index)).toBe(readFileSync(path.join(fixture("hono"), "expected-operations.json"), "utf8"));
  });

  it("equals the routes Hono itself registers (app.routes)", async () => {
    const result = await indexOf("hono");
    const { app } = (await import(pathToFileURL(path.join(fixture("hono"), "src", "app.ts")).href)) as {
      app: { routes: { method: string; path: string }[] };
    };
    const runtime = new Set<string>();
    for (const r of app.routes) {
      if (r.method === "ALL") continue; // middleware from use()
      // An optional last parameter answers with and without it.
      if (/:\w+(\{[^}]*\})?\?$/.test(r.path)) runtime.add(`${r.method} ${toOpenApi(r.path.replace(/\/:\w+(\{[^}]*\})?\?$/, ""))}`);
      runtime.add(`${r.method} ${toOpenApi(r.path)}`);
    }
    expect([...runtime].sort()).toEqual(result.index.operations.map((o) => `${o.method} ${o.path}`).sort());
  });
});

describe("Hono custom methods (a colon inside a segment), compared with what Hono's router answers", () => {
  const table: [string, string][] = [
    ["POST", "/boards/:boardId/cards:bulk"],
    ["POST", "/jobs:purge"],
    ["POST", "/cards/:cardId:archive"],
  ];
  it("indexes a colon inside a segment as literal text and :id:verb as {id}:verb; every indexed path, filled in, is answered", async () => {
    const source = `import { Hono } from "hono"; export const app = new Hono();\n${table
      .map(([m, p], i) => `app.on(${JSON.stringify(m)}, ${JSON.stringify(p)}, (c) => c.text("route ${i}"));`)
      .join("\n")}`;
    const result = await generateFrom({ "app.ts": source });
    expect(routeLines(result)).toEqual(["POST /boards/{boardId}/cards:bulk []", "POST /cards/{cardId}:archive []", "POST /jobs:purge []"]);
    expect(diagnosticLines(result)).toEqual([]);
    const { Hono } = await import("hono");
    const app = new Hono();
    table.forEach(([m, p], i) => app.on(m, p, (c) => c.text(`route ${i}`)));
    for (const op of result.operations) {
      const line = op.site!.line - 2;
      const response = await app.request(op.path.replace(/\{(\w+)\}/g, "x1"), { method: op.method });
      expect(await response.text()).toBe(`route ${line}`);
    }
  });

  it("@hono/zod-openapi paths as written: {id}:verb, a literal colon, an optional {id?}", async () => {
    const result = await generateFrom({
      "app.ts": [
        `import { OpenAPIHono, createRoute, z } from "@hono/zod-openapi";`,
        `const app = new OpenAPIHono();`,
        `const archive = createRoute({ method: "post", path: "/cards/{cardId}:archive", request: { params: z.object({ cardId: z.string() }) }, responses: { 200: { description: "ok" } } });`,
        `const bulk = createRoute({ method: "post", path: "/cards:bulk", responses: { 200: { description: "ok" } } });`,
        `const prices = createRoute({ method: "get", path: "/prices/{coin?}", responses: { 200: { description: "ok" } } });`,
        `app.openapi(archive, (c) => c.json({}, 200)); app.openapi(bulk, (c) => c.json({}, 200)); app.openapi(prices, (c) => c.json({}, 200));`,
        `export default app;`,
      ].join("\n"),
    });
    expect(routeLines(result)).toEqual([
      "GET /prices []",
      "GET /prices/{coin} []",
      "POST /cards/{cardId}:archive []",
      "POST /cards:bulk []",
    ]);
  });
});

describe("Hono wildcards, compared with what Hono's router answers (app.request)", () => {
  /** Routes as [methods, path]; the same table is registered on a live app and written as source for apidex. */
  const table: [string[], string][] = [
    [["GET", "POST"], "/auth/*"],
    [["GET"], "/files/*/raw"],
    [["GET"], "/files/:name"],
    [["PUT"], "/docs/:id/*"],
    [["GET"], "/exact"],
    [["GET"], "/pre/a*"],
  ];
  /** Requests the index is checked against: whatever Hono answers must be indexed. */
  const probes = ["/auth", "/auth/", "/auth/a", "/auth/a/b", "/authx", "/files/a/raw", "/files/a/b/raw", "/files/raw", "/files/a"];
  probes.push("/docs/1", "/docs/1/a", "/docs/1/a/b", "/docs", "/exact", "/exact/x");
  const source = `import { Hono } from "hono"; export const app = new Hono();\n${table
    .map(([methods, p], i) => `app.on(${JSON.stringify(methods)}, ${JSON.stringify(p)}, (c) => c.text("route ${i}"));`)
    .join("\n")}`;

  async function liveApp() {
    const { Hono } = await import("hono");
    const app = new Hono();
    table.forEach(([methods, p], i) => app.on(methods, p, (c) => c.text(`route ${i}`)));
    return app;
  }

  /** An indexed path as a pattern: a trailing catch-all (reported APX205) spans segments. */
  const matcher = (openapi: string, catchAll: boolean) =>
    new RegExp(
      `^${openapi
        .split("/")
        .map((seg, i, all) => (seg.startsWith("{") ? (catchAll && i === all.length - 1 ? ".+" : "[^/]+") : seg))
        .join("/")}/?$`,
    );

  it("indexes a trailing * as the path above it and a {wildcard} catch-all (APX205), a * segment in the middle as one segment; a * inside a segment is reported", async () => {
    const result = await generateFrom({ "app.ts": source });
    expect(routeLines(result)).toEqual([
      "GET /auth []",
      "GET /auth/{wildcard} []",
      "GET /exact []",
      "GET /files/{name} []",
      "GET /files/{wildcard}/raw []",
      "POST /auth []",
      "POST /auth/{wildcard} []",
      "PUT /docs/{id} []",
      "PUT /docs/{id}/{wildcard} []",
    ]);
    expect(diagnosticLines(result)).toEqual(["APX205 app.ts:2", "APX205 app.ts:5", "APX204 app.ts:7"]);
  });

  it("answers every indexed operation, and indexes every request Hono answers", async () => {
    const result = await generateFrom({ "app.ts": source });
    const app = await liveApp();
    const catchAllLines = new Set(result.diagnostics.items.filter((d) => d.code === "APX205").map((d) => d.site!.line));
    const ops = result.operations.map((op) => ({
      method: op.method,
      path: op.path,
      // Which table entry registered it (the line after the import's).
      route: op.site ? op.site.line - 2 : -1,
      catchAll: op.site !== undefined && catchAllLines.has(op.site.line) && /\{wildcard\d*\}$/.test(op.path),
    }));
    for (const op of ops) {
      const url = op.path.replace(/\{[^}]+\}$/, op.catchAll ? "a/b" : "a").replace(/\{[^}]+\}/g, "a");
      const response = await app.request(url, { method: op.method });
      expect([op.method, url, response.status, await response.text()]).toEqual([op.method, url, 200, `route ${op.route}`]);
    }
    for (const probe of probes)
      for (const method of ["GET", "POST", "PUT"]) {
        const response = await app.request(probe, { method });
        if (response.status !== 200) continue;
        const route = Number((await response.text()).replace("route ", ""));
        const indexed = ops.some((op) => op.method === method && op.route === route && matcher(op.path, op.catchAll).test(probe));
        expect([method, probe, route, indexed]).toEqual([method, probe, route, true]);
      }
  });
});

describe("Hono optional parameters, compared with what Hono's router answers (app.request)", () => {
  const table = ["/jobs/:jobId?/:action?", "/a/:b?/c/:d?", "/opt/:x?"];
  const probes = [
    "/jobs",
    "/jobs/1",
    "/jobs/1/cancel",
    "/jobs/1/cancel/x",
    "/a",
    "/a/1",
    "/a/1/c",
    "/a/1/c/2",
    "/a/c",
    "/opt",
    "/opt/1",
    "/opt/1/2",
  ];
  const source = `import { Hono } from "hono"; export const app = new Hono();\n${table
    .map((p, i) => `app.get(${JSON.stringify(p)}, (c) => c.text("route ${i}"));`)
    .join("\n")}`;

  it("indexes each path Hono expands a path ending with optional parameters to; one before the end of a path that does not is reported", async () => {
    const result = await generateFrom({ "app.ts": source });
    expect(routeLines(result)).toEqual([
      "GET /a []",
      "GET /a/{b} []",
      "GET /a/{b}/c []",
      "GET /a/{b}/c/{d} []",
      "GET /jobs []",
      "GET /jobs/{jobId} []",
      "GET /jobs/{jobId}/{action} []",
      "GET /opt []",
      "GET /opt/{x} []",
    ]);
    expect(diagnosticLines(result)).toEqual([]);
    const mid = await generateFrom({
      "app.ts": `import { Hono } from "hono"; const app = new Hono();\napp.get("/mid/:x?/end", (c) => c.text("x"));`,
    });
    expect(diagnosticLines(mid)).toEqual(["APX204 app.ts:2"]);
  });

  it("answers every indexed operation, and indexes every request Hono answers", async () => {
    const result = await generateFrom({ "app.ts": source });
    const { Hono } = await import("hono");
    const app = new Hono();
    table.forEach((p, i) => app.get(p, (c) => c.text(`route ${i}`)));
    const ops = result.operations.map((op) => ({ path: op.path, route: op.site.line - 2 }));
    for (const op of ops) {
      const url = op.path.replace(/\{[^}]+\}/g, "1");
      const response = await app.request(url);
      expect([url, response.status, await response.text()]).toEqual([url, 200, `route ${op.route}`]);
    }
    for (const probe of probes) {
      const response = await app.request(probe);
      if (response.status !== 200) continue;
      const route = Number((await response.text()).replace("route ", ""));
      const pattern = (p: string) => new RegExp(`^${p.replace(/\{[^}]+\}/g, "[^/]+")}/?$`);
      expect([probe, ops.some((op) => op.route === route && pattern(op.path).test(probe))]).toEqual([probe, true]);
    }
  });
});

describe("Koa with @koa/router", () => {
  it("matches the golden index", async () => {
    const result = await indexOf("koa");
    expect(canonicalJson(result.index)).toBe(readFileSync(path.join(fixture("koa"), "expected-operations.json"), "utf8"));
  });

  it("equals the routes the routers mounted on the app hold (router.stack)", async () => {
    const result = await indexOf("koa");
    const { app } = (await import(pathToFileURL(path.join(fixture("koa"), "src", "app.ts")).href)) as {
      app: { middleware: { router?: { stack: { methods: string[]; path: string }[] } }[] };
    };
    const runtime: string[] = [];
    for (const mw of app.middleware) {
      for (const layer of mw.router?.stack ?? []) {
        // Middleware layers have no methods; HEAD rides along with GET.
        for (const method of layer.methods.filter((m) => m !== "HEAD")) runtime.push(`${method} ${toOpenApi(layer.path)}`);
      }
    }
    expect(runtime.sort()).toEqual(result.index.operations.map((o) => `${o.method} ${o.path}`).sort());
  });
});

describe("Fastify", () => {
  it("matches the golden index", async () => {
    const result = await indexOf("fastify");
    expect(canonicalJson(result.index)).toBe(readFileSync(path.join(fixture("fastify"), "expected-operations.json"), "utf8"));
  });

  it("equals the routes Fastify registers (the onRoute hook)", async () => {
    const result = await indexOf("fastify");
    const { buildApp } = (await import(pathToFileURL(path.join(fixture("fastify"), "src", "app.ts")).href)) as {
      buildApp: (o: { onRoute: (r: { method: string | string[]; url: string }) => void }) => {
        ready: () => Promise<unknown>;
        close: () => Promise<unknown>;
      };
    };
    const runtime = new Set<string>();
    const app = buildApp({
      onRoute: (r) => {
        // HEAD routes are exposed automatically for every GET.
        for (const method of [r.method].flat()) if (method !== "HEAD") runtime.add(`${method} ${toOpenApi(r.url)}`);
      },
    });
    await app.ready();
    await app.close();
    expect([...runtime].sort()).toEqual(result.index.operations.map((o) => `${o.method} ${o.path}`).sort());
  });
});

describe("all() handlers that refuse methods (an RPC registry on Fastify)", () => {
  const config = () => loadConfig({ cwd: REPO_ROOT, configFile: path.join(fixture("all-methods"), "apidex.config.mjs") });

  it("matches the golden index", async () => {
    const result = await generate(await config());
    expect(result.diagnostics.errors).toEqual([]);
    expect(canonicalJson(result.index)).toBe(readFileSync(path.join(fixture("all-methods"), "expected-operations.json"), "utf8"));
  });

  it("lists exactly the methods the running server answers at each path, and no operation for the 404 catch-all", async () => {
    const result = await generate(await config());
    const { buildApp } = (await import(pathToFileURL(path.join(fixture("all-methods"), "src", "app.ts")).href)) as {
      buildApp: () => { listen: (o: { port: number; host: string }) => Promise<string>; close: () => Promise<unknown> };
    };
    const app = buildApp();
    const base = await app.listen({ port: 0, host: "127.0.0.1" });
    try {
      const indexed = new Set(result.index.operations.map((o) => `${o.method} ${o.path}`));
      const paths = [...new Set(result.index.operations.map((o) => o.path))];
      // The server's answer to every method apidex could list, at every path it indexed: a method is listed
      // exactly when the handler does not refuse it (405).
      const served: string[] = [];
      for (const p of paths)
        for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]) {
          const status = (await fetch(`${base}${p}`, { method })).status;
          expect(status === 405 || status === 200, `${method} ${p} answered ${status}`).toBe(true);
          if (status !== 405) served.push(`${method} ${p}`);
        }
      expect(served.sort()).toEqual([...indexed].sort());
      expect((await fetch(`${base}/api/notes/missing`, { method: "POST" })).status).toBe(404);
      expect(result.index.operations.some((o) => o.path.includes("{"))).toBe(false);
    } finally {
      await app.close();
    }
  });
});

/**
 * React Router's own route list for a fixture's app folder: `app/routes.ts` when there is one (imported: its
 * `route()`, `prefix()`, `flatRoutes()` are React Router's), else `flatRoutes()`. Each module with the
 * OpenAPI paths React Router serves it at (`:id` a parameter, `*` the splat, `x?` with and without).
 */
async function reactRouterPaths(app: string): Promise<Map<string, string[]>> {
  (globalThis as { __reactRouterAppDirectory?: string }).__reactRouterAppDirectory = app;
  interface Entry {
    file: string;
    path?: string;
    children?: Entry[];
  }
  const configFile = path.join(app, "routes.ts");
  const entries: Entry[] = existsSync(configFile)
    ? await (await import(pathToFileURL(configFile).href)).default
    : await (await import("@react-router/fs-routes")).flatRoutes();
  const expand = (pattern: string): string[] => {
    let paths = [""];
    for (const segment of pattern.split("/").filter(Boolean)) {
      const optional = segment.endsWith("?");
      const bare = optional ? segment.slice(0, -1) : segment;
      const open = bare === "*" ? "{splat}" : bare.startsWith(":") ? `{${bare.slice(1)}}` : bare;
      paths = paths.flatMap((p) => (optional ? [p, `${p}/${open}`] : [`${p}/${open}`]));
    }
    return paths.map((p) => p || "/");
  };
  const byFile = new Map<string, string[]>();
  const walk = (list: Entry[], parent: string) => {
    for (const e of list) {
      const full = [parent, e.path ?? ""].filter(Boolean).join("/");
      byFile.set(e.file, [...(byFile.get(e.file) ?? []), ...expand(full)]);
      walk(e.children ?? [], full);
    }
  };
  walk(entries, "");
  return byFile;
}

/** The paths of the modules that are resource routes (no default export: an API, not a page). */
function resourcePaths(app: string, byFile: Map<string, string[]>): Set<string> {
  const resources = [...byFile].filter(([file]) => !/^export default /m.test(readFileSync(path.join(app, file), "utf8")));
  expect(resources.length).toBeGreaterThan(3);
  return new Set(resources.flatMap(([, paths]) => paths));
}

describe.each(["remix", "react-router", "remix-hybrid", "react-router-auto"])(
  "Remix / React Router 7 resource routes (fixture %s)",
  (name) => {
    it("matches the golden index", async () => {
      const result = await indexOf(name);
      expect(canonicalJson(result.index)).toBe(readFileSync(path.join(fixture(name), "expected-operations.json"), "utf8"));
    });

    it("indexes the paths React Router itself gives the resource routes (its route config: route(), @react-router/fs-routes, react-router-auto-routes)", async () => {
      const result = await indexOf(name);
      const app = path.join(fixture(name), "app");
      const expected = resourcePaths(app, await reactRouterPaths(app));
      expect(new Set(result.index.operations.map((o) => o.path))).toEqual(expected);
    });
  },
);

describe("SvelteKit endpoints (+server.ts)", () => {
  /** SvelteKit's own router (`@sveltejs/kit/src/utils/routing.js`, not in its exports map: loaded by path). */
  const kitRouting = async () =>
    (await import(pathToFileURL(path.join(REPO_ROOT, "node_modules", "@sveltejs", "kit", "src", "utils", "routing.js")).href)) as {
      parse_route_id(id: string): { pattern: RegExp; params: { name: string; matcher?: string; optional: boolean; rest: boolean }[] };
      resolve_route(id: string, params: Record<string, string | undefined>): string;
      exec(
        match: RegExpMatchArray,
        params: unknown[],
        matchers: Record<string, (p: string) => boolean>,
      ): Record<string, string> | undefined;
    };
  const routeIds = () =>
    fg
      .sync("**/+server.ts", { cwd: path.join(fixture("sveltekit"), "src", "routes") })
      .map((f) => `/${path.posix.dirname(f)}`.replace(/\/\.$/, ""));

  it("matches the golden index", async () => {
    const result = await indexOf("sveltekit");
    expect(canonicalJson(result.index)).toBe(readFileSync(path.join(fixture("sveltekit"), "expected-operations.json"), "utf8"));
  });

  it("indexes the paths SvelteKit resolves for each endpoint's route id, every optional and rest parameter absent or present", async () => {
    const result = await indexOf("sveltekit");
    const kit = await kitRouting();
    const expected = new Set<string>();
    for (const id of routeIds()) {
      const { params } = kit.parse_route_id(id);
      const choices = params.filter((p) => p.optional || p.rest);
      for (let mask = 0; mask < 1 << choices.length; mask++) {
        const values: Record<string, string | undefined> = Object.fromEntries(params.map((p) => [p.name, `{${p.name}}`]));
        choices.forEach((p, i) => {
          if (!(mask & (1 << i))) values[p.name] = p.rest ? "" : undefined;
        });
        expected.add(kit.resolve_route(id, values));
      }
    }
    expect(routeIds().length).toBeGreaterThan(4);
    expect(new Set(result.index.operations.map((o) => o.path))).toEqual(expected);
  });

  it("each indexed path, its parameters filled, is one SvelteKit's router matches to an endpoint, giving the parameters back", async () => {
    const result = await indexOf("sveltekit");
    const kit = await kitRouting();
    const { match: integer } = (await import(pathToFileURL(path.join(fixture("sveltekit"), "src", "params", "integer.js")).href)) as {
      match: (p: string) => boolean;
    };
    const routes = routeIds().map((id) => kit.parse_route_id(id));
    for (const op of result.index.operations) {
      const names = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
      const concrete = op.path.replace(/\{(\w+)\}/g, (_, name: string) => (name === "id" ? "42" : `v-${name}`));
      const found = routes
        .map((r) => ({ r, m: r.pattern.exec(concrete) }))
        .map(({ r, m }) => (m ? kit.exec(m, r.params, { integer }) : undefined))
        .find(Boolean);
      expect(found, `${op.method} ${op.path}`).toBeDefined();
      for (const name of names) expect(found![name]).toBe(name === "id" ? "42" : `v-${name}`);
    }
  });
});

describe("Nuxt / Nitro server routes", () => {
  it("matches the golden index", async () => {
    const result = await indexOf("nuxt");
    expect(canonicalJson(result.index)).toBe(readFileSync(path.join(fixture("nuxt"), "expected-operations.json"), "utf8"));
  });

  it("indexes the routes Nitro itself scans from the server folder (scanHandlers), a suffix's method as the only one", async () => {
    const result = await indexOf("nuxt");
    const { scanHandlers } = (await import("nitropack/core")) as {
      scanHandlers(nitro: unknown): Promise<{ route: string; method?: string; env?: string }[]>;
    };
    const handlers = await scanHandlers({
      // As Nuxt configures Nitro: the project's server folder, and each layer's.
      options: {
        scanDirs: [path.join(fixture("nuxt"), "server"), path.join(fixture("nuxt"), "layers", "billing", "server")],
        apiBaseURL: "/api",
        ignore: [],
      },
      logger: console,
    });
    const openApi = (route: string) => toOpenApi(route.replace(/\*\*:(\w+)/g, ":$1").replace(/\*\*/g, ":_"));
    // A development-only handler is no operation of the deployed server.
    const served = handlers.filter((h) => h.env !== "dev" && h.env !== "prerender");
    expect(served.length).toBeGreaterThan(8);
    const ours = result.index.operations.map((o) => `${o.method} ${o.path}`);
    for (const h of served) {
      const methods = ours.filter((o) => o.endsWith(` ${openApi(h.route)}`)).map((o) => o.split(" ")[0]);
      expect(methods.length, h.route).toBeGreaterThan(0);
      if (h.method) expect(methods, h.route).toContain(h.method.toUpperCase());
    }
    expect(new Set(result.index.operations.map((o) => o.path))).toEqual(new Set(served.map((h) => openApi(h.route))));
  });
});

describe("Elysia", () => {
  const load = async () =>
    (await import(pathToFileURL(path.join(fixture("elysia"), "src", "app.ts")).href)) as {
      app: { routes: { method: string; path: string }[]; handle(request: Request): Promise<Response> };
    };

  it("matches the golden index", async () => {
    const result = await indexOf("elysia");
    expect(canonicalJson(result.index)).toBe(readFileSync(path.join(fixture("elysia"), "expected-operations.json"), "utf8"));
  });

  it("equals the routes Elysia itself registers (app.routes), ALL as every method", async () => {
    const result = await indexOf("elysia");
    const { app } = await load();
    const runtime = app.routes.flatMap((r) => {
      const openApi = toOpenApi(r.path.replace(/\/\*$/, "/:wildcard"));
      return r.method === "ALL"
        ? ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"].map((m) => `${m} ${openApi}`)
        : [`${r.method} ${openApi}`];
    });
    expect(result.index.operations.map((o) => `${o.method} ${o.path}`).sort()).toEqual(runtime.sort());
  });

  it("documents a route's hook (detail, body, query, response) with the schemas Elysia's t builds", async () => {
    const result = await indexOf("elysia");
    const { ItemModel } = (await import(pathToFileURL(path.join(fixture("elysia"), "src", "modules", "items.ts")).href)) as {
      ItemModel: Record<string, unknown>;
    };
    const doc = JSON.parse(String(result.files.find((f) => f.name === "openapi-public.json")!.content)) as {
      paths: Record<string, Record<string, any>>;
      components: { schemas: Record<string, unknown> };
    };
    const op = doc.paths["/items"]!.post;
    expect(op.summary).toBe("Create an item");
    expect(op.tags).toEqual(["Items"]);
    // TypeBox's objects carry symbol-keyed bookkeeping, which JSON leaves out.
    const json = (v: unknown) => JSON.parse(JSON.stringify(v)) as unknown;
    expect(op.requestBody.content["application/json"].schema).toEqual(json(ItemModel.create));
    expect(op.responses["200"].content["application/json"].schema).toEqual(json(ItemModel.item));
    expect(op.parameters).toEqual([{ name: "dryRun", in: "query", required: false, schema: { type: "boolean" } }]);
  });

  it("each operation answers with its permission keys and refuses without any one of them (app.handle, a real Request)", async () => {
    const result = await indexOf("elysia");
    const { app } = await load();
    const call = async (method: string, p: string, keys: string[]) =>
      (
        await app.handle(
          // Elysia validates the body before beforeHandle runs: a body that fits the one route that declares one.
          new Request(`http://127.0.0.1${p.replace(/\{\w+\}/g, "1")}`, {
            method,
            headers: { "x-permissions": keys.join(","), "content-type": "application/json" },
            ...(["POST", "PUT", "PATCH"].includes(method) ? { body: JSON.stringify({ name: "a", price: 1 }) } : {}),
          }),
        )
      ).status;
    let checked = 0;
    for (const op of result.index.operations) {
      expect(await call(op.method, op.path, op.permissions), `${op.method} ${op.path}`).not.toBe(403);
      for (const key of op.permissions) {
        expect(
          await call(
            op.method,
            op.path,
            op.permissions.filter((k) => k !== key),
          ),
          `${op.method} ${op.path} without ${key}`,
        ).toBe(403);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(6);
  });
});

/**
 * Over hapi's own request handling (server.inject), with the caller's scopes in `x-permissions`: each operation
 * answers with its keys (every required one, one of each group of alternatives), refuses (403) without any one
 * of them, and answers with each alternative. Gives how many refusals were checked.
 */
async function hapiRefusals(
  server: { inject(options: { method: string; url: string; headers: Record<string, string> }): Promise<{ statusCode: number }> },
  operations: readonly { method: string; path: string; permissions: string[] }[],
): Promise<number> {
  const status = async (method: string, p: string, keys: string[]) =>
    (await server.inject({ method, url: p.replace(/\{\w+\}/g, "1"), headers: { "x-permissions": keys.join(",") } })).statusCode;
  let refused = 0;
  for (const op of operations) {
    const groups = (op as { any_of?: string[][] }).any_of ?? [];
    const needed = [...op.permissions, ...groups.map((g) => g[0]!)];
    expect(await status(op.method, op.path, needed), `${op.method} ${op.path}`).not.toBe(403);
    for (const key of needed) {
      expect(
        await status(
          op.method,
          op.path,
          needed.filter((k) => k !== key),
        ),
        `${op.method} ${op.path} without ${key}`,
      ).toBe(403);
      refused++;
    }
    for (const group of groups)
      for (const alternative of group)
        expect(await status(op.method, op.path, [...op.permissions, alternative]), `${op.method} ${op.path} with ${alternative}`).not.toBe(
          403,
        );
  }
  return refused;
}

describe("hapi", () => {
  const start = async () =>
    (
      (await import(pathToFileURL(path.join(fixture("hapi"), "src", "server.ts")).href)) as {
        createServer(): Promise<{
          table(): { method: string; path: string }[];
          inject(options: { method: string; url: string; headers: Record<string, string> }): Promise<{ statusCode: number }>;
        }>;
      }
    ).createServer();

  it("matches the golden index", async () => {
    const result = await indexOf("hapi");
    expect(canonicalJson(result.index)).toBe(readFileSync(path.join(fixture("hapi"), "expected-operations.json"), "utf8"));
  });

  it("equals the routes hapi itself holds (server.table()), * as every method, an optional segment with and without", async () => {
    const result = await indexOf("hapi");
    const server = await start();
    const runtime = server.table().flatMap((r) => {
      const p = r.path.replace(/\{(\w+)\*\d*\}/g, "{$1}");
      const paths = /\{\w+\?\}$/.test(p) ? [p.replace(/\/\{\w+\?\}$/, "") || "/", p.replace(/\?\}$/, "}")] : [p];
      const methods = r.method === "*" ? ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"] : [r.method.toUpperCase()];
      return methods.flatMap((m) => paths.map((q) => `${m} ${q}`));
    });
    expect(result.index.operations.map((o) => `${o.method} ${o.path}`).sort()).toEqual(runtime.sort());
  });

  it("each operation answers with its scopes and refuses without one (server.inject: hapi's own request handling)", async () => {
    const result = await indexOf("hapi");
    expect(await hapiRefusals(await start(), result.index.operations)).toBeGreaterThan(10);
  });
});

/**
 * hapi as its own tooling composes a service: a Confidence store of the manifest (`$filter`, `$env`, `$meta`)
 * read with the deployment's criteria and handed to Glue, whose plugins are module paths from `relativeTo`, under
 * the registration's prefix or their own. Checked against the server the real Glue composes.
 */
describe("hapi composed by Glue from a Confidence manifest", () => {
  const compose = () =>
    (
      createRequire(import.meta.url)(path.join(fixture("hapi-glue"), "server.js")) as {
        compose(): Promise<{
          table(): { method: string; path: string }[];
          inject(options: { method: string; url: string; headers: Record<string, string> }): Promise<{ statusCode: number }>;
        }>;
      }
    ).compose();

  it("matches the golden index, with no warning", async () => {
    const result = await indexOf("hapi-glue");
    expect(canonicalJson(result.index)).toBe(readFileSync(path.join(fixture("hapi-glue"), "expected-operations.json"), "utf8"));
    expect(result.diagnostics.sorted().map((d) => d.code)).toEqual([]);
  });

  it("equals the routes the server Glue composes holds (server.table()), each refused without one of its scopes", async () => {
    const result = await indexOf("hapi-glue");
    const server = await compose();
    const served = server.table().map((r) => `${r.method.toUpperCase()} ${r.path}`);
    expect(result.index.operations.map((o) => `${o.method} ${o.path}`).sort()).toEqual(served.sort());
    expect(await hapiRefusals(server, result.index.operations)).toBe(5);
  });

  it("a plugin list the criteria choose at run time is said (APX210), and the config's env decides it", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "apidex-glue-"));
    try {
      cpSync(fixture("hapi-glue"), dir, { recursive: true });
      const manifest = path.join(dir, "manifest.js");
      writeFileSync(
        manifest,
        readFileSync(manifest, "utf8")
          .replace("plugins: [", `plugins: { $filter: "env", production: [{ plugin: "./server/api/health" }], $default: [`)
          .replace(`      "./server/api/health",\n    ],`, `      "./server/api/health",\n    ] },`),
      );
      const unknownEnv = await generate(await loadConfig({ cwd: dir, root: dir }));
      expect(unknownEnv.index.operations).toEqual([]);
      const warning = unknownEnv.diagnostics.sorted().find((d) => d.code === "APX210");
      expect(warning?.message).toMatch(/Confidence filter `env`/);
      const production = await generate({ ...(await loadConfig({ cwd: dir, root: dir })), env: { NODE_ENV: "production" } });
      expect(production.index.operations.map((o) => `${o.method} ${o.path}`)).toEqual(["GET /v1/health"]);
      const development = await generate({ ...(await loadConfig({ cwd: dir, root: dir })), env: {} });
      expect(development.index.operations).toHaveLength(6);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("tRPC and trpc-to-openapi", () => {
  const src = (...parts: string[]) => pathToFileURL(path.join(fixture("trpc"), "src", ...parts)).href;

  it("matches the golden index", async () => {
    const result = await indexOf("trpc");
    expect(canonicalJson(result.index)).toBe(readFileSync(path.join(fixture("trpc"), "expected-operations.json"), "utf8"));
  });

  it("indexes what the router itself holds: every procedure at its tRPC endpoint, the OpenAPI ones at trpc-to-openapi's paths", async () => {
    const result = await indexOf("trpc");
    const { appRouter } = (await import(src("server", "root.ts"))) as {
      appRouter: { _def: { procedures: Record<string, { _def: { type: string } }> } };
    };
    const { generateOpenApiDocument } = await import("trpc-to-openapi");
    const expected = Object.entries(appRouter._def.procedures).map(
      ([key, p]) => `${p._def.type === "mutation" ? "POST" : "GET"} /api/trpc/${key}`,
    );
    const document = generateOpenApiDocument(appRouter as never, { title: "fixture", version: "1", baseUrl: "http://127.0.0.1/rest" });
    for (const [p, item] of Object.entries(document.paths ?? {}))
      for (const method of Object.keys(item as object)) expected.push(`${method.toUpperCase()} /rest${p}`);
    expect(result.index.operations.map((o) => `${o.method} ${o.path}`).sort()).toEqual(expected.sort());
  });

  it("documents the REST operations' parameters, bodies and responses as trpc-to-openapi's own document does", async () => {
    const result = await indexOf("trpc");
    const { appRouter } = (await import(src("server", "root.ts"))) as { appRouter: unknown };
    const { generateOpenApiDocument } = await import("trpc-to-openapi");
    const theirs = generateOpenApiDocument(appRouter as never, {
      title: "fixture",
      version: "1",
      baseUrl: "http://127.0.0.1/rest",
    }) as unknown as {
      paths: Record<string, Record<string, OpenApiOperationLike>>;
    };
    const ours = JSON.parse(String(result.files.find((f) => f.name === "openapi-public.json")!.content)) as {
      paths: Record<string, Record<string, OpenApiOperationLike>>;
    };
    // What each side says of an operation: its parameters by place, and the property names of its JSON
    // request body and 200 response (with the required ones).
    const outline = (op: OpenApiOperationLike) => {
      const props = (schema: { properties?: object; required?: string[]; items?: { properties?: object } } | undefined) =>
        schema ? [Object.keys(schema.properties ?? schema.items?.properties ?? {}).sort(), [...(schema.required ?? [])].sort()] : null;
      return {
        parameters: (op.parameters ?? []).map((p) => `${p.in}:${p.name}`).sort(),
        body: props(op.requestBody?.content?.["application/json"]?.schema),
        response: props(op.responses?.["200"]?.content?.["application/json"]?.schema),
      };
    };
    const compared: string[] = [];
    for (const [p, item] of Object.entries(theirs.paths))
      for (const [method, op] of Object.entries(item)) {
        compared.push(`${method} ${p}`);
        expect([method, p, outline(ours.paths[`/rest${p}`]![method]!)]).toEqual([method, p, outline(op)]);
      }
    expect(compared.length).toBe(4);
  });

  it("each operation answers with its permission keys and refuses without any one of them, over real HTTP", async () => {
    const result = await indexOf("trpc");
    const { buildApp } = (await import(src("server.ts"))) as {
      buildApp: () => { listen: (port: number, host: string, cb: () => void) => import("node:http").Server };
    };
    const { GET, POST } = (await import(src("app", "api", "trpc", "[trpc]", "route.ts"))) as Record<
      string,
      (r: Request) => Promise<Response>
    >;
    const server = await new Promise<import("node:http").Server>((resolve) => {
      const s = buildApp().listen(0, "127.0.0.1", () => resolve(s));
    });
    const { port } = server.address() as import("node:net").AddressInfo;
    // Inputs the procedures take, by the last key of their tRPC path or REST path parameter.
    const input = (op: { path: string }) => (/byId|void|record|\{id\}/.test(op.path) ? { id: "inv_1", amount: 5 } : undefined);
    const call = async (op: { method: string; path: string }, keys: string[]): Promise<number> => {
      const headers = { "x-permissions": keys.join(","), "content-type": "application/json" };
      if (op.path.startsWith("/rest/")) {
        const body = op.method === "POST" ? JSON.stringify({ amount: 5 }) : undefined;
        return (
          await fetch(`http://127.0.0.1:${port}${op.path.replace("{id}", "inv_1")}`, {
            method: op.method,
            headers,
            ...(body ? { body } : {}),
          })
        ).status;
      }
      const value = input(op);
      const url = `http://127.0.0.1${op.path}${op.method === "GET" && value ? `?input=${encodeURIComponent(JSON.stringify(value))}` : ""}`;
      const request = new Request(url, {
        method: op.method,
        headers,
        ...(op.method === "POST" ? { body: JSON.stringify(value ?? null) } : {}),
      });
      return (await (op.method === "GET" ? GET : POST)!(request)).status;
    };
    try {
      const checked = result.index.operations.filter((o) => !o.path.endsWith("/ticks"));
      for (const op of checked) {
        expect([op.method, op.path, await call(op, op.permissions.length ? op.permissions : [])]).toEqual([op.method, op.path, 200]);
        for (const key of op.permissions)
          expect([op.method, op.path, key, await call(op, ["other.key", ...op.permissions.filter((k) => k !== key)])]).toEqual([
            op.method,
            op.path,
            key,
            403,
          ]);
      }
      expect(checked.filter((o) => o.permissions.length).length).toBeGreaterThan(4);
    } finally {
      server.close();
    }
  });
});

describe("a project that mixes frameworks", () => {
  it("extracts every framework it imports", async () => {
    const { generateFrom } = await import("./helpers/in-memory.js");
    const result = await generateFrom({
      "express-app.ts": `import express from "express"; const app = express(); app.get("/e", (q, s) => s.end());`,
      "hono-app.ts": `import { Hono } from "hono"; export const h = new Hono(); h.get("/h", (c) => c.text("x"));`,
      "koa-app.ts": `import Koa from "koa"; import Router from "@koa/router"; const app = new Koa(); const r = new Router({ prefix: "/k" }); r.get("/", (ctx) => {}); app.use(r.routes());`,
      "fastify-app.ts": `import Fastify from "fastify"; const app = Fastify(); app.get("/f", async () => "x");`,
    });
    expect(result.index.operations.map((o) => `${o.method} ${o.path}`)).toEqual(["GET /e", "GET /f", "GET /h", "GET /k"]);
  });
});

describe("Next.js App Router", () => {
  it("matches the golden index", async () => {
    const result = await indexOf("next");
    expect(canonicalJson(result.index)).toBe(readFileSync(path.join(fixture("next"), "expected-operations.json"), "utf8"));
  });

  it("equals the routes Next resolves from the route files and their method exports", async () => {
    const result = await indexOf("next");
    // Next's documented resolution of app paths: route groups vanish, the /route suffix goes, private
    // (_folder) segments are not routed. Written here independently of the adapter.
    const normalizeAppPath = (p: string) =>
      p
        .split("/")
        .filter((s) => s && !/^\(.*\)$/.test(s) && !s.startsWith("@"))
        .slice(0, -1)
        .reduce((acc, s) => `${acc}/${s}`, "") || "/";
    const files = fg.sync(["app/**/route.ts"], { cwd: fixture("next") }).filter((f) => !f.split("/").some((s) => s.startsWith("_")));
    const runtime: string[] = [];
    for (const file of files) {
      const route = normalizeAppPath(`/${file.replace(/^app\//, "").replace(/\.ts$/, "")}`);
      const mod = (await import(pathToFileURL(path.join(fixture("next"), file)).href)) as Record<string, unknown>;
      const methods = Object.keys(mod).filter(
        (k) => ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"].includes(k) && typeof mod[k] === "function",
      );
      const optional = /\/\[\[\.\.\.(\w+)\]\]$/.exec(route);
      const variants = optional ? [route.slice(0, optional.index) || "/", route.replace(/\[\[\.\.\.(\w+)\]\]$/, "{$1}")] : [route];
      for (const variant of variants) {
        const openapi = variant.replace(/\[\.\.\.(\w+)\]/g, "{$1}").replace(/\[(\w+)\]/g, "{$1}");
        for (const method of methods) runtime.push(`${method} ${openapi}`);
      }
    }
    expect(runtime.sort()).toEqual(result.index.operations.map((o) => `${o.method} ${o.path}`).sort());
  });
});

describe("NestJS", () => {
  const nestConfig = () => loadConfig({ cwd: REPO_ROOT, configFile: path.join(fixture("nest"), "apidex.config.mjs") });

  it("matches the golden index", async () => {
    const result = await generate(await nestConfig());
    expect(result.diagnostics.errors).toEqual([]);
    expect(canonicalJson(result.index)).toBe(readFileSync(path.join(fixture("nest"), "expected-operations.json"), "utf8"));
  });

  it("equals the routes Nest registers on its HTTP adapter, with the bootstrap's prefix and versioning", async () => {
    const result = await generate(await nestConfig());
    const runtime = await nestRuntimeRoutes(fixture("nest"));
    expect([...new Set(runtime)].sort()).toEqual(result.index.operations.map((o) => `${o.method} ${o.path}`).sort());
  });
});

describe("routing-controllers", () => {
  it("matches the golden index", async () => {
    const result = await indexOf("routing-controllers");
    expect(canonicalJson(result.index)).toBe(readFileSync(path.join(fixture("routing-controllers"), "expected-operations.json"), "utf8"));
  });

  it("equals the routes routing-controllers registers on Express, and each passes with exactly its keys over HTTP", async () => {
    const result = await indexOf("routing-controllers");
    const { buildApp } = (await import(pathToFileURL(path.join(fixture("routing-controllers"), "src", "app.ts")).href)) as {
      buildApp: () => Parameters<typeof disagreementsWithRuntime>[0];
    };
    expect(await disagreementsWithRuntime(buildApp(), result.index.operations)).toEqual([]);
  });
});

describe("ts-rest on Express (@ts-rest/express)", () => {
  it("matches the golden index", async () => {
    const result = await indexOf("ts-rest");
    expect(canonicalJson(result.index)).toBe(readFileSync(path.join(fixture("ts-rest"), "expected-operations.json"), "utf8"));
  });

  it("equals the routes createExpressEndpoints registers on Express, and each passes with exactly its keys over HTTP", async () => {
    const result = await indexOf("ts-rest");
    const { buildApp } = (await import(pathToFileURL(path.join(fixture("ts-rest"), "src", "server.ts")).href)) as {
      buildApp: () => Parameters<typeof disagreementsWithRuntime>[0];
    };
    expect(await disagreementsWithRuntime(buildApp(), result.index.operations)).toEqual([]);
  });

  it("indexes every route of the served contracts, as ts-rest itself lists them, and no route of a contract nothing serves", async () => {
    const result = await indexOf("ts-rest");
    const { contract, adminContract } = (await import(
      pathToFileURL(path.join(fixture("ts-rest"), "src", "contract", "index.ts")).href
    )) as Record<string, object>;
    const expected: string[] = [];
    const walk = (router: object, prefix: string) => {
      for (const value of Object.values(router) as Record<string, unknown>[])
        if ("method" in value && "path" in value) expected.push(`${value.method} ${toOpenApi(prefix + String(value.path))}`);
        else walk(value, prefix);
    };
    walk(contract!, "");
    walk(adminContract!, "/admin");
    expect(result.index.operations.map((o) => `${o.method} ${o.path}`).sort()).toEqual(expected.sort());
    // The summaries and descriptions of the contract document the operations.
    const get = result.operations.find((o) => o.method === "GET" && o.path === "/api/posts/{id}")!;
    expect([get.doc?.summary, get.doc?.description, get.documented]).toEqual(["Get a post", "Reads one post by its id.", true]);
  });
});

describe("router files (a folder of router modules mounted at their paths, config routerFiles)", () => {
  const config = () => loadConfig({ cwd: REPO_ROOT, configFile: path.join(fixture("router-files"), "apidex.config.mjs") });

  it("matches the golden index", async () => {
    const result = await generate(await config());
    expect(result.diagnostics.errors).toEqual([]);
    expect(canonicalJson(result.index)).toBe(readFileSync(path.join(fixture("router-files"), "expected-operations.json"), "utf8"));
  });

  it("equals the routes the fixture's own loader mounts on Express, and each passes with exactly its keys over HTTP", async () => {
    const result = await generate(await config());
    const { buildApp } = (await import(pathToFileURL(path.join(fixture("router-files"), "src", "app.ts")).href)) as {
      buildApp: () => Promise<Parameters<typeof disagreementsWithRuntime>[0]>;
    };
    expect(await disagreementsWithRuntime(await buildApp(), result.index.operations)).toEqual([]);
  });
});

describe("NestJS bootstrap from config", () => {
  it("takes the global prefix and URI versioning from the config over the bootstrap file", async () => {
    const config = await loadConfig({ cwd: REPO_ROOT, configFile: path.join(fixture("nest"), "apidex.config.mjs") });
    const result = await generate({
      ...config,
      nest: { ...config.nest, globalPrefix: "public", uriVersioning: { defaultVersion: "3", prefix: "version-" } },
    });
    const paths = result.index.operations.map((o) => o.path);
    expect(paths).toContain("/public/version-3/customers");
    expect(paths).toContain("/public/version-2/invoices");
    expect(paths.every((p) => p.startsWith("/public/version-"))).toBe(true);
  });
});

describe("shapes outside Express", () => {
  it("reads Fastify's route generic: Params, Body and per-status Reply", async () => {
    const result = await indexOf("fastify");
    const op = (result.openapi as { paths: Record<string, Record<string, any>> }).paths["/v1/invoices/{invoice_id}/send"]!.post;
    expect(op.requestBody.content["application/json"].schema).toEqual({ $ref: "#/components/schemas/SendBody" });
    expect(op.responses["200"].content["application/json"].schema).toEqual({ $ref: "#/components/schemas/Sent" });
    expect((result.openapi as { components: { schemas: Record<string, unknown> } }).components.schemas.SendBody).toEqual({
      type: "object",
      properties: { to: { type: "string", description: "Where to send it instead of the customer's address." } },
    });
  });

  it("reads a Nest method's return type, with 201 for POST", async () => {
    const result = await generate(await loadConfig({ cwd: REPO_ROOT, configFile: path.join(fixture("nest"), "apidex.config.mjs") }));
    const op = (result.openapi as { paths: Record<string, Record<string, any>> }).paths["/api/v1/invoices/{invoice_id}/void"]!.post;
    expect(Object.keys(op.responses)).toEqual(["201", "401", "403"]);
    expect(op.responses["201"].content["application/json"].schema).toEqual({
      type: "object",
      properties: { id: { type: "string" }, status: { type: "string" } },
      required: ["id", "status"],
    });
  });
});

/** The parts of an OpenAPI operation the tRPC shape comparison reads. */
interface OpenApiOperationLike {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: object; required?: string[] } }> };
  responses?: Record<
    string,
    { content?: Record<string, { schema?: { properties?: object; required?: string[]; items?: { properties?: object } } }> }
  >;
}
