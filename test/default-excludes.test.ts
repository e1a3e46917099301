import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DEFAULT_EXCLUDE, DEFAULT_INCLUDE } from "../generator/config/defaults.js";
import { listSources } from "../generator/scan/list-sources.js";

describe("the default excludes", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "apidex-default-excludes-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("leave out Storybook stories (their request mocks are no routes), tests and demos, and keep the service", async () => {
    const files = {
      "server/app.ts": `import express from "express";\nexport const app = express();\n`,
      "server/routes/users.ts": `export const users = [];\n`,
      "web/stories/Confirm.stories.tsx": `fetchMock.get("/api/user/emails", 200);\n`,
      "web/components/Button.stories.ts": `export default { title: "Button" };\n`,
      "web/.storybook/preview.ts": `export default {};\n`,
      "server/app.test.ts": `test("x", () => {});\n`,
      "examples/demo.ts": `export {};\n`,
    };
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      writeFileSync(path.join(dir, name), text);
    }
    const listed = (await listSources({ root: dir, include: DEFAULT_INCLUDE, exclude: [...DEFAULT_EXCLUDE] })).map((f) =>
      path.relative(dir, f).split(path.sep).join("/"),
    );
    expect(listed.sort()).toEqual(["server/app.ts", "server/routes/users.ts"]);
  });
});
