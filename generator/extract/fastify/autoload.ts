import path from "node:path";
import { ts } from "../../typescript.js";
import { topLevelInitializer, unwrapExpression } from "../../resolve/syntax.js";

/**
 * @fastify/autoload (and its older name fastify-autoload): `register(AutoLoad, { dir: join(__dirname,
 * "routes") })` loads every script below `dir` as a plugin, prefixed with its folders' names. This module
 * holds the package's rules, read from its documentation: which files are plugins, their prefixes, and
 * which `autohooks` files wrap them. Running the plugins is the Fastify host's.
 */

export const AUTOLOAD_PACKAGES = new Set(["@fastify/autoload", "fastify-autoload"]);

/** The options of one `register(AutoLoad, { ... })` that decide what is loaded where. */
export interface AutoloadOptions {
  /** Folder names prefix their plugins' routes (`dirNameRoutePrefix`, default true). */
  dirNameRoutePrefix: boolean;
  /** Files (by path below `dir`) not loaded (`ignorePattern`). */
  ignorePattern?: RegExp;
  /** `autohooks` files wrap the plugins of their folder (`autoHooks`, default false). */
  autoHooks: boolean;
  /** An `autohooks` file also wraps the plugins of the folders below (`cascadeHooks`). */
  cascadeHooks: boolean;
}

export interface AutoloadPlugin {
  file: string;
  /** The prefix its folders give (`/users/_id`), empty at the top. */
  prefix: string;
  /** The `autohooks` files whose hooks apply to it, outermost first. */
  hooks: string[];
}

const SCRIPT = /\.(?:ts|mts|cts|js|mjs|cjs)$/i;
const DECLARATION = /\.d\.[cm]?ts$/i;
const INDEX = /^index\.(?:ts|mts|cts|js|mjs|cjs)$/i;
const AUTOHOOKS = /^[_.]?auto_?hooks\.(?:ts|mts|cts|js|mjs|cjs)$/i;

/**
 * The plugins autoload finds below `dir`, in path order: each script of a folder, except that a folder
 * holding an `index` file loads only that file (its subfolders still load); `autohooks` files are hooks,
 * not plugins.
 */
export function autoloadPlugins(dir: string, files: readonly string[], options: AutoloadOptions): AutoloadPlugin[] {
  const byFolder = new Map<string, string[]>();
  for (const file of files) {
    if (!SCRIPT.test(file) || DECLARATION.test(file)) continue;
    const relative = path.relative(dir, file).split(path.sep).join("/");
    if (relative.startsWith("..") || (options.ignorePattern && options.ignorePattern.test(relative))) continue;
    const folder = path.posix.dirname(relative);
    byFolder.set(folder, [...(byFolder.get(folder) ?? []), file]);
  }
  const hooksOf = (folder: string): string[] => {
    if (!options.autoHooks) return [];
    const out: string[] = [];
    const chain = folder === "." ? ["."] : [".", ...folder.split("/").map((_, i, all) => all.slice(0, i + 1).join("/"))];
    chain.forEach((f, i) => {
      if (!options.cascadeHooks && i !== chain.length - 1) return;
      const hook = (byFolder.get(f) ?? []).find((file) => AUTOHOOKS.test(path.basename(file)));
      if (hook) out.push(hook);
    });
    return out;
  };
  const plugins: AutoloadPlugin[] = [];
  for (const folder of [...byFolder.keys()].sort()) {
    const scripts = byFolder.get(folder)!.filter((file) => !AUTOHOOKS.test(path.basename(file)));
    const index = scripts.find((file) => INDEX.test(path.basename(file)));
    const prefix = folder === "." || !options.dirNameRoutePrefix ? "" : `/${folder}`;
    for (const file of index ? [index] : scripts.sort()) plugins.push({ file, prefix, hooks: hooksOf(folder) });
  }
  return plugins;
}

/**
 * A plugin's prefix as autoload computes it: the `options.prefix` given to autoload (without a final `/`),
 * then the plugin's `autoPrefix` export or else its folders' prefix; a `prefixOverride` export replaces
 * all of it. With `routeParams`, `__` becomes `:` (mixed parameters, `__country-__language`), else a
 * folder starting with `_` is a parameter (`/_id` → `/:id`).
 */
export function pluginPrefix(
  base: string,
  folderPrefix: string,
  exports: { autoPrefix?: string | undefined; prefixOverride?: string | undefined },
  routeParams: boolean,
): string {
  let prefix: string;
  if (exports.prefixOverride !== undefined) prefix = exports.prefixOverride;
  else {
    const own = exports.autoPrefix ?? folderPrefix;
    prefix = own ? base.replace(/\/$/, "") + own.replace(/\/+/g, "/") : base;
  }
  if (routeParams && prefix) prefix = /__/.test(prefix) ? prefix.replace(/__/g, ":") : prefix.replace(/\/_/g, "/:");
  return prefix || "/";
}

/**
 * The folder a `dir` option names, read from its syntax: `join(__dirname, "routes")`,
 * `path.resolve(import.meta.dirname, "routes")`, `fileURLToPath(new URL("./routes", import.meta.url))`,
 * and a module-level `const __dirname = dirname(fileURLToPath(import.meta.url))`. Undefined otherwise.
 */
export function staticFolder(node: ts.Expression, file: ts.SourceFile): string | undefined {
  const here = path.dirname(file.fileName);
  const read = (expression: ts.Expression, depth: number): string | undefined => {
    if (depth > 8) return undefined;
    const e = unwrapExpression(expression);
    if (ts.isStringLiteralLike(e)) return e.text;
    if (ts.isIdentifier(e)) {
      if (e.text === "__dirname") return here;
      const init = topLevelInitializer(file, e.text, true);
      return init ? read(init, depth + 1) : undefined;
    }
    // import.meta.dirname
    if (ts.isPropertyAccessExpression(e) && e.name.text === "dirname" && ts.isMetaProperty(e.expression)) return here;
    if (!ts.isCallExpression(e)) return undefined;
    const callee = e.expression;
    const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : "";
    if (name === "join" || name === "resolve") {
      const parts = e.arguments.map((a) => read(a, depth + 1));
      if (parts.some((p) => p === undefined) || !parts.length || !path.isAbsolute(parts[0]!)) return undefined;
      return name === "join" ? path.join(...(parts as string[])) : path.resolve(...(parts as string[]));
    }
    // dirname(fileURLToPath(import.meta.url)), fileURLToPath(new URL("./routes", import.meta.url))
    if (name === "dirname" && e.arguments[0]) {
      const inner = unwrapExpression(e.arguments[0]);
      if (isFileOfModule(inner)) return here;
      const p = read(inner, depth + 1);
      return p && path.isAbsolute(p) ? path.dirname(p) : undefined;
    }
    if (name === "fileURLToPath" && e.arguments[0]) {
      const url = unwrapExpression(e.arguments[0]);
      if (ts.isNewExpression(url) && ts.isIdentifier(url.expression) && url.expression.text === "URL" && url.arguments?.length === 2) {
        const relative = read(url.arguments[0]!, depth + 1);
        if (relative !== undefined && isMetaUrl(url.arguments[1]!)) return path.resolve(here, relative);
      }
    }
    return undefined;
  };
  const folder = read(node, 0);
  return folder && path.isAbsolute(folder) ? path.normalize(folder) : undefined;
}

/** `fileURLToPath(import.meta.url)` */
function isFileOfModule(e: ts.Expression): boolean {
  return (
    ts.isCallExpression(e) &&
    ts.isIdentifier(e.expression) &&
    e.expression.text === "fileURLToPath" &&
    e.arguments.length === 1 &&
    isMetaUrl(e.arguments[0]!)
  );
}

function isMetaUrl(e: ts.Expression): boolean {
  const inner = unwrapExpression(e);
  return ts.isPropertyAccessExpression(inner) && inner.name.text === "url" && ts.isMetaProperty(inner.expression);
}
