import fc from "fast-check";
import picomatch from "picomatch";
import { describe, expect, it } from "vitest";
import { closedMatcher } from "../generator/model/closed.js";
import { deriveEffect } from "../generator/model/effect.js";
import { deriveOperationId, OPERATION_ID_PATTERN } from "../generator/model/operation-id.js";
import { parseDocComment } from "../generator/resolve/doc-comment.js";
import { summaryFromHandler } from "../generator/model/handler-summary.js";
import { generateFrom } from "./helpers/in-memory.js";

describe("operation ids derived from method and path", () => {
  it.each([
    ["GET", "/v1/customers", "list_customers"],
    ["POST", "/v1/customers", "create_customer"],
    ["GET", "/v1/customers/{customer_id}", "get_customer"],
    ["PATCH", "/v1/customers/{customer_id}", "update_customer"],
    ["PUT", "/v1/customers/{customer_id}", "replace_customer"],
    ["DELETE", "/v1/customers/{customer_id}", "delete_customer"],
    ["GET", "/v1/customers/{customer_id}/notes", "list_customer_notes"],
    ["POST", "/v1/customers/{customer_id}/notes", "create_customer_note"],
    ["GET", "/v1/customers/{customer_id}/notes/{note_id}", "get_customer_note"],
    ["POST", "/v1/invoices/{invoice_id}/send", "send_invoice"],
    ["POST", "/v1/customers/merge", "merge_customers"],
    ["POST", "/v1/work-orders/{work_order_id}/line-items", "create_work_order_line_item"],
    ["GET", "/v1/inventory/warehouses/{warehouse_id}", "get_inventory_warehouse"],
    ["GET", "/v1/team/{member_id}", "get_team_member"],
    ["GET", "/v1/team", "get_team"],
    ["GET", "/api/v2.1/orderStatuses", "list_order_statuses_v2_1"],
    ["GET", "/api/v2/invoices/{invoice_id}", "get_invoice_v2"],
    ["POST", "/v3/invoices/{invoice_id}/send", "send_invoice_v3"],
    ["GET", "/", "get_root"],
    ["GET", "/2fa/codes", "list_2fa_codes"],
    ["SEARCH", "/v1/things", "search_things"],
  ])("%s %s is %s", (method, path, id) => {
    expect(deriveOperationId(method, path)).toBe(id);
  });

  it("does not depend on where the route is declared, only on method and path", async () => {
    const source = `import express from "express"; const app = express(); app.get("/v1/vans/:van_id", (q, s) => s.end());`;
    const a = await generateFrom({ "src/app.ts": source });
    const b = await generateFrom({ "lib/moved/server.ts": source });
    expect(a.index.operations[0]!.operation_id).toBe("get_van");
    expect(b.index.operations[0]!.operation_id).toBe(a.index.operations[0]!.operation_id);
  });

  it("always matches the id pattern, even for very long paths, and stays unique by hashing", () => {
    const long = "/v1/" + Array.from({ length: 12 }, (_, i) => `segment-number-${i}`).join("/");
    const a = deriveOperationId("GET", long);
    const b = deriveOperationId("GET", `${long}-x`);
    expect(a).toMatch(OPERATION_ID_PATTERN);
    expect(b).toMatch(OPERATION_ID_PATTERN);
    expect(a.length).toBe(48);
    expect(a).not.toBe(b);
  });

  it("takes @operationId over the derived id, and config operationIds for routes you cannot annotate", async () => {
    const result = await generateFrom(
      {
        "app.ts": `import express from "express"; const app = express();
          /** Send it
           * @operationId send_the_thing */
          app.post("/things/:id/send", (q, s) => s.end());
          app.get("/legacy", (q, s) => s.end());`,
      },
      { operationIds: { "GET /legacy": "get_legacy_report" } },
    );
    expect(result.index.operations.map((o) => o.operation_id)).toEqual(["get_legacy_report", "send_the_thing"]);
  });
});

describe("effects", () => {
  it.each([
    ["GET", "read"],
    ["HEAD", "read"],
    ["POST", "write"],
    ["PUT", "write"],
    ["PATCH", "write"],
    ["DELETE", "remove"],
  ])("%s is %s by default", (method, effect) => {
    expect(deriveEffect(method)).toBe(effect);
  });

  it("@effect overrides the derived effect", async () => {
    const result = await generateFrom({
      "app.ts": `import express from "express"; const app = express();
        /** Search things
         * @effect read */
        app.post("/things/search", (q, s) => s.end());`,
    });
    expect(result.index.operations[0]).toMatchObject({ effect: "read", summary: "Search things" });
  });
});

describe("closed path patterns", () => {
  const isClosed = closedMatcher(["/v1/auth/**", "/v1/{api-keys,agents}/**", "/oauth/*"]);
  it.each([
    ["/v1/auth", true],
    ["/v1/auth/sign-in", true],
    ["/v1/authors", false],
    ["/v1/api-keys/{key_id}/roll", true],
    ["/v1/agents", true],
    ["/oauth/token", true],
    ["/oauth/token/extra", false],
    ["/v1/customers", false],
  ])("%s closed: %s", (path, closed) => {
    expect(isClosed(path) !== undefined).toBe(closed);
  });

  it("answers as picomatch's own matcher does, for any pattern and path", () => {
    const piece = fc.constantFrom("/", "v1", "auth", "{id}", "*", "**", "{a,b}", "a", "b", ".", ".x", "-", "?", "[ab]", "!(a)", "x*");
    const text = fc.array(piece, { minLength: 0, maxLength: 6 }).map((p) => p.join(""));
    fc.assert(
      fc.property(
        fc.array(
          text.filter((t) => t !== ""),
          { minLength: 1, maxLength: 3 },
        ),
        text,
        (patterns, path) => {
          const reference = patterns.find((pattern) => picomatch(pattern, { dot: true })(path));
          expect(closedMatcher(patterns)(path), `${patterns.join(" ")} / ${path}`).toBe(reference);
        },
      ),
      { seed: 13, numRuns: 4000 },
    );
  });
});

describe("doc comments", () => {
  const site = { file: "/x.ts", line: 10, column: 1 };
  it("splits summary, description and tags, keeping multi-line JSON examples", () => {
    const doc = parseDocComment(
      `/**
       * Send an invoice
       * to the customer.
       *
       * Emails a PDF.
       *
       * Second paragraph.
       * @documented
       * @scope invoices:write
       * @example request {
       *   "to": "a@b.example"
       * }
       */`,
      site,
    );
    expect(doc.summary).toBe("Send an invoice to the customer.");
    expect(doc.description).toBe("Emails a PDF.\n\nSecond paragraph.");
    expect(doc.tags.map((t) => [t.name, t.text, t.site.line])).toEqual([
      ["documented", "", 17],
      ["scope", "invoices:write", 18],
      ["example", 'request {\n  "to": "a@b.example"\n}', 19],
    ]);
  });

  it("reads a one-line comment exactly as the same comment closed on a second line", () => {
    // One-line comments without tags take a shorter path; closing on a new line sends the same text
    // through the general reading, which must agree.
    const line = fc.string({ unit: fc.constantFrom("a", " ", "*", "\t", "/", "é", "-", ".", "x") }).filter((t) => !t.includes("*/"));
    fc.assert(
      fc.property(line, (text) => {
        const raw = `/**${text}*/`;
        expect(parseDocComment(raw, site)).toEqual(parseDocComment(`/**${text}\n*/`, site));
      }),
      { numRuns: 2000, seed: 7 },
    );
    expect(parseDocComment("/** Delete  an invoice */", site)).toEqual({ summary: "Delete an invoice", tags: [], site });
    expect(parseDocComment("/***/", site)).toEqual({ tags: [], site });
  });

  it("prefers @summary over the first paragraph", () => {
    expect(parseDocComment("/** Long text here.\n * @summary Short */", site).summary).toBe("Short");
  });

  it("reads @documented, @scope, @destructive, @tag, @deprecated and examples into the operation", async () => {
    const result = await generateFrom({
      "app.ts": `import express from "express"; const app = express();
        /**
         * Void an invoice
         *
         * Cannot be undone.
         * @documented
         * @scope invoices:write
         * @destructive
         * @tag Invoices
         * @tag Billing
         * @deprecated
         * @example request {"reason": "duplicate"}
         * @example response 200 {"id": "inv_1", "status": "void"}
         */
        app.post("/invoices/:invoice_id/void", (q, s) => s.end());`,
    });
    const [op] = result.operations;
    expect(op).toMatchObject({
      documented: true,
      scope: "invoices:write",
      destructive: true,
      deprecated: true,
      tags: ["Billing", "Invoices"],
      description: "Cannot be undone.",
      examples: [
        { kind: "request", value: { reason: "duplicate" } },
        { kind: "response", status: "200", value: { id: "inv_1", status: "void" } },
      ],
    });
  });

  it("reports an example that is not JSON, naming the line", async () => {
    const result = await generateFrom({
      "app.ts": `import express from "express"; const app = express();\n/** X\n * @example request {not json}\n */\napp.post("/x", (q, s) => s.end());`,
    });
    expect(result.diagnostics.errors.map((d) => [d.code, d.site?.line])).toEqual([["APX411", 3]]);
  });
});

describe("summaries of undocumented operations from their handlers' names", () => {
  it.each([
    { name: "getAllLeadsForChatflow", path: "/api/v1/leads/{id}", summary: "Get all leads for chatflow" },
    { name: "removeAllChatMessages", path: "/api/v1/chatmessage/{id}", summary: "Remove all chat messages" },
    { name: "getUserByIdHandler", path: "/users/{id}", summary: "Get user by id" },
    { name: "handleListWorkOrders", path: "/work-orders", summary: "List work orders" },
    { name: "create_invoice_payment", path: "/invoices/{id}/payments", summary: "Create invoice payment" },
    // Names that say nothing of the path, or too little, leave the id in words.
    { name: "findAll", path: "/users", summary: undefined },
    { name: "handler", path: "/users", summary: undefined },
    { name: "GET", path: "/users", summary: undefined },
    { name: "getStats", path: "/users", summary: undefined },
    { name: undefined, path: "/users", summary: undefined },
  ])("$name on $path", ({ name, path, summary }) => {
    expect(summaryFromHandler(name, path)).toBe(summary);
  });

  it("reads the name an author gave the handler, also through a wrapper, and none for an inline arrow", async () => {
    const result = await generateFrom({
      "src/controllers.ts": `
        const wrap = (fn: any) => fn;
        export const getAllLeadsForChatflow = async (req: any, res: any) => res.json([]);
        export const createLeadInChatflow = wrap(async (req: any, res: any) => res.json({}));
        export async function deleteLeadById(req: any, res: any) { res.end(); }
        export default { listLeadNotes: async (req: any, res: any) => res.json([]) };
        export class LeadStats { async countLeadsByDay(req: any, res: any) { res.json(0); } }
      `,
      "src/app.ts": `
        import express from "express";
        import notes, { getAllLeadsForChatflow, createLeadInChatflow, deleteLeadById, LeadStats } from "./controllers";
        const app = express();
        const stats = new LeadStats();
        app.get("/leads/:id", getAllLeadsForChatflow);
        app.post("/leads", createLeadInChatflow);
        app.delete("/leads/:id", deleteLeadById);
        app.get("/leads/:id/notes", notes.listLeadNotes);
        app.get("/leads/stats/daily", stats.countLeadsByDay);
        app.get("/leads/export", async (req, res) => res.end());
        app.listen(3000);
      `,
    });
    expect(result.operations.map((op) => `${op.method} ${op.path}: ${op.summary}`).sort()).toEqual([
      "DELETE /leads/{id}: Delete lead by id",
      "GET /leads/export: Get leads export",
      "GET /leads/stats/daily: Count leads by day",
      "GET /leads/{id}/notes: List lead notes",
      "GET /leads/{id}: Get all leads for chatflow",
      "POST /leads: Create lead in chatflow",
    ]);
  });
});
