import { Interpreter } from "../../resolve/interpreter.js";
import { type FrameworkAdapter, interpreterOptionsOf } from "../adapter.js";
import { flattenApp, ofApp } from "../flatten.js";
import type { RouteFact } from "../route-fact.js";
import { ts } from "../../typescript.js";
import { dedupe, importedPackages, localNamesOf, reportUnmounted, reportUnreached, runAppFactories } from "../shared.js";
import { GLUE_MODULE, HAPI_METHODS, HapiHost } from "./hapi-host.js";
import { hapiToOpenApi } from "./path-syntax.js";

/** hapi (`@hapi/hapi`, or `hapi` before it moved): every server is a root; plugins land under their prefix. */
export const hapiAdapter: FrameworkAdapter = {
  name: "hapi",
  // Glue (`@hapi/glue`) composes a hapi server from a manifest: a service may import only it.
  detect: (sources) =>
    sources.files.some((file) => importedPackages(file).some((p) => p === "@hapi/hapi" || p === "hapi" || GLUE_MODULE.test(p))),
  extract(sources, options, diagnostics) {
    const host = new HapiHost(diagnostics);
    const interpreter = new Interpreter(sources, diagnostics, interpreterOptionsOf(options), host);
    host.interpreter = interpreter;
    interpreter.executeAll();
    // `export async function createServer() { const server = Hapi.server(); ... }`, which only a start script
    // or a test calls: run where nothing in the sources does.
    runAppFactories(sources, interpreter, (call, file) => createsServer(call, file));
    host.composeUncalled();
    interpreter.finishChecks();
    const routes: RouteFact[] = [];
    for (const server of host.routers.filter((r) => r.kind === "app"))
      routes.push(...ofApp(flattenApp(server, diagnostics, "hapi", hapiToOpenApi), server));
    reportUnmounted(host.routers, diagnostics);
    reportUnreached(sources, host.visited, interpreter, diagnostics, HAPI_METHODS, options.unreached);
    return dedupe(routes);
  },
};

/** `Hapi.server(...)`, `server(...)` or `new Hapi.Server(...)` of a name bound to hapi. */
function createsServer(call: ts.CallExpression | ts.NewExpression, file: ts.SourceFile): boolean {
  const callee = call.expression;
  const names = new Set([...localNamesOf(file, "@hapi/hapi"), ...localNamesOf(file, "hapi")]);
  if (ts.isIdentifier(callee)) {
    // `import { Server, server } from "@hapi/hapi"`: `new Server(...)`, `server(...)`.
    const named = namedImport(file, callee.text);
    if (named === "Server") return ts.isNewExpression(call);
    if (named === "server") return !ts.isNewExpression(call);
    return names.has(callee.text) && (callee.text === "server" || ts.isNewExpression(call));
  }
  return (
    ts.isPropertyAccessExpression(callee) &&
    ts.isIdentifier(callee.expression) &&
    names.has(callee.expression.text) &&
    (callee.name.text === "server" || callee.name.text === "Server")
  );
}

/** The name a local binding imports from hapi (`import { Server as HapiServer } from "@hapi/hapi"`: "Server"). */
function namedImport(file: ts.SourceFile, local: string): string | undefined {
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (statement.moduleSpecifier.text !== "@hapi/hapi" && statement.moduleSpecifier.text !== "hapi") continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    for (const element of bindings.elements) if (element.name.text === local) return (element.propertyName ?? element.name).text;
  }
  return undefined;
}
