import type { ResolvedConfig } from "../../config/load-config.js";
import { HTTP_METHODS } from "../../config/defaults.js";
import type { Operation } from "../../model/operation.js";
import { byCodePoint, sortedRecord } from "../../write/canonical-json.js";
import { compareOperations } from "../index-artifact.js";
import { operationObject } from "./operation.js";
import { refusalSchemas } from "./responses.js";

type DocumentConfig = Pick<ResolvedConfig, "openapi" | "service">;

const DEFAULT_SECURITY_SCHEMES = {
  ApiKey: {
    type: "http",
    scheme: "bearer",
    description:
      "An API key, sent as `Authorization: Bearer <key>`. Each operation lists the permission keys it checks in x-service-permissions.",
  },
};

/**
 * The public OpenAPI 3.1 document of the documented operations. Keys follow the canonical order
 * (openapi, info, servers, security, tags, paths, components); paths, methods and components are sorted.
 */
export function emitOpenApi(
  operations: Operation[],
  config: DocumentConfig,
  schemas: Record<string, unknown> = {},
): Record<string, unknown> {
  const documented = operations.filter((op) => op.documented && !op.closed).sort(compareOperations);
  const { openapi } = config;
  const securitySchemes = openapi.securitySchemes ?? DEFAULT_SECURITY_SCHEMES;
  const security =
    openapi.security ??
    Object.keys(securitySchemes)
      .sort(byCodePoint)
      .map((name) => ({ [name]: [] }));

  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of documented) {
    (paths[op.path] ??= {})[op.method.toLowerCase()] = operationObject(op);
  }
  const methodOrder = (m: string) => (HTTP_METHODS as readonly string[]).indexOf(m);
  for (const [path, item] of Object.entries(paths)) {
    paths[path] = Object.fromEntries(Object.entries(item).sort(([a], [b]) => methodOrder(a) - methodOrder(b)));
  }

  const tagNames = [...new Set(documented.flatMap((op) => op.tags))].sort(byCodePoint);
  const tags = tagNames.map((name) => ({ name, ...(openapi.tags?.[name] ? { description: openapi.tags[name] } : {}) }));

  return {
    openapi: "3.1.0",
    info: {
      title: openapi.info?.title ?? config.service.name,
      version: openapi.info?.version ?? config.service.version,
      ...Object.fromEntries(Object.entries(openapi.info ?? {}).filter(([key]) => key !== "title" && key !== "version")),
    },
    ...(openapi.servers?.length ? { servers: openapi.servers } : {}),
    security,
    ...(tags.length ? { tags } : {}),
    paths: sortedRecord(paths),
    components: {
      schemas: sortedRecord({ ...schemas, ...refusalSchemas() }),
      securitySchemes: sortedRecord(securitySchemes),
    },
  };
}
