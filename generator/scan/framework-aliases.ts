/**
 * Import aliases a framework declares in a tsconfig it writes itself, at build time, into a folder that is
 * not committed: SvelteKit's `$lib` and its config's `kit.alias` (in `.svelte-kit/tsconfig.json`, written by `svelte-kit sync`) and
 * Nuxt's `~`, `@`, `~~`, `@@`, `#shared` and `#server` (in `.nuxt/tsconfig.json`, written by `nuxi prepare`);
 * and SolidStart's `~` (its app root, `./src`), which its Vite plugin declares whatever the tsconfig says.
 * The project's tsconfig extends that file, which a fresh checkout does not have, so the aliases are known
 * here, as each framework defines them, for projects of that framework.
 */
import path from "node:path";
import { ts } from "../typescript.js";
import { readSvelteKitAliases } from "./svelte-config.js";

export interface AliasHost {
  fileExists(fileName: string): boolean;
  readFile(fileName: string): string | undefined;
  directoryExists?(directoryName: string): boolean;
}

/** An alias and the folder it stands for. */
interface Alias {
  prefix: string;
  dir: string;
}

const ENDINGS = ["ts", "mts", "js", "mjs", "cjs"];

export class FrameworkAliases {
  private aliases: Alias[] | undefined;
  /** The aliases of the files of each folder below the root that a framework config of its own decides. */
  private readonly byFolder = new Map<string, Alias[] | null>();
  /** The SvelteKit config the aliases were read from, if the project has one. */
  private svelteConfigFile: string | undefined;

  constructor(
    private readonly root: string,
    private readonly host: AliasHost,
    private readonly options: ts.CompilerOptions,
    /** Told of every file whose presence or text decided an alias (a cached run must miss when one changes). */
    private readonly input: (fileName: string) => void = () => {},
  ) {}

  /**
   * The source file an aliased specifier names, or undefined when it is no alias of the framework of the
   * importing file's project (`fromFile`; the root's project without it).
   */
  resolve(specifier: string, fromFile?: string): string | undefined {
    const alias = this.aliasOf(specifier, fromFile);
    if (!alias) return undefined;
    const target = path.join(alias.dir, specifier.slice(alias.prefix.length));
    // Resolved as a relative import from the folder itself, so endings and index files follow the compiler.
    const resolved = ts.resolveModuleName(
      `./${path.basename(target)}`,
      path.join(path.dirname(target), "index.ts"),
      this.options,
      this.host,
    );
    return resolved.resolvedModule?.resolvedFileName;
  }

  /**
   * Whether a specifier goes through an alias the project's framework declares (`$lib/...`, a SvelteKit
   * `kit.alias` entry): one that resolves to no file is a broken import, as a relative one is.
   */
  declares(specifier: string, fromFile?: string): boolean {
    return this.aliasOf(specifier, fromFile) !== undefined;
  }

  /** The project's `svelte.config.*` (in its root or a folder above, up to its package): what `$app/paths` is set by. */
  svelteConfig(): string | undefined {
    this.aliases ??= this.find(this.root);
    return this.svelteConfigFile;
  }

  private aliasOf(specifier: string, fromFile: string | undefined): Alias | undefined {
    // A package name is looked up once the aliases are known; they are read once, on the first bare import.
    const aliases = (fromFile && this.below(path.dirname(path.resolve(fromFile)))) || (this.aliases ??= this.find(this.root));
    // The longest alias first: `~~/server` is not `~` followed by `~/server`.
    return aliases.find((a) => specifier === a.prefix || specifier.startsWith(`${a.prefix}/`));
  }

  /**
   * The aliases of a project below the root that a file's folder is in: a folder between it and the root that
   * holds a framework's config (a Nuxt app in `src/` beside a root package.json that only runs Docker, a
   * SvelteKit app in `apps/web`), unless a package.json without one comes first (a package of its own); null
   * when the root's project decides (nothing below the root does).
   */
  private below(dir: string): Alias[] | null {
    const relative = path.relative(this.root, dir);
    if (!relative || relative.startsWith("..") || path.isAbsolute(relative)) return null;
    let known = this.byFolder.get(dir);
    if (known === undefined) {
      known = this.configured(dir) ?? (this.host.fileExists(path.join(dir, "package.json")) ? [] : this.below(path.dirname(dir)));
      this.byFolder.set(dir, known);
    }
    return known;
  }

  private find(start: string): Alias[] {
    for (let dir = start; ; dir = path.dirname(dir)) {
      const aliases = this.configured(dir);
      if (aliases) return aliases;
      if (this.host.fileExists(path.join(dir, "package.json")) || path.dirname(dir) === dir) return [];
    }
  }

  /** The aliases a framework config in `dir` declares, or undefined when it holds none. */
  private configured(dir: string): Alias[] | undefined {
    const svelte = this.config(dir, "svelte");
    if (svelte !== undefined) {
      // The root's project (its folder or one above): the config its `$app/paths` base comes from.
      if (!path.relative(dir, this.root).startsWith("..")) this.svelteConfigFile ??= svelte.fileName;
      return svelteKit(dir, svelte.fileName, svelte.text);
    }
    const nuxt = this.config(dir, "nuxt");
    if (nuxt !== undefined) return this.nuxt(dir, nuxt.text);
    const solid = [this.config(dir, "app"), this.config(dir, "vite")].find((c) => c?.text.includes("@solidjs/start/config"));
    if (solid) {
      const appRoot = /\bappRoot\s*:\s*["'`]([^"'`$]+)["'`]/.exec(solid.text)?.[1];
      return [{ prefix: "~", dir: path.resolve(dir, appRoot ?? "src") }];
    }
    return undefined;
  }

  /** Nuxt's aliases: `~`/`@` the source folder (`app/` in Nuxt 4's layout, else the root), `~~`/`@@` the root. */
  private nuxt(root: string, config: string): Alias[] {
    const literal = (key: string) => new RegExp(`\\b${key}\\s*:\\s*["'\`]([^"'\`$]+)["'\`]`).exec(config)?.[1];
    const app = path.join(root, "app");
    this.input(path.join(app, "app.vue"));
    const nuxt4 = this.host.fileExists(path.join(app, "app.vue")) || (this.host.directoryExists?.(path.join(app, "pages")) ?? false);
    const src = path.resolve(root, literal("srcDir") ?? (nuxt4 ? "app" : "."));
    const server = path.resolve(root, literal("serverDir") ?? "server");
    return [
      ...nuxtConfigAliases(root, config),
      { prefix: "~~", dir: root },
      { prefix: "@@", dir: root },
      { prefix: "#shared", dir: path.join(root, "shared") },
      { prefix: "#server", dir: server },
      { prefix: "~", dir: src },
      { prefix: "@", dir: src },
    ];
  }

  private config(dir: string, name: string): { fileName: string; text: string } | undefined {
    for (const ending of ENDINGS) {
      const fileName = path.join(dir, `${name}.config.${ending}`);
      this.input(fileName);
      const text = this.host.readFile(fileName);
      if (text !== undefined) return { fileName, text };
    }
    return undefined;
  }
}

/**
 * The aliases a Nuxt config's `alias` adds (`alias: { "#db": fileURLToPath(new URL("./server/database/",
 * import.meta.url)) }`): each whose folder is written as a path relative to the config — a string, `new
 * URL(path, import.meta.url)` (through `fileURLToPath`), `resolve(__dirname, path)` / `join(...)` — in front of
 * Nuxt's own, longest first. Others (a value computed otherwise) are not aliases apidex knows.
 */
function nuxtConfigAliases(root: string, config: string): Alias[] {
  if (!/\balias\s*:/.test(config)) return [];
  const file = ts.createSourceFile("nuxt.config.ts", config, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const out: Alias[] = [];
  const folderOf = (e: ts.Expression): string | undefined => {
    if (ts.isStringLiteralLike(e)) return /^\.{1,2}(\/|$)/.test(e.text) ? e.text : undefined;
    if (ts.isCallExpression(e) && ts.isIdentifier(e.expression) && e.expression.text === "fileURLToPath" && e.arguments[0])
      return folderOf(e.arguments[0]);
    if (ts.isNewExpression(e) && ts.isIdentifier(e.expression) && e.expression.text === "URL" && e.arguments?.length === 2)
      return e.arguments[1]!.getText(file) === "import.meta.url" ? folderOf(e.arguments[0]!) : undefined;
    if (ts.isCallExpression(e) && /^(path\.)?(resolve|join)$/.test(e.expression.getText(file))) {
      const [first, ...rest] = e.arguments;
      if (!first || !/^(__dirname|import\.meta\.dirname)$/.test(first.getText(file))) return undefined;
      const parts = rest.map((a) => (ts.isStringLiteralLike(a) ? a.text : undefined));
      return parts.every((p) => p !== undefined) ? `./${path.posix.join(...(parts as string[]))}` : undefined;
    }
    return undefined;
  };
  const visit = (node: ts.Node): void => {
    if (
      ts.isPropertyAssignment(node) &&
      (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name)) &&
      node.name.text === "alias" &&
      ts.isObjectLiteralExpression(node.initializer)
    ) {
      for (const property of node.initializer.properties) {
        if (!ts.isPropertyAssignment(property) || !(ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))) continue;
        const folder = folderOf(property.initializer);
        if (folder !== undefined) out.push({ prefix: property.name.text.replace(/\/+$/, ""), dir: path.resolve(root, folder) });
      }
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out.sort((a, b) => b.prefix.length - a.prefix.length || (a.prefix < b.prefix ? -1 : 1));
}

/**
 * SvelteKit's aliases: those of `kit.alias` (each for the path and what is below it, as `svelte-kit sync`
 * writes them), and `$lib` for `kit.files.lib` (default `src/lib`), paths relative to the config's folder.
 */
function svelteKit(dir: string, fileName: string, text: string): Alias[] {
  const { lib, alias } = readSvelteKitAliases(fileName, text);
  const aliases = [{ prefix: "$lib", dir: path.join(dir, lib ?? "src/lib") }];
  for (const { name, target } of alias)
    if (!aliases.some((a) => a.prefix === name)) aliases.push({ prefix: name, dir: path.resolve(dir, target) });
  return aliases.sort((a, b) => b.prefix.length - a.prefix.length || (a.prefix < b.prefix ? -1 : 1));
}
