import { RunCache } from "./cache/run-cache.js";
import type { ResolvedConfig } from "./config/load-config.js";
import { generate } from "./generate.js";
import { cacheKey, type DiskResult, writeArtifacts } from "./generate-to-disk.js";
import { type CompressedBody, compressionsOf } from "./publish/build-assets.js";
import { scanProject, type SourceSet } from "./scan/source-set.js";

/**
 * A long-lived generator for watch mode: the parsed project stays in memory, a change re-parses only
 * the changed files, and the type phase is reused while nothing it read changed.
 */
export class WatchSession {
  private constructor(
    private readonly config: ResolvedConfig,
    private readonly sources: SourceSet,
    private readonly cache: RunCache,
  ) {}

  static async start(config: ResolvedConfig, cwd = process.cwd()): Promise<{ session: WatchSession; result: DiskResult }> {
    const session = new WatchSession(config, await scanProject(config), RunCache.forProject(config.root, cwd, cacheKey(config)));
    return { session, result: await session.run() };
  }

  /** Re-analyses after `changed` files (absolute paths) changed, appeared or vanished, and writes. */
  async update(changed: string[]): Promise<DiskResult> {
    this.cache.forget(changed);
    this.sources.refresh(changed, this.config);
    return this.run();
  }

  /** The last run's compressed files: a change re-compresses only the bodies it changed. */
  private compressed: CompressedBody[] = [];

  private async run(): Promise<DiskResult> {
    const result = await generate(this.config, this.sources, { cache: this.cache, compressed: this.compressed });
    if (result.files.length) this.compressed = compressionsOf(result.files);
    if (result.counts.errors) return { counts: result.counts, diagnostics: result.diagnostics, written: [], fromCache: false };
    // Only the type record matters here: the next update always re-analyses.
    const written = await writeArtifacts(this.config.out, result.files, () => this.cache.save(new Map(), undefined, result.types));
    return { counts: result.counts, diagnostics: result.diagnostics, written, fromCache: false };
  }
}
