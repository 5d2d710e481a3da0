/**
 * Query and path values as they arrive (text), as zod schemas: the routes check requests with
 * them (format.ts reads `limit` and `page` of every list, links.ts and clicks.ts a link's id)
 * and the OpenAPI document (openapi/schemas.ts) publishes the same schemas, so the reference
 * and the check cannot say different things.
 */
import { z } from 'zod';

/** A whole number of at least 1, at most 9 digits (leading zeros allowed, as before). */
export const PositiveIntText = z
  .string()
  .regex(/^(?=\d{1,9}$)0*[1-9]\d*$/)
  .meta({ description: 'A whole number of at least 1' });

export const PagingQuery = z.object({
  limit: PositiveIntText.optional().meta({ description: 'Page size (default 15, at most 100).' }),
  page: PositiveIntText.optional().meta({ description: 'Page number, from 1.' }),
});

/** A link's id in a path: a whole number of at least 1 (anything else names no link: 404). */
export const LinkIdText = z.string().regex(/^[1-9]\d{0,15}$/).meta({ description: "The link's id" });

export const LinkIdParams = z.object({ id: LinkIdText });
