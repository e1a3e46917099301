import path from "node:path";
import { type SourceSite, siteOf } from "../../diagnostics/diagnostic.js";
import { type CallContext, excerpt, explain } from "../../resolve/interpreter.js";
import { unwrapExpression } from "../../resolve/syntax.js";
import {
  type CheckValue,
  type ExternalValue,
  type FunctionValue,
  type HostValue,
  str,
  stringsOf,
  type Value,
} from "../../resolve/values.js";
import { ts } from "../../typescript.js";
import { ALL_METHODS } from "../flatten.js";
import type { RouterNode } from "../router-graph.js";
import { RouterHost, statementDoc } from "../router-host.js";
import { cdkMember } from "./cdk-modules.js";
import { isMiddyChain, middyHost } from "../lambda/handler.js";
import { readLambdaMethods } from "../lambda/methods.js";
import { exportedHandler, type LambdaTarget, moduleFile } from "./lambda-handlers.js";
import { addSstRoutes, type SstApi, type SstHost, sstModuleBase, splitHandler } from "./sst-routes.js";

type ObjectValue = Extract<Value, { kind: "object" }>;

/** The calls that add routes, for the sweep that reports those the evaluator never reached. */
export const REGISTRATIONS: ReadonlySet<string> = new Set(["addMethod", "addRoutes", "addProxy"]);

/** What a resource (or an API) gives the methods created on it unless they say otherwise. */
interface Defaults {
  /** `defaultIntegration`: the integration of a method added without one. */
  integration?: Value;
  /** `defaultMethodOptions` (REST), `defaultAuthorizationScopes` (HTTP API, as `authorizationScopes`). */
  options?: ObjectValue;
}

/** One API: its routes are layers of one app, at their whole paths (API Gateway has no mounts). */
interface ApiState {
  router: RouterNode;
  /** REST resources by path, so `getResource` finds one made before. */
  resources: Map<string, ResourceState>;
}

interface ResourceState {
  api: ApiState;
  path: string;
  defaults: Defaults;
}

/** The host objects of the CDK adapter. */
type CdkObject =
  | { type: "router"; router: RouterNode }
  | { type: "cdk-rest-api"; api: ApiState; root: ResourceState }
  | { type: "cdk-resource"; resource: ResourceState }
  | { type: "cdk-http-api"; api: ApiState; defaults: Defaults }
  | { type: "sst-api"; sst: SstApi }
  | { type: "sst3-api"; api: ApiState }
  | { type: "cdk-function"; target: LambdaTarget }
  | { type: "cdk-integration"; target?: LambdaTarget }
  | { type: "cdk-code"; dir?: string }
  | { type: "cdk-route-key"; method?: string; path?: string }
  /** A resource whose path could not be read (said where): what is added below it is left out with it. */
  | { type: "cdk-unread" };

/**
 * AWS CDK's API Gateway constructs inside the evaluator (aws-cdk-lib 2 and CDK 1's packages). REST APIs
 * (`RestApi`, `LambdaRestApi`) are trees of resources: `api.root.addResource("users").addResource("{id}")
 * .addMethod("GET", new LambdaIntegration(fn), { authorizationScopes })`, `resourceForPath("a/b")`, `addProxy()`;
 * HTTP APIs (`HttpApi`) take routes: `addRoutes({ path, methods, integration, authorizationScopes })`, `new
 * HttpRoute(scope, id, { httpApi, routeKey: HttpRouteKey.with(path, method), integration })`. Each route is an
 * operation of its API at its whole path; the Lambda function its integration invokes is read from the sources
 * (`NodejsFunction`'s `entry` and `handler`, `Function`'s `Code.fromAsset(dir)` and `handler`), and its handler's
 * checks are the route's. `authorizationScopes` are keys: API Gateway lets a token with any one of them through.
 */
export class CdkHost extends RouterHost {
  /** Functions whose handler cannot be read, said once each. */
  private readonly saidUnreadable = new Set<LambdaTarget>();
  /** middy's chains in handler modules, read as the Serverless adapter reads them (generator/extract/lambda). */
  private readonly middy = middyHost(() => this.interpreter);

  constructor(
    diagnostics: ConstructorParameters<typeof RouterHost>[0],
    /** The folder a relative `entry` or asset path is read from: where `cdk synth` runs (the folder of `cdk.json`). */
    private readonly appDir: (file: string) => string,
  ) {
    super(diagnostics);
  }

  private value(object: CdkObject): HostValue {
    return { kind: "host", host: object };
  }

  private objectOf(value: Value | undefined): CdkObject | undefined {
    return value?.kind === "host" ? (value.host as CdkObject) : undefined;
  }

  callExternal(callee: ExternalValue, call: CallContext): Value | undefined {
    const chain = this.middy.callExternal(callee, call);
    if (chain) return chain;
    // SST v3: `export default $config({ app(input) {...}, async run() {...} })`: `sst deploy` runs `run()`.
    if (callee.module === "sst" && callee.path.length === 1 && callee.path[0] === "$config") {
      const config = call.args[0] ? this.interpreter.evaluate(call.args[0], call.scope) : undefined;
      const run = config?.kind === "object" ? config.props.get("run") : undefined;
      if (run?.kind === "function") this.interpreter.callFunction(run, [], call.node);
      return config;
    }
    const member = cdkMember(callee);
    if (!member) return undefined;
    const [name, sub] = member.path;
    const isNew = ts.isNewExpression(call.node);
    const arg = (i: number): Value => (call.args[i] ? this.interpreter.evaluate(call.args[i]!, call.scope) : { kind: "undefined" });
    const props = (i: number): ObjectValue | undefined => {
      const v = arg(i);
      return v.kind === "object" ? v : undefined;
    };
    switch (member.module) {
      case "apigateway":
        if (isNew && (name === "RestApi" || name === "LambdaRestApi")) return this.restApi(name, props(2), call);
        // An API another stack defines (`RestApi.fromRestApiAttributes(this, id, { restApiId, rootResourceId })`,
        // how a large API is split across stacks): the routes added here are its routes, indexed as an API.
        if (name === "RestApi" && (sub === "fromRestApiAttributes" || sub === "fromRestApiId")) return this.restApi(name, undefined, call);
        // `new SpecRestApi(this, id, { apiDefinition: ApiDefinition.fromAsset("openapi.yaml") })`: its routes are the
        // operations of the OpenAPI document it is given, which already describes them.
        if (isNew && name === "SpecRestApi") {
          this.diagnostics.warning(
            "APX210",
            "This SpecRestApi's routes are the operations of the OpenAPI document it is given (its `apiDefinition`), which apidex does not read: they are not indexed.",
            siteOf(call.node),
            "That document already describes these routes; build the API with RestApi's resources and methods for apidex to index it.",
          );
          return { kind: "runtime", what: "a SpecRestApi" };
        }
        if (isNew && name === "LambdaIntegration") return this.value({ type: "cdk-integration", target: this.targetOf(arg(0), call) });
        if (isNew && /Integration$/.test(name!)) return this.value({ type: "cdk-integration" });
        return undefined;
      case "apigatewayv2":
        if (isNew && name === "HttpApi") return this.httpApi(props(2), call);
        if (name === "HttpApi" && sub === "fromHttpApiAttributes") return this.httpApi(undefined, call);
        if (isNew && name === "HttpRoute") {
          this.httpRoute(props(2), call);
          return { kind: "runtime", what: "an HttpRoute" };
        }
        if (name === "HttpRouteKey" && sub === "with") {
          const method = call.args[1] ? stringsOf(arg(1)) : ["ANY"];
          const paths = stringsOf(arg(0));
          return this.value({
            type: "cdk-route-key",
            ...(method?.length === 1 ? { method: method[0] } : {}),
            ...(paths?.length === 1 ? { path: paths[0] } : {}),
          });
        }
        return undefined;
      case "integrations":
        if (isNew && name === "HttpLambdaIntegration") return this.value({ type: "cdk-integration", target: this.targetOf(arg(1), call) });
        if (isNew && name === "LambdaProxyIntegration")
          return this.value({ type: "cdk-integration", target: this.targetOf(props(0)?.props.get("handler"), call) });
        if (isNew && /Integration$/.test(name!)) return this.value({ type: "cdk-integration" });
        return undefined;
      case "lambda-nodejs":
        if (isNew && name === "NodejsFunction") return this.value({ type: "cdk-function", target: this.nodejsFunction(props(2), call) });
        return undefined;
      case "sst2":
        if (isNew && (name === "Api" || name === "ApiGatewayV1Api")) return this.sstApi(props(2), call);
        if (isNew && name === "Function") {
          const handler = props(2)?.props.get("handler");
          const strings = handler ? stringsOf(handler) : undefined;
          const site = siteOf(call.node);
          const target =
            strings?.length === 1
              ? this.sstHandler(strings[0]!, call.node.getSourceFile().fileName, site)
              : { checks: [], unreadable: "its `handler` is not a static string", site };
          return this.value({ type: "cdk-function", target });
        }
        return undefined;
      case "sst3":
        if (isNew && (name === "ApiGatewayV2" || name === "ApiGatewayV1")) {
          const { router } = this.create("app", call.node);
          return this.value({ type: "sst3-api", api: { router, resources: new Map() } });
        }
        if (isNew && name === "Function") return this.sst3Function(props(1), call);
        return undefined;
      case "lambda":
        if (name === "Code" && (sub === "fromAsset" || sub === "asset")) {
          const dir = stringsOf(arg(0));
          return this.value({ type: "cdk-code", ...(dir?.length === 1 ? { dir: dir[0] } : {}) });
        }
        if (isNew && (name === "Function" || name === "SingletonFunction"))
          return this.value({ type: "cdk-function", target: this.assetFunction(props(2), call) });
        return undefined;
      default:
        return undefined;
    }
  }

  /** `HttpMethod.GET` (HTTP APIs) and `AuthorizationType.NONE` read as the strings they are. */
  externalValue(value: ExternalValue): Value | undefined {
    const member = cdkMember(value);
    if (member?.path.length === 2 && (member.path[0] === "HttpMethod" || member.path[0] === "AuthorizationType"))
      return str(member.path[1]!);
    return undefined;
  }

  /** A middy chain is a function (the one Lambda calls); CDK's objects are left to the evaluator. */
  typeOf(value: HostValue): "function" | "object" | undefined {
    return this.middy.typeOf(value);
  }

  property(receiver: HostValue, name: string): Value | undefined {
    const object = receiver.host as CdkObject;
    if (object.type === "cdk-rest-api" && name === "root") return this.value({ type: "cdk-resource", resource: object.root });
    if (object.type === "cdk-resource" && name === "path") return str(object.resource.path);
    // `proxy.anyMethod`, `api.url`, `fn.functionArn`: values of the deployment.
    return undefined;
  }

  callMethod(receiver: HostValue, method: string, call: CallContext): Value {
    if (isMiddyChain(receiver)) return this.middy.callMethod(receiver, method, call);
    const object = receiver.host as CdkObject;
    if (REGISTRATIONS.has(method) && ts.isCallExpression(call.node)) this.visit(call.node);
    if (object.type === "cdk-rest-api") {
      // `api.addResource(...)`? No: a RestApi's own methods that build routes go through its root.
      if (method === "addResource" || method === "addMethod" || method === "resourceForPath" || method === "addProxy")
        return this.resourceMethod(object.root, method, call);
      return { kind: "runtime", what: `the result of RestApi.${method}()` };
    }
    if (object.type === "cdk-resource") return this.resourceMethod(object.resource, method, call);
    if (object.type === "cdk-unread") return receiver;
    if (object.type === "sst3-api") {
      if (method === "route" || method === "routeUrl") this.sst3Route(object.api, method, call);
      return { kind: "runtime", what: `the result of ApiGateway.${method}()` };
    }
    if (object.type === "sst-api") {
      // `api.addRoutes(stack, { "GET /x": "src/x.main" })`
      if (method === "addRoutes")
        addSstRoutes(this.sst, object.sst, call.args[1] ? this.interpreter.evaluate(call.args[1], call.scope) : undefined, call);
      return { kind: "runtime", what: `the result of Api.${method}()` };
    }
    if (object.type === "cdk-http-api") {
      if (method === "addRoutes") {
        const options = call.args[0] ? this.interpreter.evaluate(call.args[0], call.scope) : undefined;
        if (options?.kind === "object") this.httpRoutes(object, options, call);
        else this.unreadable(call.node, "these routes' options", options);
      }
      return { kind: "runtime", what: `the result of HttpApi.${method}()` };
    }
    return { kind: "runtime", what: `the result of ${method}()` };
  }

  // ------------------------------------------------------------------------------------------------
  // REST APIs

  private restApi(name: string, props: ObjectValue | undefined, call: CallContext): Value {
    const { router } = this.create("app", call.node);
    const api: ApiState = { router, resources: new Map() };
    const root: ResourceState = { api, path: "/", defaults: defaultsOf(props) };
    api.resources.set("/", root);
    const value = this.value({ type: "cdk-rest-api", api, root });
    if (name === "LambdaRestApi") {
      // The function is the default integration of every method; with `proxy` (the default) CDK adds
      // `{proxy+}` with ANY under the root, and ANY on the root itself.
      const handler = props?.props.get("handler");
      root.defaults.integration = this.value({ type: "cdk-integration", target: this.targetOf(handler, call) });
      const proxy = props?.props.get("proxy");
      if (!proxy || proxy.kind !== "boolean" || proxy.value) {
        if (proxy && proxy.kind !== "boolean" && proxy.kind !== "undefined")
          this.unreadable(call.node, "this LambdaRestApi's `proxy`", proxy);
        this.addMethod(root, "ANY", undefined, undefined, call);
        this.addMethod(this.child(root, "{proxy+}", undefined), "ANY", undefined, undefined, call);
      }
    }
    return value;
  }

  private child(parent: ResourceState, part: string, options: ObjectValue | undefined): ResourceState {
    const path = parent.path === "/" ? `/${part}` : `${parent.path}/${part}`;
    const known = parent.api.resources.get(path);
    if (known) return known;
    const own = defaultsOf(options);
    const resource: ResourceState = {
      api: parent.api,
      path,
      // A resource's defaults are its parent's, each option overridden by its own (as CDK merges them).
      defaults: {
        ...((own.integration ?? parent.defaults.integration) ? { integration: own.integration ?? parent.defaults.integration } : {}),
        ...(own.options || parent.defaults.options ? { options: mergeOptions(parent.defaults.options, own.options) } : {}),
      },
    };
    parent.api.resources.set(path, resource);
    return resource;
  }

  private resourceMethod(resource: ResourceState, method: string, call: CallContext): Value {
    const arg = (i: number): Value => (call.args[i] ? this.interpreter.evaluate(call.args[i]!, call.scope) : { kind: "undefined" });
    const options = (i: number): ObjectValue | undefined => {
      const v = arg(i);
      return v.kind === "object" ? v : undefined;
    };
    switch (method) {
      case "addResource":
      case "getResource":
      case "resourceForPath": {
        const parts = stringsOf(arg(0));
        if (parts?.length !== 1) {
          this.reportPath(call.args[0] ?? call.node, arg(0), method);
          return this.value({ type: "cdk-unread" });
        }
        if (method === "getResource") {
          const path = resource.path === "/" ? `/${parts[0]}` : `${resource.path}/${parts[0]}`;
          const known = resource.api.resources.get(path);
          return known ? this.value({ type: "cdk-resource", resource: known }) : { kind: "undefined" };
        }
        let at = resource;
        const segments = method === "resourceForPath" ? parts[0]!.split("/").filter(Boolean) : [parts[0]!];
        for (const [i, segment] of segments.entries())
          at = this.child(at, segment, method === "addResource" && i === segments.length - 1 ? options(1) : undefined);
        return this.value({ type: "cdk-resource", resource: at });
      }
      case "addMethod": {
        const methods = stringsOf(arg(0));
        if (methods?.length !== 1) {
          this.reportPath(call.args[0] ?? call.node, arg(0), "method");
          return { kind: "runtime", what: "a Method" };
        }
        this.addMethod(resource, methods[0]!, call.args[1] ? arg(1) : undefined, options(2), call);
        return { kind: "runtime", what: "a Method" };
      }
      case "addProxy": {
        // `addProxy({ anyMethod = true, defaultIntegration, defaultMethodOptions })`: `{proxy+}` below the resource.
        const props = options(0);
        const proxy = this.child(resource, "{proxy+}", props);
        const any = props?.props.get("anyMethod");
        if (!any || any.kind !== "boolean" || any.value) this.addMethod(proxy, "ANY", undefined, undefined, call);
        return this.value({ type: "cdk-resource", resource: proxy });
      }
      case "addCorsPreflight":
        // An OPTIONS method API Gateway answers itself (a mock integration): the preflight of the resource's routes.
        return { kind: "runtime", what: "a CORS preflight" };
      default:
        return { kind: "runtime", what: `the result of Resource.${method}()` };
    }
  }

  /** One method of a resource: an operation at the resource's path (ANY: every method). */
  private addMethod(
    resource: ResourceState,
    method: string,
    integration: Value | undefined,
    options: ObjectValue | undefined,
    call: CallContext,
  ): void {
    const given = integration && integration.kind !== "undefined" ? integration : resource.defaults.integration;
    const merged = mergeOptions(resource.defaults.options, options);
    this.route(resource.api, method, resource.path, given, merged?.props.get("authorizationScopes"), call);
  }

  // ------------------------------------------------------------------------------------------------
  // HTTP APIs

  private httpApi(props: ObjectValue | undefined, call: CallContext): Value {
    const { router } = this.create("app", call.node);
    const api: ApiState = { router, resources: new Map() };
    const scopes = props?.props.get("defaultAuthorizationScopes");
    const defaults: Defaults = {
      ...(scopes ? { options: { kind: "object", props: new Map([["authorizationScopes", scopes]]) } } : {}),
    };
    const object = { type: "cdk-http-api" as const, api, defaults };
    // `defaultIntegration`: the `$default` route, which answers every request no other route matches.
    const fallback = props?.props.get("defaultIntegration");
    if (fallback && fallback.kind !== "undefined") this.route(api, "ANY", "/{proxy+}", fallback, scopes, call);
    return this.value(object);
  }

  /** `api.addRoutes({ path, methods = [ANY], integration, authorizationScopes })`. */
  private httpRoutes(api: Extract<CdkObject, { type: "cdk-http-api" }>, options: ObjectValue, call: CallContext): void {
    const paths = stringsOf(options.props.get("path") ?? { kind: "undefined" });
    if (paths?.length !== 1) {
      this.reportPath(propertyNode(call.args[0]!, "path") ?? call.node, options.props.get("path") ?? { kind: "undefined" }, "path");
      return;
    }
    const methodsValue = options.props.get("methods");
    const methods = methodsValue ? stringsOf(methodsValue) : ["ANY"];
    if (!methods) {
      this.reportPath(propertyNode(call.args[0]!, "methods") ?? call.node, methodsValue!, "method");
      return;
    }
    const scopes = options.props.get("authorizationScopes") ?? api.defaults.options?.props.get("authorizationScopes");
    for (const method of methods) this.route(api.api, method, paths[0]!, options.props.get("integration"), scopes, call);
  }

  /** `new HttpRoute(scope, id, { httpApi, routeKey, integration, authorizationScopes })`. */
  private httpRoute(props: ObjectValue | undefined, call: CallContext): void {
    const api = this.objectOf(props?.props.get("httpApi"));
    const key = this.objectOf(props?.props.get("routeKey"));
    if (api?.type !== "cdk-http-api") {
      this.diagnostics.warning(
        "APX210",
        "Cannot tell which HttpApi this HttpRoute is added to (its `httpApi` is not an HttpApi apidex can read); the route is not indexed.",
        siteOf(call.node),
        "Pass the `HttpApi` made in the sources (or a const or property holding it) as `httpApi`.",
      );
      return;
    }
    if (key?.type !== "cdk-route-key" || key.path === undefined || key.method === undefined) {
      this.reportPath(call.node, props?.props.get("routeKey") ?? { kind: "undefined" }, "route key");
      return;
    }
    const scopes = props?.props.get("authorizationScopes") ?? api.defaults.options?.props.get("authorizationScopes");
    this.route(api.api, key.method, key.path, props?.props.get("integration"), scopes, call);
  }

  // ------------------------------------------------------------------------------------------------
  // SST v2

  /** `new Api(stack, id, { routes, defaults: { function, authorizationScopes } })` of `sst/constructs`. */
  private sstApi(props: ObjectValue | undefined, call: CallContext): Value {
    const { router } = this.create("app", call.node);
    const api: ApiState = { router, resources: new Map() };
    const defaults = props?.props.get("defaults");
    const scopes = defaults?.kind === "object" ? defaults.props.get("authorizationScopes") : undefined;
    const sst: SstApi = { api, ...(scopes ? { defaultScopes: scopes } : {}) };
    addSstRoutes(this.sst, sst, props?.props.get("routes"), call);
    return this.value({ type: "sst-api", sst });
  }

  /** SST's handler string (`"packages/functions/src/list.main"`), read from the app's folder (sst.config.ts's). */
  private sstHandler(handler: string, fromFile: string, site: SourceSite): LambdaTarget {
    const parts = splitHandler(handler);
    if (!parts) return { checks: [], unreadable: `its handler \`${handler}\` is not \`path/to/module.export\``, site };
    const file = moduleFile(this.interpreter, sstModuleBase(this.appDir(fromFile), parts.module));
    if (!file) return { checks: [], unreadable: `its handler module ${parts.module} is not a file of the sources`, site };
    return exportedHandler(this.interpreter, file, parts.exported, site, (c) => this.visited.add(c));
  }

  /**
   * SST v3: `api.route("GET /notes/{id}", "src/get.handler" | { handler } | fn.arn, { auth: { jwt: { scopes } } })`,
   * `api.routeUrl("GET /docs", url)` (a proxy to a URL: no function of the sources).
   */
  private sst3Route(api: ApiState, method: string, call: CallContext): void {
    const arg = (i: number): Value => (call.args[i] ? this.interpreter.evaluate(call.args[i]!, call.scope) : { kind: "undefined" });
    const key = stringsOf(arg(0));
    const parsed = key?.length === 1 ? (key[0] === "$default" ? ["", "ANY", "/{proxy+}"] : /^(\w+)\s+(\/\S*)$/.exec(key[0]!.trim())) : null;
    if (!parsed) {
      this.sst.reportRouteKey(call.args[0] ?? call.node, key?.[0] ?? excerpt(call.args[0] ?? call.node));
      return;
    }
    const site = siteOf(call.node);
    const handler = arg(1);
    let target: LambdaTarget | undefined;
    if (method === "route") {
      const construct = this.sst.functionOf(handler);
      const written = handler.kind === "object" ? handler.props.get("handler") : handler;
      const strings = written ? stringsOf(written) : undefined;
      target =
        construct ??
        (strings?.length === 1 && !strings[0]!.startsWith("arn:")
          ? this.sstHandler(strings[0]!, call.node.getSourceFile().fileName, site)
          : { checks: [], unreadable: `its handler is ${explain(handler, "a handler string")}`, site });
    }
    // `auth: { jwt: { scopes } }` (also a Cognito user pool's `jwt`): the scopes, any one of which lets a token through.
    const auth = arg(2).kind === "object" ? (arg(2) as ObjectValue).props.get("auth") : undefined;
    const jwt = auth?.kind === "object" ? (auth.props.get("jwt") ?? auth.props.get("cognito")) : undefined;
    const scopes = jwt?.kind === "object" ? jwt.props.get("scopes") : undefined;
    this.routeTo(api, parsed[1]!.toUpperCase(), parsed[2]!, target, [], scopes, call);
  }

  /** SST v3's `new sst.aws.Function(name, { handler, url })`: a function, and with `url` one answering at its own URL. */
  private sst3Function(props: ObjectValue | undefined, call: CallContext): Value {
    const site = siteOf(call.node);
    const handler = props?.props.get("handler");
    const strings = handler ? stringsOf(handler) : undefined;
    const target =
      strings?.length === 1
        ? this.sstHandler(strings[0]!, call.node.getSourceFile().fileName, site)
        : { checks: [], unreadable: "its `handler` is not a static string", site };
    const url = props?.props.get("url");
    if (url && !(url.kind === "boolean" && !url.value) && url.kind !== "undefined") {
      // A function URL sends every method and path to the one handler: a catch-all of its own base URL.
      const { router } = this.create("app", call.node);
      this.routeTo({ router, resources: new Map() }, "ANY", "/{proxy+}", target, [], undefined, call);
    }
    return this.value({ type: "cdk-function", target });
  }

  /** What the SST route tables need of this host. */
  private readonly sst: SstHost = {
    route: (api, method, routePath, target, scopes, call) => this.routeTo(api as ApiState, method, routePath, target, [], scopes, call),
    functionOf: (value) => {
      const object = this.objectOf(value);
      return object?.type === "cdk-function" ? object.target : undefined;
    },
    handlerAt: (handler, fromFile, site) => this.sstHandler(handler, fromFile, site),
    reportRouteKey: (node, key) =>
      this.diagnostics.warning(
        "APX201",
        `Cannot read the route \`${key}\` of this API statically; it is left out.`,
        siteOf(node),
        'Write each route key as `"METHOD /path"` (or `$default`) in an object literal or a const.',
      ),
  };

  // ------------------------------------------------------------------------------------------------
  // Routes and their functions

  /** An operation of an API answered by an integration: the function it invokes, or why it cannot be read. */
  private route(
    api: ApiState,
    method: string,
    routePath: string,
    integration: Value | undefined,
    scopes: Value | undefined,
    call: CallContext,
  ): void {
    const node = call.node as ts.CallExpression;
    const checks: CheckValue[] = [];
    const object = this.objectOf(integration);
    const target = object?.type === "cdk-integration" ? object.target : undefined;
    if (integration && integration.kind !== "undefined" && object?.type !== "cdk-integration") {
      // An integration apidex cannot read may invoke a function of the sources whose checks would be missed.
      checks.push({ kind: "check", keys: [], node, unresolved: true });
      this.diagnostics.warning(
        "APX301",
        `Cannot read this route's integration (${explain(integration, "an integration")}): a check in the function it invokes would be missed, so the route is marked \`unresolved\`.`,
        siteOf(node),
        "Pass `new LambdaIntegration(fn)` / `new HttpLambdaIntegration(id, fn)` of a function made in the sources.",
      );
    }
    this.routeTo(api, method, routePath, target, checks, scopes, call);
  }

  /** An operation of an API: its handler's checks and its scopes (any one of them lets a token through). */
  private routeTo(
    api: ApiState,
    method: string,
    routePath: string,
    target: LambdaTarget | undefined,
    checks: CheckValue[],
    scopes: Value | undefined,
    call: CallContext,
  ): void {
    const node = call.node as ts.CallExpression;
    this.visit(node);
    // The function serves an app of a framework apidex reads (a Lambda-lith): the app's routes are the
    // operations, read by its adapter, as the Serverless adapter leaves them (serverless/route-facts.ts).
    if (target?.app) return;
    if (scopes && scopes.kind !== "undefined") {
      const keys = stringsOf(scopes);
      if (keys) {
        if (keys.length) checks.push({ kind: "check", keys, ...(keys.length > 1 ? { any: true } : {}), node });
      } else {
        checks.push({ kind: "check", keys: [], node, unresolved: true });
        this.diagnostics.warning(
          "APX301",
          `Cannot read this route's \`authorizationScopes\` statically (${explain(scopes, "strings")}); the route is marked \`unresolved\`.`,
          siteOf(node),
          "Write the scopes as string literals or consts.",
        );
      }
    }
    if (target) {
      checks.push(...target.checks);
      if (target.unreadable) {
        checks.push({ kind: "check", keys: [], node, unresolved: true });
        if (!this.saidUnreadable.has(target)) {
          this.saidUnreadable.add(target);
          this.diagnostics.warning(
            "APX301",
            `Cannot read the handler of this Lambda function: ${target.unreadable}. A check in it would be missed, so the routes it answers are marked \`unresolved\`.`,
            target.site,
            "Point the function at a handler in the sources (`NodejsFunction` with `entry` and `handler`, or `Code.fromAsset` of the folder holding the handler module).",
          );
        }
      }
    }
    const handlerArgs = target?.handler ? [{ node: handlerNode(target.handler), value: target.handler as Value }] : [];
    const upper = method.toUpperCase();
    // A handler that branches on the event's method: an `ANY` route answers only the methods it does not
    // refuse, and a check in a branch over the method guards that branch's methods only.
    const reading = target?.handler ? readLambdaMethods(target.handler, this.interpreter) : undefined;
    const methods = reading ? reading.methodsOf(upper) : upper === "ANY" ? ALL_METHODS : [upper];
    for (const m of methods) {
      const before = api.router.stack.length;
      this.addRoute(api.router, m.toLowerCase(), [routePath], handlerArgs, call, statementDoc(node) ?? target?.doc, checks);
      if (reading)
        for (const layer of api.router.stack.slice(before))
          if (layer.type === "route") layer.checks = reading.checksFor(layer.checks, m, methods);
    }
  }

  /** The Lambda function a value holds (a function construct of the sources), or why it cannot be read. */
  private targetOf(value: Value | undefined, call: CallContext): LambdaTarget {
    const object = this.objectOf(value);
    if (object?.type === "cdk-function") return object.target;
    return {
      checks: [],
      unreadable: `the function given is ${value ? explain(value, "a function construct") : "missing"}`,
      site: siteOf(call.node),
    };
  }

  /**
   * `new NodejsFunction(scope, id, { entry, handler = "handler" })`: `entry` is read from where `cdk synth` runs
   * (or absolute: `path.join(__dirname, ...)`); without it, CDK takes `<defining file>.<id>.ts` beside the file
   * that makes the function.
   */
  private nodejsFunction(props: ObjectValue | undefined, call: CallContext): LambdaTarget {
    const site = siteOf(call.node);
    const handlerValue = props?.props.get("handler");
    const handlerName = handlerValue ? stringsOf(handlerValue) : ["handler"];
    if (handlerName?.length !== 1) return { checks: [], unreadable: "its `handler` is not a static string", site };
    // `handler: "index.main"`: CDK uses a name with a dot as written (the bundle's module, then the export).
    const exported = handlerName[0]!.slice(handlerName[0]!.lastIndexOf(".") + 1);
    const entryValue = props?.props.get("entry");
    const file = call.node.getSourceFile().fileName;
    let entry: string | undefined;
    if (entryValue && entryValue.kind !== "undefined") {
      const entries = stringsOf(entryValue);
      if (entries?.length !== 1) return { checks: [], unreadable: `its \`entry\` is ${explain(entryValue)}`, site };
      entry = path.posix.resolve(this.appDir(file), entries[0]!);
      if (!this.exists(entry)) return { checks: [], unreadable: `its \`entry\` ${entries[0]} is not a file of the sources`, site };
    } else {
      const id = call.args[1] ? stringsOf(this.interpreter.evaluate(call.args[1], call.scope)) : undefined;
      if (id?.length !== 1) return { checks: [], unreadable: "it has no `entry` and an id apidex cannot read", site };
      entry = moduleFile(this.interpreter, file.replace(/\.[cm]?[jt]sx?$/, `.${id[0]}`));
      if (!entry)
        return {
          checks: [],
          unreadable: `it has no \`entry\`, and no ${path.posix.basename(file).replace(/\.[^.]+$/, "")}.${id[0]}.ts is beside its file`,
          site,
        };
    }
    return exportedHandler(this.interpreter, entry, exported, site, (c) => this.visited.add(c));
  }

  /**
   * `new Function(scope, id, { code: Code.fromAsset(dir), handler: "module.export" })`: the handler module under
   * the asset folder, when the folder is sources (a folder the build writes holds JavaScript apidex does not read).
   */
  private assetFunction(props: ObjectValue | undefined, call: CallContext): LambdaTarget {
    const site = siteOf(call.node);
    const code = this.objectOf(props?.props.get("code"));
    const handler = props?.props.get("handler");
    const handlerName = handler ? stringsOf(handler) : undefined;
    if (code?.type !== "cdk-code" || code.dir === undefined)
      return { checks: [], unreadable: "its `code` is not `Code.fromAsset(...)` of a folder apidex can read", site };
    if (handlerName?.length !== 1 || !handlerName[0]!.includes("."))
      return { checks: [], unreadable: "its `handler` is not a static `module.export` string", site };
    const name = handlerName[0]!;
    const base = path.posix.resolve(this.appDir(call.node.getSourceFile().fileName), code.dir, name.slice(0, name.lastIndexOf(".")));
    const file = moduleFile(this.interpreter, base);
    if (!file)
      return {
        checks: [],
        unreadable: `its handler module ${name.slice(0, name.lastIndexOf("."))} is not in the sources under ${code.dir} (a build output?)`,
        site,
      };
    return exportedHandler(this.interpreter, file, name.slice(name.lastIndexOf(".") + 1), site, (c) => this.visited.add(c));
  }

  private exists(file: string): boolean {
    return this.interpreter.sources.getFile(file) !== undefined;
  }

  /** A path, method or route key apidex cannot read: said (APX201), the route left out. */
  private reportPath(node: ts.Node, value: Value, what: string): void {
    this.diagnostics.warning(
      "APX201",
      `Cannot resolve this ${what === "addResource" || what === "getResource" || what === "resourceForPath" ? "resource path" : what} statically (\`${excerpt(node)}\` ${explain(value)}); the routes below it are left out.`,
      siteOf(node),
      "Use string literals or consts (a loop over a const array is read).",
    );
  }

  private unreadable(node: ts.Node, what: string, value: Value | undefined): void {
    this.diagnostics.warning(
      "APX201",
      `Cannot read ${what} statically (${value ? explain(value, "an object") : "missing"}); what it adds is left out.`,
      siteOf(node),
      "Write it as an object literal or a const.",
    );
  }

  /** A Lambda handler always answers: it never hands the request on as Express middleware does. */
  protected override handlerPassesOn(_fn: FunctionValue): boolean {
    return false;
  }

  protected override handlerOnlyRefuses(_fn: FunctionValue): boolean {
    return false;
  }
}

/** A construct's `defaultIntegration` and `defaultMethodOptions` (REST API and resource options). */
function defaultsOf(props: ObjectValue | undefined): Defaults {
  const integration = props?.props.get("defaultIntegration");
  const options = props?.props.get("defaultMethodOptions");
  return {
    ...(integration && integration.kind !== "undefined" ? { integration } : {}),
    ...(options?.kind === "object" ? { options } : {}),
  };
}

/** Method options over defaults, option by option. */
function mergeOptions(defaults: ObjectValue | undefined, own: ObjectValue | undefined): ObjectValue | undefined {
  if (!defaults) return own;
  if (!own) return defaults;
  const props = new Map(defaults.props);
  for (const [k, v] of own.props) if (v.kind !== "undefined") props.set(k, v);
  return { kind: "object", props };
}

/** The node a handler is read at (its declaration; a function declaration stands for itself). */
function handlerNode(fn: FunctionValue): ts.Expression {
  return fn.decl as unknown as ts.Expression;
}

/** The initializer of a property of an object literal argument, where a warning about it is said. */
function propertyNode(arg: ts.Expression, name: string): ts.Node | undefined {
  const literal = unwrapExpression(arg);
  if (!ts.isObjectLiteralExpression(literal)) return undefined;
  for (const p of literal.properties)
    if (ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === name) return p.initializer;
  return undefined;
}
