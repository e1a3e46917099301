import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { ResolvedConfig } from "../config/load-config.js";
import type { OperationsIndex } from "../emit/index-artifact.js";
import { generate, type GenerateResult } from "../generate.js";
import type { OpenApiDocument } from "./artifact-source.js";
import { compareArtifacts, type DiffReport } from "./diff/index.js";

export interface CheckResult {
  result: GenerateResult;
  /** Files whose committed bytes differ from a fresh run. */
  stale: string[];
  /** Files a fresh run writes that are not there at all. */
  missing: string[];
  /** What the fresh run would change, semantically, when the committed artifacts could be read. */
  report?: DiffReport;
}

/** Regenerates in memory and compares with the artifacts in the output folder, byte for byte. */
export async function checkArtifacts(config: ResolvedConfig): Promise<CheckResult> {
  const result = await generate(config);
  const stale: string[] = [];
  const missing: string[] = [];
  if (result.counts.errors) return { result, stale, missing };
  for (const file of result.files) {
    const target = path.join(config.out, file.name);
    if (!existsSync(target)) missing.push(file.name);
    else if (!readFileSync(target).equals(typeof file.content === "string" ? Buffer.from(file.content, "utf8") : file.content))
      stale.push(file.name);
  }
  let report: DiffReport | undefined;
  if (stale.length || missing.length) {
    const committed = (name: string) => {
      try {
        return JSON.parse(readFileSync(path.join(config.out, name), "utf8")) as unknown;
      } catch {
        return undefined;
      }
    };
    const index = committed("operations.json") as OperationsIndex | undefined;
    const openapi = committed("openapi-public.json") as OpenApiDocument | undefined;
    report = compareArtifacts(
      {
        label: "committed",
        ...(index ? { index } : { index: { format: "apidex.operations/1", service: config.service, count: 0, operations: [] } }),
        ...(openapi ? { openapi } : {}),
      },
      { label: "sources", index: result.index, ...(openapi ? { openapi: result.openapi as unknown as OpenApiDocument } : {}) },
    );
  }
  return { result, stale, missing, ...(report ? { report } : {}) };
}
