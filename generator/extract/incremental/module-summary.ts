import type { Diagnostic, SourceSite } from "../../diagnostics/diagnostic.js";
import type { RequiredParam } from "../required-params.js";
import type { BranchChoice } from "../../resolve/branch-choice.js";
import type { DocComment } from "../../resolve/doc-comment.js";
import type { Value } from "../../resolve/values.js";
import { ts } from "../../typescript.js";

/**
 * What evaluating one module did, in plain data, so a later run can redo it without parsing the module:
 * the routers it created (in creation order) with their layers, which of them it exports, the modules
 * it reached, and the diagnostics it caused. Only modules whose evaluation is self-contained get one
 * (see `ModuleRecorder`); any other module is always evaluated again.
 */
export interface ModuleSummary {
  /** Modules the evaluation reached (imports read, modules run), in order: a replay runs them too. */
  touches: string[];
  routers: SavedRouter[];
  /** Exports other modules read, by name: one of its routers (an index in `routers`), or plain data. */
  exports: Record<string, SavedExport>;
  /** Where each of its import and export specifiers resolved (a project file, or null): checked when files appear or vanish. */
  resolutions: [string, string | null][];
  /** Every name it exports itself, read or not (a barrel's `export *` asks), and whether it has `export *` re-exports. */
  exportNames: string[];
  starExports: boolean;
  /** Diagnostics the evaluation reported, and those about this file reported after extraction (the unreached sweep, broken imports). */
  diagnostics: Diagnostic[];
  /**
   * Layers the module added to the adapter's own root rather than to a router it created: a Next.js
   * route file's exported handlers, as routes of the app.
   */
  rootLayers?: SavedLayer[];
  /** Registration calls and functions in other files that this evaluation reached (for those files' unreached sweep). */
  reached: { visited: NodeRef[]; invoked: NodeRef[] };
  /**
   * Every value the evaluation read from other modules' exports, as `[file, export name, what it was]`,
   * when each was a router or plain data and nothing else of other modules reached it (see
   * `ModuleRecorder`): the module can then be replayed even after a module it imports changed, once
   * those reads are checked to give the same again (a late replay). Absent: replayed only while neither
   * it nor anything it imports changed.
   */
  reads?: [string, string, SavedRead][];
}

/** What a read of another module's export gave: a router (wherever it was created), or plain data. */
export type SavedRead = { router: RouterRef } | { data: PlainData };

/** An export another module read: one of the module's routers, or a value made of plain data only. */
export type SavedExport = { router: number } | { data: PlainData };

/**
 * A static value of strings, numbers, booleans, null, undefined, arrays and objects, in JSON: `undefined`
 * is `{ "u": 1 }`, an array `{ "a": [...] }`, an object `{ "o": [[key, value], ...] }` (key order kept).
 */
export type PlainData =
  | string
  | number
  | boolean
  | null
  | { u: 1 }
  | { a: PlainData[] }
  | { o: [string, PlainData][] }
  | { n: number; m: string };

/** The plain data a value is, or undefined when any part of it is not (a function, a router, a check...). */
export function plainData(value: Value): PlainData | undefined {
  switch (value.kind) {
    case "number":
      // A numeric enum member keeps its name: it is the permission key when it is one (`{ n, m }`).
      return value.enumMember === undefined ? value.value : { n: value.value, m: value.enumMember };
    case "string":
    case "boolean":
      return value.value;
    case "null":
      return null;
    case "undefined":
      return { u: 1 };
    case "array": {
      const items: PlainData[] = [];
      for (const item of value.items) {
        const data = plainData(item);
        if (data === undefined) return undefined;
        items.push(data);
      }
      return { a: items };
    }
    case "object": {
      if (value.open) return undefined; // not all of it is known: not plain data
      const props: [string, PlainData][] = [];
      for (const [key, item] of value.props) {
        const data = plainData(item);
        if (data === undefined) return undefined;
        props.push([key, data]);
      }
      return { o: props };
    }
    default:
      return undefined;
  }
}

/** The value plain data describes (the inverse of `plainData`). */
export function valueOfData(data: PlainData): Value {
  if (typeof data === "string") return { kind: "string", value: data };
  if (typeof data === "number") return { kind: "number", value: data };
  if (typeof data === "boolean") return { kind: "boolean", value: data };
  if (data === null) return { kind: "null" };
  if ("u" in data) return { kind: "undefined" };
  if ("n" in data) return { kind: "number", value: data.n, enumMember: data.m };
  if ("a" in data) return { kind: "array", items: data.a.map(valueOfData) };
  return { kind: "object", props: new Map(data.o.map(([key, item]) => [key, valueOfData(item)])) };
}

/** A check as a summary keeps it: its keys, or with flags `{ k, any, u }` when they are alternatives or incomplete. */
export type SavedCheck = string[] | { k: string[]; any?: true; u?: true };

/** A router as a module left it. */
export interface SavedRouter {
  kind: "app" | "router";
  site: SourceSite;
  prefix?: string;
  layers: SavedLayer[];
}

export type SavedLayer =
  | {
      type: "route";
      method: string;
      paths: string[];
      checks: SavedCheck[];
      terminal: boolean;
      methods?: string[];
      site: SourceSite;
      doc?: DocComment;
      handlerAt?: NodeRef;
      registrationAt?: NodeRef;
      handlerLabel?: string;
      conditional?: true;
      branches?: BranchChoice[];
      passesOn?: true;
      prefixUnknown?: true;
      requires?: RequiredParam[];
      unreadHandler?: { message: string; hint: string; site: SourceSite };
    }
  | { type: "middleware"; paths: string[]; end: boolean; checks: SavedCheck[]; method?: string; site: SourceSite }
  | {
      type: "mount";
      paths: string[];
      router: RouterRef;
      site: SourceSite;
      conditional?: true;
      branches?: BranchChoice[];
      prefixUnknown?: true;
      filter?: { path: string; end: boolean; method?: string; only?: true };
    };

/** The `index`-th router created while `file` was being evaluated, in this run or a replayed one. */
export interface RouterRef {
  file: string;
  index: number;
}

/**
 * A syntax node by file, start and end positions and kind: stable while the file's text is unchanged.
 * (Position and kind alone are not enough: in `r.route("/").get(h)` both calls start at `r`.)
 */
export interface NodeRef {
  file: string;
  pos: number;
  end: number;
  kind: number;
}

/** The record a run leaves for the next one: every module it could summarize, and the import graph. */
export interface ModuleSummaries {
  /** The adapter that evaluated the modules (replay is only for one router adapter at a time). */
  adapter: string;
  /** For every analysed project file, the project files its import and export declarations name (type-only ones too). */
  imports: Record<string, string[]>;
  /** Files the type checker read to find permission keys the syntax could not give: any change there replays nothing. */
  keyTypeFiles: string[];
  /** The summaries, by file. */
  modules: Record<string, ModuleSummary>;
}

export function nodeRef(node: ts.Node): NodeRef {
  return { file: node.getSourceFile().fileName, pos: node.pos, end: node.end, kind: node.kind };
}

/** The node a reference names in a parse of the same text, or undefined. */
export function findNode(file: ts.SourceFile, ref: NodeRef): ts.Node | undefined {
  let found: ts.Node | undefined;
  const visit = (node: ts.Node): boolean | undefined => {
    if (found || node.pos > ref.pos || node.end < ref.end) return undefined;
    if (node.pos === ref.pos && node.end === ref.end && node.kind === ref.kind) {
      found = node;
      return true;
    }
    return ts.forEachChild(node, visit);
  };
  ts.forEachChild(file, visit);
  return found;
}
