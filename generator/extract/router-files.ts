/**
 * Folders of router modules (config `routerFiles`): servers that walk a folder at start-up and mount each
 * module's exported router at a path made of the module's place in the folder (lambert-server's
 * `registerRoutes`, the `fs.readdirSync(routes)` loaders of Express apps). The walk runs over the file
 * system at run time, so apidex cannot read it from the code; the config names the folder and the prefix,
 * and the mounts are made here, after the modules ran, as the loader would make them.
 */
import path from "node:path";
import type { DiagnosticBag } from "../diagnostics/diagnostic.js";
import type { Interpreter } from "../resolve/interpreter.js";
import type { Value } from "../resolve/values.js";
import type { SourceSet } from "../scan/source-set.js";
import type { MountLayer, RouterNode } from "./router-graph.js";

export interface RouterFolder {
  /** The folder, relative to the project root. */
  dir: string;
  /** Where its paths begin (default `/`). */
  prefix?: string | undefined;
}

const MODULE = /\.(?:ts|tsx|mts|cts|js|mjs|cjs)$/;
const SKIPPED = /\.d\.[cm]?ts$|\.(?:test|spec)\.[cm]?[jt]sx?$/;

/**
 * The mount path of a module in a router folder, in Express syntax: its folders and file name without
 * the extension, a last `index` naming its folder, and parameters written as `#id` (lambert-server),
 * `[id]` (Next.js-style) or `:id` made `:id`; `%2E`-style escapes decoded (`%2Ewell-known` is
 * `.well-known`). Undefined for a file that is no module of the folder: declarations, tests, and names
 * starting with a dot.
 *
 * @example
 * routerFilePath("guilds/#guild_id/bans.ts") // "/guilds/:guild_id/bans"
 * routerFilePath("users/index.ts") // "/users"
 */
export function routerFilePath(relative: string): string | undefined {
  const parts = relative.split(/[\\/]/);
  const file = parts[parts.length - 1]!;
  if (!MODULE.test(file) || SKIPPED.test(file) || parts.some((p) => p.startsWith(".") || p === "node_modules" || p === "__tests__"))
    return undefined;
  parts[parts.length - 1] = file.replace(MODULE, "");
  if (parts[parts.length - 1] === "index") parts.pop();
  const segments = parts.map((segment) => {
    const decoded = segment.replace(/%[0-9A-Fa-f]{2}/g, (escape) => decodeURIComponent(escape));
    const param = /^#(.+)$/.exec(decoded) ?? /^\[([^\].]+)\]$/.exec(decoded) ?? /^:(.+)$/.exec(decoded);
    return param ? `:${param[1]}` : decoded;
  });
  return `/${segments.join("/")}`;
}

/**
 * An app that mounts the router each module of the configured folders exports (`export default router`,
 * or an export named `router`), at the folder's prefix and the module's path; the routers it mounts are
 * marked mounted. Undefined when no module exports a router.
 */
export function routerFilesApp(
  folders: readonly RouterFolder[],
  sources: SourceSet,
  interpreter: Interpreter,
  routerOf: (value: Value) => RouterNode | undefined,
  diagnostics: DiagnosticBag,
): RouterNode | undefined {
  const stack: MountLayer[] = [];
  for (const folder of folders) {
    const dir = path.resolve(sources.root, folder.dir);
    const prefix = (folder.prefix ?? "/").replace(/\/+$/, "");
    for (const file of [...sources.files].sort((a, b) => (a.fileName < b.fileName ? -1 : a.fileName > b.fileName ? 1 : 0))) {
      const relative = path.relative(dir, file.fileName);
      if (relative.startsWith("..") || path.isAbsolute(relative)) continue;
      const at = routerFilePath(relative);
      if (at === undefined) continue;
      const module = interpreter.module(file);
      const router = [interpreter.exportOf(module, "router", file), interpreter.exportOf(module, "default", file)]
        .map((value) => routerOf(value))
        .find((r): r is RouterNode => r !== undefined);
      if (!router) continue;
      router.mounted = true;
      stack.push({ type: "mount", paths: [`${prefix}${at}` || "/"], router, site: router.site });
    }
  }
  if (!stack.length) {
    diagnostics.warning(
      "APX215",
      `No module of the configured routerFiles folders (${folders.map((f) => f.dir).join(", ")}) exports a router: nothing is mounted from them.`,
      undefined,
      "A module of the folder should `export default` its router (or export it as `router`).",
    );
    return undefined;
  }
  return { id: -1, kind: "app", site: stack[0]!.site, stack, mounted: false };
}
