import path from "node:path";
import type { SourceSite } from "../../diagnostics/diagnostic.js";
import type { SourceSet } from "../../scan/source-set.js";
import { type ConfigNode, entry, parseYamlConfig } from "./config-tree.js";

/**
 * Serverless Framework variables (`${self:custom.prefix}`, `${opt:stage, 'dev'}`, `${sls:stage}`,
 * `${env:BASE, '/api'}`, `${file(./routes.yml):users}`), resolved where they are static: a reference to
 * the config itself, a file of the service, the config's `env` (what apidex is told the deployment's
 * environment is), and the fallback written after the comma. A CLI option is its fallback (the stage:
 * `provider.stage`, else `dev`, as the framework defaults it). Anything else (`ssm:`, `cf:`, `aws:`,
 * `param:`, a JavaScript file) is unreadable: the value is said where it is used, never guessed.
 */
export class Variables {
  private readonly files = new Map<string, ConfigNode | undefined>();
  private depth = 0;

  constructor(
    private readonly root: ConfigNode,
    private readonly configFile: string,
    private readonly sources: SourceSet,
    private readonly env: Readonly<Record<string, string>> | undefined,
  ) {}

  /** A node with every variable of its strings resolved, where it is one string made of a variable (`${self:custom.auth}`: any node). */
  resolve(node: ConfigNode | undefined): ConfigNode | undefined {
    if (!node || node.kind !== "scalar" || typeof node.value !== "string" || !node.value.includes("${")) return node;
    if (this.depth > 20) return { kind: "unreadable", why: "refers to itself through variables", site: node.site };
    this.depth++;
    try {
      return this.resolveString(node.value, node.site);
    } finally {
      this.depth--;
    }
  }

  /** A map entry, resolved. */
  get(node: ConfigNode | undefined, key: string): ConfigNode | undefined {
    return this.resolve(entry(this.resolve(node), key));
  }

  private resolveString(text: string, site: SourceSite): ConfigNode {
    const parts = splitVariables(text);
    if (!parts) return { kind: "unreadable", why: `\`${text}\` has an unterminated variable`, site };
    if (parts.length === 1 && typeof parts[0] !== "string") return this.variable(parts[0]!.inner, site);
    let out = "";
    for (const part of parts) {
      if (typeof part === "string") {
        out += part;
        continue;
      }
      const value = this.variable(part.inner, site);
      if (value.kind === "unreadable") return value;
      if (value.kind !== "scalar" || value.value === null)
        return { kind: "unreadable", why: `\`\${${part.inner}}\` is not a string inside \`${text}\``, site };
      out += String(value.value);
    }
    return { kind: "scalar", value: out, site };
  }

  /** One variable's inside (`self:custom.x, 'fallback'`). */
  private variable(inner: string, site: SourceSite): ConfigNode {
    const [reference, ...fallbacks] = splitTopLevel(inner, ",").map((s) => s.trim());
    const found = this.reference(reference ?? "", site);
    if (found.kind !== "unreadable") return found;
    for (const fallback of fallbacks) {
      const value = this.fallback(fallback, site);
      if (value.kind !== "unreadable") return value;
    }
    return found;
  }

  private fallback(text: string, site: SourceSite): ConfigNode {
    const quoted = /^(['"])(.*)\1$/s.exec(text);
    if (quoted) return this.resolve({ kind: "scalar", value: quoted[2]!, site })!;
    if (/^-?\d+(\.\d+)?$/.test(text)) return { kind: "scalar", value: Number(text), site };
    if (text === "true" || text === "false") return { kind: "scalar", value: text === "true", site };
    if (text === "null") return { kind: "scalar", value: null, site };
    // A nested variable (`${self:x}`) or a bare reference (`self:x`), as the framework reads them.
    if (text.startsWith("${")) return this.resolve({ kind: "scalar", value: text, site })!;
    if (/^\w+:/.test(text)) return this.reference(text, site);
    return { kind: "scalar", value: text, site };
  }

  private reference(reference: string, site: SourceSite): ConfigNode {
    const unreadable = (why: string): ConfigNode => ({ kind: "unreadable", why: `\`\${${reference}}\` ${why}`, site });
    const colon = reference.indexOf(":");
    // `${file(./x.yml):a.b}`: the source has parentheses before the colon.
    const file = /^file\((.+?)\)(?::(.*))?$/.exec(reference);
    if (file) return this.fromFile(file[1]!.trim().replace(/^['"]|['"]$/g, ""), file[2]?.trim(), unreadable);
    const source = colon < 0 ? reference : reference.slice(0, colon);
    const address = colon < 0 ? "" : reference.slice(colon + 1).trim();
    switch (source) {
      case "self":
        return this.at(this.root, address, unreadable);
      case "opt":
        if (address === "stage") return { kind: "scalar", value: this.stageOption(), site };
        return unreadable(`is a command-line option the deployment gives, without a fallback`);
      case "sls":
        if (address === "stage") return { kind: "scalar", value: this.stageOption(), site };
        return unreadable("is known only when the framework runs");
      case "env": {
        const value = this.env?.[address];
        return value !== undefined
          ? { kind: "scalar", value, site }
          : unreadable("reads the environment, which the config's `env` does not set, without a fallback");
      }
      default:
        return unreadable(`is read from \`${source}\` when the framework runs, without a fallback`);
    }
  }

  /** `--stage`'s value without the option: the config's `provider.stage` (a fallback of its own), else `dev`. */
  private stageOption(): string {
    const stage = entry(entry(this.root, "provider"), "stage");
    // `stage: ${opt:stage, 'dev'}` refers back here: its own fallback is the answer.
    if (stage?.kind === "scalar" && typeof stage.value === "string" && !stage.value.includes("${")) return stage.value;
    if (stage?.kind === "scalar" && typeof stage.value === "string" && /^\$\{\s*(opt|sls):stage\s*,/.test(stage.value) && this.depth < 5) {
      const resolved = this.resolveFallbackOnly(stage.value, stage.site);
      if (resolved) return resolved;
    }
    return "dev";
  }

  private resolveFallbackOnly(text: string, site: SourceSite): string | undefined {
    const parts = splitVariables(text);
    const first = parts?.[0];
    if (!first || typeof first === "string") return undefined;
    for (const fallback of splitTopLevel(first.inner, ",").slice(1)) {
      const value = this.fallback(fallback.trim(), site);
      if (value.kind === "scalar" && typeof value.value === "string") return value.value;
    }
    return undefined;
  }

  private at(node: ConfigNode | undefined, address: string, unreadable: (why: string) => ConfigNode): ConfigNode {
    let current = node;
    for (const key of address ? address.split(".") : []) {
      current = this.resolve(current);
      if (current?.kind === "list" && /^\d+$/.test(key)) current = current.items[Number(key)];
      else current = entry(current, key);
      if (!current) return unreadable("names nothing the config sets");
    }
    return this.resolve(current) ?? unreadable("names nothing the config sets");
  }

  private fromFile(name: string, address: string | undefined, unreadable: (why: string) => ConfigNode): ConfigNode {
    if (!/\.(ya?ml|json)$/i.test(name)) return unreadable("is computed by a script apidex does not run");
    const fileName = path.resolve(path.dirname(this.configFile), name);
    if (!this.files.has(fileName)) {
      const text = this.sources.host.readFile(fileName);
      // Where the config's values come from: a cached run must miss when the file changes or appears.
      this.sources.recordInputs([fileName]);
      const parsed = text === undefined ? undefined : parseYamlConfig(fileName, text);
      this.files.set(fileName, parsed && "kind" in parsed ? parsed : undefined);
    }
    const tree = this.files.get(fileName);
    if (!tree) return unreadable("names a file apidex cannot read");
    return this.at(tree, address ?? "", unreadable);
  }
}

type Part = string | { inner: string };

/** A string split into its text and its `${...}` variables (nested ones kept inside); undefined when one is not closed. */
export function splitVariables(text: string): Part[] | undefined {
  const parts: Part[] = [];
  let at = 0;
  while (at < text.length) {
    const start = text.indexOf("${", at);
    if (start < 0) {
      parts.push(text.slice(at));
      break;
    }
    if (start > at) parts.push(text.slice(at, start));
    let depth = 0;
    let end = -1;
    for (let i = start; i < text.length; i++) {
      if (text.startsWith("${", i)) {
        depth++;
        i++;
      } else if (text[i] === "}" && --depth === 0) {
        end = i;
        break;
      }
    }
    if (end < 0) return undefined;
    parts.push({ inner: text.slice(start + 2, end) });
    at = end + 1;
  }
  return parts;
}

/** Splits at a separator outside quotes, parentheses and nested variables. */
function splitTopLevel(text: string, separator: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote: string | undefined;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === quote) quote = undefined;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === "{" || c === "(") depth++;
    else if (c === "}" || c === ")") depth--;
    else if (c === separator && depth === 0) {
      out.push(text.slice(start, i));
      start = i + 1;
    }
  }
  out.push(text.slice(start));
  return out;
}
