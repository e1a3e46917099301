import { createHash, timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { createMcpHandler } from "@modelcontextprotocol/server";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import { localhostHostValidation, toNodeHandler } from "@modelcontextprotocol/node";
import { UsageError } from "../diagnostics/diagnostic.js";
import { readLocation, type OpenApiDocument } from "../review/artifact-source.js";
import { loadIndex } from "../review/find.js";
import { Catalog } from "./catalog.js";
import { createApidexMcpServer, type McpServerOptions } from "./server.js";
import { ServiceClient, type ServiceClientOptions } from "./service-client.js";

export interface McpCommandOptions {
  cwd: string;
  index: string;
  baseUrl: string;
  openapi?: string;
  keyEnv: string;
  authHeader: string;
  authScheme: string;
  refusalField: string;
  timeoutMs: number;
  maxBodyBytes: number;
  tools: McpServerOptions["tools"];
  /** The key's permissions, given directly. */
  keyPermissions?: string[];
  /** A path under the base URL answering with the key's permissions (e.g. /v1/me). */
  keyPermissionsPath?: string;
  keyPermissionsField: string;
  http?: number;
  host: string;
  /** With --http: a token clients must send as `Authorization: Bearer <token>`. */
  httpToken?: string;
  env: NodeJS.ProcessEnv;
  log: (line: string) => void;
}

/** Loads the index (and the OpenAPI document next to it, when there is one) and builds the catalog. */
export async function loadCatalog(options: Pick<McpCommandOptions, "index" | "openapi" | "cwd">): Promise<Catalog> {
  const index = await loadIndex(options.index, options.cwd);
  let openapi: OpenApiDocument | undefined;
  const sibling = options.openapi ?? siblingLocation(options.index, "openapi-public.json");
  try {
    openapi = JSON.parse(await readLocation(sibling, options.cwd)) as OpenApiDocument;
  } catch (error) {
    if (options.openapi) throw error; // asked for explicitly: a missing document is an error
  }
  return new Catalog(index, openapi);
}

function siblingLocation(location: string, name: string): string {
  if (/^https?:\/\//.test(location)) return new URL(name, location).toString();
  return path.join(path.dirname(location), name);
}

/** `apidex mcp`: serves over stdio, or over Streamable HTTP with `--http PORT`. Resolves when serving. */
export async function runMcp(options: McpCommandOptions): Promise<{ close: () => Promise<void>; port?: number }> {
  const key = options.env[options.keyEnv];
  if (!key)
    throw new UsageError(
      `The environment variable ${options.keyEnv} holds no API key.`,
      `Set ${options.keyEnv} to the key the assistant may use (or choose the variable with --key-env).`,
    );
  const catalog = await loadCatalog(options);
  const clientOptions: ServiceClientOptions = {
    baseUrl: options.baseUrl,
    key,
    authHeader: options.authHeader,
    authScheme: options.authScheme,
    refusalField: options.refusalField,
    timeoutMs: options.timeoutMs,
    maxBodyBytes: options.maxBodyBytes,
  };
  let client: ServiceClient;
  try {
    client = new ServiceClient(clientOptions);
  } catch (error) {
    throw new UsageError(`--base-url ${options.baseUrl}: ${(error as Error).message}`, "Pass the service's http(s) base URL.");
  }
  const keyPermissions = options.keyPermissions
    ? new Set(options.keyPermissions)
    : options.keyPermissionsPath
      ? await discoverPermissions(client, options)
      : undefined;
  const serverOptions: McpServerOptions = { tools: options.tools, ...(keyPermissions ? { keyPermissions } : {}), log: options.log };
  const factory = () => createApidexMcpServer(catalog, client, serverOptions);
  const what = `${catalog.byId.size} operations of ${catalog.index.service.name} at ${new URL(options.baseUrl).origin}${keyPermissions ? `, key with ${keyPermissions.size} known permissions` : ""}`;

  if (options.http === undefined) {
    const server = factory();
    await server.connect(new StdioServerTransport());
    options.log(`apidex mcp: serving ${what} over stdio`);
    return { close: () => server.close() };
  }

  const handler = createMcpHandler(factory);
  const node = toNodeHandler(handler);
  const allowHost = localhostHostValidation();
  const http: Server = createServer((req, res) => {
    if (!(req.url ?? "").startsWith("/mcp")) {
      res
        .writeHead(404, { "content-type": "application/json" })
        .end(JSON.stringify({ error: "not_found", message: "The MCP endpoint is /mcp." }));
      return;
    }
    // DNS-rebinding protection when bound to loopback: only localhost Host headers are served (the
    // guard answers 403 itself otherwise).
    if (isLoopback(options.host) && !allowHost(req, res)) return;
    if (options.httpToken && !bearerMatches(req.headers.authorization, options.httpToken)) {
      res
        .writeHead(401, { "content-type": "application/json", "www-authenticate": 'Bearer realm="apidex-mcp"' })
        .end(JSON.stringify({ error: "unauthorized", message: "Send Authorization: Bearer <token>." }));
      return;
    }
    void node(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(options.http, options.host, () => resolve());
  });
  const port = (http.address() as { port: number }).port;
  options.log(`apidex mcp: serving ${what} on http://${options.host}:${port}/mcp`);
  return {
    port,
    close: async () => {
      await handler.close();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

/** Constant-time comparison of the presented bearer token. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const presented = /^Bearer\s+(.+)$/i.exec(header ?? "")?.[1] ?? "";
  const a = createHash("sha256").update(presented).digest();
  const b = createHash("sha256").update(token).digest();
  return timingSafeEqual(a, b) && presented.length > 0;
}

function isLoopback(host: string): boolean {
  return host === "127.0.0.1" || host === "::1" || host === "localhost";
}

/** Asks the service what the key may do (e.g. GET /v1/me → {"permissions": [...]}). */
async function discoverPermissions(client: ServiceClient, options: McpCommandOptions): Promise<Set<string> | undefined> {
  const pathOnly = options.keyPermissionsPath!.replace(/^\/+/, "");
  const entry = {
    operation_id: "key_permissions",
    method: "GET",
    path: `/${pathOnly}`,
    permissions: [],
    summary: "",
    path_params: [],
    effect: "read" as const,
    documented: false,
  };
  try {
    const outcome = await client.call(entry, {});
    const list =
      outcome.body && typeof outcome.body === "object" ? (outcome.body as Record<string, unknown>)[options.keyPermissionsField] : undefined;
    if (outcome.status === 200 && Array.isArray(list)) return new Set(list.map(String));
    options.log(
      `apidex mcp: ${options.keyPermissionsPath} answered ${outcome.status} without a ${options.keyPermissionsField} list; the key's permissions stay unknown`,
    );
  } catch (error) {
    options.log(`apidex mcp: cannot read the key's permissions: ${client.scrub((error as Error).message)}`);
  }
  return undefined;
}
