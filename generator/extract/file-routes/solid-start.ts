/**
 * SolidStart's file routes (`@solidjs/start` 1.x on vinxi, 2.x as a Vite plugin): where the routes folder is,
 * which file is the middleware, and the path a route file answers, by SolidStart's own rules
 * (`config/fs-router.js` and `server/routes.js` of the package).
 */
import path from "node:path";
import type { SourceSite } from "../../diagnostics/diagnostic.js";
import type { SourceSet } from "../../scan/source-set.js";
import { importedPackages } from "../shared.js";
import { type FileRoute, type RouteSegment, routeOfChoices } from "./file-paths.js";
import { type OptionValue, pluginOptions } from "./plugin-options.js";

/** Where a SolidStart project keeps its routes and middleware (root-relative posix paths). */
export interface SolidStartLayout {
  routesDir: string;
  /** The extensions of route files, without dots (`js`, `jsx`, `ts`, `tsx` and the config's `extensions`). */
  extensions: string[];
  /** The module the config's `middleware` names, root-relative, and where; undefined without one. */
  middleware?: { file: string; site: SourceSite };
  /** Options written as something apidex cannot read (`routeDir: process.env.X`), with what was assumed. */
  unreadable: { option: string; site: SourceSite }[];
}

/** A route file's route, or why SolidStart refuses it as an API route. */
export type SolidStartRoute = { route: FileRoute } | { refused: string };

const SOLID_CONFIG = /^@solidjs\/start\/config$/;

/** Whether the project uses SolidStart: a module imports `@solidjs/start` (or one of its entry points). */
export function usesSolidStart(sources: SourceSet): boolean {
  return sources.files.some((f) => importedPackages(f).some((p) => p === "@solidjs/start" || p.startsWith("@solidjs/start/")));
}

/**
 * The layout by the config: SolidStart 1's `defineConfig({ appRoot, routeDir, extensions, middleware })` in
 * `app.config.ts`, SolidStart 2's `solidStart({ ... })` among `vite.config.ts`'s plugins; without one, the
 * defaults (`./src` + `./routes`).
 */
export function solidStartLayout(sources: SourceSet): SolidStartLayout {
  const found = pluginOptions(sources, ["app.config", "vite.config"], SOLID_CONFIG, ["defineConfig", "solidStart"]);
  const unreadable: SolidStartLayout["unreadable"] = [];
  const option = (name: string, fallback: string | undefined): string | undefined => {
    const value: OptionValue | undefined = found?.options.get(name);
    if (!value) return fallback;
    if ("unreadable" in value) {
      unreadable.push({ option: name, site: value.unreadable });
      return fallback;
    }
    return value.text;
  };
  const appRoot = option("appRoot", "./src")!;
  const routesDir = clean(path.posix.join(appRoot, option("routeDir", "./routes")!));
  const middleware = option("middleware", undefined);
  const middlewareSite = found?.options.get("middleware");
  return {
    routesDir,
    // `extensions` is an array: only the defaults are taken (a project adding `mdx` adds pages, not API routes).
    extensions: ["js", "jsx", "ts", "tsx"],
    ...(middleware && middlewareSite && "site" in middlewareSite
      ? { middleware: { file: clean(middleware), site: middlewareSite.site } }
      : {}),
    unreadable,
  };
}

/**
 * The route a file below the routes folder answers (`rel` root-relative), SolidStart's rules: the extension
 * goes, a last `index` segment is its folder's path, `(group)` (anywhere in a segment) vanishes, `[id]` is a
 * parameter and `[...rest]` a catch-all (radix3's `**`: one or more segments; indexed as one segment, APX205). `[[optional]]` parameters are refused in API routes (SolidStart throws at start-up).
 */
export function solidStartRoute(rel: string, layout: SolidStartLayout): SolidStartRoute | undefined {
  const posix = rel.split(path.sep).join("/");
  const dir = layout.routesDir ? `${layout.routesDir}/` : "";
  if (!posix.startsWith(dir) || /\.d\.[cm]?ts$/.test(posix)) return undefined;
  const ending = new RegExp(`\\.(${layout.extensions.join("|")})$`);
  if (!ending.test(posix)) return undefined;
  const name = posix
    .slice(dir.length)
    .replace(ending, "")
    .replace(/(^|\/)index$/, "$1");
  const segments = name
    .replace(/\([^)/]+\)/g, "")
    .split("/")
    .filter(Boolean);
  const choices: RouteSegment[][] = [];
  for (const segment of segments) {
    const optional = /^\[\[(.+)\]\]$/.exec(segment);
    const rest = /^\[\.\.\.(.+)\]$/.exec(segment);
    const param = /^\[(.+)\]$/.exec(segment);
    if (optional) return { refused: `its path has the optional parameter \`${segment}\`, which SolidStart refuses in API routes` };
    if (rest) choices.push([{ kind: "catchAll", name: rest[1]!, optional: false }]);
    else if (param) choices.push([{ kind: "param", name: param[1]! }]);
    else if (/\[[^\]]*\]/.test(segment))
      return { refused: `its segment \`${segment}\` mixes a parameter with literal text, which SolidStart's API router does not match` };
    else choices.push([{ kind: "literal", text: segment }]);
  }
  return { route: routeOfChoices(choices) };
}

function clean(dir: string): string {
  const normal = path.posix.normalize(dir.split(path.sep).join("/")).replace(/^\.\//, "").replace(/\/+$/, "");
  return normal === "." ? "" : normal;
}
