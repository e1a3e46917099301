import { ts } from "../../typescript.js";
import { type DiagnosticBag, siteOf, type SourceSite } from "../../diagnostics/diagnostic.js";
import type { Operation } from "../../model/operation.js";
import type { TypeContext } from "./type-context.js";
import type { DocTag } from "../doc-comment.js";
import type { JsonSchema, SchemaBuilder } from "./schema-builder.js";
import type { OperationShapes, QueryParameter, ResponseShape } from "../../model/shapes.js";
import type { ValueShapes } from "../schemas/route-schemas.js";
import { type FormUploads, withFiles } from "./form-uploads.js";
import { nestUploads } from "./nest-uploads.js";
import { encoreRequestShapes } from "./encore-request.js";

export type { OperationShapes, QueryParameter, ResponseShape } from "../../model/shapes.js";

interface ResponseCall {
  status: number;
  kind: "json" | "send" | "end";
  arg?: ts.Expression;
  mediaType?: string;
}

/**
 * Reads an Express handler's shapes: `Request<Params, ResBody, ReqBody, Query>` and `Response<T>`
 * annotations (or a `RequestHandler<...>` on the variable), the `res.status(n).json(x)` calls in its
 * body, and the `@body Type` / `@response 200 Type` tags, which win over everything else.
 */
/**
 * Where a framework declares a route's types. Express: the Request/Response generics; Fastify: the
 * route generic `{ Params, Querystring, Body, Reply }`; NestJS: `@Param()`, `@Query()`, `@Body()` and
 * the method's return type. The tags win over all of them.
 */
export interface TypeSources {
  paramsNode?: ts.TypeNode;
  queryNode?: ts.TypeNode;
  bodyNode?: ts.TypeNode;
  responseNode?: ts.TypeNode;
  /** A response type without a node (a Nest method's inferred return type). */
  responseType?: ts.Type;
  /** Per-status reply types (Fastify's `Reply: { 200: X; 404: Y }`). */
  replies?: Map<string, ts.TypeNode>;
  /** Path parameter types by name (Nest's `@Param("id") id: string`). */
  paramNodes?: Map<string, ts.TypeNode>;
  /** The success status when the handler's calls do not say (Nest: 201 for POST). */
  defaultStatus?: string;
  /**
   * Shapes read from schema values (zod, TypeBox, JSON Schema: validators, `createRoute`, Fastify's
   * `schema`), already JSON Schema. They win over the type nodes above; doc tags win over them.
   */
  values?: ValueShapes;
  /** Resolves a `$ref` a schema value was given to its component (query parameters are its properties). */
  deref?: (schema: JsonSchema) => JsonSchema;
  /** A body sent as multipart form data with files (Nest's multer interceptors; multer's middleware is a value shape). */
  uploads?: FormUploads;
  /** Encore.ts: the one request type whose fields its encoding places in the path, query, headers and body. */
  encoreRequest?: ts.TypeNode;
}

/** Encore.ts: the handler's annotated parameter and return types, else `api<Request, Response>`'s type arguments. */
export function encoreTypeSources(
  handler: ts.FunctionLikeDeclaration | undefined,
  registration: ts.CallExpression | undefined,
  checker: ts.TypeChecker,
): TypeSources {
  const out: TypeSources = {};
  const request = handler?.parameters[0]?.type ?? registration?.typeArguments?.[0];
  if (request) out.encoreRequest = request;
  const response = handler?.type ?? registration?.typeArguments?.[1];
  if (response) out.responseNode = response;
  else if (handler) {
    const signature = checker.getSignatureFromDeclaration(handler);
    if (signature) out.responseType = checker.getReturnTypeOfSignature(signature);
  }
  return out;
}

/** Express: `Request<Params, ResBody, ReqBody, Query>` and `Response<T>` on the handler's parameters. */
export function expressTypeSources(handler: ts.FunctionLikeDeclaration | undefined): TypeSources {
  const [reqParam, resParam] = handler?.parameters ?? [];
  const generic = typeArguments(reqParam?.type, "Request") ?? typeArguments(variableAnnotation(handler), "RequestHandler");
  const [paramsNode, resBodyNode, reqBodyNode, queryNode] = generic ?? [];
  const responseNode = typeArguments(resParam?.type, "Response")?.[0] ?? resBodyNode;
  return {
    ...(paramsNode ? { paramsNode } : {}),
    ...(queryNode ? { queryNode } : {}),
    ...(reqBodyNode ? { bodyNode: reqBodyNode } : {}),
    ...(responseNode ? { responseNode } : {}),
  };
}

/** Fastify: `fastify.get<{ Params: P; Querystring: Q; Body: B; Reply: R | { 200: R } }>(...)`. */
export function fastifyTypeSources(registration: ts.CallExpression | undefined): TypeSources {
  const literal = registration?.typeArguments?.[0];
  if (!literal || !ts.isTypeLiteralNode(literal)) return {};
  const member = (name: string) =>
    literal.members.find((m): m is ts.PropertySignature => ts.isPropertySignature(m) && ts.isIdentifier(m.name) && m.name.text === name)
      ?.type;
  const reply = member("Reply");
  const out: TypeSources = {};
  const params = member("Params");
  const query = member("Querystring");
  const body = member("Body");
  if (params) out.paramsNode = params;
  if (query) out.queryNode = query;
  if (body) out.bodyNode = body;
  if (
    reply &&
    ts.isTypeLiteralNode(reply) &&
    reply.members.every((m) => ts.isPropertySignature(m) && m.name && /^["']?\d{3}["']?$/.test(m.name.getText()))
  ) {
    out.replies = new Map(
      reply.members.map((m) => [(m.name as ts.PropertyName).getText().replace(/["']/g, ""), (m as ts.PropertySignature).type!]),
    );
  } else if (reply) {
    out.responseNode = reply;
  }
  return out;
}

/** NestJS: parameter decorators, `@HttpCode()`, and the method's declared or inferred return type. */
export function nestTypeSources(method: ts.FunctionLikeDeclaration | undefined, checker: ts.TypeChecker, httpMethod: string): TypeSources {
  if (!method) return {};
  const out: TypeSources = { defaultStatus: httpMethod === "POST" ? "201" : "200" };
  // Nest's `@Param("id")`, `@Query()`, `@Body()`, and nestia's `@TypedParam("id")`, `@TypedQuery()`, `@TypedBody()`
  // (@nestia/core), which bind the same parts of the request (validated by typia); also through a namespace
  // import (`@core.TypedBody()`).
  const decorated = (parameter: ts.ParameterDeclaration, name: string) =>
    (ts.canHaveDecorators(parameter) ? ts.getDecorators(parameter) : undefined)
      ?.map((d) => d.expression)
      .find((e): e is ts.CallExpression => ts.isCallExpression(e) && [name, `Typed${name}`].includes(calleeName(e.expression) ?? ""));
  for (const parameter of method.parameters) {
    if (!parameter.type) continue;
    const param = decorated(parameter, "Param");
    const key = param?.arguments[0] && ts.isStringLiteral(param.arguments[0]) ? param.arguments[0].text : undefined;
    if (key) (out.paramNodes ??= new Map()).set(key, parameter.type);
    if (decorated(parameter, "Query") && !decorated(parameter, "Query")!.arguments.length) out.queryNode = parameter.type;
    if (decorated(parameter, "Body") && !decorated(parameter, "Body")!.arguments.length) out.bodyNode = parameter.type;
  }
  const code = (ts.canHaveDecorators(method) ? ts.getDecorators(method) : undefined)
    ?.map((d) => d.expression)
    .find((e): e is ts.CallExpression => ts.isCallExpression(e) && ts.isIdentifier(e.expression) && e.expression.text === "HttpCode");
  if (code?.arguments[0] && ts.isNumericLiteral(code.arguments[0])) out.defaultStatus = code.arguments[0].text;
  if (method.type) out.responseNode = method.type;
  else {
    const signature = checker.getSignatureFromDeclaration(method);
    if (signature) out.responseType = checker.getReturnTypeOfSignature(signature);
  }
  const uploads = nestUploads(method, checker);
  if (uploads) out.uploads = uploads;
  return out;
}

/**
 * The name a decorator is called by: `Body` of `Body(...)`, `TypedBody` of `core.TypedBody(...)`. nestia's
 * `TypedQuery.Body()` and `TypedFormData.Body()` take a URL-encoded or multipart body, not JSON: not read as one.
 */
function calleeName(callee: ts.Expression): string | undefined {
  if (ts.isIdentifier(callee)) return callee.text;
  if (!ts.isPropertyAccessExpression(callee)) return undefined;
  const owner = callee.expression;
  const ownerName = ts.isIdentifier(owner) ? owner.text : ts.isPropertyAccessExpression(owner) ? owner.name.text : undefined;
  return ownerName === "TypedQuery" || ownerName === "TypedFormData" ? undefined : callee.name.text;
}

/**
 * Feathers: a service method answers with its return value (`Promise<T>` unwrapped; 201 for `create`), and takes
 * the request body as its `data` parameter — the first of `create(data, params)`, the second of `update(id, data,
 * params)` and `patch(id, data, params)` — by the REST transport's argument order (`argumentsFor`).
 */
export function feathersTypeSources(
  method: ts.FunctionLikeDeclaration | undefined,
  checker: ts.TypeChecker,
  httpMethod: string,
): TypeSources {
  if (!method) return {};
  const out: TypeSources = { defaultStatus: httpMethod === "POST" ? "201" : "200" };
  const data =
    httpMethod === "POST" ? method.parameters[0] : httpMethod === "PUT" || httpMethod === "PATCH" ? method.parameters[1] : undefined;
  if (data?.type) out.bodyNode = data.type;
  if (method.type) out.responseNode = method.type;
  else {
    const signature = checker.getSignatureFromDeclaration(method);
    if (signature) out.responseType = checker.getReturnTypeOfSignature(signature);
  }
  return out;
}

/**
 * Whether a Feathers app's handler is a service method (`find`, `get`, ... of a class or an object of methods),
 * not a plain Express route's `(req, res)` handler beside the services.
 */
export function isFeathersServiceMethod(handler: ts.FunctionLikeDeclaration | undefined): handler is ts.FunctionLikeDeclaration {
  if (!handler) return false;
  const named = ts.isArrowFunction(handler) || ts.isFunctionExpression(handler) ? handler.parent : handler;
  const name =
    named && "name" in named && named.name && ts.isIdentifier(named.name as ts.Node) ? (named.name as ts.Identifier).text : undefined;
  return name !== undefined && ["find", "get", "create", "update", "patch", "remove"].includes(name);
}

export function readShapes(
  op: Operation,
  handler: ts.FunctionLikeDeclaration | undefined,
  typeSources: TypeSources,
  sources: TypeContext,
  builder: SchemaBuilder,
  diagnostics: DiagnosticBag,
): OperationShapes {
  const checker = sources.checker;
  // Another tool's tags whose type apidex cannot find (APX506) are left out: the handler's types answer.
  const tags = (op.doc?.tags ?? []).filter((t) => !t.borrowed || borrowedTypeFound(t, op, sources, diagnostics));
  const [, resParam] = op.framework === "express" ? (handler?.parameters ?? []) : [];
  const { paramsNode, queryNode, bodyNode: reqBodyNode } = typeSources;
  const responseNode = typeSources.responseNode;
  const typeOf = (node: ts.TypeNode | undefined) => (node ? checker.getTypeFromTypeNode(node) : undefined);
  const unwrapAsync = (type: ts.Type | undefined): ts.Type | undefined => {
    // Promise<T> and Observable<T> (Nest) answer with T.
    const name = type?.getSymbol()?.name;
    if (type && (name === "Promise" || name === "Observable")) return checker.getTypeArguments(type as ts.TypeReference)[0] ?? type;
    return type;
  };

  // Path parameters: typed by the Params generic where it names them, strings otherwise.
  const pathParams: Record<string, JsonSchema> = {};
  const values = typeSources.values ?? {};
  const deref = typeSources.deref ?? ((schema: JsonSchema) => schema);
  const paramsType = values.params ? undefined : typeOf(paramsNode);
  const valueParams = values.params ? propertiesOf(deref(values.params)) : undefined;
  for (const name of op.pathParams) {
    const prop = paramsType?.getProperty(name);
    const single = values.params ? undefined : typeSources.paramNodes?.get(name);
    pathParams[name] = valueParams
      ? (valueParams.properties[name] ?? { type: "string" })
      : prop && paramsNode
        ? builder.schemaOf(checker.getTypeOfSymbolAtLocation(prop, paramsNode), paramsNode, `path parameter ${name}`)
        : single
          ? builder.schemaOf(checker.getTypeFromTypeNode(single), single, `path parameter ${name}`)
          : { type: "string" };
  }

  // Encore.ts: one request type for the path, query, headers and body.
  const encoreNode = typeSources.encoreRequest;
  const encoreType = encoreNode ? usable(checker.getTypeFromTypeNode(encoreNode)) : undefined;
  const encore =
    encoreNode && encoreType
      ? encoreRequestShapes(encoreType, encoreNode, op.method, op.pathParams, checker, builder, `request of ${op.operationId}`)
      : undefined;
  if (encore) Object.assign(pathParams, encore.pathParams);

  // Query: each property of the Query generic is one parameter.
  const query: QueryParameter[] = [];
  const queryTag = tags.find((t) => t.name === "query");
  const queryType = queryTag
    ? resolveTagType(queryTag, op, sources, diagnostics)?.type
    : values.query
      ? undefined
      : usable(typeOf(queryNode));
  if (!queryTag && values.query) {
    const { properties, required } = propertiesOf(deref(values.query));
    for (const [name, schema] of Object.entries(properties)) query.push({ name, required: required.includes(name), schema });
  }
  // Headers a validator declares. OpenAPI ignores header parameters named Accept, Content-Type and
  // Authorization (the media types and the security scheme say those), so they are not parameters.
  const headers: QueryParameter[] = [];
  if (values.headers) {
    const { properties, required } = propertiesOf(deref(values.headers));
    for (const [name, schema] of Object.entries(properties))
      if (!/^(accept|content-type|authorization)$/i.test(name)) headers.push({ name, required: required.includes(name), schema });
  }
  if (encore && !queryTag) query.push(...encore.query);
  if (encore) headers.push(...encore.headers);
  if (queryType) {
    const where = queryNode ?? handler ?? sources.file(op.site.file)!;
    for (const prop of checker.getPropertiesOfType(queryType)) {
      const propType = checker.getTypeOfSymbolAtLocation(prop, where);
      const schema = builder.schemaOf(propType, prop.valueDeclaration ?? where, `query parameter ${prop.name}`);
      const description = ts.displayPartsToString(prop.getDocumentationComment(checker)).trim();
      const mayBeUndefined =
        propType.flags & ts.TypeFlags.Union && (propType as ts.UnionType).types.some((t) => t.flags & ts.TypeFlags.Undefined);
      if (description) schema.description = description; // mutated, not copied: refs are patched later
      query.push({ name: prop.name, required: !(prop.flags & ts.SymbolFlags.Optional) && !mayBeUndefined, schema });
    }
  }

  // Request body: the @body tag, else the ReqBody generic.
  const bodyTag = tags.find((t) => t.name === "body");
  const tagSchema = (tagType: TagType, label: string): JsonSchema => {
    const schema = builder.schemaOf(tagType.type, handler ?? sources.file(op.site.file)!, label);
    return tagType.array ? { type: "array", items: schema } : schema;
  };
  const bodyTagType = bodyTag ? resolveTagType(bodyTag, op, sources, diagnostics) : undefined;
  const bodyType = bodyTag || values.body ? undefined : usable(typeOf(reqBodyNode));
  const body = bodyTagType
    ? tagSchema(bodyTagType, `request body of ${op.operationId}`)
    : values.body
      ? values.body
      : bodyType
        ? builder.schemaOf(bodyType, reqBodyNode!, `request body of ${op.operationId}`)
        : encore?.body;

  // Responses: statuses from the handler's calls, types from tags, Response<T>/ResBody, or the value sent.
  const calls = handler && resParam && ts.isIdentifier(resParam.name) ? responseCalls(handler, resParam.name.text) : [];
  const declared = usable(unwrapAsync(typeOf(responseNode) ?? typeSources.responseType));
  // Tags first: a status a @response tag describes is not inferred from the handler's calls.
  const byStatus = new Map<string, ResponseShape>();
  for (const tag of tags.filter((t) => t.name === "response")) {
    const match = /^(\d{3})(?:\s+([\s\S]+))?$/.exec(tag.text.trim());
    if (!match) {
      diagnostics.error(
        "APX504",
        `@response ${tag.text} does not read as a status and a type.`,
        tag.site,
        "Write @response 200 Invoice, or @response 204 for an empty body.",
      );
      continue;
    }
    const [, status, typeName] = match;
    const tagType = typeName ? resolveTagType({ ...tag, text: typeName }, op, sources, diagnostics) : undefined;
    byStatus.set(status!, {
      status: status!,
      ...(tagType ? { schema: tagSchema(tagType, `response ${status} of ${op.operationId}`) } : {}),
    });
  }
  // Then the responses schema values declare (createRoute's `responses`, Fastify's `schema.response`).
  for (const response of values.responses ?? []) if (!byStatus.has(response.status)) byStatus.set(response.status, response);
  for (const call of calls) {
    const status = String(call.status);
    if (byStatus.has(status)) continue;
    if (call.kind === "end" || status === "204") {
      byStatus.set(status, { status });
    } else if (call.mediaType && !/json/.test(call.mediaType)) {
      byStatus.set(status, { status, mediaType: call.mediaType });
    } else {
      const argType = call.arg ? usable(checker.getTypeAtLocation(call.arg)) : undefined;
      const type = call.status < 300 ? (declared ?? argType) : argType;
      if (type)
        byStatus.set(status, {
          status,
          schema: builder.schemaOf(type, call.arg ?? responseNode!, `response ${status} of ${op.operationId}`),
        });
      else if (call.status < 300) byStatus.set(status, { status, schema: missingResponse(op, call.arg ?? handler, diagnostics) });
    }
  }
  for (const [status, node] of typeSources.replies ?? []) {
    if (byStatus.has(status)) continue;
    const type = usable(typeOf(node));
    byStatus.set(status, type ? { status, schema: builder.schemaOf(type, node, `response ${status} of ${op.operationId}`) } : { status });
  }
  if (![...byStatus.keys()].some((s) => s.startsWith("2"))) {
    const status = typeSources.defaultStatus ?? (op.effect === "remove" ? "204" : "200");
    const where = responseNode ?? handler ?? sources.file(op.site.file)!;
    const isVoid = typeSources.responseType && typeSources.responseType.flags & (ts.TypeFlags.Void | ts.TypeFlags.Undefined);
    byStatus.set(
      status,
      declared && !isVoid ? { status, schema: builder.schemaOf(declared, where, `response ${status} of ${op.operationId}`) } : { status },
    );
  }
  const responses = [...byStatus.values()].sort((a, b) => Number(a.status) - Number(b.status));
  // Files are sent beside the body's fields, in one multipart form (a @body tag states the whole body).
  const uploads = bodyTagType ? undefined : (typeSources.uploads ?? values.uploads);
  const sent = uploads ? withFiles(body, uploads.files) : body;
  const bodyMediaType = uploads ? (sent ? uploads.mediaType : undefined) : body && body === values.body ? values.bodyMediaType : undefined;
  return {
    pathParams,
    query,
    ...(headers.length ? { headers } : {}),
    ...(sent ? { body: sent } : {}),
    ...(bodyMediaType ? { bodyMediaType } : {}),
    responses,
  };
}

/** An object schema's properties and required names (an empty list for anything else). */
function propertiesOf(schema: JsonSchema): { properties: Record<string, JsonSchema>; required: string[] } {
  return {
    properties: (schema.properties as Record<string, JsonSchema> | undefined) ?? {},
    required: (schema.required as string[] | undefined) ?? [],
  };
}

/** `Request<...>` or `express.Request<...>`: its type argument nodes, or undefined for another type. */
function typeArguments(node: ts.TypeNode | undefined, name: string): readonly ts.TypeNode[] | undefined {
  if (!node || !ts.isTypeReferenceNode(node)) return undefined;
  const typeName = ts.isIdentifier(node.typeName) ? node.typeName.text : node.typeName.right.text;
  return typeName === name ? (node.typeArguments ?? []) : undefined;
}

/** `const h: RequestHandler<...> = (req, res) => ...`: the variable's annotation. */
function variableAnnotation(handler: ts.FunctionLikeDeclaration | undefined): ts.TypeNode | undefined {
  const parent = handler?.parent;
  return parent && ts.isVariableDeclaration(parent) ? parent.type : undefined;
}

/** A declared type worth describing: not `any`, `unknown`, `never` or `{}`-like defaults. */
function usable(type: ts.Type | undefined): ts.Type | undefined {
  if (!type) return undefined;
  if (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown | ts.TypeFlags.Never | ts.TypeFlags.Void | ts.TypeFlags.Undefined))
    return undefined;
  const symbol = type.aliasSymbol ?? type.getSymbol();
  if (symbol && ["ParsedQs", "ParamsDictionary"].includes(symbol.name)) return undefined;
  return type;
}

/** `res.json(x)`, `res.status(201).json(x)`, `res.status(204).end()`, `res.type("text/csv").send(x)`. */
function responseCalls(handler: ts.FunctionLikeDeclaration, res: string): ResponseCall[] {
  const out: ResponseCall[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      if (method === "json" || method === "send" || method === "end" || method === "sendStatus") {
        const chain = chainOf(node.expression.expression, res);
        if (chain) {
          const status = method === "sendStatus" ? numberArg(node) : (chain.status ?? 200);
          if (status !== undefined) {
            out.push({
              status,
              kind: method === "sendStatus" ? "end" : method,
              ...(node.arguments[0] ? { arg: node.arguments[0] } : {}),
              ...(chain.mediaType ? { mediaType: chain.mediaType } : {}),
            });
          }
          return;
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  if (handler.body) visit(handler.body);
  return out;
}

/** Walks `res.status(201).type("x")` down to `res`; undefined when the chain does not start at it. */
function chainOf(node: ts.Expression, res: string): { status?: number; mediaType?: string } | undefined {
  const found: { status?: number; mediaType?: string } = {};
  let current = node;
  while (ts.isCallExpression(current) && ts.isPropertyAccessExpression(current.expression)) {
    const name = current.expression.name.text;
    if (name === "status") found.status ??= numberArg(current);
    if ((name === "type" || name === "contentType") && current.arguments[0] && ts.isStringLiteral(current.arguments[0]))
      found.mediaType ??= current.arguments[0].text;
    current = current.expression.expression;
  }
  return ts.isIdentifier(current) && current.text === res ? found : undefined;
}

function numberArg(call: ts.CallExpression): number | undefined {
  const arg = call.arguments[0];
  return arg && ts.isNumericLiteral(arg) ? Number(arg.text) : undefined;
}

/** The type a tag names (`Invoice`, `Invoice[]`), looked up in the scope of the file the tag is in. */
interface TagType {
  type: ts.Type;
  array: boolean;
}

/** Whether the type a borrowed tag names (`@response 200 Type`) is in its file's scope; APX506 when not. */
function borrowedTypeFound(tag: DocTag, op: Operation, sources: TypeContext, diagnostics: DiagnosticBag): boolean {
  const name = /([A-Za-z_$][\w$]*)(\[\])?$/.exec(tag.text.trim())?.[1];
  const file = sources.file(tag.site.file);
  if (!name || /^\d{3}$/.test(tag.text.trim())) return true;
  if (file && sources.checker.getSymbolsInScope(file, ts.SymbolFlags.Type | ts.SymbolFlags.Alias).some((s) => s.name === name)) return true;
  diagnostics.warning(
    "APX506",
    `@${tag.name} ${tag.text.trim()}: no type named ${name} in ${op.operationId}'s doc comment file; the shape comes from the handler.`,
    tag.site,
    "Import the type into the file that holds the doc comment.",
  );
  return false;
}

function resolveTagType(tag: DocTag, op: Operation, sources: TypeContext, diagnostics: DiagnosticBag): TagType | undefined {
  const checker = sources.checker;
  const text = tag.text.trim();
  const match = /^([A-Za-z_$][\w$]*)(\[\])?$/.exec(text);
  const file = sources.file(tag.site.file);
  if (!match || !file) {
    diagnostics.error(
      "APX503",
      `@${tag.name} ${text}: write a type name (or Name[]) declared or imported in this file.`,
      tag.site,
      "For a generic instantiation, declare an alias first: type InvoicePage = Page<Invoice>.",
    );
    return undefined;
  }
  const symbol = checker.getSymbolsInScope(file, ts.SymbolFlags.Type | ts.SymbolFlags.Alias).find((s) => s.name === match[1]);
  if (!symbol) {
    diagnostics.error(
      "APX503",
      `@${tag.name} ${text}: no type named ${match[1]} in ${op.operationId}'s doc comment file.`,
      tag.site,
      "Import the type into the file that holds the doc comment.",
    );
    return undefined;
  }
  const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  return { type: checker.getDeclaredTypeOfSymbol(target), array: Boolean(match[2]) };
}

function missingResponse(op: Operation, node: ts.Node | undefined, diagnostics: DiagnosticBag): JsonSchema {
  const site: SourceSite = node ? siteOf(node) : op.site;
  diagnostics.warning(
    "APX502",
    `Cannot tell the response body type of the documented operation ${op.operationId}: the value sent is \`any\`; the OpenAPI document says "any value".`,
    site,
    "Annotate the handler's `res: Response<T>` (or the ResBody of `Request<...>`), or add `@response 200 Type` to its doc comment.",
  );
  return { "x-apidex-unreadable": "unknown response type" };
}
