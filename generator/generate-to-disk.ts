import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { preloadCompiler } from "./cache/compiler-code-cache.js";
import { partOff } from "./cache/parts.js";
import { warmedUp } from "./cache/warm-code.js";
import { type ListingRecord, RunCache } from "./cache/run-cache.js";
import { settledAt, statSignature, wallClockNs } from "./cache/source-stats.js";
import type { ResolvedConfig } from "./config/load-config.js";
import { DiagnosticBag } from "./diagnostics/diagnostic.js";
import { foldersWalked, listSources } from "./scan/list-sources.js";
import { mayRegisterRoutes } from "./scan/route-hints.js";
import { planReplay } from "./extract/incremental/plan.js";
import type { ModuleSummaries } from "./extract/incremental/module-summary.js";
import type { GenerateOptions, RunCounts } from "./generate.js";
import { BUILD_ID, VERSION } from "./version.js";
import { type ArtifactFile, writeArtifactsAtomically } from "./write/atomic-write.js";

// generate() and its stages are imported lazily: this module is what `apidex generate` loads first, and
// a run whose inputs are all unchanged is answered from the cache without parsing anything.

/** What a run found, in numbers. */
export type { RunCounts } from "./generate.js";

/** Raised when the artifacts cannot be written; the previous ones are untouched. */
export class WriteError extends Error {
  constructor(
    readonly outDir: string,
    readonly reason: Error,
  ) {
    super(`Cannot write the artifacts to ${outDir}: ${reason.message}`);
    this.name = "WriteError";
  }
}

export interface DiskResult {
  counts: RunCounts;
  diagnostics: DiagnosticBag;
  written: string[];
  /** Whether the artifacts came from the cache (every input was unchanged, or only files the analysis never read changed). */
  fromCache: boolean;
  /** Files that changed since the cached run without affecting it (the analysis never read them). */
  unreadChanges?: string[];
  /**
   * Modules redone from the cached run's summaries instead of being parsed (extract/incremental), how many
   * of them late (they import a changed module; what they read of it was checked), and why the run
   * evaluated everything after all when a replay met something its summaries did not cover.
   */
  replay?: { modules: number; late?: number; missed?: string };
  /** Modules this run evaluated that a later run cannot replay either, and why (with the cache, for `--timings`). */
  unreplayable?: { file: string; reason: string }[];
}

/**
 * Runs the pipeline and writes the artifacts atomically; on any error nothing is written. With the cache
 * (the default), a run whose inputs are all unchanged — or whose only changed files are ones the last
 * analysis never read — reuses the previous artifacts without parsing.
 */
export async function generateToDisk(
  config: ResolvedConfig,
  options: { cache?: boolean; cwd?: string; onProgress?: (phase: string) => void; clock?: () => bigint } = {},
): Promise<DiskResult> {
  const useCache = options.cache ?? true;
  let cache: RunCache | undefined;
  let texts: Map<string, string> | undefined;
  let hashes: Map<string, string> | undefined;
  let stats: Map<string, string> | undefined;
  let listed: string[] | undefined;
  let listing: ListingRecord | undefined;
  if (useCache) {
    cache = RunCache.forProject(config.root, options.cwd ?? process.cwd(), cacheKey(config));
    texts = new Map();
    hashes = new Map();
    stats = new Map();
    const now = options.clock?.() ?? wallClockNs();
    // While no folder the last listing's walk could enter has changed, its files are the listing; else
    // the folders are stat'ed (before the walk, so a change during it shows next time) and walked again.
    listing = partOff("listing") ? undefined : cache.listingFor();
    if (listing) listed = listing.files;
    else {
      const folders = foldersWalked(config);
      const signatures = folders ? settledSignatures(folders, now) : undefined;
      listed = await listSources(config);
      listing = signatures ? { folders: signatures, files: listed } : undefined;
    }
    // A file whose stat signature is the one the cached run recorded is not read: its hash is known. Any
    // other is read and hashed; its signature is kept for the next run once the file has settled.
    for (const name of listed) {
      const stat = statSync(name, { bigint: true, throwIfNoEntry: false });
      const signature = stat ? statSignature(stat) : undefined;
      let hash = signature ? cache.hashBySignature(name, signature) : undefined;
      if (hash === undefined) {
        const text = readFileSync(name, "utf8");
        texts.set(name, text);
        hash = RunCache.contentHash(text);
      }
      hashes.set(name, hash);
      if (stat && signature && settledAt(stat, now)) stats.set(name, signature);
    }
    cache.knowFingerprints(hashes);
    let hit = cache.artifactsFor(hashes);
    let unreadChanges: string[] | undefined;
    if (!hit) {
      // Only files the analysis never read changed (a service, a test): the artifacts are the same.
      const sourceTexts = texts;
      // A changed file has been read (its signature changed too).
      const unaffected = cache.artifactsUnaffected(hashes, (file) =>
        mayRegisterRoutes(sourceTexts.get(file) ?? readFileSync(file, "utf8"), path.relative(config.root, file)),
      );
      hit = unaffected?.artifacts;
      unreadChanges = unaffected?.changed;
    }
    if (hit) {
      const diagnostics = new DiagnosticBag();
      for (const d of hit.diagnostics) diagnostics.add(d);
      const written = await writeArtifacts(config.out, hit.files);
      if (unreadChanges) {
        // The entry now describes these sources, so the next run is a plain hit.
        const analysed = cache.analysedFiles() ?? [];
        // The summaries stay valid: the analysis (and so no module's evaluation) never read the changed files.
        // So does the scan's record: the changed files were not able to register routes, and still are not.
        const routeCapable = cache.previousRouteCapable();
        cache.save(
          inputsOf(cache, hashes, analysed),
          hit,
          cache.previousTypes(),
          analysed,
          cache.summaries(),
          stats && routeCapable ? { stats, routeCapable, ...(listing ? { listing } : {}) } : undefined,
          cache.derivedIds(),
        );
      } else if (stats) {
        cache.recordStats(stats, listing);
      }
      return { counts: hit.counts, diagnostics, written, fromCache: true, ...(unreadChanges ? { unreadChanges } : {}) };
    }
  }

  // The pipeline (and the TypeScript compiler) loads only now: a run the cache answers never needs it.
  options.onProgress?.("loading the generator");
  // With the cache, the compiler's compiled code comes from V8's code cache too (Node 20; Node 22 has its own).
  const compiler = cache && !partOff("compiler") ? preloadCompiler(cache.folder) : undefined;
  const { generate, ReplayMiss } = await import("./generate.js");
  // The previous run's compressed files (same build, same encoders: the cache key says so) spare
  // compressing again the bodies this run leaves unchanged.
  const previous = cache?.previousArtifacts();
  const compressed = previous ? (await import("./publish/build-assets.js")).compressionsOf(previous.files) : undefined;
  // The code caches (the compiler's here, apidex's own through `whenWarm`) are written after extraction:
  // the type checker's code is left out (most warm runs reuse the types), which keeps them quick to load.
  const afterExtraction = () => {
    compiler?.save();
    warmedUp();
  };
  const common: GenerateOptions = {
    ...(cache ? { cache, afterExtraction } : {}),
    ...(texts && listed ? { known: { listed, texts, ...(cache ? { routeCapable: routeCapableIn(cache, hashes) } : {}) } } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    ...(compressed ? { compressed } : {}),
    ...(cache?.derivedIds() ? { derivedIds: cache.derivedIds()! } : {}),
    ...(cache?.licence() ? { licence: cache.licence()! } : {}),
  };
  // Modules whose files (and imports) are unchanged since the cached run are replayed from its summaries,
  // without parsing them; every run with the cache records summaries for the next one.
  const since = cache && hashes ? cache.changedSince(hashes) : undefined;
  const summaries = since?.changed.size && !partOff("replay") ? cache?.summaries() : undefined;
  const plan = summaries && since ? planReplay(summaries, since.changed, since.fileSetChanged) : undefined;
  const replayedModules = plan ? Object.keys(plan.replay).length : 0;
  let missed: string | undefined;
  // The files the analysis read: the compiler writes paths with forward slashes, the globs with the
  // platform's separators. A replayed module read what it read last time without this run seeing it:
  // the last run's inputs stay inputs.
  const analysedBy = (inputs: string[]): string[] => [
    ...new Set([...inputs.map((f) => path.normalize(f)), ...(plan && !missed ? (cache?.analysedFiles() ?? []) : [])]),
  ];
  // The summaries are written while the index is compressed; the entry that names them follows, with the
  // same inputs (computed once: the run's inputs are the same list both times).
  let sourcesFor: { inputs: string[]; analysed: string[]; sources: Map<string, string> } | undefined;
  const entrySources = (inputs: string[]) => {
    if (sourcesFor?.inputs !== inputs) {
      const analysed = analysedBy(inputs);
      sourcesFor = { inputs, analysed, sources: inputsOf(cache!, hashes!, analysed) };
    }
    return sourcesFor;
  };
  const whileCompressing =
    cache && hashes
      ? ({ inputs, summaries }: { inputs: string[]; summaries?: ModuleSummaries }) =>
          summaries && cache.writeSummaries(entrySources(inputs).sources, summaries)
      : undefined;
  if (whileCompressing) common.whileCompressing = whileCompressing;
  let result: Awaited<ReturnType<typeof generate>>;
  try {
    result = await generate(config, undefined, {
      ...common,
      ...(cache ? { incremental: plan ?? { replay: {}, previousImports: {} } } : {}),
    });
  } catch (error) {
    if (!(error instanceof ReplayMiss)) throw error;
    // The replay met something its summaries do not cover: evaluate everything instead (and record anew).
    missed = error.message;
    result = await generate(config, undefined, { ...common, incremental: { replay: {}, previousImports: {} } });
  }
  const replay = {
    ...(plan
      ? {
          replay: {
            modules: missed ? 0 : replayedModules,
            ...(plan.late && !missed ? { late: plan.late.length } : {}),
            ...(missed ? { missed } : {}),
          },
        }
      : {}),
    ...(result.unreplayable ? { unreplayable: result.unreplayable } : {}),
  };
  if (result.counts.errors) return { counts: result.counts, diagnostics: result.diagnostics, written: [], fromCache: false, ...replay };
  // The cache is saved while the artifacts are flushed to the disk. A write that fails after it leaves an
  // entry whose artifacts were not written: still the right ones for these sources.
  const saveCache = () => {
    if (!cache || !hashes) return;
    const { analysed, sources } = entrySources(result.inputs);
    cache.save(
      sources,
      {
        files: result.files.map((f) => ({ name: f.name, content: typeof f.content === "string" ? Buffer.from(f.content) : f.content })),
        counts: result.counts,
        diagnostics: result.diagnostics.items,
      },
      result.types,
      analysed,
      result.summaries,
      stats ? { stats, routeCapable: result.routeCapable, ...(listing ? { listing } : {}) } : undefined,
      result.derivedIds,
      result.licence,
    );
  };
  const written = await writeArtifacts(config.out, result.files, saveCache);
  return { counts: result.counts, diagnostics: result.diagnostics, written, fromCache: false, ...replay };
}

/** Each folder's stat signature, when every one exists and has settled (else no record: the next run walks). */
function settledSignatures(folders: string[], now: bigint): Record<string, string> | undefined {
  const signatures: Record<string, string> = {};
  for (const folder of folders) {
    const stat = statSync(folder, { bigint: true, throwIfNoEntry: false });
    if (!stat?.isDirectory() || !settledAt(stat, now)) return undefined;
    signatures[folder] = statSignature(stat);
  }
  return signatures;
}

/** Route capability of the unchanged globbed files, as the cached run's scan found it. */
function routeCapableIn(cache: RunCache, hashes: Map<string, string> | undefined): (file: string) => boolean | undefined {
  return (file) => {
    const hash = hashes?.get(file);
    return hash === undefined ? undefined : cache.wasRouteCapable(file, hash);
  };
}

/** Every input's fingerprint: the globbed files' hashes, and the files the analysis read outside the globs. */
function inputsOf(cache: RunCache, globbed: Map<string, string>, analysed: string[]): Map<string, string> {
  const inputs = new Map(globbed);
  for (const file of analysed) if (!inputs.has(file)) inputs.set(file, cache.fingerprint(file));
  return inputs;
}

export async function writeArtifacts(outDir: string, files: ArtifactFile[], whileFlushing?: () => void): Promise<string[]> {
  try {
    return (await writeArtifactsAtomically(outDir, files, whileFlushing ? { whileFlushing } : {})).written;
  } catch (error) {
    throw new WriteError(outDir, error as Error);
  }
}

/** Everything besides the sources that decides the output: the config, apidex, and the compressors. */
export function cacheKey(config: ResolvedConfig): string {
  return JSON.stringify({
    apidex: VERSION,
    build: BUILD_ID,
    node: process.versions.node,
    brotli: process.versions.brotli,
    zlib: process.versions.zlib,
    config,
  });
}
