import { describe, expect, it } from "vitest";
import { sourceSide } from "../generator/resolve/interpreter.js";
import { diagnosticLines, generateFrom, routeLines } from "./helpers/in-memory.js";

/**
 * A server that loads one module per route file at start-up, as chibisafe's Fastify backend does: fs-jetpack
 * lists the folder (`findAsync(dir, { matching })`), each file is imported by its file URL
 * (`import(pathToFileURL(file).href)`), and its `options` and `run` exports become a Fastify `route()`. Node's
 * globals are imported from their modules (`import process from "node:process"`, `import { URL } from
 * "node:url"`), as lint rules ask.
 */
const loader = (extension: string) => `import process from "node:process";
import { URL, fileURLToPath, pathToFileURL } from "node:url";
import type { FastifyInstance } from "fastify";
import jetpack from "fs-jetpack";

export default {
  load: async (server: FastifyInstance) => {
    const extension = ${extension};
    const allRouteFiles = await jetpack.findAsync(fileURLToPath(new URL("../routes", import.meta.url)), { matching: \`*.\${extension}\` });
    const routeFiles = allRouteFiles.filter((file) => !file.endsWith(\`.schema.\${extension}\`));
    for (const routeFile of routeFiles) {
      const route = await import(pathToFileURL(routeFile).href);
      const options = route.options;
      if (!options.url || !options.method) continue;
      options.url = \`\${route.options?.ignoreRoutePrefix ? "" : "/api"}\${options.url}\`;
      server.withTypeProvider().route({
        method: options.method.toUpperCase(),
        url: options.url,
        schema: route.schema ?? {},
        handler: (req: any, res: any) => route.run(req, res),
      });
    }
  },
};
`;

const files = (extension: string): Record<string, string> => ({
  "package.json": JSON.stringify({ name: "uploads", type: "module", dependencies: { fastify: "^4.28.0", "fs-jetpack": "^5.1.0" } }),
  "src/main.ts": `import fastify from "fastify";
import Routes from "./structures/routes.js";
const server = fastify();
const start = async () => {
  await server.register(async (instance) => {
    await Routes.load(instance);
  });
  await server.listen({ port: 8000 });
};
void start();
`,
  "src/structures/routes.ts": loader(extension),
  "src/routes/album/CreateAlbum.ts": `export const schema = { summary: "Create album" };
export const options = { url: "/album/create", method: "post" };
export const run = async (req: any, res: any) => res.send({});
`,
  "src/routes/album/CreateAlbum.schema.ts": `export const shape = {};\n`,
  "src/routes/files/DeleteFile.ts": `export const options = { url: "/file/:uuid", method: "delete" };
export const run = async (req: any, res: any) => res.send({});
`,
  "src/routes/GetVersion.ts": `export const options = { url: "/version", method: "get", ignoreRoutePrefix: true };
export const run = async (req: any, res: any) => res.send({});
`,
});

const ROUTES = ["DELETE /api/file/{uuid} []", "GET /version []", "POST /api/album/create []"];

describe("route files listed with fs-jetpack and imported by their file URL (chibisafe's loader)", () => {
  it("indexes each route file's route, its path from its own options, below the folders fs-jetpack walks", async () => {
    const result = await generateFrom(files(`"ts"`));
    expect(routeLines(result)).toEqual(ROUTES);
    expect(diagnosticLines(result)).toEqual([]);
    expect(result.operations.find((o) => o.path === "/api/album/create")?.summary).toBe("Create album");
  });

  it('reads `process.env` through `import process from "node:process"` as the configured environment', async () => {
    const extension = `\`\${process.env.NODE_ENV === "production" ? "j" : "t"}s\``;
    expect(routeLines(await generateFrom(files(extension), { env: {} }))).toEqual(ROUTES);
    // In production the loader lists the compiled .js files, which a tree of TypeScript sources does not hold:
    // that listing is not this one, and the loop is said, not run over nothing.
    const production = await generateFrom(files(extension), { env: { NODE_ENV: "production" } });
    expect(routeLines(production)).toEqual([]);
    expect(diagnosticLines(production)).toEqual(["APX210 src/structures/routes.ts:16"]);
  });

  it.each([
    `\`\${process.env.NODE_ENV === "production" ? "j" : "t"}s\``,
    `process.env.NODE_ENV === "production" ? "js" : "ts"`,
    `process.env.NODE_ENV !== "development" ? "js" : "ts"`,
  ])(
    "without the config's env, %s chooses between the build's names and the sources' of the same modules: the sources are read",
    async (extension) => {
      const result = await generateFrom(files(extension));
      expect(routeLines(result)).toEqual(ROUTES);
      expect(diagnosticLines(result)).toEqual([]);
    },
  );

  it("says which loop it could not run, over what, and that the config's env decides it (it was silent)", async () => {
    // (Two extensions that are not one module's compiled and source names: the listing is the condition's.)
    const extension = `\`\${process.env.NODE_ENV === "production" ? "mjs" : "ts"}\``;
    const result = await generateFrom(files(extension));
    expect(routeLines(result)).toEqual([]);
    const [warning, ...others] = result.diagnostics.sorted().filter((d) => d.code === "APX210");
    expect(others).toEqual([]);
    expect(warning?.message).toContain("runs inside a loop over `routeFiles`");
    expect(warning?.message).toContain('`process.env.NODE_ENV === "production"`');
    expect(warning?.hint).toMatch(/config's `env`/);
  });

  it("a route() given Fastify's { method, url } in a loop apidex does not run is said (APX210), as hapi's { method, path } is", async () => {
    const result = await generateFrom({
      "package.json": JSON.stringify({ name: "loop", dependencies: { fastify: "^4.28.0" } }),
      "src/main.ts": `import fastify from "fastify";
import { table } from "./table";
const app = fastify();
for (const r of table()) app.route({ method: r.method, url: r.url, handler: r.run });
app.get("/health", async () => "ok");
app.listen({ port: 3000 });
`,
      "src/table.ts": `export function table(): any[] { return JSON.parse(process.argv[2] ?? "[]"); }\n`,
    });
    expect(routeLines(result)).toEqual(["GET /health []"]);
    expect(diagnosticLines(result)).toEqual(["APX210 src/main.ts:4"]);
  });
});

describe("Node's globals imported from their modules", () => {
  it.each([
    ['import process from "node:process"', "process.env.API_PREFIX"],
    ['import * as process from "process"', "process.env.API_PREFIX"],
    ['import { env } from "node:process"', "env.API_PREFIX"],
    ['import { env as environment } from "process"', "environment.API_PREFIX"],
  ])("%s: %s is the configured environment's", async (importLine, read) => {
    const result = await generateFrom(
      {
        "package.json": JSON.stringify({ name: "env", dependencies: { express: "^4.21.0" } }),
        "src/app.ts": `import express from "express";
${importLine};
const app = express();
const router = express.Router();
router.get("/items", (req, res) => res.json([]));
app.use(${read} ?? "/fallback", router);
app.listen(3000);
`,
      },
      { env: { API_PREFIX: "/v2" } },
    );
    expect(routeLines(result)).toEqual(["GET /v2/items []"]);
  });

  it("`new URL(...)` of URL imported from node:url is the global URL (the folder a loader lists)", async () => {
    const result = await generateFrom({
      "package.json": JSON.stringify({ name: "url", type: "module", dependencies: { express: "^4.21.0", "fast-glob": "^3.3.0" } }),
      "src/app.ts": `import express from "express";
import fg from "fast-glob";
import { URL, fileURLToPath } from "node:url";
const app = express();
const dir = fileURLToPath(new URL("./routes", import.meta.url));
for (const file of await fg.glob("*.ts", { cwd: dir, absolute: true })) {
  const { default: router } = await import(file);
  app.use("/api", router);
}
app.listen(3000);
`,
      "src/routes/users.ts": `import { Router } from "express";
const router = Router();
router.get("/users", (req, res) => res.json([]));
export default router;
`,
    });
    expect(routeLines(result)).toEqual(["GET /api/users []"]);
  });
});

describe("a module's compiled name and its source's", () => {
  it.each([
    ["js", "ts", "ts"],
    ["ts", "js", "ts"],
    [".js", ".ts", ".ts"],
    ["*.mjs", "*.mts", "*.mts"],
    ["routes/*.cjs", "routes/*.cts", "routes/*.cts"],
    ["a.js.map", "a.ts.map", "a.ts.map"],
    ["*.schema.js", "*.schema.ts", "*.schema.ts"],
    ["jsx", "tsx", undefined],
    ["j", "t", undefined],
    ["/js/app", "/ts/app", undefined],
    ["jsdoc", "tsdoc", undefined],
    ["a.js", "b.ts", undefined],
    ["x.js", "x.js", undefined],
    [".mjs", ".ts", undefined],
    ["a.js/b.ts", "a.ts/b.js", undefined],
  ] as const)("%s / %s: %s", (a, b, source) => {
    expect(sourceSide(a, b)).toBe(source);
  });
});
