import path from "node:path";
import { ts } from "../../typescript.js";
import type { SourceSite } from "../../diagnostics/diagnostic.js";
import type { SourceSet } from "../../scan/source-set.js";

/** Folders a build writes to, when tsconfig.json names none: `../dist/Users/index.js` is `Users/index.ts`. */
const OUTPUT_FOLDERS = ["dist", "lib", "build", "out"];
const SOURCE_ENDINGS = [".ts", ".mts", ".cts", ".js", ".mjs", ".cjs"];

/**
 * One function of Azure Functions' v3 programming model: a folder of the function app (beside host.json) whose
 * `function.json` declares an `httpTrigger` binding; its handler is the module `scriptFile` names (`index.js` in
 * the folder without it), the export `entryPoint` names (else the module's default export, or `module.exports`).
 */
export interface FunctionJson {
  /** The folder's name: the function's name, and its route without one. */
  name: string;
  file: string;
  site: SourceSite;
  /** Upper-case methods; undefined when the binding lists none (the host answers every method). */
  methods: string[] | undefined;
  route: string | undefined;
  /** The handler's source module, when it is among the sources (a `scriptFile` in build output read as its TypeScript source). */
  script: ts.SourceFile | undefined;
  /** What `scriptFile` names, relative to the project, when its source is not among the sources. */
  missingScript?: string;
  entryPoint: string | undefined;
  /** A function.json apidex cannot read (not JSON, or a binding field of the wrong type). */
  problem?: string;
}

/**
 * The v3 functions of the function app at `root` (where host.json is): each subfolder's function.json with an
 * HTTP trigger. Functions without one (timers, queues) have no URL and are left out.
 */
export function functionJsons(sources: SourceSet, root: string): FunctionJson[] {
  if (sources.host.readFile(path.join(root, "host.json")) === undefined) return [];
  const out: FunctionJson[] = [];
  for (const entry of sources.host.listDirectory?.(root) ?? []) {
    if (entry.startsWith(".") || entry === "node_modules") continue;
    const file = path.join(root, entry, "function.json");
    const text = sources.host.readFile(file);
    if (text === undefined) continue;
    sources.recordInputs([file]);
    const site = { file, line: 1, column: 1 };
    let parsed: { scriptFile?: unknown; entryPoint?: unknown; bindings?: unknown; disabled?: unknown };
    try {
      parsed = JSON.parse(text);
    } catch {
      out.push({
        name: entry,
        file,
        site,
        methods: undefined,
        route: undefined,
        script: undefined,
        entryPoint: undefined,
        problem: "is not JSON",
      });
      continue;
    }
    const bindings = Array.isArray(parsed.bindings) ? (parsed.bindings as Record<string, unknown>[]) : [];
    const trigger = bindings.find((b) => typeof b?.type === "string" && b.type.toLowerCase() === "httptrigger");
    if (!trigger || parsed.disabled === true) continue;
    const line = text.slice(0, text.search(/"httpTrigger"/i)).split("\n").length;
    const at = { file, line, column: 1 };
    const methods = trigger.methods;
    const route = trigger.route;
    const problem =
      methods !== undefined && !(Array.isArray(methods) && methods.every((m) => typeof m === "string"))
        ? "lists `methods` that are not strings"
        : route !== undefined && typeof route !== "string"
          ? "sets a `route` that is not a string"
          : undefined;
    const scriptFile = typeof parsed.scriptFile === "string" ? parsed.scriptFile : undefined;
    const script = scriptFile
      ? sourceOfScript(sources, root, path.resolve(root, entry, scriptFile))
      : defaultScript(sources, path.join(root, entry));
    out.push({
      name: entry,
      file,
      site: at,
      methods: Array.isArray(methods) && methods.length ? (methods as string[]).map((m) => m.toUpperCase()) : undefined,
      route: typeof route === "string" ? route : undefined,
      script,
      ...(script
        ? {}
        : {
            missingScript: path.relative(
              sources.root,
              scriptFile ? path.resolve(root, entry, scriptFile) : path.join(root, entry, "index.js"),
            ),
          }),
      entryPoint: typeof parsed.entryPoint === "string" ? parsed.entryPoint : undefined,
      ...(problem ? { problem } : {}),
    });
  }
  return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** `index.ts` / `index.js` of a function folder (the host loads `index.js`, or the only `.js` file). */
function defaultScript(sources: SourceSet, dir: string): ts.SourceFile | undefined {
  for (const ending of SOURCE_ENDINGS) {
    const file = sources.getFile(path.join(dir, `index${ending}`));
    if (file) return file;
  }
  return undefined;
}

/**
 * The source a `scriptFile` is compiled from: the file itself when it is a source, else, for a path in build
 * output (`dist/Users/index.js` where tsconfig.json's `outDir` is `dist`), the TypeScript file at the same place
 * below the app's root (or `rootDir`).
 */
function sourceOfScript(sources: SourceSet, root: string, script: string): ts.SourceFile | undefined {
  const stem = script.replace(/\.[cm]?[jt]s$/, "");
  const candidates = [stem];
  const relative = path.relative(root, stem);
  const [head, ...rest] = relative.split(path.sep);
  const outDir = sources.compilerOptions.outDir
    ? path.relative(root, path.resolve(sources.root, sources.compilerOptions.outDir))
    : undefined;
  const rootDir = sources.compilerOptions.rootDir ? path.resolve(sources.root, sources.compilerOptions.rootDir) : root;
  if (head && rest.length && (head === outDir || (!outDir && OUTPUT_FOLDERS.includes(head)))) {
    candidates.push(path.join(rootDir, ...rest), path.join(root, "src", ...rest));
  }
  for (const candidate of candidates)
    for (const ending of SOURCE_ENDINGS) {
      const file = sources.getFile(candidate + ending);
      if (file) return file;
    }
  return undefined;
}

/**
 * Where a module's handler export is written, as an expression: `export default handler`, `export const name =
 * ...`, `export function name`, `module.exports = ...`, `exports.name = ...`. Undefined when not found.
 */
export function exportExpression(file: ts.SourceFile, name: string | undefined): ts.Expression | undefined {
  for (const statement of file.statements) {
    if (!name && ts.isExportAssignment(statement)) return statement.expression;
    const exported = ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    const isDefault = ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
    if (exported && ts.isFunctionDeclaration(statement) && statement.name && (isDefault ? !name : statement.name.text === name))
      return statement.name;
    if (exported && name && ts.isVariableStatement(statement))
      for (const d of statement.declarationList.declarations)
        if (ts.isIdentifier(d.name) && d.name.text === name && d.initializer) return d.initializer;
    if (ts.isExpressionStatement(statement) && ts.isBinaryExpression(statement.expression)) {
      const { left, right, operatorToken } = statement.expression;
      if (operatorToken.kind !== ts.SyntaxKind.EqualsToken) continue;
      const target = left.getText(file);
      if (!name && target === "module.exports") return right;
      if (name && (target === `module.exports.${name}` || target === `exports.${name}`)) return right;
    }
  }
  return undefined;
}
