import path from "node:path";
import type { SourceSite } from "../../diagnostics/diagnostic.js";
import type { Interpreter } from "../../resolve/interpreter.js";
import type { SourceSet } from "../../scan/source-set.js";
import { type FrameworkAdapter, interpreterOptionsOf } from "../adapter.js";
import type { RouteCheck } from "../router-graph.js";
import { type ConfigNode, entry, MODULE_FOLDER, parsedConfig } from "./config-tree.js";
import { type EventReading, routeOf } from "./events.js";
import { lambdaInterpreter } from "../lambda/handler.js";
import { type HandlerReading, readHandler } from "./handlers.js";
import { FunctionRoutes } from "./route-facts.js";

/** The names `sam build` and `sam deploy` look for at a project's root. */
const TEMPLATE_NAMES = ["template.yaml", "template.yml", "template.json"];

/** An AWS SAM template at the project's root: a CloudFormation template with `AWS::Serverless::Function` resources. */
function samTemplate(sources: SourceSet): { file: string; text: string } | undefined {
  // Where the routes are decided: a cached run must miss when one of these appears or changes.
  sources.recordInputs(TEMPLATE_NAMES.map((name) => path.posix.join(sources.root, name)));
  for (const name of TEMPLATE_NAMES) {
    const file = path.posix.join(sources.root, name);
    const text = sources.host.readFile(file);
    if (text === undefined) continue;
    if (/AWS::Serverless::Function/.test(text)) return { file, text };
  }
  return undefined;
}

/**
 * AWS SAM (`template.yaml`): every `AWS::Serverless::Function`'s `Api` (REST API) and `HttpApi` (HTTP API)
 * events are operations, answered by the function its `Handler` names in its `CodeUri` folder (the esbuild
 * build's `Metadata.BuildProperties.EntryPoints` name the TypeScript files), with the authorization scopes
 * API Gateway checks: the event's `Auth.AuthorizationScopes`, else those of the authorizer the API gives it by
 * default. `Globals.Function` supplies what a function leaves out. Paths are relative to the stage's base URL.
 */
export const samAdapter: FrameworkAdapter = {
  name: "sam",
  detect: (sources) => samTemplate(sources) !== undefined,
  extract(sources, options, diagnostics) {
    const template = samTemplate(sources);
    if (!template) return [];
    const tree = parsedConfig(template.file, template.text, diagnostics);
    if (!tree) return [];
    const interpreter = lambdaInterpreter(sources, diagnostics, interpreterOptionsOf(options));
    const routes = new FunctionRoutes("sam", diagnostics);
    const resources = entry(tree, "Resources");
    const globals = entry(entry(tree, "Globals"), "Function");
    for (const [id, resource] of resources?.kind === "map" ? resources.entries : []) {
      if (scalar(entry(resource, "Type")) !== "AWS::Serverless::Function") continue;
      const properties = entry(resource, "Properties");
      const events = entry(properties, "Events");
      if (events?.kind !== "map") continue;
      routes.addEvents(
        id,
        events.entries,
        ([, event]) => readSamEvent(event, tree),
        ([eventName]) => `the route of the event \`${eventName}\` of the function \`${id}\``,
        "Write the path and method as strings (CloudFormation functions such as `!Sub` are evaluated at deployment).",
        () => samHandler(id, resource, globals, template.file, sources, interpreter, routes),
      );
    }
    return routes.finish(interpreter);
  },
};

/** A plain string of the template, or undefined (also for an intrinsic function, which only CloudFormation evaluates). */
function scalar(node: ConfigNode | undefined): string | undefined {
  return node?.kind === "scalar" && typeof node.value === "string" ? node.value : undefined;
}

/** Why a node is not a plain string, completing "the value ...". */
function notPlain(node: ConfigNode, what: string): string {
  if (node.kind === "intrinsic") return `its ${what} is a CloudFormation function (\`${node.name}\`), evaluated only at deployment`;
  if (node.kind === "unreadable") return `its ${what} ${node.why}`;
  return `its ${what} is not a string`;
}

/** An `Api` or `HttpApi` event of a function; undefined for the others (`SQS`, `Schedule`, ...). */
function readSamEvent(event: ConfigNode, tree: ConfigNode): EventReading {
  const type = scalar(entry(event, "Type"));
  if (type !== "Api" && type !== "HttpApi") return undefined;
  const properties = entry(event, "Properties");
  const pathNode = entry(properties, "Path");
  const methodNode = entry(properties, "Method");
  const site = (pathNode ?? properties ?? event).site;
  const keys = samScopes(type, properties, tree);
  // An HttpApi event without a path and method is the API's default route (`$default`).
  if (type === "HttpApi" && !pathNode && !methodNode) return routeOf("httpApi", "ANY", "*", site, keys);
  for (const [what, node] of [
    ["path", pathNode],
    ["method", methodNode],
  ] as const) {
    if (!node) return { problem: `it has no \`${what === "path" ? "Path" : "Method"}\``, site };
    if (scalar(node) === undefined) return { problem: notPlain(node, what), site: node.site };
  }
  return routeOf(type === "Api" ? "http" : "httpApi", scalar(methodNode)!, scalar(pathNode)!, site, keys);
}

/**
 * The scopes API Gateway checks on an event's route: its `Auth.AuthorizationScopes`, else (unless its
 * `Auth.Authorizer` is `NONE`) those of the authorizer it names or its API's `Auth.DefaultAuthorizer`, from the
 * API resource its `RestApiId`/`ApiId` refers to (`!Ref`) or the implicit API's `Globals.Api`/`Globals.HttpApi`.
 */
function samScopes(
  type: "Api" | "HttpApi",
  properties: ConfigNode | undefined,
  tree: ConfigNode,
): { checks?: RouteCheck[]; unreadable?: { why: string; site: SourceSite } } {
  const auth = entry(properties, "Auth");
  const own = entry(auth, "AuthorizationScopes");
  const named = scalar(entry(auth, "Authorizer"));
  if (named === "NONE") return {};
  let scopes = own;
  if (!scopes) {
    const reference = entry(properties, type === "Api" ? "RestApiId" : "ApiId");
    const apiId = reference?.kind === "intrinsic" && reference.name === "Ref" ? scalar(reference.argument) : undefined;
    const api = apiId
      ? entry(entry(entry(entry(tree, "Resources"), apiId), "Properties"), "Auth")
      : entry(entry(entry(tree, "Globals"), type), "Auth");
    const authorizer = named ?? scalar(entry(api, "DefaultAuthorizer"));
    scopes = authorizer ? entry(entry(entry(api, "Authorizers"), authorizer), "AuthorizationScopes") : undefined;
  }
  if (!scopes) return {};
  if (scopes.kind !== "list") return { unreadable: { why: notPlain(scopes, "`AuthorizationScopes`"), site: scopes.site } };
  const keys: string[] = [];
  for (const item of scopes.items) {
    const key = scalar(item);
    if (key === undefined)
      return {
        checks: [{ keys, any: true, unresolved: true }],
        unreadable: { why: notPlain(item, "scope"), site: item.site },
      };
    keys.push(key);
  }
  return keys.length ? { checks: [{ keys, any: true }] } : {};
}

/**
 * The function's handler: `Handler: app.lambdaHandler` names the module `app` of its `CodeUri` folder (the
 * function's or `Globals.Function`'s, relative to the template), or, for an esbuild build, the entry point of
 * `Metadata.BuildProperties.EntryPoints` that esbuild writes as that module (`src/handlers/app.ts` is `app.js`).
 */
function samHandler(
  id: string,
  resource: ConfigNode,
  globals: ConfigNode | undefined,
  templateFile: string,
  sources: SourceSet,
  interpreter: Interpreter,
  routes: FunctionRoutes,
): HandlerReading {
  const properties = entry(resource, "Properties");
  const handlerNode = entry(properties, "Handler") ?? entry(globals, "Handler");
  const codeNode = entry(properties, "CodeUri") ?? entry(globals, "CodeUri");
  const handler = scalar(handlerNode);
  const code = codeNode ? scalar(codeNode) : ".";
  let reading: HandlerReading;
  if (handler === undefined) reading = { problem: handlerNode ? notPlain(handlerNode, "`Handler`") : "it has no `Handler`" };
  else if (code === undefined) reading = { problem: notPlain(codeNode!, "`CodeUri`") };
  else {
    const folder = path.posix.join(path.posix.dirname(templateFile), code);
    const dot = handler.indexOf(".", handler.lastIndexOf("/") + 1);
    const module = dot < 0 ? handler : handler.slice(0, dot);
    const entries = entry(entry(entry(resource, "Metadata"), "BuildProperties"), "EntryPoints");
    const built =
      entries?.kind === "list"
        ? entries.items
            .map(scalar)
            .find((e) => e !== undefined && e.replace(/\.[cm]?[jt]sx?$/, "").replace(/^.*\//, "") === module.replace(/^.*\//, ""))
        : undefined;
    const modulePath = built ? path.posix.join(folder, built.replace(/\.[cm]?[jt]sx?$/, "")) : path.posix.join(folder, module);
    reading =
      dot < 0
        ? { problem: `the handler \`${handler}\` names no export (\`file.export\`)` }
        : readHandler(`${MODULE_FOLDER}${modulePath}${handler.slice(dot)}`, "", sources, interpreter);
  }
  const at = handler !== undefined && code === undefined ? codeNode! : (handlerNode ?? properties ?? resource);
  routes.reportHandler(id, reading, at.site);
  return reading;
}
