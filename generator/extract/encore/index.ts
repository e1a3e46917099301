/**
 * Encore.ts (`encore.dev`): endpoints are exported consts, `export const get = api({ expose, method, path, auth },
 * handler)`, found by Encore's compiler (not registered at run time), in services (`encore.service.ts`).
 *
 * Read as Encore's parser reads them (tsparser's `api.rs`, `respath.rs`, `service_discovery.rs`):
 * - `method`: a string, an array of strings, or `"*"` (GET, POST, PATCH, PUT, DELETE, HEAD, OPTIONS, TRACE);
 *   without one, POST. Stream endpoints (`api.streamIn/streamOut/streamInOut`, WebSockets) are always GET.
 * - `path`: `:name`, a last `*name` (the rest of the path) or `!name` (a fallback); without one,
 *   `/<service>.<endpoint>` (the service's name and the exported const's).
 * - `expose: true` endpoints are served by Encore's gateway; the others (the default) are callable only by the
 *   application's own services: no caller from outside reaches them, so they are no operation of the index.
 * - `api.static({ path, dir })` serves files, not an operation: not indexed. `api.raw` is indexed as `api`.
 * Permission keys: the checks in the handler's body, and in the body of each middleware of the endpoint's service
 * (`new Service(name, { middlewares })`) whose `target` (`expose`, `auth`, `isRaw`, `isStream`, `tags`) selects it.
 */
import path from "node:path";
import { type DiagnosticBag, type SourceSite, siteOf } from "../../diagnostics/diagnostic.js";
import { leadingDoc } from "../../resolve/doc-comment.js";
import { excerpt, Interpreter } from "../../resolve/interpreter.js";
import { isFunctionLike, unwrapExpression } from "../../resolve/syntax.js";
import type { CheckValue, Value } from "../../resolve/values.js";
import { ts } from "../../typescript.js";
import type { SourceSet } from "../../scan/source-set.js";
import { type FrameworkAdapter, interpreterOptionsOf } from "../adapter.js";
import { flattenApp, ofApp } from "../flatten.js";
import type { RouteFact } from "../route-fact.js";
import type { RouteCheck, RouteLayer, RouterNode } from "../router-graph.js";
import { dedupe, importBindings } from "../shared.js";
import { type EncoreEndpoint, EncoreHost, type EncoreMiddleware, encoreObject } from "./encore-host.js";
import { encoreToOpenApi } from "./path-syntax.js";
import { ServiceDiscovery, type ServiceOf } from "./services.js";

/** Encore's `Method::all()`: what `method: "*"` answers (CONNECT is left out by Encore itself). */
const ALL_ENCORE_METHODS = ["GET", "POST", "PATCH", "PUT", "DELETE", "HEAD", "OPTIONS", "TRACE"];
const ENCORE_METHODS = new Set([...ALL_ENCORE_METHODS, "CONNECT"]);

/** Whether a file imports `api` from `encore.dev/api` (what Encore's compiler tracks). */
function importsEncoreApi(file: ts.SourceFile): boolean {
  for (const target of importBindings(file, (m) => m === "encore.dev/api").values()) if (target === "encore.dev/api:api") return true;
  return false;
}

export const encoreAdapter: FrameworkAdapter = {
  name: "encore",
  detect: (sources) => sources.files.some(importsEncoreApi),
  extract(sources, options, diagnostics) {
    const host = new EncoreHost();
    const interpreter = new Interpreter(sources, diagnostics, interpreterOptionsOf(options), host);
    host.interpreter = interpreter;
    interpreter.executeAll();
    const reading = new EncoreReading(interpreter, host, diagnostics, sources);
    const facts = reading.facts();
    interpreter.finishChecks();
    return dedupe(facts);
  },
};

/** What an endpoint's options say, read. */
interface EndpointOptions {
  methods: string[];
  path: string;
  expose: boolean | undefined;
  auth: boolean | undefined;
  tags: string[] | undefined;
}

class EncoreReading {
  private readonly services: ServiceDiscovery;
  private readonly middlewareChecks = new Map<EncoreMiddleware, CheckValue[]>();
  /** `service.endpoint` by the endpoint's site. */
  private readonly qualifiedNames = new Map<string, string>();
  private readonly serviceMiddlewares = new Map<string, { middlewares: (EncoreMiddleware | undefined)[] }>();

  constructor(
    private readonly interpreter: Interpreter,
    private readonly host: EncoreHost,
    private readonly diagnostics: DiagnosticBag,
    private readonly sources: SourceSet,
  ) {
    const files = new Set([...host.endpoints.values()].map((e) => e.node.getSourceFile().fileName));
    this.services = new ServiceDiscovery(host.services, files);
  }

  facts(): RouteFact[] {
    const endpoints = [...this.host.endpoints.values()].sort(
      (a, b) => a.node.getSourceFile().fileName.localeCompare(b.node.getSourceFile().fileName) || a.node.pos - b.node.pos,
    );
    // Each `encore.app` file roots an application of its own (a repository of several, such as a monorepo of
    // services or of examples): its endpoints are one server's, so a path two of them serve is two servers' (APX412),
    // not one registered twice.
    const apps = new Map<string, EncoreEndpoint[]>();
    for (const endpoint of endpoints) {
      const app = this.appRoot(endpoint.node.getSourceFile().fileName);
      apps.set(app, [...(apps.get(app) ?? []), endpoint]);
    }
    return [...apps.values()].flatMap((members, id) => {
      const stack: RouteLayer[] = members.flatMap((endpoint) => this.layers(endpoint));
      if (!stack.length) return [];
      const root: RouterNode = { id, kind: "app", site: siteOf(members[0]!.node), stack, mounted: true };
      const facts = flattenApp(root, this.diagnostics, "encore", encoreToOpenApi).map((fact) => {
        const name = this.qualifiedNames.get(siteKey(fact.site));
        return name ? { ...fact, handlerName: name } : fact;
      });
      return apps.size > 1 ? ofApp(facts, root) : facts;
    });
  }

  /**
   * The folder of the nearest `encore.app` above a file, within the project ("" where there is none). Every place
   * looked at is an input of the run: a cached run must miss when an `encore.app` appears there.
   */
  private appRoot(file: string): string {
    const top = this.sources.root.replace(/[\\/]$/, "");
    for (let at = path.dirname(file); at.startsWith(top); at = path.dirname(at)) {
      const marker = path.join(at, "encore.app");
      this.sources.recordInputs([marker]);
      if (this.sources.host.fileExists(marker)) return at;
      if (at === top || at === path.dirname(at)) break;
    }
    return "";
  }

  private layers(endpoint: EncoreEndpoint): RouteLayer[] {
    const node = endpoint.node;
    const declaration = boundDeclaration(node);
    if (!declaration) {
      this.diagnostics.warning(
        "APX257",
        `This Encore endpoint is not bound to a variable (\`${excerpt(node)}\`); Encore's compiler requires \`export const name = api(...)\` and refuses it, so it is not indexed.`,
        siteOf(node),
        "Declare the endpoint as `export const name = api(...)`.",
      );
      return [];
    }
    // Static files are served, not operations (as a static-file middleware of another framework).
    if (endpoint.kind === "static") return [];
    const name = declaration.name.text;
    const service = this.services.serviceOf(node.getSourceFile().fileName);
    const read = this.options(endpoint, name, service);
    if (!read) return [];
    // Private endpoints are called by the application's own services only (Encore's gateway does not route
    // them): no key can call them, so they are not operations of this service's API.
    if (read.expose === false) return [];
    const checks: RouteCheck[] = [...this.serviceChecks(endpoint, read, service), ...this.handlerChecks(endpoint)];
    if (read.expose === undefined) {
      // It may be private (no operation) or public: indexed, its facts not all proven.
      this.diagnostics.warning(
        "APX257",
        `Cannot read whether this Encore endpoint is exposed (\`expose\`) statically; it is indexed, marked \`unresolved\`.`,
        siteOf(node.arguments[0] ?? node),
        "Write `expose: true` or `expose: false` as a literal (Encore's compiler requires one).",
      );
      checks.push({ keys: [], unresolved: true });
    }
    const statement = declaration.parent?.parent;
    const doc = (statement && ts.isVariableStatement(statement) ? leadingDoc(statement) : undefined) ?? leadingDoc(node);
    const handler = this.handlerFunction(endpoint);
    // Encore names an endpoint `service.endpoint` (its traces, its clients): the handler name, for
    // `operationIdsFrom: "handler"`; the summary of an undocumented one comes from the endpoint's own name.
    this.qualifiedNames.set(siteKey(siteOf(node)), service.name ? `${service.name}.${name}` : name);
    return read.methods.map((method) => ({
      type: "route" as const,
      method,
      paths: [read.path],
      checks,
      terminal: true,
      site: siteOf(node),
      handlerLabel: name,
      registration: node,
      ...(handler ? { handler } : {}),
      ...(doc ? { doc } : {}),
    }));
  }

  /** The endpoint's options, read; undefined (said) when its method or path cannot be. */
  private options(endpoint: EncoreEndpoint, name: string, service: ServiceOf): EndpointOptions | undefined {
    const { node, options } = endpoint;
    const optionsNode = node.arguments[0] ?? node;
    if (options.kind !== "object") {
      this.diagnostics.warning(
        "APX257",
        `Cannot read this Encore endpoint's options statically (\`${excerpt(optionsNode)}\`); Encore's compiler reads them as a literal object, so it is not indexed.`,
        siteOf(optionsNode),
        'Write the options as an object literal (`api({ expose: true, method: "GET", path: "/x" }, handler)`).',
      );
      return undefined;
    }
    const prop = (key: string): Value | undefined => options.props.get(key);
    const streaming = endpoint.kind.startsWith("stream");
    const methods = streaming ? ["GET"] : this.methods(prop("method"), optionsNode);
    if (!methods) return undefined;
    const pathValue = prop("path");
    let path: string;
    if (pathValue === undefined || pathValue.kind === "undefined") {
      if (service.name === undefined) {
        this.diagnostics.warning(
          "APX201",
          `This Encore endpoint has no \`path\`, so Encore serves it at \`/<service>.${name}\`, but the name of its service (${service.declaration ? `\`${excerpt(service.declaration.node.arguments?.[0] ?? service.declaration.node)}\`` : "?"}) cannot be read statically; it is not indexed.`,
          siteOf(optionsNode),
          "Name the service with a string literal in encore.service.ts, or give the endpoint a `path`.",
        );
        return undefined;
      }
      path = `/${service.name}.${name}`;
    } else if (pathValue.kind === "string") path = pathValue.value;
    else {
      this.diagnostics.warning(
        "APX201",
        `Cannot read this Encore endpoint's \`path\` statically; it is not indexed.`,
        siteOf(optionsNode),
        "Write the path as a string literal (Encore's compiler requires one).",
      );
      return undefined;
    }
    return {
      methods,
      path,
      expose: booleanOption(prop("expose")),
      auth: booleanOption(prop("auth")),
      tags: stringsOption(prop("tags")),
    };
  }

  private methods(value: Value | undefined, at: ts.Node): string[] | undefined {
    if (value === undefined || value.kind === "undefined") return ["POST"];
    const list = value.kind === "string" ? [value] : value.kind === "array" ? value.items : undefined;
    const methods: string[] = [];
    for (const item of list ?? []) {
      const method = item.kind === "string" ? item.value : undefined;
      if (method === "*") return ALL_ENCORE_METHODS;
      if (method === undefined || !ENCORE_METHODS.has(method)) {
        methods.length = 0;
        break;
      }
      if (!methods.includes(method)) methods.push(method);
    }
    if (methods.length) return methods;
    this.diagnostics.warning(
      "APX257",
      `Cannot read this Encore endpoint's \`method\` as Encore's HTTP methods (an upper-case name such as "GET", an array of them, or "*"); it is not indexed.`,
      siteOf(at),
      'Write `method: "GET"`, `method: ["GET", "POST"]` or `method: "*"`.',
    );
    return undefined;
  }

  /** The handler function, when it is one of the sources (its types give the shapes). */
  private handlerFunction(endpoint: EncoreEndpoint): ts.FunctionLikeDeclaration | undefined {
    if (!endpoint.handler) return undefined;
    const inner = unwrapExpression(endpoint.handler);
    if (isFunctionLike(inner)) return inner;
    const value = this.interpreter.evaluate(inner, endpoint.scope);
    return value.kind === "function" ? value.decl : undefined;
  }

  private handlerChecks(endpoint: EncoreEndpoint): CheckValue[] {
    if (!endpoint.handler) return [];
    const inner = unwrapExpression(endpoint.handler);
    const value: Value = isFunctionLike(inner)
      ? { kind: "function", decl: inner, scope: endpoint.scope }
      : this.interpreter.evaluate(inner, endpoint.scope);
    if (value.kind === "function") return this.interpreter.bodyChecks(value);
    if (value.kind === "check") return [value];
    this.diagnostics.warning(
      "APX301",
      `Cannot read this Encore endpoint's handler (\`${excerpt(endpoint.handler)}\`) statically: a permission check in it would be missed, so the operation is marked \`unresolved\`.`,
      siteOf(endpoint.handler),
      "Pass a function of the sources as the handler.",
    );
    return [{ kind: "check", keys: [], unresolved: true, node: endpoint.node }];
  }

  /** The checks of the service's middleware whose target selects this endpoint. */
  private serviceChecks(endpoint: EncoreEndpoint, read: EndpointOptions, service: ServiceOf): RouteCheck[] {
    if (!service.declaration) return [];
    const middlewares = this.middlewaresOf(service);
    const out: RouteCheck[] = [];
    for (const middleware of middlewares) {
      if (!middleware) {
        out.push({ keys: [], unresolved: true });
        continue;
      }
      const applies = this.targets(middleware, endpoint, read);
      if (applies === false) continue;
      out.push(...this.checksOf(middleware));
      if (applies === undefined) out.push({ keys: [], unresolved: true });
    }
    return out;
  }

  private middlewaresOf(service: ServiceOf): (EncoreMiddleware | undefined)[] {
    const known = this.serviceMiddlewares.get(service.root);
    if (known) return known.middlewares;
    const declaration = service.declaration!;
    const middlewares: (EncoreMiddleware | undefined)[] = [];
    const config = declaration.config;
    const listed = config?.kind === "object" ? config.props.get("middlewares") : undefined;
    const at = declaration.node.arguments?.[1] ?? declaration.node;
    if (config && config.kind !== "object") middlewares.push(this.unreadMiddleware(at, "the service's options"));
    else if (listed && listed.kind === "array")
      for (const item of listed.items) {
        const object = encoreObject(item);
        middlewares.push(object?.type === "encore-middleware" ? object : this.unreadMiddleware(at, "a middleware of `middlewares`"));
      }
    else if (listed && listed.kind !== "undefined") middlewares.push(this.unreadMiddleware(at, "`middlewares`"));
    this.serviceMiddlewares.set(service.root, { middlewares });
    return middlewares;
  }

  private unreadMiddleware(at: ts.Node, what: string): undefined {
    this.diagnostics.warning(
      "APX301",
      `Cannot read ${what} of this Encore service statically (\`${excerpt(at)}\`): a permission check in its middleware would be missed, so the service's operations are marked \`unresolved\`.`,
      siteOf(at),
      "List `middleware(...)` values of the sources in `middlewares`.",
    );
    return undefined;
  }

  /** Whether the middleware's `target` selects the endpoint: undefined when a part of it cannot be read. */
  private targets(middleware: EncoreMiddleware, endpoint: EncoreEndpoint, read: EndpointOptions): boolean | undefined {
    const options = middleware.options;
    if (!options || options.kind === "undefined") return true;
    if (options.kind !== "object") return undefined;
    const target = options.props.get("target");
    if (!target || target.kind === "undefined") return true;
    if (target.kind !== "object") return undefined;
    let unknown = false;
    const facts: Record<string, boolean | undefined> = {
      expose: read.expose,
      auth: read.auth,
      isRaw: endpoint.kind === "raw",
      isStream: endpoint.kind.startsWith("stream"),
    };
    for (const [key, value] of target.props) {
      if (value.kind === "undefined") continue;
      if (key === "tags") {
        const wanted = stringsOption(value);
        if (!wanted) unknown = true;
        else if (!wanted.some((t) => read.tags?.includes(t))) return false;
        continue;
      }
      if (!(key in facts)) continue;
      const want = booleanOption(value);
      const has = facts[key];
      if (want === undefined || has === undefined) unknown = true;
      else if (want !== has) return false;
    }
    return unknown ? undefined : true;
  }

  private checksOf(middleware: EncoreMiddleware): CheckValue[] {
    const known = this.middlewareChecks.get(middleware);
    if (known) return known;
    const fn = middleware.fn;
    const checks: CheckValue[] =
      fn?.kind === "function" ? this.interpreter.bodyChecks(fn) : [{ kind: "check", keys: [], unresolved: true, node: middleware.node }];
    this.middlewareChecks.set(middleware, checks);
    return checks;
  }
}

const siteKey = (site: SourceSite): string => `${site.file}:${site.line}:${site.column}`;

/** The `const name = api(...)` declaration the endpoint is bound to. */
function boundDeclaration(node: ts.CallExpression): (ts.VariableDeclaration & { name: ts.Identifier }) | undefined {
  let at: ts.Node = node;
  while (ts.isParenthesizedExpression(at.parent) || ts.isAsExpression(at.parent) || ts.isSatisfiesExpression(at.parent)) at = at.parent;
  const parent = at.parent;
  return parent && ts.isVariableDeclaration(parent) && parent.initializer === at && ts.isIdentifier(parent.name)
    ? (parent as ts.VariableDeclaration & { name: ts.Identifier })
    : undefined;
}

function booleanOption(value: Value | undefined): boolean | undefined {
  if (value === undefined || value.kind === "undefined") return false;
  return value.kind === "boolean" ? value.value : undefined;
}

function stringsOption(value: Value | undefined): string[] | undefined {
  if (value === undefined || value.kind === "undefined") return [];
  if (value.kind !== "array") return undefined;
  const out: string[] = [];
  for (const item of value.items) {
    if (item.kind !== "string") return undefined;
    out.push(item.value);
  }
  return out;
}
