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
import { readRewrite, type VercelConfig, type VercelRewrite } from "./vercel.js";

const CONFIG_ENDINGS = ["js", "mjs", "ts", "cjs", "mts"];

/** The settings of one Next.js project (the folder that holds its `app/` or `pages/`, or their `src/`). */
export interface NextConfig {
  /** The project's folder, relative to the root (`""`, or ending in `/`). */
  dir: string;
  /** The config file, when the project has one. */
  file?: string;
  /** `basePath`: `""` when unset; the site of a value apidex cannot read statically. */
  basePath: string | { unreadable: SourceSite };
  /** `pageExtensions` as written; undefined for Next's default (or one apidex cannot read: see `extensionsUnreadable`). */
  pageExtensions?: string[];
  /** The site of a `pageExtensions` apidex cannot read (Next's default endings are used then). */
  extensionsUnreadable?: SourceSite;
  /** `rewrites`, when the config has them: where they send which paths, under the base path (see readRewrites). */
  rewrites?: NextRewrites;
}

/** What a Next.js config's `rewrites` say: the entries read (`api`: the destination is below `/api`), and those apidex cannot map. */
export interface NextRewrites {
  entries: (VercelRewrite & { api: boolean })[];
  unread: VercelConfig["unread"];
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
  if (!config) return { dir, basePath: "" };
  const out: NextConfig = { dir, file: config.file, basePath: "" };
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
  const rewrites = configExpression(config, ["rewrites"]);
  if (rewrites && "unreadable" in rewrites)
    out.rewrites = { entries: [], unread: [{ site: rewrites.unreadable, text: "rewrites", why: "apidex cannot find what it returns" }] };
  else if (rewrites) out.rewrites = readRewrites(rewrites.expression, rewrites.file, out.basePath);
  return out;
}

/**
 * The entries `rewrites` returns — an array (Next's `afterFiles`), or `{ beforeFiles, afterFiles, fallback }` —
 * each `{ source, destination }` read as vercel.json's are (Next and Vercel share path-to-regexp's syntax). Both
 * paths are below `basePath` unless the entry says `basePath: false`: they are given here with it. A
 * destination on another origin proxies elsewhere (not read); one that is a page rather than a route file is
 * matched with none later.
 */
function readRewrites(node: ts.Expression, file: ts.SourceFile, basePath: NextConfig["basePath"]): NextRewrites {
  const out: NextRewrites = { entries: [], unread: [] };
  const value = returnedValue(node);
  const unread = (at: ts.Node, why: string) =>
    out.unread.push({ site: siteOf(at, file), text: at.getText(file).replace(/\s+/g, " ").slice(0, 80), why });
  const lists: ts.Expression[] = [];
  if (value && ts.isArrayLiteralExpression(value)) lists.push(value);
  else if (value && ts.isObjectLiteralExpression(value)) {
    for (const p of value.properties)
      if (ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && ["beforeFiles", "afterFiles", "fallback"].includes(p.name.text))
        lists.push(p.initializer);
      else unread(p, "apidex reads the lists `beforeFiles`, `afterFiles` and `fallback` written in the returned object");
  } else {
    unread(
      node,
      "apidex reads an array of entries, or an object of `beforeFiles`, `afterFiles` and `fallback` arrays, that the function returns",
    );
    return out;
  }
  const base = typeof basePath === "string" ? basePath.split("/").filter(Boolean) : undefined;
  for (const list of lists) {
    if (!ts.isArrayLiteralExpression(list)) {
      unread(list, "apidex reads an array literal of entries");
      continue;
    }
    for (const entry of list.elements) {
      if (!ts.isObjectLiteralExpression(entry)) {
        unread(entry, "apidex reads entries written as object literals");
        continue;
      }
      const read = readRewrite(entry, file);
      if (!read) continue;
      if ("unread" in read) {
        out.unread.push(read.unread);
        continue;
      }
      const absolute = entry.properties.some(
        (p) =>
          ts.isPropertyAssignment(p) &&
          ts.isIdentifier(p.name) &&
          p.name.text === "basePath" &&
          p.initializer.kind === ts.SyntaxKind.FalseKeyword,
      );
      // Routes are indexed relative to a base path apidex cannot read; an entry outside it cannot be placed.
      if (!base && absolute) {
        unread(entry, "it is outside `basePath`, which apidex cannot read");
        continue;
      }
      const under = absolute || !base ? [] : base.map((text) => ({ kind: "literal" as const, text }));
      const destination = [...under, ...read.destination];
      out.entries.push({
        ...read,
        source: [...under, ...read.source],
        destination,
        api: destination[under.length]?.kind === "literal" && (destination[under.length] as { text: string }).text === "api",
      });
    }
  }
  return out;
}

/** What a config function returns (`async rewrites() {...}`, `rewrites: async () => [...]`), or the expression itself. */
function returnedValue(node: ts.Expression): ts.Expression | undefined {
  let value: ts.Expression | undefined = node;
  while (
    value &&
    (ts.isParenthesizedExpression(value) || ts.isAsExpression(value) || ts.isSatisfiesExpression(value) || ts.isAwaitExpression(value))
  )
    value = value.expression;
  if (value && (ts.isArrowFunction(value) || ts.isFunctionExpression(value))) {
    if (!ts.isBlock(value.body)) return returnedValue(value.body);
    const last = [...value.body.statements].reverse().find(ts.isReturnStatement);
    return last?.expression && returnedValue(last.expression);
  }
  return value;
}

function staticString(node: ts.Expression): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node)) return staticString(node.expression);
  return undefined;
}
