/**
 * The autoloaders of 2010s Express apps, which require a folder's modules in an order of their own and hand
 * each the app: consign (`consign({ cwd: "app" }).include("controllers").then("routes").into(app)`) and its
 * predecessor express-load (`load("controllers").then("routes").into(app)`), whose loaded modules are
 * attached to the app under their folder path (`app.controllers.users`); and express-enrouten
 * (`app.use(enrouten({ directory: "routes" }))`), which mounts each module's `function (router)` at the
 * module's path. Which files each takes, in which order and under which name is the package's own source's
 * rule (consign 0.1.6, express-load 1.1.16, express-enrouten 1.3.0), restated here as planning over the
 * project's folders; the interpreter (and the Express host, for enrouten) runs the plan.
 */
import path from "node:path";

/** The chaining autoloaders, by package name. */
export const AUTOLOADERS = new Set(["consign", "express-load"]);

/** What the planning reads of the project's folders. */
export interface LoaderFolders {
  /** Where the service is started (`process.cwd()` at run time): the project root apidex reads. */
  root: string;
  /** A folder's entries (sorted, as Node's `readdirSync` gives them), undefined for what is no folder. */
  list(dir: string): readonly string[] | undefined;
  /** Whether a file exists (a source, or any file of the project). */
  isFile(file: string): boolean;
}

/** One module an autoloader requires, in its order, and where its result is attached to the target. */
export interface LoadedScript {
  /** The file, absolute (a TypeScript source under the name of its compiled module). */
  file: string;
  /** The property path below the target object, the module's own key last (`["controllers", "users"]`). */
  parts: string[];
}

/**
 * The name a module has at run time: a TypeScript source is required as the JavaScript it compiles to (the
 * extension rules of the packages test that name).
 */
export function runtimeName(file: string): string {
  return file.replace(/\.([cm]?)tsx?$/, ".$1js");
}

/** Declaration files are no modules at run time. */
const isDeclaration = (file: string) => /\.d\.[cm]?ts$/.test(file);

/**
 * A consign chain: `include`/`exclude`/`then` over files and folders below `cwd`, kept in the order consign
 * keeps (lib/consign.js `_setLocations`).
 */
export class ConsignPlan {
  readonly files: string[] = [];
  /** Locations that do not exist (consign logs them and goes on). */
  readonly missing: string[] = [];
  private last: "include" | "exclude" = "include";
  private readonly extensions: RegExp | undefined;

  /**
   * @param cwd `options.cwd` as written (relative to where the service starts, or absolute).
   * @param extensions `options.extensions`: consign tests a file's extension against them joined into one
   *   expression (`[".js", ".json"]` is `/.js$|.json/gi`); none (the default) takes every file.
   */
  constructor(
    private readonly folders: LoaderFolders,
    private readonly cwd: string,
    extensions: readonly string[],
  ) {
    try {
      this.extensions = new RegExp(extensions.join("$|"), "gi");
    } catch {
      this.extensions = undefined;
    }
  }

  /** Whether the extensions option makes a valid expression (consign throws on one that does not). */
  get valid(): boolean {
    return this.extensions !== undefined;
  }

  include(entity: string): void {
    this.last = "include";
    this.setLocations(this.cwd, entity, true);
  }

  exclude(entity: string): void {
    this.last = "exclude";
    this.setLocations(this.cwd, entity, false);
  }

  /** `then` repeats the last of `include` and `exclude`. */
  then(entity: string): void {
    if (this.last === "include") this.include(entity);
    else this.exclude(entity);
  }

  /** The modules in the order `into` requires them, each under its path relative to `cwd` (extensions dropped). */
  scripts(): LoadedScript[] {
    return this.files.map((file) => ({
      file,
      parts: this.relative(file)
        .split("/")
        .slice(1)
        .map((part) => path.posix.basename(part, path.posix.extname(part))),
    }));
  }

  private absolute(location: string): string {
    return path.posix.resolve(this.folders.root, location);
  }

  /**
   * consign's `_getRelativeTo`: what follows the last occurrence of `cwd` (as written) in the path. Read
   * below the folder `cwd` names, as the part of a deployment's path apidex knows.
   */
  private relative(location: string): string {
    const below = runtimeName(location).slice(this.absolute(this.cwd).replace(/\/$/, "").length);
    return `.${below.split(this.cwd).pop()}`;
  }

  private setLocations(parent: string, entity: string, push: boolean): void {
    const parts = entity.split(/\s?,\s?/g);
    // `include("models, controllers")`: each part, always included (consign passes `true` for an exclude too).
    if (parts.length > 1) {
      for (const part of parts) this.setLocations(parent, part, true);
      return;
    }
    const location = this.absolute(path.posix.join(parent, entity));
    const entries = this.folders.list(location);
    if (entries) {
      for (const entry of entries) if (!entry.startsWith(".")) this.setLocations(location, entry, push);
      return;
    }
    const file = this.sourceOf(location);
    if (!file) {
      this.missing.push(location);
      return;
    }
    if (isDeclaration(file)) return;
    const regex = this.extensions!;
    regex.lastIndex = 0;
    if (!regex.test(path.posix.extname(runtimeName(file)))) return;
    const at = this.files.indexOf(file);
    if (push && at === -1) this.files.push(file);
    // (An exclude of a file not included removes the last one: consign splices at `indexOf`, -1.)
    else if (!push) this.files.splice(at, 1);
  }

  /** The file at a location, or the TypeScript source a location names by its compiled name (`routes.js`). */
  private sourceOf(location: string): string | undefined {
    if (this.folders.isFile(location)) return location;
    const m = /^(.+)\.([cm]?)js$/.exec(location);
    if (!m) return undefined;
    for (const ext of [`.${m[2]}ts`, ".tsx"]) if (this.folders.isFile(m[1] + ext)) return m[1] + ext;
    return undefined;
  }
}

/** express-load's name of a file or folder: its base name, camel-cased at each character that is no letter or digit. */
export function expressLoadName(script: string): string {
  const base = path.posix.basename(script, path.posix.extname(script)).replace(/[^a-zA-Z0-9]/g, ".");
  const [first = "", ...rest] = base.split(".");
  return first + rest.map((p) => p.charAt(0).toUpperCase() + p.slice(1)).join("");
}

/** express-load's default `extlist`. */
const EXPRESS_LOAD_EXTENSIONS = [".js", ".node", ".json", ".coffee", ".sjs"];

/**
 * An express-load chain: `load(location, options)` and each `then(location)` (lib/express-load.js): a folder's
 * files first, in listing order, then its subfolders, each the same way; a file listed once.
 */
export class ExpressLoadPlan {
  private readonly list: { fullpath: string; location: string; name: string }[] = [];
  readonly missing: string[] = [];
  private readonly extlist: RegExp;

  /**
   * @param cwd `options.cwd` (locations are joined to it; `""` when not given).
   * @param extlist `options.extlist` as strings (the default list when undefined).
   * @param ignore `options.ignore`: a path matching it is skipped.
   */
  constructor(
    private readonly folders: LoaderFolders,
    private readonly cwd: string,
    extlist: readonly string[] | undefined,
    private readonly ignore: RegExp | undefined,
  ) {
    this.extlist = new RegExp(`(.*)(${(extlist ?? EXPRESS_LOAD_EXTENSIONS).join("$|").replace(/\./g, "\\.")})`);
  }

  then(location: string): void {
    const loc = this.cwd ? path.posix.join(this.cwd, location) : location;
    const entity = this.entity(loc);
    if (!entity) return;
    const entries = this.folders.list(entity);
    if (!entries) {
      const name = expressLoadName(runtimeName(entity));
      this.list.push({ fullpath: entity, location: path.posix.join(path.posix.dirname(location), name), name });
      return;
    }
    const queue: string[] = [];
    for (const entry of entries) {
      const script = path.posix.join(entity, entry);
      let allow = !entry.startsWith(".");
      if (allow && this.ignore && runtimeName(script).search(this.ignore) !== -1) allow = false;
      if (allow && this.folders.list(script)) {
        queue.push(path.posix.join(location, entry));
        allow = false;
      }
      if (this.list.some((s) => s.fullpath === script)) allow = false;
      // (`checkext` is always on: the package reads `options.checkext || true`.)
      if (this.folders.isFile(script) && (isDeclaration(script) || !this.extlist.test(runtimeName(script)))) allow = false;
      if (allow) {
        const name = expressLoadName(runtimeName(script));
        this.list.push({ fullpath: script, location: path.posix.join(location, name), name });
      }
    }
    for (const next of queue) this.then(next);
  }

  /** The modules in the order `into` requires them, each under its location's names. */
  scripts(): LoadedScript[] {
    return this.list.map((s) => ({ file: s.fullpath, parts: s.location.split("/").map(expressLoadName) }));
  }

  /** The location resolved (from where the service starts); `.js` appended when only that exists. */
  private entity(location: string): string | undefined {
    const entity = path.posix.resolve(this.folders.root, path.posix.normalize(location));
    if (this.folders.list(entity) || this.folders.isFile(entity)) return entity;
    for (const ext of [".js", ".ts"]) if (this.folders.isFile(entity + ext)) return entity + ext;
    this.missing.push(entity);
    return undefined;
  }
}

/** A controller module express-enrouten mounts, and the path it mounts it at below its own router. */
export interface EnroutenModule {
  file: string;
  mountpath: string;
}

/** The extensions Node's `require.extensions` registers (a TypeScript source counts as the JavaScript it compiles to). */
const REQUIRE_EXTENSIONS = new Set([".js", ".json", ".node"]);

/**
 * The modules of an express-enrouten `directory` (lib/directory.js): every file below it, depth first in
 * listing order, but dotfiles and files of an extension Node does not load; each at its folder path and
 * name (`index` naming its folder).
 */
export function enroutenModules(folders: LoaderFolders, basedir: string): EnroutenModule[] {
  const out: EnroutenModule[] = [];
  const traverse = (ancestors: string, current: string): void => {
    const abs = path.posix.join(basedir, ancestors, current);
    const entries = folders.list(abs);
    if (entries) {
      const below = ancestors ? path.posix.join(ancestors, current) : current;
      for (const child of entries) traverse(below, child);
      return;
    }
    if (!folders.isFile(abs) || isDeclaration(abs)) return;
    const runtime = runtimeName(current);
    const ext = path.posix.extname(runtime);
    const filename = path.posix.basename(runtime, ext);
    if (filename.startsWith(".") || (ext !== "" && !REQUIRE_EXTENSIONS.has(ext))) return;
    const mountpath = ancestors ? ancestors.split("/") : [];
    if (filename !== "index") mountpath.push(filename);
    out.push({ file: abs, mountpath: `/${mountpath.join("/")}` });
  };
  traverse("", "");
  return out;
}

/**
 * `fn.length` at run time: the parameters before the first with a default or the rest parameter (a
 * TypeScript `this` parameter is none). express-enrouten calls a module's function only when it is 1.
 */
export function functionLength(
  parameters: readonly { name: { getText(): string }; initializer?: unknown; dotDotDotToken?: unknown }[],
): number {
  let n = 0;
  for (const p of parameters) {
    if (p.name.getText() === "this") continue;
    if (p.initializer || p.dotDotDotToken) break;
    n++;
  }
  return n;
}
