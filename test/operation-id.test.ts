import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DiagnosticBag } from "../generator/diagnostics/diagnostic.js";
import { buildOperations } from "../generator/model/build-operations.js";
import { settleDerivedIds, withHash } from "../generator/model/derived-ids.js";
import { deriveOperationId, OPERATION_ID_PATTERN } from "../generator/model/operation-id.js";
import type { Operation } from "../generator/model/operation.js";
import { generateFrom } from "./helpers/in-memory.js";

/** Nouns of every kind the derivation must tell apart, not only the example's. */
const COUNTABLE = ["invoice", "customer", "order", "line-item", "workOrder", "address", "box", "policy", "quiz", "bus", "hero"];
const IRREGULAR = ["person", "child", "index", "status", "analysis", "criterion", "mouse", "leaf", "cactus", "goose"];
const UNCOUNTABLE = ["equipment", "media", "data", "news", "information", "software", "staff", "series", "feedback", "metadata"];
const SINGULAR_ONLY = ["user", "me", "auth", "settings", "health", "team", "profile", "billing"];
const ACTIONS = ["send", "cancel", "approve", "archive", "refund"];

const plural = (noun: string): string => {
  const irregular: Record<string, string> = {
    person: "people",
    child: "children",
    index: "indices",
    status: "statuses",
    analysis: "analyses",
    criterion: "criteria",
    mouse: "mice",
    leaf: "leaves",
    cactus: "cacti",
    goose: "geese",
  };
  if (irregular[noun]) return irregular[noun]!;
  if (/(s|x|z|ch|sh)$/.test(noun)) return `${noun}es`;
  if (/[^aeiou]y$/.test(noun)) return `${noun.slice(0, -1)}ies`;
  return `${noun}s`;
};

const segment = fc.oneof(
  fc.constantFrom(...COUNTABLE, ...IRREGULAR).map(plural),
  fc.constantFrom(...COUNTABLE, ...IRREGULAR, ...UNCOUNTABLE, ...SINGULAR_ONLY),
  fc.constantFrom("{id}", "{slug}", "{customer_id}", "{wildcard}"),
  fc.constantFrom(...ACTIONS),
);
const route = fc.record({
  method: fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE"),
  path: fc
    .tuple(fc.constantFrom("", "/api", "/v1", "/v2", "/api/v3"), fc.array(segment, { minLength: 1, maxLength: 5 }))
    .map(([prefix, parts]) => `${prefix}/${parts.join("/")}`)
    .filter((p) => !/\{id\}.*\{id\}|\{slug\}.*\{slug\}|\{customer_id\}.*\{customer_id\}|\{wildcard\}.*\{wildcard\}/.test(p)),
});

function operation(method: string, path: string, line = 1): Operation {
  return {
    operationId: deriveOperationId(method, path),
    idSource: "derived",
    method,
    path,
    pathParams: [],
    permissions: [],
    summary: "x",
    effect: "read",
    documented: false,
    closed: false,
    destructive: false,
    deprecated: false,
    tags: [],
    examples: [],
    framework: "express",
    site: { file: "/project/app.ts", line, column: 1 },
  };
}

/** The ids a set of routes ends with, as the pipeline gives them (derivation, then settling). */
function idsOf(routes: { method: string; path: string }[], oneRegistration = false): Map<string, string> {
  // Each route its own registration, as routes written apart are (or all one, mounted at several places).
  const operations = routes.map((r, i) => operation(r.method, r.path, oneRegistration ? 1 : i + 1));
  settleDerivedIds(operations, new DiagnosticBag());
  return new Map(operations.map((op) => [`${op.method} ${op.path}`, op.operationId]));
}

/** Two paths the words cannot tell apart: the same method and the same words, segment for segment or not. */
const sameWords = (a: { method: string; path: string }, b: { method: string; path: string }) =>
  a.method === b.method && deriveOperationId(a.method, a.path) === deriveOperationId(b.method, b.path);

describe("derived operation ids", () => {
  it("tell paths that differ by a version segment apart by it, not by hashes (and hash when that is not enough)", () => {
    expect(
      idsOf([
        { method: "GET", path: "/api/admin/users" },
        { method: "GET", path: "/api/v1/admin/users" },
      ]),
    ).toEqual(
      new Map([
        ["GET /api/admin/users", "list_admin_users"],
        ["GET /api/v1/admin/users", "list_admin_users_v1"],
      ]),
    );
    // Two unversioned paths with the same words among them: the version alone does not settle it.
    const three = idsOf([
      { method: "GET", path: "/x" },
      { method: "GET", path: "/api/x" },
      { method: "GET", path: "/v1/x" },
    ]);
    expect([...three.values()].every((id) => /_[0-9a-f]{8}$/.test(id))).toBe(true);
  });

  it("are unique over any set of routes, and match the id pattern", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(route, { minLength: 2, maxLength: 40, selector: (r) => `${r.method} ${r.path}` }),
        fc.boolean(),
        (routes, oneRegistration) => {
          const ids = [...idsOf(routes, oneRegistration).values()];
          expect(new Set(ids).size).toBe(ids.length);
          for (const id of ids) expect(id).toMatch(OPERATION_ID_PATTERN);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("are local: a route's id does not depend on the other routes unless their words are its own", () => {
    fc.assert(
      fc.property(fc.uniqueArray(route, { minLength: 2, maxLength: 30, selector: (r) => `${r.method} ${r.path}` }), (routes) => {
        const together = idsOf(routes);
        for (const r of routes) {
          if (routes.some((o) => o !== r && sameWords(o, r))) continue; // settled by a hash of its own path
          expect(together.get(`${r.method} ${r.path}`)).toBe(deriveOperationId(r.method, r.path));
        }
      }),
      { numRuns: 300 },
    );
  });

  it("tell list and item, collection and action apart, whatever the noun", () => {
    for (const noun of [...COUNTABLE, ...IRREGULAR, ...UNCOUNTABLE, ...SINGULAR_ONLY]) {
      for (const collection of new Set([noun, plural(noun)])) {
        const pairs: [string, string][] = [
          ["GET", `/${collection}`],
          ["GET", `/${collection}/{id}`],
          ["POST", `/${collection}`],
          ["POST", `/${collection}/{id}`],
          ["DELETE", `/${collection}`],
          ["DELETE", `/${collection}/{id}`],
          ["GET", `/${collection}/{id}/notes`],
          ["GET", `/${collection}/{id}/notes/{note_id}`],
        ];
        const ids = pairs.map(([m, p]) => deriveOperationId(m, p));
        expect(new Set(ids).size, `${collection}: ${ids.join(" ")}`).toBe(ids.length);
      }
    }
  });

  it.each([
    ["GET", "/v1/invoices", "list_invoices"],
    ["GET", "/v1/invoices/{invoice_id}", "get_invoice"],
    ["POST", "/v1/invoices", "create_invoice"],
    ["POST", "/v1/invoices/{invoice_id}/send", "send_invoice"],
    ["GET", "/v1/work-orders/{id}/line-items", "list_work_order_line_items"],
    ["GET", "/people", "list_people"],
    ["GET", "/people/{id}", "get_person"],
    ["POST", "/partners", "create_partner"],
    ["POST", "/partners/{id}", "post_partner"],
    ["GET", "/equipment", "get_equipment"],
    ["GET", "/equipment/{id}", "get_equipment_item"],
    ["GET", "/user/{id}", "get_user_item"],
    ["GET", "/team/{member_id}", "get_team_member"],
    ["GET", "/children/{child_id}", "get_child"],
    ["GET", "/statuses/{id}", "get_status"],
    ["GET", "/docs/{type}", "get_doc"],
    ["GET", "/docs/{feature}/{lang}", "get_doc_by_lang"],
    ["GET", "/v2/invoices", "list_invoices_v2"],
    ["GET", "/api/v1", "get_root"],
    ["GET", "/api/v2", "get_root_v2"],
    ["POST", "/v3", "post_root_v3"],
    ["POST", "/api/documents.list", "documents_list"],
    ["POST", "/api/admin/users.create", "admin_users_create"],
    ["GET", "/api/documents.list", "get_documents_list"],
  ])("%s %s is %s", (method, path, id) => {
    expect(deriveOperationId(method, path)).toBe(id);
  });

  it("settles what the words cannot tell apart with a hash of each route's own path, and warns", async () => {
    const result = await generateFrom({
      "app.ts": `import express from "express"; const app = express();\napp.get("/user", (q, s) => s.end());\napp.get("/users/:id", (q, s) => s.end());\napp.get("/invoices", (q, s) => s.end());`,
    });
    const ids = result.index.operations.map((o) => o.operation_id).sort();
    expect(ids).toEqual([withHash("get_user", "GET", "/user"), withHash("get_user", "GET", "/users/{id}"), "list_invoices"].sort());
    expect(withHash("get_user", "GET", "/user")).toMatch(/^get_user_[0-9a-f]{8}$/);
    expect(result.diagnostics.warnings.map((d) => d.code)).toEqual(["APX408", "APX408"]);
    expect(result.diagnostics.errors).toEqual([]);
  });

  it("never move an explicit id: the derived one that meets it does; two explicit ids stay an error", async () => {
    const result = await generateFrom({
      "app.ts": `import express from "express"; const app = express();\n/** A\n * @operationId list_invoices */\napp.get("/reports", (q, s) => s.end());\napp.get("/invoices", (q, s) => s.end());`,
    });
    const byPath = Object.fromEntries(result.index.operations.map((o) => [o.path, o.operation_id]));
    expect(byPath["/reports"]).toBe("list_invoices");
    expect(byPath["/invoices"]).toMatch(/^list_invoices_[0-9a-f]{8}$/);
  });

  it("keeps the framework's own name for an operation against an id derived from a path; two such names both move", async () => {
    const controller = (cls: string, prefix: string, id: string) =>
      `import { Controller, Get } from "@nestjs/common"; import { ApiOperation } from "@nestjs/swagger";\n@Controller("${prefix}")\nexport class ${cls} { @Get() @ApiOperation({ summary: "List alerts", operationId: "${id}" }) list() { return []; } }\n`;
    const files = {
      "external.controller.ts": controller("ExternalAlerts", "api/v2/alerts", "listAlerts"),
      "internal.controller.ts": `import { Controller, Get } from "@nestjs/common";\n@Controller("alerts")\nexport class InternalAlerts { @Get() list() { return []; } }\n`,
      "app.module.ts": `import { Module } from "@nestjs/common"; import { ExternalAlerts } from "./external.controller"; import { InternalAlerts } from "./internal.controller";\n@Module({ controllers: [ExternalAlerts, InternalAlerts] }) export class AppModule {}\n`,
    };
    const one = await generateFrom(files);
    const byPath = Object.fromEntries(one.index.operations.map((o) => [o.path, o.operation_id]));
    expect(byPath["/api/v2/alerts"]).toBe("list_alerts");
    expect(byPath["/alerts"]).toBe(withHash("list_alerts", "GET", "/alerts"));
    expect(one.diagnostics.warnings.filter((d) => d.code === "APX408").map((d) => d.message)).toEqual([
      `GET /alerts and GET /api/v2/alerts derive the same operation id \`list_alerts\`; this one is \`${withHash("list_alerts", "GET", "/alerts")}\`.`,
    ]);

    const two = await generateFrom({ ...files, "internal.controller.ts": controller("InternalAlerts", "alerts", "listAlerts") });
    const ids = two.index.operations.map((o) => o.operation_id).sort();
    expect(ids).toEqual([withHash("list_alerts", "GET", "/alerts"), withHash("list_alerts", "GET", "/api/v2/alerts")].sort());
  });
});

describe("one registration mounted at several places", () => {
  const files = (operationId: string) => ({
    "app.ts": [
      `import { OpenAPIHono, createRoute } from "@hono/zod-openapi";`,
      `const items = new OpenAPIHono();`,
      `items.openapi(createRoute({ method: "get", path: "/items", operationId: "${operationId}", responses: { 200: { description: "ok" } } }), (c) => c.json([], 200));`,
      `const app = new OpenAPIHono();`,
      `app.route("/api/v1", items);`,
      `app.route("/api/v1/projects/:projectId", items);`,
      `app.route("/api/v1/teams/:teamId/boards/:boardId", items);`,
      `export default app;`,
    ].join("\n"),
  });

  it("keeps the id at the shortest path and names each other mount by the words it adds, without a warning", async () => {
    const result = await generateFrom(files("listItems"));
    const byPath = Object.fromEntries(result.index.operations.map((o) => [o.path, o.operation_id]));
    expect(byPath).toEqual({
      "/api/v1/items": "list_items",
      "/api/v1/projects/{projectId}/items": "project_list_items",
      "/api/v1/teams/{teamId}/boards/{boardId}/items": "team_board_list_items",
    });
    expect(result.diagnostics.warnings.filter((d) => d.code === "APX408")).toEqual([]);
  });

  it("where those ids would be too long, hashes each mount's own path and says so once, at the registration", async () => {
    const long = "listEveryItemOfTheWholeInventoryWithItsHistory";
    const result = await generateFrom(files(long));
    const ids = result.index.operations.map((o) => o.operation_id);
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(id).toMatch(/_[0-9a-f]{8}$/);
    expect(result.diagnostics.warnings.filter((d) => d.code === "APX408").map((d) => d.site?.line)).toEqual([3]);
  });
});

describe("ids from handler names (operationIdsFrom: handler)", () => {
  it("names NestJS operations as @nestjs/swagger does, in the id alphabet", async () => {
    const files = {
      "users.controller.ts": `import { Controller, Get, Post } from "@nestjs/common";\n@Controller("users")\nexport class UsersController { @Get() findAll() { return []; } @Post() create() { return {}; } }\n`,
      "app.module.ts": `import { Module } from "@nestjs/common"; import { UsersController } from "./users.controller";\n@Module({ controllers: [UsersController] }) export class AppModule {}\n`,
    };
    const byHandler = await generateFrom(files, { operationIdsFrom: "handler" });
    expect(byHandler.index.operations.map((o) => o.operation_id).sort()).toEqual(["users_create", "users_find_all"]);
    const byPath = await generateFrom(files);
    expect(byPath.index.operations.map((o) => o.operation_id).sort()).toEqual(["create_user", "list_users"]);
  });

  it("builds the same ids through the model as alone", () => {
    const facts = [
      {
        framework: "express",
        method: "GET",
        path: "/people/{id}",
        pathParams: ["id"],
        permissions: [],
        site: { file: "/a.ts", line: 1, column: 1 },
      },
    ];
    const [op] = buildOperations(facts, { closed: [], operationIds: {} }, new DiagnosticBag());
    expect(op!.operationId).toBe(deriveOperationId("GET", "/people/{id}"));
  });
});
