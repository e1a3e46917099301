import type { CachedTypes, RunCache } from "../../cache/run-cache.js";
import type { DiagnosticBag } from "../../diagnostics/diagnostic.js";
import type { Operation } from "../../model/operation.js";
import type { SourceSet } from "../../scan/source-set.js";
import {
  encoreTypeSources,
  expressTypeSources,
  fastifyTypeSources,
  feathersTypeSources,
  isFeathersServiceMethod,
  nestTypeSources,
  readShapes,
  type TypeSources,
} from "./operation-shapes.js";
import { type JsonSchema, SchemaBuilder } from "./schema-builder.js";
import { createTypeContext } from "./type-context.js";
import { prismaEnums, registerPrismaEnums } from "../schemas/prisma-enums.js";
import { SchemaValues } from "../schemas/schema-values.js";
import { SharedSchemas } from "../schemas/shared-schemas.js";
import { routeValueShapes, trpcValueShapes, tsRestValueShapes } from "../schemas/route-schemas.js";
import { findNode, type NodeRef } from "../../extract/incremental/module-summary.js";
import { ReplayMiss } from "../interpreter.js";
import { ts } from "../../typescript.js";

export type { JsonSchema } from "./schema-builder.js";

/** Where an operation's handler is: its node's file and position, or those a replayed route kept. */
function handlerAt(op: Operation): { file: string; pos: number } | undefined {
  return op.handler ? { file: op.handler.getSourceFile().fileName, pos: op.handler.pos } : op.handlerAt;
}

/** The node a replayed route kept the place of, in a parse of its unchanged file. */
function locate(sources: SourceSet, ref: NodeRef): ts.Node {
  const file = sources.getFile(ref.file);
  const node = file ? findNode(file, ref) : undefined;
  if (!node) throw new ReplayMiss(`a summary refers to a handler at ${ref.file}:${ref.pos} that this run does not have`);
  return node;
}

/**
 * Reads the request and response shapes of the documented operations, and only those: the type checker
 * is created only when there is one, and asked only about their handlers, so the rest of the program is
 * never type-checked. Returns the named schemas (`components.schemas`).
 */
export function resolveShapes(
  operations: Operation[],
  sources: SourceSet,
  diagnostics: DiagnosticBag,
  cache?: RunCache,
  /** The config's permission calls: modules imported only for them stay out of the type program. */
  permissionCalls: readonly string[] = [],
): { schemas: Record<string, JsonSchema>; types?: CachedTypes; reused?: boolean } {
  const documented = operations.filter((op) => op.documented && !op.closed);
  if (!documented.length) return { schemas: {} };
  const documentedKey = documented
    .map(
      (op) =>
        `${op.method} ${op.path} ${handlerAt(op) ? `${handlerAt(op)!.file}:${handlerAt(op)!.pos}` : "-"} ${op.doc ? `${op.doc.site.file}:${op.doc.site.line}` : "-"} ${op.site.file}`,
    )
    .sort()
    .join("\n");
  const reused = cache?.typesFor(documentedKey);
  if (reused) {
    for (const op of documented) {
      const shapes = reused.shapes[`${op.method} ${op.path}`];
      if (shapes) op.shapes = shapes;
    }
    for (const d of reused.diagnostics) diagnostics.add(d);
    return { schemas: reused.schemas, types: reused, reused: true };
  }
  const before = diagnostics.items.length;
  // (The registration's file too: a hapi route object is written, and sited, in a module of routes that the
  // `server.route(routes)` call which registers it does not share.)
  const roots = documented.flatMap((op) =>
    [op.site.file, handlerAt(op)?.file, op.doc?.site.file, op.registration?.getSourceFile().fileName, op.registrationAt?.file].filter(
      (f): f is string => Boolean(f),
    ),
  );
  // Fastify's shared schemas (`addSchema({ $id })`, named by `$ref: "id#"`) are registered where the app is
  // set up, a file no route may import (and one the scan may have replayed rather than parsed): the listed
  // files that call addSchema() join the program so that their registrations can be read.
  const sharedSchemaFiles = documented.some((op) => op.framework === "fastify") ? addSchemaFiles(sources) : [];
  const types = createTypeContext(sources, [...roots, ...sharedSchemaFiles], { skipPermissionImports: permissionCalls });
  const builder = new SchemaBuilder(types, diagnostics);
  const shared = new SharedSchemas(
    () => sharedSchemaFiles.map((f) => types.file(f)).filter((f): f is ts.SourceFile => f !== undefined),
    types.checker,
  );
  const prisma = prismaEnums(sources);
  registerPrismaEnums(types.checker, prisma.enums);
  const values = new SchemaValues({ checker: types.checker, builder, diagnostics }, shared);
  for (const op of documented) {
    const handlerNode = op.handler ?? (op.handlerAt ? (locate(sources, op.handlerAt) as ts.FunctionLikeDeclaration) : undefined);
    const registrationNode =
      op.registration ??
      (op.registrationAt ? (locate(sources, op.registrationAt) as ts.CallExpression | ts.ObjectLiteralExpression) : undefined);
    const handler = handlerNode ? types.map(handlerNode) : undefined;
    const mapped = registrationNode ? types.map(registrationNode) : undefined;
    // A ts-rest route's registration is its contract entry (`{ method, path, body, query, responses }`).
    const contractEntry = mapped && ts.isObjectLiteralExpression(mapped) ? mapped : undefined;
    const registration = mapped && ts.isCallExpression(mapped) ? mapped : undefined;
    const typeSources: TypeSources = contractEntry
      ? {}
      : op.framework === "express"
        ? expressTypeSources(handler)
        : op.framework === "fastify"
          ? fastifyTypeSources(registration)
          : op.framework === "nest"
            ? nestTypeSources(handler, types.checker, op.method)
            : op.framework === "feathers"
              ? isFeathersServiceMethod(handler)
                ? feathersTypeSources(handler, types.checker, op.method)
                : expressTypeSources(handler)
              : op.framework === "encore"
                ? encoreTypeSources(handler, registration, types.checker)
                : {};
    typeSources.values = contractEntry
      ? tsRestValueShapes(contractEntry, values, types.checker)
      : (op.framework === "trpc" || op.framework === "orpc") && registration
        ? trpcValueShapes(registration, op.method, op.pathParams, values)
        : routeValueShapes(registration, handler, values, types.checker);
    typeSources.deref = (schema) => values.deref(schema);
    op.shapes = readShapes(op, handler, typeSources, types, builder, diagnostics);
  }
  const schemas = builder.finish();
  const record: CachedTypes | undefined = cache
    ? {
        documentedKey,
        // package.json files decide where the program's imports resolved, so they are read files too.
        // So are the Prisma schemas looked for: their enums are the values of `@prisma/client`'s.
        files: Object.fromEntries(
          [...types.programFiles(), ...sources.packageJsonsRead(), ...prisma.looked].map((f) => [f, cache.fingerprint(f)]),
        ),
        shapes: Object.fromEntries(documented.filter((op) => op.shapes).map((op) => [`${op.method} ${op.path}`, op.shapes!])),
        schemas,
        diagnostics: diagnostics.items.slice(before),
      }
    : undefined;
  return { schemas, ...(record ? { types: record } : {}) };
}

/** The listed source files whose text calls `addSchema(` (a cheap test before the type program reads them). */
function addSchemaFiles(sources: SourceSet): string[] {
  return sources
    .listedUnder(sources.root)
    .filter((f) => /\.[cm]?[jt]sx?$/.test(f) && !/\.d\.[cm]?ts$/.test(f) && sources.host.readFile(f)?.includes(".addSchema(") === true);
}
