import { checksKey } from "../model/key-reach.js";
import type { IndexEntry, OperationsIndex } from "../emit/index-artifact.js";
import type { OpenApiDocument } from "../review/artifact-source.js";
import { OperationSearch, type SearchFilters, type SearchHit } from "../search/operation-search.js";

/** What a model needs to call a documented operation: its query parameters and body, compactly. */
export interface CompactShape {
  query?: { name: string; required: boolean; type: string }[];
  /** Field name to a short type: `"string"`, `"number?"`, `"\"draft\" | \"sent\""`, `"object"`. */
  body?: Record<string, string>;
  body_required?: boolean;
  /**
   * The body's media type when it is not JSON: a form (`multipart/form-data`,
   * `application/x-www-form-urlencoded`) or plain text. The call encodes the body's fields in it.
   */
  body_media_type?: string;
}

export interface CatalogEntry extends IndexEntry {
  shape?: CompactShape;
  destructive?: boolean;
  /** From the OpenAPI document, for documented operations: more words for the search to match. */
  description?: string;
  tags?: string[];
  query_params?: string[];
}

/**
 * The operations this server can reach: the index, enriched with the OpenAPI document's shapes for the
 * documented ones, and searchable. Nothing outside the index can ever be called.
 */
export class Catalog {
  readonly byId: Map<string, CatalogEntry>;
  readonly search: OperationSearch<CatalogEntry>;

  constructor(
    readonly index: OperationsIndex,
    openapi?: OpenApiDocument,
  ) {
    const entries: CatalogEntry[] = index.operations.map((op) => {
      const operation = openapi?.paths?.[op.path]?.[op.method.toLowerCase()] as Record<string, unknown> | undefined;
      if (!operation) return { ...op };
      const shape = compactShape(operation, openapi!);
      const words = documentation(operation);
      return {
        ...op,
        shape,
        destructive: Boolean(operation["x-service-destructive"]),
        ...words,
        ...(shape.query?.length ? { query_params: shape.query.map((q) => q.name) } : {}),
      };
    });
    this.byId = new Map(entries.map((e) => [e.operation_id, e]));
    this.search = new OperationSearch(entries);
  }

  get(operationId: string): CatalogEntry | undefined {
    return this.byId.get(operationId);
  }

  /** Ranked entries, each with why it matched (empty without words). */
  find(query: string | undefined, filters: SearchFilters, limit: number): SearchHit<CatalogEntry>[] {
    return this.search.search(query, filters, limit);
  }

  /** Operations that check a permission key: what adding it to a key unlocks. */
  unlockedBy(permission: string): CatalogEntry[] {
    // Required, or one of the alternatives of a group: adding the key is what lets these through.
    return [...this.byId.values()].filter((e) => checksKey(e, permission));
  }
}

type Schema = Record<string, unknown>;

/** The operation's description and tags, where the document has them. */
function documentation(operation: Record<string, unknown>): { description?: string; tags?: string[] } {
  const out: { description?: string; tags?: string[] } = {};
  if (typeof operation.description === "string" && operation.description.trim()) out.description = operation.description;
  if (Array.isArray(operation.tags)) {
    const tags = operation.tags.filter((t): t is string => typeof t === "string");
    if (tags.length) out.tags = tags;
  }
  return out;
}

function compactShape(operation: Record<string, unknown>, doc: OpenApiDocument): CompactShape {
  const shape: CompactShape = {};
  const query = ((operation.parameters as Schema[] | undefined) ?? []).filter((p) => p.in === "query");
  if (query.length)
    shape.query = query.map((p) => ({ name: String(p.name), required: Boolean(p.required), type: typeText(p.schema as Schema, doc) }));
  // JSON when the operation takes it, else the one media type it is published in (a form, text).
  const content = ((operation.requestBody as Schema | undefined)?.content as Record<string, Schema> | undefined) ?? {};
  const mediaType = "application/json" in content ? "application/json" : Object.keys(content)[0];
  const body = mediaType ? (content[mediaType]?.schema as Schema | undefined) : undefined;
  if (body) {
    const { properties, required } = fields(body, doc);
    shape.body = Object.fromEntries(
      Object.entries(properties).map(([name, s]) => [name, `${typeText(s, doc)}${required.has(name) ? "" : "?"}`]),
    );
    shape.body_required = Boolean((operation.requestBody as Schema).required);
    if (mediaType !== "application/json") shape.body_media_type = mediaType;
  }
  return shape;
}

/** An object schema's fields, `$ref`s and `allOf` followed (a form's files sit beside a named body's fields). */
function fields(schema: Schema, doc: OpenApiDocument, depth = 0): { properties: Record<string, Schema>; required: Set<string> } {
  const resolved = resolve(schema, doc);
  const properties: Record<string, Schema> = { ...((resolved.properties as Record<string, Schema> | undefined) ?? {}) };
  const required = new Set((resolved.required as string[] | undefined) ?? []);
  if (depth < 8)
    for (const part of (resolved.allOf as Schema[] | undefined) ?? []) {
      const inner = fields(part, doc, depth + 1);
      Object.assign(properties, inner.properties);
      for (const name of inner.required) required.add(name);
    }
  return { properties, required };
}

function resolve(schema: Schema, doc: OpenApiDocument): Schema {
  let current = schema;
  for (let i = 0; i < 16 && typeof current.$ref === "string"; i++) {
    current = ((doc.components as { schemas?: Record<string, Schema> } | undefined)?.schemas?.[
      current.$ref.replace("#/components/schemas/", "")
    ] ?? {}) as Schema;
  }
  return current;
}

function typeText(raw: Schema | undefined, doc: OpenApiDocument): string {
  if (!raw) return "any";
  const schema = resolve(raw, doc);
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as Schema[]).map((s) => typeText(s, doc)).join(" | ");
  const type = Array.isArray(schema.type) ? schema.type.join(" | ") : String(schema.type ?? "object");
  if (type === "array") return `${typeText(schema.items as Schema, doc)}[]`;
  return schema.format ? `${type} (${String(schema.format)})` : type;
}
