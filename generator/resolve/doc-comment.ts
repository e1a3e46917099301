import { ts } from "../typescript.js";
import type { SourceSite } from "../diagnostics/diagnostic.js";

export interface DocTag {
  name: string;
  /** Everything after the tag name, up to the next tag; inner line breaks are kept (JSON examples). */
  text: string;
  site: SourceSite;
  /**
   * Read from another tool's convention (next-openapi-gen's `@response 200:Type`), not written for apidex: a
   * type it names that apidex cannot find is a warning, and the shape comes from the handler.
   */
  borrowed?: true;
}

/** A parsed `/** ... *\/` comment. */
export interface DocComment {
  /** First paragraph, on one line (or the `@summary` tag). */
  summary?: string;
  /** The paragraphs after the first. */
  description?: string;
  tags: DocTag[];
  site: SourceSite;
  /**
   * The framework conventions that contributed (`@nestjs/swagger`, `fastify schema`, ...), when not only a
   * written comment did (resolve/framework-docs.ts). An operation they describe is documented.
   */
  from?: string[];
  /** The operation's name in the framework's docs (`@ApiOperation({ operationId })`), not yet an apidex id. */
  operationId?: string;
  /** The summary is a framework's text, not the comment's (it may be shortened; see model/build-operations). */
  summaryByFramework?: true;
  /** Response descriptions by status from a framework's docs (`@ApiResponse({ status, description })`). */
  responses?: Record<string, string>;
}

/**
 * The JSDoc comment written right before `node` (its leading trivia), or right before `position` when
 * given (used for a `.get(...)` link inside a `router.route()` chain).
 */
export function leadingDoc(node: ts.Node, position = node.pos): DocComment | undefined {
  const file = node.getSourceFile();
  const text = file.text;
  const ranges = ts.getLeadingCommentRanges(text, position);
  if (!ranges) return undefined;
  let separated = false;
  for (let i = ranges.length - 1; i >= 0; i--) {
    const range = ranges[i]!;
    const raw = text.slice(range.pos, range.end);
    if (range.kind === ts.SyntaxKind.MultiLineCommentTrivia && raw.startsWith("/**") && raw !== "/**/") {
      const { line, character } = file.getLineAndCharacterOfPosition(range.pos);
      const doc = parseDocComment(raw, { file: file.fileName, line: line + 1, column: character + 1 });
      // A title alone, then a comment of its own that says what the code is, heads a section
      // (`/** Document Store Routes */`, `// Create document store`, the route): it documents no route.
      // A JSDoc with more (tags, a description, a swagger block) documents the code below whatever notes
      // follow it.
      return separated && !doc.tags.length && !doc.description ? undefined : doc;
    }
    // A tool's directive (`// eslint-disable-next-line`) says nothing of the code.
    if (!isDirective(raw)) separated = true;
  }
  return undefined;
}

/** Comments addressed to a tool, not to readers: linters, type checkers, formatters, coverage. */
const DIRECTIVE =
  /^\/[/*]\s*(?:eslint|@ts-|prettier-ignore|biome-ignore|deno-lint|oxlint|tslint:|jshint|istanbul|c8\s|v8\s|noinspection|NOSONAR|webpack|@vite-ignore|#(?:end)?region\b)/;

const isDirective = (comment: string): boolean => DIRECTIVE.test(comment);

/** Parses the text of a JSDoc comment; `site` is where the comment starts. */
export function parseDocComment(raw: string, site: SourceSite): DocComment {
  // Most routes carry a one-line comment without tags (`/** Delete an invoice */`): its text is the
  // summary. This is what the general reading below gives for one line, without its passes.
  if (!raw.includes("\n") && !raw.includes("@")) {
    const line = raw
      .replace(/^\/\*\*/, "")
      .replace(/\*\/$/, "")
      .replace(/^\s*\*?\s?/, "")
      .trim();
    return line ? { summary: oneLine(line), tags: [], site } : { tags: [], site };
  }
  const body = raw.replace(/^\/\*\*/, "").replace(/\*\/$/, "");
  const lines = body.split(/\r?\n/).map((line, index) => {
    const stripped = index === 0 ? line.replace(/^\s*\*?\s?/, "") : line.replace(/^\s*\*(?!\/) ?/, "").replace(/^\s+$/, "");
    return stripped.replace(/\s+$/, "");
  });

  const prose: string[] = [];
  const tags: DocTag[] = [];
  let current: { name: string; lines: string[]; line: number; column: number } | undefined;
  const flush = () => {
    if (current) {
      tags.push({
        name: current.name,
        text: trimBlankLines(current.lines).join("\n").trim(),
        site: { file: site.file, line: current.line, column: current.column },
      });
    }
  };
  lines.forEach((line, index) => {
    const tag = /^\s*@([A-Za-z][\w-]*)\s?(.*)$/.exec(line);
    if (tag) {
      flush();
      current = { name: tag[1]!, lines: [tag[2] ?? ""], line: site.line + index, column: 1 + Math.max(0, line.indexOf("@")) };
    } else if (current) {
      current.lines.push(line);
    } else {
      // A rule of one character repeated (`=====`, `-----`, `*****`) sets text apart: a paragraph break, no text.
      prose.push(/^\s*([=\-*#~_+])\1{2,}\s*$/.test(line) ? "" : line);
    }
  });
  flush();

  const paragraphs = trimBlankLines(prose)
    .join("\n")
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  const summaryTag = tags.find((t) => t.name === "summary");
  const summary = summaryTag ? oneLine(summaryTag.text) : paragraphs[0] ? oneLine(paragraphs[0]) : undefined;
  const rest = summaryTag ? paragraphs : paragraphs.slice(1);
  const description = rest.length ? rest.join("\n\n") : undefined;
  return { ...(summary ? { summary } : {}), ...(description ? { description } : {}), tags, site };
}

export function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function trimBlankLines(lines: string[]): string[] {
  let start = 0;
  let end = lines.length;
  while (start < end && !lines[start]!.trim()) start++;
  while (end > start && !lines[end - 1]!.trim()) end--;
  return lines.slice(start, end);
}
