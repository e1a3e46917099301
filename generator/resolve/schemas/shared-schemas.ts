import { ts } from "../../typescript.js";
import { propertyKey, targetSymbol, unwrapExpression } from "./static-json.js";

/**
 * Fastify's shared schemas: `fastify.addSchema({ $id: "user", ... })` registers a JSON Schema that route
 * schemas name with `$ref: "user#"` (the whole schema) or `$ref: "user#/properties/id"` (a part of it), as
 * Fastify's "Validation and Serialization" guide writes them. The registrations are read from the syntax of
 * the given files: each `<x>.addSchema(schema)` whose schema is an object literal — written there, or a
 * `const` it names (`schemas.authSchema` through an import too) — with a string `$id`.
 */
export class SharedSchemas {
  private byId?: Map<string, ts.ObjectLiteralExpression>;

  constructor(
    private readonly files: () => readonly ts.SourceFile[],
    private readonly checker: ts.TypeChecker,
  ) {}

  /** The object literal registered under `id` (a trailing `#` is no part of it), if any. */
  get(id: string): ts.ObjectLiteralExpression | undefined {
    this.byId ??= this.collect();
    return this.byId.get(id.replace(/#$/, ""));
  }

  private collect(): Map<string, ts.ObjectLiteralExpression> {
    const out = new Map<string, ts.ObjectLiteralExpression>();
    const visit = (node: ts.Node): void => {
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        node.expression.name.text === "addSchema" &&
        node.arguments[0]
      ) {
        const literal = this.objectLiteral(node.arguments[0], 0);
        const id = literal ? this.idOf(literal) : undefined;
        // The first registration of an id wins: Fastify refuses a second one at start-up.
        if (literal && id !== undefined && !out.has(id)) out.set(id, literal);
      }
      ts.forEachChild(node, visit);
    };
    for (const file of this.files()) visit(file);
    return out;
  }

  private idOf(literal: ts.ObjectLiteralExpression): string | undefined {
    for (const prop of literal.properties) {
      if (!ts.isPropertyAssignment(prop) || propertyKey(prop.name, this.checker) !== "$id") continue;
      const value = unwrapExpression(prop.initializer);
      return ts.isStringLiteralLike(value) ? value.text.replace(/#$/, "") : undefined;
    }
    return undefined;
  }

  /** The object literal an expression is, or the `const` (by name or member access) it names. */
  private objectLiteral(node: ts.Expression, depth: number): ts.ObjectLiteralExpression | undefined {
    if (depth > 8) return undefined;
    const expr = unwrapExpression(node);
    if (ts.isObjectLiteralExpression(expr)) return expr;
    if (!ts.isIdentifier(expr) && !ts.isPropertyAccessExpression(expr)) return undefined;
    const decl = targetSymbol(ts.isPropertyAccessExpression(expr) ? expr.name : expr, this.checker)?.valueDeclaration;
    if (!decl || !ts.isVariableDeclaration(decl) || !decl.initializer) return undefined;
    // `let` may be reassigned anywhere: only a `const` holds what its initializer says.
    if (!(ts.isVariableDeclarationList(decl.parent) && decl.parent.flags & ts.NodeFlags.Const)) return undefined;
    return this.objectLiteral(decl.initializer, depth + 1);
  }
}

/** `user#/properties/id` → `{ id: "user", pointer: ["properties", "id"] }`; a local `#/...` ref has no id. */
export function splitSharedRef(ref: string): { id: string; pointer: string[] } | undefined {
  const hash = ref.indexOf("#");
  const id = hash === -1 ? ref : ref.slice(0, hash);
  if (!id) return undefined;
  const fragment = hash === -1 ? "" : ref.slice(hash + 1);
  if (fragment && !fragment.startsWith("/")) return undefined; // a named anchor (`user#name`): not read
  const pointer = fragment
    .split("/")
    .slice(1)
    .map((part) => decodeURIComponent(part).replace(/~1/g, "/").replace(/~0/g, "~"));
  return { id, pointer };
}
