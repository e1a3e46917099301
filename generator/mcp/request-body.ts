import type { CatalogEntry } from "./catalog.js";

/** A request body ready to send, and its `Content-Type` (left to fetch for multipart, which adds the boundary). */
export interface EncodedBody {
  body: string | FormData;
  contentType?: string;
}

/** A file an assistant gives for a file field: its text, or `{ content, filename?, type? }`. */
interface GivenFile {
  content: string;
  filename?: string;
  type?: string;
}

/** A body that does not fit the operation's media type; nothing is sent. */
export class BodyRefused extends Error {}

const FORMS = new Set(["multipart/form-data", "application/x-www-form-urlencoded"]);

/**
 * Encodes an assistant's body in the media type the operation takes (`body_media_type` of its catalog
 * entry, JSON when it has none): a form's fields from an object (a list repeats its field; an object
 * value is sent as its JSON), a file field (`string (binary)`) as a file holding the given text, plain
 * text as it is.
 *
 * @example
 * encodeBody(upload, { avatar: { content: "...", filename: "me.svg", type: "image/svg+xml" }, name: "Ada" });
 * // a multipart form: the file `avatar` and the field `name`
 */
export function encodeBody(entry: CatalogEntry, body: unknown): EncodedBody {
  const mediaType = entry.shape?.body_media_type ?? "application/json";
  if (FORMS.has(mediaType)) {
    if (!body || typeof body !== "object" || Array.isArray(body))
      throw new BodyRefused(`${entry.operation_id} takes a form (${mediaType}): give body as an object of its fields.`);
    const pairs = Object.entries(body as Record<string, unknown>).flatMap(([name, value]) =>
      (Array.isArray(value) ? value : [value]).filter((v) => v !== undefined && v !== null).map((v) => [name, v] as const),
    );
    if (mediaType === "application/x-www-form-urlencoded") {
      const params = new URLSearchParams();
      for (const [name, value] of pairs) params.append(name, text(value));
      return { body: params.toString(), contentType: mediaType };
    }
    const form = new FormData();
    for (const [name, value] of pairs) {
      if (!isFileField(entry, name)) {
        form.append(name, text(value));
        continue;
      }
      const file = asFile(value);
      if (!file)
        throw new BodyRefused(
          `${entry.operation_id}'s field ${name} is a file: give its text, or { content, filename, type }, not ${JSON.stringify(value)}.`,
        );
      form.append(name, new Blob([file.content], file.type ? { type: file.type } : {}), file.filename ?? name);
    }
    return { body: form };
  }
  if (mediaType === "application/json" || typeof body !== "string") return { body: JSON.stringify(body), contentType: mediaType };
  return { body, contentType: mediaType };
}

/** A file field of the form: the catalog writes a binary string as `string (binary)`, several as `string (binary)[]`. */
function isFileField(entry: CatalogEntry, name: string): boolean {
  return /^string \(binary\)(\[\])?\??$/.test(entry.shape?.body?.[name] ?? "");
}

function asFile(value: unknown): GivenFile | undefined {
  if (typeof value === "string") return { content: value };
  if (!value || typeof value !== "object") return undefined;
  const { content, filename, type } = value as Record<string, unknown>;
  if (typeof content !== "string") return undefined;
  return {
    content,
    ...(typeof filename === "string" ? { filename } : {}),
    ...(typeof type === "string" ? { type } : {}),
  };
}

function text(value: unknown): string {
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}
