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
 * the procedures whose `.meta({ openapi: { method, path } })` says so, at `{endpoint}{path}`, documented by
 * the meta's `summary`, `description` and `tags`.
 */
import path from "node:path";
import { siteOf } from "../../diagnostics/diagnostic.js";
import { mergeDocs, docFieldsOf, docFromFields } from "../../resolve/framework-docs.js";
import type { DocComment } from "../../resolve/doc-comment.js";
import { excerpt, Interpreter } from "../../resolve/interpreter.js";
import { unwrapExpression } from "../../resolve/syntax.js";
import type { Value } from "../../resolve/values.js";
import type { SourceSet } from "../../scan/source-set.js";
import { callsOf } from "../../scan/calls.js";
import { ts } from "../../typescript.js";
import { type FrameworkAdapter, interpreterOptionsOf } from "../adapter.js";
import { flattenApp } from "../flatten.js";
import type { RouteFact } from "../route-fact.js";
import type { RouterNode } from "../router-graph.js";
import { dedupe, importBindings, importedPackages } from "../shared.js";
import { type Procedure, type TrpcObject, type TrpcRouter, TrpcHost } from "./trpc-host.js";

/** A handler that serves a router: which kind, and the call whose options name the router. */
interface Serving {
  kind: "trpc" | "openapi";
  call: ts.CallExpression;
  /** The options object (the router and, for some, the endpoint). */
  options: ts.Expression | undefined;
  endpoint: string | undefined;
  /** The endpoint's parts, evaluated where the call is (`endpoint: formatPath("/api/trpc")`; Fastify's `prefix` and `basePath`). */
  endpointNodes?: ts.Expression[];
  /** Why the endpoint is not known, for the warning. */
  why?: string;
}

/** `module:name` of the handlers apidex reads, to what they are. */
const HANDLERS: Record<string, { kind: "trpc" | "openapi"; endpoint: "option" | "file" | "use" | "hono" | "root" }> = {
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
};

/** The packages whose handlers serve tRPC routers. */
const TRPC_MODULES = /^(@trpc\/server|@hono\/trpc-server|(@[\w.-]+\/)?trpc-to-openapi|(@[\w.-]+\/)?trpc-openapi)(\/|$)/;

const openApiParser = (raw: string) => ({
  ok: true as const,
  variants: [{ path: raw, params: [...raw.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!), wildcard: false }],
});

export const trpcAdapter: FrameworkAdapter = {
  name: "trpc",
  detect: (sources) => sources.files.some((file) => importedPackages(file).some((p) => TRPC_MODULES.test(p))),
  extract(sources, options, diagnostics) {
    const host = new TrpcHost();
    const interpreter = new Interpreter(sources, diagnostics, interpreterOptionsOf(options), host);
    host.interpreter = interpreter;
    // Only what the handlers serve is evaluated (the routers, read from their options): the rest of the
    // project (its auth setup, its pages) is no tRPC's, and other adapters read what is theirs.
    const facts: RouteFact[] = [];
    for (const serving of servingCalls(sources)) {
      const root: RouterNode = { id: 0, kind: "app", site: { file: sources.root, line: 1, column: 1 }, stack: [], mounted: true };
      const file = serving.call.getSourceFile();
      const scope = interpreter.module(file).scope;
      const optionsValue = serving.options ? interpreter.evaluate(serving.options, scope) : undefined;
      if (serving.endpoint === undefined && serving.endpointNodes) {
        const parts: string[] = [];
        for (const node of serving.endpointNodes) {
          const value = interpreter.evaluate(node, scope);
          if (value.kind !== "string") {
            serving.why = `its endpoint \`${excerpt(node)}\` ${value.kind === "unknown" ? value.reason : "is not a string"}`;
            break;
          }
          parts.push(value.value);
        }
        if (parts.length === serving.endpointNodes.length) serving.endpoint = joinPath(...parts);
      }
      const routerValue = routerOption(optionsValue);
      const router = routerValue?.kind === "host" ? (routerValue.host as TrpcObject) : undefined;
      if (router?.type !== "router") {
        diagnostics.warning(
          "APX240",
          `Cannot read the tRPC router this handler serves (\`${excerpt(serving.call)}\`); its procedures are not indexed.`,
          siteOf(serving.call),
          "Pass the app router by name (`router: appRouter`), defined with t.router({...}) in the sources.",
        );
        continue;
      }
      if (serving.endpoint === undefined) {
        diagnostics.warning(
          "APX240",
          `Cannot tell where this handler serves the tRPC router: ${serving.why ?? "its endpoint is not static"}; its procedures are not indexed.`,
          siteOf(serving.call),
          'Give the endpoint as a string (`endpoint: "/api/trpc"`), or mount the handler at a literal path.',
        );
        continue;
      }
      for (const { key, procedure, doc } of procedures(router, "")) {
        const layer =
          serving.kind === "trpc" ? trpcOperation(serving.endpoint, key, procedure) : openApiOperation(serving.endpoint, procedure);
        if (!layer) continue;
        if (layer === "unread") {
          diagnostics.warning(
            "APX240",
            "Cannot read the method or path of this procedure's `meta({ openapi })` statically; its REST operation is not indexed.",
            siteOf(procedure.node),
            'Give `method` and `path` as strings (`openapi: { method: "GET", path: "/posts/{id}" }`).',
          );
          continue;
        }
        const frameworkDoc = serving.kind === "openapi" ? openApiDoc(procedure) : undefined;
        const merged = mergeDocs(doc, frameworkDoc);
        root.stack.push({
          type: "route",
          method: layer.method,
          paths: [layer.path],
          checks: procedure.checks,
          terminal: true,
          site: siteOf(procedure.node),
          ...(merged ? { doc: merged } : {}),
          ...(procedure.handler ? { handler: procedure.handler.decl } : {}),
          // trpc-to-openapi's operations take their shapes from the procedure's `.input()` and `.output()`.
          ...(serving.kind === "openapi" ? { registration: procedure.node } : {}),
        });
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

/** tRPC's own HTTP shape: a query is a GET, a mutation a POST, at `{endpoint}/{dotted.key}`. */
function trpcOperation(endpoint: string, key: string, procedure: Procedure): { method: string; path: string } | undefined {
  // tRPC 11 serves subscriptions over HTTP too: a GET answered with an event stream.
  return { method: procedure.kind === "mutation" ? "POST" : "GET", path: joinPath(endpoint, key) };
}

/**
 * trpc-to-openapi: the procedure's `meta.openapi` method and path, under the handler's endpoint; undefined for
 * a procedure without one (the REST handler does not serve it), "unread" when they are not static strings.
 */
function openApiOperation(endpoint: string, procedure: Procedure): { method: string; path: string } | "unread" | undefined {
  const openapi = openApiMeta(procedure);
  if (!openapi) return undefined;
  const method = openapi.props.get("method");
  const own = openapi.props.get("path");
  if (method?.kind !== "string" || own?.kind !== "string") return "unread";
  return { method: method.value.toUpperCase(), path: joinPath(endpoint, own.value.replace(/:(\w+)/g, "{$1}")) };
}

function openApiMeta(procedure: Procedure): Extract<Value, { kind: "object" }> | undefined {
  let found: Extract<Value, { kind: "object" }> | undefined;
  for (const meta of procedure.meta) {
    const openapi = meta.kind === "object" ? meta.props.get("openapi") : undefined;
    if (openapi?.kind === "object") found = openapi;
  }
  // `enabled: false` keeps a procedure out of the REST handler (trpc-to-openapi serves `enabled !== false`).
  const enabled = found?.props.get("enabled");
  return enabled?.kind === "boolean" && !enabled.value ? undefined : found;
}

function openApiDoc(procedure: Procedure): DocComment | undefined {
  const openapi = openApiMeta(procedure);
  return openapi ? docFromFields(docFieldsOf(openapi), siteOf(procedure.node), "trpc-to-openapi", true) : undefined;
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
  return sources.files.flatMap((file) => servingCallsOf(file, sources.root));
}

function servingCallsOf(file: ts.SourceFile, root: string | undefined): Serving[] {
  const out: Serving[] = [];
  {
    // trpc-openapi (tRPC 10) has the API trpc-to-openapi continues: read as the same; so are their forks
    // published under a scope (`@acme/trpc-openapi`), which keep the API they fork.
    const imports = new Map(
      [...importBindings(file, (module) => TRPC_MODULES.test(module))].map(([local, imported]) => [
        local,
        imported.replace(/^(@[\w.-]+\/)?trpc-(to-)?openapi:/, "trpc-to-openapi:"),
      ]),
    );
    if (!imports.size) return out;
    for (const call of callsOf(file)) {
      if (!ts.isCallExpression(call)) continue;
      const name = calleeImport(call, imports);
      // Fastify: `server.register(fastifyTRPCPlugin, { prefix, trpcOptions: { router } })`, and trpc-to-openapi's
      // `server.register(fastifyTRPCOpenApiPlugin, { basePath, router })`.
      const plugin =
        ts.isPropertyAccessExpression(call.expression) && call.expression.name.text === "register" && call.arguments[0]
          ? identifierImport(call.arguments[0], imports)
          : undefined;
      if (plugin === "@trpc/server/adapters/fastify:fastifyTRPCPlugin" || plugin === "trpc-to-openapi:fastifyTRPCOpenApiPlugin") {
        const options = call.arguments[1];
        const literal =
          options && ts.isObjectLiteralExpression(unwrapExpression(options))
            ? (unwrapExpression(options) as ts.ObjectLiteralExpression)
            : undefined;
        const openapi = plugin.startsWith("trpc-to-openapi");
        const parts = literal
          ? [propertyValue(literal, "prefix"), openapi ? propertyValue(literal, "basePath") : undefined].filter((n) => n !== undefined)
          : [];
        out.push({
          kind: openapi ? "openapi" : "trpc",
          call,
          options,
          ...(parts.length ? { endpoint: undefined, endpointNodes: parts } : { endpoint: "/" }),
        });
        continue;
      }
      const handler = name ? HANDLERS[name] : undefined;
      if (!handler) continue;
      const options = call.arguments[0];
      const literal =
        options && ts.isObjectLiteralExpression(unwrapExpression(options))
          ? (unwrapExpression(options) as ts.ObjectLiteralExpression)
          : undefined;
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
          if (endpoint === undefined) why = "it is not mounted with `use(path, ...)` at a literal path";
          break;
        }
      }
      out.push({
        kind: handler.kind,
        call,
        options,
        endpoint,
        ...(endpointNode ? { endpointNodes: [endpointNode] } : {}),
        ...(why ? { why } : {}),
      });
    }
  }
  return out;
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
