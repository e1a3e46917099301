import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import picomatch from "picomatch";
import type { ExternalValue, Value } from "./values.js";

/**
 * The few Node.js built-ins that keep a value static when their inputs are: `path.join/resolve/dirname/
 * basename/extname/normalize` over strings, `url.fileURLToPath`, and `fs.readdirSync` of a folder of the
 * project — which registers routes in 2019-era Express apps (`fs.readdirSync(__dirname).forEach((file) =>
 * app.use("/" + name, require("./" + file)))`). Paths are POSIX, so the result is the same on any machine.
 */
export interface BuiltinContext {
  /** The project's root: folders outside it are not listed. */
  root: string;
  listDirectory?(dir: string): string[] | undefined;
  /** A file's text (`fs.readFileSync` of a data file of the project). */
  readFile?(file: string): string | undefined;
}

/** The largest data file `fs.readFileSync` is read from (a route table, not a database dump). */
const MAX_DATA_FILE = 1_000_000;
/** Sources run as code, not read as data: their text at run time is the build's, not this one. */
const CODE_FILE = /\.(?:[cm]?[jt]sx?)$/;

const TYPESCRIPT = /\.(?:ts|tsx|mts|cts)$/;
const DECLARATION = /\.d\.[cm]?ts$/;

export function nodeBuiltin(callee: ExternalValue, args: readonly Value[], context: BuiltinContext): Value | undefined {
  let module = callee.module.replace(/^node:/, "");
  let member = callee.path[0] === "default" ? callee.path.slice(1) : callee.path;
  // `fs.promises.readdir(dir)` and `readdir` of "fs/promises": the same listing, promised (`await` and `.then`
  // give it).
  if (module === "fs" && member.length === 2 && member[0] === "promises") member = member.slice(1);
  if (module === "fs/promises") module = "fs";
  // fast-glob's default export is its promised glob (`await fg("routes/*.ts")`).
  if (module === "fast-glob" && member.length === 0) member = ["glob"];
  if (member.length !== 1) return undefined;
  let name = member[0]!;
  if (name === "readdir" && (callee.module.includes("promises") || callee.path.includes("promises"))) name = "readdirSync";
  // `fs.readdirAsync(dir)`, `fs.statAsync(p)` of fs promisified whole (bluebird's `promisifyAll(require("fs"))`, which
  // adds an `xAsync` beside each `x`): the same answer, promised.
  if (module === "fs" && /^\w+Async$/.test(name)) name = `${name.slice(0, -"Async".length)}Sync`;
  const strings = args.map((a) => (a.kind === "string" ? a.value : undefined));
  const allStrings = strings.every((s) => s !== undefined) ? (strings as string[]) : undefined;
  if (module === "path" && allStrings) {
    const p = path.posix;
    switch (name) {
      case "join":
        return str(p.join(...allStrings));
      case "resolve":
        // Relative to the working directory unless a part is absolute: only the absolute case is static.
        return allStrings.some((s) => s.startsWith("/")) ? str(p.resolve(...allStrings)) : undefined;
      case "dirname":
        return allStrings.length === 1 ? str(p.dirname(allStrings[0]!)) : undefined;
      case "basename":
        return allStrings.length >= 1 ? str(p.basename(allStrings[0]!, allStrings[1])) : undefined;
      case "extname":
        return allStrings.length === 1 ? str(p.extname(allStrings[0]!)) : undefined;
      case "normalize":
        return allStrings.length === 1 ? str(p.normalize(allStrings[0]!)) : undefined;
    }
    return undefined;
  }
  // `fileURLToPath("file:///...")`, also of a URL object (`fileURLToPath(new URL("../routes", import.meta.url))`).
  if (module === "url" && name === "fileURLToPath" && args.length === 1) {
    const href = hrefOf(args[0]!);
    return href?.startsWith("file:") ? str(fileURLToPath(href)) : undefined;
  }
  // `pathToFileURL(file)` of an absolute path: the URL object (`import(pathToFileURL(file).href)` loads a route module).
  if (module === "url" && name === "pathToFileURL" && allStrings?.length === 1 && allStrings[0]!.startsWith("/"))
    return urlObject(pathToFileURL(allStrings[0]!));
  // fs-jetpack's `find(dir, { matching })` and `findAsync` (promised): the files below a folder of the project.
  if (module === "fs-jetpack" && (name === "find" || name === "findAsync")) return unknownPart(args) ?? jetpackFind(args, context);
  // `fs.globSync`, the glob package's `sync`/`globSync`, fast-glob's `sync`: the files of the project a pattern
  // names (`glob.sync(path.join(__dirname, "routes/*.js"))`, `globSync("**/routes.js", { cwd: __dirname })`).
  // The promised ones (glob 9's `glob`, fast-glob's default and `glob`/`async`, `globby`) give the same list
  // (`await` and `.then` give it: a route loader's `const files = await glob(...)`).
  if (GLOB_CALLS[module]?.includes(name) || PROMISED_GLOB_CALLS[module]?.includes(name)) return unknownPart(args) ?? glob(args, context);
  // `readdirSync(dir)`, also with an encoding (`"utf8"`, `{ encoding }`): names, as without one.
  const plainNames =
    args.length === 1 ||
    (args.length === 2 &&
      (args[1]!.kind === "string" || (args[1]!.kind === "object" && [...args[1]!.props.keys()].every((k) => k === "encoding"))));
  // `fs.readFileSync(file, "utf8")` (or `{ encoding: "utf8" }`, and `fs.promises.readFile`): the text of a data
  // file of the project (`config/app.route`, `routes.json`), read as the service reads it at start-up. Without
  // an encoding Node gives a Buffer: unknown here, as are files outside the root, sources and large files.
  const promised = callee.module.includes("promises") || callee.path.includes("promises");
  if (
    module === "fs" &&
    (name === "readFileSync" || (name === "readFile" && promised)) &&
    args[0]?.kind === "string" &&
    args.length === 2
  ) {
    const encoding = args[1]!.kind === "string" ? args[1]!.value : args[1]!.kind === "object" ? args[1]!.props.get("encoding") : undefined;
    const utf8 = typeof encoding === "string" ? encoding : encoding?.kind === "string" ? encoding.value : undefined;
    if (!utf8 || !/^utf-?8$/i.test(utf8)) return undefined;
    const file = path.posix.normalize(args[0].value);
    if (!file.startsWith(`${context.root.replace(/\/$/, "")}/`) || CODE_FILE.test(file)) return undefined;
    const text = context.readFile?.(file);
    return text !== undefined && text.length <= MAX_DATA_FILE ? str(text) : undefined;
  }
  // `fs.statSync(p).isDirectory()`, `.isFile()`: what a path of the project is (a marker the evaluator calls).
  if (module === "fs" && (name === "statSync" || name === "lstatSync") && args.length === 1 && args[0]?.kind === "string") {
    const target = path.posix.normalize(args[0].value);
    if (!target.startsWith(`${context.root.replace(/\/$/, "")}/`)) return undefined;
    if (context.listDirectory?.(target)) return { kind: "external", module: FS_STAT, path: ["directory"] };
    const siblings = context.listDirectory?.(path.posix.dirname(target));
    return siblings?.includes(path.posix.basename(target)) ? { kind: "external", module: FS_STAT, path: ["file"] } : undefined;
  }
  if (module === "fs" && name === "readdirSync" && plainNames && args[0]?.kind === "string") {
    const dir = path.posix.normalize(args[0].value);
    if (!dir.startsWith(`${context.root.replace(/\/$/, "")}/`) && dir !== context.root) return undefined;
    const entries = context.listDirectory?.(dir);
    // A folder of TypeScript sources runs compiled elsewhere (dist/, .js names): its run-time listing is not this one.
    if (!entries || entries.some((e) => TYPESCRIPT.test(e) && !DECLARATION.test(e))) return undefined;
    return { kind: "array", items: entries.map(str) };
  }
  return undefined;
}

const str = (value: string): Value => ({ kind: "string", value });

/**
 * The first part of a listing's arguments apidex cannot read (the folder, a pattern, an option: `matching:
 * \`*.${ext}\`` where `ext` depends on `NODE_ENV`), so that what the listing feeds says why it is unknown.
 */
function unknownPart(args: readonly Value[]): Value | undefined {
  for (const arg of args) {
    if (arg.kind === "unknown") return arg;
    if (arg.kind === "object") for (const v of arg.props.values()) if (v.kind === "unknown") return v;
    if (arg.kind === "array") for (const v of arg.items) if (v.kind === "unknown") return v;
  }
  return undefined;
}

/** The parts of a URL a service reads (`href`, `pathname`, ...), as an object value. */
export function urlObject(url: URL): Value {
  const fields = ["href", "origin", "protocol", "host", "hostname", "port", "pathname", "search", "hash"] as const;
  return { kind: "object", props: new Map(fields.map((f) => [f, str(url[f])])) };
}

/** A URL's text: a string, or the `href` of a URL object (`urlObject`). */
export function hrefOf(value: Value): string | undefined {
  if (value.kind === "string") return value.value;
  const href = value.kind === "object" ? value.props.get("href") : undefined;
  return href?.kind === "string" ? href.value : undefined;
}

/** The marker module of what `fs.statSync` gives: `isDirectory()` and `isFile()` answer from its path's kind. */
export const FS_STAT = "\0fs-stat";

/** `stats.isDirectory()` / `stats.isFile()` on a `statSync` marker; undefined for anything else. */
export function statMethod(callee: ExternalValue): Value | undefined {
  if (callee.module !== FS_STAT || callee.path.length !== 2) return undefined;
  const [kind, method] = callee.path as [string, string];
  if (method === "isDirectory") return { kind: "boolean", value: kind === "directory" };
  if (method === "isFile") return { kind: "boolean", value: kind === "file" };
  return undefined;
}

/** The glob functions of Node and of the glob packages services use, by module. */
const GLOB_CALLS: Record<string, readonly string[]> = {
  fs: ["globSync"],
  glob: ["sync", "globSync"],
  "fast-glob": ["sync", "globSync"],
  globby: ["globbySync"],
};

/** The glob functions that return a promise of the same list, by module. */
const PROMISED_GLOB_CALLS: Record<string, readonly string[]> = {
  glob: ["glob"],
  "fast-glob": ["glob", "async"],
  globby: ["globby"],
};

/**
 * fs-jetpack's `find(dir, { matching, recursive, files, directories })`: the files (by default) below an absolute
 * folder of the project. A pattern without a slash matches a name at any depth, one with a slash is anchored to
 * the folder, as fs-jetpack's matcher does; `!pattern` excludes. fs-jetpack answers with paths relative to the
 * process's working directory, which resolve to these absolute ones (`pathToFileURL(file)`, `path.resolve`):
 * apidex gives them absolute, since it does not assume the working directory (a relative folder is unknown).
 */
function jetpackFind(args: readonly Value[], context: BuiltinContext): Value | undefined {
  const [dirValue, options] = args;
  if (dirValue?.kind !== "string" || !dirValue.value.startsWith("/") || !context.listDirectory) return undefined;
  if (options !== undefined && options.kind !== "object") return undefined;
  const option = (key: string) => (options?.kind === "object" ? options.props.get(key) : undefined);
  const flag = (key: string, fallback: boolean): boolean | undefined => {
    const v = option(key);
    return v === undefined || v.kind === "undefined" ? fallback : v.kind === "boolean" ? v.value : undefined;
  };
  const recursive = flag("recursive", true);
  const files = flag("files", true);
  const directories = flag("directories", false);
  if (recursive === undefined || files === undefined || directories === undefined || option("filter")) return undefined;
  const matching = option("matching") ?? str("*");
  const patterns =
    matching.kind === "string"
      ? [matching.value]
      : matching.kind === "array" && matching.items.every((i) => i.kind === "string")
        ? matching.items.map((i) => (i as { value: string }).value)
        : undefined;
  if (!patterns) return undefined;
  const base = path.posix.normalize(dirValue.value).replace(/\/$/, "");
  const root = context.root.replace(/\/$/, "");
  if (base !== root && !base.startsWith(`${root}/`)) return undefined;
  const anchored = (pattern: string) =>
    pattern.includes("/") && !pattern.replace(/^!/, "").startsWith("/")
      ? `${base}/${pattern.replace(/^!/, "").replace(/^\.\//, "")}`
      : pattern.replace(/^!/, "");
  const include = patterns.filter((p) => !p.startsWith("!")).map((p) => picomatch(anchored(p), { basename: true, dot: true }));
  const exclude = patterns.filter((p) => p.startsWith("!")).map((p) => picomatch(anchored(p), { basename: true, dot: true }));
  const matches = (full: string) => include.some((m) => m(full)) && !exclude.some((m) => m(full));
  const out: string[] = [];
  let sawTypeScript = false;
  const walk = (dir: string, depth: number): void => {
    for (const entry of context.listDirectory!(dir) ?? []) {
      const full = `${dir}/${entry}`;
      const below = context.listDirectory!(full);
      if (below) {
        if (directories && matches(full) && out.length < GLOB_FILES) out.push(full);
        if (recursive && depth < GLOB_DEPTH && entry !== "node_modules") walk(full, depth + 1);
      } else {
        if (TYPESCRIPT.test(entry) && !DECLARATION.test(entry)) sawTypeScript = true;
        if (files && matches(full) && out.length < GLOB_FILES) out.push(full);
      }
    }
  };
  if (!context.listDirectory(base)) return undefined;
  walk(base, 0);
  // A pattern for the compiled `.js` files of a folder of TypeScript sources: the run-time listing is not this one.
  if (!out.length && sawTypeScript) return COMPILED_LISTING;
  return { kind: "array", items: out.sort().map(str) };
}

/** A listing of the compiled `.js` files of a folder of TypeScript sources: what the build holds, not this tree. */
const COMPILED_LISTING: Value = {
  kind: "runtime",
  what: "a listing of compiled files, which this tree of TypeScript sources does not hold",
};

/** How deep a glob walks below its static base, and how many files it may list (a static evaluator's bound). */
const GLOB_DEPTH = 8;
const GLOB_FILES = 2000;

/**
 * The files of the project a glob names, as the glob packages return them: absolute for an absolute pattern
 * (or `absolute: true`), else relative to `cwd`. Unknown when a part is not static, the folder is outside the
 * project, or it holds TypeScript sources and nothing matched (a pattern for the compiled `.js` files: the
 * run-time listing is not this one).
 */
function glob(args: readonly Value[], context: BuiltinContext): Value | undefined {
  const [patternValue, options] = args;
  const patterns =
    patternValue?.kind === "string"
      ? [patternValue.value]
      : patternValue?.kind === "array" && patternValue.items.every((i) => i.kind === "string")
        ? patternValue.items.map((i) => (i as { value: string }).value)
        : undefined;
  if (!patterns?.length || !context.listDirectory) return undefined;
  let cwd = context.root;
  let absolute = false;
  if (options?.kind === "object") {
    const c = options.props.get("cwd");
    if (c) {
      if (c.kind !== "string" || !c.value.startsWith("/")) return undefined;
      cwd = path.posix.normalize(c.value);
    }
    absolute = options.props.get("absolute")?.kind === "boolean" && (options.props.get("absolute") as { value: boolean }).value;
  }
  const root = context.root.replace(/\/$/, "");
  const inProject = (dir: string) => dir === root || dir.startsWith(`${root}/`);
  const out = new Set<string>();
  let sawTypeScript = false;
  for (const raw of patterns) {
    const pattern = raw.startsWith("/") ? path.posix.normalize(raw) : path.posix.join(cwd, raw.replace(/^\.\//, ""));
    const segments = pattern.split("/");
    const firstGlob = segments.findIndex((seg) => /[*?[\]{}!]/.test(seg));
    if (firstGlob < 0) return undefined; // no glob: a plain path is no listing
    const base = segments.slice(0, firstGlob).join("/") || "/";
    if (!inProject(base)) return undefined;
    const matches = picomatch(pattern, { dot: false });
    const walk = (dir: string, depth: number): void => {
      const entries = context.listDirectory!(dir);
      if (!entries) return;
      for (const entry of entries) {
        if (entry === "node_modules" || entry.startsWith(".")) continue;
        const full = `${dir}/${entry}`;
        const below = depth < GLOB_DEPTH ? context.listDirectory!(full) : undefined;
        if (below) walk(full, depth + 1);
        else {
          if (TYPESCRIPT.test(entry) && !DECLARATION.test(entry)) sawTypeScript = true;
          if (matches(full) && out.size < GLOB_FILES) out.add(full);
        }
      }
    };
    walk(base.replace(/\/$/, ""), 0);
  }
  if (!out.size && sawTypeScript) return COMPILED_LISTING;
  const relativeResults = !absolute && !patterns.some((p) => p.startsWith("/"));
  return {
    kind: "array",
    items: [...out].sort().map((file) => str(relativeResults ? path.posix.relative(cwd, file) : file)),
  };
}
