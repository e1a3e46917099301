import { ts } from "../../typescript.js";
import type { CheckValue } from "../../resolve/values.js";
import { type DiagnosticBag, siteOf } from "../../diagnostics/diagnostic.js";
import { leadingDoc } from "../../resolve/doc-comment.js";
import { excerpt, explain, type HostAdapter, Interpreter } from "../../resolve/interpreter.js";
import type { Scope } from "../../resolve/scope.js";
import { stringsOf, type Value } from "../../resolve/values.js";
import type { SourceSet } from "../../scan/source-set.js";
import type { ExtractOptions, FrameworkAdapter } from "../adapter.js";
import { expressToOpenApi, joinPaths } from "../express/path-syntax.js";
import type { RouteFact } from "../route-fact.js";
import { importedPackages } from "../shared.js";

/** A permission decorator: its name, which argument holds the key(s), and where inside an options object. */
export interface PermissionDecorator {
  name: string;
  /** Argument index; all arguments when absent. */
  argument?: number;
  /** Property path inside an options-object argument, e.g. "permission" or "auth.permissions". */
  property?: string;
}

/** The decorators recognized unless the config's `nest.decorators` says otherwise. */
export const DEFAULT_PERMISSION_DECORATORS: PermissionDecorator[] = [
  { name: "RequirePermission" },
  { name: "RequirePermissions" },
  { name: "Permissions" },
  { name: "Permission" },
];

const VERB_DECORATORS: Record<string, string> = { Get: "GET", Post: "POST", Put: "PUT", Patch: "PATCH", Delete: "DELETE", Options: "OPTIONS", Head: "HEAD", All: "ALL", Search: "SEARCH" };
const ALL_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];

/** Nest objects have no runtime meaning for the evaluator: it only reads constants and handler bodies. */
const noHost: HostAdapter = { callExternal: () => undefined, callMethod: (receiver) => receiver };

/**
 * NestJS: controllers listed in `@Module({ controllers })` (every `@Controller` class when no module lists
 * any), their verb-decorated methods, `@Controller(prefix | [prefixes] | { path, version })`, `@Version`,
 * the global prefix and URI versioning from the bootstrap (`setGlobalPrefix`, `enableVersioning`), and
 * permission decorators on the class (every method) and the method (adds), plus checks in method bodies.
 */
export function nestAdapterWith(decorators: PermissionDecorator[] = DEFAULT_PERMISSION_DECORATORS, configured: ExtractOptions["nestBootstrap"] = {}): FrameworkAdapter {
  return {
    name: "nest",
    detect: (sources) => sources.files.some((file) => importedPackages(file).includes("@nestjs/common")),
    extract(sources, options, diagnostics) {
      const interpreter = new Interpreter(sources, diagnostics, { permissionCalls: options.permissionCalls }, noHost);
      interpreter.executeAll();
      const bootstrap = readBootstrap(sources, interpreter, diagnostics);
      if (configured.globalPrefix !== undefined) bootstrap.globalPrefix = configured.globalPrefix;
      if (configured.uriVersioning) {
        bootstrap.uriVersioning = true;
        if (configured.uriVersioning.prefix !== undefined) bootstrap.versionPrefix = configured.uriVersioning.prefix;
        if (configured.uriVersioning.defaultVersion !== undefined) bootstrap.defaultVersion = [configured.uriVersioning.defaultVersion].flat();
      }
      const controllers = registeredControllers(sources, interpreter);
      // Every key first (decorators and handler bodies), so keys only the type checker can read are in
      // before routes are built.
      const decoratorKeys = new Map<ts.Node, string[]>();
      const bodyChecks = new Map<ts.MethodDeclaration, CheckValue[]>();
      for (const cls of controllers) {
        if (!decoratorCall(cls, "Controller")) continue;
        const scope = interpreter.module(cls.getSourceFile()).scope;
        decoratorKeys.set(cls, permissionKeys(cls, decorators, scope, interpreter, diagnostics));
        for (const member of cls.members) {
          if (!ts.isMethodDeclaration(member) || !member.body || !Object.keys(VERB_DECORATORS).some((name) => decoratorCall(member, name))) continue;
          decoratorKeys.set(member, permissionKeys(member, decorators, scope, interpreter, diagnostics));
          bodyChecks.set(member, interpreter.bodyChecks({ kind: "function", decl: member, scope }));
        }
      }
      interpreter.finishChecks();
      const routes: RouteFact[] = [];
      for (const cls of controllers) {
        const scope = interpreter.module(cls.getSourceFile()).scope;
        const controller = decoratorCall(cls, "Controller");
        if (!controller) continue;
        const { prefixes, version: classVersion } = controllerOptions(controller, scope, interpreter, diagnostics);
        const classKeys = decoratorKeys.get(cls) ?? [];
        for (const member of cls.members) {
          if (!ts.isMethodDeclaration(member) || !member.body) continue;
          for (const [decoratorName, method] of Object.entries(VERB_DECORATORS)) {
            const verb = decoratorCall(member, decoratorName);
            if (!verb) continue;
            const paths = verb.arguments[0] ? pathStrings(verb.arguments[0], scope, interpreter, diagnostics, "route path") : [""];
            if (!paths) continue;
            const versionCall = decoratorCall(member, "Version");
            const versions = versionCall?.arguments[0] ? stringsOf(interpreter.evaluate(versionCall.arguments[0], scope)) : classVersion;
            const keys = new Set([...classKeys, ...(decoratorKeys.get(member) ?? [])]);
            for (const check of bodyChecks.get(member) ?? []) for (const k of check.keys) keys.add(k);
            const doc = leadingDoc(member);
            for (const version of versions ?? bootstrap.defaultVersion ?? [undefined]) {
              for (const prefix of prefixes) {
                for (const path of paths) {
                  const versionSegment = bootstrap.uriVersioning && version ? `${bootstrap.versionPrefix}${version}` : "";
                  const full = joinPaths(joinPaths(joinPaths(joinPaths("/", bootstrap.globalPrefix), versionSegment), prefix), path);
                  const parsed = expressToOpenApi(full);
                  if (!parsed.ok) {
                    diagnostics.error("APX204", `The path \`${full}\` has ${parsed.problem}.`, siteOf(verb), parsed.hint);
                    continue;
                  }
                  for (const variant of parsed.variants) {
                    for (const m of method === "ALL" ? ALL_METHODS : [method]) {
                      routes.push({
                        framework: "nest",
                        method: m,
                        path: variant.path,
                        pathParams: variant.params,
                        permissions: [...keys].sort(),
                        ...(doc ? { doc } : {}),
                        site: siteOf(verb),
                        handler: member,
                      });
                    }
                  }
                }
              }
            }
          }
        }
      }
      return routes;
    },
  };
}

export const nestAdapter = nestAdapterWith();

interface Bootstrap {
  globalPrefix: string;
  uriVersioning: boolean;
  versionPrefix: string;
  defaultVersion?: string[];
}

/** `app.setGlobalPrefix("api")` and `app.enableVersioning({ type: VersioningType.URI, defaultVersion })`. */
function readBootstrap(sources: SourceSet, interpreter: Interpreter, diagnostics: DiagnosticBag): Bootstrap {
  const found: Bootstrap = { globalPrefix: "", uriVersioning: false, versionPrefix: "v" };
  for (const file of sources.files) {
    if (!file.text.includes("setGlobalPrefix") && !file.text.includes("enableVersioning")) continue;
    const scope = interpreter.module(file).scope;
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
        const name = node.expression.name.text;
        if (name === "setGlobalPrefix" && node.arguments[0]) {
          const prefix = pathStrings(node.arguments[0], scope, interpreter, diagnostics, "global prefix");
          if (prefix?.length === 1) found.globalPrefix = prefix[0]!;
        }
        if (name === "enableVersioning") {
          const options = node.arguments[0] ? interpreter.evaluate(node.arguments[0], scope) : undefined;
          const type = options?.kind === "object" ? options.props.get("type") : undefined;
          // VersioningType.URI is 0 in @nestjs/common; the enum lives in a package, so its name is read too.
          const isUri = node.arguments[0] && (/VersioningType\.URI/.test(node.arguments[0].getText()) || (type?.kind === "number" && type.value === 0));
          if (isUri) {
            found.uriVersioning = true;
            const defaultVersion = options?.kind === "object" ? options.props.get("defaultVersion") : undefined;
            const prefix = options?.kind === "object" ? options.props.get("prefix") : undefined;
            if (defaultVersion) found.defaultVersion = stringsOf(defaultVersion);
            if (prefix?.kind === "string") found.versionPrefix = prefix.value;
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return found;
}

/** Controllers listed by any `@Module({ controllers: [...] })`, or every `@Controller` class if none is. */
function registeredControllers(sources: SourceSet, interpreter: Interpreter): ts.ClassDeclaration[] {
  const all: ts.ClassDeclaration[] = [];
  const listed = new Set<ts.ClassDeclaration>();
  let modules = 0;
  for (const file of sources.files) {
    for (const statement of file.statements) {
      if (!ts.isClassDeclaration(statement)) continue;
      if (decoratorCall(statement, "Controller")) all.push(statement);
      const module = decoratorCall(statement, "Module");
      const options = module?.arguments[0] ? interpreter.evaluate(module.arguments[0], interpreter.module(file).scope) : undefined;
      if (options?.kind !== "object") continue;
      modules++;
      const controllers = options.props.get("controllers");
      for (const v of controllers?.kind === "array" ? controllers.items : []) {
        if (v.kind === "class" && ts.isClassDeclaration(v.decl)) listed.add(v.decl);
      }
    }
  }
  return modules && listed.size ? all.filter((c) => listed.has(c)) : all;
}

function controllerOptions(call: ts.CallExpression, scope: Scope, interpreter: Interpreter, diagnostics: DiagnosticBag): { prefixes: string[]; version?: string[] } {
  const arg = call.arguments[0];
  if (!arg) return { prefixes: [""] };
  const value = interpreter.evaluate(arg, scope);
  if (value.kind === "object") {
    const path = value.props.get("path");
    const version = value.props.get("version");
    return { prefixes: path ? (stringsOf(path) ?? report(arg, path, diagnostics)) : [""], ...(version ? { version: stringsOf(version) ?? [] } : {}) };
  }
  return { prefixes: stringsOf(value) ?? report(arg, value, diagnostics) };
}

function pathStrings(node: ts.Expression, scope: Scope, interpreter: Interpreter, diagnostics: DiagnosticBag, what: string): string[] | undefined {
  const value = interpreter.evaluate(node, scope);
  const strings = stringsOf(value);
  if (strings) return strings;
  diagnostics.error("APX201", `Cannot resolve this ${what} statically: \`${excerpt(node)}\` ${explain(value)}.`, siteOf(node), "Use a string literal, a const, or a template literal of consts.");
  return undefined;
}

function report(node: ts.Expression, value: Value, diagnostics: DiagnosticBag): string[] {
  diagnostics.error("APX201", `Cannot resolve this controller path statically: \`${excerpt(node)}\` ${explain(value)}.`, siteOf(node), "Use a string literal, a const, or an array of them.");
  return [];
}

/** `@Name(...)` on a class or method, as its call expression. */
function decoratorCall(node: ts.Node, name: string): ts.CallExpression | undefined {
  for (const decorator of (ts.canHaveDecorators(node) ? ts.getDecorators(node) : undefined) ?? []) {
    const expression = decorator.expression;
    if (ts.isCallExpression(expression)) {
      const callee = expression.expression;
      const calleeName = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : undefined;
      if (calleeName === name) return expression;
    }
  }
  return undefined;
}

/** The permission keys the configured decorators put on a class or method. */
function permissionKeys(node: ts.Node, decorators: PermissionDecorator[], scope: Scope, interpreter: Interpreter, diagnostics: DiagnosticBag): string[] {
  const keys: string[] = [];
  for (const spec of decorators) {
    const call = decoratorCall(node, spec.name);
    if (!call) continue;
    const args = spec.argument === undefined ? [...call.arguments] : call.arguments[spec.argument] ? [call.arguments[spec.argument]!] : [];
    for (const arg of args) {
      let value = interpreter.evaluate(arg, scope);
      for (const part of spec.property ? spec.property.split(".") : []) value = value.kind === "object" ? (value.props.get(part) ?? { kind: "undefined" }) : { kind: "undefined" };
      const strings = stringsOf(value);
      if (strings) keys.push(...strings);
      else if (!(value.kind === "object" && !spec.property)) {
        // The type checker may still know it (`finishChecks`); the keys array is filled in then.
        const reason = explain(value);
        interpreter.deferKey({
          arg,
          ...(spec.property ? { property: spec.property.split(".") } : {}),
          found: (key) => {
            if (!keys.includes(key)) keys.push(key);
          },
          unresolved: (type) =>
            diagnostics.error(
              "APX301",
              `Cannot resolve the permission key of @${spec.name}: \`${excerpt(arg)}\` ${reason}${type === undefined ? "" : `, and its type, \`${type}\`, is not one string literal`}.`,
              siteOf(arg),
              "Pass a string literal, a const, an `as const` member or a string enum member (or configure the decorator's argument and property).",
            ),
        });
      }
    }
  }
  return keys;
}
