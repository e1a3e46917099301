import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import SwaggerParser from "@apidevtools/swagger-parser";
import { afterAll, describe, expect, it } from "vitest";
import { identifyLicence } from "../generator/resolve/licence-file.js";
import { REPO_ROOT } from "./helpers/repo.js";

/**
 * The licence a LICENSE file states, for projects whose package.json names none (Redocly's recommended
 * rules want one in `info`). Inputs are the SPDX list's own texts, filled in the way projects fill them.
 */
const spdx = createRequire(import.meta.url)("spdx-license-list/full") as Record<string, { licenseText: string }>;
const filled = (id: string) =>
  `Copyright (c) 2024 Acme Corporation\n\n${spdx[id]!.licenseText.replace(/<year>|\[yyyy\]/gi, "2024").replace(/<copyright holders>|\[name of copyright owner\]/gi, "Acme")}`;

describe("identifyLicence", () => {
  it.each([
    ["MIT", { id: "MIT", name: "MIT License" }],
    ["Apache-2.0", { id: "Apache-2.0", name: "Apache License 2.0" }],
    ["BSD-3-Clause", { id: "BSD-3-Clause", name: 'BSD 3-Clause "New" or "Revised" License' }],
    ["BSD-2-Clause", { id: "BSD-2-Clause", name: 'BSD 2-Clause "Simplified" License' }],
    ["ISC", { id: "ISC", name: "ISC License" }],
    // The same text under -only and -or-later: the file cannot tell which, so the URL they share, no identifier.
    ["AGPL-3.0-only", { name: "GNU Affero General Public License v3.0", url: "https://www.gnu.org/licenses/agpl.txt" }],
    ["GPL-3.0-or-later", { name: "GNU General Public License v3.0", url: "https://www.gnu.org/licenses/gpl-3.0-standalone.html" }],
    ["MPL-2.0", { name: "Mozilla Public License 2.0", url: "https://www.mozilla.org/MPL/2.0/" }],
  ])("%s", (id, expected) => {
    expect(identifyLicence(filled(id))).toEqual(expected);
  });

  it("names no licence for a proprietary notice, a licence with much added to it, or a licence written from another", () => {
    expect(
      identifyLicence(
        "Copyright 2024 Acme. All rights reserved. This software is proprietary and confidential; no licence is granted to anyone for any purpose whatsoever without written permission.",
      ),
    ).toBeUndefined();
    const terms = Array.from({ length: 300 }, (_, i) => `section ${i} of the Acme Enterprise terms grants no right numbered ${i * 7}`);
    const added = `${filled("Apache-2.0")}\n\nPortions of this software in the ee folder are licensed as follows. ${terms.join(". ")}.`;
    expect(identifyLicence(added)).toBeUndefined();
    // Pixar's licence is Apache's with changes: it is Pixar's, not Apache's.
    expect(identifyLicence(filled("Pixar"))?.id).toBe("Pixar");
  });
});

describe("the OpenAPI document's licence from the LICENSE file", () => {
  const work = mkdtempSync(path.join(tmpdir(), "apidex-licence-"));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it("is read when package.json names none, and a LICENSE file that appears later makes the cached run miss", async () => {
    const dir = path.join(work, "service");
    mkdirSync(path.join(dir, "src"), { recursive: true });
    mkdirSync(path.join(dir, ".git"));
    writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "svc", version: "1.0.0" }));
    writeFileSync(
      path.join(dir, "src", "app.ts"),
      `import express from "express";\nconst app = express();\napp.get("/health", (req, res) => res.end());\n`,
    );
    const documents: unknown[] = [];
    const generate = () => {
      const run = spawnSync(process.execPath, [path.join(REPO_ROOT, "lib", "cli.cjs"), "generate", "--root", dir], {
        cwd: dir,
        encoding: "utf8",
      });
      expect(run.status).toBe(0);
      const document = JSON.parse(readFileSync(path.join(dir, "dist", "openapi-public.json"), "utf8"));
      documents.push(document);
      return document.info;
    };
    expect(generate().license).toBeUndefined();
    writeFileSync(path.join(dir, "LICENSE"), filled("MIT"));
    expect(generate().license).toEqual({ name: "MIT License", identifier: "MIT" });
    // The answer is kept in the run cache by the text's hash: an unchanged text is not identified again
    // (a planted answer is taken), a changed one is.
    const cacheFolder = path.join(dir, "node_modules", ".cache", "apidex");
    const cacheFile = path.join(cacheFolder, readdirSync(cacheFolder).find((f) => f.endsWith(".json"))!);
    const cached = JSON.parse(readFileSync(cacheFile, "utf8"));
    expect(cached.licence.licence).toEqual({ name: "MIT License", identifier: "MIT" });
    writeFileSync(
      cacheFile,
      JSON.stringify({ ...cached, licence: { ...cached.licence, licence: { name: "Planted", identifier: "0BSD" } } }),
    );
    writeFileSync(path.join(dir, "src", "app.ts"), `${readFileSync(path.join(dir, "src", "app.ts"), "utf8")}// edited\n`);
    expect(generate().license).toEqual({ name: "Planted", identifier: "0BSD" });
    documents.pop();
    writeFileSync(path.join(dir, "LICENSE"), filled("AGPL-3.0-only"));
    expect(generate().license).toEqual({ name: "GNU Affero General Public License v3.0", url: "https://www.gnu.org/licenses/agpl.txt" });
    writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "svc", version: "1.0.0", license: "Apache-2.0" }));
    expect(generate().license).toEqual({ name: "Apache-2.0", identifier: "Apache-2.0" });
    // Every form written is one the validators accept.
    for (const document of documents) await SwaggerParser.validate(structuredClone(document) as never);
  });
});
