import { execFile, execFileSync, spawnSync } from "node:child_process";
import { promisify } from "node:util";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "./helpers/repo.js";

const execFileAsync = promisify(execFile);

/** Review tooling on real git history: commit, change permissions and shapes, add a route, compare. */
const CLI = path.join(REPO_ROOT, "lib", "cli.cjs");
let repo: string;

function apidex(args: string[], cwd = repo) {
  const run = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: "utf8", env: { ...process.env, CI: "true" } });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

function git(...args: string[]) {
  return execFileSync("git", args, {
    cwd: repo,
    encoding: "utf8",
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: "t",
      GIT_AUTHOR_EMAIL: "t@example.com",
      GIT_COMMITTER_NAME: "t",
      GIT_COMMITTER_EMAIL: "t@example.com",
    },
  });
}

function write(files: Record<string, string>) {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(repo, name)), { recursive: true });
    writeFileSync(path.join(repo, name), text);
  }
}

const MODELS_V1 = `export interface Invoice {\n  id: string;\n  status: "draft" | "sent" | "void";\n  total_cents: number;\n}\nexport interface SendBody {\n  to?: string;\n}\n`;
const MODELS_V2 = `export interface Invoice {\n  id: string;\n  status: "draft" | "sent" | "void";\n}\nexport interface SendBody {\n  to?: string;\n  channel: "email" | "sms";\n}\n`;

const ROUTES_V1 = `import { Router, type Request, type Response } from "express";
import { requirePermission } from "../auth.js";
import type { Invoice, SendBody } from "../models.js";

export const invoices = Router();

/**
 * Get an invoice
 * @documented
 * @scope invoices:read
 * @example response 200 {"id": "inv_1", "status": "draft", "total_cents": 100}
 */
function getInvoice(req: Request<{ invoice_id: string }, Invoice>, res: Response<Invoice>) {
  res.json({ id: req.params.invoice_id, status: "draft", total_cents: 100 });
}

/**
 * Send an invoice
 * @documented
 * @scope invoices:write
 * @example request {"to": "a@b.example"}
 */
function sendInvoice(req: Request<{ invoice_id: string }, Invoice, SendBody>, res: Response<Invoice>) {
  res.json({ id: req.params.invoice_id, status: "sent", total_cents: 100 });
}

invoices.get("/:invoice_id", requirePermission("invoices.read"), getInvoice);
invoices.post("/:invoice_id/send", requirePermission("invoices.send", "invoices.write"), sendInvoice);
`;

beforeAll(() => {
  repo = mkdtempSync(path.join(tmpdir(), "apidex-review-"));
  symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(repo, "node_modules"), "dir");
  write({
    ".gitignore": "node_modules\n",
    "package.json": JSON.stringify({ name: "billing", version: "1.0.0", type: "module" }),
    "tsconfig.json": JSON.stringify({
      compilerOptions: { module: "NodeNext", moduleResolution: "NodeNext", strict: true, skipLibCheck: true },
    }),
    "apidex.config.mjs": `export default { root: "src", out: "dist", service: { name: "billing", version: "1.0.0" }, closed: ["/v1/auth/**"] };\n`,
    "src/auth.ts": `export const requirePermission = (...keys: string[]) => (req: unknown, res: unknown, next: () => void) => next();\n`,
    "src/models.ts": MODELS_V1,
    "src/routes/invoices.ts": ROUTES_V1,
    "src/app.ts": `import express from "express";\nimport { invoices } from "./routes/invoices.js";\nexport const app = express();\napp.use("/v1/invoices", invoices);\n`,
  });
  git("init", "-q", "-b", "main");
  expect(apidex(["generate"]).code).toBe(0);
  git("add", "-A");
  git("commit", "-qm", "v1");

  // The change under review: send no longer checks invoices.write, DELETE is added, the Invoice loses
  // total_cents and the send body gains a required field.
  write({
    "src/models.ts": MODELS_V2,
    "src/routes/invoices.ts": ROUTES_V1.replace(
      'requirePermission("invoices.send", "invoices.write")',
      'requirePermission("invoices.send")',
    )
      .replace(/, total_cents: 100 \}/g, " }")
      .replace(', "total_cents": 100}', "}")
      .replace('{"to": "a@b.example"}', '{"to": "a@b.example", "channel": "email"}')
      .concat(
        `\n/** Delete a draft invoice */\ninvoices.delete("/:invoice_id", requirePermission("invoices.delete"), (req, res) => { res.status(204).end(); });\n`,
      ),
  });
});

afterAll(() => rmSync(repo, { recursive: true, force: true }));

describe("apidex check", () => {
  it("fails with exit 1 while the committed artifacts are stale, naming the files and what changed", () => {
    const run = apidex(["check"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      "apidex check: the committed artifacts do not match the sources:\n  stale    dist/operations.json\n  stale    dist/openapi-public.json\n",
    );
    expect(run.stderr).toContain(
      "SECURITY  POST /v1/invoices/{invoice_id}/send (send_invoice) now needs fewer permissions: no longer checks invoices.write (still checks invoices.send)",
    );
    expect(run.stderr).toContain("Run `apidex generate` and commit dist/.");
  });

  it("passes once the artifacts are regenerated", () => {
    expect(apidex(["generate"]).code).toBe(0);
    const run = apidex(["check"]);
    expect(run.stdout).toBe("apidex check: dist/ is up to date (3 indexed, 2 documented, 0 closed, 0 warnings).\n");
    expect(run.code).toBe(0);
    git("add", "-A");
    git("commit", "-qm", "v2");
  });
});

describe("apidex diff on git refs", () => {
  it("reports fewer permissions first, then breaking shape changes, then additions", () => {
    const run = apidex(["diff", "HEAD~1", "HEAD"]);
    expect(run.code).toBe(0);
    expect(run.stdout.split("\n")).toEqual([
      "apidex diff HEAD~1 → HEAD: 5 changes (1 security-relevant, 3 breaking)",
      "SECURITY  POST /v1/invoices/{invoice_id}/send (send_invoice) now needs fewer permissions: no longer checks invoices.write (still checks invoices.send)",
      "BREAKING  GET /v1/invoices/{invoice_id} (get_invoice) response 200: removed field `total_cents`",
      "BREAKING  POST /v1/invoices/{invoice_id}/send (send_invoice) request body: adds required field `channel`",
      "BREAKING  POST /v1/invoices/{invoice_id}/send (send_invoice) response 200: removed field `total_cents`",
      "change    DELETE /v1/invoices/{invoice_id} (delete_invoice) was added (checks invoices.delete)",
      "",
    ]);
  });

  it.each([
    [["--fail-on", "breaking"], 1],
    [["--fail-on", "permissions"], 1],
    [["--fail-on", "any"], 1],
  ])("exits 1 with %j", (flags, code) => {
    expect(apidex(["diff", "HEAD~1", "HEAD", ...flags]).code).toBe(code);
  });

  it("exits 0 with --fail-on when nothing changed", () => {
    const run = apidex(["diff", "HEAD", "HEAD", "--fail-on", "any"]);
    expect(run.stdout).toBe("apidex diff HEAD → HEAD: no API changes\n");
    expect(run.code).toBe(0);
  });

  it("writes Markdown for a PR comment, with the permission warning on top", () => {
    const md = apidex(["diff", "HEAD~1", "HEAD", "--format", "md"]).stdout;
    expect(md).toContain("### API changes: `HEAD~1` → `HEAD`");
    expect(md).toContain("> **1 operation now needs fewer permissions.** Existing keys reach more than before.");
    expect(md).toContain("#### Breaking");
    expect(md).toContain("<details><summary>Other changes (1)</summary>");
    expect(md.indexOf("fewer permissions")).toBeLessThan(md.indexOf("#### Breaking"));
  });

  it("writes JSON", () => {
    const report = JSON.parse(apidex(["diff", "HEAD~1", "HEAD", "--format", "json"]).stdout);
    expect(report.base).toBe("HEAD~1");
    expect(report.changes.map((c: { kind: string }) => c.kind)).toEqual([
      "fewer-permissions",
      "breaking-shape",
      "breaking-shape",
      "breaking-shape",
      "added",
    ]);
  });

  it("compares two files of the same kind, and refuses to compare different kinds", () => {
    git("show", "HEAD~1:dist/operations.json");
    writeFileSync(path.join(repo, "old-index.json"), git("show", "HEAD~1:dist/operations.json"));
    const run = apidex(["diff", "old-index.json", "dist/operations.json"]);
    expect(run.stdout).toContain("SECURITY  POST /v1/invoices/{invoice_id}/send (send_invoice) now needs fewer permissions");
    expect(run.stdout).not.toContain("removed field");
    const mixed = apidex(["diff", "old-index.json", "dist/openapi-public.json"]);
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toMatch(/hold different kinds of artifact/);
  });

  it("says so when an argument is neither a file nor a ref", () => {
    const run = apidex(["diff", "no-such-ref", "HEAD"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/no-such-ref does not exist/);
  });
});

describe("apidex lint", () => {
  it("reports unguarded routes, closed-looking paths and documentation gaps with file:line, and exits 1", () => {
    write({
      "src/routes/extra.ts": `import { Router } from "express";\nexport const extra = Router();\nextra.get("/health", (req, res) => { res.end(); });\n/** Issue a token */\nextra.post("/oauth/token", (req, res) => { res.end(); });\n/**\n * @documented\n */\nextra.get("/status", (req, res) => { res.json({ ok: true }); });\n`,
      "src/app.ts": `import express from "express";\nimport { invoices } from "./routes/invoices.js";\nimport { extra } from "./routes/extra.js";\nexport const app = express();\napp.use("/v1/invoices", invoices);\napp.use(extra);\n`,
    });
    const run = apidex(["lint"]);
    expect(run.code).toBe(1);
    const lines = run.stderr.split("\n").filter((l) => !l.startsWith("  hint:"));
    expect(lines).toEqual([
      "src/routes/extra.ts:3:7 error no-permission GET /health (get_health) checks no permission and is neither closed nor marked public.",
      "src/routes/extra.ts:5:7 warning looks-closed POST /oauth/token (token_oauth) looks like a closed route (sign-in, OAuth, admin, keys, agents) but is open to API keys.",
      "src/routes/extra.ts:5:7 error no-permission POST /oauth/token (token_oauth) checks no permission and is neither closed nor marked public.",
      "src/routes/extra.ts:9:7 warning documented-examples GET /status (get_status) is documented without worked examples.",
      "src/routes/extra.ts:9:7 error documented-scope GET /status (get_status) is documented without an OAuth scope.",
      "src/routes/extra.ts:9:7 error documented-summary GET /status (get_status) is documented without a summary.",
      "src/routes/extra.ts:9:7 error no-permission GET /status (get_status) checks no permission and is neither closed nor marked public.",
      "apidex lint: 5 errors, 2 warnings in 6 operations.",
      "",
    ]);
  });

  it("takes severities and public paths from the config", () => {
    write({
      "apidex.config.mjs": `export default { root: "src", out: "dist", service: { name: "billing", version: "1.0.0" }, closed: ["/oauth/**"], lint: { public: ["/health", "/status"], rules: { "documented-summary": "warning", "documented-scope": "off" } } };\n`,
    });
    const run = apidex(["lint", "--json"]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe("");
    expect(JSON.parse(run.stdout).map((f: { code: string; severity: string }) => `${f.severity} ${f.code}`)).toEqual([
      "warning documented-examples",
      "warning documented-summary",
    ]);
  });
});

describe("apidex find", () => {
  const exampleIndex = path.join(REPO_ROOT, "dist", "operations.json");
  let server: Server;
  let url: string;

  beforeAll(async () => {
    server = createServer((_req, res) => {
      res.setHeader("content-type", "application/json");
      res.end(readFileSync(exampleIndex));
    }).listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/operations.json`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("answers what a permission key unlocks", () => {
    const run = apidex(["find", "--index", exampleIndex, "--permission", "invoices.send", "--fields", "operation_id"], REPO_ROOT);
    expect(run.stdout).toBe("remind_invoice\nsend_invoice\n");
  });

  it("ranks by words, the verb meaning its method, and says why", () => {
    const run = apidex(
      ["find", "remove", "a", "tag", "--index", exampleIndex, "--limit", "1", "--json", "--fields", "operation_id,method"],
      REPO_ROOT,
    );
    const [row] = JSON.parse(run.stdout);
    expect(row).toMatchObject({ operation_id: "delete_tag", method: "DELETE" });
    expect(row.why).toContain("method: DELETE (remove)");
    const text = apidex(["find", "send", "the", "invoice", "--index", exampleIndex, "--limit", "1", "--fields", "operation_id"], REPO_ROOT);
    // "send" is spelled by the path (/invoices/{id}/send): it counts as a word there, not as a method.
    expect(text.stdout).toMatch(/^send_invoice\s+.*path[^;]*: send;.*path[^;]*: invoice;.*phrase/);
  });

  it("filters by method, path and effect from a URL", async () => {
    // Asynchronous: the server answering the CLI lives in this process.
    const { stdout } = await execFileAsync(
      process.execPath,
      [CLI, "find", "--index", url, "--method", "delete", "--path-contains", "/notes/", "--effect", "remove", "--json", "--fields", "path"],
      { cwd: REPO_ROOT },
    );
    const run = { stdout };
    expect(JSON.parse(run.stdout).map((r: { path: string }) => r.path)).toEqual([
      "/v1/customers/{customer_id}/notes/{note_id}",
      "/v1/estimates/{estimate_id}/notes/{note_id}",
      "/v1/technicians/{technician_id}/notes/{note_id}",
      "/v1/work-orders/{work_order_id}/notes/{note_id}",
    ]);
  });

  it("searches what find_operations searches: the OpenAPI document beside the index adds documented operations' descriptions", () => {
    // A word only the description of one documented operation has (found from the artifacts, not written here).
    const index = JSON.parse(readFileSync(exampleIndex, "utf8")) as { operations: { operation_id: string }[] };
    const openapi = JSON.parse(readFileSync(path.join(REPO_ROOT, "dist", "openapi-public.json"), "utf8")) as {
      paths: Record<string, Record<string, { operationId: string; description?: string }>>;
    };
    const indexText = JSON.stringify(index.operations).toLowerCase();
    const [operationId, word] = Object.values(openapi.paths)
      .flatMap((item) => Object.values(item))
      .flatMap((op) =>
        ((op.description ?? "").toLowerCase().match(/[a-z]{7,}/g) ?? [])
          .filter((w) => !indexText.includes(w))
          .map((w) => [op.operationId, w]),
      )[0]!;
    const beside = apidex(["find", word!, "--index", exampleIndex, "--json", "--fields", "operation_id"], REPO_ROOT);
    const rows = JSON.parse(beside.stdout) as { operation_id: string; why: string }[];
    expect(rows.map((r) => r.operation_id)).toContain(operationId);
    expect(rows.find((r) => r.operation_id === operationId)?.why).toContain("description");
    // The index alone (no document beside it) has no such word.
    const alone = path.join(mkdtempSync(path.join(tmpdir(), "apidex-find-")), "operations.json");
    copyFileSync(exampleIndex, alone);
    const without = apidex(["find", word!, "--index", alone, "--json", "--fields", "operation_id"], REPO_ROOT);
    expect(JSON.parse(without.stdout).map((r: { operation_id: string }) => r.operation_id)).not.toContain(operationId);
  });

  it("rejects unknown fields with exit 2", () => {
    const run = apidex(["find", "--index", exampleIndex, "--fields", "nope"], REPO_ROOT);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/Unknown field\(s\) nope/);
  });
});
