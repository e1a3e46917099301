import { dereference, type OutputUnit, type Schema, validate } from "@cfworker/json-schema";
import type { DiagnosticBag } from "../diagnostics/diagnostic.js";
import type { Operation } from "../model/operation.js";
import type { JsonSchema } from "../resolve/types/index.js";

const BASE = "https://apidex.invalid/";
const COMPONENTS_ID = `${BASE}components`;

/**
 * Keywords whose errors only say that something below them failed; the failure itself is reported at
 * the deeper location, so these would repeat it.
 */
const WRAPPERS = new Set([
  "$ref",
  "properties",
  "items",
  "prefixItems",
  "allOf",
  "patternProperties",
  "dependentSchemas",
  "additionalItems",
  "unevaluatedItems",
]);

/** Keywords that reject a property by name; the `false` schema they apply below says nothing more. */
const PROPERTY_REJECTIONS = new Set(["additionalProperties", "unevaluatedProperties"]);

/**
 * Validates every worked example against the schema derived for it (JSON Schema 2020-12, with the
 * document's components). A mismatch names the operation and the failing JSON path.
 *
 * An interpreting validator, not a compiling one: each schema is used once or twice per run, so
 * generating code for it (ajv) costs far more than walking it.
 */
export function validateExamples(operations: Operation[], components: Record<string, JsonSchema>, diagnostics: DiagnosticBag): void {
  const checker = new ExampleChecker(components);
  for (const op of operations) {
    if (!op.documented || op.closed || !op.shapes) continue;
    for (const example of op.examples) {
      const what = example.kind === "request" ? "request" : `response ${example.status}`;
      const schema = example.kind === "request" ? op.shapes.body : op.shapes.responses.find((r) => r.status === example.status)?.schema;
      if (!schema) {
        diagnostics.warning(
          "APX512",
          `The ${what} example of ${op.operationId} has no schema to check it against: the operation declares no ${example.kind === "request" ? "request body type" : `JSON response with status ${example.status}`}.`,
          example.site,
          example.kind === "request"
            ? "Type the body (Request<P, Res, Body>) or add @body Type."
            : "Fix the status, or add @response <status> Type.",
        );
        continue;
      }
      if (JSON.stringify(schema).includes("x-apidex-unreadable")) continue; // already reported where the type is
      for (const message of checker.check(schema, example.value)) {
        diagnostics.error(
          "APX511",
          `The ${what} example of ${op.operationId} does not match its schema ${message}.`,
          example.site,
          "Fix the example or the type it is checked against.",
        );
      }
    }
  }
}

/** Checks values against schemas that may point into the document's components. */
export class ExampleChecker {
  private readonly lookup: ReturnType<typeof dereference>;
  private readonly prepared = new Map<string, Schema>();

  constructor(components: Record<string, JsonSchema>) {
    // The components are registered once under an id; each schema checked points into them.
    this.lookup = dereference({ $id: COMPONENTS_ID, $defs: reroute(components) } as Schema);
  }

  /** What is wrong with `value` (`at /pointer: problem`), or nothing when it matches. */
  check(schema: JsonSchema, value: unknown): string[] {
    const result = validate(value, this.prepare(schema), "2020-12", this.lookup, false);
    return result.valid ? [] : describe(result.errors);
  }

  private prepare(schema: JsonSchema): Schema {
    const text = JSON.stringify(schema);
    let root = this.prepared.get(text);
    if (!root) {
      root = { ...(reroute(schema) as Schema), $id: `${BASE}schema/${this.prepared.size}` };
      dereference(root, this.lookup);
      this.prepared.set(text, root);
    }
    return root;
  }
}

/** The failures themselves, one line each, without the wrappers that repeat them. */
function describe(errors: OutputUnit[]): string[] {
  const rejectedAt = new Set(errors.filter((e) => PROPERTY_REJECTIONS.has(e.keyword)).map((e) => e.instanceLocation));
  const lines: string[] = [];
  for (const e of errors) {
    if (WRAPPERS.has(e.keyword)) continue;
    const parent = e.instanceLocation.slice(0, e.instanceLocation.lastIndexOf("/"));
    if (e.keyword === "false" && rejectedAt.has(parent)) continue;
    const message = e.keyword === "false" ? "no value is allowed here" : e.error.replace(/\.$/, "");
    lines.push(`at ${pointerOf(e.instanceLocation)}: ${message}`);
  }
  return [...new Set(lines)];
}

/** `#/items/0` to `/items/0`, the JSON pointer the diagnostics print. */
function pointerOf(location: string): string {
  return location.slice(1) || "(the whole example)";
}

/** A deep copy whose component references point at the registered components (the validator marks schemas it reads). */
function reroute(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value).replaceAll('"#/components/schemas/', `"${COMPONENTS_ID}#/$defs/`));
}
