import type { ts } from "../typescript.js";
import type { SourceSite } from "../diagnostics/diagnostic.js";
import type { DocComment } from "../resolve/doc-comment.js";
import type { NodeRef } from "../extract/incremental/module-summary.js";
import type { OperationShapes } from "./shapes.js";

export type Effect = "read" | "write" | "remove";

export const EFFECTS: readonly Effect[] = ["read", "write", "remove"];

/** A worked example from `@example request {json}` or `@example response 200 {json}`. */
export interface OperationExample {
  kind: "request" | "response";
  /** The status, for responses. */
  status?: string;
  value: unknown;
  site: SourceSite;
}

/** The one model both artifacts come from. */
export interface Operation {
  operationId: string;
  /** How the id was chosen: an `@operationId` tag, the config's `operationIds`, or derived. */
  idSource: "tag" | "config" | "handler" | "derived";
  /** Set when the derived id met another route's and got a hash suffix (model/derived-ids.ts). */
  settled?: true;
  /** Its functions only pass the request on: a later registration of the same method and path answers (model/shadowed.ts). */
  passesOn?: true;
  /** The adapter that read it and its monorepo package, where several frameworks are read in one (RouteFact.readBy). */
  readBy?: { adapter: string; workspace: string };
  /** Each path parameter matches any one segment (RouteFact.plainParams): other names at this path's shape are this path. */
  plainParams?: true;
  method: string;
  path: string;
  pathParams: string[];
  permissions: string[];
  /** Groups of alternative keys: the operation needs one key of each group, on top of `permissions`. */
  anyOf?: string[][];
  /** Facts apidex could not read statically (`"permissions"`); the rest is exact. */
  unresolved?: string[];
  summary: string;
  description?: string;
  effect: Effect;
  documented: boolean;
  closed: boolean;
  scope?: string;
  destructive: boolean;
  deprecated: boolean;
  tags: string[];
  /** Response descriptions by status, from a framework's docs; the 401 and 403 responses stay apidex's. */
  responseDescriptions?: Record<string, string>;
  examples: OperationExample[];
  framework: string;
  /** Where the route is registered. */
  site: SourceSite;
  /** Where the app that serves it is created (a router framework's root app), when apidex knows. */
  app?: SourceSite;
  /** Which app made at `app` serves it (RouteFact.appInstance). */
  appInstance?: number;
  /** The doc comment and handler the operation was read from (in memory only). */
  doc?: DocComment;
  handler?: ts.FunctionLikeDeclaration;
  registration?: ts.CallExpression | ts.ObjectLiteralExpression;
  /** Where they are, when the route was replayed without its syntax tree (extract/incremental). */
  handlerAt?: NodeRef;
  registrationAt?: NodeRef;
  /** Request and response shapes; read for documented operations only. */
  shapes?: OperationShapes;
}
