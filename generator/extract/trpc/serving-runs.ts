/**
 * The runs of the function a tRPC handler is called in, each with the scope the handler's options are read in.
 *
 * A handler is often made inside a function that answers the request (`const v2 = (c) => { const endpoint =
 * "/api/v2"; return createOpenApiFetchHandler({ endpoint, router, req: c.req.raw }) }`), and its options may
 * use the function's locals or parameters (`endpoint: isBeta ? "/api/v2-beta" : "/api/v2"`, decided by each
 * caller). Read where the module is, such names are unknown. So the function is run as its callers in the
 * sources call it, each call's arguments bound where the call is written (a caller inside a request callback:
 * its module's scope, the request itself unknown), and the handler call's scope is kept as the interpreter
 * reaches it. A function nothing in the sources calls (a route handler a framework calls) runs once, its
 * parameters unknown. A project's own adapter around a handler (`export const serve = (opts) =>
 * createOpenApiNodeHttpHandler(opts)`) is followed the same way: its callers give `opts`.
 */
import type { CallContext, Interpreter } from "../../resolve/interpreter.js";
import { unwrapExpression } from "../../resolve/syntax.js";
import { type FunctionValue, type Scope, unknown, type Value } from "../../resolve/values.js";
import type { SourceSite } from "../../diagnostics/diagnostic.js";
import { siteOf } from "../../diagnostics/diagnostic.js";
import type { SourceSet } from "../../scan/source-set.js";
import { callsOf } from "../../scan/calls.js";
import { ts } from "../../typescript.js";

/** One run of the handler call: the scope its options are read in, and the call of its function that made it. */
export interface ServingRun {
  scope: Scope;
  /** The caller's call (`openApi(c, { isBeta: true })`), when the run is one caller's. */
  caller?: SourceSite;
}

/** Hands the scope of a handler call to whoever waits for it (TrpcHost.callExternal sees every package call). */
export class ScopeCapture {
  private waiting: ts.Node | undefined;
  private found: Scope[] = [];

  /** Runs `fn` and returns the scopes `node` was called in meanwhile. */
  during(node: ts.Node, fn: () => void): Scope[] {
    const outer = { waiting: this.waiting, found: this.found };
    this.waiting = node;
    this.found = [];
    try {
      fn();
      return this.found;
    } finally {
      this.waiting = outer.waiting;
      this.found = outer.found;
    }
  }

  saw(call: CallContext): void {
    if (call.node === this.waiting) this.found.push(call.scope);
  }
}

/**
 * The runs of the function `call` is in (empty when it is in none: its module's scope is the one). Each
 * caller the sources hold gives a run; a function without one runs once, its parameters unknown.
 */
export function servingRuns(call: ts.CallExpression, sources: SourceSet, interpreter: Interpreter, capture: ScopeCapture): ServingRun[] {
  const fn = enclosingFunction(call);
  if (!fn) return [];
  const file = fn.getSourceFile();
  // The function as its module makes it: a function declared in another function is read with its module's
  // names only (the outer function's locals stay unknown and say so).
  const value: FunctionValue = { kind: "function", decl: fn, scope: interpreter.module(file).scope };
  const name = functionName(fn);
  const callers = name ? callersOf(fn, name, sources, interpreter) : [];
  const runs: ServingRun[] = [];
  if (!callers.length) {
    const args = fn.parameters.map(
      (parameter): Value =>
        unknown(
          parameter,
          `is a parameter of ${name ? `\`${name}\`` : "the function it is in"}, which no call in the sources gives (a framework calls it at run time)`,
        ),
    );
    for (const scope of capture.during(call, () => interpreter.callFunction(value, args, call))) runs.push({ scope });
    return runs;
  }
  for (const caller of callers) {
    const callerScope = interpreter.module(caller.getSourceFile()).scope;
    const args = caller.arguments.map((arg) => interpreter.evaluate(arg, callerScope));
    for (const scope of capture.during(call, () => interpreter.callFunction(value, args, caller)))
      runs.push({ scope, caller: siteOf(caller) });
  }
  return runs;
}

function enclosingFunction(node: ts.Node): ts.FunctionLikeDeclaration | undefined {
  for (let n = node.parent; n && !ts.isSourceFile(n); n = n.parent)
    if ((ts.isFunctionDeclaration(n) || ts.isFunctionExpression(n) || ts.isArrowFunction(n) || ts.isMethodDeclaration(n)) && n.body)
      return n;
  return undefined;
}

/** The name callers call the function by: `function serve()`, `const serve = (...) => ...`. */
function functionName(fn: ts.FunctionLikeDeclaration): string | undefined {
  if (ts.isFunctionDeclaration(fn)) return fn.name?.text;
  let node: ts.Node = fn;
  while (
    node.parent &&
    (ts.isParenthesizedExpression(node.parent) || ts.isAsExpression(node.parent) || ts.isSatisfiesExpression(node.parent))
  )
    node = node.parent;
  const parent = node.parent;
  return parent && ts.isVariableDeclaration(parent) && parent.initializer === node && ts.isIdentifier(parent.name)
    ? parent.name.text
    : undefined;
}

/**
 * The calls of the sources that call `fn`: by its name, or the name a module imports it as (`import { serve as
 * v2 }`), each checked by what the name holds there.
 */
function callersOf(fn: ts.FunctionLikeDeclaration, name: string, sources: SourceSet, interpreter: Interpreter): ts.CallExpression[] {
  const out: ts.CallExpression[] = [];
  for (const file of sources.files) {
    const names = new Set([name]);
    for (const statement of file.statements) {
      const bindings = ts.isImportDeclaration(statement) ? statement.importClause?.namedBindings : undefined;
      if (bindings && ts.isNamedImports(bindings))
        for (const element of bindings.elements) if ((element.propertyName ?? element.name).text === name) names.add(element.name.text);
    }
    let scope: Scope | undefined;
    for (const call of callsOf(file)) {
      if (!ts.isCallExpression(call)) continue;
      const callee = unwrapExpression(call.expression);
      if (!ts.isIdentifier(callee) || !names.has(callee.text)) continue;
      scope ??= interpreter.module(file).scope;
      const target = interpreter.evaluate(callee, scope);
      if (target.kind === "function" && target.decl === fn) out.push(call);
    }
  }
  return out;
}
