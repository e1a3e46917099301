import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../generator/config/load-config.js";
import { generate } from "../generator/generate.js";
import { mayRegisterRoutes } from "../generator/scan/route-hints.js";
import { canonicalJson } from "../generator/write/canonical-json.js";
import { diagnosticLines, generateFrom, type InMemoryCase, routeLines } from "./helpers/in-memory.js";
import { REPO_ROOT } from "./helpers/repo.js";

const FIXTURE = path.join(REPO_ROOT, "test", "fixtures", "encore");

async function fixtureIndex() {
  const result = await generate(await loadConfig({ cwd: REPO_ROOT, root: FIXTURE }));
  expect(result.diagnostics.errors).toEqual([]);
  return result;
}

describe("Encore.ts: the fixture service", () => {
  it("matches the golden index; the one warning is the raw endpoint's wildcard", async () => {
    const result = await fixtureIndex();
    expect(canonicalJson(result.index)).toBe(readFileSync(path.join(FIXTURE, "expected-operations.json"), "utf8"));
    expect(diagnosticLines(result).map((d) => d.replace(FIXTURE.slice(1), ""))).toEqual([
      expect.stringMatching(/^APX205 .*workorders\/workorders\.ts:\d+$/),
    ]);
  });

  /**
   * No runtime oracle boots it: Encore's endpoints are found by its compiler (the Rust `tsparser` in the `encore`
   * CLI), not registered at run time — `api(options, handler)` returns the handler — and encore.dev's runtime is a
   * native library (`ENCORE_RUNTIME_LIB`, `encore-runtime.node`) that the CLI brings and npm does not: importing
   * `encore.dev/api` without it throws. So the fixture is checked two ways: it type-checks against the real
   * encore.dev SDK (each `api`, `api.raw`, `api.streamOut`, `api.static`, `middleware` and `Service` call as
   * the SDK types it), the calls the checker resolves to the SDK's endpoint functions with `expose: true` being
   * exactly the index's operation sites; and its (method, path) set is the one Encore's parser rules give, written out by hand
   * below from tsparser's `api.rs` (default method POST; `"*"` is GET, POST, PATCH, PUT, DELETE, HEAD, OPTIONS,
   * TRACE; streams are GET; no path is `/<service>.<endpoint>`; `expose: false`, the default, is private) and its
   * service discovery (the nearest encore.service.ts, else the highest folder of endpoint files).
   */
  it("type-checks against the real encore.dev SDK, whose api() declarations with expose: true are the operations' sites", async () => {
    const configFile = path.join(FIXTURE, "tsconfig.json");
    const read = ts.readConfigFile(configFile, ts.sys.readFile);
    const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, FIXTURE);
    const program = ts.createProgram(parsed.fileNames, parsed.options);
    const problems = ts
      .getPreEmitDiagnostics(program)
      .map((d) => `${d.file ? path.relative(FIXTURE, d.file.fileName) : "-"}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`);
    expect(problems).toEqual([]);
    // The SDK the program read is encore.dev's own (its api() overloads), not a stand-in.
    const sdk = /node_modules[\\/]encore\.dev[\\/]api[\\/]mod\.ts$/;
    expect(program.getSourceFiles().some((f) => sdk.test(f.fileName))).toBe(true);
    // Every call the type checker resolves to the SDK's `api`, `api.raw` or `api.stream*` (not `api.static`) whose
    // options say `expose: true` is where an operation of the index is registered, and nothing else is.
    const checker = program.getTypeChecker();
    const exposed = new Set<string>();
    for (const file of program.getSourceFiles()) {
      if (file.isDeclarationFile || file.fileName.includes("node_modules")) continue;
      const visit = (node: ts.Node): void => {
        if (ts.isCallExpression(node)) {
          const declaration = checker.getResolvedSignature(node)?.getDeclaration();
          const fromSdk = declaration !== undefined && sdk.test(declaration.getSourceFile().fileName);
          const callee = node.expression.getText(file);
          const options = node.arguments[0];
          if (
            fromSdk &&
            /^api(\.(raw|streamIn|streamOut|streamInOut))?$/.test(callee) &&
            options &&
            ts.isObjectLiteralExpression(options)
          ) {
            const expose = options.properties.find((p) => p.name?.getText(file) === "expose");
            if (expose && ts.isPropertyAssignment(expose) && expose.initializer.kind === ts.SyntaxKind.TrueKeyword) {
              const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
              exposed.add(`${path.relative(FIXTURE, file.fileName)}:${line + 1}`);
            }
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(file);
    }
    expect(exposed.size).toBe(11);
    const result = await fixtureIndex();
    const sites = new Set(result.operations.map((o) => `${path.relative(FIXTURE, o.site.file)}:${o.site.line}`));
    expect([...sites].sort()).toEqual([...exposed].sort());
  }, 60_000);

  it("indexes what Encore's parser rules give for the fixture, and nothing private or static", async () => {
    const result = await fixtureIndex();
    const any = ["GET", "POST", "PATCH", "PUT", "DELETE", "HEAD", "OPTIONS", "TRACE"];
    const expected = [
      "GET /me",
      "GET /customers",
      "GET /customers/{id}",
      "POST /customers",
      "DELETE /customers/{id}",
      // method: ["PUT", "PATCH"]
      "PUT /work-orders/{id}",
      "PATCH /work-orders/{id}",
      // no method, no path: POST /<service>.<endpoint>
      "POST /workorders.summary",
      // api.streamOut: GET
      "GET /work-orders/{id}/progress",
      // api.raw with method "*"
      ...any.map((m) => `${m} /webhooks/dispatch/{event}`),
      // invoices has no encore.service.ts: named after its folder, which holds the pdf/ subfolder too
      "POST /invoices.send",
      "GET /invoices.renderPdf",
    ];
    expect(result.index.operations.map((o) => `${o.method} ${o.path}`).sort()).toEqual(expected.sort());
  });
});

const CASES: InMemoryCase[] = [
  {
    name: "method: a string, an array (each once), '*' (Encore's eight), none (POST); path parameters",
    files: {
      "svc/encore.service.ts": `import { Service } from "encore.dev/service";\nexport default new Service("svc");`,
      "svc/api.ts": `import { api } from "encore.dev/api";
export const one = api({ expose: true, method: "GET", path: "/one/:id" }, async ({ id }: { id: string }) => ({ id }));
export const two = api({ expose: true, method: ["PUT", "PATCH", "PUT"], path: "/two/:id" }, async () => {});
export const all = api({ expose: true, method: "*", path: "/all" }, async () => {});
export const posted = api({ expose: true, path: "/posted" }, async () => {});`,
    },
    routes: [
      "DELETE /all []",
      "GET /all []",
      "GET /one/{id} []",
      "HEAD /all []",
      "OPTIONS /all []",
      "PATCH /all []",
      "PATCH /two/{id} []",
      "POST /all []",
      "POST /posted []",
      "PUT /all []",
      "PUT /two/{id} []",
      "TRACE /all []",
    ],
  },
  {
    name: "no path: /<service>.<endpoint>, the service named by encore.service.ts (a const too), above the endpoint's folder",
    files: {
      "payments/encore.service.ts": `import { Service } from "encore.dev/service";\nconst NAME = "billing";\nexport default new Service(NAME);`,
      "payments/handlers/charge.ts": `import { api } from "encore.dev/api";
export const charge = api({ expose: true }, async () => {});
export const refund = api({ expose: true, method: "GET" }, async () => {});`,
    },
    routes: ["GET /billing.refund []", "POST /billing.charge []"],
  },
  {
    name: "no encore.service.ts: the service is the highest folder holding endpoint files, named after it",
    files: {
      "services/orders/orders.ts": `import { api } from "encore.dev/api";\nexport const place = api({ expose: true }, async () => {});`,
      "services/orders/admin/admin.ts": `import { api } from "encore.dev/api";\nexport const purge = api({ expose: true }, async () => {});`,
      "services/stock/stock.ts": `import { api } from "encore.dev/api";\nexport const count = api({ expose: true, method: "GET" }, async () => {});`,
    },
    routes: ["GET /stock.count []", "POST /orders.place []", "POST /orders.purge []"],
  },
  {
    name: "a wildcard `*name` and a fallback `!name` are catch-alls (APX205); an aliased import of `api` is read",
    files: {
      "files/api.ts": `import { api as endpoint } from "encore.dev/api";
export const download = endpoint({ expose: true, method: "GET", path: "/files/*path" }, async ({ path }: { path: string }) => ({ path }));
export const notFound = endpoint.raw({ expose: true, method: "GET", path: "/!rest" }, async (req, res) => { res.end(); });`,
    },
    routes: ["GET /files/{path} []", "GET /{rest} []"],
    diagnostics: ["APX205 files/api.ts:2", "APX205 files/api.ts:3"],
  },
  {
    name: "expose: false and no expose are private (no operation); api.static serves files (no operation); streams are GET",
    files: {
      "chat/api.ts": `import { api } from "encore.dev/api";
export const internal = api({ expose: false, method: "GET", path: "/internal" }, async () => {});
export const alsoInternal = api({ method: "POST", path: "/also-internal" }, async () => {});
export const assets = api.static({ expose: true, path: "/assets/*path", dir: "./assets" });
export const inbound = api.streamIn<{ text: string }>({ expose: true, path: "/chat/in" }, async (stream) => {});
export const outbound = api.streamOut<{ text: string }>({ expose: true, method: "POST", path: "/chat/out" }, async (stream) => {});
export const both = api.streamInOut<{ text: string }, { text: string }>({ expose: true, path: "/chat" }, async (stream) => {});`,
    },
    routes: ["GET /chat []", "GET /chat/in []", "GET /chat/out []"],
  },
  {
    name: "keys: checks in the handler's body, in a handler declared apart, and in one imported",
    files: {
      "perm.ts": `export function requirePermission(key: string): void {}`,
      "jobs/handlers.ts": `import { requirePermission } from "../perm";\nexport async function retry(): Promise<void> { requirePermission("jobs.retry"); }`,
      "jobs/api.ts": `import { api } from "encore.dev/api";
import { requirePermission } from "../perm";
import { retry as retryHandler } from "./handlers";
import { getAuthData } from "~encore/auth";
export const list = api({ expose: true, auth: true, method: "GET", path: "/jobs" }, async () => {
  const auth = getAuthData()!;
  if (!auth.permissions.includes("jobs.read")) throw new Error("denied");
  return {};
});
async function cancelJob() { requirePermission("jobs.cancel"); }
export const cancel = api({ expose: true, auth: true, method: "DELETE", path: "/jobs/:id" }, cancelJob);
export const retry = api({ expose: true, auth: true, method: "POST", path: "/jobs/:id/retry" }, retryHandler);`,
    },
    routes: ["DELETE /jobs/{id} [jobs.cancel]", "GET /jobs [jobs.read]", "POST /jobs/{id}/retry [jobs.retry]"],
  },
  {
    name: "service middleware: checks for the endpoints its target selects (auth, expose, isRaw, isStream, tags); middleware(fn) for all",
    files: {
      "admin/encore.service.ts": `import { Service } from "encore.dev/service";
import { middleware } from "encore.dev/api";
import { authed, rawOnly, tagged } from "./middleware";
const everyone = middleware(async (req, next) => { requirePermission("admin.any"); return next(req); });
export default new Service("admin", { middlewares: [authed, rawOnly, tagged, everyone] });`,
      "admin/middleware.ts": `import { middleware } from "encore.dev/api";
export const authed = middleware({ target: { auth: true, expose: true } }, async (req, next) => { requirePermission("admin.authed"); return next(req); });
export const rawOnly = middleware({ target: { isRaw: true } }, async (req, next) => { requirePermission("admin.raw"); return next(req); });
export const tagged = middleware({ target: { tags: ["billing"] } }, async (req, next) => { requirePermission("admin.billing"); return next(req); });`,
      "admin/api.ts": `import { api } from "encore.dev/api";
export const open = api({ expose: true, method: "GET", path: "/admin/open" }, async () => {});
export const authd = api({ expose: true, auth: true, method: "GET", path: "/admin/authed" }, async () => {});
export const hook = api.raw({ expose: true, method: "POST", path: "/admin/hook" }, async (req, res) => {});
export const invoice = api({ expose: true, method: "GET", path: "/admin/invoice", tags: ["billing"] }, async () => {});`,
      "other/api.ts": `import { api } from "encore.dev/api";\nexport const elsewhere = api({ expose: true, auth: true, method: "GET", path: "/other" }, async () => {});`,
    },
    routes: [
      "GET /admin/authed [admin.any,admin.authed]",
      "GET /admin/invoice [admin.any,admin.billing]",
      "GET /admin/open [admin.any]",
      "GET /other []",
      "POST /admin/hook [admin.any,admin.raw]",
    ],
  },
  {
    name: "a service's middleware apidex cannot read marks its operations unresolved (APX301)",
    files: {
      "ops/encore.service.ts": `import { Service } from "encore.dev/service";
import { fromPackage } from "some-middleware-package";
export default new Service("ops", { middlewares: [fromPackage()] });`,
      "ops/api.ts": `import { api } from "encore.dev/api";\nexport const status = api({ expose: true, method: "GET", path: "/status" }, async () => {});`,
    },
    routes: ["GET /status [] unresolved(permissions)"],
    diagnostics: ["APX301 ops/encore.service.ts:3"],
  },
  {
    name: "what apidex cannot read is said: a path (APX201), an expose (APX257, indexed unresolved), a method, options, an unbound endpoint (APX257)",
    files: {
      "svc/api.ts": `import { api } from "encore.dev/api";
export const dynamicPath = api({ expose: true, method: "GET", path: process.env.PREFIX + "/x" }, async () => {});
export const maybe = api({ expose: process.env.PUBLIC === "1", method: "GET", path: "/maybe" }, async () => {});
export const lower = api({ expose: true, method: "get", path: "/lower" }, async () => {});
export const computed = api(makeOptions(), async () => {});
api({ expose: true, method: "GET", path: "/unbound" }, async () => {});
declare function makeOptions(): { expose: boolean };`,
    },
    routes: ["GET /maybe [] unresolved(permissions)"],
    diagnostics: ["APX201 svc/api.ts:2", "APX257 svc/api.ts:3", "APX257 svc/api.ts:4", "APX257 svc/api.ts:5", "APX257 svc/api.ts:6"],
  },
  {
    name: "a path Encore refuses (an empty segment, a wildcard not last) is left out (APX204)",
    files: {
      "svc/api.ts": `import { api } from "encore.dev/api";
export const doubled = api({ expose: true, method: "GET", path: "/a//b" }, async () => {});
export const middle = api({ expose: true, method: "GET", path: "/a/*rest/b" }, async () => {});
export const fine = api({ expose: true, method: "GET", path: "/" }, async () => {});`,
    },
    routes: ["GET / []"],
    diagnostics: ["APX204 svc/api.ts:2", "APX204 svc/api.ts:3"],
  },
];

describe("Encore.ts: in-memory cases", () => {
  it.each(CASES)("$name", async ({ files, routes, diagnostics }) => {
    const result = await generateFrom(files);
    expect(routeLines(result)).toEqual(routes);
    const warnings = diagnosticLines(result).filter((d) => !d.startsWith("APX4"));
    expect(warnings).toEqual(diagnostics ?? []);
  });

  it("each encore.app roots an application of its own: a path two of them serve is two servers' (APX412), not one registered twice", async () => {
    const endpoint = (name: string) =>
      `import { api } from "encore.dev/api";\nexport const ${name} = api({ expose: true, method: "GET", path: "/hello" }, async () => ({}));\n`;
    const files = {
      "one/encore.app": `{ "id": "one" }`,
      "one/hello/hello.ts": endpoint("hello"),
      "two/encore.app": `{ "id": "two" }`,
      "two/greet/greet.ts": endpoint("greet"),
    };
    const result = await generateFrom(files);
    expect(routeLines(result)).toEqual(["GET /hello []"]);
    expect(diagnosticLines(result)).toEqual(["APX412 one/hello/hello.ts:2", "APX403 two/greet/greet.ts:2"]);
    expect(result.diagnostics.warnings.find((d) => d.code === "APX403")?.message).toMatch(/served by two apps/);
    // In one application (no encore.app, or one above both), the second registration is the one left out.
    const { "one/encore.app": _, "two/encore.app": __, ...noApp } = files;
    for (const one of [noApp, { ...noApp, "encore.app": "{}" }]) {
      const result = await generateFrom(one);
      expect(diagnosticLines(result)).toEqual(["APX403 two/greet/greet.ts:2"]);
      expect(result.diagnostics.warnings.find((d) => d.code === "APX403")?.message).toMatch(/registered twice/);
    }
  });

  it("the scan keeps a file that only declares endpoints or a service", () => {
    expect(mayRegisterRoutes(`import { api } from "encore.dev/api";\nexport const x = api({}, async () => {});`, "svc/x.ts")).toBe(true);
    expect(
      mayRegisterRoutes(`import { Service } from "encore.dev/service";\nexport default new Service("svc");`, "svc/encore.service.ts"),
    ).toBe(true);
  });

  it("the endpoint's name is the handler name (service.endpoint) and its doc comment documents it", async () => {
    const files = {
      "svc/encore.service.ts": `import { Service } from "encore.dev/service";\nexport default new Service("svc");`,
      "svc/api.ts": `import { api } from "encore.dev/api";
/**
 * Read the thing
 * @documented
 */
export const read = api({ expose: true, method: "GET", path: "/thing" }, async (): Promise<{ ok: boolean }> => ({ ok: true }));
export const listAll = api({ expose: true, method: "GET", path: "/things" }, async () => ({}));`,
    };
    const result = await generateFrom(files);
    expect(result.operations.map((o) => [o.path, o.summary, o.documented])).toEqual([
      ["/thing", "Read the thing", true],
      ["/things", "List things", false],
    ]);
    expect(result.operations.map((o) => o.framework)).toEqual(["encore", "encore"]);
    const byHandler = await generateFrom(files, { operationIdsFrom: "handler" });
    expect(byHandler.operations.map((o) => o.operationId)).toEqual(["svc_read", "svc_list_all"]);
  });

  it("shapes: the request type's fields go where Encore's encoding puts them (path, Header, Query, body or query by method); the response is the return type", async () => {
    const result = await generateFrom({
      "svc/api.ts": `import { api, type Header, type Query } from "encore.dev/api";
interface UpdateParams {
  id: number;
  requestID: Header<"X-Request-ID">;
  authorization: Header<"Authorization">;
  dryRun?: Query<boolean>;
  name: string;
  note?: string;
}
interface Item { id: number; name: string }
/** Update an item
 * @documented */
export const update = api({ expose: true, method: "PUT", path: "/items/:id" }, async (p: UpdateParams): Promise<Item> => ({ id: p.id, name: p.name }));
/** Find items
 * @documented */
export const find = api<{ owner: string; limit?: number }, { items: Item[] }>({ expose: true, method: "GET", path: "/items" }, async (p) => ({ items: [] }));`,
    });
    const paths = result.openapi.paths as Record<string, Record<string, Record<string, any>>>;
    const update = paths["/items/{id}"]!.put!;
    expect(update.parameters.map((p: { name: string; in: string; required: boolean }) => [p.in, p.name, p.required])).toEqual([
      ["path", "id", true],
      ["query", "dryRun", false],
      ["header", "X-Request-ID", true],
    ]);
    expect(update.parameters[0].schema).toEqual({ type: "number" });
    expect(update.requestBody.content["application/json"].schema).toEqual({
      type: "object",
      properties: { name: { type: "string" }, note: { type: "string" } },
      required: ["name"],
    });
    expect(update.responses["200"].content["application/json"].schema).toEqual({ $ref: "#/components/schemas/Item" });
    const find = paths["/items"]!.get!;
    expect(find.parameters.map((p: { name: string; in: string; required: boolean }) => [p.in, p.name, p.required])).toEqual([
      ["query", "owner", true],
      ["query", "limit", false],
    ]);
    expect(find.requestBody).toBeUndefined();
    expect(find.responses["200"].content["application/json"].schema).toMatchObject({ type: "object", required: ["items"] });
  });
});
