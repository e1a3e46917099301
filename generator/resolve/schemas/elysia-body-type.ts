import type { JsonSchema } from "../types/schema-builder.js";
import { ts } from "../../typescript.js";
import { ELYSIA_TYPES_MODULE } from "./elysia-types.js";
import { constDeclaration, packageOrigin, staticJson, unwrapExpression } from "./static-json.js";

/**
 * The media type an Elysia route's body is sent in, when it is not JSON. Elysia parses a body by the
 * request's `Content-Type` unless the route's hook names one parser (`parse: "formdata"`; `type: "formdata"`
 * before Elysia 1.2, which a 1.2+ hook does not accept), and then takes that one kind only. A body that holds
 * a file (`t.File()`, `t.Files()`) validates only when it is parsed from multipart form data: JSON carries no
 * file, so Elysia answers 422 to it. A body that is a `t.Form()` is read as form data only too: Elysia picks the
 * form data parser for it when the hook names none, and refuses JSON.
 */

/** Elysia's parser names and the media types they read (elysia's `ContentType`). */
const PARSERS: Record<string, string> = {
  json: "application/json",
  "application/json": "application/json",
  text: "text/plain",
  "text/plain": "text/plain",
  urlencoded: "application/x-www-form-urlencoded",
  "application/x-www-form-urlencoded": "application/x-www-form-urlencoded",
  formdata: "multipart/form-data",
  "multipart/form-data": "multipart/form-data",
  arrayBuffer: "application/octet-stream",
  "application/octet-stream": "application/octet-stream",
};

/**
 * The body's media type for an Elysia hook, or undefined for JSON (Elysia's default is the request's own type,
 * and JSON is one it reads). `parser` is the hook's `parse` (or pre-1.2 `type`) value; a custom parser (a
 * function, or several) says nothing of the type, so only the body's files decide then. `bodyNode` is the hook's
 * `body` as written (a `t.Form()` call, or a const holding one).
 */
export function elysiaBodyMediaType(
  parser: ts.Expression | undefined,
  body: JsonSchema | undefined,
  checker: ts.TypeChecker,
  deref: (schema: JsonSchema) => JsonSchema,
  bodyNode?: ts.Expression,
): string | undefined {
  const named = parser ? staticJson(parser, checker) : undefined;
  const single = Array.isArray(named) && named.length === 1 ? named[0] : named;
  const declared = typeof single === "string" ? PARSERS[single] : undefined;
  if (declared) return declared === "application/json" ? undefined : declared;
  if (bodyNode && isElysiaForm(bodyNode, checker, 0)) return "multipart/form-data";
  return body && holdsFile(body, deref, 0) ? "multipart/form-data" : undefined;
}

/** Whether a schema holds a file anywhere (Elysia's `t.File()`/`t.Files()` are published as binary strings). */
function holdsFile(schema: JsonSchema, deref: (schema: JsonSchema) => JsonSchema, depth: number): boolean {
  if (depth > 16) return false;
  const own = deref(schema);
  if (own.type === "string" && own.format === "binary") return true;
  const children: unknown[] = [
    ...Object.values((own.properties as Record<string, unknown> | undefined) ?? {}),
    own.items,
    ...((own.anyOf as unknown[] | undefined) ?? []),
    ...((own.oneOf as unknown[] | undefined) ?? []),
    ...((own.allOf as unknown[] | undefined) ?? []),
  ];
  return children.some((child) => !!child && typeof child === "object" && holdsFile(child as JsonSchema, deref, depth + 1));
}

/** Whether an expression is Elysia's `t.Form(...)`, written there or in the const it names. */
function isElysiaForm(node: ts.Expression, checker: ts.TypeChecker, depth: number): boolean {
  const expr = unwrapExpression(node);
  if (ts.isIdentifier(expr)) {
    const init = depth < 8 ? constDeclaration(expr, checker)?.initializer : undefined;
    return !!init && isElysiaForm(init, checker, depth + 1);
  }
  if (!ts.isCallExpression(expr) || !ts.isPropertyAccessExpression(expr.expression)) return false;
  if (expr.expression.name.text !== "Form") return false;
  const namespace = unwrapExpression(expr.expression.expression);
  const origin = ts.isIdentifier(namespace) ? packageOrigin(namespace, checker) : undefined;
  return !!origin && ELYSIA_TYPES_MODULE.test(origin.module);
}
