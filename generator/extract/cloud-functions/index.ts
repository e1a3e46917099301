import path from "node:path";
import { ts } from "../../typescript.js";
import { siteOf, type DiagnosticBag } from "../../diagnostics/diagnostic.js";
import type { SourceSet } from "../../scan/source-set.js";
import type { FrameworkAdapter } from "../adapter.js";
import { EXPRESS_METHODS } from "../express/express-host.js";
import { expressToOpenApi, simplePath } from "../express/path-syntax.js";
import { extractExpressStyle, type ExpressStyle } from "../express/index.js";
import { flattenApp } from "../flatten.js";
import type { RouteFact } from "../route-fact.js";
import type { RouterNode } from "../router-graph.js";
import { importedPackages, localNamesOf } from "../shared.js";
import { functionJsons } from "./function-json.js";
import { exportedFunctionNames, functionsEntry, ownExportNames } from "./function-names.js";
import { type CloudFunction, CloudFunctionsHost } from "./functions-host.js";

/** The packages that declare HTTP functions: Azure Functions (v4 model), Google's Functions Framework, Firebase. */
const FUNCTION_PACKAGES = /^(@azure\/functions|@google-cloud\/functions-framework|firebase-functions(\/.*)?)$/;

/** The framework route facts of functions that are not Express-style handlers carry (Azure's, Firebase callables). */
export const CLOUD_FUNCTIONS = "cloud-functions";

/**
 * Serverless HTTP functions: Azure Functions' `app.http(...)`, Google Cloud's `functions.http("name", handler)` and
 * Firebase's `onRequest(...)` / `onCall(...)`. Read on the Express host, so an Express app a function serves is
 * read as the Express adapter reads it, under the function's URL; the project's other Express apps are read too
 * (this adapter stands in for the Express one where both are detected: extract/index.ts).
 */
export const cloudFunctionsAdapter: FrameworkAdapter = {
  name: "cloud-functions",
  detect: (sources) =>
    sources.files.some((file) => importedPackages(file).some((p) => FUNCTION_PACKAGES.test(p))) ||
    // A v3 function app in JavaScript imports nothing: its function.json files declare it.
    functionAppRoots(sources).some((root) => functionJsons(sources, root).length > 0),
  extract(sources, options, diagnostics) {
    let host: CloudFunctionsHost | undefined;
    const style: ExpressStyle = {
      framework: "express",
      host: (bag) => (host = new CloudFunctionsHost(bag, sources)),
      // An app factory nobody calls is run, as the Express adapter runs it.
      createsApp: (call, file) => ts.isIdentifier(call.expression) && localNamesOf(file, "express").has(call.expression.text),
      methods: EXPRESS_METHODS,
      own: (_host, interpreter) => {
        const functions = host!.functions;
        // Azure Functions' v3 model: function.json files beside host.json (the project's, or an `api/` folder's).
        for (const root of functionAppRoots(sources))
          for (const fn of functionJsons(sources, root)) host!.addScriptFunction(fn, interpreter);
        nameFirebaseFunctions(functions, sources, interpreter, host!, diagnostics);
        // Every function is flattened here, not as a root app of its own: the functions of a project answer at
        // one origin (the function app's host, `REGION-PROJECT.cloudfunctions.net`), not as separate servers.
        // Azure's handlers take `(request, context)` and a callable's `(request)`: not Express's shapes; an
        // `onRequest` handler (or the app it serves) is Express's `(req, res)`.
        const facts = functions.flatMap((f) =>
          flattenApp(f.root, diagnostics, f.platform === "azure" || f.callable ? CLOUD_FUNCTIONS : "express", expressToOpenApi, simplePath),
        );
        return { routers: new Set<RouterNode>(functions.map((f) => f.root)), facts };
      },
    };
    return extractExpressStyle(style, sources, { ...options, incremental: undefined }, diagnostics) as RouteFact[];
  },
};

/**
 * Each Firebase function's path is `/<name>`, the name the deployed module's export gives it (grouped exports
 * joined with `-`). Without an entry module among the sources, the export of the module that makes it names
 * it. One the entry does not export is not deployed (said, APX210); one no export names cannot be placed
 * (APX201). Both are left out.
 */
function nameFirebaseFunctions(
  functions: readonly CloudFunction[],
  sources: SourceSet,
  interpreter: Parameters<NonNullable<ExpressStyle["own"]>>[1],
  host: CloudFunctionsHost,
  diagnostics: DiagnosticBag,
): void {
  if (!functions.some((f) => f.platform === "firebase")) return;
  const functionOf = (value: Parameters<CloudFunctionsHost["functionOf"]>[0]) => host.functionOf(value);
  const entry = functionsEntry(sources);
  const deployed = entry ? exportedFunctionNames(entry, interpreter, functionOf) : new Map<CloudFunction, string>();
  const files = new Set(functions.filter((f) => f.platform === "firebase").map((f) => f.call!.getSourceFile()));
  const own = ownExportNames(files, interpreter, functionOf);
  // (Read after the exports: an object's members are evaluated when read, so `export const v1 = { users:
  // onRequest(...) }` makes its function as the walk reads it.)
  for (const fn of functions.filter((f) => f.platform === "firebase")) {
    const name = deployed.get(fn) ?? (entry ? undefined : own.get(fn));
    if (name) {
      fn.root.prefix = `/${name}`;
      continue;
    }
    fn.root.prefixUnreadable = true;
    const exported = own.get(fn);
    diagnostics.warning(
      exported && entry ? "APX210" : "APX201",
      exported && entry
        ? `The Firebase function \`${exported}\` is not exported by ${relative(sources, entry)}, the module Firebase deploys: it is not deployed, and not indexed.`
        : "Cannot tell this Firebase function's name (the export that holds it), which is its URL's path; it is not indexed.",
      siteOf(fn.call!),
      exported && entry
        ? `Export it from ${relative(sources, entry)} (\`export { ${exported} } from "./..."\`).`
        : "Export the function under a name (`export const api = onRequest(app)`) from the module Firebase deploys.",
    );
  }
}

/**
 * The folders of v3 function apps: the project root and its immediate subfolders that hold a host.json (a
 * Static Web App's `api/`), when the project does not use the v4 model's registrations only.
 */
function functionAppRoots(sources: SourceSet): string[] {
  const roots = [sources.root];
  for (const entry of sources.host.listDirectory?.(sources.root) ?? [])
    if (
      !entry.startsWith(".") &&
      entry !== "node_modules" &&
      sources.host.readFile(path.join(sources.root, entry, "host.json")) !== undefined
    )
      roots.push(path.join(sources.root, entry));
  return roots;
}

function relative(sources: SourceSet, file: ts.SourceFile): string {
  return file.fileName.startsWith(sources.root) ? file.fileName.slice(sources.root.length).replace(/^[\\/]/, "") : file.fileName;
}
