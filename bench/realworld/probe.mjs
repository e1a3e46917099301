// The operations apidex found, whether or not the run had errors (the CLI writes nothing when it has any):
// the library's generate() keeps them in memory. Used by run.ts to show the recall the index would have.
// Usage: node probe.mjs <out.json> --root DIR | --config FILE
import { writeFileSync } from "node:fs";
import { generate, loadConfig } from "../../lib/index.js";

const [out, flag, value] = process.argv.slice(2);
const config = await loadConfig({ cwd: process.cwd(), cache: false, ...(flag === "--config" ? { configFile: value } : { root: value }) });
const result = await generate(config);
const closed = (op) => op.closed === true;
const operations = result.operations
  .filter((op) => !closed(op))
  .map((op) => ({ method: op.method, path: op.path, permissions: op.permissions }));
writeFileSync(out, JSON.stringify({ operations }));
