import type { Effect } from "./operation.js";

/** The effect a method implies when no `@effect` tag says otherwise. */
export function deriveEffect(method: string): Effect {
  switch (method.toUpperCase()) {
    case "GET":
    case "HEAD":
    case "OPTIONS":
    case "SEARCH":
    case "PROPFIND":
    case "REPORT":
      return "read";
    case "DELETE":
    case "PURGE":
      return "remove";
    default:
      return "write";
  }
}
