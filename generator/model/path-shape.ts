/**
 * A path with its parameters' names left out (`/users/{}/keys`): OpenAPI holds paths of one shape as one path
 * template, and a router matches them alike when their parameters have no patterns.
 */
export function templateShape(path: string): string {
  return path.replace(/\{[^}]*\}/g, "{}");
}
