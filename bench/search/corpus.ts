/**
 * The corpus services bench:search evaluates: each one's pinned tree (from its mirror, as bench:realworld
 * does), apidex's index of it, its own spec's operations with their summaries and descriptions, and the
 * paraphrases of bench/search/paraphrases.json. The spec's words are read from the mirror at bench time and
 * never written anywhere in the repository.
 */
import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { OperationsIndex } from "../../generator/emit/index-artifact.js";
import type { OpenApiDocument } from "../../generator/review/artifact-source.js";
import { materialize } from "../realworld/materialize.js";
import { operationKey, readOracle } from "../realworld/oracle.js";
import { SERVICES, type Service } from "../realworld/services.js";

export const QUERY_CLASSES = ["summary", "description", "paraphrase", "literal"] as const;
export type QueryClass = (typeof QUERY_CLASSES)[number];

export interface CorpusQuery {
  q: string;
  class: QueryClass;
  /** Operation ids of apidex's index any of which fulfils the query. */
  expect: string[];
  /** Held out of every tuning run: a third of the operations, chosen by a hash of the service and operation. */
  heldOut: boolean;
  /** For a paraphrase: the date its batch was written (each batch is reported on its own as well). */
  batch?: string;
}

export interface CorpusService {
  name: string;
  index: OperationsIndex;
  /** apidex's OpenAPI document of the service (openapi-public.json): the MCP server's catalog enriches the index with it. */
  openapi: OpenApiDocument;
  queries: CorpusQuery[];
  /** Spec operations the index has (the queries are about these), of all the spec's operations. */
  matched: number;
  specOperations: number;
}

/** Five services of five domains: blockchain, observability, messaging, LLM flows, identity. */
export const SEARCH_SERVICES = ["stacks-blockchain-api", "hyperdx", "openwa", "flowise", "logto"];

const MIRROR = process.env.APIDEX_CORPUS_MIRROR ?? "/work/.mirror";
const SCRATCH = process.env.APIDEX_CORPUS_DIR ?? path.join(tmpdir(), "apidex-corpus");

/**
 * The fold of an operation: a third of them (by a hash of service and operation, so every query about one
 * operation falls on the same side) is held out. Deterministic, and blind to the query's words.
 */
export function isHeldOut(service: string, key: string): boolean {
  return createHash("sha256").update(`${service}|${key}`).digest().readUInt32BE(0) % 3 === 0;
}

/** apidex's index of the service, generated with this build (regenerated when lib/ changes). */
function indexOf(s: Service, root: string): OperationsIndex {
  const gitDir = path.join(MIRROR, s.repo.replace("/", "+"), "repo");
  if (!existsSync(gitDir)) throw new Error(`${s.name}: no mirror at ${gitDir} (see bench/realworld/README.md)`);
  const tree = path.join(SCRATCH, s.name);
  materialize(gitDir, s.commit, tree);
  const app = path.join(tree, s.app);
  const out = path.join(SCRATCH, ".search", s.name);
  const build = readFileSync(path.join(root, "lib", "build-id.txt"), "utf8").trim();
  const stamp = path.join(out, "build-id.txt");
  if (!existsSync(stamp) || readFileSync(stamp, "utf8") !== build) {
    mkdirSync(out, { recursive: true });
    let args = ["generate", "--root", app, "--out", out, "--no-cache"];
    if (s.config) {
      const config = JSON.parse(readFileSync(path.join(root, "bench", "realworld", "configs", `${s.name}.config.json`), "utf8"));
      delete config.$comment;
      const file = path.join(SCRATCH, ".configs", `${s.name}.search.config.mjs`);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, `export default ${JSON.stringify({ ...config, root: app, out }, null, 2)};\n`);
      args = ["generate", "--config", file, "--no-cache"];
    }
    try {
      execFileSync(process.execPath, [path.join(root, "lib", "cli.cjs"), ...args], { cwd: app, stdio: ["ignore", "ignore", "pipe"] });
    } catch (error) {
      // Exit 1 with diagnostics still writes nothing; a service that fails cannot be evaluated.
      throw new Error(`${s.name}: apidex generate failed: ${(error as Error).message.split("\n")[0]}`);
    }
    writeFileSync(stamp, build);
  }
  return JSON.parse(readFileSync(path.join(out, "operations.json"), "utf8")) as OperationsIndex;
}

/** apidex's OpenAPI document of the service, written beside the index by the same run. */
function openapiOf(s: Service): OpenApiDocument {
  return JSON.parse(readFileSync(path.join(SCRATCH, ".search", s.name, "openapi-public.json"), "utf8")) as OpenApiDocument;
}

/** The first sentence of a description, without Markdown code marks, at most 40 words. */
function firstSentence(text: string): string {
  const flat = text
    .replace(/`/g, "")
    .replace(/\b(e\.g|i\.e|etc)\./gi, "$1")
    .replace(/\s+/g, " ")
    .trim();
  const end = flat.search(/[.!?](\s|$)/);
  return (end > 0 ? flat.slice(0, end) : flat).split(" ").slice(0, 40).join(" ");
}

const prose = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

/** The batches of paraphrases, each written once, before any ranking was looked at, and never changed. */
export const PARAPHRASE_FILES = ["paraphrases.json", "paraphrases-2.json", "paraphrases-3.json", "paraphrases-4.json"];

interface Paraphrases {
  written: string;
  /** The batch's name in the report, where two were written on one date; the date otherwise. */
  label?: string;
  services: Record<string, { q: string; method: string; path: string }[]>;
}

export function loadCorpus(root: string, only?: Set<string>): CorpusService[] {
  const batches = PARAPHRASE_FILES.map((file) => JSON.parse(readFileSync(path.join(root, "bench", "search", file), "utf8")) as Paraphrases);
  const out: CorpusService[] = [];
  for (const name of SEARCH_SERVICES) {
    if (only && !only.has(name)) continue;
    const s = SERVICES.find((x) => x.name === name)!;
    const index = indexOf(s, root);
    const openapi = openapiOf(s);
    const oracle = readOracle(path.join(MIRROR, s.repo.replace("/", "+"), "repo"), s.commit, s.oracle);
    const byKey = new Map<string, string[]>();
    for (const op of index.operations) {
      const key = operationKey(op.method, op.path);
      byKey.set(key, [...(byKey.get(key) ?? []), op.operation_id]);
    }
    const queries: CorpusQuery[] = [];
    const add = (q: string, cls: QueryClass, key: string, expect: string[], batch?: string) => {
      if (q.trim() && expect.length) queries.push({ q, class: cls, expect, heldOut: isHeldOut(name, key), ...(batch ? { batch } : {}) });
    };
    // A summary or sentence the spec gives several operations names each of them alike (logto's DELETE
    // /personal-access-tokens/{name} and POST /personal-access-tokens/delete are both "Delete personal access
    // token"): any of them answers it, for apidex and BM25 alike.
    const sameText = new Map<string, string[]>();
    const texts = (op: (typeof oracle.operations)[number]) => [
      ...(op.summary ? [prose(op.summary)] : []),
      ...(op.description ? [prose(firstSentence(op.description))] : []),
    ];
    for (const op of oracle.operations)
      for (const text of new Set(texts(op)))
        sameText.set(text, [...(sameText.get(text) ?? []), ...(byKey.get(operationKey(op.method, op.path)) ?? [])]);
    const answers = (text: string, expect: string[]) => [...new Set([...expect, ...(sameText.get(prose(text)) ?? [])])];
    let matched = 0;
    for (const op of oracle.operations) {
      const key = operationKey(op.method, op.path);
      const expect = byKey.get(key);
      if (!expect) continue;
      matched++;
      if (op.summary) add(op.summary, "summary", key, answers(op.summary, expect));
      if (op.description) {
        const sentence = firstSentence(op.description);
        if (prose(sentence) !== prose(op.summary ?? "")) add(sentence, "description", key, answers(sentence, expect));
      }
      // The literal forms: apidex's own id, and the path as the spec writes it (any method of it will do).
      for (const id of expect) add(id, "literal", key, [id]);
      const samePath = index.operations.filter((o) => operationKey("GET", o.path) === operationKey("GET", op.path));
      add(
        op.path,
        "literal",
        key,
        samePath.map((o) => o.operation_id),
      );
    }
    for (const batch of batches)
      for (const p of batch.services[name] ?? []) {
        const key = operationKey(p.method, p.path);
        const expect = byKey.get(key);
        if (!expect) console.error(`${name}: paraphrase "${p.q}" names ${key}, which apidex's index lacks (left out)`);
        else add(p.q, "paraphrase", key, expect, batch.label ?? batch.written);
      }
    out.push({ name, index, openapi, queries, matched, specOperations: oracle.operations.length });
  }
  return out;
}
