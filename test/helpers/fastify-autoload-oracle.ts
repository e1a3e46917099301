/**
 * Boots a fastify-cli style root plugin the way `fastify start` does — a Fastify instance that registers
 * it — with the real @fastify/autoload, and prints what Fastify itself says: every route (onRoute) and the
 * status of each request read from stdin (`[{ method, url, permissions }]`) sent with `x-permissions`.
 * Run with `node --import tsx` and FASTIFY_AUTOLOAD_TYPESCRIPT=1 so that autoload imports .ts plugins.
 */
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import Fastify from "fastify";

const root = (await import(pathToFileURL(process.argv[2]!).href)).default;
const requests = JSON.parse(readFileSync(0, "utf8") || "[]") as { method: string; url: string; permissions: string[] }[];
const app = Fastify();
const routes: string[] = [];
app.addHook("onRoute", (route) => {
  // HEAD routes are exposed automatically for every GET.
  for (const method of [route.method].flat()) if (method !== "HEAD") routes.push(`${method} ${route.url}`);
});
await app.register(root);
await app.ready();
const statuses: number[] = [];
for (const r of requests)
  statuses.push(
    (await app.inject({ method: r.method as "GET", url: r.url, headers: { "x-permissions": r.permissions.join(",") } })).statusCode,
  );
await app.close();
process.stdout.write(JSON.stringify({ routes: routes.sort(), statuses }));
