import pluralize from "pluralize";

/** One route a resource registers: its action (the controller method), methods and pattern. */
export interface ResourceAction {
  action: string;
  /** Upper-case methods, as AdonisJS registers them (HEAD beside GET). */
  methods: string[];
  pattern: string;
}

/**
 * The routes `router.resource(name, controller)` registers, as @adonisjs/http-server's `RouteResource` builds
 * them: `posts` gives index, create, store, show, edit, update (PUT and PATCH) and destroy under `/posts`
 * and `/posts/:id`; a nested name (`posts.comments`) puts each parent and its `:post_id` first
 * (`/posts/:post_id/comments`); a shallow resource (`router.shallowResource`) leaves the parents out of the
 * routes of one item (show, edit, update, destroy: `/comments/:id`).
 */
export function resourceActions(resource: string, shallow: boolean): ResourceAction[] {
  const names = resource.replace(/^\//, "").replace(/\/$/, "").split(".");
  const main = names.pop()!;
  const base = `${names.map((parent) => `${parent}/:${resourceId(parent)}`).join("/")}/${main}`;
  const item = shallow ? main : base;
  return [
    { action: "index", methods: ["GET", "HEAD"], pattern: base },
    { action: "create", methods: ["GET", "HEAD"], pattern: `${base}/create` },
    { action: "store", methods: ["POST"], pattern: base },
    { action: "show", methods: ["GET", "HEAD"], pattern: `${item}/:id` },
    { action: "edit", methods: ["GET", "HEAD"], pattern: `${item}/:id/edit` },
    { action: "update", methods: ["PUT", "PATCH"], pattern: `${item}/:id` },
    { action: "destroy", methods: ["DELETE"], pattern: `${item}/:id` },
  ];
}

/** The parameter of a parent resource: `photos` → `photo_id` (singular, snake case), as AdonisJS names it. */
export function resourceId(resource: string): string {
  return `${snakeCase(pluralize.singular(resource))}_id`;
}

/** Snake case as case-anything writes it (AdonisJS's `string.snakeCase`): words split on case and separators. */
export function snakeCase(value: string): string {
  const words = value
    .replace(/([a-z\d])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .split(/[^A-Za-z\d]+/)
    .filter(Boolean);
  return words.map((w) => w.toLowerCase()).join("_");
}
