// The files a package starts from, read from its package.json alone (no compiler: the run cache asks too).
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import JSON5 from "json5";
import { projectFileIn } from "./project-files.js";

const EXTENSIONS = ["", ".ts", ".mts", ".cts", ".js", ".mjs", ".cjs"];
/** A script's word that names a source file (`node app.js`, `tsx src/server.ts`, `nodemon ./bin/www`). */
const FILE_WORD = /^\.{0,2}\/?[\w@./-]+\.(?:[cm]?[jt]s)$/;
/** The scripts that start the service: `start`, `dev`, `serve`, `server`, and their variants (`start:dev`, `dev-server`). */
const SCRIPT = /^(start|dev|serve|server)([:_-][\w:-]+)?$/;
/** Folders a build writes to, when no tsconfig.json says which (`main: "dist/server.js"` of `src/server.ts`). */
export const OUTPUT_FOLDERS = ["dist", "build", "out", "lib"];

/**
 * The entry files of a project: its package's (`packageEntries`), and, at a monorepo's root, those of each
 * workspace package inside it (`packages` — `apps/api`'s `main` runs `createApp()` there as it does when apidex
 * runs on `apps/api`). Absolute paths of files that exist.
 */
export function projectEntries(root: string, packages: readonly string[]): Set<string> {
  const out = packageEntries(root);
  for (const folder of packages) for (const file of packageEntries(folder)) out.add(file);
  return out;
}

/**
 * The entry files of the package at `root`: its `main`, its `bin` files, and the files its `start`/`dev`
 * scripts run. Execution begins there, so they are read even when their own text registers nothing: an
 * entry whose only line is `require("./src/start").start()` is what runs the function that registers the
 * routes. Absolute paths of files that exist.
 */
export function packageEntries(root: string): Set<string> {
  const out = new Set<string>();
  // An Nx project's targets name its entry (`project.json`), with or without a package.json of its own.
  for (const file of nxEntries(root)) out.add(path.normalize(file));
  let manifest: { main?: unknown; bin?: unknown; scripts?: Record<string, unknown> };
  try {
    manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
  } catch {
    return out;
  }
  const named: string[] = [];
  if (typeof manifest.main === "string") named.push(manifest.main);
  if (typeof manifest.bin === "string") named.push(manifest.bin);
  else if (manifest.bin && typeof manifest.bin === "object")
    for (const value of Object.values(manifest.bin)) if (typeof value === "string") named.push(value);
  for (const [script, text] of Object.entries(manifest.scripts ?? {}).sort())
    if (SCRIPT.test(script) && typeof text === "string") {
      named.push(...text.split(/\s+/).filter((word) => FILE_WORD.test(word)));
      named.push(...bareRunnerFiles(text));
      named.push(...executedFiles(text));
      named.push(...shellScriptEntries(root, text, 2));
    }
  const sources = sourceFolderOf(root);
  for (const name of named) {
    // A checkout that was built still starts from the sources: the build output is not analysed.
    const file = sourceOfOutput(root, name, sources) ?? resolveEntry(path.resolve(root, name));
    if (file && runsAsScript(file)) out.add(path.normalize(file));
  }
  return out;
}

/**
 * The command words the service is started with, per package folder (the project's root and each workspace
 * package): for each start script, the positional arguments a runner gives the file it runs (`node index start`:
 * `["start"]`; `ts-node server/index.ts start --dev`: `["start"]`), or the package's own command is given
 * (`thelounge start`). A command-line program dispatching on them (`program.command("start").action(...)`)
 * starts its server in that command's handler.
 */
export function projectStartCommands(root: string, packages: readonly string[]): Map<string, string[][]> {
  const out = new Map<string, string[][]>();
  for (const folder of [root, ...packages]) {
    const words = startCommandWords(folder);
    if (words.length) out.set(path.normalize(folder), words);
  }
  return out;
}

function startCommandWords(root: string): string[][] {
  let manifest: { bin?: unknown; name?: unknown; scripts?: Record<string, unknown> };
  try {
    manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
  } catch {
    return [];
  }
  const bins = new Set<string>(
    typeof manifest.bin === "string"
      ? typeof manifest.name === "string"
        ? [manifest.name.replace(/^@[^/]+\//, "")]
        : []
      : manifest.bin && typeof manifest.bin === "object"
        ? Object.keys(manifest.bin)
        : [],
  );
  const out: string[][] = [];
  for (const [script, text] of Object.entries(manifest.scripts ?? {}).sort()) {
    if (!SCRIPT.test(script) || typeof text !== "string") continue;
    for (const command of text.split(/&&|\|\||;|\|/)) {
      const words = command.trim().split(/\s+/).filter(Boolean);
      // After `VAR=value` assignments and `cross-env`'s: a runner and its file, or the package's own command.
      let at = words.findIndex((w) => RUNNER.test(w));
      if (at >= 0) {
        // The arguments follow the file it runs (`node -r dotenv/config index start`: "start").
        at = runnerFileAt(words, at) + 1;
        if (at === 0) continue;
      } else {
        at = words.findIndex((w) => bins.has(w));
        if (at < 0) continue;
        at++;
      }
      const args: string[] = [];
      for (const word of words.slice(at)) {
        if (/^[<>]|^\d?>/.test(word)) break;
        if (!word.startsWith("-")) args.push(word.replace(/^["']|["']$/g, ""));
      }
      if (args.length) out.push(args);
    }
  }
  return out;
}

/** Node's options that take the next word as their value (`node -r dotenv/config server`); other runners add theirs. */
const NODE_VALUE_OPTIONS = [
  "-r",
  "--require",
  "--import",
  "--loader",
  "--experimental-loader",
  "--env-file",
  "--conditions",
  "-C",
  "--watch-path",
  "--inspect-port",
  "--title",
];
const VALUE_OPTIONS: Record<string, ReadonlySet<string>> = {
  node: new Set(NODE_VALUE_OPTIONS),
  nodejs: new Set(NODE_VALUE_OPTIONS),
  "node-dev": new Set([...NODE_VALUE_OPTIONS, "--ignore", "--graceful_ipc"]),
  "babel-node": new Set([...NODE_VALUE_OPTIONS, "--presets", "--plugins", "--extensions", "--config-file", "--ignore", "--only"]),
  nodemon: new Set([
    ...NODE_VALUE_OPTIONS,
    "-w",
    "--watch",
    "-e",
    "--ext",
    "-x",
    "--exec",
    "-i",
    "--ignore",
    "-d",
    "--delay",
    "--signal",
    "--config",
  ]),
  "ts-node": new Set(["-r", "--require", "-P", "--project", "-C", "--compiler", "-O", "--compiler-options"]),
  "ts-node-dev": new Set([
    "-r",
    "--require",
    "-P",
    "--project",
    "-C",
    "--compiler",
    "-O",
    "--compiler-options",
    "--watch",
    "--ignore-watch",
    "--interval",
    "--debounce",
  ]),
  tsx: new Set([...NODE_VALUE_OPTIONS, "--tsconfig", "--include", "--exclude", "--ignore"]),
  esno: new Set([...NODE_VALUE_OPTIONS, "--tsconfig", "--include", "--exclude", "--ignore"]),
  "ts-node-esm": new Set(["-r", "--require", "-P", "--project", "-C", "--compiler", "-O", "--compiler-options"]),
  bun: new Set(["-r", "--preload", "--cwd", "--env-file", "--tsconfig-override", "--config"]),
};
/** Words a runner takes before its file as a subcommand (`tsx watch src/server`, `bun run src/index`). */
const SUBCOMMANDS: Record<string, ReadonlySet<string>> = { tsx: new Set(["watch"]), esno: new Set(["watch"]), bun: new Set(["run"]) };
/** Node's options after which no file follows: code given inline, a package.json script, the test runner. */
const NO_FILE = new Set(["-e", "--eval", "-p", "--print", "--run", "--test", "-i", "--interactive"]);

/**
 * The file a runner is given without an extension, as Node resolves it (`node server` is `server.js`, `node
 * ./serveronly` the folder's `index.js`): in a command whose runner names no file with one, its first word that
 * is no option nor an option's value. `node -e`/`--eval`/`-p` runs no file, and `node --run task` runs a script.
 */
function bareRunnerFiles(script: string): string[] {
  const out: string[] = [];
  for (const command of script.split(/&&|\|\||;|\|/)) {
    const words = command.trim().split(/\s+/).filter(Boolean);
    const at = words.findIndex((w) => RUNNER.test(w));
    if (at < 0 || words.slice(at + 1).some((w) => FILE_WORD.test(w))) continue;
    const word = words[runnerFileAt(words, at)];
    if (word && /^[\w@.][\w@./-]*$/.test(word) && word !== ".") out.push(word);
  }
  return out;
}

/**
 * The package's own files a script runs as programs (`"start": "./bin/server"`, `NODE_ENV=production
 * bin/www`): a command's first word, after variable assignments and `cross-env`/`env`, that is a path. Which of
 * them are scripts of the sources (a `#!` line running Node) is decided where they are resolved.
 */
function executedFiles(script: string): string[] {
  const out: string[] = [];
  for (const command of script.split(/&&|\|\||;|\|/)) {
    const words = command.trim().split(/\s+/).filter(Boolean);
    let at = 0;
    while (at < words.length && (/^\w+=/.test(words[at]!) || words[at] === "cross-env" || words[at] === "env")) at++;
    const word = words[at];
    if (word && /^\.{0,2}\/?[\w@.-]+(?:\/[\w@.-]+)+$|^\.\/[\w@.-]+$/.test(word) && !FILE_WORD.test(word)) out.push(word);
  }
  return out;
}

/**
 * Where the file the runner at `at` runs stands among a command's words: the first named as a source file
 * (`ts-node --project x.json server/index.ts`), else the first that is no option of the runner's, an option's
 * value (`node -r dotenv/config index start`: "index") or a subcommand (`tsx watch src/server`); -1 where it runs
 * none (`node -e "..."`, `node --run task`). What follows the file are the program's own arguments.
 */
function runnerFileAt(words: readonly string[], at: number): number {
  const named = words.findIndex((w, i) => i > at && FILE_WORD.test(w));
  if (named >= 0) return named;
  const runner = words[at]!;
  for (let i = at + 1; i < words.length; i++) {
    const word = words[i]!;
    if ((runner === "node" || runner === "nodejs") && NO_FILE.has(word)) return -1;
    if (word.startsWith("-")) {
      if (VALUE_OPTIONS[runner]?.has(word)) i++;
      continue;
    }
    if (i === at + 1 && SUBCOMMANDS[runner]?.has(word)) continue;
    return i;
  }
  return -1;
}

/**
 * A command that runs a JavaScript or TypeScript file it is given (`node`, `nodemon`, `node-dev`, `babel-node`,
 * `ts-node`, `tsx` and its alias `esno`, `bun`).
 */
const RUNNER = /^(?:node|nodejs|nodemon|node-dev|babel-node|ts-node|ts-node-dev|ts-node-esm|tsx|esno|bun)$/;

/**
 * The files the shell scripts a command names run: `start: "sandbox/watch.sh"`, whose line `exec node
 * _build/stubs/app/server/server.js` starts the service. A script's word ending in `.sh` (the package's own
 * file) is read, and a word that names a source file after a runner on one of its lines is an entry;
 * scripts it runs in turn are read too, `depth` levels deep. Paths are the package's (scripts run from it).
 */
function shellScriptEntries(root: string, command: string, depth: number): string[] {
  const out: string[] = [];
  for (const word of command.split(/\s+/)) {
    if (!/^\.{0,2}\/?[\w@./-]+\.sh$/.test(word)) continue;
    let text: string;
    try {
      const file = path.resolve(root, word);
      if (statSync(file).size > 65_536) continue;
      text = readFileSync(file, "utf8");
    } catch {
      continue;
    }
    for (const line of text.split("\n")) {
      if (/^\s*#/.test(line)) continue;
      const words = line.trim().split(/\s+/);
      const runner = words.findIndex((w) => RUNNER.test(w));
      if (runner >= 0) out.push(...words.slice(runner + 1).filter((w) => FILE_WORD.test(w)));
      if (depth > 1) out.push(...shellScriptEntries(root, line, depth - 1));
    }
  }
  return out;
}

/** A JavaScript runtime a `#!` line names (`#!/usr/bin/env node`, `#!/usr/bin/env -S npx tsx`, `#!/usr/local/bin/bun`). */
const SCRIPT_RUNTIME = /^#!.*\b(?:node|nodejs|tsx|ts-node|bun|deno)\b/;

/**
 * Whether an entry is a script of the sources: a file named as one (`.js`, `.ts`, ...), or a file without such
 * a name (a `bin/www`) whose `#!` line runs it with a JavaScript runtime. A shell script (`#!/bin/sh`) a bin
 * names is none.
 */
function runsAsScript(file: string): boolean {
  if (/\.[cm]?[jt]sx?$/.test(file)) return true;
  try {
    return SCRIPT_RUNTIME.test(readFileSync(file, "utf8").slice(0, 200).split("\n", 1)[0]!);
  } catch {
    return false;
  }
}

/**
 * The source an entry in build output is compiled from, in a checkout that was never built: `dist/server.js`
 * is `src/server.ts` where tsconfig.json's `outDir` is `dist` and its `rootDir` is `src` (or, without those
 * options, where the path starts with a usual output folder and `src/` or the root holds the file).
 */
function sourceOfOutput(root: string, name: string, sources: { outDir?: string; rootDir?: string }): string | undefined {
  const relative = path.posix.normalize(name.replace(/\\/g, "/")).replace(/^\.\//, "");
  const stem = relative.replace(/\.[cm]?js$/, "");
  const outDirs = sources.outDir ? [sources.outDir] : OUTPUT_FOLDERS;
  for (const outDir of outDirs) {
    if (!stem.startsWith(`${outDir}/`)) continue;
    const inner = stem.slice(outDir.length + 1);
    for (const rootDir of sources.rootDir !== undefined ? [sources.rootDir] : ["src", ""]) {
      const file = resolveEntry(path.resolve(root, rootDir, inner));
      // (A JavaScript file is the source where the config names the source folder: a jsconfig.json's Babel-built
      // project, `app/` built to `out/`; guessed folders may hold build output.)
      if (file && (!/\.[cm]?js$/.test(file) || sources.rootDir !== undefined)) return file;
    }
  }
  return undefined;
}

/**
 * The root tsconfig.json's `outDir` and `rootDir`, as paths relative to the root (json5: tsconfig allows
 * comments). Each option is the nearest one down its `extends` chain of relative paths (a package's shared
 * base config), resolved from the file that sets it, `${configDir}` being the root; a package `extends`
 * is not followed (no compiler here).
 */
function sourceFolderOf(root: string): { outDir?: string; rootDir?: string } {
  const found: { outDir?: string; rootDir?: string } = {};
  // A JavaScript project's jsconfig.json is its tsconfig (as module resolution reads it).
  let file = projectFileIn(root);
  for (let depth = 0; depth < 5; depth++) {
    let config: { extends?: unknown; compilerOptions?: { outDir?: unknown; rootDir?: unknown } };
    try {
      config = JSON5.parse(readFileSync(file, "utf8"));
    } catch {
      break;
    }
    const folder = (value: unknown) => {
      if (typeof value !== "string") return undefined;
      const absolute = value.includes("${configDir}")
        ? path.resolve(root, value.replace(/\$\{configDir\}\/?/g, "./"))
        : path.resolve(path.dirname(file), value);
      const relative = path.relative(root, absolute).split(path.sep).join("/");
      return relative.startsWith("..") ? undefined : relative;
    };
    const outDir = folder(config?.compilerOptions?.outDir);
    const rootDir = folder(config?.compilerOptions?.rootDir);
    if (found.outDir === undefined && outDir) found.outDir = outDir;
    if (found.rootDir === undefined && rootDir !== undefined) found.rootDir = rootDir;
    const base = config?.extends;
    if (typeof base !== "string" || !base.startsWith(".")) break;
    file = path.resolve(path.dirname(file), base.endsWith(".json") ? base : `${base}.json`);
  }
  return found;
}

function resolveEntry(base: string): string | undefined {
  for (const candidate of [...EXTENSIONS.map((e) => base + e), ...EXTENSIONS.slice(1).map((e) => path.join(base, `index${e}`))])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return undefined;
}

/**
 * The `main` files an Nx project's targets build or serve (`project.json` beside the package: `"options": {
 * "main": "apps/api/src/main.ts" }`), whose scripts only say `nx serve api`. The paths are the workspace's
 * (the folder with nx.json above), or the project's.
 */
function nxEntries(root: string): string[] {
  let project: { targets?: Record<string, { options?: { main?: unknown } }> };
  try {
    project = JSON5.parse(readFileSync(path.join(root, "project.json"), "utf8"));
  } catch {
    return [];
  }
  const mains = new Set<string>();
  for (const target of Object.values(project?.targets ?? {})) {
    const main = target?.options?.main;
    if (typeof main === "string" && /\.[cm]?[jt]sx?$/.test(main)) mains.add(main);
  }
  if (!mains.size) return [];
  const bases = [root];
  for (let dir = path.dirname(root), i = 0; i < 6 && dir !== path.dirname(dir); dir = path.dirname(dir), i++)
    if (existsSync(path.join(dir, "nx.json"))) bases.unshift(dir);
  const out: string[] = [];
  for (const main of [...mains].sort())
    for (const base of bases) {
      const file = path.resolve(base, main);
      if (existsSync(file) && statSync(file).isFile()) {
        out.push(file);
        break;
      }
    }
  return out;
}
