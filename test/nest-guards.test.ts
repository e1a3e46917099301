import { describe, expect, it } from "vitest";
import type { InMemoryCase } from "./helpers/in-memory.js";
import { diagnosticLines, generateFrom, routeLines } from "./helpers/in-memory.js";

/**
 * NestJS permission metadata as the project's guards read it: a decorator only stores metadata, and the
 * guard that reads it through `Reflector` decides whether a method's replaces the class's
 * (`getAllAndOverride`), adds to it (`getAllAndMerge`), or only one of them counts (`get(KEY, target)`).
 * And the root module of an application bound inside the bootstrap function.
 */

const PERMISSIONS = [
  `import { SetMetadata } from "@nestjs/common";`,
  `export const PERMISSIONS_KEY = "permissions";`,
  `export const Permissions = (...permissions: string[]) => SetMetadata(PERMISSIONS_KEY, permissions);`,
  `export function requirePermission(key: string): void {}`,
].join("\n");

/** Class metadata `invoice:edit`; a method that replaces it, one that clears it, one without, one with a body check. */
const CONTROLLER = [
  `import { Controller, Get, Post } from "@nestjs/common"; import { Permissions, requirePermission } from "./permissions";`,
  `@Permissions("invoice:edit") @Controller("invoices")`,
  `export class InvoiceController {`,
  `  @Permissions("invoice:view") @Get() list() { return []; }`,
  `  @Permissions() @Get("public") pub() { return []; }`,
  `  @Post() create() { return {}; }`,
  `  @Permissions("invoice:view") @Get("audit") audit() { requirePermission("invoice:audit"); return []; }`,
  `}`,
].join("\n");

const APP = {
  "permissions.ts": PERMISSIONS,
  "invoice.controller.ts": CONTROLLER,
  "app.module.ts": `import { Module } from "@nestjs/common"; import { InvoiceController } from "./invoice.controller";\n@Module({ controllers: [InvoiceController] })\nexport class AppModule {}\n`,
  "main.ts": `import { NestFactory } from "@nestjs/core"; import { AppModule } from "./app.module";\nasync function bootstrap() { const app = await NestFactory.create(AppModule); await app.listen(3000); }\nbootstrap();\n`,
};

/** A guard whose `canActivate` reads the permissions with `read` (an expression of `this.reflector`, `context` and `KEY`). */
function guard(
  read: string,
  name = "PermissionsGuard",
  key = `import { PERMISSIONS_KEY as KEY } from "./permissions";`,
  prelude = "",
): string {
  return [
    `import { CanActivate, ExecutionContext, Injectable } from "@nestjs/common"; import { Reflector } from "@nestjs/core"; ${key}`,
    `@Injectable()`,
    `export class ${name} implements CanActivate {`,
    `  constructor(private readonly reflector: Reflector) {}`,
    `  canActivate(context: ExecutionContext): boolean {${prelude}`,
    `    const required = ${read};`,
    `    return !required || required.length === 0;`,
    `  }`,
    `}`,
  ].join("\n");
}

const OVERRIDE = `this.reflector.getAllAndOverride<string[]>(KEY, [context.getHandler(), context.getClass()])`;
const MERGE = `this.reflector.getAllAndMerge<string[]>(KEY, [context.getHandler(), context.getClass()])`;

/** Each route of CONTROLLER with its keys: `[list, pub, create, audit]`. */
function invoiceRoutes(list: string, pub: string, create: string, audit: string): string[] {
  return [`GET /invoices [${list}]`, `GET /invoices/public [${pub}]`, `POST /invoices [${create}]`, `GET /invoices/audit [${audit}]`];
}
const UNION = invoiceRoutes("invoice:edit,invoice:view", "invoice:edit", "invoice:edit", "invoice:audit,invoice:edit,invoice:view");
const METHOD_WINS = invoiceRoutes("invoice:view", "", "invoice:edit", "invoice:audit,invoice:view");

/** A guard that reads the metadata with `read` and passes a user holding any one (`some`) or every one (`every`) of its keys. */
function testingGuard(read: string, test: "some" | "every"): string {
  return [
    `import { CanActivate, ExecutionContext, Injectable } from "@nestjs/common"; import { Reflector } from "@nestjs/core"; import { PERMISSIONS_KEY as KEY } from "./permissions";`,
    `@Injectable()`,
    `export class PermissionsGuard implements CanActivate {`,
    `  constructor(private readonly reflector: Reflector) {}`,
    `  canActivate(context: ExecutionContext): boolean {`,
    `    const required = ${read} ?? [];`,
    `    if (!required.length) return true;`,
    `    const user = context.switchToHttp().getRequest().user as { permissions: string[] };`,
    `    return required.${test}((p) => user.permissions.includes(p));`,
    `  }`,
    `}`,
  ].join("\n");
}

/** A method with two keys under a class with one, for guards that test them with `.some` or `.every`. */
const ALTERNATIVES = {
  ...APP,
  "invoice.controller.ts": [
    `import { Controller, Get, Post } from "@nestjs/common"; import { Permissions } from "./permissions";`,
    `@Permissions("invoice:edit") @Controller("invoices")`,
    `export class InvoiceController {`,
    `  @Permissions("invoice:view", "invoice:read") @Get() list() { return []; }`,
    `  @Post() create() { return {}; }`,
    `}`,
  ].join("\n"),
};

const cases: InMemoryCase[] = [
  {
    name: "a guard that passes a user holding any one of the keys (`required.some(...)`): the keys a route's decorators give are one any-of group",
    files: { ...ALTERNATIVES, "permissions.guard.ts": testingGuard(OVERRIDE, "some") },
    routes: ["GET /invoices [] any(invoice:read|invoice:view)", "POST /invoices [invoice:edit]"],
  },
  {
    name: "getAllAndMerge tested with `.some(...)`: the class's and the method's keys together are the alternatives",
    files: { ...ALTERNATIVES, "permissions.guard.ts": testingGuard(MERGE, "some") },
    routes: ["GET /invoices [] any(invoice:edit|invoice:read|invoice:view)", "POST /invoices [invoice:edit]"],
  },
  {
    name: "a guard that needs every key (`required.every(...)`) requires each",
    files: { ...ALTERNATIVES, "permissions.guard.ts": testingGuard(OVERRIDE, "every") },
    routes: ["GET /invoices [invoice:read,invoice:view]", "POST /invoices [invoice:edit]"],
  },
  {
    name: "a controller that extends a base class (a generic CRUD controller in another file) serves the base's decorated methods it does not declare again, under its own prefix and class metadata",
    files: {
      "permissions.ts": PERMISSIONS,
      "permissions.guard.ts": guard(OVERRIDE),
      "crud.controller.ts": [
        `import { Delete, Get, Param } from "@nestjs/common"; import { Permissions } from "./permissions";`,
        `export const COUNT = "count";`,
        `export abstract class CrudController<T> {`,
        `  @Get(COUNT) count() { return 0; }`,
        `  @Get(":id") one(@Param("id") id: string) { return id; }`,
        `  @Permissions("admin") @Delete(":id") remove(@Param("id") id: string) { return id; }`,
        `}`,
      ].join("\n"),
      "tags.controller.ts": [
        `import { Controller, Get } from "@nestjs/common"; import { CrudController } from "./crud.controller"; import { Permissions } from "./permissions";`,
        `class Tag {}`,
        `@Permissions("tags:read") @Controller("tags")`,
        `export class TagsController extends CrudController<Tag> {`,
        `  @Get() list() { return []; }`,
        // Declared again without a verb decorator: no longer a route.
        `  remove(id: string) { return id; }`,
        `}`,
      ].join("\n"),
      "notes.controller.ts": [
        `import { Controller } from "@nestjs/common"; import { CrudController } from "./crud.controller"; import { Permissions } from "./permissions";`,
        `@Permissions("notes:read") @Controller("notes")`,
        `export class NotesController extends CrudController<string> {}`,
      ].join("\n"),
      "app.module.ts": `import { Module } from "@nestjs/common"; import { TagsController } from "./tags.controller"; import { NotesController } from "./notes.controller";\n@Module({ controllers: [TagsController, NotesController] })\nexport class AppModule {}\n`,
      "main.ts": `import { NestFactory } from "@nestjs/core"; import { AppModule } from "./app.module";\nasync function bootstrap() { const app = await NestFactory.create(AppModule); await app.listen(3000); }\nbootstrap();\n`,
    },
    routes: [
      "DELETE /notes/{id} [admin]",
      "GET /notes/count [notes:read]",
      "GET /notes/{id} [notes:read]",
      "GET /tags [tags:read]",
      "GET /tags/count [tags:read]",
      "GET /tags/{id} [tags:read]",
    ],
  },
  {
    name: "getAllAndOverride([handler, class]): the method's metadata replaces the class's, an empty @Permissions() clears it; body checks still add",
    files: { ...APP, "permissions.guard.ts": guard(OVERRIDE) },
    routes: METHOD_WINS,
  },
  {
    name: "getAllAndOverride with the targets in a const of the guard",
    files: {
      ...APP,
      "permissions.guard.ts": guard(
        `this.reflector.getAllAndOverride<string[]>(KEY, targets)`,
        undefined,
        undefined,
        " const targets = [context.getHandler(), context.getClass()];",
      ),
    },
    routes: METHOD_WINS,
  },
  {
    name: "getAllAndOverride matched by the key's string value (the guard writes the literal)",
    files: {
      ...APP,
      "permissions.guard.ts": guard(
        `this.reflector.getAllAndOverride<string[]>("permissions", [context.getHandler(), context.getClass()])`,
        "G",
        "",
      ),
    },
    routes: METHOD_WINS,
  },
  {
    name: "getAllAndOverride matched by the constant's name when its value is opaque (a Symbol)",
    files: {
      ...APP,
      "permissions.ts": PERMISSIONS.replace(`"permissions"`, `Symbol("perm")`),
      "permissions.guard.ts": guard(OVERRIDE.replace("KEY", "PERMISSIONS_KEY"), "G", `import { PERMISSIONS_KEY } from "./permissions";`),
    },
    routes: METHOD_WINS,
  },
  {
    name: "getAllAndOverride([class, handler]): the class's metadata wins where it has any",
    files: {
      ...APP,
      "permissions.guard.ts": guard(`this.reflector.getAllAndOverride<string[]>(KEY, [context.getClass(), context.getHandler()])`),
    },
    routes: invoiceRoutes("invoice:edit", "invoice:edit", "invoice:edit", "invoice:audit,invoice:edit"),
  },
  {
    name: "getAllAndMerge: both the class's and the method's",
    files: { ...APP, "permissions.guard.ts": guard(MERGE) },
    routes: UNION,
  },
  {
    name: "get(KEY, context.getHandler()): the method's only (a class decorator is not read)",
    files: { ...APP, "permissions.guard.ts": guard(`this.reflector.get<string[]>(KEY, context.getHandler())`) },
    routes: invoiceRoutes("invoice:view", "", "", "invoice:audit,invoice:view"),
  },
  {
    name: "get(KEY, context.getClass()) through a const: the class's only",
    files: {
      ...APP,
      "permissions.guard.ts": guard(
        `this.reflector.get<string[]>(KEY, target)`,
        undefined,
        undefined,
        " const target = context.getClass();",
      ),
    },
    routes: invoiceRoutes("invoice:edit", "invoice:edit", "invoice:edit", "invoice:audit,invoice:edit"),
  },
  {
    name: "get(KEY, handler) ?? get(KEY, class): the method's wins",
    files: {
      ...APP,
      "permissions.guard.ts": guard(
        `this.reflector.get<string[]>(KEY, context.getHandler()) ?? this.reflector.get<string[]>(KEY, context.getClass())`,
      ),
    },
    routes: METHOD_WINS,
  },
  {
    name: "no guard of the sources reads the key (a guard from a package): both, as before",
    files: APP,
    routes: UNION,
  },
  {
    name: "a guard reading another key (roles) does not change how permissions combine",
    files: { ...APP, "roles.guard.ts": guard(OVERRIDE.replace("KEY", `"roles"`), "RolesGuard", "") },
    routes: UNION,
  },
  {
    name: "guards that disagree (override and merge): the union, said once (APX302)",
    files: {
      ...APP,
      "permissions.guard.ts": guard(OVERRIDE),
      "api-key.guard.ts": guard(MERGE, "ApiKeyGuard"),
    },
    routes: UNION,
    diagnostics: ["APX302 api-key.guard.ts:6"],
  },
  {
    name: "Reflector.createDecorator(): the decorator is its own key (getAllAndOverride(Permissions, ...)); an empty list clears",
    files: {
      ...APP,
      "permissions.ts": `import { Reflector } from "@nestjs/core";\nexport const Permissions = Reflector.createDecorator<string[]>();\nexport function requirePermission(key: string): void {}\n`,
      "invoice.controller.ts": CONTROLLER.replace(/@Permissions\("([^"]+)"\)/g, '@Permissions(["$1"])').replace(
        "@Permissions()",
        "@Permissions([])",
      ),
      "permissions.guard.ts": guard(OVERRIDE.replace("KEY", "Permissions"), "G", `import { Permissions } from "./permissions";`),
    },
    routes: METHOD_WINS,
  },
  {
    name: "an options decorator under its own metadata key: a method's @Auth({ admin: true }) overrides the class's permission",
    files: {
      "auth.ts": `import { SetMetadata } from "@nestjs/common";\nexport const AUTH_KEY = "auth";\nexport const Auth = (options: { permission?: string; admin?: boolean } = {}) => SetMetadata(AUTH_KEY, options);\n`,
      "auth.guard.ts": guard(OVERRIDE.replace("KEY", "AUTH_KEY"), "AuthGuard", `import { AUTH_KEY } from "./auth";`),
      "assets.controller.ts": [
        `import { Controller, Get } from "@nestjs/common"; import { Auth } from "./auth";`,
        `@Auth({ permission: "asset.read" }) @Controller("assets")`,
        `export class AssetsController {`,
        `  @Get() list() { return []; }`,
        `  @Auth({ admin: true }) @Get("admin") admin() { return []; }`,
        `  @Auth({ permission: "asset.download" }) @Get("download") download() { return []; }`,
        `}`,
      ].join("\n"),
    },
    routes: ["GET /assets [asset.read]", "GET /assets/admin []", "GET /assets/download [asset.download]"],
  },
];

/** A root module bound inside the bootstrap function: its routes, and a second application of the tree beside it. */
const BOOT_CONTROLLERS = {
  "invoice.controller.ts": `import { Controller, Get, Post } from "@nestjs/common";\n@Controller("invoices")\nexport class InvoiceController { @Get() list() { return []; } @Post() create() { return {}; } }\n`,
  "app.module.ts": `import { Module } from "@nestjs/common"; import { InvoiceController } from "./invoice.controller";\n@Module({ controllers: [InvoiceController] })\nexport class AppModule {}\n`,
  "health.controller.ts": `import { Controller, Get } from "@nestjs/common";\n@Controller("health")\nexport class HealthController { @Get() check() { return "ok"; } }\n`,
  "worker.module.ts": `import { Module } from "@nestjs/common"; import { HealthController } from "./health.controller";\n@Module({ controllers: [HealthController] })\nexport class WorkerModule {}\n`,
  "worker.ts": `import { NestFactory } from "@nestjs/core"; import { WorkerModule } from "./worker.module";\nNestFactory.create(WorkerModule).then((w) => w.listen(3001));\n`,
};

const bootstrapCases: InMemoryCase[] = [
  {
    name: "const { AppModule } = await import(...) in the bootstrap: that application is read (and told apart from the worker)",
    files: {
      ...BOOT_CONTROLLERS,
      "main.ts": `import { NestFactory } from "@nestjs/core";\nasync function bootstrap() {\n  const { AppModule } = await import("./app.module");\n  (await NestFactory.create(AppModule)).listen(3000);\n}\nbootstrap();\n`,
    },
    routes: ["GET /invoices []", "POST /invoices []"],
    diagnostics: ["APX420 main.ts:4"],
  },
  {
    name: "a const of the bootstrap naming the module, and a namespace from import(): read in the function's scope",
    files: {
      ...BOOT_CONTROLLERS,
      "worker.ts": `export {};\n`,
      "main.ts": `import { NestFactory } from "@nestjs/core"; import { AppModule } from "./app.module";\nasync function bootstrap() {\n  const Root = AppModule;\n  const app = await NestFactory.create(Root);\n  app.setGlobalPrefix("api");\n  await app.listen(3000);\n}\nasync function worker() {\n  const mod = await import("./worker.module");\n  const w = await NestFactory.create(mod.WorkerModule);\n  await w.listen(3001);\n}\nbootstrap(); worker();\n`,
    },
    routes: ["GET /api/invoices []", "POST /api/invoices []"],
    diagnostics: ["APX420 main.ts:4"],
  },
  {
    name: "a root module given to the bootstrap as a parameter: said to be known only when it is called",
    files: {
      ...BOOT_CONTROLLERS,
      "worker.ts": `export {};\n`,
      "main.ts": `import { NestFactory } from "@nestjs/core"; import { AppModule } from "./app.module";\nasync function bootstrap(root: any) {\n  const app = await NestFactory.create(root);\n  await app.listen(3000);\n}\nbootstrap(AppModule);\n`,
    },
    // No application read: every registered controller, as for a bootstrap apidex cannot read.
    routes: ["GET /health []", "GET /invoices []", "POST /invoices []"],
    diagnostics: ["APX420 main.ts:3"],
  },
  {
    name: "a package's module bootstrapped by a build script (a schema printer) is no application of the API: not reported, the API's own is read",
    files: {
      ...BOOT_CONTROLLERS,
      "worker.ts": `export {};\n`,
      "main.ts": `import { NestFactory } from "@nestjs/core"; import { AppModule } from "./app.module";\nNestFactory.create(AppModule).then((app) => app.listen(3000));\n`,
      "emit-schema.ts": `import { NestFactory } from "@nestjs/core"; import { GraphQLSchemaBuilderModule } from "@nestjs/graphql";\nexport async function emitSchema() {\n  const app = await NestFactory.create(GraphQLSchemaBuilderModule);\n  await app.init();\n}\n`,
    },
    routes: ["GET /invoices []", "POST /invoices []"],
  },
];

describe("NestJS permission metadata as the guards read it", () => {
  it.each(cases)("$name", async (c) => {
    const result = await generateFrom(c.files, c.config);
    expect(routeLines(result)).toEqual([...c.routes].sort());
    expect(diagnosticLines(result)).toEqual(c.diagnostics ?? []);
    expect(result.diagnostics.errors).toEqual([]);
  });
});

describe("NestJS root module bound in the bootstrap function", () => {
  it.each(bootstrapCases)("$name", async (c) => {
    const result = await generateFrom(c.files, c.config);
    expect(routeLines(result)).toEqual([...c.routes].sort());
    expect(diagnosticLines(result)).toEqual(c.diagnostics ?? []);
    expect(result.diagnostics.errors).toEqual([]);
  });

  it("a parameter is not reported as a name missing from the sources", async () => {
    const result = await generateFrom(bootstrapCases[2]!.files);
    const message = result.diagnostics.items.find((d) => d.code === "APX420")?.message ?? "";
    expect(message).not.toMatch(/not declared/);
    expect(message).toMatch(/parameter/);
  });
});
