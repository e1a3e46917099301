import { siteOf } from "../../diagnostics/diagnostic.js";
import { ts } from "../../typescript.js";
import type { JsonSchema } from "../types/schema-builder.js";
import { type ConvertContext, type Converted, jsonType, objectOf, union, unreadable } from "./convert-context.js";
import { ELYSIA_TYPES_MODULE, elysiaBuilder } from "./elysia-types.js";
import { componentName } from "./zod.js";
import {
  constDeclaration,
  enumValues,
  isModuleLevel,
  type Json,
  NOT_STATIC,
  objectLiteralOf,
  packageOrigin,
  propertyKey,
  type StaticResult,
  staticJson,
  targetSymbol,
  unwrapExpression,
} from "./static-json.js";

/**
 * TypeBox (`Type.Object({...})`) to JSON Schema, read from the syntax. TypeBox builds JSON Schema
 * itself, so the output is what `Type.X(...)` returns at run time (its options object merged in as
 * written), minus TypeBox's symbol-keyed bookkeeping. Named module-level objects become components.
 */

// Elysia re-exports TypeBox's builder as `t` (with builders of its own added: elysia-types.ts).
const TYPEBOX_MODULE = /^(@sinclair\/typebox(\/.*)?|typebox(\/.*)?|elysia(\/type-system)?)$/;
const COMPOSITE = new Set([
  "Object",
  "Union",
  "Intersect",
  "Enum",
  "Record",
  "Array",
  "Tuple",
  "Partial",
  "Required",
  "Pick",
  "Omit",
  "Composite",
  "KeyOf",
  // Elysia's builders of an object or array (elysia-types.ts): named by their const as `t.Object` is.
  "Form",
  "Cookie",
  "ObjectString",
  "ArrayString",
]);

export class TypeBoxConverter {
  private readonly namedOptional = new Map<string, boolean>();

  constructor(private readonly ctx: ConvertContext) {}

  isSchema(node: ts.Expression, depth = 0): boolean {
    if (depth > 24) return false;
    const expr = unwrapExpression(node);
    if (ts.isPropertyAccessExpression(expr) && !this.isNamespace(expr.expression)) {
      const decl = targetSymbol(expr.name, this.ctx.checker)?.valueDeclaration;
      if (decl && (ts.isVariableDeclaration(decl) || ts.isPropertyAssignment(decl)) && decl.initializer)
        return this.isSchema(decl.initializer, depth + 1);
    }
    if (ts.isCallExpression(expr) && this.helperOf(expr)) {
      const helper = this.helperOf(expr)!;
      return this.isSchema(helper.body, depth + 1) || this.bindsSchema(helper, expr, depth);
    }
    if (ts.isCallExpression(expr)) {
      const callee = unwrapExpression(expr.expression);
      return ts.isPropertyAccessExpression(callee) && this.isNamespace(callee.expression);
    }
    if (ts.isIdentifier(expr)) {
      const argument = this.boundArgument(expr);
      if (argument) return this.isSchema(argument, depth + 1);
      const decl = constDeclaration(expr, this.ctx.checker);
      return decl ? this.isSchema(decl.initializer!, depth + 1) : false;
    }
    return false;
  }

  /**
   * Whether a schema is `Type.Void()` or `Type.Undefined()` (Elysia's `t.Void()` too), written there or held by
   * a const: as a response's schema it says the response has no body (a 204), not a value of an unknown shape.
   */
  isNoBody(node: ts.Expression, depth = 0): boolean {
    if (depth > 24) return false;
    const expr = unwrapExpression(node);
    if (ts.isIdentifier(expr)) {
      const decl = constDeclaration(expr, this.ctx.checker);
      return decl ? this.isNoBody(decl.initializer!, depth + 1) : false;
    }
    if (!ts.isCallExpression(expr) || expr.arguments.length > 1) return false;
    const callee = unwrapExpression(expr.expression);
    return (
      ts.isPropertyAccessExpression(callee) &&
      (callee.name.text === "Void" || callee.name.text === "Undefined") &&
      this.isNamespace(callee.expression)
    );
  }

  /** Arguments of the schema helpers being expanded, by parameter (`Nullable(UserId)`: `type` is `UserId`). */
  private readonly bound = new Map<ts.Node, ts.Expression>();

  /** The argument a helper's parameter stands for while the helper's body is converted. */
  private boundArgument(id: ts.Identifier): ts.Expression | undefined {
    const decl = targetSymbol(id, this.ctx.checker)?.valueDeclaration;
    return decl && ts.isParameter(decl) ? this.bound.get(decl) : undefined;
  }

  /** An expression, or the argument it stands for when it is a parameter of a helper being expanded. */
  private resolveBound(node: ts.Expression): ts.Expression {
    const expr = unwrapExpression(node);
    return ts.isIdentifier(expr) ? (this.boundArgument(expr) ?? node) : node;
  }

  /**
   * A project's schema helper (`const Nullable = (type) => Type.Union([type, Type.Null()])`, or a function
   * declaration that returns one expression): its body, when it is one.
   */
  private helperOf(call: ts.CallExpression): { params: readonly ts.ParameterDeclaration[]; body: ts.Expression } | undefined {
    const fn = this.helperFunction(unwrapExpression(call.expression));
    const target = fn ? unwrapExpression(fn as ts.Expression) : undefined;
    if (
      !target ||
      !(
        ts.isArrowFunction(target) ||
        ts.isFunctionExpression(target) ||
        ts.isFunctionDeclaration(target) ||
        ts.isMethodDeclaration(target)
      ) ||
      !target.body ||
      target.getSourceFile().isDeclarationFile
    )
      return undefined;
    if (target.parameters.some((p) => p.dotDotDotToken || !ts.isIdentifier(p.name))) return undefined;
    const body = ts.isBlock(target.body)
      ? target.body.statements.length === 1 && ts.isReturnStatement(target.body.statements[0]!)
        ? target.body.statements[0].expression
        : undefined
      : target.body;
    return body ? { params: target.parameters, body } : undefined;
  }

  /**
   * The function a helper call names: a function or const (`Nullable(x)`), or a property or method of an
   * object literal that gathers helpers (`customType.UUID()`, `const customType = { UUID: (o) => Type.String(...) }`).
   * TypeBox's own `Type.X` is the builder, never a helper.
   */
  private helperFunction(callee: ts.Expression): ts.Node | undefined {
    if (ts.isIdentifier(callee)) {
      const decl = targetSymbol(callee, this.ctx.checker)?.valueDeclaration;
      return decl && ts.isVariableDeclaration(decl) ? constDeclaration(callee, this.ctx.checker)?.initializer : decl;
    }
    if (!ts.isPropertyAccessExpression(callee) || this.isNamespace(callee.expression)) return undefined;
    const decl = targetSymbol(callee.name, this.ctx.checker)?.valueDeclaration;
    if (decl && ts.isPropertyAssignment(decl) && ts.isObjectLiteralExpression(decl.parent)) return decl.initializer;
    if (decl && ts.isMethodDeclaration(decl) && ts.isObjectLiteralExpression(decl.parent)) return decl;
    return undefined;
  }

  /**
   * A value read statically where a helper's parameters stand for the call's arguments: a parameter whose
   * argument is omitted (and has no default) is `undefined`, and spreading it adds nothing, as in JavaScript
   * (`Type.String({ ...options, format: "uuid" })` called as `UUID()`).
   */
  private staticValue(node: ts.Expression, depth = 0): StaticResult {
    if (depth > 32) return NOT_STATIC;
    const expr = unwrapExpression(this.resolveBound(node));
    if (ts.isIdentifier(expr) && this.omitted.has(targetSymbol(expr, this.ctx.checker)?.valueDeclaration as ts.Node)) return undefined;
    if (!ts.isObjectLiteralExpression(expr)) return staticJson(expr, this.ctx.checker);
    const out: { [key: string]: Json } = {};
    for (const prop of expr.properties) {
      if (ts.isSpreadAssignment(prop)) {
        const spread = this.staticValue(prop.expression, depth + 1);
        if (spread === undefined || spread === null) continue;
        if (spread === NOT_STATIC || typeof spread !== "object" || Array.isArray(spread)) return NOT_STATIC;
        Object.assign(out, spread);
        continue;
      }
      const key = prop.name ? propertyKey(prop.name, this.ctx.checker) : undefined;
      const value =
        key === undefined
          ? NOT_STATIC
          : ts.isPropertyAssignment(prop)
            ? this.staticValue(prop.initializer, depth + 1)
            : ts.isShorthandPropertyAssignment(prop)
              ? this.staticValue(prop.name, depth + 1)
              : NOT_STATIC;
      if (value === NOT_STATIC) return NOT_STATIC;
      if (value !== undefined) out[key!] = value;
    }
    return out;
  }

  /** Parameters of the helpers being expanded whose argument the call omits (and that have no default). */
  private readonly omitted = new Set<ts.Node>();

  /** A helper's body converted with its parameters standing for the call's arguments. */
  private expandHelper(call: ts.CallExpression, inline: boolean, depth: number): Converted | undefined {
    const helper = this.helperOf(call);
    if (!helper || (!this.isSchema(helper.body, depth + 1) && !this.bindsSchema(helper, call, depth))) return undefined;
    const previous = helper.params.map((p) => [p, this.bound.get(p)] as const);
    const previouslyOmitted = helper.params.filter((p) => this.omitted.has(p));
    helper.params.forEach((p, i) => {
      const argument = call.arguments[i] ?? p.initializer;
      if (argument) this.bound.set(p, argument);
      else this.bound.delete(p);
      if (argument) this.omitted.delete(p);
      else this.omitted.add(p);
    });
    try {
      return this.convert(helper.body, inline, depth + 1);
    } finally {
      for (const [p, value] of previous) value ? this.bound.set(p, value) : this.bound.delete(p);
      for (const p of helper.params) this.omitted.delete(p);
      for (const p of previouslyOmitted) this.omitted.add(p);
    }
  }

  /** Whether the helper's body is a schema once its parameters stand for the call's arguments. */
  private bindsSchema(
    helper: { params: readonly ts.ParameterDeclaration[]; body: ts.Expression },
    call: ts.CallExpression,
    depth: number,
  ): boolean {
    const body = unwrapExpression(helper.body);
    if (!ts.isIdentifier(body)) return false;
    const at = helper.params.findIndex((p) => (p.name as ts.Identifier).text === body.text);
    return at >= 0 && call.arguments[at] !== undefined && this.isSchema(call.arguments[at]!, depth + 1);
  }

  convert(node: ts.Expression, inline = false, depth = 0): Converted {
    if (depth > 64) return unreadable(this.ctx, node, "it nests too deeply", "Name the recursive schema with a module-level const.");
    const expr = unwrapExpression(node);
    if (ts.isIdentifier(expr)) {
      const argument = this.boundArgument(expr);
      return argument ? this.convert(argument, inline, depth + 1) : this.identifier(expr, inline, depth);
    }
    if (ts.isCallExpression(expr)) {
      const expanded = this.expandHelper(expr, inline, depth);
      if (expanded) return expanded;
    }
    // `{ ...AddressSchema, description: "The recipient" }`: TypeBox's schemas are JSON Schema objects, and a
    // literal that spreads one (to override its keywords) is one too, as TypeBox and Fastify take it.
    if (ts.isObjectLiteralExpression(expr)) return this.literalSchema(expr, depth);
    // `Model.login`: a schema held by a namespace's const or an object's property.
    if (ts.isPropertyAccessExpression(expr) && !this.isNamespace(expr.expression)) {
      const decl = targetSymbol(expr.name, this.ctx.checker)?.valueDeclaration;
      if (decl && ts.isVariableDeclaration(decl) && decl.initializer && ts.isIdentifier(decl.name))
        return this.identifier(decl.name, inline, depth);
      if (decl && ts.isPropertyAssignment(decl)) return this.convert(decl.initializer, inline, depth + 1);
    }
    const callee = ts.isCallExpression(expr) ? unwrapExpression(expr.expression) : undefined;
    if (!ts.isCallExpression(expr) || !callee || !ts.isPropertyAccessExpression(callee) || !this.isNamespace(callee.expression))
      return unreadable(this.ctx, expr, "it is not a TypeBox schema expression", "Pass Type.X(...) or a const holding one.");
    return this.builder(callee.name.text, expr, depth, this.isElysiaTypes(callee.expression));
  }

  /**
   * `ALGORITHMS.map((alg) => Type.Literal(alg))`: a schema built for each element of a const array, each
   * converted with the callback's parameter standing for the element; undefined for any other expression.
   */
  private mapped(node: ts.Expression | undefined, depth: number): JsonSchema[] | undefined {
    const call = node ? unwrapExpression(this.resolveBound(node)) : undefined;
    if (!call || !ts.isCallExpression(call) || call.arguments.length !== 1) return undefined;
    const callee = unwrapExpression(call.expression);
    if (!ts.isPropertyAccessExpression(callee) || callee.name.text !== "map") return undefined;
    const target = unwrapExpression(callee.expression);
    const declared = ts.isIdentifier(target) ? constDeclaration(target, this.ctx.checker)?.initializer : target;
    const array = declared ? unwrapExpression(declared) : undefined;
    const fn = unwrapExpression(call.arguments[0]!);
    if (!array || !ts.isArrayLiteralExpression(array) || array.elements.some(ts.isSpreadElement)) return undefined;
    if (!(ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) || fn.parameters.length < 1) return undefined;
    const param = fn.parameters[0]!;
    const body = ts.isBlock(fn.body)
      ? fn.body.statements.length === 1 && ts.isReturnStatement(fn.body.statements[0]!)
        ? fn.body.statements[0].expression
        : undefined
      : fn.body;
    if (!body || !ts.isIdentifier(param.name) || param.dotDotDotToken) return undefined;
    const previous = this.bound.get(param);
    try {
      return array.elements.map((element) => {
        this.bound.set(param, element);
        return this.convert(body, false, depth + 1).schema;
      });
    } finally {
      previous ? this.bound.set(param, previous) : this.bound.delete(param);
    }
  }

  /** A JSON Schema object literal among TypeBox schemas: spread schemas merged in order, keywords as written. */
  private literalSchema(literal: ts.ObjectLiteralExpression, depth: number): Converted {
    const schema: JsonSchema = {};
    for (const prop of literal.properties) {
      if (ts.isSpreadAssignment(prop)) {
        if (this.isSchema(prop.expression)) {
          const { $id: _id, ...spread } = this.convert(prop.expression, true, depth + 1).schema;
          Object.assign(schema, spread);
          continue;
        }
        const value = this.staticValue(prop.expression);
        if (value === undefined || value === null) continue;
        if (value === NOT_STATIC || typeof value !== "object" || Array.isArray(value))
          return unreadable(
            this.ctx,
            prop,
            "a spread in this schema object cannot be read statically",
            "Spread a TypeBox schema or a const object.",
          );
        Object.assign(schema, value);
        continue;
      }
      const key = prop.name ? propertyKey(prop.name, this.ctx.checker) : undefined;
      const initializer = ts.isPropertyAssignment(prop) ? prop.initializer : ts.isShorthandPropertyAssignment(prop) ? prop.name : undefined;
      if (key === undefined || !initializer)
        return unreadable(this.ctx, prop, "a key of this schema object cannot be read statically", "Write the keywords inline.");
      const value = this.isSchema(initializer) ? this.convert(initializer, false, depth + 1).schema : this.staticValue(initializer);
      if (value === NOT_STATIC)
        return unreadable(this.ctx, prop, `its keyword \`${key}\` cannot be read statically`, "Write the keyword's value inline.");
      if (value !== undefined) schema[key] = value;
    }
    return { schema };
  }

  private identifier(id: ts.Identifier, inline: boolean, depth: number): Converted {
    const decl = constDeclaration(id, this.ctx.checker);
    if (!decl)
      return unreadable(this.ctx, id, `\`${id.text}\` does not name a const schema apidex can follow`, "Declare the schema with const.");
    const initializer = decl.initializer!;
    const named = this.explicitId(initializer);
    if (inline || !isModuleLevel(decl) || (!named && !this.isComposite(initializer))) return this.convert(initializer, inline, depth + 1);
    const key = `${decl.getSourceFile().fileName}:${decl.pos}`;
    const schema = this.ctx.builder.valueRef(key, named ?? componentName((decl.name as ts.Identifier).text), decl, () => {
      const converted = this.convert(initializer, true, depth + 1);
      this.namedOptional.set(key, Boolean(converted.optional));
      return converted.schema;
    });
    return { schema, optional: this.namedOptional.get(key) ?? false };
  }

  private isComposite(node: ts.Expression): boolean {
    const expr = unwrapExpression(node);
    if (ts.isIdentifier(expr)) return true;
    return ts.isCallExpression(expr) && ts.isPropertyAccessExpression(expr.expression) && COMPOSITE.has(expr.expression.name.text);
  }

  /** `Type.Object({...}, { $id: "User" })`: the name the schema gives itself. */
  private explicitId(node: ts.Expression): string | undefined {
    const expr = unwrapExpression(node);
    if (!ts.isCallExpression(expr)) return undefined;
    const options = expr.arguments.length ? staticJson(expr.arguments[expr.arguments.length - 1]!, this.ctx.checker) : undefined;
    return options && typeof options === "object" && !Array.isArray(options) && typeof options.$id === "string" ? options.$id : undefined;
  }

  private isNamespace(node: ts.Expression): boolean {
    const expr = unwrapExpression(node);
    if (!ts.isIdentifier(expr)) return false;
    const origin = packageOrigin(expr, this.ctx.checker);
    return Boolean(
      origin &&
        TYPEBOX_MODULE.test(origin.module) &&
        (origin.name === "Type" || origin.name === "*" || origin.name === "default" || origin.name === "t"),
    );
  }

  /** Whether the namespace is Elysia's `t`, whose own builders (`t.Date()`, `t.File()`, ...) TypeBox lacks. */
  private isElysiaTypes(node: ts.Expression): boolean {
    const expr = unwrapExpression(node);
    const origin = ts.isIdentifier(expr) ? packageOrigin(expr, this.ctx.checker) : undefined;
    return Boolean(origin && ELYSIA_TYPES_MODULE.test(origin.module));
  }

  private builder(name: string, call: ts.CallExpression, depth: number, elysia = false): Converted {
    const args = call.arguments;
    const sub = (n: ts.Expression | undefined) =>
      n ? this.convert(n, false, depth + 1) : unreadable(this.ctx, call, `Type.${name}() has no argument`, "Pass the schema.");
    /**
     * The options object (last argument), merged in as written; `$id` only names the component. The `omit`
     * keys are not JSON Schema (Elysia's file keywords): never emitted, so never read or warned about.
     */
    const options = (index: number, omit?: ReadonlySet<string>): JsonSchema => {
      const arg = args[index] ? this.resolveBound(args[index]) : undefined;
      const value = arg ? this.staticValue(arg) : undefined;
      if (value === NOT_STATIC) {
        // An options literal with one keyword set at run time (`pattern: isTest ? undefined : "..."`)
        // keeps the keywords it states; only the unreadable ones are left out, and named.
        const literal = arg ? unwrapExpression(arg) : undefined;
        if (literal && ts.isObjectLiteralExpression(literal)) {
          const kept: JsonSchema = {};
          const dropped: string[] = [];
          for (const prop of literal.properties) {
            if (ts.isSpreadAssignment(prop)) {
              // `{ ...options, minLength: MIN }`: an omitted options argument spreads nothing.
              const spread = this.staticValue(prop.expression);
              if (spread && spread !== NOT_STATIC && typeof spread === "object" && !Array.isArray(spread)) Object.assign(kept, spread);
              else if (spread !== undefined && spread !== null) dropped.push(excerptOf(prop));
              continue;
            }
            const key = ts.isPropertyAssignment(prop) && prop.name ? propertyKey(prop.name, this.ctx.checker) : undefined;
            if (key !== undefined && omit?.has(key)) continue;
            const v = key !== undefined && ts.isPropertyAssignment(prop) ? this.staticValue(prop.initializer) : NOT_STATIC;
            if (key !== undefined && v !== NOT_STATIC && v !== undefined) kept[key] = v;
            else if (v === NOT_STATIC) dropped.push(key ?? prop.getText().slice(0, 20));
          }
          if (dropped.length)
            this.ctx.diagnostics.warning(
              "APX505",
              `The schema option${dropped.length === 1 ? "" : "s"} ${dropped.join(", ")} cannot be read statically and ${dropped.length === 1 ? "is" : "are"} left out; the rest of the schema is kept.`,
              siteOf(arg!),
              "Write the option's value inline, without a run-time condition.",
            );
          const { $id: _id, ...rest } = kept;
          return rest;
        }
        unreadable(this.ctx, arg!, "its options cannot be read statically", "Write the options inline.");
        return {};
      }
      if (!value || typeof value !== "object" || Array.isArray(value)) return {};
      const { $id: _id, ...rest } = value;
      for (const key of omit ?? []) delete rest[key];
      return rest;
    };
    const list = (n: ts.Expression | undefined) => {
      const expr = n ? unwrapExpression(this.resolveBound(n)) : undefined;
      const literal = expr && ts.isIdentifier(expr) ? constDeclaration(expr, this.ctx.checker)?.initializer : expr;
      return literal && ts.isArrayLiteralExpression(unwrapExpression(literal))
        ? (unwrapExpression(literal) as ts.ArrayLiteralExpression).elements
        : undefined;
    };
    /** `Type.Object(props, options)` of this call (Elysia's `t.ObjectString`, `t.Cookie`, `t.Form` build one too). */
    const object = (omit?: ReadonlySet<string>): Converted => {
      const literal = objectLiteralOf(args[0] && this.resolveBound(args[0]), this.ctx.checker);
      if (!literal)
        return unreadable(this.ctx, args[0] ?? call, "its properties are not an object literal", "Write them inline or as a const object.");
      const properties = new Map<string, Converted>();
      for (const prop of literal.properties) {
        const key = prop.name ? propertyKey(prop.name, this.ctx.checker) : undefined;
        if (key === undefined) continue;
        if (ts.isPropertyAssignment(prop)) properties.set(key, this.convert(prop.initializer, false, depth + 1));
        else if (ts.isShorthandPropertyAssignment(prop)) properties.set(key, this.convert(prop.name, false, depth + 1));
      }
      return { schema: { ...objectOf(properties), ...options(1, omit) } };
    };
    if (elysia) {
      const own = elysiaBuilder(name, {
        call,
        args,
        sub,
        options,
        object,
        value: (n) => {
          const v = n ? staticJson(this.resolveBound(n), this.ctx.checker) : undefined;
          return v === NOT_STATIC ? undefined : v;
        },
        unreadable: (node, reason, hint) => unreadable(this.ctx, node, reason, hint),
      });
      if (own) return own;
    }
    switch (name) {
      case "String":
        return { schema: { type: "string", ...options(0) } };
      case "Number":
        return { schema: { type: "number", ...options(0) } };
      case "Integer":
        return { schema: { type: "integer", ...options(0) } };
      case "Boolean":
        return { schema: { type: "boolean", ...options(0) } };
      case "Null":
        return { schema: { type: "null", ...options(0) } };
      case "Any":
      case "Unknown":
        return { schema: { ...options(0) } };
      case "Literal": {
        const value = args[0] ? this.staticValue(args[0]) : NOT_STATIC;
        if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean")
          return unreadable(this.ctx, args[0] ?? call, "its value cannot be read statically", "Use a literal or a const.");
        return { schema: { const: value, type: jsonType(value), ...options(1) } };
      }
      case "Array":
        return { schema: { type: "array", items: sub(args[0]).schema, ...options(1) } };
      case "Optional":
      case "ReadonlyOptional":
        return { schema: sub(args[0]).schema, optional: true };
      case "Readonly":
        return sub(args[0]);
      case "Object":
        return object();
      case "Union":
      case "Intersect": {
        const items = list(args[0]);
        const members = items ? items.map((i) => this.convert(i, false, depth + 1).schema) : this.mapped(args[0], depth);
        if (!members) return unreadable(this.ctx, args[0] ?? call, "its members are not an array literal", "Write them inline.");
        const combined = name === "Union" ? union(members) : { allOf: members };
        // A union of one is that member; a `$ref` to a component is filled in only when the components are
        // named, so it is annotated in place (each use has its own), never copied.
        return { schema: "$ref" in combined ? Object.assign(combined, options(1)) : { ...combined, ...options(1) } };
      }
      case "Tuple": {
        const items = list(args[0]);
        if (!items) return unreadable(this.ctx, args[0] ?? call, "its items are not an array literal", "Write them inline.");
        const prefixItems = items.map((i) => this.convert(i, false, depth + 1).schema);
        return {
          schema: { type: "array", prefixItems, items: false, minItems: prefixItems.length, maxItems: prefixItems.length, ...options(1) },
        };
      }
      case "Enum": {
        const arg = args[0] ? unwrapExpression(args[0]) : undefined;
        const decl = arg && ts.isIdentifier(arg) ? targetSymbol(arg, this.ctx.checker)?.valueDeclaration : undefined;
        const value =
          decl && ts.isEnumDeclaration(decl) ? enumValues(decl, this.ctx.checker) : arg ? staticJson(arg, this.ctx.checker) : NOT_STATIC;
        const values = Array.isArray(value) ? value : value && typeof value === "object" ? Object.values(value) : undefined;
        if (!values)
          return unreadable(this.ctx, args[0] ?? call, "its values cannot be read statically", "Pass an enum or a const object.");
        return { schema: { anyOf: values.map((v) => ({ const: v, type: jsonType(v) })), ...options(1) } };
      }
      case "Record":
        return { schema: { type: "object", additionalProperties: sub(args[1]).schema, ...options(2) } };
      case "Partial":
      case "Required":
      case "Pick":
      case "Omit": {
        const base = this.convert(args[0]!, true, depth + 1).schema;
        // What could not be read was reported where it is: no second warning here.
        if (base["x-apidex-unreadable"]) return { schema: base };
        if (base.type !== "object")
          return unreadable(this.ctx, call, `Type.${name}() of something that is not an object schema`, "Apply it to Type.Object(...).");
        const keysValue = args[1] ? staticJson(args[1], this.ctx.checker) : undefined;
        const keys = Array.isArray(keysValue) ? keysValue.filter((k): k is string => typeof k === "string") : undefined;
        if ((name === "Pick" || name === "Omit") && !keys)
          return unreadable(this.ctx, args[1] ?? call, "its keys cannot be read statically", "List the keys inline.");
        const required = new Set((base.required as string[] | undefined) ?? []);
        const properties = new Map<string, Converted>();
        for (const [k, v] of Object.entries((base.properties as Record<string, JsonSchema> | undefined) ?? {})) {
          if (name === "Pick" && !keys!.includes(k)) continue;
          if (name === "Omit" && keys!.includes(k)) continue;
          properties.set(k, { schema: v, optional: name === "Partial" ? true : name === "Required" ? false : !required.has(k) });
        }
        const { properties: _p, required: _r, type: _t, ...rest } = base;
        return { schema: { ...objectOf(properties), ...rest, ...options(name === "Partial" || name === "Required" ? 1 : 2) } };
      }
      case "Composite": {
        // One object of every member's properties, as TypeBox builds it: a property several members have is
        // all of their schemas (allOf), required when one of them requires it.
        const items = list(args[0]);
        if (!items) return unreadable(this.ctx, args[0] ?? call, "its members are not an array literal", "Write them inline.");
        const merged = new Map<string, { schemas: JsonSchema[]; required: boolean }>();
        for (const item of items) {
          const member = this.convert(item, true, depth + 1).schema;
          if (member["x-apidex-unreadable"]) return { schema: member };
          if (member.type !== "object")
            return unreadable(
              this.ctx,
              item,
              "Type.Composite() of something that is not an object schema",
              "Compose Type.Object(...) schemas.",
            );
          const required = new Set((member.required as string[] | undefined) ?? []);
          for (const [k, v] of Object.entries((member.properties as Record<string, JsonSchema> | undefined) ?? {})) {
            const entry = merged.get(k) ?? { schemas: [], required: false };
            entry.schemas.push(v);
            entry.required ||= required.has(k);
            merged.set(k, entry);
          }
        }
        const properties = new Map<string, Converted>(
          [...merged].map(([k, { schemas, required }]) => [
            k,
            { schema: schemas.length === 1 ? schemas[0]! : { allOf: schemas }, optional: !required },
          ]),
        );
        return { schema: { ...objectOf(properties), ...options(1) } };
      }
      case "KeyOf": {
        // The union of the object's property names, as literals.
        const base = args[0] ? this.convert(args[0], true, depth + 1).schema : undefined;
        if (base?.["x-apidex-unreadable"]) return { schema: base };
        if (base?.type !== "object")
          return unreadable(
            this.ctx,
            args[0] ?? call,
            "Type.KeyOf() of something that is not an object schema",
            "Apply it to Type.Object(...).",
          );
        const keys = Object.keys((base.properties as Record<string, JsonSchema> | undefined) ?? {});
        if (!keys.length)
          return unreadable(
            this.ctx,
            args[0]!,
            "Type.KeyOf() of an object without properties (no value fits)",
            "Give the object properties.",
          );
        return { schema: { ...union(keys.map((k) => ({ const: k, type: "string" }))), ...options(1) } };
      }
      case "Const": {
        // The schema of exactly this value, as TypeBox builds it: literals, objects of required constant
        // properties, arrays as tuples (written as OpenAPI 3.1's prefixItems).
        const value = args[0] ? this.staticValue(args[0]) : NOT_STATIC;
        if (value === NOT_STATIC || value === undefined)
          return unreadable(this.ctx, args[0] ?? call, "its value cannot be read statically", "Pass a literal or a const.");
        return { schema: { ...constSchema(value), ...options(1) } };
      }
      case "RegExp": {
        // TypeBox up to 0.31 (the versions Fastify's Ajv validates) builds `{ type: "string", pattern }` from the
        // expression's source; later versions build a JavaScript-only kind with no JSON Schema. A flag JSON
        // Schema's pattern cannot say (`i`, `m`, `s`) would change what matches, so the pattern is left out then.
        const expr = args[0] ? unwrapExpression(this.resolveBound(args[0])) : undefined;
        const written = expr && ts.isRegularExpressionLiteral(expr) ? expr.text : undefined;
        const source = written ? written.slice(1, written.lastIndexOf("/")) : expr ? this.staticValue(expr) : undefined;
        const flags = written ? written.slice(written.lastIndexOf("/") + 1) : "";
        if (typeof source !== "string")
          return unreadable(
            this.ctx,
            args[0] ?? call,
            "its expression cannot be read statically",
            "Pass a regular expression literal or a string.",
          );
        if (/[ims]/.test(flags)) {
          this.ctx.diagnostics.warning(
            "APX505",
            `The schema's pattern /${source}/${flags} has a flag JSON Schema cannot express and is left out; the rest of the schema is kept.`,
            siteOf(args[0]!),
            "Write the pattern without the flag (`[Aa]` for a case-insensitive letter).",
          );
          return { schema: { type: "string", ...options(1) } };
        }
        return { schema: { type: "string", pattern: source, ...options(1) } };
      }
      case "Unsafe": {
        const value = args[0] ? this.staticValue(args[0]) : undefined;
        return value && typeof value === "object" && !Array.isArray(value) ? { schema: value } : { schema: {} };
      }
      default:
        return unreadable(
          this.ctx,
          call,
          `Type.${name}() has no JSON Schema apidex converts`,
          "Use the common builders, or document the shape with @body / @response.",
        );
    }
  }
}

/** A property as written, shortened, to name it in a warning. */
function excerptOf(node: ts.Node): string {
  const text = node.getText().replace(/\s+/g, " ");
  return text.length > 30 ? `${text.slice(0, 27)}...` : text;
}

/** The schema that only `value` fits, as TypeBox's `Type.Const` makes it. */
function constSchema(value: unknown): JsonSchema {
  if (value === null) return { type: "null" };
  if (Array.isArray(value)) {
    const prefixItems = value.map(constSchema);
    return { type: "array", prefixItems, items: false, minItems: prefixItems.length, maxItems: prefixItems.length };
  }
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>);
    return {
      type: "object",
      ...(entries.length
        ? { properties: Object.fromEntries(entries.map(([k, v]) => [k, constSchema(v)])), required: entries.map(([k]) => k) }
        : {}),
    };
  }
  return { const: value, type: jsonType(value) };
}
