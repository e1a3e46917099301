// The files a package starts from, read from its package.json alone (no compiler: the run cache asks too).
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const EXTENSIONS = ["", ".ts", ".mts", ".cts", ".js", ".mjs", ".cjs"];
/** A script's word that names a source file (`node app.js`, `tsx src/server.ts`, `nodemon ./bin/www`). */
const FILE_WORD = /^\.{0,2}\/?[\w@./-]+\.(?:[cm]?[jt]s)$/;
const SCRIPTS = ["start", "dev", "serve", "server"];

/**
 * The entry files of the package at `root`: its `main`, its `bin` files, and the files its `start`/`dev`
 * scripts run. Execution begins there, so they are read even when their own text registers nothing: an
 * entry whose only line is `require("./src/start").start()` is what runs the function that registers the
 * routes. Absolute paths of files that exist.
 */
export function packageEntries(root: string): Set<string> {
  const out = new Set<string>();
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
  for (const script of SCRIPTS) {
    const text = manifest.scripts?.[script];
    if (typeof text === "string") named.push(...text.split(/\s+/).filter((word) => FILE_WORD.test(word)));
  }
  for (const name of named) {
    const file = resolveEntry(path.resolve(root, name));
    if (file) out.add(path.normalize(file));
  }
  return out;
}

function resolveEntry(base: string): string | undefined {
  for (const candidate of [...EXTENSIONS.map((e) => base + e), ...EXTENSIONS.slice(1).map((e) => path.join(base, `index${e}`))])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return undefined;
}
