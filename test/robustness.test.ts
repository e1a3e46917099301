import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client, InMemoryTransport as ClientInMemory, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import autocannon from "autocannon";
import fg from "fast-glob";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../examples/field-service/src/app.js";
import { generate } from "../generator/generate.js";
import { Catalog } from "../generator/mcp/catalog.js";
import { createApidexMcpServer } from "../generator/mcp/server.js";
import { runMcp } from "../generator/mcp/serve.js";
import { ServiceClient } from "../generator/mcp/service-client.js";
import { createApiDocsHandler, loadApiDocsAssets } from "../generator/publish/index.js";
import { lintOperations } from "../generator/review/lint.js";
import { sourceSetFromMemory } from "../generator/scan/source-set.js";
import { writeArtifactsAtomically } from "../generator/write/atomic-write.js";
import { generateFrom, memoryConfig } from "./helpers/in-memory.js";
import { listenOnLoopback } from "./helpers/listen.js";
import { REPO_ROOT } from "./helpers/repo.js";

/** Bad input, faults, fuzzing and load: seeded and bounded, so a failure replays and CI stays fast. */
const SEED = 20261121;
const DIST = path.join(REPO_ROOT, "dist");

describe("atomic writes under faults", () => {
  it("leaves the previous artifacts byte-identical and no temporary file when the disk fills up mid-run", async () => {
    const out = mkdtempSync(path.join(tmpdir(), "apidex-full-disk-"));
    const files = [
      { name: "operations.json", content: "new index\n" },
      { name: "openapi-public.json", content: "new document\n" },
      { name: "api-docs/operations.json", content: "new copy\n" },
    ];
    await writeArtifactsAtomically(
      out,
      files.map((f) => ({ ...f, content: f.content.replace("new", "old") })),
    );
    const snapshot = () =>
      (readdirSync(out, { recursive: true }) as string[])
        .sort()
        .map((f) => [f, statSync(path.join(out, f)).isFile() ? readFileSync(path.join(out, f), "utf8") : "dir"]);
    const before = snapshot();
    let writes = 0;
    const fullDisk = {
      writeSync: (_fd: number, bytes: Buffer) => {
        if (++writes === 3) throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
        return bytes.byteLength;
      },
    };
    await expect(writeArtifactsAtomically(out, files, { ops: fullDisk })).rejects.toThrow(/ENOSPC/);
    const after = snapshot();
    expect(after).toEqual(before);
    expect(after.some(([f]) => f!.includes("apidex-tmp"))).toBe(false);
    rmSync(out, { recursive: true, force: true });
  });

  it("renames nothing when a flush fails or the work done meanwhile throws, and renames only after both", async () => {
    const out = mkdtempSync(path.join(tmpdir(), "apidex-flush-"));
    const files = [
      { name: "operations.json", content: "new index\n" },
      { name: "api-docs/operations.json", content: "new copy\n" },
    ];
    await writeArtifactsAtomically(
      out,
      files.map((f) => ({ ...f, content: f.content.replace("new", "old") })),
    );
    const contents = () => files.map((f) => readFileSync(path.join(out, f.name), "utf8"));
    const leftovers = () => (readdirSync(out, { recursive: true }) as string[]).filter((f) => f.includes("apidex-tmp"));
    let flushes = 0;
    const failingFlush = {
      fsync: (_fd: number, done: (error: Error | null) => void) => {
        setImmediate(() => done(++flushes === 2 ? Object.assign(new Error("EIO: i/o error, fsync"), { code: "EIO" }) : null));
      },
    };
    await expect(writeArtifactsAtomically(out, files, { ops: failingFlush })).rejects.toThrow(/EIO/);
    expect(contents()).toEqual(["old index\n", "old copy\n"]);
    expect(leftovers()).toEqual([]);
    await expect(
      writeArtifactsAtomically(out, files, {
        whileFlushing: () => {
          throw new Error("meanwhile failed");
        },
      }),
    ).rejects.toThrow(/meanwhile failed/);
    expect(contents()).toEqual(["old index\n", "old copy\n"]);
    expect(leftovers()).toEqual([]);
    // The work done meanwhile sees the previous artifacts; afterwards every file is the new one.
    let seen: string[] = [];
    const { written, unchanged } = await writeArtifactsAtomically(out, [...files, { name: "same.txt", content: "x" }], {
      whileFlushing: () => (seen = contents()),
    });
    expect(seen).toEqual(["old index\n", "old copy\n"]);
    expect(contents()).toEqual(["new index\n", "new copy\n"]);
    expect(written).toEqual(["operations.json", "api-docs/operations.json", "same.txt"]);
    expect(unchanged).toEqual([]);
    expect((await writeArtifactsAtomically(out, [...files, { name: "same.txt", content: "x" }])).unchanged).toEqual([
      "operations.json",
      "api-docs/operations.json",
      "same.txt",
    ]);
    // Same size, other bytes: rewritten (the size is only a shortcut for files that differ).
    expect((await writeArtifactsAtomically(out, [{ name: "same.txt", content: "y" }])).written).toEqual(["same.txt"]);
    expect(readFileSync(path.join(out, "same.txt"), "utf8")).toBe("y");
    expect(leftovers()).toEqual([]);
    rmSync(out, { recursive: true, force: true });
  });
});

describe("lint keeps closed routes unpublished", () => {
  it("fails when @documented sits on a closed route", async () => {
    const result = await generateFrom(
      {
        "app.ts": `import express from "express"; const app = express();\n/** Sign in\n * @documented\n * @scope auth\n */\napp.post("/v1/auth/sign-in", (q, s) => s.end());`,
      },
      { closed: ["/v1/auth/**"] },
    );
    const findings = lintOperations(result, { lint: {} });
    expect(findings.map((f) => `${f.severity} ${f.code} ${f.site?.line}`)).toContain("error documented-closed 6");
    expect(result.index.operations).toEqual([]);
    expect(JSON.stringify(result.openapi)).not.toContain("sign-in");
  });
});

describe("fuzzing the generator with mutated example sources", () => {
  const root = path.join(REPO_ROOT, "examples", "field-service");
  const names = fg.sync(["src/**/*.ts"], { cwd: root }).sort();
  const originals = Object.fromEntries(names.map((n) => [n, readFileSync(path.join(root, n), "utf8")]));
  const config = memoryConfig({
    closed: ["/v1/auth/**", "/oauth/**", "/v1/admin/**", "/v1/api-keys/**", "/v1/agents/**", "/v1/connected-apps/**"],
  });

  const mutation = fc.record({
    file: fc.constantFrom(...names.filter((n) => n.includes("routes/") || n.includes("auth/") || n.includes("controllers/"))),
    at: fc.double({ min: 0, max: 1, noNaN: true }),
    length: fc.integer({ min: 0, max: 40 }),
    insert: fc.oneof(
      fc.constant(""),
      fc.constantFrom(
        "(",
        ")",
        "{",
        "}",
        "`",
        '"',
        "${",
        "*/",
        "/**",
        "@documented",
        "router.get(",
        "requirePermission(",
        "..",
        "\u0000",
        "=>",
        ";",
        ",",
        "??",
        "export default ",
      ),
      fc.string({ maxLength: 12 }),
    ),
  });

  it("never crashes: every mutation yields a diagnostic or a successful run", async () => {
    await fc.assert(
      fc.asyncProperty(mutation, async (m) => {
        const text = originals[m.file]!;
        const start = Math.floor(m.at * text.length);
        const files = { ...originals, [m.file]: text.slice(0, start) + m.insert + text.slice(start + m.length) };
        const result = await generate(config, sourceSetFromMemory(files, "/project"));
        // Success or diagnostics, nothing else; every diagnostic points somewhere and says what to do.
        for (const d of result.diagnostics.items) {
          expect(d.message.length).toBeGreaterThan(0);
          if (d.severity === "error") expect(d.hint ?? d.related).toBeTruthy();
        }
        expect(result.counts.errors === 0 ? result.files.length > 0 : result.files.length === 0).toBe(true);
      }),
      { seed: SEED, numRuns: 25, endOnFailure: true },
    );
  }, 180_000);
});

describe("fuzzing the api-docs handler", () => {
  it("never answers 500 and never needs the disk, whatever the method, URL and headers", async () => {
    const copy = mkdtempSync(path.join(tmpdir(), "apidex-fuzz-docs-"));
    cpSync(path.join(DIST, "api-docs"), copy, { recursive: true });
    const handler = createApiDocsHandler(loadApiDocsAssets(copy));
    rmSync(copy, { recursive: true, force: true }); // any file read from now on would fail
    const segment = fc.oneof(
      fc.constantFrom("openapi.json", "operations.json", "..", ".", "%2e%2e", "%2F", "%00", "index.html", "", "app.js", "_headers.json"),
      fc.string({ maxLength: 20 }),
    );
    const request = fc.record({
      method: fc.oneof(
        fc.constantFrom("GET", "HEAD", "OPTIONS", "POST", "PUT", "DELETE", "PATCH", "TRACE", "CONNECT"),
        fc.string({ minLength: 1, maxLength: 8 }),
      ),
      segments: fc.array(segment, { maxLength: 5 }),
      prefix: fc.constantFrom("/v1/public/api-docs", "/v1/public/api-docs/", "/", "//v1/public/api-docs", "/v1/public/api-docsx"),
      query: fc.option(fc.string({ maxLength: 30 })),
      headers: fc.dictionary(
        fc.constantFrom("accept-encoding", "if-none-match", "access-control-request-headers", "origin", "range", "x-junk"),
        fc.string({ maxLength: 60 }),
      ),
    });
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const url = `${r.prefix}${r.segments.join("/")}${r.query === null ? "" : `?${r.query}`}`;
        let status = 0;
        const res = {
          statusCode: 200,
          setHeader: () => undefined,
          end: () => {
            status = res.statusCode;
          },
        };
        let passed = false;
        handler.node({ method: r.method, url, headers: r.headers }, res, () => {
          passed = true;
        });
        if (!passed) expect([200, 204, 304, 308, 400, 404, 405]).toContain(status);
        const web = handler.fetch(
          new Request(`http://docs.example${url.startsWith("/") ? "" : "/"}${encodeURI(url)}`, {
            method: /^[A-Z]+$/.test(r.method) && !["CONNECT", "TRACE"].includes(r.method) ? r.method : "GET",
            headers: Object.fromEntries(Object.entries(r.headers).filter(([, v]) => /^[\x20-\x7e]*$/.test(v))),
          }),
        );
        expect(web.status).not.toBe(500);
      }),
      { seed: SEED, numRuns: 400 },
    );
  });
});

describe("fuzzing the MCP tools", () => {
  it("answers any input with a result or a validation error, never a crash, and never sends a request", async () => {
    const index = JSON.parse(readFileSync(path.join(DIST, "operations.json"), "utf8"));
    const ids = new Set<string>(index.operations.map((o: { operation_id: string }) => o.operation_id));
    let requests = 0;
    const client = new ServiceClient({
      baseUrl: "http://127.0.0.1:9",
      key: "fsk_fuzz",
      authHeader: "Authorization",
      authScheme: "Bearer",
      refusalField: "permission",
      timeoutMs: 100,
      maxBodyBytes: 1024,
      fetch: (async () => {
        requests++;
        return new Response("{}");
      }) as typeof fetch,
    });
    const server = createApidexMcpServer(new Catalog(index), client, { tools: "core" });
    const [clientSide, serverSide] = ClientInMemory.createLinkedPair();
    await server.connect(serverSide);
    const mcp = new Client({ name: "fuzz", version: "1" });
    await mcp.connect(clientSide);

    const deep = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: "small" },
        fc.string(),
        fc.integer(),
        fc.array(tie("node"), { maxLength: 3 }),
        fc.dictionary(fc.string({ maxLength: 5 }), tie("node"), { maxKeys: 3 }),
      ),
    })).node;
    const args = fc.record({
      operation_id: fc
        .oneof(
          fc.string({ maxLength: 60 }),
          fc.integer(),
          fc.constant(null),
          fc.string({ unit: "grapheme", maxLength: 30 }),
          fc.constant("x".repeat(5000)),
        )
        .filter((id) => typeof id !== "string" || !ids.has(id)),
      path_params: fc.option(
        fc.oneof(fc.dictionary(fc.string({ maxLength: 10 }), fc.oneof(fc.string({ maxLength: 50 }), fc.integer(), deep)), deep),
      ),
      query: fc.option(deep),
      body: fc.option(deep),
    });
    const toolName = fc.constantFrom("call_service_operation", "call_read_operation", "find_operations");
    await fc.assert(
      fc.asyncProperty(toolName, args, async (name, input) => {
        try {
          const result = (await mcp.callTool({ name, arguments: input as Record<string, unknown> })) as { isError?: boolean };
          if (name !== "find_operations") expect(result.isError).toBe(true);
        } catch (error) {
          expect(String((error as Error).message)).toMatch(/invalid|validation|expected|Input/i);
        }
      }),
      { seed: SEED, numRuns: 150 },
    );
    expect(requests).toBe(0);
    await mcp.close();
  }, 120_000);
});

describe("under load", () => {
  let base: string;
  let close: () => Promise<void>;

  beforeAll(async () => ({ base, close } = await listenOnLoopback(createApp())));
  afterAll(() => close());

  it("the api-docs handler serves a bounded autocannon run with zero errors", async () => {
    const result = await autocannon({
      url: `${base}/v1/public/api-docs/openapi.json`,
      connections: 10,
      duration: 3,
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(result.errors).toBe(0);
    expect(result.timeouts).toBe(0);
    expect(result.non2xx).toBe(0);
    expect(result.requests.total).toBeGreaterThan(100);
  }, 30_000);

  it("the MCP HTTP server keeps every concurrent response matched to its request", async () => {
    const served = await runMcp({
      cwd: REPO_ROOT,
      index: path.join(DIST, "operations.json"),
      baseUrl: base,
      keyEnv: "APIDEX_KEY",
      authHeader: "Authorization",
      authScheme: "Bearer",
      refusalField: "permission",
      timeoutMs: 10_000,
      maxBodyBytes: 65536,
      tools: "core",
      keyPermissionsField: "permissions",
      http: 0,
      host: "127.0.0.1",
      env: { APIDEX_KEY: "fsk_demo_full" },
      log: () => undefined,
    });
    const mcp = new Client({ name: "load", version: "1" });
    await mcp.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${served.port}/mcp`)));
    const ids = ["cus_0001", "cus_0002", "cus_0003"];
    const calls = Array.from({ length: 60 }, (_, i) => ids[i % 3]!);
    const results = await Promise.all(
      calls.map(
        (id) =>
          mcp.callTool({
            name: "call_read_operation",
            arguments: { operation_id: "get_customer", path_params: { customer_id: id } },
          }) as Promise<{ structuredContent: { body: { id: string } } }>,
      ),
    );
    expect(results.map((r) => r.structuredContent.body.id)).toEqual(calls);
    await mcp.close();
    await served.close();
  }, 30_000);
});

describe("the MCP HTTP transport with a token", () => {
  it("refuses clients without the bearer token and serves those with it", async () => {
    const served = await runMcp({
      cwd: REPO_ROOT,
      index: path.join(DIST, "operations.json"),
      baseUrl: "http://127.0.0.1:9",
      keyEnv: "APIDEX_KEY",
      authHeader: "Authorization",
      authScheme: "Bearer",
      refusalField: "permission",
      timeoutMs: 1000,
      maxBodyBytes: 1024,
      tools: "core",
      keyPermissionsField: "permissions",
      http: 0,
      host: "127.0.0.1",
      httpToken: "mcp-token-123",
      env: { APIDEX_KEY: "fsk_demo_full" },
      log: () => undefined,
    });
    const url = new URL(`http://127.0.0.1:${served.port}/mcp`);
    const anonymous = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(anonymous.status).toBe(401);
    const wrong = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer nope" },
      body: "{}",
    });
    expect(wrong.status).toBe(401);
    const mcp = new Client({ name: "token", version: "1" });
    await mcp.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers: { authorization: "Bearer mcp-token-123" } } }));
    const { tools } = await mcp.listTools();
    expect(tools.map((t) => t.name)).toContain("find_operations");
    await mcp.close();
    await served.close();
  });
});
