/*
 * The request examples of the link-service API documentation, one per endpoint of
 * /work/shared/spec/link-service-api.md (the spec's tables name the fields; the documentation
 * prints these bodies and queries, example values included). A client that copies them must be
 * understood by the local service.
 *
 * Sources: the add-link body is the documentation's as published copies of it print it, byte for
 * byte in its values (its expiry, 2020-11-11, is long past; its second `parameters` row is shaped
 * like a targeting row). The other bodies carry the documentation's example values for the fields
 * of the spec's tables. Path ids are written as the documentation's examples would be used: the
 * objects are created first, in a fresh service, so the ids the bodies print (pixels 1–4, channel 1,
 * campaign 1) are the ones those objects get.
 */

export type Json = Record<string, unknown>;

/** The documentation's add-link request body (POST /api/url/add). */
export const ADD_LINK_EXAMPLE = {
  url: 'https://google.com',
  status: 'private',
  custom: 'google',
  password: 'mypass',
  expiry: '2020-11-11 12:00:00',
  type: 'splash',
  metatitle: 'Not Google',
  metadescription: 'Not Google description',
  metaimage: 'https://www.mozilla.org/media/protocol/img/logos/firefox/browser/og.4ad05d4125a5.png',
  description: 'For facebook',
  pixels: [1, 2, 3, 4],
  channel: 1,
  campaign: 1,
  deeplink: {
    auto: true,
    apple: 'https://apps.apple.com/us/app/google/id284815942',
    google:
      'https://play.google.com/store/apps/details?id=com.google.android.googlequicksearchbox&hl=en_CA&gl=US',
  },
  geotarget: [
    { location: 'Canada', link: 'https://google.ca' },
    { location: 'United States', link: 'https://google.us' },
  ],
  devicetarget: [
    { device: 'iPhone', link: 'https://google.com' },
    { device: 'Android', link: 'https://google.com' },
  ],
  languagetarget: [
    { language: 'en', link: 'https://google.com' },
    { language: 'fr', link: 'https://google.ca' },
  ],
  parameters: [
    { name: 'aff', value: '3' },
    { device: 'gtm_source', link: 'api' },
  ],
} as const;

/** The update-link body: the add example's fields valid for update (no status, note or auto). */
export const UPDATE_LINK_EXAMPLE = {
  url: 'https://google.com',
  custom: 'google',
  password: 'mypass',
  expiry: '2020-11-11 12:00:00',
  type: 'splash',
  metatitle: 'Not Google',
  metadescription: 'Not Google description',
  metaimage: ADD_LINK_EXAMPLE.metaimage,
  pixels: [1, 2, 3, 4],
  channel: 1,
  campaign: 1,
  deeplink: { apple: ADD_LINK_EXAMPLE.deeplink.apple, google: ADD_LINK_EXAMPLE.deeplink.google },
  geotarget: ADD_LINK_EXAMPLE.geotarget,
  devicetarget: ADD_LINK_EXAMPLE.devicetarget,
  languagetarget: ADD_LINK_EXAMPLE.languagetarget,
  parameters: ADD_LINK_EXAMPLE.parameters,
} as const;

/** One documented request: what is sent, with `:id`-style path parameters still in the path. */
export interface SpecExample {
  /** The spec's section and the operation, for messages. */
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The path as the spec writes it, with its documented query, e.g. `/api/urls?limit=2&page=1&order=date`. */
  path: string;
  body?: Json;
}

/**
 * Every endpoint of the spec, in an order in which each finds what it refers to: the account,
 * then the objects a link names (four pixels, a channel, a campaign), a branded domain, the link,
 * the reads, the updates and assignments, and the deletes last. `:link` is the link the add example
 * made, `:short` its short URL (URL-encoded).
 */
export const SPEC_EXAMPLES: readonly SpecExample[] = [
  { name: 'Account: read', method: 'GET', path: '/api/account' },
  {
    name: 'Account: update',
    method: 'PUT',
    path: '/api/account/update',
    body: { email: 'newemail@google.com', password: 'newpassword' },
  },
  ...[1, 2, 3, 4].map(
    (n): SpecExample => ({
      name: `Pixels: add (${n} of the 4 the add-link example names)`,
      method: 'POST',
      path: '/api/pixel/add',
      body: { type: 'gtmpixel', name: 'My GTM', tag: 'GTM-ABCDE' },
    }),
  ),
  {
    name: 'Channels: add',
    method: 'POST',
    path: '/api/channel/add',
    body: { name: 'New Channel', description: 'my new channel', color: '#000000', starred: true },
  },
  {
    name: 'Campaigns: add',
    method: 'POST',
    path: '/api/campaign/add',
    body: { name: 'New Campaign', slug: 'new-campaign', public: true },
  },
  {
    name: 'Domains: add',
    method: 'POST',
    path: '/api/domain/add',
    body: {
      domain: 'https://domain1.com',
      redirectroot: 'https://rootdomain.com',
      redirect404: 'https://rootdomain.com/404',
    },
  },
  { name: 'Links: add', method: 'POST', path: '/api/url/add', body: ADD_LINK_EXAMPLE },
  { name: 'Links: list', method: 'GET', path: '/api/urls?limit=2&page=1&order=date' },
  { name: 'Links: search by keyword', method: 'GET', path: '/api/urls?q=google' },
  { name: 'Links: find by short URL', method: 'GET', path: '/api/urls?short=:short' },
  { name: 'Links: read one', method: 'GET', path: '/api/url/:link' },
  { name: 'Links: update', method: 'PUT', path: '/api/url/:link/update', body: UPDATE_LINK_EXAMPLE },
  { name: 'Channels: list', method: 'GET', path: '/api/channels?limit=2&page=1' },
  { name: 'Channels: assign a link', method: 'POST', path: '/api/channel/1/assign/links/:link' },
  { name: 'Channels: list items', method: 'GET', path: '/api/channel/1?limit=1&page=1' },
  {
    name: 'Channels: update',
    method: 'PUT',
    path: '/api/channel/1/update',
    body: {
      name: 'Acme Corp',
      description: 'channel for items for Acme Corp',
      color: '#FFFFFF',
      starred: false,
    },
  },
  { name: 'Campaigns: list', method: 'GET', path: '/api/campaigns?limit=2&page=1' },
  { name: 'Campaigns: assign a link', method: 'POST', path: '/api/campaign/1/assign/:link' },
  {
    name: 'Campaigns: update',
    method: 'PUT',
    path: '/api/campaign/1/update',
    body: { name: 'Twitter Campaign', slug: 'twitter-campaign', public: true },
  },
  { name: 'Domains: list', method: 'GET', path: '/api/domains?limit=2&page=1' },
  {
    name: 'Domains: update',
    method: 'PUT',
    path: '/api/domain/1/update',
    body: { redirectroot: 'https://rootdomain-new.com', redirect404: 'https://rootdomain-new.com/404' },
  },
  { name: 'Pixels: list', method: 'GET', path: '/api/pixels?limit=2&page=1' },
  { name: 'Overlays: list', method: 'GET', path: '/api/overlay?limit=2&page=1' },
  { name: 'Splash pages: list', method: 'GET', path: '/api/splash?limit=2&page=1' },
  { name: 'Links: delete', method: 'DELETE', path: '/api/url/:link/delete' },
  { name: 'Channels: delete', method: 'DELETE', path: '/api/channel/1/delete' },
  { name: 'Campaigns: delete', method: 'DELETE', path: '/api/campaign/1/delete' },
  { name: 'Domains: delete', method: 'DELETE', path: '/api/domain/1/delete' },
];

/** The spec's endpoints as `METHOD /path` (path parameters as `:x`), to check none is missing. */
export const SPEC_ENDPOINTS: readonly string[] = [
  'GET /api/urls',
  'GET /api/url/:id',
  'POST /api/url/add',
  'PUT /api/url/:id/update',
  'DELETE /api/url/:id/delete',
  'GET /api/account',
  'PUT /api/account/update',
  'GET /api/channels',
  'GET /api/channel/:id',
  'POST /api/channel/add',
  'POST /api/channel/:channelid/assign/:type/:itemid',
  'PUT /api/channel/:id/update',
  'DELETE /api/channel/:id/delete',
  'GET /api/domains',
  'POST /api/domain/add',
  'PUT /api/domain/:id/update',
  'DELETE /api/domain/:id/delete',
  'GET /api/campaigns',
  'POST /api/campaign/add',
  'POST /api/campaign/:campaignid/assign/:linkid',
  'PUT /api/campaign/:id/update',
  'DELETE /api/campaign/:id/delete',
  'GET /api/pixels',
  'POST /api/pixel/add',
  'GET /api/overlay',
  'GET /api/splash',
];
