import type { DiagnosticBag } from "../../diagnostics/diagnostic.js";
import { type Interpreter, type ModuleReplay, ReplayMiss } from "../../resolve/interpreter.js";
import type { Value } from "../../resolve/values.js";
import type { SourceSet } from "../../scan/source-set.js";
import { ts } from "../../typescript.js";
import type { RouterHost } from "../router-host.js";
import type { Layer, RouteCheck, RouterNode } from "../router-graph.js";
import type { ModuleSummary, NodeRef, SavedLayer } from "./module-summary.js";
import { type SavedCheck, valueOfData } from "./module-summary.js";
import type { ModuleRecorder } from "./recorder.js";

/**
 * Redoes summarized modules for the evaluator: their routers and layers are created again from the
 * summary, the modules they reached are run (or replayed) first, and their diagnostics are reported
 * again. Anything the summary does not cover raises `ReplayMiss`.
 */
export class SummaryReplay implements ModuleReplay {
  readonly files: string[];
  private readonly summaries: Map<string, ModuleSummary>;
  private readonly reached: { visited: NodeRef[]; invoked: NodeRef[] }[] = [];
  interpreter!: Interpreter;

  constructor(
    summaries: Record<string, ModuleSummary>,
    /** The replayed files that run in path order with the scanned ones; the rest run when something reaches them. */
    files: string[],
    private readonly host: RouterHost,
    private readonly recorder: ModuleRecorder,
    private readonly diagnostics: DiagnosticBag,
    /** Modules replayed although a module they import changed: their summaries' reads are checked first. */
    private readonly late: ReadonlySet<string> = new Set(),
  ) {
    this.summaries = new Map(Object.entries(summaries));
    this.files = files;
  }

  has(fileName: string): boolean {
    return this.summaries.has(fileName);
  }

  run(fileName: string): ReadonlyMap<string, Value> {
    const summary = this.summaries.get(fileName)!;
    this.recorder.enterModule(fileName);
    try {
      for (const file of summary.touches) this.interpreter.moduleNamed(file);
      // A late replay redoes the module only if everything it read of other modules is what it was.
      if (this.late.has(fileName)) this.checkReads(fileName, summary);
      // Every router first: a mount layer may name one of the module's routers created after its own.
      const routers = summary.routers.map((saved) => this.host.restoreRouter(saved));
      summary.routers.forEach((saved, index) => {
        routers[index]!.stack = saved.layers.map((layer) => this.layer(layer));
      });
      for (const diagnostic of summary.diagnostics) this.diagnostics.add(diagnostic);
      this.reached.push(summary.reached);
      this.recorder.replayed(fileName, summary);
      return new Map(
        Object.entries(summary.exports).map(([name, saved]) => [
          name,
          "router" in saved ? this.host.valueOf(routers[saved.router]!) : valueOfData(saved.data),
        ]),
      );
    } finally {
      this.recorder.leaveModule(fileName, { names: summary.exportNames, star: summary.starExports });
    }
  }

  private checkReads(fileName: string, summary: ModuleSummary): void {
    if (!summary.reads) throw new ReplayMiss(`${fileName} imports a changed module, and its summary did not keep what it read`);
    for (const [file, name, read] of summary.reads) {
      if (!this.recorder.sameRead(this.interpreter.exportValue(file, name), read)) {
        throw new ReplayMiss(`${fileName} reads \`${name}\` of ${file}, which is not what it was when its summary was recorded`);
      }
    }
  }

  exportsOf(fileName: string): { names: ReadonlySet<string>; star: boolean } {
    const summary = this.summaries.get(fileName)!;
    return { names: new Set(summary.exportNames), star: summary.starExports };
  }

  /** The layers a replayed module added to the adapter's root (Next.js route handlers). */
  rootLayers(fileName: string): Layer[] {
    return (this.summaries.get(fileName)!.rootLayers ?? []).map((layer) => this.layer(layer));
  }

  private layer(saved: SavedLayer): Layer {
    switch (saved.type) {
      case "route":
        return {
          type: "route",
          method: saved.method,
          paths: saved.paths,
          checks: saved.checks.map(loadCheck),
          terminal: saved.terminal,
          ...(saved.methods ? { methods: saved.methods } : {}),
          site: saved.site,
          ...(saved.doc ? { doc: saved.doc } : {}),
          ...(saved.handlerAt ? { handlerAt: saved.handlerAt } : {}),
          ...(saved.registrationAt ? { registrationAt: saved.registrationAt } : {}),
          ...(saved.handlerLabel ? { handlerLabel: saved.handlerLabel } : {}),
          ...(saved.conditional ? { conditional: true as const } : {}),
          ...(saved.branches ? { branches: saved.branches } : {}),
          ...(saved.passesOn ? { passesOn: true as const } : {}),
          ...(saved.prefixUnknown ? { prefixUnknown: true as const } : {}),
          ...(saved.requires ? { requires: saved.requires } : {}),
          ...(saved.unreadHandler ? { unreadHandler: saved.unreadHandler } : {}),
        };
      case "middleware":
        return {
          type: "middleware",
          paths: saved.paths,
          end: saved.end,
          checks: saved.checks.map(loadCheck),
          ...(saved.method ? { method: saved.method } : {}),
          site: saved.site,
        };
      case "mount": {
        const router: RouterNode | undefined = this.recorder.routerAt(saved.router);
        if (!router)
          throw new ReplayMiss(`a summary mounts router ${saved.router.index} of ${saved.router.file}, which this run did not create`);
        router.mounted = true;
        return {
          type: "mount",
          paths: saved.paths,
          router,
          site: saved.site,
          ...(saved.conditional ? { conditional: true as const } : {}),
          ...(saved.branches ? { branches: saved.branches } : {}),
          ...(saved.prefixUnknown ? { prefixUnknown: true as const } : {}),
          ...(saved.filter ? { filter: saved.filter } : {}),
        };
      }
    }
  }

  /**
   * Registrations and functions in files evaluated again that replayed modules reached: marked as reached
   * before those files' unreached sweep and app-factory search, as their evaluation would have.
   */
  restoreReached(sources: SourceSet): void {
    for (const { visited, invoked } of this.reached) {
      for (const ref of visited) this.host.visited.add(this.node(sources, ref) as ts.CallExpression);
      for (const ref of invoked) this.interpreter.invoked.add(this.node(sources, ref));
    }
  }

  private node(sources: SourceSet, ref: NodeRef): ts.Node {
    const file = sources.replayed.has(ref.file) ? undefined : sources.getFile(ref.file);
    const node = file
      ? this.nodesOf(file)
          .get(ref.pos)
          ?.find((n) => n.end === ref.end && n.kind === ref.kind)
      : undefined;
    if (!node) throw new ReplayMiss(`a summary refers to a node at ${ref.file}:${ref.pos} that this run does not have`);
    return node;
  }

  /**
   * Every node of a file by start position, from one walk: summaries of many modules refer to the same
   * few nodes of a shared file (the registrations of a router factory every route file calls).
   */
  private readonly nodesByFile = new Map<ts.SourceFile, Map<number, ts.Node[]>>();
  private nodesOf(file: ts.SourceFile): Map<number, ts.Node[]> {
    let nodes = this.nodesByFile.get(file);
    if (!nodes) {
      const byPos = new Map<number, ts.Node[]>();
      const visit = (node: ts.Node): void => {
        const list = byPos.get(node.pos);
        if (list) list.push(node);
        else byPos.set(node.pos, [node]);
        ts.forEachChild(node, visit);
      };
      ts.forEachChild(file, visit);
      this.nodesByFile.set(file, (nodes = byPos));
    }
    return nodes;
  }
}

/** A check a summary kept, as the router graph holds it. */
function loadCheck(saved: SavedCheck): RouteCheck {
  if (Array.isArray(saved)) return { keys: saved };
  return { keys: saved.k, ...(saved.any ? { any: true } : {}), ...(saved.u ? { unresolved: true } : {}) };
}
