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

  it("meets the quality goals on the example service: recall@5 >= 0.95, recall@1 >= 0.75", () => {
    const report = measureSearchQuality(index, queries);
    expect(report.recallAt5).toBeGreaterThanOrEqual(0.95);
    expect(report.recallAt1).toBeGreaterThanOrEqual(0.75);
  });

  it("matches prefixes, typos and synonyms, not only substrings", () => {
    const search = new OperationSearch(index.operations);
    const top = (q: string) => search.search(q, {}, 1)[0]?.entry.operation_id;
    expect(top("techn locat")).toBe("get_technician_location");
    expect(top("refund a paymnt")).toBe("refund_payment");
    expect(top("invoce pdf")).toBe("get_invoice_pdf");
    expect(top("email the invoice")).toBe("send_invoice");
    expect(top("remove a tag")).toBe("delete_tag");
  });
});
