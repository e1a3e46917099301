import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import JSON5 from "json5";
import picomatch from "picomatch";
import { globSync } from "tinyglobby";
import { TEST_FILE_EXCLUDE } from "../config/defaults.js";

// Apart from the parser: listing and hashing the sources is all a run the cache answers needs.

export interface ScanOptions {
  root: string;
  include: string[];
  exclude: string[];
  tsconfig?: string;
}

/**
 * The project's source files (absolute, sorted) as the include and exclude globs select them. The walk
 * is synchronous: nothing else can run while a run lists its inputs, and the asynchronous walk waits on
 * the thread pool once per folder, where the compressor is already at work (a Next.js app of 2,000
 * route folders lists in 30 ms this way, 90 ms the other).
 */
export async function listSources(options: ScanOptions): Promise<string[]> {
  // tinyglobby (fdir and picomatch) lists what fast-glob did, and loads in half the time: it is part of
  // every run, the cached ones included.
  const names = globSync(options.include, {
    cwd: options.root,
    ignore: mergeFolderExcludes(options.exclude),
    absolute: true,
    onlyFiles: true,
    followSymbolicLinks: false,
    expandDirectories: false,
  });
  const isOutput = packageLibs(options.root);
  const rescued = [
    ...routeFilesInTestFolders(options, "files"),
    ...routeFilesInWellKnown(options, "files"),
    ...routeModulesNamedLikeTests(options),
  ];
  return [...new Set([...names, ...rescued])]
    .map((n) => path.normalize(n))
    .filter((n) => !isOutput(n))
    .sort();
}

/** The default excludes of test and example folders: a route tree may have a URL segment of that name. */
const TEST_FOLDER_EXCLUDES = new Set(["**/test/**", "**/tests/**", "**/examples/**", "**/samples/**"]);

/** Route files of file-system routing below a folder named like a test folder (`app/api/webhooks/test/route.ts`). */
const ROUTE_FILES_IN_TEST_FOLDERS = [
  "**/app/**/{test,tests,examples,samples}/**/route.{ts,tsx,js,mjs,mts}",
  "**/routes/**/{test,tests,examples,samples}/**/+server.{ts,js,mts,mjs}",
  "**/pages/api/**/{test,tests,examples,samples}/**/*.{ts,tsx,js,mjs,mts}",
  "**/server/{api,routes}/**/{test,tests,examples,samples}/**/*.{ts,js,mts,mjs}",
];
const ROUTE_ROOTS = new Set(["app", "routes", "pages", "server"]);
const TEST_SEGMENTS = new Set(["test", "tests", "__tests__", "examples", "samples"]);

/**
 * A folder named `test` or `tests` is excluded by default as a test folder, but inside a file-routed tree
 * it is a URL segment (`/api/webhooks/test`, an endpoint that sends a test event): the route files there
 * (and, for the run cache, the folders that hold them) are listed all the same — only where no test folder
 * comes before the route tree (`test/fixtures/app/...` stays out). Nothing when the excludes do not name
 * test folders.
 */
function routeFilesInTestFolders(options: ScanOptions, what: "files" | "folders"): string[] {
  if (!options.exclude.some((p) => TEST_FOLDER_EXCLUDES.has(p))) return [];
  const ignore = mergeFolderExcludes(options.exclude.filter((p) => !TEST_FOLDER_EXCLUDES.has(p)));
  const found = globSync(patternsFor(ROUTE_FILES_IN_TEST_FOLDERS, what), {
    cwd: options.root,
    ignore,
    absolute: false,
    ...(what === "files" ? { onlyFiles: true } : { onlyDirectories: true }),
    followSymbolicLinks: false,
    expandDirectories: false,
  });
  const included = what === "files" ? picomatch(options.include, { dot: false }) : () => true;
  return found
    .filter((relative) => {
      const parts = relative.replace(/[\\/]+$/, "").split(/[\\/]/);
      const root = parts.findIndex((part) => ROUTE_ROOTS.has(part));
      return root >= 0 && !parts.slice(0, root).some((part) => TEST_SEGMENTS.has(part)) && included(relative);
    })
    .map((relative) => path.join(options.root, relative));
}

/** File patterns as they are, or the folders that hold such files (for the run cache's watch of folders). */
function patternsFor(files: readonly string[], what: "files" | "folders"): string[] {
  if (what === "files") return [...files];
  return files.flatMap((p) => {
    const dir = p.slice(0, p.lastIndexOf("/"));
    return [dir.replace(/\/\*\*$/, ""), dir];
  });
}

/**
 * Route files of file-system routing below a `.well-known` folder (`app/.well-known/assetlinks.json/route.ts`);
 * Astro routes one anywhere in `src/pages` (its route scan skips hidden names but `.well-known`), not only in `api`.
 */
const ROUTE_FILES_IN_WELL_KNOWN = [
  "**/app/**/.well-known/**/route.{ts,tsx,js,mjs,mts}",
  "**/routes/**/.well-known/**/+server.{ts,js,mts,mjs}",
  "**/pages/api/**/.well-known/**/*.{ts,tsx,js,mjs,mts}",
  "**/src/pages/**/.well-known/**/*.{ts,js,mjs,mts}",
  "**/server/{api,routes}/**/.well-known/**/*.{ts,js,mts,mjs}",
];

/**
 * Hidden folders are not listed (`.git`, `.next`, `.turbo` hold no sources), but `.well-known` inside a
 * file-routed tree is a URL segment (RFC 8615: `/.well-known/assetlinks.json`, `/.well-known/openid-configuration`):
 * its route files (and, for the run cache, its folders) are listed — only where it is the one hidden
 * segment of the path, below a route tree and no test folder.
 */
function routeFilesInWellKnown(options: ScanOptions, what: "files" | "folders"): string[] {
  const found = globSync(patternsFor(ROUTE_FILES_IN_WELL_KNOWN, what), {
    cwd: options.root,
    ignore: mergeFolderExcludes(options.exclude),
    absolute: false,
    dot: true,
    ...(what === "files" ? { onlyFiles: true } : { onlyDirectories: true }),
    followSymbolicLinks: false,
    expandDirectories: false,
  });
  const excluded = picomatch(options.exclude, { dot: true });
  return found
    .filter((relative) => {
      const parts = relative.replace(/[\\/]+$/, "").split(/[\\/]/);
      const root = parts.findIndex((part) => ROUTE_ROOTS.has(part));
      return (
        root >= 0 &&
        parts.every((part) => !part.startsWith(".") || part === ".well-known") &&
        !parts.slice(0, root).some((part) => TEST_SEGMENTS.has(part)) &&
        (what === "folders" || !excluded(relative))
      );
    })
    .map((relative) => path.join(options.root, relative));
}

/** Modules of a `routes` folder named like a test file: in a router that routes by file name, `.test` is a URL segment. */
const ROUTE_MODULES_NAMED_LIKE_TESTS = ["**/routes/**/*.{test,spec}.{ts,tsx,js,jsx,mjs,mts}"];

/**
 * A route module whose name ends like a test file's (TanStack Router's `webhooks/$webhookId.test.ts` is
 * `/webhooks/{webhookId}/test`, an endpoint that sends a test event; Remix's flat `api.hooks.$id.test.ts` alike),
 * which the default exclude of test files would drop: listed when it defines a route — a TanStack route factory
 * or a Remix `loader`/`action` export, which no unit test beside a route has. Only while the excludes name test
 * files by their suffix (the default), and only below a `routes` folder and no test folder. (The listing is
 * re-read when a folder changes: a test file that starts defining a route without its folder changing is seen on
 * the next change there.)
 */
function routeModulesNamedLikeTests(options: ScanOptions): string[] {
  if (!options.exclude.includes(TEST_FILE_EXCLUDE)) return [];
  const found = globSync(ROUTE_MODULES_NAMED_LIKE_TESTS, {
    cwd: options.root,
    ignore: mergeFolderExcludes(options.exclude.filter((p) => p !== TEST_FILE_EXCLUDE)),
    absolute: false,
    onlyFiles: true,
    followSymbolicLinks: false,
    expandDirectories: false,
  });
  const included = picomatch(options.include, { dot: false });
  return found
    .filter((relative) => {
      const parts = relative.split(/[\\/]/);
      const root = parts.indexOf("routes");
      if (root < 0 || parts.slice(0, root).some((part) => TEST_SEGMENTS.has(part)) || !included(relative)) return false;
      try {
        return DEFINES_ROUTE.test(readFileSync(path.join(options.root, relative), "utf8"));
      } catch {
        return false;
      }
    })
    .map((relative) => path.join(options.root, relative));
}

/** A TanStack Router route factory, or a Remix / React Router route module's `loader` or `action`. */
const DEFINES_ROUTE = /\bcreate(Server|API)?FileRoute\s*[(<]|export\s+(async\s+function|function|const|let)\s+(loader|action)\b/;

/**
 * Whether a file is in a package's `lib` folder — build output, like `dist` — rather than a source folder
 * that happens to be called `lib` (`src/lib/`, as many services name theirs). A `lib` folder is a
 * package's when it sits at the project root or beside a package.json, and it is build output when that
 * package builds: it has a tsconfig.json or a `src` folder — unless that tsconfig.json names `lib` as its
 * sources (`rootDir: "lib"`, `include: ["lib/**\/*"]`, a package that builds `lib` into `dist`) or writes its
 * output to another folder (`outDir: "./www/common"`: what it builds is not `lib`), or the package
 * builds with Next.js (its output is `.next`), or is an AWS CDK app (a `cdk.json` beside it: `cdk init` keeps the
 * stacks in `lib/` and runs them from source with ts-node). A JavaScript
 * package with neither (a hapi or Express service of 2019 whose code is `lib/`) runs its `lib` as it is: that
 * is its source. One set of existence checks per distinct `lib` folder.
 */
export function packageLibs(root: string): (file: string) => boolean {
  const known = new Map<string, boolean>();
  const top = path.normalize(root);
  return (file) => {
    const parts = path.normalize(file).split(path.sep);
    for (let i = parts.length - 2; i > 0; i--) {
      if (parts[i] !== "lib") continue;
      const parent = parts.slice(0, i).join(path.sep) || path.sep;
      let output = known.get(parent);
      if (output === undefined) {
        const tsconfig = path.join(parent, "tsconfig.json");
        output =
          (parent === top || existsSync(path.join(parent, "package.json"))) &&
          (existsSync(tsconfig) || existsSync(path.join(parent, "src"))) &&
          !(existsSync(tsconfig) && (compilesLib(tsconfig) || compilesElsewhere(tsconfig))) &&
          !buildsWithNext(parent) &&
          !existsSync(path.join(parent, "cdk.json"));
        known.set(parent, output);
      }
      if (output) return true;
    }
    return false;
  };
}

/**
 * Whether a package builds with Next.js (a `next.config.*` beside its package.json): Next writes its output
 * to `.next`, and `lib/` is where a Next.js app keeps its shared code (its zod-openapi document, say), so
 * it is source.
 */
function buildsWithNext(folder: string): boolean {
  return ["js", "mjs", "cjs", "ts", "mts"].some((ext) => existsSync(path.join(folder, `next.config.${ext}`)));
}

/** Whether a tsconfig.json takes its sources from `lib`: its `rootDir` is `lib`, or an `include` starts there. */
function compilesLib(tsconfig: string): boolean {
  const options = tsconfigOptions(tsconfig);
  if (inLib(options.compilerOptions?.outDir)) return false;
  return inLib(options.compilerOptions?.rootDir) || (Array.isArray(options.include) && options.include.some(inLib));
}

/**
 * Whether a tsconfig.json writes its output to a folder that is not `lib` (`outDir: "./www/common"`, `"dist"`):
 * then its build (of `src`, say) says nothing of `lib`, which the package runs as it is (CryptPad's server).
 */
function compilesElsewhere(tsconfig: string): boolean {
  const outDir = tsconfigOptions(tsconfig).compilerOptions?.outDir;
  return typeof outDir === "string" && !inLib(outDir) && !/^(\.\/)?(\.\/?)?$/.test(outDir.replace(/\\/g, "/"));
}

const inLib = (value: unknown) => typeof value === "string" && /^(\.\/)?lib(\/|$)/.test(value.replace(/\\/g, "/"));

function tsconfigOptions(tsconfig: string): { compilerOptions?: { rootDir?: unknown; outDir?: unknown }; include?: unknown } {
  // tsconfig.json is JSON with comments and trailing commas (JSON5 reads both) — not worth the compiler here.
  try {
    return (
      (JSON5.parse(readFileSync(tsconfig, "utf8")) as
        | { compilerOptions?: { rootDir?: unknown; outDir?: unknown }; include?: unknown }
        | undefined) ?? {}
    );
  } catch {
    return {};
  }
}

const FOLDER_EXCLUDE = /^\*\*\/([\w.-]*\w[\w.-]*)\/\*\*$/;

// Folder excludes (the defaults' "**/node_modules/**", "**/dist/**", ...) as one pattern,
// "**/{node_modules,dist,...}/**", which selects the same paths: tinyglobby tests every file and folder
// against every ignore pattern, each through picomatch's matcher, and the defaults have eight of these
// (~1.5 ms of every run at 440 files). Other patterns are kept as they are, in order.
export function mergeFolderExcludes(patterns: readonly string[]): string[] {
  const names = patterns.map((p) => FOLDER_EXCLUDE.exec(p)?.[1]);
  if (names.filter(Boolean).length < 2) return [...patterns];
  const merged = `**/{${names.filter(Boolean).join(",")}}/**`;
  const out: string[] = [];
  patterns.forEach((pattern, i) => {
    if (!names[i]) out.push(pattern);
    else if (!out.includes(merged)) out.push(merged);
  });
  return out;
}

/**
 * Every folder the walk of `listSources` may enter, the root first: each folder below the root that the
 * excludes leave (more than the walk enters when the includes name fewer, never less). A file can only
 * appear in or vanish from the listing by an entry of one of these folders changing, which changes that
 * folder's modification time — so while none of theirs changed, the last listing stands (see the run
 * cache's listing record). Undefined when an include pattern names a hidden file or folder: the walk then
 * enters hidden folders, which this list leaves out.
 */
export function foldersWalked(options: ScanOptions): string[] | undefined {
  if (options.include.some((pattern) => /(^|[/{,])\./.test(pattern))) return undefined;
  const folders = globSync(["**"], {
    cwd: options.root,
    ignore: mergeFolderExcludes(options.exclude),
    absolute: true,
    onlyDirectories: true,
    followSymbolicLinks: false,
    expandDirectories: false,
  });
  const rescued = [...routeFilesInTestFolders(options, "folders"), ...routeFilesInWellKnown(options, "folders")];
  return [
    path.normalize(options.root),
    ...[...new Set([...folders, ...rescued])].map((folder) => path.normalize(folder).replace(/[\\/]+$/, "")),
  ];
}
