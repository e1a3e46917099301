import path from "node:path";
import { ts } from "../../typescript.js";
import type { SourceSet } from "../../scan/source-set.js";
import { Interpreter } from "../../resolve/interpreter.js";
import { type FrameworkAdapter, interpreterOptionsOf } from "../adapter.js";
import { fastifyToOpenApi, simplePath } from "../express/path-syntax.js";
import { flattenApp, ofApp } from "../flatten.js";
import type { RouteFact } from "../route-fact.js";
import { dedupe, importedPackages, localNamesOf, reportUnreached, runAppFactories } from "../shared.js";
import { FASTIFY_METHODS, FastifyHost } from "./fastify-host.js";

/**
 * The root plugin fastify-cli starts: the file `fastify start` names in a package.json script (its build
 * output mapped back to the source: `dist/app.js` → `src/app.ts`), else `src/app.ts` or `app.ts`.
 */
function fastifyCliRoot(sources: SourceSet): ts.SourceFile | undefined {
  return firstFile(sources, [...fastifyStartFiles(sources), "src/app.ts", "app.ts", "src/app.js", "app.js"]);
}

/** The files a package.json script gives `fastify start` (`dist/app.js` also as `src/app.ts` and `app.ts`), as candidates. */
function fastifyStartFiles(sources: SourceSet): string[] {
  const candidates: string[] = [];
  const manifest = sources.host.readFile(path.join(sources.root, "package.json"));
  if (manifest) {
    try {
      const scripts = (JSON.parse(manifest) as { scripts?: Record<string, unknown> }).scripts ?? {};
      for (const script of Object.values(scripts)) {
        if (typeof script !== "string") continue;
        for (const m of script.matchAll(/\bfastify(?:-cli)?\s+start\b([^&|;]*)/g)) {
          const file = m[1]!.split(/\s+/).find((arg) => /\.[cm]?[jt]s$/.test(arg) && !arg.startsWith("-"));
          if (!file) continue;
          const stem = file.replace(/^\.\//, "").replace(/\.[cm]?[jt]s$/, "");
          for (const mapped of [stem, stem.replace(/^(dist|build|out|lib)\//, "src/"), stem.replace(/^(dist|build|out|lib)\//, "")])
            for (const ext of [".ts", ".mts", ".js", ".mjs"]) candidates.push(mapped + ext);
        }
      }
    } catch {
      // an unreadable package.json: no script names a file
    }
  }
  return candidates;
}

function firstFile(sources: SourceSet, candidates: readonly string[]): ts.SourceFile | undefined {
  for (const candidate of candidates) {
    const file = sources.getFile(path.join(sources.root, candidate));
    if (file) return file;
  }
  return undefined;
}

/** Fastify: every root instance (`Fastify()`) with its plugin tree. */
export const fastifyAdapter: FrameworkAdapter = {
  name: "fastify",
  // An app fastify-cli starts need not import fastify at all: its plugins are handed the instance
  // (`module.exports = async function (fastify, opts)`), so a `fastify start` script of a file of the sources says it.
  detect: (sources) =>
    sources.files.some((file) => importedPackages(file).includes("fastify")) ||
    firstFile(sources, fastifyStartFiles(sources)) !== undefined,
  extract(sources, options, diagnostics) {
    const host = new FastifyHost(diagnostics);
    const interpreter = new Interpreter(
      sources,
      diagnostics,
      {
        ...interpreterOptionsOf(options),
      },
      host,
    );
    host.interpreter = interpreter;
    interpreter.executeAll();
    runAppFactories(
      sources,
      interpreter,
      (call, file) =>
        ts.isIdentifier(call.expression) &&
        (localNamesOf(file, "fastify").has(call.expression.text) ||
          call.expression.text === "Fastify" ||
          call.expression.text === "fastify"),
    );
    // No `Fastify()` in the sources: an app fastify-cli starts from a root plugin (`fastify start dist/app.js`).
    if (!host.hasApp()) {
      const root = fastifyCliRoot(sources);
      if (root) host.runRootPlugin(root);
    }
    interpreter.finishChecks();
    const routes: RouteFact[] = [];
    for (const app of host.routers.filter((r) => r.kind === "app"))
      routes.push(...ofApp(flattenApp(app, diagnostics, "fastify", fastifyToOpenApi, simplePath, true), app));
    reportUnreached(sources, host.visited, interpreter, diagnostics, FASTIFY_METHODS, options.unreached);
    return dedupe(routes);
  },
};
