import { ts } from "../../typescript.js";
import { literalValue } from "../literal-value.js";
/** A JSON Schema fragment (schema-builder.ts names the type; imported here it would be a cycle). */
type JsonSchema = { [keyword: string]: unknown };

/** Keywords of `@ApiProperty({...})` that are JSON Schema keywords of the same meaning. */
const SCHEMA_KEYWORDS = ["description", "format", "minimum", "maximum", "minLength", "maxLength", "pattern", "default", "deprecated"];

/**
 * What @nestjs/swagger's `@ApiProperty({...})` / `@ApiPropertyOptional({...})` on a DTO class property
 * adds to its schema: description, example(s), format and bounds, and whether it is optional
 * (`@ApiPropertyOptional`, `required: false`). Read from literals in the decorator call; a value that is
 * not a literal is left out (the type still gives the shape).
 */
export function apiPropertyOf(declaration: ts.Node | undefined): { schema: JsonSchema; optional: boolean; type?: JsonSchema } | undefined {
  if (!declaration || !ts.isPropertyDeclaration(declaration)) return undefined;
  for (const decorator of ts.getDecorators(declaration) ?? []) {
    const call = decorator.expression;
    if (!ts.isCallExpression(call)) continue;
    const name = ts.isIdentifier(call.expression) ? call.expression.text : undefined;
    if (name !== "ApiProperty" && name !== "ApiPropertyOptional") continue;
    const options = call.arguments[0] ? literalValue(call.arguments[0]) : undefined;
    const schema: JsonSchema = {};
    let optional = name === "ApiPropertyOptional";
    const type = call.arguments[0] && ts.isObjectLiteralExpression(call.arguments[0]) ? declaredType(call.arguments[0]) : undefined;
    if (options && typeof options === "object" && !Array.isArray(options)) {
      const o = options as Record<string, unknown>;
      for (const key of SCHEMA_KEYWORDS) if (o[key] !== undefined) schema[key] = o[key];
      if (o.example !== undefined) schema.examples = [o.example];
      else if (o.examples !== undefined && Array.isArray(o.examples)) schema.examples = o.examples;
      if (o.required === false) optional = true;
      if (o.required === true) optional = false;
    }
    return { schema, optional, ...(type ? { type } : {}) };
  }
  return undefined;
}

/** The JSON Schema types @nestjs/swagger writes for the constructors `type` may name. */
const CONSTRUCTOR_TYPES: Record<string, JsonSchema> = {
  String: { type: "string" },
  Number: { type: "number" },
  Boolean: { type: "boolean" },
  Object: { type: "object" },
  Date: { type: "string", format: "date-time" },
};
const TYPE_NAMES = new Set(["string", "number", "integer", "boolean", "object"]);

/**
 * The schema `@ApiProperty({ type })` states: a constructor (`String`, `Number`, `Boolean`, `Object`, `Date`), a
 * type name (`"string"`, `"integer"`, ...), either in a one-element array (`[Object]`) or with `isArray: true`
 * for a list of them, `nullable: true` adding null. Undefined for anything else (a DTO class, a lazy
 * `() => Dto`, an enum): the property's TypeScript type describes those.
 */
function declaredType(options: ts.ObjectLiteralExpression): JsonSchema | undefined {
  const prop = (key: string): ts.Expression | undefined => {
    for (const p of options.properties)
      if (ts.isPropertyAssignment(p) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) && p.name.text === key)
        return p.initializer;
    return undefined;
  };
  const one = (node: ts.Expression | undefined): JsonSchema | undefined => {
    if (!node) return undefined;
    if (ts.isIdentifier(node)) return CONSTRUCTOR_TYPES[node.text];
    if (ts.isStringLiteral(node) && TYPE_NAMES.has(node.text)) return { type: node.text };
    return undefined;
  };
  const written = prop("type");
  const listed = written && ts.isArrayLiteralExpression(written) && written.elements.length === 1 ? written.elements[0] : undefined;
  const item = one(listed ?? written);
  if (!item) return undefined;
  const isArray = Boolean(listed) || prop("isArray")?.kind === ts.SyntaxKind.TrueKeyword;
  const schema: JsonSchema = isArray ? { type: "array", items: item } : { ...item };
  if (prop("nullable")?.kind === ts.SyntaxKind.TrueKeyword) schema.type = [schema.type, "null"];
  return schema;
}
