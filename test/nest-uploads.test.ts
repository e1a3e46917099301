import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import SwaggerParser from "@apidevtools/swagger-parser";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../generator/config/load-config.js";
import { generate } from "../generator/generate.js";
import { diagnosticLines, generateFrom } from "./helpers/in-memory.js";
import { REPO_ROOT } from "./helpers/repo.js";

/**
 * NestJS routes that take files (multer's interceptors from @nestjs/platform-express): the body is published
 * as multipart form data with the files beside the `@Body()` fields. The oracle boots the fixture with the
 * real Nest, sends each operation a form encoded from the published schema, and checks every file arrived;
 * a file that ParseFilePipe refuses to go without is required, and a request without it is refused.
 */

const FIXTURE = path.join(REPO_ROOT, "test", "fixtures", "nest-uploads");

type Schema = {
  type?: string;
  format?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  required?: string[];
  allOf?: Schema[];
  $ref?: string;
};
interface Doc {
  paths: Record<string, Record<string, { requestBody: { content: Record<string, { schema: Schema }> } }>>;
  components?: { schemas?: Record<string, Schema> };
}

async function published(): Promise<Doc> {
  const result = await generate(await loadConfig({ cwd: REPO_ROOT, root: FIXTURE }));
  expect(result.diagnostics.errors).toEqual([]);
  const doc = result.openapi as unknown as Doc;
  await SwaggerParser.validate(structuredClone(doc) as never);
  return doc;
}

/** An object schema's fields, `$ref` and `allOf` followed. */
function fields(schema: Schema, doc: Doc): { properties: Record<string, Schema>; required: string[] } {
  if (schema.$ref) return fields(doc.components!.schemas![schema.$ref.split("/").pop()!]!, doc);
  if (schema.allOf) {
    const parts = schema.allOf.map((s) => fields(s, doc));
    return { properties: Object.assign({}, ...parts.map((p) => p.properties)), required: parts.flatMap((p) => p.required) };
  }
  return { properties: schema.properties ?? {}, required: schema.required ?? [] };
}

/** A form with a value for each field: a file for a binary one, two for a list of them. */
function form(properties: Record<string, Schema>, leaveOut = new Set<string>()): { body: FormData; files: string[] } {
  const body = new FormData();
  const files: string[] = [];
  for (const [name, s] of Object.entries(properties)) {
    if (leaveOut.has(name)) continue;
    const count = s.format === "binary" ? 1 : s.items?.format === "binary" ? 2 : 0;
    if (!count) body.append(name, "Ada");
    for (let n = 0; n < count; n++) {
      files.push(`${name}-${n}.txt`);
      body.append(name, new Blob(["x"], { type: "text/plain" }), `${name}-${n}.txt`);
    }
  }
  return { body, files };
}

describe("NestJS file uploads are multipart forms with the files beside the body's fields", () => {
  it("publishes each route's form as the real Nest reads it", async () => {
    const doc = await published();
    const media = Object.fromEntries(Object.entries(doc.paths).map(([p, item]) => [p, Object.keys(item.post!.requestBody.content)]));
    expect(media).toEqual({
      "/uploads/avatar": ["multipart/form-data"],
      "/uploads/photos": ["multipart/form-data"],
      "/uploads/book": ["multipart/form-data"],
      "/uploads/form": ["multipart/form-data"],
      "/uploads/json": ["application/json"],
    });
    const schemaOf = (p: string) => Object.values(doc.paths[p]!.post!.requestBody.content)[0]!.schema;
    expect(fields(schemaOf("/uploads/avatar"), doc).required).toEqual(["name", "avatar"]);
    expect(Object.keys(fields(schemaOf("/uploads/book"), doc).properties)).toEqual(["cover", "pages"]);

    await import("reflect-metadata");
    const { NestFactory } = await import("@nestjs/core");
    const { AppModule } = (await import(pathToFileURL(path.join(FIXTURE, "src", "app.module.ts")).href)) as { AppModule: unknown };
    const app = await NestFactory.create(AppModule as never, { logger: false });
    await app.listen(0, "127.0.0.1");
    const base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    try {
      for (const [p, item] of Object.entries(doc.paths)) {
        const [mediaType, { schema }] = Object.entries(item.post!.requestBody.content)[0]!;
        const { properties, required } = fields(schema, doc);
        const sent =
          mediaType === "multipart/form-data" ? form(properties) : { body: JSON.stringify({ name: "Ada" }), files: [] as string[] };
        const headers = mediaType === "application/json" ? { "content-type": mediaType } : undefined;
        const response = await fetch(base + p, { method: "POST", body: sent.body, headers });
        expect(response.status, p).toBe(201);
        const answer = (await response.json()) as { files: string[]; name?: string };
        expect(answer.files.sort(), p).toEqual(sent.files.sort());
        // A required file: the route refuses the same form without it.
        for (const name of required.filter((r) => properties[r]?.format === "binary")) {
          const without = await fetch(base + p, { method: "POST", body: form(properties, new Set([name])).body });
          expect(without.status, `${p} without ${name}`).toBe(400);
        }
      }
    } finally {
      await app.close();
    }
  });
});

describe("what is read of the interceptors", () => {
  const controller = (decorators: string, params = "@Body() body: Dto") => ({
    "app.ts": `import { Body, Controller, Post, UploadedFile, UseInterceptors, ParseFilePipe, ParseFilePipeBuilder } from "@nestjs/common";
import { FileInterceptor, AnyFilesInterceptor } from "@nestjs/platform-express";
import { ApiConsumes } from "@nestjs/swagger";
class Dto { title!: string }
@Controller("docs")
export class DocsController {
  /** Send it
   * @documented */
  @Post()
  ${decorators}
  send(${params}) { return 1; }
}`,
  });
  it.each<[string, Record<string, string>, string, Schema | undefined]>([
    [
      "a file without a pipe is optional (multer lets a request without one through)",
      controller(`@UseInterceptors(FileInterceptor("doc"))`),
      "multipart/form-data",
      { type: "object", properties: { doc: { type: "string", format: "binary" } } },
    ],
    [
      "ParseFilePipeBuilder's build() refuses a request without the file",
      controller(
        `@UseInterceptors(FileInterceptor("doc"))`,
        `@UploadedFile(new ParseFilePipeBuilder().addMaxSizeValidator({ maxSize: 1000 }).build()) doc: unknown, @Body() body: Dto`,
      ),
      "multipart/form-data",
      { type: "object", properties: { doc: { type: "string", format: "binary" } }, required: ["doc"] },
    ],
    [
      "fileIsRequired: false leaves it optional",
      controller(
        `@UseInterceptors(FileInterceptor("doc"))`,
        `@UploadedFile(new ParseFilePipe({ fileIsRequired: false })) doc: unknown, @Body() body: Dto`,
      ),
      "multipart/form-data",
      { type: "object", properties: { doc: { type: "string", format: "binary" } } },
    ],
    [
      "AnyFilesInterceptor: a form whose file names are not known",
      controller(`@UseInterceptors(AnyFilesInterceptor())`),
      "multipart/form-data",
      undefined,
    ],
    [
      "@ApiConsumes states the media type",
      controller(`@ApiConsumes("application/x-www-form-urlencoded")`),
      "application/x-www-form-urlencoded",
      undefined,
    ],
    ["@ApiConsumes of JSON changes nothing", controller(`@ApiConsumes("application/json")`), "application/json", undefined],
  ])("%s", async (_name, files, mediaType, own) => {
    const result = await generateFrom(files);
    expect(diagnosticLines(result)).toEqual([]);
    const doc = result.openapi as unknown as Doc;
    await SwaggerParser.validate(structuredClone(doc) as never);
    const content = doc.paths["/docs"]!.post!.requestBody.content;
    expect(Object.keys(content)).toEqual([mediaType]);
    const schema = content[mediaType]!.schema;
    if (own) expect(schema.allOf).toEqual([{ $ref: "#/components/schemas/Dto" }, own]);
    else expect(schema.$ref).toBe("#/components/schemas/Dto");
  });
});
