import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import type { ResolvedConfig } from "../generator/config/load-config.js";
import { compileMatcher } from "../generator/extract/file-routes/middleware-matchers.js";
import {
  appRouterPaths,
  nitroRoutePaths,
  pagesApiPaths,
  remixRoutePaths,
  svelteKitPaths,
  astroPaths,
} from "../generator/extract/file-routes/file-paths.js";
import { routerFilePath } from "../generator/extract/router-files.js";
import { diagnosticLines, generateFrom, routeLines } from "./helpers/in-memory.js";
import { REPO_ROOT } from "./helpers/repo.js";

/**
 * File-system routing beyond the App Router: configured folders of `route.ts` files with a Medusa-style
 * `middlewares.ts`, the Next.js Pages Router API, and an app served from a route file (`handle(app)`).
 * Each case is written the way such projects write it.
 */

const AUTH = `export const requirePermission = (...keys: unknown[]) => (req: unknown, res: unknown, next: () => void) => next();\nexport function assertPermission(req: unknown, key: string): void {}\nexport const requireAnyPermission = (...keys: string[]) => (req: unknown, res: unknown, next: () => void) => next();\n`;
const MEDUSA_HTTP = `import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http";\n`;

interface Case {
  name: string;
  files: Record<string, string>;
  config?: Partial<ResolvedConfig>;
  routes: string[];
  /** `CODE file:line` of every diagnostic. */
  diagnostics?: string[];
}

const API = { fileRoutes: [{ dir: "src/api" }] };

const cases: Case[] = [
  // ---------------------------------------------------------------------------------------------
  // Configured folders
  {
    name: "fileRoutes: folder paths, [param], route groups, _private folders, every export form",
    files: {
      "src/lib/auth.ts": AUTH,
      "src/api/admin/things/route.ts": `${MEDUSA_HTTP}import { assertPermission } from "../../../lib/auth";\nexport const GET = async (req: MedusaRequest, res: MedusaResponse) => {\n  assertPermission(req, "things.read");\n  res.json({ things: [] });\n};\nexport const AUTHENTICATE = true;\n`,
      "src/api/admin/things/[id]/route.ts": `${MEDUSA_HTTP}import { assertPermission } from "../../../../lib/auth";\nexport async function POST(req: MedusaRequest, res: MedusaResponse) {\n  assertPermission(req, "things.write");\n  res.json({});\n}\nconst remove = async (req: MedusaRequest, res: MedusaResponse) => { res.status(204).end(); };\nexport { remove as DELETE };\n`,
      "src/api/(internal)/health/route.ts": `export const GET = (req: unknown, res: { send(s: string): void }) => res.send("ok");\n`,
      "src/api/_helpers/route.ts": `export const GET = () => "not a route";\n`,
      "src/api/store/route-helpers.ts": `export const GET = () => "not a route file";\n`,
    },
    config: API,
    routes: ["DELETE /admin/things/{id} []", "GET /admin/things [things.read]", "GET /health []", "POST /admin/things/{id} [things.write]"],
  },
  {
    name: "fileRoutes: a prefix, catch-all and optional catch-all folders",
    files: {
      "routes/files/[...path]/route.ts": `export const GET = async () => new Response("file");\n`,
      "routes/docs/[[...slug]]/route.ts": `export async function GET() { return new Response("docs"); }\n`,
    },
    config: { fileRoutes: [{ dir: "./routes/", prefix: "/v2" }] },
    routes: ["GET /v2/docs []", "GET /v2/docs/{slug} []", "GET /v2/files/{path} []"],
    diagnostics: ["APX205 routes/docs/[[...slug]]/route.ts:1", "APX205 routes/files/[...path]/route.ts:1"],
  },
  {
    name: "fileRoutes: wrapper calls carry their checks, as in the App Router",
    files: {
      "src/lib/auth.ts": `export function withPermission(key: string, handler: (req: unknown, res: unknown) => unknown) { return handler; }\n`,
      "src/api/orders/route.ts": `import { withPermission } from "../../lib/auth";\nimport { requirePermission } from "../../lib/permissions";\nexport const POST = withPermission("orders.create", async (req, res) => {});\nexport const GET = [requirePermission("orders.read"), async (req: unknown, res: unknown) => {}];\n`,
      "src/lib/permissions.ts": AUTH,
    },
    config: { ...API, permissionCalls: ["requirePermission", "withPermission", "assertPermission"] },
    routes: ["GET /orders [orders.read]", "POST /orders [orders.create]"],
  },
  {
    name: "Medusa without config: src/api of a project that imports @medusajs",
    files: {
      "src/api/store/hello/route.ts": `${MEDUSA_HTTP}export const GET = (req: MedusaRequest, res: MedusaResponse) => { res.json({ message: "hi" }); };\n`,
    },
    routes: ["GET /store/hello []"],
  },
  {
    name: "Medusa without config, run at a monorepo's root: src/api of each package that depends on @medusajs, with its middlewares",
    files: {
      "package.json": JSON.stringify({ name: "shop", private: true, workspaces: ["packages/*"] }),
      "packages/core/package.json": JSON.stringify({ name: "@shop/core", dependencies: { "@medusajs/framework": "2.0.0" } }),
      "packages/core/src/lib/auth.ts": AUTH,
      "packages/core/src/api/middlewares.ts": [
        `import { defineMiddlewares } from "@medusajs/framework/http";`,
        `import { requirePermission } from "../lib/auth";`,
        `export default defineMiddlewares({ routes: [{ matcher: "/admin/offers", method: "POST", middlewares: [requirePermission("offers.write")] }] });`,
      ].join("\n"),
      "packages/core/src/api/admin/offers/route.ts": `${MEDUSA_HTTP}export const GET = async () => {};\nexport const POST = async () => {};\n`,
      // A package that does not depend on Medusa keeps its src/api folder to itself: no Medusa routes there.
      "packages/web/package.json": JSON.stringify({ name: "@shop/web", dependencies: { react: "19.0.0" } }),
      "packages/web/src/api/client/route.ts": `export const GET = async () => {};\n`,
    },
    routes: ["GET /admin/offers []", "POST /admin/offers [offers.write]"],
  },

  // ---------------------------------------------------------------------------------------------
  // Middleware matchers
  {
    name: "middlewares.ts: defineMiddlewares with matchers, methods, :params and wildcards",
    files: {
      "src/lib/auth.ts": AUTH,
      "src/api/middlewares.ts": [
        `import { defineMiddlewares, authenticate } from "@medusajs/framework/http";`,
        `import { requirePermission, requireAnyPermission } from "../lib/auth";`,
        `export default defineMiddlewares({`,
        `  routes: [`,
        `    { matcher: "/admin*", middlewares: [authenticate("user", ["session", "bearer"])] },`,
        `    { matcher: "/admin/things/:id", method: ["POST"], middlewares: [requirePermission("things.write")] },`,
        `    { matcher: "/admin/things/:id", method: "DELETE", middlewares: [requirePermission("things.delete")] },`,
        `    { matcher: "/admin/reports", middlewares: [requireAnyPermission("reports.read", "admin")] },`,
        `    { matcher: "/store/*", method: "GET", middlewares: [requirePermission("store.read")] },`,
        `    { matcher: "/admin/things/special", middlewares: [requirePermission("never.required")] },`,
        `  ],`,
        `});`,
      ].join("\n"),
      "src/api/admin/things/route.ts": `export const GET = async (req: unknown, res: unknown) => {};\n`,
      "src/api/admin/things/[id]/route.ts": `export const GET = async () => {};\nexport const POST = async () => {};\nexport const DELETE = async () => {};\n`,
      "src/api/admin/reports/[kind]/route.ts": `export const GET = async () => {};\n`,
      "src/api/store/products/route.ts": `export const GET = async () => {};\nexport const POST = async () => {};\n`,
    },
    config: API,
    routes: [
      "DELETE /admin/things/{id} [things.delete]",
      "GET /admin/reports/{kind} [] any(admin|reports.read)",
      "GET /admin/things []",
      "GET /admin/things/{id} []",
      "GET /store/products [store.read]",
      "POST /admin/things/{id} [things.write]",
      "POST /store/products []",
    ],
  },
  {
    name: "middlewares.ts: export const config, and a matcher apidex cannot read marks what it may cover",
    files: {
      "src/lib/auth.ts": AUTH,
      "src/api/middlewares.ts": [
        `import type { MiddlewaresConfig } from "@medusajs/medusa";`,
        `import { requirePermission } from "../lib/auth";`,
        `const prefix = process.env.ADMIN_PREFIX;`,
        `export const config: MiddlewaresConfig = {`,
        `  routes: [`,
        `    { matcher: "/admin/users", middlewares: [requirePermission("users.read")] },`,
        `    { matcher: prefix + "/audit", method: "GET", middlewares: [requirePermission("audit.read")] },`,
        `  ],`,
        `};`,
      ].join("\n"),
      "src/api/admin/users/route.ts": `export const GET = async () => {};\nexport const POST = async () => {};\n`,
    },
    config: API,
    routes: ["GET /admin/users [users.read] unresolved(permissions)", "POST /admin/users [users.read]"],
    diagnostics: ["APX232 src/api/middlewares.ts:7"],
  },
  {
    name: "fileRoutes: a method declared but not defined (`export declare const GET`) answers nothing and is reported",
    files: {
      "src/api/orders/route.ts": `${MEDUSA_HTTP}export declare const GET: (req: MedusaRequest, res: MedusaResponse) => Promise<void>;\nexport const POST = async (req: MedusaRequest, res: MedusaResponse) => { res.json({}); };\n`,
      "src/api/orders/[id]/route.ts": `${MEDUSA_HTTP}export declare function DELETE(req: MedusaRequest, res: MedusaResponse): Promise<void>;\nexport function PATCH(req: MedusaRequest): void;\nexport function PATCH(req: MedusaRequest, res?: MedusaResponse): void { res?.json({}); }\n`,
    },
    config: API,
    routes: ["PATCH /orders/{id} []", "POST /orders []"],
    diagnostics: ["APX233 src/api/orders/[id]/route.ts:2", "APX233 src/api/orders/route.ts:2"],
  },
  {
    name: "middlewares.ts: entries spread from a map filled at run time (an empty or Record-typed object) are unknown, not absent",
    files: {
      "src/utils/captured.ts": [
        `export const CAPTURED: Record<string, unknown[]> = {};`,
        `export const BY_NAME = {} as { [file: string]: unknown[] };`,
        `export function capture(file: string, entries: unknown[]) { CAPTURED[file] = entries; BY_NAME[file] = entries; }`,
      ].join("\n"),
      "src/api/middlewares.ts": [
        `import { CAPTURED, BY_NAME } from "../utils/captured";`,
        `export default { routes: [...(CAPTURED["dist/api/admin/orders/middlewares.js"] ?? []), ...(BY_NAME["dist/api/store/carts/middlewares.js"] ?? [])] };`,
      ].join("\n"),
      "src/api/admin/orders/route.ts": `export const GET = async () => {};\n`,
    },
    config: API,
    routes: ["GET /admin/orders [] unresolved(permissions)"],
    diagnostics: ["APX232 src/api/middlewares.ts:2", "APX232 src/api/middlewares.ts:2"],
  },
  {
    name: "middlewares.ts: a plain exported array",
    files: {
      "src/lib/auth.ts": AUTH,
      "src/api/middlewares.ts": `import { requirePermission } from "../lib/auth";\nexport const middlewares = [{ matcher: "/reports", methods: ["GET"], middlewares: [requirePermission("reports.read")] }];\n`,
      "src/api/reports/route.ts": `export const GET = async () => {};\nexport const POST = async () => {};\n`,
    },
    config: API,
    routes: ["GET /reports [reports.read]", "POST /reports []"],
  },

  // ---------------------------------------------------------------------------------------------
  // Pages Router API
  {
    name: "pages/api: switch (req.method), checks per case, index files and [param] files",
    files: {
      "lib/auth.ts": AUTH,
      "pages/api/invoices/index.ts": [
        `import type { NextApiRequest, NextApiResponse } from "next";`,
        `import { assertPermission } from "../../../lib/auth";`,
        `export default async function handler(req: NextApiRequest, res: NextApiResponse) {`,
        `  switch (req.method) {`,
        `    case "GET":`,
        `    case "HEAD":`,
        `      assertPermission(req, "invoices.read");`,
        `      return res.json([]);`,
        `    case "POST": {`,
        `      assertPermission(req, "invoices.create");`,
        `      return res.status(201).json({});`,
        `    }`,
        `    default:`,
        `      res.setHeader("Allow", ["GET", "POST"]);`,
        `      return res.status(405).end();`,
        `  }`,
        `}`,
      ].join("\n"),
      "pages/api/invoices/[id].ts": [
        `import type { NextApiRequest, NextApiResponse } from "next";`,
        `import { assertPermission } from "../../../lib/auth";`,
        `export default async function handler(req: NextApiRequest, res: NextApiResponse) {`,
        `  const { method, query } = req;`,
        `  assertPermission(req, "invoices.access");`,
        `  if (method === "GET") {`,
        `    return res.json({ id: query.id });`,
        `  } else if (method === "DELETE") {`,
        `    assertPermission(req, "invoices.delete");`,
        `    return res.status(204).end();`,
        `  }`,
        `  res.status(405).end();`,
        `}`,
      ].join("\n"),
    },
    routes: [
      "DELETE /api/invoices/{id} [invoices.access,invoices.delete]",
      "GET /api/invoices [invoices.read]",
      "GET /api/invoices/{id} [invoices.access]",
      "HEAD /api/invoices [invoices.read]",
      "POST /api/invoices [invoices.create]",
    ],
  },
  {
    name: "pages/api: a method guard, a wrapper with its own check, includes() and src/pages",
    files: {
      "src/lib/auth.ts": `import type { NextApiHandler } from "next";\nimport { assertPermission } from "./permissions";\nexport function withPermission(key: string, handler: NextApiHandler): NextApiHandler {\n  return async (req, res) => {\n    assertPermission(req, key);\n    return handler(req, res);\n  };\n}\n`,
      "src/lib/permissions.ts": AUTH,
      "src/pages/api/reports/[...slug].ts": [
        `import type { NextApiRequest, NextApiResponse } from "next";`,
        `import { withPermission } from "../../../lib/auth";`,
        `async function handler(req: NextApiRequest, res: NextApiResponse) {`,
        `  if (req.method !== "GET" && req.method !== "POST") {`,
        `    return res.status(405).json({ error: "method not allowed" });`,
        `  }`,
        `  res.json({});`,
        `}`,
        `export default withPermission("reports.read", handler);`,
      ].join("\n"),
      "src/pages/api/export.ts": [
        `import type { NextApiRequest, NextApiResponse } from "next";`,
        `import { assertPermission } from "../../lib/permissions";`,
        `const handler = (req: NextApiRequest, res: NextApiResponse) => {`,
        `  if (!["PUT", "PATCH"].includes(req.method!)) return res.status(405).end();`,
        `  assertPermission(req, "exports.write");`,
        `  res.end();`,
        `};`,
        `export default handler;`,
      ].join("\n"),
    },
    routes: [
      "GET /api/reports/{slug} [reports.read]",
      "PATCH /api/export [exports.write]",
      "POST /api/reports/{slug} [reports.read]",
      "PUT /api/export [exports.write]",
    ],
    diagnostics: ["APX205 src/pages/api/reports/[...slug].ts:9"],
  },
  {
    name: "pages/api: methods that cannot be read are one warning, and every method an API client uses",
    files: {
      "lib/auth.ts": AUTH,
      "pages/api/ping.ts": `import type { NextApiRequest, NextApiResponse } from "next";\nimport { assertPermission } from "../../lib/auth";\nexport default function ping(req: NextApiRequest, res: NextApiResponse) {\n  assertPermission(req, "ping");\n  res.send("pong");\n}\n`,
      "pages/api/connect.ts": `import { createRouter } from "next-connect";\nconst router = createRouter();\nrouter.get((req: unknown, res: { end(): void }) => res.end());\nexport default router.handler();\n`,
      "pages/api/[[...all]].ts": `export default function all(req: { method?: string }, res: { end(): void }) {\n  if (req.method === "OPTIONS") return res.end();\n  res.end();\n}\nexport const config = { api: { bodyParser: false } };\n`,
    },
    routes: [
      "DELETE /api []",
      "DELETE /api/ping [ping]",
      "DELETE /api/{all} []",
      "GET /api []",
      "GET /api/connect []",
      "GET /api/ping [ping]",
      "GET /api/{all} []",
      "OPTIONS /api []",
      "OPTIONS /api/{all} []",
      "PATCH /api []",
      "PATCH /api/ping [ping]",
      "PATCH /api/{all} []",
      "POST /api []",
      "POST /api/ping [ping]",
      "POST /api/{all} []",
      "PUT /api []",
      "PUT /api/ping [ping]",
      "PUT /api/{all} []",
    ],
    // The catch-all answers OPTIONS early and every other method after it; the next-connect router answers the
    // GET it registers (test/next-more.test.ts).
    diagnostics: ["APX205 pages/api/[[...all]].ts:1", "APX230 pages/api/[[...all]].ts:1", "APX230 pages/api/ping.ts:3"],
  },
  {
    name: "pages/api: a wrapper's allow-list parameter (its default too) guarded as `!req.method || !allowed.includes(req.method)`, inside a package's wrapper (withAxiom) that runs it, after an early return it cannot read",
    files: {
      "lib/endpoint.ts": [
        `import type { NextApiRequest, NextApiResponse } from "next";`,
        `type H = (req: NextApiRequest, res: NextApiResponse) => Promise<unknown>;`,
        `const cors = (req: NextApiRequest, allowed: string[]) => req.headers.origin === undefined && allowed.length > 0;`,
        `import { withAxiom } from "next-axiom";`,
        `const withMetrics = (h: H): H => withAxiom(async (req: NextApiRequest, res: NextApiResponse) => h(req, res));`,
        `export function AuthedEndpoint(handler: H, allowedMethods: string[] = ["GET"]) {`,
        `  return withMetrics(async (req, res) => {`,
        `    const shouldStop = cors(req, allowedMethods);`,
        `    if (shouldStop) return;`,
        `    if (!req.method || !allowedMethods.includes(req.method)) return res.status(405).json({ error: "Method not allowed" });`,
        `    return handler(req, res);`,
        `  });`,
        `}`,
      ].join("\n"),
      "pages/api/history.ts": `import { AuthedEndpoint } from "../../lib/endpoint";\nexport default AuthedEndpoint(async (_req, res) => res.json([]));\n`,
      "pages/api/images.ts": `import { AuthedEndpoint } from "../../lib/endpoint";\nexport default AuthedEndpoint(async (_req, res) => res.json({}), ["POST", "DELETE"]);\n`,
    },
    routes: ["DELETE /api/images []", "GET /api/history []", "POST /api/images []"],
  },
  {
    name: "pages/api: a project wrapper's method allow-list (withApi(handler, { methods: [...] })) is read in the closure the wrapper made",
    files: {
      "lib/with-api.ts": [
        `import type { NextApiRequest, NextApiResponse } from "next";`,
        `type H = (req: NextApiRequest, res: NextApiResponse) => unknown;`,
        `export const withApi = (handler: H, cfg: { methods: string[] }) => (req: NextApiRequest, res: NextApiResponse) => {`,
        `  if (req.method === "OPTIONS") return res.status(204).end();`,
        `  if (!cfg.methods.includes(req.method!)) return res.status(405).end();`,
        `  return handler(req, res);`,
        `};`,
      ].join("\n"),
      "pages/api/clear.ts": `import { withApi } from "../../lib/with-api";\nexport default withApi(async (_req, res) => { res.json({}); }, { methods: ["POST"] });\n`,
      "pages/api/items.ts": `import { withApi } from "../../lib/with-api";\nexport default withApi(async (_req, res) => { res.json([]); }, { methods: ["GET", "DELETE"] });\n`,
    },
    routes: ["DELETE /api/items []", "GET /api/items []", "OPTIONS /api/clear []", "OPTIONS /api/items []", "POST /api/clear []"],
  },
  {
    name: "pages/api: a wrapper that refuses the methods its options do not list bounds the handler's own method tests",
    files: {
      "lib/auth.ts": AUTH,
      "lib/with-api.ts": [
        `import type { NextApiRequest, NextApiResponse } from "next";`,
        `type H = (req: NextApiRequest, res: NextApiResponse) => unknown;`,
        `export const withApi = (handler: H, config: { methods: string[] } = { methods: ["GET"] }) => (req: NextApiRequest, res: NextApiResponse) => {`,
        `  res.setHeader("Access-Control-Allow-Methods", config.methods.join(","));`,
        `  if (req.method === "OPTIONS") return res.status(204).end();`,
        `  if (!config.methods.includes(req.method!)) return res.status(405).json({ error: "method not allowed" });`,
        `  return handler(req, res);`,
        `};`,
      ].join("\n"),
      "lib/with-lax.ts": [
        `import type { NextApiRequest, NextApiResponse } from "next";`,
        `type H = (req: NextApiRequest, res: NextApiResponse) => unknown;`,
        `export const withLax = (handler: H, config: { methods: string[] }) => (req: NextApiRequest, res: NextApiResponse) => {`,
        `  if (!config.methods.includes(req.method!) && !process.env.LAX) throw new Error("method");`,
        `  return handler(req, res);`,
        `};`,
      ].join("\n"),
      // A last `else` answers whatever the tests did not take: the wrapper's list says which.
      "pages/api/stats.ts": [
        `import type { NextApiRequest, NextApiResponse } from "next"; import { withApi } from "../../lib/with-api"; import { assertPermission } from "../../lib/auth";`,
        `async function handler(req: NextApiRequest, res: NextApiResponse) {`,
        `  if (req.method === "POST") { assertPermission(req, "stats.write"); return res.json({}); }`,
        `  else return res.json([]);`,
        `}`,
        `export default withApi(handler, { methods: ["GET", "POST"] });`,
      ].join("\n"),
      // The handler refuses POST itself and the wrapper PUT: GET alone is answered.
      "pages/api/narrow.ts": [
        `import type { NextApiRequest, NextApiResponse } from "next"; import { withApi } from "../../lib/with-api";`,
        `export default withApi(async (req: NextApiRequest, res: NextApiResponse) => {`,
        `  switch (req.method) { case "GET": return res.json([]); case "PUT": return res.json({}); default: return res.status(405).end(); }`,
        `}, { methods: ["GET", "POST"] });`,
      ].join("\n"),
      // The wrapper's default options.
      "pages/api/image.ts": [
        `import type { NextApiRequest, NextApiResponse } from "next"; import { withApi } from "../../lib/with-api";`,
        `const handler = (req: NextApiRequest, res: NextApiResponse) => { if (req.method === "DELETE") return res.json({}); res.json({ image: 1 }); };`,
        `export default withApi(handler);`,
      ].join("\n"),
      // A guard whose further condition is known at run time only: the methods it may refuse are kept, said.
      "pages/api/lax.ts": [
        `import type { NextApiRequest, NextApiResponse } from "next"; import { withLax } from "../../lib/with-lax";`,
        `export default withLax((req: NextApiRequest, res: NextApiResponse) => { if (req.method === "POST") return res.json({}); res.json([]); }, { methods: ["POST"] });`,
      ].join("\n"),
    },
    routes: [
      "DELETE /api/lax []",
      "GET /api/image []",
      "GET /api/lax []",
      "GET /api/narrow []",
      "GET /api/stats []",
      "OPTIONS /api/image []",
      "OPTIONS /api/narrow []",
      "OPTIONS /api/stats []",
      "PATCH /api/lax []",
      "POST /api/lax []",
      "POST /api/stats [stats.write]",
      "PUT /api/lax []",
    ],
    diagnostics: ["APX214 lib/with-lax.ts:4"],
  },
  {
    name: "app/: a route file that hands requests to an itty router: the router's routes are indexed at the whole paths it matches, the file's catch-all where it is written",
    files: {
      "app/api/[[...rest]]/route.ts": [
        `import { IRequest } from "itty-router"; import { router } from "../../../server/router";`,
        `async function handle(req: Request) { return (await router.fetch(req as unknown as IRequest)) ?? new Response(null, { status: 404 }); }`,
        `export { handle as GET, handle as POST };`,
      ].join("\n"),
      "server/router.ts": `import { AutoRouter } from "itty-router";\nexport const router = AutoRouter({ base: "/api" });\nrouter.get("/v1/bots", () => []);\n`,
    },
    routes: ["GET /api []", "GET /api/v1/bots []", "GET /api/{rest} []", "POST /api []", "POST /api/{rest} []"],
    // (The handler is indexed where it is written, a catch-all: which of its paths the router answers is not read.)
    diagnostics: ["APX205 app/api/[[...rest]]/route.ts:2"],
  },
  {
    name: "app/: a catch-all route file whose handlers only answer 404 is the API's not-found fallback, not operations; one that answers is indexed",
    files: {
      "app/api/[...notFound]/route.ts": `const notFound = () => new Response("no such endpoint", { status: 404 });\nexport const GET = notFound; export const POST = notFound; export const DELETE = notFound;\n`,
      "app/api/files/[...path]/route.ts": `export async function GET(req: Request) { return new Response("file"); }\n`,
    },
    routes: ["GET /api/files/{path} []"],
    diagnostics: ["APX205 app/api/files/[...path]/route.ts:1"],
  },
  {
    name: "pages/api: a branch that refuses through a helper of the sources (return methodNotAllowed(res)) refuses, as a literal 405 does",
    files: {
      "lib/http.ts": `import type { NextApiResponse } from "next";\nexport const methodNotAllowed = (res: NextApiResponse) => res.status(405).json({ error: "nope" });\n`,
      "pages/api/members.ts": [
        `import type { NextApiRequest, NextApiResponse } from "next"; import { methodNotAllowed } from "../../lib/http";`,
        `export default async function handler(req: NextApiRequest, res: NextApiResponse) {`,
        `  if (req.method === "GET") return res.json([]);`,
        `  if (req.method === "POST") return res.status(201).json({});`,
        `  return methodNotAllowed(res);`,
        `}`,
      ].join("\n"),
    },
    routes: ["GET /api/members []", "POST /api/members []"],
  },
  {
    name: "pages/api: a last branch no method test decides answers every other method (warned); one that answers 405 refuses them",
    files: {
      "lib/auth.ts": AUTH,
      "pages/api/export.ts": [
        `import type { NextApiRequest, NextApiResponse } from "next"; import { assertPermission } from "../../lib/auth";`,
        `export default function handler(req: NextApiRequest, res: NextApiResponse) {`,
        `  if (req.method === "POST") { assertPermission(req, "export.create"); return res.status(201).json({}); }`,
        `  else if (req.method === "DELETE") { assertPermission(req, "export.delete"); return res.json({}); }`,
        `  else { assertPermission(req, "export.read"); return res.json([]); }`,
        `}`,
      ].join("\n"),
      "pages/api/list.ts": [
        `import type { NextApiRequest, NextApiResponse } from "next";`,
        `export default function handler(req: NextApiRequest, res: NextApiResponse) {`,
        `  if (req.method === "POST") return res.status(201).json({});`,
        `  return res.json([]);`,
        `}`,
      ].join("\n"),
      "pages/api/strict.ts": [
        `import type { NextApiRequest, NextApiResponse } from "next";`,
        `export default function handler(req: NextApiRequest, res: NextApiResponse) {`,
        `  if (req.method === "GET") return res.json([]);`,
        `  else if (req.method === "POST") return res.status(201).json({});`,
        `  else { res.setHeader("Allow", ["GET", "POST"]); return res.status(405).end(); }`,
        `}`,
      ].join("\n"),
      "pages/api/tail.ts": [
        `import type { NextApiRequest, NextApiResponse } from "next";`,
        `export default function handler(req: NextApiRequest, res: NextApiResponse) {`,
        `  if (req.method === "PUT") return res.json({});`,
        `  return res.status(400).json({ error: "Unsupported method" });`,
        `}`,
      ].join("\n"),
    },
    routes: [
      "DELETE /api/export [export.delete]",
      "DELETE /api/list []",
      "GET /api/export [export.read]",
      "GET /api/list []",
      "GET /api/strict []",
      "PATCH /api/export [export.read]",
      "PATCH /api/list []",
      "POST /api/export [export.create]",
      "POST /api/list []",
      "POST /api/strict []",
      "PUT /api/export [export.read]",
      "PUT /api/list []",
      "PUT /api/tail []",
    ],
    diagnostics: ["APX230 pages/api/export.ts:2", "APX230 pages/api/list.ts:2"],
  },
  {
    name: "pages/api: a branch over the method that does not leave goes on to the answer after it, which every method reaches",
    files: {
      "lib/auth.ts": AUTH,
      "pages/api/notes.ts": [
        `import type { NextApiRequest, NextApiResponse } from "next"; import { assertPermission } from "../../lib/auth";`,
        `export default async function handler(req: NextApiRequest, res: NextApiResponse) {`,
        `  if (req.method === "POST") assertPermission(req, "notes.write");`,
        `  return res.json([]);`,
        `}`,
      ].join("\n"),
      "pages/api/cors.ts": [
        `import type { NextApiRequest, NextApiResponse } from "next";`,
        `export default function handler(req: NextApiRequest, res: NextApiResponse) {`,
        `  if (req.method === "OPTIONS") { res.setHeader("Access-Control-Allow-Methods", "GET"); }`,
        `  res.status(200).json({ ok: true });`,
        `}`,
      ].join("\n"),
      "pages/api/only-post.ts": [
        `import type { NextApiRequest, NextApiResponse } from "next";`,
        `export default function handler(req: NextApiRequest, res: NextApiResponse) {`,
        `  if (req.method === "POST") { res.status(201).json({}); }`,
        `}`,
      ].join("\n"),
      "pages/api/refused.ts": [
        `import type { NextApiRequest, NextApiResponse } from "next";`,
        `export default function handler(req: NextApiRequest, res: NextApiResponse) {`,
        `  if (req.method === "GET") { res.json([]); }`,
        `  res.status(405).end();`,
        `}`,
      ].join("\n"),
    },
    routes: [
      "DELETE /api/cors []",
      "DELETE /api/notes []",
      "GET /api/cors []",
      "GET /api/notes []",
      "GET /api/refused []",
      "OPTIONS /api/cors []",
      "PATCH /api/cors []",
      "PATCH /api/notes []",
      "POST /api/cors []",
      "POST /api/notes [notes.write]",
      "POST /api/only-post []",
      "PUT /api/cors []",
      "PUT /api/notes []",
    ],
    diagnostics: ["APX230 pages/api/cors.ts:2", "APX230 pages/api/notes.ts:2"],
  },
  {
    name: "pages/api: a 404 under a condition of the last branch (an item not found) does not refuse its methods; an unconditional one does",
    files: {
      "pages/api/exports.ts": [
        `import type { NextApiRequest, NextApiResponse } from "next";`,
        `export default async function handler(req: NextApiRequest, res: NextApiResponse) {`,
        `  if (req.method === "POST") res.json({ created: true });`,
        `  else if (req.method === "DELETE") res.json({ deleted: true });`,
        `  else {`,
        `    const name = req.query.name as string;`,
        `    if (name) {`,
        `      const found = [name].find((e) => e === "x");`,
        `      if (!found) return res.status(404).json({ error: "export not found" });`,
        `      res.json({ one: name });`,
        `    } else res.json({ all: [] });`,
        `  }`,
        `}`,
      ].join("\n"),
      "pages/api/one.ts": [
        `import type { NextApiRequest, NextApiResponse } from "next";`,
        `export default async function handler(req: NextApiRequest, res: NextApiResponse) {`,
        `  if (req.method === "PUT") return res.json({});`,
        `  const item = await Promise.resolve(req.query.id ? { id: req.query.id } : undefined);`,
        `  return item ? res.json(item) : res.status(404).end();`,
        `}`,
      ].join("\n"),
      "pages/api/gone.ts": [
        `import type { NextApiRequest, NextApiResponse } from "next";`,
        `export default function handler(req: NextApiRequest, res: NextApiResponse) {`,
        `  if (req.method === "GET") return res.json([]);`,
        `  else { console.warn("no route", req.url); return res.status(404).json({ error: "Not found" }); }`,
        `}`,
      ].join("\n"),
    },
    routes: [
      "DELETE /api/exports []",
      "DELETE /api/one []",
      "GET /api/exports []",
      "GET /api/gone []",
      "GET /api/one []",
      "PATCH /api/exports []",
      "PATCH /api/one []",
      "POST /api/exports []",
      "POST /api/one []",
      "PUT /api/exports []",
      "PUT /api/one []",
    ],
    diagnostics: ["APX230 pages/api/exports.ts:2", "APX230 pages/api/one.ts:2"],
  },
  {
    name: "a wrapper given an options object: the checks of its functions (handler, method shorthand) are the route's",
    files: {
      "lib/auth.ts": AUTH,
      "lib/wrapper.ts": [
        `type Handler = (input: { req: Request }) => Promise<Response>;`,
        `export const withApiWrapper = (options: { handler: Handler; schema?: unknown }) => (req: Request) => options.handler({ req });`,
      ].join("\n"),
      "app/api/v1/surveys/route.ts": [
        `import { assertPermission } from "../../../../lib/auth";`,
        `import { withApiWrapper } from "../../../../lib/wrapper";`,
        `const schema = { type: "object" };`,
        `export const GET = withApiWrapper({ schema, handler: async ({ req }) => { assertPermission(req, "surveys.read"); return Response.json([]); } });`,
        `async function create({ req }: { req: Request }) { assertPermission(req, "surveys.write"); return Response.json({}); }`,
        `export const POST = withApiWrapper({ handler: create });`,
        `export const DELETE = withApiWrapper({ async handler({ req }) { assertPermission(req, "surveys.delete"); return new Response(null); } });`,
      ].join("\n"),
    },
    routes: ["DELETE /api/v1/surveys [surveys.delete]", "GET /api/v1/surveys [surveys.read]", "POST /api/v1/surveys [surveys.write]"],
  },
  {
    name: "a wrapper's options property named for permission keys states them, whatever the wrapper is called (requiredPermissions, scopes)",
    files: {
      "lib/workspace.ts": [
        `type Handler = (input: { req: Request }) => Promise<Response>;`,
        `export const withWorkspace = (handler: Handler, options: { requiredPermissions?: string[]; requiredRoles?: string[]; scopes?: string[] } = {}) => (req: Request) => handler({ req });`,
        `export const LINKS_WRITE = "links.write" as const;`,
      ].join("\n"),
      "app/api/links/route.ts": [
        `import { LINKS_WRITE, withWorkspace } from "../../../lib/workspace";`,
        `export const GET = withWorkspace(async () => Response.json([]), { requiredPermissions: ["links.read"] });`,
        `export const POST = withWorkspace(async () => Response.json({}), { requiredPermissions: [LINKS_WRITE], requiredRoles: ["owner"] });`,
        `export const DELETE = withWorkspace(async () => new Response(null), { required_scopes: ["links.delete", "links.admin"] });`,
        `export const PATCH = withWorkspace(async () => Response.json({}), { requiredPermissions: [] });`,
        `export const PUT = withWorkspace(async () => Response.json({}), { requiredPermissions: process.env.KEYS!.split(",") });`,
      ].join("\n"),
    },
    routes: [
      "DELETE /api/links [links.admin,links.delete]",
      "GET /api/links [links.read]",
      "PATCH /api/links []",
      "POST /api/links [links.write]",
      "PUT /api/links [] unresolved(permissions)",
    ],
    diagnostics: ["APX301 app/api/links/route.ts:6"],
  },
  {
    name: "handlers re-exported (export * from, to any depth; export { GET } from; export { list as GET }) are read where they are written, wrapper checks included",
    files: {
      "lib/workspace.ts": [
        `type Handler = (input: { req: Request }) => Promise<Response>;`,
        `export const withWorkspace = (handler: Handler, options: { requiredPermissions?: string[] } = {}) => (req: Request) => handler({ req });`,
      ].join("\n"),
      "app/api/workspaces/route.ts": [
        `import { withWorkspace } from "../../../lib/workspace";`,
        `/** List workspaces */`,
        `export const GET = withWorkspace(async () => Response.json([]), { requiredPermissions: ["workspaces.read"] });`,
        `export const POST = withWorkspace(async () => Response.json({}), { requiredPermissions: ["workspaces.write"] });`,
      ].join("\n"),
      "app/api/(old)/projects/route.ts": `export * from "../../workspaces/route";\n`,
      "app/api/legacy/route.ts": `export * from "../(old)/projects/route";\nexport const POST = async () => new Response(null, { status: 410 });\n`,
      "app/api/teams/route.ts": `export { GET, POST as PUT } from "../workspaces/route";\n`,
      "app/api/members/route.ts": [
        `import { withWorkspace } from "../../../lib/workspace";`,
        `const list = withWorkspace(async () => Response.json([]), { requiredPermissions: ["members.read"] });`,
        `export { list as GET };`,
      ].join("\n"),
    },
    routes: [
      "GET /api/legacy [workspaces.read]",
      "GET /api/projects [workspaces.read]",
      "GET /api/workspaces [workspaces.read]",
      "POST /api/legacy []",
      "POST /api/projects [workspaces.write]",
      "POST /api/workspaces [workspaces.write]",
      "GET /api/teams [workspaces.read]",
      "PUT /api/teams [workspaces.write]",
      "GET /api/members [members.read]",
    ],
  },
  {
    name: "a method exported as another's alias (export const PUT = PATCH, through consts and imports) states the keys its wrapper's options name",
    files: {
      "lib/workspace.ts": [
        `type Handler = (input: { req: Request }) => Promise<Response>;`,
        `export const withWorkspace = (handler: Handler, options: { requiredPermissions?: string[]; requiredRoles?: string[] } = {}) => (req: Request) => handler({ req });`,
      ].join("\n"),
      "app/api/tags/[id]/route.ts": [
        `import { withWorkspace } from "../../../../lib/workspace";`,
        `export const PATCH = withWorkspace(async () => Response.json({}), { requiredPermissions: ["tags.write"] });`,
        `export const PUT = PATCH;`,
        `const remove = withWorkspace(async () => new Response(null), { requiredPermissions: ["tags.delete"] });`,
        `const removeAlias = remove;`,
        `export const DELETE = removeAlias;`,
      ].join("\n"),
      "app/api/labels/[id]/route.ts": [
        `import { PATCH } from "../../tags/[id]/route";`,
        `import { withWorkspace } from "../../../../lib/workspace";`,
        `export const PUT = PATCH;`,
        `const read = withWorkspace(async () => Response.json({}), { requiredRoles: ["owner"] });`,
        `export const GET = read;`,
      ].join("\n"),
    },
    routes: [
      "DELETE /api/tags/{id} [tags.delete]",
      "GET /api/labels/{id} []",
      "PATCH /api/tags/{id} [tags.write]",
      "PUT /api/labels/{id} [tags.write]",
      "PUT /api/tags/{id} [tags.write]",
    ],
  },
  {
    name: "pages/api: a wrapper given a method-keyed object answers its keys (written, const, re-exported, nested, methods)",
    files: {
      "lib/auth.ts": AUTH,
      "lib/with-methods.ts": [
        `import type { NextApiRequest, NextApiResponse } from "next";`,
        `type Handler = (req: NextApiRequest, res: NextApiResponse) => unknown;`,
        `export function withMethods(handlers: Partial<Record<string, Handler>>) {`,
        `  return async (req: NextApiRequest, res: NextApiResponse) => {`,
        `    const handler = handlers[req.method ?? ""];`,
        `    if (!handler) return res.status(405).end();`,
        `    return handler(req, res);`,
        `  };`,
        `}`,
        `export const withErrors = <T>(handler: T): T => handler;`,
        `export const withKey = (key: string, handlers: Partial<Record<string, Handler>>) => withMethods(handlers);`,
      ].join("\n"),
      "lib/traces.ts": [
        `import { assertPermission } from "./auth";`,
        `import { withMethods } from "./with-methods";`,
        `export const tracesHandler = withMethods({`,
        `  GET: async (req, res) => { assertPermission(req, "traces.read"); res.json([]); },`,
        `  DELETE: async (req, res) => { assertPermission(req, "traces.delete"); res.status(204).end(); },`,
        `});`,
      ].join("\n"),
      "pages/api/traces/index.ts": `export { tracesHandler as default } from "../../../lib/traces";\n`,
      "pages/api/scores.ts": [
        `import { assertPermission } from "../../lib/auth";`,
        `import { withErrors, withMethods } from "../../lib/with-methods";`,
        `export default withErrors(withMethods({`,
        `  POST: async (req, res) => { assertPermission(req, "scores.write"); res.json({}); },`,
        `  get: async (req, res) => { res.json([]); },`,
        `}));`,
      ].join("\n"),
      "pages/api/models.ts": [
        `import type { NextApiRequest, NextApiResponse } from "next";`,
        `import { assertPermission } from "../../lib/auth";`,
        `import { withMethods } from "../../lib/with-methods";`,
        `const handlers = {`,
        `  async GET(req: NextApiRequest, res: NextApiResponse) { res.json([]); },`,
        `  async PUT(req: NextApiRequest, res: NextApiResponse) { assertPermission(req, "models.write"); res.end(); },`,
        `};`,
        `export default withMethods(handlers);`,
      ].join("\n"),
      "pages/api/admin.ts": [
        `import { requirePermission } from "../../lib/auth";`,
        `import { withKey } from "../../lib/with-methods";`,
        `import { assertPermission } from "../../lib/auth";`,
        `export default withKey("x", { PATCH: async (req, res) => { assertPermission(req, "admin.write"); res.end(); } });`,
      ].join("\n"),
      // A handler that hands the table to a dispatcher in its body, its handlers declared after it.
      "lib/dispatch.ts": [
        `import type { NextApiRequest, NextApiResponse } from "next";`,
        `export const defaultHandler = async (req: NextApiRequest, res: NextApiResponse, handlers: Record<string, (q: NextApiRequest, s: NextApiResponse) => Promise<void>>) => {`,
        `  const handler = handlers[req.method ?? ""]; if (!handler) return res.status(405).end(); await handler(req, res);`,
        `};`,
      ].join("\n"),
      "pages/api/connections.ts": [
        `import type { NextApiRequest, NextApiResponse } from "next";`,
        `import { assertPermission } from "../../lib/auth";`,
        `import { defaultHandler } from "../../lib/dispatch";`,
        `export default async function handler(req: NextApiRequest, res: NextApiResponse) {`,
        `  await defaultHandler(req, res, { GET: handleGET, DELETE: handleDELETE });`,
        `}`,
        `const handleGET = async (req: NextApiRequest, res: NextApiResponse) => { res.json([]); };`,
        `const handleDELETE = async (req: NextApiRequest, res: NextApiResponse) => { assertPermission(req, "connections.delete"); res.end(); };`,
      ].join("\n"),
      // A key that is no method: not a method table, so the methods are not known.
      "pages/api/mixed.ts": [
        `import { withMethods } from "../../lib/with-methods";`,
        `export default withMethods({ GET: async (req, res) => res.end(), name: "mixed" } as never);`,
      ].join("\n"),
    },
    routes: [
      "DELETE /api/connections [connections.delete]",
      "DELETE /api/mixed []",
      "DELETE /api/traces [traces.delete]",
      "GET /api/connections []",
      "GET /api/mixed []",
      "GET /api/models []",
      "GET /api/scores []",
      "GET /api/traces [traces.read]",
      "PATCH /api/admin [admin.write]",
      "PATCH /api/mixed []",
      "POST /api/mixed []",
      "POST /api/scores [scores.write]",
      "PUT /api/mixed []",
      "PUT /api/models [models.write]",
    ],
    diagnostics: ["APX230 pages/api/mixed.ts:2"],
  },

  // ---------------------------------------------------------------------------------------------
  // An app served from a route file
  {
    name: "a Hono app in app/api/[[...route]]/route.ts: its routes under its basePath, the exported methods only",
    files: {
      "lib/auth.ts": AUTH,
      "app/api/[[...route]]/route.ts": [
        `import { Hono } from "hono";`,
        `import { handle } from "hono/vercel";`,
        `import { requirePermission } from "../../../lib/auth";`,
        `const app = new Hono().basePath("/api");`,
        `app.use("/admin/*", requirePermission("admin"));`,
        `app.get("/hello", (c) => c.json({ message: "Hello" }));`,
        `app.post("/admin/users", requirePermission("users.create"), (c) => c.json({}));`,
        `app.delete("/admin/users/:id", (c) => c.body(null, 204));`,
        `export const GET = handle(app);`,
        `export const POST = handle(app);`,
      ].join("\n"),
    },
    routes: ["GET /api/hello []", "POST /api/admin/users [admin,users.create]"],
  },
  {
    name: "Hono apps imported from other modules; routes outside the route file's path are a warning",
    files: {
      "server/app.ts": [
        `import { Hono } from "hono";`,
        `import { users } from "./users";`,
        `export const app = new Hono().basePath("/api");`,
        `app.route("/users", users);`,
        `app.get("/hello", (c) => c.text("hi"));`,
      ].join("\n"),
      "server/users.ts": `import { Hono } from "hono";\nexport const users = new Hono();\nusers.get("/", (c) => c.json([]));\nusers.get("/:id", (c) => c.json({}));\n`,
      "server/other.ts": `import { Hono } from "hono";\nexport const other = new Hono();\nother.get("/other", (c) => c.text("x"));\n`,
      "src/app/api/v1/[...route]/route.ts": `import { handle } from "hono/vercel";\nimport { app } from "../../../../../server/app";\nexport const GET = handle(app);\n`,
      "src/app/other/[[...route]]/route.ts": `import { handle } from "hono/vercel";\nimport { other } from "../../../../server/other";\nexport const GET = handle(other);\n`,
    },
    routes: ["GET /other []"],
    diagnostics: ["APX231 src/app/api/v1/[...route]/route.ts:3"],
  },
  {
    name: "a Hono app at app/api/[[...route]] with its routes kept under /api, the route file's path",
    files: {
      "server/app.ts": `import { Hono } from "hono";\nimport { users } from "./users";\nexport const app = new Hono().basePath("/api");\napp.route("/users", users);\n`,
      "server/users.ts": `import { Hono } from "hono";\nexport const users = new Hono();\nusers.get("/", (c) => c.json([]));\nusers.put("/:id", (c) => c.json({}));\n`,
      "app/api/[[...route]]/route.ts": `import { handle } from "hono/vercel";\nimport { app } from "../../../server/app";\nexport const GET = handle(app);\nexport const PUT = handle(app);\n`,
    },
    routes: ["GET /api/users []", "PUT /api/users/{id} []"],
  },
  {
    name: "handle() of an app apidex cannot read: a warning, and the route file's own operations",
    files: {
      "app/api/[[...route]]/route.ts": `import { handle } from "hono/vercel";\nimport { createApp } from "@acme/server";\nexport const GET = handle(createApp());\n`,
    },
    routes: ["GET /api []", "GET /api/{route} []"],
    diagnostics: ["APX205 app/api/[[...route]]/route.ts:3", "APX231 app/api/[[...route]]/route.ts:3"],
  },
  {
    name: "an Express app as a Pages Router API handler",
    files: {
      "lib/auth.ts": AUTH,
      "pages/api/[...path].ts": [
        `import express from "express";`,
        `import { requirePermission } from "../../lib/auth";`,
        `const app = express();`,
        `app.get("/api/items", requirePermission("items.read"), (req, res) => res.json([]));`,
        `app.post("/api/items", requirePermission("items.write"), (req, res) => res.json({}));`,
        `export default app;`,
        `export const config = { api: { bodyParser: false } };`,
      ].join("\n"),
    },
    routes: ["GET /api/items [items.read]", "POST /api/items [items.write]"],
  },
  // ---------------------------------------------------------------------------------------------
  // Remix / React Router 7 route modules
  {
    name: "Remix resource routes: loader is GET, an action's method guard or dispatch names its methods; a module with a page (default export) is no API",
    files: {
      "app/lib/auth.ts": AUTH,
      "app/routes/api.v1.tasks.$taskId.trigger.ts": [
        `import type { ActionFunctionArgs } from "@remix-run/node";`,
        `import { assertPermission } from "../lib/auth";`,
        `export async function action({ request, params }: ActionFunctionArgs) {`,
        `  if (request.method.toUpperCase() !== "POST") return new Response(null, { status: 405 });`,
        `  assertPermission(request, "tasks.trigger");`,
        `  return Response.json({ id: params.taskId });`,
        `}`,
      ].join("\n"),
      "app/routes/api.v1.schedules.$scheduleId.ts": [
        `import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";`,
        `export async function loader({ params }: LoaderFunctionArgs) { return Response.json({ id: params.scheduleId }); }`,
        `export async function action({ request }: ActionFunctionArgs) {`,
        `  const method = request.method.toUpperCase();`,
        `  try {`,
        `    switch (method) {`,
        `      case "DELETE": return Response.json({ deleted: true });`,
        `      case "PUT": return Response.json({ updated: true });`,
        `    }`,
        `  } catch (error) { return Response.json({ error: String(error) }, { status: 500 }); }`,
        `}`,
      ].join("\n"),
      "app/routes/api.v1.runs._index.ts": `import { json } from "@remix-run/node";\nexport const loader = async () => json([]);\n`,
      "app/routes/_app.projects.$projectId.tsx": `import { json } from "@remix-run/node";\nexport const loader = async () => json({});\nexport const action = async () => json({});\nexport default function Project() { return null; }\n`,
      "app/routes/sitemap[.]xml.ts": `export const loader = async () => new Response("<urlset/>");\n`,
      "app/routes/settings.tsx": `export async function loader() { return {}; }\nexport function Component() { return null; }\n`,
      "app/routes/($lang).docs.$.ts": `export const loader = async () => new Response("docs");\n`,
      "app/routes/api.v1.users_.$userId/route.ts": `export const loader = async () => Response.json({});\n`,
      "app/routes/api.v1.users_.$userId/helpers.ts": `export const loader = async () => Response.json({});\n`,
    },
    routes: [
      "DELETE /api/v1/schedules/{scheduleId} []",
      "GET /api/v1/runs []",
      "GET /api/v1/schedules/{scheduleId} []",
      "GET /api/v1/users/{userId} []",
      "GET /docs/{splat} []",
      "GET /sitemap.xml []",
      "GET /{lang}/docs/{splat} []",
      "POST /api/v1/tasks/{taskId}/trigger [tasks.trigger]",
      "PUT /api/v1/schedules/{scheduleId} []",
    ],
    diagnostics: ["APX205 app/routes/($lang).docs.$.ts:1"],
  },
  {
    name: "Remix: methods from a route builder's closure (its options' method, a list of them), a builder's loader that only answers 405, an action that tests nothing",
    files: {
      "app/services/builder.ts": [
        `import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";`,
        `type Method = "POST" | "PUT" | "PATCH" | "DELETE";`,
        `export function createActionRoute(options: { method?: Method | Method[]; cors?: boolean }, handler: (args: ActionFunctionArgs) => Promise<Response>) {`,
        `  async function loader({ request }: LoaderFunctionArgs) {`,
        `    if (options.cors && request.method.toUpperCase() === "OPTIONS") return json({});`,
        `    return new Response(null, { status: 405 });`,
        `  }`,
        `  async function action(args: ActionFunctionArgs) {`,
        `    const { method } = options;`,
        `    const allowed = method ? (Array.isArray(method) ? method : [method]) : undefined;`,
        `    if (allowed && !(allowed as string[]).includes(args.request.method.toUpperCase())) return json({ error: "Method not allowed" }, { status: 405 });`,
        `    return handler(args);`,
        `  }`,
        `  return { loader, action };`,
        `}`,
      ].join("\n"),
      "app/routes/api.v1.orgs.ts": `import { createActionRoute } from "../services/builder";\nexport const { action, loader } = createActionRoute({ method: "POST" }, async () => Response.json({}));\n`,
      "app/routes/api.v1.orgs.$orgId.members.$memberId.ts": `import { createActionRoute } from "../services/builder";\nexport const { action, loader } = createActionRoute({ method: ["PATCH", "DELETE"] }, async () => Response.json({}));\n`,
      "app/routes/api.v1.mock.ts": `export async function action() { return Response.json({}); }\n`,
    },
    routes: [
      "DELETE /api/v1/mock []",
      "DELETE /api/v1/orgs/{orgId}/members/{memberId} []",
      "PATCH /api/v1/mock []",
      "PATCH /api/v1/orgs/{orgId}/members/{memberId} []",
      "POST /api/v1/mock []",
      "POST /api/v1/orgs []",
      "PUT /api/v1/mock []",
    ],
    diagnostics: ["APX230 app/routes/api.v1.mock.ts:1"],
  },
  {
    name: "Remix 2 with remix-flat-routes in vite.config.ts: + folders name the routes inside; a folder is a route by its route file",
    files: {
      "vite.config.ts": `import { vitePlugin as remix } from "@remix-run/dev";\nimport { defineConfig } from "vite";\nimport { flatRoutes } from "remix-flat-routes";\nexport default defineConfig({ plugins: [remix({ ignoredRouteFiles: ["**/*"], routes: async (defineRoutes) => flatRoutes("routes", defineRoutes) })] });\n`,
      "app/routes/api+/webhook.stripe.ts": `import type { ActionFunctionArgs } from "@remix-run/node";\nexport async function action({ request }: ActionFunctionArgs) { if (request.method !== "POST") return new Response(null, { status: 405 }); return new Response(null); }\n`,
      "app/routes/api+/health/index.ts": `export const loader = async () => Response.json({ ok: true });\n`,
      "app/routes/api+/health/helpers.ts": `export const loader = async () => Response.json({});\n`,
      "app/routes/_app+/settings.tsx": `export const loader = async () => ({});\nexport default function Settings() { return null; }\n`,
    },
    routes: ["GET /api/health []", "POST /api/webhook/stripe []"],
  },
  {
    // (The package's own paths for its default options are checked in frameworks.test.ts, fixture react-router-auto.)
    name: "react-router-auto-routes by its default export: routesDir mounts folders of the project root at URL paths",
    files: {
      "app/routes.ts": `import autoRoutes from "react-router-auto-routes";\nexport default autoRoutes({ routesDir: { "/": "app/routes", "/api": "api/routes" } });\n`,
      "app/routes/health.ts": `export const loader = async () => Response.json({ ok: true });\n`,
      "api/routes/users/$id.ts": `export const loader = async () => Response.json({});\n`,
      "api/routes/users/index.ts": `export const loader = async () => Response.json([]);\n`,
    },
    routes: ["GET /api/users []", "GET /api/users/{id} []", "GET /health []"],
  },
  {
    name: "react-router-auto-routes: its own colocation and parameter characters; a visitFiles function is said, the rest read",
    files: {
      "app/routes.ts": [
        `import { autoRoutes } from "react-router-auto-routes";`,
        `import { walk } from "./walk";`,
        `export default autoRoutes({ routesDir: "endpoints", colocationChar: "~", paramChar: "@", visitFiles: walk });`,
      ].join("\n"),
      "app/walk.ts": `export const walk = (dir: string, visit: (file: string) => void) => visit(dir);\n`,
      "app/endpoints/orders/@orderId.ts": `export const loader = async () => Response.json({});\n`,
      "app/endpoints/orders/~helpers.ts": `export const loader = async () => Response.json({});\n`,
      "app/endpoints/orders/+notes.ts": `export const loader = async () => Response.json({});\n`,
      "app/routes/ignored.ts": `export const loader = async () => Response.json({});\n`,
    },
    routes: ["GET /orders/+notes []", "GET /orders/{orderId} []"],
    diagnostics: ["APX234 app/routes.ts:3"],
  },
  {
    name: "two Next.js apps of a monorepo (apps/web, apps/docs) are separate servers: a path both serve is said as two apps' (APX412, APX403), not as registered twice",
    files: {
      "package.json": JSON.stringify({ private: true, workspaces: ["apps/*"] }),
      "apps/web/package.json": JSON.stringify({ name: "web", dependencies: { next: "15.0.0" } }),
      "apps/web/app/api/health/route.ts": `export async function GET() { return Response.json({ ok: true }); }\n`,
      "apps/web/app/api/orders/route.ts": `export async function POST() { return Response.json({}); }\n`,
      "apps/docs/package.json": JSON.stringify({ name: "docs", dependencies: { next: "15.0.0" } }),
      "apps/docs/src/app/api/health/route.ts": `export async function GET() { return Response.json({ ok: true }); }\n`,
      "apps/docs/src/app/api/search/route.ts": `export async function GET() { return Response.json([]); }\n`,
    },
    routes: ["GET /api/health []", "GET /api/search []", "POST /api/orders []"],
    diagnostics: ["APX412 apps/docs/src/app/api/health/route.ts:1", "APX403 apps/web/app/api/health/route.ts:1"],
  },
  // ---------------------------------------------------------------------------------------------
  // Nuxt / Nitro server routes
  {
    name: "a Nuxt app in a folder of its own (a root package.json that only runs Docker): its server routes, its `#server` and `#shared` aliases and those its config's `alias` writes, its `app.baseURL`",
    files: {
      "package.json": JSON.stringify({ private: true, scripts: { build: "docker build ." } }),
      "src/package.json": JSON.stringify({ name: "app", dependencies: { nuxt: "^3.0.0" } }),
      "src/nuxt.config.ts": [
        `import { fileURLToPath } from "node:url";`,
        `export default defineNuxtConfig({`,
        `  app: { baseURL: "/vpn/" },`,
        `  alias: { "#db": fileURLToPath(new URL("./server/database/", import.meta.url)) },`,
        `});`,
      ].join("\n"),
      "src/server/api/clients.get.ts": `import { guarded } from "#server/utils/handler";\nexport default guarded("clients.read", async () => []);\n`,
      "src/server/api/clients/[id].delete.ts": `import { guarded } from "#server/utils/handler";\nexport default guarded("clients.delete", async () => null);\n`,
      "src/server/utils/handler.ts": [
        `import { requirePermission } from "#shared/permissions";`,
        `import { db } from "#db/client";`,
        `export const guarded = (key: string, fn: () => unknown) => defineEventHandler(async (event) => {`,
        `  requirePermission(event, key);`,
        `  return db(fn);`,
        `});`,
      ].join("\n"),
      "src/shared/permissions.ts": `export function requirePermission(event: unknown, key: string): void {}\n`,
      "src/server/database/client.ts": `export const db = (fn: () => unknown) => fn();\n`,
    },
    routes: ["GET /vpn/api/clients [clients.read]", "DELETE /vpn/api/clients/{id} [clients.delete]"],
  },
  {
    name: "a Nuxt app that is a workspace package (`apps/web`, Nuxt in its package.json, no config) beside a Nitro app with its config; a playground inside a Nuxt module is no app of its own",
    files: {
      "package.json": JSON.stringify({ private: true, workspaces: ["apps/*", "modules/*"] }),
      "apps/web/package.json": JSON.stringify({ name: "web", dependencies: { nuxt: "^3.0.0" } }),
      "apps/web/server/api/health.get.ts": `export default defineEventHandler(() => "ok");\n`,
      "apps/edge/package.json": JSON.stringify({ name: "edge", dependencies: { nitropack: "^2.0.0" } }),
      "apps/edge/nitro.config.ts": `export default defineNitroConfig({ srcDir: "server" });\n`,
      "apps/edge/server/routes/ping.post.ts": `export default defineEventHandler(() => "pong");\n`,
      "modules/ui/package.json": JSON.stringify({ name: "ui", devDependencies: { nuxt: "^3.0.0" } }),
      "modules/ui/playground/nuxt.config.ts": `export default defineNuxtConfig({});\n`,
      "modules/ui/playground/server/api/demo.get.ts": `export default defineEventHandler(() => "demo");\n`,
    },
    routes: ["GET /api/health []", "POST /ping []"],
    // Two projects are two servers, indexed together.
    diagnostics: ["APX412 apps/edge/server/routes/ping.post.ts:1"],
  },
  {
    name: "Nitro event handlers without a method suffix answer the methods h3's helpers let through (isMethod, getMethod, event.node.req.method)",
    files: {
      "package.json": JSON.stringify({ name: "n", dependencies: { nitropack: "^2.0.0" } }),
      "nitro.config.ts": `export default defineNitroConfig({ srcDir: "server", apiBaseURL: "/v1" });\n`,
      "server/api/a.ts": `export default defineEventHandler((event) => {\n  if (!isMethod(event, ["GET", "HEAD"])) throw createError({ statusCode: 405 });\n  return "a";\n});\n`,
      "server/api/b.ts": `export default eventHandler((event) => {\n  if (getMethod(event) !== "PATCH") throw createError({ statusCode: 405 });\n  return "b";\n});\n`,
      "server/api/c/[id].ts": `export default defineEventHandler(async (event) => {\n  await assertMethod(event, "DELETE");\n  return null;\n});\n`,
      "server/routes/d.ts": `export default defineEventHandler((event) => {\n  if (event.node.req.method !== "POST") throw createError({ statusCode: 405 });\n  return "d";\n});\n`,
      "server/utils/e.ts": `export const e = 1;\n`,
    },
    routes: ["GET /v1/a []", "HEAD /v1/a []", "PATCH /v1/b []", "DELETE /v1/c/{id} []", "POST /d []"],
  },
  {
    name: "one handler for several methods: a check in a branch over the method, or after branches that answered and left, runs only for the methods that reach it",
    files: {
      "package.json": JSON.stringify({ name: "n", dependencies: { nuxt: "^3.0.0" } }),
      "server/api/items.ts": [
        `export default defineEventHandler(async (event) => {`,
        `  assertMethod(event, ["GET", "POST"]);`,
        `  if (event.method === "POST") {`,
        `    requirePermission(event, "items.write");`,
        `    return { created: true };`,
        `  }`,
        `  requirePermission(event, "items.read");`,
        `  return [];`,
        `});`,
      ].join("\n"),
      "pages/api/things.ts": [
        `export default function handler(req: any, res: any) {`,
        `  if (req.method === "POST") { requirePermission(req, "things.write"); return res.json({}); }`,
        `  if (req.method !== "GET") return res.status(405).end();`,
        `  requirePermission(req, "things.read");`,
        `  res.json([]);`,
        `}`,
      ].join("\n"),
    },
    routes: [
      "GET /api/items [items.read]",
      "POST /api/items [items.write]",
      "GET /api/things [things.read]",
      "POST /api/things [things.write]",
    ],
  },
  {
    name: "React Router 7 route config: only the modules it names are routes, at its paths; an entry it cannot read is reported",
    files: {
      "app/routes.ts": [
        `import { index, prefix, route } from "@react-router/dev/routes";`,
        `const base = "api";`,
        `const dynamic = () => process.env.EXTRA_PATH ?? "extra";`,
        `export default [`,
        `  index("routes/home.tsx"),`,
        `  ...prefix(base, [route("users/:id", "routes/user.ts"), route("health", "./routes/health.ts")]),`,
        `  route(dynamic(), "routes/extra.ts"),`,
        `];`,
      ].join("\n"),
      "app/routes/home.tsx": `export const loader = async () => ({});\nexport default function Home() { return null; }\n`,
      "app/routes/user.ts": `export const loader = async () => Response.json({});\n`,
      "app/routes/health.ts": `export async function loader() { return Response.json({ ok: true }); }\n`,
      "app/routes/extra.ts": `export const loader = async () => Response.json({});\n`,
      "app/routes/api.v1.unlisted.ts": `export const loader = async () => Response.json({});\n`,
    },
    routes: ["GET /api/health []", "GET /api/users/{id} []"],
    diagnostics: ["APX234 app/routes.ts:7"],
  },
  {
    name: "Astro endpoints: src/pages files that export a handler per method (index, [id], [...rest], data.json.ts), and an ALL that hands the request to a Hono app",
    files: {
      "astro.config.mjs": `import { defineConfig } from "astro/config";\nexport default defineConfig({ output: "server" });\n`,
      "src/lib/auth.ts": AUTH,
      "src/pages/posts/index.ts": `import type { APIRoute } from "astro";\nexport const GET: APIRoute = () => Response.json([]);\nexport const POST: APIRoute = () => new Response(null, { status: 201 });\n`,
      "src/pages/posts/[id].ts": `import type { APIRoute } from "astro";\nimport { assertPermission } from "../../lib/auth";\nexport const DELETE: APIRoute = ({ request }) => { assertPermission(request, "posts.delete"); return new Response(null, { status: 204 }); };\n`,
      "src/pages/feed.json.ts": `export async function GET() { return Response.json({}); }\n`,
      "src/server/app.ts": `import { Hono } from "hono";\nexport const app = new Hono().basePath("/api");\napp.get("/items", (c) => c.json([]));\napp.post("/items", (c) => c.json({}, 201));\n`,
      "src/pages/api/[...path].ts": `import type { APIRoute } from "astro";\nimport { app } from "../../server/app";\nexport const ALL: APIRoute = ({ request }) => app.fetch(request);\n`,
    },
    routes: [
      "DELETE /posts/{id} [posts.delete]",
      "GET /api/items []",
      "GET /feed.json []",
      "GET /posts []",
      "POST /api/items []",
      "POST /posts []",
    ],
  },
  {
    name: "an App Router handler that hands the request to a Hono app (`export const GET = (req) => app.fetch(req)`) serves the app, as handle(app) does",
    files: {
      "app/api/[[...route]]/route.ts": `import { Hono } from "hono";\nconst app = new Hono().basePath("/api");\napp.get("/items", (c) => c.json([]));\napp.post("/items", (c) => c.json({}, 201));\nexport const GET = (req: Request) => app.fetch(req);\nexport async function POST(req: Request) { return app.fetch(req); }\n`,
    },
    routes: ["GET /api/items []", "POST /api/items []"],
  },
  {
    name: "Elysia's Next.js recipe (`export const GET = app.handle`) serves the app's routes for the methods exported, under its own prefix, not catch-all placeholders",
    files: {
      "app/api/[[...slugs]]/route.ts": [
        `import { Elysia } from "elysia";`,
        `const app = new Elysia({ prefix: "/api" })`,
        `  .get("/items", () => [])`,
        `  .post("/items", ({ body }) => body)`,
        `  .delete("/items/:id", () => null);`,
        `export const GET = app.handle;`,
        `export const POST = app.handle;`,
      ].join("\n"),
    },
    routes: ["GET /api/items []", "POST /api/items []"],
  },
  {
    name: "a SvelteKit catch-all whose handlers only return `app.handle(request)` of an Elysia app serves the app (its plugins' routes too), once, beside the project's own endpoints",
    files: {
      "svelte.config.js": `export default { kit: {} };\n`,
      "src/lib/server/api/users.ts": `import { Elysia } from "elysia";\nexport const users = new Elysia().get("/login", () => "login").group("/users", (g) => g.get("", () => []));\n`,
      "src/lib/server/api/index.ts": `import { Elysia } from "elysia";\nimport { users } from "./users";\nexport const app = new Elysia({ prefix: "/api/v2" }).use(users).get("/items", () => []);\n`,
      "src/routes/api/v2/[...slugs]/+server.ts": [
        `import { app } from "$lib/server/api";`,
        `export const GET = ({ request }: { request: Request }) => app.handle(request);`,
        `export async function POST({ request }: { request: Request }) { return await app.fetch(request); }`,
      ].join("\n"),
      "src/routes/login/+server.ts": `export const GET = () => new Response(null, { status: 302, headers: { location: "/oauth" } });\n`,
    },
    routes: ["GET /api/v2/items []", "GET /api/v2/login []", "GET /api/v2/users []", "GET /login []"],
  },
  {
    name: "SvelteKit's `kit.alias` (read from svelte.config.js, as `svelte-kit sync` would write it) resolves imports: a plugin imported through it is the app's, not an app of its own at `/`; an alias import that names no file is APX110",
    files: {
      "svelte.config.js": `/** @type {import('@sveltejs/kit').Config} */\nconst config = { kit: { alias: { $api: "./src/lib/server/api", "$shared/*": "src/shared/*" } } };\nexport default config;\n`,
      "src/shared/keys.ts": `export const READ = "items.read";\nexport const requirePermission = (key: string) => () => {};\n`,
      "src/lib/server/api/users.ts": `import { Elysia } from "elysia";\nexport const users = new Elysia().get("/login", () => "login");\n`,
      "src/lib/server/api/index.ts": [
        `import { Elysia } from "elysia";`,
        `import { users } from "$api/users";`,
        `import { READ, requirePermission } from "$shared/keys";`,
        `import { audit } from "$api/audit";`,
        `export const app = new Elysia({ prefix: "/api/v2" }).use(users).get("/items", () => [], { beforeHandle: requirePermission(READ) });`,
      ].join("\n"),
      "src/routes/api/v2/[...slugs]/+server.ts": `import { app } from "$api";\nexport const GET = ({ request }: { request: Request }) => app.handle(request);\n`,
      "src/routes/login/+server.ts": `export const GET = () => new Response(null, { status: 302 });\n`,
    },
    routes: ["GET /api/v2/items [items.read]", "GET /api/v2/login []", "GET /login []"],
    diagnostics: ["APX110 src/lib/server/api/index.ts:4"],
  },
  {
    name: "an Elysia prefix built from SvelteKit's `base` (`import { base } from \"$app/paths\"`) is the config's `kit.paths.base`: its default in the code when it is taken from an unset environment variable (APX219 where the config sets it)",
    files: {
      "svelte.config.js": `import adapter from \"@sveltejs/adapter-node\";\nconst config = { kit: { adapter: adapter(), paths: { base: process.env.APP_BASE || \"\", relative: false } } };\nexport default config;\n`,
      "src/lib/server/api/index.ts": `import { Elysia } from "elysia";\nimport { base } from "$app/paths";\nconst prefix = \`\${base}/api/v2\`;\nexport const app = new Elysia({ prefix }).get("/items", () => []);\n`,
      "src/routes/api/v2/[...slugs]/+server.ts": `import { app } from "$lib/server/api";\nexport const GET = ({ request }: { request: Request }) => app.handle(request);\n`,
      "src/routes/login/+server.ts": `export const GET = () => new Response(null, { status: 302 });\n`,
    },
    routes: ["GET /api/v2/items []", "GET /login []"],
    diagnostics: ["APX219 svelte.config.js:2"],
  },
  {
    name: 'without `kit.paths.base`, SvelteKit\'s `base` is ""',
    files: {
      "svelte.config.js": `export default { kit: {} };\n`,
      "src/lib/server/api/index.ts": `import { Elysia } from "elysia";\nimport { base } from "$app/paths";\nconst prefix = \`\${base}/api/v2\`;\nexport const app = new Elysia({ prefix }).get("/items", () => []);\n`,
      "src/routes/api/v2/[...slugs]/+server.ts": `import { app } from "$lib/server/api";\nexport const GET = ({ request }: { request: Request }) => app.handle(request);\n`,
      "src/routes/login/+server.ts": `export const GET = () => new Response(null, { status: 302 });\n`,
    },
    routes: ["GET /api/v2/items []", "GET /login []"],
  },
  {
    name: "a `kit.paths.base` known only at run time: the Elysia app's routes and the endpoints are indexed relative to it, marked, and APX201 names `base` (and the config's base, once)",
    files: {
      "svelte.config.js": `export default { kit: { paths: { base: process.env.APP_BASE } } };\n`,
      "src/lib/server/api/index.ts": `import { Elysia } from "elysia";\nimport { base } from "$app/paths";\nconst prefix = \`\${base}/api/v2\`;\nexport const app = new Elysia({ prefix }).get("/items", () => []);\n`,
      "src/routes/api/v2/[...slugs]/+server.ts": `import { app } from "$lib/server/api";\nexport const GET = ({ request }: { request: Request }) => app.handle(request);\n`,
      "src/routes/login/+server.ts": `export const GET = () => new Response(null, { status: 302 });\n`,
    },
    routes: ["GET /api/v2/items [] unresolved(path)", "GET /login [] unresolved(path)"],
    diagnostics: ["APX201 src/lib/server/api/index.ts:3", "APX201 src/routes/api/v2/[...slugs]/+server.ts:1"],
  },
  {
    name: "`export const GET = app.fetch` of a Hono app serves the app as `(req) => app.fetch(req)` does",
    files: {
      "app/api/[[...route]]/route.ts": `import { Hono } from "hono";\nconst app = new Hono().basePath("/api");\napp.get("/items", (c) => c.json([]));\nexport const GET = app.fetch;\n`,
    },
    routes: ["GET /api/items []"],
  },
];

describe("file-system routing", () => {
  it.each(cases)("$name", async ({ files, config, routes, diagnostics }) => {
    const result = await generateFrom(files, config ?? {});
    expect(routeLines(result)).toEqual([...routes].sort());
    expect(diagnosticLines(result)).toEqual(diagnostics ?? []);
  });

  it("a Next.js parameter named with dashes is that parameter, in the index and the document", async () => {
    const result = await generateFrom(
      {
        "package.json": JSON.stringify({ dependencies: { next: "15.0.0" } }),
        "app/api/posts/[post-id]/route.ts": `/** Get a post */\nexport async function GET(req: Request, { params }: { params: Promise<Record<string, string>> }) {\n  const id = (await params)["post-id"];\n  return Response.json({ id });\n}\n`,
      },
      { documented: ["/api/**"] },
    );
    expect(routeLines(result)).toEqual(["GET /api/posts/{post-id} []"]);
    expect(result.index.operations[0]!.path_params).toEqual(["post-id"]);
    const parameters = result.openapi.paths?.["/api/posts/{post-id}"]?.get?.parameters as { name: string; in: string }[];
    expect(parameters.filter((p) => p.in === "path").map((p) => p.name)).toEqual(["post-id"]);
  });

  it("maps file paths as Next.js does", () => {
    expect(appRouterPaths("app/(shop)/orders/[order_id]/route.ts")?.paths).toEqual(["/orders/{order_id}"]);
    expect(appRouterPaths("app/_lib/route.ts")).toBeUndefined();
    expect(pagesApiPaths("pages/api/index.ts")?.paths).toEqual(["/api"]);
    expect(pagesApiPaths("src/pages/api/users/[id]/index.ts")?.paths).toEqual(["/api/users/{id}"]);
    expect(pagesApiPaths("pages/api/docs/[[...slug]].ts")?.paths).toEqual(["/api/docs", "/api/docs/{slug}"]);
    expect(pagesApiPaths("pages/about.tsx")).toBeUndefined();
    // A parameter's name is what the brackets hold, dashes too.
    expect(pagesApiPaths("pages/api/[...not-found-404].ts")?.paths).toEqual(["/api/{not-found-404}"]);
    expect(appRouterPaths("app/auth/sso-callback/[[...sso-callback]]/route.ts")?.paths).toEqual([
      "/auth/sso-callback",
      "/auth/sso-callback/{sso-callback}",
    ]);
    expect(appRouterPaths("app/api/posts/[post-id]/route.ts")?.paths).toEqual(["/api/posts/{post-id}"]);
  });

  it.each([
    ["app/routes/api.v1.tasks.$taskId.trigger.ts", ["/api/v1/tasks/{taskId}/trigger"]],
    ["app/routes/_index.tsx", ["/"]],
    ["app/routes/api._index.ts", ["/api"]],
    ["app/routes/_auth.login.tsx", ["/login"]],
    ["app/routes/users_.$userId.edit.tsx", ["/users/{userId}/edit"]],
    ["app/routes/($lang).about.tsx", ["/about", "/{lang}/about"]],
    ["app/routes/shop.(featured).items.tsx", ["/shop/items", "/shop/featured/items"]],
    ["app/routes/files.$.ts", ["/files/{splat}"]],
    ["app/routes/sitemap[.]xml.ts", ["/sitemap.xml"]],
    ["app/routes/reports.export.$fileName[.csv].ts", ["/reports/export/{fileName}.csv"]],
    ["app/routes/calendar.$token[.ics].ts", ["/calendar/{token}.ics"]],
    ["app/routes/api.v1.orgs/route.ts", ["/api/v1/orgs"]],
    ["src/app/routes/health.ts", ["/health"]],
    ["app/routes/api.v1.orgs/helpers.ts", undefined],
    ["app/routes/a/b/route.ts", undefined],
    ["app/routes/types.d.ts", undefined],
  ])("maps %s as Remix and React Router flat routes do", (file, paths) => {
    expect(remixRoutePaths(file)?.paths).toEqual(paths);
  });

  it.each([
    ["src/routes/api/items/[id=integer]/+server.ts", ["/api/items/{id}"]],
    ["src/routes/(app)/[[lang]]/about/+server.js", ["/about", "/{lang}/about"]],
    ["src/routes/docs/[...path]/+server.ts", ["/docs", "/docs/{path}"]],
    ["src/routes/files/[name].[ext]/+server.ts", ["/files/{name}.{ext}"]],
    ["src/routes/well-known/[x+2e]config/+server.ts", ["/well-known/.config"]],
    ["src/routes/+server.ts", ["/"]],
    ["src/routes/api/+page.server.ts", undefined],
    ["src/lib/+server.ts", undefined],
  ])("maps %s as SvelteKit routes it", (file, paths) => {
    expect(svelteKitPaths(file)?.paths).toEqual(paths);
  });

  it.each([
    ["src/pages/api/posts/[id].ts", ["/api/posts/{id}"]],
    ["src/pages/api/posts/index.ts", ["/api/posts"]],
    ["src/pages/docs/[...slug].ts", ["/docs", "/docs/{slug}"]],
    ["src/pages/[lang]-posts/feed.xml.ts", ["/{lang}-posts/feed.xml"]],
    ["src/pages/index.ts", ["/"]],
    ["src/lib/util.ts", undefined],
  ])("maps %s as Astro routes it", (file, paths) => {
    expect(astroPaths(file)?.paths).toEqual(paths);
  });

  it.each([
    ["server/api/users/[id].delete.ts", "DELETE /api/users/{id}"],
    ["server/api/users/index.get.ts", "GET /api/users"],
    ["server/api/(admin)/audit.ts", "* /api/audit"],
    ["server/api/docs/[...slug].ts", "* /api/docs/{slug}"],
    ["server/api/raw/[...].post.ts", "POST /api/raw/{_}"],
    ["server/routes/sitemap.xml.get.prod.ts", "GET /sitemap.xml"],
    ["server/routes/index.ts", "* /"],
    ["server/middleware/auth.ts", undefined],
    ["server/api/types.d.ts", undefined],
  ])("maps %s as Nitro scans it", (file, route) => {
    const found = nitroRoutePaths(file, {
      project: "",
      dirs: ["server"],
      apiDir: "api",
      routesDir: "routes",
      apiBase: "/api",
      baseURL: "",
    });
    expect(found ? `${found.method ?? "*"} ${found.paths.join(" ")}` : undefined).toBe(route);
  });

  it("reads matchers as Express routes them (use() without a method, the exact path with one)", () => {
    const use = compileMatcher("/admin/things", true)!;
    const exact = compileMatcher("/admin/things/:id", false)!;
    const star = compileMatcher("/store/*", false)!;
    expect([use("/admin/things"), use("/admin/things/{id}"), use("/admin/thingsx"), use("/admin")]).toEqual([true, true, false, false]);
    expect([exact("/admin/things/{id}"), exact("/admin/things/special"), exact("/admin/things/{id}/notes")]).toEqual([true, true, false]);
    expect([star("/store/products/{id}"), star("/store")]).toEqual([true, false]);
    expect(compileMatcher("/files/(.*)", true)).toBeUndefined();
  });

  it("rejects a fileRoutes prefix that is not a path", async () => {
    const { validateConfig } = await import("../generator/config/schema.js");
    expect(() => validateConfig({ fileRoutes: [{ dir: "src/api", prefix: "api" }] }, "apidex.config.ts")).toThrow(/fileRoutes\.0\.prefix/);
    expect(validateConfig({ fileRoutes: [{ dir: "src/api" }] }, "apidex.config.ts").fileRoutes).toEqual([{ dir: "src/api" }]);
  });
});

/** The fixture project, through the built command line: a golden index. */
describe("the file-routes fixture", () => {
  const fixture = path.join(REPO_ROOT, "test", "fixtures", "file-routes");
  const out = mkdtempSync(path.join(tmpdir(), "apidex-file-routes-"));
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it("matches the golden index (node lib/cli.cjs generate --root, zero-config)", () => {
    const cli = path.join(REPO_ROOT, "lib", "cli.cjs");
    if (!existsSync(cli)) throw new Error("lib/cli.cjs is missing: run `npm run build` (npm test does it first).");
    const run = spawnSync(process.execPath, [cli, "generate", "--root", fixture, "--out", out, "--no-cache"], {
      cwd: out,
      encoding: "utf8",
      env: { ...process.env, CI: "true" },
    });
    expect(run.status, run.stderr + run.stdout).toBe(0);
    expect(readFileSync(path.join(out, "operations.json"), "utf8")).toBe(
      readFileSync(path.join(fixture, "expected-operations.json"), "utf8"),
    );
  });

  it("indexes the served Hono app as Hono registers it, limited to the route file's exported methods", async () => {
    const { app } = (await import(pathToFileURL(path.join(fixture, "src", "server", "hono-app.ts")).href)) as {
      app: { routes: { method: string; path: string }[] };
    };
    const exported = ["GET", "POST"]; // src/app/api/hono/[[...route]]/route.ts
    const runtime = app.routes
      .filter((r) => exported.includes(r.method))
      .map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, "{$1}").replace(/\/$/, "")}`);
    const index = JSON.parse(readFileSync(path.join(fixture, "expected-operations.json"), "utf8")) as {
      operations: { method: string; path: string }[];
    };
    const indexed = index.operations.filter((o) => o.path.startsWith("/api/hono/")).map((o) => `${o.method} ${o.path}`);
    expect([...new Set(runtime)].sort()).toEqual(indexed.sort());
  });
});

describe("router files: a module's mount path in its folder", () => {
  it.each([
    { file: "guilds/#guild_id/bans.ts", path: "/guilds/:guild_id/bans" },
    { file: "users/[user_id]/notes.ts", path: "/users/:user_id/notes" },
    { file: "users/:user_id.ts", path: "/users/:user_id" },
    { file: "users/index.ts", path: "/users" },
    { file: "index.ts", path: "/" },
    { file: "%2Ewell-known/config.mts", path: "/.well-known/config" },
    { file: "openapi.json.ts", path: "/openapi.json" },
    { file: "legacy/items.js", path: "/legacy/items" },
    // Not modules of the folder.
    { file: "users/types.d.ts", path: undefined },
    { file: "users/index.test.ts", path: undefined },
    { file: "users/__tests__/index.ts", path: undefined },
    { file: ".hidden/index.ts", path: undefined },
    { file: "users/README.md", path: undefined },
  ])("$file", ({ file, path: expected }) => {
    expect(routerFilePath(file)).toBe(expected);
  });

  it("mounts nothing for a folder whose modules export no router, and says so", async () => {
    const result = await generateFrom(
      {
        "src/routes/helpers.ts": `export const LIMIT = 10;`,
        "src/app.ts": `import express from "express"; const app = express(); app.get("/health", (q, s) => s.end()); app.listen(3000);`,
      },
      { routerFiles: [{ dir: "src/routes", prefix: "/api" }] },
    );
    expect(routeLines(result)).toEqual(["GET /health []"]);
    expect(diagnosticLines(result)).toEqual(["APX215 -"]);
  });
});

describe("a project whose only HTTP framework apidex does not read", () => {
  it("names it in APX001", async () => {
    const result = await generateFrom({
      "src/index.ts": `import { r } from "@marblejs/http";\nexport const hello$ = r.pipe(r.matchPath("/hello"), r.matchType("GET"), r.useEffect((req$) => req$));\n`,
    });
    expect(result.operations).toEqual([]);
    const apx001 = result.diagnostics.sorted().find((d) => d.code === "APX001");
    expect(apx001?.message).toMatch(/The sources import Marble\.js, which apidex does not read\./);
  });

  it("names koa-joi-controllers in APX002 where a Koa app uses it (and no longer Egg.js, which apidex reads)", async () => {
    const result = await generateFrom({
      "src/index.ts": `import Koa from "koa";\nimport { KJSRouter } from "koa-joi-controllers";\nconst app = new Koa();\nconst router = new KJSRouter();\napp.use(router.getRouter().routes());\napp.listen(8080);\n`,
      "src/controller/home.ts": `import { Controller } from "egg";\nexport default class HomeController extends Controller { async index() { this.ctx.body = "hi"; } }\n`,
    });
    const apx002 = result.diagnostics
      .sorted()
      .filter((d) => d.code === "APX002")
      .map((d) => d.message);
    expect(apx002.some((m) => m.includes("koa-joi-controllers"))).toBe(true);
    expect(apx002.some((m) => m.includes("Egg.js"))).toBe(false);
  });
});
