/**
 * Code caches wait for the moment a run has compiled what a warm run needs: extraction done, the type
 * phase (which most warm runs reuse) not started. Whoever loaded a script with a code cache registers
 * its `save` here; the pipeline calls `warmedUp()` at that moment.
 *
 * @example
 * whenWarm(() => loaded.save("complete")); // the CLI bin, for apidex's own bundle
 * warmedUp(); // generate-to-disk, after extraction
 */
const pending: (() => void)[] = [];

/** Runs `save` once the current run is warm (at most once). */
export function whenWarm(save: () => void): void {
  pending.push(save);
}

/** The run has compiled what warm runs need: write the code caches that are waiting. */
export function warmedUp(): void {
  for (const save of pending.splice(0)) save();
}

const sources = new Map<string, "code-cache" | "compiled">();

/** Records how a script was loaded (`--timings` reports it): from V8's code cache, or compiled. */
export function noteCodeSource(script: string, source: "code-cache" | "compiled"): void {
  sources.set(script, source);
}

/** How this run's scripts were loaded, by script (empty when none went through a code cache). */
export function codeSources(): ReadonlyMap<string, "code-cache" | "compiled"> {
  return sources;
}
