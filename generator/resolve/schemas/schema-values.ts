import { siteOf } from "../../diagnostics/diagnostic.js";
import { ts } from "../../typescript.js";
import type { JsonSchema } from "../types/schema-builder.js";
import type { ConvertContext } from "./convert-context.js";
import { type SharedSchemas, splitSharedRef } from "./shared-schemas.js";
import { constDeclaration, NOT_STATIC, propertyKey, staticJson, unwrapExpression } from "./static-json.js";
import { TypeBoxConverter } from "./typebox.js";
import { ZodConverter } from "./zod.js";

const REF_PREFIX = "#/components/schemas/";

/**
 * A schema written as a value, whichever way: a zod schema, a TypeBox schema, or a JSON Schema object
 * literal (Fastify's `schema.body`), which may itself hold zod or TypeBox schemas. Everything is read
 * statically; the converters report what they cannot read, at its file and line.
 */
export class SchemaValues {
  readonly zod: ZodConverter;
  readonly typebox: TypeBoxConverter;

  /** Shared schemas being read, so that one naming itself (directly or not) stops. */
  private readonly resolving = new Set<string>();

  constructor(
    private readonly ctx: ConvertContext,
    /** Fastify's `addSchema()` registrations, which `$ref: "user#"` names. */
    private readonly shared?: SharedSchemas,
  ) {
    this.zod = new ZodConverter(ctx);
    this.typebox = new TypeBoxConverter(ctx);
  }

  /** Whether a node is a zod or TypeBox schema (not a plain literal): a validator's argument is one. */
  isLibrarySchema(node: ts.Expression): boolean {
    return this.zod.isSchema(node) || this.typebox.isSchema(node);
  }

  /**
   * The JSON Schema of a zod or TypeBox schema, or of a JSON Schema literal; undefined for anything else.
   * `inline` asks for a named schema's structure rather than a `$ref` (parameters are read from it).
   */
  convert(node: ts.Expression, inline = false): JsonSchema | undefined {
    if (this.zod.isSchema(node)) return this.zod.convert(node, inline).schema;
    if (this.typebox.isSchema(node)) return this.typebox.convert(node, inline).schema;
    const literal = this.literal(node, 0);
    return literal && typeof literal === "object" && !Array.isArray(literal) ? (literal as JsonSchema) : undefined;
  }

  /** A `$ref` handed out for a named schema value, resolved to its component's schema. */
  deref(schema: JsonSchema): JsonSchema {
    return this.ctx.builder.deref(schema);
  }

  /** A JSON Schema literal as written; nested zod/TypeBox schemas converted, consts followed. */
  private literal(node: ts.Expression, depth: number): unknown {
    if (depth > 32) return undefined;
    const expr = unwrapExpression(node);
    if (this.isLibrarySchema(expr)) return this.convert(expr);
    if (ts.isObjectLiteralExpression(expr)) {
      const out: Record<string, unknown> = {};
      for (const prop of expr.properties) {
        if (ts.isSpreadAssignment(prop)) {
          const spread = this.literal(prop.expression, depth + 1);
          if (spread && typeof spread === "object") Object.assign(out, spread);
          continue;
        }
        const key = prop.name ? propertyKey(prop.name, this.ctx.checker) : undefined;
        const value = ts.isPropertyAssignment(prop) ? prop.initializer : ts.isShorthandPropertyAssignment(prop) ? prop.name : undefined;
        if (key === undefined || !value) continue;
        const converted = this.literal(value, depth + 1);
        if (converted !== undefined) out[key] = converted;
      }
      if (typeof out.$ref === "string" && !out.$ref.startsWith(REF_PREFIX)) {
        // Fastify's shared schemas (`$ref: "User#"`): the `addSchema()` registration written in the sources,
        // in place of the reference (the keywords beside it, a `description`, kept over it).
        const resolved = this.sharedRef(out.$ref, depth);
        if (resolved) {
          const { $ref: _ref, ...beside } = out;
          return { ...resolved, ...beside };
        }
        this.ctx.diagnostics.warning(
          "APX505",
          `Cannot convert this schema statically: \`$ref: "${out.$ref}"\` names a schema no \`addSchema()\` call of the sources registers (one registered at run time, or a part of it that is not there); the OpenAPI document says "any value" there.`,
          siteOf(expr),
          "Register the shared schema with `addSchema()` as an object literal (or a const) with a string `$id`, or use the schema's value instead of a $ref.",
        );
        return { "x-apidex-unreadable": `$ref ${out.$ref}` };
      }
      return out;
    }
    if (ts.isArrayLiteralExpression(expr)) return expr.elements.map((e) => this.literal(e, depth + 1) ?? null);
    if (ts.isIdentifier(expr)) {
      const decl = constDeclaration(expr, this.ctx.checker);
      if (decl) return this.literal(decl.initializer!, depth + 1);
    }
    const value = staticJson(expr, this.ctx.checker);
    return value === NOT_STATIC ? undefined : value;
  }

  /** The schema an `addSchema()` registration gives `$ref` (`user#`, `user#/properties/id`); undefined when none does. */
  private sharedRef(ref: string, depth: number): Record<string, unknown> | undefined {
    const target = this.shared ? splitSharedRef(ref) : undefined;
    const literal = target ? this.shared!.get(target.id) : undefined;
    if (!target || !literal || this.resolving.has(target.id)) return undefined;
    this.resolving.add(target.id);
    let value: unknown;
    try {
      value = this.literal(literal, depth + 1);
    } finally {
      this.resolving.delete(target.id);
    }
    for (const part of target.pointer) {
      if (!value || typeof value !== "object") return undefined;
      value = (value as Record<string, unknown>)[part];
    }
    if (!value || typeof value !== "object" || Array.isArray(value)) return undefined;
    const { $id: _id, ...schema } = value as Record<string, unknown>;
    return schema;
  }
}
