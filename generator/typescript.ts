/**
 * The TypeScript compiler apidex runs: the build ts-morph bundles, loaded with `require()`.
 *
 * apidex walks raw compiler nodes and builds its one type program itself, so it needs nothing of
 * ts-morph's wrapper layer. Importing `ts-morph` from ESM would load that layer too and make Node scan
 * its megabyte of source for named exports: about 100 ms of every run, for nothing.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { ts as Ts } from "ts-morph";
import { packageFile } from "./package-files.js";

// Resolved from ts-morph itself: exactly the compiler build that the pinned ts-morph bundles.
const require = createRequire(createRequire(import.meta.url).resolve("ts-morph"));

/** The compiler API. */
export const ts = require("@ts-morph/common/dist/typescript.js") as typeof Ts;

/** The compiler's types, under the same name as the value, for annotations (`ts.Node`). */
export declare namespace ts {
  type ArrayLiteralExpression = Ts.ArrayLiteralExpression;
  type BinaryExpression = Ts.BinaryExpression;
  type BindingElement = Ts.BindingElement;
  type BindingName = Ts.BindingName;
  type Block = Ts.Block;
  type CallExpression = Ts.CallExpression;
  type ClassDeclaration = Ts.ClassDeclaration;
  type ClassExpression = Ts.ClassExpression;
  type ClassLikeDeclaration = Ts.ClassLikeDeclaration;
  type ConstructorDeclaration = Ts.ConstructorDeclaration;
  type CompilerHost = Ts.CompilerHost;
  type CompilerOptions = Ts.CompilerOptions;
  type Diagnostic = Ts.Diagnostic;
  type CreateSourceFileOptions = Ts.CreateSourceFileOptions;
  type Decorator = Ts.Decorator;
  type DiagnosticWithLocation = Ts.DiagnosticWithLocation;
  type ElementAccessExpression = Ts.ElementAccessExpression;
  type EnumDeclaration = Ts.EnumDeclaration;
  type EnumMember = Ts.EnumMember;
  type EntityName = Ts.EntityName;
  type YieldExpression = Ts.YieldExpression;
  type ExportDeclaration = Ts.ExportDeclaration;
  type ExportSpecifier = Ts.ExportSpecifier;
  type Expression = Ts.Expression;
  type ExpressionWithTypeArguments = Ts.ExpressionWithTypeArguments;
  type ExternalModuleReference = Ts.ExternalModuleReference;
  type ExpressionStatement = Ts.ExpressionStatement;
  type Extension = Ts.Extension;
  type ForInStatement = Ts.ForInStatement;
  type ForOfStatement = Ts.ForOfStatement;
  type ForStatement = Ts.ForStatement;
  type FunctionLikeDeclaration = Ts.FunctionLikeDeclaration;
  type Identifier = Ts.Identifier;
  type IfStatement = Ts.IfStatement;
  type IterationStatement = Ts.IterationStatement;
  type ConditionalExpression = Ts.ConditionalExpression;
  type PrefixUnaryExpression = Ts.PrefixUnaryExpression;
  type ImportDeclaration = Ts.ImportDeclaration;
  type ImportEqualsDeclaration = Ts.ImportEqualsDeclaration;
  type JSDoc = Ts.JSDoc;
  type JSDocParsingMode = Ts.JSDocParsingMode;
  type MethodDeclaration = Ts.MethodDeclaration;
  type PropertyDeclaration = Ts.PropertyDeclaration;
  type LiteralType = Ts.LiteralType;
  type ModuleKind = Ts.ModuleKind;
  type ModuleResolutionHost = Ts.ModuleResolutionHost;
  type ModuleResolutionKind = Ts.ModuleResolutionKind;
  type NewExpression = Ts.NewExpression;
  type Node = Ts.Node;
  type NodeFlags = Ts.NodeFlags;
  type NumberLiteralType = Ts.NumberLiteralType;
  type NumericLiteral = Ts.NumericLiteral;
  type ObjectBindingPattern = Ts.ObjectBindingPattern;
  type ObjectFlags = Ts.ObjectFlags;
  type ObjectLiteralExpression = Ts.ObjectLiteralExpression;
  type ObjectType = Ts.ObjectType;
  type ParameterDeclaration = Ts.ParameterDeclaration;
  type ParenthesizedExpression = Ts.ParenthesizedExpression;
  type ParseConfigHost = Ts.ParseConfigHost;
  type Program = Ts.Program;
  type PropertyAccessExpression = Ts.PropertyAccessExpression;
  type PropertyName = Ts.PropertyName;
  type PropertySignature = Ts.PropertySignature;
  type ResolvedModule = Ts.ResolvedModule;
  type ReturnStatement = Ts.ReturnStatement;
  type ScriptTarget = Ts.ScriptTarget;
  type SourceFile = Ts.SourceFile;
  type Statement = Ts.Statement;
  type StringLiteral = Ts.StringLiteral;
  type StringLiteralType = Ts.StringLiteralType;
  type Symbol = Ts.Symbol;
  type SymbolFlags = Ts.SymbolFlags;
  type SwitchStatement = Ts.SwitchStatement;
  type SyntaxKind = Ts.SyntaxKind;
  type TaggedTemplateExpression = Ts.TaggedTemplateExpression;
  type TemplateExpression = Ts.TemplateExpression;
  type ThrowStatement = Ts.ThrowStatement;
  type TryStatement = Ts.TryStatement;
  type TupleType = Ts.TupleType;
  type Type = Ts.Type;
  type TypeChecker = Ts.TypeChecker;
  type TypeFlags = Ts.TypeFlags;
  type TypeNode = Ts.TypeNode;
  type TypeReference = Ts.TypeReference;
  type UnionType = Ts.UnionType;
  type VariableDeclaration = Ts.VariableDeclaration;
  type VariableStatement = Ts.VariableStatement;
  type VoidExpression = Ts.VoidExpression;
}

/**
 * Where the compiler looks for its lib files. The bundled build ships them inside @ts-morph/common
 * rather than on disk, so hosts serve them from memory (`libFileText`).
 */
export const LIB_FOLDER = path.dirname(ts.getDefaultLibFilePath({}));

interface ExtractedLibs {
  texts: Map<string, string>;
  globals: Map<string, string[]>;
}

let extracted: ExtractedLibs | undefined;
let allLibTexts: Map<string, string> | undefined;

/** The text of a lib file (`lib.es2023.d.ts`), or undefined for any other name. */
export function libFileText(fileName: string): string | undefined {
  const name = libName(fileName);
  if (!name) return undefined;
  // Loaded on first use: only the type phase of documented operations reads lib files.
  const text = extractedLibs().texts.get(name);
  if (text !== undefined) return text;
  // DOM and host libs, or a tree that was not built: the bundled copies.
  allLibTexts ??= new Map(
    (require("@ts-morph/common") as { getLibFiles(): { fileName: string; text: string }[] }).getLibFiles().map((f) => [f.fileName, f.text]),
  );
  return allLibTexts.get(name);
}

/** The global names a lib file declares at its top level (`Map`, `MapConstructor`...), or undefined for any other name. */
export function libFileGlobals(fileName: string): string[] | undefined {
  const name = libName(fileName);
  if (!name) return undefined;
  const known = extractedLibs().globals.get(name);
  if (known) return known;
  const text = libFileText(fileName);
  return text === undefined ? undefined : topLevelNames(text);
}

/**
 * The names a declaration file declares at its top level: interfaces, type aliases, classes, functions,
 * enums, namespaces and variables. Members of namespaces (`Reflect.get`) are not globals.
 */
export function topLevelNames(text: string): string[] {
  const file = ts.createSourceFile("lib.d.ts", text, ts.ScriptTarget.Latest, false);
  const names = new Set<string>();
  for (const statement of file.statements) {
    if (ts.isVariableStatement(statement)) {
      for (const d of statement.declarationList.declarations) if (ts.isIdentifier(d.name)) names.add(d.name.text);
    } else if (
      (ts.isInterfaceDeclaration(statement) ||
        ts.isTypeAliasDeclaration(statement) ||
        ts.isClassDeclaration(statement) ||
        ts.isFunctionDeclaration(statement) ||
        ts.isEnumDeclaration(statement) ||
        ts.isModuleDeclaration(statement)) &&
      statement.name &&
      ts.isIdentifier(statement.name)
    ) {
      names.add(statement.name.text);
    }
  }
  return [...names].sort();
}

/** A lib file's base name when `fileName` is one (the compiler also asks for a package.json beside them). */
function libName(fileName: string): string | undefined {
  const name = path.basename(fileName);
  return path.dirname(fileName) === LIB_FOLDER && /^lib\.[\w.]+\.d\.ts$|^lib\.d\.ts$/.test(name) ? name : undefined;
}

/** What `npm run build` extracted (generator/build/extract-ts-libs.ts), if it ran. */
function extractedLibs(): ExtractedLibs {
  if (extracted) return extracted;
  try {
    const data = JSON.parse(readFileSync(packageFile("lib", "typescript-libs.json"), "utf8")) as {
      texts: Record<string, string>;
      globals: Record<string, string[]>;
    };
    extracted = { texts: new Map(Object.entries(data.texts)), globals: new Map(Object.entries(data.globals)) };
  } catch {
    extracted = { texts: new Map(), globals: new Map() };
  }
  return extracted;
}
