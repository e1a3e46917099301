import { parse } from "yaml";
import type { DiagnosticBag } from "../diagnostics/diagnostic.js";
import type { DocComment, DocTag } from "./doc-comment.js";
import { type DocFields, docFromFields, mergeDocs } from "./framework-docs.js";

/** The tags swagger-jsdoc reads: an OpenAPI fragment in YAML. */
const FRAGMENT_TAGS = new Set(["openapi", "swagger"]);

/**
 * swagger-jsdoc's convention: a `@openapi` (or `@swagger`) tag above a route holds an OpenAPI fragment in
 * YAML, `/path: { get: { summary, description, tags, operationId, deprecated, responses } }`. The
 * fragment's operation for the route's method documents the route, whatever path the fragment spells
 * (it is often relative to a server URL or a mount point the comment cannot know). The comment's own
 * prose and tags win, field by field. A fragment that is not YAML is a warning; one with no operation for
 * the method (`components:` only) says nothing of the route. A bare `@openapi` is next-openapi-gen's marker.
 */
export function withOpenApiComment(doc: DocComment | undefined, method: string, diagnostics: DiagnosticBag): DocComment | undefined {
  const tag = doc?.tags.find((t) => FRAGMENT_TAGS.has(t.name));
  if (!doc || !tag) return doc;
  // A bare `@openapi` holds no fragment: it is next-openapi-gen's marker.
  if (tag.name === "openapi" && !tag.text.trim()) return nextOpenApiGenDoc(doc, tag, method);
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

/**
 * next-openapi-gen's convention: a bare `@openapi` (nothing after it) puts a route handler in the project's
 * spec (its `includeOpenApiRoutes` option), so it documents the operation, as `@documented` does. The
 * block's tags that have an apidex equivalent are read as next-openapi-gen reads them: `@description` adds
 * to the description; `@response 200:Type` is `@response 200 Type`, and `@response Type` names the body of
 * next-openapi-gen's default status (201 for POST, 204 for DELETE, else 200); `@params Type` and
 * `@queryParams Type` are `@query Type`; `@body Type` is apidex's own. Their types are read as apidex's tags
 * read them, a `Name` or `Name[]` declared or imported in the comment's file (next-openapi-gen also finds a
 * type by name in its schema folder: one apidex cannot find is a warning, APX506, and the handler's types give
 * the shape). A type written otherwise (`Page<User>`)
 * is left to the handler's types rather than reported as a malformed apidex tag. The other tags (`@auth`, a
 * security scheme and not a permission; `@pathParams`, `@responseSet`, ...) have no equivalent and are ignored.
 */
function nextOpenApiGenDoc(doc: DocComment, marker: DocTag, method: string): DocComment {
  const tags: DocTag[] = [{ name: "documented", text: "", site: marker.site }];
  const descriptions = doc.description ? [doc.description] : [];
  const hasQuery = doc.tags.some((t) => t.name === "query");
  for (const tag of doc.tags) {
    if (tag === marker) continue;
    const text = tag.text.split("\n")[0]!.trim();
    if (tag.name === "description") {
      if (tag.text.trim()) descriptions.push(tag.text.trim());
    } else if (tag.name === "response") {
      const response = nextResponse(text, method);
      if (response) tags.push({ ...tag, text: response, borrowed: true });
    } else if (tag.name === "params" || tag.name === "queryParams") {
      if (!hasQuery && READABLE_TYPE.test(text)) tags.push({ ...tag, name: "query", text, borrowed: true });
    } else if (tag.name === "body") {
      if (READABLE_TYPE.test(text)) tags.push({ ...tag, text, borrowed: true });
    } else {
      tags.push(tag);
    }
  }
  const read: DocComment = { ...doc, tags };
  if (descriptions.length) read.description = descriptions.join("\n\n");
  return read;
}

/** A type name apidex's type tags read: `Name` or `Name[]`, declared or imported in the comment's file. */
const READABLE_TYPE = /^[A-Za-z_$][\w$]*(\[\])?$/;

/**
 * next-openapi-gen's `@response` as apidex's: a status alone (`204`) as it is, `200:Type`, `200 Type` and
 * `Type` (at the method's default status) as `200 Type`; undefined for a type apidex cannot read.
 */
function nextResponse(text: string, method: string): string | undefined {
  if (/^\d{3}$/.test(text)) return text;
  const match = /^(?:(\d{3})(?:\s*:\s*|\s+))?(\S.*)$/.exec(text);
  const type = match?.[2]?.trim();
  if (!match || !type || !READABLE_TYPE.test(type)) return undefined;
  return `${match[1] ?? defaultSuccessStatus(method)} ${type}`;
}

/** The status next-openapi-gen gives a `@response` without one. */
function defaultSuccessStatus(method: string): string {
  const upper = method.toUpperCase();
  return upper === "POST" ? "201" : upper === "DELETE" ? "204" : "200";
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
