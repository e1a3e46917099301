import path from "node:path";
import type { ts } from "../typescript.js";

/** Where something is in the analysed sources. `file` is absolute; it is made relative only when shown. */
export interface SourceSite {
  file: string;
  line: number;
  column: number;
}

export type Severity = "error" | "warning";

/**
 * One problem found while generating. Every diagnostic points at the source that caused it and says how
 * to fix it, so a release pipeline's log is enough to act on.
 */
export interface Diagnostic {
  severity: Severity;
  /** Stable code, e.g. `APX201`, documented in the README. */
  code: string;
  message: string;
  hint?: string;
  site?: SourceSite;
  /** Further places involved (the other registration of a duplicate, ...). */
  related?: { message: string; site: SourceSite }[];
  /**
   * Set on a diagnostic held back (`DiagnosticBag.hold`): the key that says it (`release`). A replayed module's
   * summary holds it again rather than saying it.
   */
  held?: string;
}

/** Site of a node: 1-based line and column, as editors show them. */
export function siteOf(node: ts.Node, sourceFile: ts.SourceFile = node.getSourceFile()): SourceSite {
  const { line, character } = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile));
  return { file: sourceFile.fileName, line: line + 1, column: character + 1 };
}

export function formatSite(site: SourceSite, base: string): string {
  const rel = path.relative(base, site.file).split(path.sep).join("/");
  return `${rel || site.file}:${site.line}:${site.column}`;
}

export function compareSites(a: SourceSite, b: SourceSite): number {
  return a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column;
}

/** Collects every problem of a run so they are reported together, in a stable order. */
export class DiagnosticBag {
  readonly items: Diagnostic[] = [];
  private readonly seen = new Set<string>();
  /** Told of every diagnostic reported, repeats included (extract/incremental files them by module). */
  listener: ((diagnostic: Diagnostic) => void) | undefined;

  /** While above 0, diagnostics are not kept (a speculative read whose findings are only used when complete). */
  private muted = 0;

  /** Runs `fn` with its diagnostics kept, inside a `quietly` too (code that runs once whoever triggers it). */
  loudly<T>(fn: () => T): T {
    const muted = this.muted;
    this.muted = 0;
    try {
      return fn();
    } finally {
      this.muted = muted;
    }
  }

  /** Runs `fn` with every diagnostic it reports dropped. */
  quietly<T>(fn: () => T): T {
    this.muted++;
    try {
      return fn();
    } finally {
      this.muted--;
    }
  }

  /**
   * Diagnostics held back until something shows they matter (`release`): a fact about code whose values may
   * reach no artifact (an environment default a database client reads). What is never released is summed up
   * at `close`, one line per code, so nothing is silent.
   */
  private readonly heldBack = new Map<string, Diagnostic>();
  /** Keys released (said) already: a key is said once. */
  private readonly released = new Set<string>();
  private readonly summaries = new Map<string, (held: readonly Diagnostic[]) => Diagnostic>();
  private closed = false;

  /** How the one line that sums up a code's diagnostics never released is worded (needed to `hold` that code). */
  summarize(code: string, summary: (held: readonly Diagnostic[]) => Diagnostic): void {
    this.summaries.set(code, summary);
  }

  /** Holds `diagnostic` back under `key` (the first one held for a key is kept), to be said by `release(key)`. */
  hold(key: string, diagnostic: Diagnostic): void {
    if (this.muted) return;
    if (!this.summaries.has(diagnostic.code)) throw new Error(`no summary for held ${diagnostic.code}`);
    const held = { ...diagnostic, held: key };
    this.listener?.(held);
    if (this.released.has(key) || this.heldBack.has(key)) return;
    if (this.closed) this.release(key);
    else this.heldBack.set(key, held);
  }

  /**
   * Says the diagnostic held under `key` (or `otherwise`, when none is: its module was replayed), once.
   * Whether it is said (now or before); not while diagnostics are muted.
   */
  release(key: string, otherwise?: Diagnostic, preferOtherwise = false): boolean {
    if (this.released.has(key)) return true;
    if (this.muted) return false;
    const held = preferOtherwise && otherwise ? undefined : this.heldBack.get(key);
    if (!held && !otherwise) return false;
    this.released.add(key);
    this.heldBack.delete(key);
    const { held: _, ...said } = held ?? otherwise!;
    this.add(said);
    return true;
  }

  /** Whether a diagnostic is held under `key`, not said yet. */
  isHeld(key: string): boolean {
    return this.heldBack.has(key);
  }

  /** End of extraction: the diagnostics never released, one summing line per code (from then on, a hold says at once). */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    const byCode = new Map<string, Diagnostic[]>();
    for (const d of this.heldBack.values()) byCode.set(d.code, [...(byCode.get(d.code) ?? []), d]);
    this.heldBack.clear();
    for (const [code, held] of [...byCode].sort(([a], [b]) => a.localeCompare(b))) {
      const summary = this.summaries.get(code);
      if (summary) this.add(summary(held.sort((a, b) => (a.site && b.site ? compareSites(a.site, b.site) : 0))));
    }
  }

  add(diagnostic: Diagnostic): void {
    if (this.muted) return;
    if (diagnostic.held !== undefined) {
      // A held diagnostic from a replayed module's summary: held again, as its evaluation held it.
      if (this.summaries.has(diagnostic.code)) {
        this.hold(diagnostic.held, diagnostic);
        return;
      }
      const { held: _, ...said } = diagnostic;
      diagnostic = said;
    }
    this.listener?.(diagnostic);
    // The same node can be reached along several paths (a router mounted twice): report it once.
    const key = `${diagnostic.code}|${diagnostic.site ? formatSite(diagnostic.site, "/") : ""}|${diagnostic.message}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.items.push(diagnostic);
  }

  error(code: string, message: string, site?: SourceSite, hint?: string): void {
    this.add({ severity: "error", code, message, ...(site ? { site } : {}), ...(hint ? { hint } : {}) });
  }

  warning(code: string, message: string, site?: SourceSite, hint?: string): void {
    this.add({ severity: "warning", code, message, ...(site ? { site } : {}), ...(hint ? { hint } : {}) });
  }

  /**
   * `--strict`: every warning becomes an error. The message is kept as it is; the severity says the run
   * stopped on it, and the hint says how to get past it without `--strict`.
   */
  promoteWarnings(): void {
    for (const d of this.items) {
      if (d.severity !== "warning") continue;
      d.severity = "error";
      d.hint = `${d.hint ? `${d.hint} ` : ""}(A warning, made an error by --strict / strict: true.)`;
    }
  }

  get errors(): Diagnostic[] {
    return this.items.filter((d) => d.severity === "error");
  }

  get warnings(): Diagnostic[] {
    return this.items.filter((d) => d.severity === "warning");
  }

  sorted(): Diagnostic[] {
    return [...this.items].sort((a, b) => {
      if (a.site && b.site) return compareSites(a.site, b.site) || a.code.localeCompare(b.code);
      if (a.site) return 1;
      if (b.site) return -1;
      return a.code.localeCompare(b.code) || a.message.localeCompare(b.message);
    });
  }
}

/** Renders a diagnostic the way compilers do: `file:line:col error CODE message`, then the hint. */
export function formatDiagnostic(d: Diagnostic, base: string): string {
  const where = d.site ? `${formatSite(d.site, base)} ` : "";
  const lines = [`${where}${d.severity} ${d.code} ${d.message}`];
  for (const r of d.related ?? []) lines.push(`  ${formatSite(r.site, base)} ${r.message}`);
  if (d.hint) lines.push(`  hint: ${d.hint}`);
  return lines.join("\n");
}

/** A usage or configuration error: the CLI exits with code 2. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly hint?: string,
  ) {
    super(message);
    this.name = "UsageError";
  }
}
