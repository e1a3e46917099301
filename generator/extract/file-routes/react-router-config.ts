/**
 * React Router 7's route config, `app/routes.ts`: the routes a framework-mode app serves, each naming its
 * module. `export default [index("routes/home.tsx"), route("api/users/:id", "routes/api/user.ts"),
 * ...prefix("api/v2", [route("runs", "routes/runs.ts")])] satisfies RouteConfig`, or `flatRoutes()` for the
 * file-name convention (file-paths.ts, remixRoutePaths). Read from the syntax, strings through `evaluate`
 * (consts, template literals of consts); the helpers are known by their import from `@react-router/dev/routes`.
 */
import path from "node:path";
import type { ts as Ts } from "ts-morph";
import { unwrapExpression } from "../../resolve/syntax.js";
import { ts } from "../../typescript.js";
import { importBindings } from "../shared.js";
import { type AutoRoutesOptions, readAutoRoutes } from "./auto-routes.js";
import { type FileRoute, type RouteSegment, routeOfChoices } from "./file-paths.js";

/** What the config says: modules with their paths, and folders routed by the flat-routes convention. */
export interface RouteConfigReading {
  /** Absolute module path → its URL (a module may be routed at several). */
  modules: Map<string, FileRoute[]>;
  /**
   * `flatRoutes({ rootDirectory })` entries: absolute folder, under the URL prefix they appear in; `hybrid` for
   * remix-flat-routes' names, `auto` for react-router-auto-routes' (auto-routes.ts).
   */
  flat: { dir: string; prefix: string; hybrid?: boolean; auto?: AutoRoutesOptions }[];
  /** Entries apidex could not read: the node, to report. */
  unread: ts.Node[];
}

const HELPERS = "@react-router/dev/routes";
const FLAT = "@react-router/fs-routes";
/** remix-flat-routes (its `+` folders), through React Router's adapter for Remix's `routes` option. */
const ADAPTER = "@react-router/remix-routes-option-adapter";
const HYBRID = "remix-flat-routes";
/** react-router-auto-routes: `autoRoutes()`, its named and its default export. */
const AUTO = "react-router-auto-routes";

/**
 * Reads `routes.ts`: `route(path, file, children?)` (also with an options object before the children),
 * `index(file)`, `layout(file, children)`, `prefix(path, children)`, arrays and spreads of them, and
 * `flatRoutes({ rootDirectory? })` (awaited or not). Undefined when the file's default export is not such a
 * config.
 */
export function readRouteConfig(
  file: ts.SourceFile,
  evaluate: (node: ts.Expression) => string | undefined,
): RouteConfigReading | undefined {
  const exported = file.statements.find((s): s is Ts.ExportAssignment => ts.isExportAssignment(s) && !s.isExportEquals);
  if (!exported) return undefined;
  // `route(...)` and friends by their local names: `import { route as r } from "@react-router/dev/routes"`.
  const names = importBindings(
    file,
    (module) => module === HELPERS || module === FLAT || module === ADAPTER || module === HYBRID || module === AUTO,
  );
  for (const statement of file.statements)
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier) && statement.moduleSpecifier.text === AUTO) {
      const name = statement.importClause?.name;
      if (name) names.set(name.text, `${AUTO}:autoRoutes`);
    }
  const appDir = path.dirname(file.fileName);
  const reading: RouteConfigReading = { modules: new Map(), flat: [], unread: [] };

  const helper = (call: ts.CallExpression): string | undefined => {
    const callee = unwrapExpression(call.expression);
    return ts.isIdentifier(callee) ? names.get(callee.text) : undefined;
  };
  const moduleOf = (node: ts.Expression | undefined) => {
    const text = node && evaluate(node);
    return text === undefined ? undefined : path.resolve(appDir, text);
  };
  const add = (module: string, pattern: string) => {
    const list = reading.modules.get(module) ?? [];
    list.push(patternRoute(pattern));
    reading.modules.set(module, list);
  };
  const visitList = (node: ts.Expression, prefix: string): void => {
    const inner = unwrapExpression(node);
    if (ts.isArrayLiteralExpression(inner)) {
      for (const element of inner.elements) visitEntry(ts.isSpreadElement(element) ? element.expression : element, prefix);
      return;
    }
    visitEntry(inner, prefix);
  };
  const visitEntry = (node: ts.Expression, prefix: string): void => {
    let inner = unwrapExpression(node);
    if (ts.isAwaitExpression(inner)) inner = unwrapExpression(inner.expression);
    if (ts.isArrayLiteralExpression(inner)) return visitList(inner, prefix);
    if (!ts.isCallExpression(inner)) {
      reading.unread.push(inner);
      return;
    }
    const kind = helper(inner);
    const [first, second, third, fourth] = inner.arguments;
    switch (kind) {
      case `${HELPERS}:route`: {
        const own = first && evaluate(first);
        const module = moduleOf(second);
        if (own === undefined || !module) {
          reading.unread.push(inner);
          return;
        }
        const full = join(prefix, own);
        add(module, full);
        const children = third && ts.isArrayLiteralExpression(unwrapExpression(third)) ? third : fourth;
        if (children) visitList(children, full);
        return;
      }
      case `${HELPERS}:index`: {
        const module = moduleOf(first);
        if (module) add(module, prefix);
        else reading.unread.push(inner);
        return;
      }
      case `${HELPERS}:layout`: {
        // A layout adds no path; its module renders around its children.
        const children = second && ts.isArrayLiteralExpression(unwrapExpression(second)) ? second : third;
        if (children) visitList(children, prefix);
        return;
      }
      case `${HELPERS}:prefix`: {
        const own = first && evaluate(first);
        if (own === undefined || !second) {
          reading.unread.push(inner);
          return;
        }
        visitList(second, join(prefix, own));
        return;
      }
      case `${FLAT}:flatRoutes`: {
        let dir = "routes";
        const options = first && unwrapExpression(first);
        if (options && ts.isObjectLiteralExpression(options))
          for (const property of options.properties)
            if (ts.isPropertyAssignment(property) && property.name.getText() === "rootDirectory") {
              const value = evaluate(property.initializer);
              if (value === undefined) reading.unread.push(property);
              else dir = value;
            }
        reading.flat.push({ dir: path.resolve(appDir, dir), prefix });
        return;
      }
      case `${AUTO}:autoRoutes`: {
        const auto = readAutoRoutes(inner, appDir, evaluate);
        reading.unread.push(...auto.unread);
        for (const { dir, prefix: mount } of auto.dirs) reading.flat.push({ dir, prefix: join(prefix, mount), auto: auto.options });
        return;
      }
      case `${ADAPTER}:remixRoutesOptionAdapter`: {
        // `remixRoutesOptionAdapter((defineRoutes) => flatRoutes("routes", defineRoutes, {...}))`.
        const hybrid = first && hybridFlatRoutes(first, names);
        const dir = hybrid?.arguments[0] && evaluate(hybrid.arguments[0]);
        if (dir === undefined) reading.unread.push(inner);
        else reading.flat.push({ dir: path.resolve(appDir, dir), prefix, hybrid: true });
        return;
      }
      default:
        reading.unread.push(inner);
    }
  };
  let body = unwrapExpression(exported.expression);
  while (ts.isSatisfiesExpression(body) || ts.isAsExpression(body)) body = unwrapExpression(body.expression);
  visitList(body, "");
  return reading;
}

/** The `flatRoutes(dir, defineRoutes, options?)` call of remix-flat-routes inside a routes callback. */
function hybridFlatRoutes(callback: ts.Expression, names: Map<string, string>): ts.CallExpression | undefined {
  let found: ts.CallExpression | undefined;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && names.get(node.expression.text) === `${HYBRID}:flatRoutes`)
      found = node;
    else ts.forEachChild(node, visit);
  };
  visit(callback);
  return found;
}

/**
 * remix-flat-routes' hybrid names: a folder whose name ends in `+` adds its name, then a dot, to the route
 * names inside (`api+/users.$id.ts` is `api.users.$id`); another folder is a route of its own when it holds
 * `route`, `index` or `_index` (`api+/health/route.ts` is `api.health`). Returns the flat-routes path of the
 * module (`name.ts`), undefined for a file that is no route.
 */
export function hybridRouteName(rest: string): string | undefined {
  const parts = rest.split(/[\\/]/);
  const file = parts.pop()!;
  const extension = /\.(ts|tsx|js|jsx|mts|mjs)$/.exec(file)?.[0];
  if (!extension) return undefined;
  const names: string[] = [];
  let folderRoute: string | undefined;
  for (const [i, part] of parts.entries()) {
    if (part.endsWith("+")) names.push(part.slice(0, -1));
    else if (i === parts.length - 1) folderRoute = part;
    else return undefined;
  }
  const base = file.slice(0, -extension.length);
  if (folderRoute !== undefined) {
    if (!["route", "index", "_index"].includes(base)) return undefined;
    names.push(folderRoute);
    if (base === "_index") names.push("_index");
  } else names.push(base);
  return `${names.join(".")}${extension}`;
}

function join(prefix: string, own: string): string {
  return [prefix, own]
    .map((p) => p.replace(/^\/+|\/+$/g, ""))
    .filter(Boolean)
    .join("/");
}

/**
 * A React Router path pattern as OpenAPI paths: `:id` a parameter, `:id?` and `segment?` optional (the path
 * without and with them), `*` the catch-all (named `splat`, one segment in OpenAPI).
 */
export function patternRoute(pattern: string): FileRoute {
  const choices: RouteSegment[][] = [];
  for (const raw of pattern.split("/").filter(Boolean)) {
    const optional = raw.endsWith("?");
    const bare = optional ? raw.slice(0, -1) : raw;
    let segment: RouteSegment;
    if (bare === "*") segment = { kind: "catchAll", name: "splat", optional: false };
    else if (bare.startsWith(":")) segment = { kind: "param", name: bare.slice(1) };
    else segment = { kind: "literal", text: bare };
    choices.push(optional && segment.kind !== "catchAll" ? [segment, { kind: "literal", text: "" }] : [segment]);
  }
  return routeOfChoices(choices);
}
