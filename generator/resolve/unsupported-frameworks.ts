/**
 * HTTP frameworks apidex has no adapter for, by the packages that bring them: a module that imports one
 * serves routes apidex does not index, which is said (APX002) rather than left to an empty index.
 */
const UNSUPPORTED: readonly { name: string; packages: RegExp }[] = [
  { name: "oRPC", packages: /^@orpc\/(server|openapi)(\/.*)?$/ },
  { name: "AdonisJS", packages: /^@adonisjs\/(core|http-server)(\/.*)?$/ },
  { name: "LoopBack", packages: /^@loopback\/rest$/ },
  { name: "Feathers", packages: /^@feathersjs\/feathers$/ },
  { name: "Moleculer Web", packages: /^moleculer-web$/ },
  { name: "restify", packages: /^restify$/ },
  { name: "Polka", packages: /^polka$/ },
  { name: "tinyhttp", packages: /^@tinyhttp\/app$/ },
  { name: "itty-router", packages: /^itty-router$/ },
  { name: "Marble.js", packages: /^@marblejs\/(core|http)$/ },
  { name: "Sails", packages: /^sails$/ },
  // Controllers by decorators whose routes and served controllers these libraries declare their own way.
  { name: "OvernightJS", packages: /^@overnightjs\/core$/ },
  { name: "@decorators/express", packages: /^@decorators\/express$/ },
  { name: "koa-joi-controllers", packages: /^koa-joi-controllers$/ },
];

/** The name of the unsupported HTTP framework a module specifier brings, if it is one. */
export function unsupportedFramework(specifier: string): string | undefined {
  return UNSUPPORTED.find((f) => f.packages.test(specifier))?.name;
}
