import type { NextFunction, Request, Response } from "express";

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
  body(): Record<string, unknown> {
    return { error: this.code, message: this.message };
  }
}

/** The 403 refusal: its body names the exact permission key to add (SPEC section 7). */
export class PermissionError extends HttpError {
  constructor(readonly permission: string) {
    super(403, "missing_permission", `This key lacks the permission ${permission}. Add it to the key to call this operation.`);
  }
  override body(): Record<string, unknown> {
    return { error: this.code, permission: this.permission, message: this.message };
  }
}

export class AuthenticationError extends HttpError {
  constructor(message: string) {
    super(401, "unauthenticated", message);
  }
}

export class NotFoundError extends HttpError {
  constructor(what: string, id: string) {
    super(404, "not_found", `No ${what} with id ${id}.`);
  }
}

export class ValidationError extends HttpError {
  constructor(message: string) {
    super(400, "invalid_request", message);
  }
}

export class ConflictError extends HttpError {
  constructor(message: string) {
    super(409, "conflict", message);
  }
}

/** Turns thrown errors into JSON responses; anything unexpected is a 500 without details. */
export function errorHandler(error: unknown, _req: Request, res: Response, _next: NextFunction): void {
  if (error instanceof HttpError) {
    res.status(error.status).json(error.body());
    return;
  }
  if (error && typeof error === "object" && "type" in error && (error as { type?: string }).type === "entity.parse.failed") {
    res.status(400).json({ error: "invalid_json", message: "The request body is not valid JSON." });
    return;
  }
  res.status(500).json({ error: "internal", message: "Something went wrong." });
}

export function notFoundHandler(req: Request, res: Response): void {
  res.status(404).json({ error: "no_route", message: `No route ${req.method} ${req.path}.` });
}
