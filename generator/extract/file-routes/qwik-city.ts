/**
 * Qwik City's file routes (`@builder.io/qwik-city` 1.x, `@qwik.dev/router` 2.x): where its routes are, the path
 * an `index` file answers, and the layouts and server plugins whose request handlers run before it — by Qwik
 * City's own rules (its build-time `resolveRoute`, `parseRoutePathname` and `walkServerPlugins`).
 */
import path from "node:path";
import type { SourceSite } from "../../diagnostics/diagnostic.js";
import type { SourceSet } from "../../scan/source-set.js";
import { ts } from "../../typescript.js";
import { importedPackages } from "../shared.js";
import { type FileRoute, type RouteSegment, routeOfChoices, underBase } from "./file-paths.js";
import { pluginOptions } from "./plugin-options.js";

/** Where a Qwik City project keeps its routes (root-relative posix paths) and the base it serves them under. */
export interface QwikCityLayout {
  routesDir: string;
  serverPluginsDir: string;
  basePathname: string;
  /** Options written as something apidex cannot read (`basePathname: process.env.BASE`), with what was assumed. */
  unreadable: { option: string; site: SourceSite }[];
}

/** The request-handler exports of a Qwik City module and the methods they answer (`onRequest`: every one). */
export const QWIK_HANDLERS: ReadonlyMap<string, string> = new Map([
  ["onGet", "GET"],
  ["onPost", "POST"],
  ["onPut", "PUT"],
  ["onPatch", "PATCH"],
  ["onDelete", "DELETE"],
  ["onOptions", "OPTIONS"],
  ["onHead", "HEAD"],
]);

/** A route file of Qwik City: its route and the layout it asks for (`index@name`, `index!` for none). */
export interface QwikRouteFile {
  route: FileRoute;
  layoutName: string;
  layoutStop: boolean;
}

const QWIK_CONFIG = /^(@builder\.io\/qwik-city|@qwik\.dev\/router)\/vite$/;
const MODULE = /\.(ts|tsx|js|jsx)$/;

/** Whether the project uses Qwik City: a module imports `@builder.io/qwik-city` or `@qwik.dev/router`. */
export function usesQwikCity(sources: SourceSet): boolean {
  return sources.files.some((f) => importedPackages(f).some((p) => /^(@builder\.io\/qwik-city|@qwik\.dev\/router)(\/|$)/.test(p)));
}

/**
 * The layout by `vite.config.ts`'s `qwikCity({ routesDir, serverPluginsDir, basePathname })` (v2:
 * `qwikRouter(...)`): `src/routes` by default, plugins in the routes folder, and the base Vite's `base` gives
 * (`/` by default).
 */
export function qwikCityLayout(sources: SourceSet): QwikCityLayout {
  const found = pluginOptions(sources, ["vite.config"], QWIK_CONFIG, ["qwikCity", "qwikRouter"]);
  const unreadable: QwikCityLayout["unreadable"] = [];
  const option = (from: Map<string, import("./plugin-options.js").OptionValue> | undefined, name: string): string | undefined => {
    const value = from?.get(name);
    if (!value) return undefined;
    if ("unreadable" in value) {
      unreadable.push({ option: name, site: value.unreadable });
      return undefined;
    }
    return value.text;
  };
  const routesDir = clean(option(found?.options, "routesDir") ?? "src/routes");
  const serverPluginsDir = clean(option(found?.options, "serverPluginsDir") ?? routesDir);
  // `baseUrl` is the older name of `basePathname`; without either, Vite's `base`.
  const basePathname = option(found?.options, "basePathname") ?? option(found?.options, "baseUrl") ?? option(found?.config, "base") ?? "/";
  return { routesDir, serverPluginsDir, basePathname: basePathname.startsWith("/") ? basePathname : "/", unreadable };
}

/**
 * The route an `index` module answers (`index.ts`, `index.tsx`, `index@name.tsx`, `index!.tsx`), by its
 * folder below the routes folder: `(group)` folders (and the older `__group`) vanish, `[id]` is a parameter
 * (also inside a segment: `v-[id]`), `[...rest]` matches anything below, nothing included (the path without
 * it, and with it as one segment, APX205); all under the base pathname. Qwik City matches a path with and
 * without its trailing slash: it is indexed without.
 */
export function qwikRouteFile(rel: string, layout: QwikCityLayout): QwikRouteFile | undefined {
  const posix = rel.split(path.sep).join("/");
  const dir = layout.routesDir ? `${layout.routesDir}/` : "";
  if (!posix.startsWith(dir) || !MODULE.test(posix) || /\.d\.ts$/.test(posix)) return undefined;
  const parts = posix.slice(dir.length).split("/");
  const extless = parts.pop()!.replace(MODULE, "");
  if (!/^index(|!|@.+)$/.test(extless)) return undefined;
  const layoutStop = extless.endsWith("!");
  const layoutName = extless.includes("@") ? extless.slice(extless.indexOf("@") + 1).replace(/!$/, "") : "";
  const choices: RouteSegment[][] = [];
  let restInside = false;
  for (const segment of parts) {
    if (!segment || segment.startsWith("__") || (segment.startsWith("(") && segment.endsWith(")"))) continue;
    const rest = /^\[\.\.\.(\w+)?\]$/.exec(segment);
    const param = /^\[(\w+)\]$/.exec(segment);
    if (rest)
      choices.push([
        { kind: "catchAll", name: rest[1] ?? "rest", optional: true },
        { kind: "literal", text: "" },
      ]);
    else if (param) choices.push([{ kind: "param", name: param[1]! }]);
    else {
      if (/\[\.\.\.\w*\]/.test(segment)) restInside = true;
      choices.push([{ kind: "literal", text: segment.replace(/\[(?:\.\.\.)?(\w+)\]/g, "{$1}") }]);
    }
  }
  const route = underBase(routeOfChoices(choices), layout.basePathname);
  return { route: restInside ? { ...route, wildcard: true } : route, layoutName, layoutStop };
}

/**
 * The layout modules whose handlers run before a route module, outermost first, as Qwik City's `resolveRoute`
 * picks them: from the route's folder up to the routes folder, in each folder `layout.*` (for `index@name`:
 * `layout-name.*` until found, then `layout.*`), stopping after a top layout (`layout!.*`); none for `index!`.
 */
export function qwikLayouts(sources: SourceSet, routeFile: string, file: QwikRouteFile, layout: QwikCityLayout): ts.SourceFile[] {
  if (file.layoutStop) return [];
  const found: ts.SourceFile[] = [];
  const top = path.join(sources.root, layout.routesDir);
  let current = path.dirname(routeFile);
  let named = file.layoutName !== "";
  for (let depth = 0; depth < 20; depth++) {
    const wanted = named ? `layout-${file.layoutName}` : "layout";
    const module = layoutModule(sources, current, wanted);
    if (module) {
      found.push(module.file);
      named = false;
      if (module.top) break;
    }
    if (path.relative(top, current) === "" || path.relative(top, current).startsWith("..")) break;
    current = path.dirname(current);
  }
  return found.reverse();
}

/** A folder's layout module of that name: `layout.tsx`, or its top form `layout!.tsx`. */
function layoutModule(sources: SourceSet, dir: string, name: string): { file: ts.SourceFile; top: boolean } | undefined {
  for (const top of [false, true])
    for (const ending of ["tsx", "ts", "jsx", "js"]) {
      const file = sources.getFile(path.join(dir, `${name}${top ? "!" : ""}.${ending}`));
      if (file) return { file, top };
    }
  return undefined;
}

/** The server plugins (`plugin.ts`, `plugin@auth.ts` directly in the plugins folder): their handlers run before every route's. */
export function qwikPlugins(sources: SourceSet, layout: QwikCityLayout): ts.SourceFile[] {
  const dir = path.join(sources.root, layout.serverPluginsDir);
  return sources.files
    .filter((f) => path.dirname(f.fileName) === dir && /^plugin(|@.+)\.(ts|tsx|js|jsx)$/.test(path.basename(f.fileName)))
    .filter((f) => !/\.(test|unit|spec)\.[jt]sx?$/.test(f.fileName))
    .sort((a, b) => (a.fileName < b.fileName ? -1 : 1));
}

function clean(dir: string): string {
  const normal = path.posix.normalize(dir.split(path.sep).join("/")).replace(/^\.\//, "").replace(/\/+$/, "");
  return normal === "." ? "" : normal;
}

/** The request event's members that send a response (`json(200, data)`, `ev.send(204, "")`, `text`, `html`). */
const RESPONDERS = new Set(["json", "send", "text", "html", "getWritableStream"]);

/**
 * Whether a handler, as written, sends a response itself: it calls the request event's `json`, `send`, `text`,
 * `html` or `getWritableStream` (destructured or as a member), or returns a `Response`.
 */
export function respondsItself(node: ts.Node): boolean {
  let found = false;
  const visit = (n: ts.Node): void => {
    if (found) return;
    if (ts.isCallExpression(n)) {
      const callee = n.expression;
      const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : undefined;
      if (name && RESPONDERS.has(name)) found = true;
    }
    if (ts.isNewExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === "Response") found = true;
    ts.forEachChild(n, visit);
  };
  visit(node);
  return found;
}
