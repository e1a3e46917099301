import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { wallClockNs } from "../../generator/cache/source-stats.js";
import { loadConfig } from "../../generator/config/load-config.js";
import { generateToDisk } from "../../generator/generate-to-disk.js";

/**
 * A project written to a temporary folder, for tests of the run cache: `run(true)` generates with the cache into
 * `cached`, `run(false)` without it into `full`, each with a clock an hour ahead (unchanged files are known by
 * their stat signatures, as on a developer's machine); `operations()` reads what the cached run wrote.
 */
export function diskProject(prefix: string, files: Record<string, string>) {
  const root = mkdtempSync(path.join(tmpdir(), prefix));
  const cached = `${root}-out-cached`;
  const full = `${root}-out-full`;
  const write = (name: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  };
  for (const [name, text] of Object.entries(files)) write(name, text);
  return {
    root,
    cached,
    full,
    write,
    run: async (cache: boolean) =>
      generateToDisk(await loadConfig({ cwd: root, root, out: cache ? cached : full }), {
        cache,
        cwd: root,
        clock: () => wallClockNs() + 3_600_000_000_000n,
      }),
    /** The cached run's operations as `METHOD /path`, sorted. */
    operations: () =>
      (
        JSON.parse(readFileSync(path.join(cached, "operations.json"), "utf8")) as { operations: { method: string; path: string }[] }
      ).operations
        .map((o) => `${o.method} ${o.path}`)
        .sort(),
    remove: () => {
      for (const dir of [root, cached, full]) rmSync(dir, { recursive: true, force: true });
    },
  };
}
