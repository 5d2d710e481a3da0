import type { ServiceContext } from '../context.js';
import { formatDateTime } from '../format.js';
import { shortUrl } from '../urls.js';
import { countryName } from '../../shared/countries.js';
import type { LinkSummary, StoredLink } from './link-store.js';
import { linkStats } from './stats.js';

/** The spec's list item. */
export function linkListItem(ctx: ServiceContext, link: LinkSummary) {
  return {
    id: link.id,
    alias: link.alias,
    shorturl: shortUrl(ctx, link.alias, link.domain),
    longurl: link.longUrl,
    clicks: link.clicks,
    title: link.title,
    description: link.note,
    date: formatDateTime(link.createdAt),
  };
}

/** The redirect type in the form the input takes back: "direct", "frame", "splash", "<splash id>", "overlay-<id>". */
export function redirectTypeLabel(link: StoredLink): string {
  if (link.redirectType === 'splash-page' && link.splashId !== null) return String(link.splashId);
  if (link.redirectType === 'overlay' && link.overlayId !== null)
    return `overlay-${link.overlayId}`;
  return link.redirectType;
}

/**
 * The spec's `details`, field for field (location keys are lower-case English country names,
 * such as "united states"), followed by the link's other stored fields so a client can mirror a
 * link completely. Those extra keys carry the names of the input fields they came from
 * (metatitle, deeplink, parameters…), except `language` (beside `location` and `device`, keyed
 * by lower-case language tag) and `passwordProtected` (the password itself is never returned).
 */
export function linkDetails(ctx: ServiceContext, link: StoredLink) {
  return {
    id: link.id,
    shorturl: shortUrl(ctx, link.alias, link.domain),
    longurl: link.longUrl,
    title: link.title,
    description: link.note,
    location: Object.fromEntries(
      link.geotarget.map((t) => [(countryName(t.location) ?? t.location).toLowerCase(), t.link]),
    ),
    device: Object.fromEntries(link.devicetarget.map((t) => [t.device, t.link])),
    expiry: link.expiresAt === null ? null : formatDateTime(link.expiresAt),
    date: formatDateTime(link.createdAt),
    alias: link.alias,
    custom: link.custom,
    domain: link.domain,
    type: redirectTypeLabel(link),
    status: link.status,
    passwordProtected: link.passwordHash !== null,
    metatitle: link.metaTitle,
    metadescription: link.metaDescription,
    metaimage: link.metaImage,
    language: Object.fromEntries(link.languagetarget.map((t) => [t.language, t.link])),
    deeplink: link.deeplink,
    pixels: link.pixels,
    channel: link.channelId,
    campaign: link.campaignId,
    parameters: link.parameters,
    clicks: link.clicks,
    updated: formatDateTime(link.updatedAt),
  };
}

/** The answer of GET /api/url/:id (and of GET /api/urls?short=…). */
export async function singleLinkAnswer(ctx: ServiceContext, link: StoredLink) {
  return {
    error: 0,
    id: link.id,
    details: linkDetails(ctx, link),
    data: await ctx.store.run(linkStats(link.id, link.clicks)),
  };
}
