/**
 * Build step (`npm run build`, after tsc): lib/apidex.cjs, the command line (lib/command-line.js and every
 * apidex module it imports, eagerly or lazily) as one CommonJS script, which the bin loads with V8's code
 * cache on Node 20 (see generator/cli.ts). Packages stay outside it, loaded from node_modules as before.
 * Modules that find files from their own place go through package-files.ts, which the bundle keeps one
 * level below the package root, where lib/package-files.js is.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildSync } from "esbuild";

const lib = fileURLToPath(new URL("../", import.meta.url));

buildSync({
  entryPoints: [path.join(lib, "command-line.js")],
  outfile: path.join(lib, "apidex.cjs"),
  bundle: true,
  format: "cjs",
  platform: "node",
  target: "node20",
  // What every run loads is bundled (commander, tinyglobby with fdir, picomatch: small, and compiled from
  // the code cache with the rest); the packages only some runs load stay in node_modules.
  external: ["ts-morph", "@ts-morph/*", "zod", "jiti", "minisearch", "@cfworker/*", "@modelcontextprotocol/*", "esbuild"],
  // No import() in the bundle: a script V8 compiled from a code cache cannot call it on Node 20. Every
  // package apidex imports lazily has a CommonJS build, so require() loads it.
  supported: { "dynamic-import": false },
  // A CommonJS script has no import.meta: its modules see the bundle's own URL instead.
  define: { "import.meta.url": "__apidexModuleUrl" },
  banner: { js: `"use strict";\nconst __apidexModuleUrl = require("node:url").pathToFileURL(__filename).href;` },
  // ASCII output (non-ASCII characters escaped): the bin reads it as a one-byte string.
  charset: "ascii",
  legalComments: "none",
  logLevel: "warning",
});
process.stdout.write(`bundled the command line into ${path.relative(process.cwd(), path.join(lib, "apidex.cjs"))}\n`);
