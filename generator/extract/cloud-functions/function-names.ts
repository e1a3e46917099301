import path from "node:path";
import { ts } from "../../typescript.js";
import type { Interpreter } from "../../resolve/interpreter.js";
import type { Value } from "../../resolve/values.js";
import type { SourceSet } from "../../scan/source-set.js";
import type { CloudFunction } from "./functions-host.js";

/** Folders a build writes to: `main: "lib/index.js"` is compiled from `src/index.ts` (firebase init's layout). */
const OUTPUT_FOLDERS = ["lib", "dist", "build", "out"];
const SOURCE_ENDINGS = [".ts", ".mts", ".cts", ".js", ".mjs", ".cjs"];

/**
 * The module Firebase deploys from: package.json's `main` (its source when it names build output, `lib/index.js`
 * of `src/index.ts`), else `src/index.ts` or `index.js` as `firebase init` writes them. Undefined when none is
 * among the sources.
 */
export function functionsEntry(sources: SourceSet): ts.SourceFile | undefined {
  const root = sources.root;
  const candidates: string[] = [];
  const manifest = sources.host.readFile(path.join(root, "package.json"));
  let main: unknown;
  try {
    main = manifest ? (JSON.parse(manifest) as { main?: unknown }).main : undefined;
  } catch {
    main = undefined;
  }
  if (typeof main === "string") {
    const stem = path.normalize(main).replace(/\.[cm]?[jt]s$/, "");
    const [head, ...rest] = stem.split(path.sep);
    if (head && OUTPUT_FOLDERS.includes(head) && rest.length) candidates.push(path.join("src", ...rest), rest.join(path.sep));
    candidates.push(stem);
  }
  candidates.push("src/index", "index", "src/main", "main");
  for (const stem of candidates)
    for (const ending of SOURCE_ENDINGS) {
      const file = sources.getFile(path.join(root, stem + ending));
      if (file) return file;
    }
  return undefined;
}

/**
 * Names the Firebase functions the deployed module exports, as the Firebase CLI names them: the export's name,
 * and for a grouped export (an object of functions, or a module's exports under a name) the group's names joined
 * with `-` (`export const v1 = { users: onRequest(...) }` deploys `v1-users`). Returns the names found, by function.
 */
export function exportedFunctionNames(
  entry: ts.SourceFile,
  interpreter: Interpreter,
  functionOf: (value: Value) => CloudFunction | undefined,
): Map<CloudFunction, string> {
  const names = new Map<CloudFunction, string>();
  const seen = new Set<object>();
  const walk = (value: Value, name: string, depth: number): void => {
    const fn = functionOf(value);
    if (fn) {
      if (!names.has(fn)) names.set(fn, name);
      return;
    }
    if (depth > 4 || seen.has(value)) return;
    seen.add(value);
    const props =
      value.kind === "object" ? value.props : value.kind === "namespace" ? interpreter.moduleExports(value.file, entry)?.props : undefined;
    for (const [key, inner] of props ?? []) walk(inner, `${name}-${key}`, depth + 1);
  };
  for (const [key, value] of interpreter.moduleExports(entry, entry)?.props ?? []) walk(value, key, 0);
  return names;
}

/** The name a module's own export gives a function (`export const api = onRequest(app)`, `exports.api = ...`). */
export function ownExportNames(
  files: Iterable<ts.SourceFile>,
  interpreter: Interpreter,
  functionOf: (value: Value) => CloudFunction | undefined,
): Map<CloudFunction, string> {
  const names = new Map<CloudFunction, string>();
  for (const file of files)
    for (const [fn, name] of exportedFunctionNames(file, interpreter, functionOf)) if (!names.has(fn)) names.set(fn, name);
  return names;
}
