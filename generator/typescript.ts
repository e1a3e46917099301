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

// Resolved from ts-morph itself: exactly the compiler build that the pinned ts-morph bundles.
const require = createRequire(createRequire(import.meta.url).resolve("ts-morph"));

/** The compiler API. */
export const ts = require("@ts-morph/common/dist/typescript.js") as typeof Ts;

/** The compiler's types, under the same name as the value, for annotations (`ts.Node`). */
export declare namespace ts {
  type ArrayLiteralExpression = Ts.ArrayLiteralExpression;
  type BinaryExpression = Ts.BinaryExpression;
  type BindingName = Ts.BindingName;
  type Block = Ts.Block;
  type CallExpression = Ts.CallExpression;
  type ClassDeclaration = Ts.ClassDeclaration;
  type ClassExpression = Ts.ClassExpression;
  type ClassLikeDeclaration = Ts.ClassLikeDeclaration;
  type CompilerHost = Ts.CompilerHost;
  type CompilerOptions = Ts.CompilerOptions;
  type Diagnostic = Ts.Diagnostic;
  type CreateSourceFileOptions = Ts.CreateSourceFileOptions;
  type DiagnosticWithLocation = Ts.DiagnosticWithLocation;
  type ElementAccessExpression = Ts.ElementAccessExpression;
  type EnumDeclaration = Ts.EnumDeclaration;
  type ExportDeclaration = Ts.ExportDeclaration;
  type Expression = Ts.Expression;
  type FunctionLikeDeclaration = Ts.FunctionLikeDeclaration;
  type Identifier = Ts.Identifier;
  type ImportDeclaration = Ts.ImportDeclaration;
  type JSDoc = Ts.JSDoc;
  type JSDocParsingMode = Ts.JSDocParsingMode;
  type LiteralType = Ts.LiteralType;
  type ModuleKind = Ts.ModuleKind;
  type ModuleResolutionHost = Ts.ModuleResolutionHost;
  type ModuleResolutionKind = Ts.ModuleResolutionKind;
  type NewExpression = Ts.NewExpression;
  type Node = Ts.Node;
  type NodeFlags = Ts.NodeFlags;
  type NumberLiteralType = Ts.NumberLiteralType;
  type NumericLiteral = Ts.NumericLiteral;
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
  type ScriptTarget = Ts.ScriptTarget;
  type SourceFile = Ts.SourceFile;
  type Statement = Ts.Statement;
  type StringLiteral = Ts.StringLiteral;
  type StringLiteralType = Ts.StringLiteralType;
  type Symbol = Ts.Symbol;
  type SymbolFlags = Ts.SymbolFlags;
  type SyntaxKind = Ts.SyntaxKind;
  type TemplateExpression = Ts.TemplateExpression;
  type TupleType = Ts.TupleType;
  type Type = Ts.Type;
  type TypeChecker = Ts.TypeChecker;
  type TypeFlags = Ts.TypeFlags;
  type TypeNode = Ts.TypeNode;
  type TypeReference = Ts.TypeReference;
  type UnionType = Ts.UnionType;
  type VariableDeclaration = Ts.VariableDeclaration;
}

/**
 * Where the compiler looks for its lib files. The bundled build ships them inside @ts-morph/common
 * rather than on disk, so hosts serve them from memory (`libFileText`).
 */
export const LIB_FOLDER = path.dirname(ts.getDefaultLibFilePath({}));

let libTexts: Map<string, string> | undefined;
let allLibTexts: Map<string, string> | undefined;

/** The text of a lib file (`lib.es2023.d.ts`), or undefined for any other name. */
export function libFileText(fileName: string): string | undefined {
  const name = path.basename(fileName);
  // Only lib files: the compiler also looks for a package.json beside them (module format lookups).
  if (path.dirname(fileName) !== LIB_FOLDER || !/^lib\.[\w.]+\.d\.ts$|^lib\.d\.ts$/.test(name)) return undefined;
  // Loaded on first use: only the type phase of documented operations reads lib files.
  libTexts ??= readExtractedLibs();
  const text = libTexts.get(name);
  if (text !== undefined) return text;
  // DOM and host libs, or a tree that was not built: the bundled copies.
  allLibTexts ??= new Map((require("@ts-morph/common") as { getLibFiles(): { fileName: string; text: string }[] }).getLibFiles().map((f) => [f.fileName, f.text]));
  return allLibTexts.get(name);
}

/** The lib files `npm run build` extracted (generator/build/extract-ts-libs.ts), if it ran. */
function readExtractedLibs(): Map<string, string> {
  try {
    return new Map(Object.entries(JSON.parse(readFileSync(new URL("../lib/typescript-libs.json", import.meta.url), "utf8")) as Record<string, string>));
  } catch {
    return new Map();
  }
}
