/**
 * Boots the fastify-more fixture with the real Fastify and prints what Fastify itself says: every route it
 * registered (onRoute, less the HEAD routes it adds beside each GET) and the status of each request read from
 * stdin (`[{ method, url, permissions }]`) sent with `x-permissions`. Run with `node --import tsx`.
 */
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const { build } = (await import(pathToFileURL(process.argv[2]!).href)) as typeof import("../fixtures/fastify-more/src/app.js");
const requests = JSON.parse(readFileSync(0, "utf8") || "[]") as { method: string; url: string; permissions: string[] }[];
const app = build();
const routes: string[] = [];
app.addHook("onRoute", (route) => {
  for (const method of [route.method].flat()) if (method !== "HEAD") routes.push(`${method} ${route.url}`);
});
await app.ready();
const statuses: number[] = [];
for (const r of requests)
  statuses.push(
    (await app.inject({ method: r.method as "GET", url: r.url, headers: { "x-permissions": r.permissions.join(",") } })).statusCode,
  );
await app.close();
process.stdout.write(JSON.stringify({ routes: [...new Set(routes)].sort(), statuses }));
