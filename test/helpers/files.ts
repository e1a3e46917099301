import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** Every file under a folder, by path relative to `base`, as base64: for comparing what runs wrote. */
export function filesUnder(folder: string, base = folder): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) Object.assign(out, filesUnder(full, base));
    else out[path.relative(base, full)] = readFileSync(full).toString("base64");
  }
  return out;
}
