/**
 * `npm run bench`: the project's measurements. Today: search quality of find_operations over labelled
 * queries (recall@1, recall@5, MRR). Generation speed against the parser floor is to come (see README).
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadQuerySet, measureSearchQuality } from "./search/quality.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const sets = [{ name: "example service", file: path.join(root, "bench/search/example-queries.json") }];

console.log("search quality (find_operations ranking)");
console.log("set                     queries  recall@1  recall@5    MRR   goal: recall@5 >= 0.95, recall@1 >= 0.75");
for (const set of sets) {
  const { index, queries } = loadQuerySet(set.file, root);
  const r = measureSearchQuality(index, queries);
  console.log(`${set.name.padEnd(22)} ${String(r.queries).padStart(8)} ${r.recallAt1.toFixed(3).padStart(9)} ${r.recallAt5.toFixed(3).padStart(9)} ${r.mrr.toFixed(3).padStart(6)}   ${r.recallAt5 >= 0.95 && r.recallAt1 >= 0.75 ? "met" : "NOT met"}`);
  if (process.argv.includes("--misses")) for (const m of r.misses) console.log(`  miss: "${m.q}" wants ${m.expect.join("|")}, got ${m.got.join(", ")}`);
}
