import { ts } from "../../typescript.js";
import type { FileField, FormUploads } from "../types/form-uploads.js";
import { constDeclaration, packageOrigin, staticJson, unwrapExpression } from "./static-json.js";

/**
 * multer's middleware among a route's arguments: the body is multipart form data with the files it reads
 * beside the other fields. `upload.single("avatar")` reads one file, `upload.array("photos", 5)` several under
 * one name, `upload.fields([{ name: "cover", maxCount: 1 }, { name: "pages" }])` several names, `upload.any()`
 * any name and `upload.none()` text fields only, where `upload` is `multer(options)` (imported or required,
 * inline, or a const of any module). multer lets a request without the files through, so none is required.
 *
 * @example
 * const upload = multer({ dest: "uploads/" });
 * router.post("/avatar", upload.single("avatar"), setAvatar); // multipart/form-data, `avatar` a binary string
 */
export function multerUploads(call: ts.CallExpression, checker: ts.TypeChecker): FormUploads | undefined {
  const callee = unwrapExpression(call.expression);
  if (!ts.isPropertyAccessExpression(callee) || !READERS.has(callee.name.text) || !isMulter(callee.expression, checker)) return undefined;
  const reader = callee.name.text;
  const files: FileField[] = [];
  const name = call.arguments[0] ? staticJson(call.arguments[0], checker) : undefined;
  if ((reader === "single" || reader === "array") && typeof name === "string")
    files.push({ name, many: reader === "array", required: false });
  if (reader === "fields" && Array.isArray(name))
    for (const field of name)
      if (field && typeof field === "object" && typeof (field as { name?: unknown }).name === "string") {
        const { name: fieldName, maxCount } = field as { name: string; maxCount?: unknown };
        files.push({ name: fieldName, many: maxCount !== 1, required: false });
      }
  return { mediaType: "multipart/form-data", files };
}

const READERS = new Set(["single", "array", "fields", "any", "none"]);

/** Whether an expression is a multer instance: `multer(...)`, or a const (of any module) holding one. */
function isMulter(node: ts.Expression, checker: ts.TypeChecker, depth = 0): boolean {
  if (depth > 8) return false;
  const expr = unwrapExpression(node);
  if (ts.isIdentifier(expr)) {
    const decl = constDeclaration(expr, checker);
    return !!decl?.initializer && isMulter(decl.initializer, checker, depth + 1);
  }
  if (!ts.isCallExpression(expr)) return false;
  const callee = unwrapExpression(expr.expression);
  // `multer.default(...)` of a namespace import, as TypeScript's interop writes it.
  const fn = ts.isPropertyAccessExpression(callee) && callee.name.text === "default" ? unwrapExpression(callee.expression) : callee;
  return ts.isIdentifier(fn) && isMulterPackage(fn, checker);
}

/** `import multer from "multer"`, `import * as multer`, `const multer = require("multer")`. */
function isMulterPackage(identifier: ts.Identifier, checker: ts.TypeChecker): boolean {
  if (packageOrigin(identifier, checker)?.module === "multer") return true;
  const decl = constDeclaration(identifier, checker);
  const init = decl?.initializer ? unwrapExpression(decl.initializer) : undefined;
  return (
    !!init &&
    ts.isCallExpression(init) &&
    ts.isIdentifier(init.expression) &&
    init.expression.text === "require" &&
    !!init.arguments[0] &&
    ts.isStringLiteral(init.arguments[0]) &&
    init.arguments[0].text === "multer"
  );
}
