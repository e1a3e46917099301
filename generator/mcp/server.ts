import { reach } from "../model/key-reach.js";
import { type CallToolResult, fromJsonSchema, McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import type { Catalog, CatalogEntry } from "./catalog.js";
import { CallRefused, type CallInput, type CallOutcome, type ServiceClient } from "./service-client.js";

export interface McpServerOptions {
  /** `core`: the find and call tools only; `documented` or `all`: also one tool per operation. */
  tools: "core" | "documented" | "all";
  /** The key's own permissions, when known: results say what it can call. */
  keyPermissions?: ReadonlySet<string>;
  /** Writes one line a call (operation id and status, never values or the key). */
  log?: (line: string) => void;
}

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"] as const;
const DEFAULT_LIMIT = 8;
const MAX_LIMIT = 50;
const MAX_BODY_CHARS = 1_000_000;

const INSTRUCTIONS = `This server reaches one HTTP API with the user's own API key: never more than that key may do.
1. Call find_operations with a few words describing the action ("send an invoice", "list technicians"), optionally filtered by path, permission, method or effect. Results are ranked; each has its operation_id, method, path, path_params, permissions and effect, and for documented operations the query parameters and body fields.
2. Call call_read_operation (read-only operations, no confirmation needed) or call_service_operation (any operation) with that operation_id, path_params as an object of strings (each fills exactly one path segment), query as an object, and body as JSON; an operation with a body_media_type takes a form: give its fields as an object (a file field takes the file's text).
A refusal (403) names the exact permission the key lacks and what else that permission would unlock: tell the user which permission to add to the key rather than retrying.
Operations marked destructive cannot be undone: confirm with the user first.`;

const operationOutput = z.object({
  operation_id: z.string(),
  method: z.string(),
  path: z.string(),
  summary: z.string(),
  permissions: z.array(z.string()),
  any_of: z.array(z.array(z.string())).optional().describe("Groups of alternative keys: one key of each group is needed too"),
  unresolved: z
    .array(z.string())
    .optional()
    .describe(
      "Facts apidex could not read statically; with 'permissions', the keys listed are a lower bound; with 'path', the path is relative to a prefix apidex could not read and the operation cannot be called",
    ),
  effect: z.enum(["read", "write", "remove"]),
  path_params: z.array(z.string()),
  documented: z.boolean(),
  destructive: z.boolean().optional(),
  callable: z.union([z.boolean(), z.literal("unknown")]).optional(),
  missing_permissions: z.array(z.string()).optional(),
  missing_any_of: z.array(z.array(z.string())).optional(),
  query: z.array(z.object({ name: z.string(), required: z.boolean(), type: z.string() })).optional(),
  body: z.record(z.string(), z.string()).optional(),
  body_media_type: z
    .string()
    .optional()
    .describe(
      "How the body is sent when not JSON: a form (give its fields as an object; a file field takes the file's text) or plain text",
    ),
  why: z
    .string()
    .optional()
    .describe(
      "Why it matched the words: the matched words by field ('word~' a related word, a word start or a typo), then the method the verb meant or a literal match",
    ),
});

const findInput = z.object({
  query: z.string().max(500).optional().describe("Words describing the action, e.g. 'email an invoice to the customer'"),
  path_contains: z.string().max(200).optional().describe("Only operations whose path contains this text"),
  permission: z.string().max(200).optional().describe("Only operations that check this permission key"),
  method: z.enum(METHODS).optional(),
  effect: z.enum(["read", "write", "remove"]).optional(),
  callable_only: z.boolean().optional().describe("Only operations the key's known permissions allow"),
  limit: z.number().int().min(1).max(MAX_LIMIT).optional().describe(`How many results (default ${DEFAULT_LIMIT}, at most ${MAX_LIMIT})`),
});

const scalar = z.union([z.string().max(2048), z.number(), z.boolean()]);
const callInput = z.object({
  operation_id: z.string().regex(/^[a-z][a-z0-9_]{0,47}$/, "an operation_id from find_operations"),
  path_params: z.record(z.string().max(100), scalar).optional().describe("One value per path placeholder; each fills exactly one segment"),
  query: z.record(z.string().max(200), z.union([scalar, z.array(scalar).max(100), z.null()])).optional(),
  body: z
    .unknown()
    .optional()
    .describe(
      "The request body as JSON; for an operation whose body_media_type is a form, an object of its fields (a file field takes the file's text, or { content, filename, type })",
    ),
});

const callOutput = z.object({
  status: z.number(),
  body: z.unknown(),
  content_type: z.string().optional(),
  truncated: z.boolean().optional(),
  note: z.string().optional(),
  missing_permission: z.string().optional(),
  unlocks: z.array(z.object({ operation_id: z.string(), method: z.string(), path: z.string() })).optional(),
});

/**
 * The MCP server over one operation index. Two tools reach the whole API: find_operations (ranked
 * search) and call_service_operation (one call, with the key, to an indexed operation only), plus a
 * read-only call tool that clients can allow without a prompt.
 */
export function createApidexMcpServer(catalog: Catalog, client: ServiceClient, options: McpServerOptions): McpServer {
  const server = new McpServer(
    { name: `apidex-${catalog.index.service.name}`, version: catalog.index.service.version },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS },
  );
  const log = options.log ?? (() => {});

  const describe = (e: CatalogEntry, why?: string): z.infer<typeof operationOutput> => {
    const known = options.keyPermissions ? reach(e, options.keyPermissions) : undefined;
    return {
      operation_id: e.operation_id,
      method: e.method,
      path: e.path,
      summary: e.summary,
      permissions: e.permissions,
      ...(e.any_of?.length ? { any_of: e.any_of } : {}),
      ...(e.unresolved?.length ? { unresolved: e.unresolved } : {}),
      effect: e.effect,
      path_params: e.path_params,
      documented: e.documented,
      ...(e.destructive ? { destructive: true } : {}),
      ...(known
        ? {
            callable: known.callable,
            missing_permissions: known.missing,
            ...(known.missingAnyOf.length ? { missing_any_of: known.missingAnyOf } : {}),
          }
        : {}),
      ...(e.shape?.query ? { query: e.shape.query } : {}),
      ...(e.shape?.body ? { body: e.shape.body } : {}),
      ...(e.shape?.body_media_type ? { body_media_type: e.shape.body_media_type } : {}),
      ...(why ? { why } : {}),
    };
  };

  server.registerTool(
    "find_operations",
    {
      title: "Find API operations",
      description: `Searches the ${catalog.byId.size} operations this key may try, by words and filters. Words are matched in their dictionary form against operation ids, paths, parameter names, permission keys and documentation (word starts and typos allowed, related words count less); a verb such as "remove" or "list" favours its HTTP method, and an exact operation_id or path comes first. Returns the best ${DEFAULT_LIMIT} by default with everything needed to call them, each with why it matched.`,
      inputSchema: findInput,
      outputSchema: z.object({ operations: z.array(operationOutput), total_operations: z.number() }),
      annotations: { readOnlyHint: true, openWorldHint: false, idempotentHint: true },
    },
    async (input) => {
      const limit = input.limit ?? DEFAULT_LIMIT;
      const filters = {
        ...(input.path_contains ? { pathContains: input.path_contains } : {}),
        ...(input.permission ? { permission: input.permission } : {}),
        ...(input.method ? { method: input.method } : {}),
        ...(input.effect ? { effect: input.effect } : {}),
      };
      let found = catalog
        .find(input.query, filters, input.callable_only && options.keyPermissions ? Number.POSITIVE_INFINITY : limit)
        .map((hit) => describe(hit.entry, hit.why));
      if (input.callable_only && options.keyPermissions) found = found.filter((o) => o.callable !== false).slice(0, limit); // "unknown" stays, marked
      const structured = { operations: found, total_operations: catalog.byId.size };
      return { content: [{ type: "text", text: JSON.stringify(structured) }], structuredContent: structured };
    },
  );

  const call = async (input: z.infer<typeof callInput>, readOnly: boolean): Promise<CallToolResult> => {
    const entry = catalog.get(input.operation_id);
    if (!entry) return error(`Unknown operation_id ${input.operation_id}: only operations from find_operations can be called.`);
    if (readOnly && entry.effect !== "read") {
      return error(
        `${entry.operation_id} is a ${entry.effect} operation; call_read_operation only calls reads. Use call_service_operation (the user may be asked to confirm).`,
      );
    }
    if (input.body !== undefined && JSON.stringify(input.body).length > MAX_BODY_CHARS)
      return error(`The body is larger than ${MAX_BODY_CHARS} characters of JSON.`);
    let outcome: CallOutcome;
    try {
      outcome = await client.call(entry, input as CallInput);
    } catch (e) {
      return error(client.scrub(e instanceof CallRefused ? `Not sent: ${e.message}` : (e as Error).message));
    }
    log(`call ${entry.operation_id} ${entry.method} ${entry.path} -> ${outcome.status}`);
    if (outcome.status === 403 && outcome.missing_permission) {
      const permission = outcome.missing_permission;
      const unlocks = catalog
        .unlockedBy(permission)
        .filter((e) => e.operation_id !== entry.operation_id)
        .map((e) => ({ operation_id: e.operation_id, method: e.method, path: e.path }));
      const structured = { ...outcome, unlocks };
      const list = unlocks.length
        ? ` With ${permission} the key would also unlock: ${unlocks.map((u) => `${u.operation_id} (${u.method} ${u.path})`).join(", ")}.`
        : "";
      // A key of an any-of group: any one of the group's keys would do, and the user may hold another.
      const group = entry.any_of?.find((g) => g.includes(permission));
      const alternatives = group ? ` Any one of ${group.join(", ")} would do.` : "";
      return {
        isError: true,
        content: [
          {
            type: "text",
            text: `Refused: this key lacks the permission ${permission}.${alternatives} Add ${permission} to the key to call ${entry.operation_id}.${list}`,
          },
        ],
        structuredContent: structured,
      };
    }
    const text = JSON.stringify(outcome);
    return { ...(outcome.status >= 400 ? { isError: true } : {}), content: [{ type: "text", text }], structuredContent: outcome };
  };

  server.registerTool(
    "call_service_operation",
    {
      title: "Call an API operation",
      description:
        "Calls one operation by operation_id (from find_operations) with the user's key. May change or delete data: check the operation's effect and destructive flag first.",
      inputSchema: callInput,
      outputSchema: callOutput,
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
    },
    async (input) => call(input, false),
  );

  server.registerTool(
    "call_read_operation",
    {
      title: "Call a read-only API operation",
      description:
        "Calls one operation whose effect is read (GET-like). Refuses every other operation without sending anything, so clients can allow it without asking each time.",
      inputSchema: callInput,
      outputSchema: callOutput,
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    },
    async (input) => call(input, true),
  );

  if (options.tools !== "core") {
    for (const entry of catalog.byId.values()) {
      if (options.tools === "documented" && !entry.documented) continue;
      // No tool for an operation whose path is relative to a prefix apidex could not read: it cannot be called.
      if (entry.unresolved?.includes("path")) continue;
      server.registerTool(
        entry.operation_id,
        {
          title: entry.summary,
          description: `${entry.method} ${entry.path}. ${entry.summary}. Checks ${entry.permissions.join(", ") || "no permission"}.${entry.destructive ? " Cannot be undone." : ""}`,
          inputSchema: fromJsonSchema(operationInputSchema(entry)),
          annotations: {
            readOnlyHint: entry.effect === "read",
            destructiveHint: entry.effect === "remove" || Boolean(entry.destructive),
            idempotentHint: ["GET", "HEAD", "PUT", "DELETE"].includes(entry.method),
            openWorldHint: true,
          },
        },
        async (args: unknown) => {
          const a = (args ?? {}) as Record<string, unknown>;
          const path_params = Object.fromEntries(entry.path_params.map((p) => [p, a[p] as string]));
          return call(
            {
              operation_id: entry.operation_id,
              path_params,
              ...(a.query ? { query: a.query as CallInput["query"] } : {}),
              ...(a.body !== undefined ? { body: a.body } : {}),
            },
            entry.effect === "read",
          );
        },
      );
    }
  }
  return server;
}

/** A per-operation tool's input: its path parameters as properties, plus query and body. */
function operationInputSchema(entry: CatalogEntry): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (const p of entry.path_params) properties[p] = { type: "string", minLength: 1, maxLength: 2048, description: `Path parameter ${p}` };
  const queryProps = Object.fromEntries((entry.shape?.query ?? []).map((q) => [q.name, { description: q.type }]));
  properties.query = { type: "object", properties: queryProps, description: "Query parameters" };
  if (!["GET", "HEAD", "DELETE"].includes(entry.method)) {
    const form = entry.shape?.body_media_type;
    properties.body = {
      description: form
        ? `Body sent as ${form}: an object of its fields ${JSON.stringify(entry.shape?.body ?? {})} (a file field takes the file's text, or { content, filename, type })`
        : entry.shape?.body
          ? `JSON body with fields ${JSON.stringify(entry.shape.body)}`
          : "JSON body",
    };
  }
  return { type: "object", properties, required: [...entry.path_params], additionalProperties: false };
}

function error(text: string): CallToolResult {
  return { isError: true, content: [{ type: "text", text }] };
}
