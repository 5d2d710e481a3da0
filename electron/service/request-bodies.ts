/**
 * Every request body the service reads, as one zod schema per route: the routes read their
 * bodies through `pickBody` with these schemas, and the OpenAPI document (openapi/schemas.ts)
 * publishes the same objects, so the fields a route reads and the fields the reference lists are
 * one list (issue 41, item 7: "generated from the same route schemas that validate requests").
 *
 * The split of work (why not a plain `schema.parse(body)`): the schemas say each field's JSON
 * type, and `pickBody` refuses a field of another type with a sentence naming it, before any
 * reader runs. What a type cannot say stays with the readers (links/link-input.ts,
 * links/link-lists.ts, routes/*.ts): alias rules, web address checks, lengths, text SQLite cannot
 * store, ownership of ids. Two kinds of field are checked by their reader alone, marked with
 * `readerChecks`: a link's structured lists (targeting, pixels, deep links, parameters), whose
 * unusable items are left out one by one and named in `dropped` (the spec lets the service keep
 * the rest, see links/dropped.ts) and which also arrive in two PHP encodings (a JSON string, an
 * index-keyed object); and a QR code's `type` and `data`, whose readers name every wrong part.
 * Their schemas show the shape a client should send; the readers take more.
 *
 * Null counts as "not given" or "cleared" for most fields (clients differ in how they leave a
 * field out), so those schemas are `.nullable()`: the reference says what the service takes.
 */
import { z } from 'zod';
import { badRequest } from './errors.js';

const checkedByReader = new WeakSet<z.ZodType>();

/** Marks a field whose reader checks its type itself (see above); returns the same schema. */
function readerChecks<T extends z.ZodType>(schema: T): T {
  checkedByReader.add(schema);
  return schema;
}

/** The sentences the readers used before the schemas checked types; tests match them. */
const mustBe = (field: string, what: string) => `The field "${field}" must be ${what}.`;
const text = (field: string, what = 'a string') => z.string({ error: mustBe(field, what) }).nullable().optional();
const flag = (field: string) => z.boolean({ error: mustBe(field, 'true or false') }).nullable().optional();

const id = z.number().int().positive();
const webUrl = z.string().meta({ format: 'uri' });
const target = (key: string) => z.array(z.object({ [key]: z.string(), link: webUrl }).partial());
const linkId = (field: string, what: string) =>
  z
    .union([z.number(), z.string()], { error: mustBe(field, `${what} id (a whole number of at least 1)`) })
    .nullable()
    .optional()
    .meta({ description: `${what[0]!.toUpperCase()}${what.slice(1)} id; 0, "" or null: none` });

const linkFields = {
  url: z
    .string({ error: mustBe('url', 'a string (a web address)') })
    .meta({ format: 'uri', description: 'The long URL (http or https); required' })
    .nullable()
    .optional(),
  custom: text('custom', 'a string (the custom alias)'),
  type: z
    .union([z.string(), z.number()], {
      error:
        'The field "type" must be "direct", "frame", "splash", a splash page id (such as 3) or an overlay id written "overlay-<id>" (such as "overlay-2").',
    })
    .nullable()
    .optional()
    .meta({ description: 'direct, frame, splash, a splash page id, or overlay-<id>' }),
  password: text('password'),
  domain: text('domain'),
  expiry: text('expiry', 'a string: a date and time written YYYY-MM-DD HH:MM:SS (UTC)').meta({
    description: 'YYYY-MM-DD HH:MM:SS (UTC); "" or null: never',
  }),
  geotarget: readerChecks(target('location').optional()),
  devicetarget: readerChecks(target('device').optional()),
  languagetarget: readerChecks(target('language').optional()),
  metatitle: text('metatitle'),
  metadescription: text('metadescription'),
  metaimage: text('metaimage').meta({ description: 'A .jpg, .jpeg or .png image (http or https)' }),
  description: text('description'),
  pixels: readerChecks(z.array(id).optional()),
  channel: linkId('channel', 'a channel'),
  campaign: linkId('campaign', 'a campaign'),
  deeplink: readerChecks(z.object({ auto: z.boolean(), apple: webUrl, google: webUrl }).partial().optional()),
  parameters: readerChecks(
    z
      .array(z.object({ name: z.string(), value: z.string() }).partial())
      .optional()
      .meta({ description: 'Query parameters added to the target. An item without a usable name is left out (and named in dropped).' }),
  ),
};

/** POST /api/url/add. `url` is required (null and "" count as missing: its reader says so). */
export const LinkCreateBody = z.object({
  ...linkFields,
  status: z
    .string({ error: 'The field "status" must be "public" or "private".' })
    .nullable()
    .optional()
    .meta({ description: 'public or private' }),
});
/** PUT /api/url/:id/update: the spec sets `status` on create only; an update ignores it. */
export const LinkUpdateBody = z.object(linkFields);

export const AccountBody = z.object({ email: text('email'), password: text('password') });

const channelFields = {
  name: text('name'),
  description: text('description'),
  color: text('color').meta({ description: '#RRGGBB' }),
  starred: flag('starred'),
};
export const ChannelAddBody = z.object(channelFields);
export const ChannelUpdateBody = z.object(channelFields);

export const CampaignBody = z.object({ name: text('name'), slug: text('slug'), public: flag('public') });

export const DomainAddBody = z.object({
  domain: text('domain').meta({ format: 'uri', description: 'The domain with its scheme; required' }),
  redirectroot: text('redirectroot'),
  redirect404: text('redirect404'),
});
export const DomainUpdateBody = z.object({ redirectroot: text('redirectroot'), redirect404: text('redirect404') });

export const PixelBody = z.object({ type: text('type'), name: text('name'), tag: text('tag') });

export const QrBody = z.object({
  type: readerChecks(z.string().optional()),
  data: readerChecks(z.string().optional().meta({ description: 'What the code holds (its shape depends on type)' })),
  name: text('name'),
  background: text('background'),
  foreground: text('foreground'),
  logo: text('logo'),
});

type Shape = Record<string, z.ZodType>;

/**
 * Which fields the routes have read from the bodies of each schema, declared or not. Kept so that
 * tests/integration/openapi-bodies.test.ts can check, after sending every route a body, that each
 * route reads exactly the fields its schema (and so the reference) lists: a field documented but
 * never read, or read but not documented, fails there. One set per schema, a few dozen names.
 */
const reads = new WeakMap<z.ZodObject, Set<string>>();

/** The field names read so far from bodies picked with `schema`. */
export function fieldsRead(schema: z.ZodObject): ReadonlySet<string> {
  return reads.get(schema) ?? new Set();
}

/**
 * The fields of `body` that `schema` declares, each of its declared JSON type: a field of another
 * type is a 400 naming it (the first, in the schema's order). Fields the schema does not declare
 * are left out, so a reader cannot read a field the reference does not list.
 */
export function pickBody<S extends Shape>(
  schema: z.ZodObject<S>,
  body: Record<string, unknown>,
): { [K in keyof S]?: unknown } {
  const picked: Record<string, unknown> = {};
  for (const [field, fieldSchema] of Object.entries(schema.shape as Shape)) {
    const value = body[field];
    if (value === undefined) continue;
    if (!checkedByReader.has(fieldSchema)) {
      const result = fieldSchema.safeParse(value);
      if (!result.success) throw badRequest(result.error.issues[0]?.message ?? mustBe(field, 'of another type'));
    }
    picked[field] = value;
  }
  let read = reads.get(schema);
  if (!read) reads.set(schema, (read = new Set()));
  const seen = read;
  return new Proxy(picked, {
    get(target, key) {
      if (typeof key === 'string') seen.add(key);
      return Reflect.get(target, key);
    },
  }) as { [K in keyof S]?: unknown };
}
