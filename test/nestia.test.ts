/**
 * nestia (`@nestia/core`) on NestJS: `@TypedRoute.Get(path)`, `.Post`, `.Put`, `.Patch`, `.Delete` (also as
 * `@core.TypedRoute.Get()` through nestia's default export) are Nest routes, and `@TypedBody()`,
 * `@TypedParam("id")`, `@TypedQuery()` bind the body, a path parameter and the query as Nest's `@Body()`,
 * `@Param("id")` and `@Query()` do. The fixture is a project as nestia's guide writes one; its runtime oracle
 * boots it with the real @nestia/core on @nestjs/core + @nestjs/platform-express and compares the routes Express
 * holds. nestia's typia transform (a TypeScript compiler plugin) is not applied when vitest loads the fixture:
 * `doNotThrowTransformError()` lets the decorators compose without it (they then skip typia's validation and
 * stringify with JSON.stringify), which changes nothing of the routes Nest registers.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../generator/config/load-config.js";
import { generate } from "../generator/generate.js";
import { nestRuntimeRoutes } from "./helpers/nest-runtime.js";
import { canonicalJson } from "../generator/write/canonical-json.js";
import { diagnosticLines, generateFrom, type InMemoryCase, routeLines } from "./helpers/in-memory.js";
import { REPO_ROOT } from "./helpers/repo.js";

const FIXTURE = path.join(REPO_ROOT, "test", "fixtures", "nestia");

async function fixtureIndex() {
  const result = await generate(await loadConfig({ cwd: REPO_ROOT, root: FIXTURE }));
  expect(result.diagnostics.errors).toEqual([]);
  return result;
}

type Doc = { paths: Record<string, Record<string, any>>; components: { schemas: Record<string, any> } };

describe("the nestia fixture", () => {
  it("matches the golden index", async () => {
    const result = await fixtureIndex();
    expect(diagnosticLines(result)).toEqual([]);
    expect(canonicalJson(result.index)).toBe(readFileSync(path.join(FIXTURE, "expected-operations.json"), "utf8"));
  });

  it("equals the routes Nest registers with nestia's decorators", async () => {
    const result = await fixtureIndex();
    const nestia = await import("@nestia/core");
    nestia.doNotThrowTransformError();
    const runtime = await nestRuntimeRoutes(FIXTURE);
    expect([...new Set(runtime)].sort()).toEqual(result.index.operations.map((o) => `${o.method} ${o.path}`).sort());
    expect(runtime.length).toBe(13);
  });

  it("types the body, path parameters and query from @TypedBody, @TypedParam and @TypedQuery", async () => {
    const doc = (await fixtureIndex()).openapi as unknown as Doc;
    const create = doc.paths["/api/bbs/articles"]!.post;
    expect(create.requestBody.content["application/json"].schema).toEqual({ $ref: "#/components/schemas/ICreate" });
    expect(create.responses["201"].content["application/json"].schema).toEqual({ $ref: "#/components/schemas/IArticle" });
    const list = doc.paths["/api/bbs/articles"]!.get;
    expect(list.parameters.map((p: { name: string; in: string }) => `${p.in} ${p.name}`)).toEqual(["query page", "query limit"]);
    const one = doc.paths["/api/bbs/articles/{id}"]!.get;
    expect(one.parameters.map((p: { name: string; in: string }) => `${p.in} ${p.name}`)).toEqual(["path id"]);
  });
});

const MODULE = `import { Module } from "@nestjs/common";\nimport { Items } from "./items.js";\n@Module({ controllers: [Items] }) export class AppModule {}\n`;
const items = (imports: string, body: string) => ({
  "src/app.module.ts": MODULE,
  "src/items.ts": `import { Controller } from "@nestjs/common";\n${imports}\n@Controller("items") export class Items {\n${body}\n}\n`,
});

const CASES: InMemoryCase[] = [
  {
    name: "TypedRoute's verbs through a named import",
    files: items(
      `import { TypedRoute } from "@nestia/core";`,
      `  @TypedRoute.Get() list() {}\n  @TypedRoute.Post() make() {}\n  @TypedRoute.Put(":id") put() {}\n  @TypedRoute.Patch(":id") patch() {}\n  @TypedRoute.Delete(":id") del() {}`,
    ),
    routes: ["DELETE /items/{id} []", "GET /items []", "PATCH /items/{id} []", "POST /items []", "PUT /items/{id} []"],
    diagnostics: [],
  },
  {
    name: "nestia's default export and a namespace import (`core.TypedRoute.Get`, `nestia.TypedRoute.Post`)",
    files: items(
      `import core from "@nestia/core";\nimport * as nestia from "@nestia/core";`,
      `  @core.TypedRoute.Get(":id") one() {}\n  @nestia.TypedRoute.Post() make() {}`,
    ),
    routes: ["GET /items/{id} []", "POST /items []"],
    diagnostics: [],
  },
  {
    name: "TypedQuery's and EncryptedRoute's verbs are routes too, with the permission decorators as for Nest",
    files: items(
      `import { EncryptedRoute, TypedQuery } from "@nestia/core";\nimport { SetMetadata } from "@nestjs/common";`,
      `  @TypedQuery.Get("search") @SetMetadata("permissions", ["items.read"]) search() {}\n  @EncryptedRoute.Post("secret") secret() {}`,
    ),
    routes: ["GET /items/search [items.read]", "POST /items/secret []"],
    diagnostics: [],
  },
  {
    name: "a controller made by a factory function: its @Controller path read with the factory's arguments",
    files: {
      "src/app.module.ts": `import { Module } from "@nestjs/common";\nimport { AdminItems, SellerItems } from "./items.js";\n@Module({ controllers: [AdminItems, SellerItems] }) export class AppModule {}\n`,
      "src/base.ts": `import core from "@nestia/core";\nimport { Controller, SetMetadata } from "@nestjs/common";\nexport function Readable(props: { path: string; key: string }) {\n  @Controller(\`shop/\${props.path}/items\`)\n  abstract class Readable {\n    @core.TypedRoute.Get(":id") @SetMetadata("permissions", ["items.read"]) at() {}\n  }\n  return Readable;\n}\nexport function Writable(props: { path: string; key: string }) {\n  abstract class Writable extends Readable(props) {\n    @core.TypedRoute.Post() make() {}\n  }\n  return Writable;\n}\n`,
      "src/items.ts": `import { Readable, Writable } from "./base.js";\nexport class AdminItems extends Writable({ path: "admins", key: "a" }) {}\nexport class SellerItems extends Readable({ path: "sellers", key: "s" }) {}\n`,
    },
    routes: ["GET /shop/admins/items/{id} [items.read]", "GET /shop/sellers/items/{id} [items.read]", "POST /shop/admins/items []"],
    diagnostics: [],
  },
  {
    name: "a route path apidex cannot read: said, the route left out",
    files: items(
      `import { TypedRoute } from "@nestia/core";`,
      `  @TypedRoute.Get(process.env.ITEMS_PATH) list() {}\n  @TypedRoute.Get("ok") ok() {}`,
    ),
    routes: ["GET /items/ok []"],
    diagnostics: ["APX201 src/items.ts:4"],
  },
];

describe("what is read of nestia's decorators", () => {
  it.each(CASES)("$name", async ({ files, routes, diagnostics }) => {
    const result = await generateFrom(files);
    expect(routeLines(result)).toEqual(routes);
    expect(diagnosticLines(result)).toEqual(diagnostics);
  });

  it("types @TypedParam and @core.TypedBody as Nest's @Param and @Body", async () => {
    const result = await generateFrom(
      items(
        `import core, { TypedParam } from "@nestia/core";\ninterface Item { name: string }`,
        `  /** Change an item.\n   * @documented */\n  @core.TypedRoute.Put(":id") put(@TypedParam("id") id: number, @core.TypedBody() body: Item): Item { return body; }`,
      ),
    );
    const op = (result.openapi as unknown as Doc).paths["/items/{id}"]!.put;
    expect(op.parameters[0].schema).toEqual({ type: "number" });
    expect(op.requestBody.content["application/json"].schema).toEqual({ $ref: "#/components/schemas/Item" });
  });
});
