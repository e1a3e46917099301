/**
 * Import aliases a framework declares in a tsconfig it writes itself, at build time, into a folder that is
 * not committed: SvelteKit's `$lib` (in `.svelte-kit/tsconfig.json`, written by `svelte-kit sync`) and
 * Nuxt's `~`, `@`, `~~`, `@@`, `#shared` and `#server` (in `.nuxt/tsconfig.json`, written by `nuxi prepare`).
 * The project's tsconfig extends that file, which a fresh checkout does not have, so the aliases are known
 * here, as each framework defines them, for projects of that framework.
 */
import path from "node:path";
import { ts } from "../typescript.js";

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

  constructor(
    private readonly root: string,
    private readonly host: AliasHost,
    private readonly options: ts.CompilerOptions,
    /** Told of every file whose presence or text decided an alias (a cached run must miss when one changes). */
    private readonly input: (fileName: string) => void = () => {},
  ) {}

  /** The source file an aliased specifier names, or undefined when it is no alias of the project's framework. */
  resolve(specifier: string): string | undefined {
    if (!/^[$~@#]/.test(specifier)) return undefined;
    this.aliases ??= this.find();
    // The longest alias first: `~~/server` is not `~` followed by `~/server`.
    const alias = this.aliases.find((a) => specifier === a.prefix || specifier.startsWith(`${a.prefix}/`));
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

  private find(): Alias[] {
    for (let dir = this.root; ; dir = path.dirname(dir)) {
      const svelte = this.config(dir, "svelte");
      if (svelte !== undefined) {
        // `kit: { files: { lib: "src/shared" } }` written as a literal; the default otherwise.
        const lib = /\blib\s*:\s*["'`]([^"'`]+)["'`]/.exec(/\bfiles\s*:\s*\{[^}]*\}/.exec(svelte)?.[0] ?? "")?.[1];
        return [{ prefix: "$lib", dir: path.join(dir, lib ?? "src/lib") }];
      }
      const nuxt = this.config(dir, "nuxt");
      if (nuxt !== undefined) return this.nuxt(dir, nuxt);
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

  private config(dir: string, name: string): string | undefined {
    for (const ending of ENDINGS) {
      const file = path.join(dir, `${name}.config.${ending}`);
      this.input(file);
      const text = this.host.readFile(file);
      if (text !== undefined) return text;
    }
    return undefined;
  }
}
