import { z } from "zod";

/** HTTP methods an operation can have, in the order OpenAPI lists them. */
export const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

const pathPattern = z
  .string()
  .min(1)
  .refine((s) => s.startsWith("/"), { message: "a closed path pattern starts with '/', e.g. '/v1/auth/**'" });

/** The config file's schema. Every field is optional except where zero-config cannot guess. */
export const configSchema = z
  .object({
    /** Project folder holding the service's sources; relative to the config file. */
    root: z.string().optional(),
    /** Globs of source files, relative to `root`. */
    include: z.array(z.string().min(1)).optional(),
    /** Globs excluded on top of the defaults (node_modules, tests, declaration files, build output). */
    exclude: z.array(z.string().min(1)).optional(),
    /** tsconfig used for module resolution (path aliases); relative to `root`. Default `tsconfig.json` if present. */
    tsconfig: z.string().optional(),
    /** Framework adapters to run. `auto` detects them from imports. */
    framework: z.enum(["auto", "express", "hono", "koa", "fastify", "next", "nest"]).optional(),
    nest: z
      .object({
        /** Permission decorators: name, argument index (all when absent), property path in an options object. */
        decorators: z.array(z.object({ name: z.string().min(1), argument: z.number().int().min(0).optional(), property: z.string().min(1).optional() }).strict()).min(1).optional(),
        /** The global prefix, when the bootstrap cannot be read (it wins over `setGlobalPrefix`). */
        globalPrefix: z.string().optional(),
        /** URI versioning, when the bootstrap cannot be read (it wins over `enableVersioning`). */
        uriVersioning: z.object({ defaultVersion: z.union([z.string(), z.array(z.string())]).optional(), prefix: z.string().optional() }).strict().optional(),
      })
      .strict()
      .optional(),
    /** Output folder, relative to the config file. */
    out: z.string().optional(),
    service: z.object({ name: z.string().min(1), version: z.string().min(1) }).strict().optional(),
    /** Path globs of closed routes (never indexed, never callable), e.g. `/v1/auth/**`. */
    closed: z.array(pathPattern).optional(),
    permissions: z
      .object({
        /** Function names whose string arguments are permission keys. Replaces the defaults. */
        calls: z.array(z.string().min(1)).min(1).optional(),
        /** Added to the default (or configured) names. */
        extraCalls: z.array(z.string().min(1)).optional(),
      })
      .strict()
      .optional(),
    lint: z
      .object({
        /** Severity per rule: "error", "warning" or "off". */
        rules: z.partialRecord(z.enum(["no-permission", "documented-scope", "documented-summary", "documented-examples", "summary-length", "looks-closed", "documented-closed", "duplicate-id"]), z.enum(["error", "warning", "off"])).optional(),
        /** Path globs of operations that intentionally check no permission (also the `@public` tag). */
        public: z.array(pathPattern).optional(),
      })
      .strict()
      .optional(),
    /** Explicit operation ids by `METHOD /path`, for routes whose JSDoc you cannot edit. */
    operationIds: z.record(z.string().regex(/^[A-Z]+ \//, "keys look like 'GET /v1/things/{id}'"), z.string()).optional(),
    openapi: z
      .object({
        info: z
          .object({
            title: z.string().min(1),
            version: z.string().min(1).optional(),
            description: z.string().optional(),
            contact: z.record(z.string(), z.string()).optional(),
            license: z.object({ name: z.string(), url: z.string().optional(), identifier: z.string().optional() }).optional(),
          })
          .passthrough()
          .optional(),
        servers: z.array(z.object({ url: z.string().min(1), description: z.string().optional() }).strict()).optional(),
        /** Security schemes, as in OpenAPI `components.securitySchemes`. */
        securitySchemes: z.record(z.string(), z.record(z.string(), z.unknown())).optional(),
        /** Document-wide security requirement. Defaults to every scheme, with the operation's scope. */
        security: z.array(z.record(z.string(), z.array(z.string()))).optional(),
        /** Tag descriptions, by tag name. */
        tags: z.record(z.string(), z.string()).optional(),
      })
      .strict()
      .optional(),
  })
  .strict();

export type ApidexConfig = z.infer<typeof configSchema>;

/** The defaults the permission recognizers use (SPEC section 2). */
export const DEFAULT_PERMISSION_CALLS = ["requirePermission", "requirePermissions", "assertPermission"] as const;

export const DEFAULT_INCLUDE = ["**/*.{ts,mts,cts,tsx,js,mjs,cjs}"];

export const DEFAULT_EXCLUDE = [
  "**/node_modules/**",
  "**/dist/**",
  "**/lib/**",
  "**/build/**",
  "**/coverage/**",
  "**/*.d.ts",
  "**/*.{test,spec}.*",
  "**/__tests__/**",
  "**/test/**",
  "**/tests/**",
];
