import { z } from 'zod';
import type {
  Account,
  Campaign,
  Channel,
  ChannelItem,
  Confirmation,
  Domain,
  LinkDetails,
  LinkSaved,
  LinkStats,
  LinkSummary,
  Overlay,
  Pixel,
  SplashPage,
} from '../../shared/models.js';
import { emptyLinkStats } from '../../shared/models.js';
import { readLinkExtras } from './link-extras.js';
import {
  aliasOf,
  count,
  countMap,
  flag,
  id,
  merged,
  optionalDate,
  optionalUrl,
  text,
  urlMap,
} from './schema-kit.js';

/*
 * The answers of every endpoint, validated leniently and normalised into our models. Field
 * names on the left are the API's; the objects built on the right are ours.
 */

type Shape<T> = z.ZodType<T, unknown>;

/** Link list item. `short` and `url` are spellings some deployments use for shorturl/longurl. */
export const linkSummary: Shape<LinkSummary> = z
  .object({
    id,
    alias: text,
    shorturl: text,
    short: text,
    longurl: text,
    url: text,
    clicks: count,
    title: text,
    description: text,
    date: text,
  })
  .transform((l) => {
    const shortUrl = l.shorturl || l.short;
    return {
      id: l.id,
      alias: l.alias || aliasOf(shortUrl),
      shortUrl,
      longUrl: l.longurl || l.url,
      clicks: l.clicks,
      title: l.title,
      description: l.description,
      date: l.date,
    };
  });

const noStats = emptyLinkStats;

/** Statistics: the reference sample gives 0 for every field, so every map (and the whole) also accepts 0. */
export const linkStatsShape: Shape<LinkStats> = z
  .union([
    z.object({
      clicks: count,
      uniqueClicks: count,
      topCountries: countMap,
      topReferrers: countMap,
      topBrowsers: countMap,
      topOs: countMap,
      socialCount: countMap,
    }),
    z.literal(0),
    z.literal(false),
    z.null(),
    z.array(z.never()),
  ])
  .optional()
  .transform((s) => (typeof s === 'object' && s !== null && !Array.isArray(s) ? s : noStats()));

/** `GET /api/url/:id`: top-level id, `details` and `data` (statistics). */
export const linkDetails: Shape<LinkDetails> = z
  .object({
    id: id.optional(),
    // Loose: the keys beyond the spec's are read as extras (see link-extras.ts).
    details: z.looseObject({
      id: id.optional(),
      alias: text,
      shorturl: text,
      short: text,
      longurl: text,
      url: text,
      title: text,
      description: text,
      location: urlMap,
      device: urlMap,
      expiry: optionalDate,
      date: text,
    }),
    data: linkStatsShape,
  })
  .refine((l) => l.id !== undefined || l.details.id !== undefined, {
    message: 'Expected the link id',
    path: ['id'],
  })
  .transform((l) => {
    const d = l.details;
    const shortUrl = d.shorturl || d.short;
    return {
      id: (d.id ?? l.id) as number,
      alias: d.alias || aliasOf(shortUrl),
      shortUrl,
      longUrl: d.longurl || d.url,
      title: d.title,
      description: d.description,
      location: d.location,
      device: d.device,
      expiry: d.expiry,
      date: d.date,
      stats: l.data,
      ...readLinkExtras(d),
    };
  });

/** Create (`shorturl`, or `short` on some deployments) and update (`short`) answers. */
export const linkSaved: Shape<LinkSaved> = z
  .unknown()
  .transform(merged)
  .pipe(z.object({ id, shorturl: text, short: text }))
  .refine((l) => l.shorturl !== '' || l.short !== '', {
    message: 'Expected the short URL (shorturl or short)',
  })
  .transform((l) => ({ id: l.id, shortUrl: l.shorturl || l.short }));

/** An answer that only confirms; the message may be missing. */
export const confirmation: Shape<Confirmation> = z
  .unknown()
  .transform(merged)
  .pipe(z.object({ message: text }))
  .transform((c) => ({ message: c.message }));

export const account: Shape<Account> = z
  .object({
    data: z.object({
      id,
      email: text,
      username: text,
      avatar: text,
      status: text,
      expires: optionalDate,
      registered: text,
    }),
  })
  .transform(({ data }) => ({ ...data }));

export const channel: Shape<Channel> = z
  .object({ id, name: text, description: text, color: text, starred: flag })
  .transform((c) => ({ ...c }));

/** The channel add answer: the channel's fields at the top level (or under `data`). */
export const channelCreated: Shape<Channel> = z.preprocess(merged, channel);

export const channelItem: Shape<ChannelItem> = z
  .object({ type: text, id, title: text, preview: text, link: text, date: text })
  .transform((i) => ({ ...i }));

/** A string field that may hold anything else on some deployment: '' unless it is a string. */
const stringOnly = z
  .unknown()
  .optional()
  .transform((v) => (typeof v === 'string' ? v : ''));

/**
 * The campaign name arrives as `name`, `campaign` or `domain`, depending on the version and the
 * answer (lists, add and update answers): the first that holds some text wins.
 */
export const campaign: Shape<Campaign> = z
  .object({
    id,
    name: text,
    campaign: stringOnly,
    domain: stringOnly,
    public: flag,
    rotator: optionalUrl,
    list: text,
  })
  .transform((c) => ({
    id: c.id,
    name: [c.name, c.campaign, c.domain].find((n) => n.trim() !== '') ?? '',
    public: c.public,
    rotator: c.rotator,
    list: c.list,
  }));

export const campaignSaved: Shape<Campaign> = z.preprocess(merged, campaign);

export const domain: Shape<Domain> = z
  .object({ id, domain: text, redirectroot: text, redirect404: text })
  .transform((d) => ({
    id: d.id,
    domain: d.domain,
    redirectRoot: d.redirectroot,
    redirect404: d.redirect404,
  }));

/** Answers that carry just the new object's id (domain add; pixel add on most deployments). */
export const createdId: Shape<{ id: number }> = z
  .unknown()
  .transform(merged)
  .pipe(z.object({ id }))
  .transform((c) => ({ id: c.id }));

export const pixel: Shape<Pixel> = z
  .object({ id, type: text, name: text, tag: text, date: text })
  .transform((p) => ({ ...p }));

/** The pixel add answer is not documented: whatever fields it has, over what was sent. */
export const pixelCreated = z
  .unknown()
  .transform(merged)
  .pipe(z.object({ id, type: text, name: text, tag: text, date: text }));

/**
 * The pixel update answer (6.2 and later; not in the spec): a confirmation, with the pixel's
 * fields on deployments that send them back.
 */
export const pixelUpdated = z
  .unknown()
  .transform(merged)
  .pipe(z.object({ message: text, name: text, tag: text }));

export const overlay: Shape<Overlay> = z
  .object({ id, type: text, name: text, date: text })
  .transform((o) => ({ ...o }));

export const splashPage: Shape<SplashPage> = z
  .object({ id, name: text, date: text })
  .transform((s) => ({ ...s }));
