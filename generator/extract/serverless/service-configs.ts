import path from "node:path";
import { DEFAULT_EXCLUDE } from "../../config/defaults.js";
import type { DiagnosticBag } from "../../diagnostics/diagnostic.js";
import type { SourceSet } from "../../scan/source-set.js";
import { type ConfigNode, entry, parseYamlConfig } from "./config-tree.js";

/** The names the Serverless Framework looks for at a service's root, in its order. */
const CONFIG_NAMES = [
  "serverless.yml",
  "serverless.yaml",
  "serverless.json",
  "serverless.js",
  "serverless.ts",
  "serverless.cjs",
  "serverless.mjs",
];

/** The Serverless Compose files apidex reads as data (a `.js`/`.ts` one is computed: the folders below are searched instead). */
const COMPOSE_NAMES = ["serverless-compose.yml", "serverless-compose.yaml", "serverless-compose.json"];

/**
 * Folders that hold no deployed service: the folders the default excludes name (`node_modules`, `dist`,
 * `build`, `coverage`, test and example folders, generator/config/defaults.ts) and test fixtures: a service
 * config there is a dependency's, a build's or a test's, not one `serverless deploy` deploys.
 */
const NOT_SERVICE_FOLDERS = new Set([
  ...DEFAULT_EXCLUDE.flatMap((pattern) => /^\*\*\/([^*/]+)\/\*\*$/.exec(pattern)?.[1] ?? []),
  "fixtures",
  "__fixtures__",
]);

/** A service's config file and its text. */
export interface ServiceConfig {
  file: string;
  text: string;
}

/** The config at a service's folder: the first of the framework's names that holds a service (a `provider` and `functions`). */
function configIn(sources: SourceSet, folder: string, names: readonly string[] = CONFIG_NAMES): ServiceConfig | undefined {
  // Where the routes are decided: a cached run must miss when one of these appears or changes.
  sources.recordInputs(names.map((name) => path.posix.join(folder, name)));
  for (const name of names) {
    const file = path.posix.join(folder, name);
    const text = sources.host.readFile(file);
    if (text === undefined) continue;
    if (/\bprovider\b/.test(text) && /\bfunctions\b/.test(text)) return { file, text };
  }
  return undefined;
}

/**
 * The service configs the Serverless tooling deploys from the project's root: the root's own config (then
 * nothing else: `serverless deploy` there deploys that one service); else the services a Serverless Compose
 * file lists (`services.<name>.path`, with its `config` file name); else the root config of each workspace
 * package; else configs one or two folders down (`api/serverless.yml`, `services/users/serverless.ts`), not in
 * a folder of dependencies, build output, tests or fixtures, nor below another service's folder. A compose
 * service apidex cannot find is said (APX210) when `diagnostics` is given.
 */
export function serviceConfigs(sources: SourceSet, diagnostics?: DiagnosticBag): ServiceConfig[] {
  const root = configIn(sources, sources.root);
  if (root) return [root];
  const composed = composeServices(sources, diagnostics);
  if (composed) return composed;
  const packages = sources.packagesBelow().flatMap((folder) => configIn(sources, folder) ?? []);
  if (packages.length) return packages;
  return nestedConfigs(sources, sources.root, 2);
}

/** The services of a `serverless-compose.yml` at the root, or undefined when there is none. */
function composeServices(sources: SourceSet, diagnostics: DiagnosticBag | undefined): ServiceConfig[] | undefined {
  const files = COMPOSE_NAMES.map((name) => path.posix.join(sources.root, name));
  sources.recordInputs(files);
  const file = files.find((f) => sources.host.readFile(f) !== undefined);
  if (!file) return undefined;
  const text = sources.host.readFile(file)!;
  const parsed = parseYamlConfig(file, text);
  if (!("kind" in parsed)) {
    diagnostics?.warning(
      "APX210",
      `Cannot parse ${path.basename(file)}: ${parsed.error}; the services below the root are read instead.`,
      parsed.site,
      "Fix the file's syntax.",
    );
    return undefined;
  }
  const services = entry(parsed, "services");
  if (services?.kind !== "map") return undefined;
  const out: ServiceConfig[] = [];
  for (const [name, service] of services.entries) {
    const folder = stringOf(entry(service, "path"));
    const configName = stringOf(entry(service, "config"));
    const found =
      folder === undefined ? undefined : configIn(sources, path.posix.join(sources.root, folder), configName ? [configName] : CONFIG_NAMES);
    if (found) out.push(found);
    else
      diagnostics?.warning(
        "APX210",
        folder === undefined
          ? `Cannot read the folder of the composed service \`${name}\`: its \`path\` is not a string; its routes are not indexed.`
          : `The composed service \`${name}\` has no Serverless service config (${configName ?? "serverless.yml, .ts, ..."} with \`provider\` and \`functions\`) in ${folder}; its routes are not indexed.`,
        entry(service, "path")?.site ?? service.site,
        "Give each service's folder as a string `path`, relative to the compose file, holding the service's config.",
      );
  }
  return out;
}

function stringOf(node: ConfigNode | undefined): string | undefined {
  return node?.kind === "scalar" && typeof node.value === "string" ? node.value : undefined;
}

/** Configs in the folders below `folder`, `depth` levels down, sorted; a folder with a config is a service, not searched further. */
function nestedConfigs(sources: SourceSet, folder: string, depth: number): ServiceConfig[] {
  const out: ServiceConfig[] = [];
  // On disk the host gives folder names, in memory whole paths: resolved against the folder, both are paths.
  const children = (sources.host.getDirectories?.(folder) ?? []).map((child) => path.posix.resolve(folder, child)).sort();
  for (const child of children) {
    const name = path.posix.basename(child);
    if (name.startsWith(".") || NOT_SERVICE_FOLDERS.has(name)) continue;
    const config = configIn(sources, child);
    if (config) out.push(config);
    else if (depth > 1) out.push(...nestedConfigs(sources, child, depth - 1));
  }
  return out;
}
