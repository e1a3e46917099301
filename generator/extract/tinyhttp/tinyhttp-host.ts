import { siteOf } from "../../diagnostics/diagnostic.js";
import type { CallContext } from "../../resolve/interpreter.js";
import type { ExternalValue, HostValue, Value } from "../../resolve/values.js";
import { EXPRESS_METHODS, ExpressHost } from "../express/express-host.js";

/** The calls the sweep of unreached registrations looks for in a tinyhttp project. */
export const TINYHTTP_METHODS = new Set([...EXPRESS_METHODS, "use", "route"]);

/**
 * tinyhttp (`@tinyhttp/app` 2 and 3) inside the evaluator, on the Express host: `new App(opts)` is an app; its
 * route methods and `use(base?, ...fns)` register as Express's do (tinyhttp runs middleware and routes in
 * registration order, and `use(base, subApp)` mounts an app there, as Express does); `app.route(path)` is
 * tinyhttp's own: a new app mounted at `path`, returned (`app.route("/users").get("/", h)` is `GET /users`).
 * tinyhttp has no settings read through `get(name)` (`app.set`/`app.enable` write them): `get` is a route.
 */
export class TinyhttpHost extends ExpressHost {
  override callExternal(callee: ExternalValue, call: CallContext): Value | undefined {
    if (callee.module === "@tinyhttp/app" && callee.path.length === 1 && callee.path[0] === "App")
      return this.create("app", call.node).value;
    return undefined;
  }

  override callMethod(receiver: HostValue, method: string, call: CallContext): Value {
    const target = this.routerCall(receiver, call);
    if (!target) return receiver;
    if (method === "route") {
      this.visit(target.node);
      const paths = this.paths(call.args[0], call, "route path");
      const { value, router: sub } = this.create("app", target.node);
      sub.mounted = true;
      if (paths) target.router.stack.push({ type: "mount", paths, router: sub, site: siteOf(target.node), ...this.conditional() });
      return value;
    }
    // `app.get(path)` alone registers nothing that answers.
    if (EXPRESS_METHODS.has(method)) return call.args.length < 2 ? receiver : super.callMethod(receiver, method, call);
    if (method === "use") return super.callMethod(receiver, method, call);
    return receiver;
  }

  /** A tinyhttp app is no function: what the Express host says of its own objects does not hold. */
  override typeOf(_value: HostValue): "function" | undefined {
    return undefined;
  }

  override property(_receiver: HostValue, _name: string): Value | undefined {
    return undefined;
  }
}
