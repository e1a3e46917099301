import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it, vi } from "vitest";
import { loadConfig } from "../generator/config/load-config.js";
import { generate } from "../generator/generate.js";
import { canonicalJson } from "../generator/write/canonical-json.js";
import { compareWithServer } from "./helpers/h3-oracle.js";
import { diagnosticLines } from "./helpers/in-memory.js";
import { REPO_ROOT } from "./helpers/repo.js";

// The fixture imports `h3` as an h3 2 project does; the project's own `h3` devDependency is 1.x, so h3 2 is
// installed as `h3-v2` (npm:h3@2.0.8) and given to the fixture under its name here.
vi.mock("h3", async () => await import("h3-v2"));

/** h3 2 (`new H3()`), read by the h3 adapter (generator/extract/h3): fixture and runtime oracle. */
const fixture = path.join(REPO_ROOT, "test", "fixtures", "h3-v2");

describe("h3 2 (fixture)", () => {
  it("matches the golden index", async () => {
    const result = await generate(await loadConfig({ cwd: REPO_ROOT, root: fixture }));
    expect(result.diagnostics.errors).toEqual([]);
    expect(canonicalJson(result.index)).toBe(readFileSync(path.join(fixture, "expected-operations.json"), "utf8"));
    expect(diagnosticLines(result).map((d) => d.replace(/ \S*fixtures\/h3-v2\//, " "))).toEqual(["APX205 src/admin.ts:8"]);
  });

  it("the real h3 2, booted on node:http, answers each indexed operation with its keys and refuses it without one; what is not indexed is 404/405", async () => {
    const result = await generate(await loadConfig({ cwd: REPO_ROOT, root: fixture }));
    const { app } = (await import(pathToFileURL(path.join(fixture, "src", "app.ts")).href)) as { app: { fetch: unknown } };
    const { toNodeHandler } = (await import("h3-v2")) as unknown as {
      toNodeHandler: (app: unknown) => Parameters<typeof compareWithServer>[0];
    };
    const out = await compareWithServer(toNodeHandler(app), result.index, [
      ["GET", "/nope"],
      ["DELETE", "/items/1"],
      ["POST", "/health"],
      ["GET", "/stats"],
      ["GET", "/admin/cache/x"],
      ["GET", "/admin/cache"],
      ["GET", "/admin/late"],
    ]);
    expect(out).toEqual([]);
    expect(result.index.operations.length).toBeGreaterThan(8);
  });
});
