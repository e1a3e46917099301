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
  /** The SvelteKit config the aliases were read from, if the project has one. */
  private svelteConfigFile: string | undefined;

  constructor(
    private readonly root: string,
    private readonly host: AliasHost,
    private readonly options: ts.CompilerOptions,
    /** Told of every file whose presence or text decided an alias (a cached run must miss when one changes). */
    private readonly input: (fileName: string) => void = () => {},
  ) {}

  /** The source file an aliased specifier names, or undefined when it is no alias of the project's framework. */
  resolve(specifier: string): string | undefined {
    const alias = this.aliasOf(specifier);
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
  declares(specifier: string): boolean {
    return this.aliasOf(specifier) !== undefined;
  }

  /** The project's `svelte.config.*` (in its root or a folder above, up to its package): what `$app/paths` is set by. */
  svelteConfig(): string | undefined {
    this.aliases ??= this.find();
    return this.svelteConfigFile;
  }

  private aliasOf(specifier: string): Alias | undefined {
    // A package name is looked up once the aliases are known; they are read once, on the first bare import.
    this.aliases ??= this.find();
    // The longest alias first: `~~/server` is not `~` followed by `~/server`.
    return this.aliases.find((a) => specifier === a.prefix || specifier.startsWith(`${a.prefix}/`));
  }

  private find(): Alias[] {
    for (let dir = this.root; ; dir = path.dirname(dir)) {
      const svelte = this.config(dir, "svelte");
      if (svelte !== undefined) {
        this.svelteConfigFile = svelte.fileName;
        return svelteKit(dir, svelte.fileName, svelte.text);
      }
      const nuxt = this.config(dir, "nuxt");
      if (nuxt !== undefined) return this.nuxt(dir, nuxt.text);
      const solid = [this.config(dir, "app"), this.config(dir, "vite")].find((c) => c?.text.includes("@solidjs/start/config"));
      if (solid) {
        const appRoot = /\bappRoot\s*:\s*["'`]([^"'`$]+)["'`]/.exec(solid.text)?.[1];
        return [{ prefix: "~", dir: path.resolve(dir, appRoot ?? "src") }];
      }
      if (this.host.fileExists(path.join(dir, "package.json")) || path.dirname(dir) === dir) return [];
    }
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
