/**
 * The runtime side of a NestJS fixture's oracle: the fixture's `AppModule` booted by the real Nest, configured
 * by its own `configure(app)` (the bootstrap's prefix and versioning), and the routes Nest registered on its
 * Express adapter, as `METHOD /path` (a route Nest registers twice is listed twice).
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { runtimeRoutes } from "./express-runtime-routes.js";

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
