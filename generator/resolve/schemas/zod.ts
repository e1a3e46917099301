import { ts } from "../../typescript.js";
import type { JsonSchema } from "../types/schema-builder.js";
import { type ConvertContext, type Converted, jsonType, nullable, objectOf, union, unreadable } from "./convert-context.js";
import { convertDrizzleSchema, isDrizzleSchemaCall } from "./drizzle.js";
import { returnedExpression } from "../syntax.js";
import {
  constDeclaration,
  enumValues,
  isModuleLevel,
  NOT_STATIC,
  objectLiteralOf,
  packageOrigin,
  propertyKey,
  staticJson,
  targetSymbol,
  unwrapExpression,
} from "./static-json.js";

/**
 * zod schemas to JSON Schema 2020-12, read from the syntax (`z.object({...}).extend(...)`), never run.
 * The output follows zod 4's own `z.toJSONSchema(schema, { io: "input" })` for what it converts, so a
 * request body says what a client may send (a field with `.default()` is optional); zod's built-in
 * regular expressions behind `format` and its safe-integer bounds are left out. Module-level `const`
 * schemas that are objects, unions, enums, records or arrays become components; so does any schema named
 * with `.openapi("Name")` or `.meta({ id })`.
 */

/** Packages whose `z` (or named exports) is zod. */
const ZOD_MODULE = /^(zod(\/.*)?|@hono\/zod-openapi)$/;
const NAMESPACE_NAMES = new Set(["z", "*", "default", "zod"]);

/** Methods that wrap a schema without changing its structure: a named schema stays a `$ref` under them. */
const WRAPPERS = new Set([
  "optional",
  "nullable",
  "nullish",
  "default",
  "prefault",
  "describe",
  "meta",
  "openapi",
  "array",
  "or",
  "and",
  "refine",
  "superRefine",
  "check",
  "transform",
  "brand",
  "readonly",
  "catch",
  "pipe",
  "overwrite",
]);

/** Checks and transforms that JSON Schema does not express but that leave the shape as it is. */
const NO_SHAPE = new Set([
  "refine",
  "superRefine",
  "check",
  "transform",
  "brand",
  "readonly",
  "catch",
  "overwrite",
  "trim",
  "toLowerCase",
  "toUpperCase",
  "normalize",
  "finite",
  "safe",
  "strip",
]);

/** zod's string formats, as JSON Schema `format` names (zod 4's spelling). */
const FORMATS: Record<string, string> = {
  email: "email",
  url: "uri",
  httpUrl: "uri",
  uuid: "uuid",
  uuidv4: "uuid",
  uuidv6: "uuid",
  uuidv7: "uuid",
  guid: "uuid",
  cuid: "cuid",
  cuid2: "cuid2",
  ulid: "ulid",
  nanoid: "nanoid",
  emoji: "emoji",
  ipv4: "ipv4",
  ipv6: "ipv6",
  datetime: "date-time",
  date: "date",
  time: "time",
  duration: "duration",
  hostname: "hostname",
};

/** Factories whose schemas are worth a component when a module names them. */
const COMPOSITE = new Set([
  "object",
  "strictObject",
  "looseObject",
  "union",
  "discriminatedUnion",
  "intersection",
  "enum",
  "nativeEnum",
  "record",
  "array",
  "tuple",
  "lazy",
]);

export class ZodConverter {
  /** Whether each named schema may be left out (`export const Note = z.string().optional()`), by key. */
  private readonly namedOptional = new Map<string, boolean>();

  constructor(private readonly ctx: ConvertContext) {}

  /** Whether an expression is a zod schema: a chain that starts at zod's `z` (or a named zod import). */
  isSchema(node: ts.Expression, depth = 0): boolean {
    if (depth > 24) return false;
    const expr = unwrapExpression(node);
    if (ts.isCallExpression(expr)) {
      const callee = unwrapExpression(expr.expression);
      if (ts.isIdentifier(callee)) {
        if (this.factoryImport(callee) !== undefined || isDrizzleSchemaCall(expr, this.ctx)) return true;
        const result = helperResult(expr, this.ctx.checker);
        return result !== undefined && this.bound(result.bindings, () => this.isSchema(result.expression, depth + 1));
      }
      if (!ts.isPropertyAccessExpression(callee)) return false;
      return this.isNamespace(callee.expression) || this.isSchema(callee.expression, depth + 1);
    }
    if (ts.isPropertyAccessExpression(expr)) {
      const member = this.memberOfHelperObject(expr);
      if (member) return this.bound(member.bindings, () => this.isSchema(member.expression, depth + 1));
      return !this.isNamespace(expr) && this.isSchema(expr.expression, depth + 1);
    }
    if (ts.isIdentifier(expr)) {
      const argument = this.argumentFor(expr);
      if (argument) return this.isSchema(argument, depth + 1);
      const decl = constDeclaration(expr, this.ctx.checker);
      return decl ? this.isSchema(decl.initializer!, depth + 1) : false;
    }
    return false;
  }

  /** The arguments helper parameters stand for while the schema a helper returns is read (`helperResult`). */
  private readonly arguments = new Map<ts.Node, ts.Expression>();

  /** `f` with a helper call's parameters standing for its arguments. */
  private bound<T>(bindings: ReadonlyMap<ts.Node, ts.Expression>, f: () => T): T {
    const added = [...bindings].filter(([parameter]) => !this.arguments.has(parameter));
    for (const [parameter, arg] of added) this.arguments.set(parameter, arg);
    try {
      return f();
    } finally {
      for (const [parameter] of added) this.arguments.delete(parameter);
    }
  }

  /** The argument a helper's parameter stands for, while its result is read. */
  private argumentFor(id: ts.Identifier): ts.Expression | undefined {
    if (!this.arguments.size) return undefined;
    const decl = targetSymbol(id, this.ctx.checker)?.valueDeclaration;
    return decl && ts.isParameter(decl) ? this.arguments.get(decl) : undefined;
  }

  /** The JSON Schema of a zod schema expression. `inline` asks for the structure even of a named schema. */
  convert(node: ts.Expression, inline = false, depth = 0): Converted {
    if (depth > 64) return unreadable(this.ctx, node, "it nests too deeply", "Name the recursive schema with a module-level const.");
    const expr = unwrapExpression(node);
    if (ts.isIdentifier(expr)) return this.identifier(expr, inline, depth);
    // A schema named where it is written (`z.string().openapi("Query", {...})` inside a route's body) is a
    // component as a named const is: the service's own `$ref`s to it, and zod-openapi's output, name it.
    const own = !inline && ts.isCallExpression(expr) ? ownName(expr, this.ctx.checker) : undefined;
    if (own) {
      const key = `${expr.getSourceFile().fileName}:${expr.pos}`;
      const schema = this.ctx.builder.valueRef(key, own, expr, () => {
        const converted = this.convert(expr, true, depth + 1);
        this.namedOptional.set(key, Boolean(converted.optional));
        return converted.schema;
      });
      return { schema, optional: this.namedOptional.get(key) ?? false };
    }
    if (ts.isPropertyAccessExpression(expr)) {
      // `Schema.shape.field`: one property of an object schema.
      const base = unwrapExpression(expr.expression);
      if (ts.isPropertyAccessExpression(base) && base.name.text === "shape") {
        const object = this.convert(base.expression, true, depth + 1).schema;
        const property = (object.properties as Record<string, JsonSchema> | undefined)?.[expr.name.text];
        if (property) return { schema: property, optional: !((object.required as string[] | undefined) ?? []).includes(expr.name.text) };
      }
      // `schemas.v6` of `const schemas = { v5: ..., v6: ... }`, `pagination.page` of `const pagination =
      // paginationSchemas({ pageSize: 100 })`: a schema an object of the sources holds.
      const member = this.memberOfHelperObject(expr);
      // (Inline when asked: `schemas.v5.extend({...})` derives from the object schema itself, not a `$ref` to it.)
      if (member) return this.bound(member.bindings, () => this.convert(member.expression, inline, depth + 1));
      return unreadable(this.ctx, expr, `\`${expr.getText()}\` is not a schema apidex can read`, "Use the schema itself.");
    }
    if (!ts.isCallExpression(expr))
      return unreadable(this.ctx, expr, "it is not a zod schema expression", "Pass a zod schema, or a const holding one.");
    const callee = unwrapExpression(expr.expression);
    if (ts.isIdentifier(callee)) {
      // drizzle-zod's `createSelectSchema(table)`: the table's columns, as drizzle-zod makes them.
      if (isDrizzleSchemaCall(expr, this.ctx))
        return convertDrizzleSchema(expr, this.ctx, (n) => (this.isSchema(n) ? this.convert(n, false, depth + 1) : undefined));
      const name = this.factoryImport(callee);
      if (name) return this.factory(name, expr, depth);
      // A schema helper of the sources (`const zEmail = () => z.string().email()`, `envelopeOf(User)`): the schema
      // it returns, a parameter standing for the argument given here (a schema; a bound or description made of
      // another value is left out).
      const result = helperResult(expr, this.ctx.checker);
      const converted =
        result &&
        this.bound(result.bindings, () =>
          this.isSchema(result.expression) ? this.convert(result.expression, inline, depth + 1) : undefined,
        );
      if (converted) return converted;
      return unreadable(this.ctx, expr, `\`${callee.text}()\` is not zod`, "Use zod's own builders.");
    }
    if (!ts.isPropertyAccessExpression(callee)) return unreadable(this.ctx, expr, "its callee cannot be read", "Use zod's own builders.");
    const method = callee.name.text;
    const base = unwrapExpression(callee.expression);
    if (this.isNamespace(base)) return this.factory(method, expr, depth);
    // `z.coerce.number()`, `z.iso.datetime()`, `z.string.email()`: a sub-namespace of zod's.
    if (ts.isPropertyAccessExpression(base) && this.isNamespace(base.expression)) {
      if (base.name.text === "coerce") return this.factory(method, expr, depth);
      if (base.name.text === "iso" && FORMATS[method]) return { schema: { type: "string", format: FORMATS[method] } };
    }
    return this.method(method, base, expr, depth);
  }

  private identifier(id: ts.Identifier, inline: boolean, depth: number): Converted {
    const argument = this.argumentFor(id);
    if (argument) return this.convert(argument, inline, depth + 1);
    const decl = constDeclaration(id, this.ctx.checker);
    if (!decl)
      return unreadable(
        this.ctx,
        id,
        `\`${id.text}\` does not name a const schema apidex can follow`,
        "Declare the schema with const (in this file or an imported one).",
      );
    const initializer = decl.initializer!;
    const name = explicitName(initializer, this.ctx.checker);
    if (inline || !isModuleLevel(decl) || (!name && !this.isComposite(initializer))) return this.convert(initializer, inline, depth + 1);
    const key = `${decl.getSourceFile().fileName}:${decl.pos}`;
    const schema = this.ctx.builder.valueRef(key, name ?? componentName((decl.name as ts.Identifier).text), decl, () => {
      const converted = this.convert(initializer, true, depth + 1);
      this.namedOptional.set(key, Boolean(converted.optional));
      return converted.schema;
    });
    return { schema, optional: this.namedOptional.get(key) ?? false };
  }

  /** Whether a schema's root builder makes something worth a component (objects, unions, ...). */
  private isComposite(node: ts.Expression, depth = 0): boolean {
    if (depth > 24) return false;
    const expr = unwrapExpression(node);
    if (ts.isIdentifier(expr)) return true; // derived from another schema: `Base.extend(...)`
    if (!ts.isCallExpression(expr)) return false;
    const callee = unwrapExpression(expr.expression);
    if (ts.isIdentifier(callee)) return COMPOSITE.has(this.factoryImport(callee) ?? "") || isDrizzleSchemaCall(expr, this.ctx);
    if (!ts.isPropertyAccessExpression(callee)) return false;
    if (this.isNamespace(callee.expression)) return COMPOSITE.has(callee.name.text);
    return this.isComposite(callee.expression, depth + 1);
  }

  private isNamespace(node: ts.Expression): boolean {
    const expr = unwrapExpression(node);
    if (!ts.isIdentifier(expr)) return false;
    const origin = packageOrigin(expr, this.ctx.checker);
    return Boolean(origin && ZOD_MODULE.test(origin.module) && NAMESPACE_NAMES.has(origin.name));
  }

  /** `import { object, string } from "zod"`: the builder an identifier names. */
  private factoryImport(id: ts.Identifier): string | undefined {
    const origin = packageOrigin(id, this.ctx.checker);
    return origin && ZOD_MODULE.test(origin.module) && !NAMESPACE_NAMES.has(origin.name) ? origin.name : undefined;
  }

  /** `z.<name>(...args)`. */
  private factory(name: string, call: ts.CallExpression, depth: number): Converted {
    const args = call.arguments;
    const sub = (n: ts.Expression | undefined) =>
      n ? this.convert(n, false, depth + 1) : unreadable(this.ctx, call, `z.${name}() has no argument`, "Pass the schema.");
    if (FORMATS[name]) return { schema: { type: "string", format: FORMATS[name] } };
    switch (name) {
      case "string":
      // zod 4's `z.stringbool()` reads "true", "1", "yes", ... from a string: a client sends a string.
      case "stringbool":
        return { schema: { type: "string" } };
      case "number":
      case "float32":
      case "float64":
        return { schema: { type: "number" } };
      case "int":
      case "int32":
      case "uint32":
      case "safeint":
        return { schema: { type: "integer" } };
      case "boolean":
        return { schema: { type: "boolean" } };
      case "null":
        return { schema: { type: "null" } };
      // JSON has no undefined: no value a client sends is one (zod 4 also requires the key of an object's
      // `z.undefined()` property unless it is `.optional()`, so such an object is never sent); `z.never()` none.
      case "undefined":
      case "void":
      case "never":
        return { schema: { not: {} } };
      case "any":
      case "unknown":
        return { schema: {} };
      case "date":
        // JSON carries dates as ISO strings; z.coerce.date() accepts exactly those.
        return { schema: { type: "string", format: "date-time" } };
      case "object":
      case "strictObject":
      case "looseObject": {
        const properties = this.shape(args[0], call, depth);
        if (!properties)
          return unreadable(
            this.ctx,
            args[0] ?? call,
            "its shape is not an object literal",
            "Write the shape inline or as a const object.",
          );
        const schema = objectOf(properties);
        if (name === "strictObject") schema.additionalProperties = false;
        if (name === "looseObject") schema.additionalProperties = {};
        return { schema };
      }
      case "array":
        return { schema: { type: "array", items: sub(args[0]).schema } };
      case "tuple": {
        const items = this.elements(args[0]);
        if (!items) return unreadable(this.ctx, call, "its items are not an array literal", "Write the items inline.");
        const prefixItems = items.map((item) => this.convert(item, false, depth + 1).schema);
        const rest = args[1] ? this.convert(args[1], false, depth + 1).schema : undefined;
        return {
          schema: {
            type: "array",
            prefixItems,
            ...(rest ? { items: rest } : { items: false }),
            minItems: prefixItems.length,
            ...(rest ? {} : { maxItems: prefixItems.length }),
          },
        };
      }
      case "union":
      case "discriminatedUnion": {
        const options = this.elements(args.find((a) => this.elements(a) !== undefined));
        if (!options)
          return unreadable(this.ctx, call, "its options are not an array literal", "Write the options inline or as a const array.");
        const members = options.map((o) => this.convert(o, false, depth + 1).schema);
        return { schema: name === "union" ? union(members) : { oneOf: members } };
      }
      case "intersection":
        return { schema: { allOf: [sub(args[0]).schema, sub(args[1]).schema] } };
      case "record": {
        const value = sub(args.length > 1 ? args[1] : args[0]).schema;
        if (args.length < 2) return { schema: { type: "object", additionalProperties: value } };
        const key = this.convert(args[0]!, true, depth + 1).schema;
        const required = Array.isArray(key.enum) ? { required: key.enum } : {};
        return { schema: { type: "object", propertyNames: key, additionalProperties: value, ...required } };
      }
      case "enum":
      case "nativeEnum": {
        const values = args[0] ? this.enumLike(args[0]) : undefined;
        if (!values)
          return unreadable(
            this.ctx,
            args[0] ?? call,
            "its values cannot be read statically",
            "List the values inline, or pass a const array or an enum.",
          );
        const kinds = [...new Set(values.map(jsonType))];
        return { schema: { type: kinds.length === 1 ? kinds[0] : kinds, enum: values } };
      }
      case "literal": {
        const value = args[0] ? staticJson(args[0], this.ctx.checker) : NOT_STATIC;
        if (value === NOT_STATIC || value === undefined || (typeof value === "object" && value !== null && !Array.isArray(value)))
          return unreadable(this.ctx, args[0] ?? call, "its value cannot be read statically", "Use a literal or a const.");
        if (Array.isArray(value)) {
          const kinds = [...new Set(value.map(jsonType))];
          return { schema: { type: kinds.length === 1 ? kinds[0] : kinds, enum: value } };
        }
        return { schema: value === null ? { type: "null" } : { type: jsonType(value), const: value } };
      }
      case "optional":
        return { schema: sub(args[0]).schema, optional: true };
      case "nullable": {
        const inner = sub(args[0]);
        return { ...inner, schema: nullable(inner.schema) };
      }
      case "nullish":
        return { schema: nullable(sub(args[0]).schema), optional: true };
      case "lazy": {
        const body = args[0] && (ts.isArrowFunction(args[0]) || ts.isFunctionExpression(args[0])) ? returnedExpression(args[0]) : undefined;
        return body
          ? this.convert(body, false, depth + 1)
          : unreadable(this.ctx, call, "its getter cannot be read", "Write z.lazy(() => Schema).");
      }
      case "preprocess":
        return sub(args[1]);
      default:
        return unreadable(
          this.ctx,
          call,
          `z.${name}() has no JSON Schema apidex converts (bigint, map, set, function, custom and the like)`,
          "Describe the JSON form with a supported builder, or document the shape with @body / @response.",
        );
    }
  }

  /** `base.<method>(...args)`. */
  private method(method: string, base: ts.Expression, call: ts.CallExpression, depth: number): Converted {
    const args = call.arguments;
    const inner = this.convert(base, !WRAPPERS.has(method), depth + 1);
    const schema = inner.schema;
    const number = (i = 0) => {
      const v = args[i] ? staticJson(args[i]!, this.ctx.checker) : NOT_STATIC;
      return typeof v === "number" ? v : undefined;
    };
    if (NO_SHAPE.has(method)) return inner;
    if (FORMATS[method] && schema.type === "string") return { ...inner, schema: Object.assign(schema, { format: FORMATS[method] }) };
    switch (method) {
      case "optional":
        return { schema, optional: true };
      case "nullable":
        return { ...inner, schema: nullable(schema) };
      case "nullish":
        return { schema: nullable(schema), optional: true };
      case "default":
      case "prefault": {
        const value = args[0] ? staticJson(args[0], this.ctx.checker) : NOT_STATIC;
        // A default computed at run time (`() => new Date()`) still makes the field optional.
        if (method === "default" && value !== NOT_STATIC && value !== undefined) schema.default = value;
        return { schema, optional: true };
      }
      case "describe": {
        const text = args[0] ? staticJson(args[0], this.ctx.checker) : NOT_STATIC;
        if (typeof text === "string") schema.description = text;
        return inner;
      }
      case "meta":
      case "openapi": {
        const metadata = args.map((a) => staticJson(a, this.ctx.checker)).find((v) => v && typeof v === "object" && !Array.isArray(v));
        if (metadata && typeof metadata === "object") {
          // Naming and parameter placement are about the document, not the schema.
          const { id: _id, ref: _ref, refId: _refId, param: _param, ...rest } = metadata as Record<string, unknown>;
          Object.assign(schema, rest);
        }
        return inner;
      }
      case "array":
        return { schema: { type: "array", items: schema } };
      case "rest": {
        // `z.tuple([a]).rest(b)`: the tuple's items, then any number of b.
        if (!Array.isArray(schema.prefixItems) || !args[0])
          return unreadable(this.ctx, call, ".rest() is applied to something that is not a tuple schema", "Apply it to z.tuple([...]).");
        const { maxItems: _max, ...open } = schema;
        return { schema: { ...open, items: this.convert(args[0], false, depth + 1).schema } };
      }
      case "or":
        return { schema: union([schema, this.convert(args[0]!, false, depth + 1).schema]) };
      case "and":
        return { schema: { allOf: [schema, this.convert(args[0]!, false, depth + 1).schema] } };
      case "pipe":
        // The input side: what a client sends.
        return inner;
      case "int":
        schema.type = "integer";
        return inner;
      case "positive":
        schema.exclusiveMinimum = 0;
        return inner;
      case "nonnegative":
        schema.minimum = 0;
        return inner;
      case "negative":
        schema.exclusiveMaximum = 0;
        return inner;
      case "nonpositive":
        schema.maximum = 0;
        return inner;
      case "gt":
        schema.exclusiveMinimum = number();
        return inner;
      case "lt":
        schema.exclusiveMaximum = number();
        return inner;
      case "gte":
      case "min":
      case "max":
      case "lte":
      case "length": {
        const n = number();
        if (n === undefined) return inner;
        const lower = method === "gte" || method === "min";
        const both = method === "length";
        const [low, high] =
          schema.type === "string"
            ? ["minLength", "maxLength"]
            : schema.type === "array"
              ? ["minItems", "maxItems"]
              : ["minimum", "maximum"];
        if (lower || both) schema[low!] = n;
        if (!lower || both) schema[high!] = n;
        return inner;
      }
      case "nonempty":
        schema[schema.type === "array" ? "minItems" : "minLength"] = 1;
        return inner;
      case "multipleOf":
      case "step":
        schema.multipleOf = number();
        return inner;
      case "regex": {
        const pattern = args[0] && ts.isRegularExpressionLiteral(args[0]) ? regexSource(args[0].text) : undefined;
        if (pattern !== undefined) schema.pattern = pattern;
        return inner;
      }
      case "startsWith":
      case "endsWith":
      case "includes": {
        const text = args[0] ? staticJson(args[0], this.ctx.checker) : NOT_STATIC;
        if (typeof text === "string") {
          const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
          schema.pattern = method === "startsWith" ? `^${escaped}` : method === "endsWith" ? `${escaped}$` : escaped;
        }
        return inner;
      }
      case "lowercase":
      case "uppercase":
      case "ip":
        return inner;
      case "extend":
      case "merge":
      case "safeExtend":
      case "pick":
      case "omit":
      case "partial":
      case "required":
      case "strict":
      case "passthrough":
      case "catchall":
      case "keyof":
        return this.objectMethod(method, schema, call, depth);
      case "unwrap":
        return { schema };
      default:
        return unreadable(
          this.ctx,
          call,
          `.${method}() is not a zod method apidex converts`,
          "Use the common builders, or document the shape with @body / @response.",
        );
    }
  }

  private objectMethod(method: string, schema: JsonSchema, call: ts.CallExpression, depth: number): Converted {
    if (schema.type !== "object" || (schema.properties === undefined && schema.additionalProperties !== undefined && method !== "strict"))
      return unreadable(this.ctx, call, `.${method}() is applied to something that is not an object schema`, "Apply it to z.object(...).");
    const properties = fromObject(schema);
    const arg = call.arguments[0];
    const mask = () => {
      const value = arg ? staticJson(arg, this.ctx.checker) : NOT_STATIC;
      return value && typeof value === "object" && !Array.isArray(value) ? Object.keys(value).filter((k) => value[k]) : undefined;
    };
    let extra: JsonSchema = schema.additionalProperties !== undefined ? { additionalProperties: schema.additionalProperties } : {};
    switch (method) {
      case "extend":
      case "safeExtend": {
        const added = this.shape(arg, call, depth);
        if (!added) return unreadable(this.ctx, arg ?? call, "the shape it adds is not an object literal", "Write the shape inline.");
        for (const [k, v] of added) properties.set(k, v);
        break;
      }
      case "merge": {
        const other = arg ? this.convert(arg, true, depth + 1).schema : {};
        for (const [k, v] of fromObject(other)) properties.set(k, v);
        if (other.additionalProperties !== undefined) extra = { additionalProperties: other.additionalProperties };
        break;
      }
      case "pick":
      case "omit": {
        const keys = mask();
        if (!keys) return unreadable(this.ctx, arg ?? call, "its keys cannot be read statically", "Write the mask inline: { id: true }.");
        for (const k of [...properties.keys()]) if (keys.includes(k) !== (method === "pick")) properties.delete(k);
        break;
      }
      case "partial":
      case "required": {
        const keys = arg ? mask() : undefined;
        for (const [k, v] of properties)
          if (!keys || keys.includes(k)) properties.set(k, { schema: v.schema, optional: method === "partial" });
        break;
      }
      case "strict":
        extra = { additionalProperties: false };
        break;
      case "passthrough":
        extra = { additionalProperties: {} };
        break;
      case "catchall":
        extra = { additionalProperties: arg ? this.convert(arg, false, depth + 1).schema : {} };
        break;
      case "keyof":
        return { schema: { type: "string", enum: [...properties.keys()] } };
    }
    return { schema: { ...objectOf(properties), ...extra } };
  }

  /** The properties of a shape: an object literal (spreads of other shapes too) or `Other.shape`. */
  private shape(node: ts.Expression | undefined, call: ts.CallExpression, depth: number): Map<string, Converted> | undefined {
    if (!node) return new Map();
    const expr = unwrapExpression(node);
    if (ts.isPropertyAccessExpression(expr) && expr.name.text === "shape")
      return fromObject(this.convert(expr.expression, true, depth + 1).schema);
    const own = objectLiteralOf(expr, this.ctx.checker);
    const fromHelper = own ? undefined : this.helperObject(expr);
    const literal = own ?? fromHelper?.literal;
    if (!literal) return undefined;
    // A helper's object is read with its parameters standing for the arguments given (`...withData(User)`).
    return this.bound(fromHelper?.bindings ?? NO_BINDINGS, () => this.shapeOf(literal, call, depth));
  }

  private shapeOf(literal: ts.ObjectLiteralExpression, call: ts.CallExpression, depth: number): Map<string, Converted> | undefined {
    const out = new Map<string, Converted>();
    for (const prop of literal.properties) {
      if (ts.isSpreadAssignment(prop)) {
        const spread = this.shape(prop.expression, call, depth + 1);
        if (!spread) return undefined;
        for (const [k, v] of spread) out.set(k, v);
        continue;
      }
      const key = prop.name ? propertyKey(prop.name, this.ctx.checker) : undefined;
      if (key === undefined) continue;
      if (ts.isPropertyAssignment(prop)) out.set(key, this.convert(prop.initializer, false, depth + 1));
      else if (ts.isShorthandPropertyAssignment(prop)) out.set(key, this.convert(prop.name, false, depth + 1));
      else if (ts.isGetAccessorDeclaration(prop)) {
        // zod 4's recursive objects: `get children() { return z.array(Node) }`.
        const value = returnedExpression(prop);
        out.set(
          key,
          value ? this.convert(value, false, depth + 1) : unreadable(this.ctx, prop, "its getter cannot be read", "Return the schema."),
        );
      }
    }
    return out;
  }

  /**
   * The object literal of schemas a const holds (`const blockSchemas = { v5: ..., v6: ... }`) or a helper of the
   * sources returns, called here or by the const named here (`...pagination({ pageSize: 100 })`).
   */
  private helperObject(
    node: ts.Expression,
  ): { literal: ts.ObjectLiteralExpression; bindings: ReadonlyMap<ts.Node, ts.Expression> } | undefined {
    let expr = unwrapExpression(node);
    if (ts.isIdentifier(expr)) {
      const decl = constDeclaration(expr, this.ctx.checker);
      if (!decl) return undefined;
      expr = unwrapExpression(decl.initializer!);
      if (ts.isObjectLiteralExpression(expr)) return { literal: expr, bindings: NO_BINDINGS };
    }
    const result = ts.isCallExpression(expr) ? helperResult(expr, this.ctx.checker) : undefined;
    const literal = result ? objectLiteralOf(result.expression, this.ctx.checker) : undefined;
    return literal ? { literal, bindings: result!.bindings } : undefined;
  }

  /** `pagination.page`, where `pagination` holds an object literal (its own, or the one a helper returns): that property's value. */
  private memberOfHelperObject(
    expr: ts.PropertyAccessExpression,
  ): { expression: ts.Expression; bindings: ReadonlyMap<ts.Node, ts.Expression> } | undefined {
    const found = this.helperObject(expr.expression);
    const prop = found?.literal.properties.find((p) => p.name !== undefined && propertyKey(p.name, this.ctx.checker) === expr.name.text);
    if (!prop) return undefined;
    if (ts.isPropertyAssignment(prop)) return { expression: prop.initializer, bindings: found!.bindings };
    return ts.isShorthandPropertyAssignment(prop) ? { expression: prop.name, bindings: found!.bindings } : undefined;
  }

  /** Array literal elements, following consts; a spread of another such array is its elements (`[...logicBlocks, other]`). */
  private elements(node: ts.Expression | undefined, depth = 0): readonly ts.Expression[] | undefined {
    if (!node || depth > 16) return undefined;
    const expr = unwrapExpression(node);
    if (ts.isArrayLiteralExpression(expr)) {
      const out: ts.Expression[] = [];
      for (const element of expr.elements) {
        if (!ts.isSpreadElement(element)) out.push(element);
        else {
          const spread = this.elements(element.expression, depth + 1);
          if (!spread) return undefined;
          out.push(...spread);
        }
      }
      return out;
    }
    if (ts.isIdentifier(expr)) {
      const decl = constDeclaration(expr, this.ctx.checker);
      return decl ? this.elements(decl.initializer, depth + 1) : undefined;
    }
    return undefined;
  }

  /** The values of `z.enum([...])` / `z.nativeEnum(E)`: an array, an enum, or an enum-like const object. */
  private enumLike(node: ts.Expression): (string | number)[] | undefined {
    const expr = unwrapExpression(node);
    if (ts.isIdentifier(expr) || ts.isPropertyAccessExpression(expr)) {
      const decl = targetSymbol(ts.isIdentifier(expr) ? expr : expr.name, this.ctx.checker)?.valueDeclaration;
      if (decl && ts.isEnumDeclaration(decl)) return enumValues(decl, this.ctx.checker);
    }
    const value = staticJson(expr, this.ctx.checker);
    const values = Array.isArray(value) ? value : value && typeof value === "object" ? Object.values(value) : undefined;
    if (values?.every((v) => typeof v === "string" || typeof v === "number")) return values as (string | number)[];
    return literalElements(this.ctx.checker.getTypeAtLocation(expr), this.ctx.checker);
  }
}

/**
 * The values an array or tuple type holds when each is a string or number literal: what a value apidex cannot
 * evaluate still says in its type (`z.enum(keysOf(operators))` of a helper typed `[K, ...K[]]` with `K` the
 * object's keys, `[...COLORS, "pink"] as const`). A tuple's elements keep their order; the members of a union
 * of literals are sorted (the checker orders them by when it met them).
 */
function literalElements(type: ts.Type, checker: ts.TypeChecker): (string | number)[] | undefined {
  const elements = checker.isTupleType(type)
    ? checker.getTypeArguments(type as ts.TypeReference)
    : checker.isArrayType(type)
      ? checker.getTypeArguments(type as ts.TypeReference).slice(0, 1)
      : undefined;
  if (!elements?.length) return undefined;
  const out: (string | number)[] = [];
  for (const element of elements) {
    const members = element.isUnion() ? element.types : [element];
    const literals: (string | number)[] = [];
    for (const member of members) {
      if (!member.isStringLiteral() && !member.isNumberLiteral()) return undefined;
      literals.push(member.value);
    }
    if (element.isUnion()) literals.sort((a, b) => (typeof a === typeof b ? (a < b ? -1 : a > b ? 1 : 0) : typeof a === "number" ? -1 : 1));
    for (const literal of literals) if (!out.includes(literal)) out.push(literal);
  }
  return out;
}

/**
 * What a schema helper of the sources returns: the one expression a function declared in the sources (a
 * function declaration, or a const holding an arrow or function expression) returns, when it has one `return`
 * (or an expression body). A package's function (a declaration file) is none.
 */
function helperResult(call: ts.CallExpression, checker: ts.TypeChecker): HelperResult | undefined {
  const callee = unwrapExpression(call.expression);
  if (!ts.isIdentifier(callee)) return undefined;
  const decl = targetSymbol(callee, checker)?.valueDeclaration;
  let fn: ts.FunctionLikeDeclaration | undefined;
  if (decl && ts.isFunctionDeclaration(decl)) fn = decl;
  else if (decl && ts.isVariableDeclaration(decl) && decl.initializer) {
    const init = unwrapExpression(decl.initializer);
    if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) fn = init;
  }
  if (!fn?.body || fn.getSourceFile().isDeclarationFile) return undefined;
  if (ts.isBlock(fn.body)) {
    let returns = 0;
    const visit = (node: ts.Node): void => {
      if (ts.isFunctionLike(node) || ts.isClassLike(node)) return;
      if (ts.isReturnStatement(node)) returns++;
      ts.forEachChild(node, visit);
    };
    fn.body.statements.forEach(visit);
    if (returns !== 1) return undefined;
  }
  const expression = returnedExpression(fn);
  if (!expression) return undefined;
  // Each parameter named by an identifier stands for the argument given here (`envelopeOf(User)`: `User`).
  const bindings = new Map<ts.Node, ts.Expression>();
  fn.parameters.forEach((parameter, i) => {
    const arg = call.arguments[i];
    if (ts.isIdentifier(parameter.name) && arg && !ts.isSpreadElement(arg) && !parameter.dotDotDotToken) bindings.set(parameter, arg);
  });
  return { expression, bindings };
}

const NO_BINDINGS: ReadonlyMap<ts.Node, ts.Expression> = new Map();

/** What a helper call returns, and the arguments its parameters stand for there. */
interface HelperResult {
  expression: ts.Expression;
  bindings: ReadonlyMap<ts.Node, ts.Expression>;
}

/** An object schema's properties with their optionality, to derive another from (`extend`, `pick`). */
function fromObject(schema: JsonSchema): Map<string, Converted> {
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return new Map(
    Object.entries((schema.properties as Record<string, JsonSchema> | undefined) ?? {}).map(([k, v]) => [
      k,
      { schema: v, optional: !required.has(k) },
    ]),
  );
}

/** The name this call gives the schema it ends: `.openapi("User", ...)`, `.openapi({ ref })`, `.meta({ id })` (not one further in). */
function ownName(call: ts.CallExpression, checker: ts.TypeChecker): string | undefined {
  const callee = unwrapExpression(call.expression);
  if (!ts.isPropertyAccessExpression(callee) || !["openapi", "meta"].includes(callee.name.text)) return undefined;
  return explicitName(call, checker);
}

/** The name a schema gives itself: `.openapi("User")`, `.openapi({ ref: "User" })`, `.meta({ id: "User" })`. */
function explicitName(node: ts.Expression, checker: ts.TypeChecker): string | undefined {
  let expr = unwrapExpression(node);
  while (ts.isCallExpression(expr) && ts.isPropertyAccessExpression(expr.expression)) {
    const method = expr.expression.name.text;
    if (method === "openapi" || method === "meta") {
      for (const arg of expr.arguments) {
        const value = staticJson(arg, checker);
        if (method === "openapi" && typeof value === "string") return value;
        if (value && typeof value === "object" && !Array.isArray(value)) {
          const name = method === "meta" ? value.id : (value.ref ?? value.refId);
          if (typeof name === "string") return name;
        }
      }
    }
    expr = unwrapExpression(expr.expression.expression);
  }
  return undefined;
}

/** `UserSchema` → `User`, `createUserBody` stays: the component name a const gives. */
export function componentName(variable: string): string {
  const stripped = variable.replace(/_?schema$/i, "");
  return stripped || variable;
}

/** `/^a+$/i` → `^a+$` (flags have no JSON Schema counterpart). */
function regexSource(literal: string): string {
  return literal.slice(1, literal.lastIndexOf("/"));
}
