import path from "node:path";
import { parse as parseYaml } from "yaml";
/** Where workspace manifests and sources are read (the source set's host, on disk or in memory). */
export interface WorkspaceHost {
  readFile(fileName: string): string | undefined;
  fileExists(fileName: string): boolean;
  getDirectories?(directoryName: string): string[];
}

/**
 * Workspace packages of a monorepo (npm and yarn `workspaces`, `pnpm-workspace.yaml`): an import of
 * `@acme/routes` from the app apidex runs on is followed to that package's TypeScript sources, whether or
 * not `node_modules` links it and whether or not it was built. Its `exports`/`types`/`main` usually name
 * build output (`dist/index.js`), which a checkout does not have: those are mapped back to `src`.
 */
export class Workspaces {
  private packages: Map<string, string> | undefined;

  constructor(
    private readonly root: string,
    private readonly host: WorkspaceHost,
  ) {}

  /** The source file a bare specifier names in a workspace package, or undefined when it names none. */
  resolve(specifier: string): string | undefined {
    if (specifier.startsWith(".") || specifier.startsWith("/") || specifier.startsWith("node:")) return undefined;
    const packages = (this.packages ??= this.find());
    if (!packages.size) return undefined;
    const parts = specifier.split("/");
    const name = specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
    const dir = packages.get(name);
    if (!dir) return undefined;
    const subpath = specifier.slice(name.length); // "" or "/sub/path"
    return this.entry(dir, subpath);
  }

  /**
   * The folders of the workspace packages inside `root` (not `root` itself), sorted: run at a monorepo's root,
   * each is a package of the project, whose entries start code as the root's own do.
   */
  packagesBelow(): string[] {
    const packages = (this.packages ??= this.find());
    const inside = (folder: string) => {
      const relative = path.relative(this.root, folder);
      return relative !== "" && !relative.startsWith("..") && !path.isAbsolute(relative);
    };
    return [...new Set([...packages.values(), ...this.nxProjectsBelow()].filter(inside))].sort();
  }

  /**
   * An Nx workspace's projects below `root` (folders with a `project.json`, where an `nx.json` is at `root` or
   * above): Nx needs no package manager's workspaces, and its projects often have no package.json. They are
   * packages of the monorepo for what starts code (their targets' `main`), not names imports resolve by (those
   * go through the workspace's tsconfig paths).
   */
  private nxProjectsBelow(): string[] {
    let nx = false;
    for (let dir = this.root; ; dir = path.dirname(dir)) {
      if (this.host.fileExists(path.join(dir, "nx.json"))) nx = true;
      if (nx || path.dirname(dir) === dir) break;
    }
    if (!nx) return [];
    const out: string[] = [];
    const walk = (dir: string, depth: number): void => {
      for (const entry of this.host.getDirectories?.(dir) ?? []) {
        const name = path.basename(entry);
        if (name === "node_modules" || name.startsWith(".") || name === "dist" || name === "build") continue;
        const child = path.resolve(dir, entry);
        if (this.host.fileExists(path.join(child, "project.json"))) out.push(child);
        if (depth < 3) walk(child, depth + 1);
      }
    };
    walk(this.root, 0);
    return out;
  }

  /** The folders of every workspace package of the monorepo `root` is in (inside `root` or beside it), sorted. */
  allPackages(): string[] {
    const packages = (this.packages ??= this.find());
    return [...new Set(packages.values())].sort();
  }

  /** Package name → folder, for every workspace package of the nearest workspace root above `root`. */
  private find(): Map<string, string> {
    const out = new Map<string, string>();
    for (let dir = this.root; ; dir = path.dirname(dir)) {
      const patterns = this.patternsAt(dir);
      if (patterns) {
        for (const pattern of patterns) for (const folder of this.expand(dir, pattern)) this.addPackage(folder, out);
        return out;
      }
      if (path.dirname(dir) === dir) return out;
    }
  }

  /** The workspace globs a folder declares, or undefined when it is not a workspace root. */
  private patternsAt(dir: string): string[] | undefined {
    const pkg = this.json(path.join(dir, "package.json"));
    const workspaces = pkg?.workspaces;
    const declared = Array.isArray(workspaces)
      ? workspaces
      : workspaces && typeof workspaces === "object" && Array.isArray((workspaces as { packages?: unknown }).packages)
        ? (workspaces as { packages: unknown[] }).packages
        : undefined;
    // pnpm reads only pnpm-workspace.yaml, npm, yarn and bun only package.json's `workspaces`; a root may keep
    // both (one left over for another package manager): a package either names is the project's own code.
    const pnpm = this.host.readFile(path.join(dir, "pnpm-workspace.yaml"));
    if (declared || pnpm !== undefined)
      return [
        ...new Set([
          ...(declared ?? []).filter((w): w is string => typeof w === "string"),
          ...(pnpm !== undefined ? pnpmPatterns(pnpm) : []),
        ]),
      ];
    // A lerna monorepo without a package manager's workspaces: lerna.json's `packages` (lerna's default
    // `packages/*` when it names none).
    const lerna = this.json(path.join(dir, "lerna.json"));
    if (lerna) return Array.isArray(lerna.packages) ? lerna.packages.filter((w): w is string => typeof w === "string") : ["packages/*"];
    return undefined;
  }

  /** Folders a workspace glob names: literal paths, `dir/*` and `dir/**`; `!` exclusions are dropped. */
  private expand(base: string, pattern: string): string[] {
    if (pattern.startsWith("!")) return [];
    const clean = pattern.replace(/\/+$/, "").replace(/^\.\//, "");
    const star = clean.indexOf("*");
    if (star < 0) return [path.join(base, clean)];
    const fixed = path.join(base, clean.slice(0, star).replace(/\/$/, ""));
    const deep = clean.slice(star).startsWith("**");
    const out: string[] = [];
    const walk = (dir: string, depth: number): void => {
      for (const entry of this.host.getDirectories?.(dir) ?? []) {
        const child = path.resolve(dir, entry);
        if (path.basename(child) === "node_modules" || path.basename(child).startsWith(".")) continue;
        out.push(child);
        if (deep && depth < 4) walk(child, depth + 1);
      }
    };
    walk(fixed, 0);
    return out;
  }

  private addPackage(folder: string, out: Map<string, string>): void {
    const name = this.json(path.join(folder, "package.json"))?.name;
    if (typeof name === "string" && name && !out.has(name)) out.set(name, folder);
  }

  /** The TypeScript source behind a package entry: `exports` (conditions `source`, `types`, `import`, ...), `types`, `module`, `main`, then `src/index`. */
  private entry(dir: string, subpath: string): string | undefined {
    const pkg = this.json(path.join(dir, "package.json")) ?? {};
    const targets: string[] = [];
    const exported = exportTarget(pkg.exports, subpath ? `.${subpath}` : ".");
    if (exported) targets.push(...exported);
    if (!subpath) {
      for (const field of ["source", "types", "typings", "module", "main"])
        if (typeof pkg[field] === "string") targets.push(pkg[field] as string);
      targets.push("src/index", "index");
    } else targets.push(`src${subpath}`, subpath.slice(1));
    for (const target of targets) {
      const found = this.sourceFor(path.join(dir, target));
      if (found) return found;
    }
    return undefined;
  }

  /**
   * A source file for a target path: itself when it is TypeScript, else the same path under `src/` with a
   * TypeScript ending; for a JavaScript package with no TypeScript, the JavaScript file itself.
   */
  private sourceFor(target: string): string | undefined {
    const candidates = new Set<string>();
    const bases = [target];
    // dist/index.js, build/x.mjs, lib/index.d.ts → src/...
    const rebased = target.replace(/([\\/])(dist|build|lib|out|esm|cjs)([\\/])/, "$1src$3");
    if (rebased !== target) bases.push(rebased);
    for (const base of bases) {
      const stem = base.replace(/\.d\.(m|c)?ts$/, "").replace(/\.(m|c)?(j|t)sx?$/, "");
      if (/\.(m|c)?tsx?$/.test(base) && !/\.d\.(m|c)?ts$/.test(base)) candidates.add(base);
      for (const ending of [".ts", ".tsx", ".mts", "/index.ts", "/index.tsx", "/index.mts"]) candidates.add(stem + ending);
    }
    for (const candidate of candidates) if (this.host.fileExists(candidate)) return candidate;
    // A JavaScript package (`main: "index.js"`, no TypeScript beside it) is its own source.
    const stem = target.replace(/\.(m|c)?jsx?$/, "");
    for (const candidate of [/\.(m|c)?jsx?$/.test(target) ? target : undefined, `${stem}.js`, `${stem}/index.js`])
      if (candidate && this.host.fileExists(candidate)) return candidate;
    return undefined;
  }

  private json(file: string): Record<string, unknown> | undefined {
    const text = this.host.readFile(file);
    if (text === undefined) return undefined;
    try {
      const value = JSON.parse(text) as unknown;
      return value && typeof value === "object" ? (value as Record<string, unknown>) : undefined;
    } catch {
      return undefined;
    }
  }
}

/**
 * The `packages:` list of a pnpm-workspace.yaml (the only part of it that says where packages are), read as the
 * YAML it is (an indented mapping, flow lists, quotes, anchors); nothing for a file that is not a mapping.
 */
export function pnpmPatterns(text: string): string[] {
  let doc: unknown;
  try {
    doc = parseYaml(text);
  } catch {
    return [];
  }
  const packages = doc && typeof doc === "object" ? (doc as { packages?: unknown }).packages : undefined;
  return Array.isArray(packages) ? packages.filter((p): p is string => typeof p === "string") : [];
}

/** The targets an `exports` map gives a subpath, preferring conditions that name sources or types. */
function exportTarget(exports: unknown, subpath: string): string[] | undefined {
  if (exports === undefined || exports === null) return undefined;
  if (typeof exports === "string") return subpath === "." ? [exports] : undefined;
  if (Array.isArray(exports)) return exports.flatMap((e) => exportTarget(e, subpath) ?? []);
  if (typeof exports !== "object") return undefined;
  const map = exports as Record<string, unknown>;
  const keys = Object.keys(map);
  // A map of subpaths ("." / "./x") or of conditions ("import", "types", ...).
  if (keys.some((k) => k.startsWith("."))) {
    if (subpath in map) return conditionTargets(map[subpath]);
    for (const key of keys) {
      const star = key.indexOf("*");
      if (star < 0) continue;
      const prefix = key.slice(0, star);
      const suffix = key.slice(star + 1);
      if (subpath.startsWith(prefix) && subpath.endsWith(suffix)) {
        const middle = subpath.slice(prefix.length, subpath.length - suffix.length);
        return conditionTargets(map[key])?.map((t) => t.replace("*", middle));
      }
    }
    return undefined;
  }
  return subpath === "." ? conditionTargets(map) : undefined;
}

const CONDITIONS = ["source", "development", "types", "typescript", "import", "module", "node", "default", "require"];

function conditionTargets(value: unknown): string[] | undefined {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap((v) => conditionTargets(v) ?? []);
  if (!value || typeof value !== "object") return undefined;
  const map = value as Record<string, unknown>;
  const out: string[] = [];
  for (const condition of CONDITIONS) if (condition in map) out.push(...(conditionTargets(map[condition]) ?? []));
  return out.length ? out : undefined;
}
