import SwaggerParser from "@apidevtools/swagger-parser";
import { describe, expect, it } from "vitest";
import { diagnosticLines, generateFrom, routeLines } from "./helpers/in-memory.js";

/**
 * Patterns the Hono/Elysia services of the real-world corpus (bench/realworld/services.ts) showed apidex
 * reading wrong; each case holds for any project written so.
 */

type Doc = { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>> };

describe("a response schema that is TypeBox's Void or Undefined is a response without a body", () => {
  it.each([
    [
      "Elysia, `t.Void()` by status",
      `import { Elysia, t } from "elysia";
       export const app = new Elysia()
         /** Delete a thing
          * @documented */
         .delete("/things/:id", ({ set }) => { set.status = 204 }, {
           response: { 204: t.Void(), 404: t.Object({ message: t.String() }) },
         });`,
    ],
    [
      "Elysia, a const holding `t.Undefined()`",
      `import { Elysia, t } from "elysia";
       const NoContent = t.Undefined();
       export const app = new Elysia()
         /** Delete a thing
          * @documented */
         .delete("/things/:id", () => undefined, { response: { 204: NoContent, 404: t.Object({ message: t.String() }) } });`,
    ],
    [
      "Fastify, `Type.Void()` in schema.response",
      `import Fastify from "fastify";
       import { Type } from "@sinclair/typebox";
       const app = Fastify();
       /** Delete a thing
        * @documented */
       app.delete("/things/:id", {
         schema: { response: { 204: Type.Void(), 404: Type.Object({ message: Type.String() }) } },
       }, async (req, reply) => reply.code(204).send());
       app.listen({ port: 3000 });`,
    ],
  ])("%s", async (_name, source) => {
    const result = await generateFrom({ "app.ts": source });
    expect(diagnosticLines(result)).toEqual([]);
    const doc = result.openapi as unknown as Doc;
    await SwaggerParser.validate(structuredClone(doc) as never);
    const responses = doc.paths["/things/{id}"]!.delete!.responses;
    expect(Object.keys(responses)).toEqual(expect.arrayContaining(["204", "404"]));
    expect(responses["204"]!.content).toBeUndefined();
    expect(Object.keys(responses["404"]!.content ?? {})).toEqual(["application/json"]);
  });

  it("a Void with arguments, or a Void nested in an object, is still read as a schema (and warned where unreadable)", async () => {
    const result = await generateFrom({
      "app.ts": `import { Elysia, t } from "elysia";
        export const app = new Elysia()
          /** Get a thing
           * @documented */
          .get("/things/:id", () => ({ v: undefined }), { response: { 200: t.Object({ v: t.Void() }) } });`,
    });
    expect(diagnosticLines(result).join("\n")).toContain("APX505");
  });
});

describe("a project's createRoute wrapper that copies its config without its own options is read", () => {
  const wrapper = (body: string) => `import { OpenAPIHono, createRoute } from "@hono/zod-openapi";
    const extensions = { "x-guard": { id: "xGuard", kind: "middleware" }, "x-tool": { id: "xTool", kind: "metadata" } } as const;
    const ownIds = () => Object.values(extensions).filter(({ kind }) => kind === "middleware").map(({ id }) => id);
    const authGuard = async (c, next) => next();
    export const createXRoute = (config) => { ${body} };
    const routes = { list: createXRoute({ method: "get", path: "/things", xGuard: [authGuard], responses: {} }) };
    const app = new OpenAPIHono();
    app.openapi(routes.list, (c) => c.json({}));
    export default app;`;

  it.each([
    [
      "Object.fromEntries of the entries an includes() filter keeps",
      `const ids = ownIds();
       const clean = Object.fromEntries(Object.entries(config).filter(([key]) => !ids.includes(key)));
       return createRoute({ security: [], ...clean, middleware: config.xGuard });`,
    ],
    [
      "an indexOf() filter",
      `const clean = Object.fromEntries(Object.entries(config).filter(([key]) => ownIds().indexOf(key) === -1));
       return createRoute({ ...clean });`,
    ],
    [
      "a some() filter, and entries mapped before they are joined",
      `const clean = Object.fromEntries(
         Object.entries(config)
           .filter(([key]) => !Object.values(extensions).some((e) => e.id === key))
           .map(([key, value]) => [key, value]),
       );
       return createRoute({ ...clean });`,
    ],
    [
      "every() and find() deciding the options",
      `const guarded = Object.values(extensions).every((e) => typeof e.id === "string");
       const guard = Object.values(extensions).find((e) => e.kind === "middleware");
       return createRoute({ ...config, method: guarded && guard.id === "xGuard" ? config.method : "post" });`,
    ],
  ])("%s", async (_name, body) => {
    const result = await generateFrom({ "app.ts": wrapper(body) });
    expect(diagnosticLines(result)).toEqual([]);
    expect(routeLines(result)).toEqual(["GET /things []"]);
  });

  it("a pair whose key apidex cannot read leaves the other keys, and the route is still read", async () => {
    const result = await generateFrom({
      "app.ts": `import { OpenAPIHono, createRoute } from "@hono/zod-openapi";
        const route = createRoute(Object.fromEntries([["method", "get"], ["path", "/things"], [process.env.KEY, 1]]));
        const app = new OpenAPIHono();
        app.openapi(route, (c) => c.json({}));
        export default app;`,
    });
    expect(routeLines(result)).toEqual(["GET /things []"]);
  });

  it("includes() of a value only known at run time stays unknown: the route it decides is warned about, not guessed", async () => {
    const result = await generateFrom({
      "app.ts": `import { OpenAPIHono, createRoute } from "@hono/zod-openapi";
        const methods = ["get", "post"];
        const route = createRoute({ method: methods.includes(process.env.METHOD) ? "get" : "post", path: "/things" });
        const app = new OpenAPIHono();
        app.openapi(route, (c) => c.json({}));
        export default app;`,
    });
    expect(routeLines(result)).toEqual([]);
    expect(diagnosticLines(result).join("\n")).toContain("APX201");
  });
});

describe("Hono mount() of a function that forwards the request to an app's fetch", () => {
  it("another Hono app behind `(req, env, ctx) => other.fetch(req, env, ctx)` is mounted as `other.fetch` is", async () => {
    const result = await generateFrom({
      "app.ts": `import { Hono } from "hono";
        const api = new Hono();
        api.get("/users", (c) => c.json([]));
        const app = new Hono();
        app.mount("/api", (request, env, executionCtx) => api.fetch(request, env, executionCtx));
        app.mount("/v2", function (request) { return api.fetch(request); });
        export default app;`,
    });
    expect(diagnosticLines(result)).toEqual([]);
    expect(routeLines(result)).toEqual(["GET /api/users []", "GET /v2/users []"]);
  });

  it("an app mounted into itself is a cycle (APX212), not an application of another framework (APX218): its routes indexed once", async () => {
    const result = await generateFrom({
      "app.ts": `import { Hono } from "hono";
        const app = new Hono();
        app.mount("/api", (request, env, ctx) => app.fetch(request, env, ctx));
        app.get("/users", (c) => c.json([]));
        export default app;`,
    });
    expect(diagnosticLines(result)).toEqual(["APX212 app.ts:3"]);
    expect(routeLines(result)).toEqual(["GET /users []"]);
  });

  it("a function that does more than forward, or forwards other arguments, is still an application apidex does not read (APX218)", async () => {
    const result = await generateFrom({
      "app.ts": `import { Hono } from "hono";
        const api = new Hono();
        api.get("/users", (c) => c.json([]));
        const app = new Hono();
        app.mount("/api", (request, env) => api.fetch(new Request(request), env));
        export default app;`,
    });
    expect(diagnosticLines(result)).toEqual(["APX218 app.ts:5"]);
  });
});

describe("includes() with an environment variable's default decides nothing on its own", () => {
  it('`[...].includes(process.env.MODE || "a")` deciding a registration stays undecided (APX217), as a comparison with it does', async () => {
    const result = await generateFrom({
      "app.ts": `import { Hono } from "hono";
        const app = new Hono();
        if (["a", "b"].includes(process.env.MODE || "a")) app.get("/a", (c) => c.text("a"));
        export default app;`,
    });
    expect(routeLines(result)).toEqual(["GET /a [] unresolved(registration)"]);
    expect(diagnosticLines(result)).toContain("APX217 app.ts:3");
  });
});
