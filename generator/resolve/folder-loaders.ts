/**
 * Packages that require every module of a folder into one object keyed by file name — how Express apps of
 * the 2010s load their routers: `const routes = requireDir("./routes")`, then
 * `Object.keys(routes).forEach((name) => app.use("/" + name, routes[name]))`. Which folder, whether it
 * descends into subfolders and which files it skips are each package's own rules, read here.
 */
import path from "node:path";
import type { Value } from "./values.js";

export interface FolderLoad {
  /** The folder, absolute. */
  dir: string;
  /** Subfolders become nested objects under their names. */
  recursive: boolean;
  /** Module files the package skips (`index.js` for requireindex); folders are the `recursive` flag's. */
  skip?: (name: string) => boolean;
  /** The key a module or subfolder is given from its name without extension, where not that name (auto-load camel-cases it). */
  key?: (name: string) => string;
}

/** The packages and how each is called; undefined for another module. */
export const FOLDER_LOADERS = new Set(["require-dir", "require-all", "requireindex", "require-directory", "auto-load"]);

/**
 * The folder a loader call reads, from its static arguments and the calling file; undefined when an argument
 * it needs is not static (the loader is then an unknown, as any package call).
 */
/** `startDir`: where the service is started (the calling file's package folder), which auto-load resolves a relative folder from. */
export function folderLoad(module: string, args: readonly Value[], callingFile: string, startDir: string): FolderLoad | undefined {
  const here = path.posix.dirname(callingFile);
  const at = (p: string) => (p.startsWith("/") ? path.posix.normalize(p) : path.posix.join(here, p));
  const flag = (options: Value | undefined, name: string, fallback: boolean) => {
    const v = options?.kind === "object" ? options.props.get(name) : undefined;
    return v?.kind === "boolean" ? v.value : fallback;
  };
  const [first, second] = args;
  switch (module) {
    // requireDir(dir = ".", { recurse })
    case "require-dir":
      if (first && first.kind !== "string") return undefined;
      return { dir: at(first?.value ?? "."), recursive: flag(second, "recurse", false) };
    // requireAll(dirname) or requireAll({ dirname, recursive = true })
    case "require-all": {
      const dirname = first?.kind === "object" ? first.props.get("dirname") : first;
      if (dirname?.kind !== "string") return undefined;
      return { dir: at(dirname.value), recursive: flag(first, "recursive", true) };
    }
    // requireindex(dir): the folder's modules and subfolders, but its own index
    case "requireindex":
      if (first?.kind !== "string") return undefined;
      return { dir: at(first.value), recursive: false, skip: (name) => /^index\.[cm]?[jt]s$/.test(name) };
    // requireDirectory(module, path = its folder, { recurse = true })
    case "require-directory": {
      const dir = second?.kind === "string" ? second.value : ".";
      const options = second?.kind === "object" ? second : args[2];
      return { dir: at(dir), recursive: flag(options, "recurse", true) };
    }
    // autoload(dir, { deep = true, js = true, json = true }) (auto-load 3): a relative folder is relative to
    // where the service starts, `.js` and `.json` files only (a TypeScript source as the `.js` it compiles
    // to), file and folder names camel-cased (`user-admin.js` is `userAdmin`).
    case "auto-load": {
      if (first?.kind !== "string") return undefined;
      const js = flag(second, "js", true);
      const json = flag(second, "json", true);
      return {
        dir: first.value.startsWith("/") ? path.posix.normalize(first.value) : path.posix.join(startDir, first.value),
        recursive: flag(second, "deep", true),
        skip: (name) => !((js && /\.(js|ts)$/.test(name) && !/\.d\.ts$/.test(name)) || (json && name.endsWith(".json"))),
        key: (name) => name.replace(/-(.)/g, (_, letter: string) => letter.toUpperCase()),
      };
    }
  }
  return undefined;
}

/** A module file a loader requires: JavaScript or TypeScript (compiled to JavaScript of the same name), or JSON. */
export const loadedModule = (name: string): string | undefined => {
  if (/\.d\.[cm]?ts$/.test(name)) return undefined;
  const m = /^(.+)\.(?:[cm]?js|[cm]?ts|json)$/.exec(name);
  return m?.[1];
};
