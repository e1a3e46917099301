import path from "node:path";
import { ts } from "../../typescript.js";
import { siteOf } from "../../diagnostics/diagnostic.js";
import { leadingDoc } from "../../resolve/doc-comment.js";
import { Interpreter } from "../../resolve/interpreter.js";
import type { CallContext } from "../../resolve/interpreter.js";
import type { ExternalValue, HostValue, Value } from "../../resolve/values.js";
import type { FrameworkAdapter } from "../adapter.js";
import type { PathParseResult } from "../express/path-syntax.js";
import { flattenApp } from "../flatten.js";
import type { RouterNode } from "../router-graph.js";
import { RouterHost } from "../router-host.js";
import { dedupe } from "../shared.js";
import { IncrementalSession } from "../incremental/session.js";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"];
const ROUTE_FILE = /(^|[\\/])app[\\/](.*[\\/])?route\.(ts|tsx|js|mjs|mts)$/;

/** Next's route handlers are plain exports: nothing in them is a framework object. */
class NextHost extends RouterHost {
  callExternal(_callee: ExternalValue, _call: CallContext): Value | undefined {
    return undefined;
  }
  callMethod(receiver: HostValue): Value {
    return receiver;
  }
  /** One exported method handler: its checks (in the body or a wrapper's arguments) and its doc. */
  addExport(root: RouterNode, method: string, paths: string[], node: ts.Node, value: Value, scope: CallContext["scope"]): void {
    const parts = { checks: [] as ReturnType<RouterHost["middlewareChecks"]>, handlers: [] as Extract<Value, { kind: "function" }>[] };
    const expression = ts.isFunctionDeclaration(node) ? undefined : (node as ts.Expression);
    if (expression) this.collect(expression, value, { node: expression as ts.CallExpression, args: [], scope }, parts);
    else if (value.kind === "function") {
      parts.handlers.push(value);
      parts.checks.push(...this.interpreter.bodyChecks(value));
    }
    const handler = parts.handlers[parts.handlers.length - 1]?.decl;
    const docNode = ts.isFunctionDeclaration(node)
      ? node
      : ts.isExportSpecifier(node)
        ? node.parent.parent // the `export { read as GET }` statement
        : node.parent && ts.isVariableDeclaration(node.parent)
          ? node.parent.parent.parent
          : node;
    const doc = leadingDoc(docNode);
    root.stack.push({ type: "route", method, paths, checks: parts.checks, terminal: true, site: siteOf(node), ...(doc ? { doc } : {}), ...(handler ? { handler } : {}) });
  }
}

/**
 * The route path of an App Router file: `app/(shop)/orders/[order_id]/route.ts` is `/orders/{order_id}`.
 * Route groups `(x)` vanish, `[param]` is a parameter, `[...slug]` a catch-all (one segment in OpenAPI),
 * `[[...slug]]` optional (with and without it). Files under `_private` folders are not routes.
 */
export function appRouterPaths(file: string): { paths: string[]; wildcard: boolean } | undefined {
  const match = ROUTE_FILE.exec(file.split(path.sep).join("/"));
  if (!match) return undefined;
  const segments = (match[2] ?? "").split("/").filter(Boolean);
  if (segments.some((s) => s.startsWith("_"))) return undefined;
  const base: string[] = [];
  let optional: string | undefined;
  let wildcard = false;
  for (const segment of segments) {
    if (/^\(.*\)$/.test(segment) || segment.startsWith("@")) continue;
    const optionalCatchAll = /^\[\[\.\.\.(\w+)\]\]$/.exec(segment);
    const catchAll = /^\[\.\.\.(\w+)\]$/.exec(segment);
    const param = /^\[(\w+)\]$/.exec(segment);
    if (optionalCatchAll) {
      optional = optionalCatchAll[1];
      wildcard = true;
    } else if (catchAll) {
      base.push(`{${catchAll[1]}}`);
      wildcard = true;
    } else if (param) base.push(`{${param[1]}}`);
    else base.push(segment);
  }
  const root = `/${base.join("/")}`;
  const paths = optional ? [root, `${root === "/" ? "" : root}/{${optional}}`] : [root];
  return { paths, wildcard };
}

const openApiParser = (raw: string): PathParseResult => ({ ok: true, variants: [{ path: raw, params: [...raw.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!), wildcard: false }] });

export const nextAdapter: FrameworkAdapter = {
  name: "next",
  detect: (sources) => sources.files.some((f) => appRouterPaths(f.fileName.slice(sources.root.length)) !== undefined),
  extract(sources, options, diagnostics) {
    const host = new NextHost(diagnostics);
    // With the run cache: each route file's handlers are recorded, and unchanged files replayed from that.
    const session = options.incremental ? new IncrementalSession(host, sources, diagnostics, options.incremental) : undefined;
    const interpreter = new Interpreter(sources, diagnostics, { permissionCalls: options.permissionCalls, anyPermissionCalls: options.anyPermissionCalls, registry: options.registry, ...session?.interpreterOptions() }, host);
    host.interpreter = interpreter;
    session?.attach(interpreter);
    const root: RouterNode = { id: 0, kind: "app", site: { file: sources.root, line: 1, column: 1 }, stack: [], mounted: true };
    const readRouteFile = (file: ts.SourceFile): void => {
      const route = appRouterPaths(path.relative(sources.root, file.fileName));
      if (!route) return;
      const before = root.stack.length;
      session?.recorder.enterFile(file.fileName);
      const instance = interpreter.module(file);
      for (const statement of file.statements) {
        for (const [method, node] of exportedMethods(statement)) {
          const value = interpreter.exportOf(instance, method, node);
          if (route.wildcard) diagnostics.warning("APX205", `${path.relative(sources.root, file.fileName)} is a catch-all route; it is indexed with one path segment.`, siteOf(node), "OpenAPI path parameters match one segment; callers must encode slashes.");
          host.addExport(root, method, route.paths, node, value, instance.scope);
        }
      }
      session?.recorder.leaveFile(file.fileName, root.stack.slice(before));
    };
    // Route files in path order, the replayed ones (not parsed) at their place among them.
    const replay = session?.replayed;
    const replayed = replay?.files ?? [];
    let next = 0;
    const replayNext = () => {
      const name = replayed[next++]!;
      interpreter.moduleNamed(name);
      root.stack.push(...replay!.rootLayers(name));
    };
    for (const file of sources.files) {
      while (next < replayed.length && replayed[next]! < file.fileName) replayNext();
      readRouteFile(file);
    }
    while (next < replayed.length) replayNext();
    interpreter.finishChecks();
    session?.finish(interpreter, "next");
    return dedupe(flattenApp(root, diagnostics, "next", openApiParser));
  },
};

/** `export async function GET`, `export const POST = ...`, `export { handler as PUT }`. */
function exportedMethods(statement: ts.Statement): [string, ts.Node][] {
  const exported = ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  if (ts.isFunctionDeclaration(statement) && exported && statement.name && METHODS.includes(statement.name.text)) return [[statement.name.text, statement]];
  if (ts.isVariableStatement(statement) && exported) {
    return statement.declarationList.declarations.filter((d) => ts.isIdentifier(d.name) && METHODS.includes(d.name.text) && d.initializer).map((d) => [(d.name as ts.Identifier).text, d.initializer!]);
  }
  if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
    return statement.exportClause.elements.filter((e) => METHODS.includes(e.name.text)).map((e) => [e.name.text, e]);
  }
  return [];
}
