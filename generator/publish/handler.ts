import { DEFAULT_CACHE_CONTROL, type Encoding, INDEX_PATH, type LoadedAsset } from "./assets.js";

export interface ApiDocsHandlerOptions {
  /** Where the docs are served; default `/v1/public/api-docs`. */
  mount?: string;
  /** Overrides every file's Cache-Control. */
  cacheControl?: string;
  /** `Access-Control-Allow-Origin`; `*` by default (public documents, no credentials). false disables CORS. */
  corsOrigin?: string | false;
}

/** A minimal view of Node's request and response, so plain `http`, Connect and Express all fit. */
interface NodeRequest {
  method?: string;
  url?: string;
  originalUrl?: string;
  headers: Record<string, string | string[] | undefined>;
}
interface NodeResponse {
  statusCode: number;
  setHeader(name: string, value: string | number): unknown;
  end(body?: Uint8Array): unknown;
}

export interface ApiDocsHandler {
  /** Web-standard handler (Hono, Next.js route handlers, workers). */
  fetch(request: Request): Response;
  /** Node handler for `http`, Connect and Express; calls `next` for paths outside the mount. */
  node(req: NodeRequest, res: NodeResponse, next?: () => void): void;
}

interface Answer {
  status: number;
  headers: [string, string][];
  body?: Uint8Array;
}

const ALLOW = "GET, HEAD, OPTIONS";
const PREFERENCE: Encoding[] = ["br", "gzip", "identity"];

/**
 * Serves the generated artifacts from memory under one mount: strong per-encoding ETags with weak
 * If-None-Match comparison, precompressed brotli/gzip by Accept-Encoding q-values, CORS, HEAD, 405 with
 * Allow. A URL only ever selects among the in-memory files by exact match: no file system access.
 *
 * @example
 * ```ts
 * import { createApiDocsHandler, loadApiDocsAssets } from "apidex/handler";
 * const docs = createApiDocsHandler(loadApiDocsAssets("dist/api-docs"));
 * app.use("/v1/public/api-docs", docs.node);          // Express / Connect
 * export const GET = (req: Request) => docs.fetch(req); // Next.js, Hono, workers
 * ```
 */
export function createApiDocsHandler(assets: Map<string, LoadedAsset>, options: ApiDocsHandlerOptions = {}): ApiDocsHandler {
  const mount = (options.mount ?? "/v1/public/api-docs").replace(/\/+$/, "");
  const cors = options.corsOrigin === undefined ? "*" : options.corsOrigin;

  const common = (): [string, string][] => [
    ["Vary", "Accept-Encoding"],
    ["X-Content-Type-Options", "nosniff"],
    ...(cors
      ? ([
          ["Access-Control-Allow-Origin", cors],
          ["Access-Control-Expose-Headers", "ETag, Content-Disposition, Content-Encoding"],
        ] as [string, string][])
      : []),
  ];
  const problem = (status: number, error: string, message: string, extra: [string, string][] = []): Answer => ({
    status,
    headers: [...common(), ["Content-Type", "application/json; charset=utf-8"], ["Cache-Control", "no-store"], ...extra],
    body: new TextEncoder().encode(`${JSON.stringify({ error, message })}\n`),
  });

  /** undefined: the path is not under the mount (the Node handler passes it on). */
  const answer = (method: string, target: string, header: (name: string) => string | undefined): Answer | undefined => {
    const queryAt = target.indexOf("?");
    const pathname = queryAt < 0 ? target : target.slice(0, queryAt);
    if (pathname === mount) {
      return {
        status: 308,
        headers: [
          ...common(),
          ["Location", `${mount}/${queryAt < 0 ? "" : target.slice(queryAt)}`],
          ["Cache-Control", "public, max-age=3600"],
        ],
      };
    }
    if (!pathname.startsWith(`${mount}/`)) return undefined;
    const rest = pathname.slice(mount.length);
    const asset = assets.get(rest === "/index.html" ? INDEX_PATH : rest);
    if (!asset) return problem(404, "not_found", `Nothing is served at ${pathname.slice(0, 200)}.`);

    if (method === "OPTIONS") {
      return {
        status: 204,
        headers: [
          ...common(),
          ["Allow", ALLOW],
          ...(cors
            ? ([
                ["Access-Control-Allow-Methods", ALLOW],
                ["Access-Control-Allow-Headers", sanitizeHeaderList(header("access-control-request-headers")) || "*"],
                ["Access-Control-Max-Age", "86400"],
              ] as [string, string][])
            : []),
        ],
      };
    }
    if (method !== "GET" && method !== "HEAD") return problem(405, "method_not_allowed", `Use ${ALLOW}.`, [["Allow", ALLOW]]);

    const encoding = negotiate(header("accept-encoding"), asset);
    const variant = asset.variants[encoding]!;
    const body = asset.bodies[encoding]!;
    const headers: [string, string][] = [
      ...common(),
      ["ETag", variant.etag],
      ["Cache-Control", options.cacheControl ?? asset.cacheControl ?? DEFAULT_CACHE_CONTROL],
      ...Object.entries(asset.headers ?? {}),
    ];
    if (matches(header("if-none-match"), variant.etag)) return { status: 304, headers };
    headers.push(["Content-Type", asset.contentType], ["Content-Length", String(body.byteLength)]);
    if (encoding !== "identity") headers.push(["Content-Encoding", encoding]);
    if (asset.contentDisposition) headers.push(["Content-Disposition", asset.contentDisposition]);
    return { status: 200, headers, ...(method === "GET" ? { body } : {}) };
  };

  return {
    fetch(request) {
      let target: string;
      try {
        const url = new URL(request.url);
        target = url.pathname + url.search;
      } catch {
        return toResponse(problem(400, "bad_request", "The request URL cannot be parsed."));
      }
      const result =
        answer(request.method.toUpperCase(), target, (name) => request.headers.get(name) ?? undefined) ??
        problem(404, "not_found", "Nothing is served here.");
      return toResponse(result);
    },
    node(req, res, next) {
      // Connect and Express strip the mount from req.url; originalUrl keeps the full path.
      const target = req.originalUrl ?? req.url ?? "/";
      const header = (name: string) => {
        const value = req.headers[name];
        return Array.isArray(value) ? value.join(", ") : value;
      };
      const result = answer((req.method ?? "GET").toUpperCase(), target, header);
      if (!result) {
        if (next) return next();
        return send(res, problem(404, "not_found", "Nothing is served here."));
      }
      send(res, result);
    },
  };
}

function toResponse(result: Answer): Response {
  const headers = new Headers(result.headers);
  const body = result.body && result.status !== 304 ? result.body : null;
  return new Response(body as ConstructorParameters<typeof Response>[0], { status: result.status, headers });
}

function send(res: NodeResponse, result: Answer): void {
  res.statusCode = result.status;
  for (const [name, value] of result.headers) res.setHeader(name, value);
  res.end(result.body);
}

/** The best available encoding for an Accept-Encoding header, by q-value, then br > gzip > identity. */
export function negotiate(header: string | undefined, asset: Pick<LoadedAsset, "bodies">): Encoding {
  const q = new Map<string, number>();
  for (const part of (header ?? "").split(",")) {
    const [token, ...params] = part.trim().toLowerCase().split(";");
    if (!token) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const value = qParam ? Number.parseFloat(qParam.slice(2)) : 1;
    q.set(token, Number.isFinite(value) ? Math.min(Math.max(value, 0), 1) : 0);
  }
  // Unlisted identity stays acceptable (RFC 9110) but is the last resort, below any listed encoding.
  const weight = (encoding: Encoding) =>
    q.get(encoding) ?? (encoding === "gzip" ? q.get("x-gzip") : undefined) ?? q.get("*") ?? (encoding === "identity" ? 0.001 : 0);
  let best: Encoding = "identity";
  let bestWeight = 0;
  for (const encoding of PREFERENCE) {
    if (!asset.bodies[encoding]) continue;
    const w = weight(encoding);
    if (w > bestWeight) {
      best = encoding;
      bestWeight = w;
    }
  }
  return best;
}

/** Weak comparison (RFC 9110): `W/"x"` matches `"x"`; `*` matches anything. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === opaque(etag));
}

/** Echoes requested header names only when they are plain tokens. */
function sanitizeHeaderList(value: string | undefined): string {
  if (!value) return "";
  return value
    .split(",")
    .map((v) => v.trim())
    .filter((v) => /^[A-Za-z0-9-]{1,64}$/.test(v))
    .slice(0, 20)
    .join(", ");
}
