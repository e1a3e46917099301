/**
 * The static api-docs files as the handler serves them and as a CDN hosts them: each file's bytes in
 * every encoding, with its headers. Shared by the generator (which builds them), the manifest in
 * dist/api-docs/_headers.json, and the handler (which only looks them up).
 */
export type Encoding = "identity" | "br" | "gzip";

export interface AssetVariant {
  /** File name in the CDN layout, relative to the api-docs folder. */
  file: string;
  /** Strong ETag of these exact bytes. */
  etag: string;
  bytes: number;
}

export interface AssetMeta {
  contentType: string;
  cacheControl: string;
  contentDisposition?: string;
  /** Extra headers for this file (the page's Content-Security-Policy). */
  headers?: Record<string, string>;
  variants: Partial<Record<Encoding, AssetVariant>> & { identity: AssetVariant };
}

/** `_headers.json`: what an upload step applies to each file, keyed by served path below the mount. */
export interface ApiDocsManifest {
  format: "apidex.api-docs/1";
  mount: string;
  files: Record<string, AssetMeta>;
}

export interface LoadedAsset extends AssetMeta {
  bodies: Partial<Record<Encoding, Uint8Array>> & { identity: Uint8Array };
}

/** The served path of the reference page (the mount's root). */
export const INDEX_PATH = "/";
export const DEFAULT_MOUNT = "/v1/public/api-docs";
/** Short enough that a release shows within minutes, long enough for CDNs to absorb the traffic. */
export const DEFAULT_CACHE_CONTROL = "public, max-age=300, s-maxage=3600, stale-while-revalidate=86400";
