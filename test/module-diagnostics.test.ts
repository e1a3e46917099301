import { describe, expect, it } from "vitest";
import { diagnosticLines, generateFrom, routeLines } from "./helpers/in-memory.js";

/**
 * What a module's own code says is said, whoever first reads the module. Found in data.jsdelivr.com: its v1
 * router module was first evaluated while a `use()`'s arguments were read quietly for the checks their options
 * state, so every warning of the module's top level was dropped, a left-out route's included.
 */
describe("a module first read inside a quiet read still says what it says", () => {
  it('Koa: the router module first read through `root.use("/v1", v1.routes())` says its unreadable path (APX201)', async () => {
    const result = await generateFrom({
      "package.json": JSON.stringify({ name: "api", dependencies: { "@koa/router": "^12.0.0", koa: "^2.15.0" } }),
      "src/v1.ts": [
        `import Router from "@koa/router";`,
        `export const router = new Router();`,
        `router.get("/items/" + process.argv[2], async (ctx: any) => { ctx.body = 1; });`,
        `router.get("/ok", async (ctx: any) => { ctx.body = 1; });`,
      ].join("\n"),
      "src/app.ts": [
        `import Koa from "koa"; import Router from "@koa/router";`,
        `import { router as v1 } from "./v1";`,
        `const app = new Koa();`,
        `const root = new Router();`,
        `root.use("/v1", v1.routes(), v1.allowedMethods());`,
        `app.use(root.routes());`,
        `app.listen(3000);`,
      ].join("\n"),
    });
    expect(routeLines(result)).toEqual(["GET /v1/ok []"]);
    expect(diagnosticLines(result)).toEqual(["APX201 src/v1.ts:3"]);
  });
});

describe("a router handed to a package's function with handlers of the sources", () => {
  it.each(["express", "koa"])(
    "%s: `utils.koa.addRoutes(router, paths, ...handlers)` is said (APX210): the package may register them",
    async (framework) => {
      const app =
        framework === "express"
          ? `import express from "express";\nconst app = express();\nconst router = express.Router();\nconst handler = (req: any, res: any) => res.json([]);`
          : `import Koa from "koa"; import Router from "@koa/router";\nconst app = new Koa();\nconst router = new Router();\nconst handler = async (ctx: any) => { ctx.body = 1; };`;
      const result = await generateFrom({
        "package.json": JSON.stringify({
          name: "api",
          dependencies: { express: "^4.21.0", koa: "^2.15.0", "@koa/router": "^12.0.0", "elastic-apm-utils": "^1.0.0" },
        }),
        "src/app.ts": [
          app,
          `import utils from "elastic-apm-utils";`,
          `const routes: Record<string, { handlers: unknown[] }> = { "/a": { handlers: [handler] }, "/b": { handlers: [handler] } };`,
          `Object.entries(routes).forEach(([name, def]) => { utils.koa.addRoutes(router, [name], ...def.handlers); });`,
          `// A package given the router alone (a plugin's install) registers none of the sources' functions: nothing said.`,
          `utils.koa.instrument(router);`,
          framework === "express" ? `app.use(router);` : `app.use(router.routes());`,
          `app.listen(3000);`,
        ].join("\n"),
      });
      expect(routeLines(result)).toEqual([]);
      expect(diagnosticLines(result).filter((l) => l.startsWith("APX210"))).toEqual(["APX210 src/app.ts:7"]);
    },
  );
});

describe("the app handed to a package's function in its options", () => {
  it.each(["express", "koa"])(
    "%s: `rest.initialize({ app, db })`, called for what it does, is said (APX210): the package may register routes on it",
    async (framework) => {
      const app =
        framework === "express"
          ? `import express from "express";\nconst app = express();\napp.get("/health", (req: any, res: any) => res.end());`
          : `import Koa from "koa"; import Router from "@koa/router";\nconst app = new Koa();\nconst router = new Router();\nrouter.get("/health", async (ctx: any) => { ctx.body = 1; });\napp.use(router.routes());`;
      const result = await generateFrom({
        "package.json": JSON.stringify({
          name: "api",
          dependencies: { express: "^4.21.0", koa: "^2.15.0", "@koa/router": "^12.0.0", "model-rest": "^1.0.0", "tpl-engine": "^1.0.0" },
        }),
        "src/app.ts": [
          app,
          `import rest from "model-rest"; import engine from "tpl-engine";`,
          `const db = { models: [] };`,
          `rest.initialize({ app, db });`,
          `// The same handed with another name, awaited: still made for what it does.`,
          `async function start() { await rest.setup({ server: app }); }`,
          `start();`,
          `// A result kept is a value made from the app (a wrapper, a document), no registration: nothing said.`,
          `export const handler = engine.wrap({ app });`,
          `app.listen(3000);`,
        ].join("\n"),
      });
      expect(routeLines(result)).toEqual(["GET /health []"]);
      const line = framework === "express" ? 6 : 8;
      expect(diagnosticLines(result).filter((l) => l.startsWith("APX210"))).toEqual([
        `APX210 src/app.ts:${line}`,
        `APX210 src/app.ts:${line + 2}`,
      ]);
    },
  );
});
