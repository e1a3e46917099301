/**
 * Prisma's enums, read from the project's Prisma schema. `import { Role } from "@prisma/client"` names a module
 * `prisma generate` writes into node_modules at build time, which a checkout does not hold: the type checker
 * cannot resolve it, so `z.nativeEnum(Role)` and `Role.ADMIN` would be unreadable. Prisma Client makes each
 * `enum Role { USER ADMIN }` of the schema an object of its member names (`{ USER: "USER", ADMIN: "ADMIN" }`;
 * `@map` only renames the database value), so the schema says what the module holds.
 *
 * @example
 * ```prisma
 * enum Role {
 *   USER
 *   ADMIN @map("admin")
 * }
 * ```
 * is `{ USER: "USER", ADMIN: "ADMIN" }` for an identifier imported from a Prisma client module.
 */
import path from "node:path";
import type { SourceSet } from "../../scan/source-set.js";
import { ts } from "../../typescript.js";
import { unwrapExpression } from "../syntax.js";

/**
 * The enums of a project's Prisma schemas by name (a name two schemas define differently is left out), and the
 * schema paths looked at, present or not: what a cache of the shapes read with them depends on.
 */
export function prismaEnums(sources: SourceSet): { enums: ReadonlyMap<string, readonly string[]>; looked: string[] } {
  const { files, looked } = schemaFiles(sources);
  sources.recordInputs(looked);
  const found = new Map<string, string[] | null>();
  for (const file of files) {
    const text = sources.host.readFile(file);
    if (text === undefined) continue;
    for (const [name, members] of enumsIn(text)) {
      const known = found.get(name);
      if (known === undefined) found.set(name, members);
      else if (known && known.join(",") !== members.join(",")) found.set(name, null);
    }
  }
  return { enums: new Map([...found].filter((e): e is [string, string[]] => e[1] !== null)), looked };
}

/**
 * The Prisma schema files of the project's folder and of every package of its monorepo: package.json's
 * `prisma.schema` (a file, or a folder of them), else the `.prisma` files of the folder, of its subfolders and
 * of `prisma/schema/`.
 */
function schemaFiles(sources: SourceSet): { files: string[]; looked: string[] } {
  const host = sources.host;
  const out = new Set<string>();
  const looked = new Set<string>();
  const prismaFilesIn = (dir: string) =>
    (host.listDirectory?.(dir) ?? []).filter((f) => f.endsWith(".prisma")).map((f) => path.join(dir, f));
  for (const folder of new Set([sources.root, ...sources.workspacePackages()])) {
    const declared = declaredSchema(sources, folder);
    // Else the `.prisma` files of the folder, of `prisma/schema/` (Prisma's multi-file schema) and of the folder's
    // own subfolders (`prisma/schema.prisma`, `db/schema.prisma`, `postgresql/schema.prisma` beside `mysql/`).
    const subfolders = (host.listDirectory?.(folder) ?? []).filter((e) => e !== "node_modules" && !e.startsWith(".") && !e.includes("."));
    const candidates = declared
      ? [declared, ...prismaFilesIn(declared)]
      : [
          path.join(folder, "prisma", "schema.prisma"),
          path.join(folder, "schema.prisma"),
          ...prismaFilesIn(folder),
          ...prismaFilesIn(path.join(folder, "prisma", "schema")),
          ...subfolders.flatMap((sub) => prismaFilesIn(path.join(folder, sub))),
        ];
    for (const file of candidates) {
      if (!file.endsWith(".prisma")) continue;
      looked.add(file);
      if (host.fileExists(file)) out.add(file);
    }
  }
  return { files: [...out].sort(), looked: [...looked].sort() };
}

/** package.json's `"prisma": { "schema": "db/schema.prisma" }`, resolved against its folder. */
function declaredSchema(sources: SourceSet, folder: string): string | undefined {
  const text = sources.host.readFile(path.join(folder, "package.json"));
  if (!text) return undefined;
  try {
    const schema = (JSON.parse(text) as { prisma?: { schema?: unknown } }).prisma?.schema;
    return typeof schema === "string" ? path.resolve(folder, schema) : undefined;
  } catch {
    return undefined;
  }
}

/** `enum Name { A B @map("b") }` blocks of a schema's text: each name and its members in order. */
export function enumsIn(text: string): [string, string[]][] {
  const clean = text.replace(/\/\/.*$/gm, "");
  const out: [string, string[]][] = [];
  for (const match of clean.matchAll(/^\s*enum\s+([A-Za-z_]\w*)\s*\{([^}]*)\}/gm)) {
    const members = match[2]!
      .split("\n")
      .map((line) => /^\s*([A-Za-z_]\w*)/.exec(line)?.[1])
      .filter((m): m is string => m !== undefined);
    if (members.length) out.push([match[1]!, members]);
  }
  return out;
}

/**
 * Whether an identifier names an export of a Prisma client module: imported from a specifier that names Prisma
 * (`@prisma/client`, `../generated/prisma`, `@acme/prisma`), or from a module of the sources that re-exports
 * one (`export * from "@prisma/client"` in a monorepo's database package).
 */
export function fromPrismaClient(id: ts.Identifier, checker: ts.TypeChecker): boolean {
  const declaration = checker.getSymbolAtLocation(id)?.declarations?.[0];
  if (!declaration || !ts.isImportSpecifier(declaration)) return false;
  const specifier = declaration.parent.parent.parent.moduleSpecifier;
  if (!ts.isStringLiteral(specifier)) return false;
  if (PRISMA.test(specifier.text)) return true;
  const module = checker.getSymbolAtLocation(specifier)?.valueDeclaration;
  if (!module || !ts.isSourceFile(module)) return false;
  return module.statements.some(
    (s) =>
      ts.isExportDeclaration(s) &&
      s.moduleSpecifier !== undefined &&
      ts.isStringLiteral(s.moduleSpecifier) &&
      PRISMA.test(s.moduleSpecifier.text),
  );
}

/** A module specifier that names a Prisma client: the package, its generated folder, or a project's `prisma` module. */
const PRISMA = /(^|[/@.-])prisma([/-]|$)/i;

/**
 * Whether a module specifier names the Prisma client a schema's generator writes (`../prisma/generated-prisma-client`,
 * `../generated/prisma`, `./prisma/client`): Prisma's name and a generated or client folder (a project's own
 * `./prisma` module is none).
 */
export function namesPrismaClient(specifier: string): boolean {
  return PRISMA.test(specifier) && /(^|[/@.-])(generated|client)([/-]|$)/i.test(specifier);
}

/** The external values a program's imports hold that the checker cannot resolve, by checker (see static-json.ts). */
const registry = new WeakMap<ts.TypeChecker, ReadonlyMap<string, readonly string[]>>();

/** Makes a program's Prisma enums known to the static reading of its values (`staticJson`). */
export function registerPrismaEnums(checker: ts.TypeChecker, enums: ReadonlyMap<string, readonly string[]>): void {
  if (enums.size) registry.set(checker, enums);
}

/** The object Prisma Client makes of an enum an unresolved identifier names (`{ ADMIN: "ADMIN" }`), or undefined. */
export function prismaEnumObject(node: ts.Expression, checker: ts.TypeChecker): Record<string, string> | undefined {
  const enums = registry.get(checker);
  const id = unwrapExpression(node);
  if (!enums || !ts.isIdentifier(id)) return undefined;
  const members = enums.get(id.text);
  if (!members || !fromPrismaClient(id, checker)) return undefined;
  return Object.fromEntries(members.map((m) => [m, m]));
}

/**
 * The JSON Schema of a property whose written type names a Prisma enum the checker cannot resolve (`role: Role`,
 * `role?: Role | null`, `roles: Role[]`): a string of its members. Undefined for any other type.
 */
export function prismaEnumTypeSchema(declaration: ts.Node | undefined, checker: ts.TypeChecker): Record<string, unknown> | undefined {
  const written =
    declaration && (ts.isPropertySignature(declaration) || ts.isPropertyDeclaration(declaration)) ? declaration.type : undefined;
  return written ? enumTypeSchema(written, checker) : undefined;
}

function enumTypeSchema(node: ts.TypeNode, checker: ts.TypeChecker): Record<string, unknown> | undefined {
  if (ts.isParenthesizedTypeNode(node)) return enumTypeSchema(node.type, checker);
  if (ts.isArrayTypeNode(node)) {
    const items = enumTypeSchema(node.elementType, checker);
    return items ? { type: "array", items } : undefined;
  }
  if (ts.isUnionTypeNode(node)) {
    const isNull = (t: ts.TypeNode) => ts.isLiteralTypeNode(t) && t.literal.kind === ts.SyntaxKind.NullKeyword;
    const rest = node.types.filter((t) => !isNull(t) && t.kind !== ts.SyntaxKind.UndefinedKeyword);
    const inner = rest.length === 1 ? enumTypeSchema(rest[0]!, checker) : undefined;
    if (!inner) return undefined;
    return node.types.some(isNull) ? { ...inner, type: [inner.type, "null"] } : inner;
  }
  if (!ts.isTypeReferenceNode(node) || !ts.isIdentifier(node.typeName) || node.typeArguments) return undefined;
  const members = prismaEnumObject(node.typeName, checker);
  return members ? { type: "string", enum: Object.keys(members) } : undefined;
}
