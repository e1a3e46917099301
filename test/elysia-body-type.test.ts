import SwaggerParser from "@apidevtools/swagger-parser";
import { Elysia, t } from "elysia";
import { describe, expect, it } from "vitest";
import { ts } from "../generator/typescript.js";
import { diagnosticLines, generateFrom } from "./helpers/in-memory.js";

/**
 * The media type of an Elysia route's body: the one parser its hook names (`parse`), multipart form data for a
 * body that holds a file, JSON otherwise. Each case is checked against the real Elysia: a body encoded in the
 * published media type is accepted, and where that type is not JSON, the same body sent as JSON is refused.
 */

type Schema = { type?: string; format?: string; properties?: Record<string, Schema>; items?: Schema };

const CASES: [name: string, hook: string, mediaType: string][] = [
  ["a body with a file is multipart form data", `{ body: t.Object({ file: t.File(), note: t.String() }) }`, "multipart/form-data"],
  ["a body with several files too", `{ body: t.Object({ files: t.Files(), note: t.String() }) }`, "multipart/form-data"],
  ["an optional file too", `{ body: t.Object({ avatar: t.Optional(t.File()), note: t.String() }) }`, "multipart/form-data"],
  ["a body without a file is JSON", `{ body: t.Object({ note: t.String() }) }`, "application/json"],
  [
    'parse: "urlencoded" takes a URL-encoded form only',
    `{ body: t.Object({ note: t.String() }), parse: "urlencoded" }`,
    "application/x-www-form-urlencoded",
  ],
  [
    "parse by media type",
    `{ body: t.Object({ note: t.String() }), parse: "application/x-www-form-urlencoded" }`,
    "application/x-www-form-urlencoded",
  ],
  ['parse: "formdata" takes form data', `{ body: t.Object({ note: t.String() }), parse: "formdata" }`, "multipart/form-data"],
  ["a list of one parser is that parser", `{ body: t.Object({ note: t.String() }), parse: ["formdata"] }`, "multipart/form-data"],
  ["a t.Form() body is form data: Elysia parses it so and refuses JSON", `{ body: t.Form({ note: t.String() }) }`, "multipart/form-data"],
  [
    "a t.Form() body under a named parser is read by that parser (JSON here, its object member accepts it)",
    `{ body: t.Form({ note: t.String() }), parse: "json" }`,
    "application/json",
  ],
  ['parse: "text" takes plain text', `{ body: t.String(), parse: "text" }`, "text/plain"],
  [
    "a custom parser says nothing of the type: JSON, as Elysia reads it by default",
    `{ body: t.Object({ note: t.String() }), parse: ({ request }) => request.json() }`,
    "application/json",
  ],
];

/** The body's content of `POST /things` as apidex publishes it, validated as OpenAPI. */
async function published(hook: string) {
  const result = await generateFrom({
    "app.ts": `import { Elysia, t } from "elysia";
      export const app = new Elysia()
        /** Save a thing
         * @documented */
        .post("/things", ({ body }) => ({ ok: true }), ${hook});`,
  });
  const doc = result.openapi as { paths: Record<string, Record<string, any>> };
  await SwaggerParser.validate(structuredClone(doc) as never);
  const content = doc.paths["/things"]!.post.requestBody.content as Record<string, { schema: Schema }>;
  return { content, diagnostics: diagnosticLines(result) };
}

/** A body the schema accepts, encoded in the media type. */
function encode(mediaType: string, schema: Schema): { body: BodyInit; headers?: Record<string, string> } {
  if (mediaType === "text/plain") return { body: "hello", headers: { "content-type": "text/plain" } };
  const fields = Object.entries(schema.properties ?? {});
  if (mediaType === "multipart/form-data") {
    const form = new FormData();
    for (const [name, s] of fields) {
      if (s.format === "binary") form.append(name, new Blob(["abc"], { type: "text/plain" }), "a.txt");
      else if (s.items?.format === "binary") for (const n of [1, 2]) form.append(name, new Blob(["abc"]), `${n}.txt`);
      else form.append(name, "n");
    }
    return { body: form };
  }
  const plain = Object.fromEntries(fields.map(([name]) => [name, "n"]));
  if (mediaType === "application/x-www-form-urlencoded")
    return { body: new URLSearchParams(plain).toString(), headers: { "content-type": mediaType } };
  return { body: JSON.stringify(plain), headers: { "content-type": "application/json" } };
}

/** The real Elysia's answer to a body sent to the same route. */
async function elysiaAnswers(hook: string, sent: { body: BodyInit; headers?: Record<string, string> }): Promise<number> {
  const js = ts.transpile(`return (${hook});`, { target: ts.ScriptTarget.ES2022 });
  const app = new Elysia().post("/things", () => ({ ok: true }), new Function("t", js)(t));
  const response = await app.handle(new Request("http://localhost/things", { method: "POST", ...sent }));
  return response.status;
}

describe("an Elysia route's body is published in the media type Elysia reads it in", () => {
  it.each(CASES)("%s", async (_name, hook, mediaType) => {
    const { content, diagnostics } = await published(hook);
    expect(diagnostics).toEqual([]);
    expect(Object.keys(content)).toEqual([mediaType]);
    const schema = content[mediaType]!.schema;
    expect(await elysiaAnswers(hook, encode(mediaType, schema))).toBe(200);
    // Plain text is any body, JSON's too; a form is not JSON.
    if (mediaType !== "application/json" && mediaType !== "text/plain") {
      const status = await elysiaAnswers(hook, encode("application/json", schema));
      expect(status).toBeGreaterThanOrEqual(400);
    }
  });
});
