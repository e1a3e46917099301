import { randomBytes } from "node:crypto";
import { close, closeSync, fsync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from "node:fs";
import path from "node:path";

export interface ArtifactFile {
  /** Path relative to the output folder, with `/`. */
  name: string;
  content: string | Buffer;
}

/** The file operations a write uses; tests inject failures (a full disk, a failing flush) through it. */
export interface WriteOps {
  writeSync: (fd: number, bytes: Buffer) => number;
  /** Flushes a written temporary to the disk (asynchronously, on libuv's thread pool). */
  fsync: (fd: number, done: (error: Error | null) => void) => void;
}

const DEFAULT_OPS: WriteOps = { writeSync: (fd, bytes) => writeSync(fd, bytes), fsync: (fd, done) => fsync(fd, done) };

export interface AtomicWriteOptions {
  ops?: Partial<WriteOps>;
  /**
   * Runs on the main thread while the temporaries are flushed to the disk, before any is renamed into
   * place (the CLI saves its cache meanwhile). If it throws, nothing is renamed and the error is rethrown.
   */
  whileFlushing?: () => void;
}

/**
 * Writes every artifact to a temporary sibling, flushes it, and only then renames them all into place.
 * If any write or flush fails (missing permission, full disk) the temporaries are removed and the
 * previous artifacts are untouched. Files whose bytes did not change are not rewritten.
 *
 * The flushes run together on libuv's thread pool rather than one after another on the main thread:
 * each costs about a millisecond on a local disk, and the main thread has other work meanwhile.
 *
 * @example
 * const { written } = await writeArtifactsAtomically("dist", [{ name: "operations.json", content: text }]);
 */
export async function writeArtifactsAtomically(
  outDir: string,
  files: ArtifactFile[],
  options: AtomicWriteOptions = {},
): Promise<{ written: string[]; unchanged: string[] }> {
  const ops = { ...DEFAULT_OPS, ...options.ops };
  const staged: { tmp: string; target: string; name: string }[] = [];
  const unchanged: string[] = [];
  const flushes: Promise<void>[] = [];
  const discard = async (error: unknown): Promise<never> => {
    // Every descriptor is closed before its temporary is removed (Windows cannot remove an open file).
    await Promise.allSettled(flushes);
    for (const { tmp } of staged) rmSync(tmp, { force: true });
    throw error;
  };
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
      } catch (error) {
        closeSync(fd);
        throw error;
      }
      flushes.push(flushAndClose(ops, fd));
    }
  } catch (error) {
    return discard(error);
  }
  try {
    options.whileFlushing?.();
    await Promise.all(flushes);
  } catch (error) {
    return discard(error);
  }
  for (const { tmp, target } of staged) renameSync(tmp, target);
  return { written: staged.map((s) => s.name), unchanged };
}

function flushAndClose(ops: WriteOps, fd: number): Promise<void> {
  return new Promise((resolve, reject) => {
    ops.fsync(fd, (flushError) => {
      close(fd, (closeError) => {
        const error = flushError ?? closeError;
        if (error) reject(error);
        else resolve();
      });
    });
  });
}

/** Whether `file` holds exactly `bytes`; a file of another size is not read. */
function sameBytes(file: string, bytes: Buffer): boolean {
  try {
    const stat = statSync(file, { throwIfNoEntry: false });
    return stat !== undefined && stat.isFile() && stat.size === bytes.byteLength && readFileSync(file).equals(bytes);
  } catch {
    return false;
  }
}
