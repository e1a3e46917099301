/**
 * koa-route's path syntax, rewritten in the syntax the Express path parser reads (express/path-syntax.ts), so
 * that a koa-route path joins a koa-mount prefix and is parsed like every other Koa path.
 *
 * koa-route hands its path to path-to-regexp: 1.x for koa-route 3, 6.x for koa-route 4. Both read
 * `:name` (letters, digits, `_`), a pattern after it (`:id(\\d+)`), an unnamed pattern `(\\d+)` (a parameter
 * named by its position among the unnamed ones, `0`, `1`, ...) and a modifier after either: `?` optional,
 * `*` zero or more, `+` one or more, each repetition starting with the `/` or `.` written just before the
 * parameter (its prefix, which an optional parameter takes along when it is absent). A parameter matches
 * within one segment unless its pattern matches a `/`. Where the versions differ, the reading that lets the
 * app start is the one taken: a bare `*` is 1.x's unnamed `(.*)` (6.x refuses to start), and `{...}` is 6.x's
 * group (`{/:id}?`; 1.x would match the braces literally, which no request path holds unescaped).
 */
import { regexpPaths } from "../regexp-paths.js";

export type KoaRoutePath = { ok: true; path: string } | { ok: false; problem: string };

/** Characters the Express parser reads as syntax: written escaped where koa-route means them literally. */
const EXPRESS_SPECIAL = new Set(["\\", ":", "*", "{", "}", "(", ")", "?", "+", "[", "]"]);
/** A name as path-to-regexp reads it. */
const NAME = /^\w+/;
/** A name the Express parser reads unquoted. */
const EXPRESS_NAME = /^[A-Za-z_$][\w$]*$/;

/** A path-to-regexp 1.x / 6.x path in Express syntax; `end: false` adds the catch-all below it. */
export function koaRoutePath(raw: string, end = true): KoaRoutePath {
  try {
    const path = new Rewriter(raw).rewrite();
    // `{ end: false }`: the route matches its path and everything below it.
    return { ok: true, path: end ? path : `${path.replace(/\/$/, "")}{/*wildcard}` };
  } catch (error) {
    return { ok: false, problem: (error as Error).message };
  }
}

/** One parameter as written: its name, its pattern (if any) and its modifier. */
interface Token {
  name: string;
  pattern?: string;
  modifier?: "?" | "*" | "+";
}

class Rewriter {
  private at = 0;
  /** The next unnamed parameter's name (path-to-regexp numbers them). */
  private unnamed = 0;
  constructor(private readonly raw: string) {}

  rewrite(): string {
    let out = "";
    while (this.at < this.raw.length) {
      const c = this.raw[this.at]!;
      if (c === "{") {
        out += this.group();
        continue;
      }
      const token = this.token();
      if (!token) {
        out += this.literal(c);
        continue;
      }
      // The `/` or `.` written just before a parameter is its prefix.
      const last = out[out.length - 1];
      const prefix = (last === "/" || last === ".") && out[out.length - 2] !== "\\" ? last : "";
      out = out.slice(0, out.length - prefix.length) + this.parameter(prefix, token);
    }
    return out;
  }

  /** A literal character, escaped where the Express parser would read it as syntax. */
  private literal(c: string): string {
    this.at++;
    if (c === "\\") {
      const next = this.raw[this.at++];
      if (next === undefined) throw new Error("a `\\` at the end");
      return `\\${next}`;
    }
    if (c === "?" || c === "+" || c === "}" || c === ")")
      throw new Error(`the character \`${c}\` at position ${this.at - 1}, outside a parameter`);
    return EXPRESS_SPECIAL.has(c) ? `\\${c}` : c;
  }

  /** A parameter at `at` (`:name`, `(pattern)`, a bare `*`), with its pattern and modifier; undefined for literal text. */
  private token(): Token | undefined {
    const c = this.raw[this.at]!;
    if (c === "*") {
      this.at++;
      return { name: String(this.unnamed++), pattern: ".*" };
    }
    let name: string;
    if (c === ":") {
      const match = NAME.exec(this.raw.slice(this.at + 1));
      // A `:` without a name is literal text (path-to-regexp 1.x).
      if (!match) return undefined;
      name = match[0];
      this.at += 1 + name.length;
    } else if (c === "(") {
      name = "";
    } else return undefined;
    let pattern: string | undefined;
    if (this.raw[this.at] === "(") {
      const close = closing(this.raw, this.at);
      pattern = this.raw.slice(this.at + 1, close);
      this.at = close + 1;
    }
    if (!name) name = String(this.unnamed++);
    const modifier = this.raw[this.at];
    if (modifier === "?" || modifier === "*" || modifier === "+") {
      this.at++;
      return { name, ...(pattern !== undefined ? { pattern } : {}), modifier };
    }
    return { name, ...(pattern !== undefined ? { pattern } : {}) };
  }

  /** One parameter with its prefix, in Express syntax: an optional one as a `{...}` group, a repeated one as a catch-all. */
  private parameter(prefix: string, token: Token): string {
    const { name, pattern, modifier } = token;
    // `(a|b)`: a group of a few literal strings stays one, which the Express parser reads as those paths.
    const literals = pattern !== undefined && /^\d+$/.test(name) ? regexpPaths(pattern) : undefined;
    if (literals?.length && literals.every((l) => !/[/{}:*]/.test(l))) {
      if (modifier === "*" || modifier === "+") throw new Error(`a repeated group \`(${pattern})${modifier}\``);
      return modifier === "?" ? `{${prefix}(${pattern})}` : `${prefix}(${pattern})`;
    }
    // Repeated, each time after its prefix: across segments when that is `/` or its pattern matches one.
    const repeated = modifier === "*" || modifier === "+";
    const spans = repeated && (prefix === "/" || (pattern !== undefined && matchesSlash(pattern)));
    const written = spans ? ".+" : pattern;
    const param = `${prefix}:${EXPRESS_NAME.test(name) ? name : `"${name}"`}${written !== undefined ? `(${written})` : ""}`;
    return modifier === "?" || modifier === "*" ? `{${param}}` : param;
  }

  /** A path-to-regexp 6 group, `{/:id}?`: its text and at most one parameter, then a modifier. */
  private group(): string {
    const open = this.at;
    const close = this.raw.indexOf("}", open);
    if (close < 0) throw new Error(`an unbalanced \`{\` at position ${open}`);
    const inner = new Rewriter(this.raw.slice(open + 1, close));
    inner.unnamed = this.unnamed;
    const text = inner.rewrite();
    this.unnamed = inner.unnamed;
    this.at = close + 1;
    const modifier = this.raw[this.at];
    if (modifier === "*" || modifier === "+") throw new Error(`a repeated group \`${this.raw.slice(open, close + 2)}\``);
    if (modifier !== "?") return text;
    this.at++;
    return `{${text}}`;
  }
}

/** The index of the `)` that closes the `(` at `open`. */
function closing(raw: string, open: number): number {
  let depth = 0;
  for (let i = open; i < raw.length; i++) {
    if (raw[i] === "\\") i++;
    else if (raw[i] === "(") depth++;
    else if (raw[i] === ")" && --depth === 0) return i;
  }
  throw new Error(`an unbalanced \`(\` at position ${open}`);
}

/** Whether a parameter's pattern can match a `/` (then it spans segments). */
function matchesSlash(pattern: string): boolean {
  try {
    return ["/", "a/b"].some((sample) => new RegExp(`^(?:${pattern})$`).test(sample));
  } catch {
    return false;
  }
}
