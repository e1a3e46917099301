import path from "node:path";
import { ts } from "../../typescript.js";
import { compareSites, type DiagnosticBag, formatSite, siteOf, type SourceSite } from "../../diagnostics/diagnostic.js";
import type { TypeContext } from "./type-context.js";
import { byCodePoint } from "../../write/canonical-json.js";
import { apiPropertyOf } from "./api-property.js";
import { prismaEnumTypeSchema } from "../schemas/prisma-enums.js";

/** A JSON Schema (2020-12, as OpenAPI 3.1 uses it). */
export type JsonSchema = { [keyword: string]: unknown };

/** Levels of anonymous nesting (object literals, arrays, unions) before a type is taken for an unnamed recursion. */
const MAX_DEPTH = 24;
/** How often one generic declaration may be entered inside itself with other arguments (`Result<Result<T>>`). */
const MAX_SAME_GENERIC = 4;

/** Where a schema is being made: the node to report at, its label, and how deep it is. */
interface Ctx {
  where: ts.Node;
  label: string;
  depth: number;
  /** The declarations of the named types entered on the way here. */
  entered?: readonly ts.Node[];
}
const REF_PREFIX = "#/components/schemas/";

interface Component {
  /** The readable name before clashes are resolved (`Customer`, `Page_Invoice`). */
  base: string;
  /** Where the type is declared, for clash resolution and messages. */
  file: string;
  schema?: JsonSchema;
  refs: JsonSchema[];
  final?: string;
}

/**
 * Turns TypeScript types into JSON Schema through the type checker. Named types declared in the project
 * (interfaces, classes, enums, aliases, generic instantiations) become components referenced by `$ref`,
 * which also handles recursion. Whatever JSON cannot carry (functions, `any`, symbols, bigint) is an
 * error naming the declaration, never a silent `{}`.
 */
export class SchemaBuilder {
  /** By type id for TypeScript types, by a `value:` key for schema values (resolve/schemas). */
  private readonly components = new Map<number | string, Component>();
  /** Each `$ref` handed out for a schema value, to the component it names (see deref). */
  private readonly refTargets = new WeakMap<JsonSchema, Component>();
  private readonly checker: ts.TypeChecker;
  /**
   * Values whose type TypeScript could not resolve: declared in a module the checkout lacks (a Prisma client
   * `prisma generate` writes, a package not installed), so every use of it is `any` to the checker. One cause,
   * said once for all of them at `finish`, not once per property.
   */
  private readonly unresolvedTypes: { label: string; site: SourceSite }[] = [];

  constructor(
    private readonly types: TypeContext,
    private readonly diagnostics: DiagnosticBag,
  ) {
    this.checker = types.checker;
  }

  /** The schema of `type`; `where` is the node problems are reported at, `label` names it in messages. */
  schemaOf(type: ts.Type, where: ts.Node, label: string): JsonSchema {
    return this.convert(type, { where, label, depth: 0 });
  }

  /**
   * A `$ref` to a component built from a schema value (`export const UserSchema = z.object(...)`),
   * registered on first sight under `key`. The component is registered before it is built, so a schema
   * that refers to itself gets a `$ref` rather than endless recursion. Names clash-resolve like types'.
   */
  valueRef(key: string, name: string, declaration: ts.Node, build: () => JsonSchema): JsonSchema {
    const id = `value:${key}`;
    let component = this.components.get(id);
    if (!component) {
      component = { base: sanitize(name) || "Schema", file: declaration.getSourceFile().fileName, refs: [] };
      this.components.set(id, component);
      component.schema = build();
    }
    // A fresh object per use: finish() patches every one, and callers may annotate theirs (description).
    const ref: JsonSchema = { $ref: "" };
    component.refs.push(ref);
    this.refTargets.set(ref, component);
    return ref;
  }

  /** The schema a `valueRef` points to (query parameters are read from its properties); others as they are. */
  deref(schema: JsonSchema): JsonSchema {
    return this.refTargets.get(schema)?.schema ?? schema;
  }

  /** Assigns final component names (clashes qualified by file, deterministically) and returns the components. */
  finish(): Record<string, JsonSchema> {
    this.sayUnresolvedTypes();
    const byBase = new Map<string, Component[]>();
    for (const c of this.components.values()) byBase.set(c.base, [...(byBase.get(c.base) ?? []), c]);
    const out: Record<string, JsonSchema> = {};
    for (const [base, group] of byBase) {
      const distinctFiles = new Set(group.map((c) => c.file));
      for (const c of group) {
        c.final =
          group.length === 1
            ? base
            : distinctFiles.size === group.length
              ? `${fileSlug(c.file, this.types.root)}.${base}`
              : `${base}_${group.indexOf(c) + 1}`;
        for (const ref of c.refs) ref.$ref = `${REF_PREFIX}${c.final}`;
      }
    }
    for (const c of [...this.components.values()].sort((a, b) => byCodePoint(a.final!, b.final!))) {
      if (c.schema) out[c.final!] = c.schema;
    }
    return out;
  }

  private convert(type: ts.Type, ctx: Ctx): JsonSchema {
    if (ctx.depth > MAX_DEPTH)
      return this.fail(
        ctx,
        "nests too deeply (an anonymous recursive type?)",
        "Give the recursive type a name (an interface or type alias).",
      );
    const flags = type.flags;

    if (flags & ts.TypeFlags.Any) {
      if ((type as { intrinsicName?: string }).intrinsicName === "error") {
        this.unresolvedTypes.push({ label: ctx.label, site: siteOf(ctx.where) });
        return { "x-apidex-unreadable": "its type is declared in a module apidex cannot resolve" };
      }
      return this.fail(ctx, "is `any`", "Declare a type.");
    }
    if (flags & ts.TypeFlags.Unknown) return this.fail(ctx, "is `unknown`", "Declare a type.");
    if (flags & ts.TypeFlags.Never) return this.fail(ctx, "is `never`", "Fix the type.");
    if (flags & (ts.TypeFlags.BigInt | ts.TypeFlags.BigIntLiteral))
      return this.fail(ctx, "is a bigint, which JSON cannot carry", "Use number or a string.");
    if (flags & (ts.TypeFlags.ESSymbol | ts.TypeFlags.UniqueESSymbol))
      return this.fail(ctx, "is a symbol, which JSON cannot carry", "Remove it from the type.");

    const named = this.namedRef(type, ctx);
    if (named) return named;
    return this.structure(type, ctx);
  }

  /** The schema itself, without considering the type's name. */
  private structure(type: ts.Type, ctx: Ctx): JsonSchema {
    const flags = type.flags;
    const checker = this.checker;
    const inner = { ...ctx, depth: ctx.depth + 1 };
    if (flags & ts.TypeFlags.StringLiteral) return { type: "string", const: (type as ts.StringLiteralType).value };
    if (flags & ts.TypeFlags.NumberLiteral) return { type: "number", const: (type as ts.NumberLiteralType).value };
    if (flags & ts.TypeFlags.BooleanLiteral) return { type: "boolean", const: checker.typeToString(type) === "true" };
    if (flags & ts.TypeFlags.String || flags & ts.TypeFlags.TemplateLiteral) return { type: "string" };
    if (flags & ts.TypeFlags.Number) return { type: "number" };
    if (flags & ts.TypeFlags.Boolean) return { type: "boolean" };
    if (flags & ts.TypeFlags.Null) return { type: "null" };
    if (flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void))
      return this.fail(ctx, "is undefined, which JSON cannot carry", "Make the property optional instead.");
    if (flags & ts.TypeFlags.Union) return this.union(type as ts.UnionType, inner);

    if (isDate(type)) return { type: "string", format: "date-time" };
    if (checker.isTupleType(type)) {
      const items = checker
        .getTypeArguments(type as ts.TypeReference)
        .map((t, i) => this.convert(t, { ...inner, label: `${ctx.label}[${i}]` }));
      const target = (type as ts.TypeReference).target as ts.TupleType;
      const fixed = target.hasRestElement ? {} : { maxItems: items.length };
      return { type: "array", prefixItems: items, minItems: target.minLength, ...fixed };
    }
    if (checker.isArrayType(type)) {
      const [element] = checker.getTypeArguments(type as ts.TypeReference);
      return {
        type: "array",
        items: element
          ? this.convert(element, { ...inner, label: `${ctx.label}[]` })
          : this.fail(ctx, "is an array of an unknown type", "Declare the element type."),
      };
    }
    if (type.getCallSignatures().length && !type.getProperties().length)
      return this.fail(ctx, "is a function, which JSON cannot carry", "Remove it from the type.");
    if (flags & ts.TypeFlags.Object || flags & ts.TypeFlags.Intersection) return this.object(type, inner, ctx.label);
    return this.fail(
      ctx,
      `has the type \`${checker.typeToString(type)}\`, which apidex cannot express as JSON Schema`,
      "Use plain data types.",
    );
  }

  private union(type: ts.UnionType, ctx: Ctx): JsonSchema {
    const parts = type.types.filter((t) => !(t.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)));
    const hasNull = parts.some((t) => t.flags & ts.TypeFlags.Null);
    const rest = parts.filter((t) => !(t.flags & ts.TypeFlags.Null));
    if (!rest.length) return { type: "null" };

    // `true | false` is how the checker spells boolean.
    const booleans = rest.filter((t) => t.flags & ts.TypeFlags.BooleanLiteral);
    const others = rest.filter((t) => !(t.flags & ts.TypeFlags.BooleanLiteral));
    const members: JsonSchema[] = [];
    if (booleans.length === 2) members.push({ type: "boolean" });
    else for (const b of booleans) members.push(this.structure(b, ctx));

    const literals = others.filter((t) => t.flags & (ts.TypeFlags.StringLiteral | ts.TypeFlags.NumberLiteral));
    if (literals.length && literals.length === others.length && !booleans.length) {
      const values = literals.map((t) => (t as ts.LiteralType).value as string | number);
      const kinds = [...new Set(literals.map((t) => (t.flags & ts.TypeFlags.StringLiteral ? "string" : "number")))];
      const typeKeyword = kinds.length === 1 ? kinds[0] : kinds;
      return hasNull ? { type: [...[typeKeyword].flat(), "null"], enum: [...values, null] } : { type: typeKeyword, enum: values };
    }
    for (const t of others) members.push(this.convert(t, ctx));
    if (hasNull) {
      const only = members.length === 1 ? members[0]! : undefined;
      if (only && typeof only.type === "string" && !only.$ref && !("const" in only) && !("enum" in only))
        return { ...only, type: [only.type, "null"] };
      members.push({ type: "null" });
    }
    return members.length === 1 ? members[0]! : { anyOf: members };
  }

  private object(type: ts.Type, ctx: Ctx, label: string): JsonSchema {
    const checker = this.checker;
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    for (const prop of checker.getPropertiesOfType(type)) {
      const declaration = prop.valueDeclaration ?? prop.declarations?.[0];
      const where = declaration && this.isProjectNode(declaration) ? declaration : ctx.where;
      const propType = checker.getTypeOfSymbolAtLocation(prop, where);
      // Methods are behaviour, not data: JSON.stringify drops them. A function-typed *property* is reported.
      if (
        declaration &&
        (ts.isMethodDeclaration(declaration) ||
          ts.isMethodSignature(declaration) ||
          ts.isGetAccessor(declaration) ||
          ts.isSetAccessor(declaration))
      )
        continue;
      // An optional property that can only be undefined is never in the JSON (JSON.stringify leaves it out): no
      // property at all. TypeScript writes one into each object literal of a union for the others' properties
      // (`cond ? { id } : { portal }` is `{ id: string; portal?: undefined } | { portal: string; id?: undefined }`).
      if (prop.flags & ts.SymbolFlags.Optional && propType.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)) continue;
      // A property that may be undefined is left out of the JSON, so it is optional whatever its marker.
      const mayBeUndefined =
        propType.flags & ts.TypeFlags.Union && (propType as ts.UnionType).types.some((t) => t.flags & ts.TypeFlags.Undefined);
      // @nestjs/swagger's @ApiProperty on a DTO class: its keywords, under the property's own JSDoc.
      const apiProperty = apiPropertyOf(declaration);
      const optional = (prop.flags & ts.SymbolFlags.Optional) !== 0 || Boolean(mayBeUndefined) || Boolean(apiProperty?.optional);
      // A type that says nothing JSON can describe (`any`, `unknown`, `object`) takes the one @ApiProperty's
      // `type` states (`@ApiProperty({ type: Object }) settings: object`), as @nestjs/swagger documents it.
      const stated = apiProperty?.type && this.saysNothing(propType) ? withNull(apiProperty.type, propType) : undefined;
      // A property typed with an enum of a Prisma client module a checkout lacks (`role: Role` of
      // `@prisma/client`, which the checker reads as any): the enum the project's Prisma schema defines.
      const prismaEnum = this.saysNothing(propType) ? prismaEnumTypeSchema(declaration, checker) : undefined;
      const schema = stated ?? prismaEnum ?? this.convert(propType, { ...ctx, where, label: `${label}.${prop.name}` });
      // Mutate rather than copy: a `$ref` object must stay the one registered for patching in finish().
      properties[prop.name] = Object.assign(schema, apiProperty?.schema, this.documentation(prop));
      if (!optional) required.push(prop.name);
    }
    const out: JsonSchema = { type: "object" };
    if (Object.keys(properties).length) out.properties = properties;
    if (required.length) out.required = required;
    const index = checker.getIndexInfosOfType(type).find((info) => info.keyType.flags & (ts.TypeFlags.String | ts.TypeFlags.Number));
    if (index) out.additionalProperties = this.convert(index.type, { ...ctx, label: `${label}[key]` });
    return out;
  }

  /**
   * Whether a property's type gives no JSON shape: `any`, `unknown` or `object` (any non-primitive: an array,
   * a function), alone, with null or undefined, or as a list's items.
   */
  private saysNothing(type: ts.Type): boolean {
    const parts = type.flags & ts.TypeFlags.Union ? (type as ts.UnionType).types : [type];
    const rest = parts.filter((t) => !(t.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void | ts.TypeFlags.Null)));
    return (
      rest.length === 1 &&
      (Boolean(rest[0]!.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown | ts.TypeFlags.NonPrimitive)) ||
        (this.checker.isArrayType(rest[0]!) && this.saysNothing(this.checker.getTypeArguments(rest[0] as ts.TypeReference)[0]!)))
    );
  }

  /** description, examples and deprecated from a property's JSDoc. */
  private documentation(prop: ts.Symbol): JsonSchema {
    const out: JsonSchema = {};
    const description = ts.displayPartsToString(prop.getDocumentationComment(this.checker)).trim();
    if (description) out.description = description;
    const examples: unknown[] = [];
    for (const tag of prop.getJsDocTags(this.checker)) {
      const text = ts.displayPartsToString(tag.text).trim();
      if (tag.name === "deprecated") out.deprecated = true;
      if (tag.name === "example" && text) {
        try {
          examples.push(JSON.parse(text));
        } catch {
          examples.push(text);
        }
      }
    }
    if (examples.length) out.examples = examples;
    return out;
  }

  /** A `$ref` for named project types, registering the component on first sight. */
  private namedRef(type: ts.Type, ctx: Ctx): JsonSchema | undefined {
    const naming = this.nameOf(type);
    if (!naming) return undefined;
    const id = (type as unknown as { id: number }).id;
    let component = this.components.get(id);
    const ref: JsonSchema = { $ref: "" };
    if (!component) {
      component = { base: naming.name, file: naming.file, refs: [] };
      this.components.set(id, component);
      // A named type is where recursion stops (its $ref is registered before its structure is read), so the
      // depth of anonymous nesting starts again inside it. Only a generic instantiated anew inside itself
      // (`Deep<X> { next: Deep<Box<X>> }`) could go on for ever: its declaration is met again and again.
      const entered = ctx.entered ?? [];
      const again = entered.filter((d) => d === naming.declaration).length;
      component.schema =
        again >= MAX_SAME_GENERIC
          ? this.fail(
              ctx,
              "nests named types too deeply (a generic type instantiated anew inside itself?)",
              "Give the recursion a fixed type.",
            )
          : this.structure(type, { where: naming.declaration, label: naming.name, depth: 0, entered: [...entered, naming.declaration] });
      const docs = naming.declaration ? jsDocSummary(naming.declaration) : undefined;
      if (docs && component.schema && !component.schema.description) component.schema = { description: docs, ...component.schema };
    }
    component.refs.push(ref);
    return ref;
  }

  /** The component name of a named type declared in the project, with its type arguments. */
  private nameOf(type: ts.Type): { name: string; file: string; declaration: ts.Node } | undefined {
    const checker = this.checker;
    const alias = type.aliasSymbol;
    const symbol = alias ?? type.getSymbol();
    if (!symbol) return undefined;
    const isAlias = alias !== undefined;
    if (!isAlias && !(symbol.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.Class | ts.SymbolFlags.Enum))) return undefined;
    const declaration = symbol.declarations?.[0];
    if (!declaration || !this.isProjectNode(declaration)) return undefined;
    const args = isAlias ? (type.aliasTypeArguments ?? []) : isReference(type) ? checker.getTypeArguments(type) : [];
    const argNames = args.map((a) => this.argumentName(a));
    return { name: sanitize([symbol.name, ...argNames].join("_")), file: declaration.getSourceFile().fileName, declaration };
  }

  private argumentName(type: ts.Type): string {
    const named = type.aliasSymbol ?? type.getSymbol();
    if (named && this.nameOf(type)) return this.nameOf(type)!.name;
    if (this.checker.isArrayType(type)) return `${this.argumentName(this.checker.getTypeArguments(type as ts.TypeReference)[0]!)}List`;
    return sanitize(this.checker.typeToString(type));
  }

  private isProjectNode(node: ts.Node): boolean {
    return this.types.isProjectFile(node.getSourceFile());
  }

  private sayUnresolvedTypes(): void {
    const held = [...this.unresolvedTypes].sort((a, b) => compareSites(a.site, b.site) || byCodePoint(a.label, b.label));
    if (!held.length) return;
    const shown = held.slice(0, 5).map((u) => `\`${u.label}\` (${formatSite(u.site, this.types.root).replace(/:\d+$/, "")})`);
    const more = held.length > 5 ? ` and ${held.length - 5} more` : "";
    this.diagnostics.warning(
      "APX501",
      `${held.length} value${held.length === 1 ? "" : "s"} of the documented operations' shapes ${held.length === 1 ? "has a type" : "have types"} declared in modules apidex cannot resolve (code a build step generates that the checkout lacks, such as a Prisma client, or a package that is not installed): ${shown.join(", ")}${more}; the OpenAPI document says "any value" there.`,
      held[0]!.site,
      "Install the packages and run the project's code generators (`prisma generate`) before apidex, so that these types resolve.",
    );
  }

  private fail(ctx: { where: ts.Node; label: string }, problem: string, hint: string): JsonSchema {
    // Valid TypeScript that JSON Schema cannot say: a warning, and an open schema that says so.
    this.diagnostics.warning(
      "APX501",
      `\`${ctx.label}\` ${problem}; it cannot be described in the OpenAPI document, which says "any value" there.`,
      siteOfNode(ctx.where),
      hint,
    );
    return { "x-apidex-unreadable": problem };
  }
}

function siteOfNode(node: ts.Node): SourceSite {
  return siteOf(node);
}

function isDate(type: ts.Type): boolean {
  const symbol = type.getSymbol();
  return (
    symbol?.name === "Date" &&
    (symbol.declarations ?? []).some((d) => d.getSourceFile().hasNoDefaultLib || /lib\.[\w.]*\.d\.ts$/.test(d.getSourceFile().fileName))
  );
}

function isReference(type: ts.Type): type is ts.TypeReference {
  return (type.flags & ts.TypeFlags.Object) !== 0 && ((type as ts.ObjectType).objectFlags & ts.ObjectFlags.Reference) !== 0;
}

function sanitize(name: string): string {
  return name
    .replace(/[^A-Za-z0-9_.-]+/g, "_")
    .replace(/_+/g, "_")
    .replace(/^_|_$/g, "");
}

function fileSlug(file: string, root: string): string {
  return sanitize(
    path
      .relative(root, file)
      .replace(/\.[cm]?[jt]sx?$/, "")
      .split(path.sep)
      .join("."),
  );
}

function jsDocSummary(node: ts.Node): string | undefined {
  const docs = (node as unknown as { jsDoc?: ts.JSDoc[] }).jsDoc;
  const last = docs?.[docs.length - 1];
  const text = last ? ts.getTextOfJSDocComment(last.comment)?.trim() : undefined;
  return text || undefined;
}

/** The stated schema, also null where the property's TypeScript type admits null (`object | null`). */
function withNull(schema: JsonSchema, type: ts.Type): JsonSchema {
  const admitsNull = type.flags & ts.TypeFlags.Union && (type as ts.UnionType).types.some((t) => t.flags & ts.TypeFlags.Null);
  if (!admitsNull || (Array.isArray(schema.type) && schema.type.includes("null"))) return { ...schema };
  return { ...schema, type: [schema.type, "null"] };
}
