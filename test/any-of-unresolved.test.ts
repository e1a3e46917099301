import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OperationsIndex } from "../generator/emit/index-artifact.js";
import { reach } from "../generator/model/key-reach.js";
import { diffIndexes } from "../generator/review/diff/index-diff.js";
import { findOperations } from "../generator/review/find.js";
import { lintOperations } from "../generator/review/lint.js";
import { generateFrom } from "./helpers/in-memory.js";
import { REPO_ROOT } from "./helpers/repo.js";

/** Every consumer of the index reads `any_of` groups and the `unresolved` mark (SPEC §3, §5, §6). */
const entry = (
  id: string,
  p: string,
  extra: Partial<OperationsIndex["operations"][number]> = {},
): OperationsIndex["operations"][number] => ({
  operation_id: id,
  method: "GET",
  path: p,
  permissions: [],
  summary: id.replace(/_/g, " "),
  path_params: [],
  effect: "read",
  documented: false,
  ...extra,
});
const index: OperationsIndex = {
  format: "apidex.operations/1",
  service: { name: "reports", version: "1.0.0" },
  count: 4,
  operations: [
    entry("list_reports", "/reports", { any_of: [["reports.admin", "reports.read"]] }),
    entry("get_report", "/reports/{id}", { permissions: ["reports.read"], path_params: ["id"] }),
    entry("export_reports", "/reports/export", { permissions: ["exports.run"], any_of: [["reports.admin", "reports.read"]] }),
    entry("get_audit", "/audit", { unresolved: ["permissions"] }),
  ],
};

describe("what a key may call", () => {
  it.each([
    [["reports.read"], "list_reports", true, [], []],
    [["reports.admin"], "list_reports", true, [], []],
    [[], "list_reports", false, [], [["reports.admin", "reports.read"]]],
    [["reports.admin"], "export_reports", false, ["exports.run"], []],
    [["exports.run", "reports.read"], "export_reports", true, [], []],
    [[], "get_audit", "unknown", [], []],
  ] as const)("a key holding %j and %s: callable %s", (held, id, callable, missing, missingAnyOf) => {
    const result = reach(index.operations.find((o) => o.operation_id === id)!, new Set(held));
    expect(result).toEqual({ callable, missing, missingAnyOf });
  });

  it("a route registered after an undecidable early exit (unresolved registration) is callable by its keys, which are exact", () => {
    const conditional = entry("get_setup", "/setup", { permissions: ["setup.read"], unresolved: ["registration"] });
    expect(reach(conditional, new Set(["setup.read"]))).toEqual({ callable: true, missing: [], missingAnyOf: [] });
    expect(reach(conditional, new Set())).toEqual({ callable: false, missing: ["setup.read"], missingAnyOf: [] });
  });

  it("find --permission K counts operations where K is required or one of the alternatives", () => {
    expect(
      findOperations(index, { permission: "reports.admin", fields: ["operation_id"] })
        .map((r) => r.operation_id)
        .sort(),
    ).toEqual(["export_reports", "list_reports"]);
    expect(
      findOperations(index, { permission: "reports.read", fields: ["operation_id"] })
        .map((r) => r.operation_id)
        .sort(),
    ).toEqual(["export_reports", "get_report", "list_reports"]);
  });
});

describe("diff", () => {
  it("flags any-of groups that appear, go or change, and operations that become unresolved, as security-relevant", () => {
    const head: OperationsIndex = {
      ...index,
      operations: index.operations.map((o) =>
        o.operation_id === "list_reports"
          ? { ...o, any_of: [["reports.admin", "reports.read", "reports.viewer"]] }
          : o.operation_id === "get_report"
            ? { ...o, unresolved: ["permissions"] }
            : o,
      ),
    };
    const changes = diffIndexes(index, head).map((c) => `${c.kind} ${c.level} ${c.operationId}`);
    expect(changes).toEqual(expect.arrayContaining(["any-of security list_reports", "unresolved security get_report"]));
    const back = diffIndexes(head, index).map((c) => `${c.kind} ${c.level} ${c.operationId}`);
    expect(back).toEqual(expect.arrayContaining(["any-of security list_reports", "unresolved info get_report"]));
  });
});

describe("lint", () => {
  it("reports unresolved permissions as such, and an any-of check is not 'checks no permission'", async () => {
    const result = await generateFrom({
      "auth.ts": `export const requirePermission = (...k: unknown[]) => (q: unknown, s: unknown, n: () => void) => n();\nexport const requireAnyPermission = requirePermission;`,
      "app.ts": `import express from "express"; import { requirePermission, requireAnyPermission } from "./auth";\nconst app = express();\napp.get("/a", requireAnyPermission("x", "y"), (q, s) => s.end());\napp.get("/b", requirePermission(process.env.K), (q, s) => s.end());\napp.get("/c", (q, s) => s.end());`,
    });
    const findings = lintOperations(result, { lint: {} }).map((d) => `${d.code} ${d.message.split(" ")[1]}`);
    expect(findings).toEqual(expect.arrayContaining(["unresolved-permissions /b", "no-permission /c"]));
    expect(findings.some((f) => f.endsWith(" /a"))).toBe(false);
  });
});

describe("the MCP server (real SDK client over stdio)", () => {
  let service: Server;
  let baseUrl: string;
  const dir = mkdtempSync(path.join(tmpdir(), "apidex-anyof-"));
  const indexFile = path.join(dir, "operations.json");

  beforeAll(async () => {
    writeFileSync(indexFile, `${JSON.stringify(index, null, 2)}\n`);
    const app = express();
    // A service that refuses the way the example does, naming the key it checked first.
    app.get("/reports", (_req, res) => {
      res
        .status(403)
        .json({ error: "missing_permission", permission: "reports.read", message: "This key lacks the permission reports.read." });
    });
    service = app.listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => service.once("listening", () => resolve()));
    baseUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => service.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  });

  async function connect(extra: string[] = []): Promise<Client> {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [path.join(REPO_ROOT, "lib", "cli.cjs"), "mcp", "--index", indexFile, "--base-url", baseUrl, ...extra],
      env: { ...(process.env as Record<string, string>), APIDEX_KEY: "k-test" },
      stderr: "pipe",
    });
    const client = new Client({ name: "apidex-test", version: "1.0.0" });
    await client.connect(transport);
    return client;
  }

  it("find_operations carries any_of and unresolved, filters by alternatives, and is honest about what a key can call", async () => {
    const client = await connect(["--key-permissions", "reports.admin"]);
    try {
      const found = (await client.callTool({ name: "find_operations", arguments: { permission: "reports.admin" } })).structuredContent as {
        operations: Record<string, unknown>[];
      };
      const byId = Object.fromEntries(found.operations.map((o) => [o.operation_id, o]));
      expect(Object.keys(byId).sort()).toEqual(["export_reports", "list_reports"]);
      expect(byId.list_reports).toMatchObject({ any_of: [["reports.admin", "reports.read"]], callable: true });
      expect(byId.export_reports).toMatchObject({ callable: false, missing_permissions: ["exports.run"] });
      const audit = (await client.callTool({ name: "find_operations", arguments: { path_contains: "/audit" } })).structuredContent as {
        operations: Record<string, unknown>[];
      };
      expect(audit.operations[0]).toMatchObject({ unresolved: ["permissions"], callable: "unknown" });
    } finally {
      await client.close();
    }
  });

  it("a refusal names the alternatives and what the key would unlock", async () => {
    const client = await connect();
    try {
      const result = await client.callTool({ name: "call_service_operation", arguments: { operation_id: "list_reports" } });
      expect(result.isError).toBe(true);
      const text = (result.content as { text: string }[])[0]!.text;
      expect(text).toContain("lacks the permission reports.read");
      expect(text).toContain("Any one of reports.admin, reports.read would do");
      expect(text).toContain("get_report");
      expect(text).toContain("export_reports");
    } finally {
      await client.close();
    }
  });
});
