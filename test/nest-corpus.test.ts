/**
 * NestJS shapes met on the real-world corpus (services nobody here wrote), read in memory: a default version
 * computed with semver from a version string (`String(major("2.0.0", { loose: false }))`, the bootstrap of
 * OpenSauced's API and of the services made from its template), and what is said when such a value cannot be read;
 * a handler answering one of several object literals (Postiz's billing: `{ url }`, `{ id }` or `{ portal }`);
 * DTO properties typed `object` or `any` whose @ApiProperty states the type (RS School's profile DTOs).
 */
import { describe, expect, it } from "vitest";
import { diagnosticLines, generateFrom, type InMemoryCase, routeLines } from "./helpers/in-memory.js";

/** A bootstrap with URI versioning whose default version is `version` (code), after the `imports` lines. */
const main = (imports: string, version: string) =>
  `import { NestFactory } from "@nestjs/core";\nimport { VersioningType } from "@nestjs/common";\nimport { AppModule } from "./app.module";\n${imports}\nasync function bootstrap() {\n  const app = await NestFactory.create(AppModule);\n  app.enableVersioning({ type: VersioningType.URI, defaultVersion: ${version} });\n  await app.listen(3000);\n}\nvoid bootstrap();\n`;
const MODULE = `import { Controller, Get, Module, Version } from "@nestjs/common";\n@Controller("cats") export class Cats { @Get() list() {} @Version("3") @Get(":id") one() {} }\n@Module({ controllers: [Cats] }) export class AppModule {}\n`;
const app = (imports: string, version: string): Record<string, string> => ({
  "src/main.ts": main(imports, version),
  "src/app.module.ts": MODULE,
});

const cases: InMemoryCase[] = [
  {
    name: "semver's major of a static version, made a string: the default version",
    files: app(`import { major } from "semver";`, `String(major("2.0.0", { loose: false }))`),
    routes: ["GET /v2/cats []", "GET /v3/cats/{id} []"],
    diagnostics: [],
  },
  {
    name: "semver's default export, of a version held in a const, in a template",
    files: app(`import semver from "semver";\nconst VERSION = "v1.8.0";`, "`${semver.major(VERSION)}`"),
    routes: ["GET /v1/cats []", "GET /v3/cats/{id} []"],
    diagnostics: [],
  },
  {
    name: "semver's namespace, minor and patch",
    files: app(`import * as semver from "semver";`, `[String(semver.minor("1.4.2")), String(semver.patch("1.4.2"))]`),
    routes: ["GET /v2/cats []", "GET /v3/cats/{id} []", "GET /v4/cats []"],
    diagnostics: [],
  },
  {
    name: "semver's major of a string it refuses (it throws): said, the routes without a version",
    files: app(`import { major } from "semver";`, `String(major("2.0"))`),
    routes: ["GET /cats []", "GET /v3/cats/{id} []"],
    diagnostics: ["APX201 src/main.ts:7"],
  },
  {
    name: "semver's major of a version only known at run time: said, the routes without a version",
    files: app(`import { major } from "semver";`, `String(major(process.argv[2]))`),
    routes: ["GET /cats []", "GET /v3/cats/{id} []"],
    diagnostics: ["APX201 src/main.ts:7"],
  },
];

describe("NestJS corpus shapes", () => {
  it.each(cases)("$name", async ({ files, config, routes, diagnostics }) => {
    const result = await generateFrom(files, config);
    expect(routeLines(result)).toEqual(routes);
    if (diagnostics) expect(diagnosticLines(result)).toEqual(diagnostics);
  });

  it.each([
    ["String(major(process.argv[2]))", "only known at run time"],
    ['String(major("2.0"))', "semver refuses"],
  ])("says what it cannot read inside String(...), not that String is unknown: %s", async (version, says) => {
    const result = await generateFrom(app(`import { major } from "semver";`, version));
    const message = result.diagnostics.sorted().find((d) => d.code === "APX201")?.message ?? "";
    expect(message).not.toContain("`String`");
    expect(message).toContain(says);
  });
});

/** A documented Nest route answering `body` (a method body), its response schema and what was said. */
async function answer(body: string) {
  const result = await generateFrom({
    "main.ts": `import { NestFactory } from "@nestjs/core"; import { AppModule } from "./app.module";\nNestFactory.create(AppModule).then((a) => a.listen(3000));\n`,
    "app.module.ts": `import { Controller, Get, Module } from "@nestjs/common";\n@Controller("billing") export class Billing {\n  /** Subscribes.\n   * @documented\n   */\n  @Get() subscribe(n: number) {\n    ${body}\n  }\n}\n@Module({ controllers: [Billing] }) export class AppModule {}\n`,
  });
  const doc = result.openapi as { paths: Record<string, Record<string, any>> };
  return { schema: doc.paths["/billing"]?.get?.responses["200"].content["application/json"].schema, diagnostics: diagnosticLines(result) };
}

describe("responses of several object literals", () => {
  it("leaves out the `?: undefined` properties TypeScript adds to each literal of the union (never in the JSON), saying nothing", async () => {
    const out = await answer(`return n > 1 ? { id: "x" } : { portal: 1 };`);
    expect(out.diagnostics).toEqual([]);
    expect(out.schema).toEqual({
      anyOf: [
        { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
        { type: "object", properties: { portal: { type: "number" } }, required: ["portal"] },
      ],
    });
  });

  it("still reports a property that is always there but undefined", async () => {
    const out = await answer(`return { id: "x", gone: undefined as undefined };`);
    expect(out.diagnostics).toEqual(["APX501 app.module.ts:7"]);
  });
});

/** A documented Nest route answering the DTO `Dto` declared by `members` (class body), its components and what was said. */
async function dto(members: string) {
  const result = await generateFrom({
    "main.ts": `import { NestFactory } from "@nestjs/core"; import { AppModule } from "./app.module";\nNestFactory.create(AppModule).then((a) => a.listen(3000));\n`,
    "dto.ts": `import { ApiProperty, ApiPropertyOptional } from "@nestjs/swagger";\nexport class Dto {\n${members}\n}\n`,
    "app.module.ts": `import { Controller, Get, Module } from "@nestjs/common";\nimport { Dto } from "./dto";\n@Controller("profile") export class Profile {\n  /** Reads it.\n   * @documented\n   */\n  @Get() read(): Dto { return new Dto(); }\n}\n@Module({ controllers: [Profile] }) export class AppModule {}\n`,
  });
  const doc = result.openapi as { components: { schemas: Record<string, any> } };
  return { schema: doc.components.schemas.Dto, diagnostics: diagnosticLines(result) };
}

describe("@ApiProperty's type on a property whose TypeScript type says no shape", () => {
  it.each([
    ["`type: Object` on `object`", `  @ApiProperty({ type: Object }) settings: object;`, { type: "object" }],
    ["`type: [Object]` on `object[]`", `  @ApiProperty({ type: [Object] }) stats: object[];`, { type: "array", items: { type: "object" } }],
    [
      "`nullable: true` on `object | null`",
      `  @ApiProperty({ type: Object, nullable: true }) discord: object | null;`,
      { type: ["object", "null"] },
    ],
    ["`object | null` without `nullable`", `  @ApiProperty({ type: Object }) discord: object | null;`, { type: ["object", "null"] }],
    [
      "`type: String, isArray: true` on `any`",
      `  @ApiProperty({ type: String, isArray: true }) tags: any;`,
      { type: "array", items: { type: "string" } },
    ],
    ['`type: "integer"` on `unknown`', `  @ApiPropertyOptional({ type: "integer" }) count?: unknown;`, { type: "integer" }],
    ["`type: Date` on `any`", `  @ApiProperty({ type: Date }) at: any;`, { type: "string", format: "date-time" }],
  ])("%s: the stated type, no APX501", async (_name, members, expected) => {
    const out = await dto(members);
    expect(out.diagnostics).toEqual([]);
    expect(Object.values(out.schema.properties)[0]).toEqual(expected);
  });

  it("a TypeScript type with a shape keeps it (the stated type does not replace it)", async () => {
    const out = await dto(`  @ApiProperty({ type: Object }) name: string;`);
    expect(out.schema.properties.name).toEqual({ type: "string" });
  });

  it.each([
    ["no `type`", `  @ApiProperty() data: object;`],
    ["a lazy `type` (a DTO class's form)", `  @ApiProperty({ type: () => Object }) data: any;`],
  ])("%s: still said (APX501)", async (_name, members) => {
    const out = await dto(members);
    expect(out.diagnostics).toEqual(["APX501 dto.ts:3"]);
  });
});
