import type { InterpreterOptions } from "../resolve/interpreter.js";
import type { DiagnosticBag } from "../diagnostics/diagnostic.js";
import type { SourceSet } from "../scan/source-set.js";
import type { IncrementalExtraction } from "./incremental/session.js";
import type { RouteFact } from "./route-fact.js";
import type { UnreachedRegistrations } from "./shared.js";

/** What a project's own OpenAPI setup says of its document (NestJS's `DocumentBuilder`). */
export interface DocumentInfo {
  title?: string;
  description?: string;
  version?: string;
  license?: { name: string; url?: string };
  servers?: { url: string; description?: string }[];
  /** Tag descriptions by tag name. */
  tags?: Record<string, string>;
}

export interface ExtractOptions {
  permissionCalls: readonly string[];
  /** Also recognize permission calls by their name's words (`withRequiredScope`); default on. */
  permissionCallsByName?: boolean;
  /** Permission calls whose key is a property of an options argument (config `{ name, argument?, property? }`). */
  permissionCallOptions?: Readonly<Record<string, { argument?: number; property?: string }>>;
  /** Permission calls whose keys are alternatives (the defaults when absent). */
  anyPermissionCalls?: readonly string[];
  /** The environment the artifacts describe (config `env`): what `process.env.NAME` reads. */
  env?: Readonly<Record<string, string>>;
  /** Arguments for app factories nothing in the sources calls, by function name (config `factoryArguments`). */
  factoryArguments?: Readonly<Record<string, readonly unknown[]>>;
  /** Route tables whose entries carry their own permission metadata. */
  registry?: { permission: string; when?: string | undefined; match?: "all" | "any" | undefined };
  /** NestJS permission decorators, when the config replaces the defaults. */
  nestDecorators?: { name: string; argument?: number; property?: string; any?: boolean }[];
  /** Project-specific NestJS documentation decorators (`nest.docDecorators`). */
  nestDocDecorators?: { name: string; summary?: string; description?: string; tags?: string; deprecated?: string; operationId?: string }[];
  /** NestJS bootstrap settings from the config, over what the bootstrap file says. */
  nestBootstrap?: {
    globalPrefix?: string;
    uriVersioning?: { defaultVersion?: string | string[]; prefix?: string };
    app?: string | string[];
  };
  /** Folders of route files (`fileRoutes`): `dir` relative to the project root, `prefix` before their paths (default `/`). */
  fileRoutes?: { dir: string; prefix?: string | undefined }[];
  /** Folders of router modules (`routerFiles`): each module's router mounted at `prefix` and its path in `dir`. */
  routerFiles?: { dir: string; prefix?: string | undefined }[];
  /**
   * Decorator frameworks of the project's own (config `decoratorRoutes`): the module exporting the decorators
   * (root-relative path or package name), the class decorators that make a controller, and the servers' prefix.
   */
  decoratorRoutes?: { module: string; controllers?: string[] | undefined; prefix?: string | undefined }[];
  /** A file-route adapter runs: the router adapters leave the apps route files serve (`handle(app)`) to it. */
  servedByRouteFiles?: boolean;
  /** Told what the project's own OpenAPI setup says of its document, when an adapter reads one. */
  documentInfo?: (info: DocumentInfo) => void;
  /**
   * The fetch adapter runs beside router adapters that found routes: what its handlers hand to another app
   * (`fetch: app.fetch`, `return app.fetch(request)`) is theirs, and only what it dispatches itself is its own.
   */
  fetchBesideRouters?: boolean;
  /** Set when several adapters run: registrations none of them reached are reported once, after all. */
  unreached?: UnreachedRegistrations;
  /** Record module summaries and replay the given ones; only adapters that support it see this (Express). */
  incremental?: IncrementalExtraction;
}

/** One framework: how to tell a project uses it, and how to read its routes as plain facts. */
export interface FrameworkAdapter {
  name: string;
  detect(sources: SourceSet): boolean;
  extract(sources: SourceSet, options: ExtractOptions, diagnostics: DiagnosticBag): RouteFact[];
}

/** What every adapter's evaluator is told from the extract options: the recognizers, registry, environment, factory arguments. */
export function interpreterOptionsOf(options: ExtractOptions): InterpreterOptions {
  return {
    permissionCalls: options.permissionCalls,
    permissionCallsByName: options.permissionCallsByName,
    anyPermissionCalls: options.anyPermissionCalls,
    permissionCallOptions: options.permissionCallOptions,
    registry: options.registry,
    env: options.env,
    factoryArguments: options.factoryArguments,
  };
}
