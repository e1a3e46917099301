import path from "node:path";
import type { SourceSite } from "../../diagnostics/diagnostic.js";
import type { Interpreter } from "../../resolve/interpreter.js";
import { unwrapExpression } from "../../resolve/syntax.js";
import type { CheckValue, FunctionValue, Value } from "../../resolve/values.js";
import { ts } from "../../typescript.js";
import { flattenValues, middlewareChecksOf } from "../router-host.js";

/**
 * A Lambda function a route invokes, as far as apidex can read it: the handler function of the sources (its
 * body's checks are the route's) and the checks of the middleware wrapped around it (middy's `.use()`), or why
 * it cannot be read.
 */
export interface LambdaTarget {
  handler?: FunctionValue;
  /** Checks of the middleware around the handler (`middy(main).use(requireScope("x"))`). */
  checks: CheckValue[];
  /** Why the handler cannot be read (a build output, an inline or imported function), for the warning. */
  unreadable?: string;
  /** Where the function is declared (`new NodejsFunction(...)`), where the warning is said. */
  site: SourceSite;
}

/** The endings a handler module may have, in the order Node and the bundlers look for them. */
const ENDINGS = [".ts", ".tsx", ".mts", ".cts", ".js", ".mjs", ".cjs", ".jsx"];

/**
 * The source file at `base` (with or without its ending; a folder's `index`), if the sources have it. A
 * `.js` path also finds the `.ts` file it is compiled from, as TypeScript's imports do.
 */
export function moduleFile(base: string, exists: (file: string) => boolean): string | undefined {
  const candidates = [base, ...ENDINGS.map((e) => base + e), ...ENDINGS.map((e) => path.posix.join(base, `index${e}`))];
  if (/\.[cm]?js$/.test(base)) candidates.push(base.replace(/\.([cm]?)js$/, ".$1ts"));
  return candidates.find((c) => /\.[cm]?[jt]sx?$/.test(c) && exists(c));
}

/**
 * The handler a module exports as `name`, read for a route: a function (its body's checks), or a wrapper
 * around one written as a call chain (`middy(main).use(auth()).use(validator)`, `wrap(main, { scopes })`):
 * every function argument of the chain is middleware but the one the chain starts from, which answers.
 */
export function exportedHandler(
  interpreter: Interpreter,
  file: string,
  name: string,
  site: SourceSite,
  /** Told of each call of a wrapper chain read (`.use(...)` is no route registration of the handler's module). */
  reached: (call: ts.CallExpression) => void,
): LambdaTarget {
  const value = interpreter.exportValue(file, name);
  if (value?.kind === "function") return { handler: value, checks: [], site };
  const source = interpreter.sources.getFile(file);
  const written = source ? exportInitializer(source, name) : undefined;
  if (!source || !written)
    return { checks: [], unreadable: `the module ${path.posix.basename(file)} exports no \`${name}\` apidex can read`, site };
  const scope = interpreter.module(source).scope;
  const checks: CheckValue[] = [];
  let handler: FunctionValue | undefined;
  // Innermost call first: `middy(main)` gives the handler; each `.use(x)` after it adds middleware.
  const chain: ts.CallExpression[] = [];
  for (let e = unwrapExpression(written); ts.isCallExpression(e); ) {
    chain.unshift(e);
    const callee = unwrapExpression(e.expression);
    e = ts.isPropertyAccessExpression(callee) ? unwrapExpression(callee.expression) : callee;
  }
  for (const [index, call] of chain.entries()) {
    reached(call);
    for (const arg of call.arguments) {
      const argValue = interpreter.evaluate(arg, scope);
      if (index === 0 && argValue.kind === "function" && !handler) {
        handler = argValue;
        continue;
      }
      checks.push(...middlewareChecksOf(argValue, interpreter), ...middyObjectChecks(argValue, interpreter));
    }
  }
  if (!handler) return { checks, unreadable: `\`${name}\` of ${path.posix.basename(file)} is not a function apidex can read`, site };
  return { handler, checks, site };
}

/** A middy middleware object (`{ before, after, onError }`): the checks of its `before` function. */
function middyObjectChecks(value: Value, interpreter: Interpreter): CheckValue[] {
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
