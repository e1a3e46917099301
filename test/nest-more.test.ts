/**
 * NestJS shapes met on real services nobody here wrote: URI versioning without a version prefix
 * (`prefix: false`), versioning by the request (HEADER, MEDIA_TYPE, CUSTOM) with several handlers of one
 * method and path, and the global prefix's `exclude` under RouterModule paths. Each case is read in memory and,
 * where the claim is about what Nest serves, booted with the real @nestjs/core + @nestjs/platform-express
 * from the same sources (written to a scratch folder) and compared with the routes Express holds.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { nestScratch } from "./helpers/nest-runtime.js";
import { diagnosticLines, generateFrom, type InMemoryCase, routeLines } from "./helpers/in-memory.js";

const PACKAGE = JSON.stringify({ dependencies: { "@nestjs/core": "12.5.1", "@nestjs/common": "12.5.1" } });

/** A bootstrap that applies `body` to the app (exported as `configure`, which the oracle applies too). */
const main = (body: string) =>
  `import "reflect-metadata";\nimport { NestFactory } from "@nestjs/core";\nimport { type INestApplication, RequestMethod, VersioningType, VERSION_NEUTRAL } from "@nestjs/common";\nimport { AppModule } from "./app.module.js";\nvoid RequestMethod; void VersioningType; void VERSION_NEUTRAL;\nexport function configure(app: INestApplication): INestApplication {\n${body}\n  return app;\n}\nexport async function bootstrap() {\n  const app = configure(await NestFactory.create(AppModule));\n  await app.listen(3000);\n}\n`;
const IMPORTS = `import { Controller, Get, Module, Version, VERSION_NEUTRAL, SetMetadata } from "@nestjs/common";\nimport { RouterModule } from "@nestjs/core";\nvoid VERSION_NEUTRAL; void RouterModule; void Version; void SetMetadata;\n`;

const CASES: (InMemoryCase & { oracle?: boolean })[] = [
  {
    name: "URI versioning with prefix: false: the version is the segment itself",
    oracle: true,
    files: {
      "src/main.ts": main(`  app.enableVersioning({ type: VersioningType.URI, prefix: false, defaultVersion: "1" });`),
      "src/app.module.ts": `${IMPORTS}@Controller("cats") export class Cats { @Get() list() {} @Version("2") @Get(":id") one() {} }\n@Module({ controllers: [Cats] }) export class AppModule {}\n`,
    },
    routes: ["GET /1/cats []", "GET /2/cats/{id} []"],
    diagnostics: [],
  },
  {
    name: "URI versioning with a prefix of its own, beside the global prefix and VERSION_NEUTRAL",
    oracle: true,
    files: {
      "src/main.ts": main(
        `  app.setGlobalPrefix("api", { exclude: ["health"] });\n  app.enableVersioning({ type: VersioningType.URI, prefix: "ver", defaultVersion: ["1", "2"] });`,
      ),
      "src/app.module.ts": `${IMPORTS}@Controller("health") export class Health { @Get() up() {} }\n@Controller("a") export class A { @Get() a() {} @Version(["3", VERSION_NEUTRAL]) @Get("n") n() {} }\n@Module({ controllers: [Health, A] }) export class AppModule {}\n`,
    },
    routes: [
      "GET /api/a/n []",
      "GET /api/ver1/a []",
      "GET /api/ver2/a []",
      "GET /api/ver3/a/n []",
      "GET /ver1/health []",
      "GET /ver2/health []",
    ],
    diagnostics: [],
  },
  {
    name: "a version prefix apidex cannot read: said, Nest's default `v` kept",
    files: {
      "src/main.ts": main(`  app.enableVersioning({ type: VersioningType.URI, prefix: process.argv[2], defaultVersion: "1" });`),
      "src/app.module.ts": `${IMPORTS}@Controller("cats") export class Cats { @Get() list() {} }\n@Module({ controllers: [Cats] }) export class AppModule {}\n`,
    },
    routes: ["GET /v1/cats []"],
    diagnostics: ["APX201 src/main.ts:7"],
  },
  {
    name: "header versioning: handlers of one path that differ by version are one operation, alternatives, no APX403",
    oracle: true,
    files: {
      "src/main.ts": main(`  app.enableVersioning({ type: VersioningType.HEADER, header: "X-Api-Version" });`),
      "src/app.module.ts": `${IMPORTS}@Controller("cats") export class Cats {\n  @Version("1") @SetMetadata("permissions", ["cats:read"]) @Get() v1() {}\n  @Version("2") @SetMetadata("permissions", ["cats:read", "cats:list"]) @Get() v2() {}\n  @Get("plain") plain() {}\n}\n@Module({ controllers: [Cats] }) export class AppModule {}\n`,
    },
    routes: ["GET /cats [cats:read] unresolved(handler,permissions)", "GET /cats/plain []"],
    diagnostics: [],
  },
  {
    name: "media-type versioning with a default version: a controller's routes and another's of the same path",
    oracle: true,
    files: {
      "src/main.ts": main(`  app.enableVersioning({ type: VersioningType.MEDIA_TYPE, key: "v=", defaultVersion: "1" });`),
      "src/app.module.ts": `${IMPORTS}@Controller("cats") export class CatsV1 { @Get() list() {} }\n@Controller({ path: "cats", version: ["2", "3"] }) export class CatsV2 { @Get() list() {} }\n@Module({ controllers: [CatsV1, CatsV2] }) export class AppModule {}\n`,
    },
    routes: ["GET /cats [] unresolved(handler)"],
    diagnostics: [],
  },
  {
    name: "header versioning: two handlers of the same version still shadow (APX403), a version array is one route",
    files: {
      "src/main.ts": main(`  app.enableVersioning({ type: VersioningType.HEADER, header: "X-Api-Version" });`),
      "src/app.module.ts": `${IMPORTS}@Controller("cats") export class Cats { @Version(["1", "2"]) @Get() a() {} @Version("2") @Get() b() {} @Version(["1", "2"]) @Get("x") x() {} }\n@Module({ controllers: [Cats] }) export class AppModule {}\n`,
    },
    routes: ["GET /cats []", "GET /cats/x []"],
    diagnostics: ["APX403 src/app.module.ts:4"],
  },
  {
    name: "RouterModule paths: an exclude names the module's path, a child given as a bare module class",
    oracle: true,
    files: {
      "src/main.ts": main(`  app.setGlobalPrefix("api", { exclude: ["admin/status"] });`),
      "src/app.module.ts": `${IMPORTS}@Controller("status") export class Status { @Get() a() {} }\n@Controller("users") export class Users { @Get() a() {} }\n@Module({ controllers: [Users] }) export class UsersModule {}\n@Module({ controllers: [Status], imports: [UsersModule] }) export class AdminModule {}\n@Module({ imports: [AdminModule, RouterModule.register([{ path: "admin", module: AdminModule, children: [UsersModule] }])] }) export class AppModule {}\n`,
    },
    routes: ["GET /admin/status []", "GET /api/admin/users []"],
    diagnostics: [],
  },
];

describe("NestJS: versioning and prefixes (in memory)", () => {
  it.each(CASES)("$name", async ({ files, routes, diagnostics }) => {
    const result = await generateFrom({ "package.json": PACKAGE, ...files });
    expect(routeLines(result)).toEqual(routes);
    if (diagnostics) expect(diagnosticLines(result).filter((d) => !d.startsWith("APX5"))).toEqual(diagnostics);
  });
});

/** The routes Express holds for a Nest app: a controller's handler is one layer per method (Nest's own binding of an excluded path answers every method, and is no route). */
function expressRoutes(app: { router: { stack: { route?: { path: string; methods: Record<string, boolean> } }[] } }): string[] {
  const out = new Set<string>();
  for (const layer of app.router.stack) {
    const methods = Object.keys(layer.route?.methods ?? {}).filter((m) => layer.route!.methods[m]);
    if (methods.length !== 1) continue;
    out.add(`${methods[0]!.toUpperCase()} ${layer.route!.path.replace(/:([A-Za-z_$][\w$]*)/g, "{$1}")}`);
  }
  return [...out].sort();
}

describe("NestJS: versioning and prefixes, against the real @nestjs/core + @nestjs/platform-express", () => {
  // The same sources, written out with a tsconfig that turns decorators on and the project's node_modules beside them.
  const scratch = nestScratch("apidex-nest-more-");

  it.each(CASES.filter((c) => c.oracle).map((c, i) => ({ ...c, dir: `case${i}` })))("$name", async ({ files, dir }) => {
    const result = await generateFrom({ "package.json": PACKAGE, ...files });
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(scratch, dir, file)), { recursive: true });
      writeFileSync(path.join(scratch, dir, file), text);
    }
    await import("reflect-metadata");
    const { NestFactory } = await import("@nestjs/core");
    const { AppModule } = (await import(pathToFileURL(path.join(scratch, dir, "src", "app.module.ts")).href)) as { AppModule: never };
    const { configure } = (await import(pathToFileURL(path.join(scratch, dir, "src", "main.ts")).href)) as {
      configure: (app: unknown) => unknown;
    };
    const app = await NestFactory.create(AppModule, { logger: false });
    configure(app);
    await app.listen(0, "127.0.0.1");
    try {
      const runtime = expressRoutes(app.getHttpAdapter().getInstance());
      expect(runtime).toEqual([...new Set(result.index.operations.map((o) => `${o.method} ${o.path}`))].sort());
      // Request versioning: each handler of a path answers for its own version (they are alternatives, not shadows).
      const versioned = files["src/main.ts"]!.match(/VersioningType\.(HEADER|MEDIA_TYPE)/)?.[1];
      if (versioned) {
        const url = `${await app.getUrl()}/cats`.replace("[::1]", "127.0.0.1");
        const ask = async (version: string) => {
          const headers: Record<string, string> =
            versioned === "HEADER" ? { "X-Api-Version": version } : { Accept: `application/json;v=${version}` };
          return (await fetch(url, { headers })).status;
        };
        expect([await ask("1"), await ask("2")]).toEqual([200, 200]);
      }
    } finally {
      await app.close();
    }
  });
});

describe("a NestJS API beside a Next.js front end's own API routes, two packages of a monorepo (hedgedoc's mock backend)", () => {
  const files = (mocks: number) => ({
    "package.json": JSON.stringify({ private: true, workspaces: ["backend", "frontend"] }),
    "backend/package.json": JSON.stringify({ name: "backend", dependencies: { "@nestjs/core": "10.4.0", "@nestjs/common": "10.4.0" } }),
    "frontend/package.json": JSON.stringify({ name: "frontend", dependencies: { next: "14.2.0" } }),
    "backend/src/main.ts": `import { NestFactory } from "@nestjs/core";\nimport { AppModule } from "./app.module";\nasync function bootstrap() { const app = await NestFactory.create(AppModule); await app.listen(3000); }\nbootstrap();\n`,
    "backend/src/app.module.ts": `import { Module } from "@nestjs/common";\nimport { NotesController } from "./notes.controller";\n@Module({ controllers: [NotesController] })\nexport class AppModule {}\n`,
    "backend/src/notes.controller.ts": `import { Controller, Get, Post, Delete } from "@nestjs/common";\n@Controller("api/notes")\nexport class NotesController {\n  @Get() list() { return []; }\n  @Post() create() { return {}; }\n  @Delete(":id") remove() { return {}; }\n}\n`,
    ...Object.fromEntries(
      ["notes", ...Array.from({ length: mocks - 1 }, (_, i) => `mock${i}`)].map((name) => [
        `frontend/src/pages/api/${name}.ts`,
        `import type { NextApiRequest, NextApiResponse } from "next";\nexport default function handler(req: NextApiRequest, res: NextApiResponse) {\n  if (req.method === "GET") return res.json([{ mock: true }]);\n  res.status(405).end();\n}\n`,
      ]),
    ),
  });

  it("are two servers: a path both serve is the framework's with more route registrations, whichever adapter ran first", async () => {
    const fewMocks = await generateFrom(files(1));
    expect(diagnosticLines(fewMocks)).toEqual(["APX403 frontend/src/pages/api/notes.ts:2", "APX412 frontend/src/pages/api/notes.ts:2"]);
    const shadowed = fewMocks.diagnostics.items.find((d) => d.code === "APX403")!;
    expect(shadowed.message).toContain(
      "served by routes of two frameworks in two packages of this project (nest in backend and next in frontend: separate servers)",
    );
    // Said once: the two frameworks indexed together, each with its registrations.
    const together = fewMocks.diagnostics.items.find((d) => d.code === "APX412")!;
    expect(together.related?.map((r) => r.message)).toEqual([
      "next in frontend: 1 route registration, the first here",
      "nest in backend: 3 route registrations, the first here",
    ]);
    expect(fewMocks.operations.find((op) => op.method === "GET" && op.path === "/api/notes")!.framework).toBe("nest");
    const manyMocks = await generateFrom(files(5));
    expect(diagnosticLines(manyMocks)).toEqual(["APX403 backend/src/notes.controller.ts:4", "APX412 frontend/src/pages/api/mock0.ts:2"]);
    expect(manyMocks.operations.find((op) => op.method === "GET" && op.path === "/api/notes")!.framework).toBe("next");
  });

  it("in one package, are not said to be two servers (a route file may hand its requests to the other's app)", async () => {
    const { "backend/package.json": _b, "frontend/package.json": _f, ...rest } = files(1);
    const onePackage = await generateFrom({
      ...rest,
      "package.json": JSON.stringify({ dependencies: { "@nestjs/core": "10.4.0", "@nestjs/common": "10.4.0", next: "14.2.0" } }),
    });
    expect(onePackage.diagnostics.items.map((d) => d.code)).toEqual(["APX403"]);
    expect(onePackage.diagnostics.items[0]!.message).toContain("is registered twice");
  });
});
