import type { DiagnosticBag, SourceSite } from "../diagnostics/diagnostic.js";
import { handlerLabel } from "./handler-label.js";
import { joinPaths, type PathParseResult, type PathVariant } from "./express/path-syntax.js";
import type { BranchChoice, RouteFact } from "./route-fact.js";
import { hasAlternativesOrUnknowns, markFact, type Requirements, requirementsOf } from "./requirements.js";
import type { Layer, RouteCheck, RouterNode } from "./router-graph.js";
import type { RouteRequest } from "../resolve/values.js";

/** How a framework writes paths, turned into OpenAPI paths. */
export type PathParser = (raw: string) => PathParseResult;

/**
 * The middleware seen so far on the walk, by the segments of the paths they run for: a route collects
 * the checks of every node its own segments reach, so the cost follows the route's depth, not how many
 * middleware came before it (thousands, on a large service).
 */
class MiddlewareTrie {
  private readonly literals = new Map<string, MiddlewareTrie>();
  private param: MiddlewareTrie | undefined;
  /** Middleware whose path ends here: `end` ones run for this exact path only; one with a `method`, for it only. */
  private readonly here: { end: boolean; checks: readonly RouteCheck[]; method?: string }[] = [];
  /** The nodes `add` appended to, in order (kept on the root), so an encapsulated subtree's can be taken back. */
  private readonly log: MiddlewareTrie[] = [];

  /** A point to roll back to. */
  mark(): number {
    return this.log.length;
  }

  /** Removes what was added since `mark`: middleware of a Fastify context applies only inside it. */
  rollback(mark: number): void {
    while (this.log.length > mark) this.log.pop()!.here.pop();
  }

  add(segments: string[], end: boolean, checks: readonly RouteCheck[], method?: string): void {
    let node: MiddlewareTrie = this;
    for (const segment of segments) {
      if (isParam(segment)) node = node.param ??= new MiddlewareTrie();
      else {
        let next = node.literals.get(segment);
        if (!next) node.literals.set(segment, (next = new MiddlewareTrie()));
        node = next;
      }
    }
    node.here.push({ end, checks, ...(method ? { method } : {}) });
    this.log.push(node);
  }

  /**
   * The checks of every middleware that surely runs for a route path. A parameter in the middleware path
   * matches any segment; a literal matches only the same literal (a route parameter could take that
   * value, but then only for that value, so it is not a requirement of the operation).
   */
  checksFor(route: string[], method?: string, depth = 0, out: RouteCheck[] = []): RouteCheck[] {
    for (const m of this.here) if ((!m.end || depth === route.length) && (!m.method || m.method === method)) out.push(...m.checks);
    if (depth < route.length) {
      this.literals.get(route[depth]!)?.checksFor(route, method, depth + 1, out);
      this.param?.checksFor(route, method, depth + 1, out);
    }
    return out;
  }
}

/** The routes of a root app, each marked with where the app is created and which app made there it is (`RouteFact.app`, `appInstance`). */
export function ofApp(facts: RouteFact[], app: RouterNode): RouteFact[] {
  for (const fact of facts) {
    fact.app = app.site;
    fact.appInstance = app.id;
  }
  return facts;
}

/** The methods an `all()` route answers, as separate operations. */
/**
 * What a handler for every method answers (`app.all()`, NestJS `@All()`): the methods OpenAPI has an
 * operation for, but TRACE, as @nestjs/swagger documents `@All()`.
 */
export const ALL_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"];

/**
 * Walks an app's layers in the order the framework runs them and turns every route into facts. A route needs
 * its own checks plus those of every middleware registered before it (anywhere on the walk: a router's
 * `use()` also runs for requests that pass through it to a later sibling) whose path covers the route's.
 *
 * `simplePath` is the parser's fast path (Express: literal text and `:name` parameters, one variant): when
 * a router's mount prefix and a layer's own path both take it, and name no parameter twice, the route's
 * OpenAPI path is the two joined, each parsed once — a service's routers repeat the same few layer paths
 * (`/`, `/:id`) under hundreds of prefixes. Anything else parses the joined path in full.
 * `test/extract-express.test.ts` checks that both ways agree.
 */
export function flattenApp(
  app: RouterNode,
  diagnostics: DiagnosticBag,
  framework: string,
  parsePath: PathParser,
  simplePath?: (raw: string) => PathParseResult | undefined,
  /**
   * Middleware (hooks) of a router apply only to its own subtree (Fastify's encapsulation), not, as in
   * Express, to every later route whose path passes through it.
   */
  encapsulated = false,
): RouteFact[] {
  const routes: RouteFact[] = [];
  const active = new MiddlewareTrie();
  const simpleParts = new Map<string, SimpleParts | null>();
  const partsOf = (raw: string): SimpleParts | null => {
    let parts = simpleParts.get(raw);
    if (parts === undefined) {
      const simple = simplePath?.(raw);
      const variant = simple?.ok && simple.variants.length === 1 && !simple.variants[0]!.wildcard ? simple.variants[0]! : undefined;
      parts = variant ? { path: variant.path, params: variant.params, segments: segmentsOf(variant.path) } : null;
      simpleParts.set(raw, parts);
    }
    return parts;
  };

  const groupsSaid = new Set<string>();
  // Mounts on the way made after an early exit apidex cannot decide: the routes below are conditional.
  let conditionalMounts = 0;
  // The branches each conditional mount on the way is under (null: not only branches of `if`s).
  const mountBranches: (BranchChoice[] | null)[] = [];
  /** How many mounts under a prefix apidex could not read enclose the walk. */
  let unknownPrefixes = 0;
  const visit = (router: RouterNode, mountPath: string, chain: RouterNode[]): void => {
    if (router.prefixUnreadable) return;
    // Below a prefix apidex could not read, every route is relative to it (marked, as under such a mount).
    if (router.prefixUnknown) unknownPrefixes++;
    const prefix = router.prefix ? joinPaths(mountPath, router.prefix) : mountPath;
    const prefixParts = simplePath ? partsOf(prefix) : null;
    for (const layer of router.stack) {
      for (const raw of layer.paths) {
        if (prefixParts && layer.type !== "mount") {
          const own = partsOf(raw);
          if (own && !sharesParam(prefixParts.params, own.params)) {
            const path = prefixParts.path === "/" ? own.path : own.path === "/" ? prefixParts.path : prefixParts.path + own.path;
            addLayer(
              layer,
              path,
              joined(prefixParts.params, own.params),
              joined(prefixParts.segments, own.segments),
              true,
              matched(prefix, raw),
            );
            continue;
          }
        }
        visitLayer(layer, joinPaths(prefix, raw), chain, matched(prefix, raw));
      }
    }
    if (router.prefixUnknown) unknownPrefixes--;
  };

  /**
   * What Express's request says of a route it matched, for checks read per route (RouteBound): `baseUrl` is the
   * path the router is mounted at (empty on the app; a parameter in it makes it a value of the request) and
   * `route.path` the route's own path, as written.
   */
  const matched = (prefix: string, raw: string): MatchedRoute | undefined =>
    framework === "express"
      ? { baseUrl: /[:*(]/.test(prefix) ? undefined : prefix === "/" ? "" : prefix.replace(/\/$/, ""), routePath: raw }
      : undefined;

  const visitLayer = (layer: Layer, full: string, chain: RouterNode[], route?: MatchedRoute): void => {
    if (layer.type === "mount") {
      if (chain.includes(layer.router)) {
        diagnostics.warning(
          "APX212",
          `This mount makes a cycle: the router is already an ancestor on the path ${full}; the routes below it are indexed once, not again under the cycle.`,
          layer.site,
          "Mount each router under one parent.",
        );
        return;
      }
      const mark = active.mark();
      if (layer.conditional) {
        conditionalMounts++;
        mountBranches.push(layer.branches ?? null);
      }
      if (layer.prefixUnknown) unknownPrefixes++;
      const filter = layer.filter ? filterOf(layer.filter, full) : undefined;
      if (filter) filters.push(filter);
      visit(layer.router, full, [...chain, layer.router]);
      if (filter) filters.pop();
      if (layer.conditional) {
        conditionalMounts--;
        mountBranches.pop();
      }
      if (layer.prefixUnknown) unknownPrefixes--;
      if (encapsulated) active.rollback(mark);
      return;
    }
    const parsed = parsePath(full);
    if (!parsed.ok) {
      diagnostics.warning(
        "APX204",
        `The path \`${full}\` has ${parsed.problem}; ${layer.type === "middleware" ? "its middleware is not applied to any route" : "the route is left out"}.`,
        layer.site,
        parsed.hint,
      );
      return;
    }
    if (layer.type === "route" && layer.terminal) reportPathShape(diagnostics, full, parsed.variants, layer.site, framework, groupsSaid);
    for (const variant of parsed.variants)
      addLayer(layer, variant.path, variant.params, segmentsOf(variant.path), variant.plain === true, route);
  };

  /** The routes' filters of the routers given as route handlers the walk is inside (`app.all("/x*", router)`). */
  const filters: { segments: string[]; end: boolean; method?: string; only?: true; below?: true }[] = [];
  const filterOf = (filter: NonNullable<Extract<Layer, { type: "mount" }>["filter"]>, full: string) => {
    const parsed = parsePath(joinPaths(full, filter.path));
    const variant = parsed.ok ? parsed.variants[0] : undefined;
    return variant
      ? {
          segments: segmentsOf(variant.path),
          end: filter.end,
          ...(filter.method ? { method: filter.method } : {}),
          ...(filter.only ? { only: true as const } : {}),
          ...(filter.below ? { below: true as const } : {}),
        }
      : undefined;
  };

  /** A middleware or route layer at its OpenAPI path: the middleware joins the trie, the route becomes facts. */
  const addLayer = (
    layer: Exclude<Layer, { type: "mount" }>,
    path: string,
    params: string[],
    segments: string[],
    /** Its parameters each match any one segment (PathVariant.plain). */
    plain: boolean,
    route?: MatchedRoute,
  ): void => {
    if (layer.type === "middleware") {
      if (!layer.checks.length) return;
      // Inside a router a route hands on, a middleware broader than the route's path reaches only what the
      // route lets in.
      const filter = filters.at(-1);
      if (filter && segments.length <= filter.segments.length && segments.every((s, i) => s === filter.segments[i])) {
        if (filter.method && layer.method && filter.method !== layer.method) return;
        active.add(filter.segments, filter.end || layer.end, layer.checks, filter.method ?? layer.method);
        return;
      }
      active.add(segments, layer.end, layer.checks, layer.method);
      return;
    }
    if (!layer.terminal) return;
    // Inside a router that sees the whole path and gets only what its parent's route matches (itty-router's
    // `router.all("/api/*", api.fetch)`): a route outside that never answers.
    const outside = filters.find((f) => f.only && !admits(f, segments, layer.method));
    if (outside) {
      diagnostics.warning(
        "APX231",
        `\`${layer.method} ${path}\` is never answered: the router it is registered on matches the whole path, and its parent hands it only ${outside.method ? `${outside.method} ` : ""}requests to /${outside.segments.join("/")}${outside.below ? "/* (not that path itself)" : outside.end ? "" : "/*"}; it is not indexed.`,
        layer.site,
        outside.below
          ? "Register the route on the parent router, or give the parent a route for that path too (h3's `/api/**` needs a segment below `/api`)."
          : 'Give the child router the base its parent mounts it at (`Router({ base: "/api" })` for `router.all("/api/*", api.fetch)`).',
      );
      return;
    }
    // The handler refuses every request without a parameter this path lacks: the path serves only that refusal.
    const missing = layer.requires?.find((r) => !params.includes(r.name));
    if (missing) {
      diagnostics.add({
        severity: "warning",
        code: "APX236",
        message: `\`${layer.method} ${path}\` is registered with a handler that refuses every request without the path parameter \`${missing.name}\`; it answers nothing else, so it is not indexed.`,
        site: layer.site,
        hint: `Register only the path with \`:${missing.name}\`, or let the handler answer without it.`,
        related: [{ message: `the handler refuses a request without \`${missing.name}\``, site: missing.site }],
      });
      return;
    }
    // Said where the route is indexed (once: the bag keeps one of a kind), not for a router nothing mounts.
    if (layer.unreadHandler) diagnostics.warning("APX301", layer.unreadHandler.message, layer.unreadHandler.site, layer.unreadHandler.hint);
    const requirementsFor = (method: string): Requirements => {
      const checks = active.checksFor(segments, method);
      const own = route ? readPerRoute(layer.checks, { method, ...route }) : layer.checks;
      // Most routes only require keys: merged without building requirements (thousands of routes).
      return hasAlternativesOrUnknowns(checks) || hasAlternativesOrUnknowns(own)
        ? requirementsOf([...checks, ...own])
        : { permissions: uniqueSorted(keysOf(checks), keysOf(own)) };
    };
    const conditional = layer.conditional === true || conditionalMounts > 0;
    const relative = unknownPrefixes > 0 || layer.prefixUnknown === true;
    const branches = conditional ? branchesOf(layer.conditional ? (layer.branches ?? null) : [], mountBranches) : undefined;
    const fact = (method: string) => {
      const out = factOf(layer, framework, method, path, params, requirementsFor(method), conditional, relative);
      if (branches) out.branches = [branches];
      if (plain && params.length) out.plainParams = true;
      return out;
    };
    if (layer.method === "ALL") for (const method of layer.methods ?? ALL_METHODS) routes.push(fact(method));
    else routes.push(fact(layer.method));
  };

  visit(app, "/", [app]);
  return routes;
}

/**
 * What an indexed route's OpenAPI path cannot say of the route path it comes from, reported at the route:
 * a catch-all indexed as one segment (APX205), two parameters with nothing between them (APX206).
 */
export function reportPathShape(
  diagnostics: DiagnosticBag,
  full: string,
  variants: readonly PathVariant[],
  site: SourceSite,
  framework: string,
  /** The paths up to an unnamed group already said (APX207), for one walk of an app. */
  groupsSaid?: Set<string>,
): void {
  const adjacent = variants.find((v) => v.adjacent);
  if (adjacent?.adjacent)
    diagnostics.warning(
      "APX206",
      `The path \`${full}\` has the parameters \`${adjacent.adjacent[0]}\` and \`${adjacent.adjacent[1]}\` with nothing between them in one segment: where the first ends is decided by the router (its pattern, or the shortest match), which an OpenAPI path cannot say; it is indexed as \`${adjacent.path}\`, and a caller must join the two values as the router splits them.`,
      site,
      "Put a literal separator between the parameters (`/:tableId.:ordinalPosition`), or register one route per shape.",
    );
  const grouped = variants.find((v) => v.unnamedGroups?.length);
  // Said once per path up to its last group: a mount prefix with one (`router.use("/v([1-9]\\d*)", api)`) is
  // every route's below it, and the first says it for all.
  const upTo = full.slice(0, full.lastIndexOf(")") + 1);
  if (grouped && !groupsSaid?.has(upTo)) {
    groupsSaid?.add(upTo);
    const one = grouped.unnamedGroups!.length === 1;
    diagnostics.warning(
      "APX207",
      `The path \`${full}\` has ${one ? "an unnamed capture group, which the router makes a numbered parameter" : "unnamed capture groups, which the router makes numbered parameters"} (\`ctx.params[0]\`); ${one ? "it is" : "they are"} indexed as ${grouped.unnamedGroups!.map((n) => `\`{${n}}\``).join(", ")} (\`${grouped.path}\`), the pattern left to the router${groupsSaid ? `, and so is every other route under \`${upTo}\`` : ""}.`,
      site,
      "Name the parameter (`:version([1-9]\\d*)`) to choose its name in the artifacts.",
    );
  }
  for (const variant of variants) {
    if (!variant.wildcard) continue;
    diagnostics.warning(
      "APX205",
      variant.unnamedWildcard
        ? `The path \`${full}\` has an unnamed wildcard (\`*\`${framework === "express" ? ", Express 4" : ""}); it is indexed as \`${variant.path}\`, a catch-all parameter in one segment.`
        : `The path \`${full}\` has a wildcard; it is indexed as \`${variant.path}\`, one segment.`,
      site,
      variant.unnamedWildcard
        ? `${framework === "express" ? "Name the wildcard (Express 5: `*name`) to choose the parameter's name; " : ""}OpenAPI path parameters match one segment, so callers must encode slashes.`
        : "OpenAPI path parameters match one segment; callers must encode slashes.",
    );
  }
}

/** A path the parser's fast path took: its OpenAPI form, its parameters and its segments. */
interface SimpleParts {
  path: string;
  params: string[];
  segments: string[];
}

/**
 * The branches a route is under, its own and its mounts' (each condition once), when each conditional part of
 * its way is so only by branches of `if`s apidex cannot read; undefined when one is not (an early exit).
 */
function branchesOf(own: BranchChoice[] | null, mounts: readonly (BranchChoice[] | null)[]): BranchChoice[] | undefined {
  const out: BranchChoice[] = [];
  for (const list of [...mounts, own]) {
    if (list === null) return undefined;
    for (const choice of list) if (!out.some((c) => sameCondition(c, choice) && c.branch === choice.branch)) out.push(choice);
  }
  return out.length ? out : undefined;
}

const sameCondition = (a: BranchChoice, b: BranchChoice) =>
  a.condition.file === b.condition.file && a.condition.line === b.condition.line && a.condition.column === b.condition.column;

function factOf(
  layer: Extract<Layer, { type: "route" }>,
  framework: string,
  method: string,
  path: string,
  pathParams: string[],
  requirements: Requirements,
  conditional: boolean,
  /** Under a mount prefix apidex could not read: the path is relative to it. */
  relative = false,
): RouteFact {
  const fact: RouteFact = { framework, method, path, pathParams, permissions: requirements.permissions, site: layer.site };
  markFact(fact, requirements);
  // Served only when an early exit apidex cannot decide is not taken (Interpreter.goPast).
  if (conditional) fact.unresolved = [...(fact.unresolved ?? []), "registration"].sort();
  if (relative) fact.unresolved = [...(fact.unresolved ?? []), "path"].sort();
  if (layer.doc) fact.doc = layer.doc;
  if (layer.handler) fact.handler = layer.handler;
  const label = layer.handlerLabel ?? handlerLabel(layer.handler);
  if (label) fact.handlerLabel = label;
  if (layer.registration) fact.registration = layer.registration;
  if (layer.handlerAt) fact.handlerAt = layer.handlerAt;
  if (layer.registrationAt) fact.registrationAt = layer.registrationAt;
  if (layer.passesOn) fact.passesOn = true;
  return fact;
}

/** A route's `baseUrl` and own path, as Express's request gives them (RouteRequest without the method). */
type MatchedRoute = Omit<RouteRequest, "method">;

/**
 * A route's own checks with those read per route (RouteBound) read for it: each body's checks replaced
 * together by what it checks for this route. Only a route's own handlers see `req.route`: a router's
 * middleware runs before a route is matched.
 */
function readPerRoute(checks: readonly RouteCheck[], request: RouteRequest): readonly RouteCheck[] {
  if (!checks.some((c) => c.routeBound)) return checks;
  const out: RouteCheck[] = [];
  const read = new Set<object>();
  for (const check of checks) {
    if (!check.routeBound) out.push(check);
    else if (!read.has(check.routeBound)) {
      read.add(check.routeBound);
      out.push(...check.routeBound.read(request));
    }
  }
  return out;
}

/** The keys of a layer's checks (most layers have one check, whose list is used as it is: nothing mutates it). */
function keysOf(checks: readonly { keys: string[] }[]): string[] {
  if (checks.length === 1) return checks[0]!.keys;
  return checks.length ? checks.flatMap((c) => c.keys) : [];
}

/** Two lists as one, without copying when either is empty (the lists are never mutated). */
function joined(a: string[], b: string[]): string[] {
  return a.length ? (b.length ? a.concat(b) : a) : b;
}

function sharesParam(a: readonly string[], b: readonly string[]): boolean {
  if (!a.length || !b.length) return false;
  for (const name of b) if (a.includes(name)) return true;
  return false;
}

/** The keys of both lists, each once, in the default sort order: a route has one or two, rarely more. */
export function uniqueSorted(a: readonly string[], b: readonly string[]): string[] {
  const all = a.length ? (b.length ? a.concat(b) : a.slice()) : b.slice();
  if (all.length < 2) return all;
  if (all.length === 2) {
    // Array sort copies into a scratch store even for two items.
    const [x, y] = all as [string, string];
    if (x === y) all.length = 1;
    else if (x > y) [all[0], all[1]] = [y, x];
    return all;
  }
  all.sort();
  let kept = 1;
  for (let i = 1; i < all.length; i++) if (all[i] !== all[kept - 1]) all[kept++] = all[i]!;
  all.length = kept;
  return all;
}

/**
 * Whether a route's path and method can reach a router through its parent's route: the route's segments
 * start with the filter's (all of them, when it matches one path only), a parameter on either side taking
 * any segment; its method is the filter's, when the filter has one.
 */
function admits(filter: { segments: string[]; end: boolean; method?: string; below?: true }, segments: string[], method: string): boolean {
  if (filter.method && method !== "ALL" && method !== filter.method) return false;
  if (filter.below && segments.length === filter.segments.length) return false;
  if (segments.length < filter.segments.length || (filter.end && segments.length !== filter.segments.length)) return false;
  return filter.segments.every((s, i) => s === segments[i] || isParam(s) || isParam(segments[i]!));
}

function segmentsOf(path: string): string[] {
  return path.split("/").filter(Boolean);
}

function isParam(segment: string): boolean {
  return /^\{[^}]+\}$/.test(segment);
}
