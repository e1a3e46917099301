/**
 * The paths a route or mount regular expression matches, when they are a few literal strings:
 * `/(\/api)?/` is `""` and `"/api"`, `/^\/(v1|v2)\/items$/` is `/v1/items` and `/v2/items`. Literal characters
 * (escaped or not), groups (capturing or `(?:...)`), alternation, `?` and classes of a few literal characters
 * (`[$]`) are read; anything that matches an open set (`.`, `*`, `+`, `{n,m}`, ranges, `\d`) is not, and the expression stays unread. The
 * anchors `^` at the start and `$` at the end are the route's own anchoring and drop out.
 */

/** At most this many paths: past it, the expression describes a family, not a few routes. */
const MAX_PATHS = 8;

/** The literal paths a regular expression's source matches, in order; undefined when they are not a few literals. */
export function regexpPaths(source: string, flags = ""): string[] | undefined {
  if (/[imsuy]/.test(flags.replace(/[gd]/g, ""))) return undefined;
  let body = source;
  if (body.startsWith("^")) body = body.slice(1);
  if (body.endsWith("$") && !body.endsWith("\\$")) body = body.slice(0, -1);
  const parser = new Parser(body);
  const out = parser.alternation();
  if (!out || parser.at !== body.length) return undefined;
  return [...new Set(out)];
}

class Parser {
  at = 0;
  constructor(private readonly text: string) {}

  /** `a|b|c` up to a `)` or the end. */
  alternation(): string[] | undefined {
    const options: string[] = [];
    for (;;) {
      const sequence = this.sequence();
      if (!sequence) return undefined;
      options.push(...sequence);
      if (options.length > MAX_PATHS) return undefined;
      if (this.text[this.at] !== "|") return options;
      this.at++;
    }
  }

  /** Atoms one after another, each optionally followed by `?`. */
  private sequence(): string[] | undefined {
    let strings = [""];
    while (this.at < this.text.length && this.text[this.at] !== "|" && this.text[this.at] !== ")") {
      let atom = this.atom();
      if (!atom) return undefined;
      if (this.text[this.at] === "?") {
        this.at++;
        // A lazy `??` matches the same strings.
        if (this.text[this.at] === "?") this.at++;
        atom = ["", ...atom];
      }
      if ("*+{".includes(this.text[this.at] ?? "\0")) return undefined;
      strings = strings.flatMap((s) => atom!.map((a) => s + a));
      if (strings.length > MAX_PATHS) return undefined;
    }
    return strings;
  }

  private atom(): string[] | undefined {
    const c = this.text[this.at]!;
    if (c === "(") {
      this.at++;
      if (this.text.startsWith("?:", this.at)) this.at += 2;
      // Look-arounds and named groups say more than a set of strings.
      else if (this.text[this.at] === "?") return undefined;
      const inner = this.alternation();
      if (!inner || this.text[this.at] !== ")") return undefined;
      this.at++;
      return inner;
    }
    if (c === "\\") {
      const next = this.text[this.at + 1];
      // `\/`, `\.`, `\-`: the character itself; `\d`, `\w`, `\b` and the like are classes or assertions.
      if (next === undefined || /[A-Za-z0-9]/.test(next)) return undefined;
      this.at += 2;
      return [next];
    }
    // `[$]`, `[ab]`: a class of a few literal characters is those characters (ranges and escapes are not read).
    if (c === "[") {
      const close = this.text.indexOf("]", this.at + 1);
      const members = close > this.at + 1 ? this.text.slice(this.at + 1, close) : "";
      if (!members || /[\\^\-\]]/.test(members) || members.length > MAX_PATHS) return undefined;
      this.at = close + 1;
      return [...new Set(members)];
    }
    if (".[]^$*+?{}|".includes(c)) return undefined;
    this.at++;
    return [c];
  }
}

/** A regular expression literal's text (`/(\\/api)?/i`) split into its source and flags. */
function literalParts(text: string): { source: string; flags: string } {
  const end = text.lastIndexOf("/");
  return { source: text.slice(1, end), flags: text.slice(end + 1) };
}

/**
 * The mount prefixes a regular expression literal written as a prefix matches (Express runs it unanchored,
 * from the start of the path): `""` is the root. Undefined when they are not a few literal paths.
 */
export function regexpPrefixes(text: string): string[] | undefined {
  const { source, flags } = literalParts(text);
  const paths = regexpPaths(source, flags);
  if (!paths?.every((p) => p === "" || p.startsWith("/"))) return undefined;
  return paths.map((p) => p || "/");
}

/**
 * The route paths a regular expression literal matches whole (`^...$`): a route's expression is unanchored
 * otherwise, and matches any path that holds it. Undefined when they are not a few literal paths.
 */
export function regexpRoutePaths(text: string): string[] | undefined {
  const { source, flags } = literalParts(text);
  if (!source.startsWith("^") || !source.endsWith("$") || source.endsWith("\\$")) return undefined;
  const paths = regexpPaths(source, flags);
  return paths?.every((p) => p.startsWith("/")) ? paths : undefined;
}
