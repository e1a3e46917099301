/**
 * Whether a project is a Nuxt or Nitro app, and where its server routes are. Nuxt auto-imports h3's helpers,
 * so its route files often import nothing: the project is known by its manifest and config files instead.
 */
import path from "node:path";
import type { SourceSet } from "../../scan/source-set.js";
import { ts } from "../../typescript.js";
import { siteOf, type SourceSite } from "../../diagnostics/diagnostic.js";
import { type ConfigText, configExpression, configSetting } from "./config-settings.js";
import { type NitroLayout, type NitroRoute, nitroConfigRoute, nitroRoutePaths } from "./file-paths.js";

const CONFIG_ENDINGS = ["ts", "mts", "js", "mjs"];

/**
 * The Nuxt and Nitro projects of the tree, each with its server-route layout: the root project when it is one;
 * else each project below it — a folder holding a `nuxt.config` / `nitro.config` that the scan lists, or a
 * workspace package that depends on Nuxt or Nitro — outermost first (a project inside another is its layer,
 * playground or fixture). A repository often keeps its app in a folder of its own (`src/` beside a root
 * package.json that only runs Docker, `apps/web` of a pnpm workspace): Nuxt serves that folder's
 * `server/api` as it would at the root.
 */
export function nitroLayouts(sources: SourceSet): NitroLayout[] {
  const root = nitroLayout(sources, "");
  if (root) return [root];
  const folders = new Set<string>();
  for (const file of sources.listedUnder(sources.root)) {
    if (file.includes("/node_modules/") || !PROJECT_CONFIG.test(path.basename(file))) continue;
    folders.add(posixRelative(sources, path.dirname(file)));
  }
  for (const folder of sources.workspacePackages()) {
    const rel = posixRelative(sources, folder);
    if (rel && !rel.startsWith("../") && dependsOnNitro(manifestDependencies(sources, folder))) folders.add(rel);
  }
  const outermost = [...folders].filter((f) => f && ![...folders].some((o) => o && o !== f && f.startsWith(`${o}/`))).sort();
  return outermost.flatMap((folder) => nitroLayout(sources, folder) ?? []);
}

/** The Nitro layout whose route (or config handler) a root-relative file is, with that route. */
export function nitroRouteOf(rel: string, layouts: readonly NitroLayout[]): { layout: NitroLayout; route: NitroRoute } | undefined {
  const posix = rel.split(path.sep).join("/");
  for (const layout of layouts) {
    const route = layout.handlers?.get(posix) ?? nitroRoutePaths(posix, layout);
    if (route) return { layout, route };
  }
  return undefined;
}

const PROJECT_CONFIG = /^(nuxt|nitro)\.config\.(ts|mts|js|mjs)$/;

const posixRelative = (sources: SourceSet, folder: string) => path.relative(sources.root, folder).split(path.sep).join("/");

function manifestDependencies(sources: SourceSet, folder: string): string[] {
  const manifest = sources.host.readFile(path.join(folder, "package.json"));
  try {
    const pkg = manifest ? (JSON.parse(manifest) as Record<string, Record<string, string> | undefined>) : {};
    return [pkg.dependencies, pkg.devDependencies].flatMap((d) => Object.keys(d ?? {}));
  } catch {
    // An unreadable manifest says nothing; the config files may.
    return [];
  }
}

const dependsOnNuxt = (dependencies: readonly string[]) => dependencies.some((d) => d === "nuxt" || d === "nuxt-nightly");
const dependsOnNitro = (dependencies: readonly string[]) =>
  dependsOnNuxt(dependencies) || dependencies.some((d) => d === "nitropack" || d === "nitro" || d === "nitro-nightly");

/**
 * The server-route layout of the Nuxt project (`server/api`, `server/routes`, its `serverDir`) or Nitro app
 * (`api/` and `routes/` in its `srcDir`, the project folder by default) in `project` (root-relative, `""` for
 * the root); undefined when that folder holds neither. Folders and handler files are root-relative. The config's
 * `srcDir`, `serverDir`, `apiDir`, `routesDir` and `apiBaseURL` are read when written as string literals.
 */
function nitroLayout(sources: SourceSet, project: string): NitroLayout | undefined {
  const projectRoot = path.join(sources.root, project);
  const dependencies = manifestDependencies(sources, projectRoot);
  const config = (name: string) => {
    const files = CONFIG_ENDINGS.map((e) => path.join(projectRoot, `${name}.config.${e}`));
    // Where the layout is decided: a cached run must miss when one of these appears or changes.
    sources.recordInputs(files);
    return files.flatMap((file) => {
      const text = sources.host.readFile(file);
      return text === undefined ? [] : [{ file, text }];
    })[0];
  };
  const nuxtFile = config("nuxt");
  const nitroFile = config("nitro");
  const nuxtConfig = nuxtFile?.text;
  const nitroConfig = nitroFile?.text;
  const nuxt = nuxtConfig !== undefined || dependsOnNuxt(dependencies);
  const nitro = nitroConfig !== undefined || dependsOnNitro(dependencies);
  if (!nuxt && !nitro) return undefined;
  const text = (nuxt ? nuxtConfig : nitroConfig) ?? "";
  const literal = (key: string) => new RegExp(`\\b${key}\\s*:\\s*["'\`]([^"'\`$]+)["'\`]`).exec(text)?.[1];
  const clean = (dir: string) => dir.replace(/^\.\//, "").replace(/\/+$/, "");
  const inProject = (dir: string) => path.posix.join(project, dir === "." ? "" : dir).replace(/^\.$/, "");
  // Nuxt: `<rootDir>/server` (its `serverDir`); Nitro: its `srcDir`, the project folder by default.
  const dir = nuxt ? clean(literal("serverDir") ?? "server") : clean(literal("srcDir") ?? "");
  const dirs = [inProject(dir)];
  if (nuxt) dirs.push(...layerServerDirs(sources, projectRoot, text).map(inProject));
  return {
    project,
    dirs,
    apiDir: clean(literal("apiDir") ?? "api"),
    routesDir: clean(literal("routesDir") ?? "routes"),
    apiBase: `/${(literal("apiBaseURL") ?? "/api").replace(/^\/+|\/+$/g, "")}`,
    // Nuxt's `app.baseURL` is its Nitro server's `baseURL`: every server route is served under it.
    baseURL: configSetting(nuxt ? nuxtFile : nitroFile, nuxt ? ["app", "baseURL"] : ["baseURL"]),
    ...configHandlers(
      sources,
      projectRoot,
      nuxt ? nuxtFile : nitroFile,
      nuxt ? [["serverHandlers"], ["nitro", "handlers"]] : [["handlers"]],
      // Nitro 3 (the `nitro` package) routes with rou3, whose last `**` matches the path above it too; Nitro 2
      // (`nitropack`, Nuxt 3 and 4) with h3 1.x's radix3, whose `**` needs a segment below.
      !nuxt && dependencies.some((d) => d === "nitro" || d === "nitro-nightly") && !dependencies.includes("nitropack"),
    ),
  };
}

/**
 * The routes of the config's `handlers` (Nitro) / `serverHandlers` (Nuxt, and its `nitro.handlers`), and Nitro 3's
 * `routes` (`{ "/api/**": "./src/api.ts" }`, or `{ handler, method }` per route): each
 * `{ route, method?, handler: "./path/to/file" }` is served as a route file at `route` (its `method`, or every
 * method the handler answers). Entries with `middleware: true` (run before every route, not a route),
 * `env: "dev"` or `"prerender"` (not on a deployed server) and `devHandlers` are not routes. An entry apidex
 * cannot read (a route, method or handler that is not a string literal, a handler file it cannot find) is
 * reported where it is written.
 */
function configHandlers(
  sources: SourceSet,
  projectRoot: string,
  config: ConfigText | undefined,
  keyPaths: readonly (readonly string[])[],
  rou3: boolean,
): { handlers?: Map<string, NitroRoute>; unreadableHandlers?: SourceSite[] } {
  const handlers = new Map<string, NitroRoute>();
  const unreadable: SourceSite[] = [];
  const text = (e: ts.Expression | undefined) =>
    e && (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) ? e.text : undefined;
  // Nitro 3's `routes: { "/api/**": "./src/api.ts", "/hooks": { handler, method } }`.
  const routes = rou3 ? configExpression(config, ["routes"]) : undefined;
  if (routes && "unreadable" in routes) unreadable.push(routes.unreadable);
  else if (routes && ts.isObjectLiteralExpression(routes.expression))
    for (const property of routes.expression.properties) {
      const route = property.name && (ts.isStringLiteral(property.name) || ts.isIdentifier(property.name)) ? property.name.text : undefined;
      const value = ts.isPropertyAssignment(property) ? property.initializer : undefined;
      const entry = value && ts.isObjectLiteralExpression(value) ? value : undefined;
      const field = (name: string) => {
        const p = entry?.properties.find((q) => ts.isPropertyAssignment(q) && q.name.getText(routes.file) === name);
        return p && ts.isPropertyAssignment(p) ? p.initializer : undefined;
      };
      const handler = entry ? text(field("handler")) : text(value);
      const method = field("method");
      const file = handler !== undefined ? handlerFile(sources, projectRoot, handler) : undefined;
      if (route === undefined || file === undefined || (method && text(method) === undefined)) {
        unreadable.push(siteOf(property, routes.file));
        continue;
      }
      handlers.set(file, nitroConfigRoute(route, text(method), true));
    }
  for (const keys of keyPaths) {
    const setting = configExpression(config, keys);
    if (!setting) continue;
    if ("unreadable" in setting || !ts.isArrayLiteralExpression(setting.expression)) {
      unreadable.push("unreadable" in setting ? setting.unreadable : siteOf(setting.expression, setting.file));
      continue;
    }
    for (const element of setting.expression.elements) {
      if (!ts.isObjectLiteralExpression(element)) {
        unreadable.push(siteOf(element, setting.file));
        continue;
      }
      const prop = (name: string) => {
        const p = element.properties.find((q) => ts.isPropertyAssignment(q) && q.name.getText(setting.file) === name);
        return p && ts.isPropertyAssignment(p) ? p.initializer : undefined;
      };
      const middleware = prop("middleware");
      const env = text(prop("env"));
      if ((middleware && middleware.kind === ts.SyntaxKind.TrueKeyword) || env === "dev" || env === "prerender") continue;
      const route = text(prop("route"));
      const method = prop("method");
      const handler = text(prop("handler"));
      const file = handler !== undefined ? handlerFile(sources, projectRoot, handler) : undefined;
      if (route === undefined || file === undefined || (method && text(method) === undefined)) {
        unreadable.push(siteOf(element, setting.file));
        continue;
      }
      handlers.set(file, nitroConfigRoute(route, text(method), rou3));
    }
  }
  return { ...(handlers.size ? { handlers } : {}), ...(unreadable.length ? { unreadableHandlers: unreadable } : {}) };
}

const HANDLER_ENDINGS = ["", ".ts", ".mts", ".js", ".mjs", "/index.ts", "/index.js"];

/** A handler's file, root-relative (posix): `./x`, `x`, and Nuxt's `~/x`, `~~/x`, `@/x`, `@@/x` from the project's folder. */
function handlerFile(sources: SourceSet, projectRoot: string, handler: string): string | undefined {
  const rel = handler.replace(/^(~~|@@|~|@)\//, "").replace(/^\.\//, "");
  if (rel.startsWith("../") || rel.startsWith("/") || /^[#\w@-]+:/.test(rel)) return undefined;
  for (const ending of HANDLER_ENDINGS) {
    const file = path.join(projectRoot, rel + ending);
    if (sources.host.fileExists(file)) return path.relative(sources.root, file).split(path.sep).join("/");
  }
  return undefined;
}

/**
 * The server folders of a Nuxt project's layers: those in `layers/*` (registered by Nuxt itself, 3.12 and
 * later) and the local ones its config `extends` (`extends: ["./base"]`, written as literals). Each layer's
 * `server/api` and `server/routes` are served as the project's own.
 */
function layerServerDirs(sources: SourceSet, projectRoot: string, config: string): string[] {
  const out = new Set<string>();
  for (const file of sources.listedUnder(path.join(projectRoot, "layers"))) {
    const rel = path.relative(projectRoot, file).split(path.sep).join("/");
    const layer = /^layers\/([^/]+)\/server\/(api|routes)\//.exec(rel);
    if (layer) out.add(`layers/${layer[1]}/server`);
  }
  const extended = /\bextends\s*:\s*(\[[^\]]*\]|["'`][^"'`]+["'`])/.exec(config)?.[1] ?? "";
  for (const m of extended.matchAll(/["'`](\.{1,2}\/[^"'`]+)["'`]/g)) out.add(`${path.posix.normalize(m[1]!).replace(/\/+$/, "")}/server`);
  return [...out].sort();
}

/**
 * h3's exports Nitro makes available to server code without an import, that a route file may serve an h3
 * router with (`export default useBase("/api", router.handler)`): read as imports of `h3`.
 */
const H3_AUTO_IMPORTS = new Set([
  "createRouter",
  "useBase",
  "defineEventHandler",
  "eventHandler",
  "defineLazyEventHandler",
  "lazyEventHandler",
  "fromNodeMiddleware",
]);

/**
 * Nitro's auto-imports: the names the top-level files of each server folder's `utils/` export (Nuxt's
 * `server/utils`), which its server code calls without importing them. The first file in path order that
 * exports a name gives it, in the project the importing file belongs to (else the first project); h3's router
 * helpers otherwise (`pkg:h3`).
 */
export function nitroAutoImports(
  sources: SourceSet,
  layouts: readonly NitroLayout[],
): (name: string, fromFile: string) => string | undefined {
  const byProject = new Map<NitroLayout, Map<string, string>>();
  const exportsOf = (layout: NitroLayout) => {
    let byName = byProject.get(layout);
    if (!byName) {
      byName = new Map();
      byProject.set(layout, byName);
      // Listed, not only parsed: nothing imports these files, so the scan may not have read them.
      const files = layout.dirs
        .flatMap((d) =>
          sources.listedUnder(path.join(sources.root, d, "utils")).map((f) => ({ f, rest: f.slice(f.lastIndexOf("/utils/") + 7) })),
        )
        .filter(({ f, rest }) => !rest.includes("/") && /\.(ts|mts|js|mjs)$/.test(f) && !/\.d\.[cm]?ts$/.test(f))
        .map(({ f }) => f);
      for (const file of files)
        for (const exported of exportedNames(sources.getFile(file))) if (!byName.has(exported)) byName.set(exported, file);
    }
    return byName;
  };
  return (name, fromFile) => {
    const rel = posixRelative(sources, fromFile);
    const layout = layouts.find((l) => !l.project || rel.startsWith(`${l.project}/`)) ?? layouts[0];
    return (layout && exportsOf(layout).get(name)) ?? (H3_AUTO_IMPORTS.has(name) ? "pkg:h3" : undefined);
  };
}

/** The names a module declares as exports itself (`export const`, `export function`, `export { a as b }`). */
function exportedNames(file: ts.SourceFile | undefined): string[] {
  const out: string[] = [];
  for (const statement of file?.statements ?? []) {
    const exported = ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (
      ts.isExportDeclaration(statement) &&
      !statement.moduleSpecifier &&
      statement.exportClause &&
      ts.isNamedExports(statement.exportClause)
    )
      out.push(...statement.exportClause.elements.map((e) => e.name.text));
    if (!exported) continue;
    if (ts.isVariableStatement(statement))
      for (const d of statement.declarationList.declarations) if (ts.isIdentifier(d.name)) out.push(d.name.text);
    if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement) || ts.isEnumDeclaration(statement)) && statement.name)
      out.push(statement.name.text);
  }
  return out;
}
