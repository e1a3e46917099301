// The operation-id rule as first written (regexes over each path on every call), kept as the reference
// the faster derivation in generator/model/operation-id.ts is property-tested against. Its word helpers
// and the clean-up are shared; the derivation is the old one, and it always cleans up. Not used at run time.
import { cleanId, isPlural, itemNoun, singular, words } from "../../generator/model/operation-id.js";

export function referenceOperationId(method: string, path: string): string {
  const segments = path.split("/").filter(Boolean);
  // v1 (and v0) are dropped; a later version becomes a suffix, so /v1/x and /v2/x get distinct ids.
  const versions = segments.filter((s) => /^v\d+(\.\d+)*$/i.test(s) && !/^v[01]$/i.test(s)).map((s) => s.toLowerCase().replace(/\./g, "_"));
  const parts = segments
    .map((s) => ({ param: /^\{[^{}]+\}$/.test(s), text: s }))
    .filter((s, i) => s.param || !(/^v\d+(\.\d+)*$/i.test(s.text) || (i === 0 && s.text.toLowerCase() === "api")));

  const last = parts[parts.length - 1];
  const m = method.toLowerCase();
  let verb: string;
  let nouns: string[];
  let singularLast: boolean;
  const literals = (list: typeof parts) =>
    list.flatMap((p, i) => {
      if (p.param) return [];
      const next = list[i + 1];
      return [next?.param ? itemNoun(words(p.text), next.text) : words(p.text)];
    });

  if (!last) {
    verb = m;
    nouns = ["root"];
    singularLast = false;
  } else if (m === "post" && !last.param && !isPlural(last.text) && parts.length > 1) {
    verb = words(last.text);
    nouns = [...literals(parts.slice(0, -1)), ...versions];
    return finish(verb, nouns, method, path);
  } else {
    const onItem = last.param || !isPlural(last.text);
    verb = { get: onItem ? "get" : "list", post: "create", put: "replace", patch: "update", delete: "delete" }[m] ?? m.replace(/[^a-z0-9]/g, "_");
    nouns = literals(parts);
    singularLast = last.param || m === "post";
    if (singularLast && nouns.length && !last.param) nouns[nouns.length - 1] = singular(nouns[nouns.length - 1]!);
    nouns.push(...versions);
  }
  return finish(verb, nouns, method, path);
}

function finish(verb: string, nouns: string[], method: string, path: string): string {
  // Always through the clean-up, which the faster derivation skips for ids already clean.
  return cleanId([verb, ...nouns].join("_"), method, path);
}
