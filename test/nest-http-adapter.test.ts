/**
 * What a NestJS bootstrap registers on the application itself, beside its controllers: on the default
 * platform the app is an Express app underneath, so `app.use(path, router)`, `app.getHttpAdapter().get(...)`
 * and the instance `getInstance()` returns serve routes outside Nest's router (no global prefix). Read in
 * memory, and the first case booted with the real @nestjs/core + @nestjs/platform-express from the same
 * sources and asked over HTTP for every indexed route (and for the same path under the global prefix, which
 * Nest does not give these routes).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { nestScratch } from "./helpers/nest-runtime.js";
import { diagnosticLines, generateFrom, type InMemoryCase, routeLines } from "./helpers/in-memory.js";

const PACKAGE = JSON.stringify({
  dependencies: { "@nestjs/core": "11.1.0", "@nestjs/common": "11.1.0", "@nestjs/platform-express": "11.1.0", express: "5.1.0" },
});
const MODULE = `import { Controller, Get, Module } from "@nestjs/common";\n@Controller("items") export class Items { @Get() list() { return []; } }\n@Module({ controllers: [Items] }) export class AppModule {}\n`;
/** The bootstrap's entry: it runs `bootstrap()` (the oracle imports main.ts alone, which starts nothing). */
const INDEX = `import { bootstrap } from "./main.js";\nvoid bootstrap();\n`;

const CASES: InMemoryCase[] = [
  {
    name: "a router given to app.use() and a route of the HTTP adapter: served beside the controllers, without the global prefix",
    files: {
      "src/app.module.ts": MODULE,
      "src/index.ts": INDEX,
      "src/main.ts": [
        `import "reflect-metadata";`,
        `import { NestFactory } from "@nestjs/core";`,
        `import type { INestApplication } from "@nestjs/common";`,
        `import express from "express";`,
        `import { AppModule, Items } from "./app.module.js";`,
        `export function configure(app: INestApplication): INestApplication {`,
        `  app.setGlobalPrefix("api");`,
        `  const hooks = express.Router();`,
        `  hooks.post("/stripe", (req, res) => { res.send("ok"); });`,
        `  app.use("/hooks", express.raw({ type: "application/json" }));`,
        `  app.use("/hooks", hooks);`,
        `  app.getHttpAdapter().get("/health", (req: unknown, res: { send(body: string): void }) => res.send("up"));`,
        `  // The application's own get() returns a provider: no route.`,
        `  void app.get(Items, { strict: false });`,
        `  return app;`,
        `}`,
        `export async function bootstrap() {`,
        `  const app = configure(await NestFactory.create(AppModule, { bodyParser: false }));`,
        `  await app.listen(3000);`,
        `}`,
        ``,
      ].join("\n"),
    },
    routes: ["GET /api/items []", "GET /health []", "POST /hooks/stripe []"],
    diagnostics: [],
  },
  {
    name: "the Express instance under the app: getInstance() of the HTTP adapter, and the app an ExpressAdapter is given",
    files: {
      "src/app.module.ts": MODULE,
      "src/index.ts": INDEX,
      "src/main.ts": [
        `import { NestFactory } from "@nestjs/core";`,
        `import { ExpressAdapter } from "@nestjs/platform-express";`,
        `import express from "express";`,
        `import { AppModule } from "./app.module.js";`,
        `export async function bootstrap() {`,
        `  const server = express();`,
        `  const app = await NestFactory.create(AppModule, new ExpressAdapter(server));`,
        `  app.use("/metrics", (req, res) => { res.send(""); });`,
        `  server.get("/ready", (req, res) => { res.send("ready"); });`,
        `  app.getHttpAdapter().getInstance().post("/callback", (req, res) => { res.send("ok"); });`,
        `  await app.listen(3000);`,
        `}`,
        ``,
      ].join("\n"),
    },
    routes: [
      "DELETE /metrics []",
      "GET /items []",
      "GET /metrics []",
      "GET /ready []",
      "HEAD /metrics []",
      "OPTIONS /metrics []",
      "PATCH /metrics []",
      "POST /callback []",
      "POST /metrics []",
      "PUT /metrics []",
    ],
    diagnostics: [],
  },
  {
    name: "on Fastify the app is no Express app: what is registered on it is said, with why",
    files: {
      "src/app.module.ts": MODULE,
      "src/index.ts": INDEX,
      "src/main.ts": [
        `import { NestFactory } from "@nestjs/core";`,
        `import { FastifyAdapter, type NestFastifyApplication } from "@nestjs/platform-fastify";`,
        `import express from "express";`,
        `import { AppModule } from "./app.module.js";`,
        `export async function bootstrap() {`,
        `  const app = await NestFactory.create<NestFastifyApplication>(AppModule, new FastifyAdapter());`,
        `  app.use("/hooks", express.Router());`,
        `  await app.listen(3000);`,
        `}`,
        ``,
      ].join("\n"),
    },
    routes: ["GET /items []"],
    diagnostics: ["APX210 src/main.ts:7"],
  },
];

describe("NestJS: routes registered on the application's HTTP adapter (in memory)", () => {
  it.each(CASES)("$name", async ({ files, routes, diagnostics }) => {
    const result = await generateFrom({ "package.json": PACKAGE, ...files });
    expect(routeLines(result)).toEqual(routes);
    expect(diagnosticLines(result).filter((d) => !d.startsWith("APX5"))).toEqual(diagnostics);
  });

  it("says why a Fastify application's registrations are not read", async () => {
    const result = await generateFrom({ "package.json": PACKAGE, ...CASES[2]!.files });
    const warning = result.diagnostics.items.find((d) => d.code === "APX210");
    expect(warning?.message).toMatch(/NestJS application on an HTTP adapter apidex does not read/);
  });
});

describe("NestJS: routes registered on the application's HTTP adapter, against the real @nestjs/core + @nestjs/platform-express", () => {
  const scratch = nestScratch("apidex-nest-adapter-");

  it("every indexed route answers, and none of the app's own answers under the global prefix", async () => {
    const { files } = CASES[0]!;
    const result = await generateFrom({ "package.json": PACKAGE, ...files });
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
      writeFileSync(path.join(scratch, file), text);
    }
    await import("reflect-metadata");
    const { NestFactory } = await import("@nestjs/core");
    const { AppModule } = (await import(pathToFileURL(path.join(scratch, "src", "app.module.ts")).href)) as { AppModule: never };
    const { configure } = (await import(pathToFileURL(path.join(scratch, "src", "main.ts")).href)) as {
      configure: (app: unknown) => unknown;
    };
    const app = await NestFactory.create(AppModule, { logger: false, bodyParser: false });
    configure(app);
    await app.listen(0, "127.0.0.1");
    try {
      const base = (await app.getUrl()).replace("[::1]", "127.0.0.1");
      const status = async (method: string, url: string) => (await fetch(`${base}${url}`, { method })).status;
      const operations = result.index.operations;
      expect(operations.length).toBe(3);
      for (const op of operations) {
        expect(await status(op.method, op.path), `${op.method} ${op.path}`).toBe(200);
        const other = op.path.startsWith("/api/") ? op.path.slice(4) : `/api${op.path}`;
        expect(await status(op.method, other), `${op.method} ${other}`).toBe(404);
      }
    } finally {
      await app.close();
    }
  });
});
