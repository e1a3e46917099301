/**
 * Deno's Fresh (1.x, `$fresh/server.ts`; 2.x, `fresh` / `@fresh/core`): routes are the modules of a project's
 * `routes/` folder, each answering the path its name gives, by Fresh's own rules (1.x `pathToPattern`, 2.x
 * `fsRoutes`): `index` is its folder, `[id]` a parameter (also inside a segment: `v-[id]`), `[[id]]` an optional
 * one, `[...rest]` anything below, nothing included (indexed with and without it, as one segment: APX205);
 * `(group)` folders vanish and `(_name)` folders hold no routes; a module whose name starts with `_` is no route
 * (`_app`, `_layout`, `_middleware`, `_404`, `_500`).
 *
 * A route module answers through its `handler` export: an object of methods (`{ GET(req, ctx) {...} }`, also
 * through Fresh 2's `define.handlers({...})`) answers those methods; a function answers every method. A page (a
 * default-exported component) renders for GET: its `handler.GET` serves that page, not an API operation, while
 * its other methods (a form's POST) are operations.
 */
import path from "node:path";
import type { SourceSet } from "../../scan/source-set.js";
import type { ts } from "../../typescript.js";
import { importedPackages } from "../shared.js";
import { type FileRoute, type RouteSegment, routeOfChoices } from "./file-paths.js";

const FRESH_MODULE = /^(\$fresh\/|fresh($|\/)|@fresh\/core($|\/)|jsr:@fresh\/core|https:\/\/deno\.land\/x\/fresh@)/;
const MODULE = /\.(ts|tsx|js|jsx)$/;
/** The files that mark a Fresh project's folder (Deno's config, Fresh 1's manifest and config). */
const PROJECT_FILES = ["deno.json", "deno.jsonc", "fresh.gen.ts", "fresh.config.ts"];

/** Whether a module imports Fresh (`$fresh/server.ts` through the import map, `fresh`, `@fresh/core`, a deno.land URL). */
export function importsFresh(file: ts.SourceFile): boolean {
  return importedPackages(file).some((p) => FRESH_MODULE.test(p));
}

/**
 * The `routes/` folders of the project's Fresh apps (root-relative posix paths): that of the project folder (the
 * nearest folder with a Deno config or Fresh's manifest) of each module importing Fresh — a route module itself, or
 * Fresh 2's `utils.ts` that makes `define` — where the sources have modules.
 */
export function freshRouteDirs(sources: SourceSet): string[] {
  const posix = (file: string) => path.relative(sources.root, file).split(path.sep).join("/");
  const projects = new Set<string>();
  for (const file of sources.files.filter(importsFresh)) {
    for (let at = path.dirname(file.fileName); ; at = path.dirname(at)) {
      const rel = posix(at);
      if (rel.startsWith("..")) break;
      const markers = PROJECT_FILES.map((name) => path.join(at, name));
      // Looked at, so inputs of the run: a cached run must miss when one appears.
      sources.recordInputs(markers);
      if (markers.some((marker) => sources.host.fileExists(marker))) {
        projects.add(rel);
        break;
      }
      if (at === path.dirname(at)) break;
    }
  }
  const dirs = [...projects].map((project) => (project ? `${project}/routes` : "routes"));
  return dirs.filter((dir) => sources.files.some((f) => posix(f.fileName).startsWith(`${dir}/`))).sort();
}

/** The route a module of a Fresh `routes/` folder answers; undefined for one that is no route. */
export function freshRoute(rel: string, dirs: readonly string[]): FileRoute | undefined {
  const posix = rel.split(path.sep).join("/");
  const dir = dirs.find((d) => posix.startsWith(`${d}/`));
  if (!dir || !MODULE.test(posix) || /\.d\.ts$/.test(posix)) return undefined;
  const parts = posix.slice(dir.length + 1).split("/");
  const name = parts.pop()!.replace(MODULE, "");
  if (name.startsWith("_") || /\.test$/.test(name)) return undefined;
  if (parts.some((folder) => folder.startsWith("(_"))) return undefined;
  if (name !== "index") parts.push(name);
  const choices: RouteSegment[][] = [];
  let restInside = false;
  for (const segment of parts) {
    if (!segment || (segment.startsWith("(") && segment.endsWith(")"))) continue;
    const rest = /^\[\.\.\.(\w+)\]$/.exec(segment);
    const optional = /^\[\[(\w+)\]\]$/.exec(segment);
    const param = /^\[(\w+)\]$/.exec(segment);
    if (rest)
      choices.push([
        { kind: "catchAll", name: rest[1]!, optional: true },
        { kind: "literal", text: "" },
      ]);
    else if (optional)
      choices.push([
        { kind: "param", name: optional[1]! },
        { kind: "literal", text: "" },
      ]);
    else if (param) choices.push([{ kind: "param", name: param[1]! }]);
    else {
      if (/\[\.\.\.\w+\]/.test(segment)) restInside = true;
      choices.push([{ kind: "literal", text: segment.replace(/\[\[?(?:\.\.\.)?(\w+)\]\]?/g, "{$1}") }]);
    }
  }
  const route = routeOfChoices(choices);
  return restInside ? { ...route, wildcard: true } : route;
}
