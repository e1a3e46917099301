import type { ResolvedConfig } from "../config/load-config.js";
import type { DiagnosticBag } from "../diagnostics/diagnostic.js";
import type { RouteFact } from "../extract/route-fact.js";
import type { DocTag } from "../resolve/doc-comment.js";
import { HTTP_METHODS } from "../config/defaults.js";
import { withOpenApiComment } from "../resolve/openapi-comments.js";
import { closedMatcher } from "./closed.js";
import { deriveEffect } from "./effect.js";
import { type Effect, EFFECTS, type Operation, type OperationExample } from "./operation.js";
import { cleanId, deriveOperationId, words } from "./operation-id.js";
import { summaryFromHandler } from "./handler-summary.js";
import { MAX_SUMMARY_LENGTH, summaryFromId } from "./summary.js";

type ModelConfig = Pick<ResolvedConfig, "closed" | "operationIds"> &
  Partial<Pick<ResolvedConfig, "documented" | "frameworkDocs">> & { operationIdsFrom?: "path" | "handler" | undefined };

/**
 * Turns route facts into operations: ids, summaries, effects, documented and closed flags, examples.
 * Closed operations are kept here (counted, checked for leaks) and dropped by the emitters.
 *
 * `knownIds`: ids derived earlier (the run cache's record, by `METHOD path`), taken instead of deriving
 * them again — the derivation is a pure function of method and path (and of apidex's build).
 */
export function buildOperations(
  facts: RouteFact[],
  config: ModelConfig,
  diagnostics: DiagnosticBag,
  knownIds?: Readonly<Record<string, string>>,
): Operation[] {
  const isClosedPath = closedMatcher(config.closed);
  const isDocumentedPath = closedMatcher(config.documented ?? []);
  const frameworkDocs = config.frameworkDocs ?? true;
  // Most services name no id in the config: then no key is built per operation to look one up.
  const configIds = Object.keys(config.operationIds).length ? config.operationIds : undefined;
  return facts.map((fact) => {
    const doc = withOpenApiComment(fact.doc, fact.method, diagnostics);
    const tags = doc?.tags ?? NO_TAGS;
    // One pass over the tags: the first of each name, and the @tag values. Most routes have none.
    let first: ReadonlyMap<string, DocTag> = NO_FIRST;
    let tagNames: ReadonlySet<string> = NO_NAMES;
    if (tags.length) {
      const firsts = new Map<string, DocTag>();
      const names = new Set<string>();
      for (const t of tags) {
        if (!firsts.has(t.name)) firsts.set(t.name, t);
        if (t.name === "tag") {
          const name = t.text.trim();
          if (name) names.add(name);
        }
      }
      first = firsts;
      tagNames = names;
    }

    const configId = configIds?.[`${fact.method} ${fact.path}`];
    const idTag = first.get("operationId");
    const tagId = idTag?.text.trim();
    // Keys hold a space, so no key of an object's prototype can answer for one.
    // The framework's own name for the operation (`@ApiOperation({ operationId })`), else its handler's
    // name when the config asks for it: both brought into the id alphabet and settled like derived ids.
    const handlerId = doc?.operationId
      ? handlerOperationId(doc.operationId)
      : config.operationIdsFrom === "handler" && fact.handlerName
        ? handlerOperationId(fact.handlerName)
        : undefined;
    const operationId =
      tagId || configId || handlerId || (knownIds?.[`${fact.method} ${fact.path}`] ?? deriveOperationId(fact.method, fact.path));
    const scope = first.get("scope")?.text.trim() || undefined;
    const op: Operation = {
      operationId,
      idSource: tagId ? "tag" : configId ? "config" : handlerId ? "handler" : "derived",
      method: fact.method,
      path: fact.path,
      pathParams: fact.pathParams,
      permissions: fact.permissions,
      summary: doc?.summary ?? summaryFromHandler(fact.handlerLabel, fact.path) ?? summaryFromId(operationId),
      effect: effectOf(fact, first.get("effect"), diagnostics),
      documented: isDocumented(fact, first, doc?.from !== undefined && frameworkDocs, isDocumentedPath, diagnostics),
      closed: first.has("closed") || isClosedPath(fact.path) !== undefined,
      destructive: flag(first.get("destructive")),
      deprecated: first.has("deprecated"),
      tags: tagNames.size ? [...tagNames].sort() : [],
      examples: first.has("example") ? examplesOf(tags, diagnostics) : [],
      framework: fact.framework,
      site: fact.site,
    };
    // An empty key (`needsPermission("")`, often the code's "any signed-in user") names no permission, and the
    // artifacts have no blank keys: left out, and said.
    if (op.permissions.some(isBlank) || fact.anyOf?.some((g) => g.some(isBlank))) {
      op.permissions = op.permissions.filter((k) => !isBlank(k));
      const groups = (fact.anyOf ?? []).map((g) => g.filter((k) => !isBlank(k)));
      // A group that offered an empty key is passed without any: it asks for nothing.
      const kept = groups.filter((g, i) => g.length === fact.anyOf![i]!.length && g.length > 1);
      fact = { ...fact, ...(kept.length ? { anyOf: kept } : {}) };
      if (!kept.length) delete fact.anyOf;
      diagnostics.warning(
        "APX303",
        `\`${op.method} ${op.path}\` is checked for an empty permission key; an empty key names no permission, so the operation is indexed without it.`,
        fact.site,
        "Pass the key the check needs, or no check where any caller may pass.",
      );
    }
    // Optional fields are set only when present: the artifacts and the cache tell absent from empty.
    if (fact.anyOf) op.anyOf = fact.anyOf;
    if (fact.app) op.app = fact.app;
    if (fact.appInstance !== undefined) op.appInstance = fact.appInstance;
    if (fact.unresolved) op.unresolved = fact.unresolved;
    if (fact.passesOn) op.passesOn = true;
    if (fact.plainParams) op.plainParams = true;
    if (fact.readBy) op.readBy = fact.readBy;
    if (doc?.description) op.description = doc.description;
    if (doc?.responses) op.responseDescriptions = doc.responses;
    // A summary not written for apidex (a framework's, or a comment's first paragraph: only `@summary` is) is
    // shortened; an over-long `@summary` is an error (APX405).
    // (A comment's, only where the OpenAPI document publishes it: the index has no length limit.)
    if (
      op.summary.length > MAX_SUMMARY_LENGTH &&
      (doc?.summaryByFramework || (op.documented && !op.closed && !doc?.tags.some((t) => t.name === "summary")))
    )
      shortenSummary(
        op,
        diagnostics,
        doc?.summaryByFramework ? "The framework's summary" : "The doc comment's first paragraph, the summary,",
      );
    if (scope) op.scope = scope;
    if (doc) op.doc = doc;
    if (fact.handler) op.handler = fact.handler;
    if (fact.registration) op.registration = fact.registration;
    if (fact.handlerAt) op.handlerAt = fact.handlerAt;
    if (fact.registrationAt) op.registrationAt = fact.registrationAt;
    if (tagId === "" && idTag) {
      diagnostics.error("APX402", "@operationId has no value.", idTag.site, "Write the id after the tag: @operationId send_invoice");
    }
    return op;
  });
}

/**
 * Whether an operation goes into the OpenAPI document: `@documented`, a `documented` path glob, or a
 * framework doc convention that describes it; `@undocumented` (or the convention's hide flag) wins over
 * all three. An operation OpenAPI has no method for is documented only when `@documented` says so (and
 * validation reports it); otherwise it stays in the index only, with a warning.
 */
function isDocumented(
  fact: RouteFact,
  first: ReadonlyMap<string, DocTag>,
  byFramework: boolean,
  isDocumentedPath: (path: string) => string | undefined,
  diagnostics: DiagnosticBag,
): boolean {
  if (first.has("undocumented")) return false;
  if (first.has("documented")) return true;
  const glob = isDocumentedPath(fact.path);
  if (glob === undefined && !byFramework) return false;
  if (!(HTTP_METHODS as readonly string[]).includes(fact.method.toLowerCase())) {
    diagnostics.warning(
      "APX441",
      `${fact.method} ${fact.path} is ${glob ? `documented by the path pattern ${glob}` : "described by its framework's docs"}, but OpenAPI has no ${fact.method} operations; it stays in the index only.`,
      fact.site,
      "Register the route with a method OpenAPI knows, or add @undocumented to say it is meant.",
    );
    return false;
  }
  return true;
}

/**
 * A framework's summary over the length custom GPT actions accept: not an error (the text was not
 * written for apidex), but shortened at a sentence or word boundary, with the whole text kept at the
 * start of the description.
 */
function shortenSummary(op: Operation, diagnostics: DiagnosticBag, what: string): void {
  const full = op.summary;
  const room = full.slice(0, MAX_SUMMARY_LENGTH - 1);
  const sentence = /^(.*[.!?])\s/.exec(room)?.[1];
  const cut = sentence && sentence.length >= 40 ? sentence : `${room.replace(/\s+\S*$/, "")}…`;
  op.summary = cut;
  op.description = op.description ? `${full}\n\n${op.description}` : full;
  diagnostics.warning(
    "APX440",
    `${what} of ${op.method} ${op.path} has ${full.length} characters (custom GPT actions accept ${MAX_SUMMARY_LENGTH}); the summary is shortened and the whole text starts the description.`,
    op.site,
    "Shorten the summary, or end the comment's first paragraph with a blank line (the rest is the description).",
  );
}

const NO_TAGS: DocTag[] = [];
const NO_FIRST: ReadonlyMap<string, DocTag> = new Map();
const NO_NAMES: ReadonlySet<string> = new Set();

function effectOf(fact: RouteFact, tag: DocTag | undefined, diagnostics: DiagnosticBag): Effect {
  if (!tag) return deriveEffect(fact.method);
  const value = tag.text.trim();
  if ((EFFECTS as readonly string[]).includes(value)) return value as Effect;
  diagnostics.error(
    "APX404",
    `@effect ${value || "(empty)"} is not one of ${EFFECTS.join(", ")}.`,
    tag.site,
    "Write @effect read, @effect write or @effect remove.",
  );
  return deriveEffect(fact.method);
}

/** `@destructive` alone means true; `@destructive false` is allowed to state it explicitly. */
function flag(tag: DocTag | undefined): boolean {
  return tag !== undefined && tag.text.trim().toLowerCase() !== "false";
}

/** `@example request {json}` and `@example response 200 {json}`; other `@example`s are left alone. */
function examplesOf(tags: DocTag[], diagnostics: DiagnosticBag): OperationExample[] {
  const out: OperationExample[] = [];
  for (const tag of tags) {
    if (tag.name !== "example") continue;
    const match = /^(request|response)(?:\s+(\d{3}|default))?\s*([\s\S]*)$/.exec(tag.text);
    if (!match) continue;
    const kind = match[1] as "request" | "response";
    const status = match[2];
    const json = match[3]!.trim();
    if (kind === "response" && !status) {
      diagnostics.error("APX410", "@example response needs a status code.", tag.site, 'Write @example response 200 {"id": "..."}');
      continue;
    }
    try {
      out.push({ kind, ...(status ? { status } : {}), value: JSON.parse(json) as unknown, site: tag.site });
    } catch (error) {
      diagnostics.error(
        "APX411",
        `@example ${kind}${status ? ` ${status}` : ""} is not valid JSON: ${(error as Error).message}.`,
        tag.site,
        "Write the example as JSON after the tag (it may span several lines).",
      );
    }
  }
  return out;
}

/**
 * An id from the framework's handler name, as @nestjs/swagger names operations (`UsersController_findAll`),
 * in the id alphabet: `users_find_all`. Two handlers of the same name are settled like derived ids.
 */
export function handlerOperationId(handlerName: string): string {
  return cleanId(words(handlerName.replace(/Controller(?=_|$)/, "")), "HANDLER", handlerName);
}

const isBlank = (key: string): boolean => key.trim() === "";
