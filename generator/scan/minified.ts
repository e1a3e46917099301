/**
 * Minified JavaScript — a vendored browser bundle in `public/` (mermaid.min.js, a Monaco worker, an editor's
 * compressed build) — is no route source, and parsing and running it can cost more than the service's own
 * code (saltcorn: four fifths of a run's time and memory). GitHub Linguist's rule tells it from written code:
 * a JavaScript file whose lines average more than 110 characters (`Linguist::BlobHelper#minified_files?`).
 * TypeScript sources are never shipped minified; files under 10 KB cost nothing and are left to the scan.
 */
import path from "node:path";
import type { Diagnostic } from "../diagnostics/diagnostic.js";

const AVERAGE_LINE = 110;
const SMALLEST = 10 * 1024;

export function isMinified(fileName: string, text: string): boolean {
  if (text.length < SMALLEST || !/\.[cm]?jsx?$/.test(fileName)) return false;
  let lines = 1;
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) lines++;
  return text.length / lines > AVERAGE_LINE;
}

/** The one warning for the minified files the scan left out (absolute names, sorted), at the first of them. */
export function minifiedDiagnostic(files: readonly string[], root: string): Diagnostic | undefined {
  if (!files.length) return undefined;
  const shown = files.slice(0, 10).map((f) => path.relative(root, f).split(path.sep).join("/"));
  const more = files.length > shown.length ? ` and ${files.length - shown.length} more` : "";
  return {
    severity: "warning",
    code: "APX120",
    message: `${files.length} JavaScript file(s) are minified (their lines average more than ${AVERAGE_LINE} characters: vendored browser bundles, most often) and are not analysed: ${shown.join(", ")}${more}.`,
    site: { file: files[0]!, line: 1, column: 1 },
    hint: 'Exclude them in the config (`exclude: ["**/public/**"]`) to say they are not the service\'s code; a minified file that an analysed source imports is still read.',
  };
}
