import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../generator/config/load-config.js";
import { generateToDisk } from "../generator/generate-to-disk.js";
import { isMinified } from "../generator/scan/minified.js";

/** One line of `count` statements, as a minifier writes them. */
const minifiedLine = (prefix: string, count: number) => prefix + Array.from({ length: count }, (_, i) => `var a${i}=${i};`).join("");

/** The same statements one per line, as a person writes them. */
const writtenLines = (count: number) => Array.from({ length: count }, (_, i) => `const a${i} = ${i};`).join("\n");

describe("which files are minified (GitHub Linguist's rule: lines averaging over 110 characters)", () => {
  it.each([
    ["a one-line bundle", "public/vendor.js", minifiedLine("", 2000), true],
    ["the same code written out", "src/app.js", writtenLines(2000), false],
    ["a TypeScript source with long lines (never shipped minified)", "src/table.ts", minifiedLine("", 2000), false],
    ["a small one-liner", "src/index.js", minifiedLine("", 50), false],
    ["written code with one long data line", "src/logo.js", `${writtenLines(1500)}\nconst logo = "${"A".repeat(40_000)}";`, false],
  ])("%s", (_name, file, text, minified) => {
    expect(isMinified(file, text)).toBe(minified);
  });
});

describe("minified files in a project", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "apidex-minified-"));
    const files: Record<string, string> = {
      "package.json": JSON.stringify({ name: "svc", version: "1.0.0", main: "server.js" }),
      "server.js": [
        `const express = require("express");`,
        `const { PATH } = require("./lib/paths.js");`,
        `const app = express();`,
        `app.get("/health", (req, res) => res.end());`,
        `app.get(PATH, (req, res) => res.end());`,
        `app.listen(3000);`,
      ].join("\n"),
      // Imported by the server: read, minified or not.
      "lib/paths.js": minifiedLine(`exports.PATH="/from-import";`, 1500),
      // A browser bundle nothing imports, whose code looks like a registration.
      "public/bundle.js": minifiedLine(
        `const express=require("express");const app=express();app.get("/from-bundle",(q,s)=>s.end());`,
        1500,
      ),
    };
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      writeFileSync(path.join(dir, name), text);
    }
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const run = async (overrides: Record<string, unknown> = {}) => {
    const config = { ...(await loadConfig({ cwd: dir, root: dir })), ...overrides };
    const result = await generateToDisk(config, { cache: true, cwd: dir });
    const index = JSON.parse(readFileSync(path.join(dir, "dist", "operations.json"), "utf8")) as { operations: { path: string }[] };
    return { result, paths: index.operations.map((o) => o.path).sort() };
  };
  const minifiedWarnings = (result: Awaited<ReturnType<typeof run>>["result"]) =>
    result.diagnostics.items.filter((d) => d.code === "APX120");

  it("leaves a bundle nothing imports unanalysed, says so once (also from the cache), and reads one a source imports", async () => {
    for (const _ of [1, 2]) {
      const { result, paths } = await run();
      expect(paths).toEqual(["/from-import", "/health"]);
      const [warning, ...others] = minifiedWarnings(result);
      expect(others).toEqual([]);
      expect(warning?.site?.file).toBe(path.join(dir, "public/bundle.js"));
      expect(warning?.message).toContain("1 JavaScript file(s) are minified");
    }
  });

  it("says nothing of a bundle the config excludes", async () => {
    const config = await loadConfig({ cwd: dir, root: dir });
    const { result, paths } = await run({ exclude: [...config.exclude, "public/**"] });
    expect(paths).toEqual(["/from-import", "/health"]);
    expect(minifiedWarnings(result)).toEqual([]);
  });
});
