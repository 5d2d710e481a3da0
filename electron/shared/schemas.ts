/**
 * The schema of every channel's argument. The router validates each call from the renderer
 * against these before any handler runs (the renderer is untrusted). Shapes and sizes only:
 * what a value means (a taken alias, an unknown channel id) is for the service to judge.
 *
 * The English messages here are for logs and --json only: the router words a refusal for a person
 * from zod's issue codes (electron/backend/request-issues.ts); a refinement names its problem in
 * `params.problem` for that.
 *
 * `satisfies` below makes the compiler check each schema against the contract's argument type,
 * and that no channel is missing.
 */
import { z } from 'zod';
import type { ChannelArg, ChannelName } from './contract.js';
import { BULK_MAX_ROWS, ORIGIN_TAG_MAX, ORIGIN_TAGS_MAX } from './bulk.js';
import { CLIPBOARD_MAX_RULES } from './clipboard-rules.js';
import { PIXEL_TYPES } from './pixel-types.js';
import { MAX_QR_TEXT, QR_TYPES } from './qr-codes.js';
import { ANALYTICS_STEPS, COMPARE_MAX } from './analytics.js';
import { UTM_FIELDS, UTM_TEMPLATE_NAME_MAX_LENGTH } from './utm.js';
import { SUPPORTED_LOCALES } from './i18n/locales.js';
import { LIVE_ADDRESS_MAX, LIVE_KEY_MAX, LIVE_SOURCES, LIVE_USERNAME_MAX } from './live-import.js';

const MAX_URL = 4096;
/** Patterns the router names in its refusal (request-issues.ts matches a zod issue's `pattern` to them). */
export const DATE_TIME_PATTERN = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
export const ID_PATTERN = /^[A-Za-z0-9_-]+$/;
const MAX_NAME = 255;
const MAX_TEXT = 10_000;

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const text = (max: number) => z.string().max(max, `must be at most ${max} characters`);
const url = z.string().min(1, 'is required').max(MAX_URL, `must be at most ${MAX_URL} characters`);
const profileId = z.string().min(1).max(64).regex(ID_PATTERN, 'is not a profile id');

/** Channels without an argument accept nothing (or an empty object from a generic caller). */
const none = z
  .union([z.undefined(), z.null(), z.object({}).strict()])
  .transform(() => undefined);

/** Ids the mirror shows for creates not yet answered are negative: they are valid in calls. */
const anyId = z.number().int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER).refine((v) => v !== 0, { message: 'is not an id', params: { problem: 'notId' } });
const opId = z.string().min(1).max(64).regex(ID_PATTERN, 'is not an operation id');

const mirrorLinkQuery = z
  .object({
    q: text(MAX_NAME).optional(),
    sort: z.enum(['date', 'clicks', 'title', 'alias', 'url', 'state']).optional(),
    direction: z.enum(['asc', 'desc']).optional(),
    offset: z.number().int().min(0).max(10_000_000).optional(),
    limit: z.number().int().min(1).max(1000).optional(),
    filters: z
      .object({
        channel: z.union([anyId, z.literal('none')]).optional(),
        campaign: z.union([anyId, z.literal('none')]).optional(),
        domain: text(MAX_NAME).optional(),
        status: z.enum(['public', 'private']).optional(),
        password: z.boolean().optional(),
        expired: z.boolean().optional(),
        outbox: z.enum(['pending', 'failed', 'any']).optional(),
        health: z.enum(['broken', 'ok', 'unchecked']).optional(),
      })
      .strict()
      .optional(),
  })
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
    .regex(DATE_TIME_PATTERN, 'must be YYYY-MM-DD HH:MM:SS')
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
/** An update may also clear the expiry ('') and take the link out of its channel or campaign (null). */
const linkUpdateInput = z
  .object({
    ...linkFields,
    description: text(MAX_TEXT).optional(),
    expiry: z.union([linkFields.expiry.unwrap(), z.literal('')]).optional(),
    channel: id.nullable().optional(),
    campaign: id.nullable().optional(),
  })
  .strict();

const channelFields = {
  description: text(MAX_TEXT).optional(),
  color: text(16).optional(),
  starred: z.boolean().optional(),
};
const campaignFields = { slug: text(MAX_NAME).optional(), public: z.boolean().optional() };
const domainRedirects = { redirectRoot: text(MAX_URL).optional(), redirect404: text(MAX_URL).optional() };

const channelInput = z.object({ name: text(MAX_NAME).min(1, 'is required'), ...channelFields }).strict();
const channelAssign = z.object({ channelId: anyId, type: z.enum(['links', 'bio', 'qr']), itemId: anyId }).strict();
const campaignInput = z.object({ name: text(MAX_NAME).optional(), ...campaignFields }).strict();
const campaignUpdate = z.object({ id: anyId, name: text(MAX_NAME).min(1, 'is required'), ...campaignFields }).strict();
const domainInput = z.object({ domain: text(MAX_NAME).min(1, 'is required'), ...domainRedirects }).strict();
const pixelInput = z
  .object({ type: z.enum(PIXEL_TYPES), name: text(MAX_NAME).min(1, 'is required'), tag: text(MAX_NAME).min(1, 'is required') })
  .strict();
const pixelUpdate = z.object({ name: text(MAX_NAME).min(1, 'is required'), tag: text(MAX_NAME).min(1, 'is required') }).strict();

/** A QR code's fields: shapes and sizes; what the content means is checked by qrPayload in the form. */
const qrFields = {
  data: z.union([text(MAX_QR_TEXT), z.record(z.string().max(40), text(MAX_QR_TEXT)).refine((d) => Object.keys(d).length <= 30, { message: 'has too many fields', params: { problem: 'tooMany', max: 30 } })]),
  name: text(MAX_NAME).optional(),
  background: text(40).optional(),
  foreground: text(40).optional(),
  logo: text(MAX_URL).optional(),
};
const qrInput = z.object({ type: z.enum(QR_TYPES), ...qrFields }).strict();
const qrUpdate = z.object({ type: z.enum(QR_TYPES).optional(), ...qrFields, data: qrFields.data.optional() }).strict();

/** An edited operation for `outbox:retry`: the same shapes as the channels that queue them. */
const outboxMutation = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('link.create'), input: linkInput }).strict(),
  z.object({ kind: z.literal('link.update'), id: anyId, input: linkUpdateInput }).strict(),
  z.object({ kind: z.literal('link.delete'), id: anyId }).strict(),
  z.object({ kind: z.literal('channel.create'), input: channelInput }).strict(),
  z.object({ kind: z.literal('channel.update'), id: anyId, input: channelInput.partial() }).strict(),
  z.object({ kind: z.literal('channel.delete'), id: anyId }).strict(),
  channelAssign.extend({ kind: z.literal('channel.assign') }).strict(),
  z.object({ kind: z.literal('campaign.create'), input: campaignInput }).strict(),
  z.object({ kind: z.literal('campaign.update'), id: anyId, input: campaignUpdate.omit({ id: true }) }).strict(),
  z.object({ kind: z.literal('campaign.delete'), id: anyId }).strict(),
  z.object({ kind: z.literal('campaign.assign'), campaignId: anyId, linkId: anyId }).strict(),
  z.object({ kind: z.literal('domain.create'), input: domainInput }).strict(),
  z.object({ kind: z.literal('domain.update'), id: anyId, input: z.object(domainRedirects).strict() }).strict(),
  z.object({ kind: z.literal('domain.delete'), id: anyId }).strict(),
  z.object({ kind: z.literal('pixel.create'), input: pixelInput }).strict(),
  z.object({ kind: z.literal('pixel.update'), id: anyId, input: pixelUpdate }).strict(),
  z.object({ kind: z.literal('pixel.delete'), id: anyId }).strict(),
  z.object({ kind: z.literal('qr.create'), input: qrInput }).strict(),
  z.object({ kind: z.literal('qr.update'), id: anyId, input: qrUpdate }).strict(),
  z.object({ kind: z.literal('qr.delete'), id: anyId }).strict(),
]);

const utmParams = z.partialRecord(z.enum(UTM_FIELDS), text(1000)).optional();

/** Shapes and sizes only: what the rules mean is checked by the clipboard settings' own validation. */
const clipboardDefaults = z
  .object({ channel: id.optional(), campaign: id.optional(), domain: text(MAX_NAME).optional(), utm: utmParams })
  .strict();
const clipboardSettings = z
  .object({
    enabled: z.boolean(),
    paused: z.boolean(),
    pollIntervalMs: z.number().int().min(0).max(60_000),
    offline: z.enum(['queue', 'skip']),
    defaults: clipboardDefaults,
    rules: z
      .array(
        z
          .object({
            match: text(1000),
            action: z.enum(['allow', 'deny']),
            defaults: clipboardDefaults.optional(),
            enabled: z.boolean().optional(),
            note: text(1000).optional(),
          })
          .strict(),
      )
      .max(CLIPBOARD_MAX_RULES * 2),
  })
  .strict();
const jobId = z.string().min(1).max(64).regex(ID_PATTERN, 'is not a job id');

/** Copy or move to another profile: the same request makes the dry run and the job. */
const transferRequest = z
  .object({
    targetProfileId: profileId,
    mode: z.enum(['copy', 'move']),
    ids: z
      .array(anyId)
      .min(1, 'has no links: choose the links to copy')
      .max(BULK_MAX_ROWS, `must have at most ${BULK_MAX_ROWS} links`)
      .refine((ids) => new Set(ids).size === ids.length, { message: 'lists a link twice', params: { problem: 'duplicate' } }),
    createMissing: z.boolean(),
    aliasTaken: z.enum(['random', 'skip']),
  })
  .strict();

type Schemas = { [C in ChannelName]: z.ZodType<ChannelArg<C>, unknown> };

const analyticsTime = z.number().int().min(0).max(8.64e15);
const analyticsRange = z
  .object({
    from: analyticsTime.nullable(),
    to: analyticsTime,
    step: z.enum(ANALYTICS_STEPS).optional(),
    utcOffsetMin: z.number().int().min(-14 * 60).max(14 * 60).optional(),
  })
  .strict()
  .refine((r) => r.from === null || r.from < r.to, { message: 'analytics range: the start must be before the end', path: ['from'], params: { problem: 'rangeOrder' } });
const analyticsItem = z.object({ kind: z.enum(['link', 'channel', 'campaign']), id }).strict();

export const channelSchemas = {
  'app:info': none,
  'app:open-external': z.object({ url }).strict(),
  'language:get': none,
  'language:set': z.object({ choice: z.enum(['system', ...SUPPORTED_LOCALES]) }).strict(),

  'profiles:list': none,
  'profiles:use-local': none,
  'profiles:connect': z
    .object({ name: text(100).optional(), baseUrl: url, apiKey: text(1024).min(1, 'is required') })
    .strict(),
  'profiles:set-key': z.object({ id: profileId, apiKey: text(1024).min(1, 'is required') }).strict(),
  'profiles:switch': z.object({ id: profileId }).strict(),
  'profiles:rename': z.object({ id: profileId, name: text(100).min(1, 'is required') }).strict(),
  'profiles:remove': z.object({ id: profileId }).strict(),
  'profiles:restart-local': z.object({ move: z.boolean() }).strict(),
  'profiles:check-public-url': z.object({ address: text(300) }).strict(),
  'profiles:set-public-url': z.object({ address: text(300).nullable(), trustProxy: z.boolean().optional() }).strict(),

  'account:get': none,
  'account:update': z.object({ email: text(MAX_NAME).optional(), password: text(1024).optional() }).strict(),

  'links:list': mirrorLinkQuery,
  'links:facets': mirrorLinkQuery,
  'links:get': z.object({ id: anyId, force: z.boolean().optional() }).strict(),
  'links:reusable': z.object({ url, domain: text(MAX_NAME).optional() }).strict(),
  'links:create': linkInput,
  'links:update': z.object({ id: anyId, input: linkUpdateInput }).strict(),
  'links:delete': z.object({ id: anyId }).strict(),

  'channels:list': none,
  'channels:items': z.object({ id: anyId }).strict(),
  'channels:create': channelInput,
  'channels:update': z.object({ id: anyId, name: text(MAX_NAME).min(1).optional(), ...channelFields }).strict(),
  'channels:delete': z.object({ id: anyId }).strict(),
  'channels:assign': channelAssign,

  'campaigns:list': none,
  'campaigns:create': campaignInput,
  'campaigns:update': campaignUpdate,
  'campaigns:delete': z.object({ id: anyId }).strict(),
  'campaigns:assign': z.object({ campaignId: anyId, linkId: anyId }).strict(),

  'domains:list': none,
  'domains:create': domainInput,
  'domains:update': z.object({ id: anyId, ...domainRedirects }).strict(),
  'domains:delete': z.object({ id: anyId }).strict(),

  'pixels:list': none,
  'pixels:create': pixelInput,
  'pixels:update': pixelUpdate.extend({ id: anyId }).strict(),
  'pixels:delete': z.object({ id: anyId }).strict(),

  'qr:list': none,
  'qr:get': z.object({ id: anyId, force: z.boolean().optional() }).strict(),
  'qr:create': qrInput,
  'qr:update': qrUpdate.extend({ id: anyId }).strict(),
  'qr:delete': z.object({ id: anyId }).strict(),

  'overlays:list': none,
  'splash:list': none,

  'outbox:list': none,
  'outbox:retry': z.object({ opId, mutation: outboxMutation.optional() }).strict(),
  'outbox:discard': z.object({ opId }).strict(),
  'outbox:wait': z.object({ opId }).strict(),

  'sync:status': none,
  'sync:refresh': z
    .object({
      view: z.union([
        z.object({ kind: z.literal('links'), sort: z.enum(['date', 'clicks', 'title']).optional() }).strict(),
        z.object({ kind: z.literal('channel'), id: anyId }).strict(),
        z.object({ kind: z.enum(['domains', 'channels', 'campaigns', 'pixels', 'overlays', 'splash', 'qrs', 'account']) }).strict(),
      ]),
      force: z.boolean().optional(),
    })
    .strict(),

  'budget:state': none,
  'connection:state': none,

  'clipboard:state': none,
  'clipboard:settings': none,
  'clipboard:configure': clipboardSettings,
  'clipboard:pause': z.object({ paused: z.boolean() }).strict(),
  'clipboard:local-answer': z.object({ replace: z.boolean() }).strict(),
  'clipboard:undo': z.object({ actionId: text(64).min(1), deleteLink: z.boolean().optional() }).strict(),
  'clipboard:read-url': none,
  'clipboard:write': z.object({ text: text(MAX_URL * 2) }).strict(),

  'desktop:settings': none,
  'desktop:configure': z
    .object({ closeToTray: z.boolean().optional(), hotkey: text(100).optional(), openAtLogin: z.boolean().optional() })
    .strict(),

  'bulk:list': none,
  'bulk:start': z
    .object({
      name: text(MAX_NAME).min(1, 'is required'),
      // A row may name a channel its import is creating: a provisional id (negative) until the outbox has the service's.
      rows: z.array(linkInput.extend({ channel: anyId.optional() })).min(1, 'has no rows').max(BULK_MAX_ROWS, `must have at most ${BULK_MAX_ROWS} rows`),
      reuse: z.boolean(),
      origin: z
        .object({
          source: text(100).min(1, 'is required'),
          service: text(100).optional(),
          clicks: z.array(z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullable()).max(BULK_MAX_ROWS),
          created: z.array(z.number().int().min(-8.64e15).max(8.64e15).nullable()).max(BULK_MAX_ROWS).optional(),
          tags: z.array(z.array(text(ORIGIN_TAG_MAX)).max(ORIGIN_TAGS_MAX).nullable()).max(BULK_MAX_ROWS).optional(),
          // What a row could not take (issue 39): its old alias and expiry, values left out, its adjustments in words.
          kept: z
            .array(
              z
                .object({
                  alias: text(300).optional(),
                  expiry: text(300).optional(),
                  leftOut: z.array(z.object({ field: z.enum(['clicks', 'created', 'expiry', 'channel', 'campaign', 'domain', 'status', 'type']), value: text(300) }).strict()).max(8).optional(),
                  notes: z.array(text(1000)).max(12).optional(),
                })
                .strict()
                .nullable(),
            )
            .max(BULK_MAX_ROWS)
            .optional(),
        })
        .strict()
        .optional(),
      onAliasTaken: z.array(z.enum(['random', 'skip'])).max(BULK_MAX_ROWS).optional(),
    })
    .strict()
    .refine((arg) => !arg.origin || arg.origin.clicks.length === arg.rows.length, { message: 'origin.clicks must have one entry per row', params: { problem: 'onePerRow' }, path: ['origin', 'clicks'] })
    .refine((arg) => !arg.origin?.created || arg.origin.created.length === arg.rows.length, { message: 'origin.created must have one entry per row', params: { problem: 'onePerRow' }, path: ['origin', 'created'] })
    .refine((arg) => !arg.origin?.tags || arg.origin.tags.length === arg.rows.length, { message: 'origin.tags must have one entry per row', params: { problem: 'onePerRow' }, path: ['origin', 'tags'] })
    .refine((arg) => !arg.origin?.kept || arg.origin.kept.length === arg.rows.length, { message: 'origin.kept must have one entry per row', params: { problem: 'onePerRow' }, path: ['origin', 'kept'] })
    .refine((arg) => !arg.onAliasTaken || arg.onAliasTaken.length === arg.rows.length, {
      message: 'onAliasTaken must have one entry per row',
      path: ['onAliasTaken'],
      params: { problem: 'onePerRow' },
    }),
  'bulk:rows': z
    .object({ id: jobId, offset: z.number().int().min(0).optional(), limit: z.number().int().min(1).max(1000).optional() })
    .strict(),
  'bulk:pause': z.object({ id: jobId }).strict(),
  'bulk:resume': z.object({ id: jobId }).strict(),
  'bulk:cancel': z.object({ id: jobId }).strict(),
  'bulk:remove': z.object({ id: jobId }).strict(),
  'bulk:result-csv': z.object({ id: jobId }).strict(),
  'bulk:aliases': z.object({ aliases: z.array(text(64)).max(BULK_MAX_ROWS) }).strict(),

  'export:links': z.object({ format: z.enum(['csv', 'json']), query: mirrorLinkQuery.optional() }).strict(),
  'export:stats': z.object({ id: anyId }).strict(),

  'utm:templates': none,
  'utm:save-template': z
    .object({ name: text(UTM_TEMPLATE_NAME_MAX_LENGTH).min(1, 'is required'), params: z.partialRecord(z.enum(UTM_FIELDS), text(1000)) })
    .strict(),
  'utm:delete-template': z.object({ name: text(UTM_TEMPLATE_NAME_MAX_LENGTH).min(1) }).strict(),

  'health:check': z.object({ ids: z.array(anyId).max(1_000_000).optional() }).strict(),
  'health:status': none,
  'health:cancel': none,
  'health:get': z.object({ id: anyId }).strict(),
  'analytics:overview': analyticsRange,
  'analytics:compare': z
    .object({ range: analyticsRange, items: z.array(analyticsItem).min(1, 'analytics: choose something to compare').max(COMPARE_MAX, `analytics: compare at most ${COMPARE_MAX}`) })
    .strict(),
  'analytics:audience': none,
  'analytics:fill': z.object({ run: z.boolean() }).strict(),
  'analytics:fill-state': none,
  'health:settings': none,
  'health:configure': z.object({ checkOwnNetwork: z.boolean() }).strict(),

  'import:fetch-source': z
    .object({
      source: z.enum(LIVE_SOURCES),
      baseUrl: z.string().min(1, 'is required').max(LIVE_ADDRESS_MAX, `must be at most ${LIVE_ADDRESS_MAX} characters`),
      // Shape only; the messages never repeat the value (it is a key).
      apiKey: z.string().min(1, 'is required').max(LIVE_KEY_MAX, `must be at most ${LIVE_KEY_MAX} characters`),
      username: z.string().max(LIVE_USERNAME_MAX, `must be at most ${LIVE_USERNAME_MAX} characters`).optional(),
      ownNetwork: z.boolean(),
    })
    .strict(),
  'import:cancel-fetch': none,

  'transfer:plan': transferRequest,
  'transfer:start': transferRequest,
} satisfies Schemas;
