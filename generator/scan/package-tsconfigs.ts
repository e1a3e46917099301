import path from "node:path";
import { ts } from "../typescript.js";
import { PROJECT_FILES } from "./project-files.js";

/**
 * The options a project file starts from before its own: TypeScript gives a jsconfig.json these (its
 * language service's defaults for JavaScript projects), a tsconfig.json none.
 */
export function projectFileDefaults(file: string): ts.CompilerOptions | undefined {
  return path.basename(file) === "jsconfig.json"
    ? { allowJs: true, maxNodeModuleJsDepth: 2, allowSyntheticDefaultImports: true, skipLibCheck: true, noEmit: true }
    : undefined;
}

/** Where package tsconfigs are read (the source set's host, on disk or in memory). */
export interface TsconfigHost {
  readFile(fileName: string): string | undefined;
  fileExists(fileName: string): boolean;
}

/**
 * The tsconfigs of the packages inside a project that have their own: run at a monorepo's root, apidex
 * reads `apps/web/src/app/api/[[...route]]/route.ts`, whose `~/server/app` import means what
 * `apps/web/tsconfig.json`'s `paths` say, not what the root's tsconfig (often none, or one without `paths`)
 * says. A file's imports resolve as its editor resolves them: with the nearest tsconfig.json above it. Only
 * tsconfigs below the project's own are read (the project's own options apply at and above it), and a
 * workspace package imported from outside the root is read with its own tsconfig too. A folder without a
 * tsconfig.json may have a jsconfig.json, read as its editor reads it.
 *
 * @example
 * const tsconfigs = new PackageTsconfigs("/repo", undefined, host, (f) => inputs.add(f));
 * tsconfigs.optionsFor("/repo/apps/web/src/app/api/route.ts"); // apps/web/tsconfig.json's options
 */
export class PackageTsconfigs {
  /** Per folder: the options of the nearest package tsconfig, or null where the project's apply. */
  private readonly byFolder = new Map<string, ts.CompilerOptions | null>();
  /** Per tsconfig file: its options, or null when it cannot be read as a tsconfig. */
  private readonly byFile = new Map<string, ts.CompilerOptions | null>();
  /** The folder whose tsconfig is the project's own (the root when it has none): no package tsconfig at or above it. */
  private readonly projectFolder: string;

  constructor(
    root: string,
    projectTsconfig: string | undefined,
    private readonly host: TsconfigHost,
    /** Told every file a lookup depends on, present or absent (a tsconfig added later changes resolution: the run cache). */
    private readonly recordInput: (file: string) => void,
  ) {
    this.projectFolder = path.resolve(projectTsconfig ? path.dirname(projectTsconfig) : root);
  }

  /** The compiler options of the package tsconfig nearest above `fromFile`, or undefined where the project's apply. */
  optionsFor(fromFile: string): ts.CompilerOptions | undefined {
    return this.inFolder(path.dirname(path.resolve(fromFile))) ?? undefined;
  }

  private inFolder(dir: string): ts.CompilerOptions | null {
    const known = this.byFolder.get(dir);
    if (known !== undefined) return known;
    let found: ts.CompilerOptions | null = null;
    // The walk stops at the project's folder and at any folder above it: a file outside the root (a workspace
    // package) looks up to the folder it shares with the project, exclusive.
    if (dir !== this.projectFolder && !isWithin(this.projectFolder, dir) && path.dirname(dir) !== dir) {
      // A tsconfig.json, else a jsconfig.json (both recorded: either one added later changes resolution).
      const candidate = PROJECT_FILES.map((name) => path.join(dir, name)).find((file) => {
        this.recordInput(file);
        return this.host.fileExists(file);
      });
      found = candidate ? this.read(candidate) : this.inFolder(path.dirname(dir));
    }
    this.byFolder.set(dir, found);
    return found;
  }

  /** A package tsconfig's options (with its `extends` chain); null when it is no readable JSON (the project's apply). */
  private read(tsconfig: string): ts.CompilerOptions | null {
    const known = this.byFile.get(tsconfig);
    if (known !== undefined) return known;
    const text = this.host.readFile(tsconfig);
    let options: ts.CompilerOptions | null = null;
    if (text !== undefined) {
      const source = ts.parseJsonText(tsconfig, text);
      const syntaxErrors = (source as { parseDiagnostics?: ts.Diagnostic[] }).parseDiagnostics ?? [];
      if (!syntaxErrors.length) {
        const host: ts.ParseConfigHost = {
          useCaseSensitiveFileNames: true,
          readDirectory: () => [],
          fileExists: (f) => this.host.fileExists(f),
          readFile: (f) => this.host.readFile(f),
        };
        // An `extends` that names a package not installed is an error of the parse, not of the file's own
        // options: those (its `paths`, `baseUrl`) are still read.
        const parsed = ts.parseJsonSourceFileConfigFileContent(
          source,
          host,
          path.dirname(tsconfig),
          projectFileDefaults(tsconfig),
          tsconfig,
        );
        for (const extended of (source as { extendedSourceFiles?: string[] }).extendedSourceFiles ?? [])
          this.recordInput(path.resolve(extended));
        options = parsed.options;
      }
    }
    this.byFile.set(tsconfig, options);
    return options;
  }
}

/** Whether `inner` is `outer` or a folder inside it. */
function isWithin(inner: string, outer: string): boolean {
  const relative = path.relative(outer, inner);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}
