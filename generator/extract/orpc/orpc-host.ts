/**
 * oRPC's meaning inside the evaluator (`@orpc/server` 1.x, `@orpc/contract`, `@orpc/openapi`), as its builders
 * make procedures and routers at run time (packages/server/src/builder.ts, router-utils.ts `enhanceRouter`,
 * packages/contract/src/route.ts of middleapi/orpc, branch 1.x):
 *
 * - `os` is a builder. `.use(mw)` adds a middleware (its checks), `.route(r)` spread-merges `r` into the route
 *   (`$route(r)` replaces it), `.input()`, `.output()`, `.errors()`, `.meta()`, `$context<T>()`, `$meta`,
 *   `$config`, `$input` keep the builder; `.handler(fn)` makes a procedure, which `.use`, `.route`, `.errors`,
 *   `.meta` decorate further. `os.middleware(fn)` is `fn`.
 * - `.prefix(p)` and `.tag(...t)` only matter to `.router({...})` and `.lazy(loader)`, which return the router
 *   with every procedure enhanced: the builder's middleware before its own, its tags before its own, and the
 *   prefix before its `path` — only when the procedure has one (oRPC's `prefixRoute` leaves a route without a
 *   path alone, docs/openapi/routing.md "Route Prefixes").
 * - A router is a plain object of procedures and routers, nested at any depth; `lazy(() => import("./x"))` and
 *   `os.lazy(...)` load the module's default export (oRPC's `lazy` takes `{ default: router }`).
 * - Contract-first: `oc` (`@orpc/contract`) builds contract procedures the same way (`.route`, `.input`,
 *   `.output`, `oc.prefix(p).tag(t).router({...})`); `implement(contract)` gives an implementer whose
 *   properties follow the contract and whose `.handler(fn)` is a procedure with the contract's route; its
 *   `.use(mw)` and `.router({...})` are as `os`'s.
 * - `new OpenAPIHandler(router)` (`@orpc/openapi/{fetch,node,fastify,aws-lambda}`) and `new RPCHandler(router)`
 *   (`@orpc/server/{fetch,node,fastify,aws-lambda}`) are handlers of that router, read by extract/orpc/index.ts.
 */
import { type DocComment, leadingDoc } from "../../resolve/doc-comment.js";
import type { CallContext, HostAdapter, Interpreter } from "../../resolve/interpreter.js";
import { unwrapExpression } from "../../resolve/syntax.js";
import type { CheckValue, ExternalValue, FunctionValue, HostValue, Value } from "../../resolve/values.js";
import { ts } from "../../typescript.js";
import { middlewareChecks } from "../shared.js";

/** A procedure's route: the `.route({...})` objects merged, or the node of one apidex could not read. */
export interface Route {
  props: ReadonlyMap<string, Value>;
  unread?: ts.Node;
}

/** What a builder adds to the procedures of a router it makes (`os.use(auth).prefix("/x").tag("T").router({...})`). */
interface Enhancement {
  checks: CheckValue[];
  /** The prefix before each path, or the node of one that is not static. */
  prefix?: string | { unread: ts.Node };
  tags: string[];
}

/** `os` and what its chain gives before `.handler()`; with `contract`, `oc`'s, which is itself a contract procedure. */
export interface Builder extends Enhancement {
  type: "builder";
  contract: boolean;
  route: Route;
  /** The call that made it (a contract procedure's node). */
  node?: ts.CallExpression;
}

export interface Procedure {
  type: "procedure";
  checks: CheckValue[];
  route: Route;
  handler?: FunctionValue;
  /** The `.handler(fn)` call: its chain holds `.input()` and `.output()` (the OpenAPI shapes). */
  node: ts.CallExpression;
  /** An oRPC prefix that could not be read on the way to it (its `path` then cannot be known). */
  prefixUnread?: ts.Node;
}

export interface OrpcRouter {
  type: "router";
  entries: Map<string, { value: Procedure | OrpcRouter; doc?: DocComment; node: ts.Node }>;
  node: ts.Node;
}

/** `implement(contract)` and its properties: the part of the contract they implement. */
interface Implementer {
  type: "implementer";
  contract: Value;
  checks: CheckValue[];
}

/** A handler of a router: `new OpenAPIHandler(router)` or `new RPCHandler(router)`. */
export interface Handler {
  type: "handler";
  protocol: "openapi" | "rpc";
  /** Where `handle()` takes its options: fetch-style `handle(request, options)`, node-style `handle(req, res, options)`. */
  optionsIndex: number;
  router: Value | undefined;
  node: ts.NewExpression | ts.CallExpression;
}

export type OrpcObject = Builder | Procedure | OrpcRouter | Implementer | Handler;

const SERVER = /^@orpc\/server$/;
const CONTRACT = /^@orpc\/contract$/;
/** The HTTP adapters of the handlers (not the websocket and message-port ones, which serve no HTTP operations). */
export const HANDLER_MODULE = /^@orpc\/(server|openapi)\/(fetch|node|fastify|aws-lambda)$/;

const EMPTY_ROUTE: Route = { props: new Map() };

export class OrpcHost implements HostAdapter {
  interpreter!: Interpreter;
  /** Router entries that are neither procedures nor routers (a value known at run time, a lazy loader written otherwise). */
  readonly unread: ts.Node[] = [];
  /** Every handler made, in order. */
  readonly handlers: Handler[] = [];
  /** The calls read as oRPC's: no other adapter's unread registrations. */
  readonly visited = new Set<ts.CallExpression>();

  private wrap(host: OrpcObject): HostValue {
    return { kind: "host", host };
  }

  private builder(contract: boolean): Builder {
    return { type: "builder", contract, route: EMPTY_ROUTE, checks: [], tags: [] };
  }

  callExternal(callee: ExternalValue, call: CallContext): Value | undefined {
    const [root, method, ...rest] = callee.path;
    // (`os.route({...})` is oRPC's, not a router's registration another adapter missed.)
    if (ts.isCallExpression(call.node) && /^@orpc\//.test(callee.module)) this.visited.add(call.node);
    if (HANDLER_MODULE.test(callee.module) && ts.isNewExpression(call.node) && !method) {
      if (root !== "OpenAPIHandler" && root !== "RPCHandler") return undefined;
      const protocol = root === "OpenAPIHandler" ? "openapi" : "rpc";
      // The fetch and aws-lambda handlers take the request (and, for aws-lambda, the response stream) first;
      // node's and fastify's take the request and the response.
      const style = /\/(node|fastify)$/.test(callee.module) ? 2 : /\/aws-lambda$/.test(callee.module) ? 2 : 1;
      const arg = call.args[0];
      const handler: Handler = {
        type: "handler",
        protocol,
        optionsIndex: style,
        router: arg ? this.interpreter.evaluate(arg, call.scope) : undefined,
        node: call.node,
      };
      this.handlers.push(handler);
      return this.wrap(handler);
    }
    if (rest.length) return undefined;
    if (SERVER.test(callee.module)) {
      if (root === "os" && method) return this.callMethod(this.wrap(this.builder(false)), method, call);
      if (root === "implement" && !method) {
        const arg = call.args[0];
        return this.wrap({
          type: "implementer",
          contract: arg ? this.interpreter.evaluate(arg, call.scope) : { kind: "undefined" },
          checks: [],
        });
      }
      if (root === "lazy" && !method) return this.lazy(call, { checks: [], tags: [] });
      return undefined;
    }
    if (CONTRACT.test(callee.module) && root === "oc" && method) return this.callMethod(this.wrap(this.builder(true)), method, call);
    return undefined;
  }

  property(receiver: HostValue, name: string): Value | undefined {
    const object = receiver.host as OrpcObject;
    if (object.type !== "implementer") return undefined;
    // `impl.planet.list`: the implementer of that part of the contract.
    const part = object.contract.kind === "object" ? object.contract.props.get(name) : undefined;
    return part ? this.wrap({ type: "implementer", contract: part, checks: object.checks }) : undefined;
  }

  callMethod(receiver: HostValue, method: string, call: CallContext): Value {
    const object = receiver.host as OrpcObject;
    if (ts.isCallExpression(call.node)) this.visited.add(call.node);
    const arg = call.args[0];
    switch (object.type) {
      case "builder":
        return this.builderMethod(object, method, call) ?? receiver;
      case "procedure":
        if (method === "use") return this.wrap({ ...object, checks: [...object.checks, ...(arg ? this.checksOf(arg, call) : [])] });
        if (method === "route") return this.wrap({ ...object, route: this.mergeRoute(object.route, arg, call) });
        // `.errors()`, `.meta()`, `.callable()`, `.actionable()`: the same procedure.
        return receiver;
      case "implementer": {
        if (method === "use") return this.wrap({ ...object, checks: [...object.checks, ...(arg ? this.checksOf(arg, call) : [])] });
        if (method === "middleware") return arg ? this.interpreter.evaluate(arg, call.scope) : receiver;
        if (method === "router") return arg ? this.enhanced(arg, call, { checks: object.checks, tags: [] }) : receiver;
        if (method === "lazy") return this.lazy(call, { checks: object.checks, tags: [] });
        if (method === "handler" && ts.isCallExpression(call.node)) {
          const contract = object.contract.kind === "host" ? (object.contract.host as OrpcObject) : undefined;
          const route = contract?.type === "builder" && contract.contract ? contract.route : EMPTY_ROUTE;
          return this.procedure(object.checks, route, arg, call.node, call);
        }
        // `$context<T>()`, `$config()`: the same implementer.
        return receiver;
      }
      default:
        return receiver;
    }
  }

  /**
   * Two builders a condition known only at run time chooses between: one when both bring the same checks and
   * route, as the tRPC host joins its builders; undefined otherwise (which keys a route needs would depend on
   * the deployment).
   */
  join(values: readonly HostValue[]): Value | undefined {
    const objects = values.map((v) => v.host as OrpcObject);
    if (!objects.every((o): o is Builder => o.type === "builder")) return undefined;
    const [first, ...others] = objects as [Builder, ...Builder[]];
    const same = (o: Builder) =>
      o.contract === first.contract &&
      o.route === first.route &&
      o.checks.length === first.checks.length &&
      o.checks.every(
        (c, i) => c === first.checks[i] || (c.node === first.checks[i]!.node && c.keys.join("\0") === first.checks[i]!.keys.join("\0")),
      );
    return others.every(same) ? this.wrap(first) : undefined;
  }

  private builderMethod(object: Builder, method: string, call: CallContext): Value | undefined {
    const arg = call.args[0];
    const next = (changes: Partial<Builder>): Value =>
      this.wrap({ ...object, ...changes, ...(ts.isCallExpression(call.node) ? { node: call.node } : {}) });
    switch (method) {
      case "use":
        return next({ checks: [...object.checks, ...(arg ? this.checksOf(arg, call) : [])] });
      case "middleware":
        return arg ? this.interpreter.evaluate(arg, call.scope) : undefined;
      case "route":
        return next({ route: this.mergeRoute(object.route, arg, call) });
      case "$route":
        return next({ route: this.mergeRoute(EMPTY_ROUTE, arg, call) });
      case "prefix": {
        const value = arg ? this.interpreter.evaluate(arg, call.scope) : undefined;
        const known = typeof object.prefix === "object" ? object.prefix : undefined;
        const prefix = known ?? (value?.kind === "string" ? `${object.prefix ?? ""}${value.value}` : { unread: arg ?? call.node });
        return next({ prefix });
      }
      case "tag": {
        const tags = call.args.map((a) => this.interpreter.evaluate(a, call.scope)).filter((v) => v.kind === "string");
        return next({ tags: [...object.tags, ...tags.map((t) => (t as { value: string }).value)] });
      }
      case "handler":
        return ts.isCallExpression(call.node) && !object.contract
          ? this.procedure(object.checks, object.route, arg, call.node, call)
          : undefined;
      case "router":
        return arg ? (object.contract ? this.contractRouter(arg, call, object) : this.enhanced(arg, call, object)) : undefined;
      case "lazy":
        return object.contract ? undefined : this.lazy(call, object);
      default:
        // `.input()`, `.output()`, `.errors()`, `.meta()`, `$context<T>()`, `$meta()`, `$config()`, `$input()`: the
        // same builder (a contract builder so changed is still that contract procedure, now made here).
        return next({});
    }
  }

  private procedure(checks: CheckValue[], route: Route, arg: ts.Expression | undefined, node: ts.CallExpression, call: CallContext): Value {
    const handler = arg ? this.interpreter.evaluate(arg, call.scope) : undefined;
    const fn = handler?.kind === "function" ? handler : undefined;
    return this.wrap({
      type: "procedure",
      checks: [...checks, ...(fn ? this.interpreter.bodyChecks(fn) : [])],
      route,
      ...(fn ? { handler: fn } : {}),
      node,
    });
  }

  /** `.route(r)`: `r` spread over the route so far, as oRPC's `mergeRoute` does. */
  private mergeRoute(route: Route, arg: ts.Expression | undefined, call: CallContext): Route {
    if (!arg) return route;
    const value = this.interpreter.evaluate(arg, call.scope);
    if (value.kind !== "object") return { props: route.props, unread: arg };
    return { props: new Map([...route.props, ...value.props]), ...(route.unread ? { unread: route.unread } : {}) };
  }

  /** `os.router({...})` (and `os.use(mw).prefix(p).tag(t).router(...)`): the router read, each procedure enhanced. */
  private enhanced(arg: ts.Expression, call: CallContext, by: Enhancement): Value {
    const read = this.readTree(
      this.interpreter.evaluate(arg, call.scope),
      arg,
      ts.isObjectLiteralExpression(unwrapExpression(arg)) ? (unwrapExpression(arg) as ts.ObjectLiteralExpression) : undefined,
    );
    return read ? this.wrap(enhance(read, by)) : { kind: "unknown", reason: "is not a router apidex can read", node: arg };
  }

  /**
   * `oc.prefix(p).tag(t).router({...})`: the contract router with the prefix before each contract procedure's
   * `path` (when it has one) and the tags before its own, as `enhanceContractRouter` does; a plain object of
   * contract procedures otherwise.
   */
  private contractRouter(arg: ts.Expression, call: CallContext, by: Enhancement): Value {
    const apply = (value: Value): Value => {
      if (value.kind === "object") return { kind: "object", props: new Map([...value.props].map(([k, v]) => [k, apply(v)])) };
      const object = value.kind === "host" ? (value.host as OrpcObject) : undefined;
      if (object?.type !== "builder" || !object.contract) return value;
      return this.wrap({ ...object, route: enhanceRoute(object.route, by).route });
    };
    return apply(this.interpreter.evaluate(arg, call.scope));
  }

  /**
   * `lazy(() => import("./planet"))`, `os.lazy(...)`: the router the module exports by default, as oRPC loads it
   * (`unlazy` reads `default`). Unread (APX241) when the loader is written otherwise.
   */
  private lazy(call: CallContext, by: Enhancement): Value {
    const arg = call.args[0];
    const loader = arg ? this.interpreter.evaluate(arg, call.scope) : undefined;
    if (loader?.kind === "function") {
      const result = this.interpreter.callFunction(loader, [], call.node);
      const module = result.kind === "namespace" ? this.interpreter.moduleExports(result.file, call.node) : result;
      const exported = module?.kind === "object" ? module.props.get("default") : undefined;
      const read = exported ? this.readTree(exported, call.node) : undefined;
      if (read) return this.wrap(enhance(read, by));
    }
    this.unread.push(call.node);
    return { kind: "unknown", reason: "is a lazy router apidex cannot load", node: call.node };
  }

  /**
   * A router as oRPC walks it: a procedure, or an object (plain or made by `.router()`) whose members are
   * procedures and routers. `literal` is the object literal it is written as, when it is: its properties'
   * doc comments describe their procedures. Members of another kind are unread (APX241).
   */
  readTree(value: Value, node: ts.Node, literal?: ts.ObjectLiteralExpression): Procedure | OrpcRouter | undefined {
    if (value.kind === "host") {
      const object = value.host as OrpcObject;
      return object.type === "procedure" || object.type === "router" ? object : undefined;
    }
    if (value.kind !== "object") return undefined;
    const router: OrpcRouter = { type: "router", entries: new Map(), node };
    const properties = new Map<string, ts.Node>();
    for (const property of literal?.properties ?? [])
      if (property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)))
        properties.set(property.name.text, property);
    for (const [key, member] of value.props) {
      const at = properties.get(key) ?? node;
      const inner =
        at !== node && ts.isPropertyAssignment(at) && ts.isObjectLiteralExpression(unwrapExpression(at.initializer))
          ? (unwrapExpression(at.initializer) as ts.ObjectLiteralExpression)
          : undefined;
      const read = this.readTree(member, at, inner);
      if (!read) {
        // Where the entry is written; in a router known only as a value, where its unknown value comes from.
        this.unread.push(at !== node ? at : member.kind === "unknown" ? member.node : node);
        continue;
      }
      const doc = at !== node ? leadingDoc(at) : undefined;
      router.entries.set(key, { value: read, node: at, ...(doc ? { doc } : {}) });
    }
    return router;
  }

  /** The permission checks a middleware brings (extract/shared.ts). */
  private checksOf(arg: ts.Expression, call: CallContext): CheckValue[] {
    return middlewareChecks(this.interpreter, arg, call.scope);
  }
}

/** A route with a builder's prefix (only before a `path` it has) and tags (before its own), as oRPC's `enhanceRoute`. */
function enhanceRoute(route: Route, by: Enhancement): { route: Route; prefixUnread?: ts.Node } {
  const props = new Map(route.props);
  let prefixUnread: ts.Node | undefined;
  const path = props.get("path");
  if (by.prefix !== undefined && path && path.kind !== "undefined") {
    if (typeof by.prefix === "object") prefixUnread = by.prefix.unread;
    else if (path.kind === "string") props.set("path", { kind: "string", value: `${by.prefix}${path.value}` });
  }
  if (by.tags.length) {
    const own = props.get("tags");
    const ownTags = own?.kind === "array" ? own.items : [];
    props.set("tags", { kind: "array", items: [...by.tags.map((t): Value => ({ kind: "string", value: t })), ...ownTags] });
  }
  return { route: { props, ...(route.unread ? { unread: route.unread } : {}) }, ...(prefixUnread ? { prefixUnread } : {}) };
}

/** Every procedure of a router with a builder's middleware before its own, and its prefix and tags. */
function enhance(tree: Procedure | OrpcRouter, by: Enhancement): Procedure | OrpcRouter {
  if (!by.checks.length && by.prefix === undefined && !by.tags.length) return tree;
  if (tree.type === "procedure") {
    const { route, prefixUnread } = enhanceRoute(tree.route, by);
    return {
      ...tree,
      checks: [...by.checks, ...tree.checks],
      route,
      ...(prefixUnread || tree.prefixUnread ? { prefixUnread: tree.prefixUnread ?? prefixUnread } : {}),
    };
  }
  return {
    ...tree,
    entries: new Map([...tree.entries].map(([key, entry]) => [key, { ...entry, value: enhance(entry.value, by) }])),
  };
}
