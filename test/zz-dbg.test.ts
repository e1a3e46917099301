import { readFileSync } from "node:fs";
import { it } from "vitest";
import { Catalog } from "../generator/mcp/catalog.js";
it("dbg", () => {
  const svc = process.env.SVC ?? "stacks-blockchain-api";
  const ix = JSON.parse(readFileSync(`/tmp/apidex-corpus/.search/${svc}/operations.json`, "utf8"));
  const oa = JSON.parse(readFileSync(`/tmp/apidex-corpus/.search/${svc}/openapi-public.json`, "utf8"));
  const c = new Catalog(ix, oa);
  for (const q of (process.env.Q ?? "").split("|")) {
    console.log("Q:", q);
    for (const h of c.search.search(q, {}, 5))
      console.log("  ", h.entry.operation_id, h.score.toFixed(2), h.why, "|", (h.entry.description ?? "").slice(0, 120));
  }
});
