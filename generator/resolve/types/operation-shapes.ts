import { ts } from "ts-morph";
import { type DiagnosticBag, siteOf, type SourceSite } from "../../diagnostics/diagnostic.js";
import type { Operation } from "../../model/operation.js";
import type { TypeContext } from "./type-context.js";
import type { DocTag } from "../doc-comment.js";
import type { JsonSchema, SchemaBuilder } from "./schema-builder.js";

export interface QueryParameter {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

export interface ResponseShape {
  status: string;
  /** The JSON body's schema; absent for empty or non-JSON bodies. */
  schema?: JsonSchema;
  /** The media type when it is not JSON (`text/csv`, `application/pdf`). */
  mediaType?: string;
}

/** Request and response shapes of one documented operation, from its handler's types. */
export interface OperationShapes {
  pathParams: Record<string, JsonSchema>;
  query: QueryParameter[];
  body?: JsonSchema;
  responses: ResponseShape[];
}

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
export function readExpressShapes(
  op: Operation,
  handler: ts.FunctionLikeDeclaration | undefined,
  sources: TypeContext,
  builder: SchemaBuilder,
  diagnostics: DiagnosticBag,
): OperationShapes {
  const checker = sources.checker;
  const tags = op.doc?.tags ?? [];
  const [reqParam, resParam] = handler?.parameters ?? [];
  const generic = typeArguments(reqParam?.type, "Request") ?? typeArguments(variableAnnotation(handler), "RequestHandler");
  const [paramsNode, resBodyNode, reqBodyNode, queryNode] = generic ?? [];
  const responseNode = typeArguments(resParam?.type, "Response")?.[0] ?? resBodyNode;
  const typeOf = (node: ts.TypeNode | undefined) => (node ? checker.getTypeFromTypeNode(node) : undefined);

  // Path parameters: typed by the Params generic where it names them, strings otherwise.
  const pathParams: Record<string, JsonSchema> = {};
  const paramsType = typeOf(paramsNode);
  for (const name of op.pathParams) {
    const prop = paramsType?.getProperty(name);
    pathParams[name] = prop && paramsNode ? builder.schemaOf(checker.getTypeOfSymbolAtLocation(prop, paramsNode), paramsNode, `path parameter ${name}`) : { type: "string" };
  }

  // Query: each property of the Query generic is one parameter.
  const query: QueryParameter[] = [];
  const queryTag = tags.find((t) => t.name === "query");
  const queryType = queryTag ? resolveTagType(queryTag, op, sources, diagnostics)?.type : usable(typeOf(queryNode));
  if (queryType) {
    const where = queryNode ?? handler ?? sources.file(op.site.file)!;
    for (const prop of checker.getPropertiesOfType(queryType)) {
      const propType = checker.getTypeOfSymbolAtLocation(prop, where);
      const schema = builder.schemaOf(propType, prop.valueDeclaration ?? where, `query parameter ${prop.name}`);
      const description = ts.displayPartsToString(prop.getDocumentationComment(checker)).trim();
      const mayBeUndefined = propType.flags & ts.TypeFlags.Union && (propType as ts.UnionType).types.some((t) => t.flags & ts.TypeFlags.Undefined);
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
  const bodyType = bodyTag ? undefined : usable(typeOf(reqBodyNode));
  const body = bodyTagType ? tagSchema(bodyTagType, `request body of ${op.operationId}`) : bodyType ? builder.schemaOf(bodyType, reqBodyNode!, `request body of ${op.operationId}`) : undefined;

  // Responses: statuses from the handler's calls, types from tags, Response<T>/ResBody, or the value sent.
  const calls = handler && resParam && ts.isIdentifier(resParam.name) ? responseCalls(handler, resParam.name.text) : [];
  const declared = usable(typeOf(responseNode));
  // Tags first: a status a @response tag describes is not inferred from the handler's calls.
  const byStatus = new Map<string, ResponseShape>();
  for (const tag of tags.filter((t) => t.name === "response")) {
    const match = /^(\d{3})(?:\s+([\s\S]+))?$/.exec(tag.text.trim());
    if (!match) {
      diagnostics.error("APX504", `@response ${tag.text} does not read as a status and a type.`, tag.site, "Write @response 200 Invoice, or @response 204 for an empty body.");
      continue;
    }
    const [, status, typeName] = match;
    const tagType = typeName ? resolveTagType({ ...tag, text: typeName }, op, sources, diagnostics) : undefined;
    byStatus.set(status!, { status: status!, ...(tagType ? { schema: tagSchema(tagType, `response ${status} of ${op.operationId}`) } : {}) });
  }
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
      if (type) byStatus.set(status, { status, schema: builder.schemaOf(type, call.arg ?? responseNode!, `response ${status} of ${op.operationId}`) });
      else if (call.status < 300) byStatus.set(status, { status, schema: missingResponse(op, call.arg ?? handler, diagnostics) });
    }
  }
  if (![...byStatus.keys()].some((s) => s.startsWith("2"))) {
    const status = op.effect === "remove" ? "204" : "200";
    byStatus.set(status, declared ? { status, schema: builder.schemaOf(declared, responseNode!, `response ${status} of ${op.operationId}`) } : { status });
  }
  const responses = [...byStatus.values()].sort((a, b) => Number(a.status) - Number(b.status));
  return { pathParams, query, ...(body ? { body } : {}), responses };
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
  if (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown | ts.TypeFlags.Never | ts.TypeFlags.Void | ts.TypeFlags.Undefined)) return undefined;
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
            out.push({ status, kind: method === "sendStatus" ? "end" : method, ...(node.arguments[0] ? { arg: node.arguments[0] } : {}), ...(chain.mediaType ? { mediaType: chain.mediaType } : {}) });
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
    if ((name === "type" || name === "contentType") && current.arguments[0] && ts.isStringLiteral(current.arguments[0])) found.mediaType ??= current.arguments[0].text;
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

function resolveTagType(tag: DocTag, op: Operation, sources: TypeContext, diagnostics: DiagnosticBag): TagType | undefined {
  const checker = sources.checker;
  const text = tag.text.trim();
  const match = /^([A-Za-z_$][\w$]*)(\[\])?$/.exec(text);
  const file = sources.file(tag.site.file);
  if (!match || !file) {
    diagnostics.error("APX503", `@${tag.name} ${text}: write a type name (or Name[]) declared or imported in this file.`, tag.site, "For a generic instantiation, declare an alias first: type InvoicePage = Page<Invoice>.");
    return undefined;
  }
  const symbol = checker.getSymbolsInScope(file, ts.SymbolFlags.Type | ts.SymbolFlags.Alias).find((s) => s.name === match[1]);
  if (!symbol) {
    diagnostics.error("APX503", `@${tag.name} ${text}: no type named ${match[1]} in ${op.operationId}'s doc comment file.`, tag.site, "Import the type into the file that holds the doc comment.");
    return undefined;
  }
  const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  return { type: checker.getDeclaredTypeOfSymbol(target), array: Boolean(match[2]) };
}

function missingResponse(op: Operation, node: ts.Node | undefined, diagnostics: DiagnosticBag): JsonSchema {
  const site: SourceSite = node ? siteOf(node) : op.site;
  diagnostics.error(
    "APX502",
    `Cannot tell the response body type of the documented operation ${op.operationId}: the value sent is \`any\`.`,
    site,
    "Annotate the handler's `res: Response<T>` (or the ResBody of `Request<...>`), or add `@response 200 Type` to its doc comment.",
  );
  return { "x-apidex-error": "unknown response type" };
}
