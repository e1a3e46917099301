import { type ChildProcess, spawn } from "node:child_process";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../examples/field-service/src/app.js";
import { ALL_PERMISSIONS, type KeyRecord } from "../examples/field-service/src/auth/index.js";
import { REPO_ROOT } from "./helpers/repo.js";

/**
 * The MCP server as an assistant meets it: the official client SDK, over stdio (a spawned `apidex mcp`)
 * and over Streamable HTTP, against the running example service, which records every request it gets.
 */
const CLI = path.join(REPO_ROOT, "lib", "cli.cjs");
const INDEX = path.join(REPO_ROOT, "dist", "operations.json");
const KEY_WITHOUT_SEND = "fsk_test_no_send_7f3a9c";
const KEY_WITH_SEND = "fsk_test_with_send_2b8e41";

const keys = new Map<string, KeyRecord>([
  [KEY_WITHOUT_SEND, { name: "no send", permissions: ALL_PERMISSIONS.filter((p) => p !== "invoices.send") }],
  [KEY_WITH_SEND, { name: "with send", permissions: ALL_PERMISSIONS }],
]);

let service: Server;
let baseUrl: string;
const received: { method: string; url: string }[] = [];

beforeAll(async () => {
  const outer = express();
  outer.use((req, _res, next) => {
    received.push({ method: req.method, url: req.originalUrl });
    next();
  });
  outer.use(createApp({ keys }));
  service = outer.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => service.once("listening", () => resolve()));
  baseUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => service.close(() => resolve())));

interface Connection {
  client: Client;
  logs: () => string;
  close: () => Promise<void>;
}

async function connectStdio(key: string, extra: string[] = []): Promise<Connection> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, "mcp", "--index", INDEX, "--base-url", baseUrl, ...extra],
    env: { ...(process.env as Record<string, string>), APIDEX_KEY: key },
    stderr: "pipe",
  });
  let logs = "";
  transport.stderr?.on("data", (chunk: Buffer) => {
    logs += chunk.toString();
  });
  const client = new Client({ name: "apidex-test", version: "1.0.0" });
  await client.connect(transport);
  return { client, logs: () => logs, close: () => client.close() };
}

async function connectHttp(key: string, extra: string[] = []): Promise<Connection> {
  const child: ChildProcess = spawn(process.execPath, [CLI, "mcp", "--index", INDEX, "--base-url", baseUrl, "--http", "0", ...extra], {
    env: { ...process.env, APIDEX_KEY: key },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let logs = "";
  const port = await new Promise<number>((resolve, reject) => {
    child.stderr!.on("data", (chunk: Buffer) => {
      logs += chunk.toString();
      const match = /on http:\/\/127\.0\.0\.1:(\d+)\/mcp/.exec(logs);
      if (match) resolve(Number(match[1]));
    });
    child.once("exit", (code) => reject(new Error(`apidex mcp exited with ${code}: ${logs}`)));
  });
  const client = new Client({ name: "apidex-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`)));
  return {
    client,
    logs: () => logs,
    close: async () => {
      await client.close();
      child.kill();
    },
  };
}

type ToolResult = { isError?: boolean; content: { type: string; text?: string }[]; structuredContent?: Record<string, unknown> };
const textOf = (r: ToolResult) => r.content.map((c) => c.text ?? "").join("\n");

describe.each([
  ["stdio", connectStdio],
  ["Streamable HTTP", connectHttp],
] as const)("apidex mcp over %s", (_name, connect) => {
  let without: Connection;
  let withSend: Connection;
  const outputs: string[] = [];
  const call = async (conn: Connection, name: string, args: Record<string, unknown>) => {
    const result = (await conn.client.callTool({ name, arguments: args })) as ToolResult;
    outputs.push(JSON.stringify(result));
    return result;
  };

  beforeAll(async () => {
    without = await connect(KEY_WITHOUT_SEND);
    withSend = await connect(KEY_WITH_SEND);
  });
  afterAll(async () => {
    await without.close();
    await withSend.close();
  });

  it("lists the tools with honest annotations", async () => {
    const { tools } = await without.client.listTools();
    const byName = new Map(tools.map((t) => [t.name, t]));
    expect([...byName.keys()].sort()).toEqual(["call_read_operation", "call_service_operation", "find_operations"]);
    expect(byName.get("find_operations")!.annotations).toMatchObject({ readOnlyHint: true });
    expect(byName.get("call_service_operation")!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(byName.get("call_read_operation")!.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
  });

  it("finds an operation by words, then calls the read it found (200)", async () => {
    const found = await call(without, "find_operations", { query: "list the technicians", limit: 3 });
    const operations = found.structuredContent!.operations as { operation_id: string; path_params: string[]; effect: string }[];
    expect(operations[0]).toMatchObject({ operation_id: "list_technicians", effect: "read", path_params: [] });
    expect(operations.length).toBe(3);
    const before = received.length;
    const result = await call(without, "call_read_operation", { operation_id: "list_technicians", query: { limit: 1 } });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ status: 200, body: { data: [{ id: "tec_0001" }], has_more: true } });
    expect(received.slice(before)).toEqual([{ method: "GET", url: "/v1/technicians?limit=1" }]);
  });

  it("says why each candidate matched: the words by field, and the method a verb meant", async () => {
    const found = await call(without, "find_operations", { query: "remove a tag", limit: 2 });
    const operations = found.structuredContent!.operations as { operation_id: string; why?: string }[];
    expect(operations[0]!.operation_id).toBe("delete_tag");
    // "remove" is not in any path: it counts as the DELETE it means, and "tag" matched the path and id.
    expect(operations[0]!.why).toMatch(/\bpath\b[^;]*: tag\b/);
    expect(operations[0]!.why).toContain("method: DELETE (remove)");
    expect(operations[1]!.why).not.toContain("method: DELETE");
    const literal = await call(without, "find_operations", { query: "get_technician_location", limit: 1 });
    expect((literal.structuredContent!.operations as { why: string }[])[0]!.why).toContain("literal id");
    // Without words there is nothing to explain.
    const filtered = await call(without, "find_operations", { method: "DELETE", limit: 1 });
    expect((filtered.structuredContent!.operations as { why?: string }[])[0]!.why).toBeUndefined();
  });

  it("describes the search without promising synonyms it does not have", async () => {
    const { tools } = await without.client.listTools();
    const description = tools.find((t) => t.name === "find_operations")!.description!;
    expect(description).not.toMatch(/synonym/i);
    expect(description).toContain("why it matched");
  });

  it("refuses a write the key lacks a permission for, naming the key and what it unlocks", async () => {
    const result = await call(without, "call_service_operation", {
      operation_id: "send_invoice",
      path_params: { invoice_id: "inv_0001" },
      body: { message: "hi" },
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain("lacks the permission invoices.send");
    expect(textOf(result)).toContain("remind_invoice (POST /v1/invoices/{invoice_id}/remind)");
    expect(result.structuredContent).toMatchObject({
      status: 403,
      missing_permission: "invoices.send",
      unlocks: [{ operation_id: "remind_invoice" }],
    });
  });

  it("performs the same write with a key that holds the permission", async () => {
    const result = await call(withSend, "call_service_operation", {
      operation_id: "send_invoice",
      path_params: { invoice_id: "inv_0001" },
      body: { message: "hi" },
    });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ status: 200, body: { id: "inv_0001", status: "sent" } });
  });

  it("refuses writes through the read-only tool, closed routes and unknown ids, without sending anything", async () => {
    const before = received.length;
    for (const [tool, args] of [
      ["call_read_operation", { operation_id: "delete_customer", path_params: { customer_id: "cus_0001" } }],
      ["call_service_operation", { operation_id: "create_auth_sign_in" }],
      ["call_service_operation", { operation_id: "list_api_keys" }],
      ["call_service_operation", { operation_id: "no_such_operation" }],
    ] as const) {
      const result = await call(withSend, tool, args);
      expect(result.isError, `${tool} ${args.operation_id}`).toBe(true);
    }
    expect(received.slice(before)).toEqual([]);
  });

  it("never lets a path parameter change the path", async () => {
    const before = received.length;
    for (const value of [
      "../customers",
      "inv_0001/../../customers",
      "a/b",
      "x?y=1",
      "x#frag",
      "..",
      ".",
      "%2e%2e",
      "a\u0000b",
      "a\nb",
      "",
      "\\customers",
    ]) {
      const result = await call(withSend, "call_read_operation", { operation_id: "get_invoice", path_params: { invoice_id: value } });
      expect(result.isError, JSON.stringify(value)).toBe(true);
      expect(textOf(result)).toMatch(/^Not sent:/);
    }
    expect(received.slice(before)).toEqual([]);
    // A value that is merely unusual is encoded into its one segment.
    await call(withSend, "call_read_operation", { operation_id: "get_invoice", path_params: { invoice_id: "inv 1+ü" } });
    expect(received.slice(before)).toEqual([{ method: "GET", url: "/v1/invoices/inv%201%2B%C3%BC" }]);
  });

  it("rejects unknown path parameters and wrong input types with a validation error", async () => {
    const before = received.length;
    const unknownParam = await call(withSend, "call_read_operation", {
      operation_id: "get_invoice",
      path_params: { invoice_id: "inv_0001", other: "x" },
    });
    expect(unknownParam.isError).toBe(true);
    const wrongType = (await withSend.client
      .callTool({ name: "call_service_operation", arguments: { operation_id: 42 } })
      .catch((e: Error) => ({ isError: true, content: [{ type: "text", text: e.message }] }))) as ToolResult;
    expect(wrongType.isError).toBe(true);
    expect(received.slice(before)).toEqual([]);
  });

  it("never shows the key in any tool output or log", () => {
    const everything = [...outputs, without.logs(), withSend.logs()].join("\n");
    expect(everything.length).toBeGreaterThan(1000);
    expect(everything).not.toContain(KEY_WITHOUT_SEND);
    expect(everything).not.toContain(KEY_WITH_SEND);
  });
});

describe("apidex mcp options", () => {
  it("exposes documented operations as their own tools, with annotations from effect and destructiveness", async () => {
    const conn = await connectStdio(KEY_WITH_SEND, ["--tools", "documented"]);
    try {
      const { tools } = await conn.client.listTools();
      const byName = new Map(tools.map((t) => [t.name, t]));
      expect(byName.size).toBe(3 + 21);
      expect(byName.get("list_customers")!.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
      expect(byName.get("void_invoice")!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
      expect(byName.get("get_customer")!.inputSchema).toMatchObject({ required: ["customer_id"] });
      const result = (await conn.client.callTool({ name: "get_customer", arguments: { customer_id: "cus_0001" } })) as ToolResult;
      expect(result.structuredContent).toMatchObject({ status: 200, body: { id: "cus_0001" } });
    } finally {
      await conn.close();
    }
  });

  it("marks what the key can call when its permissions are known, and filters to those", async () => {
    const conn = await connectStdio(KEY_WITHOUT_SEND, ["--key-permissions-path", "/v1/me"]);
    try {
      const all = (await conn.client.callTool({ name: "find_operations", arguments: { permission: "invoices.send" } })) as ToolResult;
      const ops = all.structuredContent!.operations as { operation_id: string; callable: boolean; missing_permissions: string[] }[];
      expect(ops.map((o) => [o.operation_id, o.callable, o.missing_permissions])).toEqual([
        ["remind_invoice", false, ["invoices.send"]],
        ["send_invoice", false, ["invoices.send"]],
      ]);
      const callable = (await conn.client.callTool({
        name: "find_operations",
        arguments: { query: "invoice", callable_only: true, limit: 50 },
      })) as ToolResult;
      const ids = (callable.structuredContent!.operations as { operation_id: string }[]).map((o) => o.operation_id);
      expect(ids).toContain("get_invoice");
      expect(ids).not.toContain("send_invoice");
    } finally {
      await conn.close();
    }
  });
});
