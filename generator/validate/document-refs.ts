/**
 * The last check of the OpenAPI document before it is written: every `$ref` names a component the
 * document has. A dangling one would make the artifact invalid for every tool that reads it; it comes from a
 * schema the service names where apidex does not read it (a `$ref` written in a schema's OpenAPI metadata to
 * a component registered elsewhere) or from a defect of apidex. Valid code is never fatal: the reference is
 * taken out, the schema there left unconstrained, and a warning says where.
 */
import type { DiagnosticBag } from "../diagnostics/diagnostic.js";

const PREFIX = "#/components/schemas/";

/**
 * Takes each `$ref` of `document` that names no component out of its schema object (the object's other
 * keywords stay), reporting each as APX409 (a warning) with where it was.
 */
export function repairDocumentRefs(document: unknown, diagnostics: DiagnosticBag): void {
  const components = (document as { components?: { schemas?: Record<string, unknown> } }).components?.schemas ?? {};
  const walk = (value: unknown, at: string): void => {
    if (Array.isArray(value)) value.forEach((item, i) => walk(item, `${at}/${i}`));
    else if (value && typeof value === "object") {
      const ref = (value as { $ref?: unknown }).$ref;
      if (typeof ref === "string" && !(ref.startsWith(PREFIX) && Object.hasOwn(components, ref.slice(PREFIX.length)))) {
        delete (value as { $ref?: unknown }).$ref;
        diagnostics.warning(
          "APX409",
          `The OpenAPI document would hold \`$ref: ${JSON.stringify(ref)}\` at ${at}, which names no component: the reference is left out, and the schema there says nothing of that value.`,
          undefined,
          'Name the schema where apidex reads it (a module-level const, `.openapi("Name")` on the schema itself); if the service names it nowhere, this is a defect of apidex: please report it with the schema at that place.',
        );
      }
      for (const [key, inner] of Object.entries(value)) walk(inner, `${at}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`);
    }
  };
  walk(document, "#");
}
