import { ts } from "../../typescript.js";
import { importedFrom } from "../decorated-controllers.js";

/** The packages LoopBack 4's route decorators come from (`@loopback/rest` re-exports `@loopback/openapi-v3`). */
export const ROUTE_PACKAGES: ReadonlySet<string> = new Set(["@loopback/rest", "@loopback/openapi-v3"]);

/** A decorator call by the name it is written with: `get`, `authorize`, or a member of an imported namespace object, `oas.tags`, `authorize.skip`. */
export interface NamedDecorator {
  name: string;
  call: ts.CallExpression;
}

/**
 * The decorator calls on a class or a method whose callee is imported from one of the packages: `@get(...)`,
 * and `@oas.get(...)` / `@authorize.skip()` (a member of an imported object).
 */
export function decoratorsFrom(node: ts.Node, packages: ReadonlySet<string>): NamedDecorator[] {
  const out: NamedDecorator[] = [];
  for (const decorator of (ts.canHaveDecorators(node) ? ts.getDecorators(node) : undefined) ?? []) {
    const call = decorator.expression;
    if (!ts.isCallExpression(call)) continue;
    const callee = call.expression;
    if (ts.isIdentifier(callee) && importedFrom(callee, packages)) out.push({ name: callee.text, call });
    else if (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && importedFrom(callee.expression, packages))
      out.push({ name: `${callee.expression.text}.${callee.name.text}`, call });
  }
  return out;
}

/** The verb decorators `@oas.get(path, spec)`, ... and their HTTP methods (the plain `@get` are the flavor's verbs). */
export const VERBS: Readonly<Record<string, string>> = { get: "GET", post: "POST", put: "PUT", patch: "PATCH", del: "DELETE" };

/** The HTTP methods an OpenAPI path item may hold, lower-case as LoopBack keys them. */
export const PATH_ITEM_METHODS: ReadonlySet<string> = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);
