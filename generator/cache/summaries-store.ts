/**
 * The module summaries beside a cache entry (extract/incremental): what a warm run replays instead of
 * parsing. A run rewrites only what changed: a full file is written now and then, and in between a delta
 * file holds the summaries that differ from it and the modules it no longer has. A warm run after a
 * one-file edit then writes a few kilobytes instead of every module's summary again (1.5 MB at 3,265
 * operations, ~5 ms).
 *
 * Both files are lines: a header (JSON), then one line per module, its file name as a JSON string, a tab,
 * and its summary as JSON. The full file's header carries a random id, which the delta names as its base;
 * each header carries the digest of the entry sources it was written for, so summaries belong to exactly
 * one run's entry and a file left by another run (or cut short) is never replayed.
 *
 * @example
 * const store = new SummariesStore(path.join(folder, "0123.summaries"), key);
 * const previous = store.read(digest); // the last run's summaries, if they belong to its entry
 * // ... a run replays them and records its own ...
 * store.write(newDigest, summaries); // a delta against the file read, or a full file
 */
import { partOff } from "./parts.js";
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import type { ModuleSummaries, ModuleSummary } from "../extract/incremental/module-summary.js";
import { replaceFile } from "../write/replace-file.js";

/** Bump when the files change shape or meaning (the cache's own format is bumped with it). */
export const SUMMARIES_FORMAT = 1;

interface Header {
  format: number;
  key: string;
  /** The digest of the entry's sources it was written for. */
  sources: string;
  adapter: string;
  imports: ModuleSummaries["imports"];
  keyTypeFiles: string[];
}

interface FullHeader extends Header {
  id: string;
}

interface DeltaHeader extends Header {
  /** The id of the full file it applies to. */
  base: string;
  /** Modules of the full file that the run it describes has no summary of. */
  removed: string[];
}

/** The line each summary was read from: written back as it was, not serialized again. */
const summaryText = new WeakMap<ModuleSummary, string>();

/** A delta larger than this share of its full file is written as a full file instead. */
const DELTA_SHARE = 0.25;

interface ParsedFile<H> {
  header: H;
  modules: Map<string, ModuleSummary>;
  texts: Map<string, string>;
  bytes: number;
}

export class SummariesStore {
  /** The full file this process last read or wrote: what a delta is written against. */
  private base: { id: string; texts: Map<string, string>; bytes: number } | undefined;

  constructor(
    private readonly file: string,
    private readonly key: string,
  ) {}

  private get deltaFile(): string {
    return `${this.file}-delta`;
  }

  /** The summaries written for the entry whose sources have `digest`, or undefined. */
  read(digest: string): ModuleSummaries | undefined {
    const full = this.parse<FullHeader>(this.file);
    if (!full || typeof full.header.id !== "string") return undefined;
    this.base = { id: full.header.id, texts: full.texts, bytes: full.bytes };
    const delta = this.parse<DeltaHeader>(this.deltaFile);
    if (delta && delta.header.base === full.header.id && delta.header.sources === digest) {
      const modules = new Map(full.modules);
      for (const file of delta.header.removed) modules.delete(file);
      for (const [file, summary] of delta.modules) modules.set(file, summary);
      return summariesOf(delta.header, modules);
    }
    return full.header.sources === digest ? summariesOf(full.header, full.modules) : undefined;
  }

  /**
   * Writes the summaries of the run whose entry will have sources `digest`: as a delta against the full
   * file this process read (or wrote) when the difference is small, else as a new full file.
   */
  write(digest: string, summaries: ModuleSummaries): void {
    const header = {
      format: SUMMARIES_FORMAT,
      key: this.key,
      sources: digest,
      adapter: summaries.adapter,
      imports: summaries.imports,
      keyTypeFiles: summaries.keyTypeFiles,
    };
    const entries = Object.entries(summaries.modules).map(([file, summary]) => [file, textOf(summary)] as const);
    mkdirSync(path.dirname(this.file), { recursive: true });
    const base = this.base;
    if (base) {
      const changed = entries.filter(([file, text]) => base.texts.get(file) !== text);
      const bytes = changed.reduce((sum, [, text]) => sum + text.length, 0);
      if (bytes <= base.bytes * DELTA_SHARE && !partOff("delta")) {
        const names = new Set(entries.map(([file]) => file));
        const removed = [...base.texts.keys()].filter((file) => !names.has(file));
        replaceFile(this.deltaFile, linesOf({ ...header, base: base.id, removed } satisfies DeltaHeader, changed));
        return;
      }
    }
    const id = randomBytes(8).toString("hex");
    // The delta first: one left beside a new full file names another base, but a reader need not look.
    rmSync(this.deltaFile, { force: true });
    replaceFile(this.file, linesOf({ ...header, id } satisfies FullHeader, entries));
    this.base = { id, texts: new Map(entries), bytes: entries.reduce((sum, [, text]) => sum + text.length, 0) };
  }

  /** Removes both files (a run without summaries). */
  remove(): void {
    rmSync(this.deltaFile, { force: true });
    rmSync(this.file, { force: true });
    this.base = undefined;
  }

  private parse<H extends Header>(file: string): ParsedFile<H> | undefined {
    let lines: string[];
    try {
      lines = readFileSync(file, "utf8").split("\n");
    } catch {
      return undefined; // missing
    }
    try {
      if (lines.at(-1) !== "") return undefined; // cut short
      const header = JSON.parse(lines[0]!) as H;
      if (header.format !== SUMMARIES_FORMAT || header.key !== this.key) return undefined;
      const modules = new Map<string, ModuleSummary>();
      const texts = new Map<string, string>();
      let bytes = 0;
      for (let i = 1; i < lines.length - 1; i++) {
        const line = lines[i]!;
        const tab = line.indexOf("\t");
        const name = JSON.parse(line.slice(0, tab)) as string;
        const text = line.slice(tab + 1);
        const summary = JSON.parse(text) as ModuleSummary;
        summaryText.set(summary, text);
        modules.set(name, summary);
        texts.set(name, text);
        bytes += text.length;
      }
      return { header, modules, texts, bytes };
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

function linesOf(header: object, entries: readonly (readonly [string, string])[]): string {
  const lines = [JSON.stringify(header)];
  for (const [file, text] of entries) lines.push(`${JSON.stringify(file)}\t${text}`);
  return `${lines.join("\n")}\n`;
}
