import type { Request } from "express";
import { ValidationError } from "./errors.js";
import type { Page } from "../models.js";

/** Cursor pagination over an in-memory list: the cursor is the offset. */
export function paginate<T>(rows: T[], query: { limit?: unknown; cursor?: unknown }): Page<T> {
  const limit = Math.min(100, Math.max(1, Number(query.limit ?? 25) || 25));
  const offset = Math.max(0, Number(query.cursor ?? 0) || 0);
  const data = rows.slice(offset, offset + limit);
  const more = offset + limit < rows.length;
  return { data, has_more: more, next_cursor: more ? String(offset + limit) : null };
}

/** The JSON body as an object; 400 when it is missing a required field. */
export function bodyWith<K extends string>(req: Request, ...required: K[]): Record<K, unknown> & Record<string, unknown> {
  const body: unknown = req.body;
  if (!body || typeof body !== "object" || Array.isArray(body)) throw new ValidationError("Send a JSON object as the request body.");
  for (const field of required) {
    if ((body as Record<string, unknown>)[field] === undefined) throw new ValidationError(`The field ${field} is required.`);
  }
  return body as Record<K, unknown> & Record<string, unknown>;
}

export function text(value: unknown, field: string): string {
  if (typeof value !== "string" || !value.trim()) throw new ValidationError(`The field ${field} must be a non-empty string.`);
  return value;
}

export function now(): string {
  return new Date().toISOString();
}
