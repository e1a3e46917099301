import path from "node:path";
import picomatch from "picomatch";
import { ts } from "../../typescript.js";
import { type DiagnosticBag, siteOf } from "../../diagnostics/diagnostic.js";
import type { Interpreter } from "../../resolve/interpreter.js";
import type { Scope } from "../../resolve/scope.js";
import { keysOfValue, type Value } from "../../resolve/values.js";
import type { SourceSet } from "../../scan/source-set.js";
import { type ControllerFlavor, decoratedControllersAdapter, importedFrom } from "../decorated-controllers.js";
import { DEFAULT_PERMISSION_DECORATORS, permissionChecks } from "../nest/index.js";
import { enclosingScope } from "../nest/applications.js";
import { excerpt, explain } from "../../resolve/interpreter.js";
import { stringsOf } from "../../resolve/values.js";
import { callsOf } from "../../scan/calls.js";
import type { DocComment } from "../../resolve/doc-comment.js";
import { docFromFields } from "../../resolve/framework-docs.js";
import type { RouteCheck } from "../router-graph.js";

/**
 * tsoa: `@Route("users")` controllers whose methods carry `@Get("{userId}")`, `@Post()`, ..., served by the
 * routes tsoa generates under tsoa.json's `routes.basePath`. Checks: `@Security(name, scopes)` (the
 * scopes are the keys; several `@Security` are alternatives, as tsoa tries each; a method's own replace its
 * class's, and `@NoSecurity()` lifts them), the project's permission decorators, and calls in method bodies.
 */
const PACKAGES = new Set(["tsoa", "@tsoa/runtime"]);

const flavor: ControllerFlavor = {
  framework: "tsoa",
  packages: PACKAGES,
  controllerDecorators: new Set(["Route"]),
  // `{userId}` is tsoa's parameter; a route may also be written `:userId`.
  expressPath: (route) => route.replace(/\{([A-Za-z_$][\w$]*)\}/g, ":$1"),
  checks: securityChecks,
  server: basePath,
  frameworkDoc: tsoaDoc,
};

/**
 * `tsoa spec` documents every method of a `@Route` controller, unless `@Hidden()` is on it or its class: such
 * an operation is documented, with its `@Tags(...)` (the class's and the method's), `@OperationId(...)` and
 * `@Deprecated()`; its summary and description are the doc comment's, as tsoa reads them.
 */
function tsoaDoc(cls: ts.ClassDeclaration, method: ts.MethodDeclaration, scope: Scope, interpreter: Interpreter): DocComment | undefined {
  const decorators = (n: ts.Node) =>
    ((ts.canHaveDecorators(n) ? ts.getDecorators(n) : undefined) ?? [])
      .map((d) => d.expression)
      .filter(
        (c): c is ts.CallExpression => ts.isCallExpression(c) && ts.isIdentifier(c.expression) && importedFrom(c.expression, PACKAGES),
      );
  const own = decorators(method);
  const ofClass = decorators(cls);
  const named = (calls: ts.CallExpression[], name: string) => calls.filter((c) => (c.expression as ts.Identifier).text === name);
  const strings = (calls: ts.CallExpression[]) =>
    calls.flatMap((c) => c.arguments.flatMap((a) => stringsOf(interpreter.evaluate(a, scope)) ?? []));
  const tags = [...new Set([...strings(named(ofClass, "Tags")), ...strings(named(own, "Tags"))])];
  const [operationId] = strings(named(own, "OperationId"));
  return docFromFields(
    {
      ...(tags.length ? { tags } : {}),
      ...(operationId ? { operationId } : {}),
      ...(named(own, "Deprecated").length || named(ofClass, "Deprecated").length ? { deprecated: true } : {}),
      ...(named(own, "Hidden").length || named(ofClass, "Hidden").length ? { hidden: true } : {}),
    },
    siteOf(method),
    "tsoa",
    true,
  );
}

export const tsoaAdapter = decoratedControllersAdapter(flavor);

/**
 * Where tsoa serves the controllers: each tsoa config's `routes.basePath` (the generated routes' prefix), for
 * the controllers its `controllerPathGlobs` match. The configs are `tsoa.json` and those the project's scripts
 * name (`tsoa spec-and-routes -c tsoa.public.json`), or any `tsoa.*.json` beside it: a project that generates
 * a public and an internal API from two configs serves each controller under its own config's prefix.
 */
function basePath(
  sources: SourceSet,
  interpreter: Interpreter,
  diagnostics: DiagnosticBag,
): { prefixes: string[]; prefixesOf?: ReadonlyMap<ts.Node, string[]> } {
  const json = [sources.root, ...sources.packagesBelow()].flatMap((folder) => tsoaConfigs(sources, folder));
  const configs = json.length ? json : programmaticConfigs(sources, interpreter, diagnostics);
  if (configs.length <= 1 && (configs[0]?.folder ?? sources.root) === sources.root) return { prefixes: [configs[0]?.basePath ?? ""] };
  const prefixesOf = new Map<ts.Node, string[]>();
  const matchers = configs.map((c) => ({ ...c, match: c.globs.length ? picomatch(c.globs) : () => true }));
  for (const file of sources.files) {
    const prefixes = [
      ...new Set(
        matchers
          .filter((c) => {
            // A config's globs are relative to its folder (where tsoa runs): a file of another package is none of its.
            const relative = path.relative(c.folder, file.fileName).split(path.sep).join("/");
            return !relative.startsWith("../") && c.match(relative);
          })
          .map((c) => c.basePath),
      ),
    ];
    if (!prefixes.length) continue;
    for (const statement of file.statements) if (ts.isClassDeclaration(statement)) prefixesOf.set(statement, prefixes);
  }
  // A controller no config's globs match is served by none of the generated routes files: under the first
  // config of the root, as tsoa would place it (a package without a config of its own: at no base path).
  const first = configs.find((c) => c.folder === sources.root);
  return { prefixes: [first?.basePath ?? ""], prefixesOf };
}

interface TsoaConfig {
  basePath: string;
  globs: string[];
  /** The folder tsoa runs in for this config (its package's): what its globs are relative to. */
  folder: string;
}

/** The tsoa configs of the package in `folder` (JSON files beside its package.json), `tsoa.json` first. */
function tsoaConfigs(sources: SourceSet, folder: string): TsoaConfig[] {
  const names = new Set<string>();
  const scripts = sources.host.readFile(path.join(folder, "package.json"));
  if (scripts) sources.recordInputs([path.join(folder, "package.json")]);
  try {
    const manifest = scripts ? (JSON.parse(scripts) as { scripts?: Record<string, unknown> }) : undefined;
    for (const command of Object.values(manifest?.scripts ?? {}))
      if (typeof command === "string")
        for (const m of command.matchAll(/\btsoa\b[^&|;]*?(?:-c|--configuration)[=\s]+(["']?)([^\s"';&|]+\.json)\1/g))
          names.add(path.normalize(m[2]!));
  } catch {
    // An unreadable package.json names no config.
  }
  for (const entry of sources.host.listDirectory?.(folder) ?? []) if (/^tsoa(\.[\w-]+)*\.json$/.test(entry)) names.add(entry);
  const ordered = [...names].sort((a, b) => (a === "tsoa.json" ? -1 : b === "tsoa.json" ? 1 : a.localeCompare(b)));
  const out: TsoaConfig[] = [];
  for (const name of ordered) {
    const file = path.join(folder, name);
    const text = sources.host.readFile(file);
    if (!text) continue;
    sources.recordInputs([file]);
    try {
      const config = JSON.parse(text) as { routes?: { basePath?: unknown }; controllerPathGlobs?: unknown };
      const base = config.routes?.basePath;
      const globs = Array.isArray(config.controllerPathGlobs)
        ? config.controllerPathGlobs.filter((g): g is string => typeof g === "string").map((g) => g.replace(/^\.\//, ""))
        : [];
      out.push({ basePath: typeof base === "string" ? base : "", globs, folder });
    } catch {
      // Not JSON tsoa reads: no routes from it.
    }
  }
  return out;
}

/**
 * Without a tsoa.json, a project may generate its routes from a script of its own with tsoa's programmatic
 * API: `generateRoutes({ basePath: "/svc/api/v1", controllerPathGlobs: [...], ... })` (imported from `tsoa` or
 * `@tsoa/cli`). Its options are tsoa.json's `routes` settings; a `basePath` apidex cannot read is reported,
 * and the controllers are then indexed without it.
 */
function programmaticConfigs(sources: SourceSet, interpreter: Interpreter, diagnostics: DiagnosticBag): TsoaConfig[] {
  const out: TsoaConfig[] = [];
  for (const file of sources.files) {
    if (!file.text.includes("generateRoutes")) continue;
    for (const call of callsOf(file)) {
      if (!ts.isCallExpression(call) || !ts.isIdentifier(call.expression) || call.expression.text !== "generateRoutes") continue;
      if (!importedFrom(call.expression, CLI_PACKAGES) || !call.arguments[0]) continue;
      const options = interpreter.evaluate(call.arguments[0], enclosingScope(call, interpreter.module(file).scope, interpreter));
      const base = options.kind === "object" ? options.props.get("basePath") : undefined;
      const read = base === undefined || base.kind === "undefined" ? [""] : stringsOf(base);
      if (!read || read.length !== 1) {
        diagnostics.warning(
          "APX201",
          `Cannot resolve the basePath tsoa's generated routes are served under: \`${excerpt(call.arguments[0])}\` ${explain(base ?? options)}; the controllers are indexed without it.`,
          siteOf(call),
          "Write the basePath as a string literal or a const in the options given to generateRoutes(), or keep it in tsoa.json.",
        );
        continue;
      }
      const globsValue = options.kind === "object" ? options.props.get("controllerPathGlobs") : undefined;
      const globs = (globsValue && stringsOf(globsValue)) ?? [];
      // The script runs in its package's folder: its globs are relative to that.
      const folder = [...sources.packagesBelow()].reverse().find((f) => !path.relative(f, file.fileName).startsWith("..")) ?? sources.root;
      out.push({ basePath: read[0]!, globs: globs.map((g) => g.replace(/^\.\//, "")), folder });
    }
  }
  return out;
}

const CLI_PACKAGES = new Set(["tsoa", "@tsoa/cli"]);

function securityChecks(
  node: ts.ClassDeclaration | ts.MethodDeclaration,
  scope: Scope,
  interpreter: Interpreter,
  diagnostics: DiagnosticBag,
): RouteCheck[] {
  const checks = permissionChecks(node, DEFAULT_PERMISSION_DECORATORS, scope, interpreter, diagnostics);
  // A method's own @Security (or @NoSecurity) replaces its class's; the class's apply to the others.
  if (ts.isClassDeclaration(node)) return checks;
  const tsoaDecorators = (n: ts.Node) =>
    ((ts.canHaveDecorators(n) ? ts.getDecorators(n) : undefined) ?? [])
      .map((d) => d.expression)
      .filter(
        (c): c is ts.CallExpression => ts.isCallExpression(c) && ts.isIdentifier(c.expression) && importedFrom(c.expression, PACKAGES),
      );
  const named = (calls: ts.CallExpression[], name: string) => calls.some((c) => (c.expression as ts.Identifier).text === name);
  const own = tsoaDecorators(node);
  if (named(own, "NoSecurity")) return checks;
  const decorators = named(own, "Security") ? own : tsoaDecorators(node.parent);
  // Each @Security is one way in; its scopes (of every scheme it names) are what that way needs.
  const ways: { keys: string[]; unresolved: boolean; node: ts.CallExpression }[] = [];
  for (const call of decorators) {
    if ((call.expression as ts.Identifier).text !== "Security") continue;
    const first = call.arguments[0] ? interpreter.evaluate(call.arguments[0], scope) : undefined;
    const schemes: Value[] =
      first?.kind === "object" ? [...first.props.values()] : call.arguments[1] ? [interpreter.evaluate(call.arguments[1], scope)] : [];
    const keys: string[] = [];
    let unresolved = first === undefined || (first.kind !== "object" && first.kind !== "string");
    for (const scopes of schemes) {
      const read = scopes.kind === "undefined" ? [] : keysOfValue(scopes);
      if (read) keys.push(...read);
      else unresolved = true;
    }
    ways.push({ keys, unresolved, node: call });
  }
  if (!ways.length) return checks;
  if (ways.some((w) => w.unresolved)) {
    diagnostics.warning(
      "APX301",
      "Cannot read the scopes of this @Security statically; the operations it guards are marked `unresolved`.",
      siteOf(ways.find((w) => w.unresolved)!.node),
      'Write the scopes as string literals or consts: `@Security("jwt", ["users:read"])`.',
    );
    return [...checks, { keys: [], unresolved: true }];
  }
  if (ways.length === 1) return [...checks, { keys: ways[0]!.keys }];
  // Alternatives: a way that needs no scope lets any key in; single scopes are an any-of group.
  if (ways.some((w) => !w.keys.length)) return checks;
  if (ways.every((w) => w.keys.length === 1)) return [...checks, { keys: ways.map((w) => w.keys[0]!), any: true }];
  diagnostics.warning(
    "APX301",
    "These @Security decorators are alternatives that each need several scopes; the index records a key's permissions as required keys or a group of single alternatives, so the operations are marked `unresolved`.",
    siteOf(ways[0]!.node),
    "Give each alternative one scope, or check the permissions in the handler.",
  );
  return [...checks, { keys: [], unresolved: true }];
}
