import { ts } from "../../typescript.js";
import type { JsonSchema } from "./schema-builder.js";

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

/** The value of a literal expression (strings, numbers, booleans, null, arrays and objects of them). */
function literalValue(node: ts.Expression): unknown {
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) return literalValue(node.expression);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isNumericLiteral(node)) return Number(node.text);
  if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.MinusToken && ts.isNumericLiteral(node.operand))
    return -Number(node.operand.text);
  if (node.kind === ts.SyntaxKind.TrueKeyword) return true;
  if (node.kind === ts.SyntaxKind.FalseKeyword) return false;
  if (node.kind === ts.SyntaxKind.NullKeyword) return null;
  if (ts.isArrayLiteralExpression(node)) {
    const items = node.elements.map((e) => (ts.isSpreadElement(e) ? undefined : literalValue(e)));
    return items.every((i) => i !== undefined) ? items : undefined;
  }
  if (ts.isObjectLiteralExpression(node)) {
    const out: Record<string, unknown> = {};
    for (const p of node.properties) {
      if (!ts.isPropertyAssignment(p) || !(ts.isIdentifier(p.name) || ts.isStringLiteral(p.name))) continue;
      const value = literalValue(p.initializer);
      if (value !== undefined) out[p.name.text] = value;
    }
    return out;
  }
  return undefined;
}
