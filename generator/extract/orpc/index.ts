/**
 * oRPC: the procedures of the routers a project serves over HTTP, with the handler that serves them.
 *
 * A handler is made for one router (`new OpenAPIHandler(router)`, `new RPCHandler(router)`) and serves it
 * wherever its `handle(request, { prefix })` is called: inside a Hono `app.use("/api/*", ...)` or `app.all()`,
 * an exported Next.js route handler (`app/rpc/[[...rest]]/route.ts`), a Node `createServer` callback, an
 * Express middleware. oRPC strips `prefix` from the request's whole pathname and matches the rest
 * (packages/server/src/adapters/standard/handler.ts, 1.x), so the prefix alone says where it serves,
 * whatever the host mounts the function at; without one, the pathname is matched as it is.
 *
 * | handler | each procedure |
 * |---|---|
 * | `OpenAPIHandler` (`@orpc/openapi/fetch`, `/node`, `/fastify`, `/aws-lambda`) | `{route.method ?? POST} {prefix}{route.path ?? /key/key}`: docs/openapi/routing.md — "By default, oRPC uses the POST method, constructs paths from router keys with `/`"; `{+rest}` matches slashes |
 * | `RPCHandler` (`@orpc/server/fetch`, `/node`, `/fastify`, `/aws-lambda`) | `POST {prefix}/key/key`: docs/advanced/rpc-protocol.md — the pathname names the procedure; RPCLink's default method is POST (packages/client/src/adapters/standard/rpc-link-codec.ts) |
 *
 * OpenAPIHandler's operations are documented by their route (`summary`, `description`, `tags`, `deprecated`,
 * `operationId`) and typed by their `.input()` and `.output()` schemas, as trpc-to-openapi's are.
 */
import { siteOf } from "../../diagnostics/diagnostic.js";
import type { DiagnosticBag } from "../../diagnostics/diagnostic.js";
import { type DocComment, leadingDoc as leadingDocOf } from "../../resolve/doc-comment.js";
import { docFieldsOf, docFromFields, mergeDocs } from "../../resolve/framework-docs.js";
import { excerpt, Interpreter } from "../../resolve/interpreter.js";
import { unwrapExpression } from "../../resolve/syntax.js";
import type { Value } from "../../resolve/values.js";
import { callsOf } from "../../scan/calls.js";
import type { SourceSet } from "../../scan/source-set.js";
import { ts } from "../../typescript.js";
import { type FrameworkAdapter, interpreterOptionsOf } from "../adapter.js";
import { flattenApp } from "../flatten.js";
import type { RouteFact } from "../route-fact.js";
import type { RouterNode } from "../router-graph.js";
import { dedupe, importedPackages } from "../shared.js";
import { type Handler, HANDLER_MODULE, OrpcHost, type OrpcRouter, type Procedure } from "./orpc-host.js";

/** oRPC's packages: a project importing one is read by this adapter. */
const ORPC_MODULES = /^@orpc\/(server|openapi|contract)(\/|$)/;

/** The `handle()` calls of handlers the oRPC adapter read, by source set: the functions holding them answer with the router's procedures. */
const SERVED = new WeakMap<SourceSet, Set<ts.CallExpression>>();

/** `{id}` parameters, and oRPC's `{+rest}`, which matches slashes: one segment in OpenAPI (APX205). */
const orpcPath = (raw: string) => ({
  ok: true as const,
  variants: [
    {
      path: raw.replace(/\{\+(\w+)\}/g, "{$1}"),
      params: [...raw.matchAll(/\{\+?(\w+)\}/g)].map((m) => m[1]!),
      wildcard: /\{\+\w+\}/.test(raw),
    },
  ],
});

export const orpcAdapter: FrameworkAdapter = {
  name: "orpc",
  detect: (sources) => sources.files.some((file) => importedPackages(file).some((p) => ORPC_MODULES.test(p))),
  extract(sources, options, diagnostics) {
    const host = new OrpcHost();
    const interpreter = new Interpreter(sources, diagnostics, interpreterOptionsOf(options), host);
    host.interpreter = interpreter;
    const served = new Set<ts.CallExpression>();
    SERVED.set(sources, served);
    const facts: RouteFact[] = [];
    const handled = new Set<Handler>();
    for (const { call, handler } of handleCalls(sources, interpreter)) {
      handled.add(handler);
      const prefix = prefixOf(call, handler, interpreter);
      if (typeof prefix !== "string") {
        diagnostics.warning(
          "APX241",
          `Cannot tell where this oRPC handler serves its router: ${prefix.why}; its procedures are not indexed here.`,
          siteOf(call),
          'Give `prefix` as a string literal or a const (`handler.handle(request, { prefix: "/api" })`).',
        );
        continue;
      }
      const tree = handler.router ? host.readTree(handler.router, handler.node) : undefined;
      if (!tree) {
        diagnostics.warning(
          "APX241",
          `Cannot read the oRPC router this handler serves (\`${excerpt(handler.node)}\`); its procedures are not indexed.`,
          siteOf(handler.node),
          "Pass the router by name (`new OpenAPIHandler(router)`), an object of procedures defined in the sources.",
        );
        continue;
      }
      served.add(call);
      facts.push(...serve(handler, tree, prefix, diagnostics));
    }
    for (const handler of host.handlers)
      if (!handled.has(handler))
        diagnostics.warning(
          "APX241",
          "apidex found no `handle()` call of this oRPC handler it can read, so where it serves its router is not known; its procedures are not indexed.",
          siteOf(handler.node),
          'Call `handler.handle(request, { prefix: "/api" })` on the handler by name, where the request is answered.',
        );
    for (const node of new Set(host.unread))
      diagnostics.warning(
        "APX241",
        `Cannot read this entry of an oRPC router statically (\`${excerpt(node)}\`); the procedures it holds are not indexed.`,
        siteOf(node),
        'Give routers their procedures and sub-routers directly (`planet: planetRouter`), or load them with `lazy(() => import("./planet"))`.',
      );
    interpreter.finishChecks();
    options.unreached?.reached(host.visited);
    return dedupe(facts);
  },
};

/** The operations a handler serves under `prefix`. */
function serve(handler: Handler, tree: Procedure | OrpcRouter, prefix: string, diagnostics: DiagnosticBag): RouteFact[] {
  const root: RouterNode = { id: 0, kind: "app", site: siteOf(handler.node), stack: [], mounted: true };
  for (const { keys, procedure, doc } of procedures(tree, [])) {
    const written = doc ?? declarationDoc(procedure.node);
    let method = "POST";
    let path = joinPath(prefix, ...keys.map(encodeURIComponent));
    let frameworkDoc: DocComment | undefined;
    if (handler.protocol === "openapi") {
      const route = procedure.route;
      const own = route.props.get("method");
      const given = route.props.get("path");
      const unread =
        route.unread ??
        (own && own.kind !== "string" && own.kind !== "undefined" ? procedure.node : undefined) ??
        (given && given.kind !== "string" && given.kind !== "undefined" ? procedure.node : undefined) ??
        (given?.kind === "string" ? procedure.prefixUnread : undefined);
      if (unread) {
        diagnostics.warning(
          "APX241",
          "Cannot read the method or path of this oRPC procedure's route (`.route({...})`, or an `os.prefix()` on the way) statically; its operation is not indexed.",
          siteOf(unread),
          'Give `method` and `path` as strings (`.route({ method: "GET", path: "/planets/{id}" })`), and prefixes as strings or consts.',
        );
        continue;
      }
      if (own?.kind === "string") method = own.value.toUpperCase();
      if (given?.kind === "string") path = joinPath(prefix, given.value);
      frameworkDoc = docFromFields(docFieldsOf(objectOf(route.props)), siteOf(procedure.node), "oRPC", true);
    }
    const merged = mergeDocs(written, frameworkDoc);
    root.stack.push({
      type: "route",
      method,
      paths: [path],
      checks: procedure.checks,
      terminal: true,
      site: siteOf(procedure.node),
      ...(merged ? { doc: merged } : {}),
      ...(procedure.handler ? { handler: procedure.handler.decl } : {}),
      // The OpenAPI operation takes its shapes from the procedure's `.input()` and `.output()` (as trpc-to-openapi's);
      // the RPC protocol wraps them in its own envelope, which no schema here describes.
      ...(handler.protocol === "openapi" ? { registration: procedure.node } : {}),
    });
  }
  return flattenApp(root, diagnostics, "orpc", orpcPath);
}

function objectOf(props: ReadonlyMap<string, Value>): Value {
  return { kind: "object", props: new Map(props) };
}

/** Every procedure of a router with its keys and the doc comment on its property. */
function procedures(tree: Procedure | OrpcRouter, keys: string[]): { keys: string[]; procedure: Procedure; doc?: DocComment }[] {
  if (tree.type === "procedure") return [{ keys, procedure: tree }];
  const out: { keys: string[]; procedure: Procedure; doc?: DocComment }[] = [];
  for (const [key, entry] of tree.entries) {
    if (entry.value.type === "router") out.push(...procedures(entry.value, [...keys, key]));
    else out.push({ keys: [...keys, key], procedure: entry.value, ...(entry.doc ? { doc: entry.doc } : {}) });
  }
  return out;
}

/** The doc comment above the declaration a procedure is assigned to (`/** ... *\/ export const list = os.handler(...)`). */
function declarationDoc(node: ts.Node): DocComment | undefined {
  let at: ts.Node = node;
  while (at.parent && (ts.isCallExpression(at.parent) || ts.isPropertyAccessExpression(at.parent) || ts.isAsExpression(at.parent)))
    at = at.parent;
  const parent = at.parent;
  if (parent && ts.isVariableDeclaration(parent) && parent.parent?.parent && ts.isVariableStatement(parent.parent.parent))
    return leadingDocOf(parent.parent.parent);
  if (parent && ts.isPropertyAssignment(parent)) return leadingDocOf(parent);
  return undefined;
}

function joinPath(...parts: string[]): string {
  return `/${parts.join("/").split("/").filter(Boolean).join("/")}`;
}

/**
 * Every `x.handle(...)` call of the sources whose receiver is an oRPC handler: evaluated where the call is
 * written (a handler made in the module, or imported), or, for a name declared in the function around the
 * call, from its declaration.
 */
function handleCalls(sources: SourceSet, interpreter: Interpreter): { call: ts.CallExpression; handler: Handler }[] {
  const out: { call: ts.CallExpression; handler: Handler }[] = [];
  for (const file of sources.files) {
    const calls = file.text.includes(".handle(")
      ? callsOf(file).filter(
          (c): c is ts.CallExpression =>
            ts.isCallExpression(c) &&
            ts.isPropertyAccessExpression(c.expression) &&
            c.expression.name.text === "handle" &&
            c.arguments.length > 0,
        )
      : [];
    // A module that makes a handler runs too, so that one nothing calls `handle()` on is said (APX241).
    if (!calls.length && !importedPackages(file).some((p) => HANDLER_MODULE.test(p))) continue;
    const scope = interpreter.module(file).scope;
    for (const call of calls) {
      const receiver = unwrapExpression((call.expression as ts.PropertyAccessExpression).expression);
      let value = interpreter.evaluate(receiver, scope);
      if (value.kind !== "host" && ts.isIdentifier(receiver)) {
        const declared = localInitializer(receiver);
        if (declared) value = interpreter.evaluate(declared, scope);
      }
      const handler = value.kind === "host" ? (value.host as { type?: string }) : undefined;
      if (handler?.type === "handler") out.push({ call, handler: handler as Handler });
    }
  }
  return out;
}

/** The initializer of a `const` the function around `name` declares with that name. */
function localInitializer(name: ts.Identifier): ts.Expression | undefined {
  for (let at: ts.Node | undefined = name.parent; at && !ts.isSourceFile(at); at = at.parent) {
    if (!ts.isBlock(at)) continue;
    for (const statement of at.statements)
      if (ts.isVariableStatement(statement))
        for (const declaration of statement.declarationList.declarations)
          if (ts.isIdentifier(declaration.name) && declaration.name.text === name.text && declaration.initializer)
            return declaration.initializer;
  }
  return undefined;
}

/** The `prefix` a `handle()` call gives (`/` without one, as oRPC then matches the whole pathname), or why it is not known. */
function prefixOf(call: ts.CallExpression, handler: Handler, interpreter: Interpreter): string | { why: string } {
  const options = call.arguments[handler.optionsIndex];
  if (!options) return "/";
  const scope = interpreter.module(call.getSourceFile()).scope;
  const literal = unwrapExpression(options);
  let value: Value | undefined;
  if (ts.isObjectLiteralExpression(literal)) {
    // The options are written at the call: only `prefix` is read (the context is the request's).
    let node: ts.Expression | undefined;
    for (const p of literal.properties) {
      if (ts.isPropertyAssignment(p) && p.name.getText() === "prefix") node = p.initializer;
      else if (ts.isShorthandPropertyAssignment(p) && p.name.text === "prefix") node = p.name;
    }
    if (!node)
      return literal.properties.some(ts.isSpreadAssignment)
        ? { why: `its options \`${excerpt(options)}\` are spread from a value apidex cannot read` }
        : "/";
    value = interpreter.evaluate(node, scope);
    if (value.kind === "string") return value.value;
    if (value.kind === "undefined") return "/";
    return { why: `its prefix \`${excerpt(node)}\` ${value.kind === "unknown" ? value.reason : "is not a string"}` };
  }
  value = interpreter.evaluate(options, scope);
  const prefix = value.kind === "object" ? value.props.get("prefix") : undefined;
  if (value.kind === "object" && (!prefix || prefix.kind === "undefined")) return "/";
  if (prefix?.kind === "string") return prefix.value;
  return { why: `its options \`${excerpt(options)}\` are not static` };
}

/**
 * Drops the routes other adapters read from the functions that hand their requests to an oRPC handler this
 * adapter read (a Hono `app.all("/rpc/*", ...)`, a Next.js catch-all route file's `GET`/`POST` exports): they
 * answer with the router's procedures, indexed here; so do the catch-all warnings said of those routes.
 */
export function withoutOrpcHosts(sources: SourceSet, facts: RouteFact[], diagnostics: DiagnosticBag): RouteFact[] {
  const served = SERVED.get(sources);
  if (!served?.size) return facts;
  const hosts = new Set<ts.Node>();
  for (const call of served) for (let at: ts.Node | undefined = call.parent; at; at = at.parent) if (ts.isFunctionLike(at)) hosts.add(at);
  const dropped = facts.filter((f) => f.framework !== "orpc" && f.handler && hosts.has(f.handler));
  if (!dropped.length) return facts;
  const sites = new Set(dropped.map((f) => `${f.site.file}:${f.site.line}`));
  for (const f of dropped) {
    const file = f.handler!.getSourceFile();
    const start = file.getLineAndCharacterOfPosition(f.handler!.getStart()).line + 1;
    const end = file.getLineAndCharacterOfPosition(f.handler!.getEnd()).line + 1;
    for (let line = start; line <= end; line++) sites.add(`${f.site.file}:${line}`);
  }
  const kept = diagnostics.items.filter(
    (d) =>
      !(d.severity === "warning" && (d.code === "APX205" || d.code === "APX230") && d.site && sites.has(`${d.site.file}:${d.site.line}`)),
  );
  diagnostics.items.splice(0, diagnostics.items.length, ...kept);
  const drop = new Set(dropped);
  return facts.filter((f) => !drop.has(f));
}
