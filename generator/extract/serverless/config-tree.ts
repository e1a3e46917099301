import path from "node:path";
import { type CollectionTag, isMap, isScalar, isSeq, LineCounter, type Node as YamlNode, parseDocument, type ScalarTag } from "yaml";
import { ts } from "../../typescript.js";
import { type SourceSite, siteOf } from "../../diagnostics/diagnostic.js";
import type { DiagnosticBag } from "../../diagnostics/diagnostic.js";
import { explain, type Interpreter } from "../../resolve/interpreter.js";
import { findProperty } from "../../resolve/syntax.js";
import type { Value } from "../../resolve/values.js";

/**
 * A deployment config (serverless.yml, serverless.ts, a SAM template) as plain data, every node with the
 * file:line it was written at, whatever the format it came from: the readers of functions and events never
 * see YAML or TypeScript.
 */
export type ConfigNode =
  | { kind: "map"; entries: Map<string, ConfigNode>; site: SourceSite }
  | { kind: "list"; items: ConfigNode[]; site: SourceSite }
  | { kind: "scalar"; value: string | number | boolean | null; site: SourceSite }
  /** A CloudFormation intrinsic function (`!Ref X`, `{ "Fn::Sub": ... }`): its name and argument. */
  | { kind: "intrinsic"; name: string; argument: ConfigNode; site: SourceSite }
  /** A value the config computes in a way apidex does not read; `why` completes "the value ...". */
  | { kind: "unreadable"; why: string; site: SourceSite };

/** Parses a YAML (or JSON) config, with CloudFormation's short-form tags (`!Ref`, `!Sub`, `!GetAtt`, ...) read as intrinsics. */
export function parseYamlConfig(fileName: string, text: string): ConfigNode | { error: string; site: SourceSite } {
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter, customTags: CLOUDFORMATION_TAGS, uniqueKeys: false, prettyErrors: false });
  const siteAt = (offset: number | undefined): SourceSite => {
    const { line, col } = counter.linePos(offset ?? 0);
    return { file: fileName, line, column: col };
  };
  if (doc.errors.length) return { error: doc.errors[0]!.message, site: siteAt(doc.errors[0]!.pos[0]) };
  return fromYaml(doc.contents as YamlNode | null, siteAt, siteAt(0));
}

/** A YAML (or JSON) config as data, or undefined after saying why it cannot be parsed (its routes are not indexed). */
export function parsedConfig(fileName: string, text: string, diagnostics: DiagnosticBag): ConfigNode | undefined {
  const parsed = parseYamlConfig(fileName, text);
  if ("kind" in parsed) return parsed;
  diagnostics.warning(
    "APX210",
    `Cannot parse ${path.basename(fileName)}: ${parsed.error}; no route of it is indexed.`,
    parsed.site,
    "Fix the file's syntax.",
  );
  return undefined;
}

/** The short-form intrinsic functions CloudFormation's YAML accepts, each for its scalar, sequence and mapping forms. */
const INTRINSICS = [
  "Ref",
  "Sub",
  "GetAtt",
  "Join",
  "Select",
  "Split",
  "If",
  "Equals",
  "Not",
  "And",
  "Or",
  "FindInMap",
  "ImportValue",
  "Base64",
  "Cidr",
  "GetAZs",
  "Condition",
  "Transform",
];
const CLOUDFORMATION_TAGS: ScalarTag[] | CollectionTag[] = INTRINSICS.flatMap((name) => [
  // The tagged node is kept as it is (its tag too); `fromYaml` reads the tag.
  { tag: `!${name}`, resolve: (value: string) => value } as ScalarTag,
  { tag: `!${name}`, collection: "seq", resolve: (value: unknown) => value } as unknown as CollectionTag,
  { tag: `!${name}`, collection: "map", resolve: (value: unknown) => value } as unknown as CollectionTag,
]) as ScalarTag[] | CollectionTag[];

function fromYaml(node: YamlNode | null | undefined, siteAt: (offset: number | undefined) => SourceSite, parent: SourceSite): ConfigNode {
  if (!node) return { kind: "scalar", value: null, site: parent };
  const site = siteAt(node.range?.[0]);
  const tag = node.tag?.startsWith("!") ? node.tag.slice(1) : undefined;
  const plain = (): ConfigNode => {
    if (isMap(node)) {
      const entries = new Map<string, ConfigNode>();
      for (const pair of node.items) {
        const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
        const keySite = isScalar(pair.key) ? siteAt(pair.key.range?.[0]) : site;
        entries.set(key, fromYaml(pair.value as YamlNode | null, siteAt, keySite));
      }
      return { kind: "map", entries, site };
    }
    if (isSeq(node)) return { kind: "list", items: node.items.map((item) => fromYaml(item as YamlNode, siteAt, site)), site };
    if (isScalar(node)) {
      const value = node.value;
      if (value === null || typeof value === "string" || typeof value === "number" || typeof value === "boolean")
        return { kind: "scalar", value, site };
      return { kind: "scalar", value: String(value), site };
    }
    return { kind: "unreadable", why: "is a YAML alias or node apidex does not read", site };
  };
  if (tag && INTRINSICS.includes(tag))
    return { kind: "intrinsic", name: tag === "Ref" || tag === "Condition" ? tag : `Fn::${tag}`, argument: plain(), site };
  return plain();
}

/**
 * A config written in TypeScript or JavaScript (`serverless.ts`: `const config: AWS = {...}; module.exports =
 * config`), as the interpreter evaluates it: functions spread from other modules are there with the rest.
 * Values the interpreter cannot read are unreadable nodes, said where they are used.
 */
export function fromValue(value: Value, interpreter: Interpreter, site: SourceSite, file: ts.SourceFile | undefined): ConfigNode {
  switch (value.kind) {
    case "string":
      return { kind: "scalar", value: value.value, site };
    case "number":
    case "boolean":
      return { kind: "scalar", value: value.value, site };
    case "undefined":
    case "null":
      return { kind: "scalar", value: null, site };
    case "array":
      return { kind: "list", items: value.items.map((item) => fromValue(item, interpreter, site, file)), site };
    case "object": {
      const literal = interpreter.literalOf.get(value);
      const entries = new Map<string, ConfigNode>();
      for (const [key, member] of value.props) {
        const property = literal ? findProperty(literal, key) : undefined;
        const at = property ? siteOf(property) : literal ? siteOf(literal) : site;
        const node = fromValue(member, interpreter, at, literal?.getSourceFile() ?? file);
        entries.set(key, node.kind === "unreadable" && property ? (moduleFolderHandler(property) ?? node) : node);
      }
      return { kind: "map", entries, site: literal ? siteOf(literal) : site };
    }
    case "namespace": {
      // `import * as functions from "./functions"`: the module's exports, as the config object receives them.
      const exports = interpreter.moduleExports(value.file, value.file);
      if (exports) return fromValue(exports, interpreter, site, value.file);
      return { kind: "unreadable", why: explain(value, "a static value"), site };
    }
    default:
      return { kind: "unreadable", why: explain(value, "a static value"), site };
  }
}

/**
 * `` handler: `${handlerPath(__dirname)}/handler.main` `` (the aws-nodejs-typescript template's idiom): a
 * function of the module's own folder (`__dirname`, made relative to the service's root with
 * `process.cwd()`, which apidex cannot evaluate) followed by the file and export. The folder is the one of
 * the module that writes it, relative to the root: given as `<folder>/handler.main` with the folder marked,
 * for the handler reader to place.
 */
function moduleFolderHandler(property: ts.Node): ConfigNode | undefined {
  const initializer = ts.isPropertyAssignment(property) ? property.initializer : undefined;
  if (!initializer || !ts.isTemplateExpression(initializer) || initializer.head.text !== "") return undefined;
  const [span, ...rest] = initializer.templateSpans;
  if (!span || rest.length || !mentionsDirname(span.expression) || !span.literal.text.startsWith("/")) return undefined;
  const folder = path.posix.dirname(property.getSourceFile().fileName);
  return { kind: "scalar", value: `${MODULE_FOLDER}${folder}${span.literal.text}`, site: siteOf(property) };
}

/** Marks a handler string that starts with an absolute folder (the module's, from `__dirname`). */
export const MODULE_FOLDER = "\0folder:";

function mentionsDirname(node: ts.Node): boolean {
  if (ts.isIdentifier(node) && node.text === "__dirname") return true;
  return ts.forEachChild(node, mentionsDirname) ?? false;
}

/** The entry of a map, or undefined (also for a node that is no map). */
export function entry(node: ConfigNode | undefined, key: string): ConfigNode | undefined {
  return node?.kind === "map" ? node.entries.get(key) : undefined;
}
