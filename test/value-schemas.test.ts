import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import SwaggerParser from "@apidevtools/swagger-parser";
import { Ajv2020 } from "ajv/dist/2020.js";
import { DiagnosticBag } from "../generator/diagnostics/diagnostic.js";
import { repairDocumentRefs } from "../generator/validate/document-refs.js";
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
  return bodyOf(`import { z } from "zod";\n${decls}\nexport const Body = ${expr};`);
}

describe("zod to JSON Schema, statically, as zod itself converts it", () => {
  it.each<[string, string, string?]>([
    ["object: required vs optional", `z.object({ a: z.string(), b: z.number().optional(), c: z.boolean() })`],
    [
      "string checks",
      `z.object({ a: z.string().min(1).max(5), b: z.string().length(4), c: z.string().regex(/^a+$/), d: z.string().nonempty() })`,
    ],
    [
      "string formats, zod 3 chained",
      `z.object({ e: z.string().email(), u: z.string().url(), id: z.string().uuid(), t: z.string().datetime(), d: z.string().date() })`,
    ],
    ["string formats, zod 4 top-level", `z.object({ e: z.email(), u: z.url(), id: z.uuid(), t: z.iso.datetime(), ip: z.ipv4() })`],
    [
      "number checks",
      `z.object({ a: z.number().int().positive(), b: z.number().nonnegative().lt(10), c: z.number().gt(1).max(5), d: z.number().multipleOf(5), e: z.int() })`,
    ],
    [
      "enum, native enum, literal",
      `z.object({ e: z.enum(["a", "b"]), n: z.nativeEnum(Color), l: z.literal("x"), k: z.literal(3), t: z.literal(true) })`,
      `enum Color { Red = "red", Blue = "blue" }`,
    ],
    ["enum values from a const array", `z.enum(ROLES)`, `const ROLES = ["admin", "user"] as const;`],
    [
      "enum values only a type says: a helper typed [K, ...K[]] of an object's keys (a union of literals, listed sorted: the object's keys are written so here)",
      `z.object({ op: z.enum(keysOf(OPERATORS)), kind: z.enum(KINDS) })`,
      `const OPERATORS = { contains: 1, gt: 2, is: 3 };
function keysOf<K extends string>(obj: Record<K, unknown>): [K, ...K[]] { const [first, ...rest] = Object.keys(obj) as K[]; return [first!, ...rest]; }
const BASE = ["a", "b"] as const;
const KINDS = [...BASE, "c"] as const;`,
    ],
    ["arrays", `z.object({ a: z.array(z.string()).min(1).max(3), b: z.string().array(), c: z.array(z.number()).nonempty() })`],
    [
      "optional, nullable, nullish, default",
      `z.object({ a: z.string().nullable(), b: z.string().nullish(), c: z.string().default("x"), d: z.number().optional().default(3), e: z.object({ x: z.string() }).nullable() })`,
    ],
    [
      "unions and .or",
      `z.object({ a: z.union([z.string(), z.number()]), b: z.string().or(z.number()), c: z.union([z.object({ a: z.string() }), z.string()]) })`,
    ],
    ["discriminated union", `z.discriminatedUnion("t", [z.object({ t: z.literal("a") }), z.object({ t: z.literal("b"), x: z.number() })])`],
    ["records", `z.object({ a: z.record(z.string(), z.number()), b: z.record(z.enum(["x", "y"]), z.string()) })`],
    [
      "extend, merge, pick, omit, partial, required",
      `z.object({ e: Base.extend({ c: z.boolean() }), m: Base.merge(z.object({ d: z.number().optional() })), p: Base.pick({ a: true }), o: Base.omit({ a: true }), q: Base.partial(), r: Base.partial().required() })`,
      `const Base = z.object({ a: z.string(), b: z.number() });`,
    ],
    [
      "strict, passthrough, catchall",
      `z.object({ s: z.object({ a: z.string() }).strict(), p: z.object({ a: z.string() }).passthrough(), c: z.object({ a: z.string() }).catchall(z.number()) })`,
    ],
    [
      "describe and meta",
      `z.object({ a: z.string().describe("A thing"), b: z.string().optional().describe("Maybe"), c: z.enum(["x"]).describe("E"), m: z.string().meta({ description: "d", example: "e" }) })`,
    ],
    ["coerce", `z.object({ n: z.coerce.number().int(), b: z.coerce.boolean(), s: z.coerce.string().min(2) })`],
    ["stringbool: a string a client sends", `z.object({ flag: z.stringbool(), maybe: z.stringbool().optional() })`],
    [
      "schema helpers given schemas: each parameter is the argument given at the call (an envelope of the data, a shape with the given field)",
      `z.object({ user: envelopeOf(User), list: envelopeOf(z.array(User)), ...withMeta(z.string()), first: withMeta(z.number()).meta })`,
      `const User = z.object({ id: z.string() });
function envelopeOf<T extends z.ZodTypeAny>(data: T) { return z.object({ code: z.literal(0), data }); }
const withMeta = (meta: z.ZodTypeAny) => ({ meta, at: z.number() });`,
    ],
    [
      "a schema an object of schemas holds (versions of one schema under keys)",
      `z.object({ block: blockSchemas.v6, old: blockSchemas.v5.optional() })`,
      `const blockSchemas = { v5: z.object({ id: z.string() }), v6: z.object({ id: z.string(), items: z.array(z.string()) }) } as const;`,
    ],
    [
      "a schema an object holds by name, derived from (versions under keys that name other consts: .extend() of the object schema itself)",
      `z.object({ item: itemSchemas.v5.extend({ content: z.string() }), slim: itemSchemas.v6.partial() })`,
      `const itemV5 = z.object({ id: z.string(), blockId: z.string().optional() });
const itemSchemas = { v5: itemV5, v6: itemV5.omit({ blockId: true }) };`,
    ],
    [
      "union options spread from a const array",
      `z.discriminatedUnion("type", [...blocks, z.object({ type: z.literal("c"), n: z.number() })])`,
      `const blocks = [z.object({ type: z.literal("a"), s: z.string() }), z.object({ type: z.literal("b") })] as const;`,
    ],
    ["tuple", `z.tuple([z.string(), z.number()])`],
    [
      "transforms and refinements keep the input shape",
      `z.object({ a: z.string().trim().toLowerCase(), b: z.string().refine((s) => s.length > 2), c: z.number().transform((n) => n * 2) })`,
    ],
    [
      "named schemas referenced from others",
      `z.object({ owner: User, tags: z.array(Tag), maybe: User.optional() })`,
      `const User = z.object({ id: z.string(), name: z.string() }); const Tag = z.enum(["a", "b"]);`,
    ],
    [
      "shape spreads and .shape access",
      `z.object({ ...Base.shape, c: z.boolean(), b2: Base.shape.b })`,
      `const Base = z.object({ a: z.string(), b: z.number().optional() });`,
    ],
    [
      "schema helpers of the sources: a function returning a schema, one returning an object of schemas (spread, and a member of its result)",
      `z.object({ email: zEmail({ message: "Invalid" }).min(3), first: pagination.page, ...paging(), tags: z.array(tag()) })`,
      `const zEmail = (options?: { message?: string }) => { const message = options?.message ?? "Invalid email"; return z.string().email({ message }); };
function paging() { return { page: z.number().int().optional(), size: z.number().int().min(1).optional() }; }
const pagination = paging();
function tag() { return z.enum(["a", "b"]); }`,
    ],
  ])("%s", async (_name, expr, decls = "") => {
    const { schema, diagnostics } = await staticAnswer(decls, expr);
    expect(diagnostics).toEqual([]);
    expect(schema).toEqual(zodAnswer(decls, expr));
  });
});

describe("zod schemas whose JSON Schema apidex writes otherwise than zod's converter: what they accept is zod's (Ajv over apidex's schema against zod's own parse)", () => {
  const SAMPLES: unknown[] = ["x", 1, true, null, { a: 1 }, [], ["x"], ["x", 1, 2], ["x", "y"], [1]];
  it.each([
    ["a property that must be undefined (zod 4 requires its key: no JSON object passes)", `z.object({ a: z.undefined(), b: z.string() })`],
    [
      "an optional property that must be undefined is one left out",
      `z.object({ a: z.undefined().optional(), b: z.string(), c: z.void().optional() })`,
    ],
    ["a property that can never be", `z.object({ a: z.never().optional(), b: z.string() })`],
    ["a tuple with a rest", `z.object({ a: z.tuple([z.string()]).rest(z.number()), b: z.string() })`],
  ])("%s", async (_name, expr) => {
    const { schema, diagnostics } = await staticAnswer("", expr);
    expect(diagnostics).toEqual([]);
    const real = new Function("z", ts.transpile(`return (${expr});`, { target: ts.ScriptTarget.ES2022 }))(z) as z.ZodType;
    const validate = new Ajv2020({ strict: false }).compile(schema as object);
    const objects = [
      { b: "s" },
      ...SAMPLES.flatMap((v) => [
        { a: v, b: "s" },
        { b: "s", c: v },
      ]),
    ];
    for (const sample of objects) expect(validate(sample), JSON.stringify(sample)).toBe(real.safeParse(sample).success);
  });
});

describe("zod unions written as a chain of .or()", () => {
  it("are one union, which accepts what zod accepts (checked with Ajv against zod's own parse)", async () => {
    const expr = `z.object({ v: z.string().or(z.number()).or(z.boolean()).or(z.null()), w: z.string().or(z.object({ a: z.number() })).or(z.number()) })`;
    const { schema, diagnostics } = await staticAnswer("", expr);
    expect(diagnostics).toEqual([]);
    const properties = (schema as { properties: Record<string, { anyOf?: { anyOf?: unknown }[] }> }).properties;
    expect(properties.v).toEqual({ type: ["string", "number", "boolean", "null"] });
    expect(properties.w?.anyOf?.some((m) => "anyOf" in m)).toBe(false);
    const real = new Function("z", ts.transpile(`return (${expr});`, { target: ts.ScriptTarget.ES2022 }))(z) as z.ZodType;
    const validate = new Ajv2020({ strict: false }).compile(schema as object);
    const samples = ["x", 1, true, null, { a: 1 }, { a: "x" }, [1], undefined].flatMap((v) => [
      { v, w: "s" },
      { v: "s", w: v },
    ]);
    for (const sample of samples) expect(validate(sample), JSON.stringify(sample)).toBe(real.safeParse(sample).success);
  });
});

/** The imports both sides of a drizzle case see: the static one as import lines, the real one as bindings. */
const DRIZZLE_IMPORTS: Record<string, string[]> = {
  "drizzle-orm/pg-core": [
    "pgTable",
    "pgEnum",
    "serial",
    "text",
    "varchar",
    "integer",
    "boolean",
    "uuid",
    "date",
    "numeric",
    "real",
    "timestamp",
  ],
  "drizzle-orm/sqlite-core": ["sqliteTable", "integer as sqliteInteger", "text as sqliteText"],
  "drizzle-orm/mysql-core": ["mysqlTable", "mysqlEnum", "int", "varchar as mysqlVarchar", "double"],
  "drizzle-zod": ["createSelectSchema", "createInsertSchema", "createUpdateSchema"],
};

/** What drizzle-zod itself builds from the same source, through zod's own JSON Schema (integer widths left out, as apidex does). */
async function drizzleAnswer(decls: string, expr: string): Promise<unknown> {
  const modules = await Promise.all(Object.keys(DRIZZLE_IMPORTS).map((m) => import(m)));
  const prelude = Object.entries(DRIZZLE_IMPORTS)
    .map(([, names], i) => `const { ${names.map((n) => n.replace(" as ", ": ")).join(", ")} } = m${i};`)
    .join("\n");
  // The declarations are exported in the static source; run here, they are locals.
  const js = ts.transpile(`${prelude}\n${decls.replace(/\bexport /g, "")}\nreturn (${expr});`, { target: ts.ScriptTarget.ES2022 });
  const schema = new Function("z", ...modules.map((_, i) => `m${i}`), js)(z, ...modules) as z.ZodType;
  const strip = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(strip)
      : v && typeof v === "object"
        ? Object.fromEntries(
            Object.entries(v)
              .filter(([k]) => k !== "minimum" && k !== "maximum")
              .map(([k, w]) => [k, strip(w)]),
          )
        : v;
  // With its bounds gone, `anyOf: [{ type: "number" }, { type: "null" }]` is the type list apidex writes.
  const collapse = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(collapse);
    if (!v || typeof v !== "object") return v;
    const o = Object.fromEntries(Object.entries(v).map(([k, w]) => [k, collapse(w)])) as Record<string, unknown>;
    const anyOf = o.anyOf as Record<string, unknown>[] | undefined;
    if (Object.keys(o).length === 1 && anyOf?.every((m) => Object.keys(m).length === 1 && typeof m.type === "string"))
      return { type: anyOf.map((m) => m.type) };
    return o;
  };
  return collapse(strip(normalize(z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }))));
}

/** The request body apidex publishes for `zValidator("json", Body)`, `Body` exported by `schemas` (refs inlined). */
async function bodyOf(schemas: string, more: Record<string, string> = {}) {
  const result = await generateFrom({
    ...more,
    "schemas.ts": schemas,
    "app.ts": `import { Hono } from "hono"; import { zValidator } from "@hono/zod-validator"; import { Body } from "./schemas";
      const app = new Hono();
      /** Do it
       * @documented */
      app.post("/x", zValidator("json", Body), (c) => c.json({ ok: true }));
      export default app;`,
  });
  const doc = result.openapi as Doc;
  return {
    schema: inline(doc.paths["/x"]?.post.requestBody?.content["application/json"].schema, doc.components.schemas),
    diagnostics: diagnosticLines(result),
  };
}

describe("Prisma enums (the schema's, for a client module a checkout lacks), as zod converts the object Prisma Client makes of them", () => {
  const schema = `generator client {
  provider = "prisma-client-js"
}
// Roles a member may hold.
enum Role {
  USER
  ADMIN @map("admin") // renames the database value only
  @@map("roles")
}
enum Status {
  ACTIVE
  SUSPENDED
}`;
  // What Prisma Client generates for each enum: an object of its member names.
  const generated = `const Role = { USER: "USER", ADMIN: "ADMIN" } as const; const Status = { ACTIVE: "ACTIVE", SUSPENDED: "SUSPENDED" } as const;`;
  const expr = `z.object({ role: z.nativeEnum(Role).default(Role.USER), roles: z.array(z.enum([Role.ADMIN, Role.USER])), status: z.nativeEnum(Status).optional() })`;

  it.each<[string, Record<string, string>, string]>([
    [
      "prisma/schema.prisma, imported from @prisma/client",
      { "prisma/schema.prisma": schema },
      `import { Role, Status } from "@prisma/client";`,
    ],
    [
      "a monorepo's database package with a schema per database (postgresql/, mysql/), imported through its enum module",
      {
        "package.json": JSON.stringify({ name: "root", workspaces: ["packages/*"] }),
        "packages/db/package.json": JSON.stringify({ name: "@acme/db" }),
        "packages/db/postgresql/schema.prisma": schema,
        "packages/db/mysql/schema.prisma": schema.replace("prisma-client-js", "prisma-client"),
        "packages/db/src/enum.ts": `export { Role, Status } from "@prisma/client";`,
        "tsconfig.json": JSON.stringify({ compilerOptions: { baseUrl: ".", paths: { "@acme/db/*": ["packages/db/src/*"] } } }),
      },
      `import { Role, Status } from "@acme/db/enum";`,
    ],
    [
      "package.json's prisma.schema folder (a multi-file schema), re-exported by a module of the project",
      {
        "package.json": JSON.stringify({ name: "svc", prisma: { schema: "db/schema" } }),
        "db/schema/roles.prisma": schema.slice(schema.indexOf("// Roles")),
        "db/client.ts": `export * from "@prisma/client";`,
      },
      `import { Role, Status } from "./db/client";`,
    ],
  ])("%s", async (_name, files, imports) => {
    const { schema: body, diagnostics } = await bodyOf(`import { z } from "zod";\n${imports}\nexport const Body = ${expr};`, files);
    expect(diagnostics).toEqual([]);
    expect(body).toEqual(zodAnswer(generated, expr));
  });

  it("a TypeScript property typed with a Prisma enum (the checker reads any) is the schema's enum", async () => {
    const result = await generateFrom({
      "prisma/schema.prisma": schema,
      "app.ts": `import express from "express"; import type { Role } from "@prisma/client";
      interface Member { id: string; role: Role; roles: Role[]; previous?: Role | null }
      const app = express();
      /** A member
       * @documented */
      app.get("/m", (req, res) => { res.json({} as Member); });
      app.listen(3000);`,
    });
    const doc = result.openapi as Doc;
    const member = inline(doc.paths["/m"]?.get.responses["200"].content["application/json"].schema, doc.components.schemas) as {
      properties: Record<string, unknown>;
    };
    expect(diagnosticLines(result)).toEqual([]);
    expect(member.properties).toEqual({
      id: { type: "string" },
      role: { type: "string", enum: ["USER", "ADMIN"] },
      roles: { type: "array", items: { type: "string", enum: ["USER", "ADMIN"] } },
      previous: { type: ["string", "null"], enum: ["USER", "ADMIN"] },
    });
  });

  it("an enum of the same name from a module that is no Prisma client's stays unread (APX505)", async () => {
    const { diagnostics } = await bodyOf(
      `import { z } from "zod";\nimport { Role } from "some-package";\nexport const Body = z.object({ role: z.nativeEnum(Role) });`,
      {
        "prisma/schema.prisma": schema,
      },
    );
    expect(diagnostics).toEqual(["APX505 schemas.ts:3"]);
  });
});

describe("drizzle-zod's table schemas, statically, as drizzle-zod itself builds them", () => {
  const apps = `const role = pgEnum("role", ["admin", "member"]);
    export const apps = pgTable("apps", {
      id: serial("id").primaryKey(),
      name: text("name").notNull(),
      description: text("description"),
      href: varchar("href", { length: 64 }).notNull().default("/"),
      tags: integer("tags").array(),
      role: role("role").notNull(),
      price: numeric("price"),
      score: real("score").notNull(),
      born: date("born"),
      seen: timestamp("seen", { mode: "string" }),
      active: boolean("active").notNull().default(true),
      key: uuid("key").defaultRandom().notNull(),
    });`;
  const files = `export const notes = sqliteTable("notes", {
      id: sqliteInteger("id").primaryKey({ autoIncrement: true }),
      body: sqliteText("body").notNull(),
      done: sqliteInteger("done", { mode: "boolean" }).notNull().default(false),
      kind: sqliteText("kind", { enum: ["a", "b"] }),
    });
    export const items = mysqlTable("items", (t) => ({ id: t.int().primaryKey(), label: mysqlVarchar("label", { length: 10 }).notNull(), size: mysqlEnum("size", ["s", "m"]), weight: double("weight") }));`;
  it.each<[string, string, string]>([
    ["select: every column, a nullable one as T | null", apps, "createSelectSchema(apps)"],
    ["insert: what the database fills or may leave empty is optional", apps, "createInsertSchema(apps)"],
    ["update: every column optional", apps, "createUpdateSchema(apps)"],
    ["a zod method on the table's schema", apps, "createSelectSchema(apps).pick({ id: true, name: true, role: true })"],
    ["a column's schema replaced by a zod schema", apps, "createInsertSchema(apps, { name: z.string().min(3) })"],
    ["sqlite: integer modes, text enums", files, "createSelectSchema(notes)"],
    ["mysql: columns as a function of the builders, inline enums", files, "createInsertSchema(items)"],
  ])("%s", async (_name, decls, expr) => {
    const imports = Object.entries(DRIZZLE_IMPORTS)
      .map(([m, names]) => `import { ${names.join(", ")} } from "${m}";`)
      .join("\n");
    const { schema, diagnostics } = await bodyOf(`import { z } from "zod";\n${imports}\n${decls}\nexport const Body = ${expr};`);
    expect(diagnostics).toEqual([]);
    expect(schema).toEqual(await drizzleAnswer(decls, expr));
  });

  it("a Date column is an ISO date-time string, as JSON carries it (zod has no JSON Schema for a Date); json columns any value", async () => {
    const { schema } =
      await bodyOf(`import { pgTable, timestamp, jsonb } from "drizzle-orm/pg-core"; import { createSelectSchema } from "drizzle-zod";
        export const events = pgTable("events", { at: timestamp("at").notNull(), data: jsonb("data").notNull() });
        export const Body = createSelectSchema(events);`);
    expect(schema).toEqual({
      type: "object",
      properties: { at: { type: "string", format: "date-time" }, data: {} },
      required: ["at", "data"],
    });
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

  it("a schema named where it is written, inside a route's body, is a component too: the service's own $ref to it resolves", async () => {
    const { doc, components, diagnostics } = await documentFor({
      "app.ts": `import { Hono } from "hono"; import { zValidator } from "@hono/zod-validator"; import { z } from "zod";
        const app = new Hono();
        /** Check a query
         * @documented */
        app.post("/check", zValidator("json", z.object({
          q: z.string().openapi("Query", { oneOf: [{ type: "string" }, { type: "array", items: { $ref: "#/components/schemas/Query" } }] }),
          tag: z.object({ label: z.string() }).meta({ id: "Label" }).optional(),
        })), (c) => c.json({}));
        export default app;`,
    });
    expect(diagnostics).toEqual([]);
    expect(doc.paths["/check"]!.post.requestBody.content["application/json"].schema).toEqual({
      type: "object",
      properties: { q: ref("Query"), tag: ref("Label") },
      required: ["q"],
    });
    expect(components.Query).toEqual({ type: "string", oneOf: [{ type: "string" }, { type: "array", items: ref("Query") }] });
    expect(components.Label).toEqual({ type: "object", properties: { label: { type: "string" } }, required: ["label"] });
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

describe("schemas from values, per framework, into a valid OpenAPI document", () => {
  it("@hono/zod-openapi: createRoute's request params, query and body, and its responses, across files", async () => {
    const { doc, components, diagnostics } = await documentFor({
      "routes/monitors.ts": `import { createRoute, z } from "@hono/zod-openapi";
        const ParamsSchema = z.object({ id: z.string().openapi({ param: { name: "id", in: "path" }, example: "m_1" }) });
        export const MonitorSchema = z.object({ id: z.string(), url: z.url(), interval: z.number().int().min(30) }).openapi("Monitor");
        export const getMonitor = createRoute({
          method: "get", path: "/monitors/{id}", summary: "Get a monitor",
          request: { params: ParamsSchema, query: z.object({ expand: z.enum(["checks"]).optional() }) },
          responses: {
            200: { content: { "application/json": { schema: MonitorSchema } }, description: "The monitor" },
            404: { description: "Not found" },
          },
        });
        export const createMonitor = createRoute({
          method: "post", path: "/monitors",
          request: { body: { content: { "application/json": { schema: MonitorSchema.omit({ id: true }) } } } },
          responses: { 201: { content: { "application/json": { schema: MonitorSchema } }, description: "Created" } },
        });`,
      "app.ts": `import { OpenAPIHono } from "@hono/zod-openapi"; import { getMonitor, createMonitor } from "./routes/monitors";
        const app = new OpenAPIHono();
        /** @documented */
        app.openapi(getMonitor, (c) => c.json({}));
        /** Create a monitor
         * @documented */
        app.openapi(createMonitor, (c) => c.json({}, 201));
        export default app;`,
    });
    expect(diagnostics).toEqual([]);
    const get = doc.paths["/monitors/{id}"]!.get;
    expect(get.parameters.map((p: any) => [p.name, p.in, p.required, p.schema])).toEqual([
      ["id", "path", true, { type: "string", example: "m_1" }],
      ["expand", "query", false, { type: "string", enum: ["checks"] }],
    ]);
    expect(get.responses["200"]).toMatchObject(json(ref("Monitor")));
    expect(get.responses["404"].content).toBeUndefined();
    const post = doc.paths["/monitors"]!.post;
    expect(post.requestBody.content["application/json"].schema).toEqual({
      type: "object",
      properties: { url: { type: "string", format: "uri" }, interval: { type: "integer", minimum: 30 } },
      required: ["url", "interval"],
    });
    expect(Object.keys(post.responses).filter((s) => s.startsWith("2"))).toEqual(["201"]);
    expect(Object.keys(components)).toEqual(["Monitor"]);
  });

  it("Hono: zValidator form bodies keep their media type; hono-openapi's validator and describeRoute responses", async () => {
    const { doc, diagnostics } = await documentFor({
      "app.ts": `import { Hono } from "hono"; import { zValidator } from "@hono/zod-validator"; import { describeRoute, resolver, validator } from "hono-openapi"; import { z } from "zod";
        const app = new Hono();
        /** Upload a note
         * @documented */
        app.post("/notes", zValidator("form", z.object({ text: z.string() })), (c) => c.json({}));
        /** Search notes
         * @documented */
        app.get("/notes", describeRoute({ responses: { 200: { description: "ok", content: { "application/json": { schema: resolver(z.array(z.string())) } } } } }),
          validator("query", z.object({ q: z.string() })), (c) => c.json([]));
        export default app;`,
    });
    expect(diagnostics).toEqual([]);
    expect(doc.paths["/notes"]!.post.requestBody.content).toEqual({
      "multipart/form-data": { schema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] } },
    });
    expect(doc.paths["/notes"]!.get.parameters).toEqual([{ name: "q", in: "query", required: true, schema: { type: "string" } }]);
    expect(doc.paths["/notes"]!.get.responses["200"]).toMatchObject(json({ type: "array", items: { type: "string" } }));
  });

  it("Hono: a header validator's headers are header parameters, but not the ones OpenAPI ignores (Authorization)", async () => {
    const { doc, diagnostics } = await documentFor({
      "app.ts": `import { Hono } from "hono"; import { zValidator } from "@hono/zod-validator"; import { z } from "zod";
        const app = new Hono();
        /** Import events
         * @documented */
        app.post("/events", zValidator("header", z.object({ "x-request-id": z.string(), "x-dry-run": z.enum(["1", "0"]).optional(), authorization: z.string() })), (c) => c.json({}));
        export default app;`,
    });
    expect(diagnostics).toEqual([]);
    expect(doc.paths["/events"]!.post.parameters).toEqual([
      { name: "x-request-id", in: "header", required: true, schema: { type: "string" } },
      { name: "x-dry-run", in: "header", required: false, schema: { type: "string", enum: ["1", "0"] } },
    ]);
  });

  it("Express: validate(Schema) middleware, { body, query } validators, Schema.parse(req.body) in the handler; values beat types, @body beats values", async () => {
    const { doc, diagnostics, messages } = await documentFor({
      "schemas.ts": `import { z } from "zod";
        export const CreateInvoice = z.object({ amount: z.number().positive(), currency: z.enum(["EUR", "USD"]) });
        export const ListQuery = z.object({ page: z.coerce.number().int().min(1).default(1) });`,
      "types.ts": `export interface Legacy { old: string }`,
      "app.ts": `import express, { type Request } from "express"; import { z } from "zod"; import { CreateInvoice, ListQuery } from "./schemas"; import type { Legacy } from "./types";
        declare function validate(schema: unknown): express.RequestHandler;
        declare function validateQuery(schema: unknown): express.RequestHandler;
        declare function validateRequest(parts: unknown): express.RequestHandler;
        const app = express();
        /** Create an invoice
         * @documented */
        app.post("/invoices", validate(CreateInvoice), (req: Request<{}, unknown, Legacy>, res) => { res.status(201).json({}); });
        /** List invoices
         * @documented */
        app.get("/invoices", validateQuery(ListQuery), (req, res) => { res.json({ page: 1 }); });
        /** Update an invoice
         * @documented */
        app.patch("/invoices/:id", validateRequest({ params: z.object({ id: z.string().uuid() }), body: CreateInvoice.partial() }), (req, res) => { res.json({}); });
        /** Send an invoice
         * @documented */
        app.post("/invoices/:id/send", (req, res) => { const body = z.object({ to: z.email() }).parse(req.body); res.status(202).json({ to: String(body) }); });
        /** Void an invoice
         * @documented
         * @body Legacy */
        app.post("/invoices/:id/void", validate(CreateInvoice), (req, res) => { res.json({}); });
        export default app;`,
    });
    expect(diagnostics, JSON.stringify(messages)).toEqual([]);
    const body = (path: string, method: string) => doc.paths[path]![method].requestBody?.content["application/json"].schema;
    expect(body("/invoices", "post")).toEqual(ref("CreateInvoice"));
    expect(doc.paths["/invoices"]!.get.parameters).toEqual([
      { name: "page", in: "query", required: false, schema: { type: "integer", minimum: 1, default: 1 } },
    ]);
    expect(doc.paths["/invoices/{id}"]!.patch.parameters[0].schema).toEqual({ type: "string", format: "uuid" });
    expect(body("/invoices/{id}", "patch")).toEqual({
      type: "object",
      properties: { amount: { type: "number", exclusiveMinimum: 0 }, currency: { type: "string", enum: ["EUR", "USD"] } },
    });
    expect(body("/invoices/{id}/send", "post")).toEqual({
      type: "object",
      properties: { to: { type: "string", format: "email" } },
      required: ["to"],
    });
    expect(body("/invoices/{id}/void", "post")).toEqual(ref("Legacy"));
  });

  it("TypeBox: an option set at run time is left out (and named), the rest kept; alternatives that come out the same are one", async () => {
    const { doc, messages } = await documentFor({
      "app.ts": `import Fastify from "fastify"; import { Type } from "@sinclair/typebox";
        const isTestEnv = process.env.NODE_ENV === "test";
        const Hash = Type.String({ pattern: isTestEnv ? undefined : "^0x[a-f0-9]{64}$", description: "A block hash" });
        const app = Fastify();
        /** Get a block
         * @documented */
        app.get("/blocks/:id", { schema: { params: Type.Object({ id: Type.Union([Hash, Type.String({ description: "A block hash" })]) }) } }, async () => ({}));
        export default app;`,
    });
    expect(doc.paths["/blocks/{id}"]!.get.parameters[0].schema).toEqual({ type: "string", description: "A block hash" });
    expect(messages).toEqual(["The schema option pattern cannot be read statically and is left out; the rest of the schema is kept."]);
  });

  it("TypeBox: Composite, KeyOf, Const and the project's schema helpers are what TypeBox itself builds from the same source", async () => {
    const source = `import { type TSchema, Type } from "@sinclair/typebox";
export const Account = Type.Object({ id: Type.String(), note: Type.Optional(Type.String({ maxLength: 200 })) });
export const Audit = Type.Object({ at: Type.String({ format: "date-time" }), id: Type.Integer() });
export const AuditedAccount = Type.Composite([Account, Audit], { description: "An account and its audit" });
export const AccountField = Type.KeyOf(Account);
const Nullable = <T extends TSchema>(type: T) => Type.Union([type, Type.Null()]);
function Page<T extends TSchema>(item: T, max = 100) {
  return Type.Object({ items: Type.Array(item, { maxItems: max }), next: Nullable(Type.String()) });
}
export const AccountPage = Page(Account, 50);
export const MaybeNote = Nullable(Type.String({ maxLength: 10 }));
const DirectionEnum = { Asc: "asc", Desc: "desc" } as const;
export const Direction = Type.KeyOf(Type.Const(DirectionEnum));
export const Query = Type.Object({ sort: AccountField, direction: Direction });
export const Listing = Type.Object({ page: AccountPage, note: MaybeNote });
`;
    const dir = mkdtempSync(path.join(tmpdir(), "apidex-typebox-"));
    writeFileSync(path.join(dir, "schemas.ts"), source);
    const runtime = (await import(pathToFileURL(path.join(dir, "schemas.ts")).href)) as Record<string, unknown>;
    rmSync(dir, { recursive: true, force: true });
    const { components, diagnostics } = await documentFor({
      "schemas.ts": source,
      "app.ts": `import Fastify from "fastify"; import { AuditedAccount, Listing, Query } from "./schemas";
        const app = Fastify();
        /** Save an account
         * @documented */
        app.put("/accounts", { schema: { body: AuditedAccount, querystring: Query, response: { 200: Listing } } }, async () => ({}));
        export default app;`,
    });
    expect(diagnostics).toEqual([]);
    // TypeBox's objects carry symbol-keyed bookkeeping, which JSON leaves out; alternatives that are each
    // only a type are one type list in apidex's output (`["string", "null"]`), the same schema as their anyOf.
    const typeLists = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(typeLists);
      if (!value || typeof value !== "object") return value;
      const out = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, typeLists(v)]));
      const anyOf = out.anyOf as Record<string, unknown>[] | undefined;
      if (Object.keys(out).length === 1 && anyOf?.every((m) => Object.keys(m).length === 1 && typeof m.type === "string"))
        return { type: anyOf.map((m) => m.type) };
      return out;
    };
    const json = (value: unknown) => typeLists(JSON.parse(JSON.stringify(value)));
    expect(inline(components.AuditedAccount, components)).toEqual(json(runtime.AuditedAccount));
    expect(inline(components.AccountField, components)).toEqual(json(runtime.AccountField));
    expect(inline(components.Direction, components)).toEqual(json(runtime.Direction));
    // Helpers of the project's own that return schemas (an arrow function, a function declaration with a default).
    expect(inline(components.Listing, components)).toEqual(json(runtime.Listing));
  });

  it("TypeBox: a union of one named schema is a $ref to its component, with the union's options beside it", async () => {
    const { doc, components, diagnostics } = await documentFor({
      "schemas.ts": `import { Type } from "@sinclair/typebox";
        export const SegmentSource = Type.Object({ type: Type.Literal("segment") });
        export const SourceVariant = Type.Union([SegmentSource]);
        export const Described = Type.Union([SegmentSource], { description: "The only source" });
        export const Config = Type.Object({ variant: SourceVariant, described: Described });`,
      "app.ts": `import Fastify from "fastify"; import { Config } from "./schemas";
        const app = Fastify();
        /** Save the configuration
         * @documented */
        app.put("/config", { schema: { body: Config } }, async () => ({}));
        export default app;`,
    });
    expect(diagnostics).toEqual([]);
    expect(doc.paths["/config"]!.put.requestBody.content["application/json"].schema).toEqual(ref("Config"));
    expect(components.SourceVariant).toEqual(ref("SegmentSource"));
    expect(components.Described).toEqual({ ...ref("SegmentSource"), description: "The only source" });
    expect(JSON.stringify(components)).not.toContain('"$ref":""');
  });

  it("a $ref that names no component is taken out of its schema with a warning, so the document stays valid (APX409)", () => {
    const bag = new DiagnosticBag();
    const document = {
      paths: { "/a": { get: { responses: { 200: { content: { "application/json": { schema: { $ref: "", description: "kept" } } } } } } } },
      components: { schemas: { A: { $ref: "#/components/schemas/B" } } },
    };
    repairDocumentRefs(document, bag);
    expect(bag.items.map((d) => `${d.severity} ${d.code} ${d.message.split(" at ")[1]?.split(",")[0]}`)).toEqual([
      "warning APX409 #/paths/~1a/get/responses/200/content/application~1json/schema",
      "warning APX409 #/components/schemas/A",
    ]);
    expect(document.paths["/a"].get.responses[200].content["application/json"].schema).toEqual({ description: "kept" });
    expect(document.components.schemas.A).toEqual({});
    const clean = new DiagnosticBag();
    const valid = { components: { schemas: { A: { type: "string" }, B: { $ref: "#/components/schemas/A" } } } };
    repairDocumentRefs(valid, clean);
    expect(clean.items).toEqual([]);
    expect(valid.components.schemas.B).toEqual({ $ref: "#/components/schemas/A" });
  });

  it("Fastify: route schema as JSON Schema literals and TypeBox, with per-status responses", async () => {
    const { doc, components, diagnostics } = await documentFor({
      "schemas.ts": `import { Type } from "@sinclair/typebox";
        export const Pet = Type.Object({ id: Type.Integer(), name: Type.String({ minLength: 1 }), tag: Type.Optional(Type.String()) });`,
      "app.ts": `import Fastify from "fastify"; import { Type } from "@sinclair/typebox"; import { Pet } from "./schemas";
        const app = Fastify();
        const idParams = { type: "object", properties: { id: { type: "integer" } }, required: ["id"] } as const;
        /** Create a pet
         * @documented */
        app.post("/pets", { schema: { body: Type.Omit(Pet, ["id"]), response: { 201: Pet } } }, async () => ({}));
        /** List pets
         * @documented */
        app.route({ method: "GET", url: "/pets", schema: { querystring: { type: "object", properties: { limit: { type: "integer", maximum: 100 } } },
          response: { 200: { type: "array", items: Pet } } }, handler: async () => [] });
        /** Get a pet
         * @documented */
        app.get("/pets/:id", { schema: { params: idParams, response: { 200: Pet, 404: { type: "object", properties: { message: { type: "string" } } } } } }, async () => ({}));
        export default app;`,
    });
    expect(diagnostics).toEqual([]);
    const pet = {
      type: "object",
      properties: { id: { type: "integer" }, name: { type: "string", minLength: 1 }, tag: { type: "string" } },
      required: ["id", "name"],
    };
    expect(components).toEqual({ Pet: pet });
    expect(doc.paths["/pets"]!.post.requestBody.content["application/json"].schema).toEqual({
      type: "object",
      properties: { name: { type: "string", minLength: 1 }, tag: { type: "string" } },
      required: ["name"],
    });
    expect(doc.paths["/pets"]!.post.responses["201"]).toMatchObject(json(ref("Pet")));
    expect(doc.paths["/pets"]!.get.parameters).toEqual([
      { name: "limit", in: "query", required: false, schema: { type: "integer", maximum: 100 } },
    ]);
    expect(doc.paths["/pets"]!.get.responses["200"]).toMatchObject(json({ type: "array", items: ref("Pet") }));
    const get = doc.paths["/pets/{id}"]!.get;
    expect(get.parameters[0].schema).toEqual({ type: "integer" });
    expect(get.responses["404"]).toMatchObject(json({ type: "object", properties: { message: { type: "string" } } }));
  });

  it("Fastify: a $ref to a schema registered at run time is a warning and an open schema", async () => {
    const { doc, diagnostics } = await documentFor({
      "app.ts": `import Fastify from "fastify";
        const app = Fastify();
        /** Create
         * @documented */
        app.post("/things", { schema: { body: { $ref: "Thing#" } } }, async () => ({}));
        export default app;`,
    });
    expect(diagnostics).toEqual(["APX505 app.ts:5"]);
    expect(Object.keys(doc.paths["/things"]!.post.requestBody.content["application/json"].schema)).toEqual(["x-apidex-unreadable"]);
  });
});
