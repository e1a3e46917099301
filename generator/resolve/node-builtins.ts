import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ExternalValue, Value } from "./values.js";

/**
 * The few Node.js built-ins that keep a value static when their inputs are: `path.join/resolve/dirname/
 * basename/extname/normalize` over strings, `url.fileURLToPath`, and `fs.readdirSync` of a folder of the
 * project — which registers routes in 2019-era Express apps (`fs.readdirSync(__dirname).forEach((file) =>
 * app.use("/" + name, require("./" + file)))`). Paths are POSIX, so the result is the same on any machine.
 */
export interface BuiltinContext {
  /** The project's root: folders outside it are not listed. */
  root: string;
  listDirectory?(dir: string): string[] | undefined;
}

const TYPESCRIPT = /\.(?:ts|tsx|mts|cts)$/;
const DECLARATION = /\.d\.[cm]?ts$/;

export function nodeBuiltin(callee: ExternalValue, args: readonly Value[], context: BuiltinContext): Value | undefined {
  const module = callee.module.replace(/^node:/, "");
  const member = callee.path[0] === "default" ? callee.path.slice(1) : callee.path;
  if (member.length !== 1) return undefined;
  const name = member[0]!;
  const strings = args.map((a) => (a.kind === "string" ? a.value : undefined));
  const allStrings = strings.every((s) => s !== undefined) ? (strings as string[]) : undefined;
  if (module === "path" && allStrings) {
    const p = path.posix;
    switch (name) {
      case "join":
        return str(p.join(...allStrings));
      case "resolve":
        // Relative to the working directory unless a part is absolute: only the absolute case is static.
        return allStrings.some((s) => s.startsWith("/")) ? str(p.resolve(...allStrings)) : undefined;
      case "dirname":
        return allStrings.length === 1 ? str(p.dirname(allStrings[0]!)) : undefined;
      case "basename":
        return allStrings.length >= 1 ? str(p.basename(allStrings[0]!, allStrings[1])) : undefined;
      case "extname":
        return allStrings.length === 1 ? str(p.extname(allStrings[0]!)) : undefined;
      case "normalize":
        return allStrings.length === 1 ? str(p.normalize(allStrings[0]!)) : undefined;
    }
    return undefined;
  }
  if (module === "url" && name === "fileURLToPath" && allStrings?.length === 1 && allStrings[0]!.startsWith("file:"))
    return str(fileURLToPath(allStrings[0]!));
  if (module === "fs" && name === "readdirSync" && args.length === 1 && allStrings) {
    const dir = path.posix.normalize(allStrings[0]!);
    if (!dir.startsWith(`${context.root.replace(/\/$/, "")}/`) && dir !== context.root) return undefined;
    const entries = context.listDirectory?.(dir);
    // A folder of TypeScript sources runs compiled elsewhere (dist/, .js names): its run-time listing is not this one.
    if (!entries || entries.some((e) => TYPESCRIPT.test(e) && !DECLARATION.test(e))) return undefined;
    return { kind: "array", items: entries.map(str) };
  }
  return undefined;
}

const str = (value: string): Value => ({ kind: "string", value });
