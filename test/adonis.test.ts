import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it, vi } from "vitest";
import { loadConfig } from "../generator/config/load-config.js";
import { generate } from "../generator/generate.js";
import { canonicalJson } from "../generator/write/canonical-json.js";
import { REPO_ROOT } from "./helpers/repo.js";

const FIXTURE = path.join(REPO_ROOT, "test", "fixtures", "adonis");

/**
 * The runtime oracle's binding: the fixture imports the application's router as AdonisJS 6 projects do
 * (`import router from "@adonisjs/core/services/router"`). That module only hands out the router the
 * application's container made; here it hands out a real `Router` of @adonisjs/http-server, made by the
 * package's own test factory (`RouterFactory`). `@adonisjs/core` itself is not installed: the mock stands for it.
 */
vi.mock("@adonisjs/core/services/router", async () => {
  const { RouterFactory } = await import("@adonisjs/http-server/factories");
  return { default: new RouterFactory().create() };
});

async function indexOf() {
  const result = await generate(await loadConfig({ cwd: REPO_ROOT, root: FIXTURE }));
  expect(result.diagnostics.errors).toEqual([]);
  return result;
}

describe("AdonisJS 6 fixture", () => {
  it("matches the golden index", async () => {
    const result = await indexOf();
    expect(canonicalJson(result.index)).toBe(readFileSync(path.join(FIXTURE, "expected-operations.json"), "utf8"));
  });

  it("equals the routes AdonisJS's own router commits (router.toJSON())", async () => {
    const result = await indexOf();
    // As the application preloads them: the kernel (router middleware, named middleware), then the routes.
    await import(pathToFileURL(path.join(FIXTURE, "start", "kernel.ts")).href);
    await import(pathToFileURL(path.join(FIXTURE, "start", "routes.ts")).href);
    // @ts-expect-error -- @adonisjs/core is not installed: the mock above stands for it.
    const { default: router } = (await import("@adonisjs/core/services/router")) as unknown as {
      default: import("@adonisjs/http-server").Router;
    };
    router.commit();
    const table = router.toJSON() as Record<string, { pattern: string; methods: string[] }[]>;
    const registered = new Set<string>();
    for (const route of table.root ?? [])
      for (const method of route.methods)
        // AdonisJS registers HEAD beside every GET; apidex indexes that pair as the GET operation.
        if (!(method === "HEAD" && route.methods.includes("GET")))
          for (const variant of openApiPaths(route.pattern)) registered.add(`${method} ${variant}`);
    const indexed = new Set(result.index.operations.map((op) => `${op.method} ${op.path}`));
    expect(registered.size).toBeGreaterThan(20);
    expect([...indexed].sort()).toEqual([...registered].sort());
  });
});

/** A route pattern as the OpenAPI paths it answers: `:id` is `{id}`, a trailing `:id?` may be left out, `*` one catch-all. */
function openApiPaths(pattern: string): string[] {
  const segments = pattern.split("/").filter(Boolean);
  const out: string[] = [];
  const shown = segments.map((s) => (s === "*" ? "{wildcard}" : s.replace(/^:([\w$]+)\??$/, "{$1}")));
  let required = segments.length;
  while (required > 0 && segments[required - 1]!.endsWith("?")) required--;
  for (let n = required; n <= segments.length; n++) out.push(`/${shown.slice(0, n).join("/")}`);
  return out;
}
