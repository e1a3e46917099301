/**
 * How a fetch handler (Bun, Cloudflare Workers, Deno) tests the request's path, read from its syntax:
 * `url.pathname === "/users"`, `switch (pathname)`, `pathname.startsWith("/api/")`, `["/a", "/b"].includes(p)`,
 * regular expressions (`/^\/users\/([^/]+)$/.exec(pathname)`, `pathname.match(re)`) and `URLPattern`s
 * (`new URLPattern({ pathname: "/users/:id" }).exec(request.url)`), directly or through a variable holding
 * the match (`const m = re.exec(pathname); if (m) ...`). Paths come out in Express's syntax (`:id`, `*`),
 * which the shared path parser turns into OpenAPI paths.
 */
import { unwrapExpression } from "../../resolve/syntax.js";
import type { ts as Ts } from "ts-morph";
import { ts } from "../../typescript.js";
import { regexpPaths } from "../regexp-paths.js";

/** One path a test accepts, in Express's syntax; `prefix` for a `startsWith` (a catch-all below it). */
export interface PathMatch {
  raw: string;
  prefix?: true;
}

/** What a condition says of the path: the paths it accepts (or, negated, refuses). */
export interface PathTest {
  paths: PathMatch[];
  negated: boolean;
}

/** Calls on a pathname that keep it the same path (a trailing slash dropped, case folded). */
const SAME_PATH_CALLS = new Set(["replace", "replaceAll", "toLowerCase", "trim", "normalize"]);

/**
 * The path tests of one function body: which names hold the URL, its pathname, or a match of the path;
 * `value` reads a compared expression that is not a literal (a const).
 */
export class PathTests {
  private readonly urlNames = new Set<string>();
  private readonly pathNames = new Set<string>();
  private readonly matchNames = new Map<string, PathMatch[] | null>();

  constructor(
    private readonly body: ts.Node,
    private readonly value: (node: ts.Expression) => string | undefined,
    pathParams: readonly string[] = [],
  ) {
    for (const name of pathParams) this.pathNames.add(name);
    // Bindings, twice over so an alias of an alias declared later in the text is still seen.
    for (let pass = 0; pass < 2; pass++) this.bind(body);
  }

  private bind(node: ts.Node): void {
    if (ts.isVariableDeclaration(node) && node.initializer) {
      const init = unwrapExpression(node.initializer);
      if (ts.isIdentifier(node.name)) {
        const name = node.name.text;
        if (this.isUrl(init)) this.urlNames.add(name);
        else if (this.isPathname(init)) this.pathNames.add(name);
        else {
          const match = this.matchCall(init);
          if (match !== undefined) this.matchNames.set(name, match);
        }
      } else if (ts.isObjectBindingPattern(node.name) && this.isUrl(init)) {
        for (const element of node.name.elements) {
          const property = element.propertyName ?? element.name;
          if (ts.isIdentifier(property) && property.text === "pathname" && ts.isIdentifier(element.name))
            this.pathNames.add(element.name.text);
        }
      }
    }
    ts.forEachChild(node, (child) => this.bind(child));
  }

  /** `new URL(request.url)`, or a name bound to one. */
  isUrl(node: ts.Expression): boolean {
    const inner = unwrapExpression(node);
    if (ts.isIdentifier(inner)) return this.urlNames.has(inner.text);
    return ts.isNewExpression(inner) && ts.isIdentifier(inner.expression) && inner.expression.text === "URL";
  }

  /** The request's path: `url.pathname`, `new URL(req.url).pathname`, a name bound to it, or it with a trailing slash dropped. */
  isPathname(node: ts.Expression): boolean {
    const inner = unwrapExpression(node);
    if (ts.isIdentifier(inner)) return this.pathNames.has(inner.text);
    if ((ts.isPropertyAccessExpression(inner) || ts.isPropertyAccessChain(inner)) && inner.name.text === "pathname") return true;
    if (ts.isCallExpression(inner)) {
      const callee = unwrapExpression(inner.expression);
      if (ts.isPropertyAccessExpression(callee) && SAME_PATH_CALLS.has(callee.name.text)) return this.isPathname(callee.expression);
      if (ts.isIdentifier(callee) && /^decodeURI(Component)?$/.test(callee.text) && inner.arguments[0])
        return this.isPathname(inner.arguments[0]);
    }
    return false;
  }

  /** Whether an expression reads the path at all (a test apidex may not read). */
  mentionsPath(node: ts.Node): boolean {
    if (ts.isExpression(node) && (this.isPathname(node) || (ts.isIdentifier(node) && this.matchNames.has(node.text)))) return true;
    return ts.forEachChild(node, (child) => this.mentionsPath(child) || undefined) === true;
  }

  /**
   * A call that matches the path against a pattern (`re.test(pathname)`, `pattern.exec(request.url)`,
   * `pathname.match(re)`, `pathname.startsWith("/api/")`, `[..].includes(pathname)`): the paths it accepts,
   * `null` when it tests the path in a way apidex cannot read, undefined when it is no such call.
   */
  matchCall(node: ts.Expression): PathMatch[] | null | undefined {
    const inner = unwrapExpression(node);
    if (!ts.isCallExpression(inner)) return undefined;
    const callee = unwrapExpression(inner.expression);
    if (!ts.isPropertyAccessExpression(callee) && !ts.isPropertyAccessChain(callee)) return undefined;
    const method = callee.name.text;
    const target = callee.expression;
    const arg = inner.arguments[0];
    if ((method === "test" || method === "exec") && arg) {
      const pattern = this.patternOf(target);
      if (pattern === undefined) return this.isPathname(arg) ? null : undefined;
      // A URLPattern is given the whole URL (or `{ pathname }`); a regular expression the path itself.
      if (pattern.kind === "urlpattern" || this.isPathname(arg)) return pattern.paths;
      return null;
    }
    if (method === "match" && arg && this.isPathname(target)) {
      const pattern = this.patternOf(arg);
      return pattern?.paths ?? null;
    }
    if (method === "startsWith" && arg && this.isPathname(target)) {
      const prefix = this.stringOf(arg);
      if (prefix === undefined) return null;
      return [{ raw: `${prefix.replace(/\/+$/, "")}/*`, prefix: true }];
    }
    if (method === "includes" && arg && this.isPathname(arg)) {
      const list = unwrapExpression(target);
      if (!ts.isArrayLiteralExpression(list)) return null;
      const paths = list.elements.map((e) => this.stringOf(e));
      return paths.every((p) => p !== undefined) ? (paths as string[]).map((raw) => ({ raw })) : null;
    }
    return undefined;
  }

  /** A string a path is compared with: a literal, or what `value` reads. */
  stringOf(node: ts.Expression): string | undefined {
    const inner = unwrapExpression(node);
    if (ts.isStringLiteralLike(inner)) return inner.text;
    return this.value(inner);
  }

  /**
   * What a condition says of the path, when it tests it: `===`/`==` (negated: `!==`, `!=`, `!`), `||` of path
   * tests, a match call, a match variable (`if (m)`, `m !== null`). `null`: the condition reads the path in a
   * way apidex cannot read (`pathname.split("/")[1] === "users"`, a loop's `route.pattern.test(pathname)`).
   */
  testOf(node: ts.Expression): PathTest | null | undefined {
    const inner = unwrapExpression(node);
    if (ts.isPrefixUnaryExpression(inner) && inner.operator === ts.SyntaxKind.ExclamationToken) {
      const test = this.testOf(inner.operand);
      return test ? { paths: test.paths, negated: !test.negated } : test;
    }
    if (ts.isIdentifier(inner) && this.matchNames.has(inner.text)) {
      const paths = this.matchNames.get(inner.text);
      return paths ? { paths, negated: false } : null;
    }
    if (ts.isBinaryExpression(inner)) {
      const op = inner.operatorToken.kind;
      const equality =
        op === ts.SyntaxKind.EqualsEqualsEqualsToken ||
        op === ts.SyntaxKind.EqualsEqualsToken ||
        op === ts.SyntaxKind.ExclamationEqualsEqualsToken ||
        op === ts.SyntaxKind.ExclamationEqualsToken;
      const negatedOp = op === ts.SyntaxKind.ExclamationEqualsEqualsToken || op === ts.SyntaxKind.ExclamationEqualsToken;
      if (equality) {
        // `m !== null`, `m != undefined`: the match variable itself.
        const matchSide = [inner.left, inner.right].find((s) => ts.isIdentifier(s) && this.matchNames.has(s.text));
        const otherSide = matchSide === inner.left ? inner.right : inner.left;
        if (matchSide && isNullish(otherSide)) {
          const test = this.testOf(matchSide);
          return test ? { paths: test.paths, negated: negatedOp } : test;
        }
        const other = this.isPathname(inner.left) ? inner.right : this.isPathname(inner.right) ? inner.left : undefined;
        if (!other) return this.mentionsPath(inner) ? null : undefined;
        const text = this.stringOf(other);
        return text === undefined ? null : { paths: [{ raw: text }], negated: negatedOp };
      }
      if (op === ts.SyntaxKind.BarBarToken) {
        const left = this.testOf(inner.left);
        const right = this.testOf(inner.right);
        if (left && right && !left.negated && !right.negated) return { paths: [...left.paths, ...right.paths], negated: false };
        return left === undefined && right === undefined ? undefined : null;
      }
      return undefined;
    }
    const match = this.matchCall(inner);
    if (match === null) return null;
    if (match) return { paths: match, negated: false };
    return undefined;
  }

  /** A regular expression or URLPattern an expression is (a literal, `new RegExp("...")`, a const holding one). */
  private patternOf(node: ts.Expression, depth = 0): { kind: "regexp" | "urlpattern"; paths: PathMatch[] | null } | undefined {
    const inner = unwrapExpression(node);
    if (ts.isRegularExpressionLiteral(inner)) {
      const text = inner.text;
      const end = text.lastIndexOf("/");
      return { kind: "regexp", paths: regexpToPaths(text.slice(1, end), text.slice(end + 1)) };
    }
    if (ts.isNewExpression(inner) && ts.isIdentifier(inner.expression)) {
      const arg = inner.arguments?.[0];
      if (inner.expression.text === "URLPattern") return { kind: "urlpattern", paths: arg ? this.urlPatternPaths(arg) : null };
      if (inner.expression.text === "RegExp" && arg) {
        const source = this.stringOf(arg);
        return { kind: "regexp", paths: source === undefined ? null : regexpToPaths(source, "") };
      }
      return undefined;
    }
    if (ts.isIdentifier(inner) && depth < 3) {
      const init = declarationOf(inner, this.body);
      return init ? this.patternOf(init, depth + 1) : undefined;
    }
    return undefined;
  }

  /** A URLPattern's path: `{ pathname: "/users/:id" }`, or the pattern string `"/users/:id"` (relative to a base). */
  private urlPatternPaths(arg: ts.Expression): PathMatch[] | null {
    const inner = unwrapExpression(arg);
    let text: string | undefined;
    if (ts.isObjectLiteralExpression(inner)) {
      const property = inner.properties.find(
        (p): p is Ts.PropertyAssignment => ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === "pathname",
      );
      // Without a `pathname`, the pattern matches every path.
      text = property ? this.stringOf(property.initializer) : "*";
    } else {
      text = this.stringOf(inner);
      if (text !== undefined && !text.startsWith("/")) {
        // A full URL pattern: its path after the origin.
        const at = text.search(/[^/:]\/(?!\/)/);
        text = at >= 0 ? text.slice(at + 1) : undefined;
      }
    }
    if (text === undefined) return null;
    // URLPattern's `*` matches the rest of the path, as Express 4's unnamed `*` is read.
    return [{ raw: text.replace(/\{([^}]*)\}\?/g, "$1") }];
  }
}

function isNullish(node: ts.Expression): boolean {
  const inner = unwrapExpression(node);
  return inner.kind === ts.SyntaxKind.NullKeyword || (ts.isIdentifier(inner) && inner.text === "undefined");
}

/**
 * The initializer of the `const` a name refers to, looked up in the function body and then the module's
 * top level (where a handler's patterns are usually declared).
 */
export function declarationOf(name: ts.Identifier, body: ts.Node): ts.Expression | undefined {
  let found: ts.Expression | undefined;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === name.text && node.initializer) {
      found = node.initializer;
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(body);
  if (found) return found;
  for (const statement of name.getSourceFile().statements)
    if (ts.isVariableStatement(statement))
      for (const d of statement.declarationList.declarations)
        if (ts.isIdentifier(d.name) && d.name.text === name.text && d.initializer) return d.initializer;
  return undefined;
}

/**
 * The paths a regular expression over the path matches: a few literal paths (regexp-paths.ts), or segments of
 * literal text and capture groups of one segment (`([^/]+)`, `(\d+)`, `(?<id>[\w-]+)`), each a parameter
 * (named for its group, else `param1`, `param2`, ...). Null for anything else (APX258 at the caller).
 */
export function regexpToPaths(source: string, flags: string): PathMatch[] | null {
  const literal = regexpPaths(source, flags);
  if (literal?.length) return literal.map((raw) => ({ raw }));
  if (/[imsuy]/.test(flags.replace(/[gd]/g, ""))) return null;
  let body = source;
  if (body.startsWith("^")) body = body.slice(1);
  else return null; // unanchored: it matches inside any path
  const anchored = body.endsWith("$") && !body.endsWith("\\$");
  if (anchored) body = body.slice(0, -1);
  // An optional trailing slash (`\/?`) matches the same route.
  body = body.replace(/\\\/\?$/, "");
  let out = "";
  let count = 0;
  for (let i = 0; i < body.length; ) {
    const c = body[i]!;
    if (c === "\\") {
      const next = body[i + 1];
      if (next === undefined || /[dDwWsSbB]/.test(next)) return null;
      out += next;
      i += 2;
    } else if (c === "(") {
      const close = groupEnd(body, i);
      if (close < 0) return null;
      const inside = body.slice(i + 1, close);
      const named = /^\?<([A-Za-z_]\w*)>/.exec(inside);
      const pattern = named ? inside.slice(named[0].length) : inside;
      if (inside.startsWith("?") && !named) return null;
      // A group of one segment: nothing in it matches a `/`.
      if (!/^(\[\^\\?\/[^\]]*\]|\\d|\\w|\[[\w\\.-]+\])[+*]$/.test(pattern)) return null;
      count++;
      out += `:${named ? named[1] : `param${count}`}`;
      i = close + 1;
    } else if (/[.*+?[\]{}|^$]/.test(c)) return null;
    else {
      out += c;
      i++;
    }
  }
  if (!out.startsWith("/")) return null;
  return [anchored ? { raw: out } : { raw: `${out.replace(/\/+$/, "")}/*`, prefix: true }];
}

/** The index of the `)` closing the group opening at `start`, or -1. */
function groupEnd(text: string, start: number): number {
  let depth = 0;
  let inClass = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === "\\") i++;
    else if (inClass) inClass = c !== "]";
    else if (c === "[") inClass = true;
    else if (c === "(") depth++;
    else if (c === ")" && --depth === 0) return i;
  }
  return -1;
}
