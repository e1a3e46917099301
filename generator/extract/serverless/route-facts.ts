import type { DiagnosticBag, SourceSite } from "../../diagnostics/diagnostic.js";
import type { Interpreter } from "../../resolve/interpreter.js";
import { ALL_METHODS } from "../flatten.js";
import { handlerLabel } from "../handler-label.js";
import { markFact, requirementsOf } from "../requirements.js";
import type { RouteFact } from "../route-fact.js";
import { declarationDoc } from "../router-host.js";
import type { RouteCheck } from "../router-graph.js";
import { dedupe } from "../shared.js";
import type { EventReading, EventRoute } from "./events.js";
import type { HandlerReading } from "./handlers.js";

/**
 * The operations of a deployment config's functions (Serverless Framework, AWS SAM), as each function's events
 * and handler give them: one per method (`ANY` is every method), with the authorizer's scopes and the checks
 * on the handler's way. The requirements are computed once every handler is read (`finish`), after the
 * type checker has resolved the keys the syntax could not.
 */
export class FunctionRoutes {
  private readonly pending: { fact: RouteFact; checks: RouteCheck[] }[] = [];
  /** The app (a service of several, at its own base URL) the routes added next belong to: none for a project's one service. */
  app: SourceSite | undefined;

  constructor(
    private readonly framework: string,
    private readonly diagnostics: DiagnosticBag,
  ) {}

  /**
   * The routes of one function's events: an event whose route cannot be read is said (APX201; `what` names it
   * in the message) and left out, and the handler is read once, at the function's first route.
   */
  addEvents<E>(
    name: string,
    events: Iterable<E>,
    read: (event: E) => EventReading,
    what: (event: E) => string,
    hint: string,
    handlerOf: () => HandlerReading,
  ): void {
    let handler: HandlerReading | undefined;
    for (const event of events) {
      const reading = read(event);
      if (!reading) continue;
      if ("problem" in reading) {
        this.diagnostics.warning("APX201", `Cannot read ${what(event)}: ${reading.problem}; the route is not indexed.`, reading.site, hint);
        continue;
      }
      handler ??= handlerOf();
      this.add(name, reading.route, handler);
    }
  }

  /** A route of the function `name` answered by its handler; nothing for a function serving an app of another framework. */
  add(name: string, route: EventRoute, handler: HandlerReading): void {
    // The function serves an app of a framework apidex reads: the app's routes are the operations.
    if ("app" in handler) return;
    if (route.greedy)
      this.diagnostics.warning(
        "APX205",
        route.greedy === "default-route"
          ? `The function \`${name}\` is the HTTP API's default route, which answers every method and path no other route matches: indexed as one catch-all segment, \`/{proxy}\`.`
          : `The greedy parameter of \`${route.path}\` (function \`${name}\`) matches the rest of the path (several segments): indexed as one segment.`,
        route.site,
        "Declare the function's routes one by one if its clients call them as operations.",
      );
    if (route.unreadableKeys)
      this.diagnostics.warning(
        "APX301",
        `Cannot read the keys of the route ${route.method} ${route.path} (function \`${name}\`): ${route.unreadableKeys.why}; the operation is marked \`unresolved\`.`,
        route.unreadableKeys.site,
        "Write the scopes as strings apidex can read.",
      );
    const checks: RouteCheck[] = [
      ...route.checks,
      ...("fn" in handler ? handler.checks : (handler.checks ?? [])),
      // A handler apidex cannot read may check anything.
      ...("problem" in handler ? [{ keys: [], unresolved: true }] : []),
    ];
    const decl = "fn" in handler ? handler.fn.decl : undefined;
    const doc = ("fn" in handler ? handler.doc : undefined) ?? (decl ? declarationDoc(decl) : undefined);
    // A handler that branches on the event's method: an `ANY` route answers only the methods it does not
    // refuse, and a check in a branch over the method guards that branch's methods only.
    const reading = "fn" in handler ? handler.methods : undefined;
    const methods = reading ? reading.methodsOf(route.method) : route.method === "ANY" ? ALL_METHODS : [route.method];
    for (const method of methods) {
      const fact: RouteFact = {
        framework: this.framework,
        method,
        path: route.path,
        pathParams: [...route.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!),
        permissions: [],
        site: route.site,
        handlerLabel: handlerLabel(decl) ?? name,
        ...(decl ? { handler: decl } : {}),
        ...(doc ? { doc } : {}),
        ...(this.app ? { app: this.app } : {}),
      };
      this.pending.push({ fact, checks: reading ? reading.checksFor(checks, method, methods) : checks });
    }
  }

  /** Says why a function's handler cannot be read (its operations are marked). */
  reportHandler(name: string, reading: HandlerReading, site: SourceSite): void {
    if ("problem" in reading)
      this.diagnostics.warning(
        "APX301",
        `Cannot read the handler of the function \`${name}\`: ${reading.problem}; the checks in its body are not read and its operations are marked \`unresolved\`.`,
        site,
        "Name the handler as `path/to/file.export` relative to the service's folder (its code folder), exporting a function (or a middy chain of one).",
      );
  }

  /** The route facts, with their requirements. */
  finish(interpreter: Interpreter): RouteFact[] {
    // Keys the syntax could not give are looked up in types now; the checks are complete after this.
    interpreter.finishChecks();
    return dedupe(
      this.pending.map(({ fact, checks }) => {
        const requirements = requirementsOf(checks);
        fact.permissions = requirements.permissions;
        return markFact(fact, requirements);
      }),
    );
  }
}
