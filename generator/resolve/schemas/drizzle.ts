import { ts } from "../../typescript.js";
import type { JsonSchema } from "../types/schema-builder.js";
import { type ConvertContext, type Converted, nullable, objectOf, unreadable } from "./convert-context.js";
import { returnedExpression } from "../syntax.js";
import { constDeclaration, objectLiteralOf, packageOrigin, propertyKey, staticJson, unwrapExpression } from "./static-json.js";

/**
 * drizzle-zod's schemas of drizzle tables, read from the table's definition as drizzle-zod builds them:
 * `createSelectSchema(users)` has every column (a nullable one as `T | null`), `createInsertSchema(users)`
 * leaves out what the database fills (a column with a default, or nullable, is optional; a generated one is
 * absent), `createUpdateSchema(users)` has every column optional. A column's type comes from its builder
 * (`text`, `integer({ mode: "boolean" })`, `timestamp({ mode: "string" })`, a `pgEnum`, `.array()`), never
 * from running anything; a builder apidex does not know is a warning (APX505) and an open schema.
 */

/** The packages whose `createSelectSchema` & co. are drizzle-zod's (it moved into drizzle-orm as `drizzle-orm/zod`). */
const DRIZZLE_ZOD = /^(drizzle-zod|drizzle-orm\/zod)$/;
const FACTORIES = new Set(["createSelectSchema", "createInsertSchema", "createUpdateSchema"]);

/** drizzle's table functions (`pgTable`, `sqliteTable`, `mysqlTable`, `singlestoreTable`) and their modules. */
const TABLE_MODULE = /^drizzle-orm\/(pg|mysql|sqlite|singlestore|gel)-core$/;

/** Column builders by the JSON type of their values (drizzle's default mode for each). */
const STRING_BUILDERS = new Set([
  "text",
  "varchar",
  "char",
  "citext",
  "tinytext",
  "mediumtext",
  "longtext",
  "inet",
  "cidr",
  "macaddr",
  "macaddr8",
  "time",
  "interval",
  "numeric",
  "decimal",
  "year",
  "binary",
  "varbinary",
]);
const INTEGER_BUILDERS = new Set(["integer", "int", "smallint", "tinyint", "mediumint", "serial", "smallserial", "bigserial", "bigint"]);
const NUMBER_BUILDERS = new Set(["real", "doublePrecision", "double", "float"]);
/** Builders whose column the database fills when an insert leaves it out. */
const SELF_FILLING = new Set(["serial", "smallserial", "bigserial"]);
const ENUM_BUILDERS = new Set(["pgEnum", "mysqlEnum", "singlestoreEnum"]);

type Kind = "select" | "insert" | "update";

interface Column {
  schema: JsonSchema;
  notNull: boolean;
  hasDefault: boolean;
  generated: boolean;
}

/** Whether a call is drizzle-zod's `createSelectSchema(table)` (or insert, update). */
export function isDrizzleSchemaCall(call: ts.CallExpression, ctx: ConvertContext): boolean {
  return drizzleFactory(call, ctx) !== undefined;
}

function drizzleFactory(call: ts.CallExpression, ctx: ConvertContext): Kind | undefined {
  const callee = unwrapExpression(call.expression);
  if (!ts.isIdentifier(callee)) return undefined;
  const origin = packageOrigin(callee, ctx.checker);
  if (!origin || !DRIZZLE_ZOD.test(origin.module) || !FACTORIES.has(origin.name)) return undefined;
  return origin.name === "createSelectSchema" ? "select" : origin.name === "createInsertSchema" ? "insert" : "update";
}

/**
 * The object schema drizzle-zod builds for a table; `refine` converts a zod schema given for a column in the
 * second argument (`{ email: z.string().email() }`), which replaces the column's. A refinement given as a
 * function (`(schema) => schema.email()`) narrows the column's own schema: its shape stays.
 */
export function convertDrizzleSchema(
  call: ts.CallExpression,
  ctx: ConvertContext,
  refine: (node: ts.Expression) => Converted | undefined,
): Converted {
  const kind = drizzleFactory(call, ctx)!;
  const tableArg = call.arguments[0];
  const columns = tableArg ? tableColumns(tableArg, ctx) : undefined;
  if (!columns)
    return unreadable(
      ctx,
      tableArg ?? call,
      "its table is not a drizzle table defined in the sources (pgTable, sqliteTable, mysqlTable)",
      "Pass the table itself, a const defined with drizzle's table function.",
    );
  const overrides = call.arguments[1] ? objectLiteralOf(call.arguments[1], ctx.checker) : undefined;
  const properties = new Map<string, Converted>();
  for (const [name, node] of columns) {
    const column = readColumn(node, ctx);
    if (kind === "insert" && column.generated) continue;
    let schema = column.notNull ? column.schema : nullable(column.schema);
    const override = overrides ? overrideOf(overrides, name, ctx) : undefined;
    if (override && !isFunction(override)) schema = refine(override)?.schema ?? schema;
    const optional = kind === "update" || (kind === "insert" && (!column.notNull || column.hasDefault));
    properties.set(name, { schema, optional });
  }
  return { schema: objectOf(properties) };
}

function overrideOf(literal: ts.ObjectLiteralExpression, name: string, ctx: ConvertContext): ts.Expression | undefined {
  for (const property of literal.properties)
    if (ts.isPropertyAssignment(property) && propertyKey(property.name, ctx.checker) === name) return property.initializer;
  return undefined;
}

const isFunction = (node: ts.Expression) => {
  const inner = unwrapExpression(node);
  return ts.isArrowFunction(inner) || ts.isFunctionExpression(inner);
};

/**
 * A table's columns by property name: `pgTable("apps", { id: text("id").primaryKey(), ... })`, the columns
 * also given as a function of the builders (`(t) => ({ id: t.text().primaryKey() })`), or the table made by a
 * table creator (`const createTable = pgTableCreator((n) => "app_" + n)`).
 */
function tableColumns(node: ts.Expression, ctx: ConvertContext): Map<string, ts.Expression> | undefined {
  const id = unwrapExpression(node);
  if (!ts.isIdentifier(id)) return undefined;
  const decl = constDeclaration(id, ctx.checker);
  const init = decl?.initializer && unwrapExpression(decl.initializer);
  if (!init || !ts.isCallExpression(init) || !isTableFunction(init.expression, ctx)) return undefined;
  let shape = init.arguments[1] && unwrapExpression(init.arguments[1]);
  if (shape && (ts.isArrowFunction(shape) || ts.isFunctionExpression(shape))) {
    const returned = returnedExpression(shape);
    shape = returned && unwrapExpression(returned);
  }
  if (!shape || !ts.isObjectLiteralExpression(shape)) return undefined;
  const out = new Map<string, ts.Expression>();
  for (const property of shape.properties) {
    if (!ts.isPropertyAssignment(property)) continue;
    const name = propertyKey(property.name, ctx.checker);
    if (name !== undefined) out.set(name, property.initializer);
  }
  return out;
}

function isTableFunction(callee: ts.Expression, ctx: ConvertContext): boolean {
  const inner = unwrapExpression(callee);
  if (!ts.isIdentifier(inner)) return false;
  const origin = packageOrigin(inner, ctx.checker);
  if (origin) return TABLE_MODULE.test(origin.module) && /Table$/.test(origin.name);
  // `const createTable = pgTableCreator((name) => ...)`: the table function it makes.
  const decl = constDeclaration(inner, ctx.checker);
  const init = decl?.initializer && unwrapExpression(decl.initializer);
  if (!init || !ts.isCallExpression(init)) return false;
  const maker = unwrapExpression(init.expression);
  const makerOrigin = ts.isIdentifier(maker) ? packageOrigin(maker, ctx.checker) : undefined;
  return Boolean(makerOrigin && TABLE_MODULE.test(makerOrigin.module) && /TableCreator$/.test(makerOrigin.name));
}

/** A column: its builder's schema and what its modifiers say (`.notNull()`, `.default(...)`, `.array()`). */
function readColumn(node: ts.Expression, ctx: ConvertContext): Column {
  const modifiers: string[] = [];
  let expr = unwrapExpression(node);
  // `text("name").notNull().default("x")`: the modifiers from the outside in, down to the builder call.
  while (ts.isCallExpression(expr)) {
    const callee = unwrapExpression(expr.expression);
    if (ts.isPropertyAccessExpression(callee) && ts.isCallExpression(unwrapExpression(callee.expression))) {
      modifiers.push(callee.name.text);
      expr = unwrapExpression(callee.expression);
      continue;
    }
    break;
  }
  let schema = ts.isCallExpression(expr) ? builderSchema(expr, ctx) : undefined;
  if (!schema) schema = unreadable(ctx, node, "its column builder is not one apidex knows", "Use drizzle's column builders.").schema;
  // Modifiers apply inside out: `.array()` wraps what came before it.
  for (const modifier of [...modifiers].reverse()) if (modifier === "array") schema = { type: "array", items: schema };
  const builder = ts.isCallExpression(expr) ? builderName(expr, ctx) : undefined;
  return {
    schema,
    notNull: modifiers.includes("notNull") || modifiers.includes("primaryKey"),
    hasDefault:
      modifiers.some((m) => m === "default" || m === "defaultNow" || m === "defaultRandom" || m === "$defaultFn" || m === "$default") ||
      modifiers.includes("generatedByDefaultAsIdentity") ||
      (builder !== undefined && SELF_FILLING.has(builder)),
    generated: modifiers.some((m) => m === "generatedAlwaysAs" || m === "generatedAlwaysAsIdentity"),
  };
}

/** The builder's name: `text` of `text("id")`, of `t.text()` and of `import { text as sqliteText }`. */
function builderName(call: ts.CallExpression, ctx: ConvertContext): string | undefined {
  const callee = unwrapExpression(call.expression);
  if (ts.isIdentifier(callee)) return packageOrigin(callee, ctx.checker)?.name ?? callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return undefined;
}

/** The JSON Schema of a column builder call's values, by drizzle's modes; undefined for a builder apidex does not know. */
function builderSchema(call: ts.CallExpression, ctx: ConvertContext): JsonSchema | undefined {
  const callee = unwrapExpression(call.expression);
  // A pgEnum's column: `status: statusEnum("status")`, statusEnum being `pgEnum("status", ["a", "b"])`.
  if (ts.isIdentifier(callee)) {
    const decl = constDeclaration(callee, ctx.checker);
    const init = decl?.initializer && unwrapExpression(decl.initializer);
    if (init && ts.isCallExpression(init) && ENUM_BUILDERS.has(builderName(init, ctx) ?? "")) return enumOf(init.arguments[1], ctx);
  }
  const name = builderName(call, ctx);
  if (!name) return undefined;
  // The builder's options: the argument that is an object (`text("role", { enum: [...] })`, `integer({ mode })`).
  const options = call.arguments
    .map((a) => staticJson(a, ctx.checker))
    .find((v) => typeof v === "object" && v !== null && !Array.isArray(v)) as Record<string, unknown> | undefined;
  const mode = typeof options?.mode === "string" ? options.mode : undefined;
  if (ENUM_BUILDERS.has(name)) return enumOf(call.arguments[1], ctx);
  if (Array.isArray(options?.enum)) return { type: "string", enum: options.enum };
  if (name === "uuid") return { type: "string", format: "uuid" };
  if (name === "boolean" || name === "bool") return { type: "boolean" };
  if (name === "json" || name === "jsonb" || name === "blob") return mode === "bigint" ? { type: "integer" } : {};
  if (name === "vector" || name === "halfvec") return { type: "array", items: { type: "number" } };
  if (name === "timestamp" || name === "datetime" || name === "date")
    // drizzle's `timestamp` and `datetime` give Dates unless `mode: "string"`; pg's and mysql's `date` give strings unless `mode: "date"`.
    return mode === "string" || (name === "date" && mode !== "date") ? { type: "string" } : { type: "string", format: "date-time" };
  if (INTEGER_BUILDERS.has(name)) {
    // sqlite's `integer({ mode: "boolean" })` and `integer({ mode: "timestamp" })`.
    if (mode === "boolean") return { type: "boolean" };
    if (mode === "timestamp" || mode === "timestamp_ms") return { type: "string", format: "date-time" };
    return { type: "integer" };
  }
  if (NUMBER_BUILDERS.has(name)) return { type: "number" };
  if (STRING_BUILDERS.has(name)) {
    if (mode === "number") return { type: "number" };
    // `varchar("name", { length: 255 })`: at most that many characters, as drizzle-zod checks.
    const length = (name === "varchar" || name === "char") && typeof options?.length === "number" ? options.length : undefined;
    return length !== undefined ? { type: "string", maxLength: length } : { type: "string" };
  }
  return undefined;
}

function enumOf(values: ts.Expression | undefined, ctx: ConvertContext): JsonSchema {
  const list = values ? staticJson(values, ctx.checker) : undefined;
  return Array.isArray(list) && list.every((v) => typeof v === "string") ? { type: "string", enum: list } : { type: "string" };
}
