import type { ResolvedConfig } from "../../generator/config/load-config.js";
import { DEFAULT_ANY_PERMISSION_CALLS, DEFAULT_PERMISSION_CALLS } from "../../generator/config/schema.js";
import { formatSite } from "../../generator/diagnostics/diagnostic.js";
import { generate, type GenerateResult } from "../../generator/generate.js";
import { sourceSetFromMemory } from "../../generator/scan/source-set.js";

export const MEMORY_ROOT = "/project";

/** A table-driven case over an in-memory project: its files, the routes expected (`routeLines`) and the diagnostics (`CODE file:line`). */
export interface InMemoryCase {
  name: string;
  files: Record<string, string>;
  config?: Partial<ResolvedConfig>;
  routes: string[];
  diagnostics?: string[];
}

export function memoryConfig(overrides: Partial<ResolvedConfig> = {}): ResolvedConfig {
  return {
    root: MEMORY_ROOT,
    include: [],
    exclude: [],
    framework: "auto",
    out: `${MEMORY_ROOT}/dist`,
    service: { name: "test-service", version: "1.0.0" },
    closed: [],
    documented: [],
    frameworkDocs: true,
    packageInfo: {},
    permissionCalls: [...DEFAULT_PERMISSION_CALLS],
    anyPermissionCalls: [...DEFAULT_ANY_PERMISSION_CALLS],
    operationIds: {},
    openapi: {},
    lint: {},
    strict: false,
    ...overrides,
  };
}

/** Runs the whole in-memory pipeline over a map of file name to source. */
export async function generateFrom(files: Record<string, string>, overrides: Partial<ResolvedConfig> = {}): Promise<GenerateResult> {
  return generate(memoryConfig(overrides), sourceSetFromMemory(files, MEMORY_ROOT));
}

/** Every operation (closed ones too) as `METHOD /path [keys]`, sorted: compact to compare in tables. */
export function routeLines(result: GenerateResult): string[] {
  return result.operations
    .map(
      (op) =>
        `${op.method} ${op.path} [${op.permissions.join(",")}]${op.anyOf ? ` any(${op.anyOf.map((g) => g.join("|")).join(" ")})` : ""}${op.unresolved ? ` unresolved(${op.unresolved.join(",")})` : ""}${op.closed ? " closed" : ""}`,
    )
    .sort();
}

/** Diagnostics as `CODE file:line`, relative to the in-memory root. */
export function diagnosticLines(result: GenerateResult): string[] {
  return result.diagnostics.sorted().map((d) => `${d.code} ${d.site ? formatSite(d.site, MEMORY_ROOT).replace(/:\d+$/, "") : "-"}`);
}
