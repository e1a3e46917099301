/**
 * Packages that add routes apidex does not read: file routers that walk a folder at start-up
 * (`express-router-fs`'s `setupFileRouter(app)`, `file-router-express`, `express-file-router-2`),
 * table-driven routers of other projects. A router package apidex reads is an adapter's, and its values are
 * routers, not the run-time values these make; so a value of a package named for routing that reaches a mount,
 * or a call of one given the app, is reported (APX210) instead of leaving the routes it adds out without a word.
 */
import { ts } from "../typescript.js";
import { unwrapExpression } from "./syntax.js";

/** A package whose name says it routes: `router`, `routes`, `routing`, `fs-router` in any part of it. */
const ROUTING = /(^|[-_./@])(?:[a-z]*-)?rout(?:e|er|es|ing)s?(?:$|[-_./])/i;

/**
 * Routing packages an adapter reads, whose calls one adapter's run leaves to another (routing-controllers'
 * `useExpressServer(app, ...)` runs in the Express adapter's run too): not reported.
 */
const READ = new Set([
  "@koa/router",
  "express-enrouten",
  "express-file-routing",
  "express-promise-router",
  "itty-router",
  "koa-route",
  "koa-router",
  "remix-flat-routes",
  "restify-router",
  "routing-controllers",
  "swagger-routes-express",
]);
const READ_SCOPES = /^@(?:react-router|remix-run|tanstack)\/|^react-router(?:-dom)?$/;

/** Whether a package's name says it adds routes and no adapter reads it (not a Node built-in or a path of the sources). */
export function isRoutingPackage(module: string): boolean {
  return !/^[./]|^node:/.test(module) && ROUTING.test(module) && !READ.has(module) && !READ_SCOPES.test(module);
}

/**
 * The routing package an expression's value comes from (`await router({ directory })`, `fileRouter.make()`):
 * the module its root name is imported or required from, when that is a routing package.
 */
export function routingPackageOf(node: ts.Expression): string | undefined {
  let inner = unwrapExpression(node);
  while (ts.isAwaitExpression(inner) || ts.isCallExpression(inner) || ts.isPropertyAccessExpression(inner))
    inner = unwrapExpression(inner.expression);
  if (!ts.isIdentifier(inner)) return undefined;
  const module = moduleOf(inner.text, inner.getSourceFile());
  return module && isRoutingPackage(module) ? module : undefined;
}

/** The module a file imports or requires a name from. */
function moduleOf(name: string, file: ts.SourceFile): string | undefined {
  for (const statement of file.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const clause = statement.importClause;
      const bindings = clause?.namedBindings;
      if (
        clause?.name?.text === name ||
        (bindings && ts.isNamespaceImport(bindings) && bindings.name.text === name) ||
        (bindings && ts.isNamedImports(bindings) && bindings.elements.some((e) => e.name.text === name))
      )
        return statement.moduleSpecifier.text;
    }
    if (ts.isVariableStatement(statement))
      for (const declaration of statement.declarationList.declarations) {
        const init = declaration.initializer && unwrapExpression(declaration.initializer);
        const names = ts.isIdentifier(declaration.name)
          ? [declaration.name.text]
          : ts.isObjectBindingPattern(declaration.name)
            ? declaration.name.elements.flatMap((e) => (ts.isIdentifier(e.name) ? [e.name.text] : []))
            : [];
        if (!names.includes(name) || !init) continue;
        // `const fileRouter = require("express-file-routing")`, `const { router } = require(...)`.
        let call: ts.Expression = init;
        while (ts.isPropertyAccessExpression(call)) call = unwrapExpression(call.expression);
        if (
          ts.isCallExpression(call) &&
          ts.isIdentifier(call.expression) &&
          call.expression.text === "require" &&
          call.arguments[0] &&
          ts.isStringLiteral(call.arguments[0])
        )
          return call.arguments[0].text;
      }
  }
  return undefined;
}
