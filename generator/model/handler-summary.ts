/**
 * A summary for an undocumented operation from the name its author gave the handler: `getAllLeadsForChatflow`
 * answering `GET /leads/{id}` says more than the path does ("Get all leads for chatflow", where the path alone
 * gives "Get lead"). Only a name that says what the handler does is used: two words or more, one of them
 * (after the first, the verb) written in the path, so `handler`, `index`, `list` or `findAll` fall back to
 * the id in words.
 */
import { words } from "./operation-id.js";

/** Words that name what a function is rather than what it does (`getUserHandler`, `handleGetUser`). */
const ROLE_SUFFIX = new Set(["handler", "controller", "route", "endpoint", "action", "fn", "cb", "callback", "middleware"]);
const ROLE_PREFIX = new Set(["handle", "on"]);

/**
 * The handler's name as a sentence when it names what the operation does on the path's resource, else
 * undefined.
 *
 * @example
 * summaryFromHandler("getAllLeadsForChatflow", "/api/v1/leads/{id}") // "Get all leads for chatflow"
 * summaryFromHandler("findAll", "/users") // undefined: it names nothing of the path
 */
export function summaryFromHandler(name: string | undefined, path: string): string | undefined {
  if (!name) return undefined;
  const parts = words(name).split("_").filter(Boolean);
  while (parts.length > 2 && ROLE_SUFFIX.has(parts[parts.length - 1]!)) parts.pop();
  while (parts.length > 2 && ROLE_PREFIX.has(parts[0]!)) parts.shift();
  if (parts.length < 2 || parts.some((p) => /^\d+$/.test(p) && p.length > 4)) return undefined;
  // The path's literal text, run together: "chatmessage" holds "message", "work-orders" holds "order".
  const literal = path
    .split("/")
    .filter((s) => s && !/[{}:[\]]/.test(s))
    .join("")
    .replace(/[^A-Za-z0-9]/g, "")
    .toLowerCase();
  const stem = (w: string) => w.replace(/(ies|es|s)$/, "");
  if (!parts.slice(1).some((p) => p.length >= 3 && literal.includes(stem(p)))) return undefined;
  const text = parts.join(" ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}
