import type { ResolvedConfig } from "../config/load-config.js";
import { compareSites, type Diagnostic } from "../diagnostics/diagnostic.js";
import type { GenerateResult } from "../generate.js";
import { closedMatcher } from "../model/closed.js";
import { MAX_SUMMARY_LENGTH } from "../validate/validate-operations.js";

export type LintRule =
  | "no-permission"
  | "unresolved-permissions"
  | "documented-scope"
  | "documented-summary"
  | "documented-examples"
  | "summary-length"
  | "looks-closed"
  | "documented-closed"
  | "duplicate-id";

/** Each rule's severity unless the config's `lint.rules` says otherwise. */
export const DEFAULT_SEVERITIES: Record<LintRule, "error" | "warning" | "off"> = {
  "no-permission": "error",
  "unresolved-permissions": "warning",
  "documented-scope": "error",
  "documented-summary": "error",
  "documented-examples": "warning",
  "summary-length": "warning",
  "looks-closed": "warning",
  "documented-closed": "error",
  "duplicate-id": "error",
};

/** Path segments that usually mark a closed route (sign-in, OAuth, admin, keys, agents, connected apps). */
const CLOSED_LOOKING =
  /(^|\/)(auth|oauth|oauth2|admin|administration|api-keys|apikeys|keys|agents|connected-apps|integrations\/oauth|sign-in|signin|login|logout|sign-out|sessions?|tokens?|impersonate)(\/|$)/i;

/**
 * Policy checks over the generated model. Each finding points at the route's registration and carries
 * its rule's configured severity; pipeline errors are findings too.
 */
export function lintOperations(result: GenerateResult, config: Pick<ResolvedConfig, "lint">): Diagnostic[] {
  const severity = (rule: LintRule) => config.lint.rules?.[rule] ?? DEFAULT_SEVERITIES[rule];
  const isPublicPath = closedMatcher(config.lint.public ?? []);
  const findings: Diagnostic[] = [];
  const add = (rule: LintRule, message: string, site: Diagnostic["site"], hint: string) => {
    const level = severity(rule);
    if (level === "off") return;
    findings.push({ severity: level, code: rule, message, ...(site ? { site } : {}), hint });
  };

  for (const op of result.operations) {
    const name = `${op.method} ${op.path} (${op.operationId})`;
    const tags = op.doc?.tags ?? [];
    if (op.closed) {
      if (op.documented)
        add(
          "documented-closed",
          `${name} is @documented but closed: it must never be published.`,
          op.site,
          "Remove @documented, or reopen the route if keys may call it.",
        );
      continue;
    }
    if (op.unresolved?.includes("permissions")) {
      add(
        "unresolved-permissions",
        `${name} checks a permission apidex cannot read statically; the index marks it unresolved, and its keys are a lower bound.`,
        op.site,
        "Pass the key as a literal, a const or an enum member, so the index says exactly which key it needs.",
      );
    } else if (!op.permissions.length && !op.anyOf?.length && !tags.some((t) => t.name === "public") && !isPublicPath(op.path)) {
      add(
        "no-permission",
        `${name} checks no permission and is neither closed nor marked public.`,
        op.site,
        "Add a permission check, close it (config `closed` or @closed), or mark it @public / list it in lint.public if any key may call it.",
      );
    }
    if (CLOSED_LOOKING.test(op.path)) {
      add(
        "looks-closed",
        `${name} looks like a closed route (sign-in, OAuth, admin, keys, agents) but is open to API keys.`,
        op.site,
        "Close it with a `closed` pattern or @closed, or ignore this warning if keys may call it.",
      );
    }
    if (op.summary.length > MAX_SUMMARY_LENGTH) {
      add(
        "summary-length",
        `${name} has a ${op.summary.length}-character summary; at most ${MAX_SUMMARY_LENGTH} fit custom GPT actions.`,
        op.site,
        "Shorten the first paragraph of its doc comment.",
      );
    }
    if (!op.documented) continue;
    if (!op.scope)
      add("documented-scope", `${name} is documented without an OAuth scope.`, op.site, "Add @scope <name> to its doc comment.");
    if (!op.doc?.summary)
      add("documented-summary", `${name} is documented without a summary.`, op.site, "Write a first line in its doc comment.");
    // Only an operation with a body to show needs a worked example (a 204 DELETE has none).
    const hasBody = Boolean(op.shapes?.body) || Boolean(op.shapes?.responses.some((r) => r.schema));
    if (hasBody && !op.examples.length)
      add(
        "documented-examples",
        `${name} is documented without worked examples.`,
        op.site,
        "Add @example request {...} and/or @example response 200 {...}.",
      );
  }
  for (const d of result.diagnostics.items) {
    if (d.code === "APX401") {
      if (severity("duplicate-id") !== "off")
        findings.push({ ...d, code: "duplicate-id", severity: severity("duplicate-id") as "error" | "warning" });
    } else {
      findings.push(d);
    }
  }
  return findings.sort(
    (a, b) => (a.site && b.site ? compareSites(a.site, b.site) : a.site ? -1 : b.site ? 1 : 0) || a.code.localeCompare(b.code),
  );
}
