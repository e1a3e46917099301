import { ts } from "../../typescript.js";
import type { FileField, FormUploads } from "./form-uploads.js";

/**
 * A NestJS route that takes files: its body is multipart form data, as @nestjs/platform-express's multer
 * interceptors read it, with the files beside the `@Body()` fields. `@UseInterceptors(FileInterceptor("file"))`
 * (on the method or its controller) reads one file, `FilesInterceptor("photos")` several under one name,
 * `FileFieldsInterceptor([{ name: "avatar", maxCount: 1 }, { name: "gallery" }])` several names,
 * `AnyFilesInterceptor()` any name and `NoFilesInterceptor()` text fields only. `@ApiConsumes(...)` of
 * @nestjs/swagger states the media type outright. A request without files is still let through by multer, so a
 * file is required only where the handler's `@UploadedFile(new ParseFilePipe(...))` (or a
 * `ParseFilePipeBuilder`'s `build()`) refuses one that is missing, as ParseFilePipe does unless told
 * `fileIsRequired: false`.
 *
 * @returns the uploads of a Nest handler, or undefined when it takes none (its body is JSON).
 */
export function nestUploads(method: ts.FunctionLikeDeclaration, checker: ts.TypeChecker): FormUploads | undefined {
  const owners = [method, ...(method.parent && ts.isClassDeclaration(method.parent) ? [method.parent] : [])];
  const decorators = owners.flatMap((owner) => decoratorCalls(owner));
  const consumes = decorators.find((d) => calleeName(d) === "ApiConsumes")?.arguments.map((a) => text(a, checker));
  const files: FileField[] = [];
  let multipart = false;
  for (const use of decorators.filter((d) => calleeName(d) === "UseInterceptors"))
    for (const arg of use.arguments) {
      const call = ts.isCallExpression(arg) ? arg : undefined;
      const name = call ? calleeName(call) : undefined;
      if (!call || !name || !INTERCEPTORS.has(name)) continue;
      multipart = true;
      if (name === "FileInterceptor" || name === "FilesInterceptor") {
        const field = text(call.arguments[0], checker);
        if (field) files.push({ name: field, many: name === "FilesInterceptor", required: false });
      } else if (name === "FileFieldsInterceptor" && call.arguments[0] && ts.isArrayLiteralExpression(call.arguments[0])) {
        for (const element of call.arguments[0].elements) {
          if (!ts.isObjectLiteralExpression(element)) continue;
          const field = text(property(element, "name"), checker);
          const max = property(element, "maxCount");
          if (field) files.push({ name: field, many: !(max && ts.isNumericLiteral(max) && max.text === "1"), required: false });
        }
      }
    }
  const stated = consumes?.length === 1 && consumes[0] && !/json/.test(consumes[0]) ? consumes[0] : undefined;
  if (!multipart && !stated) return undefined;
  // One file field and a pipe that refuses a request without it: that file is required.
  if (files.length === 1 && method.parameters.some((p) => refusesMissingFile(p))) files[0]!.required = true;
  return { mediaType: stated ?? "multipart/form-data", files };
}

const INTERCEPTORS = new Set(["FileInterceptor", "FilesInterceptor", "FileFieldsInterceptor", "AnyFilesInterceptor", "NoFilesInterceptor"]);

function decoratorCalls(node: ts.Node): ts.CallExpression[] {
  return ((ts.canHaveDecorators(node) ? ts.getDecorators(node) : undefined) ?? [])
    .map((d) => d.expression)
    .filter((e): e is ts.CallExpression => ts.isCallExpression(e));
}

function calleeName(call: ts.CallExpression): string | undefined {
  const callee = call.expression;
  return ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : undefined;
}

function property(literal: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined {
  for (const p of literal.properties) if (ts.isPropertyAssignment(p) && p.name.getText() === name) return p.initializer;
  return undefined;
}

/** A string written inline or held by a const. */
function text(node: ts.Expression | undefined, checker: ts.TypeChecker): string | undefined {
  if (!node) return undefined;
  if (ts.isStringLiteralLike(node)) return node.text;
  const type = checker.getTypeAtLocation(node);
  return type.isStringLiteral() ? type.value : undefined;
}

/** `@UploadedFile(new ParseFilePipe(...))` / `(new ParseFilePipeBuilder()....build(...))`, without `fileIsRequired: false`. */
function refusesMissingFile(parameter: ts.ParameterDeclaration): boolean {
  const uploaded = decoratorCalls(parameter).find((d) => {
    const name = calleeName(d);
    return name === "UploadedFile" || name === "UploadedFiles";
  });
  return (uploaded?.arguments ?? []).some((arg) => {
    let options: ts.Expression | undefined;
    if (ts.isNewExpression(arg) && ts.isIdentifier(arg.expression) && arg.expression.text === "ParseFilePipe") options = arg.arguments?.[0];
    else if (ts.isCallExpression(arg) && calleeName(arg) === "build" && builtFrom(arg, "ParseFilePipeBuilder")) options = arg.arguments[0];
    else return false;
    const literal = options && ts.isObjectLiteralExpression(options) ? options : undefined;
    const flag = literal ? property(literal, "fileIsRequired") : undefined;
    return !(flag && flag.kind === ts.SyntaxKind.FalseKeyword);
  });
}

/** Whether a call chain (`new B().addX(...).build()`) starts at `new B()`. */
function builtFrom(call: ts.CallExpression, builder: string): boolean {
  let node: ts.Expression = call;
  while (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) node = node.expression.expression;
  return ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === builder;
}
