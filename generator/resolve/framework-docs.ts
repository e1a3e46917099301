import type { SourceSite } from "../diagnostics/diagnostic.js";
import { type DocComment, type DocTag, oneLine } from "./doc-comment.js";
import { stringsOf, type Value } from "./values.js";

/**
 * What a framework's own documentation convention says of a route: @nestjs/swagger's `@ApiOperation`,
 * a Fastify route `schema`, hono-openapi's `describeRoute()`, @hono/zod-openapi's `createRoute()`.
 */
export interface DocFields {
  summary?: string;
  description?: string;
  tags?: string[];
  deprecated?: boolean;
  operationId?: string;
  /** Kept out of the OpenAPI document (`@ApiExcludeEndpoint`, `schema.hide`, `hide: true`). */
  hidden?: boolean;
  /** Response descriptions by status code (`responses: { 200: { description } }`). */
  responses?: Record<string, string>;
}

/** Which property of an options object holds each field; frameworks agree on most names. */
export interface DocFieldNames {
  summary?: string;
  description?: string;
  tags?: string;
  deprecated?: string;
  operationId?: string;
  hide?: string;
}

const STANDARD_NAMES: Required<DocFieldNames> = {
  summary: "summary",
  description: "description",
  tags: "tags",
  deprecated: "deprecated",
  operationId: "operationId",
  hide: "hide",
};

/**
 * The documentation fields of an evaluated options object (`{ summary, description, tags, deprecated,
 * operationId, hide }`, or the property names `names` gives). Fields that are not static strings or
 * booleans are left out: the route keeps the rest of its documentation.
 */
export function docFieldsOf(value: Value | undefined, names: DocFieldNames = STANDARD_NAMES): DocFields {
  if (value?.kind !== "object") return {};
  const text = (name: string | undefined) => {
    const v = name ? value.props.get(name) : undefined;
    return v?.kind === "string" && v.value.trim() ? v.value : undefined;
  };
  const flag = (name: string | undefined) => {
    const v = name ? value.props.get(name) : undefined;
    return v?.kind === "boolean" ? v.value : undefined;
  };
  const tagValue = names.tags ? value.props.get(names.tags) : undefined;
  const tags = tagValue ? stringsOf(tagValue)?.filter((t) => t.trim()) : undefined;
  const fields: DocFields = {};
  const summary = text(names.summary);
  const description = text(names.description);
  const operationId = text(names.operationId);
  if (summary) fields.summary = summary;
  if (description) fields.description = description;
  if (tags?.length) fields.tags = tags;
  if (flag(names.deprecated)) fields.deprecated = true;
  if (operationId) fields.operationId = operationId.trim();
  if (flag(names.hide)) fields.hidden = true;
  const responses = responseDescriptions(value.props.get("responses") ?? value.props.get("response"));
  if (responses) fields.responses = responses;
  return fields;
}

/** `{ 200: { description: "..." }, "404": { description } }`: the static descriptions by status. */
export function responseDescriptions(value: Value | undefined): Record<string, string> | undefined {
  if (value?.kind !== "object") return undefined;
  const out: Record<string, string> = {};
  for (const [status, response] of value.props) {
    const description = response.kind === "object" ? response.props.get("description") : undefined;
    if (/^[1-5]\d\d$/.test(status) && description?.kind === "string" && description.value.trim()) out[status] = description.value.trim();
  }
  return Object.keys(out).length ? out : undefined;
}

/**
 * The fields as a doc comment, as if the JSDoc had said them: the summary (or, without one, the first
 * paragraph of the description), the description, and `@tag`, `@deprecated` and `@undocumented` tags.
 * `from` names the convention, so the model can tell them from a written comment. An `operationId` is
 * kept apart from `@operationId`: it is the framework's name, brought into the id alphabet by the model.
 */
export function docFromFields(
  fields: DocFields,
  site: SourceSite,
  from: string,
  /** The route is documented by being declared this way (a `createRoute` definition), fields or not. */
  declares = false,
): DocComment | undefined {
  const tags: DocTag[] = [];
  for (const name of fields.tags ?? []) tags.push({ name: "tag", text: name.trim(), site });
  if (fields.deprecated) tags.push({ name: "deprecated", text: "", site });
  if (fields.hidden) tags.push({ name: "undocumented", text: "", site });
  let summary = fields.summary ? oneLine(fields.summary) : undefined;
  let description = fields.description?.trim();
  if (!summary && description) {
    // A description alone: its first paragraph is the summary, as in a doc comment.
    const [first, ...rest] = description.split(/\n\s*\n/);
    summary = oneLine(first!);
    description = rest.length ? rest.join("\n\n").trim() : undefined;
  }
  if (!declares && !summary && !description && !tags.length && !fields.operationId && !fields.responses) return undefined;
  return {
    ...(summary ? { summary } : {}),
    ...(description ? { description } : {}),
    tags,
    site,
    from: [from],
    ...(summary ? { summaryByFramework: true as const } : {}),
    ...(fields.responses ? { responses: fields.responses } : {}),
    ...(fields.operationId ? { operationId: fields.operationId } : {}),
  };
}

/**
 * One route's documentation from a written doc comment and a framework's convention. The comment wins
 * field by field: its summary, its description, and each tag name it uses (its `@tag`s replace the
 * convention's tags). Either may be absent.
 */
export function mergeDocs(written: DocComment | undefined, framework: DocComment | undefined): DocComment | undefined {
  if (!framework) return written;
  if (!written) return framework;
  const writtenNames = new Set(written.tags.map((t) => t.name));
  const tags = [...written.tags, ...framework.tags.filter((t) => !writtenNames.has(t.name))];
  const summary = written.summary ?? framework.summary;
  const description = written.description ?? framework.description;
  const from = [...new Set([...(written.from ?? []), ...(framework.from ?? [])])];
  const operationId = written.operationId ?? framework.operationId;
  return {
    ...(summary ? { summary } : {}),
    ...(description ? { description } : {}),
    tags,
    site: written.site,
    ...(from.length ? { from } : {}),
    ...(operationId ? { operationId } : {}),
    ...(!written.summary && framework.summaryByFramework ? { summaryByFramework: true as const } : {}),
    ...(written.responses || framework.responses ? { responses: { ...framework.responses, ...written.responses } } : {}),
  };
}
