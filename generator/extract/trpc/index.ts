/**
 * tRPC: the procedures of the routers a project serves over HTTP, and trpc-to-openapi's REST operations.
 *
 * A router is served by an HTTP handler; where the handler is says the URL of each procedure:
 *
 * | handler | endpoint |
 * |---|---|
 * | `fetchRequestHandler({ endpoint, router })` (`@trpc/server/adapters/fetch`) | `endpoint` |
 * | `createNextApiHandler({ router })` in `pages/api/trpc/[trpc].ts` | the file's folder: `/api/trpc` |
 * | `app.use("/trpc", createExpressMiddleware({ router }))` | the `use()` path |
 * | `trpcServer({ router, endpoint? })` (`@hono/trpc-server`) | `endpoint`, else `/trpc` |
 * | `register(fastifyTRPCPlugin, { prefix, trpcOptions: { router } })` | `prefix` |
 * | `createHTTPServer({ router })` (`@trpc/server/adapters/standalone`) | `/` |
 *
 * Each query is `GET {endpoint}/{path}` and each mutation `POST {endpoint}/{path}`, the path the procedure's
 * keys joined by dots (`post.byId`), as tRPC's HTTP link calls them (a subscription is a GET too: tRPC 11
 * answers it with an event stream). trpc-to-openapi's handlers
 * (`createOpenApiFetchHandler`, `createOpenApiExpressMiddleware`, `createOpenApiNextHandler`) serve instead
 * the procedures its rule picks (openapi-meta.ts: its meta's `{ method, path }`; every procedure for a fork
 * that documents so), at `{endpoint}{path}`, documented by the meta's `summary`, `description` and `tags`.
 * A handler made inside a function is read once per run of that function, as its callers call it
 * (serving-runs.ts). An endpoint whose leading part only is unknown (`withBase("/api/trpc")`, a deployment's
 * base path) serves its procedures relative to that part, under the known rest (endpoint-head.ts).
 */
import path from "node:path";
import { formatSite, type SourceSite, siteOf } from "../../diagnostics/diagnostic.js";
import { mergeDocs, docFieldsOf, docFromFields } from "../../resolve/framework-docs.js";
import type { DocComment } from "../../resolve/doc-comment.js";
import { excerpt, explain, Interpreter } from "../../resolve/interpreter.js";
import { unwrapExpression } from "../../resolve/syntax.js";
import type { Scope, Value } from "../../resolve/values.js";
import type { SourceSet } from "../../scan/source-set.js";
import { callsOf } from "../../scan/calls.js";
import { ts } from "../../typescript.js";
import { type FrameworkAdapter, interpreterOptionsOf } from "../adapter.js";
import { flattenApp } from "../flatten.js";
import type { RouteFact } from "../route-fact.js";
import type { RouterNode } from "../router-graph.js";
import { dedupe, importBindings, importedPackages, servingFiles } from "../shared.js";
import { everyProcedureOperation, metaOperation, SERVES_EVERY_PROCEDURE } from "./openapi-meta.js";
import { servingRuns } from "./serving-runs.js";
import { constMounts } from "./const-mounts.js";
import { type EndpointHead, splitEndpointHead } from "./endpoint-head.js";
import { type Procedure, type TrpcObject, type TrpcRouter, TrpcHost } from "./trpc-host.js";

/** A handler that serves a router: which kind, and the call whose options name the router. */
interface Serving {
  /**
   * `trpc`: tRPC's own protocol; `openapi`: the procedures trpc-to-openapi's meta rule serves; `every`: a package
   * that serves every procedure unless its meta says otherwise (openapi-meta.ts); `unknown`: a handler of a
   * tRPC package apidex has no reading of.
   */
  kind: "trpc" | "openapi" | "every" | "unknown";
  /** The package the handler comes from (`trpc-to-openapi`, `@dokploy/trpc-openapi`): what documents its operations. */
  module: string;
  /** The handler's name, for the warnings. */
  name: string;
  call: ts.CallExpression;
  /** The options object (the router and, for some, the endpoint). */
  options: ts.Expression | undefined;
  endpoint: string | undefined;
  /** The endpoint's parts, evaluated where the call is (`endpoint: formatPath("/api/trpc")`; Fastify's `prefix` and `basePath`). */
  endpointNodes?: ts.Expression[];
  /** Why the endpoint is not known, for the warning. */
  why?: string;
  /** The handler answers at the whole path of the request it is handed (trpc-to-openapi's node handler). */
  byRequest?: boolean;
}

/** `module:name` of the handlers apidex reads, to what they are. */
const HANDLERS: Record<string, { kind: "trpc" | "openapi"; endpoint: "option" | "file" | "use" | "hono" | "root" | "request" }> = {
  "@trpc/server/adapters/fetch:fetchRequestHandler": { kind: "trpc", endpoint: "option" },
  "@trpc/server/adapters/next:createNextApiHandler": { kind: "trpc", endpoint: "file" },
  "@trpc/server/adapters/express:createExpressMiddleware": { kind: "trpc", endpoint: "use" },
  "@trpc/server/adapters/standalone:createHTTPServer": { kind: "trpc", endpoint: "root" },
  "@trpc/server/adapters/standalone:createHTTPHandler": { kind: "trpc", endpoint: "root" },
  "@hono/trpc-server:trpcServer": { kind: "trpc", endpoint: "hono" },
  "trpc-to-openapi:createOpenApiFetchHandler": { kind: "openapi", endpoint: "option" },
  "trpc-to-openapi:createOpenApiNextHandler": { kind: "openapi", endpoint: "file" },
  "trpc-to-openapi:createOpenApiExpressMiddleware": { kind: "openapi", endpoint: "use" },
  "trpc-to-openapi:createOpenApiHttpHandler": { kind: "openapi", endpoint: "root" },
  // The node handler the others wrap: it matches the request's whole path, which its caller sets.
  "trpc-to-openapi:createOpenApiNodeHttpHandler": { kind: "openapi", endpoint: "request" },
};

/**
 * Functions of tRPC packages given a router that serve no HTTP operation: tRPC's WebSocket server answers
 * subscriptions and calls over a socket, not at URLs.
 */
const NOT_HTTP = new Set(["@trpc/server/adapters/ws:applyWSSHandler"]);

/** The packages whose handlers serve tRPC routers. */
const TRPC_MODULES = /^(@trpc\/server|@hono\/trpc-server|(@[\w.-]+\/)?trpc-to-openapi|(@[\w.-]+\/)?trpc-openapi)(\/|$)/;
/** The text of a file that may import one (files outside the analysed ones are parsed only then). */
const TRPC_TEXT = /@trpc\/server|@hono\/trpc-server|trpc-(to-)?openapi/;

const openApiParser = (raw: string) => ({
  ok: true as const,
  variants: [{ path: raw, params: [...raw.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!), wildcard: false }],
});

export const trpcAdapter: FrameworkAdapter = {
  name: "trpc",
  detect: (sources) =>
    servingFiles(sources, TRPC_TEXT, (p) => TRPC_MODULES.test(p)).some((file) => importedPackages(file).some((p) => TRPC_MODULES.test(p))),
  extract(sources, options, diagnostics) {
    const host = new TrpcHost();
    const interpreter = new Interpreter(sources, diagnostics, interpreterOptionsOf(options), host);
    host.interpreter = interpreter;
    // Only what the handlers serve is evaluated (the routers, read from their options): the rest of the
    // project (its auth setup, its pages) is no tRPC's, and other adapters read what is theirs.
    const facts: RouteFact[] = [];
    for (const serving of servingCalls(sources)) {
      const root: RouterNode = { id: 0, kind: "app", site: { file: sources.root, line: 1, column: 1 }, stack: [], mounted: true };
      if (serving.kind === "unknown") {
        diagnostics.warning(
          "APX240",
          `\`${serving.name}\` serves a tRPC router, but apidex does not know how that handler maps procedures to URLs (\`${excerpt(serving.call)}\`); its procedures are not indexed here.`,
          siteOf(serving.call),
          "Serve the router with a handler apidex reads (docs/frameworks.md, tRPC), or list its operations by hand.",
        );
        continue;
      }
      let readings = [readServing(serving, interpreter.module(serving.call.getSourceFile()).scope, interpreter)];
      // Options that use the names of the function the handler is made in (a local `endpoint`, a parameter
      // each caller decides, a project's own adapter's `opts`): read once per run of that function.
      if (readings.some((r) => !r.router || r.endpoint === undefined)) {
        const runs = servingRuns(serving.call, sources, interpreter, host.capture);
        if (runs.length) readings = runs.map((run) => readServing(serving, run.scope, interpreter, run.caller));
      }
      // By endpoint; one relative to an unknown leading part is kept apart from the same path known in full.
      const endpoints = new Map<string, { endpoint: string; router: TrpcRouter; relative: boolean }>();
      for (const reading of readings) {
        const from = reading.caller ? ` when called from ${formatSite(reading.caller, sources.root)}` : "";
        if (!reading.router) {
          diagnostics.warning(
            "APX240",
            `Cannot read the tRPC router this handler serves${from} (\`${excerpt(serving.call)}\`); its procedures are not indexed.`,
            siteOf(serving.call),
            "Pass the app router by name (`router: appRouter`), defined with t.router({...}) in the sources.",
          );
          continue;
        }
        if (reading.endpoint === undefined && reading.head) {
          const { head, tail, endpointNode } = reading.head;
          // Said at the endpoint the handler is given; the unknown part is named, and shown where it is written
          // when that is in a helper's body (`withBase`'s `getBasePath()`).
          const inside =
            head.head.getSourceFile() === endpointNode.getSourceFile() &&
            head.head.pos >= endpointNode.pos &&
            head.head.end <= endpointNode.end;
          const through = head.through.length ? ` (put before the path by \`${head.through.join("` through `")}\`)` : "";
          const count = served(serving, reading.router);
          diagnostics.add({
            severity: "warning",
            code: "APX201",
            message: `Cannot resolve the leading part of this tRPC endpoint statically${from}: \`${excerpt(head.head)}\`${through} ${explain(interpreter.evaluate(head.head, head.scope))}; ${count === 1 ? "its procedure is" : `its ${count} procedures are`} indexed relative to it, under \`${tail}\`, marked \`unresolved: ["path"]\` (${count === 1 ? "its served path starts" : "their served paths start"} with that part).`,
            site: siteOf(endpointNode),
            hint: "Use a string literal, a const, or a template literal of consts; or set the variables it reads in the config's `env`.",
            ...(inside ? {} : { related: [{ message: `the unknown leading part \`${excerpt(head.head)}\``, site: siteOf(head.head) }] }),
          });
          const key = `?${tail}`;
          if (!endpoints.has(key)) endpoints.set(key, { endpoint: tail, router: reading.router, relative: true });
          continue;
        }
        if (reading.endpoint === undefined) {
          diagnostics.warning(
            "APX240",
            `Cannot tell where this handler serves the tRPC router${from}: ${reading.why ?? "its endpoint is not static"}; its ${served(serving, reading.router)} procedures are not indexed.`,
            siteOf(serving.call),
            serving.byRequest
              ? "Serve the router with trpc-to-openapi's createOpenApiFetchHandler({ endpoint }) (or another handler whose endpoint apidex reads) instead of a project's own adapter."
              : 'Give the endpoint as a string (`endpoint: "/api/trpc"`), or mount the handler at a literal path.',
          );
          continue;
        }
        if (!endpoints.has(reading.endpoint))
          endpoints.set(reading.endpoint, { endpoint: reading.endpoint, router: reading.router, relative: false });
      }
      for (const { endpoint, router, relative } of endpoints.values()) {
        for (const { key, procedure, doc } of procedures(router, "")) {
          const layer =
            serving.kind === "trpc"
              ? { method: procedure.kind === "mutation" ? "POST" : "GET", path: key, openapi: undefined }
              : serving.kind === "every"
                ? everyProcedureOperation(key, procedure)
                : metaOperation(procedure);
          if (!layer) continue;
          if ("unread" in layer) {
            diagnostics.warning(
              "APX240",
              `${layer.unread}; its REST operation is not indexed.`,
              siteOf(procedure.node),
              serving.kind === "every"
                ? "Give `override: true` (or `additional: true`) and `method` and `path` as strings, or leave the meta's method and path out."
                : 'Give `method` and `path` as strings (`openapi: { method: "GET", path: "/posts/{id}" }`).',
            );
            continue;
          }
          const frameworkDoc =
            serving.kind === "trpc" ? undefined : docFromFields(docFieldsOf(layer.openapi), siteOf(procedure.node), serving.module, true);
          const merged = mergeDocs(doc, frameworkDoc);
          root.stack.push({
            type: "route",
            method: layer.method,
            paths: [joinPath(endpoint, layer.path)],
            checks: procedure.checks,
            terminal: true,
            site: siteOf(procedure.node),
            ...(relative ? { prefixUnknown: true as const } : {}),
            ...(merged ? { doc: merged } : {}),
            ...(procedure.handler ? { handler: procedure.handler.decl } : {}),
            // trpc-to-openapi's operations take their shapes from the procedure's `.input()` and `.output()`.
            ...(serving.kind === "trpc" ? {} : { registration: procedure.node }),
          });
        }
      }
      facts.push(...flattenApp(root, diagnostics, "trpc", openApiParser));
    }
    for (const node of host.unread)
      diagnostics.warning(
        "APX240",
        `Cannot read this entry of a tRPC router statically (\`${excerpt(node)}\`); the procedures it holds are not indexed.`,
        siteOf(node),
        'Give routers their procedures and sub-routers directly (`post: postRouter`) or through tRPC\'s `lazy(() => import("./post").then((m) => m.postRouter))`, not through values known at run time.',
      );
    interpreter.finishChecks();
    options.unreached?.reached(host.visited);
    return dedupe(facts);
  },
};

/** How many of a router's procedures a handler of its kind would serve (for the warning that it serves none). */
function served(serving: Serving, router: TrpcRouter): number {
  return procedures(router, "").filter(({ key, procedure }) =>
    serving.kind === "trpc" ? true : serving.kind === "every" ? everyProcedureOperation(key, procedure) : metaOperation(procedure),
  ).length;
}

/** What a handler serves as read in one scope: its router and endpoint, or why the endpoint is not known. */
interface Reading {
  router: TrpcRouter | undefined;
  endpoint: string | undefined;
  why?: string;
  /** An endpoint whose leading part only is unknown (endpoint-head.ts), and the node of the endpoint it is in. */
  head?: { head: EndpointHead; tail: string; endpointNode: ts.Expression };
  caller?: SourceSite;
}

function readServing(serving: Serving, scope: Scope, interpreter: Interpreter, caller?: SourceSite): Reading {
  const optionsValue = serving.options ? interpreter.evaluate(serving.options, scope) : undefined;
  const routerValue = routerOption(optionsValue);
  const object = routerValue?.kind === "host" ? (routerValue.host as TrpcObject) : undefined;
  const router = object?.type === "router" ? object : undefined;
  const at = caller ? { caller } : {};
  if (serving.byRequest)
    return {
      router,
      endpoint: undefined,
      why: `\`${serving.name}\` answers at the whole path of the request its caller hands it, and apidex does not follow how a project's own adapter rewrites that request`,
      ...at,
    };
  if (serving.endpoint !== undefined) return { router, endpoint: serving.endpoint, ...at };
  if (!serving.endpointNodes) return { router, endpoint: undefined, ...(serving.why ? { why: serving.why } : {}), ...at };
  const parts: string[] = [];
  let head: EndpointHead | undefined;
  for (const [index, node] of serving.endpointNodes.entries()) {
    const value = interpreter.evaluate(node, scope);
    if (value.kind === "string") {
      parts.push(value.value);
      continue;
    }
    // Only the first part may start with something unknown (`withBase("/api/trpc")`): after a known part,
    // an unknown one is inside the path, not where the service is deployed.
    head = index === 0 ? splitEndpointHead(node, scope, interpreter) : undefined;
    if (head) {
      parts.push(head.tail);
      continue;
    }
    return {
      router,
      endpoint: undefined,
      why: `its endpoint \`${excerpt(node)}\` ${value.kind === "unknown" ? value.reason : "is not a string"}`,
      ...at,
    };
  }
  if (head)
    return { router, endpoint: undefined, head: { head, tail: joinPath(...parts), endpointNode: serving.endpointNodes[0]! }, ...at };
  return { router, endpoint: joinPath(...parts), ...at };
}

function routerOption(options: Value | undefined): Value | undefined {
  if (options?.kind !== "object") return undefined;
  const direct = options.props.get("router");
  if (direct) return direct;
  // Fastify: `{ prefix, trpcOptions: { router } }`.
  const nested = options.props.get("trpcOptions");
  return nested?.kind === "object" ? nested.props.get("router") : undefined;
}

/** Every procedure of a router, with its dotted key and the doc comment on its property. */
function procedures(router: TrpcRouter, prefix: string): { key: string; procedure: Procedure; doc?: DocComment }[] {
  const out: { key: string; procedure: Procedure; doc?: DocComment }[] = [];
  for (const [key, entry] of router.entries) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (entry.value.type === "router") out.push(...procedures(entry.value, full));
    else if (entry.value.type === "procedure") out.push({ key: full, procedure: entry.value, ...(entry.doc ? { doc: entry.doc } : {}) });
  }
  return out;
}

function joinPath(...parts: string[]): string {
  return `/${parts.join("/").split("/").filter(Boolean).join("/")}`;
}

/**
 * Whether a file hands requests to a tRPC handler (`export { handler as GET }` over `fetchRequestHandler`,
 * `export default createNextApiHandler(...)`): a route file that does answers with the router's procedures,
 * which this adapter indexes, so the file-route adapter leaves the file alone.
 */
export function servesTrpc(file: ts.SourceFile): boolean {
  return servingCallsOf(file, undefined).length > 0;
}

/** The calls of the project that serve a router over HTTP, with where they serve it. */
function servingCalls(sources: SourceSet): Serving[] {
  return servingFiles(sources, TRPC_TEXT, (p) => TRPC_MODULES.test(p))
    .flatMap((file) => servingCallsOf(file, sources.root))
    .flatMap((serving) => {
      // A middleware made into a const and mounted where it is imported (`app.use("/trpc", trpcHandler)`).
      if (serving.why !== NOT_MOUNTED) return [serving];
      const mounts = constMounts(serving.call, sources);
      if (!mounts) return [serving];
      const { why: _unknown, ...known } = serving;
      return mounts.map((endpoint) => ({ ...known, endpoint }));
    });
}

const NOT_MOUNTED = "it is not mounted with `use(path, ...)` at a literal path";

function servingCallsOf(file: ts.SourceFile, root: string | undefined): Serving[] {
  const out: Serving[] = [];
  {
    const imports = importBindings(file, (module) => TRPC_MODULES.test(module));
    if (!imports.size) return out;
    for (const call of callsOf(file)) {
      if (!ts.isCallExpression(call)) continue;
      const imported = calleeImport(call, imports);
      const { name, module } = canonical(imported);
      // Fastify: `server.register(fastifyTRPCPlugin, { prefix, trpcOptions: { router } })`, and trpc-to-openapi's
      // `server.register(fastifyTRPCOpenApiPlugin, { basePath, router })`.
      const plugin =
        ts.isPropertyAccessExpression(call.expression) && call.expression.name.text === "register" && call.arguments[0]
          ? canonical(identifierImport(call.arguments[0], imports))
          : undefined;
      if (
        plugin?.name === "@trpc/server/adapters/fastify:fastifyTRPCPlugin" ||
        plugin?.name === "trpc-to-openapi:fastifyTRPCOpenApiPlugin"
      ) {
        const options = call.arguments[1];
        const literal =
          options && ts.isObjectLiteralExpression(unwrapExpression(options))
            ? (unwrapExpression(options) as ts.ObjectLiteralExpression)
            : undefined;
        const openapi = plugin.name.startsWith("trpc-to-openapi");
        const parts = literal
          ? [propertyValue(literal, "prefix"), openapi ? propertyValue(literal, "basePath") : undefined].filter((n) => n !== undefined)
          : [];
        out.push({
          kind: openapi ? openApiKind(plugin.module) : "trpc",
          module: plugin.module,
          name: plugin.name.slice(plugin.name.indexOf(":") + 1),
          call,
          options,
          ...(parts.length ? { endpoint: undefined, endpointNodes: parts } : { endpoint: "/" }),
        });
        continue;
      }
      const handler = name ? HANDLERS[name] : undefined;
      const options = call.arguments[0];
      const literal =
        options && ts.isObjectLiteralExpression(unwrapExpression(options))
          ? (unwrapExpression(options) as ts.ObjectLiteralExpression)
          : undefined;
      if (!handler) {
        // Another function of a tRPC package given a router (`createOpenApiAwsLambdaHandler({ router })`,
        // a fork's own adapter): it serves the router somewhere apidex cannot tell, which is said, not dropped.
        if (name && !NOT_HTTP.has(name) && literal && (propertyValue(literal, "router") || propertyValue(literal, "trpcOptions")))
          out.push({ kind: "unknown", module, name: name.slice(name.indexOf(":") + 1), call, options, endpoint: undefined });
        continue;
      }
      let endpoint: string | undefined;
      let why: string | undefined;
      let endpointNode: ts.Expression | undefined;
      switch (handler.endpoint) {
        case "option":
        case "hono":
          endpointNode = literal ? propertyValue(literal, "endpoint") : undefined;
          if (!endpointNode && handler.endpoint === "hono") endpoint = "/trpc";
          if (!endpointNode && endpoint === undefined) why = "it has no `endpoint` option apidex can read";
          break;
        case "root":
          endpoint = "/";
          break;
        case "request":
          break;
        case "file": {
          const rel = path
            .relative(root ?? "/", file.fileName)
            .split(path.sep)
            .join("/");
          const match = /(^|\/)pages(\/api(?:\/.*)?)\/[^/]+\.(ts|tsx|js|mjs|mts)$/.exec(rel);
          endpoint = match ? match[2] : undefined;
          if (endpoint === undefined) why = "it is not in a Next.js Pages Router API file (pages/api/...)";
          break;
        }
        case "use": {
          const parent = call.parent;
          const mount =
            ts.isCallExpression(parent) &&
            ts.isPropertyAccessExpression(parent.expression) &&
            parent.expression.name.text === "use" &&
            parent.arguments[0] !== call
              ? parent.arguments[0]
              : undefined;
          const text = mount && unwrapExpression(mount);
          endpoint = text && ts.isStringLiteralLike(text) ? text.text : undefined;
          if (endpoint === undefined) why = NOT_MOUNTED;
          break;
        }
      }
      out.push({
        kind: handler.kind === "openapi" ? openApiKind(module) : handler.kind,
        module,
        name: name!.slice(name!.indexOf(":") + 1),
        call,
        options,
        endpoint,
        ...(handler.endpoint === "request" ? { byRequest: true } : {}),
        ...(endpointNode ? { endpointNodes: [endpointNode] } : {}),
        ...(why ? { why } : {}),
      });
    }
  }
  return out;
}

/**
 * A handler's `module:name` as apidex reads it, and the package it comes from. trpc-openapi (tRPC 10) has the
 * API trpc-to-openapi continues: read as the same; so are their forks published under a scope
 * (`@acme/trpc-openapi`), which keep the API they fork — except where a fork documents another rule
 * (openapi-meta.ts), which its kind says.
 */
function canonical(imported: string | undefined): { name: string | undefined; module: string } {
  const match = imported ? /^((?:@[\w.-]+\/)?trpc-(?:to-)?openapi):(.*)$/.exec(imported) : null;
  if (match) return { name: `trpc-to-openapi:${match[2]}`, module: match[1]! };
  return { name: imported, module: imported?.slice(0, imported.lastIndexOf(":")) ?? "" };
}

function openApiKind(module: string): "openapi" | "every" {
  return SERVES_EVERY_PROCEDURE.has(module) ? "every" : "openapi";
}

/** The expression of a property of an object literal (`endpoint: "/api/trpc"`, shorthand `endpoint`). */
function propertyValue(literal: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined {
  for (const property of literal.properties) {
    if (ts.isPropertyAssignment(property) && property.name.getText() === name) return property.initializer;
    if (ts.isShorthandPropertyAssignment(property) && property.name.text === name) return property.name;
  }
  return undefined;
}

function identifierImport(node: ts.Expression, imports: Map<string, string>): string | undefined {
  const inner = unwrapExpression(node);
  if (ts.isIdentifier(inner)) return imports.get(inner.text);
  // `trpcNext.createNextApiHandler` of `import * as trpcNext from "@trpc/server/adapters/next"`.
  if (ts.isPropertyAccessExpression(inner) && ts.isIdentifier(inner.expression)) {
    const namespace = imports.get(inner.expression.text);
    if (namespace?.endsWith(":*")) return `${namespace.slice(0, -2)}:${inner.name.text}`;
  }
  return undefined;
}

function calleeImport(call: ts.CallExpression, imports: Map<string, string>): string | undefined {
  return identifierImport(call.expression, imports);
}
