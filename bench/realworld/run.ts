/**
 * `npm run bench:realworld`: apidex on public services, scored against their own OpenAPI documents.
 *
 * For every service of services.ts: materialize the pinned commit's tree from the mirror git directory
 * ($APIDEX_CORPUS_MIRROR, default /work/.mirror; `fetch` github:owner/name puts it at owner+name/repo) into
 * $APIDEX_CORPUS_DIR (default $TMPDIR/apidex-corpus), run `apidex generate --root <app>` (and with the
 * service's config, when it has one; and, for a monorepo's service, at the repository's root), and compare the
 * index with the oracle. Also measures the floor (the
 * bare TypeScript parser over the same files, bench/floor.mjs). No network; never part of `npm test`.
 *
 * Writes bench/realworld/results.json and docs/realworld.md. Options:
 *   --only a,b     run these services only (results of the others are kept from the previous results.json)
 *   --no-floor     skip the floor measurement
 *   --show-misses  print every missed oracle operation
 *   --no-root      skip the runs at a monorepo's root
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type DocScores, docScores } from "./doc-scores.js";
import { materialize } from "./materialize.js";
import { ANY_METHOD, operationKey, readOracle, type Oracle } from "./oracle.js";
import { SERVICES, type Service } from "./services.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..", "..");
const CLI = path.join(root, "lib", "cli.cjs");
const FLOOR = path.join(root, "bench", "floor.mjs");
const PROBE = path.join(here, "probe.mjs");
const MIRROR = process.env.APIDEX_CORPUS_MIRROR ?? "/work/.mirror";
const SCRATCH = process.env.APIDEX_CORPUS_DIR ?? path.join(tmpdir(), "apidex-corpus");
/** tsx's command line, which runs a project's own TypeScript build step (Service.build). */
const TSX = path.join(here, "..", "..", "node_modules", "tsx", "dist", "cli.mjs");
const GNU_TIME = existsSync("/usr/bin/time") ? "/usr/bin/time" : undefined;
const RESULTS = path.join(here, "results.json");
const DOC = path.join(root, "docs", "realworld.md");

const args = process.argv.slice(2);
const only = args.includes("--only") ? new Set(args[args.indexOf("--only") + 1]!.split(",")) : undefined;
const withFloor = !args.includes("--no-floor");
const showMisses = args.includes("--show-misses");
const atRoot = !args.includes("--no-root");

interface DiagnosticLine {
  severity: "error" | "warning";
  code: string;
  message: string;
  site?: string;
}

interface RunResult {
  mode: "zero-config" | "config" | "after build" | "repository root";
  exit: number | null;
  indexed: number;
  /** Oracle operations found in the index / all oracle operations (in scope). */
  recall: number | null;
  /** Index operations in the oracle / index operations (in scope). */
  precision: number | null;
  matched: number;
  missed: string[];
  extra: number;
  permissions: { compared: number; agree: number } | null;
  diagnostics: Record<string, { error: number; warning: number }>;
  /** The error diagnostics, and up to 40 warnings, as printed (site relative to the app folder). */
  details: DiagnosticLine[];
  /**
   * When the run failed (exit 1, nothing written): what the index would have held, from the library's
   * in-memory result (probe.mjs). Shows what a severity change would give.
   */
  inMemory: { indexed: number; recall: number | null; precision: number | null; missed: string[] } | null;
  /** The OpenAPI document: documented operations, summary agreement with the spec, the three validators. */
  docs: DocScores | null;
  wall: number | null;
  rssMB: number | null;
  summary: string;
}

interface ServiceResult {
  name: string;
  repo: string;
  commit: string;
  framework: string;
  style: string;
  monorepo: string | false;
  app: string;
  oracle: { kind: string; sources: string[]; operations: number; note: string; permissions: boolean } | null;
  status: "ok" | "not fetched" | "commit missing" | "failed";
  message?: string;
  materialized?: { files: number; missingBlobs: number };
  runs: RunResult[];
  floor: { wall: number | null; rssMB: number | null; files: number | null } | null;
}

function mirrorOf(s: Service): string {
  const repo = path.join(MIRROR, s.repo.replace("/", "+"), "repo");
  // A mirror is a bare git directory; a snapshot may instead come as a checkout whose git directory is `repo/.git`.
  return existsSync(path.join(repo, ".git", "HEAD")) ? path.join(repo, ".git") : repo;
}

function timed(
  cmd: string[],
  cwd: string,
): { status: number | null; stdout: string; stderr: string; wall: number | null; rssMB: number | null } {
  if (GNU_TIME) {
    const run = spawnSync(GNU_TIME, ["-f", "APIDEX_TIME %e %M", process.execPath, ...cmd], { cwd, encoding: "utf8", maxBuffer: 1 << 30 });
    const m = /APIDEX_TIME ([\d.]+) (\d+)\s*$/.exec(run.stderr);
    const stderr = m ? run.stderr.slice(0, m.index) : run.stderr;
    return { status: run.status, stdout: run.stdout, stderr, wall: m ? Number(m[1]) : null, rssMB: m ? Number(m[2]) / 1024 : null };
  }
  const start = process.hrtime.bigint();
  const run = spawnSync(process.execPath, cmd, { cwd, encoding: "utf8", maxBuffer: 1 << 30 });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr, wall: Number(process.hrtime.bigint() - start) / 1e9, rssMB: null };
}

const DIAGNOSTIC = /^(?:(\S+:\d+:\d+) )?(error|warning) ([A-Z]+\d+) (.*)$/;

function parseDiagnostics(stderr: string): DiagnosticLine[] {
  const out: DiagnosticLine[] = [];
  for (const line of stderr.split("\n")) {
    const m = DIAGNOSTIC.exec(line);
    if (m) out.push({ severity: m[2] as "error" | "warning", code: m[3]!, message: m[4]!, ...(m[1] ? { site: m[1] } : {}) });
  }
  return out;
}

/**
 * The pinned tree after the project's own code-generation step (Service.build): materialized beside the
 * checked-out one, the step's packages installed once into the scratch folder (from the registry), its script
 * run with tsx. Reused while the commit is unchanged.
 */
function buildTree(s: Service, gitDir: string, dest: string): void {
  const step = s.build!;
  const stamp = path.join(dest, ".apidex-corpus-built");
  if (existsSync(stamp) && readFileSync(stamp, "utf8") === s.commit) return;
  materialize(gitDir, s.commit, dest);
  const deps = path.join(SCRATCH, ".build-deps", s.name);
  if (!existsSync(path.join(deps, "node_modules"))) {
    mkdirSync(deps, { recursive: true });
    writeFileSync(path.join(deps, "package.json"), `${JSON.stringify({ name: `${s.name}-build`, private: true }, null, 2)}\n`);
    execFileSync("npm", ["install", "--no-audit", "--no-fund", "--ignore-scripts", ...step.packages], { cwd: deps, stdio: "ignore" });
  }
  const cwd = path.join(dest, step.cwd);
  const link = path.join(cwd, "node_modules");
  rmSync(link, { force: true }); // left by a run that stopped half-way
  symlinkSync(path.join(deps, "node_modules"), link, "dir");
  try {
    execFileSync(process.execPath, [TSX, step.script], { cwd, stdio: ["ignore", "ignore", "pipe"] });
  } finally {
    // apidex reads no node_modules; the link only serves the step.
    rmSync(link, { force: true });
  }
  writeFileSync(stamp, s.commit);
}

function inScope(s: Service, p: string): boolean {
  return !s.oracle.only || s.oracle.only.some((prefix) => p === prefix || p.startsWith(`${prefix}/`));
}

function score(
  s: Service,
  oracle: Oracle,
  outDir: string,
  mode: RunResult["mode"],
  run: ReturnType<typeof timed>,
  probe: string[],
  probeCwd: string,
): RunResult {
  const diagnostics = parseDiagnostics(run.stderr);
  const byCode: RunResult["diagnostics"] = {};
  for (const d of diagnostics) {
    byCode[d.code] ??= { error: 0, warning: 0 };
    byCode[d.code]![d.severity]++;
  }
  const details = [
    ...diagnostics.filter((d) => d.severity === "error"),
    ...diagnostics.filter((d) => d.severity === "warning").slice(0, 40),
  ];
  const summary = (run.stdout + run.stderr)
    .split("\n")
    .filter((l) => l.startsWith("apidex:"))
    .join(" ")
    .trim();
  const indexFile = path.join(outDir, "operations.json");
  const written = run.status === 0 && existsSync(indexFile);
  const ops: IndexedOp[] = written ? JSON.parse(readFileSync(indexFile, "utf8")).operations : [];
  const m = compare(s, oracle, ops, written);
  let inMemory: RunResult["inMemory"] = null;
  if (run.status === 1 && probe) {
    const file = path.join(outDir, "in-memory.json");
    mkdirSync(outDir, { recursive: true });
    const res = spawnSync(process.execPath, [PROBE, file, ...probe], { cwd: probeCwd, encoding: "utf8", maxBuffer: 1 << 30 });
    if (res.status === 0 && existsSync(file)) {
      const memOps: IndexedOp[] = JSON.parse(readFileSync(file, "utf8")).operations;
      const mm = compare(s, oracle, memOps, true);
      inMemory = { indexed: memOps.length, recall: mm.recall, precision: mm.precision, missed: mm.missed };
    }
  }
  return {
    mode,
    exit: run.status,
    indexed: ops.length,
    ...m,
    diagnostics: byCode,
    details,
    inMemory,
    docs: written ? docScores(oracle.operations, outDir, (p) => inScope(s, p)) : null,
    wall: run.wall,
    rssMB: run.rssMB,
    summary,
  };
}

type IndexedOp = { method: string; path: string; permissions?: string[] };

function compare(s: Service, oracle: Oracle, ops: IndexedOp[], written: boolean) {
  const expected = oracle.operations.filter((o) => inScope(s, o.path));
  const actual = new Map<string, IndexedOp>();
  for (const op of ops) if (inScope(s, op.path)) actual.set(operationKey(op.method, op.path), op);
  const expectedKeys = new Set(expected.map((o) => operationKey(o.method, o.path)));
  // A paths-only oracle (ANY_METHOD) is met by any operation at its path, and lists every operation there.
  const pathOf = (key: string) => key.slice(key.indexOf(" ") + 1);
  const actualPaths = new Set([...actual.keys()].map(pathOf));
  const anyMethodPaths = new Set([...expectedKeys].filter((k) => k.startsWith(`${ANY_METHOD} `)).map(pathOf));
  // Fastify's implicit HEAD beside a GET, listed by @fastify/swagger's `exposeHeadRoutes`: the GET's (see `implicitHead`).
  const headOfGet = (key: string) =>
    s.oracle.implicitHead === true && key.startsWith("HEAD ") && expectedKeys.has(`GET ${pathOf(key)}`) && actual.has(`GET ${pathOf(key)}`);
  const found = (key: string) => (key.startsWith(`${ANY_METHOD} `) ? actualPaths.has(pathOf(key)) : actual.has(key) || headOfGet(key));
  const missed = [...expectedKeys].filter((k) => !found(k)).sort();
  const matched = expectedKeys.size - missed.length;
  const extra = [...actual.keys()].filter((k) => !expectedKeys.has(k) && !anyMethodPaths.has(pathOf(k))).length;
  let permissions: RunResult["permissions"] = null;
  if (oracle.hasPermissions) {
    permissions = { compared: 0, agree: 0 };
    for (const o of expected) {
      const op = actual.get(operationKey(o.method, o.path));
      if (!op || !o.permissions) continue;
      permissions.compared++;
      if ([...new Set(o.permissions)].sort().join(",") === [...(op.permissions ?? [])].sort().join(",")) permissions.agree++;
    }
  }
  return {
    recall: expectedKeys.size ? matched / expectedKeys.size : null,
    precision: written && actual.size ? (actual.size - extra) / actual.size : null,
    matched,
    missed,
    extra,
    permissions,
  };
}
function runService(s: Service): ServiceResult {
  const base: ServiceResult = {
    name: s.name,
    repo: s.repo,
    commit: s.commit,
    framework: s.framework,
    style: s.style,
    monorepo: s.monorepo,
    app: s.app,
    oracle: null,
    status: "ok",
    runs: [],
    floor: null,
  };
  const gitDir = mirrorOf(s);
  if (!existsSync(gitDir))
    return { ...base, status: "not fetched", message: `no mirror at ${gitDir}: fetch github:${s.repo} (see bench/realworld/README.md)` };
  try {
    execFileSync("git", [`--git-dir=${gitDir}`, "cat-file", "-e", `${s.commit}^{commit}`]);
  } catch {
    return { ...base, status: "commit missing", message: `${s.commit} is not in ${gitDir}` };
  }
  try {
    const oracle = readOracle(gitDir, s.commit, s.oracle);
    base.oracle = {
      kind: s.oracle.kind,
      sources: oracle.sources.length > 6 ? [`${oracle.sources.length} files (${s.oracle.reader.type})`] : oracle.sources,
      operations: oracle.operations.filter((o) => inScope(s, o.path)).length,
      note: s.oracle.note,
      permissions: oracle.hasPermissions,
    };
    const tree = path.join(SCRATCH, s.name);
    base.materialized = materialize(gitDir, s.commit, tree);
    const app = path.join(tree, s.app);
    const outBase = path.join(SCRATCH, ".out", s.name);
    const modes: RunResult["mode"][] = s.config ? ["zero-config", "config"] : ["zero-config"];
    for (const mode of modes) {
      const out = path.join(outBase, mode);
      rmSync(out, { recursive: true, force: true });
      let cmd = [CLI, "generate", "--root", app, "--out", out, "--no-cache"];
      let probe = ["--root", app];
      if (mode === "config") {
        const config = JSON.parse(readFileSync(path.join(here, "configs", `${s.name}.config.json`), "utf8"));
        const file = path.join(SCRATCH, ".configs", `${s.name}.config.mjs`);
        mkdirSync(path.dirname(file), { recursive: true });
        delete config.$comment;
        writeFileSync(file, `export default ${JSON.stringify({ ...config, root: app, out }, null, 2)};\n`);
        cmd = [CLI, "generate", "--config", file, "--no-cache"];
        probe = ["--config", file];
      }
      base.runs.push(score(s, oracle, out, mode, timed(cmd, app), probe, app));
    }
    // A monorepo's service, run at the repository's root as a user's first `npx apidex generate --root .` there
    // would be: every workspace package read, the other apps' routes indexed beside the service's.
    if (atRoot && s.app !== ".") {
      const out = path.join(outBase, "repository-root");
      rmSync(out, { recursive: true, force: true });
      const cmd = [CLI, "generate", "--root", tree, "--out", out, "--no-cache"];
      base.runs.push(score(s, oracle, out, "repository root", timed(cmd, tree), ["--root", tree], tree));
    }
    if (s.build) {
      const built = path.join(SCRATCH, `${s.name}.built`);
      buildTree(s, gitDir, built);
      const builtApp = path.join(built, s.app);
      const out = path.join(outBase, "after-build");
      rmSync(out, { recursive: true, force: true });
      const cmd = [CLI, "generate", "--root", builtApp, "--out", out, "--no-cache"];
      base.runs.push(score(s, oracle, out, "after build", timed(cmd, builtApp), ["--root", builtApp], builtApp));
    }
    if (withFloor) {
      const floor = timed([FLOOR, app], app);
      const files = /^(\d+) files/.exec(floor.stdout);
      base.floor = { wall: floor.wall, rssMB: floor.rssMB, files: files ? Number(files[1]) : null };
    }
    return base;
  } catch (error) {
    return { ...base, status: "failed", message: (error as Error).message.split("\n")[0] };
  }
}

const pct = (n: number | null) => (n === null ? "n/a" : `${(n * 100).toFixed(1)}%`);
const num = (n: number | null | undefined, d = 2) => (n === null || n === undefined ? "n/a" : n.toFixed(d));
const codes = (r: RunResult) =>
  Object.entries(r.diagnostics)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([code, c]) => [c.error ? `${code}×${c.error}E` : "", c.warning ? `${code}×${c.warning}W` : ""].filter(Boolean).join(" "))
    .join(" ") || "—";

function rows(results: ServiceResult[]): string[][] {
  const out: string[][] = [];
  for (const r of results) {
    if (r.status !== "ok") {
      out.push([
        r.name,
        r.framework,
        "—",
        r.status,
        "",
        r.oracle ? String(r.oracle.operations) : "",
        "",
        "",
        "",
        "",
        r.message ?? "",
        "",
        "",
      ]);
      continue;
    }
    for (const run of r.runs) {
      out.push([
        r.name,
        r.framework,
        run.mode,
        String(run.exit),
        String(run.indexed),
        String(r.oracle?.operations ?? ""),
        pct(run.recall),
        run.inMemory ? `${pct(run.inMemory.recall)} (${run.inMemory.indexed})` : "",
        r.oracle?.kind === "hand-written" ? `(${pct(run.precision)})` : pct(run.precision),
        run.permissions ? `${run.permissions.agree}/${run.permissions.compared}` : "n/a",
        codes(run),
        `${num(run.wall)} s / ${num(run.rssMB, 0)} MB`,
        r.floor ? `${num(r.floor.wall)} s / ${num(r.floor.rssMB, 0)} MB` : "n/a",
      ]);
    }
  }
  return out;
}

const HEAD = [
  "service",
  "framework",
  "mode",
  "exit",
  "indexed",
  "oracle ops",
  "recall",
  "recall if written",
  "precision",
  "perms",
  "diagnostics",
  "apidex time / peak RSS",
  "floor time / peak RSS",
];

const DOC_HEAD = [
  "service",
  "documented",
  "summaries agree",
  "descriptions agree",
  "swagger-parser",
  "Redocly recommended",
  "openapi-typescript",
];

/** The zero-config run's OpenAPI document per service. */
function docRows(results: ServiceResult[]): string[][] {
  const out: string[][] = [];
  for (const r of results) {
    const docs = r.runs.find((run) => run.mode === "zero-config")?.docs;
    if (!docs) continue;
    const v = docs.validators;
    const redocly =
      !v || typeof v.redocly === "string"
        ? ((v?.redocly as string | undefined) ?? "n/a")
        : `${v.redocly.errors} errors, ${v.redocly.warnings} warnings${
            Object.keys(v.redocly.rules).length
              ? ` (${Object.entries(v.redocly.rules)
                  .map(([rule, n]) => `${rule}×${n}`)
                  .join(", ")})`
              : ""
          }`;
    out.push([
      r.name,
      String(docs.documented),
      docs.summaries.compared
        ? `${docs.summaries.agree}/${docs.summaries.compared} (${pct(docs.summaries.agree / docs.summaries.compared)})`
        : "n/a",
      docs.descriptions?.compared
        ? `${docs.descriptions.agree}/${docs.descriptions.compared} (${pct(docs.descriptions.agree / docs.descriptions.compared)})`
        : "n/a",
      v?.swaggerParser ?? "n/a",
      redocly,
      v?.openapiTypescript ?? "n/a",
    ]);
  }
  return out;
}

function printTable(results: ServiceResult[]): void {
  const body = rows(results);
  const widths = HEAD.map((h, i) => Math.min(60, Math.max(h.length, ...body.map((r) => r[i]!.length))));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join("  ");
  console.log(line(HEAD));
  for (const r of body) console.log(line(r));
  console.log("");
  for (const r of [DOC_HEAD, ...docRows(results)]) console.log(r.join("  |  "));
}

function markdown(results: ServiceResult[], when: string, apidexVersion: string): string {
  const esc = (s: string) => s.replace(/\|/g, "\\|");
  const table = [
    `| ${HEAD.join(" | ")} |`,
    `|${HEAD.map(() => "---").join("|")}|`,
    ...rows(results).map((r) => `| ${r.map(esc).join(" | ")} |`),
  ].join("\n");
  const services = results
    .map((r) => {
      const o = r.oracle;
      return `- **${r.name}** — [${r.repo}](https://github.com/${r.repo}) at \`${r.commit.slice(0, 12)}\`; ${r.framework}; ${r.style}; ${r.monorepo ? `${r.monorepo} monorepo` : "single package"}; apidex runs on \`${r.app}\`; oracle: ${o ? `${o.kind}, ${o.operations} operations — ${o.note}` : "not read"}.`;
    })
    .join("\n");
  return `# apidex on real services

Generated by \`npm run bench:realworld\` (bench/realworld/run.ts) on ${when} with apidex ${apidexVersion}. The services are
public repositories pinned to a commit; bench/realworld/README.md says how to fetch them. Nothing of them is
committed here. Figures change as apidex changes: re-run the command to refresh this page.

${table}

## The OpenAPI document (zero-config)

${[`| ${DOC_HEAD.join(" | ")} |`, `|${DOC_HEAD.map(() => "---").join("|")}|`, ...docRows(results).map((r) => `| ${r.map(esc).join(" | ")} |`)].join("\n")}

- **documented** — operations in \`openapi-public.json\`: those a framework doc convention describes
  (@nestjs/swagger, Fastify route schemas, hono-openapi, @hono/zod-openapi), with \`@documented\`, or matched by
  a \`documented\` path glob (docs/doc-sources.md).
- **summaries agree** — spec operations with a summary that apidex documents, whose summary is the same text
  (case, spacing and a final full stop ignored). **descriptions agree** — the same for descriptions; where
  the spec has no summary, apidex's summary (the description's first paragraph) and description together.
- The validators are those SPEC section 3 names, run by bench/realworld/validate-openapi.ts. Redocly's
  \`no-ambiguous-paths\` warnings are properties of the service's API (\`/items/{id}\` beside \`/items/search\`),
  which its own spec shares.

## Columns

- **mode** — \`zero-config\`: \`apidex generate --root <app folder>\` with no config; \`config\`: with the service's
  documented config in bench/realworld/configs/; \`after build\`: zero-config on the tree after the project's own
  code-generation step, which its build runs before the service can start and which writes sources the
  repository does not hold (services.ts \`build\`: Logto's \`@logto/schemas\` \`generate\`, run with tsx, its three
  packages installed once from the registry) — what a release pipeline that runs apidex after the build sees;
  \`repository root\`: for a service of a monorepo (an app folder below the repository's root), zero-config at the
  repository's root, as a first \`npx apidex generate --root .\` there runs: the other workspace packages' apps are
  indexed beside the service's (precision falls by design), and recall shows whether the service's routes
  survive that.
- **exit** — the CLI's exit status: 0 artifacts written, 1 errors (nothing written, so recall is 0), 2 usage.
- **indexed** — operations in the written \`operations.json\`.
- **oracle ops** — (method, path) pairs of the service's own OpenAPI document (in scope).
- **recall** — oracle operations found in the index. Paths are compared with parameter names ignored
  (\`{id}\`, \`:id\`), duplicate and trailing slashes dropped, and the spec's server base path (or the mount
  prefix the spec omits) prepended.
- **recall if written** — only for runs that exit 1 (nothing written): the recall of the operations apidex
  found in memory (library \`generate()\`, bench/realworld/probe.mjs), with their count — what the index would
  hold if its errors were warnings.
- **precision** — index operations that the oracle lists. Only meaningful where the oracle covers every route;
  most documents describe the public API only, and hand-written ones (in parentheses) are recall-only.
- **perms** — operations whose permission keys agree with the spec's (\`x-permissions\` or security scopes) /
  operations compared; \`n/a\` where the spec carries none.
- **diagnostics** — apidex's diagnostics by code: \`APX201×3E\` three errors, \`×W\` warnings.
- **apidex time / peak RSS** — wall time and peak resident memory of one cold \`apidex generate --no-cache\`
  (GNU time). **floor** — the same for bench/floor.mjs: reading and parsing the same files with the bare
  TypeScript parser.

## Services

${services}
`;
}

function main(): void {
  mkdirSync(SCRATCH, { recursive: true });
  const previous: ServiceResult[] = only && existsSync(RESULTS) ? JSON.parse(readFileSync(RESULTS, "utf8")).services : [];
  const results: ServiceResult[] = [];
  for (const s of SERVICES) {
    if (only && !only.has(s.name)) {
      const kept = previous.find((p) => p.name === s.name);
      if (kept) results.push(kept);
      continue;
    }
    process.stderr.write(`${s.name}: `);
    const started = Date.now();
    const r = runService(s);
    process.stderr.write(
      `${r.status}${r.message ? ` (${r.message})` : ""} ${r.runs.map((x) => `${x.mode} exit ${x.exit} recall ${pct(x.recall)}`).join("; ")} [${((Date.now() - started) / 1000).toFixed(1)} s]\n`,
    );
    if (showMisses)
      for (const run of r.runs)
        for (const m of run.inMemory?.missed ?? run.missed)
          process.stderr.write(`  missed (${run.mode}${run.inMemory ? ", in memory" : ""}) ${m}\n`);
    results.push(r);
  }
  printTable(results);
  const version = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).version as string;
  const when = new Date().toISOString().slice(0, 10);
  writeFileSync(RESULTS, `${JSON.stringify({ format: "apidex.realworld/1", date: when, apidex: version, services: results }, null, 2)}\n`);
  mkdirSync(path.dirname(DOC), { recursive: true });
  writeFileSync(DOC, markdown(results, when, version));
  console.log(`\nwrote ${path.relative(root, RESULTS)} and ${path.relative(root, DOC)}`);
}

main();
