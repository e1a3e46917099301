/**
 * `npm run bench:cache-parts`: what each part of the cache and incremental machinery buys, on the case it
 * serves, measured by turning it off (APIDEX_CACHE_OFF, generator/cache/parts.ts) on the 3,265-operation
 * synthetic service. Separate processes, the parts' runs alternating with the all-on runs; medians of
 * wall time. Measured, never asserted. Options: `--runs N` (default 7), `--style next` (a synthetic style),
 * `--only listing,code` (some parts).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { writeSyntheticService } from "./synthetic/generate-service.js";
import type { SyntheticStyle } from "./synthetic/styles.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CLI = path.join(root, "lib", "cli.cjs");
const args = process.argv.slice(2);
const runs = args.includes("--runs") ? Number(args[args.indexOf("--runs") + 1]) : 7;
const style = (args.includes("--style") ? args[args.indexOf("--style") + 1] : "express") as SyntheticStyle;
const only = args.includes("--only") ? new Set(args[args.indexOf("--only") + 1]!.split(",")) : undefined;
const work = path.join(tmpdir(), "apidex-cache-parts");

/** Each part, and the warm case it is there for. */
const PARTS: { part: string; what: string; case: "unchanged" | "route-edit" }[] = [
  { part: "listing", what: "listing record (no folder walk)", case: "unchanged" },
  { part: "code", what: "V8 code cache of apidex's bundle", case: "unchanged" },
  { part: "replay", what: "module summaries and replay", case: "route-edit" },
  { part: "late", what: "late replay of the Express app module", case: "route-edit" },
  { part: "compiler", what: "V8 code cache of the compiler", case: "route-edit" },
];

function wall(argv: string[], cwd: string, off: string): number {
  const env = { ...process.env, APIDEX_CACHE_OFF: off };
  const start = process.hrtime.bigint();
  const run = spawnSync(process.execPath, argv, { cwd, encoding: "utf8", env });
  if (run.status !== 0) throw new Error(`${argv.join(" ")} failed:\n${run.stderr}`);
  return Number(process.hrtime.bigint() - start) / 1e9;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function main(): void {
  if (!existsSync(CLI)) throw new Error("Run `npm run build` first.");
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const service = path.join(work, "service");
  writeSyntheticService(service, { operations: 3265, documented: 78, style });
  symlinkSync(path.join(root, "node_modules"), path.join(service, "node_modules"), "dir");
  const argv = [CLI, "generate", "--root", service, "--out", path.join(work, "out")];
  // The file that registers the edited route, whatever the style's layout.
  const key = `"r0100-items.archive"`;
  const target = (readdirSync(service, { recursive: true }) as string[])
    .filter((f) => !f.startsWith("node_modules") && f.endsWith(".ts"))
    .map((f) => path.join(service, f))
    .find((f) => readFileSync(f, "utf8").includes(key))!;
  const original = readFileSync(target, "utf8");
  let edits = 0;
  /** One warm run of a case: nothing changed, or the permission key of one route (a real edit). */
  const sample = (kind: "unchanged" | "route-edit", off: string): number => {
    if (kind === "route-edit") writeFileSync(target, original.replace(`"r0100-items.archive"`, `"r0100-items.archive-${++edits}"`));
    return wall(argv, service, off);
  };
  console.log(`what each part of the cache buys — 3,265 operations (${style}), median of ${runs} warm runs each, alternating`);
  console.log("part                                        case              all on   part off   bought");
  try {
    for (const { part, what, case: kind } of PARTS.filter((p) => !only || only.has(p.part))) {
      // Prime with the part as each side runs it: a part off must not be measured on the other side's cache.
      const on: number[] = [];
      const offRuns: number[] = [];
      wall(argv, service, "");
      for (let i = 0; i < runs; i++) {
        on.push(sample(kind, ""));
        offRuns.push(sample(kind, part));
        sample(kind, ""); // back to a cache the all-on side wrote
      }
      const a = median(on);
      const b = median(offRuns);
      const bought = ((b - a) / b) * 100;
      console.log(
        `${what.padEnd(44)}${kind.padEnd(18)}${a.toFixed(3).padStart(6)} s  ${b.toFixed(3).padStart(6)} s  ${bought.toFixed(1).padStart(5)}%`,
      );
    }
  } finally {
    writeFileSync(target, original);
  }
}

main();
