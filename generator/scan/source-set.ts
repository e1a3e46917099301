import path from "node:path";
import fg from "fast-glob";
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
  private typeChecker: ts.TypeChecker | undefined;
  private compiledProgram: ts.Program | undefined;

  constructor(
    readonly root: string,
    readonly project: Project,
    /** The files matched by the include globs, sorted by path. */
    readonly files: ts.SourceFile[],
    /** Syntax errors found while parsing; the files are still analysed where the parser recovered. */
    readonly syntaxDiagnostics: Diagnostic[] = syntaxErrorsOf(files),
  ) {}

  get compilerOptions(): ts.CompilerOptions {
    return this.project.getCompilerOptions();
  }

  /** Resolves an import the way the project's tsconfig does (path aliases, `.js` to `.ts`). */
  resolveImport(specifier: string, fromFile: string): ImportTarget {
    const cacheKey = `${fromFile}\0${specifier}`;
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

  /**
   * The type checker, created on first use. Creating it binds the program but checks nothing: types are
   * computed only for the nodes asked about (the documented operations' handlers).
   */
  get checker(): ts.TypeChecker {
    this.typeChecker ??= this.program.getTypeChecker();
    return this.typeChecker;
  }

  get program(): ts.Program {
    this.compiledProgram ??= this.project.getProgram().compilerObject;
    return this.compiledProgram;
  }

  /** Whether a file belongs to the analysed project (not a library or lib.d.ts). */
  isProjectFile(file: ts.SourceFile): boolean {
    return !this.program.isSourceFileDefaultLibrary(file) && !this.program.isSourceFileFromExternalLibrary(file) && !/[\\/]node_modules[\\/]/.test(file.fileName);
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

/** Globs the project's sources and parses them. Syntax errors are reported; the files are still analysed. */
export async function scanProject(options: ScanOptions): Promise<SourceSet> {
  const project = new Project({
    ...(options.tsconfig ? { tsConfigFilePath: options.tsconfig } : { compilerOptions: defaultCompilerOptions() }),
    skipAddingFilesFromTsConfig: true,
    skipFileDependencyResolution: true,
  });
  const names = await fg(options.include, {
    cwd: options.root,
    ignore: options.exclude,
    absolute: true,
    onlyFiles: true,
    followSymbolicLinks: false,
  });
  names.sort();
  const files = names.map((name) => project.addSourceFileAtPath(path.normalize(name)).compilerNode);
  return new SourceSet(options.root, project, files);
}

/** Builds a source set from in-memory files; used by tests and by tools that hold sources in memory. */
export function sourceSetFromMemory(files: Record<string, string>, root = "/project"): SourceSet {
  const project = new Project({ useInMemoryFileSystem: true, compilerOptions: defaultCompilerOptions() });
  const parsed = Object.keys(files)
    .sort()
    .map((name) => project.createSourceFile(path.posix.join(root, name), files[name] ?? "").compilerNode);
  return new SourceSet(root, project, parsed);
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
