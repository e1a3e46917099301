/**
 * The values Effect's HTTP modules (`@effect/platform` 0.9x, with `effect` 3.x) make, as apidex keeps them.
 * Every one of them is immutable at run time: each method returns a new value, so these are copied, never
 * changed in place (packages/platform/src/HttpApiEndpoint.ts, HttpApiGroup.ts, HttpApi.ts, internal/httpRouter.ts).
 */
import type { DocComment } from "../../resolve/doc-comment.js";
import type { ts } from "../../typescript.js";

/** What `OpenApi` annotations say of an endpoint, a group or an API (`OpenApi.annotations({...})`, `.annotate(OpenApi.Summary, "...")`). */
export interface Annotations {
  summary?: string;
  description?: string;
  title?: string;
  identifier?: string;
  deprecated?: boolean;
  exclude?: boolean;
}

/** An `HttpApiMiddleware.Tag` given to `.middleware(...)`: the class (or value) and where it is given. */
export interface MiddlewareUse {
  /** The argument of `.middleware(...)`. */
  node: ts.Expression;
  /** The middleware's class, when it is one of the sources. */
  decl?: ts.ClassLikeDeclaration;
  /** Imported from a package: its implementation is the package's (no key of the project's). */
  fromPackage: boolean;
}

/** `HttpApiEndpoint.get("name", "/path")` and what its methods make of it. */
export interface Endpoint {
  type: "endpoint";
  name: string;
  method: string;
  /** The path as Effect keeps it (`/users/:id`), or undefined when apidex cannot read it (said where it is written). */
  path: string | undefined;
  /** The constructor call (`HttpApiEndpoint.get(...)`, or the tagged template). */
  node: ts.Node;
  middlewares: MiddlewareUse[];
  annotations: Annotations;
  /** The comment written above the endpoint. */
  doc?: DocComment;
}

/** `HttpApiEndpoint.get("name")`: the tag of the template form (``HttpApiEndpoint.get("name")`/users/${id}` ``). */
export interface EndpointTag {
  type: "endpointTag";
  name: string;
  method: string;
  node: ts.Node;
}

/** `HttpApiSchema.param("id", schema)`: a path parameter of the template form; `name` undefined when not static. */
export interface PathParam {
  type: "param";
  name: string | undefined;
}

export interface Group {
  type: "group";
  id: string;
  /** `HttpApiGroup.make("x", { topLevel: true })`: operation ids without the group's name. */
  topLevel: boolean;
  /** By name, as Effect keys them: adding an endpoint of the same name replaces it. */
  endpoints: Map<string, Endpoint>;
  middlewares: MiddlewareUse[];
  annotations: Annotations;
  node: ts.Node;
}

export interface Api {
  type: "api";
  id: string;
  /** By identifier, as Effect keys them. */
  groups: Map<string, Group>;
  middlewares: MiddlewareUse[];
  annotations: Annotations;
  node: ts.Node;
}

/** `HttpApiMiddleware.Tag<Self>()`, to be called with the middleware's id and options. */
export interface MiddlewareMaker {
  type: "middlewareMaker";
}

/** `OpenApi.annotations({...})`: a context of annotations. */
export interface AnnotationContext {
  type: "annotations";
  annotations: Annotations;
}

/** One route of an `HttpRouter`: the method (`*` for `all`) and the path as the router keeps them. */
export interface RouterRoute {
  method: string;
  path: string;
  /** The handler expression (an Effect, usually `Effect.gen(function* () {...})`). */
  handler?: ts.Expression;
  node: ts.CallExpression;
  doc?: DocComment;
}

/** An `HttpRouter`: its routes, with mounts already flattened (Effect's `mount` is `concat(prefixAll(...))`). */
export interface Router {
  type: "router";
  routes: RouterRoute[];
  node: ts.Node;
}

/** A data-last router operation (`HttpRouter.get("/x", handler)`), applied by `pipe`. */
export interface RouterStep {
  type: "routerStep";
  apply: (router: Router, at: ts.Node) => Router;
}

/** `HttpRouter.route("GET")`: a route maker for one method. */
export interface RouteMaker {
  type: "routeMaker";
  method: string;
}

/** `HttpRouter.makeRoute(method, path, handler)`: a route for `fromIterable` or `append`. */
export interface RouteValue {
  type: "route";
  route: RouterRoute;
}

/** An endpoint whose name apidex could not read (said where it is made): nothing to add. */
export interface Unread {
  type: "unread";
}

export type EffectObject =
  | Unread
  | Endpoint
  | EndpointTag
  | PathParam
  | Group
  | Api
  | MiddlewareMaker
  | AnnotationContext
  | Router
  | RouterStep
  | RouteMaker
  | RouteValue;
