import type { SourceSite } from "../diagnostics/diagnostic.js";

/** One branch of a condition apidex cannot read: where the condition is, which of its branches (0-based), of how many. */
export interface BranchChoice {
  condition: SourceSite;
  branch: number;
  of: number;
}
