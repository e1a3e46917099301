/**
 * Build step (`npm run build`): writes the lib files of the TypeScript build apidex runs to
 * lib/typescript-libs.json, with the global names each declares. That build keeps them inside
 * @ts-morph/common's 3 MB module, which costs about 20 ms to load; the type phase reads this one small
 * file instead (DOM libs aside: shapes never use them, and they are still served from
 * @ts-morph/common if a program asks).
 */
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { topLevelNames } from "../typescript.js";

const require = createRequire(createRequire(import.meta.url).resolve("ts-morph"));
const { getLibFiles } = require("@ts-morph/common") as { getLibFiles(): { fileName: string; text: string }[] };
const files = getLibFiles().filter((f) => !/dom|webworker|scripthost/i.test(f.fileName));
const texts = Object.fromEntries(files.map((f) => [f.fileName, f.text]));
const globals = Object.fromEntries(files.map((f) => [f.fileName, topLevelNames(f.text)]));
const out = fileURLToPath(new URL("../../lib/typescript-libs.json", import.meta.url));
writeFileSync(out, JSON.stringify({ texts, globals }));
process.stdout.write(`wrote ${files.length} lib files to ${out}\n`);
