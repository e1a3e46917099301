import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import { handlerLabel } from "../handler-label.js";
import type { EvaluationTracker, ModuleExports } from "../../resolve/interpreter.js";
import type { Value } from "../../resolve/values.js";
import type { ts } from "../../typescript.js";
import type { Layer, RouteCheck, RouterNode } from "../router-graph.js";
import {
  type ModuleSummary,
  type NodeRef,
  nodeRef,
  plainData,
  type SavedCheck,
  type RouterRef,
  type SavedExport,
  type SavedLayer,
  type SavedRead,
  type SavedRouter,
} from "./module-summary.js";

/** One module's evaluation as the recorder saw it. */
interface ModuleRecord {
  executing: boolean;
  executed: boolean;
  routers: RouterNode[];
  touches: Set<string>;
  exports: Map<string, SavedExport>;
  diagnostics: Diagnostic[];
  /** Diagnostics about the file from after extraction (the unreached sweep, broken imports). */
  post: Diagnostic[];
  visited: NodeRef[];
  invoked: NodeRef[];
  /** Why the module cannot be summarized (the reasons document the rules); such a module is always evaluated again. */
  spoiled?: string;
  /** The summary it was replayed from, carried to the next run. */
  replayed?: ModuleSummary;
  exported?: ModuleExports;
  /** Layers it added to the adapter's root (Next.js route handlers). */
  rootLayers?: Layer[];
  /** What it read of other modules' exports, by `file\0name` (for a late replay; see `RecorderOptions.lateBinding`). */
  reads: Map<string, [string, string, SavedRead]>;
  /** Why a late replay of it could not be checked: it read something that is not a router or plain data. */
  unbindable?: string;
}

/** What an adapter lets its recorder do beyond the rules below. */
export interface RecorderOptions {
  /**
   * Summaries keep what each module read of other modules, so a module whose imports changed can be
   * replayed once those reads give the same again (Express: the app module that imports every router).
   */
  lateBinding?: boolean;
  /** A module that creates an app can be summarized (Express: an app is a router like the others). */
  replayApps?: boolean;
}

interface Frame {
  file: string;
  /** A module-level binding being computed (rather than a module's top level running). */
  binding: boolean;
  /** A module-level binding evaluated while its module is not running (someone else read it first). */
  lazyOutside: boolean;
}

/**
 * Watches one evaluation and decides, module by module, whether what a module's evaluation did can be
 * saved as plain data and redone later without parsing it (a summary). The rule is conservative: a
 * module qualifies only when everything its evaluation did stayed inside it —
 *
 * - every router it created was created while it ran, and it never created an app (unless the adapter
 *   says its apps are routers like the others: `replayApps`, Express);
 * - every route, middleware or mount call it made was on one of its own routers, and no other module
 *   ever called one on its routers;
 * - other modules read only exports that are its own routers or plain data (strings, numbers, arrays
 *   and objects of them: a module of permission keys);
 * - no permission key of its needed the type checker, and it has no app factory (a documented route is
 *   fine: its summary says where the handler is, for the type phase to find in a parse of the file);
 * - no other module's evaluation reached a registration or function in its file.
 *
 * Everything else (reading another module's constant, mounting a router imported from elsewhere, calling
 * a helper that builds a router) is fine: the values are pure functions of the source texts, so a module
 * whose text and imports are unchanged does the same again. `plan.ts` decides which summaries a run may
 * use; a replay that meets anything unforeseen stops and the run starts over in full (`ReplayMiss`).
 *
 * With `lateBinding` (Express), a summary also keeps every value the module read of other modules'
 * exports when each was a router or plain data and nothing else of other modules reached it (no
 * namespace import, no re-export, no function or registration of another file): the module can then be
 * replayed after a module it imports changed, once those reads give the same values again (`replay.ts`).
 */
export class ModuleRecorder implements EvaluationTracker {
  private readonly records = new Map<string, ModuleRecord>();
  private readonly stack: Frame[] = [];
  private readonly creators = new Map<RouterNode, RouterRef>();
  private postFile: string | undefined;

  constructor(
    /** The router a value is, if it is one of the adapter's routers. */
    private readonly routerOf: (value: Value) => RouterNode | undefined,
    private readonly options: RecorderOptions = {},
  ) {}

  private record(file: string): ModuleRecord {
    let record = this.records.get(file);
    if (!record) {
      record = {
        executing: false,
        executed: false,
        routers: [],
        touches: new Set(),
        exports: new Map(),
        diagnostics: [],
        post: [],
        visited: [],
        invoked: [],
        reads: new Map(),
      };
      this.records.set(file, record);
    }
    return record;
  }

  spoil(file: string | undefined, reason: string): void {
    if (file === undefined) return;
    const record = this.record(file);
    record.spoiled ??= reason;
  }

  private spoilResponsible(reason: string): void {
    for (let i = this.stack.length - 1; i >= 0; i--) {
      this.spoil(this.stack[i]!.file, reason);
      if (!this.stack[i]!.binding) break;
    }
  }

  // ---------------------------------------------------------------------------------------------
  // What the evaluator reports

  cannotReplay(reason: string): void {
    this.spoilResponsible(reason);
  }

  enterModule(file: string): void {
    const record = this.record(file);
    record.executing = true;
    this.stack.push({ file, binding: false, lazyOutside: false });
  }

  leaveModule(file: string, exported: ModuleExports): void {
    const record = this.record(file);
    record.executing = false;
    record.executed = true;
    record.exported = exported;
    this.stack.pop();
  }

  enterBinding(file: string): void {
    this.stack.push({ file, binding: true, lazyOutside: !this.record(file).executing });
  }

  leaveBinding(): void {
    this.stack.pop();
  }

  touched(file: string): void {
    for (const record of this.responsible(file)) record.touches.add(file);
  }

  /**
   * The modules a replay must redo something for: the innermost module running, and the modules whose
   * reads of other modules' values (lazy bindings) led here. A module running inside another (an import
   * read runs it) does its own part: its summary, or its evaluation, redoes it.
   */
  private responsible(except?: string): ModuleRecord[] {
    const out: ModuleRecord[] = [];
    for (let i = this.stack.length - 1; i >= 0; i--) {
      const frame = this.stack[i]!;
      if (frame.file !== except) out.push(this.record(frame.file));
      if (!frame.binding) break;
    }
    return out;
  }

  exportRead(file: string, name: string, value: Value): void {
    const top = this.stack[this.stack.length - 1];
    if (top?.file === file) return;
    const router = this.routerOf(value);
    const creator = router ? this.creators.get(router) : undefined;
    if (router && creator?.file === file) {
      this.record(file).exports.set(name, { router: creator.index });
      return;
    }
    // Constants (a module of permission keys): values are immutable, so their data stands for them.
    const data = router ? undefined : plainData(value);
    if (data !== undefined) this.record(file).exports.set(name, { data });
    else this.spoil(file, `other modules read its export \`${name}\`, which is neither one of its own routers nor plain data`);
  }

  imported(file: string, name: string | undefined, value: Value): void {
    if (!this.options.lateBinding) return;
    const read = name === undefined ? undefined : this.savedRead(value);
    // Attributed like diagnostics: the module running, and the modules whose lazy reads led here.
    for (const record of this.responsible(file)) {
      if (read && name !== undefined) record.reads.set(`${file}\0${name}`, [file, name, read]);
      else
        record.unbindable ??=
          name === undefined
            ? `it imports ${file} as a namespace`
            : `it reads \`${name}\` of ${file}, which is neither a router nor plain data`;
    }
  }

  /** A read value as a summary can keep and a later run can check: a router by its creator, or plain data. */
  private savedRead(value: Value): SavedRead | undefined {
    const router = this.routerOf(value);
    if (router) {
      const creator = this.creators.get(router);
      return creator ? { router: creator } : undefined;
    }
    const data = plainData(value);
    return data === undefined ? undefined : { data };
  }

  /** Whether a value is what a summary's read recorded (a late replay's check). */
  sameRead(value: Value | undefined, read: SavedRead): boolean {
    if (!value) return false;
    if ("router" in read) {
      const router = this.routerOf(value);
      const creator = router ? this.creators.get(router) : undefined;
      return creator !== undefined && creator.file === read.router.file && creator.index === read.router.index;
    }
    if (this.routerOf(value)) return false;
    const data = plainData(value);
    return data !== undefined && JSON.stringify(data) === JSON.stringify(read.data);
  }

  deferred(): void {
    this.spoilResponsible("a permission key needed the type checker");
  }

  invoked(node: ts.Node): void {
    this.reached(node, "invoked");
  }

  // ---------------------------------------------------------------------------------------------
  // What the adapter reports

  created(router: RouterNode): void {
    const top = this.stack[this.stack.length - 1];
    if (!top) return; // an app factory's router: nothing to attribute it to, so nothing can refer to it
    if (top.lazyOutside) {
      this.spoil(top.file, "a router is created when another module reads one of its values");
      this.spoilResponsible("it reads a value whose evaluation creates a router");
      return;
    }
    const record = this.record(top.file);
    this.creators.set(router, { file: top.file, index: record.routers.length });
    record.routers.push(router);
    if (router.kind === "app" && !this.options.replayApps) this.spoil(top.file, "it creates an app");
  }

  /** A route, middleware or mount call on `router`. */
  hostCall(router: RouterNode): void {
    const top = this.stack[this.stack.length - 1];
    const creator = this.creators.get(router);
    if (top && !top.lazyOutside && creator?.file === top.file) return;
    this.spoil(creator?.file, "another module registers on its routers");
    this.spoil(top?.file, "it registers on a router of another module");
    if (top?.lazyOutside) this.spoilResponsible("it reads a value whose evaluation registers routes");
  }

  visited(node: ts.CallExpression): void {
    this.reached(node, "visited");
  }

  private reached(node: ts.Node, list: "visited" | "invoked"): void {
    const ref = nodeRef(node);
    const top = this.stack[this.stack.length - 1];
    // The file's unreached sweep depends on who reaches its nodes: only its own evaluation may.
    if (!top || top.lazyOutside || top.file !== ref.file)
      this.spoil(ref.file, "other modules' evaluation reaches its functions or registrations");
    for (const record of this.responsible(ref.file)) record[list].push(ref);
  }

  diagnostic(diagnostic: Diagnostic): void {
    if (this.postFile !== undefined) this.record(this.postFile).post.push(diagnostic);
    for (const record of this.responsible()) record.diagnostics.push(diagnostic);
  }

  /** Diagnostics reported until `leavePost` are about `file` alone (its unreached sweep, its imports). */
  enterPost(file: string): void {
    this.postFile = file;
  }

  leavePost(): void {
    this.postFile = undefined;
  }

  /** The `index`-th router created while `file` was evaluated (in this run, replays included). */
  routerAt(ref: RouterRef): RouterNode | undefined {
    return this.records.get(ref.file)?.routers[ref.index];
  }

  /**
   * Everything reported until `leaveFile` is `file`'s doing: an adapter that reads a module's exports
   * itself after running it (Next.js reads each route file's method handlers) wraps that work in these.
   */
  enterFile(file: string): void {
    this.stack.push({ file, binding: false, lazyOutside: false });
  }

  /** Ends `enterFile`; `rootLayers` are the layers the file added to the adapter's root. */
  leaveFile(file: string, rootLayers: Layer[]): void {
    this.stack.pop();
    this.record(file).rootLayers = rootLayers;
  }

  /** A module was replayed from `summary` (its routers were created inside enterModule/leaveModule). */
  replayed(file: string, summary: ModuleSummary): void {
    this.record(file).replayed = summary;
  }

  // ---------------------------------------------------------------------------------------------
  // The result

  /** Modules that ran but cannot be summarized, with the first reason found (for `--timings`). */
  unreplayable(): { file: string; reason: string }[] {
    const out: { file: string; reason: string }[] = [];
    for (const [file, record] of this.records) if (record.executed && record.spoiled) out.push({ file, reason: record.spoiled });
    return out.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  }

  /** Summaries of every module that qualifies; `resolutions` gives a (parsed) file's import resolutions. */
  summaries(resolutions: (file: string) => [string, string | null][]): Record<string, ModuleSummary> {
    const out: Record<string, ModuleSummary> = {};
    for (const [file, record] of [...this.records].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      if (!record.executed || record.spoiled) continue;
      if (record.replayed) {
        out[file] = record.replayed;
        continue;
      }
      const routers = this.saveRouters(file, record);
      if (!routers) continue;
      const rootLayers = record.rootLayers?.map((layer) => this.saveLayer(layer));
      if (rootLayers?.some((layer) => !layer)) continue;
      out[file] = {
        touches: [...record.touches],
        routers,
        exports: Object.fromEntries(record.exports),
        resolutions: resolutions(file),
        exportNames: [...(record.exported?.names ?? [])].sort(),
        starExports: record.exported?.star ?? false,
        diagnostics: [...record.diagnostics, ...record.post],
        reached: { visited: record.visited, invoked: record.invoked },
        ...(rootLayers ? { rootLayers: rootLayers as SavedLayer[] } : {}),
        ...(this.lateBindable(record)
          ? {
              reads: [...record.reads.values()].sort(([fa, na], [fb, nb]) => (fa < fb ? -1 : fa > fb ? 1 : na < nb ? -1 : na > nb ? 1 : 0)),
            }
          : {}),
      };
    }
    return out;
  }

  /**
   * Whether every way the module's evaluation saw other modules went through reads its summary keeps: no
   * read of anything but routers and plain data, no namespace import, no re-export (whose values others
   * read through it), and nothing reached in other files (their functions or registrations).
   */
  private lateBindable(record: ModuleRecord): boolean {
    return (
      this.options.lateBinding === true &&
      !record.unbindable &&
      !record.exported?.reexports &&
      !record.exported?.star &&
      !record.visited.length &&
      !record.invoked.length &&
      !record.rootLayers
    );
  }

  private saveRouters(file: string, record: ModuleRecord): SavedRouter[] | undefined {
    const routers: SavedRouter[] = [];
    for (const router of record.routers) {
      const layers: SavedLayer[] = [];
      for (const layer of router.stack) {
        // Checks read per route (a table keyed by `req.baseUrl + req.route.path`) depend on where the router
        // is mounted, which other modules decide: the module is evaluated again each run.
        if (layer.type !== "mount" && layer.checks.some((c) => c.routeBound)) {
          this.spoil(file, "a route's checks are read from the path it is mounted at");
          return undefined;
        }
        const saved = this.saveLayer(layer);
        if (!saved) {
          this.spoil(file, "it mounts a router nothing attributes");
          return undefined;
        }
        layers.push(saved);
      }
      routers.push({ kind: router.kind, site: router.site, ...(router.prefix !== undefined ? { prefix: router.prefix } : {}), layers });
    }
    return routers;
  }

  private saveLayer(layer: Layer): SavedLayer | undefined {
    switch (layer.type) {
      case "route": {
        // A documented route's handler and registration feed the type phase: where they are is kept, so
        // the type phase can find them in a parse of the (unchanged) file if it cannot reuse its last result.
        // Whether a route is documented is decided later (path globs, framework docs), so every route's are.
        const handler = layer.handler ? nodeRef(layer.handler) : layer.handlerAt;
        const registration = layer.registration ? nodeRef(layer.registration) : layer.registrationAt;
        const label = layer.handlerLabel ?? handlerLabel(layer.handler);
        return {
          type: "route",
          method: layer.method,
          paths: layer.paths,
          checks: layer.checks.map(saveCheck),
          terminal: layer.terminal,
          ...(layer.methods ? { methods: layer.methods } : {}),
          site: layer.site,
          ...(layer.doc ? { doc: layer.doc } : {}),
          ...(handler ? { handlerAt: handler } : {}),
          ...(registration ? { registrationAt: registration } : {}),
          ...(label ? { handlerLabel: label } : {}),
          ...(layer.conditional ? { conditional: true as const } : {}),
          ...(layer.branches ? { branches: layer.branches } : {}),
          ...(layer.passesOn ? { passesOn: true as const } : {}),
          ...(layer.prefixUnknown ? { prefixUnknown: true as const } : {}),
          ...(layer.requires ? { requires: layer.requires } : {}),
          ...(layer.unreadHandler ? { unreadHandler: layer.unreadHandler } : {}),
        };
      }
      case "middleware":
        return {
          type: "middleware",
          paths: layer.paths,
          end: layer.end,
          checks: layer.checks.map(saveCheck),
          ...(layer.method ? { method: layer.method } : {}),
          site: layer.site,
        };
      case "mount": {
        const ref = this.creators.get(layer.router);
        return ref
          ? {
              type: "mount",
              paths: layer.paths,
              router: ref,
              site: layer.site,
              ...(layer.conditional ? { conditional: true as const } : {}),
              ...(layer.branches ? { branches: layer.branches } : {}),
              ...(layer.prefixUnknown ? { prefixUnknown: true as const } : {}),
              ...(layer.filter ? { filter: layer.filter } : {}),
            }
          : undefined;
      }
    }
  }
}

/** A check as a summary keeps it: its keys alone unless it has alternatives or unknowns. */
function saveCheck(check: RouteCheck): SavedCheck {
  if (!check.any && !check.unresolved) return check.keys;
  return { k: check.keys, ...(check.any ? { any: true as const } : {}), ...(check.unresolved ? { u: true as const } : {}) };
}
