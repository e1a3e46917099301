import { describe, expect, it } from "vitest";
import { freshRoute } from "../generator/extract/file-routes/fresh.js";
import { mayRegisterRoutes } from "../generator/scan/route-hints.js";
import { diagnosticLines, generateFrom, type InMemoryCase, routeLines } from "./helpers/in-memory.js";

/**
 * Deno Fresh's file routes (`routes/**`, a `handler` export of methods or one function), written the way Fresh 1
 * (`$fresh/server.ts` through deno.json's import map) and Fresh 2 (`define.handlers` of `createDefine()` from
 * `fresh`) projects write them.
 */

const AUTH = `export function assertPermission(ctx: unknown, key: string): void {}\n`;
const FRESH1 = `import type { Handlers, PageProps } from "$fresh/server.ts";\n`;
const DENO_JSON = `{ "imports": { "$fresh/": "https://deno.land/x/fresh@1.7.3/" } }`;

const CASES: InMemoryCase[] = [
  {
    name: "Fresh 1: handler objects of routes/ modules (index, [id], [[lang]], [...slug], (group)); a page's GET is the page, its POST an operation; _app, _middleware and (_components) are no routes",
    files: {
      "deno.json": DENO_JSON,
      "lib/auth.ts": AUTH,
      "routes/_app.tsx": `${FRESH1}export default function App({ Component }: PageProps) { return Component(); }\n`,
      "routes/_middleware.ts": `export function handler(req: Request, ctx: { next(): Promise<Response> }) { return ctx.next(); }\n`,
      "routes/index.tsx": `export default function Home() { return null; }\n`,
      "routes/api/items/index.ts": `${FRESH1}import { assertPermission } from "../../../lib/auth.ts";\nexport const handler: Handlers = {\n  async GET(req, ctx) { assertPermission(ctx, "items.read"); return Response.json([]); },\n  async POST(req, ctx) { assertPermission(ctx, "items.create"); return new Response(null, { status: 201 }); },\n};\n`,
      "routes/api/items/[id].ts": `${FRESH1}export const handler: Handlers = { GET(_req, ctx) { return Response.json({ id: ctx.params.id }); }, DELETE: () => new Response(null, { status: 204 }) };\n`,
      "routes/[[lang]]/docs.ts": `${FRESH1}export const handler: Handlers = { GET() { return new Response("docs"); } };\n`,
      "routes/files/[...slug].ts": `${FRESH1}export const handler: Handlers = { GET(_req, ctx) { return new Response(ctx.params.slug); } };\n`,
      "routes/(marketing)/contact.tsx": `${FRESH1}export const handler: Handlers = {\n  GET(_req, ctx) { return ctx.render(); },\n  async POST(req) { return new Response(null, { status: 303, headers: { location: "/thanks" } }); },\n};\nexport default function Contact() { return null; }\n`,
      "routes/(_components)/Card.tsx": `export const handler = { GET() { return new Response("no route"); } };\nexport default function Card() { return null; }\n`,
    },
    routes: [
      "DELETE /api/items/{id} []",
      "GET /api/items [items.read]",
      "GET /api/items/{id} []",
      "GET /docs []",
      "GET /files []",
      "GET /files/{slug} []",
      "GET /{lang}/docs []",
      "POST /api/items [items.create]",
      "POST /contact []",
    ],
    diagnostics: ["APX205 routes/files/[...slug].ts:2"],
  },
  {
    name: "Fresh 1: a handler function answers the methods it tests (every method, said, where it tests none)",
    files: {
      "deno.json": DENO_JSON,
      "routes/api/ping.ts": `${FRESH1}export const handler = (req: Request) => {\n  if (req.method !== "POST") return new Response(null, { status: 405 });\n  return new Response("pong");\n};\n`,
      "routes/api/echo.ts": `${FRESH1}export async function handler(req: Request) { return new Response(await req.text()); }\n`,
    },
    routes: ["DELETE /api/echo []", "GET /api/echo []", "PATCH /api/echo []", "POST /api/echo []", "POST /api/ping []", "PUT /api/echo []"],
    diagnostics: ["APX230 routes/api/echo.ts:2"],
  },
  {
    name: "Fresh 2: define.handlers({...}) of createDefine() from `fresh` in utils.ts (the route modules do not import Fresh); a function of define.handlers",
    files: {
      "deno.json": `{ "imports": { "fresh": "jsr:@fresh/core@^2.0.0" } }`,
      "utils.ts": `import { createDefine } from "fresh";\nexport interface State { user?: string }\nexport const define = createDefine<State>();\n`,
      "lib/auth.ts": AUTH,
      "routes/api/users/[id].ts": `import { define } from "../../../utils.ts";\nimport { assertPermission } from "../../../lib/auth.ts";\nexport const handler = define.handlers({\n  GET(ctx) { assertPermission(ctx, "users.read"); return Response.json({ id: ctx.params.id }); },\n  DELETE(ctx) { assertPermission(ctx, "users.delete"); return new Response(null, { status: 204 }); },\n});\n`,
      "routes/api/health.ts": `import { define } from "../../utils.ts";\nexport const handler = define.handlers((ctx) => {\n  if (ctx.req.method !== "GET") return new Response(null, { status: 405 });\n  return Response.json({ ok: true });\n});\n`,
      "main.ts": `import { App, fsRoutes } from "fresh";\nexport const app = new App();\nawait fsRoutes(app, { loadIsland: (p) => import(\`./islands/\${p}\`), loadRoute: (p) => import(\`./routes/\${p}\`) });\n`,
    },
    routes: ["DELETE /api/users/{id} [users.delete]", "GET /api/health []", "GET /api/users/{id} [users.read]"],
  },
  {
    name: "a handler apidex cannot read (a package's) is said, and indexed under every method Fresh may call it for (a package's handler, as in a Next.js route file)",
    files: {
      "deno.json": DENO_JSON,
      "routes/api/proxy.ts": `${FRESH1}import { proxyHandler } from "some-proxy";\nexport const handler = proxyHandler({ target: "http://backend" });\n`,
    },
    routes: ["DELETE /api/proxy []", "GET /api/proxy []", "PATCH /api/proxy []", "POST /api/proxy []", "PUT /api/proxy []"],
    diagnostics: ["APX230 routes/api/proxy.ts:3"],
  },
  {
    name: "a routes/ folder of a project that does not use Fresh is not read as Fresh's",
    files: {
      "deno.json": `{}`,
      "routes/api/items.ts": `export const handler = { GET() { return new Response("[]"); } };\n`,
    },
    routes: [],
    diagnostics: ["APX001 -"],
  },
];

describe("Deno Fresh file routes", () => {
  it.each(CASES.map((c) => [c.name, c] as const))("%s", async (_, c) => {
    const result = await generateFrom(c.files, c.config);
    expect(routeLines(result)).toEqual(c.routes);
    expect(diagnosticLines(result)).toEqual(c.diagnostics ?? []);
  });

  it("the scan keeps a module that imports Fresh (Fresh 2's utils.ts, which is no route-shaped file), not one that imports a package of a similar name", () => {
    expect(mayRegisterRoutes(`import { createDefine } from "fresh";\nexport const define = createDefine();\n`, "utils.ts")).toBe(true);
    expect(mayRegisterRoutes(`import { Handlers } from "$fresh/server.ts";\n`, "lib/x.ts")).toBe(true);
    expect(mayRegisterRoutes(`import { App } from "jsr:@fresh/core@2";\n`, "main.ts")).toBe(true);
    expect(mayRegisterRoutes(`import freshness from "freshness";\nexport const x = 1;\n`, "lib/x.ts")).toBe(false);
  });

  it.each([
    ["routes/index.tsx", ["/"]],
    ["routes/blog/index.ts", ["/blog"]],
    ["routes/blog/[slug].tsx", ["/blog/{slug}"]],
    ["routes/v-[id]/x.ts", ["/v-{id}/x"]],
    ["routes/(shop)/(cart)/cart.tsx", ["/cart"]],
    ["routes/[[lang]]/index.tsx", ["/", "/{lang}"]],
    ["app/routes/api/[...path].ts", ["/api", "/api/{path}"]],
    ["routes/_404.tsx", undefined],
    ["routes/blog/_layout.tsx", undefined],
    ["routes/(_islands)/Counter.tsx", undefined],
    ["routes/api/items.test.ts", undefined],
    ["routes/types.d.ts", undefined],
    ["lib/routes/x.ts", undefined],
  ] as const)("%s answers %j", (file, paths) => {
    expect(freshRoute(file, ["routes", "app/routes"])?.paths).toEqual(paths);
  });
});
