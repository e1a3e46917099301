/**
 * `npm run bench`: measured, never asserted.
 *
 * 1. Cold `apidex generate` against the floor (reading and parsing the same files with the bare
 *    TypeScript parser, `bench/floor.mjs`), as separate processes, alternating A and B; median wall
 *    time, CPU time and peak RSS, and their ratios. `tsc --noEmit` on the same service for reference.
 * 2. Warm re-runs with the cache: nothing changed, and one file changed; and the same change in watch mode.
 * 3. Scaling at 800, 3,265 and 13,000 operations; the same 3,265 operations in every framework style.
 * 4. The api-docs handler (requests per second) and find_operations (quality and queries per second).
 *
 * Options: `--quick` (fewer runs, no 13,000), `--misses` (print search misses).
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { cpus, tmpdir, totalmem } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { OperationsIndex } from "../generator/emit/index-artifact.js";
import { loadConfig } from "../generator/config/load-config.js";
import { WatchSession } from "../generator/watch-session.js";
import { createApiDocsHandler, loadApiDocsAssets } from "../generator/publish/index.js";
import { OperationSearch } from "../generator/search/operation-search.js";
import { loadQuerySet, measureSearchQuality, type LabelledQuery } from "./search/quality.js";
import { writeSyntheticService } from "./synthetic/generate-service.js";
import { STYLES, type SyntheticStyle } from "./synthetic/styles.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const quick = process.argv.includes("--quick");
const work = path.join(tmpdir(), "apidex-bench");
const CLI = path.join(root, "lib", "cli.cjs");
const FLOOR = path.join(root, "bench", "floor.mjs");
const GNU_TIME = existsSync("/usr/bin/time") ? "/usr/bin/time" : undefined;

interface Sample {
  wall: number;
  cpu: number;
  rss: number;
}

function measure(args: string[], cwd: string): Sample {
  if (GNU_TIME) {
    const run = spawnSync(GNU_TIME, ["-f", "APIDEX_TIME %e %U %S %M", process.execPath, ...args], { cwd, encoding: "utf8" });
    const line = /APIDEX_TIME ([\d.]+) ([\d.]+) ([\d.]+) (\d+)/.exec(run.stderr);
    if (run.status !== 0 || !line) throw new Error(`${args.join(" ")} failed:\n${run.stderr}`);
    return { wall: Number(line[1]), cpu: Number(line[2]) + Number(line[3]), rss: Number(line[4]) / 1024 };
  }
  const start = process.hrtime.bigint();
  const run = spawnSync(process.execPath, args, { cwd, encoding: "utf8" });
  if (run.status !== 0) throw new Error(`${args.join(" ")} failed:\n${run.stderr}`);
  return { wall: Number(process.hrtime.bigint() - start) / 1e9, cpu: Number.NaN, rss: Number.NaN };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const summarize = (samples: Sample[]): Sample => ({
  wall: median(samples.map((s) => s.wall)),
  cpu: median(samples.map((s) => s.cpu)),
  rss: median(samples.map((s) => s.rss)),
});
const fmt = (n: number, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : "n/a");

function prepare(operations: number, documented: number, style: SyntheticStyle = "express"): string {
  const dir = path.join(work, style === "express" ? `service-${operations}` : `service-${style}-${operations}`);
  writeSyntheticService(dir, { operations, documented, style });
  // The generated service imports express; its types come from this repository's node_modules.
  if (!existsSync(path.join(dir, "node_modules"))) symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"), "dir");
  return dir;
}

/**
 * Warm runs with the cache after the same real edit as the Express row's: the permission key of one route
 * changes in whichever file of the style's service registers it. Returns the median wall time.
 */
function warmRouteEdit(dir: string, runs: number): Sample {
  const key = `"r0100-items.archive"`;
  const files = (readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => !f.startsWith("node_modules") && f.endsWith(".ts"))
    .map((f) => path.join(dir, f));
  const target = files.find((f) => readFileSync(f, "utf8").includes(key));
  if (!target) throw new Error(`no file of ${dir} registers ${key}`);
  const original = readFileSync(target, "utf8");
  const args = [CLI, "generate", "--root", dir, "--out", path.join(work, "warm-style-out")];
  measure(args, dir); // prime the cache
  const samples: Sample[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      writeFileSync(target, original.replace(key, `"r0100-items.archive-${i + 1}"`));
      samples.push(measure(args, dir));
    }
  } finally {
    writeFileSync(target, original);
  }
  return summarize(samples);
}

function coldVsFloor(dir: string, runs: number): { apidex: Sample; floor: Sample; ratios: number[] } {
  const out = path.join(work, "out");
  const a: Sample[] = [];
  const b: Sample[] = [];
  for (let i = 0; i < runs; i++) {
    // Alternating A and B spreads the machine's drift over both.
    a.push(measure([CLI, "generate", "--root", dir, "--out", out, "--no-cache"], dir));
    b.push(measure([FLOOR, dir], dir));
  }
  // Each pair's own ratio: their spread says how far the medians' ratio can be trusted on this machine.
  const ratios = a.map((sample, i) => sample.wall / b[i]!.wall).sort((x, y) => x - y);
  return { apidex: summarize(a), floor: summarize(b), ratios };
}

/** `min–max` of the paired ratios, for the line under a ratio. */
const spread = (ratios: number[]) => `${fmt(ratios[0]!)}x–${fmt(ratios[ratios.length - 1]!)}x over ${ratios.length} pairs`;

function header(title: string) {
  console.log(`\n${title}\n${"-".repeat(title.length)}`);
}

async function handlerBench(): Promise<{ requests: number; perSecond: number; notModifiedPerSecond: number }> {
  const handler = createApiDocsHandler(loadApiDocsAssets(path.join(root, "dist", "api-docs")));
  const server = createServer((req, res) => handler.node(req, res)).listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/public/api-docs/openapi.json`;
  const requests = quick ? 500 : 3000;
  const run = async (headers: Record<string, string>) => {
    const start = performance.now();
    for (let i = 0; i < requests; i += 10) {
      await Promise.all(Array.from({ length: 10 }, async () => (await fetch(url, { headers })).arrayBuffer()));
    }
    return requests / ((performance.now() - start) / 1000);
  };
  const perSecond = await run({ "accept-encoding": "br" });
  const etag = (await fetch(url, { headers: { "accept-encoding": "br" } })).headers.get("etag")!;
  const notModifiedPerSecond = await run({ "accept-encoding": "br", "if-none-match": `W/${etag}` });
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return { requests, perSecond, notModifiedPerSecond };
}

/** Requests an assistant would make of the synthetic service, each labelled with its operation. */
function syntheticQueries(index: OperationsIndex): LabelledQuery[] {
  const ids = new Set(index.operations.map((o) => o.operation_id));
  const out: LabelledQuery[] = [];
  const templates: [string, (r: string) => string][] = [
    ["list all {r} items", (r) => `list_${r}_items`],
    ["create a new {r} item", (r) => `create_${r}_item`],
    ["delete the {r} item", (r) => `delete_${r}_item`],
    ["approve a {r} item", (r) => `approve_${r}_item`],
    ["send the {r} item", (r) => `send_${r}_item`],
    ["add a note to a {r} item", (r) => `create_${r}_item_note`],
    ["archive {r} item", (r) => `archive_${r}_item`],
    ["change a {r} item", (r) => `update_${r}_item`],
  ];
  for (let i = 0; out.length < 64 && i < 400; i++) {
    const r = `r${String((i * 37) % 217).padStart(4, "0")}`;
    const [phrase, id] = templates[i % templates.length]!;
    if (ids.has(id(r))) out.push({ q: phrase.replace("{r}", r), expect: [id(r)] });
  }
  return out;
}

async function main() {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  if (!existsSync(CLI)) throw new Error("Run `npm run build` first.");
  const cpu = cpus()[0]?.model ?? "unknown CPU";
  console.log(
    `apidex bench — Node ${process.version}, ${cpus().length} × ${cpu}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB${GNU_TIME ? "" : " (no /usr/bin/time: CPU and RSS not measured)"}`,
  );

  const runs = quick ? 3 : 5;
  const service = prepare(3265, 78);
  header("Cold generate vs the parser floor: 3,265 operations, 78 documented");
  // The headline comparison gets more pairs than the others: its goal is within the machine's noise.
  const { apidex, floor, ratios } = coldVsFloor(service, quick ? 3 : 11);
  console.log(`                 wall s   cpu s   peak MiB`);
  console.log(`apidex generate  ${fmt(apidex.wall).padStart(6)}  ${fmt(apidex.cpu).padStart(6)}  ${fmt(apidex.rss, 0).padStart(8)}`);
  console.log(`floor (parse)    ${fmt(floor.wall).padStart(6)}  ${fmt(floor.cpu).padStart(6)}  ${fmt(floor.rss, 0).padStart(8)}`);
  console.log(
    `ratio            ${fmt(apidex.wall / floor.wall).padStart(5)}x  ${fmt(apidex.cpu / floor.cpu).padStart(5)}x  ${fmt(apidex.rss / floor.rss).padStart(7)}x   goals: wall <= 2.0x, memory <= 1.6x`,
  );
  console.log(`paired wall ratios: ${spread(ratios)}`);
  const tsc = measure(
    [path.join(root, "node_modules", "typescript", "bin", "tsc"), "-p", path.join(service, "tsconfig.json"), "--noEmit"],
    service,
  );
  console.log(
    `tsc --noEmit     ${fmt(tsc.wall).padStart(6)}  ${fmt(tsc.cpu).padStart(6)}  ${fmt(tsc.rss, 0).padStart(8)}   (reference: ${fmt(tsc.wall / floor.wall)}x the floor)`,
  );

  const timed = spawnSync(
    process.execPath,
    [CLI, "generate", "--root", service, "--out", path.join(work, "out"), "--no-cache", "--timings"],
    { cwd: service, encoding: "utf8" },
  );
  console.log(`one cold run's phases (generate --timings):\n${timed.stderr.replace(/^apidex timings:\n/, "").trimEnd()}`);

  // Worker threads: what a second thread with the compiler would add (the type phase would overlap).
  const routes = path.join(service, "src", "routes");
  const documentedFiles = readdirSync(routes)
    .map((f) => path.join(routes, f))
    .filter((f) => readFileSync(f, "utf8").includes("@documented"));
  const probe = (mode: string) =>
    summarize(
      Array.from({ length: quick ? 1 : 3 }, () =>
        measure([path.join(root, "bench", "worker-probe.mjs"), mode, ...documentedFiles], service),
      ),
    );
  const single = probe("main");
  const withWorker = probe("worker");
  console.log(
    `a worker thread with the compiler: +${fmt(withWorker.rss - single.rss, 0)} MiB peak (${fmt(single.rss, 0)} -> ${fmt(withWorker.rss, 0)}), which would put apidex at ~${fmt((apidex.rss + withWorker.rss - single.rss) / floor.rss)}x the floor's memory`,
  );

  header("Warm re-runs with the cache (3,265 operations)");
  const out = path.join(work, "warm-out");
  const warmArgs = [CLI, "generate", "--root", service, "--out", out];
  measure(warmArgs, service); // prime
  const unchanged = summarize(Array.from({ length: runs }, () => measure(warmArgs, service)));
  // A real edit, not a comment: the permission key of one route changes, so the artifacts change too.
  const target = path.join(service, "src", "routes", "r0100-items.ts");
  const original = readFileSync(target, "utf8");
  const edit = (i: number) => original.replace(`"r0100-items.archive"`, `"r0100-items.archive-${i}"`);
  if (edit(0) === original) throw new Error("the bench's edit no longer applies to the synthetic service");
  const changed: Sample[] = [];
  for (let i = 0; i < runs; i++) {
    writeFileSync(target, edit(i + 1));
    changed.push(measure(warmArgs, service));
  }
  // One more, to report what the run replayed (the CLI's summary line says).
  writeFileSync(target, edit(runs + 1));
  const replayLine = spawnSync(process.execPath, warmArgs, { cwd: service, encoding: "utf8" }).stdout;
  const replayed = /\((\d+) unchanged modules? replayed/.exec(replayLine)?.[1] ?? "0";
  writeFileSync(target, original);
  const oneFile = summarize(changed);
  // A file the analysis never reads: the model of a resource with no documented operation (a field added).
  const model = path.join(service, "src", "models", "r0100-items.ts");
  const modelText = readFileSync(model, "utf8");
  if (!modelText.includes("export interface Resource100 {"))
    throw new Error("the bench's model edit no longer applies to the synthetic service");
  measure(warmArgs, service); // the cache holds the original route file again
  const untouched: Sample[] = [];
  for (let i = 0; i < runs; i++) {
    writeFileSync(model, modelText.replace("export interface Resource100 {", `export interface Resource100 {\n  extra${i}?: string;`));
    untouched.push(measure(warmArgs, service));
  }
  writeFileSync(model, modelText);
  const unread = summarize(untouched);
  console.log(`nothing changed   ${fmt(unchanged.wall)} s  = ${fmt(unchanged.wall / apidex.wall)}x cold`);
  console.log(
    `one file changed  ${fmt(oneFile.wall)} s  = ${fmt(oneFile.wall / apidex.wall)}x cold   goal: <= 0.3x   (a route file: its permission key; ${replayed} unchanged modules replayed)`,
  );
  console.log(
    `one file changed  ${fmt(unread.wall)} s  = ${fmt(unread.wall / apidex.wall)}x cold   (a file the analysis never read: an undocumented resource's model)`,
  );
  // Watch mode (`generate --watch`): the same edit, re-run inside the long-lived process.
  const config = await loadConfig({ cwd: service, root: service, out: path.join(work, "watch-out") });
  const { session } = await WatchSession.start(config, service);
  const updates: number[] = [];
  for (let i = 0; i < runs; i++) {
    writeFileSync(target, edit(100 + i));
    const start = performance.now();
    await session.update([target]);
    updates.push((performance.now() - start) / 1000);
  }
  writeFileSync(target, original);
  console.log(`watch mode, one file changed  ${fmt(median(updates))} s  = ${fmt(median(updates) / apidex.wall)}x cold`);

  header("Scaling (cold, no cache)");
  console.log(`operations   apidex s   floor s   ratio   apidex MiB   floor MiB   ratio`);
  for (const size of quick ? [800, 3265] : [800, 3265, 13000]) {
    const dir = size === 3265 ? service : prepare(size, 78);
    // 13,000 has a goal too, as close to the machine's noise as the headline's: as many pairs.
    const r = size === 3265 ? { apidex, floor, ratios } : coldVsFloor(dir, size === 13000 && !quick ? 11 : runs);
    console.log(
      `${String(size).padStart(10)}   ${fmt(r.apidex.wall).padStart(8)}   ${fmt(r.floor.wall).padStart(7)}   ${fmt(r.apidex.wall / r.floor.wall).padStart(4)}x   ${fmt(r.apidex.rss, 0).padStart(10)}   ${fmt(r.floor.rss, 0).padStart(9)}   ${fmt(r.apidex.rss / r.floor.rss).padStart(4)}x   (pairs ${spread(r.ratios)})`,
    );
  }

  header("Framework styles (cold, no cache): the same 3,265 operations, 78 documented");
  console.log(`style      files   apidex s   floor s   ratio   apidex MiB   floor MiB   ratio   warm, a route file changed`);
  for (const style of STYLES) {
    const dir = style === "express" ? service : prepare(3265, 78, style);
    // Every style must index the same operations, or the row would compare different work.
    const check = path.join(work, `check-${style}`);
    execFileSync(process.execPath, [CLI, "generate", "--root", dir, "--out", check, "--no-cache"], { cwd: dir });
    const index = JSON.parse(readFileSync(path.join(check, "operations.json"), "utf8")) as OperationsIndex;
    if (index.count !== 3265 || index.operations.filter((o) => o.documented).length !== 78)
      throw new Error(`the ${style} service indexed ${index.count} operations`);
    const r = style === "express" ? { apidex, floor } : coldVsFloor(dir, quick ? 1 : 3);
    const files = Number(/(\d+) files/.exec(execFileSync(process.execPath, [FLOOR, dir], { encoding: "utf8" }))?.[1]);
    // Fastify and NestJS services are analysed in full on every change (see the README); the others replay.
    const warm = style === "express" ? oneFile : warmRouteEdit(dir, quick ? 1 : 3);
    console.log(
      `${style.padEnd(8)} ${String(files).padStart(7)}   ${fmt(r.apidex.wall).padStart(8)}   ${fmt(r.floor.wall).padStart(7)}   ${fmt(r.apidex.wall / r.floor.wall).padStart(4)}x   ${fmt(r.apidex.rss, 0).padStart(10)}   ${fmt(r.floor.rss, 0).padStart(9)}   ${fmt(r.apidex.rss / r.floor.rss).padStart(4)}x   ${fmt(warm.wall)} s = ${fmt(warm.wall / r.apidex.wall)}x cold`,
    );
  }

  header("api-docs handler (openapi.json, in process, 10 concurrent)");
  const h = await handlerBench();
  console.log(
    `200 with brotli   ${fmt(h.perSecond, 0)} req/s   304 (weak If-None-Match)   ${fmt(h.notModifiedPerSecond, 0)} req/s   over ${h.requests} requests each`,
  );

  header("find_operations");
  const sets: { name: string; index: OperationsIndex; queries: LabelledQuery[] }[] = [];
  const example = loadQuerySet(path.join(root, "bench/search/example-queries.json"), root);
  sets.push({ name: "example service", ...example });
  execFileSync(process.execPath, [CLI, "generate", "--root", service, "--out", out], { cwd: service });
  const synthetic = JSON.parse(readFileSync(path.join(out, "operations.json"), "utf8")) as OperationsIndex;
  sets.push({ name: "benchmark service", index: synthetic, queries: syntheticQueries(synthetic) });
  console.log(`set                  operations  queries  recall@1  recall@5    MRR   queries/s`);
  for (const set of sets) {
    const r = measureSearchQuality(set.index, set.queries);
    const search = new OperationSearch(set.index.operations);
    const start = performance.now();
    let n = 0;
    while (performance.now() - start < 500) for (const q of set.queries) search.search(q.q, {}, 8), n++;
    const qps = n / ((performance.now() - start) / 1000);
    console.log(
      `${set.name.padEnd(20)} ${String(set.index.count).padStart(10)} ${String(r.queries).padStart(8)} ${fmt(r.recallAt1, 3).padStart(9)} ${fmt(r.recallAt5, 3).padStart(9)} ${fmt(r.mrr, 3).padStart(6)} ${fmt(qps, 0).padStart(10)}`,
    );
    if (process.argv.includes("--misses"))
      for (const m of r.misses) console.log(`  miss: "${m.q}" wants ${m.expect.join("|")}, got ${m.got.join(", ")}`);
  }
  console.log("the figures on real services, next to plain BM25: npm run bench:search (docs/search.md)");
}

await main();
