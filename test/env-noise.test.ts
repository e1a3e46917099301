import { describe, expect, it } from "vitest";
import { diagnosticLines, generateFrom, type InMemoryCase, routeLines } from "./helpers/in-memory.js";

/**
 * APX219 (an environment variable's default in the code) and APX213 (a run-time condition decides what is
 * pushed to an array) are said only where the value can reach the artifacts: where an adapter reads it (a
 * path, a prefix, a mount, a permission key, a module list, a route table), where a condition on it decides
 * a registration, or where a loop over it registers routes. The interpreter evaluates every file's top level
 * (scripts, tracers, database clients); what only that code uses is summed up in one line per code ("-": no
 * site), so nothing is silent.
 */
const APP = `import express from "express"; import { router } from "./routes"; const app = express(); app.use("/api", router); app.listen(3000);`;
const ROUTES = `import { Router } from "express"; export const router = Router(); router.get("/items", (q, s) => s.json([]));`;

const CASES: InMemoryCase[] = [
  {
    name: "APX219: a default in a script no route imports is only counted",
    files: {
      "app.ts": APP,
      "routes.ts": ROUTES,
      "scripts/cleanup.ts": `import { createClient } from "redis";\nconst url = process.env.REDIS_URL || "redis://localhost:6379";\nfunction connect(to: string) { return createClient({ url: to }).connect(); }\nconnect(url);\n`,
    },
    routes: ["GET /api/items []"],
    diagnostics: ["APX219 -"],
  },
  {
    name: "APX219: a default in a helper module a route file imports, whose value reaches no route (a database URL), is only counted",
    files: {
      "app.ts": APP,
      "db.ts": `import { Pool } from "pg";\nexport const DATABASE_URL = process.env.DATABASE_URL ?? "postgres://localhost/app";\nfunction makePool(url: string) { return new Pool({ connectionString: url }); }\nexport const pool = makePool(DATABASE_URL);\n`,
      "routes.ts": `import { Router } from "express"; import { pool } from "./db";\nexport const router = Router();\nrouter.get("/items", async (q, s) => s.json(await pool.query("select 1")));\n`,
    },
    routes: ["GET /api/items []"],
    diagnostics: ["APX219 -"],
  },
  {
    name: "APX219: a default that makes a mount prefix is said where it is read",
    files: {
      "app.ts": `import express from "express"; import { router } from "./routes";\nconst base = process.env.BASE_PATH || "/v2";\nconst app = express(); app.use(base, router);\n`,
      "routes.ts": ROUTES,
    },
    routes: ["GET /v2/items []"],
    diagnostics: ["APX219 app.ts:2"],
  },
  {
    name: "APX219: a default in a settings module that makes a route path is said, the module's other defaults only counted",
    files: {
      "settings.ts": `export const settings = {\n  prefix: process.env.ROUTE_PREFIX || "/hooks",\n  redis: process.env.REDIS_URL || "redis://localhost",\n};\n`,
      "app.ts": `import express from "express"; import { settings } from "./settings"; import { createClient } from "redis";\nconst app = express(); const connect = (url: string) => createClient({ url }); connect(settings.redis);\napp.post(\`\${settings.prefix}/github\`, (q, s) => s.end());\n`,
    },
    routes: ["POST /hooks/github []"],
    diagnostics: ["APX219 -", "APX219 app.ts:3"],
  },
  {
    name: "APX219: a default a condition reads that decides a registration is said, with the condition (APX217)",
    files: {
      "app.ts": `import express from "express"; import { router } from "./routes";\nconst mode = process.env.MODE || "full";\nconst app = express();\nif (mode === "full") app.use("/admin", router);\n`,
      "routes.ts": ROUTES,
    },
    routes: ["GET /admin/items [] unresolved(registration)"],
    diagnostics: ["APX219 app.ts:2", "APX217 app.ts:4"],
  },
  {
    name: "APX219: a default that is a permission key is said",
    files: {
      "app.ts": `import express from "express"; import { requirePermission } from "./auth";\nconst app = express();\nconst ADMIN = process.env.ADMIN_PERMISSION || "admin:write";\napp.delete("/users/:id", requirePermission(ADMIN), (q, s) => s.end());\n`,
      "auth.ts": `export function requirePermission(key: string) { return (req: any, res: any, next: any) => next(); }\n`,
    },
    routes: ["DELETE /users/{id} [admin:write]"],
    diagnostics: ["APX219 app.ts:3"],
  },
  {
    name: "APX213: a push under a run-time condition to an array a script builds (a Redis URL's parts) is only counted",
    files: {
      "app.ts": APP,
      "routes.ts": ROUTES,
      "lib/db.ts": `const parts: string[] = ["redis://"];\nif (process.env.REDIS_USER) parts.push(\`\${process.env.REDIS_USER}@\`);\nexport const redisUrl = parts.join("");\n`,
    },
    routes: ["GET /api/items []"],
    diagnostics: ["APX213 -"],
  },
  {
    name: "APX213: a push under a run-time condition to routers a loop mounts is said (even when the loop runs over none)",
    files: {
      "app.ts": `import express, { Router } from "express";\nconst app = express(); const routers: Router[] = [];\nif (process.env.ADMIN) routers.push(Router());\nfor (const r of routers) app.use("/admin", r);\napp.get("/x", (q, s) => s.end());\n`,
    },
    routes: ["GET /x []"],
    diagnostics: ["APX213 app.ts:3"],
  },
  {
    name: "APX213: a push under a run-time condition to a NestJS module list is said where the module reads it",
    files: {
      "app.module.ts": `import { Controller, Get, Module } from "@nestjs/common";\nconst modules: unknown[] = [];\nif (process.env.SEARCH) modules.push(SearchModule);\n@Controller("search") export class SearchController { @Get() find() { return []; } }\n@Module({ controllers: [SearchController] }) export class SearchModule {}\n@Controller("items") export class ItemsController { @Get() list() { return []; } }\n@Module({ imports: [...modules], controllers: [ItemsController] }) export class AppModule {}\n`,
      "main.ts": `import { NestFactory } from "@nestjs/core"; import { AppModule } from "./app.module";\nasync function bootstrap() { const app = await NestFactory.create(AppModule); await app.listen(3000); }\nbootstrap();\n`,
    },
    routes: ["GET /items []"],
    diagnostics: ["APX213 app.module.ts:3"],
  },
];

describe("APX219 and APX213 only where the value can reach the artifacts", () => {
  it.each(CASES.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    const result = await generateFrom(c.files, c.config);
    expect(routeLines(result)).toEqual([...c.routes].sort());
    expect(diagnosticLines(result)).toEqual(c.diagnostics ?? []);
  });

  it("sums up what no route reads in one line per code, naming the variables and where they are read", async () => {
    const result = await generateFrom({
      "app.ts": APP,
      "routes.ts": ROUTES,
      "scripts/a.ts": `const a = process.env.A_URL || "http://a"; const b = process.env.B_URL || "http://b"; fetch(a); fetch(b);\n`,
    });
    const said = result.diagnostics.items.filter((d) => d.code === "APX219");
    expect(said).toHaveLength(1);
    expect(said[0]!.message).toMatch(/^2 environment variables .*`A_URL` \(scripts\/a\.ts:1\), `B_URL` \(scripts\/a\.ts:1\)/);
  });

  it("--strict still fails on a default that makes a path", async () => {
    const result = await generateFrom(
      {
        "app.ts": `import express from "express";\nconst app = express();\napp.get((process.env.BASE || "/api") + "/x", (q, s) => s.end());\n`,
      },
      { strict: true },
    );
    expect(result.diagnostics.errors.map((d) => d.code)).toEqual(["APX219"]);
  });
});
