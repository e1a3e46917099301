/**
 * The module summaries beside a cache entry (extract/incremental): what a warm run replays instead of
 * parsing. One file of lines: a header (JSON), then one line per module, its file name as a JSON string, a
 * tab, and its summary as JSON. The header carries the digest of the entry sources it was written for, so
 * summaries belong to exactly one run's entry and a file left by another run (or cut short) is never
 * replayed. A summary read from the file is written back as the line it was read from, not serialized again.
 *
 * (A delta file of what changed was written between full files until `npm run bench:cache-parts` showed it
 * bought 3% of a warm run: under the 5% a part must buy to stay.)
 *
 * @example
 * const store = new SummariesStore(path.join(folder, "0123.summaries"), key);
 * const previous = store.read(digest); // the last run's summaries, if they belong to its entry
 * // ... a run replays them and records its own ...
 * store.write(newDigest, summaries);
 */
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import type { ModuleSummaries, ModuleSummary } from "../extract/incremental/module-summary.js";
import { replaceFile } from "../write/replace-file.js";

/** Bump when the file changes shape or meaning (the cache's own format is bumped with it). */
export const SUMMARIES_FORMAT = 2;

interface Header {
  format: number;
  key: string;
  /** The digest of the entry's sources it was written for. */
  sources: string;
  adapter: string;
  imports: ModuleSummaries["imports"];
  keyTypeFiles: string[];
}

/** The line each summary was read from: written back as it was, not serialized again. */
const summaryText = new WeakMap<ModuleSummary, string>();

export class SummariesStore {
  constructor(
    private readonly file: string,
    private readonly key: string,
  ) {}

  /** The summaries written for the entry whose sources have `digest`, or undefined. */
  read(digest: string): ModuleSummaries | undefined {
    const parsed = this.parse();
    return parsed && parsed.header.sources === digest ? summariesOf(parsed.header, parsed.modules) : undefined;
  }

  /** Writes the summaries of the run whose entry will have sources `digest`. */
  write(digest: string, summaries: ModuleSummaries): void {
    const header: Header = {
      format: SUMMARIES_FORMAT,
      key: this.key,
      sources: digest,
      adapter: summaries.adapter,
      imports: summaries.imports,
      keyTypeFiles: summaries.keyTypeFiles,
    };
    mkdirSync(path.dirname(this.file), { recursive: true });
    const lines = [JSON.stringify(header)];
    for (const [file, summary] of Object.entries(summaries.modules)) lines.push(`${JSON.stringify(file)}\t${textOf(summary)}`);
    replaceFile(this.file, `${lines.join("\n")}\n`);
  }

  /** Removes the file (a run without summaries). */
  remove(): void {
    rmSync(this.file, { force: true });
  }

  private parse(): { header: Header; modules: Map<string, ModuleSummary> } | undefined {
    let lines: string[];
    try {
      lines = readFileSync(this.file, "utf8").split("\n");
    } catch {
      return undefined; // missing
    }
    try {
      if (lines.at(-1) !== "") return undefined; // cut short
      const header = JSON.parse(lines[0]!) as Header;
      if (header.format !== SUMMARIES_FORMAT || header.key !== this.key) return undefined;
      const modules = new Map<string, ModuleSummary>();
      for (let i = 1; i < lines.length - 1; i++) {
        const line = lines[i]!;
        const tab = line.indexOf("\t");
        const text = line.slice(tab + 1);
        const summary = JSON.parse(text) as ModuleSummary;
        summaryText.set(summary, text);
        modules.set(JSON.parse(line.slice(0, tab)) as string, summary);
      }
      return { header, modules };
    } catch {
      return undefined; // corrupt: nothing to replay
    }
  }
}

function summariesOf(header: Header, modules: Map<string, ModuleSummary>): ModuleSummaries {
  return { adapter: header.adapter, imports: header.imports, keyTypeFiles: header.keyTypeFiles, modules: Object.fromEntries(modules) };
}

function textOf(summary: ModuleSummary): string {
  let text = summaryText.get(summary);
  if (text === undefined) summaryText.set(summary, (text = JSON.stringify(summary)));
  return text;
}
