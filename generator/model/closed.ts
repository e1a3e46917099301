import picomatch from "picomatch";

/**
 * Closed-route matcher from path globs. `/v1/auth/**` matches `/v1/auth` and everything below it;
 * braces expand (`/v1/{api-keys,agents}/**`). Paths are matched in OpenAPI form (`{param}`).
 *
 * Each pattern becomes picomatch's regular expression once, tested directly: what picomatch's own
 * matcher does with these options (an empty path never matches; a path equal to the pattern does), without
 * the result object it builds on every call — every operation of a run is tested against every pattern.
 */
export function closedMatcher(patterns: readonly string[]): (path: string) => string | undefined {
  const matchers = patterns.map((pattern) => ({ pattern, regex: picomatch.makeRe(pattern, { dot: true }) }));
  return (path) => {
    if (path === "") return undefined;
    for (const m of matchers) if (path === m.pattern || m.regex.test(path)) return m.pattern;
    return undefined;
  };
}
