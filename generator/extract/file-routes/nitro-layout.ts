/**
 * Whether a project is a Nuxt or Nitro app, and where its server routes are. Nuxt auto-imports h3's helpers,
 * so its route files often import nothing: the project is known by its manifest and config files instead.
 */
import path from "node:path";
import type { SourceSet } from "../../scan/source-set.js";
import type { NitroLayout } from "./file-paths.js";

const CONFIG_ENDINGS = ["ts", "mts", "js", "mjs"];

/**
 * The server-route layout of a Nuxt project (`server/api`, `server/routes`, its `serverDir`) or a Nitro
 * app (`api/` and `routes/` in its `srcDir`, the project root by default); undefined for other projects.
 * The config's `srcDir`, `serverDir`, `apiDir`, `routesDir` and `apiBaseURL` are read when written as string
 * literals.
 */
export function nitroLayout(sources: SourceSet): NitroLayout | undefined {
  const read = (name: string) => sources.host.readFile(path.join(sources.root, name));
  const manifest = read("package.json");
  let dependencies: string[] = [];
  try {
    const pkg = manifest ? (JSON.parse(manifest) as Record<string, Record<string, string> | undefined>) : {};
    dependencies = [pkg.dependencies, pkg.devDependencies].flatMap((d) => Object.keys(d ?? {}));
  } catch {
    // An unreadable manifest says nothing; the config files may.
  }
  const config = (name: string) => CONFIG_ENDINGS.map((e) => read(`${name}.config.${e}`)).find((t) => t !== undefined);
  const nuxtConfig = config("nuxt");
  const nitroConfig = config("nitro");
  const nuxt = nuxtConfig !== undefined || dependencies.some((d) => d === "nuxt" || d === "nuxt-nightly");
  const nitro = nitroConfig !== undefined || dependencies.some((d) => d === "nitropack" || d === "nitro" || d === "nitro-nightly");
  if (!nuxt && !nitro) return undefined;
  const text = (nuxt ? nuxtConfig : nitroConfig) ?? "";
  const literal = (key: string) => new RegExp(`\\b${key}\\s*:\\s*["'\`]([^"'\`$]+)["'\`]`).exec(text)?.[1];
  const clean = (dir: string) => dir.replace(/^\.\//, "").replace(/\/+$/, "");
  // Nuxt: `<rootDir>/server` (its `serverDir`); Nitro: its `srcDir`, the root by default.
  const dir = nuxt ? clean(literal("serverDir") ?? "server") : clean(literal("srcDir") ?? "");
  const dirs = [dir === "." ? "" : dir];
  if (nuxt) dirs.push(...layerServerDirs(sources, text));
  return {
    dirs,
    apiDir: clean(literal("apiDir") ?? "api"),
    routesDir: clean(literal("routesDir") ?? "routes"),
    apiBase: `/${(literal("apiBaseURL") ?? "/api").replace(/^\/+|\/+$/g, "")}`,
  };
}

/**
 * The server folders of a Nuxt project's layers: those in `layers/*` (registered by Nuxt itself, 3.12 and
 * later) and the local ones its config `extends` (`extends: ["./base"]`, written as literals). Each layer's
 * `server/api` and `server/routes` are served as the project's own.
 */
function layerServerDirs(sources: SourceSet, config: string): string[] {
  const out = new Set<string>();
  for (const file of sources.files) {
    const rel = path.relative(sources.root, file.fileName).split(path.sep).join("/");
    const layer = /^layers\/([^/]+)\/server\/(api|routes)\//.exec(rel);
    if (layer) out.add(`layers/${layer[1]}/server`);
  }
  const extended = /\bextends\s*:\s*(\[[^\]]*\]|["'`][^"'`]+["'`])/.exec(config)?.[1] ?? "";
  for (const m of extended.matchAll(/["'`](\.{1,2}\/[^"'`]+)["'`]/g)) out.add(`${path.posix.normalize(m[1]!).replace(/\/+$/, "")}/server`);
  return [...out].sort();
}
