/**
 * Oracle readers: the (method, path) pairs a service's own OpenAPI document declares, read straight from the
 * mirror's git objects at the pinned commit, and the normalization both sides are compared under.
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { parseYaml } from "@redocly/openapi-core";
import ts from "typescript";
import type { OracleSpec } from "./services.js";

const METHODS = ["get", "put", "post", "delete", "patch", "head", "options", "trace"];

export interface OracleOperation {
  method: string;
  /** Full path as the service serves it (server base path and prefix applied), not yet normalized. */
  path: string;
  /** Permission keys the spec carries (x-permissions, x-service-permissions, x-required-permissions, x-permission-required, or security scopes); undefined when none. */
  permissions?: string[];
  /** The spec's own words for the operation (bench/search uses them as queries); never committed. */
  summary?: string;
  description?: string;
}

export interface Oracle {
  operations: OracleOperation[];
  /** Files the operations were read from, relative to the repository root. */
  sources: string[];
  /** Whether any operation carries permission keys, so agreement can be measured. */
  hasPermissions: boolean;
}

function git(gitDir: string, args: string[]): Buffer {
  return execFileSync("git", [`--git-dir=${gitDir}`, ...args], { maxBuffer: 1 << 30 });
}

function listFiles(gitDir: string, commit: string, dir: string): string[] {
  return git(gitDir, ["ls-tree", "-r", "--name-only", "-z", commit, "--", dir]).toString("utf8").split("\0").filter(Boolean);
}

/**
 * A Jest snapshot of an OpenAPI document (`exports[\`...\`] = \`{ ... }\``). pretty-format leaves quotes inside
 * strings unescaped, so the text is no JSON or YAML; its indentation is structural, though: path keys sit two
 * spaces deeper than `"paths": {`, methods two deeper still, and an operation's own fields two deeper again.
 */
function parseJestSnapshot(text: string): Record<string, any> {
  const lines = text.split("\n");
  const start = lines.findIndex((l) => /^\s*"paths": \{$/.test(l));
  if (start < 0) throw new Error('no "paths" object in the snapshot');
  const depth = lines[start]!.search(/\S/);
  const paths: Record<string, Record<string, Record<string, string>>> = {};
  let path: string | undefined;
  let method: string | undefined;
  for (const line of lines.slice(start + 1)) {
    const indent = line.search(/\S/);
    if (indent === depth && /^\s*\},?$/.test(line)) break;
    const key = /^\s*"([^"]+)": (.*)$/.exec(line);
    if (!key) continue;
    if (indent === depth + 2) (path = key[1]!), (paths[path] = {}), (method = undefined);
    else if (indent === depth + 4 && path) (method = key[1]!), (paths[path]![method] = {});
    else if (indent === depth + 6 && path && method && /^(summary|description)$/.test(key[1]!)) {
      const value = /^"(.*)",$/.exec(key[2]!);
      if (value) paths[path]![method]![key[1]!] = value[1]!;
    }
  }
  return { paths };
}

function parseDocument(text: string, file: string): Record<string, any> {
  if (file.endsWith(".snap")) return parseJestSnapshot(text);
  // `json: true`: a later duplicate key overrides the earlier one, as JSON.parse does, instead of failing the whole
  // document (HedgeDoc's hand-written reference defines one component schema twice; no path is duplicated).
  return /\.ya?ml$/i.test(file) ? (parseYaml(text, { json: true }) as Record<string, any>) : JSON.parse(text);
}

/** The path part of the document's first server URL (OpenAPI 3) or its basePath (Swagger 2), without a trailing slash. */
function serverBase(doc: Record<string, any>): string {
  let base = "";
  if (typeof doc.basePath === "string") base = doc.basePath;
  else if (Array.isArray(doc.servers) && typeof doc.servers[0]?.url === "string") {
    const url: string = doc.servers[0].url;
    base = /^[a-z]+:\/\//i.test(url) ? new URL(url.replace(/\{[^}]*\}/g, "x")).pathname : url;
  }
  return base.replace(/\/+$/, "");
}

function operationPermissions(op: Record<string, any>): string[] | undefined {
  for (const key of ["x-permissions", "x-service-permissions", "x-required-permissions", "x-permission-required"]) {
    if (Array.isArray(op[key])) return op[key].map(String);
    if (typeof op[key] === "string") return [op[key]];
  }
  if (Array.isArray(op.security)) {
    const scopes = op.security.flatMap((req: Record<string, unknown>) =>
      Object.values(req ?? {}).flatMap((v) => (Array.isArray(v) ? v.map(String) : [])),
    );
    if (scopes.length) return scopes;
  }
  return undefined;
}

function operationsOf(doc: Record<string, any>, spec: OracleSpec): OracleOperation[] {
  const base = spec.ignoreServerBase ? "" : serverBase(doc);
  const out: OracleOperation[] = [];
  for (const [p, item] of Object.entries<Record<string, any>>(doc.paths ?? {})) {
    for (const [m, op] of Object.entries<Record<string, any>>(item ?? {})) {
      if (!METHODS.includes(m)) continue;
      const permissions = operationPermissions(op ?? {});
      const words = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : undefined);
      const summary = words(op?.summary);
      const description = words(op?.description);
      out.push({
        method: m.toUpperCase(),
        path: `${base}${spec.prefix ?? ""}${spec.stripPrefix && p.startsWith(`${spec.stripPrefix}/`) ? p.slice(spec.stripPrefix.length) : p}`,
        ...(permissions ? { permissions } : {}),
        ...(summary ? { summary } : {}),
        ...(description ? { description } : {}),
      });
    }
  }
  return out;
}

/** `callee({ method: 'get', path: '/x/{id}' })`, string literals only (what a registry of zod-to-openapi declares). */
function registryCalls(text: string, file: string, callee: string): { method: string; path: string }[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  // `path: OAUTH_DELETE` with `export const OAUTH_DELETE = "/oauth/client/{clientId}"` in the same file.
  const constants = new Map<string, string>();
  for (const statement of sf.statements)
    if (ts.isVariableStatement(statement) && statement.declarationList.flags & ts.NodeFlags.Const)
      for (const d of statement.declarationList.declarations)
        if (
          ts.isIdentifier(d.name) &&
          d.initializer &&
          (ts.isStringLiteral(d.initializer) || ts.isNoSubstitutionTemplateLiteral(d.initializer))
        )
          constants.set(d.name.text, d.initializer.text);
  const literalText = (node: ts.Expression): string | undefined =>
    ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)
      ? node.text
      : ts.isIdentifier(node)
        ? constants.get(node.text)
        : undefined;
  const found: { method: string; path: string }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const c = node.expression;
      const name = ts.isIdentifier(c) ? c.text : ts.isPropertyAccessExpression(c) ? c.name.text : "";
      const arg = node.arguments[0];
      if (name === callee && arg && ts.isObjectLiteralExpression(arg)) {
        const get = (key: string) => {
          const prop = arg.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText(sf) === key);
          return prop ? literalText(prop.initializer) : undefined;
        };
        const method = get("method");
        const path = get("path");
        if (method && path) found.push({ method: method.toUpperCase(), path });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/**
 * The endpoints of a client Encore's generator wrote: `callTypedAPI(\`/users/${encodeURIComponent(params.id)}\`, {
 * method: "GET" })` (or the older `callTypedAPI("GET", \`/users/${...}\`)`), `callAPI(...)` for raw endpoints, and
 * `createStreamIn/Out/InOut(path)` (GET); each `${...}` of a path template is one path parameter. A raw endpoint's
 * method handed over by the caller (`method: "*"`) is any method.
 */
function encoreClientCalls(text: string, file: string): { method: string; path: string }[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const pathOf = (node: ts.Expression | undefined): string | undefined => {
    if (!node) return undefined;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
    if (!ts.isTemplateExpression(node)) return undefined;
    return node.head.text + node.templateSpans.map((span, i) => `{p${i}}${span.literal.text}`).join("");
  };
  const found: { method: string; path: string }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const name = node.expression.name.text;
      const [first, second] = node.arguments;
      if (/^createStream(In|Out|InOut)$/.test(name)) {
        const route = pathOf(first);
        if (route) found.push({ method: "GET", path: route });
      } else if (name === "callTypedAPI" || name === "callAPI") {
        // (A raw endpoint's method is its caller's in the older form: `callAPI(method, \`/webhook\`, body)`.)
        const callerMethod = first && ts.isIdentifier(first) && second !== undefined && pathOf(second) !== undefined;
        if (callerMethod) {
          found.push({ method: ANY_METHOD, path: pathOf(second)! });
          return;
        }
        const older = first && ts.isStringLiteral(first) && /^[A-Z]+$/.test(first.text);
        const route = pathOf(older ? second : first);
        let method: string | undefined = older ? (first as ts.StringLiteral).text : undefined;
        if (!older && second && ts.isObjectLiteralExpression(second)) {
          const prop = second.properties.find(
            (p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText(sf) === "method",
          );
          method = prop && ts.isStringLiteral(prop.initializer) ? prop.initializer.text : prop ? ANY_METHOD : undefined;
        } else if (!older && first && !ts.isStringLiteral(first) && !ts.isTemplateLiteral(first)) method = undefined;
        if (route && method) found.push({ method, path: route });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/**
 * The path items of swagger-jsdoc comments: a `/** @openapi` (or `@swagger`) block's YAML, its top-level keys
 * that are paths (`/v1/runs:`), or those of its `paths:` key; component blocks have none.
 */
function openApiCommentBlocks(text: string): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (const match of text.matchAll(/\/\*\*([\s\S]*?)\*\//g)) {
    const body = match[1]!.split("\n").map((line) => line.replace(/^\s*\* ?/, ""));
    const start = body.findIndex((line) => /^@(openapi|swagger)\s*$/.test(line.trim()));
    if (start < 0) continue;
    const parsed = parseYaml(body.slice(start + 1).join("\n")) as Record<string, unknown> | null;
    // swagger-jsdoc merges a block's top-level keys into the document: path items at the top, or under `paths:`.
    const wrapped = parsed?.paths && typeof parsed.paths === "object" ? (parsed.paths as Record<string, unknown>) : {};
    const paths = Object.fromEntries(Object.entries({ ...parsed, ...wrapped }).filter(([key]) => key.startsWith("/")));
    if (Object.keys(paths).length) out.push(paths);
  }
  return out;
}

export function readOracle(gitDir: string, commit: string, spec: OracleSpec): Oracle {
  const at = spec.commit ?? commit;
  const reader = spec.reader;
  let operations: OracleOperation[] = [];
  let sources: string[] = [];
  if (reader.type === "openapi") {
    sources = reader.files;
    for (const file of reader.files) {
      const doc = parseDocument(git(gitDir, ["show", `${at}:${file}`]).toString("utf8"), file);
      // Path items kept in files of their own (`/ping: { $ref: "read/ping.yaml" }`, NodeBB): read from beside the document.
      for (const [route, item] of Object.entries((doc.paths ?? {}) as Record<string, Record<string, unknown>>)) {
        const ref = item?.$ref;
        if (typeof ref !== "string" || ref.startsWith("#")) continue;
        const [refFile, pointer] = ref.split("#") as [string, string | undefined];
        const target = path.posix.join(path.posix.dirname(file), refFile);
        let referenced: unknown = parseDocument(git(gitDir, ["show", `${at}:${target}`]).toString("utf8"), target);
        // `other.yaml#/paths/~1private~1verify` (Sourcify): the path item the JSON pointer names in that file.
        for (const part of (pointer ?? "").split("/").filter(Boolean))
          referenced = (referenced as Record<string, unknown> | undefined)?.[part.replace(/~1/g, "/").replace(/~0/g, "~")];
        doc.paths[route] = referenced as Record<string, unknown>;
      }
      operations.push(...operationsOf(doc, spec));
    }
  } else if (reader.type === "openapi-fragments") {
    sources = listFiles(gitDir, at, reader.dir).filter((f) => f.endsWith(reader.suffix));
    for (const file of sources) operations.push(...operationsOf(JSON.parse(git(gitDir, ["show", `${at}:${file}`]).toString("utf8")), spec));
  } else if (reader.type === "routes-manifest") {
    sources = [reader.file];
    const manifest = JSON.parse(git(gitDir, ["show", `${at}:${reader.file}`]).toString("utf8")) as Record<string, string>;
    for (const [route, target] of Object.entries(manifest))
      if (target.includes(`"${reader.module}`)) operations.push({ method: ANY_METHOD, path: `${spec.prefix ?? ""}${route}` });
  } else if (reader.type === "openapi-comments") {
    sources = listFiles(gitDir, at, reader.dir).filter((f) => /\.(ts|mts|cts|js|mjs)$/.test(f) && !/\.(test|spec)\./.test(f));
    for (const file of sources) {
      const text = git(gitDir, ["show", `${at}:${file}`]).toString("utf8");
      if (!/@(openapi|swagger)\b/.test(text)) continue;
      for (const block of openApiCommentBlocks(text)) operations.push(...operationsOf({ paths: block }, spec));
    }
  } else if (reader.type === "feathers-swagger-docs") {
    // feathers-swagger's placement of a service's operations (its `utils.js` operation paths), without the multi ones.
    const place: Record<string, [string, boolean]> = {
      find: ["GET", false],
      get: ["GET", true],
      create: ["POST", false],
      update: ["PUT", true],
      patch: ["PATCH", true],
      remove: ["DELETE", true],
    };
    sources = [...new Set(Object.values(reader.services))];
    for (const [servicePath, file] of Object.entries(reader.services)) {
      const docs = parseYaml(git(gitDir, ["show", `${at}:${file}`]).toString("utf8")) as { operations?: Record<string, unknown> } | null;
      for (const [name, operation] of Object.entries(docs?.operations ?? {})) {
        const placed = place[name];
        if (!placed || operation === false) continue;
        operations.push({ method: placed[0], path: `${spec.prefix ?? ""}${servicePath}${placed[1] ? "/{id}" : ""}` });
      }
    }
  } else if (reader.type === "markdown-routes") {
    sources = reader.files ?? listFiles(gitDir, at, reader.dir).filter((f) => /(^|\/)README\.md$/i.test(f));
    for (const file of sources) {
      const text = git(gitDir, ["show", `${at}:${file}`]).toString("utf8");
      // A path may be set in code (GET `/users/me`); a file may omit the prefix the others write (filePrefix).
      const prefix = reader.filePrefix?.[file] ?? spec.prefix ?? "";
      const line = reader.methodColon
        ? /\b(GET|POST|PUT|PATCH|DELETE):? +`?(\/[^\s`)\]'"]*)/g
        : /\b(GET|POST|PUT|PATCH|DELETE) +`?(\/[^\s`)'"]*)/g;
      for (const m of text.matchAll(line)) operations.push({ method: m[1]!, path: `${prefix}${m[2]!.split("?")[0]}` });
      // `### \`/repos/{owner}/{name}\`` (a heading naming only a path): any method at that path.
      if (reader.pathHeadings)
        for (const m of text.matchAll(/^#{2,6} +`(\/[^\s`]*)`\s*$/gm))
          operations.push({ method: ANY_METHOD, path: `${prefix}${m[1]!.split("?")[0]}` });
    }
  } else if (reader.type === "encore-client") {
    sources = [reader.file];
    for (const op of encoreClientCalls(git(gitDir, ["show", `${at}:${reader.file}`]).toString("utf8"), reader.file))
      operations.push({ method: op.method, path: `${spec.prefix ?? ""}${op.path}` });
  } else {
    sources = listFiles(gitDir, at, reader.dir).filter((f) => /\.(ts|mts|cts|js|mjs)$/.test(f) && !/\.(test|spec)\./.test(f));
    for (const file of sources) {
      const text = git(gitDir, ["show", `${at}:${file}`]).toString("utf8");
      if (!text.includes(reader.callee)) continue;
      // A registry path may be written without its leading slash (`base/{baseId}/dashboard`).
      for (const op of registryCalls(text, file, reader.callee))
        operations.push({ method: op.method, path: `${spec.prefix ?? ""}${op.path.startsWith("/") ? "" : "/"}${op.path}` });
    }
  }
  // A path declared twice (two fragments, two files) is one operation.
  const seen = new Set<string>();
  operations = operations.filter((op) => {
    const key = `${op.method} ${op.path}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { operations, sources, hasPermissions: operations.some((op) => op.permissions?.length) };
}

/**
 * The comparison key of a path: parameter names ignored (`{id}`, `:id`, `:id(\\d+)`, `:id?` all become `{}`),
 * duplicate and trailing slashes dropped. Wildcards (`*`, `{*splat}`, `[...slug]` → apidex's own form) are kept
 * as they are: they are compared literally.
 */
export function normalizePath(p: string): string {
  let s = p.split("?")[0]!;
  s = s.replace(/\{[^}/]*\}/g, "{}");
  s = s.replace(/:[A-Za-z_$][\w$]*(\([^)]*\))?\??/g, "{}");
  s = s.replace(/\/{2,}/g, "/");
  if (!s.startsWith("/")) s = `/${s}`;
  if (s.length > 1) s = s.replace(/\/+$/, "");
  return s;
}

export const operationKey = (method: string, path: string): string => `${method.toUpperCase()} ${normalizePath(path)}`;

/** The method of an oracle that lists paths only (a route manifest): any operation at the path matches it. */
export const ANY_METHOD = "*";
