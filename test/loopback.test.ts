import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../generator/config/load-config.js";
import { generate } from "../generator/generate.js";
import { canonicalJson } from "../generator/write/canonical-json.js";
import { diagnosticLines, generateFrom, type InMemoryCase, routeLines } from "./helpers/in-memory.js";
import { REPO_ROOT } from "./helpers/repo.js";

/**
 * LoopBack 4: the fixture service (controllers booted by convention and registered by hand, `@api`, a route with
 * a handler, `@authorize`), its golden index, and a runtime oracle that compiles it as a LoopBack project is
 * built (tsc, with decorator metadata), boots it with the real @loopback/rest and @loopback/boot, and compares
 * the routes LoopBack's router holds — and the operations its own /openapi.json lists — with apidex's index.
 */
const FIXTURE = path.join(REPO_ROOT, "test", "fixtures", "loopback");

async function indexOf() {
  const result = await generate(await loadConfig({ cwd: REPO_ROOT, root: FIXTURE }));
  expect(result.diagnostics.errors).toEqual([]);
  return result;
}

describe("LoopBack 4 fixture", () => {
  it("matches the golden index", async () => {
    const result = await indexOf();
    expect(canonicalJson(result.index)).toBe(readFileSync(path.join(FIXTURE, "expected-operations.json"), "utf8"));
    expect(result.diagnostics.items.map((d) => d.code)).toEqual([]);
  });

  const out = path.join(REPO_ROOT, "test-output", `loopback-${process.pid}`);
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it("equals the routes LoopBack registers when the compiled application boots, and its /openapi.json lists the documented ones", async () => {
    // Built as `lb4` projects build: tsc with emitDecoratorMetadata, CommonJS, into a folder the booter reads.
    const parsed = ts.getParsedCommandLineOfConfigFile(path.join(FIXTURE, "tsconfig.json"), { outDir: out, noEmit: false }, {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
      },
    })!;
    const program = ts.createProgram(parsed.fileNames, parsed.options);
    const emitted = program.emit();
    const problems = [...ts.getPreEmitDiagnostics(program), ...emitted.diagnostics].filter((d) => d.category === ts.DiagnosticCategory.Error);
    expect(problems.map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"))).toEqual([]);
    mkdirSync(out, { recursive: true });
    writeFileSync(path.join(out, "package.json"), '{ "type": "commonjs" }\n');
    const require = createRequire(path.join(out, "index.js"));
    const { FieldServiceApplication } = require(path.join(out, "application.js")) as {
      FieldServiceApplication: new (
        config: object,
      ) => {
        boot(): Promise<void>;
        start(): Promise<void>;
        stop(): Promise<void>;
        restServer: { url?: string; httpHandler: { _routes: { _router: { list(): { verb: string; path: string }[] } } } };
      };
    };
    const app = new FieldServiceApplication({ rest: { port: 0, host: "127.0.0.1" } });
    await app.boot();
    await app.start();
    try {
      const result = await indexOf();
      // LoopBack's own route table: every route the server answers, under its base path.
      const base = new URL(app.restServer.url!).pathname.replace(/\/$/, "");
      const routes = app.restServer.httpHandler._routes._router.list().map((r) => `${r.verb.toUpperCase()} ${base}${r.path}`);
      expect(routes.sort()).toEqual(result.index.operations.map((o) => `${o.method} ${o.path}`).sort());
      // Its document lists the documented ones (`x-visibility: undocumented` keeps the others out).
      const spec = (await (await fetch(`${app.restServer.url}/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
      const listed = Object.entries(spec.paths).flatMap(([p, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${base}${p}`));
      expect(listed.sort()).toEqual(
        result.index.operations
          .filter((o) => o.documented)
          .map((o) => `${o.method} ${o.path}`)
          .sort(),
      );
      // And a route answers where the index says it is.
      const status = await fetch(`${app.restServer.url}/status`);
      expect(status.status).toBe(200);
    } finally {
      await app.stop();
    }
  });
});

const cases: InMemoryCase[] = [];

describe.each(cases)("$name", (c) => {
  it("indexes the routes and says what it cannot read", async () => {
    const result = await generateFrom(c.files, c.config);
    expect(routeLines(result)).toEqual(c.routes);
    expect(diagnosticLines(result)).toEqual(c.diagnostics ?? []);
  });
});
