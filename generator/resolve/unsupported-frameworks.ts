/**
 * HTTP frameworks apidex has no adapter for, by the packages that bring them: a module that imports one
 * serves routes apidex does not index, which is said (APX002) rather than left to an empty index.
 */
const UNSUPPORTED: readonly { name: string; packages: RegExp; hint?: string; when?: RegExp }[] = [
  { name: "Marble.js", packages: /^@marblejs\/(core|http)$/ },
  // Controllers by decorators whose routes and served controllers these libraries declare their own way.
  { name: "@decorators/express", packages: /^@decorators\/express$/ },
  { name: "koa-joi-controllers", packages: /^koa-joi-controllers$/ },
  // Routes made from an OpenAPI document at start-up, each operation bound to a handler by its operationId:
  // no route is written in the code.
  ...[
    { name: "fastify-openapi-glue", packages: /^fastify-openapi-glue$/ },
    { name: "openapi-backend", packages: /^openapi-backend$/ },
    { name: "express-openapi", packages: /^express-openapi$/ },
    { name: "oas-tools", packages: /^(@oas-tools\/core|oas-tools)$/ },
    { name: "exegesis", packages: /^exegesis(-express|-koa)?$/ },
    { name: "swagger-routes-express", packages: /^swagger-routes-express$/ },
    { name: "hapi-openapi", packages: /^hapi-openapi$/ },
    { name: "swagger-tools", packages: /^swagger-tools(\/.*)?$/ },
    // swagger-node (a127) and its runner, with `api/swagger/swagger.yaml` and `x-swagger-router-controller`.
    { name: "swagger-express-mw", packages: /^(swagger-express-mw|swagger-node-runner|swagger-connect|swagger-hapi|swagger-restify-mw)$/ },
    { name: "swaggerize", packages: /^swaggerize-(express|hapi|koa)$/ },
    { name: "oas3-tools", packages: /^oas3-tools(\/.*)?$/ },
    // A validator first; with `operationHandlers` it also routes each operation to a handler module.
    { name: "express-openapi-validator", packages: /^express-openapi-validator$/, when: /\boperationHandlers\s*:/ },
  ].map((f) => ({
    ...f,
    hint: "Its routes are the operations of the OpenAPI document it is given, bound to handlers by operationId: that document already describes them (apidex does not index them, nor their checks).",
  })),
];

/** What to tell the user about an unsupported framework, when it is not the general advice. */
export function unsupportedHint(name: string): string | undefined {
  return UNSUPPORTED.find((f) => f.name === name)?.hint;
}

/**
 * The name of the unsupported HTTP framework a module specifier brings, if it is one; a library that only
 * routes with an option (`when`) counts where the importing module's text uses it.
 */
export function unsupportedFramework(specifier: string, text?: string): string | undefined {
  return UNSUPPORTED.find((f) => f.packages.test(specifier) && (!f.when || (text !== undefined && f.when.test(text))))?.name;
}
