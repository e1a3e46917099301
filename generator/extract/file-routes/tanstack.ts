import path from "node:path";
import { ts } from "../../typescript.js";
import { type DiagnosticBag, siteOf } from "../../diagnostics/diagnostic.js";
import { type DocComment, leadingDoc } from "../../resolve/doc-comment.js";
import { excerpt, type Interpreter } from "../../resolve/interpreter.js";
import type { CheckValue, Value } from "../../resolve/values.js";
import type { SourceSet } from "../../scan/source-set.js";
import type { FileRoute } from "./file-paths.js";
import {
  isAncestorRoute,
  type TanstackRouteId,
  tanstackFileRouteId,
  tanstackRoutePath,
  tanstackRoutesDirs,
  tanstackStringRouteId,
} from "./tanstack-paths.js";
import { startRequestMiddleware, type TanstackDefinition, tanstackDefinition, tanstackMiddlewareChecks } from "./tanstack-routes.js";

/** A route module of the project: its definition, its route id, and the route it answers (undefined: it cannot be placed). */
interface TanstackModule {
  file: ts.SourceFile;
  definition: TanstackDefinition;
  id?: TanstackRouteId;
  /** The file's own id and its string's, when they give different URLs (the file's wins). */
  mismatch?: { file: string; string: string };
  route?: FileRoute;
}

/** How the file-routes adapter answers a TanStack handler (its closures over the route file being read). */
export interface TanstackAnswer {
  /** A handler of one method, after the checks of the middleware that runs before it. */
  answer(method: string, node: ts.Node, value: Value, before: CheckValue[]): void;
  /** The `ANY` handler: every method `own` has no handler for. */
  fallback(node: ts.Node, value: Value, before: CheckValue[], own: ReadonlySet<string>): void;
  /** Documents the operations a handler added since `since` (the stack's length) that have no doc of their own. */
  document(since: number, doc: DocComment): void;
  /** The length of the route file's stack, to tell which operations a handler added. */
  mark(): number;
}

export interface TanstackRouting {
  /** Whether a module defines a server route (one with a handler table). */
  detected: boolean;
  /** The route a module's server handlers answer, undefined for any other module. */
  routeOf(fileName: string): FileRoute | undefined;
  /** Reads a server route module's handlers, each after the middleware of the Start instance, its parent routes and its own. */
  read(file: ts.SourceFile, interpreter: Interpreter, answer: TanstackAnswer): void;
}

/**
 * TanStack Start's server routes: each module of the sources that defines a route with server handlers
 * (tanstack-routes.ts reads the three generations' factories), placed at its URL, and the middleware that runs
 * before its handlers — the Start instance's `requestMiddleware`, the `server.middleware` of every route above it
 * (the root, pathless layouts, parent routes: TanStack runs all the matched routes'), its own, its handler's.
 */
export function tanstackRouting(sources: SourceSet, diagnostics?: DiagnosticBag): TanstackRouting {
  const dirs = tanstackRoutesDirs(sources);
  const modules = new Map<string, TanstackModule>();
  for (const file of sources.files) {
    const definition = tanstackDefinition(file);
    if (!definition) continue;
    const rel = path.relative(sources.root, file.fileName);
    const fileId = definition.root ? { segments: [], index: false } : tanstackFileRouteId(rel, dirs);
    // A module the router ignores in its folder (`-lib/`, `.lazy.tsx`) is no route, whatever it defines.
    if (fileId === null) continue;
    const stringId = definition.id !== undefined ? tanstackStringRouteId(definition.id) : undefined;
    // The file's path wins where the file lies in the routes folder: TanStack's generator computes the route from
    // it and rewrites the string to match on every run, so a string that differs is stale (said, APX237). A module
    // outside the folder is routed by a virtual route config (`__virtual.ts`, `virtualRouteConfig`), which apidex
    // does not read: there the string the generator wrote is the route's id.
    const id = fileId ?? stringId;
    const module: TanstackModule = { file, definition, ...(id ? { id } : {}) };
    if (id && definition.handlers) module.route = tanstackRoutePath(id);
    if (fileId && stringId && !definition.root) {
      const own = tanstackRoutePath(fileId).paths.join(" ");
      const written = tanstackRoutePath(stringId).paths.join(" ");
      if (own !== written) module.mismatch = { file: own, string: written };
    }
    modules.set(file.fileName, module);
    if (!id && definition.handlers && diagnostics)
      diagnostics.warning(
        "APX201",
        `Cannot place the server route of ${rel}: it lies outside the routes folder (${dirs.join(", ")}) and its route factory is not given its path as a string literal${definition.unreadId ? ` (\`${excerpt(definition.unreadId)}\`)` : ""}; its handlers are not indexed.`,
        siteOf(definition.unreadId ?? definition.site),
        'Write the route id the generator writes (`createFileRoute("/api/users/$id")`), or set `routesDirectory` as a string literal in vite.config.ts.',
      );
  }
  const startFiles = sources.files.filter((f) => /(^|[\\/])start\.(ts|tsx|js|mjs)$/.test(f.fileName));
  let inherited: { id: TanstackRouteId; checks: CheckValue[] }[] | undefined;
  let global: CheckValue[] | undefined;
  const middlewareChecks = (nodes: readonly ts.Expression[], file: ts.SourceFile, interpreter: Interpreter) => {
    const scope = interpreter.module(file).scope;
    return nodes.flatMap((node) => tanstackMiddlewareChecks(interpreter.evaluate(node, scope), interpreter));
  };

  return {
    detected: [...modules.values()].some((m) => m.definition.handlers !== undefined),
    routeOf: (fileName) => modules.get(fileName)?.route,
    read(file, interpreter, answer) {
      const module = modules.get(file.fileName);
      if (!module?.route || !module.id) return;
      const { definition } = module;
      const rel = path.relative(sources.root, file.fileName);
      if (module.mismatch)
        diagnostics?.warning(
          "APX237",
          `The route factory of ${rel} is given a path (${module.mismatch.string}) that differs from the file's (${module.mismatch.file}): TanStack's generator routes the file by its path and rewrites the string on its next run, so it is indexed at ${module.mismatch.file}.`,
          siteOf(definition.site),
          "Run the route generator (`vite dev` or `tsr generate`) so the string matches the file, or move the file.",
        );
      for (const node of definition.unread)
        diagnostics?.warning(
          "APX201",
          `Cannot read this part of the server route of ${rel} statically (\`${excerpt(node)}\`): the handlers it holds are not indexed.`,
          siteOf(node),
          "Write the handlers as an object literal of the route (`server: { handlers: { GET: async ({ request }) => ... } }`), with each method a key.",
        );
      global ??= startFiles.flatMap((f) => {
        const node = startRequestMiddleware(f);
        return node ? middlewareChecks([node], f, interpreter) : [];
      });
      inherited ??= [...modules.values()]
        .filter((m) => m.id && m.definition.middleware.length)
        .map((m) => ({ id: m.id!, checks: middlewareChecks(m.definition.middleware, m.file, interpreter) }));
      // Outermost first: the root's, then each layout's down to the route's own.
      const above = inherited
        .filter((m) => isAncestorRoute(m.id, module.id!))
        .sort((a, b) => a.id.segments.length - b.id.segments.length)
        .flatMap((m) => m.checks);
      const own = middlewareChecks(definition.middleware, file, interpreter);
      const scope = interpreter.module(file).scope;
      const explicit = new Set((definition.handlers ?? []).filter((h) => h.method !== "ANY").map((h) => h.method));
      for (const handler of definition.handlers ?? []) {
        const value = ts.isMethodDeclaration(handler.node)
          ? memberValue(interpreter.evaluate(handler.node.parent as ts.ObjectLiteralExpression, scope), handler.method, handler.node)
          : interpreter.evaluate(handler.node as ts.Expression, scope);
        const before = [...global, ...above, ...own, ...middlewareChecks(handler.middleware, file, interpreter)];
        const since = answer.mark();
        if (handler.method === "ANY") answer.fallback(handler.node, value, before, explicit);
        else answer.answer(handler.method, handler.node, value, before);
        // The comment above the table's `GET:` describes the operation (the handler inside has none of its own).
        const doc = leadingDoc(handler.member);
        if (doc) answer.document(since, doc);
      }
    },
  };
}

function memberValue(object: Value, name: string, node: ts.Node): Value {
  return (object.kind === "object" && object.props.get(name)) || { kind: "unknown", reason: "is a method apidex cannot read", node };
}
