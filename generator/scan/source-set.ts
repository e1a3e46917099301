import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import picomatch from "picomatch";
import { LIB_FOLDER, libFileText, ts } from "../typescript.js";
import { type Diagnostic, UsageError } from "../diagnostics/diagnostic.js";
import { linkParentsAndCalls } from "./calls.js";
import { projectEntries, projectStartCommands } from "./package-entries.js";
import { isMinified, minifiedDiagnostic } from "./minified.js";
import { mayRegisterRoutes } from "./route-hints.js";
import { listSources, packageLibs, type ScanOptions } from "./list-sources.js";
import { FrameworkAliases } from "./framework-aliases.js";
import { Workspaces } from "./workspaces.js";
import { OUTPUT_FOLDERS } from "./package-entries.js";
import { PackageTsconfigs, projectFileDefaults } from "./package-tsconfigs.js";

/** What an import specifier points at. */
export type ImportTarget =
  | { kind: "source"; file: ts.SourceFile }
  | { kind: "external"; module: string }
  | { kind: "missing"; specifier: string }
  /** A module this run replays from an earlier run's summary (extract/incremental): never parsed. */
  | { kind: "replayed"; fileName: string };

/** Where a source set reads files: the disk, or a map of in-memory texts (tests, editors). */
export interface SourceHost extends ts.ModuleResolutionHost {
  readFile(fileName: string): string | undefined;
  fileExists(fileName: string): boolean;
  /** The entries (files and folders) of a folder, as `fs.readdirSync` gives them; undefined when it cannot be read. */
  listDirectory?(dir: string): string[] | undefined;
}

/**
 * The parsed sources of a project. Files are parsed once, syntax only, with the bare parser: nothing
 * here builds a program or runs the type checker, so reading paths and permissions never type-checks
 * the whole service. The type phase of documented operations reuses these parsed files.
 */
export class SourceSet {
  private readonly parsed = new Map<string, ts.SourceFile>();
  /** Files only type programs read (models, library types), kept apart from the analysed sources. */
  private readonly typeOnly = new Map<string, ts.SourceFile>();
  private readonly resolved = new Map<string, ImportTarget>();
  /** Whether imports resolve, for imports nothing evaluated (`importResolves`). */
  private readonly resolves = new Map<string, boolean>();
  private readonly listed = new Set<string>();
  /** How many source files the scan found in scope (the ones that may register routes are `files`). */
  get listedCount(): number {
    return this.listed.size;
  }
  private readonly extraInputs = new Set<string>();
  private readonly packageJsons = new Set<string>();
  private compiledProgram: ts.Program | undefined;
  /** Files this run replays from summaries instead of parsing (extract/incremental); imports resolve to them as `replayed`. */
  readonly replayed = new Set<string>();
  /** The replayed files the scan would have parsed (globbed, able to register routes), sorted: they run in path order among `files`. */
  replayedScanned: string[] = [];
  /** The listed files the scan found able to register routes (parsed or replayed), for the run cache. */
  routeCapable: string[] = [];
  /** Listed files the scan left unparsed as minified (scan/minified.ts), sorted: said once (APX120). */
  minified: string[] = [];
  /** Whether every parsed file carries JSDoc nodes (the type checker reads descriptions from them). */
  private readonly withJsDoc: boolean;

  /** Where files are read; package.json files read through it (module resolution) are recorded as inputs. */
  readonly host: SourceHost;
  /** The monorepo's workspace packages, whose imports resolve to their sources. */
  private readonly workspaces: Workspaces;
  private readonly aliases: FrameworkAliases;
  private readonly packageTsconfigs: PackageTsconfigs;

  constructor(
    readonly root: string,
    readonly compilerOptions: ts.CompilerOptions,
    host: SourceHost,
    /** The files matched by the include globs (and able to register routes), sorted by path. */
    public files: ts.SourceFile[],
    /** The tsconfig the project was read with. */
    readonly tsconfig?: string,
    /** In-memory sources (tests): the type program covers every file, see `program`. */
    readonly inMemory = false,
    /** Every file the include globs listed, parsed or not. */
    listed: Iterable<string> = [],
  ) {
    // A package.json decides where an import resolves ("exports", "types", "type"): a changed one must
    // invalidate a cached run even when no source file changed.
    this.host = {
      ...host,
      readFile: (fileName) => {
        const text = host.readFile(fileName);
        if (text !== undefined && PACKAGE_JSON.test(fileName)) this.packageJsons.add(fileName);
        return text;
      },
    };
    for (const name of listed) this.listed.add(fileKey(name));
    this.workspaces = new Workspaces(root, this.host);
    this.aliases = new FrameworkAliases(root, this.host, this.compilerOptions, (f) => this.extraInputs.add(f));
    this.packageTsconfigs = new PackageTsconfigs(root, tsconfig, this.host, (f) => this.extraInputs.add(f));
    // In-memory files go into a program as they are, so they keep their JSDoc; scanned files skip it.
    this.withJsDoc = inMemory;
    for (const file of files) this.parsed.set(file.fileName, file);
  }

  /**
   * The source file a bare specifier names in a package of the same monorepo, or through an alias the
   * project's framework declares in a tsconfig it generates (SvelteKit's `$lib`), if it names one.
   */
  workspaceSource(specifier: string, fromFile?: string): string | undefined {
    return this.workspaces.resolve(specifier) ?? this.aliases.resolve(specifier, fromFile);
  }

  private startCommands: Map<string, string[][]> | undefined;

  /**
   * The command words the package of a file is started with (scan/package-entries.ts `projectStartCommands`):
   * those of the nearest package folder that has start scripts with arguments, else none.
   */
  startCommandsOf(fileName: string): readonly string[][] {
    this.startCommands ??= projectStartCommands(this.root, this.packagesBelow());
    let best: string | undefined;
    for (const folder of this.startCommands.keys())
      if ((fileName.startsWith(`${folder}${path.sep}`) || fileName.startsWith(`${folder}/`)) && (!best || folder.length > best.length))
        best = folder;
    return best ? this.startCommands.get(best)! : [];
  }

  /** The folders of the monorepo's workspace packages inside the root (run at a monorepo's root), sorted. */
  packagesBelow(): string[] {
    return this.workspaces.packagesBelow();
  }

  /** The folders of every package of the monorepo the project is in (beside the project's folder too). */
  workspacePackages(): string[] {
    return this.workspaces.allPackages();
  }

  /** Whether a specifier goes through an import alias the project's framework declares (SvelteKit's `$lib`, `kit.alias`). */
  frameworkAlias(specifier: string, fromFile?: string): boolean {
    return this.aliases.declares(specifier, fromFile);
  }

  /** The project's SvelteKit config file, if it has one. */
  svelteConfig(): string | undefined {
    return this.aliases.svelteConfig();
  }

  /** Resolves an import the way the project's tsconfig does (path aliases, `.js` to `.ts`). */
  resolveImport(specifier: string, fromFile: string): ImportTarget {
    // Files of one folder resolve a specifier alike (the tsconfig is the project's, not per file). A
    // relative specifier resolves from the path it names alone: the compiler's candidates (extensions,
    // index files, rootDirs) all derive from it, so a thousand route folders importing `../../lib/auth.js`
    // resolve it once.
    const cacheKey = resolutionKey(specifier, fromFile);
    const cached = this.resolved.get(cacheKey);
    if (cached) return cached;
    const target = this.resolveUncached(specifier, fromFile);
    this.resolved.set(cacheKey, target);
    return target;
  }

  /**
   * Whether an import resolves to a file, without parsing it: for the broken-import check, which runs
   * over every import of every analysed file. A module nothing evaluates is never parsed, so a change to
   * it (a service a handler calls, say) cannot change what the analysis read.
   */
  importResolves(specifier: string, fromFile: string): boolean {
    const key = resolutionKey(specifier, fromFile);
    const cached = this.resolved.get(key);
    if (cached) return cached.kind !== "missing";
    let resolves = this.resolves.get(key);
    if (resolves === undefined) {
      resolves = Boolean(
        this.listedTarget(specifier, fromFile) ??
          this.workspaceSource(specifier, fromFile) ??
          this.resolveModule(specifier, fromFile) ??
          this.outputSource(specifier, fromFile),
      );
      if (!resolves && (specifier.startsWith(".") || specifier.startsWith("/"))) this.recordMissing(specifier, fromFile);
      this.resolves.set(key, resolves);
    }
    return resolves;
  }

  /**
   * The project file an import names, without parsing it; undefined for packages, library declarations
   * and imports that resolve to nothing (extract/incremental's import graph).
   */
  importedFile(specifier: string, fromFile: string): string | undefined {
    const cached = this.resolved.get(resolutionKey(specifier, fromFile));
    if (cached) return cached.kind === "source" ? cached.file.fileName : cached.kind === "replayed" ? cached.fileName : undefined;
    const listed = this.listedTarget(specifier, fromFile) ?? this.workspaceSource(specifier, fromFile);
    if (listed) return fileKey(listed);
    const module = this.resolveModule(specifier, fromFile);
    if (!module) {
      const built = this.outputSource(specifier, fromFile);
      return built ? fileKey(built) : undefined;
    }
    if (module.isExternalLibraryImport || /[\\/]node_modules[\\/]/.test(module.resolvedFileName)) return undefined;
    return fileKey(module.resolvedFileName);
  }

  /**
   * The source of a relative import of build output a checkout lacks: a `bin` script's `require("../dist")`
   * runs the `src/index.ts` the build compiles to `dist/index.js`. The tsconfig of the package the target is in
   * says which folders (`outDir`, `rootDir`, read with its `extends` and `\${configDir}`); without an `outDir`,
   * a target under the package's `dist`, `build`, `out` or `lib` is looked for under its `src/` and its folder,
   * as a package.json's `main` is (scan/package-entries.ts). Undefined when the target is in no such folder
   * or no source is there.
   */
  private outputSource(specifier: string, fromFile: string): string | undefined {
    if (!(specifier.startsWith("./") || specifier.startsWith("../"))) return undefined;
    const target = path.posix.resolve(path.posix.dirname(fileKey(fromFile)), specifier);
    const root = fileKey(this.root).replace(/\/$/, "");
    let pkg = root;
    for (let dir = path.posix.dirname(target); dir.startsWith(`${root}/`); dir = path.posix.dirname(dir))
      if (this.host.fileExists(`${dir}/package.json`)) {
        pkg = dir;
        break;
      }
    const options = this.packageOptions(target) ?? this.compilerOptions;
    const layouts: [string, string[]][] = options.outDir
      ? [[fileKey(options.outDir), options.rootDir ? [fileKey(options.rootDir)] : [`${pkg}/src`, pkg]]]
      : OUTPUT_FOLDERS.map((folder) => [`${pkg}/${folder}`, [`${pkg}/src`, pkg]]);
    for (const [outDir, rootDirs] of layouts) {
      if (target !== outDir && !target.startsWith(`${outDir}/`)) continue;
      const inner = path.posix.relative(outDir, target).replace(/\.[cm]?js$/, "");
      for (const rootDir of rootDirs) {
        const base = inner ? `${rootDir}/${inner}` : rootDir;
        for (const candidate of [...SOURCE_ENDINGS.map((e) => base + e), ...SOURCE_ENDINGS.map((e) => `${base}/index${e}`)])
          if (!candidate.startsWith(`${outDir}/`) && this.host.fileExists(candidate)) return candidate;
      }
    }
    return undefined;
  }

  /**
   * The compiler's resolution of an import: with the tsconfig of the package the file is in, where it has its
   * own below the project's (a monorepo's app and its `paths`), then with the project's.
   */
  private resolveModule(specifier: string, fromFile: string): ReturnType<typeof ts.resolveModuleName>["resolvedModule"] {
    const own = this.packageOptions(fromFile);
    return (
      (own && ts.resolveModuleName(specifier, fromFile, own, this.host).resolvedModule) ||
      ts.resolveModuleName(specifier, fromFile, this.compilerOptions, this.host).resolvedModule
    );
  }

  /** The compiler options of the package tsconfig nearest above a file, below the project's own; undefined where the project's apply. */
  packageOptions(fromFile: string): ts.CompilerOptions | undefined {
    return this.packageTsconfigs.optionsFor(fromFile);
  }

  private recordMissing(specifier: string, fromFile: string): void {
    // The file may appear later, outside the globs: where it would be found are inputs too.
    const base = path.resolve(path.dirname(fromFile), specifier).replace(/\.(m|c)?jsx?$/, "");
    for (const ending of MISSING_CANDIDATES) this.extraInputs.add(base + ending);
  }

  private resolveUncached(specifier: string, fromFile: string): ImportTarget {
    const listed = this.listedTarget(specifier, fromFile);
    if (listed && this.replayed.has(listed)) return { kind: "replayed", fileName: listed };
    const listedFile = listed ? this.getFile(listed) : undefined;
    if (listedFile) return { kind: "source", file: listedFile };
    // A package of the same monorepo: its sources, as if they were the project's (see scan/workspaces).
    const workspaceFile = this.workspaceSource(specifier, fromFile);
    if (workspaceFile) {
      const key = fileKey(workspaceFile);
      if (this.replayed.has(key)) return { kind: "replayed", fileName: key };
      const file = this.getFile(workspaceFile);
      if (file) return { kind: "source", file };
    }
    const module = this.resolveModule(specifier, fromFile);
    const isRelative = specifier.startsWith(".") || specifier.startsWith("/");
    if (!module && isRelative) {
      const built = this.outputSource(specifier, fromFile);
      if (built && this.replayed.has(fileKey(built))) return { kind: "replayed", fileName: fileKey(built) };
      const builtFile = built ? this.getFile(built) : undefined;
      if (builtFile) return { kind: "source", file: builtFile };
      this.recordMissing(specifier, fromFile);
      return { kind: "missing", specifier };
    }
    if (!module) return { kind: "external", module: specifier };
    if (
      module.isExternalLibraryImport ||
      module.resolvedFileName.endsWith(".d.ts") ||
      /[\\/]node_modules[\\/]/.test(module.resolvedFileName)
    ) {
      return { kind: "external", module: specifier };
    }
    if (this.replayed.has(fileKey(module.resolvedFileName))) return { kind: "replayed", fileName: fileKey(module.resolvedFileName) };
    const file = this.getFile(module.resolvedFileName);
    return file ? { kind: "source", file } : { kind: "missing", specifier };
  }

  /**
   * A relative `./x.js` whose `./x.ts` the globs listed resolves to it in every module resolution mode
   * (the compiler tries that file first), so the disk need not be probed. Anything else (no extension,
   * path aliases, a `.tsx` without a `.ts`) is left to the compiler.
   */
  private listedTarget(specifier: string, fromFile: string): string | undefined {
    if (!this.listed.size || !(specifier.startsWith("./") || specifier.startsWith("../"))) return undefined;
    const match = /\.(js|mjs|cjs|jsx)$/.exec(specifier);
    if (!match) return undefined;
    const source = { js: ".ts", mjs: ".mts", cjs: ".cts", jsx: ".tsx" }[match[1] as "js" | "mjs" | "cjs" | "jsx"];
    const candidate = path.posix.join(path.posix.dirname(fileKey(fromFile)), specifier.slice(0, -match[0].length) + source);
    return this.listed.has(candidate) && !candidate.includes("/node_modules/") ? candidate : undefined;
  }

  /** The program over every in-memory file; only in-memory sources use it (see resolve/types/type-context). */
  get program(): ts.Program {
    this.compiledProgram ??= createProgramOver(this, [...this.parsed.keys()].sort(), this.compilerOptions);
    return this.compiledProgram;
  }

  /**
   * Brings the set up to date after files changed on disk (watch mode): changed files are re-parsed,
   * deleted ones dropped, new ones added when they can register routes. Only these files are parsed.
   */
  refresh(changed: Iterable<string>, options: ScanOptions): void {
    this.resolved.clear(); // a file that appeared or vanished changes what imports resolve to
    this.resolves.clear();
    this.compiledProgram = undefined;
    for (const name of changed) this.typeOnly.delete(fileKey(name));
    const matches = picomatch(options.include, { dot: true, ignore: options.exclude });
    const isOutput = packageLibs(options.root);
    const inScope = (relative: string) => matches(relative) && !isOutput(path.join(options.root, relative));
    for (const changedName of changed) {
      const name = fileKey(changedName);
      const existing = this.parsed.get(name);
      if (!existing && !inScope(path.relative(options.root, name).split(path.sep).join("/"))) continue;
      const text = this.host.readFile(name);
      if (text === undefined) this.listed.delete(name);
      else if (inScope(path.relative(options.root, name).split(path.sep).join("/"))) this.listed.add(name);
      this.minified = this.minified.filter((f) => f !== name);
      if (text === undefined) this.parsed.delete(name);
      else if (isMinified(name, text) && this.listed.has(name)) {
        this.minified = [...this.minified, name].sort();
        this.parsed.delete(name);
      } else if (existing || mayRegisterRoutes(text, path.relative(options.root, name)))
        this.parsed.set(name, parse(name, text, this.withJsDoc || mayDocument(text)));
    }
    const entries = projectEntries(options.root, this.packagesBelow());
    this.files = [...this.parsed.values()]
      .filter(
        (f) =>
          !/[\\/]node_modules[\\/]/.test(f.fileName) &&
          (entries.has(path.normalize(f.fileName)) || mayRegisterRoutes(f.text, path.relative(options.root, f.fileName))),
      )
      .sort((a, b) => (a.fileName < b.fileName ? -1 : a.fileName > b.fileName ? 1 : 0));
  }

  /**
   * Drops the syntax trees of files `keep` declines, so memory can be reclaimed: for a run that is done
   * with extraction. A dropped file that is needed again is parsed again.
   */
  release(keep: (fileName: string) => boolean): void {
    for (const name of [...this.parsed.keys()]) if (!keep(name)) this.parsed.delete(name);
    this.files = this.files.filter((f) => keep(f.fileName));
    this.resolved.clear();
    this.resolves.clear();
  }

  /** Every file the analysis parsed: the globbed ones and those imports pulled in. */
  parsedFiles(): ts.SourceFile[] {
    return [...this.parsed.values()];
  }

  /** Records files the analysis read besides its parsed sources (declaration files behind a key's type). */
  recordInputs(files: Iterable<string>): void {
    for (const file of files) this.extraInputs.add(file);
  }

  /** Every file whose content can change what the analysis finds: for the run cache. */
  inputFiles(): string[] {
    return [...new Set([...this.parsed.keys(), ...this.replayed, ...this.extraInputs, ...this.packageJsons])];
  }

  /** The package.json files module resolution has read so far (the type phase's record needs them too). */
  packageJsonsRead(): string[] {
    return [...this.packageJsons].sort();
  }

  /**
   * Syntax errors of every parsed file (the files are still analysed where the parser recovered), and the
   * minified files the scan left out.
   */
  syntaxDiagnostics(): Diagnostic[] {
    const minified = minifiedDiagnostic(
      this.minified.filter((f) => !this.parsed.has(f)),
      this.root,
    );
    return [
      ...syntaxErrorsOf(this.parsedFiles().filter((f) => !/[\\/]node_modules[\\/]/.test(f.fileName))),
      ...(minified ? [minified] : []),
    ];
  }

  /**
   * A file for a type program: a parsed source, or else a file parsed (once) for type programs only.
   * The module format is the program's to decide, from package.json.
   */
  typeProgramFile(fileName: string, options: ts.CreateSourceFileOptions | ts.ScriptTarget): ts.SourceFile | undefined {
    const name = fileKey(fileName);
    // A scanned file without JSDoc nodes is parsed again, with them, for type programs.
    const scanned = this.parsed.get(name);
    const own = scanned && hasJsDoc(scanned) ? scanned : undefined;
    if (own) {
      if (typeof options === "object" && options.impliedNodeFormat !== undefined) {
        (own as { impliedNodeFormat?: ts.SourceFile["impliedNodeFormat"] }).impliedNodeFormat = options.impliedNodeFormat;
      }
      return own;
    }
    let file = this.typeOnly.get(name);
    if (!file) {
      const text = this.host.readFile(name);
      if (text === undefined) return undefined;
      file = ts.createSourceFile(name, text, options, true);
      this.typeOnly.set(name, file);
    }
    return file;
  }

  /** The listed files (every file the include globs matched) below a folder, sorted. */
  listedUnder(dir: string): string[] {
    const prefix = `${fileKey(dir).replace(/\/+$/, "")}/`;
    return [...this.listed].filter((name) => name.startsWith(prefix)).sort();
  }

  /**
   * Adds to the analysed files those of the monorepo's other packages that the package's entries reach: an app
   * shell whose `main.ts` only imports `@acme/server` runs that package's code, so a file there that can
   * register routes is analysed like a globbed one. Followed from the entries through every import, and
   * through another package only along its re-exports (`export * from "./lib/bootstrap"`, its public barrel).
   */
  includeReachedFrom(entries: Iterable<string>): void {
    const queue = [...entries].map((name) => ({ name: fileKey(name), own: true, depth: 0 }));
    const seen = new Set<string>();
    const known = new Set(this.files.map((f) => f.fileName));
    const added: ts.SourceFile[] = [];
    while (queue.length && seen.size < REACH_LIMIT) {
      const { name, own, depth } = queue.shift()!;
      if (seen.has(name)) continue;
      seen.add(name);
      const file = this.getFile(name);
      if (!file) continue;
      if (!own && !known.has(name) && mayRegisterRoutes(file.text, path.relative(this.root, name))) {
        known.add(name);
        added.push(file);
      }
      if (depth >= REACH_DEPTH) continue;
      for (const { specifier, reexport } of moduleReferences(file)) {
        if (!own && !reexport) continue;
        const target = this.resolveImport(specifier, name);
        if (target.kind !== "source" || /[\\/]node_modules[\\/]/.test(target.file.fileName)) continue;
        const targetName = target.file.fileName;
        // Files of this package are globbed already: what matters is where the imports leave it.
        queue.push({ name: targetName, own: own && this.listed.has(targetName), depth: depth + 1 });
      }
    }
    if (!added.length) return;
    this.files = [...this.files, ...added].sort((a, b) => (a.fileName < b.fileName ? -1 : a.fileName > b.fileName ? 1 : 0));
  }

  /**
   * The files the analysed ones import that are not analysed themselves (a workspace package's sources, a
   * folder outside the root), directly or through each other, up to OUTSIDE_DEPTH imports away, not
   * node_modules — those whose text `mentions` (a package's name). Adapters that find their serving calls by
   * scanning files (tRPC, ts-rest) read these too, as the evaluator reaches an out-of-root Hono app by its
   * import: a serving call there is served all the same. Only the files returned are parsed (the others are
   * followed by their import specifiers), so a project without the package pays a read of its imports' text.
   */
  filesImportedOutside(mentions: RegExp): ts.SourceFile[] {
    const walk = this.outsideWalk();
    const cached = walk.byPattern.get(mentions.source);
    if (cached) return cached;
    const out: ts.SourceFile[] = [];
    for (const { name, text } of walk.files)
      if (mentions.test(text)) {
        const file = this.getFile(name);
        if (file) out.push(file);
      }
    out.sort((a, b) => (a.fileName < b.fileName ? -1 : a.fileName > b.fileName ? 1 : 0));
    walk.byPattern.set(mentions.source, out);
    return out;
  }

  /**
   * The walk of `filesImportedOutside`, once per set of analysed files: it does not depend on the package
   * looked for, and resolving every import of a large project is most of its cost (each adapter that scans,
   * tRPC and ts-rest, would otherwise walk it again).
   */
  private outsideWalk(): OutsideWalk {
    const cached = this.outside.get(this.files);
    if (cached) return cached;
    const analysed = new Set(this.files.map((f) => f.fileName));
    const seen = new Set<string>();
    const files: { name: string; text: string }[] = [];
    let frontier: { name: string; specifiers: string[] }[] = this.files.map((f) => ({
      name: f.fileName,
      specifiers: moduleReferences(f).map((r) => r.specifier),
    }));
    // The files the analysed ones import are all looked at; further layers up to OUTSIDE_LIMIT files in all.
    for (let depth = 0; frontier.length && depth < OUTSIDE_DEPTH; depth++) {
      const next: { name: string; specifiers: string[] }[] = [];
      for (const { name: from, specifiers } of frontier)
        for (const specifier of specifiers) {
          if (depth > 0 && seen.size >= OUTSIDE_LIMIT) break;
          const name = this.importedFile(specifier, from);
          if (!name || analysed.has(name) || seen.has(name) || /[\\/]node_modules[\\/]/.test(name)) continue;
          seen.add(name);
          const text = this.parsed.get(name)?.text ?? this.host.readFile(name);
          if (text === undefined) continue;
          files.push({ name, text });
          next.push({ name, specifiers: [...text.matchAll(SPECIFIERS)].map((m) => m[1]!) });
        }
      frontier = next;
    }
    const walk: OutsideWalk = { files, byPattern: new Map() };
    this.outside.set(this.files, walk);
    return walk;
  }
  private readonly outside = new WeakMap<ts.SourceFile[], OutsideWalk>();

  /** A parsed source file by absolute path, without parsing anything. */
  parsedFile(fileName: string): ts.SourceFile | undefined {
    return this.parsed.get(fileKey(fileName));
  }

  /** A source file by absolute path; files outside the globs are parsed on first use (an import needs them). */
  getFile(fileName: string): ts.SourceFile | undefined {
    const name = fileKey(fileName);
    const existing = this.parsed.get(name);
    if (existing) return existing;
    const text = this.host.readFile(name);
    if (text === undefined) return undefined;
    const file = parse(name, text, this.withJsDoc || mayDocument(text));
    this.parsed.set(name, file);
    return file;
  }
}

const PACKAGE_JSON = /(^|[\\/])package\.json$/;

/** The files imported from outside the analysed ones, with their text, and the answers per package pattern. */
interface OutsideWalk {
  files: { name: string; text: string }[];
  byPattern: Map<string, ts.SourceFile[]>;
}

/** How many files, and how many imports away from the analysed ones, `filesImportedOutside` follows. */
const OUTSIDE_LIMIT = 400;
const OUTSIDE_DEPTH = 3;
/** The module specifiers a file's text names (`from "x"`, `import("x")`, `require("x")`), read without parsing it. */
const SPECIFIERS = /(?:\bfrom|\bimport|\brequire\s*\()\s*\(?\s*["']([^"'\n]+)["']/g;

/** How many files, and how many imports deep, `includeReachedFrom` follows from the entries. */
const REACH_LIMIT = 400;
const REACH_DEPTH = 8;

/** The modules a file imports, requires or re-exports by a literal specifier; `reexport` for `export ... from`. */
export function moduleReferences(file: ts.SourceFile): { specifier: string; reexport: boolean }[] {
  // Asked while listing the sources and again when app factories are ordered: each file is walked once.
  const known = referencesByFile.get(file);
  if (known) return known;
  const out: { specifier: string; reexport: boolean }[] = [];
  referencesByFile.set(file, out);
  for (const statement of file.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier) && !statement.importClause?.isTypeOnly)
      out.push({ specifier: statement.moduleSpecifier.text, reexport: false });
    else if (
      ts.isExportDeclaration(statement) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier) &&
      !statement.isTypeOnly
    )
      out.push({ specifier: statement.moduleSpecifier.text, reexport: true });
  }
  // `require("x")` and `import("x")` anywhere in the file.
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      node.arguments.length === 1 &&
      ts.isStringLiteral(node.arguments[0]!) &&
      ((ts.isIdentifier(node.expression) && node.expression.text === "require") || node.expression.kind === ts.SyntaxKind.ImportKeyword)
    )
      out.push({ specifier: (node.arguments[0] as ts.StringLiteral).text, reexport: false });
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out;
}

const referencesByFile = new WeakMap<ts.SourceFile, { specifier: string; reexport: boolean }[]>();

/** Where an import's resolution is remembered (see `resolveImport`). */
function resolutionKey(specifier: string, fromFile: string): string {
  return isRelative(specifier)
    ? path.posix.join(path.posix.dirname(fileKey(fromFile)), specifier)
    : `${path.dirname(fromFile)}\0${specifier}`;
}

function isRelative(specifier: string): boolean {
  return specifier === "." || specifier === ".." || specifier.startsWith("./") || specifier.startsWith("../");
}

/** Where the compiler would look for a relative import that resolves to nothing today. */
/** The endings a module's source may have, TypeScript's first (what a build's `.js` output is compiled from). */
const SOURCE_ENDINGS = [".ts", ".tsx", ".mts", ".cts", ".js", ".mjs", ".cjs"];

const MISSING_CANDIDATES = [".ts", ".tsx", ".mts", ".cts", ".d.ts", ".js", ".mjs", ".cjs", "/index.ts", "/index.tsx", "/index.js"];

/** The key and file name of a source: absolute, with forward slashes, as the compiler writes them. */
function fileKey(fileName: string): string {
  // The common case on POSIX, asked thousands of times a run: already absolute, already the key.
  if (path.sep === "/" && fileName.charCodeAt(0) === 47 /* / */) return fileName;
  return (path.isAbsolute(fileName) ? fileName : path.resolve(fileName)).split(path.sep).join("/");
}

/** Files that may hold documented operations keep their JSDoc: the type program reuses them as they are. */
function mayDocument(text: string): boolean {
  return text.includes("@documented");
}

/** Whether a file was parsed with its JSDoc nodes. */
function hasJsDoc(file: ts.SourceFile): boolean {
  return (file as unknown as { jsDocParsingMode?: ts.JSDocParsingMode }).jsDocParsingMode !== ts.JSDocParsingMode.ParseNone;
}

/**
 * The bare parser, with parent pointers. Extraction reads doc comments from the text itself, so the
 * scan skips the parser's JSDoc nodes (10-25% of parse time and some memory); files that a type
 * program reads are parsed with them (`typeProgramFile`). Exported for tests.
 */
export function parse(fileName: string, text: string, withJsDoc: boolean): ts.SourceFile {
  if (withJsDoc)
    return ts.createSourceFile(
      fileName,
      text,
      { languageVersion: ts.ScriptTarget.Latest, jsDocParsingMode: ts.JSDocParsingMode.ParseAll },
      true,
    );
  // Parents are set by the walk that lists the file's calls, not by a pass of the parser's own.
  const file = ts.createSourceFile(
    fileName,
    text,
    { languageVersion: ts.ScriptTarget.Latest, jsDocParsingMode: ts.JSDocParsingMode.ParseNone },
    false,
  );
  linkParentsAndCalls(file);
  return file;
}

/** Reads a file from disk, or undefined when it is not there (or is a folder). */
function readFromDisk(fileName: string): string | undefined {
  try {
    return readFileSync(fileName, "utf8");
  } catch {
    return undefined;
  }
}

const DISK_HOST: SourceHost = {
  readFile: readFromDisk,
  fileExists: (f) => ts.sys.fileExists(f),
  listDirectory: (d) => {
    try {
      return readdirSync(d).sort();
    } catch {
      return undefined;
    }
  },
  directoryExists: (d) => ts.sys.directoryExists(d),
  getDirectories: (d) => ts.sys.getDirectories(d),
  realpath: (f) => ts.sys.realpath?.(f) ?? f,
  getCurrentDirectory: () => ts.sys.getCurrentDirectory(),
  useCaseSensitiveFileNames: ts.sys.useCaseSensitiveFileNames,
};

/**
 * The compiler options of a tsconfig (with its `extends` chain), and every config file read for them
 * (they are inputs: a changed `paths` moves where imports resolve). The file list it would glob is not
 * needed: the include globs of the apidex config decide what is scanned.
 */
export function readCompilerOptions(tsconfig: string): { options: ts.CompilerOptions; files: string[] } {
  const text = ts.sys.readFile(tsconfig);
  if (text === undefined)
    throw new UsageError(
      `Cannot read the tsconfig ${tsconfig}.`,
      "Fix the path (the `tsconfig` field of the config), or remove it to use none.",
    );
  const source = ts.parseJsonText(tsconfig, text);
  const syntax = (source as { parseDiagnostics?: ts.Diagnostic[] }).parseDiagnostics?.[0];
  if (syntax) {
    const { line, character } = source.getLineAndCharacterOfPosition(syntax.start ?? 0);
    throw new UsageError(
      `${tsconfig}:${line + 1}:${character + 1}: ${ts.flattenDiagnosticMessageText(syntax.messageText, " ")}`,
      "Fix the tsconfig's JSON; apidex reads its compiler options (paths, module resolution).",
    );
  }
  const host: ts.ParseConfigHost = {
    useCaseSensitiveFileNames: ts.sys.useCaseSensitiveFileNames,
    readDirectory: () => [],
    fileExists: ts.sys.fileExists,
    readFile: ts.sys.readFile,
  };
  const parsed = ts.parseJsonSourceFileConfigFileContent(source, host, path.dirname(tsconfig), projectFileDefaults(tsconfig), tsconfig);
  const extended = (source as { extendedSourceFiles?: string[] }).extendedSourceFiles ?? [];
  return { options: parsed.options, files: [tsconfig, ...extended].map((f) => path.resolve(f)) };
}

/**
 * A program over `rootNames`, reusing the files the source set already parsed and serving TypeScript's
 * lib files from memory. `skipModule` may decline an import of a file (leave it unresolved) to keep
 * that module out of the program.
 */
export function createProgramOver(
  sources: SourceSet,
  rootNames: string[],
  options: ts.CompilerOptions,
  skipModule?: (specifier: string, containingFile: ts.SourceFile) => boolean,
): ts.Program {
  const host = sources.host;
  const libs = new Map<string, ts.SourceFile>();
  const moduleCache = ts.createModuleResolutionCache(sources.root, (f) => f, options);
  const compilerHost: ts.CompilerHost = {
    getSourceFile(fileName, languageVersionOrOptions) {
      const libText = libFileText(fileName);
      if (libText !== undefined) {
        let lib = libs.get(fileName) ?? LIB_CACHE.get(fileName);
        if (!lib) LIB_CACHE.set(fileName, (lib = ts.createSourceFile(fileName, libText, languageVersionOrOptions, true)));
        libs.set(fileName, lib);
        return lib;
      }
      return sources.typeProgramFile(fileName, languageVersionOrOptions);
    },
    getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
    getDefaultLibLocation: () => LIB_FOLDER,
    writeFile: () => {},
    getCurrentDirectory: () => sources.root,
    getCanonicalFileName: (f) => f,
    useCaseSensitiveFileNames: () => host.useCaseSensitiveFileNames !== false,
    getNewLine: () => "\n",
    fileExists: (f) => libFileText(f) !== undefined || host.fileExists(f),
    readFile: (f) => libFileText(f) ?? host.readFile(f),
    ...(host.directoryExists ? { directoryExists: (d: string) => d === LIB_FOLDER || host.directoryExists!(d) } : {}),
    ...(host.getDirectories ? { getDirectories: (d: string) => host.getDirectories!(d) } : {}),
    ...(host.realpath ? { realpath: (f: string) => host.realpath!(f) } : {}),
    resolveModuleNameLiterals(literals, containingFile, redirectedReference, compilerOptions, containingSourceFile) {
      return literals.map((literal) => {
        if (skipModule?.(literal.text, containingSourceFile)) return { resolvedModule: undefined };
        // A package of the same monorepo is read from its sources, as the routes are (scan/workspaces): its
        // `types` name a build's output, present on one machine and stale or absent on another.
        const workspaceFile = sources.workspaceSource(literal.text, containingFile);
        if (workspaceFile)
          return {
            resolvedModule: { resolvedFileName: workspaceFile, extension: extensionOf(workspaceFile), isExternalLibraryImport: false },
          };
        const mode = ts.getModeForUsageLocation(containingSourceFile, literal, compilerOptions);
        // A file of a package with a tsconfig of its own resolves with it first (its `paths`), as the scan does.
        const own = sources.packageOptions(containingFile);
        const resolved = own && ts.resolveModuleName(literal.text, containingFile, own, compilerHost, undefined, redirectedReference, mode);
        if (resolved?.resolvedModule) return resolved;
        return ts.resolveModuleName(literal.text, containingFile, compilerOptions, compilerHost, moduleCache, redirectedReference, mode);
      });
    },
  };
  return ts.createProgram({ rootNames, options, host: compilerHost });
}

/** The compiler's name for a source file's kind, from its name. */
function extensionOf(fileName: string): ts.Extension {
  const known = [".d.ts", ".d.mts", ".d.cts", ".tsx", ".mts", ".cts", ".ts", ".jsx", ".mjs", ".cjs", ".js", ".json"] as const;
  return (known.find((e) => fileName.endsWith(e)) ?? ".ts") as ts.Extension;
}

/** Lib files parsed once per process (watch mode builds a program per change). */
const LIB_CACHE = new Map<string, ts.SourceFile>();

export type { ScanOptions } from "./list-sources.js";
export { mayRegisterRoutes };
export { listSources };

/** What a run already knows of its globbed files before the scan (the cache's work in generate-to-disk). */
export interface KnownSources {
  /** Every file the globs list, absolute and sorted. */
  listed: string[];
  /** The texts it read (changed files, and any the cache could not vouch for); the others are read here if needed. */
  texts: ReadonlyMap<string, string>;
  /** Whether an unchanged file can register routes, as the cached run's scan found; undefined when it cannot tell. */
  routeCapable?: (file: string) => boolean | undefined;
}

/**
 * Globs the project's sources and parses them. Syntax errors are reported; the files are still analysed.
 * `known` passes what the cache already learnt: the listing, the texts it read (no file is read twice)
 * and which unchanged files can register routes (those that cannot are not read at all).
 */
export async function scanProject(
  options: ScanOptions,
  known?: KnownSources,
  replayed: ReadonlySet<string> = new Set(),
): Promise<SourceSet> {
  const tsconfig = options.tsconfig ? readCompilerOptions(options.tsconfig) : undefined;
  const compilerOptions = tsconfig?.options ?? defaultCompilerOptions();
  const names = known?.listed ?? (await listSources(options));
  const files: ts.SourceFile[] = [];
  const replayedScanned: string[] = [];
  const routeCapable: string[] = [];
  const minified: string[] = [];
  // The package's entry files run first, whatever they hold (`require("./src/start").start()`), and at a
  // monorepo's root those of its workspace packages (their package.json files are inputs of the run).
  const packages = new Workspaces(options.root, DISK_HOST).packagesBelow();
  const entries = projectEntries(options.root, packages);
  // An entry the globs do not list (a `bin/www` without an extension, run by node) is analysed all the same.
  const listedNames = new Set(names);
  for (const name of names) {
    let text = known?.texts.get(name);
    // A file that cannot register a route is parsed only if a parsed file imports it (SourceSet.getFile).
    const capable =
      entries.has(path.normalize(name)) ||
      ((text === undefined ? known?.routeCapable?.(name) : undefined) ??
        mayRegisterRoutes((text ??= readFileSync(name, "utf8")), path.relative(options.root, name)));
    if (!capable) continue;
    routeCapable.push(name);
    // A file an earlier run summarized is replayed, not parsed (extract/incremental).
    if (replayed.has(fileKey(name))) replayedScanned.push(fileKey(name));
    else {
      text ??= readFileSync(name, "utf8");
      // A vendored bundle is parsed only if an analysed source imports it (getFile).
      if (isMinified(name, text)) minified.push(fileKey(name));
      else files.push(parse(fileKey(name), text, mayDocument(text)));
    }
  }
  // (Only a file no glob could list, one without a source extension: an entry the excludes leave out, build
  // output say, stays out.)
  const excluded = picomatch(options.exclude, { dot: true });
  const unlisted = [...entries]
    .filter(
      (name) =>
        !listedNames.has(name) && !/\.[cm]?[jt]sx?$/.test(name) && !excluded(path.relative(options.root, name).split(path.sep).join("/")),
    )
    .sort();
  for (const name of unlisted) files.push(parse(fileKey(name), readFileSync(name, "utf8"), false));
  if (unlisted.length) files.sort((a, b) => (a.fileName < b.fileName ? -1 : a.fileName > b.fileName ? 1 : 0));
  const set = new SourceSet(options.root, compilerOptions, DISK_HOST, files, options.tsconfig, false, names);
  // Their text is an input of the run, as a listed file's is (the run cache).
  if (unlisted.length) set.recordInputs(unlisted);
  for (const name of replayed) set.replayed.add(fileKey(name));
  set.includeReachedFrom([...entries].filter((name) => !replayed.has(fileKey(name))));
  set.replayedScanned = replayedScanned;
  set.routeCapable = routeCapable;
  set.minified = minified.sort();
  if (tsconfig) set.recordInputs(tsconfig.files);
  set.recordInputs(packages.map((folder) => path.join(folder, "package.json")));
  return set;
}

/** Builds a source set from in-memory files; used by tests and by tools that hold sources in memory. */
export function sourceSetFromMemory(files: Record<string, string>, root = "/project"): SourceSet {
  const texts = new Map(Object.entries(files).map(([name, text]) => [path.posix.join(root, name), text]));
  const folders = new Set<string>();
  for (const name of texts.keys())
    for (let dir = path.posix.dirname(name); !folders.has(dir); dir = path.posix.dirname(dir)) folders.add(dir);
  const host: SourceHost = {
    readFile: (f) => texts.get(f),
    fileExists: (f) => texts.has(f),
    directoryExists: (d) => folders.has(d.replace(/\/$/, "") || "/"),
    getDirectories: (d) => [...folders].filter((f) => path.posix.dirname(f) === d && f !== d),
    listDirectory: (d) => {
      const dir = d.replace(/\/$/, "");
      if (!folders.has(dir)) return undefined;
      const entries = [...texts.keys(), ...folders]
        .filter((f) => f !== dir && path.posix.dirname(f) === dir)
        .map((f) => path.posix.basename(f));
      return [...new Set(entries)].sort();
    },
    getCurrentDirectory: () => root,
    useCaseSensitiveFileNames: true,
  };
  // A YAML file (a deployment config, a node-config file), a Prisma schema or any file not named as a module (a
  // route table the code reads, `config/app.route`) is read as data where apidex reads it, never parsed as one.
  const parsed = [...texts.keys()]
    .filter((name) => !/\.(ya?ml|prisma)$/i.test(name) && /\.(?:[cm]?[jt]sx?|json|vue|svelte|astro)$/i.test(name))
    .sort()
    .map((name) => parse(name, texts.get(name)!, true));
  return new SourceSet(root, defaultCompilerOptions(), host, parsed, undefined, true, texts.keys());
}

function defaultCompilerOptions(): ts.CompilerOptions {
  return {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowJs: true,
    resolveJsonModule: true,
  };
}

/**
 * What the parser calls an error but a JavaScript script outside strict mode may write: octal escapes in strings
 * (`'\033[32m'`, a terminal colour), octal literals (`010`) and decimals with a leading zero (`08`). Node runs a
 * CommonJS file without "use strict" in sloppy mode, where these are valid.
 */
const SLOPPY_MODE_SYNTAX = new Set([1121, 1487, 1489]);

/** A JavaScript file Node runs in sloppy mode: a script (no `import`/`export`), not `.mjs`, no "use strict" prologue. */
function isSloppyScript(file: ts.SourceFile): boolean {
  if (!/\.(?:c?js|jsx)$/i.test(file.fileName) || (file as unknown as { externalModuleIndicator?: unknown }).externalModuleIndicator)
    return false;
  for (const statement of file.statements) {
    if (!ts.isExpressionStatement(statement) || !ts.isStringLiteral(statement.expression)) break;
    if (statement.expression.text === "use strict") return false;
  }
  return true;
}

function syntaxErrorsOf(files: ts.SourceFile[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const file of files) {
    // parseDiagnostics is the parser's own list: reading it costs nothing and needs no program.
    const all = (file as unknown as { parseDiagnostics?: ts.DiagnosticWithLocation[] }).parseDiagnostics ?? [];
    const sloppy = isSloppyScript(file);
    const parseDiagnostics = sloppy ? all.filter((d) => !SLOPPY_MODE_SYNTAX.has(d.code)) : all;
    const [first, ...more] = parseDiagnostics;
    if (!first) continue;
    // One warning per file, at its first error: a file written in syntax this parser does not know (Babel's
    // `::` bind operator, a template language) gives an error per use, and the first says what to look at.
    const { line, character } = file.getLineAndCharacterOfPosition(first.start);
    const others = more.length ? ` (and ${more.length} more syntax error${more.length === 1 ? "" : "s"} in this file)` : "";
    out.push({
      // The project's own toolchain may accept what this parser does not: a warning, the rest is read.
      severity: "warning",
      code: "APX100",
      message: `Syntax error: ${ts.flattenDiagnosticMessageText(first.messageText, " ")}${others}`,
      site: { file: file.fileName, line: line + 1, column: character + 1 },
      hint: "Fix the syntax error; routes in the rest of this file are still analysed where the parser recovered.",
    });
  }
  return out;
}
