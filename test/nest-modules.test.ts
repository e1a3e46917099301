import { describe, expect, it } from "vitest";
import type { InMemoryCase } from "./helpers/in-memory.js";
import { diagnosticLines, generateFrom, routeLines } from "./helpers/in-memory.js";

/**
 * NestJS module metadata written the ways services write it: conditions apidex cannot read (both branches
 * read, what only one lists marked, APX217), metadata that is not an object literal (evaluated, or said),
 * and VERSION_NEUTRAL.
 */

const CONTROLLERS = {
  "root.controller.ts": `import { Controller, Get } from "@nestjs/common";\n@Controller("root")\nexport class RootController { @Get() root() { return 1; } }\n`,
  "posts.controller.ts": `import { Controller, Get } from "@nestjs/common";\n@Controller("posts")\nexport class PostsController { @Get() list() { return []; } }\n`,
};

const MAIN = `import { NestFactory } from "@nestjs/core"; import { AppModule } from "./app.module";\nNestFactory.create(AppModule).then((a) => a.listen(3000));\n`;

const IMPORTS = `import { Module } from "@nestjs/common"; import { RootController } from "./root.controller"; import { PostsController } from "./posts.controller";\n`;

/** An app whose root module is `app.module.ts` with the given body (after the shared imports line). */
function app(module: string, extra: Record<string, string> = {}): Record<string, string> {
  return { ...CONTROLLERS, "app.module.ts": `${IMPORTS}${module}`, "main.ts": MAIN, ...extra };
}

const MCP_ONLY = app(
  `@Module({ controllers: process.env.MCP_ONLY ? [RootController] : [RootController, PostsController] })\nexport class AppModule {}\n`,
);

const CERTAIN = ["GET /posts []", "GET /root []"];
const POSTS_CONDITIONAL = ["GET /posts [] unresolved(registration)", "GET /root []"];

/** Two feature modules, one with each controller, for conditions on `imports`. */
const FEATURES = {
  "root.module.ts": `import { Module } from "@nestjs/common"; import { RootController } from "./root.controller";\n@Module({ controllers: [RootController] })\nexport class RootModule {}\n`,
  "posts.module.ts": `import { Module } from "@nestjs/common"; import { PostsController } from "./posts.controller";\n@Module({ controllers: [PostsController] })\nexport class PostsModule {}\n`,
};
const MODULE_IMPORTS = `import { RootModule } from "./root.module"; import { PostsModule } from "./posts.module";\n`;

const NEST_VERSIONING = (defaultVersion: string) =>
  `import { NestFactory } from "@nestjs/core"; import { VersioningType } from "@nestjs/common"; import { AppModule } from "./app.module";\nasync function bootstrap() { const app = await NestFactory.create(AppModule); app.setGlobalPrefix("api"); app.enableVersioning({ type: VersioningType.URI, defaultVersion: ${defaultVersion} }); await app.listen(3000); }\nbootstrap();\n`;

/** An app with URI versioning (default version given as code) whose one controller file is `controller`. */
function versioned(controller: string, defaultVersion = `"1"`): Record<string, string> {
  const names = [...controller.matchAll(/export class (\w+)/g)].map((m) => m[1]);
  return {
    "c.controller.ts": `import { Controller, Get, Version, VERSION_NEUTRAL } from "@nestjs/common";\n${controller}`,
    "app.module.ts": `import { Module } from "@nestjs/common"; import { ${names.join(", ")} } from "./c.controller";\n@Module({ controllers: [${names.join(", ")}] })\nexport class AppModule {}\n`,
    "main.ts": `import { VERSION_NEUTRAL } from "@nestjs/common";\n${NEST_VERSIONING(defaultVersion)}`,
  };
}

/** A core controller, and a help controller with its own module, for plugin modules. */
const PLUGIN_CONTROLLERS = {
  "controllers.ts": `import { Controller, Get, Module } from "@nestjs/common";\n@Controller("core")\nexport class CoreController { @Get() ping() { return "ok"; } }\n@Controller("help")\nexport class HelpController { @Get() list() { return []; } }\n@Module({ controllers: [HelpController] })\nexport class HelpModule {}\n`,
};

/**
 * An app whose root module imports HelpPlugin, a class declared (on line 4 of app.module.ts) with the
 * `CorePlugin` decorator that `plugin.ts` defines (after a shared imports line).
 */
function plugin(decorator: string, use = "@CorePlugin({ imports: [HelpModule], entities: [] })"): Record<string, string> {
  return {
    ...PLUGIN_CONTROLLERS,
    "plugin.ts": `import { Module, type ModuleMetadata } from "@nestjs/common";\n${decorator}\n`,
    "app.module.ts": `import { Module } from "@nestjs/common"; import { CorePlugin } from "./plugin";\nimport { CoreController, HelpController, HelpModule } from "./controllers";\n\n${use}\nexport class HelpPlugin {}\n@Module({ imports: [HelpPlugin], controllers: [CoreController] })\nexport class AppModule {}\n`,
    "main.ts": MAIN,
  };
}

const cases: InMemoryCase[] = [
  // 1. Conditions in the metadata apidex cannot read: both branches, what only one lists marked.
  {
    name: "controllers: env ? [A] : [A, B] without env: both branches indexed, B marked (APX217 at the condition)",
    files: MCP_ONLY,
    routes: POSTS_CONDITIONAL,
    diagnostics: ["APX217 app.module.ts:2"],
  },
  {
    name: "... with an env that sets it: the decided branch only",
    files: MCP_ONLY,
    config: { env: { MCP_ONLY: "1" } },
    routes: ["GET /root []"],
  },
  { name: "... with an env that does not set it: the other branch, exact", files: MCP_ONLY, config: { env: {} }, routes: CERTAIN },
  {
    name: "a helper that returns the controllers under an env `if`",
    files: app(
      `function controllers() {\n  if (process.env.MCP_ONLY) return [RootController];\n  return [RootController, PostsController];\n}\n@Module({ controllers: controllers() })\nexport class AppModule {}\n`,
    ),
    routes: POSTS_CONDITIONAL,
    diagnostics: ["APX217 app.module.ts:3"],
  },
  {
    name: "a helper whose if/else both return: the two branches, nothing after them",
    files: app(
      `function controllers() {\n  if (process.env.MCP_ONLY) {\n    return [RootController];\n  } else {\n    return [RootController, PostsController];\n  }\n}\n@Module({ controllers: controllers() })\nexport class AppModule {}\n`,
    ),
    routes: POSTS_CONDITIONAL,
    diagnostics: ["APX217 app.module.ts:3"],
  },
  {
    name: "... decided by the env",
    files: app(
      `function controllers() {\n  if (process.env.MCP_ONLY) return [RootController];\n  return [RootController, PostsController];\n}\n@Module({ controllers: controllers() })\nexport class AppModule {}\n`,
    ),
    config: { env: { MCP_ONLY: "true" } },
    routes: ["GET /root []"],
  },
  {
    name: "a spread of a conditional list",
    files: app(`@Module({ controllers: [RootController, ...(process.env.POSTS ? [PostsController] : [])] })\nexport class AppModule {}\n`),
    routes: POSTS_CONDITIONAL,
    diagnostics: ["APX217 app.module.ts:2"],
  },
  {
    name: "a const that chooses the controllers",
    files: app(
      `const controllers = process.env.MCP_ONLY ? [RootController] : [RootController, PostsController];\n@Module({ controllers })\nexport class AppModule {}\n`,
    ),
    routes: POSTS_CONDITIONAL,
    diagnostics: ["APX217 app.module.ts:2"],
  },
  {
    name: "imports: `(flag && [M]) || []` spread, a module imported only under the flag",
    files: app(
      `${MODULE_IMPORTS}@Module({ imports: [RootModule, ...((process.env.POSTS && [PostsModule]) || [])] })\nexport class AppModule {}\n`,
      FEATURES,
    ),
    routes: POSTS_CONDITIONAL,
    diagnostics: ["APX217 app.module.ts:3"],
  },
  {
    name: "imports: env ? [A] : [A, B] — the modules of both branches, B's controllers marked",
    files: app(
      `${MODULE_IMPORTS}@Module({ imports: process.env.LITE ? [RootModule] : [RootModule, PostsModule] })\nexport class AppModule {}\n`,
      FEATURES,
    ),
    routes: POSTS_CONDITIONAL,
    diagnostics: ["APX217 app.module.ts:3"],
  },
  {
    name: "a module imported under a condition and also without one is certain",
    files: app(
      `${MODULE_IMPORTS}@Module({ imports: [...(process.env.LITE ? [] : [PostsModule]), RootModule, PostsModule] })\nexport class AppModule {}\n`,
      FEATURES,
    ),
    routes: CERTAIN,
    diagnostics: ["APX217 app.module.ts:3"],
  },
  {
    name: "without NestFactory.create, the controllers the modules list: one listed under a condition is marked",
    files: {
      ...CONTROLLERS,
      "app.module.ts": `${IMPORTS}@Module({ controllers: process.env.MCP_ONLY ? [RootController] : [RootController, PostsController] })\nexport class AppModule {}\n`,
    },
    routes: POSTS_CONDITIONAL,
    diagnostics: ["APX217 app.module.ts:2"],
  },
  // 2. Metadata that is not an object literal.
  {
    name: "@Module(authConfig()): a function returning the metadata is evaluated",
    files: app(
      `import type { ModuleMetadata } from "@nestjs/common";\nfunction authConfig(): ModuleMetadata { return { controllers: [RootController, PostsController] }; }\n@Module(authConfig())\nexport class AppModule {}\n`,
    ),
    routes: CERTAIN,
  },
  {
    name: "@Module(metadata): a const object by name, imports too",
    files: app(
      `${MODULE_IMPORTS}const metadata = { imports: [RootModule], controllers: [PostsController] };\n@Module(metadata)\nexport class AppModule {}\n`,
      FEATURES,
    ),
    routes: CERTAIN,
  },
  {
    name: "a metadata helper whose controllers depend on the environment",
    files: app(
      `function metadata() { return { controllers: process.env.MCP_ONLY ? [RootController] : [RootController, PostsController] }; }\n@Module(metadata())\nexport class AppModule {}\n`,
    ),
    routes: POSTS_CONDITIONAL,
    diagnostics: ["APX217 app.module.ts:2"],
  },
  {
    name: "a metadata helper that returns one of two objects under an env `if`",
    files: app(
      `function metadata() {\n  if (process.env.MCP_ONLY) return { controllers: [RootController] };\n  return { controllers: [RootController, PostsController] };\n}\n@Module(metadata())\nexport class AppModule {}\n`,
    ),
    routes: POSTS_CONDITIONAL,
    diagnostics: ["APX217 app.module.ts:3"],
  },
  {
    name: "metadata apidex cannot read is said (APX422), not skipped in silence",
    files: app(
      `import { loadMetadata } from "./metadata";\n@Module(loadMetadata())\nexport class AppModule {}\n@Module({ controllers: [RootController] })\nexport class OtherModule {}\n`,
      { "metadata.ts": `export function loadMetadata(): any { return JSON.parse(process.argv[2]!); }\n` },
    ),
    routes: [],
    diagnostics: ["APX422 app.module.ts:3"],
  },
  // 3. VERSION_NEUTRAL.
  {
    name: "@Version(VERSION_NEUTRAL) on a method: no version segment, whatever the default version",
    files: versioned(
      `@Controller("auth")\nexport class AuthController { @Get("google") @Version(VERSION_NEUTRAL) google() { return 1; } @Get("me") me() { return 1; } }\n`,
    ),
    routes: ["GET /api/auth/google []", "GET /api/v1/auth/me []"],
  },
  {
    name: "@Controller({ path, version: VERSION_NEUTRAL }): the controller's routes without a version segment",
    files: versioned(
      `@Controller({ path: "health", version: VERSION_NEUTRAL })\nexport class HealthController { @Get() ok() { return 1; } @Get("v2") @Version("2") two() { return 2; } }\n`,
    ),
    routes: ["GET /api/health []", "GET /api/v2/health/v2 []"],
  },
  {
    name: "a version array mixing VERSION_NEUTRAL with versions: served both ways",
    files: versioned(`@Controller("x")\nexport class XController { @Get() @Version(["1", VERSION_NEUTRAL]) x() { return 1; } }\n`),
    routes: ["GET /api/v1/x []", "GET /api/x []"],
  },
  {
    name: "defaultVersion: VERSION_NEUTRAL",
    files: versioned(
      `@Controller("x")\nexport class XController { @Get() x() { return 1; } @Get("y") @Version("2") y() { return 1; } }\n`,
      "VERSION_NEUTRAL",
    ),
    routes: ["GET /api/v2/x/y []", "GET /api/x []"],
  },
  {
    name: 'defaultVersion: ["1", VERSION_NEUTRAL]',
    files: versioned(`@Controller("x")\nexport class XController { @Get() x() { return 1; } }\n`, `["1", VERSION_NEUTRAL]`),
    routes: ["GET /api/v1/x []", "GET /api/x []"],
  },
  ...(["app.enableVersioning()", 'app.enableVersioning({ type: VersioningType.HEADER, header: "X-Version" })'] as const).map((call) => ({
    name: `${call}: ${call.endsWith("()") ? "without options Nest versions by URI (its default)" : "versions by a header: no version segment"}`,
    files: {
      "x.controller.ts": `import { Controller, Get } from "@nestjs/common";\n@Controller({ path: "alerts", version: "1" })\nexport class AlertsController { @Get() list() { return []; } }\n`,
      "app.module.ts": `import { Module } from "@nestjs/common"; import { AlertsController } from "./x.controller";\n@Module({ controllers: [AlertsController] })\nexport class AppModule {}\n`,
      "main.ts": `import { NestFactory } from "@nestjs/core"; import { VersioningType } from "@nestjs/common"; import { AppModule } from "./app.module";\nasync function bootstrap() { const app = await NestFactory.create(AppModule); ${call}; await app.listen(3000); }\nbootstrap();\n`,
    },
    routes: [call.endsWith("()") ? "GET /v1/alerts []" : "GET /alerts []"],
  })),
  {
    name: "a dynamic root module (NestFactory.create(Root.forRoot())): its class and the imports and controllers its object adds, chosen by the environment's default",
    files: {
      "shop.ts": `import { Controller, Get, Module } from "@nestjs/common";\n@Controller("items") export class ItemsController { @Get() list() { return []; } }\n@Module({ controllers: [ItemsController] }) export class ShopModule {}\n`,
      "backoffice.ts": `import { Controller, Delete, Module } from "@nestjs/common";\n@Controller("backoffice/items") export class BackofficeController { @Delete(":id") remove() { return 1; } }\n@Module({ controllers: [BackofficeController] }) export class BackofficeModule {}\n`,
      "health.ts": `import { Controller, Get } from "@nestjs/common";\n@Controller("health") export class HealthController { @Get() ok() { return "ok"; } }\n`,
      "root.module.ts": [
        `import { DynamicModule, Module } from "@nestjs/common"; import { ShopModule } from "./shop"; import { BackofficeModule } from "./backoffice"; import { HealthController } from "./health";`,
        `const modulesFor = (mode: string) => (mode === "admin" ? [BackofficeModule] : [ShopModule]);`,
        `@Module({})`,
        `export class RootModule {`,
        `  static forRoot(): DynamicModule { return { module: RootModule, imports: modulesFor(process.env.APP_MODE || "app"), controllers: [HealthController] }; }`,
        `}`,
      ].join("\n"),
      "main.ts": `import { NestFactory } from "@nestjs/core"; import { RootModule } from "./root.module";\nasync function bootstrap() { const app = await NestFactory.create(RootModule.forRoot()); await app.listen(3000); }\nbootstrap();\n`,
    },
    // The mode is read as unset ("app"), but a condition on an environment default stays undecided: the
    // imports that function returns are not read, so the root is not told apart: every controller a module
    // lists, as for a root apidex cannot read at all (said).
    routes: ["DELETE /backoffice/items/{id} []", "GET /items []"],
    diagnostics: ["APX420 main.ts:2", "APX219 root.module.ts:5"],
  },
  {
    name: "a dynamic root module whose imports apidex reads: its class, and the modules and controllers its object adds",
    files: {
      "shop.ts": `import { Controller, Get, Module } from "@nestjs/common";\n@Controller("items") export class ItemsController { @Get() list() { return []; } }\n@Module({ controllers: [ItemsController] }) export class ShopModule {}\n`,
      "backoffice.ts": `import { Controller, Delete, Module } from "@nestjs/common";\n@Controller("backoffice/items") export class BackofficeController { @Delete(":id") remove() { return 1; } }\n@Module({ controllers: [BackofficeController] }) export class BackofficeModule {}\n`,
      "root.module.ts": `import { DynamicModule, Module } from "@nestjs/common"; import { ShopModule } from "./shop";\n@Module({})\nexport class RootModule { static forRoot(): DynamicModule { return { module: RootModule, imports: [ShopModule] }; } }\n`,
      "main.ts": `import { NestFactory } from "@nestjs/core"; import { RootModule } from "./root.module";\nasync function bootstrap() { const app = await NestFactory.create(RootModule.forRoot()); await app.listen(3000); }\nbootstrap();\n`,
    },
    routes: ["GET /items []"],
  },
  {
    name: "a version apidex cannot read: the route left out and said (APX201), the others kept",
    files: versioned(
      `@Controller("x")\nexport class XController { @Get("a") @Version(process.env.V!) a() { return 1; } @Get("b") b() { return 1; } }\n@Controller({ path: "y", version: process.env.V! })\nexport class YController { @Get() y() { return 1; } }\n`,
    ),
    routes: ["GET /api/v1/x/b []"],
    diagnostics: ["APX201 c.controller.ts:3", "APX201 c.controller.ts:4"],
  },
  // 4. Plugin modules: a decorator of the project's that applies Nest's `Module`, and dynamic modules' own imports.
  {
    name: "a class decorator of the project's that calls Module(rest of its options)(target): read as the module it makes",
    files: plugin(
      `export const CorePlugin = (meta: ModuleMetadata & { entities?: unknown[] }): ClassDecorator => (target) => { const { entities, ...moduleMeta } = meta; Module(moduleMeta)(target); };`,
    ),
    routes: ["GET /core []", "GET /help []"],
  },
  {
    name: "... picking the module keys with underscore's pick(meta, Object.values(MODULE_METADATA))",
    files: plugin(
      `import { MODULE_METADATA } from "@nestjs/common/constants"; import { pick } from "underscore";
export function CorePlugin(meta: ModuleMetadata & { entities?: unknown[] }): ClassDecorator {
  return (target) => {
    for (const key of Object.values(PLUGIN_KEYS)) if (key in meta) Reflect.defineMetadata(key, (meta as any)[key], target);
    const metadata = pick(meta, Object.values(MODULE_METADATA) as string[]);
    Module(metadata)(target);
  };
}
const PLUGIN_KEYS = { ENTITIES: "entities" };`,
    ),
    routes: ["GET /core []", "GET /help []"],
  },
  {
    name: "... lodash's omit, and a factory that returns applyDecorators(Module(meta), Global())",
    files: plugin(
      `import { applyDecorators, Global } from "@nestjs/common"; import omit from "lodash/omit";
export const CorePlugin = (meta: ModuleMetadata & { entities?: unknown[] }) => applyDecorators(Module(omit(meta, "entities")), Global());`,
    ),
    routes: ["GET /core []", "GET /help []"],
  },
  {
    name: "... whose metadata apidex cannot read: said at the class's decorator (APX422), not dropped in silence",
    files: plugin(
      `export const CorePlugin = (meta: ModuleMetadata): ClassDecorator => (target) => { Module(JSON.parse(process.argv[2]!))(target); };`,
    ),
    routes: ["GET /core []"],
    diagnostics: ["APX422 app.module.ts:4"],
  },
  {
    name: "a class imported as a module whose only decorator is a package's: it may be a module, so that is said (APX422)",
    files: plugin(`export { Plugin as CorePlugin } from "@acme/nest-plugins";`),
    routes: ["GET /core []"],
    diagnostics: ["APX422 app.module.ts:4"],
  },
  {
    name: "... or one of the project's that applies no Module: said too",
    files: plugin(
      `export const CorePlugin = (meta: object): ClassDecorator => (target) => { Reflect.defineMetadata("plugin", meta, target); };`,
    ),
    routes: ["GET /core []"],
    diagnostics: ["APX422 app.module.ts:4"],
  },
  {
    name: "a class without decorators imported as a module is an empty module: nothing missing, nothing said",
    files: {
      ...PLUGIN_CONTROLLERS,
      "app.module.ts": `import { Module } from "@nestjs/common"; import { CoreController } from "./controllers";
export class Empty {}
@Module({ imports: [Empty], controllers: [CoreController] })
export class AppModule {}
`,
      "main.ts": MAIN,
    },
    routes: ["GET /core []"],
  },
  {
    name: "without NestFactory.create, the controllers a plugin decorator's module lists count as listed",
    files: (() => {
      const { "main.ts": _main, ...files } = plugin(
        `export const CorePlugin = (meta: ModuleMetadata): ClassDecorator => (target) => { Module(meta)(target); };`,
        `import { OtherController } from "./other"; @CorePlugin({ controllers: [OtherController] })`,
      );
      return {
        ...files,
        "other.ts": `import { Controller, Get } from "@nestjs/common";\n@Controller("other")\nexport class OtherController { @Get() list() { return []; } }\n`,
      };
    })(),
    routes: ["GET /core []", "GET /help []", "GET /other []"],
  },
  {
    name: "a dynamic module's own imports: { module, imports: [HelpModule] } brings HelpModule's controllers",
    files: {
      ...PLUGIN_CONTROLLERS,
      "plugin.module.ts": `import { DynamicModule, Module } from "@nestjs/common"; import { HelpModule } from "./controllers";
@Module({})
export class PluginModule { static init(): DynamicModule { return { module: PluginModule, imports: [HelpModule] }; } }
`,
      "app.module.ts": `import { Module } from "@nestjs/common"; import { CoreController } from "./controllers"; import { PluginModule } from "./plugin.module";
@Module({ imports: [PluginModule.init()], controllers: [CoreController] })
export class AppModule {}
`,
      "main.ts": MAIN,
    },
    routes: ["GET /core []", "GET /help []"],
  },
  {
    name: "a dynamic module whose imports a bootstrap fills at run time (module state set before NestFactory.create): said at the import (APX422)",
    files: {
      ...PLUGIN_CONTROLLERS,
      "config.ts": `let current: { plugins: any[] } = { plugins: [] };
export const setConfig = (c: { plugins: any[] }) => { current = { ...current, ...c }; };
export const getConfig = () => current;
`,
      "plugin.module.ts": `import { DynamicModule, Module } from "@nestjs/common"; import { getConfig } from "./config";
@Module({})
export class PluginModule { static init(): DynamicModule { return { module: PluginModule, imports: [...getConfig().plugins] }; } }
`,
      "app.module.ts": `import { Module } from "@nestjs/common"; import { CoreController } from "./controllers"; import { PluginModule } from "./plugin.module";
@Module({ imports: [PluginModule.init()], controllers: [CoreController] })
export class AppModule {}
`,
      "main.ts": `import { NestFactory } from "@nestjs/core"; import { setConfig } from "./config"; import { HelpModule } from "./controllers";
export async function bootstrap(plugins: any[]) {
  setConfig({ plugins });
  const { AppModule } = await import("./app.module");
  const app = await NestFactory.create(AppModule);
  await app.listen(3000);
}
bootstrap([HelpModule]);
`,
    },
    routes: ["GET /core []"],
    diagnostics: ["APX422 app.module.ts:2"],
  },
  {
    name: "a package's module given run-time module state (TypeOrmModule.forFeature(getConfig().entities)) brings no controllers: nothing said",
    files: {
      ...PLUGIN_CONTROLLERS,
      "config.ts": `let current: { entities: any[] } = { entities: [] };\nexport const setConfig = (c: { entities: any[] }) => { current = c; };\nexport const getConfig = () => current;\n`,
      "app.module.ts": `import { Module } from "@nestjs/common"; import { TypeOrmModule } from "@nestjs/typeorm"; import { CoreController } from "./controllers"; import { getConfig } from "./config";\n@Module({ imports: [TypeOrmModule.forFeature([...getConfig().entities])], controllers: [CoreController] })\nexport class AppModule {}\n`,
      "main.ts": `import { NestFactory } from "@nestjs/core"; import { setConfig } from "./config";\nasync function bootstrap() {\n  setConfig({ entities: [] });\n  const { AppModule } = await import("./app.module");\n  await (await NestFactory.create(AppModule)).listen(3000);\n}\nbootstrap();\n`,
    },
    routes: ["GET /core []"],
  },
];

describe("NestJS module metadata and versions", () => {
  it.each(cases)("$name", async (c) => {
    const result = await generateFrom(c.files, c.config);
    expect(routeLines(result)).toEqual([...c.routes].sort());
    expect(diagnosticLines(result)).toEqual(c.diagnostics ?? []);
    expect(result.diagnostics.errors).toEqual([]);
  });
});

/**
 * Controllers from different branches of one condition apidex cannot read never coexist: a route both declare
 * is one operation served by alternatives, not a registration shadowed (APX403). It needs the keys every
 * alternative requires (others marked `unresolved: ["permissions"]`), its handler is the condition's choice
 * (`unresolved: ["handler"]`), and served whichever branch is taken its registration is certain.
 */
const ORGS = {
  "permissions.ts": `import { SetMetadata } from "@nestjs/common";\nexport const Permissions = (...keys: string[]) => SetMetadata("permissions", keys);\n`,
  "community.controller.ts": [
    `import { Controller, Get, Patch } from "@nestjs/common"; import { Permissions } from "./permissions";`,
    `@Controller("organizations") export class CommunityOrgController {`,
    `  /** Community: get my organization */`,
    `  @Permissions("org:read") @Get("me") me() { return {}; }`,
    `  @Patch() rename() { return {}; }`,
    `}`,
  ].join("\n"),
  "enterprise.controller.ts": [
    `import { Controller, Get } from "@nestjs/common"; import { Permissions } from "./permissions";`,
    `@Controller("organizations") export class EnterpriseOrgController {`,
    `  /** Enterprise: get my organization */`,
    `  @Permissions("org:read", "org:admin") @Get("me") me() { return {}; }`,
    `}`,
  ].join("\n"),
  "main.ts": MAIN,
};
const ORG_IMPORTS = `import { Module } from "@nestjs/common"; import { CommunityOrgController } from "./community.controller"; import { EnterpriseOrgController } from "./enterprise.controller";\n`;

const alternativeCases: InMemoryCase[] = [
  {
    name: "a helper that returns one controller list or the other: GET /me once, the keys both require, the rest unresolved; served either way (no APX403)",
    files: {
      ...ORGS,
      "app.module.ts": `${ORG_IMPORTS}const isEnterprise = () => process.env.EDITION === "ee";\nfunction getControllers() {\n  if (isEnterprise()) return [EnterpriseOrgController];\n  return [CommunityOrgController];\n}\n@Module({ controllers: [...getControllers()] })\nexport class AppModule {}\n`,
    },
    routes: ["GET /organizations/me [org:read] unresolved(handler,permissions)", "PATCH /organizations [] unresolved(registration)"],
    diagnostics: ["APX217 app.module.ts:4"],
  },
  {
    name: "a ternary's two branches in `controllers`: the same",
    files: {
      ...ORGS,
      "app.module.ts": `${ORG_IMPORTS}@Module({ controllers: process.env.EE ? [EnterpriseOrgController] : [CommunityOrgController] })\nexport class AppModule {}\n`,
    },
    routes: ["GET /organizations/me [org:read] unresolved(handler,permissions)", "PATCH /organizations [] unresolved(registration)"],
    diagnostics: ["APX217 app.module.ts:2"],
  },
  {
    name: "two conditions that may both hold (`...(a ? [X] : []), ...(b ? [Y] : [])`): the registrations may coexist, the first runs (APX403)",
    files: {
      ...ORGS,
      "app.module.ts": `${ORG_IMPORTS}@Module({ controllers: [...(process.env.EE ? [EnterpriseOrgController] : []), ...(process.env.CE ? [CommunityOrgController] : [])] })\nexport class AppModule {}\n`,
    },
    routes: ["GET /organizations/me [org:admin,org:read] unresolved(registration)", "PATCH /organizations [] unresolved(registration)"],
    diagnostics: ["APX217 app.module.ts:2", "APX217 app.module.ts:2", "APX403 community.controller.ts:4"],
  },
];

describe("NestJS controllers from alternative branches", () => {
  it.each(alternativeCases)("$name", async (c) => {
    const result = await generateFrom(c.files, c.config);
    expect(routeLines(result)).toEqual([...c.routes].sort());
    expect(diagnosticLines(result)).toEqual([...(c.diagnostics ?? [])].sort());
    expect(result.diagnostics.errors).toEqual([]);
  });

  it("alternatives documented differently keep neither's doc: the summary is derived, not the first branch's", async () => {
    const result = await generateFrom(alternativeCases[0]!.files);
    const me = result.operations.find((op) => op.method === "GET" && op.path === "/organizations/me");
    expect(me?.summary).not.toMatch(/Enterprise|Community/);
  });
});
