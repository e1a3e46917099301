/**
 * Where a service written on the Web fetch API without a router package starts serving: `Bun.serve(options)`
 * (or `serve` imported from "bun"), `Deno.serve(handler)` / `Deno.serve(options, handler)` (and the older
 * `serve(handler)` of Deno's std/http), a module's `export default { fetch }` (Cloudflare Workers, `bun run`,
 * `deno serve`) and a Service Worker-style `addEventListener("fetch", listener)`. Found from the syntax.
 */
import path from "node:path";
import type { SourceSet } from "../../scan/source-set.js";
import { unwrapExpression } from "../../resolve/syntax.js";
import type { ts as Ts } from "ts-morph";
import { ts } from "../../typescript.js";
import { importBindings } from "../shared.js";
import { declarationOf } from "./path-tests.js";

/** One place a fetch service is started. */
export type FetchEntry =
  /** `Bun.serve({ routes, fetch })`: the options object. */
  | { kind: "bun"; call: ts.CallExpression; options: ts.Expression }
  /** `Deno.serve(handler)`: the handler (or an options object holding `handler`). */
  | { kind: "deno"; call: ts.CallExpression; handler: ts.Expression }
  /** `export default { fetch, routes? }`. */
  | { kind: "default"; node: Ts.ExportAssignment }
  /** `addEventListener("fetch", listener)`. */
  | { kind: "listener"; call: ts.CallExpression; listener: ts.Expression };

/** The text any of them needs (a cheap test before parsing). */
export const FETCH_ENTRY_TEXT =
  /\b(Bun|Deno)\.serve\s*\(|["']bun["']|addEventListener\s*\(\s*["']fetch["']|\bfetch\s*[(:,}]|std\/http|@std\/http/;

/** The text a `Bun.serve`/`Deno.serve` (or std/http `serve`) entry needs. */
const SERVER_CALL_TEXT = /\b(Bun|Deno)\.serve\s*\(|["']bun["']|std\/http|@std\/http/;

/** Dependencies and files that say a project runs on Bun, Cloudflare Workers or Deno. */
const RUNTIME_PACKAGES = new Set([
  "@types/bun",
  "bun-types",
  "@cloudflare/workers-types",
  "wrangler",
  "miniflare",
  "@cloudflare/vitest-pool-workers",
  "@cloudflare/vite-plugin",
]);
const RUNTIME_FILES = [
  "wrangler.toml",
  "wrangler.json",
  "wrangler.jsonc",
  "deno.json",
  "deno.jsonc",
  "bunfig.toml",
  "bun.lock",
  "bun.lockb",
];

const runtimes = new WeakMap<SourceSet, boolean>();

/** Whether the project's package.json or config files say it runs on Bun, Workers or Deno. */
export function declaresFetchRuntime(sources: SourceSet): boolean {
  let known = runtimes.get(sources);
  if (known !== undefined) return known;
  const files = RUNTIME_FILES.map((f) => path.join(sources.root, f));
  sources.recordInputs(files);
  known = files.some((f) => sources.host.readFile(f) !== undefined);
  if (!known) {
    const text = sources.host.readFile(path.join(sources.root, "package.json"));
    try {
      const pkg = text ? (JSON.parse(text) as Record<string, Record<string, string> | undefined>) : {};
      known = [pkg.dependencies, pkg.devDependencies].some((d) => Object.keys(d ?? {}).some((name) => RUNTIME_PACKAGES.has(name)));
    } catch {
      known = false;
    }
  }
  runtimes.set(sources, known);
  return known;
}

/**
 * The fetch entries of a file. `Bun.serve` and `Deno.serve` name their runtime themselves; a default export
 * with `fetch` and a `fetch` listener are read only where the project says it runs on one (`runtime`): in a
 * Node service they are a bundler's or a test's objects, not a server.
 */
export function fetchEntries(file: ts.SourceFile, runtime: boolean): FetchEntry[] {
  // Every project's files are asked (detection): without a runtime's config only a server call can start one.
  if (!(runtime ? FETCH_ENTRY_TEXT : SERVER_CALL_TEXT).test(file.text)) return [];
  const bindings = importBindings(file);
  const out: FetchEntry[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const callee = unwrapExpression(node.expression);
      const name = calleeName(callee);
      const imported = ts.isIdentifier(callee) ? bindings.get(callee.text) : undefined;
      const args = node.arguments;
      if ((name === "Bun.serve" || imported === "bun:serve") && args[0]) out.push({ kind: "bun", call: node, options: args[0] });
      else if ((name === "Deno.serve" || (imported && /(std\/http|@std\/http)[^:]*:serve$/.test(imported))) && args.length) {
        // `Deno.serve(handler)`, `Deno.serve(options, handler)`, `Deno.serve({ handler })`.
        const handler = args.length > 1 ? args[args.length - 1]! : args[0]!;
        out.push({ kind: "deno", call: node, handler });
      } else if (
        runtime &&
        /^((self|globalThis)\.)?addEventListener$/.test(name ?? "") &&
        args.length >= 2 &&
        ts.isStringLiteralLike(args[0]!) &&
        args[0].text === "fetch"
      )
        out.push({ kind: "listener", call: node, listener: args[1]! });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  if (runtime)
    for (const statement of file.statements)
      if (ts.isExportAssignment(statement) && !statement.isExportEquals && hasFetchMember(statement.expression))
        out.push({ kind: "default", node: statement });
  return out;
}

/** `Bun.serve` for a property access of identifiers, the name for an identifier. */
function calleeName(node: ts.Expression): string | undefined {
  if (ts.isIdentifier(node)) return node.text;
  if (ts.isPropertyAccessExpression(node)) {
    const left = calleeName(unwrapExpression(node.expression));
    return left ? `${left}.${node.name.text}` : undefined;
  }
  return undefined;
}

/** Whether a default export is an object with a `fetch` member (`{ fetch }`, `{ async fetch(req) {} } satisfies ExportedHandler`). */
function hasFetchMember(expression: ts.Expression): boolean {
  let inner = unwrapExpression(expression);
  while (ts.isSatisfiesExpression(inner) || ts.isAsExpression(inner)) inner = unwrapExpression(inner.expression);
  if (ts.isIdentifier(inner)) {
    const init = declarationOf(inner, inner.getSourceFile());
    if (!init) return false;
    inner = unwrapExpression(init);
    while (ts.isSatisfiesExpression(inner) || ts.isAsExpression(inner)) inner = unwrapExpression(inner.expression);
  }
  return (
    ts.isObjectLiteralExpression(inner) &&
    inner.properties.some((p) => p.name !== undefined && ts.isIdentifier(p.name) && (p.name.text === "fetch" || p.name.text === "routes"))
  );
}
