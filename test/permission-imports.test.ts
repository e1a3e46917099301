import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../generator/config/load-config.js";
import { generate } from "../generator/generate.js";
import { permissionOnlyImports } from "../generator/resolve/types/permission-imports.js";
import { createTypeContext } from "../generator/resolve/types/type-context.js";
import { scanProject, sourceSetFromMemory } from "../generator/scan/source-set.js";

/**
 * The type program for documented shapes leaves out modules a file imports only for permission checks
 * (a central permissions file): their values never reach a request or response type. Anything else
 * about the name — another use, a mention in a comment or a string, an import as a type — keeps it.
 */
const CALLS = new Set(["requirePermission", "assertPermission"]);

const skipped = (text: string, calls: ReadonlySet<string> = CALLS) =>
  [...permissionOnlyImports(sourceSetFromMemory({ "app.ts": text }).files[0]!, calls)].sort();

describe("permissionOnlyImports", () => {
  it.each([
    [
      "a key constant and the check function",
      `import { Perm } from "./perms"; import { requirePermission } from "./auth";\nrouter.get("/", requirePermission(Perm.Read), h);`,
      ["./auth", "./perms"],
    ],
    [
      "a check inside a handler body",
      `import { Perm } from "./perms";\nrouter.delete("/", (req, res) => { assertPermission(req, Perm.Delete); res.end(); });`,
      ["./perms"],
    ],
    [
      "a namespace import",
      `import * as perms from "./perms";\nrouter.get("/", requirePermission(perms.Read, perms.List), h);`,
      ["./perms"],
    ],
    ["a method-style check", `import { auth } from "./auth";\nrouter.get("/", auth.requirePermission("x"), h);`, ["./auth"]],
    [
      "a name used elsewhere too",
      `import { Perm } from "./perms";\nrouter.get("/", requirePermission(Perm.Read), h);\nconsole.log(Perm);`,
      [],
    ],
    [
      "a name a doc comment mentions (a tag can name a type)",
      `import { Perm } from "./perms";\n/** @response 200 Perm */\nrouter.get("/", requirePermission(Perm.Read), h);`,
      [],
    ],
    ["a name in a string", `import { Perm } from "./perms";\nrouter.get("/", requirePermission(Perm.Read), h); const s = "Perm";`, []],
    ["an unused import", `import { Perm } from "./perms";\nrouter.get("/", h);`, []],
    ["a type-only import", `import type { Perm } from "./perms";\nrouter.get("/", requirePermission("x"), h);`, []],
    ["one type-only element", `import { type Row, Perm } from "./perms";\nrouter.get("/", requirePermission(Perm.Read), h);`, []],
    [
      "one of two names used elsewhere",
      `import { Perm, helper } from "./perms";\nrouter.get("/", requirePermission(Perm.Read), helper);`,
      [],
    ],
    [
      "a module the file re-exports from",
      `import { Perm } from "./perms"; export { Other } from "./perms";\nrouter.get("/", requirePermission(Perm.Read), h);`,
      [],
    ],
    [
      "a side-effect import of the same module",
      `import "./perms"; import { Perm } from "./perms";\nrouter.get("/", requirePermission(Perm.Read), h);`,
      [],
    ],
    ["a call that is not a configured check", `import { Perm } from "./perms";\nrouter.get("/", somethingElse(Perm.Read), h);`, []],
    [
      "a local that shadows the import",
      `import { Perm } from "./perms";\nrouter.get("/", requirePermission(Perm.Read), (Perm: unknown) => h(Perm));`,
      [],
    ],
  ])("%s", (_, text, expected) => {
    expect(skipped(text)).toEqual(expected);
  });

  it("skips nothing without configured permission calls", () => {
    expect(skipped(`import { Perm } from "./perms";\nrouter.get("/", requirePermission(Perm.Read), h);`, new Set())).toEqual([]);
  });
});

describe("the type program for documented shapes", () => {
  let dir: string;
  const write = (files: Record<string, string>) => {
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      writeFileSync(path.join(dir, name), text);
    }
  };
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "apidex-perm-imports-"));
    write({
      "package.json": JSON.stringify({ name: "perm-imports", version: "1.0.0", type: "module" }),
      "tsconfig.json": JSON.stringify({ compilerOptions: { module: "NodeNext", moduleResolution: "NodeNext", strict: true } }),
      "src/auth.ts": `export const requirePermission = (...keys: string[]) => (q: unknown, s: unknown, n: () => void) => n();\n`,
      "src/perms.ts": `export const Perm = { Read: "things.read", Write: "things.write" } as const;\nexport interface Receipt { ok: boolean }\n`,
      "src/models.ts": `export interface Thing { id: string; name: string }\n`,
      "src/app.ts": [
        `import express, { type Request, type Response } from "express";`,
        `import { requirePermission } from "./auth.js";`,
        `import { Perm } from "./perms.js";`,
        `import type { Thing } from "./models.js";`,
        `export const app = express();`,
        `/** Get a thing\n * @documented\n * @scope things\n */`,
        `app.get("/v1/things/:id", requirePermission(Perm.Read), (req: Request<{ id: string }>, res: Response<Thing>) => { res.json({ id: "1", name: "" }); });`,
      ].join("\n"),
    });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("leaves modules imported only for checks out, and the shapes are the same", async () => {
    const config = await loadConfig({ cwd: dir, root: dir });
    const sources = await scanProject(config);
    const roots = [path.join(dir, "src/app.ts")];
    const files = (options = {}) =>
      createTypeContext(sources, roots, options)
        .programFiles()
        .map((f) => path.relative(dir, f));
    expect(files()).toEqual(["src/app.ts", "src/auth.ts", "src/models.ts", "src/perms.ts"]);
    expect(files({ skipPermissionImports: config.permissionCalls })).toEqual(["src/app.ts", "src/models.ts"]);
    const result = await generate(config);
    expect(result.diagnostics.errors).toEqual([]);
    const doc = result.openapi as { components: { schemas: Record<string, unknown> } };
    expect(doc.components.schemas.Thing).toMatchObject({ type: "object", required: ["id", "name"] });
  });

  it("keeps a module whose type a tag names, next to its permission constant", async () => {
    write({
      "src/app.ts": [
        `import express from "express";`,
        `import { requirePermission } from "./auth.js";`,
        `import { Perm, type Receipt } from "./perms.js";`,
        `export const app = express();`,
        `/** Write a thing\n * @documented\n * @scope things\n * @response 200 Receipt\n */`,
        `app.post("/v1/things", requirePermission(Perm.Write), (req, res) => { res.json({ ok: true }); });`,
      ].join("\n"),
    });
    const result = await generate(await loadConfig({ cwd: dir, root: dir }));
    expect(result.diagnostics.errors).toEqual([]);
    const doc = result.openapi as { components: { schemas: Record<string, unknown> } };
    expect(doc.components.schemas.Receipt).toMatchObject({ type: "object", required: ["ok"] });
  });
});
