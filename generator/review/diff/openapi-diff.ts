import type { OpenApiDocument } from "../artifact-source.js";
import type { Change } from "./change.js";

type Schema = Record<string, unknown>;
type Operation = Record<string, unknown>;
type Direction = "request" | "response";

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/**
 * Differences between two OpenAPI documents: operations added, removed and renamed, the x-service
 * fields, and the shapes of documented operations, with breaking changes told apart: for requests, what
 * old clients send must still be accepted; for responses, what old clients read must still be there.
 */
export function diffOpenApi(base: OpenApiDocument, head: OpenApiDocument): Change[] {
  const changes: Change[] = [];
  const before = operationsOf(base);
  const after = operationsOf(head);

  for (const [key, old] of before) {
    const [method, path] = splitKey(key);
    const now = after.get(key);
    const id = String((now ?? old).operationId ?? "");
    const at = { method, path, operationId: id };
    if (!now) {
      changes.push({ kind: "removed", level: "breaking", ...at, message: "was removed from the public document" });
      continue;
    }
    if (old.operationId !== now.operationId) {
      changes.push({ kind: "renamed", level: "breaking", ...at, message: `operationId changed from ${String(old.operationId)}` });
    }
    const oldPerms = (old["x-service-permissions"] as string[] | undefined) ?? [];
    const newPerms = (now["x-service-permissions"] as string[] | undefined) ?? [];
    const dropped = oldPerms.filter((p) => !newPerms.includes(p));
    const added = newPerms.filter((p) => !oldPerms.includes(p));
    if (dropped.length)
      changes.push({
        kind: "fewer-permissions",
        level: "security",
        ...at,
        message: `now needs fewer permissions: no longer checks ${dropped.join(", ")}${newPerms.length ? ` (still checks ${newPerms.join(", ")})` : " and checks none"}`,
      });
    if (added.length) changes.push({ kind: "more-permissions", level: "security", ...at, message: `now also checks ${added.join(", ")}` });
    if (old["x-service-scope"] !== now["x-service-scope"]) {
      changes.push({
        kind: "scope",
        level: "security",
        ...at,
        message: `OAuth scope changed from ${String(old["x-service-scope"] ?? "(none)")} to ${String(now["x-service-scope"] ?? "(none)")}`,
      });
    }
    if (Boolean(old["x-service-destructive"]) !== Boolean(now["x-service-destructive"])) {
      changes.push({
        kind: "destructive",
        level: "info",
        ...at,
        message: now["x-service-destructive"] ? "is now marked destructive" : "is no longer marked destructive",
      });
    }
    const shapes = new ShapeDiff(base, head, (message, breaking) =>
      changes.push({ kind: breaking ? "breaking-shape" : "shape", level: breaking ? "breaking" : "info", ...at, message }),
    );
    shapes.parameters(old, now);
    shapes.requestBody(old, now);
    shapes.responses(old, now);
  }
  for (const [key, now] of after) {
    if (before.has(key)) continue;
    const [method, path] = splitKey(key);
    changes.push({
      kind: "added",
      level: "info",
      method,
      path,
      operationId: String(now.operationId ?? ""),
      message: "was added to the public document",
    });
  }
  return changes;
}

function operationsOf(doc: OpenApiDocument): Map<string, Operation> {
  const out = new Map<string, Operation>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = (item as Record<string, unknown>)[method];
      if (op && typeof op === "object") out.set(`${method.toUpperCase()} ${path}`, op as Operation);
    }
  }
  return out;
}

function splitKey(key: string): [string, string] {
  const space = key.indexOf(" ");
  return [key.slice(0, space), key.slice(space + 1)];
}

class ShapeDiff {
  private readonly seen = new Set<string>();

  constructor(
    private readonly baseDoc: OpenApiDocument,
    private readonly headDoc: OpenApiDocument,
    private readonly report: (message: string, breaking: boolean) => void,
  ) {}

  parameters(old: Operation, now: Operation): void {
    const list = (op: Operation) =>
      new Map(((op.parameters as Schema[] | undefined) ?? []).map((p) => [`${String(p.in)} ${String(p.name)}`, p]));
    const before = list(old);
    const after = list(now);
    for (const [key, p] of after) {
      const prior = before.get(key);
      const label = `${String(p.in)} parameter \`${String(p.name)}\``;
      if (!prior) {
        this.report(`adds ${p.required ? "required " : ""}${label}`, Boolean(p.required));
        continue;
      }
      if (p.required && !prior.required) this.report(`${label} is now required`, true);
      this.compare(prior.schema as Schema, p.schema as Schema, label, "request");
    }
    for (const [key, p] of before)
      if (!after.has(key)) this.report(`no longer reads ${String(p.in)} parameter \`${String(p.name)}\``, false);
  }

  requestBody(old: Operation, now: Operation): void {
    const schemaOf = (op: Operation) =>
      ((op.requestBody as Schema | undefined)?.content as Record<string, Schema> | undefined)?.["application/json"]?.schema as
        | Schema
        | undefined;
    const before = schemaOf(old);
    const after = schemaOf(now);
    if (!before && after) this.report("now requires a request body", Boolean((now.requestBody as Schema).required));
    else if (before && !after) this.report("no longer reads a request body", false);
    else if (before && after) this.compare(before, after, "request body", "request");
  }

  responses(old: Operation, now: Operation): void {
    const before = (old.responses as Record<string, Schema> | undefined) ?? {};
    const after = (now.responses as Record<string, Schema> | undefined) ?? {};
    for (const [status, response] of Object.entries(before)) {
      if (!status.startsWith("2")) continue;
      const next = after[status];
      if (!next) {
        this.report(`no longer answers ${status}`, true);
        continue;
      }
      const schemaOf = (r: Schema) => (r.content as Record<string, Schema> | undefined)?.["application/json"]?.schema as Schema | undefined;
      const a = schemaOf(response);
      const b = schemaOf(next);
      if (a && !b) this.report(`response ${status} no longer has a JSON body`, true);
      else if (a && b) this.compare(a, b, `response ${status}`, "response");
    }
    for (const status of Object.keys(after)) if (status.startsWith("2") && !before[status]) this.report(`may now answer ${status}`, false);
  }

  private resolve(schema: Schema | undefined, doc: OpenApiDocument): { schema: Schema; ref?: string } {
    let current = schema ?? {};
    let ref: string | undefined;
    for (let hops = 0; typeof current.$ref === "string" && hops < 32; hops++) {
      ref = current.$ref;
      const name = ref.replace("#/components/schemas/", "");
      current = ((doc.components as Record<string, Record<string, Schema>> | undefined)?.schemas?.[name] ?? {}) as Schema;
    }
    return { schema: current, ...(ref ? { ref } : {}) };
  }

  private compare(rawBase: Schema | undefined, rawHead: Schema | undefined, where: string, direction: Direction): void {
    const { schema: b, ref: refB } = this.resolve(rawBase, this.baseDoc);
    const { schema: h, ref: refH } = this.resolve(rawHead, this.headDoc);
    const pair = `${refB ?? ""}|${refH ?? ""}|${direction}`;
    if ((refB || refH) && this.seen.has(pair)) return; // recursion
    if (refB || refH) this.seen.add(pair);

    const typesB = typesOf(b);
    const typesH = typesOf(h);
    if (typesB.size && typesH.size) {
      const lost = [...typesB].filter((t) => !typesH.has(t));
      const gained = [...typesH].filter((t) => !typesB.has(t));
      if (lost.length || gained.length) {
        const from = [...typesB].sort().join(" | ");
        const to = [...typesH].sort().join(" | ");
        // Requests must still accept what old clients send; responses must only return what old clients read.
        const breaking = direction === "request" ? lost.length > 0 : gained.length > 0;
        this.report(`${where}: type changed from ${from} to ${to}`, breaking);
        return;
      }
    }
    if (Array.isArray(b.enum) && Array.isArray(h.enum)) {
      const removed = b.enum.filter((v) => !(h.enum as unknown[]).some((w) => Object.is(w, v)));
      const added = h.enum.filter((v) => !(b.enum as unknown[]).some((w) => Object.is(w, v)));
      if (removed.length)
        this.report(
          `${where}: enum narrowed, ${direction === "request" ? "no longer accepts" : "no longer returns"} ${removed.map(show).join(", ")}`,
          direction === "request",
        );
      if (added.length)
        this.report(
          `${where}: enum widened, ${direction === "request" ? "now accepts" : "may now return"} ${added.map(show).join(", ")}`,
          direction === "response",
        );
    }
    if (typesB.has("object") || b.properties || h.properties) this.objects(b, h, where, direction);
    if (b.items || h.items) this.compare(b.items as Schema, h.items as Schema, `${where}[]`, direction);
  }

  private objects(b: Schema, h: Schema, where: string, direction: Direction): void {
    const propsB = (b.properties as Record<string, Schema> | undefined) ?? {};
    const propsH = (h.properties as Record<string, Schema> | undefined) ?? {};
    const reqB = new Set((b.required as string[] | undefined) ?? []);
    const reqH = new Set((h.required as string[] | undefined) ?? []);
    for (const name of Object.keys(propsB)) {
      if (!(name in propsH)) {
        this.report(`${where}: removed field \`${name}\``, direction === "response");
        continue;
      }
      if (direction === "response" && reqB.has(name) && !reqH.has(name)) this.report(`${where}: field \`${name}\` may now be absent`, true);
      if (direction === "request" && !reqB.has(name) && reqH.has(name)) this.report(`${where}: field \`${name}\` is now required`, true);
      this.compare(propsB[name], propsH[name], `${where}.${name}`, direction);
    }
    for (const name of Object.keys(propsH)) {
      if (name in propsB) continue;
      const required = reqH.has(name);
      if (direction === "request") this.report(`${where}: adds ${required ? "required" : "optional"} field \`${name}\``, required);
      else this.report(`${where}: adds field \`${name}\``, false);
    }
  }
}

function typesOf(schema: Schema): Set<string> {
  const out = new Set<string>();
  const add = (s: Schema) => {
    if (typeof s.type === "string") out.add(s.type);
    else if (Array.isArray(s.type)) for (const t of s.type) out.add(String(t));
    else if (s.$ref) out.add("object");
  };
  if (Array.isArray(schema.anyOf)) for (const s of schema.anyOf as Schema[]) add(s);
  else add(schema);
  if (out.has("integer") && out.has("number")) out.delete("integer");
  return out;
}

function show(value: unknown): string {
  return JSON.stringify(value);
}
