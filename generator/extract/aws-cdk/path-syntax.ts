import { cleanPath, type PathParseResult } from "../express/path-syntax.js";

/**
 * An API Gateway resource path (REST APIs, HTTP APIs, SST routes) in OpenAPI style: `{id}` is already
 * OpenAPI's; a greedy `{proxy+}` matches the rest of the path across segments, indexed as `{proxy}` and
 * marked a catch-all (a warning, as for every framework's catch-all). API Gateway allows a greedy parameter
 * as the last segment only, and a parameter as a whole segment only.
 */
export function apiGatewayToOpenApi(raw: string): PathParseResult {
  const params: string[] = [];
  let wildcard = false;
  const segments = cleanPath(raw).split("/");
  for (const [index, segment] of segments.entries()) {
    if (!segment.includes("{") && !segment.includes("}")) continue;
    const match = /^\{([A-Za-z0-9_.-]+)(\+)?\}$/.exec(segment);
    if (!match)
      return {
        ok: false,
        problem: `a segment \`${segment}\` that is not a whole \`{name}\` parameter (API Gateway refuses it)`,
        hint: "Write each path parameter as a whole segment: `/users/{id}`.",
      };
    if (match[2] && index !== segments.length - 1)
      return {
        ok: false,
        problem: `the greedy parameter \`${segment}\` before the last segment (API Gateway refuses it)`,
        hint: "A `{name+}` parameter can only be the last segment.",
      };
    params.push(match[1]!);
    if (match[2]) wildcard = true;
    segments[index] = `{${match[1]}}`;
  }
  const duplicate = params.find((p, i) => params.indexOf(p) !== i);
  if (duplicate) return { ok: false, problem: `the parameter \`${duplicate}\` twice`, hint: "Give every path parameter a distinct name." };
  return { ok: true, variants: [{ path: cleanPath(segments.join("/")), params, wildcard }] };
}
