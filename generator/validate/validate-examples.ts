import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { DiagnosticBag } from "../diagnostics/diagnostic.js";
import type { Operation } from "../model/operation.js";
import type { JsonSchema } from "../resolve/types/index.js";

const DOCUMENT_ID = "apidex:document";

/**
 * Validates every worked example against the schema derived for it (JSON Schema 2020-12, with the
 * document's components). A mismatch names the operation and the failing JSON path.
 */
export function validateExamples(operations: Operation[], components: Record<string, JsonSchema>, diagnostics: DiagnosticBag): void {
  const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: true });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  // The components are added once under an id; each example's schema points into it, so compiling one
  // example does not recompile (or re-traverse) every component.
  ajv.addSchema({ $id: DOCUMENT_ID, components: { schemas: components } });
  const compiled = new Map<string, ReturnType<typeof ajv.compile>>();
  const compile = (schema: JsonSchema) => {
    const text = JSON.stringify(schema).replaceAll('"#/components/schemas/', `"${DOCUMENT_ID}#/components/schemas/`);
    let validate = compiled.get(text);
    if (!validate) {
      validate = ajv.compile(JSON.parse(text) as JsonSchema);
      compiled.set(text, validate);
    }
    return validate;
  };

  for (const op of operations) {
    if (!op.documented || op.closed || !op.shapes) continue;
    for (const example of op.examples) {
      const what = example.kind === "request" ? "request" : `response ${example.status}`;
      const schema = example.kind === "request" ? op.shapes.body : op.shapes.responses.find((r) => r.status === example.status)?.schema;
      if (!schema) {
        diagnostics.error(
          "APX512",
          `The ${what} example of ${op.operationId} has no schema to check it against: the operation declares no ${example.kind === "request" ? "request body type" : `JSON response with status ${example.status}`}.`,
          example.site,
          example.kind === "request" ? "Type the body (Request<P, Res, Body>) or add @body Type." : "Fix the status, or add @response <status> Type.",
        );
        continue;
      }
      if (JSON.stringify(schema).includes("x-apidex-error")) continue; // already reported where the type is
      const validate = compile(schema);
      if (validate(example.value)) continue;
      for (const error of validate.errors ?? []) {
        const at = error.instancePath || "(the whole example)";
        diagnostics.error("APX511", `The ${what} example of ${op.operationId} does not match its schema at ${at}: ${error.message}${error.params && "additionalProperty" in error.params ? ` (${String(error.params.additionalProperty)})` : ""}.`, example.site, "Fix the example or the type it is checked against.");
      }
    }
  }
}
