import { describe, expect, it } from "vitest";
import { diagnosticLines, generateFrom } from "./helpers/in-memory.js";

/**
 * TypeScript types to JSON Schema, one construct per case, on in-memory sources. Each case declares
 * `T` in types.ts; a documented route answers `@response 200 T` and accepts `@body T`.
 */
async function schemasFor(types: string, extraFiles: Record<string, string> = {}) {
  const result = await generateFrom({
    "types.ts": types,
    ...extraFiles,
    "app.ts": `import express from "express"; import type { T } from "./types";
      const app = express();
      /** Do it
       * @documented
       * @body T
       * @response 200 T
       */
      app.post("/x", (req, res) => { res.json(req.body); });`,
  });
  const doc = result.openapi as { paths: Record<string, Record<string, any>>; components: { schemas: Record<string, unknown> } };
  const op = doc.paths["/x"]?.post;
  const { Error: _e, PermissionRefusal: _p, ...components } = doc.components.schemas;
  return {
    response: op?.responses["200"].content["application/json"].schema,
    body: op?.requestBody?.content["application/json"].schema,
    components,
    diagnostics: diagnosticLines(result),
    messages: result.diagnostics.items.map((d) => d.message),
  };
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

describe("type to JSON Schema", () => {
  it.each([
    [
      "interfaces, optional vs required, primitives",
      `export interface T { id: string; count: number; ok: boolean; note?: string }`,
      {
        T: {
          type: "object",
          properties: { id: { type: "string" }, count: { type: "number" }, ok: { type: "boolean" }, note: { type: "string" } },
          required: ["id", "count", "ok"],
        },
      },
    ],
    [
      "type aliases of object types",
      `export type T = { a: string }`,
      { T: { type: "object", properties: { a: { type: "string" } }, required: ["a"] } },
    ],
    [
      "literal unions to enum",
      `export type T = { s: "a" | "b"; n: 1 | 2; flag: true }`,
      {
        T: {
          type: "object",
          properties: {
            s: { type: "string", enum: ["a", "b"] },
            n: { type: "number", enum: [1, 2] },
            flag: { type: "boolean", const: true },
          },
          required: ["s", "n", "flag"],
        },
      },
    ],
    [
      "string enums as components",
      `export enum Color { Red = "red", Blue = "blue" } export interface T { color: Color }`,
      { Color: { type: "string", enum: ["red", "blue"] }, T: { type: "object", properties: { color: ref("Color") }, required: ["color"] } },
    ],
    [
      "null unions",
      `export interface U { x: string } export interface T { a: string | null; b: U | null; c: "x" | "y" | null }`,
      {
        U: { type: "object", properties: { x: { type: "string" } }, required: ["x"] },
        T: {
          type: "object",
          properties: {
            a: { type: ["string", "null"] },
            b: { anyOf: [ref("U"), { type: "null" }] },
            c: { type: ["string", "null"], enum: ["x", "y", null] },
          },
          required: ["a", "b", "c"],
        },
      },
    ],
    [
      "arrays and tuples",
      `export interface T { list: string[]; ro: readonly number[]; pair: [string, number]; opt: [string, number?] }`,
      {
        T: {
          type: "object",
          properties: {
            list: { type: "array", items: { type: "string" } },
            ro: { type: "array", items: { type: "number" } },
            pair: { type: "array", prefixItems: [{ type: "string" }, { type: "number" }], minItems: 2, maxItems: 2 },
            opt: { type: "array", prefixItems: [{ type: "string" }, { type: "number" }], minItems: 1, maxItems: 2 },
          },
          required: ["list", "ro", "pair", "opt"],
        },
      },
    ],
    [
      "Date to a date-time string",
      `export interface T { at: Date }`,
      { T: { type: "object", properties: { at: { type: "string", format: "date-time" } }, required: ["at"] } },
    ],
    [
      "instantiated generics get a readable, deterministic name",
      `export interface Invoice { id: string } export interface Page<I> { data: I[]; next: string | null } export interface T { page: Page<Invoice>; again: Page<Invoice> }`,
      {
        T: { type: "object", properties: { page: ref("Page_Invoice"), again: ref("Page_Invoice") }, required: ["page", "again"] },
        Invoice: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
        Page_Invoice: {
          type: "object",
          properties: { data: { type: "array", items: ref("Invoice") }, next: { type: ["string", "null"] } },
          required: ["data", "next"],
        },
      },
    ],
    [
      "Pick, Omit, Partial and Required",
      `interface Base { a: string; b?: number; c: boolean } export interface T { p: Pick<Base, "a">; o: Omit<Base, "a" | "c">; part: Partial<Base>; req: Required<Pick<Base, "b">> }`,
      {
        T: {
          type: "object",
          properties: {
            p: { type: "object", properties: { a: { type: "string" } }, required: ["a"] },
            o: { type: "object", properties: { b: { type: "number" } } },
            part: { type: "object", properties: { a: { type: "string" }, b: { type: "number" }, c: { type: "boolean" } } },
            req: { type: "object", properties: { b: { type: "number" } }, required: ["b"] },
          },
          required: ["p", "o", "part", "req"],
        },
      },
    ],
    [
      "intersections merge their properties",
      `type A = { a: string }; type B = { b?: number }; export type T = A & B & { c: boolean }`,
      { T: { type: "object", properties: { a: { type: "string" }, b: { type: "number" }, c: { type: "boolean" } }, required: ["a", "c"] } },
    ],
    [
      "recursive types through $ref",
      `export interface T { name: string; children: T[] }`,
      {
        T: {
          type: "object",
          properties: { name: { type: "string" }, children: { type: "array", items: ref("T") } },
          required: ["name", "children"],
        },
      },
    ],
    [
      "property JSDoc to description, examples and deprecated",
      `/** A thing. */\nexport interface T {\n  /** The id.\n   * @example "t_1"\n   */\n  id: string;\n  /** @deprecated use id */\n  legacy?: string;\n  /** Methods are behaviour, not data. */\n  describe(): string;\n}`,
      {
        T: {
          description: "A thing.",
          type: "object",
          properties: { id: { type: "string", description: "The id.", examples: ["t_1"] }, legacy: { type: "string", deprecated: true } },
          required: ["id"],
        },
      },
    ],
  ])("%s", async (_name, types, expected) => {
    const out = await schemasFor(types);
    expect(out.diagnostics).toEqual([]);
    expect(out.components).toEqual(expected);
  });

  it("Record and index signatures produce additionalProperties", async () => {
    const out = await schemasFor(`export interface T { byId: Record<string, number>; [extra: string]: string | Record<string, number> }`);
    const t = out.components.T as { properties: Record<string, unknown>; additionalProperties: unknown };
    expect(t.properties.byId).toEqual({ type: "object", additionalProperties: { type: "number" } });
    expect(t.additionalProperties).toEqual({ anyOf: [{ type: "string" }, { type: "object", additionalProperties: { type: "number" } }] });
  });

  it("references the named type from the operation", async () => {
    const out = await schemasFor(`export interface T { a: string }`);
    expect(out.response).toEqual(ref("T"));
    expect(out.body).toEqual(ref("T"));
  });

  it("@body Name[] is an array of the named type", async () => {
    const result = await generateFrom({
      "types.ts": `export interface Item { sku: string }`,
      "app.ts": `import express from "express"; import type { Item } from "./types"; const app = express();\n/** Bulk\n * @documented\n * @body Item[]\n */\napp.post("/bulk", (req, res) => { res.status(204).end(); });`,
    });
    const op = (result.openapi as any).paths["/bulk"].post;
    expect(op.requestBody.content["application/json"].schema).toEqual({ type: "array", items: ref("Item") });
    expect(Object.keys(op.responses)).toEqual(["204", "401", "403"]);
  });

  it("resolves name clashes across files deterministically, qualified by file", async () => {
    const files = {
      "billing/customer.ts": `export interface Customer { balance: number }`,
      "crm/customer.ts": `export interface Customer { name: string }`,
    };
    const types = `import type { Customer as A } from "./billing/customer"; import type { Customer as B } from "./crm/customer"; export interface T { a: A; b: B }`;
    const first = await schemasFor(types, files);
    const second = await schemasFor(types.replace("a: A; b: B", "b: B; a: A"), files);
    expect(Object.keys(first.components).sort()).toEqual(["T", "billing.customer.Customer", "crm.customer.Customer"]);
    expect(Object.keys(second.components).sort()).toEqual(Object.keys(first.components).sort());
  });

  it("follows named types nested far deeper than anonymous nesting may go: each is a component, no warning", async () => {
    // T → L1 → … → L40, each with an array and an object literal on the way: a DTO tree, no recursion.
    const levels = Array.from(
      { length: 40 },
      (_, i) => `export interface L${i + 1} { items: { next: ${i === 39 ? "string" : `L${i + 2}`} }[] }`,
    );
    const out = await schemasFor(`${levels.join("\n")}\nexport interface T { root: L1 }`);
    expect(out.diagnostics).toEqual([]);
    expect(out.components.L40).toEqual({
      type: "object",
      properties: { items: { type: "array", items: { type: "object", properties: { next: { type: "string" } }, required: ["next"] } } },
      required: ["items"],
    });
  });

  it("stops a generic type instantiated anew at every level, with a warning", async () => {
    const out = await schemasFor(
      `export interface Box<V> { v: V }\nexport interface Deep<X> { next: Deep<Box<X>> }\nexport interface T { d: Deep<string> }`,
    );
    expect(out.diagnostics).toContain("APX501 types.ts:2");
    expect(out.messages.join("\n")).toMatch(/nests named types too deeply/);
  });

  it.each([
    ["any", `export interface T { data: any }`, /`T\.data` is `any`/],
    ["unknown", `export interface T { data: unknown }`, /`T\.data` is `unknown`/],
    ["bigint", `export interface T { big: bigint }`, /bigint/],
    ["a function-typed property", `export interface T { onDone: () => void }`, /`T\.onDone` is a function/],
  ])("reports what JSON cannot carry (%s) at the declaration, never a silent {}", async (_name, types, message) => {
    const out = await schemasFor(types);
    expect(out.diagnostics).toEqual(["APX501 types.ts:1"]);
    expect(out.messages.join("\n")).toMatch(message);
  });
});

describe("types from modules the checkout lacks", () => {
  it("are said once for all (a generated Prisma client, a package not installed), each value open in the schema", async () => {
    const out = await schemasFor(
      [
        `import type { User, Post } from "@prisma/client";`,
        `import type { Money } from "./generated/money";`,
        `export interface T { owner: User; posts: Post[]; price: Money; note: string; extra: any }`,
      ].join("\n"),
    );
    // One warning for the unresolved types, and the declared `any` its own.
    expect(out.diagnostics).toEqual(["APX501 types.ts:3", "APX501 types.ts:3"]);
    const said = out.messages.find((m) => m.includes("modules apidex cannot resolve"));
    expect(said).toMatch(/^3 values .* `T\.owner` \(types\.ts:3\), `T\.posts\[\]` \(types\.ts:3\), `T\.price` \(types\.ts:3\)/);
    expect(out.messages.filter((m) => m.includes("is `any`"))).toEqual([expect.stringMatching(/`T\.extra` is `any`/)]);
    const t = out.components.T as { properties: Record<string, Record<string, unknown>> };
    expect(Object.keys(t.properties.owner!)).toEqual(["x-apidex-unreadable"]);
    expect(t.properties.note).toEqual({ type: "string" });
  });
});

describe("worked examples", () => {
  it("are validated against the derived schemas, naming the operation and the JSON path", async () => {
    const result = await generateFrom({
      "types.ts": `export interface Invoice { id: string; total_cents: number; status: "draft" | "sent" }`,
      "app.ts": `import express from "express"; import type { Invoice } from "./types"; const app = express();
/** Get an invoice
 * @documented
 * @response 200 Invoice
 * @example response 200 {"id": "inv_1", "total_cents": "12", "status": "paid"}
 * @example request {"x": 1}
 */
app.get("/invoices/:id", (req, res) => { res.json({}); });`,
    });
    const messages = result.diagnostics.items.map((d) => `${d.code} ${d.site?.line} ${d.message}`);
    expect(messages).toEqual([
      'APX511 5 The response 200 example of get_invoice does not match its schema at /total_cents: Instance type "string" is invalid. Expected "number".',
      'APX511 5 The response 200 example of get_invoice does not match its schema at /status: Instance does not match any of ["draft","sent"].',
      "APX512 6 The request example of get_invoice has no schema to check it against: the operation declares no request body type.",
    ]);
  });
});

describe("the type checker's reach", () => {
  it("answers only what documented operations ask: a type error elsewhere is not the generator's business", async () => {
    const result = await generateFrom({
      "unrelated.ts": `export const wrong: number = "not a number"; export function f(a: string): number { return a; }`,
      "types.ts": `export interface Thing { id: string }`,
      "app.ts": `import express from "express"; import type { Thing } from "./types"; const app = express();\n/** Get a thing\n * @documented\n * @response 200 Thing\n */\napp.get("/things/:id", (req, res) => { res.json({ id: "1" }); });`,
    });
    expect(result.diagnostics.items).toEqual([]);
    expect(Object.keys((result.openapi as { components: { schemas: object } }).components.schemas)).toContain("Thing");
  });
});
