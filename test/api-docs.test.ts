import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../examples/field-service/src/app.js";
import { createApiDocsHandler, loadApiDocsAssets } from "../generator/publish/index.js";
import { REPO_ROOT } from "./helpers/repo.js";

/** The api-docs handler over real HTTP: in the example service, and behind `apidex serve`. */
const MOUNT = "/v1/public/api-docs";
const DIST = path.join(REPO_ROOT, "dist");
const openapiBytes = readFileSync(path.join(DIST, "openapi-public.json"));
const indexBytes = readFileSync(path.join(DIST, "operations.json"));

async function startExample(): Promise<{ base: string; close: () => Promise<void> }> {
  const server: Server = createApp().listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function startServe(): Promise<{ base: string; close: () => Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, [path.join(REPO_ROOT, "lib", "cli.cjs"), "serve", "--dir", DIST, "--port", "0"], {
    cwd: REPO_ROOT,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let log = "";
  const port = await new Promise<number>((resolve, reject) => {
    child.stderr!.on("data", (chunk: Buffer) => {
      log += chunk.toString();
      const match = /http:\/\/127\.0\.0\.1:(\d+)\//.exec(log);
      if (match) resolve(Number(match[1]));
    });
    child.once("exit", (code) => reject(new Error(`apidex serve exited with ${code}: ${log}`)));
  });
  return { base: `http://127.0.0.1:${port}`, close: async () => void child.kill() };
}

/** Sends a request line exactly as written (no client-side normalization of `..` or encoding). */
function raw(base: string, method: string, target: string): Promise<{ status: number; text: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () =>
      socket.write(`${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`),
    );
    let data = "";
    socket.on("data", (chunk) => (data += chunk.toString("latin1")));
    socket.on("end", () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1] ?? 0), text: data }));
    socket.on("error", reject);
  });
}

describe.each([
  ["the example service", startExample],
  ["apidex serve", startServe],
] as const)("api-docs handler in %s", (_name, start) => {
  let base: string;
  let close: () => Promise<void>;
  beforeAll(async () => ({ base, close } = await start()));
  afterAll(() => close());

  const get = (p: string, headers: Record<string, string> = {}, method = "GET") =>
    fetch(`${base}${MOUNT}${p}`, { method, headers, redirect: "manual" });
  // Node's fetch decompresses transparently; ask with an explicit header and read raw bytes.
  const rawBody = async (r: Response) => Buffer.from(await r.arrayBuffer());

  it("serves the OpenAPI document and the index from memory, with the documented headers", async () => {
    const r = await get("/openapi.json", { "accept-encoding": "identity" });
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(r.headers.get("etag")).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(r.headers.get("vary")).toBe("Accept-Encoding");
    expect(r.headers.get("x-content-type-options")).toBe("nosniff");
    expect(r.headers.get("access-control-allow-origin")).toBe("*");
    expect(r.headers.get("cache-control")).toBe("public, max-age=300, s-maxage=3600, stale-while-revalidate=86400");
    expect(r.headers.get("content-encoding")).toBeNull();
    expect((await rawBody(r)).equals(openapiBytes)).toBe(true);
    const index = await get("/operations.json", { "accept-encoding": "identity" });
    expect((await rawBody(index)).equals(indexBytes)).toBe(true);
  });

  it.each([
    ["br", "br"],
    ["gzip", "gzip"],
    ["gzip;q=1, br;q=0.5", "gzip"],
    ["br;q=0.9, gzip;q=0.9", "br"],
    ["*", "br"],
    ["br;q=0, gzip;q=0", null],
    ["identity", null],
    ["deflate", null],
  ])("chooses the encoding for Accept-Encoding %j", async (accept, expected) => {
    const r = await fetch(`${base}${MOUNT}/openapi.json`, { headers: { "accept-encoding": accept } });
    expect(r.headers.get("content-encoding")).toBe(expected);
    expect(r.headers.get("vary")).toBe("Accept-Encoding");
    // fetch decodes br/gzip itself: whatever was sent, the document comes out identical.
    expect(Buffer.from(await r.arrayBuffer()).equals(openapiBytes)).toBe(true);
  });

  it("precompressed bodies decode to the same bytes, each with its own strong ETag", async () => {
    const tags = new Set<string>();
    for (const [encoding, decode] of [
      ["br", brotliDecompressSync],
      ["gzip", gunzipSync],
    ] as const) {
      const bytes = readFileSync(path.join(DIST, "api-docs", `openapi.json.${encoding === "br" ? "br" : "gz"}`));
      expect(decode(bytes).equals(openapiBytes)).toBe(true);
      const r = await fetch(`${base}${MOUNT}/openapi.json`, { method: "HEAD", headers: { "accept-encoding": encoding } });
      expect(Number(r.headers.get("content-length"))).toBe(bytes.byteLength);
      tags.add(r.headers.get("etag")!);
    }
    tags.add((await get("/openapi.json", { "accept-encoding": "identity" }, "HEAD")).headers.get("etag")!);
    expect(tags.size).toBe(3);
  });

  it("answers If-None-Match with 304 by weak comparison, keeping ETag, Cache-Control and Vary", async () => {
    const first = await get("/openapi.json", { "accept-encoding": "gzip" });
    const etag = first.headers.get("etag")!;
    for (const condition of [etag, `W/${etag}`, `"other", W/${etag}`, "*"]) {
      const r = await get("/openapi.json", { "accept-encoding": "gzip", "if-none-match": condition });
      expect(r.status, condition).toBe(304);
      expect(r.headers.get("etag")).toBe(etag);
      expect(r.headers.get("cache-control")).toMatch(/max-age=300/);
      expect(r.headers.get("vary")).toBe("Accept-Encoding");
      expect((await rawBody(r)).byteLength).toBe(0);
    }
    expect((await get("/openapi.json", { "accept-encoding": "gzip", "if-none-match": '"stale"' })).status).toBe(200);
    // The gzip tag does not validate the brotli representation.
    expect((await get("/openapi.json", { "accept-encoding": "br", "if-none-match": etag })).status).toBe(200);
  });

  it("answers HEAD with the headers and no body", async () => {
    const r = await get("/operations.json", { "accept-encoding": "identity" }, "HEAD");
    expect(r.status).toBe(200);
    expect(Number(r.headers.get("content-length"))).toBe(indexBytes.byteLength);
    expect((await rawBody(r)).byteLength).toBe(0);
  });

  it("answers CORS preflights, and 405 with Allow for other methods", async () => {
    const pre = await get(
      "/openapi.json",
      {
        origin: "https://gpt.example",
        "access-control-request-method": "GET",
        "access-control-request-headers": "if-none-match, x-custom",
      },
      "OPTIONS",
    );
    expect(pre.status).toBe(204);
    expect(pre.headers.get("access-control-allow-origin")).toBe("*");
    expect(pre.headers.get("access-control-allow-methods")).toBe("GET, HEAD, OPTIONS");
    expect(pre.headers.get("access-control-allow-headers")).toBe("if-none-match, x-custom");
    expect(pre.headers.get("access-control-max-age")).toBe("86400");
    for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
      const r = await get("/openapi.json", {}, method);
      expect(r.status, method).toBe(405);
      expect(r.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
      expect(r.headers.get("x-content-type-options")).toBe("nosniff");
    }
  });

  it("offers the document as a download, redirects the bare mount, and serves the page with a strict CSP", async () => {
    const download = await get("/openapi-public.json", { "accept-encoding": "identity" });
    expect(download.headers.get("content-disposition")).toBe('attachment; filename="openapi-public.json"');
    expect((await rawBody(download)).equals(openapiBytes)).toBe(true);
    const bare = await fetch(`${base}${MOUNT}?x=1`, { redirect: "manual" });
    expect(bare.status).toBe(308);
    expect(bare.headers.get("location")).toBe(`${MOUNT}/?x=1`);
    const page = await get("/");
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(page.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(await page.text()).toContain('<script src="app.js" defer></script>');
  });

  it("never answers a traversal or malformed request with a 500 or a file", async () => {
    const probes = [
      "/../../package.json",
      "/%2e%2e/%2e%2e/package.json",
      "/..%2f..%2fpackage.json",
      "/%2e%2e%5c%2e%2e%5cpackage.json",
      "//etc/passwd",
      "/openapi.json%00.html",
      "/%00",
      "/%zz",
      "/_headers.json",
      "/openapi.json.br",
      "/index.html/../../../../package.json",
      `/${"a".repeat(6000)}`,
      "/openapi.json?../../package.json",
    ];
    for (const probe of probes) {
      const r = await raw(base, "GET", `${MOUNT}${probe}`);
      expect(r.status, probe).not.toBe(500);
      expect(r.status, probe).toBeGreaterThan(0);
      expect(r.text, probe).not.toContain('"name": "apidex"');
      expect(r.text, probe).not.toContain("root:x:0:0");
    }
  });
});

describe("the handler reads nothing from disk after start-up", () => {
  it("keeps serving every file after its folder is deleted", async () => {
    const copy = mkdtempSync(path.join(tmpdir(), "apidex-docs-"));
    cpSync(path.join(DIST, "api-docs"), copy, { recursive: true });
    const handler = createApiDocsHandler(loadApiDocsAssets(copy));
    rmSync(copy, { recursive: true, force: true });
    const server = createServer((req, res) => handler.node(req, res)).listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      for (const file of [
        "/",
        "/openapi.json",
        "/operations.json",
        "/openapi-public.json",
        "/operations.schema.json",
        "/app.js",
        "/app.css",
      ]) {
        for (const encoding of ["br", "gzip", "identity"]) {
          const r = await fetch(`${base}${MOUNT}${file}`, { headers: { "accept-encoding": encoding } });
          expect(r.status, `${file} ${encoding}`).toBe(200);
        }
      }
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("answers as a web-standard fetch handler too", async () => {
    const handler = createApiDocsHandler(loadApiDocsAssets(path.join(DIST, "api-docs")));
    const r = handler.fetch(new Request(`https://docs.example${MOUNT}/operations.json`, { headers: { "accept-encoding": "br" } }));
    expect(r.status).toBe(200);
    expect(r.headers.get("content-encoding")).toBe("br");
    expect(brotliDecompressSync(Buffer.from(await r.arrayBuffer())).equals(indexBytes)).toBe(true);
    const notMine = handler.fetch(new Request("https://docs.example/elsewhere"));
    expect(notMine.status).toBe(404);
  });
});
