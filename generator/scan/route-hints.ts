// Which files the scan parses, decided from a file's path and text alone. Kept apart from the parser:
// the run cache asks it too, on runs that never load the compiler.

/**
 * Whether a file's text could register a route or create an app: a framework import, a Next.js route
 * file, a Remix / React Router route module (a `loader` or `action` export), or a registration-shaped call (also one
 * whose method is chosen at run time: `app[verb](path, ...)`, `router[route.method](...)`). The others (models, services, utilities) are parsed only when
 * an analysed file imports them, which is most of the saving on large services.
 */
export function mayRegisterRoutes(text: string, relativePath: string): boolean {
  return (
    NEXT_ROUTE_FILE.test(relativePath) ||
    EGG_ROUTER_FILE.test(relativePath) ||
    SAILS_CONFIG.test(relativePath) ||
    TEGG_CONTROLLER.test(text) ||
    ROUTE_DECORATOR.test(text) ||
    ROUTE_HINTS.test(text) ||
    ROUTE_MODULE_EXPORTS.test(text) ||
    CDK_ROUTES.test(text) ||
    TANSTACK_START.test(text) ||
    FETCH_SERVERS.test(text) ||
    FRESH_IMPORT.test(text) ||
    declaresDocument(text)
  );
}

/**
 * A module that builds zod-openapi's document (`createDocument({ paths })`) registers nothing, but its
 * operations document routes (resolve/zod-openapi-docs.ts), and nothing imports it from a route.
 */
function declaresDocument(text: string): boolean {
  return text.includes("zod-openapi") && ZOD_OPENAPI_IMPORT.test(text) && /\bcreateDocument\b/.test(text);
}
const ZOD_OPENAPI_IMPORT = /\bfrom\s*["']zod-openapi["']/;

// File-system routes: `route.ts` in any folder (App Router, configured `fileRoutes`), SvelteKit's `+server.ts`,
// Nuxt and Nitro server routes (`server/api/**`, `routes/**`), Pages Router API files, Astro endpoints (`src/pages/**`),
// a routes folder's `middlewares.ts`, Remix / React Router route modules (`app/routes/*`) and React Router's
// route config (`app/routes.ts`).
const NEXT_ROUTE_FILE =
  /(^|[\\/])(route\.(ts|tsx|js|mjs|mts)|\+server\.(ts|js|mts|mjs)|(server[\\/])?(api|routes)[\\/].*\.(ts|tsx|js|mjs|mts|cjs|cts)|pages[\\/]api[\\/].*\.(ts|tsx|js|mjs|mts)|src[\\/]pages[\\/].*\.(ts|js|mjs|mts)|middlewares\.(ts|mts|js|mjs)|app[\\/]routes([\\/].+)?\.(ts|tsx|js|jsx|mjs|mts))$/;
// An Egg.js application's router module (and the modules it is split into, `app/router/*.ts`), which needs no
// import: egg-core's loader calls the function it exports with the app.
const EGG_ROUTER_FILE = /(^|[\\/])app[\\/]router(\.|[\\/].*\.)(ts|js|mjs|cjs|mts|cts)$/;
// A tegg controller (`@HTTPController()` from egg or @eggjs/tegg), which makes no registration-shaped call.
const TEGG_CONTROLLER = /@HTTPController\s*\(/;
// A method decorator named for an HTTP verb: a controller of a decorator framework, a known one (whose import
// says so as well) or the project's own (`@Get("/:id")` from `../http/decorators`: extract/own-decorators.ts).
const ROUTE_DECORATOR = /@(Get|Post|Put|Patch|Delete|All|Head|Options)\s*\(/;
// Sails' route table, policies and blueprint settings: config modules that import nothing.
const SAILS_CONFIG = /(^|[\\/])config[\\/](routes|policies|blueprints)\.js$/;
// `.listen(` too: an entry that starts a server class of the sources (`new AppServer().listen(port)`), whose
// call is what runs the class's route setup. And a variant of a route method, given a path first, on a value named
// like a router (`router.getAsync("/lists", ...)`: a method the project adds to its routers).
const ROUTE_HINTS =
  /["'](express|router|express-promise-router|@zodios\/express|fastify|hono(\/[^"']*)?|@hono\/zod-openapi|koa|@koa\/router|koa-router|@nestjs\/[^"']+|routing-controllers|tsoa|@tsoa\/runtime|inversify-express-utils|@tsed\/[^"']+|@adonisjs\/core\/services\/router|@ioc:Adonis\/Core\/Route|@loopback\/(rest|openapi-v3|core|boot)|@overnightjs\/core|@foal\/core|@midwayjs\/(core|decorator)|@trpc\/server(\/[^"']*)?|@hono\/trpc-server|trpc-to-openapi|trpc-openapi|@orpc\/(server|openapi|contract)(\/[^"']*)?|elysia|@hapi\/hapi|hapi|restify|restify-router|polka|@tinyhttp\/app|itty-router(\/[^"']*)?|@feathersjs\/(feathers|express|koa)|moleculer|moleculer-web|@azure\/functions|@google-cloud\/functions-framework|firebase-functions(\/[^"']*)?|@effect\/platform(\/[^"']*)?|effect\/(unstable\/)?(http-api|httpapi)(\/[^"']*)?|encore\.dev\/(api|service))["']|\.(get|post|put|patch|delete|del|all|options|opts|head|use|pre|route|register|on|basePath|addHook|setGlobalPrefix|enableVersioning|openapi|registerPath|group|guard|applyRoutes|listen)\s*\(|\b(app|router|api|routes?|server|fastify|\w*Router|\w*App)\s*\[[^\]\n]+\]\s*\(|\[\s*[\w.]*(method|Method|verb|Verb)\w*(\.toLowerCase\(\))?\s*\]\s*\(|\b(app|router|api|routes?|server|\w*Router|\w*App)\.(get|post|put|patch|delete|del|all|head|options)\w+\s*\(\s*["'`]\//;
// AWS CDK's API Gateway constructs (CDK 2's module paths and barrel namespaces, CDK 1's packages) and SST's
// constructs, SST v3's global components (`new sst.aws.ApiGatewayV2(...)`): infrastructure code that declares an
// API's routes without a registration-shaped call.
const CDK_ROUTES =
  /["'](aws-cdk-lib\/aws-apigateway(v2)?|@aws-cdk\/aws-apigateway(v2(-alpha)?)?|sst\/constructs)["']|\baws_apigateway(v2)?\b|\bsst\.aws\.(ApiGatewayV[12]|Function)\b/;
// TanStack Start: a route module (`createFileRoute(...)`, the earlier `createServerFileRoute` and `createAPIFileRoute`)
// anywhere — a virtual route config may route a file outside the routes folder —, and the Start instance whose
// `requestMiddleware` runs before every server route (`src/start.ts`), which no route imports.
const TANSTACK_START = /\bcreate(FileRoute|ServerFileRoute|APIFileRoute|Start)\s*[(<]/;
// A service on the Web fetch API without a router package (extract/fetch): Bun's and Deno's servers, a Worker's
// `export default { fetch }` (its `fetch(request, env)` method or property) and a `fetch` event listener.
const FETCH_SERVERS =
  /\b(Bun|Deno)\.serve\s*\(|from\s*["']bun["']|addEventListener\s*\(\s*["']fetch["']|^\s*(async\s+)?fetch\s*(\([^)]*\)\s*(:[^{]*)?\{|:)|export\s+default\s*\{[^}]*\bfetch\b/m;
// A module importing Deno's Fresh (1.x through the import map's `$fresh/`, 2.x's `fresh` or `@fresh/core`): with
// Deno's config beside them, it says where the project's `routes/` folder is, whether or not a route imports Fresh
// (Fresh 2's `utils.ts` makes the `define` the routes use).
const FRESH_IMPORT =
  /["'](\$fresh\/[^"']*|fresh(\/[^"']*)?|@fresh\/core(\/[^"']*)?|jsr:@fresh\/core[^"']*|https:\/\/deno\.land\/x\/fresh@[^"']*)["']/;
// A Remix / React Router route module anywhere (a route config may name any file, `flatRoutes()` any folder).
const ROUTE_MODULE_EXPORTS =
  /export\s+(async\s+function|function|const|let)\s+(loader|action)\b|export\s+const\s*\{[^}]*\b(loader|action)\b/;

/** Whether a module specifier names an HTTP framework apidex reads (its routers, apps and modules serve routes). */
export function isFrameworkModule(specifier: string): boolean {
  return FRAMEWORK_MODULE.test(specifier);
}
const FRAMEWORK_MODULE =
  /^(express|router|express-promise-router|@zodios\/express|fastify|hono(\/.*)?|@hono\/zod-openapi|koa|@koa\/router|koa-router|@nestjs\/.+|routing-controllers|tsoa|@tsoa\/runtime|inversify-express-utils|@tsed\/.+|@adonisjs\/core\/services\/router|@ioc:Adonis\/Core\/Route|@loopback\/(rest|openapi-v3|core|boot)|@overnightjs\/core|@foal\/core|@midwayjs\/(core|decorator)|@trpc\/server(\/.*)?|@hono\/trpc-server|trpc-to-openapi|trpc-openapi|elysia|@hapi\/hapi|hapi|koa-mount|restify|restify-router|polka|@tinyhttp\/app|itty-router(\/.*)?|@feathersjs\/(feathers|express|koa)|@azure\/functions|@google-cloud\/functions-framework|firebase-functions(\/.*)?|@effect\/platform(\/.*)?|effect\/(unstable\/)?(http-api|httpapi)(\/.*)?|encore\.dev\/(api|service))$/;
