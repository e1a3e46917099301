import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import SwaggerParser from "@apidevtools/swagger-parser";
import { describe, expect, it } from "vitest";
import { diagnosticLines, generateFrom, routeLines } from "./helpers/in-memory.js";

/**
 * Patterns of real Fastify services (the real-world corpus, bench/realworld/services.ts) that apidex read
 * wrong, each reduced to the general rule. TypeBox results are checked against TypeBox itself: the same
 * source is run and its schema is the expected answer.
 */
type Doc = { paths: Record<string, Record<string, any>> };

async function documentFor(files: Record<string, string>) {
  const result = await generateFrom(files);
  const doc = result.openapi as Doc;
  await SwaggerParser.validate(structuredClone(doc) as never);
  return { doc, diagnostics: diagnosticLines(result) };
}

describe("Fastify services of the corpus", () => {
  it("TypeBox: helpers held by an object (`customType.UUID()`, a method or an arrow property) are what TypeBox builds, an omitted options argument spreading nothing", async () => {
    const source = `import { type SchemaOptions, type StringOptions, type TProperties, type TSchema, Type } from "@sinclair/typebox";
export const customType = {
  UUID: (options?: StringOptions) => Type.String({ ...options, format: "uuid" }),
  DateTime: (options?: SchemaOptions) => Type.Unsafe<Date>({ ...options, type: "string", format: "date-time" }),
  StrictObject: <T extends TProperties>(properties: T, options?: SchemaOptions) =>
    Type.Object(properties, { ...options, additionalProperties: false }),
  OneOf: <T extends TSchema[]>(members: [...T]) => Type.Union(members),
  Page(max = 50) {
    return Type.Integer({ minimum: 1, maximum: max });
  },
} as const;
export const Params = Type.Object({ itemId: customType.UUID(), at: customType.DateTime({ description: "When" }) }, { additionalProperties: false });
export const Body = customType.StrictObject({ name: Type.String(), kind: customType.OneOf([Type.Literal("a"), Type.Literal("b")]) }, { description: "A body" });
export const Query = Type.Object({ owner: customType.UUID({ maxLength: 36 }), page: customType.Page(), size: customType.Page(10) });
`;
    const dir = mkdtempSync(path.join(tmpdir(), "apidex-typebox-"));
    writeFileSync(path.join(dir, "schemas.ts"), source);
    const runtime = (await import(pathToFileURL(path.join(dir, "schemas.ts")).href)) as Record<string, unknown>;
    rmSync(dir, { recursive: true, force: true });
    const { doc, diagnostics } = await documentFor({
      "schemas.ts": source,
      "app.ts": `import Fastify from "fastify"; import { Body, Params, Query } from "./schemas";
        const app = Fastify();
        /** Save an item's time
         * @documented */
        app.put("/items/:itemId/at/:at", { schema: { params: Params, querystring: Query, body: Body } }, async () => ({}));
        export default app;`,
    });
    expect(diagnostics).toEqual([]);
    const json = (value: unknown) => JSON.parse(JSON.stringify(value)) as { properties: Record<string, unknown> };
    const parameters = doc.paths["/items/{itemId}/at/{at}"]!.put.parameters as { name: string; schema: unknown }[];
    const schemaOf = (name: string) => parameters.find((p) => p.name === name)?.schema;
    const params = json(runtime.Params).properties;
    const query = json(runtime.Query).properties;
    expect(schemaOf("itemId")).toEqual(params.itemId);
    expect(schemaOf("at")).toEqual(params.at);
    expect(schemaOf("owner")).toEqual(query.owner);
    expect(schemaOf("page")).toEqual(query.page);
    expect(schemaOf("size")).toEqual(query.size);
    // A helper's parameter standing for an object's properties or a union's members (TypeBox's
    // symbol-keyed bookkeeping, which JSON leaves out, aside).
    const body = doc.paths["/items/{itemId}/at/{at}"]!.put.requestBody.content["application/json"].schema;
    expect(body).toEqual(json(runtime.Body));
  });

  it.each([
    {
      name: "an enum member of a package not in the tree is named in the warning, the url read",
      route: `fastify.route({ method: HttpMethod.Post, url: "/app-data/upload", handler: async () => ({}) });`,
      imports: `import { HttpMethod } from "@acme/sdk";`,
      routes: [],
      messages: ["APX201 Cannot resolve the method (`HttpMethod.Post`) of this route() statically; the route is left out."],
    },
    {
      name: "an unreadable url is named, not the method",
      route: `fastify.route({ method: "GET", url: paths.upload, handler: async () => ({}) });`,
      imports: `import { paths } from "@acme/sdk";`,
      routes: [],
      messages: ["APX201 Cannot resolve the url (`paths.upload`) of this route() statically; the route is left out."],
    },
  ] as { name: string; route: string; imports: string; routes: string[]; messages: string[] }[])(
    "route(): $name",
    async ({ route, imports, routes, messages }) => {
      const result = await generateFrom({
        "http.ts": `export enum HttpMethod { Get = "GET", Post = "POST" }`,
        "app.ts": `import Fastify, { type FastifyPluginAsync } from "fastify"; ${imports}
        const files: FastifyPluginAsync = async (fastify) => {
          ${route}
        };
        const app = Fastify();
        app.register(files, { prefix: "/app-items" });
        export default app;`,
      });
      expect(routeLines(result)).toEqual(routes.map((r) => r.replace(" /", " /app-items/")));
      expect(result.diagnostics.sorted().map((d) => `${d.code} ${d.message}`)).toEqual(messages);
    },
  );

  it("TypeBox: a schema object literal spreading a schema (to override its description) is the schema TypeBox and Fastify take", async () => {
    const source = `import { Type } from "@sinclair/typebox";
export const HashSchema = Type.String({ pattern: "^0x[a-f0-9]{64}$", description: "A hash", examples: ["0x00"] });
const Overrides = { description: "Gas limit" } as const;
export const Body = Type.Object({
  to: { ...HashSchema, description: "The recipient" },
  from: Type.Optional({ ...HashSchema, examples: ["0x01"] }),
  gas: { ...Type.String(), ...Overrides, minLength: 1 },
});
`;
    const dir = mkdtempSync(path.join(tmpdir(), "apidex-typebox-"));
    writeFileSync(path.join(dir, "schemas.ts"), source);
    const runtime = (await import(pathToFileURL(path.join(dir, "schemas.ts")).href)) as Record<string, unknown>;
    rmSync(dir, { recursive: true, force: true });
    const { doc, diagnostics } = await documentFor({
      "schemas.ts": source,
      "app.ts": `import Fastify from "fastify"; import { Body } from "./schemas";
        const app = Fastify();
        /** Transfer
         * @documented */
        app.post("/transfer", { schema: { body: Body } }, async () => ({}));
        export default app;`,
    });
    expect(diagnostics).toEqual([]);
    const body = doc.paths["/transfer"]!.post.requestBody.content["application/json"].schema;
    const components = (doc as unknown as { components: { schemas: Record<string, unknown> } }).components.schemas;
    const schema = body.$ref ? components[body.$ref.replace("#/components/schemas/", "")] : body;
    expect(schema).toEqual(JSON.parse(JSON.stringify(runtime.Body)));
  });

  it.each([
    {
      name: "a regular expression literal is a string pattern, the options beside it",
      schema: `Type.RegExp(/^0x[a-fA-F0-9]{40}$/, { examples: ["0x152e"] })`,
      expected: { type: "string", pattern: "^0x[a-fA-F0-9]{40}$", examples: ["0x152e"] },
      messages: [] as string[],
    },
    {
      name: "a string is the pattern",
      schema: `Type.RegExp("^[0-9]+$")`,
      expected: { type: "string", pattern: "^[0-9]+$" },
      messages: [] as string[],
    },
    {
      name: "a flag JSON Schema cannot say leaves the pattern out, with a warning",
      schema: `Type.RegExp(/^abc$/i)`,
      expected: { type: "string" },
      messages: [
        "APX505 The schema's pattern /^abc$/i has a flag JSON Schema cannot express and is left out; the rest of the schema is kept.",
      ],
    },
  ])("TypeBox 0.31 Type.RegExp: $name", async ({ schema, expected, messages }) => {
    const result = await generateFrom({
      "app.ts": `import Fastify from "fastify"; import { Type } from "@sinclair/typebox";
        const app = Fastify();
        /** Look up
         * @documented */
        app.get("/lookup", { schema: { querystring: Type.Object({ q: ${schema} }) } }, async () => ({}));
        export default app;`,
    });
    const doc = result.openapi as Doc;
    expect(doc.paths["/lookup"]!.get.parameters[0].schema).toEqual(expected);
    expect(result.diagnostics.sorted().map((d) => `${d.code} ${d.message}`)).toEqual(messages);
  });

  it("TypeBox: a union of a schema built for each element of a const array (`ALGS.map((a) => Type.Literal(a))`) is what TypeBox builds", async () => {
    const source = `import { Type } from "@sinclair/typebox";
const ALGORITHMS = ["RS256", "ES256", "PS256"] as const;
export const Algorithm = Type.Union(ALGORITHMS.map((alg) => Type.Literal(alg)), { description: "A signing algorithm" });
export const Query = Type.Object({ alg: Algorithm, sizes: Type.Union([1, 2].map((n) => { return Type.Literal(n); })) });
`;
    const dir = mkdtempSync(path.join(tmpdir(), "apidex-typebox-"));
    writeFileSync(path.join(dir, "schemas.ts"), source);
    const runtime = (await import(pathToFileURL(path.join(dir, "schemas.ts")).href)) as Record<string, unknown>;
    rmSync(dir, { recursive: true, force: true });
    const { doc, diagnostics } = await documentFor({
      "schemas.ts": source,
      "app.ts": `import Fastify from "fastify"; import { Query } from "./schemas";
        const app = Fastify();
        /** Sign
         * @documented */
        app.post("/sign", { schema: { body: Query } }, async () => ({}));
        export default app;`,
    });
    expect(diagnostics).toEqual([]);
    const components = (doc as unknown as { components: { schemas: Record<string, Record<string, unknown>> } }).components.schemas;
    const body = doc.paths["/sign"]!.post.requestBody.content["application/json"].schema;
    const inline = (schema: Record<string, unknown>): unknown =>
      typeof schema.$ref === "string" ? components[schema.$ref.replace("#/components/schemas/", "")] : schema;
    const query = inline(body) as { properties: Record<string, Record<string, unknown>> };
    const expected = JSON.parse(JSON.stringify(runtime.Query)) as { properties: Record<string, unknown> };
    // Alternatives that are each a const of one type are one enum in apidex's output, the same set of values.
    const values = (schema: unknown) => {
      const s = schema as { anyOf?: { const: unknown }[]; enum?: unknown[] };
      return s.enum ?? s.anyOf?.map((m) => m.const);
    };
    expect(values(inline(query.properties.alg!))).toEqual(values(expected.properties.alg));
    expect((inline(query.properties.alg!) as { description?: string }).description).toBe("A signing algorithm");
    expect(values(inline(query.properties.sizes!))).toEqual(values(expected.properties.sizes));
  });

  it("TypeBox: a helper's omitted options spread beside a keyword set at run time is not named as unreadable, the keyword is", async () => {
    const result = await generateFrom({
      "schemas.ts": `import { type StringOptions, Type } from "@sinclair/typebox"; import { MIN_USERNAME_LENGTH } from "@acme/sdk";
        export const customType = {
          Username: (options?: StringOptions) => Type.String({ ...options, format: "username", minLength: MIN_USERNAME_LENGTH }),
        };`,
      "app.ts": `import Fastify from "fastify"; import { Type } from "@sinclair/typebox"; import { customType } from "./schemas";
        const app = Fastify();
        /** Find a member
         * @documented */
        app.get("/members/:name", { schema: { params: Type.Object({ name: customType.Username() }) } }, async () => ({}));
        export default app;`,
    });
    const doc = result.openapi as Doc;
    expect(doc.paths["/members/{name}"]!.get.parameters[0].schema).toEqual({ type: "string", format: "username" });
    expect(result.diagnostics.sorted().map((d) => `${d.code} ${d.message}`)).toEqual([
      "APX505 The schema option minLength cannot be read statically and is left out; the rest of the schema is kept.",
    ]);
  });
});
