/**
 * react-router-auto-routes (remix-flat-routes' successor for React Router 7): `export default autoRoutes({...})`
 * in `app/routes.ts` routes every module below a folder by its path, folders and dots alike separating
 * segments. Its rules, from the package (0.8):
 *
 * - a module is a file ending in `.ts`, `.tsx`, `.js`, `.jsx`, `.md` or `.mdx` (or what `routeRegex`
 *   accepts below the folder's top), not `*.server.*`, with no file or folder name starting with the
 *   colocation character (`+`: `+helpers.ts`, `+components/`), and matching none of `ignoredRouteFiles`
 *   (globs on its path in the folder, dotfiles included);
 * - `index` and `_index` at the end are the parent's own path; a trailing `route` or `_route` in a folder
 *   vanishes; a segment starting with `_` (`_auth/`, `_layout`) adds nothing to the URL, a trailing `_`
 *   (`$noteId_.edit`) is dropped; `$name` is a parameter, a lone `$` the splat, `(segment)` optional, and
 *   brackets escape what they hold (`robots[.]txt` is `/robots.txt`);
 * - `routesDir` is one folder below the app folder (default `routes`), or URL mounts of folders relative to
 *   the project root (`{ "/": "app/routes", "/api": "api/routes" }`).
 */
import path from "node:path";
import picomatch from "picomatch";
import type { ts as Ts } from "ts-morph";
import { unwrapExpression } from "../../resolve/syntax.js";
import { ts } from "../../typescript.js";

export interface AutoRoutesOptions {
  ignored: string[];
  paramChar: string;
  colocationChar: string;
  /** Which files below the folder's top are modules: the package's default accepts any route extension. */
  routeRegex?: RegExp;
}

/** What `autoRoutes(options)` routes: folders (absolute) under URL prefixes, with the options they share. */
export interface AutoRoutesReading {
  dirs: { dir: string; prefix: string }[];
  options: AutoRoutesOptions;
  /** Options apidex could not read (a `visitFiles` function, a computed folder): reported by the caller. */
  unread: ts.Node[];
}

const ROUTE_EXTENSIONS = new Set([".js", ".jsx", ".ts", ".tsx", ".md", ".mdx"]);
const SERVER_FILE = /\.server\.(ts|tsx|js|jsx|md|mdx)$/;
const INDEX_ROUTE = /((^|[.])(index|_index))($|\/)|(\/(_?index))($|\/)/;
const STRIP_TRAILING = new Set(["route", "_route"]);

/**
 * The options of an `autoRoutes(...)` call of `app/routes.ts` (`appDir` is that file's folder; the project
 * root, which mounts are relative to, is the folder above it, where React Router runs).
 */
export function readAutoRoutes(
  call: ts.CallExpression,
  appDir: string,
  evaluate: (node: ts.Expression) => string | undefined,
): AutoRoutesReading {
  const reading: AutoRoutesReading = {
    dirs: [{ dir: path.resolve(appDir, "routes"), prefix: "" }],
    options: { ignored: [], paramChar: "$", colocationChar: "+" },
    unread: [],
  };
  const first = call.arguments[0] && unwrapExpression(call.arguments[0]);
  if (!first) return reading;
  if (!ts.isObjectLiteralExpression(first)) {
    reading.unread.push(first);
    return reading;
  }
  const strings = (node: ts.Expression): string[] | undefined => {
    const inner = unwrapExpression(node);
    if (!ts.isArrayLiteralExpression(inner)) return undefined;
    const out: string[] = [];
    for (const element of inner.elements) {
      const text = ts.isSpreadElement(element) ? undefined : evaluate(element);
      if (text === undefined) return undefined;
      out.push(text);
    }
    return out;
  };
  for (const property of first.properties) {
    if (!ts.isPropertyAssignment(property)) {
      reading.unread.push(property);
      continue;
    }
    const name = propertyName(property.name);
    const value = unwrapExpression(property.initializer);
    let read = true;
    if (name === "routesDir") {
      const dirs = routesDirs(value, appDir, evaluate);
      if (dirs) reading.dirs = dirs;
      else read = false;
    } else if (name === "ignoredRouteFiles") {
      const globs = strings(value);
      if (globs) reading.options.ignored = globs;
      else read = false;
    } else if (name === "paramChar" || name === "colocationChar") {
      const text = evaluate(value);
      if (text) reading.options[name] = text;
      else read = false;
    } else if (name === "routeRegex") {
      const regex = ts.isRegularExpressionLiteral(value) ? regexOf(value.text) : undefined;
      if (regex) reading.options.routeRegex = regex;
      else read = false;
    } else read = false; // `visitFiles` (a function of the project's) or an option this version does not know
    if (!read) reading.unread.push(property);
  }
  // The package puts the colocation character into the route regex where it says `\${colocationChar}`.
  const { routeRegex, colocationChar } = reading.options;
  if (routeRegex)
    reading.options.routeRegex = new RegExp(
      routeRegex.source.replace("\\${colocationChar}", `\\${colocationChar.replace(/[.*+\-?^${}()|[\]\\]/g, "\\$&")}`),
      routeRegex.flags,
    );
  return reading;
}

/**
 * The React Router path pattern (`users/:username/notes`, `files/*`, `:lang?/about`) of a file below an
 * auto-routes folder (`rest`: its path there), or undefined when the package routes no module there.
 */
export function autoRoutePattern(rest: string, options: AutoRoutesOptions): string | undefined {
  const file = rest.split(path.sep).join("/");
  if (file.endsWith(".d.ts") || file.split("/").pop() === ".DS_Store") return undefined;
  if (options.ignored.some((glob) => picomatch.isMatch(file, glob, { dot: true }))) return undefined;
  if (file.split("/").some((part) => part.startsWith(options.colocationChar))) return undefined;
  if (SERVER_FILE.test(file)) return undefined;
  const nested = file.includes("/");
  if (nested && options.routeRegex ? !options.routeRegex.test(file) : !ROUTE_EXTENSIONS.has(path.posix.extname(file))) return undefined;
  const id = file.replace(/\.[a-z0-9]+$/i, "");
  const { segments, raw } = routeSegments(id, options.paramChar);
  // In a folder, `.../route` and `.../_route` are the folder's own module.
  if (id.includes("/")) while (raw.length && STRIP_TRAILING.has(raw[raw.length - 1]!)) segments.pop(), raw.pop();
  const length = INDEX_ROUTE.test(id) ? segments.length - 1 : segments.length;
  const parts: string[] = [];
  for (let i = 0; i < length; i++) {
    const segment = segments[i]!;
    const written = raw[i]!;
    if (segment.startsWith("_") && written.startsWith("_")) continue;
    parts.push(segment.endsWith("_") && written.endsWith("_") ? segment.slice(0, -1) : segment);
  }
  return parts.join("/");
}

/**
 * A route id's URL segments in React Router's syntax and as written, split at `/` and `.` outside brackets:
 * `[...]` escapes, `(...)` makes a segment optional (`x?`), the parameter character at a segment's start
 * makes a parameter (`:x`) or, alone, the splat (`*`).
 */
function routeSegments(id: string, paramChar: string): { segments: string[]; raw: string[] } {
  const segments: string[] = [];
  const raw: string[] = [];
  let segment = "";
  let written = "";
  let state: "normal" | "escape" | "optional" | "optionalEscape" = "normal";
  const flush = () => {
    if (segment) segments.push(segment), raw.push(written);
    segment = "";
    written = "";
  };
  const separator = (char: string | undefined) => char === "/" || char === ".";
  for (let i = 0; i < id.length; i++) {
    const char = id[i]!;
    if (state === "escape" || state === "optionalEscape") {
      if (char === "]") state = state === "escape" ? "normal" : "optional";
      else segment += char;
      written += char;
      continue;
    }
    if (state === "normal") {
      if (separator(char)) {
        flush();
        continue;
      }
      if (char === "[" || char === "(") {
        state = char === "[" ? "escape" : "optional";
        written += char;
        continue;
      }
    }
    if (state === "optional") {
      if (char === ")") {
        segment += "?";
        written += char;
        state = "normal";
        continue;
      }
      if (char === "[") {
        state = "optionalEscape";
        written += char;
        continue;
      }
    }
    if (!segment && char === paramChar) {
      segment += i + 1 === id.length || separator(id[i + 1]) ? "*" : ":";
      written += char;
      continue;
    }
    segment += char;
    written += char;
  }
  flush();
  return { segments, raw };
}

/** `routesDir`: a folder below the app folder, or an object of URL mounts to folders of the project root. */
function routesDirs(
  value: ts.Expression,
  appDir: string,
  evaluate: (node: ts.Expression) => string | undefined,
): { dir: string; prefix: string }[] | undefined {
  if (!ts.isObjectLiteralExpression(value)) {
    const dir = evaluate(value);
    return dir === undefined ? undefined : [{ dir: path.resolve(appDir, dir), prefix: "" }];
  }
  const root = path.dirname(appDir);
  const dirs: { dir: string; prefix: string }[] = [];
  for (const property of value.properties) {
    if (!ts.isPropertyAssignment(property)) return undefined;
    const dir = evaluate(property.initializer);
    const mount = propertyName(property.name);
    if (dir === undefined || mount === undefined) return undefined;
    dirs.push({ dir: path.resolve(root, dir), prefix: mount.replace(/^\/+|\/+$/g, "") });
  }
  return dirs;
}

function propertyName(name: Ts.PropertyName): string | undefined {
  return ts.isIdentifier(name) || ts.isStringLiteralLike(name) ? name.text : undefined;
}

/** A regular expression literal's pattern and flags, as the module that writes it would build it. */
function regexOf(literal: string): RegExp | undefined {
  const end = literal.lastIndexOf("/");
  try {
    return new RegExp(literal.slice(1, end), literal.slice(end + 1));
  } catch {
    return undefined;
  }
}
