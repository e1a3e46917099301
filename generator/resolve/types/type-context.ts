import path from "node:path";
import { createProgramOver, type SourceSet } from "../../scan/source-set.js";
import { LIB_FOLDER, libFileGlobals, libFileText, ts } from "../../typescript.js";
import { permissionOnlyImports } from "./permission-imports.js";

/** The type checker's view for the documented operations. */
export interface TypeContext {
  root: string;
  checker: ts.TypeChecker;
  /** The node of the type program that stands where `node` stands in the scanned sources. */
  map<T extends ts.Node>(node: T): T;
  /** A source file of the type program by path. */
  file(fileName: string): ts.SourceFile | undefined;
  /** Whether a file belongs to the analysed project (not a library or lib.d.ts). */
  isProjectFile(file: ts.SourceFile): boolean;
  /** Every file the type program read except TypeScript's own lib files (those come with apidex). */
  programFiles(): string[];
  /** The lib option the program was built with. */
  libs: string[];
}

export interface TypeContextOptions {
  /**
   * Permission call names: imports a file uses only inside such calls are left out of the program
   * (`permissionOnlyImports`). For documented shapes; never for reading permission keys themselves.
   */
  skipPermissionImports?: readonly string[];
}

/**
 * A program rooted at the files documented operations live in: TypeScript loads only what those
 * import (models, library types), not the whole service, so the cost follows what is documented rather
 * than the size of the code base. In-memory sources (tests) use their own project as it is.
 */
export function createTypeContext(sources: SourceSet, rootFiles: string[], options: TypeContextOptions = {}): TypeContext {
  if (sources.inMemory) {
    const program = sources.program;
    return {
      root: sources.root,
      checker: program.getTypeChecker(),
      map: (node) => node,
      file: (f) => sources.getFile(f),
      isProjectFile: (f) => isProjectFile(program, f),
      programFiles: () => filesOf(program),
      libs: program.getCompilerOptions().lib ?? [],
    };
  }
  // Framework packages are read syntactically (Request<...>'s arguments): loading their types would
  // pull in @types/node, several megabytes, for nothing. Globals from @types are not auto-included
  // either; a documented shape that needs one is reported as `any`, never guessed.
  const roots = [...new Set(rootFiles)].sort();
  const permissionCalls = new Set(options.skipPermissionImports ?? []);
  const permissionOnly = new Map<ts.SourceFile, ReadonlySet<string>>();
  const skip = (specifier: string, containingFile: ts.SourceFile) => {
    if (FRAMEWORK_PACKAGES.has(packageOf(specifier))) return true;
    // Declaration files call nothing: only the project's own sources can import for checks.
    if (!permissionCalls.size || containingFile.isDeclarationFile) return false;
    let modules = permissionOnly.get(containingFile);
    if (!modules) permissionOnly.set(containingFile, (modules = permissionOnlyImports(containingFile, permissionCalls)));
    return modules.has(specifier);
  };
  const compilerOptions: ts.CompilerOptions = { ...sources.compilerOptions, types: [], noEmit: true };
  const full = shapeLibs(sources.compilerOptions.lib);
  // ES5's lib declares what JSON shapes are made of (Array, Date, Record, Promise, Partial, Omit...) at
  // half the cost of the later libs. A program whose files name anything only a later lib declares
  // (Map, Set, Iterable, ErrorOptions...) is built again with the full libs: never a guessed shape.
  let libs = [LEAN_LIB];
  let program = createProgramOver(sources, roots, { ...compilerOptions, lib: libs }, skip);
  if (full.some((lib) => lib !== LEAN_LIB) && namesLaterLibGlobals(program, full))
    program = createProgramOver(sources, roots, { ...compilerOptions, lib: (libs = full) }, skip);
  const checker = program.getTypeChecker();
  return {
    root: sources.root,
    libs,
    checker,
    file: (f) => program.getSourceFile(f),
    isProjectFile: (f) => isProjectFile(program, f),
    programFiles: () => filesOf(program),
    map<T extends ts.Node>(node: T): T {
      const source = node.getSourceFile();
      const target = program.getSourceFile(source.fileName);
      if (!target) throw new Error(`${source.fileName} is not in the type program`);
      // The program reuses the scan's parsed files, so this is the same node unless it was re-parsed.
      return target === source ? node : ((findSame(target, node) ?? node) as T);
    },
  };
}

/**
 * The lib files shapes need: the project's own choice without DOM and host libs (JSON shapes never use
 * them, and lib.dom.d.ts alone costs more than the rest), or ES2023 when the project sets none.
 */
function shapeLibs(libs: string[] | undefined): string[] {
  const kept = (libs ?? []).filter((l) => !/dom|webworker|scripthost/i.test(l));
  return kept.length ? kept : ["lib.es2023.d.ts"];
}

const LEAN_LIB = "lib.es5.d.ts";

/** Whether any non-lib file of `program` mentions a global that `libs` declare and ES5 does not. */
function namesLaterLibGlobals(program: ts.Program, libs: string[]): boolean {
  const later = laterLibGlobals(libs);
  for (const file of program.getSourceFiles()) {
    if (program.isSourceFileDefaultLibrary(file)) continue;
    // The parser's table of every identifier text in the file: no walk needed.
    const identifiers = (file as unknown as { identifiers: ReadonlyMap<string, string> }).identifiers;
    for (const name of identifiers.keys()) if (later.has(name)) return true;
  }
  return false;
}

const laterGlobalsCache = new Map<string, Set<string>>();

/** Global names declared by `libs` (and the libs they reference) but not by ES5's lib. */
export function laterLibGlobals(libs: string[]): Set<string> {
  const key = libs.join(",");
  let names = laterGlobalsCache.get(key);
  if (names) return names;
  const es5 = new Set(libClosure([LEAN_LIB]).flatMap((lib) => libFileGlobals(lib) ?? []));
  names = new Set(
    libClosure(libs)
      .flatMap((lib) => libFileGlobals(lib) ?? [])
      .filter((n) => !es5.has(n)),
  );
  laterGlobalsCache.set(key, names);
  return names;
}

/** The paths of `libs` and every lib they reference, each once. */
function libClosure(libs: string[]): string[] {
  const seen = new Set<string>();
  const visit = (name: string) => {
    const file = path.join(LIB_FOLDER, name);
    if (seen.has(file)) return;
    seen.add(file);
    for (const m of (libFileText(file) ?? "").matchAll(/<reference lib="([^"]+)"/g)) visit(`lib.${m[1]!.toLowerCase()}.d.ts`);
  };
  for (const lib of libs) visit(lib.toLowerCase());
  return [...seen];
}

/** Packages whose types apidex never needs: it reads their handlers' generics from the syntax. */
const FRAMEWORK_PACKAGES = new Set([
  "express",
  "express-serve-static-core",
  "router",
  "express-promise-router",
  "fastify",
  "koa",
  "@koa/router",
  "hono",
  "elysia",
  "@hapi/hapi",
  "next",
  "@nestjs/common",
  "@nestjs/core",
]);

function packageOf(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
}

function filesOf(program: ts.Program): string[] {
  return program
    .getSourceFiles()
    .filter((f) => !program.isSourceFileDefaultLibrary(f))
    .map((f) => f.fileName)
    .sort();
}

function isProjectFile(program: ts.Program, file: ts.SourceFile): boolean {
  return (
    !program.isSourceFileDefaultLibrary(file) &&
    !program.isSourceFileFromExternalLibrary(file) &&
    !/[\\/]node_modules[\\/]/.test(file.fileName)
  );
}

/** Descends to the node with the same kind and range: both files were parsed from the same text. */
function findSame(root: ts.Node, wanted: ts.Node): ts.Node | undefined {
  if (root.pos === wanted.pos && root.end === wanted.end && root.kind === wanted.kind) return root;
  let found: ts.Node | undefined;
  ts.forEachChild(root, (child) => {
    if (found || child.pos > wanted.pos || child.end < wanted.end) return;
    found = findSame(child, wanted);
  });
  return found;
}
