/**
 * Vercel Functions outside a framework that owns them: one function per file of the project's `api/` folder,
 * as Vercel's own detection builds them (@vercel/fs-detectors `detectBuilders`), and the `rewrites` (legacy
 * `routes`) of `vercel.json` that send other paths to those functions. Read by structure, never run.
 */
import path from "node:path";
import { type SourceSite, siteOf } from "../../diagnostics/diagnostic.js";
import type { SourceSet } from "../../scan/source-set.js";
import { importedPackages } from "../shared.js";
import { ts } from "../../typescript.js";
import { type FileRoute, type RouteSegment, routeOfChoices, usesRemix } from "./file-paths.js";

/**
 * A function file: `api/**` ending in `.js`, `.mjs`, `.ts` or `.tsx` (the files Vercel's Node.js runtime
 * builds), none of whose path segments below the root starts with `_` or `.`, not below `node_modules`, not
 * a `.d.ts`.
 */
const FUNCTION_FILE = /^api\/(.+)\.(js|mjs|ts|tsx)$/;

/**
 * The route Vercel gives a function file (`api/users/[id].ts` is `/api/users/{id}`): `index` is its folder's
 * path, and a segment named `[x]` is a parameter of one segment — `[...slug]` too, as Vercel matches it
 * outside Next.js (one segment, `([^/]+)`), not a catch-all. Undefined for a file Vercel makes no function of.
 */
export function vercelFunctionPaths(rel: string): FileRoute | undefined {
  const posix = rel.split(path.sep).join("/");
  const match = FUNCTION_FILE.exec(posix);
  if (!match || posix.endsWith(".d.ts") || /\/[._]/.test(posix) || /(^|\/)node_modules\//.test(posix)) return undefined;
  const segments = match[1]!.split("/");
  if (segments[segments.length - 1] === "index") segments.pop();
  const choices: RouteSegment[][] = [[{ kind: "literal", text: "api" }]];
  for (const segment of segments) {
    const param = /^\[+(?:\.\.\.)?([^\]]*)\]+$/.exec(segment);
    choices.push([param ? { kind: "param", name: param[1]!.replace(/\W/g, "_") || "param" } : { kind: "literal", text: segment }]);
  }
  return routeOfChoices(choices);
}

/** One entry of `vercel.json`'s `rewrites` (or legacy `routes`) that apidex reads: where it sends which paths. */
export interface VercelRewrite {
  /** The source as route segments (`:id` a parameter, `(.*)` / `:path*` an optional catch-all). */
  source: RouteSegment[];
  /** The destination's path segments: literals, or the name of the source parameter (or `$1` group) they take. */
  destination: ({ kind: "literal"; text: string } | { kind: "ref"; name: string })[];
  /** Legacy `routes` entries may name the methods they apply to. */
  methods?: string[];
  site: SourceSite;
}

/** What `vercel.json` says about where the functions answer. */
export interface VercelConfig {
  rewrites: VercelRewrite[];
  /** Entries whose source or destination apidex cannot map onto a function's path, with why. */
  unread: { site: SourceSite; text: string; why: string }[];
}

/**
 * Whether a project deploys its root `api/` folder as Vercel Functions: it has a `vercel.json`, depends on
 * `@vercel/node`, or a function file imports it (`VercelRequest` types). A project whose framework Vercel
 * builds without the `api/` folder's Node.js functions (Remix, React Router, RedwoodJS: their presets'
 * `ignoreRuntimes`) is left out by the caller.
 */
function deploysVercelFunctions(sources: SourceSet): boolean {
  const files = sources.files.filter((f) => vercelFunctionRoute(sources, f.fileName) !== undefined);
  if (!files.length) return false;
  const config = path.join(sources.root, "vercel.json");
  sources.recordInputs([config]);
  if (sources.host.readFile(config) !== undefined) return true;
  if (files.some((f) => importedPackages(f).some((p) => p === "@vercel/node"))) return true;
  return dependencies(sources).some((d) => d === "@vercel/node");
}

const reads = new WeakMap<SourceSet, boolean>();

/**
 * Whether apidex reads the project's `api/` folder as Vercel Functions: it deploys them, and its framework is
 * none whose Vercel preset builds the project without them (Remix, React Router, RedwoodJS: `ignoreRuntimes`).
 */
export function readsVercelFunctions(sources: SourceSet): boolean {
  let known = reads.get(sources);
  if (known === undefined) {
    known = deploysVercelFunctions(sources) && !usesRemix(sources) && !dependencies(sources).some((d) => d.startsWith("@redwoodjs/"));
    reads.set(sources, known);
  }
  return known;
}

/** Whether a file (absolute) is a Vercel Function apidex reads: an app it serves is indexed where the function answers. */
export function isVercelFunction(sources: SourceSet, fileName: string): boolean {
  return readsVercelFunctions(sources) && vercelFunctionRoute(sources, fileName) !== undefined;
}

const buildLists = new WeakMap<SourceSet, RegExp[] | undefined>();

/**
 * The route of a file (absolute) as a Vercel Function of the project: by Vercel's zero-config rules, or, when
 * vercel.json lists `builds` (the legacy form, which turns zero-config detection off), only for the `api/`
 * files a `@vercel/node` build's `src` names (their paths by the same rules).
 */
export function vercelFunctionRoute(sources: SourceSet, fileName: string): FileRoute | undefined {
  const rel = path.relative(sources.root, fileName).split(path.sep).join("/");
  const route = vercelFunctionPaths(rel);
  if (!route) return undefined;
  if (!buildLists.has(sources)) buildLists.set(sources, nodeBuilds(sources));
  const builds = buildLists.get(sources);
  return !builds || builds.some((b) => b.test(rel)) ? route : undefined;
}

/** The `src` globs of vercel.json's `@vercel/node` builds (`@now/node` before it); undefined without `builds`. */
function nodeBuilds(sources: SourceSet): RegExp[] | undefined {
  const text = sources.host.readFile(path.join(sources.root, "vercel.json"));
  let config: { builds?: unknown };
  try {
    config = text ? (JSON.parse(text) as { builds?: unknown }) : {};
  } catch {
    return undefined;
  }
  if (!Array.isArray(config.builds)) return undefined;
  return config.builds.flatMap((b: { src?: unknown; use?: unknown }) =>
    typeof b?.src === "string" && typeof b.use === "string" && /^@(vercel|now)\/node(@|$)/.test(b.use) ? [globRegExp(b.src)] : [],
  );
}

/**
 * A build's `src` glob as a regular expression: `**` any folders, `*` and `?` within a segment, `{a,b}`
 * alternatives; other characters literal (an extglob such as `+(js|ts)` matches nothing, so no file is
 * taken on a guess).
 */
function globRegExp(glob: string): RegExp {
  let out = "";
  let braces = 0;
  const text = glob.replace(/^\.?\//, "");
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === "*" && text[i + 1] === "*") {
      const slash = text[i + 2] === "/";
      out += slash ? "(?:.*/)?" : ".*";
      i += slash ? 2 : 1;
    } else if (ch === "*") out += "[^/]*";
    else if (ch === "?") out += "[^/]";
    else if (ch === "{") {
      braces++;
      out += "(?:";
    } else if (ch === "}" && braces) {
      braces--;
      out += ")";
    } else if (ch === "," && braces) out += "|";
    else out += ch.replace(/[.+^$()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${out}$`);
}

function dependencies(sources: SourceSet): string[] {
  const text = sources.host.readFile(path.join(sources.root, "package.json"));
  try {
    const pkg = text ? (JSON.parse(text) as Record<string, Record<string, string> | undefined>) : {};
    return [pkg.dependencies, pkg.devDependencies].flatMap((d) => Object.keys(d ?? {}));
  } catch {
    return [];
  }
}

/** Reads `vercel.json`'s `rewrites` and legacy `routes` (their `src`/`dest` regular expressions), by structure. */
export function readVercelConfig(sources: SourceSet): VercelConfig {
  const file = path.join(sources.root, "vercel.json");
  const text = sources.host.readFile(file);
  const out: VercelConfig = { rewrites: [], unread: [] };
  if (text === undefined) return out;
  const json = ts.parseJsonText(file, text);
  const root = json.statements[0]?.expression;
  if (!root || !ts.isObjectLiteralExpression(root)) return out;
  for (const [key, regex] of [
    ["rewrites", false],
    ["routes", true],
  ] as const) {
    const list = property(root, key);
    if (!list || !ts.isArrayLiteralExpression(list)) continue;
    for (const entry of list.elements) {
      if (!ts.isObjectLiteralExpression(entry)) continue;
      // Only rewrites to a function matter here (`/(.*)` → `/index.html` serves the site's pages).
      const read = readRewrite(entry, json, { regex, to: (destination) => /^\/api(\/|$|\$)/.test(destination) });
      if (read && "unread" in read) out.unread.push(read.unread);
      else if (read) out.rewrites.push(read);
    }
  }
  return out;
}

/**
 * One rewrite entry (`{ source, destination }`, or a legacy route's `{ src, dest, methods }` when `regex`), by
 * structure, in vercel.json or a Next.js config: where it sends which paths; undefined for an entry that sends
 * nothing to the project's own paths (a header or status rule, a proxy to another origin, a destination `to`
 * rejects); `unread` for one apidex cannot map, with why. Conditions (`has`, `missing`) decide per request:
 * such an entry is not read, and that is said.
 */
export function readRewrite(
  entry: ts.ObjectLiteralExpression,
  file: ts.SourceFile,
  options: { regex?: boolean; to?: (destination: string) => boolean } = {},
): VercelRewrite | { unread: VercelConfig["unread"][number] } | undefined {
  const { regex = false } = options;
  const source = stringProperty(entry, regex ? "src" : "source");
  const destination = stringProperty(entry, regex ? "dest" : "destination");
  // A legacy route without a destination (headers, a status, `handle`) sends nothing to a function.
  if (source === undefined || destination === undefined) {
    const written = property(entry, regex ? "dest" : "destination");
    // A destination apidex cannot read as a string (a template with the environment, a variable) may send anywhere.
    return written && !regex
      ? {
          unread: {
            site: siteOf(entry, file),
            text: entry.getText(file).replace(/\s+/g, " "),
            why: "its source and destination must be strings",
          },
        }
      : undefined;
  }
  // A rewrite to another origin (`https://api.example.com/:path*`) proxies to a service that is not this project's.
  if (!destination.startsWith("/")) return undefined;
  const destPath = destination.replace(/[?#].*$/, "");
  if (options.to && !options.to(destPath)) return undefined;
  const conditional = ["has", "missing"].some((k) => property(entry, k) !== undefined);
  const parsedSource = regex ? regexSource(source) : patternSource(source);
  const parsedDestination = parseDestination(destPath);
  const methods = regex ? stringList(property(entry, "methods")) : undefined;
  if (!parsedSource || !parsedDestination || conditional)
    return {
      unread: {
        site: siteOf(entry, file),
        text: `${source} → ${destination}`,
        why: conditional
          ? "it applies only to requests its `has`/`missing` conditions select"
          : !parsedSource
            ? "apidex reads sources of literal segments, `:name` parameters and a trailing `:name*` or `(.*)`"
            : "apidex reads destinations of literal segments and references to the source's parameters",
      },
    };
  return {
    source: parsedSource,
    destination: parsedDestination,
    ...(methods ? { methods: methods.map((m) => m.toUpperCase()) } : {}),
    site: siteOf(entry, file),
  };
}

function property(object: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined {
  for (const p of object.properties)
    if (ts.isPropertyAssignment(p) && (ts.isStringLiteral(p.name) || ts.isIdentifier(p.name)) && p.name.text === name) return p.initializer;
  return undefined;
}

function stringProperty(object: ts.ObjectLiteralExpression, name: string): string | undefined {
  const value = property(object, name);
  return value && ts.isStringLiteral(value) ? value.text : undefined;
}

function stringList(node: ts.Expression | undefined): string[] | undefined {
  if (!node || !ts.isArrayLiteralExpression(node)) return undefined;
  const items = node.elements.map((e) => (ts.isStringLiteral(e) ? e.text : undefined));
  return items.every((i): i is string => i !== undefined) ? items : undefined;
}

/**
 * A `rewrites` source in path-to-regexp's syntax, as Vercel reads it: literal segments, `:name` (also with a
 * pattern, `:id(\\d+)`), and as the last segment `:name*` / `(.*)` (none or more segments) or `:name+` (one
 * or more). Undefined for anything else (optional or partial segments, alternations).
 */
function patternSource(source: string): RouteSegment[] | undefined {
  const out: RouteSegment[] = [];
  const segments = source.replace(/^\//, "").split("/");
  let group = 0;
  for (const [i, segment] of segments.entries()) {
    const last = i === segments.length - 1;
    if (segment === "" && last) break;
    const param = /^:(\w+)(\([^/]*\))?$/.exec(segment);
    const rest = /^:(\w+)([*+])$/.exec(segment);
    if (param && param[2] !== "(.*)") out.push({ kind: "param", name: param[1]! });
    else if (last && (rest || param || segment === "(.*)" || segment === "(.+)"))
      out.push({
        kind: "catchAll",
        name: rest?.[1] ?? param?.[1] ?? `$${++group}`,
        optional: rest ? rest[2] === "*" : segment !== "(.+)",
      });
    else if (/^[\w.~-]+$/.test(segment)) out.push({ kind: "literal", text: segment });
    else return undefined;
  }
  return out;
}

/**
 * A legacy `routes` source (a regular expression, anchored by Vercel): literal segments, `([^/]+)` (or a named
 * group) for one segment, and `(.*)` last. Groups are named `$1`, `$2`, ... by their order.
 */
function regexSource(src: string): RouteSegment[] | undefined {
  const out: RouteSegment[] = [];
  const segments = src.replace(/^\^/, "").replace(/\$$/, "").replace(/^\//, "").split("/");
  let group = 0;
  for (const [i, segment] of segments.entries()) {
    const last = i === segments.length - 1;
    if (segment === "" && last) break;
    const named = /^\(\?<(\w+)>(\[\^\/\]\+|\.\*|\.\+)\)$/.exec(segment);
    const one = named ? named[2] === "[^/]+" : segment === "([^/]+)";
    const name = named?.[1] ?? `$${group + 1}`;
    if (named || segment === "([^/]+)" || segment === "(.*)" || segment === "(.+)") group++;
    if (one) out.push({ kind: "param", name });
    else if (last && (named || segment === "(.*)" || segment === "(.+)"))
      out.push({ kind: "catchAll", name, optional: named ? named[2] === ".*" : segment === "(.*)" });
    else if (/^[\w~-]+$/.test(segment)) out.push({ kind: "literal", text: segment });
    else return undefined;
  }
  return out;
}

/**
 * A destination path: literal segments and whole-segment references (`:id`, `:path*`, `$1`). A function's file
 * name is its path too (`/api/index.ts`, `/api/users.js`, `/api/index` are `/api` and `/api/users`).
 */
function parseDestination(destination: string): VercelRewrite["destination"] | undefined {
  const out: VercelRewrite["destination"] = [];
  for (const segment of destination.replace(/^\//, "").split("/")) {
    if (segment === "") continue;
    const ref = /^(?::(\w+)[*+]?|\$(\d+)|\$(\w+))$/.exec(segment);
    if (ref) out.push({ kind: "ref", name: ref[1] ?? (ref[2] ? `$${ref[2]}` : ref[3]!) });
    else if (/^[\w.~-]+$/.test(segment)) out.push({ kind: "literal", text: segment });
    else return undefined;
  }
  const last = out[out.length - 1];
  if (last?.kind === "literal") {
    last.text = last.text.replace(/\.(js|mjs|ts|tsx)$/, "");
    if (last.text === "index" && out.length > 1) out.pop();
  }
  return out;
}

/** A function file and its route. */
export interface VercelFunction {
  file: string;
  route: FileRoute;
}

/** Where a rewrite makes a function answer too: paths for its own operations, and the pattern for an app it serves. */
export interface RewrittenRoute {
  file: string;
  /** The function's own path (OpenAPI) this answers for, and the path it answers at through the rewrite. */
  from: string;
  to: string;
  /** The URL pattern the function now also receives (an app it serves sees the request's own URL). */
  pattern: RouteSegment[];
  wildcard: boolean;
  methods?: string[];
  site: SourceSite;
}

/**
 * The paths each rewrite makes a function answer at. A rewrite whose destination is one function's path
 * (`/resize/:w/:h` → `/api/sharp`, `/users/:id` → `/api/users/:id`) sends its source there; one whose
 * destination ends in the source's trailing catch-all (`/v1/:path*` → `/api/:path*`, `/v1/(.*)` → `/api/$1`)
 * sends every path below the source's prefix to the function at the same path below the destination's. The
 * filesystem comes first on Vercel, so a source path that is a function's own path is not added again.
 * Entries that reach no function are returned in `unmatched`.
 */
export function rewrittenRoutes(
  rewrites: readonly VercelRewrite[],
  functions: readonly VercelFunction[],
): { routes: RewrittenRoute[]; unmatched: VercelRewrite[] } {
  const own = new Set(functions.flatMap((f) => f.route.paths));
  const routes: RewrittenRoute[] = [];
  const unmatched: VercelRewrite[] = [];
  // Unnamed groups (`(.*)`, `$1`) are OpenAPI's `{path}`, `{path2}`, ...
  const named = (s: RouteSegment): RouteSegment =>
    s.kind !== "literal" && s.name.startsWith("$") ? { ...s, name: s.name === "$1" ? "path" : `path${s.name.slice(1)}` } : s;
  const openApi = (pattern: readonly RouteSegment[]) => routeOfChoices(pattern.map((s) => [named(s)])).paths[0]!;
  for (const rewrite of rewrites) {
    const last = rewrite.destination[rewrite.destination.length - 1];
    const tail = rewrite.source[rewrite.source.length - 1];
    const byName = new Map(rewrite.source.filter((s) => s.kind !== "literal").map((s) => [(s as { name: string }).name, s]));
    let matched = false;
    if (last?.kind === "ref" && tail?.kind === "catchAll" && last.name === tail.name) {
      // A prefix mapping: destination prefix → source prefix, for every function below the destination's.
      const destPrefix = rewrite.destination.slice(0, -1);
      const srcPrefix = rewrite.source.slice(0, -1);
      if (destPrefix.every((d) => d.kind === "literal") && srcPrefix.every((s) => s.kind !== "catchAll")) {
        for (const fn of functions) {
          const head = fn.route.pattern.slice(0, destPrefix.length);
          if (
            head.length < destPrefix.length ||
            head.some((s, i) => s.kind !== "literal" || s.text !== (destPrefix[i] as { text: string }).text)
          )
            continue;
          // `(.*)` matches nothing too (`/v1/` → `/api/`); `(.+)` at least one segment.
          if (!tail.optional && fn.route.pattern.length === destPrefix.length) continue;
          const pattern = [...srcPrefix, ...fn.route.pattern.slice(destPrefix.length)];
          const to = openApi(pattern);
          matched = true;
          if (own.has(to)) continue;
          routes.push({ file: fn.file, from: fn.route.paths[0]!, to, pattern, wildcard: false, ...extra(rewrite) });
        }
        if (!matched) unmatched.push(rewrite);
        continue;
      }
    }
    // A destination that names one path: the function that receives it.
    if (rewrite.destination.some((d) => d.kind === "ref" && byName.get(d.name)?.kind === "catchAll")) {
      unmatched.push(rewrite);
      continue;
    }
    const destination: RouteSegment[] = rewrite.destination.map((d) =>
      d.kind === "literal" ? d : { kind: "param", name: d.name.replace(/\W/g, "") || "param" },
    );
    // Vercel serves a function's own path before a dynamic one (`api/hooks.ts` before `api/[slug].ts`).
    const rank = (fn: VercelFunction) => fn.route.pattern.map((p) => (p.kind === "literal" ? "0" : "1")).join("");
    const target = functions
      .filter((fn) => receivesPattern(fn.route.pattern, destination))
      .sort((a, b) => (rank(a) < rank(b) ? -1 : rank(a) > rank(b) ? 1 : 0))[0];
    if (!target) {
      unmatched.push(rewrite);
      continue;
    }
    const to = openApi(rewrite.source);
    if (!own.has(to))
      routes.push({
        file: target.file,
        from: target.route.paths[0]!,
        to,
        pattern: rewrite.source,
        wildcard: tail?.kind === "catchAll",
        ...extra(rewrite),
      });
  }
  return { routes, unmatched };
}

function extra(rewrite: VercelRewrite): { methods?: string[]; site: SourceSite } {
  return { ...(rewrite.methods ? { methods: rewrite.methods } : {}), site: rewrite.site };
}

/** Whether a function's pattern receives a destination pattern: equal literals, a parameter for any one segment. */
function receivesPattern(pattern: readonly RouteSegment[], destination: readonly RouteSegment[]): boolean {
  if (pattern.length !== destination.length) return false;
  return pattern.every((p, i) => {
    const d = destination[i]!;
    if (p.kind === "param") return true;
    return p.kind === "literal" && d.kind === "literal" && p.text === d.text;
  });
}
