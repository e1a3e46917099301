import type { NextFunction, Request, RequestHandler, Response } from "express";
import { PermissionError } from "../http/errors.js";

/** The authenticated API key, set by `authenticate`. */
export interface ApiKeyIdentity {
  id: string;
  name: string;
  permissions: ReadonlySet<string>;
}

export function keyOf(req: Request): ApiKeyIdentity | undefined {
  return (req as Request & { apiKey?: ApiKeyIdentity }).apiKey;
}

/** Throws the 403 refusal naming the first key the request's API key lacks. */
export function assertPermission(req: Request, ...keys: string[]): void {
  const identity = keyOf(req);
  for (const key of keys) {
    if (!identity?.permissions.has(key)) throw new PermissionError(key);
  }
}

/** Route middleware: the API key must hold every listed permission. */
export function requirePermission(...keys: string[]): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    try {
      assertPermission(req, ...keys);
      next();
    } catch (error) {
      next(error);
    }
  };
}

/** The same, for a list built elsewhere. */
export function requirePermissions(keys: readonly string[]): RequestHandler {
  return requirePermission(...keys);
}
