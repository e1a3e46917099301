import { ts } from "../../typescript.js";
import { siteOf } from "../../diagnostics/diagnostic.js";
import type { DocComment } from "../../resolve/doc-comment.js";
import { type DocFieldNames, type DocFields, docFieldsOf, docFromFields } from "../../resolve/framework-docs.js";
import type { Interpreter } from "../../resolve/interpreter.js";
import type { Scope } from "../../resolve/scope.js";
import { stringsOf } from "../../resolve/values.js";
import { decoratorCall } from "./decorators.js";

/** A project's own documentation decorator (config `nest.docDecorators`): which property holds each field. */
export interface DocDecorator extends Omit<DocFieldNames, "hide"> {
  name: string;
}

/**
 * What @nestjs/swagger's decorators, and the project's own doc decorators, say of one controller method:
 * `@ApiOperation({ summary, description, operationId, deprecated, tags })`, `@ApiTags(...)` on the
 * controller and the method, `@ApiExcludeEndpoint()` / `@ApiExcludeController()` (kept out of the OpenAPI
 * document, still indexed). Arguments are evaluated statically; a field that is not a static string is
 * left out.
 */
export function swaggerDoc(
  cls: ts.ClassDeclaration,
  member: ts.MethodDeclaration,
  scope: Scope,
  interpreter: Interpreter,
  docDecorators: readonly DocDecorator[],
): DocComment | undefined {
  const fields: DocFields = {};
  let from: string | undefined;
  const operation = decoratorCall(member, "ApiOperation");
  if (operation?.arguments[0]) {
    Object.assign(fields, docFieldsOf(interpreter.evaluate(operation.arguments[0], scope)));
    from = "@nestjs/swagger";
  }
  for (const decorator of docDecorators) {
    const call = decoratorCall(member, decorator.name);
    if (!call?.arguments[0]) continue;
    const own = docFieldsOf(interpreter.evaluate(call.arguments[0], scope), decorator);
    // @ApiOperation wins where both say the same field.
    for (const [key, value] of Object.entries(own)) if (!(key in fields)) Object.assign(fields, { [key]: value });
    from ??= `@${decorator.name}`;
  }
  const responses = responsesOf(member, scope, interpreter);
  if (responses) {
    fields.responses = responses;
    from ??= "@nestjs/swagger";
  }
  const tags = [...tagsOf(cls, scope, interpreter), ...tagsOf(member, scope, interpreter), ...(fields.tags ?? [])];
  if (tags.length) {
    fields.tags = [...new Set(tags)];
    from ??= "@nestjs/swagger";
  }
  if (excluded(member, "ApiExcludeEndpoint", scope, interpreter) || excluded(cls, "ApiExcludeController", scope, interpreter)) {
    fields.hidden = true;
    from ??= "@nestjs/swagger";
  }
  // Any other @nestjs/swagger decorator on the method or its controller (@ApiResponse, @ApiBearerAuth,
  // @ApiParam, ...) says the route is described in the project's own document.
  if (!from && (hasSwaggerDecorator(member) || hasSwaggerDecorator(cls))) from = "@nestjs/swagger";
  return from ? docFromFields(fields, siteOf(operation ?? member.name), from, true) : undefined;
}

/** The status each shorthand response decorator stands for. */
const RESPONSE_DECORATORS: Record<string, string> = {
  ApiOkResponse: "200",
  ApiCreatedResponse: "201",
  ApiAcceptedResponse: "202",
  ApiNoContentResponse: "204",
  ApiBadRequestResponse: "400",
  ApiUnauthorizedResponse: "401",
  ApiForbiddenResponse: "403",
  ApiNotFoundResponse: "404",
  ApiConflictResponse: "409",
  ApiUnprocessableEntityResponse: "422",
  ApiTooManyRequestsResponse: "429",
  ApiInternalServerErrorResponse: "500",
};

/** `@ApiResponse({ status, description })` and the shorthands (`@ApiNotFoundResponse({ description })`). */
function responsesOf(member: ts.MethodDeclaration, scope: Scope, interpreter: Interpreter): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const decorator of ts.getDecorators(member) ?? []) {
    const call = decorator.expression;
    if (!ts.isCallExpression(call) || !ts.isIdentifier(call.expression) || !call.arguments[0]) continue;
    const name = call.expression.text;
    if (name !== "ApiResponse" && !RESPONSE_DECORATORS[name]) continue;
    const options = interpreter.evaluate(call.arguments[0], scope);
    if (options.kind !== "object") continue;
    const status = name === "ApiResponse" ? options.props.get("status") : { kind: "string" as const, value: RESPONSE_DECORATORS[name]! };
    const description = options.props.get("description");
    const code = status?.kind === "number" ? String(status.value) : status?.kind === "string" ? status.value : undefined;
    if (code && /^[1-5]\d\d$/.test(code) && description?.kind === "string" && description.value.trim())
      out[code] = description.value.trim();
  }
  return Object.keys(out).length ? out : undefined;
}

/** Whether a node carries an `@Api...` decorator (@nestjs/swagger's naming). */
function hasSwaggerDecorator(node: ts.Node): boolean {
  return ((ts.canHaveDecorators(node) ? ts.getDecorators(node) : undefined) ?? []).some((d) => {
    const callee = ts.isCallExpression(d.expression) ? d.expression.expression : d.expression;
    const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : "";
    return /^Api[A-Z]/.test(name);
  });
}

/** `@ApiTags("a", "b")` names, static ones only. */
function tagsOf(node: ts.Node, scope: Scope, interpreter: Interpreter): string[] {
  const call = decoratorCall(node, "ApiTags");
  if (!call) return [];
  return call.arguments.flatMap((arg) => stringsOf(interpreter.evaluate(arg, scope)) ?? []).filter((t) => t.trim());
}

/** `@ApiExcludeEndpoint()` or `@ApiExcludeEndpoint(true)`; `(false)` keeps the route in. */
function excluded(node: ts.Node, name: string, scope: Scope, interpreter: Interpreter): boolean {
  const call = decoratorCall(node, name);
  if (!call) return false;
  const arg = call.arguments[0];
  if (!arg) return true;
  const value = interpreter.evaluate(arg, scope);
  return !(value.kind === "boolean" && !value.value);
}
