import type { ModuleSummaries, ModuleSummary } from "./module-summary.js";
import type { IncrementalExtraction } from "./session.js";
import { partOff } from "../../cache/parts.js";

/**
 * Which of the previous run's summaries this run may replay, given the files that changed, appeared or
 * vanished since (the caller has checked that nothing else outside the globbed sources changed). When
 * files appeared or vanished, the replay first checks that every import of a replayed module still
 * resolves where it did (`checkResolutions`). A module is replayed if neither it nor anything it imports,
 * directly or through other modules, changed: its evaluation reads nothing else. One that imports a
 * changed module is replayed late if its summary kept what it read (see below). If a file the type
 * checker read for permission keys changed, nothing is replayed. Returns undefined when there is nothing to replay.
 */
export function planReplay(
  previous: ModuleSummaries,
  changed: ReadonlySet<string>,
  fileSetChanged = false,
): IncrementalExtraction | undefined {
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
  // A module that only imports a changed file, and whose summary kept every value it read of other
  // modules, is replayed too: the replay checks those reads against this run's values first (a late
  // replay; an app module that mounts every router is the usual one). Only when what it read of modules
  // evaluated again are routers: a router stays the same one through most edits of its file, while a
  // constant read from a changed file (a permission key) is often what changed, and a failed check
  // starts the whole run over. Its importers are still evaluated.
  const replay: Record<string, ModuleSummary> = {};
  const late: string[] = [];
  for (const [file, summary] of Object.entries(previous.modules)) {
    if (!dirty.has(file)) replay[file] = summary;
    else if (!changed.has(file) && !partOff("late") && summary.reads?.every(([target, , read]) => !dirty.has(target) || "router" in read)) {
      replay[file] = summary;
      late.push(file);
    }
  }
  if (!Object.keys(replay).length) return undefined;
  return {
    replay,
    previousImports: previous.imports,
    adapter: previous.adapter,
    ...(fileSetChanged ? { checkResolutions: true } : {}),
    ...(late.length ? { late } : {}),
  };
}
