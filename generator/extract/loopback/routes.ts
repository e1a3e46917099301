import { ts } from "../../typescript.js";
import { type DiagnosticBag, siteOf } from "../../diagnostics/diagnostic.js";
import { leadingDoc } from "../../resolve/doc-comment.js";
import { docFieldsOf, docFromFields, mergeDocs } from "../../resolve/framework-docs.js";
import { excerpt, explain, type Interpreter } from "../../resolve/interpreter.js";
import type { CheckValue, Value } from "../../resolve/values.js";
import type { SourceSet } from "../../scan/source-set.js";
import { callsOf } from "../../scan/calls.js";
import { importedFrom } from "../decorated-controllers.js";
import { expressToOpenApi, joinPaths } from "../express/path-syntax.js";
import { reportPathShape } from "../flatten.js";
import { enclosingScope } from "../nest/applications.js";
import { markFact, requirementsOf } from "../requirements.js";
import type { RouteFact } from "../route-fact.js";
import { importedPackages } from "../shared.js";

const REST = new Set(["@loopback/rest"]);
const CRUD = new Set(["@loopback/rest-crud"]);

interface HandlerRoute {
  method: string;
  path: string;
  spec: Value;
  call: ts.CallExpression;
  handler?: ts.FunctionLikeDeclaration;
  checks: CheckValue[];
}

/**
 * Routes an application registers without a controller: `app.route(verb, path, spec, handler)` (or a
 * controller class and method name, `route(verb, path, spec, Ctrl, factory, "method")`) and
 * `app.route(new Route(verb, path, spec, handler))`, under the REST server's base path; the spec documents them
 * as for controllers. Read before the checks are finished (the handlers' checks with the others'); the thunk
 * builds the facts. A CRUD controller `defineCrudRestController` builds at run time, and a model endpoint
 * (`src/model-endpoints/*.rest-config.ts`) the model-API booter builds, are said (APX210), not guessed.
 */
export function handlerRoutes(
  sources: SourceSet,
  interpreter: Interpreter,
  diagnostics: DiagnosticBag,
  basePaths: readonly string[],
): () => RouteFact[] {
  const found: HandlerRoute[] = [];
  for (const file of sources.files) {
    const packages = importedPackages(file);
    if (/(^|\/)model-endpoints\/[^/]*\.rest-config\.ts$/.test(file.fileName.split("\\").join("/")))
      diagnostics.warning(
        "APX210",
        "The routes of this model endpoint are built by LoopBack's model-API booter from the model at start-up; apidex does not index them.",
        siteOf(file.statements[0] ?? file),
        "Write the model's controller (`lb4 controller`), whose decorated methods apidex reads.",
      );
    if (!packages.some((p) => p.startsWith("@loopback/"))) continue;
    const moduleScope = interpreter.module(file).scope;
    for (const call of callsOf(file)) {
      if (!ts.isCallExpression(call)) continue;
      if (ts.isIdentifier(call.expression) && call.expression.text === "defineCrudRestController" && importedFrom(call.expression, CRUD)) {
        diagnostics.warning(
          "APX210",
          "The routes of this CRUD controller are defined by `defineCrudRestController` at run time; apidex does not index them.",
          siteOf(call),
          "Write the controller's methods with `@get`, `@post`, ... (as `lb4 controller` generates them).",
        );
        continue;
      }
      if (!ts.isPropertyAccessExpression(call.expression) || call.expression.name.text !== "route") continue;
      const scope = enclosingScope(call, moduleScope, interpreter);
      const args = call.arguments;
      let parts: readonly ts.Expression[] | undefined;
      if (args.length >= 4) parts = args;
      else if (args.length === 1) {
        const arg = args[0]!;
        // `app.route(new Route(verb, path, spec, handler))`
        if (
          ts.isNewExpression(arg) &&
          ts.isIdentifier(arg.expression) &&
          arg.expression.text === "Route" &&
          importedFrom(arg.expression, REST)
        )
          parts = arg.arguments ?? [];
        // An Express-style `router.route("/path")` is no LoopBack registration.
        else if (ts.isStringLiteralLike(arg) || ts.isTemplateExpression(arg)) continue;
        else {
          diagnostics.warning(
            "APX210",
            `Cannot read the route \`${excerpt(arg)}\` this registers; it is not indexed.`,
            siteOf(call),
            "Register `new Route(verb, path, spec, handler)` or `route(verb, path, spec, handler)` where it is written.",
          );
          continue;
        }
      } else continue;
      const verb = interpreter.evaluate(parts[0]!, scope);
      const path = interpreter.evaluate(parts[1]!, scope);
      if (verb.kind !== "string" || path.kind !== "string") {
        const bad = verb.kind !== "string" ? parts[0]! : parts[1]!;
        diagnostics.warning(
          "APX201",
          `Cannot resolve this route's ${verb.kind !== "string" ? "method" : "path"} statically: \`${excerpt(bad)}\` ${explain(verb.kind !== "string" ? verb : path)}; the route is left out.`,
          siteOf(bad),
          "Use a string literal, a const, or a template literal of consts.",
        );
        continue;
      }
      const spec = parts[2] ? interpreter.evaluate(parts[2], scope) : ({ kind: "undefined" } as Value);
      let handlerValue = parts[3] ? interpreter.evaluate(parts[3], scope) : undefined;
      // `route(verb, path, spec, ControllerClass, factory, "method")`: that method answers.
      let handler: ts.FunctionLikeDeclaration | undefined;
      const checks: CheckValue[] = [];
      if (handlerValue?.kind === "class" && parts[5]) {
        const name = interpreter.evaluate(parts[5], scope);
        const method = handlerValue.decl.members.find(
          (m): m is ts.MethodDeclaration =>
            ts.isMethodDeclaration(m) && ts.isIdentifier(m.name) && name.kind === "string" && m.name.text === name.value,
        );
        if (method?.body) {
          handler = method;
          checks.push(...interpreter.bodyChecks({ kind: "function", decl: method, scope: handlerValue.scope }));
        }
        handlerValue = undefined;
      }
      if (handlerValue?.kind === "function") {
        handler = handlerValue.decl;
        checks.push(...interpreter.bodyChecks(handlerValue));
      }
      found.push({ method: verb.value.toUpperCase(), path: path.value, spec, call, ...(handler ? { handler } : {}), checks });
    }
  }
  return () =>
    found.flatMap((route) => {
      const requirements = requirementsOf(route.checks);
      const statement = route.call.parent && ts.isExpressionStatement(route.call.parent) ? route.call.parent : route.call;
      const fields = docFieldsOf(route.spec);
      const visibility = route.spec.kind === "object" ? route.spec.props.get("x-visibility") : undefined;
      const doc = mergeDocs(
        leadingDoc(statement),
        docFromFields(
          { ...fields, ...(visibility?.kind === "string" && visibility.value === "undocumented" ? { hidden: true } : {}) },
          siteOf(route.call),
          "loopback",
          true,
        ),
      );
      const out: RouteFact[] = [];
      for (const base of basePaths) {
        const full = joinPaths(joinPaths("/", base), route.path.replace(/\{([A-Za-z_$][\w$]*)\}/g, ":$1"));
        const parsed = expressToOpenApi(full);
        if (!parsed.ok) {
          diagnostics.warning(
            "APX204",
            `The path \`${full}\` has ${parsed.problem}; the route is left out.`,
            siteOf(route.call),
            parsed.hint,
          );
          continue;
        }
        reportPathShape(diagnostics, full, parsed.variants, siteOf(route.call), "loopback");
        for (const variant of parsed.variants)
          out.push(
            markFact(
              {
                framework: "loopback",
                method: route.method,
                path: variant.path,
                pathParams: variant.params,
                permissions: requirements.permissions,
                ...(doc ? { doc } : {}),
                site: siteOf(route.call),
                ...(route.handler ? { handler: route.handler } : {}),
              },
              requirements,
            ),
          );
      }
      return out;
    });
}
