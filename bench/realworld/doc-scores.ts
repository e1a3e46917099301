import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { operationKey, type OracleOperation } from "./oracle.js";
import type { ValidatorResults } from "./validate-openapi.js";

const here = path.dirname(fileURLToPath(import.meta.url));

/** What a run's OpenAPI document holds, next to the service's own spec (issue: docs where projects keep them). */
export interface DocScores {
  /** Operations in openapi-public.json. */
  documented: number;
  /** Spec operations with a summary that apidex documents: how many, and how many summaries agree (normalized). */
  summaries: { compared: number; agree: number; differ: { key: string; spec: string; apidex: string }[] };
  /**
   * Spec operations with a description that apidex documents: how many, and how many agree. Where the spec
   * has no summary, apidex's summary is the description's first paragraph, so both together are compared.
   */
  descriptions: { compared: number; agree: number };
  validators: ValidatorResults | null;
}

/** Case, spacing and a final full stop do not count; the words do. */
export function normalizeSummary(text: string): string {
  return text
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[.。]$/, "")
    .toLowerCase();
}

export function docScores(oracle: OracleOperation[], outDir: string, inScope: (p: string) => boolean): DocScores | null {
  const file = path.join(outDir, "openapi-public.json");
  if (!existsSync(file)) return null;
  const doc = JSON.parse(readFileSync(file, "utf8")) as { paths?: Record<string, Record<string, { summary?: string }>> };
  // The index has each route's own path; the document may have unified parameter names, which the key ignores.
  const documented = new Map<string, string>();
  const described = new Map<string, { summary?: string; description?: string }>();
  for (const [p, item] of Object.entries(doc.paths ?? {}))
    for (const [m, op] of Object.entries(item)) {
      if (op.summary !== undefined) documented.set(operationKey(m, p), op.summary);
      described.set(operationKey(m, p), op);
    }
  const descriptions = { compared: 0, agree: 0 };
  for (const o of oracle) {
    if (!o.description || !inScope(o.path)) continue;
    const ours = described.get(operationKey(o.method, o.path));
    if (!ours) continue;
    descriptions.compared++;
    const text = o.summary ? ours.description : [ours.summary, ours.description].filter(Boolean).join(" ");
    if (text !== undefined && normalizeSummary(text) === normalizeSummary(o.description)) descriptions.agree++;
  }
  const summaries: DocScores["summaries"] = { compared: 0, agree: 0, differ: [] };
  for (const o of oracle) {
    if (!o.summary || !inScope(o.path)) continue;
    const key = operationKey(o.method, o.path);
    const ours = documented.get(key);
    if (ours === undefined) continue;
    summaries.compared++;
    if (normalizeSummary(ours) === normalizeSummary(o.summary)) summaries.agree++;
    else if (summaries.differ.length < 10) summaries.differ.push({ key, spec: o.summary, apidex: ours });
  }
  const run = spawnSync(process.execPath, ["--import", "tsx", path.join(here, "validate-openapi.ts"), file], {
    encoding: "utf8",
    maxBuffer: 1 << 28,
  });
  let validators: ValidatorResults | null = null;
  try {
    validators = JSON.parse(run.stdout) as ValidatorResults;
  } catch {
    validators = null;
  }
  return { documented: documented.size, summaries, descriptions, validators };
}
