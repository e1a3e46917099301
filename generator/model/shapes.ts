import type { JsonSchema } from "../resolve/types/schema-builder.js";

/** A query parameter of a documented operation. */
export interface QueryParameter {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

/** One response of a documented operation. */
export interface ResponseShape {
  status: string;
  /** The JSON body's schema; absent for empty or non-JSON bodies. */
  schema?: JsonSchema;
  /** The media type when it is not JSON (`text/csv`, `application/pdf`). */
  mediaType?: string;
}

/** Request and response shapes of one documented operation, from its handler's types (resolve/types). */
export interface OperationShapes {
  pathParams: Record<string, JsonSchema>;
  query: QueryParameter[];
  /** Request headers a validator declares (`in: header` parameters). */
  headers?: QueryParameter[];
  body?: JsonSchema;
  /** The request body's media type when it is not JSON (a form validator's). */
  bodyMediaType?: string;
  responses: ResponseShape[];
}
