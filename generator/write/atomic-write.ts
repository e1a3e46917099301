import { randomBytes } from "node:crypto";
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from "node:fs";
import path from "node:path";

export interface ArtifactFile {
  /** Path relative to the output folder, with `/`. */
  name: string;
  content: string | Buffer;
}

/**
 * Writes every artifact to a temporary sibling, flushes it, and only then renames them all into place.
 * If any write fails (missing permission, full disk) the temporaries are removed and the previous
 * artifacts are untouched. Files whose bytes did not change are not rewritten.
 */
/** The file operations a write uses; tests inject failures (a full disk) through it. */
export interface WriteOps {
  writeSync: (fd: number, bytes: Buffer) => number;
}

const DEFAULT_OPS: WriteOps = { writeSync: (fd, bytes) => writeSync(fd, bytes) };

export function writeArtifactsAtomically(outDir: string, files: ArtifactFile[], ops: WriteOps = DEFAULT_OPS): { written: string[]; unchanged: string[] } {
  const staged: { tmp: string; target: string; name: string }[] = [];
  const unchanged: string[] = [];
  try {
    for (const file of files) {
      const target = path.join(outDir, ...file.name.split("/"));
      const bytes = typeof file.content === "string" ? Buffer.from(file.content, "utf8") : file.content;
      if (sameBytes(target, bytes)) {
        unchanged.push(file.name);
        continue;
      }
      mkdirSync(path.dirname(target), { recursive: true });
      const tmp = `${target}.apidex-tmp-${process.pid}-${randomBytes(4).toString("hex")}`;
      staged.push({ tmp, target, name: file.name });
      const fd = openSync(tmp, "w", 0o644);
      try {
        ops.writeSync(fd, bytes);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
    }
  } catch (error) {
    for (const { tmp } of staged) rmSync(tmp, { force: true });
    throw error;
  }
  for (const { tmp, target } of staged) renameSync(tmp, target);
  return { written: staged.map((s) => s.name), unchanged };
}

function sameBytes(file: string, bytes: Buffer): boolean {
  try {
    return readFileSync(file).equals(bytes);
  } catch {
    return false;
  }
}
