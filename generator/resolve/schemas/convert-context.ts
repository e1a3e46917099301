import { type DiagnosticBag, siteOf } from "../../diagnostics/diagnostic.js";
import type { ts } from "../../typescript.js";
import type { JsonSchema, SchemaBuilder } from "../types/schema-builder.js";

/** A converted schema value, and whether it may be left out where it is a property (`.optional()`). */
export interface Converted {
  schema: JsonSchema;
  optional?: boolean;
}

/** What the schema-value converters share: the checker, the components, and how to report. */
export interface ConvertContext {
  checker: ts.TypeChecker;
  builder: SchemaBuilder;
  diagnostics: DiagnosticBag;
}

/**
 * Something valid that apidex cannot turn into JSON Schema: a warning at the node, and an open schema
 * that says so, as for TypeScript types (APX501). Never an error: the service's code is valid.
 */
export function unreadable(ctx: ConvertContext, node: ts.Node, what: string, hint: string): Converted {
  ctx.diagnostics.warning(
    "APX505",
    `Cannot convert this schema statically: ${what}; the OpenAPI document says "any value" there.`,
    siteOf(node),
    hint,
  );
  return { schema: { "x-apidex-unreadable": what } };
}

/** `schema | null`: a type list when the schema is only a type (as zod writes it), else anyOf. */
export function nullable(schema: JsonSchema): JsonSchema {
  const keys = Object.keys(schema);
  if (keys.length === 1 && typeof schema.type === "string") return { type: [schema.type, "null"] };
  if (keys.length === 1 && Array.isArray(schema.type)) return { type: [...new Set([...(schema.type as string[]), "null"])] };
  if (schema.type === "null") return schema;
  return { anyOf: [schema, { type: "null" }] };
}

/** Alternatives: a type list when each is only a type (as zod writes it), else anyOf. */
export function union(all: JsonSchema[]): JsonSchema {
  // Alternatives that came out the same (options left out, two spellings of one type) are one. A `$ref`
  // is filled in only when the components are named, so schemas holding one are never compared.
  const seen = new Set<string>();
  // `a.or(b).or(c)`: a union of a union is one union of all three.
  const flat = all.flatMap((m) => (Object.keys(m).length === 1 && Array.isArray(m.anyOf) ? (m.anyOf as JsonSchema[]) : [m]));
  const members = flat.filter((m) => {
    const key = JSON.stringify(m);
    if (key.includes('"$ref"')) return true;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (members.length === 1) return members[0]!;
  if (members.length && members.every((m) => Object.keys(m).length === 1 && (typeof m.type === "string" || Array.isArray(m.type))))
    return { type: [...new Set(members.flatMap((m) => m.type as string | string[]))] };
  return { anyOf: members };
}

/** An object schema from converted properties: required unless optional, in declaration order. */
export function objectOf(properties: Map<string, Converted>): JsonSchema {
  const out: JsonSchema = { type: "object" };
  if (properties.size) out.properties = Object.fromEntries([...properties].map(([k, v]) => [k, v.schema]));
  const required = [...properties].filter(([, v]) => !v.optional).map(([k]) => k);
  if (required.length) out.required = required;
  return out;
}

/** A JSON value's JSON Schema type name. */
export function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return "number";
  return typeof value;
}
