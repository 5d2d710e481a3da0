/**
 * The service's API as data: for every route, what it is for and the zod schemas of its query,
 * body and answer. electron/service/openapi/document.ts turns this table and the routes Fastify
 * actually registered into the OpenAPI 3.1 document served at /openapi.json (z.toJSONSchema), so
 * the reference is written once and a route without an entry shows up as undocumented there.
 *
 * Request bodies are not written here: each is the schema its route reads the body with
 * (../request-bodies.ts, through `pickBody`), so a field the service reads is a field the
 * reference lists, of the type the service checks. Chosen over parsing whole bodies with
 * `schema.parse` because the service is more liberal than a strict parse (the spec lets it leave
 * out an unusable item of an optional list and keep the rest, naming it in `dropped`; null means
 * "not given"; PHP clients' encodings): the schema holds the field list and the JSON types, the
 * readers the checks a type cannot say. Only which fields are required is added below
 * (`.required(…)`), since the readers refuse a missing field with their own sentence.
 * tests/integration/openapi.test.ts checks the documentation's samples and the real answers,
 * and tests/integration/openapi-bodies.test.ts sends every documented field with a wrong type.
 */
import { z } from 'zod';
import {
  AccountBody,
  CampaignBody,
  ChannelAddBody,
  ChannelUpdateBody,
  DomainAddBody,
  DomainUpdateBody,
  LinkCreateBody,
  LinkUpdateBody,
  PixelBody,
  QrBody,
} from '../request-bodies.js';
import { LinkIdParams, PagingQuery } from '../request-schemas.js';

const id = z.number().int().positive();
const url = z.string().meta({ format: 'uri' });
const dateTime = z.string().regex(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/).meta({ description: 'YYYY-MM-DD HH:MM:SS' });
/** Success: 0 (the spec allows the string "0" in lists). */
const ok = z.union([z.literal(0), z.literal('0')]);
const message = z.object({ error: ok, message: z.string() });

export const ErrorAnswer = z
  .object({ error: z.number().int().min(1), message: z.string(), 'Retry-After': z.number().int().optional() })
  .meta({ description: 'Every failure under /api: a nonzero error and a sentence; 429 adds Retry-After (seconds).' });

const Dropped = z
  .array(z.object({ field: z.string(), reason: z.string() }))
  .meta({ description: 'Extension: items of optional lists that were left out, and why (also named in the X-Linkdeck-Dropped header).' });

const paged = (collection: string, item: z.ZodType) =>
  z.object({
    error: ok,
    data: z.object({
      result: z.number().int(),
      perpage: z.number().int(),
      currentpage: z.number().int(),
      nextpage: z.number().int(),
      maxpage: z.number().int(),
      [collection]: z.array(item),
    }),
  });


const LinkItem = z.object({ id, alias: z.string(), shorturl: url, longurl: url, clicks: z.number().int(), title: z.string(), description: z.string(), date: dateTime });
const counts = z.record(z.string(), z.number());
const Stats = z.object({
  clicks: z.number().int(),
  uniqueClicks: z.number().int(),
  topCountries: counts,
  topReferrers: counts,
  topBrowsers: counts,
  topOs: counts,
  socialCount: counts,
});
const SingleLink = z.object({
  error: ok,
  id,
  details: z.object({
    id,
    shorturl: url,
    longurl: url,
    title: z.string(),
    description: z.string(),
    location: z.record(z.string(), url),
    device: z.record(z.string(), url),
    expiry: dateTime.nullable(),
    date: dateTime,
  }),
  data: Stats,
});
const Channel = z.object({ id, name: z.string(), description: z.string(), color: z.string(), starred: z.boolean() });
const Campaign = z.object({ id, public: z.boolean(), rotator: z.union([url, z.literal(false)]), list: url });
const Domain = z.object({ id, domain: url, redirectroot: z.string(), redirect404: z.string() });
const Pixel = z.object({ id, type: z.string(), name: z.string(), tag: z.string(), date: dateTime });
const QrItem = z.object({ id, name: z.string(), link: url, scans: z.number().int(), date: dateTime, type: z.string() });
const Timeline = z.object({
  error: ok,
  clicks: z.object({ step: z.string(), from: z.number(), to: z.number(), before: z.number(), buckets: z.array(z.object({ start: z.number(), clicks: z.number().int() })) }),
});
const Probe = z.object({ status: z.string(), reasons: z.array(z.string()).optional() });

export interface RouteDoc {
  summary: string;
  tag: string;
  /** Path parameters' schemas (a parameter not named here is any text). */
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** The 200 answer: a JSON schema, or another media type (an HTML page, an image, text). */
  answer: z.ZodType | { mediaType: string; description: string };
  /** Answered without an API key (everything outside /api). */
  public?: boolean;
}

const page = (description: string) => ({ mediaType: 'text/html', description });

/** Every route, keyed `METHOD /path` as Fastify registers it (path parameters as `:name`). */
export const ROUTE_DOCS: Record<string, RouteDoc> = {
  'GET /api/urls': {
    tag: 'Links',
    summary: 'List, search, or find one link by its short URL (then the single-link answer)',
    query: PagingQuery.extend({
      order: z.enum(['date', 'click']).optional(),
      q: z.string().optional().meta({ description: 'Keyword search' }),
      short: z.string().optional().meta({ description: 'The full short URL; every other parameter is then ignored' }),
    }),
    answer: z.union([paged('urls', LinkItem), SingleLink]),
  },
  'GET /api/url/:id': { tag: 'Links', params: LinkIdParams, summary: 'One link with its click statistics', answer: SingleLink },
  'POST /api/url/add': { tag: 'Links', summary: 'Shorten a link', body: LinkCreateBody.required({ url: true }), answer: z.object({ error: ok, id, shorturl: url, dropped: Dropped.optional() }) },
  'PUT /api/url/:id/update': {
    tag: 'Links',
    params: LinkIdParams,
    summary: 'Replace a link (every optional field left out is cleared)',
    body: LinkUpdateBody.required({ url: true }),
    answer: z.object({ error: ok, id, short: url, dropped: Dropped.optional() }),
  },
  'DELETE /api/url/:id/delete': { tag: 'Links', params: LinkIdParams, summary: 'Delete a link', answer: message },
  'GET /api/url/:id/clicks': { tag: 'Statistics', params: LinkIdParams, summary: "Extension: a link's clicks over time", query: z.object({ from: z.string(), to: z.string(), step: z.string() }).partial(), answer: Timeline },
  'GET /api/clicks': { tag: 'Statistics', summary: 'Extension: all your clicks over time', query: z.object({ from: z.string(), to: z.string(), step: z.string() }).partial(), answer: Timeline },
  'GET /api/account': {
    tag: 'Account',
    summary: 'Your account',
    answer: z.object({ error: ok, data: z.object({ id, email: z.string(), username: z.string(), avatar: url, status: z.string(), expires: dateTime, registered: dateTime }) }),
  },
  'PUT /api/account/update': { tag: 'Account', summary: 'Change your email or password', body: AccountBody, answer: message },
  'GET /api/channels': { tag: 'Channels', summary: 'List channels', query: PagingQuery, answer: paged('channels', Channel) },
  'GET /api/channel/:id': {
    tag: 'Channels',
    summary: "A channel's items",
    query: PagingQuery,
    answer: paged('items', z.object({ type: z.string(), id, title: z.string(), preview: z.string(), link: z.string(), date: z.string() })),
  },
  'POST /api/channel/add': { tag: 'Channels', summary: 'Add a channel', body: ChannelAddBody.required({ name: true }), answer: Channel.extend({ error: ok }) },
  'POST /api/channel/:channelid/assign/:type/:itemid': { tag: 'Channels', summary: 'Put a link, bio page or QR code in a channel (type: links, bio, qr)', answer: message },
  'PUT /api/channel/:id/update': { tag: 'Channels', summary: 'Change a channel', body: ChannelUpdateBody, answer: message },
  'DELETE /api/channel/:id/delete': { tag: 'Channels', summary: 'Delete a channel (its items stay, unassigned)', answer: message },
  'GET /api/domains': { tag: 'Domains', summary: 'List branded domains', query: PagingQuery, answer: paged('domains', Domain) },
  'POST /api/domain/add': {
    tag: 'Domains',
    summary: 'Add a branded domain (with its scheme)',
    body: DomainAddBody.required({ domain: true }),
    answer: z.object({ error: ok, id }),
  },
  'PUT /api/domain/:id/update': { tag: 'Domains', summary: "Change a domain's redirects", body: DomainUpdateBody, answer: message },
  'DELETE /api/domain/:id/delete': { tag: 'Domains', summary: 'Delete a branded domain', answer: message },
  'GET /api/campaigns': { tag: 'Campaigns', summary: 'List campaigns', query: PagingQuery, answer: paged('campaigns', Campaign.extend({ name: z.string(), links: z.number().int().optional() })) },
  'POST /api/campaign/add': { tag: 'Campaigns', summary: 'Add a campaign', body: CampaignBody, answer: Campaign.extend({ error: ok, domain: z.string().meta({ description: 'The campaign name (the spec names it so)' }) }) },
  'POST /api/campaign/:campaignid/assign/:linkid': { tag: 'Campaigns', summary: 'Add a link to a campaign', answer: message },
  'PUT /api/campaign/:id/update': {
    tag: 'Campaigns',
    summary: 'Change a campaign',
    body: CampaignBody.required({ name: true }),
    answer: Campaign.extend({ error: ok, domain: z.string() }),
  },
  'DELETE /api/campaign/:id/delete': { tag: 'Campaigns', summary: 'Delete a campaign', answer: message },
  'GET /api/pixels': { tag: 'Pixels', summary: 'List tracking pixels', query: PagingQuery, answer: paged('pixels', Pixel) },
  'POST /api/pixel/add': { tag: 'Pixels', summary: 'Add a tracking pixel', body: PixelBody.required(), answer: Pixel.extend({ error: ok }) },
  'PUT /api/pixel/:id/update': { tag: 'Pixels', summary: "Change a pixel's tag or name (as deployments from 6.2)", body: PixelBody.required({ tag: true }), answer: Pixel.extend({ error: ok, message: z.string() }) },
  'DELETE /api/pixel/:id/delete': { tag: 'Pixels', summary: 'Delete a pixel (as deployments from 6.2)', answer: message },
  'GET /api/overlay': { tag: 'Overlays and splash pages', summary: 'List call-to-action overlays', query: PagingQuery, answer: paged('cta', z.object({ id, type: z.string(), name: z.string(), date: dateTime })) },
  'GET /api/splash': { tag: 'Overlays and splash pages', summary: 'List custom splash pages', query: PagingQuery, answer: paged('splash', z.object({ id, name: z.string(), date: dateTime })) },
  'GET /api/qr': { tag: 'QR codes', summary: 'List QR codes', query: PagingQuery, answer: paged('qrs', QrItem) },
  'GET /api/qr/:id': { tag: 'QR codes', summary: 'One QR code with its scan statistics', answer: z.object({ error: ok, id, details: QrItem.partial(), data: Stats }) },
  'POST /api/qr/add': { tag: 'QR codes', summary: 'Add a QR code', body: QrBody.required({ type: true, data: true }), answer: z.object({ error: ok, id, link: url }) },
  'PUT /api/qr/:id/update': { tag: 'QR codes', summary: 'Change a QR code', body: QrBody, answer: z.object({ error: ok, id, link: url, message: z.string() }) },
  'DELETE /api/qr/:id/delete': { tag: 'QR codes', summary: 'Delete a QR code', answer: message },

  'GET /healthz': { tag: 'Service', public: true, summary: 'Liveness: the process answers', answer: Probe },
  'GET /readyz': { tag: 'Service', public: true, summary: 'Readiness: the database answers and the click writer keeps up (503 with reasons otherwise)', answer: Probe },
  'GET /metrics': { tag: 'Service', public: true, summary: 'Prometheus metrics (only with --metrics)', answer: { mediaType: 'text/plain', description: 'The Prometheus text format' } },
  'GET /openapi.json': { tag: 'Service', public: true, summary: 'This document', answer: { mediaType: 'application/json', description: 'OpenAPI 3.1' } },
  'GET /openapi.html': { tag: 'Service', public: true, summary: 'This document as a page', answer: page('The API reference') },
  'GET /': { tag: 'Short links', public: true, summary: "The service's home (or a branded domain's root redirect)", answer: page('A small page, or a redirect') },
  'GET /:alias': { tag: 'Short links', public: true, summary: 'Follow a short link: a 302, or its frame, splash, overlay, password or expired page', answer: page('An interstitial page; most answers are 302 redirects') },
  'POST /:alias': { tag: 'Short links', public: true, summary: "A password-protected link's form", answer: page('The form again with an error, or a 302 to the target') },
  'GET /r/:slug': { tag: 'Short links', public: true, summary: "A campaign's rotator: a 302 to its links in turn", answer: page('A 302 redirect') },
  'GET /c/:id': { tag: 'Short links', public: true, summary: "A public campaign's list page", answer: page('The list of its links') },
  'GET /qr/:alias': { tag: 'Short links', public: true, summary: "A QR code's page", answer: page("The QR code's page") },
  'GET /qr/:alias/file': { tag: 'Short links', public: true, summary: "A QR code's image", answer: { mediaType: 'image/svg+xml', description: 'The QR code' } },
  'GET /avatar/:file': { tag: 'Account', public: true, summary: "An account's avatar image", answer: { mediaType: 'image/svg+xml', description: 'The avatar' } },
  'POST /.well-known/linkdeck-verify': { tag: 'Service', public: true, summary: "Internal: the app's one-time token for opening a link (this computer only)", answer: { mediaType: 'application/json', description: 'A token' } },
  'GET /.well-known/linkdeck-verify/:token': { tag: 'Service', public: true, summary: 'Internal: the page a one-time token opens (this computer only)', answer: page('A page') },
};
