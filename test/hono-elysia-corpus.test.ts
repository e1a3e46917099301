import SwaggerParser from "@apidevtools/swagger-parser";
import { describe, expect, it } from "vitest";
import { diagnosticLines, generateFrom } from "./helpers/in-memory.js";

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
    const doc = result.openapi as Doc;
    await SwaggerParser.validate(structuredClone(doc) as never);
    const responses = doc.paths["/things/{id}"]!.delete.responses;
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
