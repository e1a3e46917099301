import type { ts } from "../../typescript.js";
import type { JsonSchema } from "../types/schema-builder.js";
import { type Converted, jsonType, union } from "./convert-context.js";

/**
 * Elysia's own builders on `t` (elysia's TypeBox with server-side types added, documented as "Elysia Type"),
 * as the JSON a client sends and receives. Elysia builds them with TypeBox kinds of its own, some holding a
 * member no JSON value can be (`{ type: "Date" }`, `{ type: "undefined" }`): those members are left out and
 * the rest is kept as Elysia builds it, so `t.Date()` is the ISO string, date or epoch number it accepts
 * (and a `Date` is sent as an ISO string), `t.File()` a binary string. Elysia's file keywords (`type` as a
 * MIME type, `minSize`, `maxSize`) are not JSON Schema and are left out.
 */

/** The module `t` comes from when it is Elysia's (its builders below exist only there). */
export const ELYSIA_TYPES_MODULE = /^elysia(\/type-system)?$/;

/** Elysia's options that are not JSON Schema (a file's MIME `type`, its size bounds): never emitted, so never read. */
export const ELYSIA_FILE_KEYWORDS: ReadonlySet<string> = new Set(["type", "minSize", "maxSize", "extension"]);

/** What a builder reads of its call: a member schema, and its options object at an argument index. */
export interface ElysiaBuilderParts {
  call: ts.CallExpression;
  args: readonly ts.Expression[];
  sub(node: ts.Expression | undefined): Converted;
  options(index: number, omit?: ReadonlySet<string>): JsonSchema;
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
