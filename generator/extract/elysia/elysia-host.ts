import { ts } from "../../typescript.js";
import { siteOf } from "../../diagnostics/diagnostic.js";
import type { CallContext } from "../../resolve/interpreter.js";
import { leadingDoc } from "../../resolve/doc-comment.js";
import { docFieldsOf, docFromFields } from "../../resolve/framework-docs.js";
import { stringsOf, type ExternalValue, type HostValue, type Value } from "../../resolve/values.js";
import { flattenValues, RouterHost, type RouterObject, statementDoc, unwrap } from "../router-host.js";
import { isPackageValue } from "../shared.js";

export const ELYSIA_METHODS = new Set(["get", "post", "put", "patch", "delete", "head", "options", "all"]);

/** Methods of an Elysia instance that neither register a route nor change which ones it has. */
const PASSIVE = new Set([
  "derive",
  "resolve",
  "state",
  "decorate",
  "model",
  "error",
  "onError",
  "onRequest",
  "onParse",
  "onTransform",
  "onAfterHandle",
  "mapResponse",
  "onAfterResponse",
  "onResponse",
  "onStart",
  "onStop",
  "listen",
  "stop",
  "compile",
  "as",
  "macro",
  "headers",
  "trace",
]);

/**
 * Elysia inside the evaluator: `new Elysia({ prefix })` is an app (and a plugin: `use()` adds its routes under
 * its own prefix); verbs and `route(method, path, ...)` add routes whose hook's `beforeHandle` runs first;
 * `group(prefix, app => ...)` and `guard({ beforeHandle }, app => ...)` run their callback on a scoped
 * instance; `guard(hook)` and `onBeforeHandle(fn)` apply to the routes registered after them; `use(fn)`
 * runs a plugin function on the app.
 */
export class ElysiaHost extends RouterHost {
  callExternal(callee: ExternalValue, call: CallContext): Value | undefined {
    const name = callee.path[callee.path.length - 1];
    // `import { Elysia } from "elysia"` or its default export, the same class.
    const isElysia = name === undefined || name === "Elysia" || name === "default";
    if (callee.module !== "elysia" || !isElysia || !ts.isNewExpression(call.node)) return undefined;
    const { value, router } = this.create("app", call.node);
    this.readPrefix(router, call, "instance prefix", true);
    return value;
  }

  callMethod(receiver: HostValue, method: string, call: CallContext): Value {
    const object = receiver.host as RouterObject;
    if (object.type !== "router" || !ts.isCallExpression(call.node) || PASSIVE.has(method)) return receiver;
    const node = call.node;
    const app = object.router;
    if (ELYSIA_METHODS.has(method) || method === "route") {
      this.visit(node);
      const methodArg = method === "route" ? call.args[0] : undefined;
      const methods = methodArg ? stringsOf(this.interpreter.evaluate(methodArg, call.scope)) : [method];
      if (!methods) {
        this.diagnostics.warning(
          "APX201",
          "Cannot resolve the method of this route() call statically; the route is left out.",
          siteOf(methodArg!),
          "Pass the method as a string literal or a const.",
        );
        return receiver;
      }
      const rest = method === "route" ? call.args.slice(1) : call.args;
      const paths = this.paths(rest[0], call, "route path");
      // (path, handler, hook): the hook's beforeHandle runs before the handler.
      const args = [...this.beforeHandle(rest[2]), ...(rest[1] ? [rest[1]] : [])];
      // In a chain (`new Elysia() /** List users *\/ .get(...)`), the comment just before the link.
      const callee = node.expression;
      const doc = (ts.isPropertyAccessExpression(callee) ? leadingDoc(callee, callee.expression.end) : undefined) ?? statementDoc(node);
      // The hook's `detail` is the route's OpenAPI documentation (what Elysia's openapi plugin publishes).
      const hook = rest[2] ? this.interpreter.evaluate(rest[2], call.scope) : undefined;
      const detail = hook?.kind === "object" ? hook.props.get("detail") : undefined;
      const documented = detail ? docFromFields(docFieldsOf(detail), siteOf(node), "elysia") : undefined;
      // A macro option named for the keys it takes (`{ hasPermission: "invoices.read" }`, `{ scopes: [...] }`).
      const named = this.interpreter.optionChecksIn(node, call.scope);
      if (paths) for (const m of methods) this.addRoute(app, m.toLowerCase(), paths, args, call, doc, named, documented);
      return receiver;
    }
    if (method === "group" || method === "guard") {
      this.visit(node);
      const paths = method === "group" ? this.paths(call.args[0], call, "group prefix") : ["/"];
      if (!paths) return receiver;
      const rest = method === "group" ? call.args.slice(1) : call.args;
      const callback = rest[rest.length - 1];
      const fn = callback ? this.interpreter.evaluate(callback, call.scope) : undefined;
      const hook = rest.length > 1 || fn?.kind !== "function" ? rest[0] : undefined;
      const checks = [...this.hookChecks(hook, call), ...this.interpreter.optionChecksIn(node, call.scope)];
      if (fn?.kind !== "function") {
        // `guard(hook)`: the hook applies to the routes this instance registers after it.
        if (checks.length) app.stack.push({ type: "middleware", paths: ["/"], end: false, checks, site: siteOf(node) });
        return receiver;
      }
      const { value: scopedValue, router: scoped } = this.create("router", node);
      scoped.mounted = true;
      if (checks.length) scoped.stack.push({ type: "middleware", paths: ["/"], end: false, checks, site: siteOf(node) });
      this.interpreter.callFunction(fn, [scopedValue], node);
      app.stack.push({ type: "mount", paths, router: scoped, site: siteOf(node), ...this.conditional() });
      return receiver;
    }
    if (method === "onBeforeHandle") {
      this.visit(node);
      const checks = call.args.flatMap((arg) => this.middlewareChecks(this.interpreter.evaluate(arg, call.scope)));
      if (checks.length) app.stack.push({ type: "middleware", paths: ["/"], end: false, checks, site: siteOf(node) });
      return receiver;
    }
    if (method === "use") {
      this.visit(node);
      for (const arg of call.args)
        for (const value of flattenValues(this.interpreter.evaluate(arg, call.scope))) {
          const sub = this.routerOf(value);
          // `app.use(this.requestOtp(app))`, where the helper registered on `app` and returned it: the instance's own
          // routes are already its own (the running service uses itself without a cycle).
          if (sub === app) continue;
          if (sub) {
            sub.mounted = true;
            app.stack.push({ type: "mount", paths: ["/"], router: sub, site: siteOf(node), ...this.conditional() });
          } else if (value.kind === "function") this.interpreter.callFunction(value, [receiver], node);
          // A package's plugin (`@elysiajs/cors`) adds nothing of the project's; one of the project's own that
          // cannot be read may add routes, so it is reported.
          else if (value.kind !== "external" && value.kind !== "object" && !isPackageValue(arg))
            this.diagnostics.warning(
              "APX210",
              "Cannot read this plugin statically; the routes it registers are not indexed.",
              siteOf(arg),
              "Use an Elysia instance or a plugin function from the sources, or a const holding one.",
            );
        }
      return receiver;
    }
    return receiver;
  }

  /** The checks a hook object's `beforeHandle` (a function or an array of them) holds. */
  private hookChecks(hook: ts.Expression | undefined, call: CallContext) {
    return this.beforeHandle(hook).flatMap((expression) =>
      flattenValues(this.interpreter.evaluate(expression, call.scope)).flatMap((v) => this.middlewareChecks(v)),
    );
  }

  /** The `beforeHandle` expression of a hook object literal, as route arguments that run before the handler. */
  private beforeHandle(hook: ts.Expression | undefined): ts.Expression[] {
    const literal = hook ? unwrap(hook) : undefined;
    if (!literal || !ts.isObjectLiteralExpression(literal)) return [];
    const out: ts.Expression[] = [];
    for (const p of literal.properties)
      if (ts.isPropertyAssignment(p) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) && p.name.text === "beforeHandle")
        out.push(p.initializer);
    return out;
  }
}
