import type { ModuleSummaries, ModuleSummary } from "./module-summary.js";
import type { IncrementalExtraction } from "./session.js";

/**
 * Which of the previous run's summaries this run may replay, given the files that changed, appeared or
 * vanished since (the caller has checked that nothing else outside the globbed sources changed). When
 * files appeared or vanished, the replay first checks that every import of a replayed module still
 * resolves where it did (`checkResolutions`). A module is replayed only if neither it nor anything it imports, directly or through other
 * modules, changed: its evaluation reads nothing else. If a file the type checker read for permission
 * keys changed, nothing is replayed. Returns undefined when there is nothing to replay.
 */
export function planReplay(previous: ModuleSummaries, changed: ReadonlySet<string>, fileSetChanged = false): IncrementalExtraction | undefined {
  if (previous.keyTypeFiles.some((file) => changed.has(file))) return undefined;
  const importers = new Map<string, string[]>();
  for (const [file, targets] of Object.entries(previous.imports)) {
    for (const target of targets) {
      let list = importers.get(target);
      if (!list) importers.set(target, (list = []));
      list.push(file);
    }
  }
  // Everything that imports a changed file, transitively, is evaluated again.
  const dirty = new Set(changed);
  const queue = [...changed];
  while (queue.length) {
    for (const importer of importers.get(queue.pop()!) ?? []) {
      if (!dirty.has(importer)) {
        dirty.add(importer);
        queue.push(importer);
      }
    }
  }
  const replay: Record<string, ModuleSummary> = {};
  for (const [file, summary] of Object.entries(previous.modules)) if (!dirty.has(file)) replay[file] = summary;
  if (!Object.keys(replay).length) return undefined;
  return { replay, previousImports: previous.imports, adapter: previous.adapter, ...(fileSetChanged ? { checkResolutions: true } : {}) };
}
