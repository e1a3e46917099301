import type { IndexEntry } from "../emit/index-artifact.js";

/**
 * An operation as the search reads it: the index entry, and what the OpenAPI document adds where the
 * operation is documented (its description, tags and query parameter names).
 */
export interface SearchableOperation extends IndexEntry {
  description?: string;
  tags?: string[];
  query_params?: string[];
}
