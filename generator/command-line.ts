/**
 * The `apidex` command line: every command and its options. `cli.ts` (the bin) loads this module, in a
 * built tree from the bundle `lib/apidex.cjs`.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { Command, CommanderError, Option } from "commander";
import { loadConfig, type ResolvedConfig } from "./config/load-config.js";
import { type Diagnostic, formatDiagnostic, UsageError } from "./diagnostics/diagnostic.js";
import { generateToDisk, WriteError } from "./generate-to-disk.js";
import { DEFAULT_MOUNT } from "./publish/assets.js";
import { VERSION } from "./version.js";
import { codeSources } from "./cache/warm-code.js";
export { noteCodeSource, whenWarm } from "./cache/warm-code.js";
// The other commands' modules (MCP SDK, search, diff, HTTP server) load only when their command runs,
// so `apidex generate` in a release pipeline pays for none of them.

/** Exit codes (SPEC section 5). */
export const EXIT = { ok: 0, problems: 1, usage: 2 } as const;

export interface CliIo {
  cwd: string;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

const defaultIo: CliIo = {
  cwd: process.cwd(),
  stdout: (t) => process.stdout.write(t),
  stderr: (t) => process.stderr.write(t),
};

interface ProjectOptions {
  config?: string;
  root?: string;
  out?: string;
  closed: string[];
  strict?: boolean;
  /** `generate --no-cache` sets it false. */
  cache?: boolean;
}

/** Runs the CLI on `argv` (without `node` and the script) and resolves to the exit code. */
export async function runCli(argv: string[], io: CliIo = defaultIo): Promise<number> {
  let exitCode: number = EXIT.ok;
  const program = new Command()
    .name("apidex")
    .description("Operation index and OpenAPI 3.1 from the route sources of a TypeScript HTTP service.")
    .version(VERSION, "-V, --version", "print the apidex version")
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .showHelpAfterError("(run apidex --help for usage)");

  const loadProject = (options: ProjectOptions) =>
    loadConfig({
      cwd: io.cwd,
      ...(options.config ? { configFile: options.config } : {}),
      ...(options.root ? { root: options.root } : {}),
      ...(options.out ? { out: options.out } : {}),
      ...(options.cache === false ? { cache: false } : {}),
      ...(options.strict ? { strict: true } : {}),
      closed: options.closed,
    });
  const printDiagnostics = (items: Diagnostic[]) => {
    for (const d of items) io.stderr(`${formatDiagnostic(d, io.cwd)}\n`);
  };

  withProjectOptions(program.command("generate").description("write operations.json and openapi-public.json"))
    .option("--no-cache", "ignore and do not update the cache in node_modules/.cache/apidex")
    .option("--watch", "stay running and regenerate when a source file changes")
    .option("--timings", "print how long each phase took, the CPU time and the peak memory (to stderr)")
    .action(async (options: ProjectOptions & { cache: boolean; watch?: boolean; timings?: boolean }) => {
      const config = await loadProject(options);
      if (options.watch) {
        await watchProject(config, io);
        return;
      }
      const progress = progressLine(io);
      const timings = options.timings ? phaseTimings(config.root) : undefined;
      const onProgress = progress || timings ? (phase: string) => (progress?.update(phase), timings?.update(phase)) : undefined;
      const result = await generateToDisk(config, { cache: options.cache, cwd: io.cwd, ...(onProgress ? { onProgress } : {}) });
      progress?.done();
      if (timings) io.stderr(timings.report(result));
      printDiagnostics(result.diagnostics.sorted());
      const counts = countsLine(result.counts);
      if (result.counts.errors) {
        io.stderr(`apidex: ${plural(result.counts.errors, "error")}; nothing written (the previous artifacts are unchanged). ${counts}.\n`);
        exitCode = EXIT.problems;
        return;
      }
      const out = path.relative(io.cwd, config.out) || ".";
      const n = result.written.length;
      const written = n === 0 ? "artifacts unchanged" : n <= 4 ? `wrote ${result.written.join(", ")}` : `wrote ${n} files`;
      const reuse = result.unreadChanges
        ? ` (reused the cached run: ${plural(result.unreadChanges.length, "changed file")} the analysis does not read)`
        : " (sources unchanged: reused the cached run)";
      const replayed = result.replay?.modules ? ` (${plural(result.replay.modules, "unchanged module")} replayed from the cached run)` : "";
      io.stdout(`apidex: ${counts}; ${written} in ${out}/${result.fromCache ? reuse : replayed}\n`);
    });

  withProjectOptions(program.command("check").description("fail (exit 1) if the committed artifacts are stale")).action(
    async (options: ProjectOptions) => {
      const config = await loadProject(options);
      const { checkArtifacts } = await import("./review/check.js");
      const { renderText } = await import("./review/diff/index.js");
      const check = await checkArtifacts(config);
      const out = path.relative(io.cwd, config.out) || ".";
      if (check.result.counts.errors) {
        printDiagnostics(check.result.diagnostics.sorted());
        io.stderr(`apidex check: the sources have ${plural(check.result.counts.errors, "error")}; fix them first.\n`);
        exitCode = EXIT.problems;
        return;
      }
      if (!check.stale.length && !check.missing.length) {
        io.stdout(`apidex check: ${out}/ is up to date (${countsLine(check.result.counts)}).\n`);
        return;
      }
      const lines = [...check.missing.map((f) => `  missing  ${out}/${f}`), ...check.stale.map((f) => `  stale    ${out}/${f}`)];
      io.stderr(`apidex check: the committed artifacts do not match the sources:\n${lines.join("\n")}\n`);
      if (check.report?.changes.length) io.stderr(`\n${renderText({ ...check.report, base: `committed ${out}/`, head: "the sources" })}`);
      io.stderr(`\nRun \`apidex generate\` and commit ${out}/.\n`);
      exitCode = EXIT.problems;
    },
  );

  program
    .command("diff")
    .description("semantic diff of two indexes or two OpenAPI documents (files, URLs or git refs)")
    .argument("<base>", "file, URL or git ref (its committed artifacts are read)")
    .argument("<head>", "file, URL or git ref")
    .addOption(new Option("--format <format>", "output format").choices(["text", "md", "json"]).default("text"))
    .addOption(new Option("--fail-on <what>", "exit 1 on these changes").choices(["breaking", "permissions", "any"]))
    .option("--config <file>", "config whose `out` locates the artifacts inside git refs")
    .action(
      async (
        base: string,
        head: string,
        options: { format: "text" | "md" | "json"; failOn?: "breaking" | "permissions" | "any"; config?: string },
      ) => {
        const { diffArguments, failsOn, renderMarkdown, renderText } = await import("./review/diff/index.js");
        const outDir = await artifactsDir(io.cwd, options.config);
        const report = await diffArguments(base, head, { cwd: io.cwd, outDir });
        io.stdout(
          options.format === "json"
            ? `${JSON.stringify(report, null, 2)}\n`
            : options.format === "md"
              ? renderMarkdown(report)
              : renderText(report),
        );
        if (failsOn(report, options.failOn)) exitCode = EXIT.problems;
      },
    );

  withProjectOptions(program.command("lint").description("policy checks: unguarded routes, documentation gaps, closed-looking paths"))
    .option("--json", "print the findings as JSON")
    .action(async (options: ProjectOptions & { json?: boolean }) => {
      const { lintOperations } = await import("./review/lint.js");
      const config = await loadProject(options);
      const { generate } = await import("./generate.js");
      const result = await generate(config);
      const findings = lintOperations(result, config);
      const errors = findings.filter((f) => f.severity === "error").length;
      const warnings = findings.length - errors;
      if (options.json) {
        io.stdout(
          `${JSON.stringify(
            findings.map((f) => ({ ...f, ...(f.site ? { site: { ...f.site, file: path.relative(io.cwd, f.site.file) } } : {}) })),
            null,
            2,
          )}\n`,
        );
      } else {
        printDiagnostics(findings);
        io.stderr(`apidex lint: ${plural(errors, "error")}, ${plural(warnings, "warning")} in ${result.operations.length} operations.\n`);
      }
      if (errors) exitCode = EXIT.problems;
    });

  program
    .command("find")
    .description("search and filter an operation index (file or URL)")
    .argument("[query...]", "words to rank operations by")
    .option("--index <file-or-url>", "the operations.json to read (default: the config's, else dist/operations.json)")
    .option("--path-contains <text>", "only paths containing this text")
    .option("--permission <key>", "only operations that check this permission key (what a key unlocks)")
    .option("--method <method>", "only this HTTP method")
    .addOption(new Option("--effect <effect>", "only this effect").choices(["read", "write", "remove"]))
    .option("--fields <list>", "comma-separated fields to print")
    .option("--limit <n>", "at most this many results", (v) => Number.parseInt(v, 10))
    .option("--json", "print JSON")
    .option("--config <file>", "config whose `out` holds operations.json")
    .action(
      async (
        words: string[],
        options: {
          index?: string;
          pathContains?: string;
          permission?: string;
          method?: string;
          effect?: string;
          fields?: string;
          limit?: number;
          json?: boolean;
          config?: string;
        },
      ) => {
        const { findOperations, loadIndex, openapiBeside, parseFields, renderFindText } = await import("./review/find.js");
        const location = options.index ?? path.join(await artifactsDir(io.cwd, options.config), "operations.json");
        const index = await loadIndex(location, io.cwd);
        const openapi = openapiBeside(location, io.cwd);
        if (options.limit !== undefined && (!Number.isFinite(options.limit) || options.limit < 1))
          throw new UsageError("--limit takes a positive whole number.");
        const rows = findOperations(
          index,
          {
            ...(words.length ? { query: words.join(" ") } : {}),
            ...(options.pathContains ? { pathContains: options.pathContains } : {}),
            ...(options.permission ? { permission: options.permission } : {}),
            ...(options.method ? { method: options.method } : {}),
            ...(options.effect ? { effect: options.effect } : {}),
            ...(options.fields
              ? { fields: parseFields(options.fields) }
              : options.json
                ? {}
                : { fields: ["method", "path", "operation_id", "permissions", "summary"] }),
            ...(options.limit ? { limit: options.limit } : {}),
          },
          openapi,
        );
        io.stdout(options.json ? `${JSON.stringify(rows, null, 2)}\n` : renderFindText(rows));
      },
    );

  program
    .command("serve")
    .description("serve the artifacts with the api-docs handler")
    .option("--dir <dir>", "the output folder holding api-docs/ (default: the config's `out`, else dist)")
    .option("--port <n>", "port (0 picks one)", (v) => Number.parseInt(v, 10), 8080)
    .option("--host <host>", "address to bind", "127.0.0.1")
    .option("--mount <path>", "where the docs are served", DEFAULT_MOUNT)
    .option("--config <file>", "config whose `out` holds the artifacts")
    .action(async (options: { dir?: string; port: number; host: string; mount: string; config?: string }) => {
      if (!Number.isInteger(options.port) || options.port < 0 || options.port > 65535)
        throw new UsageError("--port takes a port number (0 to 65535).");
      const dir = options.dir ? path.resolve(io.cwd, options.dir) : await artifactsDir(io.cwd, options.config);
      const folder = path.join(dir, "api-docs");
      if (!existsSync(path.join(folder, "_headers.json")))
        throw new UsageError(`${folder} holds no generated api-docs.`, "Run `apidex generate` first, or point --dir at its output folder.");
      const { serveApiDocs } = await import("./publish/serve.js");
      const { port } = await serveApiDocs(folder, { port: options.port, host: options.host, mount: options.mount });
      io.stderr(`apidex serve: http://${options.host}:${port}${options.mount}/ (openapi.json, operations.json, openapi-public.json)\n`);
    });

  program
    .command("mcp")
    .description("MCP server: find_operations and call_service_operation over an index, with the key in $APIDEX_KEY")
    .requiredOption("--index <file-or-url>", "the operations.json to serve")
    .requiredOption("--base-url <url>", "the service's base URL; requests never go anywhere else")
    .option("--openapi <file-or-url>", "the OpenAPI document (default: openapi-public.json next to the index, if present)")
    .option("--http <port>", "serve Streamable HTTP on this port (0 picks one) instead of stdio", (v) => Number.parseInt(v, 10))
    .option("--host <host>", "address to bind with --http", "127.0.0.1")
    .option("--http-token-env <name>", "with --http: environment variable holding a token clients must send as a bearer token")
    .addOption(new Option("--tools <which>", "also expose one tool per operation").choices(["core", "documented", "all"]).default("core"))
    .option("--key-env <name>", "environment variable holding the API key", "APIDEX_KEY")
    .option("--auth-header <name>", "header that carries the key", "Authorization")
    .option("--auth-scheme <scheme>", "scheme before the key ('' for none)", "Bearer")
    .option("--refusal-field <field>", "field of a 403 body naming the missing permission", "permission")
    .option("--key-permissions <list>", "the key's permissions, comma-separated, to mark what it can call")
    .option("--key-permissions-path <path>", "a GET path under the base URL returning the key's permissions (e.g. /v1/me)")
    .option("--key-permissions-field <field>", "the field of that response holding the list", "permissions")
    .option("--timeout <ms>", "request timeout", (v) => Number.parseInt(v, 10), 30_000)
    .option("--max-body <bytes>", "cap on response bodies returned to the model", (v) => Number.parseInt(v, 10), 64 * 1024)
    .action(
      async (options: {
        index: string;
        baseUrl: string;
        openapi?: string;
        http?: number;
        host: string;
        httpTokenEnv?: string;
        tools: "core" | "documented" | "all";
        keyEnv: string;
        authHeader: string;
        authScheme: string;
        refusalField: string;
        keyPermissions?: string;
        keyPermissionsPath?: string;
        keyPermissionsField: string;
        timeout: number;
        maxBody: number;
      }) => {
        for (const [flag, value] of [
          ["--timeout", options.timeout],
          ["--max-body", options.maxBody],
        ] as const) {
          if (!Number.isFinite(value) || value < 1) throw new UsageError(`${flag} takes a positive whole number.`);
        }
        if (options.http !== undefined && (!Number.isInteger(options.http) || options.http < 0 || options.http > 65535))
          throw new UsageError("--http takes a port number (0 to 65535).");
        const httpToken = options.httpTokenEnv ? process.env[options.httpTokenEnv] : undefined;
        if (options.httpTokenEnv && !httpToken)
          throw new UsageError(`The environment variable ${options.httpTokenEnv} holds no token.`, "Set it, or drop --http-token-env.");
        const { runMcp } = await import("./mcp/serve.js");
        await runMcp({
          cwd: io.cwd,
          index: options.index,
          baseUrl: options.baseUrl,
          ...(options.openapi ? { openapi: options.openapi } : {}),
          keyEnv: options.keyEnv,
          authHeader: options.authHeader,
          authScheme: options.authScheme,
          refusalField: options.refusalField,
          timeoutMs: options.timeout,
          maxBodyBytes: options.maxBody,
          tools: options.tools,
          ...(options.keyPermissions
            ? {
                keyPermissions: options.keyPermissions
                  .split(",")
                  .map((p) => p.trim())
                  .filter(Boolean),
              }
            : {}),
          ...(options.keyPermissionsPath ? { keyPermissionsPath: options.keyPermissionsPath } : {}),
          keyPermissionsField: options.keyPermissionsField,
          ...(options.http !== undefined ? { http: options.http } : {}),
          host: options.host,
          ...(httpToken ? { httpToken } : {}),
          env: process.env,
          log: (line) => io.stderr(`${line}\n`),
        });
      },
    );

  try {
    await program.parseAsync(argv, { from: "user" });
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version are successes; every other parse failure is a usage error.
      return error.code === "commander.helpDisplayed" || error.code === "commander.version" || error.code === "commander.help"
        ? EXIT.ok
        : EXIT.usage;
    }
    if (error instanceof WriteError) {
      io.stderr(
        `apidex: ${error.message}\n  hint: check that the folder exists or can be created, is writable, and the disk has space; the previous artifacts are unchanged.\n`,
      );
      return EXIT.problems;
    }
    if (error instanceof UsageError) {
      io.stderr(`apidex: ${error.message}\n${error.hint ? `  hint: ${error.hint}\n` : ""}`);
      return EXIT.usage;
    }
    throw error;
  }
  return exitCode;
}

function withProjectOptions(command: Command): Command {
  return command
    .option("--config <file>", "config file (default: apidex.config.ts in the current folder)")
    .option("--root <dir>", "zero-config: analyse this project folder (a folder with a tsconfig.json)")
    .option("--out <dir>", "output folder (default: the config's `out`, or dist/)")
    .option("--strict", "treat every warning as an error (nothing is written while any remains)")
    .addOption(new Option("--closed <pattern>", "a closed path glob such as '/v1/auth/**' (repeatable)").argParser(collect).default([]));
}

/** The artifacts folder: the config's `out` when there is a config, else ./dist. */
async function artifactsDir(cwd: string, configFile: string | undefined): Promise<string> {
  const hasConfig =
    configFile ||
    ["apidex.config.ts", "apidex.config.mts", "apidex.config.js", "apidex.config.mjs"].some((n) => existsSync(path.join(cwd, n)));
  if (!hasConfig) return path.join(cwd, "dist");
  const config: ResolvedConfig = await loadConfig({ cwd, ...(configFile ? { configFile } : {}) });
  return config.out;
}

/** `generate --watch`: one session, re-run on every batch of changes under the project folder. */
async function watchProject(config: ResolvedConfig, io: CliIo): Promise<void> {
  const { watch } = await import("node:fs");
  const { WatchSession } = await import("./watch-session.js");
  const report = (
    result: {
      counts: { indexed: number; documented: number; closed: number; warnings: number; errors: number };
      diagnostics: { sorted(): Diagnostic[] };
      written: string[];
    },
    took: number,
  ) => {
    for (const d of result.diagnostics.sorted()) io.stderr(`${formatDiagnostic(d, io.cwd)}\n`);
    const state = result.counts.errors
      ? `${plural(result.counts.errors, "error")}; nothing written`
      : result.written.length
        ? `wrote ${plural(result.written.length, "file")}`
        : "artifacts unchanged";
    io.stdout(`apidex: ${countsLine(result.counts)}; ${state} (${took} ms)\n`);
  };
  let started = Date.now();
  // The watcher starts before the first run: a recursive watch sets itself up while it walks the tree, so a
  // file saved just after "watching" is printed (or during the first run) is seen, and runs once that run is done.
  const starting = WatchSession.start(config, io.cwd);
  let running: Promise<void> = starting.then(({ result }) => {
    report(result, Date.now() - started);
    io.stderr(`apidex: watching ${path.relative(io.cwd, config.root) || "."} for changes (Ctrl-C to stop)\n`);
  });
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const out = path.resolve(config.out);
  watch(config.root, { recursive: true }, (_event, name) => {
    if (!name) return;
    const file = path.resolve(config.root, name.toString());
    if (
      /[\\/]node_modules[\\/]|[\\/]\.git[\\/]/.test(file) ||
      file.startsWith(out + path.sep) ||
      !/\.(ts|tsx|mts|cts|js|mjs|cjs)$/.test(file)
    )
      return;
    pending.add(file);
    clearTimeout(timer);
    // Editors write in bursts: wait for a quiet moment, then re-run once for the whole batch.
    timer = setTimeout(() => {
      const batch = [...pending];
      pending.clear();
      running = running.then(async () => {
        const { session } = await starting;
        started = Date.now();
        report(await session.update(batch), Date.now() - started);
      });
    }, 80);
  });
  await running; // a first run that fails (a configuration error) ends the command as without --watch
  await new Promise<void>(() => undefined); // until the process is stopped
}

/**
 * One self-rewriting status line on stderr, only when stderr is an interactive terminal and not in CI;
 * piped output and CI logs stay clean.
 */
function progressLine(io: CliIo): { update: (phase: string) => void; done: () => void } | undefined {
  if (io.stderr !== defaultIo.stderr || !process.stderr.isTTY || process.env.CI) return undefined;
  const started = Date.now();
  let shown = false;
  return {
    update: (phase) => {
      shown = true;
      process.stderr.write(`\r\u001b[2Kapidex: ${phase}… ${((Date.now() - started) / 1000).toFixed(1)}s`);
    },
    done: () => {
      if (shown) process.stderr.write("\r\u001b[2K");
    },
  };
}

/**
 * `--timings`: each phase's wall time from the progress events, then totals for the process, with the
 * time the main thread spent paused for garbage collection (on large services the largest single cost).
 */
function phaseTimings(root: string): {
  update: (phase: string) => void;
  report: (result: {
    fromCache: boolean;
    unreadChanges?: string[];
    replay?: { modules: number; late?: number; missed?: string };
    unreplayable?: { file: string; reason: string }[];
  }) => string;
} {
  const phases: { name: string; start: number }[] = [{ name: "start-up and config", start: 0 }];
  let gcPauses = 0;
  // Loaded only for --timings: perf_hooks is not among the modules Node starts with.
  const { PerformanceObserver } = createRequire(import.meta.url)("node:perf_hooks") as typeof import("node:perf_hooks");
  const gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gcPauses += entry.duration;
  });
  gc.observe({ entryTypes: ["gc"] });
  return {
    update: (phase) => phases.push({ name: phase, start: performance.now() }),
    report: (result) => {
      const end = performance.now();
      // Entries not yet delivered to the callback are taken now.
      for (const entry of gc.takeRecords()) gcPauses += entry.duration;
      gc.disconnect();
      const rows = phases.map((p, i) => `  ${p.name.padEnd(52)} ${(((phases[i + 1]?.start ?? end) - p.start) / 1000).toFixed(3)}s`);
      if (result.unreadChanges) rows.push("  (only files the analysis does not read changed: the artifacts came from the cache)");
      else if (result.fromCache) rows.push("  (every source unchanged: the artifacts came from the cache)");
      // A replay that met something its summaries do not cover: the run evaluated everything (and says why).
      if (result.replay?.missed) rows.push(`  (${result.replay.missed}; every module was evaluated)`);
      // Modules replayed although they import a changed one (what they read of it was the same).
      if (result.replay?.late)
        rows.push(
          `  (${plural(result.replay.late, "module")} replayed late: ${result.replay.late === 1 ? "it imports" : "they import"} a changed module, and read the same of it)`,
        );
      // Which modules every run evaluates again, so a slow incremental run can be explained (and fixed).
      const never = result.unreplayable ?? [];
      if (never.length) {
        const shown = never.slice(0, 5).map((m) => `    ${path.relative(root, m.file).split(path.sep).join("/")}: ${m.reason}`);
        rows.push(
          `  ${plural(never.length, "module")} cannot be replayed by a later run (each is evaluated every time):`,
          ...shown,
          ...(never.length > 5 ? [`    and ${never.length - 5} more`] : []),
        );
      }
      // Whether the scripts a warm run loads (apidex's bundle, the compiler) came from V8's code cache (Node 20).
      const loaded = [...codeSources()].map(
        ([script, source]) => `${script} ${source === "code-cache" ? "from V8's code cache" : "compiled"}`,
      );
      if (loaded.length) rows.push(`  (code: ${loaded.join(", ")})`);
      const usage = process.resourceUsage();
      const cpu = (usage.userCPUTime + usage.systemCPUTime) / 1e6;
      return `apidex timings:\n${rows.join("\n")}\n  total ${(end / 1000).toFixed(3)}s wall, ${cpu.toFixed(2)}s CPU, ${(gcPauses / 1000).toFixed(2)}s paused for GC, peak memory ${(usage.maxRSS / 1024).toFixed(0)} MiB\n`;
    },
  };
}

function countsLine(counts: { indexed: number; documented: number; closed: number; warnings: number }): string {
  return `${counts.indexed} indexed, ${counts.documented} documented, ${counts.closed} closed, ${plural(counts.warnings, "warning")}`;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}
