import SwaggerParser from "@apidevtools/swagger-parser";
import { Elysia, t } from "elysia";
import { describe, expect, it } from "vitest";
import { ts } from "../generator/typescript.js";
import { diagnosticLines, generateFrom } from "./helpers/in-memory.js";

/**
 * Elysia's own builders on `t` ("Elysia Type": `t.Date()`, `t.File()`, `t.Nullable()`, ...), which TypeBox
 * lacks, read as the JSON a client sends and receives. Each case is also checked against what the real
 * Elysia builds from the same source, less what no JSON value can be (a `{ type: "Date" }` or
 * `{ type: "undefined" }` member) and Elysia's own bookkeeping (`elysiaMeta`, `nullable`, the file keywords
 * `extension`/`minSize`/`maxSize`, the `default: "File"` it stamps on file schemas, the `default` its numeric,
 * integer and boolean strings carry for error messages, `t.Cookie`'s cookie `config`, `t.Form`'s run-time
 * FormData member and its empty-form `default`). Where a builder takes a string Elysia decodes, the real
 * Elysia is also sent both forms.
 */

type Schema = Record<string, unknown>;

/** The schema apidex publishes for `t.Object({ v: <expr> })` as an Elysia route's body, and its diagnostics. */
async function bodyOf(expr: string, imports = `import { Elysia, t } from "elysia";`) {
  const result = await generateFrom({
    "app.ts": `${imports}
      export const app = new Elysia()
        /** Save a thing
         * @documented */
        .post("/things", () => ({}), { body: t.Object({ v: ${expr} }) });`,
  });
  const doc = result.openapi as { paths: Record<string, Record<string, any>> };
  await SwaggerParser.validate(structuredClone(doc) as never);
  // A body holding a file is sent as multipart form data (test/elysia-body-type.test.ts); any other as JSON.
  const body = Object.values(doc.paths["/things"]!.post.requestBody.content as Record<string, { schema: Schema }>)[0]!.schema;
  return {
    schema: (body.properties as Record<string, Schema>).v,
    required: (body.required as string[] | undefined) ?? [],
    diagnostics: diagnosticLines(result),
    messages: result.diagnostics.items.map((d) => d.message),
  };
}

const ELYSIA_BOOKKEEPING = new Set(["elysiaMeta", "nullable", "extension", "minSize", "maxSize", "config"]);
/** The formats of the strings Elysia decodes, on which it stamps a `default` (`0`, `false`) for its error messages. */
const STAMPED_FORMATS = new Set(["numeric", "integer", "boolean"]);

/** What the real Elysia builds, as JSON: non-JSON members and Elysia's bookkeeping left out, type-only alternatives as one type list. */
function elysiaAnswer(expr: string): unknown {
  const js = ts.transpile(`return (${expr});`, { target: ts.ScriptTarget.ES2022 });
  const built = JSON.parse(JSON.stringify(new Function("t", js)(t)));
  const clean = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(clean);
    if (!value || typeof value !== "object") return value;
    const out: Schema = {};
    for (const [k, v] of Object.entries(value)) {
      if (ELYSIA_BOOKKEEPING.has(k) || (k === "default" && (v === "File" || v === "Files"))) continue;
      if (k === "default" && STAMPED_FORMATS.has((value as Schema).format as string)) continue;
      // t.Form's `default: form({})`, an empty form.
      if (k === "default" && v && typeof v === "object" && !Object.keys(v).length) continue;
      out[k] = clean(v);
    }
    if (Array.isArray(out.anyOf)) {
      // t.Form's second member checks a FormData at run time (it holds the compiled check).
      const members = (out.anyOf as Schema[]).filter((m) => m.type !== "Date" && m.type !== "undefined" && !("compiler" in m));
      if (Object.keys(out).length === 1 && members.length === 1) return members[0];
      if (Object.keys(out).length === 1 && members.every((m) => Object.keys(m).length === 1 && typeof m.type === "string"))
        return { type: members.map((m) => m.type) };
      out.anyOf = members;
    }
    return out;
  };
  return clean(built);
}

describe("Elysia's own `t` builders are read as the JSON they accept and answer", () => {
  it.each<[string, Schema, boolean]>([
    ["t.Date()", { anyOf: [{ type: "string", format: "date-time" }, { type: "string", format: "date" }, { type: "number" }] }, true],
    [
      `t.Date({ description: "When it happened" })`,
      {
        anyOf: [{ type: "string", format: "date-time" }, { type: "string", format: "date" }, { type: "number" }],
        description: "When it happened",
      },
      true,
    ],
    [
      `t.File({ description: "The upload", type: "image", maxSize: "5m" })`,
      { type: "string", format: "binary", description: "The upload" },
      true,
    ],
    ["t.Files()", { type: "array", items: { type: "string", format: "binary" } }, true],
    [`t.Files({ maxItems: 3 })`, { type: "array", items: { type: "string", format: "binary" }, maxItems: 3 }, false],
    ["t.Nullable(t.String())", { type: ["string", "null"] }, true],
    [
      `t.Nullable(t.Object({ id: t.String() }))`,
      { anyOf: [{ type: "object", properties: { id: { type: "string" } }, required: ["id"] }, { type: "null" }] },
      true,
    ],
    [`t.UnionEnum(["draft", "published"])`, { type: "string", enum: ["draft", "published"] }, false],
    [`t.Numeric({ minimum: 1 })`, { anyOf: [{ type: "string", format: "numeric" }, { type: "number" }], minimum: 1 }, false],
    ["t.BooleanString()", { anyOf: [{ type: "boolean" }, { type: "string", format: "boolean" }] }, true],
    // Elysia's t.Integer (not TypeBox's): an integer or an integer string, its options on both as Elysia puts them.
    ["t.Integer()", { anyOf: [{ type: "string", format: "integer" }, { type: "integer" }] }, true],
    [
      `t.Integer({ minimum: 1, description: "Page" })`,
      {
        anyOf: [
          { type: "string", format: "integer" },
          { type: "integer", minimum: 1, description: "Page" },
        ],
        minimum: 1,
        description: "Page",
      },
      true,
    ],
    // The object Elysia checks cookies against; the cookie's settings are how Elysia sets it, not JSON Schema.
    [
      `t.Cookie({ session: t.String() }, { httpOnly: true, secrets: "k", sign: ["session"], description: "Session" })`,
      { type: "object", properties: { session: { type: "string" } }, required: ["session"], description: "Session" },
      true,
    ],
  ])("%s", async (expr, expected, checkedAgainstElysia) => {
    const { schema, diagnostics } = await bodyOf(expr);
    expect(diagnostics).toEqual([]);
    expect(schema).toEqual(expected);
    if (checkedAgainstElysia) expect(schema).toEqual(elysiaAnswer(expr));
  });

  it("t.MaybeEmpty(T) is T or null, and its property may be absent (its `undefined` member), so it is not required", async () => {
    const { schema, required, diagnostics } = await bodyOf("t.MaybeEmpty(t.String())");
    expect(diagnostics).toEqual([]);
    expect(schema).toEqual({ type: ["string", "null"] });
    expect(schema).toEqual(elysiaAnswer("t.MaybeEmpty(t.String())"));
    expect(required).toEqual([]);
  });

  it("an Elysia file keyword set at run time is not read (it is never published), so it gives no warning", async () => {
    const { schema, diagnostics } = await bodyOf(`t.File({ maxSize: parseInt(process.env.MAX_FILE_SIZE ?? "1024", 10) })`);
    expect(diagnostics).toEqual([]);
    expect(schema).toEqual({ type: "string", format: "binary" });
  });

  it.each<[string, string, string, string]>([
    // TypeBox's own Type.Date() is a JavaScript Date, which no JSON value is: still an open schema, warned.
    [
      "TypeBox's Type.Date()",
      "Type.Date()",
      `import { Elysia, t } from "elysia"; import { Type } from "@sinclair/typebox";`,
      "Type.Date() has no JSON Schema apidex converts",
    ],
    [
      "t.UnionEnum() of values known only at run time",
      't.UnionEnum(process.env.STATES!.split(","))',
      `import { Elysia, t } from "elysia";`,
      "its values cannot be read statically",
    ],
  ])("%s stays an open schema with APX505", async (_name, expr, imports, reason) => {
    const { schema, diagnostics, messages } = await bodyOf(expr, imports);
    expect(Object.keys(schema!)).toEqual(["x-apidex-unreadable"]);
    expect(diagnostics).toEqual(["APX505 app.ts:5"]);
    expect(messages[0]).toContain(reason);
  });
});

describe("schema values written as arithmetic on constants are computed, as JavaScript computes them", () => {
  it.each<[string, Schema]>([
    ["t.Number({ minimum: 60, maximum: 86400 * 7 })", { type: "number", minimum: 60, maximum: 604800 }],
    ["t.String({ maxLength: 2 ** 10 - 1 })", { type: "string", maxLength: 1023 }],
    ["t.Number({ maximum: (5 * 1024 * 1024) / 2 })", { type: "number", maximum: 2621440 }],
    [`t.String({ pattern: "^" + "[a-z]+" + "$" })`, { type: "string", pattern: "^[a-z]+$" }],
  ])("%s", async (expr, expected) => {
    const { schema, diagnostics } = await bodyOf(expr);
    expect(diagnostics).toEqual([]);
    expect(schema).toEqual(expected);
    expect(schema).toEqual(elysiaAnswer(expr));
  });

  it("an operand known only at run time leaves that option out, named, as before (APX505)", async () => {
    const { schema, diagnostics, messages } = await bodyOf("t.Number({ minimum: 1, maximum: Number(process.env.MAX) * 2 })");
    expect(schema).toEqual({ type: "number", minimum: 1 });
    expect(diagnostics).toEqual(["APX505 app.ts:5"]);
    expect(messages).toEqual(["The schema option maximum cannot be read statically and is left out; the rest of the schema is kept."]);
  });
});

/** The real Elysia's status for `POST /things/:id` with the hook built from `hook`, given a body and a query string. */
async function elysiaStatus(hook: string, body: unknown, query = "", id = "1"): Promise<number> {
  const js = ts.transpile(`return (${hook});`, { target: ts.ScriptTarget.ES2022 });
  const app = new Elysia().post("/things/:id", () => ({ ok: true }), new Function("t", js)(t));
  const url = `http://localhost/things/${id}${query}`;
  const response = await app.handle(
    new Request(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
  );
  return response.status;
}

describe("a value Elysia decodes from a string is that string or the value, in a body as in a query", () => {
  const object = { type: "object", properties: { a: { type: "number" } }, required: ["a"] };
  const array = { type: "array", items: { type: "number" }, minItems: 1 };
  const jsonString = (schema: Schema) => ({ type: "string", contentMediaType: "application/json", contentSchema: schema });
  it.each<[expr: string, expected: Schema, value: unknown, text: string, wrong: string]>([
    ["t.ObjectString({ a: t.Number() })", { anyOf: [jsonString(object), object] }, { a: 1 }, '{"a":1}', '{"a":"x"}'],
    ["t.ArrayString(t.Number(), { minItems: 1 })", { anyOf: [jsonString(array), array] }, [1, 2], "[1,2]", "[]"],
    [
      "t.ArrayString()",
      { anyOf: [jsonString({ type: "array", items: { type: "string" } }), { type: "array", items: { type: "string" } }] },
      ["a"],
      '["a"]',
      "[1]",
    ],
    ["t.Integer()", { anyOf: [{ type: "string", format: "integer" }, { type: "integer" }] }, 5, "5", "5.5"],
  ])("%s", async (expr, expected, value, text, wrong) => {
    const { schema, diagnostics } = await bodyOf(expr);
    expect(diagnostics).toEqual([]);
    expect(schema).toEqual(expected);
    // What Elysia builds: the string member is its own format (`ObjectString`, `integer`), the value member the same.
    const built = elysiaAnswer(expr) as { anyOf: Schema[] };
    expect((schema!.anyOf as Schema[])[1]).toEqual(built.anyOf[1]);
    // Elysia takes the value and its string in a JSON body, the string in a query, and refuses a wrong string.
    const body = `{ body: t.Object({ v: ${expr} }) }`;
    expect(await elysiaStatus(body, { v: value })).toBe(200);
    expect(await elysiaStatus(body, { v: text })).toBe(200);
    expect(await elysiaStatus(body, { v: wrong })).toBe(422);
    const query = `{ query: t.Object({ v: ${expr} }) }`;
    expect(await elysiaStatus(query, {}, `?v=${encodeURIComponent(text)}`)).toBe(200);
    expect(await elysiaStatus(query, {}, `?v=${encodeURIComponent(wrong)}`)).toBe(422);
  });

  it("t.Integer() in a path is an integer string Elysia takes, and a fraction it refuses", async () => {
    const hook = "{ params: t.Object({ id: t.Integer() }) }";
    expect(await elysiaStatus(hook, {}, "", "12")).toBe(200);
    expect(await elysiaStatus(hook, {}, "", "1.5")).toBe(422);
    const result = await generateFrom({
      "app.ts": `import { Elysia, t } from "elysia";
        export const app = new Elysia()
          /** Get a thing
           * @documented */
          .get("/things/:id", () => ({}), ${hook});`,
    });
    const doc = result.openapi as { paths: Record<string, Record<string, any>> };
    expect(doc.paths["/things/{id}"]!.get.parameters[0].schema).toEqual(elysiaAnswer("t.Integer()"));
    expect(diagnosticLines(result)).toEqual([]);
  });
});

describe("t.Form() and t.Cookie() as an Elysia route's hook holds them", () => {
  it("a t.Form() body, here a const, is the object, sent as form data (Elysia parses it as such and refuses JSON)", async () => {
    const result = await generateFrom({
      "app.ts": `import { Elysia, t } from "elysia";
        const Upload = t.Form({ name: t.String(), size: t.Optional(t.Numeric()) }, { description: "The upload" });
        export const app = new Elysia()
          /** Save a thing
           * @documented */
          .post("/things", () => ({}), { body: Upload });`,
    });
    const doc = result.openapi as { paths: Record<string, Record<string, any>>; components?: { schemas?: Record<string, Schema> } };
    await SwaggerParser.validate(structuredClone(doc) as never);
    expect(diagnosticLines(result)).toEqual([]);
    const content = doc.paths["/things"]!.post.requestBody.content as Record<string, { schema: Schema }>;
    expect(Object.keys(content)).toEqual(["multipart/form-data"]);
    const ref = content["multipart/form-data"]!.schema.$ref as string | undefined;
    expect(ref).toBe("#/components/schemas/Upload");
    const schema = ref ? doc.components!.schemas![ref.split("/").pop()!] : content["multipart/form-data"]!.schema;
    const expr = `t.Form({ name: t.String(), size: t.Optional(t.Numeric()) }, { description: "The upload" })`;
    expect(schema).toEqual(elysiaAnswer(expr));
    const form = new FormData();
    form.append("name", "a");
    const app = new Function("t", "Elysia", `return new Elysia().post("/things", () => ({}), { body: ${expr} });`)(t, Elysia);
    expect((await app.handle(new Request("http://localhost/things", { method: "POST", body: form }))).status).toBe(200);
    const json = { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: "a" }) };
    expect((await app.handle(new Request("http://localhost/things", json))).status).toBeGreaterThanOrEqual(400);
  });

  it("a t.Cookie() hook is read by Elysia but cookie parameters are not published: nothing is, and nothing is warned", async () => {
    const result = await generateFrom({
      "app.ts": `import { Elysia, t } from "elysia";
        export const app = new Elysia()
          /** Get a thing
           * @documented */
          .get("/things", () => ({}), { cookie: t.Cookie({ session: t.String() }, { httpOnly: true }) });`,
    });
    const doc = result.openapi as { paths: Record<string, Record<string, any>> };
    expect(doc.paths["/things"]!.get.parameters ?? []).toEqual([]);
    expect(diagnosticLines(result)).toEqual([]);
  });
});
