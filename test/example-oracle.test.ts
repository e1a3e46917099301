import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../examples/field-service/src/app.js";
import type { KeyRecord } from "../examples/field-service/src/auth/index.js";
import { generate, type GenerateResult } from "../generator/generate.js";
import type { IndexEntry } from "../generator/emit/index-artifact.js";
import { exampleConfig } from "./helpers/repo.js";
import { runtimeRoutes } from "./helpers/express-runtime-routes.js";

/**
 * The index proven against the real service: Express's own router lists the same (method, path) pairs,
 * and for every operation a key holding exactly its permissions gets past the checks while a key
 * missing any one of them is refused with a 403 naming exactly that key.
 */
let result: GenerateResult;

beforeAll(async () => {
  result = await generate(await exampleConfig());
});

describe("runtime oracle: routes", () => {
  it("generates without errors", () => {
    expect(result.diagnostics.errors).toEqual([]);
    expect(result.counts.indexed).toBeGreaterThanOrEqual(150);
  });

  it("indexes exactly the routes Express registers, closed routes aside", () => {
    const app = createApp();
    const runtime = runtimeRoutes(app as never).map((r) => `${r.method} ${r.path}`);
    const closed = new Set(result.operations.filter((op) => op.closed).map((op) => `${op.method} ${op.path}`));
    const indexed = result.index.operations.map((op) => `${op.method} ${op.path}`);

    expect(new Set(runtime).size).toBe(runtime.length); // no route registered twice
    expect([...closed].filter((c) => !runtime.includes(c))).toEqual([]); // every closed route is real
    expect(runtime.filter((r) => !closed.has(r)).sort()).toEqual([...indexed].sort());
  });

  it("keeps every closed category out of the index", () => {
    const paths = result.index.operations.map((op) => op.path);
    for (const prefix of ["/v1/auth", "/oauth", "/v1/admin", "/v1/api-keys", "/v1/agents", "/v1/connected-apps"]) {
      expect(paths.filter((p) => p.startsWith(prefix))).toEqual([]);
      expect(result.operations.some((op) => op.closed && op.path.startsWith(prefix))).toBe(true);
    }
    expect(paths).not.toContain("/v1/account/transfer-ownership"); // closed by its @closed tag
  });
});

describe("runtime oracle: permissions over HTTP", () => {
  let server: Server;
  let base: string;
  const keys = new Map<string, KeyRecord>();
  const keyFor = new Map<string, { exact: string; without: Map<string, string> }>();

  beforeAll(async () => {
    result ??= await generate(await exampleConfig());
    result.index.operations.forEach((op, i) => {
      const exact = `k_${i}_exact`;
      keys.set(exact, { name: exact, permissions: op.permissions });
      const without = new Map<string, string>();
      op.permissions.forEach((missing, j) => {
        const key = `k_${i}_without_${j}`;
        keys.set(key, { name: key, permissions: op.permissions.filter((p) => p !== missing) });
        without.set(missing, key);
      });
      keyFor.set(op.operation_id, { exact, without });
    });
    const app = createApp({ keys });
    server = app.listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const call = async (op: IndexEntry, key: string) => {
    const path = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => `test-${name}`);
    const hasBody = !["GET", "HEAD", "DELETE"].includes(op.method);
    const response = await fetch(base + path, {
      method: op.method,
      headers: { authorization: `Bearer ${key}`, ...(hasBody ? { "content-type": "application/json" } : {}) },
      ...(hasBody ? { body: "{}" } : {}),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Non-JSON bodies (CSV, PDF) are fine: only refusals are JSON by contract.
    }
    return { status: response.status, body };
  };

  it("lets a key with exactly the listed permissions past every check, and refuses each missing key by name", async () => {
    const failures: string[] = [];
    for (const op of result.index.operations) {
      const { exact, without } = keyFor.get(op.operation_id)!;
      const allowed = await call(op, exact);
      if (allowed.status === 401 || allowed.status === 403 || allowed.status >= 500) {
        failures.push(`${op.method} ${op.path} with [${op.permissions.join(", ")}] got ${allowed.status} ${JSON.stringify(allowed.body)}`);
      }
      for (const [missing, key] of without) {
        const refused = await call(op, key);
        const body = refused.body as { error?: string; permission?: string };
        if (refused.status !== 403 || body.error !== "missing_permission" || body.permission !== missing) {
          failures.push(`${op.method} ${op.path} without ${missing} got ${refused.status} ${JSON.stringify(refused.body)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("refuses API keys on closed routes", async () => {
    const fullKey = [...keys.keys()][0]!;
    for (const op of result.operations.filter((o) => o.closed)) {
      const path = op.path.replace(/\{([^}]+)\}/g, "x");
      const response = await fetch(base + path, { method: op.method, headers: { authorization: `Bearer ${fullKey}` } });
      expect.soft(response.status, `${op.method} ${op.path}`).toBe(403);
    }
  });
});
