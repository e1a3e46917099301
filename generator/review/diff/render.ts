import { type Change, countLevels, type DiffReport } from "./change.js";

const LABEL: Record<Change["level"], string> = { security: "SECURITY", breaking: "BREAKING", info: "change" };

function line(c: Change): string {
  return `${c.method} ${c.path}${c.operationId ? ` (${c.operationId})` : ""} ${c.message}`;
}

function headline(report: DiffReport): string {
  const { security, breaking } = countLevels(report.changes);
  const n = report.changes.length;
  if (!n) return `apidex diff ${report.base} → ${report.head}: no API changes`;
  return `apidex diff ${report.base} → ${report.head}: ${n} change${n === 1 ? "" : "s"} (${security} security-relevant, ${breaking} breaking)`;
}

/** Plain text for terminals and CI logs: one line a change, most important first. */
export function renderText(report: DiffReport): string {
  const out = [headline(report)];
  for (const c of report.changes) out.push(`${LABEL[c.level].padEnd(8)}  ${line(c)}`);
  return `${out.join("\n")}\n`;
}

/** Markdown for a pull-request comment; long groups fold into <details>. */
export function renderMarkdown(report: DiffReport): string {
  const { security, breaking } = countLevels(report.changes);
  const out = [`### API changes: \`${report.base}\` → \`${report.head}\``, ""];
  if (!report.changes.length) return `${out.join("\n")}No API changes.\n`;
  const fewer = report.changes.filter((c) => c.kind === "fewer-permissions");
  if (fewer.length) {
    out.push(
      `> [!CAUTION]`,
      `> **${fewer.length} operation${fewer.length === 1 ? " now needs" : "s now need"} fewer permissions.** Existing keys reach more than before.`,
      "",
    );
  }
  out.push(
    `**${report.changes.length}** change${report.changes.length === 1 ? "" : "s"}: **${security}** security-relevant, **${breaking}** breaking.`,
    "",
  );
  const groups: [string, Change[]][] = [
    ["Security-relevant", report.changes.filter((c) => c.level === "security")],
    ["Breaking", report.changes.filter((c) => c.level === "breaking")],
    ["Other changes", report.changes.filter((c) => c.level === "info")],
  ];
  for (const [title, changes] of groups) {
    if (!changes.length) continue;
    const rows = changes.map((c) => `- \`${c.method} ${c.path}\`${c.operationId ? ` (\`${c.operationId}\`)` : ""} ${escapeMd(c.message)}`);
    if (changes.length > 10 || title === "Other changes") {
      out.push(`<details><summary>${title} (${changes.length})</summary>`, "", ...rows, "", "</details>", "");
    } else {
      out.push(`#### ${title}`, "", ...rows, "");
    }
  }
  return `${out.join("\n").trimEnd()}\n`;
}

function escapeMd(text: string): string {
  return text.replace(/([<>|])/g, "\\$1");
}
