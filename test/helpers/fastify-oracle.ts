/**
 * Boots a Fastify fixture with the real Fastify and prints what Fastify itself says: every route it registered
 * (onRoute, less the HEAD routes it adds beside each GET) and the status of each request read from stdin
 * (`[{ method, url, permissions }]`) sent with `x-permissions`. Run with `node --import tsx <this> <app> <how>`:
 * `build`, the module exports `build()` giving the app; `plugin`, its default export is a fastify-cli root
 * plugin, registered on a Fastify instance as `fastify start` does (with FASTIFY_AUTOLOAD_TYPESCRIPT=1 so that
 * @fastify/autoload imports .ts plugins).
 */
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import Fastify, { type FastifyInstance } from "fastify";

const [file, how] = process.argv.slice(2) as [string, "build" | "plugin"];
const loaded = (await import(pathToFileURL(file).href)) as {
  build?: () => FastifyInstance;
  default?: Parameters<FastifyInstance["register"]>[0];
};
const requests = JSON.parse(readFileSync(0, "utf8") || "[]") as { method: string; url: string; permissions: string[] }[];
const app = how === "build" ? loaded.build!() : Fastify();
const routes: string[] = [];
app.addHook("onRoute", (route) => {
  for (const method of [route.method].flat()) if (method !== "HEAD") routes.push(`${method} ${route.url}`);
});
if (how === "plugin") await app.register(loaded.default!);
await app.ready();
const statuses: number[] = [];
for (const r of requests)
  statuses.push(
    (await app.inject({ method: r.method as "GET", url: r.url, headers: { "x-permissions": r.permissions.join(",") } })).statusCode,
  );
await app.close();
process.stdout.write(JSON.stringify({ routes: routes.sort(), statuses }));
