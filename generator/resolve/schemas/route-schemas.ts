import { ts } from "../../typescript.js";
import type { ResponseShape } from "../../model/shapes.js";
import type { JsonSchema } from "../types/schema-builder.js";
import type { FormUploads } from "../types/form-uploads.js";
import { elysiaBodyMediaType } from "./elysia-body-type.js";
import { multerUploads } from "./multer.js";
import type { SchemaValues } from "./schema-values.js";
import { constDeclaration, objectLiteralOf, objectProperties, staticJson, unwrapExpression } from "./static-json.js";

/**
 * A route's request and response schemas read from schema values, in JSON Schema (2020-12). Each part
 * is set only when a value describes it; `resolve/types/operation-shapes.ts` prefers these to the
 * handler's TypeScript types, and `@body` / `@query` / `@response` tags to both.
 */
export interface ValueShapes {
  /** An object schema whose properties are the path parameters. */
  params?: JsonSchema;
  /** An object schema whose properties are the query parameters (`required` says which are). */
  query?: JsonSchema;
  /** An object schema of the request headers (published as `in: header` parameters). */
  headers?: JsonSchema;
  body?: JsonSchema;
  /** The request body's media type when it is not JSON (Hono's `zValidator("form", ...)`). */
  bodyMediaType?: string;
  /** Responses by status, as `createRoute`'s `responses` or Fastify's `schema.response` declare them. */
  responses?: ResponseShape[];
  /** A body sent as a form with files (multer's middleware among the route's arguments). */
  uploads?: FormUploads;
}

type Part = "params" | "query" | "headers" | "body";

/** Hono validator targets (`zValidator("json", schema)`) and what they describe. */
const TARGETS: Record<string, { part: Part; mediaType?: string }> = {
  json: { part: "body" },
  form: { part: "body", mediaType: "multipart/form-data" },
  query: { part: "query" },
  param: { part: "params" },
  header: { part: "headers" },
};

const PARSE_METHODS = new Set(["parse", "safeParse", "parseAsync", "safeParseAsync", "decode", "decodeAsync", "safeDecode"]);

/**
 * Reads the schema values of one route:
 * - route options with a `schema` (Fastify: `body`, `querystring`, `params`, `headers`, `response`);
 * - `app.openapi(createRoute({ request, responses }), handler)` (@hono/zod-openapi);
 * - validator middleware among the route's arguments: `zValidator("json", S)` / hono-openapi's
 *   `validator("query", S)`, a call whose single argument is a schema (`validate(S)`, `validateBody(S)`;
 *   the callee's name says query, params or headers, else it is the body), or whose single argument maps
 *   `body` / `query` / `params` / `headers` to schemas; hono-openapi's `describeRoute({ responses })`;
 * - in the handler, `Schema.parse(req.body)` and its kin, for what nothing above described.
 */
export function routeValueShapes(
  registration: ts.CallExpression | undefined,
  handler: ts.FunctionLikeDeclaration | undefined,
  values: SchemaValues,
  checker: ts.TypeChecker,
): ValueShapes {
  const out: ValueShapes = {};
  const set = (part: Part, node: ts.Expression, mediaType?: string) => {
    if (out[part]) return;
    // Parameters are published one by one: a named schema's structure, not a component nothing refers to.
    const schema = values.convert(node, part !== "body");
    if (!schema) return;
    out[part] = schema;
    if (part === "body" && mediaType) out.bodyMediaType = mediaType;
  };
  const callee = registration ? unwrapExpression(registration.expression) : undefined;
  if (registration && callee && ts.isPropertyAccessExpression(callee) && callee.name.text === "openapi" && registration.arguments[0]) {
    const route = createRouteOptions(registration.arguments[0], checker);
    if (route) readCreateRoute(route, values, checker, out, set);
  }
  for (const arg of registration?.arguments ?? []) {
    const options = objectLiteralOf(arg, checker);
    const props = options ? objectProperties(options, checker) : undefined;
    const schema = props?.get("schema");
    if (schema) readFastifySchema(schema, values, checker, out, set);
    // Elysia's route hook holds the schemas itself (`{ body, query, params, response, detail }`), its
    // `response` a schema (the 200) or schemas by status, and `parse` the one parser the body takes.
    else if (options && isElysiaRegistration(registration!) && props && [...props.keys()].some((k) => ELYSIA_PARTS.has(k))) {
      readFastifySchema(arg, values, checker, out, set);
      const mediaType = elysiaBodyMediaType(
        props.get("parse") ?? props.get("type"),
        out.body,
        checker,
        (s) => values.deref(s),
        props.get("body"),
      );
      if (out.body && mediaType) out.bodyMediaType = mediaType;
      const response = props.get("response");
      if (response && !out.responses && !objectLiteralOf(response, checker)) {
        const converted = values.typebox.isNoBody(response) ? undefined : values.convert(response);
        if (converted) out.responses = [{ status: "200", schema: converted }];
      }
    }
    for (const call of middlewareCalls(arg, checker)) {
      const uploads = multerUploads(call, checker);
      if (uploads) out.uploads ??= uploads;
      else readMiddleware(call, values, checker, out, set);
    }
  }
  if (handler?.body) readParseCalls(handler.body, values, set);
  return out;
}

/**
 * A trpc-to-openapi procedure's shapes (`registration` is its `.query(...)` or `.mutation(...)` call): its
 * `.input(S)` gives the path parameters its path names and, for the rest, the query (GET and DELETE) or the
 * body (the other methods), as trpc-to-openapi reads them; its `.output(S)` the 200 response.
 */
export function trpcValueShapes(
  registration: ts.CallExpression,
  method: string,
  pathParams: readonly string[],
  values: SchemaValues,
): ValueShapes {
  const out: ValueShapes = {};
  let input: ts.Expression | undefined;
  let output: ts.Expression | undefined;
  // `procedure.meta({...}).input(S).output(T).query(fn)`: the chain below the call, nearest first.
  for (let link = unwrapExpression(registration.expression); ts.isPropertyAccessExpression(link); ) {
    const call = unwrapExpression(link.expression);
    if (!ts.isCallExpression(call) || !ts.isPropertyAccessExpression(call.expression)) break;
    const name = call.expression.name.text;
    if (name === "input" && !input) input = call.arguments[0];
    if (name === "output" && !output) output = call.arguments[0];
    link = call.expression;
  }
  // `.input(z.void())`: the procedure takes nothing (no parameters, no body), not a value of an unknown type;
  // `.output(z.void())`: it answers with no value, so there is no shape to give the 200 response.
  const isVoid = (node: ts.Expression | undefined) =>
    node !== undefined && /\.(void|undefined)\(\)$/.test(unwrapExpression(node).getText());
  const takesNothing = isVoid(input);
  const schema = input && !takesNothing ? values.convert(input, true) : undefined;
  const properties =
    schema?.type === "object" && schema.properties && typeof schema.properties === "object"
      ? (schema.properties as Record<string, unknown>)
      : undefined;
  if (schema && properties) {
    const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
    const pick = (keep: (key: string) => boolean): JsonSchema | undefined => {
      const keys = Object.keys(properties).filter(keep);
      if (!keys.length) return undefined;
      const picked: JsonSchema = { type: "object", properties: Object.fromEntries(keys.map((k) => [k, properties[k]])) };
      const needed = required.filter((k) => keys.includes(k));
      if (needed.length) picked.required = needed;
      return picked;
    };
    const params = pick((k) => pathParams.includes(k));
    const rest = pick((k) => !pathParams.includes(k));
    if (params) out.params = params;
    if (rest) out[method === "GET" || method === "DELETE" ? "query" : "body"] = rest;
  }
  const response = output && !isVoid(output) ? values.convert(output) : undefined;
  if (response) out.responses = [{ status: "200", schema: response }];
  return out;
}

/**
 * A ts-rest contract entry's shapes (`{ method, path, pathParams, query, headers, body, responses }`): each
 * part a schema (zod, TypeBox) where the entry gives one; `c.type<T>()`, `c.noBody()` and other plain
 * types say nothing apidex can convert here. `contentType: "multipart/form-data"` is the body's media type.
 */
export function tsRestValueShapes(entry: ts.ObjectLiteralExpression, values: SchemaValues, checker: ts.TypeChecker): ValueShapes {
  const out: ValueShapes = {};
  const props = objectProperties(entry, checker);
  for (const [key, part] of [
    ["pathParams", "params"],
    ["query", "query"],
    ["headers", "headers"],
    ["body", "body"],
  ] as const) {
    const node = props.get(key);
    if (!node || !values.isLibrarySchema(node)) continue;
    const schema = values.convert(node, part !== "body");
    if (schema) out[part] = schema;
  }
  const contentType = props.get("contentType");
  const mediaType = contentType ? staticJson(contentType, checker) : undefined;
  if (out.body && typeof mediaType === "string" && !/json/.test(mediaType)) out.bodyMediaType = mediaType;
  const responses = objectLiteralOf(props.get("responses"), checker);
  if (responses) {
    const shapes: ResponseShape[] = [];
    for (const [key, value] of objectProperties(responses, checker)) {
      const status = statusOf(key);
      if (!status) continue;
      const schema = values.isLibrarySchema(value) ? values.convert(value) : undefined;
      shapes.push(schema ? { status, schema } : { status });
    }
    if (shapes.length) out.responses = shapes.sort((a, b) => Number(a.status) - Number(b.status));
  }
  return out;
}

/** `createRoute({...})`, a const holding it, or the options object itself. */
function createRouteOptions(node: ts.Expression, checker: ts.TypeChecker): ts.ObjectLiteralExpression | undefined {
  let expr = unwrapExpression(node);
  for (let hops = 0; hops < 8 && ts.isIdentifier(expr); hops++) {
    const decl = constDeclaration(expr, checker);
    if (!decl) return undefined;
    expr = unwrapExpression(decl.initializer!);
  }
  if (ts.isCallExpression(expr) && expr.arguments[0]) return objectLiteralOf(expr.arguments[0], checker);
  return objectLiteralOf(expr, checker);
}

type Setter = (part: Part, node: ts.Expression, mediaType?: string) => void;

function readCreateRoute(
  route: ts.ObjectLiteralExpression,
  values: SchemaValues,
  checker: ts.TypeChecker,
  out: ValueShapes,
  set: Setter,
): void {
  const props = objectProperties(route, checker);
  const request = objectLiteralOf(props.get("request"), checker);
  if (request) {
    const parts = objectProperties(request, checker);
    for (const [key, part] of [
      ["params", "params"],
      ["query", "query"],
      ["headers", "headers"],
    ] as const) {
      const node = parts.get(key);
      if (node) set(part, node);
    }
    const body = objectLiteralOf(parts.get("body"), checker);
    const content = body ? firstContent(objectProperties(body, checker).get("content"), checker) : undefined;
    if (content?.schema) set("body", content.schema, /json/.test(content.mediaType) ? undefined : content.mediaType);
  }
  const responses = props.get("responses");
  if (responses) out.responses ??= openApiResponses(responses, values, checker);
}

/** Fastify's route `schema`: shapes only (its summary, description and tags are doc text, read elsewhere). */
function readFastifySchema(node: ts.Expression, values: SchemaValues, checker: ts.TypeChecker, out: ValueShapes, set: Setter): void {
  const schema = objectLiteralOf(node, checker);
  if (!schema) return;
  const props = objectProperties(schema, checker);
  for (const [key, part] of [
    ["body", "body"],
    ["querystring", "query"],
    ["query", "query"],
    ["params", "params"],
    ["headers", "headers"],
  ] as const) {
    const value = props.get(key);
    if (value) set(part, value);
  }
  // @fastify/swagger's `consumes` states the body's media types: the first, where JSON is not among them.
  const consumes = props.get("consumes") ? staticJson(props.get("consumes")!, checker) : undefined;
  if (
    out.body &&
    !out.bodyMediaType &&
    Array.isArray(consumes) &&
    typeof consumes[0] === "string" &&
    !consumes.some((c) => /json/.test(String(c)))
  )
    out.bodyMediaType = consumes[0];
  const response = objectLiteralOf(props.get("response"), checker);
  if (!response || out.responses) return;
  const shapes: ResponseShape[] = [];
  for (const [key, value] of objectProperties(response, checker)) {
    const status = statusOf(key);
    if (!status) continue;
    // fastify-swagger also accepts OpenAPI's `{ description, content: { "application/json": { schema } } }`.
    const literal = objectLiteralOf(value, checker);
    const content =
      literal && objectProperties(literal, checker).has("content")
        ? firstContent(objectProperties(literal, checker).get("content"), checker)
        : undefined;
    if (literal && objectProperties(literal, checker).has("content")) {
      shapes.push(responseShape(status, content, values));
      continue;
    }
    // `204: t.Void()`: a response without a body, so no schema (and no warning that it has none apidex reads).
    const converted = values.typebox.isNoBody(value) ? undefined : values.convert(value);
    shapes.push(converted ? { status, schema: converted } : { status });
  }
  if (shapes.length) out.responses = shapes.sort((a, b) => Number(a.status) - Number(b.status));
}

const ELYSIA_PARTS = new Set(["body", "query", "params", "headers", "response"]);

/**
 * Whether a registration is a route of an Elysia app: a method call in a file that imports Elysia (its
 * types are not loaded, so the receiver is known by the file it is written in).
 */
function isElysiaRegistration(registration: ts.CallExpression): boolean {
  if (!ts.isPropertyAccessExpression(unwrapExpression(registration.expression))) return false;
  return registration
    .getSourceFile()
    .statements.some((st) => ts.isImportDeclaration(st) && ts.isStringLiteral(st.moduleSpecifier) && st.moduleSpecifier.text === "elysia");
}

/** The calls among a route argument: itself, the elements of an array of middleware, through consts. */
function middlewareCalls(node: ts.Expression, checker: ts.TypeChecker, depth = 0): ts.CallExpression[] {
  if (depth > 8) return [];
  const expr = unwrapExpression(node);
  if (ts.isCallExpression(expr)) return [expr];
  if (ts.isArrayLiteralExpression(expr))
    return expr.elements.flatMap((e) => middlewareCalls(ts.isSpreadElement(e) ? e.expression : e, checker, depth + 1));
  if (ts.isIdentifier(expr)) {
    const decl = constDeclaration(expr, checker);
    const init = decl ? unwrapExpression(decl.initializer!) : undefined;
    return init && (ts.isCallExpression(init) || ts.isArrayLiteralExpression(init)) ? middlewareCalls(init, checker, depth + 1) : [];
  }
  return [];
}

function readMiddleware(call: ts.CallExpression, values: SchemaValues, checker: ts.TypeChecker, out: ValueShapes, set: Setter): void {
  const args = call.arguments;
  const name = calleeName(call);
  if (name === "describeRoute" && args[0]) {
    const options = objectLiteralOf(args[0], checker);
    const responses = options ? objectProperties(options, checker).get("responses") : undefined;
    if (responses && !out.responses) out.responses = openApiResponses(responses, values, checker);
    return;
  }
  const target = args[0] ? staticJson(args[0], checker) : undefined;
  if (typeof target === "string" && args[1] && Object.hasOwn(TARGETS, target) && values.isLibrarySchema(args[1])) {
    set(TARGETS[target]!.part, args[1], TARGETS[target]!.mediaType);
    return;
  }
  if (args.length !== 1) return;
  if (values.isLibrarySchema(args[0]!)) {
    set(/quer/i.test(name) ? "query" : /param/i.test(name) ? "params" : /header/i.test(name) ? "headers" : "body", args[0]!);
    return;
  }
  // `validate({ body: S, query: Q })`: a validator taking one schema per part.
  const parts = objectLiteralOf(args[0], checker);
  if (!parts) return;
  for (const [key, node] of objectProperties(parts, checker)) {
    const part =
      key === "body" ? "body" : key === "query" ? "query" : key === "params" ? "params" : key === "headers" ? "headers" : undefined;
    if (part && values.isLibrarySchema(node)) set(part, node);
  }
}

/** `Schema.parse(req.body)`, `Schema.safeParse(await c.req.json())`, `Schema.parse(req.query)` in a handler. */
function readParseCalls(body: ts.Node, values: SchemaValues, set: Setter): void {
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      PARSE_METHODS.has(node.expression.name.text) &&
      node.arguments[0]
    ) {
      const input = node.arguments[0]
        .getText()
        .replace(/^await\s+/, "")
        .replace(/\s+/g, "");
      const part: Part | undefined = /(\.body|\.json\(\)|\.parseBody\(\))$/.test(input)
        ? "body"
        : /(\.query|\.query\(\)|\.queries\(\)|searchParams\)?)$/.test(input)
          ? "query"
          : /(\.params|\.param\(\))$/.test(input)
            ? "params"
            : undefined;
      if (part && values.zod.isSchema(node.expression.expression)) set(part, node.expression.expression);
    }
    ts.forEachChild(node, visit);
  };
  visit(body);
}

/** OpenAPI-style responses: `{ 200: { description, content: { "application/json": { schema } } } }`. */
function openApiResponses(node: ts.Expression, values: SchemaValues, checker: ts.TypeChecker): ResponseShape[] | undefined {
  const literal = objectLiteralOf(node, checker);
  if (!literal) return undefined;
  const out: ResponseShape[] = [];
  for (const [key, value] of objectProperties(literal, checker)) {
    const status = statusOf(key);
    const response = objectLiteralOf(value, checker);
    if (!status || !response) continue;
    out.push(responseShape(status, firstContent(objectProperties(response, checker).get("content"), checker), values));
  }
  return out.length ? out.sort((a, b) => Number(a.status) - Number(b.status)) : undefined;
}

function responseShape(
  status: string,
  content: { mediaType: string; schema?: ts.Expression } | undefined,
  values: SchemaValues,
): ResponseShape {
  if (!content) return { status };
  if (!/json/.test(content.mediaType)) return { status, mediaType: content.mediaType };
  const schema = content.schema ? values.convert(resolved(content.schema)) : undefined;
  return schema ? { status, schema } : { status };
}

/** `content: { "application/json": { schema } }`: the first media type and its schema. */
function firstContent(node: ts.Expression | undefined, checker: ts.TypeChecker): { mediaType: string; schema?: ts.Expression } | undefined {
  const content = objectLiteralOf(node, checker);
  if (!content) return undefined;
  const entries = [...objectProperties(content, checker)];
  const [mediaType, media] = entries.find(([type]) => /json/.test(type)) ?? entries[0] ?? [];
  if (!mediaType || !media) return undefined;
  const mediaObject = objectLiteralOf(media, checker);
  const schema = mediaObject ? objectProperties(mediaObject, checker).get("schema") : undefined;
  return { mediaType, ...(schema ? { schema } : {}) };
}

/** hono-openapi's `resolver(Schema)` wraps the schema it documents. */
function resolved(node: ts.Expression): ts.Expression {
  const expr = unwrapExpression(node);
  return ts.isCallExpression(expr) && calleeName(expr) === "resolver" && expr.arguments.length === 1 ? expr.arguments[0]! : node;
}

function statusOf(key: string): string | undefined {
  return /^[1-5]\d\d$/.test(key) ? key : undefined;
}

function calleeName(call: ts.CallExpression): string {
  const callee = unwrapExpression(call.expression);
  return ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : "";
}
