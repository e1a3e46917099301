import path from "node:path";
import type { Interpreter } from "../../resolve/interpreter.js";
import type { SourceSet } from "../../scan/source-set.js";
import { type ExportedHandler, handlerModule, readExportedHandler } from "../lambda/handler.js";
import { type LambdaMethods, readLambdaMethods } from "../lambda/methods.js";
import { MODULE_FOLDER } from "./config-tree.js";

/**
 * What a function's `handler` names, read: the function that answers and the checks on its way (its
 * middleware's and its body's) with how it branches on the event's method, the app of another framework it
 * serves, or why it cannot be read.
 */
export type HandlerReading = ExportedHandler & { methods?: LambdaMethods };

/**
 * Reads `handler: "src/handlers/users.list"` (file `src/handlers/users.*` of the service's folder, export
 * `list`), as the Lambda Node.js runtime does: the module path up to the first `.` of the last segment, the
 * export path after it.
 */
export function readHandler(given: string, serviceDir: string, sources: SourceSet, interpreter: Interpreter): HandlerReading {
  const absolute = given.startsWith(MODULE_FOLDER);
  const text = absolute ? given.slice(MODULE_FOLDER.length) : given;
  const slash = text.lastIndexOf("/");
  const dot = text.indexOf(".", slash + 1);
  if (dot < 0) return { problem: `the handler \`${given}\` names no export (\`file.export\`)` };
  const module = text.slice(0, dot);
  const base = absolute ? module : path.posix.join(serviceDir, module);
  // The runtime loads `<module>.js` (`.mjs`, `.cjs`), which a bundler plugin builds from a source of that name.
  const file = handlerModule(sources, base, { exists: (f) => sources.host.fileExists(f), bundlerStyle: false });
  if (!file) return { problem: `the handler's module \`${module}\` is not among the service's files` };
  const reading = readExportedHandler(interpreter, file, text.slice(dot + 1).split("."));
  if (!("fn" in reading)) return reading;
  // The route's checks are the middleware's, then the handler's body's (some for some methods only).
  const methods = readLambdaMethods(reading.fn, interpreter);
  return { ...reading, checks: [...reading.checks, ...interpreter.bodyChecks(reading.fn)], ...(methods ? { methods } : {}) };
}
