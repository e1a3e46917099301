import { Project, ts } from "ts-morph";
import type { SourceSet } from "../../scan/source-set.js";

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
}

/**
 * A program rooted at the files documented operations live in: TypeScript loads only what those
 * import (models, library types), not the whole service, so the cost follows what is documented rather
 * than the size of the code base. In-memory sources (tests) use their own project as it is.
 */
export function createTypeContext(sources: SourceSet, rootFiles: string[]): TypeContext {
  if (sources.inMemory) {
    const program = sources.program;
    return { root: sources.root, checker: program.getTypeChecker(), map: (node) => node, file: (f) => sources.getFile(f), isProjectFile: (f) => isProjectFile(program, f), programFiles: () => filesOf(program) };
  }
  const project = new Project({
    ...(sources.tsconfig ? { tsConfigFilePath: sources.tsconfig } : { compilerOptions: sources.compilerOptions }),
    skipAddingFilesFromTsConfig: true,
  });
  for (const file of [...new Set(rootFiles)].sort()) project.addSourceFileAtPathIfExists(file);
  const program = project.getProgram().compilerObject;
  const checker = program.getTypeChecker();
  return {
    root: sources.root,
    checker,
    file: (f) => program.getSourceFile(f),
    isProjectFile: (f) => isProjectFile(program, f),
    programFiles: () => filesOf(program),
    map<T extends ts.Node>(node: T): T {
      const target = program.getSourceFile(node.getSourceFile().fileName);
      if (!target) throw new Error(`${node.getSourceFile().fileName} is not in the type program`);
      return (findSame(target, node) ?? node) as T;
    },
  };
}

function filesOf(program: ts.Program): string[] {
  return program
    .getSourceFiles()
    .filter((f) => !program.isSourceFileDefaultLibrary(f))
    .map((f) => f.fileName)
    .sort();
}

function isProjectFile(program: ts.Program, file: ts.SourceFile): boolean {
  return !program.isSourceFileDefaultLibrary(file) && !program.isSourceFileFromExternalLibrary(file) && !/[\\/]node_modules[\\/]/.test(file.fileName);
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
