import SwaggerParser from "@apidevtools/swagger-parser";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ts } from "../generator/typescript.js";
import { diagnosticLines, generateFrom } from "./helpers/in-memory.js";

/**
 * Schemas written as values (zod, TypeBox, JSON Schema literals) converted statically. The zod cases are
 * checked against zod itself: the same source is run with the real zod and `z.toJSONSchema(..., { io:
 * "input" })` is the expected answer, so the table holds no hand-written results for them.
 */
type Doc = { paths: Record<string, Record<string, any>>; components: { schemas: Record<string, any> } };

/** Replaces `$ref`s to components with the components themselves (for comparing with zod's inline output). */
function inline(schema: unknown, components: Record<string, unknown>, depth = 0): unknown {
  if (depth > 20 || !schema || typeof schema !== "object") return schema;
  if (Array.isArray(schema)) return schema.map((s) => inline(s, components, depth + 1));
  const { $ref, ...rest } = schema as Record<string, unknown>;
  const own = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, inline(v, components, depth + 1)]));
  if (typeof $ref !== "string") return own;
  return { ...(inline(components[$ref.replace("#/components/schemas/", "")], components, depth + 1) as object), ...own };
}

/** zod's output without what apidex leaves out on purpose: `$schema`, zod's own regexes behind formats, safe-integer bounds. */
function normalize(schema: unknown): unknown {
  if (!schema || typeof schema !== "object") return schema;
  if (Array.isArray(schema)) return schema.map(normalize);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k === "$schema") continue;
    if (k === "pattern" && "format" in schema) continue;
    if ((k === "minimum" || k === "maximum") && Math.abs(v as number) === Number.MAX_SAFE_INTEGER) continue;
    out[k] = normalize(v);
  }
  return out;
}

/** Runs the case's source with the real zod: what `z.toJSONSchema` says of it. */
function zodAnswer(decls: string, expr: string): unknown {
  const js = ts.transpile(`${decls}\nreturn (${expr});`, { target: ts.ScriptTarget.ES2022 });
  const schema = new Function("z", js)(z) as z.ZodType;
  return normalize(z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }));
}

/** The request body apidex publishes for `zValidator("json", <expr>)`, refs inlined. */
async function staticAnswer(decls: string, expr: string) {
  const result = await generateFrom({
    "schemas.ts": `import { z } from "zod";\n${decls}\nexport const Body = ${expr};`,
    "app.ts": `import { Hono } from "hono"; import { zValidator } from "@hono/zod-validator"; import { Body } from "./schemas";
      const app = new Hono();
      /** Do it
       * @documented */
      app.post("/x", zValidator("json", Body), (c) => c.json({ ok: true }));
      export default app;`,
  });
  const doc = result.openapi as Doc;
  const schema = doc.paths["/x"]?.post.requestBody?.content["application/json"].schema;
  return { schema: inline(schema, doc.components.schemas), diagnostics: diagnosticLines(result) };
}

describe("zod to JSON Schema, statically, as zod itself converts it", () => {
  it.each<[string, string, string?]>([
    ["object: required vs optional", `z.object({ a: z.string(), b: z.number().optional(), c: z.boolean() })`],
    ["string checks", `z.object({ a: z.string().min(1).max(5), b: z.string().length(4), c: z.string().regex(/^a+$/), d: z.string().nonempty() })`],
    ["string formats, zod 3 chained", `z.object({ e: z.string().email(), u: z.string().url(), id: z.string().uuid(), t: z.string().datetime(), d: z.string().date() })`],
    ["string formats, zod 4 top-level", `z.object({ e: z.email(), u: z.url(), id: z.uuid(), t: z.iso.datetime(), ip: z.ipv4() })`],
    ["number checks", `z.object({ a: z.number().int().positive(), b: z.number().nonnegative().lt(10), c: z.number().gt(1).max(5), d: z.number().multipleOf(5), e: z.int() })`],
    ["enum, native enum, literal", `z.object({ e: z.enum(["a", "b"]), n: z.nativeEnum(Color), l: z.literal("x"), k: z.literal(3), t: z.literal(true) })`, `enum Color { Red = "red", Blue = "blue" }`],
    ["enum values from a const array", `z.enum(ROLES)`, `const ROLES = ["admin", "user"] as const;`],
    ["arrays", `z.object({ a: z.array(z.string()).min(1).max(3), b: z.string().array(), c: z.array(z.number()).nonempty() })`],
    ["optional, nullable, nullish, default", `z.object({ a: z.string().nullable(), b: z.string().nullish(), c: z.string().default("x"), d: z.number().optional().default(3), e: z.object({ x: z.string() }).nullable() })`],
    ["unions and .or", `z.object({ a: z.union([z.string(), z.number()]), b: z.string().or(z.number()), c: z.union([z.object({ a: z.string() }), z.string()]) })`],
    ["discriminated union", `z.discriminatedUnion("t", [z.object({ t: z.literal("a") }), z.object({ t: z.literal("b"), x: z.number() })])`],
    ["records", `z.object({ a: z.record(z.string(), z.number()), b: z.record(z.enum(["x", "y"]), z.string()) })`],
    ["extend, merge, pick, omit, partial, required", `z.object({ e: Base.extend({ c: z.boolean() }), m: Base.merge(z.object({ d: z.number().optional() })), p: Base.pick({ a: true }), o: Base.omit({ a: true }), q: Base.partial(), r: Base.partial().required() })`, `const Base = z.object({ a: z.string(), b: z.number() });`],
    ["strict, passthrough, catchall", `z.object({ s: z.object({ a: z.string() }).strict(), p: z.object({ a: z.string() }).passthrough(), c: z.object({ a: z.string() }).catchall(z.number()) })`],
    ["describe and meta", `z.object({ a: z.string().describe("A thing"), b: z.string().optional().describe("Maybe"), c: z.enum(["x"]).describe("E"), m: z.string().meta({ description: "d", example: "e" }) })`],
    ["coerce", `z.object({ n: z.coerce.number().int(), b: z.coerce.boolean(), s: z.coerce.string().min(2) })`],
    ["tuple", `z.tuple([z.string(), z.number()])`],
    ["transforms and refinements keep the input shape", `z.object({ a: z.string().trim().toLowerCase(), b: z.string().refine((s) => s.length > 2), c: z.number().transform((n) => n * 2) })`],
    ["named schemas referenced from others", `z.object({ owner: User, tags: z.array(Tag), maybe: User.optional() })`, `const User = z.object({ id: z.string(), name: z.string() }); const Tag = z.enum(["a", "b"]);`],
    ["shape spreads and .shape access", `z.object({ ...Base.shape, c: z.boolean(), b2: Base.shape.b })`, `const Base = z.object({ a: z.string(), b: z.number().optional() });`],
  ])("%s", async (_name, expr, decls = "") => {
    const { schema, diagnostics } = await staticAnswer(decls, expr);
    expect(diagnostics).toEqual([]);
    expect(schema).toEqual(zodAnswer(decls, expr));
  });
});

/** Runs the pipeline, checks the document with swagger-parser, and returns the document and diagnostics. */
async function documentFor(files: Record<string, string>) {
  const result = await generateFrom(files);
  const doc = result.openapi as Doc;
  await SwaggerParser.validate(structuredClone(doc) as never);
  const { Error: _e, PermissionRefusal: _p, ...components } = doc.components.schemas;
  return { doc, components, diagnostics: diagnosticLines(result), messages: result.diagnostics.items.map((d) => d.message) };
}

const json = (schema: unknown) => ({ content: { "application/json": { schema } } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

describe("named schemas become components", () => {
  it("names them after the const (without a Schema suffix), .openapi(name) or .meta({ id }), across files", async () => {
    const { doc, components, diagnostics } = await documentFor({
      "models/user.ts": `import { z } from "zod";
        export const UserSchema = z.object({ id: z.string().uuid(), name: z.string() });
        export const Team = z.object({ members: z.array(UserSchema) }).openapi("TeamBody");
        export const Tag = z.object({ label: z.string() }).meta({ id: "Label" });
        export const Id = z.string().uuid();`,
      "models/index.ts": `export * from "./user";`,
      "app.ts": `import { Hono } from "hono"; import { zValidator } from "@hono/zod-validator"; import { z } from "zod"; import { Team, Tag, Id } from "./models";
        const app = new Hono();
        /** Make a team
         * @documented */
        app.post("/teams", zValidator("json", z.object({ team: Team, tag: Tag, id: Id })), (c) => c.json({}));
        export default app;`,
    });
    expect(diagnostics).toEqual([]);
    expect(doc.paths["/teams"]!.post.requestBody.content["application/json"].schema).toEqual({
      type: "object",
      properties: { team: ref("TeamBody"), tag: ref("Label"), id: { type: "string", format: "uuid" } },
      required: ["team", "tag", "id"],
    });
    expect(components).toEqual({
      TeamBody: { type: "object", properties: { members: { type: "array", items: ref("User") } }, required: ["members"] },
      Label: { type: "object", properties: { label: { type: "string" } }, required: ["label"] },
      User: { type: "object", properties: { id: { type: "string", format: "uuid" }, name: { type: "string" } }, required: ["id", "name"] },
    });
  });

  it("reads a recursive schema (zod 4 getter) as a component that refers to itself", async () => {
    const { components, diagnostics } = await documentFor({
      "app.ts": `import { Hono } from "hono"; import { zValidator } from "@hono/zod-validator"; import { z } from "zod";
        export const Category = z.object({ name: z.string(), get children() { return z.array(Category); } });
        const app = new Hono();
        /** Add a category
         * @documented */
        app.post("/categories", zValidator("json", Category), (c) => c.json({}));
        export default app;`,
    });
    expect(diagnostics).toEqual([]);
    expect(components.Category).toEqual({
      type: "object",
      properties: { name: { type: "string" }, children: { type: "array", items: ref("Category") } },
      required: ["name", "children"],
    });
  });
});

describe("what cannot be converted", () => {
  it("is an open schema with an APX505 warning at its line, and the run still writes the document", async () => {
    const { doc, diagnostics, messages } = await documentFor({
      "app.ts": `import { Hono } from "hono"; import { zValidator } from "@hono/zod-validator"; import { z } from "zod";
        const app = new Hono();
        /** Upload
         * @documented */
        app.post("/things", zValidator("json", z.object({ name: z.string(), size: z.bigint(), tags: z.set(z.string()) })), (c) => c.json({}));
        export default app;`,
    });
    expect(diagnostics).toEqual(["APX505 app.ts:5", "APX505 app.ts:5"]);
    expect(messages[0]).toMatch(/z\.bigint\(\)/);
    const schema = doc.paths["/things"]!.post.requestBody.content["application/json"].schema;
    expect(schema.properties.name).toEqual({ type: "string" });
    expect(Object.keys(schema.properties.size)).toEqual(["x-apidex-unreadable"]);
    expect(Object.keys(schema.properties.tags)).toEqual(["x-apidex-unreadable"]);
  });
});
