import { siteOf } from "../diagnostics/diagnostic.js";
import type { RouteFact } from "../extract/route-fact.js";
import { ts } from "../typescript.js";
import type { DocComment } from "./doc-comment.js";
import { type DocFields, docFieldsOf, docFromFields, mergeDocs } from "./framework-docs.js";
import { literalValue } from "./literal-value.js";
import type { Value } from "./values.js";

/**
 * @asteasolutions/zod-to-openapi's convention: the documentation of a route is declared apart from it,
 * `registry.registerPath({ method, path, summary, description, tags, responses })`, often in the route's
 * file, sometimes through a project's own `registerPath` wrapper. Each declaration documents the route of
 * the same method and path (parameter names aside); declarations that match no route say nothing. Fields
 * are read from literals.
 */
export function withRegisteredDocs(facts: RouteFact[], files: readonly ts.SourceFile[]): RouteFact[] {
  const declared = new Map<string, DocComment>();
  for (const file of files) {
    if (!file.text.includes("registerPath(")) continue;
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && calleeName(node) === "registerPath" && node.arguments[0]) {
        const options = literalValue(node.arguments[0]);
        if (options && typeof options === "object" && !Array.isArray(options)) {
          const o = options as Record<string, unknown>;
          if (typeof o.method === "string" && typeof o.path === "string") {
            const fields: DocFields = docFieldsOf(asValue(o));
            const doc = docFromFields(fields, siteOf(node), "zod-to-openapi", true);
            const key = routeKey(o.method, o.path);
            if (doc && !declared.has(key)) declared.set(key, doc);
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  if (!declared.size) return facts;
  return facts.map((fact) => {
    const doc = declared.get(routeKey(fact.method, fact.path));
    return doc ? { ...fact, doc: mergeDocs(fact.doc, doc) } : fact;
  });
}

/** A route's method and path as declarations name it: parameter names and a trailing slash aside. */
export function routeKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${templateOf(path)}`;
}

/** A path with its parameters unnamed (`/links/{}`) and no trailing slash: how declarations and routes meet. */
export function templateOf(path: string): string {
  return path.replace(/\{[^}]*\}/g, "{}").replace(/\/+$/, "") || "/";
}

function calleeName(call: ts.CallExpression): string | undefined {
  const callee = call.expression;
  return ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : undefined;
}

/** Plain data as the evaluator's values, for the readers shared with the other conventions. */
function asValue(data: unknown): Value {
  if (typeof data === "string") return { kind: "string", value: data };
  if (typeof data === "boolean") return { kind: "boolean", value: data };
  if (typeof data === "number") return { kind: "number", value: data };
  if (Array.isArray(data)) return { kind: "array", items: data.map(asValue) };
  if (data && typeof data === "object") return { kind: "object", props: new Map(Object.entries(data).map(([k, v]) => [k, asValue(v)])) };
  return { kind: "null" };
}
