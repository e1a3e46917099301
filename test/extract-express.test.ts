import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import type { ResolvedConfig } from "../generator/config/load-config.js";
import { describe, expect, it } from "vitest";
import {
  cleanPath,
  expressToOpenApi,
  fastifyToOpenApi,
  joinPaths,
  parsePath,
  koaToOpenApi,
  simplePath,
} from "../generator/extract/express/path-syntax.js";
import { DiagnosticBag } from "../generator/diagnostics/diagnostic.js";
import { ExpressHost } from "../generator/extract/express/express-host.js";
import { flattenApp, uniqueSorted } from "../generator/extract/flatten.js";
import { Interpreter } from "../generator/resolve/interpreter.js";
import { sourceSetFromMemory } from "../generator/scan/source-set.js";
import { diagnosticLines, generateFrom, MEMORY_ROOT, routeLines } from "./helpers/in-memory.js";
import { REPO_ROOT } from "./helpers/repo.js";

/** The permission helpers every case imports; only their names matter to the recognizers. */
const AUTH = `
export function requirePermission(...keys: string[]) { return (req: any, res: any, next: any) => next(); }
export function requirePermissions(keys: readonly string[]) { return (req: any, res: any, next: any) => next(); }
export function assertPermission(req: unknown, ...keys: string[]) {}
`;

interface Case {
  name: string;
  files: Record<string, string>;
  routes: string[];
  diagnostics?: string[];
  closed?: string[];
  permissionCalls?: string[];
  /** More config (`factoryArguments`, `env`). */
  config?: Partial<ResolvedConfig>;
}

/** An app factory only the server entry calls, with a config built at run time (Unleash's shape). */
const GET_APP = `import express from "express";
  export default async function getApp(config: { server: { baseUriPath?: string; debug?: boolean } }, services: unknown) {
    const app = express(); const base = config.server.baseUriPath || "";
    app.get(\`\${base}/api/health\`, (q, s) => s.end());
    if (config.server.debug) app.get(\`\${base}/api/debug\`, (q, s) => s.end());
    return app; }`;

const patterns: Case[] = [
  {
    name: "app.get with a literal path and an inline handler",
    files: { "app.ts": `import express from "express"; const app = express(); app.get("/health", (req, res) => res.send("ok"));` },
    routes: ["GET /health []"],
  },
  {
    name: "every HTTP verb",
    files: {
      "app.ts": `import express from "express"; const app = express();
        const h = (req: any, res: any) => res.end();
        app.post("/a", h); app.put("/a", h); app.patch("/a", h); app.delete("/a", h); app.options("/a", h); app.head("/a", h); app.get("/a", h);`,
    },
    routes: ["DELETE /a []", "GET /a []", "HEAD /a []", "OPTIONS /a []", "PATCH /a []", "POST /a []", "PUT /a []"],
  },
  {
    name: "all() with an answering handler is every method; all() with a check gates later routes on that path",
    files: {
      "auth.ts": AUTH,
      "app.ts": `import express from "express"; import { requirePermission } from "./auth";
        const app = express();
        app.all("/ping", (req, res) => res.end());
        app.all("/things", requirePermission("things.read"));
        app.get("/things", (req, res) => res.json([]));
        app.get("/things/:id", (req, res) => res.json({}));`,
    },
    routes: [
      "DELETE /ping []",
      "GET /ping []",
      "GET /things [things.read]",
      "GET /things/{id} []",
      "HEAD /ping []",
      "OPTIONS /ping []",
      "PATCH /ping []",
      "POST /ping []",
      "PUT /ping []",
    ],
  },
  {
    name: "all() whose handler refuses methods answers the others: a guard that returns, a 405 dispatch, a guard on a table entry's flag",
    files: {
      "app.ts": `import express from "express";
        const app = express();
        app.all("/hooks/in", (req, res) => { if (req.method !== "POST") return res.status(405).end(); res.end(); });
        app.all("/files", (req, res) => {
          const { method } = req;
          if (["GET", "HEAD"].includes(method)) { res.json([]); } else if (method === "POST") { res.end(); } else { res.sendStatus(405); }
        });
        app.all("/items", (req, res) => {
          if (req.method === "GET") return res.json([]);
          if (req.method === "POST") { res.status(201).json({}); return; }
          res.status(405).end();
        });
        app.all("/state", (req, res) => {
          switch (req.method) { case "GET": return res.json({}); case "PUT": return res.end(); default: return res.status(405).end(); }
        });
        const ENDPOINTS = [{ name: "notes/create", allowGet: false }, { name: "notes/show", allowGet: true }] as const;
        for (const endpoint of ENDPOINTS)
          app.all("/api/" + endpoint.name, (req, res) => {
            if (req.method === "GET" && !endpoint.allowGet) { res.status(405); res.end(); return; }
            res.end();
          });`,
    },
    routes: [
      "DELETE /api/notes/create []",
      "DELETE /api/notes/show []",
      "GET /api/notes/show []",
      "GET /files []",
      "GET /items []",
      "GET /state []",
      "HEAD /api/notes/create []",
      "HEAD /api/notes/show []",
      "HEAD /files []",
      "OPTIONS /api/notes/create []",
      "OPTIONS /api/notes/show []",
      "PATCH /api/notes/create []",
      "PATCH /api/notes/show []",
      "POST /api/notes/create []",
      "POST /api/notes/show []",
      "POST /files []",
      "POST /hooks/in []",
      "POST /items []",
      "PUT /api/notes/create []",
      "PUT /api/notes/show []",
      "PUT /state []",
    ],
  },
  {
    name: "a guard whose further condition is only known at run time keeps the method, with a warning",
    files: {
      "app.ts": `import express from "express";
        const app = express();
        app.all("/rpc", (req, res) => { if (req.method === "GET" && !process.env.ALLOW_GET) return res.sendStatus(405); res.end(); });
        app.all("/local", (req, res) => { const allow = req.query.get === "1"; if (req.method === "GET" && !allow) return res.sendStatus(405); res.end(); });`,
    },
    routes: [
      "DELETE /local []",
      "DELETE /rpc []",
      "GET /local []",
      "GET /rpc []",
      "HEAD /local []",
      "HEAD /rpc []",
      "OPTIONS /local []",
      "OPTIONS /rpc []",
      "PATCH /local []",
      "PATCH /rpc []",
      "POST /local []",
      "POST /rpc []",
      "PUT /local []",
      "PUT /rpc []",
    ],
    diagnostics: ["APX214 app.ts:3", "APX214 app.ts:4"],
  },
  {
    name: "a catch-all that always answers 404 is the not-found fallback; one that answers 404 only sometimes is a route",
    files: {
      "app.ts": `import express from "express";
        class AppError extends Error { constructor(message: string, readonly status: number) { super(message); } }
        const app = express();
        app.get("/health", (req, res) => res.end());
        app.get("/pages/*", async (req, res) => { const page = await Promise.resolve(req.path); if (!page) return res.status(404).end(); res.send(page); });
        app.all("*", (req, res, next) => next(new AppError(\`Cannot find \${req.originalUrl}\`, 404)));`,
    },
    routes: ["GET /health []", "GET /pages/{wildcard} []"],
    diagnostics: ["APX205 app.ts:5"],
  },
  {
    name: "a catch-all that answers 405 for a known path and 404 otherwise, every answer written on that status (http-status-codes' names), is the fallback too",
    files: {
      "app.ts": `import express from "express"; import HttpStatus from "http-status-codes";
        const app = express();
        app.get("/jobs", (req, res) => res.json([]));
        app.use("*", (req, res) => {
          if (req.baseUrl === "/jobs") res.status(HttpStatus.METHOD_NOT_ALLOWED).json({ message: "method not allowed" });
          else res.status(HttpStatus.NOT_FOUND).json({ message: "not found" });
        });
        app.use("/docs/*", (req, res) => { if (req.path === "/") return res.status(HttpStatus.NOT_FOUND).end(); res.sendFile(req.path); });`,
    },
    routes: [
      "DELETE /docs/{wildcard} []",
      "GET /docs/{wildcard} []",
      "GET /jobs []",
      "HEAD /docs/{wildcard} []",
      "OPTIONS /docs/{wildcard} []",
      "PATCH /docs/{wildcard} []",
      "POST /docs/{wildcard} []",
      "PUT /docs/{wildcard} []",
    ],
    diagnostics: ["APX205 app.ts:8"],
  },
  {
    name: "a handler made by a wrapper is the function it wraps: all() answers as it does (inline, imported, wrappers of wrappers, .catch(next)); its checks count when it is passed by name",
    files: {
      "auth.ts": AUTH,
      "wrap.ts": `import type { NextFunction, Request, RequestHandler, Response } from "express";
        type Fn = (req: Request, res: Response, next: NextFunction) => Promise<void>;
        export function asyncWrapper(fn: Fn): RequestHandler { return (req, res, next) => { fn(req, res, next).catch(next); }; }
        export function thenWrapper(fn: Fn): RequestHandler { return (req, res, next) => { fn(req, res, next).then(() => undefined, next); }; }
        export function withEnv(fn: Fn): RequestHandler {
          return asyncWrapper(async (req, res, next) => { if (!res.locals.env) { res.status(500).end(); return; } await fn(req, res, next); }); }`,
      "handlers.ts": `import { asyncWrapper, withEnv } from "./wrap"; import { assertPermission } from "./auth";
        export const checked = asyncWrapper(async (req, res, next) => { assertPermission(req, "proxy.audit"); res.end(); });
        export const proxy = asyncWrapper(async (req, res, next) => { res.send("x"); });
        export const envProxy = withEnv(async (req, res, next) => { res.send("x"); });
        export const loadUser = asyncWrapper(async (req, res, next) => { res.locals.user = await Promise.resolve(1); next(); });`,
      "app.ts": `import express from "express"; import { requirePermission } from "./auth";
        import { asyncWrapper, thenWrapper } from "./wrap"; import { checked, envProxy, loadUser, proxy } from "./handlers";
        const app = express(); const api = express.Router();
        function auth(req: any, res: any, next: any) { next(); }
        api.route("/proxy").all(auth, requirePermission("proxy.use"), proxy);
        api.route("/env").all(auth, envProxy);
        api.all("/inline", auth, asyncWrapper(async (req, res, next) => { res.end(); }));
        api.all("/then", thenWrapper(async (req, res, next) => { res.end(); }));
        api.all("/users/:id", loadUser);
        api.get("/users/:id", (req, res) => res.json(res.locals.user));
        api.get("/audit", checked);
        async function serve(req: any, res: any) { res.end(); }
        api.all("/direct", (req, res, next) => { serve(req, res).catch(next); });
        app.use("/", api);`,
    },
    routes: [
      ...["DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT"].flatMap((m) => [
        `${m} /direct []`,
        `${m} /env []`,
        `${m} /inline []`,
        `${m} /proxy [proxy.use]`,
        `${m} /then []`,
      ]),
      "GET /audit [proxy.audit]",
      "GET /users/{id} []",
    ],
  },
  {
    name: "router.route(path) chains",
    files: {
      "app.ts": `import express, { Router } from "express"; const r = Router();
        r.route("/items").get((q, s) => s.end()).post((q, s) => s.end());
        r.route("/items/:item_id").get((q, s) => s.end()).patch((q, s) => s.end()).delete((q, s) => s.end());
        const app = express(); app.use("/v1", r);`,
    },
    routes: [
      "DELETE /v1/items/{item_id} []",
      "GET /v1/items []",
      "GET /v1/items/{item_id} []",
      "PATCH /v1/items/{item_id} []",
      "POST /v1/items []",
    ],
  },
  {
    name: "a router imported from another file (default export) and mounted under a prefix",
    files: {
      "invoices.ts": `import { Router } from "express"; const invoices = Router(); invoices.get("/", (q, s) => s.end()); invoices.get("/:invoice_id", (q, s) => s.end()); export default invoices;`,
      "app.ts": `import express from "express"; import invoices from "./invoices"; const app = express(); app.use("/v1/invoices", invoices);`,
    },
    routes: ["GET /v1/invoices []", "GET /v1/invoices/{invoice_id} []"],
  },
  {
    name: "named exports, `export { default as x } from` and `export *` re-exports",
    files: {
      "routes/a.ts": `import { Router } from "express"; const a = Router(); a.get("/a", (q, s) => s.end()); export default a;`,
      "routes/b.ts": `import { Router } from "express"; export const bRouter = Router(); bRouter.get("/b", (q, s) => s.end());`,
      "routes/index.ts": `export { default as aRouter } from "./a"; export * from "./b";`,
      "app.ts": `import express from "express"; import { aRouter, bRouter } from "./routes"; import * as all from "./routes/index";
        const app = express(); app.use("/x", aRouter); app.use("/y", all.bRouter);`,
    },
    routes: ["GET /x/a []", "GET /y/b []"],
  },
  {
    name: "a router factory mounted under several prefixes, its permission keys built from its argument",
    files: {
      "auth.ts": AUTH,
      "notes.ts": `import { Router } from "express"; import { requirePermission } from "./auth";
        export function notesRouter(resource: string) {
          const r = Router({ mergeParams: true });
          r.get("/", requirePermission(\`\${resource}.notes.read\`), (q, s) => s.end());
          r.post("/", requirePermission(\`\${resource}.notes.write\`), (q, s) => s.end());
          return r;
        }`,
      "app.ts": `import express from "express"; import { notesRouter } from "./notes"; const app = express();
        app.use("/customers/:customer_id/notes", notesRouter("customers"));
        app.use("/jobs/:job_id/notes", notesRouter("jobs"));`,
    },
    routes: [
      "GET /customers/{customer_id}/notes [customers.notes.read]",
      "GET /jobs/{job_id}/notes [jobs.notes.read]",
      "POST /customers/{customer_id}/notes [customers.notes.write]",
      "POST /jobs/{job_id}/notes [jobs.notes.write]",
    ],
  },
  {
    name: "arrow-function factories with destructured options",
    files: {
      "auth.ts": AUTH,
      "crud.ts": `import { Router } from "express"; import { requirePermission } from "./auth";
        export const crudRouter = ({ key, idParam = "id" }: { key: string; idParam?: string }) => {
          const r = Router();
          r.get(\`/:\${idParam}\`, requirePermission(\`\${key}.read\`), (q, s) => s.end());
          return r;
        };`,
      "app.ts": `import express from "express"; import { crudRouter } from "./crud"; const app = express();
        app.use("/vans", crudRouter({ key: "vans" })); app.use("/tools", crudRouter({ key: "tools", idParam: "tool_id" }));`,
    },
    routes: ["GET /tools/{tool_id} [tools.read]", "GET /vans/{id} [vans.read]"],
  },
  {
    name: "nested routers, three levels deep",
    files: {
      "app.ts": `import express, { Router } from "express";
        const notes = Router({ mergeParams: true }); notes.get("/:note_id", (q, s) => s.end());
        const customers = Router(); customers.get("/:customer_id", (q, s) => s.end()); customers.use("/:customer_id/notes", notes);
        const v1 = Router(); v1.use("/customers", customers);
        const app = express(); app.use("/v1", v1);`,
    },
    routes: ["GET /v1/customers/{customer_id} []", "GET /v1/customers/{customer_id}/notes/{note_id} []"],
  },
  {
    name: "const and template-literal prefixes across files",
    files: {
      "config.ts": `export const API = "/api"; export const V = \`\${API}/v2\`;`,
      "app.ts": `import express from "express"; import { V } from "./config"; const BASE = V + "/shop";
        const app = express(); const r = express.Router(); r.get("/cart", (q, s) => s.end()); app.use(\`\${BASE}\`, r);`,
    },
    routes: ["GET /api/v2/shop/cart []"],
  },
  {
    name: "namespace import of express and express.Router()",
    files: {
      "app.ts": `import * as express from "express"; const app = express.default(); const r = express.Router(); r.get("/n", (q, s) => s.end()); app.use(r);`,
    },
    routes: ["GET /n []"],
  },
  {
    name: "an array of paths registers each",
    files: { "app.ts": `import express from "express"; const app = express(); app.get(["/a", "/b"], (q, s) => s.end());` },
    routes: ["GET /a []", "GET /b []"],
  },
  {
    name: "Express 4 optional and constrained parameters, Express 5 optional groups",
    files: {
      "app.ts": `import express from "express"; const app = express();
        app.get("/files/:name.:ext?", (q, s) => s.end());
        app.get("/orders/:id(\\\\d+)", (q, s) => s.end());
        app.get("/report{.:format}", (q, s) => s.end());`,
    },
    routes: ["GET /files/{name} []", "GET /files/{name}.{ext} []", "GET /orders/{id} []", "GET /report []", "GET /report.{format} []"],
  },
  {
    name: "an app factory nothing calls is analysed once; a registerRoutes(app) helper is followed",
    files: {
      "routes.ts": `import type { Express } from "express"; export function registerRoutes(app: Express) { app.get("/registered", (q, s) => s.end()); }`,
      "app.ts": `import express from "express"; import { registerRoutes } from "./routes";
        export function createApp(options: { debug: boolean }) { const app = express(); registerRoutes(app); app.get("/own", (q, s) => s.end()); return app; }`,
    },
    routes: ["GET /own []", "GET /registered []"],
  },
  {
    name: "typeof in isomorphic helpers: server code has no window, has process (a base path read through such a helper, set by env)",
    files: {
      "env.ts": `export const env = (key: string): string | undefined => {\n  if (typeof window !== "undefined" && typeof (window as any).__ENV__ === "object") return (window as any).__ENV__[key];\n  return typeof process !== "undefined" ? process?.env?.[key] : undefined;\n};`,
      "app.ts": `import express from "express"; import { env } from "./env";\nconst base = (env("BASE_PATH") ?? "").replace(/\\/$/, "");\nconst app = express();\napp.get(\`\${base}/health\`, (q, s) => s.end());\nif (typeof document === "undefined") app.get("/server-only", (q, s) => s.end());`,
      "shim.ts": `import express from "express";\nconst navigator = { userAgent: "node" };\nconst app = express();\nif (typeof navigator === "object") app.get("/declared-navigator", (q, s) => s.end());`,
    },
    config: { env: { BASE_PATH: "/svc/" } },
    routes: ["GET /declared-navigator []", "GET /server-only []", "GET /svc/health []"],
    diagnostics: ["APX412 app.ts:3"],
  },
  {
    name: "global and globalThis: what code that ran set on them is read back in another module (a base path set in a constructor)",
    files: {
      "index.js": `const Server = require("./server");\nnew Server(process.env.ROUTER_BASE_PATH ?? "/books").start();`,
      "server.js": `const express = require("express");\nclass Server {\n  constructor(basePath) { global.RouterBasePath = basePath; globalThis.version = "v2"; }\n  start() { const app = express(); const router = express.Router(); router.get(\`/\${globalThis.version}/libraries\`, (q, s) => s.end()); app.use(global.RouterBasePath, router); }\n}\nmodule.exports = Server;`,
    },
    config: { env: {} },
    routes: ["GET /books/v2/libraries []"],
  },
  {
    name: "no env in the config: an environment variable's string default makes the path (said once per variable), a condition on it stays undecided",
    files: {
      "index.js": `const Server = require("./server");\nnew Server(process.env.ROUTER_BASE_PATH ?? "/books").start();`,
      "server.js": `const express = require("express");\nclass Server {\n  constructor(basePath) { global.RouterBasePath = basePath; }\n  start() { const app = express(); const router = express.Router(); router.get("/libraries", (q, s) => s.end()); app.use(global.RouterBasePath, router); app.listen(process.env.PORT || 3000); }\n}\nmodule.exports = Server;`,
      "api.ts": [
        `import express from "express";`,
        `const api = express();`,
        `const prefix = process.env.API_PREFIX || "/api";`,
        'api.get(`${process.env.API_PREFIX || "/api"}/v${process.env.API_VERSION ?? 1}/health`, (q, s) => s.end());',
        `api.get(prefix.toLowerCase() + "/status", (q, s) => s.end());`,
        `if (prefix.startsWith("/api")) api.get("/when-api", (q, s) => s.end());`,
        `if (process.env.MODE || "dev") api.get("/dev", (q, s) => s.end());`,
        `const empty = process.env.EXTRA || "";`,
        `api.get(\`\${empty || "/fallback"}/x\`, (q, s) => s.end());`,
      ].join("\n"),
    },
    routes: [
      "GET /api/status []",
      "GET /books/libraries []",
      "GET /dev [] unresolved(registration)",
      "GET /fallback/x []",
      "GET /when-api [] unresolved(registration)",
    ],
    diagnostics: [
      "APX412 api.ts:2",
      "APX201 api.ts:4",
      "APX219 api.ts:4",
      "APX217 api.ts:6",
      "APX217 api.ts:7",
      "APX219 api.ts:7",
      "APX219 api.ts:8",
      "APX219 index.js:2",
    ],
  },
  {
    name: "a registration whose functions only pass the request on gates a later one of the same method and path: that one is the operation, with both keys",
    files: {
      "auth.ts": AUTH,
      "app.ts": [
        `import express from "express"; import { requirePermission } from "./auth";`,
        `const app = express();`,
        `const audit = () => (req: any, _res: any, next: any) => { console.log(req.path); next(); };`,
        `app.post("/orders", audit());`,
        `app.post("/orders", requirePermission("orders.write"), (req, res) => { res.status(201).json({}); });`,
        `app.put("/users", requirePermission("users.gate"), (req: any, res: any, next: any) => next());`,
        `app.put("/users", (req, res) => res.json({}));`,
        `app.get("/answers", (req, res) => res.json([]));`,
        `app.get("/answers", (req: any, res: any, next: any) => next());`,
        `app.delete("/alone", (req: any, res: any, next: any) => next());`,
      ].join("\n"),
    },
    routes: ["DELETE /alone []", "GET /answers []", "POST /orders [orders.write]", "PUT /users [users.gate]"],
    diagnostics: ["APX403 app.ts:9"],
  },
  {
    name: "a function of the sources that answers, mounted with use() at a path, is an endpoint for every method there; middleware, error handlers, routers, refusals and fallbacks are not",
    files: {
      "auth.ts": AUTH,
      "app.ts": [
        `import express from "express"; import { requirePermission } from "./auth"; import { graphqlHTTP } from "express-graphql";`,
        `const app = express();`,
        `app.use("/health", (req, res) => { res.send("ok"); });`,
        `app.use("/stats", requirePermission("stats.read"), (req: any, res: any, next: any) => { res.json({}); });`,
        `app.use("/graphql", graphqlHTTP({}));`,
        `app.use("/audit", (req: any, res: any, next: any) => { console.log(req.path); next(); });`,
        `app.use("/errors", (err: any, req: any, res: any, next: any) => { res.status(500).end(); });`,
        `app.use("/assets", (_req, res) => { res.status(404).end(); });`,
        `app.use("/uploads", (req, res) => { res.sendStatus(403); });`,
        `class NotFoundError extends Error { statusCode = 404; }`,
        "app.use(`/api`, (req, res) => { const error = new NotFoundError(); res.status(error.statusCode).send(error); });",
        `app.use((req, res) => { res.status(404).end(); });`,
      ].join("\n"),
    },
    routes: [
      "DELETE /health []",
      "DELETE /stats [stats.read]",
      "GET /health []",
      "GET /stats [stats.read]",
      "HEAD /health []",
      "HEAD /stats [stats.read]",
      "OPTIONS /health []",
      "OPTIONS /stats [stats.read]",
      "PATCH /health []",
      "PATCH /stats [stats.read]",
      "POST /health []",
      "POST /stats [stats.read]",
      "PUT /health []",
      "PUT /stats [stats.read]",
    ],
  },
  {
    name: "an HTTP client's requests (axios, an instance it creates, got by require) are not route registrations, so nothing is reported for them",
    files: {
      "client/save.ts": [
        `import axios from "axios";`,
        `const api = axios.create({ baseURL: "/api" });`,
        `export async function save(params: unknown) { return (await axios.post("/api/col/up_case", params)).data; }`,
        `export async function load(handler: () => void) { return api.get("/api/items", { onDownloadProgress: handler }); }`,
      ].join("\n"),
      "lib/fetch.js": `const got = require("got");\nexports.ping = async (cb) => got.post("/ping", cb);\n`,
      "app.ts": `import express from "express";\nconst app = express();\napp.get("/health", (q, s) => s.end());\n`,
    },
    routes: ["GET /health []"],
  },
  {
    name: "an app's on('mount') listener registers on it once another app mounts it (Express's mount event), as Parse Dashboard does; another event's listener does not run",
    files: {
      "dashboard.js": [
        `const express = require("express");`,
        `module.exports = function ParseDashboard(config) {`,
        `  const app = express();`,
        `  app.on("mount", function (parent) {`,
        `    app.get("/parse-dashboard-config.json", (req, res) => res.json(config));`,
        `    app.post("/login", (req, res) => res.end());`,
        `  });`,
        `  app.on("error", function () { app.get("/never", (req, res) => res.end()); });`,
        `  return app;`,
        `};`,
      ].join("\n"),
      "server.js": `const express = require("express");\nconst ParseDashboard = require("./dashboard");\nconst server = express();\nserver.use("/dashboard", ParseDashboard({ apps: [] }));\nserver.listen(4040);\n`,
    },
    routes: ["GET /dashboard/parse-dashboard-config.json []", "POST /dashboard/login []"],
    diagnostics: ["APX210 dashboard.js:8"],
  },
  {
    name: "a request whose answer is awaited, handed to then(), or an observable waited for (firstValueFrom, subscribe) is no route registration, whatever sends it (an integration's context object: $.http.post(path, body))",
    files: {
      "apps/airtable/create-record.js": [
        `export default {`,
        `  async run($) {`,
        `    const body = { typecast: true, fields: $.step.parameters.fields };`,
        `    const { data } = await $.http.post(\`/v0/\${$.step.parameters.baseId}\`, body);`,
        `    const response = await ($.http?.patch("/v0/records", body));`,
        `    $.http.put("/v0/records", body).then((r) => $.setActionItem({ raw: r.data }));`,
        `    const saved = await firstValueFrom($.api.post("/auth/login", body));`,
        `    $.api.patch("/config", body).subscribe((r) => $.done(r));`,
        `    return data;`,
        `  },`,
        `};`,
      ].join("\n"),
      "app.ts": `import express from "express";\nconst app = express();\napp.get("/health", (q, s) => s.end());\nexport function later(h: express.RequestHandler) { app.post("/later", h); }\n`,
    },
    routes: ["GET /health []"],
    // A registration nothing runs is still said: only a result someone waits for is a request.
    diagnostics: ["APX210 app.ts:4"],
  },
  {
    name: "a plugin installed with use() (Vue's app and Vue.use, Passport's named strategy, socket.io's middleware), the runtime's own objects (console[level](...)) and a method named by a key that names no HTTP method (manager[conditionMethod](...)) register no route; a router given to an unknown receiver's use() still does",
    files: {
      "web/main.ts": [
        `import { createApp } from "vue";`,
        `import Vue from "vue";`,
        `import VueRouter from "vue-router";`,
        `import App from "./App.vue";`,
        `import { router } from "./router";`,
        `const app = createApp(App);`,
        `app.use(router);`,
        `Vue.use(VueRouter);`,
        `app.mount("#app");`,
      ].join("\n"),
      "web/router.ts": `export const router = { routes: [] };\n`,
      // A function handed the app, its parameter typed as Vue's (\`app: App\`): Vuetify's plugins/index.ts.
      "web/plugins.ts": [
        `import type { App } from "vue";`,
        `import { router } from "./router";`,
        `export function registerPlugins(app: App) {`,
        `  app.use(router);`,
        `}`,
      ].join("\n"),
      "server/auth.js": [
        `const passport = require("passport");`,
        `const { Strategy } = require("passport-github2");`,
        `module.exports.setup = function setup(key) {`,
        `  passport.use(key, new Strategy({}, (token, cb) => cb(new Error("grant the email permissions"))));`,
        `};`,
      ].join("\n"),
      "server/log.js": [
        `const LEVELS = { info: "log", error: "error" };`,
        `export function log(level, ...args) {`,
        `  const method = LEVELS[level];`,
        `  console[method](\`[\${level}]\`, ...args);`,
        `}`,
      ].join("\n"),
      "server/nlp.js": [
        `export function addConditions(manager, conditionMethod, entity) {`,
        `  manager[conditionMethod]("en", entity.name, entity.from, (text) => text.trim());`,
        `}`,
      ].join("\n"),
      "server/socket.js": [
        `import { Server } from "socket.io";`,
        `export function sockets(http, checkRouterToken) {`,
        `  const io = new Server(http);`,
        `  io.use(checkRouterToken);`,
        `}`,
      ].join("\n"),
      "server/app.js": [
        `import express from "express";`,
        `import { setup } from "./auth.js";`,
        `import { sockets } from "./socket.js";`,
        `const app = express();`,
        `setup("github");`,
        `app.get("/health", (q, s) => s.end());`,
        `export function mountLater(host, apiRouter) { host.use(apiRouter); }`,
        `app.listen(3000, () => sockets(null, null));`,
      ].join("\n"),
    },
    routes: ["GET /health []"],
    diagnostics: ["APX210 server/app.js:7"],
  },
  {
    name: "a permission table keyed by the route (table[req.method + ' ' + req.baseUrl + req.route.path]) read for each route, CASL's can() given its action and subject; a route the table lacks, and a router's middleware (no req.route), stay unresolved",
    files: {
      "package.json": JSON.stringify({ name: "flows", dependencies: { "@casl/ability": "^6.5.0", express: "^4.21.0" } }),
      "src/authorization.js": [
        `const authorizationList = {`,
        `  "GET /api/flows/": { action: "read", subject: "Flow" },`,
        `  "GET /api/flows/:flowId": { action: "read", subject: "Flow" },`,
        `  "DELETE /api/flows/:flowId": { action: "manage", subject: "Flow" },`,
        `  "GET /users/:userId": { action: "read", subject: "User" },`,
        `};`,
        `export const authorizeUser = async (request, response, next) => {`,
        `  const currentRoute = request.method + " " + request.baseUrl + request.route.path;`,
        `  const currentRouteRule = authorizationList[currentRoute];`,
        `  request.currentUser.can(currentRouteRule.action, currentRouteRule.subject);`,
        `  next();`,
        `};`,
        `export const authorizeAdmin = (req, res, next) => { const rule = authorizationList[req.method + " " + req.baseUrl + req.route.path]; req.currentUser.can(rule.action, rule.subject); next(); };`,
      ].join("\n"),
      "src/app.js": [
        `import express from "express";`,
        `import { authorizeAdmin, authorizeUser } from "./authorization.js";`,
        `const flows = express.Router();`,
        `flows.get("/", authorizeUser, (req, res) => res.json([]));`,
        `flows.get("/:flowId", authorizeUser, (req, res) => res.json({}));`,
        `flows.delete("/:flowId", authorizeUser, (req, res) => res.end());`,
        `flows.post("/:flowId/export", authorizeUser, (req, res) => res.end());`,
        `const admin = express.Router();`,
        `admin.use(authorizeAdmin);`,
        `admin.get("/stats", (req, res) => res.json({}));`,
        `const app = express();`,
        `app.use("/api/flows", flows);`,
        `app.use("/admin", admin);`,
        `app.get("/users/:userId", authorizeUser, (req, res) => res.json({}));`,
        `app.listen(3000);`,
      ].join("\n"),
    },
    routes: [
      "GET /admin/stats [] unresolved(permissions)",
      "GET /api/flows [Flow:read]",
      "DELETE /api/flows/{flowId} [Flow:manage]",
      "GET /api/flows/{flowId} [Flow:read]",
      "POST /api/flows/{flowId}/export [] unresolved(permissions)",
      "GET /users/{userId} [User:read]",
    ],
    // Said once per body (its action and its subject): where a route's entry is missing (the export route), and
    // for the router's middleware, which no route's request reaches.
    diagnostics: [
      "APX301 src/authorization.js:10",
      "APX301 src/authorization.js:10",
      "APX301 src/authorization.js:13",
      "APX301 src/authorization.js:13",
    ],
  },
  {
    name: "the project's own request helpers (an object of methods that send requests, of the file, imported or through a barrel; a class whose method sends one, also through four of its own methods; a class whose static methods send one, through a function of its module that gives back a client's instance; a field typed as a client package's instance, in a base class too, or made by Angular's inject(HttpClient); a module's default export made by a client) are no routers; a wrapper that registers on a router, or keeps routes in a table, still is",
    files: {
      "web/data.service.ts": [
        `import { Injectable, inject } from "@angular/core";`,
        `import { HttpClient } from "@angular/common/http";`,
        `@Injectable({ providedIn: "root" })`,
        `export class DataService {`,
        `  private readonly http = inject(HttpClient);`,
        `  public postAccess(access: unknown) { return this.http.post("/api/v1/access", access); }`,
        `}`,
      ].join("\n"),
      "web/api.client.ts": [
        `import axios from "axios";`,
        `export const api = {`,
        `  get(url: string) { return axios.get(url).then((r) => r.data); },`,
        `  post(url: string, data: unknown) { return axios.post(url, data).then((r) => r.data); },`,
        `};`,
      ].join("\n"),
      "web/index.ts": `export * from "./api.client";`,
      "client/lib/api-client.ts": `import axios, { type AxiosInstance } from "axios";\nconst api: AxiosInstance = axios.create({ baseURL: "/api" });\nexport default api;`,
      "client/keys.ts": `import api from "./lib/api-client";\nexport async function createKey(data: unknown) { return (await api.post("/api-keys/create", data)).data; }`,
      "web/bridge.ts": `import { api } from "./index";\nexport function validate(payload: unknown) { return api.post(\`/v1/bridge/validate\`, payload); }`,
      "sdk/http-client.ts": [
        `export class HttpClient {`,
        `  private async doFetch(url: string, init?: RequestInit) { return fetch(\`https://api.example.com\${url}\`, init); }`,
        `  async post(url: string, body = {}) { return (await this.doFetch(url, { method: "POST", body: JSON.stringify(body) })).json(); }`,
        `}`,
      ].join("\n"),
      // A client whose request goes through four of its own methods (Picsur's Angular ApiService).
      "web/api.service.ts": [
        `import axios from "axios";`,
        `export class ApiService {`,
        `  public post(send: unknown, receive: unknown, url: string, data: unknown) { return this.fetchSafeJson(receive, url, { method: "POST", data }); }`,
        `  private fetchSafeJson(type: unknown, url: string, options: object) { return { result: this.fetchJsonAs(url, options) }; }`,
        `  private fetchJsonAs(url: string, options: object) { return this.fetch(url, options); }`,
        `  private async fetch(url: string, options: object) { return (await axios.request({ url, ...options })).data; }`,
        `}`,
        `export class KeysService {`,
        `  constructor(private readonly api: ApiService) {}`,
        `  async list(count: number) { return await this.api.post(Object, Object, "/api/apikeys/list", { count }).result; }`,
        `}`,
      ].join("\n"),
      "sdk/with-http.ts": `import type { AxiosInstance } from "axios";\nexport class WithHttp { constructor(protected readonly http: AxiosInstance) {} }`,
      // A class whose static methods send requests through a module's lazily made instance, and its subclasses.
      "front/api.ts": [
        `import axios, { AxiosInstance } from "axios";`,
        `let instance: AxiosInstance | null = null;`,
        `function client() { if (instance) return instance; instance = axios.create({ baseURL: "/api/" }); return instance; }`,
        `class Api {`,
        `  static get(url: string, params?: unknown) { return client().request({ url, method: "GET", params }); }`,
        `  static post(url: string, data?: unknown) { return Api.send(url, "POST", data); }`,
        `  private static send(url: string, method: string, data?: unknown) { return client().request({ url, method, data }); }`,
        `}`,
        `export default Api;`,
      ].join("\n"),
      "front/folders.ts": [
        `import Api from "./api";`,
        `export class FolderApi extends Api {`,
        `  static url = "/folders";`,
        `  static list(page: unknown) { return Api.get(FolderApi.url, page); }`,
        `  static move(id: string, to: unknown) { if (!to) return Api.post(\`/folders/\${id}/out\`, to); return Api.post(\`/folders/\${id}/move\`, to); }`,
        `}`,
      ].join("\n"),
      "sdk/organizations.ts": [
        `import { WithHttp } from "./with-http";`,
        `import { HttpClient } from "./http-client";`,
        `export class Organizations extends WithHttp { rename(payload: unknown) { return this.http.patch("/organizations", payload); } }`,
        `export class Widgets { private httpClient = new HttpClient(); markSeen(ids: unknown) { return this.httpClient.post(\`/widgets/messages/seen\`, ids); } }`,
        `const client = new HttpClient();`,
        `export function seen(ids: unknown) { return client.post(\`/widgets/seen\`, ids); }`,
      ].join("\n"),
      "web/layouts.ts": [
        `import { api } from "./api.client";`,
        `export async function createLayout(data: { name: string }) { return api.post(\`/v1/layouts\`, data); }`,
        `const http = { async put(path: string, body: unknown) { return fetch(path, { method: "PUT", body: JSON.stringify(body) }); } };`,
        `export async function rename(id: string, body: unknown) { return http.put(\`/v1/layouts/\${id}\`, body); }`,
      ].join("\n"),
      "server/app.ts": [
        `import express from "express";`,
        `const app = express();`,
        `const table: { path: string; fn: unknown }[] = [];`,
        `const mini = { get(path: string, fn: unknown) { table.push({ path, fn }); } };`,
        `const wrap = { post(path: string, fn: express.RequestHandler) { app.post(path, fn); } };`,
        `app.get("/health", (q, s) => s.end());`,
        `export function later(h: express.RequestHandler) { mini.get("/a", h); wrap.post("/b", h); }`,
      ].join("\n"),
    },
    routes: ["GET /health []"],
    diagnostics: ["APX210 server/app.ts:5", "APX210 server/app.ts:7", "APX210 server/app.ts:7"],
  },
  {
    name: "all(): a guard that refuses through a helper of the sources (return methodNotAllowed(res)) lets only its methods through",
    files: {
      "app.ts": [
        `import express from "express";`,
        `function methodNotAllowed(res: any) { return res.status(405).end(); }`,
        `const app = express();`,
        `app.all("/hooks", (req, res) => { if (req.method !== "POST") return methodNotAllowed(res); res.json({}); });`,
      ].join("\n"),
    },
    routes: ["POST /hooks []"],
  },
  {
    name: "an app factory called only in a package function's arguments runs (http.createServer(createApp()), a server's options)",
    files: {
      "app.ts": [
        `import express from "express"; import http from "node:http"; import { listen } from "some-server";`,
        `function createApp() { const app = express(); app.get("/tags", (q, r) => r.json([])); return app; }`,
        `function createAdmin() { const admin = express(); admin.get("/admin", (q, r) => r.end()); return admin; }`,
        `function later() { const other = express(); other.get("/later", (q, r) => r.end()); return other; }`,
        `http.createServer(createApp()).listen(3000);`,
        `listen({ handler: createAdmin().handle, onReady: () => later() });`,
      ].join("\n"),
    },
    // (`later`, which only a callback calls, is read as a factory nothing calls is: once, on its own.)
    routes: ["GET /admin []", "GET /later []", "GET /tags []"],
    diagnostics: ["APX412 app.ts:2"],
  },
  {
    name: "a configuration object's settings are said where a setting is read, not all of them when one is",
    files: {
      "config.ts": [
        `export const CONFIG = {`,
        `  API_PREFIX: "/api/v1",`,
        `  BASE: process.env.BASE_PATH || "/meet",`,
        `  REDIS_HOST: process.env.REDIS_HOST || "localhost",`,
        `  SESSION_TTL: process.env.SESSION_TTL || "20s",`,
        `};`,
      ].join("\n"),
      "server.ts": [
        `import express from "express"; import { CONFIG } from "./config";`,
        `const app = express(); const router = express.Router();`,
        `router.get("/rooms", (q, s) => s.end());`,
        `app.use(CONFIG.API_PREFIX, router);`,
        `const { BASE } = CONFIG;`,
        `app.get(BASE + "/health", (q, s) => s.end());`,
      ].join("\n"),
    },
    routes: ["GET /api/v1/rooms []", "GET /meet/health []"],
    diagnostics: ["APX219 server.ts:5"],
  },
  {
    name: "an environment the config gives decides the same reads without APX219 (a name it omits is unset: the default)",
    files: {
      "api.ts": [
        `import express from "express";`,
        `const api = express();`,
        `const prefix = process.env.API_PREFIX || "/api";`,
        `api.get(prefix + "/status", (q, s) => s.end());`,
        `if (prefix.startsWith("/api")) api.get("/when-api", (q, s) => s.end());`,
        `api.get((process.env.OTHER ?? "/other") + "/x", (q, s) => s.end());`,
      ].join("\n"),
    },
    config: { env: { API_PREFIX: "/v2" } },
    routes: ["GET /other/x []", "GET /v2/status []"],
  },
  {
    name: "a JSON module's data, required or imported (package.json's version in an asset path, a settings file's prefix)",
    files: {
      "package.json": `{ "name": "svc", "version": "2.3.4" }`,
      "settings.json": `{ "api": { "prefix": "/api" } }`,
      "app.js": `const express = require("express");\nconst packageJson = require("./package.json");\nconst app = express();\napp.get(\`/assets/v\${packageJson.version}/app.js\`, (q, s) => s.end());\nmodule.exports = app;`,
      "api.ts": `import express from "express"; import settings from "./settings.json";\nconst api = express();\napi.get(\`\${settings.api.prefix}/health\`, (q, s) => s.end());`,
    },
    routes: ["GET /api/health []", "GET /assets/v2.3.4/app.js []"],
    diagnostics: ["APX412 api.ts:2"],
  },
  {
    name: "new URL() of static strings gives its parts (a mount prefix from the public URL's path); of run-time strings it is reported",
    files: {
      "app.ts": `import express from "express";\nconst base = new URL(process.env.PUBLIC_URL ?? "http://localhost:3000/").pathname.replace(/\\/$/, "");\nconst app = express();\napp.get(\`\${base}/health\`, (q, s) => s.end());\napp.get(new URL(String(Date.now()), "http://x").pathname, (q, s) => s.end());`,
    },
    config: { env: { PUBLIC_URL: "https://example.com/esign/" } },
    routes: ["GET /esign/health []"],
    diagnostics: ["APX201 app.ts:5"],
  },
  {
    name: "an express() sub-app mounted with use(path, app) answers under that path only, not at the root too",
    files: {
      "app-sync.ts": `import express from "express";\nconst app = express();\napp.use(express.json());\nexport { app as handlers };\napp.post("/sync", (q, s) => s.end());\napp.get("/list-user-files", (q, s) => s.end());`,
      "app.ts": `import express from "express";\nimport * as syncApp from "./app-sync";\nconst app = express();\napp.use("/sync", syncApp.handlers);\napp.get("/mode", (q, s) => s.end());\nexport default async function run() { app.listen(5006); }`,
    },
    routes: ["GET /mode []", "GET /sync/list-user-files []", "POST /sync/sync []"],
  },
  {
    name: "an app factory called by the server entry is analysed once, not twice",
    files: {
      "app.ts": `import express from "express"; export function createApp() { const app = express(); app.get("/x", (q, s) => s.end()); return app; }`,
      "server.ts": `import { createApp } from "./app"; createApp().listen(3000);`,
    },
    routes: ["GET /x []"],
  },
  {
    name: "an uncalled app factory's parameters: unknown without the config (APX201), its routes indexed relative to the unknown base, marked; read from factoryArguments with it",
    files: { "app.ts": GET_APP },
    routes: ["GET /api/debug [] unresolved(path,registration)", "GET /api/health [] unresolved(path)"],
    diagnostics: ["APX201 app.ts:4", "APX217 app.ts:5", "APX201 app.ts:5"],
  },
  {
    name: "factoryArguments: the deployment's arguments, complete objects (an omitted property is undefined)",
    files: { "app.ts": GET_APP },
    config: { factoryArguments: { getApp: [{ server: { baseUriPath: "/unleash" } }] } },
    routes: ["GET /unleash/api/health []"],
  },
  {
    name: "factoryArguments also stand for the arguments a call in the sources gives the factory (a server entry that builds its config at run time)",
    files: {
      "app.ts": GET_APP,
      "server.ts": `import getApp from "./app";
import { loadConfig } from "config-loader";
export async function start() { const app = await getApp(loadConfig(process.argv)); app.listen(4242); }
start();`,
    },
    config: { factoryArguments: { getApp: [{ server: { baseUriPath: "/unleash" } }] } },
    routes: ["GET /unleash/api/health []"],
  },
  {
    name: "route tables through a base class's own route() method: registered where the base class registers, no APX210 at the call sites",
    files: {
      "auth.ts": AUTH,
      "controller.ts": `import { Router } from "express"; import { assertPermission } from "./auth";
        type Options = { method: "get" | "post"; path: string; handler: (req: any, res: any) => void; permission: string };
        const checkPermission = (permission: string) => (req: any, res: any, next: () => void) => { assertPermission(req, permission); next(); };
        export default class Controller {
          app = Router();
          route(options: Options) { this.app[options.method](options.path, checkPermission(options.permission), options.handler.bind(this)); }
          get(path: string, handler: (req: any, res: any) => void, permission: string) { this.route({ method: "get", path, handler, permission }); }
          use(path: string, router: Router) { this.app.use(path, router); }
          get router() { return this.app; }
        }`,
      "features.ts": `import Controller from "./controller";
        export class FeatureController extends Controller {
          constructor() { super(); this.route({ method: "post", path: "/features", handler: this.create, permission: "CREATE_FEATURE" }); this.get("/features", this.list, "READ_FEATURE"); }
          create(req: any, res: any) { res.end(); }
          list(req: any, res: any) { res.end(); }
        }`,
      "index.ts": `import Controller from "./controller"; import { FeatureController } from "./features";
        export class IndexRouter extends Controller { constructor() { super(); this.use("/api/admin", new FeatureController().router); } }`,
      "app.ts": `import express from "express"; import { IndexRouter } from "./index"; const app = express(); app.use("/", new IndexRouter().router);`,
    },
    routes: ["GET /api/admin/features [READ_FEATURE]", "POST /api/admin/features [CREATE_FEATURE]"],
  },
  {
    name: "handlers as controller object members and class methods",
    files: {
      "auth.ts": AUTH,
      "controllers.ts": `import { assertPermission } from "./auth";
        export const customers = { list(req: any, res: any) { assertPermission(req, "customers.read"); } };
        export class Invoices { send = (req: any, res: any) => { assertPermission(req, "invoices.send"); }; static void(req: any, res: any) { assertPermission(req, "invoices.void"); } }`,
      "app.ts": `import express from "express"; import { customers, Invoices } from "./controllers"; const app = express(); const invoices = new Invoices();
        app.get("/customers", customers.list); app.post("/invoices/:id/send", invoices.send.bind(invoices)); app.post("/invoices/:id/void", Invoices.void);`,
    },
    routes: ["GET /customers [customers.read]", "POST /invoices/{id}/send [invoices.send]", "POST /invoices/{id}/void [invoices.void]"],
  },
];

const permissionStyles: Case[] = [
  {
    name: "route middleware, single and in arrays",
    files: {
      "auth.ts": AUTH,
      "app.ts": `import express from "express"; import { requirePermission } from "./auth"; const app = express();
        app.get("/a", requirePermission("a.read"), (q, s) => s.end());
        app.post("/a", [requirePermission("a.write"), [requirePermission("a.audit")]], (q, s) => s.end());`,
    },
    routes: ["GET /a [a.read]", "POST /a [a.audit,a.write]"],
  },
  {
    name: "router-level use() applies to the routes registered after it, not before",
    files: {
      "auth.ts": AUTH,
      "app.ts": `import express, { Router } from "express"; import { requirePermission } from "./auth";
        const r = Router();
        r.get("/public", (q, s) => s.end());
        r.use(requirePermission("r.read"));
        r.get("/private", (q, s) => s.end());
        const app = express(); app.use("/r", r);`,
    },
    routes: ["GET /r/private [r.read]", "GET /r/public []"],
  },
  {
    name: "a router's use() also runs for a later sibling mounted below its prefix, as at run time",
    files: {
      "auth.ts": AUTH,
      "app.ts": `import express, { Router } from "express"; import { requirePermission } from "./auth";
        const customers = Router(); customers.use(requirePermission("customers.read")); customers.get("/", (q, s) => s.end());
        const notes = Router(); notes.get("/", (q, s) => s.end());
        const other = Router(); other.get("/", (q, s) => s.end());
        const app = express();
        app.use("/customers", customers);
        app.use("/customers/:id/notes", notes);
        app.use("/other", other);`,
    },
    routes: ["GET /customers [customers.read]", "GET /customers/{id}/notes [customers.read]", "GET /other []"],
  },
  {
    name: "use(prefix, check, router) and use(prefix, check) scope checks to the prefix",
    files: {
      "auth.ts": AUTH,
      "app.ts": `import express, { Router } from "express"; import { requirePermission } from "./auth";
        const r = Router(); r.get("/x", (q, s) => s.end());
        const app = express();
        app.use("/admin-ish", requirePermission("ops.read"));
        app.use("/api", requirePermission("api.use"), r);
        app.get("/admin-ish/y", (q, s) => s.end());
        app.get("/elsewhere", (q, s) => s.end());`,
    },
    routes: ["GET /admin-ish/y [ops.read]", "GET /api/x [api.use]", "GET /elsewhere []"],
  },
  {
    name: "assertPermission inside the handler body, through an async wrapper",
    files: {
      "auth.ts": AUTH,
      "wrap.ts": `export const asyncHandler = (fn: any) => (req: any, res: any, next: any) => Promise.resolve(fn(req, res, next)).catch(next);`,
      "app.ts": `import express from "express"; import { assertPermission } from "./auth"; import { asyncHandler } from "./wrap"; const app = express();
        app.post("/refund", asyncHandler(async (req: any, res: any) => { const ok = true; assertPermission(req, "payments.refund"); res.end(); }));`,
    },
    routes: ["POST /refund [payments.refund]"],
  },
  {
    name: "keys from `as const` objects, string enums, template literals of constants, across imports and re-exports",
    files: {
      "auth.ts": AUTH,
      "perms/objects.ts": `export const P = { Read: "inv.read", Nested: { Send: "inv.send" } } as const;`,
      "perms/enums.ts": `export enum Perm { Void = "inv.void", Approve = "est.approve" }`,
      "perms/prefix.ts": `export const REPORTS = "reports"; export const RP = { read: \`\${REPORTS}.read\` } as const;`,
      "perms/index.ts": `export * from "./objects"; export { Perm as Permission } from "./enums"; export * from "./prefix";`,
      "app.ts": `import express from "express"; import { requirePermission } from "./auth"; import { P, Permission, RP } from "./perms";
        const app = express();
        app.get("/a", requirePermission(P.Read, P.Nested.Send), (q, s) => s.end());
        app.get("/b", requirePermission(Permission.Void, Permission["Approve"]), (q, s) => s.end());
        app.get("/c", requirePermission(RP.read), (q, s) => s.end());`,
    },
    routes: ["GET /a [inv.read,inv.send]", "GET /b [est.approve,inv.void]", "GET /c [reports.read]"],
  },
  {
    name: "requirePermissions with arrays, spreads, Object.freeze and Object.values",
    files: {
      "auth.ts": AUTH,
      "app.ts": `import express from "express"; import { requirePermission, requirePermissions } from "./auth";
        const BASE = ["t.read"] as const; const MORE = [...BASE, "t.write"];
        const FROZEN = Object.freeze({ a: "f.a", b: "f.b" });
        const app = express();
        app.get("/x", requirePermissions(MORE), (q, s) => s.end());
        app.get("/y", requirePermission(...BASE), (q, s) => s.end());
        app.get("/z", requirePermissions(Object.values(FROZEN)), (q, s) => s.end());`,
    },
    routes: ["GET /x [t.read,t.write]", "GET /y [t.read]", "GET /z [f.a,f.b]"],
  },
  {
    name: "a custom middleware function whose body asserts a permission",
    files: {
      "auth.ts": AUTH,
      "app.ts": `import express from "express"; import { assertPermission } from "./auth";
        function adminOnly(req: any, res: any, next: any) { assertPermission(req, "admin"); next(); }
        const app = express(); app.use("/ops", adminOnly); app.get("/ops/x", (q, s) => s.end()); app.get("/open", (q, s) => s.end());`,
    },
    routes: ["GET /open []", "GET /ops/x [admin]"],
  },
  {
    name: "a function whose name says it checks a permission or scope is a recognizer zero-config; one named for alternatives gives an any_of group",
    files: {
      "auth.ts": [
        `import type { RequestHandler } from "express";`,
        `export const withRequiredScope = (...scopes: string[]): RequestHandler => (q, s, n) => n();`,
        `export const requireAnyScope = (...scopes: string[]): RequestHandler => (q, s, n) => n();`,
        `export function checkPermission(req: unknown, key: string): void {}`,
        `export const getPermissions = (user: string) => [user];`,
        `export const requirePermissionFor = (key: string, handler: RequestHandler): RequestHandler => handler;`,
        `export const withScope = (fn: () => void) => fn();`,
        `export function throwIfNoPermission(options: { role: string; permission: string }): void {}`,
        `export const authorization = { isPermitted: (key: string): RequestHandler => (q, s, n) => n(), isPermittedToday: () => true };`,
      ].join("\n"),
      "app.ts": [
        `import express from "express"; import { authorization, checkPermission, getPermissions, requireAnyScope, requirePermissionFor, throwIfNoPermission, withRequiredScope, withScope } from "./auth";`,
        `const app = express();`,
        `app.get("/transactions", withRequiredScope("transactions.read"), (q, s) => s.end());`,
        `app.get("/reports", requireAnyScope("reports.read", "admin"), (q, s) => { getPermissions("me"); s.end(); });`,
        `app.post("/refunds", (req, res) => { checkPermission(req, "refunds.write"); res.end(); });`,
        `app.put("/refunds/:id", (req, res) => { throwIfNoPermission({ role: "member", permission: "refunds.update" }); res.end(); });`,
        `app.delete("/refunds/:id", requirePermissionFor("refunds.delete", (req, res) => { checkPermission(req, "refunds.audit"); res.end(); }));`,
        `withScope(() => undefined);`,
        `const access = { hasPermission: (user: unknown, keys: string[]) => keys.length > 0 };`,
        `function rbac(keys: string[]) { return (req: any, res: any, next: any) => { let granted = keys; if (req.query.x) granted = []; return access.hasPermission(req.user, granted) ? next() : res.status(403).end(); }; }`,
        `app.get("/rbac", rbac(["rbac.read"]), (q, s) => s.end());`,
        `app.post("/treatments", authorization.isPermitted("api:treatments:create"), (q, s) => s.end());`,
      ].join("\n"),
    },
    routes: [
      "DELETE /refunds/{id} [refunds.audit,refunds.delete]",
      "POST /treatments [api:treatments:create]",
      "GET /rbac []",
      "GET /reports [] any(admin|reports.read)",
      "GET /transactions [transactions.read]",
      "POST /refunds [refunds.write]",
      "PUT /refunds/{id} [refunds.update]",
    ],
  },
  {
    name: "a membership test of the caller's keys (user.permissions.includes(key), scopes.has(key)) is a check; a set that exists or is required is not",
    files: {
      "app.ts": [
        `import express from "express";`,
        `const ALL_PERMISSIONS = ["a", "b"]; const allPermissions = new Set(ALL_PERMISSIONS);`,
        `const app = express();`,
        `app.delete("/users/:id", (req: any, res: any) => { if (!req.user.permissions.includes("users.delete")) return res.status(403).end(); res.end(); });`,
        `app.get("/reports", (req: any, res: any) => { const grantedScopes: Set<string> = req.auth.scopes; if (!grantedScopes.has("reports.read")) return res.sendStatus(403); res.end(); });`,
        `app.post("/keys", (req: any, res: any) => { if (!allPermissions.has("a")) return res.sendStatus(400); res.end(); });`,
        `app.put("/keys", (req: any, res: any) => { const requiredScopes = ["x"]; if (requiredScopes.includes("x")) res.end(); });`,
        `app.get("/roles", (req: any, res: any) => { if (!req.user.roles.includes("admin")) return res.sendStatus(403); res.end(); });`,
      ].join("\n"),
    },
    routes: ["DELETE /users/{id} [users.delete]", "GET /reports [reports.read]", "GET /roles []", "POST /keys []", "PUT /keys []"],
  },
  {
    name: "a membership test gates only where it decides (a condition, a return, a tested name); a context variable's keys count; a refusal's message is no key",
    files: {
      "access.ts": `export function assertWideScope(req: any, message = "This endpoint needs a wide key."): boolean { return req.scope === "all"; }\n`,
      "app.ts": [
        `import express from "express"; import { assertWideScope } from "./access";`,
        `const app = express();`,
        // A row of a listing says what each key may do: it gates nothing.
        `app.get("/keys", (req: any, res: any) => res.json(req.keys.map((k: any) => ({ id: k.id, canBill: k.permissions?.includes("billing.read") ?? false }))));`,
        // A framework context's variable, read by name (Hono's c.get("permissions"), here on the request).
        `app.delete("/keys/:id", (req: any, res: any) => { if (!req.get("permissions").includes("keys.admin")) return res.sendStatus(403); res.end(); });`,
        `app.put("/keys/:id", (req: any, res: any) => { const allowed = req.user.permissions.includes("keys.write"); if (!allowed) return res.sendStatus(403); res.end(); });`,
        `app.post("/teams", (req: any, res: any) => { if (!assertWideScope(req, "Creating teams requires an API key with access to all workspaces.")) return res.sendStatus(403); res.end(); });`,
      ].join("\n"),
    },
    routes: ["DELETE /keys/{id} [keys.admin]", "GET /keys []", "POST /teams []", "PUT /keys/{id} [keys.write]"],
  },
  {
    name: "a check that only picks what the handler answers (both ways a 2xx of data) refuses nobody: no key; one whose other way refuses stays",
    files: {
      "app.ts": [
        `import express from "express";`,
        `const hasScope = (scopes: string[] = [], scope: string) => scopes.includes(scope);`,
        `const app = express();`,
        `app.get("/portfolio", (req: any, res: any) => { const data = { total: 1, holdings: [] }; if (!hasScope(req.user.scopes, "portfolio:values")) { return res.json({ holdings: data.holdings }); } return res.json(data); });`,
        `app.get("/jobs", (req: any, res: any) => { const all = [{ owner: "a" }]; return res.json(req.user.scopes.includes("jobs:all") ? all : all.filter((j) => j.owner === req.user.id)); });`,
        `app.get("/summary", async (req: any, res: any) => { const full = { a: 1 }; const brief = { b: 2 }; return hasScope(req.user.scopes, "summary:full") ? full : brief; });`,
        `app.get("/report", (req: any, res: any) => { if (!hasScope(req.user.scopes, "report:read")) { return res.status(403).json({ error: "forbidden" }); } return res.json({}); });`,
        `app.get("/export", (req: any, res: any) => { if (!hasScope(req.user.scopes, "export:read")) { audit(req); return { partial: true }; } return res.json({}); });`,
        `app.get("/admin", (req: any, res: any) => { if (!hasScope(req.user.scopes, "admin")) throw new Error("forbidden"); return res.json({}); });`,
        `declare function audit(req: unknown): void;`,
      ].join("\n"),
    },
    routes: [
      "GET /admin [admin]",
      "GET /export [export:read]",
      "GET /jobs []",
      "GET /portfolio []",
      "GET /report [report:read]",
      "GET /summary []",
    ],
  },
  {
    name: "a configured check given only what a package computes (a query builder's result) cannot be read: APX301 and unresolved, never no key in silence; with a key beside it, the key",
    permissionCalls: ["rootKeyAuth"],
    files: {
      "app.ts": [
        `import express from "express"; import { buildQuery, currentUser } from "third-party-rbac";`,
        `declare function rootKeyAuth(...args: unknown[]): void;`,
        `const app = express();`,
        `app.get("/apis", (req: any, res: any) => { rootKeyAuth(req, buildQuery(({ or }: any) => or("*", "api.read"))); res.end(); });`,
        `app.get("/keys", (req: any, res: any) => { rootKeyAuth(currentUser(req), "keys.read"); res.end(); });`,
        `app.get("/open", (req: any, res: any) => { rootKeyAuth(req); res.end(); });`,
      ].join("\n"),
    },
    routes: ["GET /apis [] unresolved(permissions)", "GET /keys [keys.read]", "GET /open []"],
    diagnostics: ["APX301 app.ts:4"],
  },
  {
    name: "a service layer the handler hands the caller's access object to is followed for its checks",
    permissionCalls: ["can"],
    files: {
      "internal/host.ts": [
        `export const internalHost = {`,
        `  async getAll(access: any) { await access.can("hosts:list"); return []; },`,
        `  async remove(access: any, id: string) { await access.can("hosts:delete"); return id; },`,
        `  async count(db: any) { await db.can("ignored:not-access"); return 0; },`,
        `};`,
      ].join("\n"),
      "app.ts": [
        `import express from "express"; import { internalHost } from "./internal/host";`,
        `const app = express();`,
        `app.get("/hosts", async (req: any, res: any) => res.json(await internalHost.getAll(res.locals.access)));`,
        `app.delete("/hosts/:id", async (req: any, res: any) => res.json(await internalHost.remove(res.locals.access, req.params.id)));`,
        `app.get("/hosts/count", async (req: any, res: any) => res.json(await internalHost.count(req.db)));`,
      ].join("\n"),
    },
    routes: ["DELETE /hosts/{id} [hosts:delete]", "GET /hosts [hosts:list]", "GET /hosts/count []"],
  },
  {
    name: "configured recognizer names replace the defaults",
    permissionCalls: ["can"],
    files: {
      "app.ts": `import express from "express"; const can = (k: string) => (q: any, s: any, n: any) => n(); const requirePermission = can;
        const app = express(); app.get("/a", can("a.read"), (q, s) => s.end()); app.get("/b", requirePermission("ignored"), (q, s) => s.end());`,
    },
    routes: ["GET /a [a.read]", "GET /b []"],
  },
];

const closedRoutes: Case[] = [
  {
    name: "closed by config pattern and by @closed; neither reaches the index",
    closed: ["/auth/**"],
    files: {
      "app.ts": `import express from "express"; const app = express();
        app.post("/auth/sign-in", (q, s) => s.end());
        /** Transfer ownership
         * @closed */
        app.post("/account/transfer", (q, s) => s.end());
        app.get("/account", (q, s) => s.end());`,
    },
    routes: ["GET /account []", "POST /account/transfer [] closed", "POST /auth/sign-in [] closed"],
  },
];

const negatives: Case[] = [
  {
    name: "routes a router class collects in a Map at run time and a loop replays: APX210 at the registration, naming the loop, and APX259 at the registrations on the class (reaching no framework); a method name known only at run time: APX201",
    files: {
      "mini.ts": `export class MiniRouter {
          private table = new Map<string, { method: "get" | "post" }[]>();
          get(url: string, h: unknown) { this.add("get", url); }
          post(url: string, h: unknown) { this.add("post", url); }
          private add(method: "get" | "post", url: string) { const l = this.table.get(url) ?? []; l.push({ method }); this.table.set(url, l); }
          routes() { return this.table; }
        }
        export function getRouter() { const r = new MiniRouter(); r.get("/:bucket", 1); r.post("/:bucket/*", 1); return r; }`,
      "app.ts": `import express from "express"; import { getRouter } from "./mini";
        const app = express(); const routes = getRouter().routes();
        Array.from(routes.keys()).forEach((routePath) => {
          const methods = new Set((routes.get(routePath) ?? []).map((e) => e.method));
          methods.forEach((method) => {
            const local = express.Router();
            if (!routePath.endsWith("/")) local[method](routePath + "/", (q, s) => s.end());
            local[method](routePath, (q, s) => s.end());
            app.use("/s3", local);
          });
        });
        function register(router: express.Router, verb: string) { router[verb as "get"]("/dyn", (q, s) => s.end()); }
        register(app, process.argv[2]!);
        app.get("/ok", (q, s) => s.end());`,
    },
    routes: ["GET /ok []"],
    diagnostics: ["APX210 app.ts:7", "APX210 app.ts:8", "APX210 app.ts:9", "APX201 app.ts:12", "APX259 mini.ts:8"],
  },
  {
    name: "a path computed at run time: left out; one whose leading part only is, indexed relative to that part, marked",
    files: {
      "app.ts": `import express from "express"; const app = express();\nfunction makePath() { return "/x"; }\napp.get(process.env.BASE + "/x", (q, s) => s.end());\napp.get("/ok", (q, s) => s.end());\napp.get(String(Date.now()), (q, s) => s.end());\napp.get("/v1/" + process.env.NAME, (q, s) => s.end());`,
    },
    routes: ["GET /ok []", "GET /x [] unresolved(path)"],
    diagnostics: ["APX201 app.ts:3", "APX201 app.ts:5", "APX201 app.ts:6"],
  },
  {
    name: "a mount prefix computed at run time: the routes under it indexed relative to it, marked unresolved(path)",
    files: {
      "app.ts": `import express, { Router } from "express"; const r = Router(); r.get("/x", (q, s) => s.end());\nconst app = express();\napp.use(process.env.PREFIX as string, r);`,
    },
    routes: ["GET /x [] unresolved(path)"],
    diagnostics: ["APX201 app.ts:3"],
  },
  {
    name: "an unresolvable permission variable (reassigned let, env, unknown import, callback parameter)",
    files: {
      "auth.ts": AUTH,
      "app.ts": [
        `import express from "express"; import { requirePermission, assertPermission } from "./auth"; import { NOPE } from "./missing";`,
        `let key = "a"; key = "b"; const app = express();`,
        `export function later() { key = "c"; }`,
        `app.get("/a", requirePermission(key), (q, s) => s.end());`,
        `app.get("/b", requirePermission(process.env.PERM as string), (q, s) => s.end());`,
        `app.get("/c", requirePermission(NOPE), (q, s) => s.end());`,
        `app.get("/d", (req: any, res: any) => { ["x"].forEach((p) => assertPermission(req, p)); });`,
      ].join("\n"),
    },
    // A reassignment that runs before the registration (top-level code) is read; one in a function that
    // may run at any time leaves the variable unknown.
    routes: ["GET /a [b]", "GET /b [] unresolved(permissions)", "GET /c [] unresolved(permissions)", "GET /d [] unresolved(permissions)"],
    diagnostics: ["APX110 app.ts:1", "APX301 app.ts:5", "APX301 app.ts:6", "APX301 app.ts:7"],
  },
  {
    name: "routes registered in loops and conditions over static data run; over run-time data a loop is reported, a condition's branches indexed and marked",
    files: {
      "app.ts": [
        `import express from "express"; const app = express(); const flag = true;`,
        `for (const p of ["/a"]) { app.get(p, (q, s) => s.end()); }`,
        `if (flag) app.get("/b", (q, s) => s.end()); else app.get("/not-b", (q, s) => s.end());`,
        `for (const p of process.argv) { app.get(p, (q, s) => s.end()); }`,
        `if (process.env.X) app.get("/c", (q, s) => s.end());`,
        `for (const p of ["/d", "/e"]) { if (p === "/d") continue; app.get(p, (q, s) => s.end()); }`,
      ].join("\n"),
    },
    routes: ["GET /a []", "GET /b []", "GET /c [] unresolved(registration)", "GET /e []"],
    diagnostics: ["APX210 app.ts:4", "APX217 app.ts:5"],
  },
  {
    name: "one route registered in both branches of an if apidex cannot read, one directly and one by a router the other branch mounts, is one operation served either way (its handler the branch's); one branch alone is conditional",
    files: {
      "auth.ts": AUTH,
      "web.js": [
        `const express = require("express");`,
        `const { requirePermission } = require("./auth");`,
        `module.exports = function (config) {`,
        `  const web = express.Router();`,
        `  web.get("/", requirePermission("web:read"), (q, s) => s.end());`,
        `  web.get("/-/static/:file", (q, s) => s.end());`,
        `  return web;`,
        `};`,
      ].join("\n"),
      "app.js": [
        `const express = require("express");`,
        `const { requirePermission } = require("./auth");`,
        `module.exports = function (config) {`,
        `  const app = express();`,
        `  if (config.web && config.web.enable === false) {`,
        `    app.get("/", requirePermission("web:read"), (q, s) => s.status(404).end());`,
        `  } else {`,
        `    app.use(require("./web")(config));`,
        `  }`,
        `  if (config.debug) app.get("/-/debug", (q, s) => s.end());`,
        `  else app.get("/-/debug", requirePermission("debug"), (q, s) => s.end());`,
        `  return app;`,
        `};`,
      ].join("\n"),
    },
    routes: [
      "GET / [web:read] unresolved(handler)",
      "GET /-/debug [] unresolved(handler,permissions)",
      "GET /-/static/{file} [] unresolved(registration)",
    ],
    diagnostics: ["APX217 app.js:5", "APX217 app.js:10"],
  },
  {
    name: "one registration reached along both branches of an if (a function called from each) excludes nothing: another app's route of that path in one branch is no alternative of it",
    files: {
      "events.ts": `import express from "express";\nexport function startEvents() { const events = express(); events.get("/", (q, s) => s.send("events")); events.listen(3700); }\n`,
      "main.ts": [
        `import express from "express";`,
        `import { startEvents } from "./events";`,
        `function initApp() {`,
        `  startEvents();`,
        `  const api = express();`,
        `  api.get("/", (q, s) => s.send("api"));`,
        `  api.listen(3999);`,
        `}`,
        `if (process.argv[2] === "import-events") startEvents();`,
        `else initApp();`,
      ].join("\n"),
    },
    routes: ["GET / [] unresolved(registration)"],
    // Two servers, as they are when initApp runs; not one route served by alternatives (no unresolved handler).
    diagnostics: ["APX412 events.ts:2", "APX403 main.ts:6", "APX217 main.ts:9"],
  },
  {
    name: "routers made in generators: yield* of a generator's call is what it returns, and Effect's Effect.fn(name)(function* ...) and Effect.gen(function* ...) run theirs (NodeCG)",
    files: {
      "auth.ts": AUTH,
      "routers.ts": [
        `import { Effect } from "effect";`,
        `import express from "express";`,
        `import { requirePermission } from "./auth";`,
        `export const assetsRouter = Effect.fn("assetsRouter")(function* (root: string) {`,
        `  const watcher = yield* Effect.sync(() => root);`,
        `  const assets = express.Router();`,
        `  assets.get("/:namespace/:file", requirePermission("assets:read"), (q, s) => s.end());`,
        `  return assets;`,
        `});`,
        `export const soundsRouter = Effect.fnUntraced(function* () {`,
        `  const sounds = express.Router();`,
        `  sounds.get("/sound/:name", (q, s) => s.end());`,
        `  return sounds;`,
        `});`,
        `export function* plainRouter() {`,
        `  const plain = express.Router();`,
        `  plain.get("/plain", (q, s) => s.end());`,
        `  const sent = yield "ready";`,
        `  return plain;`,
        `}`,
      ].join("\n"),
      "server.ts": [
        `import { Effect } from "effect";`,
        `import express from "express";`,
        `import { assetsRouter, plainRouter, soundsRouter } from "./routers";`,
        `export const server = Effect.gen(function* () {`,
        `  const app = express();`,
        `  const assets = yield* assetsRouter("/srv");`,
        `  app.use("/assets", assets);`,
        `  app.use(yield* soundsRouter());`,
        `  app.use("/p", yield* plainRouter());`,
        `  app.listen(9090);`,
        `});`,
        `Effect.runFork(server);`,
      ].join("\n"),
    },
    routes: ["GET /assets/{namespace}/{file} [assets:read]", "GET /p/plain []", "GET /sound/{name} []"],
  },
  {
    name: "a switch over a known value runs the matching case (falling through to a break, or default); for...in over a static object and a classic for over static bounds unroll",
    files: {
      "app.ts": [
        `import express from "express"; const app = express(); const service: string = "api"; const mode = "full";`,
        `switch (service) { case "web": app.get("/web", (_q, r) => { r.send("ok"); }); break; case "api": app.get("/health", (_q, r) => { r.send("ok"); }); break; case "other": app.get("/other", (_q, r) => r.end()); }`,
        `switch (mode) { case "full": app.get("/full", (_q, r) => r.end()); case "lite": app.get("/lite", (_q, r) => r.end()); break; default: app.get("/none", (_q, r) => r.end()); }`,
        `switch (3) { case 1: app.get("/one", (_q, r) => r.end()); break; default: app.get("/default", (_q, r) => r.end()); }`,
        `const table: Record<string, { method: "get" | "post"; path: string }> = { a: { method: "get", path: "/a" }, b: { method: "post", path: "/b" } };`,
        `for (const k in table) app[table[k].method](table[k].path, (_q, r) => r.end());`,
        `const versions = ["/v1", "/v2", "/v3"];`,
        `for (let i = 0; i < versions.length; i++) { if (i === 1) continue; app.get(versions[i] + "/items", (_q, r) => r.end()); }`,
        `for (let i = versions.length - 1; i >= 0; i -= 2) app.put(versions[i], (_q, r) => r.end());`,
        `app.listen(3000);`,
      ].join("\n"),
    },
    routes: [
      "GET /a []",
      "GET /default []",
      "GET /full []",
      "GET /health []",
      "GET /lite []",
      "GET /v1/items []",
      "GET /v3/items []",
      "POST /b []",
      "PUT /v1 []",
      "PUT /v3 []",
    ],
  },
  {
    name: "a switch over a value only known at run time runs every case, its registrations indexed and marked (APX217 at the value); loops over run-time data are reported",
    files: {
      "app.ts": [
        `import express from "express"; const app = express();`,
        `switch (process.env.MODE) {`,
        `  case "a": app.get("/a", (_q, r) => r.end()); break;`,
        `  case "b": { const p = "/b"; app.get(p, (_q, r) => r.end()); }`,
        `  default: app.get("/c", (_q, r) => r.end());`,
        `}`,
        `for (const k in process.env) app.get("/" + k, (_q, r) => r.end());`,
        `for (let i = 0; i < process.argv.length; i++) app.get(process.argv[i], (_q, r) => r.end());`,
        `app.get("/after", (_q, r) => r.end());`,
      ].join("\n"),
    },
    routes: [
      "GET /a [] unresolved(registration)",
      "GET /after []",
      "GET /b [] unresolved(registration)",
      "GET /c [] unresolved(registration)",
    ],
    diagnostics: ["APX217 app.ts:2", "APX210 app.ts:7", "APX210 app.ts:8"],
  },
  {
    name: "a helper that registers, called in a loop apidex does not run after another call of it ran: the unrun call is reported (APX210 at the call), in its file or one importing it",
    files: {
      "router.js": [
        `const Router = require("koa-router");`,
        `const router = new Router();`,
        `const table = JSON.parse(process.env.TABLE);`,
        `function createAction(router, path, method) {`,
        `  router[method]("/api" + path, async (ctx) => { ctx.body = 1; });`,
        `}`,
        `createAction(router, "/one", "get");`,
        `for (let ctrl in table) createAction(router, ctrl, table[ctrl]);`,
        `const known = { users: "get", teams: "post" };`,
        `for (let ctrl in known) createAction(router, "/" + ctrl, known[ctrl]);`,
        `module.exports = { router, createAction };`,
      ].join("\n"),
      "more.js": `const { router, createAction } = require("./router");\nfor (const name of process.argv) createAction(router, "/" + name, "get");\n`,
      "app.js": `const Koa = require("koa"); const { router } = require("./router"); require("./more"); const app = new Koa(); app.use(router.routes()); app.listen(3000);`,
    },
    routes: ["GET /api/one []", "GET /api/users []", "POST /api/teams []"],
    diagnostics: ["APX210 more.js:2", "APX210 router.js:8"],
  },
  {
    name: "a package's function named as a route module's (`readContract` of thirdweb beside the route `readContract(fastify)`) is no call of it: nothing is said there",
    files: {
      "package.json": JSON.stringify({ name: "engine", dependencies: { fastify: "^4.28.0", thirdweb: "^5.0.0" } }),
      "routes/read.ts": `import type { FastifyInstance } from "fastify";
export async function readContract(fastify: FastifyInstance) {
  fastify.get("/contract/read", async () => ({}));
}
`,
      "worker.ts": `import { readContract } from "thirdweb";
export async function poll(flag: boolean) {
  return flag ? await readContract({ contract: "0x0", method: "name" }) : null;
}
`,
      "server.ts": `import Fastify from "fastify";
import { readContract } from "./routes/read";
import { poll } from "./worker";
const app = Fastify();
await app.register(readContract);
for (const _ of process.argv) await readContract(app);
void poll(process.argv.length > 2);
await app.listen({ port: 3000 });
`,
    },
    routes: ["GET /contract/read []"],
    // The unrun call of the route module's own function is said; the package's same-named one is not.
    diagnostics: ["APX210 server.ts:6"],
  },
  {
    name: "both branches of an if apidex cannot decide are read, their routes and mounts marked; a name a branch assigns is unknown after it, and no property or array changes",
    files: {
      "flags.ts": `export const flags: { beta?: boolean } = JSON.parse(process.env.FLAGS ?? "{}");`,
      "app.ts": [
        `import express from "express"; import { flags } from "./flags"; const app = express(); const admin = express.Router();`,
        `let prefix = "/v1"; const opts = { base: "/x" }; const extra: string[] = [];`,
        `admin.get("/users", (q, s) => s.end());`,
        `if (flags.beta) { prefix = "/beta"; opts.base = "/y"; extra.push("/z"); app.use("/admin", admin); } else app.get("/legacy", (q, s) => s.end());`,
        `app.get(prefix + "/items", (q, s) => s.end());`,
        `app.get(opts.base, (q, s) => s.end());`,
        `for (const p of extra) app.get(p, (q, s) => s.end());`,
      ].join("\n"),
    },
    routes: [
      "GET /admin/users [] unresolved(registration)",
      "GET /items [] unresolved(path)",
      "GET /legacy [] unresolved(registration)",
      "GET /x []",
    ],
    // The branch's push is reported (APX213), the prefix it may have changed is unknown (APX201: the route is
    // indexed relative to it); the loop ran
    // over the array as it is, empty, so its registration is no miss.
    diagnostics: ["APX213 app.ts:4", "APX217 app.ts:4", "APX201 app.ts:5"],
  },
  {
    name: "a push under a run-time condition is reported only when what it adds may serve routes (a router, a class, a function, a path), not a utility's plain data",
    files: {
      "app.ts": [
        `import express from "express"; import GitHub from "auth-providers"; const app = express(); const routers: unknown[] = [];`,
        `export function uniq(items: string[]) { const out: string[] = []; for (const item of items) { if (!out.includes(item)) out.push(item); } return out; }`,
        `const providers: unknown[] = []; const slugs: string[] = [];`,
        `if (process.env.GITHUB_ID) providers.push(GitHub({ id: process.env.GITHUB_ID }));`,
        `if (process.env.EXTRA) slugs.push("misc", "other");`,
        `if (process.env.ADMIN) routers.push(express.Router());`,
        `uniq(["a", "b", "a"]); app.get("/x", (q, s) => s.end());`,
      ].join("\n"),
    },
    routes: ["GET /x []"],
    // The router pushed would serve routes, but nothing reads \`routers\`: counted in the summary (env-noise.test.ts).
    diagnostics: ["APX213 -"],
  },
  {
    name: "middleware given options named for their keys (permissions, scopes, requiredScopes) states them, in use() and route arguments",
    files: {
      "auth.ts": `import type { RequestHandler } from "express";\nexport const authorize = (options: { permissions?: string[]; scopes?: string[]; requiredScopes?: string[]; roles?: string[] }): RequestHandler => (req, res, next) => next();\n`,
      "app.ts": [
        `import express from "express"; import { authorize } from "./auth"; const app = express();`,
        `app.use("/admin", authorize({ permissions: ["admin"] }));`,
        `app.get("/admin/users", (q, s) => s.end());`,
        `app.get("/reports", authorize({ scopes: ["reports.read"], roles: ["analyst"] }), (q, s) => s.end());`,
        `app.post("/reports", [authorize({ requiredScopes: ["reports.write"] })], (q, s) => s.end());`,
        `app.get("/open", authorize({}), (q, s) => s.end());`,
      ].join("\n"),
    },
    routes: ["GET /admin/users [admin]", "GET /open []", "GET /reports [reports.read]", "POST /reports [reports.write]"],
  },
  {
    name: "middleware or a wrapped handler given options named for their keys, passed by name (a const alias, in use() and route arguments), states them",
    files: {
      "auth.ts": `import type { RequestHandler } from "express";\nexport const authorize = (options: { scopes?: string[]; roles?: string[] }): RequestHandler => (req, res, next) => next();\nexport const canRead = authorize({ scopes: ["reports.read"] });\n`,
      "app.ts": [
        `import express from "express"; import { authorize, canRead } from "./auth"; const app = express();`,
        `const withKeys = (handler: express.RequestHandler, options: { requiredPermissions?: string[] }) => handler;`,
        `const adminOnly = authorize({ scopes: ["admin"] });`,
        `const analyst = authorize({ roles: ["analyst"] });`,
        `const exportReports = withKeys((q, s) => s.end(), { requiredPermissions: ["reports.export"] });`,
        `app.use("/admin", adminOnly);`,
        `app.get("/admin/users", (q, s) => s.end());`,
        `app.get("/reports", canRead, (q, s) => s.end());`,
        `app.post("/reports/export", [analyst], exportReports);`,
      ].join("\n"),
    },
    routes: ["GET /admin/users [admin]", "GET /reports [reports.read]", "POST /reports/export [reports.export]"],
  },
  {
    name: "an empty options object given or defaulted is complete (no options); a variable made an empty object is a container filled later",
    files: {
      "app.ts": [
        `import express from "express"; const app = express();`,
        `function mount(options: { admin?: boolean } = {}) { if (options.admin) app.get("/admin", (q, s) => s.end()); app.get("/open", (q, s) => s.end()); }`,
        `mount(); mount({});`,
        `const flags: Record<string, boolean> = {};`,
        `export function enable(name: string) { flags[name] = true; }`,
        `if (flags.beta) app.get("/beta", (q, s) => s.end());`,
      ].join("\n"),
    },
    routes: ["GET /beta [] unresolved(registration)", "GET /open []"],
    diagnostics: ["APX217 app.ts:6"],
  },
  {
    name: "an HTTP client's get(path, options) in a function nothing calls is no route registration; a handler or route options with one are",
    files: {
      "app.ts": [
        `import express from "express"; import axios from "axios"; const app = express();`,
        `class Client { private readonly axios = axios.create(); docIds(baseId: string) { return this.axios.get(\`/base/\${baseId}/doc-ids\`, { headers: { cookie: "" } }); } }`,
        `function later() { app.get("/later", (q, s) => s.end()); }`,
        `function options() { app.get("/options", { handler: (q: unknown, s: { end(): void }) => s.end() }); }`,
        `app.get("/ok", (q, s) => s.end());`,
      ].join("\n"),
    },
    routes: ["GET /ok []"],
    diagnostics: ["APX210 app.ts:3", "APX210 app.ts:4"],
  },
  {
    name: "early exits (continue, break, return, throw) decided on static data run as at run time; past an undecidable one, what follows is indexed marked (served only when it does not exit), reported at the exit",
    files: {
      "app.ts": [
        `import express from "express"; const app = express();`,
        `const ENDPOINTS = [{ name: "users", enabled: true }, { name: "legacy", enabled: false }, { name: "teams", enabled: true }, { name: "stop" }, { name: "never" }];`,
        `for (const e of ENDPOINTS) { if (e.name === "stop") break; if (!e.enabled) continue; app.get("/" + e.name, (q, s) => s.end()); }`,
        `ENDPOINTS.forEach((e) => { if (!e.enabled) return; app.post("/" + e.name, (q, s) => s.end()); });`,
        `function mount(name: string) { if (name.startsWith("_")) throw new Error("private"); app.delete("/" + name, (q, s) => s.end()); }`,
        `mount("users");`,
        `for (const name of ["a", "b"]) { if (process.env[name]) continue; app.put("/" + name, (q, s) => s.end()); }`,
        `function late() { if (process.env.LATE) return; app.patch("/late", (q, s) => s.end()); }`,
        `late();`,
      ].join("\n"),
    },
    routes: [
      "DELETE /users []",
      "GET /teams []",
      "GET /users []",
      "POST /teams []",
      "POST /users []",
      "PUT /a [] unresolved(registration)",
      "PUT /b [] unresolved(registration)",
      "PATCH /late [] unresolved(registration)",
    ],
    diagnostics: ["APX216 app.ts:7", "APX216 app.ts:8"],
  },
  {
    name: "what is no early exit: a throw (the error path), a break of an inner switch or loop, a continue of an inner loop",
    files: {
      "app.ts": [
        `import express from "express"; const app = express(); let provider = "";`,
        `function start() {`,
        `  if (process.env.MODE === "single") { if (!process.env.SECRET) throw new Error("SECRET must be set"); }`,
        `  if (process.env.METRICS) { switch (process.env.PROVIDER) { case "otel": provider = "otel"; break; default: provider = "prom"; } }`,
        `  if (process.env.WARM) { for (const x of [1, 2]) { if (x === 1) continue; if (x === 2) break; } }`,
        `  app.get("/health", (q, s) => s.end());`,
        `}`,
        `start();`,
      ].join("\n"),
    },
    routes: ["GET /health []"],
  },
  {
    name: "a 2019-style loader: fs.readdirSync over a folder of JavaScript route files, require of the computed path, string tests",
    files: {
      "app.js": [
        `const express = require("express"); const fs = require("fs"); const path = require("path");`,
        `const app = express();`,
        `fs.readdirSync(path.join(__dirname, "routes")).forEach(function (file) {`,
        `  if (file.indexOf(".") === 0 || path.extname(file) !== ".js") return;`,
        `  app.use("/api/" + path.basename(file, ".js"), require("./routes/" + file));`,
        `});`,
        `module.exports = app;`,
      ].join("\n"),
      "routes/users.js": `const router = require("express").Router();\nrouter.get("/", (req, res) => res.json([]));\nmodule.exports = router;\n`,
      "routes/orders.js": `const router = require("express").Router();\nrouter.get("/:id", (req, res) => res.json({}));\nmodule.exports = router;\n`,
      // A dotfile of the folder: skipped by the loader's own test, as at run time.
      "routes/.eslintrc.js": "module.exports = { root: true };\n",
    },
    routes: ["GET /api/orders/{id} []", "GET /api/users []"],
  },
  {
    name: "a route table merged from run-time data (plugins' controllers) registers what it lists and says it may hold more",
    files: {
      "server.js": [
        `const express = require("express");`,
        `function getRoutes(registry) {`,
        `  const routes = {};`,
        `  Object.entries(registry.getAll()).forEach(([name, plugin]) => { Object.assign(routes, plugin.controllers); });`,
        `  Object.assign(routes, { "get /api/v1/ping": { controller: (req, res) => res.send("pong") } });`,
        `  return routes;`,
        `}`,
        `module.exports = function start(registry) {`,
        `  const app = express();`,
        `  const routes = getRoutes(registry);`,
        `  Object.keys(routes).forEach((key) => {`,
        `    const [method, path] = key.split(" ");`,
        `    app[method](path, routes[key].controller);`,
        `  });`,
        `  app.listen(3000);`,
        `};`,
      ].join("\n"),
    },
    routes: ["GET /api/v1/ping []"],
    diagnostics: ["APX201 server.js:13"],
  },
  {
    name: "a table given the properties of a value apidex cannot read (Object.assign, a property written in a callback of a package) is listed as open",
    files: {
      "app.js": [
        `const express = require("express"); const plugins = require("some-plugin-host");`,
        `const app = express();`,
        `const table = { "/health": (q, s) => s.end() };`,
        `Object.assign(table, plugins.routes());`,
        `const more = { "/ready": (q, s) => s.end() };`,
        `plugins.each((p) => { more[p.path] = p.handler; });`,
        `for (const path of Object.keys(table)) app.get(path, table[path]);`,
        `Object.entries(more).forEach(([path, handler]) => app.post(path, handler));`,
        `module.exports = app;`,
      ].join("\n"),
    },
    routes: ["GET /health []", "POST /ready []"],
    diagnostics: ["APX201 app.js:7", "APX201 app.js:8"],
  },
  {
    name: "a value apidex cannot follow mounted at a path (a router a context object carries) is reported at the mount; a package's middleware is not",
    files: {
      "server.js": [
        `const express = require("express");`,
        `module.exports = function api(ctx) {`,
        `  const app = express();`,
        `  app.use("/static", express.static("public"));`,
        `  app.use("/properties", ctx.props);`,
        `  app.get("/status", (req, res) => res.json({}));`,
        // Middleware before a router it reads, and a choice between two middleware functions: no mount unread.
        `  const v1 = express.Router(); v1.get("/ping", (req, res) => res.json({}));`,
        `  app.use("/v1", ctx.limits.api, v1);`,
        `  const installed = (req, res, next) => next(); const setup = (req, res, next) => next();`,
        `  app.use("/installer", ctx.isInstalled ? installed : setup);`,
        `  return app;`,
        `};`,
      ].join("\n"),
    },
    routes: ["GET /status []", "GET /v1/ping []"],
    diagnostics: ["APX210 server.js:5"],
  },
  {
    name: "an app factory called through require(...)(env) by another factory that mounts it is read once, under its mount, though it comes first",
    files: {
      "api.js": `const express = require("express");\nmodule.exports = function configure(env) {\n  const app = express();\n  app.get("/version", (req, res) => res.json({}));\n  return app;\n};\n`,
      "main.js": `const express = require("express");\nmodule.exports = function create(env) {\n  const app = express();\n  app.use("/api/v3", require("./api")(env));\n  return app;\n};\n`,
    },
    routes: ["GET /api/v3/version []"],
    diagnostics: [],
  },
  {
    name: "a route table of static entries only (merged with Object.assign) is complete: no warning",
    files: {
      "app.js": [
        `const express = require("express");`,
        `const app = express();`,
        `const table = Object.assign({}, { "/a": (q, s) => s.end() }, { "/b": (q, s) => s.end() });`,
        `const seen = {};`,
        `[1, 2].forEach((n) => { seen[n] = true; });`,
        `Object.keys(table).forEach((path) => app.get(path, table[path]));`,
        `Object.keys(seen).forEach((n) => app.get("/n/" + n, (q, s) => s.end()));`,
        `module.exports = app;`,
      ].join("\n"),
    },
    routes: ["GET /a []", "GET /b []", "GET /n/1 []", "GET /n/2 []"],
    diagnostics: [],
  },
  {
    name: "fs.readdirSync of a folder of TypeScript sources is not read (it runs compiled, under other names): reported",
    files: {
      "app.ts": [
        `import express from "express"; import fs from "node:fs"; import path from "node:path";`,
        `const app = express();`,
        `for (const file of fs.readdirSync(path.join(__dirname, "routes"))) app.use("/" + file.replace(/\\.js$/, ""), require("./routes/" + file));`,
      ].join("\n"),
      "routes/users.ts": `import { Router } from "express"; const router = Router(); router.get("/", (q, s) => s.end()); export = router;`,
    },
    routes: [],
    diagnostics: ["APX210 app.ts:3", "APX211 routes/users.ts:1"],
  },
  {
    name: "a regular-expression path (left out) and an Express 4 unnamed wildcard (a named catch-all)",
    files: {
      "app.ts": `import express from "express"; const app = express();\napp.get(/^\\/re/, (q, s) => s.end());\napp.get("/files/*", (q, s) => s.end());\napp.get("/*", (q, s) => s.end());\napp.get("/files/:type/*", (q, s) => s.end());`,
    },
    routes: ["GET /files/{wildcard} []", "GET /{wildcard} []", "GET /files/{type}/{wildcard} []"],
    diagnostics: ["APX203 app.ts:2", "APX205 app.ts:3", "APX205 app.ts:4", "APX205 app.ts:5"],
  },
  {
    name: "the same method and path registered twice: the first is the operation",
    files: {
      "app.ts": `import express from "express"; import { requirePermission } from "./auth"; const app = express();\napp.get("/dup", requirePermission("first"), (q, s) => s.end());\napp.get("/dup", requirePermission("second"), (q, s) => s.end());`,
      "auth.ts": AUTH,
    },
    routes: ["GET /dup [first]"],
    diagnostics: ["APX403 app.ts:3"],
  },
  {
    name: "a wrapper whose handler calls a service it was given with the request's parts and passes on (json-server's withBody(service.create.bind(service))) is a gate: the later use() answers, with the wrapper's keys",
    files: {
      "auth.ts": AUTH,
      "app.ts": [
        `import express from "express"; import { requirePermission } from "./auth";`,
        `class Service { create(name: string, body: unknown) { return { name, body }; } }`,
        `function withBody(action: (name: string, body: unknown) => unknown) {`,
        `  return async (req: any, res: any, next: any) => {`,
        `    requirePermission(req, "items.write");`,
        `    res.locals.data = await action(req.params.name, req.body);`,
        `    next?.();`,
        `  };`,
        `}`,
        `const service = new Service(); const app = express();`,
        `app.post("/:name", withBody(service.create.bind(service)));`,
        `app.use("/:name", (req, res) => { res.json(res.locals.data); });`,
      ].join("\n"),
    },
    routes: [
      "DELETE /{name} []",
      "GET /{name} []",
      "HEAD /{name} []",
      "OPTIONS /{name} []",
      "PATCH /{name} []",
      "POST /{name} [items.write]",
      "PUT /{name} []",
    ],
  },
  {
    name: "a function written for the route that a wrapper calls with a context it builds (route builders: withContext(async ({ req }) => ...)) stays the route's handler, its checks the route's",
    files: {
      "auth.ts": AUTH,
      "app.ts": [
        `import express from "express"; import { requirePermission } from "./auth";`,
        `function withContext(handler: (ctx: { req: any; res: any }) => Promise<unknown>) {`,
        `  return async (req: any, res: any) => { res.json(await handler({ req, res })); };`,
        `}`,
        `const app = express();`,
        `app.post("/reports", withContext(async ({ req }) => { requirePermission(req, "reports.write"); return {}; }));`,
      ].join("\n"),
    },
    routes: ["POST /reports [reports.write]"],
  },
  {
    name: "two operations with the same explicit id, and an invalid @effect",
    files: {
      "app.ts": `import express from "express"; const app = express();\n/** A\n * @operationId same */\napp.get("/a", (q, s) => s.end());\n/** B\n * @operationId same\n * @effect destroy */\napp.get("/b", (q, s) => s.end());`,
    },
    routes: ["GET /a []", "GET /b []"],
    diagnostics: ["APX404 app.ts:7", "APX401 app.ts:8"],
  },
  {
    name: "a syntax error is reported and the rest of the project is still analysed",
    files: {
      "broken.ts": `export const = ;`,
      "app.ts": `import express from "express"; const app = express(); app.get("/still", (q, s) => s.end());`,
    },
    routes: ["GET /still []"],
    diagnostics: ["APX100 broken.ts:1"],
  },
  {
    name: "methods a project adds to its routers (router.getAsync = (path, ...handlers) => router.get(path, ...wrapLast(handlers))) run when its routes call them, the handlers copied and the last one wrapped",
    files: {
      "auth.ts": AUTH,
      "lib/async-router.js": [
        `const express = require("express");`,
        `function wrapLast(handlers) {`,
        `  const copy = handlers.slice();`,
        `  const last = copy[copy.length - 1];`,
        `  copy[copy.length - 1] = (req, res, next) => last(req, res, next).catch(next);`,
        `  return copy;`,
        `}`,
        `function create() {`,
        `  const router = express.Router();`,
        `  router.getAsync = (path, ...handlers) => router.get(path, ...wrapLast(handlers));`,
        `  router.postAsync = (path, ...handlers) => router.post(path, ...wrapLast(handlers));`,
        `  return router;`,
        `}`,
        `module.exports = { create };`,
      ].join("\n"),
      "routes/lists.js": [
        `const { requirePermission } = require("../auth");`,
        `const router = require("../lib/async-router").create();`,
        `router.getAsync("/lists", requirePermission("lists:read"), async (req, res) => res.json([]));`,
        `router.postAsync("/lists/:id/subscribe", requirePermission("lists:write"), async (req, res) => res.end());`,
        `module.exports = router;`,
      ].join("\n"),
      "app.js": `const express = require("express");\nconst app = express();\napp.use("/api", require("./routes/lists"));\napp.listen(3000);\n`,
    },
    routes: ["GET /api/lists [lists:read]", "POST /api/lists/{id}/subscribe [lists:write]"],
    diagnostics: [],
  },
  {
    name: "a package's middleware registered alone at a method and path (a rate limiter) gates the route the sources register there after it, which is the operation; alone, a package's handler stays the operation",
    files: {
      "auth.ts": AUTH,
      "app.ts": [
        `import express from "express";`,
        `import rateLimit from "express-rate-limit";`,
        `import { requirePermission } from "./auth";`,
        `const app = express();`,
        `const apiLimiter = rateLimit({ windowMs: 60_000, limit: 10 });`,
        `app.post("/", apiLimiter);`,
        `app.post("/", requirePermission("media:fetch"), (req, res) => res.json({}));`,
        `app.get("/files", express.static("public"));`,
        `app.listen(3000);`,
      ].join("\n"),
    },
    routes: ["GET /files []", "POST / [media:fetch]"],
    diagnostics: [],
  },
  {
    name: "a file in syntax the parser does not know (Babel's :: bind operator, used three times) is said once, at its first error",
    files: {
      "client/Form.js": [
        `export class Form {`,
        `  render() { return [::this.save, ::this.cancel]; }`,
        `  later() { return ::this.reset; }`,
        `}`,
      ].join("\n"),
      "app.ts": `import express from "express"; const app = express(); app.get("/still", (q, s) => s.end());`,
    },
    routes: ["GET /still []"],
    diagnostics: ["APX100 client/Form.js:2"],
  },
  {
    name: "octal escapes and literals are valid in a sloppy-mode CommonJS script, and a syntax error in a strict one or a module",
    files: {
      "lib/logger.js": `var colours = { in: '\\033[32m<--\\033[39m', mode: 0755, day: 08 };\nmodule.exports = colours;\n`,
      "lib/strict.js": `"use strict";\nvar colours = { in: '\\033[32m' };\nmodule.exports = colours;\n`,
      "lib/module.js": `export const colours = { in: '\\033[32m' };\n`,
      "app.js": `const express = require("express"); const app = express(); app.get("/still", (q, s) => s.end());`,
    },
    routes: ["GET /still []"],
    diagnostics: ["APX100 lib/module.js:1", "APX100 lib/strict.js:2"],
  },
  {
    name: "a router that is never mounted is a warning",
    files: {
      "orphan.ts": `import { Router } from "express";\nexport const orphan = Router();\norphan.get("/lost", (q, s) => s.end());`,
      "app.ts": `import express from "express"; const app = express();`,
    },
    routes: [],
    diagnostics: ["APX211 orphan.ts:2"],
  },
  {
    name: "circular imports end, and the routes on both sides are read",
    files: {
      "a.ts": `import { Router } from "express"; import { KEY_B } from "./b"; export const KEY_A = "a.read"; export const ra = Router(); ra.get("/a", requirePermission(KEY_B), (q, s) => s.end());\nimport { requirePermission } from "./auth";`,
      "b.ts": `import { Router } from "express"; import { KEY_A, ra } from "./a"; export const KEY_B = "b.read"; export const rb = Router(); rb.get("/b", requirePermission(KEY_A), (q, s) => s.end()); rb.use("/inner", ra);\nimport { requirePermission } from "./auth";`,
      "auth.ts": AUTH,
      "app.ts": `import express from "express"; import { rb } from "./b"; const app = express(); app.use("/x", rb);`,
    },
    routes: ["GET /x/b [a.read]", "GET /x/inner/a [b.read]"],
  },
  {
    name: "an import of a file that does not exist is reported even when unused; assets a bundler answers and imports of types only (generated ones, also a plain import whose names are used as types only) are not",
    files: {
      "app.ts": `import express from "express";\nimport { nothing } from "./moved-away";\nimport "./styles.module.css";\nimport logo from "./logo.svg?url";\nimport version from "./version.js";\nimport { type Route } from "./+types/root";\nimport type { Info } from "./+types/info";\nexport { type Shape } from "./+types/shape";\nimport { type Mixed, mixed } from "./+types/mixed";\nimport { LayoutLoad } from "./$types";\nimport { Params, parse } from "./$params";\nconst app = express(); app.get("/x", (q, s) => s.end());\nexport const load: LayoutLoad = () => ({});\nexport const read = (p: Params) => parse(p);\nimport gone = require("./gone");\nimport type shape = require("./shape");`,
    },
    routes: ["GET /x []"],
    // `LayoutLoad` is used as a type only (TypeScript drops the import); `parse` is a value.
    diagnostics: ["APX110 app.ts:2", "APX110 app.ts:5", "APX110 app.ts:9", "APX110 app.ts:11", "APX110 app.ts:15"],
  },
  {
    name: "a router mounted inside itself",
    files: {
      "app.ts": `import express, { Router } from "express"; const r = Router(); r.get("/x", (q, s) => s.end());\nr.use("/again", r);\nconst app = express(); app.use("/r", r);`,
    },
    routes: ["GET /r/x []"],
    diagnostics: ["APX212 app.ts:2"],
  },
];

describe.each([
  ["Express patterns", patterns],
  ["permission styles", permissionStyles],
  ["closed routes", closedRoutes],
  ["diagnostics", negatives],
])("%s", (_group, cases) => {
  it.each(cases.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    const result = await generateFrom(c.files, {
      ...(c.closed ? { closed: c.closed } : {}),
      ...(c.permissionCalls ? { permissionCalls: c.permissionCalls, permissionCallsByName: false } : {}),
      ...c.config,
    });
    expect(routeLines(result)).toEqual([...c.routes].sort());
    expect(diagnosticLines(result)).toEqual(c.diagnostics ?? []);
  });
});

describe("diagnostic messages", () => {
  it("name separate apps once (APX412), and a path two of them serve as separate servers', not as registered twice", async () => {
    const result = await generateFrom({
      "app.ts": `import express from "express";\nconst app = express();\napp.get("/health", (q, s) => s.end());\napp.get("/users", (q, s) => s.end());\napp.listen(3000);`,
      "metrics.ts": `import express from "express";\nconst metrics = express();\nmetrics.get("/health", (q, s) => s.end());\nmetrics.get("/metrics", (q, s) => s.end());\nmetrics.listen(9100);`,
    });
    expect(routeLines(result)).toEqual(["GET /health []", "GET /metrics []", "GET /users []"]);
    const apps = result.diagnostics.items.find((d) => d.code === "APX412")!;
    expect(apps.message).toBe(
      "2 apps of this project serve routes and none is mounted on another (separate servers, or a service and its tools): apidex indexes their routes together, as one service at one base URL.",
    );
    expect(apps.related?.map((r) => `${r.message} ${r.site.file.replace("/project/", "")}:${r.site.line}`)).toEqual([
      "an app with 2 operations app.ts:2",
      "an app with 2 operations metrics.ts:2",
    ]);
    const both = result.diagnostics.items.find((d) => d.code === "APX403")!;
    expect(both.message).toContain("is served by two apps of this project that are not mounted on one another (separate servers)");
    expect(both.site?.file).toBe("/project/metrics.ts");
    // A setup server started before the service, with fewer routes: the service's operation is the indexed one,
    // whichever registers first.
    const setup = await generateFrom({
      "setup.ts": `import express from "express";\nexport function setupServer() {\n  const setup = express();\n  setup.get("/", (q, s) => s.send("setup"));\n  setup.listen(3001);\n}`,
      "app.ts": `import express from "express";\nimport { setupServer } from "./setup";\nsetupServer();\nconst app = express();\napp.get("/", (q, s) => s.send("home"));\napp.get("/users", (q, s) => s.end());\napp.listen(3000);`,
    });
    expect(setup.operations.map((o) => `${o.method} ${o.path} ${o.site.file.replace("/project/", "")}:${o.site.line}`)).toEqual([
      "GET / app.ts:5",
      "GET /users app.ts:6",
    ]);
    const setupLeft = setup.diagnostics.items.find((d) => d.code === "APX403")!;
    expect(setupLeft.site?.file).toBe("/project/setup.ts");
    expect(setupLeft.message).toContain("that of the app with more operations");
    // One app registering a path twice is still that.
    const one = await generateFrom({
      "app.ts": `import express from "express";\nconst app = express();\napp.get("/health", (q, s) => s.end());\napp.get("/health", (q, s) => s.end());`,
    });
    expect(one.diagnostics.items.map((d) => d.code)).toEqual(["APX403"]);
    expect(one.diagnostics.items[0]!.message).toContain("is registered twice");
  });

  it("name the file, the line, what is wrong and how to fix it", async () => {
    const result = await generateFrom({
      "auth.ts": AUTH,
      "app.ts": `import express from "express"; import { requirePermission } from "./auth"; const app = express();\napp.get("/x", requirePermission(process.env.P as string), (q, s) => s.end());`,
    });
    const [d] = result.diagnostics.items;
    expect(d).toMatchObject({ severity: "warning", code: "APX301", site: { file: "/project/app.ts", line: 2, column: 33 } });
    expect(d!.message).toContain("process.env.P");
    expect(d!.hint).toMatch(/string literal/);
    expect(result.files.length).toBeGreaterThan(0); // valid code: the artifacts are written, the route marked
    expect(result.index.operations[0]).toMatchObject({ path: "/x", permissions: [] });
    expect(result.operations[0]!.unresolved).toEqual(["permissions"]);
    const strict = await generateFrom(
      {
        "auth.ts": AUTH,
        "app.ts": `import express from "express"; import { requirePermission } from "./auth"; const app = express();\napp.get("/x", requirePermission(process.env.P as string), (q, s) => s.end());`,
      },
      { strict: true },
    );
    expect(strict.diagnostics.items[0]).toMatchObject({ severity: "error", code: "APX301" });
    expect(strict.files).toEqual([]); // --strict: nothing is written while a warning remains
  });

  it("say that a name may come from generated code when a barrel re-exports a file that is not there", async () => {
    const result = await generateFrom({
      "schemas/index.ts": `export * from "./db-entries/index.js";\nexport const version = 1;`,
      "app.ts": `import express from "express"; import { Organizations } from "./schemas/index.js";\nconst app = express();\napp.get("/" + Organizations.table, (q, s) => s.end());\napp.get("/health", (q, s) => s.end());`,
    });
    expect(routeLines(result)).toEqual(["GET /health []"]);
    const path = result.diagnostics.items.find((d) => d.code === "APX201")!;
    expect(path.message).toContain(
      'refers to `Organizations`, which schemas/index.ts does not export: its `export * from "./db-entries/index.js"` names no file (code a build step writes is read once it exists: run apidex after that step)',
    );
    expect(result.diagnostics.items.find((d) => d.code === "APX110")?.site?.file).toBe("/project/schemas/index.ts");
  });

  it("say where a function holding registrations is called when that call did not run, and why", async () => {
    const result = await generateFrom({
      "beta.ts": `import type { Router } from "express";\nexport default function betaRoutes(router: Router) {\n  router.get("/beta", (q, s) => s.end());\n}`,
      "app.ts": `import express from "express"; import betaRoutes from "./beta";\nconst app = express(); const router = express.Router();\nfor (const _ of process.argv) {\n  betaRoutes(router);\n}\napp.use("/api", router);`,
      "orphan.ts": `import type { Router } from "express";\nexport function orphanRoutes(router: Router) {\n  router.get("/orphan", (q, s) => s.end());\n}`,
      "guarded.ts": `import type { Router } from "express";\nexport function guardedRoutes(router: Router) {\n  try {\n    router.get("/guarded", (q, s) => s.end());\n  } catch {\n    router.get("/fallback", (q, s) => s.end());\n  }\n}`,
    });
    const bySite = new Map(result.diagnostics.items.map((d) => [`${d.site!.file.replace("/project/", "")}:${d.site!.line}`, d]));
    const beta = bySite.get("beta.ts:3")!;
    expect(beta.code).toBe("APX210");
    expect(beta.message).toBe(
      "This route registration was not analysed: it is inside betaRoutes(), whose call apidex did not run: that call runs inside a loop over `process.argv`, which reads `process.argv`, only known at run time; apidex does not run the loop (it does not guess how often, or with what); what it registers is not indexed.",
    );
    expect(beta.related).toEqual([{ message: "betaRoutes() is called here", site: { file: "/project/app.ts", line: 4, column: 3 } }]);
    // A function nothing calls at all keeps the plain explanation.
    expect(bySite.get("orphan.ts:3")!.message).toContain("is inside a function that nothing in the analysed sources calls");
    // A try block runs as any block does: the function nothing calls is why; a catch block is a branch.
    expect(bySite.get("guarded.ts:4")!.message).toContain("is inside a function that nothing in the analysed sources calls");
    expect(bySite.get("guarded.ts:6")!.message).toContain("runs in a catch block");
  });

  it("say why a registration's receiver is no app or router, where the evaluator knows, with the site that made it so", async () => {
    const result = await generateFrom({
      "hono.ts": [
        `import { Hono } from "hono";`,
        `export function createHono(name: string) {`,
        `  let app;`,
        `  if (globalThis.navigator?.userAgent === "Deno") app = new Hono().basePath("/" + name);`,
        `  else app = new Hono();`,
        `  return app;`,
        `}`,
      ].join("\n"),
      "main.ts": `import { createHono } from "./hono";\nconst app = createHono("api");\napp.get("/ok", (c) => c.text("ok"));\nexport default app;\n`,
    });
    const d = result.diagnostics.items.find((x) => x.code === "APX210")!;
    expect(d.site).toMatchObject({ file: "/project/main.ts", line: 3 });
    expect(d.message).toBe(
      "This route registration was not analysed: it is called on a value apidex does not recognize as an app or router: `app` is `app` as one branch of a condition apidex cannot read left it; what it registers is not indexed.",
    );
    expect(d.related).toEqual([{ message: "what it is made from", site: { file: "/project/hono.ts", line: 4, column: 3 } }]);
  });

  it("name the loop over a collection filled at run time that holds a registration, also from a branch inside it (Fastify plugins in it)", async () => {
    const result = await generateFrom({
      "main.ts": `import Fastify, { type FastifyInstance } from "fastify";
const app = Fastify(); const routes = new Map<string, string[]>(); routes.set("/:bucket", ["get"]);
app.register(async (f: FastifyInstance) => {
  Array.from(routes.keys()).forEach((path) => {
    (routes.get(path) ?? []).forEach((method) => {
      f.register(async (local) => {
        local[method as "get"](path, async () => "ok");
        if (!path.endsWith("/")) local[method as "get"](path + "/", async () => "ok");
      });
    });
  });
}, { prefix: "/s3" });`,
    });
    expect(routeLines(result)).toEqual([]);
    const lines = result.diagnostics.items.map((d) => [d.code, d.site!.line, d.message, d.related?.[0]?.site.line]);
    const reason = (call: string) =>
      `This route registration was not analysed: it runs inside \`${call}(...)\`, a loop over data apidex cannot read statically (a collection filled at run time, such as a Map or Set a router class builds), which it does not run (it does not guess how often, or with what); if it registers a route, that route is not indexed.`;
    expect(lines).toEqual([
      ["APX210", 7, reason("(routes.get(path) ?? []).forEach"), 5],
      ["APX210", 8, reason("(routes.get(path) ?? []).forEach"), 5],
    ]);
  });

  it("say that the config's env decides a registration under a condition on the environment", async () => {
    const files = {
      "app.ts": [
        `import express from "express"; const app = express();`,
        `if (process.env.NODE_ENV === "development") {`,
        `  app.get("/debug", (q, s) => s.end());`,
        `}`,
        `app.get("/ok", (q, s) => s.end());`,
      ].join("\n"),
    };
    const result = await generateFrom(files);
    // Indexed, marked: served only when the branch is taken, which the environment decides.
    expect(routeLines(result)).toEqual(["GET /debug [] unresolved(registration)", "GET /ok []"]);
    const debug = result.diagnostics.items.find((d) => d.code === "APX217")!;
    expect(debug.site?.line).toBe(2);
    expect(debug.message).toBe(
      'This condition (`process.env.NODE_ENV === "development"`) cannot be read statically: the routes its branches register are indexed, their operations marked `unresolved: ["registration"]` (served only when that branch is taken).',
    );
    expect(debug.hint).toContain("`env`");
    // And the config's env decides it, as the message says.
    expect(routeLines(await generateFrom(files, { env: { NODE_ENV: "development" } }))).toEqual(["GET /debug []", "GET /ok []"]);
  });

  it("do not take an early exit of a callback for one of the function that passes it", async () => {
    const result = await generateFrom({
      "app.ts": [
        `import express from "express"; const app = express(); declare const other: any;`,
        `function logger(o: { skip: (code: number) => boolean }) { o.skip(200); return (q: unknown, s: unknown, n: () => void) => n(); }`,
        `function start() {`,
        `  app.use(logger({ skip: (code) => { if (process.env.QUIET) return true; return code < 400; } }));`,
        `  app.get("/ok", (q, s) => s.end());`,
        `  other.get("/other", (q: unknown, s: { end(): void }) => s.end());`,
        `}`,
        `start();`,
      ].join("\n"),
    });
    expect(routeLines(result)).toEqual(["GET /ok []"]);
    const other = result.diagnostics.items.find((d) => d.site?.line === 6)!;
    expect(other.code).toBe("APX210");
    expect(other.message).toContain("called on a value apidex could not resolve to an app or router");
  });
});

describe("calls that only look like registrations", () => {
  it("are not errors when the receiver is not named like an app or router", async () => {
    const result = await generateFrom({
      "client.ts": `import axios from "axios"; const api = axios.create();\nexport async function sync(ids: string[]) { return Promise.all(ids.map((id) => api.get("/users/" + id, {}))); }`,
      "server.ts": `import express from "express"; import { createServer } from "node:http"; const app = express(); app.get("/x", (q, s) => s.end());\nconst server = createServer(app);\nserver.on("error", (e) => console.error(e));\nif (process.env.DEBUG) app.use((q: any, s: any, n: any) => n());`,
    });
    expect(result.diagnostics.errors).toEqual([]);
    expect(result.index.operations.map((o) => o.path)).toEqual(["/x"]);
  });
});

describe("joining paths and permission keys", () => {
  it("joins a prefix and a path as the general rule does, fast path or not", () => {
    const reference = (prefix: string, path: string) => {
      if (!prefix || prefix === "/") return path.startsWith("/") ? path : `/${path}`;
      if (!path || path === "/") return prefix;
      return `${prefix.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`;
    };
    const part = fc.array(fc.constantFrom("/", "//", "v1", "items", ":id", "x"), { maxLength: 4 }).map((p) => p.join(""));
    fc.assert(
      fc.property(part, part, (prefix, path) => {
        expect(joinPaths(prefix, path)).toBe(reference(prefix, path));
      }),
      { seed: 5, numRuns: 3000 },
    );
  });

  it("cleans a path as the general rule does, fast path or not", () => {
    const reference = (path: string) => {
      const collapsed = `/${path}`.replace(/\/{2,}/g, "/");
      return collapsed.length > 1 ? collapsed.replace(/\/+$/, "") : collapsed;
    };
    const path = fc.array(fc.constantFrom("/", "//", "v1", "{id}", "x"), { maxLength: 5 }).map((p) => p.join(""));
    fc.assert(
      fc.property(path, (p) => {
        expect(cleanPath(p)).toBe(reference(p));
      }),
      { seed: 5, numRuns: 3000 },
    );
  });

  it("merges inherited and own keys, each once, sorted", () => {
    const keys = fc.array(fc.constantFrom("a.read", "a.write", "B.read", "b.read", "a", "é.read"), { maxLength: 4 });
    fc.assert(
      fc.property(keys, keys, (a, b) => {
        const before = [[...a], [...b]];
        expect(uniqueSorted(a, b)).toEqual([...new Set([...a, ...b])].sort());
        expect([a, b]).toEqual(before); // the inputs are left alone
      }),
      { seed: 5, numRuns: 3000 },
    );
  });
});

describe("Express path syntax", () => {
  it.each([
    // [raw, Express/Koa/Nest (path-to-regexp), Fastify (find-my-way)] as `path wildcard? adjacent?`
    ["/public/:storageKey(*)", "/public/{storageKey} wildcard", "/public/{storageKey}"],
    ["/f/:key(.*)", "/f/{key} wildcard", "/f/{key}"],
    ["/f/:key(^[\\w/]+$)", "/f/{key} wildcard", "/f/{key}"],
    ["/x/:id(\\d+)", "/x/{id}", "/x/{id}"],
    ["/files/:path*", "/files/{path} wildcard", "/files/{path}"],
    ["/:tableId(\\d+):ordinalPosition", "/{tableId}{ordinalPosition} adjacent", "/{tableId}{ordinalPosition} adjacent"],
    ["/:tableId(^\\d+):ordinalPosition", "/{tableId}{ordinalPosition} adjacent", "/{tableId}{ordinalPosition} adjacent"],
    ["/:a:b", "/{a}{b} adjacent", "/{a}{b} adjacent"],
    ["/:lat-:lng", "/{lat}-{lng}", "/{lat}-{lng}"],
    // An Express 4 group that matches a few literal strings is those strings (OData's `$metadata`).
    ["/odata.svc/([$])metadata", "/odata.svc/$metadata", "/odata.svc/$metadata"],
    ["/a(b|c)?/d", "/a/d, /ab/d, /ac/d", "/a/d, /ab/d, /ac/d"],
    [
      "/x/(\\d+)",
      "the character `(` at position 3, a pattern OpenAPI paths cannot express",
      "the character `(` at position 3, a pattern OpenAPI paths cannot express",
    ],
  ])(
    "%s: a pattern that matches a slash is a catch-all where the router lets it span segments; adjacent parameters are marked",
    (raw, express, fastify) => {
      const shape = (result: ReturnType<typeof expressToOpenApi>) =>
        result.ok
          ? result.variants
              .map((v) => [v.path, v.wildcard ? "wildcard" : "", v.adjacent ? "adjacent" : ""].filter(Boolean).join(" "))
              .join(", ")
          : result.problem;
      expect(shape(expressToOpenApi(raw))).toBe(express);
      expect(shape(fastifyToOpenApi(raw))).toBe(fastify);
    },
  );

  it("reads consecutive Express 4 optional parameters as path-to-regexp 0.1 fills them, from the left: one path per shape", async () => {
    const { createRequire } = await import("node:module");
    const express4 = createRequire(import.meta.url).resolve("express4/package.json");
    const pathToRegexp = createRequire(express4)("path-to-regexp") as (path: string, keys: { name: string }[], options: object) => RegExp;
    for (const raw of ["/page/:title/:revision?/:tid?", "/:package/:_rev?/:revision?", "/a/:x?/:y?/:z?", "/f/:name.:ext?/:v?"]) {
      const result = expressToOpenApi(raw);
      if (!result.ok) throw new Error(result.problem);
      const shapeOf = (path: string) => path.replace(/\{[^}]+\}/g, "{}");
      // No two indexed paths match the same requests (OpenAPI: no-identical-paths).
      expect(new Set(result.variants.map((v) => shapeOf(v.path))).size).toBe(result.variants.length);
      const keys: { name: string }[] = [];
      const real = pathToRegexp(raw, keys, { sensitive: false, strict: false, end: true });
      // For each indexed path, a request of its shape matches the real expression and fills exactly its parameters.
      for (const variant of result.variants) {
        const url = variant.path.replace(/\{([^}]+)\}/g, (_, name: string) => `v-${name}`);
        const match = real.exec(url);
        expect(match, `${raw}: ${url}`).not.toBeNull();
        const filled = keys.filter((_, i) => match![i + 1] !== undefined).map((k) => k.name);
        expect(filled, `${raw}: ${url}`).toEqual(variant.params);
      }
    }
  });

  it("reads Express 4's `(/*)` group (optional with `?`) as the path below it, as path-to-regexp 0.1 matches it", async () => {
    const { createRequire } = await import("node:module");
    const express4 = createRequire(import.meta.url).resolve("express4/package.json");
    const pathToRegexp = createRequire(express4)("path-to-regexp") as (path: string, keys: unknown[], options: object) => RegExp;
    const cases: [string, string[]][] = [
      ["/v1/subscriptions(/*)?", ["/v1/subscriptions", "/v1/subscriptions/{wildcard}"]],
      ["/v1/files(/*)", ["/v1/files/{wildcard}"]],
    ];
    for (const [raw, paths] of cases) {
      const result = expressToOpenApi(raw);
      expect(result.ok && result.variants.map((v) => v.path)).toEqual(paths);
      const real = pathToRegexp(raw, [], { sensitive: false, strict: false, end: true });
      // Every request an indexed path describes matches, and what matches is described by one of them.
      const described = (url: string) => paths.some((p) => new RegExp(`^${p.replace("{wildcard}", ".+")}/?$`).test(url));
      for (const url of [
        "/v1/subscriptions",
        "/v1/subscriptions/",
        "/v1/subscriptions/a",
        "/v1/subscriptions/a/b",
        "/v1/subscriptionsx",
        "/v1/files",
        "/v1/files/a/b",
      ])
        if (url.startsWith(raw.slice(0, raw.indexOf("(")))) expect([url, real.test(url)]).toEqual([url, described(url)]);
    }
  });

  it("reads an unnamed capture group of a Koa router's path as the numbered parameter path-to-regexp 1.x and 6.x make of it, checked against both", async () => {
    const { createRequire } = await import("node:module");
    const from = (pkg: string) => createRequire(createRequire(import.meta.url).resolve(`${pkg}/package.json`))("path-to-regexp");
    // Egg's router (koa-router 7) holds 1.x, koa-route 6.x.
    const v1 = from("@eggjs/router") as (path: string, keys: { name: string | number }[]) => RegExp;
    const v6 = from("koa-route") as { pathToRegexp: (path: string, keys: { name: string | number }[]) => RegExp };
    // [raw, the OpenAPI path, a value for each parameter in order]
    const cases: [string, string, string[]][] = [
      ["/v([1-9]\\d*)/attachments", "/v{param}/attachments", ["2"]],
      ["/items/(\\d+)/notes/:note", "/items/{param}/notes/{note}", ["7", "n1"]],
      ["/(\\w+)/(\\d+)", "/{param}/{param2}", ["abc", "12"]],
      // A name the path already uses is skipped.
      ["/:param/(\\d+)", "/{param}/{param2}", ["x", "5"]],
    ];
    for (const [raw, openapi, values] of cases) {
      const parsed = koaToOpenApi(raw);
      if (!parsed.ok) throw new Error(parsed.problem);
      expect([raw, parsed.variants.map((v) => v.path)]).toEqual([raw, [openapi]]);
      let i = 0;
      const url = openapi.replace(/\{[^}]+\}/g, () => values[i++]!);
      for (const [router, re] of [
        ["1.x", (keys: { name: string | number }[]) => v1(raw, keys)],
        ["6.x", (keys: { name: string | number }[]) => v6.pathToRegexp(raw, keys)],
      ] as const) {
        const keys: { name: string | number }[] = [];
        const match = re(keys).exec(url);
        // The router matches the path the index gives, with as many parameters, its numbered ones where the groups are.
        expect([raw, router, match?.slice(1)]).toEqual([raw, router, values]);
        expect([raw, router, keys.length]).toEqual([raw, router, parsed.variants[0]!.params.length]);
      }
    }
    // Express's paths keep refusing the group (path-to-regexp 0.1 makes it a pattern, no parameter; 8.x refuses it).
    expect(expressToOpenApi("/v([1-9]\\d*)/x").ok).toBe(false);
  });

  it("agrees with Fastify's own router (find-my-way): a parameter spans segments only where the index says so", async () => {
    const { default: Fastify } = await import("fastify");
    const raws = ["/a/:key(.*)", "/b/:key(^[\\w/]+$)", "/c/:id(\\d+)", "/d/:path*", "/e/*"];
    const app = Fastify();
    for (const raw of raws) app.get(raw, async () => "ok");
    await app.ready();
    for (const raw of raws) {
      const parsed = fastifyToOpenApi(raw);
      if (!parsed.ok) throw new Error(parsed.problem);
      const variant = parsed.variants[0]!;
      // The last parameter given a value across two segments: answered only by a catch-all.
      const url = variant.path.replace(/\{[^}]+\}$/, "1/2");
      const answered = (await app.inject({ url })).statusCode === 200;
      expect([raw, answered]).toEqual([raw, variant.wildcard]);
      expect([raw, (await app.inject({ url: variant.path.replace(/\{[^}]+\}$/, "1") })).statusCode]).toEqual([raw, 200]);
    }
    await app.close();
  });

  it("takes the fast path for plain paths and always agrees with the full parser", () => {
    expect(expressToOpenApi("/v1/items/:item_id/notes/:note_id")).toEqual({
      ok: true,
      variants: [{ path: "/v1/items/{item_id}/notes/{note_id}", params: ["item_id", "note_id"], wildcard: false, plain: true }],
    });
    const pieces = [
      "/",
      "a",
      "-",
      ".",
      "//",
      ":id",
      ":x?",
      ".:ext?",
      "/:f?",
      "{",
      "}",
      "*rest",
      "\\(",
      ":n(\\d+)",
      "(",
      "?",
      ':"q"',
      "/items",
      "{/:opt}",
      ":1",
      "::",
      ":a:b",
      ":$x",
      "+",
      "[",
      "]",
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 8 }), (parts) => {
        const raw = parts.join("");
        expect(expressToOpenApi(raw), raw).toEqual(parsePath(raw));
      }),
      { seed: 7, numRuns: 5000 },
    );
  });

  it("joins two paths the fast path took as the full parser reads them joined (flattenApp's shortcut)", () => {
    const pieces = ["/", "a", "-", ".", "//", ":id", ":x", ":x?", "*rest", "/items", "{/:opt}", ":$x", "(", ":", "v1", "/:id/notes"];
    const part = fc.array(fc.constantFrom(...pieces), { maxLength: 5 }).map((p) => p.join(""));
    let joinedFast = 0;
    fc.assert(
      fc.property(part, part, (prefix, own) => {
        const a = simplePath(prefix);
        const b = simplePath(own);
        const full = expressToOpenApi(joinPaths(prefix, own));
        if (!a?.ok || !b?.ok) return;
        const [pa, pb] = [a.variants[0]!, b.variants[0]!];
        if (pa.params.some((name) => pb.params.includes(name))) {
          // flattenApp parses these in full: the joined path names a parameter twice, an error.
          expect(full.ok, `${prefix} + ${own}`).toBe(false);
          return;
        }
        joinedFast++;
        const path = pa.path === "/" ? pb.path : pb.path === "/" ? pa.path : pa.path + pb.path;
        expect(
          { ok: true, variants: [{ path, params: [...pa.params, ...pb.params], wildcard: false, plain: true }] },
          `${prefix} + ${own}`,
        ).toEqual(full);
      }),
      { seed: 11, numRuns: 5000 },
    );
    // The property is not won by skipping every case (adjacent parameters, `:id:x`, take the full parser).
    expect(joinedFast).toBeGreaterThan(900);
  });

  it("flattens a service the same with the fast path as without it", () => {
    const routes = Array.from(
      { length: 12 },
      (_, i) => `r.get("/${i % 3 ? ":id" : ""}/x${i}", h); r.post("/", h); r.all("/:key/*rest", h); r.get("/:id/:id", h);`,
    ).join("\n");
    const sources = {
      "app.ts": `import express, { Router } from "express";\nconst h = (q: unknown, s: unknown) => {};\nconst r = Router();\n${routes}\nconst n = Router({ mergeParams: true });\nn.use((q: unknown, s: unknown, next: () => void) => next());\nn.get("/:id", h);\nn.get("{/:opt}", h);\nr.use("/:id/notes", n);\nconst app = express();\napp.use("/v1/things/", r);\napp.use("/v2/:org", r);\napp.use("/:id", r);\napp.use("/files/*path", r);\n`,
    };
    // The router graph the Express adapter builds, flattened with and without the shortcut.
    const graph = () => {
      const bag = new DiagnosticBag();
      const host = new ExpressHost(bag);
      const interpreter = new Interpreter(sourceSetFromMemory(sources, MEMORY_ROOT), bag, { permissionCalls: ["requirePermission"] }, host);
      host.interpreter = interpreter;
      interpreter.executeAll();
      interpreter.finishChecks();
      return { bag, apps: host.routers.filter((r) => r.kind === "app") };
    };
    const slow = graph();
    const fast = graph();
    const slowFacts = slow.apps.flatMap((app) => flattenApp(app, slow.bag, "express", expressToOpenApi));
    const fastFacts = fast.apps.flatMap((app) => flattenApp(app, fast.bag, "express", expressToOpenApi, simplePath));
    expect(slowFacts.length).toBeGreaterThan(100);
    const plain = (facts: typeof slowFacts) => facts.map((f) => ({ ...f, handler: f.handler?.pos, registration: f.registration?.pos }));
    expect(plain(fastFacts)).toEqual(plain(slowFacts));
    const lines = (bag: DiagnosticBag) => bag.items.map((d) => `${d.code} ${d.site?.line} ${d.message}`);
    expect(lines(fast.bag)).toEqual(lines(slow.bag));
    expect(lines(slow.bag).some((l) => l.startsWith("APX204"))).toBe(true); // a parameter named twice, reported either way
    expect(lines(slow.bag).some((l) => l.startsWith("APX205"))).toBe(true); // a wildcard, reported either way
  });
});

describe("routes of one path shape with other parameter names", () => {
  // [first registered, second registered]: Express 4 runs the first that matches; the second is an operation of
  // its own only where some request reaches it (a pattern the first's parameter has, a catch-all of the second).
  const pairs: [string, string][] = [
    ["/u/:id", "/u/:name"],
    ["/u/:id/keys/:keyId", "/u/:userId/keys/:key"],
    ["/f/:name.:ext", "/f/:base.:type"],
    ["/n/:id(\\d+)", "/n/:slug"],
    ["/w/:id", "/w/*"],
    ["/o/:a/:b?", "/o/:c"],
  ];

  it("index the second exactly when Express 4 answers some request with it", async () => {
    const { default: express4 } = (await import("express4" as string)) as { default: () => import("express").Express };
    for (const [first, second] of pairs) {
      const result = await generateFrom({
        "package.json": JSON.stringify({ dependencies: { express: "4.21.2" } }),
        "app.ts": [
          `import express from "express";`,
          `const app = express();`,
          `app.get(${JSON.stringify(first)}, (req, res) => { res.send("first"); });`,
          `app.get(${JSON.stringify(second)}, (req, res) => { res.send("second"); });`,
          `app.listen(3000);`,
        ].join("\n"),
      });
      const paths = result.operations.map((op) => op.path);
      const secondPaths = paths.filter(
        (p) => !(expressToOpenApi(first) as { variants: { path: string }[] }).variants.some((v) => v.path === p),
      );
      // The requests the second's paths stand for: each parameter one segment, and the last one two (a catch-all).
      const parsed = expressToOpenApi(second);
      if (!parsed.ok) throw new Error(parsed.problem);
      const urls = parsed.variants.flatMap((v) => [
        v.path.replace(/\{[^}]+\}/g, "abc"),
        v.path.replace(/\{[^}]+\}$/, "abc/def").replace(/\{[^}]+\}/g, "abc"),
      ]);
      const app = express4();
      app.get(first, (_req, res) => void res.send("first"));
      app.get(second, (_req, res) => void res.send("second"));
      const server = app.listen(0, "127.0.0.1");
      await new Promise((done) => server.once("listening", done));
      const { port } = server.address() as import("node:net").AddressInfo;
      let reached = false;
      for (const url of urls) if ((await (await fetch(`http://127.0.0.1:${port}${url}`)).text()) === "second") reached = true;
      server.close();
      expect([first, second, secondPaths.length > 0]).toEqual([first, second, reached]);
      expect([first, second, diagnosticLines(result).includes("APX403 app.ts:4")]).toEqual([first, second, !reached]);
    }
  });

  it("say which route the shadowed one matches; the document describes one of two that both answer (APX413)", async () => {
    const result = await generateFrom(
      {
        "package.json": JSON.stringify({ dependencies: { express: "4.21.2" } }),
        "app.ts": [
          `import express from "express";`,
          `const app = express();`,
          `/** Get a user by id */`,
          `app.get("/users/:id", (req, res) => { res.json({ id: 1 }); });`,
          `/** Get a user by name */`,
          `app.get("/users/:userName", (req, res) => { res.json({ name: "x" }); });`,
          `/** Get an item by number */`,
          `app.get("/items/:id(\\d+)", (req, res) => { res.json({ id: 1 }); });`,
          `/** Get an item by slug */`,
          `app.get("/items/:slug", (req, res) => { res.json({ slug: "x" }); });`,
          `app.listen(3000);`,
        ].join("\n"),
      },
      { documented: ["/**"] },
    );
    expect(routeLines(result)).toEqual(["GET /items/{id} []", "GET /items/{slug} []", "GET /users/{id} []"]);
    const shadowed = result.diagnostics.items.find((d) => d.code === "APX403")!;
    expect(shadowed.message).toContain("GET /users/{userName} matches the same requests as GET /users/{id}");
    expect(shadowed.site?.line).toBe(6);
    const clash = result.diagnostics.items.find((d) => d.code === "APX413")!;
    expect(clash.site?.line).toBe(10);
    expect(clash.related?.[0]?.site.line).toBe(8);
    // One GET per template, each the route registered first, and its own summary.
    expect(Object.keys(result.openapi.paths ?? {})).toEqual(["/items/{id}", "/users/{id}"]);
    expect(result.openapi.paths?.["/items/{id}"]?.get?.summary).toBe("Get an item by number");
    expect(result.openapi.paths?.["/users/{id}"]?.get?.summary).toBe("Get a user by id");
    expect(result.index.operations.find((op) => op.path === "/items/{slug}")?.documented).toBe(false);
  });
});

describe("a broken import of a Prisma client", () => {
  it("says the client is what prisma generate writes, and how to read its types", async () => {
    const result = await generateFrom({
      "src/prisma/prisma.service.ts": `import { PrismaClient } from "../../prisma/generated-prisma-client";\nexport const prisma = new PrismaClient();\n`,
      "src/app.ts": `import express from "express";\nimport { prisma } from "./prisma/prisma.service";\nimport { gone } from "./gone";\nconst app = express();\napp.get("/health", (q, s) => s.json({ ok: Boolean(prisma) && gone }));\napp.listen(3000);\n`,
    });
    const broken = result.diagnostics.items.filter((d) => d.code === "APX110");
    expect(broken.map((d) => [d.message, d.hint])).toEqual([
      [
        "Cannot resolve the import './gone' from this file.",
        "Fix the path (or the tsconfig's paths); routes and keys behind it cannot be read.",
      ],
      [
        "Cannot resolve the import '../../prisma/generated-prisma-client' from this file: it names a Prisma client, which `prisma generate` writes (the checkout lacks it).",
        "Run `prisma generate` before apidex to read the client's types; its enums are read from the Prisma schema either way.",
      ],
    ]);
  });
});

describe("where an unreached registration's function is called", () => {
  it("names only calls that may be of it: a static method's on its class, not another class's method of the same name", async () => {
    const result = await generateFrom({
      "plugin.ts": [
        `import express from "express";`,
        `function createHandler(app: express.Express) {`,
        `  app.get("/dashboard", (req, res) => res.end());`,
        `}`,
        `export class DashboardPlugin {`,
        `  static configure(app: express.Express) {`,
        `    createHandler(app);`,
        `    return DashboardPlugin;`,
        `  }`,
        `}`,
      ].join("\n"),
      "web/list.component.ts": [
        `export class ListComponent {`,
        `  private readonly data = { configure: (n: number) => n };`,
        `  configure() { return this.data.configure(1); }`,
        `  init() { this.configure(); }`,
        `}`,
      ].join("\n"),
      "app.ts": `import express from "express";\nconst app = express();\napp.get("/health", (q, s) => s.end());\napp.listen(3000);\n`,
    });
    const warning = result.diagnostics.items.find((d) => d.code === "APX210" && d.site?.file.endsWith("plugin.ts"));
    expect(warning?.site?.line).toBe(3);
    expect((warning?.related ?? []).map((r) => r.site.file.replace("/project/", ""))).not.toContain("web/list.component.ts");
  });
});

describe("a project without a supported framework", () => {
  it("says so (APX001), counting the files that could register routes among those read, and still writes artifacts", () => {
    const root = mkdtempSync(path.join(tmpdir(), "apidex-noframework-"));
    writeFileSync(path.join(root, "util.ts"), "export const double = (n: number) => n * 2;\n");
    writeFileSync(
      path.join(root, "server.ts"),
      "const app: { get(path: string, handler: () => number): void } = { get() {} };\napp.get('/x', () => 1);\n",
    );
    const run = spawnSync(process.execPath, [path.join(REPO_ROOT, "lib", "cli.cjs"), "generate", "--root", root, "--no-cache"], {
      encoding: "utf8",
    });
    expect(run.status).toBe(0);
    expect(run.stderr + run.stdout).toMatch(
      /APX001 No supported framework found in the 1 source file\(s\) that could register routes \(of 2 read\)/,
    );
    expect(existsSync(path.join(root, "dist", "operations.json"))).toBe(true);
  });

  it("names the front-end framework whose API files it reads when an app of pages only has none (SvelteKit loads and form actions)", async () => {
    const pages = await generateFrom({
      "package.json": JSON.stringify({ name: "web", devDependencies: { "@sveltejs/kit": "^2.52.2" } }),
      "src/routes/login/+page.server.js": [
        `import { fail, redirect } from "@sveltejs/kit";`,
        `export async function load({ locals }) { if (locals.user) redirect(307, "/"); }`,
        `export const actions = { default: async ({ request }) => { const data = await request.formData(); if (!data.get("email")) return fail(400, {}); redirect(307, "/"); } };`,
      ].join("\n"),
    });
    const warning = pages.diagnostics.items.find((d) => d.code === "APX001");
    expect(warning?.message).toContain(
      "The sources import SvelteKit (endpoints: `+server` files), whose API files apidex reads, but the project has none",
    );
    const plain = await generateFrom({ "util.ts": "export const double = (n: number) => n * 2;\n" });
    expect(plain.diagnostics.items.find((d) => d.code === "APX001")?.message).not.toContain("whose API files");
  });
});
