import type {
  InfoObject,
  OpenAPIObject,
  PathItemObject,
  SchemaObject,
  SecuritySchemeObject,
  ServerObject,
  TagObject,
} from "openapi3-ts/oas31";
import type { ResolvedConfig } from "../../config/load-config.js";
import type { DocumentInfo } from "../../extract/adapter.js";
import { HTTP_METHODS } from "../../config/defaults.js";
import type { Operation } from "../../model/operation.js";
import { byCodePoint, sortedRecord } from "../../write/canonical-json.js";
import { compareOperations } from "../index-artifact.js";
import { operationObject } from "./operation.js";
import { unifyPathTemplates } from "./path-templates.js";
import { refusalSchemas } from "./responses.js";

type DocumentConfig = Pick<ResolvedConfig, "openapi" | "service"> &
  Partial<Pick<ResolvedConfig, "packageInfo">> & {
    /** What the project's own OpenAPI setup says (NestJS's DocumentBuilder); the config wins over it. */
    documentInfo?: DocumentInfo;
    /** The licence the project's LICENSE file states, when its package.json names none. */
    licenceFile?: { name: string; identifier?: string; url?: string };
  };

const DEFAULT_SECURITY_SCHEMES: Record<string, SecuritySchemeObject> = {
  ApiKey: {
    type: "http",
    scheme: "bearer",
    description:
      "An API key, sent as `Authorization: Bearer <key>`. Each operation lists the permission keys it checks in x-service-permissions.",
  },
};

/** Without configured servers, the document is relative to where it is served from (as OpenAPI's default). */
const DEFAULT_SERVERS: ServerObject[] = [{ url: "/" }];

/**
 * The public OpenAPI 3.1 document of the documented operations. Keys follow the canonical order
 * (openapi, info, servers, security, tags, paths, components); paths, methods and components are sorted.
 */
export function emitOpenApi(operations: Operation[], config: DocumentConfig, schemas: Record<string, unknown> = {}): OpenAPIObject {
  // An operation under a mount prefix apidex could not read has no path the document can promise.
  const documented = unifyPathTemplates(operations.filter((op) => op.documented && !op.closed && !op.unresolved?.includes("path"))).sort(
    compareOperations,
  );
  const { openapi } = config;
  const securitySchemes = (openapi.securitySchemes as Record<string, SecuritySchemeObject> | undefined) ?? DEFAULT_SECURITY_SCHEMES;
  const security =
    openapi.security ??
    Object.keys(securitySchemes)
      .sort(byCodePoint)
      .map((name) => ({ [name]: [] }));

  const paths: Record<string, PathItemObject> = {};
  for (const op of documented) {
    (paths[op.path] ??= {})[op.method.toLowerCase() as "get"] = operationObject(op);
  }
  const methodOrder = (m: string) => (HTTP_METHODS as readonly string[]).indexOf(m);
  for (const [path, item] of Object.entries(paths)) {
    paths[path] = Object.fromEntries(Object.entries(item).sort(([a], [b]) => methodOrder(a) - methodOrder(b)));
  }

  // A tag is declared at the top only with a description: operations may use undeclared tags, and a
  // declared tag without one is what linters warn about.
  const tagNames = [...new Set(documented.flatMap((op) => op.tags))].sort(byCodePoint);
  const tagDescription = (name: string) => openapi.tags?.[name] ?? config.documentInfo?.tags?.[name];
  const tags: TagObject[] = tagNames.flatMap((name) => {
    const description = tagDescription(name);
    return description ? [{ name, description }] : [];
  });

  return {
    openapi: "3.1.0",
    info: info(config),
    servers: openapi.servers?.length
      ? openapi.servers
      : config.documentInfo?.servers?.length
        ? config.documentInfo.servers
        : DEFAULT_SERVERS,
    security,
    ...(tags.length ? { tags } : {}),
    paths: sortedRecord(paths),
    components: {
      // The refusal and error schemas are the responses' (401, 403): only with operations to use them.
      schemas: sortedRecord({ ...(schemas as Record<string, SchemaObject>), ...(documented.length ? refusalSchemas() : {}) }),
      securitySchemes: sortedRecord(securitySchemes),
    },
  };
}

/**
 * `info`: the config's, else the service's name and version, and the package.json's description and
 * licence (an SPDX expression is the licence's identifier too; `UNLICENSED` and `SEE LICENSE IN ...` are
 * not licences a document can name, so they are left out).
 */
function info(config: DocumentConfig): InfoObject {
  const configured: Partial<InfoObject> = config.openapi.info ?? {};
  const pkg = config.packageInfo ?? {};
  const code = config.documentInfo ?? {};
  const spdx = pkg.license && !/^(UNLICENSED|SEE LICENSE IN\b)/i.test(pkg.license) ? pkg.license : undefined;
  const rest = Object.fromEntries(Object.entries(configured).filter(([key]) => key !== "title" && key !== "version"));
  return {
    title: configured.title ?? code.title ?? config.service.name,
    version: configured.version ?? code.version ?? config.service.version,
    ...(configured.description === undefined && (code.description ?? pkg.description)
      ? { description: code.description ?? pkg.description }
      : {}),
    ...rest,
    ...(configured.license === undefined && (code.license ?? spdx ?? config.licenceFile)
      ? { license: code.license ?? (spdx ? { name: spdx, identifier: spdx } : config.licenceFile!) }
      : {}),
  } as InfoObject;
}
