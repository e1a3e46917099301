/**
 * Checks that run before a file route's handler in SolidStart and Qwik City: SolidStart's middleware
 * (`createMiddleware({ onRequest })` in the module the config's `middleware` names) and Qwik City's server
 * plugins and layouts (`onRequest` for every method, `onGet`, `onPost`, ... for theirs). Read once per module.
 */
import path from "node:path";
import { type DiagnosticBag, siteOf } from "../../diagnostics/diagnostic.js";
import type { Interpreter } from "../../resolve/interpreter.js";
import type { Scope } from "../../resolve/scope.js";
import type { CheckValue, Value } from "../../resolve/values.js";
import type { SourceSet } from "../../scan/source-set.js";
import { ts } from "../../typescript.js";
import type { FileRouteHost } from "./file-route-host.js";
import { type QwikCityLayout, QWIK_HANDLERS, qwikLayouts, qwikPlugins, qwikRouteFile } from "./qwik-city.js";
import { type SolidStartLayout, solidStartRoute } from "./solid-start.js";

/** A module's request-handler checks: those of `onRequest` (every method), and by method. */
interface ModuleGuards {
  all: CheckValue[];
  byMethod: Map<string, CheckValue[]>;
}

export class FrameworkGuards {
  private readonly modules = new Map<ts.SourceFile, ModuleGuards>();
  private solidChecks: CheckValue[] | undefined;
  /** Whether Qwik City's base pathname is set to something apidex cannot read (routes are indexed relative to it). */
  readonly qwikBaseUnknown: boolean;

  constructor(
    private readonly sources: SourceSet,
    private readonly interpreter: Interpreter,
    private readonly host: FileRouteHost,
    private readonly diagnostics: DiagnosticBag,
    private readonly layouts: { solid: SolidStartLayout | undefined; qwik: QwikCityLayout | undefined },
  ) {
    for (const { option, site } of [...(layouts.solid?.unreadable ?? []), ...(layouts.qwik?.unreadable ?? [])])
      diagnostics.warning(
        "APX201",
        /^(basePathname|baseUrl|base)$/.test(option)
          ? `The routes are served under \`${option}\`, which the config sets to a value apidex cannot read statically: they are indexed relative to it, marked \`unresolved: ["path"]\`.`
          : `The config's \`${option}\` is set to a value apidex cannot read statically: its default is assumed.`,
        site,
        `Write \`${option}\` as a string literal.`,
      );
    this.qwikBaseUnknown = Boolean(layouts.qwik?.unreadable.some((u) => /^(basePathname|baseUrl|base)$/.test(u.option)));
  }

  /** The checks of any request-handler value: a function's body, an array of them, a wrapper's arguments. */
  checksOf(node: ts.Node, value: Value, scope: Scope): CheckValue[] {
    return this.host.handlerParts(node, value, scope).checks as CheckValue[];
  }

  /**
   * SolidStart's middleware checks: the `onRequest` of the `createMiddleware({...})` call in the module the
   * config names (a function or an array of them), run before every API route. A named module apidex does not
   * have is said (APX210).
   */
  solidMiddleware(): CheckValue[] {
    if (this.solidChecks) return this.solidChecks;
    this.solidChecks = [];
    const middleware = this.layouts.solid?.middleware;
    if (!middleware) return this.solidChecks;
    const name = middleware.file;
    const fileName = path.join(this.sources.root, name);
    const file = this.sources.getFile(fileName) ?? this.sources.getFile(fileName.replace(/\.[cm]?[jt]sx?$/, ".ts"));
    if (!file) {
      this.diagnostics.warning(
        "APX210",
        `The config's \`middleware\` names ${name}, which apidex does not have: its checks are not applied to the API routes.`,
        middleware.site,
        "Keep the middleware module among the analysed sources.",
      );
      return this.solidChecks;
    }
    const instance = this.interpreter.module(file);
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "createMiddleware") {
        const options = node.arguments[0];
        if (options && ts.isObjectLiteralExpression(options))
          for (const property of options.properties)
            if (ts.isPropertyAssignment(property) && property.name.getText(file) === "onRequest")
              this.solidChecks!.push(
                ...this.checksOf(property.initializer, this.interpreter.evaluate(property.initializer, instance.scope), instance.scope),
              );
        return;
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
    return this.solidChecks;
  }

  /** The checks Qwik City runs before a route module's handler for `method`: its server plugins', then its layouts'. */
  qwikBefore(routeFile: ts.SourceFile, method: string): CheckValue[] {
    const layout = this.layouts.qwik;
    if (!layout) return [];
    const rel = path.relative(this.sources.root, routeFile.fileName);
    const route = qwikRouteFile(rel, layout);
    if (!route) return [];
    const modules = [...qwikPlugins(this.sources, layout), ...qwikLayouts(this.sources, routeFile.fileName, route, layout)];
    return modules.flatMap((m) => {
      const guards = this.moduleGuards(m);
      return [...guards.all, ...(guards.byMethod.get(method) ?? [])];
    });
  }

  private moduleGuards(file: ts.SourceFile): ModuleGuards {
    const known = this.modules.get(file);
    if (known) return known;
    const guards: ModuleGuards = { all: [], byMethod: new Map() };
    this.modules.set(file, guards);
    const instance = this.interpreter.module(file);
    for (const statement of file.statements)
      for (const [name, node] of exportedHandlers(statement)) {
        const checks = this.checksOf(node, this.interpreter.exportOf(instance, name, node), instance.scope);
        if (name === "onRequest") guards.all.push(...checks);
        else guards.byMethod.set(QWIK_HANDLERS.get(name)!, checks);
      }
    return guards;
  }

  /**
   * SolidStart route files that export a method handler but whose path SolidStart refuses (an optional
   * parameter, a parameter inside a segment): left out, said (APX201).
   */
  sayRefused(locate: (fileName: string) => unknown): void {
    const layout = this.layouts.solid;
    if (!layout) return;
    for (const file of this.sources.files) {
      const rel = path.relative(this.sources.root, file.fileName);
      const found = solidStartRoute(rel, layout);
      if (!found || "route" in found || locate(file.fileName)) continue;
      const handler = file.statements.flatMap((st) =>
        exportedHandlers(st, ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]),
      )[0];
      if (handler)
        this.diagnostics.warning(
          "APX201",
          `${rel} exports ${handler[0]}, but ${found.refused}: it is not indexed.`,
          siteOf(handler[1]),
          "Use `[id]` or `[...rest]` segments for API routes, or one file per path.",
        );
    }
  }
}

/** The exported request handlers of a statement (`export const onRequest = ...`, `export function onGet(...)`). */
function exportedHandlers(statement: ts.Statement, names: readonly string[] = [...QWIK_HANDLERS.keys(), "onRequest"]): [string, ts.Node][] {
  const exported = ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  if (ts.isFunctionDeclaration(statement) && exported && statement.body && statement.name && names.includes(statement.name.text))
    return [[statement.name.text, statement]];
  if (ts.isVariableStatement(statement) && exported)
    return statement.declarationList.declarations.flatMap((d): [string, ts.Node][] =>
      d.initializer && ts.isIdentifier(d.name) && names.includes(d.name.text) ? [[d.name.text, d.initializer]] : [],
    );
  if (
    ts.isExportDeclaration(statement) &&
    statement.exportClause &&
    ts.isNamedExports(statement.exportClause) &&
    !statement.moduleSpecifier
  )
    return statement.exportClause.elements.filter((e) => names.includes(e.name.text)).map((e) => [e.name.text, e]);
  return [];
}
