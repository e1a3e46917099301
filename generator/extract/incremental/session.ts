import type { DiagnosticBag } from "../../diagnostics/diagnostic.js";
import { type Interpreter, type InterpreterOptions, ReplayMiss } from "../../resolve/interpreter.js";
import type { SourceSet } from "../../scan/source-set.js";
import { ts } from "../../typescript.js";
import type { RouterHost } from "../router-host.js";
import type { ModuleSummaries, ModuleSummary } from "./module-summary.js";
import { ModuleRecorder, type RecorderOptions } from "./recorder.js";
import { SummaryReplay } from "./replay.js";

/** What a run asks of incremental extraction: summaries it may replay, and where to leave new ones. */
export interface IncrementalExtraction {
  /** Summaries of the previous run this run may replay (see `planReplay`); their files are not parsed. */
  replay: Record<string, ModuleSummary>;
  /** The previous run's import lists, for the replayed files (they are not parsed, so not read again). */
  previousImports: Record<string, string[]>;
  /** The adapter that recorded the summaries to replay (they are only valid for the same one). */
  adapter?: string;
  /** Files appeared or vanished: every import of a replayed module must still resolve where it did. */
  checkResolutions?: boolean;
  /**
   * Replayed modules that import a changed module (late replays, see `planReplay`): their summaries'
   * reads are checked against this run's values before anything of them is redone.
   */
  late?: string[];
  /** Set by the adapter: what this run leaves for the next one. */
  result?: ModuleSummaries;
  /** Set by the adapter: the modules that ran but cannot be replayed, and why. */
  unreplayable?: { file: string; reason: string }[];
}

/**
 * Incremental extraction inside one router adapter's run: records every module's evaluation, replays the
 * summaries it was given, and leaves new summaries behind.
 *
 * @example
 * const session = new IncrementalSession(host, sources, diagnostics, options.incremental);
 * const interpreter = new Interpreter(sources, diagnostics, { permissionCalls, ...session.interpreterOptions() }, host);
 * session.attach(interpreter);
 * interpreter.executeAll();
 * session.restoreReached();
 * // ... app factories, finishChecks, flatten, sweeps ...
 * session.finish(interpreter, "express");
 */
export class IncrementalSession {
  readonly recorder: ModuleRecorder;
  private readonly replay: SummaryReplay | undefined;

  constructor(
    host: RouterHost,
    private readonly sources: SourceSet,
    private readonly diagnostics: DiagnosticBag,
    private readonly options: IncrementalExtraction,
    recorderOptions: RecorderOptions = {},
  ) {
    this.recorder = new ModuleRecorder((value) => host.routerOf(value), recorderOptions);
    host.recorder = this.recorder;
    diagnostics.listener = (d) => this.recorder.diagnostic(d);
    this.replay = Object.keys(options.replay).length
      ? new SummaryReplay(options.replay, sources.replayedScanned, host, this.recorder, diagnostics, new Set(options.late))
      : undefined;
    if (options.checkResolutions) {
      // A new file can be where an import of a replayed module now resolves (or a vanished one where it
      // did): then that module would not do what its summary says.
      for (const [file, summary] of Object.entries(options.replay)) {
        for (const [specifier, target] of summary.resolutions) {
          const now = sources.importedFile(specifier, file) ?? null;
          if (now !== target)
            throw new ReplayMiss(`the import '${specifier}' of ${file} resolves to ${now ?? "nothing"} now, not ${target ?? "nothing"}`);
        }
      }
    }
  }

  interpreterOptions(): Pick<InterpreterOptions, "tracker" | "replay"> {
    return { tracker: this.recorder, ...(this.replay ? { replay: this.replay } : {}) };
  }

  attach(interpreter: Interpreter): void {
    if (this.replay) this.replay.interpreter = interpreter;
    interpreter.onPost = { enter: (file) => this.recorder.enterPost(file), leave: () => this.recorder.leavePost() };
  }

  /** The replay, for adapters that walk the replayed files themselves (Next.js). */
  get replayed(): SummaryReplay | undefined {
    return this.replay;
  }

  /** After every module ran: what replayed modules reached in other files counts as reached. */
  restoreReached(): void {
    this.replay?.restoreReached(this.sources);
  }

  /** Stops recording and leaves the summaries for the next run in the options. */
  finish(interpreter: Interpreter, adapter: string): void {
    this.diagnostics.listener = undefined;
    interpreter.onPost = undefined;
    const imports: Record<string, string[]> = {};
    for (const file of Object.keys(this.options.replay)) imports[file] = this.options.previousImports[file] ?? [];
    for (const file of this.sources.parsedFiles()) {
      if (!/[\\/]node_modules[\\/]/.test(file.fileName)) imports[file.fileName] = importedFiles(this.sources, file);
    }
    const modules = this.recorder.summaries((file) => {
      const parsed = this.sources.parsedFile(file);
      return parsed ? importResolutions(this.sources, parsed) : [];
    });
    this.options.result = { adapter, imports, keyTypeFiles: interpreter.keyTypeFiles, modules };
    this.options.unreplayable = this.recorder.unreplayable();
  }
}

/** Every import and export specifier of a file, with the project file it resolves to (null: a package, or nothing). */
export function importResolutions(sources: SourceSet, file: ts.SourceFile): [string, string | null][] {
  return specifiersOf(file).map((specifier) => [specifier, sources.importedFile(specifier, file.fileName) ?? null]);
}

function specifiersOf(file: ts.SourceFile): string[] {
  const out: string[] = [];
  for (const statement of file.statements) {
    let specifier: ts.Expression | undefined;
    if (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) specifier = statement.moduleSpecifier;
    else if (ts.isImportEqualsDeclaration(statement) && ts.isExternalModuleReference(statement.moduleReference))
      specifier = statement.moduleReference.expression;
    if (specifier && ts.isStringLiteral(specifier)) out.push(specifier.text);
  }
  return out;
}

/**
 * The project files a file's import and export declarations name, type-only ones included: everything
 * a module's evaluation (or the type of a key it checks) could depend on. A replayed module is redone
 * only while none of these, transitively, changed.
 */
export function importedFiles(sources: SourceSet, file: ts.SourceFile): string[] {
  const out = new Set<string>();
  for (const specifier of specifiersOf(file)) {
    const target = sources.importedFile(specifier, file.fileName);
    if (target) out.add(target);
  }
  return [...out].sort();
}
