import type { AddressInfo } from "node:net";
import SwaggerParser from "@apidevtools/swagger-parser";
import express from "express";
import multer from "multer";
import { describe, expect, it } from "vitest";
import { diagnosticLines, generateFrom } from "./helpers/in-memory.js";

/**
 * multer's middleware among an Express route's arguments: the body is published as multipart form data with
 * the files it reads beside the other fields. Each case is also served by the real Express and multer with the
 * same reader: a form encoded from the published schema is accepted (multer refuses a file under a name it does
 * not read, "Unexpected field"), and every file sent reaches the handler.
 */

type Schema = {
  type?: string;
  format?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  allOf?: Schema[];
  required?: string[];
};

const PACKAGE = { "package.json": JSON.stringify({ dependencies: { express: "5", multer: "2" } }) };

/** An app whose route `POST /upload` takes `reader` (source text, `upload` being the multer instance). */
function app(reader: string, setup = `import multer from "multer";\nconst upload = multer({ dest: "tmp/" });`): Record<string, string> {
  return {
    ...PACKAGE,
    "app.ts": `import express from "express";\n${setup}\nconst app = express();\n/** Upload it\n * @documented */\napp.post("/upload", ${reader}, (req, res) => res.json({}));\napp.listen(3000);\n`,
  };
}

const CASES: [
  name: string,
  files: Record<string, string>,
  reader: (u: multer.Multer) => express.RequestHandler,
  fields: Record<string, Schema>,
][] = [
  ["single(name): one file", app(`upload.single("avatar")`), (u) => u.single("avatar"), { avatar: { type: "string", format: "binary" } }],
  [
    "array(name, max): several under one name",
    app(`upload.array("photos", 4)`),
    (u) => u.array("photos", 4),
    { photos: { type: "array", items: { type: "string", format: "binary" } } },
  ],
  [
    "fields([...]): several names, maxCount 1 is one file",
    app(`upload.fields([{ name: "cover", maxCount: 1 }, { name: "pages", maxCount: 8 }])`),
    (u) =>
      u.fields([
        { name: "cover", maxCount: 1 },
        { name: "pages", maxCount: 8 },
      ]),
    { cover: { type: "string", format: "binary" }, pages: { type: "array", items: { type: "string", format: "binary" } } },
  ],
  ["none(): text fields only", app(`upload.none()`), (u) => u.none(), {}],
  [
    "required with CommonJS, the middleware in a const",
    app(
      `avatarUpload`,
      `const multer = require("multer");\nconst upload = multer({ storage: multer.memoryStorage() });\nconst avatarUpload = upload.single("avatar");`,
    ),
    (u) => u.single("avatar"),
    { avatar: { type: "string", format: "binary" } },
  ],
  [
    "inline multer(options).single(name)",
    app(`multer({ dest: "tmp/" }).single("doc")`, `import multer from "multer";`),
    (u) => u.single("doc"),
    { doc: { type: "string", format: "binary" } },
  ],
  [
    "an instance made in another module, the field name a const",
    {
      ...PACKAGE,
      "upload.ts": `import multer from "multer";\nexport const upload = multer({ dest: "tmp/" });\nexport const FIELD = "attachment";\n`,
      ...{ "app.ts": app(`upload.single(FIELD)`, `import { upload, FIELD } from "./upload";`)["app.ts"]! },
    },
    (u) => u.single("attachment"),
    { attachment: { type: "string", format: "binary" } },
  ],
];

async function publishedBody(files: Record<string, string>) {
  const result = await generateFrom(files);
  const doc = result.openapi as unknown as {
    paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Schema }> } }>>;
  };
  await SwaggerParser.validate(structuredClone(doc) as never);
  return { content: doc.paths["/upload"]!.post!.requestBody?.content, diagnostics: diagnosticLines(result) };
}

/** The real Express and multer with the reader; answers with the files and fields the handler was given. */
async function serve(reader: (u: multer.Multer) => express.RequestHandler): Promise<{ url: string; close: () => void }> {
  const server = express()
    .post("/upload", reader(multer({ storage: multer.memoryStorage() })), (req, res) => {
      const files = req.file ? [req.file] : Array.isArray(req.files) ? req.files : Object.values(req.files ?? {}).flat();
      res.json({ files: files.map((f) => f.fieldname).sort(), fields: Object.keys(req.body ?? {}).sort() });
    })
    .listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/upload`, close: () => server.close() };
}

describe("multer's middleware: a multipart form with the files beside the fields", () => {
  it.each(CASES)("%s", async (_name, files, reader, fields) => {
    const { content, diagnostics } = await publishedBody(files);
    expect(diagnostics).toEqual([]);
    const schema = Object.keys(fields).length ? content!["multipart/form-data"]!.schema : undefined;
    if (schema) expect(schema).toEqual({ type: "object", properties: fields });
    else expect(content).toBeUndefined();

    const { url, close } = await serve(reader);
    try {
      const form = new FormData();
      const sent: string[] = [];
      for (const [name, s] of Object.entries(schema?.properties ?? {}))
        for (let n = 0; n < (s.format === "binary" ? 1 : 2); n++) {
          form.append(name, new Blob(["x"]), `${name}${n}.txt`);
          sent.push(name);
        }
      form.append("note", "kept");
      const response = await fetch(url, { method: "POST", body: form });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ files: sent.sort(), fields: ["note"] });
    } finally {
      close();
    }
  });

  it("the body's type is kept beside the files, as the form's other fields", async () => {
    const files = app(`upload.single("avatar")`);
    files["app.ts"] =
      `import express, { type Request, type Response } from "express";\nimport multer from "multer";\nconst upload = multer();\ninterface Profile { name: string }\nconst app = express();\n/** Upload it\n * @documented */\napp.post("/upload", upload.single("avatar"), (req: Request<{}, unknown, Profile>, res: Response) => res.json({}));\n`;
    const { content } = await publishedBody(files);
    expect(Object.keys(content!)).toEqual(["multipart/form-data"]);
    expect(content!["multipart/form-data"]!.schema).toEqual({
      allOf: [{ $ref: "#/components/schemas/Profile" }, { type: "object", properties: { avatar: { type: "string", format: "binary" } } }],
    });
  });

  it("a single() of something that is not multer is no upload", async () => {
    const files = app(`upload.single("avatar")`);
    files["app.ts"] = files["app.ts"]!.replace(
      'import multer from "multer";\nconst upload = multer({ dest: "tmp/" });',
      "const upload = { single: (key: string) => (req: unknown, res: unknown, next: () => void) => next() };",
    )
      .replace("(req, res) => res.json({})", "(req: Request<{}, unknown, { name: string }>, res: Response) => res.json({})")
      .replace('import express from "express";', 'import express, { type Request, type Response } from "express";');
    const { content } = await publishedBody(files);
    expect(Object.keys(content!)).toEqual(["application/json"]);
  });
});
