import type { DiagnosticBag } from "../diagnostics/diagnostic.js";
import { joinPaths, type PathParseResult } from "./express/path-syntax.js";
import type { RouteFact } from "./route-fact.js";
import type { Layer, RouterNode } from "./router-graph.js";

/** How a framework writes paths, turned into OpenAPI paths. */
export type PathParser = (raw: string) => PathParseResult;

/** A middleware seen so far on the walk, with the paths it runs for. */
interface ActiveMiddleware {
  segments: string[][];
  end: boolean;
  keys: string[];
}

/** The methods an `all()` route answers, as separate operations. */
export const ALL_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];

/**
 * Walks an app's layers in the order the framework runs them and turns every route into facts. A route needs
 * its own checks plus those of every middleware registered before it (anywhere on the walk: a router's
 * `use()` also runs for requests that pass through it to a later sibling) whose path covers the route's.
 */
export function flattenApp(app: RouterNode, diagnostics: DiagnosticBag, framework: string, parsePath: PathParser): RouteFact[] {
  const routes: RouteFact[] = [];
  const active: ActiveMiddleware[] = [];

  const visit = (router: RouterNode, mountPath: string, chain: RouterNode[]): void => {
    const prefix = router.prefix ? joinPaths(mountPath, router.prefix) : mountPath;
    for (const layer of router.stack) {
      for (const raw of layer.paths) visitLayer(layer, joinPaths(prefix, raw), chain);
    }
  };

  const visitLayer = (layer: Layer, full: string, chain: RouterNode[]): void => {
    if (layer.type === "mount") {
      if (chain.includes(layer.router)) {
        diagnostics.error("APX212", `This mount makes a cycle: the router is already an ancestor on the path ${full}.`, layer.site, "Mount each router under one parent.");
        return;
      }
      visit(layer.router, full, [...chain, layer.router]);
      return;
    }
    const parsed = parsePath(full);
    if (!parsed.ok) {
      diagnostics.error("APX204", `The path \`${full}\` has ${parsed.problem}.`, layer.site, parsed.hint);
      return;
    }
    if (layer.type === "middleware") {
      const keys = layer.checks.flatMap((c) => c.keys);
      if (keys.length) active.push({ segments: parsed.variants.map((v) => segmentsOf(v.path)), end: layer.end, keys });
      return;
    }
    if (!layer.terminal) return;
    const own = layer.checks.flatMap((c) => c.keys);
    for (const variant of parsed.variants) {
      if (variant.wildcard) {
        diagnostics.warning("APX205", `The path \`${full}\` has a wildcard; it is indexed as \`${variant.path}\`, one segment.`, layer.site, "OpenAPI path parameters match one segment; callers must encode slashes.");
      }
      const segments = segmentsOf(variant.path);
      const inherited = active.filter((m) => m.segments.some((pattern) => covers(pattern, segments, m.end))).flatMap((m) => m.keys);
      const permissions = [...new Set([...inherited, ...own])].sort();
      for (const method of layer.method === "ALL" ? ALL_METHODS : [layer.method]) {
        routes.push({
          framework,
          method,
          path: variant.path,
          pathParams: variant.params,
          permissions,
          ...(layer.doc ? { doc: layer.doc } : {}),
          ...(layer.handler ? { handler: layer.handler } : {}),
          ...(layer.registration ? { registration: layer.registration } : {}),
          site: layer.site,
        });
      }
    }
  };

  visit(app, "/", [app]);
  return routes;
}

function segmentsOf(path: string): string[] {
  return path.split("/").filter(Boolean);
}

/**
 * Whether a middleware path surely runs for a route path. A parameter in the middleware path matches
 * any segment; a literal matches only the same literal (a route parameter could take that value, but
 * then only for that value, so it is not a requirement of the operation).
 */
function covers(pattern: string[], route: string[], end: boolean): boolean {
  if (pattern.length > route.length || (end && pattern.length !== route.length)) return false;
  return pattern.every((segment, i) => isParam(segment) || segment === route[i]);
}

function isParam(segment: string): boolean {
  return /^\{[^}]+\}$/.test(segment);
}
