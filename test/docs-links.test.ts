import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "./helpers/repo.js";

/** The README is a landing page: short, and every page it (or a docs page) links to exists. */
const pages = [
  "README.md",
  ...readdirSync(path.join(REPO_ROOT, "docs"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`),
];

describe("documentation", () => {
  it("keeps the README to a landing page (at most 300 lines)", () => {
    expect(readFileSync(path.join(REPO_ROOT, "README.md"), "utf8").split("\n").length).toBeLessThanOrEqual(300);
  });

  it.each(pages)("%s links only to files that exist", (page) => {
    const text = readFileSync(path.join(REPO_ROOT, page), "utf8");
    const broken = [...text.matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)]
      .map((m) => m[1]!)
      .filter((target) => !/^[a-z]+:/.test(target))
      .filter((target) => !existsSync(path.resolve(REPO_ROOT, path.dirname(page), target)));
    expect(broken).toEqual([]);
  });
});
