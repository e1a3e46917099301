import { callsOf } from "../../scan/calls.js";
import { ts } from "../../typescript.js";

const NONE: ReadonlySet<string> = new Set();

/**
 * The modules `file` imports only for permission checks — `import { Perm } from "./permissions"` where
 * every mention of `Perm` is inside a recognized call like `requirePermission(Perm.Read)` — which the
 * type program for documented shapes can leave unresolved: a check's arguments never reach a request or
 * response type. On a large service the central permissions file is the largest file that program would
 * otherwise parse and bind.
 *
 * Conservative by construction: a module stays if any name it binds is mentioned anywhere else in the
 * file's text (code, a string, or a comment — a `@response 200 Invoice` tag names a type in a comment),
 * is never mentioned at all, is imported as a type, or if the file re-exports from it.
 */
export function permissionOnlyImports(file: ts.SourceFile, permissionCalls: ReadonlySet<string>): ReadonlySet<string> {
  const namesBySpecifier = new Map<string, string[]>();
  const keep = new Set<string>();
  const importRanges: [number, number][] = [];
  for (const statement of file.statements) {
    if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier))
      keep.add(statement.moduleSpecifier.text);
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const specifier = statement.moduleSpecifier.text;
    const clause = statement.importClause;
    // A side-effect import, or one for types: the program needs the module.
    if (!clause || clause.isTypeOnly) {
      keep.add(specifier);
      continue;
    }
    const names = namesBySpecifier.get(specifier) ?? [];
    if (clause.name) names.push(clause.name.text);
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) names.push(bindings.name.text);
    else if (bindings) {
      for (const element of bindings.elements) {
        if (element.isTypeOnly) keep.add(specifier);
        names.push(element.name.text);
      }
    }
    namesBySpecifier.set(specifier, names);
    importRanges.push([statement.pos, statement.end]);
  }
  for (const specifier of keep) namesBySpecifier.delete(specifier);
  if (!namesBySpecifier.size || !permissionCalls.size) return NONE;

  const wanted = new Set([...namesBySpecifier.values()].flat());
  // Mentions of the imported names inside recognized permission calls (callee and arguments).
  const inChecks = new Map<string, number>();
  const count = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && wanted.has(node.text)) inChecks.set(node.text, (inChecks.get(node.text) ?? 0) + 1);
    ts.forEachChild(node, count);
  };
  // The file's calls in source order (listed once per file, usually by the scan already); a check inside
  // another check's arguments is counted with it.
  let countedUntil = -1;
  for (const call of callsOf(file)) {
    if (!ts.isCallExpression(call) || call.pos < countedUntil) continue;
    // The callee's name as the interpreter reads it (`check(...)`, `auth.check(...)`); imported from
    // there it would make a cycle (the interpreter builds type contexts).
    const callee = call.expression;
    const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : undefined;
    if (name === undefined || !permissionCalls.has(name)) continue;
    count(call);
    countedUntil = call.end;
  }

  // Every mention in the text outside the import declarations must be one of those.
  const text = file.text;
  const outsideImports = (index: number) => !importRanges.some(([start, end]) => index >= start && index < end);
  const mentions = (name: string): number => {
    let n = 0;
    for (const match of text.matchAll(new RegExp(`(?<![\\w$])${name.replace(/\$/g, "\\$")}(?![\\w$])`, "g")))
      if (outsideImports(match.index)) n++;
    return n;
  };
  const out = new Set<string>();
  for (const [specifier, names] of namesBySpecifier) {
    if (names.every((name) => (inChecks.get(name) ?? 0) > 0 && mentions(name) === inChecks.get(name))) out.add(specifier);
  }
  return out;
}
