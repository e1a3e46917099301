/**
 * AWS CDK's API Gateway routes (aws-cdk-lib 2, CDK 1's `@aws-cdk/*` packages), read from the infrastructure
 * code that declares them — never by running `cdk synth`. Each REST API or HTTP API is an app of its own (its
 * own base URL: the stage, `/prod`, belongs to that URL, not to the paths); each route's Lambda handler is read
 * from the sources, so the shared permission recognition runs on its body and its middy middleware.
 */
import path from "node:path";
import { type DiagnosticBag, siteOf } from "../../diagnostics/diagnostic.js";
import { Interpreter } from "../../resolve/interpreter.js";
import { callsOf } from "../../scan/calls.js";
import type { SourceSet } from "../../scan/source-set.js";
import type { Value } from "../../resolve/values.js";
import { ts } from "../../typescript.js";
import { type FrameworkAdapter, interpreterOptionsOf } from "../adapter.js";
import { flattenApp, ofApp } from "../flatten.js";
import type { RouteFact } from "../route-fact.js";
import { dedupe, importedPackages, runAppFactories } from "../shared.js";
import { CdkHost, REGISTRATIONS } from "./cdk-host.js";
import { isCdkRouteModule } from "./cdk-modules.js";
import { apiGatewayToOpenApi } from "./path-syntax.js";

/** The constructs that make an API, by name (how app factories and stacks nothing constructs are found). */
const API_CONSTRUCTS = /^(RestApi|LambdaRestApi|SpecRestApi|HttpApi|Api|ApiGatewayV1Api)$/;
/** The static methods that give an API another stack defines. */
const IMPORTED_APIS = /^(fromRestApiAttributes|fromRestApiId|fromHttpApiAttributes)$/;

/** Whether a file declares API Gateway routes with CDK: it imports an API Gateway module (or the barrel's namespace). */
function usesCdkApis(file: ts.SourceFile): boolean {
  return importedPackages(file).some((p) => isCdkRouteModule(p) || (p === "aws-cdk-lib" && /\baws_apigateway(v2)?\b/.test(file.text)));
}

/** An SST v3 app's `sst.config.ts` that declares an API or a function (with the global `sst`, no import). */
function isSst3Config(file: ts.SourceFile): boolean {
  return /(^|\/)sst\.config\.ts$/.test(file.fileName) && /\bsst\.aws\.(ApiGatewayV[12]|Function)\b/.test(file.text);
}

/** SST v3's globals, declared by its platform (`.sst/platform`): `sst` (its components) and `$config`. */
function sst3Globals(name: string): Value | undefined {
  if (name === "sst") return { kind: "external", module: "sst", path: [] };
  if (name === "$config") return { kind: "external", module: "sst", path: ["$config"] };
  return undefined;
}

export const cdkAdapter: FrameworkAdapter = {
  name: "aws-cdk",
  detect: (sources) => sources.files.some((file) => usesCdkApis(file) || isSst3Config(file)),
  extract(sources, options, diagnostics) {
    const host = new CdkHost(diagnostics, appDirOf(sources));
    const sst3 = sources.files.filter(isSst3Config);
    const interpreter = new Interpreter(
      sources,
      diagnostics,
      { ...interpreterOptionsOf(options), ...(sst3.length ? { globals: sst3Globals } : {}) },
      host,
    );
    host.interpreter = interpreter;
    interpreter.executeAll();
    // `export default $config({ ..., async run() {...} })`: read, so that `run()` runs.
    for (const file of sst3) interpreter.exportValue(file.fileName, "default");
    // `export function createApi(scope) { new RestApi(scope, ...) }`, which only the app's entry calls.
    runAppFactories(sources, interpreter, createsApi);
    constructUnbuiltStacks(sources, interpreter);
    interpreter.finishChecks();
    const routes: RouteFact[] = [];
    for (const api of host.routers) routes.push(...ofApp(flattenApp(api, diagnostics, "aws-cdk", apiGatewayToOpenApi), api));
    reportUnreachedRoutes(sources, host.visited, interpreter, diagnostics);
    return dedupe(routes);
  },
};

/** `new RestApi(...)`, `new apigw.HttpApi(...)`, `RestApi.fromRestApiAttributes(...)`: a call that makes an API. */
function createsApi(call: ts.CallExpression | ts.NewExpression): boolean {
  const callee = call.expression;
  const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : undefined;
  if (name === undefined) return false;
  return ts.isNewExpression(call) ? API_CONSTRUCTS.test(name) : IMPORTED_APIS.test(name);
}

/**
 * A stack or construct class of the sources that makes an API in its constructor, which nothing in the sources
 * constructs (the app's entry, `bin/app.ts`, left out of the sources; a construct only tests make): made as CDK
 * would, its constructor's parameters unknown, so the routes it declares are read.
 */
function constructUnbuiltStacks(sources: SourceSet, interpreter: Interpreter): void {
  for (const file of sources.files) {
    for (const call of callsOf(file)) {
      if (!createsApi(call)) continue;
      let ctor: ts.Node | undefined = call.parent;
      while (ctor && !ts.isConstructorDeclaration(ctor) && !ts.isSourceFile(ctor)) ctor = ctor.parent;
      if (!ctor || !ts.isConstructorDeclaration(ctor) || interpreter.invoked.has(ctor)) continue;
      const cls = ctor.parent;
      if (!ts.isClassDeclaration(cls) || !cls.name) continue;
      const value = interpreter.lookup(cls.name.text, interpreter.module(file).scope, cls);
      if (value.kind === "class") interpreter.injected(value, cls);
    }
  }
}

/**
 * Where `cdk synth` (or `sst deploy`) runs for a file: the nearest folder above it with `cdk.json` (or an SST
 * config), else the project root. A relative `entry` or asset path is read from there, as `path.resolve` reads it.
 */
function appDirOf(sources: SourceSet): (file: string) => string {
  const known = new Map<string, string>();
  const markers = ["cdk.json", "sst.config.ts", "sst.json"];
  return (file) => {
    const start = path.posix.dirname(file);
    const cached = known.get(start);
    if (cached) return cached;
    let found = sources.root;
    for (let dir = start; dir.startsWith(sources.root); dir = path.posix.dirname(dir)) {
      if (markers.some((m) => sources.host.fileExists(path.posix.join(dir, m)))) {
        found = dir;
        break;
      }
      if (dir === path.posix.dirname(dir)) break;
    }
    known.set(start, found);
    return found;
  };
}

/**
 * `resource.addMethod(...)`, `api.addRoutes(...)` and `addProxy(...)` calls of the stack modules that the
 * evaluator never ran or ran on a value that is no API or resource of the sources (a callback of a package, a
 * branch of a condition apidex cannot read, an API from a function it cannot follow): what they add is not
 * indexed, and that is said (APX210).
 */
function reportUnreachedRoutes(
  sources: SourceSet,
  visited: ReadonlySet<ts.CallExpression>,
  interpreter: Interpreter,
  diagnostics: DiagnosticBag,
): void {
  for (const file of sources.files) {
    if (!usesCdkApis(file)) continue;
    for (const call of callsOf(file)) {
      if (!ts.isCallExpression(call) || visited.has(call) || interpreter.sourceCalls.has(call)) continue;
      const callee = call.expression;
      if (!ts.isPropertyAccessExpression(callee) || !REGISTRATIONS.has(callee.name.text)) continue;
      diagnostics.warning(
        "APX210",
        `This \`${callee.name.text}(...)\` was not analysed: it is in code apidex did not run (a callback, a branch of a condition it cannot read, a function nothing calls), or on a value it cannot tell is an API or resource of the sources; what it adds is not indexed.`,
        siteOf(callee.name),
        "Add routes in the stack's or construct's constructor (or a function it calls), on the API or resource made there.",
      );
    }
  }
}
