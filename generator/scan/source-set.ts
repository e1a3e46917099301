import { readFileSync } from "node:fs";
import path from "node:path";
import fg from "fast-glob";
import picomatch from "picomatch";
import { Project, ts } from "ts-morph";
import type { Diagnostic } from "../diagnostics/diagnostic.js";

/** What an import specifier points at. */
export type ImportTarget =
  | { kind: "source"; file: ts.SourceFile }
  | { kind: "external"; module: string }
  | { kind: "missing"; specifier: string };

/**
 * The parsed sources of a project. Files are parsed once, syntax only: nothing here builds a program or
 * runs the type checker, so reading paths and permissions never type-checks the whole service.
 */
export class SourceSet {
  private readonly resolved = new Map<string, ImportTarget>();
  private compiledProgram: ts.Program | undefined;

  constructor(
    readonly root: string,
    readonly project: Project,
    /** The files matched by the include globs (and able to register routes), sorted by path. */
    public files: ts.SourceFile[],
    /** The tsconfig the project was read with, for the type program of documented operations. */
    readonly tsconfig?: string,
    /** In-memory sources (tests): the type program is built over the same project. */
    readonly inMemory = false,
  ) {}

  get compilerOptions(): ts.CompilerOptions {
    return this.project.getCompilerOptions();
  }

  /** Resolves an import the way the project's tsconfig does (path aliases, `.js` to `.ts`). */
  resolveImport(specifier: string, fromFile: string): ImportTarget {
    // Files of one folder resolve a specifier alike (the tsconfig is the project's, not per file).
    const cacheKey = `${path.dirname(fromFile)}\0${specifier}`;
    const cached = this.resolved.get(cacheKey);
    if (cached) return cached;
    const target = this.resolveUncached(specifier, fromFile);
    this.resolved.set(cacheKey, target);
    return target;
  }

  private resolveUncached(specifier: string, fromFile: string): ImportTarget {
    const result = ts.resolveModuleName(specifier, fromFile, this.compilerOptions, this.project.getModuleResolutionHost());
    const module = result.resolvedModule;
    const isRelative = specifier.startsWith(".") || specifier.startsWith("/");
    if (!module) return isRelative ? { kind: "missing", specifier } : { kind: "external", module: specifier };
    if (module.isExternalLibraryImport || module.resolvedFileName.endsWith(".d.ts") || /[\\/]node_modules[\\/]/.test(module.resolvedFileName)) {
      return { kind: "external", module: specifier };
    }
    const file = this.getFile(module.resolvedFileName);
    return file ? { kind: "source", file } : { kind: "missing", specifier };
  }

  /** The program over every scanned file; only in-memory sources use it (see resolve/types/type-context). */
  get program(): ts.Program {
    this.compiledProgram ??= this.project.getProgram().compilerObject;
    return this.compiledProgram;
  }

  /**
   * Brings the set up to date after files changed on disk (watch mode): changed files are re-parsed,
   * deleted ones dropped, new ones added when they can register routes. Only these files are parsed.
   */
  refresh(changed: Iterable<string>, options: ScanOptions): void {
    this.resolved.clear(); // a file that appeared or vanished changes what imports resolve to
    this.compiledProgram = undefined;
    const inScope = picomatch(options.include, { dot: true, ignore: options.exclude });
    for (const name of changed) {
      const existing = this.project.getSourceFile(name);
      if (!existing && !inScope(path.relative(options.root, name).split(path.sep).join("/"))) continue;
      let text: string | undefined;
      try {
        text = readFileSync(name, "utf8");
      } catch {
        text = undefined;
      }
      if (text === undefined) {
        if (existing) this.project.removeSourceFile(existing);
      } else if (existing) {
        existing.replaceWithText(text);
      } else if (mayRegisterRoutes(text, path.relative(options.root, name))) {
        this.project.addSourceFileAtPath(name);
      }
    }
    const wanted = new Set<string>();
    for (const file of this.project.getSourceFiles()) {
      const name = file.getFilePath();
      if (!/[\\/]node_modules[\\/]/.test(name) && mayRegisterRoutes(file.getFullText(), path.relative(options.root, name))) wanted.add(name);
    }
    this.files = this.project
      .getSourceFiles()
      .filter((f) => wanted.has(f.getFilePath()))
      .map((f) => f.compilerNode)
      .sort((a, b) => (a.fileName < b.fileName ? -1 : a.fileName > b.fileName ? 1 : 0));
  }

  /** Every file the analysis parsed: the globbed ones and those imports pulled in. */
  parsedFiles(): ts.SourceFile[] {
    return this.project.getSourceFiles().map((f) => f.compilerNode);
  }

  /** Syntax errors of every parsed file; the files are still analysed where the parser recovered. */
  syntaxDiagnostics(): Diagnostic[] {
    return syntaxErrorsOf(this.parsedFiles().filter((f) => !/[\\/]node_modules[\\/]/.test(f.fileName)));
  }

  /** A source file by absolute path; files outside the globs are parsed on first use (an import needs them). */
  getFile(fileName: string): ts.SourceFile | undefined {
    const existing = this.project.getSourceFile(fileName);
    if (existing) return existing.compilerNode;
    try {
      return this.project.addSourceFileAtPathIfExists(fileName)?.compilerNode;
    } catch {
      return undefined;
    }
  }
}

export interface ScanOptions {
  root: string;
  include: string[];
  exclude: string[];
  tsconfig?: string;
}

/** The project's source files (absolute, sorted) as the include and exclude globs select them. */
export async function listSources(options: ScanOptions): Promise<string[]> {
  const names = await fg(options.include, { cwd: options.root, ignore: options.exclude, absolute: true, onlyFiles: true, followSymbolicLinks: false });
  return names.map((n) => path.normalize(n)).sort();
}

/**
 * Globs the project's sources and parses them. Syntax errors are reported; the files are still analysed.
 * `texts` passes contents already read (the cache hashed them), so no file is read twice.
 */
export async function scanProject(options: ScanOptions, texts?: Map<string, string>): Promise<SourceSet> {
  const project = new Project({
    ...(options.tsconfig ? { tsConfigFilePath: options.tsconfig } : { compilerOptions: defaultCompilerOptions() }),
    skipAddingFilesFromTsConfig: true,
    skipFileDependencyResolution: true,
  });
  const names = texts ? [...texts.keys()].sort() : await listSources(options);
  const files: ts.SourceFile[] = [];
  for (const name of names) {
    const text = texts?.get(name) ?? readFileSync(name, "utf8");
    // A file that cannot register a route is parsed only if a parsed file imports it (SourceSet.getFile).
    if (!mayRegisterRoutes(text, path.relative(options.root, name))) continue;
    // addSourceFileAtPath, not createSourceFile(text): ts-morph treats created files as unsaved edits
    // and keeps more per file; reading the file again costs less than that.
    files.push(project.addSourceFileAtPath(name).compilerNode);
  }
  return new SourceSet(options.root, project, files, options.tsconfig);
}

/** Builds a source set from in-memory files; used by tests and by tools that hold sources in memory. */
export function sourceSetFromMemory(files: Record<string, string>, root = "/project"): SourceSet {
  const project = new Project({ useInMemoryFileSystem: true, compilerOptions: defaultCompilerOptions() });
  const parsed = Object.keys(files)
    .sort()
    .map((name) => project.createSourceFile(path.posix.join(root, name), files[name] ?? "").compilerNode);
  return new SourceSet(root, project, parsed, undefined, true);
}

/**
 * Whether a file's text could register a route or create an app: a framework import, a Next.js route
 * file, or a registration-shaped call. The others (models, services, utilities) are parsed only when
 * an analysed file imports them, which is most of the saving on large services.
 */
export function mayRegisterRoutes(text: string, relativePath: string): boolean {
  return NEXT_ROUTE_FILE.test(relativePath) || ROUTE_HINTS.test(text);
}

const NEXT_ROUTE_FILE = /(^|[\\/])app[\\/](.*[\\/])?route\.(ts|tsx|js|mjs|mts)$/;
const ROUTE_HINTS = /["'](express|router|express-promise-router|fastify|hono(\/[^"']*)?|koa|@koa\/router|koa-router|@nestjs\/[^"']+)["']|\.(get|post|put|patch|delete|del|all|options|head|use|route|register|on|basePath|addHook|setGlobalPrefix|enableVersioning)\s*\(/;

function defaultCompilerOptions(): ts.CompilerOptions {
  return {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowJs: true,
    resolveJsonModule: true,
  };
}

function syntaxErrorsOf(files: ts.SourceFile[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const file of files) {
    // parseDiagnostics is the parser's own list: reading it costs nothing and needs no program.
    const parseDiagnostics = (file as unknown as { parseDiagnostics?: ts.DiagnosticWithLocation[] }).parseDiagnostics ?? [];
    for (const d of parseDiagnostics) {
      const { line, character } = file.getLineAndCharacterOfPosition(d.start);
      out.push({
        severity: "error",
        code: "APX100",
        message: `Syntax error: ${ts.flattenDiagnosticMessageText(d.messageText, " ")}`,
        site: { file: file.fileName, line: line + 1, column: character + 1 },
        hint: "Fix the syntax error; routes in the rest of this file are still analysed where the parser recovered.",
      });
    }
  }
  return out;
}
