import { describe, expect, it } from "vitest";
import { diagnosticLines, generateFrom, routeLines } from "./helpers/in-memory.js";

/**
 * Patterns of real Koa / hapi / restify / Elysia services the corpus revealed (bench/realworld/services.ts),
 * each read by the shared interpreter or model; every case fails without its fix.
 */

const KOA_PACKAGE = JSON.stringify({ name: "svc", dependencies: { koa: "2.15.4", "@koa/router": "12.0.2" } });

/** A module whose exported start() registers the routes, run behind an entry guard (Rafiki's auth server). */
function guarded(guard: string): Record<string, string> {
  return {
    "package.json": KOA_PACKAGE,
    "src/index.ts": `import Koa from "koa";
import Router from "@koa/router";
export async function start(port: number) {
  const koa = new Koa();
  const router = new Router();
  router.get("/items", (ctx) => { ctx.body = []; });
  koa.use(router.routes());
  koa.listen(port);
}
${guard}
`,
  };
}

describe("entry guards: the service as started", () => {
  it.each([
    ["if (require.main === module) start(3000);"],
    ["if (module === require.main) { void start(3000); }"],
    ["if (!module.parent) {\n  start(3000).catch(() => process.exit(1));\n}"],
    ["if (import.meta.main) await start(3000);"],
    ["if (require.main !== module) {} else start(3000);"],
  ])("%s: the routes are the service's, not conditional (no APX217)", async (guard) => {
    const result = await generateFrom(guarded(guard));
    expect(routeLines(result)).toEqual(["GET /items []"]);
    expect(diagnosticLines(result)).toEqual([]);
  });

  it("a local `module` is no entry guard: still a condition apidex cannot read", async () => {
    const result = await generateFrom(guarded("const module = { parent: globalThis.process };\nif (!module.parent) start(3000);"));
    expect(routeLines(result)).toEqual(["GET /items [] unresolved(registration)"]);
    expect(diagnosticLines(result)).toEqual(["APX217 src/index.ts:11"]);
  });
});

describe("apps a factory makes once per server", () => {
  const files = {
    "package.json": KOA_PACKAGE,
    "src/app.ts": `import Koa from "koa";
import Router from "@koa/router";
export class App {
  async startPublic(port: number) {
    const koa = this.createServer();
    const router = new Router();
    router.get("/healthz", (ctx) => { ctx.body = "ok"; });
    router.get("/items", (ctx) => { ctx.body = []; });
    koa.use(router.routes());
    koa.listen(port);
  }
  async startAdmin(port: number) {
    const koa = this.createServer();
    const router = new Router();
    router.get("/healthz", (ctx) => { ctx.body = "ok"; });
    router.post("/tenants", (ctx) => { ctx.body = {}; });
    koa.use(router.routes());
    koa.listen(port);
  }
  private createServer(): Koa {
    return new Koa();
  }
}
`,
    "src/index.ts": `import { App } from "./app";
const app = new App();
export async function start() {
  await app.startPublic(3000);
  await app.startAdmin(3001);
}
start();
`,
  };

  it("are separate servers: a path both serve is not a registration shadowing another (APX403 says so)", async () => {
    const result = await generateFrom(files);
    expect(routeLines(result)).toEqual(["GET /healthz []", "GET /items []", "POST /tenants []"]);
    expect(diagnosticLines(result)).toEqual(["APX403 src/app.ts:15"]);
    const shadow = result.diagnostics.sorted().find((d) => d.code === "APX403");
    expect(shadow?.message).toContain("served by two apps of this project");
  });

  it("one app of the factory registering a path twice still shadows", async () => {
    const result = await generateFrom({
      ...files,
      "src/index.ts": files["src/index.ts"].replace("await app.startAdmin(3001);", ""),
      "src/app.ts": files["src/app.ts"].replace(
        'router.get("/items"',
        'router.get("/healthz", (ctx) => { ctx.body = "2"; });\n    router.get("/items"',
      ),
    });
    // (startAdmin is not called: its registrations are reported unreached.)
    expect(diagnosticLines(result)).toEqual([
      "APX403 src/app.ts:8",
      "APX210 src/app.ts:16",
      "APX210 src/app.ts:17",
      "APX210 src/app.ts:18",
    ]);
    const shadow = result.diagnostics.sorted().find((d) => d.code === "APX403");
    expect(shadow?.message).toContain("is registered twice");
  });
});
