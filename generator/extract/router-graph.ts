import type { ts } from "../typescript.js";
import type { SourceSite } from "../diagnostics/diagnostic.js";
import type { DocComment } from "../resolve/doc-comment.js";
import type { RequiredParam } from "./required-params.js";
import type { BranchChoice } from "../resolve/branch-choice.js";
import type { NodeRef } from "./incremental/module-summary.js";
import type { RouteBound } from "../resolve/values.js";

/**
 * An application or router as registered in the sources (an Express router, a Hono app, a Koa router, a
 * Fastify context): its stack of layers in registration order, as the framework keeps it at run time.
 */
export interface RouterNode {
  id: number;
  kind: "app" | "router";
  site: SourceSite;
  stack: Layer[];
  /** Set once something mounts it (or tries to: an unresolved prefix is reported on its own). */
  mounted: boolean;
  /** A prefix the router applies to all its own paths (Koa's `new Router({ prefix })`). */
  prefix?: string;
  /** Its prefix could not be read (reported where it is written): its routes are left out, not indexed without it. */
  prefixUnreadable?: true;
  /**
   * Its prefix (or the leading part of it) could not be read, and is reported where it is written: its routes
   * are indexed relative to it (under `prefix`, what follows that part, if any), marked `unresolved: ["path"]`.
   */
  prefixUnknown?: true;
}

export type Layer = RouteLayer | MiddlewareLayer | MountLayer;

/**
 * A permission check on a layer: its keys are all the graph needs. The evaluator's check values carry
 * their call node too; a layer replayed from an earlier run (extract/incremental) has only the keys.
 */
export interface RouteCheck {
  keys: string[];
  /** The keys are alternatives: any one of them passes the check. */
  any?: boolean;
  /** An argument of the check could not be read: `keys` are only those that could. */
  unresolved?: boolean;
  /** Read again for each route, from its full path (resolve/values.ts); absent on a replayed layer. */
  routeBound?: RouteBound;
}

export interface RouteLayer {
  type: "route";
  /** Upper-case methods; `ALL` for `router.all(...)`. */
  method: string;
  /** Raw Express paths (an array path registers each). */
  paths: string[];
  checks: RouteCheck[];
  /** `all()` layers whose handlers all look like middleware only add checks, they are not operations. */
  terminal: boolean;
  /** For `ALL`: the methods its handler lets through, when it refuses some (`if (req.method !== "POST") return`); all when absent. */
  methods?: string[];
  doc?: DocComment;
  /** The answering handler (the last function in the arguments). */
  handler?: ts.FunctionLikeDeclaration;
  /** The name its author gave that handler (extract/handler-label.ts), kept for a replayed route without its tree. */
  handlerLabel?: string;
  /** Path parameters the handler refuses every request without (extract/required-params.ts). */
  requires?: RequiredParam[];
  /** Registered after an early exit whose condition apidex cannot read: served only when it does not exit. */
  conditional?: true;
  /** Conditional only by branches of `if`s apidex cannot read: which (Interpreter.uncertainBranches). */
  branches?: BranchChoice[];
  /**
   * Every function of this one-method registration passes the request on (`next()`, Express's middleware
   * signature): a gate of a later registration of the same method and path, which answers (model/shadowed.ts).
   */
  passesOn?: true;
  /**
   * The path's leading part could not be read (`options.prefix + "users"`): `paths` are what follows it, and
   * the route is indexed relative to it, marked `unresolved: ["path"]`, as under a mount prefix apidex cannot read.
   */
  prefixUnknown?: true;
  /**
   * The value that answers could not be read (`controllers[name].generate`): the route carries an unresolved
   * check, and this warning (APX301) is said where the route is indexed (not for a router nothing mounts).
   */
  unreadHandler?: { message: string; hint: string; site: SourceSite };
  /** The registration call, whose type arguments some frameworks type routes with (Fastify). */
  registration?: ts.CallExpression | ts.ObjectLiteralExpression;
  /** Where the handler and registration are, for a documented route replayed without its syntax tree (extract/incremental). */
  handlerAt?: NodeRef;
  registrationAt?: NodeRef;
  site: SourceSite;
}

export interface MiddlewareLayer {
  type: "middleware";
  paths: string[];
  /** true: matches the exact path only (`all(path, check)`); false: the path and everything below it (`use`). */
  end: boolean;
  checks: RouteCheck[];
  /** Runs for this method only (`router.get("/items/*", check, (req, res, next) => next())`); every method when absent. */
  method?: string;
  site: SourceSite;
}

export interface MountLayer {
  type: "mount";
  paths: string[];
  router: RouterNode;
  /** Mounted after an early exit whose condition apidex cannot read: what it serves is conditional too. */
  conditional?: true;
  /** Conditional only by branches of `if`s apidex cannot read: which (Interpreter.uncertainBranches). */
  branches?: BranchChoice[];
  /**
   * Mounted under a prefix apidex cannot read (`app.use(config.basePath, router)`): what it serves is indexed
   * relative to it, marked `unresolved: ["path"]`.
   */
  prefixUnknown?: true;
  /**
   * A router given as a route's handler (`app.all("/entries*", router)`): it sees the request's whole path
   * (nothing is stripped) and only the requests the route matches, so its middleware reach later routes only
   * there: at `path` (below the parent's prefix; everything below it unless `end`), for `method` if one.
   */
  filter?: {
    path: string;
    end: boolean;
    method?: string;
    /** The router's routes outside the filter are never reached (itty-router: it matches the whole path; Express's keeps them). */
    only?: true;
    /** Only the paths below `path` reach it, not `path` itself (h3's `/api/**`, which needs a segment after `/api`). */
    below?: true;
  };
  site: SourceSite;
}
