import { ts } from "../typescript.js";

/**
 * Statuses by the names code gives them, in any case and separator (`BAD_REQUEST`, `BadRequestException`,
 * `notFound`): the start of a name is matched, so `NotFoundError` is 404.
 */
const REASONS: readonly (readonly [string, number])[] = [
  ["badrequest", 400],
  ["unauthorized", 401],
  ["unauthorised", 401],
  ["paymentrequired", 402],
  ["forbidden", 403],
  ["notfound", 404],
  ["methodnotallowed", 405],
  ["notacceptable", 406],
  ["conflict", 409],
  ["gone", 410],
  ["preconditionfailed", 412],
  ["payloadtoolarge", 413],
  ["unprocessable", 422],
  ["toomanyrequests", 429],
  ["internalservererror", 500],
  ["notimplemented", 501],
  ["serviceunavailable", 503],
];

/** A name that says a refusal is about access whatever status it carries (`PermissionDeniedError`, `AccessDenied`). */
const ACCESS_WORDS = /permission|denied|forbidden|unauthori[sz]ed|auth/i;

/**
 * The statuses an answer names: numeric literals of statuses, and names of statuses (`StatusCodes.BAD_REQUEST`,
 * `new NotFoundException()`, `res.sendStatus(400)`); a name that says it is about access (`AccessDeniedError`)
 * counts as 403. Empty when it names none: then what it answers is not known.
 */
export function statusesNamed(node: ts.Node): Set<number> {
  const found = new Set<number>();
  const visit = (n: ts.Node): void => {
    if (ts.isNumericLiteral(n)) {
      const value = Number(n.text);
      if (Number.isInteger(value) && value >= 100 && value < 600) found.add(value);
    } else if (ts.isIdentifier(n)) {
      const name = n.text.replace(/_/g, "").toLowerCase();
      const reason = REASONS.find(([r]) => name.startsWith(r));
      if (reason) found.add(reason[1]);
      else if (ACCESS_WORDS.test(n.text)) found.add(403);
    }
    // A function in the answer (a callback) is not what the answer is.
    if (!ts.isFunctionLike(n)) ts.forEachChild(n, visit);
  };
  visit(node);
  return found;
}

/**
 * Whether a `return` or `throw` provably answers something other than a refusal for lacking access: it names
 * a status, and none it names is 401 or 403 (`throw new BadRequestException()`, `return res.sendStatus(404)`,
 * `throw new HttpException(getReasonPhrase(StatusCodes.BAD_REQUEST), StatusCodes.BAD_REQUEST)`).
 */
export function answersOtherThanAccessRefusal(exit: ts.ReturnStatement | ts.ThrowStatement): boolean {
  if (!exit.expression) return false;
  const statuses = statusesNamed(exit.expression);
  return statuses.size > 0 && !statuses.has(401) && !statuses.has(403);
}
