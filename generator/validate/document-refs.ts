/**
 * The last check of the OpenAPI document before it is written: every `$ref` names a component the
 * document has. A dangling one would make the artifact invalid for every tool that reads it (a generator
 * defect, never the service's), so it stops the run rather than being written.
 */
import type { DiagnosticBag } from "../diagnostics/diagnostic.js";

const PREFIX = "#/components/schemas/";

/** Reports each `$ref` of `document` that names no component (as APX409, an error), with where it is. */
export function checkDocumentRefs(document: unknown, diagnostics: DiagnosticBag): void {
  const components = (document as { components?: { schemas?: Record<string, unknown> } }).components?.schemas ?? {};
  const walk = (value: unknown, at: string): void => {
    if (Array.isArray(value)) value.forEach((item, i) => walk(item, `${at}/${i}`));
    else if (value && typeof value === "object") {
      const ref = (value as { $ref?: unknown }).$ref;
      if (typeof ref === "string" && !(ref.startsWith(PREFIX) && Object.hasOwn(components, ref.slice(PREFIX.length))))
        diagnostics.error(
          "APX409",
          `The OpenAPI document would hold \`$ref: ${JSON.stringify(ref)}\` at ${at}, which names no component: apidex made a schema it could not name. Nothing is written.`,
          undefined,
          "This is a defect of apidex, not of the service: please report it with the schema at that place; --strict is not involved.",
        );
      for (const [key, inner] of Object.entries(value)) walk(inner, `${at}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`);
    }
  };
  walk(document, "#");
}
