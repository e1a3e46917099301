/**
 * Build step (`npm run build`): lib/build-id.txt, a hash of everything that decides apidex's output —
 * the compiled code (lib/) and the templates (the page, the index schema). The run cache is keyed on it,
 * so a rebuilt apidex with the same version number (a development tree, a patched install) never serves
 * artifacts an older build wrote.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The hash of every file under `folders` (relative to `root`), in a fixed order; `skip` names files to leave out. */
export function buildIdOf(root: string, folders: string[], skip: string[] = []): string {
  const hash = createHash("sha256");
  for (const folder of folders) {
    const files = (readdirSync(path.join(root, folder), { recursive: true }) as string[])
      .map((f) => path.join(folder, f).split(path.sep).join("/"))
      .sort();
    for (const file of files) {
      if (skip.includes(file)) continue;
      let content: Buffer;
      try {
        content = readFileSync(path.join(root, file));
      } catch {
        continue; // a folder
      }
      hash.update(`${file}\0${content.length}\0`).update(content);
    }
  }
  return hash.digest("hex").slice(0, 32);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const root = fileURLToPath(new URL("../../", import.meta.url));
  const id = buildIdOf(root, ["lib", "templates"], ["lib/build-id.txt"]);
  writeFileSync(path.join(root, "lib", "build-id.txt"), `${id}\n`);
  process.stdout.write(`build id ${id}\n`);
}
