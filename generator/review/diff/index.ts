import { UsageError } from "../../diagnostics/diagnostic.js";
import { type ArtifactSet, isGitRef, loadArtifactFile, loadArtifactsAtRef } from "../artifact-source.js";
import { type Change, type DiffReport, sortChanges } from "./change.js";
import { diffIndexes } from "./index-diff.js";
import { diffOpenApi } from "./openapi-diff.js";

export { renderMarkdown, renderText } from "./render.js";
export type { Change, DiffReport } from "./change.js";

/** Compares two artifact sets: indexes with indexes, OpenAPI documents with OpenAPI documents. */
export function compareArtifacts(base: ArtifactSet, head: ArtifactSet): DiffReport {
  const changes: Change[] = [];
  let compared = false;
  if (base.index && head.index) {
    changes.push(...diffIndexes(base.index, head.index));
    compared = true;
  }
  if (base.openapi && head.openapi) {
    // With both artifacts, the index already reports permissions, additions and removals of every
    // operation; the document adds what only it knows: shapes, scopes, the public surface.
    const fromDocument = diffOpenApi(base.openapi, head.openapi);
    changes.push(
      ...(base.index && head.index
        ? fromDocument.filter((c) => !["fewer-permissions", "more-permissions", "any-of", "unresolved", "added"].includes(c.kind))
        : fromDocument),
    );
    compared = true;
  }
  if (!compared) {
    throw new UsageError(
      `${base.label} and ${head.label} hold different kinds of artifact.`,
      "Compare two operation indexes or two OpenAPI documents.",
    );
  }
  return { base: base.label, head: head.label, changes: sortChanges(changes) };
}

/** `apidex diff BASE HEAD`: each side a file, a URL or a git ref (whose committed artifacts are read). */
export async function diffArguments(base: string, head: string, options: { cwd: string; outDir: string }): Promise<DiffReport> {
  const load = async (arg: string): Promise<ArtifactSet> =>
    isGitRef(arg, options.cwd) ? loadArtifactsAtRef(arg, options.outDir, options.cwd) : loadArtifactFile(arg, options.cwd);
  return compareArtifacts(await load(base), await load(head));
}

/** Whether a report should fail the run under `--fail-on`. */
export function failsOn(report: DiffReport, failOn: "breaking" | "permissions" | "any" | undefined): boolean {
  if (!failOn) return false;
  if (failOn === "any") return report.changes.length > 0;
  if (failOn === "permissions")
    return report.changes.some(
      (c) =>
        c.kind === "fewer-permissions" ||
        c.kind === "more-permissions" ||
        c.kind === "any-of" ||
        (c.kind === "unresolved" && c.level === "security"),
    );
  return report.changes.some((c) => c.level === "breaking");
}
