/**
 * Folders of router modules nothing in the sources mounts: a server that walks such a folder at start-up
 * (lambert-server's `registerRoutes(dir)`, a package's autoloader, a hand-written `readdirSync` walk over
 * compiled files) leaves every one of its routers unmounted in the code apidex reads. Reported router by
 * router, a project of 200 route modules gets 200 warnings with one cause; reported by folder, it gets one
 * that says what to write in the config (`routerFiles`) and where the code names the folder.
 */
import path from "node:path";
import type { DiagnosticBag, SourceSite } from "../diagnostics/diagnostic.js";
import { compareSites, siteOf } from "../diagnostics/diagnostic.js";
import type { Interpreter } from "../resolve/interpreter.js";
import type { Value } from "../resolve/values.js";
import { callsOf } from "../scan/calls.js";
import type { SourceSet } from "../scan/source-set.js";
import { ts } from "../typescript.js";
import type { RouterNode } from "./router-graph.js";
import { routerFilePath } from "./router-files.js";

/** So many of a folder's routers, at least, make it a folder of router modules rather than a few strays. */
const MIN_ROUTERS = 3;
/** Where a call names the folder, two are enough. */
const MIN_NAMED = 2;
/**
 * And this share, at least, of the folder's modules export an unmounted router: a folder a loader walks holds
 * little else (a helper or two), where `src/` around it holds the rest of the service.
 */
const MIN_SHARE = 0.75;
/** Where a call names the folder, half is enough: the call is the evidence; the share only keeps out a call naming `src/`. */
const MIN_NAMED_SHARE = 0.5;

interface ExportedRouter {
  router: RouterNode;
  /** The module that exports it, absolute. */
  file: string;
  routes: number;
}

/**
 * Reports the unmounted routers of each folder of router modules as one warning (APX211) naming the folder,
 * the call that names it where the code has one, and the `routerFiles` entry that would mount them. Returns
 * the routers it reported, which the router-by-router report then skips.
 */
export function reportUnmountedFolders(
  routers: readonly RouterNode[],
  sources: SourceSet,
  interpreter: Interpreter,
  routerOf: (value: Value) => RouterNode | undefined,
  diagnostics: DiagnosticBag,
): Set<RouterNode> {
  const reported = new Set<RouterNode>();
  const unmounted = new Set(routers.filter((r) => r.kind === "router" && !r.mounted && r.stack.some((l) => l.type === "route")));
  if (unmounted.size < MIN_NAMED) return reported;
  // Modules of the project as a walker would see them, and the unmounted router each exports (as
  // `routerFiles` mounts them: `export default router`, or an export named `router`).
  const modules: string[] = [];
  const exported: ExportedRouter[] = [];
  for (const file of sources.files) {
    const relative = path.relative(sources.root, file.fileName);
    if (relative.startsWith("..") || routerFilePath(relative) === undefined) continue;
    modules.push(file.fileName);
    const module = interpreter.module(file);
    const router = [interpreter.exportOf(module, "default", file), interpreter.exportOf(module, "router", file)]
      .map((value) => routerOf(value))
      .find((r): r is RouterNode => r !== undefined && unmounted.has(r));
    if (router) exported.push({ router, file: file.fileName, routes: router.stack.filter((l) => l.type === "route").length });
  }
  if (exported.length < MIN_NAMED) return reported;
  const below = (dir: string, file: string) => file.startsWith(dir + path.sep);
  const routersIn = (dir: string) => exported.filter((e) => below(dir, e.file));
  const mostlyRouters = (dir: string, share = MIN_SHARE) => routersIn(dir).length >= share * modules.filter((m) => below(dir, m)).length;
  const widest = (dirs: string[]) => dirs.filter((dir) => !dirs.some((other) => other !== dir && below(other, dir)));
  // A folder a call names (`registerRoutes(app, path.join(__dirname, "routes"))`) is the one walked: the
  // code says so. Two folders side by side (`routes/`, `routes_toplevel/`) stay two.
  // Never the project root: `"."` is written for many things, and a loader of the whole project is none.
  const calls = namingCalls(
    sources,
    (dir) => below(sources.root, dir) && routersIn(dir).length >= MIN_NAMED && mostlyRouters(dir, MIN_NAMED_SHARE),
  );
  const named = widest([...calls.keys()]);
  // Elsewhere, every folder between the project root and a router's module is a candidate; the widest that
  // holds enough routers and little else is the one a loader walks (`routes/`, not each of `routes/users/`),
  // narrowed to the routers' deepest common folder (`src/cdn/` holds a server module and `routes/`).
  const candidates = new Set<string>();
  for (const { file } of exported) {
    if (named.some((dir) => below(dir, file))) continue;
    for (let dir = path.dirname(file); dir !== sources.root && below(sources.root, dir); dir = path.dirname(dir)) candidates.add(dir);
  }
  const unnamed = widest([...candidates].filter((dir) => routersIn(dir).length >= MIN_ROUTERS && mostlyRouters(dir))).map((dir) =>
    commonFolder(routersIn(dir).map((e) => e.file)),
  );
  const folders = [...named, ...unnamed].sort();
  for (const dir of folders) {
    const inside = routersIn(dir).sort((a, b) => compareSites(a.router.site, b.router.site));
    for (const e of inside) reported.add(e.router);
    const relative = path.relative(sources.root, dir).split(path.sep).join("/");
    const routes = inside.reduce((sum, e) => sum + e.routes, 0);
    const call = calls.get(dir);
    diagnostics.add({
      severity: "warning",
      code: "APX211",
      message: `The ${inside.length} routers exported by the modules of \`${relative}/\` register ${routes} route(s), but none is mounted on an app in the analysed sources; they are not indexed.`,
      site: inside[0]!.router.site,
      related: [
        ...(call ? [{ message: `the folder is named here: \`${call.text}\``, site: call.site }] : []),
        ...inside.map((e) => ({ message: `registers ${e.routes} route(s)`, site: e.router.site })),
      ],
      hint: `If the server mounts each module's router at its place in the folder (a loader that walks it at start-up), name the folder in the config: \`routerFiles: [{ dir: "${relative}" }]\`, with \`prefix\` if the loader mounts them under one; otherwise mount them with app.use(prefix, router), or exclude the files if they are not part of the service.`,
    });
  }
  return reported;
}

/** The deepest folder that holds every one of the files. */
function commonFolder(files: readonly string[]): string {
  let dir = path.dirname(files[0]!);
  while (!files.every((f) => f.startsWith(dir + path.sep))) dir = path.dirname(dir);
  return dir;
}

/**
 * The folders calls name as an argument, or as an option's value (`enrouten({ directory: "routes" })`), that
 * `accepts`, each with the first call (in file order) that names it and that call's text, shortened. A call
 * that only builds the path (`path.join(__dirname, "routes")`) is part of the call that takes it.
 */
function namingCalls(sources: SourceSet, accepts: (dir: string) => boolean): Map<string, { site: SourceSite; text: string }> {
  const found = new Map<string, { site: SourceSite; text: string }>();
  for (const file of [...sources.files].sort((a, b) => (a.fileName < b.fileName ? -1 : a.fileName > b.fileName ? 1 : 0)))
    for (const call of callsOf(file)) {
      if (buildsPath(call)) continue;
      // An argument, or an option's value; a bare word (`"src"`) names a folder only as an option's value
      // (`{ directory: "routes" }`): as an argument it is most often no path at all (`$(img).attr("src")`).
      const args = [...(call.arguments ?? [])].flatMap((a) =>
        ts.isObjectLiteralExpression(a)
          ? a.properties.flatMap((p) => (ts.isPropertyAssignment(p) ? [{ node: p.initializer, word: true }] : []))
          : [{ node: a, word: false }],
      );
      for (const { node: arg, word } of args) {
        const dir = staticPath(arg, file, sources.root, word);
        if (dir === undefined || found.has(dir) || !accepts(dir)) continue;
        const text = call.getText(file).replace(/\s+/g, " ");
        found.set(dir, { site: siteOf(call, file), text: text.length > 80 ? `${text.slice(0, 77)}...` : text });
      }
    }
  return found;
}

/** `path.join(...)`, `resolve(...)`: a call that makes a path. */
function buildsPath(call: ts.CallExpression | ts.NewExpression): boolean {
  const callee = call.expression;
  const name = ts.isPropertyAccessExpression(callee) ? callee.name.text : ts.isIdentifier(callee) ? callee.text : "";
  return name === "join" || name === "resolve";
}

/**
 * The file-system path an expression writes, where it is written from strings, `__dirname` and Node's `path`
 * functions (`path.join(__dirname, "routes")`, `` `${__dirname}/routes` ``, `__dirname + "/routes"`); a
 * relative string is relative to the project root, as a process started there reads it; a string with no
 * separator (`"routes"`) only where `bareWord`. Undefined otherwise.
 */
function staticPath(node: ts.Expression, file: ts.SourceFile, root: string, bareWord: boolean): string | undefined {
  const here = path.dirname(file.fileName);
  const text = (n: ts.Expression): string | undefined => {
    if (ts.isParenthesizedExpression(n)) return text(n.expression);
    if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) return n.text;
    if (ts.isIdentifier(n) && n.text === "__dirname") return here;
    // `import.meta.dirname` (Node 20.11+).
    if (ts.isPropertyAccessExpression(n) && n.name.text === "dirname" && ts.isMetaProperty(n.expression)) return here;
    if (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.PlusToken) {
      const [a, b] = [text(n.left), text(n.right)];
      return a !== undefined && b !== undefined ? a + b : undefined;
    }
    if (ts.isTemplateExpression(n)) {
      let out = n.head.text;
      for (const span of n.templateSpans) {
        const v = text(span.expression);
        if (v === undefined) return undefined;
        out += v + span.literal.text;
      }
      return out;
    }
    if (ts.isCallExpression(n)) {
      const callee = ts.isPropertyAccessExpression(n.expression)
        ? n.expression.name.text
        : ts.isIdentifier(n.expression)
          ? n.expression.text
          : "";
      if (callee !== "join" && callee !== "resolve") return undefined;
      const parts = n.arguments.map((a) => text(a));
      if (!parts.length || parts.some((p) => p === undefined)) return undefined;
      return callee === "join" ? path.join(...(parts as string[])) : path.resolve(root, ...(parts as string[]));
    }
    return undefined;
  };
  const written = text(node);
  if (!written || (!bareWord && !/[\\/]/.test(written))) return undefined;
  // Without a trailing separator (`path.join(__dirname, "routes/")`), as the folder is compared.
  return path.resolve(root, written);
}
