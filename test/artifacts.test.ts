import { readFileSync } from "node:fs";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import SwaggerParser from "@apidevtools/swagger-parser";
import { Ajv2020 } from "ajv/dist/2020.js";
import { beforeAll, describe, expect, it } from "vitest";
import { generate, type GenerateResult } from "../generator/generate.js";
import { exampleConfig, REPO_ROOT } from "./helpers/repo.js";

/** Golden: the committed dist/ is what a fresh run produces, byte for byte, on any machine. */
let first: GenerateResult;
let second: GenerateResult;

beforeAll(async () => {
  const config = await exampleConfig();
  first = await generate(config);
  second = await generate(config);
});

const committed = (name: string) => readFileSync(path.join(REPO_ROOT, "dist", name), "utf8");

describe("golden artifacts of the example service", () => {
  it("match the committed dist/ exactly (run `npm run generate` and commit if this fails)", () => {
    const names = first.files.map((f) => f.name);
    expect(names.slice(0, 3)).toEqual(["operations.json", "openapi-public.json", "operations.schema.json"]);
    expect(names.filter((n) => n.startsWith("api-docs/")).sort()).toEqual(
      [
        "_headers.json",
        ...["app.css", "app.js", "index.html", "openapi-public.json", "openapi.json", "operations.json", "operations.schema.json"].flatMap(
          (f) => [f, `${f}.br`, `${f}.gz`],
        ),
      ]
        .map((f) => `api-docs/${f}`)
        .sort(),
    );
    for (const file of first.files) {
      expect(Buffer.from(file.content).equals(readFileSync(path.join(REPO_ROOT, "dist", file.name))), file.name).toBe(true);
    }
  });

  it("are byte-identical across two runs", () => {
    expect(second.files).toEqual(first.files);
  });

  it("hold no absolute paths and end with one newline", () => {
    for (const file of first.files.filter((f) => f.name.endsWith(".json"))) {
      const text = String(file.content);
      expect(text).not.toContain(REPO_ROOT);
      expect(text.endsWith("}\n") && !text.endsWith("\n\n")).toBe(true);
    }
  });

  it("never mention a closed route in any byte, precompressed files included", () => {
    const closed = first.operations.filter((op) => op.closed);
    expect(closed.length).toBeGreaterThan(0);
    for (const file of first.files) {
      const bytes = Buffer.from(file.content);
      const text = (
        file.name.endsWith(".br") ? brotliDecompressSync(bytes) : file.name.endsWith(".gz") ? gunzipSync(bytes) : bytes
      ).toString("utf8");
      for (const op of closed) {
        expect(text, `${op.path} in ${file.name}`).not.toContain(`"${op.path}"`);
        expect(text, `${op.operationId} in ${file.name}`).not.toContain(`"${op.operationId}"`);
      }
    }
  });
});

describe("operations.json", () => {
  it("validates against the JSON Schema that ships with the package", () => {
    const ajv = new Ajv2020({ allErrors: true, strict: true });
    const validate = ajv.compile(JSON.parse(committed("operations.schema.json")) as object);
    const index = JSON.parse(committed("operations.json")) as unknown;
    expect(validate(index), JSON.stringify(validate.errors)).toBe(true);
  });

  it("is sorted by path then method, with unique ids and sorted permissions", () => {
    const ops = first.index.operations;
    const keys = ops.map((o) => `${o.path} ${o.method}`);
    expect(keys).toEqual([...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(new Set(ops.map((o) => o.operation_id)).size).toBe(ops.length);
    for (const op of ops) expect(op.permissions).toEqual([...op.permissions].sort());
    expect(first.index.count).toBe(ops.length);
  });
});

describe("openapi-public.json", () => {
  it("is valid OpenAPI 3.1 according to swagger-parser", async () => {
    const doc = JSON.parse(committed("openapi-public.json")) as Record<string, unknown>;
    const api = await SwaggerParser.validate(structuredClone(doc) as never);
    expect((api as { openapi: string }).openapi).toBe("3.1.0");
  });

  it("holds exactly the documented operations, with the index's ids and the x-service fields", () => {
    const doc = first.openapi as unknown as { paths: Record<string, Record<string, Record<string, unknown>>> };
    const documented = first.index.operations.filter((op) => op.documented);
    expect(documented.length).toBeGreaterThanOrEqual(15);
    const inDoc = Object.entries(doc.paths).flatMap(([p, item]) => Object.entries(item).map(([m, op]) => ({ p, m, op })));
    expect(inDoc.map((x) => `${x.m.toUpperCase()} ${x.p}`).sort()).toEqual(documented.map((o) => `${o.method} ${o.path}`).sort());
    for (const { p, m, op } of inDoc) {
      const entry = documented.find((o) => o.path === p && o.method === m.toUpperCase())!;
      expect(op.operationId).toBe(entry.operation_id);
      expect(op["x-service-permissions"]).toEqual(entry.permissions);
      expect(typeof op["x-service-destructive"]).toBe("boolean");
      expect(typeof op["x-service-scope"]).toBe("string");
      expect(String(op.summary).length).toBeLessThanOrEqual(300);
      expect(Object.keys(op.responses as object)).toContain("403");
    }
  });

  it("keeps the canonical top-level key order", () => {
    expect(Object.keys(first.openapi)).toEqual(["openapi", "info", "servers", "security", "tags", "paths", "components"]);
  });
});
