import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ExampleChecker } from "../generator/validate/validate-examples.js";
import path from "node:path";
import { REPO_ROOT } from "./helpers/repo.js";

type Json = unknown;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

const components = {
  Owner: {
    type: "object",
    properties: { id: { type: "string" }, email: { anyOf: [{ type: "string", format: "email" }, { type: "null" }] } },
    required: ["id", "email"],
    additionalProperties: false,
  },
  Item: {
    type: "object",
    properties: {
      id: { type: "string" },
      status: { enum: ["active", "archived"] },
      owner: ref("Owner"),
      at: { type: "string", format: "date-time" },
    },
    required: ["id", "status"],
  },
};
const page = {
  type: "object",
  properties: { data: { type: "array", items: ref("Item") }, next: { type: ["string", "null"] } },
  required: ["data"],
};

describe("example checks", () => {
  it.each<[string, Json, Json, string[]]>([
    [
      "a matching value through references",
      page,
      { data: [{ id: "1", status: "active", owner: { id: "u", email: null } }], next: null },
      [],
    ],
    [
      "a wrong type, at its pointer",
      page,
      { data: [{ id: 1, status: "active" }] },
      ['at /data/0/id: Instance type "number" is invalid. Expected "string"'],
    ],
    ["a missing required property", page, { next: null }, ['at (the whole example): Instance does not have required property "data"']],
    [
      "a value outside an enum",
      ref("Item"),
      { id: "1", status: "gone" },
      ['at /status: Instance does not match any of ["active","archived"]'],
    ],
    [
      "an extra property where none are allowed, once",
      ref("Owner"),
      { id: "u", email: null, role: "x" },
      ['at (the whole example): Property "role" does not match additional properties schema'],
    ],
    ["a bad format", ref("Item"), { id: "1", status: "active", at: "yesterday" }, ['at /at: String does not match format "date-time"']],
    [
      "a union: the union and each branch",
      ref("Owner"),
      { id: "u", email: 5 },
      [
        "at /email: Instance does not match any subschemas",
        'at /email: Instance type "number" is invalid. Expected "string"',
        'at /email: Instance type "number" is invalid. Expected "null"',
      ],
    ],
    ["an array where an object is expected", page, [], ['at (the whole example): Instance type "array" is invalid. Expected "object"']],
  ])("%s", (_name, schema, value, expected) => {
    expect(new ExampleChecker(components).check(schema as never, value)).toEqual(expected);
  });

  it("gives the same verdict as ajv on mutations of the example service's worked examples", () => {
    // ajv is the reference validator; the generator interprets schemas instead of compiling them
    // (faster for schemas used once). Any disagreement on valid/invalid is a bug in one or the other.
    const doc = JSON.parse(readFileSync(path.join(REPO_ROOT, "dist/openapi-public.json"), "utf8")) as {
      paths: Record<
        string,
        Record<
          string,
          { requestBody?: { content: Record<string, Media> }; responses?: Record<string, { content?: Record<string, Media> }> }
        >
      >;
      components: { schemas: Record<string, Json> };
    };
    interface Media {
      schema?: Json;
      example?: Json;
      examples?: Record<string, { value: Json }>;
    }
    const cases: { schema: Json; value: Json }[] = [];
    for (const item of Object.values(doc.paths)) {
      for (const op of Object.values(item)) {
        const media = [
          op.requestBody?.content["application/json"],
          ...Object.values(op.responses ?? {}).map((r) => r.content?.["application/json"]),
        ];
        for (const m of media) {
          if (!m?.schema) continue;
          if (m.example !== undefined) cases.push({ schema: m.schema, value: m.example });
          for (const e of Object.values(m.examples ?? {})) cases.push({ schema: m.schema, value: e.value });
        }
      }
    }
    expect(cases.length).toBeGreaterThan(30);

    const ajv = new Ajv2020({ strict: false, allErrors: true });
    (addFormats as unknown as (a: Ajv2020) => void)(ajv);
    ajv.addSchema({ $id: "doc", components: doc.components });
    const ajvValid = (schema: Json, value: Json) =>
      ajv.validate(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/')) as object, value);
    const checker = new ExampleChecker(doc.components.schemas as never);

    // Every real example is valid for both.
    for (const c of cases) {
      expect(checker.check(c.schema as never, c.value), JSON.stringify(c.value)).toEqual([]);
      expect(ajvValid(c.schema, c.value)).toBe(true);
    }

    // Mutations: replace, delete or add one value somewhere inside an example.
    const mutation = fc.record({
      which: fc.nat(),
      at: fc.nat(),
      kind: fc.constantFrom("replace", "delete", "add"),
      value: fc.oneof(
        fc.jsonValue({ maxDepth: 2 }),
        fc.constantFrom("active", "2026-01-01T00:00:00Z", "a@b.example", 0, -1, 1.5, null, "", []),
      ),
    });
    let invalid = 0;
    fc.assert(
      fc.property(mutation, ({ which, at, kind, value }) => {
        const c = cases[which % cases.length]!;
        const mutated = mutate(structuredClone(c.value), at, kind, value);
        const ours = checker.check(c.schema as never, mutated).length === 0;
        expect(ours, JSON.stringify({ schema: c.schema, mutated })).toBe(ajvValid(c.schema, mutated));
        if (!ours) invalid++;
      }),
      { seed: 20261121, numRuns: 1500 },
    );
    // Both verdicts occur often: the property compares something.
    expect(invalid).toBeGreaterThan(300);
    expect(invalid).toBeLessThan(1400);
  });
});

/** Applies one change at the `at`-th container inside `root` (depth first); returns the new root. */
function mutate(root: Json, at: number, kind: string, value: Json): Json {
  const containers: Json[] = [];
  const walk = (v: Json) => {
    if (v && typeof v === "object") {
      containers.push(v);
      for (const child of Object.values(v)) walk(child);
    }
  };
  walk(root);
  if (!containers.length) return value;
  const target = containers[at % containers.length] as Record<string, Json> | Json[];
  const keys = Object.keys(target);
  if (Array.isArray(target)) {
    if (kind === "add" || !target.length) target.push(value);
    else if (kind === "delete") target.splice(at % target.length, 1);
    else target[at % target.length] = value;
    return root;
  }
  if (kind === "add" || !keys.length) target[`extra_${at % 3}`] = value;
  else if (kind === "delete") delete target[keys[at % keys.length]!];
  else target[keys[at % keys.length]!] = value;
  return root;
}
