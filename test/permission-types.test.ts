import { describe, expect, it } from "vitest";
import { diagnosticLines, generateFrom, routeLines } from "./helpers/in-memory.js";

/**
 * Permission keys the static evaluator cannot read from the syntax get one more chance from the type
 * checker: a key whose type is one string literal is that key; anything else is a warning (APX301) and marks the operation unresolved.
 * Every adapter must hand its unresolved keys over before it builds routes, or the error would be lost.
 */
const AUTH = `export function requirePermission(...keys: string[]) { return (req: any, res: any, next: any) => next(); }
export function assertPermission(req: unknown, ...keys: string[]): void {}
`;
// Declared only in a .d.ts: the evaluator reads no values from declaration files.
const KEYS = `export declare const KEYS: { readonly read: "reports.read"; readonly any: string };`;

describe("permission keys from types", () => {
  it("reads a literal type where the syntax has no value, and reports everything else", async () => {
    const result = await generateFrom({
      "auth.ts": AUTH,
      "keys.d.ts": KEYS,
      "app.ts": [
        `import express from "express"; import { requirePermission } from "./auth"; import { KEYS } from "./keys";`,
        `function sendKey(): "reports.send" { return ["reports", "send"].join(".") as "reports.send"; }`,
        `const app = express();`,
        `app.get("/a", requirePermission(KEYS.read), (q, s) => s.end());`,
        `app.post("/b", requirePermission(sendKey()), (q, s) => s.end());`,
        `app.get("/c", requirePermission(process.env.X as "x.read" | "y.read"), (q, s) => s.end());`,
        `app.get("/d", requirePermission(KEYS.any), (q, s) => s.end());`,
      ].join("\n"),
    });
    expect(routeLines(result)).toEqual([
      "GET /a [reports.read]",
      "GET /c [] unresolved(permissions)",
      "GET /d [] unresolved(permissions)",
      "POST /b [reports.send]",
    ]);
    expect(diagnosticLines(result)).toEqual(["APX301 app.ts:6", "APX301 app.ts:7"]);
    const messages = result.diagnostics.items.map((d) => d.message);
    expect(messages.some((m) => m.includes('its type, `"x.read" | "y.read"`, is not one string literal'))).toBe(true);
    expect(messages.some((m) => m.includes("its type, `string`, is not one string literal"))).toBe(true);
  });

  it.each([
    [
      "hono",
      {
        "app.ts": `import { Hono } from "hono"; import { assertPermission } from "./auth"; import { KEYS } from "./keys";\nexport const app = new Hono();\napp.get("/a", (c) => { assertPermission(c, KEYS.read); return c.text(""); });\napp.get("/b", (c) => { assertPermission(c, process.env.X as string); return c.text(""); });`,
      },
    ],
    [
      "koa",
      {
        "app.ts": `import Koa from "koa"; import Router from "@koa/router"; import { assertPermission } from "./auth"; import { KEYS } from "./keys";\nexport const app = new Koa(); const r = new Router();\nr.get("/a", (ctx) => { assertPermission(ctx, KEYS.read); });\nr.get("/b", (ctx) => { assertPermission(ctx, process.env.X as string); });\napp.use(r.routes());`,
      },
    ],
    [
      "fastify",
      {
        "app.ts": `import Fastify from "fastify"; import { assertPermission } from "./auth"; import { KEYS } from "./keys";\nexport function buildApp() { const app = Fastify();\napp.get("/a", async (req) => { assertPermission(req, KEYS.read); });\napp.get("/b", async (req) => { assertPermission(req, process.env.X as string); });\nreturn app; }`,
      },
    ],
    [
      "nest",
      {
        "app.ts": `import { Controller, Get, Module } from "@nestjs/common"; import { assertPermission } from "./auth"; import { KEYS } from "./keys";\n@Controller("x") export class X {\n@Get("a") a() { assertPermission([], KEYS.read); }\n@Get("b") b() { assertPermission([], process.env.X as string); } }\n@Module({ controllers: [X] }) export class AppModule {}`,
      },
    ],
    [
      "next",
      {
        "app/a/route.ts": `import { assertPermission } from "../../auth"; import { KEYS } from "../../keys";\nexport async function GET(request: Request) { assertPermission(request, KEYS.read); return new Response(""); }`,
        "app/b/route.ts": `import { assertPermission } from "../../auth";\n\nexport async function GET(request: Request) { assertPermission(request, process.env.X as string); return new Response(""); }`,
      },
    ],
  ])("%s: a key from a type is read, an unresolvable one is reported", async (_framework, files) => {
    const result = await generateFrom({ "auth.ts": AUTH, "keys.d.ts": KEYS, ...files });
    const lines = routeLines(result);
    expect(
      lines.find((l) => / \/(x\/)?a /.test(l)),
      lines.join("\n"),
    ).toMatch(/\[reports\.read\]$/);
    expect(lines.find((l) => / \/(x\/)?b /.test(l))).toMatch(/\[\] unresolved\(permissions\)$/);
    expect(result.diagnostics.errors).toEqual([]);
    expect(result.diagnostics.warnings.filter((d) => d.code === "APX301")).toHaveLength(1);
  });

  it("nest: decorator arguments too, including a member of an options object's type", async () => {
    const result = await generateFrom(
      {
        "auth.ts": `import { SetMetadata } from "@nestjs/common";\nexport const RequirePermissions = (...keys: string[]) => SetMetadata("permissions", keys);\nexport const Auth = (options: { permission: string }) => SetMetadata("permissions", [options.permission]);`,
        "keys.d.ts": `${KEYS}\nexport declare const OPTS: { readonly permission: "reports.audit" };`,
        "app.ts": [
          `import { Controller, Get, Module } from "@nestjs/common"; import { Auth, RequirePermissions } from "./auth"; import { KEYS, OPTS } from "./keys";`,
          `@Controller("y") export class Y {`,
          `@Get("a") @RequirePermissions(KEYS.read) a() {}`,
          `@Get("b") @Auth(OPTS) b() {}`,
          `@Get("c") @RequirePermissions(process.env.X as string) c() {} }`,
          `@Module({ controllers: [Y] }) export class AppModule {}`,
        ].join("\n"),
      },
      { nest: { decorators: [{ name: "RequirePermissions" }, { name: "Auth", argument: 0, property: "permission" }] } },
    );
    expect(routeLines(result)).toEqual(["GET /y/a [reports.read]", "GET /y/b [reports.audit]", "GET /y/c [] unresolved(permissions)"]);
    expect(diagnosticLines(result)).toEqual(["APX301 app.ts:5"]);
    expect(result.diagnostics.warnings[0]!.message).toContain("its type, `string`, is not one string literal");
  });

  it("fastify: route config keys too, when the options are written in the call", async () => {
    const result = await generateFrom({
      "auth.ts": AUTH,
      "keys.d.ts": KEYS,
      "app.ts": `import Fastify from "fastify"; import { KEYS } from "./keys";\nexport function buildApp() { const app = Fastify();\napp.get("/a", { config: { permission: KEYS.read } }, async () => "");\napp.get("/b", { config: { permissions: process.env.X as string } }, async () => "");\nreturn app; }`,
    });
    expect(routeLines(result)).toEqual(["GET /a [reports.read]", "GET /b [] unresolved(permissions)"]);
    expect(diagnosticLines(result)).toEqual(["APX301 app.ts:4"]);
    expect(result.diagnostics.warnings[0]!.message).toContain("its type, `string`, is not one string literal");
  });
});
