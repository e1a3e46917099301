import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "./helpers/repo.js";

/** The real `apidex` binary (built by `npm run build`, which `npm test` runs first). */
const CLI = path.join(REPO_ROOT, "lib", "cli.cjs");

function apidex(args: string[], cwd: string) {
  const run = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: "utf8", env: { ...process.env, CI: "true" } });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

let work: string;

/** A small Express project written as people write them, with a tsconfig and no apidex config. */
function writeProject(dir: string, extra: Record<string, string> = {}) {
  const files: Record<string, string> = {
    "package.json": JSON.stringify({ name: "tiny-shop", version: "3.1.0", type: "module" }),
    "tsconfig.json": JSON.stringify({ compilerOptions: { module: "NodeNext", moduleResolution: "NodeNext", strict: true } }),
    "src/permissions.ts": `export const ORDERS_READ = "orders.read";\n`,
    "src/auth.ts": `export const requirePermission = (...keys: string[]) => (req: unknown, res: unknown, next: () => void) => next();\n`,
    "src/routes/orders.ts": `import { Router } from "express";\nimport { requirePermission } from "../auth.js";\nimport { ORDERS_READ } from "../permissions.js";\nexport const orders = Router();\n/** List orders */\norders.get("/", requirePermission(ORDERS_READ), (req, res) => { res.json([]); });\n`,
    "src/routes/auth.ts": `import { Router } from "express";\nexport const signIn = Router();\nsignIn.post("/sign-in", (req, res) => { res.end(); });\n`,
    "src/app.ts": `import express from "express";\nimport { orders } from "./routes/orders.js";\nimport { signIn } from "./routes/auth.js";\nexport const app = express();\napp.use("/v1/orders", orders);\napp.use("/v1/auth", signIn);\n`,
    "src/app.test.ts": `import { app } from "./app.js";\napp.get("/from-a-test", (req, res) => res.end());\n`,
    ...extra,
  };
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
}

beforeAll(() => {
  if (!existsSync(CLI)) throw new Error("lib/cli.cjs is missing: run `npm run build` (npm test does it first).");
  work = mkdtempSync(path.join(tmpdir(), "apidex-cli-"));
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("apidex --version", () => {
  it("prints the package version and exits 0", () => {
    const run = apidex(["--version"], REPO_ROOT);
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe(JSON.parse(readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")).version);
  });
});

describe("what a run loads", () => {
  it("starts as a CommonJS script and loads no built-in module it does not use (no ES module loader, no child_process)", () => {
    const dir = path.join(work, "loads");
    writeProject(dir);
    const report = path.join(work, "loaded-modules.txt");
    // Node's own list of the built-in modules it loaded, written as the process exits.
    const preload = path.join(work, "list-modules.cjs");
    // Node's own list of the built-in modules it loaded, and the files require() loaded, as the process exits.
    writeFileSync(
      preload,
      `process.on("exit", () => require("node:fs").writeFileSync(${JSON.stringify(report)}, [...process.moduleLoadList, ...Object.keys(require.cache)].join("\\n")));\n`,
    );
    const loadedBy = (args: string[]) => {
      const run = spawnSync(process.execPath, ["-r", preload, CLI, ...args], {
        cwd: dir,
        encoding: "utf8",
        env: { ...process.env, CI: "true" },
      });
      expect(run.status).toBe(0);
      return readFileSync(report, "utf8").split("\n");
    };
    const packages = (loaded: string[]) =>
      loaded
        .filter((f) => f.includes(`${path.sep}node_modules${path.sep}`))
        .map((f) =>
          f
            .slice(f.lastIndexOf(`node_modules${path.sep}`) + 13)
            .split(path.sep)
            .join("/"),
        );
    for (const args of [["--version"], ["generate", "--root", ".", "--no-cache"], ["generate", "--root", ".", "--timings"]]) {
      const loaded = loadedBy(args);
      expect(loaded, args.join(" ")).not.toContain("NativeModule child_process");
      expect(loaded, args.join(" ")).not.toContain("NativeModule internal/modules/esm/module_job");
      // The small packages every run needs are in the bundle; of node_modules, only the compiler is loaded
      // (by a run that parses): not a second copy of picomatch for fdir's own glob(), which is never used.
      expect(packages(loaded), args.join(" ")).toEqual(args[0] === "generate" ? ["@ts-morph/common/dist/typescript.js"] : []);
    }
    // perf_hooks is for --timings (the compiler loads it too, when a run analyses).
    expect(loadedBy(["--version"])).not.toContain("NativeModule perf_hooks");
    expect(loadedBy(["generate", "--root", ".", "--timings"])).toContain("NativeModule perf_hooks");
  });
});

describe("apidex generate", () => {
  it("runs zero-config with --root and --closed on an Express project", () => {
    const dir = path.join(work, "zero");
    writeProject(dir);
    const run = apidex(["generate", "--root", dir, "--closed", "/v1/auth/**"], work);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/1 indexed, 0 documented, 1 closed, 0 warnings/);
    const index = JSON.parse(readFileSync(path.join(dir, "dist", "operations.json"), "utf8"));
    expect(index.service).toEqual({ name: "tiny-shop", version: "3.1.0" });
    expect(index.operations).toEqual([
      {
        operation_id: "list_orders",
        method: "GET",
        path: "/v1/orders",
        permissions: ["orders.read"],
        summary: "List orders",
        path_params: [],
        effect: "read",
        documented: false,
      },
    ]);
  });

  it("with --root on a JavaScript project, resolves its imports with the root's jsconfig.json (no tsconfig.json)", () => {
    const dir = path.join(work, "js-project");
    const files: Record<string, string> = {
      "package.json": JSON.stringify({ name: "js-project", version: "1.0.0", type: "module" }),
      "jsconfig.json": JSON.stringify({ compilerOptions: { baseUrl: ".", paths: { "@/routes/*": ["src/routes/*"] } } }),
      "src/app.js": `import express from "express";\nimport router from "@/routes/index.js";\nconst app = express();\napp.use("/api", router);\napp.listen(3000);\n`,
      "src/routes/index.js": `import { Router } from "express";\nconst router = Router();\nrouter.get("/flows", (req, res) => res.json([]));\nexport default router;\n`,
    };
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      writeFileSync(path.join(dir, name), text);
    }
    const run = apidex(["generate", "--root", dir, "--no-cache"], work);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/1 indexed, 0 documented, 0 closed, 0 warnings/);
    const index = JSON.parse(readFileSync(path.join(dir, "dist", "operations.json"), "utf8"));
    expect(index.operations.map((o: { method: string; path: string }) => `${o.method} ${o.path}`)).toEqual(["GET /api/flows"]);
  });

  it("says no broken import for a component a bundler finds without its extension (a .vue, a folder's index.svelte), and says one for a missing file, naming the template of one the checkout lacks", () => {
    const dir = path.join(work, "components");
    const files: Record<string, string> = {
      "package.json": JSON.stringify({ name: "components", version: "1.0.0", type: "module" }),
      "server.js": `import express from "express";\nconst app = express();\napp.get("/api/items", (req, res) => res.json([]));\napp.listen(3000);\n`,
      "views/main.js": `import express from "express";\nimport App from "../components/app";\nimport Spots from "../components/spots";\nimport Gone from "../components/gone";\nimport config from "../config";\nexport const router = express.Router();\nrouter.get("/ui", (req, res) => res.send(String(App) + Spots + Gone + config));\n`,
      "components/app.vue": `<template><div /></template>\n`,
      "components/spots/index.svelte": `<div />\n`,
      // A config the checkout lacks, committed as a template each deployment copies.
      "config.js.example": `export default { secret: "change me" };\n`,
    };
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      writeFileSync(path.join(dir, name), text);
    }
    const run = apidex(["generate", "--root", dir, "--no-cache"], work);
    expect(run.code).toBe(0);
    expect(run.stderr.match(/APX110.*/g)).toEqual([
      "APX110 Cannot resolve the import '../components/gone' from this file.",
      "APX110 Cannot resolve the import '../config' from this file: the checkout has its template, config.js.example, which a deployment copies to it (the file itself is not committed).",
    ]);
  });

  it("with --root, reads the config in the project's folder, and not one in the folder it runs in", () => {
    const host = path.join(work, "host");
    const dir = path.join(host, "shop");
    writeProject(dir, { "apidex.config.mjs": `export default { closed: ["/v1/auth/**"] };\n` });
    // A config beside the project, in the folder apidex runs in, belongs to another project.
    writeFileSync(path.join(host, "apidex.config.mjs"), `export default { closed: ["/v1/orders"] };\n`);
    for (const [cwd, root] of [
      [dir, "."],
      [host, "shop"],
    ] as const) {
      const run = apidex(["generate", "--root", root], cwd);
      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
      // The project's own config closed the sign-in; the other one would have closed the orders.
      expect(run.stdout).toMatch(/1 indexed, 0 documented, 1 closed, 0 warnings/);
      const index = JSON.parse(readFileSync(path.join(dir, "dist", "operations.json"), "utf8"));
      expect(index.operations.map((o: { path: string }) => o.path)).toEqual(["/v1/orders"]);
    }
  });

  it("does not read its own output folder inside the project as sources", () => {
    const dir = path.join(work, "out-inside");
    writeProject(dir);
    // What lies in the output folder (artifacts, the reference page's script, anything left there) is no source.
    mkdirSync(path.join(dir, "site"), { recursive: true });
    writeFileSync(
      path.join(dir, "site", "stale.ts"),
      `import express from "express";\nexport const app = express();\napp.get("/stale", (req, res) => res.end());\n`,
    );
    const run = apidex(["generate", "--root", ".", "--out", "site"], dir);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const index = JSON.parse(readFileSync(path.join(dir, "site", "operations.json"), "utf8"));
    expect(index.operations.map((o: { path: string }) => o.path).sort()).toEqual(["/v1/auth/sign-in", "/v1/orders"]);
  });

  it("leaves out what the project's tsconfig.json excludes from its build, but not a folder that is a project of its own", () => {
    const dir = path.join(work, "excluded");
    const snippet = (p: string) => `import express from "express";\nconst app = express();\napp.get("${p}", (req, res) => res.end());\n`;
    writeProject(dir, {
      // Comments and trailing commas, as tsconfig.json allows.
      "tsconfig.json": `{\n  // broken on purpose, and examples\n  "compilerOptions": { "strict": true },\n  "exclude": ["./data/codefixes", "examples/**/*.ts", "server",],\n}\n`,
      "data/codefixes/fix1.ts": snippet("/snippet"),
      "examples/next/api.ts": snippet("/example"),
      "server/package.json": JSON.stringify({ name: "server" }),
      "server/index.ts": snippet("/own-project"),
    });
    const run = apidex(["generate", "--root", dir, "--no-cache"], work);
    expect(run.code).toBe(0);
    const index = JSON.parse(readFileSync(path.join(dir, "dist", "operations.json"), "utf8"));
    const paths = index.operations.map((o: { path: string }) => o.path).sort();
    expect(paths).toContain("/own-project");
    expect(paths).not.toContain("/snippet");
    expect(paths).not.toContain("/example");
  });

  it("follows an app shell's entry into the monorepo package it imports (main.ts only imports @acme/server)", () => {
    const dir = path.join(work, "mono");
    const files: Record<string, string> = {
      "package.json": JSON.stringify({ name: "mono", private: true, workspaces: ["apps/*", "packages/*"] }),
      "packages/server/package.json": JSON.stringify({ name: "@acme/server", version: "1.0.0", main: "src/index.ts" }),
      "packages/server/src/index.ts": `export * from "./start";\n`,
      "packages/server/src/start.ts": `import express from "express";\nexport function start() { const app = express(); app.get("/users", (q, s) => { s.json([]); }); return app; }\n`,
      "packages/server/src/unused.ts": `import express from "express";\nexport const other = express(); other.get("/never", (q, s) => { s.end(); });\n`,
      "apps/api/package.json": JSON.stringify({
        name: "@acme/api",
        version: "1.0.0",
        main: "src/main.ts",
        dependencies: { "@acme/server": "*" },
      }),
      "apps/api/tsconfig.json": JSON.stringify({ compilerOptions: { strict: true } }),
      "apps/api/src/main.ts": `import { start } from "@acme/server";\nstart().listen(3000);\n`,
    };
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      writeFileSync(path.join(dir, name), text);
    }
    const run = apidex(["generate", "--root", path.join(dir, "apps/api"), "--no-cache"], work);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/1 indexed/);
    const index = JSON.parse(readFileSync(path.join(dir, "apps/api/dist/operations.json"), "utf8"));
    expect(index.operations.map((o: { method: string; path: string }) => `${o.method} ${o.path}`)).toEqual(["GET /users"]);
  });

  it("loads apidex.config.ts written with defineConfig", () => {
    const dir = path.join(work, "configured");
    writeProject(dir, {
      "apidex.config.ts": `import { defineConfig } from "apidex";\nexport default defineConfig({ root: "src", out: "artifacts", service: { name: "shop", version: "9.9.9" }, closed: ["/v1/auth/**"] });\n`,
    });
    mkdirSync(path.join(dir, "node_modules"), { recursive: true });
    symlinkSync(REPO_ROOT, path.join(dir, "node_modules", "apidex"), "dir");
    const run = apidex(["generate"], dir);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("in artifacts/");
    expect(JSON.parse(readFileSync(path.join(dir, "artifacts", "operations.json"), "utf8")).service).toEqual({
      name: "shop",
      version: "9.9.9",
    });
  });

  it("finds apidex.config.json, and reads a permission call's key from the options property it names", () => {
    const dir = path.join(work, "json-config");
    writeProject(dir, {
      "apidex.config.json": JSON.stringify({ root: "src", permissions: { calls: [{ name: "guard", property: "access.permission" }] } }),
      "src/auth.ts": `export const guard = (options: { access?: { permission?: string }; optional?: boolean } = {}) => (req: unknown, res: unknown, next: () => void) => next();\n`,
      "src/routes/orders.ts": `import { Router } from "express";\nimport { guard } from "../auth.js";\nexport const orders = Router();\norders.get("/", guard({ access: { permission: "orders.read" } }), (req, res) => { res.json([]); });\norders.get("/public", guard({ optional: true }), (req, res) => { res.json([]); });\n`,
    });
    const run = apidex(["generate"], dir);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const index = JSON.parse(readFileSync(path.join(dir, "dist", "operations.json"), "utf8"));
    const byPath = Object.fromEntries(index.operations.map((o: { path: string; permissions: string[] }) => [o.path, o.permissions]));
    expect(byPath).toEqual({ "/v1/auth/sign-in": [], "/v1/orders": ["orders.read"], "/v1/orders/public": [] });
  });

  it("loads a config importing apidex/config, caches its transpiled form by content, and sees every edit", () => {
    const dir = path.join(work, "light-config");
    const config = (version: string) =>
      `import { defineConfig, DEFAULT_EXCLUDE } from "apidex/config";\nexport default defineConfig({ root: "src", exclude: [...DEFAULT_EXCLUDE, "**/legacy/**"], service: { name: "shop", version: "${version}" } });\n`;
    writeProject(dir, {
      "apidex.config.ts": config("1.0.0"),
      "src/legacy/old.ts": `import { Router } from "express";\nexport const old = Router();\nold.get("/old", (req, res) => res.end());\n`,
    });
    mkdirSync(path.join(dir, "node_modules"), { recursive: true });
    symlinkSync(REPO_ROOT, path.join(dir, "node_modules", "apidex"), "dir");
    const cached = path.join(dir, "node_modules", ".cache", "apidex", "config");
    const service = () => JSON.parse(readFileSync(path.join(dir, "dist", "operations.json"), "utf8")).service;

    expect(apidex(["generate", "--no-cache"], dir).code).toBe(0);
    expect(existsSync(cached)).toBe(false); // --no-cache writes no cache at all
    expect(service()).toEqual({ name: "shop", version: "1.0.0" });

    const first = apidex(["generate"], dir);
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    expect(readdirSync(cached).length).toBeGreaterThan(0);
    writeFileSync(path.join(dir, "apidex.config.ts"), config("2.0.0"));
    expect(apidex(["generate"], dir).code).toBe(0);
    expect(service()).toEqual({ name: "shop", version: "2.0.0" });
  });

  it("--timings reports each phase, then the wall and CPU time and the peak memory", () => {
    const dir = path.join(work, "timed");
    writeProject(dir);
    const run = apidex(["generate", "--root", dir, "--no-cache", "--timings"], work);
    expect(run.code).toBe(0);
    const lines = run.stderr.trim().split("\n");
    expect(lines[0]).toBe("apidex timings:");
    expect(lines.slice(1, -1).map((l) => l.replace(/\s+\d+\.\d{3}s$/, "").trim())).toEqual([
      "start-up and config",
      "loading the generator",
      "parsing the sources",
      "extracting routes from 3 files",
      "reading the types of 0 documented operations",
      "writing the artifacts",
    ]);
    expect(lines.at(-1)).toMatch(/^ {2}total \d+\.\d{3}s wall, \d+\.\d\ds CPU, \d+\.\d\ds paused for GC, peak memory \d+ MiB$/);
  });

  it("answers a run whose sources are unchanged from the cache without loading the TypeScript compiler", () => {
    const dir = path.join(work, "cached");
    writeProject(dir);
    expect(apidex(["generate", "--root", dir], work).code).toBe(0);
    const run = spawnSync(process.execPath, [CLI, "generate", "--root", dir], {
      cwd: work,
      encoding: "utf8",
      env: { ...process.env, CI: "true", NODE_DEBUG: "module" },
    });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("(sources unchanged: reused the cached run)");
    // NODE_DEBUG=module logs every CommonJS module Node loads; the compiler is one.
    expect(run.stderr).toContain("Module._load");
    expect(run.stderr).not.toContain("typescript.js");
    // A changed file the analysis never read (a helper nothing imports) is answered the same way.
    writeFileSync(path.join(dir, "src", "format.ts"), `export const money = (n: number) => n.toFixed(2);\n`);
    expect(apidex(["generate", "--root", dir], work).code).toBe(0);
    writeFileSync(path.join(dir, "src", "format.ts"), `export const money = (n: number) => \`$\${n.toFixed(2)}\`;\n`);
    const unread = spawnSync(process.execPath, [CLI, "generate", "--root", dir], {
      cwd: work,
      encoding: "utf8",
      env: { ...process.env, CI: "true", NODE_DEBUG: "module" },
    });
    expect(unread.status).toBe(0);
    expect(unread.stdout).toContain("(reused the cached run: 1 changed file the analysis does not read)");
    expect(unread.stderr).not.toContain("typescript.js");
  });

  it("replays the unchanged modules after a route file changed, says so, and writes what a run without the cache writes", () => {
    const dir = path.join(work, "replayed");
    writeProject(dir);
    expect(apidex(["generate", "--root", dir], work).code).toBe(0);
    writeFileSync(
      path.join(dir, "src", "routes", "auth.ts"),
      `import { Router } from "express";\nexport const signIn = Router();\nsignIn.post("/sign-in", (req, res) => { res.end(); });\nsignIn.post("/sign-out", (req, res) => { res.end(); });\n`,
    );
    const warm = apidex(["generate", "--root", dir, "--timings"], work);
    expect(warm.code).toBe(0);
    // orders.ts (and the constants module it reads) are replayed, and so is the app, late: it imports the
    // changed file, and what it read of it (its router) is the same. Only the changed file is evaluated.
    expect(warm.stdout).toContain("(3 unchanged modules replayed from the cached run)");
    expect(warm.stderr).toMatch(/extracting routes from 1 file \(2 more replayed unchanged\)/);
    expect(warm.stderr).toContain("(1 module replayed late: it imports a changed module, and read the same of it)\n");
    // No module has to be evaluated every time here.
    expect(warm.stderr).not.toContain("cannot be replayed by a later run");
    // One that has to be, with the reason: a router whose module another module registers on.
    writeFileSync(
      path.join(dir, "src", "routes", "extra.ts"),
      `import { signIn } from "./auth.js";\nsignIn.get("/extra", (req, res) => { res.end(); });\n`,
    );
    writeFileSync(path.join(dir, "src", "app.ts"), `${readFileSync(path.join(dir, "src", "app.ts"), "utf8")}import "./routes/extra.js";\n`);
    expect(apidex(["generate", "--root", dir, "--timings"], work).stderr).toContain(
      "2 modules cannot be replayed by a later run (each is evaluated every time):\n    src/routes/auth.ts: another module registers on its routers\n    src/routes/extra.ts: it registers on a router of another module\n",
    );
    // Runs with the cache keep V8's compiled code of the compiler and of apidex's bundle beside the run
    // cache (Node 20; Node 22 has its own).
    const cacheFiles = readdirSync(path.join(work, "node_modules", ".cache", "apidex"));
    const node20 = Number(process.versions.node.split(".")[0]) < 22;
    expect(cacheFiles.some((f) => /^[0-9a-f]{16}\.compiler\.v8$/.test(f))).toBe(node20);
    expect(cacheFiles.some((f) => /^[0-9a-f]{16}\.cli\.v8$/.test(f))).toBe(node20);
    const cold = apidex(["generate", "--root", dir, "--no-cache", "--out", path.join(work, "replayed-cold")], work);
    expect(cold.code).toBe(0);
    for (const name of ["operations.json", "openapi-public.json"]) {
      expect(readFileSync(path.join(dir, "dist", name), "utf8")).toBe(readFileSync(path.join(work, "replayed-cold", name), "utf8"));
    }
  });

  it("under --strict, fails with exit 1, reports every problem with file:line, and leaves the previous artifacts untouched", () => {
    const dir = path.join(work, "broken");
    writeProject(dir);
    expect(apidex(["generate", "--root", dir], work).code).toBe(0);
    const snapshot = () =>
      (readdirSync(path.join(dir, "dist"), { recursive: true }) as string[])
        .sort()
        .map((f) => [f, statSync(path.join(dir, "dist", f)).isFile() ? readFileSync(path.join(dir, "dist", f)).toString("base64") : "dir"]);
    const before = snapshot();
    expect(before.length).toBeGreaterThan(20);

    writeFileSync(
      path.join(dir, "src/routes/more.ts"),
      `import { orders } from "./orders.js";\nimport { requirePermission } from "../auth.js";\norders.get(process.env.P as string, (req, res) => res.end());\norders.post("/", requirePermission(globalThis.KEY), (req, res) => res.end());\n`,
    );
    const run = apidex(["generate", "--root", dir, "--strict"], work);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/more\.ts:3:\d+ error APX201/);
    expect(run.stderr).toMatch(/more\.ts:4:\d+ error APX301/);
    expect(run.stderr).toMatch(/2 errors; nothing written/);
    expect(snapshot()).toEqual(before);
    // Without --strict the same valid code is two warnings: the artifacts are written, the route marked.
    const lenient = apidex(["generate", "--root", dir], work);
    expect(lenient.code).toBe(0);
    expect(lenient.stderr).toMatch(/more\.ts:3:\d+ warning APX201/);
    expect(lenient.stderr).toMatch(/more\.ts:4:\d+ warning APX301/);
    const index = JSON.parse(readFileSync(path.join(dir, "dist", "operations.json"), "utf8")) as {
      operations: { method: string; path: string; unresolved?: string[] }[];
    };
    expect(index.operations.find((o) => o.method === "POST" && o.path === "/v1/orders")).toMatchObject({ unresolved: ["permissions"] });
  });

  it("reports a tsconfig that is not valid JSON with its file:line and exit 2", () => {
    const dir = path.join(work, "bad-tsconfig");
    writeProject(dir, { "tsconfig.json": `{ "compilerOptions": { "strict": true \n` });
    const run = apidex(["generate", "--root", dir], work);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/tsconfig\.json:2:1: '}' expected\./);
    expect(run.stderr).toMatch(/hint: Fix the tsconfig's JSON/);
  });

  it("reports an unwritable output folder with exit 1 and leaves no temporary files", () => {
    const dir = path.join(work, "unwritable");
    writeProject(dir);
    writeFileSync(path.join(work, "a-file"), "not a folder");
    const run = apidex(["generate", "--root", dir, "--out", path.join(work, "a-file", "dist")], work);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/Cannot write the artifacts to .*a-file/);
    expect(readdirSync(work).filter((f) => f.includes("apidex-tmp"))).toEqual([]);
  });

  it.each([
    [["generate", "--no-such-flag"], /unknown option/],
    [["frobnicate"], /unknown command/],
    [["generate", "--root", "/definitely/not/here"], /does not exist/],
    [["generate", "--closed", "v1/auth/**", "--root", "."], /starts with '\/'/],
  ])("exits 2 on usage errors: %j", (args, message) => {
    const run = apidex(args, REPO_ROOT);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
  });

  it("exits 2 on an invalid config, naming the field", () => {
    const dir = path.join(work, "bad-config");
    writeProject(dir, { "apidex.config.mjs": `export default { root: ".", closed: ["no-slash"], frameworks: "express" };\n` });
    const run = apidex(["generate"], dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/closed\.0: a path pattern starts with '\/'/);
    expect(run.stderr).toMatch(/frameworks/);
  });

  it("exits 2 without a config file or --root", () => {
    const dir = path.join(work, "empty");
    mkdirSync(dir, { recursive: true });
    const run = apidex(["generate"], dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/No apidex.config.ts/);
  });
});

describe("apidex generate --watch", () => {
  it("regenerates when a source file changes", async () => {
    const dir = path.join(work, "watched");
    writeProject(dir);
    const { spawn } = await import("node:child_process");
    const child = spawn(process.execPath, [CLI, "generate", "--root", dir, "--watch"], { cwd: work, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (c: Buffer) => (output += c.toString()));
    child.stderr.on("data", (c: Buffer) => (output += c.toString()));
    const until = async (check: () => boolean, what: string) => {
      for (let i = 0; i < 150 && !check(); i++) await new Promise((r) => setTimeout(r, 100));
      if (!check()) throw new Error(`timed out waiting for ${what}:\n${output}`);
    };
    try {
      await until(() => output.includes("watching"), "the first run");
      writeFileSync(path.join(dir, "src/permissions.ts"), `export const ORDERS_READ = "orders.view";\n`);
      const index = () => readFileSync(path.join(dir, "dist", "operations.json"), "utf8");
      await until(() => index().includes('"orders.view"'), "the re-run");
      expect(output).toMatch(/2 indexed, 0 documented, 0 closed, 0 warnings; wrote \d+ files \(\d+ ms\)/);
    } finally {
      child.kill();
    }
  }, 30_000);
});
