import { z } from "zod";
import { UsageError } from "../diagnostics/diagnostic.js";

export { DEFAULT_ANY_PERMISSION_CALLS, DEFAULT_EXCLUDE, DEFAULT_INCLUDE, DEFAULT_PERMISSION_CALLS, HTTP_METHODS } from "./defaults.js";

const pathPattern = z
  .string()
  .min(1)
  .refine((s) => s.startsWith("/"), { message: "a path pattern starts with '/', e.g. '/v1/auth/**'" });

/** The config file's schema. Every field is optional except where zero-config cannot guess. */
/** A permission call by name, or with the argument and the options property that hold its key. */
const permissionCall = z.union([
  z.string().min(1),
  z
    .object({
      name: z.string().min(1),
      /** Which argument (0-based); every argument when absent. */
      argument: z.number().int().min(0).optional(),
      /** Property path of the key in that argument, an options object (`role`, `auth.permission`). */
      property: z.string().min(1).optional(),
    })
    .strict(),
]);

/** Folders of route files or router modules: `dir` relative to the root, `prefix` before their paths. */
const routeFolders = z
  .array(
    z
      .object({
        dir: z.string().min(1),
        prefix: z
          .string()
          .refine((s) => s.startsWith("/"), { message: "a prefix starts with '/', e.g. '/api'" })
          .optional(),
      })
      .strict(),
  )
  .optional();

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
    /**
     * Every warning becomes an error (the CLI's `--strict`): for pipelines that accept no unknowns, where
     * a route or key apidex cannot read statically must stop the release rather than be marked.
     */
    strict: z.boolean().optional(),
    /** Framework adapters to run. `auto` detects them from imports. */
    framework: z
      .enum([
        "auto",
        "express",
        "hono",
        "koa",
        "restify",
        "feathers",
        "fastify",
        "next",
        "nest",
        "polka",
        "tinyhttp",
        "itty-router",
        "routing-controllers",
        "tsoa",
        "inversify",
        "tsed",
        "loopback",
        "overnightjs",
        "foal",
        "midway",
        "trpc",
        "orpc",
        "elysia",
        "hapi",
        "adonis",
        "egg",
        "tegg",
        "moleculer",
        "sails",
        "h3",
        "files",
        "ts-rest",
        "effect",
        "encore",
        "cloud-functions",
        "aws-cdk",
        "serverless",
        "sam",
        "fetch",
      ])
      .optional(),
    nest: z
      .object({
        /** Permission decorators: name, argument index (all when absent), property path in an options object. */
        decorators: z
          .array(
            z
              .object({
                name: z.string().min(1),
                argument: z.number().int().min(0).optional(),
                property: z.string().min(1).optional(),
                any: z.boolean().optional(),
              })
              .strict(),
          )
          .min(1)
          .optional(),
        /**
         * Project-specific documentation decorators (`@Doc({ summary, description })`): the decorator's name
         * and which property of its first argument holds each field. @nestjs/swagger's are always read.
         */
        docDecorators: z
          .array(
            z
              .object({
                name: z.string().min(1),
                summary: z.string().min(1).optional(),
                description: z.string().min(1).optional(),
                tags: z.string().min(1).optional(),
                deprecated: z.string().min(1).optional(),
                operationId: z.string().min(1).optional(),
              })
              .strict(),
          )
          .optional(),
        /** The application(s) the artifacts describe, by the root module passed to `NestFactory.create` (default: the only one, or the largest). */
        app: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]).optional(),
        /** The global prefix, when the bootstrap cannot be read (it wins over `setGlobalPrefix`). */
        globalPrefix: z.string().optional(),
        /** URI versioning, when the bootstrap cannot be read (it wins over `enableVersioning`). */
        uriVersioning: z
          .object({ defaultVersion: z.union([z.string(), z.array(z.string())]).optional(), prefix: z.string().optional() })
          .strict()
          .optional(),
      })
      .strict()
      .optional(),
    /**
     * Registries: routes registered in a loop over a table whose entries carry their own metadata. The
     * permission key is read from the loop's entry at `permission` (`"meta.kind"`); when `when` is given
     * and false there (`"meta.requireCredential"`), the entry checks no permission. Several keys are all
     * required, or with `match: "any"` alternatives (`scopes: ["read:jobs", "all:jobs"]`, either will do).
     */
    registry: z
      .object({ permission: z.string().min(1), when: z.string().min(1).optional(), match: z.enum(["all", "any"]).optional() })
      .strict()
      .optional(),
    /**
     * Folders of file-system routes: every `route.{ts,mts,js}` below `dir` (relative to `root`) is a route
     * file whose URL is `prefix` (default `/`) and its folder path, with Next.js App Router folder rules;
     * a `middlewares.ts` directly in `dir` applies its matchers' checks (docs/file-routing.md).
     */
    fileRoutes: routeFolders,
    /**
     * Folders of router modules: every module below `dir` (relative to `root`) whose default export (or
     * `router` export) is an Express router is mounted at `prefix` (default `/`) and its path in the folder:
     * folder and file names, `index` naming its folder, `#id`, `[id]` and `:id` parameters
     * (docs/file-routing.md).
     */
    routerFiles: routeFolders,
    /**
     * Decorator frameworks of the project's own (`@Controller(prefix)` classes whose methods carry `@Get(path)`,
     * `@Post`, ..., exported by a module of the sources or a workspace package): read as NestJS-style
     * controllers. `module` is the module that exports the decorators (a path relative to `root`, or a package
     * name); `controllers` the class decorators that make a controller, its path first (default `Controller`);
     * `prefix` where the server serves them (default `/`).
     */
    decoratorRoutes: z
      .array(
        z
          .object({
            module: z.string().min(1),
            controllers: z.array(z.string().min(1)).min(1).optional(),
            prefix: z
              .string()
              .refine((s) => s.startsWith("/"), { message: "a prefix starts with '/', e.g. '/api'" })
              .optional(),
          })
          .strict(),
      )
      .optional(),
    /**
     * The environment the artifacts describe: `process.env.NAME` reads these values (feature flags,
     * `NODE_ENV`), and a name not set here is unset. Without the field, the environment is only known at
     * run time.
     */
    env: z.record(z.string(), z.string()).optional(),
    /**
     * Arguments for the app factories nothing in the sources calls (`getApp(config, services)`), by
     * function name, as JSON values: `{ getApp: [{ server: { baseUriPath: "" } }] }`. An object given here
     * is complete (a property it omits is `undefined`); parameters beyond the list stay unknown.
     */
    factoryArguments: z.record(z.string(), z.array(z.unknown())).optional(),
    /** Output folder, relative to the config file. */
    out: z.string().optional(),
    service: z
      .object({ name: z.string().min(1), version: z.string().min(1) })
      .strict()
      .optional(),
    /**
     * Path globs of operations to document (the OpenAPI document), e.g. `/api/**`, on top of `@documented`
     * and the framework doc conventions; `@undocumented` keeps one out.
     */
    documented: z.array(pathPattern).optional(),
    /**
     * Whether an operation that its framework's documentation convention describes (@nestjs/swagger,
     * a Fastify route schema, hono-openapi, @hono/zod-openapi) is documented. Default true.
     */
    frameworkDocs: z.boolean().optional(),
    /** Path globs of closed routes (never indexed, never callable), e.g. `/v1/auth/**`. */
    closed: z.array(pathPattern).optional(),
    permissions: z
      .object({
        /**
         * Functions whose arguments are permission keys: a name (its string arguments are keys), or
         * `{ name, argument?, property? }` when the key is a property of an options object
         * (`auth({ role: Role.Admin })` with `{ name: "auth", property: "role" }`). Replaces the defaults.
         */
        calls: z.array(permissionCall).min(1).optional(),
        /** Added to the default (or configured) names. */
        extraCalls: z.array(permissionCall).optional(),
        /** Calls whose keys are alternatives (any one suffices). Replaces the defaults (`requireAnyPermission`, ...). */
        anyCalls: z.array(permissionCall).optional(),
      })
      .strict()
      .optional(),
    lint: z
      .object({
        /** Severity per rule: "error", "warning" or "off". */
        rules: z
          .partialRecord(
            z.enum([
              "no-permission",
              "unresolved-permissions",
              "documented-scope",
              "documented-summary",
              "documented-examples",
              "summary-length",
              "looks-closed",
              "documented-closed",
              "duplicate-id",
            ]),
            z.enum(["error", "warning", "off"]),
          )
          .optional(),
        /** Path globs of operations that intentionally check no permission (also the `@public` tag). */
        public: z.array(pathPattern).optional(),
      })
      .strict()
      .optional(),
    /**
     * Where ids come from when no tag or `operationIds` entry sets one: `path` (the default, derived from
     * method and path) or `handler` (the framework's handler name where it names handlers: NestJS
     * `UsersController.findAll` is `users_find_all`, as @nestjs/swagger names it; other routes use `path`).
     */
    operationIdsFrom: z.enum(["path", "handler"]).optional(),
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

/** Validates a config object; the message names the offending field. */
export function validateConfig(raw: unknown, source: string): ApidexConfig {
  const parsed = configSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const field = issue.path.length ? issue.path.join(".") : "(top level)";
    return `  ${field}: ${issue.message}`;
  });
  throw new UsageError(`Invalid config in ${source}:\n${problems.join("\n")}`, "Fix the fields named above; the README lists every field.");
}
