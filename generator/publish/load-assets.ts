import { readFileSync } from "node:fs";
import path from "node:path";
import type { ApiDocsManifest, Encoding, LoadedAsset } from "./assets.js";

/**
 * Reads dist/api-docs (its `_headers.json` and every file it lists) into memory, once, at start-up.
 * After this the handler never touches the file system.
 */
export function loadApiDocsAssets(folder: string): Map<string, LoadedAsset> {
  const manifest = JSON.parse(readFileSync(path.join(folder, "_headers.json"), "utf8")) as ApiDocsManifest;
  if (manifest.format !== "apidex.api-docs/1") throw new Error(`${folder}/_headers.json is not an apidex api-docs manifest.`);
  const assets = new Map<string, LoadedAsset>();
  for (const [served, meta] of Object.entries(manifest.files)) {
    const bodies = {} as LoadedAsset["bodies"];
    for (const [encoding, variant] of Object.entries(meta.variants) as [Encoding, { file: string }][]) {
      bodies[encoding] = new Uint8Array(readFileSync(path.join(folder, variant.file)));
    }
    assets.set(served, { ...meta, bodies });
  }
  return assets;
}
