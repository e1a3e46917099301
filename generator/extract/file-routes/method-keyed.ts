import { ts } from "../../typescript.js";
import type { Interpreter } from "../../resolve/interpreter.js";
import type { Scope } from "../../resolve/scope.js";
import { unwrapExpression } from "../../resolve/syntax.js";
import type { Value } from "../../resolve/values.js";

const HTTP_METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]);

/** One method's handler in a method-keyed object. */
export interface KeyedHandler {
  method: string;
  /** The handler expression (the property's initializer), or the object when the entry is not written in it. */
  node: ts.Node;
  value: Value;
}

/**
 * A Pages Router default export that hands a wrapper an object keyed by method —
 * `export default withMiddlewares({ GET: listThings, POST: createThing })`, `handler({ get, post })`, also
 * through nested wrappers and a `const` object — dispatches on `req.method` by that object's keys: one
 * handler per key. Every key must name an HTTP method (in any case); an object with any other key is not
 * such a table. Undefined when the export is no such call.
 */
export function methodKeyedHandlers(node: ts.Node, interpreter: Interpreter, scope: Scope): KeyedHandler[] | undefined {
  const call = unwrapExpression(node as ts.Expression);
  if (!ts.isCallExpression(call)) return undefined;
  for (const arg of call.arguments) {
    const inner = unwrapExpression(arg);
    if (ts.isCallExpression(inner)) {
      const nested = methodKeyedHandlers(inner, interpreter, scope);
      if (nested) return nested;
      continue;
    }
    if (ts.isObjectLiteralExpression(inner)) {
      const written = writtenTable(inner, interpreter, scope);
      if (written) return written;
      continue;
    }
    if (!ts.isIdentifier(inner) && !ts.isPropertyAccessExpression(inner)) continue;
    const value = interpreter.evaluate(inner, scope);
    if (value.kind !== "object" || value.props.size === 0) continue;
    if (![...value.props.keys()].every((k) => HTTP_METHODS.has(k.toUpperCase()))) continue;
    return [...value.props].map(([key, v]) => ({ method: key.toUpperCase(), node: inner, value: v }));
  }
  return undefined;
}

export function writtenTable(object: ts.ObjectLiteralExpression, interpreter: Interpreter, scope: Scope): KeyedHandler[] | undefined {
  const out: KeyedHandler[] = [];
  for (const property of object.properties) {
    const name = property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)) ? property.name.text : undefined;
    if (!name || !HTTP_METHODS.has(name.toUpperCase())) return undefined;
    if (ts.isPropertyAssignment(property))
      out.push({ method: name.toUpperCase(), node: property.initializer, value: interpreter.evaluate(property.initializer, scope) });
    else if (ts.isShorthandPropertyAssignment(property))
      out.push({ method: name.toUpperCase(), node: property.name, value: interpreter.evaluate(property.name, scope) });
    else if (ts.isMethodDeclaration(property))
      out.push({ method: name.toUpperCase(), node: property, value: { kind: "function", decl: property, scope } });
    else return undefined;
  }
  return out.length ? out : undefined;
}
