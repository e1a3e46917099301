/**
 * Writes a pinned commit's tree from a mirror git directory to a folder (bench/realworld/run.ts and
 * bench/search/corpus.ts both run apidex on it), reusing the folder while the commit is unchanged.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Blobs over this size (bundles, fixtures, media) are left out of the materialized tree. */
const MAX_BLOB = 4 << 20;

function git(gitDir: string, gitArgs: string[], input?: string | Buffer): Buffer {
  return execFileSync("git", [`--git-dir=${gitDir}`, ...gitArgs], { maxBuffer: 4 << 30, ...(input !== undefined ? { input } : {}) });
}

/**
 * Writes the commit's source files under `dest`. Blobs the snapshot lacks (its largest files may be absent)
 * are counted and skipped: `git archive` would fail on them.
 */
export function materialize(gitDir: string, commit: string, dest: string): { files: number; missingBlobs: number } {
  const marker = path.join(dest, ".apidex-corpus-tree");
  if (existsSync(marker)) {
    const saved = JSON.parse(readFileSync(marker, "utf8"));
    if (saved.commit === commit) return saved.stats;
  }
  rmSync(dest, { recursive: true, force: true });
  mkdirSync(dest, { recursive: true });
  const entries = git(gitDir, ["ls-tree", "-r", "-z", "--long", commit])
    .toString("utf8")
    .split("\0")
    .filter(Boolean)
    .map((line) => {
      const tab = line.indexOf("\t");
      const [mode, type, sha, size] = line.slice(0, tab).split(/ +/);
      return { mode: mode!, type: type!, sha: sha!, size: Number(size), file: line.slice(tab + 1) };
    })
    // Symlinks and submodules are left out; so are vendored dependencies and the largest blobs.
    .filter((e) => e.type === "blob" && e.mode !== "120000" && !(e.size > MAX_BLOB) && !/(^|\/)node_modules\//.test(e.file));
  const out = git(gitDir, ["cat-file", "--batch"], entries.map((e) => e.sha).join("\n") + "\n");
  let pos = 0;
  let files = 0;
  let missingBlobs = 0;
  for (const entry of entries) {
    const nl = out.indexOf(10, pos);
    const header = out.subarray(pos, nl).toString("utf8");
    pos = nl + 1;
    if (header.endsWith(" missing")) {
      missingBlobs++;
      continue;
    }
    const size = Number(header.split(" ")[2]);
    const body = out.subarray(pos, pos + size);
    pos += size + 1;
    const target = path.join(dest, entry.file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, body);
    files++;
  }
  const stats = { files, missingBlobs };
  writeFileSync(marker, JSON.stringify({ commit, stats }));
  return stats;
}
