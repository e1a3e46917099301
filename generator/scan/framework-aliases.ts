/**
 * Import aliases a framework declares in a tsconfig it writes itself, at build time, into a folder that is
 * not committed: SvelteKit's `$lib` (`src/lib`), declared in `.svelte-kit/tsconfig.json`, which
 * `svelte-kit sync` generates and the project's tsconfig extends. A fresh checkout has no such file, so the
 * alias is known here, as the framework defines it, for projects of that framework.
 */
import path from "node:path";
import { ts } from "../typescript.js";

export interface AliasHost {
  fileExists(fileName: string): boolean;
  readFile(fileName: string): string | undefined;
}

const SVELTE_CONFIGS = ["svelte.config.js", "svelte.config.mjs", "svelte.config.ts", "svelte.config.cjs"];

/** A SvelteKit project's `$lib` imports resolved to `src/lib` (or the `kit.files.lib` its config names, when a literal). */
export class FrameworkAliases {
  private lib: string | null | undefined;

  constructor(
    private readonly root: string,
    private readonly host: AliasHost,
    private readonly options: ts.CompilerOptions,
    /** Told of every file whose presence or text decided an alias (a cached run must miss when one changes). */
    private readonly input: (fileName: string) => void = () => {},
  ) {}

  /** The source file an aliased specifier names, or undefined when it is no alias of the project's framework. */
  resolve(specifier: string): string | undefined {
    if (specifier !== "$lib" && !specifier.startsWith("$lib/")) return undefined;
    this.lib ??= this.findLib();
    if (!this.lib) return undefined;
    const target = path.join(this.lib, specifier.slice("$lib".length));
    // Resolved as a relative import of the folder's own, so endings and index files follow the compiler.
    const resolved = ts.resolveModuleName(
      `./${path.basename(target)}`,
      path.join(path.dirname(target), "index.ts"),
      this.options,
      this.host,
    );
    return resolved.resolvedModule?.resolvedFileName;
  }

  private findLib(): string | null {
    for (let dir = this.root; ; dir = path.dirname(dir)) {
      for (const name of SVELTE_CONFIGS) {
        this.input(path.join(dir, name));
        const text = this.host.readFile(path.join(dir, name));
        if (text === undefined) continue;
        // `files: { lib: "src/shared" }` written as a literal; the default otherwise.
        const configured = /\blib\s*:\s*["'`]([^"'`]+)["'`]/.exec(/\bfiles\s*:\s*\{[^}]*\}/.exec(text)?.[0] ?? "")?.[1];
        return path.join(dir, configured ?? "src/lib");
      }
      if (this.host.fileExists(path.join(dir, "package.json")) || path.dirname(dir) === dir) return null;
    }
  }
}
