import { DiagnosticBag, type SourceSite, siteOf } from "../diagnostics/diagnostic.js";
import type { RouteFact } from "../extract/route-fact.js";
import { importBindings } from "../extract/shared.js";
import type { SourceSet } from "../scan/source-set.js";
import { ts } from "../typescript.js";
import type { DocComment } from "./doc-comment.js";
import { docFieldsOf, docFromFields, mergeDocs } from "./framework-docs.js";
import { type HostAdapter, Interpreter, type ModuleReplay, ReplayMiss } from "./interpreter.js";
import { routeKey, templateOf } from "./registered-docs.js";
import type { Value } from "./values.js";

/** The path item fields that are operations (the others, `parameters`, `summary`, `servers`, describe the path). */
const OPERATION_METHODS = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);

/** The document is read as plain data: zod-openapi's and zod's calls mean nothing to the reading. */
const DATA_ONLY: HostAdapter = { callExternal: () => undefined, callMethod: (receiver) => receiver };

/** One operation a document describes, at the path the document spells. */
interface Described {
  method: string;
  path: string;
  doc: DocComment;
  site: SourceSite;
}

/**
 * zod-openapi's convention (the `zod-openapi` package): the project builds its document with
 * `createDocument({ servers, paths: { "/links": { post: createLink, get: getLinks } } })`, each operation a
 * `ZodOpenApiOperationObject` (`{ operationId, summary, description, tags, deprecated, responses }`), often
 * a const of its own module. Each operation documents the route of its method and path, matched as
 * zod-to-openapi's `registerPath` is (parameter names aside). The document's paths are relative to its
 * server, which the framework may serve under a prefix (`/links` of `https://api.example.com`, answered by
 * a Next.js route at `/api/links`): when the paths the document describes all meet routes under one common
 * prefix, and only under it, they are read under it. Which prefix is never guessed: a document whose
 * paths meet routes under several prefixes documents nothing, with a warning (APX443), as does each
 * operation no route has.
 */
export function withZodOpenApiDocs(
  facts: RouteFact[],
  sources: SourceSet,
  env: Readonly<Record<string, string>> | undefined,
  diagnostics: DiagnosticBag,
): RouteFact[] {
  const calls = createDocumentCalls(sources);
  if (!calls.length) return facts;
  // A reading of its own, its diagnostics kept apart: the extraction has said what it cannot read of these
  // modules; what the document cannot give is said below.
  const interpreter = new Interpreter(
    sources,
    new DiagnosticBag(),
    { permissionCalls: [], permissionCallsByName: false, ...(env ? { env } : {}), replay: unreplayable(sources) },
    DATA_ONLY,
  );
  const routes = facts.map((fact) => ({ method: fact.method.toUpperCase(), template: templateOf(fact.path) }));
  const known = new Set(routes.map((r) => `${r.method} ${r.template}`));
  const docs = new Map<string, DocComment>();
  for (const call of calls) {
    const described = describedOperations(call, interpreter, diagnostics);
    if (!described.length) continue;
    const prefix = commonPrefix(described, routes, call, diagnostics);
    if (prefix === undefined) continue;
    for (const d of described) {
      const key = routeKey(d.method, prefix + templateOf(d.path).replace(/^\/$/, ""));
      if (!known.has(key)) {
        diagnostics.warning(
          "APX443",
          `zod-openapi's document describes ${d.method} ${d.path}${prefix ? ` (read under ${prefix})` : ""}, which no route apidex indexed has: it documents nothing.`,
          d.site,
          "Remove the operation from the document if the service no longer serves it; otherwise the route is one apidex does not read.",
        );
        continue;
      }
      // As with registerPath, the first declaration of a route is its documentation.
      if (!docs.has(key)) docs.set(key, d.doc);
    }
  }
  if (!docs.size) return facts;
  return facts.map((fact) => {
    const doc = docs.get(routeKey(fact.method, fact.path));
    return doc ? { ...fact, doc: mergeDocs(fact.doc, doc) } : fact;
  });
}

/**
 * A run of the cache replays the route modules it can from their summaries (extract/incremental), which
 * record routes, not a document's data: reading one here starts the run over in full.
 */
function unreplayable(sources: SourceSet): ModuleReplay {
  const miss = (fileName: string): never => {
    throw new ReplayMiss(`zod-openapi's document reads ${fileName}, which this run replays from its summary`);
  };
  return { files: [], has: (fileName) => sources.replayed.has(fileName), run: miss, exportsOf: miss };
}

/** `createDocument(...)` calls of the sources, the function imported from `zod-openapi` (renamed, or through a namespace). */
function createDocumentCalls(sources: SourceSet): ts.CallExpression[] {
  const out: ts.CallExpression[] = [];
  for (const file of sources.files) {
    if (!file.text.includes("zod-openapi") || !file.text.includes("createDocument")) continue;
    const bindings = importBindings(file, (from) => from === "zod-openapi");
    if (!bindings.size) continue;
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && node.arguments[0]) {
        const callee = node.expression;
        if (
          (ts.isIdentifier(callee) && bindings.get(callee.text) === "zod-openapi:createDocument") ||
          (ts.isPropertyAccessExpression(callee) &&
            callee.name.text === "createDocument" &&
            ts.isIdentifier(callee.expression) &&
            bindings.get(callee.expression.text) === "zod-openapi:*")
        )
          out.push(node);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return out;
}

/** The operations of a document's `paths`, with their documentation; what cannot be read is a warning. */
function describedOperations(call: ts.CallExpression, interpreter: Interpreter, diagnostics: DiagnosticBag): Described[] {
  const site = siteOf(call);
  const options = interpreter.evaluate(call.arguments[0]!, interpreter.module(call.getSourceFile()).scope);
  const paths = options.kind === "object" ? options.props.get("paths") : undefined;
  const unread = (what: string) =>
    diagnostics.warning(
      "APX443",
      `zod-openapi's createDocument(): ${what} cannot be read statically; the operations there are not documented from it.`,
      site,
      "Build `paths` from literals and consts (imported ones too), or document those routes another way (`@documented`, the config's `documented`).",
    );
  if (paths === undefined) {
    // A document without paths (webhooks only) documents no route; one whose options apidex cannot list may have them.
    if (options.kind !== "object" || options.open) unread("its options");
    return [];
  }
  if (paths.kind !== "object") {
    unread("`paths`");
    return [];
  }
  if (paths.open) unread("part of `paths` (a spread or entry of a value known at run time)");
  const out: Described[] = [];
  for (const [path, item] of paths.props) {
    if (item.kind !== "object") {
      unread(`the path item of ${path}`);
      continue;
    }
    if (item.open) unread(`part of the path item of ${path}`);
    for (const [method, operation] of item.props) {
      if (!OPERATION_METHODS.has(method)) continue;
      const opSite = siteOfValue(operation, interpreter) ?? site;
      // Being in the document is what documents the route: an operation whose fields are not static still does.
      const doc = docFromFields(docFieldsOf(operation), opSite, "zod-openapi", true)!;
      out.push({ method: method.toUpperCase(), path: path.startsWith("/") ? path : `/${path}`, doc, site: opSite });
    }
  }
  return out;
}

function siteOfValue(value: Value, interpreter: Interpreter): SourceSite | undefined {
  const literal = interpreter.literalOf.get(value);
  return literal ? siteOf(literal) : undefined;
}

/**
 * The prefix the document's paths are read under: "" when they are the routes' own paths, else the one
 * prefix under which every described operation that meets a route meets one (`/api` for `/links` served at
 * `/api/links`). The path of the document's server (`https://x.example/v1`) settles a choice between
 * prefixes that all fit. Undefined, with a warning, when no one prefix fits, or several do.
 */
function commonPrefix(
  described: readonly Described[],
  routes: readonly { method: string; template: string }[],
  call: ts.CallExpression,
  diagnostics: DiagnosticBag,
): string | undefined {
  let common: Set<string> | undefined;
  for (const d of described) {
    const template = templateOf(d.path);
    const under = new Set<string>();
    for (const route of routes) {
      if (route.method !== d.method) continue;
      if (template === "/") under.add(route.template === "/" ? "" : route.template);
      else if (route.template.endsWith(template)) under.add(route.template.slice(0, route.template.length - template.length));
    }
    // An operation no route has says nothing of the prefix (it is reported as such).
    if (!under.size) continue;
    common = common ? new Set([...common].filter((p) => under.has(p))) : under;
  }
  if (!common) return ""; // no route has any of them: each is reported at its operation
  if (common.has("")) return "";
  const server = serverPath(call);
  if (server && common.has(server)) return server;
  if (common.size === 1) return [...common][0]!;
  const candidates = [...common].sort();
  diagnostics.warning(
    "APX443",
    candidates.length
      ? `zod-openapi's createDocument() describes paths that routes have under several prefixes (${candidates.map((p) => `\`${p}\``).join(", ")}): which one its server is served under is not in the code, so none of its operations is documented.`
      : `zod-openapi's createDocument() describes paths that routes have under different prefixes, none common to them all: which one its server is served under is not in the code, so none of its operations is documented.`,
    siteOf(call),
    'Set `documented` globs in the config for the routes the document describes, or give the document\'s server its path (`servers: [{ url: "https://api.example.com/api" }]`).',
  );
  return undefined;
}

/** The path of the document's first server URL written as a literal (`https://x.example/v1` → `/v1`), if it has one. */
function serverPath(call: ts.CallExpression): string | undefined {
  const options = call.arguments[0];
  if (!options || !ts.isObjectLiteralExpression(options)) return undefined;
  for (const property of options.properties) {
    if (!ts.isPropertyAssignment(property) || property.name.getText() !== "servers") continue;
    const first = ts.isArrayLiteralExpression(property.initializer) ? property.initializer.elements[0] : undefined;
    if (!first || !ts.isObjectLiteralExpression(first)) return undefined;
    for (const p of first.properties) {
      if (!ts.isPropertyAssignment(p) || p.name.getText() !== "url" || !ts.isStringLiteralLike(p.initializer)) continue;
      const match = /^(?:[a-z][a-z0-9+.-]*:)?\/\/[^/]*(\/.*)?$|^(\/.*)$/i.exec(p.initializer.text);
      const path = match ? templateOf(match[1] ?? match[2] ?? "/") : undefined;
      return path && path !== "/" ? path : undefined;
    }
  }
  return undefined;
}
