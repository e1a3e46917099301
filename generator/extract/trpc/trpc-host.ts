/**
 * tRPC's meaning inside the evaluator. `initTRPC.create()` (with `.context<C>()`, `.meta<M>()` before it)
 * gives an instance whose `procedure` is a procedure builder, `router({...})` a router, `middleware(fn)`
 * a middleware and `mergeRouters(a, b)` a router holding both. A builder's `.use(mw)`, `.input()`,
 * `.output()` and `.meta({...})` give a builder with that added; `.query(fn)`, `.mutation(fn)` and
 * `.subscription(fn)` a procedure: its kind, meta, the permission checks of its middleware and handler, and
 * its handler.
 */
import type { CallContext, HostAdapter, Interpreter } from "../../resolve/interpreter.js";
import { leadingDoc, type DocComment } from "../../resolve/doc-comment.js";
import { returnedExpression, unwrapExpression } from "../../resolve/syntax.js";
import type { CheckValue, ExternalValue, FunctionValue, HostValue, Value } from "../../resolve/values.js";
import { ts } from "../../typescript.js";
import { middlewareChecks } from "../shared.js";
import { ScopeCapture } from "./serving-runs.js";

export type ProcedureKind = "query" | "mutation" | "subscription";

interface Instance {
  type: "instance";
}

interface Builder {
  type: "builder";
  checks: CheckValue[];
  meta: Value[];
}

export interface Procedure {
  type: "procedure";
  kind: ProcedureKind;
  checks: CheckValue[];
  /** The `.meta({...})` objects, in order (later ones override). */
  meta: Value[];
  handler?: FunctionValue;
  node: ts.CallExpression;
}

export interface TrpcRouter {
  type: "router";
  /** Procedures and sub-routers by key, each with the doc comment written on its property. */
  entries: Map<string, { value: TrpcObject; doc?: DocComment; node: ts.Node }>;
  node: ts.Node;
}

/** `t.router`, `t.middleware`, `t.mergeRouters`, kept to be called later (`export const router = t.router`). */
interface Method {
  type: "method";
  name: string;
}

export type TrpcObject = Instance | Builder | Procedure | TrpcRouter | Method;

const SERVER = /^@trpc\/server(\/|$)/;

/** The same check: the same call, or the same keys read at the same node. */
function sameCheck(a: CheckValue, b: CheckValue): boolean {
  return a === b || (a.node === b.node && a.keys.join("\0") === b.keys.join("\0"));
}

export class TrpcHost implements HostAdapter {
  interpreter!: Interpreter;
  /** Entries of a router that are neither procedures nor routers (`lazy(() => import(...))`, a spread of a run-time value). */
  readonly unread: ts.Node[] = [];
  /** The calls read as tRPC (`.use(...)`, `.query(...)`, `router({...})`): no other adapter's unread registrations. */
  readonly visited = new Set<ts.CallExpression>();
  /** The scopes a handler call is reached in while its function runs (serving-runs.ts). */
  readonly capture = new ScopeCapture();

  private wrap(host: TrpcObject): HostValue {
    return { kind: "host", host };
  }

  callExternal(callee: ExternalValue, call: CallContext): Value | undefined {
    this.capture.saw(call);
    if (!SERVER.test(callee.module)) return undefined;
    const [root, ...rest] = callee.path;
    // `lazy(() => import("./user").then((m) => m.userRouter))` (tRPC 11; `experimental_lazy` before it).
    if ((root === "lazy" || root === "experimental_lazy") && !rest.length) {
      const router = this.lazyRouter(call);
      return router ? this.wrap(router) : undefined;
    }
    if (root !== "initTRPC") return undefined;
    const last = rest[rest.length - 1];
    // `initTRPC.context<C>()`, `.meta<M>()`: still the builder of the instance.
    if (last === "context" || last === "meta")
      return { kind: "external", module: callee.module, path: [...callee.path.slice(0, -1), `${last}()`] };
    if (last === "create") return this.wrap({ type: "instance" });
    return undefined;
  }

  property(receiver: HostValue, name: string): Value | undefined {
    const object = receiver.host as TrpcObject;
    // `...other._def.record` (its entries, routers nested) and `...other._def.procedures` (every procedure under
    // its dotted key): tRPC's own description of a router, which projects spread to merge routers.
    if (object.type === "router" && name === "_def") {
      const flat = new Map<string, Value>();
      const flatten = (router: TrpcRouter, prefix: string) => {
        for (const [key, entry] of router.entries)
          if (entry.value.type === "router") flatten(entry.value, `${prefix}${key}.`);
          else flat.set(`${prefix}${key}`, this.wrap(entry.value));
      };
      flatten(object, "");
      const record = new Map<string, Value>([...object.entries].map(([key, entry]) => [key, this.wrap(entry.value)]));
      return {
        kind: "object",
        props: new Map<string, Value>([
          ["record", { kind: "object", props: record }],
          ["procedures", { kind: "object", props: flat }],
        ]),
      };
    }
    if (object.type !== "instance") return undefined;
    if (name === "procedure") return this.wrap({ type: "builder", checks: [], meta: [] });
    if (name === "router" || name === "middleware" || name === "mergeRouters") return this.wrap({ type: "method", name });
    return undefined;
  }

  callValue(callee: HostValue, call: CallContext): Value | undefined {
    const object = callee.host as TrpcObject;
    return object.type === "method" ? this.callInstance(object.name, call) : undefined;
  }

  callMethod(receiver: HostValue, method: string, call: CallContext): Value {
    const object = receiver.host as TrpcObject;
    if (ts.isCallExpression(call.node)) this.visited.add(call.node);
    if (object.type === "instance") return this.callInstance(method, call) ?? receiver;
    if (object.type === "builder" && ts.isCallExpression(call.node)) {
      const arg = call.args[0];
      switch (method) {
        case "use":
          return this.wrap({ ...object, checks: [...object.checks, ...(arg ? this.checksOf(arg, call) : [])] });
        case "meta":
          return this.wrap({ ...object, meta: [...object.meta, ...(arg ? [this.interpreter.evaluate(arg, call.scope)] : [])] });
        case "query":
        case "mutation":
        case "subscription": {
          const handler = arg ? this.interpreter.evaluate(arg, call.scope) : undefined;
          const fn = handler?.kind === "function" ? handler : undefined;
          return this.wrap({
            type: "procedure",
            kind: method,
            checks: [...object.checks, ...(fn ? this.interpreter.bodyChecks(fn) : [])],
            meta: object.meta,
            ...(fn ? { handler: fn } : {}),
            node: call.node,
          });
        }
        default:
          // `.input(schema)`, `.output(schema)`, `.concat(...)`: the same procedure, typed.
          return receiver;
      }
    }
    return receiver;
  }

  /**
   * Two procedure builders a condition known only at run time chooses between (`const base = demo ?
   * t.procedure.use(readOnly) : t.procedure`): one builder when both bring the same checks (and no meta), so that what
   * is built on it is read; undefined when they differ, since which keys a route needs would then depend on
   * the deployment.
   */
  join(values: readonly HostValue[]): Value | undefined {
    const objects = values.map((v) => v.host as TrpcObject);
    if (!objects.every((o): o is Builder => o.type === "builder")) return undefined;
    const [first, ...others] = objects as [Builder, ...Builder[]];
    const same = (a: CheckValue[], b: CheckValue[]) => a.length === b.length && a.every((c, i) => sameCheck(c, b[i]!));
    // (Their meta too: a base that documents itself one way or the other is not one builder.)
    if (!others.every((o) => same(o.checks, first.checks) && o.meta.length === 0) || first.meta.length) return undefined;
    return this.wrap({ type: "builder", checks: first.checks, meta: [] });
  }

  /**
   * The router a `lazy()` loader gives: `import("./user").then((m) => m.userRouter)` (the callback may do more
   * before it returns), or `import("./user")`, whose one export is the router (tRPC refuses a module with
   * more). Undefined when the loader is written otherwise: the router's entry is then unread (APX240).
   */
  private lazyRouter(call: CallContext): TrpcRouter | undefined {
    const arg = call.args[0];
    const loader = arg ? this.interpreter.evaluate(arg, call.scope) : undefined;
    if (loader?.kind !== "function") return undefined;
    const returned = returnedExpression(loader.decl);
    const expression = returned && unwrapExpression(returned);
    if (!expression || !ts.isCallExpression(expression)) return undefined;
    const routerOf = (value: Value): TrpcRouter | undefined => {
      const object = value.kind === "host" ? (value.host as TrpcObject) : undefined;
      return object?.type === "router" ? object : undefined;
    };
    if (expression.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const namespace = this.interpreter.evaluate(expression, loader.scope);
      const exports = namespace.kind === "namespace" ? this.interpreter.moduleExports(namespace.file, expression) : undefined;
      const routers = exports ? [...exports.props.values()].map(routerOf).filter((r) => r !== undefined) : [];
      return routers.length === 1 ? routers[0] : undefined;
    }
    const callee = expression.expression;
    if (!ts.isPropertyAccessExpression(callee) || callee.name.text !== "then" || !expression.arguments[0]) return undefined;
    const imported = unwrapExpression(callee.expression);
    if (!ts.isCallExpression(imported) || imported.expression.kind !== ts.SyntaxKind.ImportKeyword) return undefined;
    const namespace = this.interpreter.evaluate(imported, loader.scope);
    const then = this.interpreter.evaluate(expression.arguments[0], loader.scope);
    if (namespace.kind !== "namespace" || then.kind !== "function") return undefined;
    return routerOf(this.interpreter.callFunction(then, [namespace], expression));
  }

  /** `t.router({...})`, `t.middleware(fn)` (the function: its checks count where it is used), `t.mergeRouters(a, b)`. */
  private callInstance(name: string, call: CallContext): Value | undefined {
    const arg = call.args[0];
    if (name === "middleware") return arg ? this.interpreter.evaluate(arg, call.scope) : undefined;
    if (name === "router") return arg ? this.wrap(this.router(arg, call)) : undefined;
    if (name === "mergeRouters") {
      const merged: TrpcRouter = { type: "router", entries: new Map(), node: call.node };
      for (const a of call.args) {
        const value = this.interpreter.evaluate(a, call.scope);
        const router = value.kind === "host" ? (value.host as TrpcObject) : undefined;
        if (router?.type === "router") for (const [key, entry] of router.entries) merged.entries.set(key, entry);
        else this.unread.push(a);
      }
      return this.wrap(merged);
    }
    return undefined;
  }

  private router(arg: ts.Expression, call: CallContext): TrpcRouter {
    const router: TrpcRouter = { type: "router", entries: new Map(), node: call.node };
    const literal = unwrapExpression(arg);
    const add = (key: string, value: Value, node: ts.Node) => {
      const object = value.kind === "host" ? (value.host as TrpcObject) : value.kind === "object" ? this.record(value, node) : undefined;
      if (object && (object.type === "procedure" || object.type === "router")) {
        const doc = leadingDoc(node);
        router.entries.set(key, { value: object, node, ...(doc ? { doc } : {}) });
      } else this.unread.push(node);
    };
    if (ts.isObjectLiteralExpression(literal)) {
      for (const property of literal.properties) {
        if (ts.isSpreadAssignment(property)) {
          // `...otherRouter._def.record` and the like: read when static.
          const spread = this.interpreter.evaluate(property.expression, call.scope);
          if (spread.kind === "object") for (const [key, value] of spread.props) add(key, value, property);
          else this.unread.push(property);
          continue;
        }
        const key = property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)) ? property.name.text : undefined;
        if (!key) {
          this.unread.push(property);
          continue;
        }
        // `payments: { record: ... }`: a sub-router written in place, read with its members' doc comments.
        if (ts.isPropertyAssignment(property) && ts.isObjectLiteralExpression(unwrapExpression(property.initializer))) {
          const doc = leadingDoc(property);
          router.entries.set(key, { value: this.router(property.initializer, call), node: property, ...(doc ? { doc } : {}) });
          continue;
        }
        const value = ts.isPropertyAssignment(property)
          ? this.interpreter.evaluate(property.initializer, call.scope)
          : ts.isShorthandPropertyAssignment(property)
            ? this.interpreter.evaluate(property.name, call.scope)
            : undefined;
        if (value) add(key, value, property);
        else this.unread.push(property);
      }
      return router;
    }
    const value = this.interpreter.evaluate(arg, call.scope);
    if (value.kind === "object") for (const [key, v] of value.props) add(key, v, arg);
    else this.unread.push(arg);
    return router;
  }

  /**
   * A plain object inside a router (`organisation: { find: findRoute, get: getRoute }`): tRPC 11 takes it
   * as a sub-router. Undefined when a member is neither a procedure nor a router.
   */
  private record(value: Extract<Value, { kind: "object" }>, node: ts.Node): TrpcRouter | undefined {
    const router: TrpcRouter = { type: "router", entries: new Map(), node };
    for (const [key, member] of value.props) {
      const object =
        member.kind === "host" ? (member.host as TrpcObject) : member.kind === "object" ? this.record(member, node) : undefined;
      if (!object || (object.type !== "procedure" && object.type !== "router")) return undefined;
      router.entries.set(key, { value: object, node });
    }
    return router;
  }

  /** The permission checks a middleware brings (extract/shared.ts). */
  private checksOf(arg: ts.Expression, call: CallContext): CheckValue[] {
    return middlewareChecks(this.interpreter, arg, call.scope);
  }
}
