import { describe, expect, it } from "vitest";
import type { InMemoryCase } from "./helpers/in-memory.js";
import { diagnosticLines, generateFrom, routeLines } from "./helpers/in-memory.js";

/**
 * CASL policies given as data: a decorator stores `[action, subject]` tuples as metadata
 * (`@CheckPolicies([Action.Create, Section.Posts])`) and the guard that reads them checks each item's parts
 * with `ability.can(...)`. The tuples are the keys `subject:action`, combined as the guard combines them; a
 * guard apidex cannot read them through leaves the operations `unresolved`, with a warning.
 */

const POLICIES = [
  `import { SetMetadata } from "@nestjs/common"; import type { PureAbility } from "@casl/ability";`,
  `export enum Action { Create = "create", Read = "read", Delete = "delete" }`,
  `export enum Section { Posts = "posts", Admin = "admin", Team = "team" }`,
  `export type Policy = [Action, Section];`,
  `export const CHECK_POLICIES_KEY = "check_policy";`,
  `export const CheckPolicies = (...handlers: Policy[]) => SetMetadata(CHECK_POLICIES_KEY, handlers);`,
].join("\n");

/** A guard whose `canActivate` reads the policies with `read` and decides with `test` (over `handlers` and `ability`). */
function policiesGuard(read: string, test: string, members = ""): string {
  return [
    `import { CanActivate, ExecutionContext, Injectable } from "@nestjs/common"; import { Reflector } from "@nestjs/core";`,
    `import { CHECK_POLICIES_KEY, type Policy } from "./policies";`,
    `@Injectable()`,
    `export class PoliciesGuard implements CanActivate {`,
    `  constructor(private readonly reflector: Reflector) {}`,
    `  canActivate(context: ExecutionContext): boolean {`,
    `    const handlers = ${read} || [];`,
    `    const ability = context.switchToHttp().getRequest().ability;`,
    `    ${test}`,
    `  }`,
    members,
    `}`,
  ].join("\n");
}

const HANDLER_ONLY = `this.reflector.get<Policy[]>(CHECK_POLICIES_KEY, context.getHandler())`;
const OVERRIDE = `this.reflector.getAllAndOverride<Policy[]>(CHECK_POLICIES_KEY, [context.getHandler(), context.getClass()])`;

/** A class policy, a method with one tuple, one with two, one without. */
const CONTROLLER = [
  `import { Controller, Delete, Get, Post } from "@nestjs/common"; import { Action, CheckPolicies, Section } from "./policies";`,
  `@CheckPolicies([Action.Read, Section.Posts])`,
  `@Controller("posts")`,
  `export class PostsController {`,
  `  @CheckPolicies([Action.Create, Section.Posts]) @Post() create() { return {}; }`,
  `  @CheckPolicies([Action.Delete, Section.Posts], [Action.Create, Section.Admin]) @Delete(":id") remove() { return {}; }`,
  `  @Get() list() { return []; }`,
  `}`,
].join("\n");

const APP = {
  "policies.ts": POLICIES,
  "posts.controller.ts": CONTROLLER,
  "app.module.ts": `import { Module } from "@nestjs/common"; import { PostsController } from "./posts.controller";\n@Module({ controllers: [PostsController] })\nexport class AppModule {}\n`,
  "main.ts": `import { NestFactory } from "@nestjs/core"; import { AppModule } from "./app.module";\nasync function bootstrap() { const app = await NestFactory.create(AppModule); await app.listen(3000); }\nbootstrap();\n`,
};

const cases: InMemoryCase[] = [
  {
    name: "`handlers.every((h) => ability.can(h[0], h[1]))` on the handler's policies: each tuple is `subject:action`, all required; the class's are not read",
    files: { ...APP, "policies.guard.ts": policiesGuard(HANDLER_ONLY, `return handlers.every((h) => ability.can(h[0], h[1]));`) },
    routes: ["DELETE /posts/{id} [admin:create,posts:delete]", "GET /posts []", "POST /posts [posts:create]"],
  },
  {
    name: "destructured items tested with `.some(...)`: one item that passes is enough (an any-of group); getAllAndOverride lets the class's apply to a method without",
    files: {
      ...APP,
      "policies.guard.ts": policiesGuard(OVERRIDE, `return handlers.some(([action, section]) => ability.can(action, section));`),
    },
    routes: ["DELETE /posts/{id} [] any(admin:create|posts:delete)", "GET /posts [posts:read]", "POST /posts [posts:create]"],
  },
  {
    name: "a refused ability in `.some(...)` (`some((h) => ability.cannot(...))` refuses the request) requires each",
    files: {
      ...APP,
      "policies.guard.ts": policiesGuard(HANDLER_ONLY, `return !handlers.some((h) => ability.cannot(h[0], h[1]));`),
    },
    routes: ["DELETE /posts/{id} [admin:create,posts:delete]", "GET /posts []", "POST /posts [posts:create]"],
  },
  {
    name: "the item handed to a method of the guard (`find((h) => !this.exec(h, ability))`, as a real service writes it): its parts are read there; each required",
    files: {
      ...APP,
      "policies.guard.ts": policiesGuard(
        HANDLER_ONLY,
        `const failed = handlers.find((handler) => !this.execPolicyHandler(handler, ability)); if (failed) throw new Error(String(failed[1])); return true;`,
        `  private execPolicyHandler(handler: Policy, ability: { can(a: string, s: string): boolean }) { return ability.can(handler[0], handler[1]); }`,
      ),
    },
    routes: ["DELETE /posts/{id} [admin:create,posts:delete]", "GET /posts []", "POST /posts [posts:create]"],
  },
  {
    name: "policies as objects read by property (`h.action`, `h.subject`), a class as the subject (its name, as CASL reads a class), through `for ... of`",
    files: {
      "policies.ts": [
        `import { SetMetadata } from "@nestjs/common"; import type { PureAbility } from "@casl/ability";`,
        `export class Article {}`,
        `export interface Policy { action: string; subject: unknown }`,
        `export const RequirePolicy = (policy: Policy) => SetMetadata("policy_rules", [policy]);`,
      ].join("\n"),
      "policies.guard.ts": [
        `import { CanActivate, ExecutionContext, Injectable } from "@nestjs/common"; import { Reflector } from "@nestjs/core"; import type { Policy } from "./policies";`,
        `@Injectable() export class PoliciesGuard implements CanActivate {`,
        `  constructor(private readonly reflector: Reflector) {}`,
        `  canActivate(context: ExecutionContext): boolean {`,
        `    const rules = this.reflector.get<Policy[]>("policy_rules", context.getHandler()) ?? [];`,
        `    const ability = context.switchToHttp().getRequest().ability;`,
        `    for (const rule of rules) if (!ability.can(rule.action, rule.subject)) return false;`,
        `    return true;`,
        `  }`,
        `}`,
      ].join("\n"),
      "articles.controller.ts": [
        `import { Controller, Get } from "@nestjs/common"; import { Article, RequirePolicy } from "./policies";`,
        `@Controller("articles") export class ArticlesController {`,
        `  @RequirePolicy({ action: "read", subject: Article }) @Get() list() { return []; }`,
        `}`,
      ].join("\n"),
      "app.module.ts": `import { Module } from "@nestjs/common"; import { ArticlesController } from "./articles.controller";\n@Module({ controllers: [ArticlesController] })\nexport class AppModule {}\n`,
    },
    routes: ["GET /articles [Article:read]"],
  },
  {
    name: "a tuple whose subject apidex cannot read: APX301 at it, the operation unresolved (the other tuples' keys kept)",
    files: {
      ...APP,
      "policies.guard.ts": policiesGuard(HANDLER_ONLY, `return handlers.every((h) => ability.can(h[0], h[1]));`),
      "posts.controller.ts": CONTROLLER.replace("[Action.Create, Section.Admin]", "[Action.Create, process.env.SECTION as Section]"),
    },
    routes: ["DELETE /posts/{id} [posts:delete] unresolved(permissions)", "GET /posts []", "POST /posts [posts:create]"],
    diagnostics: ["APX301 posts.controller.ts:6"],
  },
  {
    name: "a guard that checks the items in a way apidex cannot map (`ability.can(...h)`): APX301 at each decorator, its operations unresolved",
    files: { ...APP, "policies.guard.ts": policiesGuard(HANDLER_ONLY, `return handlers.every((h) => ability.can(...h));`) },
    routes: ["DELETE /posts/{id} [] unresolved(permissions)", "GET /posts []", "POST /posts [] unresolved(permissions)"],
    // Not at the class's: this guard never reads a class's policies.
    diagnostics: ["APX301 posts.controller.ts:5", "APX301 posts.controller.ts:6"],
  },
  {
    name: "policy metadata no guard of the sources reads (a guard of a package): APX301 at each decorator, its operations unresolved",
    files: APP,
    routes: [
      "DELETE /posts/{id} [] unresolved(permissions)",
      "GET /posts [] unresolved(permissions)",
      "POST /posts [] unresolved(permissions)",
    ],
    diagnostics: ["APX301 posts.controller.ts:2", "APX301 posts.controller.ts:5", "APX301 posts.controller.ts:6"],
  },
];

describe("NestJS policy tuples a guard checks as CASL abilities", () => {
  it.each(cases)("$name", async (c) => {
    const result = await generateFrom(c.files, c.config);
    expect(routeLines(result)).toEqual([...c.routes].sort());
    expect(diagnosticLines(result)).toEqual([...(c.diagnostics ?? [])].sort());
    expect(result.diagnostics.errors).toEqual([]);
  });
});
