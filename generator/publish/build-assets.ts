import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip as gzipAsync } from "node:zlib";
import { packageFile } from "../package-files.js";
import type { ArtifactFile } from "../write/atomic-write.js";
import { canonicalJson } from "../write/canonical-json.js";
import { type ApiDocsManifest, type AssetMeta, DEFAULT_CACHE_CONTROL, DEFAULT_MOUNT, type Encoding, INDEX_PATH } from "./assets.js";

const TEMPLATES = packageFile("templates", "reference");
const JSON_TYPE = "application/json; charset=utf-8";

/** The page loads only its own files and the two documents: nothing from outside. */
const PAGE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

interface Source {
  path: string;
  file: string;
  contentType: string;
  body: Buffer;
  contentDisposition?: string;
  headers?: Record<string, string>;
}

/** A body an earlier run compressed, with its brotli and gzip variants (see `compressionsOf`). */
export interface CompressedBody {
  body: Buffer;
  br: Buffer;
  gz: Buffer;
}

/**
 * Compresses bodies with brotli and gzip on libuv's thread pool, each distinct content once. A run starts
 * the bodies it already has (the index, the templates) early, so the second core compresses while the
 * main thread reads the types of documented operations.
 */
export class Compressor {
  private readonly started = new Map<string, Promise<[Buffer, Buffer]>>();

  /**
   * `known`: bodies an earlier run with the same apidex build and the same zlib and brotli compressed
   * (`compressionsOf`); a body with the same bytes is not compressed again. The encoders are
   * deterministic, so the bytes are the ones compressing would give.
   */
  constructor(private readonly known: readonly CompressedBody[] = []) {}

  /** Starts compressing `body` (if this content was not started yet) and returns the pending result. */
  start(body: Buffer): Promise<[Buffer, Buffer]> {
    const key = sha256Of(body).toString("hex");
    let pending = this.started.get(key);
    if (!pending) {
      // Same length first: a changed body (the index after an edit) rarely keeps its length, and the
      // comparison of one that did is a memcmp, cheaper than hashing the earlier bodies.
      const known = this.known.find((k) => k.body.byteLength === body.byteLength && body.equals(k.body));
      if (known) {
        pending = Promise.resolve([known.br, known.gz]);
      } else {
        pending = Promise.all([brotli(body), gzip(body)]);
        // Awaited later by buildApiDocsFiles; a run that fails before then must not report it as unhandled.
        pending.catch(() => {});
      }
      this.started.set(key, pending);
    }
    return pending;
  }

  /** Starts the files whose bytes do not depend on the service: the reference page, once per process. */
  startTemplates(): void {
    for (const source of templateSources()) {
      const key = sha256Of(source.body).toString("hex");
      let pending = compressedTemplates.get(key);
      if (!pending) compressedTemplates.set(key, (pending = this.start(source.body)));
      this.started.set(key, pending);
    }
  }
}

/**
 * The SHA-256 of a body, once per Buffer: a run hashes the index to start its compression and again
 * for its ETag, and a 1 MB index costs about a millisecond each time.
 */
const digests = new WeakMap<Buffer, Buffer>();
function sha256Of(body: Buffer): Buffer {
  let digest = digests.get(body);
  if (!digest) digests.set(body, (digest = createHash("sha256").update(body).digest()));
  return digest;
}

/**
 * The CDN layout under dist/api-docs/: every served file at its path below the mount, its `.br` and `.gz`
 * siblings (compressed once, here, at generate time), and `_headers.json` with each file's content type,
 * encodings, cache policy and ETags. The handler serves exactly these bytes.
 */
export async function buildApiDocsFiles(
  artifacts: { index: string | Buffer; openapi: string | Buffer; schema: string | Buffer },
  options: { folder?: string; compressor?: Compressor } = {},
): Promise<ArtifactFile[]> {
  const folder = options.folder ?? "api-docs";
  const compressor = options.compressor ?? new Compressor();
  // The caller's Buffers are used as they are (the same bytes are written at the top level too).
  const bytes = (content: string | Buffer) => (typeof content === "string" ? Buffer.from(content) : content);
  const openapi = bytes(artifacts.openapi);
  const sources: Source[] = [
    { path: "/openapi.json", file: "openapi.json", contentType: JSON_TYPE, body: openapi },
    {
      path: "/openapi-public.json",
      file: "openapi-public.json",
      contentType: JSON_TYPE,
      body: openapi,
      contentDisposition: 'attachment; filename="openapi-public.json"',
    },
    { path: "/operations.json", file: "operations.json", contentType: JSON_TYPE, body: bytes(artifacts.index) },
    {
      path: "/operations.schema.json",
      file: "operations.schema.json",
      contentType: "application/schema+json; charset=utf-8",
      body: bytes(artifacts.schema),
    },
    ...templateSources(),
  ];
  // openapi.json and openapi-public.json are the same bytes: the compressor does each content once.
  const compressed = await Promise.all(sources.map((source) => compressor.start(source.body)));
  const files: ArtifactFile[] = [];
  const manifest: ApiDocsManifest = { format: "apidex.api-docs/1", mount: DEFAULT_MOUNT, files: {} };
  sources.forEach((source, i) => {
    const [br, gz] = compressed[i]!;
    const encoded: [Encoding, Buffer, string][] = [
      ["identity", source.body, source.file],
      ["br", br, `${source.file}.br`],
      ["gzip", gz, `${source.file}.gz`],
    ];
    const variants = {} as AssetMeta["variants"];
    for (const [encoding, bytes, file] of encoded) {
      variants[encoding] = { file, etag: etagOf(bytes, encoding), bytes: bytes.byteLength };
      files.push({ name: `${folder}/${file}`, content: bytes });
    }
    manifest.files[source.path] = {
      contentType: source.contentType,
      cacheControl: DEFAULT_CACHE_CONTROL,
      ...(source.contentDisposition ? { contentDisposition: source.contentDisposition } : {}),
      ...(source.headers ? { headers: source.headers } : {}),
      variants,
    };
  });
  files.push({ name: `${folder}/_headers.json`, content: canonicalJson(manifest) });
  return files;
}

/**
 * The compressed variants among artifact files `buildApiDocsFiles` wrote (`x`, `x.br`, `x.gz` under
 * `folder`): what a later run's Compressor may reuse. Each content once (openapi.json and
 * openapi-public.json are the same bytes).
 */
export function compressionsOf(files: readonly { name: string; content: Uint8Array | string }[], folder = "api-docs"): CompressedBody[] {
  const byName = new Map(files.map((f) => [f.name, f.content]));
  const out: CompressedBody[] = [];
  for (const [name, content] of byName) {
    if (!name.startsWith(`${folder}/`) || name.endsWith(".br") || name.endsWith(".gz")) continue;
    const br = byName.get(`${name}.br`);
    const gz = byName.get(`${name}.gz`);
    if (br === undefined || gz === undefined) continue;
    const body = asBuffer(content);
    if (out.some((known) => known.body.byteLength === body.byteLength && body.equals(known.body))) continue;
    out.push({ body, br: asBuffer(br), gz: asBuffer(gz) });
  }
  return out;
}

/** Bytes as a Buffer, without copying what already is one (the cache's files are views of one read). */
function asBuffer(content: Uint8Array | string): Buffer {
  return typeof content === "string"
    ? Buffer.from(content)
    : Buffer.isBuffer(content)
      ? content
      : Buffer.from(content.buffer, content.byteOffset, content.byteLength);
}

let templates: Source[] | undefined;
/** The page's compressed files: the same bytes for every run of a long-lived process (watch mode). */
const compressedTemplates = new Map<string, Promise<[Buffer, Buffer]>>();

/** The reference page's files, read once per process. */
function templateSources(): Source[] {
  const template = (name: string) => readFileSync(path.join(TEMPLATES, name));
  templates ??= [
    {
      path: INDEX_PATH,
      file: "index.html",
      contentType: "text/html; charset=utf-8",
      body: template("index.html"),
      headers: { "Content-Security-Policy": PAGE_CSP, "Referrer-Policy": "no-referrer" },
    },
    { path: "/app.js", file: "app.js", contentType: "text/javascript; charset=utf-8", body: template("app.js") },
    { path: "/app.css", file: "app.css", contentType: "text/css; charset=utf-8", body: template("app.css") },
  ];
  return templates;
}

function etagOf(bytes: Buffer, encoding: Encoding): string {
  const hash = sha256Of(bytes).toString("base64url").slice(0, 27);
  return `"${hash}${encoding === "identity" ? "" : `-${encoding}`}"`;
}

/** Files up to this size get brotli's best quality; larger ones quality 9, 30-100x faster on them. */
const MAX_QUALITY_BYTES = 64 * 1024;

/**
 * Bodies over this size (the index of a service with a few thousand operations) get brotli 7 and gzip 7:
 * a third of the time of brotli 9 and gzip 8 for 15% and 9% more bytes (a 1.1 MB index: 30.7 against
 * 26.7 KB and 49.3 against 45.3 KB, 5 against 14 ms each). A run that re-analyses waits for the changed
 * index's compression at its end, on two cores beside the main thread: ~50 ms at the slower settings.
 */
const LARGE_BYTES = 512 * 1024;

const brotliAsync = promisify(brotliCompress);
const gzipPromise = promisify(gzipAsync);

/**
 * One output chunk big enough for the whole result: zlib's async mode returns to the main thread after
 * every chunk, and a busy main thread would leave the thread pool idle between chunks.
 */
const wholeOutput = (body: Buffer) => Math.max(64 * 1024, body.byteLength + 1024);

function brotli(body: Buffer): Promise<Buffer> {
  return brotliAsync(body, {
    chunkSize: wholeOutput(body),
    params: {
      [constants.BROTLI_PARAM_QUALITY]: body.byteLength <= MAX_QUALITY_BYTES ? 11 : body.byteLength <= LARGE_BYTES ? 9 : 7,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
}

/**
 * Files up to this size get gzip's best level; larger ones level 8, within 3% of level 9's size in 60% of
 * its time (a 1.1 MB index: 45.3 against 44.1 KB, 15 against 25 ms). gzip is the fallback encoding
 * (brotli is what current clients take), and on a warm run the large index's compression is waited for.
 */
const MAX_GZIP_LEVEL_BYTES = 256 * 1024;

/** gzip with a fixed header (no time stamp, a fixed OS byte) so every machine writes the same bytes. */
async function gzip(body: Buffer): Promise<Buffer> {
  const out = await gzipPromise(body, {
    level: body.byteLength <= MAX_GZIP_LEVEL_BYTES ? 9 : body.byteLength <= LARGE_BYTES ? 8 : 7,
    chunkSize: wholeOutput(body),
  });
  out[4] = out[5] = out[6] = out[7] = 0; // MTIME
  out[9] = 3; // OS: Unix, whatever machine compressed it
  return out;
}
