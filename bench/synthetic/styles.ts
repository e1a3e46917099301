/**
 * The other framework styles apidex supports, for the bench: the same resources and operations as the
 * Express service (bench/synthetic/generate-service.ts) written the way each framework's users write
 * them. Per resource, 15 operations: list, create, get, update, delete, five actions and five note
 * routes; a router-level read check on every third resource; the delete checks in its body; the first
 * resources' list, create and get are documented (typed the framework's way, else with @response tags).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

export type SyntheticStyle = "express" | "fastify" | "hono" | "koa" | "nest" | "next";
export const STYLES: SyntheticStyle[] = ["express", "fastify", "hono", "koa", "nest", "next"];

const ACTIONS = ["archive", "restore", "approve", "send", "close"] as const;
const PER_RESOURCE = 15;

/** One resource of the service: its names and how many of its 15 operations exist. */
export interface ResourcePlan {
  name: string;
  ident: string;
  Type: string;
  guarded: boolean;
  operations: number;
  /** Which of list, create, get are documented. */
  documented: [boolean, boolean, boolean];
}

/** Splits `operations` into resources and marks the first `documented` list/create/get operations. */
export function planResources(operations: number, documented: number): ResourcePlan[] {
  const plans: ResourcePlan[] = [];
  let left = operations;
  let docsLeft = documented;
  for (let i = 0; left > 0; i++) {
    const take = Math.min(left, PER_RESOURCE);
    const docs = [0, 1, 2].map((k) => k < take && docsLeft-- > 0) as [boolean, boolean, boolean];
    plans.push({
      name: `r${String(i).padStart(4, "0")}-items`,
      ident: `r${String(i).padStart(4, "0")}Items`,
      Type: `Resource${i}`,
      guarded: i % 3 === 0,
      operations: take,
      documented: docs,
    });
    left -= take;
  }
  return plans;
}

/** A resource's model types: the item, its create body and a page of items. */
export function modelSource(r: Pick<ResourcePlan, "name" | "Type">): string {
  return `/** A ${r.name}. */
export interface ${r.Type} {
  id: string;
  /** Display name. */
  name: string;
  status: "active" | "archived";
  tags: string[];
  owner: { id: string; email: string | null };
  created_at: string;
}
export interface Create${r.Type}Body { name: string; tags?: string[] }
export interface Page${r.Type} { data: ${r.Type}[]; next_cursor: string | null }
`;
}

export function permissionsSource(plans: ResourcePlan[], asEnum = false): string {
  return plans
    .map((r) =>
      asEnum
        ? `export enum ${r.Type}Perm { Read = "${r.name}.read", Write = "${r.name}.write", Delete = "${r.name}.delete" }\n`
        : `export const ${r.Type}Perm = { Read: "${r.name}.read", Write: "${r.name}.write", Delete: "${r.name}.delete" } as const;\n`,
    )
    .join("");
}

/** The doc comment of operation `k` (0 list, 1 create, 2 get); `typed` when the framework's types carry the shapes. */
function doc(r: ResourcePlan, k: number, summary: string, typed: boolean): string {
  if (k > 2 || !r.documented[k]) return `/** ${summary} */\n`;
  const lines = [summary, "@documented", `@scope ${r.name}:read`, `@tag ${r.Type}`];
  if (!typed) {
    if (k === 0) lines.push(`@response 200 Page${r.Type}`);
    if (k === 1) lines.push(`@body Create${r.Type}Body`, `@response 201 ${r.Type}`);
    if (k === 2) lines.push(`@response 200 ${r.Type}`);
  }
  if (k === 0) lines.push(`@example response 200 {"data": [], "next_cursor": null}`);
  if (k === 1) lines.push(`@example request {"name": "x"}`);
  return `/**\n${lines.map((l) => ` * ${l}`).join("\n")}\n */\n`;
}

const ITEM = `{ id: "1", name: "x", status: "active" as const, tags: [], owner: { id: "u", email: null }, created_at: "" }`;

/** Writes the service in `style` (not Express: generate-service.ts writes that one). */
export function writeStyle(dir: string, style: Exclude<SyntheticStyle, "express">, plans: ResourcePlan[]): void {
  const write = (name: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  };
  write("package.json", JSON.stringify({ name: `synthetic-${style}`, version: "1.0.0", type: "module" }));
  const compilerOptions: Record<string, unknown> = {
    module: "NodeNext",
    moduleResolution: "NodeNext",
    strict: true,
    skipLibCheck: true,
    types: [],
  };
  if (style === "nest") Object.assign(compilerOptions, { experimentalDecorators: true, emitDecoratorMetadata: true });
  write("tsconfig.json", JSON.stringify({ compilerOptions, include: style === "next" ? ["app", "lib"] : ["src"] }));
  // Next.js keeps shared code beside app/, the others under src/.
  const shared = style === "next" ? "lib/" : "src/";
  for (const r of plans) write(`${shared}models/${r.name}.ts`, modelSource(r));
  write(`${shared}permissions.ts`, permissionsSource(plans, style === "nest"));
  if (style === "fastify") fastify(write, plans);
  if (style === "hono") hono(write, plans);
  if (style === "koa") koa(write, plans);
  if (style === "nest") nest(write, plans);
  if (style === "next") next(write, plans);
}

type Write = (name: string, text: string) => void;

/** The 15 operations as (k, method, path, checks, summary); checks: route-level keys, and a body check for delete. */
function operationsOf(r: ResourcePlan): { k: number; method: string; path: string; keys: string[]; bodyKey?: string; summary: string }[] {
  const P = `${r.Type}Perm`;
  const ops = [
    { k: 0, method: "get", path: "/", keys: [`${P}.Read`], summary: `List ${r.name}` },
    { k: 1, method: "post", path: "/", keys: [`${P}.Write`], summary: `Create a ${r.name}` },
    { k: 2, method: "get", path: "/:id", keys: [`${P}.Read`], summary: `Get a ${r.name}` },
    { k: 3, method: "patch", path: "/:id", keys: [`${P}.Write`], summary: `Update a ${r.name}` },
    { k: 4, method: "delete", path: "/:id", keys: [], bodyKey: `${P}.Delete`, summary: `Delete a ${r.name}` },
    ...ACTIONS.map((a, n) => ({
      k: 5 + n,
      method: "post",
      path: `/:id/${a}`,
      keys: [`${P}.Write`, `"${r.name}.${a}"`],
      summary: `${a} a ${r.name}`,
    })),
    { k: 10, method: "get", path: "/:id/notes", keys: [`"${r.name}.notes.read"`], summary: `List notes of a ${r.name}` },
    {
      k: 11,
      method: "post",
      path: "/:id/notes",
      keys: [`"${r.name}.notes.read"`, `"${r.name}.notes.write"`],
      summary: `Add a note to a ${r.name}`,
    },
    { k: 12, method: "get", path: "/:id/notes/:note_id", keys: [`"${r.name}.notes.read"`], summary: `Get a note of a ${r.name}` },
    {
      k: 13,
      method: "patch",
      path: "/:id/notes/:note_id",
      keys: [`"${r.name}.notes.read"`, `"${r.name}.notes.write"`],
      summary: `Update a note of a ${r.name}`,
    },
    {
      k: 14,
      method: "delete",
      path: "/:id/notes/:note_id",
      keys: [`"${r.name}.notes.read"`, `"${r.name}.notes.write"`],
      summary: `Delete a note of a ${r.name}`,
    },
  ];
  return ops.slice(0, r.operations);
}

function imports(r: ResourcePlan, from: string): string {
  return `import { ${r.Type}Perm } from "${from}permissions.js";\nimport type { ${r.Type}, Create${r.Type}Body, Page${r.Type} } from "${from}models/${r.name}.js";\n`;
}

function fastify(write: Write, plans: ResourcePlan[]): void {
  write(
    "src/auth.ts",
    `import type { FastifyReply, FastifyRequest } from "fastify";
export function requirePermission(...keys: string[]) { return async (request: FastifyRequest, reply: FastifyReply) => {}; }
export function assertPermission(request: FastifyRequest, key: string): void {}
`,
  );
  for (const r of plans) {
    const lines = [
      `import type { FastifyInstance } from "fastify";`,
      `import { requirePermission, assertPermission } from "../auth.js";`,
      imports(r, "../"),
      `export async function ${r.ident}(f: FastifyInstance) {`,
    ];
    if (r.guarded) lines.push(`  f.addHook("preHandler", requirePermission(${r.Type}Perm.Read));`);
    for (const op of operationsOf(r)) {
      const generic =
        op.k === 0
          ? `<{ Reply: Page${r.Type} }>`
          : op.k === 1
            ? `<{ Body: Create${r.Type}Body; Reply: { 201: ${r.Type} } }>`
            : op.k === 2
              ? `<{ Params: { id: string }; Reply: ${r.Type} }>`
              : "";
      const handler = op.bodyKey
        ? `async (request, reply) => { assertPermission(request, ${op.bodyKey}); return reply.code(204).send(); }`
        : op.k === 0
          ? `async () => ({ data: [], next_cursor: null })`
          : op.k <= 2
            ? `async () => (${ITEM})`
            : `async () => ({})`;
      const options = op.keys.length ? `{ preHandler: [requirePermission(${op.keys.join(", ")})] }, ` : "";
      lines.push(
        `  ${doc(r, op.k, op.summary, true).replace(/\n(?=.)/g, "\n  ")}f.${op.method}${generic}("${op.path}", ${options}${handler});`,
      );
    }
    lines.push("}");
    write(`src/routes/${r.name}.ts`, `${lines.join("\n")}\n`);
  }
  write(
    "src/app.ts",
    `import Fastify from "fastify";
${plans.map((r) => `import { ${r.ident} } from "./routes/${r.name}.js";`).join("\n")}
export function buildApp() {
  const app = Fastify();
  app.register(async (v1) => {
${plans.map((r) => `    v1.register(${r.ident}, { prefix: "/${r.name}" });`).join("\n")}
  }, { prefix: "/v1" });
  return app;
}
`,
  );
}

function hono(write: Write, plans: ResourcePlan[]): void {
  write(
    "src/auth.ts",
    `import type { Context, Next } from "hono";
export function requirePermission(...keys: string[]) { return async (c: Context, next: Next) => { await next(); }; }
export function assertPermission(c: Context, key: string): void {}
`,
  );
  for (const r of plans) {
    const lines = [
      `import { Hono } from "hono";`,
      `import { requirePermission, assertPermission } from "../auth.js";`,
      imports(r, "../"),
      `export const ${r.ident} = new Hono();`,
    ];
    if (r.guarded) lines.push(`${r.ident}.use("*", requirePermission(${r.Type}Perm.Read));`);
    for (const op of operationsOf(r)) {
      const handler = op.bodyKey
        ? `(c) => { assertPermission(c, ${op.bodyKey}); return c.body(null, 204); }`
        : op.k === 0
          ? `(c) => c.json({ data: [], next_cursor: null })`
          : `(c) => c.json({})`;
      const checks = op.keys.length ? `requirePermission(${op.keys.join(", ")}), ` : "";
      lines.push(`${doc(r, op.k, op.summary, false)}${r.ident}.${op.method}("${op.path}", ${checks}${handler});`);
    }
    write(`src/routes/${r.name}.ts`, `${lines.join("\n")}\n`);
  }
  write(
    "src/app.ts",
    `import { Hono } from "hono";
${plans.map((r) => `import { ${r.ident} } from "./routes/${r.name}.js";`).join("\n")}
export const app = new Hono();
const v1 = app.basePath("/v1");
${plans.map((r) => `v1.route("/${r.name}", ${r.ident});`).join("\n")}
`,
  );
}

function koa(write: Write, plans: ResourcePlan[]): void {
  write(
    "src/auth.ts",
    `import type { Context, Next } from "koa";
export function requirePermission(...keys: string[]) { return async (ctx: Context, next: Next) => { await next(); }; }
export function assertPermission(ctx: Context, key: string): void {}
`,
  );
  for (const r of plans) {
    const lines = [
      `import Router from "@koa/router";`,
      `import { requirePermission, assertPermission } from "../auth.js";`,
      imports(r, "../"),
      `export const ${r.ident} = new Router();`,
    ];
    if (r.guarded) lines.push(`${r.ident}.use(requirePermission(${r.Type}Perm.Read));`);
    for (const op of operationsOf(r)) {
      const method = op.method === "delete" ? "del" : op.method;
      const handler = op.bodyKey
        ? `(ctx) => { assertPermission(ctx, ${op.bodyKey}); ctx.status = 204; }`
        : op.k === 0
          ? `(ctx) => { ctx.body = { data: [], next_cursor: null }; }`
          : `(ctx) => { ctx.body = {}; }`;
      const checks = op.keys.length ? `requirePermission(${op.keys.join(", ")}), ` : "";
      lines.push(`${doc(r, op.k, op.summary, false)}${r.ident}.${method}("${op.path}", ${checks}${handler});`);
    }
    write(`src/routes/${r.name}.ts`, `${lines.join("\n")}\n`);
  }
  write(
    "src/app.ts",
    `import Koa from "koa";
import Router from "@koa/router";
${plans.map((r) => `import { ${r.ident} } from "./routes/${r.name}.js";`).join("\n")}
export const app = new Koa();
const api = new Router({ prefix: "/v1" });
${plans.map((r) => `api.use("/${r.name}", ${r.ident}.routes(), ${r.ident}.allowedMethods());`).join("\n")}
app.use(api.routes()).use(api.allowedMethods());
`,
  );
}

function nest(write: Write, plans: ResourcePlan[]): void {
  write(
    "src/auth.ts",
    `import { SetMetadata } from "@nestjs/common";
export const RequirePermissions = (...keys: string[]) => SetMetadata("permissions", keys);
export function assertPermission(held: string[] | undefined, key: string): void {}
`,
  );
  for (const r of plans) {
    const lines = [
      `import { Body, Controller, Delete, Get, Param, Patch, Post } from "@nestjs/common";`,
      `import { RequirePermissions, assertPermission } from "../auth.js";`,
      imports(r, "../"),
      `@Controller("v1/${r.name}")`,
    ];
    if (r.guarded) lines.push(`@RequirePermissions(${r.Type}Perm.Read)`);
    lines.push(`export class ${r.Type}Controller {`);
    for (const op of operationsOf(r)) {
      const decorator = { get: "Get", post: "Post", patch: "Patch", delete: "Delete" }[op.method]!;
      const route = op.path === "/" ? "" : `"${op.path.slice(1)}"`;
      const checks = op.keys.length ? `\n  @RequirePermissions(${op.keys.join(", ")})` : "";
      const signature =
        op.k === 0
          ? `list${r.Type}(): Page${r.Type} { return { data: [], next_cursor: null }; }`
          : op.k === 1
            ? `create${r.Type}(@Body() body: Create${r.Type}Body): ${r.Type} { return { ...${ITEM}, name: body.name }; }`
            : op.k === 2
              ? `get${r.Type}(@Param("id") id: string): ${r.Type} { return { ...${ITEM}, id }; }`
              : op.bodyKey
                ? `op${op.k}(): void { assertPermission([], ${op.bodyKey}); }`
                : `op${op.k}() { return {}; }`;
      lines.push(`  ${doc(r, op.k, op.summary, true).replace(/\n(?=.)/g, "\n  ")}@${decorator}(${route})${checks}\n  ${signature}`);
    }
    lines.push("}");
    write(`src/controllers/${r.name}.controller.ts`, `${lines.join("\n")}\n`);
  }
  write(
    "src/app.module.ts",
    `import { Module } from "@nestjs/common";
${plans.map((r) => `import { ${r.Type}Controller } from "./controllers/${r.name}.controller.js";`).join("\n")}
@Module({ controllers: [${plans.map((r) => `${r.Type}Controller`).join(", ")}] })
export class AppModule {}
`,
  );
}

function next(write: Write, plans: ResourcePlan[]): void {
  write(
    "lib/auth.ts",
    `export function assertPermission(request: Request, ...keys: string[]): void {}
export function requirePermission(key: string, handler: (request: Request) => Promise<Response>) { return async (request: Request) => handler(request); }
`,
  );
  for (const r of plans) {
    // Route files by folder; the read check every third resource applies stands in each handler.
    const files = new Map<string, string[]>();
    for (const op of operationsOf(r)) {
      const folder = op.path.replace(/:([a-z_]+)/g, "[$1]");
      const file = `app/v1/${r.name}${folder === "/" ? "" : folder}/route.ts`;
      const keys = [...(r.guarded ? [`${r.Type}Perm.Read`] : []), ...op.keys, ...(op.bodyKey ? [op.bodyKey] : [])];
      const body =
        op.k === 0
          ? `Response.json({ data: [], next_cursor: null })`
          : op.bodyKey
            ? `new Response(null, { status: 204 })`
            : `Response.json({})`;
      const list = files.get(file) ?? [];
      list.push(
        `${doc(r, op.k, op.summary, false)}export async function ${op.method.toUpperCase()}(request: Request) {\n  ${keys.length ? `assertPermission(request, ${keys.join(", ")});\n  ` : ""}return ${body};\n}`,
      );
      files.set(file, list);
    }
    for (const [file, handlers] of files) {
      const depth = file.split("/").length - 1;
      const up = "../".repeat(depth);
      write(file, `import { assertPermission } from "${up}lib/auth.js";\n${imports(r, `${up}lib/`)}${handlers.join("\n")}\n`);
    }
  }
}
