import { type DiagnosticBag, siteOf } from "../../diagnostics/diagnostic.js";
import type { DocComment } from "../../resolve/doc-comment.js";
import { docFieldsOf, docFromFields } from "../../resolve/framework-docs.js";
import { literalValue } from "../../resolve/literal-value.js";
import { jsonValue } from "../../resolve/values.js";
import { ts } from "../../typescript.js";

/**
 * Nitro's (and Nuxt's) OpenAPI convention: a server route file declares its documentation beside its
 * handler, `defineRouteMeta({ openAPI: { summary, description, tags, operationId, deprecated, responses } })`,
 * which Nitro's experimental `openAPI` publishes. The call is a build-time macro that Nitro reads from the
 * file's top level as a literal (it is not run with the module), so apidex reads it the same way: the
 * literal's fields, the routes of the file documented, fields or not. An `openAPI` that is not a literal
 * is a warning (APX444): the file's routes stay undocumented by it.
 */
export function nitroRouteMetaDoc(file: ts.SourceFile, diagnostics: DiagnosticBag): DocComment | undefined {
  if (!file.text.includes("defineRouteMeta")) return undefined;
  for (const statement of file.statements) {
    const call = ts.isExpressionStatement(statement) ? statement.expression : undefined;
    if (!call || !ts.isCallExpression(call) || !ts.isIdentifier(call.expression) || call.expression.text !== "defineRouteMeta") continue;
    const argument = call.arguments[0];
    const meta = argument && ts.isObjectLiteralExpression(argument) ? argument : undefined;
    const property = meta?.properties.find(
      (p) => ts.isPropertyAssignment(p) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) && p.name.text === "openAPI",
    );
    // Route meta without `openAPI` says nothing of the documentation.
    if (meta && !property) return undefined;
    const openAPI = property && ts.isPropertyAssignment(property) ? literalValue(property.initializer) : undefined;
    if (!openAPI || typeof openAPI !== "object" || Array.isArray(openAPI)) {
      diagnostics.warning(
        "APX444",
        "Nitro's defineRouteMeta() is given an `openAPI` that is not an object literal: apidex reads it as Nitro does, from the literal, so the route is not documented by it.",
        siteOf(argument ?? call),
        'Write the route meta as a literal (`defineRouteMeta({ openAPI: { summary: "..." } })`).',
      );
      return undefined;
    }
    return docFromFields(docFieldsOf(jsonValue(openAPI)), siteOf(call), "nitro", true);
  }
  return undefined;
}
