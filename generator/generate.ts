import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { ResolvedConfig } from "./config/load-config.js";
import { DiagnosticBag } from "./diagnostics/diagnostic.js";
import { emitIndex, type OperationsIndex } from "./emit/index-artifact.js";
import { emitOpenApi } from "./emit/openapi/document.js";
import { extractRoutes } from "./extract/index.js";
import { buildOperations } from "./model/build-operations.js";
import type { Operation } from "./model/operation.js";
import { resolveShapes } from "./resolve/types/index.js";
import { scanProject, type SourceSet } from "./scan/source-set.js";
import { validateExamples } from "./validate/validate-examples.js";
import { buildApiDocsFiles } from "./publish/build-assets.js";
import { validateOperations } from "./validate/validate-operations.js";
import { type ArtifactFile, writeArtifactsAtomically } from "./write/atomic-write.js";
import { canonicalJson } from "./write/canonical-json.js";

export interface GenerateResult {
  /** Every operation, closed ones included (they are left out of the artifacts). */
  operations: Operation[];
  index: OperationsIndex;
  openapi: Record<string, unknown>;
  /** The artifact files, ready to write; empty when there are errors. */
  files: ArtifactFile[];
  diagnostics: DiagnosticBag;
  counts: { indexed: number; documented: number; closed: number; warnings: number; errors: number };
}

const SCHEMA_FILE = fileURLToPath(new URL("../templates/operations.schema.json", import.meta.url));

/**
 * The pipeline, in memory: scan → extract → model → shapes of documented operations → validate →
 * emit. Writes nothing.
 * Pass `sources` to analyse files that are not on disk (tests, editors).
 */
export async function generate(config: ResolvedConfig, sources?: SourceSet): Promise<GenerateResult> {
  const diagnostics = new DiagnosticBag();
  const set = sources ?? (await scanProject(config));
  for (const d of set.syntaxDiagnostics) diagnostics.add(d);
  const facts = extractRoutes(set, config.framework, { permissionCalls: config.permissionCalls }, diagnostics);
  const operations = buildOperations(facts, config, diagnostics);
  const schemas = resolveShapes(operations, set, diagnostics);
  validateOperations(operations, diagnostics);
  validateExamples(operations, schemas, diagnostics);

  const index = emitIndex(operations, config.service);
  const openapi = emitOpenApi(operations, config, schemas);
  const errors = diagnostics.errors.length;
  const indexText = canonicalJson(index);
  const openapiText = canonicalJson(openapi);
  const schemaText = readFileSync(SCHEMA_FILE, "utf8");
  const files: ArtifactFile[] = errors
    ? []
    : [
        { name: "operations.json", content: indexText },
        { name: "openapi-public.json", content: openapiText },
        { name: "operations.schema.json", content: schemaText },
        // The CDN layout and what the api-docs handler serves: the same bytes, precompressed.
        ...buildApiDocsFiles({ index: indexText, openapi: openapiText, schema: schemaText }),
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
  };
}

/** Raised when the artifacts cannot be written; the previous ones are untouched. */
export class WriteError extends Error {
  constructor(
    readonly outDir: string,
    readonly reason: Error,
  ) {
    super(`Cannot write the artifacts to ${outDir}: ${reason.message}`);
    this.name = "WriteError";
  }
}

/** Runs the pipeline and writes the artifacts atomically; on any error nothing is written. */
export async function generateToDisk(config: ResolvedConfig): Promise<GenerateResult & { written: string[] }> {
  const result = await generate(config);
  if (result.counts.errors) return { ...result, written: [] };
  try {
    const { written } = writeArtifactsAtomically(config.out, result.files);
    return { ...result, written };
  } catch (error) {
    throw new WriteError(config.out, error as Error);
  }
}
