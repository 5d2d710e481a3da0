import type { FastifyRequest } from 'fastify';
import { badRequest, notFound } from '../errors.js';

/** Longest name of a channel, campaign or pixel, and longest channel description. */
export const MAX_NAME = 255;
export const MAX_DESCRIPTION = 2000;

/**
 * The JSON body as an object. No body at all counts as `{}` so that "required field missing"
 * gets its own message; anything that is not an object (array, string, number) is refused.
 */
export function readBody(request: FastifyRequest): Record<string, unknown> {
  const body: unknown = request.body;
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest('The request body must be a JSON object, such as {"name": "…"}.');
  }
  return body as Record<string, unknown>;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Checks text that will be stored. SQLite (through libsql) cuts a string at U+0000 and replaces
 * half a surrogate pair, so such text could not come back as it was sent: it is refused
 * instead of being silently changed.
 */
export function checkText(value: string, field: string, max: number): string {
  if (value.length > max) {
    throw badRequest(
      `The field "${field}" can be at most ${max} characters long; it has ${value.length}.`,
    );
  }
  if (value.includes('\u0000') || LONE_SURROGATE.test(value)) {
    throw badRequest(
      `The field "${field}" contains a character that cannot be stored (a NUL character or half of a surrogate pair). Remove it and try again.`,
    );
  }
  return value;
}

/**
 * An optional string field: absent or `null` reads as "not given" (clients differ in how they
 * leave a field out); any other non-string is an error naming the field.
 */
export function optionalString(
  body: Record<string, unknown>,
  field: string,
  max: number,
): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw badRequest(`The field "${field}" must be a string.`);
  return checkText(value, field, max);
}

/** A required string field that must hold more than white space; stored as sent. */
export function requiredString(
  body: Record<string, unknown>,
  field: string,
  max: number,
  what: string,
): string {
  const value = optionalString(body, field, max);
  if (value === undefined || value.trim() === '') {
    throw badRequest(`The field "${field}" is required: send ${what}.`);
  }
  return value;
}

/** An optional boolean field: only JSON true or false, so `"false"` is never read as true. */
export function optionalBoolean(body: Record<string, unknown>, field: string): boolean | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw badRequest(`The field "${field}" must be true or false.`);
  return value;
}

/**
 * An id from the path. Anything but a whole number of at least 1 is a malformed request; a
 * well-formed number too large to be an id simply names nothing.
 */
export function pathId(value: string | undefined, what: string): number {
  const text = value ?? '';
  if (!/^\d+$/.test(text) || /^0+$/.test(text)) {
    throw badRequest(
      `The ${what.toLowerCase()} id in the address must be a whole number of at least 1.`,
    );
  }
  const id = Number(text);
  if (!Number.isSafeInteger(id)) throw notFound(what);
  return id;
}
