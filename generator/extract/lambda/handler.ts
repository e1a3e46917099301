/**
 * AWS Lambda handlers as the deployment adapters read them (Serverless Framework and SAM configs, AWS CDK and
 * SST constructs): the module a handler path names, the function an export answers with and the middleware
 * around it (middy, a wrapper call chain), or the app of another framework it serves. One reading, so a
 * handler means the same whichever tool deploys it.
 */
import path from "node:path";
import { type DocComment, leadingDoc } from "../../resolve/doc-comment.js";
import type { DiagnosticBag } from "../../diagnostics/diagnostic.js";
import type { CallContext, HostAdapter, InterpreterOptions } from "../../resolve/interpreter.js";
import { explain, Interpreter } from "../../resolve/interpreter.js";
import { unwrapExpression } from "../../resolve/syntax.js";
import type { CheckValue, FunctionValue, HostValue, Value } from "../../resolve/values.js";
import { isFrameworkModule } from "../../scan/route-hints.js";
import type { SourceSet } from "../../scan/source-set.js";
import { ts } from "../../typescript.js";
import { flattenValues, middlewareChecksOf } from "../router-host.js";
import { importedPackages } from "../shared.js";

// ------------------------------------------------------------------------------------------------
// The handler's module

/** The endings a handler module may have, in the order Node and the bundlers look for them. */
const ENDINGS = [".ts", ".tsx", ".mts", ".cts", ".js", ".mjs", ".cjs", ".jsx"];

/** How a deployment tool finds a handler's module from its path. */
export interface ModuleLookup {
  /** Whether a file is there for the reading (a file of the sources, or any file of the project). */
  exists: (file: string) => boolean;
  /**
   * Whether `base` may be the file itself (with its ending) or a folder with an `index` module, as a bundler
   * resolves an entry (CDK's NodejsFunction, SST). Without it only `base` plus an ending is looked for, as the
   * Lambda runtime loads `handler: src/users.list` (the Serverless Framework's bundler plugins do the same).
   */
  bundlerStyle: boolean;
}

/** The files `base` may name, most likely first (a `.js` path also names the `.ts` file it is compiled from). */
function moduleCandidates(base: string, bundlerStyle: boolean): string[] {
  if (!bundlerStyle) return ENDINGS.map((e) => base + e);
  const candidates = [base, ...ENDINGS.map((e) => base + e), ...ENDINGS.map((e) => path.posix.join(base, `index${e}`))];
  if (/\.[cm]?js$/.test(base)) candidates.push(base.replace(/\.([cm]?)js$/, ".$1ts"));
  return candidates.filter((c) => /\.[cm]?[jt]sx?$/.test(c));
}

/**
 * The source file of a handler module at `base` (see {@link ModuleLookup}), if there is one. Every file it
 * could be is recorded as an input of the run: a cached run must miss when one of them appears.
 */
export function handlerModule(sources: SourceSet, base: string, lookup: ModuleLookup): string | undefined {
  const candidates = moduleCandidates(base, lookup.bundlerStyle);
  sources.recordInputs(candidates);
  return candidates.find((c) => lookup.exists(c));
}

// ------------------------------------------------------------------------------------------------
// middy

/** The packages whose default export wraps a Lambda handler in a middleware chain. */
const MIDDY = new Set(["@middy/core", "middy"]);

/** A middy chain being built: `middy(handler).use(check)...`, or `middy().use(...).handler(fn)`. */
interface MiddyChain {
  /** Tells a middy chain from another host's objects, in an interpreter shared with them (CDK's). */
  readonly middy: true;
  handler?: FunctionValue;
  checks: CheckValue[];
}

/** An interpreter over the sources that reads middy's chains (a deployment config's handlers are read with it). */
export function lambdaInterpreter(sources: SourceSet, diagnostics: DiagnosticBag, options: InterpreterOptions): Interpreter {
  let interpreter: Interpreter | undefined;
  interpreter = new Interpreter(
    sources,
    diagnostics,
    options,
    middyHost(() => interpreter!),
  );
  return interpreter;
}

/** Whether a host value is a middy chain {@link middyHost} made. */
export function isMiddyChain(value: HostValue): boolean {
  return (value.host as Partial<MiddyChain>).middy === true;
}

/**
 * The interpreter's host for Lambda handlers: middy's chain (`middy(fn).use(x)`, `middy().use(x).handler(fn)`,
 * `.before(fn)`), whose middleware (a recognized check call, a middleware object whose `before` checks, a
 * function) guards the handler as Express middleware guards a route. Any other package call is left to the
 * interpreter (unknown); a host of an adapter with its own objects delegates middy's calls here.
 */
export function middyHost(interpreter: () => Interpreter): HostAdapter & { typeOf(value: HostValue): "function" | undefined } {
  const chain = (value: Omit<MiddyChain, "middy">): HostValue => ({ kind: "host", host: { ...value, middy: true } });
  const checksOf = (value: Value): CheckValue[] =>
    flattenValues(value).flatMap((item) => {
      // A middleware object: `{ before, after, onError }`; only `before` runs ahead of the handler.
      if (item.kind !== "object") return middlewareChecksOf(item, interpreter());
      const before = item.props.get("before");
      return before ? middlewareChecksOf(before, interpreter()) : [];
    });
  const argument = (call: CallContext, index: number): Value | undefined => {
    const node = call.args[index];
    return node ? interpreter().evaluate(node, call.scope) : undefined;
  };
  return {
    callExternal(callee, call) {
      if (!MIDDY.has(callee.module) || (callee.path.length && callee.path.join(".") !== "default")) return undefined;
      const handler = argument(call, 0);
      return chain({ ...(handler?.kind === "function" ? { handler } : {}), checks: [] });
    },
    callMethod(receiver, method, call) {
      const current = receiver.host as MiddyChain;
      if (method === "use" || method === "before") {
        const added = call.args.flatMap((_, index) => {
          const value = argument(call, index);
          return value ? (method === "before" ? middlewareChecksOf(value, interpreter()) : checksOf(value)) : [];
        });
        return chain({ ...current, checks: [...current.checks, ...added] });
      }
      if (method === "handler") {
        const handler = argument(call, 0);
        return chain({ ...current, ...(handler?.kind === "function" ? { handler } : {}) });
      }
      // `after`, `onError`, `applyMiddleware`: nothing that runs before the handler decides.
      return receiver;
    },
    // A middy chain is the function Lambda calls.
    typeOf: (value) => (isMiddyChain(value) ? "function" : undefined),
  };
}

// ------------------------------------------------------------------------------------------------
// The exported handler

/**
 * Lambda packages that serve an app of an HTTP framework from one function (serverless-http,
 * @vendia/serverless-express and its successor, aws-serverless-express, @fastify/aws-lambda, Hono's and
 * Elysia's adapters): the app's own routes are the operations, which that framework's adapter reads.
 */
const APP_ADAPTERS =
  /^(serverless-http|@vendia\/serverless-express|@codegenie\/serverless-express|aws-serverless-express|aws-serverless-koa|@fastify\/aws-lambda|aws-lambda-fastify|hono\/aws-lambda|@h4ad\/serverless-adapter)$/;

/** What a handler module's export is, read: the function that answers and the checks on its way, or why not. */
export type ExportedHandler =
  /**
   * The function that answers; `checks` are those of the middleware around it (its body's are not among them:
   * each adapter reads them its own way), `doc` the comment of the export that wraps it.
   */
  | { fn: FunctionValue; checks: CheckValue[]; doc?: DocComment }
  /** A function serving an app of a framework apidex reads (the package it imports): the app's routes are the operations. */
  | { app: string }
  /** Why the handler cannot be read, with the checks read on its way. */
  | { problem: string; checks?: CheckValue[] };

/**
 * The handler a module exports at `exportPath` (`["list"]`; `["handlers", "list"]` for `file.handlers.list`): a
 * function; a middy chain of one; a module serving another framework's app; or a wrapper call chain of a package
 * apidex does not know (`wrap(main, { scopes })`, `withSentry(main)`), whose first function argument of the
 * innermost call answers and whose every other argument is middleware.
 */
export function readExportedHandler(
  interpreter: Interpreter,
  file: string,
  exportPath: readonly string[],
  /** Told of each call of a wrapper chain read syntactically (it is no route registration of the handler's module). */
  reached?: (call: ts.CallExpression) => void,
): ExportedHandler {
  const source = interpreter.sources.getFile(file);
  const name = exportPath[0]!;
  let value = interpreter.exportValue(file, name);
  for (const part of exportPath.slice(1)) value = value && source ? interpreter.property(value, part, source) : undefined;
  if (value?.kind === "function") return { fn: value, checks: [] };
  // The chain's own export describes the operation (`/** Creates a note. */ export const main = middy(create)...`).
  const doc = source ? exportDoc(source, name) : undefined;
  if (value?.kind === "host" && isMiddyChain(value)) {
    const chain = value.host as MiddyChain;
    if (!chain.handler) return { problem: "its middy chain's handler cannot be read", checks: chain.checks };
    return { fn: chain.handler, checks: chain.checks, ...(doc ? { doc } : {}) };
  }
  const served = source ? servedApp(source) : undefined;
  if (served) return { app: served };
  const written = source && exportPath.length === 1 ? exportInitializer(source, name) : undefined;
  const wrapped = written ? wrapperChain(interpreter, source!, written, reached) : undefined;
  if (wrapped?.fn) return { fn: wrapped.fn, checks: wrapped.checks, ...(doc ? { doc } : {}) };
  const problem = `its export \`${exportPath.join(".")}\` of ${path.posix.basename(file)} ${value ? explain(value, "a function") : "is not there"}`;
  return { problem, ...(wrapped?.checks.length ? { checks: wrapped.checks } : {}) };
}

/**
 * A wrapper written as a call chain (`wrap(main, { scopes })`, `withAuth(main).use(x)`), read from its syntax
 * since the package that makes it is not evaluated: innermost call first, whose first function argument is the
 * handler; every other argument of the chain is middleware (a check call, a middleware object's `before`).
 */
function wrapperChain(
  interpreter: Interpreter,
  source: ts.SourceFile,
  written: ts.Expression,
  reached: ((call: ts.CallExpression) => void) | undefined,
): { fn?: FunctionValue; checks: CheckValue[] } {
  const scope = interpreter.module(source).scope;
  const checks: CheckValue[] = [];
  let fn: FunctionValue | undefined;
  const chain: ts.CallExpression[] = [];
  for (let e = unwrapExpression(written); ts.isCallExpression(e); ) {
    chain.unshift(e);
    const callee = unwrapExpression(e.expression);
    e = ts.isPropertyAccessExpression(callee) ? unwrapExpression(callee.expression) : callee;
  }
  for (const [index, call] of chain.entries()) {
    reached?.(call);
    for (const arg of call.arguments) {
      const argValue = interpreter.evaluate(arg, scope);
      if (index === 0 && argValue.kind === "function" && !fn) {
        fn = argValue;
        continue;
      }
      checks.push(...middlewareChecksOf(argValue, interpreter), ...middlewareObjectChecks(argValue, interpreter));
    }
  }
  return { ...(fn ? { fn } : {}), checks };
}

/** A middleware object (`{ before, after, onError }`, middy's form): the checks of its `before` function. */
function middlewareObjectChecks(value: Value, interpreter: Interpreter): CheckValue[] {
  return flattenValues(value).flatMap((v) => {
    const before = v.kind === "object" ? v.props.get("before") : undefined;
    return before ? middlewareChecksOf(before, interpreter) : [];
  });
}

/** The expression a module exports as `name` (`export const handler = ...`, `export default ...`, `exports.handler = ...`). */
function exportInitializer(file: ts.SourceFile, name: string): ts.Expression | undefined {
  let local = name;
  for (const statement of file.statements) {
    if (name === "default" && ts.isExportAssignment(statement)) return statement.expression;
    if (
      ts.isExportDeclaration(statement) &&
      !statement.moduleSpecifier &&
      statement.exportClause &&
      ts.isNamedExports(statement.exportClause)
    )
      for (const element of statement.exportClause.elements)
        if (element.name.text === name) local = (element.propertyName ?? element.name).text;
  }
  for (const statement of file.statements) {
    if (ts.isVariableStatement(statement))
      for (const d of statement.declarationList.declarations)
        if (ts.isIdentifier(d.name) && d.name.text === local && d.initializer) return d.initializer;
    // `exports.handler = ...`, `module.exports.handler = ...`
    if (
      ts.isExpressionStatement(statement) &&
      ts.isBinaryExpression(statement.expression) &&
      statement.expression.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      ts.isPropertyAccessExpression(statement.expression.left) &&
      statement.expression.left.name.text === name &&
      /^(module\.)?exports$/.test(statement.expression.left.expression.getText(file))
    )
      return statement.expression.right;
  }
  return undefined;
}

/** The doc comment of a module's top-level `export const name = ...`, if it has one. */
function exportDoc(file: ts.SourceFile, name: string): DocComment | undefined {
  for (const statement of file.statements)
    if (
      ts.isVariableStatement(statement) &&
      statement.declarationList.declarations.some((d) => ts.isIdentifier(d.name) && d.name.text === name)
    )
      return leadingDoc(statement);
  return undefined;
}

/** The framework or Lambda adapter package a handler module imports to serve an app, if it does. */
function servedApp(file: ts.SourceFile): string | undefined {
  return importedPackages(file).find((p) => APP_ADAPTERS.test(p) || isFrameworkModule(p));
}
