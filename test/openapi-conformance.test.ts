import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import openapiTS, { astToString } from "openapi-typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../examples/field-service/src/app.js";
import { listenOnLoopback } from "./helpers/listen.js";
import { REPO_ROOT } from "./helpers/repo.js";

/**
 * The public document against the real tools and the real service: Redocly's recommended lint,
 * openapi-typescript types that compile under --strict, and an openapi-fetch client whose every real
 * response validates against the document's schema.
 */
interface Observed {
  method: "get" | "post" | "patch" | "delete";
  path: string;
  status: number;
  body: unknown;
}

const DOCUMENT = path.join(REPO_ROOT, "dist", "openapi-public.json");
const OUTPUT = path.join(REPO_ROOT, "test-output");
const doc = JSON.parse(readFileSync(DOCUMENT, "utf8")) as {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: object }> }> }>>;
  components: { schemas: Record<string, object> };
};

beforeAll(async () => {
  mkdirSync(OUTPUT, { recursive: true });
  const ast = await openapiTS(new URL(`file://${DOCUMENT}`));
  writeFileSync(path.join(OUTPUT, "field-service-api.d.ts"), astToString(ast));
});

describe("openapi-public.json with the ecosystem's tools", () => {
  it("passes `redocly lint` with the recommended ruleset and no errors or warnings", () => {
    const bin = path.join(REPO_ROOT, "node_modules", ".bin", "redocly");
    const run = spawnSync(bin, ["lint", DOCUMENT, "--extends", "recommended", "--format", "json"], {
      cwd: REPO_ROOT,
      encoding: "utf8",
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", CI: "true" },
    });
    expect(run.status, run.stdout + run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as { totals: { errors: number; warnings: number }; problems: unknown[] };
    expect(report.problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it("generates openapi-typescript types that a typed client compiles against under tsc --strict", () => {
    const tsc = path.join(REPO_ROOT, "node_modules", "typescript", "bin", "tsc");
    const run = spawnSync(
      process.execPath,
      [
        tsc,
        "--strict",
        "--noEmit",
        "--skipLibCheck",
        "--target",
        "ES2022",
        "--module",
        "NodeNext",
        "--moduleResolution",
        "NodeNext",
        "--lib",
        "ES2023,DOM",
        path.join(REPO_ROOT, "test/fixtures/openapi-client/calls.ts"),
      ],
      { cwd: REPO_ROOT, encoding: "utf8" },
    );
    expect(run.stdout + run.stderr).toBe("");
    expect(run.status).toBe(0);
  });
});

describe("a real openapi-fetch client against the running example service", () => {
  let base: string;
  let close: () => Promise<void>;

  beforeAll(async () => ({ base, close } = await listenOnLoopback(createApp())));
  afterAll(() => close());

  it("gets responses that validate against the document's schemas (list, get, create, update, delete, actions)", async () => {
    // Imported by a computed specifier: its types come from files generated in beforeAll, which the
    // project's own type-check (run before the tests) must not depend on.
    const clientModule = "./fixtures/openapi-client/calls.js";
    const { exercise } = (await import(clientModule)) as { exercise: (base: string, key: string) => Promise<Observed[]> };
    const observed = await exercise(base, "fsk_demo_full");
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    (addFormats as unknown as (a: Ajv2020) => void)(ajv);

    const methods = new Set(observed.map((o) => o.method));
    expect([...methods].sort()).toEqual(["delete", "get", "patch", "post"]);
    for (const o of observed) {
      const responses = doc.paths[o.path]![o.method]!.responses;
      const documented = responses[String(o.status)];
      expect(documented, `${o.method} ${o.path} answered ${o.status}, which the document does not list`).toBeDefined();
      expect(o.status).toBeLessThan(300);
      const schema = documented!.content?.["application/json"]?.schema;
      if (!schema) {
        expect(o.body, `${o.method} ${o.path}`).toBeUndefined();
        continue;
      }
      const validate = ajv.compile({ ...schema, components: doc.components });
      expect(validate(o.body), `${o.method} ${o.path}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });
});
