/**
 * moleculer-web's alias grammar (src/alias.js and the gateway's `createRouteAliases`, `generateRESTAliases`,
 * `parseActionRestString`/`Object`), over plain strings: what the gateway registers for a key and a target.
 */

/** The six aliases `"REST posts": "posts"` stands for, by the action each calls (`posts.list`, ...). */
export function restAliases(path: string): { action: string; method: string; path: string }[] {
  const bare = path.endsWith("/") ? path.slice(0, -1) : path;
  return [
    { action: "list", method: "GET", path },
    { action: "get", method: "GET", path: `${bare}/:id` },
    { action: "create", method: "POST", path },
    { action: "update", method: "PUT", path: `${bare}/:id` },
    { action: "patch", method: "PATCH", path: `${bare}/:id` },
    { action: "remove", method: "DELETE", path: `${bare}/:id` },
  ];
}

/** `"GET users"`: the method and path; a key without one (`"users/:id"`) answers every method (`*`). */
export function aliasKey(key: string): { method: string; path: string } {
  if (key.includes(" ")) {
    const [method, path] = key.split(/\s+/);
    return { method: method!.toUpperCase(), path: path ?? "" };
  }
  return { method: "*", path: key };
}

/** An action's `rest: "GET /"` (or `"/import"`: every method) below its service's base path. */
export function actionRestString(rest: string, basePath: string): { method: string; path: string } {
  if (rest.includes(" ")) {
    const [method, path] = rest.split(/\s+/);
    return { method: method!.toUpperCase(), path: basePath + (path ?? "") };
  }
  return { method: "*", path: basePath + rest };
}

/** `removeTrailingSlashes` of moleculer-web: no slash at either end. */
export function trimSlashes(s: string): string {
  let out = s.startsWith("/") ? s.slice(1) : s;
  if (out.endsWith("/")) out = out.slice(0, -1);
  return out;
}

/** `addSlashes`: a slash at both ends. */
export function addSlashes(s: string): string {
  return (s.startsWith("/") ? "" : "/") + s + (s.endsWith("/") ? "" : "/");
}

/** `normalizePath`: repeated slashes collapsed. */
export function normalizePath(s: string): string {
  return s.replace(/\/{2,}/g, "/");
}

/** An alias's full path: the route's path and the alias's own, as `Alias` joins them. */
export function fullPath(routePath: string, aliasPath: string): string {
  const joined = addSlashes(routePath) + trimSlashes(aliasPath);
  return joined !== "/" && joined.endsWith("/") ? joined.slice(0, -1) : joined;
}

/**
 * Moleculer's `utils.match` of an action name against a whitelist mask: `**` any text, `*` any text without
 * a dot, `?` one character; otherwise the exact name.
 */
export function matchesMask(action: string, mask: string): boolean {
  if (!mask.includes("*") && !mask.includes("?")) return action === mask;
  let re = "";
  for (let i = 0; i < mask.length; i++) {
    const c = mask[i]!;
    if (c === "*" && mask[i + 1] === "*") {
      re += ".*";
      i++;
    } else if (c === "*") re += "[^.]*";
    else if (c === "?") re += ".";
    else re += c.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${re}$`).test(action);
}
