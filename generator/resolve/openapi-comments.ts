import { parse } from "yaml";
import type { DiagnosticBag } from "../diagnostics/diagnostic.js";
import type { DocComment } from "./doc-comment.js";
import { type DocFields, docFromFields, mergeDocs } from "./framework-docs.js";

/** The tags swagger-jsdoc reads: an OpenAPI fragment in YAML. */
const FRAGMENT_TAGS = new Set(["openapi", "swagger"]);

/**
 * swagger-jsdoc's convention: a `@openapi` (or `@swagger`) tag above a route holds an OpenAPI fragment in
 * YAML, `/path: { get: { summary, description, tags, operationId, deprecated, responses } }`. The
 * fragment's operation for the route's method documents the route, whatever path the fragment spells
 * (it is often relative to a server URL or a mount point the comment cannot know). The comment's own
 * prose and tags win, field by field. A fragment that is not YAML is a warning; one with no operation for
 * the method (`components:` only) says nothing of the route.
 */
export function withOpenApiComment(doc: DocComment | undefined, method: string, diagnostics: DiagnosticBag): DocComment | undefined {
  const tag = doc?.tags.find((t) => FRAGMENT_TAGS.has(t.name));
  if (!doc || !tag) return doc;
  let fragment: unknown;
  try {
    fragment = parse(tag.text);
  } catch (error) {
    diagnostics.warning(
      "APX442",
      `The @${tag.name} fragment is not valid YAML (${(error as Error).message.split("\n")[0]}); the route keeps the rest of its documentation.`,
      tag.site,
      "Fix the YAML (swagger-jsdoc would reject it too).",
    );
    return doc;
  }
  const operation = operationFor(fragment, method.toLowerCase());
  if (!operation) return doc;
  const fields: DocFields = {};
  const text = (v: unknown) => (typeof v === "string" && v.trim() ? v : undefined);
  const summary = text(operation.summary);
  const description = text(operation.description);
  const operationId = text(operation.operationId);
  if (summary) fields.summary = summary;
  if (description) fields.description = description;
  if (operationId) fields.operationId = operationId.trim();
  if (Array.isArray(operation.tags)) {
    const tags = operation.tags.filter((t): t is string => typeof t === "string" && t.trim() !== "");
    if (tags.length) fields.tags = tags;
  }
  if (operation.deprecated === true) fields.deprecated = true;
  const responses: Record<string, string> = {};
  for (const [status, response] of Object.entries(isRecord(operation.responses) ? operation.responses : {})) {
    const d = isRecord(response) ? text(response.description) : undefined;
    if (/^[1-5]\d\d$/.test(status) && d) responses[status] = d.trim();
  }
  if (Object.keys(responses).length) fields.responses = responses;
  const written: DocComment = { ...doc, tags: doc.tags.filter((t) => !FRAGMENT_TAGS.has(t.name)) };
  return mergeDocs(written, docFromFields(fields, tag.site, "swagger-jsdoc", true));
}

/** The fragment's operation for `method`: under the one path it documents (or the first that has it). */
function operationFor(fragment: unknown, method: string): Record<string, unknown> | undefined {
  if (!isRecord(fragment)) return undefined;
  const paths = isRecord(fragment.paths) ? fragment.paths : fragment;
  for (const [key, item] of Object.entries(paths)) {
    if (!key.startsWith("/") || !isRecord(item)) continue;
    const operation = item[method];
    if (isRecord(operation)) return operation;
  }
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
