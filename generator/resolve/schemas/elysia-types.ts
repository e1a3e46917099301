import type { ts } from "../../typescript.js";
import type { JsonSchema } from "../types/schema-builder.js";
import { type Converted, jsonType, union } from "./convert-context.js";

/**
 * Elysia's own builders on `t` (elysia's TypeBox with server-side types added, documented as "Elysia Type"),
 * as the JSON a client sends and receives. Elysia builds them with TypeBox kinds of its own, some holding a
 * member no JSON value can be (`{ type: "Date" }`, `{ type: "undefined" }`): those members are left out and
 * the rest is kept as Elysia builds it, so `t.Date()` is the ISO string, date or epoch number it accepts
 * (and a `Date` is sent as an ISO string), `t.File()` a binary string. Elysia's file keywords (`type` as a
 * MIME type, `minSize`, `maxSize`) are not JSON Schema and are left out. The builders Elysia decodes from a
 * string (`t.Integer()`, `t.ObjectString()`, `t.ArrayString()`) take that string in any part of the request
 * (a JSON body too) as well as the value itself, so both are what a client may send.
 */

/** The module `t` comes from when it is Elysia's (its builders below exist only there). */
export const ELYSIA_TYPES_MODULE = /^elysia(\/type-system)?$/;

/** Elysia's options that are not JSON Schema (a file's MIME `type`, its size bounds): never emitted, so never read. */
export const ELYSIA_FILE_KEYWORDS: ReadonlySet<string> = new Set(["type", "minSize", "maxSize", "extension"]);

/** The options of `t.Cookie()` that configure the cookie Elysia sets, not the value it checks. */
export const ELYSIA_COOKIE_KEYWORDS: ReadonlySet<string> = new Set([
  "domain",
  "expires",
  "httpOnly",
  "maxAge",
  "path",
  "priority",
  "sameSite",
  "secure",
  "secrets",
  "sign",
]);

/** What a builder reads of its call: a member schema, and its options object at an argument index. */
export interface ElysiaBuilderParts {
  call: ts.CallExpression;
  args: readonly ts.Expression[];
  sub(node: ts.Expression | undefined): Converted;
  options(index: number, omit?: ReadonlySet<string>): JsonSchema;
  /** `t.Object(args[0], args[1])` of the same call, its options less `omit`. */
  object(omit?: ReadonlySet<string>): Converted;
  /** A JSON value written in the source (`UnionEnum`'s values), or undefined when it cannot be read statically. */
  value(node: ts.Expression | undefined): unknown;
  /** The open schema of what cannot be read, warned at `node` (APX505). */
  unreadable(node: ts.Node, reason: string, hint: string): Converted;
}

/** `t.<name>(...)` of Elysia's own builders, or undefined when `name` is not one (TypeBox's are read by the caller). */
export function elysiaBuilder(name: string, parts: ElysiaBuilderParts): Converted | undefined {
  const { args, sub, options } = parts;
  switch (name) {
    case "Date":
      // The `{ type: "Date" }` member is a run-time Date object, which no JSON value is.
      return {
        schema: {
          anyOf: [{ type: "string", format: "date-time" }, { type: "string", format: "date" }, { type: "number" }],
          ...options(0),
        },
      };
    case "File":
      return { schema: { type: "string", format: "binary", ...options(0, ELYSIA_FILE_KEYWORDS) } };
    case "Files":
      return {
        schema: { type: "array", items: { type: "string", format: "binary" }, ...options(0, ELYSIA_FILE_KEYWORDS) },
      };
    case "Nullable":
      return { schema: { ...union([sub(args[0]).schema, { type: "null" }]), ...options(1) } };
    case "MaybeEmpty":
      // `T | null | undefined`: its `undefined` member lets the property be absent, so it is optional.
      return { schema: { ...union([sub(args[0]).schema, { type: "null" }]), ...options(1) }, optional: true };
    case "Numeric":
      // A number, or a numeric string Elysia turns into one (a path or query value, a form field).
      return { schema: { anyOf: [{ type: "string", format: "numeric" }, { type: "number" }], ...options(0) } };
    case "Integer": {
      // Elysia's own, not TypeBox's: an integer or an integer string, decoded wherever it is (a JSON body
      // too), its options on both the union and the integer, as Elysia builds it.
      const own = options(0);
      return {
        schema: {
          anyOf: [
            { type: "string", format: "integer" },
            { type: "integer", ...own },
          ],
          ...own,
        },
      };
    }
    case "ObjectString": {
      // The object, or a JSON string of it (Elysia parses a string that starts with `{` and checks the result).
      const object = parts.object().schema;
      return { schema: { anyOf: [jsonStringOf(object), object] } };
    }
    case "ArrayString": {
      // The array, or a JSON string of it (Elysia parses a string that starts with `[`); items default to strings.
      const array: JsonSchema = { type: "array", items: args[0] ? sub(args[0]).schema : { type: "string" }, ...options(1) };
      return { schema: { anyOf: [jsonStringOf(array), array] } };
    }
    case "Cookie":
      // The object Elysia checks the cookies against; the cookie's own settings (`httpOnly`, `secrets`, ...) are
      // how Elysia sets it, not JSON Schema.
      return parts.object(ELYSIA_COOKIE_KEYWORDS);
    case "Form":
      // The object; its other member is a run-time FormData check no JSON value is. A body that is one is read
      // as form data only (elysia-body-type.ts).
      return parts.object();
    case "BooleanString":
      return { schema: { anyOf: [{ type: "boolean" }, { type: "string", format: "boolean" }], ...options(0) } };
    case "UnionEnum": {
      const values = parts.value(args[0]);
      if (!Array.isArray(values) || !values.length)
        return parts.unreadable(
          args[0] ?? parts.call,
          "its values cannot be read statically",
          "List the values inline or in a const array.",
        );
      const types = [...new Set(values.map(jsonType))];
      return { schema: { ...(types.length === 1 ? { type: types[0] } : {}), enum: values, ...options(1) } };
    }
    default:
      return undefined;
  }
}

/** A string holding the JSON of `schema` (JSON Schema 2020-12's content keywords). */
function jsonStringOf(schema: JsonSchema): JsonSchema {
  return { type: "string", contentMediaType: "application/json", contentSchema: schema };
}
