/**
 * node-config (`require("config")`), as the package reads it at start-up: the files of the `config` folder
 * beside the service's package.json, merged in the package's order, and `config.get("a.b")` / `config.has`
 * over the result. A 2019 Express service reads its base path (`config.get("BASE_PATH")`), its API version and
 * its scopes this way; without this they are only known at run time.
 *
 * The files read, in order (each extension in turn, later ones deep-merged over earlier ones, arrays replaced):
 * `default`, the deployment (`NODE_CONFIG_ENV`, else `NODE_ENV`, else `development`, as node-config), `local`
 * and `local-{deployment}`; then `custom-environment-variables`, which sets a key from an environment variable
 * that the config's `env` sets. JavaScript and TypeScript files are evaluated as modules of the sources (their
 * `process.env.X || "default"` as anywhere else); JSON, JSON5 and YAML files are parsed.
 */
import path from "node:path";
import JSON5 from "json5";
import { parse as parseYaml } from "yaml";
import { jsonValue, type Value } from "./values.js";

/** The package's name, as a service requires it. */
export const NODE_CONFIG_MODULE = "config";

/** The marker module of `config.get` and `config.has` (external values the interpreter calls). */
export const NODE_CONFIG_METHODS = "\0node-config";

/** Extensions node-config reads that apidex reads too, in node-config's order. */
const SCRIPT_EXTENSIONS = [".js", ".cjs", ".ts"];
const DATA_EXTENSIONS = [".json", ".json5", ".yaml", ".yml"];
const EXTENSIONS = [".js", ".cjs", ".ts", ".json", ".json5", ".yaml", ".yml"];

export interface ConfigFolderHost {
  fileExists(file: string): boolean;
  readFile(file: string): string | undefined;
}

/**
 * The `config` folder node-config reads for a file of the service: `config/` beside the nearest package.json
 * above the file (where the service starts, its working directory), within the project root; undefined
 * when that folder has no `default` file.
 */
export function configFolder(fromFile: string, root: string, host: ConfigFolderHost): string | undefined {
  for (let dir = path.dirname(fromFile); ; dir = path.dirname(dir)) {
    if (host.fileExists(path.join(dir, "package.json"))) {
      const folder = path.join(dir, "config");
      return EXTENSIONS.some((ext) => host.fileExists(path.join(folder, `default${ext}`))) ? folder : undefined;
    }
    if (dir === root || path.dirname(dir) === dir || !dir.startsWith(root)) return undefined;
  }
}

/** The files node-config would read for a deployment, in order, and every candidate (for the run cache). */
export function configFiles(folder: string, deployment: string, host: ConfigFolderHost): { files: string[]; candidates: string[] } {
  const candidates = ["default", deployment, "local", `local-${deployment}`].flatMap((name) =>
    EXTENSIONS.map((ext) => path.join(folder, name + ext)),
  );
  return { files: candidates.filter((file) => host.fileExists(file)), candidates };
}

/** The deployments the folder has files for, other than `default`, `local` and the environment mapping. */
export function deploymentsIn(folder: string, list: (dir: string) => string[] | undefined): string[] {
  const names = new Set<string>();
  for (const entry of list(folder) ?? []) {
    const ext = EXTENSIONS.find((e) => entry.endsWith(e));
    if (!ext) continue;
    const name = entry.slice(0, -ext.length);
    if (!/^(default|local|custom-environment-variables)(-.*)?$/.test(name) && !name.includes(".")) names.add(name);
  }
  return [...names].sort();
}

/** Whether a config file is a script apidex evaluates (else data it parses). */
export const isScript = (file: string): boolean => SCRIPT_EXTENSIONS.includes(path.extname(file));

/** A data file's content as a value; undefined when it does not parse. */
export function parseConfigData(file: string, text: string): Value | undefined {
  const ext = path.extname(file);
  if (!DATA_EXTENSIONS.includes(ext)) return undefined;
  try {
    return jsonValue(ext === ".yaml" || ext === ".yml" ? parseYaml(text) : JSON5.parse(text));
  } catch {
    return undefined;
  }
}

/** node-config's merge: objects key by key, deeply; anything else (arrays too) replaces what was there. */
export function mergeConfig(into: Extract<Value, { kind: "object" }>, from: Extract<Value, { kind: "object" }>): void {
  for (const [key, value] of from.props) {
    const had = into.props.get(key);
    if (had?.kind === "object" && value.kind === "object") {
      const copy: Extract<Value, { kind: "object" }> = { kind: "object", props: new Map(had.props) };
      mergeConfig(copy, value);
      into.props.set(key, copy);
    } else into.props.set(key, value);
  }
}

/**
 * The keys `custom-environment-variables` sets from the environment: each string leaf names a variable
 * (`{ "BASE_PATH": "API_BASE_PATH" }`), or an object `{ __name, __format: "json" }` does; a variable the
 * environment does not set sets nothing.
 */
export function environmentOverrides(mapping: Value, env: Readonly<Record<string, string>>): Extract<Value, { kind: "object" }> {
  const out: Extract<Value, { kind: "object" }> = { kind: "object", props: new Map() };
  if (mapping.kind !== "object") return out;
  for (const [key, value] of mapping.props) {
    if (value.kind === "string") {
      const set = env[value.value];
      if (set !== undefined) out.props.set(key, { kind: "string", value: set });
    } else if (value.kind === "object" && value.props.get("__name")?.kind === "string") {
      const name = (value.props.get("__name") as { value: string }).value;
      const format = value.props.get("__format");
      const set = env[name];
      if (set === undefined) continue;
      if (format?.kind === "string" && format.value === "json") {
        try {
          out.props.set(key, jsonValue(JSON.parse(set)));
        } catch {
          // node-config throws on a variable that is not JSON: nothing apidex can use.
        }
      } else out.props.set(key, { kind: "string", value: set });
    } else if (value.kind === "object") {
      const inner = environmentOverrides(value, env);
      if (inner.props.size) out.props.set(key, inner);
    }
  }
  return out;
}

/** `config.get("a.b")`: the value at a dotted path; undefined where a part is missing (node-config throws there). */
export function readDotted(config: Value, dotted: string): Value | undefined {
  let at: Value | undefined = config;
  for (const part of dotted.split(".")) {
    if (at?.kind !== "object") return undefined;
    at = at.props.get(part);
  }
  return at;
}
