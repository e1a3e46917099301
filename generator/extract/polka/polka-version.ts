import path from "node:path";
import type { SourceSet } from "../../scan/source-set.js";

/**
 * When Polka runs `use()` middleware, by version:
 * - `tiered` (0.x): `use(fn)` / `use("/", fn)` before every route, and `use(base, fn)` before every route
 *   under `base`, whatever the order of registration (Polka 0.5's `wares` and `bwares`, read per request);
 * - `registration` (1.0.0-next.x): in registration order, as Express (trouter 4 matches middleware and
 *   routes in one list), though its readme still describes the tiers;
 * - `unknown`: the project's version could not be read; middleware registered after a route may or may not
 *   run before it.
 */
export type PolkaOrder = "tiered" | "registration" | "unknown";

/**
 * The order the project's Polka runs middleware in, from the version its package.json asks for (`"^0.5.2"`,
 * `"next"`, `"1.0.0-next.28"`), else the one its lockfile pins (package-lock.json, yarn.lock,
 * pnpm-lock.yaml), at the project's root. What is read is recorded as an input of the run.
 */
export function polkaOrder(sources: SourceSet): PolkaOrder {
  const read = (name: string): string | undefined => {
    const file = path.join(sources.root, name);
    const text = sources.host.readFile(file);
    if (text !== undefined) sources.recordInputs([file]);
    return text;
  };
  const manifest = read("package.json");
  if (manifest) {
    try {
      const pkg = JSON.parse(manifest) as Record<string, unknown>;
      for (const field of ["dependencies", "devDependencies", "peerDependencies", "optionalDependencies"]) {
        const deps = pkg[field];
        const spec = deps && typeof deps === "object" ? (deps as Record<string, unknown>).polka : undefined;
        const order = typeof spec === "string" ? orderOfRange(spec) : undefined;
        if (order) return order;
      }
    } catch {
      // An unreadable package.json names no version: the lockfile may.
    }
  }
  const lock = read("package-lock.json");
  if (lock) {
    try {
      const parsed = JSON.parse(lock) as {
        packages?: Record<string, { version?: unknown }>;
        dependencies?: Record<string, { version?: unknown }>;
      };
      const version = parsed.packages?.["node_modules/polka"]?.version ?? parsed.dependencies?.polka?.version;
      const order = typeof version === "string" ? orderOfRange(version) : undefined;
      if (order) return order;
    } catch {
      // Not JSON: no version from it.
    }
  }
  // yarn.lock: `polka@^0.5.2:\n  version "0.5.2"`; pnpm-lock.yaml: `/polka@0.5.2:` or `polka@1.0.0-next.28:`.
  const yarn = read("yarn.lock")?.match(/^"?polka@[^\n]*:\n\s+version:? "?([^"\n]+)"?/m)?.[1];
  const pnpm = read("pnpm-lock.yaml")?.match(/^\s+\/?'?polka@(\d[^:('\s]*)/m)?.[1];
  for (const version of [yarn, pnpm]) {
    const order = version ? orderOfRange(version) : undefined;
    if (order) return order;
  }
  return "unknown";
}

/** The order a version or range of Polka means: 0.x is tiered, 1.x (only ever published as `next`) is not. */
function orderOfRange(spec: string): Exclude<PolkaOrder, "unknown"> | undefined {
  const range = spec.trim().replace(/^npm:polka@/, "");
  if (range === "next" || /^[~^=v]*1\./.test(range)) return "registration";
  if (/^[~^=v]*0\./.test(range)) return "tiered";
  return undefined;
}
