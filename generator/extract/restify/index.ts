import { ts } from "../../typescript.js";
import type { FrameworkAdapter } from "../adapter.js";
import { extractExpressStyle } from "../express/index.js";
import { importedPackages, localNamesOf } from "../shared.js";
import { RESTIFY_METHODS, RestifyHost } from "./restify-host.js";

const RESTIFY_PACKAGES = new Set(["restify", "restify-router"]);

/**
 * restify 7 to 11 (and restify-router): Express's extraction with the restify host (restify-host.ts). Every
 * server is a root; routes are read as Express's, paths in Express's syntax (restify's `:id`, `*`, `:id(re)`).
 */
export const restifyAdapter: FrameworkAdapter = {
  name: "restify",
  detect: (sources) => sources.files.some((file) => importedPackages(file).some((p) => RESTIFY_PACKAGES.has(p))),
  extract(sources, options, diagnostics) {
    const facts = extractExpressStyle(
      { framework: "restify", host: (d) => new RestifyHost(d), createsApp: createsServer, methods: RESTIFY_METHODS },
      sources,
      options,
      diagnostics,
    );
    // A restify route's handlers end with `next()` as a rule (`res.send(x); return next()`): the chain ends
    // there, no later registration answers after it, so no route is a gate of another (RouteLayer.passesOn).
    for (const fact of facts) delete fact.passesOn;
    return facts;
  },
};

/** `restify.createServer(...)`, or `createServer(...)` imported from restify. */
function createsServer(call: ts.CallExpression | ts.NewExpression, file: ts.SourceFile): boolean {
  const callee = call.expression;
  const names = localNamesOf(file, "restify");
  if (ts.isPropertyAccessExpression(callee))
    return callee.name.text === "createServer" && ts.isIdentifier(callee.expression) && names.has(callee.expression.text);
  return ts.isIdentifier(callee) && callee.text === "createServer" && importsCreateServer(file);
}

function importsCreateServer(file: ts.SourceFile): boolean {
  return file.statements.some(
    (s) =>
      ts.isImportDeclaration(s) &&
      ts.isStringLiteral(s.moduleSpecifier) &&
      s.moduleSpecifier.text === "restify" &&
      !!s.importClause?.namedBindings &&
      ts.isNamedImports(s.importClause.namedBindings) &&
      s.importClause.namedBindings.elements.some((e) => (e.propertyName ?? e.name).text === "createServer"),
  );
}
