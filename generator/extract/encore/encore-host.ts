/**
 * What Encore.ts's own objects are to the evaluator: the endpoints `api(...)`, `api.raw(...)`, `api.streamIn/
 * streamOut/streamInOut(...)` and `api.static(...)` of `encore.dev/api` declare, its `middleware(...)`, and the
 * `new Service(name, { middlewares })` of `encore.dev/service`. Encore's compiler finds these by their imports
 * (tsparser's resource parsers track `api` of `encore.dev/api` and `Service` of `encore.dev/service`); nothing
 * registers them at run time (`api()` returns the handler it is given), so apidex reads the same calls.
 */
import type { CallContext, HostAdapter, Interpreter } from "../../resolve/interpreter.js";
import type { Scope } from "../../resolve/scope.js";
import type { ExternalValue, HostValue, Value } from "../../resolve/values.js";
import { ts } from "../../typescript.js";

/** The kinds of endpoint `api` and its members declare. */
export type EndpointKind = "api" | "raw" | "streamIn" | "streamOut" | "streamInOut" | "static";

const KINDS = new Set<string>(["raw", "streamIn", "streamOut", "streamInOut", "static"]);

/** One `api(options, handler)` call (or a member's) the evaluation met. */
export interface EncoreEndpoint {
  type: "encore-endpoint";
  kind: EndpointKind;
  node: ts.CallExpression;
  options: Value;
  /** The handler argument (none for `api.static`). */
  handler?: ts.Expression;
  scope: Scope;
}

/** A `middleware(options?, fn)` of `encore.dev/api`. */
export interface EncoreMiddleware {
  type: "encore-middleware";
  node: ts.CallExpression;
  /** The options' `target`, when given. */
  options?: Value;
  fn?: Value;
}

/** A `new Service(name, config)` of `encore.dev/service`. */
export interface EncoreService {
  type: "encore-service";
  node: ts.NewExpression | ts.CallExpression;
  name: Value;
  config?: Value;
}

export type EncoreObject = EncoreEndpoint | EncoreMiddleware | EncoreService;

export class EncoreHost implements HostAdapter {
  interpreter!: Interpreter;
  /** Every endpoint declaration evaluated, once per call node. */
  readonly endpoints = new Map<ts.CallExpression, EncoreEndpoint>();
  /** Every service declaration evaluated, by its file. */
  readonly services = new Map<string, EncoreService>();

  callExternal(callee: ExternalValue, call: CallContext): Value | undefined {
    const path = callee.path[0] === "default" ? callee.path.slice(1) : callee.path;
    if (callee.module === "encore.dev/api" && ts.isCallExpression(call.node)) {
      if (path[0] === "api" && (path.length === 1 || (path.length === 2 && KINDS.has(path[1]!))))
        return this.endpoint((path[1] ?? "api") as EndpointKind, call.node, call);
      if (path.length === 1 && path[0] === "middleware") return this.middleware(call.node, call);
    }
    if (callee.module === "encore.dev/service" && path.length === 1 && path[0] === "Service") {
      const [name, config] = call.args;
      const service: EncoreService = {
        type: "encore-service",
        node: call.node,
        name: name ? this.interpreter.evaluate(name, call.scope) : { kind: "undefined" },
        ...(config ? { config: this.interpreter.evaluate(config, call.scope) } : {}),
      };
      this.services.set(call.node.getSourceFile().fileName, service);
      return wrap(service);
    }
    return undefined;
  }

  callMethod(receiver: HostValue): Value {
    return receiver;
  }

  private endpoint(kind: EndpointKind, node: ts.CallExpression, call: CallContext): Value {
    const known = this.endpoints.get(node);
    if (known) return wrap(known);
    const [options, handler] = call.args;
    const endpoint: EncoreEndpoint = {
      type: "encore-endpoint",
      kind,
      node,
      options: options ? this.interpreter.evaluate(options, call.scope) : { kind: "undefined" },
      ...(handler && kind !== "static" ? { handler } : {}),
      scope: call.scope,
    };
    this.endpoints.set(node, endpoint);
    return wrap(endpoint);
  }

  private middleware(node: ts.CallExpression, call: CallContext): Value {
    // `middleware(fn)` or `middleware(options, fn)`.
    const [first, second] = call.args;
    const fn = second ?? first;
    const middleware: EncoreMiddleware = {
      type: "encore-middleware",
      node,
      ...(second && first ? { options: this.interpreter.evaluate(first, call.scope) } : {}),
      ...(fn ? { fn: this.interpreter.evaluate(fn, call.scope) } : {}),
    };
    return wrap(middleware);
  }
}

function wrap(object: EncoreObject): HostValue {
  return { kind: "host", host: object };
}

/** The Encore object a value is, if it is one. */
export function encoreObject(value: Value): EncoreObject | undefined {
  if (value.kind !== "host") return undefined;
  const host = value.host as { type?: string };
  return typeof host.type === "string" && host.type.startsWith("encore-") ? (value.host as EncoreObject) : undefined;
}
