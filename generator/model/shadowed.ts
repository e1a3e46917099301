import type { DiagnosticBag, SourceSite } from "../diagnostics/diagnostic.js";
import type { Operation } from "./operation.js";
import { templateShape } from "./path-shape.js";

/**
 * The same method and path registered twice is valid code: the framework runs the first registration that
 * matches (Express, Koa, Hono and Fastify's order of registration; a NestJS app's module order). The first
 * one is the operation; each later one is left out with a warning that points at both. Two apps of the
 * project that are not mounted on one another (a public API and an admin or metrics server on its own port)
 * are two servers — so are the apps one factory makes, once per server (`const koa = this.createKoaServer()` in
 * each start method): a path both serve is no shadowing, but this index holds one operation per method and
 * path, so the first is kept and the warning says what happened; the apps themselves are named once
 * (APX412). A first registration whose functions only pass the request on (`app.post(path, audit())` before
 * `app.post(path, handler)`) answers nothing: the later one is the operation, and needs the gate's keys too.
 * A path of the same shape with other parameter names is the same path where both routes' parameters match
 * any one segment (RouteFact.plainParams). Routes two adapters read are two servers' too (RouteFact.readBy).
 */
export function dropShadowed(operations: Operation[], diagnostics: DiagnosticBag): Operation[] {
  const sizes = reportSeparateApps(operations, diagnostics);
  const registrations = reportSeparateFrameworks(operations, diagnostics);
  const byRoute = new Map<string, Operation>();
  // Of each method and path shape (parameter names aside), the route of plain parameters first registered there.
  const byShape = new Map<string, string>();
  let shadowed = false;
  for (const op of operations) {
    let key = `${op.method} ${op.path}`;
    let renamed = false;
    if (op.plainParams && !byRoute.has(key)) {
      const shape = `${op.method} ${templateShape(op.path)}`;
      const at = byShape.get(shape);
      if (at && byRoute.get(at)!.plainParams) {
        key = at;
        renamed = true;
      } else if (!at) byShape.set(shape, key);
    }
    const first = byRoute.get(key);
    if (!first) {
      byRoute.set(key, op);
      continue;
    }
    shadowed = true;
    // Two apps made apart, or routes two adapters read (a NestJS API beside a Next.js front end's own API
    // routes): separate servers, neither of which shadows the other.
    const frameworks = twoServers(first.readBy, op.readBy);
    const apart = frameworks || (first.app !== undefined && op.app !== undefined && !sameApp(first, op));
    if (first.passesOn && !apart) {
      byRoute.set(key, withGate(op, first));
      continue;
    }
    // Two servers' routes of one method and path: the index keeps the one of the app (or framework) with more
    // operations (the service; a setup or maintenance server started before it is the smaller), else the first.
    const size = (o: Operation) => (frameworks ? registrations(o) : sizes(o));
    const kept = apart && size(op) > size(first) ? op : first;
    const left = kept === op ? first : op;
    if (kept === op) byRoute.set(key, op);
    const route = `${left.method} ${left.path}`;
    const other = `${kept.method} ${kept.path}`;
    diagnostics.add({
      severity: "warning",
      code: "APX403",
      message: apart
        ? `${route}${renamed ? ` matches the same requests as ${other} (parameter names aside) and is` : " is"} served by ${frameworks ? `routes of two frameworks in two packages of this project (${shown(kept)} and ${shown(left)}: separate servers)` : "two apps of this project that are not mounted on one another (separate servers)"}; the index holds one operation per method and path, that of the ${frameworks ? "framework with more route registrations" : "app with more operations"} (the first registered, where they have as many), so this one is left out.`
        : renamed
          ? `${route} matches the same requests as ${other} (parameter names aside), registered before it; the framework runs the first registration, so this one is left out.`
          : `${route} is registered twice; the framework runs the first registration, so this one is left out.`,
      site: left.site,
      related: [{ message: apart ? "registered here too (the indexed one)" : "first registered here (the indexed one)", site: kept.site }],
      hint: apart
        ? "Index one server: exclude the other's files (the config's `exclude`), or run apidex on each with its own root."
        : renamed
          ? "Remove one of the registrations, or give the parameter a pattern that tells them apart (`:id(\\d+)`)."
          : "Remove one of the registrations or give them different paths.",
    });
  }
  if (!shadowed) return operations;
  const kept = new Set(byRoute.values());
  return operations.filter((op) => kept.has(op));
}

/**
 * Routes of several root apps (created apart, none mounted on another) are indexed together, as one service
 * at one base URL: said once, with each app's site, since a second server (an admin API, a metrics or setup
 * server on another port) is often no part of the API the artifacts describe.
 */
function reportSeparateApps(operations: readonly Operation[], diagnostics: DiagnosticBag): (op: Operation) => number {
  // By creation site: the apps one factory makes (one per server) are named once, as their site.
  const apps: { site: SourceSite; count: number }[] = [];
  for (const op of operations) {
    if (!op.app) continue;
    const known = apps.find((a) => sameSite(a.site, op.app!));
    if (known) known.count++;
    else apps.push({ site: op.app, count: 1 });
  }
  // How many operations the app that serves an operation has (the apps made at one site counted together).
  const sizeOf = (op: Operation) => (op.app ? (apps.find((a) => sameSite(a.site, op.app!))?.count ?? 0) : 0);
  if (apps.length < 2) return sizeOf;
  diagnostics.add({
    severity: "warning",
    code: "APX412",
    message: `${apps.length} apps of this project serve routes and none is mounted on another (separate servers, or a service and its tools): apidex indexes their routes together, as one service at one base URL.`,
    site: apps[0]!.site,
    related: apps.map((a) => ({ message: `an app with ${a.count} operation${a.count === 1 ? "" : "s"}`, site: a.site })),
    hint: "If one is not part of the API the artifacts describe, exclude its files (the config's `exclude`), or run apidex on each with its own root.",
  });
  return sizeOf;
}

/**
 * Routes of two frameworks in two packages of a monorepo (RouteFact.readBy: a NestJS API in `backend/`, a Next.js
 * front end's own API routes in `frontend/`) are indexed together, as one service at one base URL: said once,
 * with each framework's first route and how many registrations it has, since they are two servers (the front
 * end's routes most often a mock of the API for development, or its own back end).
 */
function reportSeparateFrameworks(operations: readonly Operation[], diagnostics: DiagnosticBag): (op: Operation) => number {
  // Registrations, not operations: a route file indexed under every method it may answer counts once.
  const groups = new Map<string, { readBy: NonNullable<Operation["readBy"]>; first: Operation; sites: Set<string> }>();
  for (const op of operations) {
    if (!op.readBy) continue;
    const key = `${op.readBy.adapter} in ${op.readBy.workspace}`;
    let known = groups.get(key);
    if (!known) groups.set(key, (known = { readBy: op.readBy, first: op, sites: new Set() }));
    known.sites.add(`${op.site.file}:${op.site.line}:${op.site.column}`);
  }
  const registrations = (op: Operation) =>
    op.readBy ? (groups.get(`${op.readBy.adapter} in ${op.readBy.workspace}`)?.sites.size ?? 0) : 0;
  const list = [...groups.values()];
  if (!list.some((a) => list.some((b) => twoServers(a.readBy, b.readBy)))) return registrations;
  diagnostics.add({
    severity: "warning",
    code: "APX412",
    message: `Routes of ${new Set(list.map((g) => g.first.framework)).size} frameworks in ${new Set(list.map((g) => g.readBy.workspace)).size} packages of this monorepo are read (${list.map((g) => shown(g.first)).join(", ")}): separate servers, which apidex indexes together, as one service at one base URL.`,
    site: list[0]!.first.site,
    related: list.map((g) => ({
      message: `${shown(g.first)}: ${g.sites.size} route registration${g.sites.size === 1 ? "" : "s"}, the first here`,
      site: g.first.site,
    })),
    hint: "If one is not part of the API the artifacts describe (a front end's mock of the API), exclude its files (the config's `exclude`), or run apidex on each package with its own root.",
  });
  return registrations;
}

/** Two frameworks in two packages: two servers. */
function twoServers(a: Operation["readBy"], b: Operation["readBy"]): boolean {
  return a !== undefined && b !== undefined && a.adapter !== b.adapter && a.workspace !== b.workspace;
}

/** A framework's routes in a package, as the framework names itself (SvelteKit's, read by the file-route adapter). */
const shown = (op: Operation) => `${op.framework} in ${op.readBy!.workspace}`;

/** The operation that answers, needing the keys of the gate registered before it on the same method and path. */
function withGate(op: Operation, gate: Operation): Operation {
  op.permissions = [...new Set([...gate.permissions, ...op.permissions])].sort();
  if (gate.anyOf) op.anyOf = [...gate.anyOf, ...(op.anyOf ?? [])];
  const unresolved = [...new Set([...(gate.unresolved ?? []), ...(op.unresolved ?? [])])];
  // Served when the answering registration is: a gate registered under a condition adds none.
  const marks = unresolved.filter((mark) => mark !== "registration" || op.unresolved?.includes("registration"));
  if (marks.length) op.unresolved = marks.sort();
  return op;
}

/** One app: made at one site, and the same one made there (a factory called once per server makes several). */
function sameApp(a: Pick<Operation, "app" | "appInstance">, b: Pick<Operation, "app" | "appInstance">): boolean {
  return a.app !== undefined && b.app !== undefined && sameSite(a.app, b.app) && a.appInstance === b.appInstance;
}

function sameSite(a: SourceSite, b: SourceSite): boolean {
  return a.file === b.file && a.line === b.line && a.column === b.column;
}
