import { readFileSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../generator/config/load-config.js";
import { generate } from "../generator/generate.js";
import { canonicalJson } from "../generator/write/canonical-json.js";
import { checkOverHttp } from "./helpers/http-oracle.js";
import { diagnosticLines, generateFrom, type InMemoryCase, routeLines } from "./helpers/in-memory.js";
import { REPO_ROOT } from "./helpers/repo.js";

/** Moleculer Web (`moleculer-web`): the routes are a table in the API gateway's settings (generator/extract/moleculer). */
const fixture = path.join(REPO_ROOT, "test", "fixtures", "moleculer");
const SERVICES = ["api", "users", "posts", "reports", "admin", "health"];
const ALL_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"];

interface GatewayAlias {
  method: string;
  fullPath: string;
  action: string | null;
  route: unknown;
}
interface Gateway {
  aliases: GatewayAlias[];
  server: Server;
  checkWhitelist(route: unknown, action: string): boolean;
  routes: { opts: { autoAliases?: boolean } }[];
  regenerateAutoAliases(route: unknown): void;
}

describe("Moleculer Web (fixture)", () => {
  it("matches the golden index, equals the gateway's own alias table, and each operation answers over HTTP with its keys, 403 without one", async () => {
    const result = await generate(await loadConfig({ cwd: REPO_ROOT, root: fixture }));
    expect(result.diagnostics.errors).toEqual([]);
    expect(canonicalJson(result.index)).toBe(readFileSync(path.join(fixture, "expected-operations.json"), "utf8"));

    const { ServiceBroker } = await import("moleculer");
    // The gateway listens on a port the system chooses (`PORT=0`, read by the fixture's settings).
    process.env.PORT = "0";
    const broker = new ServiceBroker({ logger: false, nodeID: "apidex-test" });
    try {
      for (const name of SERVICES) {
        const module = (await import(pathToFileURL(path.join(fixture, "src", "services", `${name}.service.ts`)).href)) as { default: never };
        broker.createService(module.default);
      }
      await broker.start();
      const gateway = broker.getLocalService("api") as unknown as Gateway;
      // autoAliases are made on `$services.changed`, debounced: made now, once every service has started.
      for (const route of gateway.routes) if (route.opts.autoAliases) gateway.regenerateAutoAliases(route);
      // moleculer-web's own table: each alias (a method-less one answers every method), but those whose action
      // the route's whitelist refuses (answered 404).
      const table = gateway.aliases
        .filter((a) => !a.action || !(a.route as { hasWhitelist?: boolean }).hasWhitelist || gateway.checkWhitelist(a.route, a.action))
        .flatMap((a) => (a.method === "*" ? ALL_METHODS : [a.method]).map((m) => `${m} ${a.fullPath.replace(/:(\w+)/g, "{$1}")}`));
      expect([...new Set(table)].sort()).toEqual(result.index.operations.map((o) => `${o.method} ${o.path}`).sort());
      const { port } = gateway.server.address() as AddressInfo;
      const out = await checkOverHttp(port, result.index, [
        ["GET", "/api/no-such-route", 404],
        ["GET", "/api/v1/secret", 404],
        ["GET", "/api/v1/health/ping", 404],
        ["GET", "/api/auto/reports/internal/run", 404],
        ["DELETE", "/api/v1/users", 404],
      ]);
      expect(out).toEqual([]);
    } finally {
      await broker.stop();
      delete process.env.PORT;
    }
  });
});
