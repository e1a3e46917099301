import path from "node:path";
import fg from "fast-glob";

// Apart from the parser: listing and hashing the sources is all a run the cache answers needs.

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

