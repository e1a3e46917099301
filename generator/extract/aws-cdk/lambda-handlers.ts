import type { SourceSite } from "../../diagnostics/diagnostic.js";
import type { DocComment } from "../../resolve/doc-comment.js";
import type { Interpreter } from "../../resolve/interpreter.js";
import type { CheckValue, FunctionValue } from "../../resolve/values.js";
import type { ts } from "../../typescript.js";
import { handlerModule, readExportedHandler } from "../lambda/handler.js";

/**
 * A Lambda function a route invokes, as far as apidex can read it: the handler function of the sources (its
 * body's checks are the route's) and the checks of the middleware wrapped around it (middy's `.use()`), the
 * app of another framework it serves, or why it cannot be read.
 */
export interface LambdaTarget {
  handler?: FunctionValue;
  /** Checks of the middleware around the handler (`middy(main).use(requireScope("x"))`). */
  checks: CheckValue[];
  /** The comment of the export that wraps the handler (`/** Lists notes. *\/ export const main = middy(list)`). */
  doc?: DocComment;
  /**
   * The package the handler module serves an app of another framework with (serverless-http, an HTTP
   * framework): that app's routes, which its adapter reads, are the operations, and the route gives way to them.
   */
  app?: string;
  /** Why the handler cannot be read (a build output, an inline or imported function), for the warning. */
  unreadable?: string;
  /** Where the function is declared (`new NodejsFunction(...)`), where the warning is said. */
  site: SourceSite;
}

/**
 * The source file of a handler module at `base`, found as CDK's and SST's bundlers find an entry: with or
 * without its ending, a folder's `index`, a `.js` path's `.ts` source.
 */
export function moduleFile(interpreter: Interpreter, base: string): string | undefined {
  return handlerModule(interpreter.sources, base, { exists: (f) => interpreter.sources.getFile(f) !== undefined, bundlerStyle: true });
}

/** The handler a module exports as `name`, read for a route (generator/extract/lambda/handler.ts). */
export function exportedHandler(
  interpreter: Interpreter,
  file: string,
  name: string,
  site: SourceSite,
  /** Told of each call of a wrapper chain read (`.use(...)` is no route registration of the handler's module). */
  reached: (call: ts.CallExpression) => void,
): LambdaTarget {
  const reading = readExportedHandler(interpreter, file, [name], reached);
  if ("app" in reading) return { checks: [], app: reading.app, site };
  if ("problem" in reading) return { checks: reading.checks ?? [], unreadable: reading.problem, site };
  return { handler: reading.fn, checks: reading.checks, ...(reading.doc ? { doc: reading.doc } : {}), site };
}
