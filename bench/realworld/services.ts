/**
 * The real-world corpus: public TypeScript HTTP services, each pinned to a commit of its mirror, with the
 * OpenAPI document the project itself commits (or declares) as the oracle. Nothing of the services is
 * committed here: `npm run bench:realworld` materializes each pinned tree from the mirror git directory
 * (`fetch` github:owner/name brings it to $APIDEX_CORPUS_MIRROR/owner+name/repo).
 *
 * Every repository was checked with /work/shared/tools/corpus-check before it was read ("allowed").
 */

export type OracleKind =
  /** Written by the project's own tooling from its code (fastify-swagger, @nestjs/swagger, zod-openapi, swagger-jsdoc, ...), committed. */
  | "generated"
  /** Written by hand: counts for recall only (precision is shown but not meaningful). */
  | "hand-written";

export interface OracleSpec {
  kind: OracleKind;
  /** How the oracle is read. */
  reader:
    | { type: "openapi"; files: string[] }
    /** Every `*.openapi.json` fragment under `dir` (Logto keeps one fragment per route file). */
    | { type: "openapi-fragments"; dir: string; suffix: string }
    /** `callee({ method, path })` declarations of a zod-to-openapi registry, read with the TypeScript parser. */
    | { type: "registry-calls"; dir: string; callee: string }
    /**
     * A committed route manifest (`{ "/path/:id": "...route module..." }`) the project's own tooling writes from
     * its route files: paths only, so it is scored by path (any method); entries whose module does not start
     * with `module` belong to another package and are left out.
     */
    | { type: "routes-manifest"; file: string; module: string }
    /** swagger-jsdoc's `@openapi` YAML comment blocks in the sources under `dir` (the project's own words on its routes). */
    | { type: "openapi-comments"; dir: string }
    /**
     * `METHOD /path` lines (the path may be in backticks) of the hand-written README.md files under `dir` (the
     * project's API reference), query strings dropped; of the named Markdown `files` instead, when given (an API
     * reference kept as docs/index.md).
     */
    | {
        type: "markdown-routes";
        dir: string;
        files?: string[];
        /** A file's own prefix, for a reference whose paths omit the mount prefix the other files write (instead of `prefix`). */
        filePrefix?: Record<string, string>;
        /**
         * Also the headings that name a path without a method (`` ### `/repos/{owner}/{name}` ``, UNGH's README): an
         * API reference of GET-only proxies. Scored by path (any method), as a route manifest is.
         */
        pathHeadings?: boolean;
      }
    /**
     * Feathers services' feathers-swagger docs written by hand as YAML files (`service.docs = yml("posts.doc.yml")`):
     * each service path's file, its `operations` keys placed where feathers-swagger documents them (`find` GET
     * `/posts`, `get` GET `/posts/{id}`, `create` POST, `update` PUT, `patch` PATCH and `remove` DELETE at `/{id}`).
     */
    | { type: "feathers-swagger-docs"; services: Record<string, string> };
  /** Committed at another commit than `commit` (the snapshot lacks the blob at HEAD): read it there. */
  commit?: string;
  /** Prefix the spec paths with this (the spec omits a mount prefix such as `/v1`). Applied after the server base path. */
  prefix?: string;
  /** Ignore the spec's `servers[0].url` path (the spec paths already carry it). */
  ignoreServerBase?: boolean;
  /** Drop this leading segment from the spec's paths (the service strips it from requests before routing). */
  stripPrefix?: string;
  /**
   * The document lists the HEAD route Fastify adds beside every GET (@fastify/swagger's `exposeHeadRoutes: true`).
   * apidex counts a GET's implicit HEAD as the GET's (as for AdonisJS, Koa and Express), so a listed HEAD at a
   * path where the document also lists GET is met by the indexed GET (or by an indexed HEAD of its own).
   */
  implicitHead?: boolean;
  /** Only spec operations whose path starts with one of these are scored (the rest is out of apidex's scope; see `note`). */
  only?: string[];
  note: string;
}

export interface Service {
  name: string;
  repo: string;
  commit: string;
  framework: string;
  style: string;
  /** Workspace kind when the repository is a monorepo. */
  monorepo: false | "pnpm" | "yarn" | "npm" | "bun";
  /** The folder apidex runs on, relative to the repository root (a folder with a tsconfig.json). */
  app: string;
  oracle: OracleSpec;
  /** bench/realworld/configs/<name>.config.json: a documented per-service apidex config (root and out are filled in by the runner). */
  config?: boolean;
  /**
   * The project's own code-generation step, which its build runs before the service can start and which writes
   * sources the repository does not hold: the `after build` run indexes the tree after it, zero-config, beside
   * the run on the tree as checked out.
   */
  build?: BuildStep;
}

export interface BuildStep {
  /** What the step is, in the project's words (its package script). */
  note: string;
  /** The folder it runs in, relative to the repository root. */
  cwd: string;
  /** The project's generator script, run with tsx there (as its own script runs it, compiled). */
  script: string;
  /** The registry packages the script imports, installed once into the scratch folder (the only network use). */
  packages: string[];
}

export const SERVICES: Service[] = [
  {
    name: "stacks-blockchain-api",
    repo: "hirosystems/stacks-blockchain-api",
    commit: "759c4a586b3f0cba330426a525d543d7d8fa2d9f",
    framework: "Fastify 5",
    style: "plugins registered with prefixes, TypeBox schemas",
    monorepo: false,
    app: ".",
    oracle: {
      kind: "generated",
      reader: { type: "openapi", files: ["openapi.yaml"] },
      note: "openapi.yaml written by src/openapi-generator.ts (@fastify/swagger over the real routes); deprecated routes are left out of it",
    },
  },
  {
    name: "dittofeed",
    repo: "dittofeed/dittofeed",
    commit: "b7f239d22dc564ddc9208f434ac84039e85e27a5",
    framework: "Fastify 4",
    style: "controllers as plugins, TypeBox schemas",
    monorepo: "yarn",
    app: "packages/api",
    oracle: {
      kind: "generated",
      reader: { type: "openapi", files: ["packages/docs/open-api.json"] },
      only: ["/api", "/internal-api"],
      note: "packages/docs/open-api.json from @fastify/swagger; pinned to an older commit because the mirror lacks the spec blob at HEAD (52b2bee9). The document also lists 55 operations under /api-l and /internal-api-l (embedded dashboard, admin workspaces, Stripe, sessions) whose controllers are not in the repository (the hosted edition's); they are out of scope",
    },
  },
  {
    name: "openstatus",
    repo: "openstatusHQ/openstatus",
    commit: "22df52eb0dbdafbad2c3fa41269f7a3a3cbf044b",
    framework: "Hono",
    style: "@hono/zod-openapi createRoute + app.openapi, sub-apps via app.route",
    monorepo: "pnpm",
    app: "apps/server",
    oracle: {
      kind: "generated",
      reader: { type: "openapi", files: ["apps/server/static/openapi-v1.json"] },
      prefix: "/v1",
      note: "static/openapi-v1.json, a committed dump of the zod-openapi document of the v1 API (mounted at /v1)",
    },
  },
  {
    name: "unsend",
    repo: "unsend-dev/unsend",
    commit: "ef76711fe09128bbd41e0043192c9fb864462e6f",
    framework: "Hono (inside Next.js)",
    style: "@hono/zod-openapi public API served from a Next.js catch-all route; Next App Router routes beside it",
    monorepo: "pnpm",
    app: "apps/web",
    oracle: {
      kind: "generated",
      reader: { type: "openapi", files: ["apps/docs/api-reference/openapi.json"] },
      note: "apps/docs/api-reference/openapi.json, the zod-openapi document of the public API (server base /api)",
    },
  },
  {
    name: "hyperdx",
    repo: "hyperdxio/hyperdx",
    commit: "b52a6fa83a1a8f6d1cc70e8b676103ade6a1b207",
    framework: "Express 4",
    style: "express.Router per resource, mounted with app.use(prefix, router)",
    monorepo: "yarn",
    app: "packages/api",
    oracle: {
      kind: "generated",
      reader: { type: "openapi", files: ["packages/api/openapi.json"] },
      ignoreServerBase: true,
      note: "packages/api/openapi.json from swagger-jsdoc annotations on the external API v2 routers (regenerated and linted in CI)",
    },
  },
  {
    name: "flowise",
    repo: "FlowiseAI/Flowise",
    commit: "ababf4c8ebc0263e03aeeb917832251d3fd785e4",
    framework: "Express 4",
    style: "one express.Router per resource, composed under /api/v1",
    monorepo: "pnpm",
    app: "packages/server",
    config: true,
    oracle: {
      kind: "hand-written",
      reader: { type: "openapi", files: ["packages/api-documentation/src/yml/swagger.yml"] },
      prefix: "/api/v1",
      note: "packages/api-documentation/src/yml/swagger.yml, hand-written (recall only). The one miss, PATCH /api/v1/upsert-history/{id}, is the spec's: the code registers PATCH /api/v1/upsert-history/ (the ids travel in the body)",
    },
  },
  {
    name: "insforge",
    repo: "InsForge/InsForge",
    commit: "268d79d274b07317ffb8ceb14d09485625910592",
    framework: "Express 4",
    style: "express.Router per module, mounted under /api",
    monorepo: "npm",
    app: "backend",
    oracle: {
      kind: "hand-written",
      reader: {
        type: "openapi",
        files: [
          "ai",
          "auth",
          "dashboard",
          "deployments",
          "email",
          "functions",
          "health",
          "logs",
          "metadata",
          "payments",
          "realtime",
          "records",
          "schedules",
          "secrets",
          "storage",
          "tables",
          "usage",
        ].map((f) => `openapi/${f}.yaml`),
      },
      ignoreServerBase: true,
      note: "openapi/*.yaml, hand-written per module (recall only). Misses: GET/DELETE /api/logs, which the code does not register (its log routes are /api/logs/audits, /sources, /stats, ...), and the S3 gateway, which one router.use() handler dispatches by method and query (no per-path registrations to read)",
    },
  },
  {
    name: "bailo",
    repo: "gchq/Bailo",
    commit: "8c9163f193cf0eb23f097398fb8a3f4276ec3505",
    framework: "Express 5",
    style: "one handler file per route, registered in routes.ts; zod-to-openapi registry beside each handler",
    monorepo: false,
    app: "backend",
    oracle: {
      kind: "generated",
      reader: { type: "registry-calls", dir: "backend/src/routes", callee: "registerPath" },
      note: "the registerPath({method, path}) declarations that backend/src/scripts/generateOpenApiSpecs.ts turns into swagger-v2/v3.json (the generated files are not committed, so the declarations are read). The misses are the five inference routes, which src/routes/v2/routes.ts registers only `if (!config.ui?.inference || config.ui.inference?.enabled)` and whose declarations sit under the same kind of condition: node-config's config/default.cjs sets `ui.inference.enabled: false` and no other committed config file sets it, so in every deployment the repository describes they are not served, and apidex, reading the files as node-config merges them (NODE_ENV unset: APX219), leaves them out; the oracle reads the declarations without their conditions.",
    },
  },
  {
    name: "logto",
    repo: "logto-io/logto",
    commit: "1fbc55441fd28d9e3e7d69c1522e7654dccfe99c",
    framework: "Koa (koa-router 12)",
    style: "route modules typed as (router, tenant) functions, koaGuard middleware, generic SchemaRouter",
    monorepo: "pnpm",
    app: "packages/core",
    build: {
      note: "@logto/schemas' `generate` script (run by its `build`): reads packages/schemas/tables/*.sql and writes src/db-entries",
      cwd: "packages/schemas",
      script: "src/gen/index.ts",
      packages: ["@silverhand/essentials@2.9.3", "camelcase@8.0.0", "pluralize@8.0.0"],
    },
    oracle: {
      kind: "generated",
      reader: { type: "openapi-fragments", dir: "packages/core/src/routes", suffix: ".openapi.json" },
      note: "the *.openapi.json fragments beside each route file, merged into the served document; Logto's tests fail when a route has no fragment. The misses are the SchemaRouter routes (organizations, roles, scopes, invitations, SSO connectors): their prefixes are table names from packages/schemas/src/db-entries, which `pnpm generate` writes at build time and the repository does not hold, so apidex reports each with APX201 and leaves it out of the tree as checked out; the `after build` run indexes them after that step. The trusted-device routes are registered after \`if (!EnvSet.values.isDevFeaturesEnabled) return;\`, an environment flag: apidex indexes them marked \`unresolved: [\"registration\"]\` (APX216 at that exit; the config's \`env\` decides it); the admin tenant's /me routes, mounted under \`if (admin)\`, likewise (APX217) — real routes its spec leaves out",
    },
  },
  {
    name: "openwa",
    repo: "210102001-rgb/OpenWA",
    commit: "fbce247e65ce884ce97942509f623a2571f483af",
    framework: "NestJS 11",
    style: "controllers with @Controller/@Get, global prefix set in a helper",
    monorepo: false,
    app: ".",
    config: true,
    oracle: {
      kind: "generated",
      reader: { type: "openapi", files: ["openapi.json"] },
      note: "openapi.json from @nestjs/swagger (npm run openapi:export), checked in CI by openapi:check; the repository is a fork of rmyndharis/OpenWA",
    },
  },
  {
    name: "next-rest-framework",
    repo: "blomqma/next-rest-framework",
    commit: "96a10f38ae7da60a90a8fb3b8df85e3c9e6647c9",
    framework: "Next.js App + Pages Router",
    style:
      "app/**/route.ts exporting handlers built by route({...}) (destructured exports), route groups, [param] folders; pages/api default exports of apiRoute({...}) and rpcApiRoute({...})",
    monorepo: "pnpm",
    app: "apps/example",
    oracle: {
      kind: "generated",
      reader: { type: "openapi", files: ["apps/example/public/openapi.json"] },
      note: "apps/example/public/openapi.json written by the framework's CLI from the routes and validated in CI: /api/v2 is the App Router, /api/v1 the Pages Router (apiRoute({ ... }) default exports). Its rpcRoute operations (one POST per key of the object passed to it, at the [operationId] segment) are enumerated",
    },
  },
  {
    name: "langfuse",
    repo: "langfuse/langfuse",
    commit: "62751446149b702b419a9292ddfc2280cdf74b8c",
    framework: "Next.js Pages Router",
    style: "pages/api/**/*.ts default exports wrapping a method-keyed object (withMiddlewares({ GET, POST }))",
    monorepo: "pnpm",
    app: "web",
    oracle: {
      kind: "hand-written",
      reader: { type: "openapi", files: ["web/public/generated/api/openapi.yml", "web/public/generated/organizations-api/openapi.yml"] },
      only: ["/api/public", "/api/admin/organizations"],
      note: "web/public/generated/*/openapi.yml, generated by Fern from the API definition under fern/, which is written by hand next to the code (recall only). Only the public API and the organizations admin API are scored: the rest of pages/api serves the web app (tRPC, auth, webhooks) and is not in the definition. next.config.mjs sets `basePath: env.NEXT_PUBLIC_BASE_PATH` (a deployment's setting, unset by default): one APX201 there, the routes indexed relative to it",
    },
  },
  {
    name: "unleash",
    repo: "Unleash/unleash",
    commit: "79b34121a4a1c043840851498237fd96ebbbea82",
    framework: "Express 4",
    style:
      "controllers subclassing a base Controller whose route({ method, path, handler, permission }) registers on its own Router; composed with this.use(path, new X(config, services).router)",
    monorepo: false,
    app: ".",
    config: true,
    oracle: {
      kind: "generated",
      reader: { type: "openapi", files: ["src/test/e2e/api/openapi/__snapshots__/openapi.e2e.test.ts.snap"] },
      note: "the OpenAPI snapshot written by the e2e test from the running application (@wesleytodd/openapi over the registered Express routes); pinned to the last commit before the snapshot test was removed (b65bfaa52f)",
    },
  },
  {
    name: "teable",
    repo: "teableio/teable",
    commit: "c398cf4e0d79dfba72a3c8e98234e6b5d8bc17a6",
    framework: "NestJS 10",
    style: "controllers with a project permission decorator (@Permissions), global prefix",
    monorepo: "pnpm",
    app: "apps/nestjs-backend",
    oracle: {
      kind: "generated",
      reader: { type: "registry-calls", dir: "packages/openapi/src", callee: "registerRoute" },
      prefix: "/api",
      note: "the registerRoute({ method, path }) declarations of packages/openapi, the zod-to-openapi registry from which the project builds its public OpenAPI document (served under /api, not committed), read with the TypeScript parser; paths are constants of the same file. The misses are where the registry and the code part: the usage and billing routes (the enterprise edition's, not in the repository), GET /api/attachments/{token} (the code serves /api/attachments/read/{path}), GET /api/plugin/{pluginId}/token (the code's is a POST) and POST .../reaction (the code's are PATCH and DELETE)",
    },
  },
  {
    name: "growthbook",
    repo: "growthbook/growthbook",
    commit: "8f1db4456915a8e7b7faf23d5632ca7219d2f469",
    framework: "Express 4",
    style:
      "a route table of handler objects (createApiRequestHandler(validator)(handler)) registered by router[route.method] in a forEach, beside classic routers",
    monorepo: "pnpm",
    app: "packages/back-end",
    oracle: {
      kind: "generated",
      reader: { type: "openapi", files: ["packages/back-end/generated/spec.yaml"] },
      note: "packages/back-end/generated/spec.yaml, written by src/scripts/generate-openapi.ts from the same zod route specs the handlers are built from; it describes the public REST API under /api (the internal routes the web app calls are indexed too, so precision is low by design)",
    },
  },
  {
    name: "mercur",
    repo: "mercurjs/mercur",
    commit: "e26725277f96881d400f00664fda6a263b89e719",
    framework: "Medusa 2 (file-system routes)",
    style: "a folder of route.ts files (src/api/**/route.ts) with nested middlewares.ts matcher configs",
    monorepo: "bun",
    app: "packages/core",
    oracle: {
      kind: "generated",
      reader: { type: "routes-manifest", file: "packages/cli/routes-manifest.json", module: "@mercurjs/core/" },
      note: "packages/cli/routes-manifest.json, written by packages/cli/scripts/generate-routes-manifest.ts with Mercur's own route-file reader (its codegen, not apidex's rules); paths only, so scored by path. Its @medusajs/medusa entries are the framework's own routes, not this package's, and are left out. The miss is /admin/orders, whose route.ts only declares `export declare const GET` (nothing answers it from this file; apidex reports APX233)",
    },
  },
  {
    name: "lunary",
    repo: "lunary-ai/lunary",
    commit: "a86d6986e0edf7f6f565f9f622f1ab649f86c523",
    framework: "Koa (koa-router)",
    style: "a koa-router per resource with its own prefix, composed with router.use(sub.routes()) into a /v1 router mounted on the app",
    monorepo: "bun",
    app: "packages/backend",
    oracle: {
      kind: "hand-written",
      reader: { type: "openapi-comments", dir: "packages/backend/src" },
      note: "the swagger-jsdoc `@openapi` comment blocks the backend's route files carry, which its /v1/openapi route serves (written by hand beside the routes, so recall only; apidex reads the same comments for documentation, but finds the routes from the registrations)",
    },
  },
  {
    name: "spacebar",
    repo: "spacebarchat/server",
    commit: "74df883a440484a5b6685521c7074e3d77fb9c1f",
    framework: "Express 5",
    style:
      "a folder of router modules (src/api/routes/**, `#param` folders) that lambert-server's registerRoutes walks at start-up and mounts at their paths; route({ permission }) on each registration",
    monorepo: false,
    app: ".",
    oracle: {
      kind: "generated",
      reader: { type: "openapi", files: ["assets/openapi.json"] },
      note: "assets/openapi.json, written by scripts/openapi.js from the built routers and their route() options (x-permission-required); it lists the unversioned /api paths (the same router also answers under /api/v6 to /api/v10). Its generator names each router after the first file that loads it, so the routes of messages.ts, which threads.ts imports, are listed under /threads (GET /api/channels/{id}/threads/, DELETE .../threads/ack: no code registers those) and the real /messages routes are missing from it. Zero-config apidex reads none of the folder (the walk is over the file system at run time): the config's routerFiles names it",
    },
    config: true,
  },
  {
    name: "screwdriver",
    repo: "screwdriver-cd/screwdriver",
    commit: "c5598791a876b9ee7bf6d6faadf5d34af7aecea7",
    framework: "hapi 21 (JavaScript)",
    style:
      "CommonJS hapi: an exported server factory registers the plugins of a static list (require of computed paths) under /v4; each plugin's route-config modules export a function returning { method, path, options: { auth: { scope } } }; code in lib/ and plugins/",
    monorepo: false,
    app: ".",
    oracle: {
      kind: "hand-written",
      reader: { type: "markdown-routes", dir: "plugins" },
      prefix: "/v4",
      note: "the `METHOD /path` lines of the plugins' hand-written README.md files (its API reference; hapi-swagger builds the OpenAPI document at run time and none is committed): recall only. Some lines are stale or examples rather than routes (/users/{id}/settings where the code registers /users/settings, /collections/123/pipelines, a `${id}` left in a path, an artifact path example); the coverage plugin is registered only when the deployment's config names one (APX213), and the OAuth login routes are made per SCM of the run-time config",
    },
  },
  {
    name: "nodebb",
    repo: "NodeBB/NodeBB",
    commit: "ab329b3b4c4d4cc9717b2938908649382cca2b39",
    framework: "Express 4 (JavaScript)",
    style:
      "CommonJS since 2013: modules export through an alias of module.exports (`const Write = module.exports; Write.reload = ...`); routes through the project's helpers (setupApiRoute, setupPageRoute) on routers mounted in a run that starts from app.js's branches; no package.json at the root (the installer writes it)",
    monorepo: false,
    app: ".",
    oracle: {
      kind: "hand-written",
      reader: { type: "openapi", files: ["public/openapi/read.yaml", "public/openapi/write.yaml"] },
      ignoreServerBase: false,
      note: 'public/openapi/read.yaml and write.yaml (served under /api/v3), path items in files of their own; written by hand, though test/api/routes.js fails when a mounted /api route (its GET in the read API) has no schema: recall only. The misses are the remountable page routes (admin, categories, category, topic, post, users, user, groups, tags): src/routes/index.js mounts them in a loop over the object a plugin filter hook returns at start-up (`await plugins.hooks.fire("filter:router.add", { mounts })`, which plugins may change), so apidex reports the loop (APX210) and leaves them out',
    },
  },
  {
    name: "growi",
    repo: "growilabs/growi",
    commit: "5026059aecea8848d8c775752a1a742d230d9e77",
    framework: "Express 4",
    style:
      "routers built by factories (setup(crowi)) and mounted after a guard that returns early until the app is installed (a run-time setting); route setup loaded through `await import()` in a class method; CommonJS and TypeScript mixed",
    monorepo: "pnpm",
    app: "apps/app",
    oracle: {
      kind: "hand-written",
      reader: { type: "openapi-comments", dir: "apps/app/src/server/routes/apiv3" },
      prefix: "/_api/v3",
      note: 'the swagger-jsdoc `@swagger` comment blocks of the apiv3 route files (its /_api/v3 API reference, served under /_api/v3 by the swagger configuration), written by hand beside the routes: recall only. Most of these routes are mounted after `if (!isInstalled) return` (a run-time setting), so apidex indexes them marked `unresolved: ["registration"]` (APX216)',
    },
  },
  {
    name: "trigger.dev",
    repo: "triggerdotdev/trigger.dev",
    commit: "b082e44389337dc6505d590737a6df70867cc8f4",
    framework: "Remix 2 (resource routes)",
    style:
      "app/routes flat-route modules (api.v1.tasks.$taskId.trigger.ts): loader and action exports, many built by route builders whose options name the method",
    monorepo: "pnpm",
    app: "apps/webapp",
    oracle: {
      kind: "hand-written",
      reader: { type: "openapi", files: ["docs/v3-openapi.yaml"] },
      note: "docs/v3-openapi.yaml, the public API reference the docs site renders, written by hand; it documents the public v1-v3 API only (the webapp's many internal resource routes are not in it), so precision says nothing. docs/openapi.yml is the retired v2 events API (its one route is gone from the code) and is not used",
    },
  },
  {
    name: "homarr",
    repo: "homarr-labs/homarr",
    commit: "464d98e124726f30c5f92ccf18a5ebff71e0cdd9",
    framework: "tRPC 11 + trpc-to-openapi in Next.js (App Router)",
    style:
      "an app router of lazy(() => import(...).then(m => m.x)) sub-routers in a workspace package, a second router of six of them served by createOpenApiFetchHandler in app/api/[...trpc]/route.ts; procedures built on a base a run-time flag picks and on a factory object (permissionRequiredProcedure.requiresPermission(key)) whose middleware tests user.permissions.includes(key)",
    monorepo: "pnpm",
    app: "apps/nextjs",
    oracle: {
      kind: "generated",
      reader: { type: "openapi", files: ["apps/docs/static/api/open-api-schema.json"] },
      note: "apps/docs/static/api/open-api-schema.json, fetched by a scheduled CI job from the running server (trpc-to-openapi's generateOpenApiDocument over the six REST routers) and committed; its operations carry no permission (every one says only `apikey`), so keys are not scored. The app's tRPC procedures at /api/trpc are not in it",
    },
  },
  {
    name: "langwatch",
    repo: "langwatch/langwatch",
    commit: "6ce6cbb33f46ff576cbadab622326c6b3477f7e7",
    framework: "Hono 4 (a project's SecuredApp wrapper) + tRPC 11",
    style:
      "about sixty Hono apps, each built by a wrapper class whose access(policy).get(path, ...) reads the Hono method into a constant and calls it with .call(this.hono, ...), mounted with api.route('/', app) on one router a Node server dispatches to; a tRPC router behind a getter that imports it once into a cache; procedures built by a builder object (.permission(key)) whose check is a call named for it; a management-service builder (.version(v, (v) => register(v)).build()) apidex does not run yet",
    monorepo: "pnpm",
    app: "platform/app",
    oracle: {
      kind: "generated",
      reader: { type: "openapi", files: ["docs/api-reference/openapiLangWatch.json"] },
      note: "docs/api-reference/openapiLangWatch.json, written by src/tasks/generateOpenAPISpec.ts (hono-openapi's generateSpecs over the Hono apps, merged) and committed; its operations carry no permission (security names the key kind only), so keys are not scored. The tRPC procedures and the apps it does not list are not in it, so precision says little",
    },
  },
  {
    name: "comp",
    repo: "trycompai/comp",
    commit: "09aa8baa7123ef239296b0a11f639bb6e81a80df",
    framework: "NestJS 11",
    style: "a large module tree with URI versioning (@Controller({ path, version })) and guards reading permission decorators",
    monorepo: "bun",
    app: "apps/api",
    oracle: {
      kind: "generated",
      reader: { type: "openapi", files: ["packages/docs/openapi.json"] },
      note: "packages/docs/openapi.json, written from the running Nest application's SwaggerModule document (apps/api/src/main.ts, checked by gen-openapi.spec.ts) and committed for the docs site",
    },
  },
  {
    name: "apollokit",
    repo: "dengzhaofun/apollokit",
    commit: "0ff270c7aec2490f50534e3e615b5b8f693c82d9",
    framework: "Hono 4 + @hono/zod-openapi (Cloudflare Workers)",
    style:
      "about sixty feature modules of createRoute() routes, each router mounted twice (under /api/v1 and under /api/v1/projects/:projectId), Google-style custom methods (`/entries:bulk`, `{id}:transition`)",
    monorepo: "pnpm",
    app: "apps/server",
    oracle: {
      kind: "generated",
      reader: { type: "openapi", files: ["packages/sdk-core/specs/openapi-admin.json", "packages/sdk-core/specs/openapi-client.json"] },
      note: "packages/sdk-core/specs/openapi-admin.json and openapi-client.json, split by packages/sdk-core/scripts/split-spec.ts from the server's own zod-openapi document and committed for the SDKs; one operation (/health, now /api/health) is stale",
    },
  },
  {
    name: "akash-console",
    repo: "akash-network/console",
    commit: "d84c9e93d7904ec9cbbfd2d62b79994209bea297",
    framework: "Hono 4 + @hono/zod-openapi",
    style: "OpenAPIHono routers per feature, each mounted on the app, with a /* proxy to a notification service",
    monorepo: "npm",
    app: "apps/api",
    oracle: {
      kind: "generated",
      reader: { type: "openapi", files: ["apps/api/swagger/openapi.json"] },
      note: "apps/api/swagger/openapi.json, written by src/swagger-gen-app.ts from the routers' zod-openapi definitions and committed; POST /v1/notification-channels/default is served through a /* proxy",
    },
  },
  {
    name: "akash-notifications",
    repo: "akash-network/console",
    commit: "d84c9e93d7904ec9cbbfd2d62b79994209bea297",
    framework: "NestJS 11",
    style:
      'controllers with @Controller({ path, version: "1" }) under enableVersioning() without options (URI versioning by Nest\'s default)',
    monorepo: "npm",
    app: "apps/notifications",
    oracle: {
      kind: "generated",
      reader: { type: "openapi", files: ["apps/notifications/swagger/swagger.json", "apps/notifications/swagger/swagger.internal.json"] },
      note: "apps/notifications/swagger/swagger.json and swagger.internal.json, generated from the Nest application's SwaggerModule documents and committed",
    },
  },
  {
    name: "sim",
    repo: "simstudioai/sim",
    commit: "0b232eb876e2e0a474dbabd1e53b370cd643076a",
    framework: "Next.js App Router",
    style: "about 1,160 app/api/**/route.ts files: method exports, many wrapped by the project's own handler factories",
    monorepo: "bun",
    app: "apps/sim",
    oracle: {
      kind: "generated",
      reader: {
        type: "openapi",
        files: [
          "apps/docs/openapi-core.json",
          "apps/docs/openapi-v2-billing.json",
          "apps/docs/openapi-v2-files-audit.json",
          "apps/docs/openapi-v2-knowledge.json",
          "apps/docs/openapi-v2-logs.json",
          "apps/docs/openapi-v2-resources.json",
          "apps/docs/openapi-v2-tables.json",
          "apps/docs/openapi-v2-workflows.json",
        ],
      },
      note: "apps/docs/openapi-*.json, the public API reference the docs site renders (the v2 files built from the contracts under apps/sim/lib/api/contracts/v2/openapi); it documents the public API only, so precision says little",
    },
  },
  {
    name: "jellystat",
    repo: "CyferShepard/Jellystat",
    commit: "3fae9f7e168a8c4728892793c2bebfae78e4c34b",
    framework: "Express 4 (JavaScript)",
    style: "CommonJS routers per area (backend/routes/*.js) mounted on the app, with swagger-autogen comments",
    monorepo: false,
    app: ".",
    oracle: {
      kind: "generated",
      reader: { type: "openapi", files: ["backend/swagger.json"] },
      note: "backend/swagger.json, written by swagger-autogen from the Express routes and committed",
    },
  },
  {
    name: "wppconnect-server",
    repo: "wppconnect-team/wppconnect-server",
    commit: "348a672ccfdf21c7a63f0b49c89d8761003fe472",
    framework: "Express 4",
    style:
      "one routes file of router.get/post(path, verifyToken, statusConnection, controller.fn) calls, swagger-autogen comments in the controllers",
    monorepo: false,
    app: ".",
    oracle: {
      kind: "generated",
      reader: { type: "openapi", files: ["src/swagger.json"] },
      note: "src/swagger.json, written by swagger-autogen from the routes and committed",
    },
  },
  {
    name: "wwebjs-api",
    repo: "avoylenko/wwebjs-api",
    commit: "e45da166dc7dafeec228b3761491ffa7ed39ec4a",
    framework: "Express 4 (JavaScript)",
    style: "CommonJS routers built in one file (express.Router() per resource) with middleware chains, swagger-autogen comments",
    monorepo: false,
    app: ".",
    oracle: {
      kind: "generated",
      reader: { type: "openapi", files: ["swagger.json"] },
      note: "swagger.json, written by swagger-autogen from the routes and committed",
    },
  },
  {
    name: "emailengine",
    repo: "postalsys/emailengine",
    commit: "aea4535093276c90d942e0e1723088f316b23754",
    framework: "hapi 21 (JavaScript)",
    style: "server.route({ method, path, handler, options: { auth, validate, tags } }) calls in the API worker, Joi schemas",
    monorepo: false,
    app: ".",
    oracle: {
      kind: "generated",
      reader: { type: "openapi", files: ["test/fixtures/openapi-golden.json"] },
      ignoreServerBase: true,
      note: "test/fixtures/openapi-golden.json, the hapi-swagger document of the running API worker a test keeps as its golden file; an example auth server under examples/ is indexed too (APX412)",
    },
  },
  {
    name: "taas-apis",
    repo: "topcoder-platform/taas-apis",
    commit: "3d018b94cfb4472368edb44f9489ba6f1874aa8a",
    framework: "Express 4 (JavaScript)",
    style:
      "a route table ({ path: { verb: { controller, method, auth, scopes } } }) merged from a folder's modules with Object.assign, registered in nested lodash _.each loops on app[verb] at config.get('BASE_PATH') + path",
    monorepo: false,
    app: ".",
    config: true,
    oracle: {
      kind: "hand-written",
      reader: { type: "openapi", files: ["docs/swagger.yaml"] },
      ignoreServerBase: true,
      prefix: "/api/v5",
      note: "docs/swagger.yaml, written by hand; its server is `/api/{apiVersion}` (apiVersion `v5` by default), the code's node-config BASE_PATH, whose default config/default.js gives as `/api/v5` (APX219: the environment can change it)",
    },
  },
  {
    name: "challenge-api",
    repo: "topcoder-platform/challenge-api",
    commit: "671bc84fe168e0c05ccea3079244bb1d42afd4cd",
    framework: "Express 4 (JavaScript)",
    style:
      "a registry route table ({ path: { verb: { controller, method, auth, access, scopes } } }) whose scopes are node-config values, registered by a lodash _.each loop on app[verb] at `/${config.API_VERSION}${path}`; machine tokens need one of the entry's scopes",
    monorepo: false,
    app: ".",
    config: true,
    oracle: {
      kind: "hand-written",
      reader: { type: "openapi", files: ["docs/swagger.yaml"] },
      note: "docs/swagger.yaml (Swagger 2, basePath /v5), written by hand; GET /challenge-auditLogs and GET /health are the spec's alone (the code serves /challenge-audit-logs, and no /v5/health)",
    },
  },
  {
    name: "member-api",
    repo: "topcoder-platform/member-api",
    commit: "623538fbf50f12789ce80c9ce92e79119904d94a",
    framework: "Express 4 (JavaScript)",
    style:
      "the same registry template: route table with node-config scopes, lodash _.each loops on app[verb] at `/${config.API_VERSION}${path}`",
    monorepo: false,
    app: ".",
    config: true,
    oracle: {
      kind: "hand-written",
      reader: { type: "openapi", files: ["docs/swagger.yaml"] },
      note: "docs/swagger.yaml (Swagger 2, basePath /v5), written by hand; it lists the scopes in prose only",
    },
  },
  {
    name: "lookups-api",
    repo: "topcoder-platform/lookups-api",
    commit: "a58ebe53ccb3f8b672a985c9bf0756414ed3927a",
    framework: "Express 4 (JavaScript)",
    style:
      "the same registry template: route table with scope constants, registered at `${config.API_VERSION}${path}` (node-config, `/v5`)",
    monorepo: false,
    app: ".",
    config: true,
    oracle: {
      kind: "hand-written",
      reader: { type: "openapi", files: ["docs/swagger.yaml"] },
      note: "docs/swagger.yaml (Swagger 2, basePath /v5), written by hand; its prose about scopes (read/update/all) is older than the code's (create/update/delete, none on reads)",
    },
  },
  {
    name: "groups-api",
    repo: "topcoder-platform/groups-api",
    commit: "fe53715e90ccabcfc7917596e7b4fa9e7f93cf98",
    framework: "Express 4 (JavaScript)",
    style:
      "the same registry template: route table with literal scopes, registered at `${config.API_PREFIX}${path}` (node-config, empty by default)",
    monorepo: false,
    app: ".",
    config: true,
    oracle: {
      kind: "hand-written",
      reader: { type: "openapi", files: ["docs/swagger.yml"] },
      note: "docs/swagger.yml (OpenAPI 3), written by hand; five code routes (health, cache flush, validity check, PATCH and member DELETE) are not in it",
    },
  },
  {
    name: "odk-central",
    repo: "getodk/central-backend",
    commit: "4f5943d13dd775fcecd2e21f9b8957db885d1ca3",
    framework: "Express 4 (JavaScript)",
    style:
      "resource modules `(service, endpoint) => service.get(path, endpoint(fn))` applied to the app in a loop; a package's middleware made from the app (`service.use(exit.middleware(service))`); node-config",
    monorepo: false,
    app: ".",
    oracle: {
      kind: "hand-written",
      reader: { type: "openapi", files: ["docs/api.yaml"] },
      stripPrefix: "/v1",
      note: "docs/api.yaml, written by hand; its paths carry `/v1`, which a middleware strips before routing (the code registers the paths without it). The misses are the paths served by the generic `/config/:key` route, the example and `/dl` paths (the three `…/([$])metadata` OData paths are read as `$metadata`)",
    },
  },
  {
    name: "coms",
    repo: "bcgov/common-object-management-service",
    commit: "0d1a3c13f35002bb2daf4c6306b612edbb3d40d2",
    framework: "Express 4 (JavaScript)",
    style: "the API router mounted with a regular expression (`app.use(/(\\/api)?/, apiRouter)`), node-config",
    monorepo: false,
    app: "app",
    oracle: {
      kind: "hand-written",
      reader: { type: "openapi", files: ["app/src/docs/v1.api-spec.yaml"] },
      note: "app/src/docs/v1.api-spec.yaml, written by hand (servers `/api/v1`); the code serves the API at `/v1` and `/api/v1`, both indexed",
    },
  },
  {
    name: "chefs",
    repo: "bcgov/common-hosted-form-service",
    commit: "c29a05341a449951523dbec8a4d1761188dcbbb0",
    framework: "Express 4 (JavaScript)",
    style:
      "a shared helper mounts each module's router, or a dispatcher middleware that hands some requests to a second router (`return router(req, res, next)`); base path from node-config",
    monorepo: false,
    app: "app",
    config: true,
    oracle: {
      kind: "hand-written",
      reader: { type: "openapi", files: ["app/src/docs/v1.api-spec.yaml"] },
      ignoreServerBase: true,
      prefix: "/app/api/v1",
      note: "app/src/docs/v1.api-spec.yaml, written by hand (servers `/api/v1`); the code mounts it under node-config's `frontend.basePath`, `/app` in config/default.json (APX219). Four spec operations differ from the code in their names",
    },
  },
  {
    name: "nginx-proxy-manager",
    repo: "NginxProxyManager/nginx-proxy-manager",
    commit: "a62c2a6dc3ab51e6fedc34d3ea3506bc9373953f",
    framework: "Express 4 (JavaScript, ESM)",
    style:
      '`router.route(path).options().all(jwt).get().put()` chains; handlers hand `res.locals.access` to a service layer whose methods check `access.can("users:list")`',
    monorepo: false,
    app: "backend",
    config: true,
    oracle: {
      kind: "hand-written",
      reader: { type: "openapi", files: ["backend/schema/swagger.json"] },
      ignoreServerBase: true,
      note: "backend/schema/swagger.json, written by hand (servers `http://127.0.0.1:81/api`: the `/api` the nginx in front of it adds, so the spec paths are compared as the backend serves them); its operations carry no permission keys, which the config run reads from the service layer",
    },
  },
  {
    name: "firecrawl",
    repo: "firecrawl/firecrawl",
    commit: "61e38dc893a50bcaaaaac89c1117a7b51e9824fb",
    framework: "Express 4 + express-ws",
    style: "the app handed back by express-ws (`expressWs(express()).app`), versioned routers; pnpm monorepo",
    monorepo: "pnpm",
    app: "apps/api",
    oracle: {
      kind: "hand-written",
      reader: { type: "openapi", files: ["apps/api/openapi.json", "apps/api/openapi-v0.json"] },
      note: "apps/api/openapi.json (v1) and openapi-v0.json, written by hand; the code also serves v2 and admin routes they do not describe",
    },
  },
  {
    name: "relayapi",
    repo: "relayapi-dev/relayapi",
    commit: "7c0f59f1329118aff00876fb978df3000bdfab18",
    framework: "Hono 4 + @hono/zod-openapi",
    style: 'createRoute + app.openapi per resource, createMiddleware guards reading `c.get("permissions")`; pnpm monorepo',
    monorepo: "pnpm",
    app: "apps/api",
    oracle: {
      kind: "generated",
      reader: { type: "openapi", files: ["apps/docs/openapi.json"] },
      note: "apps/docs/openapi.json, generated from the same zod-openapi routes for the docs site and committed",
    },
  },
  {
    name: "cricket247",
    repo: "web-dev-sayantan/cricket247",
    commit: "72b52ddefd2050d5485a2adcd57b3502f053f7f9",
    framework: "Hono 4 + oRPC 1",
    style:
      "oRPC procedures served by an OpenAPIHandler and an RPCHandler inside Hono's app.use(), beside plain Hono CRUD routes; bun + turbo monorepo",
    monorepo: "bun",
    app: "apps/server",
    oracle: {
      kind: "generated",
      reader: { type: "openapi", files: ["apps/server/openapi.json"] },
      note: "apps/server/openapi.json (servers /api), generated from the oRPC router and committed; it describes the oRPC procedures only",
    },
  },
  {
    name: "trema",
    repo: "trema-ai/trema",
    commit: "95e38230364b66505def3c031b2a6c7277b83437",
    framework: "Hono 4 + oRPC 1",
    style: "oRPC OpenAPIHandler and RPCHandler mounted in a Hono app with handle(request, { prefix }); pnpm monorepo",
    monorepo: "pnpm",
    app: "apps/server",
    oracle: {
      kind: "generated",
      reader: { type: "openapi", files: ["apps/server/openapi.json"] },
      note: "apps/server/openapi.json (servers /api/v1), generated from the oRPC router and committed",
    },
  },
  {
    name: "tc-project-service",
    repo: "topcoder-platform/tc-project-service",
    commit: "ada92eb8f9425752816691af3f805aa208f39f9e",
    framework: "Express 4 (JavaScript)",
    style: "one routes file of router.route(path).get(...).post(...) chains under a /v5 router, CommonJS",
    monorepo: false,
    app: ".",
    oracle: {
      kind: "hand-written",
      reader: { type: "openapi", files: ["docs/swagger.yaml"] },
      note: "docs/swagger.yaml (Swagger 2, basePath /v5), written by hand; two of its paths are no longer in the code",
    },
  },
  {
    name: "cxserver",
    repo: "wikimedia/mediawiki-services-cxserver",
    commit: "ef92bced8e8b0a1207ba74a9d937e3d73512b365",
    framework: "Express 4 (JavaScript)",
    style: "Wikimedia's service template: route modules exporting { path, api_version, router } mounted at /:domain?/v{api_version}{path}",
    monorepo: false,
    app: ".",
    oracle: {
      kind: "hand-written",
      reader: { type: "openapi", files: ["spec.yaml"] },
      note: "spec.yaml, written by hand (the service template's x-amples spec)",
    },
  },
  {
    name: "disease-sh",
    repo: "disease-sh/API",
    commit: "cdea5fac227b88b6933012ddb4bc592ec21fde07",
    framework: "Express 4 (JavaScript)",
    style: "routers per API version in CommonJS files, mounted on the app",
    monorepo: false,
    app: ".",
    oracle: {
      kind: "hand-written",
      reader: { type: "openapi", files: ["public/apidocs/swagger_v3.json"] },
      note: "public/apidocs/swagger_v3.json, the API reference the service serves, written by hand; its three /v3/influenza/cdc/* paths are /CDC/ in the code, which Express matches case-insensitively by default (scored as misses)",
    },
  },
  {
    name: "limejourney",
    repo: "LimeJourney/limeJourney",
    commit: "97b6af4ea5cfaf9cb73d2ab3ccde41f750699bb8",
    framework: "tsoa 6 (Express)",
    style:
      "@Route controllers split between two tsoa configs (tsoa.public.json and tsoa.private.json, each with its own controllerPathGlobs and routes.basePath) that the package scripts name with -c",
    monorepo: "npm",
    app: "apps/core-backend",
    oracle: {
      kind: "generated",
      reader: { type: "openapi", files: ["apps/core-backend/src/generated/private/swagger.json"] },
      note: "apps/core-backend/src/generated/private/swagger.json, written by `tsoa spec` from the internal API's controllers and committed (servers /api/internal/v1). The public API's document (src/generated/public/swagger.json) names its server `/` though its routes are served under /api/v1, so it is not scored; apidex indexes those 7 operations there",
    },
  },
  {
    name: "sourcify",
    repo: "ethereum/sourcify",
    commit: "5e362a8707ff10af76673c9ae1c05250dffcb0ff",
    framework: "Express 4",
    style: "routers per API (v1 stateless and session, v2) composed in one server class, with OpenAPI path items kept beside the routes",
    monorepo: "npm",
    app: "services/server",
    oracle: {
      kind: "hand-written",
      reader: { type: "openapi", files: ["services/server/src/openapi.yaml", "services/server/src/apiv2.yaml"] },
      ignoreServerBase: true,
      note: "services/server/src/openapi.yaml (its path items in *.paths.yaml files beside the routes, followed through $ref) and apiv2.yaml, written by hand; their /server base is the proxy's, not the code's",
    },
  },
  {
    name: "traduora",
    repo: "ever-co/ever-traduora",
    commit: "9b04d479b2a20f6007a3e539803a4f4c9144f11c",
    framework: "NestJS 11",
    style:
      "controllers with @nestjs/swagger decorators; project actions checked by an injected service's authorizeProjectAction(user, projectId, ProjectAction.X) against role tables",
    monorepo: "yarn",
    app: "api",
    oracle: {
      kind: "generated",
      reader: { type: "openapi", files: ["docs-website/static/docs/api/v1/swagger.json"] },
      note: "docs-website/static/docs/api/v1/swagger.json (Swagger 2), the document @nestjs/swagger builds from the controllers (served at api/v1/swagger), committed with the docs site; last written for an earlier release, so routes added since are extra",
    },
  },
  {
    name: "dokploy",
    repo: "Dokploy/dokploy",
    commit: "772b76821771c53b072c2fbb95cf8876e1a65ae4",
    framework: "Next.js Pages Router + tRPC 11 + @dokploy/trpc-openapi",
    style:
      "one tRPC app router of per-domain routers served at /api/trpc and, through the project's trpc-openapi fork, as REST at /api/{router}.{procedure}; better-auth statements checked by procedure builders",
    monorepo: "pnpm",
    app: "apps/dokploy",
    oracle: {
      kind: "generated",
      reader: { type: "openapi", files: ["openapi.json"] },
      note: "openapi.json, written by the project's generate:openapi script (apps/dokploy/scripts/generate-openapi.ts) from the app router with @dokploy/trpc-openapi and committed; its server is https://…/api",
    },
  },
  {
    name: "interop-catalog",
    repo: "pagopa/interop-be-monorepo",
    commit: "21b6a2e28d3d9adf64bb1da1b6bbe0b33f8567f1",
    framework: "Express 4 + Zodios",
    style: "zodiosContext().app() and ctx.router(api) routers typed by an API definition generated from the OpenAPI document",
    monorepo: "pnpm",
    app: "packages/catalog-process",
    oracle: {
      kind: "hand-written",
      reader: { type: "openapi", files: ["packages/api-clients/open-api/catalogApi.yml"] },
      note: "packages/api-clients/open-api/catalogApi.yml, written by hand; the code's Zodios API definition is generated from it",
    },
  },
  {
    name: "sdc-vmapi",
    repo: "joyent/sdc-vmapi",
    commit: "88b20156dd658cfe14d8f07e799eb51063855119",
    framework: "restify 4 (JavaScript)",
    style:
      "CommonJS restify service (Triton's VMAPI): restify.createServer in lib/vmapi.js, each endpoint module's mount(server) registers server.get/post/put/del/head({ path, name }, ...handlers)",
    monorepo: false,
    app: ".",
    oracle: {
      kind: "hand-written",
      reader: { type: "markdown-routes", dir: "docs", files: ["docs/index.md"] },
      note: "docs/index.md, the hand-written API reference (`## GetVm (GET /vms/:uuid)`), with its example requests (literal uuids, `?action=` queries): recall only. Nothing is indexed: server.js makes the app (`new VmapiApp(options)`, an ES5 constructor whose prototype methods call restify.createServer and each endpoint module's mount(server)) inside the completion callback of vasync and moray client calls, which apidex does not run (a package's callback may run once, never, or many times); every registration is reported unreached (APX210) with the mount() call that would have run it",
    },
  },
  {
    name: "sdc-papi",
    repo: "joyent/sdc-papi",
    commit: "3d7b19a0a9117ff07af0c002c983bbf670baa37c",
    framework: "restify 4 (JavaScript)",
    style:
      "CommonJS restify service (Triton's PAPI): an exported createServer(options) makes the server with restify.createServer, server.use() middleware, and server.get/head/post/put/del(ROUTE_CONST, ...handlers)",
    monorepo: false,
    app: ".",
    oracle: {
      kind: "hand-written",
      reader: { type: "markdown-routes", dir: "docs", files: ["docs/index.md"] },
      note: "docs/index.md, the hand-written API reference (`## GetPackage (GET /packages/:uuid)`): recall only. Every route the code registers is indexed; the two misses are the document's: `DELETE /package/:uuid` (the code and the rest of the document say /packages/:uuid) and an example request with a literal uuid",
    },
  },
  {
    name: "sourceloop-notification-service",
    repo: "sourcefuse/loopback4-microservice-catalog",
    commit: "2cd2d216d937e02b577bf37ffcbda4288f00da87",
    framework: "LoopBack 4",
    style:
      "a BootMixin application booting src/controllers/*.controller.ts by convention; @get/@post/@patch/@del with operation specs; loopback4-authorization's @authorize({ permissions }) of PermissionKey enum members",
    monorepo: "npm",
    app: "services/notification-service",
    oracle: {
      kind: "generated",
      reader: { type: "openapi", files: ["services/notification-service/openapi.json"] },
      note: "services/notification-service/openapi.json, written by the service's openapi-spec script (src/openapi-spec.ts boots the application and dumps LoopBack's own document) and committed. Its operation descriptions are tables of the permission keys that the project's own OpenAPI enhancer (@sourceloop/core) writes at start-up, not text of the sources, so they do not agree with apidex's (which are the spec's own); the keys in those tables are the any-of groups apidex reads from @authorize({ permissions }) (38 of 38 operations agree). The one APX210 is packages/core's CoreControllerBooter, whose `bindController(controllerClass)` registers what a booter finds at run time",
    },
  },
  {
    name: "adonis-rest-api-boilerplate",
    repo: "HasanAshab/adonis-rest-api-boilerplate",
    commit: "3d04143c7b44d69d58b5afc890b3ec0ddc829586",
    framework: "AdonisJS 6",
    style:
      "route files under routes/v1 that each export a function of router.group(...) calls with lazy controller imports, loaded by a Router macro (router.discover) that walks the folder at start-up",
    monorepo: false,
    app: ".",
    oracle: {
      kind: "generated",
      reader: { type: "openapi", files: ["swagger.yml"] },
      note: "swagger.yml, written by adonis-autoswagger from router.toJSON() and committed. Every route is missed, and said (APX210): start/routes.ts registers nothing itself but calls `router.discover('routes/v1', ...)`, a Router macro of the project's (app/providers/route_provider.ts) that walks the folder with fs.readdirSync at start-up, imports each file and runs its default-export function inside a group prefixed with the file's path; apidex reports the macro call and each route file's registrations (in functions nothing in the sources calls) rather than guessing which files a folder walk loads",
    },
  },
  {
    name: "gncs-api",
    repo: "GoodNightCouchSide/gncs-api",
    commit: "9f6984ac72bab8d3da1a4bea9b9c136cd860a9d3",
    framework: "AdonisJS 5",
    style:
      "start/routes.ts with Route.group(...).prefix(), Route.resource(...).middleware({...}).apiOnly() and 'Controller.method' strings",
    monorepo: false,
    app: ".",
    oracle: {
      kind: "hand-written",
      reader: { type: "openapi", files: ["docs/swagger/paths/auth.yml", "docs/swagger/paths/events.yml", "docs/swagger/paths/other.yml"] },
      note: "docs/swagger/paths/*.yml, path items written by hand for adonis5-swagger (recall only). The code serves every route under the group prefix `_api` (start/routes.ts); the hand-written paths say `/_api/events` for two operations and `/api/...` for the rest (auth, health, one event), which the service does not serve: those 7 misses are the document's drift, and POST /_api/events/upload is in no route of the code",
    },
  },
  {
    name: "appi",
    repo: "Droni-app/AppiV2",
    commit: "bb9effd3605d70d0a381cf9155f39bc78343e699",
    framework: "AdonisJS 6",
    style:
      "start/routes.ts importing per-module route files (#start/routes/*): router.group(...).prefix().use(), router.resource(...).only(), lazy controller imports through package.json subpath imports",
    monorepo: false,
    app: ".",
    oracle: {
      kind: "generated",
      reader: { type: "openapi", files: ["swagger.yml"] },
      note: "swagger.yml, written by adonis-autoswagger from router.toJSON() and committed a day before the pinned commit (recall 100%). Extras: each resource's PATCH update beside PUT (autoswagger keeps one, its preferredPutPatch), /swagger and /docs (its config's ignore list), and the routes added the next day (back/sites, learn course inscriptions, lesson answers' store)",
    },
  },
  {
    name: "tutorinsa",
    repo: "Campus-INSA-CVL/tutorinsa-server",
    commit: "61807b8f927271b2feef128c1274a17ee18bcdb4",
    framework: "Feathers 4 (@feathersjs/express)",
    style:
      "Feathers 4 generated layout: services configured from src/services/index.ts, feathers-mongoose classes with overridden methods, hooks modules with feathers-hooks-common's disallow(), the authentication service and feathers-authentication-management",
    monorepo: false,
    app: ".",
    oracle: {
      kind: "hand-written",
      reader: {
        type: "feathers-swagger-docs",
        services: {
          "/authManagement": "src/docs/authManagement.doc.yml",
          "/authentication": "src/docs/authentication.doc.yml",
          "/departments": "src/docs/subjects.doc.yml",
          "/mailer": "src/docs/mailer.doc.yml",
          "/posts": "src/docs/posts.doc.yml",
          "/rooms": "src/docs/rooms.doc.yml",
          "/subjects": "src/docs/subjects.doc.yml",
          "/subscriptions": "src/docs/subscriptions.doc.yml",
          "/users": "src/docs/users.doc.yml",
          "/years": "src/docs/years.doc.yml",
        },
      },
      note: 'the feathers-swagger docs the project writes by hand as YAML, one file per service (src/docs/*.doc.yml, loaded by src/docs/utils/yamlLoader.ts and set as `service.docs`; departments.service.ts loads subjects.doc.yml), each `operations` key placed where feathers-swagger documents it. No document with paths is committed (feathers-swagger builds it at run time), so the oracle is hand-written: recall only. Every miss is an operation the code refuses over REST with feathers-hooks-common\'s `disallow()` in the service\'s hooks module (Feathers answers 405), which the docs still list: `update` of departments, posts, rooms, subjects, subscriptions, users and years (`update: [disallow()]`), `patch` of rooms, `find`, `get` (`disallow("external")`), `create` and `remove` of subscriptions; and POST /mailer, whose hooks `disallow("external")` on every method (apidex also cannot read that service, `Object.assign(Mailer(transport), { docs })`, and says so, APX246). Indexed beyond the docs: the services they do not document (notifications, push, subscriptions-notifications), DELETE /authentication/{id}, and PATCH/DELETE without an id of the services whose own classes (not a database adapter) answer them. Keys: the project authorizes with its own CASL hooks (src/hooks/authentication/authorize.ts) reading abilities built at run time, so no key is read; users\' `checkPermissions({ permissions: [...] })` \u2014 a hook that filters the `permissions` field of the data, not a check \u2014 is taken for one by the shared recognizer (by its name and options property), giving POST/PATCH /users the keys admin, eleve, tuteur.',
    },
  },
  {
    name: "cnpmcore",
    repo: "cnpm/cnpmcore",
    commit: "30877b2b50a8d1517c01bf7b7f330a95c12813ca",
    framework: "Egg.js 4 (tegg)",
    style:
      "tegg controllers: @HTTPController() classes under app/port/controller with @HTTPMethod({ method: HTTPMethodEnum.X, path }) methods, @Middleware(...) on classes and methods",
    monorepo: false,
    app: ".",
    oracle: {
      kind: "hand-written",
      reader: { type: "openapi", files: ["docs/openapi.json"] },
      note: "docs/openapi.json, bundled by redocly from the hand-written docs/openapi.yaml (recall only). The 5 misses are the document's drift: HookController is `@HTTPController({ path: '/-/npm' })`, so the service answers the hook routes at /-/npm/v1/hooks... (npm's own hooks API path), which apidex indexes, while the document writes /v1/hooks...; the other extra is HomeController's POST /* catch-all (misc requests), which the document leaves out",
    },
  },
  {
    name: "moleculer-ts-template",
    repo: "jellydn/moleculer-typescript-template",
    commit: "6b5ee5ec177f28aa0a8697cec3e5c210f8442e54",
    framework: "Moleculer Web 0.10",
    style:
      "services/*.service.ts exporting ServiceSchema objects; an API gateway (moleculer-web mixin) with an alias route and an autoAliases route whose actions declare `rest` (strings without a method, objects)",
    monorepo: false,
    app: ".",
    oracle: {
      kind: "generated",
      reader: { type: "openapi", files: ["public/docs/open-api.json"] },
      note: 'public/docs/open-api.json, generated from the services\' swagger comments and committed (recall 3/3). Indexed beyond it, as moleculer-web serves them: `/api/health/check` (an alias without a method: every method) and `/api/greeter/welcome` (an action `rest` without a method: every method), which the document lists once (GET). The `/api` route sets `mappingPolicy: "all"` (every action also callable at `/api/{service}/{action}`): said once (APX248), not indexed',
    },
  },
  {
    name: "apicolor",
    repo: "brunoLNascimento/apiColor",
    commit: "1b7c4f47692d8d1bf7db6be0cc17dfc8d08b9aa9",
    framework: "Express 4 + consign",
    style:
      "consign({ cwd: 'app' }).include('models').then('controllers').then('routes').then('config').into(app): each routes module exports function (server) registering its routes on the app",
    monorepo: false,
    app: ".",
    oracle: {
      kind: "generated",
      reader: { type: "openapi", files: ["swagger_output.json"] },
      note: "swagger_output.json, written by swagger-autogen from app/routes/color_routes.js and committed (a later commit removed it); recall 3/4. The routes module is a function consign calls with the app (`module.exports = function (server) { server.post(...) }`), loaded from `app/routes` below `cwd: 'app'`. The one miss is the document's own path syntax: swagger-autogen copies Express's optional parameter as `/findAllPokemon/{page?}`, which is no OpenAPI template; apidex indexes the route `/findAllPokemon/:page?` as both variants Express answers, `/findAllPokemon` and `/findAllPokemon/{page}`.",
    },
  },
  {
    name: "cmpaas",
    repo: "wagnerperin/CMPaaS__",
    commit: "fb9da6b47c418a3d9e1014b04088b0896bab11f9",
    framework: "Express 4 + consign",
    style:
      "consign({ cwd: 'app', extensions: ['.js'] }).include('helpers').then('models').then('api').then('routes').then('swagger').into(app): controllers made by functions of the app (app/api), routes modules reading them from it (`const api = app.api.user`) and registering `app.route('/user').post(...).get(...)`",
    monorepo: false,
    app: ".",
    oracle: {
      kind: "hand-written",
      reader: { type: "openapi", files: ["app/swagger/swagger.json"] },
      note: "app/swagger/swagger.json, written by hand and served by the swagger module consign loads last (recall 4/4). Each route reads its controller from the app, where consign attached the module loaded before it (`app.api.user`, from app/api/user.js). Indexed beyond the document: GET /group, GET /maps and POST /maps, which the routes register and the document does not list. The APX210 is true: the chain includes a `helpers` folder the repository does not have (consign logs it and goes on).",
    },
  },
  {
    name: "bunship",
    repo: "mayhemds/bunship",
    commit: "7e1ac08aee0a62378f56624aadb29fa099d1f58c",
    framework: "Elysia 1 (Bun)",
    style:
      "plugin instances `new Elysia({ prefix })` per resource, `use()`d inside `group(appConfig.api.prefix, app => ...)`; auth and organization plugins deriving the user, permission checks in `beforeHandle`",
    monorepo: "bun",
    app: "apps/api",
    oracle: {
      kind: "hand-written",
      reader: {
        type: "markdown-routes",
        dir: "apps/api/src/routes",
        filePrefix: { "apps/api/src/routes/README.md": "/api/v1" },
      },
      note: 'the API reference the project writes by hand as README.md files beside its routes (apps/api/src/routes/README.md, admin/README.md, auth/README.md; the first writes its paths without the `/api/v1` group prefix the other two write, hence `filePrefix`), so recall only. The one miss is the reference\'s drift: invitations.ts\'s accept route (`POST /invitations/:token/accept`) is a plugin `use()`d by organizationRoutes (`new Elysia({ prefix: "/organizations" })`), so Elysia serves it at /api/v1/organizations/invitations/{token}/accept, which apidex indexes. Indexed beyond the reference: billing, webhooks, API keys, audit logs and files of an organization, POST /admin/users, the health, cron and Stripe webhook routes outside the group, and the two root routes; keys are read from `beforeHandle: requirePermission("x:y")`. The admin and owner checks are a derived `isAdmin` and requireOwner(), which name no key',
    },
  },
  {
    name: "postgres-meta",
    repo: "supabase/postgres-meta",
    commit: "641831e0555d8f9eab278014956ec2cf1ee1174d",
    framework: "Fastify 4",
    style:
      "one plugin per resource registered with `{ prefix }` from routes/index.ts, TypeBox type provider (`withTypeProvider<TypeBoxTypeProvider>()`), route schemas",
    monorepo: false,
    app: ".",
    oracle: {
      kind: "generated",
      reader: { type: "openapi", files: ["openapi.json"] },
      commit: "650f9e8c39ecdf98fef877f35e54c9e3266ace53",
      note: "openapi.json, written by the project's `docs:export` script (@fastify/swagger over the real routes) and published on the gh-pages branch, whose commit 650f9e8c says it documents 641831e0 (the pinned commit). Indexed beyond it: GET / and GET /health, which app.ts adds with `app.get` right after `app.register(swagger)`: a registration is loaded later, so @fastify/swagger's onRoute hook is not there yet when these two are added and the document leaves them out, though Fastify serves them. The service authorizes nothing by key (the connection string is a header), so no keys",
    },
  },
  {
    name: "ziit",
    repo: "0PandaDEV/Ziit",
    commit: "7400832c432c0a5fc95f09110fdfa5a2c9e1007b",
    framework: "Nuxt 4 (Nitro server routes)",
    style:
      "server/api/**/*.<method>.ts files, each a defineEventHandler default export; server/middleware/auth.ts checks the session or API key by path; a [...badge] catch-all",
    monorepo: false,
    app: ".",
    oracle: {
      kind: "hand-written",
      reader: { type: "openapi", files: ["public/openapi.yaml"] },
      note: "public/openapi.yaml, the hand-written reference of the external API (the editor extensions' heartbeats and stats, the public badge and leaderboard), served as a static file (recall 7/7); the app's own session routes are not in it, so precision says nothing. Every file has a method suffix, so each of the 27 files is one operation. The APX408 pair is true (POST /api/external/heartbeat and /heartbeats derive the same operation id); the APX205 is the public badge's `[...badge]` catch-all. server/middleware/auth.ts checks a session by path prefix and no permission key, so no operation has keys",
    },
  },
  {
    name: "kener",
    repo: "rajnandan1/kener",
    commit: "880080cea1ef162e4945c9f306fba98ca3e99898",
    framework: "SvelteKit 2 (+server.ts endpoints)",
    style:
      "src/routes/(group)/**/+server.ts endpoints exporting GET/POST/PATCH/DELETE RequestHandlers; the v4 REST API under (api)/api/v4, its API-key check in hooks.server.ts",
    monorepo: false,
    app: ".",
    oracle: {
      kind: "hand-written",
      reader: { type: "openapi", files: ["static/api-references/v4.json"] },
      ignoreServerBase: true,
      note: "static/api-references/v4.json, the hand-written reference of the v4 REST API the docs render (servers[0] is a `{serverUrl}` template); the status pages' own endpoints (badges, RSS, embeds, dashboard APIs) are not in it, so precision says nothing (recall 37/37). svelte.config.js sets `paths: { base: process.env.KENER_BASE_PATH ? process.env.KENER_BASE_PATH : '' }`: read as the variable's default, the empty string (APX219 there; a second APX219 where scripts/main.ts, the Express server that wraps the built handler and adds GET /healthcheck, reads it again). `docs/raw/[...slug].md` is a rest parameter inside a segment, a catch-all (APX205). The APX219 for DATABASE_URL at knexfile.ts is false: the Express adapter evaluates `knex(knexOb)` in scripts/main.ts and so the database URL's default, which makes no path (left alone). The dashboard's POST /manage/api dispatches on a body field to ~90 actions, each checked with `RequirePermission(userPermissions, ACTION_PERMISSION_MAP[action])` (a key looked up at run time, by the project's own capitalized name, which is no recognizer); its one key, users.write, is a `userPermissions.has('users.write')` under a condition, which apidex counts as required",
    },
  },
  {
    name: "ungh",
    repo: "unjs/ungh",
    commit: "0a9e46706845dcba6da1ffa9a48b4617c3029d03",
    framework: "Nitro 2 (standalone)",
    style:
      "a Nitro app at the repository root (routes/ in its srcDir), every file a method-less eventHandler (h3 calls it for every method); [...path] and [...repos] catch-alls; nitro.config routeRules with a proxy rule",
    monorepo: false,
    app: ".",
    oracle: {
      kind: "hand-written",
      reader: { type: "markdown-routes", dir: ".", files: ["README.md"], pathHeadings: true },
      note: "README.md's API section, one heading per path (`### \`/repos/{owner}/{name}\``) without a method: scored by path (recall 13/13). No route file has a method suffix and no handler tests the method, so h3 answers every method at each of the 17 files: indexed under GET, POST, PUT, PATCH and DELETE (APX230 ×17); the README leaves out /, /_health, /openapi.json and the files route with a path. `[...path]` and `[...repos]` are catch-alls (APX205). nitro.config's routeRules `'/user/find/**': { proxy: '/users/find/**' }` answers the old path by proxying to the new one; route rules are not read, so it is not indexed",
    },
  },
  {
    name: "recipe-backend",
    repo: "erenatalay/recipe-backend-typescript",
    commit: "d03fa37bcfa7d314e88820c37e1464e2ac9e6d52",
    framework: "Express 4",
    style:
      "class-based route registries: each module's `class XRouter { public router = Router(); constructor() { this.initialiseRoutes(); } private initialiseRoutes() { this.router.get(...) } }`, an instance made at module level and its `router` exported; a MainRouter class mounts them, and the app mounts it under /api",
    monorepo: false,
    app: ".",
    oracle: {
      kind: "generated",
      reader: { type: "openapi", files: ["swagger_output.json"] },
      note: "swagger_output.json, written by swagger-autogen (swagger.js) from the route files; its basePath /api is the app's mount. Read zero-config from the first run (25 of 25 minus one, no warnings): the one miss, PUT /api/wishlist/{id}, is the document's, written before the wishlist router dropped its PUT route (the code at this commit registers none)",
    },
  },
  {
    name: "sprintapi",
    repo: "Saba-Izraqi/sprintAPI",
    commit: "c7cc7a4289689e8bace285c1b0e278d59248594b",
    framework: "Express 5",
    style:
      "route classes extending an abstract BaseRoute (`router = Router({ mergeParams: true })` and `initRoutes()` in its constructor, `path` a field such as `/:projectId/members`); the server globs routes/*.{ts,js}, imports each file, and mounts every exported BaseRoute subclass at `${apiPrefix}${instance.path}`; controllers resolved from a tsyringe container; permission middleware factories (`restrictTo(ProjectPermission.MODERATOR)`)",
    monorepo: false,
    app: ".",
    oracle: {
      kind: "generated",
      reader: { type: "openapi", files: ["src/API/swagger/generated-api-docs.json"] },
      ignoreServerBase: true,
      note: "src/API/swagger/generated-api-docs.json, written by the project's swagger-jsdoc script (src/API/scripts/generate-swagger.ts) from the @swagger blocks of src/API/swagger/paths/*.ts; its paths carry /api/v1 and so do its servers. Pinned at the last commit that holds it (a later one deletes the swagger folder). The first run indexed 2 (recall 0%, APX210×48): the loader awaits glob 11's promised `glob`, walks each imported module with for...in and keeps the exports whose `Object.getPrototypeOf(C).name` is BaseRoute. The 5 misses are the document's: GET /issues/key/{key}, /issues/my-assigned, /sprints/{id}/issues and /epics/{id}/issues are documented but registered by no route class at this commit, and POST /project/{projectId}/sprints is served at /{projectId}/sprints (the class's `path`), which the document lists too. APX211×3 is the code's: EpicRoutes, IssueRoutes, ProjectMembersRoutes and SprintRoutes call `this.router = Router(...)` and `initRoutes()` again after `super()` already did, so the router BaseRoute's constructor made is filled and then replaced, never mounted (the warnings name those first routers, at base.route.ts)",
    },
  },
  {
    name: "hedgedoc",
    repo: "hedgedoc/hedgedoc",
    commit: "d706c2b2adc9c066125d08936b9f416ba911ef4e",
    framework: "NestJS 10 (Fastify)",
    style:
      "RouterModule.register(routes) mounting a public and a private API module at constant prefixes; a permission decorator read by a guard through Reflector",
    monorepo: "yarn",
    app: "backend",
    oracle: {
      kind: "hand-written",
      reader: { type: "openapi", files: ["docs/content/old/dev/public_api.yml"] },
      note: "docs/content/old/dev/public_api.yml, the hand-written OpenAPI reference of the public API (servers /api/v2) kept with the docs since HedgeDoc 2's design (last changed 2023; it defines one component schema twice, which the reader takes as JSON does, the later one). The backend mounts PublicApiModule at /api/v2, PrivateApiModule at /api/private and MediaRedirectModule at /media through RouterModule.register(routes) with constant prefixes, all read; @RequirePermission(PermissionLevel.X) sets the `requiredPermission` metadata its PermissionsGuard reads through Reflector (READ, WRITE, FULL on the note routes). The 5 misses are routes the code no longer has: GET/PUT/DELETE /me/history/{note}, GET /me/history (the history was replaced by the private explore API) and PUT /notes/{note}/metadata/permissions (now the users/groups/owner/visibility sub-routes, indexed); every reference route the code still serves is indexed (17/17). The private API and /media are not in the reference, so precision says nothing. APX501 ×4: path parameters typed by a nestjs-zod DTO (`NoteUserPermissionUpdateDto['username']`, createZodDto over a schema of the workspace package @hedgedoc/commons, whose types are built to dist/ and not in the tree) read as `any`",
    },
  },
  {
    name: "refly",
    repo: "refly-ai/refly",
    commit: "71f8b875c8751e881776749d8ed7a74383b65fb0",
    framework: "NestJS 10",
    style: "a pnpm monorepo's Nest app (apps/api) of ~55 controllers with versioned prefixes written into @Controller('v1/...')",
    monorepo: "pnpm",
    app: "apps/api",
    oracle: {
      kind: "hand-written",
      reader: { type: "openapi", files: ["packages/openapi-schema/schema.yml"] },
      commit: "d891abca61eebe350b0a17cc5b03cdf4bc2bc1b1",
      note: "packages/openapi-schema/schema.yml, the hand-written OpenAPI document (servers /v1) from which the project generates its client and types (@hey-api), read at d891abca6, the last commit where it parses (at the pinned commit a merge left a mis-indented line in components, no path changed). The two misses are where the document and the code part: GET /v1/auth/account/list (the code serves GET /v1/auth/accounts) and POST /v1/voucher/trigger (removed; the controller says so); every other documented operation is indexed (179/179 of those the code serves). The CLI, internal and webhook controllers are not in the document, so precision says little. APX217 ×14: `isDesktop()` (a MODE environment check) in the `imports` of fourteen modules picks desktop or server modules: both branches indexed, what only one brings marked, as documented. APX219 (QUEUES) and APX213 (langfuse.baseUrl) are noise from files no route depends on (src/scripts/cleanup-stale-bull-jobs.ts, a one-shot ops script; src/tracer.ts), whose top level every adapter evaluates; APX205 is misc's `public/:storageKey(*)` catch-all; APX501 ×17 are `any`-typed parameters and bodies",
    },
  },
  {
    name: "supabase-storage",
    repo: "supabase/storage",
    commit: "ead7337f3623fd22aef18e4a6f9766f4227f02f2",
    framework: "Fastify 5",
    style:
      "two apps (app.ts and admin-app.ts), each resource folder an index plugin registering its route plugins, mounted with relative prefixes (`{ prefix: 'bucket' }`); fastify-plugin hooks (jwt, apikey) and plugin factories; JSON schemas",
    monorepo: false,
    app: ".",
    oracle: {
      kind: "generated",
      reader: { type: "openapi", files: ["static/api.json", "static/api-admin.json"] },
      implicitHead: true,
      note: "static/api.json and static/api-admin.json, written by the project's `docs:export` script (src/scripts/export-docs.ts: @fastify/swagger over the main and the admin app, injected) and committed on the ci/openapi-drift-check branch (ead7337f, pinned: the code and its documents together). The swagger config sets `exposeHeadRoutes: true`, so the documents list the HEAD route Fastify adds beside every GET; apidex counts a GET's HEAD as the GET's (`implicitHead`). Missed: the 11 S3-protocol operations under /s3 (src/http/routes/s3/index.ts), registered in `methods.forEach(...)` over a Map its own Router class fills from the command modules at run time (APX210 ×2 says so). Indexed beyond the documents: GET /version and GET /status, which admin-app.ts adds with `app.get` before the registered swagger plugin loads (its onRoute hook is not there yet), GET /metrics (behind `prometheusMetricsEnabled`, off when the documents were written; APX217) and the two pprof routes registered only `isRunningUnderWatt` (APX217). APX403 ×3: /metrics, /version and /status are served by both apps (two servers, APX412). APX216 ×4: the s3, render, iceberg and vector plugins return early on a config flag. APX205 ×32: Fastify's `*` is a catch-all (`/object/:bucketName/*`), indexed as one `{wildcard}` segment. Access is decided by the JWT's role (`enforceJwtRoles`) and the database's row-level security, no permission keys, so none are indexed",
    },
  },
  {
    name: "jackson",
    repo: "boxyhq/jackson",
    commit: "e2a22b74f52077c1d1c71894723c846f0bd9a9a0",
    framework: "Next.js Pages Router",
    style:
      "pages/api/**/*.ts default exports that hand a method table to a dispatcher (`await defaultHandler(req, res, { GET: handleGET, POST: handlePOST })`), [param] files and folders, handlers re-exported from ee/ modules; a middleware.ts authenticates by path (API key for /api/v1/**, session for /api/admin/**); next.config rewrites alias some paths",
    monorepo: false,
    app: ".",
    oracle: {
      kind: "generated",
      reader: { type: "openapi", files: ["swagger/swagger.json"] },
      ignoreServerBase: true,
      note: "swagger/swagger.json, written by swagger-jsdoc (npm run swagger-jsdoc) from the @openapi comments of the library under npm/src; its paths carry /api/v1 (server http://localhost:5225). First run zero-config = final: 32 of 34 (94.1%), APX205×2 APX219×2 APX230×6. The 2 misses are the document's: POST /oauth/token and GET /oauth/userinfo are the library's own paths, which this app serves at /api/oauth/token and /api/oauth/userinfo (pages/api/oauth/*.ts, both indexed; next.config rewrites only /oauth/jwks). APX230×6 are true: hello.ts, import-hack.ts and the two dsync cron handlers test no method (they answer any), the SCIM catch-all hands req.method to the library, and [...nextauth].ts default-exports NextAuth(...). APX219×2 (HOST_URL, JACKSON_API_KEYS in lib/env.ts) come from evaluating the handlers' `await jackson()`, whose options object reads them; they make no path (the shared interpreter says every environment default it evaluates)",
    },
  },
  {
    name: "agora-next",
    repo: "voteagora/agora-next",
    commit: "fa3f297339c08951ae9f46071bc6d58b5dfb5d77",
    framework: "Next.js App Router",
    style:
      "src/app/api/**/route.ts (about a hundred) exporting `async function GET(request, route)`, deep [param] folders, handlers that import their services lazily (`await import(...)`) and check an API key first (`authenticateApiUser(request)`)",
    monorepo: false,
    app: ".",
    oracle: {
      kind: "hand-written",
      reader: { type: "openapi", files: ["spec/oas_v1.yaml"] },
      note: "spec/oas_v1.yaml, the public API reference written by hand (server https://vote.optimism.io/api/v1); it documents the public v1 API only, so precision says little. First run zero-config = final: 41 of 41, no warnings; every one of the 101 route files is indexed (108 operations)",
    },
  },
  {
    name: "shopping-backend",
    repo: "samchon/shopping-backend",
    commit: "3a11cedf634ccc312a8f49f3917dc87cb908972f",
    framework: "NestJS 11 + nestia",
    style:
      "nestia controllers: @TypedRoute.Get/Post/Put/Patch/Delete (`@core.TypedRoute.Patch()` through nestia's default export), @TypedBody/@TypedParam/@TypedQuery, abstract controller classes per actor (customers, sellers, admins) made concrete by factory functions",
    monorepo: false,
    app: ".",
    oracle: {
      kind: "generated",
      reader: { type: "openapi", files: ["packages/api/swagger.json"] },
      ignoreServerBase: true,
      note: "packages/api/swagger.json, written by nestia's own generator (`npx nestia swagger`, nestia.config.ts) from the Nest application; its server is the production host (no base path). First run zero-config: 35.4% — most controllers are `class ShoppingAdminCouponController extends ShoppingCouponWritableController({ path: \"admins\", AuthGuard })`, whose `@Controller(`shoppings/${props.path}/coupons`)` is on an abstract class a factory function makes, and NestJS controllers without a `@Controller` of their own were dropped silently; now served under the nearest one up the chain, read with the factory's arguments: 206 of 206 (100%), 209 indexed, no warnings. The 3 indexed operations the document lacks are the `@internal` ones nestia leaves out of it (DELETE /shoppings/admins/coupons/{id}/destroy, GET /monitors/system/internal_server_error and uncaught_exception)",
    },
  },
  {
    name: "agrific-api",
    repo: "ocdkerosine/foalts-mongodb-api-boilerplate",
    commit: "39380ea810925af3a25ece44bc25860dbc9cf298",
    framework: "FoalTS 2",
    style:
      'a Foal app: AppController\'s subControllers (controller("/api/v2", ApiController)) nested two levels, JWT hooks (@JWTRequired) and the project\'s own hooks, @Options("*") for CORS',
    monorepo: false,
    app: ".",
    oracle: {
      kind: "generated",
      reader: { type: "openapi", files: ["openapi.yml"] },
      note: "openapi.yml, written by Foal's own createOpenApiDocument(ApiController) (src/scripts/generate-openapi-doc.ts); its paths are relative to the API controller, whose server URL carries /api/v2. First run zero-config = final: 6 of 7 (85.7%), APX205×2. The miss is the document's form of ApiController's `@Options(\"*\")`: Foal's OpenAPI writer puts a `/` before a relative path (`/*`), while its router joins by concatenation, so Express serves `/api/v2*` (indexed as `/api/v2{wildcard}`, APX205). The one indexed operation the document lacks is AppController's `@Get(\"*\")` (the SPA fallback), outside the documented ApiController",
    },
  },
];
