import type { JsonSchema } from "./schema-builder.js";

/**
 * A request body sent as a form with files (multer's middleware in Express, Nest's interceptors over it): the
 * files a client sends, by field name, beside the body's other fields.
 */
export interface FormUploads {
  /** The body's media type: multipart/form-data, or one the route states. */
  mediaType: string;
  /** The file fields, by name; a form whose file names are not known (multer's `any()`) names none. */
  files: FileField[];
}

export interface FileField {
  name: string;
  /** Several files under the one name. */
  many: boolean;
  /** Refused when missing (multer itself lets a request without files through). */
  required: boolean;
}

/** The body schema with the files beside its fields: `allOf` keeps a named body's component. */
export function withFiles(body: JsonSchema | undefined, files: readonly FileField[]): JsonSchema | undefined {
  if (!files.length) return body;
  const binary: JsonSchema = { type: "string", format: "binary" };
  const own: JsonSchema = {
    type: "object",
    properties: Object.fromEntries(files.map((f) => [f.name, f.many ? { type: "array", items: binary } : binary])),
  };
  const required = files.filter((f) => f.required).map((f) => f.name);
  if (required.length) own.required = required;
  return body ? { allOf: [body, own] } : own;
}
