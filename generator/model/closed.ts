import picomatch from "picomatch";

/**
 * Closed-route matcher from path globs. `/v1/auth/**` matches `/v1/auth` and everything below it;
 * braces expand (`/v1/{api-keys,agents}/**`). Paths are matched in OpenAPI form (`{param}`).
 */
export function closedMatcher(patterns: readonly string[]): (path: string) => string | undefined {
  const matchers = patterns.map((pattern) => ({ pattern, test: picomatch(pattern, { dot: true }) }));
  return (path) => matchers.find((m) => m.test(path))?.pattern;
}
