import { ts } from "../../typescript.js";
import { policyChecks } from "./policy-callbacks.js";
import { abilityPolicyChecks } from "./policy-items.js";
import type { CheckValue } from "../../resolve/values.js";
import { type DiagnosticBag, type SourceSite, siteOf } from "../../diagnostics/diagnostic.js";
import { leadingDoc } from "../../resolve/doc-comment.js";
import { mergeDocs } from "../../resolve/framework-docs.js";
import { callsMemberPolicy, excerpt, explain, Interpreter } from "../../resolve/interpreter.js";
import type { Scope } from "../../resolve/scope.js";
import { stringsOf, type Value } from "../../resolve/values.js";
import type { SourceSet } from "../../scan/source-set.js";
import { type ExtractOptions, type FrameworkAdapter, interpreterOptionsOf } from "../adapter.js";
import { expressToOpenApi, joinPaths } from "../express/path-syntax.js";
import { ALL_METHODS, reportPathShape } from "../flatten.js";
import { markFact, requirementsOf } from "../requirements.js";
import type { BranchChoice, RouteFact } from "../route-fact.js";
import type { RouteCheck } from "../router-graph.js";
import { importedPackages } from "../shared.js";
import { extendsClause, controllerMethods as inheritedMethods, NEST_HERITAGE } from "../inherited-methods.js";
import { NestHost } from "./module-decorators.js";
import { decoratorCall } from "./decorators.js";
import { metadataPermissionDecorators } from "./metadata-decorators.js";
import {
  checkKey,
  type DecoratedChecks,
  decoratorMetadataKeys,
  findGuardReads,
  type GuardReads,
  type KeyedCheck,
  metadataKeysSetOn,
} from "./guard-metadata.js";
import { documentBuilderInfo } from "./document-builder.js";
import { type DocDecorator, swaggerDoc } from "./swagger-docs.js";
import {
  type Bootstrap,
  declaredControllers,
  findApplications,
  type NestApplication,
  projectBootstrap,
  type RouteVersion,
  VERSION_NEUTRAL,
  versionsOf,
} from "./applications.js";

/** A permission decorator: its name, which argument holds the key(s), and where inside an options object. */
export interface PermissionDecorator {
  name: string;
  /** Argument index; all arguments when absent. */
  argument?: number;
  /** Property path inside an options-object argument, e.g. "permission" or "auth.permissions". */
  property?: string;
  /** The keys are alternatives: any one of them passes (`@RequireAnyPermission(a, b)`). */
  any?: boolean;
}

/** The decorators recognized unless the config's `nest.decorators` says otherwise. */
export const DEFAULT_PERMISSION_DECORATORS: PermissionDecorator[] = [
  { name: "RequirePermission" },
  { name: "RequirePermissions" },
  { name: "Permissions" },
  { name: "Permission" },
  { name: "RequireAnyPermission", any: true },
];

export const VERB_DECORATORS: Record<string, string> = {
  Get: "GET",
  Post: "POST",
  Put: "PUT",
  Patch: "PATCH",
  Delete: "DELETE",
  Options: "OPTIONS",
  Head: "HEAD",
  All: "ALL",
  Search: "SEARCH",
  // `@Sse(path)`: a server-sent event stream, which Nest registers as a GET route.
  Sse: "GET",
};

/**
 * NestJS: the controllers of the module tree each `NestFactory.create(RootModule)` bootstraps (without
 * one, those listed in any `@Module({ controllers })`, or every `@Controller` class), their verb-decorated methods, `@Controller(prefix | [prefixes] | { path, version })`, `@Version`,
 * the global prefix and URI versioning from the bootstrap (`setGlobalPrefix`, `enableVersioning`), and
 * permission decorators on the class and the method, combined as the project's guards read their metadata
 * (`getAllAndOverride`: the method's replaces the class's; `getAllAndMerge` or no guard in the sources:
 * both; see guard-metadata.ts), plus checks in method bodies.
 */
export function nestAdapterWith(
  decorators: PermissionDecorator[] = DEFAULT_PERMISSION_DECORATORS,
  configured: ExtractOptions["nestBootstrap"] = {},
  docDecorators: readonly DocDecorator[] = [],
): FrameworkAdapter {
  return {
    name: "nest",
    detect: (sources) => sources.files.some((file) => importedPackages(file).includes("@nestjs/common")),
    extract(sources, options, diagnostics) {
      // Nest's own `Module(...)` and `applyDecorators(...)`, as the project's decorators call them (plugin modules).
      const host = new NestHost();
      const interpreter = new Interpreter(sources, diagnostics, interpreterOptionsOf(options), host);
      host.attach(interpreter);
      interpreter.executeAll();
      const info = options.documentInfo ? documentBuilderInfo(sources, interpreter) : undefined;
      if (info) options.documentInfo!(info);
      // The applications `NestFactory.create` bootstraps; without any, every registered controller under
      // the project's bootstrap settings (a library of controllers, or a bootstrap apidex cannot read).
      const apps = chooseApplications(findApplications(sources, interpreter, diagnostics), configured.app, diagnostics);
      const units = apps.length
        ? apps.map((app) => ({
            controllers: app.controllers,
            bootstrap: app.bootstrap,
            modulePrefixes: app.modulePrefixes,
            conditional: app.conditional,
            branches: app.branches,
          }))
        : [
            {
              ...registeredControllers(sources, interpreter, diagnostics),
              bootstrap: projectBootstrap(sources, interpreter, diagnostics),
              modulePrefixes: new Map<ts.ClassDeclaration, string>(),
              branches: new Map<ts.ClassDeclaration, BranchChoice[][]>(),
            },
          ];
      for (const unit of units) applyConfigured(unit.bootstrap, configured);
      // How the project's guards combine a class's and a method's permission metadata (merge when none reads
      // it), and which metadata they check as CASL abilities (policy tuples), before the decorators are read.
      const guards = findGuardReads(sources, interpreter, diagnostics);
      // Every check first (decorators and handler bodies), so keys only the type checker can read are in
      // before routes are built.
      const decoratorChecks = new Map<ts.Node, DecoratedChecks>();
      const decorated = (node: ts.Node, scope: Scope): DecoratedChecks => ({
        checks: keyedPermissionChecks(node, decorators, scope, interpreter, diagnostics, true, guards),
        sets: metadataKeysSetOn(node, scope, interpreter),
      });
      const bodyChecks = new Map<ts.MethodDeclaration, CheckValue[]>();
      for (const cls of new Set(units.flatMap((u) => u.controllers))) {
        if (!controllerDecorator(cls, interpreter)) continue;
        const scope = interpreter.module(cls.getSourceFile()).scope;
        decoratorChecks.set(cls, decorated(cls, scope));
        // The controller as Nest makes it, its constructor's providers injected, for a handler that calls a policy
        // method of one (`this.access.authorizeAction(...)`): made only then (making it runs constructors).
        let self: Value | undefined;
        for (const { member, scope: memberScope } of controllerMethods(cls, interpreter)) {
          if (!Object.keys(VERB_DECORATORS).some((name) => decoratorCall(member, name)) || decoratorChecks.has(member)) continue;
          decoratorChecks.set(member, decorated(member, memberScope));
          if (callsMemberPolicy(member)) self ??= interpreter.injected({ kind: "class", decl: cls, scope }, cls);
          const thisValue = callsMemberPolicy(member) ? self : undefined;
          bodyChecks.set(
            member,
            interpreter.bodyChecks({ kind: "function", decl: member, scope: memberScope, ...(thisValue ? { thisValue } : {}) }),
          );
        }
      }
      interpreter.finishChecks();
      const routes: RouteFact[] = [];
      for (const { controllers, bootstrap, modulePrefixes, conditional, branches } of units) {
        const requestVersions = new Map<RouteFact, RouteVersion[]>();
        const unitRoutes: RouteFact[] = [];
        for (const cls of controllers) {
          const facts = controllerRoutes(
            cls,
            bootstrap,
            modulePrefixes.get(cls) ?? "",
            interpreter,
            diagnostics,
            decoratorChecks,
            guards,
            bodyChecks,
            docDecorators,
            requestVersions,
          );
          // Registered only in a branch of a condition apidex cannot read (APX217): served only when it is taken.
          // The branches it is registered under tell registrations that never coexist apart (alternative-branches.ts).
          const ways = branches.get(cls);
          if (conditional.has(cls))
            for (const fact of facts) {
              fact.unresolved = [...new Set([...(fact.unresolved ?? []), "registration"])].sort();
              if (ways) fact.branches = ways;
            }
          unitRoutes.push(...facts);
        }
        if (bootstrap.requestVersioning) markVersionAlternatives(unitRoutes, requestVersions, bootstrap.requestVersioning);
        routes.push(...unitRoutes);
      }
      return routes;
    },
  };
}

/** The routes of one controller under one application's bootstrap. */
function controllerRoutes(
  cls: ts.ClassDeclaration,
  bootstrap: Bootstrap,
  /** The `RouterModule` path of the controller's module. */
  modulePrefix: string,
  interpreter: Interpreter,
  diagnostics: DiagnosticBag,
  decoratorChecks: ReadonlyMap<ts.Node, DecoratedChecks>,
  guards: GuardReads,
  bodyChecks: ReadonlyMap<ts.MethodDeclaration, CheckValue[]>,
  docDecorators: readonly DocDecorator[],
  /** Filled with the versions of each route under request versioning (`bootstrap.requestVersioning`). */
  requestVersions?: Map<RouteFact, RouteVersion[]>,
): RouteFact[] {
  const routes: RouteFact[] = [];
  const controller = controllerDecorator(cls, interpreter);
  if (!controller) return routes;
  const { prefixes, version: classVersion } = controllerOptions(controller.call, controller.scope, interpreter, diagnostics);
  for (const { member, scope: memberScope } of controllerMethods(cls, interpreter)) {
    for (const [decoratorName, method] of Object.entries(VERB_DECORATORS)) {
      const verb = decoratorCall(member, decoratorName);
      if (!verb) continue;
      const paths = verb.arguments[0] ? pathStrings(verb.arguments[0], memberScope, interpreter, diagnostics, "route path") : [""];
      if (!paths) continue;
      const versionCall = decoratorCall(member, "Version");
      // The method's version wins over the controller's, which wins over the application's default.
      const versions = versionCall?.arguments[0]
        ? versionStrings(versionCall.arguments[0], memberScope, interpreter, diagnostics)
        : classVersion;
      if (versionCall?.arguments[0] && !versions) continue;
      // The decorators' checks as the guards read them; the checks the method's body makes apply on top, always.
      const requirements = requirementsOf([
        ...guards.routeChecks(decoratorChecks.get(cls), decoratorChecks.get(member)),
        ...(bodyChecks.get(member) ?? []),
      ]);
      // The method's doc comment wins, field by field, over @nestjs/swagger's decorators.
      const doc = mergeDocs(leadingDoc(member), swaggerDoc(cls, member, memberScope, interpreter, docDecorators));
      // Versioned by the request (a header, the media type): one route per path, whatever its versions.
      const routeVersions = versions ?? bootstrap.defaultVersion;
      const pathVersions = bootstrap.requestVersioning ? [undefined] : (routeVersions ?? [undefined]);
      for (const version of pathVersions) {
        for (const prefix of prefixes) {
          for (const path of paths) {
            // VERSION_NEUTRAL: served without a version segment.
            const versionSegment =
              bootstrap.uriVersioning && version && version !== VERSION_NEUTRAL ? `${bootstrap.versionPrefix}${version}` : "";
            const own = joinPaths(joinPaths(joinPaths("/", modulePrefix), prefix), path);
            const globalPrefix = isExcluded(bootstrap, own, method) ? "" : bootstrap.globalPrefix;
            const full = joinPaths(
              joinPaths(joinPaths(joinPaths(joinPaths("/", globalPrefix), versionSegment), modulePrefix), prefix),
              path,
            );
            const parsed = expressToOpenApi(full);
            if (!parsed.ok) {
              diagnostics.warning(
                "APX204",
                `The path \`${full}\` has ${parsed.problem}; the route is left out.`,
                siteOf(verb),
                parsed.hint,
              );
              continue;
            }
            reportPathShape(diagnostics, full, parsed.variants, siteOf(verb), "nest");
            for (const variant of parsed.variants) {
              for (const m of method === "ALL" ? ALL_METHODS : [method]) {
                const fact: RouteFact = {
                  framework: "nest",
                  method: m,
                  path: variant.path,
                  pathParams: variant.params,
                  ...(variant.plain && variant.params.length ? { plainParams: true as const } : {}),
                  permissions: requirements.permissions,
                  ...(doc ? { doc } : {}),
                  site: siteOf(verb),
                  handler: member,
                  ...(cls.name && ts.isIdentifier(member.name) ? { handlerName: `${cls.name.text}_${member.name.text}` } : {}),
                  ...(ts.isIdentifier(member.name) ? { handlerLabel: member.name.text } : {}),
                };
                const marked = markFact(fact, requirements);
                if (bootstrap.requestVersioning && routeVersions) requestVersions?.set(marked, routeVersions);
                routes.push(marked);
              }
            }
          }
        }
      }
    }
  }
  return routes;
}

/**
 * The `@Controller(...)` a class is served under, with the scope its arguments are read in: its own, else that of
 * the nearest class of the sources it extends (Nest reads the controller's metadata up the prototype chain), read
 * in the scope that made that class — a controller factory, `function Readable(props) { @Controller(`shop/${props.path}`)
 * abstract class C { ... } return C; }`, extended as `class AdminCoupons extends Readable({ path: "admins" }) {}`,
 * serves AdminCoupons at `shop/admins` (nestia's own projects are written so). Undefined for a class that has none.
 */
export function controllerDecorator(
  cls: ts.ClassDeclaration,
  interpreter: Interpreter,
): { call: ts.CallExpression; scope: Scope } | undefined {
  let current: ts.ClassLikeDeclaration = cls;
  let scope = interpreter.module(cls.getSourceFile()).scope;
  const seen = new Set<ts.Node>();
  while (!seen.has(current)) {
    seen.add(current);
    const call = decoratorCall(current, "Controller");
    if (call) return { call, scope };
    const heritage = extendsClause(current);
    if (!heritage) return undefined;
    const base = interpreter.evaluate(heritage.expression, scope);
    if (base.kind !== "class") return undefined;
    current = base.decl;
    scope = base.scope;
  }
  return undefined;
}

/**
 * The methods that answer for a controller: its own, then those of the classes it extends (of the sources)
 * that it does not declare again, as Nest's metadata scanner walks the prototype chain: a generic
 * `CrudController<T>`'s decorated methods are routes of every controller that extends it, under that
 * controller's prefix and guards. A method declared again without a verb decorator is no route (Nest reads the
 * metadata of the function the chain resolves). Each comes with the scope of the file it is written in.
 */
function controllerMethods(cls: ts.ClassDeclaration, interpreter: Interpreter): { member: ts.MethodDeclaration; scope: Scope }[] {
  return inheritedMethods(cls, interpreter, NEST_HERITAGE);
}

/**
 * The applications the artifacts describe: the ones `nest.app` names, else the only one, else the one
 * with the most controllers (with a warning naming the others: which one a deployment serves is not in
 * the code).
 */
function chooseApplications(apps: NestApplication[], named: string | string[] | undefined, diagnostics: DiagnosticBag): NestApplication[] {
  if (named !== undefined) {
    const names = [named].flat();
    const chosen = apps.filter((app) => names.includes(app.name));
    for (const name of names) {
      if (!apps.some((app) => app.name === name)) {
        diagnostics.error(
          "APX421",
          `The config's nest.app names ${name}, but no NestFactory.create(${name}) was found${apps.length ? ` (found: ${[...new Set(apps.map((a) => a.name))].join(", ")})` : ""}.`,
          undefined,
          "Name the root module class passed to NestFactory.create().",
        );
      }
    }
    return chosen;
  }
  if (apps.length <= 1) return apps;
  const largest = apps.reduce((best, app) => (app.controllers.length > best.controllers.length ? app : best));
  const others = apps.filter((app) => app !== largest);
  // Root modules of one name (each package of a monorepo has its `AppModule`): each bootstrap's site tells them apart.
  const sameNames = apps.some((a) => apps.some((b) => b !== a && b.name === a.name));
  diagnostics.add({
    severity: "warning",
    code: "APX420",
    message: `This project bootstraps ${apps.length} NestJS applications; the artifacts describe ${largest.name} (the one with the most controllers, ${largest.controllers.length}), not ${others.map((a) => a.name).join(", ")}${sameNames ? " (each bootstrapped where the related sites say)" : ""}.`,
    site: largest.site,
    related: others.map((a) => ({
      message: `${a.name} (${a.controllers.length} controller${a.controllers.length === 1 ? "" : "s"}) is bootstrapped here`,
      site: a.site,
    })),
    hint: sameNames
      ? "Run apidex on the package of the application the API serves (its own root), or set nest.app in the config to the root module(s) it serves."
      : `Set nest.app in the config to the root module(s) the API serves, e.g. nest: { app: "${largest.name}" }.`,
  });
  return [largest];
}

/**
 * Under request versioning (HEADER, MEDIA_TYPE, CUSTOM) Nest registers every handler of one method and path and
 * runs the one whose version the request names (each version filter passes the others on): handlers of
 * disjoint versions are alternatives, one operation (alternative-branches.ts merges them: the keys all of them
 * require, `unresolved: ["handler"]` where they differ), not a registration shadowing another (APX403). Each
 * is given one branch of the versioning call as its way; together they cover it, so the route is certain. A
 * handler without a version, or two that share one, or one under a condition of its own, stays as it is.
 */
function markVersionAlternatives(facts: RouteFact[], versions: ReadonlyMap<RouteFact, RouteVersion[]>, site: SourceSite): void {
  const byRoute = new Map<string, RouteFact[]>();
  for (const fact of facts) {
    const key = `${fact.method} ${fact.path}`;
    byRoute.set(key, [...(byRoute.get(key) ?? []), fact]);
  }
  for (const group of byRoute.values()) {
    if (group.length < 2 || group.some((f) => f.branches || !versions.has(f))) continue;
    const seen = new Set<RouteVersion>();
    const disjoint = group.every((f) => versions.get(f)!.every((v) => !seen.has(v) && seen.add(v)));
    if (!disjoint) continue;
    group.forEach((fact, branch) => {
      fact.branches = [[{ condition: site, branch, of: group.length }]];
    });
  }
}

/** The config's bootstrap settings win over what the code says. */
function applyConfigured(bootstrap: Bootstrap, configured: ExtractOptions["nestBootstrap"] = {}): void {
  if (configured.globalPrefix !== undefined) bootstrap.globalPrefix = configured.globalPrefix;
  if (configured.uriVersioning) {
    bootstrap.uriVersioning = true;
    if (configured.uriVersioning.prefix !== undefined) bootstrap.versionPrefix = configured.uriVersioning.prefix;
    if (configured.uriVersioning.defaultVersion !== undefined) bootstrap.defaultVersion = [configured.uriVersioning.defaultVersion].flat();
  }
}

/** Whether `setGlobalPrefix`'s `exclude` keeps the prefix off a route (its path without the prefix). */
function isExcluded(bootstrap: Bootstrap, path: string, method: string): boolean {
  if (!bootstrap.exclude.length) return false;
  const openApi = expressToOpenApi(path);
  const candidates = openApi.ok ? openApi.variants.map((v) => v.path) : [path];
  return bootstrap.exclude.some(
    (e) => (!e.methods || method === "ALL" || e.methods.includes(method)) && candidates.some((c) => e.matches.test(c)),
  );
}

export const nestAdapter = nestAdapterWith();

/**
 * Controllers listed by any `@Module({ controllers })`, or every `@Controller` class if none is; those only
 * a branch of a condition apidex cannot read lists are conditional.
 */
function registeredControllers(
  sources: SourceSet,
  interpreter: Interpreter,
  diagnostics: DiagnosticBag,
): { controllers: ts.ClassDeclaration[]; conditional: Set<ts.ClassDeclaration> } {
  const classes: ts.ClassDeclaration[] = [];
  // Each listed controller, and whether some module lists it without a condition.
  const listed = new Map<ts.ClassDeclaration, boolean>();
  for (const file of sources.files) {
    for (const statement of file.statements) {
      if (!ts.isClassDeclaration(statement)) continue;
      classes.push(statement);
      for (const { controller, conditional } of declaredControllers(statement, interpreter, diagnostics) ?? [])
        listed.set(controller, listed.get(controller) === true || !conditional);
    }
  }
  // Which are controllers is asked of the listed classes only when modules list some: following a class's
  // `extends` (controllerDecorator) evaluates it, which the project's other classes need not cost.
  const all = classes.filter((c) => (!listed.size || listed.has(c)) && controllerDecorator(c, interpreter));
  if (!listed.size) return { controllers: all, conditional: new Set() };
  return {
    controllers: all.filter((c) => listed.has(c)),
    conditional: new Set(all.filter((c) => listed.get(c) === false)),
  };
}

function controllerOptions(
  call: ts.CallExpression,
  scope: Scope,
  interpreter: Interpreter,
  diagnostics: DiagnosticBag,
): { prefixes: string[]; version?: RouteVersion[] } {
  const arg = call.arguments[0];
  if (!arg) return { prefixes: [""] };
  const value = interpreter.evaluate(arg, scope);
  if (value.kind === "object") {
    const path = value.props.get("path");
    const version = value.props.get("version");
    return {
      prefixes: path ? (stringsOf(path) ?? report(arg, path, diagnostics)) : [""],
      // A version apidex cannot read leaves the controller's routes out, said (APX201).
      ...(version ? { version: versionsOf(version) ?? reportVersion(arg, version, diagnostics) } : {}),
    };
  }
  return { prefixes: stringsOf(value) ?? report(arg, value, diagnostics) };
}

export function pathStrings(
  node: ts.Expression,
  scope: Scope,
  interpreter: Interpreter,
  diagnostics: DiagnosticBag,
  what: string,
): string[] | undefined {
  const value = interpreter.evaluate(node, scope);
  const strings = stringsOf(value);
  if (strings) return strings;
  diagnostics.warning(
    "APX201",
    `Cannot resolve this ${what} statically: \`${excerpt(node)}\` ${explain(value)}; the route is left out.`,
    siteOf(node),
    "Use a string literal, a const, or a template literal of consts.",
  );
  return undefined;
}

/** A `@Version(...)` argument's versions; undefined (the route left out, APX201) when it cannot be read. */
function versionStrings(
  node: ts.Expression,
  scope: Scope,
  interpreter: Interpreter,
  diagnostics: DiagnosticBag,
): RouteVersion[] | undefined {
  const value = interpreter.evaluate(node, scope);
  const versions = versionsOf(value);
  if (versions) return versions;
  diagnostics.warning(
    "APX201",
    `Cannot resolve this route version statically: \`${excerpt(node)}\` ${explain(value)}; the route is left out.`,
    siteOf(node),
    "Use a string literal, a const, VERSION_NEUTRAL or an array of them.",
  );
  return undefined;
}

function reportVersion(node: ts.Expression, value: Value, diagnostics: DiagnosticBag): RouteVersion[] {
  diagnostics.warning(
    "APX201",
    `Cannot resolve this controller's version statically: \`${excerpt(node)}\` ${explain(value)}; its routes are left out.`,
    siteOf(node),
    "Use a string literal, a const, VERSION_NEUTRAL or an array of them.",
  );
  return [];
}

function report(node: ts.Expression, value: Value, diagnostics: DiagnosticBag): string[] {
  diagnostics.warning(
    "APX201",
    `Cannot resolve this controller path statically: \`${excerpt(node)}\` ${explain(value)}; its routes are left out.`,
    siteOf(node),
    "Use a string literal, a const, or an array of them.",
  );
  return [];
}

/**
 * The checks the configured decorators put on a class or method, one per decorator. An options object
 * that does not set the configured property, or sets it to `false`/`undefined`, names no key there
 * (`@Auth({ admin: true })`); an argument apidex cannot read is a warning and marks the check unresolved.
 */
export function permissionChecks(
  node: ts.Node,
  decorators: PermissionDecorator[],
  scope: Scope,
  interpreter: Interpreter,
  diagnostics: DiagnosticBag,
  /** Decorators a flavor reads itself (LoopBack's `@authorize({ scopes })`), not read here as options naming keys. */
  readElsewhere: ReadonlySet<string> = new Set(),
): RouteCheck[] {
  return keyedPermissionChecks(node, decorators, scope, interpreter, diagnostics, false, undefined, readElsewhere).map((c) => c.check);
}

/** permissionChecks, each with the metadata key its decorator sets (for the guards' reading of it). */
function keyedPermissionChecks(
  node: ts.Node,
  decorators: PermissionDecorator[],
  scope: Scope,
  interpreter: Interpreter,
  diagnostics: DiagnosticBag,
  /** Read the metadata key of each decorator (NestJS guards read it; other frameworks' decorators are not metadata). */
  withKeys = true,
  /** The guards' reads, for policies given as data that a guard checks as abilities (`@CheckPolicies([action, subject])`). */
  guards?: GuardReads,
  readElsewhere: ReadonlySet<string> = new Set(),
): KeyedCheck[] {
  const checks: KeyedCheck[] = [];
  const keyed = (check: RouteCheck, call: ts.CallExpression): KeyedCheck => {
    const key = withKeys ? checkKey(decoratorMetadataKeys(call, scope, interpreter)) : undefined;
    return { check, ...(key ? { key } : {}) };
  };
  // Policy items (`[action, subject]`) a guard checks as abilities: their keys, under the metadata key the
  // guard reads. Such a decorator's list is no list of keys, even under a key named for permissions.
  const policies = guards ? abilityPolicyChecks(node, guards, scope, interpreter, diagnostics) : [];
  for (const { check, key } of policies) checks.push({ check, key });
  const policyCalls = new Set(policies.map((p) => p.call));
  // Decorators that set permission metadata (`SetMetadata("permissions", ...)`, directly or inside one of
  // the project's decorators) are permission decorators whatever their name.
  for (const source of metadataPermissionDecorators(
    node,
    new Set([...decorators.map((d) => d.name), ...readElsewhere]),
    scope,
    interpreter,
  )) {
    if (policyCalls.has(source.call)) continue;
    const check: RouteCheck = { keys: [], ...(source.any ? { any: true } : {}) };
    checks.push(keyed(check, source.call));
    for (const arg of source.keys) {
      const value = interpreter.evaluate(arg, source.scope);
      if (value.kind === "object") continue; // options name no key
      interpreter.readKeysInto(arg, value, [], check, (why) =>
        diagnostics.warning(
          "APX301",
          `Cannot resolve the permission key that @${excerpt(source.call.expression)} sets as metadata: \`${excerpt(arg)}\` ${why}; the operations it guards are marked \`unresolved\`.`,
          siteOf(arg),
          "Pass a string literal, a const, an `as const` member or a string enum member.",
        ),
      );
    }
  }
  // Policies a decorator hands its guard as functions (`@CheckPolicies((ability) => ability.can(...))`): the
  // checks they make, under the decorator's metadata key, so the guard's reads decide where they apply.
  for (const { call, check } of policyChecks(node, scope, interpreter)) checks.push(keyed(check, call));
  for (const spec of decorators) {
    const call = decoratorCall(node, spec.name);
    if (!call) continue;
    const check: RouteCheck = { keys: [], ...(spec.any ? { any: true } : {}) };
    checks.push(keyed(check, call));
    const args = spec.argument === undefined ? [...call.arguments] : call.arguments[spec.argument] ? [call.arguments[spec.argument]!] : [];
    for (const arg of args)
      interpreter.readKeysInto(arg, interpreter.evaluate(arg, scope), spec.property ? spec.property.split(".") : [], check, (why) =>
        diagnostics.warning(
          "APX301",
          `Cannot resolve the permission key of @${spec.name}: \`${excerpt(arg)}\` ${why}; the operations it guards are marked \`unresolved\`.`,
          siteOf(arg),
          "Pass a string literal, a const, an `as const` member or a string enum member (or configure the decorator's argument and property).",
        ),
      );
  }
  return checks;
}
