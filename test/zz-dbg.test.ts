import { readFileSync } from "node:fs";
import { it } from "vitest";
import { OperationSearch } from "../generator/search/operation-search.js";
import { PlainBm25 } from "../bench/search/baseline.js";
it("dbg", () => {
  const svc = process.env.SVC ?? "stacks-blockchain-api";
  const ix = JSON.parse(readFileSync(`/tmp/apidex-corpus/.search/${svc}/operations.json`, "utf8"));
  const s = new OperationSearch(ix.operations);
  const b = new PlainBm25(ix.operations);
  console.log(JSON.stringify(s.weights));
  for (const q of (process.env.Q ?? "").split("|")) {
    console.log("Q:", q);
    for (const h of s.search(q, {}, 10)) console.log("  ", h.entry.operation_id, h.score.toFixed(2), h.why);
    console.log("  bm25:", b.ids(q, 5).join(", "));
  }
});
