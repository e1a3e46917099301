#!/usr/bin/env node
import { realpathSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Command, CommanderError, Option } from "commander";
import { loadConfig } from "./config/load-config.js";
import { formatDiagnostic, UsageError } from "./diagnostics/diagnostic.js";
import { generateToDisk, WriteError } from "./generate.js";

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

/** Runs the CLI on `argv` (without `node` and the script) and resolves to the exit code. */
export async function runCli(argv: string[], io: CliIo = defaultIo): Promise<number> {
  let exitCode: number = EXIT.ok;
  const program = new Command()
    .name("apidex")
    .description("Operation index and OpenAPI 3.1 from the route sources of a TypeScript HTTP service.")
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .showHelpAfterError("(run apidex --help for usage)");

  program
    .command("generate")
    .description("write operations.json and openapi-public.json")
    .option("--config <file>", "config file (default: apidex.config.ts in the current folder)")
    .option("--root <dir>", "zero-config: analyse this project folder (a folder with a tsconfig.json)")
    .option("--out <dir>", "output folder (default: the config's `out`, or dist/)")
    .addOption(new Option("--closed <pattern>", "a closed path glob such as '/v1/auth/**' (repeatable)").argParser(collect).default([]))
    .action(async (options: { config?: string; root?: string; out?: string; closed: string[] }) => {
      const config = await loadConfig({
        cwd: io.cwd,
        ...(options.config ? { configFile: options.config } : {}),
        ...(options.root ? { root: options.root } : {}),
        ...(options.out ? { out: options.out } : {}),
        closed: options.closed,
      });
      const result = await generateToDisk(config);
      for (const d of result.diagnostics.sorted()) io.stderr(`${formatDiagnostic(d, io.cwd)}\n`);
      const { indexed, documented, closed, warnings, errors } = result.counts;
      const counts = `${indexed} indexed, ${documented} documented, ${closed} closed, ${warnings} warning${warnings === 1 ? "" : "s"}`;
      if (errors) {
        io.stderr(`apidex: ${errors} error${errors === 1 ? "" : "s"}; nothing written (the previous artifacts are unchanged). ${counts}.\n`);
        exitCode = EXIT.problems;
        return;
      }
      const out = path.relative(io.cwd, config.out) || ".";
      const written = result.written.length ? `wrote ${result.written.join(", ")}` : "artifacts unchanged";
      io.stdout(`apidex: ${counts}; ${written} in ${out}/\n`);
    });

  try {
    await program.parseAsync(argv, { from: "user" });
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version are successes; every other parse failure is a usage error.
      return error.code === "commander.helpDisplayed" || error.code === "commander.version" || error.code === "commander.help" ? EXIT.ok : EXIT.usage;
    }
    if (error instanceof WriteError) {
      io.stderr(`apidex: ${error.message}\n  hint: check that the folder exists or can be created, is writable, and the disk has space; the previous artifacts are unchanged.\n`);
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

function safeRealpath(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return file;
  }
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

// Run when executed directly (the `apidex` bin, through its symlink too), not when imported by tests.
const invokedAs = process.argv[1] ? safeRealpath(path.resolve(process.argv[1])) : "";
if (invokedAs === fileURLToPath(import.meta.url)) {
  runCli(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`apidex: internal error: ${(error as Error).stack ?? String(error)}\n`);
      process.exitCode = 70;
    },
  );
}
