import { readFileSync } from "node:fs";
import path from "node:path";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../generator/config/load-config.js";
import { generate } from "../generator/generate.js";
import { canonicalJson } from "../generator/write/canonical-json.js";
import { diagnosticLines, generateFrom, type InMemoryCase, routeLines } from "./helpers/in-memory.js";
import { expectKeysEnforced, fastifyRuntime, keyRequests } from "./helpers/fastify-runtime.js";
import { REPO_ROOT } from "./helpers/repo.js";

/**
 * Fastify shapes met in real services (the corpus' supabase/storage and others): route options given as the
 * one argument after the path (Fastify takes the handler from them), relative prefixes, options spread into
 * `register`. A fixture checked against the real Fastify, and the rules one by one on in-memory projects.
 */
const fixture = path.join(REPO_ROOT, "test", "fixtures", "fastify-more");

describe("the fastify-more fixture", () => {
  it("matches the golden index", async () => {
    const result = await generate(await loadConfig({ cwd: REPO_ROOT, root: fixture }));
    expect(canonicalJson(result.index)).toBe(readFileSync(path.join(fixture, "expected-operations.json"), "utf8"));
  });

  it("equals the routes the real Fastify registers, and each needs exactly its keys", async () => {
    const result = await generate(await loadConfig({ cwd: REPO_ROOT, root: fixture }));
    const ops = result.index.operations;
    const { routes, statuses } = fastifyRuntime(path.join(fixture, "src", "app.ts"), "build", keyRequests(ops));
    // A prefix's own route (`get("/")` under `bucket`) is served at `/bucket` and `/bucket/`: one operation.
    const served = [...new Set(routes.map((r) => r.replace(/:(\w+)/g, "{$1}").replace(/(.)\/$/, "$1")))].sort();
    expect(served).toEqual(ops.map((o) => `${o.method} ${o.path}`).sort());
    expectKeysEnforced(ops, statuses);
  });

  it("documents a route from the schema in its options", async () => {
    const result = await generate(await loadConfig({ cwd: REPO_ROOT, root: fixture }));
    const list = result.index.operations.find((o) => o.method === "GET" && o.path === "/bucket");
    expect(list?.summary).toBe("List buckets");
  });
});

const AUTH = `export const requirePermission = (key: string) => async (request: unknown, reply: unknown) => {};\n`;
const server = (...lines: string[]) =>
  [`import Fastify from "fastify"; import { requirePermission } from "./auth";`, `const app = Fastify();`, ...lines].join("\n");

const cases: InMemoryCase[] = [
  {
    name: "route options as the one argument after the path: their hooks gate the route, the handler is theirs",
    files: {
      "auth.ts": AUTH,
      "server.ts": server(
        `app.get("/a", { preHandler: requirePermission("a.read"), handler: async () => 1 });`,
        `app.post("/b", { onRequest: [requirePermission("b.write")], preValidation: requirePermission("b.check"), handler: async () => 1 });`,
        `const options = { preHandler: [requirePermission("c.delete")], handler: async () => 1 };`,
        `app.delete("/c", options);`,
      ),
    },
    routes: ["DELETE /c [c.delete]", "GET /a [a.read]", "POST /b [b.check,b.write]"],
  },
  {
    name: "a handler written as the one argument stays the handler (its calls are read)",
    files: {
      "auth.ts": AUTH,
      "server.ts": server(
        `const handler = async () => { await requirePermission("h.read")({}, {}); return 1; };`,
        `app.get("/h", handler);`,
      ),
    },
    routes: ["GET /h [h.read]"],
  },
  {
    name: "options spread into register: the prefix is still read, with or without its leading slash",
    files: {
      "server.ts": [
        `import Fastify from "fastify";`,
        `const app = Fastify();`,
        `const shared = { logLevel: "warn" };`,
        `app.register(async (f) => { f.get("/", { handler: async () => [] }); f.get("/:id", async () => ({})); }, { ...shared, prefix: "bucket" });`,
      ].join("\n"),
    },
    routes: ["GET /bucket []", "GET /bucket/{id} []"],
  },
];

describe("Fastify route and plugin shapes", () => {
  it.each(cases)("$name", async ({ files, routes, diagnostics }) => {
    const result = await generateFrom(files);
    expect(routeLines(result)).toEqual([...routes].sort());
    expect(diagnosticLines(result)).toEqual(diagnostics ?? []);
  });
});

describe("Fastify shared schemas (addSchema)", () => {
  const files = (route: string) => ({
    "schemas.ts": [
      `export const authSchema = {`,
      `  $id: "authSchema",`,
      `  type: "object",`,
      `  properties: { authorization: { type: "string" }, "x-tenant": { type: "string" } },`,
      `  required: ["authorization"],`,
      `} as const;`,
    ].join("\n"),
    "app.ts": [
      `import Fastify from "fastify"; import * as schemas from "./schemas"; import routes from "./routes";`,
      `const app = Fastify();`,
      `app.addSchema(schemas.authSchema);`,
      `app.addSchema({ $id: "thing", type: "object", properties: { name: { type: "string" }, size: { type: "integer" } }, required: ["name"] });`,
      `app.register(routes, { prefix: "/things" });`,
    ].join("\n"),
    "routes.ts": [
      `import type { FastifyInstance } from "fastify";`,
      `export default async function routes(fastify: FastifyInstance) {`,
      `  /** Create a thing`,
      `   * @documented */`,
      `  ${route}`,
      `}`,
    ].join("\n"),
  });

  it("a $ref to a schema registered with addSchema() in another file is that schema (the whole, or a part by pointer)", async () => {
    const result = await generateFrom(
      files(
        `fastify.post("/", { schema: { headers: { $ref: "authSchema#" }, body: { $ref: "thing#", description: "The thing" }, response: { 200: { $ref: "thing#/properties/size" } } } }, async () => 1);`,
      ),
    );
    expect(diagnosticLines(result)).toEqual([]);
    const post = (result.openapi as any).paths["/things"].post;
    // (An `authorization` header is no parameter in OpenAPI, which leaves it to the security schemes.)
    expect(
      post.parameters
        .filter((p: { in: string }) => p.in === "header")
        .map((p: { name: string; required: boolean }) => [p.name, p.required]),
    ).toEqual([["x-tenant", false]]);
    expect(post.requestBody.content["application/json"].schema).toEqual({
      type: "object",
      properties: { name: { type: "string" }, size: { type: "integer" } },
      required: ["name"],
      description: "The thing",
    });
    expect(post.responses["200"].content["application/json"].schema).toEqual({ type: "integer" });
  });

  it("the real Fastify validates with the registered schema the $ref names (what the document says is required is)", async () => {
    const app = Fastify();
    app.addSchema({ $id: "authSchema", type: "object", properties: { authorization: { type: "string" } }, required: ["authorization"] });
    app.addSchema({
      $id: "thing",
      type: "object",
      properties: { name: { type: "string" }, size: { type: "integer" } },
      required: ["name"],
    });
    app.post("/things", { schema: { headers: { $ref: "authSchema#" }, body: { $ref: "thing#" } } }, async () => ({ ok: true }));
    app.get(
      "/things/:size",
      { schema: { params: { type: "object", properties: { size: { $ref: "thing#/properties/size" } } } } },
      async () => 1,
    );
    const send = (headers: Record<string, string>, payload: unknown) =>
      app.inject({ method: "POST", url: "/things", headers, payload: payload as object });
    expect((await send({ authorization: "Bearer x" }, { name: "a" })).statusCode).toBe(200);
    expect((await send({ authorization: "Bearer x" }, { size: 1 })).statusCode).toBe(400);
    expect((await send({}, { name: "a" })).statusCode).toBe(400);
    expect((await app.inject({ method: "GET", url: "/things/3" })).statusCode).toBe(200);
    expect((await app.inject({ method: "GET", url: "/things/big" })).statusCode).toBe(400);
    await app.close();
  });

  it("a $ref no addSchema() registers, or a pointer into nothing, stays a warning", async () => {
    const result = await generateFrom(
      files(
        `fastify.post("/", { schema: { body: { $ref: "missing#" }, querystring: { $ref: "thing#/properties/nope" } } }, async () => 1);`,
      ),
    );
    expect(diagnosticLines(result)).toEqual(["APX505 routes.ts:5", "APX505 routes.ts:5"]);
  });
});

describe("Fastify route schema's consumes (@fastify/swagger)", () => {
  const body = `body: { type: "object", properties: { title: { type: "string" } } }`;
  it.each<[string, string, string]>([
    ["a form it names is the body's media type", `consumes: ["multipart/form-data"], ${body}`, "multipart/form-data"],
    [
      "the first of several forms",
      `consumes: ["application/x-www-form-urlencoded", "multipart/form-data"], ${body}`,
      "application/x-www-form-urlencoded",
    ],
    ["JSON among them keeps JSON", `consumes: ["application/json", "multipart/form-data"], ${body}`, "application/json"],
    ["none: JSON", body, "application/json"],
  ])("%s", async (_name, schema, mediaType) => {
    const result = await generateFrom({
      "app.ts": `import Fastify from "fastify";\nconst app = Fastify();\n/** Upload a document\n * @documented */\napp.post("/docs", { schema: { ${schema} } }, async () => ({}));\n`,
    });
    expect(diagnosticLines(result)).toEqual([]);
    const doc = result.openapi as unknown as {
      paths: Record<string, Record<string, { requestBody: { content: Record<string, unknown> } }>>;
    };
    expect(Object.keys(doc.paths["/docs"]!.post!.requestBody.content)).toEqual([mediaType]);
  });
});
