import type { NextFunction, Request, Response } from "express";
import { AuthenticationError } from "../http/errors.js";
import type { ApiKeyIdentity } from "./require-permission.js";

/** An API key's record: who it is for and what it may do. */
export interface KeyRecord {
  name: string;
  permissions: readonly string[];
}

export type KeyStore = ReadonlyMap<string, KeyRecord>;

/** Reads `Authorization: Bearer <key>` and attaches the key's identity; 401 without a known key. */
export function authenticate(keys: KeyStore) {
  return (req: Request, _res: Response, next: NextFunction) => {
    const header = req.get("authorization") ?? "";
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    const record = match ? keys.get(match[1]!) : undefined;
    if (!record) {
      next(new AuthenticationError(match ? "This API key is not valid." : "Send an API key as Authorization: Bearer <key>."));
      return;
    }
    const identity: ApiKeyIdentity = { id: match![1]!.slice(0, 12), name: record.name, permissions: new Set(record.permissions) };
    (req as Request & { apiKey?: ApiKeyIdentity }).apiKey = identity;
    next();
  };
}

/**
 * Closed routes (sign-in, OAuth, platform administration, keys, agents, connected apps) are for people
 * in a browser session, never for API keys: any request carrying a key is refused.
 */
export function sessionOnly(req: Request, res: Response, next: NextFunction): void {
  if (req.get("authorization")) {
    res.status(403).json({ error: "key_not_allowed", message: "API keys cannot call this route. Sign in to the dashboard instead." });
    return;
  }
  if (!req.get("cookie")?.includes("fs_session=")) {
    res.status(401).json({ error: "session_required", message: "Sign in to the dashboard to use this route." });
    return;
  }
  next();
}
