import type { SourceSite } from "../diagnostics/diagnostic.js";
import type { ts } from "../typescript.js";
import type { DocComment } from "../resolve/doc-comment.js";
import type { NodeRef } from "./incremental/module-summary.js";
import type { BranchChoice } from "../resolve/branch-choice.js";

/**
 * One route as a framework adapter sees it: plain facts, no policy. Everything downstream (operation ids,
 * effects, closed routes, artifacts) is derived from these, whatever the framework.
 */
export interface RouteFact {
  framework: string;
  /** Upper-case HTTP method. */
  method: string;
  /** Full path in OpenAPI style: `/v1/invoices/{invoice_id}`. */
  path: string;
  /** Placeholders in path order. */
  pathParams: string[];
  /**
   * Each path parameter matches any one segment (no pattern, no catch-all), where the adapter's path syntax
   * tells: a later registration of the same method at the same path with other parameter names matches the
   * same requests, and is shadowed as one at the same path is (model/shadowed.ts).
   */
  plainParams?: true;
  /** Permission keys every check on the way to the handler requires, sorted and unique. */
  permissions: string[];
  /** Groups of alternative keys (each satisfied by any one of its keys), when a check accepts any of several. */
  anyOf?: string[][];
  /** Facts that could not be read statically (`"permissions"`): the route is kept, marked. */
  unresolved?: string[];
  /** The handler's name where the framework names handlers (NestJS: `Users_findAll`), for `operationIdsFrom: "handler"`. */
  handlerName?: string;
  /**
   * The name the author gave the answering handler (`getAllLeadsForChatflow`: a function, a method, or the
   * variable or property an arrow function is assigned to), for the summary of an undocumented operation.
   */
  handlerLabel?: string;
  /** The doc comment that describes the operation, if any. */
  doc?: DocComment;
  /** Where the route is registered. */
  site: SourceSite;
  /**
   * The adapter that read it and the monorepo package it is registered in, where several frameworks that make
   * their own servers are read in a monorepo (a NestJS API in `backend/`, a Next.js front end's own API routes in
   * `frontend/`): routes of two frameworks in two packages are two servers' (model/shadowed.ts).
   */
  readBy?: { adapter: string; workspace: string };
  /** Its functions all pass the request on: a later registration of the same method and path answers it (RouteLayer.passesOn). */
  passesOn?: true;
  /**
   * Where the app that serves it is created, for a router framework's app apidex indexes as a root (one
   * not mounted on another): routes of two such apps are two servers' that meet only in this index.
   */
  app?: SourceSite;
  /**
   * Which app of those made at `app` serves it: one creation site makes several apps when a factory is called
   * once per server (`const koa = this.createKoaServer()` in each start method), and they are apart as apps made
   * at different sites are.
   */
  appInstance?: number;
  /**
   * The branches of conditions apidex cannot read under which the route is registered (each entry one way to
   * it: a list of branch choices), when the adapter can tell: two registrations of one method and path whose
   * branches exclude one another never coexist at run time (extract/alternative-branches.ts).
   */
  branches?: BranchChoice[][];
  /** The answering handler, when it is a function in the sources (its types give the shapes). */
  handler?: ts.FunctionLikeDeclaration;
  /** The registration call, for frameworks that type routes through its type arguments; a ts-rest route's contract entry (its schemas). */
  registration?: ts.CallExpression | ts.ObjectLiteralExpression;
  /** Where they are, when the route was replayed without its syntax tree (extract/incremental). */
  handlerAt?: NodeRef;
  registrationAt?: NodeRef;
}

export type { BranchChoice } from "../resolve/branch-choice.js";
