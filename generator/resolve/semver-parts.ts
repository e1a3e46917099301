/**
 * semver's `major`, `minor` and `patch` of a static version string, as the package computes them: a NestJS
 * bootstrap may derive its default API version from a version string (`defaultVersion:
 * String(major("2.0.0", { loose: false }))`), and the routes' paths depend on the number. They are pure
 * functions of their arguments, so apidex computes them instead of giving up on the whole prefix.
 */
import type { ts } from "../typescript.js";
import { type ExternalValue, type Value, unknown } from "./values.js";

const PARTS = ["major", "minor", "patch"] as const;
type Part = (typeof PARTS)[number];

// semver 7's `re[t.FULL]` and `re[t.LOOSE]` (internal/re.js), spelled out: strict numbers have no leading zero
// and only a `v` may come first; loose ones take leading zeros, `=`, spaces and a prerelease without its `-`.
const ID = String.raw`(?:0|[1-9]\d*|\d*[a-zA-Z-][a-zA-Z0-9-]*)`;
const LOOSE_ID = String.raw`(?:\d+|\d*[a-zA-Z-][a-zA-Z0-9-]*)`;
const BUILD = String.raw`(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?`;
const NUMBER = String.raw`(0|[1-9]\d*)`;
const FULL = new RegExp(String.raw`^v?${NUMBER}\.${NUMBER}\.${NUMBER}(?:-${ID}(?:\.${ID})*)?${BUILD}$`);
const LOOSE = new RegExp(String.raw`^[v=\s]*(\d+)\.(\d+)\.(\d+)(?:-?${LOOSE_ID}(?:\.${LOOSE_ID})*)?${BUILD}$`);
/** semver's MAX_LENGTH: a longer string is refused before it is parsed. */
const MAX_LENGTH = 256;

/** The part a call of semver names: `major` imported by name, `semver.major` (default or namespace), `semver/functions/major`. */
function partOf(callee: ExternalValue): Part | undefined {
  const own = /^semver\/functions\/(major|minor|patch)(?:\.js)?$/.exec(callee.module);
  if (own) return callee.path.length === 0 || (callee.path.length === 1 && callee.path[0] === "default") ? (own[1] as Part) : undefined;
  if (callee.module !== "semver") return undefined;
  const name = callee.path.length === 1 || (callee.path.length === 2 && callee.path[0] === "default") ? callee.path.at(-1) : undefined;
  return PARTS.find((p) => p === name);
}

/**
 * The number semver's `major(version, options)` (`minor`, `patch`) returns, when the call is one of them;
 * undefined when it is not. `args` evaluates the call's arguments (only for semver's calls). A version or
 * options apidex cannot read, or a version semver refuses (it throws `Invalid Version`), is an unknown value.
 */
export function semverPart(callee: ExternalValue, args: () => Value[], node: ts.Node): Value | undefined {
  const part = partOf(callee);
  if (!part) return undefined;
  const [version, options] = args();
  if (version?.kind === "unknown") return version;
  if (version?.kind !== "string") return unknown(node, `calls semver's \`${part}\` with a value that is not a static version string`);
  // `major(v, true)` is the old spelling of `{ loose: true }`; any other options leave the parse strict.
  let loose: boolean;
  if (options === undefined || options.kind === "undefined" || options.kind === "null") loose = false;
  else if (options.kind === "boolean") loose = options.value;
  else if (options.kind === "object") {
    const flag = options.props.get("loose");
    if (flag && flag.kind !== "boolean" && flag.kind !== "undefined")
      return unknown(node, `calls semver's \`${part}\` with a \`loose\` option only known at run time`);
    loose = flag?.kind === "boolean" && flag.value;
  } else return unknown(node, `calls semver's \`${part}\` with options only known at run time`);
  const match = version.value.length <= MAX_LENGTH ? (loose ? LOOSE : FULL).exec(version.value.trim()) : null;
  if (!match) return unknown(node, `calls semver's \`${part}\` with "${version.value}", which semver refuses (it throws Invalid Version)`);
  const value = Number(match[PARTS.indexOf(part) + 1]);
  if (!Number.isSafeInteger(value)) return unknown(node, `calls semver's \`${part}\` with a version number semver refuses (too large)`);
  return { kind: "number", value };
}
