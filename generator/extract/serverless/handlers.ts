import path from "node:path";
import { ts } from "../../typescript.js";
import { type DocComment, leadingDoc } from "../../resolve/doc-comment.js";
import type { CallContext, HostAdapter, Interpreter } from "../../resolve/interpreter.js";
import { explain } from "../../resolve/interpreter.js";
import type { CheckValue, FunctionValue, HostValue, Value } from "../../resolve/values.js";
import type { SourceSet } from "../../scan/source-set.js";
import { isFrameworkModule } from "../../scan/route-hints.js";
import { middlewareChecksOf } from "../router-host.js";
import { importedPackages } from "../shared.js";
import { MODULE_FOLDER } from "./config-tree.js";

/** A middy chain being built: `middy(handler).use(check)...`, or `middy().use(...).handler(fn)`. */
interface MiddyChain {
  handler?: FunctionValue;
  checks: CheckValue[];
}

/** The packages whose default export wraps a Lambda handler in a middleware chain. */
const MIDDY = new Set(["@middy/core", "middy"]);

/**
 * Lambda packages that serve an app of an HTTP framework from one function (serverless-http,
 * @vendia/serverless-express and its successor, aws-serverless-express, @fastify/aws-lambda, Hono's and
 * Elysia's adapters): the app's own routes are the operations, which that framework's adapter reads.
 */
const APP_ADAPTERS =
  /^(serverless-http|@vendia\/serverless-express|@codegenie\/serverless-express|aws-serverless-express|aws-serverless-koa|@fastify\/aws-lambda|aws-lambda-fastify|hono\/aws-lambda|@h4ad\/serverless-adapter)$/;

/**
 * The interpreter's host for Lambda handlers: middy's chain, whose `use(...)` middleware (a recognized check
 * call, a middleware object whose `before` checks, a function) guards the handler as Express middleware
 * guards a route. Any other package call is left to the interpreter (unknown).
 */
export function middyHost(interpreter: () => Interpreter): HostAdapter {
  const chain = (value: MiddyChain): HostValue => ({ kind: "host", host: value });
  const checksOf = (value: Value): CheckValue[] => {
    const out: CheckValue[] = [];
    for (const item of value.kind === "array" ? value.items : [value]) {
      if (item.kind === "object") {
        // A middleware object: `{ before, after, onError }`; only `before` runs ahead of the handler.
        const before = item.props.get("before");
        if (before) out.push(...middlewareChecksOf(before, interpreter()));
      } else out.push(...middlewareChecksOf(item, interpreter()));
    }
    return out;
  };
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
    typeOf: () => "function",
  };
}

/** What a function's `handler` names, read: the function that answers and the checks on its way, or why not. */
export type HandlerReading =
  | { fn: FunctionValue; checks: CheckValue[]; doc?: DocComment }
  /** A function serving an app of a framework apidex reads: the app's routes are the operations. */
  | { app: string }
  | { problem: string; checks?: CheckValue[] };

const ENDINGS = ["ts", "mts", "cts", "tsx", "js", "mjs", "cjs", "jsx"];

/**
 * Reads `handler: "src/handlers/users.list"` (file `src/handlers/users.*` of the service's folder, export
 * `list`), as the Lambda Node.js runtime does: the module path up to the last `.` of the last segment.
 */
export function readHandler(given: string, serviceDir: string, sources: SourceSet, interpreter: Interpreter): HandlerReading {
  const absolute = given.startsWith(MODULE_FOLDER);
  const text = absolute ? given.slice(MODULE_FOLDER.length) : given;
  const slash = text.lastIndexOf("/");
  const dot = text.indexOf(".", slash + 1);
  if (dot < 0) return { problem: `the handler \`${given}\` names no export (\`file.export\`)` };
  const module = text.slice(0, dot);
  const exportPath = text.slice(dot + 1).split(".");
  const base = absolute ? module : path.posix.join(serviceDir, module);
  const file = ENDINGS.map((e) => `${base}.${e}`).find((f) => sources.host.fileExists(f));
  // Where the handler is: a cached run must miss when one of these files appears.
  sources.recordInputs(ENDINGS.map((e) => `${base}.${e}`));
  if (!file) return { problem: `the handler's module \`${module}\` is not among the service's files` };
  let value = interpreter.exportValue(file, exportPath[0]!);
  for (const name of exportPath.slice(1)) value = value ? interpreter.property(value, name, sources.getFile(file)!) : undefined;
  if (value?.kind === "function") return { fn: value, checks: interpreter.bodyChecks(value) };
  if (value?.kind === "host" && isChain(value.host)) {
    const chain = value.host;
    if (!chain.handler) return { problem: "its middy chain's handler cannot be read", checks: chain.checks };
    // The chain's own export describes the operation (`/** Creates a note. */ export const main = middy(create)...`).
    const doc = exportDoc(sources.getFile(file)!, exportPath[0]!);
    return { fn: chain.handler, checks: [...chain.checks, ...interpreter.bodyChecks(chain.handler)], ...(doc ? { doc } : {}) };
  }
  const served = servedApp(sources, file);
  if (served) return { app: served };
  return {
    problem: `its export \`${exportPath.join(".")}\` of ${path.posix.basename(file)} ${value ? explain(value, "a function") : "is not there"}`,
  };
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

function isChain(host: object): host is MiddyChain {
  return Array.isArray((host as MiddyChain).checks);
}

/** The framework or Lambda adapter package a handler module imports to serve an app, if it does. */
function servedApp(sources: SourceSet, fileName: string): string | undefined {
  const file = sources.getFile(fileName);
  if (!file) return undefined;
  return importedPackages(file).find((p) => APP_ADAPTERS.test(p) || isFrameworkModule(p));
}
