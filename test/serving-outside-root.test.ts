import { describe, expect, it } from "vitest";
import { generate } from "../generator/generate.js";
import { sourceSetFromMemory } from "../generator/scan/source-set.js";
import { diagnosticLines, type InMemoryCase, MEMORY_ROOT, memoryConfig, routeLines } from "./helpers/in-memory.js";

/**
 * A serving call (ts-rest's fetchRequestHandler, a trpc-to-openapi handler) in a workspace package outside
 * `--root`, imported by the app: the scan analyses only the app's files, as on disk (the package's files are
 * parsed when an import needs them), and the adapters find the call all the same.
 */
async function generateApp(files: Record<string, string>) {
  const sources = sourceSetFromMemory(files, MEMORY_ROOT);
  sources.files = sources.files.filter((file) => file.fileName.startsWith(`${MEMORY_ROOT}/`));
  return generate(memoryConfig(), sources);
}

const cases: InMemoryCase[] = [
  {
    name: "ts-rest: a Hono sub-app of a workspace package mounting fetchRequestHandler",
    files: {
      "src/index.ts": `import { Hono } from "hono";\nimport { v1 } from "../../packages/api/hono";\nconst app = new Hono();\napp.route("/api/v1", v1);\nexport default app;\n`,
      "../packages/api/contract.ts": `import { initContract } from "@ts-rest/core";\nconst c = initContract();\nexport const contract = c.router({\n  listNotes: { method: "GET", path: "/api/v1/notes", responses: { 200: c.type<string[]>() } },\n  getNote: { method: "GET", path: "/api/v1/notes/:id", responses: { 200: c.type<string>() } },\n});\n`,
      "../packages/api/impl.ts": `import { tsr } from "@ts-rest/serverless/fetch";\nimport { contract } from "./contract";\nexport const impl = tsr.router(contract, {\n  listNotes: async () => ({ status: 200, body: [] }),\n  getNote: async () => ({ status: 200, body: "x" }),\n});\n`,
      "../packages/api/hono.ts": `import { Hono } from "hono";\nimport { fetchRequestHandler } from "@ts-rest/serverless/fetch";\nimport { contract } from "./contract";\nimport { impl } from "./impl";\nexport const v1 = new Hono();\nv1.get("/ping", (c) => c.text("pong"));\nv1.mount("/", async (request) => fetchRequestHandler({ request, contract, router: impl, options: {} }));\n`,
    },
    routes: ["GET /api/v1/notes []", "GET /api/v1/notes/{id} []", "GET /api/v1/ping []"],
  },
  {
    name: "trpc-to-openapi: a handler of a workspace package the app calls",
    files: {
      "src/index.ts": `import { Hono } from "hono";\nimport { v2Handler } from "../../packages/api/v2";\nconst app = new Hono();\napp.get("/health", (c) => c.text("ok"));\napp.use("/api/v2/*", async (c) => v2Handler(c));\nexport default app;\n`,
      "../packages/api/router.ts": `import { initTRPC } from "@trpc/server";\nconst t = initTRPC.create();\nexport const appRouter = t.router({\n  list: t.procedure.meta({ openapi: { method: "GET", path: "/widgets" } }).query(() => []),\n});\n`,
      "../packages/api/v2.ts": `import { createOpenApiFetchHandler } from "trpc-to-openapi";\nimport { appRouter } from "./router";\nconst V2 = "/api/v2";\nexport const v2Handler = async (c: { req: { raw: Request } }) =>\n  createOpenApiFetchHandler({ endpoint: V2, router: appRouter, req: c.req.raw, createContext: () => ({}) });\n`,
    },
    routes: ["GET /api/v2/widgets []", "GET /health []"],
  },
  {
    // One walk of the imports serves both adapters that look outside (each for its own package).
    name: "ts-rest and trpc-to-openapi, each in its own workspace package, in one app",
    files: {
      "src/index.ts": `import { Hono } from "hono";\nimport { v1 } from "../../packages/rest/hono";\nimport { v2Handler } from "../../packages/trpc/v2";\nconst app = new Hono();\napp.route("/api/v1", v1);\napp.use("/api/v2/*", async (c) => v2Handler(c));\nexport default app;\n`,
      "../packages/rest/contract.ts": `import { initContract } from "@ts-rest/core";\nconst c = initContract();\nexport const contract = c.router({\n  listNotes: { method: "GET", path: "/api/v1/notes", responses: { 200: c.type<string[]>() } },\n});\n`,
      "../packages/rest/hono.ts": `import { Hono } from "hono";\nimport { fetchRequestHandler, tsr } from "@ts-rest/serverless/fetch";\nimport { contract } from "./contract";\nconst impl = tsr.router(contract, { listNotes: async () => ({ status: 200, body: [] }) });\nexport const v1 = new Hono();\nv1.mount("/", async (request) => fetchRequestHandler({ request, contract, router: impl, options: {} }));\n`,
      "../packages/trpc/router.ts": `import { initTRPC } from "@trpc/server";\nconst t = initTRPC.create();\nexport const appRouter = t.router({\n  list: t.procedure.meta({ openapi: { method: "GET", path: "/widgets" } }).query(() => []),\n});\n`,
      "../packages/trpc/v2.ts": `import { createOpenApiFetchHandler } from "trpc-to-openapi";\nimport { appRouter } from "./router";\nexport const v2Handler = async (c: { req: { raw: Request } }) =>\n  createOpenApiFetchHandler({ endpoint: "/api/v2", router: appRouter, req: c.req.raw, createContext: () => ({}) });\n`,
    },
    routes: ["GET /api/v1/notes []", "GET /api/v2/widgets []"],
  },
];

describe("serving calls outside the root", () => {
  it.each(cases)("$name", async ({ files, routes }) => {
    const result = await generateApp(files);
    expect(routeLines(result)).toEqual([...routes].sort());
    expect(diagnosticLines(result)).toEqual([]);
  });
});
