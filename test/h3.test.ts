import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { toNodeListener } from "h3";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../generator/config/load-config.js";
import { generate } from "../generator/generate.js";
import { canonicalJson } from "../generator/write/canonical-json.js";
import { compareWithServer } from "./helpers/h3-oracle.js";
import { diagnosticLines, generateFrom, type InMemoryCase, routeLines } from "./helpers/in-memory.js";
import { REPO_ROOT } from "./helpers/repo.js";

/** h3 1.x used as a router in code (createApp, createRouter, useBase), read by generator/extract/h3. */
const fixture = path.join(REPO_ROOT, "test", "fixtures", "h3");

async function indexOf(root: string) {
  const result = await generate(await loadConfig({ cwd: REPO_ROOT, root }));
  expect(result.diagnostics.errors).toEqual([]);
  return result;
}

describe("h3 1.x (fixture)", () => {
  it("matches the golden index, and says what it cannot index as h3 serves it", async () => {
    const result = await indexOf(fixture);
    expect(canonicalJson(result.index)).toBe(readFileSync(path.join(fixture, "expected-operations.json"), "utf8"));
    expect(diagnosticLines(result).map((d) => d.replace(/ \S*fixtures\/h3\//, " "))).toEqual([
      "APX231 src/routes/reports.ts:6",
      "APX205 src/routes/users.ts:53",
    ]);
  });

  it("the real h3 1.x, booted with toNodeListener on node:http, answers each indexed operation with its keys and refuses it without one; what is not indexed is 404/405", async () => {
    const result = await indexOf(fixture);
    const { app } = (await import(pathToFileURL(path.join(fixture, "src", "app.ts")).href)) as { app: Parameters<typeof toNodeListener>[0] };
    const out = await compareWithServer(toNodeListener(app), result.index, [
      ["GET", "/nope"],
      // `/reports/**` hands the nested router nothing at `/api/reports` itself.
      ["GET", "/api/reports"],
      ["POST", "/users/1"],
      ["GET", "/files"],
      ["DELETE", "/api/me"],
      ["GET", "/users/1/avatar"],
    ]);
    expect(out).toEqual([]);
    expect(result.index.operations.length).toBeGreaterThan(10);
  });
});
