// The floor: read and parse the same files with the bare TypeScript parser, nothing else. The compiler is
// the build apidex itself runs (ts-morph's bundled TypeScript), loaded the cheapest way, with require().
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import fg from "fast-glob";
const ts = createRequire(createRequire(import.meta.url).resolve("ts-morph"))("@ts-morph/common/dist/typescript.js");
const root = process.argv[2];
const files = fg.sync(["**/*.{ts,mts,cts,tsx,js,mjs,cjs}"], { cwd: root, absolute: true, ignore: ["**/node_modules/**", "**/dist/**", "**/*.d.ts"] });
let nodes = 0; const keep = [];
for (const file of files) { const sf = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true); keep.push(sf); nodes += sf.statements.length; }
process.stdout.write(`${files.length} files, ${nodes} statements\n`);
