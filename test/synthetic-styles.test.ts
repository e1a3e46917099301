import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { writeSyntheticService } from "../bench/synthetic/generate-service.js";
import { STYLES } from "../bench/synthetic/styles.js";
import { loadConfig } from "../generator/config/load-config.js";
import { generate } from "../generator/generate.js";

/**
 * The bench's synthetic service, in every framework style apidex supports: the same resources written
 * the way each framework's users write them must give the same operations, permissions and shapes.
 * This keeps the benchmark honest (every style measures the same work) and checks the adapters agree.
 */
const work = mkdtempSync(path.join(tmpdir(), "apidex-styles-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function run(style: (typeof STYLES)[number]) {
  const dir = path.join(work, style);
  const written = writeSyntheticService(dir, { operations: 60, documented: 6, style });
  const config = await loadConfig({ cwd: dir, root: dir, out: path.join(dir, "dist") });
  const result = await generate(config);
  const doc = result.openapi as unknown as {
    paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>>;
    components: { schemas: unknown };
  };
  const shapes = Object.entries(doc.paths).flatMap(([p, item]) =>
    Object.entries(item).map(([m, op]) => ({ op: `${m} ${p}`, body: op.requestBody, responses: op.responses })),
  );
  return {
    written,
    counts: result.counts,
    problems: result.diagnostics.items.map((d) => `${d.code} ${d.message}`),
    operations: result.index.operations.map(
      (o) => `${o.method} ${o.path} [${o.permissions.join(", ")}]${o.documented ? " documented" : ""}`,
    ),
    shapes,
    components: doc.components.schemas,
  };
}

describe("the synthetic service in every framework style", () => {
  it("gives the same operations, permissions, shapes and components in every style", async () => {
    const express = await run("express");
    expect(express.written).toEqual({ files: expect.any(Number), operations: 60, documented: 6 });
    expect(express.counts).toMatchObject({ indexed: 60, documented: 6, warnings: 0, errors: 0 });
    expect(express.operations).toContain("DELETE /v1/r0000-items/{id} [r0000-items.delete, r0000-items.read]");
    expect(express.operations).toContain("POST /v1/r0001-items/{id}/archive [r0001-items.archive, r0001-items.write]");
    for (const style of STYLES.filter((s) => s !== "express")) {
      const other = await run(style);
      expect(other.problems, style).toEqual([]);
      expect(other.counts, style).toMatchObject({ indexed: 60, documented: 6 });
      expect(other.operations, style).toEqual(express.operations);
      expect(other.shapes, style).toEqual(express.shapes);
      expect(other.components, style).toEqual(express.components);
    }
  });
});
