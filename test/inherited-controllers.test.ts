import "reflect-metadata";
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../generator/config/load-config.js";
import { generate } from "../generator/generate.js";
import { canonicalJson } from "../generator/write/canonical-json.js";
import { disagreementsWithRuntime } from "./helpers/express-runtime-routes.js";
import { diagnosticLines, generateFrom, type InMemoryCase, routeLines } from "./helpers/in-memory.js";
import { REPO_ROOT } from "./helpers/repo.js";

/**
 * Controller methods inherited from a base class, for the decorator frameworks whose run time walks the
 * prototype chain (routing-controllers, inversify-express-utils, Ts.ED, LoopBack 4; NestJS has its own tests),
 * and not for those that read a class's own members (tsoa's generator, OvernightJS).
 */
const fixture = (name: string) => path.join(REPO_ROOT, "test", "fixtures", name);

async function indexOf(name: string) {
  const result = await generate(await loadConfig({ cwd: REPO_ROOT, root: fixture(name) }));
  expect(result.diagnostics.errors).toEqual([]);
  return result;
}

describe("routing-controllers: a generic base controller, a chain of two, an override", () => {
  it("matches the golden index", async () => {
    const result = await indexOf("routing-controllers-inherit");
    expect(canonicalJson(result.index)).toBe(
      readFileSync(path.join(fixture("routing-controllers-inherit"), "expected-operations.json"), "utf8"),
    );
    expect(diagnosticLines(result)).toEqual([]);
  });

  it("equals the routes routing-controllers registers on Express, and each passes with exactly its keys over HTTP", async () => {
    const result = await indexOf("routing-controllers-inherit");
    const { buildApp } = (await import(pathToFileURL(path.join(fixture("routing-controllers-inherit"), "src", "app.ts")).href)) as {
      buildApp: () => Parameters<typeof disagreementsWithRuntime>[0];
    };
    expect(await disagreementsWithRuntime(buildApp(), result.index.operations)).toEqual([]);
  });
});

const rcBase = [
  `import { Authorized, Get, Post } from "routing-controllers";`,
  `export abstract class CrudController<T> {`,
  `  protected abstract items: T[];`,
  `  @Get("/") list() { return this.items; }`,
  `  @Get("/:id") one() { return this.items[0]; }`,
  `  @Authorized("crud:create") @Post("/") create() { return {}; }`,
  `}`,
].join("\n");

/** Express middleware that refuses a request whose user lacks the key (the inversify and Ts.ED cases' auth.ts). */
const EXPRESS_AUTH = [
  `export const requirePermission = (key: string) => (req: any, res: any, next: any) => {`,
  `  if (!req.user.permissions.includes(key)) return res.sendStatus(403);`,
  `  next();`,
  `};`,
].join("\n");

const cases: InMemoryCase[] = [
  {
    name: "routing-controllers: a generic abstract base in another file; each subclass serves its actions under its own route; the base method's @Authorized is not applied (the action's target is the subclass)",
    files: {
      "src/base.ts": rcBase,
      "src/users.ts": [
        `import { Authorized, JsonController } from "routing-controllers";`,
        `import { CrudController } from "./base";`,
        `@Authorized("users:access") @JsonController("/users")`,
        `export class UsersController extends CrudController<{ id: string }> { protected items = []; }`,
      ].join("\n"),
      "src/tags.ts": [
        `import { JsonController } from "routing-controllers";`,
        `import { CrudController } from "./base";`,
        `@JsonController("/tags")`,
        `export class TagsController extends CrudController<string> { protected items = []; }`,
      ].join("\n"),
    },
    routes: [
      "GET /tags []",
      "GET /tags/{id} []",
      "GET /users [users:access]",
      "GET /users/{id} [users:access]",
      "POST /tags []",
      "POST /users [users:access]",
    ],
  },
  {
    name: "routing-controllers: an override with a verb decorator replaces the base's action; one without keeps the base's route, answered by its body, guarded by its own decorators; a chain of two bases",
    files: {
      "src/base.ts": rcBase,
      "src/audited.ts": [
        `import { Get } from "routing-controllers";`,
        `import { CrudController } from "./base";`,
        `export abstract class AuditedController<T> extends CrudController<T> { @Get("/:id/audit") audit() { return []; } }`,
      ].join("\n"),
      "src/projects.ts": [
        `import { Authorized, Get, JsonController } from "routing-controllers";`,
        `import { AuditedController } from "./audited";`,
        `declare function assertPermission(key: string): void;`,
        `@JsonController("/projects")`,
        `export class ProjectsController extends AuditedController<string> {`,
        `  protected items = [];`,
        `  @Get("/recent") list() { return []; }`,
        `  @Authorized("projects:one") one() { assertPermission("projects:read"); return {}; }`,
        `}`,
      ].join("\n"),
    },
    config: { permissions: { calls: [{ name: "assertPermission", argument: 0 }] } } as InMemoryCase["config"],
    routes: [
      "GET /projects/recent []",
      "GET /projects/{id} [projects:one,projects:read]",
      "GET /projects/{id}/audit []",
      "POST /projects []",
    ],
  },
  {
    name: "routing-controllers: a base controller from a package is said (APX210), its routes are not guessed; routing-controllers' own classes are no such base",
    files: {
      "src/users.ts": [
        `import { Get, JsonController } from "routing-controllers";`,
        `import { CrudController } from "@acme/crud";`,
        `@JsonController("/users")`,
        `export class UsersController extends CrudController { @Get("/me") me() { return {}; } }`,
      ].join("\n"),
    },
    routes: ["GET /users/me []"],
    diagnostics: ["APX210 src/users.ts:4"],
  },
  {
    name: "inversify-express-utils: the controller's own routes, then those of the nearest base that declares any (Reflect.getMetadata stops there); a redeclared method is registered twice, the controller's first",
    files: {
      "src/controllers.ts": [
        `import { controller, httpGet, httpPost } from "inversify-express-utils";`,
        `import { requirePermission } from "./auth";`,
        `class Root { @httpGet("/root") root() { return 1; } }`,
        `class Crud<T> extends Root {`,
        `  @httpGet("/") list() { return []; }`,
        `  @httpPost("/", requirePermission("crud:create")) create() { return {}; }`,
        `}`,
        `class Middle<T> extends Crud<T> { helper() { return 1; } }`,
        `@controller("/items")`,
        `export class ItemsController extends Middle<string> { @httpGet("/all") list() { return []; } }`,
      ].join("\n"),
      "src/auth.ts": EXPRESS_AUTH,
    },
    routes: ["GET /items []", "GET /items/all []", "POST /items [crud:create]"],
  },
  {
    name: "Ts.ED: every ancestor's method stores, the nearest of each name; a redeclaration with a Ts.ED decorator and no verb is no route, one without keeps the base's",
    files: {
      "src/server.ts": [
        `import { Configuration } from "@tsed/di";`,
        `import { UsersCtrl } from "./users";`,
        `@Configuration({ mount: { "/rest": [UsersCtrl] } })`,
        `export class Server {}`,
      ].join("\n"),
      "src/base.ts": [
        `import { Delete, Get, Post } from "@tsed/schema";`,
        `import { UseBefore } from "@tsed/platform-middlewares";`,
        `import { requirePermission } from "./auth";`,
        `export class BaseCtrl<T> {`,
        `  @Get("/") list() { return []; }`,
        `  @Get("/:id") one() { return {}; }`,
        `  @UseBefore(requirePermission("crud:create")) @Post("/") create() { return {}; }`,
        `  @Delete("/:id") remove() { return {}; }`,
        `}`,
      ].join("\n"),
      "src/users.ts": [
        `import { Controller } from "@tsed/di";`,
        `import { Summary } from "@tsed/schema";`,
        `import { BaseCtrl } from "./base";`,
        `@Controller("/users")`,
        `export class UsersCtrl extends BaseCtrl<string> {`,
        `  one() { return { id: 1 }; }`,
        `  @Summary("not served") remove() { return {}; }`,
        `}`,
      ].join("\n"),
      "src/auth.ts": EXPRESS_AUTH,
    },
    routes: ["GET /rest/users []", "GET /rest/users/{id} []", "POST /rest/users [crud:create]"],
  },
  {
    name: "LoopBack 4: a controller that only extends a base is one; the base's @authorize by method, else the controller's class @authorize, else the base's",
    files: {
      "src/base.ts": [
        `import { authorize } from "@loopback/authorization";`,
        `import { get, post } from "@loopback/rest";`,
        `@authorize({ scopes: ["base:any"] })`,
        `export abstract class CrudController<T> {`,
        `  @get("/") list() { return []; }`,
        `  @authorize({ scopes: ["crud:create"] }) @post("/") create() { return {}; }`,
        `}`,
      ].join("\n"),
      "src/todos.ts": [
        `import { api } from "@loopback/rest";`,
        `import { authorize } from "@loopback/authorization";`,
        `import { CrudController } from "./base";`,
        `@authorize({ scopes: ["todos:access"] })`,
        `@api({ basePath: "/todos" })`,
        `export class TodoController extends CrudController<string> {}`,
      ].join("\n"),
      "src/notes.ts": [
        `import { api } from "@loopback/rest";`,
        `import { CrudController } from "./base";`,
        `@api({ basePath: "/notes" })`,
        `export class NoteController extends CrudController<string> {}`,
      ].join("\n"),
      "src/application.ts": [
        `import { RestApplication } from "@loopback/rest";`,
        `import { TodoController } from "./todos";`,
        `import { NoteController } from "./notes";`,
        `export class App extends RestApplication {`,
        `  constructor() { super(); this.controller(TodoController); this.controller(NoteController); }`,
        `}`,
      ].join("\n"),
    },
    routes: ["GET /notes [base:any]", "GET /todos [todos:access]", "POST /notes [crud:create]", "POST /todos [crud:create]"],
  },
  {
    name: "tsoa: its generator reads a controller's own methods only (a base's are no routes), and says nothing of tsoa's own Controller",
    files: {
      "src/users.ts": [
        `import { Controller, Get, Route } from "tsoa";`,
        `class Base extends Controller { @Get("base") base() { return 1; } }`,
        `@Route("users")`,
        `export class UsersController extends Base { @Get("me") me() { return 1; } }`,
      ].join("\n"),
    },
    routes: ["GET /users/me []"],
  },
  {
    name: "OvernightJS: Server.getRouter reads the controller prototype's own members only (a base's are no routes)",
    files: {
      "src/users.ts": [
        `import { Controller, Get } from "@overnightjs/core";`,
        `class Base { @Get("base") base() { return 1; } }`,
        `@Controller("api/users")`,
        `export class UsersController extends Base { @Get("me") me() { return 1; } }`,
      ].join("\n"),
    },
    routes: ["GET /api/users/me []"],
  },
];

describe.each(cases)("$name", (c) => {
  it("indexes the routes and says what it cannot read", async () => {
    const result = await generateFrom(c.files, c.config);
    expect(routeLines(result)).toEqual(c.routes);
    expect(diagnosticLines(result)).toEqual(c.diagnostics ?? []);
  });
});
