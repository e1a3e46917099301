import { mkdtempSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import express from "express";
import multer from "multer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CatalogEntry } from "../generator/mcp/catalog.js";
import { encodeBody } from "../generator/mcp/request-body.js";
import { generateFrom } from "./helpers/in-memory.js";
import { REPO_ROOT } from "./helpers/repo.js";

/**
 * An operation whose body is a form, called through the MCP server as an assistant calls it (the official
 * client SDK over stdio, a spawned `apidex mcp`): the fields it gives as an object reach the real Express and
 * multer service as a multipart form, a file field's text as a file. The artifacts are apidex's own of the
 * service's source, and the service runs that same source's routes.
 */

const CLI = path.join(REPO_ROOT, "lib", "cli.cjs");
const KEY = "form_test_key_4d1c";

const SOURCE = `import express from "express";
import multer from "multer";
const upload = multer({ storage: multer.memoryStorage() });
const app = express();
/**
 * Set a member's avatar
 * @documented
 */
app.post("/members/:id/avatar", upload.single("avatar"), (req, res) => res.json({}));
/**
 * Add pages to a book
 * @documented
 */
app.post("/books/:id/pages", upload.array("pages", 5), (req, res) => res.json({}));
app.listen(3000);
`;

let service: Server;
let baseUrl: string;
let dir: string;
const received: { path: string; files: { field: string; name: string; text: string }[]; fields: Record<string, unknown> }[] = [];

beforeAll(async () => {
  const result = await generateFrom({ "package.json": JSON.stringify({ dependencies: { express: "5", multer: "2" } }), "app.ts": SOURCE });
  dir = mkdtempSync(path.join(tmpdir(), "apidex-forms-"));
  for (const name of ["operations.json", "openapi-public.json"])
    writeFileSync(path.join(dir, name), String(result.files.find((f) => f.name === name)!.content));
  const upload = multer({ storage: multer.memoryStorage() });
  const record: express.RequestHandler = (req, res) => {
    const files = req.file ? [req.file] : Array.isArray(req.files) ? req.files : [];
    received.push({
      path: req.path,
      files: files.map((f) => ({ field: f.fieldname, name: f.originalname, text: f.buffer.toString("utf8") })),
      fields: { ...req.body },
    });
    res.json({ ok: true });
  };
  service = express()
    .post("/members/:id/avatar", upload.single("avatar"), record)
    .post("/books/:id/pages", upload.array("pages", 5), record)
    .listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => service.once("listening", () => resolve()));
  baseUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => service.close(() => resolve())));

type ToolResult = { isError?: boolean; content: { text?: string }[]; structuredContent?: Record<string, unknown> };

describe("apidex mcp calls a form operation with a form", () => {
  it("finds the operation with its form fields, and sends the assistant's fields and files as multipart", async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [CLI, "mcp", "--index", path.join(dir, "operations.json"), "--base-url", baseUrl],
      env: { ...(process.env as Record<string, string>), APIDEX_KEY: KEY },
      stderr: "pipe",
    });
    const client = new Client({ name: "apidex-test", version: "1.0.0" });
    await client.connect(transport);
    try {
      const found = (await client.callTool({ name: "find_operations", arguments: { query: "set a member's avatar" } })) as ToolResult;
      const [top] = (found.structuredContent as { operations: Record<string, unknown>[] }).operations;
      expect(top).toMatchObject({
        method: "POST",
        path: "/members/{id}/avatar",
        body: { avatar: "string (binary)?" },
        body_media_type: "multipart/form-data",
      });

      const called = (await client.callTool({
        name: "call_service_operation",
        arguments: {
          operation_id: top!.operation_id,
          path_params: { id: "m1" },
          body: { avatar: { content: "<svg/>", filename: "me.svg", type: "image/svg+xml" }, caption: "me" },
        },
      })) as ToolResult;
      expect(called.isError).toBeFalsy();
      expect(called.structuredContent).toMatchObject({ status: 200 });

      const pages = (await client.callTool({ name: "find_operations", arguments: { query: "add pages to a book" } })) as ToolResult;
      const [book] = (pages.structuredContent as { operations: Record<string, unknown>[] }).operations;
      expect(book).toMatchObject({ body: { pages: "string (binary)[]?" } });
      const second = (await client.callTool({
        name: "call_service_operation",
        arguments: { operation_id: book!.operation_id, path_params: { id: "b1" }, body: { pages: ["one", "two"] } },
      })) as ToolResult;
      expect(second.structuredContent).toMatchObject({ status: 200 });

      const refused = (await client.callTool({
        name: "call_service_operation",
        arguments: { operation_id: top!.operation_id, path_params: { id: "m1" }, body: "not a form" },
      })) as ToolResult;
      expect(refused.isError).toBe(true);
      expect(refused.content[0]!.text).toMatch(/takes a form \(multipart\/form-data\)/);
    } finally {
      await client.close();
    }
    expect(received).toEqual([
      { path: "/members/m1/avatar", files: [{ field: "avatar", name: "me.svg", text: "<svg/>" }], fields: { caption: "me" } },
      {
        path: "/books/b1/pages",
        files: [
          { field: "pages", name: "pages", text: "one" },
          { field: "pages", name: "pages", text: "two" },
        ],
        fields: {},
      },
    ]);
  });
});

describe("encodeBody", () => {
  const entry = (body_media_type: string | undefined, body: Record<string, string>): CatalogEntry => ({
    operation_id: "op",
    method: "POST",
    path: "/x",
    permissions: [],
    summary: "x",
    path_params: [],
    effect: "write",
    documented: true,
    shape: { body, ...(body_media_type ? { body_media_type } : {}) },
  });

  it.each<[string, string | undefined, unknown, string, string | undefined]>([
    ["JSON by default", undefined, { a: 1 }, `{"a":1}`, "application/json"],
    [
      "a URL-encoded form: a list repeats its field, an object is its JSON",
      "application/x-www-form-urlencoded",
      { a: [1, 2], b: { c: true }, d: null },
      "a=1&a=2&b=%7B%22c%22%3Atrue%7D",
      "application/x-www-form-urlencoded",
    ],
    ["plain text as it is", "text/plain", "hello", "hello", "text/plain"],
  ])("%s", (_name, mediaType, body, sent, contentType) => {
    const encoded = encodeBody(entry(mediaType, { a: "string" }), body);
    expect(encoded.body).toBe(sent);
    expect(encoded.contentType).toBe(contentType);
  });

  it("a file field refuses a value that is no file", () => {
    expect(() => encodeBody(entry("multipart/form-data", { f: "string (binary)" }), { f: 3 })).toThrow(/field f is a file/);
  });
});
