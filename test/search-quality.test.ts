import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadQuerySet, measureSearchQuality } from "../bench/search/quality.js";
import { OperationSearch } from "../generator/search/operation-search.js";
import { REPO_ROOT } from "./helpers/repo.js";

describe("find_operations ranking", () => {
  const { index, queries } = loadQuerySet(path.join(REPO_ROOT, "bench/search/example-queries.json"), REPO_ROOT);

  it("keeps the labelled set large enough to mean something", () => {
    expect(queries.length).toBeGreaterThanOrEqual(60);
    const ids = new Set(index.operations.map((o) => o.operation_id));
    for (const q of queries) for (const id of q.expect) expect(ids.has(id), `${q.q} expects unknown id ${id}`).toBe(true);
  });

  // No word list of the example's domain any more: these are general floors (bench:search has the real-service figures).
  it("ranks the example's requests well without knowing its domain: recall@5 >= 0.85, recall@1 >= 0.65", () => {
    const report = measureSearchQuality(index, queries);
    expect(report.recallAt5).toBeGreaterThanOrEqual(0.85);
    expect(report.recallAt1).toBeGreaterThanOrEqual(0.65);
  });

  it("matches word starts, typos and inflections, not only whole words", () => {
    const search = new OperationSearch(index.operations);
    const top = (q: string) => search.search(q, {}, 1)[0]?.entry.operation_id;
    expect(top("techn locat")).toBe("get_technician_location");
    expect(top("refund a paymnt")).toBe("refund_payment");
    expect(top("invoce pdf")).toBe("get_invoice_pdf");
    expect(top("invoices sent")).toBe("send_invoice");
  });

  it("reads a request's verb as its HTTP method and its number as collection or item", () => {
    const search = new OperationSearch(index.operations);
    const top = (q: string) => search.search(q, {}, 1)[0]?.entry;
    expect(top("remove a tag")?.method).toBe("DELETE");
    expect(top("add a tag")?.method).toBe("POST");
    expect(top("show me every tag")?.operation_id).toBe("list_tags");
    // "one invoice" asks to read one: the GET of an item (tags have none: a PATCH changes, it does not tell).
    expect(top("one invoice")?.path).toMatch(/\}$/);
    expect(top("one invoice")?.method).toBe("GET");
  });

  it("puts a literal id or path first, whatever the words say", () => {
    const search = new OperationSearch(index.operations);
    for (const op of index.operations.filter((_, i) => i % 7 === 0)) {
      expect(search.search(op.operation_id, {}, 1)[0]?.entry.operation_id).toBe(op.operation_id);
      expect(search.search(`${op.method} ${op.path}`, {}, 1)[0]?.entry.operation_id).toBe(op.operation_id);
    }
  });
});
