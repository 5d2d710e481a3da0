/**
 * The schema of every channel's argument. The router validates each call from the renderer
 * against these before any handler runs (the renderer is untrusted). Shapes and sizes only:
 * what a value means (a taken alias, an unknown channel id) is for the service to judge.
 *
 * `satisfies` below makes the compiler check each schema against the contract's argument type,
 * and that no channel is missing.
 */
import { z } from 'zod';
import type { ChannelArg, ChannelName } from './contract.js';
import { PIXEL_TYPES } from './pixel-types.js';

const MAX_URL = 4096;
const MAX_NAME = 255;
const MAX_TEXT = 10_000;

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const text = (max: number) => z.string().max(max, `must be at most ${max} characters`);
const url = z.string().min(1, 'is required').max(MAX_URL, `must be at most ${MAX_URL} characters`);
const profileId = z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, 'is not a profile id');

/** Channels without an argument accept nothing (or an empty object from a generic caller). */
const none = z
  .union([z.undefined(), z.null(), z.object({}).strict()])
  .transform(() => undefined);

const pageQuery = z
  .object({ page: id.optional(), limit: z.number().int().min(1).max(1000).optional() })
  .strict();

const target = <K extends string>(key: K) => z.object({ [key]: text(100).min(1), link: url } as Record<K, z.ZodString> & { link: typeof url }).strict();

const linkFields = {
  url,
  custom: text(64).optional(),
  type: z
    .union([
      z.enum(['direct', 'frame', 'splash']),
      z.object({ splashPageId: id }).strict(),
      z.object({ overlayId: id }).strict(),
    ])
    .optional(),
  password: text(MAX_NAME).optional(),
  domain: text(MAX_NAME).optional(),
  expiry: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, 'must be YYYY-MM-DD HH:MM:SS')
    .optional(),
  geoTarget: z.array(target('location')).max(250).optional(),
  deviceTarget: z.array(target('device')).max(50).optional(),
  languageTarget: z.array(target('language')).max(250).optional(),
  metaTitle: text(MAX_NAME).optional(),
  metaDescription: text(MAX_TEXT).optional(),
  metaImage: text(MAX_URL).optional(),
  pixels: z.array(id).max(100).optional(),
  channel: id.optional(),
  campaign: id.optional(),
  deepLink: z
    .object({ apple: text(MAX_URL).optional(), google: text(MAX_URL).optional(), auto: z.boolean().optional() })
    .strict()
    .optional(),
  parameters: z
    .array(z.object({ name: text(MAX_NAME).min(1), value: text(MAX_URL) }).strict())
    .max(100)
    .optional(),
};

const linkInput = z
  .object({
    ...linkFields,
    description: text(MAX_TEXT).optional(),
    status: z.enum(['public', 'private']).optional(),
  })
  .strict();
const linkUpdateInput = z.object(linkFields).strict();

const channelFields = {
  description: text(MAX_TEXT).optional(),
  color: text(16).optional(),
  starred: z.boolean().optional(),
};
const campaignFields = { slug: text(MAX_NAME).optional(), public: z.boolean().optional() };
const domainRedirects = { redirectRoot: text(MAX_URL).optional(), redirect404: text(MAX_URL).optional() };

type Schemas = { [C in ChannelName]: z.ZodType<ChannelArg<C>, unknown> };

export const channelSchemas = {
  'app:info': none,
  'app:open-external': z.object({ url }).strict(),

  'profiles:list': none,
  'profiles:use-local': none,
  'profiles:connect': z
    .object({ name: text(100).optional(), baseUrl: url, apiKey: text(1024).min(1, 'is required') })
    .strict(),
  'profiles:set-key': z.object({ id: profileId, apiKey: text(1024).min(1, 'is required') }).strict(),
  'profiles:switch': z.object({ id: profileId }).strict(),
  'profiles:rename': z.object({ id: profileId, name: text(100).min(1, 'is required') }).strict(),
  'profiles:remove': z.object({ id: profileId }).strict(),

  'account:get': none,
  'account:update': z.object({ email: text(MAX_NAME).optional(), password: text(1024).optional() }).strict(),

  'links:list': pageQuery.extend({ order: z.enum(['date', 'click']).optional(), q: text(MAX_NAME).optional() }).strict(),
  'links:get': z.object({ id }).strict(),
  'links:create': linkInput,
  'links:update': z.object({ id, input: linkUpdateInput }).strict(),
  'links:delete': z.object({ id }).strict(),

  'channels:list': pageQuery,
  'channels:items': pageQuery.extend({ id }).strict(),
  'channels:create': z.object({ name: text(MAX_NAME).min(1, 'is required'), ...channelFields }).strict(),
  'channels:update': z.object({ id, name: text(MAX_NAME).min(1).optional(), ...channelFields }).strict(),
  'channels:delete': z.object({ id }).strict(),
  'channels:assign': z.object({ channelId: id, type: z.enum(['links', 'bio', 'qr']), itemId: id }).strict(),

  'campaigns:list': pageQuery,
  'campaigns:create': z.object({ name: text(MAX_NAME).optional(), ...campaignFields }).strict(),
  'campaigns:update': z.object({ id, name: text(MAX_NAME).min(1, 'is required'), ...campaignFields }).strict(),
  'campaigns:delete': z.object({ id }).strict(),
  'campaigns:assign': z.object({ campaignId: id, linkId: id }).strict(),

  'domains:list': pageQuery,
  'domains:create': z.object({ domain: text(MAX_NAME).min(1, 'is required'), ...domainRedirects }).strict(),
  'domains:update': z.object({ id, ...domainRedirects }).strict(),
  'domains:delete': z.object({ id }).strict(),

  'pixels:list': pageQuery,
  'pixels:create': z
    .object({ type: z.enum(PIXEL_TYPES), name: text(MAX_NAME).min(1, 'is required'), tag: text(MAX_NAME).min(1, 'is required') })
    .strict(),

  'overlays:list': pageQuery,
  'splash:list': pageQuery,

  'budget:state': none,
  'connection:state': none,
} satisfies Schemas;
