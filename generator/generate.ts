import type { OpenAPIObject } from "openapi3-ts/oas31";
import { readFileSync } from "node:fs";
import { type CachedTypes, RunCache } from "./cache/run-cache.js";
import type { ResolvedConfig } from "./config/load-config.js";
import { DiagnosticBag } from "./diagnostics/diagnostic.js";
import { packageFile } from "./package-files.js";
import { emitIndex, type OperationsIndex } from "./emit/index-artifact.js";
import { emitOpenApi } from "./emit/openapi/document.js";
import { type Licence, type LicenceMemo, projectLicence } from "./resolve/licence-file.js";
import { withRegisteredDocs } from "./resolve/registered-docs.js";
import { withZodOpenApiDocs } from "./resolve/zod-openapi-docs.js";
import type { DocumentInfo } from "./extract/adapter.js";
import { extractRoutes } from "./extract/index.js";
import type { ModuleSummaries } from "./extract/incremental/module-summary.js";
import type { IncrementalExtraction } from "./extract/incremental/session.js";
import { buildOperations } from "./model/build-operations.js";
import { dropShadowed } from "./model/shadowed.js";
import { mergeAlternatives } from "./extract/alternative-branches.js";
import { settleDerivedIds } from "./model/derived-ids.js";
import { leaveOutTemplateClashes } from "./model/template-clash.js";
import type { Operation } from "./model/operation.js";
import { buildApiDocsFiles, type CompressedBody, Compressor } from "./publish/build-assets.js";
import { resolveShapes } from "./resolve/types/index.js";
import { type KnownSources, scanProject, type SourceSet } from "./scan/source-set.js";
import { repairDocumentRefs } from "./validate/document-refs.js";
import { validateOperations } from "./validate/validate-operations.js";
import type { ArtifactFile } from "./write/atomic-write.js";
import { canonicalJson } from "./write/canonical-json.js";

export { ReplayMiss } from "./resolve/interpreter.js";

/** What a run found, as the CLI prints it. */
export interface RunCounts {
  indexed: number;
  documented: number;
  closed: number;
  warnings: number;
  errors: number;
}

export interface GenerateResult {
  /** Every operation, closed ones included (they are left out of the artifacts). */
  operations: Operation[];
  index: OperationsIndex;
  openapi: OpenAPIObject;
  /** The artifact files, ready to write; empty when there are errors. */
  files: ArtifactFile[];
  diagnostics: DiagnosticBag;
  counts: RunCounts;
  /** The type phase's record, for the cache. */
  types?: CachedTypes;
  /** Every file the analysis read: globbed, pulled in by an import, or behind a permission key's type. */
  inputs: string[];
  /** The globbed files the scan found able to register routes (for the run cache). */
  routeCapable: string[];
  /** What extraction leaves for the next run's replay, when it was asked to record (`incremental`). */
  summaries?: ModuleSummaries;
  /** The modules that ran but cannot be replayed by a later run, and why (when it was asked to record). */
  unreplayable?: { file: string; reason: string }[];
  /** The ids derived from method and path, by `METHOD path`, when the run has a cache to keep them in (`GenerateOptions.derivedIds`). */
  derivedIds?: Record<string, string>;
  /** What the LICENSE file's text was found to be, for the next run (`GenerateOptions.licence`). */
  licence?: LicenceMemo;
}

export interface GenerateOptions {
  /** Reuse the type phase of documented operations when nothing it read changed. */
  cache?: RunCache;
  /** What the run already knows of its globbed files: their list, texts it read, route capability the cache remembers. */
  known?: KnownSources;
  /** Told what the run is doing, for a progress line on a terminal. */
  onProgress?: (phase: string) => void;
  /** Bodies an earlier run compressed, with their variants (see `compressionsOf`). */
  compressed?: readonly CompressedBody[];
  /**
   * Record module summaries, and replay the given ones instead of parsing their files (extract/incremental).
   * A replay that meets anything its summaries do not cover throws `ReplayMiss`; run again without it.
   */
  incremental?: IncrementalExtraction;
  /** Operation ids an earlier run derived from method and path, by `METHOD path`: taken, not derived again. */
  derivedIds?: Readonly<Record<string, string>>;
  /** What an earlier run found the LICENSE text to be: taken when the text is the same. */
  licence?: LicenceMemo;
  /** Called once extraction is done, before the type phase (the CLI keeps the compiler's code cache from here). */
  afterExtraction?: () => void;
  /**
   * Called once everything but the compressed files is known, while the thread pool may still be
   * compressing the index (a warm run saves its module summaries meanwhile).
   */
  whileCompressing?: (known: { inputs: string[]; summaries?: ModuleSummaries }) => void;
}

const SCHEMA_FILE = packageFile("templates", "operations.schema.json");

/**
 * The pipeline, in memory: scan → extract → model → shapes of documented operations → validate →
 * emit. Writes nothing. Pass `sources` to analyse files that are not on disk (tests, editors).
 */
export async function generate(config: ResolvedConfig, sources?: SourceSet, options: GenerateOptions = {}): Promise<GenerateResult> {
  const diagnostics = new DiagnosticBag();
  const progress = options.onProgress ?? (() => {});
  // The thread pool compresses what is known early (the page, the schema, then the index) while the
  // main thread parses and reads types: on two cores most of the compression costs no wall time.
  const compressor = new Compressor(options.compressed);
  compressor.startTemplates();
  // Every artifact is made a Buffer once: the same bytes are compressed, hashed for their ETags, compared
  // with what is on disk, written twice (at the top and under api-docs/) and kept by the cache.
  const schemaBytes = readFileSync(SCHEMA_FILE);
  compressor.start(schemaBytes);
  progress("parsing the sources");
  const set = sources ?? (await scanProject(config, options.known, new Set(Object.keys(options.incremental?.replay ?? {}))));
  const fileCount = `${set.files.length} file${set.files.length === 1 ? "" : "s"}`;
  progress(
    set.replayedScanned.length
      ? `extracting routes from ${fileCount} (${set.replayedScanned.length} more replayed unchanged)`
      : `extracting routes from ${fileCount}`,
  );
  // What the project's own OpenAPI setup says of the document (NestJS's DocumentBuilder), under the config.
  let documentInfo: DocumentInfo | undefined;
  const operations = analyse(set, config, diagnostics, options.incremental, options.derivedIds, (info) => {
    documentInfo ??= info;
  });
  options.afterExtraction?.();
  // After extraction: files pulled in by imports have been parsed by now too.
  for (const d of set.syntaxDiagnostics()) diagnostics.add(d);
  // Before the trees are released: the analysed sources are inputs whether or not they stay parsed.
  // Without a licence in package.json, the LICENSE file's (every place looked at is an input).
  let licenceFile: Licence | undefined;
  let licenceMemo: LicenceMemo | undefined;
  if (!config.packageInfo?.license) {
    const found = projectLicence(config.root, options.licence);
    set.recordInputs(found.checked);
    licenceFile = found.licence;
    licenceMemo = found.memo;
  }
  const inputs = set.inputFiles();
  // A run that owns its syntax trees drops what the type phase will not read (its peak memory).
  if (!sources) releaseUndocumented(set, operations);
  // The index does not depend on the types of documented operations.
  const index = emitIndex(operations, config.service);
  const indexBytes = Buffer.from(canonicalJson(index));
  if (!diagnostics.errors.length) compressor.start(indexBytes);
  progress(`reading the types of ${operations.filter((op) => op.documented && !op.closed).length} documented operations`);
  const { schemas, types, reused } = resolveShapes(operations, set, diagnostics, options.cache, config.permissionCalls);
  validateOperations(operations, diagnostics);
  if (reused && types?.exampleDiagnostics) {
    for (const d of types.exampleDiagnostics) diagnostics.add(d);
  } else if (operations.some((op) => op.documented && op.examples.length)) {
    // ajv is loaded only when there are worked examples to check.
    const { validateExamples } = await import("./validate/validate-examples.js");
    const exampleBag = new DiagnosticBag();
    validateExamples(operations, schemas, exampleBag);
    for (const d of exampleBag.items) diagnostics.add(d);
    if (types) types.exampleDiagnostics = exampleBag.items;
  }

  progress("writing the artifacts");
  const openapi = emitOpenApi(
    operations,
    { ...config, ...(documentInfo ? { documentInfo } : {}), ...(licenceFile ? { licenceFile } : {}) },
    schemas,
  );
  repairDocumentRefs(openapi, diagnostics);
  if (config.strict) diagnostics.promoteWarnings();
  const errors = diagnostics.errors.length;
  const openapiBytes = Buffer.from(canonicalJson(openapi));
  // The type phase read files too (library declarations, package.json): a change there must miss.
  const allInputs = [...new Set([...inputs, ...Object.keys(types?.files ?? {}), ...set.packageJsonsRead()])];
  // The thread pool may still be compressing the index: the caller can save what it already can meanwhile.
  if (!errors)
    options.whileCompressing?.({ inputs: allInputs, ...(options.incremental?.result ? { summaries: options.incremental.result } : {}) });
  const files: ArtifactFile[] = errors
    ? []
    : [
        { name: "operations.json", content: indexBytes },
        { name: "openapi-public.json", content: openapiBytes },
        { name: "operations.schema.json", content: schemaBytes },
        // The CDN layout and what the api-docs handler serves: the same bytes, precompressed.
        ...(await buildApiDocsFiles({ index: indexBytes, openapi: openapiBytes, schema: schemaBytes }, { compressor })),
      ];
  return {
    operations,
    index,
    openapi,
    files,
    diagnostics,
    counts: {
      indexed: index.count,
      documented: index.operations.filter((op) => op.documented).length,
      closed: operations.filter((op) => op.closed).length,
      warnings: diagnostics.warnings.length,
      errors,
    },
    ...(types ? { types } : {}),
    inputs: allInputs,
    routeCapable: set.routeCapable,
    ...(options.incremental?.result ? { summaries: options.incremental.result } : {}),
    ...(options.incremental?.unreplayable ? { unreplayable: options.incremental.unreplayable } : {}),
    ...(options.cache ? { derivedIds: derivedIdsOf(operations) } : {}),
    ...(options.cache && licenceMemo ? { licence: licenceMemo } : {}),
  };
}

function derivedIdsOf(operations: Operation[]): Record<string, string> {
  const ids: Record<string, string> = {};
  // A settled id depends on another route being there: the next run derives and settles it again.
  for (const op of operations) if (op.idSource === "derived" && !op.settled) ids[`${op.method} ${op.path}`] = op.operationId;
  return ids;
}

/**
 * From here on only documented operations' files are read: the other operations let go of their
 * syntax nodes, and the source set of the trees nobody refers to any more.
 */
function releaseUndocumented(set: SourceSet, operations: Operation[]): void {
  const keep = new Set<string>();
  for (const op of operations) {
    if (op.documented && !op.closed) {
      for (const node of [op.handler, op.registration]) if (node) keep.add(node.getSourceFile().fileName);
      for (const ref of [op.handlerAt, op.registrationAt]) if (ref) keep.add(ref.file);
      keep.add(op.site.file);
    } else if (op.handler || op.registration) {
      // Assigned, not deleted: deleting turns each of thousands of objects into a dictionary.
      op.handler = undefined;
      op.registration = undefined;
    }
  }
  set.release((fileName) => keep.has(fileName));
}

/** Extraction and the model: route facts live only here, so nothing keeps them (or their nodes) after. */
function analyse(
  set: SourceSet,
  config: ResolvedConfig,
  diagnostics: DiagnosticBag,
  incremental: IncrementalExtraction | undefined,
  derivedIds: Readonly<Record<string, string>> | undefined,
  documentInfo: (info: DocumentInfo) => void,
): Operation[] {
  const facts = extractRoutes(
    set,
    config.framework,
    {
      permissionCalls: config.permissionCalls,
      ...(config.permissionCallsByName === false ? { permissionCallsByName: false } : {}),
      anyPermissionCalls: config.anyPermissionCalls,
      ...(config.permissionCallOptions ? { permissionCallOptions: config.permissionCallOptions } : {}),
      ...(config.registry ? { registry: config.registry } : {}),
      ...(config.env ? { env: config.env } : {}),
      ...(config.factoryArguments ? { factoryArguments: config.factoryArguments } : {}),
      ...(config.fileRoutes?.length ? { fileRoutes: config.fileRoutes } : {}),
      ...(config.routerFiles?.length ? { routerFiles: config.routerFiles } : {}),
      ...(config.decoratorRoutes?.length ? { decoratorRoutes: config.decoratorRoutes } : {}),
      ...(config.nest?.decorators ? { nestDecorators: config.nest.decorators } : {}),
      ...(config.nest?.docDecorators?.length ? { nestDocDecorators: config.nest.docDecorators } : {}),
      ...(config.nest?.globalPrefix !== undefined || config.nest?.uriVersioning || config.nest?.app
        ? {
            nestBootstrap: {
              ...(config.nest.globalPrefix !== undefined ? { globalPrefix: config.nest.globalPrefix } : {}),
              ...(config.nest.uriVersioning ? { uriVersioning: config.nest.uriVersioning } : {}),
              ...(config.nest.app ? { app: config.nest.app } : {}),
            },
          }
        : {}),
      ...(incremental ? { incremental } : {}),
      documentInfo,
    },
    diagnostics,
  );
  // Documentation declared apart from the routes (zod-to-openapi's registerPath, zod-openapi's createDocument)
  // joins them by method and path; registrations from branches that exclude one another are one operation
  // first (no shadowing between them).
  const documented = withZodOpenApiDocs(withRegisteredDocs(mergeAlternatives(facts), set.files), set, config.env, diagnostics);
  const operations = dropShadowed(buildOperations(documented, config, diagnostics, derivedIds), diagnostics);
  settleDerivedIds(operations, diagnostics);
  leaveOutTemplateClashes(operations, diagnostics);
  return operations;
}
