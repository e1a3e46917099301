import { ts } from "../../typescript.js";

/** `@Name(...)` on a class or method, as its call expression. */
export function decoratorCall(node: ts.Node, name: string): ts.CallExpression | undefined {
  for (const decorator of (ts.canHaveDecorators(node) ? ts.getDecorators(node) : undefined) ?? []) {
    const expression = decorator.expression;
    if (ts.isCallExpression(expression)) {
      const callee = expression.expression;
      const calleeName = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : undefined;
      if (calleeName === name) return expression;
    }
  }
  return undefined;
}

/** Whether a decorator is `@Module(...)` (Nest's, by name, as the module graph reads it). */
export function isNestModuleDecorator(decorator: ts.Decorator): boolean {
  const expression = decorator.expression;
  if (!ts.isCallExpression(expression)) return false;
  const callee = expression.expression;
  const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : undefined;
  return name === "Module";
}
