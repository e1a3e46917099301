import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { UsageError } from "../diagnostics/diagnostic.js";
import type { OperationsIndex } from "../emit/index-artifact.js";

export type OpenApiDocument = Record<string, unknown> & { paths?: Record<string, Record<string, Record<string, unknown>>> };

/** The artifacts found at one side of a comparison. */
export interface ArtifactSet {
  label: string;
  index?: OperationsIndex;
  openapi?: OpenApiDocument;
}

/** Reads an index or an OpenAPI document from a file or a URL, telling which it is from its content. */
export async function loadArtifactFile(location: string, cwd: string): Promise<ArtifactSet> {
  const text = await readLocation(location, cwd);
  return { label: location, ...classify(parseJson(text, location), location) };
}

/** Both artifacts as committed at a git ref: `git show REF:<out>/operations.json`. */
export function loadArtifactsAtRef(ref: string, outDir: string, cwd: string): ArtifactSet {
  const top = git(["rev-parse", "--show-toplevel"], cwd).trim();
  const rel = path.relative(top, outDir).split(path.sep).join("/");
  const read = (name: string) => {
    const spec = `${ref}:${rel ? `${rel}/` : ""}${name}`;
    try {
      return git(["show", spec], top);
    } catch {
      return undefined;
    }
  };
  const index = read("operations.json");
  const openapi = read("openapi-public.json");
  if (index === undefined && openapi === undefined) {
    throw new UsageError(
      `${ref} has neither ${rel}/operations.json nor ${rel}/openapi-public.json.`,
      "Commit the artifacts at that ref, or pass the files directly.",
    );
  }
  return {
    label: ref,
    ...(index !== undefined ? { index: parseJson(index, `${ref}:operations.json`) as OperationsIndex } : {}),
    ...(openapi !== undefined ? { openapi: parseJson(openapi, `${ref}:openapi-public.json`) as OpenApiDocument } : {}),
  };
}

/** Whether an argument names a git commit (and not a file). */
export function isGitRef(arg: string, cwd: string): boolean {
  if (existsSync(path.resolve(cwd, arg)) || /^https?:\/\//.test(arg)) return false;
  try {
    git(["rev-parse", "--verify", "--quiet", `${arg}^{commit}`], cwd);
    return true;
  } catch {
    return false;
  }
}

export async function readLocation(location: string, cwd: string): Promise<string> {
  if (/^https?:\/\//.test(location)) {
    let response: Response;
    try {
      response = await fetch(location, { redirect: "follow", signal: AbortSignal.timeout(30_000) });
    } catch (error) {
      throw new UsageError(`Cannot fetch ${location}: ${(error as Error).message}`, "Check the URL and the network.");
    }
    if (!response.ok) throw new UsageError(`Fetching ${location} answered ${response.status}.`, "Check the URL.");
    return response.text();
  }
  const file = path.resolve(cwd, location);
  if (!existsSync(file)) throw new UsageError(`${location} does not exist.`, "Pass an existing file, a URL, or a git ref.");
  return readFileSync(file, "utf8");
}

function classify(json: unknown, label: string): Omit<ArtifactSet, "label"> {
  if (json && typeof json === "object" && (json as { format?: unknown }).format === "apidex.operations/1")
    return { index: json as OperationsIndex };
  if (json && typeof json === "object" && typeof (json as { openapi?: unknown }).openapi === "string")
    return { openapi: json as OpenApiDocument };
  throw new UsageError(
    `${label} is neither an apidex operation index nor an OpenAPI document.`,
    "Pass operations.json or openapi-public.json.",
  );
}

function parseJson(text: string, label: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new UsageError(`${label} is not valid JSON: ${(error as Error).message}`, "Regenerate it with apidex generate.");
  }
}

function git(args: string[], cwd: string): string {
  return execFileSync("git", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], maxBuffer: 256 * 1024 * 1024 });
}
