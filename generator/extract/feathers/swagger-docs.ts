import type { SourceSite } from "../../diagnostics/diagnostic.js";
import type { DocComment } from "../../resolve/doc-comment.js";
import { docFromFields } from "../../resolve/framework-docs.js";
import type { Interpreter } from "../../resolve/interpreter.js";
import { stringsOf, type Value } from "../../resolve/values.js";

/**
 * feathers-swagger's documentation of a service, by service method: the `docs` object set on the service
 * (`service.docs = {...}`, a class field `docs = {...}`) or given in the registration's options (Feathers 5,
 * `createSwaggerServiceOptions({ docs })`): `operations.<method>.summary` / `.description` (each method's),
 * `description` (the service's, the methods' description when they have none), `tag` / `tags`.
 */
export function featherSwaggerDoc(
  service: Value,
  options: Value | undefined,
  interpreter: Interpreter,
  site: SourceSite,
): Map<string, DocComment> | undefined {
  void interpreter;
  const docs =
    (options?.kind === "object" ? options.props.get("docs") : undefined) ??
    (service.kind === "instance" || service.kind === "object" ? service.props?.get("docs") : undefined);
  if (docs?.kind !== "object") return undefined;
  const text = (v: Value | undefined) => (v?.kind === "string" ? v.value : undefined);
  const serviceDescription = text(docs.props.get("description"));
  const tags = stringsOf(docs.props.get("tags") ?? docs.props.get("tag") ?? { kind: "undefined" });
  const operations = docs.props.get("operations");
  const out = new Map<string, DocComment>();
  for (const method of ["find", "get", "create", "update", "patch", "remove"]) {
    const op = operations?.kind === "object" ? operations.props.get(method) : undefined;
    // `operations: { update: false }`: feathers-swagger leaves the method out of the document.
    const fields = op?.kind === "object" ? op.props : new Map<string, Value>();
    const summary = text(fields.get("summary"));
    const description = text(fields.get("description")) ?? serviceDescription;
    const doc = docFromFields(
      {
        ...(summary ? { summary } : {}),
        ...(description ? { description } : {}),
        ...(tags?.length ? { tags } : {}),
      },
      site,
      "feathers-swagger",
    );
    if (doc) out.set(method, doc);
  }
  return out.size ? out : undefined;
}
