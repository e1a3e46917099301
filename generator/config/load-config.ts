import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import JSON5 from "json5";
import { UsageError } from "../diagnostics/diagnostic.js";
import { moduleFileIn, projectFileIn } from "../scan/project-files.js";
import { DEFAULT_ANY_PERMISSION_CALLS, DEFAULT_EXCLUDE, DEFAULT_INCLUDE, DEFAULT_PERMISSION_CALLS } from "./defaults.js";
import type { ApidexConfig } from "./schema.js";

/** The config with defaults applied and every path made absolute. */
export interface ResolvedConfig {
  /** Absolute project folder. */
  root: string;
  include: string[];
  exclude: string[];
  /** Absolute tsconfig path, when there is one. */
  tsconfig?: string;
  framework: NonNullable<ApidexConfig["framework"]>;
  /** Absolute output folder. */
  out: string;
  service: { name: string; version: string };
  closed: string[];
  /** Path globs of documented operations (`documented`). */
  documented: string[];
  /** Framework doc conventions document the operations they describe (`frameworkDocs`, default true). */
  frameworkDocs: boolean;
  /** `description` and `license` of the project's package.json, for the OpenAPI `info` when the config gives none. */
  packageInfo: { description?: string; license?: string };
  permissionCalls: string[];
  /**
   * Also recognize calls by what their name says (`withRequiredScope`, `checkPermission`): on unless
   * `permissions.calls` names the recognizers itself.
   */
  permissionCallsByName?: boolean;
  /** Permission calls whose keys are alternatives (`requireAnyPermission`). */
  anyPermissionCalls: string[];
  /** Permission calls whose key is a property of an options argument (`{ name, argument?, property? }` entries). */
  permissionCallOptions?: Record<string, PermissionCallOptions>;
  operationIds: Record<string, string>;
  /** `operationIdsFrom`: derived from method and path, or from the framework's handler names. */
  operationIdsFrom?: "path" | "handler";
  openapi: NonNullable<ApidexConfig["openapi"]>;
  lint: NonNullable<ApidexConfig["lint"]>;
  nest?: NonNullable<ApidexConfig["nest"]>;
  /** The environment the artifacts describe (`env`). */
  env?: Record<string, string>;
  /** Arguments for uncalled app factories, by function name (`factoryArguments`). */
  factoryArguments?: Record<string, unknown[]>;
  /** Route tables whose entries carry their permission metadata (`registry`). */
  registry?: NonNullable<ApidexConfig["registry"]>;
  /** Folders of file-system routes (`fileRoutes`), `dir` relative to `root`. */
  fileRoutes?: NonNullable<ApidexConfig["fileRoutes"]>;
  /** Folders of router modules mounted at their paths (`routerFiles`), `dir` relative to `root`. */
  routerFiles?: NonNullable<ApidexConfig["routerFiles"]>;
  /** Decorator frameworks of the project's own (`decoratorRoutes`), `module` relative to `root` or a package name. */
  decoratorRoutes?: NonNullable<ApidexConfig["decoratorRoutes"]>;
  /** Warnings are errors (`--strict`, config `strict: true`). */
  strict: boolean;
  /** Absolute config file path, when one was loaded. */
  configFile?: string;
}

export interface LoadConfigOptions {
  cwd: string;
  /** `--config F` */
  configFile?: string;
  /** `--root DIR`: the project folder; its own config file, if it has one, is read (else zero-config). */
  root?: string;
  /** `--out DIR` */
  out?: string;
  /** `--closed PATTERN`, added to the config's patterns. */
  closed?: string[];
  /** `--strict`: every warning is an error (on top of the config's `strict`). */
  strict?: boolean;
  /** Cache the transpiled config file (default true; `--no-cache` turns it off). */
  cache?: boolean;
}

const CONFIG_NAMES = ["apidex.config.ts", "apidex.config.mts", "apidex.config.js", "apidex.config.mjs", "apidex.config.json"];

/** Finds, loads and validates the config; command-line flags win over the file. */
export async function loadConfig(options: LoadConfigOptions): Promise<ResolvedConfig> {
  const configFile = findConfigFile(options);
  // Zero-config (no file) has nothing to validate, and skips loading the schema's library.
  const config: ApidexConfig = configFile
    ? (await import("./schema.js")).validateConfig(await importConfig(configFile, options.cache ?? true), configFile)
    : {};
  const base = configFile ? path.dirname(configFile) : options.cwd;

  const root = options.root ? path.resolve(options.cwd, options.root) : path.resolve(base, config.root ?? ".");
  if (!existsSync(root)) {
    throw new UsageError(`The project folder ${root} does not exist.`, "Pass an existing folder to --root, or fix `root` in the config.");
  }
  for (const pattern of options.closed ?? []) {
    if (!pattern.startsWith("/")) {
      throw new UsageError(`--closed ${pattern}: a closed path pattern starts with '/'.`, "Example: --closed '/v1/auth/**'");
    }
  }

  // The root's tsconfig.json, else its jsconfig.json (a JavaScript project's: scan/project-files.ts).
  const tsconfig = config.tsconfig ? path.resolve(root, config.tsconfig) : projectFileIn(root);
  if (config.tsconfig && !existsSync(tsconfig)) {
    throw new UsageError(`${configFile}: tsconfig ${tsconfig} does not exist.`, "Fix the `tsconfig` field or remove it.");
  }
  for (const key of ["fileRoutes", "routerFiles"] as const)
    for (const [i, entry] of (config[key] ?? []).entries()) {
      if (!existsSync(path.resolve(root, entry.dir)))
        throw new UsageError(
          `${configFile}: ${key}[${i}].dir ${entry.dir} does not exist under ${root}.`,
          "Fix the folder (it is relative to the project root) or remove the entry.",
        );
    }
  for (const [i, entry] of (config.decoratorRoutes ?? []).entries()) {
    // A path (not a package name) must name a module of the project.
    const pathLike = /^\.{0,2}\//.test(entry.module) || /\.[cm]?[jt]sx?$/.test(entry.module);
    if (pathLike && !moduleFileIn(root, entry.module))
      throw new UsageError(
        `${configFile}: decoratorRoutes[${i}].module ${entry.module} names no module under ${root}.`,
        "Give the path of the module that exports the decorators, relative to the project root (or a package name).",
      );
  }
  const out = options.out
    ? path.resolve(options.cwd, options.out)
    : config.out
      ? path.resolve(base, config.out)
      : path.join(options.root ? root : base, "dist");

  return {
    root,
    include: config.include ?? DEFAULT_INCLUDE,
    // What the project's tsconfig.json leaves out of its build (a folder of broken snippets, examples) is no
    // source of the service either, unless the config names its own files.
    // apidex's own output folder inside the project holds artifacts (the reference page's script), no source.
    exclude: [
      ...DEFAULT_EXCLUDE,
      ...(config.include ? [] : tsconfigExcludes(tsconfig, root)),
      ...(config.exclude ?? []),
      ...outputFolderGlob(root, out),
    ],
    ...(existsSync(tsconfig) ? { tsconfig } : {}),
    framework: config.framework ?? "auto",
    out,
    service: config.service ?? readServiceFromPackageJson(root),
    closed: [...(config.closed ?? []), ...(options.closed ?? [])],
    documented: config.documented ?? [],
    frameworkDocs: config.frameworkDocs ?? true,
    packageInfo: readPackageInfo(root),
    // The any-of calls are permission calls too (the scan and the type phase look for both).
    permissionCalls: [
      ...new Set(
        [
          ...(config.permissions?.calls ?? DEFAULT_PERMISSION_CALLS),
          ...(config.permissions?.extraCalls ?? []),
          ...(config.permissions?.anyCalls ?? DEFAULT_ANY_PERMISSION_CALLS),
        ].map(callName),
      ),
    ],
    anyPermissionCalls: (config.permissions?.anyCalls ?? DEFAULT_ANY_PERMISSION_CALLS).map(callName),
    permissionCallsByName: config.permissions?.calls === undefined,
    ...callOptions([
      ...(config.permissions?.calls ?? []),
      ...(config.permissions?.extraCalls ?? []),
      ...(config.permissions?.anyCalls ?? []),
    ]),
    operationIds: config.operationIds ?? {},
    ...(config.operationIdsFrom ? { operationIdsFrom: config.operationIdsFrom } : {}),
    openapi: config.openapi ?? {},
    lint: config.lint ?? {},
    ...(config.nest ? { nest: config.nest } : {}),
    strict: Boolean(options.strict || config.strict),
    ...(config.registry ? { registry: config.registry } : {}),
    ...(config.env ? { env: config.env } : {}),
    ...(config.factoryArguments ? { factoryArguments: config.factoryArguments } : {}),
    ...(config.fileRoutes?.length ? { fileRoutes: config.fileRoutes } : {}),
    ...(config.routerFiles?.length ? { routerFiles: config.routerFiles } : {}),
    ...(config.decoratorRoutes?.length ? { decoratorRoutes: config.decoratorRoutes } : {}),
    ...(configFile ? { configFile } : {}),
  };
}

/** Where a configured permission call keeps its key: an argument, and a property path in it. */
export interface PermissionCallOptions {
  argument?: number;
  property?: string;
}

type PermissionCallEntry = string | ({ name: string } & PermissionCallOptions);

const callName = (entry: PermissionCallEntry): string => (typeof entry === "string" ? entry : entry.name);

/** The object entries of `permissions.calls` (and the others), by name; nothing when all are names. */
function callOptions(entries: readonly PermissionCallEntry[]): { permissionCallOptions?: Record<string, PermissionCallOptions> } {
  const out: Record<string, PermissionCallOptions> = {};
  for (const entry of entries)
    if (typeof entry !== "string" && (entry.argument !== undefined || entry.property !== undefined))
      out[entry.name] = {
        ...(entry.argument !== undefined ? { argument: entry.argument } : {}),
        ...(entry.property !== undefined ? { property: entry.property } : {}),
      };
  return Object.keys(out).length ? { permissionCallOptions: out } : {};
}

/** The output folder as an exclude glob, when it lies inside the project root (and is not the root itself). */
function outputFolderGlob(root: string, out: string): string[] {
  const relative = path.relative(root, out);
  if (!relative || relative.startsWith("..") || path.isAbsolute(relative)) return [];
  return [`${relative.split(path.sep).join("/")}/**`];
}

function findConfigFile(options: LoadConfigOptions): string | undefined {
  if (options.configFile) {
    const file = path.resolve(options.cwd, options.configFile);
    if (!existsSync(file)) throw new UsageError(`Config file ${options.configFile} does not exist.`, "Check the --config path.");
    return file;
  }
  // With --root and no --config, the project's own config is the one in its folder (`--root .` where the config
  // is); a config in the current folder, when that is another folder, is for another project: zero-config.
  if (options.root) {
    const root = path.resolve(options.cwd, options.root);
    return CONFIG_NAMES.map((name) => path.join(root, name)).find((file) => existsSync(file));
  }
  for (const name of CONFIG_NAMES) {
    const file = path.join(options.cwd, name);
    if (existsSync(file)) return file;
  }
  throw new UsageError(
    "No apidex.config.ts in this folder.",
    "Create one with defineConfig (see the README), pass --config FILE, or run zero-config with --root DIR.",
  );
}

async function importConfig(file: string, cache: boolean): Promise<unknown> {
  const { createJiti } = await import("jiti"); // only when there is a config file to load
  const cacheDir = path.join(cacheBase(path.dirname(file)), "node_modules", ".cache", "apidex", "config");
  const jiti = createJiti(import.meta.url, {
    moduleCache: false,
    // The transpiled config is cached by content hash beside apidex's own cache, unless --no-cache.
    fsCache: cache ? cacheDir : false,
    // apidex itself is plain ESM: imported natively (the modules this process already loaded), never transpiled.
    nativeModules: ["apidex"],
  });
  try {
    const mod = await jiti.import<{ default?: unknown }>(file);
    // One file per version of the config: keep the newest few.
    if (cache && existsSync(cacheDir)) (await import("../cache/run-cache.js")).pruneOldest(cacheDir, 8, "");
    return mod && typeof mod === "object" && "default" in mod ? mod.default : mod;
  } catch (error) {
    throw new UsageError(`Cannot load config ${file}: ${(error as Error).message}`, "Fix the error in the config file.");
  }
}

function readServiceFromPackageJson(root: string): { name: string; version: string } {
  const file = path.join(root, "package.json");
  if (existsSync(file)) {
    try {
      const pkg = JSON.parse(readFileSync(file, "utf8")) as { name?: unknown; version?: unknown };
      return {
        name: typeof pkg.name === "string" && pkg.name ? pkg.name : path.basename(root),
        version: typeof pkg.version === "string" && pkg.version ? pkg.version : "0.0.0",
      };
    } catch {
      throw new UsageError(`${file} is not valid JSON.`, "Fix package.json, or set `service` in the config.");
    }
  }
  return { name: path.basename(root), version: "0.0.0" };
}

/**
 * The package.json's `description` and `license` (a string), when present and readable. A package of a
 * monorepo that names no licence is under its workspace root's: the folders above are read up to the
 * workspace root (a package.json with `workspaces`, a pnpm-workspace.yaml, or the repository's top).
 */
function readPackageInfo(root: string): { description?: string; license?: string } {
  const own = readPackageJson(path.join(root, "package.json"));
  const info = {
    ...(typeof own?.description === "string" && own.description.trim() ? { description: own.description.trim() } : {}),
    ...(typeof own?.license === "string" && own.license.trim() ? { license: own.license.trim() } : {}),
  };
  if (info.license || isWorkspaceRoot(root, own)) return info;
  for (let dir = path.dirname(root); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const pkg = readPackageJson(path.join(dir, "package.json"));
    if (typeof pkg?.license === "string" && pkg.license.trim()) return { ...info, license: pkg.license.trim() };
    if (isWorkspaceRoot(dir, pkg)) break;
  }
  return info;
}

function readPackageJson(file: string): Record<string, unknown> | undefined {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
  } catch {
    return undefined; // readServiceFromPackageJson reports an unreadable package.json when it matters
  }
}

function isWorkspaceRoot(dir: string, pkg: Record<string, unknown> | undefined): boolean {
  return Boolean(pkg?.workspaces) || existsSync(path.join(dir, "pnpm-workspace.yaml")) || existsSync(path.join(dir, ".git"));
}

/** The folder whose node_modules holds the cache: the nearest one up from `dir` that has node_modules. */
function cacheBase(dir: string): string {
  for (let current = dir; ; current = path.dirname(current)) {
    if (existsSync(path.join(current, "node_modules"))) return current;
    if (path.dirname(current) === current) return dir;
  }
}

/**
 * A tsconfig.json's `exclude` as globs relative to the project root: a plain path (`data/static/codefixes`,
 * `examples`) is that file or folder and everything below it, as TypeScript reads it. Only the tsconfig's own
 * list (not one it `extends`); its paths are relative to its folder.
 */
export function tsconfigExcludes(tsconfig: string, root: string): string[] {
  let config: { exclude?: unknown };
  try {
    config = JSON5.parse(readFileSync(tsconfig, "utf8"));
  } catch {
    return [];
  }
  if (!Array.isArray(config?.exclude)) return [];
  const dir = path.dirname(tsconfig);
  const base = path.relative(root, dir).split(path.sep).join("/");
  if (base.startsWith("..")) return [];
  const out: string[] = [];
  for (const entry of config.exclude) {
    if (typeof entry !== "string") continue;
    const pattern = entry.replace(/\\/g, "/").replace(/^\.\//, "").replace(/\/+$/, "");
    // A pattern that leaves the root, or is empty, says nothing of the files under it.
    if (!pattern || pattern === "." || pattern.startsWith("../") || path.isAbsolute(pattern)) continue;
    const plain = !/[*?]/.test(pattern);
    // A folder with its own tsconfig.json or package.json is a project of its own (a server beside a web app
    // the root tsconfig builds), not a file the service leaves out.
    if (plain && ["tsconfig.json", "package.json"].some((f) => existsSync(path.join(dir, pattern, f)))) continue;
    const prefixed = base ? `${base}/${pattern}` : pattern;
    out.push(prefixed);
    if (!/[*?]/.test(pattern.split("/").pop()!)) out.push(`${prefixed}/**`);
  }
  return out;
}
