import type { LicenceMemo } from "../resolve/licence-file.js";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import type { ModuleSummaries } from "../extract/incremental/module-summary.js";
import type { OperationShapes } from "../model/shapes.js";
import type { JsonSchema } from "../resolve/types/schema-builder.js";
import { sortedRecord } from "../write/canonical-json.js";
import { replaceFile } from "../write/replace-file.js";
import { statSignature } from "./source-stats.js";
import { SummariesStore } from "./summaries-store.js";

/** Projects whose runs the cache folder keeps; older entries (moved or deleted projects) are removed. */
export const MAX_ENTRIES = 32;

/** Files fingerprinted by size and modification time rather than content (packages' files). */
const LIBRARY_FILE = /[\\/]node_modules[\\/]/;

/** Bump when anything the cache holds changes shape or meaning. */
const CACHE_FORMAT = 12;

export interface CachedArtifacts {
  files: { name: string; content: Buffer }[];
  counts: { indexed: number; documented: number; closed: number; warnings: number; errors: number };
  diagnostics: Diagnostic[];
}

/**
 * The artifacts as the entry records them: their bytes live in a file of their own beside it (read only
 * when a run reuses them), which starts with the same `id` so the two cannot be mixed up.
 */
interface StoredArtifacts {
  id: string;
  /**
   * Each file's name and size, in order; a file whose bytes are those of an earlier one (the index at the
   * top and under api-docs/, the OpenAPI document three times) names that one (`same`) instead of
   * being stored again.
   */
  files: { name: string; size: number; same?: number }[];
  counts: CachedArtifacts["counts"];
  diagnostics: Diagnostic[];
}

/** The type phase's result, valid while the documented operations and every file it read are unchanged. */
export interface CachedTypes {
  /** Method, path, handler and doc-comment positions of every documented operation. */
  documentedKey: string;
  /** Every file the type program read, with its fingerprint (project files by content, others by size and mtime). */
  files: Record<string, string>;
  shapes: Record<string, OperationShapes>;
  schemas: Record<string, JsonSchema>;
  diagnostics: Diagnostic[];
  /** Findings of the worked-example check: examples live in the doc comments of these same files. */
  exampleDiagnostics?: Diagnostic[];
}

interface CacheFile {
  format: number;
  key: string;
  /** Fingerprints of every source file the last run read. */
  sources: Record<string, string>;
  /**
   * The files the last run's analysis read (parsed sources, imports, type-phase files, package.json
   * files, where missing imports would be found): a globbed file outside this list could not change
   * the artifacts unless its new text makes the scan parse it.
   */
  analysed?: string[];
  artifacts?: StoredArtifacts;
  types?: CachedTypes;
  /**
   * Stat signatures (size, times, inode: `statSignature`) of the globbed files whose `sources` hash they
   * vouch for: a later run takes the hash of a file with the same signature without reading it. Only
   * files that had settled when they were read are here (`settledAt`).
   */
  stats?: Record<string, string>;
  /** The globbed files whose text the scan found able to register routes (`mayRegisterRoutes`), sorted. */
  routeCapable?: string[];
  /** The folders the listing walked, with their signatures, and the files it listed (see `ListingRecord`). */
  listing?: ListingRecord;
  /**
   * The operation ids derived from method and path (`deriveOperationId`), by `METHOD path`: a pure
   * function of the two and of apidex's build (which the key covers), so a later run takes them as they are.
   */
  ids?: Readonly<Record<string, string>>;
  /** What the last run found the project's LICENSE text to be, by the text's hash (a pure function of it). */
  licence?: LicenceMemo;
}

/** What the scan of a run learnt about its globbed files, kept for the next run's (see `CacheFile`). */
export interface ScanRecord {
  stats: Map<string, string>;
  routeCapable: string[];
  listing?: ListingRecord;
}

/**
 * A listing of the sources and the stat signatures of every folder its walk may enter (`foldersWalked`),
 * taken before it and only when each had settled (`settledAt`): a file appears, vanishes or is renamed
 * only by changing an entry of its folder, which changes the folder's modification and status-change
 * times. While every signature is the same, the listing stands and the folders need not be walked.
 */
export interface ListingRecord {
  folders: Record<string, string>;
  files: string[];
}

/**
 * A content-hash cache under `node_modules/.cache/apidex`. A run whose every input file (and the config
 * and apidex's own version) is unchanged reuses the artifacts outright; otherwise the sources are always
 * re-analysed in full, and only the type phase of documented operations is reused, when none of the
 * files it read changed. A stale entry can therefore never produce a stale artifact.
 */
export class RunCache {
  private data: CacheFile | undefined;
  private readonly fingerprints = new Map<string, string>();

  constructor(
    private readonly file: string,
    /** The config and apidex's version: any change invalidates everything. */
    private readonly key: string,
  ) {
    this.summariesStore = new SummariesStore(file.replace(/\.json$/, ".summaries"), key);
    try {
      const parsed = JSON.parse(readFileSync(file, "utf8")) as CacheFile;
      if (parsed.format === CACHE_FORMAT && parsed.key === key) this.data = parsed;
    } catch {
      this.data = undefined; // missing or corrupt: start over
    }
  }

  /**
   * The files that changed, appeared or vanished since the cached run, when that run can be the base of
   * an incremental one: every input it read outside the globs unchanged (or deleted).
   */
  changedSince(globbed: Map<string, string>): { changed: Set<string>; fileSetChanged: boolean } | undefined {
    const previous = this.data;
    if (!previous) return undefined;
    const changed = new Set<string>();
    let fileSetChanged = false;
    for (const [name, hash] of globbed) {
      const before = previous.sources[name];
      if (before !== hash) changed.add(name);
      // A new file (perhaps where a broken import pointed: that place was recorded as "missing").
      if (before === undefined || (before === "missing" && hash !== "missing")) fileSetChanged = true;
    }
    for (const [name, hash] of Object.entries(previous.sources)) {
      if (globbed.has(name)) continue;
      const now = this.fingerprint(name);
      if (now === hash) continue;
      // A deleted file changes what imports it; any other change outside the globs (a package.json, the
      // tsconfig, a library's declarations, a file appearing where a broken import pointed) can change
      // where imports resolve: no incremental run.
      if (now !== "missing") return undefined;
      changed.add(name);
      fileSetChanged = true;
    }
    return { changed, fileSetChanged };
  }

  /**
   * The content hash the cached run recorded for `file`, when its stat signature is the one recorded
   * with it: the file need not be read to know it is unchanged.
   */
  hashBySignature(file: string, signature: string): string | undefined {
    const previous = this.data;
    return previous?.stats?.[file] === signature ? previous.sources[file] : undefined;
  }

  private routeCapableSet: Set<string> | undefined;

  /**
   * Whether the scan found `file` able to register routes in the cached run, when its content (`hash`)
   * is the same now — the answer depends on nothing else — and undefined when that run cannot tell.
   */
  wasRouteCapable(file: string, hash: string): boolean | undefined {
    const previous = this.data;
    if (!previous?.routeCapable || previous.sources[file] !== hash) return undefined;
    this.routeCapableSet ??= new Set(previous.routeCapable);
    return this.routeCapableSet.has(file);
  }

  /** The globbed files the cached run's scan found able to register routes, if it recorded them. */
  previousRouteCapable(): string[] | undefined {
    return this.data?.routeCapable;
  }

  /** The module summaries the cached run left, if they belong to it (same key, same sources). */
  summaries(): ModuleSummaries | undefined {
    return this.data ? this.summariesStore.read(sourcesDigest(this.data.sources)) : undefined;
  }

  /** The summaries beside the entry: a full file and a delta of what changed since (`summaries-store.ts`). */
  private readonly summariesStore: SummariesStore;

  /** The folder the cache lives in (other caches of the run keep their files beside it). */
  get folder(): string {
    return path.dirname(this.file);
  }

  static forProject(root: string, cwd: string, key: string): RunCache {
    const base = existsSync(path.join(root, "node_modules")) ? root : cwd;
    const name = createHash("sha256").update(root).digest("hex").slice(0, 16);
    return new RunCache(path.join(base, "node_modules", ".cache", "apidex", `${name}.json`), key);
  }

  /** The fingerprint of a file's bytes (project files) — also used for the source texts the scan read. */
  static contentHash(text: string | Buffer): string {
    return createHash("sha1").update(text).digest("base64url");
  }

  /**
   * Cached artifacts, when the globbed files are exactly the same set with the same contents, and every
   * other file the last run read (imports outside the globs) is unchanged too.
   */
  artifactsFor(globbed: Map<string, string>): CachedArtifacts | undefined {
    const previous = this.data;
    if (!previous?.artifacts) return undefined;
    for (const [name, hash] of globbed) if (previous.sources[name] !== hash) return undefined;
    for (const [name, hash] of Object.entries(previous.sources)) {
      if (!globbed.has(name) && this.fingerprint(name) !== hash) return undefined;
    }
    return this.loadArtifacts();
  }

  private loaded: CachedArtifacts | undefined;

  /** The artifacts' bytes, read from their file once; undefined when it is missing or of another run. */
  private loadArtifacts(): CachedArtifacts | undefined {
    const stored = this.data?.artifacts;
    if (!stored) return undefined;
    if (this.loaded) return this.loaded;
    try {
      const bytes = readFileSync(this.artifactsFile);
      const id = Buffer.from(stored.id, "latin1");
      const total = stored.files.reduce((sum, f) => sum + (f.same === undefined ? f.size : 0), id.length);
      if (bytes.length !== total || !bytes.subarray(0, id.length).equals(id)) return undefined;
      let offset = id.length;
      const files: CachedArtifacts["files"] = [];
      for (const f of stored.files) {
        const earlier = f.same === undefined ? undefined : files[f.same];
        if (f.same !== undefined && (!earlier || earlier.content.length !== f.size)) return undefined;
        const content = earlier ? earlier.content : bytes.subarray(offset, (offset += f.size));
        files.push({ name: f.name, content });
      }
      this.loaded = { files, counts: stored.counts, diagnostics: stored.diagnostics };
      return this.loaded;
    } catch {
      return undefined;
    }
  }

  private get artifactsFile(): string {
    return this.file.replace(/\.json$/, ".artifacts");
  }

  /**
   * The last run's artifacts whatever changed since: only for reusing what a file's bytes alone decide
   * (compressed variants of identical content), never to answer a run.
   */
  previousArtifacts(): CachedArtifacts | undefined {
    return this.loadArtifacts();
  }

  /**
   * The last run's artifacts when every globbed file that changed since is one the analysis never read
   * and still is not one the scan would parse (`parsedByScan` on its new text): a service module, a
   * test, a model no documented shape uses. The set of globbed files must be the same (a new file
   * could satisfy an import that failed) and every other input unchanged. Returns undefined otherwise.
   */
  artifactsUnaffected(
    globbed: Map<string, string>,
    parsedByScan: (file: string) => boolean,
  ): { artifacts: CachedArtifacts; changed: string[] } | undefined {
    const previous = this.data;
    if (!previous?.artifacts || !previous.analysed) return undefined;
    const analysed = new Set(previous.analysed);
    const changed: string[] = [];
    for (const [name, hash] of globbed) {
      const before = previous.sources[name];
      if (before === undefined) return undefined; // a new file
      if (before === hash) continue;
      if (analysed.has(name) || parsedByScan(name)) return undefined;
      changed.push(name);
    }
    for (const [name, hash] of Object.entries(previous.sources)) {
      if (!globbed.has(name) && this.fingerprint(name) !== hash) return undefined; // deleted, or an import outside the globs changed
    }
    const artifacts = this.loadArtifacts();
    return artifacts ? { artifacts, changed } : undefined;
  }

  /** The last run's type-phase record, whatever changed since (carried over by an unaffected run). */
  previousTypes(): CachedTypes | undefined {
    return this.data?.types;
  }

  /** The last run's listing of the sources, if no folder its walk may enter has changed since (see `ListingRecord`). */
  listingFor(): ListingRecord | undefined {
    const listing = this.data?.listing;
    if (!listing) return undefined;
    for (const [folder, signature] of Object.entries(listing.folders)) {
      const stat = statSync(folder, { bigint: true, throwIfNoEntry: false });
      if (!stat?.isDirectory() || statSignature(stat) !== signature) return undefined;
    }
    return listing;
  }

  /** What the last run found the LICENSE text to be (see `CacheFile.licence`). */
  licence(): LicenceMemo | undefined {
    return this.data?.licence;
  }

  /** The ids the last run derived from method and path, by `METHOD path` (see `CacheFile.ids`). */
  derivedIds(): Readonly<Record<string, string>> | undefined {
    return this.data?.ids;
  }

  /** The files the last run's analysis read (see `artifactsUnaffected`). */
  analysedFiles(): string[] | undefined {
    return this.data?.analysed;
  }

  typesFor(documentedKey: string): CachedTypes | undefined {
    const types = this.data?.types;
    if (!types || types.documentedKey !== documentedKey) return undefined;
    for (const [file, fingerprint] of Object.entries(types.files)) if (this.fingerprint(file) !== fingerprint) return undefined;
    return types;
  }

  /** Project files by content; library files (node_modules, lib.d.ts) by size and modification time. */
  fingerprint(file: string): string {
    const cached = this.fingerprints.get(file);
    if (cached) return cached;
    let value = "missing";
    try {
      if (LIBRARY_FILE.test(file)) {
        const stat = statSync(file);
        value = `${stat.size}:${stat.mtimeMs}`;
      } else {
        value = RunCache.contentHash(readFileSync(file));
      }
    } catch {
      value = "missing";
    }
    this.fingerprints.set(file, value);
    return value;
  }

  /**
   * The content hashes a run already has of its globbed files (from their texts or stat signatures), as
   * their fingerprints: the type phase's record and the entry's inputs then need not read them again.
   * Library files keep being fingerprinted by size and mtime.
   */
  knowFingerprints(hashes: ReadonlyMap<string, string>): void {
    for (const [file, hash] of hashes) if (!LIBRARY_FILE.test(file)) this.fingerprints.set(file, hash);
  }

  /** Forgets the fingerprints this process memoized for files that changed since (watch mode). */
  forget(files: Iterable<string>): void {
    for (const file of files) this.fingerprints.delete(file);
  }

  /**
   * After a run the entry answered: records the signatures of files that have settled since the entry
   * was written (a checkout's files are all new at first), so later runs need not read them. Rewrites the
   * entry only, and only when it learns something; its artifacts and summaries stay valid (same sources).
   */
  recordStats(stats: Map<string, string>, listing?: ListingRecord): void {
    const data = this.data;
    if (!data) return;
    const known = data.stats ?? {};
    let learnt = listing !== undefined && listing !== data.listing;
    for (const [name, signature] of stats) if (known[name] !== signature && data.sources[name] !== undefined) learnt = true;
    if (!learnt) return;
    data.stats = sortedRecord(Object.fromEntries([...stats].filter(([name]) => data.sources[name] !== undefined)));
    if (listing) data.listing = listing;
    try {
      replaceFile(this.file, JSON.stringify(data));
    } catch {
      // best effort: the next run learns it again
    }
  }

  /** The sorted record of an entry's sources and its digest, once per Map (the summaries, then the entry, ask). */
  private readonly records = new WeakMap<Map<string, string>, { record: Record<string, string>; digest: string }>();
  private recordOf(sources: Map<string, string>): { record: Record<string, string>; digest: string } {
    let known = this.records.get(sources);
    if (!known) {
      const record = sortedRecord(Object.fromEntries(sources));
      this.records.set(sources, (known = { record, digest: sourcesDigest(record) }));
    }
    return known;
  }

  /** The sources digest of the summaries file this process wrote ahead of its entry (`writeSummaries`). */
  private summariesAhead: string | undefined;

  /**
   * Writes the module summaries of the run that will `save` with these `sources`, ahead of the entry (a
   * warm run does it while the index is being compressed). They carry the digest of those sources, so
   * until that entry is written they belong to no entry and are never replayed.
   */
  writeSummaries(sources: Map<string, string>, summaries: ModuleSummaries): void {
    const { digest } = this.recordOf(sources);
    try {
      this.summariesStore.write(digest, summaries);
      this.summariesAhead = digest;
    } catch {
      // best effort, like the rest of the cache
    }
  }

  /** Writes the cache atomically; a failure to write only costs the next run its speed. */
  save(
    sources: Map<string, string>,
    artifacts: CachedArtifacts | undefined,
    types: CachedTypes | undefined,
    analysed?: string[],
    summaries?: ModuleSummaries,
    scan?: ScanRecord,
    ids?: Readonly<Record<string, string>>,
    licence?: LicenceMemo,
  ): void {
    const distinct = artifacts ? distinctContents(artifacts.files) : undefined;
    const stored: StoredArtifacts | undefined =
      artifacts && distinct
        ? { id: randomBytes(16).toString("hex"), files: distinct.files, counts: artifacts.counts, diagnostics: artifacts.diagnostics }
        : undefined;
    const data: CacheFile = {
      format: CACHE_FORMAT,
      key: this.key,
      sources: this.recordOf(sources).record,
      ...(analysed ? { analysed: [...analysed].sort() } : {}),
      ...(stored ? { artifacts: stored } : {}),
      ...(types ? { types } : {}),
      ...(scan
        ? {
            stats: sortedRecord(Object.fromEntries([...scan.stats].filter(([name]) => sources.has(name)))),
            routeCapable: [...scan.routeCapable].sort(),
          }
        : {}),
      ...(scan?.listing ? { listing: scan.listing } : {}),
      ...(ids ? { ids } : {}),
      ...(licence ? { licence } : {}),
    };
    const created = !this.data;
    this.data = data;
    this.routeCapableSet = undefined; // a long-lived process (watch mode) reads its own last run
    this.loaded = artifacts;
    try {
      mkdirSync(path.dirname(this.file), { recursive: true });
      // The summaries carry the digest of the sources they were written for: never those of another entry.
      const { digest } = this.recordOf(sources);
      const ahead = this.summariesAhead === digest;
      this.summariesAhead = undefined;
      if (!ahead && !summaries) this.summariesStore.remove();
      if (stored && artifacts) {
        // The bytes before the entry that names them; an entry whose bytes are missing or older is a miss.
        replaceFile(this.artifactsFile, Buffer.concat([Buffer.from(stored.id, "latin1"), ...distinct!.contents]));
      }
      replaceFile(this.file, JSON.stringify(data));
      if (summaries && !ahead) this.summariesStore.write(digest, summaries);
      // Only a run that adds an entry can take the folder over its limit (listing it costs every run time).
      if (created) {
        pruneOldest(path.dirname(this.file), MAX_ENTRIES);
        pruneOldest(path.dirname(this.file), MAX_ENTRIES, ".summaries");
        pruneOldest(path.dirname(this.file), MAX_ENTRIES, ".summaries-delta");
        pruneOldest(path.dirname(this.file), MAX_ENTRIES, ".artifacts");
      }
    } catch {
      // best effort: a cache that cannot be written only costs the next run its speed
    }
  }
}

/** The files as stored (each content once: later copies name the first) and the contents to write, in order. */
function distinctContents(files: CachedArtifacts["files"]): { files: StoredArtifacts["files"]; contents: Buffer[] } {
  const contents: Buffer[] = [];
  const stored: StoredArtifacts["files"] = [];
  files.forEach((file, index) => {
    const same = files.findIndex(
      (earlier, i) =>
        i < index &&
        stored[i]!.same === undefined &&
        (earlier.content === file.content || (earlier.content.length === file.content.length && earlier.content.equals(file.content))),
    );
    if (same >= 0) stored.push({ name: file.name, size: file.content.length, same });
    else {
      stored.push({ name: file.name, size: file.content.length });
      contents.push(file.content);
    }
  });
  return { files: stored, contents };
}

function sourcesDigest(sources: Record<string, string>): string {
  return createHash("sha256").update(JSON.stringify(sources)).digest("base64url");
}

/**
 * Keeps the `keep` most recently written entries of a cache folder (one per project root, or one per
 * config version) and deletes the rest, so entries of projects that moved or were deleted do not pile up. Best effort: a file that
 * cannot be read or removed is left alone.
 */
export function pruneOldest(folder: string, keep: number, extension = ".json"): void {
  const entries: { file: string; mtime: number }[] = [];
  for (const name of readdirSync(folder)) {
    if (!name.endsWith(extension)) continue;
    try {
      entries.push({ file: path.join(folder, name), mtime: statSync(path.join(folder, name)).mtimeMs });
    } catch {
      // vanished meanwhile (another run pruning): nothing to do
    }
  }
  entries.sort((a, b) => b.mtime - a.mtime);
  for (const { file } of entries.slice(keep)) rmSync(file, { force: true });
}
