/**
 * The runtime side of a NestJS fixture's oracle: the fixture's `AppModule` booted by the real Nest, configured
 * by its own `configure(app)` (the bootstrap's prefix and versioning), and the routes Nest registered on its
 * Express adapter, as `METHOD /path` (a route Nest registers twice is listed twice).
 */
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll } from "vitest";
import { runtimeRoutes } from "./express-runtime-routes.js";
import { REPO_ROOT } from "./repo.js";

/**
 * A scratch folder where in-memory NestJS sources are written out to be booted with the real @nestjs/core: a
 * tsconfig that turns decorators on (and their metadata), the project's node_modules beside it. Removed after
 * the enclosing suite.
 */
export function nestScratch(prefix: string): string {
  const scratch = mkdtempSync(path.join(tmpdir(), prefix));
  symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(scratch, "node_modules"), "dir");
  writeFileSync(
    path.join(scratch, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: { experimentalDecorators: true, emitDecoratorMetadata: true, useDefineForClassFields: false, target: "ES2022" },
    }),
  );
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  return scratch;
}

export async function nestRuntimeRoutes(fixtureDir: string): Promise<string[]> {
  await import("reflect-metadata");
  const { NestFactory } = await import("@nestjs/core");
  const { AppModule } = (await import(pathToFileURL(path.join(fixtureDir, "src", "app.module.ts")).href)) as {
    AppModule: new () => unknown;
  };
  const { configure } = (await import(pathToFileURL(path.join(fixtureDir, "src", "main.ts")).href)) as {
    configure: (app: unknown) => unknown;
  };
  const app = await NestFactory.create(AppModule as never, { logger: false });
  try {
    configure(app);
    await app.init();
    const express = app.getHttpAdapter().getInstance() as { router: { stack: never[] } };
    return runtimeRoutes(express).map((r) => `${r.method} ${r.path}`);
  } finally {
    await app.close();
  }
}
