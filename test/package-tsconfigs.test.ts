import { describe, expect, it } from "vitest";
import { diagnosticLines, generateFrom, routeLines } from "./helpers/in-memory.js";

/**
 * Run at a monorepo's root, apidex reads apps whose imports go through their own tsconfig's `paths`
 * (`apps/api/tsconfig.json`: `"@/*": ["./src/*"]`), which the root's tsconfig (often none) does not declare.
 * A file resolves as its editor resolves it: with the nearest tsconfig.json above it.
 */
const apiTsconfig = JSON.stringify({ compilerOptions: { baseUrl: ".", paths: { "@/*": ["./src/*"] } } });

const monorepo = (rootTsconfig?: string): Record<string, string> => ({
  "package.json": JSON.stringify({ name: "acme", private: true, workspaces: ["apps/*"] }),
  ...(rootTsconfig ? { "tsconfig.json": rootTsconfig } : {}),
  "apps/api/package.json": JSON.stringify({ name: "@acme/api", version: "1.0.0" }),
  "apps/api/tsconfig.json": apiTsconfig,
  "apps/api/src/server.ts": `import express from "express";
import { users } from "@/routes/users";
const app = express();
app.use("/v1", users);
app.listen(3000);
`,
  "apps/api/src/routes/users.ts": `import { Router } from "express";
import { requirePermission } from "@/auth/permissions";
import type { User } from "@/models/user";
export const users = Router();
/**
 * List users
 * @documented
 * @response 200 User
 */
users.get("/users", requirePermission("users.read"), (req, res) => { res.json([] as User[]); });
`,
  "apps/api/src/auth/permissions.ts": `export function requirePermission(key: string) { return (req: any, res: any, next: any) => next(); }\n`,
  "apps/api/src/models/user.ts": `export interface User { id: string; name: string }\n`,
});

describe("a package's own tsconfig paths, read from a monorepo's root", () => {
  it.each([
    ["a root without a tsconfig", undefined],
    ["a root tsconfig without paths", JSON.stringify({ compilerOptions: { strict: true } })],
    // The root's `@/*` means another folder: the app's own tsconfig decides for the app's files.
    [
      "a root tsconfig whose @/* means another folder",
      JSON.stringify({ compilerOptions: { baseUrl: ".", paths: { "@/*": ["./lib/*"] } } }),
    ],
  ])("resolves the app's aliased imports with its own tsconfig (%s): routes, keys and shapes", async (_name, rootTsconfig) => {
    const result = await generateFrom(monorepo(rootTsconfig));
    expect(routeLines(result)).toEqual(["GET /v1/users [users.read]"]);
    expect(diagnosticLines(result)).toEqual([]);
    const doc = result.openapi as { components: { schemas: Record<string, unknown> } };
    expect(doc.components.schemas.User).toEqual({
      type: "object",
      properties: { id: { type: "string" }, name: { type: "string" } },
      required: ["id", "name"],
    });
  });

  it("falls back to the project's options where the package's do not resolve an import", async () => {
    const files = monorepo(
      JSON.stringify({ compilerOptions: { baseUrl: ".", paths: { "#auth": ["./apps/api/src/auth/permissions.ts"] } } }),
    );
    files["apps/api/src/routes/users.ts"] = files["apps/api/src/routes/users.ts"]!.replace('"@/auth/permissions"', '"#auth"');
    expect(routeLines(await generateFrom(files))).toEqual(["GET /v1/users [users.read]"]);
  });

  it("reads a package tsconfig's own paths when its `extends` names a package that is not installed", async () => {
    const files = monorepo();
    files["apps/api/tsconfig.json"] = JSON.stringify({
      extends: "@acme/tsconfig/node.json",
      compilerOptions: { baseUrl: ".", paths: { "@/*": ["./src/*"] } },
    });
    expect(routeLines(await generateFrom(files))).toEqual(["GET /v1/users [users.read]"]);
  });

  it("reads a JavaScript package's jsconfig.json as its editor does (no tsconfig.json beside it)", async () => {
    const files: Record<string, string> = {
      "package.json": JSON.stringify({ name: "acme", private: true, workspaces: ["packages/*"] }),
      "packages/backend/package.json": JSON.stringify({ name: "@acme/backend", type: "module" }),
      "packages/backend/jsconfig.json": JSON.stringify({ compilerOptions: { baseUrl: ".", paths: { "@/routes/*": ["src/routes/*"] } } }),
      "packages/backend/src/app.js": `import express from "express";
import router from "@/routes/index.js";
const app = express();
app.use("/", router);
app.listen(3000);
`,
      "packages/backend/src/routes/index.js": `import { Router } from "express";
const router = Router();
router.get("/healthcheck", (req, res) => res.json({ ok: true }));
export default router;
`,
    };
    expect(routeLines(await generateFrom(files))).toEqual(["GET /healthcheck []"]);
    // A tsconfig.json beside it wins, as in the editor: its paths (none here) are the package's.
    files["packages/backend/tsconfig.json"] = JSON.stringify({ compilerOptions: { allowJs: true } });
    const result = await generateFrom(files);
    expect(routeLines(result)).toEqual([]);
    expect(diagnosticLines(result)).toContain("APX210 packages/backend/src/app.js:4");
  });
});
