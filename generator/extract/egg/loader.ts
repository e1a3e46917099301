import path from "node:path";
import type { SourceSet } from "../../scan/source-set.js";

/** An Egg app's folder of controllers or middleware, as egg-core's loader makes it a tree of properties. */
export interface LoadedTree {
  /** Property name → the file it loads, or the subfolder's tree. */
  entries: Map<string, string | LoadedTree>;
}

/** The extensions egg-core loads (with TypeScript, `.ts` beside them); `.ts` wins over the `.js` compiled beside it. */
const LOADED = /^(.*)\.(ts|js|mjs|cjs|mts|cts)$/;
const DECLARATION = /\.d\.(ts|mts|cts)$/;

/**
 * The property a file or folder of `app/controller` (or `app/middleware`) becomes, as egg-core's FileLoader
 * names it with `caseStyle: "lower"`: `_x` and `-x` become `X`, the first letter lower case
 * (`user_profile.ts` → `userProfile`, `Admin/` → `admin`). Undefined for a name the loader refuses
 * (anything but `a-z0-9_-` starting with a letter: it throws at start-up).
 */
export function loaderProperty(name: string): string | undefined {
  if (!/^[a-z][a-z0-9_-]*$/i.test(name)) return undefined;
  const camel = name.replace(/[_-][a-z]/gi, (s) => s.substring(1).toUpperCase());
  return camel[0]!.toLowerCase() + camel.substring(1);
}

/** The tree egg-core loads from a folder (`<baseDir>/app/controller`), read through the source host; undefined when the folder is absent. */
export function loadTree(sources: SourceSet, dir: string): LoadedTree | undefined {
  const list = sources.host.listDirectory?.(dir);
  if (!list) return undefined;
  const entries = new Map<string, string | LoadedTree>();
  const rank = new Map<string, number>();
  for (const entry of [...list].sort()) {
    const full = path.posix.join(dir, entry);
    const match = LOADED.exec(entry);
    if (match && !DECLARATION.test(entry) && sources.host.fileExists(full)) {
      const name = loaderProperty(match[1]!);
      if (!name) continue;
      // `user.ts` over the `user.js` a build wrote beside it.
      const order = match[2] === "ts" || match[2] === "mts" || match[2] === "cts" ? 0 : 1;
      if ((rank.get(name) ?? 2) <= order) continue;
      rank.set(name, order);
      entries.set(name, full);
      continue;
    }
    if (match) continue;
    const name = loaderProperty(entry);
    if (!name || entries.has(name)) continue;
    const sub = loadTree(sources, full);
    if (sub?.entries.size) entries.set(name, sub);
  }
  return { entries };
}
