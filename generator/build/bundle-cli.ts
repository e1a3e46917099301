/**
 * Build step (`npm run build`, after tsc): lib/cli.cjs, the bin (below), and lib/apidex.cjs, the command line (lib/command-line.js and every
 * apidex module it imports, eagerly or lazily) as one CommonJS script, which the bin loads with V8's code
 * cache on Node 20 (see generator/cli.ts). Packages stay outside it, loaded from node_modules as before.
 * Modules that find files from their own place go through package-files.ts, which the bundle keeps one
 * level below the package root, where lib/package-files.js is.
 */
import { chmodSync, existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build, buildSync, type Plugin } from "esbuild";

const lib = fileURLToPath(new URL("../", import.meta.url));

/**
 * commander requires child_process when it loads, for executable subcommands apidex does not have: a
 * stand-in loads the module when first used instead (2 ms of every run: child_process brings net, dgram
 * and the stream modules with it).
 */
const lazyChildProcess: Plugin = {
  name: "lazy-child-process",
  setup(bundler) {
    bundler.onResolve({ filter: /^node:child_process$/ }, (args) =>
      /[\\/]node_modules[\\/]commander[\\/]/.test(args.importer) ? { path: "child_process", namespace: "apidex-lazy" } : undefined,
    );
    bundler.onLoad({ filter: /.*/, namespace: "apidex-lazy" }, () => ({
      contents: `let loaded;\nmodule.exports = new Proxy({}, { get: (_, key) => (loaded ??= require("node:child_process"))[key] });\n`,
      loader: "js",
    }));
  },
};

/**
 * fdir requires picomatch from node_modules when it loads, for its own glob() that tinyglobby never calls
 * (it passes fdir its own filters): a second copy of picomatch, compiled from source on every start
 * (~3 ms). Here fdir loads it when glob() is first asked for it. The build fails if fdir's code changed
 * shape, rather than bundle it unpatched.
 */
const lazyFdirPicomatch: Plugin = {
  name: "lazy-fdir-picomatch",
  setup(bundler) {
    bundler.onLoad({ filter: /[\\/]node_modules[\\/]fdir[\\/]dist[\\/]index\.mjs$/ }, (args) => {
      const eager = /try \{\s*__require\.resolve\("picomatch"\);\s*pm = __require\("picomatch"\);\s*\} catch \{\}/;
      const use = "const globFn = this.globFunction || pm;";
      const text = readFileSync(args.path, "utf8");
      if (!eager.test(text) || !text.includes(use))
        throw new Error(
          `bundle-cli: ${args.path} no longer loads picomatch the way the lazy-fdir-picomatch plugin expects; update the plugin.`,
        );
      const contents = text
        .replace(eager, "")
        .replace(
          use,
          'const globFn = this.globFunction || (pm ??= (() => { try { return __require("picomatch"); } catch { return null; } })());',
        );
      return { contents, loader: "js" };
    });
  },
};

const result = await build({
  entryPoints: [path.join(lib, "command-line.js")],
  plugins: [lazyChildProcess, lazyFdirPicomatch],
  outfile: path.join(lib, "apidex.cjs"),
  bundle: true,
  format: "cjs",
  platform: "node",
  target: "node20",
  // What every run loads is bundled (commander, tinyglobby with fdir, picomatch: small, and compiled from
  // the code cache with the rest); the packages only some runs load stay in node_modules.
  external: ["ts-morph", "@ts-morph/*", "zod", "jiti", "@cfworker/*", "@modelcontextprotocol/*", "esbuild", "spdx-license-list"],
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
  metafile: true,
});

// The bundle reaches packages with require() only (see `supported` above): each one it names must have a
// CommonJS entry, or the command that loads it would fail at run time on Node 20 (ERR_REQUIRE_ESM).
const requireFromLib = createRequire(path.join(lib, "apidex.cjs"));
const external = new Set(
  Object.values(result.metafile.inputs).flatMap((input) =>
    input.imports.filter((i) => i.external && !i.path.startsWith("node:")).map((i) => i.path),
  ),
);
const esmOnly = [...external].filter((name) => {
  try {
    return isEsModule(requireFromLib.resolve(name));
  } catch {
    return true;
  }
});
if (esmOnly.length) {
  process.stderr.write(
    `bundle-cli: these packages have no CommonJS entry the bundle can require(): ${esmOnly.join(", ")}. Bundle them, or load them outside the CLI bundle.\n`,
  );
  process.exit(1);
}

// The bin itself (lib/cli.cjs, package.json's "bin"): generator/cli.ts and the code-cache loader it needs,
// as one CommonJS script. Node starts a CommonJS entry without its ES module loader, and the loader's own
// modules are compiled on every start: about 6 ms of each run. The bundle is loaded by path; the ES
// modules' command line, only when there is no bundle, by a real import() (an ordinary CommonJS script may).
buildSync({
  entryPoints: [path.join(lib, "cli.js")],
  outfile: path.join(lib, "cli.cjs"),
  bundle: true,
  format: "cjs",
  platform: "node",
  target: "node20",
  external: ["./command-line.js"],
  define: { "import.meta.url": "__apidexModuleUrl" },
  banner: { js: `const __apidexModuleUrl = require("node:url").pathToFileURL(__filename).href;` },
  charset: "ascii",
  legalComments: "none",
  logLevel: "warning",
});
chmodSync(path.join(lib, "cli.cjs"), 0o755);
process.stdout.write(
  `bundled the command line into ${path.relative(process.cwd(), path.join(lib, "apidex.cjs"))} and the bin into ${path.relative(process.cwd(), path.join(lib, "cli.cjs"))}\n`,
);

/** Whether Node loads `file` as an ES module: `.mjs`, or `.js` under a package.json that says "type": "module". */
function isEsModule(file: string): boolean {
  if (file.endsWith(".mjs")) return true;
  if (!file.endsWith(".js")) return false;
  for (let dir = path.dirname(file); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const manifest = path.join(dir, "package.json");
    if (existsSync(manifest)) return (JSON.parse(readFileSync(manifest, "utf8")) as { type?: string }).type === "module";
  }
  return false;
}
