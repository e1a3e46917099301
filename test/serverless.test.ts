import { execFile, execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../generator/config/load-config.js";
import { generate } from "../generator/generate.js";
import { generateToDisk } from "../generator/generate-to-disk.js";
import { canonicalJson } from "../generator/write/canonical-json.js";
import { diagnosticLines, generateFrom, type InMemoryCase, routeLines } from "./helpers/in-memory.js";
import { REPO_ROOT } from "./helpers/repo.js";

const fixture = path.join(REPO_ROOT, "test", "fixtures", "serverless");
const samFixture = path.join(REPO_ROOT, "test", "fixtures", "sam");
const ALL_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"];

interface Resource {
  Type: string;
  Properties: Record<string, unknown>;
}

/**
 * The routes the real Serverless Framework (3, the last version that runs without a login) compiles the fixture's
 * config to: `serverless package` writes the CloudFormation template it would deploy, offline (dummy
 * credentials; nothing is sent to AWS). REST API methods are `AWS::ApiGateway::Method` on a tree of
 * `AWS::ApiGateway::Resource` path parts; HTTP API routes are `AWS::ApiGatewayV2::Route` with a route key
 * (`GET /shared/{shareId}`). Each with the authorization scopes API Gateway checks.
 */
async function packagedRoutes(): Promise<Map<string, string[]>> {
  const out = mkdtempSync(path.join(tmpdir(), "apidex-sls-"));
  try {
    await promisify(execFile)(
      path.join(REPO_ROOT, "node_modules", ".bin", "serverless"),
      ["package", "--stage", "test", "--package", out],
      {
        cwd: fixture,
        env: {
          ...process.env,
          HOME: out,
          AWS_ACCESS_KEY_ID: "AKIAEXAMPLE",
          AWS_SECRET_ACCESS_KEY: "example",
          SLS_TELEMETRY_DISABLED: "1",
          SLS_NOTIFICATIONS_MODE: "off",
          SLS_DEPRECATION_DISABLE: "*",
          CI: "true",
        },
        timeout: 180_000,
      },
    );
    const template = JSON.parse(readFileSync(path.join(out, "cloudformation-template-update-stack.json"), "utf8")) as {
      Resources: Record<string, Resource>;
    };
    const resources = template.Resources;
    const pathOf = (ref: unknown): string => {
      const id = (ref as { Ref?: string }).Ref;
      if (!id) return ""; // the REST API's root resource (Fn::GetAtt RootResourceId)
      const resource = resources[id]!.Properties;
      return `${pathOf(resource.ParentId)}/${resource.PathPart as string}`;
    };
    // `{key+}` (greedy) is indexed as `{key}`: one OpenAPI parameter.
    const openapi = (p: string) => p.replace(/\{([^}+]+)\+\}/g, "{$1}") || "/";
    const routes = new Map<string, string[]>();
    const add = (method: string, route: string, scopes: unknown) => {
      for (const m of method === "ANY" || method === "*" ? ALL_METHODS : [method])
        routes.set(`${m} ${openapi(route)}`, ((scopes as string[]) ?? []).slice().sort());
    };
    for (const resource of Object.values(resources)) {
      const p = resource.Properties;
      // An OPTIONS method the framework adds for `cors: true` answers preflights: no operation of the service.
      if (resource.Type === "AWS::ApiGateway::Method" && p.HttpMethod !== "OPTIONS")
        add(p.HttpMethod as string, pathOf(p.ResourceId), p.AuthorizationScopes);
      if (resource.Type === "AWS::ApiGatewayV2::Route") {
        const [method, route] = (p.RouteKey as string).split(" ");
        add(method!, route!, p.AuthorizationScopes);
      }
    }
    return routes;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

describe("Serverless Framework (fixture)", () => {
  it("matches the golden index and equals the routes and scopes the real Serverless Framework compiles", { timeout: 240_000 }, async () => {
    const result = await generate(await loadConfig({ cwd: REPO_ROOT, root: fixture }));
    expect(result.diagnostics.errors).toEqual([]);
    expect(canonicalJson(result.index)).toBe(readFileSync(path.join(fixture, "expected-operations.json"), "utf8"));
    const compiled = await packagedRoutes();
    expect([...compiled.keys()].sort()).toEqual(result.index.operations.map((o) => `${o.method} ${o.path}`).sort());
    // The authorizer's scopes are one group of alternatives of the operation (API Gateway lets any one through).
    for (const op of result.index.operations) {
      const scopes = compiled.get(`${op.method} ${op.path}`)!;
      if (scopes.length > 1) expect(op.any_of).toContainEqual(scopes);
      else for (const scope of scopes) expect(op.permissions).toContain(scope);
    }
    // The scoped routes are there, so the loop above compared something.
    expect([...compiled.values()].filter((s) => s.length).length).toBe(2);
  });
});

/** The Serverless Framework's config (generator/extract/serverless): routes declared as function events. */
const AUTH = `export function requirePermission(key: string) { return { before: async () => {} }; }
export function assertPermission(event: unknown, key: string): void {}
`;

const cases: InMemoryCase[] = [
  {
    name: "http and httpApi events, long and short forms, with the handler body's checks",
    files: {
      "serverless.yml": `service: users
provider:
  name: aws
  runtime: nodejs20.x
functions:
  listUsers:
    handler: src/handlers/users.list
    events:
      - http:
          path: users
          method: get
      - http: POST /users
  getUser:
    handler: src/handlers/users.get
    events:
      - httpApi:
          path: /users/{id}
          method: GET
      - httpApi: 'DELETE /users/{id}'
`,
      "src/auth.ts": AUTH,
      "src/handlers/users.ts": `import { assertPermission } from "../auth";
export const list = async (event: unknown) => { assertPermission(event, "users.read"); return { statusCode: 200 }; };
export async function get(event: unknown) { assertPermission(event, "users.read"); return { statusCode: 200 }; }
`,
    },
    routes: ["DELETE /users/{id} [users.read]", "GET /users [users.read]", "GET /users/{id} [users.read]", "POST /users [users.read]"],
  },
  {
    name: "authorizer scopes are alternatives (any one grants, as API Gateway checks them), beside the handler's checks",
    files: {
      "serverless.yml": `service: orders
provider:
  name: aws
  httpApi:
    authorizers:
      jwt: { identitySource: $request.header.Authorization, issuerUrl: https://issuer, audience: [api] }
functions:
  create:
    handler: src/orders.create
    events:
      - httpApi:
          method: POST
          path: /orders
          authorizer:
            name: jwt
            scopes: [orders.write, admin]
      - http:
          path: orders/{id}
          method: put
          authorizer:
            name: pool
            type: COGNITO_USER_POOLS
            scopes:
              - orders.write
          private: true
`,
      "src/auth.ts": AUTH,
      "src/orders.ts": `import { assertPermission } from "./auth";
export const create = async (event: unknown) => { assertPermission(event, "orders.audit"); return { statusCode: 201 }; };
`,
    },
    routes: ["POST /orders [orders.audit] any(admin|orders.write)", "PUT /orders/{id} [orders.audit,orders.write]"],
  },
  {
    name: "variables: self references, option and environment fallbacks, sls:stage, a file of the service",
    files: {
      "serverless.yml": `service: vars
provider:
  name: aws
  stage: \${opt:stage, 'prod'}
custom:
  base: v2
  scope: \${env:READ_SCOPE, 'items.read'}
functions: \${file(./functions.yml)}
`,
      "functions.yml": `items:
  handler: src/items.list
  events:
    - http: GET /\${self:custom.base}/items
    - http:
        path: \${self:custom.base}/\${sls:stage}/items/{id}
        method: get
        authorizer: { name: pool, scopes: ["\${self:custom.scope}"] }
    - httpApi: GET /\${env:UNSET_PREFIX}/items
`,
      "src/items.ts": "export async function list() { return { statusCode: 200 }; }\n",
    },
    routes: ["GET /v2/items []", "GET /v2/prod/items/{id} [items.read]"],
    diagnostics: ["APX201 functions.yml:9"],
  },
  {
    name: "any method, a greedy parameter and the HTTP API's default route (a catch-all segment, said)",
    files: {
      "serverless.yml": `service: proxy
provider: { name: aws }
functions:
  files:
    handler: src/files.handler
    events:
      - http: { path: 'files/{key+}', method: any }
      - httpApi: '*'
`,
      "src/files.ts": "export const handler = async () => ({ statusCode: 200 });\n",
    },
    routes: [
      "DELETE /files/{key} []",
      "DELETE /{proxy} []",
      "GET /files/{key} []",
      "GET /{proxy} []",
      "HEAD /files/{key} []",
      "HEAD /{proxy} []",
      "OPTIONS /files/{key} []",
      "OPTIONS /{proxy} []",
      "PATCH /files/{key} []",
      "PATCH /{proxy} []",
      "POST /files/{key} []",
      "POST /{proxy} []",
      "PUT /files/{key} []",
      "PUT /{proxy} []",
    ],
    diagnostics: ["APX205 serverless.yml:7", "APX205 serverless.yml:8"],
  },
  {
    name: "middy: use() middleware and before() guard the handler, through a project's middyfy helper too",
    files: {
      "serverless.yml": `service: mid
provider: { name: aws }
functions:
  read:
    handler: src/handlers/read.main
    events:
      - http: GET /reports
  write:
    handler: src/handlers/write.main
    events:
      - http: POST /reports
  remove:
    handler: src/handlers/remove.main
    events:
      - http: DELETE /reports/{id}
`,
      "src/auth.ts": AUTH,
      "src/lib/lambda.ts": `import middy from "@middy/core";
import jsonBodyParser from "@middy/http-json-body-parser";
export const middyfy = (handler: unknown, ...checks: unknown[]) => middy(handler).use(jsonBodyParser()).use(checks);
`,
      "src/handlers/read.ts": `import middy from "@middy/core";
import { requirePermission } from "../auth";
const read = async () => ({ statusCode: 200 });
export const main = middy(read).use(requirePermission("reports.read"));
`,
      "src/handlers/write.ts": `import { middyfy } from "../lib/lambda";
import { requirePermission, assertPermission } from "../auth";
const write = async (event: unknown) => { assertPermission(event, "reports.audit"); return { statusCode: 201 }; };
export const main = middyfy(write, requirePermission("reports.write"));
`,
      "src/handlers/remove.ts": `import middy from "@middy/core";
import { assertPermission } from "../auth";
export const main = middy()
  .before(async (request: { event: unknown }) => { assertPermission(request.event, "reports.remove"); })
  .handler(async () => ({ statusCode: 204 }));
`,
    },
    routes: ["DELETE /reports/{id} [reports.remove]", "GET /reports [reports.read]", "POST /reports [reports.audit,reports.write]"],
  },
  {
    name: "serverless.ts: functions spread from modules, handlers placed with handlerPath(__dirname)",
    files: {
      "serverless.ts": `import type { AWS } from "@serverless/typescript";
import { hello, users } from "./src/functions";
const serverlessConfiguration: AWS = {
  service: "typed",
  provider: { name: "aws", runtime: "nodejs20.x" },
  functions: { hello, ...users },
};
module.exports = serverlessConfiguration;
`,
      "src/libs/handler-resolver.ts":
        "export const handlerPath = (context: string) => `${context.split(process.cwd())[1].substring(1).replace(/\\\\/g, '/')}`;\n",
      "src/functions/index.ts": `export { default as hello } from "./hello";
import list from "./users/list";
export const users = { listUsers: list, getUser: { handler: "src/functions/users/handler.get", events: [{ httpApi: "GET /users/{id}" }] } };
`,
      "src/functions/hello/index.ts": `import { handlerPath } from "../../libs/handler-resolver";
export default { handler: \`\${handlerPath(__dirname)}/handler.main\`, events: [{ http: { method: "post", path: "hello" } }] };
`,
      "src/functions/hello/handler.ts": `import { assertPermission } from "../../auth";
/** Says hello. */
export const main = async (event: unknown) => { assertPermission(event, "hello.say"); return { statusCode: 200 }; };
`,
      "src/functions/users/list.ts": `import { handlerPath } from "../../libs/handler-resolver";
export default { handler: \`\${handlerPath(__dirname)}/handler.list\`, events: [{ httpApi: { method: "GET", path: "/users" } }] };
`,
      "src/functions/users/handler.ts": `import { assertPermission } from "../../auth";
export async function list(event: unknown) { assertPermission(event, "users.read"); return { statusCode: 200 }; }
export async function get(event: unknown) { assertPermission(event, "users.read"); return { statusCode: 200 }; }
`,
      "src/auth.ts": AUTH,
    },
    routes: ["GET /users [users.read]", "GET /users/{id} [users.read]", "POST /hello [hello.say]"],
  },
  {
    name: "serverless.ts: functions given as a namespace import of a module re-exporting each function (export default)",
    files: {
      "serverless.ts": `import * as functions from "./src/functions";
export default { service: "ns", provider: { name: "aws" }, functions };
`,
      "src/functions/index.ts": `export { default as hello } from "./hello";\nexport { default as bye } from "./bye";\n`,
      "src/functions/hello.ts": `export default { handler: "src/handlers.hello", events: [{ http: { method: "get", path: "hello" } }] };\n`,
      "src/functions/bye.ts": `export default { handler: "src/handlers.bye", events: [{ httpApi: "POST /bye" }] };\n`,
      "src/handlers.ts": "export const hello = async () => ({ statusCode: 200 });\nexport const bye = async () => ({ statusCode: 200 });\n",
    },
    routes: ["GET /hello []", "POST /bye []"],
  },
  {
    name: "unreadable: a path from an option without fallback (left out), a missing handler module and export, scopes from SSM (kept, unresolved)",
    files: {
      "serverless.yml": `service: broken
provider: { name: aws }
functions:
  a:
    handler: src/missing.handler
    events:
      - http: GET /a
      - http: GET /\${opt:prefix}/a
  b:
    handler: src/b.nothere
    events:
      - httpApi:
          method: GET
          path: /b
          authorizer:
            name: jwt
            scopes: \${ssm:/scopes}
  c:
    handler: src/b.ok
    events:
      - sqs: arn:aws:sqs:region:account:queue
      - schedule: rate(1 hour)
      - http: 'FETCH /c'
      - alb:
          listenerArn: arn:aws:elasticloadbalancing:region:account:listener/app/x/y/z
          priority: 1
          conditions:
            path: /c
`,
      "src/b.ts": "export const ok = async () => ({ statusCode: 200 });\n",
    },
    routes: ["GET /a [] unresolved(permissions)", "GET /b [] unresolved(permissions)"],
    diagnostics: [
      "APX301 serverless.yml:5",
      "APX201 serverless.yml:8",
      "APX301 serverless.yml:10",
      "APX301 serverless.yml:17",
      "APX201 serverless.yml:23",
      "APX201 serverless.yml:25",
    ],
  },
  {
    name: "a function serving an app of a framework apidex reads: the app's routes are the operations",
    files: {
      "serverless.yml": `service: lambdalith
provider: { name: aws }
functions:
  api:
    handler: src/lambda.handler
    events:
      - http: ANY /{proxy+}
      - httpApi: '*'
`,
      "src/lambda.ts": `import serverless from "serverless-http";
import { app } from "./app";
export const handler = serverless(app);
`,
      "src/app.ts": `import express from "express";
export const app = express();
app.get("/things/:id", (req, res) => res.json({}));
`,
    },
    routes: ["GET /things/{id} []"],
  },
  {
    name: "not a Serverless service: a serverless.yml without provider and functions is no config",
    files: {
      "serverless.yml": "component: website\ninputs:\n  src: ./dist\n",
      "src/index.ts": "export const x = 1;\n",
    },
    routes: [],
    diagnostics: ["APX001 -"],
  },
];

describe("Serverless Framework (in memory)", () => {
  for (const c of cases)
    it(c.name, async () => {
      const result = await generateFrom(c.files, c.config);
      expect(routeLines(result)).toEqual(c.routes);
      expect(diagnosticLines(result)).toEqual(c.diagnostics ?? []);
    });
});

const SAM_HEADER = `AWSTemplateFormatVersion: "2010-09-09"
Transform: AWS::Serverless-2016-10-31
`;

const samCases: InMemoryCase[] = [
  {
    name: "Api and HttpApi events, Globals.Function's CodeUri, an esbuild entry point, the API's default authorizer scopes",
    files: {
      "template.yaml": `${SAM_HEADER}Globals:
  Function:
    Runtime: nodejs20.x
    CodeUri: functions/
Resources:
  ItemsApi:
    Type: AWS::Serverless::Api
    Properties:
      StageName: prod
      Auth:
        DefaultAuthorizer: Pool
        Authorizers:
          Pool:
            UserPoolArn: !GetAtt UserPool.Arn
            AuthorizationScopes:
              - items.read
  ListItems:
    Type: AWS::Serverless::Function
    Properties:
      Handler: items.list
      Events:
        List:
          Type: Api
          Properties:
            Path: /items
            Method: get
            RestApiId: !Ref ItemsApi
        Remove:
          Type: Api
          Properties:
            Path: /items/{id}
            Method: delete
            RestApiId: !Ref ItemsApi
            Auth:
              Authorizer: Pool
              AuthorizationScopes: [items.write, admin]
        Public:
          Type: Api
          Properties:
            Path: /items/public
            Method: get
            RestApiId: !Ref ItemsApi
            Auth:
              Authorizer: NONE
        Queue:
          Type: SQS
          Properties:
            Queue: !GetAtt Queue.Arn
  Reports:
    Type: AWS::Serverless::Function
    Metadata:
      BuildMethod: esbuild
      BuildProperties:
        EntryPoints:
          - src/handlers/reports.ts
    Properties:
      CodeUri: reports/
      Handler: reports.handler
      Events:
        Get:
          Type: HttpApi
          Properties:
            Path: /reports/{id}
            Method: GET
`,
      "functions/items.ts": `import { assertPermission } from "./auth";
export const list = async (event: unknown) => { assertPermission(event, "items.list"); return { statusCode: 200 }; };
`,
      "functions/auth.ts": AUTH,
      "reports/src/handlers/reports.ts": `import middy from "@middy/core";
import { requirePermission } from "../auth";
export const handler = middy(async () => ({ statusCode: 200 })).use(requirePermission("reports.read"));
`,
      "reports/src/auth.ts": AUTH,
    },
    routes: [
      "DELETE /items/{id} [items.list] any(admin|items.write)",
      "GET /items [items.list,items.read]",
      "GET /items/public [items.list]",
      "GET /reports/{id} [reports.read]",
    ],
  },
  {
    name: "an HttpApi event without path and method is the default route; intrinsic paths, handlers and scopes are said",
    files: {
      "template.yml": `${SAM_HEADER}Resources:
  Proxy:
    Type: AWS::Serverless::Function
    Properties:
      CodeUri: src/
      Handler: proxy.handler
      Events:
        All:
          Type: HttpApi
        Sub:
          Type: Api
          Properties:
            Path: !Sub /\${Stage}/things
            Method: get
  Elsewhere:
    Type: AWS::Serverless::Function
    Properties:
      CodeUri: !Ref CodeBucket
      Handler: index.handler
      Events:
        Get:
          Type: HttpApi
          Properties:
            Path: /elsewhere
            Method: get
            Auth:
              Authorizer: Jwt
              AuthorizationScopes: !Ref Scopes
`,
      "src/proxy.ts": "export const handler = async () => ({ statusCode: 200 });\n",
    },
    routes: [
      "DELETE /{proxy} []",
      "GET /elsewhere [] unresolved(permissions)",
      "GET /{proxy} []",
      "HEAD /{proxy} []",
      "OPTIONS /{proxy} []",
      "PATCH /{proxy} []",
      "POST /{proxy} []",
      "PUT /{proxy} []",
    ],
    diagnostics: ["APX205 template.yml:11", "APX201 template.yml:15", "APX301 template.yml:20", "APX301 template.yml:30"],
  },
  {
    name: "not a SAM template: a template.yaml without serverless functions",
    files: { "template.yaml": "Resources:\n  Bucket:\n    Type: AWS::S3::Bucket\n", "src/index.ts": "export const x = 1;\n" },
    routes: [],
    diagnostics: ["APX001 -"],
  },
];

describe("AWS SAM (in memory)", () => {
  for (const c of samCases)
    it(c.name, async () => {
      const result = await generateFrom(c.files, c.config);
      expect(routeLines(result)).toEqual(c.routes);
      expect(diagnosticLines(result)).toEqual(c.diagnostics ?? []);
    });
});

/**
 * AWS SAM has no JavaScript implementation (the SAM CLI is Python): the oracle is AWS's own SAM transform,
 * aws-sam-translator (the library the CloudFormation `AWS::Serverless` transform and the SAM CLI run), called
 * offline by test/helpers/sam-transform.py. It is a Python package, not an npm one: CI's machine image has it
 * (python3 with aws-sam-translator), so under CI its absence fails the run rather than skipping the oracle; on
 * a machine set up from the registries alone the comparison says it is skipped, and the fixture's golden index
 * below is still checked.
 */
const samTranslator = (() => {
  try {
    execFileSync("python3", ["-c", "import samtranslator"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

describe("AWS SAM (fixture)", () => {
  it("matches its golden index", async () => {
    const result = await generate(await loadConfig({ cwd: REPO_ROOT, root: samFixture }));
    expect(result.diagnostics.errors).toEqual([]);
    expect(canonicalJson(result.index)).toBe(readFileSync(path.join(samFixture, "expected-operations.json"), "utf8"));
  });

  it("has AWS's SAM transform to compare with wherever CI runs", () => {
    if (process.env.CI) expect(samTranslator, "python3 with aws-sam-translator (CI's machine image has it)").toBe(true);
  });

  it.skipIf(!samTranslator)(
    "equals the routes and scopes AWS's SAM transform makes of the template (python3 with aws-sam-translator)",
    { timeout: 120_000 },
    async () => {
      const result = await generate(await loadConfig({ cwd: REPO_ROOT, root: samFixture }));
      expect(result.diagnostics.errors).toEqual([]);
      const { stdout } = await promisify(execFile)(
        "python3",
        [path.join(REPO_ROOT, "test", "helpers", "sam-transform.py"), path.join(samFixture, "template.yaml")],
        {
          maxBuffer: 16 * 1024 * 1024,
        },
      );
      const template = JSON.parse(stdout) as { Resources: Record<string, Resource> };
      // Each API's OpenAPI body, as the transform writes it: paths, methods (`x-amazon-apigateway-any-method`:
      // every one) and each operation's `security` (the authorizer and the scopes it checks; `NONE`: none).
      const compiled = new Map<string, string[]>();
      for (const resource of Object.values(template.Resources)) {
        if (resource.Type !== "AWS::ApiGateway::RestApi" && resource.Type !== "AWS::ApiGatewayV2::Api") continue;
        const body = (resource.Properties.Body ?? resource.Properties.DefinitionBody) as {
          paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>>;
        };
        for (const [route, operations] of Object.entries(body.paths))
          for (const [method, operation] of Object.entries(operations)) {
            const scopes = (operation.security ?? []).flatMap((s) => Object.values(s).flat()).sort();
            const p = route === "$default" ? "/{proxy}" : route.replace(/\{([^}+]+)\+\}/g, "{$1}");
            for (const m of method === "x-amazon-apigateway-any-method" ? ALL_METHODS : [method.toUpperCase()])
              compiled.set(`${m} ${p}`, scopes);
          }
      }
      expect([...compiled.keys()].sort()).toEqual(result.index.operations.map((o) => `${o.method} ${o.path}`).sort());
      for (const op of result.index.operations) {
        const scopes = compiled.get(`${op.method} ${op.path}`)!;
        if (scopes.length > 1) expect(op.any_of).toContainEqual(scopes);
        else for (const scope of scopes) expect(op.permissions).toContain(scope);
      }
      // Scoped routes of both kinds of API are there (default and own scopes), so the loop compared something.
      expect([...compiled.values()].filter((s) => s.length).length).toBeGreaterThanOrEqual(4);
    },
  );
});

describe("Serverless Framework and the run cache", () => {
  it("sees a config appear, a file its variables read change, and a handler module appear", { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "apidex-sls-cache-"));
    const write = (files: Record<string, string>) => {
      for (const [name, text] of Object.entries(files)) {
        mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
        writeFileSync(path.join(dir, name), text);
      }
    };
    try {
      write({
        "package.json": JSON.stringify({ name: "cached-sls", version: "1.0.0" }),
        "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true } }),
        "src/auth.ts": AUTH,
        "src/handlers/notes.ts": `import { assertPermission } from "../auth";\nexport const list = async (event: unknown) => { assertPermission(event, "notes.list"); return { statusCode: 200 }; };\n`,
      });
      const config = await loadConfig({ cwd: dir, root: dir });
      const routes = async () => {
        const result = await generateToDisk(config, { cwd: dir });
        const index = JSON.parse(readFileSync(path.join(dir, "dist", "operations.json"), "utf8")) as {
          operations: { method: string; path: string; permissions: string[] }[];
        };
        return { fromCache: result.fromCache, routes: index.operations.map((o) => `${o.method} ${o.path} [${o.permissions.join(",")}]`) };
      };
      expect((await routes()).routes).toEqual([]);
      write({
        "serverless.yml":
          "service: notes\nprovider:\n  name: aws\ncustom: ${file(./custom.yml)}\nfunctions:\n  list:\n    handler: src/handlers/notes.list\n    events:\n      - http: GET /${self:custom.version}/notes\n  get:\n    handler: src/handlers/note.get\n    events:\n      - http: GET /${self:custom.version}/notes/{id}\n",
        "custom.yml": "version: v1\n",
      });
      expect(await routes()).toEqual({ fromCache: false, routes: ["GET /v1/notes [notes.list]", "GET /v1/notes/{id} []"] });
      expect((await routes()).fromCache).toBe(true);
      write({ "custom.yml": "version: v2\n" });
      expect(await routes()).toEqual({ fromCache: false, routes: ["GET /v2/notes [notes.list]", "GET /v2/notes/{id} []"] });
      write({
        "src/handlers/note.ts": `import { assertPermission } from "../auth";\nexport const get = async (event: unknown) => { assertPermission(event, "notes.read"); return { statusCode: 200 }; };\n`,
      });
      expect(await routes()).toEqual({ fromCache: false, routes: ["GET /v2/notes [notes.list]", "GET /v2/notes/{id} [notes.read]"] });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** A service's serverless.yml with one function (its handler and events as given), and the handler module it names. */
function service(name: string, functions: string, extra = ""): string {
  return `service: ${name}\nprovider:\n  name: aws\n${extra}functions:\n${functions}`;
}
const LIST_HANDLER = `import { assertPermission } from "../../../src/auth";
export const list = async (event: unknown) => { assertPermission(event, "users.read"); return { statusCode: 200 }; };
export const health = async () => ({ statusCode: 200 });
`;

/** Services below a monorepo's root (generator/extract/serverless/service-configs.ts): each an API at its own base URL. */
const monorepoCases: InMemoryCase[] = [
  {
    name: "a Serverless Compose file's services, each read from its folder (handlers, ${file()}, a `config` name); a listed folder without a config is said",
    files: {
      "serverless-compose.yml": `services:
  users:
    path: services/users
  orders:
    path: services/orders
    config: serverless.api.yml
    dependsOn: users
  ghost:
    path: services/ghost
`,
      "services/users/serverless.yml": service(
        "users",
        "  list:\n    handler: src/users.list\n    events:\n      - http: GET /${file(./custom.yml):prefix}/users\n      - httpApi: GET /health\n",
      ),
      "services/users/custom.yml": "prefix: v1\n",
      "services/users/src/users.ts": LIST_HANDLER,
      "services/orders/serverless.api.yml": service(
        "orders",
        "  health:\n    handler: src/orders.health\n    events:\n      - httpApi: GET /health\n",
      ),
      "services/orders/src/orders.ts": LIST_HANDLER,
      // Not composed: `serverless deploy` at the root does not deploy it.
      "services/legacy/serverless.yml": service("legacy", "  old:\n    handler: src/old.run\n    events:\n      - http: GET /old\n"),
      "src/auth.ts": AUTH,
    },
    routes: ["GET /health [users.read]", "GET /v1/users [users.read]"],
    diagnostics: [
      "APX210 serverless-compose.yml:9",
      "APX403 services/orders/serverless.api.yml:8",
      "APX412 services/users/serverless.yml:1",
    ],
  },
  {
    name: "workspace packages' own configs (YAML and serverless.ts), each handler read from its package",
    files: {
      "package.json": JSON.stringify({ name: "mono", private: true, workspaces: ["packages/*"] }),
      "packages/users/package.json": JSON.stringify({ name: "@acme/users" }),
      "packages/users/serverless.yml": service("users", "  list:\n    handler: src/users.list\n    events:\n      - httpApi: GET /users\n"),
      "packages/users/src/users.ts": LIST_HANDLER,
      "packages/billing/package.json": JSON.stringify({ name: "@acme/billing" }),
      "packages/billing/serverless.ts": `const config = {
  service: "billing",
  provider: { name: "aws", runtime: "nodejs20.x" },
  functions: { charge: { handler: "src/charge.main", events: [{ httpApi: { method: "post", path: "/charges" } }] } },
};
module.exports = config;
`,
      "packages/billing/src/charge.ts": `import { assertPermission } from "../../../src/auth";
export const main = async (event: unknown) => { assertPermission(event, "billing.charge"); return { statusCode: 201 }; };
`,
      "packages/shared/package.json": JSON.stringify({ name: "@acme/shared" }),
      "packages/shared/index.ts": "export const x = 1;\n",
      "src/auth.ts": AUTH,
    },
    routes: ["GET /users [users.read]", "POST /charges [billing.charge]"],
    diagnostics: ["APX412 packages/billing/serverless.ts:1"],
  },
  {
    name: "configs one or two folders down, not those of dependencies, build output or fixtures",
    files: {
      "services/users/serverless.yml": service("users", "  list:\n    handler: src/users.list\n    events:\n      - http: GET /users\n"),
      "services/users/src/users.ts": LIST_HANDLER,
      "api/serverless.yml": service("api", "  health:\n    handler: handler.health\n    events:\n      - httpApi: GET /status\n"),
      "api/handler.ts": "export const health = async () => ({ statusCode: 200 });\n",
      // A service's own folders are its code, not services: not searched.
      "api/tools/serverless.yml": service("tools", "  t:\n    handler: t.run\n    events:\n      - http: GET /tools\n"),
      "node_modules/sls-plugin/serverless.yml": service("plugin", "  p:\n    handler: p.run\n    events:\n      - http: GET /plugin\n"),
      "fixtures/demo/serverless.yml": service("demo", "  d:\n    handler: d.run\n    events:\n      - http: GET /demo\n"),
      "dist/serverless.yml": service("built", "  b:\n    handler: b.run\n    events:\n      - http: GET /built\n"),
      "src/auth.ts": AUTH,
    },
    routes: ["GET /status []", "GET /users [users.read]"],
    diagnostics: ["APX412 api/serverless.yml:1"],
  },
  {
    name: "one nested service is the project's one API (no separate apps)",
    files: {
      "services/users/serverless.yml": service("users", "  list:\n    handler: src/users.list\n    events:\n      - http: GET /users\n"),
      "services/users/src/users.ts": LIST_HANDLER,
      "node_modules/sls-plugin/serverless.yml": service("plugin", "  p:\n    handler: p.run\n    events:\n      - http: GET /plugin\n"),
      "src/auth.ts": AUTH,
    },
    routes: ["GET /users [users.read]"],
  },
  {
    name: "a root config is the service: the configs below it are not read",
    files: {
      "serverless.yml": service("root", "  list:\n    handler: src/handlers/users.list\n    events:\n      - http: GET /users\n"),
      "src/handlers/users.ts": LIST_HANDLER.replace("../../../src/auth", "../auth"),
      "services/orders/serverless.yml": service("orders", "  o:\n    handler: o.run\n    events:\n      - http: GET /orders\n"),
      "src/auth.ts": AUTH,
    },
    routes: ["GET /users [users.read]"],
  },
];

describe("Serverless Framework services below a monorepo's root (in memory)", () => {
  for (const c of monorepoCases)
    it(c.name, async () => {
      const result = await generateFrom(c.files, c.config);
      expect(routeLines(result)).toEqual(c.routes);
      expect(diagnosticLines(result)).toEqual(c.diagnostics ?? []);
    });
});

/**
 * A handler that serves several methods and branches on the event's method (generator/extract/lambda/methods.ts):
 * each method gets the checks of the branches that run for it, and an `ANY` route only the methods it answers.
 */
const methodCases: InMemoryCase[] = [
  {
    name: "a switch on event.httpMethod: each method's checks, the ANY route narrowed to the cases (default 405)",
    files: {
      "serverless.yml": `service: notes
provider:
  name: aws
functions:
  notes:
    handler: src/notes.main
    events:
      - http:
          path: notes
          method: any
      - http: GET /notes/all
`,
      "src/auth.ts": AUTH,
      "src/notes.ts": `import { assertPermission } from "./auth";
export const main = async (event: { httpMethod: string }) => {
  assertPermission(event, "notes.access");
  switch (event.httpMethod.toUpperCase()) {
    case "GET":
      assertPermission(event, "notes.read");
      return { statusCode: 200 };
    case "POST":
    case "PUT":
      assertPermission(event, "notes.write");
      return { statusCode: 201 };
    default:
      return { statusCode: 405 };
  }
};
`,
    },
    routes: [
      "GET /notes [notes.access,notes.read]",
      "GET /notes/all [notes.access,notes.read]",
      "POST /notes [notes.access,notes.write]",
      "PUT /notes [notes.access,notes.write]",
    ],
  },
  {
    name: "requestContext.http.method (payload 2.0) in an if/else chain, destructured, the last branch throwing",
    files: {
      "serverless.yml": `service: items
provider:
  name: aws
functions:
  items:
    handler: src/items.handler
    events:
      - httpApi:
          path: /items/{id}
          method: '*'
      - httpApi: DELETE /legacy/items/{id}
`,
      "src/auth.ts": AUTH,
      "src/items.ts": `import { assertPermission } from "./auth";
export async function handler(event: any) {
  const { requestContext: { http: { method } } } = event;
  if (method === "GET") {
    assertPermission(event, "items.read");
    return { statusCode: 200 };
  } else if (event.requestContext.http.method === "DELETE") {
    assertPermission(event, "items.delete");
    return { statusCode: 204 };
  } else {
    throw new Error("Unsupported method");
  }
}
`,
    },
    routes: ["DELETE /items/{id} [items.delete]", "DELETE /legacy/items/{id} [items.delete]", "GET /items/{id} [items.read]"],
  },
  {
    name: "const { httpMethod } = event: guards that leave, then a last 405, narrow an ANY route to the methods answered",
    files: {
      "serverless.yml": `service: hooks
provider:
  name: aws
functions:
  hook:
    handler: src/hook.main
    events:
      - http: ANY /hooks/{proxy+}
`,
      "src/auth.ts": AUTH,
      "src/hook.ts": `import { assertPermission } from "./auth";
export const main = async (event: any) => {
  const { httpMethod: verb } = event;
  if (verb === "OPTIONS") return { statusCode: 204 };
  if (verb === "POST") {
    assertPermission(event, "hooks.send");
    return { statusCode: 202 };
  }
  return { statusCode: 405, body: "Method Not Allowed" };
};
`,
    },
    routes: ["OPTIONS /hooks/{proxy} []", "POST /hooks/{proxy} [hooks.send]"],
    diagnostics: ["APX205 serverless.yml:8"],
  },
  {
    name: "a handler with no method test: ANY stays every method, each with every check",
    files: {
      "serverless.yml": `service: echo
provider:
  name: aws
functions:
  echo:
    handler: src/echo.main
    events:
      - http: ANY /echo
`,
      "src/auth.ts": AUTH,
      "src/echo.ts": `import { assertPermission } from "./auth";
export const main = async (event: any) => {
  assertPermission(event, "echo.use");
  return { statusCode: 200, body: event.body };
};
`,
    },
    routes: ALL_METHODS.map((m) => `${m} /echo [echo.use]`).sort(),
  },
  {
    name: "a handler that refuses nothing (a switch whose default answers): ANY stays every method, checks per branch",
    files: {
      "serverless.yml": `service: docs
provider:
  name: aws
functions:
  docs:
    handler: src/docs.main
    events:
      - httpApi: ANY /docs
`,
      "src/auth.ts": AUTH,
      "src/docs.ts": `import { assertPermission } from "./auth";
export const main = async (event: any) => {
  switch (event.requestContext.http.method) {
    case "POST":
      assertPermission(event, "docs.write");
      return { statusCode: 201 };
    default:
      return { statusCode: 200 };
  }
};
`,
    },
    routes: ALL_METHODS.map((m) => `${m} /docs [${m === "POST" ? "docs.write" : ""}]`).sort(),
  },
];

describe("Serverless Framework: handlers that branch on the event's method (in memory)", () => {
  for (const c of methodCases)
    it(c.name, async () => {
      const result = await generateFrom(c.files, c.config);
      expect(routeLines(result)).toEqual(c.routes);
      expect(diagnosticLines(result)).toEqual(c.diagnostics ?? []);
    });
});
