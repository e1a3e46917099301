import { ts } from "../../typescript.js";
import { siteOf } from "../../diagnostics/diagnostic.js";
import type { DocComment } from "../../resolve/doc-comment.js";
import { docFieldsOf, docFromFields } from "../../resolve/framework-docs.js";
import type { Interpreter } from "../../resolve/interpreter.js";
import type { Scope } from "../../resolve/scope.js";
import { stringsOf, type Value } from "../../resolve/values.js";
import { decoratorsFrom, PATH_ITEM_METHODS, ROUTE_PACKAGES, VERBS } from "./decorators.js";

/**
 * What LoopBack's own OpenAPI document (`/openapi.json`) says of a controller method — it lists every route of
 * every controller, so each is documented unless `x-visibility: "undocumented"` keeps it out: the operation spec
 * given to the verb decorator (`summary`, `description`, `tags`, `operationId`, `deprecated`, `x-visibility`)
 * or the `@api({ paths })` operation bound to it, `@oas.tags(...)` (the class's when the spec has none, then the
 * method's added), `@oas.deprecated()` and `@oas.visibility(...)` (the method's over the class's over the spec's),
 * as `resolveControllerSpec` combines them.
 */
export function loopbackDoc(
  cls: ts.ClassDeclaration,
  method: ts.MethodDeclaration,
  scope: Scope,
  interpreter: Interpreter,
): DocComment | undefined {
  const evaluate = (node: ts.Expression | undefined): Value => (node ? interpreter.evaluate(node, scope) : { kind: "undefined" });
  const own = decoratorsFrom(method, ROUTE_PACKAGES);
  const ofClass = decoratorsFrom(cls, ROUTE_PACKAGES);
  let spec: Value = { kind: "undefined" };
  for (const { name, call } of own) {
    const bare = name.replace(/^oas\./, "");
    if (Object.hasOwn(VERBS, bare)) spec = evaluate(call.arguments[1]);
    else if (bare === "operation") spec = evaluate(call.arguments[2]);
  }
  if (spec.kind === "undefined") spec = apiOperations(cls, scope, interpreter).find((o) => o.method === methodName(method))?.spec ?? spec;
  const fields = docFieldsOf(spec);
  const named = (calls: typeof own, n: string) => calls.filter((d) => d.name === n || d.name === `oas.${n}`);
  const tagsOf = (calls: typeof own) => named(calls, "tags").flatMap((d) => d.call.arguments.flatMap((a) => stringsOf(evaluate(a)) ?? []));
  const classTags = tagsOf(ofClass);
  const tags = [...new Set([...(fields.tags ?? classTags), ...tagsOf(own)])];
  const flag = (calls: typeof own, n: string): boolean | undefined => {
    const call = named(calls, n)[0]?.call;
    if (!call) return undefined;
    const arg = evaluate(call.arguments[0]);
    return arg.kind === "boolean" ? arg.value : true;
  };
  const deprecated = flag(own, "deprecated") ?? flag(ofClass, "deprecated") ?? fields.deprecated ?? false;
  const visibility = (calls: typeof own) => {
    const call = named(calls, "visibility")[0]?.call;
    const arg = call?.arguments[0];
    const value = arg ? evaluate(arg) : undefined;
    if (value?.kind === "string") return value.value;
    // `OperationVisibility.UNDOCUMENTED`, the package's enum: its member says it.
    return arg && ts.isPropertyAccessExpression(arg) ? arg.name.text.toLowerCase() : undefined;
  };
  const specVisibility = spec.kind === "object" ? spec.props.get("x-visibility") : undefined;
  const hidden =
    (visibility(own) ?? visibility(ofClass) ?? (specVisibility?.kind === "string" ? specVisibility.value : undefined)) === "undocumented";
  return docFromFields(
    {
      ...fields,
      tags,
      deprecated,
      ...(hidden ? { hidden: true } : {}),
    },
    siteOf(method),
    "loopback",
    true,
  );
}

/** One operation of a class's `@api({ paths })`: the method it is bound to (`x-operation-name`), where, and its spec. */
export interface ApiOperation {
  /** `x-operation-name`; undefined when the operation names none. */
  method: string | undefined;
  httpMethod: string;
  path: string;
  spec: Value;
  node: ts.CallExpression;
}

/** The operations `@api({ paths })` declares on a class (LoopBack binds each to the method its `x-operation-name` names). */
export function apiOperations(cls: ts.ClassDeclaration, scope: Scope, interpreter: Interpreter): ApiOperation[] {
  const out: ApiOperation[] = [];
  for (const { name, call } of decoratorsFrom(cls, ROUTE_PACKAGES)) {
    if ((name !== "api" && name !== "oas.api") || !call.arguments[0]) continue;
    const spec = interpreter.evaluate(call.arguments[0], scope);
    const paths = spec.kind === "object" ? spec.props.get("paths") : undefined;
    if (paths?.kind !== "object") continue;
    for (const [path, item] of paths.props) {
      if (item.kind !== "object") continue;
      for (const [verb, operation] of item.props) {
        if (!PATH_ITEM_METHODS.has(verb)) continue;
        const bound = operation.kind === "object" ? operation.props.get("x-operation-name") : undefined;
        out.push({
          method: bound?.kind === "string" ? bound.value : undefined,
          httpMethod: verb.toUpperCase(),
          path,
          spec: operation,
          node: call,
        });
      }
    }
  }
  return out;
}

/** A method's name as LoopBack keys it. */
export const methodName = (method: ts.MethodDeclaration): string | undefined =>
  ts.isIdentifier(method.name) || ts.isStringLiteral(method.name) ? method.name.text : undefined;
