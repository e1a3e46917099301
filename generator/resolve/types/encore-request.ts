/**
 * Encore.ts's request encoding (its parser's `encoding.rs`): an endpoint takes one request type, whose fields
 * go where their names and markers say — a field named like a path parameter is that parameter; `Header<...>`
 * is a header (named by its string-literal argument, else the field), `Query<...>` a query parameter, `Cookie<...>`
 * a cookie; every other field is the JSON body for a method with one (POST, PUT, PATCH) and a query parameter
 * otherwise (GET, DELETE, HEAD). The markers resolve to plain types (`Header<"X">` is a string), so a field is
 * told by how its declaration is written.
 */
import { ts } from "../../typescript.js";
import type { QueryParameter } from "../../model/shapes.js";
import type { JsonSchema, SchemaBuilder } from "./schema-builder.js";

/** What an Encore endpoint's request type gives each part of the request. */
export interface EncoreRequestShapes {
  pathParams: Record<string, JsonSchema>;
  query: QueryParameter[];
  headers: QueryParameter[];
  body?: JsonSchema;
}

const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "CONNECT"]);

export function encoreRequestShapes(
  request: ts.Type,
  where: ts.Node,
  method: string,
  pathParams: readonly string[],
  checker: ts.TypeChecker,
  builder: SchemaBuilder,
  label: string,
): EncoreRequestShapes {
  const out: EncoreRequestShapes = { pathParams: {}, query: [], headers: [] };
  const body: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const prop of checker.getPropertiesOfType(request)) {
    const declaration = prop.valueDeclaration;
    const type = checker.getTypeOfSymbolAtLocation(prop, declaration ?? where);
    const schema = () => builder.schemaOf(type, declaration ?? where, `${label} ${prop.name}`);
    const optional = (prop.flags & ts.SymbolFlags.Optional) !== 0;
    const marker = markerOf(declaration);
    if (pathParams.includes(prop.name)) out.pathParams[prop.name] = schema();
    else if (marker?.kind === "Header") {
      const name = marker.name ?? prop.name;
      // (OpenAPI leaves Authorization, Accept and Content-Type to the security scheme and media types.)
      if (!/^(accept|content-type|authorization)$/i.test(name)) out.headers.push({ name, required: !optional, schema: schema() });
    } else if (marker?.kind === "Query" || (!marker && !BODY_METHODS.has(method)))
      out.query.push({ name: marker?.name ?? prop.name, required: !optional, schema: schema() });
    else if (!marker) {
      body[prop.name] = schema();
      if (!optional) required.push(prop.name);
    }
    // A cookie is neither a parameter apidex writes nor part of the body.
  }
  if (Object.keys(body).length) out.body = { type: "object", properties: body, ...(required.length ? { required } : {}) };
  return out;
}

/** `Header<...>`, `Query<...>` or `Cookie<...>` as the field's declared type, with the wire name its literal argument gives. */
function markerOf(declaration: ts.Node | undefined): { kind: "Header" | "Query" | "Cookie"; name?: string } | undefined {
  const node = declaration && (ts.isPropertySignature(declaration) || ts.isPropertyDeclaration(declaration)) ? declaration.type : undefined;
  if (!node || !ts.isTypeReferenceNode(node)) return undefined;
  const typeName = ts.isIdentifier(node.typeName) ? node.typeName.text : node.typeName.right.text;
  if (typeName !== "Header" && typeName !== "Query" && typeName !== "Cookie") return undefined;
  // `Header<"X-Name">` or `Header<number, "X-Name">`: the string literal names it on the wire.
  let name: string | undefined;
  for (const arg of node.typeArguments ?? [])
    if (ts.isLiteralTypeNode(arg) && ts.isStringLiteral(arg.literal) && arg.literal.text !== "") name ??= arg.literal.text;
  return { kind: typeName, ...(name ? { name } : {}) };
}
