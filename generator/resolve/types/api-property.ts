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
export function apiPropertyOf(declaration: ts.Node | undefined): { schema: JsonSchema; optional: boolean } | undefined {
  if (!declaration || !ts.isPropertyDeclaration(declaration)) return undefined;
  for (const decorator of ts.getDecorators(declaration) ?? []) {
    const call = decorator.expression;
    if (!ts.isCallExpression(call)) continue;
    const name = ts.isIdentifier(call.expression) ? call.expression.text : undefined;
    if (name !== "ApiProperty" && name !== "ApiPropertyOptional") continue;
    const options = call.arguments[0] ? literalValue(call.arguments[0]) : undefined;
    const schema: JsonSchema = {};
    let optional = name === "ApiPropertyOptional";
    if (options && typeof options === "object" && !Array.isArray(options)) {
      const o = options as Record<string, unknown>;
      for (const key of SCHEMA_KEYWORDS) if (o[key] !== undefined) schema[key] = o[key];
      if (o.example !== undefined) schema.examples = [o.example];
      else if (o.examples !== undefined && Array.isArray(o.examples)) schema.examples = o.examples;
      if (o.required === false) optional = true;
      if (o.required === true) optional = false;
    }
    return { schema, optional };
  }
  return undefined;
}
