import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * The licence of a project whose package.json names none, read from its LICENSE file the way GitHub's
 * licensee does: the text, with copyright lines and placeholders taken out, is compared word by word with
 * every licence text of the SPDX list (the `spdx-license-list` package); the closest one is the licence
 * when it is close enough and clearly closer than the next (BSD-2 and BSD-3 differ by a clause). Anything
 * less certain names no licence: a document without one is better than one with the wrong one.
 */

const NAMES = ["LICENSE", "LICENSE.md", "LICENSE.txt", "LICENCE", "LICENCE.md", "LICENCE.txt", "COPYING", "COPYING.md", "COPYING.txt"];
/** How close the best match must be (Dice coefficient of the two shingle sets; licensee asks 0.98) ... */
const MATCH = 0.97;
/** ... and by how much it must beat the second best. */
const MARGIN = 0.02;

/**
 * The licence a project's LICENSE file states, looked for in its folder and then the folders above it up to
 * the workspace (or repository) root, as package.json's is. `checked` is every place looked at, found or
 * not: a LICENSE file that appears there later must make a cached run miss.
 */
export function projectLicence(
  root: string,
  /** The answer an earlier run gave for a text, by its hash: identifying is a pure function of the text. */
  known?: LicenceMemo,
): { licence?: Licence; checked: string[]; memo?: LicenceMemo } {
  const checked: string[] = [];
  for (let dir = root; ; dir = path.dirname(dir)) {
    for (const name of NAMES) {
      const file = path.join(dir, name);
      checked.push(file);
      if (!existsSync(file)) continue;
      const text = readFileSync(file, "utf8");
      const hash = createHash("sha256").update(text).digest("hex");
      const licence = known?.hash === hash ? (known.licence ?? undefined) : licenceOf(identifyLicence(text));
      return { ...(licence ? { licence } : {}), checked, memo: { hash, licence: licence ?? null } };
    }
    const top =
      existsSync(path.join(dir, "pnpm-workspace.yaml")) ||
      existsSync(path.join(dir, ".git")) ||
      hasWorkspaces(path.join(dir, "package.json"));
    if (top || path.dirname(dir) === dir) return { checked };
  }
}

/** The licence as an OpenAPI document names it: with its SPDX identifier, else the URL its entries share. */
export interface Licence {
  name: string;
  identifier?: string;
  url?: string;
}

/** What a run found in a LICENSE text, by the text's hash (kept in the run cache). */
export interface LicenceMemo {
  hash: string;
  licence: Licence | null;
}

function licenceOf(found: ReturnType<typeof identifyLicence>): Licence | undefined {
  if (!found) return undefined;
  return found.id ? { name: found.name, identifier: found.id } : { name: found.name, url: found.url! };
}

function hasWorkspaces(file: string): boolean {
  try {
    return Boolean((JSON.parse(readFileSync(file, "utf8")) as { workspaces?: unknown }).workspaces);
  } catch {
    return false;
  }
}

interface SpdxEntry {
  name: string;
  url?: string;
  licenseText?: string;
  osiApproved?: boolean;
}

interface Template {
  id: string | undefined;
  name: string;
  /** For a text several identifiers share: the URL they share, if they do. */
  url: string | undefined;
  text: string;
  shingles?: Set<string>;
}

let templates: Template[] | undefined;

/**
 * One template per distinct licence text. Identifiers that share a text (`AGPL-3.0-only`,
 * `AGPL-3.0-or-later` and the deprecated `AGPL-3.0`) cannot be told apart by the file — the difference is in
 * each source file's notice — so they are one template named by what their names share, with no identifier.
 */
function spdxTemplates(): Template[] {
  if (!templates) {
    // Loaded on first use only (5 MB of licence texts): most projects name their licence in package.json.
    const list = createRequire(import.meta.url)("spdx-license-list/full") as Record<string, SpdxEntry>;
    const byText = new Map<string, { id: string; name: string; url: string | undefined }[]>();
    for (const [id, entry] of Object.entries(list)) {
      if (!entry.licenseText) continue;
      const text = entry.licenseText.trim();
      byText.set(text, [...(byText.get(text) ?? []), { id, name: entry.name, url: entry.url }]);
    }
    templates = [...byText].map(([text, entries]) => ({
      id: entries.length === 1 ? entries[0]!.id : undefined,
      name: entries.length === 1 ? entries[0]!.name : sharedName(entries.map((e) => e.name)),
      url: new Set(entries.map((e) => e.url)).size === 1 ? entries[0]!.url : undefined,
      text,
    }));
  }
  return templates;
}

const shinglesOf = (t: Template): Set<string> => (t.shingles ??= wordsOf(t.text));

const dice = (a: Set<string>, b: Set<string>): number => {
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  return (2 * shared) / (a.size + b.size);
};

/** What several licence names share, without a trailing "only" / "or later": "GNU Affero General Public License v3.0". */
function sharedName(names: string[]): string {
  let prefix = names[0]!;
  for (const name of names) while (!name.startsWith(prefix)) prefix = prefix.slice(0, -1);
  // Whole words only ("... v3.0 o" of "only" and "or later" is "... v3.0"), without a dangling "only"/"or".
  const midWord = names.some((n) => n.length > prefix.length && n[prefix.length] !== " ") && !prefix.endsWith(" ");
  if (midWord) prefix = prefix.slice(0, Math.max(0, prefix.lastIndexOf(" ")));
  return prefix.replace(/\s+(only|or)$/i, "").trim() || names[0]!;
}

/**
 * A licence text as runs of three words (shingles), so that licences written from another (Pixar's from
 * Apache's, SSPL from the AGPL) differ where their wording does: the copyright notice lines, placeholders,
 * URLs, case and punctuation left out.
 */
function wordsOf(text: string): Set<string> {
  const body = text
    .toLowerCase()
    .replace(/^\s*(copyright|\(c\)|©).*$/gm, " ")
    .replace(/<[^>]*>|\[[^\]]*\]|\{[^}]*\}/g, " ")
    .replace(/https?:\/\/\S+/g, " ");
  const words = body.split(/[^a-z0-9]+/).filter(Boolean);
  const shingles = new Set<string>();
  for (let i = 0; i + 2 < words.length; i++) shingles.add(`${words[i]} ${words[i + 1]} ${words[i + 2]}`);
  return shingles;
}

/** The SPDX identifier and name of a licence text, when one licence matches it clearly; undefined otherwise. */
export function identifyLicence(text: string): { id?: string; url?: string; name: string } | undefined {
  const words = wordsOf(text);
  if (words.size < 20) return undefined;
  const ranked: { template: Template; score: number }[] = [];
  for (const template of spdxTemplates()) {
    // Texts of very different lengths cannot reach the match: not shingled at all.
    const ratio = template.text.length / text.length;
    if (ratio < 0.6 || ratio > 1.6) continue;
    ranked.push({ template, score: dice(words, shinglesOf(template)) });
  }
  ranked.sort((a, b) => b.score - a.score);
  const [best, second] = ranked;
  if (!best || best.score < MATCH) return undefined;
  if (second && best.score - second.score < MARGIN) {
    // Two texts the SPDX list keeps apart but that differ in next to nothing (`GPL-3.0+` and `GPL-3.0-only`):
    // the licence they share, without an identifier.
    if (dice(shinglesOf(best.template), shinglesOf(second.template)) < 0.99) return undefined;
    const url = best.template.url && best.template.url === second.template.url ? best.template.url : undefined;
    return url ? { name: sharedName([best.template.name, second.template.name]), url } : undefined;
  }
  if (best.template.id) return { id: best.template.id, name: best.template.name };
  // A document's licence names an identifier or a URL (Redocly, swagger-parser): without either, none.
  return best.template.url ? { name: best.template.name, url: best.template.url } : undefined;
}
