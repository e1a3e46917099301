import { describe, expect, it } from "vitest";
import { diagnosticLines, generateFrom, type InMemoryCase, routeLines } from "./helpers/in-memory.js";

/**
 * Permission keys in the shapes services hand them to their checks: statements of resources and their
 * actions, checks named for alternatives, wrappers that take the keys positionally, NestJS decorators
 * built on SetMetadata, and policy helpers that check something other than the caller.
 */

const AUTH = `
export function requirePermission(...keys: unknown[]) { return (req: any, res: any, next: any) => next(); }
export function checkPermission(ctx: unknown, ...statement: unknown[]): void {}
export function hasPermission(options: { permissions: Record<string, string[]> }): boolean { return true; }
`;

const statements: InMemoryCase[] = [
  {
    name: "a statement of resources and their actions is the keys resource:action, all required, through consts and arrays",
    files: {
      "auth.ts": AUTH,
      "app.ts": [
        `import express from "express"; import { checkPermission, hasPermission, requirePermission } from "./auth";`,
        `const TASK = "task"; const READ_ONLY = ["read"] as const; const app = express();`,
        `app.put("/tasks/:id", requirePermission({ task: ["update"] }), (q, s) => s.end());`,
        `app.get("/containers", (req, res) => { checkPermission(req, { docker: ["read"], server: ["read"] }); res.end(); });`,
        `app.post("/projects", (req, res) => { if (!hasPermission({ permissions: { project: ["create", "update"] } })) return res.status(403).end(); res.end(); });`,
        `app.get("/tasks", requirePermission({ [TASK]: READ_ONLY }), (q, s) => s.end());`,
      ].join("\n"),
    },
    routes: [
      "GET /containers [docker:read,server:read]",
      "GET /tasks [task:read]",
      "POST /projects [project:create,project:update]",
      "PUT /tasks/{id} [task:update]",
    ],
  },
  {
    name: "a statement built in a check factory from its parameters (resource, action) is read where the factory is called",
    files: {
      "auth.ts": AUTH,
      "app.ts": [
        `import express from "express"; import { checkPermission } from "./auth";`,
        `export function withPermission(resource: string, action: string) {`,
        `  return (req: any, res: any, next: any) => { checkPermission(req, { [resource]: [action] } as any); next(); };`,
        `}`,
        `const app = express();`,
        `app.post("/projects", withPermission("project", "create"), (q, s) => s.end());`,
        `app.delete("/projects/:id", withPermission("project", "delete"), (q, s) => s.end());`,
      ].join("\n"),
    },
    routes: ["DELETE /projects/{id} [project:delete]", "POST /projects [project:create]"],
  },
  {
    name: "a check that takes the resource and the action apart (its parameters say which is which) is one key resource:action; past a rest parameter the strings stay keys one by one",
    files: {
      "rbac.ts": [
        `export function hasPermissions(user: unknown, resource: string, action: string | string[]): boolean { return Boolean(user); }`,
        `export function checkPermissionFor(action: string, subjectType: string, user: unknown): void {}`,
        `export function assertPermission(user: unknown, ...keys: string[]): void {}`,
        `export function guard(resource: string, action: string) {`,
        `  return (req: any, res: any, next: any) => { if (!hasPermissions(req.user, resource, action)) return res.status(403).end(); next(); };`,
        `}`,
      ].join("\n"),
      "app.ts": [
        `import express from "express"; import { assertPermission, checkPermissionFor, guard, hasPermissions } from "./rbac";`,
        `const app = express();`,
        `app.get("/clients", guard("clients", "view"), (q, s) => s.end());`,
        `app.post("/clients", (req, res) => { if (!hasPermissions(req.user, "clients", ["create", "import"])) return res.status(403).end(); res.end(); });`,
        `app.delete("/clients/:id", (req, res) => { checkPermissionFor("delete", "clients", req.user); res.end(); });`,
        `app.put("/admin", (req, res) => { assertPermission(req.user, "admin", "write"); res.end(); });`,
      ].join("\n"),
    },
    routes: [
      "DELETE /clients/{id} [clients:delete]",
      "GET /clients [clients:view]",
      "POST /clients [clients:create,clients:import]",
      "PUT /admin [admin,write]",
    ],
  },
  {
    name: "a tRPC procedure factory whose middleware checks { [resource]: [action] } guards each procedure with resource:action",
    files: {
      "server/permission.ts": `export async function checkPermission(ctx: unknown, statement: Record<string, string[]>): Promise<void> {}\n`,
      "server/trpc.ts": [
        `import { initTRPC } from "@trpc/server"; import { checkPermission } from "./permission";`,
        `const t = initTRPC.create();`,
        `export const createTRPCRouter = t.router;`,
        `export const protectedProcedure = t.procedure.use(({ ctx, next }) => next());`,
        `export const withPermission = (resource: string, action: string) =>`,
        `  protectedProcedure.use(async ({ ctx, next }) => { await checkPermission(ctx, { [resource]: [action] } as any); return next(); });`,
      ].join("\n"),
      "server/root.ts": [
        `import { createTRPCRouter, protectedProcedure, withPermission } from "./trpc";`,
        `export const appRouter = createTRPCRouter({`,
        `  project: createTRPCRouter({`,
        `    create: withPermission("project", "create").mutation(() => null),`,
        `    all: withPermission("project", "read").query(() => []),`,
        `    mine: protectedProcedure.query(() => []),`,
        `  }),`,
        `});`,
      ].join("\n"),
      "pages/api/trpc/[trpc].ts": `import * as trpcNext from "@trpc/server/adapters/next";\nimport { appRouter } from "../../../server/root";\nexport default trpcNext.createNextApiHandler({ router: appRouter, createContext: () => ({}) });\n`,
    },
    routes: ["GET /api/trpc/project.all [project:read]", "GET /api/trpc/project.mine []", "POST /api/trpc/project.create [project:create]"],
  },
  {
    name: "a statement apidex cannot read in full is a warning and marks the route unresolved, whatever recognized the call",
    files: {
      "auth.ts": AUTH,
      "app.ts": [
        `import express from "express"; import { checkPermission, hasPermission, requirePermission } from "./auth"; const app = express();`,
        `app.post("/tasks", (req, res) => { checkPermission(req, { task: [req.body.action] }); res.end(); });`,
        `app.get("/any", requirePermission({ [process.env.RESOURCE as string]: ["read"] }), (q, s) => s.end());`,
        `app.put("/projects", (req, res) => { hasPermission({ permissions: { project: ["update", req.query.extra] } }); res.end(); });`,
      ].join("\n"),
    },
    routes: [
      "GET /any [] unresolved(permissions)",
      "POST /tasks [] unresolved(permissions)",
      "PUT /projects [project:update] unresolved(permissions)",
    ],
    diagnostics: ["APX301 app.ts:2", "APX301 app.ts:3", "APX301 app.ts:4"],
  },
  {
    name: "options that are no statement stay options: roles, keys by name, operators, single values",
    files: {
      "auth.ts": AUTH,
      "app.ts": [
        `import express from "express"; import { checkPermission } from "./auth"; const app = express();`,
        `app.get("/roles", (req, res) => { checkPermission(req, { roles: ["admin"] } as any); res.end(); });`,
        `app.get("/scopes", (req, res) => { checkPermission(req, { scopes: ["reports.read"] } as any); res.end(); });`,
        `app.get("/either", (req, res) => { checkPermission(req, ["a", "b"], { type: "or" }); res.end(); });`,
        `app.get("/combined", (req, res) => { checkPermission(req, { anyOf: ["a", "b"] } as any); res.end(); });`,
      ].join("\n"),
    },
    // A combinator's list is no resource's actions: no "anyOf:a" is made up.
    routes: ["GET /combined []", "GET /either [] any(a|b)", "GET /roles []", "GET /scopes [reports.read]"],
  },
  {
    name: "a middleware factory whose parameter is named for rights or privileges (auth(...requiredRights)) states keys; a singular right does not",
    files: {
      "app.ts": [
        `import express, { type NextFunction, type Request, type Response } from "express";`,
        `const roleRights = new Map([["admin", ["getUsers", "manageUsers"]]]);`,
        `const auth = (...requiredRights: string[]) => (req: Request, res: Response, next: NextFunction) => {`,
        `  const userRights = roleRights.get((req as any).user?.role) ?? [];`,
        `  if (!requiredRights.every((r) => userRights.includes(r))) return res.sendStatus(403);`,
        `  next();`,
        `};`,
        `const privileged = (privileges: string[]) => (req: Request, res: Response, next: NextFunction) => next();`,
        `const side = (right: string) => (req: Request, res: Response, next: NextFunction) => next();`,
        `const app = express();`,
        `app.get("/users", auth("getUsers"), (_q, r) => { r.json([]); });`,
        `app.delete("/users/:id", auth("manageUsers"), (_q, r) => { r.sendStatus(204); });`,
        `app.post("/audit", privileged(["audit.write"]), (_q, r) => { r.end(); });`,
        `app.get("/layout", side("sidebar"), (_q, r) => { r.end(); });`,
      ].join("\n"),
    },
    routes: ["DELETE /users/{id} [manageUsers]", "GET /layout []", "GET /users [getUsers]", "POST /audit [audit.write]"],
  },
];

describe("permission statements (resource: actions)", () => {
  it.each(statements)("$name", async ({ files, routes, diagnostics, config }) => {
    const result = await generateFrom(files, config);
    expect(routeLines(result)).toEqual([...routes].sort());
    expect(diagnosticLines(result)).toEqual(diagnostics ?? []);
  });
});

const anyOf: InMemoryCase[] = [
  {
    name: "a check named for any one of several keys is an any_of group whatever its verb (withAnyScope next to withScope)",
    files: {
      "scope.ts": [
        `import type { NextFunction, Request, Response } from "express";`,
        `function hasAuthorizedScope(options: { locals: unknown; requiredScope: string }): boolean { return Boolean(options.locals); }`,
        `export function withScope(requiredScope: string) {`,
        `  return (req: Request, res: Response, next: NextFunction) => { if (hasAuthorizedScope({ locals: res.locals, requiredScope })) return next(); res.status(403).end(); };`,
        `}`,
        `export function withAnyScope(...requiredScopes: string[]) {`,
        `  return (req: Request, res: Response, next: NextFunction) => {`,
        `    for (const scope of requiredScopes) if (hasAuthorizedScope({ locals: res.locals, requiredScope: scope })) return next();`,
        `    res.status(403).end();`,
        `  };`,
        `}`,
        `export const anyOfPermissions = (...keys: string[]) => (req: Request, res: Response, next: NextFunction) => next();`,
      ].join("\n"),
      "app.ts": [
        `import express from "express"; import { anyOfPermissions, withAnyScope, withScope } from "./scope"; const app = express();`,
        `app.post("/integrations", withScope("integrations:create"), (q, s) => s.end());`,
        `app.get("/integrations", withAnyScope("integrations:list", "integrations:list_credentials"), (q, s) => s.end());`,
        `app.get("/reports", anyOfPermissions("reports.read", "admin"), (q, s) => s.end());`,
      ].join("\n"),
    },
    routes: [
      "GET /integrations [] any(integrations:list|integrations:list_credentials)",
      "GET /reports [] any(admin|reports.read)",
      "POST /integrations [integrations:create]",
    ],
  },
];

describe("checks named for alternatives", () => {
  it.each(anyOf)("$name", async ({ files, routes, diagnostics, config }) => {
    const result = await generateFrom(files, config);
    expect(routeLines(result)).toEqual([...routes].sort());
    expect(diagnosticLines(result)).toEqual(diagnostics ?? []);
  });
});

const positional: InMemoryCase[] = [
  {
    name: "a wrapper's argument whose parameter, in its declaration in the sources, is named for the keys states them (App Router export); a bare scope parameter (a log scope) does not",
    files: {
      "utils/api-middleware.ts": [
        `type Handler = (request: Request) => Promise<Response>;`,
        `export function withAccountApiKey(scope: string, requiredScopes: string[], handler: Handler) { return (request: Request) => handler(request); }`,
        `export function withLogging(name: string, tags: string[], handler: Handler) { return handler; }`,
        `export const RULES_WRITE = "RULES_WRITE";`,
      ].join("\n"),
      "app/api/v1/rules/route.ts": [
        `import { RULES_WRITE, withAccountApiKey, withLogging } from "../../../../utils/api-middleware";`,
        `export const GET = withAccountApiKey("v1/rules", ["RULES_READ"], async () => Response.json([]));`,
        `export const POST = withAccountApiKey("v1/rules", [RULES_WRITE], async () => Response.json({}));`,
        `export const PUT = withLogging("v1/rules", ["RULES_AUDIT"], async () => Response.json({}));`,
        `export const DELETE = withAccountApiKey("v1/rules", process.env.SCOPES!.split(","), async () => new Response(null));`,
      ].join("\n"),
    },
    routes: [
      "DELETE /api/v1/rules [] unresolved(permissions)",
      "GET /api/v1/rules [RULES_READ]",
      "POST /api/v1/rules [RULES_WRITE]",
      "PUT /api/v1/rules []",
    ],
    diagnostics: ["APX301 app/api/v1/rules/route.ts:5"],
  },
  {
    name: "route middleware made by a factory with a key-named parameter, a rest one too; a package's parameters are not read",
    files: {
      "guard.ts": [
        `import type { RequestHandler } from "express";`,
        `export function guard(label: string, requiredScope: string): RequestHandler { return (req, res, next) => next(); }`,
        `export function needs(handler: RequestHandler, ...permissions: string[]): RequestHandler { return handler; }`,
      ].join("\n"),
      "app.ts": [
        `import express from "express"; import { guard, needs } from "./guard"; import { limit } from "rate-limiter"; const app = express();`,
        `app.get("/reports", guard("reports", "reports.read"), (q, s) => s.end());`,
        `app.post("/reports", needs((q, s) => s.end(), "reports.write", "reports.audit"));`,
        `app.get("/limited", limit("minute", ["x"]), (q, s) => s.end());`,
      ].join("\n"),
    },
    routes: ["GET /limited []", "GET /reports [reports.read]", "POST /reports [reports.audit,reports.write]"],
  },
];

describe("keys given at a key-named parameter", () => {
  it.each(positional)("$name", async ({ files, routes, diagnostics, config }) => {
    const result = await generateFrom(files, config);
    expect(routeLines(result)).toEqual([...routes].sort());
    expect(diagnosticLines(result)).toEqual(diagnostics ?? []);
  });
});

const nest: InMemoryCase[] = [
  {
    name: 'a NestJS decorator that sets metadata under a constant named for permissions (PERMISSION_KEY = "__permission_key__") is a permission decorator zero-config; other keys are not',
    files: {
      "auth.constant.ts": [
        `export const PERMISSION_KEY = "__permission_key__";`,
        `export const ALLOW_ANON_KEY = "__allow_anon_permission_key__";`,
        `export const RESOURCE_KEY = "__resource_key__";`,
        `export const SCOPES_METADATA = Symbol("scopes");`,
      ].join("\n"),
      "permission.decorator.ts": [
        `import { applyDecorators, SetMetadata } from "@nestjs/common";`,
        `import { ALLOW_ANON_KEY, PERMISSION_KEY, RESOURCE_KEY, SCOPES_METADATA } from "./auth.constant";`,
        `export function Perm(permission: string | string[]) { return applyDecorators(SetMetadata(PERMISSION_KEY, permission)); }`,
        `export const Scopes = (...scopes: string[]) => SetMetadata(SCOPES_METADATA, scopes);`,
        `export const AllowAnon = () => SetMetadata(ALLOW_ANON_KEY, true);`,
        `export const Resource = (name: string) => SetMetadata(RESOURCE_KEY, name);`,
      ].join("\n"),
      "user.controller.ts": [
        `import { Controller, Get, Post } from "@nestjs/common";`,
        `import { AllowAnon, Perm, Resource, Scopes } from "./permission.decorator";`,
        `export const permissions = { LIST: "system:user:list", CREATE: "system:user:create" } as const;`,
        `@Controller("users")`,
        `export class UserController {`,
        `  @Get() @Perm(permissions.LIST) list() { return []; }`,
        `  @Post() @Perm([permissions.CREATE, "system:audit"]) @Resource("user") create() { return {}; }`,
        `  @Get("public") @AllowAnon() open() { return []; }`,
        `  @Get("me") @Scopes("profile") me() { return {}; }`,
        `}`,
      ].join("\n"),
      "app.module.ts": `import { Module } from "@nestjs/common"; import { UserController } from "./user.controller";\n@Module({ controllers: [UserController] }) export class AppModule {}\n`,
    },
    routes: [
      "GET /users [system:user:list]",
      "GET /users/me [profile]",
      "GET /users/public []",
      "POST /users [system:audit,system:user:create]",
    ],
  },
  {
    name: "a NestJS decorator given options: a compound property named for the keys states them (apiKeyPermissions), anyPermissions as alternatives; roles and the caller's set do not",
    files: {
      "auth.decorator.ts": `export function Auth(options: Record<string, unknown>): MethodDecorator { return () => undefined; }\n`,
      "tags.controller.ts": [
        `import { Controller, Get, Post, Delete } from "@nestjs/common";`,
        `import { Auth } from "./auth.decorator";`,
        `@Controller("tags")`,
        `export class TagsController {`,
        `  @Post() @Auth({ apiKeyPermissions: ["tags:create"], requiredRoles: ["owner"] }) create() { return {}; }`,
        `  @Get() @Auth({ requiredPermissions: ["tags:list"], anyPermissions: ["tags:read", "admin"] }) list() { return []; }`,
        `  @Delete(":id") @Auth({ apiKeyRoles: ["admin"], userPermissions: ["tags:delete"] }) remove() { return {}; }`,
        `}`,
      ].join("\n"),
      "app.module.ts": `import { Module } from "@nestjs/common"; import { TagsController } from "./tags.controller";\n@Module({ controllers: [TagsController] }) export class AppModule {}\n`,
    },
    routes: ["DELETE /tags/{id} []", "GET /tags [tags:list] any(admin|tags:read)", "POST /tags [tags:create]"],
  },
];

describe("NestJS metadata decorators", () => {
  it.each(nest)("$name", async ({ files, routes, diagnostics, config }) => {
    const result = await generateFrom(files, config);
    expect(routeLines(result)).toEqual([...routes].sort());
    expect(diagnosticLines(result)).toEqual(diagnostics ?? []);
  });
});

const policyHelpers: InMemoryCase[] = [
  {
    name: "a policy helper counts when its value decides whether the request goes on (tested, through a variable too, or dropped: it throws); one whose result the handler serves checks no caller permission",
    files: {
      "lib/access.ts": [
        `export const PERMISSIONS = { projectUpdate: "project:update", projectDelete: "project:delete", projectRead: "project:read" } as const;`,
        `export function hasPermission(role: string, permission: string) { return role === permission; }`,
        `export async function canUpdateProject(user: { role: string }) { return hasPermission(user.role, PERMISSIONS.projectUpdate); }`,
        `export async function ensureProjectAccess(user: { role: string }) { if (!hasPermission(user.role, PERMISSIONS.projectDelete)) throw new Error("forbidden"); }`,
        `export async function checkProjectAccess(user: { role: string }) { return hasPermission(user.role, PERMISSIONS.projectRead); }`,
        `declare function lookupInstallation(owner: string): Promise<{ permissions: Record<string, string> }>;`,
        `function checkPermissions(granted: Record<string, string>, required: string[]) { return required.every((p) => granted[p] === "write"); }`,
        `export async function verifyInstallation(input: { owner: string }) {`,
        `  const installation = await lookupInstallation(input.owner);`,
        `  const required = ["issues"];`,
        `  const ok = checkPermissions(installation.permissions, required);`,
        `  return { installed: true, ok, missing: ok ? [] : required };`,
        `}`,
      ].join("\n"),
      "app.ts": [
        `import express from "express"; import { canUpdateProject, checkProjectAccess, ensureProjectAccess, verifyInstallation } from "./lib/access"; const app = express();`,
        `app.put("/projects/:id", async (req: any, res: any) => { const allowed = await canUpdateProject(req.user); if (!allowed) return res.status(403).end(); res.end(); });`,
        `app.delete("/projects/:id", async (req: any, res: any) => { await ensureProjectAccess(req.user); res.end(); });`,
        `app.get("/projects/:id", async (req: any, res: any) => { const access = await checkProjectAccess(req.user); res.json({ access }); });`,
        `app.post("/installations/verify", async (req: any, res: any) => { const verification = await verifyInstallation({ owner: req.body.owner }); res.json(verification); });`,
      ].join("\n"),
    },
    routes: [
      "DELETE /projects/{id} [project:delete]",
      "GET /projects/{id} []",
      "POST /installations/verify []",
      "PUT /projects/{id} [project:update]",
    ],
  },
  {
    name: "a helper's returned `a || b` is a group of alternatives; a `?:` over a parameter takes the branch the call's argument picks; a result object tested by a property (`if (!auth.ok) return auth.response`) decides the request too; a `?:` over what the caller passes at run time keeps both branches' keys (the stricter reading)",
    files: {
      "lib/auth.ts": [
        `type Agent = { scopes: string[] } | null;`,
        `declare function getAgent(req: unknown): Promise<Agent>;`,
        `export function hasAgentScope(agent: Agent, scope: string) { return Boolean(agent?.scopes.includes(scope)); }`,
        `const denied = () => ({ ok: false as const, response: new Response(null, { status: 403 }) });`,
        `export async function canRead(req: unknown) { const agent = await getAgent(req); return hasAgentScope(agent, "reports:read") || hasAgentScope(agent, "reports:write"); }`,
        `export async function canAccess(req: unknown, access: "read" | "write") {`,
        `  const agent = await getAgent(req);`,
        `  return access === "write" ? hasAgentScope(agent, "notes:write") : hasAgentScope(agent, "notes:read") || hasAgentScope(agent, "notes:write");`,
        `}`,
        `export async function requireOwnerWrite(req: unknown) {`,
        `  const agent = await getAgent(req);`,
        `  if (!hasAgentScope(agent, "owner:write")) return denied();`,
        `  return { ok: true as const, agent };`,
        `}`,
        `export async function requireOwnerAccess(req: unknown, access: "read" | "write") {`,
        `  const agent = await getAgent(req);`,
        `  const allowed = access === "write" ? hasAgentScope(agent, "owner:write") : hasAgentScope(agent, "owner:read") || hasAgentScope(agent, "owner:write");`,
        `  if (!allowed) return denied();`,
        `  return { ok: true as const, agent };`,
        `}`,
        `export async function requireTeamAccess(req: unknown, mode: string) {`,
        `  const agent = await getAgent(req);`,
        `  if (mode === "admin" ? !hasAgentScope(agent, "team:admin") : !hasAgentScope(agent, "team:member")) return denied();`,
        `  return { ok: true as const, agent };`,
        `}`,
      ].join("\n"),
      "app.ts": [
        `import express from "express"; import { canAccess, canRead, requireOwnerAccess, requireOwnerWrite, requireTeamAccess } from "./lib/auth"; const app = express();`,
        `app.get("/reports", async (req: any, res: any) => { if (!(await canRead(req))) return res.sendStatus(403); res.end(); });`,
        `app.get("/notes", async (req: any, res: any) => { if (!(await canAccess(req, "read"))) return res.sendStatus(403); res.end(); });`,
        `app.post("/notes", async (req: any, res: any) => { if (!(await canAccess(req, "write"))) return res.sendStatus(403); res.end(); });`,
        `app.put("/owner", async (req: any, res: any) => { const auth = await requireOwnerWrite(req); if (!auth.ok) return auth.response; res.end(); });`,
        `app.get("/owner", async (req: any, res: any) => { const auth = await requireOwnerAccess(req, "read"); if (!auth.ok) return auth.response; res.end(); });`,
        `app.post("/owner", async (req: any, res: any) => { const auth = await requireOwnerAccess(req, "write"); if (!auth.ok) return auth.response; res.end(); });`,
        `app.get("/team", async (req: any, res: any) => { const auth = await requireTeamAccess(req, req.query.mode); if (!auth.ok) return auth.response; res.end(); });`,
        `app.get("/kept", async (req: any, res: any) => { const auth = await requireOwnerWrite(req); res.json(auth.ok); });`,
      ].join("\n"),
    },
    routes: [
      "GET /kept []",
      "GET /notes [] any(notes:read|notes:write)",
      "GET /owner [] any(owner:read|owner:write)",
      "GET /reports [] any(reports:read|reports:write)",
      "GET /team [team:admin,team:member]",
      "POST /notes [notes:write]",
      "POST /owner [owner:write]",
      "PUT /owner [owner:write]",
    ],
  },
  {
    name: "a policy helper's arguments are read only as literals: a name whose initializer calls code is not run to bind a parameter (that code may do anything: here, register a route)",
    files: {
      "app.ts": [
        `import express from "express"; const app = express();`,
        `declare function hasScope(req: unknown, scope: string): boolean;`,
        `async function canAccess(req: unknown, access: string) { return access === "write" ? hasScope(req, "notes:write") : hasScope(req, "notes:read"); }`,
        `function pickMode() { app.get("/leak", (req, res) => { res.end(); }); return "write"; }`,
        `app.post("/notes", async (req: any, res: any) => { const mode = pickMode(); if (!(await canAccess(req, mode))) return res.sendStatus(403); res.end(); });`,
        `app.listen(3000);`,
      ].join("\n"),
    },
    routes: ["POST /notes [notes:read,notes:write]"],
    // What pickMode() would register is reported as not run, not indexed.
    diagnostics: ["APX210 app.ts:4"],
  },
];

describe("policy helpers", () => {
  it.each(policyHelpers)("$name", async ({ files, routes, diagnostics, config }) => {
    const result = await generateFrom(files, config);
    expect(routeLines(result)).toEqual([...routes].sort());
    expect(diagnosticLines(result)).toEqual(diagnostics ?? []);
  });
});

const HONO_GUARDS = [
  `import { createMiddleware } from "hono/factory";`,
  `type Options = Record<string, unknown>;`,
  `export function requireAuthentication(options: Options = {}) { return createMiddleware(async (_c, next) => next()); }`,
  `export function requirePermissions(options: Options) { return createMiddleware(async (_c, next) => next()); }`,
].join("\n");

const namedOptions: InMemoryCase[] = [
  {
    name: "an options property whose name ends in a word for the keys states them (apiKeyPermissions, tokenScopes, requiredApiScopes, requiredUserPermissions); anyScopes are alternatives",
    files: {
      "guards.ts": HONO_GUARDS,
      "app.ts": [
        `import { Hono } from "hono"; import { requireAuthentication } from "./guards"; const app = new Hono();`,
        `const h = (c: any) => c.json({});`,
        `app.post("/tags", requireAuthentication({ apiKeyPermissions: ["tags:create"] }), h);`,
        `app.get("/tags", requireAuthentication({ tokenScopes: ["tags:read"] }), h);`,
        `app.delete("/tags/:id", requireAuthentication({ requiredApiScopes: ["tags:delete"], oauth_scopes: ["tags:admin"] }), h);`,
        `app.put("/tags/:id", requireAuthentication({ requiredUserPermissions: ["tags:update"] }), h);`,
        `app.get("/reports", requireAuthentication({ anyOfScopes: ["reports:read", "admin"] }), h);`,
        `app.patch("/tags/:id", requireAuthentication({ apiKeyPermissions: process.env.KEYS!.split(",") }), h);`,
        `export default app;`,
      ].join("\n"),
    },
    routes: [
      "DELETE /tags/{id} [tags:admin,tags:delete]",
      "GET /reports [] any(admin|reports:read)",
      "GET /tags [tags:read]",
      "PATCH /tags/{id} [] unresolved(permissions)",
      "POST /tags [tags:create]",
      "PUT /tags/{id} [tags:update]",
    ],
    diagnostics: ["APX301 app.ts:8"],
  },
  {
    name: "a compound name that says the list is something else states no key: roles, the caller's own set, a registry, keys left out, a flag, a singular *Scope",
    files: {
      "guards.ts": HONO_GUARDS,
      "app.ts": [
        `import { Hono } from "hono"; import { requireAuthentication } from "./guards"; const app = new Hono();`,
        `const h = (c: any) => c.json({});`,
        `app.get("/a", requireAuthentication({ apiKeyRoles: ["admin"], requiredRoles: ["owner"] }), h);`,
        `app.get("/b", requireAuthentication({ userPermissions: process.env.PERMS!.split(","), grantedScopes: ["x"] }), h);`,
        `app.get("/c", requireAuthentication({ supportedScopes: ["read", "write"], defaultPermissions: ["read"] }), h);`,
        `app.get("/d", requireAuthentication({ excludedScopes: ["admin"], skipPermissions: ["x"], optionalScopes: ["y"] }), h);`,
        `app.get("/e", requireAuthentication({ includePermissions: true, cacheScope: "tenant", logScope: "api" }), h);`,
        `export default app;`,
      ].join("\n"),
    },
    routes: ["GET /a []", "GET /b []", "GET /c []", "GET /d []", "GET /e []"],
  },
  {
    name: "a configured permission call given an options object reads its property named for the keys, strictly; one with none stays unread (APX301)",
    files: {
      "guards.ts": HONO_GUARDS,
      "app.ts": [
        `import { Hono } from "hono"; import { requirePermissions } from "./guards"; const app = new Hono();`,
        `const h = (c: any) => c.json({});`,
        `app.get("/admin/users", requirePermissions({ requiredPermissions: ["users:view"] }), h);`,
        `app.post("/admin/users", requirePermissions({ apiKeyPermissions: ["users:create"], type: "or", requiredRoles: ["admin"] }), h);`,
        `app.delete("/admin/users/:id", requirePermissions({ requiredPermissions: [] }), h);`,
        `app.put("/admin/users/:id", requirePermissions({ requiredPermissions: process.env.KEYS!.split(",") }), h);`,
        `app.get("/invoices", requirePermissions({ resource: "invoice" }), h);`,
        `export default app;`,
      ].join("\n"),
    },
    routes: [
      "DELETE /admin/users/{id} []",
      "GET /admin/users [users:view]",
      "GET /invoices [] unresolved(permissions)",
      "POST /admin/users [users:create]",
      "PUT /admin/users/{id} [] unresolved(permissions)",
    ],
    diagnostics: ["APX301 app.ts:6", "APX301 app.ts:7"],
  },
];

describe("options properties named for the keys", () => {
  it.each(namedOptions)("$name", async ({ files, routes, diagnostics, config }) => {
    const result = await generateFrom(files, config);
    expect(routeLines(result)).toEqual([...routes].sort());
    expect(diagnosticLines(result)).toEqual(diagnostics ?? []);
  });
});

const EXPRESS_CHECKS = `export function hasPermission(held: unknown, key: string): boolean { return Boolean(held && key); }\n`;

const eitherOr: InMemoryCase[] = [
  {
    name: "checks tested together so that the request stops only when none holds are alternatives (!a && !b, !(a || b), through consts)",
    files: {
      "checks.ts": EXPRESS_CHECKS,
      "app.ts": [
        `import express from "express"; import { hasPermission } from "./checks"; const app = express();`,
        `app.post("/tags", (req: any, res) => {`,
        `  const own = hasPermission(req.user.permissions, "createOwnTag");`,
        `  const all = hasPermission(req.user.permissions, "createTag");`,
        `  if (!own && !all) return res.sendStatus(403);`,
        `  res.end();`,
        `});`,
        `app.get("/reports", async (req: any, res) => {`,
        `  if (!(hasPermission(req.user, "reports.read") || (await hasPermission(req.user, "admin")))) { res.status(403); throw new Error("forbidden"); }`,
        `  if (!hasPermission(req.user, "reports.export")) return res.sendStatus(403);`,
        `  res.end();`,
        `});`,
      ].join("\n"),
    },
    routes: ["GET /reports [reports.export] any(admin|reports.read)", "POST /tags [] any(createOwnTag|createTag)"],
  },
  {
    name: "checks that must each hold, or whose grouping is not proved, stay required (!a || !b, a const read again, a branch that goes on, a check of two keys)",
    files: {
      "checks.ts": `${EXPRESS_CHECKS}export function hasPermissions(held: unknown, ...keys: string[]): boolean { return Boolean(held && keys); }\n`,
      "app.ts": [
        `import express from "express"; import { hasPermission, hasPermissions } from "./checks"; const app = express();`,
        `app.get("/a", (req: any, res) => { if (!hasPermission(req.user, "a.1") || !hasPermission(req.user, "a.2")) return res.sendStatus(403); res.end(); });`,
        `app.get("/b", (req: any, res) => {`,
        `  const own = hasPermission(req.user, "b.own"); const all = hasPermission(req.user, "b.all");`,
        `  if (!own && !all) return res.sendStatus(403);`,
        `  if (!own) return res.sendStatus(403);`,
        `  res.end();`,
        `});`,
        `app.get("/c", (req: any, res) => { if (!hasPermission(req.user, "c.1") && !hasPermission(req.user, "c.2")) res.status(403); res.end(); });`,
        `app.get("/d", (req: any, res) => { if (!hasPermissions(req.user, "d.1", "d.2") && !hasPermission(req.user, "d.3")) return res.sendStatus(403); res.end(); });`,
      ].join("\n"),
    },
    routes: ["GET /a [a.1,a.2]", "GET /b [b.all,b.own]", "GET /c [c.1,c.2]", "GET /d [] any(d.1|d.2|d.3) unresolved(permissions)"],
    // `/d` passes with d.3, or with d.1 and d.2 together: no key is required, and which suffice is more
    // than one group can say.
    diagnostics: ["APX304 app.ts:10"],
  },
  {
    name: "a check's const read again where that read only narrows what a holder may do, under a condition on the request's data answered with another status than 401/403, still gives alternatives",
    files: {
      "checks.ts": EXPRESS_CHECKS,
      "app.ts": [
        `import express from "express"; import { hasPermission } from "./checks"; const app = express();`,
        `class BadRequestError extends Error {}`,
        `app.post("/tags", (req: any, res) => {`,
        `  const own = hasPermission(req.user, "createOwnTag"); const all = hasPermission(req.user, "createTag");`,
        `  if (!own && !all) return res.sendStatus(403);`,
        `  if (own && !all && req.body.userId !== req.user.id) return res.status(400).json({ error: "not yours" });`,
        `  res.end();`,
        `});`,
        `app.post("/labels", (req: any, res) => {`,
        `  const own = hasPermission(req.user, "createOwnLabel"); const all = hasPermission(req.user, "createLabel");`,
        `  if (!own && !all) throw new Error("forbidden");`,
        `  if (own && !all) {`,
        `    if (req.body.userId !== req.user.id) throw new BadRequestError("not yours");`,
        `  }`,
        `  res.end();`,
        `});`,
        `declare class HttpException extends Error { constructor(message: string, status: number) }`,
        `declare const StatusCodes: { BAD_REQUEST: 400; FORBIDDEN: 403 }; declare function getReasonPhrase(status: number): string;`,
        `app.post("/groups", (req: any, res) => {`,
        `  const own = hasPermission(req.user, "createOwnGroup"); const all = hasPermission(req.user, "createGroup");`,
        `  if (!own && !all) throw new HttpException(getReasonPhrase(StatusCodes.FORBIDDEN), StatusCodes.FORBIDDEN);`,
        `  if (own && !all) { if (req.body.userId !== req.user.id) { throw new HttpException(getReasonPhrase(StatusCodes.BAD_REQUEST), StatusCodes.BAD_REQUEST); } }`,
        `  res.end();`,
        `});`,
      ].join("\n"),
    },
    routes: [
      "POST /groups [] any(createGroup|createOwnGroup)",
      "POST /labels [] any(createLabel|createOwnLabel)",
      "POST /tags [] any(createOwnTag|createTag)",
    ],
  },
  {
    name: "an alternative that holds only with a condition on the data (the caller's own items) or with another key is one group of the keys, unresolved, with a warning",
    files: {
      "checks.ts": EXPRESS_CHECKS,
      "app.ts": [
        `import express from "express"; import { hasPermission } from "./checks"; const app = express();`,
        `app.get("/profiles/:id", (req: any, res) => {`,
        `  const readAll = hasPermission(req.user, "readAll");`,
        `  const readOwn = req.params.id === req.user.id && hasPermission(req.user, "readOwn");`,
        `  if (!readAll && !readOwn) return res.sendStatus(403);`,
        `  res.end();`,
        `});`,
        `app.post("/prices/:id", (req: any, res) => {`,
        `  const upsertAll = hasPermission(req.user, "createPrice") && hasPermission(req.user, "updatePrice");`,
        `  const upsertOwn = req.params.id === req.user.id && hasPermission(req.user, "createOwnPrice") && hasPermission(req.user, "updateOwnPrice");`,
        `  if (!upsertAll && !upsertOwn) return res.sendStatus(403);`,
        `  res.end();`,
        `});`,
        `app.post("/notes", (req: any, res) => {`,
        `  const own = hasPermission(req.user, "createOwnNote"); const all = hasPermission(req.user, "createNote");`,
        `  if (!own && !all) return res.sendStatus(403);`,
        `  if (own && !all && req.body.userId !== req.user.id) return res.sendStatus(403);`,
        `  res.end();`,
        `});`,
      ].join("\n"),
    },
    routes: [
      "GET /profiles/{id} [] any(readAll|readOwn) unresolved(permissions)",
      "POST /notes [] any(createNote|createOwnNote) unresolved(permissions)",
      "POST /prices/{id} [] any(createOwnPrice|createPrice|updateOwnPrice|updatePrice) unresolved(permissions)",
    ],
    diagnostics: ["APX304 app.ts:4", "APX304 app.ts:9", "APX304 app.ts:17"],
  },
  {
    name: "a const read again stays strict where the read could refuse a holder for lacking a key alone (no data condition, whatever the status; an else; a local's value; an answer)",
    files: {
      "checks.ts": EXPRESS_CHECKS,
      "app.ts": [
        `import express from "express"; import { hasPermission } from "./checks"; const app = express();`,
        `class BadRequestError extends Error {}`,
        `app.post("/e", (req: any, res) => {`,
        `  const own = hasPermission(req.user, "e.own"); const all = hasPermission(req.user, "e.all");`,
        `  if (!own && !all) return res.sendStatus(403);`,
        `  if (own && !all) throw new BadRequestError("only admins");`,
        `  res.end();`,
        `});`,
        `app.post("/f", (req: any, res) => {`,
        `  const own = hasPermission(req.user, "f.own"); const all = hasPermission(req.user, "f.all");`,
        `  if (!own && !all) return res.sendStatus(403);`,
        `  if (own && req.body.userId !== req.user.id) { res.end(); } else return res.sendStatus(403);`,
        `});`,
        `app.post("/g", (req: any, res) => {`,
        `  const target = "x";`,
        `  const own = hasPermission(req.user, "g.own"); const all = hasPermission(req.user, "g.all");`,
        `  if (!own && !all) return res.sendStatus(403);`,
        `  if (own && !all && target !== "y") return res.sendStatus(400);`,
        `  res.end();`,
        `});`,
        `app.get("/h", (req: any, res) => {`,
        `  const own = hasPermission(req.user, "h.own"); const all = hasPermission(req.user, "h.all");`,
        `  if (!own && !all) return res.sendStatus(403);`,
        `  return res.json(own ? [] : [1]);`,
        `});`,
        // Both keys at once, on the only side: each is required.
        `app.get("/i", (req: any, res) => { if (!(hasPermission(req.user, "i.1") && hasPermission(req.user, "i.2"))) return res.sendStatus(403); res.end(); });`,
        `app.get("/j", (req: any, res) => { const both = hasPermission(req.user, "j.1") && hasPermission(req.user, "j.2"); if (!both) return res.sendStatus(403); res.end(); });`,
      ].join("\n"),
    },
    routes: [
      "GET /h [h.all,h.own]",
      "GET /i [i.1,i.2]",
      "GET /j [j.1,j.2]",
      "POST /e [e.all,e.own]",
      "POST /f [f.all,f.own]",
      "POST /g [g.all,g.own]",
    ],
  },
];

describe("either-or checks in a handler body", () => {
  it.each(eitherOr)("$name", async ({ files, routes, diagnostics, config }) => {
    const result = await generateFrom(files, config);
    expect(routeLines(result)).toEqual([...routes].sort());
    expect(diagnosticLines(result)).toEqual(diagnostics ?? []);
  });
});
