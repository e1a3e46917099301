import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import SwaggerParser from "@apidevtools/swagger-parser";
import openapiTS, { astToString } from "openapi-typescript";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig, type ResolvedConfig } from "../generator/config/load-config.js";
import { mayRegisterRoutes } from "../generator/scan/route-hints.js";
import { diagnosticLines, generateFrom } from "./helpers/in-memory.js";
import { REPO_ROOT } from "./helpers/repo.js";

/**
 * Documentation where real projects keep it: @nestjs/swagger decorators, a project's own doc decorator,
 * Fastify route schemas, hono-openapi's describeRoute and @hono/zod-openapi's createRoute, path globs.
 * Each case is written the way such code is written; `docs` lists, per documented operation,
 * `METHOD path | summary | description | tags`, and `indexed` the operations left out of the OpenAPI.
 */
interface Case {
  name: string;
  files: Record<string, string>;
  config?: Partial<ResolvedConfig>;
  docs: string[];
  undocumented?: string[];
  diagnostics?: string[];
  ids?: Record<string, string>;
}

const NEST_SWAGGER = `export const ApiOperation = (o: object): MethodDecorator => () => {};
export const ApiTags = (...t: string[]): ClassDecorator & MethodDecorator => () => {};
export const ApiExcludeEndpoint = (disable?: boolean): MethodDecorator => () => {};
export const ApiExcludeController = (disable?: boolean): ClassDecorator => () => {};
export const ApiResponse = (o: object): MethodDecorator => () => {};
`;

const cases: Case[] = [
  {
    name: "@nestjs/swagger: @ApiOperation, @ApiTags on the controller and the method, @ApiExcludeEndpoint; JSDoc wins field by field",
    files: {
      "swagger.ts": NEST_SWAGGER,
      "users.controller.ts": [
        `import { Controller, Get, Post, Delete, Param } from "@nestjs/common";`,
        `import { ApiOperation, ApiTags, ApiExcludeEndpoint, ApiResponse } from "./swagger";`,
        `const TAG = "Users";`,
        `@ApiTags(TAG)`,
        `@Controller("users")`,
        `export class UsersController {`,
        `  @Get() @ApiOperation({ summary: "List users", description: "Every user of the workspace,\\nnewest first." })`,
        `  findAll(): string[] { return []; }`,
        `  /** Create a user */`,
        `  @Post() @ApiTags("Admin") @ApiOperation({ summary: "Creates a user", description: "Sends an invitation.", operationId: "createUser" })`,
        `  create() { return {}; }`,
        `  @Get(":id") @ApiOperation({ summary: "Get a user", deprecated: true })`,
        `  findOne(@Param("id") id: string) { return {}; }`,
        `  @Delete(":id") @ApiExcludeEndpoint() @ApiOperation({ summary: "Remove a user" })`,
        `  remove() { return {}; }`,
        `}`,
        `@Controller("teams")`,
        `export class TeamsController {`,
        `  @Get() @ApiResponse({ status: 200 }) list(): string[] { return []; }`,
        `  @Post() create() { return {}; }`,
        `}`,
      ].join("\n"),
    },
    docs: [
      "GET /teams | List teams | - | -",
      "GET /users | List users | Every user of the workspace,\nnewest first. | Users",
      "GET /users/{id} | Get a user | - | Users | deprecated",
      "POST /users | Create a user | Sends an invitation. | Admin,Users",
    ],
    undocumented: ["DELETE /users/{id}", "POST /teams"],
    ids: { "POST /users": "create_user" },
  },
  {
    name: "@ApiExcludeController keeps every route of the controller out of the OpenAPI, and in the index",
    files: {
      "swagger.ts": NEST_SWAGGER,
      "health.controller.ts": [
        `import { Controller, Get } from "@nestjs/common";`,
        `import { ApiExcludeController, ApiOperation } from "./swagger";`,
        `@ApiExcludeController()`,
        `@Controller("health")`,
        `export class HealthController {`,
        `  @Get() @ApiOperation({ summary: "Health" }) check() { return "ok"; }`,
        `}`,
      ].join("\n"),
    },
    docs: [],
    undocumented: ["GET /health"],
  },
  {
    name: "a project's own doc decorator, named in nest.docDecorators, with its own property names",
    files: {
      "doc.decorator.ts": `export const Doc = (o: { title: string; details?: string; group?: string[] }): MethodDecorator => () => {};\n`,
      "orders.controller.ts": [
        `import { Controller, Get, Post } from "@nestjs/common";`,
        `import { Doc } from "./doc.decorator";`,
        `@Controller("orders")`,
        `export class OrdersController {`,
        `  @Get() @Doc({ title: "List orders", details: "Paginated.", group: ["Orders"] }) list(): string[] { return []; }`,
        `  @Post() create() { return {}; }`,
        `}`,
      ].join("\n"),
    },
    config: { nest: { docDecorators: [{ name: "Doc", summary: "title", description: "details", tags: "group" }] } },
    docs: ["GET /orders | List orders | Paginated. | Orders"],
    undocumented: ["POST /orders"],
  },
  {
    name: "Fastify route schemas (shorthand options and route()), with hide",
    files: {
      "server.ts": [
        `import Fastify from "fastify";`,
        `const app = Fastify();`,
        `const listSchema = { summary: "List blocks", description: "Most recent first.", tags: ["Blocks"], querystring: { type: "object" } };`,
        `app.get("/blocks", { schema: listSchema }, async () => []);`,
        `app.route({ method: "POST", url: "/blocks", schema: { summary: "Submit a block", operationId: "submit_block", tags: ["Blocks"] }, handler: async () => ({}) });`,
        `app.get("/internal/metrics", { schema: { summary: "Metrics", hide: true } }, async () => "");`,
        `app.get("/plain", async () => "");`,
      ].join("\n"),
    },
    docs: ["GET /blocks | List blocks | Most recent first. | Blocks", "POST /blocks | Submit a block | - | Blocks"],
    undocumented: ["GET /internal/metrics", "GET /plain"],
    ids: { "POST /blocks": "submit_block" },
  },
  {
    name: "hono-openapi describeRoute() middleware, also held in a const, and @hono/zod-openapi createRoute()",
    files: {
      "app.ts": [
        `import { Hono } from "hono";`,
        `import { describeRoute } from "hono-openapi";`,
        `import { OpenAPIHono, createRoute, z } from "@hono/zod-openapi";`,
        `const app = new Hono();`,
        `const listDocs = describeRoute({ summary: "List monitors", tags: ["Monitors"] });`,
        `app.get("/monitors", listDocs, (c) => c.json([]));`,
        `app.post("/monitors", describeRoute({ description: "Create a monitor.\\n\\nChecks start within a minute." }), (c) => c.json({}));`,
        `app.delete("/monitors/:id", describeRoute({ summary: "Delete", hide: true }), (c) => c.body(null, 204));`,
        `app.get("/monitors/:id", describeRoute({}), (c) => c.json({}));`,
        `const api = new OpenAPIHono();`,
        `const getPage = createRoute({ method: "get", path: "/pages/{id}", summary: "Get a status page", tags: ["Pages"], responses: {} });`,
        `api.openapi(getPage, (c) => c.json({}));`,
        `api.openapi(createRoute({ method: "post", path: "/pages", responses: {} }), (c) => c.json({}));`,
        `app.route("/v1", api);`,
      ].join("\n"),
    },
    docs: [
      "GET /monitors | List monitors | - | Monitors",
      "GET /monitors/{id} | Get monitor | - | -",
      "GET /v1/pages/{id} | Get a status page | - | Pages",
      "POST /monitors | Create a monitor. | Checks start within a minute. | -",
      "POST /v1/pages | Create page | - | -",
    ],
    undocumented: ["DELETE /monitors/{id}"],
  },
  {
    name: "tsoa: every @Route controller method is in tsoa's spec (doc comment, @Tags of class and method, @OperationId, @Deprecated) unless @Hidden on it or its class",
    files: {
      "tsoa.json": JSON.stringify({ routes: { basePath: "/api" }, spec: { outputDirectory: "build" } }),
      "src/users.ts": [
        `import { Controller, Deprecated, Get, Hidden, OperationId, Path, Post, Route, Tags } from "tsoa";`,
        `@Route("users")`,
        `@Tags("Users")`,
        `export class UsersController extends Controller {`,
        `  /**`,
        `   * Get a user`,
        `   *`,
        `   * By its numeric id.`,
        `   */`,
        `  @Get("{userId}") @Tags("Profiles") @OperationId("readUser") public async getUser(@Path() userId: number) { return {}; }`,
        `  @Post() @Deprecated() public async createUser() { return {}; }`,
        `  @Get("internal/stats") @Hidden() public async stats() { return {}; }`,
        `}`,
        `@Route("admin")`,
        `@Hidden()`,
        `export class AdminController extends Controller { @Get() public async list() { return []; } }`,
      ].join("\n"),
    },
    docs: [
      "GET /api/users/{userId} | Get a user | By its numeric id. | Profiles,Users",
      "POST /api/users | Create user | - | Users | deprecated",
    ],
    undocumented: ["GET /api/admin", "GET /api/users/internal/stats"],
    ids: { "GET /api/users/{userId}": "read_user" },
  },
  {
    name: "swagger-jsdoc @openapi fragments above Express routes (the fragment's path may omit the mount prefix)",
    files: {
      "app.ts": [
        `import express from "express";`,
        `const router = express.Router();`,
        `/**`,
        ` * @openapi`,
        ` * /alerts:`,
        ` *   get:`,
        ` *     summary: List alerts`,
        ` *     description: Every alert of the team.`,
        ` *     operationId: listAlerts`,
        ` *     tags: [Alerts]`,
        ` *     responses:`,
        ` *       '200':`,
        ` *         description: The alerts.`,
        ` */`,
        `router.get("/", (req, res) => res.json(["a"]));`,
        `/**`,
        ` * Delete an alert`,
        ` * @swagger`,
        ` * /alerts/{id}:`,
        ` *   delete:`,
        ` *     summary: Removes an alert`,
        ` *     tags: [Alerts]`,
        ` */`,
        `router.delete("/:id", (req, res) => res.sendStatus(204));`,
        `/**`,
        ` * @openapi`,
        ` * components:`,
        ` *   schemas:`,
        ` *     Alert: { type: object }`,
        ` */`,
        `router.post("/", (req, res) => res.json(["a"]));`,
        `const app = express();`,
        `app.use("/api/v2/alerts", router);`,
      ].join("\n"),
    },
    docs: [
      "DELETE /api/v2/alerts/{id} | Delete an alert | - | Alerts",
      "GET /api/v2/alerts | List alerts | Every alert of the team. | Alerts",
    ],
    undocumented: ["POST /api/v2/alerts"],
    ids: { "GET /api/v2/alerts": "list_alerts" },
  },
  {
    name: "next-openapi-gen: a bare @openapi documents the route handler, with its @description and @tag; @auth is no permission; an @openapi with a fragment is swagger-jsdoc's",
    files: {
      "app/api/notes/route.ts": [
        `type NotesResponse = { notes: string[] };`,
        `/**`,
        ` * List notes`,
        ` * @description Returns every note of the caller.`,
        ` * @response 200:NotesResponse`,
        ` * @auth BearerAuth`,
        ` * @tag Notes`,
        ` * @openapi`,
        ` */`,
        `export async function GET() {`,
        `  const body: NotesResponse = { notes: [] };`,
        `  return Response.json(body);`,
        `}`,
        `/**\n * Create a note\n * @openapi\n */`,
        `export async function POST() { return Response.json({}); }`,
        `/** Remove every note */`,
        `export async function DELETE() { return new Response(null, { status: 204 }); }`,
      ].join("\n"),
      "app/api/notes/[id]/route.ts": [
        `/**`,
        ` * Get a note`,
        ` * @openapi`,
        ` * /notes/{id}:`,
        ` *   put:`,
        ` *     summary: Replace a note`,
        ` */`,
        `export async function GET() { return Response.json({}); }`,
      ].join("\n"),
    },
    docs: ["GET /api/notes | List notes | Returns every note of the caller. | Notes", "POST /api/notes | Create a note | - | -"],
    // The fragment describes no GET: the handler stays undocumented, as with swagger-jsdoc.
    undocumented: ["DELETE /api/notes", "GET /api/notes/{id}"],
  },
  {
    name: "zod-to-openapi registerPath declarations, in their own file, document the route of the same method and path",
    files: {
      "docs.ts": [
        `import { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";`,
        `export const registry = new OpenAPIRegistry();`,
        `registry.registerPath({ method: "get", path: "/api/v2/models/{id}", summary: "Get a model", tags: ["model"], responses: { 200: { description: "The model." } } });`,
        `registry.registerPath({ method: "post", path: "/api/v2/elsewhere", summary: "Nothing serves this" });`,
      ].join("\n"),
      "app.ts": [
        `import express from "express";`,
        `const app = express();`,
        `app.get("/api/v2/models/:modelId", (req, res) => res.json(["a"]));`,
        `app.post("/api/v2/models", (req, res) => res.json(["a"]));`,
      ].join("\n"),
    },
    docs: ["GET /api/v2/models/{modelId} | Get a model | - | model"],
    undocumented: ["POST /api/v2/models"],
  },
  {
    name: "zod-openapi: createDocument's operations document the routes they describe, under the one prefix its paths meet routes at (Next.js's /api)",
    files: {
      "app/api/links/route.ts": [
        `export async function GET() { return Response.json([]); }`,
        `/** Shorten a URL */`,
        `export async function POST() { return Response.json({}); }`,
      ].join("\n"),
      "app/api/links/[linkId]/route.ts": [
        `export async function PATCH() { return Response.json({}); }`,
        `export async function DELETE() { return new Response(null, { status: 204 }); }`,
      ].join("\n"),
      // `/links` is served here too: the other operations say the document's prefix is `/api`.
      "app/api/embed/links/route.ts": `export async function GET() { return Response.json([]); }\n`,
      "app/api/tags/route.ts": `export async function GET() { return Response.json([]); }\n`,
      "lib/openapi/links/get-links.ts": [
        `import type { ZodOpenApiOperationObject } from "zod-openapi";`,
        `import * as z from "zod";`,
        `import { errorResponses } from "../responses";`,
        `export const getLinks: ZodOpenApiOperationObject = {`,
        `  operationId: "getLinks",`,
        `  summary: "List all links",`,
        `  description: "Every link of the workspace.",`,
        `  responses: { "200": { description: "The links", content: { "application/json": { schema: z.array(z.object({ id: z.string() })) } } }, ...errorResponses },`,
        `  tags: ["Links"],`,
        `};`,
      ].join("\n"),
      "lib/openapi/responses.ts": `export const errorResponses = { "404": { description: "Not found" } };\n`,
      "lib/openapi/links/index.ts": [
        `import type { ZodOpenApiPathsObject } from "zod-openapi";`,
        `import { getLinks } from "./get-links";`,
        `const TAGS = ["Links"];`,
        `export const linksPaths: ZodOpenApiPathsObject = {`,
        `  "/links": { get: getLinks, post: { operationId: "createLink", summary: "Create a link", tags: TAGS } },`,
        `  "/links/{id}": { parameters: [], patch: { summary: "Update a link", tags: TAGS }, delete: { summary: "Delete a link", deprecated: true } },`,
        `};`,
      ].join("\n"),
      "lib/openapi/index.ts": [
        `import { createDocument } from "zod-openapi";`,
        `import { linksPaths } from "./links";`,
        `export const document = createDocument({`,
        `  openapi: "3.0.3",`,
        `  info: { title: "API", version: "1" },`,
        `  servers: [{ url: "https://api.example.com" }],`,
        `  paths: {`,
        `    ...linksPaths,`,
        `    "/gone": { get: { summary: "Nothing serves this" } },`,
        `  },`,
        `});`,
      ].join("\n"),
    },
    docs: [
      "DELETE /api/links/{linkId} | Delete a link | - | - | deprecated",
      "GET /api/links | List all links | Every link of the workspace. | Links",
      "PATCH /api/links/{linkId} | Update a link | - | Links",
      "POST /api/links | Shorten a URL | - | Links",
    ],
    undocumented: ["GET /api/embed/links", "GET /api/tags"],
    diagnostics: ["APX443 lib/openapi/index.ts:9"],
    ids: { "GET /api/links": "get_links", "POST /api/links": "create_link" },
  },
  {
    name: "zod-openapi: a document whose paths meet routes under several prefixes documents nothing, with a warning; one whose paths are the routes' own documents them as written",
    files: {
      "app/api/v1/items/route.ts": `export async function GET() { return Response.json([]); }\n`,
      "app/api/v2/items/route.ts": `export async function GET() { return Response.json([]); }\n`,
      "app/api/users/route.ts": `export async function GET() { return Response.json([]); }\n`,
      "lib/items-doc.ts": [
        `import * as zo from "zod-openapi";`,
        `export const itemsDoc = zo.createDocument({ info: { title: "Items", version: "1" }, paths: { "/items": { get: { summary: "List items" } } } });`,
      ].join("\n"),
      "lib/users-doc.ts": [
        `import { createDocument as document } from "zod-openapi";`,
        `export const usersDoc = document({ info: { title: "Users", version: "1" }, paths: { "/api/users": { get: { summary: "List users" } } } });`,
      ].join("\n"),
    },
    docs: ["GET /api/users | List users | - | -"],
    undocumented: ["GET /api/v1/items", "GET /api/v2/items"],
    diagnostics: ["APX443 lib/items-doc.ts:2"],
  },
  {
    name: "Nitro / Nuxt: defineRouteMeta({ openAPI }) in a server route file documents the file's routes, as Nitro reads it: a literal",
    files: {
      "package.json": JSON.stringify({ name: "n", dependencies: { nuxt: "^3.0.0" } }),
      "server/api/location.get.ts": [
        `defineRouteMeta({`,
        `  openAPI: {`,
        `    description: "Get the location of the user",`,
        `    tags: ["Geo"],`,
        `    responses: { 200: { description: "The location of the user" } },`,
        `  },`,
        `});`,
        `export default eventHandler(() => ({ latitude: 0, longitude: 0 }));`,
      ].join("\n"),
      "server/api/link/create.post.ts": [
        `defineRouteMeta({ openAPI: { summary: "Create a link", operationId: "createLink", deprecated: true } });`,
        `/** Shorten a URL */`,
        `export default eventHandler(async () => ({ slug: "a" }));`,
      ].join("\n"),
      "server/api/link/list.get.ts": `defineRouteMeta({ title: "no openAPI here" });\nexport default eventHandler(() => []);\n`,
      "server/api/stats.get.ts": `const DOC = { summary: "Stats" };\ndefineRouteMeta({ openAPI: DOC });\nexport default eventHandler(() => ({}));\n`,
      "server/routes/health.get.ts": `defineRouteMeta({ openAPI: {} });\nexport default eventHandler(() => "ok");\n`,
    },
    docs: [
      "GET /api/location | Get the location of the user | - | Geo",
      "GET /health | Get health | - | -",
      "POST /api/link/create | Shorten a URL | - | - | deprecated",
    ],
    undocumented: ["GET /api/link/list", "GET /api/stats"],
    diagnostics: ["APX444 server/api/stats.get.ts:2"],
    ids: { "POST /api/link/create": "create_link" },
  },
  {
    name: "chanfana: an OpenAPIRoute class's schema documents the route it handles",
    files: {
      "index.ts": [
        `import { Hono } from "hono"; import { fromHono, OpenAPIRoute } from "chanfana";`,
        `class TaskList extends OpenAPIRoute {`,
        `  schema = { tags: ["Tasks"], summary: "List tasks", description: "Every task of the account.", responses: {} };`,
        `  async handle(c: any) { return c.json([]); }`,
        `}`,
        `const app = new Hono();`,
        `fromHono(app).get("/tasks", TaskList);`,
        `export default app;`,
      ].join("\n"),
    },
    docs: ["GET /tasks | List tasks | Every task of the account. | Tasks"],
  },
  {
    name: "chanfana: a class that reaches OpenAPIRoute through the project's base classes (imported, two deep) is documented as a direct one; the nearest schema wins",
    files: {
      "base.ts": [
        `import { OpenAPIRoute } from "chanfana";`,
        `export class BaseRoute extends OpenAPIRoute { protected handleError(error: unknown) { return error; } }`,
        `export class DescribedRoute extends BaseRoute {`,
        `  schema = { tags: ["Base"], summary: "Inherited schema", responses: {} };`,
        `}`,
      ].join("\n"),
      "index.ts": [
        `import { Hono } from "hono"; import { fromHono } from "chanfana"; import { BaseRoute, DescribedRoute } from "./base";`,
        `class TaskGet extends BaseRoute {`,
        `  schema = { tags: ["Tasks"], summary: "Get a task", description: "One task of the account.", responses: {} };`,
        `  async handle(c: any) { return c.json({}); }`,
        `}`,
        `class TaskCount extends DescribedRoute {`,
        `  schema = { tags: ["Tasks"], summary: "Count tasks", responses: {} };`,
        `  async handle(c: any) { return c.json(0); }`,
        `}`,
        `class TaskAudit extends DescribedRoute { async handle(c: any) { return c.json([]); } }`,
        `class Loop extends Loop { schema = { summary: "Never" }; }`,
        `class Plain { schema = { summary: "Not an endpoint" }; }`,
        `const app = new Hono();`,
        `const openapi = fromHono(app);`,
        `openapi.get("/tasks/:id", TaskGet);`,
        `openapi.get("/tasks/count", TaskCount);`,
        `openapi.get("/tasks/audit", TaskAudit);`,
        `openapi.get("/loop", Loop);`,
        `openapi.get("/plain", Plain);`,
        `export default app;`,
      ].join("\n"),
    },
    docs: [
      "GET /tasks/audit | Inherited schema | - | Base",
      "GET /tasks/count | Count tasks | - | Tasks",
      "GET /tasks/{id} | Get a task | One task of the account. | Tasks",
    ],
    undocumented: ["GET /loop", "GET /plain"],
  },
  {
    name: "documented path globs document what they match; @undocumented wins; frameworkDocs: false turns the conventions off",
    files: {
      "app.ts": [
        `import express from "express";`,
        `const app = express();`,
        `app.get("/api/things", (req, res) => res.json(["a"]));`,
        `/** @undocumented */`,
        `app.get("/api/things/internal", (req, res) => res.json([]));`,
        `app.get("/health", (req, res) => res.send("ok"));`,
      ].join("\n"),
      "fastify.ts": [
        `import Fastify from "fastify";`,
        `const f = Fastify();`,
        `f.get("/other", { schema: { summary: "Other" } }, async () => "");`,
      ].join("\n"),
    },
    config: { documented: ["/api/**"], frameworkDocs: false },
    docs: ["GET /api/things | List things | - | -"],
    undocumented: ["GET /api/things/internal", "GET /health", "GET /other"],
    // An Express app and a Fastify app: two servers, indexed together and said so.
    diagnostics: ["APX412 app.ts:2"],
  },
  {
    name: "a framework's summary over 300 characters is shortened with a warning, the whole text kept in the description",
    files: {
      "server.ts": [
        `import Fastify from "fastify";`,
        `const app = Fastify();`,
        `app.get("/report", { schema: { summary: "Builds the report. ${"It covers every account and every day of the period. ".repeat(6)}" } }, async () => "");`,
      ].join("\n"),
    },
    docs: [
      `GET /report | Builds the report. It covers every account and every day of the period. It covers every account and every day of the period. It covers every account and every day of the period. It covers every account and every day of the period. It covers every account and every day of the period. | Builds the report. ${"It covers every account and every day of the period. ".repeat(6).trim()} | -`,
    ],
    diagnostics: ["APX440 server.ts:3"],
  },
];

function docLine(op: Record<string, unknown>, method: string, p: string): string {
  const tags = (op.tags as string[] | undefined)?.join(",") ?? "-";
  return [`${method.toUpperCase()} ${p}`, op.summary, op.description ?? "-", tags, ...(op.deprecated ? ["deprecated"] : [])].join(" | ");
}

describe("documentation from each framework's convention", () => {
  for (const c of cases) {
    it(c.name, async () => {
      const result = await generateFrom(c.files, c.config);
      const paths = (result.openapi.paths ?? {}) as Record<string, Record<string, Record<string, unknown>>>;
      const docs = Object.entries(paths)
        .flatMap(([p, item]) => Object.entries(item).map(([m, op]) => docLine(op, m, p)))
        .sort();
      expect(docs).toEqual(c.docs);
      const undocumented = result.index.operations
        .filter((op) => !op.documented)
        .map((op) => `${op.method} ${op.path}`)
        .sort();
      expect(undocumented).toEqual(c.undocumented ?? []);
      expect(diagnosticLines(result)).toEqual(c.diagnostics ?? []);
      for (const [route, id] of Object.entries(c.ids ?? {}))
        expect(result.index.operations.find((op) => `${op.method} ${op.path}` === route)?.operation_id).toBe(id);
      for (const op of result.index.operations) if (op.documented) expect(op.summary.length).toBeLessThanOrEqual(300);
    });
  }

  it("@ApiProperty on DTO properties and @ApiResponse descriptions reach the schemas and responses", async () => {
    const result = await generateFrom({
      "swagger.ts": `${NEST_SWAGGER}export const ApiProperty = (o?: object): PropertyDecorator => () => {};
export const ApiPropertyOptional = (o?: object): PropertyDecorator => () => {};
export const ApiNotFoundResponse = (o?: object): MethodDecorator => () => {};
`,
      "dto.ts": [
        `import { ApiProperty, ApiPropertyOptional } from "./swagger";`,
        `export class CreateUserDto {`,
        `  @ApiProperty({ description: "Where invitations go", example: "ada@example.com", format: "email" }) email!: string;`,
        `  @ApiPropertyOptional({ minimum: 0, maximum: 120 }) age!: number;`,
        `  /** The name people see. */`,
        `  @ApiProperty({ description: "ignored: the comment wins" }) name!: string;`,
        `}`,
      ].join("\n"),
      "users.controller.ts": [
        `import { Body, Controller, Get, Param, Post } from "@nestjs/common";`,
        `import { ApiOperation, ApiResponse, ApiNotFoundResponse } from "./swagger";`,
        `import { CreateUserDto } from "./dto";`,
        `@Controller("users")`,
        `export class UsersController {`,
        `  @Post() @ApiOperation({ summary: "Create a user" }) @ApiResponse({ status: 201, description: "The user was invited." })`,
        `  create(@Body() body: CreateUserDto): CreateUserDto { return body; }`,
        `  @Get(":id") @ApiOperation({ summary: "Get a user" }) @ApiNotFoundResponse({ description: "No such user." })`,
        `  get(@Param("id") id: string): CreateUserDto { return { email: id, age: 1, name: "" }; }`,
        `}`,
      ].join("\n"),
    });
    expect(diagnosticLines(result)).toEqual([]);
    const doc = result.openapi;
    expect(doc.components?.schemas?.CreateUserDto).toEqual({
      type: "object",
      properties: {
        email: { type: "string", description: "Where invitations go", format: "email", examples: ["ada@example.com"] },
        age: { type: "number", minimum: 0, maximum: 120 },
        name: { type: "string", description: "The name people see." },
      },
      required: ["email", "name"],
    });
    const post = doc.paths?.["/users"]?.post?.responses as Record<string, { description: string }>;
    expect(post["201"]?.description).toBe("The user was invited.");
    const get = doc.paths?.["/users/{id}"]?.get?.responses as Record<string, { description: string; content?: unknown }>;
    expect(Object.keys(get).sort()).toEqual(["200", "401", "403", "404"]);
    expect(get["404"]).toEqual({ description: "No such user." });
    await SwaggerParser.validate(structuredClone(doc) as never);
  });

  it("next-openapi-gen's @response, @body, @params and @queryParams name the types as apidex's tags do; a type apidex cannot name is left to the handler", async () => {
    const result = await generateFrom({
      "app/api/tasks/route.ts": [
        `type Task = { id: string; title: string };`,
        `type NewTask = { title: string };`,
        `type TaskQuery = { done?: boolean };`,
        `type Page<T> = { items: T[] };`,
        `/**`,
        ` * List tasks`,
        ` * @params TaskQuery`,
        ` * @response Task[]`,
        ` * @openapi`,
        ` */`,
        `export async function GET() { return Response.json([]); }`,
        `/**`,
        ` * Create a task`,
        ` * @body NewTask`,
        ` * @response Task`,
        ` * @openapi`,
        ` */`,
        `export async function POST() { return Response.json({}); }`,
        `/**`,
        ` * Archive tasks`,
        ` * @queryParams TaskQuery`,
        ` * @response 200:Page<Task>`,
        ` * @openapi`,
        ` */`,
        `export async function PATCH() { const page: Page<Task> = { items: [] }; return Response.json(page); }`,
      ].join("\n"),
    });
    expect(diagnosticLines(result)).toEqual([]);
    const item = result.openapi.paths?.["/api/tasks"] as Record<string, Record<string, unknown>>;
    const names = (op: Record<string, unknown> | undefined) =>
      ((op?.parameters ?? []) as { name: string; in: string }[]).map((p) => `${p.in}:${p.name}`);
    const statuses = (op: Record<string, unknown> | undefined) => Object.keys((op?.responses ?? {}) as object).sort();
    expect(names(item.get)).toEqual(["query:done"]);
    expect(names(item.patch)).toEqual(["query:done"]);
    // A response without a status has next-openapi-gen's default: 201 for POST.
    expect(statuses(item.post)).toEqual(["201", "401", "403"]);
    const schema = (content: unknown) =>
      (content as { "application/json"?: { schema?: unknown } } | undefined)?.["application/json"]?.schema;
    const response = (op: Record<string, unknown> | undefined, status: string) =>
      schema((op?.responses as Record<string, { content?: unknown }>)[status]?.content);
    expect(response(item.get, "200")).toEqual({ type: "array", items: { $ref: "#/components/schemas/Task" } });
    expect(response(item.post, "201")).toEqual({ $ref: "#/components/schemas/Task" });
    expect(schema((item.post?.requestBody as { content?: unknown } | undefined)?.content)).toEqual({
      $ref: "#/components/schemas/NewTask",
    });
    // `Page<Task>` is no type name apidex's tags read: no APX503, the response is the handler's.
    expect(statuses(item.patch)).toEqual(["200", "401", "403"]);
    await SwaggerParser.validate(structuredClone(result.openapi) as never);
  });

  it("a type next-openapi-gen's tags name that the file does not import (its schema folder) is a warning, and the handler gives the shape", async () => {
    const result = await generateFrom({
      "app/api/notes/route.ts": [
        `type Note = { id: string };`,
        `/**`,
        ` * List notes`,
        ` * @response 200:NotesResponse`,
        ` * @openapi`,
        ` */`,
        `export async function GET() { const notes: Note[] = []; return Response.json(notes); }`,
      ].join("\n"),
    });
    expect(result.diagnostics.errors).toEqual([]);
    expect(diagnosticLines(result)).toEqual(["APX506 app/api/notes/route.ts:4"]);
    // The run writes its artifacts; the operation is documented, its 200 response the handler's.
    expect(result.files.length).toBeGreaterThan(0);
    const get = (result.openapi.paths?.["/api/notes"] as Record<string, { responses?: Record<string, unknown> }>).get;
    expect(Object.keys(get?.responses ?? {})).toContain("200");
  });

  it("a comment's first paragraph over 300 characters is shortened with a warning, never a failed run; a rule line (=====) is a paragraph break, not text", async () => {
    const long =
      "Sends the stored report again instead of rebuilding it from data, using the copy kept in object storage and only rebuilding it when none exists or when the caller forces it, which is much quicker than a full rebuild in production and keeps the numbers the recipient saw the first time exactly as they were then";
    const result = await generateFrom(
      {
        "app.ts": [
          `import express from "express"; const app = express();`,
          `/**`,
          ` * ${long}`,
          ` */`,
          `app.post("/reports/:id/send", (req, res) => { res.json({}); });`,
          `/**`,
          ` * =====================================================`,
          ` * FAST PATH: export the stored report`,
          ` * =====================================================`,
          ` * Uses the copy kept in object storage.`,
          ` */`,
          `app.get("/reports/:id/export", (req, res) => { res.json({}); });`,
          `app.listen(3000);`,
        ].join("\n"),
      },
      { documented: ["/reports/**"] },
    );
    expect(result.diagnostics.errors).toEqual([]);
    expect(diagnosticLines(result)).toEqual(["APX440 app.ts:5"]);
    const summary = (method: string, path: string) => result.index.operations.find((o) => o.method === method && o.path === path)?.summary;
    expect(summary("POST", "/reports/{id}/send")!.length).toBeLessThanOrEqual(300);
    expect(summary("GET", "/reports/{id}/export")).toBe("FAST PATH: export the stored report");
  });

  it("a JSDoc title that a comment of its own separates from the route heads a section and documents no route; one with tags does, and a linter's directive separates nothing", async () => {
    const result = await generateFrom(
      {
        "app.ts": [
          `import express from "express"; const app = express();`,
          `/** Document Store Routes */`,
          `// Create document store`,
          `app.post("/stores", function createDocumentStore(req, res) { res.json({}); });`,
          `// List all stores`,
          `app.get("/stores", function getAllDocumentStores(req, res) { res.json([]); });`,
          `/** Delete one store */`,
          `// eslint-disable-next-line @typescript-eslint/no-explicit-any`,
          `app.delete("/stores/:id", (req: any, res: any) => { res.status(204).end(); });`,
          `/** Read one store */`,
          `/* istanbul ignore next */`,
          `app.get("/stores/:id", (req, res) => { res.json({}); });`,
          `/**`,
          ` * Replace one store`,
          ` * @tag Stores`,
          ` */`,
          `// A developer's note: the store is written whole.`,
          `app.put("/stores/:id", (req, res) => { res.json({}); });`,
          `app.listen(3000);`,
        ].join("\n"),
      },
      { documented: ["/stores/**"] },
    );
    expect(result.diagnostics.errors).toEqual([]);
    const summary = (method: string, path: string) => result.index.operations.find((o) => o.method === method && o.path === path)?.summary;
    // The section heading is no summary: the handler's name gives it, as for any route without documentation.
    expect(summary("POST", "/stores")).toBe("Create document store");
    expect(summary("GET", "/stores")).toBe("Get all document stores");
    expect(summary("DELETE", "/stores/{id}")).toBe("Delete one store");
    expect(summary("GET", "/stores/{id}")).toBe("Read one store");
    // A JSDoc with more than a title (a tag, a description) documents the route below its notes.
    expect(summary("PUT", "/stores/{id}")).toBe("Replace one store");
  });

  it("an operation OpenAPI has no method for stays in the index with a warning when only a glob documents it", async () => {
    const result = await generateFrom(
      { "app.ts": `import express from "express";\nconst app = express();\napp.search("/api/things", (req, res) => res.json([]));\n` },
      { documented: ["/api/**"] },
    );
    expect(result.index.operations.map((op) => [op.method, op.documented])).toEqual([["SEARCH", false]]);
    expect(diagnosticLines(result)).toEqual(["APX441 app.ts:3"]);
  });
});

describe("documentation modules no route imports", () => {
  it("the scan parses a module that builds zod-openapi's document (nothing imports it from a route), not one that only types an operation", () => {
    const document = `import { createDocument } from "zod-openapi";\nimport { linksPaths } from "./links";\nexport const document = createDocument({ paths: { ...linksPaths } });\n`;
    const operation = `import type { ZodOpenApiOperationObject } from "zod-openapi";\nexport const getLinks: ZodOpenApiOperationObject = { summary: "List links" };\n`;
    expect(mayRegisterRoutes(document, "lib/openapi/index.ts")).toBe(true);
    expect(mayRegisterRoutes(operation, "lib/openapi/links/get-links.ts")).toBe(false);
  });
});

describe("a zero-config OpenAPI document is complete", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "apidex-doc-sources-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("has servers, and info's description and licence from package.json; passes swagger-parser, Redocly recommended and openapi-typescript", async () => {
    const result = await generateFrom(cases[0]!.files, { packageInfo: { description: "The users service.", license: "Apache-2.0" } });
    const doc = result.openapi;
    expect(doc.servers).toEqual([{ url: "/" }]);
    expect(doc.info).toEqual({
      title: "test-service",
      version: "1.0.0",
      description: "The users service.",
      license: { name: "Apache-2.0", identifier: "Apache-2.0" },
    });
    await SwaggerParser.validate(structuredClone(doc) as never);
    const file = path.join(dir, "openapi.json");
    writeFileSync(file, JSON.stringify(doc));
    const run = spawnSync(
      path.join(REPO_ROOT, "node_modules", ".bin", "redocly"),
      ["lint", file, "--extends", "recommended", "--format", "json"],
      {
        encoding: "utf8",
        env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", CI: "true" },
      },
    );
    const report = JSON.parse(run.stdout) as { totals: { errors: number; warnings: number }; problems: unknown[] };
    expect(report.problems).toEqual([]);
    const types = astToString(await openapiTS(new URL(`file://${file}`)));
    expect(types).toContain('"/users/{id}"');
  });

  it("gives paths that differ only in parameter names one template (the index keeps each route's own)", async () => {
    const result = await generateFrom(
      {
        "app.ts": [
          `import express from "express";`,
          `const app = express();`,
          `app.get("/sessions/:id/groups", (req, res) => res.json(["a"]));`,
          `app.post("/sessions/:sessionId/groups", (req, res) => res.json(["a"]));`,
        ].join("\n"),
      },
      { documented: ["/**"] },
    );
    expect(Object.keys(result.openapi.paths ?? {})).toEqual(["/sessions/{id}/groups"]);
    const post = result.openapi.paths?.["/sessions/{id}/groups"]?.post;
    expect(post?.parameters).toMatchObject([{ name: "id", in: "path" }]);
    expect(result.index.operations.map((op) => op.path).sort()).toEqual(["/sessions/{id}/groups", "/sessions/{sessionId}/groups"]);
    await SwaggerParser.validate(structuredClone(result.openapi) as never);
  });

  it("takes the licence of a monorepo's workspace root when the package names none", async () => {
    const repo = path.join(dir, "mono");
    mkdirSync(path.join(repo, "packages", "api", "src"), { recursive: true });
    writeFileSync(path.join(repo, "package.json"), JSON.stringify({ name: "mono", license: "AGPL-3.0-only", workspaces: ["packages/*"] }));
    writeFileSync(
      path.join(repo, "packages", "api", "package.json"),
      JSON.stringify({ name: "api", version: "1.2.3", description: "The API." }),
    );
    const config = await loadConfig({ cwd: repo, root: path.join(repo, "packages", "api") });
    expect(config.packageInfo).toEqual({ description: "The API.", license: "AGPL-3.0-only" });
  });

  it("takes title, description, version, licence, servers and tag descriptions from NestJS's DocumentBuilder, under the config", async () => {
    const files = {
      ...cases[0]!.files,
      "main.ts": [
        `import { NestFactory } from "@nestjs/core";`,
        `import { DocumentBuilder, SwaggerModule } from "@nestjs/swagger";`,
        `const VERSION = "2.1.0";`,
        `async function bootstrap() {`,
        `  const app = await NestFactory.create(class AppModule {});`,
        `  const config = new DocumentBuilder().setTitle("Users API").setDescription("People and teams.").setVersion(VERSION)`,
        `    .setLicense("MIT", "https://opensource.org/licenses/MIT").addServer("https://api.example.com").addTag("Users", "People who sign in").build();`,
        `  SwaggerModule.setup("docs", app, SwaggerModule.createDocument(app, config));`,
        `}`,
        `bootstrap();`,
      ].join("\n"),
    };
    const result = await generateFrom(files, { packageInfo: { description: "from package.json" } });
    expect(result.openapi.info).toEqual({
      title: "Users API",
      version: "2.1.0",
      description: "People and teams.",
      license: { name: "MIT", url: "https://opensource.org/licenses/MIT" },
    });
    expect(result.openapi.servers).toEqual([{ url: "https://api.example.com" }]);
    expect(result.openapi.tags).toEqual([{ name: "Users", description: "People who sign in" }]);
    const configured = await generateFrom(files, { openapi: { info: { title: "Configured" }, servers: [{ url: "https://x.example" }] } });
    expect(configured.openapi.info.title).toBe("Configured");
    expect(configured.openapi.servers).toEqual([{ url: "https://x.example" }]);
  });

  it("leaves out a licence package.json does not name (UNLICENSED)", async () => {
    const result = await generateFrom(cases[0]!.files, { packageInfo: { license: "UNLICENSED" } });
    expect(result.openapi.info.license).toBeUndefined();
  });
});
