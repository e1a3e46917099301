import { ts } from "../../typescript.js";
import { unwrapExpression } from "../syntax.js";
import { prismaEnumObject } from "./prisma-enums.js";

export { unwrapExpression };

/**
 * Following values through the type checker's symbols: identifiers to their `const` initializers
 * (across files, imports and re-exports), and literals to the JSON they spell. Schema values are read
 * in the type phase, which has the checker; the extraction's interpreter is not running then.
 */

/** Returned when an expression has no value apidex can know without running code. */
export const NOT_STATIC: unique symbol = Symbol("not static");
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type StaticResult = Json | undefined | typeof NOT_STATIC;

/** The symbol an identifier names, through imports and re-exports. */
export function targetSymbol(node: ts.Node, checker: ts.TypeChecker): ts.Symbol | undefined {
  const parent = node.parent;
  let symbol =
    parent && ts.isShorthandPropertyAssignment(parent) && parent.name === node
      ? checker.getShorthandAssignmentValueSymbol(parent)
      : checker.getSymbolAtLocation(node);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  return symbol;
}

/** The `const` declaration an identifier names, when its value is written in the sources. */
export function constDeclaration(node: ts.Identifier, checker: ts.TypeChecker): ts.VariableDeclaration | undefined {
  const decl = targetSymbol(node, checker)?.valueDeclaration;
  if (!decl || !ts.isVariableDeclaration(decl) || !decl.initializer || !ts.isIdentifier(decl.name)) return undefined;
  // `let` may be reassigned anywhere: only a `const` holds what its initializer says.
  return ts.isVariableDeclarationList(decl.parent) && decl.parent.flags & ts.NodeFlags.Const ? decl : undefined;
}

/** Whether a declaration is at a module's top level (a schema a project names and shares). */
export function isModuleLevel(decl: ts.VariableDeclaration): boolean {
  const statement = decl.parent.parent;
  return ts.isVariableStatement(statement) && ts.isSourceFile(statement.parent);
}

/**
 * Where an identifier comes from when it is imported from a package: the module specifier and the
 * imported name (`*` for a namespace import, `default`). Local re-exports (`export { z } from "zod"` in
 * the project's own `lib/zod.ts`) are followed one step at a time until a package is reached.
 */
export function packageOrigin(node: ts.Identifier, checker: ts.TypeChecker): { module: string; name: string } | undefined {
  let symbol = checker.getSymbolAtLocation(node);
  for (let hops = 0; symbol && hops < 8; hops++) {
    const decl = symbol.declarations?.[0];
    if (!decl) return undefined;
    let specifier: ts.Expression | undefined;
    let name: string | undefined;
    if (ts.isImportSpecifier(decl)) {
      specifier = decl.parent.parent.parent.moduleSpecifier;
      name = (decl.propertyName ?? decl.name).text;
    } else if (ts.isNamespaceImport(decl)) {
      specifier = decl.parent.parent.moduleSpecifier;
      name = "*";
    } else if (ts.isImportClause(decl)) {
      specifier = decl.parent.moduleSpecifier;
      name = "default";
    } else if (ts.isExportSpecifier(decl) && decl.parent.parent.moduleSpecifier) {
      specifier = decl.parent.parent.moduleSpecifier;
      name = (decl.propertyName ?? decl.name).text;
    } else if (ts.isVariableDeclaration(decl) && decl.initializer && ts.isIdentifier(unwrapExpression(decl.initializer))) {
      // `export const z = zod.z` style aliases are rare; `const v = z` is followed.
      symbol = checker.getSymbolAtLocation(unwrapExpression(decl.initializer));
      continue;
    } else return undefined;
    if (!ts.isStringLiteral(specifier)) return undefined;
    const module = specifier.text;
    if (!module.startsWith(".") && !module.startsWith("/")) {
      // A bare specifier can still be a path alias into the project: follow it when it resolves to a file of ours.
      const next = checker.getImmediateAliasedSymbol(symbol);
      const nextDecl = next?.declarations?.[0];
      const local =
        nextDecl && !nextDecl.getSourceFile().isDeclarationFile && !/[\\/]node_modules[\\/]/.test(nextDecl.getSourceFile().fileName);
      if (!local) return { module, name: name! };
      symbol = next;
      continue;
    }
    symbol = checker.getImmediateAliasedSymbol(symbol);
  }
  return undefined;
}

/**
 * The JSON an expression spells: literals, object and array literals (spreads included), `const`s,
 * enum members and `as const` objects, across files. `onCall` reads calls (schema builders inside a
 * JSON Schema literal); anything else is NOT_STATIC.
 */
export function staticJson(
  node: ts.Expression,
  checker: ts.TypeChecker,
  onCall?: (call: ts.CallExpression) => StaticResult,
  depth = 0,
): StaticResult {
  if (depth > 32) return NOT_STATIC;
  const again = (n: ts.Expression) => staticJson(n, checker, onCall, depth + 1);
  const expr = unwrapExpression(node);
  if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) return expr.text;
  if (ts.isNumericLiteral(expr)) return Number(expr.text);
  if (expr.kind === ts.SyntaxKind.TrueKeyword) return true;
  if (expr.kind === ts.SyntaxKind.FalseKeyword) return false;
  if (expr.kind === ts.SyntaxKind.NullKeyword) return null;
  if (ts.isPrefixUnaryExpression(expr) && expr.operator === ts.SyntaxKind.MinusToken) {
    const inner = again(expr.operand);
    return typeof inner === "number" ? -inner : NOT_STATIC;
  }
  if (ts.isRegularExpressionLiteral(expr)) return NOT_STATIC;
  if (ts.isBinaryExpression(expr)) return arithmetic(expr.operatorToken.kind, again(expr.left), again(expr.right));
  if (ts.isArrayLiteralExpression(expr)) {
    const out: Json[] = [];
    for (const element of expr.elements) {
      if (ts.isSpreadElement(element)) {
        const spread = again(element.expression);
        if (!Array.isArray(spread)) return NOT_STATIC;
        out.push(...spread);
        continue;
      }
      const value = again(element);
      if (value === NOT_STATIC) return NOT_STATIC;
      out.push(value === undefined ? null : value);
    }
    return out;
  }
  if (ts.isObjectLiteralExpression(expr)) {
    const out: { [key: string]: Json } = {};
    for (const prop of expr.properties) {
      if (ts.isSpreadAssignment(prop)) {
        const spread = again(prop.expression);
        if (!spread || typeof spread !== "object" || Array.isArray(spread)) return NOT_STATIC;
        Object.assign(out, spread);
        continue;
      }
      const key = propertyKey(prop.name, checker);
      if (key === undefined) return NOT_STATIC;
      const value = ts.isPropertyAssignment(prop)
        ? again(prop.initializer)
        : ts.isShorthandPropertyAssignment(prop)
          ? again(prop.name)
          : NOT_STATIC;
      if (value === NOT_STATIC) return NOT_STATIC;
      if (value !== undefined) out[key] = value;
    }
    return out;
  }
  if (ts.isIdentifier(expr)) {
    if (expr.text === "undefined") return undefined;
    const symbol = targetSymbol(expr, checker);
    const decl = symbol?.valueDeclaration;
    if (decl && ts.isEnumMember(decl)) return enumMemberValue(decl, checker);
    const constant = constDeclaration(expr, checker);
    if (constant) return again(constant.initializer!);
    // An enum of a Prisma client module, which `prisma generate` writes and a checkout lacks: the schema's.
    return prismaEnumObject(expr, checker) ?? NOT_STATIC;
  }
  if (ts.isPropertyAccessExpression(expr) || ts.isElementAccessExpression(expr)) {
    const symbol = targetSymbol(ts.isPropertyAccessExpression(expr) ? expr.name : expr.argumentExpression, checker);
    const decl = symbol?.valueDeclaration;
    if (decl && ts.isEnumMember(decl)) return enumMemberValue(decl, checker);
    const base = again(expr.expression);
    const key = ts.isPropertyAccessExpression(expr) ? expr.name.text : again(expr.argumentExpression);
    if (base && typeof base === "object" && !Array.isArray(base) && (typeof key === "string" || typeof key === "number"))
      return Object.hasOwn(base, String(key)) ? base[String(key)] : NOT_STATIC;
    return NOT_STATIC;
  }
  if (ts.isCallExpression(expr) && onCall) return onCall(expr);
  return NOT_STATIC;
}

/**
 * A binary expression of two constants, as JavaScript computes it: a bound written as arithmetic
 * (`maximum: 86400 * 7`, `maxLength: 2 ** 10`) or a string joined from constants (`BASE + "/users"`).
 * Anything else (comparisons, logic, a non-finite result) is not a JSON value apidex states.
 */
function arithmetic(operator: ts.SyntaxKind, left: StaticResult, right: StaticResult): StaticResult {
  if (operator === ts.SyntaxKind.PlusToken && typeof left === "string" && (typeof right === "string" || typeof right === "number"))
    return left + right;
  if (operator === ts.SyntaxKind.PlusToken && typeof left === "number" && typeof right === "string") return left + right;
  if (typeof left !== "number" || typeof right !== "number") return NOT_STATIC;
  const value =
    operator === ts.SyntaxKind.PlusToken
      ? left + right
      : operator === ts.SyntaxKind.MinusToken
        ? left - right
        : operator === ts.SyntaxKind.AsteriskToken
          ? left * right
          : operator === ts.SyntaxKind.SlashToken
            ? left / right
            : operator === ts.SyntaxKind.PercentToken
              ? left % right
              : operator === ts.SyntaxKind.AsteriskAsteriskToken
                ? left ** right
                : Number.NaN;
  return Number.isFinite(value) ? value : NOT_STATIC;
}

/** A property name as a string: identifiers, string and numeric literals, computed constant keys. */
export function propertyKey(name: ts.PropertyName, checker: ts.TypeChecker): string | undefined {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) || ts.isPrivateIdentifier(name)) return name.text;
  if (ts.isComputedPropertyName(name)) {
    const value = staticJson(name.expression, checker);
    return typeof value === "string" || typeof value === "number" ? String(value) : undefined;
  }
  return undefined;
}

/** An enum member's value: its initializer, or its position for auto-numbered members. */
export function enumMemberValue(member: ts.EnumMember, checker: ts.TypeChecker): StaticResult {
  const constant = checker.getConstantValue(member);
  return constant === undefined ? NOT_STATIC : constant;
}

/** The values of an enum declaration, in declaration order (numeric enums without their reverse mapping). */
export function enumValues(decl: ts.EnumDeclaration, checker: ts.TypeChecker): (string | number)[] | undefined {
  const out: (string | number)[] = [];
  for (const member of decl.members) {
    const value = checker.getConstantValue(member);
    if (value === undefined) return undefined;
    out.push(value);
  }
  return out;
}

/** The properties of an object literal by name (the last one wins, as at run time). */
export function objectProperties(literal: ts.ObjectLiteralExpression, checker: ts.TypeChecker): Map<string, ts.Expression> {
  const out = new Map<string, ts.Expression>();
  for (const prop of literal.properties) {
    const key = prop.name ? propertyKey(prop.name, checker) : undefined;
    if (key === undefined) continue;
    if (ts.isPropertyAssignment(prop)) out.set(key, prop.initializer);
    else if (ts.isShorthandPropertyAssignment(prop)) out.set(key, prop.name);
  }
  return out;
}

/** Follows identifiers (consts, imports) to the object literal they hold. */
export function objectLiteralOf(
  node: ts.Expression | undefined,
  checker: ts.TypeChecker,
  depth = 0,
): ts.ObjectLiteralExpression | undefined {
  if (!node || depth > 16) return undefined;
  const expr = unwrapExpression(node);
  if (ts.isObjectLiteralExpression(expr)) return expr;
  if (ts.isIdentifier(expr)) {
    const decl = constDeclaration(expr, checker);
    return decl ? objectLiteralOf(decl.initializer, checker, depth + 1) : undefined;
  }
  return undefined;
}
