import { HTTP_METHODS } from "../config/defaults.js";
import type { DiagnosticBag } from "../diagnostics/diagnostic.js";
import type { Operation } from "../model/operation.js";
import { OPERATION_ID_PATTERN } from "../model/operation-id.js";
import { MAX_SUMMARY_LENGTH } from "../model/summary.js";

export { MAX_SUMMARY_LENGTH };

/**
 * Checks the model as a whole. Every problem is added to the bag; the pipeline fails once, after all of
 * them are known.
 */
export function validateOperations(operations: Operation[], diagnostics: DiagnosticBag): void {
  // The same method and path twice was settled before (model/shadowed.ts): one operation each.
  const open = operations.filter((op) => !op.closed);
  const byId = new Map<string, Operation>();
  for (const op of open) {
    if (!OPERATION_ID_PATTERN.test(op.operationId)) {
      diagnostics.error(
        "APX402",
        `The operation id \`${op.operationId}\` of ${op.method} ${op.path} does not match ${OPERATION_ID_PATTERN.source}.`,
        op.site,
        "Use lower-case letters, digits and underscores, starting with a letter, at most 48 characters.",
      );
    }
    const other = byId.get(op.operationId);
    if (other && `${other.method} ${other.path}` !== `${op.method} ${op.path}`) {
      diagnostics.add({
        severity: "error",
        code: "APX401",
        message: `The operation id \`${op.operationId}\` is used by ${other.method} ${other.path} and ${op.method} ${op.path}.`,
        site: op.site,
        related: [{ message: `${other.method} ${other.path} (${other.idSource} id)`, site: other.site }],
        hint: "Give one of them an explicit id with @operationId, or in the config's operationIds.",
      });
    } else if (!other) {
      byId.set(op.operationId, op);
    }
  }

  for (const op of operations) {
    if (op.documented && op.closed) {
      diagnostics.warning(
        "APX406",
        `${op.method} ${op.path} is @documented but closed; it is left out of every artifact.`,
        op.site,
        "Remove @documented, or reopen the route if it should be callable with a key.",
      );
    }
    if (op.closed) continue;
    if (op.documented && op.summary.length > MAX_SUMMARY_LENGTH) {
      diagnostics.error(
        "APX405",
        `The summary of ${op.operationId} has ${op.summary.length} characters; custom GPT actions accept at most ${MAX_SUMMARY_LENGTH}.`,
        op.site,
        "Shorten the first paragraph of the doc comment and move the rest to the description.",
      );
    }
    if (op.documented && !(HTTP_METHODS as readonly string[]).includes(op.method.toLowerCase())) {
      diagnostics.error(
        "APX407",
        `${op.method} ${op.path} is @documented, but OpenAPI has no ${op.method} operations.`,
        op.site,
        "Remove @documented; the operation stays in the index.",
      );
    }
  }
}
