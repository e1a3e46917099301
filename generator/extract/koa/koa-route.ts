/**
 * koa-route (`app.use(route.get("/pets/:name", show))`): what its exports are and what its options say.
 * The registration itself is the Koa host's (koa-host.ts): a route is a router of its own, which the app
 * mounts where it `use()`s it (or koa-mount mounts it).
 */
import type { ts } from "../../typescript.js";
import type { Value } from "../../resolve/values.js";

/**
 * The route makers koa-route exports: one per method of the `methods` package (Node's HTTP methods, as
 * Express registers them), `del` for `delete`, and `all` for every method.
 */
export const KOA_ROUTE_METHODS = new Set([
  "get",
  "post",
  "put",
  "patch",
  "delete",
  "del",
  "options",
  "head",
  "trace",
  "all",
  "acl",
  "bind",
  "checkout",
  "connect",
  "copy",
  "link",
  "lock",
  "m-search",
  "merge",
  "mkactivity",
  "mkcalendar",
  "mkcol",
  "move",
  "notify",
  "propfind",
  "proppatch",
  "purge",
  "rebind",
  "report",
  "search",
  "source",
  "subscribe",
  "unbind",
  "unlink",
  "unlock",
  "unsubscribe",
]);

/** The route maker a koa-route export path names (`route.get`, a default import's `default.get`, `{ get }`). */
export function koaRouteMethod(path: readonly string[]): string | undefined {
  const name = path.length === 1 ? path[0] : path.length === 2 && path[0] === "default" ? path[1] : undefined;
  return name !== undefined && KOA_ROUTE_METHODS.has(name) ? name : undefined;
}

/** What a route's `opts` (path-to-regexp's options) say of where it answers. */
export type RouteOptions =
  | { readable: true; end: boolean }
  /** The options, or their `end`, could not be read: `node` is what apidex could not read. */
  | { readable: false; node: ts.Node };

/**
 * The `end` option of a route's `opts`: `false` makes the route match its path and everything below it.
 * The other options (`sensitive`, `strict`) change how a path is compared, not which paths there are.
 */
export function routeOptions(arg: ts.Expression | undefined, value: Value | undefined): RouteOptions {
  if (!arg || !value || value.kind === "undefined") return { readable: true, end: true };
  if (value.kind !== "object") return { readable: false, node: arg };
  const end = value.props.get("end");
  // Without `end`, unless the object may hold properties apidex could not read (a spread of run-time options).
  if (end === undefined || end.kind === "undefined")
    return value.open || value.unlisted ? { readable: false, node: arg } : { readable: true, end: true };
  if (end.kind === "boolean") return { readable: true, end: end.value };
  return { readable: false, node: arg };
}
