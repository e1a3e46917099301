/**
 * What a Next.js project's `next.config.*` says about where its route files answer: `basePath` (every route,
 * API routes included, is served under it) and `pageExtensions` (which files of `pages/` and `app/` are
 * routes, and the ending their route name drops). Read by structure (config-settings.ts), never run.
 */
import path from "node:path";
import { siteOf, type SourceSite } from "../../diagnostics/diagnostic.js";
import type { SourceSet } from "../../scan/source-set.js";
import { ts } from "../../typescript.js";
import { type ConfigText, configExpression } from "./config-settings.js";
import { appRouterPaths, type FileRoute, pagesApiPaths } from "./file-paths.js";

const CONFIG_ENDINGS = ["js", "mjs", "ts", "cjs", "mts"];

/** The settings of one Next.js project (the folder that holds its `app/` or `pages/`, or their `src/`). */
export interface NextConfig {
  /** The config file, when the project has one. */
  file?: string;
  /** `basePath`: `""` when unset; the site of a value apidex cannot read statically. */
  basePath: string | { unreadable: SourceSite };
  /** `pageExtensions` as written; undefined for Next's default (or one apidex cannot read: see `extensionsUnreadable`). */
  pageExtensions?: string[];
  /** The site of a `pageExtensions` apidex cannot read (Next's default endings are used then). */
  extensionsUnreadable?: SourceSite;
}

/** The Next.js route a file of a project is, by the App Router's or the Pages Router's rules, and its project's config. */
export interface NextRouteFile {
  route: FileRoute;
  router: "app" | "pages";
  config: NextConfig;
}

/**
 * Reads the route files of the Next.js projects under `sources.root` (a monorepo's `apps/web` too, each with
 * its own config): `nextRoute(rel)` says which route a file is, by its project's `pageExtensions`, or
 * undefined when it is none.
 */
export function nextRoutes(sources: SourceSet): (rel: string) => NextRouteFile | undefined {
  const configs = new Map<string, NextConfig>();
  const configOf = (dir: string): NextConfig => {
    let config = configs.get(dir);
    if (!config) {
      config = readNextConfig(sources, dir);
      configs.set(dir, config);
    }
    return config;
  };
  return (rel) => {
    const posix = rel.split(path.sep).join("/");
    const app = projectDir(posix, "app/");
    const pages = projectDir(posix, "pages/api/");
    for (const [router, dir] of [
      ["app", app],
      ["pages", pages],
    ] as const) {
      if (dir === undefined) continue;
      const config = configOf(dir);
      const route = router === "app" ? appRouterPaths(rel, config.pageExtensions) : pagesApiPaths(rel, config.pageExtensions);
      if (route) return { route, router, config };
    }
    return undefined;
  };
}

/** The project folder of a file below `marker` (`app/`, `pages/api/`), `src/` left out: `apps/web/` for `apps/web/src/app/x/route.ts`. */
function projectDir(posix: string, marker: string): string | undefined {
  if (posix.startsWith(marker)) return "";
  const at = posix.indexOf(`/${marker}`);
  if (at < 0) return undefined;
  return posix.slice(0, at + 1).replace(/(^|\/)src\/$/, "$1");
}

/** The config of the project in `dir` (relative to the root, `""` or ending in `/`). */
function readNextConfig(sources: SourceSet, dir: string): NextConfig {
  const files = CONFIG_ENDINGS.map((e) => path.join(sources.root, dir, `next.config.${e}`));
  // Where the routes are decided: a cached run must miss when one of these appears or changes.
  sources.recordInputs(files);
  const config = files.flatMap((file): ConfigText[] => {
    const text = sources.host.readFile(file);
    return text === undefined ? [] : [{ file, text }];
  })[0];
  if (!config) return { basePath: "" };
  const out: NextConfig = { file: config.file, basePath: "" };
  const base = configExpression(config, ["basePath"]);
  if (base && "unreadable" in base) out.basePath = base;
  else if (base) {
    const text = staticString(base.expression);
    out.basePath = text ?? { unreadable: siteOf(base.expression, base.file) };
  }
  const extensions = configExpression(config, ["pageExtensions"]);
  if (extensions && "unreadable" in extensions) out.extensionsUnreadable = extensions.unreadable;
  else if (extensions) {
    const list = ts.isArrayLiteralExpression(extensions.expression)
      ? extensions.expression.elements.map((e) => (ts.isExpression(e) ? staticString(e) : undefined))
      : [undefined];
    if (list.every((e): e is string => e !== undefined)) out.pageExtensions = list.map((e) => e.replace(/^\.+/, ""));
    else out.extensionsUnreadable = siteOf(extensions.expression, extensions.file);
  }
  return out;
}

function staticString(node: ts.Expression): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node)) return staticString(node.expression);
  return undefined;
}
