/**
 * ts-rest: the contract routes its serverless and Next.js servers serve. (`createExpressEndpoints` registers
 * on an Express app or router: the Express adapter reads it, in its mount graph — extract/express.)
 *
 * | server | where each route is served |
 * |---|---|
 * | `fetchRequestHandler({ contract, router, options })`, `createFetchHandler(contract, router, options)` (`@ts-rest/serverless/fetch`) | `{options.basePath}{path}`, below the path of a Hono `mount(path, (req) => ...)` the call is in |
 * | `createNextHandler(contract, router, { basePath })` (`@ts-rest/serverless/next`, App Router route files) | `{basePath}{path}`: ts-rest matches the request's whole path |
 * | `createNextRouter(contract, router)` (`@ts-rest/next`, in `pages/api/[...ts-rest].ts`) | `{the file's folder}{path}` |
 *
 * The routes, their checks (the server's `requestMiddleware`, a route's `middleware`, its handler's body) and
 * their documentation are read as for Express (extract/ts-rest/contract.ts).
 */
import path from "node:path";
import { siteOf } from "../../diagnostics/diagnostic.js";
import { type CallContext, excerpt, type HostAdapter, Interpreter } from "../../resolve/interpreter.js";
import { unwrapExpression } from "../../resolve/syntax.js";
import type { ExternalValue, HostValue, Value } from "../../resolve/values.js";
import { callsOf } from "../../scan/calls.js";
import type { SourceSet } from "../../scan/source-set.js";
import { ts } from "../../typescript.js";
import { type FrameworkAdapter, interpreterOptionsOf } from "../adapter.js";
import { expressToOpenApi, simplePath } from "../express/path-syntax.js";
import { flattenApp } from "../flatten.js";
import type { RouteFact } from "../route-fact.js";
import type { RouterNode } from "../router-graph.js";
import { dedupe, importBindings, importedPackages, servingFiles } from "../shared.js";
import { servedLayer, TS_REST_MODULES, TsRestSupport } from "./contract.js";

/** The serving functions this adapter reads, by `module:name`, and how they take their arguments. */
const SERVERS: Record<string, "options-object" | "arguments" | "pages"> = {
  "@ts-rest/serverless/fetch:fetchRequestHandler": "options-object",
  "@ts-rest/serverless/fetch:createFetchHandler": "arguments",
  "@ts-rest/serverless/next:createNextHandler": "arguments",
  "@ts-rest/next:createNextRouter": "pages",
};

/** Servers read elsewhere (the Express adapter), which serve their contracts too. */
const READ_ELSEWHERE = new Set(["@ts-rest/express:createExpressEndpoints"]);

/** ts-rest's server packages apidex does not read: what they serve is reported, not indexed. */
const UNREAD_SERVERS = /^@ts-rest\/(fastify|nest|serverless\/aws|serverless\/azure)$/;

interface Serving {
  call: ts.CallExpression;
  kind: "options-object" | "arguments" | "pages";
  /** A Hono `mount(path, handler)` the call is in: its path expression. */
  mount?: ts.Expression;
}

class TsRestHost implements HostAdapter {
  interpreter!: Interpreter;
  constructor(readonly support: TsRestSupport) {}
  callExternal(callee: ExternalValue, call: CallContext): Value | undefined {
    return this.support.callExternal(callee, call);
  }
  callMethod(receiver: HostValue, method: string, call: CallContext): Value {
    return this.support.owns(receiver) ? this.support.callMethod(receiver, method, call) : receiver;
  }
  callValue(callee: HostValue, call: CallContext): Value | undefined {
    return this.support.owns(callee) ? this.support.callValue(callee, call) : undefined;
  }
}

export const tsRestAdapter: FrameworkAdapter = {
  name: "ts-rest",
  detect: (sources) =>
    servingFiles(sources, /@ts-rest\//, (p) => TS_REST_MODULES.test(p)).some((file) =>
      importedPackages(file).some((p) => TS_REST_MODULES.test(p)),
    ),
  extract(sources, options, diagnostics) {
    let interpreter: Interpreter | undefined;
    const support = new TsRestSupport(() => interpreter!, diagnostics);
    const host = new TsRestHost(support);
    interpreter = new Interpreter(sources, diagnostics, interpreterOptionsOf(options), host);
    host.interpreter = interpreter;
    const facts: RouteFact[] = [];
    let served = false;
    let firstContract: ts.CallExpression | undefined;
    for (const file of servingFiles(sources, /@ts-rest\//, (p) => TS_REST_MODULES.test(p))) {
      const imports = importBindings(file, (module) => TS_REST_MODULES.test(module));
      if (!imports.size) continue;
      for (const statement of file.statements)
        if (
          ts.isImportDeclaration(statement) &&
          ts.isStringLiteral(statement.moduleSpecifier) &&
          UNREAD_SERVERS.test(statement.moduleSpecifier.text)
        ) {
          served = true;
          diagnostics.warning(
            "APX245",
            `apidex does not read ts-rest's ${statement.moduleSpecifier.text} server: the contract routes it serves are not indexed.`,
            siteOf(statement),
            "Serve the contract with @ts-rest/express, @ts-rest/serverless (fetch, Next.js) or @ts-rest/next, or register its routes on the framework directly.",
          );
        }
      for (const serving of servingCallsOf(file, imports, (name) => READ_ELSEWHERE.has(name) && (served = true))) {
        served = true;
        const fact = readServing(serving, file, sources, interpreter, support);
        if (fact) facts.push(...fact);
      }
      firstContract ??= callsOf(file).find(
        (c): c is ts.CallExpression =>
          ts.isCallExpression(c) &&
          ts.isIdentifier(c.expression) &&
          /^@ts-rest\/core:(initContract|initTsRest)$/.test(imports.get(c.expression.text) ?? ""),
      );
    }
    if (!served && firstContract)
      diagnostics.warning(
        "APX245",
        "This project defines ts-rest contracts but no server apidex reads serves one (createExpressEndpoints, fetchRequestHandler, createNextHandler, createNextRouter): none of their routes is indexed.",
        siteOf(firstContract),
        "A contract nothing serves (a client's contract) is no API of this service; if a server does serve it, serve it with one of these.",
      );
    interpreter.finishChecks();
    return dedupe(facts);

    function readServing(
      serving: Serving,
      file: ts.SourceFile,
      sources: SourceSet,
      interpreter: Interpreter,
      support: TsRestSupport,
    ): RouteFact[] | undefined {
      const scope = interpreter.module(file).scope;
      const call = serving.call;
      const evaluate = (node: ts.Expression | undefined): Value | undefined => (node ? interpreter.evaluate(node, scope) : undefined);
      let contract: Value | undefined;
      let impl: Value | undefined;
      let opts: Value | undefined;
      if (serving.kind === "options-object") {
        const object = evaluate(call.arguments[0]);
        const prop = (name: string) => (object?.kind === "object" ? object.props.get(name) : undefined);
        contract = prop("contract");
        impl = prop("router");
        opts = prop("options");
      } else {
        contract = evaluate(call.arguments[0]);
        impl = evaluate(call.arguments[1]);
        opts = evaluate(call.arguments[2]);
      }
      let base = "";
      if (serving.kind === "pages") {
        const rel = path.relative(sources.root, file.fileName).split(path.sep).join("/");
        const match = /(^|\/)pages(\/api(?:\/.*)?)\/[^/]+\.(ts|tsx|js|mjs|mts)$/.exec(rel);
        if (!match) {
          support.report(
            call,
            "This createNextRouter() is not in a Next.js Pages Router API file (pages/api/...): where it serves the contract is not known; its routes are not indexed.",
            "Export it from pages/api/[...ts-rest].ts, as ts-rest's Next.js server expects.",
          );
          return undefined;
        }
        base = match[2]!;
      } else {
        const basePath = opts?.kind === "object" ? opts.props.get("basePath") : undefined;
        if (basePath && basePath.kind !== "undefined") {
          if (basePath.kind !== "string") {
            support.report(
              call,
              `Cannot read the \`basePath\` this ts-rest server serves the contract under (\`${excerpt(call)}\`); its routes are not indexed.`,
              'Give `basePath` as a string literal or a const (`basePath: "/api"`).',
            );
            return undefined;
          }
          base = basePath.value;
        }
        if (serving.mount) {
          const mount = interpreter.evaluate(serving.mount, scope);
          if (mount.kind !== "string") {
            support.report(
              serving.mount,
              "Cannot read the path of the Hono mount() that serves this ts-rest contract; its routes are not indexed.",
              "Mount the handler at a literal path.",
            );
            return undefined;
          }
          base = mount.value.replace(/\/+$/, "") + base;
        }
      }
      if (!contract || !impl) {
        support.report(
          call,
          `Cannot read the contract and implementation this ts-rest server serves (\`${excerpt(call)}\`); its routes are not indexed.`,
          "Pass `contract` and `router` by name.",
        );
        return undefined;
      }
      const middleware = opts?.kind === "object" ? opts.props.get("requestMiddleware") : undefined;
      const root: RouterNode = { id: 0, kind: "app", site: siteOf(call), stack: [], mounted: true };
      for (const route of support.served(call, contract, impl, middleware))
        root.stack.push(servedLayer(route, `${base}${route.path}` || "/"));
      return flattenApp(root, diagnostics, "ts-rest", expressToOpenApi, simplePath);
    }
  },
};

/**
 * The calls of a file that serve a contract (with the Hono `mount()` one is in). `elsewhere` is told of
 * the serving calls another adapter reads.
 */
function servingCallsOf(file: ts.SourceFile, imports: Map<string, string>, elsewhere: (name: string) => void): Serving[] {
  const out: Serving[] = [];
  for (const call of callsOf(file)) {
    if (!ts.isCallExpression(call)) continue;
    const callee = unwrapExpression(call.expression);
    const name = ts.isIdentifier(callee) ? imports.get(callee.text) : undefined;
    if (!name) continue;
    elsewhere(name);
    const kind = SERVERS[name];
    if (!kind) continue;
    out.push({ call, kind, ...honoMount(call) });
  }
  return out;
}

/** `app.mount("/api", (req) => fetchRequestHandler(...))`: the mount's path expression, when the call is in its handler. */
function honoMount(call: ts.CallExpression): { mount?: ts.Expression } {
  for (let node: ts.Node = call; node.parent; node = node.parent) {
    const parent = node.parent;
    if (
      ts.isCallExpression(parent) &&
      parent.arguments[1] === node &&
      (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) &&
      ts.isPropertyAccessExpression(parent.expression) &&
      parent.expression.name.text === "mount" &&
      parent.arguments[0]
    )
      return { mount: parent.arguments[0] };
    if (ts.isSourceFile(parent)) break;
  }
  return {};
}

/**
 * Whether a file serves a ts-rest contract from a route file (`export { handler as GET }` over
 * `createNextHandler`, `export default createNextRouter(...)`): the file answers with the contract's
 * routes, which this adapter indexes, so the file-route adapter leaves the file alone.
 */
export function servesTsRest(file: ts.SourceFile): boolean {
  const imports = importBindings(file, (module) => TS_REST_MODULES.test(module));
  if (!imports.size) return false;
  return servingCallsOf(file, imports, () => {}).length > 0;
}

/** Whether a function (a Hono `mount()` handler) serves a ts-rest contract: this adapter indexes it. */
export function servesTsRestIn(node: ts.Node): boolean {
  const imports = importBindings(node.getSourceFile(), (module) => TS_REST_MODULES.test(module));
  if (!imports.size) return false;
  let found = false;
  const visit = (n: ts.Node): void => {
    if (found) return;
    if (ts.isCallExpression(n)) {
      const callee = unwrapExpression(n.expression);
      if (ts.isIdentifier(callee) && SERVERS[imports.get(callee.text) ?? ""]) found = true;
    }
    ts.forEachChild(n, visit);
  };
  visit(node);
  return found;
}
