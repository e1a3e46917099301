/**
 * The parts of the cache and incremental machinery, each of which the bench can turn off to measure what
 * it buys (`APIDEX_CACHE_OFF=replay,listing npm run bench:cache-parts`). Not a user setting: `--no-cache`
 * turns everything off; these exist so that every part keeps paying for itself (docs/speed-and-cache.md).
 */
export type CachePart = "replay" | "late" | "listing" | "code" | "compiler";

const off = new Set((process.env.APIDEX_CACHE_OFF ?? "").split(",").filter(Boolean));

/** Whether the bench turned this part off for the run. */
export function partOff(part: CachePart): boolean {
  return off.has(part);
}
