import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../generator/config/load-config.js";
import { generate } from "../generator/generate.js";
import { diskProject } from "./helpers/disk-project.js";
import { filesUnder } from "./helpers/files.js";
import { diagnosticLines, generateFrom, type InMemoryCase, routeLines } from "./helpers/in-memory.js";
import { REPO_ROOT } from "./helpers/repo.js";

/**
 * next.config's `rewrites`: a route file answers at the paths a rewrite sends to it, as well as at its own.
 * The oracle runs the config's real `rewrites()` and turns its entries into route regexes with
 * @vercel/routing-utils (path-to-regexp, the conversion Vercel applies to a Next.js project's rewrites), then
 * checks that every path apidex added reaches, through them, the route file operation it was copied from.
 */

const AUTH = `export function requirePermission(req: unknown, key: string): void {}\n`;
const USERS_ROUTE = [
  `import { requirePermission } from "../../../../lib/auth";`,
  `export async function GET(request: Request) { requirePermission(request, "users.read"); return Response.json({}); }`,
  `export async function DELETE(request: Request) { requirePermission(request, "users.delete"); return new Response(null); }`,
].join("\n");
const HEALTH = [
  `import type { NextApiRequest, NextApiResponse } from "next";`,
  `export default function handler(req: NextApiRequest, res: NextApiResponse) {`,
  `  if (req.method !== "GET") return res.status(405).end();`,
  `  res.json({ ok: true });`,
  `}`,
].join("\n");
const FILES = { "lib/auth.ts": AUTH, "app/api/users/[id]/route.ts": USERS_ROUTE, "pages/api/health.ts": HEALTH };

const CASES: InMemoryCase[] = [
  {
    name: "an async rewrites() method returning an array: a prefix mapping, a one-path rewrite; pages and other origins are no route's",
    files: {
      ...FILES,
      "next.config.js": [
        `module.exports = {`,
        `  reactStrictMode: true,`,
        `  async rewrites() {`,
        `    return [`,
        `      { source: "/v1/:path*", destination: "/api/:path*" },`,
        `      { source: "/u/:uid", destination: "/api/users/:uid" },`,
        `      { source: "/about", destination: "/about-us" },`,
        `      { source: "/proxy/:p*", destination: "https://example.com/:p*" },`,
        `    ];`,
        `  },`,
        `};`,
      ].join("\n"),
    },
    routes: [
      "DELETE /api/users/{id} [users.delete]",
      "DELETE /u/{uid} [users.delete]",
      "DELETE /v1/users/{id} [users.delete]",
      "GET /api/health []",
      "GET /api/users/{id} [users.read]",
      "GET /u/{uid} [users.read]",
      "GET /v1/health []",
      "GET /v1/users/{id} [users.read]",
    ],
  },
  {
    name: "next.config.ts: a const config with `rewrites: async () => ({ beforeFiles, afterFiles, fallback })`, under basePath (and an entry with basePath: false)",
    files: {
      ...FILES,
      "next.config.ts": [
        `import type { NextConfig } from "next";`,
        `const nextConfig: NextConfig = {`,
        `  basePath: "/docs",`,
        `  rewrites: async () => ({`,
        `    beforeFiles: [{ source: "/v2/health", destination: "/api/health" }],`,
        `    afterFiles: [{ source: "/people/:id", destination: "/api/users/:id" }],`,
        `    fallback: [{ source: "/status", destination: "/docs/api/health", basePath: false }],`,
        `  }),`,
        `};`,
        `export default nextConfig;`,
      ].join("\n"),
    },
    routes: [
      "DELETE /docs/api/users/{id} [users.delete]",
      "DELETE /docs/people/{id} [users.delete]",
      "GET /docs/api/health []",
      "GET /docs/api/users/{id} [users.read]",
      "GET /docs/people/{id} [users.read]",
      "GET /docs/v2/health []",
      "GET /status []",
    ],
  },
  {
    name: "a shorthand `rewrites` of a function above; entries apidex cannot map are said (APX201): conditions, spreads, computed paths, an /api destination no route file answers",
    files: {
      ...FILES,
      "next.config.mjs": [
        `const legacy = [];`,
        `async function rewrites() {`,
        `  return [`,
        `    { source: "/old/:id", destination: "/api/users/:id", has: [{ type: "header", key: "x-legacy" }] },`,
        `    ...legacy,`,
        `    { source: process.env.PREFIX + "/:path*", destination: "/api/:path*" },`,
        `    { source: "/nowhere", destination: "/api/missing" },`,
        `    { source: "/h", destination: "/api/health" },`,
        `  ];`,
        `}`,
        `export default { rewrites };`,
      ].join("\n"),
    },
    routes: ["DELETE /api/users/{id} [users.delete]", "GET /api/health []", "GET /api/users/{id} [users.read]", "GET /h []"],
    diagnostics: ["APX201 next.config.mjs:4", "APX201 next.config.mjs:5", "APX201 next.config.mjs:6", "APX201 next.config.mjs:7"],
  },
  {
    name: "rewrites that return something apidex cannot read: said once, the route files indexed at their own paths",
    files: {
      ...FILES,
      "next.config.js": [`const load = () => [];`, `module.exports = { async rewrites() { return load(); } };`].join("\n"),
    },
    routes: ["DELETE /api/users/{id} [users.delete]", "GET /api/health []", "GET /api/users/{id} [users.read]"],
    diagnostics: ["APX201 next.config.js:2"],
  },
  {
    name: "a catch-all source sent to one route file is one segment (APX205)",
    files: {
      ...FILES,
      "next.config.js": `module.exports = { rewrites: async () => [{ source: "/healthz/:rest*", destination: "/api/health" }] };`,
    },
    routes: ["DELETE /api/users/{id} [users.delete]", "GET /api/health []", "GET /api/users/{id} [users.read]", "GET /healthz/{rest} []"],
    diagnostics: ["APX205 next.config.js:1"],
  },
];

describe("next.config rewrites, in memory", () => {
  it.each(CASES)("$name", async ({ files, routes, diagnostics, config }) => {
    const result = await generateFrom(files, config);
    expect(routeLines(result)).toEqual([...routes].sort());
    expect(diagnosticLines(result).sort()).toEqual([...(diagnostics ?? [])].sort());
  });
});

describe("next.config rewrites against the config's own rewrites() and Vercel's path-to-regexp routes", () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it("every path a rewrite adds reaches the route file operation it copies; none other is added", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "apidex-next-rewrites-"));
    dirs.push(root);
    const config = [
      `export default {`,
      `  async rewrites() {`,
      `    return {`,
      `      beforeFiles: [{ source: "/v2/health", destination: "/api/health" }],`,
      `      afterFiles: [`,
      `        { source: "/v1/:path*", destination: "/api/:path*" },`,
      `        { source: "/u/:uid", destination: "/api/users/:uid" },`,
      `        { source: "/orgs/:org/members/:id", destination: "/api/users/:id" },`,
      `        { source: "/about", destination: "/about-us" },`,
      `      ],`,
      `    };`,
      `  },`,
      `};`,
    ].join("\n");
    const files: Record<string, string> = { ...FILES, "next.config.mjs": config, "package.json": `{ "name": "web", "type": "module" }` };
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
      writeFileSync(path.join(root, name), text);
    }
    const result = await generate(await loadConfig({ cwd: REPO_ROOT, root }));
    expect(result.diagnostics.errors).toEqual([]);

    // The config's real rewrites, as Vercel's routing turns them into route regexes.
    const loaded = (await import(pathToFileURL(path.join(root, "next.config.mjs")).href)) as {
      default: { rewrites(): Promise<Record<string, { source: string; destination: string }[]>> };
    };
    const lists = await loaded.default.rewrites();
    const entries = [...(lists.beforeFiles ?? []), ...(lists.afterFiles ?? []), ...(lists.fallback ?? [])];
    const { getTransformedRoutes } = (await import("@vercel/routing-utils")) as unknown as {
      getTransformedRoutes(config: Record<string, unknown>): { routes: { src?: string; dest?: string }[] | null; error: unknown };
    };
    const transformed = getTransformedRoutes({ rewrites: entries });
    expect(transformed.error ?? null).toBeNull();
    const routes = (transformed.routes ?? []).filter((r) => r.src && r.dest);
    const rewrite = (url: string): string | undefined => {
      for (const route of routes) {
        const found = new RegExp(route.src!).exec(url);
        if (found) return route.dest!.replace(/\$(\d+)/g, (_, n: string) => found[Number(n)] ?? "").split("?")[0];
      }
      return undefined;
    };

    // The route files' own operations, by method and concrete path.
    const concrete = (p: string) => p.replace(/\{[^}]+\}/g, "x1");
    const own = new Map<string, string[]>();
    // app/api/users/[id]/route.ts and pages/api/health.ts.
    for (const route of ["/api/users/{id}", "/api/health"])
      own.set(
        concrete(route),
        result.operations
          .filter((op) => op.path === route)
          .map((op) => `${op.method} ${op.permissions.join(",")}`)
          .sort(),
      );
    expect([...own.values()].every((ops) => ops.length > 0)).toBe(true);

    const added = result.operations.filter((op) => !own.has(concrete(op.path)));
    expect(added.map((op) => `${op.method} ${op.path}`).sort()).toEqual([
      "DELETE /orgs/{org}/members/{id}",
      "DELETE /u/{uid}",
      "DELETE /v1/users/{id}",
      "GET /orgs/{org}/members/{id}",
      "GET /u/{uid}",
      "GET /v1/health",
      "GET /v1/users/{id}",
      "GET /v2/health",
    ]);
    for (const op of added) {
      const target = rewrite(concrete(op.path));
      expect(target, `${op.method} ${op.path}`).toBeDefined();
      expect(own.get(target!), `${op.method} ${op.path} → ${target}`).toContain(`${op.method} ${op.permissions.join(",")}`);
    }
    // A page's rewrite adds nothing.
    expect(rewrite("/about")).toBe("/about-us");
    expect(result.operations.some((op) => op.path === "/about")).toBe(false);
  });
});

describe("next.config rewrites with the run cache", () => {
  it("a cached run after an edit indexes what a full run does: rewrites copy the routes of unchanged route files too", async () => {
    const project = diskProject("apidex-next-rewrites-cache-", {
      "package.json": JSON.stringify({ name: "next-cache", version: "1.0.0", dependencies: { next: "15.0.0" } }),
      "next.config.js": `module.exports = { async rewrites() { return [{ source: "/v1/:path*", destination: "/api/:path*" }]; } };\n`,
      "app/api/a/route.ts": `export function GET(request: Request) { return new Response("a"); }\n`,
      "app/api/b/route.ts": `export function POST(request: Request) { return new Response("b"); }\n`,
    });
    try {
      await project.run(true);
      project.write("app/api/b/route.ts", `export function PUT(request: Request) { return new Response("b"); }\n`);
      await project.run(true);
      await project.run(false);
      expect(project.operations()).toEqual(["GET /api/a", "GET /v1/a", "PUT /api/b", "PUT /v1/b"]);
      expect(filesUnder(project.cached)).toEqual(filesUnder(project.full));
      // The config is an input of the run: a cached run after editing it reads the new rewrites.
      project.write(
        "next.config.js",
        `module.exports = { async rewrites() { return [{ source: "/v2/:path*", destination: "/api/:path*" }]; } };\n`,
      );
      await project.run(true);
      expect(project.operations()).toEqual(["GET /api/a", "GET /v2/a", "PUT /api/b", "PUT /v2/b"]);
    } finally {
      project.remove();
    }
  });
});
