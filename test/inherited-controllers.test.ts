import "reflect-metadata";
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../generator/config/load-config.js";
import { generate } from "../generator/generate.js";
import { canonicalJson } from "../generator/write/canonical-json.js";
import { disagreementsWithRuntime } from "./helpers/express-runtime-routes.js";
import { diagnosticLines, generateFrom, type InMemoryCase, routeLines } from "./helpers/in-memory.js";
import { REPO_ROOT } from "./helpers/repo.js";

/**
 * Controller methods inherited from a base class, for the decorator frameworks whose run time walks the
 * prototype chain (routing-controllers, inversify-express-utils, Ts.ED, LoopBack 4; NestJS has its own tests),
 * and not for those that read a class's own members (tsoa's generator, OvernightJS).
 */
const fixture = (name: string) => path.join(REPO_ROOT, "test", "fixtures", name);

async function indexOf(name: string) {
  const result = await generate(await loadConfig({ cwd: REPO_ROOT, root: fixture(name) }));
  expect(result.diagnostics.errors).toEqual([]);
  return result;
}

describe("routing-controllers: a generic base controller, a chain of two, an override", () => {
  it("matches the golden index", async () => {
    const result = await indexOf("routing-controllers-inherit");
    expect(canonicalJson(result.index)).toBe(
      readFileSync(path.join(fixture("routing-controllers-inherit"), "expected-operations.json"), "utf8"),
    );
    expect(diagnosticLines(result)).toEqual([]);
  });

  it("equals the routes routing-controllers registers on Express, and each passes with exactly its keys over HTTP", async () => {
    const result = await indexOf("routing-controllers-inherit");
    const { buildApp } = (await import(pathToFileURL(path.join(fixture("routing-controllers-inherit"), "src", "app.ts")).href)) as {
      buildApp: () => Parameters<typeof disagreementsWithRuntime>[0];
    };
    expect(await disagreementsWithRuntime(buildApp(), result.index.operations)).toEqual([]);
  });
});
