import fc from "fast-check";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeSyntheticService } from "../bench/synthetic/generate-service.js";
import { loadConfig } from "../generator/config/load-config.js";
import { formatDiagnostic } from "../generator/diagnostics/diagnostic.js";
import { findNode, type ModuleSummary, nodeRef } from "../generator/extract/incremental/module-summary.js";
import { planReplay } from "../generator/extract/incremental/plan.js";
import { generate } from "../generator/generate.js";
import { generateToDisk } from "../generator/generate-to-disk.js";
import { wallClockNs } from "../generator/cache/source-stats.js";
import { parse, sourceSetFromMemory } from "../generator/scan/source-set.js";
import { ts } from "../generator/typescript.js";
import { filesUnder } from "./helpers/files.js";
import { MEMORY_ROOT, memoryConfig } from "./helpers/in-memory.js";

/**
 * Incremental extraction (extract/incremental): a warm run replays unchanged, self-contained modules from
 * the last run's summaries instead of parsing them. Whatever the edit, the artifacts and diagnostics must
 * be exactly those of a run without any cache; the cases also check that replay really happened, so
 * equality is not won by always falling back.
 */

const AUTH = `export function requirePermission(...keys: string[]) { return (q: unknown, s: unknown, n: () => void) => n(); }
export function assertPermission(req: unknown, ...keys: string[]) {}
`;

// ---------------------------------------------------------------------------------------------------
// Which modules get a summary: the recorder's rules, on in-memory sources.

/** The modules that get a summary, and those whose summary keeps their reads (replayable late). */
async function summarized(files: Record<string, string>): Promise<{ summarized: string[]; late: string[] }> {
  const result = await generate(memoryConfig(), sourceSetFromMemory({ "auth.ts": AUTH, ...files }, MEMORY_ROOT), {
    incremental: { replay: {}, previousImports: {} },
  });
  expect(result.diagnostics.errors).toEqual([]);
  const modules = Object.entries(result.summaries?.modules ?? {});
  const names = (list: typeof modules) => list.map(([f]) => path.posix.relative(MEMORY_ROOT, f)).sort();
  return { summarized: names(modules), late: names(modules.filter(([, summary]) => summary.reads)) };
}

const APP = (imports: string, uses: string) => `import express from "express";\n${imports}\nconst app = express();\n${uses}\n`;

const rules: { name: string; files: Record<string, string>; summarized: string[]; late: string[] }[] = [
  {
    name: "a router module whose routes, checks and exports are its own; the app module too (an Express app is a router like the others)",
    files: {
      "app.ts": APP(`import { items } from "./items";`, `app.use("/items", items);`),
      "items.ts": `import { Router } from "express"; import { requirePermission } from "./auth";\nexport const items = Router();\nitems.get("/", requirePermission("items.read"), (q, s) => s.end());`,
    },
    // auth.ts too: permission calls are recognized by name, so nothing reads its exports (replaying it does nothing).
    summarized: ["app.ts", "auth.ts", "items.ts"],
    // The app read only a router of another module; the others read nothing of other modules.
    late: ["app.ts", "auth.ts", "items.ts"],
  },
  {
    name: "constants read from another module and a router built by a helper of another module are fine",
    files: {
      "app.ts": APP(`import { items } from "./items";`, `app.use("/items", items);`),
      "keys.ts": `export const K = { read: "items.read" } as const;`,
      "notes.ts": `import { Router } from "express";\nexport function notes(kind: string) { const r = Router(); r.get("/", (q, s) => s.end()); return r; }`,
      "items.ts": `import { Router } from "express"; import { requirePermission } from "./auth"; import { K } from "./keys"; import { notes } from "./notes";\nexport const items = Router();\nitems.get("/", requirePermission(K.read), (q, s) => s.end());\nitems.use("/:id/notes", notes("items"));`,
    },
    // keys.ts: its constant is plain data; notes.ts: its function is read and its registrations are reached from items.ts.
    summarized: ["app.ts", "auth.ts", "items.ts", "keys.ts"],
    // items.ts read a function of notes.ts (and reached its registrations): replayed only while nothing it imports changed.
    late: ["app.ts", "auth.ts", "keys.ts"],
  },
  {
    name: "a nested router imported from another module: both summarized",
    files: {
      "app.ts": APP(`import { parent } from "./parent";`, `app.use("/p", parent);`),
      "child.ts": `import { Router } from "express";\nexport const child = Router();\nchild.get("/x", (q, s) => s.end());`,
      "parent.ts": `import { Router } from "express"; import { child } from "./child";\nexport const parent = Router();\nparent.use("/c", child);`,
    },
    summarized: ["app.ts", "auth.ts", "child.ts", "parent.ts"],
    late: ["app.ts", "auth.ts", "child.ts", "parent.ts"],
  },
  {
    name: "a module that registers on another module's router: neither",
    files: {
      "app.ts": APP(`import { shared } from "./shared"; import "./addon";`, `app.use("/s", shared);`),
      "shared.ts": `import { Router } from "express";\nexport const shared = Router();\nshared.get("/a", (q, s) => s.end());`,
      "addon.ts": `import { shared } from "./shared";\nshared.get("/b", (q, s) => s.end());`,
    },
    // The app mounts shared.ts's router, which both are evaluated every time to build.
    summarized: ["app.ts", "auth.ts"],
    late: ["app.ts", "auth.ts"],
  },
  {
    name: "a router created when another module first reads a lazy value: neither",
    files: {
      "app.ts": APP(`import { routers } from "./lazy";`, `app.use("/l", routers[0]);`),
      "lazy.ts": `import { Router } from "express";\nexport const routers = [Router().get("/x", (q, s) => s.end())];`,
    },
    summarized: ["auth.ts"],
    late: ["auth.ts"],
  },
  {
    name: "a key only the type checker gives: not summarized; a documented route is",
    files: {
      "app.ts": APP(`import { docs } from "./docs"; import { typed } from "./typed";`, `app.use("/d", docs); app.use("/t", typed);`),
      "docs.ts": `import { Router } from "express";\nexport const docs = Router();\n/** Read it\n * @documented\n */\ndocs.get("/", (q, s) => s.end());`,
      "key.d.ts": `export declare const KEY: "typed.read";`,
      "typed.ts": `import { Router } from "express"; import { requirePermission } from "./auth"; import { KEY } from "./key";\nexport const typed = Router();\ntyped.get("/", requirePermission(KEY), (q, s) => s.end());`,
    },
    // docs.ts is summarized with where its handler is; key.d.ts declares only types (a change to it
    // replays nothing, since the type checker read it for a key).
    summarized: ["app.ts", "auth.ts", "docs.ts", "key.d.ts"],
    late: ["app.ts", "auth.ts", "docs.ts", "key.d.ts"],
  },
  {
    name: "a module whose function another module runs, or whose exported object holds one: not summarized",
    files: {
      "app.ts": APP(
        `import { a, PREFIX } from "./a"; import { mount } from "./b"; import { OPTIONS } from "./c";`,
        `app.use(PREFIX, a); mount(app); app.use(OPTIONS.prefix, OPTIONS.handler);`,
      ),
      "a.ts": `import { Router } from "express";\nexport const PREFIX = "/a";\nexport const a = Router();\na.get("/", (q, s) => s.end());`,
      "b.ts": `import { Router } from "express";\nexport function mount(app: any) { const r = Router(); r.get("/", (q, s) => s.end()); app.use("/b", r); }`,
      "c.ts": `export const OPTIONS = { prefix: "/c", handler: (q: unknown, s: unknown, n: () => void) => n() };`,
    },
    // a.ts: its router and a string constant are read. The app: mount() registers on it from b.ts, as
    // its own evaluation (replayed while b.ts is unchanged), but a function is not what a late replay can check.
    summarized: ["a.ts", "app.ts", "auth.ts"],
    late: ["a.ts", "auth.ts"],
  },
  {
    name: "a namespace import, or a re-export (whose values others read through it): summarized, but not replayed late",
    files: {
      "app.ts": APP(`import * as all from "./keys"; import { items } from "./items";`, `app.use(all.PREFIX, items);`),
      "keys.ts": `export const PREFIX = "/items";\nexport const K = "items.read";`,
      "barrel.ts": `export { K } from "./keys";`,
      "items.ts": `import { Router } from "express"; import { requirePermission } from "./auth"; import { K } from "./barrel";\nexport const items = Router();\nitems.get("/", requirePermission(K), (q, s) => s.end());`,
    },
    summarized: ["app.ts", "auth.ts", "barrel.ts", "items.ts", "keys.ts"],
    // items.ts read plain data through the barrel: late, its read is checked where it comes from.
    late: ["auth.ts", "items.ts", "keys.ts"],
  },
];

describe("which modules an incremental run can replay", () => {
  it.each(rules)("$name", async ({ files, summarized: expected, late }) => {
    expect(await summarized(files)).toEqual({ summarized: expected, late });
  });

  it("plans a replay of every summarized module that neither changed nor imports a changed file, transitively", () => {
    const summary = {
      touches: [],
      routers: [],
      exports: {},
      resolutions: [],
      exportNames: [],
      starExports: false,
      diagnostics: [],
      reached: { visited: [], invoked: [] },
    };
    const previous = {
      adapter: "express",
      imports: { "/a.ts": ["/b.ts"], "/b.ts": ["/c.ts"], "/c.ts": [], "/d.ts": ["/c.ts"], "/e.ts": [] },
      keyTypeFiles: ["/types.d.ts"],
      modules: { "/a.ts": summary, "/b.ts": summary, "/c.ts": summary, "/d.ts": summary, "/e.ts": summary },
    };
    expect(Object.keys(planReplay(previous, new Set(["/c.ts"]))!.replay)).toEqual(["/e.ts"]);
    expect(Object.keys(planReplay(previous, new Set(["/a.ts"]))!.replay).sort()).toEqual(["/b.ts", "/c.ts", "/d.ts", "/e.ts"]);
    // A file the type checker read for a permission key: nothing is replayed.
    expect(planReplay(previous, new Set(["/types.d.ts"]))).toBeUndefined();
    // Late: a module whose summary kept its reads is replayed although it imports a changed module, when
    // what it read of modules evaluated again are routers (a constant of a changed file is often the edit).
    const reading = (reads: ModuleSummary["reads"]): ModuleSummary => ({ ...summary, reads });
    const late = {
      ...previous,
      modules: {
        ...previous.modules,
        "/a.ts": reading([["/b.ts", "router", { router: { file: "/b.ts", index: 0 } }]]),
        "/d.ts": reading([["/c.ts", "KEY", { data: "c.read" }]]),
      },
    };
    const plan = planReplay(late, new Set(["/c.ts"]))!;
    expect(Object.keys(plan.replay).sort()).toEqual(["/a.ts", "/e.ts"]);
    expect(plan.late).toEqual(["/a.ts"]);
    // The changed module itself is never replayed.
    expect(Object.keys(planReplay(late, new Set(["/a.ts"]))!.replay).sort()).toEqual(["/b.ts", "/c.ts", "/d.ts", "/e.ts"]);
  });

  it("finds a node again by its reference in a fresh parse of the same text", () => {
    const text = `const r = Router();\nr.get("/a", (q, s) => s.end());\nfunction later() { r.post("/b", h); }\nr.route("/c").get(h).post(h);\n`;
    const first = parse("/x.ts", text, false);
    const second = parse("/x.ts", text, false);
    const calls: ts.Node[] = [];
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) || ts.isFunctionDeclaration(node) || ts.isArrowFunction(node)) calls.push(node);
      ts.forEachChild(node, visit);
    };
    visit(first);
    // Three calls of the chain start where it starts; each is found as itself.
    expect(calls.length).toBe(9);
    for (const node of calls) {
      const found = findNode(second, nodeRef(node))!;
      expect([found.kind, found.pos, found.end]).toEqual([node.kind, node.pos, node.end]);
    }
  });
});

// ---------------------------------------------------------------------------------------------------
// Incremental runs against runs without a cache, on disk.

let dir: string;

/** Writes files (null deletes one). */
function write(root: string, files: Record<string, string | null>): void {
  for (const [name, text] of Object.entries(files)) {
    if (text === null) {
      rmSync(path.join(root, name), { force: true });
      continue;
    }
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
}

/** A cached run (incremental when it can be) and a run without any cache, on the same sources. */
async function bothRuns(root: string) {
  // The artifacts go beside the service, not into it: the include globs would list them.
  const config = await loadConfig({ cwd: root, root, out: `${root}-out-cached` });
  // A clock an hour ahead: every file counts as settled, so unchanged files are known by their stat
  // signatures (not read) — the path warm runs on a developer's machine take.
  const cached = await generateToDisk(config, { cache: true, cwd: root, clock: () => wallClockNs() + 3_600_000_000_000n });
  const fullConfig = await loadConfig({ cwd: root, root, out: `${root}-out-full` });
  rmSync(fullConfig.out, { recursive: true, force: true });
  const full = await generateToDisk(fullConfig, { cache: false, cwd: root });
  const lines = (r: typeof cached) => r.diagnostics.sorted().map((d) => formatDiagnostic(d, root));
  expect(lines(cached)).toEqual(lines(full));
  expect(full.diagnostics.errors.map((d) => d.message)).toEqual([]); // every case is a service the cache keeps a run of
  expect(cached.counts).toEqual(full.counts);
  if (!full.counts.errors) expect(filesUnder(config.out)).toEqual(filesUnder(fullConfig.out));
  return cached;
}

const ROUTE = (body: string, extraImports = "") =>
  `import { Router } from "express";\nimport { requirePermission, assertPermission } from "../auth.js";\nimport { P } from "../permissions.js";\nimport { notes } from "../notes.js";\n${extraImports}\n${body}\n`;

const BASE: Record<string, string> = {
  "package.json": JSON.stringify({ name: "incremental", version: "1.0.0", type: "module" }),
  "tsconfig.json": JSON.stringify({ compilerOptions: { module: "NodeNext", moduleResolution: "NodeNext", strict: true } }),
  "src/auth.ts": AUTH,
  "src/permissions.ts": `export const P = { read: "items.read", write: "items.write", orders: "orders.read" } as const;\nexport const CHILD_KEY = "child.read";\n`,
  "src/notes.ts": `import { Router } from "express";\nimport { requirePermission } from "./auth.js";\nexport function notes(kind: string) {\n  const r = Router();\n  r.get("/", requirePermission(\`\${kind}.notes.read\`), (q, s) => s.end());\n  r.post("/", requirePermission(\`\${kind}.notes.write\`), (q, s) => s.end());\n  return r;\n}\n`,
  // Outside the include globs (the default excludes lib/): read as an import only.
  "lib/keys.ts": `export const EXTRA = "items.extra";\n`,
  "src/routes/items.ts": ROUTE(
    // A named handler: its name is the undocumented operation's summary, replayed too.
    `export const items = Router();\nfunction createItemEntry(q: unknown, s: { end(): void }) { s.end(); }\n/** List items */\nitems.get("/", requirePermission(P.read, EXTRA), (q, s) => s.end());\nitems.post("/", requirePermission(P.write), createItemEntry);\nitems.delete("/:id", (q, s) => { assertPermission(q, "items.delete"); s.end(); });\nitems.use("/:id/notes", notes("items"));`,
    `import { EXTRA } from "../../lib/keys.js";`,
  ),
  "src/routes/orders.ts": ROUTE(
    `const orders = Router();\norders.use(requirePermission("orders.base"));\norders.get("/", requirePermission(P.orders), (q, s) => s.end());\norders.get("/files/*path", (q, s) => s.end());\n// Past an early exit apidex cannot decide: indexed, marked, replayed so.\nfunction more(r: Router) { if (process.env.NO_MORE) return; r.get("/more", (q, s) => s.end()); }\nmore(orders);\nexport default orders;`,
  ),
  // A broken import (a warning): a file appearing there changes what the module resolves.
  "src/routes/nested/child.ts": `import { Router } from "express";\nimport "./helpers.js";\nexport const CHILD_PREFIX = "/child";\nexport const child = Router();\nchild.get("/x", (q, s) => s.end());\n`,
  "src/routes/nested/parent.ts": `import { Router } from "express";\nimport { child } from "./child.js";\nexport const parent = Router();\nparent.get("/", (q, s) => s.end());\nparent.use("/child", child);\n`,
  // A barrel: the app reads the nested router through `export *`.
  "src/routes/index.ts": `export * from "./nested/child.js";\nexport * from "./shared.js";\nexport * from "./nested/parent.js";\n`,
  "src/routes/unused.ts": `import { Router } from "express";\nexport const unused = Router();\nunused.get("/u", (q, s) => s.end());\nexport function later(r: Router) { r.get("/later", (q, s) => s.end()); }\n`,
  "src/routes/shared.ts": `import { Router } from "express";\nexport const shared = Router();\nshared.get("/a", (q, s) => s.end());\n`,
  "src/routes/addon.ts": `import { shared } from "./shared.js";\nshared.get("/b", (q, s) => s.end());\n`,
  // A router created when a module first reads a value (not when its own module runs): whoever reads first.
  "src/routes/lazy-shared.ts": `import { Router } from "express";\nexport const sharedRouters = [Router().get("/y", (q, s) => s.end())];\n`,
  "src/routes/uses-lazy.ts": `import { Router } from "express";\nimport { sharedRouters } from "./lazy-shared.js";\nexport const usesLazy = Router();\nusesLazy.use("/s", sharedRouters[0]);\n`,
  "src/routes/docs.ts": `import { Router } from "express";\nexport const docs = Router();\n/** Read the docs\n * @documented\n */\ndocs.get("/", (q, s) => { s.json({}); });\n`,
  "src/app.ts": `import express from "express";\nimport { items } from "./routes/items.js";\nimport orders from "./routes/orders.js";\nimport { parent } from "./routes/index.js";\nimport { shared } from "./routes/shared.js";\nimport "./routes/addon.js";\nimport { docs } from "./routes/docs.js";\nimport { unused } from "./routes/unused.js";\nimport { usesLazy } from "./routes/uses-lazy.js";\nimport { sharedRouters } from "./routes/lazy-shared.js";\nfunction look(value: unknown) {}\nexport const app = express();\napp.use("/lazy", usesLazy);\nlook(sharedRouters);\napp.use("/items", items);\napp.use("/orders", orders);\napp.use("/parent", parent);\napp.use("/shared", shared);\napp.use("/docs", docs);\napp.use("/unused", unused);\n`,
};

/** The files under a folder whose names match, declaration files aside, sorted. */
function sourceFiles(folder: string, name: RegExp): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && name.test(e.name) && !e.name.endsWith(".d.ts"))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

/**
 * After a first pair of runs, edits each file in turn (the first match of `pattern` replaced, or a
 * comment added where there is none), compares a cached run with a run without a cache, and puts the
 * file back. Returns how many modules the cached runs replayed in all.
 */
async function editEachFile(files: string[], pattern: RegExp, replacement: string): Promise<number> {
  await bothRuns(dir);
  let replayed = 0;
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    writeFileSync(file, pattern.test(text) ? text.replace(pattern, replacement) : `// edited\n${text}`);
    replayed += (await bothRuns(dir)).replay?.modules ?? 0;
    writeFileSync(file, text);
  }
  return replayed;
}

/** How often `part` occurs in `text` (edits that add a route give each addition its own path). */
const count = (text: string, part: string) => text.split(part).length - 1;

/** Edits to the base service: each returns the files it rewrites, given the current texts. */
type Edit = {
  name: string;
  apply: (read: (file: string) => string) => Record<string, string | null>;
  /** replays: unchanged modules are replayed; misses: a replay starts and falls back; full: nothing can be replayed. */
  outcome: "replays" | "misses" | "full";
};
const EDITS: Edit[] = [
  {
    name: "a permission key in a route file",
    outcome: "replays",
    apply: (r) => ({ "src/routes/items.ts": r("src/routes/items.ts").replace('"items.delete"', '"items.remove"') }),
  },
  {
    name: "a route added to a route file",
    outcome: "replays",
    apply: (r) => ({
      "src/routes/items.ts":
        r("src/routes/items.ts") +
        `items.put("/part${count(r("src/routes/items.ts"), "items.put(")}", requirePermission("items.replace"), (q, s) => s.end());\n`,
    }),
  },
  {
    name: "a constant every route file reads",
    outcome: "replays",
    apply: (r) => ({ "src/permissions.ts": r("src/permissions.ts").replace('"items.read"', '"items.list"') }),
  },
  {
    name: "the helper that builds the notes routers",
    outcome: "replays",
    apply: (r) => ({ "src/notes.ts": r("src/notes.ts").replace("notes.write", "notes.edit") }),
  },
  {
    name: "a constant in a file outside the globs, with a route file elsewhere",
    outcome: "full",
    apply: (r) => ({
      "lib/keys.ts": r("lib/keys.ts").replace("items.extra", "items.more"),
      "src/routes/orders.ts": `// orders\n${r("src/routes/orders.ts")}`,
    }),
  },
  {
    name: "a nested router's routes",
    outcome: "replays",
    apply: (r) => ({ "src/routes/nested/child.ts": r("src/routes/nested/child.ts").replace('"/x"', '"/y"') }),
  },
  {
    name: "the mount of a nested router",
    outcome: "replays",
    apply: (r) => ({ "src/routes/nested/parent.ts": r("src/routes/nested/parent.ts").replace('"/child"', '"/kid"') }),
  },
  {
    name: "the app: a prefix changed and a router no longer mounted",
    outcome: "replays",
    apply: (r) => ({
      "src/app.ts": r("src/app.ts")
        .replace('app.use("/items", items);', 'app.use("/things", items);')
        .replace('app.use("/orders", orders);\n', ""),
    }),
  },
  {
    name: "a wildcard route removed (its warning goes)",
    outcome: "replays",
    apply: (r) => ({ "src/routes/orders.ts": r("src/routes/orders.ts").replace('orders.get("/files/*path", (q, s) => s.end());\n', "") }),
  },
  {
    name: "a registration on another module's router",
    outcome: "replays",
    apply: (r) => ({
      "src/routes/addon.ts":
        r("src/routes/addon.ts") + `shared.get("/c${count(r("src/routes/addon.ts"), "shared.get(")}", (q, s) => s.end());\n`,
    }),
  },
  {
    name: "a function nothing calls gets another route",
    outcome: "replays",
    apply: (r) => ({ "src/routes/unused.ts": r("src/routes/unused.ts").replace('"/later"', '"/afterwards"') }),
  },
  {
    name: "a documented route's summary",
    outcome: "replays",
    apply: (r) => ({ "src/routes/docs.ts": r("src/routes/docs.ts").replace("Read the docs", "Read all the docs") }),
  },
  { name: "a comment only", outcome: "replays", apply: (r) => ({ "src/routes/orders.ts": `// orders\n${r("src/routes/orders.ts")}` }) },
  {
    name: "a route file starts reading a constant of a replayed module (its summary never recorded it)",
    outcome: "misses",
    apply: (r) => ({
      "src/routes/nested/parent.ts": r("src/routes/nested/parent.ts")
        .replace('import { child } from "./child.js";', 'import { child, CHILD_PREFIX } from "./child.js";')
        .replace('parent.use("/child", child);', "parent.use(CHILD_PREFIX, child);"),
    }),
  },
  {
    name: "a route file starts reading a constant of the replayed permissions module that nothing read before",
    outcome: "misses",
    apply: (r) => ({
      "src/routes/orders.ts": r("src/routes/orders.ts")
        .replace('import { P } from "../permissions.js";', 'import { P, CHILD_KEY } from "../permissions.js";')
        .replace('requirePermission("orders.base")', "requirePermission(CHILD_KEY)"),
    }),
  },
  {
    name: "a new route file, mounted by the app",
    outcome: "replays",
    apply: (r) => ({
      "src/routes/extra.ts": `import { Router } from "express";\nimport { requirePermission } from "../auth.js";\nexport const extra = Router();\nextra.get("/", requirePermission("extra.read"), (q, s) => s.end());\n`,
      "src/app.ts": r("src/app.ts").includes("/extra")
        ? r("src/app.ts")
        : r("src/app.ts").replace(
            'import { docs } from "./routes/docs.js";',
            'import { docs } from "./routes/docs.js";\nimport { extra } from "./routes/extra.js";',
          ) + `app.use("/extra", extra);\n`,
    }),
  },
  {
    name: "a route file deleted, with its mount",
    outcome: "replays",
    apply: (r) => ({
      "src/routes/unused.ts": null,
      "src/app.ts": r("src/app.ts")
        .replace('import { unused } from "./routes/unused.js";\n', "")
        .replace('app.use("/unused", unused);\n', ""),
    }),
  },
  {
    name: "a file appears where a replayed module's broken import pointed",
    outcome: "misses",
    apply: () => ({ "src/routes/nested/helpers.ts": `export const helper = 1;\n` }),
  },
  {
    name: "the app imports a replayed module as a namespace",
    outcome: "misses",
    apply: (r) => ({
      "src/app.ts": r("src/app.ts").replace(
        'import orders from "./routes/orders.js";',
        'import * as ordersModule from "./routes/orders.js";\nconst orders = ordersModule.default;',
      ),
    }),
  },
  {
    name: "the app mounts a router twice",
    outcome: "replays",
    apply: (r) => ({ "src/app.ts": r("src/app.ts") + `app.use("/again", items);\n` }),
  },
  {
    name: "a route file stops mounting the notes",
    outcome: "replays",
    apply: (r) => ({ "src/routes/items.ts": r("src/routes/items.ts").replace('items.use("/:id/notes", notes("items"));', "") }),
  },
];

/**
 * A fresh folder for each test of the suite that calls it, with `files` written (the output folders
 * beside it are removed after); returns a reader of its files.
 */
function withService(prefix: string, files?: Record<string, string>): (file: string) => string {
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), prefix));
    if (files) write(dir, files);
  });
  afterEach(() => {
    for (const folder of [dir, `${dir}-out-cached`, `${dir}-out-full`]) rmSync(folder, { recursive: true, force: true });
  });
  return (file) => readFileSync(path.join(dir, file), "utf8");
}

/**
 * Random sequences of edits to a service, each cached run based on the summaries of the one before and
 * compared with a run without any cache (`bothRuns`).
 */
async function editSequences(
  base: Record<string, string>,
  edits: readonly Edit[],
  read: (file: string) => string,
  numRuns: number,
): Promise<void> {
  await fc.assert(
    fc.asyncProperty(fc.array(fc.integer({ min: 0, max: edits.length - 1 }), { minLength: 1, maxLength: 5 }), async (sequence) => {
      write(dir, base);
      await bothRuns(dir);
      for (const index of sequence) {
        write(dir, edits[index]!.apply(read));
        await bothRuns(dir);
      }
    }),
    { numRuns, seed: 20261121 },
  );
}

describe("incremental runs give exactly what runs without a cache give", () => {
  const read = withService("apidex-incremental-", BASE);

  it.each(EDITS)("after an edit: $name", async (edit) => {
    const first = await bothRuns(dir);
    expect(first.replay).toBeUndefined(); // nothing to replay from yet
    write(dir, edit.apply(read));
    const warm = await bothRuns(dir);
    if (edit.outcome === "replays") {
      expect(warm.replay?.missed).toBeUndefined();
      expect(warm.replay?.modules).toBeGreaterThan(0);
    } else if (edit.outcome === "misses") {
      expect(warm.replay?.missed).toMatch(/does not export|namespace|resolves to/);
    } else {
      expect(warm.replay).toBeUndefined();
    }
    // And the run after it (summaries recorded by an incremental run), after the edit is undone.
    write(dir, Object.fromEntries(Object.keys(edit.apply(read)).map((f) => [f, BASE[f] ?? null])));
    await bothRuns(dir);
  });

  it("after any sequence of edits, each run based on the summaries of the one before", () => editSequences(BASE, EDITS, read, 12));
});

/**
 * A permission table keyed by the route (`table[req.method + " " + req.baseUrl + req.route.path]`): a route's
 * keys depend on the path the app mounts its router at, which another module decides. The router's module is
 * evaluated again each run (no summary), so a warm run reads the keys for the new mount as a cold one does.
 */
const ROUTE_TABLE_BASE: Record<string, string> = {
  "package.json": JSON.stringify({ name: "table", version: "1.0.0", type: "module", dependencies: { "@casl/ability": "6" } }),
  "src/authorization.js": [
    `const table = {`,
    `  "GET /api/flows/": { action: "read", subject: "Flow" },`,
    `  "GET /api/v2/flows/": { action: "list", subject: "Flow" },`,
    `};`,
    `export const authorize = (req, res, next) => { const rule = table[req.method + " " + req.baseUrl + req.route.path]; req.user.can(rule.action, rule.subject); next(); };`,
  ].join("\n"),
  "src/flows.js": `import { Router } from "express";\nimport { authorize } from "./authorization.js";\nexport const flows = Router();\nflows.get("/", authorize, (req, res) => res.json([]));\n`,
  "src/app.js": `import express from "express";\nimport { flows } from "./flows.js";\nconst app = express();\napp.use("/api/flows", flows);\napp.listen(3000);\n`,
};

describe("incremental runs of a permission table keyed by the route", () => {
  const read = withService("apidex-incremental-table-", ROUTE_TABLE_BASE);

  it("reads the keys for the path the router is mounted at now, as a run without a cache does", async () => {
    const operations = (): [string, string[]][] =>
      JSON.parse(readFileSync(`${dir}-out-cached/operations.json`, "utf8")).operations.map((o: { path: string; permissions: string[] }) => [
        o.path,
        o.permissions,
      ]);
    await bothRuns(dir);
    expect(operations()).toEqual([["/api/flows", ["Flow:read"]]]);
    write(dir, { "src/app.js": read("src/app.js").replace('"/api/flows"', '"/api/v2/flows"') });
    await bothRuns(dir);
    expect(operations()).toEqual([["/api/v2/flows", ["Flow:list"]]]);
  });
});

/**
 * A method a module adds to its router (`router.getAsync = (path, ...handlers) => router.get(...)`), called by the
 * routes of another module: the adding module is evaluated again each run (its summary would not hold the
 * method), so a warm run after the routes module changed reads what a cold one does.
 */
const ROUTER_METHODS_BASE: Record<string, string> = {
  "package.json": JSON.stringify({ name: "router-methods", version: "1.0.0", type: "module" }),
  "src/router.js": [
    `import { Router } from "express";`,
    `export const router = Router();`,
    `router.getAsync = (path, ...handlers) => router.get(path, ...handlers.slice(0, -1), (req, res, next) => handlers.at(-1)(req, res, next).catch(next));`,
  ].join("\n"),
  "src/routes.js": `import { router } from "./router.js";\nrouter.getAsync("/lists", async (req, res) => res.json([]));\n`,
  "src/app.js": `import express from "express";\nimport { router } from "./router.js";\nimport "./routes.js";\nconst app = express();\napp.use("/api", router);\napp.listen(3000);\n`,
};

describe("incremental runs of routes added through a method a module adds to its router", () => {
  const read = withService("apidex-incremental-router-methods-", ROUTER_METHODS_BASE);

  it("reads the routes a changed module adds through it, as a run without a cache does", async () => {
    const paths = (): string[] =>
      JSON.parse(readFileSync(`${dir}-out-cached/operations.json`, "utf8")).operations.map(
        (o: { method: string; path: string }) => `${o.method} ${o.path}`,
      );
    await bothRuns(dir);
    expect(paths()).toEqual(["GET /api/lists"]);
    write(dir, { "src/routes.js": `${read("src/routes.js")}router.getAsync("/lists/:id", async (req, res) => res.json({}));\n` });
    await bothRuns(dir);
    expect(paths()).toEqual(["GET /api/lists", "GET /api/lists/{id}"]);
    // The routes module unchanged, the app that mounts the router changed.
    write(dir, { "src/app.js": read("src/app.js").replace('"/api"', '"/v2"') });
    await bothRuns(dir);
    expect(paths()).toEqual(["GET /v2/lists", "GET /v2/lists/{id}"]);
    // The module that adds the method changed.
    write(dir, { "src/router.js": read("src/router.js").replace("router.get(path", "router.post(path") });
    await bothRuns(dir);
    expect(paths()).toEqual(["POST /v2/lists", "POST /v2/lists/{id}"]);
  });
});

/**
 * Late replays: an app module that mounts routers of other modules (and reads nothing else of them that a
 * summary cannot check) is replayed after one of those modules changed, once what it read is the same.
 */
const LATE_BASE: Record<string, string> = {
  "package.json": JSON.stringify({ name: "late", version: "1.0.0", type: "module" }),
  "src/auth.ts": AUTH,
  "src/keys.ts": `export const PREFIX = "/b";\n`,
  "src/a.ts": `import { Router } from "express";\nimport { requirePermission } from "./auth.js";\nexport const a = Router();\na.get("/", requirePermission("a.read"), (q, s) => s.end());\n`,
  "src/b.ts": `import { Router } from "express";\nexport const b = Router();\nb.get("/", (q, s) => s.end());\n`,
  "src/app.ts": `import express from "express";\nimport { a } from "./a.js";\nimport { b } from "./b.js";\nimport { PREFIX } from "./keys.js";\nexport const app = express();\n/** List the root\n * @documented\n */\napp.get("/", (q, s) => { s.json({}); });\napp.use("/a", a);\napp.use(PREFIX, b);\n`,
};

const LATE_EDITS: (Edit & { late?: boolean })[] = [
  {
    name: "a permission key of a mounted router",
    outcome: "replays",
    late: true,
    apply: (r) => ({ "src/a.ts": r("src/a.ts").replace('"a.read"', '"a.list"') }),
  },
  {
    name: "a route added to a mounted router",
    outcome: "replays",
    late: true,
    apply: (r) => ({ "src/a.ts": r("src/a.ts") + `a.post("/n${count(r("src/a.ts"), "a.post(")}", (q, s) => s.end());\n` }),
  },
  {
    name: "another router created before the exported one (the app would mount another router)",
    outcome: "misses",
    apply: (r) => ({
      "src/a.ts": r("src/a.ts").replace(
        "export const a = Router();",
        'const first = Router();\nfirst.get("/first", (q, s) => s.end());\nexport const a = Router();\na.use("/first", first);',
      ),
    }),
  },
  {
    name: "the exported name now a function",
    outcome: "misses",
    apply: (r) => ({
      "src/b.ts": r("src/b.ts").replace(
        "export const b = Router();\nb.get",
        "const inner = Router();\nexport const b = (q: unknown, s: unknown, n: () => void) => n();\ninner.get",
      ),
    }),
  },
  {
    name: "the exported router renamed (the app's import now reads nothing)",
    outcome: "misses",
    apply: (r) => ({ "src/b.ts": r("src/b.ts").replace(/\bb\b/g, "bee") }),
  },
  {
    name: "a constant the app reads",
    outcome: "replays",
    late: false,
    apply: (r) => ({ "src/keys.ts": r("src/keys.ts").replace('"/b"', '"/bee"') }),
  },
  {
    name: "the app itself",
    outcome: "replays",
    late: false,
    apply: (r) => ({ "src/app.ts": r("src/app.ts").replace('app.use("/a", a);', 'app.use("/alpha", a);') }),
  },
];

describe("late replays: a module replayed although a module it imports changed", () => {
  const read = withService("apidex-late-", LATE_BASE);

  it.each(LATE_EDITS)("after an edit: $name", async (edit) => {
    await bothRuns(dir);
    write(dir, edit.apply(read));
    const warm = await bothRuns(dir);
    if (edit.outcome === "misses") {
      // The check failed: the whole run starts over, and says why.
      expect(warm.replay?.missed).toMatch(/src\/app\.ts reads `\w+` of .*, which is not what it was/);
    } else {
      expect(warm.replay?.missed).toBeUndefined();
      expect(warm.replay?.late ?? 0).toBe(edit.late ? 1 : 0);
      expect(warm.replay?.modules).toBeGreaterThan(edit.late ? 2 : 1);
    }
    // The next run replays from the summaries this one left, after the edit is undone.
    write(dir, Object.fromEntries(Object.keys(edit.apply(read)).map((f) => [f, LATE_BASE[f] ?? null])));
    await bothRuns(dir);
  });

  it("after any sequence of edits, each run based on the summaries of the one before", () =>
    editSequences(LATE_BASE, LATE_EDITS, read, 10));
});

describe("incremental runs on larger services", () => {
  withService("apidex-incremental-");

  it.each(["express", "hono", "koa", "next"] as const)(
    "the synthetic benchmark service in %s: route files edited, the runs always agree, and most modules are replayed",
    async (style) => {
      writeSyntheticService(dir, { operations: 400, documented: 12, style });
      // Route files with a permission key of their own (Next.js has one file per path).
      const routes =
        style === "next"
          ? sourceFiles(path.join(dir, "app"), /^route\.ts$/).filter((f) => /"r\d{4}-items\.\w+"/.test(readFileSync(f, "utf8")))
          : sourceFiles(path.join(dir, "src", "routes"), /\.ts$/);
      await bothRuns(dir);
      const edits = [3, 17, 17, 5, 29];
      for (const [step, index] of edits.entries()) {
        const file = routes[index % routes.length]!;
        const text = readFileSync(file, "utf8");
        // A permission key changed, or a key added: real edits that change the artifacts.
        const edited =
          step % 2
            ? text.replace(/(requirePermission|assertPermission)\(([^)]*)\)/, '$1($2, "extra.key")')
            : text.replace(/"(r\d{4}-items)\.(\w+)"/, '"$1.$2ed"');
        expect(edited).not.toBe(text);
        writeFileSync(file, edited);
        const warm = await bothRuns(dir);
        expect(warm.replay?.modules).toBeGreaterThan(routes.length / 2);
      }
    },
  );

  it("a Hono service where one module registers on another's app: both are evaluated every time", async () => {
    const honoRoute = (body: string) => `import { Hono } from "hono";\n${body}\n`;
    write(dir, {
      "package.json": JSON.stringify({ name: "hono-incremental", version: "1.0.0", type: "module" }),
      "src/shared.ts": honoRoute(`export const shared = new Hono();\nshared.get("/a", (c) => c.json({}));`),
      "src/addon.ts": `import { shared } from "./shared.js";\nshared.get("/b", (c) => c.json({}));\n`,
      "src/items.ts": honoRoute(`export const items = new Hono();\nitems.get("/", (c) => c.json([]));`),
      "src/app.ts": `import { Hono } from "hono";\nimport "./addon.js";\nimport { shared } from "./shared.js";\nimport { items } from "./items.js";\nconst app = new Hono();\napp.route("/s", shared);\napp.route("/items", items);\nexport default app;\n`,
    });
    await bothRuns(dir);
    write(dir, { "src/addon.ts": readFileSync(path.join(dir, "src/addon.ts"), "utf8") + `shared.get("/c", (c) => c.json({}));\n` });
    expect((await bothRuns(dir)).replay?.modules).toBeGreaterThan(0); // items.ts
    write(dir, { "src/app.ts": readFileSync(path.join(dir, "src/app.ts"), "utf8").replace('"/s"', '"/shared"') });
    expect((await bothRuns(dir)).replay?.modules).toBeGreaterThan(0);
  });

  it.each(["hono", "koa", "koa-route", "next", "fastify", "nest"])(
    "the %s fixture: each source file edited in turn (replayed where the adapter records summaries)",
    async (name) => {
      const fixture = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "fixtures", name);
      cpSync(fixture, dir, { recursive: true, filter: (source) => !source.endsWith("expected-operations.json") });
      // The first string that looks like a path or a permission key gets a suffix.
      const replayed = await editEachFile(sourceFiles(dir, /\.tsx?$/), /"(\/[\w/:{}-]*|[a-z_]+\.[a-z_.]+)"/, '"$1x"');
      if (name === "hono" || name === "koa" || name === "koa-route" || name === "next") expect(replayed).toBeGreaterThan(0);
      else expect(replayed).toBe(0);
    },
  );

  it("the example service: each route file edited in turn", async () => {
    const example = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "examples", "field-service");
    cpSync(path.join(example, "src"), path.join(dir, "src"), { recursive: true });
    for (const file of ["package.json", "tsconfig.json"]) cpSync(path.join(example, file), path.join(dir, file));
    // The first permission key in each route file gets a suffix.
    const replayed = await editEachFile(sourceFiles(path.join(dir, "src", "routes"), /\.ts$/), /"([a-z_]+\.[a-z_.]+)"/, '"$1_x"');
    expect(replayed).toBeGreaterThan(0);
  });
});
