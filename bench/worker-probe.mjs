// What a worker thread for the type phase would cost in memory: this process loads the compiler and
// parses the files given (as apidex's main thread does); with "worker", a worker thread loads the
// compiler too and parses them again. Peak RSS is read by the bench (GNU time).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
const compiler = () => createRequire(createRequire(import.meta.url).resolve("ts-morph"))("@ts-morph/common/dist/typescript.js");
const [mode, ...roots] = process.argv.slice(2);
const ts = compiler();
for (const file of roots) ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
if (mode === "worker") {
  const worker = new Worker(
    `const { workerData, parentPort } = require("node:worker_threads");
     const { createRequire } = require("node:module");
     const ts = createRequire(createRequire(workerData.from).resolve("ts-morph"))("@ts-morph/common/dist/typescript.js");
     const { readFileSync } = require("node:fs");
     // The same files parsed again: the type program moves its own memory from one thread to the other,
     // so what a worker adds is a second isolate with the compiler loaded and these trees.
     for (const file of workerData.roots) ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
     parentPort.postMessage(workerData.roots.length);`,
    { eval: true, workerData: { roots, from: import.meta.url } },
  );
  await new Promise((resolve, reject) => (worker.once("message", resolve), worker.once("error", reject)));
  await worker.terminate();
}
