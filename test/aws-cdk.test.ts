import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { App, type Stack } from "aws-cdk-lib";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../generator/config/load-config.js";
import { generate } from "../generator/generate.js";
import { mayRegisterRoutes } from "../generator/scan/route-hints.js";
import { canonicalJson } from "../generator/write/canonical-json.js";
import { templateRoutes } from "./helpers/cdk-template-routes.js";
import { diagnosticLines, generateFrom, type InMemoryCase, routeLines } from "./helpers/in-memory.js";
import { REPO_ROOT } from "./helpers/repo.js";

/**
 * AWS CDK's API Gateway routes, read from the infrastructure code (generator/extract/aws-cdk). The fixture is a
 * `cdk init`-style app (bin/, lib/, cdk.json) with three stacks; the oracle synthesizes it with the real
 * aws-cdk-lib — offline, no credentials, bundling skipped — and compares the template's methods and routes
 * with the index. SST v2's routes (`sst/constructs`) are checked by in-memory cases only: its constructs are
 * made inside the App the `sst` CLI creates for a stage, and the package (with that CLI) is not installed for an
 * oracle. SST v3 (`sst.config.ts`'s `run()` with the global `sst.aws.ApiGatewayV2`) is checked by in-memory cases
 * only: it deploys through Pulumi, whose engine the `sst` CLI downloads on its first run from outside the npm
 * registry, which this machine cannot reach.
 */
const FIXTURE = path.join(REPO_ROOT, "test", "fixtures", "aws-cdk");

async function fixtureIndex() {
  const result = await generate(await loadConfig({ cwd: REPO_ROOT, root: FIXTURE }));
  expect(result.diagnostics.errors).toEqual([]);
  return result;
}

describe("AWS CDK fixture", () => {
  it("matches the golden index", async () => {
    const result = await fixtureIndex();
    expect(canonicalJson(result.index)).toBe(readFileSync(path.join(FIXTURE, "expected-operations.json"), "utf8"));
  });

  it("says what it reads: a catch-all proxy, and the separate APIs", async () => {
    const result = await fixtureIndex();
    expect(diagnosticLines(result).map((l) => l.replace(/^(APX\d+ ).*test\/fixtures\/aws-cdk\//, "$1"))).toEqual([
      "APX412 lib/catalog-http-stack.ts:16",
      "APX205 lib/orders-api-stack.ts:51",
    ]);
  });

  it("equals the methods and routes of the CloudFormation template aws-cdk-lib synthesizes", async () => {
    const result = await fixtureIndex();
    // `entry: "src/handlers/customers.ts"` is read from where `cdk synth` runs: the folder of cdk.json.
    const cwd = process.cwd();
    process.chdir(FIXTURE);
    let routes: string[];
    try {
      const load = async (file: string) => (await import(pathToFileURL(path.join(FIXTURE, "lib", file)).href)) as Record<string, unknown>;
      const { OrdersApiStack } = (await load("orders-api-stack.ts")) as {
        OrdersApiStack: new (a: App, id: string, p: { stage: string }) => Stack;
      };
      const { CatalogHttpStack } = (await load("catalog-http-stack.ts")) as { CatalogHttpStack: new (a: App, id: string) => Stack };
      const { WebhooksStack } = (await load("webhooks-stack.ts")) as { WebhooksStack: new (a: App, id: string) => Stack };
      // No bundling (esbuild or Docker): the template's routes do not depend on the functions' code.
      const app = new App({ context: { "aws:cdk:bundling-stacks": [] } });
      const stacks = [
        new OrdersApiStack(app, "OrdersApi", { stage: "prod" }),
        new CatalogHttpStack(app, "CatalogHttp"),
        new WebhooksStack(app, "Webhooks"),
      ];
      const assembly = app.synth();
      routes = stacks.flatMap((s) => templateRoutes(assembly.getStackByName(s.stackName).template));
    } finally {
      process.chdir(cwd);
    }
    expect(routes.sort()).toEqual(result.index.operations.map((o) => `${o.method} ${o.path}`).sort());
    expect(routes.length).toBeGreaterThan(20);
  });

  it("parses a stack module that only imports CDK's API Gateway constructs", () => {
    for (const pkg of ["aws-cdk-lib/aws-apigateway", "aws-cdk-lib/aws-apigatewayv2", "@aws-cdk/aws-apigateway"])
      expect(mayRegisterRoutes(`import { RestApi } from "${pkg}";\nnew RestApi(this, "A");\n`, "lib/stack.ts")).toBe(true);
    expect(mayRegisterRoutes(`import { aws_apigateway as apigw } from "aws-cdk-lib";\n`, "lib/stack.ts")).toBe(true);
    expect(mayRegisterRoutes(`import { aws_s3 as s3 } from "aws-cdk-lib";\n`, "lib/stack.ts")).toBe(false);
  });
});

/** A stack module: `body` runs in its constructor, with the usual imports. */
const stack = (body: string, imports = "") => `
import * as path from "path";
import { Stack } from "aws-cdk-lib";
import * as apigw from "aws-cdk-lib/aws-apigateway";
import * as lambda from "aws-cdk-lib/aws-lambda";
import { NodejsFunction } from "aws-cdk-lib/aws-lambda-nodejs";
${imports}
export class ApiStack extends Stack {
  constructor(scope: any, id: string) {
    super(scope, id);
${body}
  }
}
`;

const HANDLERS = {
  "cdk.json": "{}",
  "src/users.ts": `
export async function list(event) { requirePermission("users.read"); return { statusCode: 200 }; }
export const create = async (event) => { requirePermission("users.write"); return { statusCode: 201 }; };
export async function handler(event) { requirePermission("users.admin"); return { statusCode: 200 }; }
`,
};

const http = `import { HttpApi, HttpMethod, HttpRoute, HttpRouteKey } from "aws-cdk-lib/aws-apigatewayv2";
import { HttpLambdaIntegration } from "aws-cdk-lib/aws-apigatewayv2-integrations";`;

const patterns: InMemoryCase[] = [
  {
    name: "RestApi resources, NodejsFunction entries read from cdk.json's folder, handler names (default `handler`)",
    files: {
      ...HANDLERS,
      "lib/stack.ts": stack(`
    const list = new NodejsFunction(this, "List", { entry: "src/users.ts", handler: "list" });
    const admin = new NodejsFunction(this, "Admin", { entry: path.join(__dirname, "../src/users.ts") });
    const api = new apigw.RestApi(this, "Api");
    const users = api.root.addResource("users");
    users.addMethod("GET", new apigw.LambdaIntegration(list));
    users.addResource("{id}").addResource("roles").addMethod("PUT", new apigw.LambdaIntegration(admin));`),
    },
    routes: ["GET /users [users.read]", "PUT /users/{id}/roles [users.admin]"],
  },
  {
    name: "CDK 1 packages and aws-cdk-lib's barrel namespaces",
    files: {
      ...HANDLERS,
      "lib/v1.ts": `
import * as apigw from "@aws-cdk/aws-apigateway";
import * as nodejs from "@aws-cdk/aws-lambda-nodejs";
export function routes(scope) {
  const fn = new nodejs.NodejsFunction(scope, "F", { entry: "src/users.ts", handler: "list" });
  new apigw.RestApi(scope, "V1").root.addResource("v1").addMethod("GET", new apigw.LambdaIntegration(fn));
}`,
      "lib/v2.ts": `
import { aws_apigateway as apigw, aws_lambda_nodejs as nodejs } from "aws-cdk-lib";
export function routes(scope) {
  const fn = new nodejs.NodejsFunction(scope, "F", { entry: "src/users.ts", handler: "create" });
  new apigw.RestApi(scope, "V2").root.addResource("v2").addMethod("POST", new apigw.LambdaIntegration(fn));
}`,
    },
    routes: ["GET /v1 [users.read]", "POST /v2 [users.write]"],
    diagnostics: ["APX412 lib/v1.ts:6"],
  },
  {
    name: "authorizationScopes are keys (any one grants); defaultMethodOptions of the API and of resources, overridden option by option",
    files: {
      ...HANDLERS,
      "lib/stack.ts": stack(`
    const fn = new NodejsFunction(this, "F", { entry: "src/users.ts", handler: "list" });
    const api = new apigw.RestApi(this, "Api", { defaultMethodOptions: { authorizationScopes: ["api/read"] }, defaultIntegration: new apigw.LambdaIntegration(fn) });
    api.root.addResource("a").addMethod("GET");
    const b = api.root.addResource("b", { defaultMethodOptions: { authorizationScopes: ["b/one", "b/two"] } });
    b.addMethod("GET");
    b.addResource("c").addMethod("GET", undefined, { authorizationScopes: ["c/only"] });
    b.addResource("d").addMethod("GET", undefined, { authorizationType: apigw.AuthorizationType.IAM });`),
    },
    routes: [
      "GET /a [api/read,users.read]",
      "GET /b [users.read] any(b/one|b/two)",
      "GET /b/c [c/only,users.read]",
      "GET /b/d [users.read] any(b/one|b/two)",
    ],
  },
  {
    name: "resourceForPath, getResource, loops over literal arrays, helpers and constructs given a resource",
    files: {
      ...HANDLERS,
      "lib/crud.ts": `
import * as apigw from "aws-cdk-lib/aws-apigateway";
import { Construct } from "constructs";
export function crud(resource: apigw.IResource, fn) {
  const integration = new apigw.LambdaIntegration(fn);
  resource.addMethod("GET", integration);
  resource.addResource("{id}").addMethod("DELETE", integration);
}
export class Items extends Construct {
  constructor(scope, id, props: { parent: apigw.IResource; fn: any }) {
    super(scope, id);
    crud(props.parent.addResource("items"), props.fn);
  }
}`,
      "lib/stack.ts": stack(
        `
    const fn = new NodejsFunction(this, "F", { entry: "src/users.ts", handler: "list" });
    const api = new apigw.RestApi(this, "Api");
    for (const name of ["teams", "groups"]) crud(api.root.resourceForPath("org/" + name), fn);
    api.root.getResource("org").addMethod("GET", new apigw.LambdaIntegration(fn));
    new Items(this, "Items", { parent: api.root, fn });`,
        `import { crud, Items } from "./crud";`,
      ),
    },
    routes: [
      "DELETE /items/{id} [users.read]",
      "DELETE /org/groups/{id} [users.read]",
      "DELETE /org/teams/{id} [users.read]",
      "GET /items [users.read]",
      "GET /org [users.read]",
      "GET /org/groups [users.read]",
      "GET /org/teams [users.read]",
    ],
  },
  {
    name: "LambdaRestApi: with its proxy, ANY on the root and on {proxy+}; without, methods added take the function",
    files: {
      ...HANDLERS,
      "lib/stack.ts": stack(`
    const fn = new NodejsFunction(this, "F", { entry: "src/users.ts", handler: "list" });
    new apigw.LambdaRestApi(this, "Proxy", { handler: fn });
    const api = new apigw.LambdaRestApi(this, "Api", { handler: fn, proxy: false });
    api.root.addResource("ping").addMethod("GET");
    api.root.addResource("files").addProxy({ anyMethod: false }).addMethod("GET");`),
    },
    routes: [
      "DELETE / [users.read]",
      "DELETE /{proxy} [users.read]",
      "GET / [users.read]",
      "GET /files/{proxy} [users.read]",
      "GET /ping [users.read]",
      "GET /{proxy} [users.read]",
      "HEAD / [users.read]",
      "HEAD /{proxy} [users.read]",
      "OPTIONS / [users.read]",
      "OPTIONS /{proxy} [users.read]",
      "PATCH / [users.read]",
      "PATCH /{proxy} [users.read]",
      "POST / [users.read]",
      "POST /{proxy} [users.read]",
      "PUT / [users.read]",
      "PUT /{proxy} [users.read]",
    ],
    diagnostics: ["APX412 lib/stack.ts:13", "APX205 lib/stack.ts:13", "APX205 lib/stack.ts:16"],
  },
  {
    name: "HttpApi: addRoutes (HttpMethod members, several methods, ANY by default), HttpRoute with HttpRouteKey.with, default scopes",
    files: {
      ...HANDLERS,
      "lib/stack.ts": stack(
        `
    const fn = new NodejsFunction(this, "F", { entry: "src/users.ts", handler: "create" });
    const api = new HttpApi(this, "Api", { defaultAuthorizationScopes: ["api/all"] });
    api.addRoutes({ path: "/users/{id}", methods: [HttpMethod.PUT, HttpMethod.PATCH], integration: new HttpLambdaIntegration("I", fn), authorizationScopes: ["users/write"] });
    api.addRoutes({ path: "/any", integration: new HttpLambdaIntegration("I", fn) });
    new HttpRoute(this, "R", { httpApi: api, routeKey: HttpRouteKey.with("/keyed", HttpMethod.DELETE), integration: new HttpLambdaIntegration("K", fn) });`,
        http,
      ),
    },
    routes: [
      "DELETE /any [api/all,users.write]",
      "DELETE /keyed [api/all,users.write]",
      "GET /any [api/all,users.write]",
      "HEAD /any [api/all,users.write]",
      "OPTIONS /any [api/all,users.write]",
      "PATCH /any [api/all,users.write]",
      "PATCH /users/{id} [users.write,users/write]",
      "POST /any [api/all,users.write]",
      "PUT /any [api/all,users.write]",
      "PUT /users/{id} [users.write,users/write]",
    ],
  },
  {
    name: "HttpApi's defaultIntegration: the $default route answers what no route matches (a catch-all)",
    files: {
      ...HANDLERS,
      "lib/stack.ts": stack(
        `
    const fn = new NodejsFunction(this, "F", { entry: "src/users.ts", handler: "list" });
    new HttpApi(this, "Api", { defaultIntegration: new HttpLambdaIntegration("I", fn) });`,
        http,
      ),
    },
    routes: [
      "DELETE /{proxy} [users.read]",
      "GET /{proxy} [users.read]",
      "HEAD /{proxy} [users.read]",
      "OPTIONS /{proxy} [users.read]",
      "PATCH /{proxy} [users.read]",
      "POST /{proxy} [users.read]",
      "PUT /{proxy} [users.read]",
    ],
    diagnostics: ["APX205 lib/stack.ts:14"],
  },
  {
    name: "NodejsFunction without entry: <defining file>.<id>.ts beside the stack; Function with Code.fromAsset of a source folder",
    files: {
      "cdk.json": "{}",
      "lib/stack.GetItem.ts": `export const handler = async () => { requirePermission("items.read"); return { statusCode: 200 }; };`,
      "lambda/items/put.ts": `export async function main() { requirePermission("items.write"); return { statusCode: 200 }; }`,
      "lib/stack.ts": stack(`
    const get = new NodejsFunction(this, "GetItem");
    const put = new lambda.Function(this, "Put", { runtime: lambda.Runtime.NODEJS_22_X, code: lambda.Code.fromAsset("lambda"), handler: "items/put.main" });
    const items = new apigw.RestApi(this, "Api").root.addResource("items");
    items.addMethod("GET", new apigw.LambdaIntegration(get));
    items.addMethod("PUT", new apigw.LambdaIntegration(put));`),
    },
    routes: ["GET /items [items.read]", "PUT /items [items.write]"],
  },
  {
    name: "middy: the handler middy wraps answers, the checks of its .use() middleware gate it",
    files: {
      "cdk.json": "{}",
      "src/auth.ts": `export const requireScope = (scope: string) => ({ before: async () => { requirePermission(scope); } });`,
      "src/report.ts": `
import middy from "@middy/core";
import { requireScope } from "./auth";
const main = async () => { requirePermission("reports.read"); return { statusCode: 200 }; };
export const handler = middy(main).use(requireScope("reports.any")).use({ before: async () => { assertPermission("reports.audit"); } });`,
      "lib/stack.ts": stack(`
    const fn = new NodejsFunction(this, "F", { entry: "src/report.ts" });
    new apigw.RestApi(this, "Api").root.addResource("report").addMethod("GET", new apigw.LambdaIntegration(fn));`),
    },
    routes: ["GET /report [reports.any,reports.audit,reports.read]"],
  },
  {
    name: "a function serving an app of a framework apidex reads (serverless-http): the app's routes are the operations, as in the Serverless adapter",
    files: {
      "cdk.json": "{}",
      "src/lambda.ts": `import serverless from "serverless-http";
import { app } from "./app";
export const handler = serverless(app);`,
      "src/app.ts": `import express from "express";
export const app = express();
app.get("/things/:id", (req, res) => res.json({}));`,
      "lib/stack.ts": stack(`
    const fn = new NodejsFunction(this, "F", { entry: "src/lambda.ts" });
    new apigw.LambdaRestApi(this, "Api", { handler: fn });`),
    },
    routes: ["GET /things/{id} []"],
  },
  {
    name: "a wrapper of a package apidex does not know: the function it wraps answers, its other arguments gate it",
    files: {
      "cdk.json": "{}",
      "src/report.ts": `
import { wrap } from "some-lambda-kit";
const main = async () => { requirePermission("reports.read"); return { statusCode: 200 }; };
export const handler = wrap(main, requireScope("reports.any"));`,
      "lib/stack.ts": stack(`
    const fn = new NodejsFunction(this, "F", { entry: "src/report.ts" });
    new apigw.RestApi(this, "Api").root.addResource("report").addMethod("GET", new apigw.LambdaIntegration(fn));`),
    },
    routes: ["GET /report [reports.any,reports.read]"],
  },
  {
    name: "an API split across stacks: RestApi.fromRestApiAttributes's root takes the routes added here",
    files: {
      ...HANDLERS,
      "lib/stack.ts": stack(`
    const fn = new NodejsFunction(this, "F", { entry: "src/users.ts", handler: "list" });
    const api = apigw.RestApi.fromRestApiAttributes(this, "Shared", { restApiId: "abc", rootResourceId: "root" });
    api.root.addResource("shared").addMethod("GET", new apigw.LambdaIntegration(fn));`),
    },
    routes: ["GET /shared [users.read]"],
  },
  {
    name: "SST v2: Api routes (handler strings from the app's folder, function props, Function constructs, $default), addRoutes, default scopes",
    files: {
      "sst.config.ts": `import { API } from "./stacks/API";\nexport default { config() { return { name: "notes" }; }, stacks(app) { app.stack(API); } };`,
      "packages/functions/src/notes.ts": `
export async function list() { requirePermission("notes.read"); return { statusCode: 200 }; }
export async function create() { requirePermission("notes.write"); return { statusCode: 201 }; }
export const main = async () => { requirePermission("billing.pay"); return { statusCode: 200 }; };`,
      "stacks/API.ts": `
import { Api, Function, StackContext } from "sst/constructs";
export function API({ stack }: StackContext) {
  const billing = new Function(stack, "Billing", { handler: "packages/functions/src/notes.main" });
  const api = new Api(stack, "api", {
    defaults: { function: { timeout: 20 }, authorizationScopes: ["notes/user"] },
    routes: {
      "GET /notes": "packages/functions/src/notes.list",
      "POST /notes": { function: { handler: "packages/functions/src/notes.create" }, authorizer: "jwt", authorizationScopes: ["notes/write"] },
      "POST /billing": billing,
      "GET /docs": { type: "url", url: "https://example.com/docs" },
    },
  });
  api.addRoutes(stack, { "$default": "packages/functions/src/notes.list" });
  return { api };
}`,
    },
    routes: [
      "DELETE /{proxy} [notes.read,notes/user]",
      "GET /docs [notes/user]",
      "GET /notes [notes.read,notes/user]",
      "GET /{proxy} [notes.read,notes/user]",
      "HEAD /{proxy} [notes.read,notes/user]",
      "OPTIONS /{proxy} [notes.read,notes/user]",
      "PATCH /{proxy} [notes.read,notes/user]",
      "POST /billing [billing.pay,notes/user]",
      "POST /notes [notes.write,notes/write]",
      "POST /{proxy} [notes.read,notes/user]",
      "PUT /{proxy} [notes.read,notes/user]",
    ],
    diagnostics: ["APX205 stacks/API.ts:14"],
  },
  {
    name: "SST v3: sst.config.ts's run() with the global sst: ApiGatewayV2 routes (handler strings, { handler }, jwt scopes, $default), routeUrl, a Function with a URL",
    files: {
      "sst.config.ts": `/// <reference path="./.sst/platform/config.d.ts" />
export default $config({
  app(input) { return { name: "notes", home: "aws" }; },
  async run() {
    const api = new sst.aws.ApiGatewayV2("MyApi");
    api.route("GET /notes", "packages/functions/src/notes.list");
    api.route("POST /notes", { handler: "packages/functions/src/notes.create" }, { auth: { jwt: { issuer: "x", audiences: ["y"], scopes: ["notes/write", "notes/admin"] } } });
    api.routeUrl("GET /docs", "https://example.com/docs");
    const v1 = new sst.aws.ApiGatewayV1("Legacy");
    v1.route("GET /legacy/{id}", "packages/functions/src/notes.list");
    v1.deploy();
    new sst.aws.Function("Billing", { handler: "packages/functions/src/notes.main", url: true });
  },
});`,
      "packages/functions/src/notes.ts": `
export async function list() { requirePermission("notes.read"); return { statusCode: 200 }; }
export async function create() { requirePermission("notes.write"); return { statusCode: 201 }; }
export const main = async () => { requirePermission("billing.pay"); return { statusCode: 200 }; };`,
    },
    routes: [
      "DELETE /{proxy} [billing.pay]",
      "GET /docs []",
      "GET /legacy/{id} [notes.read]",
      "GET /notes [notes.read]",
      "GET /{proxy} [billing.pay]",
      "HEAD /{proxy} [billing.pay]",
      "OPTIONS /{proxy} [billing.pay]",
      "PATCH /{proxy} [billing.pay]",
      "POST /notes [notes.write] any(notes/admin|notes/write)",
      "POST /{proxy} [billing.pay]",
      "PUT /{proxy} [billing.pay]",
    ],
    diagnostics: ["APX412 sst.config.ts:5", "APX205 sst.config.ts:12"],
  },
];

const warnings: InMemoryCase[] = [
  {
    name: "a resource path or method apidex cannot read: APX201, the routes left out",
    files: {
      ...HANDLERS,
      "lib/stack.ts": stack(`
    const fn = new NodejsFunction(this, "F", { entry: "src/users.ts", handler: "list" });
    const api = new apigw.RestApi(this, "Api");
    api.root.addResource(process.env.TENANT).addMethod("GET", new apigw.LambdaIntegration(fn));
    api.root.addResource("ok").addMethod(process.env.VERB, new apigw.LambdaIntegration(fn));
    api.root.addResource("kept").addMethod("GET", new apigw.LambdaIntegration(fn));`),
    },
    routes: ["GET /kept [users.read]"],
    diagnostics: ["APX201 lib/stack.ts:14", "APX201 lib/stack.ts:15"],
  },
  {
    name: "an HTTP API route whose path cannot be read (APX201), an HttpRoute of an API apidex cannot read (APX210)",
    files: {
      ...HANDLERS,
      "lib/stack.ts": stack(
        `
    const fn = new NodejsFunction(this, "F", { entry: "src/users.ts", handler: "list" });
    const api = new HttpApi(this, "Api");
    api.addRoutes({ path: this.node.tryGetContext("path"), integration: new HttpLambdaIntegration("I", fn) });
    new HttpRoute(this, "R", { httpApi: this.api, routeKey: HttpRouteKey.with("/x", HttpMethod.GET), integration: new HttpLambdaIntegration("K", fn) });
    api.addRoutes({ path: "/ok", methods: [HttpMethod.GET], integration: new HttpLambdaIntegration("I", fn) });`,
        http,
      ),
    },
    routes: ["GET /ok [users.read]"],
    diagnostics: ["APX201 lib/stack.ts:15", "APX210 lib/stack.ts:16"],
  },
  {
    name: "a handler apidex cannot read (build output, inline code, a missing entry): APX301 once per function, its routes unresolved",
    files: {
      "cdk.json": "{}",
      "lib/stack.ts": stack(`
    const built = new lambda.Function(this, "Built", { runtime: lambda.Runtime.NODEJS_22_X, code: lambda.Code.fromAsset("dist"), handler: "index.handler" });
    const inline = new lambda.Function(this, "Inline", { runtime: lambda.Runtime.NODEJS_22_X, code: lambda.Code.fromInline("exports.handler = async () => ({})"), handler: "index.handler" });
    const missing = new NodejsFunction(this, "Missing", { entry: "src/gone.ts" });
    const api = new apigw.RestApi(this, "Api");
    api.root.addResource("a").addMethod("GET", new apigw.LambdaIntegration(built));
    api.root.addResource("b").addMethod("GET", new apigw.LambdaIntegration(built), { authorizationScopes: ["b/read"] });
    api.root.addResource("c").addMethod("GET", new apigw.LambdaIntegration(inline));
    api.root.addResource("d").addMethod("GET", new apigw.LambdaIntegration(missing));`),
    },
    routes: [
      "GET /a [] unresolved(permissions)",
      "GET /b [b/read] unresolved(permissions)",
      "GET /c [] unresolved(permissions)",
      "GET /d [] unresolved(permissions)",
    ],
    diagnostics: ["APX301 lib/stack.ts:12", "APX301 lib/stack.ts:13", "APX301 lib/stack.ts:14"],
  },
  {
    name: "scopes or an integration apidex cannot read: APX301, the route unresolved; a mock integration answers with no handler",
    files: {
      ...HANDLERS,
      "lib/stack.ts": stack(`
    const api = new apigw.RestApi(this, "Api");
    api.root.addResource("a").addMethod("GET", new apigw.MockIntegration(), { authorizationScopes: this.scopes });
    api.root.addResource("b").addMethod("GET", this.integration);
    api.root.addResource("c").addMethod("GET", new apigw.MockIntegration());`),
    },
    routes: ["GET /a [] unresolved(permissions)", "GET /b [] unresolved(permissions)", "GET /c []"],
    diagnostics: ["APX301 lib/stack.ts:13", "APX301 lib/stack.ts:14"],
  },
  {
    name: "a route added where apidex does not run (a callback of a package): APX210",
    files: {
      ...HANDLERS,
      "lib/stack.ts": stack(
        `
    const api = new apigw.RestApi(this, "Api");
    later(() => api.root.addResource("late").addMethod("GET", new apigw.MockIntegration()));`,
        `import { later } from "some-package";`,
      ),
    },
    routes: [],
    diagnostics: ["APX210 lib/stack.ts:13"],
  },
  {
    name: "SST v2: a route key or handler apidex cannot read (APX201; APX301, the route unresolved)",
    files: {
      "sst.config.ts": "export default {};",
      "stacks/API.ts": `
import { Api } from "sst/constructs";
export function API({ stack }) {
  new Api(stack, "api", { routes: { "GET /gone": "src/gone.main", "NOT A ROUTE": "src/x.main", [process.env.ROUTE]: "src/y.main" } });
}`,
    },
    routes: ["GET /gone [] unresolved(permissions)"],
    diagnostics: ["APX201 stacks/API.ts:4", "APX201 stacks/API.ts:4", "APX301 stacks/API.ts:4"],
  },
  {
    name: "a SpecRestApi: its routes are its OpenAPI document's (APX210), not indexed",
    files: {
      "cdk.json": "{}",
      "lib/stack.ts": stack(`
    new apigw.SpecRestApi(this, "Api", { apiDefinition: apigw.ApiDefinition.fromAsset("openapi.yaml") });`),
    },
    routes: [],
    diagnostics: ["APX210 lib/stack.ts:12"],
  },
  {
    name: "SST v3: a route key apidex cannot read (APX201), a handler it cannot read (APX301, unresolved)",
    files: {
      "sst.config.ts": `export default $config({
  async run() {
    const api = new sst.aws.ApiGatewayV2("MyApi");
    api.route(process.env.ROUTE, "src/x.handler");
    api.route("GET /arn", imported.arn);
  },
});`,
    },
    routes: ["GET /arn [] unresolved(permissions)"],
    diagnostics: ["APX201 sst.config.ts:4", "APX301 sst.config.ts:5"],
  },
];

describe("AWS CDK patterns", () => {
  it.each(patterns)("$name", async ({ files, routes, diagnostics }) => {
    const result = await generateFrom(files);
    expect(routeLines(result)).toEqual(routes);
    expect(diagnosticLines(result).filter((l) => !l.startsWith("APX408"))).toEqual(diagnostics ?? []);
  });
});

describe("AWS CDK warnings", () => {
  it.each(warnings)("$name", async ({ files, routes, diagnostics }) => {
    const result = await generateFrom(files);
    expect(routeLines(result)).toEqual(routes);
    expect(diagnosticLines(result).filter((l) => !l.startsWith("APX408"))).toEqual(diagnostics ?? []);
  });
});

/**
 * A handler that serves several methods and branches on the event's method (generator/extract/lambda/methods.ts):
 * each method gets the checks of the branches that run for it, and an `ANY` route only the methods it answers.
 */
const METHOD_HANDLERS = {
  "cdk.json": "{}",
  "src/notes.ts": `
export const rest = async (event: any) => {
  switch (event.httpMethod) {
    case "GET":
      requirePermission("notes.read");
      return { statusCode: 200 };
    case "DELETE":
      requirePermission("notes.delete");
      return { statusCode: 204 };
    default:
      return { statusCode: 405 };
  }
};
export async function http(event: any) {
  const method = event.requestContext.http.method;
  requirePermission("notes.access");
  if (method === "POST") {
    requirePermission("notes.write");
    return { statusCode: 201 };
  } else if (method === "GET") {
    return { statusCode: 200 };
  } else {
    return { statusCode: 405 };
  }
}
export async function plain(event: any) { requirePermission("notes.plain"); return { statusCode: 200 }; }
`,
};

const methodPatterns: InMemoryCase[] = [
  {
    name: "a switch on event.httpMethod: LambdaRestApi's ANY routes narrowed to the cases, each method with its branch's checks",
    files: {
      ...METHOD_HANDLERS,
      "lib/stack.ts": stack(`
    const fn = new NodejsFunction(this, "F", { entry: "src/notes.ts", handler: "rest" });
    new apigw.LambdaRestApi(this, "Api", { handler: fn });
    const api = new apigw.RestApi(this, "Rest");
    api.root.addResource("notes").addMethod("GET", new apigw.LambdaIntegration(fn));`),
    },
    routes: [
      "DELETE / [notes.delete]",
      "DELETE /{proxy} [notes.delete]",
      "GET / [notes.read]",
      "GET /notes [notes.read]",
      "GET /{proxy} [notes.read]",
    ],
    diagnostics: ["APX412 lib/stack.ts:13", "APX205 lib/stack.ts:13"],
  },
  {
    name: "requestContext.http.method in an if/else chain: HttpApi's ANY route narrowed, each method with its branch's checks",
    files: {
      ...METHOD_HANDLERS,
      "lib/stack.ts": stack(
        `
    const fn = new NodejsFunction(this, "F", { entry: "src/notes.ts", handler: "http" });
    const api = new HttpApi(this, "Api");
    api.addRoutes({ path: "/notes", integration: new HttpLambdaIntegration("I", fn) });
    api.addRoutes({ path: "/drafts", methods: [HttpMethod.PUT, HttpMethod.POST], integration: new HttpLambdaIntegration("I", fn) });`,
        http,
      ),
    },
    routes: [
      "GET /notes [notes.access]",
      "POST /drafts [notes.access,notes.write]",
      "POST /notes [notes.access,notes.write]",
      "PUT /drafts [notes.access]",
    ],
  },
  {
    name: "a handler with no method test: its ANY route stays every method, each with every check",
    files: {
      ...METHOD_HANDLERS,
      "lib/stack.ts": stack(
        `
    const fn = new NodejsFunction(this, "F", { entry: "src/notes.ts", handler: "plain" });
    new HttpApi(this, "Api").addRoutes({ path: "/plain", integration: new HttpLambdaIntegration("I", fn) });`,
        http,
      ),
    },
    routes: ["DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT"].map((m) => `${m} /plain [notes.plain]`),
  },
];

describe("AWS CDK: handlers that branch on the event's method", () => {
  it.each(methodPatterns)("$name", async ({ files, routes, diagnostics }) => {
    const result = await generateFrom(files);
    expect(routeLines(result)).toEqual(routes);
    expect(diagnosticLines(result).filter((l) => !l.startsWith("APX408"))).toEqual(diagnostics ?? []);
  });
});
