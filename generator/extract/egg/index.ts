import path from "node:path";
import { ts } from "../../typescript.js";
import type { SourceSet } from "../../scan/source-set.js";
import { isFrameworkModule } from "../../scan/route-hints.js";
import { siteOf } from "../../diagnostics/diagnostic.js";
import { Interpreter, explain } from "../../resolve/interpreter.js";
import { type FrameworkAdapter, interpreterOptionsOf } from "../adapter.js";
import { flattenApp, ofApp } from "../flatten.js";
import type { RouteFact } from "../route-fact.js";
import { dedupe, importedPackages, reportUnreached } from "../shared.js";
import { eggSimplePath, eggToOpenApi } from "./path-syntax.js";
import { EGG_METHODS, type EggApp, EggHost, isEggModule } from "./egg-host.js";

/** An Egg application's router module: `<baseDir>/app/router.ts` (or `.js`), the function egg-core's loader calls with the app. */
export const EGG_ROUTER_FILE = /(^|\/)app\/router\.(ts|js|mjs|cjs|mts|cts)$/;

/** A module app/router.ts may be split into (`app/router/admin.ts`). */
const EGG_SPLIT_ROUTER = /^(.*)\/app\/router\/.+\.(ts|js|mjs|cjs|mts|cts)$/;

/** The router modules of each Egg application, by its base folder (where `app/` is). */
function routerModules(files: readonly ts.SourceFile[]): Map<string, { main?: ts.SourceFile; split: ts.SourceFile[] }> {
  const out = new Map<string, { main?: ts.SourceFile; split: ts.SourceFile[] }>();
  const of = (base: string) => {
    let entry = out.get(base);
    if (!entry) out.set(base, (entry = { split: [] }));
    return entry;
  };
  for (const file of files) {
    if (EGG_ROUTER_FILE.test(file.fileName)) {
      if (isEggRouterModule(file)) of(path.posix.dirname(path.posix.dirname(file.fileName))).main ??= file;
    } else {
      const split = EGG_SPLIT_ROUTER.exec(file.fileName);
      if (split && !file.fileName.endsWith(".d.ts")) of(split[1]!).split.push(file);
    }
  }
  return out;
}

/** A module that exports a function (`module.exports = app => {`, `export default (app: Application) => {`, `function (app) {`). */
const EXPORTS_FUNCTION = /(module\.exports\s*=|export\s+default)\s*(async\s+)?(function\b[^(]*)?\(?\s*\w+\s*(:\s*[\w.]+\s*)?\)?\s*(=>|\{)/;

/**
 * Whether an `app/router.ts` is Egg's: it imports egg, or it exports a function of the app that reads the
 * router or controllers and imports no other framework (Ember apps and Express services have an
 * `app/router.ts` of their own).
 */
function isEggRouterModule(file: ts.SourceFile): boolean {
  const packages = importedPackages(file);
  if (packages.some(isEggModule)) return true;
  if (packages.some((p) => isFrameworkModule(p) || p.startsWith("@ember/") || p === "ember")) return false;
  return EXPORTS_FUNCTION.test(file.text) && /\b(router|controller)\b/.test(file.text);
}

/** Whether the app's config/plugin enables egg-router-plus (by its package name or its plugin name `routerPlus`). */
function routerPlusEnabled(sources: SourceSet, baseDir: string): boolean {
  for (const ext of ["ts", "js"]) {
    const text = sources.host.readFile(path.posix.join(baseDir, "config", `plugin.${ext}`));
    if (text && /egg-router-plus|@eggjs\/router-plus|\brouterPlus\b/.test(text)) return true;
  }
  return false;
}

/**
 * Egg.js (egg 2–4, and frameworks on it): each `app/router.ts` is run with its application, whose router
 * (EggRouter, @koa/router's syntax) registers the routes; controllers are the classes under `app/controller`.
 */
export const eggAdapter: FrameworkAdapter = {
  name: "egg",
  detect: (sources) =>
    sources.files.some(
      (file) => EGG_ROUTER_FILE.test(file.fileName) || importedPackages(file).some((p) => p === "egg" || p.startsWith("@eggjs/")),
    ),
  extract(sources, options, diagnostics) {
    const host = new EggHost(diagnostics, sources);
    const interpreter = new Interpreter(sources, diagnostics, interpreterOptionsOf(options), host);
    host.interpreter = interpreter;
    interpreter.executeAll();
    for (const [baseDir, modules] of routerModules(sources.files)) {
      let app: EggApp | undefined;
      const run = (file: ts.SourceFile): void => {
        const exported = interpreter.exportOf(interpreter.module(file), "default", file);
        if (exported.kind !== "function") {
          diagnostics.warning(
            "APX210",
            `This Egg router module's export ${explain(exported, "a function of the app")}: egg-core calls it with the application to register the routes, which apidex cannot do; its routes are not indexed.`,
            siteOf(file.statements[0] ?? file),
            "Export the router function itself (`export default (app: Application) => { ... }` or `module.exports = app => { ... }`).",
          );
          return;
        }
        if (interpreter.invoked.has(exported.decl)) return;
        app ??= host.createApp(baseDir, exported.decl);
        interpreter.callFunction(exported, [app.value], exported.decl);
      };
      if (modules.main) run(modules.main);
      // egg-router-plus loads every module of app/router (before app/router.ts). Without it, one that
      // app/router.ts does not require is never run: its registrations are reported as unreached.
      if (routerPlusEnabled(sources, baseDir)) for (const file of modules.split) run(file);
    }
    interpreter.finishChecks();
    const routes: RouteFact[] = [];
    for (const app of host.apps) routes.push(...ofApp(flattenApp(app.router, diagnostics, "egg", eggToOpenApi, eggSimplePath), app.router));
    reportUnreached(sources, host.visited, interpreter, diagnostics, EGG_METHODS, options.unreached);
    return dedupe(routes);
  },
};

export { isEggModule };
