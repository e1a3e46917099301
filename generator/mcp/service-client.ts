import type { CatalogEntry } from "./catalog.js";
import { BodyRefused, type EncodedBody, encodeBody } from "./request-body.js";

/** How the MCP server reaches the service with the assistant's key. */
export interface ServiceClientOptions {
  /** The only origin (and path prefix) requests may go to. */
  baseUrl: string;
  /** The API key; sent, never logged or echoed. */
  key: string;
  /** Header carrying the key; default `Authorization`. */
  authHeader: string;
  /** Scheme before the key (`Bearer`); empty to send the key alone. */
  authScheme: string;
  /** Field of a 403 body that names the missing permission; default `permission`. */
  refusalField: string;
  timeoutMs: number;
  /** Response bodies longer than this are cut, with a note. */
  maxBodyBytes: number;
  /** The fetch to use (tests may pass their own). */
  fetch?: typeof fetch;
}

export type PathParams = Record<string, string | number | boolean>;
export type QueryParams = Record<string, string | number | boolean | (string | number | boolean)[] | null>;

export interface CallInput {
  path_params?: PathParams;
  query?: QueryParams;
  body?: unknown;
}

export interface CallOutcome {
  status: number;
  body: unknown;
  content_type?: string;
  truncated?: boolean;
  note?: string;
  /** Set on a 403 whose body names the permission the key lacks. */
  missing_permission?: string;
}

/** A problem found before any request is sent; nothing reaches the service. */
export class CallRefused extends Error {}

const MAX_REDIRECTS = 3;
// Anything that could step outside the one path segment a parameter fills.
const UNSAFE_SEGMENT = /[/\\?#%\u0000-\u001f\u007f]/;

/**
 * Builds the URL of one indexed operation and calls it with the key. Every path parameter fills exactly
 * one segment: values that could change the path are refused, the rest are percent-encoded; the final
 * URL must stay under the configured base URL, and redirects to anywhere else are not followed.
 */
export class ServiceClient {
  private readonly base: URL;

  constructor(private readonly options: ServiceClientOptions) {
    this.base = new URL(options.baseUrl.endsWith("/") ? options.baseUrl : `${options.baseUrl}/`);
    if (this.base.protocol !== "http:" && this.base.protocol !== "https:")
      throw new Error(`The base URL must be http or https, not ${this.base.protocol}`);
  }

  /** The URL a call would reach; throws CallRefused when an input could escape the operation's path. */
  url(entry: CatalogEntry, input: CallInput): URL {
    // Its path is relative to a mount prefix apidex could not read: sent as it is, it would reach another route.
    if (entry.unresolved?.includes("path"))
      throw new CallRefused(
        `${entry.operation_id} is served under a path prefix apidex could not read (${entry.method} ${entry.path} is relative to it), so it cannot be called safely.`,
      );
    const given = input.path_params ?? {};
    const unknown = Object.keys(given).filter((k) => !entry.path_params.includes(k));
    if (unknown.length)
      throw new CallRefused(
        `${entry.operation_id} has no path parameter ${unknown.join(", ")}; its parameters are ${entry.path_params.join(", ") || "none"}.`,
      );
    const path = entry.path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
      const raw = given[name];
      if (raw === undefined || raw === null)
        throw new CallRefused(`Missing path parameter ${name} for ${entry.operation_id} (${entry.method} ${entry.path}).`);
      const value = String(raw);
      if (!value || value === "." || value === ".." || UNSAFE_SEGMENT.test(value)) {
        throw new CallRefused(
          `The path parameter ${name} may not be empty, "." or "..", nor contain /, \\, ?, #, % or control characters: it must fill exactly one path segment.`,
        );
      }
      return encodeURIComponent(value);
    });
    const url = new URL(path.replace(/^\//, ""), this.base);
    for (const [key, value] of Object.entries(input.query ?? {})) {
      if (value === null || value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) url.searchParams.append(key, String(v));
    }
    if (!this.isInside(url)) throw new CallRefused("The request would leave the configured base URL.");
    return url;
  }

  async call(entry: CatalogEntry, input: CallInput): Promise<CallOutcome> {
    let url = this.url(entry, input);
    const hasBody = input.body !== undefined && !["GET", "HEAD"].includes(entry.method);
    let encoded: EncodedBody | undefined;
    try {
      encoded = hasBody ? encodeBody(entry, input.body) : undefined;
    } catch (error) {
      throw error instanceof BodyRefused ? new CallRefused(error.message) : error;
    }
    const headers: Record<string, string> = {
      accept: "application/json",
      [this.options.authHeader]: this.options.authScheme ? `${this.options.authScheme} ${this.options.key}` : this.options.key,
      ...(encoded?.contentType ? { "content-type": encoded.contentType } : {}),
    };
    const doFetch = this.options.fetch ?? fetch;
    let response: Response | undefined;
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      try {
        response = await doFetch(url, {
          method: entry.method,
          headers,
          redirect: "manual",
          signal: AbortSignal.timeout(this.options.timeoutMs),
          ...(encoded ? { body: encoded.body } : {}),
        });
      } catch (error) {
        const timedOut = (error as Error).name === "TimeoutError";
        throw new Error(
          this.scrub(
            timedOut
              ? `The service did not answer within ${this.options.timeoutMs} ms.`
              : `The service could not be reached: ${(error as Error).message}`,
          ),
        );
      }
      const location = response.headers.get("location");
      if (response.status < 300 || response.status >= 400 || !location) break;
      const next = new URL(location, url);
      if (!this.isInside(next)) {
        await response.body?.cancel();
        throw new Error(`The service redirected outside the configured base URL (to ${next.origin}); the redirect was not followed.`);
      }
      await response.body?.cancel();
      url = next;
    }
    return this.read(response!);
  }

  private isInside(url: URL): boolean {
    return url.origin === this.base.origin && url.pathname.startsWith(this.base.pathname);
  }

  /** Reads at most maxBodyBytes of the body; parses JSON; reports the missing permission of a refusal. */
  private async read(response: Response): Promise<CallOutcome> {
    const contentType = response.headers.get("content-type") ?? "";
    const { bytes, total, truncated } = await readCapped(response, this.options.maxBodyBytes);
    const text = this.scrub(new TextDecoder().decode(bytes));
    let body: unknown = text;
    const isJson = /json/i.test(contentType);
    if (isJson && !truncated) {
      try {
        body = JSON.parse(text) as unknown;
      } catch {
        body = text;
      }
    } else if (!/^text\/|json|xml|javascript/i.test(contentType) && bytes.length) {
      body = null;
    }
    const outcome: CallOutcome = { status: response.status, body, ...(contentType ? { content_type: contentType } : {}) };
    if (truncated) {
      outcome.truncated = true;
      outcome.note = `The body was cut at ${this.options.maxBodyBytes} bytes${total ? ` of ${total}` : ""}; ask for less (filters, a smaller limit) to see all of it.`;
    } else if (body === null) {
      outcome.note = `The body is ${bytes.length} bytes of ${contentType || "binary data"}, not shown.`;
    }
    if (response.status === 403 && body && typeof body === "object") {
      const missing = (body as Record<string, unknown>)[this.options.refusalField];
      if (typeof missing === "string" && missing) outcome.missing_permission = missing;
    }
    return outcome;
  }

  /** Removes the key from any text that goes back to the model or a log. */
  scrub(text: string): string {
    return this.options.key ? text.split(this.options.key).join("[redacted]") : text;
  }
}

async function readCapped(response: Response, max: number): Promise<{ bytes: Uint8Array; total?: number; truncated: boolean }> {
  const declared = Number(response.headers.get("content-length") ?? "") || undefined;
  if (!response.body) return { bytes: new Uint8Array(), truncated: false };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.length > max) {
      chunks.push(value.subarray(0, max - size));
      size = max;
      truncated = true;
      await reader.cancel();
      break;
    }
    chunks.push(value);
    size += value.length;
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const c of chunks) {
    bytes.set(c, offset);
    offset += c.length;
  }
  return { bytes, ...(declared ? { total: declared } : {}), truncated };
}
