import { describe, expect, it } from "vitest";
import { formatDiagnostic } from "../generator/diagnostics/diagnostic.js";
import { diagnosticLines, generateFrom, MEMORY_ROOT, routeLines } from "./helpers/in-memory.js";

/** A module of a router folder: its own router with `n` routes, exported as lambert-server and `routerFiles` expect. */
const routerModule = (n = 1) =>
  [
    `import { Router } from "express";`,
    `const router = Router();`,
    ...Array.from({ length: n }, (_, i) => `router.get("/r${i}", (q, s) => s.end());`),
    `export default router;`,
  ].join("\n");

/** A server that hands its folders to a walker apidex cannot follow (a package's, over the file system at run time). */
const server = (...folders: string[]) =>
  [
    `import express from "express"; import path from "node:path"; import { registerRoutes } from "lambert-server";`,
    `const app = express();`,
    ...folders.map((f) => `registerRoutes(app, path.join(__dirname, ${JSON.stringify(f)}, "/"));`),
    `app.listen(3000);`,
  ].join("\n");

/** Three routers among six modules of other things, in one folder: the shape of a service's `src/`. */
const amongOthers = {
  "src/a.ts": routerModule(),
  "src/b.ts": routerModule(),
  "src/c.ts": routerModule(),
  ...Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`src/util${i}.ts`, `export const x${i} = ${i};`])),
};

const warningsOf = async (files: Record<string, string>) => {
  const result = await generateFrom(files);
  return result.diagnostics.warnings.filter((d) => d.code === "APX211").map((d) => formatDiagnostic(d, MEMORY_ROOT));
};

describe("routers of a folder nothing in the sources mounts (APX211 by folder)", () => {
  it("gives one warning for the folder a call names, each router's site, and the routerFiles entry to write", async () => {
    const files = {
      "src/server.ts": server("routes"),
      "src/routes/users.ts": routerModule(2),
      "src/routes/users/#id/teams.ts": routerModule(),
      "src/routes/index.ts": routerModule(),
    };
    const result = await generateFrom(files);
    expect(routeLines(result)).toEqual([]);
    expect(diagnosticLines(result)).toEqual(["APX211 src/routes/index.ts:2"]);
    const [warning] = await warningsOf(files);
    expect(warning).toBe(
      [
        "src/routes/index.ts:2:16 warning APX211 The 3 routers exported by the modules of `src/routes/` register 4 route(s), but none is mounted on an app in the analysed sources; they are not indexed.",
        '  src/server.ts:3:1 the folder is named here: `registerRoutes(app, path.join(__dirname, "routes", "/"))`',
        "  src/routes/index.ts:2:16 registers 1 route(s)",
        "  src/routes/users.ts:2:16 registers 2 route(s)",
        "  src/routes/users/#id/teams.ts:2:16 registers 1 route(s)",
        '  hint: If the server mounts each module\'s router at its place in the folder (a loader that walks it at start-up), name the folder in the config: `routerFiles: [{ dir: "src/routes" }]`, with `prefix` if the loader mounts them under one; otherwise mount them with app.use(prefix, router), or exclude the files if they are not part of the service.',
      ].join("\n"),
    );
  });

  it("indexes the routes once the config names the folder as the warning says", async () => {
    const files = {
      "src/server.ts": server("routes"),
      "src/routes/users.ts": routerModule(2),
      "src/routes/users/#id/teams.ts": routerModule(),
      "src/routes/index.ts": routerModule(),
    };
    const result = await generateFrom(files, { routerFiles: [{ dir: "src/routes" }] });
    expect(routeLines(result)).toEqual(["GET /r0 []", "GET /users/r0 []", "GET /users/r1 []", "GET /users/{id}/teams/r0 []"]);
    expect(diagnosticLines(result)).toEqual([]);
  });

  const cases: { name: string; files: Record<string, string>; folders: string[]; single: string[] }[] = [
    {
      name: "two folders side by side, each named by its call, stay two (not their common parent)",
      files: {
        "src/server.ts": server("routes", "routes_toplevel"),
        "src/routes/a.ts": routerModule(),
        "src/routes/b.ts": routerModule(),
        "src/routes_toplevel/c.ts": routerModule(),
        "src/routes_toplevel/d.ts": routerModule(),
      },
      folders: ["src/routes/", "src/routes_toplevel/"],
      single: [],
    },
    {
      name: "a folder no call names is found by its routers (three or more, and little else), narrowed to their common folder",
      files: {
        "src/server.ts": `import express from "express"; const app = express(); app.listen(3000);`,
        "src/cdn/server.ts": `export const port = 3001;`,
        "src/cdn/routes/a.ts": routerModule(),
        "src/cdn/routes/b.ts": routerModule(),
        "src/cdn/routes/nested/c.ts": routerModule(),
      },
      folders: ["src/cdn/routes/"],
      single: [],
    },
    {
      name: "two strays no call names stay router by router",
      files: {
        "src/server.ts": `import express from "express"; const app = express(); app.listen(3000);`,
        "src/routes/a.ts": routerModule(),
        "src/routes/b.ts": routerModule(),
      },
      folders: [],
      single: ["src/routes/a.ts", "src/routes/b.ts"],
    },
    {
      name: "routers spread among many other modules are no folder a loader walks",
      files: {
        "src/server.ts": `import express from "express"; const app = express(); app.listen(3000);`,
        ...amongOthers,
      },
      folders: [],
      single: ["src/a.ts", "src/b.ts", "src/c.ts"],
    },
    {
      name: "a call naming the folder of the whole service (`init(__dirname)`) names no folder of routers",
      files: {
        "src/server.ts": `import express from "express"; import init from "some-init"; const app = express(); init(app, __dirname);`,
        ...amongOthers,
      },
      folders: [],
      single: ["src/a.ts", "src/b.ts", "src/c.ts"],
    },
    {
      name: "a router its module does not export cannot be walked to: it stays on its own",
      files: {
        "src/server.ts": server("routes"),
        "src/routes/a.ts": routerModule(),
        "src/routes/b.ts": routerModule(),
        "src/routes/c.ts": `import { Router } from "express"; const hidden = Router(); hidden.get("/h", (q, s) => s.end());`,
      },
      folders: ["src/routes/"],
      single: ["src/routes/c.ts"],
    },
    {
      name: "a folder named in an option, relative to the project root (`enrouten({ directory })`)",
      files: {
        "src/server.ts": `import express from "express"; import loader from "some-loader"; const app = express(); app.use(loader({ directory: "src/controllers" }));`,
        "src/controllers/a.ts": routerModule(),
        "src/controllers/b.ts": routerModule(),
      },
      folders: ["src/controllers/"],
      single: [],
    },
  ];

  it.each(cases)("$name", async ({ files, folders, single }) => {
    const warnings = await warningsOf(files);
    const folderOf = (w: string) => /modules of `([^`]+)`/.exec(w)?.[1];
    expect(warnings.flatMap((w) => folderOf(w) ?? [])).toEqual(folders);
    expect(warnings.filter((w) => !folderOf(w)).map((w) => w.split(":")[0])).toEqual(single);
  });
});
