import { renameSync, rmSync, writeFileSync } from "node:fs";

/**
 * Writes `file` whole or not at all: to a temporary sibling, renamed over it once written, so a reader
 * sees the old bytes or the new, never part of them. On failure the temporary is removed and the error
 * thrown. For the cache's files; the artifacts have their own all-or-nothing write (atomic-write.ts).
 *
 * @example
 * replaceFile(entryFile, JSON.stringify(entry));
 */
export function replaceFile(file: string, data: string | Uint8Array): void {
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, data);
    renameSync(tmp, file);
  } catch (error) {
    rmSync(tmp, { force: true });
    throw error;
  }
}
